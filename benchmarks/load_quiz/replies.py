"""Every kind of a student's request sent once, and its reply written out with what
differs between two runs of the same code masked: to compare replies before and after a
change, byte for byte.

    .venv/bin/python -m benchmarks.load_quiz.replies > /tmp/after.txt
    (cd /tmp/before && PYTHONPATH=. .venv/bin/python -m benchmarks.load_quiz.replies) > /tmp/before.txt
    diff /tmp/before.txt /tmp/after.txt

Masked: the CSRF token (masked afresh on every page) and cookie, every signed value (the
quiz's cookie, the device cookie, the session), the join form's random value, the join
codes, the cookies' expiry dates and the CSP nonce; the rest of each reply is as sent: status, headers,
body.
"""

from __future__ import annotations

import random
import re
import shutil
import tempfile
from pathlib import Path

from benchmarks.gunicorn_server import production_environment
from benchmarks.load_quiz.prepare import SETTINGS_MODULE, prepare_database

MASKS = (
    # A cookie's value: everything from "=" to ";" (signed, random or a token).
    (re.compile(r"(?m)^(set-cookie: [^=]+=)[^;]*"), r"\1…"),
    # The CSRF token and the join form's random value in the markup.
    (re.compile(r'(name="(?:csrfmiddlewaretoken|attempt)" value=")[^"]*'), r"\1…"),
    (re.compile(r'("X-CSRFToken": ")[^"]*'), r"\1…"),
    # The cookies' expiry dates (now + their age) and the CSP nonce (new every page).
    (re.compile(r"expires=[^;]*"), "expires=…"),
    (re.compile(r'nonce="[^"]*"'), 'nonce="…"'),
)


def masked(text: str, codes: list[str]) -> str:
    for pattern, replacement in MASKS:
        text = pattern.sub(replacement, text)
    for number, code in enumerate(codes):
        text = text.replace(code, f"CODE{number}").replace(code.lower(), f"code{number}")
    return text


def main() -> None:
    tmp = Path(tempfile.mkdtemp(prefix="replies-"))
    try:
        prepare_database(production_environment(tmp, DJANGO_SETTINGS_MODULE=SETTINGS_MODULE))
        random.seed(1)
        from benchmarks.load_quiz.inprocess import Quiz

        quiz = Quiz(3)
        quiz.open_question()
        sends = {kind: send for kind, (send, _) in quiz.kinds().items() if kind != "drill"}
        sends["answer"] = quiz.answers()
        sends["join-post"] = quiz.joins(1)
        for kind, send in sends.items():
            status, headers, body = send()
            lines = [f"{name}: {value}" for name, value in sorted(headers.items())]
            reply = "\n".join([f"== {kind} {status}", *lines, "", body.decode()])
            codes = [quiz.setup.code, quiz.homework_base.rstrip("/").rsplit("/", 1)[1]]
            print(masked(reply, codes))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
