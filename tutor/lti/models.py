"""What the tool keeps of its platforms: its own signing keys, each registered platform
and its deployments, the link from a platform's resource link to a quiz session (with
the line item its grades go to), and each LMS student of a link with the participant they
are and whether their score reached the platform."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from tutor.quizzes.models import Participant, Session


class ToolKey(models.Model):
    """An RSA key of the tool's. The newest signs (deep links, service tokens); the JWKS
    lists every key not retired, so a platform that cached the older one still verifies
    during a rotation (``manage.py lti_keys rotate``)."""

    kid = models.CharField(max_length=100, unique=True)
    private_pem = models.TextField()
    public_pem = models.TextField()
    created = models.DateTimeField(auto_now_add=True)
    retired = models.BooleanField(default=False)

    class Meta:
        ordering = ["-created", "-id"]

    def __str__(self) -> str:
        return self.kid


class Platform(models.Model):
    """A registered LMS (an issuer and the client id it gave this tool). Each of its
    instructors is a tutor account of their own (``LmsTeacher``); ``owner`` is the
    account the operator answers about it (the admin contact)."""

    name = models.CharField(_("name"), max_length=120)
    issuer = models.CharField(_("issuer"), max_length=255)
    client_id = models.CharField(_("client ID"), max_length=255)
    auth_login_url = models.URLField(_("authentication request URL"), max_length=500)
    auth_token_url = models.URLField(_("access token URL"), max_length=500)
    auth_audience = models.CharField(_("access token audience"), max_length=500, blank=True)
    key_set_url = models.URLField(_("public keyset URL"), max_length=500)
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="lti_platforms"
    )
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name", "id"]
        constraints = [
            models.UniqueConstraint(fields=["issuer", "client_id"], name="one_platform_per_client")
        ]

    def __str__(self) -> str:
        return self.name


class Deployment(models.Model):
    """A deployment id the platform launches with (Moodle: one per tool it configures)."""

    platform = models.ForeignKey(Platform, on_delete=models.CASCADE, related_name="deployments")
    deployment_id = models.CharField(_("deployment ID"), max_length=255)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["platform", "deployment_id"], name="one_deployment_per_id"
            )
        ]

    def __str__(self) -> str:
        return self.deployment_id


class ResourceLink(models.Model):
    """A platform's link (an activity in a course) to a quiz session of the tool, and the
    AGS line item its scores go to (from the launch's endpoint claim)."""

    platform = models.ForeignKey(Platform, on_delete=models.CASCADE, related_name="links")
    resource_link_id = models.CharField(max_length=255)
    session = models.ForeignKey(Session, on_delete=models.CASCADE, related_name="lti_links")
    title = models.CharField(max_length=255, blank=True)
    #: The LMS context (course) the link was set up in: its instructors may open the
    #: session's console (empty: not known yet; the next launch that carries one sets it).
    context_id = models.CharField(max_length=255, blank=True)
    lineitem = models.URLField(max_length=500, blank=True)
    scopes = models.JSONField(default=list, blank=True)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["platform", "resource_link_id"], name="one_session_per_resource_link"
            )
        ]

    def __str__(self) -> str:
        return self.title or self.resource_link_id


class LmsStudent(models.Model):
    """A learner of a resource link, as the platform names them (``sub``, the name and
    e-mail claims), the participant they are in its session, and their score's way back."""

    link = models.ForeignKey(ResourceLink, on_delete=models.CASCADE, related_name="students")
    sub = models.CharField(max_length=255)
    participant = models.OneToOneField(
        Participant, on_delete=models.CASCADE, related_name="lms_student"
    )
    given_name = models.CharField(max_length=200, blank=True)
    family_name = models.CharField(max_length=200, blank=True)
    email = models.CharField(max_length=254, blank=True)
    username = models.CharField(max_length=200, blank=True)
    #: The last score the platform accepted (``None``: none yet), and when.
    sent_score = models.PositiveIntegerField(null=True, blank=True)
    sent_at = models.DateTimeField(null=True, blank=True)
    #: Why the last sending failed (empty: it did not); it is tried again.
    send_error = models.TextField(blank=True)
    #: A score to send that a request's time budget left for later (the grades page's
    #: button or ``manage.py lti_grades retry`` sends it).
    pending = models.BooleanField(default=False)

    class Meta:
        ordering = ["id"]
        constraints = [
            models.UniqueConstraint(fields=["link", "sub"], name="one_participant_per_lms_user")
        ]

    def __str__(self) -> str:
        return self.sub


class LmsTeacher(models.Model):
    """An instructor of a platform (its ``sub``) and the tutor account they are: made on
    their first launch, with an unusable password, so each teacher has their own quizzes
    and sessions (the platform's ``owner`` is only its admin contact)."""

    platform = models.ForeignKey(Platform, on_delete=models.CASCADE, related_name="teachers")
    sub = models.CharField(max_length=255)
    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="lms_teacher"
    )
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["platform", "sub"], name="one_account_per_lms_teacher")
        ]

    def __str__(self) -> str:
        return self.sub


class CoTeacher(models.Model):
    """An instructor who launched a resource link from its course (the same LMS context)
    without owning its session: they may open the session's console and grades."""

    link = models.ForeignKey(ResourceLink, on_delete=models.CASCADE, related_name="co_teachers")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="lti_co_teaching"
    )
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["link", "user"], name="one_co_teacher_per_link")
        ]

    def __str__(self) -> str:
        return f"{self.user} @ {self.link}"
