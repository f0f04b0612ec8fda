"""The account's deletion asks for its password: a session left open on a shared school
computer must not be enough to delete a teacher's classes and results. An account that has
no password (a teacher who signs in only through Moodle or Canvas, ``tutor/lti``) types its
username instead, so that one click on a page left open is still not enough."""

from __future__ import annotations

import unicodedata
from typing import TYPE_CHECKING, Any

from django import forms
from django.utils.translation import gettext_lazy as _

if TYPE_CHECKING:
    from django.contrib.auth.models import User


def _folded(text: str) -> str:
    return unicodedata.normalize("NFKC", text).strip().casefold()


class DeleteAccountForm(forms.Form):
    password = forms.CharField(
        label=_("Your password"),
        strip=False,
        widget=forms.PasswordInput(attrs={"autocomplete": "current-password"}),
    )

    def __init__(self, *args: Any, user: User, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.user = user
        if not user.has_usable_password():
            del self.fields["password"]
            self.fields["confirm"] = forms.CharField(
                label=_("Type the account's username to confirm"),
                help_text=user.get_username(),
                widget=forms.TextInput(attrs={"autocomplete": "off", "spellcheck": "false"}),
            )

    def clean_password(self) -> str:
        password: str = self.cleaned_data["password"]
        if not self.user.check_password(password):
            raise forms.ValidationError(_("That is not your password."), code="wrong")
        return password

    def clean_confirm(self) -> str:
        typed: str = self.cleaned_data["confirm"]
        if _folded(typed) != _folded(self.user.get_username()):
            raise forms.ValidationError(_("That is not this account's username."), code="wrong")
        return typed
