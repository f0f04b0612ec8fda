"""A PokerStars hand history (the text the client saves) read into a :class:`History`.

The lines read: the header (``PokerStars Hand #…: Hold'em No Limit ($0.05/$0.10 USD) - …``),
``Table '…' 6-max Seat #3 is the button``, ``Seat N: name ($X in chips)``, the posts, ``***
HOLE CARDS ***``, ``Dealt to name [Ah Kd]``, each action (``folds``, ``checks``, ``calls $x``,
``bets $x``, ``raises $x to $y``, ``… and is all-in``), ``Uncalled bet ($x) returned to
name``, the streets' ``*** FLOP *** [..]``, the showdown (``shows [..]``, ``mucks hand``),
``name collected $x from pot``, and the summary's ``Total pot $x … | Rake $r``. Chat and
table-traffic lines are passed over; any other line is an error naming it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ..cards import Card
from ..rules import MAX_SEATS, Structure
from .cardtext import CardLedger, read_cards
from .record import History, HistoryError, Move, MoveKind, Where, read_amount

HEADER = re.compile(r"^PokerStars (?:Zoom |Home Game |Game )?Hand #\d+:\s*(?P<game>.*)$")
TABLE = re.compile(
    r"^Table '(?P<table>[^']*)' (?P<size>\d+)-max(?: \(Play Money\))? Seat #(?P<button>\d+) is the button"
)
SEAT = re.compile(
    r"^Seat (?P<seat>\d+): (?P<name>.+?) \((?P<stack>[^ ]+) in chips(?:, [^)]*)?\)(?P<rest>.*)$"
)
STAKES = re.compile(r"\((?P<small>[$€£]?[\d.,]+)/(?P<big>[$€£]?[\d.,]+)(?: [A-Z]{3})?\)")
STREET = re.compile(r"^\*\*\* (?P<street>FLOP|TURN|RIVER) \*\*\* .*\[(?P<cards>[^\]]*)\]\s*$")
SHOWN = re.compile(r"^shows \[(?P<cards>[^\]]*)\]")
DEALT = re.compile(r"^Dealt to (?P<name>.+?) \[(?P<cards>[^\]]*)\]")
UNCALLED = re.compile(r"^Uncalled bet \((?P<amount>[^)]+)\) returned to (?P<name>.+)$")
COLLECTED = re.compile(
    r"^(?P<name>.+?) collected (?P<amount>\S+) from (?:side pot(?:-\d+)?|main pot|pot)\s*$"
)
RAKE = re.compile(r"^Total pot (?P<total>\S+).*\| Rake (?P<rake>\S+)")
VERBS = re.compile(r"^(?P<name>.+?): (?P<verb>folds|checks|calls|bets|raises|posts|shows|mucks)\b")
#: Lines that say nothing about the play: chat, players coming and going, time-outs.
PASS = re.compile(
    r"(?:: doesn't show hand|: sits out|: is sitting out|is sitting out$|has timed out|"
    r"is disconnected|is connected|has returned|joins the table|leaves the table|said, \"|"
    r"will be allowed to play|was removed from the table)"
)
_DECISION_WORDS = {"folds": MoveKind.FOLD, "checks": MoveKind.CHECK}


class _Reader:
    def __init__(self, lines: Sequence[str]) -> None:
        self.lines = lines
        self.unit = 1
        self.ledger = CardLedger()
        self.names: dict[str, int] = {}
        self.moves: list[Move] = []
        self.holes: dict[int, tuple[Card, ...]] = {}
        self.blinds: dict[str, int] = {}
        self.posted: dict[str, int] = {}
        self.antes: list[int] = []
        self.collected: dict[int, int] = {}
        self.rake: int | None = None
        self.dealt: set[int] = set()

    def where(self, index: int) -> Where:
        return Where(index + 1, None, self.lines[index])

    def amount(self, text: str, index: int) -> int:
        return read_amount(text, self.unit, self.where(index))

    def who(self, line: str) -> tuple[int, str] | None:
        """The seated player a line starts with (``name: …``), longest name first."""
        for name in sorted(self.names, key=len, reverse=True):
            if line.startswith(name + ": "):
                return self.names[name], line[len(name) + 2 :]
        return None


def read(text: str) -> History:
    """Read one PokerStars hand; :class:`HistoryError` names the first line it cannot use."""
    lines = [line.rstrip() for line in text.splitlines()]
    first = next((i for i, line in enumerate(lines) if line.strip()), None)
    if first is None:
        raise HistoryError("empty")
    reader = _Reader(lines)
    structure, stakes, currency = _header(reader, first)
    size, button, index = _table(reader, first + 1)
    stacks, names, index = _seats(reader, index, size)
    index = _play(reader, index)
    return _history(reader, structure, stakes, currency, stacks, names, button, lines[first])


def _header(reader: _Reader, index: int) -> tuple[Structure, tuple[str, str], str]:
    line = reader.lines[index].strip()
    match = HEADER.match(line)
    if match is None:
        raise HistoryError("unknown_format", reader.where(index))
    game = match["game"]
    if "Hold'em" not in game or "6+" in game:
        raise HistoryError("not_holdem", reader.where(index), game=game.split(" - ")[0][:60])
    if "No Limit" in game:
        structure = Structure.NO_LIMIT
    elif "Pot Limit" in game:
        structure = Structure.POT_LIMIT
    elif "Limit" in game:
        structure = Structure.FIXED_LIMIT
    else:
        raise HistoryError("not_holdem", reader.where(index), game=game[:60])
    stakes = STAKES.search(game)
    if stakes is None:
        raise HistoryError("missing_stakes", reader.where(index))
    currency = next((c for c in "$€£" if stakes["big"].startswith(c)), "")
    reader.unit = 100 if currency else 1
    return structure, (stakes["small"], stakes["big"]), currency


def _table(reader: _Reader, index: int) -> tuple[int, int, int]:
    if index >= len(reader.lines):
        raise HistoryError("missing_table", reader.where(index - 1))
    match = TABLE.match(reader.lines[index].strip())
    if match is None:
        raise HistoryError("missing_table", reader.where(index))
    size, button = int(match["size"]), int(match["button"])
    if size > MAX_SEATS:
        raise HistoryError("too_many_seats", reader.where(index), seats=size, maximum=MAX_SEATS)
    return size, button - 1, index + 1


def _seats(reader: _Reader, index: int, size: int) -> tuple[list[int | None], list[str], int]:
    stacks: list[int | None] = [None] * size
    names = [""] * size
    lines = reader.lines
    while index < len(lines) and (match := SEAT.match(lines[index].strip())):
        seat = int(match["seat"]) - 1
        if not 0 <= seat < MAX_SEATS:
            raise HistoryError(
                "too_many_seats", reader.where(index), seats=seat + 1, maximum=MAX_SEATS
            )
        if seat >= len(stacks):
            stacks += [None] * (seat + 1 - len(stacks))
            names += [""] * (seat + 1 - len(names))
        name = match["name"]
        if name in reader.names or stacks[seat] is not None:
            raise HistoryError("duplicate_seat", reader.where(index), name=name)
        stack = reader.amount(match["stack"], index)
        if "sitting out" not in match["rest"] and "out of hand" not in match["rest"] and stack:
            stacks[seat], names[seat] = stack, name
            reader.names[name] = seat
        index += 1
    if sum(s is not None for s in stacks) < 2:
        raise HistoryError("too_few_players", reader.where(min(index, len(lines) - 1)))
    return stacks, names, index


def _play(reader: _Reader, index: int) -> int:
    """Every line after the seats, up to the end of the hand's summary."""
    summary = False
    lines = reader.lines
    while index < len(lines):
        line = lines[index].strip()
        if not line:
            if summary:
                break
        elif line == "*** SUMMARY ***":
            summary = True
        elif summary:
            if match := RAKE.match(line):
                reader.rake = reader.amount(match["rake"], index)
        else:
            _line(reader, index, line)
        index += 1
    return index


def _line(reader: _Reader, index: int, line: str) -> None:
    where = reader.where(index)
    if line.startswith("***"):
        if match := STREET.match(line):
            cards = read_cards(match["cards"], where)
            reader.ledger.add(cards, where)
            reader.moves.append(Move(MoveKind.BOARD, None, where, cards=cards))
        elif line not in ("*** HOLE CARDS ***", "*** SHOW DOWN ***"):
            raise HistoryError("unsupported_line", where)
        return
    if match := DEALT.match(line):
        seat = _named(reader, match["name"], index)
        reader.ledger.hole(reader.holes, seat, read_cards(match["cards"], where), where)
        reader.dealt.add(seat)
    elif match := UNCALLED.match(line):
        seat = _named(reader, match["name"], index)
        amount = reader.amount(match["amount"], index)
        reader.moves.append(Move(MoveKind.RETURNED, seat, where, amount))
    elif match := COLLECTED.match(line):
        seat = _named(reader, match["name"], index)
        reader.collected[seat] = reader.collected.get(seat, 0) + reader.amount(
            match["amount"], index
        )
    elif (found := reader.who(line)) is not None:
        _action(reader, index, *found)
    elif PASS.search(line):
        return
    elif match := VERBS.match(line):
        raise HistoryError("unknown_player", where, name=match["name"])
    else:
        raise HistoryError("bad_line", where)


def _named(reader: _Reader, name: str, index: int) -> int:
    seat = reader.names.get(name)
    if seat is None:
        raise HistoryError("unknown_player", reader.where(index), name=name)
    return seat


def _action(reader: _Reader, index: int, seat: int, rest: str) -> None:
    where = reader.where(index)
    words = rest.split()
    all_in = rest.endswith("and is all-in")
    verb = words[0] if words else ""
    if verb in _DECISION_WORDS:
        reader.moves.append(Move(_DECISION_WORDS[verb], seat, where))
    elif verb in ("calls", "bets") and len(words) >= 2:
        kind = MoveKind.CALL if verb == "calls" else MoveKind.BET
        reader.moves.append(Move(kind, seat, where, reader.amount(words[1], index), all_in))
    elif verb == "raises" and len(words) >= 4 and words[2] == "to":
        to = reader.amount(words[3], index)
        if to <= reader.amount(words[1], index):
            raise HistoryError("raise_not_above", where)
        reader.moves.append(Move(MoveKind.RAISE, seat, where, to, all_in))
    elif verb == "posts":
        _post(reader, index, seat, rest)
    elif verb == "shows" and (shown := SHOWN.search(rest)) is not None:
        cards = read_cards(shown["cards"], where)
        reader.ledger.hole(reader.holes, seat, cards, where)
        reader.moves.append(Move(MoveKind.SHOW, seat, where, cards=cards))
    elif rest.startswith("mucks hand") or rest.startswith("doesn't show"):
        reader.moves.append(Move(MoveKind.MUCK, seat, where))
    elif PASS.search(line := where.text) or rest.startswith(("is ", "sits out", "said,")):
        return
    else:
        raise HistoryError("bad_action", where, name=line.split(":")[0][:40])


def _post(reader: _Reader, index: int, seat: int, rest: str) -> None:
    where = reader.where(index)
    words = rest.removesuffix(" and is all-in").split()
    amount = reader.amount(words[-1], index)
    kind = " ".join(words[1:-1])
    if kind in ("small blind", "big blind"):
        if kind in reader.blinds:
            raise HistoryError("blinds_unsupported", where)
        reader.blinds[kind] = seat
        reader.posted[kind] = amount
    elif kind == "the ante":
        reader.antes.append(amount)
    else:
        raise HistoryError("blinds_unsupported", where)


def _history(
    reader: _Reader,
    structure: Structure,
    stakes: tuple[str, str],
    currency: str,
    stacks: list[int | None],
    names: list[str],
    button: int,
    label: str,
) -> History:
    where = Where(1, None, label)
    small, big = (read_amount(s, reader.unit, where) for s in stakes)
    if "big blind" not in reader.blinds or "small blind" not in reader.blinds:
        raise HistoryError("blinds_unsupported", where)
    seated = sum(s is not None for s in stacks)
    if reader.antes and (len(reader.antes) != seated or len(set(reader.antes)) != 1):
        raise HistoryError("antes_unsupported", where)
    bets = None
    if structure is Structure.FIXED_LIMIT:
        bets, small, big = (small, big), reader.posted["small blind"], reader.posted["big blind"]
    collected = tuple(reader.collected.get(s, 0) for s in range(len(stacks)))
    return History(
        source="pokerstars",
        structure=structure,
        small_blind=small,
        big_blind=big,
        ante=reader.antes[0] if reader.antes else 0,
        stacks=tuple(stacks),
        names=tuple(names),
        button=button,
        blinds=(reader.blinds["small blind"], reader.blinds["big blind"]),
        moves=tuple(reader.moves),
        holes=dict(reader.holes),
        collected=collected,
        rake=reader.rake,
        unit=reader.unit,
        currency=currency,
        label=label[:120],
        bets=bets,
        dealt=frozenset(reader.dealt),
    )
