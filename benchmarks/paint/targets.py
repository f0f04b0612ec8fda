"""Which pages are measured: the browser tests' list of every page type
(``tests/browser/pages.py``), so that a new page type is measured once it is listed there.

Every address is measured once (a drill's "answered" state is the same address as its
question, where the answer's round trip is measured instead). Two states are reached by
steps that change the address: a student who joined a quiz (its question, where the
answer's round trip is measured too) and one who answered it (the end); the steps run
first, unmeasured, and the page they end on is the one measured.

Needs Django set up on the benchmark's database (``make_world`` writes rows there).
"""

from __future__ import annotations

import fnmatch
import itertools
from collections.abc import Callable
from dataclasses import dataclass

from playwright.sync_api import Page

from tests.browser import pages
from tests.browser.pages import PAGE_TYPES, World
from tutor.drills.registry import DRILLS, QuestionDrill

FEEDBACK = "#feedback"  # where a drill's answer is put (hx-target of the answer form)
STAGE = "#stage"  # where a quiz's answer is put
_nicknames = itertools.count(1)


@dataclass(frozen=True)
class Target:
    """One measured page: ``path`` (with ``{lang}`` and :class:`World` fields), steps
    taken before it (its address is then where they end), and how to answer it."""

    name: str
    path: str
    teacher: bool = False
    before: Callable[[Page, World, str], None] | None = None
    answer: Callable[[Page, World, str], None] | None = None  # fills the form in
    feedback: str = FEEDBACK


def join(page: Page, world: World, lang: str) -> None:
    """Join the one-question homework with a new nickname (one per join: a nickname is
    taken once per session)."""
    page.fill("input[name=nickname]", f"Paint {lang} {next(_nicknames)}")
    pages.send(page, page.locator("form.join-form button[type=submit]"))
    page.locator("form.answer-form").wait_for()


def fill_quiz(page: Page, world: World, lang: str) -> None:
    pages.fill(page.locator("form.answer-form"), world.answer)


def join_and_answer(page: Page, world: World, lang: str) -> None:
    """Join, answer, and load the quiz's page again: the end of the quiz."""
    join(page, world, lang)
    fill_quiz(page, world, lang)
    pages.send(page, page.locator(pages.ANSWER_BUTTON))


def fill_drill(slug: str) -> Callable[[Page, World, str], None]:
    """Fill in the engine's right answer to the drill's question (seed and level of the
    browser tests' list)."""
    drill = DRILLS[slug]
    assert isinstance(drill, QuestionDrill)

    def steps(page: Page, world: World, lang: str) -> None:
        key = drill.right_answer(drill.generate(pages.SEED, pages.LEVEL))
        pages.fill(page.locator("form.answer-form"), key)

    return steps


SPECIAL = {
    "quiz-question": Target(
        "quiz-question",
        pages.BY_NAME["quiz-question"].path,
        before=join,
        answer=fill_quiz,
        feedback=STAGE,
    ),
    "quiz-end": Target("quiz-end", pages.BY_NAME["quiz-end"].path, before=join_and_answer),
}


def all_targets() -> list[Target]:
    """Every page type that answers 200, each address once, in the list's order."""
    found: list[Target] = []
    seen: set[tuple[str, bool]] = set()
    for kind in PAGE_TYPES:
        if kind.name in SPECIAL:
            found.append(SPECIAL[kind.name])
            continue
        if kind.status != 200 or (kind.path, kind.teacher) in seen:
            continue
        seen.add((kind.path, kind.teacher))
        slug = kind.name.removesuffix("-question")
        answer = fill_drill(slug) if isinstance(DRILLS.get(slug), QuestionDrill) else None
        name = kind.name if kind.steps is None or answer else kind.path.split("/")[-2]
        found.append(Target(name, kind.path, kind.teacher, answer=answer))
    return found


def select(patterns: list[str], limit: int | None) -> list[Target]:
    """The targets whose name matches one of ``patterns`` (shell patterns; none: all),
    at most ``limit`` of them."""
    chosen = [
        target
        for target in all_targets()
        if not patterns or any(fnmatch.fnmatch(target.name, p) for p in patterns)
    ]
    return chosen[:limit] if limit else chosen
