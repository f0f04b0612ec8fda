"""From a validated launch to the tool's side: the resource link's quiz session (made on
the first launch, as homework), and the participant a learner is in it.

A learner joins under their LMS identity, never a nickname form: the name claims, checked
by the rules of every name (``tutor.core.names``), made unique in the session by look
(a classmate of the same name gets " 2"); the same LMS user relaunching is the same
participant.
"""

from __future__ import annotations

from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import Q, Sum
from django.utils import translation
from django.utils.translation import gettext

from tutor.core import names
from tutor.quizzes import services
from tutor.quizzes.models import NICKNAME_LENGTH, Participant, Quiz, Session

from .launches import Claims, Person, Refused
from .models import LmsStudent, ResourceLink


def own_quizzes(teacher: Any) -> list[Quiz]:
    """The quizzes an instructor picks from: their own account's that can run."""
    return list(services.runnable(Quiz.objects.filter(owner=teacher)).order_by("title"))


def quiz_points(quiz: Quiz) -> int:
    """The points a session of ``quiz`` can give (a drawn slot deals ``count`` questions):
    the line item's score maximum."""
    slots = services.asking(quiz.slots.all())
    fixed = slots.exclude(kind="drawn").aggregate(total=Sum("points"))["total"] or 0
    drawn = sum(slot.points * max(1, slot.count) for slot in slots.filter(kind="drawn"))
    return int(fixed) + drawn


def platform_quiz(claims: Claims) -> Quiz | None:
    """The deep link's quiz (``custom.quiz``): one of the platform's teachers' (or, for
    links made before each teacher had an account, its owner's)."""
    if claims.quiz_id is None:
        return None
    platform = claims.platform
    mine = Q(owner__lms_teacher__platform=platform) | Q(owner=platform.owner_id)
    return Quiz.objects.filter(mine, pk=claims.quiz_id).first()


def link_session(claims: Claims, quiz: Quiz | None = None) -> ResourceLink | None:
    """The resource link of this launch with its session: found, or made now for the
    launch's quiz (the deep link's ``custom.quiz``, or ``quiz`` a teacher chose), as
    homework, in the launch's course; the session is the quiz owner's, who set the link
    up. ``None`` when there is no quiz to make it for. Its line item and scopes are the
    latest launch's, its course the first launch's that named one."""
    if not claims.resource_link_id:
        raise Refused("malformed")
    link = ResourceLink.objects.filter(
        platform=claims.platform, resource_link_id=claims.resource_link_id
    ).first()
    if link is None:
        quiz = quiz or platform_quiz(claims)
        if quiz is None or not services.asking(quiz.slots.all()).exists():
            return None
        session = services.start_session(quiz, Session.Mode.HOMEWORK)
        try:
            with transaction.atomic():
                link = ResourceLink.objects.create(
                    platform=claims.platform,
                    resource_link_id=claims.resource_link_id,
                    session=session,
                    title=claims.resource_title[:255],
                    context_id=claims.context_id[:255],
                )
        except IntegrityError:  # the same link's first launch, twice at once
            session.delete()
            return link_session(claims)
    changed = {"lineitem": claims.lineitem, "scopes": list(claims.scopes)}
    if not link.context_id and claims.context_id:
        changed["context_id"] = claims.context_id[:255]
    fields = [field for field, value in changed.items() if getattr(link, field) != value]
    for field in fields:
        setattr(link, field, changed[field])
    if fields:
        link.save(update_fields=fields)
    return link


def display_name(person: Person) -> str:
    """The learner's name from the claims (``name``, else given and family names), as the
    rules of names clean it; empty when the platform sent none that passes."""
    for candidate in (person.name, f"{person.given_name} {person.family_name}".strip()):
        try:
            cleaned = names.clean(candidate)[:NICKNAME_LENGTH].strip()
        except names.UnsafeName:
            continue
        if cleaned:
            return cleaned
    return ""


def _free_name(session: Session, name: str) -> str:
    """``name``, or ``name 2``, ``name 3`` ...: the first that looks like no one's in the
    session."""
    candidate, number = name, 1
    while session.participants.looking_like(candidate).exists():
        number += 1
        suffix = f" {number}"
        candidate = name[: NICKNAME_LENGTH - len(suffix)] + suffix
    return candidate


def learner(link: ResourceLink, claims: Claims) -> Participant:
    """The participant this LMS user is in the link's session: the one they were, or a
    new one under their LMS name (``Student`` when the platform shares no name)."""
    person = claims.person
    if not person.sub:
        raise Refused("malformed")
    known = LmsStudent.objects.filter(link=link, sub=person.sub).select_related("participant")
    if (student := known.first()) is not None:
        _remember(student, person)
        return student.participant
    session = link.session
    with translation.override(claims.language):
        # Translators: an LMS student's name when their platform shares none with the tool.
        name = display_name(person) or gettext("Student")
    for _attempt in range(3):
        try:
            with transaction.atomic():
                participant = Participant.objects.create(
                    session=session,
                    nickname=_free_name(session, name),
                    language=claims.language,
                )
                student = LmsStudent(link=link, sub=person.sub, participant=participant)
                _remember(student, person, save=False)
                student.save()
                return participant
        except IntegrityError:  # a classmate took the name meanwhile, or a double launch
            if (student := known.first()) is not None:
                return student.participant
    raise Refused("busy")


def _remember(student: LmsStudent, person: Person, save: bool = True) -> None:
    """Keep the LMS's latest e-mail, username and names (the gradebook CSV reads them)."""
    values = {
        "given_name": person.given_name[:200],
        "family_name": person.family_name[:200],
        "email": person.email[:254],
        "username": person.username[:200],
    }
    changed = [field for field, value in values.items() if getattr(student, field) != value]
    for field in changed:
        setattr(student, field, values[field])
    if save and changed:
        student.save(update_fields=changed)
