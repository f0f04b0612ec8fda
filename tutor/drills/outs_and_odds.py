"""Outs and odds, Texas Hold'em heads-up: your two cards against an opponent's shown hand
on the flop or the turn. How many outs do you have, what are the pot odds, and does a
call pay?

Everything is the engine's: the outs are found by dealing each card that can come next
and comparing the two hands (``holdem.strength``, the value ``holdem.showdown`` ranks
by); the equity is :func:`tutor.engine.equity.equity`, exact over every completion of
the board (one card from the turn, two from the flop). The opponent is all-in, so no
more betting follows and the call pays exactly when the equity is more than the pot odds:
the call against the pot after calling.
"""

from __future__ import annotations

import random
import re
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from functools import lru_cache
from itertools import count
from types import MappingProxyType

from django.utils.translation import gettext_lazy

from tutor.core.locales import current_language
from tutor.core.numbers import whole_number
from tutor.engine import holdem
from tutor.engine.cards import DECK, Card
from tutor.engine.equity import EquityResult, equity
from tutor.words import odds as words
from tutor.words.picked_figures import odds_line

from .answers import value
from .base import LEVELS, AnswerError
from .codec import Record
from .drill import Answer, QuestionDrill

STREETS = {"easy": "turn", "medium": "turn", "hard": "flop"}
ASKS = {
    "easy": ("outs",),
    "medium": ("outs", "pot_odds"),
    "hard": ("outs", "pot_odds", "call"),
}
BOARD_SIZES = {"flop": 3, "turn": 4}
#: Half the questions insist on a real draw (this many outs or more), the rest take any
#: deal where the learner is behind with at least one out.
BIG_DRAW = 8
DRAW_SHARE = 0.5
#: Deals tried for a big draw before any deal with an out will do.
MAX_TRIES = 300
#: Chips: the pot before the opponent's bet is UNIT times a number in POT_UNITS; the bet
#: is a multiple of UNIT from a fifth of that pot to twice it.
UNIT = 10
POT_UNITS = (4, 40)
#: A dealt bet keeps the pot odds at least this far from the equity, so the verdict is
#: never a matter of rounding.
MARGIN = Fraction(3, 100)
#: How far a pot-odds answer may be from the exact share, in percentage points.
TOLERANCE = 1
#: Longer answers than this are refused before they are read.
MAX_TEXT = 32

Cards = tuple[Card, ...]


@dataclass(frozen=True)
class Question(Record):
    hand: Cards  # the learner's two cards
    opponent: Cards  # the opponent's two cards, shown
    board: Cards  # the flop, or the flop and the turn
    pot: int  # the pot before the learner calls, the opponent's bet included (0: no bet)
    to_call: int  # the opponent's all-in bet
    asks: tuple[str, ...]  # what the learner answers: "outs", "pot_odds", "call"

    @property
    def street(self) -> str:
        return "flop" if len(self.board) == BOARD_SIZES["flop"] else "turn"

    @property
    def unseen(self) -> int:
        """The cards that can come next: neither in a hand nor on the board."""
        return len(DECK) - 4 - len(self.board)


@dataclass(frozen=True)
class Odds:
    """The engine's answer to a question."""

    behind: bool  # the opponent's hand is the better one now
    outs: Cards  # next cards after which the learner's hand alone is best, in deck order
    splits: Cards  # next cards after which the two hands tie
    boards: int  # the completions of the board the equity counts
    wins: int
    ties: int
    equity: Fraction
    pot_odds: Fraction | None  # None: no bet to call
    verdict: str | None  # "call", "fold" or "even"; None: no bet to call


def _indices(cards: Cards) -> list[int]:
    return [c.index for c in cards]


def behind(hand: Cards, opponent: Cards, board: Cards) -> bool:
    """Whether the opponent's hand is better on the board as it is now."""
    return holdem.strength(_indices(hand + board)) < holdem.strength(_indices(opponent + board))


def next_cards(hand: Cards, opponent: Cards, board: Cards) -> tuple[Cards, Cards]:
    """The cards that can come next after which the learner's hand alone is best (the
    outs), and those after which the two hands tie, each in deck order.

    >>> from tutor.engine.cards import parse_cards as cards
    >>> outs, ties = next_cards(cards("9h 8h"), cards("Ks Qd"), cards("2h 5h Kc Jd"))
    >>> " ".join(c.code for c in outs), ties
    ('3h 4h 6h 7h Th Jh Qh Kh Ah', ())
    """
    mine, theirs = _indices(hand + board), _indices(opponent + board)
    seen = set(mine + theirs)
    wins: list[Card] = []
    ties: list[Card] = []
    for card in (c for c in range(len(DECK)) if c not in seen):  # DECK[i].index == i
        ours, other = holdem.strength([*mine, card]), holdem.strength([*theirs, card])
        if ours > other:
            wins.append(DECK[card])
        elif ours == other:
            ties.append(DECK[card])
    return tuple(wins), tuple(ties)


def verdict_of(share: Fraction, pot_odds: Fraction) -> str:
    """Whether a call pays: ``call`` when the equity is more than the pot odds."""
    if share == pot_odds:
        return "even"
    return "call" if share > pot_odds else "fold"


# Keyed on the two hands and the board, the whole deal: cards only, nothing of the
# learner's. A flop is about a thousand boards, dealt once for the generator and again for
# the page, the answer and the concepts. The value is frozen.
@lru_cache(maxsize=512)
def exact_equity(hand: Cards, opponent: Cards, board: Cards) -> EquityResult:
    """Both hands' exact equity over every completion of the board (the learner's first)."""
    return equity([hand, opponent], board)


def analyse(question: Question) -> Odds:
    """The outs, the exact equity and the verdict on the call, from the engine."""
    outs, splits = next_cards(question.hand, question.opponent, question.board)
    result = exact_equity(question.hand, question.opponent, question.board)
    mine = result.hands[0]
    pot_odds = None
    if question.to_call:
        pot_odds = Fraction(question.to_call, question.pot + question.to_call)
    return Odds(
        behind=behind(question.hand, question.opponent, question.board),
        outs=outs,
        splits=splits,
        boards=result.boards,
        wins=mine.wins,
        ties=mine.ties,
        equity=mine.equity,
        pot_odds=pot_odds,
        verdict=None if pot_odds is None else verdict_of(mine.equity, pot_odds),
    )


def _deal(rng: random.Random, street: str, least: int) -> tuple[Cards, Cards, Cards]:
    """Two hands and a board where the learner is behind with ``least`` outs or more (with
    one or more once ``MAX_TRIES`` deals have missed)."""
    size = 4 + BOARD_SIZES[street]
    for attempt in count():
        cards = rng.sample(DECK, size)
        hand, opponent, board = tuple(cards[:2]), tuple(cards[2:4]), tuple(cards[4:])
        if not behind(hand, opponent, board):
            continue
        outs = len(next_cards(hand, opponent, board)[0])
        if outs >= least or (outs and attempt >= MAX_TRIES):
            return hand, opponent, board
    raise AssertionError("unreachable")  # pragma: no cover


def _bet(rng: random.Random, share: Fraction) -> tuple[int, int]:
    """The pot (the bet in it) and the all-in bet: a call that pays or not, as drawn, with
    pot odds ``MARGIN`` or more away from the equity ``share``."""
    before = UNIT * rng.randint(*POT_UNITS)
    pays = rng.random() < 0.5
    bets = [UNIT * k for k in range(max(1, before // UNIT // 5), 2 * before // UNIT + 1)]
    clear = [b for b in bets if abs(share - Fraction(b, before + 2 * b)) >= MARGIN]
    wanted = [b for b in clear if (share > Fraction(b, before + 2 * b)) == pays]
    bet = rng.choice(wanted or clear or bets)
    return before + bet, bet


def generate(seed: int, level: str) -> Question:
    rng = random.Random(f"outs-and-odds/{level}/{seed}")
    street = STREETS[level]
    least = BIG_DRAW if rng.random() < DRAW_SHARE else 1
    hand, opponent, board = _deal(rng, street, least)
    pot = to_call = 0
    if "pot_odds" in ASKS[level]:
        pot, to_call = _bet(rng, exact_equity(hand, opponent, board).hands[0].equity)
    return Question(hand, opponent, board, pot, to_call, ASKS[level])


def concepts_of(question: Question) -> frozenset[str]:
    """What the question asks that the engine's answer makes real: outs when the learner
    is behind and some card saves them, pot odds when there is a bet to price, equity when
    the call is asked and the learner's share is neither nothing nor everything."""
    odds = analyse(question)
    found = set()
    if "outs" in question.asks and odds.behind and odds.outs:
        found.add("outs")
    if "pot_odds" in question.asks and odds.pot_odds is not None:
        found.add("pot-odds")
    if "call" in question.asks and odds.verdict is not None and 0 < odds.equity < 1:
        found.add("equity")
    return frozenset(found)


# -- reading an answer ----------------------------------------------------------------
_WIDE = str.maketrans({"％": "%", "．": ".", "，": ","})
_PERCENT = re.compile(r"(\d{1,3})(?:[.,](\d{1,4}))?", re.ASCII)


def _plain(text: str) -> str:
    """An answer with digits of any script (Bengali, Devanagari, full-width) in ASCII and
    a percent sign at its end dropped; everything else is kept, to be refused."""
    text = text.translate(_WIDE).strip().removesuffix("%").strip()
    return "".join(
        str(d) if (d := unicodedata.decimal(ch, None)) is not None else ch for ch in text
    )


def read_outs(question: Question, answer: Answer) -> int:
    text = value(answer, "outs")
    if not text.strip():
        raise AnswerError(words.answer_error("outs_missing", current_language()))
    outs = whole_number(_plain(text), 2) if len(text) <= MAX_TEXT else None
    if outs is None or outs > question.unseen:
        raise AnswerError(words.answer_error("outs_bad", current_language(), most=question.unseen))
    return outs


def read_pot_odds(answer: Answer) -> Decimal:
    """The pot odds the learner gives, in percent (``33.3`` for 33.3 %)."""
    text = value(answer, "pot_odds")
    if not text.strip():
        raise AnswerError(words.answer_error("pot_odds_missing", current_language()))
    found = _PERCENT.fullmatch(_plain(text)) if len(text) <= MAX_TEXT else None
    given = Decimal(f"{found[1]}.{found[2] or 0}") if found else None
    if given is None or given > 100:
        raise AnswerError(words.answer_error("pot_odds_bad", current_language()))
    return given


def read_call(answer: Answer) -> str:
    choice = value(answer, "call")
    if choice not in words.CHOICES:
        raise AnswerError(words.answer_error("call_missing", current_language()))
    return choice


# -- grading --------------------------------------------------------------------------
@dataclass(frozen=True)
class Grade(Record):
    correct: bool
    asks: tuple[str, ...]
    outs: Cards
    splits: Cards
    equity_share: tuple[int, int]  # numerator, denominator
    pot_odds_share: tuple[int, int]  # (0, 1) without a bet
    verdict: str  # "call", "fold", "even"; "" without a bet
    given_outs: int | None  # None when not asked
    given_pot_odds: str  # in percent, as read ("33.3"); "" when not asked
    given_call: str  # "call" or "fold"; "" when not asked
    checks: tuple[bool, bool, bool]  # the outs, the pot odds, the call right (or not asked)
    outs_text: str
    splits_text: str  # "" when no card ties
    reasons: tuple[str, ...]  # the pot odds worked out, the equity counted, the verdict
    picked: str = ""  # what the learner picked and why it is wrong ("" for a right answer)

    @property
    def equity(self) -> Fraction:
        return Fraction(*self.equity_share)

    @property
    def pot_odds(self) -> Fraction:
        return Fraction(*self.pot_odds_share)

    @property
    def given_share(self) -> Decimal | None:
        """The learner's pot odds as a share (0.333), for the ``pct`` filter."""
        return Decimal(self.given_pot_odds) / 100 if self.given_pot_odds else None


def _reasons(question: Question, odds: Odds, language: str) -> tuple[str, ...]:
    """The pot odds worked out (with a bet), the equity counted, the verdict (with a bet)."""
    counted = words.equity_text(
        question.street, odds.boards, odds.wins, odds.ties, odds.equity, language
    )
    if odds.pot_odds is None or odds.verdict is None:
        return (counted,)
    total = question.pot + question.to_call
    return (
        words.pot_odds_text(question.to_call, total, odds.pot_odds, language),
        counted,
        words.verdict_text(odds.verdict, odds.equity, odds.pot_odds, language),
    )


def grade(question: Question, answer: Answer) -> Grade:
    asks = question.asks
    outs = read_outs(question, answer) if "outs" in asks else None
    pot_odds = read_pot_odds(answer) if "pot_odds" in asks else None
    call = read_call(answer) if "call" in asks else None
    odds = analyse(question)
    exact = odds.pot_odds or Fraction(0)
    checks = (
        outs is None or outs == len(odds.outs),
        pot_odds is None or abs(Fraction(pot_odds) - 100 * exact) <= TOLERANCE,
        call is None or odds.verdict in (call, "even"),
    )
    language = current_language()
    return Grade(
        correct=all(checks),
        asks=asks,
        outs=odds.outs,
        splits=odds.splits,
        equity_share=(odds.equity.numerator, odds.equity.denominator),
        pot_odds_share=(exact.numerator, exact.denominator),
        verdict=odds.verdict or "",
        given_outs=outs,
        given_pot_odds="" if pot_odds is None else str(pot_odds),
        given_call=call or "",
        checks=checks,
        outs_text=words.outs_text(question.street, len(odds.outs), language),
        splits_text=words.splits_text(len(odds.splits), language) if odds.splits else "",
        reasons=_reasons(question, odds, language),
        picked=odds_line(question, odds, (outs, pot_odds, call), checks, language),
    )


def right_answer(question: Question) -> dict[str, list[str]]:
    """The engine's answer as the form would post it (pot odds to a tenth of a point)."""
    odds = analyse(question)
    key: dict[str, list[str]] = {}
    if "outs" in question.asks:
        key["outs"] = [str(len(odds.outs))]
    if "pot_odds" in question.asks and odds.pot_odds is not None:
        share = Decimal(odds.pot_odds.numerator * 100) / Decimal(odds.pot_odds.denominator)
        key["pot_odds"] = [str(share.quantize(Decimal("0.1")))]
    if "call" in question.asks and odds.verdict is not None:
        key["call"] = ["fold" if odds.verdict == "fold" else "call"]
    return key


def _readable[T](read_part: Callable[[], T]) -> T | None:
    try:
        return read_part()
    except AnswerError:
        return None


def answer_label(question: Question, answer: Answer) -> str:
    """The asked parts of an answer that can be read, in words."""
    asks = question.asks
    return words.answer_words(
        _readable(lambda: read_outs(question, answer)) if "outs" in asks else None,
        _readable(lambda: read_pot_odds(answer)) if "pot_odds" in asks else None,
        _readable(lambda: read_call(answer)) if "call" in asks else None,
        current_language(),
    )


DRILL = QuestionDrill(
    slug="outs-and-odds",
    title=gettext_lazy("Outs and pot odds"),
    summary=gettext_lazy(
        "Your hand against a shown hand on the flop or the turn: count your outs, work out "
        "the pot odds and decide whether a call pays."
    ),
    version=1,
    question_type=Question,
    generate=generate,
    grade=grade,
    right_answer=right_answer,
    answer_label=answer_label,
    concepts=MappingProxyType(
        {"outs": LEVELS, "pot-odds": ("medium", "hard"), "equity": ("hard",)}
    ),
    concepts_of=concepts_of,
)
