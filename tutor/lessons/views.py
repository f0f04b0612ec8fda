"""The learning path's pages: the two courses, a course's units, a unit's lesson, the review
of what is due, and the learner's progress on every concept.

Pages only read: a learner (and their cookie) is made when they start a practice, a check
or a review (``sitting_views.py``). A newcomer sees every course and unit not started.
"""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from tutor.concepts import CONCEPTS
from tutor.core.locales import current_language
from tutor.core.numbers import whole_number
from tutor.core.zones import zone_label
from tutor.learning import addresses, daily, review
from tutor.learning.learners import current_learner
from tutor.learning.models import Learner

from . import progress, sittings
from .courses import COURSES, unit
from .forms import AddressForm
from .models import Sitting
from .pages import lesson_page, not_found
from .words import mastery_rules


@require_GET
def index(request: HttpRequest) -> HttpResponse:
    learner = current_learner(request)
    due = review.due(learner, timezone.now(), limit=sittings.REVIEW_SIZE) if learner else []
    context = {"courses": progress.course_views(learner), "due": len(due)}
    return render(request, "lessons/index.html", context)


@require_GET
def course(request: HttpRequest, course: str) -> HttpResponse:
    found = COURSES.get(course)
    if found is None:
        return not_found(request)
    view = progress.course_view(found, current_learner(request))
    return render(request, "lessons/course.html", {"view": view, "course": found})


@require_GET
def lesson(request: HttpRequest, course: str, slug: str) -> HttpResponse:
    found = unit(course, slug)
    if found is None:
        return not_found(request)
    return lesson_page(request, found)


@require_http_methods(["GET", "POST"])
def review_page(request: HttpRequest) -> HttpResponse:
    """What is due, and a form to start (or resume) a review of it; POST starts it."""
    now = timezone.now()
    learner = current_learner(request)  # nothing is due to someone with no learner yet
    due = review.due(learner, now, limit=sittings.REVIEW_SIZE) if learner else []
    ongoing = Sitting.objects.of(learner).unfinished().filter(kind=Sitting.Kind.REVIEW).first()
    if request.method == "POST" and learner is not None:
        sitting = ongoing or sittings.start_review(learner, due)
        if sitting is not None:
            return redirect("lessons:sitting", pk=sitting.pk)
    language = current_language()
    upcoming = review.next_due(learner, now) if learner and not due else None
    context = {
        "due": [CONCEPTS[c] for c in due],
        "ongoing": ongoing,
        "next_due": progress.when_html(upcoming, language, progress.zone_of(request, language))
        if upcoming
        else "",
        "courses": progress.course_views(learner),
    }
    return render(request, "lessons/review.html", context)


@require_GET
def progress_page(request: HttpRequest) -> HttpResponse:
    return _progress(request)


def _progress(
    request: HttpRequest,
    errors: dict[str, str] | None = None,
    status: int = 200,
    address_form: AddressForm | None = None,
) -> HttpResponse:
    language = current_language()
    learner = current_learner(request)
    zone = progress.zone_of(request, language)
    now = timezone.now()
    rules, drop = mastery_rules()
    context = {
        "games": progress.concept_rows(learner, now, language, zone),
        "rules": rules,
        "drop": drop,
        "learner": learner,
        "goal": daily.standing(learner, now),
        "goals": daily.GOALS,
        "day_zone": zone_label(daily.learner_zone(learner).key if learner else str(zone), language),
        "errors": errors or {},
        "window": progress.reminder_window(language),
        "address_form": address_form or AddressForm(),
        "address_confirmed": addresses.is_confirmed(learner, request.user),
    }
    return render(request, "lessons/progress.html", context, status=status)


@require_POST
def goal(request: HttpRequest) -> HttpResponse:
    """Set the daily goal (a learner is made for it if there is none yet)."""
    chosen = whole_number(request.POST.get("goal", ""), 3)
    if chosen not in daily.GOALS:
        error = _("Choose one of the daily goals offered.")
        return _progress(request, {"goal": error}, status=422)
    learner = current_learner(request, create=True)
    assert learner is not None
    daily.set_goal(learner, chosen, timezone.now())
    messages.success(request, _("Your daily goal is saved."))
    return redirect("lessons:progress")


@require_POST
def reminders(request: HttpRequest) -> HttpResponse:
    """Turn the reminder e-mails on or off: only for an account with an e-mail address."""
    user = request.user
    if not user.is_authenticated or not getattr(user, "email", ""):
        error = _("Reminders go by e-mail: they need an account with an e-mail address.")
        return _progress(request, {"remind": error}, status=422)
    learner = current_learner(request, create=True)
    assert learner is not None
    learner.remind = request.POST.get("remind") == "on"
    learner.save(update_fields=["remind"])
    messages.success(request, _("Reminders are on.") if learner.remind else _("Reminders are off."))
    return redirect("lessons:progress")


@require_POST
def address(request: HttpRequest) -> HttpResponse:
    """Add, change or remove (``remove``) the account's e-mail address; without one the
    reminders stop."""
    user = request.user
    if not user.is_authenticated:
        error = _("Reminders go by e-mail: they need an account with an e-mail address.")
        return _progress(request, {"remind": error}, status=422)
    if "remove" in request.POST:
        user.email = ""
        user.save(update_fields=["email"])
        Learner.objects.filter(user=user).update(remind=False, confirmed_email="")
        messages.success(request, _("Your e-mail address is removed; reminders are off."))
        return redirect("lessons:progress")
    form = AddressForm(request.POST)
    if not form.is_valid():
        return _progress(request, status=422, address_form=form)
    if form.cleaned_data["email"] == user.email:
        messages.success(request, _("Your e-mail address is saved."))
        return redirect("lessons:progress")
    user.email = form.cleaned_data["email"]
    user.save(update_fields=["email"])
    learner = current_learner(request, create=True)
    assert learner is not None
    # One link in RESEND_EVERY per account, whatever the address: switching between two
    # addresses must not turn the form into a way to flood someone's mailbox.
    if not addresses.is_confirmed(learner, user) and not _send_link(request, learner):
        messages.info(
            request,
            _(
                "Only one link goes out every ten minutes, so nobody can be flooded with "
                "e-mail: send the link to this address again in a few minutes."
            ),
        )
    messages.success(request, _("Your e-mail address is saved."))
    return redirect("lessons:progress")


@require_POST
def send_again(request: HttpRequest) -> HttpResponse:
    """E-mail the link that confirms the account's address again (once in
    ``addresses.RESEND_EVERY`` at most)."""
    learner = current_learner(request, create=True) if request.user.is_authenticated else None
    if learner is None or not getattr(request.user, "email", ""):
        error = _("Reminders go by e-mail: they need an account with an e-mail address.")
        return _progress(request, {"remind": error}, status=422)
    if addresses.is_confirmed(learner, request.user):
        return redirect("lessons:progress")
    if not _send_link(request, learner):
        error = _(
            "A link went to this address a few minutes ago. Wait ten minutes, then send it again."
        )
        return _progress(request, {"address": error}, status=429)
    return redirect("lessons:progress")


def _send_link(request: HttpRequest, learner: Learner) -> bool:
    user = request.user
    assert user.is_authenticated
    site_url = request.build_absolute_uri("/").rstrip("/")
    sent = addresses.send_confirmation(learner, user, current_language(), site_url, timezone.now())
    if sent:
        messages.info(
            request,
            _("We sent a link to %(address)s: open it to confirm the address.")
            % {"address": user.email},
        )
    return sent
