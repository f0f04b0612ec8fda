"""A student's end screen (score, review, leaderboard), and for a session the teacher has
ended, the same screen put together from parts each process keeps.

When the teacher ends a live quiz the whole class asks for its end screen in the same
seconds. Most of it is the same for every student of a language: the layout, the
headings, the link to the explanations, the leaderboard (which a tie can make long). So
a process renders that frame once per (session, version, language), typeset, with
stand-ins where a student's own parts go: the score sentence and the rows of the review
table, each rendered once per process for each (language, value) and put in
(:func:`markup`). The board the screen reads is kept once per process too
(``board.py``). A live session's stream sends each student their end screen so made in
its event (:func:`final`), so nobody asks for it. ``tests/quizzes/test_end_screen.py`` checks that the kept screen is the
one the template renders whole, byte for byte, in several languages.

Only an ended session's screen is put together so: before that, a homework student's end
screen changes with every classmate's answer.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from django.core.cache import caches
from django.template.loader import get_template
from django.utils import translation
from django.utils.safestring import SafeString

from tutor.core import kept_pages

from . import board, hot, stage
from .models import Participant, Response, Session
from .scoring import Score
from .scoring import score as score_of
from .stage import ReviewRow, Screen, Stage

TEMPLATE = "quizzes/student/play.html"
SCORE = kept_pages.stand_in("endscore")  # the score sentence of one student
ROWS = kept_pages.stand_in("endrows")  # the review table's rows of one student
SECONDS = 10 * 60  # a class reads its end screens in the minutes after the end


def review_rows(
    session: Session, participant: Participant, answers: dict[int, Response] | None = None
) -> list[ReviewRow]:
    """Each question that counts: this student's result (no explanation), from their
    ``answers`` by question (when not given, read: one read, without building SQL)."""
    if answers is None:
        answers = hot.responses(participant)
    rows = []
    for index in range(session.asked):
        response = answers.get(index)
        rows.append(
            ReviewRow(
                number=index + 1,
                answered=bool(response and response.answered),
                correct=bool(response and response.correct),
                points=response.points if response else 0,
            )
        )
    return rows


def finished(
    here: Stage, view: stage.StageView, answers: dict[int, Response] | None = None
) -> Stage:
    """``here`` as the end screen: the student's score, their review (from ``answers``,
    read when not given), the leaderboard."""
    session = here.session
    top: tuple[board.Standing, ...] = ()
    if session.state == Session.State.ENDED:
        kept = board.board(session)  # read once per process: nothing changes it any more
        score, right = kept.place(here.participant.pk)
        top = kept.top
    else:
        # Homework before its end: the class's board changes with every answer, and
        # reading it is a query over the whole class (35 ms for 400 students). The
        # student's own score is read from their own answers; the leaderboard's ranks
        # only when it shows.
        if answers is None:
            answers = hot.responses(here.participant)
        score, right = own_score(answers.values())
        if view.show_leaderboard:
            top = board.top(session)
    return replace(
        here,
        screen=Screen.FINISHED,
        total=session.asked,  # ended early: the questions never opened do not count
        score=score,
        right=right,
        leaderboard=list(top) if view.show_leaderboard else None,
        review=review_rows(session, here.participant, answers) if view.show_review else None,
        explained=False,
    )


def own_score(answers: Iterable[Response]) -> tuple[Score, int]:
    """(points, right answers) of a student's ``answers``, as the board counts them
    (``ParticipantQuerySet.with_scores``): the points of every answered response, and
    how many of them were right."""
    answered = [response for response in answers if response.answered is not None]
    points = sum((response.points for response in answered), start=0)
    return score_of(points), sum(1 for response in answered if response.correct)


def kept(here: Stage) -> bool:
    """Whether this end screen may be put together from kept parts: the session has ended
    (nothing changes it), and nothing on it is this student's own but the score and the
    review's rows (no message, no notice, no explanations)."""
    return (
        here.finished
        and here.session.state == Session.State.ENDED
        and not (here.message or here.notice or here.explained)
    )


def markup(here: Stage, language: str) -> str:
    """The end screen of ``here`` (:func:`kept`), typeset, as the template makes it."""
    before, between, after = _frame(here, language)
    score = (here.score, here.right, here.total)
    html = [before, _own("score", score, language), between]
    for row in here.review or []:
        html.append(_own("row", (row.number, row.answered, row.correct, row.points), language))
    html.append(after)
    return "".join(html)


def _frame(here: Stage, language: str) -> tuple[str, str, str]:
    """The frame of the end screen, cut where the score and the review's rows go."""
    session = here.session
    # Kept per process. Key: the session (id, join code, version: a rename or removal
    # bumps it), the language, what the screen shows (review, leaderboard) and the number
    # of questions that count; nothing of a student is inside (their parts are stand-ins,
    # cut out: the frame is kept as the three pieces around them).
    key = (
        f"quiz-end:{session.pk}:{session.code}:{session.version}:{language}:"
        f"{here.review is not None}:{here.leaderboard is not None}:{here.total}"
    )
    pieces: tuple[str, str, str] | None = caches["local"].get(key)
    if pieces is None:
        # Any student's rows: the frame reads only how many there are.
        review = here.review and [ReviewRow(r.number, False, False, 0) for r in here.review]
        frame = replace(here, review=review, score=0, right=0)
        extra = {"score_html": SafeString(SCORE), "rows_html": SafeString(ROWS)}
        html = _render(f"{TEMPLATE}#stage", {**frame.context(), **extra}, language)
        # The stand-ins come before the leaderboard's names: the first of each is theirs
        # (the rows' only when there are rows: a nickname may spell it).
        before, _, rest = html.partition(SCORE)
        between, _, after = rest.partition(ROWS) if here.review else ("", "", rest)
        pieces = (before, between, after)
        caches["local"].set(key, pieces, SECONDS)
    return pieces


def _render(template: str, context: dict[str, object], language: str) -> str:
    with translation.override(language):
        extra = {"csrf_token": kept_pages.TOKEN, "LANGUAGE_CODE": language}
        html = get_template(template).render({**context, **extra})
        return kept_pages.finish(html, language)


def _own(part: str, values: tuple[Score | bool, ...], language: str) -> str:
    """A student's part (``score``: their score sentence; ``row``: a row of their review),
    rendered once per process for each language and values."""
    # Kept per process. Key: the part, the language and the values it shows (points,
    # right answers, questions; a question's number and result): the same for every
    # student with those values; no name or id is inside.
    key = f"quiz-end-{part}:{language}:" + ":".join(str(value) for value in values)
    html: str | None = caches["local"].get(key)
    if html is None:
        if part == "score":
            score, right, total = values
            context: dict[str, object] = {"score": score, "right": right, "total": total}
        else:
            number, answered, correct, points = values
            context = {"row": ReviewRow(int(number), bool(answered), bool(correct), points)}
        html = _render(f"{TEMPLATE}#end-{part}", context, language)
        caches["local"].set(key, html, SECONDS)
    return html


def final(code: str, language: str, participant: int, version: int) -> str | None:
    """The end screen of the student ``participant`` (their id) at ``version`` of the
    ended session ``code``, as their own request would get it, for the stream's event
    (``streams.py``); None when the session is not ended at that version, or the student
    is not in it (the page then asks)."""
    return finals(code, version, {participant: language}, one=True).get(participant)


def finals(
    code: str, version: int, students: dict[int, str], *, one: bool = False
) -> dict[int, str | None]:
    """:func:`final` of each of ``students`` (id: language), every stream of a process at
    once: everyone's answers read in one query (``one``: a single student's, read without
    building SQL, as by ``hot.py``)."""
    session = hot.session(code)  # one row, read without building SQL (hot.py)
    if session is None or session.version != version or session.state != Session.State.ENDED:
        return dict.fromkeys(students)
    if session.mode != Session.Mode.LIVE:
        return dict.fromkeys(students)  # homework: each student's own
    places = board.board(session).places
    answers: dict[int, dict[int, Response]] | None = None
    if not one:
        answers = {pk: {} for pk in students}
        for row in Response.objects.filter(participant__session=session):
            if row.participant_id in answers:
                answers[row.participant_id][row.index] = row
    found: dict[int, str | None] = {}
    for pk, language in students.items():
        if pk not in places:
            found[pk] = None  # removed (the board has every student still in the quiz)
            continue
        # The student as the end screen reads them: their id (their score, their
        # answers); a live session closes for everyone at once, so nothing else of theirs
        # counts.
        student = Participant(pk=pk, session=session)
        own = None if answers is None else answers[pk]
        if own is not None:
            for row in own.values():  # as hot.responses gives them
                row.participant = student
        here = Stage(session, student, len(session.questions), Screen.FINISHED)
        here = finished(here, stage.at_end(stage.Rules.of(session, participant=student)), own)
        found[pk] = markup(here, language)
    return found
