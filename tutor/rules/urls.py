from django.urls import path

from . import views

urlpatterns = [
    path("rules/", views.index, name="rules"),
    path("rules/<slug:slug>/", views.rule_page, name="rule-page"),
    path("glossary/", views.glossary, name="glossary"),
]
