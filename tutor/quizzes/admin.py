"""The operators' admin pages of quizzes: quizzes and their slots, the question bank, and
the sessions run with every participant and answer.

A session's questions and settings, a bank question and an answer's fields are what past
results are read from: they show read-only (``tutor/core/admin_json.py``). Every foreign
key is a raw id or an autocomplete box, so no page lists a table of thousands of rows.
"""

from __future__ import annotations

from django.contrib import admin
from django.utils.safestring import SafeString

from tutor.core.admin_json import json_block

from .models import OwnQuestion, Participant, Quiz, Response, Session, Slot, Tag, UsernameLook


class SlotInline(admin.TabularInline):
    model = Slot
    extra = 0
    raw_id_fields = ("own",)


@admin.register(Quiz)
class QuizAdmin(admin.ModelAdmin):
    list_display = ("title", "owner", "language", "feedback", "attempts", "updated")
    list_filter = ("feedback", "retry_points", "shuffle", "updated")
    search_fields = ("title", "owner__username", "owner__email")
    autocomplete_fields = ("owner",)
    list_select_related = ("owner",)
    readonly_fields = ("share_token", "created", "updated")
    inlines = (SlotInline,)


@admin.register(Slot)
class SlotAdmin(admin.ModelAdmin):
    list_display = ("quiz", "order", "kind", "drill", "level", "seed", "count", "points")
    list_filter = ("kind", "level")
    search_fields = ("quiz__title", "drill")
    raw_id_fields = ("quiz", "own")
    list_select_related = ("quiz",)


@admin.register(Tag)
class TagAdmin(admin.ModelAdmin):
    list_display = ("name", "owner")
    search_fields = ("name", "key", "owner__username")
    autocomplete_fields = ("owner",)
    list_select_related = ("owner",)


@admin.register(OwnQuestion)
class OwnQuestionAdmin(admin.ModelAdmin):
    list_display = ("__str__", "owner", "kind", "updated")
    list_filter = ("kind", "updated")
    search_fields = ("owner__username", "owner__email")
    autocomplete_fields = ("owner", "tags")
    list_select_related = ("owner",)
    exclude = ("data",)
    readonly_fields = ("data_json", "created", "updated")

    @admin.display(description="data")
    def data_json(self, question: OwnQuestion) -> SafeString:
        return json_block(question.data)


@admin.register(Session)
class SessionAdmin(admin.ModelAdmin):
    list_display = ("code", "quiz", "mode", "state", "current", "leaderboard", "created")
    list_filter = ("mode", "state", "leaderboard", "created")
    search_fields = ("=code", "quiz__title", "quiz__owner__username")
    raw_id_fields = ("quiz",)
    list_select_related = ("quiz",)
    exclude = ("questions", "settings")
    # Where a live session stands is the console's to change (it bumps ``version``, which
    # every student's poll follows); here it is only read.
    readonly_fields = (
        "state",
        "current",
        "question_started",
        "version",
        "created",
        "settings_json",
        "questions_json",
    )

    @admin.display(description="settings")
    def settings_json(self, session: Session) -> SafeString:
        return json_block(session.settings)

    @admin.display(description="questions")
    def questions_json(self, session: Session) -> SafeString:
        return json_block(session.questions)


@admin.register(Participant)
class ParticipantAdmin(admin.ModelAdmin):
    list_display = ("nickname", "session", "language", "joined", "removed")
    list_filter = ("removed", "language", "joined")
    search_fields = ("nickname", "=session__code")
    raw_id_fields = ("session",)
    list_select_related = ("session",)
    # A nickname is renamed on the console, which also recomputes the skeleton that keeps
    # two students' names from looking alike.
    readonly_fields = ("nickname", "skeleton", "capitals", "token", "join_key", "joined")
    show_full_result_count = False  # a count of every student ever is one more slow query


@admin.register(UsernameLook)
class UsernameLookAdmin(admin.ModelAdmin):
    """How each account's username looks (made at sign-up): read only, so two accounts'
    names never look alike."""

    list_display = ("user",)
    search_fields = ("user__username",)
    raw_id_fields = ("user",)
    readonly_fields = ("user", "skeleton", "capitals")


@admin.register(Response)
class ResponseAdmin(admin.ModelAdmin):
    list_display = ("participant", "session", "index", "correct", "points", "attempts", "answered")
    list_filter = ("correct", "answered")
    search_fields = ("participant__nickname", "=participant__session__code")
    raw_id_fields = ("participant",)
    list_select_related = ("participant__session",)
    exclude = ("answer", "history")
    readonly_fields = ("shown", "answer_json", "history_json")
    show_full_result_count = False

    @admin.display(description="answer")
    def answer_json(self, response: Response) -> SafeString:
        return json_block(response.answer)

    @admin.display(description="history")
    def history_json(self, response: Response) -> SafeString:
        return json_block(response.history)

    @admin.display(description="session", ordering="participant__session__code")
    def session(self, response: Response) -> str:
        return response.participant.session.code
