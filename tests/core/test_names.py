"""The rules every stored name follows (``tutor/core/names.py``): what is refused, what
Bengali, Hindi and other scripts need kept, and look-alike keys of one length."""

from __future__ import annotations

import unicodedata

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tutor.core import names
from tutor.core.names import LOOK_KEY_LENGTH, MAX_MARKS, UnsafeName

ZWNJ, ZWJ = "\u200c", "\u200d"


@pytest.mark.parametrize(
    "name",
    [
        "র\u200d্যাব",  # Bengali ya-phala after ra: র + ZWJ + virama
        "ক্\u200dষ",  # Bengali: ZWJ after a virama keeps the half form
        "क्\u200dष",  # Hindi: ZWJ after a virama
        "क्\u200cष",  # Hindi: ZWNJ after a virama, no conjunct
        "সুন্\u200cদর",  # Bengali: ZWNJ
        "می\u200cخواهم",  # Persian ZWNJ, Arabic script
    ],
)
def test_joiners_between_letters_of_a_script_that_needs_them_pass(name: str) -> None:
    assert names.clean(name) == unicodedata.normalize("NFKC", name)


@pytest.mark.parametrize(
    "name",
    [
        ZWJ + "Mina",  # at the start
        "Mina" + ZWNJ,  # at the end
        "রা\u200d\u200dম",  # doubled
        "Mi\u200dna",  # between Latin letters
        "ক\u200d a",  # before a space
        "ক\u200da",  # between two scripts
        ZWJ,
    ],
)
def test_joiners_as_padding_are_refused(name: str) -> None:
    with pytest.raises(UnsafeName) as refused:
        names.clean(name)
    assert refused.value.reason == "joiner"


@pytest.mark.parametrize(
    "name",
    [
        "\u202etniop",  # right-to-left override
        "a\u202ab",  # embeddings
        "a\u202cb",
        "a\u2066b",  # isolates
        "a\u2069b",
        "a\u200fb",  # right-to-left mark
        "Asha\u200b",  # zero-width space
        "\ufeffAsha",  # zero-width no-break space
        "A\u00adsha",  # soft hyphen
        "\u3164",  # Hangul filler: a letter that draws nothing
        "a\u034fb",  # combining grapheme joiner
        "Omar\x07",
        "Li\ue000",
        "a\u2028b",
    ],
)
def test_invisible_and_direction_characters_are_refused(name: str) -> None:
    with pytest.raises(UnsafeName) as refused:
        names.clean(name)
    assert refused.value.reason == "invisible"


def test_twenty_marks_on_one_letter_are_refused() -> None:
    """Regression (issue 25): they stacked over the projector's rows."""
    with pytest.raises(UnsafeName) as refused:
        names.clean("Z" + "\u0336\u0301" * 10)
    assert refused.value.reason == "marks"
    assert names.clean("a" + "\u0301" * MAX_MARKS) == "á" + "\u0301" * (MAX_MARKS - 1)


@pytest.mark.parametrize(
    "name", ["রাঁচি", "हैं", "ड़ें", "কুঁড়ি", "Dvořák", "Nguyễn", "❤\ufe0f Mina", "山田"]
)
def test_letters_with_their_signs_pass(name: str) -> None:
    assert names.clean(name) == unicodedata.normalize("NFKC", name)


@pytest.mark.parametrize("name", ["राम", "রাম", "山田", "Dvořák", "asha.k@school+1_x-y"])
def test_unicode_usernames_pass(name: str) -> None:
    assert names.clean_username(name) == name


@pytest.mark.parametrize(("name", "bad"), [("ram das", " "), ("ram!", "!"), ("a/b", "/")])
def test_usernames_refuse_spaces_and_punctuation(name: str, bad: str) -> None:
    with pytest.raises(UnsafeName) as refused:
        names.clean_username(name)
    assert (refused.value.reason, refused.value.char) == ("username", bad)


@pytest.mark.parametrize("name", ["꽦" * 40, "क्षत्रिय" * 5, "ক্ষত্রিয়" * 5, "\u0bcc" * 40, "ß" * 40])
def test_look_keys_have_one_length_whatever_the_name(name: str) -> None:
    """Regression (issue 25): the skeleton of 40 Hangul syllables is 240 characters."""
    assert len(names.skeleton(name)) > 0
    assert [len(key) for key in names.looks(name)] == [LOOK_KEY_LENGTH] * 2


def test_look_keys_compare_as_skeletons() -> None:
    assert names.looks("kіran")[0] == names.looks("KIRAN")[0]
    assert names.looks("Мina")[1] == names.looks("Mina")[1]
    assert names.looks("Mina") != names.looks("Nina")


@given(st.text(max_size=60))
def test_a_clean_name_is_stable_and_safe(raw: str) -> None:
    """Whatever is typed, a name that passes is normalised, has no refused character, and
    cleaning it again changes nothing."""
    try:
        name = names.clean(raw)
    except UnsafeName:
        return
    assert unicodedata.is_normalized("NFKC", name)
    assert names.clean(name) == name
    assert not any(unicodedata.category(ch) in {"Cc", "Co", "Cs", "Cn"} for ch in name)
    assert not set(name) & set("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200b")
    assert name == name.strip() and "  " not in name


@given(st.text(alphabet=st.characters(categories=["L", "M", "N"]), max_size=40))
def test_look_keys_fit_their_column(raw: str) -> None:
    assert all(len(key) == LOOK_KEY_LENGTH for key in names.looks(raw))


BENGALI_LETTERS = st.sampled_from("কখগঘঙচছজঝঞটঠডঢণতথদধনপফবভমযরলশষসহ")
DEVANAGARI_LETTERS = st.sampled_from("कखगघङचछजझञटठडढणतथदधनपफबभमयरलवशषसह")


@given(
    st.one_of(
        st.tuples(BENGALI_LETTERS, BENGALI_LETTERS, st.just("\u09cd")),
        st.tuples(DEVANAGARI_LETTERS, DEVANAGARI_LETTERS, st.just("\u094d")),
    ),
    st.sampled_from([ZWJ, ZWNJ]),
)
def test_a_joiner_after_a_virama_always_passes(letters: tuple[str, str, str], joiner: str) -> None:
    first, second, virama = letters
    name = first + virama + joiner + second
    assert names.clean(name) == name


@given(st.text(min_size=1, max_size=10), st.sampled_from([ZWJ, ZWNJ]))
def test_a_joiner_at_either_end_is_always_refused(text: str, joiner: str) -> None:
    for name in (joiner + text, text + joiner):
        with pytest.raises(UnsafeName):
            names.clean(name)
