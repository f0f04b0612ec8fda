"""The learning path's pages in the five languages: the courses, a course's path, each
lesson drawn from its rule page's translated sections, the review and the progress page;
unknown addresses get a translated 404."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.utils import translation

from tutor.learning.mastery import MASTERY_NAMES, Mastery
from tutor.lessons.courses import COURSES
from tutor.rules.documents import DOCUMENTS
from tutor.rules.render import render_sections, translations
from tutor.rules.sections import select_sections
from tutor.rules.segments import iter_segments, markdown

UNITS = [u for course in COURSES.values() for u in course.units]


def lesson_segments(unit) -> list[str]:  # type: ignore[no-untyped-def]
    """The English text of every segment the unit's lesson shows."""
    tokens = markdown().parse(DOCUMENTS[unit.course].path.read_text(encoding="utf-8"))
    return [s.msgid for _, s in iter_segments(select_sections(tokens, unit.anchors))]


@pytest.mark.parametrize("u", UNITS, ids=lambda u: u.slug)
def test_lesson_renders_in_every_language(client: Client, language: str, u) -> None:  # type: ignore[no-untyped-def]
    response = client.get(f"/{language}/learn/{u.course}/{u.slug}/")
    assert response.status_code == 200
    html = response.content.decode()
    assert f'<html lang="{language}"' in html
    assert 'name="kind" value="practice"' in html and 'name="kind" value="check"' in html
    if language == "en":
        return
    strings = translations(language, DOCUMENTS[u.course].domain)
    body = html.split('class="doc lesson"', 1)[1].split("</article>", 1)[0]
    left = [
        msgid
        for msgid in lesson_segments(u)
        if msgid in strings and strings[msgid] != msgid and len(msgid) > 30 and msgid in body
    ]
    assert left == [], "English rule text left in a translated lesson"
    if all(msgid in strings for msgid in lesson_segments(u)):
        assert 'class="untranslated"' not in body


def test_lesson_shows_its_sections_with_engine_examples(client: Client) -> None:
    first = client.get("/en/learn/texas-holdem/deal-and-goal/").content.decode()
    assert 'id="hand-rankings"' in first and "hand-chart" in first  # the engine's chart
    html = client.get("/en/learn/texas-holdem/hand-rankings/").content.decode()
    assert 'id="straights-and-the-ace"' in html
    assert 'id="hand-rankings"' not in html  # a section of another unit's lesson
    assert "Wheel" in html or "wheel" in html
    assert html.count('class="block') >= 2  # the engine's example hands and showdown
    assert "Practise:" not in html  # the rule page's practice links stay on the rule page


def test_sections_are_renumbered_and_links_to_other_sections_go_to_the_rule_page() -> None:
    page = render_sections(DOCUMENTS["texas-holdem"], "en", ("all-in", "side-pots"))
    html = str(page.html)
    assert '<h2 id="all-in">' in html and '<h2 id="side-pots">' in html
    assert "<h3" not in html and "<h1" not in html
    assert 'href="#side-pots"' in html  # shown here: stays in the page
    page = render_sections(DOCUMENTS["texas-holdem"], "en", ("all-in",))
    assert 'href="/en/rules/texas-holdem/#side-pots"' in str(page.html)


def test_nested_sections_keep_their_levels() -> None:
    html = str(
        render_sections(DOCUMENTS["texas-holdem"], "en", ("button-blinds-antes", "blinds")).html
    )
    assert '<h2 id="button-blinds-antes">' in html and '<h3 id="blinds">' in html


def test_an_unknown_section_is_an_error_not_an_empty_lesson() -> None:
    with pytest.raises(KeyError):
        render_sections(DOCUMENTS["texas-holdem"], "en", ("no-such-section",))


def test_sections_are_cached_per_language_and_sections() -> None:
    doc = DOCUMENTS["teen-patti-20-20"]
    first = render_sections(doc, "cs", ("ties",))
    assert render_sections(doc, "cs", ("ties",)) is first
    assert render_sections(doc, "ja", ("ties",)) is not first
    assert render_sections(doc, "cs", ("ties", "bets")) is not first


@pytest.mark.parametrize(
    "path",
    [
        "/learn/",
        "/learn/texas-holdem/",
        "/learn/teen-patti-20-20/",
        "/learn/review/",
        "/learn/progress/",
    ],
)
def test_pages_render_in_every_language(client: Client, language: str, path: str) -> None:
    response = client.get(f"/{language}{path}")
    assert response.status_code == 200
    html = response.content.decode()
    assert f'<html lang="{language}"' in html
    assert f'href="/{language}/learn/"' in html  # the header's link
    assert "learner" not in response.cookies  # looking makes no learner


def test_newcomer_sees_both_courses_not_started_with_the_first_unit_next(client: Client) -> None:
    html = client.get("/en/learn/").content.decode()
    assert html.count("0 of 9 units done") == 1 and "0 of 6 units done" in html
    assert "unit 1: The deal and the hand rankings</a>" in html and "unit 1: The deal</a>" in html
    course = client.get("/en/learn/texas-holdem/").content.decode()
    assert course.count('aria-current="step"') == 1
    assert re.search(r'aria-current="step">\s*<h2[^>]*><a[^>]*>Unit 1:', course)


def test_progress_page_lists_every_concept_with_its_rule_and_practice(client: Client) -> None:
    html = client.get("/cs/learn/progress/").content.decode()
    assert len(re.findall(r'href="/cs/drills/[a-z-]+/\?concept=[a-z0-9-]+"', html)) == 44
    assert len(re.findall(r'href="/cs/rules/[a-z0-9-]+/#[a-z-]+"', html)) == 44
    assert 'href="/cs/rules/texas-holdem/#side-pots"' in html
    with translation.override("cs"):
        assert str(MASTERY_NAMES[Mastery.NOT_STARTED]) in html


@pytest.mark.parametrize(
    "path",
    [
        "/en/learn/omaha/",
        "/en/learn/texas-holdem/no-such-unit/",
        "/en/learn/teen-patti-20-20/deal-and-goal/",  # a unit of the other course
        "/en/learn/sitting/123/",
        "/en/learn/sitting/99999999999999999999/",
    ],
)
def test_unknown_addresses_get_a_translated_404(client: Client, path: str) -> None:
    response = client.get(path)
    assert response.status_code == 404
    assert "There is no course, unit or practice at this address." in response.content.decode()
    ja = client.get(path.replace("/en/", "/ja/"))
    assert ja.status_code == 404 and '<html lang="ja"' in ja.content.decode()


def test_a_forged_start_button_gets_a_message_and_starts_nothing(client: Client) -> None:
    response = client.post("/en/learn/texas-holdem/deal-and-goal/start/", {"kind": "exam"})
    assert response.status_code == 400
    assert "That button did not come from this page." in response.content.decode()
    assert "learner" not in response.cookies
    assert client.post("/en/learn/omaha/x/start/", {"kind": "practice"}).status_code == 404
    assert client.get("/en/learn/texas-holdem/deal-and-goal/start/").status_code == 405


@pytest.mark.parametrize("language", ["en", "bn", "hi", "ja", "cs"])
def test_lessons_teach_the_rules_and_leave_the_sources_to_the_rule_pages(
    client: Client, language: str
) -> None:
    """A lesson is the rules to learn: the notes on what each source says (the asides) stay
    on the rule pages, and a lesson links there instead."""
    from tutor.lessons.courses import COURSES

    asides = 0
    for course in COURSES.values():
        rules_page = client.get(f"/{language}/rules/{course.slug}/").content.decode()
        asides += rules_page.count('class="sources-note')
        for unit in course.units:
            html = client.get(f"/{language}/learn/{course.slug}/{unit.slug}/").content.decode()
            assert 'class="sources-note' not in html, (course.slug, unit.slug)
            if language == "en":
                assert "guide says" not in html and "The Czech text" not in html
                text = re.sub(r"<[^>]+>", " ", html.split("<main", 1)[1])
                assert "engine" not in text.lower(), (unit.slug, "the site's own word")
    assert asides > 0  # the rule pages still carry them
