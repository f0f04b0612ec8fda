"""The tournament: a short sit-and-go told hand by hand, played by the engine's own table.

The players start with equal stacks under a blind schedule that goes up every few hands.
In each hand told, some players put all their chips in (everyone else folds); between
them, quiet hands are folded to the big blind. The learner names each player's finishing
place and, from the schedule, the blinds of one hand.

The question keeps what was played, not what came of it: per hand, the seats that went
all-in and their cards. The engine's :class:`~tutor.engine.table.Table` plays it again
(:func:`run`) and says who was knocked out, the places and the blind levels.

Levels: easy, three players knocked out one per hand; medium, four or five players and
the blinds go up during the story; hard, six players and two of them knocked out in the
same hand with different stacks (the engine places them by their chips at the start of
that hand, more chips higher: the TDA rule).
"""

from __future__ import annotations

import random
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass, replace
from itertools import combinations, permutations
from threading import Lock

from django.utils.translation import get_language, gettext_lazy, pgettext
from django.utils.translation import gettext as _

from tutor.core.locales import format_number
from tutor.core.numbers import whole_number
from tutor.engine import holdem
from tutor.engine.cards import DECK, Card
from tutor.engine.deal import deal_order
from tutor.engine.events import Event, ShowHand
from tutor.engine.hand import Hand, HandSetup
from tutor.engine.rules import BlindLevel, Mode, Rules
from tutor.engine.table import Elimination, Table
from tutor.words import tournament as words
from tutor.words.hands import describe_holdem
from tutor.words.terms import seat_name

from .answers import amount, value
from .base import AnswerError
from .codec import Record
from .drill import Answer, QuestionDrill

SLUG = "tournament"
PLAYERS = {"easy": (3, 3), "medium": (4, 5), "hard": (6, 6)}
#: Hands per blind level.
EVERY = {"easy": (4, 6), "medium": (2, 3), "hard": (2, 3)}
#: All-in hands in which the player with fewer chips wins and nobody is knocked out.
DOUBLE_UPS = {"easy": (0, 1), "medium": (0, 2), "hard": (1, 2)}
#: Hands in which two players are knocked out together.
TOGETHER = {"easy": 0, "medium": 0, "hard": 1}
#: Quiet hands (folded to the big blind) before each hand told.
QUIET = (0, 0, 0, 1)
CHIPS = (1000, 1500, 2000, 3000)
BLINDS = (
    (10, 20), (15, 30), (25, 50), (50, 100), (75, 150), (100, 200), (150, 300),
    (200, 400), (300, 600), (400, 800), (600, 1200), (800, 1600),
)  # fmt: skip
LEVELS_DEALT = 10
#: A player with at most this many big blinds is in the next hand told (never folds the
#: blinds away, never forced all-in by a blind); a double-up leaves the loser this many.
SHORT = 5
ATTEMPTS = 40


@dataclass(frozen=True)
class Blinds(Record):
    small: int
    big: int


@dataclass(frozen=True)
class Played(Record):
    """One hand: the seats that put all their chips in (every other player folds), their
    hole cards in the same order, and the board. No seats: everyone folds to the big
    blind."""

    seats: tuple[int, ...] = ()
    holes: tuple[tuple[Card, ...], ...] = ()
    board: tuple[Card, ...] = ()


@dataclass(frozen=True)
class Question(Record):
    players: int
    chips: int  # every player's stack at the start
    button: int  # in hand 1
    schedule: tuple[Blinds, ...]
    every: int  # hands per blind level
    hands: tuple[Played, ...]
    asked: int  # the hand whose blinds are asked; 0: not asked


# -- the engine's run ------------------------------------------------------------------


@dataclass(frozen=True)
class Told:
    """One hand as the engine played it."""

    number: int
    stacks: tuple[int | None, ...]  # at the start of the hand; None: knocked out before
    seats: tuple[int, ...]
    events: tuple[Event, ...]
    board: tuple[Card, ...]
    busted: tuple[tuple[int, int], ...]  # (seat, chips at the start), the engine's order


@dataclass(frozen=True)
class Run:
    """The engine's answer: every hand played, the eliminations and the places."""

    rules: Rules
    hands: tuple[Told, ...]
    eliminations: tuple[Elimination, ...]
    places: tuple[int, ...]  # by seat, 1 = first
    order: tuple[int, ...]  # seats from first place to last


def rules_of(question: Question) -> Rules:
    levels = tuple(BlindLevel(b.small, b.big) for b in question.schedule)
    return Rules(
        name="sit_and_go",
        small_blind=levels[0].small,
        big_blind=levels[0].big,
        mode=Mode.TOURNAMENT,
        schedule=levels,
        hands_per_level=question.every,
    )


def _setup(table: Table, played: Played) -> HandSetup:
    """The table's next hand, its deck stacked so that ``played.seats`` get their hole
    cards and the board comes out as played (the other cards in the deck's own order).
    Hole cards go one at a time from the left of the button (``deal_order``), then the
    board; :func:`_play` checks that the engine dealt them so."""
    order = deal_order(table.stacks, table.button)
    slots: dict[int, Card] = {}
    for seat, hole in zip(played.seats, played.holes, strict=True):
        slots[order.index(seat)], slots[len(order) + order.index(seat)] = hole
    for k, card in enumerate(played.board):
        slots[2 * len(order) + k] = card
    used = {card.index for card in slots.values()}
    rest = iter([card for i, card in enumerate(DECK) if i not in used])  # DECK is by index
    deck = tuple(slots[i] if i in slots else next(rest) for i in range(len(DECK)))
    return replace(table.setup(seed=0), deck=deck)  # the table places button and blinds


def _act(hand: Hand, seats: Sequence[int]) -> None:
    """Play the hand: the first of ``seats`` to act goes all-in, and so does each of the
    others in turn, except the one with the most chips, who calls; everyone else folds."""
    stacks = hand.setup.stacks
    covering = max(seats, key=lambda s: (stacks[s] or 0, s)) if seats else None
    opened = False
    while not hand.is_over:
        seat, opts = hand.to_act, hand.options()
        if seat not in seats or (seat == covering and opened):
            if opts.can_check:
                hand.check()
            elif seat in seats:
                hand.call()
            else:
                hand.fold()
        else:
            hand.all_in()
            opened = True


def _play(table: Table, played: Played) -> Told:
    """Play the next hand on ``table`` as ``played`` says, and end it there."""
    start, count = tuple(table.stacks), len(table.eliminations)
    hand = Hand(_setup(table, played))
    _act(hand, played.seats)
    if tuple(hand.holes[s] for s in played.seats) != played.holes or (
        played.board and tuple(hand.board) != played.board
    ):
        raise RuntimeError("the engine dealt other cards than were played")
    table.end_hand(hand)
    busted = table.eliminations[count].seats if len(table.eliminations) > count else ()
    return Told(
        hand.setup.hand_no, start, played.seats, tuple(hand.events), tuple(hand.board), busted
    )


def _result(question: Question, table: Table, told: Sequence[Told]) -> Run:
    places = table.places()
    return Run(
        rules=rules_of(question),
        hands=tuple(told),
        eliminations=tuple(table.eliminations),
        places=tuple(places[s] for s in range(question.players)),
        order=tuple(table.finishing_order()),
    )


#: The engine's runs of recent questions, kept per process. Key: the whole question (what
#: was played and the hand asked about, nothing of a learner); a run is made of frozen
#: dataclasses and tuples, so handing one to several requests is safe. Bounded: the
#: oldest goes first. The dealer puts in the run it played while dealing.
_RUNS: OrderedDict[Question, Run] = OrderedDict()
_RUNS_KEPT = 256
_RUNS_LOCK = Lock()


def _keep(question: Question, the_run: Run) -> Run:
    with _RUNS_LOCK:
        _RUNS[question] = the_run
        _RUNS.move_to_end(question)
        while len(_RUNS) > _RUNS_KEPT:
            _RUNS.popitem(last=False)
    return the_run


def run(question: Question) -> Run:
    """The engine's answer: the question's hands played on the engine's table, in order."""
    with _RUNS_LOCK:
        kept = _RUNS.get(question)
    if kept is not None:
        return kept
    table = Table(rules_of(question), [question.chips] * question.players, question.button)
    told = [_play(table, played) for played in question.hands]
    return _keep(question, _result(question, table, told))


# -- dealing ---------------------------------------------------------------------------


def _plan(rng: random.Random, level: str, players: int) -> list[str]:
    """The hands to tell: ``bust`` (one player out), ``together`` (two out) and ``up`` (the
    shorter stack wins and doubles up), in the order tried first."""
    together = TOGETHER[level]
    plan = ["bust"] * (players - 1 - 2 * together) + ["together"] * together
    plan += ["up"] * rng.randint(*DOUBLE_UPS[level])
    rng.shuffle(plan)
    return plan


def _stacks(table: Table) -> dict[int, int]:
    return {seat: table.stacks[seat] or 0 for seat in table.players}


def _cast(table: Table, kind: str) -> list[tuple[tuple[int, ...], int, tuple[int, ...]]]:
    """Every way to play a hand of ``kind`` now: (the seats all-in, the winner, the seats
    knocked out). A short stack (``SHORT`` big blinds or fewer) is always one of them."""
    stacks = _stacks(table)
    big = table.level.big
    short = {seat for seat, chips in stacks.items() if chips <= SHORT * big}
    if kind == "bust":  # a loses to b, who covers a
        return [
            (tuple(sorted((a, b))), b, (a,))
            for a, b in permutations(stacks, 2)
            if stacks[b] >= stacks[a] and short <= {a, b}
        ]
    if kind == "up":  # a, far shorter, beats b and doubles up; b keeps a few big blinds
        return [
            (tuple(sorted((a, b))), a, ())
            for a, b in permutations(stacks, 2)
            if stacks[b] - stacks[a] >= 2 * SHORT * big and short <= {a}
        ]
    # together: a and b, with different stacks, both lose to w, who covers them
    return [
        (tuple(sorted((a, b, w))), w, (a, b))
        for a, b in combinations(stacks, 2)
        for w in stacks
        if w not in (a, b)
        and stacks[a] != stacks[b]
        and stacks[w] >= max(stacks[a], stacks[b])
        and short <= {a, b, w}
    ]


def _cards(
    rng: random.Random, seats: Sequence[int], winner: int
) -> tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...]] | None:
    """Hole cards for ``seats`` and a board on which ``winner`` beats every other one."""
    n = len(seats)
    for _try in range(60):
        deck = list(range(len(DECK)))  # card indexes: DECK is in index order
        rng.shuffle(deck)
        board = deck[2 * n : 2 * n + 5]
        power = [holdem.strength(deck[2 * i : 2 * i + 2] + board) for i in range(n)]
        best = power[seats.index(winner)]
        if sum(p >= best for p in power) == 1:
            holes = tuple((DECK[deck[2 * i]], DECK[deck[2 * i + 1]]) for i in range(n))
            return holes, tuple(DECK[i] for i in board)
    return None


@dataclass
class _Story:
    """A whole tournament dealt: the question (no blinds asked yet), the table at the end
    and every hand as the engine played it (for :func:`run` to keep)."""

    question: Question
    table: Table
    told: list[Told]


def _story(rng: random.Random, level: str, blinds_change: bool) -> _Story | None:
    """One try at a whole tournament; ``None`` when the dealt story does not fit."""
    players = rng.randint(*PLAYERS[level])
    every = rng.randint(*EVERY[level])
    first = rng.randrange(3)
    schedule = tuple(Blinds(*b) for b in BLINDS[first : first + LEVELS_DEALT])
    draft = Question(players, rng.choice(CHIPS), rng.randrange(players), schedule, every, (), 0)
    table = Table(rules_of(draft), [draft.chips] * players, button=draft.button)
    hands: list[Played] = []
    told: list[Told] = []
    plan = _plan(rng, level, players)
    while not table.is_finished:
        final = len(plan) - plan.count("up") == 1  # the next hand may knock the last one out
        needed = every + 1 - table.hand_no if blinds_change and final else 0
        for _quiet in range(max(rng.choice(QUIET), needed)):
            if any(chips <= SHORT * table.level.big for chips in _stacks(table).values()):
                break
            hands.append(Played())
            told.append(_play(table, hands[-1]))
        # The first kind of hand in the plan that can be played now; double-ups left over
        # when the last player is knocked out are not played.
        found = next(((k, w) for k in dict.fromkeys(plan) if (w := _cast(table, k))), None)
        if found is None:
            return None
        kind, ways = found
        plan.remove(kind)
        seats, win, out = rng.choice(ways)
        dealt = _cards(rng, seats, win)
        if dealt is None:
            return None
        hands.append(Played(seats, *dealt))
        told.append(_play(table, hands[-1]))
        if {seat for seat, _chips in told[-1].busted} != set(out):
            return None  # pragma: no cover - the cards were chosen for this result
    last = table.hand_no - 1
    if blinds_change and last <= every:
        return None
    levels = table.rules.level_index(last) + 2
    question = Question(
        players, draft.chips, draft.button, schedule[:levels], every, tuple(hands), 0
    )
    return _Story(question, table, told)


def _deal(rng: random.Random, level: str, concept: str | None) -> Question:
    asks = level != "easy" or concept == "blind-levels"
    for _attempt in range(ATTEMPTS):
        story = _story(rng, level, asks)
        if story is not None:
            break
    else:  # pragma: no cover - a whole tournament fits in a few tries
        raise RuntimeError("no tournament found")
    last = len(story.told)
    if not asks:
        asked = 0
    elif concept == "blind-levels":
        asked = rng.randint(story.question.every + 1, last)  # the blinds have gone up by then
    else:
        asked = rng.randint(1, last)
    question = replace(story.question, asked=asked)
    _keep(question, _result(question, story.table, story.told))
    return question


def generate(seed: int, level: str) -> Question:
    return _deal(random.Random(f"{SLUG}/{level}/{seed}"), level, None)


def target(seed: int, level: str, concept: str) -> Question:
    """A question aimed at ``concept``: for blind-levels, a hand after the blinds went up."""
    return _deal(random.Random(f"{SLUG}/{level}/{concept}/{seed}"), level, concept)


def concepts_of(question: Question) -> frozenset[str]:
    """From the engine's answer: blind levels when the hand asked about is past the first
    level; the finishing order when at least two players were knocked out."""
    found = set()
    the_run = run(question)
    if question.asked and the_run.rules.level_index(question.asked) > 0:
        found.add("blind-levels")
    if sum(len(e.seats) for e in the_run.eliminations) >= 2:
        found.add("finishing-order")
    return frozenset(found)


# -- the reasons -----------------------------------------------------------------------


def finish_code(seat: int, eliminations: Sequence[Elimination]) -> str:
    """Why a seat finishes where it does, as a code of :func:`words.finish_reason`."""
    for out in eliminations:
        chips = dict(out.seats)
        if seat not in chips:
            continue
        others = [c for s, c in out.seats if s != seat]
        if not others:
            return "out"
        mine = chips[seat]
        if mine in others:
            return "out_tied"
        if all(mine > c for c in others):
            return "out_more"
        if all(mine < c for c in others):
            return "out_fewer"
        return "out_between"
    return "winner"


def _why(the_run: Run, seat: int, language: str) -> str:
    code = finish_code(seat, the_run.eliminations)
    out = next((e for e in the_run.eliminations if seat in dict(e.seats)), None)
    others = [seat_name(s) for s, _chips in out.seats if s != seat] if out else []
    return words.finish_reason(
        code,
        player=seat_name(seat),
        place=the_run.places[seat],
        language=language,
        hand=out.hand_no if out else 0,
        chips=dict(out.seats)[seat] if out else 0,
        others=others,
    )


def blinds_code(rules: Rules, hand: int) -> str:
    """Whether hand ``hand`` is inside the schedule or after its last level."""
    inside = (hand - 1) // rules.hands_per_level < len(rules.schedule)
    return "level" if inside else "last_level"


def _blinds_why(rules: Rules, hand: int, language: str) -> str:
    index = rules.level_index(hand)
    blinds = rules.level_for_hand(hand)
    return words.blinds_reason(
        blinds_code(rules, hand),
        hand=hand,
        level=index + 1,
        first=index * rules.hands_per_level + 1,
        last=(index + 1) * rules.hands_per_level,
        small=blinds.small,
        big=blinds.big,
        language=language,
    )


# -- grading ---------------------------------------------------------------------------


@dataclass(frozen=True)
class PlaceRow(Record):
    seat: int
    label: str
    place: int
    mine: int
    ok: bool
    why: str


@dataclass(frozen=True)
class Grade(Record):
    correct: bool
    rows: tuple[PlaceRow, ...]  # in the engine's finishing order
    places_ok: bool
    together: bool  # two or more players knocked out in one hand
    asked: int
    small: int
    big: int
    mine_small: int | None
    mine_big: int | None
    blinds_ok: bool
    blinds_why: str


def _places(question: Question, answer: Answer) -> list[int]:
    places = []
    for seat in range(question.players):
        text = value(answer, f"place{seat}")
        if text.strip() == "":
            raise AnswerError(_("Choose a place for every player."))
        place = whole_number(text, 2)
        if place is None or not 1 <= place <= question.players:
            raise AnswerError(
                _("A place is a whole number from 1 (the winner) to %(count)s.")
                % {"count": question.players}
            )
        places.append(place)
    return places


def _blinds_answer(question: Question, answer: Answer) -> tuple[int | None, int | None]:
    if not question.asked:
        return None, None
    small, big = amount(value(answer, "small")), amount(value(answer, "big"))
    if small is None or big is None:
        raise AnswerError(
            _("Enter the small blind and the big blind of hand %(hand)s.")
            % {"hand": format_number(question.asked, get_language() or "en")}
        )
    return small, big


def grade(question: Question, answer: Answer) -> Grade:
    mine = _places(question, answer)
    small, big = _blinds_answer(question, answer)
    the_run = run(question)
    language = get_language() or "en"
    rows = tuple(
        PlaceRow(
            seat=seat,
            label=seat_name(seat),
            place=the_run.places[seat],
            mine=mine[seat],
            ok=mine[seat] == the_run.places[seat],
            why=_why(the_run, seat, language),
        )
        for seat in the_run.order
    )
    blinds = the_run.rules.level_for_hand(question.asked or 1)
    blinds_ok = not question.asked or (small, big) == (blinds.small, blinds.big)
    places_ok = all(row.ok for row in rows)
    return Grade(
        correct=places_ok and blinds_ok,
        rows=rows,
        places_ok=places_ok,
        together=any(len(e.seats) > 1 for e in the_run.eliminations),
        asked=question.asked,
        small=blinds.small if question.asked else 0,
        big=blinds.big if question.asked else 0,
        mine_small=small,
        mine_big=big,
        blinds_ok=blinds_ok,
        blinds_why=_blinds_why(the_run.rules, question.asked, language) if question.asked else "",
    )


def answer_key(question: Question) -> dict[str, list[str]]:
    the_run = run(question)
    key = {f"place{seat}": [str(place)] for seat, place in enumerate(the_run.places)}
    if question.asked:
        blinds = the_run.rules.level_for_hand(question.asked)
        key |= {"small": [str(blinds.small)], "big": [str(blinds.big)]}
    return key


def _number_text(text: str, language: str) -> str:
    cleaned = text.replace(" ", "").replace(",", "").replace("\xa0", "")
    number = whole_number(cleaned)
    return format_number(number, language) if number is not None else "?"


def answer_label(question: Question, answer: Answer) -> str:
    language = get_language() or "en"
    given = []
    for seat in range(question.players):
        place = whole_number(value(answer, f"place{seat}"), 2)
        if place is not None:
            given.append((place, seat))
    parts = [
        # Translators: an answer in the results: a finishing place and the player given it.
        pgettext("quiz answer", "place %(place)s: %(player)s")
        % {"place": format_number(place, language), "player": seat_name(seat)}
        for place, seat in sorted(given)
    ]
    if question.asked and (value(answer, "small") or value(answer, "big")):
        parts.append(
            # Translators: an answer in the results: the small and the big blind of a hand.
            pgettext("quiz answer", "blinds %(small)s/%(big)s")
            % {
                "small": _number_text(value(answer, "small"), language),
                "big": _number_text(value(answer, "big"), language),
            }
        )
    return "; ".join(parts)


# -- the page --------------------------------------------------------------------------


@dataclass(frozen=True)
class ShownHand:
    label: str
    cards: tuple[Card, ...]
    best: tuple[Card, ...]
    hand: str


@dataclass(frozen=True)
class Chapter:
    """A hand told (its bets, cards, pots and who is knocked out), or a run of quiet hands
    (``number`` 0, their sentence in ``lines``)."""

    number: int
    lines: tuple[str, ...]
    board: tuple[Card, ...] = ()
    shown: tuple[ShownHand, ...] = ()
    awards: tuple[str, ...] = ()
    outcome: tuple[str, ...] = ()


@dataclass(frozen=True)
class ChipRow:
    number: int
    chips: tuple[int | None, ...]


def _shown(told: Told) -> tuple[ShownHand, ...]:
    rows = []
    for event in told.events:
        if isinstance(event, ShowHand):
            best = holdem.evaluate(told.board + event.cards)
            rows.append(
                ShownHand(
                    seat_name(event.seat), event.cards, tuple(best.best_five), describe_holdem(best)
                )
            )
    return tuple(rows)


def _chapter(told: Told, winner: int | None, language: str) -> Chapter:
    """One all-in hand; ``winner`` when it ends the tournament."""
    events = [e.to_dict() for e in told.events]
    outcome = [words.knocked_out([seat_name(s) for s, _chips in sorted(told.busted)])]
    if winner is not None:
        outcome.append(words.winner(seat_name(winner)))
    return Chapter(
        number=told.number,
        lines=tuple(
            words.hand_lines([e for e in events if e["kind"] != "award_pot"], seat_name, language)
        ),
        board=told.board,
        shown=_shown(told),
        awards=tuple(
            words.hand_lines([e for e in events if e["kind"] == "award_pot"], seat_name, language)
        ),
        outcome=tuple(outcome),
    )


def _chapters(the_run: Run, language: str) -> list[Chapter]:
    """The story: each all-in hand, and each run of quiet hands in one sentence."""
    chapters: list[Chapter] = []
    quiet: list[int] = []
    for i, told in enumerate(the_run.hands):
        if not told.seats:
            quiet.append(told.number)
            continue
        if quiet:
            chapters.append(Chapter(0, (words.quiet_hands(quiet[0], quiet[-1], language),)))
            quiet = []
        last = i == len(the_run.hands) - 1
        chapters.append(_chapter(told, the_run.order[0] if last else None, language))
    return chapters


def context(question: Question) -> dict[str, object]:
    the_run = run(question)
    language = get_language() or "en"
    return {
        "seat_rows": [(seat, seat_name(seat)) for seat in range(question.players)],
        "schedule_rows": list(enumerate(question.schedule, start=1)),
        "chip_rows": [ChipRow(t.number, t.stacks) for t in the_run.hands if t.seats],
        "chapters": _chapters(the_run, language),
        "place_choices": list(range(1, question.players + 1)),
    }


DRILL = QuestionDrill(
    slug=SLUG,
    title=gettext_lazy("Follow a tournament"),
    summary=gettext_lazy(
        "A short tournament told hand by hand: say the blinds of a hand from the schedule, and where each player finishes."
    ),
    version=1,
    question_type=Question,
    generate=generate,
    grade=grade,
    answer_key=answer_key,
    answer_label=answer_label,
    context=context,
    concepts={"blind-levels": ("medium", "hard"), "finishing-order": ("easy", "medium", "hard")},
    concepts_of=concepts_of,
    target=target,
)
