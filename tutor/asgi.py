"""ASGI entry point: the live quiz's event streams (``quizzes/stream_views.py``) under
uvicorn; ``make serve`` routes ``/<language>/play/<code>/events/`` here and every other
request to gunicorn (``tutor/wsgi.py``), docs/deploying.md says why."""

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tutor.settings")
application = get_asgi_application()
