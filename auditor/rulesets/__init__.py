"""The shipped rule-set presets: every ``<name>.toml`` in this folder is one.

Adding a preset is adding a file here; nothing else lists them.  A file whose name starts
with ``_`` is no preset (a base another preset may ``extends``).  The format and its
resolution (``extends``, citations, validation) are in :mod:`auditor.rules.ruleset`.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from importlib.resources.abc import Traversable

__all__ = ["NAMES", "listing", "names", "preset_file", "preset_files", "preset_text"]


def _folder(folder: Path | None = None) -> Traversable:
    if folder is not None:
        return folder
    here = Path(__file__).parent
    if here.is_dir():  # installed or checked out as files (importlib.resources gives the same)
        return here
    from importlib import resources  # a zipped install

    return resources.files(__name__)


def names(folder: Path | None = None) -> tuple[str, ...]:
    """Every preset in the folder (this package's unless told), by file name, in
    alphabetical order."""
    return tuple(
        sorted(
            f.name.removesuffix(".toml")
            for f in _folder(folder).iterdir()
            if f.is_file() and f.name.endswith(".toml") and not f.name.startswith("_")
        )
    )


NAMES: tuple[str, ...] = names()


def preset_file(name: str, folder: Path | None = None) -> Traversable:
    return _folder(folder).joinpath(f"{name}.toml")


def preset_text(name: str, folder: Path | None = None) -> str:
    """The preset's TOML text (``name`` may also be a ``_base`` file another extends)."""
    return preset_file(name, folder).read_text("utf-8")


def _title(name: str, folder: Path | None, seen: tuple[str, ...] = ()) -> str:
    """The preset's ``[ruleset] title`` (its parent's when it ``extends`` one and has none);
    "" when the file does not say or does not read (an error message is being written)."""
    import tomllib

    try:
        head = tomllib.loads(preset_text(name, folder)).get("ruleset", {})
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
        return ""
    title, parent = head.get("title"), head.get("extends")
    if isinstance(title, str) and title.strip():
        return title.strip()
    if isinstance(parent, str) and parent not in seen:
        return _title(parent, folder, (*seen, name))
    return ""


def listing(folder: Path | None = None) -> str:
    """The presets as an error message offers them, each with the title directors know it
    by: ``killbar7（版杀7 BT号船）、m107（M107 摩天大楼）…``."""
    return "、".join(
        f"{name}（{title}）" if (title := _title(name, folder)) else name for name in names(folder)
    )


def preset_files(folder: Path | None = None) -> list[Traversable]:
    """Every ``.toml`` file of the folder, presets and ``_`` bases alike, by name: what
    resolving any rule set may read."""
    return sorted(
        (f for f in _folder(folder).iterdir() if f.is_file() and f.name.endswith(".toml")),
        key=lambda f: f.name,
    )
