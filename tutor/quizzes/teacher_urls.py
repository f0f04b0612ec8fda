"""The teacher's addresses: accounts, the quiz builder, the session console and results."""

from django.contrib.auth import views as auth_views
from django.urls import path

from . import accounts, bank_views, builder_views, console_views, print_views

urlpatterns = [
    path("accounts/signup/", accounts.signup, name="signup"),
    path(
        "accounts/login/",
        auth_views.LoginView.as_view(redirect_authenticated_user=True),
        name="login",
    ),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path(
        "accounts/password/change/",
        auth_views.PasswordChangeView.as_view(),
        name="password_change",
    ),
    path(
        "accounts/password/change/done/",
        auth_views.PasswordChangeDoneView.as_view(),
        name="password_change_done",
    ),
    path("accounts/password/reset/", auth_views.PasswordResetView.as_view(), name="password_reset"),
    path(
        "accounts/password/reset/sent/",
        auth_views.PasswordResetDoneView.as_view(),
        name="password_reset_done",
    ),
    path(
        "accounts/password/reset/done/",
        auth_views.PasswordResetCompleteView.as_view(),
        name="password_reset_complete",
    ),
    path(
        "accounts/password/reset/<uidb64>/<token>/",
        auth_views.PasswordResetConfirmView.as_view(),
        name="password_reset_confirm",
    ),
    path("quizzes/", builder_views.index, name="quizzes"),
    path("quizzes/bank/", bank_views.bank, name="bank"),
    path("quizzes/bank/new/", bank_views.question_new, name="bank-new"),
    path("quizzes/bank/<int:pk>/", bank_views.question_edit, name="bank-edit"),
    path("quizzes/bank/<int:pk>/delete/", bank_views.question_delete, name="bank-delete"),
    path("quizzes/<int:pk>/bank/", bank_views.quiz_add, name="quiz-bank-add"),
    path("quizzes/new/", builder_views.quiz_new, name="quiz-new"),
    path("quizzes/<int:pk>/", builder_views.quiz_edit, name="quiz-edit"),
    path("quizzes/<int:pk>/delete/", builder_views.quiz_delete, name="quiz-delete"),
    path("quizzes/<int:pk>/copy/", builder_views.quiz_copy, name="quiz-copy"),
    path("quizzes/<int:pk>/run/", console_views.quiz_run, name="quiz-run"),
    path("quizzes/<int:pk>/slots/", builder_views.slot_add, name="quiz-slot-add"),
    path("quizzes/<int:pk>/slots/<int:slot_id>/", builder_views.slot_edit, name="quiz-slot-edit"),
    path(
        "quizzes/<int:pk>/slots/<int:slot_id>/move/", builder_views.slot_move, name="quiz-slot-move"
    ),
    path(
        "quizzes/<int:pk>/slots/<int:slot_id>/deal/", builder_views.slot_deal, name="quiz-slot-deal"
    ),
    path(
        "quizzes/<int:pk>/slots/<int:slot_id>/delete/",
        builder_views.slot_delete,
        name="quiz-slot-delete",
    ),
    path("quizzes/session/<str:code>/", console_views.console, name="quiz-console"),
    path(
        "quizzes/session/<str:code>/live/", console_views.console_state, name="quiz-console-state"
    ),
    path("quizzes/session/<str:code>/control/", console_views.control, name="quiz-control"),
    path(
        "quizzes/session/<str:code>/student/<int:pk>/",
        console_views.student,
        name="quiz-student",
    ),
    path("quizzes/session/<str:code>/results/", console_views.results_page, name="quiz-results"),
    path(
        "quizzes/session/<str:code>/results.csv", console_views.results_csv, name="quiz-results-csv"
    ),
    path("quizzes/session/<str:code>/totals.csv", console_views.totals_csv, name="quiz-totals-csv"),
    path("quizzes/session/<str:code>/answer-key/", print_views.answer_key, name="quiz-answer-key"),
    path("quizzes/session/<str:code>/worksheet/", print_views.worksheet, name="quiz-worksheet"),
]
