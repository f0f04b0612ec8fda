"""The operators' admin pages of the learning path's sittings and their answers. A
sitting's questions are written down whole when it starts, and an answer keeps what it
moved: both show read-only. The learner and the sitting are raw ids."""

from __future__ import annotations

from django.contrib import admin
from django.utils.safestring import SafeString

from tutor.core.admin_json import json_block

from .models import Sitting, SittingAnswer


@admin.register(Sitting)
class SittingAdmin(admin.ModelAdmin):
    list_display = ("__str__", "learner", "kind", "course", "unit", "position", "started")
    list_filter = ("kind", "passed", "started")
    search_fields = ("course", "unit", "=learner__key", "learner__user__username")
    raw_id_fields = ("learner",)
    exclude = ("questions",)
    readonly_fields = ("questions_json",)
    show_full_result_count = False

    @admin.display(description="questions")
    def questions_json(self, sitting: Sitting) -> SafeString:
        return json_block(sitting.questions)


@admin.register(SittingAnswer)
class SittingAnswerAdmin(admin.ModelAdmin):
    list_display = ("sitting", "index", "correct", "at")
    list_filter = ("correct", "at")
    search_fields = ("sitting__course", "sitting__unit")
    raw_id_fields = ("sitting",)
    list_select_related = ("sitting",)
    exclude = ("answer", "changes")
    readonly_fields = ("answer_json", "changes_json")
    show_full_result_count = False

    @admin.display(description="answer")
    def answer_json(self, answer: SittingAnswer) -> SafeString:
        return json_block(answer.answer)

    @admin.display(description="changes")
    def changes_json(self, answer: SittingAnswer) -> SafeString:
        return json_block(answer.changes)
