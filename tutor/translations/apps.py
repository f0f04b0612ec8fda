from django.apps import AppConfig


class TranslationsConfig(AppConfig):
    name = "tutor.translations"
    label = "translations"
