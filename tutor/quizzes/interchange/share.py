"""Sharing a quiz with another teacher by a link that copies it into their account.

The link holds a random token (``secrets.token_urlsafe``: 32 characters, 192 bits, not
guessable); the owner can turn it off, which forgets the token, so the old link leads
nowhere even if the owner shares again. Copying makes the quiz the other teacher's own:
its settings and its slots (drill, level, seed, count, points), and each own question
of the owner's bank as a new question in the other teacher's bank, with its tags made
again under them (a question they already have word for word is used as it is). A copy
that would fill their bank past ``BANK_MAX_QUESTIONS`` is refused (``quotas``).
"""

from __future__ import annotations

import json
import re
import secrets
from typing import TYPE_CHECKING, Any

from django.db import transaction

from ..models import OwnQuestion, Quiz, Slot, Tag
from ..quotas import check_bank

if TYPE_CHECKING:
    from django.contrib.auth.models import User


TOKEN_BYTES = 24
TOKEN = re.compile(r"[A-Za-z0-9_-]{32}")


def turn_on(quiz: Quiz) -> str:
    """The quiz's share token, made now if it has none."""
    if not quiz.share_token:
        quiz.share_token = secrets.token_urlsafe(TOKEN_BYTES)
        quiz.save(update_fields=["share_token"])
    return quiz.share_token


def turn_off(quiz: Quiz) -> None:
    quiz.share_token = None
    quiz.save(update_fields=["share_token"])


def shared_quiz(token: str) -> Quiz | None:
    """The quiz shared under ``token``, or ``None`` (a token of the wrong shape is not
    looked up at all)."""
    if not TOKEN.fullmatch(token):
        return None
    return Quiz.objects.filter(share_token=token).first()


def _key(data: Any) -> str:
    return json.dumps(data, sort_keys=True, ensure_ascii=False)


def _copy_question(
    question: OwnQuestion, owner: User, banked: dict[str, OwnQuestion]
) -> OwnQuestion:
    """``question`` in ``owner``'s bank: the one they have word for word, or a copy."""
    key = _key(question.data)
    if key in banked:
        return banked[key]
    copy = OwnQuestion.objects.create(owner=owner, kind=question.kind, data=question.data)
    tags = [
        Tag.objects.get_or_create(owner=owner, key=tag.key, defaults={"name": tag.name})[0]
        for tag in question.tags.all()
    ]
    copy.tags.set(tags)
    banked[key] = copy
    return copy


def copy_quiz(quiz: Quiz, owner: User) -> Quiz:
    """A copy of ``quiz`` in ``owner``'s account, own questions and all;
    ``QuotaExceeded`` when their bank has no room for the questions new to it."""
    slots = list(quiz.slots.select_related("own").prefetch_related("own__tags"))
    with transaction.atomic():
        banked = {_key(q.data): q for q in OwnQuestion.objects.filter(owner=owner)}
        new = {
            _key(slot.own.data)
            for slot in slots
            if slot.own is not None and slot.own.owner_id != owner.pk
        }
        check_bank(owner, len(new - banked.keys()))
        copy = Quiz.objects.create(
            owner=owner,
            title=quiz.title,
            language=quiz.language,
            shuffle=quiz.shuffle,
            time_limit=quiz.time_limit,
            feedback=quiz.feedback,
            attempts=quiz.attempts,
            retry_points=quiz.retry_points,
        )
        for slot in slots:
            mine = slot.own
            if mine is not None and mine.owner_id != owner.pk:
                mine = _copy_question(mine, owner, banked)
            Slot.objects.create(
                quiz=copy,
                order=slot.order,
                kind=slot.kind,
                drill=slot.drill,
                level=slot.level,
                seed=slot.seed,
                own=mine,
                count=slot.count,
                points=slot.points,
            )
    return copy
