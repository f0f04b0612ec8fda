"""Japanese words are never broken inside, and "20-20" never at its hyphen (issue 26).

The pages the issue names (the side-pot feedback, the Teen Patti round and rule page, the
rankings chart), at a phone's and a desktop's width, in Japanese; the Teen Patti pages in
Czech. For every occurrence of a watched word in the visible text of ``main`` (found
across text nodes, so a ``<wbr>`` or an element inside a word cannot hide it), the boxes
of its characters (a Range's client rects) must all sit on one line."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from .pages import FIRST_LOAD_MS, answer_drill, deal_teenpatti

pytestmark = pytest.mark.browser

#: Per occurrence of a watched word (given, or a katakana run of four or more): the word,
#: and whether its characters' boxes fall on more than one line.
SPLIT_WORDS = r"""(words) => {
  const blockOf = (node) => {
    let e = node.parentElement;
    while (e && getComputedStyle(e).display.startsWith('inline')) e = e.parentElement;
    return e;
  };
  const runs = [];
  const walker = document.createTreeWalker(document.querySelector('main'), NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(), run = null; n; n = walker.nextNode()) {
    const block = blockOf(n);
    if (!run || run.block !== block) { run = {block, nodes: [], text: ''}; runs.push(run); }
    run.nodes.push([n, run.text.length]);
    run.text += n.data;
  }
  const at = (run, i) => {
    for (let k = run.nodes.length - 1; k >= 0; k--) {
      const [node, start] = run.nodes[k];
      if (start <= i) return [node, i - start];
    }
  };
  const seen = [];
  for (const run of runs) {
    const found = [...run.text.matchAll(/[\u30a0-\u30ff]{4,}/g)].map((m) => [m.index, m[0]]);
    for (const word of words) {
      for (let i = run.text.indexOf(word); i !== -1; i = run.text.indexOf(word, i + 1)) found.push([i, word]);
    }
    for (const [i, word] of found) {
      const range = document.createRange();
      const [startNode, startOffset] = at(run, i);
      const [endNode, endOffset] = at(run, i + word.length - 1);
      range.setStart(startNode, startOffset);
      range.setEnd(endNode, endOffset + 1);
      const boxes = [...range.getClientRects()].filter((r) => r.width > 0 && r.height > 0);
      if (!boxes.length) continue;  // not shown
      const split = boxes.some((a) => boxes.some((b) => b.top >= a.bottom - 1));
      seen.push([word, split]);
    }
  }
  return seen;
}"""

SIZES = [(360, 740), (1280, 800)]


def _side_pots_feedback(page: Any, lang: str) -> None:
    answer_drill("side-pots")(page, None, lang)  # type: ignore[arg-type]


#: (address, steps after loading, the words that must be on it)
STATES: dict[str, tuple[str, Callable[[Any, str], None] | None, tuple[str, ...]]] = {
    "side-pots-feedback": (
        "/{lang}/drills/side-pots/?level=hard&seed=7",
        _side_pots_feedback,
        ("メインポット",),
    ),
    "hand-rankings": ("/{lang}/rules/hand-rankings/", None, ("ロイヤルストレートフラッシュ",)),
    "teenpatti-round": (
        "/{lang}/drills/teenpatti-round/",
        lambda page, lang: deal_teenpatti(page, None, lang),  # type: ignore[arg-type]
        (),
    ),
    "teenpatti-rules": ("/{lang}/rules/teen-patti-20-20/", None, ("20-20",)),
}
CASES = [("ja", state) for state in STATES] + [
    ("cs", "teenpatti-round"),
    ("cs", "teenpatti-rules"),
]


@pytest.mark.parametrize("size", SIZES, ids=["phone", "desktop"])
@pytest.mark.parametrize(("lang", "state"), CASES, ids=[f"{lang}-{s}" for lang, s in CASES])
def test_words_are_not_broken_inside(
    new_tab: Callable[..., Any],
    site: Callable[[str], str],
    lang: str,
    state: str,
    size: tuple[int, int],
) -> None:
    path, steps, required = STATES[state]
    page = new_tab(width=size[0], height=size[1])
    page.goto(site(path.format(lang=lang)), timeout=FIRST_LOAD_MS)
    if steps is not None:
        steps(page, lang)
    seen = page.evaluate(SPLIT_WORDS, ["メインポット", "ロイヤルストレートフラッシュ", "20-20"])
    for word in required:
        assert word in {w for w, _split in seen}, f"{word} is not on the page: nothing was checked"
    broken = sorted({word for word, split in seen if split})
    assert not broken, f"broken across lines at {size[0]} px: {broken}"


#: The space between the end of each "best five" label and the colon after it, in px.
COLON_GAPS = r"""() => [...document.querySelectorAll('.best-five')].map((row) => {
  const label = row.querySelector('.muted');
  const text = label.nextSibling;
  const range = document.createRange();
  const at = text.data.search(/[:：]/);
  range.setStart(text, at);
  range.setEnd(text, at + 1);
  return range.getBoundingClientRect().left - label.getBoundingClientRect().right;
})"""


@pytest.mark.parametrize("lang", ["en", "ja", "cs"])
def test_the_best_five_label_has_its_colon_right_after_it(
    new_tab: Callable[..., Any], site: Callable[[str], str], lang: str
) -> None:
    """Regression (issue 23): "best five :" — the row's flex gap sat between the label and
    its colon; the language's own pattern puts none there (Japanese: a full-width ：)."""
    page = new_tab(width=1280, height=800)
    page.goto(site(f"/{lang}/drills/holdem-showdown/?level=hard&seed=7"), timeout=FIRST_LOAD_MS)
    answer_drill("holdem-showdown")(page, None, lang)  # type: ignore[arg-type]
    gaps = page.evaluate(COLON_GAPS)
    assert gaps and all(abs(gap) < 1 for gap in gaps), gaps
