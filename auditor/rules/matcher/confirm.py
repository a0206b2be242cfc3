"""Step 4 of the matcher, **confirm**: the checks a candidate of the prefilter must
pass before it is charged.  The module's functions need no matcher: clause and ASCII
word bounds, a clause's readings (pypinyin, phrase-aware: :func:`_clause_pinyin`), a
one-character term standing alone (:func:`_standalone`: 草，… but not 吃草了), counts
and dates (发4帖 is a count, not 发誓), which of overlapping matches is kept
(:func:`_resolve`); :class:`Confirmer` holds the checks that read the matcher's own
tables (exceptions, jieba's cuts, the verdict on a pinyin or near-sound candidate).

M107 判罚依据 names what may be charged ("音近、形近 …"); DESIGN.md §8 what may not
(草原 is not 草, 出生 is not 畜生): precision first, an ordinary word never draws a card.
"""

from __future__ import annotations

import re
import unicodedata
from bisect import bisect_left
from collections.abc import Collection, Iterable, Sequence
from functools import lru_cache
from itertools import accumulate, pairwise

from auditor.rules.lexicon import (
    context_word_sets,
)
from auditor.rules.matcher.build import _Built
from auditor.rules.matcher.normalise import _ASCII_ALNUM, _ASCII_WORD, _MEASURE, _NUMERIC_AFTER
from auditor.rules.matcher.pinyin import _NEAR_SHORT_STOP, _PLAIN, NEAR_LONG_CHARS, _glided, fuzz
from auditor.rules.matcher.prefilter import _Key
from auditor.rules.phrasematch import PhraseMatch
from auditor.rules.said.text import CLAUSE_MARKS, NAMED_ACTS
from auditor.rules.said.text import is_cjk as _is_cjk

# The game's own acts, each one character (验 a check, 查 a check, 刀 a kill, 投 and 票 a vote,
# 狼 the wolf): a sound-alike that swaps one of them in is the act written, not a cloak.
_GAME_ACTS = frozenset("验查刀投票狼")


# A verb said twice around a negation (理都不理, 看也不看, 信不信): the character is that
# construction's verb, no piece of a word with its neighbour.
_A_NOT_A = re.compile(r"(.)(?:都|也)?(?:不|没)\1")


def _in_a_not_a(norm: str, s: int, t: int) -> bool:
    """Is the first character of ``norm[s:t]`` the second of an A(都|也)不A, or its last the
    first of one (猪理都不理: 理 is 理都不理's, not a piece of 助理 said another way)?"""
    if _A_NOT_A.match(norm, t - 1):
        return True
    return any(s - k >= 0 and _A_NOT_A.fullmatch(norm, s - k, s + 1) is not None for k in (2, 3))


# A person called by surname and a word of address (王姐, 李哥, 张叔, 刘总): the common
# surnames and the words of address after them.  A sound-alike that swaps the word of
# address in (往届 heard as 王姐) is a proper noun, a person spoken of, not a cloak (issue 35:
# "a proper noun … is not a hit").
_SURNAMES = frozenset(
    "王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏"
    "魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵"
    "万钱严覃武戴莫孔向汤"
)
_ADDRESS = frozenset("姐哥叔姨婶嫂伯总")


def _form_of_address(form: str, piece: str) -> bool:
    """Is the two-character sound-alike ``piece`` a surname and a word of address that the
    sound swapped in for the spelling ``form``'s own character (王姐 for 往届)?"""
    return (
        len(piece) == 2
        and len(form) == 2
        and piece[0] in _SURNAMES
        and piece[1] in _ADDRESS
        and form[1] != piece[1]
    )


# The words a verb's complement 得 comes before (调得太稀, 说得很对): there 得 is no 的.
_DEGREE = frozenset("太很挺真好更最蛮非特超有没不这那跟像")


def _complement_de(form: str, piece: str, after: str) -> bool:
    """Does the sound-alike ``piece`` end on a 得 that a degree word follows, where the
    spelling ``form`` has 的 (调得太稀: a verb and its complement, no 屌的)?"""
    return form.endswith("的") and piece.endswith("得") and after in _DEGREE and bool(after)


def _swapped_onto_game_verb(form: str, piece: str) -> bool:
    """Does the heard ``piece`` differ from the lexicon spelling ``form`` at one of the game's
    own one-character acts (:data:`_GAME_ACTS`)?"""
    return len(form) == len(piece) and any(
        c != f and c in _GAME_ACTS for c, f in zip(piece, form, strict=True)
    )


def _inside_ascii_or_a_count(
    norm: str, s: int, t: int, apart: tuple[bool, bool] = (False, False)
) -> bool:
    """Is the pinyin candidate ``norm[s:t]`` part of a longer ASCII word (pinyin must be
    whole ASCII words) or a number with a unit (发4帖 is a count, not 发誓)?  ``apart``: whether
    a space of the original stood right before ``s`` and right at ``t`` (spaced pinyin, which
    the normaliser joins: ni shi sha bi, whose words sha and bi are whole words)."""
    piece = norm[s:t]
    if piece[0] in _ASCII_ALNUM and s > 0 and norm[s - 1] in _ASCII_ALNUM and not apart[0]:
        return True
    if piece[-1] in _ASCII_ALNUM and t < len(norm) and norm[t] in _ASCII_ALNUM and not apart[1]:
        return True
    return not piece.isalpha() and any(
        c.isdigit() and k + 1 < len(norm) and norm[k + 1] in _MEASURE
        for k, c in enumerate(piece, s)
    )


def _spaced_before(text: str, idx: Sequence[int], p: int) -> bool:
    """Did only spaces of the original ``text`` stand between the normalised characters
    ``p - 1`` and ``p`` (two words of spaced pinyin, joined by the normaliser)?"""
    if p <= 0 or p >= len(idx):
        return False
    a, b = idx[p - 1] + 1, idx[p]
    return a < b and text[a:b].isspace()


# Spaced pinyin's words addressed to someone (ni shi / ta ge / 3 hao shi / ni zhe ge), right
# before a name heard inside a longer run: ni shi sha bi calls a player a name, while ordinary
# words that happen to sound like one (zhe ge zhi zhang bu gou yong, wo qu wang ba shang wang,
# fei wu li yong) address nobody (review42 item 7); such a run is still read back in characters.
_PINYIN_NUM = r"(?:\d+|yi|er|san|si|wu|liu|qi|ba|jiu|shi)(?:\s*(?:yi|er|san|si|wu|liu|qi|ba|jiu))?"
_ADVERB = r"(?:\s+(?:zhen|jiu|ke|ye|hai|zhen de|que shi|jiu shi))?"
_CALLS = r"(?:shi|ge|shi ge|zhe ge|na ge|zhe zhong|shi yi ge|shi zhe ge)"
_ADDRESSED = re.compile(
    r"(?:^|[^a-z])(?:(?:ni|nin)(?:\s+men)?" + _ADVERB + r"(?:\s+" + _CALLS + r")?"
    r"|(?:ta(?:\s+men)?|" + _PINYIN_NUM + r"\s*hao)" + _ADVERB + r"\s+" + _CALLS + r")\s+$"
)


def addressed_at(text: str, end: int) -> bool:
    """Do spaced pinyin words addressing someone (:data:`_ADDRESSED`: ni, ni shi, ta ge,
    3 hao shi) stand right before ``text[end]``?"""
    before = unicodedata.normalize("NFKC", text[max(0, end - 40) : end]).lower()
    return bool(_ADDRESSED.search(before))


def _addressed(text: str, idx: Sequence[int], s: int) -> bool:
    """:func:`addressed_at` the normalised character ``s`` (``idx``: its index in ``text``)."""
    return addressed_at(text, idx[s] if s < len(idx) else len(text))


# How far from a heard trigger word the words its pattern also requires are looked for.
_REACH = 40
# Numerals read as numbers (上八 is no 上把); 四 is left out: 发四, 去四 are the classic cloaks.
_NUMERALS = frozenset("零一二三五六七八九十两百千万")
# Suffixes bound to the word before them (:meth:`Matcher._grammar_dismissed`).
_BOUND_SUFFIXES = frozenset("里着")

# A number written out in characters (七十, 二十四, 三百): its digits, which a sound-alike
# may change (see _counted), and its places beside them (万八 of 王八 is no number).
_COUNT_DIGITS = frozenset("零一二两三四五六七八九十")
_COUNT_CHARS = _COUNT_DIGITS | frozenset("百千万")
# A character this frequent (jieba's count: 来, 会, 说) is a word of its own, never the
# sound-alike that cloaks a sentence pattern's character.
_EVERYDAY = 90_000


# A single character heard as a pattern's one-character trigger is a cloak only if it is not
# much commoner than the trigger (郭 3,318 for 锅 2,561; not 国 29,996): a writer's cloak is
# a character like the word's, an everyday one is its own word.
_LONE_RATIO = 4


@lru_cache(maxsize=1)
def dictionary_verbs() -> frozenset[str]:
    """The words of two or more characters jieba's dictionary tags as verbs (v, vd, vi, vf,
    vq; not vn, the verb used as a noun), read once, on the first sound-alike that is a word
    of the dictionary (:meth:`Confirmer._verb_for_a_name`)."""
    import jieba

    verbs: set[str] = set()
    with jieba.get_dict_file() as f:
        for raw in f:
            parts = raw.decode("utf-8").split()
            if len(parts) >= 3 and len(parts[0]) >= 2 and parts[2][0] == "v" and parts[2] != "vn":
                verbs.add(parts[0])
    return frozenset(verbs)


# A near sound by the medial pair (f heard as hu) only from a character rarer than this
# (灰 2,873, 花 12,710 in jieba's counts): 回 23,572, 话 34,240 are words of their own.
_GLIDE_WRITTEN = 20_000

# The digits a seat number ends in (3号, 十二号): the 号 after one is the seat's.
_SEAT_DIGITS = frozenset("0123456789零一二两三四五六七八九十")

# A seat said with an insulting adjective and its degree (3号蠢得没边了, 5号蠢到家, 6号蠢死了).
_SEAT_INSULT_BEFORE = re.compile(r"[0-9零一二两三四五六七八九十]号$")
_SEAT_INSULT_AFTER = frozenset("得到死")


def _seat_insult(text: str, os_: int, oe: int) -> bool:
    """Is the adjective at ``text[os_:oe]`` said of a seat, a degree after it: 3号蠢得没边了,
    5号蠢到家 — a seat number is a name (M107 违规判定 2(1)), as 你蠢 is."""
    return (
        text[oe : oe + 1] in _SEAT_INSULT_AFTER
        and _SEAT_INSULT_BEFORE.search(text, max(0, os_ - 3), os_) is not None
    )


# What :meth:`Matcher._pinyin_verdict` says of a candidate.
_REJECTED, _CONFIRMED, _IF_CLAUSE = 0, 1, 2
# How far from a candidate the verdict reads the normalised text: jieba's window
# (:meth:`Matcher.boundaries`: 8), the readings' clause (4), an exception's length.
_CONTEXT = 8


@lru_cache(maxsize=65536)
def _clause_pinyin(clause: str) -> list[str]:
    """pypinyin on a short clause (phrase-aware), memoised: posts repeat phrases."""
    from pypinyin import lazy_pinyin

    return lazy_pinyin(clause)


_CLAUSE_PUNCT = set("，,。.！!？?；;：:、…—～~）)」』”’\"'（(「『“‘")
_CLAUSE_ENDS = frozenset("，,。！!？?；;")  # (what ends a clause, not a cloak's noise: 卧.槽)


def _torn(beyond: str) -> bool:
    """Does an exception's part ``beyond`` the match (read away from it) cross a clause end
    to take one character only: a two-character word torn apart (逼，票)?"""
    cut = next((k for k, c in enumerate(beyond) if c in _CLAUSE_ENDS), -1)
    return cut >= 0 and sum(map(_is_cjk, beyond[cut + 1 :])) == 1


def _clause_break(text: str, i: int, step: int) -> bool:
    """Is there clause punctuation at text[i] (skipping spaces in the direction ``step``)?"""
    while 0 <= i < len(text) and text[i].isspace():
        i += step
    return 0 <= i < len(text) and text[i] in _CLAUSE_PUNCT


def _two_clauses(text: str, start: int, end: int) -> bool:
    """Does a clause end inside ``text[start:end]`` part two clauses that each hold words of
    their own beyond the match (有点怪，我没看懂: 怪我 is no word there)?  A cloak puts the
    punctuation inside one word said on its own (卧，槽，这也行; 你就是个傻，逼): one side of
    it is nothing but the match."""
    if not any(c in _CLAUSE_ENDS for c in text[start:end]):
        return False
    lo, hi = start, end
    while lo > 0 and text[lo - 1] not in _CLAUSE_ENDS:
        lo -= 1
    while hi < len(text) and text[hi] not in _CLAUSE_ENDS:
        hi += 1
    return any(map(_is_cjk, text[lo:start])) and any(map(_is_cjk, text[end:hi]))


def _ascii_bounded(norm: str, s: int, t: int) -> bool:
    """An ASCII key must not sit inside a longer ASCII word (wc, not awcx), unless that word
    is the key said again and again (mvpmvpmvp, sbsbsb: the 叠字 of letters)."""
    if not (
        (s > 0 and _ASCII_WORD.match(norm[s - 1])) or (t < len(norm) and _ASCII_WORD.match(norm[t]))
    ):
        return True
    a, b = s, t
    while a > 0 and norm[a - 1] in _ASCII_ALNUM:
        a -= 1
    while b < len(norm) and norm[b] in _ASCII_ALNUM:
        b += 1
    key, run = norm[s:t], norm[a:b]
    return len(key) >= 2 and (s - a) % len(key) == 0 and run == key * (len(run) // len(key))


# A numeral or date word right before 日 makes it a day (三日, 那日, 周日, 次日), never
# an exclamation.
_DATE_BEFORE = frozenset("一二三四五六七八九十百千两几某每次当前后本这那该半整昨今明周礼星隔翌首")
_CLASSIFIERS = frozenset("头个只条匹坨货")
# Words after which a one-character term is still said on its own (赶紧滚, 你们滚, 真是猪):
# the adverbs, pronouns and interjections that lead into an exclamation or a call
# (lexicons/context/words.txt @set LEAD_INS, read on first use).


# One-character insulting adjectives (贱, 蠢) and the degree adverbs that make them a taunt
# when they close a clause (这么贱, 真够贱的, 太蠢了), and the particles allowed after them.
_INSULT_ADJECTIVES = frozenset("贱蠢傻笨骚渣")
# (the degree adverbs: lexicons/context/words.txt @set DEGREE_WORDS)
_ADJECTIVE_TAIL = frozenset("的了啊呀吧")
# One-character exclamations (操, and 草 for it) and the particles that close them (草了).
_EXCLAIMS = frozenset("操草艹肏淦靠")
_EXCLAIM_TAIL = frozenset("了啊呀")


def _standalone(text: str, start: int, end: int) -> bool:
    """A one-character term stands alone unless CJK characters sit on both sides, or a number
    comes right before it (第2日, 3日: a date or a count, not an exclamation)."""
    before = text[start - 1] if start > 0 else ""
    after = text[end] if end < len(text) else ""
    if before.isdigit():
        return False
    return not (before and _is_cjk(before) and after and _is_cjk(after))


def _rank(m: PhraseMatch) -> int:
    """Prefer the plainest explanation of one span: text, then 音近, then 近音, then a
    look-alike swapped in (:meth:`Matcher._add_shapes`: its form is the text as written)."""
    if "形近" in m.how and m.form == m.text:
        return 3
    return 2 if "近音" in m.how else 1 if "音近" in m.how else 0


# The categories of a sentence an oath word within makes an oath (:func:`_resolve`).
_SWORN_OUTER = frozenset({"GUARANTEE"})


def _resolve(found: list[tuple[PhraseMatch, bool]]) -> list[PhraseMatch]:
    """Drop duplicates and matches inside a longer one (same category, or inside a word
    entry of another category: 操你妈 is kin, not also 操)."""
    uniq: dict[tuple[str, int, int], tuple[PhraseMatch, bool]] = {}
    for m, pat in found:
        k = (m.category, m.start, m.end)
        if k not in uniq or _rank(m) < _rank(uniq[k][0]):
            uniq[k] = (m, pat)
    items = sorted(uniq.values(), key=lambda x: (x[0].start, -(x[0].end - x[0].start)))
    # A guarantee sworn (向毛主席发誓, 以我爷爷的名义起誓) is an oath: the oath word within
    # decides the sentence's category (M107 3(1) 发誓; every set labels it OATH).
    sworn = {
        id(o)
        for o, _ in items
        if o.category in _SWORN_OUTER
        and any(
            m.category == "OATH" and o.start <= m.start and m.end <= o.end and m is not o
            for m, _ in items
        )
    }
    out: list[PhraseMatch] = []
    for m, _pat in items:
        if id(m) in sworn:
            continue
        inside = False
        for o, _opat in items:
            if o is m or (o.start, o.end) == (m.start, m.end) or id(o) in sworn:
                continue
            if o.start <= m.start and m.end <= o.end:
                inside = True
                break
        if not inside:
            out.append(m)
    return out


class Confirmer:
    """Step 4 over the compiled lexicon's tables (:attr:`built`, which it reads and does
    not own): a candidate's span mapped back to the original text, its exceptions (草原,
    操作), its bounds (a clause, an ASCII word, jieba's cuts), a one-character term standing
    alone, and the verdict on a pinyin or near-sound candidate (:meth:`_pinyin_verdict`: its
    clause's readings, common words, counts)."""

    def __init__(self, built: _Built) -> None:
        self.built = built
        self._empty_caches()

    def _empty_caches(self) -> None:
        """This step's own caches (none is read by another step; each is emptied for the
        disk cache, and bounded where it grows with the text)."""
        self._commons: dict[str, bool] = {}  # a pinyin candidate's piece: a common word?
        # jieba's verdicts on small windows: a short near candidate off the words?
        self._small_cuts: dict[tuple[str, int], str | bool] = {}
        self._longest_exception: dict[int, int] = {}
        self._sound_verdicts: dict[tuple[str, str], bool] = {}  # (trigger, piece) → dismissed?
        self._lists_cloaked: frozenset[str] | None = None  # :meth:`_cloaked_words`
        self._rare_triggers: dict[str, bool] = {}  # :meth:`_rare_trigger`
        # a pinyin candidate's verdict by its stretch of text (:meth:`_pinyin_verdict`), and
        # how far from it an entry's verdict reads
        self._verdicts: dict[tuple[object, ...], int] = {}
        self._reach: dict[int, int] = {}

    def __getstate__(self) -> dict[str, object]:
        return {"built": self.built}

    def __setstate__(self, state: dict[str, object]) -> None:
        self.__dict__.update(state)
        self._empty_caches()

    def dismissed(self, key: _Key, fast: str, end: int) -> bool:
        """:meth:`find_all`'s first look at a pinyin-automaton hit ending at ``end`` of the
        batch: rejected by its piece alone (:meth:`settled`) or, a short near sound, by
        the few characters around it (:meth:`_short_near_off_word`)?"""
        s = end + 1 - len(key.py)
        if key.kind == "sound":
            # (a trigger as written is kept, as :meth:`find` keeps it: the sound copy may
            # find another of the pattern's characters cloaked, 杀品真叉, 规则解释我不任)
            piece = fast[s : end + 1]
            kept = piece == key.form and self._rare_trigger(piece)
            return (not kept and self.sound_dismissed(key, piece)) or not (
                self.near_conjuncts(key, fast, s, end + 1)
            )
        return self.settled(key, fast[s : end + 1]) or self._short_near_off_word(
            key, fast, s, end + 1
        )

    def _rare_trigger(self, word: str) -> bool:
        """Is trigger ``word``, as written, rare enough to send its post on to the sound copy
        (:meth:`dismissed`): fewer than 500 in jieba's counts, no game talk, no character of
        plain talk (规则解释, 杀品; not 女巫, 查杀, 不认, 请大家, said in every other post)?"""
        got = self._rare_triggers.get(word)
        if got is None:
            freq = self.built.tokenizer().FREQ
            got = self._rare_triggers[word] = self.built.frequencies().get(
                word, 0
            ) < 500 and not any(c in _NEAR_SHORT_STOP or freq.get(c, 0) >= _PLAIN for c in word)
        return got

    def settled(self, key: _Key, piece: str) -> bool:
        """Does :meth:`pinyin_matches` reject the pinyin candidate ``key`` over the characters
        ``piece`` whatever stands around them: a spelling of its entry (found as text
        already), or a common word of its own (出生 is not 畜生)?  Its checks all reject,
        so these two, decided early, leave the same matches."""
        return (
            piece in self.built.form_keys[key.entry]
            or self._short_near_stopped(key, piece)
            or self._common_piece(piece)
        )

    def _glide_written_plain(self, key: _Key, piece: str) -> bool:
        """A near sound by a medial pair (``f hu`` of ``_confusion.txt``: 灰物 for 废物),
        the accent's wider step, whose written characters are ordinary talk there: the
        glide character a common one (回 of 回屋, 话), or making a word of the dictionary
        with a character left as written beside it (我花式 is 我|花式, no 我发誓)."""
        if key.kind != "near":
            return False
        form = self.built.norm.key(key.form)
        if len(form) != len(piece) or not all(map(_is_cjk, piece)):
            return False
        glides = self.built.glides
        changed = [
            p
            for p, (c, f) in enumerate(zip(piece, form, strict=True))
            if c != f
            and _glided(
                self.built.py_table.get(ord(c), ""), self.built.py_table.get(ord(f), ""), glides
            )
        ]
        if not changed:
            return False
        freq = self.built.tokenizer().FREQ
        return any(
            freq.get(piece[p], 0) >= _GLIDE_WRITTEN
            or any(
                freq.get(w) and not set(w) <= set(form)
                for w in (piece[max(0, p - 1) : p + 1], piece[p : p + 2])
                if len(w) == 2
            )
            for p in changed
        )

    def _short_near(self, key: _Key, length: int) -> bool:
        """Is ``key`` a near sound of under :data:`NEAR_LONG_CHARS` characters of a
        category with ``@near long``?"""
        return (
            key.kind == "near"
            and length < NEAR_LONG_CHARS
            and self.built.cats[self.built.entries[key.entry].category].near_long
        )

    def _short_near_off_word(self, key: _Key, norm: str, s: int, t: int) -> bool:
        """A short near sound must be a word as written: jieba's cut of the few characters
        around it decides (a small window, which posts share and whose cut is remembered:
        好日子羊在 is 日子|羊, no 子羊 for 自淹).  The batch path asks it before a
        candidate's text is mapped back to its original (:meth:`find_all`)."""
        if not self._short_near(key, t - s):
            return False
        if self._grammar_dismissed(key, norm, s, t):
            return True  # 帖子里骂 is no 你妈, 追着 no 追责
        lo, hi = max(0, s - 3), min(len(norm), t + 3)
        window = norm[lo:hi]
        got = self._small_cuts.get((window, (s - lo) * 8 + t - lo))
        if got is None:
            if len(self._small_cuts) >= 65536:
                self._small_cuts.clear()
            got = not self.built.boundaries(window, s - lo, t - lo)
            self._small_cuts[window, (s - lo) * 8 + t - lo] = got
        return bool(got)

    def _short_near_stopped(self, key: _Key, piece: str) -> bool:
        """A near sound of under :data:`NEAR_LONG_CHARS` characters under ``@near long``
        holding a pronoun, a particle or a game word (你是 is not 立誓, 狼人 not 烂人); or a
        homophone of two characters, both changed, one of them such a word (里是 is no
        立誓: 发是 still is 发誓); or a near sound by the medial pair written as ordinary
        talk (:meth:`_glide_written_plain`); or a number written out (七十了 is no 气死了).
        """
        if self._counted(key, piece):
            return True
        if key.kind == "pinyin":
            if len(piece) != 2 or _NEAR_SHORT_STOP.isdisjoint(piece):
                return False  # (the common case: no key() of the form)
            form = self.built.norm.key(key.form)
            return len(form) == 2 and piece[0] != form[0] and piece[1] != form[1]
        if key.kind != "near" or self._glide_written_plain(key, piece):
            return key.kind == "near"
        if len(piece) >= NEAR_LONG_CHARS:
            return self._near_keeps_no_word(key, piece)
        return not _NEAR_SHORT_STOP.isdisjoint(piece) and bool(
            self.built.cats[self.built.entries[key.entry].category].near_long
        )

    def _near_keeps_no_word(self, key: _Key, piece: str) -> bool:
        """A near sound whose every word character of the spelling is changed, only its
        particles kept (嚼完了 heard as 绝望了: a verb and its 完了, nothing of 绝望 left), is
        ordinary talk: a cloak keeps what it cloaks or swaps it for its exact sound."""
        form = self.built.norm.key(key.form)
        if len(form) != len(piece):
            return False
        kept = [c for c in form if c not in _NEAR_SHORT_STOP]
        return (
            0 < len(kept) < NEAR_LONG_CHARS
            and len(kept) < len(form)
            and all(c != f for c, f in zip(piece, form, strict=True) if f not in _NEAR_SHORT_STOP)
        )

    def _counted(self, key: _Key, piece: str) -> bool:
        """A sound-alike whose changed character is a digit beside another numeral: a number
        as written (七十了, 四十个), not a cloak; a digit alone still cloaks (摔四, 你去四吧),
        and so does a place (万八蛋)."""
        if key.kind not in ("near", "pinyin") or sum(c in _COUNT_CHARS for c in piece) < 2:
            return False
        form = self.built.norm.key(key.form)
        if len(form) != len(piece):
            return False
        return any(
            c != f
            and c in _COUNT_DIGITS
            and (
                (p > 0 and piece[p - 1] in _COUNT_CHARS)
                or (p + 1 < len(piece) and piece[p + 1] in _COUNT_CHARS)
            )
            for p, (c, f) in enumerate(zip(piece, form, strict=True))
        )

    def _grammar_dismissed(self, key: _Key, norm: str, s: int, t: int) -> bool:
        """A near sound of two characters one of whose changed characters is a suffix bound
        to the word before it (the place word 里 of 帖子里, the aspect word 着 of 追着): the
        grammar of the sentence, not a cloak.  At the head of a clause the same 里 is one
        (里妈没教你)."""
        if t - s != 2 or key.kind != "near" or _BOUND_SUFFIXES.isdisjoint(norm[s:t]):
            return False
        form = self.built.norm.key(key.form)
        return len(form) == t - s and any(
            c != f and c in _BOUND_SUFFIXES and p > 0 and _is_cjk(norm[p - 1])
            for p, c, f in zip(range(s, t), norm[s:t], form, strict=True)
        )

    def _common_piece(self, piece: str) -> bool:
        """Is ``piece``, holding a CJK character, a common word (memoised: posts repeat
        their words)?"""
        common = self._commons.get(piece)
        if common is None:
            common = any(map(_is_cjk, piece)) and self._common_word(piece)
            if len(self._commons) >= 65536:
                self._commons.clear()
            self._commons[piece] = common
        return common

    def span(self, text: str, idx: Sequence[int], s: int, t: int) -> tuple[int, int]:
        start, end = idx[s], idx[t - 1] + 1
        joins = self.built.norm.joins
        last = end - 1
        # a split character ends the span with all its parts (装辶畐, not 装辶)
        if joins and text[last] in self.built.norm.join_firsts:
            for n in (3, 2):
                if text[last : last + n].translate(self.built.norm.table) in joins:
                    end = last + n
                    break
        # Repeats collapsed into the last character belong to the span (卧卧卧槽槽).
        while end < len(text) and text[end] == text[end - 1] and (t >= len(idx) or idx[t] > end):
            end += 1
        return start, end

    def _bounded(self, text: str, norm: str, idx: Sequence[int], s: int, t: int) -> bool:
        """Word boundaries at both ends, where punctuation in the original text is a
        boundary too: noise removal joins 卧，槽 into 卧槽 (an evasion), but it must not
        turn "你这头猪，票都不会投" into a word 猪票."""
        return self.built.boundaries(norm, s, t) or self._clause_bounded(text, norm, idx, s, t)

    def _clause_bounded(self, text: str, norm: str, idx: Sequence[int], s: int, t: int) -> bool:
        """:meth:`_bounded` where jieba cuts through [s, t): clause punctuation in the
        original text right before or after it ends the text there for another cut."""
        start, end = self.span(text, idx, s, t)
        lo = s if _clause_break(text, start - 1, -1) else 0
        hi = t if _clause_break(text, end, 1) else len(norm)
        if lo == 0 and hi == len(norm):
            return False
        return self.built.boundaries(norm[lo:hi], s - lo, t - lo)

    def excepted(self, entry: int, norm: str, s: int, t: int) -> bool:
        return self._exception_at(entry, norm, s, t) is not None

    def _excepted_here(
        self, entry: int, text: str, norm: str, idx: Sequence[int], span: tuple[int, int]
    ) -> bool:
        """An exception of ``entry`` over ``span``, not a word torn by a clause end: the
        normalised text drops the punctuation between characters, and 牛逼，票型 holds no
        逼票 (an exception of 逼); 发誓，违规 is still 发誓违规 (a phrase, not a word)."""
        at = self._exception_at(entry, norm, *span)
        if at is None:
            return False
        if norm[at[0] : at[1]] in text:
            return True  # (written as it stands, the common case: no offsets needed)
        a, b = self.span(text, idx, *at)
        os_, oe = self.span(text, idx, *span)
        return not (_torn(text[oe:b]) or _torn(text[a:os_][::-1]))

    def _exception_at(self, entry: int, norm: str, s: int, t: int) -> tuple[int, int] | None:
        """Where an exception of ``entry`` overlapping ``norm[s:t]`` stands (None: none)."""
        exceptions = self.built.exceptions[entry]
        if not exceptions:
            return None
        longest = self._longest_exception.get(entry)
        if longest is None:
            longest = self._longest_exception[entry] = max(map(len, exceptions))
        window = norm[max(0, s - longest + 1) : t + longest - 1]
        for x in exceptions:
            if not x or x not in window:
                continue  # the common case, decided in C
            lo = max(0, s - len(x) + 1)
            pos = norm.find(x, lo, t + len(x) - 1)
            while pos != -1 and pos < t:
                if pos + len(x) > s and (
                    pos < s or pos + len(x) > t or (pos == s and pos + len(x) == t)
                ):
                    return pos, pos + len(x)
                pos = norm.find(x, pos + 1, t + len(x) - 1)
        return None

    def confirm(
        self, key: _Key, text: str, norm: str, idx: Sequence[int], s: int, t: int
    ) -> PhraseMatch | None:
        if self.rejected(key, text, norm, idx, s, t):
            return None
        e = self.built.entries[key.entry]
        os_, oe = self.span(text, idx, s, t)
        original = text[os_:oe]
        if key.kind == "initials":
            how: list[str] = ["首字母"]
        elif key.kind in ("shape", "split"):
            how = ["形近", *(h for h in self.built.norm.how(original) if h != "形近")]
        else:
            how = self.built.norm.how(original) or ["原文"]
        return PhraseMatch(
            e.category, e.label, key.form, os_, oe, original, tuple(how), e.note, e.source
        )

    def _single_stands(self, text: str, norm: str, os_: int, oe: int, s: int) -> bool:
        """Is a one-character term (日, 操, 草, 靠, 滚, 猪) said on its own?  Not with CJK
        characters on both sides nor after a number (:func:`_standalone`), and not as the
        last character of a word: right after a CJK character it is the tail of what comes
        before when jieba cuts a word of two characters or more there (加速|日, 讨论|日,
        第二|日, 游戏|日: a game day, not 日了狗) unless that word is a lead-in of an
        exclamation or a call (赶紧滚, 你们滚, 真是猪) or ends in a classifier (这头猪), or
        (日 alone) when a numeral or date word stands right before it (三日, 那日, 周日)."""
        if norm[s] in _INSULT_ADJECTIVES and (
            self._degree_insult(text, norm, os_, oe, s) or _seat_insult(text, os_, oe)
        ):
            return True
        if not _standalone(text, os_, oe):
            return self._exclaimed(text, norm, os_, oe, s)
        if os_ == 0 or not _is_cjk(text[os_ - 1]) or s == 0:
            return True  # the start of a clause: 草，这都能死
        before = self.built.word_before(norm, s)
        if len(before) == 1:  # 三日, 那日: a day (你这猪: a call)
            return norm[s] != "日" or before not in _DATE_BEFORE
        return (
            not before
            or before in context_word_sets()["LEAD_INS"]
            or before[-1] in _CLASSIFIERS  # 这头猪, 那只驴: a call
            or not all(map(_is_cjk, before))
        )

    def _degree_insult(self, text: str, norm: str, os_: int, oe: int, s: int) -> bool:
        """这么贱, 真够贱的, 太蠢了: an insulting adjective right after a degree adverb that
        ends its clause (alone or with 的, 了, 啊 …) — not 这么贱卖 (a word goes on), not
        我真够傻的 (said of oneself: 我 in the clause and nobody else)."""
        if self.built.word_before(norm, s) not in context_word_sets()["DEGREE_WORDS"]:
            return False
        end = oe + 1 if text[oe : oe + 1] in _ADJECTIVE_TAIL else oe
        if end < len(text) and _is_cjk(text[end]):
            return False
        lo = os_
        while lo > 0 and text[lo - 1] not in _CLAUSE_PUNCT:
            lo -= 1
        clause = text[lo:os_]
        return "我" not in clause or any(c in clause for c in "你他她")

    def _exclaimed(self, text: str, norm: str, os_: int, oe: int, s: int) -> bool:
        """草了, 真是操了: a one-character exclamation closed by a particle that ends its
        clause, opening the clause or after a lead-in (真是, 简直) — not 吃草了, 割草了."""
        if norm[s] not in _EXCLAIMS or text[oe : oe + 1] not in _EXCLAIM_TAIL:
            return False
        if oe + 1 < len(text) and not _clause_break(text, oe + 1, 1):
            return False
        if os_ == 0 or not _is_cjk(text[os_ - 1]) or s == 0:
            return True
        return self.built.word_before(norm, s) in context_word_sets()["LEAD_INS"]

    def rejected(self, key: _Key, text: str, norm: str, idx: Sequence[int], s: int, t: int) -> str:
        """Why the text candidate ``key`` over ``norm[s:t]`` is no match (empty: it is one);
        what ``auditor lexicon test --explain`` shows."""
        if key.ascii_word and not _ascii_bounded(norm, s, t):
            return "字母在更长的英文或数字里"
        if (
            norm[s:t].isdigit()
            and t < len(norm)
            and norm[t] not in _NUMERIC_AFTER
            and (_is_cjk(norm[t]) or norm[t].isalnum())
        ):
            return "数字后面接单位：是数量"  # 250分钟, 748楼: not 二百五 / 去死吧
        if self._excepted_here(key.entry, text, norm, idx, (s, t)):
            return "例外"
        why = self._spelling_refused(key, text, norm, idx, s, t)
        if why:
            return why
        cat = self.built.cats[self.built.entries[key.entry].category]
        piece = norm[s:t]
        repeated = norm.startswith(piece, t) or (
            s >= len(piece) and norm.startswith(piece, s - len(piece))
        )
        if (
            cat.boundary
            and not key.ascii_word
            and key.kind != "split"  # (its boundaries: the spelling's, above)
            and not repeated
            and not self._bounded(text, norm, idx, s, t)
        ):
            return "不在分词边界上"
        if t - s == 1 and cat.boundary:
            os_, oe = self.span(text, idx, s, t)
            if not self._single_stands(text, norm, os_, oe, s):
                return "单字不独立"
        return ""

    def _spelling_refused(
        self, key: _Key, text: str, norm: str, idx: Sequence[int], s: int, t: int
    ) -> str:
        """Why the characters as written are no spelling of the key (empty: they may be).
        (A clause end can lie inside the span only where the normaliser dropped characters:
        the gap in ``idx`` is looked at first, the hot path's one comparison.)"""
        if self._shape_refused(key, text, norm, idx, s, t):
            return "形近的写法是常用词或不在分词边界上"
        if idx[t - 1] - idx[s] > t - s - 1 and _two_clauses(text, *self.span(text, idx, s, t)):
            return "跨过句读：两边各是一个分句"
        return ""

    def _shape_refused(
        self, key: _Key, text: str, norm: str, idx: Sequence[int], s: int, t: int
    ) -> bool:
        """A look-alike swapped in (:meth:`_add_shapes`) where the written characters are an
        ordinary word, or no word of their own in jieba's cut; a split character
        (:meth:`_add_splits`: 天打雨田劈) where they are an ordinary word, or where the spelling
        put back in their place (天打雷劈) is no word of its own in jieba's cut."""
        if key.kind == "split":
            back = norm[:s] + key.form + norm[t:]
            return self._common_piece(norm[s:t]) or not self.built.boundaries(
                back, s, s + len(key.form)
            )
        return key.kind == "shape" and (
            self._common_piece(norm[s:t]) or not self._bounded(text, norm, idx, s, t)
        )

    def readings(self, clause: str, s: int, t: int) -> list[str]:
        """Toneless pinyin of a CJK clause as pypinyin reads it (phrase-aware), where
        ``clause[s:t]`` is all that is compared: from the tables when no character of the
        clause lacks a reading and no phrase that reads one of ``clause[s:t]`` otherwise
        occurs in the clause (:func:`_reading_traps`), else from pypinyin itself (whose
        phrase dictionary takes 0.3 to 0.8 CPU s to load).  Outside ``[s, t)`` the
        table's readings stand in: only the length of the list is read there."""
        table, traps = self.built.py_table, self.built.reading_traps
        out: list[str] = []
        for k, c in enumerate(clause):
            r = table.get(ord(c))
            if r is None:
                return _clause_pinyin(clause)
            if s <= k < t:
                phrases = traps.get(c)
                if phrases is not None and any(x in clause for x in phrases):
                    return _clause_pinyin(clause)
            out.append(r)
        return out

    # A sound-alike that is itself a common word (jieba dictionary frequency at least this)
    # is that word: 出生 (1979) is not 畜生.  Evasions are rare coinages (卧草, 沙比: < 10);
    # sound-alikes that are both, like 麻痹, are listed in the lexicons as variants.
    COMMON_WORD_FREQ = 100

    def _common_word(self, piece: str) -> bool:
        return int(self.built.tokenizer().FREQ.get(piece) or 0) >= self.COMMON_WORD_FREQ

    def _verb_for_a_name(self, key: _Key, piece: str) -> bool:
        """Is the sound-alike ``piece`` a verb of the dictionary (jieba's own tag) heard as a
        spelling that is no verb (出声 to speak, heard as the name-calling noun 畜生)?  A
        word of its own of another part of speech is that word, however rarely jieba counted
        it (出声: 3, though Cantonese players say 唔出声 all day): a cloak is a coinage (沙比,
        卧草) or a word of the same kind, which the lexicons list as variants (fh44 item 1)."""
        if not self.built.tokenizer().FREQ.get(piece):
            return False  # (the commonest case: no word of the dictionary at all)
        verbs = dictionary_verbs()
        return piece in verbs and self.built.norm.key(key.form) not in verbs

    def near_conjuncts(self, key: _Key, text: str, s: int, t: int) -> bool:
        """Do the other words the trigger's branch requires (:attr:`conjuncts`, as
        written: a cloak rarely hides two of them) occur within a sentence's reach of the
        heard trigger ``text[s:t]``, and does no sound-alike at its ends make a word of
        the dictionary with the character beside it (家里奶茶 is no 历来)?"""
        freq = self.built.tokenizer().FREQ
        before, after = text[s - 1 : s + 1] if s else "", text[t - 1 : t + 1]
        if (key.form[0] != text[s] and freq.get(before)) or (
            key.form[-1] != text[t - 1] and len(after) == 2 and freq.get(after)
        ):
            return False
        sets = self.built.conjuncts.get((key.entry, key.branch), ())
        window = text[max(0, s - _REACH) : t + _REACH]
        return all(any(w in window for w in words) for words in sets)

    def _cloaked_words(self) -> frozenset[str]:
        """The trigger words written as cloaks (担宝 in one pattern, no word of the dictionary):
        heard as a cloak of another pattern's trigger (以我的长生天担宝 for 担保), not
        dismissed as that pattern's own written word."""
        got: frozenset[str] | None = self._lists_cloaked
        if got is None:
            freq = self.built.tokenizer().FREQ
            py = self.built.py_table
            by_sound: dict[tuple[str | None, ...], set[str]] = {}
            for w in self.built.sound_words:
                if len(w) > 1 and all(map(_is_cjk, w)):
                    by_sound.setdefault(tuple(py.get(ord(c)) for c in w), set()).add(w)
            got = self._lists_cloaked = frozenset(
                w
                for same in by_sound.values()
                if len(same) > 1 and any(freq.get(x) for x in same)
                for w in same
                if not freq.get(w)
            )
        return got

    def sound_dismissed(self, key: _Key, piece: str) -> bool:
        """A pattern's trigger word heard as ``piece``: no cloak by the piece alone?  The
        word as written (some pattern's own trigger has it), a piece that is not all CJK
        (3号 heard as 三号) or a word of the dictionary (不能, 还是), or a sound-alike
        that is a pronoun, a particle, a numeral or an everyday character.  Decided
        before the text becomes a candidate: most posts hold some word that sounds like
        a trigger."""
        if piece == key.form or (
            len(piece) > 1
            and piece in self.built.sound_words
            and piece not in self._cloaked_words()
        ):
            return True  # (the commonest case, first; 郭, another pattern's written trigger, may cloak 锅)
        got = self._sound_verdicts.get((key.form, piece))
        if got is None:
            freq = self.built.tokenizer().FREQ
            got = (
                not all(map(_is_cjk, piece))
                # (one character is always a word of the dictionary: its neighbours decide,
                # :meth:`near_conjuncts`)
                or (len(piece) > 1 and bool(freq.get(piece)))
                or (len(piece) == 1 and freq.get(piece, 0) > _LONE_RATIO * freq.get(key.form, 1))
                or any(
                    c != w
                    and (c in _NEAR_SHORT_STOP or c in _NUMERALS or freq.get(c, 0) >= _EVERYDAY)
                    for c, w in zip(piece, key.form, strict=False)
                )
            )
            if len(self._sound_verdicts) >= 65536:
                self._sound_verdicts.clear()
            self._sound_verdicts[key.form, piece] = got
        return got

    def pinyin_matches(
        self,
        hits: Sequence[tuple[int, list[_Key]]],
        table: dict[int, str],
        text: str,
        norm: str,
        idx: Sequence[int],
        categories: Collection[str] | None,
    ) -> Iterable[PhraseMatch]:

        # The syllable-code rendering has the text's offsets.  In the plain rendering (typed
        # pinyin) a hit maps back to characters only when both its ends fall on character
        # boundaries (bisect on each character's rendering offset).
        coded = table is self.built.py_render
        offsets: list[int] = []
        if not coded:
            offsets = list(accumulate(map(len, map(table.get, map(ord, norm), norm)), initial=0))
        for end_r, keys in hits:
            for key in keys:
                e = self.built.entries[key.entry]
                if key.kind == "sound" or (categories is not None and e.category not in categories):
                    continue  # (a pattern's sound trigger: :meth:`_collect` tries the pattern)
                rs, rt = end_r + 1 - len(key.py), end_r + 1
                if coded:
                    s, t = rs, rt
                else:
                    s = bisect_left(offsets, rs)
                    t = bisect_left(offsets, rt)
                    if (
                        s >= len(offsets)
                        or offsets[s] != rs
                        or t >= len(offsets)
                        or offsets[t] != rt
                    ):
                        continue  # not on syllable boundaries
                if t <= s or not self.pinyin_holds(key, text, norm, idx, s, t):
                    continue
                os_, oe = self.span(text, idx, s, t)
                original = text[os_:oe]
                if self._stop_across_clauses(key, norm[s:t], original) or _two_clauses(
                    text, os_, oe
                ):
                    continue  # (嘢，正 is no 野种: two clauses, as for a spelling as written)
                how = ("音近" if key.kind == "pinyin" else "近音", *self.built.norm.how(original))
                yield PhraseMatch(
                    e.category, e.label, key.form, os_, oe, original, how, e.note, e.source
                )

    def _stop_across_clauses(self, key: _Key, piece: str, original: str) -> bool:
        """A sound heard across clause punctuation whose changed character is a pronoun,
        a particle or a game word (输了我背的，行了吧 is no 德行): a split cloak breaks a
        word's own characters apart, never the end of one clause and the start of the next."""
        if not any(c in CLAUSE_MARKS for c in original):
            return False
        form = self.built.norm.key(key.form)
        return len(form) == len(piece) and any(
            c != f and c in _NEAR_SHORT_STOP for c, f in zip(piece, form, strict=True)
        )

    def pinyin_holds(
        self, key: _Key, text: str, norm: str, idx: Sequence[int], s: int, t: int
    ) -> bool:
        """Is the pinyin candidate ``key`` over ``norm[s:t]`` a match (``text``: the
        original, ``idx``: its index of each character of ``norm``)?"""
        if key.kind == "sound":
            return True  # (a pattern's sound trigger: the pattern decides, in _collect)
        # (posts repeat their sentences: the verdict of the candidate in the same stretch
        # of normalised text is remembered)
        reach = self._reach.get(key.entry)
        if reach is None:  # (an exception is looked for around the candidate)
            longest = max(map(len, self.built.exceptions[key.entry]), default=0)
            reach = self._reach[key.entry] = max(_CONTEXT, longest)
        lo, hi = max(0, s - reach), min(len(norm), t + reach)
        # Spaced pinyin's words are words (ni shi sha bi): for a name a player is called by;
        # an act's word (wo mei fa shi) needs the words around it, which the filters of
        # auditor.rules.said read in characters only, so it must be the whole run, as before.
        apart = (False, False)
        if self.built.entries[key.entry].category not in NAMED_ACTS:
            apart = (_spaced_before(text, idx, s), _spaced_before(text, idx, t))
            if any(apart) and not _addressed(text, idx, s):
                return False  # (ordinary words of a longer run: read back in characters)
        seen = (key, norm[lo:hi], s - lo, t - lo, lo == 0, hi == len(norm), apart)
        verdict = self._verdicts.get(seen)
        if verdict is None:
            if len(self._verdicts) >= 65536:
                self._verdicts.clear()
            verdict = self._verdicts[seen] = (
                _REJECTED
                if _inside_ascii_or_a_count(norm, s, t, apart)
                else self._pinyin_verdict(key, norm, s, t)
            )
        if verdict == _REJECTED:
            return False
        return verdict != _IF_CLAUSE or self._clause_bounded(text, norm, idx, s, t)

    def _stopped(self, key: _Key, piece: str, norm: str, s: int, t: int) -> bool:
        """A short near sound on a stop character or off a word (@near long), a sound-alike
        that swaps in one of the game's own acts (把自己验了 is the seer's check, not 把自己淹),
        or one whose edge character is a verb said twice around a negation (猪理都不理), or
        whose 得 before a degree word is a verb's complement (调得太稀 is no 屌的), or that
        is a verb of the dictionary heard as a spelling that is no verb (出声 is no 畜生), or a
        person's surname and word of address (王姐 is no 往届), or a near sound that is a word
        of the dictionary (音箱 is no 阴险), or that opens on a seat's 号 (3号纯纯 is seat 3,
        no 好蠢: session 50)."""
        return (
            (piece[0] == "号" and s > 0 and norm[s - 1] in _SEAT_DIGITS and key.form[:1] != "号")
            or self._short_near_stopped(key, piece)
            or self._short_near_off_word(key, norm, s, t)
            or _swapped_onto_game_verb(self.built.norm.key(key.form), piece)
            or _in_a_not_a(norm, s, t)
            or _complement_de(self.built.norm.key(key.form), piece, norm[t : t + 1])
            or self._verb_for_a_name(key, piece)  # 唔出声 (to speak) is no 畜生
            or _form_of_address(self.built.norm.key(key.form), piece)  # 王姐 is no 往届
            or self._near_word(key, piece)  # 音箱 is no 阴险
        )

    # A near sound (one step of _confusion.txt away, weaker than a homophone) that is a
    # word of the dictionary counted this often is that word: 音箱 (93) is no 阴险.  The
    # common-word bar (COMMON_WORD_FREQ) is for homophones; a near cloak is a coinage.
    NEAR_WORD_FREQ = 20

    def _near_word(self, key: _Key, piece: str) -> bool:
        """Is the near sound ``piece`` a word of the dictionary of its own (音箱, heard as
        阴险 by an/ang)?"""
        return (
            key.kind == "near"
            and int(self.built.tokenizer().FREQ.get(piece) or 0) >= self.NEAR_WORD_FREQ
        )

    def _pinyin_verdict(self, key: _Key, norm: str, s: int, t: int) -> int:
        """Is the pinyin candidate ``key`` over ``norm[s:t]`` a match: :data:`_REJECTED`,
        :data:`_CONFIRMED`, or :data:`_IF_CLAUSE` (it must stand on word boundaries and
        jieba cuts through it: only clause punctuation in the original text around it can
        bound it, :meth:`_clause_bounded`)?  Reads ``norm`` no further than
        :data:`_CONTEXT` characters (or an exception's length) from the candidate."""
        piece = norm[s:t]
        if piece in self.built.form_keys[key.entry]:
            return _REJECTED  # found as text already
        if self._stopped(key, piece, norm, s, t):
            return _REJECTED  # 你是 is not 立誓, 狼人 not 烂人 (@near long), 自己验 not 自己淹
        all_cjk = all(map(_is_cjk, piece))  # (no regex over the CJK ranges)
        cjk = all_cjk or any(map(_is_cjk, piece))
        if cjk and self._common_piece(piece):
            return _REJECTED  # 出生 is a word of its own, not 畜生 said another way
        if all_cjk:
            # pypinyin itself, phrase-aware, on this candidate's CJK clause only.
            lo = s
            while lo > max(0, s - 4) and _is_cjk(norm[lo - 1]):
                lo -= 1
            hi = t
            while hi < min(len(norm), t + 4) and _is_cjk(norm[hi]):
                hi += 1
            syl = self.readings(norm[lo:hi], s - lo, t - lo)
            if len(syl) == hi - lo:
                said = syl[s - lo : t - lo]
                if "".join(fuzz(x) for x in said) not in self.built.entry_pinyin[key.entry] and (
                    key.kind != "near" or "".join(said) not in self.built.entry_near[key.entry]
                ):
                    return _REJECTED
        if self._excepted_or_in_word(key, norm, s, t):
            return _REJECTED
        cat = self.built.cats[self.built.entries[key.entry].category]
        # A near-homophone always needs the word boundary (:meth:`_on_cuts`).
        if cjk and (cat.boundary or key.kind == "near") and not self._on_cuts(key, norm, s, t):
            return _IF_CLAUSE
        return _CONFIRMED

    def _swapped_word(self, key: _Key, norm: str, s: int, t: int) -> bool:
        """Do two neighbouring characters of the near candidate ``norm[s:t]``, both swapped
        for the form's, make a word of the dictionary (区里 of 区里的 for 去你的)?  Then they
        say that word: a near sound is a weak cloak, two at once a word."""
        form = self.built.norm.key(key.form)
        if len(form) != t - s:
            return False
        freq = self.built.tokenizer().FREQ
        return any(
            norm[p] != form[p - s] and norm[p + 1] != form[p + 1 - s] and freq.get(norm[p : p + 2])
            for p in range(s, t - 1)
        )

    def _excepted_or_in_word(self, key: _Key, norm: str, s: int, t: int) -> bool:
        """An exception of the entry over the candidate, a sound-alike at its end that
        belongs to a word beyond it (一晚上结果 is no 上届: its 结 is 结果's), or two near
        sounds side by side that are a word (区里的 is no 去你的: :meth:`_swapped_word`)."""
        return (
            self.excepted(key.entry, norm, s, t)
            or self._end_in_word(key, norm, s, t)
            or (key.kind == "near" and self._swapped_word(key, norm, s, t))
        )

    def _end_in_word(self, key: _Key, norm: str, s: int, t: int) -> bool:
        """Does a sound-alike at an end of ``norm[s:t]`` make a word of the dictionary with
        the character beyond it (上结|果, 里|死 of 夜里), one jieba's cut of the clause reads
        there (not 连打 of 贴连|打法), or the sound-alike is a word of its own?  Then it is
        that word's, not a cloak: the check the word boundary makes, for a category without
        ``@boundary``."""
        form = self.built.norm.key(key.form)
        if len(form) != t - s or self.built.cats[self.built.entries[key.entry].category].boundary:
            return False
        if not all(map(_is_cjk, norm[s:t])):
            return False
        freq = self.built.tokenizer().FREQ
        after = norm[t - 1] != form[-1] and t < len(norm) and freq.get(norm[t - 1 : t + 1])
        before = norm[s] != form[0] and s > 0 and freq.get(norm[s - 1 : s + 1])
        if not (after or before):
            return False
        if freq.get(norm[s:t]):
            return True  # (the sound-alike a word of the dictionary itself: that word, read so)
        # Else the segmenter decides whether the word beyond is read there: 结果 of 一晚上结果
        # is cut whole, the rare 连打 of 贴连打法 is not (贴|连|打法: the cloak stands on cuts).
        lo, cuts = self.built.cut(norm, s, t)
        return s - lo not in cuts or t - lo not in cuts

    def _on_cuts(self, key: _Key, norm: str, s: int, t: int, /) -> bool:
        """Does the pinyin candidate ``key`` over ``norm[s:t]`` stand on jieba's word
        boundaries, as written or — where only words jieba guessed (HMM, no word of its
        dictionary) cross its ends — with the lexicon spelling it sounds like in its
        place?  (里是 inside 耻里 is no 立誓: 耻里 … are cut from the dictionary.)"""
        lo, cuts = self.built.cut(norm, s, t)
        if s - lo in cuts and t - lo in cuts:
            return True
        form = self.built.norm.key(key.form)
        if len(form) != t - s or any(
            c != f and c in _NEAR_SHORT_STOP for c, f in zip(norm[s:t], form, strict=True)
        ):
            return False  # (毒是 is no 赌誓: 是 is a word of its own, every time)
        freq = self.built.tokenizer().FREQ
        for a, b in pairwise(cuts):
            # (a dictionary word across an end rejects the candidate if it takes one of the
            # cloak's own characters: 耻里 takes the 里 of 里是; 补上来 takes no 提 of 提补)
            if (
                (a < s - lo < b or a < t - lo < b)
                and freq.get(norm[lo + a : lo + b])
                and any(norm[p] != form[p - s] for p in range(max(s, lo + a), min(t, lo + b)))
            ):
                return False
        return self.built.boundaries(norm[:s] + form + norm[t:], s, t)
