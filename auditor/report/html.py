"""``report.html``: one self-contained page (inline CSS and SVG, no scripts, no network
assets), in Chinese, readable on a phone.

Post text is hostile input: every value goes through jinja2's autoescape (the template
never uses ``|safe``), links are only ever http(s) findpost links the records built, and
a Content-Security-Policy forbids scripts and remote loads even if something slipped
through.
"""

from __future__ import annotations

from jinja2 import Environment, PackageLoader, StrictUndefined

from auditor.ledger.policy import card_name
from auditor.report.records import Records


def environment() -> Environment:
    env = Environment(
        loader=PackageLoader("auditor", "templates"),
        autoescape=True,
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.filters["card_name"] = card_name
    return env


def render_html(records: Records) -> str:
    """The static report: the desk's page without its buttons (``desk`` is None)."""
    return environment().get_template("report.html.j2").render(r=records, desk=None)
