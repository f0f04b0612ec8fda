from django.apps import AppConfig


class DrillsConfig(AppConfig):
    name = "tutor.drills"
    label = "drills"
