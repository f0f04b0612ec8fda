"""The site's URLconf plus ``/bare/``: the smallest view Django can serve, through the
site's whole middleware stack, as the framework's own limit to compare pages with."""

from django.http import HttpRequest, HttpResponse
from django.urls import path
from django.views.decorators.http import require_GET

from tutor.urls import urlpatterns as site_urlpatterns


@require_GET
def bare(request: HttpRequest) -> HttpResponse:
    return HttpResponse(b"ok", content_type="text/plain")


urlpatterns = [
    path("bare/", bare, name="bare"),
    *site_urlpatterns,
]
