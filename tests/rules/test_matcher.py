"""The banned-phrase matcher: evasions, hard negatives, seed examples, dev-set figures."""

from __future__ import annotations

import importlib.util
import re
import sys
from itertools import accumulate

import pytest

from auditor.rules.matcher import default_matcher
from auditor.rules.matcher.normalise import _HIGH, _first, _LazyPass
from auditor.rules.matcher.pinyin import _SYLLABLE_SPAN
from tests import paths

ROOT = paths.ROOT


def cats(text: str) -> set[str]:
    return {m.category for m in default_matcher().find(text)}


SEED_EXAMPLES = [  # 030 违规判定 examples, with the category they break
    ("我准备好背锅了", "BLAME"),
    ("一定要选他当MVP", "AWARD"),
    ("最佳演绎收好", "AWARD"),
    ("结束后求认识", "AWARD"),
    ("已拉黑，一律不共场", "AWARD"),
    ("我能说脏话吗", "EMOTION"),
    ("卧槽真吊", "BODY"),
    ("卧槽真吊", "VULGAR"),
    ("你杀品真差", "CHARACTER"),
    ("不信我你等着结束后看演员表吧", "GUARANTEE"),
    ("他都这么贴脸了，我没法不信他", "FACE"),
    ("导演给我的反馈就是这样的", "DIRECTOR"),
    ("我刚刚问过导演了，规则是这样结算的", "DIRECTOR"),
    ("你知道我刀法很差的", "SOCKPUPPET"),
    ("媳妇GET(2/3)", "SOCKPUPPET"),
    ("你忘了那场女巫黑情侣了？", "PASTGAME"),
    ("他这么换替补我怎么认他狼", "SUBSTITUTE"),
    ("我信A，但是我场助比较信B", "ASSISTANT"),
    ("你们要出我不如我淹死好了", "DROWN"),
    ("我要是狼我就去死", "GUARANTEE"),
    ("以我的人格担保", "GUARANTEE"),
]


@pytest.mark.parametrize(("text", "category"), SEED_EXAMPLES)
def test_seed_examples_caught(text: str, category: str) -> None:
    assert category in cats(text)


@pytest.mark.parametrize(
    "text",
    [
        "这个操作不错",
        "狼队逼近胜利",
        "干杯！",
        "好日子",
        "羊在吃草",
        "草原上",
        "我操心一下",
        "白痴翻牌了",
        "猪肉好吃",
        "还剩250分钟",
        "748楼说得对",
        "等我去趟WC回来就投票",
        "吐个槽",
        "狼人杀",
        "[quote]卧槽真吊[/quote]这句算违规吧",
    ],
)
def test_hard_negatives_pass(text: str) -> None:
    assert default_matcher().find(text) == []


@pytest.mark.parametrize(
    ("text", "how"),
    [
        ("卧~槽", "去噪"),
        ("卧.槽", "去噪"),
        ("臥槽", "繁简"),
        ("ＷＣ，这", "全半角/大小写"),
        ("卧卧卧槽槽", "叠字"),
        ("woc，这都行", "原文"),
        ("卧草", "原文"),
        ("tmd", "首字母"),
        ("wocao", "音近"),
        ("女马的", "形近"),
        ("S.B狼队", "去噪"),
    ],
)
def test_evasions_and_how(text: str, how: str) -> None:
    found = default_matcher().find(text)
    assert found, text
    assert how in found[0].how


def test_span_refers_to_original_text() -> None:
    text = "各位好，臥~~槽槽，这票型"
    (m,) = default_matcher().find(text)
    assert (m.category, m.entry) == ("VULGAR", "卧槽")
    assert text[m.start : m.end] == m.text == "臥~~槽槽"
    assert set(m.how) >= {"繁简", "去噪", "叠字"}


def test_homophone_checked_by_word_boundaries() -> None:
    assert "VULGAR" in cats("我草，又平票")
    assert cats("我曹操是好人") == set()


def test_prefilter_agrees_with_find() -> None:
    m = default_matcher()
    for text in ("今天天气不错，我验了饺子", "卧槽"):
        assert m.prefilter(text) == bool(m.find(text)) or m.prefilter(text)
    assert not m.prefilter("今天天气不错，我验了饺子，金水")


def _devset_eval():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location(
        "devset_eval", ROOT / "scripts" / "devset_eval.py"
    )
    assert spec and spec.loader
    mod = importlib.util.module_from_spec(spec)
    sys.modules["devset_eval"] = mod
    spec.loader.exec_module(mod)
    return mod


def test_devset_precision_and_recall() -> None:
    ev = _devset_eval()
    s = ev.score(ev.read_rows(ROOT / "tests" / "devset" / "phrases_dev.tsv"), ev.matcher_predict())
    assert s.precision() >= 0.9 and s.recall() >= 0.9, (s.precision(), s.recall())
    for c in s.categories:
        assert s.precision(c) >= 0.8 and s.recall(c) >= 0.8, (c, s.precision(c), s.recall(c))
    assert len(s.categories) == 19


def test_a_pattern_branch_needs_all_its_required_words() -> None:
    from auditor.rules.matcher import branch_requirements

    freq = {"有问题": 5000, "错了": 3000, "导演": 800, "法官": 700}
    pattern = r"(导演|法官)[^。]{0,6}(错了|有问题)|不服(判罚|这张牌)"
    got = branch_requirements(pattern, freq)
    assert got is not None and len(got) == 2
    first, second = got
    assert {"导演", "法官"} in first and {"错了", "有问题"} in first
    assert first[0] == {"导演", "法官"}  # the rarer set triggers
    assert second[0] in ({"不服"}, {"判罚", "这张牌"}, {"不服判罚", "不服这张牌"})
    assert branch_requirements(r"(导演|.)说", freq) == [[{"说"}]]
    # game talk with one required word only is not tried; the complaint is found
    assert cats("这段逻辑有问题。") == set()
    assert "DIRECTOR" in cats("导演这个判罚有问题")


def test_find_all_finds_what_find_finds() -> None:
    """The batch (one scan over every text) against one text at a time, on every line of
    the labelled sets and on texts that could leak across the batch separator."""
    ev = _devset_eval()
    texts = [r.text for f in sorted(ROOT.glob("tests/devset*/*.tsv")) for r in ev.read_rows(f)]
    texts += [
        "",
        "卧\x00槽",  # the separator inside a text: done one by one
        "傻",
        "逼你",
        "[quote]卧槽[/quote]好人",
        "𠀋卧槽🐶",  # code points above the list tables
        "wo",
        "cao，今天",
        "哈哈哈",
        "哈",
        "卧卧",
        "槽槽你好",
    ]
    m = default_matcher()
    one = [m.find(t) for t in texts]
    assert m.find_all(texts) == one
    assert sum(map(bool, one)) > 1000
    # a batch long enough for the numpy passes
    from auditor.rules.matcher import NUMPY_BATCH

    times = NUMPY_BATCH // sum(map(len, texts)) + 1
    assert m.find_all(texts * times) == one * times
    # ... and one holding a character above the list tables (the dict path)
    high = ["𠀋卧槽，你这个沙比", *texts]
    assert m.find_all(high * times) == [m.find(high[0]), *one] * times
    # neighbours cannot make a match: each text alone and between others gives the same
    pieces = ["卧", "槽", "s", "b", "沙", "比", "这个沙比"]
    assert m.find_all(pieces) == [m.find(t) for t in pieces]
    assert [bool(x) for x in m.find_all(pieces)] == [False] * 6 + [True]


def test_readings_from_the_tables_are_pypinyins() -> None:
    """Every CJK clause of the labelled sets (windows of 2 to 8 characters): the readings
    the matcher compares (a two-character candidate at each place) are pypinyin's own,
    phrase-aware ones, whether they come from the cached tables or from pypinyin."""
    from pypinyin import lazy_pinyin

    from auditor.rules.matcher import CJK_RANGES

    ev = _devset_eval()
    m = default_matcher()
    run = re.compile(f"[{CJK_RANGES}]+")
    clauses = {
        r[i : i + n]
        for f in sorted(ROOT.glob("tests/devset*/*.tsv"))
        for row in ev.read_rows(f)
        for r in run.findall(m.built.norm.normalise(row.text))
        for n in (2, 3, 5, 8)
        for i in range(max(1, len(r) - n + 1))
    }
    assert len(clauses) > 5000
    for c in clauses:
        said = lazy_pinyin(c)
        assert len(said) == len(c)
        for s in range(len(c) - 1):
            assert m.confirmer.readings(c, s, s + 2)[s : s + 2] == said[s : s + 2], (c, s)


def test_batch_normalisation_with_numpy_is_the_regexes() -> None:
    """find_all's long-batch path (noise, repeats and the pinyin rendering on numpy arrays)
    gives what the regexes give: on texts made to reach every edge of NOISE_RE (runs of one
    to four noise characters, at the ends, beside letters), REPEAT_RE (reduplicating
    characters, runs at the ends) and ASCII_NOISE_RE, and on all the labelled lines as one
    text."""
    from auditor.rules import matcher as mod

    m = default_matcher()
    table = m._list("norm")
    cases = [
        "",
        "，",
        "卧，槽",
        "卧，，，槽",
        "卧，，，，槽",
        "，卧槽，",
        "卧 ~ 槽",
        "a，槽",
        "卧，a",
        "卧卧卧槽槽",
        "妈妈看看卧卧",
        "卧卧",
        "槽槽槽",
        "S.B 你 s-b 了",
        "m.v.p 卧.槽",
        "卧…槽",
        "𠀋卧，槽🐶",
        "卧\x00，槽",
        "卧，\n槽",
        "卧\u200b槽㈠",
        "\u200b",
        "㈠㈡…",
        # ASCII_NOISE_RE at every edge: one or two noise characters, words before/after
        "a.b",
        "a..b",
        "a.-b",
        "a...b",
        "ab.c",
        "a.bc",
        "1a.b",
        "a.b1",
        ".a.b.",
        "s·b s•b s~b s*b s_b",
        "x-y-z",
        "a.",
        ".b",
        # spaced pinyin (SPACED_PINYIN): runs of syllable words, at the ends, beside English
        "tie lian",
        "他 tie  lian，wo cao",
        "ｔｉｅ　ｌｉａｎ啊",
        "let me tie lian up",
        "tie lian 2 wo cao",
        "x tie lian",
        "tie lian\x00wo cao",
        # split characters (女马 → 妈) and many characters that expand or vanish
        "你女马的",
        "卧\u200b槽…a.b，" * 600,
    ]
    ev = _devset_eval()
    lines = [r.text for f in sorted(ROOT.glob("tests/devset*/*.tsv")) for r in ev.read_rows(f)]
    for text in [*cases, "\x00".join(lines), "\x00".join(cases)]:
        if _HIGH.search(text):
            continue  # (the list tables' span: such batches take the dict path)
        got, codes, index = m.built.norm.normalise_codes(text)
        assert got == m.built.norm.normalise(text) == m.built.norm.normalise(text, table), text
        # the same syllable codes at the same offsets (the batch blanks every other
        # character; the table leaves those, which no key holds)
        codes_only = "".join(
            c if mod.SYLLABLE_BASE <= ord(c) < mod.SYLLABLE_BASE + _SYLLABLE_SPAN else "\x01"
            for c in got.translate(m.built.py_render)
        )
        assert m._render_batch(codes) == codes_only, text
        # the original indices: what mapped() gives, text by text
        texts = text.split("\x00")
        if index is None:
            assert m.built.norm.join_re is not None and m.built.norm.join_re.search(
                text.translate(table)
            )
            continue
        at = list(accumulate((len(x) + 1 for x in texts), initial=0))
        norm_at = list(accumulate((len(x) + 1 for x in got.split("\x00")), initial=0))
        for k, t in enumerate(texts):
            part, idx = m.built.norm.mapped(t)
            assert part == got[norm_at[k] : norm_at[k + 1] - 1], t
            assert (index[norm_at[k] : norm_at[k + 1] - 1] - at[k]).tolist() == idx, t


def test_python_passes_are_the_regexes() -> None:
    """NOISE_RE and REPEAT_RE done in Python (what a process uses before it has passed
    enough text to compile the CJK classes) give the regexes' matches and results: on
    texts made to reach every edge (runs of one to four noise characters at the ends and
    beside letters, digits and \\x01; reduplicating and repeated characters; CJK at the
    ranges' ends) and on the labelled lines."""
    import random

    from auditor.rules import matcher as mod

    alphabet = [*"卧槽妈看好天", "\u3400", "\u4dbf", "\u4e00", "\u9fff", "\uf900", "\ufaff"]
    alphabet += [*"，,~ .·…、“”", "\t", "\u3000", *"ab1\x01\x02\n", "\U00020000", "\u3300"]
    rnd = random.Random(19)
    texts = ["".join(rnd.choice(alphabet) for _ in range(rnd.randint(0, 24))) for _ in range(4000)]
    ev = _devset_eval()
    texts += [r.text for f in sorted(ROOT.glob("tests/devset*/*.tsv")) for r in ev.read_rows(f)]
    for lazy, repl in ((mod.NOISE_RE, ""), (mod.REPEAT_RE, _first)):
        rx = re.compile(lazy.pattern)
        python = _LazyPass(lazy.pattern, lazy._spans)  # (uncompiled: the Python pass)
        python._budget = 10**9
        for text in texts:
            assert [m.span() for m in python.finditer(text)] == [
                m.span() for m in rx.finditer(text)
            ], text
            assert python.sub(repl, text) == rx.sub(repl, text), text
        assert python._rx is None  # (it never compiled the regex)


def test_code_points_round_trip() -> None:
    """The batch's code points (``code_points``) and back (``text_of_code_points``),
    characters beyond the BMP, lone surrogates and two lone halves (which UTF-16 would read
    as one character) included."""
    from auditor.rules import matcher as mod

    for text in [
        "",
        "卧槽\x00tmd",
        "\U0001f600草\U00020bb7",
        "\ud800\udc00",
        "a\udfff",
        "\uffff\ue000",
    ]:
        codes = mod.code_points(text)
        assert codes.dtype == "uint32" and codes.tolist() == [ord(c) for c in text], text
        assert mod.text_of_code_points(codes) == text


def test_importing_the_matcher_reads_no_context_table() -> None:
    """auditor/lexicons/context/ is package data, but a copy may lack a table (a partial
    install, a checkout without it): importing the matcher must not read it (such a copy
    would die at import with a bare FileNotFoundError); the tables are read on first use,
    where a missing one is a LexiconError naming it."""
    import subprocess

    code = (
        "import pathlib\n"
        "real = pathlib.Path.read_text\n"
        "def guarded(self, *a, **k):\n"
        "    if 'context' in self.parts:\n"
        "        raise FileNotFoundError(self)\n"
        "    return real(self, *a, **k)\n"
        "pathlib.Path.read_text = guarded\n"
        "import auditor.rules.matcher, auditor.rules.said.senses\n"
        "from auditor.rules.lexicon import LexiconError, context_word_sets\n"
        "try:\n"
        "    context_word_sets()\n"
        "except LexiconError as e:\n"
        "    print('LexiconError', e)\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=False
    )
    assert out.returncode == 0, out.stderr
    assert out.stdout.startswith("LexiconError") and "words.txt" in out.stdout


def test_the_medial_pairs_are_found_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """The medial pairs of the confusion table (f hu) are worked out when the matcher is
    built, not again for every near match (灰物 read as 废物, 我花式 as 我|花式)."""
    from auditor.rules.matcher import build, pinyin

    m = default_matcher()

    def again(pairs: object) -> dict[str, str]:
        raise AssertionError("medial pairs recomputed for a near match")

    for module in (build, pinyin):  # (where the matcher's steps would look it up)
        monkeypatch.setattr(module, "_glides", again)
    assert m.built.glides == {"h": "f"}
    for text in ("你就是个灰物", "我花式打法你学不会", "3号灰物一个"):
        m.find(text)


def test_each_step_owns_its_caches() -> None:
    """The matcher's steps are objects it holds (composition): none reads another's
    private names, and each empties its own caches when pickled for the disk cache."""
    import pickle

    folder = ROOT / "auditor" / "rules" / "matcher"
    crossing = re.compile(r"\.(built|confirmer|sentences)\._[a-z]")
    for f in sorted(folder.glob("*.py")):
        assert not crossing.search(f.read_text("utf-8")), f.name
    m = default_matcher()
    m.find("你这个沙比，卧槽，我发誓")
    again = pickle.loads(pickle.dumps(m))
    assert again.confirmer._verdicts == {} and again.sentences._regexes == {}
    assert again.confirmer.built is again.built is again.sentences.built
    assert again.find("你这个沙比") == m.find("你这个沙比")
