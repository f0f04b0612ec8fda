"""The bottom of the site, below ``tutor.words``: the languages and their locale data
(``locales.py``), reading a whole number (``numbers.py``), sorting in a language's own
order (``collation.py``), time zones (``zones.py``), the translators' in-context markers
(``markers.py``), the typed request views take (``http.py``), stored JSON on the
admin pages (``admin_json.py``) and whether a translation %-formats as its English does
(``message_format.py``). Nothing here imports another package of ``tutor``; the
parts of every page (template tags, middleware, views) are ``tutor.site``."""
