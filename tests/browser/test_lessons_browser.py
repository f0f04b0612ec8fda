"""A newcomer on a phone finishes the first unit's practice of each course, in each of the
five languages: the courses, the lesson, five questions (answered whatever way), each
verdict announced and focused, and the summary. In Hindi only the keyboard is used. Every
page kind passes axe-core. A passed check is celebrated, still under reduced motion.

(Browser tests live here, beside their Chromium fixtures; the learning path's other tests
are in ``tests/lessons/``.)
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.conf import settings
from playwright.sync_api import Locator, Page, expect

from tutor.lessons.models import Sitting
from tutor.lessons.sittings import MAX_AGAIN

from .axe import WORD_RULES
from .test_accessibility import violations
from .test_drills_browser import script_problems

pytestmark = pytest.mark.browser

LANGUAGES = [code for code, _ in settings.LANGUAGES]
KEYBOARD_ONLY = "hi"
FIRST_UNITS = ("texas-holdem/deal-and-goal", "teen-patti-20-20/the-deal")


def focused(page: Page, locator: Locator) -> bool:
    return bool(locator.evaluate("el => el === document.activeElement"))


def tab_to(page: Page, locator: Locator, limit: int = 150) -> None:
    """Press Tab until ``locator`` has the focus (as a keyboard user would reach it)."""
    for _ in range(limit):
        if focused(page, locator):
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached {locator}")


def press(page: Page, locator: Locator, key: str, keyboard: bool) -> None:
    """Activate ``locator``: by the keyboard, or by a click."""
    if keyboard:
        tab_to(page, locator)
        page.keyboard.press(key)
    else:
        locator.click()


def answer_whatever(page: Page, keyboard: bool) -> None:
    """Choose something in every group of the answer form (exactly five cards where the
    best five are asked for), as a mouse or a keyboard user."""
    form = page.locator("form.answer-form")
    names = form.locator("input[type=radio], input[type=checkbox]").evaluate_all(
        "els => [...new Set(els.map(e => e.name))]"
    )
    for name in names:
        boxes = form.locator(f'input[name="{name}"]')
        for n in range(5 if name == "five" else 1):
            press(page, boxes.nth(n), "Space", keyboard)


def practise(page: Page, keyboard: bool, audit: bool, rules: tuple[str, ...] | None = None) -> None:
    """Answer the practice's questions (five, and a missed concept asked again: at most
    ``MAX_AGAIN`` more) until its summary; the verdict is announced and focused, and "Next
    question" puts the focus on the next question's heading."""
    for number in range(1, 6 + MAX_AGAIN):
        heading = page.locator("#q-title")
        expect(heading).to_contain_text(f"{number}")
        answer_whatever(page, keyboard)
        press(page, page.locator("form.answer-form button[type=submit]"), "Enter", keyboard)
        verdict = page.locator("#fb-title")
        expect(verdict).to_be_focused()
        expect(page.locator("#announce")).not_to_be_empty()
        if audit and number == 1:
            assert violations(page, rules=rules) == [], "the verdict"
        press(page, page.locator(".next-link a"), "Enter", keyboard)
        expect(page.locator("#q-title, #summary-title")).to_be_focused()
        if page.locator("#summary-title").count():
            return
        if audit and number == 1:
            assert violations(page, rules=rules) == [], "the second question"
    raise AssertionError("the practice never ended")


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_newcomer_finishes_the_first_unit_of_each_course(
    new_tab: Callable[..., Page], site: Callable[[str], str], language: str
) -> None:
    keyboard = language == KEYBOARD_ONLY
    # Each language audits one course's pages: with every rule in the first language to
    # audit that course (English, Bengali), with the rules that read the words in the others
    # (the markup's structure and colours are alike in every language, as in the sweep).
    rules = None if LANGUAGES.index(language) < len(FIRST_UNITS) else WORD_RULES
    page = new_tab(width=360, height=740)
    page.goto(site(f"/{language}/learn/"))
    assert violations(page, rules=rules) == [], "the courses"
    for n, path in enumerate(FIRST_UNITS):
        audit = n == LANGUAGES.index(language) % 2  # each language audits one course's pages
        press(
            page, page.locator(f'main a[href="/{language}/learn/{path}/"]').first, "Enter", keyboard
        )
        expect(page.locator("article.lesson h2").first).to_be_visible()
        assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")
        if audit:
            assert violations(page, rules=rules) == [], "the lesson"
        start = page.locator("form:has(input[name=kind][value=practice]) button[type=submit]")
        press(page, start, "Enter", keyboard)
        expect(page.locator("#q-title")).to_be_visible()
        if audit:
            assert violations(page, rules=rules) == [], "the first question"
        practise(page, keyboard, audit, rules)
        summary = page.locator("#summary-title")
        expect(summary).to_be_focused()
        expect(page.locator(".summary .score")).to_be_visible()
        assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")
        if audit:
            assert violations(page, rules=rules) == [], "the summary"
        assert script_problems(page) == []  # no script error, no CSP refusal
        page.goto(site(f"/{language}/learn/"))


def test_the_learning_path_works_without_javascript(
    new_tab: Callable[..., Page], site: Callable[[str], str]
) -> None:
    """Plain forms only: the lesson, the practice's questions one by one, their verdicts
    and the summary, with scripts off (Czech)."""
    page = new_tab(width=360, height=740, java_script_enabled=False)
    page.goto(site(f"/cs/learn/{FIRST_UNITS[1]}/"))
    page.locator("form:has(input[name=kind][value=practice]) button[type=submit]").click()
    for number in range(1, 6 + MAX_AGAIN):
        expect(page.locator("#q-title")).to_contain_text(f"{number}")
        answer_whatever(page, keyboard=False)
        page.locator("form.answer-form button[type=submit]").click()
        expect(page.locator("#fb-title")).to_be_visible()
        page.locator(".next-link a").click()
        if page.locator("#summary-title").count():
            break
    expect(page.locator("#summary-title")).to_be_visible()
    expect(page.locator(".summary .score")).to_be_visible()


def test_review_times_are_shown_in_the_readers_own_zone(
    new_tab: Callable[..., Page], site: Callable[[str], str]
) -> None:
    """A learner in Tokyo reading an English page (whose guessed zone is UTC) sees the next
    review in Tokyo time, on the very first visit."""
    page = new_tab(width=360, height=740, timezone_id="Asia/Tokyo")
    page.goto(site(f"/en/learn/{FIRST_UNITS[0]}/"))
    page.locator("form:has(input[name=kind][value=practice]) button[type=submit]").click()
    answer_whatever(page, keyboard=False)
    page.locator("form.answer-form button[type=submit]").click()
    expect(page.locator("#fb-title")).to_be_visible()
    served = page.context.request.get(site("/en/learn/progress/")).text()
    page.goto(site("/en/learn/progress/"))
    time = page.locator("time[data-local]").first
    moment = time.get_attribute("datetime")
    assert moment and f'datetime="{moment}"' in served
    in_tokyo = page.evaluate(
        """at => new Intl.DateTimeFormat("en", {dateStyle: "medium", timeStyle: "short",
        timeZone: "Asia/Tokyo"}).format(new Date(at))""",
        moment,
    )
    expect(time).to_have_text(in_tokyo)
    assert in_tokyo not in served  # the server guessed UTC: the script corrected it


#: Tick or pick the stored right answer in the answer form (the celebration test).
FILL_RIGHT = """answer => {
  const form = document.querySelector("form.answer-form");
  for (const [name, values] of Object.entries(answer)) {
    for (const input of form.querySelectorAll(`[name="${name}"]`)) {
      if (input.type === "radio" || input.type === "checkbox") input.checked = values.includes(input.value);
      else input.value = values[0];
    }
  }
}"""


def burst_drawn(page: Page) -> bool:
    return (
        page.locator(".celebrate__burst").evaluate("el => getComputedStyle(el).display") != "none"
    )


def test_a_passed_check_is_celebrated_and_still_under_reduced_motion(
    new_tab: Callable[..., Page], site: Callable[[str], str]
) -> None:
    """Every answer right: the summary's burst plays, "Unit 1 passed!" is announced once,
    and axe-core finds nothing; with reduced motion the burst is not drawn at all."""
    page = new_tab(width=360, height=740)
    page.goto(site(f"/en/learn/{FIRST_UNITS[0]}/"))
    page.locator("form:has(input[name=kind][value=check]) button[type=submit]").click()
    expect(page.locator("#q-title")).to_be_visible()
    for entry in Sitting.objects.get().questions:
        expect(page.locator("form.answer-form")).to_be_visible()
        page.evaluate(FILL_RIGHT, entry["answer"])
        page.locator("form.answer-form button[type=submit]").click()
        expect(page.locator("#fb-title")).to_be_focused()
        page.locator(".next-link a").click()
    expect(page.locator("#summary-title")).to_be_focused()
    expect(page.locator(".celebrate__title")).to_have_text("Unit 1 passed!")
    assert page.locator("#announce").inner_text().count("Unit 1 passed!") == 1
    assert burst_drawn(page)
    assert violations(page) == [], "the celebration"
    page.emulate_media(reduced_motion="reduce")
    page.reload()
    expect(page.locator(".celebrate__title")).to_be_visible()
    assert not burst_drawn(page)
    assert script_problems(page) == []
