"""The one list of every page type of the site, and how to reach each state of it.

The layout screenshots (``test_layout_shots.py``) and the axe audit
(``test_accessibility.py``) walk this list, so a new page type is checked by both once it
is added here. A state is an address plus, for states behind a form (a drill's feedback,
a hand played to its end, a student's quiz), the steps a learner would take in the
browser: forms are filled and sent as a person would, through htmx when it is on.

The steps rely only on the forms' field names and values (what the views read), a few
stable classes (``form.answer-form``, ``#feedback``) and the table component's classes,
so they keep working while the pages' looks change.

Pages needing data (a teacher's quiz, a session, a class) read it from a :class:`World`
made in the test database by :func:`make_world`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import timedelta
from typing import Any
from urllib.parse import urlsplit

from django.conf import settings
from django.contrib.auth import get_user_model
from django.test import Client
from django.utils import timezone
from playwright.sync_api import Locator, Page

from tutor.drills.registry import DRILLS, QuestionDrill
from tutor.lessons.courses import COURSES

LANGUAGES = [code for code, _ in settings.LANGUAGES]
SEED = 7
LEVEL = "hard"  # the most players and the widest tables: the hardest layout
#: Some pages fill a per-process cache on their first request (the Teen Patti round took
#: 7 s on a loaded 2-core machine): more than the usual 10 s limit allows there.
FIRST_LOAD_MS = 30_000
ANSWER_BUTTON = "form.answer-form button[type=submit]"
#: What an answer sent to a drill shows: a verdict, or the error its answer got.
ANSWERED = "#feedback :is(.feedback__verdict, .error, form)"


@dataclass(frozen=True)
class World:
    """The database rows the teacher's and the students' pages show."""

    quiz: int  # a teacher's quiz of two questions
    session: str  # the code of its homework session, answered by two students
    quiz_for_students: int
    student_session: str  # the code of a homework session of one question, for joining
    answer: dict[str, list[str]]  # the right answer to that one question
    classroom: int
    owner: Any = field(repr=False)  # the teacher (a User)

    def format(self, path: str, lang: str) -> str:
        return path.format(
            lang=lang,
            quiz=self.quiz,
            session=self.session,
            student_session=self.student_session,
            classroom=self.classroom,
        )


Steps = Callable[[Page, World, str], None]


@dataclass(frozen=True)
class PageType:
    """One state of one page: ``path`` (with ``{lang}`` and :class:`World` fields), the
    ``steps`` taken after loading it, and who looks (``teacher``: logged in)."""

    name: str
    path: str
    steps: Steps | None = None
    teacher: bool = False
    status: int = 200


# --- Making the data --------------------------------------------------------------------


def make_world() -> World:
    """A teacher with a quiz, a homework session two students answered, a class, and a
    one-question homework session a new student can join (needs the database)."""
    from tutor.classrooms.models import Classroom, Member
    from tutor.quizzes import services
    from tutor.quizzes.models import Participant, Quiz, Slot

    owner = get_user_model().objects.create_user("shots-teacher", "t@example.org", "pw-12345678")
    quiz = Quiz.objects.create(owner=owner, title="Showdowns and side pots")
    for order, (drill, seed) in enumerate((("holdem-showdown", 12), ("side-pots", 5))):
        Slot.objects.create(quiz=quiz, order=order, kind="fixed", drill=drill, seed=seed)
    closes = timezone.now() + timedelta(hours=1)
    session = services.start_session(quiz, "homework", closes=closes)
    for nickname, language in (("Asha", "hi"), ("Bára", "cs")):
        student = Participant.objects.create(session=session, nickname=nickname, language=language)
        services.mark_shown(student, 0)  # shown before answered, as on the page
        services.submit(session, student, 0, _form(session.questions[0]["answer"]))
    one = Quiz.objects.create(owner=owner, title="Betting")
    Slot.objects.create(quiz=one, order=0, kind="fixed", drill="betting", level=LEVEL, seed=SEED)
    alone = services.start_session(one, "homework", closes=closes)
    classroom = Classroom.objects.create(owner=owner, name="7.B")
    for name in ("Asha", "Bára", "কিরণ"):
        Member.objects.create(classroom=classroom, name=name)
    return World(
        quiz=quiz.pk,
        session=session.code,
        quiz_for_students=one.pk,
        student_session=alone.code,
        answer=alone.questions[0]["answer"],
        classroom=classroom.pk,
        owner=owner,
    )


def _form(answer: dict[str, list[str]]) -> Any:
    from django.http import QueryDict

    data = QueryDict(mutable=True)
    for key, values in answer.items():
        data.setlist(key, values)
    return data


def teacher_cookies(world: World, url: str) -> list[dict[str, str]]:
    """The session cookie of the world's teacher, logged in, for a browser context."""
    client = Client()
    client.force_login(world.owner)
    cookie = client.cookies[settings.SESSION_COOKIE_NAME]
    return [{"name": cookie.key, "value": cookie.value, "url": url}]


# --- Filling in forms as a learner would -------------------------------------------------


#: Fills a form in one evaluation: a learner's answer reaches the same fields (a select's
#: option, the boxes of the given values or each group's first, a text field) and the same
#: ``input`` and ``change`` events as clicks and typing would send, without a round trip to
#: the browser for each field (a side-pots answer has a dozen: 2.5 s of round trips on a
#: loaded machine, in each of the five languages of every drill). The keyboard and the
#: mouse themselves are tested by the drills' own browser tests.
FILL = """
(form, [answer, firstChoices]) => {
  const changed = (field) => {
    field.dispatchEvent(new Event("input", {bubbles: true}));
    field.dispatchEvent(new Event("change", {bubbles: true}));
  };
  for (const [name, values] of Object.entries(answer)) {
    const fields = [...form.elements].filter((field) => field.name === name);
    if (!fields.length || fields[0].type === "hidden") continue;
    const first = fields[0];
    if (first.tagName === "SELECT") {
      first.value = values[0];
      changed(first);
    } else if (first.type === "checkbox" || first.type === "radio") {
      const chosen = firstChoices ? [first] : fields.filter((field) => values.includes(field.value));
      if (chosen.length !== (firstChoices ? 1 : values.length)) {
        throw new Error(`${name}: no box for each of ${values}`);
      }
      for (const field of chosen) {
        field.checked = true;
        changed(field);
      }
    } else {
      first.value = values[0];
      changed(first);
    }
  }
}
"""


def fill(form: Locator, answer: dict[str, list[str]], first_choices: bool = False) -> None:
    """Fill ``form`` with ``answer`` (field name -> values; hidden fields are already
    there, and a name the form lacks is left out). With ``first_choices`` the first radio
    button or checkbox of each group is ticked instead of the answer's (usually a wrong
    answer, so the feedback explains)."""
    form.evaluate(FILL, [answer, first_choices])


def send(page: Page, button: Locator) -> None:
    """Click a submit button and wait for the answer to be in the page (htmx swaps it in
    after the response; without htmx the browser loads a new page)."""
    with page.expect_response(lambda r: r.request.method == "POST"):
        button.click()
    page.wait_for_load_state()
    page.wait_for_function("() => !document.querySelector('.htmx-request, .htmx-settling')")


def answer_drill(slug: str) -> Steps:
    """Answer the drill's question: the engine's right answer in the even-numbered
    languages (en, hi, cs), the first choices in the others (the feedback then explains
    the right one)."""
    drill = DRILLS[slug]
    assert isinstance(drill, QuestionDrill)

    def steps(page: Page, world: World, lang: str) -> None:
        key = drill.right_answer(drill.generate(SEED, LEVEL))
        fill(page.locator("form.answer-form"), key, LANGUAGES.index(lang) % 2 == 1)
        send(page, page.locator(ANSWER_BUTTON).first)
        page.locator(ANSWERED).first.wait_for()

    return steps


ACT = "button[name=act]"


def play_to_your_turn(page: Page, world: World, lang: str) -> None:
    """Deal a game with the most computer players and go on to a hand where it is the
    learner's turn (a hand can end before: everyone folds to the big blind)."""
    opponents = page.locator("select[name=opponents] option")
    if opponents.count():
        page.locator("select[name=opponents]").select_option(opponents.last.get_attribute("value"))
    send(page, page.locator("form:has(input[name=command][value=new]) button[type=submit]"))
    for _ in range(10):
        if page.locator(ACT).count():
            return
        send(page, page.locator("form:has(input[name=command][value=next]) button[type=submit]"))
    raise AssertionError("ten hands and never the learner's turn")


def play_to_the_end(page: Page, world: World, lang: str) -> None:
    """Go all-in (or call it) until the hand is over: the showdown and the result."""
    play_to_your_turn(page, world, lang)
    for _ in range(8):
        allin = page.locator(f"{ACT}[value=allin]")
        if allin.count() == 0:
            break
        send(page, allin.first)
    assert page.locator(ACT).count() == 0, "the hand is not over after going all-in"


def step_through_a_kept_hand(page: Page, world: World, lang: str) -> None:
    """Play a hand to its end, open it from the last hands and step one action on: the
    table as it stood then beside the review of the learner's decisions."""
    play_to_the_end(page, world, lang)
    page.locator(".poker-kept a").first.click()
    page.locator("#replay-title").wait_for()
    page.locator(".poker-replay__steps a[rel=next]").click()
    page.wait_for_url("**step=1")
    page.wait_for_function("() => !document.querySelector('.htmx-request, .htmx-settling')")
    page.locator("#replay-title").wait_for()


def deal_teenpatti(page: Page, world: World, lang: str) -> None:
    """Bet on Player A and on a tie, and deal a round."""
    for bet, stake in (("player_a", "50"), ("tie", "10")):
        box = page.locator(f"input[name={bet}]")
        if box.count():
            box.fill(stake)
    send(page, page.locator("button[name=action][value=deal]"))


def replay_to_the_showdown(page: Page, world: World, lang: str) -> None:
    """Open the side-pot example and step to its last decision with the → key."""
    page.locator("a[href='?example=side_pot']").click()
    page.locator("#step-title").wait_for()
    for _ in range(30):
        if page.locator("#replay-stage a[data-step=next]").count() == 0:
            return
        title = page.locator("#step-title").inner_text()
        page.keyboard.press("ArrowRight")
        page.wait_for_function(
            "t => document.getElementById('step-title').innerText !== t", arg=title
        )
    raise AssertionError("thirty steps and the replay is not over")


def start_practice(page: Page, world: World, lang: str) -> None:
    send(page, page.locator("form:has(input[name=kind][value=practice]) button[type=submit]"))
    page.locator("form.answer-form").wait_for()


def join_quiz(page: Page, world: World, lang: str) -> None:
    """Join the one-question homework with a nickname: the question."""
    page.fill("input[name=nickname]", f"Shot {lang}")
    send(page, page.locator("form.join-form button[type=submit]"))
    page.locator("form.answer-form").wait_for()


def finish_quiz(page: Page, world: World, lang: str) -> None:
    """Join, answer the one question right, and come back: the end of the quiz."""
    join_quiz(page, world, lang)
    fill(page.locator("form.answer-form"), world.answer)
    send(page, page.locator(ANSWER_BUTTON))
    origin = urlsplit(page.url)._replace(path="", query="", fragment="").geturl()
    page.goto(origin + world.format("/{lang}/play/{student_session}/", lang))


# --- The list -----------------------------------------------------------------------------


def _drills() -> list[PageType]:
    found: list[PageType] = []
    for slug, drill in DRILLS.items():
        if slug == "play-holdem":
            url = f"/{{lang}}/drills/{slug}/"
            found.append(PageType(f"{slug}-your-turn", url, play_to_your_turn))
            found.append(PageType(f"{slug}-hand-over", url, play_to_the_end))
            found.append(PageType(f"{slug}-kept-hand", url, step_through_a_kept_hand))
        elif slug == "replay-hand":
            url = f"/{{lang}}/drills/{slug}/"
            found.append(PageType(f"{slug}-paste", url))
            found.append(PageType(f"{slug}-showdown", url, replay_to_the_showdown))
        elif slug == "teenpatti-round":
            url = f"/{{lang}}/drills/{slug}/"
            found.append(PageType(f"{slug}-before", url))
            found.append(PageType(f"{slug}-dealt", url, deal_teenpatti))
        elif isinstance(drill, QuestionDrill):
            url = f"/{{lang}}/drills/{slug}/?level={LEVEL}&seed={SEED}"
            found.append(PageType(f"{slug}-question", url))
            found.append(PageType(f"{slug}-answered", url, answer_drill(slug)))
        else:
            raise AssertionError(f"{slug}: a new kind of drill; say here how to reach it")
    return found


def _learning() -> list[PageType]:
    course = next(iter(COURSES.values()))
    unit = f"/{{lang}}/learn/{course.slug}/{course.units[0].slug}/"
    return [
        PageType("learn", "/{lang}/learn/"),
        *(PageType(f"course-{c}", f"/{{lang}}/learn/{c}/") for c in COURSES),
        PageType("lesson", unit),
        PageType("lesson-practice", unit, start_practice),
        PageType("progress", "/{lang}/learn/progress/"),
        # Signed in: the address reminders go to, and (once there is one) the reminders.
        PageType("progress-account", "/{lang}/learn/progress/", teacher=True),
        PageType("review", "/{lang}/learn/review/"),
    ]


def _quizzes() -> list[PageType]:
    def teacher(name: str, path: str) -> PageType:
        return PageType(name, path, teacher=True)

    return [
        PageType("quizzes-landing", "/{lang}/quizzes/"),  # a visitor: what quizzes are
        teacher("quizzes", "/{lang}/quizzes/"),
        teacher("quiz-builder", "/{lang}/quizzes/{quiz}/"),
        teacher("quiz-console", "/{lang}/quizzes/session/{session}/"),
        teacher("quiz-results", "/{lang}/quizzes/session/{session}/results/"),
        teacher("quiz-bank", "/{lang}/quizzes/bank/"),
        teacher("quiz-classes", "/{lang}/quizzes/classes/"),
        teacher("quiz-class", "/{lang}/quizzes/classes/{classroom}/"),
        teacher("quiz-answer-key", "/{lang}/quizzes/session/{session}/answer-key/"),
        teacher("quiz-session-delete", "/{lang}/quizzes/session/{session}/delete/"),
        teacher("quiz-class-delete", "/{lang}/quizzes/classes/{classroom}/delete/"),
        PageType("join", "/{lang}/join/"),
        PageType("quiz-question", "/{lang}/join/{student_session}/", join_quiz),
        PageType("quiz-end", "/{lang}/join/{student_session}/", finish_quiz),
    ]


def _lti() -> list[PageType]:
    """What a teacher and a student see coming from Moodle or Canvas (``lti_pages.py``):
    each launch is posted from the join page, as a platform's form would post it."""
    from .lti_pages import grades_sent, open_in_a_window, pick_a_quiz, refused_launch

    return [
        PageType("lti-pick", "/{lang}/join/", pick_a_quiz, teacher=True),
        PageType("lti-open", "/{lang}/join/", open_in_a_window),
        PageType("lti-refused", "/{lang}/join/", refused_launch),
        PageType("lms-grades", "/{lang}/quizzes/session/{session}/results/", grades_sent, True),
    ]


def _rules() -> list[PageType]:
    from tutor.rules.documents import RULE_PAGES

    return [
        PageType("rules", "/{lang}/rules/"),
        *(PageType(f"rule-{slug}", f"/{{lang}}/rules/{slug}/") for slug in RULE_PAGES),
        PageType("glossary", "/{lang}/glossary/"),
        # Issue 15's chart page: listed before it exists, so that its absence fails.
        PageType("hand-rankings", "/{lang}/rules/hand-rankings/"),
    ]


#: Every page type, in the order a visitor meets them.
PAGE_TYPES: list[PageType] = [
    PageType("home", "/{lang}/"),
    *_rules(),
    PageType("drills", "/{lang}/drills/"),
    *_drills(),
    PageType("drill-unknown-concept", "/{lang}/drills/betting/?concept=nothing", status=404),
    *_learning(),
    *_quizzes(),
    *_lti(),
    PageType("translations", "/{lang}/translations/"),
    PageType("login", "/{lang}/accounts/login/"),
    PageType("signup", "/{lang}/accounts/signup/"),
    PageType("privacy", "/{lang}/privacy/"),
    PageType("data", "/{lang}/accounts/data/"),  # a visitor: no progress yet
    PageType("account-data", "/{lang}/accounts/data/", teacher=True),
    PageType("account-delete", "/{lang}/accounts/delete/", teacher=True),
    PageType("not-found", "/{lang}/no-such-page/", status=404),
]
BY_NAME = {page.name: page for page in PAGE_TYPES}
assert len(BY_NAME) == len(PAGE_TYPES), "two page types share a name"


def open_state(page: Page, url: str, kind: PageType, world: World, lang: str) -> None:
    """Load ``kind`` in ``lang`` (``url`` is its absolute address) and take its steps."""
    response = page.goto(url, timeout=FIRST_LOAD_MS)
    assert response is not None, url
    assert response.status == kind.status, f"{kind.name} {lang}: HTTP {response.status}"
    if kind.steps is not None:
        kind.steps(page, world, lang)
