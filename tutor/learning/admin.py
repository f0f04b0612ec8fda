"""The operators' admin pages of learners' progress: learners (a random key or an
account), their standing per concept with its review card, and every attempt. The card
shows read-only (fsrs writes it); the learner is a raw id, never a list of them all."""

from __future__ import annotations

from django.contrib import admin
from django.utils.safestring import SafeString

from tutor.core.admin_json import json_block

from .mastery import Mastery
from .models import Attempt, ConceptProgress, DailyCount, Learner


@admin.register(Learner)
class LearnerAdmin(admin.ModelAdmin):
    list_display = ("__str__", "user", "created", "last_seen", "daily_goal", "remind")
    list_filter = (("user", admin.EmptyFieldListFilter), "last_seen")
    search_fields = ("=key", "user__username", "user__email")
    autocomplete_fields = ("user",)
    list_select_related = ("user",)
    readonly_fields = ("key", "created", "last_seen")
    show_full_result_count = False  # anonymous learners run to many thousands


@admin.register(ConceptProgress)
class ConceptProgressAdmin(admin.ModelAdmin):
    list_display = ("learner", "concept", "level", "answered", "right", "streak", "due")
    list_filter = ("mastery", "due")
    search_fields = ("concept", "=learner__key", "learner__user__username")
    raw_id_fields = ("learner",)
    exclude = ("card",)
    readonly_fields = ("card_json",)
    show_full_result_count = False

    @admin.display(description="card")
    def card_json(self, progress: ConceptProgress) -> SafeString:
        return json_block(progress.card)

    @admin.display(description="mastery", ordering="mastery")
    def level(self, progress: ConceptProgress) -> str:
        return Mastery(progress.mastery).name.lower()


@admin.register(Attempt)
class AttemptAdmin(admin.ModelAdmin):
    list_display = ("learner", "concept", "drill", "level", "correct", "source", "at")
    list_filter = ("source", "correct", "level", "at")
    search_fields = ("concept", "drill", "=learner__key", "learner__user__username")
    raw_id_fields = ("learner",)
    show_full_result_count = False


@admin.register(DailyCount)
class DailyCountAdmin(admin.ModelAdmin):
    list_display = ("learner", "day", "answered", "goal", "streak")
    list_filter = ("day",)
    search_fields = ("=learner__key", "learner__user__username")
    raw_id_fields = ("learner",)
    show_full_result_count = False
