from django.urls import path

from . import views

urlpatterns = [path("translations/", views.status, name="translations")]
