"""Settings for the poker rules tutor. Everything that differs between machines comes
from the environment; development needs no configuration at all.

Environment:
    DEBUG            "1"/"0" (default "1" for development)
    SECRET_KEY       required when DEBUG is off
    ALLOWED_HOSTS    comma-separated (default: localhost names in development)
    DATABASE_URL     e.g. postgres://user:pass@127.0.0.1:5432/tutor (default: SQLite file db.sqlite3)
    REDIS_URL        e.g. redis://127.0.0.1:6379/0: the caches every app server shares (CACHES)
    SECURE_SSL_REDIRECT, SECURE_HSTS_SECONDS   production hardening (on by default when DEBUG is off)
    SESSION_COOKIE_SECURE, CSRF_COOKIE_SECURE  "1"/"0": cookies only over HTTPS (default "1"
                     when DEBUG is off; `make serve` on plain-HTTP loopback sets "0")
    SECURE_PROXY_SSL_HEADER  "1" behind a TLS proxy that sets X-Forwarded-Proto: https
    SIGNUPS_PER_ADDRESS  accounts one address may create in an hour (default 20)
    TRUSTED_PROXY_COUNT  reverse proxies in front whose X-Forwarded-For is read (default 0)
    MAX_REQUEST_BODY  bytes of a request body the site reads at all (default 10 MB)
    JOIN_NEW_DEVICES_PER_ADDRESS  new devices one address may join in ten minutes (default 400)
    QUIZ_MAX_QUESTIONS, BANK_MAX_QUESTIONS, EXPORT_MAX_QUESTIONS, IMPORT_MAX_BYTES,
    IMPORT_MAX_QUESTIONS  what one teacher may ask of the server (defaults 200, 3000, 200,
                     204800, 300; tutor/quizzes/quotas.py, docs/deploying.md "Quotas")
    RETENTION_DAYS   days idle quiz sessions and anonymous progress are kept (default 365)
    CSRF_TRUSTED_ORIGINS     comma-separated origins, e.g. https://tutor.example.org
    SITE_URL         the address in links of e-mails sent from cron (default http://localhost:8000)
    STATIC_ROOT      where collectstatic puts the static files (default: staticfiles/)
    TUTOR_STATIC_MANIFEST  "1"/"0": serve compressed, content-hashed static files from
                     STATIC_ROOT (needs `collectstatic`). Default: on when DEBUG is off. The
                     test suite runs with DEBUG unset (pytest-django turns DEBUG off only at
                     run time), so it needs no collectstatic; set "0" to run it with DEBUG=0.
"""

from __future__ import annotations

import importlib.util
import os
from datetime import timedelta
from pathlib import Path
from typing import Literal

import dj_database_url
from django.utils.csp import CSP
from django.utils.translation import gettext_lazy as _

from tutor.core.locales import languages

BASE_DIR = Path(__file__).resolve().parent.parent


def env_bool(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    if value is None or value == "":
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


DEBUG = env_bool("DEBUG", True)

SECRET_KEY = os.environ.get("SECRET_KEY", "")
if not SECRET_KEY:
    if not DEBUG:
        raise RuntimeError("SECRET_KEY must be set when DEBUG is off.")
    SECRET_KEY = "django-insecure-development-only-key-do-not-use-in-production"

ALLOWED_HOSTS = [
    h.strip()
    for h in os.environ.get(
        "ALLOWED_HOSTS", "localhost,127.0.0.1,[::1],testserver" if DEBUG else ""
    ).split(",")
    if h.strip()
]

INSTALLED_APPS = [
    # The operators' admin at /admin/ (tutor/urls.py; each app's admin.py).
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django_htmx",
    # Failed log-ins, counted per account and device (see "Accounts" at the end).
    "axes",
    "tutor.site",
    "tutor.rules",
    "tutor.drills",
    "tutor.quizzes",
    "tutor.classrooms",
    "tutor.translations",
    "tutor.learning",
    "tutor.lessons",
    "tutor.lti",  # the quizzes as an LTI 1.3 tool of Moodle or Canvas (docs/lti.md)
]

MIDDLEWARE = [
    # Permissions-Policy on every response, static files and quick polls included: first,
    # so that it wraps them all (whitenoise must stay right after the security middleware).
    "tutor.site.middleware.PermissionsPolicyMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.middleware.csp.ContentSecurityPolicyMiddleware",
    # The client's address behind TRUSTED_PROXY_COUNT reverse proxies, before anything
    # counts per address (docs/deploying.md "Log-in, sign-up and reset limits").
    "tutor.site.middleware.TrustedProxyMiddleware",
    # The live quiz's "nothing new" polls, most of a class's requests, answered here from
    # the quiz cookie and the cached version, before the middleware below (tutor/quizzes/poll.py).
    "tutor.quizzes.poll.QuickPollMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    # A form past DATA_UPLOAD_MAX_MEMORY_SIZE: read without its too-big fields, so the view
    # shows its form again with an error (tutor/core/request_size.py). Before anything
    # reads the form (CSRF below).
    "tutor.core.request_size.OversizedFormMiddleware",
    "tutor.site.middleware.RememberLanguageMiddleware",
    "django.middleware.common.CommonMiddleware",
    # Czech non-breaking spaces on the finished HTML (inside CommonMiddleware, which then
    # counts the changed length; nothing listed below changes a page's body but the
    # translators' mode, which must run first).
    "tutor.site.typography.TypographyMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    # The translators' ?translate=1 mode (tutor/translations/incontext.py): needs the user;
    # with the mode off it only looks at the query string and one cookie. It changes the
    # body of the pages it marks, inside the Czech typography above.
    "tutor.translations.incontext.TranslateModeMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    # Sets the anonymous learner's cookie when an answer made one (tutor/learning/learners.py).
    "tutor.learning.learners.LearnerCookieMiddleware",
    # Last, as django-axes asks: turns a locked-out log-in into the site's page.
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "tutor.urls"
WSGI_APPLICATION = "tutor.wsgi.application"

_loaders = [
    "django.template.loaders.filesystem.Loader",
    "django.template.loaders.app_directories.Loader",
]
TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.template.context_processors.csp",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "tutor.site.context_processors.site",
            ],
            "builtins": ["django.templatetags.i18n", "tutor.site.templatetags.tutor"],
            # Templates are parsed once per process, also in development.
            "loaders": [("django.template.loaders.cached.Loader", _loaders)],
        },
    }
]

DATABASES = {
    "default": dj_database_url.config(
        default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}",
        conn_max_age=int(os.environ.get("CONN_MAX_AGE", "60")),
        conn_health_checks=True,
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    DATABASES["default"].setdefault("OPTIONS", {}).update(
        {
            "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
            "transaction_mode": "IMMEDIATE",
            "timeout": 20,
        }
    )
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# New devices one network address may bring to the join box in ten minutes (each device's
# first posted code counts; tutor/quizzes/joins.py): enough for a big school behind one
# address, far too few to guess join codes with. Raise it for a bigger one.
JOIN_NEW_DEVICES_PER_ADDRESS = int(os.environ.get("JOIN_NEW_DEVICES_PER_ADDRESS", "400"))

# What one teacher may ask of the server (tutor/quizzes/quotas.py): the questions a quiz
# deals per session, the questions in their bank, the questions of one Moodle XML or GIFT
# download, and one GIFT import's size and questions. Each bounds a request's time: a
# download deals and writes every question (about 5 ms each on one core).
QUIZ_MAX_QUESTIONS = int(os.environ.get("QUIZ_MAX_QUESTIONS", "200"))
BANK_MAX_QUESTIONS = int(os.environ.get("BANK_MAX_QUESTIONS", "3000"))
EXPORT_MAX_QUESTIONS = int(os.environ.get("EXPORT_MAX_QUESTIONS", "200"))
IMPORT_MAX_BYTES = int(os.environ.get("IMPORT_MAX_BYTES", str(200 * 1024)))
IMPORT_MAX_QUESTIONS = int(os.environ.get("IMPORT_MAX_QUESTIONS", "300"))
RETENTION_DAYS = int(os.environ.get("RETENTION_DAYS", "365"))  # quizzes/retention.py
QUIZ_STREAMS_PER_PROCESS = int(os.environ.get("QUIZ_STREAMS_PER_PROCESS", "5000"))  # streams.py
QUIZ_STREAM_SPREAD = float(os.environ.get("QUIZ_STREAM_SPREAD", "2"))  # quizzes/streams.py

# Caches (docs/deploying.md, "Past one machine"). What every app server process must share
# goes to "default" and "state"; "local" is each process's own. Without REDIS_URL: the
# database cache table (`createcachetable`) and per-process memory, as on one machine. With
# REDIS_URL (redis://host:6379/0, a database of its own: a test's `cache.clear()` empties
# it): Django's Redis backend, needing the `redis` extra (`pip install -e '.[redis]'`).
REDIS_URL = os.environ.get("REDIS_URL", "").strip()
if REDIS_URL and importlib.util.find_spec("redis") is None:
    raise RuntimeError(
        "REDIS_URL is set but the redis package is not installed: pip install -e '.[redis]'"
    )
_redis = {
    "BACKEND": "django.core.cache.backends.redis.RedisCache",
    "LOCATION": REDIS_URL,
    "KEY_PREFIX": "tutor",
    # A Redis that does not answer fails the request in 2 s instead of holding a thread.
    "OPTIONS": {"socket_connect_timeout": 2, "socket_timeout": 2},
}
CACHES = {
    # Shared by every server process: the wrong-join-code counts (tutor/quizzes/joins.py),
    # so a guesser meets one limit whichever worker or machine answers.
    "default": _redis
    if REDIS_URL
    else {"BACKEND": "django.core.cache.backends.db.DatabaseCache", "LOCATION": "tutor_cache"},
    # A live session's (version, state), which every student polls (quizzes/student_views.py),
    # kept a second. With Redis one copy for all servers, deleted at the teacher's move, so
    # every server sees it at once and the database is asked once a second for the whole
    # site. Without it each process keeps its own and other processes follow within the second.
    "state": {**_redis, "KEY_PREFIX": "tutor-state"}
    if REDIS_URL
    else {
        "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
        "LOCATION": "tutor-state",
        "OPTIONS": {"MAX_ENTRIES": 1000},  # live sessions at once in one process
    },
    # Always in each process: rendered page fragments that depend only on the release, the
    # language and the address (site header, footer, a drill's heading), and an ended
    # quiz's scores. Not in Redis: they are the same on every server, a page reads up to
    # five and each read from this process's memory costs less than a round trip to Redis,
    # and servers of two releases (a rolling deploy) must not hand each other their
    # fragments (the stylesheet's hashed name is one). Bounded: at most MAX_ENTRIES (about
    # 1.5 MB; the site's own pages in five languages fit), then a third is dropped. Nothing
    # here is ever the only copy of anything. Kept unpickled: tutor/core/kept_cache.py.
    "local": {
        "BACKEND": "tutor.core.kept_cache.KeptCache",
        "LOCATION": "tutor-local",
        "TIMEOUT": None,
        "OPTIONS": {"MAX_ENTRIES": 2000},
    },
}

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    # At least 12 characters (OWASP ASVS 2.1.1).
    {
        "NAME": "django.contrib.auth.password_validation.MinimumLengthValidator",
        "OPTIONS": {"min_length": 12},
    },
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

# Languages: English is the source; the list is locale/languages.toml (tutor.core.locales),
# beta languages included (served at their prefix, left out of the public switcher).
LANGUAGE_CODE = "en"
LANGUAGES = [(entry.code, _(entry.name)) for entry in languages()]
LOCALE_PATHS = [BASE_DIR / "locale"]
FORMAT_MODULE_PATH = ["tutor.formats"]
USE_I18N = True
USE_TZ = True
TIME_ZONE = "UTC"
LANGUAGE_COOKIE_AGE = 60 * 60 * 24 * 365
LANGUAGE_COOKIE_SAMESITE: Literal["Lax"] = "Lax"

STATIC_URL = "/static/"
STATIC_ROOT = Path(os.environ.get("STATIC_ROOT") or BASE_DIR / "staticfiles")
STATICFILES_DIRS = [BASE_DIR / "tutor" / "static"]
# Production: whitenoise serves the files that `collectstatic` compressed (gzip) and named
# by content hash (site.3f2a….css, cached for a year). Development and the tests: plain
# storage, files found in place, no collectstatic needed (see TUTOR_STATIC_MANIFEST above).
STATIC_MANIFEST = env_bool("TUTOR_STATIC_MANIFEST", not DEBUG)
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"
        if STATIC_MANIFEST
        else "django.contrib.staticfiles.storage.StaticFilesStorage"
    },
}
WHITENOISE_AUTOREFRESH = not STATIC_MANIFEST
WHITENOISE_USE_FINDERS = not STATIC_MANIFEST

# Django 6.1 mailers: the console in development (password-reset links appear in the
# log), SMTP in production (EMAIL_HOST, EMAIL_PORT ... from the environment).
_default_mail = "console" if DEBUG else "smtp"
_mail_backend = os.environ.get(
    "EMAIL_BACKEND", f"django.core.mail.backends.{_default_mail}.EmailBackend"
)
MAILERS: dict[str, dict[str, object]] = {"default": {"BACKEND": _mail_backend}}
if _mail_backend.endswith("smtp.EmailBackend"):
    MAILERS["default"]["OPTIONS"] = {
        "host": os.environ.get("EMAIL_HOST", "localhost"),
        "port": int(os.environ.get("EMAIL_PORT", "25")),
        "username": os.environ.get("EMAIL_HOST_USER", ""),
        "password": os.environ.get("EMAIL_HOST_PASSWORD", ""),
        "use_tls": env_bool("EMAIL_USE_TLS", False),
    }
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "tutor@localhost")
SITE_URL = os.environ.get("SITE_URL", "http://localhost:8000").rstrip("/")  # send_reminders

# Security. htmx reads the CSRF token from a header set on <body>: no script reads cookies.
CSRF_COOKIE_HTTPONLY = True
SESSION_COOKIE_HTTPONLY = True
SESSION_ENGINE = "tutor.core.session_store"  # database sessions, keys only as Django makes
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"
# Sent on every response (tutor/site/middleware.py): no page of the site uses any of these.
PERMISSIONS_POLICY: dict[str, list[str]] = {
    feature: []
    for feature in (
        "accelerometer",
        "autoplay",
        "camera",
        "display-capture",
        "geolocation",
        "gyroscope",
        "magnetometer",
        "microphone",
        "midi",
        "payment",
        "publickey-credentials-get",
        "usb",
        "xr-spatial-tracking",
    )
}
# Request bodies. Form fields (not files) up to 2.5 MB, Django's default: a form past it is
# read without its big fields and shown again with an error (tutor/core/request_size.py).
# Files up to 2.5 MB are kept in memory, bigger ones go to a temporary file. A body past
# MAX_REQUEST_BODY is not read at all: a 413 page. The proxy should refuse it first
# (docs/deploying.md: nginx's client_max_body_size).
DATA_UPLOAD_MAX_MEMORY_SIZE = 2_621_440
FILE_UPLOAD_MAX_MEMORY_SIZE = 2_621_440
MAX_REQUEST_BODY = int(os.environ.get("MAX_REQUEST_BODY", str(10 * 1024 * 1024)))
SECURE_CSP = {
    "default-src": [CSP.SELF],
    "script-src": [CSP.SELF],
    "style-src": [CSP.SELF],
    "img-src": [CSP.SELF, "data:"],
    "font-src": [CSP.SELF],
    "connect-src": [CSP.SELF],
    "object-src": [CSP.NONE],
    "base-uri": [CSP.SELF],
    "form-action": [CSP.SELF],
    "frame-ancestors": [CSP.NONE],
}

CSRF_TRUSTED_ORIGINS = [
    o.strip() for o in os.environ.get("CSRF_TRUSTED_ORIGINS", "").split(",") if o.strip()
]

if not DEBUG:
    SESSION_COOKIE_SECURE = env_bool("SESSION_COOKIE_SECURE", True)
    CSRF_COOKIE_SECURE = env_bool("CSRF_COOKIE_SECURE", True)
    SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", True)
    SECURE_HSTS_SECONDS = int(os.environ.get("SECURE_HSTS_SECONDS", str(60 * 60 * 24 * 365)))
    SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", True)
    SECURE_HSTS_PRELOAD = env_bool("SECURE_HSTS_PRELOAD", True)
    if env_bool("SECURE_PROXY_SSL_HEADER", False):
        SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "WARNING")},
}

# Accounts (tutor/quizzes/account_urls.py). URL names, so they resolve under the
# language prefix of the page the teacher is on (/cs/accounts/login/ ...).
LOGIN_URL = "accounts:login"
LOGIN_REDIRECT_URL = "quizzes:index"
LOGOUT_REDIRECT_URL = "quizzes:index"

# Throttled log-in (django-axes; tutor/quizzes/account_limits.py). A school is one network
# address, so failures are counted per account and device (address and browser), never per
# address alone: five wrong passwords lock that account on that device for a cool-off of
# 15 minutes (each further try starts it again), and no other device or account is refused.
# Behind it, the site's own count per account and address (any browser) stops a guesser who
# changes browsers. Failures are kept in the database (the admin's "Axes" pages; `manage.py
# axes_reset` unlocks everyone). The client's address is REMOTE_ADDR, as the join box's.
AUTHENTICATION_BACKENDS = [
    "tutor.quizzes.account_limits.AxesBackend",
    "django.contrib.auth.backends.ModelBackend",
]
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address", "user_agent"]]
AXES_FAILURE_LIMIT = 5
AXES_COOLOFF_TIME = timedelta(minutes=15)
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_CALLABLE = "tutor.quizzes.account_limits.locked_out"
AXES_CLIENT_IP_CALLABLE = "tutor.quizzes.account_limits.axes_address"
AXES_USERNAME_CALLABLE = "tutor.quizzes.account_limits.axes_username"
# Accounts one address may make in an hour (a class signing up at once: raise it); a device: 3.
SIGNUPS_PER_ADDRESS = int(os.environ.get("SIGNUPS_PER_ADDRESS", "20"))
# Reverse proxies in front (nginx here: 1); only then is X-Forwarded-For read (site/middleware.py).
TRUSTED_PROXY_COUNT = int(os.environ.get("TRUSTED_PROXY_COUNT", "0"))
LTI_PASSBACK_BUDGET = float(os.environ.get("LTI_PASSBACK_BUDGET", "3"))  # seconds; docs/lti.md
