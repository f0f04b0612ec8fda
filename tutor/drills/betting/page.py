"""The betting page: the table as every player sees it (no hole cards), with its log."""

from __future__ import annotations

from dataclasses import dataclass

from tutor.core.locales import current_language
from tutor.table.picture import TablePicture, from_hand
from tutor.words import betting as words
from tutor.words.narrate import narrate
from tutor.words.terms import seat_name, structure_name

from .question import Question, ante_mode


@dataclass(frozen=True)
class SeatLine:
    index: int
    label: str
    stack: int
    bet: int
    folded: bool
    all_in: bool
    button: bool


@dataclass(frozen=True)
class Situation:
    """The table as every player sees it: no hole cards."""

    structure_name: str
    antes: str  # what the table's antes are ("" without antes)
    log: list[str]
    seat_list: list[SeatLine]
    board: tuple[str, ...]  # card codes, as the seat view gives them
    pot: int
    picture: TablePicture  # the table drawn (who is to act not marked: the drill asks it)


def context(question: Question) -> dict[str, object]:
    hand, language = question.hand, current_language()
    view = hand.view(None)
    seat_list = [
        SeatLine(
            index=s["seat"],
            label=seat_name(s["seat"]),
            stack=s["stack"],
            bet=s["bet"],
            folded=s["folded"],
            all_in=s["all_in"],
            button=s["seat"] == view["button"],
        )
        for s in view["seats"]
        if s["seated"]
    ]
    mode = ante_mode(hand)
    about = Situation(
        structure_name=str(structure_name(question.structure)),
        antes=words.table_antes(mode, hand.level.ante, language) if mode else "",
        log=narrate(view["history"], seat_name, language),
        seat_list=seat_list,
        board=tuple(view["board"]),
        pot=view["pot"],
        picture=from_hand(hand, None, seat_name, language, show_to_act=False),
    )
    return {"about": about}
