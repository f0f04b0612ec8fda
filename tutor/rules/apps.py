from django.apps import AppConfig


class RulesConfig(AppConfig):
    name = "tutor.rules"
    label = "rules"
