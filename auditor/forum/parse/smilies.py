"""Discuz! X default smilies: image file → the code a poster types.

The table is the one a stock X3.5 install creates (``pre_common_smiley``, type
``default``); ``smilieid`` is its ``id``.  The manifests confirm ``:lol``,
``:victory:`` and ``:curse:`` (12, 20 and 15).
"""

from __future__ import annotations

# (id, code, file name)
DEFAULT_SMILIES: tuple[tuple[int, str, str], ...] = (
    (1, ":)", "smile.gif"),
    (2, ":(", "sad.gif"),
    (3, ":D", "biggrin.gif"),
    (4, ":'(", "cry.gif"),
    (5, ":@", "huffy.gif"),
    (6, ":o", "shocked.gif"),
    (7, ":P", "tongue.gif"),
    (8, ":$", "shy.gif"),
    (9, ";P", "titter.gif"),
    (10, ":L", "sweat.gif"),
    (11, ":Q", "mad.gif"),
    (12, ":lol", "lol.gif"),
    (13, ":loveliness:", "loveliness.gif"),
    (14, ":funk:", "funk.gif"),
    (15, ":curse:", "curse.gif"),
    (16, ":dizzy:", "dizzy.gif"),
    (17, ":shutup:", "shutup.gif"),
    (18, ":sleepy:", "sleepy.gif"),
    (19, ":hug:", "hug.gif"),
    (20, ":victory:", "victory.gif"),
    (21, ":time:", "time.gif"),
    (22, ":kiss:", "kiss.gif"),
    (23, ":handshake", "handshake.gif"),
    (24, ":call:", "call.gif"),
)

CODE_BY_FILE = {name: code for _, code, name in DEFAULT_SMILIES}
CODE_BY_ID = {str(sid): code for sid, code, _ in DEFAULT_SMILIES}

_SMILEY_DIR = "/smiley/"


def smiley_code(src: str, smilieid: str | None = None) -> str | None:
    """The code for a smiley ``<img>``, or None when the image is not a smiley.

    Smilies of other sets (not ``default``) come back as ``{:DIR_FILE:}``, stable but
    not the poster's code, which the page does not show.
    """
    if _SMILEY_DIR not in src and smilieid is None:
        return None
    path = src.split("?", 1)[0]
    directory, _, name = path.rpartition("/")
    set_name = directory.rpartition("/")[2]
    if set_name == "default" and name in CODE_BY_FILE:
        return CODE_BY_FILE[name]
    if _SMILEY_DIR not in src:  # e.g. a CDN path: trust the id of the default set
        return CODE_BY_ID.get(smilieid or "")
    stem = name.rsplit(".", 1)[0]
    return f"{{:{set_name}_{stem}:}}"
