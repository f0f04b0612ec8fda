"""The teacher's forms: sign up, a quiz's settings, its slots, and starting a session.

Every bound value is checked here (counts, points and times within range, a drill that
can go into a quiz, a closing time after the opening time), so a view only has to show
the errors again.
"""

from __future__ import annotations

import zoneinfo
from datetime import datetime
from typing import TYPE_CHECKING, Any

from django import forms
from django.contrib.auth import get_user_model
from django.contrib.auth.forms import UserCreationForm
from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from tutor.core import names
from tutor.core.locales import current_language, format_number, language_choices
from tutor.core.zones import zone_choices
from tutor.drills.base import LEVEL_NAMES, LEVELS

from .models import Quiz, RetryPoints, Session, Slot, UsernameLook
from .services import quiz_drills

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise


MAX_TIME_LIMIT = 3600
MIN_TIME_LIMIT = 5
MAX_ATTEMPTS = 10
MAX_COUNT = 50
MAX_POINTS = 100


USERNAME_MESSAGES = {
    "invisible": _(
        "A user name cannot contain invisible characters or characters that change the "
        "direction of text."
    ),
    "long": _("A user name has at most %(limit)s characters."),
    "alike": _("An account whose user name looks like this one already exists. Choose another."),
}


class SignupForm(UserCreationForm):
    """An account, for learning and teaching: user name, password and, if the person
    wants password resets, an e-mail address.

    The user name follows the rules of every name (``names.clean_username``: letters with
    their marks, so "राम" and "রাম" too, NFKC) instead of Django's, and may not look like
    another account's (``UsernameLook``)."""

    email = forms.EmailField(
        label=_("E-mail address"),
        required=False,
        help_text=_(
            "Optional. For a link if you forget your password and, if you ask for them, "
            "daily reminders."
        ),
    )

    class Meta(UserCreationForm.Meta):
        model = get_user_model()
        fields = ("username", "email")

    def _get_validation_exclusions(self) -> set[str]:
        # The model's own rule (Django's UnicodeUsernameValidator) refuses the vowel signs
        # of "राम"; clean_username has checked the name, its length and its likes. (Django's
        # ModelForm hook, left out of django-stubs.)
        return {*super()._get_validation_exclusions(), "username"}  # type: ignore[misc]

    def clean_username(self) -> str:
        try:
            username = names.clean_username(self.cleaned_data.get("username") or "")
        except names.UnsafeName as error:
            raise forms.ValidationError(error.message(USERNAME_MESSAGES["invisible"])) from None
        limit = get_user_model()._meta.get_field("username").max_length or 150
        if len(username) > limit:
            raise forms.ValidationError(
                USERNAME_MESSAGES["long"] % {"limit": format_number(limit, current_language())}
            )
        lower, upper = names.looks(username)
        if UsernameLook.objects.filter(Q(skeleton=lower) | Q(capitals=upper)).exists():
            raise forms.ValidationError(USERNAME_MESSAGES["alike"])
        self.cleaned_data["username"] = username
        return str(super().clean_username() or "")

    def save(self, commit: bool = True) -> Any:
        if not commit:
            return super().save(commit=False)
        with transaction.atomic():  # no account without its look (a look-alike meanwhile)
            user = super().save(commit=True)
            lower, upper = names.looks(user.get_username())
            UsernameLook.objects.create(user=user, skeleton=lower, capitals=upper)
        return user

    def clean_email(self) -> str:
        # An address another account uses is taken as any other: refusing it would tell
        # whoever asks that the address has an account. A reset link for the address goes
        # to each account that uses it.
        return (self.cleaned_data.get("email") or "").strip()


QUIZ_TITLE_UNSAFE = _(
    "A title cannot contain invisible characters or characters that change the direction of text."
)


def quiz_language_choices() -> list[tuple[str, StrOrPromise]]:
    return [("", _("Each student's own language")), *language_choices()]


class QuizForm(forms.ModelForm):
    language = forms.ChoiceField(
        label=_("Language of the questions"),
        choices=quiz_language_choices,
        required=False,
        help_text=_(
            "Questions and explanations are shown in this language. Leave it on "
            "“each student's own” to let every student read in the language they join in."
        ),
    )
    time_limit = forms.IntegerField(
        label=_("Time limit per question, in seconds"),
        required=False,
        min_value=MIN_TIME_LIMIT,
        max_value=MAX_TIME_LIMIT,
        help_text=_("Leave empty for no time limit. The server enforces it."),
    )
    attempts = forms.IntegerField(
        label=_("Attempts per question"),
        min_value=1,
        max_value=MAX_ATTEMPTS,
        initial=1,
        help_text=_("How many times a student may answer a question until it is right."),
    )

    class Meta:
        model = Quiz
        fields = (
            "title",
            "language",
            "shuffle",
            "time_limit",
            "feedback",
            "attempts",
            "retry_points",
        )
        widgets = {"feedback": forms.RadioSelect, "retry_points": forms.RadioSelect}
        labels = {"retry_points": _("Points for a right answer after a wrong one")}
        help_texts = {
            "retry_points": _(
                "With more than one attempt: what a right answer earns when it is not the first."
            )
        }

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # Only asked when a quiz allows more than one attempt; left out, it is "all".
        self.fields["retry_points"].required = False

    def clean_retry_points(self) -> str:
        return str(self.cleaned_data.get("retry_points") or RetryPoints.FULL)

    def clean_title(self) -> str:
        try:
            title = names.clean(self.cleaned_data["title"])
        except names.UnsafeName as error:
            raise forms.ValidationError(error.message(QUIZ_TITLE_UNSAFE)) from None
        if not title:
            raise forms.ValidationError(_("Give the quiz a title."))
        return title


def drill_choices() -> list[tuple[str, Any]]:
    return [(d.slug, d.title) for d in quiz_drills()]


def level_choices() -> list[tuple[str, Any]]:
    return [(code, LEVEL_NAMES[code]) for code in LEVELS]


class SlotForm(forms.Form):
    """A new slot: one fixed question, or ``count`` questions drawn when a session starts."""

    drill = forms.ChoiceField(label=pgettext_lazy("quiz slot", "Drill"), choices=drill_choices)
    level = forms.ChoiceField(
        label=pgettext_lazy("drill level", "Level"), choices=level_choices, initial="easy"
    )
    kind = forms.ChoiceField(
        label=pgettext_lazy("quiz slot", "Kind"),
        choices=Slot.Kind.choices,
        initial=Slot.Kind.DRAWN,
        widget=forms.RadioSelect,
    )
    count = forms.IntegerField(
        label=_("How many questions"),
        min_value=1,
        max_value=MAX_COUNT,
        initial=1,
        help_text=_("For drawn questions: each session deals this many new ones."),
    )
    points = forms.IntegerField(
        label=_("Points per question"), min_value=0, max_value=MAX_POINTS, initial=1
    )


class SlotEditForm(forms.Form):
    level = forms.ChoiceField(label=pgettext_lazy("drill level", "Level"), choices=level_choices)
    count = forms.IntegerField(label=_("How many questions"), min_value=1, max_value=MAX_COUNT)
    points = forms.IntegerField(label=_("Points per question"), min_value=0, max_value=MAX_POINTS)


class RunForm(forms.Form):
    # The teacher's classes are filled in by classes.offer (tutor.classrooms; the field is
    # left out for a teacher without classes).
    classroom = forms.TypedChoiceField(
        label=_("For a class"),
        required=False,
        coerce=int,
        empty_value=None,
        help_text=_("Students of a class pick their name from its roster instead of typing one."),
    )
    mode = forms.ChoiceField(
        label=_("How the class takes the quiz"),
        choices=Session.Mode.choices,
        initial=Session.Mode.LIVE,
        widget=forms.RadioSelect,
    )
    opens = forms.DateTimeField(
        label=_("Opens"),
        required=False,
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M"),
        help_text=_("Homework only. Leave empty to open it now."),
    )
    closes = forms.DateTimeField(
        label=_("Closes"),
        required=False,
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M"),
        help_text=_("Homework only. Answers after this time are refused."),
    )
    zone = forms.ChoiceField(
        label=_("Time zone of these times"),
        choices=zone_choices,
        initial="UTC",
    )
    leaderboard = forms.BooleanField(
        label=_("Show a leaderboard"),
        required=False,
        help_text=_("Students' nicknames and points, best first, after each answer is revealed."),
    )
    speed_bonus = forms.BooleanField(
        label=_("Speed bonus"),
        required=False,
        help_text=_(
            "Off: a right answer earns its points. On: a right answer also earns a bonus, "
            "as many points again at once, falling to none at the time limit (20 seconds "
            "for questions without one)."
        ),
    )
    per_student = forms.BooleanField(
        label=_("Deal each student their own questions"),
        required=False,
        help_text=_(
            "Homework only. The same drills and levels, with each student's own cards and "
            "their own order of the choices in your own questions."
        ),
    )

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        if data.get("mode") != Session.Mode.HOMEWORK:
            data["opens"] = data["closes"] = None
            data["per_student"] = False
            return data
        zone_name = data.get("zone")
        if not zone_name:
            return data
        zone = zoneinfo.ZoneInfo(zone_name)
        opens = _in_zone(data.get("opens"), zone)
        closes = _in_zone(data.get("closes"), zone)
        for name, value in (("opens", opens), ("closes", closes)):
            # Times near the ends of the calendar overflow when stored in UTC.
            if value is not None and not MIN_YEAR <= value.year <= MAX_YEAR:
                self.add_error(name, forms.DateTimeField.default_error_messages["invalid"])
                return data
        now = timezone.now()
        if closes is None:
            if "closes" not in self.errors:
                self.add_error("closes", _("Homework needs a closing time."))
            return data
        if opens is not None and closes <= opens:
            self.add_error("closes", _("The closing time must be after the opening time."))
        elif closes <= now:
            self.add_error("closes", _("The closing time must be in the future."))
        data["opens"], data["closes"] = opens or now, closes
        return data


MIN_YEAR, MAX_YEAR = 2000, 2999


def _in_zone(value: datetime | None, zone: zoneinfo.ZoneInfo) -> datetime | None:
    """The form reads a datetime-local field in the server's zone; the teacher meant ``zone``."""
    if value is None:
        return None
    naive = timezone.make_naive(value) if timezone.is_aware(value) else value
    return naive.replace(tzinfo=zone)


MAX_TIME_PERCENT = 400
MAX_EXTRA_SECONDS = 3600


class AllowanceForm(forms.Form):
    """A teacher's accommodations for one student (``Participant.time_percent``,
    ``extra_seconds`` and ``closes``): more time on every question, and homework that
    closes later for them. ``closes`` is read in the session's time zone."""

    time_percent = forms.IntegerField(
        label=_("Time on each question, in percent"),
        min_value=100,
        max_value=MAX_TIME_PERCENT,
        initial=100,
        help_text=_("100 is the quiz's own time limit; 150 gives half as much again, 200 twice."),
    )
    extra_seconds = forms.IntegerField(
        label=_("Seconds added to each question"),
        min_value=0,
        max_value=MAX_EXTRA_SECONDS,
        initial=0,
    )
    closes = forms.DateTimeField(
        label=_("Homework closes for this student"),
        required=False,
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M"),
        help_text=_("Leave empty to keep the session's closing time."),
    )

    def __init__(self, *args: Any, session: Session, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.session = session

    def clean_closes(self) -> datetime | None:
        zone = zoneinfo.ZoneInfo(self.session.settings_view.zone)
        closes = _in_zone(self.cleaned_data.get("closes"), zone)
        if closes is None:
            return None
        if not MIN_YEAR <= closes.year <= MAX_YEAR:
            raise forms.ValidationError(forms.DateTimeField.default_error_messages["invalid"])
        if self.session.closes is not None and closes <= self.session.closes:
            raise forms.ValidationError(
                _("A student's own closing time must be later than the session's.")
            )
        return closes
