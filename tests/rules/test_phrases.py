"""auditor.rules.phrases: the PHRASE rules are the lexicons' categories (title and seed from
each file's header), each with a documented FAIL and PASS example that its case file runs;
a category without a rule, or a rule without a lexicon, is an error."""

from __future__ import annotations

import tomllib
from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

from typer.testing import CliRunner

from auditor.cli import app
from auditor.rules.lexicon import DEFAULT_DIR, headers, parse_lexicon
from auditor.rules.phrases import (
    CATEGORIES,
    LEXICONS,
    PHRASE_RULES,
    categories_without_rule,
    rules_without_lexicon,
)
from auditor.rules.registry import all_rules, get
from tests import paths
from tests.rules.test_rule_cases import CASES_DIR, build_case, run_case_rules

ROOT = paths.ROOT
AT = datetime(2026, 11, 20, 10, 0, tzinfo=ZoneInfo("Asia/Shanghai"))


def test_every_phrase_rule_is_declared_in_the_literal_table() -> None:
    # grep -rn PHRASE-OATH auditor finds its declaration: the code is written out.
    source = (ROOT / "auditor" / "rules" / "phrases.py").read_text("utf-8")
    generated = {r.code for r in all_rules() if r.check.__module__ == "auditor.rules.phrases"}
    assert generated == set(PHRASE_RULES)
    for code in PHRASE_RULES:
        assert f'"{code}": (' in source, code


def test_title_and_seed_come_from_the_lexicon_header() -> None:
    assert set(CATEGORIES) == set(LEXICONS) == set(headers(DEFAULT_DIR))
    for code in PHRASE_RULES:
        lex = LEXICONS[code.removeprefix("PHRASE-")]
        r = get(code)
        assert lex.title and lex.seeds, code
        assert r.title == lex.title and r.seed == "；".join(lex.seeds), code
        assert Path(lex.path).name in r.doc, code


def test_documented_examples_are_run_by_the_case_file() -> None:
    cases = tomllib.loads((CASES_DIR / "phrases.toml").read_text("utf-8"))["case"]
    for code, (fail, ok) in PHRASE_RULES.items():
        assert f"FAIL：“{fail}”" in get(code).doc and f"PASS：“{ok}”" in get(code).doc, code
        runs = [c for c in cases if code in c.get("rules", [])]
        flagged = {
            p["message"]
            for c in runs
            for p in c.get("post", [])
            if any(e["code"] == code and e["player"] == p["author"] for e in c.get("expect", []))
        }
        clean = {
            p["message"]
            for c in runs
            for p in c.get("post", [])
            if not any(
                e["code"] == code and e["player"] == p["author"] for e in c.get("expect", [])
            )
        }
        assert fail in flagged, f"{code}: FAIL example not found by a case"
        assert ok in clean, f"{code}: PASS example not in a case expecting no finding"


def test_a_rule_without_a_lexicon_is_an_error() -> None:
    assert rules_without_lexicon() == []
    missing = {k: v for k, v in LEXICONS.items() if k != "OATH"}
    problems = rules_without_lexicon(missing)
    assert [p.level for p in problems] == ["error"]
    assert "PHRASE-OATH" in problems[0].message and "@category OATH" in problems[0].message


def test_a_directors_own_category_is_checked_by_the_censor_rule(tmp_path: Path) -> None:
    # In the bundled lexicons a category without a rule is an error (a developer's slip) …
    lex = parse_lexicon("@category GAMBLE\n@title 赌博\n赌一把\n", str(DEFAULT_DIR / "g.txt"))
    problems = categories_without_rule(lex)
    assert len(problems) == 1 and problems[0].level == "error" and "GAMBLE" in problems[0].message

    # … a director's own category name (and a plain list of words) is his own banned words:
    # lint says so in a note, and PHRASE-CENSOR reports them: naming the files in
    # [rules] lexicons turns it on, no [rules.PHRASE-CENSOR] needed.
    (tmp_path / "mine").mkdir()
    (tmp_path / "mine" / "gamble.txt").write_text("@category GAMBLE\n赌一把\n", "utf-8")
    (tmp_path / "mine" / "words.txt").write_text("菜鸡\n", "utf-8")
    res = CliRunner().invoke(app, ["lexicon", "lint", str(tmp_path / "mine")])
    assert res.exit_code == 0 and "类别“GAMBLE”是导演自己的类别" in res.output, res.output
    built = build_case(
        tmp_path,
        "m107",
        '[rules]\nlexicons = ["mine"]\n',
        [
            {"author": "饺子", "tid": 11, "at": AT, "message": "赌一把，你个菜鸡"},
            {"author": "包子", "tid": 11, "at": AT, "message": "这道菜鸡肉很嫩"},
        ],
    )
    try:
        found = run_case_rules(built, ["PHRASE-CENSOR", "PHRASE-OATH"])
    finally:
        built.store.close()
    assert [(f.code, f.player) for f in found] == [("PHRASE-CENSOR", "饺子")]
    details = " ".join(m.detail for m in found[0].matches)
    assert "导演自己的类别“GAMBLE”" in details and "导演自己的词" in details, found


def test_auditor_rules_shows_a_phrase_rule() -> None:
    res = CliRunner().invoke(app, ["rules", "PHRASE-OATH"])
    assert res.exit_code == 0, res.output
    out = res.output
    assert "发誓句式" in out and "M107 违规判定 3(1)" in out  # title and seed of oath.txt
    assert "threads" in out and "讨论帖" in out  # an option with its default, in words
    assert "判罚依据" in out  # a preset's citation
