"""The replay page: paste or upload a hand, step through it with links (or htmx), and
every bad input answered with a translated message naming the line, never a 500."""

from __future__ import annotations

import re

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from tests.conftest import TRANSLATED
from tutor.drills.replay_hand import SESSION_KEY
from tutor.engine.histories.examples import example_text

URL = "/en/drills/replay-hand/"
SIDE_POT = example_text("side_pot")

pytestmark = pytest.mark.django_db


def text_of(response) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", response.content.decode()))


def test_page_offers_the_examples(client: Client) -> None:
    html = client.get(URL).content.decode()
    assert '<textarea id="history" name="history"' in html
    assert html.count("?example=") == 4


def test_example_opens_at_the_deal_and_steps_with_links(client: Client) -> None:
    response = client.get(URL + "?example=side_pot")
    assert response.status_code == 302 and response["Location"] == URL + "?step=0#step-title"
    first = client.get(URL + "?step=0").content.decode()
    assert 'href="?step=1#step-title"' in first and "Emil</bdi> has the dealer button" in first
    step = text_of(client.get(URL + "?step=7"))
    assert "Line 19 of the file" in step and "less than a full raise" in step


def test_last_step_explains_side_pot_odd_chip_and_the_log(client: Client) -> None:
    client.get(URL + "?example=side_pot")
    end = text_of(client.get(URL + "?step=13"))
    assert "Side pot 1: 200" in end
    assert "the odd chip goes to Bruno" in end
    assert "Main pot: Bruno wins 99." in end and "Main pot: Chen wins 98." in end
    assert "The log agrees: 397 in the pots = 397 collected + 0 rake." in end


def test_htmx_gets_only_the_stage(client: Client) -> None:
    client.get(URL + "?example=muck")
    response = client.get(URL + "?step=2", headers={"HX-Request": "true"})
    html = response.content.decode()
    assert "<textarea" not in html and 'id="step-title"' in html


def test_reload_keeps_the_hand_and_a_wild_step_is_clamped(client: Client) -> None:
    client.get(URL + "?example=uncalled")
    assert client.session[SESSION_KEY].startswith("PokerStars Hand #240003")
    assert "Decision 6 of 6 · Flop" in text_of(client.get(URL + "?step=99999"))
    assert "The deal" in text_of(client.get(URL + "?step=-3"))


def test_pasted_hand_is_kept_and_replayed(client: Client) -> None:
    response = client.post(URL, {"history": SIDE_POT})
    assert response.status_code == 302
    assert client.session[SESSION_KEY] == SIDE_POT


def test_uploaded_file_is_replayed(client: Client) -> None:
    upload = SimpleUploadedFile("hand.phh", example_text("fixed_limit").encode())
    assert client.post(URL, {"history": "", "file": upload}).status_code == 302
    assert "variant = 'FT'" in client.session[SESSION_KEY]


BAD = {
    "empty": ("   ", "the box is empty"),
    "binary": ("\x00\x01\x02\x03" * 40, "That is not text"),
    "two_megabytes": ("x" * 2_000_000, "at most 20,000 characters"),
    "eleven_seats": (SIDE_POT.replace("9-max", "11-max"), "Line 2:"),
    "negative": (SIDE_POT.replace("Dana: calls 30", "Dana: calls -30"), "Line 13:"),
    "unknown_card": (SIDE_POT.replace("[Ah Kd 7c]", "[Ah Xx 7c]"), "“Xx” is not a card"),
    "duplicate": (SIDE_POT.replace("[7s]", "[Ac]").replace("7s 2h", "Ac 2h"), "appears twice"),
    "not_seated": (SIDE_POT.replace("Emil: folds", "Zoe: folds"), "Zoe is not seated"),
    "min_raise": (
        SIDE_POT.replace("raises 20 to 30", "raises 5 to 15"),
        "smallest raise allowed is to 20",
    ),
}


@pytest.mark.parametrize("case", list(BAD))
def test_bad_input_is_a_clear_message_never_a_500(client: Client, case: str) -> None:
    text, expected = BAD[case]
    response = client.post(URL, {"history": text})
    assert response.status_code == 422
    assert expected in text_of(response)
    assert SESSION_KEY not in client.session


def test_file_too_large_is_refused_unread(client: Client) -> None:
    upload = SimpleUploadedFile("big.txt", b"a" * 100_000)
    response = client.post(URL, {"history": "", "file": upload})
    assert response.status_code == 422 and "at most 20,000 characters" in text_of(response)


def test_file_not_utf8_is_not_text(client: Client) -> None:
    upload = SimpleUploadedFile("hand.txt", b"\xff\xfe\xfa" * 30)
    response = client.post(URL, {"history": "", "file": upload})
    assert response.status_code == 422 and "That is not text" in text_of(response)


def test_hostile_name_is_isolated_and_escaped(client: Client) -> None:
    hostile = "<b>Eve\u202e</b>"
    client.post(URL, {"history": SIDE_POT.replace("Emil", hostile)})
    html = client.get(URL + "?step=0").content.decode()
    assert "<bdi>&lt;b&gt;Eve&lt;/b&gt;</bdi> has the dealer button" in html
    assert "\u202e" not in html


@pytest.mark.parametrize("language", TRANSLATED)
def test_error_in_every_language_names_the_line(client: Client, language: str) -> None:
    text = SIDE_POT.replace("Dana: calls 30", "Dana: calls -30")
    response = client.post(f"/{language}/drills/replay-hand/", {"history": text})
    assert response.status_code == 422
    body = text_of(response)
    assert "Dana: calls -30" in body and "is not an amount" not in body


def test_drills_index_lists_the_replay_in_the_course(client: Client) -> None:
    html = client.get("/en/drills/").content.decode()
    row = html[html.index('href="/en/drills/replay-hand/"') :]
    row = row[: row.index("</li>")]
    assert 'class="drill-guide"' in row


def test_cards_dealt_in_the_file_show_from_the_deal_others_stay_face_down(client: Client) -> None:
    client.get(URL + "?example=side_pot")
    html = client.get(URL + "?step=0").content.decode()
    assert "Chen</bdi> is dealt A♣ 4♦" in html
    end = client.get(URL + "?step=13").content.decode()
    client.get(URL + "?example=muck")
    muck_end = client.get(URL + "?step=12").content.decode()
    assert "Bruno" in end and "Gita" in muck_end
    assert "The file does not show" not in muck_end  # a muck is not a show


def test_rake_comes_off_what_the_winner_collects_and_the_end_stack(client: Client) -> None:
    client.get(URL + "?example=muck")
    end = text_of(client.get(URL + "?step=99"))
    assert "Main pot: Femi wins 515" not in end and "+515" not in end
    assert "25 rake" in end and "Femi collects 490" in end and "+490" in end
    assert "1,250 chips" in end and "1,275 chips" not in end
    assert "The log agrees: 515 in the pots = 490 collected + 25 rake." in end


def test_raise_too_small_in_a_dollar_hand_says_dollars(client: Client) -> None:
    text = example_text("muck").replace(
        "Femi: bets $1.50", "Femi: bets $1.50\nGita: raises $0.50 to $2"
    )
    page = text_of(client.post(URL, {"history": text}))
    assert "The smallest raise allowed is to $3." in page
