"""The operators' admin pages of classes: classes with their rosters, the sessions run
for a class and the roster name each of their students picked. Foreign keys are raw ids
or autocomplete boxes, so no page lists every session or participant."""

from __future__ import annotations

from django.contrib import admin

from .models import Classroom, ClassSession, Member, NameClaim


class MemberInline(admin.TabularInline):
    model = Member
    extra = 0
    fields = ("name",)


@admin.register(Classroom)
class ClassroomAdmin(admin.ModelAdmin):
    list_display = ("name", "owner", "code", "created")
    list_filter = ("created",)
    search_fields = ("name", "=code", "owner__username", "owner__email")
    autocomplete_fields = ("owner",)
    list_select_related = ("owner",)
    readonly_fields = ("created",)
    inlines = (MemberInline,)


@admin.register(Member)
class MemberAdmin(admin.ModelAdmin):
    list_display = ("name", "classroom")
    search_fields = ("name", "classroom__name", "=classroom__code")
    raw_id_fields = ("classroom",)
    list_select_related = ("classroom",)
    readonly_fields = ("skeleton", "capitals")  # recomputed from the name on every save


@admin.register(ClassSession)
class ClassSessionAdmin(admin.ModelAdmin):
    list_display = ("classroom", "session")
    search_fields = ("classroom__name", "=classroom__code", "=session__code")
    raw_id_fields = ("classroom", "session")
    list_select_related = ("classroom", "session")


@admin.register(NameClaim)
class NameClaimAdmin(admin.ModelAdmin):
    list_display = ("member", "session", "participant")
    search_fields = ("member__name", "=session__code", "participant__nickname")
    raw_id_fields = ("member", "session", "participant")
    list_select_related = ("member", "session", "participant")
