"""Load and fault test of a live quiz against the production server on loopback.

    .venv/bin/python -m benchmarks.load_quiz                  # 400 students, temporary SQLite
    DATABASE_URL=postgres://tutor:tutor@127.0.0.1:5432/tutor_load .venv/bin/python -m benchmarks.load_quiz
    .venv/bin/python -m benchmarks.load_quiz --fault          # reload and kill the server mid-quiz
    .venv/bin/python -m benchmarks.load_quiz --help

What one run does:

1. Prepares a database (a temporary SQLite file, or ``DATABASE_URL``: give it a database of
   its own, never one the test suite creates or drops): ``migrate``, ``createcachetable``,
   ``collectstatic`` into a temporary directory; a teacher and a quiz made through the ORM.
2. Starts gunicorn exactly as ``make serve`` does (``gunicorn.conf.py``, ``DEBUG=0``) on a
   free loopback port, with ``benchmarks.bench_settings``: the production settings plus a
   ``/bare/`` view for comparison.
3. A teacher logs in and runs the quiz from the console; N students (coroutines on one
   event loop, an HTTP/1.1 client of the package's own over asyncio, one keep-alive
   connection and cookie jar each; the teacher a thread with ``http.client``) fetch the join
   page, join, follow the session by polling the state endpoint as the page does, and
   answer every question after a think time. Some answers are retried after an
   artificial client timeout (the connection is dropped before the reply is read), some
   are sent twice at once on two connections with different choices. Like the page with
   JavaScript on, polls and answers are htmx requests whose replies are the new stage:
   "received" = stored, an error message = refused. Some joins are repeated after an
   artificial client timeout as well (the same form sent again).
4. With ``--fault``: a graceful reload (SIGHUP) while one question is open and a hard kill
   of the whole server plus a fresh start while another is open. Students keep their
   cookies; whatever was not answered is retried.
5. Measures, on the same server, a drill page and the bare view with a fixed number of
   keep-alive clients, and prints their requests per second and ratio.
6. Stops the server and compares the database with what the students were told: every
   acknowledged answer ("received") is stored, with exactly the choices of the acknowledged
   request; an answer is stored without one only when the student's reply was lost and a
   repeat was told "already answered"; nothing else is stored.

Exit status 0 when every check passes (the latency and throughput goals are reported, not
enforced), 1 when one fails, 2 on a setup error.

The modules, one concern each:

- ``__main__``: the command line, and the order of the phases;
- ``prepare``: the server's environment, the database, the teacher and the quiz;
- ``pages``: what the site's pages say and how a client reads them;
- ``browser``: one visitor's cookie jar and keep-alive connection, and what every client of
  a phase shares (``Run``);
- ``wire``, ``visitor``: HTTP/1.1 on asyncio, and a student's browser on it;
- ``client``: the simulated htmx student and the teacher at the console;
- ``faults``: the graceful reload and the hard kill, planned and fired;
- ``scenario``: the class run, the students on one event loop, the teacher a thread;
- ``bench``: the drill page against the bare view, and the warm-up;
- ``check``: the database against what the students were told;
- ``report``: the figures summarized, and printed.

``benchmarks.gunicorn_server`` is the one place that starts gunicorn.
"""
