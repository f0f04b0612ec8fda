from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from tutor.core.locales import current_language

from .documents import DOCUMENTS, RULE_PAGES
from .render import render_document


@require_GET
def index(request: HttpRequest) -> HttpResponse:
    pages = [DOCUMENTS[slug] for slug in RULE_PAGES]
    return render(request, "rules/index.html", {"pages": pages})


def _page(request: HttpRequest, slug: str, template: str) -> HttpResponse:
    document = DOCUMENTS.get(slug)
    if document is None:
        raise Http404
    rendered = render_document(document, current_language())
    return render(request, template, {"document": document, "page": rendered})


@require_GET
def rule_page(request: HttpRequest, slug: str) -> HttpResponse:
    if slug not in RULE_PAGES:
        raise Http404
    return _page(request, slug, "rules/page.html")


@require_GET
def glossary(request: HttpRequest) -> HttpResponse:
    return _page(request, "glossary", "rules/page.html")
