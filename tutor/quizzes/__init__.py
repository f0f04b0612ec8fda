"""Quizzes built from the drills, run live or as homework.

One job per module: ``models.py`` and ``querysets.py`` (what is stored and how it is
queried), ``questions.py`` (a session's questions, stored whole), ``services.py``
(sessions, answers, the teacher's controls, scores), ``stage.py`` (what a student's
screen shows), ``answers.py`` (right answers and answer labels), ``results.py``,
``charts.py`` and ``export.py`` (results, their SVG charts and CSV), ``forms.py``, and
the views: ``join_views.py``, ``student_views.py``, ``builder_views.py``,
``console_views.py`` (with ``teacher_common.py``) and ``accounts.py``; ``nicknames.py``
(nicknames a projector can show, compared by look).
"""
