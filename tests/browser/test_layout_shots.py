"""The page sweep: every state of every page type (``pages.py``) reached once per language
and looked at in every way at once. Screenshots at 360×740 and 1280×800 in the five
languages, each failing on what a learner would see as broken:

(a) the page scrolls sideways (the document is wider than the window);
(b) text overflows its container: an element in ``main`` with text whose content is wider
    than its box while its ``overflow-x`` is ``visible``, or whose right edge passes its
    nearest block ancestor's by more than 1 px (elements inside something that scrolls
    on purpose, such as ``.table-scroll``, and the visually hidden ones are left out);
(c) the table component (``figure.poker-table``) draws two seats, or two cards, over each
    other (but for the two hole cards of one seat, fanned on purpose), or a seat or a card
    outside the table;
(d) in Bengali, Hindi, Japanese and Czech, at the last size, what the rendered-text guard
    (``tutor/translations/rendered.py``) finds in the visible text: card codes, Latin
    words outside the language's allow-list, English words in Czech, ASCII brackets,
    commas, colons or "·" inside Japanese, a Czech one-letter word before a plain space;
(e) an axe-core audit (``axe.py``), at one of the two sizes a language (360 px for English,
    Hindi and Czech, 1280 px for Bengali and Japanese): no violation at all, of any
    impact, on every page type (each drill's question and feedback included). Its rules
    that read the words (``WORD_RULES``: every accessible name, the title, empty
    headings, the label in a control's name, ``lang``, a region that overflows) run in
    all five languages; the rest judge the markup's structure and the stylesheet, the
    same in every language, and run in one language a page type, the five in turn down
    the list (with the two colour rules, ``COLOUR_RULES``, the slowest: text against its
    background, a link against its sentence). On the rule pages and the glossary, whose
    markup is each language's own (built from its source document), every rule runs in
    every language.

Each state is reached once a language (in a fresh browser context: its own session) and
looked at in both sizes by resizing the window, so a state behind a form (a drill's
feedback, a hand played out) costs its requests once. One test per page type: a failure
lists every language and size that broke, with the elements (tag, classes, text).

The screenshots (full page, PNG) are for people: they are taken only when ``$SHOTS_DIR``
is set, into it, named ``<page type>-<language>-<width>.png`` (``SHOTS_DIR=/tmp/shots make
test PYTEST_ARGS=tests/browser/test_layout_shots.py``). No check reads them: every check
above runs on the page itself, so without ``$SHOTS_DIR`` (CI, ``make test``) the sweep
checks the same and skips Chromium's PNG encoding, a fifth of its time.
Every page type is done in all five languages at both sizes (no subset): 74 page types ×
5 languages × 2 sizes = 740 checked states and 370 audits (74 of them with every rule).
On a 2-core AMD EPYC the page types' tests took 1,266 s within ``make test`` (the time
summed over both workers, 2 December 2026) with a screenshot of every state and the
colour rules in every audit; the audits were about two thirds of it. On a 2-core Intel
Xeon, 3 December 2026, the words' rules alone took 0.24-0.56 s an audit where the rules
without the colours took 0.41-1.19 s (a drill, the courses, a rule page). On that Xeon
in CI on a fresh clone, the sweep took 700 s of ``make test``'s worker time (summed over
both workers), then 398 s once a drill's answer was filled in one evaluation and each
state resized once (3 December 2026).
"""

from __future__ import annotations

import base64
import os
import re
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page

from tests.conftest import TRANSLATED
from tutor.translations.rendered import PAGE_TEXT_JS, check, without

from .axe import WORD_RULES, violations
from .pages import LANGUAGES, PAGE_TYPES, PageType, World, make_world, open_state, teacher_cookies
from .plugin import TIMEOUT_MS

pytestmark = pytest.mark.browser

SIZES = ((360, 740), (1280, 800))

#: The three checks, run in the page; each problem is one readable line.
LAYOUT_PROBLEMS = r"""
() => {
  const problems = [];
  const describe = (e) => {
    const cls = [...e.classList].slice(0, 3).map((c) => "." + c).join("");
    const text = (e.textContent || "").replace(/\s+/g, " ").trim().slice(0, 40);
    return `<${e.tagName.toLowerCase()}${cls}> "${text}"`;
  };
  const box = (e) => e.getBoundingClientRect();
  const shown = (e) => {
    const style = getComputedStyle(e);
    const r = box(e);
    return style.visibility === "visible" && style.display !== "none" && r.width > 0 && r.height > 0;
  };
  const inScroller = new Map();  // element -> whether an ancestor scrolls sideways
  const scrollsOnPurpose = (e) => {
    const a = e.parentElement;
    if (!a || a === document.body) return false;
    if (!inScroller.has(a)) {
      const x = getComputedStyle(a).overflowX;
      inScroller.set(a, x === "auto" || x === "scroll" || scrollsOnPurpose(a));
    }
    return inScroller.get(a);
  };
  const ownText = (e) =>
    [...e.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent.trim());
  const blockAncestor = (e) => {
    for (let a = e.parentElement; a; a = a.parentElement) {
      const d = getComputedStyle(a).display;
      if (d !== "inline" && d !== "contents") return a;
    }
    return null;
  };

  // (a) the page scrolls sideways
  const doc = document.documentElement;
  if (doc.scrollWidth > doc.clientWidth) {
    const wide = [...document.querySelectorAll("body *")]
      .map((e) => [e, getComputedStyle(e).overflowX === "visible"
        ? Math.max(box(e).right, box(e).left + e.scrollWidth) : box(e).right])
      // A scroller clips what it holds, except what is positioned out of it (a visually
      // hidden label inside a scrolling table can widen the page).
      .filter(([e, right]) => right > doc.clientWidth + 1 &&
        (!scrollsOnPurpose(e) || ["absolute", "fixed"].includes(getComputedStyle(e).position)));
    const innermost = wide.filter(([e]) => !wide.some(([other]) => other !== e && e.contains(other)))
      .slice(0, 3).map(([e, right]) => `${describe(e)} reaches ${Math.round(right)}px`);
    problems.push(`page ${doc.scrollWidth}px wide in a ${doc.clientWidth}px window: ${innermost.join("; ")}`);
  }

  // (b) text overflowing its container
  const skip = new Set(["INPUT", "SELECT", "TEXTAREA", "OPTION", "SCRIPT", "STYLE", "BR", "TEMPLATE"]);
  const found = [];
  for (const e of document.querySelectorAll("main *")) {
    if (!(e instanceof HTMLElement) || skip.has(e.tagName)) continue;
    if (e.closest(".visually-hidden, .skip-link") || !shown(e) || scrollsOnPurpose(e)) continue;
    const style = getComputedStyle(e);
    if (style.display !== "inline" && style.overflowX === "visible" && e.textContent.trim()
        && e.scrollWidth > e.clientWidth + 1) {
      found.push([e, `${describe(e)} content ${e.scrollWidth}px wide in a ${e.clientWidth}px box`]);
      continue;
    }
    const parent = ownText(e) && blockAncestor(e);
    if (parent && box(e).right > box(parent).right + 1) {
      const by = Math.round(box(e).right - box(parent).right);
      found.push([e, `${describe(e)} sticks out of ${describe(parent)} by ${by}px`]);
    }
  }
  // The innermost culprit only: a box overflows because of what overflows inside it.
  for (const [e, line] of found) {
    if (!found.some(([other]) => other !== e && e.contains(other))) problems.push(line);
  }

  // (c) the table component: seats and cards apart, and inside the table
  const overlap = (a, b) =>
    Math.min(a.right, b.right) - Math.max(a.left, b.left) > 1 &&
    Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 1;
  for (const table of document.querySelectorAll(".poker-table")) {
    if (!shown(table)) continue;
    const t = box(table);
    const drawn = (selector) => [...table.querySelectorAll(selector)]
      .filter((e) => shown(e) && !e.closest(".poker-table__list, .visually-hidden"));
    const where = (e) => {
      const seat = e.parentElement.closest(".poker-table__seat");
      return seat ? ` in ${describe(seat)}` : ` at x=${Math.round(box(e).left)} y=${Math.round(box(e).top)}`;
    };
    for (const selector of [".poker-table__seat", ".card"]) {
      const items = drawn(selector);
      items.forEach((a, i) => {
        const r = box(a);
        if (r.left < t.left - 1 || r.right > t.right + 1 || r.top < t.top - 1 || r.bottom > t.bottom + 1) {
          problems.push(`${describe(a)} outside the table`);
        }
        for (const b of items.slice(i + 1)) {
          // A seat's face-down hole cards are fanned on purpose: one hand, drawn overlapping.
          const hole = a.closest(".poker-table__hole");
          if (hole && hole === b.closest(".poker-table__hole")) continue;
          if (overlap(r, box(b))) problems.push(`${describe(a)} overlaps ${describe(b)}${where(a)}`);
        }
      });
    }
  }
  return problems;
}
"""


def layout_problems(page: Page) -> list[str]:
    return page.evaluate(LAYOUT_PROBLEMS)  # type: ignore[no-any-return]


def shots_folder() -> Path | None:
    """``$SHOTS_DIR`` (made if missing), where the browser tests put their screenshots for
    people to look at; None when it is not set, and then no screenshot is taken."""
    named = os.environ.get("SHOTS_DIR")
    if not named:
        return None
    path = Path(named)
    path.mkdir(parents=True, exist_ok=True)
    return path


def screenshot(page: Page, folder: Path | None, name: str) -> None:
    """The whole page as a PNG named ``name`` in ``folder``; nothing when ``folder`` is None.
    Chromium's own capture, told to encode for speed: half the time of Playwright's
    ``full_page`` screenshot, which matters on 30,000 px rule pages."""
    if folder is None:
        return
    path = folder / name
    cdp = page.context.new_cdp_session(page)
    size = page.evaluate(
        "[document.documentElement.scrollWidth, document.documentElement.scrollHeight]"
    )
    shot = cdp.send(
        "Page.captureScreenshot",
        {
            "format": "png",
            "captureBeyondViewport": True,
            "optimizeForSpeed": True,
            "clip": {"x": 0, "y": 0, "width": size[0], "height": size[1], "scale": 1},
        },
    )
    cdp.detach()
    path.write_bytes(base64.b64decode(shot["data"]))


@pytest.fixture(scope="module")
def shots() -> Path | None:
    """Where the screenshots go: ``$SHOTS_DIR``, else nowhere (none are taken)."""
    return shots_folder()


@pytest.fixture(scope="module")
def windows(chromium: Browser) -> Iterator[dict[str, Page]]:
    """One page a language, kept for the whole module (the stylesheets and scripts stay
    in its cache); each test starts it with no cookies, so with a new session."""
    contexts = [chromium.new_context(viewport={"width": 1280, "height": 800}) for _ in LANGUAGES]
    for context in contexts:
        context.set_default_timeout(TIMEOUT_MS)
    yield {lang: context.new_page() for lang, context in zip(LANGUAGES, contexts, strict=True)}
    for context in contexts:
        context.close()


#: The page types whose markup differs by language: the rule pages and the glossary, each
#: built from that language's own source document, not from one template.
OWN_MARKUP = {"rule-texas-holdem", "rule-teen-patti-20-20", "glossary"}


def colour_language(kind: PageType) -> str:
    """The language in which a page type's colours are audited: the five in turn down the
    list of page types, so each language and both sizes have their share."""
    return LANGUAGES[PAGE_TYPES.index(kind) % len(LANGUAGES)]


def look(page: Page, kind: PageType, lang: str, shots: Path | None) -> list[str]:
    """The problems of the page as it is, at each size (with a screenshot of each when
    ``shots`` names a folder), and the axe audit at the language's size (its colour rules
    in the page type's :func:`colour_language` only)."""
    failures = []
    audited = SIZES[LANGUAGES.index(lang) % len(SIZES)][0]
    colours = lang == colour_language(kind)
    # Every rule in the page type's colour language, and in every language on the pages
    # whose markup is each language's own; elsewhere the rules of the words (WORD_RULES).
    rules = None if colours or kind.name in OWN_MARKUP else WORD_RULES
    # The size the page is at first (the last state's last), so one resize a state, not two.
    viewport = page.viewport_size
    sizes = SIZES if viewport is None or viewport["width"] == SIZES[0][0] else SIZES[::-1]
    for width, height in sizes:
        if viewport is None or viewport["width"] != width:
            page.set_viewport_size({"width": width, "height": height})
        failures += [f"{lang} {width}px: {line}" for line in layout_problems(page)]
        screenshot(page, shots, f"{kind.name}-{lang}-{width}.png")
        if width == audited:
            found = violations(page, colours=colours, rules=rules)
            failures += [f"{lang} {width}px axe: {line}" for line in found]
    return failures


#: The languages whose visible text the rendered-text guard reads (at the last size only:
#: the words do not change with the width).
GUARDED = tuple(TRANSLATED)


def rendered_text_problems(page: Page, kind: PageType, lang: str) -> list[str]:
    """What ``tutor/translations/rendered.py`` finds in the page's visible text: card
    codes, stray Latin or English words, ASCII punctuation in Japanese, Czech spaces."""
    text, left_out = page.evaluate(PAGE_TEXT_JS)
    return [str(f) for f in check(lang, without(text, left_out), page=kind.name)]


@pytest.mark.parametrize("kind", PAGE_TYPES, ids=lambda kind: kind.name)
def test_page_type_fits_and_passes_axe_at_phone_and_desktop_width(
    windows: dict[str, Page], site: Callable[[str], str], shots: Path | None, kind: PageType
) -> None:
    world: World = make_world()
    failures: list[str] = []
    for lang, page in windows.items():
        page.context.clear_cookies()
        if kind.teacher:
            page.context.add_cookies(teacher_cookies(world, site("/")))
        open_state(page, site(world.format(kind.path, lang)), kind, world, lang)
        failures += look(page, kind, lang, shots)
        # Teacher pages and the students' quiz pages are left out for now: much of their
        # text is a teacher's or a student's data (quiz titles, questions, nicknames, join
        # codes) in any language, which must be marked translate="no" before the guard can
        # tell it from the interface (a known gap, in the tracker's closing note).
        # The replay's stepped hand is a pasted file's data too: its players' names and
        # its lines, quoted as written.
        students = ("quiz-question", "quiz-end", "replay-hand-showdown")
        if lang in GUARDED and not (kind.teacher or kind.name in students):
            failures += rendered_text_problems(page, kind, lang)
    assert not failures, f"{kind.name}:\n" + "\n".join(failures)


BROKEN = """<!doctype html><html lang="en"><body><main>
<p class="narrow">Averyveryveryveryverylongunbreakablewordthatcannotwrapatall</p>
<div class="row"><span class="pill">sticks out</span></div>
<div class="table-scroll"><p class="narrow">Averyveryveryveryverylongunbreakablewordinascroller</p></div>
<p class="visually-hidden">Averyveryveryveryverylongunbreakablewordthatishidden</p>
<figure class="poker-table">
  <div class="poker-table__seat seat-a">A <span class="card">K</span><span class="card card-b">Q</span></div>
  <div class="poker-table__seat seat-b">B</div>
  <div class="poker-table__seat seat-c">C</div>
</figure>
</main></body></html>"""
BROKEN_CSS = """
body { margin: 0; } .narrow { width: 100px; }
.row { width: 200px; } .pill { display: inline-block; margin-left: 150px; width: 120px; }
.table-scroll { overflow-x: auto; width: 100px; }
.visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; }
.poker-table { position: relative; width: 300px; height: 150px; margin: 0; }
.poker-table__seat { position: absolute; width: 80px; height: 60px; }
.seat-a { left: 0; top: 0; } .seat-b { left: 40px; top: 20px; } .seat-c { left: 260px; top: 100px; }
.card { display: inline-block; width: 20px; } .card-b { margin-left: -10px; }
"""


def test_the_checks_find_overflow_and_overlap(chromium: Browser) -> None:
    """The checks themselves, on a page broken on purpose: each fault is found (a seat
    outside the table twice: as a box sticking out and as a seat), and what scrolls on
    purpose or is visually hidden is left alone."""
    context = chromium.new_context(viewport={"width": 360, "height": 740})
    page = context.new_page()
    page.set_content(BROKEN)
    page.add_style_tag(content=BROKEN_CSS)
    problems = layout_problems(page)
    context.close()
    expected = [
        'page 488px wide in a 360px window: <p.narrow> "Averyvery',
        '<p.narrow> "Averyveryveryveryverylongunbreakableword" content 488px wide in a 100px box',
        '<span.pill> "sticks out" sticks out of <div.row> "sticks out" by 70px',
        '<div.poker-table__seat.seat-c> "C" sticks out of <figure.poker-table>',
        '<div.poker-table__seat.seat-c> "C" outside the table',
        '<div.poker-table__seat.seat-a> "A KQ" overlaps <div.poker-table__seat.seat-b> "B"',
        '<span.card> "K" overlaps <span.card.card-b> "Q" in <div.poker-table__seat.seat-a>',
    ]
    # Widths in pixels depend on the fonts installed (DejaVu, Noto ...): compared as "Npx".
    problems = [re.sub(r"\d+px", "Npx", line) for line in problems]
    for start in (re.sub(r"\d+px", "Npx", line) for line in expected):
        assert sum(line.startswith(start) for line in problems) == 1, (start, problems)
    assert len(problems) == len(expected), problems
