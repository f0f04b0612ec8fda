"""Every code the engine can send to the site, collected from the engine itself.

Codes come from the engine's enums and tables where it has them; where it raises bare
strings (error codes) they are read from its source with ``ast``; where they exist only
as values it produces (event variants, settlement outcomes, showdown decisions) the
engine is run on seeded deals and its output is collected. Nothing here is a typed list
of codes, so a code the engine gains is checked without touching the tests.
"""

from __future__ import annotations

import ast
import inspect
import random
from collections.abc import Iterator
from dataclasses import dataclass, fields, replace
from functools import cache
from pathlib import Path

from tutor.engine import bots, errors, holdem, teenpatti, tp2020, tp_rtp
from tutor.engine.betting import Reason
from tutor.engine.cards import DECK
from tutor.engine.events import EVENT_TYPES, EventData
from tutor.engine.hand import Hand, HandSetup
from tutor.engine.rules import AnteMode, Rules

ENGINE = Path(inspect.getfile(errors)).parent
SITE = ENGINE.parent


# -- errors raised with a string code ------------------------------------------------


def _error_classes() -> dict[str, type[errors.EngineError]]:
    found: dict[str, type[errors.EngineError]] = {"EngineError": errors.EngineError}
    todo = [errors.EngineError]
    while todo:
        for sub in todo.pop().__subclasses__():
            found[sub.__name__] = sub
            todo.append(sub)
    return found


@dataclass(frozen=True)
class Raised:
    """One place that raises an engine error: its class, code and detail names."""

    cls: type[errors.EngineError]
    code: str
    details: tuple[str, ...]
    where: str


def _code_of(call: ast.Call, cls: type[errors.EngineError]) -> str | None:
    """The code of an error built by ``call``: ``code=`` or, except for InvalidCards whose
    first argument is the bad token, a constant or ``Reason.X`` first argument."""
    for keyword in call.keywords:
        if keyword.arg == "code":
            value = keyword.value
            if isinstance(value, ast.Constant) and isinstance(value.value, str):
                return value.value
            return None
    if issubclass(cls, errors.InvalidCards):
        return cls.default_code
    if not call.args:
        return cls.default_code
    first = call.args[0]
    if isinstance(first, ast.Constant) and isinstance(first.value, str):
        return first.value
    if isinstance(first, ast.Attribute) and getattr(first.value, "id", None) == "Reason":
        return Reason[first.attr].value
    return None  # a variable: its values are an enum checked on its own


@cache
def raised_errors(root: Path = ENGINE) -> tuple[Raised, ...]:
    """Every construction of an engine error in the source under ``root``."""
    classes = _error_classes()
    found = []
    for path in sorted(root.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            name = getattr(node.func, "id", None) or getattr(node.func, "attr", None)
            cls = classes.get(name or "")
            code = _code_of(node, cls) if cls else None
            if cls and code:
                details = tuple(k.arg for k in node.keywords if k.arg and k.arg != "code")
                if issubclass(cls, errors.InvalidCards):
                    details += ("token",)
                found.append(Raised(cls, code, details, f"{path.name}:{node.lineno}"))
    return tuple(found)


def default_codes() -> set[tuple[type[errors.EngineError], str]]:
    """Each error class's own code, used when it is raised without one."""
    return {(cls, cls.default_code) for cls in _error_classes().values()}


def calls_of(name: str, root: Path) -> set[str]:
    """The constant first arguments of every call to ``name`` in ``root`` (file or folder)."""
    found: set[str] = set()
    for path in [root] if root.is_file() else sorted(root.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Call)
                and getattr(node.func, "id", None) == name
                and node.args
                and isinstance(node.args[0], ast.Constant)
                and isinstance(node.args[0].value, str)
            ):
                found.add(node.args[0].value)
    return found


# -- hand categories and paytables ------------------------------------------------------


def holdem_codes() -> set[str]:
    """Every Hold'em category code, and the royal flush (an ace-high straight flush)."""
    royal = holdem.HandValue(holdem.Category.STRAIGHT_FLUSH, (max(c.rank for c in DECK),), ())
    return {c.code for c in holdem.Category} | {royal.code}


def teenpatti_codes() -> set[str]:
    """Every Teen Patti category code, and the Pair Plus codes (three aces apart)."""
    return {c.code for c in teenpatti.TPCategory} | set(tp2020.PAIR_PLUS_CODES)


def paytables() -> list[tp2020.Paytables]:
    return [value for value in vars(tp2020).values() if isinstance(value, tp2020.Paytables)]


def paytable_names() -> set[str]:
    return {f.name for f in fields(tp2020.Paytables) if f.name != "name"}


def paytable_rows() -> set[str]:
    """Every row code a paytable may hold, and the rows of the engine's own paytables."""
    rows = {table.main.code for table in paytables()} | {t.tie.code for t in paytables()}
    rows |= {row.code for t in paytables() for row in (*t.pair_plus, *t.six_card_bonus)}
    return rows | set(tp2020.PAIR_PLUS_CODES) | set(tp2020.BONUS_CODES)


@cache
def settlements() -> tuple[tp2020.Settlement, ...]:
    """Settled slips (every bet) on seeded rounds until a tie came up, and a void round."""
    slip = dict.fromkeys(tp2020.BETS, 1)
    found = [tp2020.void_round(slip)]
    for seed in range(20_000):
        deal = tp2020.deal_round(seed)
        found.append(tp2020.settle(deal.hand_a, deal.hand_b, slip))
        if found[-1].result == "tie" and seed >= 50:
            break
    return tuple(found)


def results() -> set[str]:
    """Every result of a round: the main outcomes the engine counts, and what it settles."""
    counted = {f.name for f in fields(tp_rtp.MainCounts)}
    return counted | {s.result for s in settlements()}


def outcomes() -> set[str]:
    return {line.outcome for s in settlements() for line in s.lines}


# -- hands played by the engine ---------------------------------------------------------


@cache
def played_hands() -> tuple[tuple[EventData, ...], ...]:
    """Hands the engine's bots play to the end under several rules and stack sizes (short
    stacks for all-ins, antes, burnt cards), as the JSON history a seat sees."""
    rules = (
        Rules.no_limit(50, 100),
        Rules.no_limit(50, 100, ante=10, ante_mode=AnteMode.EACH, burn_cards=True),
        Rules.fixed_limit(50, 100),
        Rules.pot_limit(50, 100, ante=100, ante_mode=AnteMode.BIG_BLIND),
    )
    stacks = ([5000, 5000, 5000, 5000], [5000, 130, 2000, 260, 90], [3000, 3000])
    histories = []
    for seed in range(30):
        for preset in rules:
            seats = stacks[seed % len(stacks)]
            hand = Hand(HandSetup.new(preset, seats, button=seed % len(seats), seed=seed))
            _play(hand, seed)
            histories.append(tuple(e.to_dict() for e in hand.events))
    return tuple(histories)


def _play(hand: Hand, seed: int) -> list[bots.Decision]:
    styles = list(bots.Style)
    made = []
    while not hand.is_over:
        assert hand.to_act is not None
        made.append(bots.decide(hand, styles[(hand.to_act + seed) % len(styles)], samples=8))
        hand.do(made[-1].action)
    return made


def event_samples() -> dict[tuple[object, ...], EventData]:
    """One event of each kind and each value of its variant fields (blind, all-in, full)."""
    samples: dict[tuple[object, ...], EventData] = {}
    for history in played_hands():
        for event in history:
            key = (event["kind"], event.get("blind"), event.get("all_in"), event.get("full"))
            samples.setdefault(key, event)
    return samples


def event_kinds() -> set[str]:
    return set(EVENT_TYPES)


@cache
def bot_decisions() -> tuple[bots.Decision, ...]:
    """A real decision facing a bet, recast with every reason and style of the engine."""
    hand = Hand(HandSetup.new(Rules.no_limit(50, 100), [5000] * 3, button=0, seed=1))
    facing = next(d for d in _play(hand, 1) if d.pot_odds is not None)
    return tuple(
        replace(facing, reason=reason, style=style)
        for reason in bots.BotReason
        for style in bots.Style
    )


# -- showdowns --------------------------------------------------------------------------


def decision_kinds(module: object, cls: str) -> set[str]:
    """The kinds a showdown module gives its decisions (``Decision("kicker", ...)``)."""
    return calls_of(cls, Path(inspect.getfile(module)))  # type: ignore[arg-type]


def _holdem_deals(rng: random.Random) -> Iterator[holdem.Showdown]:
    while True:
        cards = rng.sample(DECK, 5 + 2 * 4)
        players = rng.choice((1, 2, 2, 3, 4))
        hands = [cards[5 + 2 * i : 7 + 2 * i] for i in range(players)]
        yield holdem.showdown(cards[:5], hands)


@cache
def holdem_showdowns() -> tuple[holdem.Showdown, ...]:
    """Seeded showdowns: one of each decision kind, category and deciding position."""
    samples: dict[tuple[object, ...], holdem.Showdown] = {}
    for count, result in enumerate(_holdem_deals(random.Random(2024))):
        best = result.values[result.winners[0]]
        samples.setdefault(
            (result.decided_by.kind, best.category, result.decided_by.position), result
        )
        if count >= 6_000:
            break
    return tuple(samples.values())


@cache
def teenpatti_showdowns() -> tuple[teenpatti.TPShowdown, ...]:
    samples: dict[tuple[object, ...], teenpatti.TPShowdown] = {}
    rng = random.Random(2020)
    for _ in range(6_000):
        cards = rng.sample(DECK, 6)
        result = teenpatti.showdown(cards[:3], cards[3:])
        winner = result.values[1 if result.result == "player_b" else 0]
        samples.setdefault(
            (result.decided_by.kind, winner.category, result.decided_by.position), result
        )
    return tuple(samples.values())
