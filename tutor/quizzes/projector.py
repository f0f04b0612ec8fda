"""The projector screen of a session: what the class sees on the wall, one scene at a
time, in type that reads from the back of the room.

The teacher's console drives it: every control moves the session on, the projector's
poll (every two seconds) sees the new ``Session.version`` and swaps in the new scene.

- **joining** (a live session's lobby, and homework while it runs): the join code, the
  QR code, how many have joined and the newest names;
- **question**: the question as students see it, its clock, how many have answered;
- **reveal**: the right answer (``written_answers.key_label``, the console's) and how the
  class answered (``charts.split_chart``);
- **podium**: the top places with their points (a session with a leaderboard), or
- **ended**: the session is over (one without).
"""

from __future__ import annotations

import enum
from typing import Any
from unicodedata import east_asian_width

from django.http import HttpRequest
from django.utils import timezone, translation

from tutor.core.locales import current_language
from tutor.drills.written_answers import key_label

from . import charts, controls, results, services, stage, timers
from .models import Response, Session
from .teacher_common import join_url, qr_svg, render_question

#: The newest names shown while students join (the count says how many in all).
NAMES_SHOWN = 24
#: Students on the podium, at most: the best five, ties sharing a rank (a tie past the
#: fifth is left to the results, so a class tied at the top still fits the screen).
PODIUM_PLACES = 5


class Scene(enum.StrEnum):
    JOINING = "joining"
    QUESTION = "question"
    REVEAL = "reveal"
    PODIUM = "podium"
    ENDED = "ended"


def scene(session: Session) -> Scene:
    if session.state == Session.State.ENDED:
        return Scene.PODIUM if session.leaderboard else Scene.ENDED
    if session.mode != Session.Mode.LIVE or session.state == Session.State.LOBBY:
        return Scene.JOINING
    return Scene.QUESTION if session.state == Session.State.QUESTION else Scene.REVEAL


def live_context(session: Session) -> dict[str, Any]:
    """What the poll refreshes within a scene: who has joined, who has answered, the
    seconds left (the server's count, so the clock never drifts from the deadline)."""
    now_scene = scene(session)
    joined = session.participants.filter(removed=False)
    context: dict[str, Any] = {"session": session, "scene": now_scene}
    if now_scene is Scene.JOINING:
        count = joined.count()
        newest = list(joined.order_by("-joined", "-id").values_list("nickname", flat=True))
        context.update(joined=count, names=newest[:NAMES_SHOWN][::-1])
        context["more"] = max(0, count - NAMES_SHOWN)
    elif now_scene in (Scene.QUESTION, Scene.REVEAL):
        context["counts"] = services.answer_counts(session, session.current)
        deadline = timers.question_deadline(session)
        if now_scene is Scene.QUESTION and deadline is not None:
            context["seconds_left"] = stage.seconds_left(timezone.now(), deadline)
    return context


def stage_context(request: HttpRequest, session: Session) -> dict[str, Any]:
    """The whole scene: :func:`live_context` and what stays while it shows (the join
    code and QR code, the question, the answer and its chart, the podium), and the
    control the keyboard presses."""
    context = live_context(session)
    now_scene = context["scene"]
    action = controls.next_action(session)
    context.update(
        total=len(session.questions),
        action=action,
        at=controls.pressed_at(session),
        version=session.version,
    )
    if now_scene is Scene.JOINING:
        link = join_url(request, session)
        context.update(join_url=link, join_address=link.split("://", 1)[-1], qr=qr_svg(link))
    elif now_scene in (Scene.QUESTION, Scene.REVEAL):
        context.update(_question(request, session, reveal=now_scene is Scene.REVEAL))
    elif now_scene is Scene.PODIUM:
        # Each place with the speed bonus inside its points (0 without one).
        bonus = Response.objects.of_session(session).answered().bonus_by_participant()
        context["podium"] = [
            (standing, bonus.get(standing.participant.pk, 0))
            for standing in services.leaderboard(session, top=PODIUM_PLACES)[:PODIUM_PLACES]
        ]
    return context


#: The right answer's type by its length (in half-width characters: a wide one counts two),
#: so that a long answer wraps in its column beside the chart: (at most, size) in order.
KEY_SIZES = ((36, ""), (90, "long"))


def key_size(label: str) -> str:
    """The size of the right answer on the wall: "" (the largest), "long" or "longer".

    >>> key_size("Player A wins"), key_size("ロイヤルストレートフラッシュ" * 3)
    ('', 'long')
    """
    width = sum(2 if east_asian_width(c) in "WF" else 1 for c in label)
    return next((size for most, size in KEY_SIZES if width <= most), "longer")


def _question(request: HttpRequest, session: Session, *, reveal: bool) -> dict[str, Any]:
    q = services.question(session, session.current)
    language = session.settings_view.language or current_language()
    context: dict[str, Any] = {
        "number": session.current + 1,
        "drill": q.drill,
        "question_language": language,
        "speed_bonus": session.settings_view.speed_bonus,
    }
    with translation.override(language):
        # The question's picture (the cards, the table) stays on the reveal, beside the
        # answer: the room reads the answer against what it was about.
        context["question_html"] = render_question(request, q)
        if reveal:
            context["key_label"] = key_label(q)
            context["key_size"] = key_size(context["key_label"])
            result = results.question_result(session, session.current)
            context["split_chart"] = charts.split_chart(result, charts.NARROW)
    return context
