"""The operators' admin: registering a platform (issuer, client id, its URLs, the owner
whose quizzes its instructors pick from) with its deployments; the tool's keys, read only."""

from django.contrib import admin

from .models import Deployment, LmsStudent, Platform, ResourceLink, ToolKey


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
    list_display = ["resource_link_id", "title", "platform", "session"]
    raw_id_fields = ["session"]


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
