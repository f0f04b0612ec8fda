"""One measured visit and one measured answer, read inside the page.

Times come from the page's own clock (``performance``), so Playwright's round trips to
the browser are not in them: first contentful paint is the paint timing entry, relative to
the start of the navigation; an answer's round trip runs from the click event (captured
before any handler) to two animation frames after the feedback was put into the page (the
first frame paints it; the second starts once that paint is done).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from playwright.sync_api import Page

#: The first contentful paint (ms from navigation start), or null after 20 s without one.
FCP_SCRIPT = """() => new Promise((resolve) => {
  const entry = () => performance.getEntriesByName('first-contentful-paint')[0];
  if (entry()) { resolve(entry().startTime); return; }
  new PerformanceObserver(() => { if (entry()) resolve(entry().startTime); })
    .observe({type: 'paint', buffered: true});
  setTimeout(() => resolve(entry() ? entry().startTime : null), 20000);
})"""

#: Bytes over the network for the page and everything it loaded (0 for a cached file),
#: the HTML's size as sent and as read, how many files were fetched from the network, the
#: wait for the HTML's first byte (latency and server) and when its last byte was read.
BYTES_SCRIPT = """() => {
  const page = performance.getEntriesByType('navigation')[0];
  const files = performance.getEntriesByType('resource');
  return {
    transferred: page.transferSize + files.reduce((sum, f) => sum + f.transferSize, 0),
    html_sent: page.encodedBodySize,
    html: page.decodedBodySize,
    fetched: 1 + files.filter((f) => f.transferSize > 0).length,
    files: 1 + files.length,
    wait_ms: page.responseStart - page.requestStart,
    html_ms: page.responseEnd,
  };
}"""

#: Watch for the answer: the click's time, then the first change inside ``#feedback``
#: after it, then two animation frames. Leaves ``window.__paintAnswer`` for the caller.
WATCH_SCRIPT = """([button, feedback]) => {
  const state = window.__paintAnswer = {start: null, end: null};
  document.querySelector(button).addEventListener(
    'click', () => { state.start = performance.now(); }, {capture: true, once: true});
  const observer = new MutationObserver((changes) => {
    if (state.start === null) return;
    const box = document.querySelector(feedback);
    if (!box || !changes.some((c) => box === c.target || box.contains(c.target))) return;
    observer.disconnect();
    requestAnimationFrame(() => requestAnimationFrame(() => {
      state.end = performance.now();
      const sent = performance.getEntriesByType('resource')
        .filter((r) => r.initiatorType === 'xmlhttprequest' && r.startTime >= state.start);
      state.request = sent.length ? sent[0].responseEnd - sent[0].startTime : null;
      state.wait = sent.length ? sent[0].responseStart - sent[0].requestStart : null;
    }));
  });
  observer.observe(document.body, {childList: true, subtree: true, characterData: true});
}"""


@dataclass(frozen=True)
class Visit:
    fcp_ms: float | None
    transferred: int  # bytes
    html_sent: int
    html: int
    fetched: int  # files that came over the network
    files: int
    wait_ms: float  # request sent to the HTML's first byte
    html_ms: float  # navigation start to the HTML's last byte

    @classmethod
    def read(cls, page: Page) -> Visit:
        fcp = page.evaluate(FCP_SCRIPT)
        figures: dict[str, Any] = page.evaluate(BYTES_SCRIPT)
        return cls(fcp_ms=None if fcp is None else float(fcp), **figures)


def visit(page: Page, url: str, timeout_ms: float) -> Visit:
    """Load ``url`` (a new navigation, even when it is the page already shown) until its
    ``load`` event, and read the figures."""
    response = page.goto(url, wait_until="load", timeout=timeout_ms)
    if response is None or response.status >= 400:
        status = "no reply" if response is None else f"HTTP {response.status}"
        raise RuntimeError(f"{url}: {status}")
    return Visit.read(page)


@dataclass(frozen=True)
class RoundTrip:
    total_ms: float  # click to feedback painted
    request_ms: float | None  # the htmx request, first byte sent to last byte read
    wait_ms: float | None  # request sent to the reply's first byte (latency + server)


def answer_round_trip(page: Page, button: str, feedback: str, timeout_ms: float) -> RoundTrip:
    """Click ``button`` (the form is filled in already) and time it until the feedback is
    painted in ``feedback``; the request's own share from its resource timing entry."""
    page.evaluate(WATCH_SCRIPT, [button, feedback])
    page.locator(button).first.click(timeout=timeout_ms)
    page.wait_for_function("() => window.__paintAnswer.end !== null", timeout=timeout_ms)
    state: dict[str, Any] = page.evaluate("() => window.__paintAnswer")
    return RoundTrip(state["end"] - state["start"], state["request"], state["wait"])
