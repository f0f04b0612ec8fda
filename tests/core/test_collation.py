"""Names sorted as each language sorts them (ICU), not by code point."""

from __future__ import annotations

import pytest

from tutor.core.collation import sorted_by_language


def test_czech_sorts_ch_after_h_and_accents_beside_their_letter() -> None:
    names = ["Zoe", "Čeněk", "Chana", "Cyril", "Hana", "Ábel", "Adam"]
    assert sorted_by_language(names, "cs") == [
        "Ábel", "Adam", "Cyril", "Čeněk", "Hana", "Chana", "Zoe"
    ]  # fmt: skip
    # Code-point order puts the accented names last: the collator is what fixes it.
    assert sorted(names)[-2:] == ["Ábel", "Čeněk"]


@pytest.mark.parametrize(
    ("language", "names", "expected"),
    [
        ("bn", ["গীতা", "অমিত", "কিরণ"], ["অমিত", "কিরণ", "গীতা"]),
        ("hi", ["राम", "अमित", "किरण"], ["अमित", "किरण", "राम"]),
        ("ja", ["さくら", "あいこ", "かずき"], ["あいこ", "かずき", "さくら"]),
        ("en", ["bob", "Alice", "ábel"], ["ábel", "Alice", "bob"]),
    ],
)
def test_each_language_sorts_its_own_script(
    language: str, names: list[str], expected: list[str]
) -> None:
    assert sorted_by_language(names, language) == expected
