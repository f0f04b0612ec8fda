"""The student's addresses: join with a code, answer, follow a live session (by polling
``state/``, or hearing ``events/``)."""

from django.urls import path

from . import join_views, stream_views
from . import student_views as views

urlpatterns = [
    path("join/", join_views.join, name="join"),
    path("join/<str:code>/", join_views.join, name="join-code"),
    path("play/<str:code>/", views.play, name="play"),
    path("play/<str:code>/state/", views.state, name="state"),
    path("play/<str:code>/answer/", views.answer, name="answer"),
    path("play/<str:code>/events/", stream_views.events, name="events"),
]
