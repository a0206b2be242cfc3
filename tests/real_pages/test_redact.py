"""``crawl.redact`` runs only the substitutions whose literal text is in the page, and
gives exactly what the single combined pattern gives: on every real capture and on
synthetic bodies built to make matches touch and overlap."""

from __future__ import annotations

import random
import re

import pytest

from auditor.forum.crawl import _SECRETS, _blank, redact
from tests.discuz_data import DISCUZ_DIR, require_discuz_dir


def _reference(body: bytes) -> bytes:
    return _SECRETS.sub(_blank, body)


@pytest.mark.discuz
def test_identical_on_every_real_capture() -> None:
    root = require_discuz_dir()
    files = [p for p in sorted(root.rglob("*")) if p.is_file()]
    assert len(files) > 500
    changed = 0
    for path in files:
        body = path.read_bytes()
        got = redact(body)
        assert got == _reference(body), path.relative_to(root)
        changed += got != body
    # The captures do carry secrets (logged-in pages, API JSON): the fast path is exercised.
    assert changed > 50


_PIECES = [
    b'"auth":"8fc0k82V%2Fx"',
    b'"saltkey" : "HhF406jf"',
    b'"formhash":"1a2b3c4d"',
    b'"formhash":"formhash=abc"',  # two patterns overlap: the combined pattern decides
    b"formhash=9f9f9f9f",
    b"formhash=",
    b'name="formhash" value="77aa"',
    b'name="formhash"  value=""',
    b'name="formhash"',
    b'"auth"',
    b'"auth": "x',
    b"&amp;",
    b'"',
    b" ",
    b"\xe4\xb8\xad",
    b"formhash",
]


def test_identical_on_synthetic_bodies() -> None:
    rng = random.Random(16)
    for _ in range(5000):
        body = b"".join(rng.choice(_PIECES) for _ in range(rng.randint(0, 12)))
        assert redact(body) == _reference(body), body


def test_overlap_falls_back_to_the_combined_pattern() -> None:
    body = b'{"formhash":"formhash=abc","auth":"s3cret"}'
    assert redact(body) == b'{"formhash":"","auth":""}'
    assert b"s3cret" not in redact(body)


def test_a_page_without_secrets_is_returned_as_is() -> None:
    body = b"<html>" + b'<a href="x">"y"</a>' * 1000 + b"</html>"
    assert redact(body) is body
    assert not re.search(rb"formhash|auth|saltkey", body)


@pytest.mark.discuz
def test_every_form_of_the_formhash_is_blanked() -> None:
    # A member page carries its formhash as formhash=…, as a hidden input, and (in
    # home.php's follow links) as &hash=…: none of them may reach the store.
    found = 0
    for path in sorted((DISCUZ_DIR / "x35-utf8" / "member").glob("*.html")):
        body = path.read_bytes()
        values = set(re.findall(rb"formhash=([0-9A-Za-z]+)", body))
        values |= set(re.findall(rb'name="formhash" value="([0-9A-Za-z]+)"', body))
        values |= set(re.findall(rb"[&;?]hash=([0-9A-Za-z]+)", body))
        found += bool(values)
        out = redact(body)
        for value in values:
            assert value not in out, (path.name, value)
        assert out.count(b"hash=") == body.count(b"hash=")  # structure kept
    assert found
