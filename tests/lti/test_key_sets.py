"""The platform's keys kept between launches (``tutor/lti/key_sets.py``): fetched once,
again for a rotated ``kid``, the last good ones while the platform is down."""

from __future__ import annotations

import pytest

from tutor.lti import key_sets
from tutor.quizzes.models import Quiz

from .conftest import Launch
from .platform import CLAIM, LEARNER, new_key
from .platform import Platform as Simulated


@pytest.fixture
def custom(quiz: Quiz) -> dict[str, object]:
    return {CLAIM + "custom": {"quiz": str(quiz.pk)}}


class Clock:
    """The key sets' clock, moved on by hand."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> Clock:
    clock = Clock()
    monkeypatch.setattr(key_sets, "clock", clock)
    return clock


def test_two_launches_fetch_the_keys_once(
    launch: Launch, simulated: Simulated, custom: dict[str, object]
) -> None:
    assert launch([LEARNER], sub="student-1", **custom).status_code == 302
    assert launch([LEARNER], sub="student-2", **custom).status_code == 302
    assert simulated.jwks_fetches == 1


def test_keys_are_fetched_again_when_max_age_runs_out(
    launch: Launch, simulated: Simulated, custom: dict[str, object], clock: Clock
) -> None:
    simulated.jwks_cache_control = "public, max-age=60"
    assert launch([LEARNER], sub="student-1", **custom).status_code == 302
    clock.now += 59
    assert launch([LEARNER], sub="student-2", **custom).status_code == 302
    assert simulated.jwks_fetches == 1
    clock.now += 2
    assert launch([LEARNER], sub="student-3", **custom).status_code == 302
    assert simulated.jwks_fetches == 2


def test_a_rotated_key_is_picked_up(
    launch: Launch, simulated: Simulated, custom: dict[str, object], clock: Clock
) -> None:
    assert launch([LEARNER], sub="student-1", **custom).status_code == 302
    simulated.key, simulated.kid = new_key(), "platform-key-2"
    clock.now += key_sets.REFETCH_GAP
    assert launch([LEARNER], sub="student-2", **custom).status_code == 302
    assert simulated.jwks_fetches == 2


def test_an_unknown_kid_is_still_refused_after_one_fetch(
    launch: Launch, simulated: Simulated, custom: dict[str, object], clock: Clock
) -> None:
    assert launch([LEARNER], sub="student-1", **custom).status_code == 302
    clock.now += key_sets.REFETCH_GAP
    for sub in ("student-2", "student-3"):  # made-up kids: one fetch, then none for a while
        response = launch([LEARNER], sub=sub, locale="en", key=new_key(), kid="made-up", **custom)
        assert response.status_code == 400
        assert "could not be verified" in response.content.decode()
    assert simulated.jwks_fetches == 2


def test_a_platform_that_is_down_is_served_by_the_last_good_keys(
    launch: Launch, simulated: Simulated, custom: dict[str, object], clock: Clock
) -> None:
    assert launch([LEARNER], sub="student-1", **custom).status_code == 302
    simulated.jwks_down = True
    clock.now += key_sets.FRESH + 1
    assert launch([LEARNER], sub="student-2", **custom).status_code == 302
    assert launch([LEARNER], sub="student-3", **custom).status_code == 302
    assert simulated.jwks_fetches == 2  # asked once, then left alone for a while
    clock.now += key_sets.STALE_IF_ERROR + 1
    response = launch([LEARNER], sub="student-4", locale="en", **custom)
    assert response.status_code == 502 and "did not answer" in response.content.decode()


def test_lifetime_reads_max_age() -> None:
    assert key_sets.lifetime("max-age=120, must-revalidate") == 120
    assert key_sets.lifetime("private") == key_sets.FRESH
