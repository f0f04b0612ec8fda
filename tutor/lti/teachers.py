"""Each LMS instructor is a tutor account of their own: found by (platform, ``sub``), or
made on their first launch, with a username from their LMS username, e-mail or name (by
the rules of every username, ``tutor.core.names``, unlike any other account's look), the
names and e-mail of the launch, and an unusable password (they sign in from the LMS).

A resource link's session belongs to the teacher who set it up; another instructor
launching it from the same course (the LMS context the link was set up in) becomes its
co-teacher and may open its console and grades; anyone else is refused."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from django.db.models import Q

from tutor.core import names
from tutor.quizzes.models import Session, UsernameLook

from .launches import Claims, Person, Refused
from .models import CoTeacher, LmsTeacher, ResourceLink

#: The longest username made from the claims (a suffix " -2" may follow).
NAME_LENGTH = 40
FALLBACK = "lms-teacher"


def account(claims: Claims) -> Any:
    """The tutor account of this launch's instructor: theirs since their first launch
    (their names and e-mail kept up to date), or made now."""
    person = claims.person
    if not person.sub:
        raise Refused("malformed")
    known = LmsTeacher.objects.filter(platform=claims.platform, sub=person.sub)
    if (teacher := known.select_related("user").first()) is not None:
        _remember(teacher.user, person)
        return teacher.user
    for _attempt in range(3):
        try:
            with transaction.atomic():
                user = _new_account(person)
                LmsTeacher.objects.create(platform=claims.platform, sub=person.sub, user=user)
                return user
        except IntegrityError:  # the same teacher's first launch twice, or a name taken
            if (teacher := known.select_related("user").first()) is not None:
                return teacher.user
    raise Refused("busy")


def username_bases(person: Person) -> list[str]:
    """The usernames a teacher could have, best first, each by the rules of usernames."""
    raw = [
        person.username,
        person.email.split("@")[0],
        person.name.replace(" ", "."),
        f"{person.given_name}.{person.family_name}".strip("."),
    ]
    bases = []
    for candidate in raw:
        try:
            cleaned = names.clean_username(candidate)[:NAME_LENGTH].strip(".-_+@ ")
        except names.UnsafeName:
            continue
        if cleaned and cleaned not in bases:
            bases.append(cleaned)
    return [*bases, FALLBACK]


def _looks_taken(username: str) -> bool:
    lower, upper = names.looks(username)
    return (
        get_user_model().objects.filter(username__iexact=username).exists()
        or UsernameLook.objects.filter(Q(skeleton=lower) | Q(capitals=upper)).exists()
    )


def free_username(person: Person) -> str:
    """The first username from :func:`username_bases` that looks like no account's, else
    the first with ``-2``, ``-3`` ... after it."""
    bases = username_bases(person)
    for base in bases:
        if not _looks_taken(base):
            return base
    number = 2
    while _looks_taken(f"{bases[0]}-{number}"):
        number += 1
    return f"{bases[0]}-{number}"


def _new_account(person: Person) -> Any:
    user = get_user_model()(
        username=free_username(person),
        email=person.email[:254],
        first_name=person.given_name[:150],
        last_name=person.family_name[:150],
    )
    user.set_unusable_password()
    user.save()
    lower, upper = names.looks(user.get_username())
    UsernameLook.objects.create(user=user, skeleton=lower, capitals=upper)
    return user


def _remember(user: Any, person: Person) -> None:
    values = {
        "email": person.email[:254],
        "first_name": person.given_name[:150],
        "last_name": person.family_name[:150],
    }
    changed = [field for field, value in values.items() if value and getattr(user, field) != value]
    for field in changed:
        setattr(user, field, values[field])
    if changed:
        user.save(update_fields=changed)


def admit(link: ResourceLink, claims: Claims, user: Any) -> None:
    """Let ``user`` (this launch's instructor) open the link's session: its owner, or an
    instructor of the course the link was set up in (a co-teacher from now on);
    :class:`Refused` for anyone else."""
    if link.session.quiz.owner_id == user.pk:
        return
    if not (link.context_id and claims.context_id == link.context_id):
        raise Refused("other_course")
    CoTeacher.objects.get_or_create(link=link, user=user)


def may_open(user: Any, session: Session) -> bool:
    """Whether ``user`` co-teaches ``session`` (``tutor.quizzes.access`` asks)."""
    return CoTeacher.objects.filter(link__session=session, user=user).exists()
