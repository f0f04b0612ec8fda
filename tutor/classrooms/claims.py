"""A student of a class taking their roster name in a session.

The participant's nickname is the roster name, and a :class:`NameClaim` says which name it
is (the report follows the name, even if it is renamed later). A name is taken once a
student of the session holds it; a student the teacher removed from the quiz frees it,
so the right student can still pick a name someone else picked by mistake.
"""

from __future__ import annotations

from django.db import IntegrityError, transaction

from tutor.core import names
from tutor.quizzes.models import NICKNAME_LENGTH, Participant, Session

from .models import Member, NameClaim


class NameTaken(Exception):
    """Another student of the session already holds this roster name."""


def taken_ids(session: Session) -> set[int]:
    """The roster names (member ids) held in ``session`` by students still in it."""
    claims = NameClaim.objects.filter(session=session, participant__removed=False)
    return set(claims.values_list("member_id", flat=True))


def _holder(session: Session, member: Member) -> Participant | None:
    claim = NameClaim.objects.filter(session=session, member=member).select_related("participant")
    found = claim.first()
    return found.participant if found else None


def _free(holder: Participant) -> None:
    """Give up a removed student's hold on a name: their claim goes (what they answered was
    not that student's) and their nickname gets their number, so the name is free again.
    The quiz's results keep their answers, marked as removed."""
    NameClaim.objects.filter(participant=holder).delete()
    holder.nickname = f"{holder.nickname[: NICKNAME_LENGTH - 12]} #{holder.pk}"
    holder.skeleton, holder.capitals = names.looks(holder.nickname)
    holder.save(update_fields=["nickname", "skeleton", "capitals"])


def claim(session: Session, member: Member, attempt: str, language: str) -> Participant:
    """The participant of ``session`` named ``member``: made now, or the one this same
    join form (``attempt``, see ``Participant.join_key``) made before; :class:`NameTaken`
    when another student holds the name."""
    holder = _holder(session, member)
    if holder is not None and holder.removed:
        _free(holder)
    elif holder is not None:
        return _same_form(holder, attempt)
    skeleton, capitals = names.looks(member.name)
    try:
        with transaction.atomic():
            participant = Participant.objects.create(
                session=session,
                nickname=member.name,
                skeleton=skeleton,
                capitals=capitals,
                language=language,
                join_key=attempt,
            )
            NameClaim.objects.create(member=member, session=session, participant=participant)
    except IntegrityError:  # the name (or one like it) was picked meanwhile
        holder = _holder(session, member)
        if holder is None:
            raise NameTaken from None
        return _same_form(holder, attempt)
    return participant


def _same_form(holder: Participant, attempt: str) -> Participant:
    """The holder, when this is the same form sent again (its first reply was lost)."""
    if attempt and holder.join_key == attempt and not holder.removed:
        return holder
    raise NameTaken
