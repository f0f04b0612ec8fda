"""The tournament page: the story told hand by hand (each all-in hand with its cards, pots
and who is knocked out; each run of quiet hands in one sentence), the chips before each
hand told, and the schedule."""

from __future__ import annotations

from dataclasses import dataclass

from tutor.core.locales import current_language
from tutor.engine import holdem
from tutor.engine.cards import Card
from tutor.engine.events import ShowHand
from tutor.words import tournament as words
from tutor.words.hands import describe_holdem
from tutor.words.terms import seat_name

from .question import Question
from .replay import Run, Told, run


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
    language = current_language()
    return {
        "seat_rows": [(seat, seat_name(seat)) for seat in range(question.players)],
        "schedule_rows": list(enumerate(question.schedule, start=1)),
        "chip_rows": [ChipRow(t.number, t.stacks) for t in the_run.hands if t.seats],
        "chapters": _chapters(the_run, language),
        "place_choices": list(range(1, question.players + 1)),
    }
