"""``report.html``: one self-contained page (inline CSS and SVG, no scripts, no network
assets), in Chinese, readable on a phone.

Post text is hostile input: every value goes through jinja2's autoescape (the template
never uses ``|safe``), links are only ever http(s) findpost links the records built, and
a Content-Security-Policy forbids scripts and remote loads even if something slipped
through.  Every value shown also has its bidi controls and invisible characters written
out (``<U+202E>``, :mod:`auditor.visible`), so a name cannot be disguised.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from contextlib import suppress
from typing import Any

from jinja2 import Environment, FileSystemBytecodeCache, PackageLoader, StrictUndefined
from jinja2.bccache import Bucket
from markupsafe import Markup, escape

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
    env.globals["elevator_rows"] = elevator_rows
    return env


def text(value: Any, finalize: bool = True) -> str:
    """One ``{{ value }}`` of the template as jinja2 writes it: :func:`show` (the report's
    ``finalize``; the desk has none), then autoescape."""
    if type(value) is int:  # a floor, a count: nothing to escape
        return str(value)
    return str(escape(show(value) if finalize else value))


def elevator_rows(rows: Sequence[Mapping[str, Any]], *, finalize: bool = True) -> Markup:
    """One day of the 电梯: each player's counted posts by thread, as the template wrote
    them with a loop per post (the same bytes; a loop of jinja2 per post was most of the
    report's rendering, issue 16).  Every value goes through :func:`show` (``finalize``
    False: not, as in the desk's environment) and escaping, as a ``{{ … }}`` does."""

    def _text(value: Any) -> str:
        return text(value, finalize)

    out: list[str] = []
    for e in rows:
        out.append(f"<div><b>{_text(e['player'])}</b>")
        if e["out"]:
            out.append("（出局）")
        out.append(f"（{_text(len(e['posts']))}）：")
        for t in e["threads"]:
            out.append(f'<span class="muted">{_text(t["thread"])}</span> ')
            for p in t["posts"]:
                floor = _text(p["floor"])
                if p["link"]:
                    link = _text(p["link"])
                    out.append(f'<a href="{link}" rel="noopener noreferrer">#{floor}</a> ')
                else:
                    out.append(f"#{floor} ")
        out.append("</div>")
    return Markup("".join(out))


def render_html(records: Records) -> str:
    """The static report: the desk's page without its buttons (``desk`` is None)."""
    return environment().get_template("report.html.j2").render(r=records, desk=None)
