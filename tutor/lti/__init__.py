"""LTI 1.3: the tutor as an external tool of a school's Moodle or Canvas (docs/lti.md)."""
