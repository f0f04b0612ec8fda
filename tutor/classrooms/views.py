"""The teacher's classes: the list, making, renaming and deleting a class, and its roster
(names added many at once, renamed, removed).

A teacher sees and changes only their own classes: anything else is a 404, and an
anonymous visitor is sent to log in. Every change is a POST; a form with errors is shown
again with them (status 422), anything else redirects, so the pages work as plain forms.
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db import IntegrityError, transaction
from django.db.models import Count
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from tutor.core.http import AuthenticatedHttpRequest
from tutor.core.locales import current_language
from tutor.core.names import looks, with_names
from tutor.quizzes import deletion, services
from tutor.quizzes.models import Quiz, Session
from tutor.words.base import join_names, number

from . import deletion as class_deletion
from .forms import MESSAGES, ClassNameForm, MemberForm, NewClassForm, RosterForm
from .models import Classroom, Member
from .teacher_common import own_class


def _list(request: AuthenticatedHttpRequest, form: NewClassForm, status: int = 200) -> HttpResponse:
    classes = Classroom.objects.filter(owner=request.user).annotate(
        member_count=Count("members", distinct=True),
        session_count=Count("class_sessions", distinct=True),
    )
    return render(
        request, "classrooms/index.html", {"classes": classes, "form": form}, status=status
    )


@login_required
@require_GET
def index(request: AuthenticatedHttpRequest) -> HttpResponse:
    return _list(request, NewClassForm(owner=request.user))


@login_required
@require_POST
def class_new(request: AuthenticatedHttpRequest) -> HttpResponse:
    form = NewClassForm(request.POST, owner=request.user)
    if not form.is_valid():
        return _list(request, form, status=422)
    with transaction.atomic():
        classroom = Classroom.objects.create(owner=request.user, name=form.cleaned_data["name"])
        Member.objects.bulk_create(
            [_member(classroom, name) for name in form.cleaned_data["names"]]
        )
    messages.success(request, with_names(_("Class “%(name)s” created."), name=classroom.name))
    return redirect("classrooms:classroom", pk=classroom.pk)


def _member(classroom: Classroom, name: str) -> Member:
    """A new roster entry (``bulk_create`` skips ``save``, which fills in the looks)."""
    skeleton, capitals = looks(name)
    return Member(classroom=classroom, name=name, skeleton=skeleton, capitals=capitals)


def _page(
    request: AuthenticatedHttpRequest, classroom: Classroom, status: int = 200, **forms: Any
) -> HttpResponse:
    sessions = Session.objects.filter(class_session__classroom=classroom).listed()
    quizzes = services.runnable(Quiz.objects.filter(owner=request.user))
    context = {
        "classroom": classroom,
        "members": classroom.members.in_order(),
        "sessions": sessions,
        "quizzes": quizzes,
        "join_url": request.build_absolute_uri(reverse("quizzes:join-code", args=[classroom.code])),
        "rename_form": forms.get("rename_form") or ClassNameForm(initial={"name": classroom.name}),
        "roster_form": forms.get("roster_form") or RosterForm(classroom=classroom),
    }
    return render(request, "classrooms/classroom.html", context, status=status)


@login_required
@require_GET
def classroom(request: AuthenticatedHttpRequest, pk: int) -> HttpResponse:
    return _page(request, own_class(request, pk))


@login_required
@require_POST
def class_rename(request: AuthenticatedHttpRequest, pk: int) -> HttpResponse:
    classroom = own_class(request, pk)
    form = ClassNameForm(request.POST)
    if not form.is_valid():
        return _page(request, classroom, status=422, rename_form=form)
    classroom.name = form.cleaned_data["name"]
    classroom.save(update_fields=["name"])
    messages.success(
        request, with_names(_("The class is now called “%(name)s”."), name=classroom.name)
    )
    return redirect("classrooms:classroom", pk=classroom.pk)


@login_required
@require_http_methods(["GET", "POST"])
def class_delete(request: AuthenticatedHttpRequest, pk: int) -> HttpResponse:
    """The class and its roster; with ``sessions`` ticked, the sessions run for it too, with
    their students (whose nicknames are the roster's names) and answers."""
    classroom = own_class(request, pk)
    sessions = Session.objects.filter(class_session__classroom=classroom)
    if request.method == "POST":
        name = classroom.name
        with transaction.atomic():
            if request.POST.get("sessions") == "yes":
                Session.objects.filter(pk__in=list(sessions.values_list("pk", flat=True))).delete()
            classroom.delete()
        messages.success(request, with_names(_("Class “%(name)s” deleted."), name=name))
        return redirect("classrooms:index")
    held = deletion.SessionsHeld.of(sessions)
    context = {
        "classroom": classroom,
        "session_count": held.sessions,
        "lines": [class_deletion.names(classroom.members.count())],
        "sessions_held": join_names(held.lines()),
    }
    return render(request, "classrooms/delete.html", context)


@login_required
@require_POST
def names_add(request: AuthenticatedHttpRequest, pk: int) -> HttpResponse:
    classroom = own_class(request, pk)
    form = RosterForm(request.POST, classroom=classroom)
    if not form.is_valid():
        return _page(request, classroom, status=422, roster_form=form)
    names = form.cleaned_data["names"]
    try:
        with transaction.atomic():
            Member.objects.bulk_create([_member(classroom, name) for name in names])
    except IntegrityError:  # a look-alike name was added meanwhile (another tab)
        form.add_error("names", MESSAGES["roster_changed"])
        return _page(request, classroom, status=422, roster_form=form)
    count = number(len(names), current_language())
    messages.success(
        request,
        ngettext("%(count)s name added.", "%(count)s names added.", len(names)) % {"count": count},
    )
    return redirect("classrooms:classroom", pk=classroom.pk)


@login_required
@require_POST
def member_edit(request: AuthenticatedHttpRequest, pk: int, member_id: int) -> HttpResponse:
    """Rename a roster name, or remove it (the quizzes' results keep what they answered)."""
    classroom = own_class(request, pk)
    member = get_object_or_404(Member, pk=member_id, classroom=classroom)
    action = request.POST.get("action", "")
    if action == "remove":
        member.delete()
        messages.success(
            request, with_names(_("%(name)s was taken off the roster."), name=member.name)
        )
    elif action == "rename":
        form = MemberForm(request.POST, member=member)
        if form.is_valid():
            old, member.name = member.name, form.cleaned_data["name"]
            try:
                with transaction.atomic():
                    member.save(update_fields=["name", "skeleton", "capitals"])
            except IntegrityError:  # a look-alike name was added meanwhile
                messages.error(request, MESSAGES["roster_changed"])
            else:
                messages.success(
                    request, with_names(_("%(old)s renamed to %(new)s."), old=old, new=member.name)
                )
        else:
            for error in form.errors["name"]:
                messages.error(request, str(error))
    else:
        messages.error(request, _("That control does not exist."))
    return redirect(reverse("classrooms:classroom", args=[classroom.pk]) + "#roster")
