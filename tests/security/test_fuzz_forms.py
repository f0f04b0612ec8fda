"""Hostile input to every form and htmx endpoint: the drills (their questions, answers and
the two stateful drills), joining and answering a quiz, every teacher form, the account
forms, and the language a visitor's browser asks for.

Each fuzz test (hypothesis) posts random and hostile values: random Unicode, huge and
negative numbers, NaN and 1e400, very long strings, lists where one value is expected,
missing fields, forged and foreign signed tokens, SQL, HTML and script snippets, null
bytes. Whatever comes in, the site answers without a server error (``status < 500``),
never echoes markup unescaped (the answer keeps to the Content-Security-Policy), and
never touches another user's data: another teacher's quizzes, slots and sessions, another
student's answers, another visitor's drill progress. A stateful drill's saved game stays
loadable.

The bugs these fuzzers found are pinned at the end of this file: the fixed ones as plain
regression tests, the open ones as ``xfail(strict=True)``; the fuzzers steer around an
open bug (``path_codes``, ``no_nul_on_postgres``) so they keep looking for new ones. When
a bug is fixed, drop its xfail mark and the steering. ``FUZZ_SCALE=20`` runs every fuzzer twenty times as many examples.
"""

from __future__ import annotations

import base64
import functools
import os
import re
from collections.abc import Callable
from decimal import Decimal
from typing import Any
from urllib.parse import quote

import pytest
from django.contrib.auth import get_user_model
from django.contrib.sessions.models import Session as WebSession
from django.core import signing
from django.http import HttpResponse
from django.test import Client
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.conftest import LANGUAGES
from tutor.drills.base import LEVELS, MAX_SEED, TOKEN_SALT, make_token
from tutor.drills.play_holdem import PRESETS
from tutor.drills.registry import DRILLS, QuestionDrill
from tutor.engine import tp2020
from tutor.quizzes import services
from tutor.quizzes.models import CODE_ALPHABET, Participant, Response
from tutor.words.terms import STRUCTURES

from .conftest import (
    HTMX,
    Teacher,
    make_teacher,
    policy_violations,
    rolled_back,
    snapshot,
)

pytestmark = pytest.mark.django_db

#: ``FUZZ_SCALE=20 pytest tests/security`` runs every fuzzer twenty times as long.
SCALE = max(1, int(os.environ.get("FUZZ_SCALE", "1") or 1))
#: At most this many examples a fuzzer before FUZZ_SCALE: each is a dozen requests or
#: more (joins, answers, the teacher's pages, every row compared), so the `ci` profile's
#: hundred made the fuzzers a tenth of the whole suite's time.
EXAMPLES = 50


def fuzz() -> Callable[[Any], Any]:
    """The profile's examples (tests/conftest.py: `dev` or `ci`) up to :data:`EXAMPLES`,
    times FUZZ_SCALE."""
    return settings(
        max_examples=min(settings().max_examples, EXAMPLES) * SCALE,
        suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
    )


STATELESS = [slug for slug, d in DRILLS.items() if isinstance(d, QuestionDrill)]
CARDS = [rank + suit for rank in "23456789TJQKA" for suit in "shdc"]
XSS = (
    "<script>alert('xss')</script>",
    '"><script>alert(1)</script>',
    "'><img src=x onerror=alert(1)>",
    "</textarea><svg onload=alert(1)>",
    "javascript:alert(document.cookie)",
    '<a href="javascript:alert(1)" style="x">',
)
RAW_MARKUP = ("<script>alert", "<img src=x onerror", "<svg onload", '<a href="javascript:')
NASTY = (
    *XSS,
    "",
    " ",
    "0",
    "-0",
    "-1",
    "+7",
    "007",
    " 5 ",
    "5\n",
    "1.5",
    "1,5",
    "1 000",
    "1_000",
    "0x1F",
    "1e3",
    "1e400",
    "-1e400",
    "1E-999999999",
    "NaN",
    "nan",
    "sNaN",
    "Infinity",
    "-inf",
    str(2**31),
    str(2**53),
    str(2**63),
    str(2**64),
    str(-(2**63) - 1),
    "9" * 13,
    "9" * 40,
    "-" + "9" * 40,
    "١٢",  # Arabic-Indic digits: int() reads them
    "１２",  # full-width digits
    "𝟗",  # mathematical bold nine
    "true",
    "null",
    "None",
    "[]",
    "{}",
    '{"d": "betting", "s": 1, "l": "easy"}',
    "' OR '1'='1",
    "1; DROP TABLE quizzes_quiz; --",
    "%s%n%(amount)s{0}",
    "{{ request }}{% debug %}",
    "\x00",
    "a\x00b",
    "\r\nSet-Cookie: evil=1",
    "\u202eevil",
    "\ufeff",
    "ß",
    "İ",
    "😀" * 50,
    "../../etc/passwd",
    "As Ks Qs Js Ts",
    "As As",
    "AsKs|QdQc",
    "10h 1s Xx",
    "|" * 20,
    "player_a",
    "high_card",
    "on",
    "up",
    "down",
    "live",
    "homework",
    "UTC",
    "Etc/GMT+12",
    "9999-12-31T23:59",
    "0001-01-01T00:00",
    "2025-02-30T10:00",
    "lobby:-1",
    "question:0",
)


def no_nul_on_postgres(fields: dict[str, Any]) -> dict[str, Any]:
    """Bug B (PostgreSQL: NUL in a quiz answer was a 500) is fixed: NUL now goes through."""
    return fields


def text_values() -> st.SearchStrategy[str]:
    return st.one_of(
        st.sampled_from(NASTY),
        st.text(max_size=30),
        st.integers(-(10**40), 10**40).map(str),
        st.floats().map(repr),
        st.text(alphabet="0123456789 ,.-+eE_", max_size=20),
        st.builds(lambda n, ch: ch * n, st.integers(300, 20_000), st.sampled_from("9A<\x00 é")),
        st.builds(lambda a, b: a + b, st.sampled_from(XSS), st.text(max_size=10)),
    )


def values(*valid: str) -> st.SearchStrategy[str | list[str]]:
    """A field's value: often a valid one (so the code behind it runs), else anything,
    one value or several, or none (a list of none leaves the field out)."""
    scalar = st.one_of(st.sampled_from(valid), text_values()) if valid else text_values()
    return st.one_of(scalar, scalar, st.lists(scalar, max_size=4))


def form(fields: dict[str, tuple[str, ...]]) -> st.SearchStrategy[dict[str, Any]]:
    """Some of ``fields`` (with their valid values) and maybe a few unknown ones."""
    known = st.fixed_dictionaries({}, optional={k: values(*v) for k, v in fields.items()})
    extra = st.dictionaries(st.text(min_size=1, max_size=12), values(), max_size=2)
    return st.builds(lambda a, b: {**b, **a}, known, extra)


def digits(n: int) -> tuple[str, ...]:
    return tuple(str(i) for i in range(n))


# -- what every answer must be -----------------------------------------------------------
def assert_safe(response: HttpResponse) -> None:
    """No server error, and no markup of the input passed through unescaped."""
    assert response.status_code < 500, response.status_code
    body = response.content.decode("utf-8", errors="replace")
    for marker in RAW_MARKUP:
        assert marker not in body, marker
    if response.get("Content-Type", "").startswith("text/html"):
        assert policy_violations(body) == []
    location = response.get("Location", "")
    assert "\n" not in location and "\r" not in location
    assert "evil" not in response.cookies


def other_web_sessions(client: Client) -> dict[str, str]:
    """Every visitor's stored session except this client's own."""
    own = client.cookies.get("sessionid")
    own_key = own.value if own else None
    return {s.session_key: s.session_data for s in WebSession.objects.exclude(session_key=own_key)}


@pytest.fixture
def neighbour(db: None) -> Client:
    """Another visitor, mid-way through the drills: the fuzzers must not touch their state."""
    client = Client()
    client.post("/en/drills/play-holdem/", {"command": "new", "opponents": "2"})
    client.post("/en/drills/teenpatti-round/", {"action": "deal", "round": "1", "player_a": "10"})
    assert "play_holdem" in client.session and "teenpatti_round" in client.session
    return client


# -- the drills: questions (GET) ---------------------------------------------------------
card_lists = st.lists(st.sampled_from([*CARDS, "10h", "Xx", "as", "AS", "", "1s"]), max_size=9)
SITUATION = {
    "board": st.one_of(card_lists.map(" ".join), text_values()),
    "hands": st.one_of(
        st.lists(card_lists.map(" ".join), max_size=10).map("|".join), text_values()
    ),
    "game": values("holdem", "teenpatti"),
    "cards": st.one_of(card_lists.map(" ".join), text_values()),
}
situations = st.fixed_dictionaries(
    {},
    optional={
        "level": values(*LEVELS),
        "seed": values("0", "42", str(MAX_SEED - 1), str(MAX_SEED)),
        **SITUATION,
        "round": values(),
        "step": values(),
    },
)


@fuzz()
@given(slug=st.sampled_from(list(DRILLS)), query=situations, htmx=st.booleans())
def test_drill_questions_with_hostile_parameters(
    neighbour: Client, slug: str, query: dict[str, Any], htmx: bool
) -> None:
    client = Client(raise_request_exception=False)
    others = other_web_sessions(client)
    with rolled_back():
        response = client.get(f"/en/drills/{slug}/", query, **(HTMX if htmx else {}))
        assert_safe(response)
        assert response.status_code in (200, 302)
        assert other_web_sessions(client) == others


# -- the drills: answers (POST) ----------------------------------------------------------
HAND_WRITTEN_FIELDS: dict[str, dict[str, tuple[str, ...]]] = {
    "holdem-showdown": {"winners": digits(7)},
    "teenpatti-showdown": {"result": ("player_a", "player_b", "tie")},
    "name-the-hand": {
        "category": ("high_card", "pair", "flush", "straight", "trail", "pure_sequence"),
        "five": tuple(CARDS),
    },
    "side-pots": {
        "stage": ("1", "2"),
        **{f"pot{i}": ("0", "150", "1 000", "500") for i in range(7)},
        **{f"eligible{i}": digits(7) for i in range(7)},
        **{f"payout{i}": ("0", "300", "1,250") for i in range(7)},
    },
    "betting": {
        "next": digits(7),
        "no_raise": ("on", "off"),
        "min_to": ("100", "200", "0"),
        "max_to": ("10000", "400", "0"),
    },
}


def fields_of_right_answers(drill: QuestionDrill) -> dict[str, tuple[str, ...]]:
    """A drill's answer fields with the values its right answers take: every question drill
    is fuzzed, a new one too, without being listed here."""
    fields: dict[str, set[str]] = {}
    for level in LEVELS:
        for seed in range(8):
            for name, values in drill.right_answer(drill.generate(seed, level)).items():
                fields.setdefault(name, set()).update(values)
    return {name: tuple(sorted(values)) for name, values in fields.items()}


#: The question drills, fuzzed each with its :func:`fields_of` answer.
QUESTION_SLUGS = tuple(slug for slug, drill in DRILLS.items() if isinstance(drill, QuestionDrill))


@functools.cache
def fields_of(slug: str) -> dict[str, tuple[str, ...]]:
    """A question drill's answer fields and their values: the hand-written ones, else its
    right answers'. Worked out when a test first asks (a Teen Patti return to player takes
    seconds), not when the module is collected, which every pytest process does."""
    drill = DRILLS[slug]
    assert isinstance(drill, QuestionDrill)
    return HAND_WRITTEN_FIELDS.get(slug) or fields_of_right_answers(drill)


def forged_tokens(slug: str) -> st.SearchStrategy[Any]:
    """Tokens the site would never hand out: signed with other salts or another key, or
    naming a seed or level out of range (as if the key had leaked), and plain garbage."""
    any_seed = st.integers(-(2**70), 2**70)
    return st.one_of(
        st.builds(
            make_token, st.just(slug), any_seed, st.one_of(st.sampled_from(LEVELS), st.text())
        ),
        st.builds(
            lambda payload, salt: signing.dumps(payload, salt=salt),
            st.fixed_dictionaries(
                {"d": st.just(slug), "s": any_seed, "l": st.sampled_from(LEVELS)}
            ),
            st.sampled_from(["", "tutor.quizzes.participant", TOKEN_SALT + "x"]),
        ),
        st.builds(
            lambda payload: signing.dumps(payload, key="not-the-secret", salt=TOKEN_SALT),
            st.fixed_dictionaries({"d": st.just(slug), "s": st.just(1), "l": st.just("easy")}),
        ),
        st.binary(max_size=300).map(lambda b: base64.urlsafe_b64encode(b).decode()),
        st.builds(lambda a, b: f"{a}:{b}", st.text(max_size=40), st.text(max_size=40)),
        st.just("x" * 5000),
        values(),
    )


TOKEN = re.compile(r'name="token" value="([^"]+)"')


def page_token(client: Client, url: str, query: dict[str, Any]) -> str:
    """The token of the question a page shows (what a browser would post back)."""
    page = client.get(url, query)
    assert page.status_code == 200
    found = TOKEN.search(page.content.decode())
    assert found
    return found.group(1)


@fuzz()
@given(data=st.data())
def test_drill_answers_with_hostile_data(neighbour: Client, data: st.DataObject) -> None:
    """Answers with the token of the page (of a random question, or of a situation from the
    address), of another drill's page, a forged token, or none."""
    slug = data.draw(st.sampled_from(STATELESS), label="slug")
    fields = data.draw(form(fields_of(slug)), label="fields")
    source = data.draw(
        st.sampled_from(["page", "situation", "other drill", "forged", "none"]), label="token"
    )
    client = Client(raise_request_exception=False)
    others = other_web_sessions(client)
    htmx = data.draw(st.booleans(), label="htmx")
    language = data.draw(st.sampled_from(LANGUAGES), label="language")
    with rolled_back():
        if source in ("page", "situation", "other drill"):
            page = slug
            if source == "other drill":
                page = data.draw(st.sampled_from([d for d in STATELESS if d != slug]), label="of")
            query = {
                "level": data.draw(st.sampled_from(LEVELS), label="level"),
                "seed": data.draw(st.integers(0, MAX_SEED - 1), label="seed"),
            }
            if source == "situation":
                keys = DRILLS[page].situation
                query.update(data.draw(st.fixed_dictionaries({k: SITUATION[k] for k in keys})))
            fields["token"] = page_token(client, f"/en/drills/{page}/", query)
        elif source == "forged":
            fields["token"] = data.draw(forged_tokens(slug), label="forged")
        response = client.post(f"/{language}/drills/{slug}/", fields, **(HTMX if htmx else {}))
        assert_safe(response)
        assert response.status_code in (200, 400, 422)
        assert other_web_sessions(client) == others
        assert client.get(f"/{language}/drills/{slug}/?seed=1").status_code == 200


# -- the stateful drills ------------------------------------------------------------------
@fuzz()
@given(data=st.data())
def test_teenpatti_round_with_hostile_data(neighbour: Client, data: st.DataObject) -> None:
    client = Client(raise_request_exception=False)
    url = "/en/drills/teenpatti-round/"
    with rolled_back():
        if data.draw(st.booleans(), label="dealt before"):
            first = client.post(url, {"action": "deal", "round": "1", "player_b": "20"})
            assert first.status_code == 200
        before = dict(client.session.get("teenpatti_round") or {})
        others = other_web_sessions(client)
        stakes = ("10", "2.50", "0", "0.01", "1000", "999.99", "1e2", "0.001", "1000000000000")
        fields = data.draw(
            form(
                {
                    "action": ("deal", "reset", "deal"),
                    "round": ("1", "2", str(before.get("round", 1))),
                    **{bet: stakes for bet in tp2020.BETS},
                }
            ),
            label="fields",
        )
        htmx = data.draw(st.booleans(), label="htmx")
        response = client.post(url, fields, **(HTMX if htmx else {}))
        assert_safe(response)
        assert response.status_code in (200, 422)
        state = client.session.get("teenpatti_round")
        if state is not None:
            # Play money never goes below zero, and the round counter only moves on by one.
            assert Decimal(state["balance"]) >= 0
            assert state["round"] in (1, before.get("round", 1), before.get("round", 1) + 1)
        page = client.get(url)
        assert page.status_code == 200
        if state is not None and state["history"]:
            assert "tp-table" in page.content.decode()
        assert other_web_sessions(client) == others


STEP = re.compile(r'name="step" value="(\d+)"')


@fuzz()
@given(data=st.data())
def test_play_holdem_with_hostile_data(neighbour: Client, data: st.DataObject) -> None:
    client = Client(raise_request_exception=False)
    url = "/en/drills/play-holdem/"
    with rolled_back():
        started = data.draw(st.booleans(), label="game started")
        step = "0"
        if started:
            structure = data.draw(st.sampled_from(list(STRUCTURES)), label="structure")
            opponents = data.draw(st.integers(1, 5), label="opponents")
            first = client.post(
                url, {"command": "new", "structure": structure, "opponents": str(opponents)}
            )
            assert first.status_code == 200
            found = STEP.search(first.content.decode())
            step = found.group(1) if found else "0"
        others = other_web_sessions(client)
        fields = data.draw(
            form(
                {
                    "command": ("act", "act", "new", "next"),
                    "act": ("fold", "check", "call", "bet", "raise", "allin", *PRESETS),
                    "amount": ("100", "200", "250", "10000", "0", "99999999999"),
                    "step": (step, step, str(int(step) + 1)),
                    "structure": tuple(STRUCTURES),
                    "opponents": ("1", "3", "5", "0", "6"),
                }
            ),
            label="fields",
        )
        htmx = data.draw(st.booleans(), label="htmx")
        response = client.post(url, fields, **(HTMX if htmx else {}))
        assert_safe(response)
        assert response.status_code in (200, 422)
        page = client.get(url)
        assert page.status_code == 200
        if "play_holdem" in client.session:
            # The saved game still loads: the table is shown, not the "start a game" form alone.
            assert 'id="table-title"' in page.content.decode()
        assert other_web_sessions(client) == others


# -- quizzes: the student's side ---------------------------------------------------------
@pytest.fixture
def alice(empty_cache: None) -> Teacher:
    return make_teacher("alice", raise_request_exception=False)


def join_codes(teacher: Teacher) -> st.SearchStrategy[str]:
    return st.one_of(
        st.sampled_from(
            [
                teacher.live.code,
                teacher.live.code.lower(),
                f" {teacher.live.code[:3]}-{teacher.live.code[3:]} ",
                teacher.homework.code,
            ]
        ),
        st.text(alphabet=CODE_ALPHABET, min_size=6, max_size=6),
        text_values(),
    )


@fuzz()
@given(data=st.data())
def test_join_with_hostile_data(alice: Teacher, data: st.DataObject) -> None:
    fields = data.draw(
        st.fixed_dictionaries(
            {},
            optional={
                "code": st.one_of(join_codes(alice), st.lists(join_codes(alice), max_size=3)),
                "nickname": values("Asha", "asha", "alice's student", "Ravi"),
                # The join form's own random value: never a key to someone else's place.
                "attempt": st.one_of(st.just(""), values("x" * 32, "x" * 65), text_values()),
            },
        ),
        label="fields",
    )
    language = data.draw(st.sampled_from(LANGUAGES), label="language")
    htmx = data.draw(st.booleans(), label="htmx")
    address = data.draw(st.sampled_from(["127.0.0.1", "10.0.0.7", "::1"]), label="address")
    student = Client(raise_request_exception=False, REMOTE_ADDR=address)
    with rolled_back():
        before = snapshot(alice.user)
        response = student.post(f"/{language}/join/", fields, **(HTMX if htmx else {}))
        assert_safe(response)
        assert response.status_code in (302, 422, 429)
        after = snapshot(alice.user)
        if response.status_code == 302:
            joined = [p for p in after["participants"] if p not in before["participants"]]
            assert len(joined) == 1
            assert joined[0]["nickname"] == " ".join(joined[0]["nickname"].split())
            assert len(joined[0]["nickname"]) <= 40
            after["participants"] = [p for p in after["participants"] if p != joined[0]]
        assert after == before


def path_codes(teacher: Teacher) -> st.SearchStrategy[str]:
    codes = st.one_of(join_codes(teacher), st.text(min_size=1, max_size=20))
    return codes.filter(lambda c: c.strip("/") != "")


@fuzz()
@given(data=st.data())
def test_student_pages_with_hostile_codes(alice: Teacher, data: st.DataObject) -> None:
    code = quote(data.draw(path_codes(alice), label="code"), safe="")
    path = data.draw(
        st.sampled_from(["join/{}/", "play/{}/", "play/{}/state/"]), label="path"
    ).format(code)
    query = data.draw(st.dictionaries(st.sampled_from(["v", "next"]), values()), label="query")
    client = data.draw(st.sampled_from([alice.student, Client(raise_request_exception=False)]))
    with rolled_back():
        before = snapshot(alice.user)
        response = client.get(f"/en/{path}", query, **HTMX)
        assert_safe(response)
        after = snapshot(alice.user)
        # Showing a question records when it was first shown (a row per question), nothing else.
        assert {k: v for k, v in after.items() if k != "responses"} == {
            k: v for k, v in before.items() if k != "responses"
        }
        assert all(r in after["responses"] for r in before["responses"])


def answer_fields(index: int) -> dict[str, tuple[str, ...]]:
    fields: dict[str, tuple[str, ...]] = {"index": (str(index), str(index), "0", "5", "6", "-1")}
    for slug in QUESTION_SLUGS:
        for name, valid in fields_of(slug).items():
            fields[name] = fields.get(name, ()) + valid
    return fields


@fuzz()
@given(data=st.data())
def test_answers_with_hostile_data(alice: Teacher, data: st.DataObject) -> None:
    """A joined student posts anything, to any question of a live session (the teacher has
    opened it) or of a homework (all open at once). A classmate's answers and the
    teacher's rows stay as they were, and what is stored still shows: the teacher's
    console, results page and CSV export, and the student's own page."""
    session = data.draw(st.sampled_from([alice.live, alice.homework]), label="session")
    index = data.draw(st.integers(0, len(session.questions) - 1), label="question")
    fields = data.draw(form(answer_fields(index)).map(no_nul_on_postgres), label="fields")
    forged = data.draw(st.booleans(), label="forged cookie")
    htmx = data.draw(st.booleans(), label="htmx")
    play = f"/en/play/{session.code}/"
    with rolled_back():
        if session.mode == "live" and index:
            services.open_question(session, index)
        classmate = Client()
        mate = classmate.post("/en/join/", {"code": session.code, "nickname": "Classmate"})
        assert mate.status_code == 302
        classmate.get(play)
        classmate.post(f"{play}answer/", {"index": str(index), "result": "player_b"})
        attacker = Client(raise_request_exception=False)
        joined = attacker.post("/en/join/", {"code": session.code, "nickname": "Mallory"})
        assert joined.status_code == 302
        mallory = Participant.objects.get(session=session, nickname="Mallory")
        if forged:
            tokens = [p.token for p in Participant.objects.exclude(pk=mallory.pk)]
            attacker.cookies[f"quiz_{session.code}"] = data.draw(
                st.one_of(
                    st.sampled_from([*tokens, signing.dumps(tokens[0], salt="other")]),
                    st.text(alphabet="abcdefghijklmnopqrstuvwxyz0123456789:-_", max_size=80),
                ),
                label="cookie",
            )
        attacker.get(play)
        before = snapshot(alice.user)

        def theirs(rows: dict[str, list[dict[str, Any]]]) -> dict[str, list[dict[str, Any]]]:
            """Everything but Mallory's own participant row and answers."""
            return {
                **rows,
                "participants": [r for r in rows["participants"] if r["id"] != mallory.pk],
                "responses": [r for r in rows["responses"] if r["participant_id"] != mallory.pk],
            }

        response = attacker.post(f"{play}answer/", fields, **(HTMX if htmx else {}))
        assert_safe(response)
        assert response.status_code in (200, 302, 409, 422)
        assert theirs(snapshot(alice.user)) == theirs(before)
        for row in Response.objects.filter(participant=mallory):
            assert row.attempts <= session.settings_view.attempts
        own = attacker.get(play)
        assert_safe(own)
        assert own.status_code in (200, 302)
        console = f"/en/quizzes/session/{session.code}/"
        for url in (console, f"{console}results/", f"{console}results.csv"):
            page = alice.client.get(url)
            assert_safe(page)
            assert page.status_code == 200, url


# -- quizzes: the teacher's side ---------------------------------------------------------
RUN_FIELDS = {
    "mode": ("live", "homework"),
    "opens": ("2030-01-01T10:00", "9999-12-31T23:59", "0001-01-01T00:00", ""),
    "closes": ("2030-01-02T10:00", "9999-12-31T23:59", "0001-01-01T00:00", "2000-01-01T00:00"),
    # with "zone" Etc/GMT+12 or Asia/Tokyo these were 500s (fixed in c1e6a90)
    "zone": ("UTC", "Pacific/Kiritimati", "Etc/GMT+12", "Asia/Kolkata", "Mars/Olympus"),
    "leaderboard": ("on", ""),
}
QUIZ_FIELDS = {
    "title": ("Quiz", "  spaced   title  ", "T" * 121),
    "language": ("", "en", "cs", "xx"),
    "shuffle": ("on", ""),
    "time_limit": ("", "5", "4", "3600", "3601"),
    "feedback": ("at_once", "after_question", "at_end", "never"),
    "attempts": ("1", "10", "11", "0"),
}
SLOT_FIELDS = {
    "drill": (*QUESTION_SLUGS, "play-holdem", "teenpatti-round"),
    "level": LEVELS,
    "kind": ("fixed", "drawn"),
    "count": ("1", "50", "51", "0"),
    "points": ("0", "100", "101"),
}


#: The question bank's form: every kind, text in two languages, right answers in and out
#: of range, numbers a locale might write, hostile Unicode (bidi, NUL, huge).
BANK_FIELDS = {
    "kind": ("single", "multiple", "truefalse", "number", "essay"),
    "first": ("en", "cs", "xx"),
    "prompt_en": ("Which?", "", "\u202eevil", "x" * 2001, "<script>alert(1)</script>"),
    "prompt_cs": ("Která?", "", "a\x00b"),
    "choice_en_0": ("A", "", "A"),
    "choice_en_1": ("B", "A", ""),
    "choice_cs_0": ("A", ""),
    "choice_cs_1": ("B", ""),
    "explanation_en": ("Because.", "\u2066x"),
    "right": ("0", "1", "5", "-1", "99999999999999999999"),
    "truth": ("true", "false", "maybe"),
    "number": ("12", "1 234,5", "NaN", "1e999", "١٢", "-0"),
    "tolerance": ("", "0.5", "-1", "inf"),
    "tags": ("a, b", "、".join("t" * 41 for _ in range(12)), ""),
}
CLASS_FIELDS = {
    "name": ("7.B", "", "x" * 500, "\u202eevil"),
    "names": (
        "Asha\nBára\nAsha",
        "",
        "\u200bKiran",
        "Mina\nМina",
        "\n".join("n" * 3 for _ in range(3)),
    ),
}
IMPORT_FIELDS = {
    "text": ("::Q:: 2+2? {#4}", "{", "Q {=a ~b}\n\nR {T}", "x" * 300_000, "::t:: {=a =b}"),
    "language": ("en", "bn", "xx"),
    "tag": ("", "imported", "\u202e"),
    "quiz": ("", "1", "999999", "abc"),
    "step": ("preview", "import", "other"),
}


#: Addresses with no id in them: whoever posts acts on their own account (not a 404).
OWN_ADDRESSES = frozenset({"quiz-new", "bank-new", "bank-import", "class-new"})


def teacher_posts(owner: Teacher, other: Teacher) -> dict[str, tuple[str, dict]]:
    """Every teacher POST against ``owner``'s quiz, slots and session, with its fields.
    Some addresses mix in ``other``'s ids (a slot of one quiz under the other)."""
    quiz, slot, code = owner.quiz.pk, owner.fixed.pk, owner.live.code
    return {
        "quiz-new": ("/en/quizzes/new/", QUIZ_FIELDS),
        "quiz-edit": (f"/en/quizzes/{quiz}/", QUIZ_FIELDS),
        "quiz-delete": (f"/en/quizzes/{quiz}/delete/", {}),
        "quiz-copy": (f"/en/quizzes/{quiz}/copy/", {}),
        "quiz-run": (f"/en/quizzes/{quiz}/run/", RUN_FIELDS),
        "slot-add": (f"/en/quizzes/{quiz}/slots/", SLOT_FIELDS),
        "slot-edit": (f"/en/quizzes/{quiz}/slots/{slot}/", SLOT_FIELDS),
        "slot-edit-drawn": (f"/en/quizzes/{quiz}/slots/{owner.drawn.pk}/", SLOT_FIELDS),
        "slot-move": (f"/en/quizzes/{quiz}/slots/{slot}/move/", {"direction": ("up", "down")}),
        "slot-deal": (f"/en/quizzes/{quiz}/slots/{slot}/deal/", {}),
        "slot-delete": (f"/en/quizzes/{quiz}/slots/{slot}/delete/", {}),
        "slot-of-other-quiz": (f"/en/quizzes/{other.quiz.pk}/slots/{slot}/", SLOT_FIELDS),
        "slot-of-other-quiz-delete": (f"/en/quizzes/{other.quiz.pk}/slots/{slot}/delete/", {}),
        "control": (
            f"/en/quizzes/session/{code}/control/",
            {
                "action": ("start", "next", "reveal", "end", "restart"),
                "at": ("question:0", "lobby:-1", "reveal:0", "question:-1"),
            },
        ),
        "control-homework": (
            f"/en/quizzes/session/{owner.homework.code}/control/",
            {"action": ("start", "next", "end"), "at": ("question:-1", "ended:-1")},
        ),
        "control-lowercase-code": (
            f"/en/quizzes/session/{code.lower()}/control/",
            {"action": ("start", "end"), "at": ("question:0",)},
        ),
        "bank-new": ("/en/quizzes/bank/new/", BANK_FIELDS),
        "bank-add": (
            f"/en/quizzes/{quiz}/bank/",
            {"question": ("1", "2", "x", "-5"), "points": ("1", "0", "101", "")},
        ),
        "bank-import": ("/en/quizzes/bank/import/", IMPORT_FIELDS),
        "share": (f"/en/quizzes/{quiz}/share/", {"share": ("on", "off", "")}),
        "class-new": ("/en/quizzes/classes/new/", CLASS_FIELDS),
    }


def teacher_gets(owner: Teacher) -> dict[str, tuple[str, dict]]:
    quiz, code = owner.quiz.pk, owner.live.code
    return {
        "quizzes": ("/en/quizzes/", {}),
        "quiz-edit": (f"/en/quizzes/{quiz}/", {}),
        "quiz-run": (f"/en/quizzes/{quiz}/run/", {}),
        "console": (f"/en/quizzes/session/{code}/", {}),
        "console-live": (
            f"/en/quizzes/session/{code}/live/",
            {"state": ("question", "lobby", "ended"), "current": ("0", "-1", "1")},
        ),
        "results": (f"/en/quizzes/session/{code}/results/", {}),
        "results-csv": (f"/en/quizzes/session/{code}/results.csv", {}),
    }


@pytest.fixture
def bob(empty_cache: None) -> Teacher:
    return make_teacher("bob", raise_request_exception=False)


@fuzz()
@given(data=st.data())
def test_another_teacher_posting_hostile_data_changes_nothing(
    alice: Teacher, bob: Teacher, data: st.DataObject
) -> None:
    """Bob, logged in, posts anything to the addresses of Alice's quiz, slots and sessions
    (and to a slot of Alice's under his own quiz): 404, and Alice's rows stay as they were."""
    endpoints = sorted(teacher_posts(alice, bob).items())
    name, (url, fields) = data.draw(
        st.sampled_from([e for e in endpoints if e[0] not in OWN_ADDRESSES]), label="endpoint"
    )
    body = data.draw(form(fields), label="fields")
    htmx = data.draw(st.booleans(), label="htmx")
    with rolled_back():
        before = snapshot(alice.user)
        response = bob.client.post(url, body, **(HTMX if htmx else {}))
        assert_safe(response)
        assert response.status_code == 404, (name, response.status_code)
        assert snapshot(alice.user) == before
        assert alice.quiz.title not in response.content.decode()


@fuzz()
@given(data=st.data())
def test_another_teacher_and_visitors_get_nothing_of_alices(
    alice: Teacher, bob: Teacher, data: st.DataObject
) -> None:
    """Bob's GETs of Alice's pages are 404; a visitor (or a student) is sent to log in."""
    name, (url, fields) = data.draw(
        st.sampled_from(sorted(teacher_gets(alice).items())), label="endpoint"
    )
    who = data.draw(st.sampled_from(["bob", "visitor", "student"]), label="who")
    client = {
        "bob": bob.client,
        "visitor": Client(raise_request_exception=False),
        "student": alice.student,
    }[who]
    query = data.draw(form(fields), label="query")
    with rolled_back():
        before = snapshot(alice.user)
        response = client.get(url, query)
        assert_safe(response)
        body = response.content.decode("utf-8", errors="replace")
        assert alice.quiz.title not in body and "alice's student" not in body
        if who == "bob" and name != "quizzes":
            assert response.status_code == 404, name
        elif who != "bob" and name != "quizzes":
            # To log in; 400 when the address is too long to come back to (Django refuses
            # a redirect of more than 16,384 characters).
            assert response.status_code in (302, 400)
            assert response.status_code == 400 or "/accounts/login/" in response["Location"]
        assert snapshot(alice.user) == before


@fuzz()
@given(data=st.data())
def test_visitors_posting_to_teacher_forms_are_sent_to_log_in(
    alice: Teacher, bob: Teacher, data: st.DataObject
) -> None:
    name, (url, fields) = data.draw(
        st.sampled_from(sorted(teacher_posts(alice, bob).items())), label="endpoint"
    )
    body = data.draw(form(fields), label="fields")
    client = data.draw(
        st.sampled_from([Client(raise_request_exception=False), alice.student]), label="client"
    )
    with rolled_back():
        before = snapshot(alice.user), snapshot(bob.user)
        response = client.post(url, body)
        assert_safe(response)
        assert response.status_code == 302, name
        assert "/accounts/login/" in response["Location"]
        assert (snapshot(alice.user), snapshot(bob.user)) == before


@fuzz()
@given(data=st.data())
def test_teacher_forms_with_hostile_data(alice: Teacher, bob: Teacher, data: st.DataObject) -> None:
    """Alice posts anything to her own forms: never a server error, and Bob's rows (and any
    other teacher's) stay as they were. Whatever is saved is within the forms' limits."""
    name, (url, fields) = data.draw(
        st.sampled_from(sorted(teacher_posts(alice, bob).items())), label="endpoint"
    )
    body = data.draw(form(fields), label="fields")
    htmx = data.draw(st.booleans(), label="htmx")
    with rolled_back():
        before = snapshot(bob.user)
        response = alice.client.post(url, body, **(HTMX if htmx else {}))
        assert_safe(response)
        if name.startswith("slot-of-other-quiz"):
            assert response.status_code == 404
        elif name == "bank-import":  # a quiz id not hers to add the questions to: 404
            assert response.status_code in (200, 302, 404, 422), (name, response.status_code)
        else:
            assert response.status_code in (200, 302, 422), (name, response.status_code)
        assert snapshot(bob.user) == before
        mine = snapshot(alice.user)
        for quiz in mine["quizzes"]:
            assert 0 < len(quiz["title"]) <= 120 and quiz["title"] == quiz["title"].strip()
            assert quiz["time_limit"] is None or 5 <= quiz["time_limit"] <= 3600
            assert 1 <= quiz["attempts"] <= 10
        for slot in mine["slots"]:
            assert slot["level"] in LEVELS and 1 <= slot["count"] <= 50
            assert 0 <= slot["points"] <= 100
        for session in mine["sessions"]:
            if session["mode"] == "homework" and session["closes"] is not None:
                assert session["opens"] is None or session["opens"] < session["closes"]
        # What was saved still loads: the quiz list, the quiz (404 once it is deleted).
        assert alice.client.get("/en/quizzes/").status_code == 200
        follow = alice.client.get(f"/en/quizzes/{alice.quiz.pk}/")
        assert follow.status_code in (200, 404)


@fuzz()
@given(data=st.data())
def test_teacher_pages_with_hostile_query_and_ids(
    alice: Teacher, bob: Teacher, data: st.DataObject
) -> None:
    """The console's polling parameters, and ids in the address that are no one's, huge,
    or another teacher's."""
    number = st.one_of(
        st.sampled_from([alice.quiz.pk, bob.quiz.pk, alice.fixed.pk, bob.fixed.pk]),
        st.integers(0, 10**30),
    )
    quiz, slot = data.draw(number, label="quiz"), data.draw(number, label="slot")
    code = quote(data.draw(path_codes(bob), label="code"), safe="")
    url = data.draw(
        st.sampled_from(
            [
                f"/en/quizzes/{quiz}/",
                f"/en/quizzes/{quiz}/run/",
                f"/en/quizzes/{quiz}/delete/",
                f"/en/quizzes/{quiz}/slots/{slot}/",
                f"/en/quizzes/{quiz}/slots/{slot}/delete/",
                f"/en/quizzes/session/{code}/",
                f"/en/quizzes/session/{code}/live/",
                f"/en/quizzes/session/{code}/results/",
                f"/en/quizzes/session/{code}/results.csv",
                f"/en/quizzes/session/{code}/control/",
            ]
        ),
        label="url",
    )
    query = data.draw(
        form({"state": ("question", "lobby", "reveal", "ended"), "current": ("0", "-1")}),
        label="query",
    )
    method = data.draw(st.sampled_from(["get", "post"]), label="method")
    with rolled_back():
        before = snapshot(bob.user)
        if method == "get":
            response = alice.client.get(url, query, **HTMX)
        else:
            response = alice.client.post(url, query)
        assert_safe(response)
        assert snapshot(bob.user) == before
        body = response.content.decode("utf-8", errors="replace")
        assert bob.quiz.title not in body and "bob's student" not in body


# -- accounts ----------------------------------------------------------------------------
NEXT_URLS = (
    "/en/quizzes/new/",
    "//evil.example/",
    "https://evil.example/",
    "http://testserver.evil.example/",
    "/\\evil.example",
    "\\\\evil.example",
    "javascript:alert(1)",
    "/%2F%2Fevil.example",
    " //evil.example",
    "\t//evil.example",
    "http:evil.example",
)


def same_site(location: str) -> bool:
    return location.startswith("/") and not location.startswith(("//", "/\\"))


@fuzz()
@given(data=st.data())
def test_account_forms_with_hostile_data(alice: Teacher, data: st.DataObject) -> None:
    """Sign up, log in, ask for a password reset: never a server error, never a redirect
    off the site, and no one else's account changes."""
    url, fields = data.draw(
        st.sampled_from(
            [
                (
                    "/en/accounts/signup/",
                    {
                        "username": ("alice", "new_teacher", "bob@x"),
                        "email": (
                            "alice@example.org",
                            "ALICE@example.org",
                            "new@example.org",
                            "x@",
                        ),
                        "password1": ("a-long-password-123", "short"),
                        "password2": ("a-long-password-123",),
                        "next": NEXT_URLS,
                    },
                ),
                (
                    "/en/accounts/login/",
                    {
                        "username": ("alice", "Alice", "nobody"),
                        "password": ("a-long-password-123", ""),
                        "next": NEXT_URLS,
                    },
                ),
                ("/en/accounts/password/reset/", {"email": ("alice@example.org", "x@", "")}),
            ]
        ),
        label="form",
    )
    body = data.draw(form(fields), label="fields")
    next_url = data.draw(st.one_of(st.none(), st.sampled_from(NEXT_URLS), text_values()))
    client = Client(raise_request_exception=False)
    with rolled_back():
        before = snapshot(alice.user)
        before["user"][0].pop("last_login")
        query = "" if next_url is None else f"?next={quote(next_url, safe='')}"
        response = client.post(f"{url}{query}", body)
        assert_safe(response)
        assert response.status_code in (200, 302)
        if response.status_code == 302:
            assert same_site(response["Location"]), response["Location"]
        after = snapshot(alice.user)
        after["user"][0].pop("last_login")
        assert after == before
        if url.endswith("signup/") and response.status_code == 302:
            new = get_user_model().objects.exclude(username__in=["alice"]).latest("pk")
            assert new.email.lower() != "alice@example.org"


# -- the language: cookie, Accept-Language, prefix ---------------------------------------
LANGUAGE_VALUES = (
    *LANGUAGES,
    "en-US",
    "cs-CZ,cs;q=0.9",
    "hi-IN,hi;q=0.9,en;q=0.8",
    "zh-Hant-TW",
    "*",
    "en;q=NaN",
    "en;q=1e400",
    "cs;q=-1, ja;q=2",
    ", , ,",
    "x" * 600,
    "en," * 300,
    "../../etc",
    "<script>alert(1)</script>",
    "ja\x00",
    "bn; ja",
)


def wsgi_header(value: str) -> str:
    """A header as a WSGI server hands it over: the bytes on the wire (UTF-8 here), each
    byte one character (PEP 3333)."""
    return value.encode("utf-8", errors="surrogatepass").decode("latin-1")


@fuzz()
@given(
    cookie=st.one_of(st.none(), st.sampled_from(LANGUAGE_VALUES), st.text(max_size=40)),
    accept=st.one_of(st.none(), st.sampled_from(LANGUAGE_VALUES), st.text(max_size=80)),
    cookies=st.dictionaries(
        st.sampled_from(["sessionid", "csrftoken", "messages", "quiz_ACDEFG"]), text_values()
    ),
    path=st.sampled_from(
        ["/", "/en/", "/cs/drills/", "/ja/quizzes/", "/hi/join/ACDEFG/", "/xx/", "/drills/"]
    ),
)
def test_language_cookie_and_accept_language_are_hostile(
    db: None, cookie: str | None, accept: str | None, cookies: dict[str, str], path: str
) -> None:
    """The language a browser asks for (its cookie, its Accept-Language) and its other
    cookies may be anything: ``/`` still sends it to one of the five languages."""
    if cookie is not None:
        cookies = {**cookies, "django_language": cookie}
    headers: dict[str, str] = {}
    if cookies:
        jar = "; ".join(f"{k}={v.replace(';', '')}" for k, v in cookies.items())
        headers["HTTP_COOKIE"] = wsgi_header(jar)
    if accept is not None:
        headers["HTTP_ACCEPT_LANGUAGE"] = wsgi_header(accept)
    client = Client(raise_request_exception=False)
    with rolled_back():
        response = client.get(path, **headers)
    assert_safe(response)
    if path == "/":
        assert response.status_code == 302
        assert response["Location"] in {f"/{code}/" for code in LANGUAGES}
    if response.status_code == 200:
        assert re.search(r'<html lang="(en|bn|hi|ja|cs)"', response.content.decode())
        remembered = response.cookies.get("django_language")
        assert remembered is None or remembered.value in LANGUAGES


# -- bodies that are not forms at all -----------------------------------------------------
@fuzz()
@given(
    body=st.one_of(
        st.binary(max_size=2000),
        st.sampled_from(
            [
                b"\xff\xfe\x00<script>",
                b"a=%ZZ&b=%&=%00",
                b"token=" + b"%" * 500,
                b'{"token": [1, 2], "winners": {"$gt": 0}}',
                b'--boundary\r\nContent-Disposition: form-data; name="a"\r\n\r\nx',
                b"a=1&" * 2000,
            ]
        ),
    ),
    content_type=st.sampled_from(
        [
            "application/x-www-form-urlencoded",
            "application/x-www-form-urlencoded; charset=latin-1",
            "application/x-www-form-urlencoded; charset=nonsense",
            "multipart/form-data; boundary=boundary",
            "multipart/form-data",
            "application/json",
            "text/plain",
        ]
    ),
    url=st.sampled_from(
        [
            "/en/drills/side-pots/",
            "/en/drills/play-holdem/",
            "/en/drills/teenpatti-round/",
            "/en/join/",
            "/en/accounts/login/",
        ]
    ),
)
def test_raw_bodies_are_not_server_errors(
    db: None, body: bytes, content_type: str, url: str
) -> None:
    client = Client(raise_request_exception=False)
    with rolled_back():
        # generic() sends the bytes as they are (post() would re-encode them first).
        response = client.generic("POST", url, body, content_type=content_type)
        assert_safe(response)


# -- join-code guessing -------------------------------------------------------------------
def test_guessing_is_limited_per_device_whatever_the_headers(alice: Teacher) -> None:
    """After 20 wrong codes from one browser even the right code is refused for a while,
    in every language and for htmx too; headers a client chooses (X-Forwarded-For) do not
    reset the count, and another address is not affected."""
    guesser = Client(raise_request_exception=False, REMOTE_ADDR="203.0.113.9")
    guesser.get("/en/join/")  # a browser: the form sets its device cookie
    for n in range(20):
        wrong = guesser.post(
            f"/{LANGUAGES[n % len(LANGUAGES)]}/join/",
            {"code": "ACDEFG" if alice.live.code != "ACDEFG" else "ACDEFH", "nickname": "X"},
            HTTP_X_FORWARDED_FOR=f"198.51.100.{n}",
        )
        assert wrong.status_code == 422
    right = {"code": alice.live.code, "nickname": "Guesser"}
    for language in LANGUAGES:
        assert guesser.post(f"/{language}/join/", right).status_code == 429
    assert guesser.post("/en/join/", right, **HTMX).status_code == 429
    assert guesser.post("/en/join/", right, HTTP_X_FORWARDED_FOR="192.0.2.1").status_code == 429
    assert not Participant.objects.filter(nickname="Guesser").exists()
    other = Client(REMOTE_ADDR="203.0.113.10")
    assert other.post("/en/join/", right).status_code == 302


def test_malformed_codes_cannot_be_used_to_guess_for_free(alice: Teacher) -> None:
    """A code that is not six letters of the alphabet is refused before any lookup, so it
    neither reveals anything nor needs counting; a well-formed wrong one is counted."""
    guesser = Client(REMOTE_ADDR="203.0.113.11")
    for code in ("", "ABC", "<script>", "' OR 1=1 --", "A" * 10, "000000"):
        response = guesser.post("/en/join/", {"code": code, "nickname": "X"})
        assert response.status_code == 422
    for _ in range(20):
        guesser.post("/en/join/", {"code": "YYYYYY", "nickname": "X"})
    assert guesser.post("/en/join/", {"code": alice.live.code, "nickname": "Z"}).status_code == 429


# -- regressions: the bugs these fuzzers found, fixed -------------------------------------
SUPERSCRIPT_TWO = "²"  # str.isdigit() is True, int() raises ValueError
HUGE = "9" * 5000  # int() refuses more than 4,300 digits (sys.get_int_max_str_digits())


@pytest.mark.parametrize("slug", STATELESS)
@pytest.mark.parametrize("seed", [SUPERSCRIPT_TWO, HUGE], ids=["superscript", "huge"])
def test_a_seed_that_is_no_number_gets_a_new_question(client: Client, slug: str, seed: str) -> None:
    """tutor/drills/base.py parse_seed: ``?seed=²`` was a 500 (isdigit, then int)."""
    client.raise_request_exception = False
    response = client.get(f"/en/drills/{slug}/", {"seed": seed})
    assert response.status_code == 200
    assert "That question link is not valid" in response.content.decode()


def answer_with(slug: str, client: Client, **fields: str) -> HttpResponse:
    page = client.get(f"/en/drills/{slug}/?level=easy&seed=3").content.decode()
    token = TOKEN.search(page)
    assert token
    return client.post(f"/en/drills/{slug}/", {"token": token.group(1), **fields})


@pytest.mark.parametrize(
    ("slug", "fields"),
    [
        ("holdem-showdown", {"winners": SUPERSCRIPT_TWO}),  # showdown._selected
        ("holdem-showdown", {"winners": HUGE}),
        ("betting", {"next": SUPERSCRIPT_TWO}),  # betting.grade
        ("betting", {"next": HUGE}),
        ("side-pots", {"pot0": "10", "eligible0": SUPERSCRIPT_TWO}),  # sidepots.grade_pots
        ("side-pots", {"pot0": "10", "eligible0": HUGE}),
        ("side-pots", {"pot0": SUPERSCRIPT_TWO}),  # sidepots._amount
        ("side-pots", {"stage": "2", "payout0": SUPERSCRIPT_TWO}),
    ],
    ids=[
        "winners-superscript",
        "winners-huge",
        "next-superscript",
        "next-huge",
        "eligible-superscript",
        "eligible-huge",
        "pot-superscript",
        "payout-superscript",
    ],
)
def test_a_drill_answer_with_an_unreadable_number(
    client: Client, slug: str, fields: dict[str, str]
) -> None:
    """Each was a 500: isdigit() let '²' or 5,000 digits through to int()."""
    client.raise_request_exception = False
    response = answer_with(slug, client, **fields)
    assert response.status_code in (200, 422)


@pytest.mark.parametrize(
    "fields",
    [
        {"command": "new", "structure": "no_limit", "opponents": SUPERSCRIPT_TWO},  # play.view
        {"command": "new", "structure": "no_limit", "opponents": HUGE},
        {"command": "act", "act": "raise", "amount": SUPERSCRIPT_TWO},  # _action_from_post
        {"command": "act", "act": "bet", "amount": SUPERSCRIPT_TWO},
    ],
    ids=["opponents-superscript", "opponents-huge", "raise-superscript", "bet-superscript"],
)
def test_play_holdem_with_an_unreadable_number(client: Client, fields: dict[str, str]) -> None:
    client.raise_request_exception = False
    for _attempt in range(50):  # until a hand waits for our action (a bot may fold first)
        client.post("/en/drills/play-holdem/", {"command": "new", "opponents": "1"})
        step = STEP.search(client.get("/en/drills/play-holdem/").content.decode())
        if step:
            break
    assert step
    response = client.post("/en/drills/play-holdem/", {**fields, "step": step.group(1)})
    assert response.status_code == 422
    assert client.get("/en/drills/play-holdem/").status_code == 200


@pytest.mark.parametrize("index", [SUPERSCRIPT_TWO, HUGE], ids=["superscript", "huge"])
def test_a_quiz_answer_with_an_unreadable_index(alice: Teacher, index: str) -> None:
    """tutor/quizzes/student_views.py answer: was isdigit(), then int()."""
    alice.student.raise_request_exception = False
    response = alice.student.post(
        f"/en/play/{alice.live.code}/answer/", {"index": index, "result": "tie"}
    )
    assert response.status_code == 422


@pytest.mark.parametrize(
    ("zone", "opens", "closes"),
    [
        ("Etc/GMT+12", "", "9999-12-31T23:59"),
        ("America/New_York", "9999-12-31T20:00", "9999-12-31T23:00"),
        ("Asia/Tokyo", "0001-01-01T00:00", "2031-01-01T10:00"),
    ],
)
def test_homework_times_at_the_ends_of_the_calendar(
    alice: Teacher, zone: str, opens: str, closes: str
) -> None:
    """Past datetime's range once in UTC: SQLite was a 500 on saving; PostgreSQL saved the
    session (year 10000, 1 BC) and then every page that loaded it was a 500."""
    with rolled_back():  # a failed save marks the transaction: undo it before teardown
        response = alice.client.post(
            f"/en/quizzes/{alice.quiz.pk}/run/",
            {"mode": "homework", "zone": zone, "opens": opens, "closes": closes},
        )
        assert response.status_code in (200, 302)
        for url in ("/en/quizzes/", f"/en/quizzes/{alice.quiz.pk}/"):
            assert alice.client.get(url).status_code == 200, url


# -- bugs found by the fuzzers, fixed: regression tests --------------------------------------
BUG_A = (
    "PostgreSQL only: a NUL character in the code part of the address (%00) reaches a "
    "query on Session.code; psycopg refuses NUL in text parameters (DataError 'PostgreSQL "
    "text fields cannot contain NUL (0x00) bytes'), so the page is a 500 (SQLite answers "
    "404). Check the code against CODE_ALPHABET (or strip NUL) before querying."
)


@pytest.mark.parametrize(
    "path",
    [
        "/en/join/%00/",
        "/en/play/%00/",
        "/en/play/A%00/state/",
        "/en/quizzes/session/%00/",
        "/en/quizzes/session/%00/live/",
        "/en/quizzes/session/%00/results/",
        "/en/quizzes/session/%00/results.csv",
    ],
)
def test_bug_nul_in_a_code_of_the_address(alice: Teacher, path: str) -> None:
    response = alice.client.get(path)
    assert response.status_code in (200, 404)


@pytest.mark.parametrize("path", ["/en/play/%00/answer/", "/en/quizzes/session/%00/control/"])
def test_bug_nul_in_a_code_of_a_post_address(alice: Teacher, path: str) -> None:
    response = alice.client.post(path, {"index": "0", "action": "end", "at": "question:0"})
    assert response.status_code == 404


BUG_B = (
    "PostgreSQL only: a NUL character in any field of a quiz answer (an extra field "
    "'note=%00' next to a valid answer is enough): services.submit stores every posted "
    "field in Response.answer (JSONField, jsonb), and PostgreSQL refuses \\u0000 in jsonb "
    "(DataError 'unsupported Unicode escape sequence'), so POST /<lang>/play/<code>/answer/ "
    "is a 500. Store only the drill's own fields, and drop NUL (or refuse the answer)."
)


def test_bug_nul_in_a_quiz_answer(alice: Teacher) -> None:
    student = Client(raise_request_exception=False)
    joined = student.post("/en/join/", {"code": alice.homework.code, "nickname": "Nul"})
    assert joined.status_code == 302
    assert student.get(f"/en/play/{alice.homework.code}/").status_code == 200  # shown first
    response = student.post(
        f"/en/play/{alice.homework.code}/answer/",
        {"index": "0", "result": "tie", "note": "\x00"},
    )
    assert response.status_code in (302, 422)
