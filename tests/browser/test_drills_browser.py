"""The drills in a real browser: answers go through htmx without reloading the page, the
feedback lands in ``#feedback`` with a verdict (and keyboard focus), and every drill still
works as a plain form when JavaScript is off."""

from __future__ import annotations

import re
from collections.abc import Callable
from decimal import Decimal

import pytest
from playwright.sync_api import Locator, LocatorAssertions, Page, expect

from tutor.drills.registry import DRILLS, QuestionDrill

pytestmark = pytest.mark.browser

Site = Callable[[str], str]

# Drills built on base_drill.html: one answer form posting into #feedback (every question
# drill of the registry, so a new drill is tested here without being listed).
FEEDBACK_DRILLS = [slug for slug, d in DRILLS.items() if isinstance(d, QuestionDrill)]
VERDICT = re.compile(r"^\s*(✓ Correct!|✗ Not quite\.)\s*$")
ANSWER_BUTTON = "form.answer-form button[type=submit]"
DEAL_BUTTON = "button[name=action][value=deal]"
SEED = 7


# --- Filling in the answer: the drill's own right answer for the question on the page ---------


def fill_answer(page: Page, slug: str, seed: int = SEED, level: str = "easy") -> None:
    """Fill the form as the engine's right answer would: tick the checkboxes and radio
    buttons it names, type its amounts. Hidden fields (a stage) are already there."""
    drill = DRILLS[slug]
    assert isinstance(drill, QuestionDrill)
    key = drill.right_answer(drill.generate(seed, level))
    form = page.locator("form.answer-form")
    for name, values in key.items():
        fields = form.locator(f'[name="{name}"]')
        kind = fields.first.get_attribute("type") or ""
        if kind == "hidden":
            continue
        if fields.first.evaluate("field => field.tagName") == "SELECT":
            fields.first.select_option(values[0])
        elif kind in ("checkbox", "radio"):
            for value in values:
                fields.locator(f'xpath=self::*[@value="{value}"]').check()
        else:
            fields.first.fill(values[0])


# --- Helpers ------------------------------------------------------------------------------


def open_drill(page: Page, site: Site, slug: str, seed: int = SEED) -> str:
    url = site(f"/en/drills/{slug}/?level=easy&seed={seed}")
    response = page.goto(url)
    assert response is not None and response.status == 200
    expect(page.locator("#feedback .feedback__verdict")).to_have_count(0)
    return url


def mark_page(page: Page) -> None:
    """Set a JavaScript variable that survives only if the page is not reloaded."""
    page.evaluate("window.__marker = 1")


def page_kept(page: Page) -> bool:
    return page.evaluate("window.__marker === 1")


def submit_with_htmx(page: Page, button: str) -> None:
    """Click a submit button and check that htmx, not the browser, sent the form."""
    with page.expect_response(lambda r: r.request.method == "POST") as posted:
        page.locator(button).click()
    response = posted.value
    assert response.status == 200
    assert response.request.headers.get("hx-request") == "true", "the form was not sent by htmx"


def answered(page: Page) -> LocatorAssertions:
    """The "Answered" figure of the progress box."""
    return expect(page.locator("#progress dd").first)


def script_problems(page: Page) -> list[str]:
    """Uncaught script errors and Content-Security-Policy refusals seen so far."""
    return [p for p in page.problems if p.startswith("uncaught") or "Refused to" in p]  # type: ignore[attr-defined]


# --- 1. Every drill answers in place ----------------------------------------------------


@pytest.mark.parametrize("slug", FEEDBACK_DRILLS)
def test_answer_shows_verdict_in_feedback_without_reload_and_takes_focus(
    tab: Page, site: Site, slug: str
) -> None:
    url = open_drill(tab, site, slug)
    answered(tab).to_have_text("0")
    fill_answer(tab, slug)
    mark_page(tab)
    submit_with_htmx(tab, ANSWER_BUTTON)
    expect(tab.locator("#feedback .feedback__verdict")).to_have_text(VERDICT)
    assert page_kept(tab), "the page was reloaded"
    assert tab.url == url
    answered(tab).to_have_text("1")  # the progress box, swapped out of band
    # A keyboard or screen-reader user is taken to the feedback.
    tab.wait_for_function("() => !!document.activeElement.closest('#feedback')")
    assert script_problems(tab) == []


# --- 2. Side pots: the payouts step inside the feedback ----------------------------------


def test_side_pots_payouts_step_appears_in_feedback_and_is_checked(tab: Page, site: Site) -> None:
    url = open_drill(tab, site, "side-pots", seed=11)
    fill_answer(tab, "side-pots", seed=11)
    mark_page(tab)
    submit_with_htmx(tab, ANSWER_BUTTON)
    payouts = tab.locator("#feedback form")
    expect(payouts).to_be_visible()
    expect(tab.locator("#feedback .feedback__verdict")).to_have_text(VERDICT)
    seats = payouts.locator("input[name^=payout]")
    assert seats.count() == 3  # the easy level seats three players
    typed = ["7", "0", "35"]
    for box, value in zip(seats.all(), typed, strict=True):
        box.fill(value)
    submit_with_htmx(tab, "#feedback form button[type=submit]")
    chips = tab.locator("#feedback table", has_text="Chips each seat gets")
    expect(chips).to_be_visible()
    expect(payouts).to_have_count(0)  # the payouts form is answered, not shown again
    expect(tab.locator("#feedback .feedback__verdict")).to_have_text(VERDICT)
    # The "your answer" column repeats what was typed, seat by seat.
    mine = chips.locator("tbody tr td:nth-child(3)").all_inner_texts()
    assert [re.sub(r"\D", "", text) for text in mine] == typed
    assert page_kept(tab) and tab.url == url
    answered(tab).to_have_text("2")


# --- 3. Teen Patti 20-20 round ------------------------------------------------------------

# Source 004: Player A pays 0.95 to 1 and is refunded on a tie; Tie pays 50 to 1. With 10 on
# Player A and 10 on Tie the net of a round is never zero, whatever is dealt.
SLIP = {"player_a": "10", "tie": "10"}
NET_BY_RESULT = {
    "Player A wins": Decimal("-0.50"),  # +9.50 on Player A, -10 on Tie
    "Player B wins": Decimal("-20"),
    "Tie": Decimal("500"),  # Player A refunded, +500 on Tie
}


def number(text: str) -> Decimal:
    match = re.search(r"[-−]?\d[\d,]*(?:\.\d+)?", text)
    assert match, f"no number in {text!r}"
    return Decimal(match.group().replace(",", "").replace("−", "-"))


def balance(page: Page) -> Decimal:
    return number(page.locator(".balance strong").inner_text())


def history(page: Page) -> Locator:
    return page.locator("section.history tbody tr")


def fill_slip(page: Page) -> None:
    for bet, stake in SLIP.items():
        page.locator(f"#bet-{bet}").fill(stake)


def deal(page: Page, round_number: int) -> None:
    submit_with_htmx(page, DEAL_BUTTON)
    expect(page.locator("#feedback h2")).to_contain_text(f"Round {round_number}:")


def round_result(page: Page) -> str:
    heading = page.locator("#feedback h2").inner_text()
    return next(name for name in NET_BY_RESULT if heading.endswith(name))


def round_net(page: Page) -> Decimal:
    return number(page.locator("#feedback strong", has_text="Net result").inner_text())


def test_teenpatti_round_deals_in_place(tab: Page, site: Site) -> None:
    url = site("/en/drills/teenpatti-round/")
    tab.goto(url)
    assert balance(tab) == 1000
    expect(history(tab)).to_have_count(0)
    fill_slip(tab)
    mark_page(tab)
    deal(tab, 1)
    assert page_kept(tab) and tab.url == url
    assert script_problems(tab) == []


def test_teenpatti_round_two_deals_grow_history_and_move_balance(tab: Page, site: Site) -> None:
    tab.goto(site("/en/drills/teenpatti-round/"))
    before = balance(tab)
    fill_slip(tab)
    for round_number in (1, 2):
        deal(tab, round_number)
        expect(history(tab)).to_have_count(round_number)
        net = round_net(tab)
        assert net == NET_BY_RESULT[round_result(tab)]
        assert balance(tab) == before + net
        before = balance(tab)
        expect(tab.locator("#bet-player_a")).to_have_value(SLIP["player_a"])  # slip kept


def test_teenpatti_round_double_click_on_deal_deals_once(tab: Page, site: Site) -> None:
    tab.goto(site("/en/drills/teenpatti-round/"))
    fill_slip(tab)
    tab.locator(DEAL_BUTTON).dblclick()
    expect(tab.locator("#feedback h2")).to_contain_text("Round 1:")
    tab.wait_for_load_state("networkidle")  # a second request, if any, has been answered
    expect(history(tab)).to_have_count(1)
    assert balance(tab) == 1000 + NET_BY_RESULT[round_result(tab)]
    deal(tab, 2)  # the double click left the slip usable for the next round
    expect(history(tab)).to_have_count(2)


def test_teenpatti_round_resent_slip_deals_once(new_tab: Callable[..., Page], site: Site) -> None:
    """Without JavaScript, the same slip sent twice (from a second tab of the same session,
    still showing round 1) is dealt once."""
    first = new_tab(java_script_enabled=False)
    second = first.context.new_page()
    for page in (first, second):
        page.goto(site("/en/drills/teenpatti-round/"))
        fill_slip(page)
    with first.expect_navigation():
        first.locator(DEAL_BUTTON).click()
    expect(history(first)).to_have_count(1)
    after_first = balance(first)
    with second.expect_navigation() as navigation:
        second.locator(DEAL_BUTTON).click()
    assert navigation.value is not None and navigation.value.request.method == "POST"
    expect(second.locator("p.error")).to_contain_text("already dealt")
    expect(history(second)).to_have_count(1)
    assert balance(second) == after_first


# --- Play a hand against the computer players ----------------------------------------------


def test_play_holdem_hand_runs_in_place(tab: Page, site: Site) -> None:
    url = site("/en/drills/play-holdem/")
    tab.goto(url)
    mark_page(tab)
    submit_with_htmx(tab, "section.new-game button[type=submit]")
    heading = tab.locator("#feedback h2")
    expect(heading).to_have_text(re.compile("^(Your turn|The hand is over)$"))
    if heading.inner_text() == "Your turn":
        # All-in: the learner has nothing more to decide, so the bots play the hand out.
        submit_with_htmx(tab, "form.actions button[value=allin]")
    expect(heading).to_have_text("The hand is over")
    expect(tab.locator("#game .poker-result", has_text="wins")).to_have_count(1)
    expect(tab.locator("#game .poker-table__seat")).not_to_have_count(0)
    expect(tab.get_by_role("button", name="Next hand")).to_be_visible()
    assert tab.locator(".action-log li").count() >= 3  # the blinds and at least one action
    assert page_kept(tab) and tab.url == url


# --- 4. Language switch keeps the question ------------------------------------------------


def dealt_cards(page: Page) -> list[str]:
    return page.locator("main .card").evaluate_all(
        "cards => cards.map(c => c.querySelector('.card__rank').textContent"
        " + c.querySelector('.card__suit').textContent)"
    )


def test_language_switch_keeps_the_same_question(tab: Page, site: Site) -> None:
    tab.goto(site("/en/drills/holdem-showdown/?level=easy&seed=5"))
    english = dealt_cards(tab)
    labels = tab.locator("main .card[role=img][aria-label]").count()
    assert len(english) >= 5 + 2 * 2  # the board and two players' hole cards
    assert labels == len(english)
    switcher = tab.get_by_role("navigation", name="Language")
    with tab.expect_navigation():
        switcher.get_by_role("link", name=re.compile("^čeština$", re.IGNORECASE)).click()
    assert tab.url == site("/cs/drills/holdem-showdown/?level=easy&seed=5")
    expect(tab.locator("html")).to_have_attribute("lang", "cs")
    assert dealt_cards(tab) == english
    expect(tab.locator("main .card[role=img][aria-label]")).to_have_count(labels)


# --- 5. Without JavaScript the forms post normally -----------------------------------------


@pytest.mark.parametrize("slug", FEEDBACK_DRILLS)
def test_answer_without_javascript_posts_a_full_page(
    new_tab: Callable[..., Page], site: Site, slug: str
) -> None:
    page = new_tab(java_script_enabled=False)
    url = open_drill(page, site, slug)
    fill_answer(page, slug)
    with page.expect_navigation() as navigation:
        page.locator(ANSWER_BUTTON).click()
    response = navigation.value
    assert response is not None and response.status == 200
    assert response.request.method == "POST"
    assert "hx-request" not in response.request.headers
    assert page.url == url.split("?")[0]  # the form's action: a new page
    expect(page.locator("html")).to_have_attribute("lang", "en")
    expect(page.locator("h1")).to_have_count(1)  # the whole page, not the fragment
    expect(page.locator("#feedback .feedback__verdict")).to_have_text(VERDICT)
    answered(page).to_have_text("1")


def test_teenpatti_showdown_without_javascript_keeps_the_choice(
    new_tab: Callable[..., Page], site: Site
) -> None:
    page = new_tab(java_script_enabled=False)
    open_drill(page, site, "teenpatti-showdown")
    page.locator("form.answer-form input[name=result][value=tie]").check()
    with page.expect_navigation():
        page.locator(ANSWER_BUTTON).click()
    expect(page.locator("input[name=result][value=tie]")).to_be_checked()
    expect(page.locator("#feedback .you-picked")).to_contain_text("You picked a tie")


def test_teenpatti_round_without_javascript_deals(new_tab: Callable[..., Page], site: Site) -> None:
    page = new_tab(java_script_enabled=False)
    page.goto(site("/en/drills/teenpatti-round/"))
    fill_slip(page)
    with page.expect_navigation() as navigation:
        page.locator(DEAL_BUTTON).click()
    assert navigation.value is not None and navigation.value.status == 200
    expect(history(page)).to_have_count(1)
    assert balance(page) == 1000 + NET_BY_RESULT[round_result(page)]
