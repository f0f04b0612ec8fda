from django.urls import path

from . import chart_views, views

urlpatterns = [
    path("rules/", views.index, name="rules"),
    path("rules/hand-rankings/", chart_views.hand_rankings, name="hand-rankings"),
    path("rules/<slug:slug>/", views.rule_page, name="rule-page"),
    path("glossary/", views.glossary, name="glossary"),
]
