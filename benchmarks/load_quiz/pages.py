"""The site as the simulated clients see it: the quiz's questions, the statuses each kind of
request may get, the English sentences that say what happened to an answer, and how a page
is read (its CSRF token, its state version, its answer form)."""

from __future__ import annotations

import re
from dataclasses import dataclass

LANGUAGE = "en"  # refusals are recognised by their English wording
# The quiz's questions cycle through these; their answers are radio buttons or checkboxes.
QUESTION_DRILLS = (
    ("teenpatti-showdown", "easy"),
    ("holdem-showdown", "medium"),
    ("name-the-hand", "easy"),
)
# The statuses each kind of request may get in a healthy run; anything else is an error.
EXPECTED = {
    "join": {200, 302},
    "play": {200},
    "final": {200},
    "state": {200, 204, 286},
    "answer": {200},
    "login": {200, 302},
    "teacher": {200, 302, 286},
    "drill": {200},
    "bare": {200},
    "poll": {204},
    "stream": {200},
}
ALREADY_ANSWERED = "You have already answered this question"
NOT_CURRENT = "That question is no longer open"
RECEIVED = "Your answer has been received."
# What the reply to an answer said, as the student reads it (also "refused", "invalid",
# "lost", "unexpected" and "error <status>").
STORED, ALREADY, CLOSED, UNKNOWN = "stored", "already", "closed", "unknown"
SETTLED = {STORED, ALREADY, CLOSED, "refused", "invalid", "lost"}  # a reply that ends the tries

SCORE = 'class="score"'  # the finished screen's score line
VERSION_RE = re.compile(r'/state/\?v=(\d+)"')
INDEX_RE = re.compile(r'name="index" value="(\d+)"')
CSRF_RE = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')
ATTEMPT_RE = re.compile(r'name="attempt" value="([^"]+)"')
# The status region's error, after any notice (a homework question's time ran out).
STATUS_ERROR_RE = re.compile(
    r'class="quiz-status">(?:<p class="notice[^"]*">[^<]*</p>)*<p class="error">([^<]*)</p>'
)
CHOICE_RE = re.compile(r'<input type="(radio|checkbox)" name="([^"]+)" value="([^"]*)"')
AT_RE = re.compile(r'name="at" value="([a-z]+:-?\d+)"')

Answer = dict[str, list[str]]  # {field name: [values]}, as posted and as stored
Choices = dict[str, tuple[str, list[str]]]  # {field name: (radio|checkbox, [values])}


class Failure(Exception):
    """A page the client did not expect: this client gives up, the run fails."""


def form_fields(text: str) -> Choices:
    """The answer form's choices.

    >>> form_fields('<form class="answer-form"><input type="radio" name="w" value="a">'
    ...             '<input type="radio" name="w" value="b"></form>')
    {'w': ('radio', ['a', 'b'])}
    """
    start = text.find('class="answer-form"')
    form = text[start : text.find("</form>", start)] if start >= 0 else ""
    choices: Choices = {}
    for kind, name, value in CHOICE_RE.findall(form):
        choices.setdefault(name, (kind, []))[1].append(value)
    return choices


def csrf_token(text: str) -> str:
    found = CSRF_RE.search(text)
    if not found:
        raise Failure("no CSRF token on the page")
    return found.group(1)


def answer_outcome(text: str) -> str:
    """What an answer's reply (the new stage) says: an error message in the status region
    (refused), or "received" (stored).

    >>> answer_outcome('<div class="quiz-status"><p class="notice time-up">Time&#x27;s up '
    ...                'for question 1.</p><p class="error">Time was up.</p></div>')
    'refused'
    >>> answer_outcome('<div class="quiz-status"><p class="error">You have already answered '
    ...                'this question; your first answer counts.</p></div>')
    'already'
    """
    error = STATUS_ERROR_RE.search(text)
    if error:
        if ALREADY_ANSWERED in error.group(1):
            return ALREADY
        return CLOSED if NOT_CURRENT in error.group(1) else "refused"
    return STORED if RECEIVED in text else "unexpected"


@dataclass
class PlayPage:
    version: str
    finished: bool
    index: int | None  # the question whose answer form is shown, if any
    choices: Choices
    csrf: str

    @classmethod
    def parse(cls, text: str) -> PlayPage:
        version = VERSION_RE.search(text)
        index = INDEX_RE.search(text)
        csrf = CSRF_RE.search(text)
        return cls(
            version=version.group(1) if version else "",
            # A live session's page polls until it has ended; homework shows a form, or the
            # score (which has no form).
            finished=version is None and (index is None or SCORE in text),
            index=int(index.group(1)) if index else None,
            choices=form_fields(text) if index else {},
            csrf=csrf.group(1) if csrf else "",
        )
