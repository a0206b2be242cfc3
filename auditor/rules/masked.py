"""Masked insults (明显的通配符): a masked character or spaced letters stand in for the
banned part of a lexicon term.

M107 判罚依据: "判罚范围包括一切普通话、方言、密码、外国语言、音近、形近、以及明显的通配符".
The phrase rules already see through noise *between* the characters of a term (卧~槽,
S.B); this rule covers the part they cannot read: the banned part replaced by a mask
(``傻*``, ``傻×``, ``傻〇``, ``卧*``, ``尼**``) and letter abbreviations written with spaces
(``S B``, ``T M D``).  Terms come from the insult categories of the same lexicons
(``lexicons/``, plus the game file's own).
"""

from __future__ import annotations

import os
import re
from bisect import bisect_right
from collections.abc import Iterator, Mapping, Sequence
from contextlib import suppress
from functools import lru_cache
from itertools import accumulate
from pathlib import Path
from typing import Any

from auditor.files import cache_dir
from auditor.game.gamefile import ThreadKind
from auditor.rules.base import (
    POST_BATCH,
    Context,
    Finding,
    GamePost,
    Match,
    Option,
    post_finding,
    rule,
)
from auditor.rules.matcher import NUMPY_BATCH, Matcher, code_points, text_starts
from auditor.rules.phrasematch import PhraseMatch
from auditor.rules.phrases import PHRASE_KINDS, matcher_for_context, post_matches
from auditor.rules.said import mentioned

# What writers put in place of a character they do not want to spell out.
MASKS = "*＊×xX〇○●□■#＃_"  # not ? / ？: "你是猪？" is a question
_MASK = f"[{re.escape(MASKS)}]"
_CJK = "\u3400-\u4dbf\u4e00-\u9fff"
INSULT_CATEGORIES = ("BODY", "VULGAR", "ANIMAL", "KIN", "IQ", "CHARACTER")
# A kept character this common says nothing alone: 他* is not 他妈, 你* is not 你妈.
_TOO_COMMON = set("你我他她它的是了在有人大小老死不一这那就都")
_SPACED = re.compile(r"[a-z]\s+[a-z]", re.I)  # what every spaced-letters form holds
_ANY_MASK = re.compile(_MASK)  # one look for any of MASKS (not one ``in`` per character)

# The poster owning the quoted word: 我(刚)说的“傻X”, 我骂的那句“…” before it, 我也要说 after it.
_OWN_BEFORE = re.compile(
    r"我(?:刚才?|刚刚|之前|前面|上面|那会儿?|昨天|就)?(?:说|骂|讲|喊|写)(?:的|了|过)(?:那句|这句|一句)?\s*[“\"「『]?$"
)
_OWN_AFTER = re.compile(
    r"^[^。！？!?\n]{0,12}?我(?:也|还|就|偏|照样|照|偏偏)+(?:要|得|敢)?(?:说|骂|讲)"
)


def _own_words(text: str, start: int, end: int) -> bool:
    """Is the masked word at ``start``:``end`` the poster's own, said again in quotes
    (我刚说的“傻X”就是你冬瓜, 我说的那句“傻X”就是骂你的, “傻X”这种话会被判我也要说)?  Then it
    is no report of another's words (有人骂我“傻X”): the reporter is the poster himself."""
    return bool(
        _OWN_BEFORE.search(text, max(0, start - 16), start) or _OWN_AFTER.search(text[end:])
    )


def _masked_forms(term: str) -> list[str]:
    """Regexes for ``term`` (2–4 CJK characters) with its banned part masked: one or
    more trailing characters, or any one inner character, replaced by mask characters;
    at least one real character stays, and a lone kept character must say something."""
    out: list[str] = []
    n = len(term)
    for keep in range(1, n):
        head = term[:keep]
        if keep == 1 and head in _TOO_COMMON:
            continue
        out.append(re.escape(head) + f"{_MASK}{{{n - keep},3}}")  # 傻* / 傻** / 傻×××
    for i in range(1, n - 1):  # 草*马: one inner character masked
        out.append(re.escape(term[:i]) + _MASK + re.escape(term[i + 1 :]))
    return out


def _spaced_letters(term: str) -> str | None:
    """``sb`` → ``s\\s+b``: an all-letter abbreviation written with spaces."""
    if not (2 <= len(term) <= 4 and term.isascii() and term.isalpha()):
        return None
    return r"\s+".join(re.escape(c) for c in term.lower())


def masked_pattern(terms: Sequence[tuple[str, str]]) -> re.Pattern[str] | None:
    """One regex with a named group per term: (category, term) pairs."""
    alts: list[str] = []
    seen: set[str] = set()
    for i, (_cat, term) in enumerate(terms):
        forms: list[str] = []
        if 2 <= len(term) <= 4 and re.fullmatch(f"[{_CJK}]+", term):
            forms = _masked_forms(term)
            body = "|".join(forms)
            # before the masked word may stand a CJK character (你个傻*): only the end is bounded
            alt = f"(?:{body})" if forms else ""
        else:
            spaced = _spaced_letters(term)
            alt = f"(?<![a-z0-9])(?:{spaced})(?![a-z0-9])" if spaced else ""
        if alt and alt not in seen:
            seen.add(alt)
            alts.append(f"(?P<t{i}>{alt})")
    return compile_cached("|".join(alts), re.I) if alts else None


def compile_cached(source: str, flags: int) -> re.Pattern[str]:
    """``re.compile(source, flags)``, its compiled program kept in the cache folder
    (:func:`~auditor.files.cache_dir`): the masked-word pattern takes a fifth of a second
    to compile, every process that checks a post holding a mask character.  The program
    is what CPython's own compiler makes of the source (``re._compiler``), stored with
    ``marshal`` under a key of the interpreter's version, the regex engine's and the
    source and flags, and handed back to the engine (``_sre.compile``, which validates
    it); anything unexpected on the way (another Python, a damaged file, an unwritable
    folder) falls back to ``re.compile``."""
    try:
        import _sre
        import hashlib
        import marshal
        import sys

        digest = hashlib.sha256(
            f"{sys.version}|{_sre.MAGIC}|{_sre.CODESIZE}|{flags}|{source}".encode()
        ).hexdigest()[:32]
        folder = cache_dir()
        path = folder / f"regex-{digest}.marshal"
    except Exception:  # no engine internals: the ordinary way
        return re.compile(source, flags)
    try:
        parts = marshal.loads(path.read_bytes())
        return _program(source, *parts)
    except Exception:  # absent, damaged or foreign: compiled again below
        pass
    try:
        parts = _compiled_parts(source, flags)
        pattern = _program(source, *parts)
    except Exception:  # another engine's internals
        return re.compile(source, flags)
    with suppress(OSError, ValueError):  # read-only or full: run without the cache
        import tempfile

        folder.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=".regex-", suffix=".tmp", dir=folder)
        try:
            with os.fdopen(fd, "wb") as fh:
                fh.write(marshal.dumps(parts))
            os.replace(tmp, path)
            _prune(folder, keep=path)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
    return pattern


def _prune(folder: Path, keep: Path, most: int = 8) -> None:
    """Keep the newest few programs (older lexicons' patterns are not coming back)."""
    old = sorted(
        (p for p in folder.glob("regex-*.marshal") if p != keep),
        key=lambda p: p.stat().st_mtime,
        reverse=True,
    )
    for p in old[most - 1 :]:
        p.unlink(missing_ok=True)


def _compiled_parts(source: str, flags: int) -> tuple[Any, ...]:
    """What ``re._compiler.compile`` hands ``_sre.compile`` for ``source``."""
    from re import _compiler, _parser  # type: ignore[attr-defined]

    parsed = _parser.parse(source, flags)
    code = [int(op) for op in _compiler._code(parsed, flags)]  # (opcodes are int subclasses)
    groupindex = dict(parsed.state.groupdict)
    indexgroup = [None] * parsed.state.groups
    for name, i in groupindex.items():
        indexgroup[i] = name
    # plain ints (re.I is an enum member, which marshal does not write)
    return (
        int(flags | parsed.state.flags),
        code,
        parsed.state.groups - 1,
        groupindex,
        tuple(indexgroup),
    )


def _program(source: str, *parts: object) -> re.Pattern[str]:
    import _sre

    flags, code, groups, groupindex, indexgroup = parts
    pattern: re.Pattern[str] = _sre.compile(source, flags, code, groups, groupindex, indexgroup)
    if pattern.pattern != source or pattern.groups != groups:
        raise ValueError(source)
    return pattern


# (id(matcher), categories) -> (the matcher, the terms, their masked-word pattern): built
# once per matcher (matchers are reused across checks while the lexicons are unchanged).
_PATTERNS: dict[
    tuple[int, tuple[str, ...]], tuple[object, list[tuple[str, str]], re.Pattern[str]]
] = {}


def _pattern(
    ctx: Context, categories: Sequence[str]
) -> tuple[list[tuple[str, str]], re.Pattern[str]]:
    """The (category, word) terms of ``categories`` and their masked-word pattern."""
    return matcher_pattern(matcher_for_context(ctx), categories)


def matcher_pattern(
    matcher: Matcher, categories: Sequence[str] = INSULT_CATEGORIES
) -> tuple[list[tuple[str, str]], re.Pattern[str]]:
    """:func:`_pattern` for a matcher (the rule's, or a scorer's)."""
    key = (id(matcher), tuple(categories))
    hit = _PATTERNS.get(key)
    if hit is not None and hit[0] is matcher:
        return hit[1], hit[2]
    terms = [
        (category, form)
        for category, forms in matcher.word_forms
        if category in categories
        for form in forms
    ]
    pattern = masked_pattern(terms) or re.compile(r"(?!)")
    if len(_PATTERNS) > 8:
        _PATTERNS.clear()
    _PATTERNS[key] = (matcher, terms, pattern)
    return terms, pattern


# Every masked or spaced form holds one of these (the rule's first look, for all posts):
# ``_MAYBE``, a search through a batch's texts, is decided by its two alternatives apart
# (:func:`_prepare`): each a class search without IGNORECASE, four times faster through
# CJK text.  [a-z] with IGNORECASE is the ASCII letters and the four letters that fold to
# one of them (a test compares the classes over every code point); MASKS holds both x and X.
_MAYBE = re.compile(f"{_MASK}|[a-z]\\s+[a-z]", re.I)
_LETTER = "a-zA-Z\u0130\u0131\u017f\u212a"
_SPACED_CASED = re.compile(f"[{_LETTER}]\\s+[{_LETTER}]")


def _prepare(
    ctx: Context, posts: Sequence[GamePost], codes: frozenset[str]
) -> dict[str, set[int]] | None:
    """The posts PHRASE-MASKED can report: those with a mask character right after a CJK
    character, or spaced letters (the engine calls its check on those alone)."""
    if "PHRASE-MASKED" not in codes:
        return None
    return {
        "PHRASE-MASKED": {id(posts[i].post) for i in _maybe_texts([gp.post.text for gp in posts])}
    }


def _maybe_texts(texts: Sequence[str]) -> set[int]:
    """The texts (by number) in which ``_MAYBE.finditer`` through them joined finds a
    mask right after a CJK character (傻*, 草*马) or spaced letters.  Decided alternative by alternative, each text left at its first: a mask
    counts wherever it stands; spaced letters count where no mask stands first (the
    alternation tries the mask first: x y is a mask, then a lone y), and a position inside
    an earlier spaced match lies in a text that match found already.  A check's posts
    (a batch of :data:`NUMPY_BATCH` characters or more) are looked through as an array.
    One search through the texts joined, not one per text: a hit is rare."""
    joined = "\x00".join(texts)  # (neither a mask nor a space: no form spans two texts)
    if len(joined) >= NUMPY_BATCH:
        return _maybe_texts_array(joined, texts)
    found: set[int] = set()
    starts: list[int] = []  # (where each text begins in ``joined``, once one is found)
    for rx in (_ANY_MASK, _SPACED_CASED):
        pos = 0
        while (m := rx.search(joined, pos)) is not None:
            p = m.start()
            pos = p + 1
            if rx is _ANY_MASK:
                if not (p and _is_cjk(joined[p - 1])):
                    continue  # a mask follows a kept character of the term
            elif _ANY_MASK.match(joined, p) is not None:
                continue
            starts = starts or list(accumulate((len(t) + 1 for t in texts), initial=0))
            i = bisect_right(starts, p) - 1
            found.add(i)
            pos = starts[i + 1]  # (the text is found: on to the next)
    return found


# (bits of :func:`_char_bits`)
_IS_MASK, _IS_LETTER, _IS_SPACE, _IS_CJK = 1, 2, 4, 8


@lru_cache(maxsize=1)
def _char_bits() -> Any:
    """For every code point, which of ``_ANY_MASK``, ``_LETTER``, ``\\s`` and
    :func:`_is_cjk` it is (bits; from the regexes' own classes: the same characters, all
    in the BMP)."""
    import numpy as np

    bmp = "".join(map(chr, range(0x10000)))
    bits = np.zeros(0x110000, dtype=np.uint8)
    for flag, rx in (
        (_IS_MASK, _ANY_MASK),
        (_IS_LETTER, re.compile(f"[{_LETTER}]")),
        (_IS_SPACE, re.compile(r"\s")),
        (_IS_CJK, re.compile(f"[{_CJK}]")),
    ):
        bits[[m.start() for m in rx.finditer(bmp)]] |= flag
    return bits


def _maybe_texts_array(joined: str, texts: Sequence[str]) -> set[int]:
    """:func:`_maybe_texts` by array passes over ``joined`` (``texts`` joined): the
    masks right after a CJK character, and the letters (not masks) with a space after
    them, where the spaced-letters regex then decides (few places).  Both are looked for
    among the masks and letters, a few in a hundred characters of Chinese posts."""
    import numpy as np

    bits = _char_bits().take(code_points(joined))
    # (nonzero of a bool array: several times faster than of bytes)
    some = np.flatnonzero((bits & (_IS_MASK | _IS_LETTER)) != 0)
    kind = bits[some]
    masks = some[((kind & _IS_MASK) != 0) & (some > 0)]
    masks = masks[(bits[masks - 1] & _IS_CJK) != 0]
    lead = some[((kind & (_IS_LETTER | _IS_MASK)) == _IS_LETTER) & (some + 1 < len(bits))]
    spaced = lead[(bits[lead + 1] & _IS_SPACE) != 0].tolist()
    places = [*masks.tolist(), *(p for p in spaced if _SPACED_CASED.match(joined, p))]
    if not places:
        return set()
    return set((np.searchsorted(text_starts(texts), places, "right") - 1).tolist())


def _is_cjk(c: str) -> bool:
    return "\u3400" <= c <= "\u4dbf" or "\u4e00" <= c <= "\u9fff"  # (_CJK)


def masked_words(
    text: str,
    terms: Sequence[tuple[str, str]],
    pattern: re.Pattern[str],
    taken: Sequence[tuple[int, int]] = (),
) -> list[tuple[str, str, int, int]]:
    """The masked or spaced words of ``text`` (category, term, start, end) outside the
    spans ``taken`` (what the PHRASE-* rules read already).  A spaced or masked word is this
    rule's finding, filed under the category of the word it spells (``s b`` IQ, ``n m s l``
    KIN): docs/rules.md, "Labels the sets disagreed on"."""
    if not _ANY_MASK.search(text) and not _SPACED.search(text):
        return []
    out: list[tuple[str, str, int, int]] = []
    for m in pattern.finditer(text):
        if any(s < m.end() and m.start() < e for s, e in taken):
            continue
        group = m.lastgroup or ""
        cat, term = terms[int(group[1:])] if group.startswith("t") else ("", "")
        # read like the word it spells: another's insult reported (有人在帖里骂了一句“傻X”，
        # 已经被举报了) or quoted as a rule example is not the poster's own
        said = PhraseMatch(cat, term, term, m.start(), m.end(), m.group(), ("通配符",))
        if cat and mentioned(text, said) and not _own_words(text, m.start(), m.end()):
            continue
        out.append((cat, term, m.start(), m.end()))
    return out


POST_BATCH.append(_prepare)


@rule(
    code="PHRASE-MASKED",
    title="用通配符遮住的侮辱性词语",
    seed="M107 判罚依据“判罚范围包括……音近、形近、以及明显的通配符”",
    thread_kinds=PHRASE_KINDS,
    options={
        "categories": Option(
            list,
            list(INSULT_CATEGORIES),
            "从哪些词库类别取词（被遮住一部分也算）",
        ),
        "threads": Option(
            list,
            [k.value for k in PHRASE_KINDS],
            "检查的帖子类型",
            tuple(k.value for k in ThreadKind),
        ),
    },
)
def phrase_masked(gp: GamePost, ctx: Context, opts: Mapping[str, Any]) -> Iterator[Finding]:
    """侮辱性词语的违禁部分被通配符遮住（``傻*``、``傻×``、``傻〇``、``卧*``），或者字母缩写
    中间加了空格（``S B``、``T M D``）。

    词来自词库里侮辱类的词条（身体部位、下流、动物、亲属、智商、人格，``categories``）。
    遮住的可以是结尾的一个或几个字、或中间的一个字，但至少留下一个真字；只留下一个很常见的
    字时不算（``他*`` 不是“他妈”）。字之间夹杂符号（``卧~槽``、``S.B``）由 PHRASE-* 本身识别，
    这里不重复报。引用别人的内容不算。

    FAIL（m107）：“你就是个傻*”；“傻×一个”；“卧*，这也行”；“S B吧你”。

    PASS：“*重要*”；“他*的发言”；“我给 5 * 3 = 15”；“傻瓜相机”（没有遮字）。
    """
    if gp.lastwords or gp.kind is None or gp.kind.value not in opts["threads"]:
        return
    text = gp.post.text
    # Every form needs a mask character or letters with a space between them: most posts
    # have neither, and the one big pattern costs far more than this look (same results).
    if not _ANY_MASK.search(text) and not _SPACED.search(text):
        return
    terms, pattern = _pattern(ctx, opts["categories"])
    # what PHRASE-* already reads (傻X, S.B) is theirs: report only what they cannot see
    taken = [(m.start, m.end) for m in post_matches(gp, ctx)]
    found = [
        Match(text[s:e], s, e, f"{cat} {term}（通配符）")
        for cat, term, s, e in masked_words(text, terms, pattern, taken)
    ]
    if found:
        names = "、".join(dict.fromkeys(m.detail.split(" ")[1].split("（")[0] for m in found))
        yield post_finding("PHRASE-MASKED", gp, opts, found, note=f"遮住的词：{names}")
