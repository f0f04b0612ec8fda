"""The questions of a sitting: which concept, drill and level each one aims at, and the
questions dealt and written down whole.

The plan is a pure function: the concepts in turn, levels rising from the first of
``levels`` to the last, and for each question the drills that can aim at its concept at
its level, the one used least so far first (``tutor.drills.practice``: a unit's
practice mixes its drills); when none can at that level, the nearest level a drill
can. A check starts one concept further on, so it does not repeat the practice's first
drill.

>>> aims = plan(["best-five-of-seven"], 3)
>>> [a.level for a in aims], len({a.drill for a in aims})  # two drills can aim at it
(['easy', 'medium', 'hard'], 2)
>>> [a.level for a in plan(["kickers"], 6)]
['easy', 'easy', 'medium', 'medium', 'hard', 'hard']
"""

from __future__ import annotations

import random
import secrets
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from tutor.drills.base import LEVELS, MAX_SEED
from tutor.drills.practice import practice
from tutor.drills.registry import question_drill
from tutor.drills.written import Dealt, deal

from .courses import Unit, taught_by


@dataclass(frozen=True)
class Aim:
    concept: str
    drill: str  # the drill's slug
    level: str


def nearest_level(wanted: str, allowed: Sequence[str]) -> str:
    """``wanted``, else the first allowed level above it, else the highest allowed.

    >>> nearest_level("easy", ("medium", "hard")), nearest_level("hard", ("easy",))
    ('medium', 'easy')
    """
    rank = LEVELS.index(wanted)
    above = [level for level in allowed if LEVELS.index(level) >= rank]
    return min(above, key=LEVELS.index) if above else max(allowed, key=LEVELS.index)


def plan(
    concepts: Sequence[str], count: int, *, levels: Sequence[str] = LEVELS, offset: int = 0
) -> list[Aim]:
    """``count`` aims at ``concepts`` in turn (starting ``offset`` concepts on), put in
    order of level (a concept some drill aims at only when hard comes late); concepts no
    drill aims at are left out (none is: a test holds the concept map to that)."""
    aimable = [c for c in concepts if practice(c)]
    aims: list[Aim] = []
    used: Counter[str] = Counter()
    for n in range(count if aimable else 0):
        concept = aimable[(n + offset) % len(aimable)]
        wanted = levels[min(len(levels) - 1, n * len(levels) // max(count, 1))]
        options = practice(concept)
        fitting = [o for o in options if wanted in o.levels] or options
        choice = min(fitting, key=lambda o: used[o.drill.slug])  # the least used so far
        used[choice.drill.slug] += 1
        aims.append(Aim(concept, choice.drill.slug, nearest_level(wanted, choice.levels)))
    return sorted(aims, key=lambda aim: LEVELS.index(aim.level))


#: Seeds tried, for each drill that can aim at a concept, for a question within what was
#: taught before another drill or concept is tried.
TAUGHT_TRIES = 40
#: Other concepts of the sitting tried when none of a concept's questions fits.
OTHER_CONCEPTS = 3


def _seed(rng: random.Random | None) -> int:
    return rng.randrange(MAX_SEED) if rng is not None else secrets.randbelow(MAX_SEED)


def _within(
    aim: Aim, rng: random.Random | None, taught: frozenset[str], tries: int
) -> Dealt | None:
    """A question aimed at ``aim``'s concept that exercises only ``taught`` concepts: from
    the aim's drill first, then from the other drills that can aim at it."""
    drills = [aim.drill] + [
        o.drill.slug for o in practice(aim.concept) if o.drill.slug != aim.drill
    ]
    for slug in drills:
        drill = question_drill(slug)
        option = next((o for o in practice(aim.concept) if o.drill.slug == slug), None)
        if drill is None:
            continue
        level = aim.level if option is None else nearest_level(aim.level, option.levels)
        for _attempt in range(tries):
            dealt = deal(drill, level, _seed(rng), aim.concept)
            if set(dealt["concepts"]) <= taught:
                return dealt
    return None


def write(
    aims: Sequence[Aim],
    rng: random.Random | None = None,
    *,
    taught: frozenset[str] | None = None,
    tries: int = TAUGHT_TRIES,
) -> list[Dealt]:
    """Each aim dealt now, on a fresh seed (from ``rng`` in tests), and written down whole.

    With ``taught``, only questions that exercise no other concept are written (no kicker
    in a unit that has not taught kickers): the aim's concept from another drill, else one
    of the other aims' concepts; an aim that nothing fits is left out, so a sitting is
    shorter rather than unfair."""
    if taught is None:
        written = []
        for aim in aims:
            drill = question_drill(aim.drill)
            if drill is not None:
                written.append(deal(drill, aim.level, _seed(rng), aim.concept))
        return written
    found: list[Dealt] = []
    for n, aim in enumerate(aims):
        others = {a.concept: replace(a, level=aim.level) for a in (*aims[n + 1 :], *aims[:n])}
        others.pop(aim.concept, None)
        for candidate in (aim, *list(others.values())[:OTHER_CONCEPTS]):
            dealt = _within(candidate, rng, taught, tries)
            if dealt is not None:
                found.append(dealt)
                break
    return found


def for_unit(unit: Unit, kind: str, rng: random.Random | None = None) -> list[Dealt]:
    """The questions of a unit's practice (``kind`` "practice") or check ("check"), each
    within what the unit and those before it taught. A check starts one concept on, at
    the medium and hard levels."""
    if kind == "check":
        aims = plan(unit.concepts, unit.check, levels=("medium", "hard"), offset=1)
    else:
        aims = plan(unit.concepts, unit.practice)
    return write(aims, rng, taught=taught_by(unit))


def again(unit: Unit, entry: Mapping[str, Any], rng: random.Random | None = None) -> Dealt | None:
    """A new question on the concept ``entry`` (a stored question) was aimed at, at its
    level and within what ``unit`` taught; None when none fits (or it had no concept)."""
    concept, drill, level = entry.get("concept"), entry.get("drill"), entry.get("level")
    if not isinstance(concept, str) or not isinstance(drill, str) or not isinstance(level, str):
        return None
    found = write([Aim(concept, drill, level)], rng, taught=taught_by(unit))
    return found[0] if found else None
