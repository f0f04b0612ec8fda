"""A browser's anonymous progress joins the account when its learner signs up or logs in.

One account system serves teachers and learners (a teacher is also a learner), so this
runs on every log-in (``user_logged_in``, which sign-up sends too when it logs the new
user in). Per concept the higher mastery is kept (``mastery.combine``), the counts are
added, and of the two review cards the one reviewed last is kept; the days counted towards
the daily goal add up (``daily.merge``); the answers (and whatever else
other apps keep per learner, such as lesson sittings) move over.
The anonymous learner is then gone, so the browser's cookie names nothing: after logging
out, that browser starts afresh instead of showing the account's progress.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

from django.db import DatabaseError, transaction
from django.db.models import Exists, OuterRef
from django.http import HttpRequest

from . import daily, learners, mastery, review
from .models import Attempt, ConceptProgress, Learner, new_key
from .record import PROGRESS_FIELDS, progress_of, set_progress

if TYPE_CHECKING:
    from django.contrib.auth.models import User


logger = logging.getLogger(__name__)


def merge_on_login(sender: object, request: HttpRequest | None, user: User, **kwargs: Any) -> None:
    """The ``user_logged_in`` receiver (connected in ``apps.py``). A merge that fails is
    logged and undone whole; the log-in goes on (the progress stays with the browser)."""
    if request is None:
        return
    anonymous = learners.anonymous_learner(request)
    if anonymous is not None:
        try:
            merge(anonymous, user)
        except DatabaseError:
            logger.exception("Could not merge learner %s into user %s", anonymous.pk, user.pk)
    learners.forget(request)


def merge(anonymous: Learner, user: User) -> Learner | None:
    """Join ``anonymous``'s progress to ``user``'s learner; returns that learner (None
    when ``anonymous`` is no longer anonymous: a second log-in at the same moment merged
    it). A user with no learner yet simply takes the anonymous one over, under a new key."""
    with transaction.atomic():
        mine = Learner.objects.select_for_update().filter(user=user).first()
        # Read again under a lock: of two log-ins at once, the second finds it gone.
        theirs = (
            Learner.objects.select_for_update().filter(pk=anonymous.pk, user__isnull=True).first()
        )
        if theirs is None:
            return mine
        if mine is None:
            theirs.user = user
            theirs.key = new_key()  # the browser's cookie no longer finds it
            theirs.save(update_fields=["user", "key"])
            return theirs
        _merge_progress(theirs, mine)
        # An answer stored under the same key by both (one question answered in two
        # browsers) would break the one-per-key rule: the moved copy loses its key.
        twins = Attempt.objects.filter(
            learner=mine, concept=OuterRef("concept"), key=OuterRef("key")
        )
        Attempt.objects.filter(learner=theirs).exclude(key="").filter(Exists(twins)).update(key="")
        daily.merge(theirs, mine)  # a day both counted adds up, before the rest moves
        _move_the_rest(theirs, mine)
        mine.last_seen = max(mine.last_seen, theirs.last_seen)
        mine.save(update_fields=["last_seen"])
        theirs.delete()
        return mine


def _merge_progress(anonymous: Learner, mine: Learner) -> None:
    kept = {p.concept: p for p in ConceptProgress.objects.select_for_update().filter(learner=mine)}
    moved, updated = [], []
    for theirs in ConceptProgress.objects.filter(learner=anonymous):
        row = kept.get(theirs.concept)
        if row is None:
            moved.append(theirs.pk)
            continue
        card = review.later_review(row.card, theirs.card)
        combined = mastery.combine(progress_of(row), progress_of(theirs))
        set_progress(row, combined, card, row.due if card is row.card else theirs.due)
        updated.append(row)
    ConceptProgress.objects.filter(pk__in=moved).update(learner=mine)
    ConceptProgress.objects.bulk_update(updated, PROGRESS_FIELDS)


def _move_the_rest(theirs: Learner, mine: Learner) -> None:
    """Everything else that belongs to the browser's learner (its answers, and whatever
    other apps keep per learner, such as lesson sittings) moves to the account's, instead
    of going with it when it is deleted."""
    for relation in Learner._meta.related_objects:
        if relation.one_to_many and relation.related_model is not ConceptProgress:
            name = relation.field.name
            relation.related_model._base_manager.filter(**{name: theirs}).update(**{name: mine})
