"""Django's own messages that the site shows (the sign-up, log-in and password forms and
their validation errors) and that Django's Bengali and Hindi catalogs leave untranslated
or carry under an older spelling (straight apostrophes).

Listing them here puts them into the project's catalogs, which Django consults before its
own (``LOCALE_PATHS``), so every language shows a complete, native form. The strings must
stay identical to Django's source; this module is only read by ``makemessages``.
"""

from django.utils.translation import gettext_noop, ngettext_lazy

MESSAGES = [
    # The month names of dates ("24 November 2026"): Django's Hindi catalog misspells
    # some (नवमबर for नवंबर); the project's catalogs give each language's own.
    gettext_noop("January"),
    gettext_noop("February"),
    gettext_noop("March"),
    gettext_noop("April"),
    gettext_noop("May"),
    gettext_noop("June"),
    gettext_noop("July"),
    gettext_noop("August"),
    gettext_noop("September"),
    gettext_noop("October"),
    gettext_noop("November"),
    gettext_noop("December"),
    # Field labels and messages whose Django translations are missing or uneven in some
    # languages: the project's own wording keeps one term per language.
    gettext_noop("Username"),
    gettext_noop("username"),
    gettext_noop("email address"),
    gettext_noop("Password"),
    gettext_noop("Password confirmation"),
    gettext_noop("New password"),
    gettext_noop("New password confirmation"),
    gettext_noop("Old password"),
    gettext_noop("Your old password was entered incorrectly. Please enter it again."),
    gettext_noop("This field is required."),
    gettext_noop("Select a valid choice. %(value)s is not one of the available choices."),
    gettext_noop("Enter a valid email address."),
    gettext_noop("Enter the same password as before, for verification."),
    gettext_noop(
        "Please enter a correct %(username)s and password. Note that both fields may be case-sensitive."
    ),
    gettext_noop("Email"),
    gettext_noop("Required. 150 characters or fewer. Letters, digits and @/./+/-/_ only."),
    gettext_noop("The two password fields didn’t match."),
    ngettext_lazy(
        "This password is too short. It must contain at least %d character.",
        "This password is too short. It must contain at least %d characters.",
        1,
    ),
    ngettext_lazy(
        "Your password must contain at least %(min_length)d character.",
        "Your password must contain at least %(min_length)d characters.",
        1,
    ),
    gettext_noop("The password is too similar to the %(verbose_name)s."),
    gettext_noop("Your password can’t be too similar to your other personal information."),
    gettext_noop("This password is too common."),
    gettext_noop("Your password can’t be a commonly used password."),
    gettext_noop("This password is entirely numeric."),
    gettext_noop("Your password can’t be entirely numeric."),
    gettext_noop(
        "Enter a valid username. This value may contain only letters, numbers, and @/./+/-/_ characters."
    ),
    gettext_noop("Password reset sent"),
    gettext_noop("Password reset"),
    gettext_noop("Enter new password"),
    gettext_noop("Password reset unsuccessful"),
    gettext_noop("Password reset complete"),
    gettext_noop("Password change"),
    gettext_noop("Password change successful"),
    ngettext_lazy(
        "Ensure this value has at most %(limit_value)d character (it has %(show_value)d).",
        "Ensure this value has at most %(limit_value)d characters (it has %(show_value)d).",
        1,
    ),
]
