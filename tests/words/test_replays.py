"""A replayed hand's sentences where one player or several may be named: the singular
for one, the plural for more, in every language with the difference."""

from __future__ import annotations

import pytest
from django.utils import translation

from tutor.words import replays


@pytest.mark.parametrize(
    ("language", "plural_only"),
    [("cs", ("jejich", "mohou")), ("bn", ("তাঁদের",)), ("hi", ("उनके",))],
)
def test_one_player_is_named_in_the_singular(language: str, plural_only: tuple[str, ...]) -> None:
    with translation.override(language):
        one = [
            replays.may_muck_text(["Asha"], language),
            replays.pot_text("P", "10", ["Asha"], language),
        ]
        two = [
            replays.may_muck_text(["Asha", "Dev"], language),
            replays.pot_text("P", "10", ["Asha", "Dev"], language),
        ]
    assert not any(word in line for line in one for word in plural_only), one
    assert one != two and all("Asha" in line for line in one + two)


def test_one_and_several_in_english() -> None:
    with translation.override("en"):
        assert (
            replays.may_muck_text(["Asha"], "en") == "Asha may muck: that hand cannot win any pot."
        )
        assert replays.may_muck_text(["Asha", "Dev"], "en") == (
            "Asha and Dev may muck: their hands cannot win any pot."
        )
        assert replays.pot_text("Main pot", "300", ["Asha"], "en") == (
            "Main pot: 300, which only Asha can win."
        )
