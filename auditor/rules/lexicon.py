"""Banned-phrase lexicons: the director-editable files in ``lexicons/``.

One file per category.  The format (documented for directors in ``lexicons/README.md``)::

    # 注释
    @category VULGAR
    @title 下流动词称呼或感叹
    @seed M107 违规判定 1(2)
    @pinyin on          # 音近（拼音）匹配，默认 on
    @initials on        # 拼音首字母缩写（wc、tmd），默认 off；long = 只对四个字以上的写法
    @near on            # 近音（l/n、zh/z、an/ang …，lexicons/_confusion.txt），默认 on；
                        # long = 只对三个字以上的写法
    @boundary word      # 需落在 jieba 分词边界上，默认 word；off = 任何位置
    @sound off          # 之后的词条只按写法匹配，不听音（方言词），到 @sound on 为止
    @passive on         # 被动的“被”也读作 让、叫、给（出门让车撞死 = 出门被车撞死），默认 off

    卧槽 | 我操 我靠 wc | 卧槽里 | 030 2(2) 例：卧槽真吊
    re:我要?是狼.{0,6}就 | 是狼 | | 发誓句式

Fields are separated by `` | `` (a bar with spaces around it): term, variants, exceptions,
note; only the term is required.  Lists are split on spaces, commas and 、.  A term that
starts with ``re:`` is a regular expression over the normalised text; its second field then
lists the anchor words, at least one of which must occur before the expression is tried.
``{n}`` inside a term allows up to n characters between its parts (the Discuz! 词语过滤
syntax).  Files whose name starts with ``_`` are tables, not categories
(``_lookalike.txt``: 形近字, two characters per line, and ``_dialect.txt`` in the same format:
Cantonese characters read as their Mandarin ones (唔 不, 咗 了); ``_confusion.txt``: the 近音
confusion table, two spellings of an initial or a final per line; ``_emoji.txt``: what an
emoji reads as where its Unicode CLDR Chinese name does not say it, emoji and characters;
``_common.txt``: words common in game talk, which the matcher never relies on alone to
decide whether to try a sentence pattern; ``_game.txt``: the game's own words, 加速日,
讨论日, 警长: a match inside one of them is no match, for every lexicon; ``_shape.txt``:
a character of the lexicons' words, then the characters that look like it, written by
``scripts/shape_table.py``: a spelling with one of them swapped in is a 形近 cloak of the
word, never a translation of every text).

A Discuz! 词语过滤 export (``word={BANNED}`` / ``word={MOD}`` / ``word=replacement`` lines)
is read as one category (``CENSOR`` unless told otherwise) and gets the same evasion
handling as every other lexicon (音近, 近音, word boundaries on); ``@pinyin off``,
``@near off``, ``@initials on`` or ``@boundary off`` lines in it switch a step.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from functools import cache
from pathlib import Path
from typing import NamedTuple

from auditor.errors import AuditorError
from auditor.rules.lexfiles import CONTEXT_DIR
from auditor.rules.lexfiles import DEFAULT_DIR as DEFAULT_DIR
from auditor.rules.lexfiles import lexicon_digest as lexicon_digest

CENSOR = "CENSOR"
# A field bar has a space (or the line end) on at least one side; regex alternations do not.
_FIELD_SPLIT = re.compile(r"(?<=\s)\|(?=\s|$)|(?<=\s)\|(?=\S)|\|(?=\s|$)")
_LIST_SPLIT = re.compile(r"[\s,，、;；]+")
_GAP = re.compile(r"\{(\d+)\}")
_CATEGORY_RE = re.compile(r"^[A-Z][A-Z0-9_]*$")
_DISCUZ_LINE = re.compile(r"^(?P<find>.+?)=(?P<repl>.*)$")
DIRECTIVES = (
    "category",
    "title",
    "seed",
    "pinyin",
    "initials",
    "near",
    "boundary",
    "sound",
    "passive",
)
SWITCHES = ("pinyin", "initials", "near", "boundary", "sound", "passive")
_SWITCH_FIELDS = ("pinyin", "initials", "initials_long", "near", "near_long", "boundary")
# A plain word list of the director's may put several words on a line: 菜鸡，垃圾、废物
_PLAIN_SPLIT = re.compile(r"[，、,;；]+")


class LexiconError(AuditorError):
    """A lexicon file that cannot be used; names the file and line."""

    def __init__(self, problems: Sequence[Problem]) -> None:
        self.problems = list(problems)
        super().__init__("词库有错误：\n" + "\n".join(str(p) for p in self.problems))


@dataclass(frozen=True, slots=True)
class Problem:
    path: str
    line: int
    message: str
    level: str = "error"  # error | warning | note (how a file was read: no fault)

    def __str__(self) -> str:
        tag = {"error": "错误", "note": "说明"}.get(self.level, "警告")
        return f"{self.path}:{self.line}: {tag}：{self.message}"


@dataclass(frozen=True, slots=True)
class Entry:
    """One lexicon line."""

    category: str
    term: str
    variants: tuple[str, ...] = ()
    exceptions: tuple[str, ...] = ()
    note: str = ""
    source: str = ""  # "file:line"
    regex: str | None = None  # a sentence pattern (``re:`` terms and ``{n}`` gaps)
    anchors: tuple[str, ...] = ()  # for patterns: words one of which must occur
    # ``@sound off`` above it: read as written (繁简, 形近, 方言字, noise), never by its sound —
    # dialect words: 痴线 is no 吃先, 嬲到 no 聊到
    heard: bool = True

    @property
    def label(self) -> str:
        """How a director recognises the entry: the term, or a pattern's note."""
        if self.regex is not None and self.term.startswith("re:"):
            return self.note.split("（")[0].strip() or self.term
        return self.term

    @property
    def forms(self) -> tuple[str, ...]:
        """The literal spellings of a word entry (term first)."""
        if self.regex is not None:
            return ()
        return (self.term, *self.variants)


@dataclass(slots=True)
class Category:
    code: str
    title: str = ""
    seeds: list[str] = field(default_factory=list)
    pinyin: bool = True
    initials: bool = False
    initials_long: bool = False  # ``@initials long``: initials of spellings of 4+ characters only
    near: bool = True
    near_long: bool = False  # ``@near long``: near sounds for spellings of 3+ characters only
    boundary: bool = True
    sound: bool = True  # ``@sound on`` / ``off``: the entries after it are heard or not
    # ``@passive on``: 被 before an agent and a verb (被车撞) is any of the passive markers
    # 被/让/叫/给 (出门让车撞死, 叫雷劈了, 给车撞了): one class, not one word
    passive: bool = False
    entries: list[Entry] = field(default_factory=list)
    path: str = ""


@dataclass(slots=True)
class Lexicon:
    """Categories by code; several files may add to one category."""

    categories: dict[str, Category] = field(default_factory=dict)
    lookalike: dict[str, str] = field(default_factory=dict)
    # 形近 one character at a time (``_shape.txt``): a word's character -> the characters
    # that look like it; a spelling with one of them is a cloak of the word, never a
    # translation of every text (由 stays 由 outside 马由)
    shapes: dict[str, tuple[str, ...]] = field(default_factory=dict)
    confusion: list[tuple[str, str]] = field(default_factory=list)
    emoji: dict[str, str] = field(default_factory=dict)
    common: set[str] = field(default_factory=set)  # game-talk words: never an anchor alone
    game: set[str] = field(default_factory=set)  # the game's own words: no match inside one
    sources: list[str] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)

    @property
    def entries(self) -> list[Entry]:
        return [e for c in self.categories.values() for e in c.entries]

    def merge(self, other: Lexicon) -> None:
        for code, cat in other.categories.items():
            mine = self.categories.get(code)
            if mine is None:
                self.categories[code] = cat
            else:
                if not mine.entries:
                    # a header alone (censor.txt) takes the switches of the first file with
                    # words: a Discuz! export's ``@pinyin off`` is kept
                    for name in _SWITCH_FIELDS:
                        setattr(mine, name, getattr(cat, name))
                mine.entries.extend(cat.entries)
                mine.seeds.extend(s for s in cat.seeds if s not in mine.seeds)
                mine.title = mine.title or cat.title
        self.lookalike.update(other.lookalike)
        self.shapes.update(other.shapes)
        self.confusion.extend(p for p in other.confusion if p not in self.confusion)
        self.emoji.update(other.emoji)
        self.common |= other.common
        self.game |= other.game
        self.sources.extend(other.sources)
        self.problems.extend(other.problems)

    def digest(self) -> str:
        """Identifies the lexicon's content (used to cache compiled matchers)."""
        h = hashlib.sha256()
        for code in sorted(self.categories):
            c = self.categories[code]
            h.update(
                f"{code}|{c.pinyin}|{c.initials}|{c.initials_long}|{c.near}|{c.near_long}|"
                f"{c.boundary}\n".encode()
            )
            for e in c.entries:
                h.update(repr((e.term, e.variants, e.exceptions, e.regex, e.anchors)).encode())
        h.update(repr(sorted(self.lookalike.items())).encode())
        h.update(repr(sorted(self.shapes.items())).encode())
        h.update(repr(self.confusion).encode())
        h.update(repr(sorted(self.emoji.items())).encode())
        h.update(repr(sorted(self.game)).encode())
        return h.hexdigest()


def _split_list(text: str) -> tuple[str, ...]:
    return tuple(x for x in _LIST_SPLIT.split(text.strip()) if x)


def _overlaps(x: str, f: str) -> bool:
    """Can an occurrence of exception ``x`` overlap an occurrence of form ``f``?"""
    if x in f or f in x:
        return True
    return any(x[:k] == f[-k:] or x[-k:] == f[:k] for k in range(1, min(len(x), len(f))))


def gap_regex(term: str) -> str:
    """``以{4}担保`` → ``以.{0,4}担保`` (Discuz! 词语过滤 wildcard)."""
    parts = _GAP.split(term)
    out = []
    for i, part in enumerate(parts):
        out.append(f".{{0,{part}}}" if i % 2 else re.escape(part))
    return "".join(out)


def _on_off(value: str) -> bool | None:
    v = value.strip().lower()
    if v in ("on", "yes", "true", "1", "开", "是"):
        return True
    if v in ("off", "no", "false", "0", "关", "否"):
        return False
    return None


def parse_lexicon(
    text: str, path: str = "<lexicon>", *, category: str | None = None, own: bool = False
) -> Lexicon:
    """Parse one lexicon file; problems (with line numbers) are collected, not raised.

    ``own``: a file of the director's (``[rules] lexicons``, ``lexicon test --lexicon``).
    A plain word list in it (no ``@category``) and a category name of his own (INSULT,
    脏话) are his own banned words, read into :data:`CENSOR` (rule PHRASE-CENSOR) with a
    note saying so; in the bundled lexicons both stay errors."""
    lex = Lexicon(sources=[path])
    if category is None and is_discuz_export(text):
        return parse_discuz(text, path)
    cat: Category | None = Category(category, path=path) if category else None
    problems = lex.problems
    plain = own and category is None and not _declares_category(text)
    if plain:
        cat = Category(CENSOR, path=path)
    own_name = ""
    seen: dict[str, int] = {}
    for lineno, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if own and _is_category_line(line):
            cat, own_name = _own_category(line, lineno, path, cat, problems)
        elif line.startswith("@"):
            cat = _directive(line, lineno, path, cat, problems)
        else:
            _own_entries(line, lineno, path, cat, problems, seen, plain, own_name)
    if cat is not None:
        lex.categories[cat.code] = cat
        if plain:
            problems.append(Problem(path, 1, _plain_note(len(cat.entries)), "note"))
    elif not problems:
        problems.append(Problem(path, 1, "文件中没有 @category", "warning"))
    return lex


def _own_entries(
    line: str,
    lineno: int,
    path: str,
    cat: Category | None,
    problems: list[Problem],
    seen: dict[str, int],
    plain: bool,
    own_name: str,
) -> None:
    """An entry line; in a plain word list of the director's, each of its words (菜鸡，垃圾)
    is an entry; his words without a note of their own say whose they are."""
    if plain and " | " not in line:
        words = [w.strip() for w in _PLAIN_SPLIT.split(line) if w.strip()]
        note = "导演自己的词"
    else:
        words, note = [line], f"导演自己的类别“{own_name}”" if own_name else ""
    for word in words:
        before = len(cat.entries) if cat is not None else 0
        _entry(word, lineno, path, cat, problems, seen)
        if note and cat is not None:
            cat.entries[before:] = [
                e if e.note else replace(e, note=note) for e in cat.entries[before:]
            ]


def _declares_category(text: str) -> bool:
    return any(_is_category_line(ln.strip()) for ln in text.splitlines())


_DIRECTIVE_GAP = re.compile(r"[:：\s]+")


def _split_directive(line: str) -> tuple[str, str]:
    """``@name value``'s name (lower case) and value; the name ends at a space or a colon,
    half- or full-width (``@category 脏话``, ``@category：脏话``, ``@category:IQ``)."""
    name, _, value = _DIRECTIVE_GAP.sub(" ", line[1:].strip(), count=1).partition(" ")
    return name.strip().lower(), value.strip()


def _is_category_line(line: str) -> bool:
    return line[:1] == "@" and _split_directive(line)[0] == "category"


def _plain_note(n: int) -> str:
    return (
        "这个文件没有 @category：当作导演自己的违禁词（每行一个词，或几个词用逗号、顿号、"
        f"分号隔开；写成“词 | 变体 | 例外”的一行是一个词条；共 {n} 个），"
        f"由规则 PHRASE-CENSOR 报告；游戏文件的 [rules] lexicons 写上这个文件，这条规则就打开"
        "（不用再写别的）"
    )


@cache
def builtin_categories() -> frozenset[str]:
    """The categories of the bundled lexicons: each has its PHRASE rule."""
    return frozenset(headers(DEFAULT_DIR))


def _own_category(
    line: str, lineno: int, path: str, cat: Category | None, problems: list[Problem]
) -> tuple[Category | None, str]:
    """A director's ``@category``: a built-in one adds to it; a name of his own (INSULT,
    脏话) is his own banned words, category :data:`CENSOR`, its name kept in each note."""
    value = _split_directive(line)[1]
    if value in builtin_categories():
        return _directive(line, lineno, path, cat, problems), ""
    if not value:
        problems.append(Problem(path, lineno, "@category 后面要写类别名"))
        return cat, ""
    if cat is not None and cat.entries:
        problems.append(Problem(path, lineno, "@category 应写在所有词条之前"))
    problems.append(
        Problem(
            path,
            lineno,
            f"类别“{value}”是导演自己的类别：它的词由规则 PHRASE-CENSOR（导演自己的违禁词）"
            "报告，报告里的备注写着“导演自己的类别”；游戏文件的 [rules] lexicons 写上这个文件，"
            "这条规则就打开（不用再写别的）",
            "note",
        )
    )
    return Category(CENSOR, path=path), value


def _directive(
    line: str, lineno: int, path: str, cat: Category | None, problems: list[Problem]
) -> Category | None:
    """One ``@name value`` line: the category it opens, or ``cat`` with the setting applied."""
    name, value = _split_directive(line)
    if name not in DIRECTIVES:
        problems.append(
            Problem(
                path,
                lineno,
                f"未知的设置 @{name}；可用：{', '.join('@' + d for d in DIRECTIVES)}",
            )
        )
        return cat
    if name == "category":
        if not _CATEGORY_RE.match(value):
            problems.append(
                Problem(path, lineno, f"类别代码应为大写英文（如 VULGAR），而不是 {value!r}")
            )
            return cat
        if cat is not None and cat.entries:
            problems.append(Problem(path, lineno, "@category 应写在所有词条之前"))
        cat = Category(value, path=path)
        return cat
    if cat is None:
        problems.append(Problem(path, lineno, f"@{name} 之前缺少 @category"))
        return cat
    if name == "title":
        cat.title = value
    elif name == "seed":
        cat.seeds.append(value)
    else:
        _switch(cat, name, value, path, lineno, problems)
    return cat


def _entry(
    line: str,
    lineno: int,
    path: str,
    cat: Category | None,
    problems: list[Problem],
    seen: dict[str, int],
) -> None:
    """One entry line of category ``cat``, appended to it (problems collected)."""
    if cat is None:
        problems.append(
            Problem(path, lineno, "词条之前缺少 @category（文件开头写 @category 类别代码）")
        )
        return
    fields = [f.strip() for f in _FIELD_SPLIT.split(line)]
    if len(fields) > 4:
        problems.append(Problem(path, lineno, "字段太多：最多 4 个（词 | 变体 | 例外 | 备注）"))
        return
    term = fields[0]
    if not term:
        problems.append(Problem(path, lineno, "缺少词条"))
        return
    if "|" in term and not term.startswith("re:"):
        problems.append(
            Problem(path, lineno, "词条中有 |：字段之间请用“ | ”（两边各一个空格）分隔")
        )
        return
    variants = _split_list(fields[1]) if len(fields) > 1 else ()
    exceptions = _split_list(fields[2]) if len(fields) > 2 else ()
    note = fields[3] if len(fields) > 3 else ""
    regex: str | None = None
    anchors: tuple[str, ...] = ()
    source = f"{path}:{lineno}"
    if term.startswith("re:"):
        regex = term[3:]
        anchors, variants = variants, ()
        try:
            re.compile(regex)
        except re.error as exc:
            problems.append(Problem(path, lineno, f"正则表达式有误：{exc}"))
            return
        if not anchors:
            problems.append(
                Problem(
                    path,
                    lineno,
                    "句式没有关键字（第二栏）：每条帖子都要试一遍，会变慢",
                    "warning",
                )
            )
    elif _GAP.search(term):
        regex = gap_regex(term)
        anchors = tuple(p for i, p in enumerate(_GAP.split(term)) if i % 2 == 0 and p)
        anchors = (max(anchors, key=len),) if anchors else ()
    key = term.lower()
    if key in seen:
        problems.append(
            Problem(path, lineno, f"词条 {term} 重复（第 {seen[key]} 行已有）", "warning")
        )
    seen[key] = lineno
    for v in variants:
        if v.lower() in seen and v.lower() != key:
            problems.append(
                Problem(path, lineno, f"变体 {v} 已是第 {seen[v.lower()]} 行的词条", "warning")
            )
    for x in exceptions:
        if regex is None and not any(_overlaps(x.lower(), f.lower()) for f in (term, *variants)):
            msg = f"例外 {x} 与词条及变体没有共同的字：只对音近匹配起作用"
            problems.append(Problem(path, lineno, msg, "warning"))
    cat.entries.append(
        _passive(cat, Entry(cat.code, term, variants, exceptions, note, source, regex, anchors))
    )


# The passive markers (``@passive on``): 被 and the colloquial 让, 叫, 给 that take its place
# before the agent (我出门让车撞死, 叫雷劈了, 给狗咬了).  Alone before nothing (出门被…) 让/给
# are no passive (出门给你带饭), so only a 被 something follows in the entry is widened.
PASSIVE_MARKERS = ("被", "让", "叫", "给")
_PASSIVE_CLASS = "(?:" + "|".join(PASSIVE_MARKERS) + ")"


def passive_regex(regex: str) -> str:
    """``regex`` with each 被 that an agent or a verb follows in the pattern (a character,
    a group, a class: 被车撞, 被(你|他), 被[^。]{0,3}) read as any passive marker; a 被 that
    ends a branch (出门被|, 出门被(?![雷天])) or sits in a character class stays as it is."""
    out: list[str] = []
    in_class = escaped = False
    for i, c in enumerate(regex):
        if escaped:
            escaped = False
        elif c == "\\":
            escaped = True
        elif in_class:
            in_class = c != "]"
        elif c == "[":
            in_class = True
        elif c == "被":
            if _goes_on(regex, i + 1):
                out.append(_PASSIVE_CLASS)
                continue
            if regex[i - 1 : i] in ("(", "|") and regex[i + 1 : i + 2] in ("|", ")"):
                # 被 alone as one branch of a group ((被|遭|挨)雷劈): what follows the group
                close = _group_end(regex, i)
                if close is not None and _goes_on(regex, close + 1):
                    out.append("|".join(PASSIVE_MARKERS))
                    continue
        out.append(c)
    return "".join(out)


def _goes_on(regex: str, at: int) -> bool:
    """Does the pattern go on with an agent or a verb at ``at`` (a character, a group, a
    class), not end a branch (``|``, ``)``, the end) or look around (``(?!``)?"""
    nxt = regex[at : at + 3]
    return bool(nxt) and (
        nxt[0] == "["
        or (nxt[0] == "(" and nxt[1:2] != "?")
        or nxt.startswith("(?:")
        or "\u4e00" <= nxt[0] <= "\u9fff"
    )


def _group_end(regex: str, at: int) -> int | None:
    """The index of the ``)`` closing the group that ``regex[at]`` stands in (None: none)."""
    depth = 0
    escaped = in_class = False
    for j in range(at, len(regex)):
        c = regex[j]
        if escaped:
            escaped = False
        elif c == "\\":
            escaped = True
        elif in_class:
            in_class = c != "]"
        elif c == "[":
            in_class = True
        elif c == "(":
            depth += 1
        elif c == ")":
            if depth == 0:
                return j
            depth -= 1
    return None


def passive_forms(forms: Sequence[str]) -> tuple[str, ...]:
    """``forms`` and, for each with a 被 that two more characters follow (出门被车撞), the
    same with 让, 叫 and 给 in its place."""
    out = list(forms)
    for f in forms:
        at = f.find("被")
        if at != -1 and len(f) - at >= 3:
            for marker in PASSIVE_MARKERS[1:]:
                g = f[:at] + marker + f[at + 1 :]
                if g not in out:
                    out.append(g)
    return tuple(out)


def _passive(cat: Category, e: Entry) -> Entry:
    """A new entry of ``cat``, heard as the ``@sound`` switch above it says, with its 被 read
    as the passive class where the category is ``@passive on``."""
    e = replace(e, heard=cat.sound)
    if not cat.passive:
        return e
    exceptions = passive_forms(e.exceptions)
    if e.regex is not None:
        return replace(e, regex=passive_regex(e.regex), exceptions=exceptions)
    return replace(e, variants=passive_forms(e.forms)[1:], exceptions=exceptions)


def _switch(
    cat: Category, name: str, value: str, path: str, lineno: int, problems: list[Problem]
) -> None:
    """``@pinyin on`` / ``@boundary word`` …: one evasion step switched for a category."""
    if name == "boundary":
        v = value.lower()
        if v not in ("word", "off"):
            problems.append(Problem(path, lineno, "@boundary 只能是 word 或 off"))
        cat.boundary = v != "off"
        return
    if name == "near" and value.strip().lower() == "long":
        cat.near, cat.near_long = True, True
        return
    if name == "initials" and value.strip().lower() == "long":
        cat.initials, cat.initials_long = True, True
        return
    flag = _on_off(value)
    if flag is None:
        problems.append(Problem(path, lineno, f"@{name} 只能是 on 或 off"))
    else:
        setattr(cat, name, flag)


def parse_confusion(text: str, path: str) -> Lexicon:
    """The 近音 table: each line two toneless pinyin spellings of an initial (l n, zh z)
    or of a final's ending (an ang, v u) that speakers confuse; a note after ``#``."""
    lex = Lexicon(sources=[path])
    for lineno, raw in enumerate(text.splitlines(), 1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        parts = line.split()
        if len(parts) != 2 or not all(p.isascii() and p.isalpha() and p.islower() for p in parts):
            lex.problems.append(
                Problem(
                    path,
                    lineno,
                    "近音表每行两栏：两个容易混淆的声母或韵母（小写拼音，如 l n、an ang）",
                )
            )
            continue
        pair = (parts[0], parts[1])
        if pair not in lex.confusion:
            lex.confusion.append(pair)
    return lex


def parse_emoji(text: str, path: str) -> Lexicon:
    """What an emoji reads as (🍚 饭: the pun 饭→反 comes from the sound-alike step)."""
    lex = Lexicon(sources=[path])
    for lineno, raw in enumerate(text.splitlines(), 1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        parts = line.split()
        emo = parts[0].replace("\ufe0f", "") if parts else ""
        if len(parts) != 2 or len(emo) != 1 or emo.isalnum() or not parts[1].isalpha():
            lex.problems.append(
                Problem(path, lineno, "表情表每行两栏：一个表情符号 与 它读作的字（如 🍚 饭）")
            )
            continue
        lex.emoji[emo] = parts[1]
    return lex


def parse_common(text: str, path: str) -> Lexicon:
    """Words common in game talk (身份, 预言家, 票): speed only, never what matches."""
    lex = Lexicon(sources=[path])
    for raw in text.splitlines():
        lex.common.update(raw.split("#", 1)[0].split())
    return lex


def parse_game(text: str, path: str) -> Lexicon:
    """The game's own words (讨论日, 加速日, 警长, 出局): a match inside one is no match."""
    lex = Lexicon(sources=[path])
    for raw in text.splitlines():
        lex.game.update(raw.split("#", 1)[0].split())
    return lex


def parse_shapes(text: str, path: str) -> Lexicon:
    """``_shape.txt``: a character, then the characters that look like it (形近, one line a
    character, written by ``scripts/shape_table.py``)."""
    lex = Lexicon(sources=[path])
    for lineno, raw in enumerate(text.splitlines(), 1):
        parts = raw.split("#", 1)[0].split()
        if not parts:
            continue
        if len(parts) < 2 or any(len(x) != 1 for x in parts):
            lex.problems.append(
                Problem(path, lineno, "形近表每行：一个字，然后是看起来像它的字（都是单字）")
            )
            continue
        lex.shapes[parts[0]] = tuple(parts[1:])
    return lex


def parse_lookalike(text: str, path: str) -> Lexicon:
    lex = Lexicon(sources=[path])
    for lineno, raw in enumerate(text.splitlines(), 1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        parts = line.split()
        if len(parts) != 2 or len(parts[1]) != 1 or len(parts[0]) not in (1, 2, 3):
            lex.problems.append(
                Problem(
                    path,
                    lineno,
                    "形近字表每行两栏：看起来像的字（一个字，或拆开的两三个字）与 它代表的字",
                )
            )
            continue
        lex.lookalike[parts[0]] = parts[1]
    return lex


def is_discuz_export(text: str) -> bool:
    """A Discuz! 词语过滤 export: ``word=replacement`` lines, no ``@category``."""
    lines = [
        ln.strip() for ln in text.splitlines() if ln.strip() and not ln.lstrip().startswith("#")
    ]
    if not lines or any(ln.startswith("@") and not _is_switch(ln) for ln in lines):
        return False
    lines = [ln for ln in lines if not ln.startswith("@")]
    if not lines:
        return False
    return sum("=" in ln for ln in lines) * 2 >= len(lines) or any(
        "{BANNED}" in ln or "{MOD}" in ln for ln in lines
    )


def _is_switch(line: str) -> bool:
    return _split_directive(line)[0] in SWITCHES


def parse_discuz(text: str, path: str = "<discuz>", *, category: str = CENSOR) -> Lexicon:
    """Read a Discuz! 词语过滤 export (``管理中心 → 内容 → 词语过滤 → 导出``).

    The words get every evasion step the bundled lexicons get (音近, 近音, word
    boundaries, the common-word rule); ``@pinyin off`` … lines switch a step off."""
    cat = Category(
        category,
        title="论坛词语过滤",
        seeds=["M107 违规判定 12(2)：违反小镇文明守则的发言"],
        path=path,
    )
    lex = Lexicon(sources=[path])
    for lineno, raw in enumerate(text.splitlines(), 1):
        line = raw.strip().lstrip("\ufeff")
        if not line or line.startswith("#"):
            continue
        if line.startswith("@") and _is_switch(line):
            name, value = _split_directive(line)
            _switch(cat, name, value, path, lineno, lex.problems)
            continue
        m = _DISCUZ_LINE.match(line)
        find, repl = (m.group("find").strip(), m.group("repl").strip()) if m else (line, "{BANNED}")
        if not find:
            lex.problems.append(Problem(path, lineno, "缺少过滤词"))
            continue
        if find.startswith("/") and find.endswith("/") and len(find) > 2:
            regex = find[1:-1]
            try:
                re.compile(regex)
            except re.error as exc:
                lex.problems.append(Problem(path, lineno, f"正则表达式有误：{exc}"))
                continue
            note = _discuz_note(repl)
            cat.entries.append(Entry(category, find, (), (), note, f"{path}:{lineno}", regex, ()))
            continue
        note = _discuz_note(repl)
        regex = gap_regex(find) if _GAP.search(find) else None
        anchors: tuple[str, ...] = ()
        if regex is not None:
            pieces = [p for i, p in enumerate(_GAP.split(find)) if i % 2 == 0 and p]
            anchors = (max(pieces, key=len),) if pieces else ()
        cat.entries.append(Entry(category, find, (), (), note, f"{path}:{lineno}", regex, anchors))
    lex.categories[category] = cat
    return lex


class Sense(NamedTuple):
    """One row of ``lexicons/context/senses.txt``: a word of ``category`` whose match holds
    ``held`` is in another sense when ``context`` is found ``where`` (sentence, after, next,
    prev, post).  Both patterns are regular expressions (checked by :func:`parse_senses`)."""

    category: str
    where: str
    held: str
    context: str


SENSE_PLACES = ("sentence", "after", "next", "prev", "post")
_DEFINE_USE = re.compile(r"\{([A-Z][A-Z0-9_]*)\}")


def parse_senses(text: str, path: str) -> list[Sense]:
    """``category | where | held | context`` rows; a ``+ `` line continues the last row's
    context verbatim; ``@define NAME pattern`` makes ``{NAME}`` stand for the pattern (in later defines too)."""
    defined: dict[str, str] = {}
    rows: list[list[str]] = []
    starts: list[int] = []  # each row's first line
    for lineno, raw in enumerate(text.splitlines(), 1):
        line = raw.rstrip("\n")
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        if line.startswith("@define "):
            name, _, pattern = line[len("@define ") :].partition(" ")
            # (a define may use those before it: {NAMES} inside NAMED)
            defined[name] = _DEFINE_USE.sub(lambda m: defined.get(m[1], m[0]), pattern)
        elif line.startswith("+ "):
            if not rows:
                raise LexiconError([Problem(path, lineno, "续行前面没有条目")])
            rows[-1][3] += line[2:]
        else:
            fields = line.split(" | ", 3)
            if len(fields) != 4 or fields[1] not in SENSE_PLACES:
                raise LexiconError([Problem(path, lineno, f"不是四栏的上下文条目：{line}")])
            rows.append(fields)
            starts.append(lineno)

    def expand(pattern: str) -> str:
        return _DEFINE_USE.sub(lambda m: defined.get(m[1], m[0]), pattern)

    senses = [Sense(c, w, expand(h), expand(x)) for c, w, h, x in rows]
    problems: list[Problem] = []
    for lineno, sense in zip(starts, senses, strict=True):
        for column, pattern in (("第三栏", sense.held), ("第四栏", sense.context)):
            try:
                re.compile(pattern)
            except re.error as e:
                problems.append(Problem(path, lineno, f"{column}不是正确的正则表达式（{e}）"))
    if problems:
        raise LexiconError(problems)
    return senses


def parse_word_sets(text: str) -> dict[str, frozenset[str]]:
    """``@set NAME`` then its words (space-separated, any number of lines)."""
    sets: dict[str, set[str]] = {}
    current: set[str] | None = None
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("@set "):
            current = sets.setdefault(line[len("@set ") :].strip(), set())
        elif current is not None:
            current.update(line.split())
    return {name: frozenset(words) for name, words in sets.items()}


def read_context(name: str, folder: Path | None = None) -> str:
    """A context table of the matcher (``lexicons/context/<name>``), read when first needed,
    never at import: a missing or undecodable file is a :class:`LexiconError` naming it."""
    path = (CONTEXT_DIR if folder is None else folder) / name
    try:
        return path.read_text("utf-8")
    except FileNotFoundError:
        message = "找不到匹配器的上下文表（lexicons/context/ 不完整，请重新安装或从仓库取回该文件）"
    except UnicodeDecodeError:
        message = "上下文表无法解码（请保存为 UTF-8）"
    except OSError as e:
        message = f"上下文表无法读取（{e.strerror or e}）"
    raise LexiconError([Problem(str(path), 0, message)])


@cache
def context_senses() -> tuple[Sense, ...]:
    """``lexicons/context/senses.txt``, parsed once on first use."""
    return tuple(parse_senses(read_context("senses.txt"), str(CONTEXT_DIR / "senses.txt")))


@cache
def context_word_sets() -> dict[str, frozenset[str]]:
    """``lexicons/context/words.txt``, parsed once on first use."""
    return parse_word_sets(read_context("words.txt"))


def _discuz_note(repl: str) -> str:
    if repl == "{BANNED}":
        return "论坛词语过滤：禁止"
    if repl == "{MOD}":
        return "论坛词语过滤：审核"
    if repl == "{REPLACE}" or not repl:
        return "论坛词语过滤：替换"
    return f"论坛词语过滤：替换为 {repl}"


def _files(path: Path) -> list[Path]:
    if path.is_dir():
        return sorted(
            p
            for p in path.iterdir()
            if p.is_file() and p.suffix in (".txt", ".lex", "") and p.name.lower() != "readme.md"
        )
    return [path]


def load_path(path: Path | str, *, own: bool | None = None) -> Lexicon:
    """A lexicon file, a folder of them, or a Discuz! export. Problems are kept, not raised.
    ``own``: the director's file (:func:`parse_lexicon`); by default, anything but the
    bundled folder and its files."""
    path = Path(path)
    if own is None:
        own = not _bundled(path)
    lex = Lexicon()
    if not path.exists():
        lex.problems.append(Problem(str(path), 0, "文件或文件夹不存在"))
        return lex
    for f in _files(path):
        try:
            text = f.read_text("utf-8-sig")
        except UnicodeDecodeError:
            try:
                text = f.read_bytes().decode("gb18030")
            except UnicodeDecodeError:
                lex.problems.append(Problem(str(f), 0, "无法解码（请保存为 UTF-8）"))
                continue
        if f.name.startswith("_confusion"):
            lex.merge(parse_confusion(text, str(f)))
        elif f.name.startswith("_emoji"):
            lex.merge(parse_emoji(text, str(f)))
        elif f.name.startswith("_common"):
            lex.merge(parse_common(text, str(f)))
        elif f.name.startswith("_game"):
            lex.merge(parse_game(text, str(f)))
        elif f.name.startswith("_shape"):
            lex.merge(parse_shapes(text, str(f)))
        elif f.name.startswith("_"):
            lex.merge(parse_lookalike(text, str(f)))
        else:
            lex.merge(parse_lexicon(text, str(f), own=own))
    return lex


def _bundled(path: Path) -> bool:
    try:
        return path.resolve().is_relative_to(DEFAULT_DIR.resolve())
    except OSError:
        return False


def tables() -> Lexicon:
    """The bundled tables alone (形近, 近音, 表情): every lexicon is normalised with them,
    the director's own and imported ones included, unless it brings tables of its own."""
    lex = Lexicon()
    for f in sorted(DEFAULT_DIR.glob("_*.txt")):
        lex.merge(load_path(f))
    return lex


def load(paths: Iterable[Path | str] = (), *, default: bool = True, strict: bool = True) -> Lexicon:
    """The built-in lexicons (unless ``default`` is false; their tables are always used)
    plus ``paths``.

    With ``strict``, errors (not warnings) raise :class:`LexiconError`."""
    lex = Lexicon() if default else tables()
    for p in ([DEFAULT_DIR] if default else []) + [Path(p) for p in paths]:
        lex.merge(load_path(p))
    errors = [p for p in lex.problems if p.level == "error"]
    if strict and errors:
        raise LexiconError(errors)
    return lex


def read_header(path: Path) -> Category | None:
    """One category file's header: its ``@category``, ``@title`` and ``@seed`` lines (the
    directives before the first entry), without reading the entries."""
    cat: Category | None = None
    problems: list[Problem] = []
    with path.open(encoding="utf-8-sig") as f:
        for lineno, raw in enumerate(f, 1):
            line = raw.strip()
            if not line or line.startswith("#"):
                continue
            if not line.startswith("@"):
                break
            cat = _directive(line, lineno, str(path), cat, problems)
    return cat


def headers(folder: Path = DEFAULT_DIR) -> dict[str, Category]:
    """The header of every category file in ``folder`` (tables, ``_*.txt``, left out):
    code -> category with its title, seeds and file, no entries.  Cheap enough to run at
    import: the PHRASE rules take their titles and seeds from it."""
    out: dict[str, Category] = {}
    for f in _files(folder):
        cat = None if f.name.startswith("_") else read_header(f)
        if cat is not None:
            out.setdefault(cat.code, cat)
    return out


def lint(path: Path | str = DEFAULT_DIR) -> list[Problem]:
    """Every problem in a lexicon file or folder, with line numbers."""
    return load_path(path).problems
