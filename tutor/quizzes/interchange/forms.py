"""The GIFT import form: the language the questions are in (or "find out from the
text"), the text pasted or a file, a tag for all of them and a quiz to add them to."""

from __future__ import annotations

from typing import Any

from django import forms
from django.conf import settings
from django.core.files.uploadedfile import UploadedFile
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tutor.core.locales import current_language, format_number, native_name

from ..bank_forms import MAX_TAG, clean_text, tag_name
from ..models import Quiz
from ..quotas import import_bytes
from .import_language import AUTO
from .importer import SourceError, checked, decode


class ImportForm(forms.Form):
    language = forms.ChoiceField(
        label=gettext_lazy("The questions are written in"),
        help_text=gettext_lazy(
            "Students in other languages read them in this one. A question that starts "
            "with a marker such as [lang:cs] is in that language, whatever is chosen here."
        ),
    )
    text = forms.CharField(
        label=gettext_lazy("GIFT text"),
        required=False,
        strip=False,
        widget=forms.Textarea(attrs={"rows": 12, "spellcheck": "false", "dir": "auto"}),
    )
    file = forms.FileField(
        label=gettext_lazy("Or a GIFT file"),
        required=False,
        widget=forms.ClearableFileInput(attrs={"accept": ".txt,.gift,text/plain"}),
    )
    tag = forms.CharField(
        label=gettext_lazy("A tag for every imported question"),
        required=False,
        max_length=200,
        help_text=gettext_lazy("Optional. A $CATEGORY line of the text becomes a tag too."),
    )
    quiz = forms.TypedChoiceField(
        label=gettext_lazy("Also add them to a quiz"),
        required=False,
        coerce=int,
        empty_value=None,
    )

    def __init__(self, *args: Any, quizzes: list[Quiz], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        language, quiz = self.fields["language"], self.fields["quiz"]
        assert isinstance(language, forms.ChoiceField) and isinstance(quiz, forms.ChoiceField)
        language.choices = [(AUTO, _("Find out from the text"))] + [
            (c, native_name(c)) for c, _n in settings.LANGUAGES
        ]
        language.initial = AUTO
        quiz.choices = [("", _("No quiz: only the bank"))] + [(q.pk, q.title) for q in quizzes]
        size = format_number(import_bytes() // 1024, current_language())
        self.fields["file"].help_text = _("A text file saved as UTF-8, at most %(size)s KB.") % {
            "size": size
        }

    def clean_tag(self) -> str:
        name = clean_text(self.cleaned_data.get("tag") or "", 200, lines=False)
        if len(name) > MAX_TAG:  # said, not cut as tag_name would
            raise forms.ValidationError(
                _("Keep it to %(limit)s characters at most.") % {"limit": MAX_TAG}
            )
        return tag_name(name)

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        upload = data.get("file")
        try:
            if isinstance(upload, UploadedFile):
                data["source"] = decode(upload.read(import_bytes() + 1))
            else:
                data["source"] = checked(data.get("text") or "")
        except SourceError as error:
            self.add_error("file" if upload else "text", error.message)
            return data
        if not data["source"].strip():
            self.add_error("text", _("Paste GIFT text here or choose a file."))
        return data
