"""Pay the bet slip, Teen Patti 20-20: a slip of bets with their stakes and a dealt round
(Player A's and Player B's three cards); what does each bet return, stake included?

The engine settles the slip (:func:`tutor.engine.tp2020.settle`, or
:func:`~tutor.engine.tp2020.void_round` for a round stopped during the deal). Feedback puts
the learner's figure beside the engine's for every bet, with the rule that produced it, and
marks the first wrong line. Money is exact: stakes and returns are ``Decimal`` cents, and a
stake on Player A or Player B is a multiple of 0.20, so that 0.95 to 1 pays whole cents.
"""

from __future__ import annotations

import random
import re
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction

from django.utils.translation import get_language, gettext_lazy

from tutor.core.locales import format_number
from tutor.engine import teenpatti, tp2020
from tutor.engine.cards import Card, ensure_unique, shuffled_deck
from tutor.engine.sixcard import bonus_of
from tutor.words import payouts, terms
from tutor.words.showdowns import ShowdownRow, explain_teenpatti, teenpatti_names, teenpatti_rows

from .answers import value
from .base import AnswerError
from .codec import Record
from .drill import Answer, QuestionDrill

SLUG = "teenpatti-payouts"
#: How many bets a slip holds at each level.
BET_COUNTS = {"easy": (1, 2), "medium": (3, 4), "hard": (6, 6)}
#: How often an untargeted question's round is stopped during the deal (void).
VOID_SHARE = {"easy": 0.0, "medium": 0.04, "hard": 0.06}
MAIN_BETS = ("player_a", "player_b", "tie")
SIDE_BETS = ("pair_plus_a", "pair_plus_b", "six_card_bonus")
#: Deals tried for a round that pays a side bet (a 6 Card Bonus hand comes one deal in 14).
DEAL_TRIES = 400
#: The largest amount a learner may type (far above any return this drill deals).
MAX_RETURN = Decimal(10) ** 9
CENT = Decimal("0.01")

Cards = tuple[Card, ...]


def _odds_of(bet: str) -> tuple[Fraction, ...]:
    """Every odds a bet can be paid at in the engine's paytables."""
    table = tp2020.DEFAULT
    rows = {
        "main": (table.main,),
        "tie": (table.tie,),
        "pair_plus": table.pair_plus,
        "bonus": table.six_card_bonus,
    }
    return tuple(row.odds for row in rows[payouts.BET_KINDS[bet]])


def pays_whole_cents(bet: str, stake: Decimal) -> bool:
    """Whether every payout of ``bet`` on ``stake`` is a whole number of cents.

    >>> [pays_whole_cents("player_a", Decimal(s)) for s in ("7.40", "7.35")]
    [True, False]
    >>> pays_whole_cents("tie", Decimal("7.35"))
    True
    """
    cents = Fraction(stake) * 100
    return all((cents * (1 + odds)).denominator == 1 for odds in _odds_of(bet))


@dataclass(frozen=True)
class Question(Record):
    #: (bet code, stake with two decimals) in the order of ``tp2020.BETS``.
    slip: tuple[tuple[str, str], ...]
    hand_a: Cards
    hand_b: Cards
    #: A round stopped (void) after this many cards of A1, B1, A2, B2, A3, B3; None: dealt.
    stopped_after: int | None = None

    def __post_init__(self) -> None:
        """Refuse a question the engine cannot settle to whole cents (``ValueError``)."""
        codes = [bet for bet, _stake in self.slip]
        if not codes or len(set(codes)) != len(codes):
            raise ValueError("a slip holds each bet at most once, and at least one")
        stakes = tp2020.parse_bets(dict(self.slip))  # the engine's own checks
        if len(stakes) != len(codes):
            raise ValueError("every bet on the slip has a stake")
        if not all(pays_whole_cents(bet, stake) for bet, stake in stakes.items()):
            raise ValueError("a stake whose payout is not whole cents")
        if len(self.hand_a) != 3 or len(self.hand_b) != 3:
            raise ValueError("each hand has three cards")
        ensure_unique(self.hand_a + self.hand_b)
        if self.stopped_after is not None and not 1 <= self.stopped_after <= 5:
            raise ValueError("a void round stops after one to five cards")

    @property
    def stakes(self) -> dict[str, Decimal]:
        return {bet: Decimal(stake) for bet, stake in self.slip}

    @property
    def deal_order(self) -> Cards:
        """A1, B1, A2, B2, A3, B3."""
        return tuple(c for pair in zip(self.hand_a, self.hand_b, strict=True) for c in pair)


def settlement(question: Question) -> tp2020.Settlement:
    """The engine's settlement of the slip: a void round returns every stake."""
    if question.stopped_after is not None:
        return tp2020.void_round(question.stakes)
    return tp2020.settle(question.hand_a, question.hand_b, question.stakes)


# -- dealing -------------------------------------------------------------------------------


def _stake(rng: random.Random, level: str, bet: str) -> str:
    """Round stakes at easy, some halves at medium, odd cents at hard (on Player A and
    Player B a multiple of 0.20, so that 0.95 to 1 pays whole cents)."""
    main = bet in ("player_a", "player_b")
    if level == "easy":
        cents = 100 * rng.choice((5, 10, 20, 25, 50, 100))
    elif level == "medium":
        cents = 100 * rng.randint(1, 20) * 5
        if not main and rng.random() < 0.4:
            cents += 50
    else:
        cents = 20 * rng.randint(10, 500) if main else rng.randint(100, 5000)
    return str((Decimal(cents) / 100).quantize(CENT))


def _slip(
    rng: random.Random, level: str, must: tuple[str, ...] = ()
) -> tuple[tuple[str, str], ...]:
    """A slip of the level's size holding every bet of ``must``, in ``tp2020.BETS`` order."""
    count = max(rng.randint(*BET_COUNTS[level]), len(must))
    others = [bet for bet in tp2020.BETS if bet not in must]
    chosen = set(must) | set(rng.sample(others, count - len(must)))
    return tuple((bet, _stake(rng, level, bet)) for bet in tp2020.BETS if bet in chosen)


def _dealt(rng: random.Random) -> tp2020.Round:
    return tp2020.deal_round(rng.randrange(2**63))


def _question(
    slip: tuple[tuple[str, str], ...], dealt: tp2020.Round, stopped_after: int | None = None
) -> Question:
    return Question(slip, dealt.hand_a, dealt.hand_b, stopped_after)


def generate(seed: int, level: str) -> Question:
    rng = random.Random(f"{SLUG}/{level}/{seed}")
    slip = _slip(rng, level)
    dealt = _dealt(rng)
    stopped = rng.randint(1, 5) if rng.random() < VOID_SHARE[level] else None
    return _question(slip, dealt, stopped)


DealTest = Callable[[tp2020.Round], bool]


def _until(rng: random.Random, good: DealTest) -> tp2020.Round:
    """The first of a seeded series of deals for which ``good(round)`` holds (the last one
    tried if none does, which for these odds does not happen)."""
    dealt = _dealt(rng)
    for _attempt in range(DEAL_TRIES):
        if good(dealt):
            break
        dealt = _dealt(rng)
    return dealt


def _tie(rng: random.Random) -> tp2020.Round:
    """A tied round: B holds A's ranks in other suits, and the same kind of hand (a trail
    cannot tie, nor can B always match a color: then A is dealt again)."""
    while True:
        deck = shuffled_deck(rng.randrange(2**63))
        hand_a = tuple(deck[:3])
        free = deck[3:]
        for _attempt in range(40):
            hand_b: list[Card] = []
            for card in hand_a:
                options = [c for c in free if c.rank == card.rank and c not in hand_b]
                if not options:
                    break
                hand_b.append(rng.choice(options))
            if len(hand_b) == 3 and teenpatti.showdown(hand_a, hand_b).result == "tie":
                rng.shuffle(hand_b)
                order = tuple(c for pair in zip(hand_a, hand_b, strict=True) for c in pair)
                return tp2020.Round(hand_a, tuple(hand_b), order)


def _pair_plus_pays(index: int, hand_loses: bool) -> DealTest:
    """A deal test: Pair Plus on hand ``index`` pays (and that hand loses the round)."""

    def good(dealt: tp2020.Round) -> bool:
        hand = (dealt.hand_a, dealt.hand_b)[index]
        pays = tp2020.DEFAULT.pair_plus_row(teenpatti.evaluate(hand).paytable_code) is not None
        if not pays or not hand_loses:
            return pays
        result = teenpatti.showdown(dealt.hand_a, dealt.hand_b).result
        return result == ("player_b", "player_a")[index]

    return good


def _bonus_pays(dealt: tp2020.Round) -> bool:
    return tp2020.DEFAULT.bonus_row(bonus_of(dealt.hand_a + dealt.hand_b).code) is not None


def target(seed: int, level: str, concept: str) -> Question:
    """A question aimed at ``concept``: the bets it needs on the slip, and a deal in which
    the engine's settlement uses the rule."""
    rng = random.Random(f"{SLUG}/{level}/{concept}/{seed}")
    return _AIMS[concept](rng, level)


def _aim_bets(rng: random.Random, level: str) -> Question:
    must = (rng.choice(MAIN_BETS), rng.choice(SIDE_BETS))
    return _question(_slip(rng, level, must), _dealt(rng))


def _aim_main(rng: random.Random, level: str) -> Question:
    # Both hands backed: one bet is paid 0.95 to 1 (or both come back on a tie).
    return _question(_slip(rng, level, ("player_a", "player_b")), _dealt(rng))


def _aim_tie(rng: random.Random, level: str) -> Question:
    return _question(_slip(rng, level, (rng.choice(MAIN_BETS),)), _tie(rng))


def _aim_pair_plus(rng: random.Random, level: str) -> Question:
    index = rng.randrange(2)
    slip = _slip(rng, level, (("pair_plus_a", "pair_plus_b")[index],))
    return _question(slip, _until(rng, _pair_plus_pays(index, rng.random() < 0.5)))


def _aim_bonus(rng: random.Random, level: str) -> Question:
    return _question(_slip(rng, level, ("six_card_bonus",)), _until(rng, _bonus_pays))


def _aim_void(rng: random.Random, level: str) -> Question:
    return _question(_slip(rng, level), _dealt(rng), rng.randint(1, 5))


_AIMS: dict[str, Callable[[random.Random, str], Question]] = {
    "tp-20-20-bets": _aim_bets,
    "tp-main-bet-payout": _aim_main,
    "tp-ties": _aim_tie,
    "tp-pair-plus": _aim_pair_plus,
    "tp-six-card-bonus": _aim_bonus,
    "tp-void-round": _aim_void,
}


def concepts_of(question: Question) -> frozenset[str]:
    """The rules the engine's settlement of this slip used."""
    settled = settlement(question)
    if settled.result == "void":
        return frozenset({"tp-void-round"})
    found = set()
    kinds = {payouts.BET_KINDS[line.bet] for line in settled.lines}
    # Main bets (Player A, Player B, Tie) beside side bets, each settled by its own rule.
    if len({"main" if kind == "tie" else kind for kind in kinds}) >= 2:
        found.add("tp-20-20-bets")
    for line in settled.lines:
        kind = payouts.BET_KINDS[line.bet]
        if kind == "main" and line.outcome in ("win", "push"):
            found.add("tp-main-bet-payout")
        if kind == "pair_plus" and line.outcome == "win":
            found.add("tp-pair-plus")
        if kind == "bonus" and line.outcome == "win":
            found.add("tp-six-card-bonus")
    if settled.result == "tie" and kinds & {"main", "tie"}:
        found.add("tp-ties")
    return frozenset(found)


# -- reading an amount of money --------------------------------------------------------------

_SPACES = re.compile(r"[\s\u00a0\u202f\u2009\u2007']")
_PLAIN = re.compile(r"([0-9]*)(?:\.([0-9]*))?")
_MINUS = ("-", "\u2212", "\u2012", "\u2013")


class AmountError(ValueError):
    """An amount that cannot be read; ``code`` names why (``tutor.words.payouts``)."""

    def __init__(self, code: str) -> None:
        super().__init__(code)
        self.code = code


def _ascii_digits(text: str) -> str:
    """Digits of any script (Devanagari, Bengali, full-width ...) as ASCII digits."""
    return "".join(
        str(unicodedata.decimal(ch))
        if not ch.isascii() and unicodedata.category(ch) == "Nd"
        else ch
        for ch in text
    )


def _one_point(text: str) -> str:
    """``text`` with one ``.`` at most as its decimal point, group separators dropped.

    Both ``,`` and ``.`` in it: the last one is the decimal point. Only one kind: more
    than one of it groups digits (``1,00,000``); a single comma before exactly three
    digits groups them too (``1,050``); else it is the decimal point (``2,50``, ``2.5``).
    Groups that are not groups (``1.2.3``) leave a text that does not read as a number.
    """
    last = max(text.rfind(","), text.rfind("."))
    if last < 0:
        return text
    point = text[last]
    other = "." if point == "," else ","
    if other in text:
        return _ungrouped(text[:last], other) + "." + text[last + 1 :]
    if text.count(point) > 1:
        return _ungrouped(text, point)
    if point == "," and re.fullmatch(r"[0-9]{1,3},[0-9]{3}", text):
        return text.replace(",", "")
    return text.replace(",", ".")


def _ungrouped(text: str, separator: str) -> str:
    """``1,234,567`` or ``1,00,100`` without the separators: groups of three, or of two
    before the last three (Indian grouping); anything else is left as it is (unreadable)."""
    first, *middle, last = text.split(separator)
    groups_ok = (
        re.fullmatch(r"[0-9]{1,3}", first)
        and all(re.fullmatch(r"[0-9]{2,3}", group) for group in middle)
        and re.fullmatch(r"[0-9]{3}", last)
    )
    return text.replace(separator, "") if groups_ok else text


def read_amount(raw: object) -> Decimal:
    """An amount of money typed by a learner: two decimals at most, from 0 to a billion.

    >>> [str(read_amount(t)) for t in ("2.50", "2,50", " 2.5 ", "1 050,00", "1,050", "0")]
    ['2.50', '2.50', '2.50', '1050.00', '1050.00', '0.00']
    >>> read_amount("-3")
    Traceback (most recent call last):
    ...
    tutor.drills.teenpatti_payouts.AmountError: negative
    """
    text = _SPACES.sub("", _ascii_digits(str(raw if raw is not None else "")))
    if text == "":
        raise AmountError("missing")
    if len(text) > 40:
        raise AmountError("too_large" if text.isdigit() else "unreadable")
    negative = text.startswith(_MINUS)
    match = _PLAIN.fullmatch(_one_point(text.lstrip("".join(_MINUS)) if negative else text))
    if match is None or not (match.group(1) or match.group(2)):
        raise AmountError("unreadable")
    if negative:
        raise AmountError("negative")
    whole, fraction = match.group(1) or "0", (match.group(2) or "").rstrip("0")
    if len(fraction) > 2:
        raise AmountError("too_many_decimals")
    amount = Decimal(f"{whole}.{fraction or '0'}")
    if amount > MAX_RETURN:
        raise AmountError("too_large")
    return amount.quantize(CENT)


def field(bet: str) -> str:
    """The form field of a bet's return."""
    return f"return_{bet}"


def _learner(question: Question, answer: Answer) -> dict[str, Decimal]:
    figures = {}
    for bet, _stake in question.slip:
        try:
            figures[bet] = read_amount(value(answer, field(bet)))
        except AmountError as error:
            raise AnswerError(payouts.amount_error(error.code, bet)) from None
    return figures


# -- grading ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class LineRow(Record):
    """One bet of the slip: the learner's figure beside the engine's, and why."""

    bet: str
    name: str
    stake: str
    engine: str
    mine: str
    ok: bool
    outcome: str
    rule: str


@dataclass(frozen=True)
class Grade(Record):
    correct: bool
    lines: tuple[LineRow, ...]
    first_wrong: int | None
    result: str  # "player_a" | "player_b" | "tie" | "void"
    result_name: str
    explanation: str
    rows: tuple[ShowdownRow, ...]  # empty for a void round
    bonus_name: str
    bonus_cards: Cards
    staked: str
    returned: str


def grade(question: Question, answer: Answer) -> Grade:
    figures = _learner(question, answer)
    settled = settlement(question)
    language = get_language() or "en"
    lines = tuple(
        LineRow(
            bet=line.bet,
            name=terms.bet_name(line.bet),
            stake=str(line.stake),
            engine=str(line.returned),
            mine=str(figures[line.bet]),
            ok=figures[line.bet] == line.returned,
            outcome=line.outcome,
            rule=payouts.payout_rule(line, settled, language),
        )
        for line in settled.lines
    )
    first_wrong = next((i for i, line in enumerate(lines) if not line.ok), None)
    shown = settled.showdown
    # The six cards' bonus hand, shown when the slip has a 6 Card Bonus bet.
    bonus = settled.bonus if "six_card_bonus" in question.stakes else None
    return Grade(
        correct=first_wrong is None,
        lines=lines,
        first_wrong=first_wrong,
        result=settled.result,
        result_name=terms.result_name(settled.result),
        explanation=payouts.void_notice()
        if shown is None
        else explain_teenpatti(shown, teenpatti_names()),
        rows=() if shown is None else teenpatti_rows(shown, teenpatti_names()),
        bonus_name="" if bonus is None else terms.category_name("bonus", bonus.code),
        bonus_cards=() if bonus is None else tuple(bonus.best_five),
        staked=str(settled.total_staked),
        returned=str(settled.total_returned),
    )


def answer_key(question: Question) -> dict[str, list[str]]:
    return {field(line.bet): [str(line.returned)] for line in settlement(question).lines}


def answer_label(question: Question, answer: Answer) -> str:
    """'Player A: 19.50; Tie: 0.00' (an unreadable figure as typed, cut short)."""
    language = get_language() or "en"
    parts = []
    for bet, _stake in question.slip:
        typed = value(answer, field(bet))
        try:
            shown = format_number(read_amount(typed), language, decimals=2)
        except AmountError:
            shown = typed.strip()[:20] or "—"
        parts.append(f"{terms.bet_name(bet)}: {shown}")
    return "; ".join(parts)


@dataclass(frozen=True)
class SlipRow:
    bet: str
    name: str
    stake: Decimal
    field: str


def context(question: Question) -> dict[str, object]:
    """The slip's rows (one field each) and the cards as dealt (face down after a stop)."""
    shown: list[Card | None] = list(question.deal_order)
    if question.stopped_after is not None:
        shown[question.stopped_after :] = [None] * (6 - question.stopped_after)
    return {
        "slip_rows": [
            SlipRow(bet, terms.bet_name(bet), Decimal(stake), field(bet))
            for bet, stake in question.slip
        ],
        "shown_a": tuple(shown[0::2]),
        "shown_b": tuple(shown[1::2]),
        "void_notice": payouts.void_notice() if question.stopped_after is not None else "",
    }


ALL_LEVELS = ("easy", "medium", "hard")

DRILL = QuestionDrill(
    slug=SLUG,
    title=gettext_lazy("Pay the bet slip — Teen Patti 20-20"),
    summary=gettext_lazy(
        "A bet slip and a dealt round: work out what each bet returns, stake included."
    ),
    version=1,
    question_type=Question,
    generate=generate,
    grade=grade,
    answer_key=answer_key,
    answer_label=answer_label,
    context=context,
    concepts={concept: ALL_LEVELS for concept in _AIMS},
    concepts_of=concepts_of,
    target=target,
)
