from django.urls import path

from . import views

app_name = "drills"

urlpatterns = [
    path("drills/", views.index, name="index"),
    path("drills/<slug:slug>/", views.drill_page, name="drill"),
]
