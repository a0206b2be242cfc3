"""Who is signed in, kept on the server: the desk's cookie carries only a random session id.

A signed cookie alone (the desk's first sessions) cannot be taken back: a copy made before
a logout kept deciding until it expired.  Here the cookie names an entry of
:class:`Sessions`, which a logout removes; each entry also remembers which password the
director signed in under (a digest of the stored hash, or none for a one-time link), and
the desk compares it with the game's store on every request, so setting a new password
(``auditor serve --set-password``, another process) ends that director's sessions at once.

The map lives in the desk's memory, on purpose: a restart ends every session (the cookie's
signing key is new on each start too, and new one-time links are printed), and nothing
that signs a director in is written to disk or to the game's store.
"""

from __future__ import annotations

import hashlib
import secrets
import threading
import time
from dataclasses import dataclass


def password_mark(stored_hash: str | None) -> str:
    """What a session remembers of the password it was opened under ("" for none)."""
    if not stored_hash:
        return ""
    return hashlib.sha256(stored_hash.encode("utf-8")).hexdigest()[:32]


@dataclass(frozen=True, slots=True)
class Grant:
    director: str
    at: float  # time.time() at sign-in
    password: str  # password_mark of the hash at sign-in


class Sessions:
    """Session id → the games it is signed in to (slug → :class:`Grant`)."""

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self._by_id: dict[str, dict[str, Grant]] = {}
        self._lock = threading.Lock()

    def sign_in(self, sid: str | None, slug: str, director: str, password: str) -> str:
        """A new session id (never the old one: a session fixed before sign-in stays
        out), carrying the old session's other games."""
        new = secrets.token_urlsafe(32)
        now = time.time()
        with self._lock:
            self._purge(now)
            grants = dict(self._by_id.pop(sid, {})) if sid else {}
            grants[slug] = Grant(director, now, password)
            self._by_id[new] = grants
        return new

    def grant(self, sid: str | None, slug: str) -> Grant | None:
        if not sid:
            return None
        with self._lock:
            g = self._by_id.get(sid, {}).get(slug)
            if g is not None and time.time() - g.at > self.seconds:
                self._drop(sid, slug)
                return None
            return g

    def sign_out(self, sid: str | None, slug: str) -> None:
        if sid:
            with self._lock:
                self._drop(sid, slug)

    def _drop(self, sid: str, slug: str) -> None:
        grants = self._by_id.get(sid)
        if grants is not None:
            grants.pop(slug, None)
            if not grants:
                del self._by_id[sid]

    def _purge(self, now: float) -> None:
        for sid in list(self._by_id):
            for slug, g in list(self._by_id[sid].items()):
                if now - g.at > self.seconds:
                    self._drop(sid, slug)

    def __len__(self) -> int:
        with self._lock:
            return len(self._by_id)
