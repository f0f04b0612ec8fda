from django.urls import path

from . import chart_views, views

app_name = "rules"

urlpatterns = [
    path("rules/", views.index, name="index"),
    path("rules/hand-rankings/", chart_views.hand_rankings, name="hand-rankings"),
    path("rules/<slug:slug>/", views.rule_page, name="page"),
    path("glossary/", views.glossary, name="glossary"),
]
