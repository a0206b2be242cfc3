"""The rule engine: stable fingerprints, short ids, rule-set validation, presets."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from auditor.errors import GameFileError
from auditor.rules.base import Finding
from auditor.rules.engine import build_context, ruleset_for, run_rules
from auditor.rules.registry import REGISTRY, UnknownRuleError, all_rules, get
from auditor.rules.ruleset import load_ruleset
from auditor.rulesets import NAMES as RULESETS
from tests import paths
from tests.rules.test_rule_cases import build_case, build_script, game_data, store_posts

TZ = ZoneInfo("Asia/Shanghai")
# The rules this file exercises (other rules have their own tests; keeping them out keeps
# these tests about the engine).
CODES = ["LURK-DAY", "LURK-3DAYS", "GHOST-POST"]
GAME = """
[[event]]
type = "eliminated"
player = "包子"
at = 2026-11-20T22:00:00+08:00
how = "vote"
"""


def _posts(day: int, n: int, author: str = "饺子", pid: int = 0) -> list[dict[str, object]]:
    at = datetime(2026, 11, 19 + day, 10, tzinfo=TZ)
    post: dict[str, object] = {
        "author": author,
        "tid": day * 10 + 1,
        "at": at,
        "message": f"第{day}天的发言",
        "repeat": n,
    }
    if pid:
        post["pid"] = pid
    return [post]


FIRST = [*_posts(1, 3, pid=100), *_posts(1, 2, "包子", pid=200), *_posts(2, 1, "包子", pid=300)]


def _findings(tmp: Path, posts: list[dict[str, object]], now: datetime) -> list[Finding]:
    built = build_case(tmp, "m107", GAME, posts, now)
    try:
        rs = ruleset_for(built.game)
        return run_rules(
            build_context(built.game, built.store, now=built.now, ruleset=rs), rs, CODES
        )
    finally:
        built.store.close()


def test_fingerprints_identical_across_two_runs(tmp_path: Path) -> None:
    now = datetime(2026, 11, 21, 23, tzinfo=TZ)
    a = _findings(tmp_path / "a", FIRST, now)
    b = _findings(tmp_path / "b", FIRST, now)
    assert a and [f.fingerprint for f in a] == [f.fingerprint for f in b]
    assert {f.code for f in a} >= {"LURK-DAY", "GHOST-POST"}


def test_fingerprints_survive_new_posts_and_a_growing_run(tmp_path: Path) -> None:
    """New posts arrive (another day, more floors before the ghost post): the findings
    found earlier keep their fingerprints; a LURK-3DAYS run that grows keeps its id."""
    built = build_case(tmp_path, "m107", GAME, FIRST, datetime(2026, 11, 22, 23, tzinfo=TZ))
    try:
        rs = ruleset_for(built.game)
        ctx = build_context(built.game, built.store, now=built.now, ruleset=rs)
        before = {(f.code, f.player, f.day): f for f in run_rules(ctx, rs, CODES)}
        later = [
            *_posts(1, 2, "馄饨", pid=150),
            *_posts(2, 4, "馄饨", pid=250),
            *_posts(3, 2, pid=400),
        ]
        data = game_data("m107", GAME)
        store_posts(
            built.store,
            build_script(data, _expand(FIRST + later), built.now, 1000),
            built.game.timezone,
            built.now,
        )  # type: ignore[arg-type]
        ctx = build_context(built.game, built.store, now=built.now, ruleset=rs)
        after = {(f.code, f.player, f.day): f for f in run_rules(ctx, rs, CODES)}
    finally:
        built.store.close()
    for key, f in before.items():
        assert key in after, key
        assert after[key].fingerprint == f.fingerprint, key
    assert ("LURK-3DAYS", "饺子", 1) in after


def _expand(posts: list[dict[str, object]]) -> list[dict[str, object]]:
    from tests.rules.test_rule_cases import expand_posts

    return expand_posts(posts)  # type: ignore[arg-type]


def test_lurk_3days_run_keeps_its_fingerprint_as_it_grows(tmp_path: Path) -> None:
    posts = [*_posts(1, 3), *_posts(2, 3), *_posts(3, 3)]
    three = _findings(tmp_path / "a", posts, datetime(2026, 11, 22, 23, tzinfo=TZ))
    fragment = (
        GAME
        + """
[[day]]
number = 4
opens = 2026-11-23T09:00:00+08:00
closes = 2026-11-23T22:00:00+08:00
[[thread]]
tid = 41
kind = "discussion"
day = 4
"""
    )
    built = build_case(
        tmp_path / "b",
        "m107",
        fragment,
        [*posts, *_posts(4, 3)],
        datetime(2026, 11, 23, 23, tzinfo=TZ),
    )
    try:
        rs = ruleset_for(built.game)
        four = run_rules(
            build_context(built.game, built.store, now=built.now, ruleset=rs),
            rs,
            codes=["LURK-3DAYS"],
        )
    finally:
        built.store.close()
    run3 = [f for f in three if f.code == "LURK-3DAYS" and f.player == "饺子"]
    run4 = [f for f in four if f.player == "饺子"]
    assert len(run3) == 1 and len(run4) == 1
    assert run3[0].fingerprint == run4[0].fingerprint and "第1–4天" in run4[0].note


def test_finding_ids_start_with_a_letter(tmp_path: Path) -> None:
    found = _findings(tmp_path, FIRST, datetime(2026, 11, 21, 23, tzinfo=TZ))
    assert found
    for f in found:
        assert f.id[0].isalpha() and f.id.isalnum() and len(f.id) >= 8
    assert len({f.id for f in found}) == len(found)


def test_stored_findings_keep_their_first_run_on_a_rerun(tmp_path: Path) -> None:
    built = build_case(tmp_path, "m107", GAME, FIRST, datetime(2026, 11, 21, 23, tzinfo=TZ))
    try:
        rs = ruleset_for(built.game)
        first = run_rules(
            build_context(built.game, built.store, now=built.now, ruleset=rs), rs, CODES
        )
        assert built.store.save_findings(first, 1) == (len(first), 0)
        again = run_rules(
            build_context(built.game, built.store, now=built.now, ruleset=rs), rs, CODES
        )
        assert built.store.save_findings(again, 2) == (0, 0)
        rows = built.store.findings()
    finally:
        built.store.close()
    assert {r["fingerprint"] for r in rows} == {f.fingerprint for f in first}
    assert {r["id"] for r in rows} == {f.id for f in first}
    assert all(r["first_run"] == 1 and r["last_run"] == 2 for r in rows)


def test_unknown_rule_code_is_rejected_by_name() -> None:
    with pytest.raises(GameFileError) as exc:
        load_ruleset("m107", {"LURK-WEEK": {"min_posts": 3}}, where="game.toml")
    assert "LURK-WEEK" in str(exc.value) and "game.toml" in str(exc.value)
    with pytest.raises(UnknownRuleError) as exc2:
        get("NOPE-1")
    assert "NOPE-1" in str(exc2.value)


def test_unknown_option_is_rejected_naming_rule_and_key() -> None:
    with pytest.raises(GameFileError) as exc:
        load_ruleset("m107", {"LURK-DAY": {"min_post": 3}}, where="game.toml")
    text = str(exc.value)
    assert "LURK-DAY" in text and "min_post" in text
    with pytest.raises(GameFileError) as exc3:
        load_ruleset("m107", {"LURK-DAY": {"min_posts": "五"}}, where="game.toml")
    assert "min_posts" in str(exc3.value)
    with pytest.raises(GameFileError) as exc4:
        load_ruleset("m107", {"nights": "next_day"}, where="game.toml")
    assert "nights" in str(exc4.value)
    with pytest.raises(GameFileError) as exc5:
        load_ruleset("m107", {"LURK-3DAYS": {"days": 0}}, where="game.toml")
    assert exc5.value.key == "rules.LURK-3DAYS.days" and "不能小于" in exc5.value.reason


@pytest.mark.parametrize("name", RULESETS)
def test_all_presets_load_and_cite_every_value(name: str) -> None:
    rs = load_ruleset(name)
    assert rs.title and rs.seed
    for code in rs.rules:
        assert code in REGISTRY
    for code in ("LURK-DAY", "LURK-3DAYS", "GHOST-POST"):
        cites = rs.sources.get(code, {})
        if code in rs.rules:
            assert "min_posts" in cites or code == "GHOST-POST", (name, code)
            assert cites, (name, code)


def test_preset_lurk_settings_follow_the_seeds() -> None:
    m107, r030, m39, kb7 = (load_ruleset(n) for n in ("m107", "rabbit030", "m39", "killbar7"))
    for rs in (m107, r030):
        assert rs.rules["LURK-DAY"]["min_posts"] == 5 and rs.rules["LURK-DAY"]["card"] == "yellow"
        assert rs.rules["LURK-3DAYS"]["min_posts"] == 10 and rs.rules["LURK-3DAYS"]["days"] == 3
    assert "LURK-DAY" not in m39.rules and "LURK-DAY" in m39.disabled
    assert load_ruleset("m39", {"LURK-DAY": {"min_posts": 3}}).rules["LURK-DAY"]["min_posts"] == 3
    kb = kb7.rules["LURK-DAY"]
    assert (
        kb["per_phase"] and kb["average_ratio"] == pytest.approx(0.2) and kb["card"] == "substitute"
    )
    assert "LURK-3DAYS" not in kb7.rules
    assert r030.rules["GHOST-POST"]["threads"] == ["discussion", "vote", "process"]


def test_every_rule_documents_itself() -> None:
    # A real example each: "FAIL：…" / "PASS（m107）：…" followed by the example itself, not a
    # pointer elsewhere ("FAIL / PASS 例子见 …" does not count).
    import re

    for r in all_rules():
        assert r.title and r.seed and r.doc, r.code
        for word in ("FAIL", "PASS"):
            examples = re.findall(rf"^{word}(?:（[^）\n]*）)?[：:]\s*(.+)$", r.doc, re.M)
            assert examples, f"{r.code}: no {word} example"
            assert all(len(e.strip("“”。 ")) >= 2 and "见" not in e[:3] for e in examples), (
                r.code,
                examples,
            )


def test_no_option_read_has_a_second_default() -> None:
    # A rule owns its options, each with one default (its Option): reading one with
    # .get(key, default) would be a second default that can drift from it.
    import re

    pattern = re.compile(r"\b(opts|ruleset|settings)\.get\([^()]*,")
    pkg = paths.ROOT / "auditor"
    found = [
        f"{p.relative_to(pkg)}:{n}"
        for p in sorted(pkg.rglob("*.py"))
        for n, line in enumerate(p.read_text("utf-8").splitlines(), 1)
        if pattern.search(line)
    ]
    assert found == []
    assert pattern.search('x = opts.get("min_posts", 10)')
