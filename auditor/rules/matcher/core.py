"""The :class:`Matcher`: the pipeline run over a post (:meth:`Matcher.find`) or a
batch (:meth:`Matcher.find_all`): normalise (:mod:`~auditor.rules.matcher.normalise`),
prefilter and pinyin prefilter (the automata :mod:`~auditor.rules.matcher.build` made),
confirm (:mod:`~auditor.rules.matcher.confirm`), sentence patterns
(:mod:`~auditor.rules.matcher.patterns`), then "said or mentioned"
(:mod:`auditor.rules.said`) and the overlaps resolved; :meth:`Matcher.explain` says why a
candidate was kept or refused.  It holds one object a step and calls them in order:
``built`` (:class:`~auditor.rules.matcher.build._Built`), ``confirmer``
(:class:`~auditor.rules.matcher.confirm.Confirmer`), ``sentences``
(:class:`~auditor.rules.matcher.patterns.SentencePatterns`).

M107 判罚依据: "包括一切普通话、方言、密码、外国语言、音近、形近、以及明显的通配符"; each
:class:`~auditor.rules.phrasematch.PhraseMatch` says which of these it saw through
(``how``).
"""

from __future__ import annotations

import re
import unicodedata
from bisect import bisect_right
from collections.abc import Callable, Collection, Iterable, Sequence
from dataclasses import replace
from itertools import accumulate
from typing import Any

from auditor.rules.lexicon import Lexicon
from auditor.rules.matcher.build import _Built
from auditor.rules.matcher.confirm import Confirmer, _resolve, addressed_at
from auditor.rules.matcher.lazy import _LazyPattern
from auditor.rules.matcher.normalise import (
    _ASCII_LETTER,
    _FACE_RANGES,
    _LIST_SPAN,
    BATCH_SEP,
    NUMPY_BATCH,
    QUOTE_RE,
    _as_list,
    _unquoted,
    code_points,
    emoji_names,
    text_starts,
)
from auditor.rules.matcher.patterns import SentencePatterns
from auditor.rules.matcher.pinyin import _BLANK
from auditor.rules.matcher.prefilter import (
    _holding,
    _joined,
    _Key,
    _LazyIndex,
    _slice_index,
    _Slices,
)
from auditor.rules.matcher.words import (
    initials_words,
    lone_typed_words,
    read_syllables,
    spaced_runs,
)
from auditor.rules.phrasematch import PhraseMatch
from auditor.rules.said import inside_game_word, mentioned
from auditor.rules.said.game import game_word_re
from auditor.rules.said.senses import other_sense
from auditor.rules.said.text import CLAUSE_MARKS, NAMED_ACTS
from auditor.rules.said.text import is_cjk as _is_cjk

# (a character that can be an emoji: the symbol blocks; which ones are, the table says)
_EMOJI_CHAR = _LazyPattern("[\u2190-\u2bff\u3030\u303d\u3297\u3299\U0001f000-\U0001faff]")

# Before a face read as 脸: a word of degree or manner makes 贴😳 a judgement (这么贴😳了, 按贴😳投).
_FACE_LED = _LazyPattern("(?:这么|那么|这样|如此|太|很|好|最|超|真|够|多|按|凭|靠|看)$")
# A verb of posting right before the face (贴😳, 发了个😳): the one place a face is first of all posted.
_FACE_POSTED = _LazyPattern("(?:贴|发|刷)(?:了|过)?(?:个|一个)?$")
# The next clause, after 贴😳 ended its own, a read of the player (，我觉得不是狼; ，投他).
_FACE_READ_NEXT = _LazyPattern(
    "\\s*(?:我|所以|就|才)?(?:觉得|认为|感觉|相信|信他|信她|判断|站|保|投|认|不是狼|是狼|是好人|是真)"
)
# After it: the clause goes on as a read (贴😳冬瓜, 贴😳投) — not a particle (贴😳了一张, 贴😳的那位)
# nor the end of the clause (他每次都贴😳).
_FACE_GOES_ON = _LazyPattern("[\u4e00-\u9fff](?<![了的个过着吧啊呢呀哦])")


def _face_as_word(text: str, a: int, b: int, start: int, reading: str) -> bool:
    """Whether the face emoji at ``a``:``b`` may stand for 脸 in a keyword starting at
    ``start``.  On a forum 贴 + a face is first of all posting that face (他每次都贴😳, 贴个😳,
    贴😳贴🤣贴😭, 回复贴😳的那位): it is 贴脸 (030 违规判定 2(8)) only where the sentence reads
    it as a judgement — a degree or manner word before (这么贴😳了, 按贴😳投) or the clause
    going on after it, with no other emoji (贴😳冬瓜, 贴😳投).  Every face is a face (不要😀 is
    不要脸), but not one in a row of emoji (不要😀😀😀).  Emoji that are no face, and names
    without 脸, are not judged here."""
    if "脸" not in reading or not any(lo <= ord(text[a]) <= hi for lo, hi in _FACE_RANGES):
        return True
    if _EMOJI_CHAR.compiled.match(text, b) or (a and _EMOJI_CHAR.compiled.match(text, a - 1)):
        return False  # (不要😀😀😀: a row of faces is faces posted, no word)
    if not _FACE_POSTED.compiled.search(text, 0, a):
        return True  # (不要😳: no verb of posting before it)
    if text[a - 1 : a] == "个":
        return False
    if _FACE_LED.compiled.search(text, 0, start):
        return True
    parts = re.split("[，,。！!？?；;\n]", text[b:], maxsplit=1)
    clause, rest = parts[0], parts[1] if len(parts) > 1 else ""
    if _EMOJI_CHAR.compiled.search(clause):
        return False
    if not clause and _FACE_READ_NEXT.compiled.match(rest):
        return True  # 他发言贴😳，我觉得不是狼
    return _FACE_GOES_ON.compiled.match(text, b) is not None


# (a text where spaced pinyin can be at all: a letter, half- or full-width)
_ANY_LETTER = re.compile(r"[A-Za-z\uff21-\uff3a\uff41-\uff5a]")
# (a text :meth:`Matcher._with_spelled` has anything to read in: a letter or an emoji)
_SPELL_CHAR = _LazyPattern(
    "[A-Za-z\uff21-\uff3a\uff41-\uff5a\u2190-\u2bff\u3030\u303d\u3297\u3299\U0001f000-\U0001faff]"
)


# A swap of :func:`_spelled`: start, end, the reading, its characters' spans, and its kind
# ("spaced": a run of spaced pinyin; "typed": a lone typed word; "emoji": an emoji's sound).
_Swap = tuple[int, int, str, list[tuple[int, int]], str]


def _spelled(
    text: str, more: Sequence[_Swap] = ()
) -> tuple[str, list[tuple[int, int]], list[str]] | None:
    """``text`` with each run of spaced pinyin replaced by its reading in characters (and
    each swap of ``more``, where it overlaps none), each character's span in ``text`` (a
    syllable's for the reading's) and its swap's kind ("" for a character as written);
    None if nothing is replaced."""
    swaps: list[_Swap] = []
    for run in spaced_runs(text):
        reading = read_syllables([p for _, _, p in run])
        if reading is None or len(reading) != len(run):
            continue
        swaps.append((run[0][0], run[-1][1], reading, [(a, b) for a, b, _ in run], "spaced"))
    for w in more:
        if not any(a < w[1] and w[0] < b for a, b, *_ in swaps):
            swaps.append(w)
    if not swaps:
        return None
    pieces: list[str] = []
    spans: list[tuple[int, int]] = []
    kinds: list[str] = []
    last = 0
    for a, b, reading, own, kind in sorted(swaps):
        pieces += (text[last:a], reading)
        spans.extend((k, k + 1) for k in range(last, a))
        kinds.extend([""] * (a - last) + [kind] * len(own))
        spans.extend(own)
        last = b
    spans.extend((k, k + 1) for k in range(last, len(text)))
    kinds.extend([""] * (len(text) - last))
    return "".join(pieces) + text[last:], spans, kinds


# How many words a word typed as initials is read as (the rarest first: :meth:`Matcher._initials_table`).
_INITIALS_TRIES = 12
# (the characters that say whose a word is, or that it happened: 我的cz, 我cz了 say nothing of it)
_ONLY_WHOSE = frozenset("我你他她它们的了")
# (a run of CJK characters of a sentence pattern's source: the words it spells out)
_CJK_RUN = re.compile(r"[\u4e00-\u9fff]+")

# What the swaps of each kind add to a match's ``how``.
_SWAP_HOW = {
    "spaced": ("音近", "拼音分开写"),
    "typed": ("音近",),
    "emoji": ("表情",),
    "lone": ("音近",),
}

# A clause of one CJK character opening a sentence, a clause mark and more after it (糙，又是我被
# 查杀): the place of an exclamation, where a sound-alike of a one-character word is heard
# (:meth:`Matcher._lone_heard`).  A post of that one character alone (槽) says too little.
_LONE_CLAUSE = _LazyPattern(
    r"[\u4e00-\u9fff](?<![^\s，,。！!？?；;、~～…：:].)(?=[\s，,。！!？?；;、~～…]+[^\s，,。！!？?；;、~～…])"
)


def _heard_readings(text: str, found: Sequence[PhraseMatch], taken: Sequence[_Swap]) -> list[_Swap]:
    """Each sound-alike found (音近 or 近音, written in characters: 天打雷霹 heard as 天打雷劈)
    read as the spelling it was heard as, so that the sentence patterns read the sentence it
    stands in (我要是狼我就天打雷霹 is an oath, as 我要是狼我就天打雷劈 is)."""
    out: list[_Swap] = []
    for m in found:
        n = m.end - m.start
        if (
            ("音近" in m.how or "近音" in m.how)
            and len(m.form) == n
            and m.form != m.text
            and all(map(_is_cjk, m.form))
            and all(map(_is_cjk, m.text))
            and not any(a < m.end and m.start < b for a, b, *_ in (*taken, *out))
        ):
            out.append(
                (m.start, m.end, m.form, [(k, k + 1) for k in range(m.start, m.end)], "heard")
            )
    return out


def _heard_within(
    out: list[PhraseMatch], m: PhraseMatch, start: int, end: int, text: str
) -> list[PhraseMatch]:
    """``out`` with ``m`` (found in the text with its sound-alikes read as heard, at
    ``start:end`` of ``text``) in place of the sound-alikes it holds when it is longer than
    each: the sentence pattern the heard word completes (我要是狼我就天打雷霹: an oath, not a
    curse).  A match no longer than what was heard adds nothing, and neither does one over a
    heard 发誓: the oath word itself, however cloaked, is already the plainest reading
    (M107 违规判定 3(1) 明显的发誓句式; 我向老天爷发🪨 stays an oath)."""
    inside = [
        f for f in out if start <= f.start and f.end <= end and ("音近" in f.how or "近音" in f.how)
    ]
    if not inside or any(f.end - f.start >= end - start or f.category == "OATH" for f in inside):
        return out
    how = tuple(dict.fromkeys((*(h for h in m.how if h != "原文"), "音近")))
    kept = [f for f in out if f not in inside]
    kept.append(replace(m, start=start, end=end, text=text[start:end], how=how))
    return kept


def _read_back(
    text: str,
    m: PhraseMatch,
    start: int,
    end: int,
    kinds: Sequence[str],
    found: Sequence[PhraseMatch],
) -> PhraseMatch | None:
    """A match of the text read with its spaced pinyin, typed words or emoji swapped
    (``kinds``: each character's swap) mapped back onto ``text[start:end]``, if it adds one:
    a category not already found there, and for a category other than the named acts, a
    name said to someone or a whole run of pinyin (wo qu wang ba shang wang is no name)."""
    if m.category not in NAMED_ACTS and not (
        addressed_at(text, start) or _whole_run(text, start, end)
    ):
        return None
    took = [k for k in kinds if k and k != "heard"]
    if not took or any(f.category == m.category and f.start < end and start < f.end for f in found):
        return None
    extra = [h for k in dict.fromkeys(took) for h in _SWAP_HOW[k]]
    how = tuple(dict.fromkeys((*(h for h in m.how if h != "原文"), *extra)))
    return replace(m, start=start, end=end, text=text[start:end], how=how)


def _initials_back(
    text: str, m: PhraseMatch, typed: tuple[int, int], kw: str, out: Sequence[PhraseMatch]
) -> PhraseMatch | None:
    """The match ``m`` of ``text`` with the initials at ``typed`` read as ``kw`` mapped back
    onto ``text``, if it is a sentence pattern's that says more than ``kw`` — a character of
    its own beyond a pronoun, 的 or 了 (导演偏心; not 导演 alone, nor 我的场助) — in the clause
    of the initials (ps：… is a label), holds them, and adds a category where ``out`` has none."""
    a, b = typed
    k, shift = a + len(kw), len(kw) - (b - a)
    if "句式" not in m.how or not (m.start < k and a < m.end):
        return None  # (no pattern, or away from the initials)
    said = m.text[: max(0, a - m.start)] + m.text[k - m.start :]
    if not any(_is_cjk(c) and c not in _ONLY_WHOSE for c in said):
        return None  # (the word alone, or with a pronoun: 我的cz is 充值 as well as 场助)
    if _across_a_mark(text, (a, b), m.start < a, m.end > k):
        return None  # (a label, ps：…, or a word of the clause beside it)
    start = m.start if m.start < a else (a if m.start < k else m.start - shift)
    end = m.end if m.end <= a else (b if m.end <= k else m.end - shift)
    if any(f.category == m.category and f.start < end and start < f.end for f in out):
        return None
    how = tuple(dict.fromkeys((*(h for h in m.how if h != "原文"), "首字母")))
    return replace(m, start=start, end=end, text=text[start:end], how=how)


def _across_a_mark(text: str, typed: tuple[int, int], before: bool, after: bool) -> bool:
    """Does a match reach past a clause mark right beside the initials at ``typed``
    (``before``/``after``: it goes on that side of them)?"""
    a, b = typed
    return (after and text[b : b + 1] in CLAUSE_MARKS) or (
        before and text[a - 1 : a] in CLAUSE_MARKS
    )


def _whole_run(text: str, start: int, end: int) -> bool:
    """Is ``text[start:end]`` a whole run of spaced pinyin (ta ma de said alone)?"""
    before, after = text[:start].rstrip(), text[end:].lstrip()
    edges = unicodedata.normalize("NFKC", before[-1:] + after[:1])
    return not any(c.isascii() and c.isalnum() for c in edges)


class Matcher:
    """Compiled lexicon. Build once (``default_matcher()`` caches), call :meth:`find`.

    The matcher holds its steps and calls them in order: :attr:`built` (the lexicon
    compiled: the normaliser of step 1, the automata of steps 2 and 3, jieba's word
    boundaries), :attr:`confirmer` (step 4) and :attr:`sentences` (step 5)."""

    def __init__(self, lexicon: Lexicon) -> None:
        self.built = _Built(lexicon)
        self.confirmer = Confirmer(self.built)
        self.sentences = SentencePatterns(self.built, self.confirmer)
        self._lists: dict[str, Any] = {}  # list (and numpy) forms of the translate tables

    def __getstate__(self) -> dict[str, object]:
        return {**self.__dict__, "_lists": {}}

    # ---- what callers read of the compiled lexicon
    @property
    def lexicon(self) -> Lexicon:
        return self.built.lexicon

    @property
    def word_forms(self) -> tuple[tuple[str, tuple[str, ...]], ...]:
        """Every word entry's (category, spellings), in lexicon order (PHRASE-MASKED's terms)."""
        return self.built.word_forms

    @property
    def category_files(self) -> dict[str, str]:
        """Each category's lexicon file."""
        return self.built.category_files

    # ---- matching
    def prefilter(self, text: str) -> bool:
        """The fast stage alone: could this text hold a banned phrase?"""
        norm = self.built.norm.normalise(text)
        if self._live(self.built.text_ac.indexed(norm), norm):
            return True
        if self._py_scan(norm):
            return True
        return bool(self.built.always)

    def find(self, text: str, categories: Collection[str] | None = None) -> list[PhraseMatch]:
        """Every banned phrase in ``text`` (spans refer to ``text``)."""
        if not text:
            return []
        if "[quote]" in text.lower():  # raw BBCode (CLI, dev set): quoted text is not charged
            text = QUOTE_RE.sub(lambda m: "\n" * len(m.group()), text)
        return self._find(text, categories, True)

    def _find(
        self, text: str, categories: Collection[str] | None, initials: bool
    ) -> list[PhraseMatch]:
        """:meth:`find` (``initials``: with the words typed as initials read, :meth:`_with_initials`)."""
        fast = self.built.norm.normalise(text)
        text_hits = self._live(self.built.text_ac.indexed(fast), fast)
        found = self._finish(text, fast, text_hits, self._py_scan(fast), categories)
        return self._with_spelled(text, found, categories, initials)

    def _with_spelled(
        self,
        text: str,
        found: list[PhraseMatch],
        categories: Collection[str] | None,
        initials: bool = True,
    ) -> list[PhraseMatch]:
        """``found`` and what the text's runs of spaced pinyin say read as characters
        (:func:`~auditor.rules.matcher.words.spaced_runs`: 不承认 of ｂｕ　ｃｈｅｎｇ　ｒｅｎ),
        and its lone typed words as the keywords they fill (:meth:`_lone_readings`: 场外 of
        有changwai在帮), found by the whole pipeline on the text with each replaced (so the
        filters of :mod:`auditor.rules.said` read the characters: wo mei fa shi is a denial)
        and mapped back onto the pinyin; and the sound-alikes found read as heard, for the
        sentence pattern they complete (:func:`_heard_readings`)."""
        swaps = self._emoji_readings(text) + self._lone_heard(text)
        letters = _ANY_LETTER.search(text) is not None
        if letters:
            swaps += self._lone_readings(text)
            if initials:
                found = self._with_initials(text, found, categories)
        swaps += _heard_readings(text, found, swaps)
        if not swaps and not letters:
            return found
        spelled = _spelled(text, swaps)
        if spelled is None:
            return found
        read, spans, kinds = spelled
        out = list(found)
        for m in self._find(read, categories, initials):
            start, end = spans[m.start][0], spans[m.end - 1][1]
            took = kinds[m.start : m.end]
            if set(took) <= {"", "heard"}:
                out = _heard_within(out, m, start, end, text)
            else:
                back = _read_back(text, m, start, end, took, found)
                if back is not None:
                    out.append(back)
        return out if out == found else sorted(out, key=lambda m: (m.start, m.end))

    def _with_initials(
        self, text: str, found: list[PhraseMatch], categories: Collection[str] | None
    ) -> list[PhraseMatch]:
        """``found`` and what the words typed as initials (:func:`initials_words`: dy of
        dy偏心) say read as a word of a sentence pattern with those initials (导演): a match
        of a pattern that says more than the word itself (导演偏心; 导演 alone is nothing),
        over the initials, of a category not found there already.  M107 判罚范围 "密码"."""
        words = initials_words(text)
        if not words:
            return found
        table = self._initials_table()
        out = list(found)
        for a, b, letters in words:
            for kw, cats in table.get(letters, ())[:_INITIALS_TRIES]:
                wanted = cats if categories is None else cats & frozenset(categories)
                if not wanted:
                    continue
                for m in self._find(text[:a] + kw + text[b:], wanted, False):
                    back = _initials_back(text, m, (a, b), kw, out)
                    if back is not None:
                        out.append(back)
        return out if out == found else sorted(out, key=lambda m: (m.start, m.end))

    def _initials_table(self) -> dict[str, tuple[tuple[str, frozenset[str]], ...]]:
        """The words of two to four characters the sentence patterns spell out, by their
        pinyin initials (dy → 导演, 队友 …), each with the categories of the patterns that
        spell it (only those are tried), the rarest in jieba's counts first: a cloak hides
        the banned word, seldom a word of every sentence."""
        got: dict[str, tuple[tuple[str, frozenset[str]], ...]] | None = self._lists.get("initials")
        if got is None:
            from pypinyin import Style, lazy_pinyin

            words: dict[str, set[str]] = {}
            for e in self.built.entries:
                for w in _CJK_RUN.findall(e.regex or ""):
                    if 2 <= len(w) <= 4:
                        words.setdefault(w, set()).add(e.category)
            freq = self.built.tokenizer().FREQ
            table: dict[str, list[tuple[str, frozenset[str]]]] = {}
            for w in sorted(words, key=lambda w: (int(freq.get(w) or 0), w)):
                letters = "".join(p[:1] for p in lazy_pinyin(w, style=Style.FIRST_LETTER))
                if len(letters) == len(w) and letters.isascii() and letters.isalpha():
                    table.setdefault(letters, []).append((w, frozenset(words[w])))
            got = self._lists["initials"] = {k: tuple(v) for k, v in table.items()}
        return got

    def _lone_readings(self, text: str) -> list[_Swap]:
        """The words typed in pinyin beside characters (:func:`lone_typed_words`) read as the
        sentence patterns' keywords or the word entries' spellings (session 50: weiqu of
        weiqu死了 is the 委屈 of 委屈死了) whose sound they fill, the characters beside them
        spelling the rest of the keyword (changwai of 有changwai在帮 is 场外; shui of shui一帖
        is the 水 of 水一): start, end, the reading, its characters' spans.  A word no keyword needs is
        left as typed.  M107 判罚依据 "音近 … 密码"."""
        words = lone_typed_words(text)
        if not words:
            return []
        slots = self._slot_table(words=True)
        out: list[_Swap] = []
        for a, b, sylls in words:
            fits = [
                (len(kw), kw, i)
                for kw, i in slots.get(sylls, ())
                if text[max(0, a - i) : a] == kw[:i]
                and text[b : b + len(kw) - i - len(sylls)] == kw[i + len(sylls) :]
            ]
            if not fits:
                continue
            _, kw, i = max(fits)
            own, at = [], a
            for k, p in enumerate(sylls):
                end = b if k == len(sylls) - 1 else at + len(p)
                own.append((at, end))
                at = end
            out.append((a, b, kw[i : i + len(sylls)], own, "typed"))
        return out

    def _lone_heard(self, text: str) -> list[_Swap]:
        """Each clause of one character before another (:data:`_LONE_CLAUSE`: 糙，又是我被查杀; 曹，白救了) that
        sounds like a one-character word of the lexicons (操) read as that word: said alone,
        a character is an exclamation, and a cloaked one is a sound-alike (M107 判罚依据 "音近").
        Not a character that is itself such a word (草 is heard as written), nor one commoner
        than the word in jieba's counts (乱 is no 卵, 干 no 淦: a word of its own); the
        text so read goes through the whole pipeline (操 alone still has to stand alone)."""
        if not _LONE_CLAUSE.compiled.search(text):
            return []  # (most posts: no table is read, none unpickled)
        heard = self._lone_clause()
        if heard is None or not heard.search(text):
            return []
        table, own = self._lone_table()
        out: list[_Swap] = []
        for m in heard.finditer(text):
            c = self.built.norm.key(m.group())
            words = table.get(self.built.py_table.get(ord(c), "")) if len(c) == 1 else None
            if not words or c in own:
                continue
            freq = self.built.tokenizer().FREQ
            fits = [w for w in words if int(freq.get(c) or 0) <= int(freq.get(w) or 0)]
            if fits:
                w = max(fits, key=lambda w: int(freq.get(w) or 0))
                out.append((m.start(), m.end(), w, [(m.start(), m.end())], "lone"))
        return out

    def _lone_clause(self) -> re.Pattern[str] | None:
        """:data:`_LONE_CLAUSE` for the characters that sound like a one-character word of
        the lexicons and are none (糙 曹 槽 …), None if there are none: most posts hold none,
        and are passed over by one search."""
        if "lone_clause" not in self._lists:
            table, own = self._lone_table()
            chars = sorted(
                chr(cp)
                for cp, syl in self.built.py_table.items()
                if syl in table and _is_cjk(chr(cp)) and chr(cp) not in own
            )
            rx = None
            if chars:
                one = "[" + "".join(re.escape(c) for c in chars) + "]"
                rx = re.compile(one + _LONE_CLAUSE.pattern[len("[\\u4e00-\\u9fff]") :])
            self._lists["lone_clause"] = rx
        got: re.Pattern[str] | None = self._lists["lone_clause"]
        return got

    def _lone_table(self) -> tuple[dict[str, tuple[str, ...]], frozenset[str]]:
        """The lexicons' one-character words that are heard (``@pinyin`` on, no ``@sound
        off``), by their syllable (cao: 操, 草, 艹, 肏), and every one-character form."""
        got = self._lists.get("lone_table")
        if got is None:
            b = self.built
            table: dict[str, set[str]] = {}
            own: set[str] = set()
            for e in b.entries:
                if e.regex:
                    continue
                for f in e.forms:
                    k = b.norm.key(f)
                    if len(k) != 1 or not _is_cjk(k):
                        continue
                    own.add(k)
                    syl = b.py_table.get(ord(k))
                    if syl and b._sounded(e):
                        table.setdefault(syl, set()).add(k)
            got = ({s: tuple(sorted(w)) for s, w in table.items()}, frozenset(own))
            self._lists["lone_table"] = got
        return got

    def _emoji_readings(self, text: str) -> list[_Swap]:
        """Each emoji read as the characters of its name (its Unicode CLDR Chinese name, or
        what the lexicons' emoji table reads it as) whose sound a lexicon spelling or keyword
        needs where the characters beside the emoji spell the rest of it (发🪨: 🪨 is 岩石,
        and 发誓 needs a shi after 发: 发石; 你👵的: 老奶奶 gives the 奶奶 of 你奶奶的):
        start, end, those characters, their spans.  The text so read goes through the whole
        pipeline, the sound-alike's checks included (发🪨头的照片 is 发石头, no 发誓).  An
        emoji fills a slot, never a whole spelling: 🤡 alone is read as the normaliser reads
        it.  M107 判罚依据 "音近 … 密码"."""
        if not _EMOJI_CHAR.search(text):
            return []
        sounds = self._emoji_sounds()
        slots = self._slot_table(words=True)
        out: list[_Swap] = []
        for m in _EMOJI_CHAR.compiled.finditer(text):
            names = sounds.get(m.group())
            if not names:
                continue
            a = m.start()
            b = a + 1 + (text[a + 1 : a + 2] == "\ufe0f")
            fits = []
            for name, sylls in names:
                for i in range(len(sylls)):
                    for j in range(i + 1, len(sylls) + 1):
                        for kw, k in slots.get(sylls[i:j], ()):
                            n = j - i
                            if (
                                len(kw) > n
                                and text[max(0, a - k) : a] == kw[:k]
                                and text[b : b + len(kw) - k - n] == kw[k + n :]
                                and _face_as_word(text, a, b, a - k, name[i:j])
                            ):
                                fits.append((len(kw), n, name[i:j]))
            if fits:
                _, n, reading = max(fits)
                out.append((a, b, reading, [(a, b)] * n, "emoji"))
        return out

    def _emoji_sounds(self) -> dict[str, list[tuple[str, tuple[str, ...]]]]:
        """Each emoji's names and their syllables: its Unicode CLDR Chinese name (the
        ``emoji`` package: 🪨 岩石, 👵 老奶奶; up to four characters) and what the lexicons'
        emoji table reads it as; faces (😀 😠 …) carry feelings, not words, and have none."""
        got: dict[str, list[tuple[str, tuple[str, ...]]]] | None = self._lists.get("emoji_sounds")
        if got is None:
            from pypinyin import Style, lazy_pinyin

            got = {}
            for e, names in emoji_names(self.built.norm.emoji).items():
                for name in sorted(names):
                    py = tuple(lazy_pinyin(name, style=Style.NORMAL))
                    if len(py) == len(name):
                        got.setdefault(e, []).append((name, py))
            self._lists["emoji_sounds"] = got
        return got

    def _slot_table(self, words: bool = False) -> dict[tuple[str, ...], list[tuple[str, int]]]:
        """Each run of syllables of a sentence pattern's keyword (and, with ``words``, of a
        word entry's spelling of two or more characters; CJK only, read by pypinyin) → the
        keywords holding it and where (场外: (chang, wai) → 场外 at 0; (chang,) → 场外 at
        0; (wai,) → 场外 at 1)."""
        name = "word_slots" if words else "slots"
        got: dict[tuple[str, ...], list[tuple[str, int]]] | None = self._lists.get(name)
        if got is None:
            from pypinyin import Style, lazy_pinyin

            got = {}
            every = {w for ws in self.built.keywords.values() for w in ws}
            if words:
                every |= {f for _, forms in self.built.word_forms for f in forms if len(f) > 1}
            for w in sorted(every):
                if not w or not all(map(_is_cjk, w)):
                    continue
                py = tuple(lazy_pinyin(w, style=Style.NORMAL))
                if len(py) != len(w):
                    continue
                for i in range(len(py)):
                    for j in range(i + 1, len(py) + 1):
                        got.setdefault(py[i:j], []).append((w, i))
            self._lists[name] = got
        return got

    def _finish(
        self,
        text: str,
        fast: str,
        text_hits: list[Any],
        py_hits: list[tuple[dict[int, str], list[Any]]],
        categories: Collection[str] | None,
        mapping: Callable[[], list[int]] | None = None,
    ) -> list[PhraseMatch]:
        """Confirm the hits of one text (``fast``: its normalised form; ``mapping``: gives
        its characters' original indices, if known)."""
        if not text_hits and not py_hits and not self.built.always:
            return []
        lazy = _LazyIndex(self.built.norm, text, fast, mapping)
        found = self._collect(text, fast, lazy, text_hits, py_hits, categories)
        if lazy.mismatch:  # the two paths disagree (combining marks …): trust the mapped one
            norm, idx = lazy.norm, lazy.idx
            text_hits = self._live(self.built.text_ac.indexed(norm), norm)
            py_hits = self._py_scan(norm)
            found = self._collect(text, norm, idx, text_hits, py_hits, categories)
        return [
            m
            for m in _resolve(found)
            if not mentioned(text, m)
            and not inside_game_word(text, m, self.built.game_words)
            and not _led_by_game_word(text, m, self.built.game_words, self._rest_said)
            and not asked(text, m)
            and not proposed(text, m)
        ]

    def _rest_said(self, rest: str) -> bool:
        """Is ``rest`` — a match's characters after a game word's last one — a phrase on its
        own (投票日你妈: 你妈; 狼人渣: 渣)?  Then the match stands."""
        return bool(self.find(rest))

    def find_all(
        self, texts: Iterable[str], categories: Collection[str] | None = None
    ) -> list[list[PhraseMatch]]:
        """``[find(t) for t in texts]``, faster: the texts are normalised and scanned by each
        automaton together, as one string (C-level passes, no per-text Python work), and
        only the texts with a candidate go through :meth:`find`.  Same results: every
        normalisation step and key stays inside a text (:data:`BATCH_SEP` between them)."""
        texts = list(texts)
        out: list[list[PhraseMatch]] = [[] for _ in texts]
        if not texts:
            return out
        plain, joined = _unquoted(texts)
        if self.built.always or joined.count(BATCH_SEP) != len(texts) - 1:
            return [self.find(t, categories) for t in texts]  # texts holding the separator
        codes = index = None
        if len(joined) >= NUMPY_BATCH:
            codes = code_points(joined)
        # (a shorter batch, a nightly check's new posts, takes the dict tables: building
        # the list tables of :func:`_as_list` costs 30 ms each, more than they save on it)
        if codes is not None and int(codes.max()) < _LIST_SPAN:
            fast, codes, index = self.built.norm.normalise_codes(joined, codes)
        else:
            codes = None
            fast = self.built.norm.normalise(joined)
        parts: Sequence[str]
        if codes is not None:  # (the separators from the array; each text sliced on need)
            import numpy as np

            seps = np.flatnonzero(codes == ord(BATCH_SEP))
            if len(seps) != len(texts) - 1:
                return [self.find(t, categories) for t in texts]
            starts = [0, *(seps + 1).tolist(), len(fast) + 1]
            parts = _Slices(fast, starts)
        else:
            parts = fast.split(BATCH_SEP)
            if len(parts) != len(texts):
                return [self.find(t, categories) for t in texts]
            starts = list(accumulate((len(x) + 1 for x in parts), initial=0))
        # (where each text begins in the batch's original)
        at: list[int] = text_starts(plain).tolist() if index is not None else []
        # Each automaton's hits, in the offsets of the text they fall in.
        hits = self.built.text_ac.find_array(fast) if codes is not None else None
        if hits is not None and len(hits) >= 1000:
            live = self._live_batch(hits, fast, starts, parts)
        else:
            found = hits.tolist() if hits is not None else self.built.text_ac.find(fast)
            raw: dict[int, list[tuple[int, int]]] = {}
            i, nxt, base, got = -1, 0, 0, []  # the text the last hit fell in, where the next starts
            for key, _s, end in found:
                if end > nxt:  # (hits come by end: a new text only when one is passed)
                    i = bisect_right(starts, end - 1) - 1
                    nxt, base = starts[i + 1], starts[i]
                    got = raw.setdefault(i, [])
                got.append((end - 1 - base, key))
            live = {i: got for i, hits in raw.items() if (got := self._live(hits, parts[i]))}
        py: dict[int, list[tuple[dict[int, str], list[Any]]]] = {}
        if self.built.py_ac is not None:
            coded: dict[int, list[Any]] = {}
            if codes is not None:
                rendered = self._render_batch(codes)
            else:
                rendered = fast.translate(self.built.py_render)
            mapped: dict[int, Sequence[int]] = {}  # (each candidate text's original indices)
            for end, keys in self.built.py_ac.iter(rendered):
                # (a key whose piece alone rejects it never makes its text a candidate)
                kept = [k for k in keys if not self.confirmer.dismissed(k, fast, end)]
                if not kept:
                    continue
                i = bisect_right(starts, end) - 1
                e = end - starts[i]
                if index is not None:  # (nor one its verdict in its text rejects: 关于春卷
                    # is no 愚蠢, whatever the post; decided as :meth:`pinyin_matches` does)
                    idx = mapped.get(i)
                    if idx is None:
                        idx = mapped[i] = self._batch_index(plain[i], parts, index, starts, at, i)
                    part = parts[i]
                    holds = self.confirmer.pinyin_holds
                    kept = [
                        k for k in kept if holds(k, plain[i], part, idx, e + 1 - len(k.py), e + 1)
                    ]
                    if not kept:
                        continue
                coded.setdefault(i, []).append((e, kept))
            py = {i: [(self.built.py_render, hits)] for i, hits in coded.items()}
            for i, typed in self._typed_batch(fast, parts, starts, codes).items():
                py.setdefault(i, []).append((self.built.py_table, typed))
        for i in sorted(live.keys() | py.keys()):
            mapping = None
            if index is not None:  # (the text's slice of the batch's original indices)
                mapping = _slice_index(index, starts[i], starts[i + 1] - 1, at[i])
            out[i] = self._finish(
                plain[i], parts[i], live.get(i, []), py.get(i, []), categories, mapping
            )
        return self._all_spelled(plain, out, categories)

    def _all_spelled(
        self, texts: list[str], out: list[list[PhraseMatch]], categories: Collection[str] | None
    ) -> list[list[PhraseMatch]]:
        """Each text's matches with its spaced pinyin, typed words, emoji and sound-alikes
        read as :meth:`find` reads them; the texts with a letter or an emoji found by one search
        through them all joined (most texts have neither: no Python step for them)."""
        joined = "\n".join(texts)
        starts = list(accumulate((len(t) + 1 for t in texts), initial=0))
        pos = 0
        read = set()
        while (m := _SPELL_CHAR.compiled.search(joined, pos)) is not None:
            i = bisect_right(starts, m.start()) - 1
            out[i] = self._with_spelled(texts[i], out[i], categories)
            read.add(i)
            pos = starts[i + 1]
        lone = self._lone_clause() if _LONE_CLAUSE.compiled.search(joined) else None
        pos = 0
        while lone is not None and (m := lone.search(joined, pos)) is not None:
            i = bisect_right(starts, m.start()) - 1  # (a one-character clause: _lone_heard)
            if i not in read and self._lone_heard(texts[i]):
                out[i] = self._with_spelled(texts[i], out[i], categories)
                read.add(i)
            pos = starts[i + 1]
        for i, found in enumerate(out):  # (a sound-alike heard: _heard_readings)
            if found and i not in read and _heard_readings(texts[i], found, ()):
                out[i] = self._with_spelled(texts[i], found, categories)
        return out

    def _typed_batch(
        self, fast: str, parts: Sequence[str], starts: list[int], codes: Any = None
    ) -> dict[int, list[tuple[int, list[_Key]]]]:
        """Typed-pinyin hits of the texts of a batch that hold ASCII letters (by text:
        what ``typed_ac.iter`` gives on each one's plain rendering), those texts rendered
        and scanned together (no key holds :data:`BATCH_SEP`, which renders as itself).
        ``codes``: ``fast``'s code points, if at hand (the letters found by an array
        comparison, not a regex search through the batch)."""
        lettered: list[int] = []
        if codes is not None:
            import numpy as np

            letters = np.flatnonzero((codes >= ord("a")) & (codes <= ord("z")))
            if len(letters):
                found = np.searchsorted(np.asarray(starts, dtype=np.int64), letters, "right")
                lettered = np.unique(found - 1).tolist()
        else:
            m = _ASCII_LETTER.search(fast)
            while m is not None:
                i = bisect_right(starts, m.start()) - 1
                lettered.append(i)
                m = _ASCII_LETTER.search(fast, starts[i + 1])
        out: dict[int, list[tuple[int, list[_Key]]]] = {}
        if not lettered:
            return out
        source = BATCH_SEP.join([parts[i] for i in lettered])
        rendered = source.translate(self.built.py_table)
        at = list(accumulate((len(x) + 1 for x in rendered.split(BATCH_SEP)), initial=0))
        values = self.built.typed_ac.values
        hits = self.built.typed_ac.find(rendered)
        if codes is not None and hits:
            hits = self._typed_worth(hits, source, len(rendered))
        j, nxt, base, got = -1, 0, 0, []
        for key, _s, end in hits:
            if end > nxt:
                j = bisect_right(at, end - 1) - 1
                nxt, base = at[j + 1], at[j]
                got = out.setdefault(lettered[j], [])
            got.append((end - 1 - base, values[key]))
        return out

    def _typed_worth(
        self, found: list[tuple[int, int, int]], source: str, size: int
    ) -> list[tuple[int, int, int]]:
        """The typed-pinyin hits (key, start, end in ``source`` rendered, ``size`` long)
        :meth:`pinyin_matches` could confirm as far as the rendering decides: both ends on a
        character's edge (zhemeduo holds edu, which is no syllable of it), and the
        characters between not :meth:`settled` for each of the key's values (chusheng
        written 出生)."""
        import numpy as np

        lengths = self._lists.get("typed_lengths")
        if lengths is None:  # (each character's length in the rendering)
            lengths = np.ones(_LIST_SPAN, dtype=np.int64)
            for cp, v in self.built.py_table.items():
                if cp < _LIST_SPAN:
                    lengths[cp] = len(v)
            self._lists["typed_lengths"] = lengths
        edges = np.zeros(size + 1, dtype=np.int64)  # a character's number at its edge, + 1
        cum = np.concatenate(([0], np.cumsum(lengths.take(code_points(source)))))
        edges[cum] = np.arange(1, len(cum) + 1)
        values = self.built.typed_ac.values
        out = []
        for key, s, e in found:
            a, b = int(edges[s]), int(edges[e])
            if (
                a
                and b
                and not all(self.confirmer.settled(v, source[a - 1 : b - 1]) for v in values[key])
            ):
                out.append((key, s, e))
        return out

    def _batch_index(
        self, text: str, parts: Sequence[str], index: Any, starts: list[int], at: list[int], i: int
    ) -> Sequence[int]:
        """The original indices of text ``i`` of a batch, computed when a verdict first
        needs them (most candidates' verdicts are remembered and need none)."""
        span = _slice_index(index, starts[i], starts[i + 1] - 1, at[i])
        return _LazyIndex(self.built.norm, text, parts[i], span)

    def _render_batch(self, codes: Any) -> str:
        """The pinyin rendering of a normalised batch (its code points, below the list
        tables' span): :attr:`py_render`'s syllable codes, every other character blanked
        (one byte each for the automaton, where a CJK character without a reading or a
        CJK punctuation mark is three)."""
        got = self._lists.get("render_codes")
        if got is None:
            import numpy as np

            got = np.full(_LIST_SPAN, ord(_BLANK), dtype=np.uint16)
            for cp, v in self.built.py_render.items():
                if cp < _LIST_SPAN:
                    got[cp] = ord(v)
            self._lists["render_codes"] = got
        return bytes(got.take(codes).tobytes()).decode("utf-16-le")

    def _list(self, name: str) -> list[str]:
        got = self._lists.get(name)
        if got is None:
            got = self._lists[name] = _as_list(
                self.built.norm.table if name == "norm" else self.built.py_render
            )
        return got

    def _live(self, hits: list[tuple[int, int]], norm: str) -> list[Any]:
        """The text hits (end, key index) worth confirming, as (end, values): a pattern's
        trigger counts only where the rest of its branch's required words and one of its
        lexicon keywords occur too (each decided by one C-level search, once per post)."""
        out: list[Any] = []
        if not hits:
            return out
        values, triggers = self.built.text_ac.values, self.built.triggers
        verdict: dict[_Key, bool] = {}  # (a branch's trigger words share one key)
        for end, key in hits:
            if not triggers[key]:
                out.append((end, values[key]))
                continue
            kept = []
            for k in values[key]:
                if k.kind == "required":
                    ok = verdict.get(k)
                    if ok is None:
                        ok = verdict[k] = self.sentences.branch_holds(k, norm)
                    if not ok:
                        continue
                kept.append(k)
            if kept:
                out.append((end, kept))
        return out

    def _live_batch(
        self,
        hits: Any,
        fast: str,
        starts: list[int],
        parts: Sequence[str],
    ) -> dict[int, list[Any]]:
        """What :meth:`_live` gives for each text of a batch, from the text automaton's
        hits over the whole batch (``hits``: :meth:`_Automaton.find_array`), decided by
        branch rather than by hit: the texts each pattern branch's trigger hit, then its
        other required words and its keywords, each set first looked for in those texts
        joined (a set none of them holds ends the branch for all at once: 有问题 is common
        in game talk, 有问题 with 导演 in the same post is not), then text by text with
        :meth:`_live`'s own searches."""
        import numpy as np

        key_of, bid_ptr, bid_list, branch_keys, pure = self.sentences.branch_plan()
        keys, ends = hits[:, 0], hits[:, 2] - 1
        at = np.asarray(starts, dtype=np.int64)
        post = np.searchsorted(at, ends, "right") - 1
        # (hit, branch) pairs of the hits of keys that are only triggers
        tp = np.flatnonzero(pure[keys])
        counts = bid_ptr[keys[tp] + 1] - bid_ptr[keys[tp]]
        rep = np.repeat(tp, counts)
        offs = np.arange(len(rep)) - np.repeat(np.cumsum(counts) - counts, counts)
        bids = bid_list[bid_ptr[keys[rep]] + offs]
        n_b = max(1, len(branch_keys))
        pairs = post[rep] * n_b + bids
        alive: set[int] = set()
        if len(pairs):
            uniq = np.unique(pairs)
            branch_of = uniq % n_b
            for b in np.unique(branch_of).tolist():
                texts = (uniq[branch_of == b] // n_b).tolist()
                k = branch_keys[b]
                res, words = self.sentences.branch_checks(k), self.sentences.branch_words(k)
                held: tuple[str, list[int]] | None = None  # (the texts joined, while the same)
                for rx, any_of in zip(res, words, strict=True):
                    if not any_of:
                        continue  # (no keywords: the empty search, found everywhere)
                    if len(texts) > 8:  # (one search through them joined)
                        if held is None:
                            held = _joined(fast, at, texts)
                        kept = _holding(any_of, *held, texts)
                        if len(kept) < len(texts):
                            held = None
                        texts = kept
                    else:  # (a literal alternation: searched between the text's ends in
                        # the batch, no slice)
                        texts = [
                            i
                            for i in texts
                            if rx.search(fast, starts[i], starts[i + 1] - 1) is not None
                        ]
                    if not texts:
                        break
                alive.update(i * n_b + b for i in texts)
        # the hits that stay: any of a key not only a trigger, a trigger's of a live branch
        keep = np.ones(len(keys), dtype=bool)
        keep[tp] = False
        if alive:
            ok = np.isin(pairs, np.fromiter(alive, dtype=np.int64, count=len(alive)))
            keep[rep[ok]] = True
        values, triggers = self.built.text_ac.values, self.built.triggers
        out: dict[int, list[Any]] = {}
        verdict: dict[tuple[int, _Key], bool] = {}
        rows = np.flatnonzero(keep)
        for i, end, key in zip(
            post[rows].tolist(),
            (ends[rows] - at[post[rows]]).tolist(),
            keys[rows].tolist(),
            strict=True,
        ):
            if not triggers[key]:
                out.setdefault(i, []).append((end, values[key]))
                continue
            kept = []
            for v in values[key]:
                if v.kind == "required":
                    b = key_of[v]
                    if pure[key]:
                        ok_ = i * n_b + b in alive
                    else:  # (a key that is also a word: decided here, as _live does)
                        ok_ = verdict.get((i, v))  # type: ignore[assignment]
                        if ok_ is None:
                            ok_ = verdict[i, v] = self.sentences.branch_holds(v, parts[i])
                    if not ok_:
                        continue
                kept.append(v)
            if kept:
                out.setdefault(i, []).append((end, kept))
        return out

    def _py_scan(self, norm: str) -> list[tuple[dict[int, str], list[Any]]]:
        """Pinyin-automaton hits, each list with the rendering table it was found in."""
        if self.built.py_ac is None:
            return []
        out: list[tuple[dict[int, str], list[Any]]] = []
        hits = list(self.built.py_ac.iter(norm.translate(self.built.py_render)))
        if hits:
            out.append((self.built.py_render, hits))
        if _ASCII_LETTER.search(norm):
            hits = list(self.built.typed_ac.iter(norm.translate(self.built.py_table)))
            if hits:
                out.append((self.built.py_table, hits))
        return out

    def _collect(
        self,
        text: str,
        norm: str,
        idx: Sequence[int],
        text_hits: list[Any],
        py_hits: list[tuple[dict[int, str], list[Any]]],
        categories: Collection[str] | None,
    ) -> list[tuple[PhraseMatch, bool]]:
        found: list[tuple[PhraseMatch, bool]] = []  # (match, from a pattern)
        anchored: set[int] = set()
        required: set[int] = set()
        for end_i, keys in text_hits:
            for key in keys:
                e = self.built.entries[key.entry]
                if categories is not None and e.category not in categories:
                    continue
                if key.kind == "anchor":
                    anchored.add(key.entry)
                    continue
                if key.kind == "required":
                    required.add(key.entry)
                    continue
                k = self.built.norm.key(key.form) if key.kind == "text" else key.form
                s, t = end_i + 1 - len(k), end_i + 1
                m = self.confirmer.confirm(key, text, norm, idx, s, t)
                if m is not None:
                    found.append((m, False))
        for i in sorted(anchored):
            found.extend((m, True) for m in self.sentences.regex_matches(i, text, norm, idx))
        for i in sorted(required):  # triggers whose branch's other words occurred (_live)
            found.extend((m, True) for m in self.sentences.regex_matches(i, text, norm, idx))
        for i in self.built.always:
            if categories is None or self.built.entries[i].category in categories:
                found.extend((m, True) for m in self.sentences.regex_matches(i, text, norm, idx))
        for table, hits in py_hits:
            found.extend(
                (m, False)
                for m in self.confirmer.pinyin_matches(hits, table, text, norm, idx, categories)
            )
        if py_hits:  # (most candidates have none: no call; after the sound-alikes, which
            # a pattern heard through a trigger as written leaves alone)
            found.extend(self.sentences.heard_matches(py_hits, found, text, norm, idx, categories))
        return found

    def explain(self, text: str) -> list[tuple[PhraseMatch, str]]:
        """The literal occurrences of a lexicon spelling in ``text`` that :meth:`find` does
        not report, each as the match it would have been and why it is not: its checks
        (:meth:`rejected`, with jieba's cut or the exception that rejected it), a rule
        named (:func:`mentioned`), a word of the game's own (``_game.txt``).  An occurrence
        inside a reported match (日 of 日了狗) is left out: it is found."""
        if "[quote]" in text.lower():
            text = QUOTE_RE.sub(lambda m: "\n" * len(m.group()), text)
        found = self.find(text)
        norm, idx = self.built.norm.mapped(text)
        out: list[tuple[PhraseMatch, str]] = []
        seen: set[tuple[int, int, int]] = set()
        for end_i, keys in self._live(self.built.text_ac.indexed(norm), norm):
            for key in keys:
                if key.kind not in ("text", "initials"):
                    continue
                e = self.built.entries[key.entry]
                k = self.built.norm.key(key.form) if key.kind == "text" else key.form
                s, t = end_i + 1 - len(k), end_i + 1
                os_, oe = self.confirmer.span(text, idx, s, t)
                if (key.entry, os_, oe) in seen or any(
                    m.start <= os_ and oe <= m.end for m in found
                ):
                    continue
                seen.add((key.entry, os_, oe))
                m = PhraseMatch(
                    e.category,
                    e.label,
                    key.form,
                    os_,
                    oe,
                    text[os_:oe],
                    ("原文",),
                    e.note,
                    e.source,
                )
                why = self.confirmer.rejected(key, text, norm, idx, s, t)
                out.append((m, self._why_text(why, key, text, (norm, idx), m, s, t)))
        return out

    def _why_text(
        self,
        why: str,
        key: _Key,
        text: str,
        mapped: tuple[str, list[int]],
        m: PhraseMatch,
        s: int,
        t: int,
    ) -> str:
        """:meth:`explain`'s reason in plain Chinese, for a director: the exception, the
        word the spelling is part of, the character it leans on — never jieba's cut; each
        quoted in his own words (``text``), not the normalised ``mapped[0]``."""
        norm, idx = mapped

        def said(a: int, b: int) -> str:
            return text[slice(*self.confirmer.span(text, idx, a, b))]

        piece = m.text
        if why == "例外":
            for x in self.built.exceptions[key.entry]:
                lo = max(0, s - len(x) + 1)
                pos = norm.find(x, lo, t + len(x) - 1)
                if pos != -1 and pos < t:
                    return f"“{said(pos, pos + len(x))}”是词库写明的正常说法（例外），不算"
            return "词库写明的正常说法（例外），不算"
        if why == "不在分词边界上":
            return inside_words(norm, s, t, self.built.words_over(norm, s, t), said)
        if why == "单字不独立":
            before = self.built.word_before(norm, s) if s else ""
            if before:
                before = said(s - len(before), s)
                return f"单字“{piece}”紧跟在“{before}”后面，是“{before}{piece}”的说法，不算"
            return f"单字“{piece}”前后都连着字（或前面是数字），不是单独说的，不算"
        if why == "形近的写法是常用词或不在分词边界上":
            return f"“{m.text}”只是看起来像，在这里是平常的字词，不算"
        if why == "字母在更长的英文或数字里":
            return f"“{m.text}”是更长的英文或数字的一部分，不算"
        if why == "数字后面接单位：是数量":
            return f"“{m.text}”后面接着单位，是个数量，不算"
        if why:
            return why
        return self._why_in_context(text, m)

    def _why_in_context(self, text: str, m: PhraseMatch) -> str:
        """:meth:`_why_text` for a spelling its checks let through: what the sentence around
        it makes of it (an everyday sense, a rule named, a game word, a question)."""
        if other_sense(text, m):
            return "这里是日常的意思（看紧挨着的字或同一句话：大号奶茶、那场会、替补门将），不算"
        if mentioned(text, m):
            return "提到规则或转述别人的话，不是自己说的，不算"
        rx = game_word_re(self.built.game_words)
        for w in rx.finditer(text) if rx is not None else ():
            if w.start() <= m.start and m.end <= w.end():
                return f"在版杀自己的词“{w.group()}”里面，不算"
        if _led_by_game_word(text, m, self.built.game_words, self._rest_said):
            return "开头的字属于前面版杀自己的词（讨论日、加速日……），不算"
        if asked(text, m):
            return f"“{m.text}”是问句末尾的“吗”（……是你吗？），不是亲属问候，不算"
        if proposed(text, m):
            return f"“{m.text}”末尾的“吧”是提议的语气词（投某某吧），前面是名字的最后一个字，不算"
        return "已经算在另一个类别更长的命中里"


# A question's closing particle (吗, 嘛 and their other spellings) and the pronouns a
# question ends on (是你吗, 私信他吗): 你吗 of such a question is no 你妈.
_QUESTION_PARTICLES = frozenset("吗嗎嘛么麼")
_PRONOUNS = frozenset("你妳您他她它祢")
# The verbs an insult puts before the pronoun (草你吗): then the pronoun is its object.
_INSULT_VERBS = frozenset("操草艹肏日干去滚")
# What may follow a question's particle in its clause (是你吗啊): more particles only.
_AFTER_QUESTION = frozenset("呀啊呢吧哈哦")


def asked(text: str, m: PhraseMatch) -> bool:
    """Is the match a pronoun and the question particle that ends its clause (导演 夜里行动是
    私信你吗, 是他吗？) — a question, not 你妈 / 他妈 heard in 你吗 / 他吗?  A question puts its
    predicate before the pronoun (是, 私信, 信): something of the clause stands before it, and
    nothing but particles, punctuation or the text's end comes after.  Not a question: the
    pair opening its clause (你吗，这都能死: an exclamation), an insult's verb right before it
    (草你吗), or the insult going on after it (你吗的, 你吗逼: the form is longer, or the
    next character is no particle)."""
    said = [c for c in m.text if _is_cjk(c)]
    if len(said) != 2 or said[0] not in _PRONOUNS or said[1] not in _QUESTION_PARTICLES:
        return False
    end = m.end
    while end < len(text) and text[end] in _AFTER_QUESTION:
        end += 1
    if end < len(text) and (_is_cjk(text[end]) or text[end].isalnum()):
        return False  # 你吗的, 你吗逼, 你吗b: the insult goes on
    lo = m.start
    while lo > 0 and not (text[lo - 1].isspace() or text[lo - 1] in _CLAUSE_ENDS):
        lo -= 1
    before = [c for c in text[lo : m.start] if _is_cjk(c) or c.isalnum()]
    return bool(before) and before[-1] not in _INSULT_VERBS


_CLAUSE_ENDS = frozenset("，,。.！!？?；;：:、…~～\n")

# The verbs of a choice put to the others (投, 刀, 查, 验 …): 投冷面王吧 proposes a vote.
_CHOICE_VERBS = frozenset("投刀查验选跟信挂救毒守推踩归保留")


def proposed(text: str, m: PhraseMatch) -> bool:
    """Is the match a heard two-character insult whose second character is the particle 吧
    closing a proposal (那我投冷面王吧, 今晚刀老六吧: the name's last character and the
    particle, no 王八)?  A proposal puts a verb of choice (投, 刀, 查, 验 …) before the name
    in the same clause, and nothing but particles, punctuation or the text's end comes after.
    Not a proposal: no such verb (你这个王吧, 王吧你: the insult called at someone), a
    pronoun after the verb (投你这个王吧: the person so called), the insult going on (王吧蛋), or the spelling written with 吧 itself (the form has it)."""
    said = [c for c in m.text if _is_cjk(c)]
    if len(said) != 2 or said[1] != "吧" or "吧" in m.form:
        return False
    end = m.end
    while end < len(text) and text[end] in _AFTER_QUESTION:
        end += 1
    if end < len(text) and (_is_cjk(text[end]) or text[end].isalnum()):
        return False
    lo = m.start
    while lo > 0 and not (text[lo - 1].isspace() or text[lo - 1] in _CLAUSE_ENDS):
        lo -= 1
    before = text[lo : m.start]
    verb = max((i for i, c in enumerate(before) if c in _CHOICE_VERBS), default=-1)
    # 投你这个王吧: a pronoun after the verb makes the name a person called by it
    return verb >= 0 and not any(c in _PRONOUNS for c in before[verb + 1 :])


def _led_by_game_word(
    text: str,
    m: PhraseMatch,
    words: tuple[str, ...],
    rest_said: Callable[[str], bool] | None = None,
) -> bool:
    """Does the match begin on the last character of a word of the game's own that starts
    before it (下个讨论日他上: 日他 is 讨论日's 日 and the next clause's 他), and is what is
    left of it no phrase (他)?  The character is the game word's (issue 35, Build 1: 加速日).
    Where the rest is a phrase of its own (``rest_said``: 投票日你妈 — 你妈; 狼人渣 — 渣) the
    match stands: the game word leads into an insult, it does not explain one away."""
    rx = game_word_re(words)
    if rx is None or m.end - m.start < 2:
        return False
    lo = max(0, m.start - 8)
    for w in rx.finditer(text, lo, m.end):
        if w.start() < m.start < w.end() < m.end and w.end() - m.start == 1:
            return rest_said is None or not rest_said(text[w.end() : m.end])
    return False


def inside_words(
    norm: str,
    s: int,
    t: int,
    words: Sequence[tuple[int, int]],
    said: Callable[[int, int], str] | None = None,
) -> str:
    """Why the spelling ``norm[s:t]``, found inside other words, is no match, in plain
    Chinese: the word it is part of (操 in 操作), or how the words it straddles share it
    (菜鸡 of 这道菜|鸡肉: 菜 is 道菜's, 鸡 is 鸡肉's).  ``words``: their spans in ``norm``;
    ``said``: the original text of a span of ``norm`` (the director's own words)."""
    q = said if said is not None else (lambda a, b: norm[a:b])
    piece = q(s, t)
    if len(words) == 1 and words[0] != (s, t):
        return f"“{piece}”在这里是“{q(*words[0])}”的一部分，不算"
    if len(words) >= 2:
        shares = "，".join(
            f"“{q(a, b)}”自成一词"
            if s <= a and b <= t
            else f"“{q(max(a, s), min(b, t))}”属于“{q(a, b)}”"
            for a, b in words
        )
        return f"“{piece}”在这里不是一个词：{shares}，不算"
    return f"“{piece}”在这里不是单独的一个词，不算"
