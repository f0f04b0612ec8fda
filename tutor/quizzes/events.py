"""What the quiz app tells apps above it, without knowing them (Django signals):

- ``finished``: a homework student has no question left (``session``, ``participant``);
  sent each time their end screen is shown, so a receiver must be idempotent.
- ``ended``: the teacher ended a session (``session``).

``tutor.lti`` sends the scores back to a school's LMS on them.
"""

from django.dispatch import Signal

finished = Signal()
ended = Signal()
