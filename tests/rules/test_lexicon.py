"""Lexicon files: format, lint with line numbers, Discuz! 词语过滤 import."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from auditor.cli import app
from auditor.rules.lexicon import DEFAULT_DIR, LexiconError, lint, load, parse_discuz, parse_lexicon
from auditor.rules.matcher import Matcher
from auditor.rules.phrases import CATEGORIES, categories_without_rule


def test_shipped_lexicons_have_no_errors_and_cover_every_category() -> None:
    problems = [p for p in lint(DEFAULT_DIR) if p.level == "error"]
    assert problems == []
    lex = load()
    assert set(CATEGORIES) == set(lex.categories)  # CENSOR: a header-only file
    for cat in lex.categories.values():
        assert cat.seeds, f"{cat.code} names no seed clause"
        assert cat.title


def test_fields_variants_exceptions_note() -> None:
    lex = parse_lexicon(
        "@category VULGAR\n卧槽 | 我操、wc | 卧槽里 | 备注\nre:a|b | a b\n", "x.txt"
    )
    e, p = lex.categories["VULGAR"].entries
    assert (e.term, e.variants, e.exceptions, e.note, e.source) == (
        "卧槽",
        ("我操", "wc"),
        ("卧槽里",),
        "备注",
        "x.txt:2",
    )
    assert p.regex == "a|b" and p.anchors == ("a", "b")


def test_lint_reports_line_numbers() -> None:
    text = "卧槽\n@category lower\n@category VULGAR\n@colour red\n卧槽|我操\nre:(unclosed | x\n"
    problems = parse_lexicon(text, "bad.txt").problems
    lines = {(p.line, p.level) for p in problems}
    assert (1, "error") in lines  # entry before @category
    assert (2, "error") in lines  # category code not upper case
    assert (4, "error") in lines  # unknown directive
    assert (5, "error") in lines  # | without spaces
    assert (6, "error") in lines  # bad regex
    assert all(str(p).startswith(f"bad.txt:{p.line}:") for p in problems)


def test_load_strict_raises(tmp_path: Path) -> None:
    (tmp_path / "a.txt").write_text("@category X\nre:( | y\n", "utf-8")
    with pytest.raises(LexiconError) as exc:
        load([tmp_path], default=False)
    assert "a.txt:2" in str(exc.value)


def test_discuz_export_import() -> None:
    lex = parse_discuz("傻{2}瓜={BANNED}\n垃圾={MOD}\n坏蛋=**\n/fo+/={BANNED}\n", "censor.txt")
    m = Matcher(lex)
    got = {(x.text, x.note) for x in m.find("傻乎乎瓜，垃圾，坏蛋，fooo")}
    assert ("傻乎乎瓜", "论坛词语过滤：禁止") in got
    assert ("垃圾", "论坛词语过滤：审核") in got
    assert ("坏蛋", "论坛词语过滤：替换为 **") in got
    assert ("fooo", "论坛词语过滤：禁止") in got
    assert not m.find("傻乎乎的大瓜")  # gap longer than {2}


def test_cli_test_csv_columns_and_json(tmp_path: Path) -> None:
    runner = CliRunner()
    res = runner.invoke(app, ["lexicon", "test", "卧~槽，草原上吃草", "--format", "csv"])
    assert res.exit_code == 0, res.output
    lines = res.output.strip().splitlines()
    assert lines[0].startswith("line,category,entry,start,end,matched_text")
    assert lines[1].startswith("1,VULGAR,卧槽,0,3,卧~槽")
    assert len(lines) == 2
    f = tmp_path / "t.txt"
    f.write_text("操作很好\nnmsl\n", "utf-8")
    res = runner.invoke(app, ["lexicon", "test", "--file", str(f), "--format", "json"])
    rows = json.loads(res.output)
    assert [(r["line"], r["category"], r["matched_text"]) for r in rows] == [(2, "KIN", "nmsl")]


def test_cli_test_table_names_the_category_by_its_title() -> None:
    from auditor.rules.lexicon import headers

    title = headers()["VULGAR"].title
    assert title and title != "VULGAR"
    res = CliRunner().invoke(app, ["lexicon", "test", "卧~槽"], env={"COLUMNS": "400"})
    assert res.exit_code == 0, res.output
    row = next(ln for ln in res.stdout.splitlines() if "│" in ln and "卧槽" in ln)
    cells = [c.strip() for c in row.split("│")]
    assert cells[2] == title and "VULGAR" not in res.stdout
    # a sentence pattern is named as one (its regular expression once filled the table);
    # CSV keeps the form
    said = "要是我骗人我就退坛"
    res = CliRunner().invoke(app, ["lexicon", "test", said], env={"COLUMNS": "400"})
    assert res.exit_code == 0 and "句式（正则，见词库位置）" in res.stdout, res.output
    assert "re:" not in res.stdout and "(要是|" not in res.stdout
    res = CliRunner().invoke(app, ["lexicon", "test", said, "--format", "csv"])
    assert "re:" in res.stdout
    # nothing found: said, without an empty table
    res = CliRunner().invoke(app, ["lexicon", "test", "今天天气不错"], env={"COLUMNS": "400"})
    assert res.exit_code == 0 and "没有命中" in res.output and "┏" not in res.output


def test_cli_explain_lists_literal_occurrences_the_boundary_rejects(tmp_path: Path) -> None:
    # Each literal occurrence of a lexicon spelling that is no match is shown with its
    # reason: the one-character rule (紧跟在“讨论”后面), an exception, jieba's cut, a rule
    # named; an occurrence inside a reported match (日 of 日了狗) is not listed.
    said = "日了狗，后天又是讨论日，操场上跑步，规则说不能起誓"
    res = CliRunner().invoke(app, ["lexicon", "test", said, "--explain", "--format", "json"])
    assert res.exit_code == 0, res.output
    rows = json.loads(res.stdout)
    got = [(r["matched_text"], r["status"], r["why"]) for r in rows]
    assert ("日", "不算", "单字“日”紧跟在“讨论”后面，是“讨论日”的说法，不算") in got
    assert ("日了狗", "命中", "") in got
    assert ("操", "不算", "“操场”是词库写明的正常说法（例外），不算") in got
    assert ("起誓", "不算", "提到规则或转述别人的话，不是自己说的，不算") in got
    assert sum(r["matched_text"] == "日" for r in rows) == 1
    assert "命中 1 处；原文出现词条但没有算命中 3 处" in res.stderr
    # an imported lexicon: its words are explained the same way
    (tmp_path / "censor.txt").write_text("代练={BANNED}\n", "utf-8")
    res = CliRunner().invoke(
        app,
        [
            "lexicon",
            "test",
            "代练习题",
            "--explain",
            "--no-default",
            "--lexicon",
            str(tmp_path / "censor.txt"),
            "-f",
            "csv",
        ],
    )
    assert res.exit_code == 0, res.output
    row = res.stdout.strip().splitlines()[1].split(",")
    assert row[9:] == ["不算", "“代练”在这里不是一个词：“代”自成一词，“练”属于“练习题”，不算"]


def test_cli_no_default_and_extra_lexicon(tmp_path: Path) -> None:
    (tmp_path / "mine.txt").write_text("@category CENSOR\n菠菜 | | | 导演自定\n", "utf-8")
    res = CliRunner().invoke(
        app,
        [
            "lexicon",
            "test",
            "菠菜卧槽",
            "--no-default",
            "--lexicon",
            str(tmp_path / "mine.txt"),
            "-f",
            "csv",
        ],
    )
    assert res.exit_code == 0, res.output
    assert [ln.split(",")[2] for ln in res.output.strip().splitlines()[1:]] == ["菠菜"]


def test_cli_lint_exit_code(tmp_path: Path) -> None:
    runner = CliRunner()
    assert runner.invoke(app, ["lexicon", "lint"]).exit_code == 0
    (tmp_path / "bad.txt").write_text("@category X\n@nope 1\n", "utf-8")
    res = runner.invoke(app, ["lexicon", "lint", str(tmp_path)])
    assert res.exit_code == 1
    assert "bad.txt:2" in res.output


def test_a_category_without_a_rule_is_an_error_in_the_bundled_lexicons_only(
    tmp_path: Path,
) -> None:
    # A developer's new @category in lexicons/ would never be reported: an error there.
    lex = parse_lexicon("@category NEWCAT\n@title 新类别\n测试词\n", str(DEFAULT_DIR / "new.txt"))
    assert [p.message[:18] for p in categories_without_rule(lex)] == [
        "类别 NEWCAT 没有对应的规则（PHRASE-NEWCAT）"[:18]
    ]
    # A director's own category name is his own banned words (PHRASE-CENSOR), said in a note;
    # a built-in code adds to that category.
    (tmp_path / "mine.txt").write_text("@category NEWCAT\n@title 新类别\n测试词\n", "utf-8")
    (tmp_path / "oath.txt").write_text("@category OATH\n@title 发誓\n我保证\n", "utf-8")
    res = CliRunner().invoke(app, ["lexicon", "lint", str(tmp_path)])
    assert res.exit_code == 0, res.output
    assert "没有对应的规则" not in res.output
    assert "类别“NEWCAT”是导演自己的类别" in res.output and "PHRASE-CENSOR" in res.output
    assert "0 个错误，0 个警告，1 条说明" in res.output
    lex = load([tmp_path])
    assert [e.term for e in lex.categories["OATH"].entries if str(tmp_path) in e.source] == [
        "我保证"
    ]
    assert [e.term for e in lex.categories["CENSOR"].entries] == ["测试词"]
    assert categories_without_rule(lex) == []


def test_a_plain_word_list_is_the_directors_own_banned_words(tmp_path: Path) -> None:
    # One word a line (or several, split by commas), no @category: his own words, the
    # censor rule, with a note in Chinese; ``词 | 变体 | 例外`` lines still read as fields.
    (tmp_path / "words.txt").write_text(
        "# 我的词\n菜鸡，垃圾、废物\n代练 | 带练 | 代练习\n", "utf-8"
    )
    lex = load([tmp_path / "words.txt"], default=False)
    cat = lex.categories["CENSOR"]
    assert [(e.term, e.variants, e.note) for e in cat.entries] == [
        ("菜鸡", (), "导演自己的词"),
        ("垃圾", (), "导演自己的词"),
        ("废物", (), "导演自己的词"),
        ("代练", ("带练",), ""),
    ]
    (note,) = lex.problems
    assert note.level == "note" and str(note).startswith(f"{tmp_path / 'words.txt'}:1: 说明：")
    assert (
        "共 4 个" in note.message
        and "[rules] lexicons 写上这个文件，这条规则就打开" in note.message
    )
    m = Matcher(load([tmp_path / "words.txt"]))
    assert {(x.category, x.text) for x in m.find("找人带练，你个菜鸡")} >= {
        ("CENSOR", "带练"),
        ("CENSOR", "菜鸡"),
    }
    assert not [x for x in m.find("这道菜鸡肉很嫩，在做代练习题") if x.category == "CENSOR"]
    # in the bundled folder the same file is still an error (a developer's slip)
    bundled = parse_lexicon("菜鸡\n", str(DEFAULT_DIR / "x.txt"))
    assert [p.level for p in bundled.problems] == ["error"]


def test_a_directors_chinese_category_name(tmp_path: Path) -> None:
    (tmp_path / "脏话.txt").write_text(
        "@category 脏话\n@pinyin off\n菜鸡\n垃圾 | | | 自己写的备注\n", "utf-8"
    )
    lex = load([tmp_path], default=False)
    assert [p.level for p in lex.problems] == ["note"]
    assert "类别“脏话”是导演自己的类别" in lex.problems[0].message
    cat = lex.categories["CENSOR"]
    assert [(e.term, e.note) for e in cat.entries] == [
        ("菜鸡", "导演自己的类别“脏话”"),
        ("垃圾", "自己写的备注"),
    ]
    assert cat.pinyin is False  # his switch is kept, also merged after censor.txt's header
    assert load([tmp_path]).categories["CENSOR"].pinyin is False


def test_a_discuz_exports_switch_survives_the_merge(tmp_path: Path) -> None:
    (tmp_path / "dz.txt").write_text("@pinyin off\n代练={BANNED}\n", "utf-8")
    assert load([tmp_path / "dz.txt"]).categories["CENSOR"].pinyin is False


def test_explain_says_a_non_hit_in_plain_chinese(tmp_path: Path) -> None:
    # Never jieba's cut: the word a spelling is part of, or how two words share it.
    (tmp_path / "mine.txt").write_text("菜鸡\n苹果\n", "utf-8")
    said = "这道菜鸡肉很嫩，我去苹果园摘果子"
    res = CliRunner().invoke(
        app,
        [
            "lexicon",
            "test",
            said,
            "--explain",
            "--no-default",
            "--lexicon",
            str(tmp_path / "mine.txt"),
            "-f",
            "json",
        ],
    )
    assert res.exit_code == 0, res.output
    why = {r["matched_text"]: r["why"] for r in json.loads(res.stdout)}
    assert why == {
        "菜鸡": "“菜鸡”在这里不是一个词：“菜”属于“道菜”，“鸡”属于“鸡肉”，不算",
        "苹果": "“苹果”在这里是“苹果园”的一部分，不算",
    }
    assert "jieba" not in res.output and "|" not in "".join(why.values())
    # twin: said as a word of its own, it is a hit
    res = CliRunner().invoke(
        app,
        [
            "lexicon",
            "test",
            "你个菜鸡",
            "--explain",
            "--no-default",
            "--lexicon",
            str(tmp_path / "mine.txt"),
            "-f",
            "json",
        ],
    )
    assert [r["status"] for r in json.loads(res.stdout)] == ["命中"]


def test_near_long_tries_near_sounds_on_three_characters_or_more(tmp_path: Path) -> None:
    # ``@near long`` (the built-in lexicons): 滴棱儿 is 低能儿 said a near way, and 仍渣
    # is 人渣, but a two-character near sound holding a pronoun, a particle or a game word
    # is left alone (你是 is no 立誓); ``@near on`` keeps every near sound.  A sound-alike
    # inside a title (《…》) is the title.
    from auditor.rules.lexicon import load
    from auditor.rules.matcher import Matcher

    def found(switch: str, text: str) -> list[str]:
        f = tmp_path / f"near_{switch}.txt"
        f.write_text(f"@category CENSOR\n@near {switch}\n低能儿\n立誓\n人渣\n", "utf-8")
        return [m.text for m in Matcher(load([f], default=False)).find(text)]

    assert found("long", "又是滴棱儿发言") == ["滴棱儿"]
    assert found("long", "我觉得你是好人") == []
    assert found("on", "我觉得你是好人") == ["你是"]
    assert found("long", "真是个仍渣") == ["仍渣"]
    assert found("long", "看过《仍渣》这本书吗") == []
    assert load([], default=True).categories["VULGAR"].near_long


def test_split_characters_in_three_parts_and_more_emoji_readings() -> None:
    # The look-alike table joins a character split in three (春虫虫 → 蠢, 口口几 → 咒) as it
    # joins one split in two (辶畐 → 逼); the emoji table reads 💀 as 死, 💧 as 水, 🍳 as 锅,
    # 🦺 as 马甲, 🟥 as 红: for every lexicon, the same in the batch path and one by one.
    from auditor.rules.matcher import default_matcher

    m = default_matcher()
    said = {
        "真是春虫虫到家了": ("IQ", "春虫虫到家"),
        "又在这装辶畐": ("BODY", "装辶畐"),
        "去💀吧你": ("CURSE", "去💀吧"),
        "这口🍳我不背": ("BLAME", "这口🍳"),
        # 粑粑 and 麻麻 are not collapsed to one character (as 爸爸 and 妈妈 are not): their
        # reading is still 叫爸爸's
        "快叫粑粑": ("KIN", "叫粑粑"),
    }
    for text, (category, span) in said.items():
        assert (category, span) in {(x.category, x.text) for x in m.find(text)}, m.find(text)
    batch = m.find_all(list(said))
    assert [[(x.category, x.text) for x in got] for got in batch] == [
        [(x.category, x.text) for x in m.find(t)] for t in said
    ]
    assert m.built.norm.normalise("口口几你，🦺，🟥牌，💧帖") == "咒你马甲红牌水帖"


# --------------------------------------------------------------------------- context tables


def test_senses_rows_continuations_and_defines() -> None:
    from auditor.rules.lexicon import Sense, parse_senses

    text = (
        "# a comment\n"
        "@define GAME 球赛|比赛\n"
        "SUBSTITUTE | sentence | 替 | {GAME}|教练\n"
        "BLAME | next | ^锅$ | 里(?:的汤\n"
        "+ |的菜)\n"
    )
    assert parse_senses(text, "t.txt") == [
        Sense("SUBSTITUTE", "sentence", "替", "球赛|比赛|教练"),
        Sense("BLAME", "next", "^锅$", "里(?:的汤|的菜)"),
    ]


@pytest.mark.parametrize(
    "text",
    [
        "KIN | somewhere | 娘 | 的腿\n",  # an unknown place to look
        "KIN | next | 娘\n",  # three fields
        "+ |的菜\n",  # a continuation of nothing
    ],
)
def test_senses_rejects_malformed_rows(text: str) -> None:
    from auditor.rules.lexicon import parse_senses

    with pytest.raises(LexiconError):
        parse_senses(text, "t.txt")


def test_word_sets_span_lines() -> None:
    from auditor.rules.lexicon import parse_word_sets

    text = "# x\n@set A\n赶紧 马上\n立刻\n@set B\n这么\n"
    assert parse_word_sets(text) == {
        "A": frozenset({"赶紧", "马上", "立刻"}),
        "B": frozenset({"这么"}),
    }


def test_context_tables_are_no_categories() -> None:
    """lexicons/context/ is read by the matcher, not by the lexicon loader: no category, no
    problem, and every row of senses.txt compiles."""
    import re

    from auditor.rules.lexfiles import CONTEXT_DIR
    from auditor.rules.lexicon import parse_senses

    assert not [p for p in lint() if "context" in p.path]
    rows = parse_senses((CONTEXT_DIR / "senses.txt").read_text("utf-8"), "senses.txt")
    assert len(rows) > 40
    for row in rows:
        assert row.category in CATEGORIES
        re.compile(row.held), re.compile(row.context)


def test_senses_name_the_file_and_line_of_a_bad_pattern() -> None:
    """A row whose pattern does not compile is reported with its file and first line, not
    as a bare re.error (a continuation belongs to the row it continues)."""
    from auditor.rules.lexicon import parse_senses

    text = (
        "# a comment\n"
        "SUBSTITUTE | sentence | 替 | 球赛|教练\n"
        "BLAME | next | ^锅$ | 里(?:的汤\n"
        "+ |的菜\n"
        "KIN | after | 娘[ | 的腿\n"
    )
    with pytest.raises(LexiconError) as got:
        parse_senses(text, "senses.txt")
    where = sorted((p.path, p.line) for p in got.value.problems)
    assert where == [("senses.txt", 3), ("senses.txt", 5)]
    assert "正则表达式" in str(got.value)


def test_a_missing_context_table_is_named(tmp_path: Path) -> None:
    """A context table that is not there (an installed copy without lexicons/context/) is
    a LexiconError naming the file in Chinese, not a FileNotFoundError."""
    from auditor.rules.lexicon import read_context

    with pytest.raises(LexiconError) as got:
        read_context("words.txt", tmp_path)
    assert str(tmp_path / "words.txt") in str(got.value)
    assert "找不到" in str(got.value)
    (tmp_path / "words.txt").write_bytes("@set A\n赶紧\n".encode("gb18030"))
    with pytest.raises(LexiconError, match="UTF-8"):
        read_context("words.txt", tmp_path)


def test_a_directive_split_on_a_colon_half_or_full_width(tmp_path: Path) -> None:
    # (review41b item 8) @category：脏话 and @category:IQ are @category lines, one message.
    (tmp_path / "a.txt").write_text("@category：脏话\n菜鸡\n", "utf-8")
    (tmp_path / "b.txt").write_text("@category:IQ\n@pinyin：off\n弱智\n", "utf-8")
    lex = load([tmp_path / "a.txt"], default=False)
    assert [p.level for p in lex.problems] == ["note"]
    assert "类别“脏话”是导演自己的类别" in lex.problems[0].message
    lex = load([tmp_path / "b.txt"], default=False)  # IQ: a built-in category, added to
    assert lex.problems == []
    assert [e.term for e in lex.categories["IQ"].entries] == ["弱智"]
    assert lex.categories["IQ"].pinyin is False


def test_the_plain_list_note_says_how_a_line_is_split(tmp_path: Path) -> None:
    # (review41b item 10) the note says commas split a line, not only "one word a line"
    (tmp_path / "w.txt").write_text("菜鸡，垃圾\n", "utf-8")
    (note,) = load([tmp_path / "w.txt"], default=False).problems
    assert "逗号" in note.message and "共 2 个" in note.message


def test_explain_quotes_the_directors_own_words(tmp_path: Path) -> None:
    # (review41b item 10) the reason quotes the text as written (traditional, full width),
    # not its normalised form
    (tmp_path / "mine.txt").write_text("菜鸡\n苹果\n", "utf-8")
    m = Matcher(load([tmp_path / "mine.txt"], default=False))
    why = {pm.text: w for pm, w in m.explain("這道菜雞肉很嫩，我去蘋果園摘果子")}
    assert why["菜雞"].startswith("“菜雞”在这里不是一个词：“菜”属于“道菜”，“雞”属于“雞肉”")
    assert why["蘋果"] == "“蘋果”在这里是“蘋果園”的一部分，不算"
