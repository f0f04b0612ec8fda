"""What a teacher's longest requests cost: the CPU time of a quiz's Moodle XML export and
of a search of the question bank, each through its view in this process (Django's test
client, a temporary SQLite file, production settings).

    python -m benchmarks.teacher_limits                   # 10,000 and 200 questions, 3,000 in the bank
    python -m benchmarks.teacher_limits --export 200 --bank 3000

The exports: a quiz of ``--export`` questions (drawn slots of 50, as the builder allowed
before quotas) and one of ``--allowed`` questions (the largest a quiz may have now,
``QUIZ_MAX_QUESTIONS``). The search: a bank of ``--bank`` questions in five languages,
searched for a word in every tenth question and for one in none. Figures, never
assertions: CPU seconds of the request (``time.process_time``: the view, the ORM and
SQLite, all in this process), the status and the size of the reply, and the CPU's model.
"""

from __future__ import annotations

import argparse
import secrets
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from benchmarks import standalone
from benchmarks.memory import machine

DRILLS = ("holdem-showdown", "teenpatti-showdown", "name-the-hand", "side-pots")
WORDS = {
    "en": "Which hand wins the pot?",
    "bn": "কোন হাত পাত্র জেতে?",
    "hi": "कौन सा हाथ पॉट जीतता है?",
    "ja": "どの手がポットを取りますか？",
    "cs": "Která ruka vyhraje bank?",
}


def setup(database: str) -> None:
    standalone.setup(database, "tutor.settings")


def make_quiz(owner: Any, questions: int) -> Any:
    from tutor.quizzes.models import Quiz, Slot

    quiz = Quiz.objects.create(owner=owner, title=f"{questions} questions")
    slots, left = [], questions
    while left > 0:
        count = min(50, left)
        drill = DRILLS[len(slots) % len(DRILLS)]
        slots.append(Slot(quiz=quiz, order=len(slots), drill=drill, level="easy", count=count))
        left -= count
    Slot.objects.bulk_create(slots)
    return quiz


def fill_bank(owner: Any, size: int) -> None:
    from django.db import transaction

    from tutor.drills.own_question import Question, Text
    from tutor.quizzes.models import OwnQuestion

    languages = list(WORDS)
    with transaction.atomic():
        for n in range(size):
            language = languages[n % len(languages)]
            marker = " Zebra" if n % 10 == 0 else ""
            text = Text(language, f"{WORDS[language]} #{n}{marker}", ("A", "B", f"C {n}"))
            record = Question(kind="single", texts=(text,), right=(0,))
            OwnQuestion.objects.create(owner=owner, kind="single", data=record.to_dict())


def timed(client: Any, url: str) -> tuple[float, int, int]:
    """CPU seconds of one GET of ``url``, its status and its size in bytes."""
    started = time.process_time()
    response = client.get(url)
    body = b"".join(response) if response.streaming else response.content
    return time.process_time() - started, response.status_code, len(body)


def line(what: str, figures: tuple[float, int, int]) -> None:
    seconds, status, size = figures
    print(f"  {what:<48} {seconds:>8.3f} s CPU   HTTP {status}   {size / 1e6:>7.2f} MB")


def measure(options: argparse.Namespace) -> None:
    from django.conf import settings
    from django.contrib.auth import get_user_model
    from django.test import Client
    from django.urls import reverse

    teacher = get_user_model().objects.create_user(f"limits-{secrets.token_hex(4)}")
    client = Client()
    client.force_login(teacher)
    allowed = getattr(settings, "QUIZ_MAX_QUESTIONS", options.allowed)
    print(f"On {machine()}")
    print("Moodle XML export of a quiz (dealt now):")
    for questions in dict.fromkeys((options.export, allowed)):
        quiz = make_quiz(teacher, questions)
        line(f"{questions} questions", timed(client, reverse("quizzes:export-xml", args=[quiz.pk])))
    print(f"Bank search, {options.bank} questions in the bank (first page):")
    fill_bank(teacher, options.bank)
    bank = reverse("quizzes:bank")
    for word, what in (("zebra", "a word in every tenth question"), ("walrus", "a word in none")):
        figures = [timed(client, f"{bank}?q={word}") for _ in range(options.repeat)]
        best = min(figures)
        line(f"{what} (best of {options.repeat})", best)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.teacher_limits")
    parser.add_argument("--export", type=int, default=10_000, help="questions of the big quiz")
    parser.add_argument("--allowed", type=int, default=200, help="without QUIZ_MAX_QUESTIONS")
    parser.add_argument("--bank", type=int, default=3_000, help="questions in the bank")
    parser.add_argument("--repeat", type=int, default=3, help="searches of each word")
    options = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="teacher_limits-") as tmp:
        setup(f"sqlite:///{Path(tmp) / 'db.sqlite3'}")
        measure(options)
    return 0


if __name__ == "__main__":
    sys.exit(main())
