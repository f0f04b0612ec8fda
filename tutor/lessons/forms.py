"""The progress page's form for the address reminders go to."""

from __future__ import annotations

from django import forms
from django.contrib.auth.base_user import BaseUserManager
from django.utils.translation import gettext_lazy as _

#: The longest address the user table keeps (RFC 5321's limit on a path).
ADDRESS_LENGTH = 254
WRONG_ADDRESS = _("Enter an e-mail address such as name@example.org.")


class AddressForm(forms.Form):
    """An e-mail address, trimmed, its domain in small letters (as Django keeps them)."""

    email = forms.EmailField(
        label=_("E-mail address"),
        max_length=ADDRESS_LENGTH,
        error_messages={
            "invalid": WRONG_ADDRESS,
            "required": WRONG_ADDRESS,
            "max_length": WRONG_ADDRESS,
        },
    )

    def clean_email(self) -> str:
        return BaseUserManager.normalize_email(self.cleaned_data["email"].strip())
