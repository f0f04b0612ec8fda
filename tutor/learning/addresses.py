"""Confirming the address reminders go to: nothing is sent to an address until its owner
opened the link e-mailed to it.

Adding or changing the account's address sends one e-mail (:func:`send_confirmation`)
with a signed link naming the account and the address, good for :data:`CONFIRM_AGE`.
The link confirms that address only while it is still the account's: changing it again
leaves the old link useless. ``Learner.confirmed_email`` keeps what was confirmed;
reminders go only while it equals the account's address (``reminders.asking``).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from datetime import datetime, timedelta

from django.contrib.auth.base_user import AbstractBaseUser
from django.contrib.auth.models import AnonymousUser
from django.core import signing
from django.core.mail import EmailMultiAlternatives
from django.db.models import Q
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext

from .models import Learner

TOKEN_SALT = "tutor.learning.addresses.confirm"
#: How long a confirmation link works.
CONFIRM_AGE = timedelta(days=3)
#: The shortest wait between two confirmation e-mails to one account.
RESEND_EVERY = timedelta(minutes=10)
#: Longer tokens are refused unread (an address is at most 254 characters).
TOKEN_LENGTH = 600


class Refused(enum.Enum):
    """Why a confirmation link does not confirm (the page says it in words)."""

    FORGED = "forged"  # changed, cut short, or not ours
    EXPIRED = "expired"
    OTHER_ACCOUNT = "other-account"  # signed in as someone else
    CHANGED = "changed"  # the account's address is another one now


@dataclass(frozen=True)
class Link:
    """What a confirmation link names: an account and an address."""

    user_pk: int
    address: str


def is_confirmed(learner: Learner | None, user: AbstractBaseUser | AnonymousUser) -> bool:
    address = getattr(user, "email", "")
    return bool(address) and learner is not None and learner.confirmed_email == address


def confirm_token(user_pk: int, address: str) -> str:
    return signing.dumps({"u": user_pk, "a": address}, salt=TOKEN_SALT)


def read_token(token: str) -> Link | Refused:
    if len(token) > TOKEN_LENGTH:
        return Refused.FORGED
    try:
        data = signing.loads(token, salt=TOKEN_SALT, max_age=CONFIRM_AGE)
    except signing.SignatureExpired:
        return Refused.EXPIRED
    except signing.BadSignature:
        return Refused.FORGED
    pk, address = (data.get("u"), data.get("a")) if isinstance(data, dict) else (None, None)
    if not isinstance(pk, int) or isinstance(pk, bool) or not isinstance(address, str):
        return Refused.FORGED
    return Link(pk, address)


def check(link: Link | Refused, user: AbstractBaseUser | AnonymousUser) -> Link | Refused:
    """``link`` if it may confirm now for whoever is signed in (anyone signed out: the
    signature is the proof), else why not."""
    if isinstance(link, Refused):
        return link
    if user.is_authenticated and user.pk != link.user_pk:
        return Refused.OTHER_ACCOUNT
    if not Learner.objects.filter(user_id=link.user_pk, user__email=link.address).exists():
        return Refused.CHANGED
    return link


def confirm(link: Link) -> bool:
    """Confirm the address ``link`` names, if it is still the account's."""
    found = Learner.objects.filter(user_id=link.user_pk, user__email=link.address)
    return found.update(confirmed_email=link.address) == 1


def claim_sending(learner: Learner, now: datetime) -> bool:
    """Mark a confirmation e-mail as sent now, unless one went less than
    :data:`RESEND_EVERY` ago (one update, so two requests at once send one)."""
    recent = Q(confirm_sent__gt=now - RESEND_EVERY)
    claimed = Learner.objects.filter(pk=learner.pk).exclude(recent).update(confirm_sent=now)
    return claimed == 1


def message(user: AbstractBaseUser, language: str, site_url: str) -> EmailMultiAlternatives:
    """The confirmation e-mail to ``user``'s address, in ``language``."""
    address = getattr(user, "email", "")
    with translation.override(language):
        token = confirm_token(user.pk, address)
        context = {
            "name": user.get_username(),
            "address": address,
            "language": language,
            "days": CONFIRM_AGE.days,
            "confirm_url": site_url + reverse("lessons:confirm-address", args=[token]),
        }
        mail = EmailMultiAlternatives(
            gettext("Confirm your e-mail address"),
            render_to_string("learning/confirm_address.txt", context),
            to=[address],
        )
        mail.attach_alternative(
            render_to_string("learning/confirm_address.html", context), "text/html"
        )
    return mail


def send_confirmation(
    learner: Learner, user: AbstractBaseUser, language: str, site_url: str, now: datetime
) -> bool:
    """E-mail ``user`` a link that confirms their address; False (nothing sent) when one
    went less than :data:`RESEND_EVERY` ago."""
    if not claim_sending(learner, now):
        return False
    message(user, language, site_url).send()
    return True
