"""Quizzes built from the drills, run live or as homework.

One job per module: ``models.py`` and ``querysets.py`` (what is stored and how it is
queried), ``dealing.py`` (a new session's questions, written down whole by
``tutor.drills.written``), ``services.py`` (sessions, answers, the teacher's controls,
scores), ``stage.py`` (what a student's screen shows), ``results.py``, ``charts.py`` and
``export.py`` (results, their SVG charts and CSV), ``forms.py``, ``joins.py`` (the
participant's cookie and the limits on wrong codes, for every way of joining), and the
views: ``join_views.py``, ``student_views.py``, ``builder_views.py``,
``console_views.py`` (with ``teacher_common.py``) and ``accounts.py``; ``nicknames.py``
(why a nickname is refused, in words; the rules of every name are ``tutor/core/names.py``).
"""
