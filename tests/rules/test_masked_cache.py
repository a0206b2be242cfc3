"""PHRASE-MASKED's pattern: its compiled program is kept in the cache folder and matches
exactly as ``re.compile`` of the same source does."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from auditor.rules import masked
from auditor.rules.matcher import default_matcher


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "cache"
    monkeypatch.setenv("AUDITOR_CACHE_DIR", str(folder))
    return folder


def _terms() -> list[tuple[str, str]]:
    return [
        (e.category, form)
        for e in default_matcher().built.entries
        if e.category in masked.INSULT_CATEGORIES and e.regex is None
        for form in e.forms
    ]


def _texts() -> list[str]:
    rng = random.Random(16)
    alphabet = [*"傻*×xX卧槽尼玛SBsbTMDtmd你他妈〇＊_#草马逼 \t", "傻逼", "卧槽", "S B"]
    texts = ["你就是个傻*", "傻×一个", "卧*，这也行", "S B吧你", "*重要*", "他*的发言", "傻瓜相机"]
    texts += ["".join(rng.choice(alphabet) for _ in range(rng.randint(1, 14))) for _ in range(4000)]
    return texts


def _found(pattern: re.Pattern[str], texts: list[str]) -> list[list[tuple[int, int, str | None]]]:
    return [[(*m.span(), m.lastgroup) for m in pattern.finditer(t)] for t in texts]


def test_the_cached_program_matches_as_re_compile(cache: Path) -> None:
    built = masked.masked_pattern(_terms())
    assert built is not None
    files = list(cache.glob("regex-*.marshal"))
    assert len(files) == 1  # written on the first compile
    again = masked.masked_pattern(_terms())  # read back from the file
    assert again is not None and again is not built
    plain = re.compile(built.pattern, re.I)
    assert (again.pattern, again.flags, again.groups, again.groupindex) == (
        plain.pattern,
        plain.flags,
        plain.groups,
        plain.groupindex,
    )
    texts = _texts()
    expected = _found(plain, texts)
    assert sum(map(len, expected)) > 100  # the texts do hold masked words
    assert _found(built, texts) == expected
    assert _found(again, texts) == expected


def test_a_damaged_or_foreign_file_is_compiled_again(cache: Path) -> None:
    source = r"(?P<t0>傻[\*×]{1,3})|(?P<t1>(?<![a-z0-9])(?:s\s+b)(?![a-z0-9]))"
    masked.compile_cached(source, re.I)
    (path,) = cache.glob("regex-*.marshal")
    for damage in (b"", b"\x00garbage", path.read_bytes()[:-7]):
        path.write_bytes(damage)
        pattern = masked.compile_cached(source, re.I)
        assert [m.group(0) for m in pattern.finditer("你傻** 和 S  B")] == ["傻**", "S  B"]
        assert path.read_bytes() != damage  # written again


def test_an_unwritable_cache_folder_still_compiles(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    monkeypatch.setenv("AUDITOR_CACHE_DIR", str(blocker / "cache"))  # under a file
    pattern = masked.compile_cached(r"(?P<t0>卧\*)", re.I)
    assert pattern.search("卧*，这也行") is not None
