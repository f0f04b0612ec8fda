"""The stop link of the reminder e-mails: it works without logging in, since the signed
token in its address names the learner (``learning.reminders``). Opened, it asks to
confirm; a mail program's one-click unsubscribe (RFC 8058) posts to it directly."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_http_methods

from tutor.learning import reminders


@csrf_exempt  # a one-click unsubscribe posts without the form's token: the signed link is the proof
@require_http_methods(["GET", "POST"])
def stop(request: HttpRequest, token: str) -> HttpResponse:
    pk = reminders.read_stop_token(token)
    if pk is None:
        return render(request, "lessons/stop_reminders.html", {"invalid": True}, status=400)
    if request.method == "POST":
        reminders.stop(pk)
        return render(request, "lessons/stop_reminders.html", {"stopped": True})
    return render(request, "lessons/stop_reminders.html", {"token": token})
