"""``python manage.py questions <drill> [--level L] [--concept ID] [--seed N] [--count N]
[--format json]``: questions dealt by a drill, with their right answers and the concepts
each exercises, for teachers' worksheets, exports and tests.

With ``--seed`` the questions are seeds N, N+1, ... (reproducible); without it, new seeds.
"""

from __future__ import annotations

import json
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from tutor.concepts import CONCEPTS
from tutor.drills.base import LEVELS, MAX_SEED, new_seed
from tutor.drills.registry import DRILLS, question_drill

MAX_COUNT = 1000


class Command(BaseCommand):
    help = "Print questions dealt by a drill, with their answers and concepts."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("drill", help="a drill's slug, e.g. side-pots")
        parser.add_argument("--level", choices=LEVELS, default="easy")
        parser.add_argument("--concept", help="aim every question at this concept")
        parser.add_argument("--seed", type=int, help="the first seed (default: new seeds)")
        parser.add_argument("--count", type=int, default=1, help=f"1 to {MAX_COUNT}")
        parser.add_argument("--format", choices=("json",), default="json")

    def handle(self, *args: object, **options: Any) -> None:
        drill = question_drill(options["drill"])
        if drill is None:
            choices = ", ".join(s for s in DRILLS if question_drill(s))
            raise CommandError(f"no question drill {options['drill']!r}; drills: {choices}")
        concept = options["concept"]
        if concept is not None and concept not in drill.concepts:
            known = ", ".join(drill.concepts) or "none"
            state = "unknown concept" if concept not in CONCEPTS else "not practised here"
            raise CommandError(f"{concept!r}: {state}; {drill.slug} aims at: {known}")
        count, first = options["count"], options["seed"]
        if not 1 <= count <= MAX_COUNT:
            raise CommandError(f"--count must be from 1 to {MAX_COUNT}")
        if first is not None and not 0 <= first <= MAX_SEED - count:
            raise CommandError(f"--seed must be from 0 to {MAX_SEED - count}")
        seeds = [first + i for i in range(count)] if first is not None else []
        seeds = seeds or [new_seed() for _ in range(count)]
        questions = [drill.written(seed, options["level"], concept) for seed in seeds]
        self.stdout.write(json.dumps(questions, ensure_ascii=False, indent=1))
