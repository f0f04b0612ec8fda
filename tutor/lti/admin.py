"""The operators' admin: registering a platform (issuer, client id, its URLs, the owner
as its admin contact) with its deployments; the tool's keys, read only."""

from django.contrib import admin

from .models import CoTeacher, Deployment, LmsStudent, LmsTeacher, Platform, ResourceLink, ToolKey


class DeploymentInline(admin.TabularInline):
    model = Deployment
    extra = 1


@admin.register(Platform)
class PlatformAdmin(admin.ModelAdmin):
    list_display = ["name", "issuer", "client_id", "owner"]
    search_fields = ["name", "issuer", "client_id"]
    raw_id_fields = ["owner"]
    inlines = [DeploymentInline]


@admin.register(ResourceLink)
class ResourceLinkAdmin(admin.ModelAdmin):
    list_display = ["resource_link_id", "title", "context_id", "platform", "session"]
    raw_id_fields = ["session"]


@admin.register(LmsTeacher)
class LmsTeacherAdmin(admin.ModelAdmin):
    list_display = ["sub", "user", "platform", "created"]
    search_fields = ["sub", "user__username"]
    raw_id_fields = ["user"]


@admin.register(CoTeacher)
class CoTeacherAdmin(admin.ModelAdmin):
    list_display = ["user", "link", "created"]
    raw_id_fields = ["user", "link"]


@admin.register(LmsStudent)
class LmsStudentAdmin(admin.ModelAdmin):
    list_display = ["sub", "participant", "sent_score", "sent_at", "send_error"]
    raw_id_fields = ["participant", "link"]


@admin.register(ToolKey)
class ToolKeyAdmin(admin.ModelAdmin):
    list_display = ["kid", "created", "retired"]
    fields = ["kid", "public_pem", "created", "retired"]
    readonly_fields = ["kid", "public_pem", "created"]

    def has_add_permission(self, request: object) -> bool:  # keys come from lti_keys
        return False
