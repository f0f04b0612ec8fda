"""Moving quizzes in and out: Moodle XML and GIFT export, GIFT import, share links.

Every question, an engine drill's or a teacher's own, is first turned into a
:class:`~.snapshot.Snapshot`: plain text (cards written out, never codes) and the parts to
answer with their right answers. The writers and the reader only know snapshots.
"""
