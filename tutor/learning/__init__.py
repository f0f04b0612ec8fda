"""The learner's progress, kept on the server: mastery per concept (``mastery.py``), spaced
review with fsrs (``review.py``), who the learner is (``learners.py``: an account, else a
long-lived cookie), recording answers (``record.py``) and joining a browser's progress to
an account at log-in (``merge.py``)."""
