"""Locate and load the real Discuz! captures in ``shared/discuz`` (read in place, never copied).

The folder sits next to the repository (``<repo>/../shared/discuz``); set
``AUDITOR_DISCUZ_DIR`` to point elsewhere.  A missing folder is an error, not a skip:
the parser tests are worthless without the real pages.  ``AUDITOR_ALLOW_NO_DISCUZ=1``
turns that error into a skip for machines that cannot have the data.

Editions are folder names relative to the root: ``x35-utf8``, ``x35-gbk``,
``x35-edge`` and ``x35-edge/gbk``.

Also here: :func:`bbcode_to_text`, the reference used to check a parser's own text
against the manifest's stored BBCode.
"""

from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass
from datetime import datetime
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from auditor.models import FetchedPage

EDITIONS = ("x35-utf8", "x35-gbk", "x35-edge", "x35-edge/gbk")
UTF8_EDITIONS = ("x35-utf8", "x35-edge")
GBK_EDITIONS = ("x35-gbk", "x35-edge/gbk")


def _discuz_dir() -> Path:
    env = os.environ.get("AUDITOR_DISCUZ_DIR")
    if env:
        return Path(env).resolve()
    return Path(__file__).resolve().parents[1].parent / "shared" / "discuz"


DISCUZ_DIR = _discuz_dir()


def require_discuz_dir() -> Path:
    """Return the captures folder, or fail loudly (skip only with AUDITOR_ALLOW_NO_DISCUZ=1)."""
    if (DISCUZ_DIR / "x35-utf8" / "manifest.json").is_file():
        return DISCUZ_DIR
    msg = (
        f"Discuz! captures not found at {DISCUZ_DIR}. They live in ../shared/discuz next to "
        "the repository; set AUDITOR_DISCUZ_DIR to their folder "
        "(or AUDITOR_ALLOW_NO_DISCUZ=1 to skip these tests)."
    )
    if os.environ.get("AUDITOR_ALLOW_NO_DISCUZ") == "1":
        pytest.skip(msg)
    raise FileNotFoundError(msg)


@dataclass(frozen=True)
class Capture:
    """One saved response, as described by a ``captures.json`` record."""

    edition: str
    file: str
    url: str
    status: int
    content_type: str | None
    location: str | None
    viewer: str
    captured_at: datetime
    note: str
    record: dict[str, Any]

    @property
    def path(self) -> Path:
        return capture_path(self.edition, self.file)

    @property
    def is_api(self) -> bool:
        return "api/mobile/" in self.url

    def body(self) -> bytes:
        return self.path.read_bytes()

    def fetched(self) -> FetchedPage:
        """The capture as the crawler would hand it to the parser."""
        return FetchedPage(
            url=self.url,
            status=self.status,
            body=self.body(),
            content_type=self.content_type,
            date_header=self.captured_at,
            fetched_at=self.captured_at,
            location=self.location,
        )


def capture_path(edition: str, file: str) -> Path:
    return require_discuz_dir() / edition / file


@cache
def load_manifest(edition: str) -> dict[str, Any]:
    """The edition's ``manifest.json`` (ground truth dumped from the forum's database)."""
    with (require_discuz_dir() / edition / "manifest.json").open(encoding="utf-8") as fh:
        return json.load(fh)


def manifest_posts(edition: str) -> dict[int, dict[str, Any]]:
    """Manifest posts keyed by pid."""
    return {p["pid"]: p for p in load_manifest(edition)["posts"]}


@cache
def load_captures(edition: str) -> tuple[Capture, ...]:
    """Every capture of an edition (``captures.json`` plus ``rewrite/captures.json``)."""
    root = require_discuz_dir() / edition
    records: list[dict[str, Any]] = []
    for name in ("captures.json", "rewrite/captures.json"):
        p = root / name
        if p.is_file():
            records.extend(json.loads(p.read_text(encoding="utf-8")))
    return tuple(
        Capture(
            edition=edition,
            file=r["file"],
            url=r["url"],
            status=int(r["http_status"]),
            content_type=r.get("content_type"),
            location=r.get("location"),
            viewer=r.get("viewer", "guest"),
            captured_at=datetime.fromisoformat(r["captured_at"]),
            note=r.get("note", ""),
            record=r,
        )
        for r in records
    )


def find_capture(edition: str, file: str) -> Capture:
    for c in load_captures(edition):
        if c.file == file:
            return c
    raise KeyError(f"{edition}/{file} is not in captures.json")


# --- reference BBCode -> own text -------------------------------------------------

_WS = re.compile(r"\s+")
_QUOTE = re.compile(r"\[quote\].*?\[/quote\]", re.S)
_EDIT = re.compile(r"\[i=s\].*?\[/i\]", re.S)
_IMG = re.compile(r"\[img(?:=[^\]]*)?\].*?\[/img\]", re.S)
_HIDE = re.compile(r"\[hide(?:=[^\]]*)?\](.*?)\[/hide\]", re.S)
_URL_BARE = re.compile(r"\[url\](.*?)\[/url\]", re.S)
_ATTACH = re.compile(r"\[attach\](\d+)\[/attach\]")
_TAG = re.compile(r"\[/?(?:b|i|u|s|color|size|font|url|align|p|backcolor)(?:=[^\]]*)?\]")


def normalise_ws(text: str) -> str:
    return _WS.sub(" ", text).strip()


def bbcode_to_text(
    message: str,
    *,
    hide_visible: bool = True,
    image_aids: frozenset[int] | set[int] = frozenset(),
    attachments_visible: bool = True,
) -> str:
    """The own text a parser should find for a stored BBCode message.

    Quotes become a line break, the edit notice ``[i=s]…[/i]`` goes, ``[img]`` is
    ``[图片]``, ``[hide]`` keeps its text only when the viewer may read it, an inline
    ``[attach]`` is ``[图片]`` for an image the viewer can see and nothing otherwise,
    other tags are dropped (link text kept); smiley codes stay.  Whitespace is
    collapsed to single spaces.
    """
    text = _EDIT.sub("", message)
    text = _QUOTE.sub("\n", text)
    text = _HIDE.sub((lambda m: m.group(1)) if hide_visible else "", text)
    text = _IMG.sub("[图片]", text)

    def attach(m: re.Match[str]) -> str:
        aid = int(m.group(1))
        return "[图片]" if attachments_visible and aid in image_aids else ""

    text = _ATTACH.sub(attach, text)
    text = _URL_BARE.sub(lambda m: m.group(1), text)
    text = _TAG.sub("", text)
    return normalise_ws(text)
