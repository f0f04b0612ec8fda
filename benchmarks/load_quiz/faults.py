"""The faults of ``--fault``: a graceful reload (SIGHUP to the gunicorn master) while one
question is open, a hard kill of the whole server plus a fresh start while another is, and
a SIGKILL to the master alone (its workers left to notice) followed by a fresh start a
second later, as a systemd unit restarts it (issue 25, item 5). The teacher fires each
once its share of the class has answered that question."""

from __future__ import annotations

import time
from dataclasses import dataclass

from benchmarks.gunicorn_server import Server


@dataclass
class Fault:
    what: str  # "reload" (SIGHUP), "restart" (SIGKILL to all, then a new server) or "master"
    question: int
    share: float  # fire once this share of the class has answered the question
    done: bool = False
    answered: int = 0
    joined: int = 0
    seconds: float = 0.0  # from the signal until the server answers again
    started: float = 0.0  # time.monotonic()
    no_reply: int = 0  # requests without a reply from the signal to 5 s after
    orphans_s: float | None = None  # "master": until its old workers exited (None: not in 60 s)

    def fire(self, server: Server, answered: int, joined: int) -> None:
        """Reload or kill and restart ``server`` now, when ``answered`` of ``joined`` have
        answered; waits until it serves again."""
        self.answered, self.joined = answered, joined
        self.started = time.monotonic()
        if self.what == "reload":
            self.seconds = server.reload()
        elif self.what == "restart":
            self.seconds = server.kill_and_restart()
        else:
            self.seconds = server.kill_master_and_restart()
        self.done = True


def plan_faults(questions: int) -> list[Fault]:
    """A reload during the middle question, a restart during the next one and a kill of
    the master alone during the one after (the last question holds what is left), each
    once a quarter more of the class has answered.

    >>> [(f.what, f.question, f.share) for f in plan_faults(5)]
    [('reload', 1, 0.25), ('restart', 2, 0.5), ('master', 3, 0.75)]
    >>> [(f.what, f.question, f.share) for f in plan_faults(2)]
    [('reload', 0, 0.25), ('restart', 1, 0.5), ('master', 1, 0.75)]
    >>> [(f.what, f.question, f.share) for f in plan_faults(1)]
    [('reload', 0, 0.25), ('restart', 0, 0.5), ('master', 0, 0.75)]
    """
    reload_at = max(0, questions // 2 - 1)
    order = ("reload", "restart", "master")
    return [
        Fault(what, min(questions - 1, reload_at + i), (i + 1) / 4) for i, what in enumerate(order)
    ]
