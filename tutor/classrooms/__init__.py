"""Classes: a teacher's roster of student names with a permanent join code. Students of a
class join a quiz by picking their name instead of typing a nickname, and the class
report follows each student and each concept across every session run for the class."""
