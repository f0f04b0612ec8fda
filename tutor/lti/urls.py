"""The tool's endpoints, outside the language prefix (``/lti/``): the addresses a
platform is configured with, the same whatever the reader's language."""

from django.urls import path

from . import views

app_name = "lti"

urlpatterns = [
    path("login/", views.login, name="login"),
    path("launch/", views.launch, name="launch"),
    path("jwks/", views.jwks, name="jwks"),
    path("pick/", views.pick, name="pick"),
    path("enter/<str:token>/", views.enter, name="enter"),
]
