"""Every address of the learning path (``/<lang>/learn/...``)."""

from django.urls import path

from . import reminder_views, sitting_views, views

app_name = "lessons"

urlpatterns = [
    path("learn/", views.index, name="index"),
    path("learn/review/", views.review_page, name="review"),
    path("learn/progress/", views.progress_page, name="progress"),
    path("learn/progress/goal/", views.goal, name="goal"),
    path("learn/progress/reminders/", views.reminders, name="reminders"),
    path("learn/progress/address/", views.address, name="address"),
    path("learn/progress/address/send/", views.send_again, name="send-confirmation"),
    path(
        "learn/progress/address/confirm/<str:token>/",
        reminder_views.confirm_address,
        name="confirm-address",
    ),
    path("learn/reminders/stop/<str:token>/", reminder_views.stop, name="stop-reminders"),
    path("learn/sitting/<int:pk>/", sitting_views.sitting_page, name="sitting"),
    path("learn/sitting/<int:pk>/answer/", sitting_views.answer, name="answer"),
    path("learn/<slug:course>/", views.course, name="course"),
    path("learn/<slug:course>/<slug:slug>/", views.lesson, name="lesson"),
    path("learn/<slug:course>/<slug:slug>/start/", sitting_views.start, name="start"),
]
