"""Every address of the learning path (``/<lang>/learn/...``)."""

from django.urls import path

from . import sitting_views, views

urlpatterns = [
    path("learn/", views.index, name="learn"),
    path("learn/review/", views.review_page, name="learn-review"),
    path("learn/progress/", views.progress_page, name="learn-progress"),
    path("learn/sitting/<int:pk>/", sitting_views.sitting_page, name="learn-sitting"),
    path("learn/sitting/<int:pk>/answer/", sitting_views.answer, name="learn-answer"),
    path("learn/<slug:course>/", views.course, name="learn-course"),
    path("learn/<slug:course>/<slug:slug>/", views.lesson, name="learn-lesson"),
    path("learn/<slug:course>/<slug:slug>/start/", sitting_views.start, name="learn-start"),
]
