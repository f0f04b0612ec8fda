from django.urls import path

from . import views

urlpatterns = [
    path("drills/", views.index, name="drills"),
    path("drills/<slug:slug>/", views.drill_page, name="drill"),
]
