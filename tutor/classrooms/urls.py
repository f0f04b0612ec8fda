"""The addresses of classes: the teacher's pages, and the student's name picker."""

from django.urls import path

from . import joining, report_views, views

app_name = "classrooms"

urlpatterns = [
    path("quizzes/classes/", views.index, name="index"),
    path("quizzes/classes/new/", views.class_new, name="new"),
    path("quizzes/classes/<int:pk>/", views.classroom, name="classroom"),
    path("quizzes/classes/<int:pk>/rename/", views.class_rename, name="rename"),
    path("quizzes/classes/<int:pk>/delete/", views.class_delete, name="delete"),
    path("quizzes/classes/<int:pk>/names/", views.names_add, name="names"),
    path(
        "quizzes/classes/<int:pk>/names/<int:member_id>/",
        views.member_edit,
        name="member",
    ),
    path("quizzes/classes/<int:pk>/report/", report_views.report, name="report"),
    path(
        "quizzes/classes/<int:pk>/report/<slug:table>.csv",
        report_views.report_csv,
        name="report-csv",
    ),
    path("join/class/<str:code>/", joining.pick, name="join"),
]
