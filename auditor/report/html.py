"""``report.html``: one self-contained page (inline CSS and SVG, no scripts, no network
assets), in Chinese, readable on a phone.

Post text is hostile input: every value goes through jinja2's autoescape (the template
never uses ``|safe``), links are only ever http(s) findpost links the records built, and
a Content-Security-Policy forbids scripts and remote loads even if something slipped
through.  Every value shown also has its bidi controls and invisible characters written
out (``<U+202E>``, :mod:`auditor.visible`), so a name cannot be disguised.
"""

from __future__ import annotations

from contextlib import suppress
from typing import Any

from jinja2 import Environment, FileSystemBytecodeCache, PackageLoader, StrictUndefined
from jinja2.bccache import Bucket
from markupsafe import Markup

from auditor.files import cache_dir
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


class _TemplateCache(FileSystemBytecodeCache):
    """The templates compiled once, kept in the cache folder (compiling report.html.j2
    costs a nightly run about 0.3 CPU s).  jinja2 keys each by the template's source, so an
    edited template is compiled afresh; a folder that cannot be written, or a damaged
    file, only means compiling again."""

    def load_bytecode(self, bucket: Bucket) -> None:
        try:
            super().load_bytecode(bucket)
        except (OSError, ValueError, EOFError, TypeError):
            bucket.reset()

    def dump_bytecode(self, bucket: Bucket) -> None:
        with suppress(OSError):
            super().dump_bytecode(bucket)


def _template_cache() -> FileSystemBytecodeCache | None:
    folder = cache_dir() / "templates"
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError:
        return None
    return _TemplateCache(str(folder))


def environment() -> Environment:
    env = Environment(
        loader=PackageLoader("auditor", "templates"),
        bytecode_cache=_template_cache(),
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
