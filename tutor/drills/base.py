"""What every drill shares: levels, seeds, signed question tokens, answer errors, tallies.

On a drill page a question is a pure function of (drill, seed, level): the engine deals it
again when the answer comes back, so the right answer never travels to the browser. The form carries a
signed token naming the question, so a forged or mangled token is caught and answered with
a clear message and a fresh question.
"""

from __future__ import annotations

import hashlib
import re
import secrets
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any
from urllib.parse import urlencode

from django.core import signing
from django.http import HttpRequest, QueryDict
from django.urls import reverse
from django.utils.translation import pgettext_lazy

from tutor.core.numbers import whole_number

if TYPE_CHECKING:
    from .drill import Drill

LEVELS = ("easy", "medium", "hard")
LEVEL_NAMES = {
    "easy": pgettext_lazy("drill level", "Easy"),
    "medium": pgettext_lazy("drill level", "Medium"),
    "hard": pgettext_lazy("drill level", "Hard"),
}
MAX_SEED = 2**53
TOKEN_SALT = "tutor.drills.question"
#: Each drill's :class:`DrillTally`, by slug (the key predates the name).
TALLY_KEY = "drill_progress"
ANSWERED_KEY = "drill_answered"
ANSWERED_KEEP = 300
#: The answers counted lately, by question, so that a question's link opened again shows
#: the answer and its feedback instead of a blank form. Fewer are kept than questions
#: remembered: an older question opens blank, and ``ANSWERED_KEY`` still counts it once.
ANSWERS_KEY = "drill_answers"
ANSWERS_KEEP = 100
#: One kept answer at most: this many fields, values a field, characters a value.
ANSWER_FIELDS, ANSWER_VALUES, ANSWER_CHARS = 40, 20, 100
#: Form fields that are not the learner's answer.
NOT_ANSWER = ("csrfmiddlewaretoken", "token")


class AnswerError(Exception):
    """An answer that cannot be checked: the message is already translated."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class BadQuestion(Exception):
    """A seed, level or token that does not name a valid question."""


def new_seed() -> int:
    return secrets.randbelow(MAX_SEED)


def question_url(
    drill: Drill, level: str, seed: int | None = None, base: str = "", concept: str | None = None
) -> str:
    """The address of a question of ``drill`` (a new seed drawn when none is given), aimed
    at ``concept`` or not; ``base`` is the drill page's address when the caller has it."""
    query: dict[str, object] = {"level": level, "seed": new_seed() if seed is None else seed}
    if concept:
        query["concept"] = concept
    if all(type(value) is int or _PLAIN.fullmatch(str(value)) for value in query.values()):
        encoded = "&".join(f"{name}={value}" for name, value in query.items())  # as urlencode
    else:
        encoded = urlencode(query)
    return f"{base or reverse('drills:drill', args=[drill.slug])}?{encoded}"


#: What ``urlencode`` leaves as it is (a level's or a concept's id: every question's
#: address is built twice a page, and ``urlencode`` quotes each value in Python).
_PLAIN = re.compile(r"[A-Za-z0-9_.~-]+")


def parse_seed(value: str | None) -> int:
    seed = whole_number(value, 16)
    if seed is None or seed >= MAX_SEED:
        raise BadQuestion("seed")
    return seed


def parse_level(value: str | None) -> str:
    if value is not None and value in LEVELS:
        return value
    raise BadQuestion("level")


def make_token(slug: str, seed: int, level: str, extra: Mapping[str, Any] | None = None) -> str:
    return signing.dumps(
        {"d": slug, "s": seed, "l": level, **(extra or {})}, salt=TOKEN_SALT, compress=True
    )


def read_token(slug: str, token: str | None) -> dict[str, Any]:
    if not token or len(token) > 4000:
        raise BadQuestion("token")
    try:
        data = signing.loads(token, salt=TOKEN_SALT)
    except signing.BadSignature as error:
        raise BadQuestion("token") from error
    if not isinstance(data, dict) or data.get("d") != slug or data.get("l") not in LEVELS:
        raise BadQuestion("token")
    if not isinstance(data.get("s"), int) or not 0 <= data["s"] < MAX_SEED:
        raise BadQuestion("token")
    return data


@dataclass
class DrillTally:
    """A learner's figures on one drill in this browser (its session): answers counted,
    right ones, the current and the best run of right answers."""

    answered: int = 0
    right: int = 0
    streak: int = 0
    best_streak: int = 0

    @property
    def ratio(self) -> float:
        return self.right / self.answered if self.answered else 0.0


def get_tally(request: HttpRequest, slug: str) -> DrillTally:
    data = request.session.get(TALLY_KEY, {}).get(slug, {})
    # A tally kept before its count of right answers was named ``right`` has ``correct``.
    data = {("right" if k == "correct" else k): v for k, v in data.items()}
    try:
        return DrillTally(
            **{k: int(v) for k, v in data.items() if k in DrillTally.__dataclass_fields__}
        )
    except (TypeError, ValueError):
        return DrillTally()


def record_answer(
    request: HttpRequest, slug: str, token: str, correct: bool
) -> tuple[DrillTally, bool]:
    """Count an answer once per ``token`` (a question's :func:`question_key`, a played
    hand's name); returns (tally, counted)."""
    answered: list[str] = request.session.get(ANSWERED_KEY, [])
    key = token[-40:]
    tally = get_tally(request, slug)
    if key in answered:
        return tally, False
    tally.answered += 1
    if correct:
        tally.right += 1
        tally.streak += 1
        tally.best_streak = max(tally.best_streak, tally.streak)
    else:
        tally.streak = 0
    tallies = request.session.get(TALLY_KEY, {})
    tallies[slug] = tally.__dict__.copy()
    request.session[TALLY_KEY] = tallies
    request.session[ANSWERED_KEY] = [*answered, key][-ANSWERED_KEEP:]
    return tally, True


def question_key(token: str, stage: str = "") -> str:
    """One question's key (and one stage's, for a drill answered in stages), the same
    every time the question is dealt: a hash of the signed token's payload (drill, seed,
    level, aim), which comes before its first ``:``; the time and the signature after it
    change from one showing to the next."""
    payload = token.split(":", 1)[0]
    return hashlib.sha256(f"{payload}:{stage}".encode()).hexdigest()[:40]


def remember_answer(request: HttpRequest, token: str, answer: QueryDict) -> None:
    """Keep the answer counted for the question ``token`` names (the latest stage of a
    drill answered in stages), bounded: the oldest question is forgotten first."""
    fields = [(k, v) for k, v in answer.lists() if k not in NOT_ANSWER][:ANSWER_FIELDS]
    kept = {k: [text[:ANSWER_CHARS] for text in v[:ANSWER_VALUES]] for k, v in fields}
    found = request.session.get(ANSWERS_KEY)
    answers: dict[str, Any] = found if isinstance(found, dict) else {}
    key = question_key(token)
    answers.pop(key, None)
    answers[key] = kept
    request.session[ANSWERS_KEY] = dict(list(answers.items())[-ANSWERS_KEEP:])


def answer_given(request: HttpRequest, token: str) -> QueryDict | None:
    """The answer kept for the question ``token`` names, as the form posted it."""
    found = request.session.get(ANSWERS_KEY)
    kept = found.get(question_key(token)) if isinstance(found, dict) else None
    if not isinstance(kept, dict):
        return None
    answer = QueryDict(mutable=True)
    for key, values in kept.items():
        if isinstance(values, list):
            answer.setlist(str(key), [str(v) for v in values])
    return answer
