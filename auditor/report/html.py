"""``report.html``: one self-contained page (inline CSS and SVG, no scripts, no network
assets), in Chinese, readable on a phone.

Post text is hostile input: every value goes through jinja2's autoescape (the template
never uses ``|safe``), links are only ever http(s) findpost links the records built, and
a Content-Security-Policy forbids scripts and remote loads even if something slipped
through.  Every value shown also has its bidi controls and invisible characters written
out (``<U+202E>``, :mod:`auditor.visible`), so a name cannot be disguised.
"""

from __future__ import annotations

from typing import Any

from jinja2 import Environment, PackageLoader, StrictUndefined
from markupsafe import Markup

from auditor.ledger.policy import card_name
from auditor.report.records import Records
from auditor.visible import visible, visible_html


def show(value: Any) -> Any:
    """jinja2's ``finalize``: every ``{{ … }}`` of the report, before autoescape.  Markup
    (a macro's output, ``join`` of escaped names) is HTML already: its characters are
    written as HTML text."""
    if isinstance(value, Markup):
        return Markup(visible_html(str(value)))
    if isinstance(value, str):
        return visible(value)
    return value


def environment() -> Environment:
    env = Environment(
        loader=PackageLoader("auditor", "templates"),
        autoescape=True,
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        finalize=show,
    )
    env.filters["card_name"] = card_name
    return env


def render_html(records: Records) -> str:
    """The static report: the desk's page without its buttons (``desk`` is None)."""
    return environment().get_template("report.html.j2").render(r=records, desk=None)
