"""Who is deciding: the directors' passwords (salted scrypt hashes in the game's store),
one-time login links for the machine itself, CSRF tokens and a login rate limit.

hashlib.scrypt is in the standard library: no password library is needed for one salted,
memory-hard hash compared in constant time.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import threading
import time
from collections import deque
from dataclasses import dataclass

# scrypt parameters: 16 MiB of memory per hash (n * r * 128 bytes), ~50 ms on this class of
# machine; stored with the hash so they can be raised later without breaking old hashes.
SCRYPT_N, SCRYPT_R, SCRYPT_P = 2**14, 8, 1
MIN_PASSWORD = 8


def hash_password(password: str) -> str:
    salt = secrets.token_bytes(16)
    key = hashlib.scrypt(
        password.encode("utf-8"), salt=salt, n=SCRYPT_N, r=SCRYPT_R, p=SCRYPT_P, dklen=32
    )
    return f"scrypt${SCRYPT_N}${SCRYPT_R}${SCRYPT_P}${salt.hex()}${key.hex()}"


def verify_password(password: str, stored: str) -> bool:
    try:
        scheme, n, r, p, salt, key = stored.split("$")
        if scheme != "scrypt":
            return False
        got = hashlib.scrypt(
            password.encode("utf-8"),
            salt=bytes.fromhex(salt),
            n=int(n),
            r=int(r),
            p=int(p),
            dklen=len(key) // 2,
            maxmem=2**26,
        )
    except (ValueError, TypeError):
        return False
    return hmac.compare_digest(got.hex(), key)


def password_problem(password: str) -> str | None:
    """Why a new password is refused (Chinese), or None."""
    if len(password) < MIN_PASSWORD:
        return f"密码至少 {MIN_PASSWORD} 个字符"
    return None


def new_token() -> str:
    return secrets.token_urlsafe(32)


def same_token(a: str | None, b: str | None) -> bool:
    return bool(a) and bool(b) and hmac.compare_digest(str(a), str(b))


class LoginLimiter:
    """At most ``attempts`` failed logins per ``window`` seconds for one (client, game)."""

    def __init__(self, attempts: int = 5, window: float = 300.0) -> None:
        self.attempts = attempts
        self.window = window
        self._failures: dict[tuple[str, str], deque[float]] = {}
        self._lock = threading.Lock()

    def _recent(self, key: tuple[str, str], now: float) -> deque[float]:
        q = self._failures.setdefault(key, deque())
        while q and q[0] <= now - self.window:
            q.popleft()
        return q

    def wait(self, key: tuple[str, str]) -> int:
        """Seconds until the next attempt is allowed (0: allowed now)."""
        now = time.monotonic()
        with self._lock:
            q = self._recent(key, now)
            if len(q) < self.attempts:
                return 0
            return int(q[0] + self.window - now) + 1

    def failed(self, key: tuple[str, str]) -> None:
        with self._lock:
            self._recent(key, time.monotonic()).append(time.monotonic())

    def succeeded(self, key: tuple[str, str]) -> None:
        with self._lock:
            self._failures.pop(key, None)


@dataclass(frozen=True, slots=True)
class LinkGrant:
    slug: str
    director: str
    expires: float


class OneTimeLinks:
    """Login links printed at start on 127.0.0.1: each works once, within ``ttl`` seconds."""

    def __init__(self, ttl: float = 3600.0) -> None:
        self.ttl = ttl
        self._grants: dict[str, LinkGrant] = {}
        self._lock = threading.Lock()

    def issue(self, slug: str, director: str) -> str:
        token = new_token()
        with self._lock:
            self._grants[token] = LinkGrant(slug, director, time.monotonic() + self.ttl)
        return token

    def use(self, token: str) -> LinkGrant | None:
        with self._lock:
            grant = self._grants.pop(token, None)
        if grant is None or grant.expires < time.monotonic():
            return None
        return grant
