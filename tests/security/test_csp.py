"""Every page is sent with a strict Content-Security-Policy (scripts and styles from the
site itself only, no inline code, no eval) and keeps to it: no inline <script> or <style>,
no event-handler attributes, no style attributes, no javascript: URLs, and scripts and
stylesheets from the same origin. The other security headers come with every page too.

What the policy forbids the browser silently drops, so a page that relied on it would
break only in a browser; these checks read the HTML the way the policy does."""

from __future__ import annotations

import pytest
from django.test import Client

from tests.conftest import LANGUAGES
from tutor.drills.registry import DRILLS
from tutor.quizzes import services

from .conftest import HTMX, Teacher, fill_form, policy_violations

#: Directives a browser falls back to default-src for.
SCRIPT_AND_STYLE = ("script-src", "script-src-elem", "script-src-attr", "style-src")
STYLE_ELEM_ATTR = ("style-src-elem", "style-src-attr")
UNSAFE = ("'unsafe-inline'", "'unsafe-eval'", "'unsafe-hashes'", "'wasm-unsafe-eval'")

PUBLIC_PAGES = [
    "/{lang}/",
    "/{lang}/rules/",
    "/{lang}/rules/texas-holdem/",
    "/{lang}/rules/teen-patti-20-20/",
    "/{lang}/glossary/",
    "/{lang}/translations/",
    "/{lang}/drills/",
    *(f"/{{lang}}/drills/{slug}/?level=medium&seed=4242" for slug in DRILLS),
    "/{lang}/join/",
    "/{lang}/quizzes/",
    "/{lang}/accounts/login/",
    "/{lang}/accounts/signup/",
    "/{lang}/accounts/password/reset/",
    "/{lang}/no-such-page/",
]


def parse_policy(header: str) -> dict[str, list[str]]:
    policy: dict[str, list[str]] = {}
    for directive in header.split(";"):
        name, *sources = directive.split()
        policy.setdefault(name.lower(), sources)  # the first of a repeated directive counts
    return policy


def assert_strict_policy(response) -> None:  # type: ignore[no-untyped-def]
    header = response.get("Content-Security-Policy")
    assert header, "no Content-Security-Policy header"
    assert "Content-Security-Policy-Report-Only" not in response.headers
    policy = parse_policy(header)
    default = policy.get("default-src")
    assert default == ["'self'"], default
    for directive in (*SCRIPT_AND_STYLE, *STYLE_ELEM_ATTR):
        sources = policy.get(directive, default)
        for source in sources:
            assert source not in UNSAFE, (directive, source)
            assert source not in ("*", "data:", "blob:", "http:", "https:"), (directive, source)
    assert policy["object-src"] == ["'none'"]
    assert policy["frame-ancestors"] == ["'none'"]
    assert policy["base-uri"] in (["'self'"], ["'none'"])
    assert policy["form-action"] == ["'self'"]


def assert_security_headers(response) -> None:  # type: ignore[no-untyped-def]
    assert response["X-Content-Type-Options"] == "nosniff"
    assert response["Referrer-Policy"] in ("same-origin", "no-referrer", "strict-origin")
    assert response["X-Frame-Options"] == "DENY"
    assert "camera=()" in response["Permissions-Policy"]


def assert_keeps_to_the_policy(response, url: str) -> None:  # type: ignore[no-untyped-def]
    assert_strict_policy(response)
    assert_security_headers(response)
    assert response["Content-Type"].startswith("text/html")
    html = response.content.decode()
    assert policy_violations(html) == [], url


# -- the policy itself -------------------------------------------------------------------
def test_the_policy_finds_what_it_should() -> None:
    """The checker itself: each thing the policy forbids is reported."""
    bad = (
        '<script>alert(1)</script><script src="https://cdn.example.org/x.js"></script>'
        '<style>p{}</style><p style="color:red" onclick="go()">x</p>'
        '<a href="javascript:alert(1)">x</a>'
        '<link rel="stylesheet" href="//cdn.example.org/x.css">'
    )
    assert len(policy_violations(bad)) == 7
    good = (
        '<script src="/static/tutor/site.js" defer></script>'
        '<link rel="stylesheet" href="http://testserver/static/tutor/site.css">'
        '<a href="/en/">x</a><p class="one">on-line</p>'
    )
    assert policy_violations(good) == []


def test_parse_policy() -> None:
    assert parse_policy("default-src 'self'; img-src 'self' data:") == {
        "default-src": ["'self'"],
        "img-src": ["'self'", "data:"],
    }


# -- public pages ------------------------------------------------------------------------
@pytest.mark.parametrize("page", PUBLIC_PAGES)
def test_public_pages_keep_to_the_policy(client: Client, language: str, page: str) -> None:
    url = page.format(lang=language)
    response = client.get(url)
    assert response.status_code in (200, 404), url
    assert_keeps_to_the_policy(response, url)


def test_home_redirect_has_the_headers(client: Client) -> None:
    """The redirect from ``/`` is answered before the clickjacking middleware runs; it has
    nothing to frame, and the policy's frame-ancestors 'none' covers it anyway."""
    response = client.get("/")
    assert response.status_code == 302
    assert_strict_policy(response)
    assert response["X-Content-Type-Options"] == "nosniff"
    assert response["Referrer-Policy"] == "same-origin"


@pytest.mark.django_db
@pytest.mark.parametrize("slug", list(DRILLS))
@pytest.mark.parametrize("htmx", [False, True], ids=["page", "htmx"])
def test_drill_feedback_keeps_to_the_policy(client: Client, slug: str, htmx: bool) -> None:
    """The answer page and the htmx fragment that is swapped into it."""
    url = f"/en/drills/{slug}/"
    page = client.get(f"{url}?level=hard&seed=777")
    assert page.status_code == 200
    html = page.content.decode()
    if slug == "play-holdem":
        data = fill_form(html, url, structure="no_limit", opponents="2")
        assert data["command"] == "new"
    else:
        data = fill_form(html, url)
    response = client.post(url, data, **(HTMX if htmx else {}))
    assert response.status_code in (200, 422), response.content[:300]
    assert_keeps_to_the_policy(response, url)
    if slug == "play-holdem":  # a game in progress, with the action buttons
        game = client.get(url)
        # The deal is random: the hand can end before the learner acts (everyone folds to
        # the big blind). Deal on until one asks the learner to act; five tries suffice.
        for _ in range(5):
            if 'name="act"' in game.content.decode():
                break
            assert 'value="next"' in game.content.decode()
            client.post(url, fill_form(game.content.decode(), url, command="next"))
            game = client.get(url)
        assert 'name="act"' in game.content.decode()
        assert_keeps_to_the_policy(game, url)


def test_bad_drill_input_pages_keep_to_the_policy(client: Client) -> None:
    """The notices for a bad level, seed, situation and token."""
    for url in (
        "/en/drills/betting/?level=impossible&seed=abc",
        "/en/drills/holdem-showdown/?board=Xx&hands=As",
        "/en/drills/name-the-hand/?game=holdem&cards=As Ks Qs Js Ts",
    ):
        response = client.get(url)
        assert response.status_code == 200, url
        assert_keeps_to_the_policy(response, url)
    response = client.post("/en/drills/side-pots/", {"token": "forged"})
    assert response.status_code == 400
    assert_keeps_to_the_policy(response, "/en/drills/side-pots/")


# -- the quiz pages ----------------------------------------------------------------------
def teacher_pages(teacher: Teacher) -> list[str]:
    quiz, live, homework = teacher.quiz, teacher.live, teacher.homework
    return [
        "/{lang}/quizzes/",
        "/{lang}/quizzes/new/",
        f"/{{lang}}/quizzes/{quiz.pk}/",
        f"/{{lang}}/quizzes/{quiz.pk}/delete/",
        f"/{{lang}}/quizzes/{quiz.pk}/run/",
        f"/{{lang}}/quizzes/session/{live.code}/",
        f"/{{lang}}/quizzes/session/{live.code}/results/",
        f"/{{lang}}/quizzes/session/{homework.code}/",
        f"/{{lang}}/quizzes/session/{homework.code}/results/",
        "/{lang}/accounts/password/change/",
    ]


@pytest.mark.parametrize("lang", ["en", "cs", "hi"])
def test_teacher_pages_keep_to_the_policy(alice: Teacher, lang: str) -> None:
    for page in teacher_pages(alice):
        url = page.format(lang=lang)
        response = alice.client.get(url)
        assert response.status_code == 200, url
        assert_keeps_to_the_policy(response, url)


def test_console_and_results_in_every_state_keep_to_the_policy(alice: Teacher) -> None:
    """Lobby, question (with its timer), answer revealed (with the leaderboard), ended:
    the console shows the QR code, the live numbers and the question; the results page
    its SVG charts."""
    session = services.start_session(alice.quiz, "live", leaderboard=True)
    student = Client()
    assert student.post("/en/join/", {"code": session.code, "nickname": "Ravi"}).status_code == 302
    console = f"/en/quizzes/session/{session.code}/"
    steps = [
        lambda: None,
        lambda: services.open_question(session, 0),
        lambda: services.reveal(session),
        lambda: services.next_question(session),
        lambda: services.end(session),
    ]
    for step in steps:
        step()
        session.refresh_from_db()
        for url in (console, f"{console}results/", f"/en/play/{session.code}/"):
            client = student if url.startswith("/en/play/") else alice.client
            response = client.get(url)
            assert response.status_code == 200, (session.state, url)
            assert_keeps_to_the_policy(response, url)
        live = alice.client.get(
            f"{console}live/?state={session.state}&current={session.current}", **HTMX
        )
        assert live.status_code in (200, 286)
        assert_keeps_to_the_policy(live, f"{console}live/")
        if session.state == "question":
            answer = student.post(
                f"/en/play/{session.code}/answer/", {"index": str(session.current)}, **HTMX
            )
            assert answer.status_code == 200
            assert_keeps_to_the_policy(answer, "answer")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_student_pages_keep_to_the_policy(alice: Teacher, lang: str) -> None:
    """The question page with feedback (the student's answer is in), and the join page
    with the join code filled in."""
    url = f"/{lang}/play/{alice.live.code}/"
    response = alice.student.get(url, follow=True)
    assert response.status_code == 200
    assert "fb-title" in response.content.decode()
    assert_keeps_to_the_policy(response, url)
    join = Client().get(f"/{lang}/join/{alice.live.code}/")
    assert join.status_code == 200
    assert_keeps_to_the_policy(join, "join")


def test_form_errors_keep_to_the_policy(alice: Teacher) -> None:
    for url, data in (
        ("/en/quizzes/new/", {"title": "", "attempts": "0"}),
        (f"/en/quizzes/{alice.quiz.pk}/", {"title": " ", "time_limit": "-1"}),
        (f"/en/quizzes/{alice.quiz.pk}/slots/", {"drill": "nope", "count": "x"}),
        (f"/en/quizzes/{alice.quiz.pk}/run/", {"mode": "homework", "zone": "Mars/Base"}),
    ):
        response = alice.client.post(url, data)
        assert response.status_code == 200, url
        assert 'class="errorlist' in response.content.decode(), url
        assert_keeps_to_the_policy(response, url)
    response = Client().post("/en/join/", {"code": "??", "nickname": ""})
    assert response.status_code == 422
    assert_keeps_to_the_policy(response, "join")


# -- pages Django makes ------------------------------------------------------------------
def test_server_error_page_keeps_to_the_policy() -> None:
    from django.template.loader import render_to_string

    html = render_to_string("500.html")
    assert "Something went wrong" in html
    assert policy_violations(html) == []


def test_csrf_failure_page_has_the_headers() -> None:
    response = Client(enforce_csrf_checks=True).post("/en/join/", {"code": "ACDEFG"})
    assert response.status_code == 403
    assert "This form has expired" in response.content.decode()  # not the generic error
    assert_strict_policy(response)
    assert_security_headers(response)


@pytest.mark.parametrize("lang", ["en", "cs"])
def test_csrf_failure_page_keeps_to_the_policy(lang: str) -> None:
    """Django's own CSRF page has an inline <style nonce=...> that this policy (no nonce)
    blocks; the site's templates/403_csrf.html replaces it, in the page's language."""
    response = Client(enforce_csrf_checks=True).post(f"/{lang}/join/", {"code": "ACDEFG"})
    assert response.status_code == 403
    html = response.content.decode()
    assert policy_violations(html) == []
    assert f'<html lang="{lang}"' in html


# -- the deployment docs/deploying.md documents --------------------------------------------
def test_check_deploy_passes_behind_the_documented_tls_proxy() -> None:
    """docs/deploying.md "On one machine": the environment for a site on the internet behind
    a TLS proxy passes Django's deployment checklist without a warning
    (tests/core/test_settings.py checks the bare production settings)."""
    from tests.core.test_settings import run_manage

    result = run_manage(
        "check",
        "--deploy",
        "--fail-level",
        "WARNING",
        DEBUG="0",
        SECRET_KEY="a-long-random-production-secret-key-with-enough-entropy-0123456789",
        ALLOWED_HOSTS="tutor.example.org",
        SECURE_PROXY_SSL_HEADER="1",
        SESSION_COOKIE_SECURE="1",
        CSRF_COOKIE_SECURE="1",
        CSRF_TRUSTED_ORIGINS="https://tutor.example.org",
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout
