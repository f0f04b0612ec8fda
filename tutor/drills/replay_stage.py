"""One step of a replayed hand as the page shows it: the table after that many decisions,
the sentences that explain the step, and at the end the pots, the showdown and the log
compared with the engine.

Player names come from the pasted file, so they are user text: :func:`display_name`
drops control and format characters (bidi overrides, zero-width joiners) and shortens
them; sentences carry a name as a marker that :func:`with_bdi` turns into an escaped name
in ``<bdi>``. The table picture, drawn as text by its own template, gets the name in
Unicode isolates (U+2068 … U+2069), the plain-text ``<bdi>``.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, replace

from django.utils.html import conditional_escape, format_html
from django.utils.safestring import SafeString, mark_safe

from tutor.engine import events as ev
from tutor.engine.cards import Card
from tutor.engine.hand import Hand
from tutor.engine.histories.replay import Replay, hand_at
from tutor.table.picture import SeatPicture, TablePicture, from_hand
from tutor.words.base import number
from tutor.words.cards import cards_text
from tutor.words.narrate import narrate
from tutor.words.replays import (
    check_text,
    end_text,
    legality_text,
    pots_lines,
    showdown_lines,
    turn_text,
    unit_note,
)
from tutor.words.table import SeatFacts, seat_sentence
from tutor.words.terms import street_name

#: The longest player name shown.
NAME_LENGTH = 24
_MARK = re.compile("\ue000(\\d+)\ue001")
#: Events told after a decision (the rest of the hand's end is told by the summary).
_AFTER = frozenset({"deal_board", "return_uncalled"})


def display_name(raw: str) -> str:
    """A player's name as the page shows it: no control or format characters, at most
    :data:`NAME_LENGTH` characters.

    >>> display_name("Bob\\u202eevil")
    'Bobevil'
    """
    kept = "".join(ch for ch in raw if unicodedata.category(ch)[0] != "C").strip()
    return kept if len(kept) <= NAME_LENGTH else kept[: NAME_LENGTH - 1] + "…"


def marker(seat: int) -> str:
    return f"\ue000{seat}\ue001"


def with_bdi(text: str, names: tuple[str, ...]) -> SafeString:
    """A sentence with its name markers replaced by escaped names in ``<bdi>``."""
    escaped = str(conditional_escape(text))
    return mark_safe(_MARK.sub(lambda m: format_html("<bdi>{}</bdi>", names[int(m[1])]), escaped))


@dataclass(frozen=True)
class Stage:
    step: int
    steps: int
    picture: TablePicture
    lines: tuple[SafeString, ...]
    end: tuple[SafeString, ...]
    checks: tuple[tuple[bool, SafeString], ...]
    file_line: SafeString | None
    note: str
    street: str = ""  # the street of the decision on screen ('' at the deal)

    @property
    def previous(self) -> int | None:
        return self.step - 1 if self.step > 0 else None

    @property
    def next(self) -> int | None:
        return self.step + 1 if self.step < self.steps else None


def stage(replay: Replay, step: int, language: str) -> Stage:
    """The page's view of ``replay`` after ``step`` decisions (clamped to the hand)."""
    step = max(0, min(step, len(replay.steps)))
    names = tuple(display_name(n) for n in replay.history.names)
    hand = hand_at(replay, step)
    lines = _opening(replay, hand, language) if step == 0 else _step_lines(replay, step, language)
    over = step == len(replay.steps)
    end: list[str] = []
    checks: tuple[tuple[bool, SafeString], ...] = ()
    if over:
        end = _shown(replay, language) + showdown_lines(replay, marker, language)
        end += pots_lines(replay, marker, language)
        checks = tuple(
            (c.ok, with_bdi(check_text(c, marker, language), names)) for c in replay.checks
        )
    file_line = None
    if step:
        where = replay.steps[step - 1].move.where
        params = {"line": number(where.line, language), "text": where.text.strip()[:120]}
        file_line = with_bdi(end_text("file_line", params), names)
    return Stage(
        step=step,
        steps=len(replay.steps),
        picture=_picture(replay, hand, names, language, over=over),
        lines=tuple(with_bdi(line, names) for line in lines),
        end=tuple(with_bdi(line, names) for line in end),
        checks=checks,
        file_line=file_line,
        note=unit_note(replay.history.unit, replay.history.currency, language),
        street=street_name(replay.steps[step - 1].street.value) if step else "",
    )


def _opening(replay: Replay, hand: Hand, language: str) -> list[str]:
    history = replay.history
    shown = [e.to_dict() for e in hand.events if e.kind in ("post_blind", "post_ante")]
    lines = [end_text("button", {"seat": marker(history.button)})]
    lines += narrate(shown, marker, language)
    for seat, cards in sorted(history.holes.items()):
        if seat not in history.dealt:
            continue  # shown at the end, not known before
        lines.append(
            end_text("dealt", {"seat": marker(seat), "cards": cards_text([c.code for c in cards])})
        )
    return lines


def _step_lines(replay: Replay, step: int, language: str) -> list[str]:
    current = replay.steps[step - 1]
    decision = current.decision
    lines = [turn_text(current, marker, language)]
    lines += narrate([decision.to_dict()], marker, language)
    lines += legality_text(current, replay, marker, language)
    after = [e.to_dict() for e in current.events if e.kind in _AFTER]
    return lines + narrate(after, marker, language)


def _shown(replay: Replay, language: str) -> list[str]:
    """The hands shown at the end: the file's own cards; a hand it does not show is said so."""
    known = replay.history.holes
    lines = []
    for event in replay.hand.events:
        if isinstance(event, ev.ShowHand) and event.category:
            if event.seat in known:
                lines += narrate([event.to_dict()], marker, language)
            else:
                lines.append(end_text("unknown_cards", {"seat": marker(event.seat)}))
    return lines


def _picture(
    replay: Replay, hand: Hand, names: tuple[str, ...], language: str, *, over: bool
) -> TablePicture:
    isolated = tuple(f"\u2068{n}\u2069" for n in names)
    picture = from_hand(hand, None, lambda seat: isolated[seat], language)
    history = replay.history
    seats = tuple(_seen(s, history.holes, history.dealt, language) for s in picture.seats)
    if over and replay.rake:
        seats = tuple(_raked(s, replay, language) for s in seats)
    return replace(picture, seats=seats)


def _raked(seat: SeatPicture, replay: Replay, language: str) -> SeatPicture:
    """A seat at the end of a raked hand: what it collected after the rake, and its stack."""
    collected = replay.collected[seat.seat]
    stack = seat.stack
    if stack is not None:
        stack += collected - replay.won[seat.seat]
    raked = replace(seat, stack=stack, won=collected)
    return replace(raked, sentence=_sentence(raked, language))


def _seen(
    seat: SeatPicture, holes: dict[int, tuple[Card, ...]], dealt: frozenset[int], language: str
) -> SeatPicture:
    """A seat as the file lets us see it: cards given at the deal face up from the start,
    cards the file never shows face down."""
    if not seat.cards:
        return seat
    if seat.seat not in holes:
        return _with_cards(seat, (None, None), language)
    if seat.seat in dealt and not any(seat.cards):
        return _with_cards(seat, tuple(c.code for c in holes[seat.seat]), language)
    return seat


def _with_cards(seat: SeatPicture, cards: tuple[str | None, ...], language: str) -> SeatPicture:
    """The seat with these cards drawn and told (``None``: face down)."""
    drawn = replace(seat, cards=cards, best=())
    return replace(drawn, sentence=_sentence(drawn, language))


def _sentence(seat: SeatPicture, language: str) -> str:
    """The seat told in one sentence, as the table picture tells it."""
    facts = SeatFacts(
        name=seat.name,
        stack=seat.stack,
        bet=seat.bet,
        cards=seat.cards,
        folded=seat.folded,
        all_in=seat.all_in,
        to_act=seat.to_act,
        button=seat.button,
        small_blind=seat.small_blind,
        big_blind=seat.big_blind,
        won=seat.won,
    )
    return seat_sentence(facts, language)
