"""Cards as hand histories write them (``Ah Kd``, ``AhKd``), checked once across a hand.

>>> read_cards("AhKd", Where(1, None, "x"))
(Card.parse('Ah'), Card.parse('Kd'))
>>> read_cards("Ah Xx", Where(4, 7, "Ah Xx"))
Traceback (most recent call last):
...
tutor.engine.histories.record.HistoryError: ('bad_card', {'line': 4, 'column': 7, 'text': 'Ah Xx', 'card': 'Xx'})
"""

from __future__ import annotations

from ..cards import Card
from ..errors import InvalidCards
from .record import HistoryError, Where


def read_cards(text: str, where: Where) -> tuple[Card, ...]:
    """Cards written with or without spaces between them."""
    joined = "".join(text.split())
    if len(joined) % 2:
        raise HistoryError("bad_card", where, card=text.strip())
    out = []
    for i in range(0, len(joined), 2):
        token = joined[i : i + 2]
        try:
            out.append(Card.parse(token))
        except InvalidCards:
            raise HistoryError("bad_card", where, card=token) from None
    return tuple(out)


class CardLedger:
    """Every card a history shows, so one card shown twice is caught where it repeats."""

    def __init__(self) -> None:
        self._seen: set[Card] = set()

    def add(self, cards: tuple[Card, ...], where: Where) -> None:
        for card in cards:
            if card in self._seen:
                raise HistoryError("duplicate_card", where, card=card.code)
            self._seen.add(card)

    def hole(
        self, holes: dict[int, tuple[Card, ...]], seat: int, cards: tuple[Card, ...], where: Where
    ) -> None:
        """A seat's hole cards, dealt or shown: shown again they must be the same."""
        if seat in holes:
            if set(holes[seat]) != set(cards):
                raise HistoryError("duplicate_card", where, card=cards[0].code if cards else "")
            return
        if len(cards) != 2:
            raise HistoryError("bad_card", where, card=" ".join(c.code for c in cards))
        self.add(cards, where)
        holes[seat] = cards
