"""Every code the engine can send has words in every language; an unknown code raises.

The codes are collected from the engine (see :mod:`tests.words.engine_codes`), never
typed here. Each test runs once per language (the ``language`` fixture) and asks the
words package for every code's sentence with that language active.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable

import pytest
from django.utils import translation

from tutor.engine import bots as engine_bots
from tutor.engine import errors, holdem, sixcard, teenpatti, tp2020
from tutor.engine.betting import Reason
from tutor.engine.cards import DECK, Rank, Suit
from tutor.engine.hand import Street
from tutor.engine.rules import Structure
from tutor.words import bots, cards, hands, narrate, questions, reasons, showdowns, terms
from tutor.words import errors as error_words
from tutor.words.base import MissingWords

from . import engine_codes

LEFTOVER = re.compile(r"%\(\w+\)")


def check_all[T](language: str, codes: Iterable[T], say: Callable[[T], object]) -> None:
    """``say(code)`` is a whole sentence for each code: no gap, no placeholder left."""
    problems = []
    with translation.override(language):
        for code in codes:
            try:
                text = str(say(code))
            except KeyError as error:  # MissingWords, or a placeholder the code lacks
                problems.append(f"{code!r}: {error}")
                continue
            if not text.strip() or LEFTOVER.search(text):
                problems.append(f"{code!r}: {text!r}")
    assert not problems, f"{language}: " + "; ".join(problems)


def test_every_reason_has_words(language: str) -> None:
    sites = [r for r in engine_codes.raised_errors() if issubclass(r.cls, errors.IllegalAction)]
    details = {name: 7 for site in sites for name in site.details}
    check_all(language, Reason, lambda code: reasons.reason_text(str(code), details, language))


def test_every_illegal_action_raised_has_words(language: str) -> None:
    sites = [r for r in engine_codes.raised_errors() if issubclass(r.cls, errors.IllegalAction)]
    assert sites
    check_all(
        language,
        sites,
        lambda site: reasons.reason_text(site.code, dict.fromkeys(site.details, 7), language),
    )


def _sample(name: str) -> object:
    """A value for an error detail: a bet code for ``bet``, seat 0, else a whole number."""
    return {"bet": tp2020.BETS[0], "seat": 0}.get(name, 3)


def _error(raised: engine_codes.Raised) -> errors.EngineError:
    details = {name: _sample(name) for name in raised.details if name != "token"}
    if issubclass(raised.cls, errors.InvalidCards):
        return raised.cls("Xz", code=raised.code, **details)
    return raised.cls(raised.code, **details)


def test_every_engine_error_raised_has_words(language: str) -> None:
    raised = engine_codes.raised_errors()
    assert {r.code for r in raised} >= {"invalid_stake", "card_count", "malformed_event"}
    check_all(language, raised, lambda site: error_words.error_text(_error(site), language))


def test_every_error_class_default_code_has_words(language: str) -> None:
    check_all(
        language,
        engine_codes.default_codes(),
        lambda pair: error_words.error_text(
            pair[0]("Xz") if pair[0] is errors.InvalidCards else pair[0]()
        ),
    )


def test_every_stake_error_has_words(language: str) -> None:
    slip_codes = {
        r.code
        for r in engine_codes.raised_errors()
        if r.where.startswith("tp2020.py") and ("bet" in r.details or "bets" in r.details)
    }
    assert slip_codes
    check_all(
        language,
        slip_codes,
        lambda code: error_words.stake_error(errors.InvalidInput(code, bet=tp2020.BETS[1])),
    )


def test_every_hand_category_has_a_name_and_a_definition(language: str) -> None:
    check_all(language, engine_codes.holdem_codes(), lambda c: terms.category_name("holdem", c))
    check_all(language, engine_codes.holdem_codes(), lambda c: terms.definition("holdem", c))
    tp = engine_codes.teenpatti_codes()
    check_all(language, tp, lambda c: terms.category_name("teenpatti", c))
    categories = {c.code for c in teenpatti.TPCategory}
    check_all(language, categories, lambda c: terms.definition("teenpatti", c))
    bonus = {c.code for c in sixcard.BonusCategory}
    check_all(language, bonus, lambda c: terms.category_name("bonus", c))


def test_every_hand_category_is_described(language: str) -> None:
    """Each category with ace-high and king-high ranks (so a royal flush among them)."""
    top = tuple(sorted(Rank, reverse=True))
    values = [holdem.HandValue(c, top[i : i + 5], ()) for c in holdem.Category for i in (0, 1)]
    assert {v.code for v in values} == engine_codes.holdem_codes()
    check_all(language, values, hands.describe_holdem)
    tp_values = [teenpatti.TPHandValue(c, top[:3], ()) for c in teenpatti.TPCategory]
    check_all(language, tp_values, hands.describe_teenpatti)


def test_every_paytable_bet_result_and_outcome_has_a_name(language: str) -> None:
    check_all(language, engine_codes.paytable_names(), terms.paytable_name)
    check_all(language, engine_codes.paytable_rows(), terms.paytable_row_name)
    check_all(language, tp2020.BETS, terms.bet_name)
    check_all(language, engine_codes.results(), terms.result_name)
    check_all(language, engine_codes.outcomes(), terms.outcome_name)


def test_every_structure_and_street_has_a_name(language: str) -> None:
    check_all(language, [s.code for s in Structure], terms.structure_name)
    check_all(language, [s.value for s in Street], terms.street_name)


def test_every_card_rank_and_suit_has_a_name(language: str) -> None:
    check_all(language, [*DECK, None], cards.card_name)
    check_all(language, Rank, cards.rank_name)
    check_all(language, Rank, lambda rank: cards.rank_name(rank, plural=True))
    check_all(language, Suit, cards.suit_name)


def test_every_event_kind_is_told_or_silent() -> None:
    kinds = engine_codes.event_kinds()
    assert narrate.told_kinds() | narrate.SILENT == kinds
    assert not narrate.told_kinds() & narrate.SILENT


def test_every_event_variant_the_engine_plays_is_told(language: str) -> None:
    samples = engine_codes.event_samples()
    assert {kind for kind, *_variant in samples} == engine_codes.event_kinds()
    told = {key: event for key, event in samples.items() if key[0] in narrate.told_kinds()}

    def tell(key: object) -> str:
        lines = narrate.narrate([told[key]], terms.seat_name, language)  # type: ignore[index]
        assert lines, key
        return " ".join(lines)

    check_all(language, told, tell)


def test_every_whole_hand_history_is_told(language: str) -> None:
    with translation.override(language):
        for history in engine_codes.played_hands():
            lines = narrate.narrate(history, terms.seat_name, language)
            assert len(lines) >= 3
            assert not any(LEFTOVER.search(line) for line in lines)


def test_every_bot_reason_and_style_has_words(language: str) -> None:
    decisions = engine_codes.bot_decisions()
    assert {d.reason for d in decisions} == set(engine_bots.BotReason)
    check_all(language, decisions, lambda d: bots.bot_reason(d.to_dict(), language))
    check_all(language, engine_bots.Style, lambda style: bots.style_name(str(style)))


def test_every_holdem_showdown_decision_is_explained(language: str) -> None:
    samples = engine_codes.holdem_showdowns()
    kinds = {s.decided_by.kind for s in samples}
    assert kinds >= engine_codes.decision_kinds(holdem, "Decision")
    assert {"kicker", "board_plays", "tie"} <= kinds  # the seeded deals reach the rare ones
    names = [terms.player_name(i) for i in range(6)]
    check_all(language, samples, lambda s: showdowns.explain_holdem(s, names))
    check_all(language, samples, lambda s: hands.describe_holdem(s.values[s.winners[0]]))


def test_every_teenpatti_showdown_decision_is_explained(language: str) -> None:
    samples = engine_codes.teenpatti_showdowns()
    kinds = {s.decided_by.kind for s in samples}
    assert kinds >= engine_codes.decision_kinds(teenpatti, "TPDecision")
    assert "kicker" in kinds
    check_all(language, samples, lambda s: showdowns.explain_teenpatti(s, ["A", "B"]))
    check_all(language, samples, lambda s: hands.describe_teenpatti(s.values[0]))


def test_every_bad_question_kind_has_words(language: str) -> None:
    kinds = engine_codes.calls_of("BadQuestion", engine_codes.SITE / "drills")
    assert kinds
    check_all(language, kinds, questions.bad_question_message)


UNKNOWN = "no_such_code"

LOOKUPS: dict[str, Callable[[], object]] = {
    "reason": lambda: reasons.reason_text(UNKNOWN),
    "input error": lambda: error_words.input_error_text(UNKNOWN),
    "engine error": lambda: error_words.error_text(errors.InvalidInput(UNKNOWN)),
    "illegal action": lambda: error_words.error_text(errors.IllegalAction(UNKNOWN)),
    "stake error": lambda: error_words.stake_error(errors.InvalidInput("missing_field")),
    "category": lambda: terms.category_name("holdem", UNKNOWN),
    "game": lambda: terms.category_name(UNKNOWN, "pair"),
    "definition": lambda: terms.definition("teenpatti", UNKNOWN),
    "bet": lambda: terms.bet_name(UNKNOWN),
    "result": lambda: terms.result_name(UNKNOWN),
    "outcome": lambda: terms.outcome_name(UNKNOWN),
    "paytable": lambda: terms.paytable_name(UNKNOWN),
    "paytable row": lambda: terms.paytable_row_name(UNKNOWN),
    "structure": lambda: terms.structure_name(UNKNOWN),
    "street": lambda: terms.street_name(UNKNOWN),
    "style": lambda: bots.style_name(UNKNOWN),
    "bad question": lambda: questions.bad_question_message(UNKNOWN),
    "event": lambda: narrate.narrate([{"kind": UNKNOWN}], terms.seat_name, "en"),
    "blind": lambda: narrate.narrate(
        [{"kind": "post_blind", "seat": 1, "blind": UNKNOWN, "amount": 5, "all_in": False}],
        terms.seat_name,
        "en",
    ),
    "holdem decision": lambda: showdowns.explain_holdem(
        holdem.Showdown((holdem.evaluate("As Ks Qs Js 9d"),), (0,), holdem.Decision(UNKNOWN)),
        ["P1"],
    ),
    "teen patti decision": lambda: showdowns.explain_teenpatti(
        teenpatti.TPShowdown(
            (teenpatti.evaluate("As Ks Qd"), teenpatti.evaluate("2s 5d 9h")),
            "player_a",
            teenpatti.TPDecision(UNKNOWN),
        ),
        ["A", "B"],
    ),
}


@pytest.mark.parametrize("family", LOOKUPS)
def test_unknown_code_raises(family: str) -> None:
    with pytest.raises(MissingWords) as raised:
        LOOKUPS[family]()
    assert isinstance(raised.value, KeyError)


def test_missing_detail_raises_instead_of_showing_a_placeholder() -> None:
    with pytest.raises(MissingWords, match="minimum"):
        reasons.reason_text("below_min_bet", {})
    with pytest.raises(MissingWords, match="seat"):
        error_words.input_error_text("seat_taken", {})
