"""The drill pages (``/drills/``, ``/drills/<slug>/``): the drills with each one's place
in the learning path, and a drill's page, whose counted answers move the learner's
mastery. Above ``tutor.drills`` (what a drill is), ``tutor.learning`` and
``tutor.lessons``; a play drill's own view stays in its drill's package."""
