"""Forms too big to read: the page comes back with an error, never a bare 400.

Django refuses to read more than ``DATA_UPLOAD_MAX_MEMORY_SIZE`` (2.5 MB) of form fields
and answers ``RequestDataTooBig`` with a bare, English "Bad Request", losing everything
the teacher typed. ``OversizedFormMiddleware`` reads such a form itself, in chunks: every
field of up to ``KEPT_FIELD`` bytes is kept, each bigger field (or any file) is read past
and named in ``too_big(request)``. The view then shows its form again, the small fields
filled in and an error beside the big one (``form_is_valid``). A body past
``MAX_REQUEST_BODY`` is not read at all: a 413 page in the page's language.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from urllib.parse import unquote_plus

from django.conf import settings
from django.forms import Form
from django.http import HttpRequest, HttpResponse, QueryDict
from django.http.multipartparser import FIELD, ChunkIter, LazyStream, Parser
from django.shortcuts import render
from django.utils.datastructures import MultiValueDict
from django.utils.http import parse_header_parameters
from django.utils.translation import gettext as _

from .locales import current_language, format_number

KEPT_FIELD = 64 * 1024
CHUNK = 64 * 1024
_TOO_BIG = "_too_big_fields"


def too_big(request: HttpRequest) -> frozenset[str]:
    """The names of the fields this request's form sent but were too big to read."""
    return request.__dict__.get(_TOO_BIG, frozenset())


def too_big_message() -> str:
    megabytes = format_number(settings.DATA_UPLOAD_MAX_MEMORY_SIZE / 2**20, current_language())
    return _(
        "This is too long to send: a form may carry at most %(size)s MB. Nothing was saved; "
        "send a shorter text."
    ) % {"size": megabytes}


def form_is_valid(request: HttpRequest, form: Form) -> bool:
    """``form.is_valid()``, and false too when the request could not carry one of its
    fields: that field then shows the too-big error in place of whatever the form said of
    it (empty, it is only "required")."""
    valid = form.is_valid()
    missing = too_big(request) & set(form.fields)
    for name in missing:
        form.errors[name] = form.error_class([too_big_message()])
    return valid and not missing


class OversizedFormMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        try:
            length = int(request.META.get("CONTENT_LENGTH") or 0)
        except ValueError:
            length = 0
        if request.method == "POST" and length > settings.DATA_UPLOAD_MAX_MEMORY_SIZE:
            if length > settings.MAX_REQUEST_BODY:
                return render(request, "413.html", {"message": too_big_message()}, status=413)
            _read_without_big_fields(request)
        return self.get_response(request)


def _read_without_big_fields(request: HttpRequest) -> None:
    content_type, options = parse_header_parameters(request.META.get("CONTENT_TYPE", ""))
    kept: list[tuple[str, str]] = []
    dropped: set[str] = set()
    if content_type == "multipart/form-data" and options.get("boundary"):
        parts = _multipart(request, options["boundary"].encode("ascii", "replace"), dropped)
    else:
        parts = _urlencoded(request, dropped)
    budget = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
    for name, value in parts:
        budget -= len(name) + len(value)
        if budget < 0:
            dropped.add(name)
        else:
            kept.append((name, value))
    post = QueryDict(mutable=True, encoding=request.encoding)
    for name, value in kept:
        post.appendlist(name, value)
    post._mutable = False
    request._post = post  # type: ignore[attr-defined]
    request._files = MultiValueDict()  # type: ignore[attr-defined]
    request.__dict__[_TOO_BIG] = frozenset(dropped)


def _multipart(
    request: HttpRequest, boundary: bytes, dropped: set[str]
) -> Iterator[tuple[str, str]]:
    encoding = request.encoding or settings.DEFAULT_CHARSET
    stream = LazyStream(ChunkIter(request, CHUNK))
    for item_type, meta, part in Parser(stream, boundary):
        try:
            name = meta["content-disposition"][1]["name"]
        except (KeyError, IndexError, TypeError):
            _read_past(part)
            continue
        if isinstance(name, bytes):
            name = name.decode(encoding, "replace")
        name = str(name).strip()
        data = part.read(KEPT_FIELD + 1) if item_type == FIELD else b""
        if item_type != FIELD or len(data) > KEPT_FIELD:
            _read_past(part)
            dropped.add(name)
            continue
        yield name, data.decode(encoding, "replace")


def _read_past(part: LazyStream) -> None:
    """Read a part to its end without keeping it."""
    while part.read(CHUNK):
        pass


def _urlencoded(request: HttpRequest, dropped: set[str]) -> Iterator[tuple[str, str]]:
    encoding = request.encoding or settings.DEFAULT_CHARSET
    for name, value, whole in url_encoded_pairs(iter(lambda: request.read(CHUNK), b"")):
        if whole:
            for key, kept in QueryDict(name + b"=" + value, encoding=encoding).items():
                yield key, str(kept)
        elif name:
            dropped.add(unquote_plus(name.decode("ascii", "replace"), encoding=encoding))


def url_encoded_pairs(chunks: Iterable[bytes]) -> Iterator[tuple[bytes, bytes, bool]]:
    """The ``name=value`` pairs of a url-encoded body, each as (name, value, whole): a pair
    past ``KEPT_FIELD`` is read past, its value never kept, ``whole`` false.

    >>> list(url_encoded_pairs([b"a=1&b=", b"x" * 70000, b"x&c=3"]))
    [(b'a', b'1', True), (b'b', b'', False), (b'c', b'3', True)]
    """
    current, whole = b"", True
    for chunk in chunks:
        *done, rest = chunk.split(b"&")
        for piece in done:
            yield _pair(current + piece if whole else current, whole)
            current, whole = b"", True
        if whole:
            current += rest
            if len(current) > KEPT_FIELD:
                current, whole = current.partition(b"=")[0][:256], False
    if current or not whole:
        yield _pair(current, whole)


def _pair(pair: bytes, whole: bool) -> tuple[bytes, bytes, bool]:
    if not whole:
        return pair, b"", False
    name, _sep, value = pair.partition(b"=")
    return name, value, True
