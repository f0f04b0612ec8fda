"""A Teen Patti 20-20 round: deal, settle a bet slip, void, and the exact return of each bet.

Rules from source 004: one 52-card deck reshuffled every round; cards dealt
A1, B1, A2, B2, A3, B3. Player A / Player B pay 0.95:1 and are refunded on a
tie; Tie pays 50:1; Pair Plus pays on its hand's pattern whether or not that
hand wins; 6 Card Bonus pays on the best five of the six cards. A round that
cannot be resumed is void and every bet is returned.

Money is exact: stakes are :class:`~decimal.Decimal` with at most two decimal
places, odds are :class:`~fractions.Fraction`, and a return is the exact
``stake * (1 + odds)``. It is shown with two decimals when that is exact and
with as many as it needs otherwise (0.95:1 on a stake of 0.05 returns
``0.0975``); nothing is rounded.

>>> s = settle("Ks Kh Qc", "Kd Kc 9s", {"player_a": "10", "tie": 1, "pair_plus_b": 2})
>>> s.result, [(line.bet, line.outcome, line.returned) for line in s.lines]
('player_a', [('player_a', 'win', Decimal('19.50')), ('tie', 'lose', Decimal('0.00')), ('pair_plus_b', 'win', Decimal('4.00'))])
>>> s.net
Decimal('10.50')
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation, localcontext
from fractions import Fraction
from functools import cache

from .cards import Card, ensure_unique, shuffled_deck
from .errors import InvalidInput
from .sixcard import BonusCategory, BonusHand, bonus_of
from .teenpatti import TPShowdown, parse_hand, showdown
from .tp_rtp import bonus_counts, main_outcome_counts, three_card_counts

__all__ = [
    "BETS",
    "BONUS_CODES",
    "DEFAULT",
    "MAX_STAKE",
    "PAIR_PLUS_CODES",
    "PaytableRow",
    "Paytables",
    "Round",
    "Settlement",
    "SettlementLine",
    "deal_round",
    "highest_return",
    "parse_bets",
    "return_to_player",
    "settle",
    "void_round",
]

BETS = ("player_a", "player_b", "tie", "pair_plus_a", "pair_plus_b", "six_card_bonus")
#: The largest stake accepted on one bet.
MAX_STAKE = Decimal(10) ** 12
PAIR_PLUS_CODES = ("three_aces", "trail", "pure_sequence", "sequence", "color", "pair", "high_card")
BONUS_CODES = tuple(c.code for c in BonusCategory)
_CENT = Decimal("0.01")
_PRECISION = 80  # digits: far above any stake (<= 10**12) times any payout


def _paytable_error(**details: object) -> InvalidInput:
    return InvalidInput("invalid_paytable", **details)


@dataclass(frozen=True, slots=True)
class PaytableRow:
    """A row of a paytable: a code and odds ``x`` meaning ``x:1`` (stake returned on top).

    Odds must be exact and expressible as a finite decimal (0.95 is
    ``Fraction(19, 20)``); a binary float is refused.
    """

    code: str
    odds: Fraction

    def __post_init__(self) -> None:
        if not isinstance(self.code, str) or not self.code:
            raise _paytable_error(row=repr(self.code))
        odds = self.odds
        if isinstance(odds, bool) or not isinstance(odds, int | Fraction | Decimal):
            raise _paytable_error(row=self.code, odds=repr(odds))
        odds = Fraction(odds)
        if odds < 0 or not _terminates(odds):
            raise _paytable_error(row=self.code, odds=str(odds))
        object.__setattr__(self, "odds", odds)


def _terminates(x: Fraction) -> bool:
    d = x.denominator
    for p in (2, 5):
        while d % p == 0:
            d //= p
    return d == 1


def _table(rows: tuple[PaytableRow, ...], codes: tuple[str, ...], name: str) -> None:
    seen = [row.code for row in rows]
    if len(set(seen)) != len(seen) or not set(seen) <= set(codes):
        raise _paytable_error(table=name, rows=tuple(seen))


@dataclass(frozen=True, slots=True)
class Paytables:
    """Every payout of a Teen Patti 20-20 table, as data. Hashable: RTPs are cached per value."""

    name: str
    main: PaytableRow  # Player A / Player B when that hand wins (a tie is a push)
    tie: PaytableRow
    pair_plus: tuple[PaytableRow, ...]  # codes from PAIR_PLUS_CODES; a missing row loses
    six_card_bonus: tuple[PaytableRow, ...]  # codes from BONUS_CODES; a missing row loses

    def __post_init__(self) -> None:
        for field in (self.main, self.tie, *self.pair_plus, *self.six_card_bonus):
            if not isinstance(field, PaytableRow):
                raise _paytable_error(table=self.name, row=repr(field))
        _table(self.pair_plus, PAIR_PLUS_CODES, "pair_plus")
        _table(self.six_card_bonus, BONUS_CODES, "six_card_bonus")

    def pair_plus_row(self, code: str) -> PaytableRow | None:
        return next((row for row in self.pair_plus if row.code == code), None)

    def bonus_row(self, code: str) -> PaytableRow | None:
        return next((row for row in self.six_card_bonus if row.code == code), None)


def _rows(*pairs: tuple[str, int]) -> tuple[PaytableRow, ...]:
    return tuple(PaytableRow(code, Fraction(odds)) for code, odds in pairs)


#: The paytables of source 004.
DEFAULT = Paytables(
    name="default",
    main=PaytableRow("win", Fraction(19, 20)),
    tie=PaytableRow("tie", Fraction(50)),
    pair_plus=_rows(
        ("three_aces", 50),
        ("trail", 40),
        ("pure_sequence", 30),
        ("sequence", 6),
        ("color", 3),
        ("pair", 1),
    ),
    six_card_bonus=_rows(
        ("royal_flush", 1000),
        ("straight_flush", 200),
        ("four_of_a_kind", 100),
        ("full_house", 20),
        ("flush", 15),
        ("straight", 10),
        ("three_of_a_kind", 7),
    ),
)


@dataclass(frozen=True, slots=True)
class Round:
    """The two hands of a round and the six cards in the order they were dealt."""

    hand_a: tuple[Card, ...]
    hand_b: tuple[Card, ...]
    deal_order: tuple[Card, ...]  # A1, B1, A2, B2, A3, B3


def deal_round(seed: int | str) -> Round:
    """Shuffle a fresh deck with ``seed`` and deal A1, B1, A2, B2, A3, B3.

    >>> r = deal_round(2020)
    >>> r.deal_order[0::2] == r.hand_a and r.deal_order[1::2] == r.hand_b
    True
    """
    if isinstance(seed, bool) or not isinstance(seed, int | str):
        raise InvalidInput("invalid_seed", seed=repr(seed))
    order = tuple(shuffled_deck(seed)[:6])
    return Round(hand_a=order[0::2], hand_b=order[1::2], deal_order=order)


@dataclass(frozen=True, slots=True)
class SettlementLine:
    """One bet of the slip. ``returned`` includes the stake (0 when lost)."""

    bet: str
    stake: Decimal
    outcome: str  # "win" | "lose" | "push" | "void"
    row: str | None  # the paytable row that paid
    odds: Fraction | None
    returned: Decimal


@dataclass(frozen=True, slots=True)
class Settlement:
    """A settled (or voided) bet slip; ``net`` = returned - staked."""

    result: str  # "player_a" | "player_b" | "tie" | "void"
    lines: tuple[SettlementLine, ...]
    total_staked: Decimal
    total_returned: Decimal
    net: Decimal
    showdown: TPShowdown | None = None
    bonus: BonusHand | None = None


def _stake(bet: str, value: object) -> Decimal:
    if isinstance(value, bool) or not isinstance(value, int | str | Decimal):
        raise InvalidInput("invalid_stake", bet=bet, stake=repr(value))
    try:
        amount = Decimal(value.strip() if isinstance(value, str) else value)
    except InvalidOperation:
        raise InvalidInput("invalid_stake", bet=bet, stake=repr(value)) from None
    if not amount.is_finite():
        raise InvalidInput("invalid_stake", bet=bet, stake=repr(value))
    if amount < 0:
        raise InvalidInput("negative_stake", bet=bet, stake=str(amount))
    if amount > MAX_STAKE:
        raise InvalidInput("stake_too_large", bet=bet, stake=str(amount), maximum=str(MAX_STAKE))
    with localcontext(prec=_PRECISION):
        cents = amount.quantize(_CENT)
    if cents != amount:
        raise InvalidInput("too_many_decimals", bet=bet, stake=str(amount), places=2)
    return cents + 0  # drops a negative zero


def parse_bets(bets: Mapping[str, int | str | Decimal]) -> dict[str, Decimal]:
    """Validate a bet slip; return the positive stakes in :data:`BETS` order.

    Zero stakes mean "no bet". Raises :class:`InvalidInput` with codes
    ``invalid_bets``, ``unknown_bet``, ``invalid_stake``, ``negative_stake``,
    ``stake_too_large``, ``too_many_decimals``.
    """
    if not isinstance(bets, Mapping):
        raise InvalidInput("invalid_bets", bets=type(bets).__name__)
    for name in bets:
        if name not in BETS:
            raise InvalidInput("unknown_bet", bet=repr(name))
    stakes = {name: _stake(name, bets[name]) for name in BETS if name in bets}
    return {name: stake for name, stake in stakes.items() if stake}


def _decimal(x: Fraction) -> Decimal:
    """The exact decimal of a fraction whose denominator is 2**a * 5**b."""
    k = 0
    while (10**k) % x.denominator:
        k += 1
    return Decimal(f"{x.numerator * (10**k // x.denominator)}E-{k}")


def _money(x: Decimal) -> Decimal:
    """Two decimal places when exact, else the exact value as it is."""
    with localcontext(prec=_PRECISION):
        cents = x.quantize(_CENT)
    return cents if cents == x else x


def _line(bet: str, stake: Decimal, outcome: str, row: PaytableRow | None = None) -> SettlementLine:
    if outcome == "win":
        assert row is not None
        returned = _decimal(Fraction(stake) * (1 + row.odds))
    elif outcome in ("push", "void"):
        returned = stake
    else:
        returned = Decimal(0)
    return SettlementLine(
        bet=bet,
        stake=stake,
        outcome=outcome,
        row=row.code if row else None,
        odds=row.odds if row else None,
        returned=_money(returned),
    )


def _settlement(
    result: str,
    settled: Iterable[SettlementLine],
    showdown: TPShowdown | None = None,
    bonus: BonusHand | None = None,
) -> Settlement:
    lines = tuple(settled)
    with localcontext(prec=_PRECISION):
        staked = sum((line.stake for line in lines), Decimal("0.00"))
        returned = sum((line.returned for line in lines), Decimal("0.00"))
        net = returned - staked
    return Settlement(result, lines, _money(staked), _money(returned), _money(net), showdown, bonus)


def settle(
    hand_a: str | Iterable[str | Card],
    hand_b: str | Iterable[str | Card],
    bets: Mapping[str, int | str | Decimal],
    paytables: Paytables = DEFAULT,
) -> Settlement:
    """Settle a bet slip against Player A's and Player B's three cards."""
    stakes = parse_bets(bets)
    cards_a, cards_b = parse_hand(hand_a, 3), parse_hand(hand_b, 3)
    ensure_unique(cards_a + cards_b)
    shown = showdown(cards_a, cards_b)
    bonus = bonus_of(cards_a + cards_b)
    value_of = dict(zip(("pair_plus_a", "pair_plus_b"), shown.values, strict=True))

    def line(bet: str, stake: Decimal) -> SettlementLine:
        if bet in ("player_a", "player_b"):
            if shown.result == "tie":
                return _line(bet, stake, "push")
            won = shown.result == bet
            return _line(bet, stake, "win" if won else "lose", paytables.main if won else None)
        if bet == "tie":
            won = shown.result == "tie"
            return _line(bet, stake, "win" if won else "lose", paytables.tie if won else None)
        if bet in value_of:
            row = paytables.pair_plus_row(value_of[bet].paytable_code)
        else:
            row = paytables.bonus_row(bonus.code)
        return _line(bet, stake, "win" if row else "lose", row)

    lines = (line(bet, stake) for bet, stake in stakes.items())
    return _settlement(shown.result, lines, showdown=shown, bonus=bonus)


def void_round(bets: Mapping[str, int | str | Decimal]) -> Settlement:
    """The source's error handling: a round that cannot be resumed returns every bet.

    >>> void_round({"tie": "2.50", "player_b": 5}).total_returned
    Decimal('7.50')
    """
    stakes = parse_bets(bets)
    return _settlement("void", (_line(bet, stake, "void") for bet, stake in stakes.items()))


def return_to_player(paytables: Paytables = DEFAULT) -> dict[str, Fraction]:
    """The exact expected return per unit staked of each bet (stake included, pushes count 1).

    Computed by counting every deal (see :mod:`tutor.engine.tp_rtp`); cached per paytables.
    """
    return dict(_return_to_player(paytables))


@cache
def _return_to_player(paytables: Paytables) -> tuple[tuple[str, Fraction], ...]:
    main = main_outcome_counts()
    win = 1 + paytables.main.odds
    hands = three_card_counts()
    n_hands = sum(hands.values())
    pair_plus = Fraction(
        sum(n * (1 + row.odds) for c, n in hands.items() if (row := paytables.pair_plus_row(c))),
        n_hands,
    )
    sixes = bonus_counts()
    bonus = Fraction(
        sum(n * (1 + row.odds) for c, n in sixes.items() if (row := paytables.bonus_row(c.code))),
        sum(sixes.values()),
    )
    return (
        ("player_a", Fraction(main.player_a * win + main.tie, main.total)),
        ("player_b", Fraction(main.player_b * win + main.tie, main.total)),
        ("tie", Fraction(main.tie * (1 + paytables.tie.odds), main.total)),
        # B's three cards are as uniformly random as A's: the same distribution.
        ("pair_plus_a", pair_plus),
        ("pair_plus_b", pair_plus),
        ("six_card_bonus", bonus),
    )


def highest_return(paytables: Paytables = DEFAULT) -> tuple[tuple[str, ...], Fraction]:
    """The bet(s) with the highest return to player and that return."""
    rtp = return_to_player(paytables)
    best = max(rtp.values())
    return tuple(bet for bet in BETS if rtp[bet] == best), best
