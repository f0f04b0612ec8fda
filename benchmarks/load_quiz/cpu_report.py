"""The workers' CPU time per kind of request, read back from the log the workers wrote
(``cpu.py``), per phase of the run, and compared with the bare view's of the same run."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from pathlib import Path
from typing import Any, NamedTuple

# The students' requests as the workers name them (cpu.kind_of); "play" includes the score
# page at the end, which the clients time apart as "final".
STUDENT_KINDS = ("join GET", "join POST", "play", "state 204", "state 200", "state 286", "answer")
STUDENT_GOAL = 2.0  # a student's request, on average, at most this many bare views
POLL_GOAL = 1.3  # a "nothing new" poll


class Record(NamedTuple):
    at: float  # time.monotonic() when the response was closed
    kind: str
    cpu_us: int


def read(path: Path) -> list[Record]:
    """Every request the workers noted (none if the file is missing)."""
    try:
        text = path.read_text()
    except OSError:
        return []
    records = []
    for line in text.splitlines():
        at, rest = line.split(" ", 1)  # the kind may hold a space ("state 204")
        kind, spent = rest.rsplit(" ", 1)
        records.append(Record(float(at), kind, int(spent)))
    return records


def per_kind(
    records: Iterable[Record], start: float, end: float, kinds: Iterable[str] | None = None
) -> dict[str, dict[str, float]]:
    """Requests and mean CPU ms per kind among those that ended between ``start`` and
    ``end``; with ``kinds``, one row ``all`` for those kinds together instead.

    >>> rows = [Record(1.0, "bare", 1000), Record(2.0, "bare", 3000), Record(9.0, "bare", 5)]
    >>> per_kind(rows, 0.0, 5.0)
    {'bare': {'requests': 2, 'cpu_ms': 2.0}}
    >>> per_kind([*rows, Record(3.0, "play", 8000)], 0.0, 5.0, ["bare", "play"])
    {'all': {'requests': 3, 'cpu_ms': 4.0}}
    """
    wanted = None if kinds is None else set(kinds)
    totals: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    for record in records:
        if start <= record.at <= end and (wanted is None or record.kind in wanted):
            total = totals["all" if wanted is not None else record.kind]
            total[0] += 1
            total[1] += record.cpu_us
    return {
        kind: {"requests": n, "cpu_ms": spent / n / 1000}
        for kind, (n, spent) in sorted(totals.items())
    }


def cpu_summary(
    records: list[Record],
    quiz: tuple[float, float] | None,
    bench: dict[str, tuple[float, float]],
) -> dict[str, Any]:
    """The quiz's kinds, the students' requests together, and the bench's bare view and
    drill page, each as requests and mean CPU ms."""
    summary: dict[str, Any] = {"quiz": {}, "students": None}
    if quiz is not None:
        summary["quiz"] = per_kind(records, *quiz)
        summary["students"] = per_kind(records, *quiz, STUDENT_KINDS).get("all")
    # The bench's kinds, as the workers named them.
    for name, kind in (("bare", "bare"), ("drill", "drill"), ("poll", "state 204")):
        summary[name] = per_kind(records, *bench[name]).get(kind) if name in bench else None
    return summary


def times(figure: dict[str, float] | None, bare: dict[str, float] | None) -> str:
    if not figure or not bare or not bare["cpu_ms"]:
        return ""
    return f"{figure['cpu_ms'] / bare['cpu_ms']:>8.2f} x"


def print_cpu(results: dict[str, Any]) -> None:
    """The table of CPU per request and kind, each against the bare view of the bench (or,
    without a bench, the bare view asked among the students), and the goals' verdicts."""
    summary = results.get("cpu")
    if not summary or not (summary["quiz"] or summary["bare"]):
        return
    paced = summary["quiz"].get("bare")  # asked among the students (--paced-bare)
    bare = summary["bare"] or paced
    against = (
        "the bare view of this run's bench"
        if summary["bare"]
        else "the bare view among the students"
    )
    print(
        "\nWorkers' CPU per request inside Django (request_started to the response closed,"
        f" thread CPU time), against {against}:"
    )
    print(f"  {'kind':<20}{'requests':>9}{'CPU ms':>9}{'x bare':>10}")
    rows = [*summary["quiz"].items(), ("students", summary["students"])]
    rows += [("bench drill", summary["drill"]), ("bench poll", summary["poll"])]
    rows += [("bench bare", summary["bare"])]
    for kind, figure in rows:
        if figure:
            print(
                f"  {kind:<20}{figure['requests']:>9}{figure['cpu_ms']:>9.3f}{times(figure, bare):>10}"
            )
    poll, students = summary["poll"] or summary["quiz"].get("state 204"), summary["students"]
    if bare and poll and students:
        ratio, poll_ratio = students["cpu_ms"] / bare["cpu_ms"], poll["cpu_ms"] / bare["cpu_ms"]
        print(
            f"  goals: a student's request <= {STUDENT_GOAL:g} x bare: {ratio:.2f} x"
            f" ({'met' if ratio <= STUDENT_GOAL else 'missed'}); a 'nothing new' poll"
            f" <= {POLL_GOAL:g} x bare: {poll_ratio:.2f} x"
            f" ({'met' if poll_ratio <= POLL_GOAL else 'missed'})"
        )
    if summary["bare"] and paced and students:
        # The same conditions: the bare view asked among the students, on their servers.
        ratio = students["cpu_ms"] / paced["cpu_ms"]
        print(
            f"  the same goal against the bare view asked among the students"
            f" ({paced['cpu_ms']:.3f} ms, {times(paced, bare).strip()} the bench's):"
            f" {ratio:.2f} x ({'met' if ratio <= STUDENT_GOAL else 'missed'})"
        )
    polled = results.get("bench_poll")
    if polled and polled.get("server_cpu_ms") and results.get("bench"):
        bare_ms = results["bench"]["bare"]["server_cpu_ms"] or 0.0
        print(
            f"  whole workers (/proc) in the bench: 'nothing new' poll {polled['server_cpu_ms']:.2f}"
            f" ms per request ({polled['rate']:.0f} req/s), bare view {bare_ms:.2f} ms"
        )
    quiz, bench = results.get("quiz"), results.get("bench")
    if quiz and bench and quiz.get("server_cpu_ms") and bench["bare"].get("server_cpu_ms"):
        whole = quiz["server_cpu_ms"] / bench["bare"]["server_cpu_ms"]
        print(
            f"  whole workers (/proc, also gunicorn's parsing and idle loop): quiz"
            f" {quiz['server_cpu_ms']:.2f} ms per request = {whole:.2f} x the bare view's"
            f" {bench['bare']['server_cpu_ms']:.2f} ms"
        )
