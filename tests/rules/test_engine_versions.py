"""Field bug: a post hidden by a moderator (屏蔽) or edited after it was flagged kept its
violation only in the store.  Rules judge every stored version; a finding on an earlier
version says so, with the old text, under the fingerprint it had."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from auditor.models import HiddenReason, Post
from auditor.rules.engine import check
from tests.rules.test_rule_cases import build_case
from tests.rules.test_votes import at

RED = "我是预言家，[color=Red]包子查杀[/color]。"


def _built(tmp_path: Path):  # type: ignore[no-untyped-def]
    posts = [
        {"author": "饺子", "tid": 11, "at": at(1, 10), "message": RED, "pid": 1201},
        {"author": "包子", "tid": 11, "at": at(1, 11), "message": "我是好人，过。", "pid": 1202},
    ]
    return build_case(tmp_path, "m107", "", posts)


def _red(findings):  # type: ignore[no-untyped-def]
    return [f for f in findings if f.code == "FONT-RED" and f.pid == 1201]


def _current(store, pid: int) -> Post:  # type: ignore[no-untyped-def]
    return next(sp.post for sp in store.posts() if sp.post.pid == pid)


@pytest.mark.parametrize("incremental", [False, True], ids=["full", "incremental"])
def test_a_hidden_post_keeps_its_finding(tmp_path: Path, incremental: bool) -> None:
    built = _built(tmp_path)
    try:
        (before,) = _red(check(built.game, built.store, now=built.now).findings)
        post = _current(built.store, 1201)
        hidden = replace(
            post,
            text="",
            lines=(),
            message_html="",
            hidden=HiddenReason.MODERATOR,
        )
        assert built.store.upsert_posts([hidden], None) == (0, 1)
        result = check(built.game, built.store, now=built.now, incremental=incremental)
        (after,) = _red(result.findings)
        assert after.fingerprint == before.fingerprint  # the same card, not a new one
        assert "已被屏蔽" in after.note and "包子查杀" in after.excerpt
        active = {r["fingerprint"]: r for r in built.store.findings()}
        assert before.fingerprint in active and "已被屏蔽" in active[before.fingerprint]["note"]
    finally:
        built.store.close()


def test_an_edit_that_removes_the_violation_keeps_the_finding(tmp_path: Path) -> None:
    built = _built(tmp_path)
    try:
        (before,) = _red(check(built.game, built.store, now=built.now).findings)
        post = _current(built.store, 1201)
        edited = replace(
            post,
            text="我是预言家，包子查杀。",
            lines=("我是预言家，包子查杀。",),
            message_html="我是预言家，包子查杀。",
            edited="本帖最后由 饺子 于 2026-11-20 10:30 编辑",
        )
        assert built.store.upsert_posts([edited], None) == (0, 1)
        (after,) = _red(check(built.game, built.store, now=built.now).findings)
        assert after.fingerprint == before.fingerprint
        assert "已编辑删除" in after.note and after.matches == before.matches
        # the other post (never flagged) stays clean: no finding is invented
        assert not [
            f for f in check(built.game, built.store, now=built.now).findings if f.pid == 1202
        ]
    finally:
        built.store.close()


def test_a_view_switch_is_no_edit(tmp_path: Path) -> None:
    """Another view of the same content (the API drops [size] and the edit notice) is a
    stored version too, but not an edit: nothing is judged twice or labelled."""
    built = _built(tmp_path)
    try:
        first = check(built.game, built.store, now=built.now).findings
        post = _current(built.store, 1201)
        api_view = replace(post, message_html=post.message_html + " ", edited=None)
        built.store.upsert_posts([api_view], None, view="api")
        again = check(built.game, built.store, now=built.now).findings
        assert [(f.fingerprint, f.note) for f in again] == [(f.fingerprint, f.note) for f in first]
    finally:
        built.store.close()
