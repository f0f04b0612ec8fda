"""The teacher's addresses: the quiz builder, the question bank, the session console and
results (accounts: ``account_urls.py``)."""

from django.urls import path

from . import bank_views, builder_views, console_views, print_views, projector_views

urlpatterns = [
    path("quizzes/", builder_views.index, name="index"),
    path("quizzes/bank/", bank_views.bank, name="bank"),
    path("quizzes/bank/new/", bank_views.question_new, name="bank-new"),
    path("quizzes/bank/<int:pk>/", bank_views.question_edit, name="bank-edit"),
    path("quizzes/bank/<int:pk>/delete/", bank_views.question_delete, name="bank-delete"),
    path("quizzes/<int:pk>/bank/", bank_views.quiz_add, name="bank-add"),
    path("quizzes/new/", builder_views.quiz_new, name="new"),
    path("quizzes/<int:pk>/", builder_views.quiz_edit, name="edit"),
    path("quizzes/<int:pk>/delete/", builder_views.quiz_delete, name="delete"),
    path("quizzes/<int:pk>/copy/", builder_views.quiz_copy, name="copy"),
    path("quizzes/<int:pk>/run/", console_views.quiz_run, name="run"),
    path("quizzes/<int:pk>/slots/", builder_views.slot_add, name="slot-add"),
    path("quizzes/<int:pk>/slots/<int:slot_id>/", builder_views.slot_edit, name="slot-edit"),
    path("quizzes/<int:pk>/slots/<int:slot_id>/move/", builder_views.slot_move, name="slot-move"),
    path("quizzes/<int:pk>/slots/<int:slot_id>/deal/", builder_views.slot_deal, name="slot-deal"),
    path(
        "quizzes/<int:pk>/slots/<int:slot_id>/delete/",
        builder_views.slot_delete,
        name="slot-delete",
    ),
    path("quizzes/session/<str:code>/", console_views.console, name="console"),
    path("quizzes/session/<str:code>/live/", console_views.console_state, name="console-state"),
    path("quizzes/session/<str:code>/control/", console_views.control, name="control"),
    path("quizzes/session/<str:code>/projector/", projector_views.page, name="projector"),
    path(
        "quizzes/session/<str:code>/projector/live/",
        projector_views.state,
        name="projector-state",
    ),
    path(
        "quizzes/session/<str:code>/projector/control/",
        projector_views.control,
        name="projector-control",
    ),
    path(
        "quizzes/session/<str:code>/student/<int:pk>/",
        console_views.student,
        name="student",
    ),
    path("quizzes/session/<str:code>/delete/", console_views.session_delete, name="session-delete"),
    path(
        "quizzes/session/<str:code>/student/<int:pk>/time/",
        console_views.student_time,
        name="student-time",
    ),
    path("quizzes/session/<str:code>/results/", console_views.results_page, name="results"),
    path("quizzes/session/<str:code>/results.csv", console_views.results_csv, name="results-csv"),
    path("quizzes/session/<str:code>/totals.csv", console_views.totals_csv, name="totals-csv"),
    path(
        "quizzes/session/<str:code>/gradebook-<slug:layout>.csv",
        console_views.gradebook_csv,
        name="gradebook-csv",
    ),
    path("quizzes/session/<str:code>/answer-key/", print_views.answer_key, name="answer-key"),
    path("quizzes/session/<str:code>/worksheet/", print_views.worksheet, name="worksheet"),
]
