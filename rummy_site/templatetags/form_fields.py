"""``{% field_input field %}``: a form field's input as ``_form_fields.html`` draws it,
with the keyboard's place on a refused form.

A form drawn again with its errors opens with the focus on its first field in error,
whose description (``aria-describedby``, set by Django) carries the error, so that a
screen reader reads it out at once: an error in a ``role=alert`` already on the page
when it loads is seldom announced (the accessibility walk: the join page left the focus
on the page's body, the sign-up form on Username, above a password error). The
``autofocus`` attribute does it without JavaScript; any other field that asks for the
focus (Django's login and sign-up forms put it on Username) gives it up. A form refused
as a whole (errors of no field: a wrong login, a class not taking pupils) opens on its
first field, described by those errors as well.

A form that posts to an address with a fragment (``action="...#anchor"``, so that a long
page comes back at the form) names that fragment in the include (``form_anchor``): a
browser skips autofocus on a page opened at a fragment, but focuses the element the
fragment names when it can take the focus. Refused, the field it opens on takes that id
(its label follows), so the focus lands there with or without JavaScript.
"""

from __future__ import annotations

from django import forms, template
from django.forms.boundfield import BoundField
from django.utils.safestring import SafeString

register = template.Library()


def _focused(form: forms.BaseForm) -> BoundField | None:
    """The field a refused form opens on (``None``: the form has no errors)."""
    if not form.errors:
        return None
    fields = form.visible_fields()
    return next((f for f in fields if f.errors), fields[0] if fields else None)


@register.simple_tag
def non_field_errors_id(form: forms.BaseForm) -> str:
    """The id of the box of a form's errors of no field: named after its first field, so
    that two forms on one page have two."""
    fields = form.visible_fields()
    return f"{fields[0].auto_id or fields[0].html_name}_form_error" if fields else "form_error"


@register.simple_tag
def anchor_refused(form: forms.BaseForm, anchor: str) -> str:
    """Give the field a refused ``form`` opens on the id ``anchor`` (the fragment its
    form posts to); its label's ``for``, drawn from the widget's id, follows. Its
    description keeps the ids of its help and error (``auto_id``). Draws nothing."""
    focused = _focused(form)
    if anchor and focused is not None:
        focused.field.widget.attrs["id"] = anchor
    return ""


@register.simple_tag
def field_input(field: BoundField) -> SafeString:
    focused = _focused(field.form)
    attrs: dict[str, bool | str] = {}
    if focused is not None:
        attrs["autofocus"] = field.name == focused.name
        if attrs["autofocus"] and not field.errors and field.form.non_field_errors():
            own = field.aria_describedby or field.field.widget.attrs.get("aria-describedby")
            attrs["aria-describedby"] = " ".join(
                part for part in (non_field_errors_id(field.form), own) if part
            )
    drawn = field.as_widget(attrs=attrs)
    if field.field.show_hidden_initial:
        drawn += field.as_hidden(only_initial=True)
    return drawn
