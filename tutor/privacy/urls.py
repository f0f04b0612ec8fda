"""The addresses of a person's own data and of the privacy page."""

from django.urls import path

from . import views

app_name = "privacy"

urlpatterns = [
    path("privacy/", views.privacy, name="privacy"),
    path("accounts/data/", views.data, name="data"),
    path("accounts/data/download/", views.download, name="download"),
    path("accounts/data/progress.json", views.progress_download, name="progress-download"),
    path("accounts/data/progress/delete/", views.progress_delete, name="progress-delete"),
    path("accounts/delete/", views.account_delete, name="account-delete"),
]
