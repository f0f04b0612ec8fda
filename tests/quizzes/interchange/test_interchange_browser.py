"""Moving quizzes in a real headless Chromium: a GIFT import previewed and imported (the
text carried from the preview to the import keeps its line breaks), a share link copied
by a colleague, and axe-core audits of the pages, at 360 px without sideways scrolling."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe
from django.contrib.auth import get_user_model

from tutor.quizzes.models import OwnQuestion, Quiz, Slot

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORD = "a-long-password-123"
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"]
GIFT = (
    "$CATEGORY: Week 3\n\n"
    "::Pair::Does a pair beat high card?{TRUE####Any pair beats any high card.}\n\n"
    "::Red::Which suits are red?{~%50%hearts ~%50%diamonds ~%-100%spades}\n\n"
    "::Short::Name the best hand.{=royal flush}\n"
)


@pytest.fixture
def server(django_db_setup: None, live_server: Any) -> str:
    return live_server.url


@pytest.fixture
def logged_in(new_tab: Callable[..., Any], server: str) -> Callable[..., Any]:
    """A new teacher signed in, in a browser of their own (``new_tab``: closed with the
    test, so that no page goes on asking the live server after it)."""

    def make(name: str, width: int = 360) -> Any:
        get_user_model().objects.create_user(name, f"{name}@example.org", PASSWORD)
        page = new_tab(width=width)
        page.goto(f"{server}/en/accounts/login/")
        page.fill("#id_username", name)
        page.fill("#id_password", PASSWORD)
        page.keyboard.press("Enter")
        page.wait_for_url(f"{server}/en/quizzes/")
        return page

    return make


def audit(page: Any) -> None:
    results = Axe().run(page, options={"runOnly": {"type": "tag", "values": TAGS}})
    found = [
        f"{v['id']}: {v['help']} at {[n['target'] for n in v['nodes'][:3]]}"
        for v in results.response["violations"]
    ]
    assert found == []
    assert page.evaluate("document.documentElement.scrollWidth") <= 360


def test_import_preview_then_import_in_a_browser(
    server: str, logged_in: Callable[..., Any]
) -> None:
    page = logged_in("importer")
    page.goto(f"{server}/en/quizzes/bank/")
    page.click("text=Import questions from GIFT")
    page.fill("#id_text", GIFT)
    page.click("text=Preview")
    assert "2 questions will be imported" in page.inner_text("#preview")
    assert "short-answer question" in page.inner_text("#preview")
    audit(page)
    page.click("#preview button[type=submit]")
    page.wait_for_url(f"{server}/en/quizzes/bank/")
    assert sorted(q.kind for q in OwnQuestion.objects.all()) == ["multiple", "truefalse"]


def test_share_link_copied_by_a_colleague_in_a_browser(
    server: str, logged_in: Callable[..., Any]
) -> None:
    owner = logged_in("owner")
    quiz = Quiz.objects.get_or_create(
        owner=get_user_model().objects.get(username="owner"), title="Pots"
    )[0]
    Slot.objects.create(quiz=quiz, kind="fixed", drill="side-pots", level="easy", seed=3)
    owner.goto(f"{server}/en/quizzes/{quiz.pk}/")
    owner.click("text=Make a share link")
    link = owner.input_value("#share-link")
    assert link.startswith(f"{server}/en/quizzes/shared/")
    owner.reload()  # without the flash message (its list's role="status" is the layout's)
    audit(owner)
    colleague = logged_in("colleague")
    colleague.goto(link)
    audit(colleague)
    colleague.click("text=Copy into my quizzes")
    copy = Quiz.objects.get(owner__username="colleague")
    colleague.wait_for_url(f"{server}/en/quizzes/{copy.pk}/")
    assert copy.slots.get().seed == 3
