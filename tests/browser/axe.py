"""The axe-core audit of a page, for the page sweep (``test_layout_shots.py``) and the
audits of ``test_accessibility.py``: no violation at all, of any impact, of the WCAG 2.x
A and AA rules axe checks (``wcag2a``, ``wcag2aa``, ``wcag21a``, ``wcag21aa``,
``wcag22aa``) or of its best practices (``SERIOUS`` picks the serious and critical ones,
for the audit's own test).

axe-core comes with ``axe-playwright-python`` (its ``axe.min.js`` is in the package), run
in the page through Playwright: nothing is fetched.
"""

from __future__ import annotations

from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Error, Page

AXE = Axe()
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"]
SERIOUS = frozenset({"serious", "critical"})

#: The rules that judge colours (text against its background, a link against the text
#: around it): the stylesheet's, the same in every language, and the slowest of the audit
#: (on a rule page, more than half of its time).
COLOUR_RULES = ("color-contrast", "link-in-text-block")


#: The rules that read a page's words or its language, or that depend on how long its
#: text runs: every accessible name (links, buttons, fields, images, landmarks, dialogs,
#: tables), the title, empty headings and table headers, the page's and the parts'
#: ``lang``, a region that overflows and must take the focus. None of axe's experimental
#: rules (``label-content-name-mismatch`` is one), which the tags leave out too.
#: What a translation can break. The other rules judge the markup's structure (roles,
#: ARIA attributes, landmarks' nesting, lists, heading order, targets' sizes), which the
#: templates make alike in every language; the page sweep runs those in one language a
#: page type (``test_layout_shots.py``), these in all five.
WORD_RULES = (
    "area-alt",
    "aria-command-name",
    "aria-dialog-name",
    "aria-input-field-name",
    "aria-meter-name",
    "aria-progressbar-name",
    "aria-toggle-field-name",
    "aria-tooltip-name",
    "aria-treeitem-name",
    "button-name",
    "document-title",
    "empty-heading",
    "empty-table-header",
    "frame-title",
    "frame-title-unique",
    "html-has-lang",
    "html-lang-valid",
    "html-xml-lang-mismatch",
    "image-alt",
    "image-redundant-alt",
    "input-button-name",
    "input-image-alt",
    "label",
    "label-title-only",
    "landmark-unique",
    "link-name",
    "object-alt",
    "role-img-alt",
    "scrollable-region-focusable",
    "select-name",
    "summary-name",
    "svg-img-alt",
    "table-duplicate-name",
    "valid-lang",
)


def violations(
    page: Page,
    impacts: frozenset[str] | None = None,
    *,
    colours: bool = True,
    rules: tuple[str, ...] | None = None,
) -> list[str]:
    """Each axe violation as one readable line (rule, impact, the first elements); only
    those of the given ``impacts`` when they are given; without :data:`COLOUR_RULES` when
    ``colours`` is false; only the given ``rules`` (ids) when they are given."""
    # Violations only: the passes' details of a long rule page took 15 s more to collect.
    options: dict[str, object] = {
        "runOnly": {"type": "tag", "values": TAGS}
        if rules is None
        else {"type": "rule", "values": list(rules)},
        "resultTypes": ["violations"],
    }
    if not colours and rules is None:
        options["rules"] = {rule: {"enabled": False} for rule in COLOUR_RULES}
    page.wait_for_load_state()
    _settled(page)
    try:
        results = AXE.run(page, options=options)
    except Error as error:
        # A click on a form's button returns once the navigation has begun; under load
        # axe can start on the old document as it is torn down (its ``document`` is then
        # null, or the context is destroyed). Audit the page that arrives instead.
        if not _torn_down(error):
            raise
        page.wait_for_load_state()
        results = AXE.run(page, options=options)
    return [
        f"{v['id']} ({v['impact']}): {v['help']} at {[n['target'] for n in v['nodes'][:3]]}"
        for v in results.response["violations"]
        if impacts is None or v["impact"] in impacts
    ]


#: Resolves once no htmx request is in flight and two frames have been drawn: a swap has
#: settled and the ResizeObservers it woke (``site.js`` makes a scrolling table's box a
#: tab stop from one) have run. Nothing a person could press a key within.
SETTLED = """
() => new Promise((done) => {
  const frames = () => requestAnimationFrame(() => requestAnimationFrame(done));
  const wait = (left) => (document.querySelector(".htmx-request") && left > 0
    ? setTimeout(() => wait(left - 1), 50) : frames());
  wait(100);
})
"""


def _settled(page: Page) -> None:
    """Wait for :data:`SETTLED`; a page being replaced meanwhile is audited as it comes."""
    try:
        page.evaluate(SETTLED)
    except Error as error:
        if not _torn_down(error):
            raise
        page.wait_for_load_state()


def _torn_down(error: Error) -> bool:
    """Whether axe failed because the page it ran in was being replaced."""
    text = str(error)
    return "reading 'documentElement'" in text or "context was destroyed" in text
