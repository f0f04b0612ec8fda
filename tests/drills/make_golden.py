"""Write the golden fixtures that pin what each drill's generator deals.

Run it only on purpose, after bumping a drill's ``version`` because its generator now
deals differently: ``.venv/bin/python -m tests.drills.make_golden [slug ...]``.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

GOLDEN = Path(__file__).with_name("golden")
#: The pinned questions: a few seeds at every level (seed 0 and a large one included).
SEEDS = (0, 1, 7, 42, 2**52 + 11)


def fixture(slug: str) -> dict[str, object]:
    from tutor.drills.registry import question_drill

    drill = question_drill(slug)
    assert drill is not None, slug
    return {
        "drill": slug,
        "version": drill.version,
        "questions": [
            {"level": level, "seed": seed, "question": drill.generate(seed, level).to_dict()}
            for level in drill.levels
            for seed in SEEDS
        ],
    }


def path_of(slug: str) -> Path:
    return GOLDEN / f"{slug.replace('-', '_')}.json"


def main(slugs: list[str]) -> None:
    import django

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tutor.settings")
    django.setup()
    from tutor.drills.registry import quiz_drills

    for slug in slugs or [d.slug for d in quiz_drills()]:
        text = json.dumps(fixture(slug), indent=1, sort_keys=True, ensure_ascii=False)
        path_of(slug).write_text(text + "\n", encoding="utf-8")
        print(f"wrote {path_of(slug)}")


if __name__ == "__main__":
    main(sys.argv[1:])
