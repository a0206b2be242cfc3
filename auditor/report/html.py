"""``report.html``: one self-contained page (inline CSS and SVG, no network assets), in
Chinese, readable on a phone.  Its one script is :data:`COPY_SCRIPT` (the drafts' 复制
buttons, hidden until it runs: without it the texts are read and selected as they are).

Post text is hostile input: every value goes through jinja2's autoescape (the template
never uses ``|safe``), links are only ever http(s) findpost links the records built, and
a Content-Security-Policy forbids every script but that one (by its hash) and remote
loads even if something slipped through.  Every value shown also has its bidi controls and invisible characters written
out (``<U+202E>``, :mod:`auditor.visible`), so a name cannot be disguised.
"""

from __future__ import annotations

import base64
import hashlib
import os
import time
from collections.abc import Mapping, Sequence
from contextlib import suppress
from pathlib import Path
from types import CodeType
from typing import Any

from jinja2 import Environment, FileSystemBytecodeCache, PackageLoader, StrictUndefined
from jinja2.bccache import Bucket
from markupsafe import Markup, escape

from auditor import __version__
from auditor.files import cache_dir, write_atomic
from auditor.ledger.policy import card_name
from auditor.report.labels import cited, number
from auditor.report.records import Records
from auditor.report.words import director_words
from auditor.visible import HIDDEN, visible, visible_html


class Exact(Markup):
    """HTML written as it is, its hidden characters kept (:func:`exact`)."""

    __slots__ = ()


def exact(value: Any) -> Markup:
    """The ``exact`` filter: ``value`` escaped but not made visible, for a form field the
    server reads back (a player's name with a bidi control is still that name: shown as
    ``<U+202E>`` in the page's text, sent back as it is)."""
    return Exact(escape(value))


def show(value: Any) -> Any:
    """jinja2's ``finalize``: every ``{{ … }}`` of the report and the desk, before
    autoescape.  Markup (a macro's output, ``join`` of escaped names) is HTML already: its
    characters are written as HTML text; :func:`exact`'s is left as it is."""
    if isinstance(value, Exact):
        return value
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
    return with_helpers(env)


def with_helpers(env: Environment) -> Environment:
    """``env`` with the filters and functions report.html.j2 uses (the desk renders it too)."""
    env.filters["card_name"] = card_name
    env.filters["exact"] = exact
    env.filters["number"] = number  # a weight of 2.0 reads 2, 1.5 stays
    env.filters["director_words"] = director_words
    env.filters["cited"] = cited
    env.globals["elevator_rows"] = elevator_rows
    return env


def text(value: object) -> str:
    """One ``{{ value }}`` of the template as jinja2 writes it: :func:`show` (the
    ``finalize``), then autoescape."""
    if type(value) is int:  # a floor, a count: nothing to escape
        return str(value)
    return str(escape(show(value)))


def elevator_rows(rows: Sequence[Mapping[str, Any]]) -> Markup:
    """One day of the 电梯: each player's counted posts by thread, as the template wrote
    them with a loop per post (the same bytes; a loop of jinja2 per post was most of the
    report's rendering, issue 16).  Every value goes through :func:`show` and escaping, as
    a ``{{ … }}`` does.

    A day with a ``key`` (:class:`~auditor.report.activity.ElevatorDay`) is read from
    the cache folder when it was written before from the same rows by the same code
    (its rows are then never built); else written there."""
    key = getattr(rows, "key", None)
    name = f"{key}-{_RENDER_DIGEST}.html" if key else None
    if name is not None and name in _IN_MEMORY:  # (a desk renders the same days again and
        return Exact(_IN_MEMORY[name])  # again: one read of each from the folder)
    folder = cache_dir() / "elevator"
    html = None
    if name is not None:
        with suppress(OSError, UnicodeDecodeError):
            html = (folder / name).read_text("utf-8")
            with suppress(OSError):
                os.utime(folder / name)  # in use: kept by the pruning below
    if html is None:
        html = _elevator_html(rows)
        if name is not None:
            _keep_fragment(folder, name, html)
    if name is not None:
        if len(_IN_MEMORY) >= _IN_MEMORY_DAYS:
            _IN_MEMORY.clear()
        _IN_MEMORY[name] = html
    return Exact(html)  # (its values made visible and escaped already: not scanned again)


_IN_MEMORY: dict[str, str] = {}  # name -> a day's HTML, as in the cache folder
_IN_MEMORY_DAYS = 256


def _keep_fragment(folder: Path, name: str, html: str) -> None:
    """Write one rendered day into the cache (atomically; a folder that cannot be written
    only means rendering again), and remove the days no report used for a month."""
    with suppress(OSError):
        folder.mkdir(parents=True, exist_ok=True)
        write_atomic(folder / name, html)
        old = time.time() - _FRAGMENT_DAYS * 86400
        for entry in os.scandir(folder):
            with suppress(OSError):
                if entry.name.endswith(".html") and entry.stat().st_mtime < old:
                    os.unlink(entry.path)


_FRAGMENT_DAYS = 30


def _elevator_html(rows: Sequence[Mapping[str, Any]]) -> str:
    _text = text
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
    return "".join(out)


def _code_digest(*functions: Any) -> str:
    """What the rendering code is: a cached day written by other code is not read."""
    h = hashlib.sha256()

    def add(code: CodeType) -> None:
        h.update(code.co_code)
        h.update(repr(code.co_names).encode())
        for const in code.co_consts:  # a nested function's code: its own bytes, not its id
            if isinstance(const, CodeType):
                add(const)
            else:
                h.update(repr(const).encode())

    for f in functions:
        add(f.__code__)
    h.update(f"{__version__}|{HIDDEN}".encode())  # and the characters written out
    return h.hexdigest()[:16]


_RENDER_DIGEST = _code_digest(_elevator_html, text, show, visible, visible_html)


# The drafts' copy buttons: shown by the script itself, so a page read without scripts has
# no button that does nothing.  ASCII only (已复制 escaped): the hash is of these bytes.
COPY_SCRIPT = (
    'document.querySelectorAll("button.copy").forEach(function (b) {'
    " var t = document.getElementById(b.dataset.target); if (!t) return; b.hidden = false;"
    ' b.addEventListener("click", function () {'
    ' function done() { b.textContent = "\u5df2\u590d\u5236"; }'
    " t.select(); if (navigator.clipboard && window.isSecureContext) {"
    " navigator.clipboard.writeText(t.value).then(done, function () {"
    ' document.execCommand("copy"); done(); }); }'
    ' else { document.execCommand("copy"); done(); } }); });'
)
COPY_SCRIPT_HASH = (
    "sha256-" + base64.b64encode(hashlib.sha256(COPY_SCRIPT.encode()).digest()).decode()
)


def render_html(records: Records, posts: object) -> str:
    """The static report: the desk's page without its forms (``desk`` is None), with the
    director's drafts (``posts``: :class:`auditor.report.drafts.Posts`)."""
    return (
        environment()
        .get_template("report.html.j2")
        .render(
            r=records,
            desk=None,
            posts=posts,
            copy_script=Markup(COPY_SCRIPT),
            copy_script_hash=COPY_SCRIPT_HASH,
        )
    )
