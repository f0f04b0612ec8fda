"""The links in e-mails, which work without logging in since the signed token in their
address names the learner: the reminders' stop link (``learning.reminders``; opened, it
asks to confirm; a mail program's one-click unsubscribe, RFC 8058, posts to it directly)
and the link that confirms a reminder address (``learning.addresses``; opened, it asks,
and only the button's POST confirms, so a mail scanner fetching links confirms nothing)."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_http_methods

from tutor.learning import addresses, reminders


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


#: The status of each refusal of a confirmation link (the page says why in words).
REFUSED_STATUS = {
    addresses.Refused.FORGED: 400,
    addresses.Refused.EXPIRED: 400,
    addresses.Refused.CHANGED: 400,
    addresses.Refused.OTHER_ACCOUNT: 403,
}


@require_http_methods(["GET", "POST"])
def confirm_address(request: HttpRequest, token: str) -> HttpResponse:
    link = addresses.check(addresses.read_token(token), request.user)
    page = "lessons/confirm_address.html"
    if isinstance(link, addresses.Refused):
        context = {"refused": link.value, "days": addresses.CONFIRM_AGE.days}
        return render(request, page, context, status=REFUSED_STATUS[link])
    if request.method == "POST" and addresses.confirm(link):
        return render(request, page, {"address": link.address, "confirmed": True})
    return render(request, page, {"address": link.address, "token": token})
