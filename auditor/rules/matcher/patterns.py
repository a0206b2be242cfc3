"""Step 5 of the matcher, **sentence patterns**: a lexicon's ``re:`` entries run only
where a keyword of theirs occurred and, for one of their top-level branches, a word of
each set that branch requires (:meth:`SentencePatterns.branch_holds`, the sets from
:mod:`~auditor.rules.matcher.anchors`); a pattern is also tried on the loose sound copy of
the text (:meth:`SentencePatterns.heard_matches`: a trigger word heard, 发四 for 发誓), then confirmed as
step 4 confirms a word (exceptions, the clause, a game word it cloaks).

The seeds' oaths, curses and guarantees are sentences, not words (M107 3、发誓与诅咒
(1)–(7): "禁止明显的发誓句式 … 以揭秘作为担保"; 030 2(5)–(7); DESIGN.md §8: "我要是狼我就…",
"以…担保", "不信等揭秘").
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable, Sequence
from typing import Any

from auditor.rules.matcher.build import _Built
from auditor.rules.matcher.confirm import _EVERYDAY, Confirmer
from auditor.rules.matcher.pinyin import _NEAR_SHORT_STOP
from auditor.rules.matcher.prefilter import _Key
from auditor.rules.phrasematch import PhraseMatch
from auditor.rules.said.game import game_word_re
from auditor.rules.said.text import is_cjk as _is_cjk
from auditor.rules.sounds import (
    SOUND_BASE,
    SOUND_SPAN,
    heard,
)

# The sentence-final particles, after which a word has ended (懂个暖啊).
_PARTICLES = frozenset("了吧吗呢啊呀啦哦嘛哈咯喽呗")


class SentencePatterns:
    """Step 5, the matcher's sentence patterns over the compiled lexicon's tables
    (:attr:`built`), confirmed by step 4 (:attr:`confirmer`): their plan over a batch, the
    words they require, and their matches, read as written (:meth:`regex_matches`) or as
    heard (:meth:`heard_matches`)."""

    def __init__(self, built: _Built, confirmer: Confirmer) -> None:
        self.built = built
        self.confirmer = confirmer
        self._empty_caches()

    def _empty_caches(self) -> None:
        """This step's own caches: compiled patterns and searches, the batch plan."""
        self._regexes: dict[int, re.Pattern[str]] = {}  # (a sound copy at -1 - i)
        self._conjunct_res: dict[_Key, tuple[re.Pattern[str], ...]] = {}  # a trigger's searches
        self._keyword_res: dict[int, re.Pattern[str]] = {}
        self._lists: dict[str, Any] = {}  # the branch plan, the sound rendering table
        self._pattern_chars: dict[int, frozenset[str]] = {}

    def __getstate__(self) -> dict[str, object]:
        return {"built": self.built, "confirmer": self.confirmer}

    def __setstate__(self, state: dict[str, object]) -> None:
        self.__dict__.update(state)
        self._empty_caches()

    def branch_plan(self) -> tuple[dict[_Key, int], Any, Any, list[_Key], Any]:
        """For :meth:`_live_batch`: each pattern branch's trigger (a ``required`` key) by
        number; for each text key, the branches it triggers (``bid_list[bid_ptr[k] :
        bid_ptr[k + 1]]``); and whether all its values are triggers."""
        got = self._lists.get("branch_plan")
        if got is None:
            import numpy as np

            key_of: dict[_Key, int] = {}
            ptr, flat, pure = [0], [], []
            for vals in self.built.text_ac.values:
                mine = [key_of.setdefault(v, len(key_of)) for v in vals if v.kind == "required"]
                flat.extend(mine)
                ptr.append(len(flat))
                pure.append(bool(mine) and len(mine) == len(vals))
            branch_keys = list(key_of)
            got = self._lists["branch_plan"] = (
                key_of,
                np.asarray(ptr, dtype=np.int64),
                np.asarray(flat, dtype=np.int64),
                branch_keys,
                np.asarray(pure, dtype=bool),
            )
        return got

    def branch_holds(self, key: _Key, norm: str) -> bool:
        """Does ``norm`` hold a word of each other required set of the trigger's branch and
        one of its pattern's lexicon keywords (none: no condition)?  What
        :meth:`branch_checks`' searches decide, by ``in`` (one post's text: no regex to
        compile, which cost a nightly check's few posts more than the searches)."""
        for words in (
            *self.built.conjuncts.get((key.entry, key.branch), ()),
            self.built.keywords[key.entry],
        ):
            if words and not any(w in norm for w in words):
                return False
        return True

    def branch_words(self, key: _Key) -> tuple[tuple[str, ...], ...]:
        """The word sets a trigger's post must hold, one of each: every other required set
        of its branch, then the pattern's lexicon keywords (as :meth:`branch_checks`)."""
        return (
            *self.built.conjuncts.get((key.entry, key.branch), ()),
            self.built.keywords[key.entry],
        )

    def branch_checks(self, key: _Key) -> tuple[re.Pattern[str], ...]:
        """The searches a trigger's post must pass: one for each other required set of its
        branch, then one for the pattern's lexicon keywords (found once, then kept)."""
        res = self._conjunct_res.get(key)
        if res is not None:
            return res
        words = self.built.conjuncts.get((key.entry, key.branch), ())
        res = self._conjunct_res[key] = (
            *(
                re.compile("|".join(map(re.escape, sorted(w, key=len, reverse=True))))
                for w in words
            ),
            self._keyword_re(key.entry),
        )
        return res

    def _keyword_re(self, entry: int) -> re.Pattern[str]:
        rx = self._keyword_res.get(entry)
        if rx is None:
            words = sorted(self.built.keywords[entry], key=len, reverse=True)
            rx = re.compile("|".join(map(re.escape, words)) if words else "")
            self._keyword_res[entry] = rx
        return rx

    def regex_matches(
        self, entry: int, text: str, norm: str, idx: Sequence[int]
    ) -> Iterable[PhraseMatch]:
        e = self.built.entries[entry]
        rx = self._regexes.get(entry)
        if rx is None:
            rx = self._regexes[entry] = re.compile(self.built.patterns[entry])
        for m in rx.finditer(norm):
            if m.end() <= m.start() or self.confirmer.excepted(entry, norm, m.start(), m.end()):
                continue
            os_, oe = self.confirmer.span(text, idx, m.start(), m.end())
            original = text[os_:oe]
            how = ["句式", *self.built.norm.how(original)]
            yield PhraseMatch(
                e.category, e.label, e.term, os_, oe, original, tuple(how), e.note, e.source
            )

    def heard_matches(
        self,
        py_hits: Iterable[tuple[dict[int, str], Iterable[tuple[int, list[_Key]]]]],
        found: list[tuple[PhraseMatch, bool]],
        text: str,
        norm: str,
        idx: Sequence[int],
        categories: Collection[str] | None,
    ) -> list[tuple[PhraseMatch, bool]]:
        """The patterns whose trigger word the pinyin automaton heard, tried on the text's
        loose sound copy (:mod:`auditor.rules.sounds`) where the pattern itself found
        nothing: 拿命当保 (担保), 我场组 (场助), 以我的扔格担保 (人格); and those whose trigger
        stands as written while another of their characters is cloaked (杀品真叉: 差), where
        the match overlaps nothing found already (the sound-alikes included)."""
        heard, written = self._triggers_heard(py_hits, norm)
        written -= heard
        heard |= written
        if not heard:
            return []
        seen = {m.source for m, pattern in found if pattern}
        copy = ""
        out: list[tuple[PhraseMatch, bool]] = []
        for i in sorted(heard):
            e = self.built.entries[i]
            if (categories is not None and e.category not in categories) or e.source in seen:
                continue
            rx = self._regexes.get(-1 - i)
            if rx is None:
                rx = self._regexes[-1 - i] = re.compile(self.built.sound_patterns[i])
            copy = copy or norm.translate(self.sound_copy_table())
            for m in rx.finditer(copy):
                os_, oe = self.confirmer.span(text, idx, m.start(), m.end())
                if not self._heard_holds(i, norm, m.start(), m.end(), text[oe : oe + 4]):
                    continue
                if i in written and any(f.start < oe and os_ < f.end for f, _ in found):
                    continue  # (what the text says as written is read first)
                original = text[os_:oe]
                how = ("句式", "音近", *self.built.norm.how(original))
                match = PhraseMatch(
                    e.category, e.label, e.term, os_, oe, original, how, e.note, e.source
                )
                out.append((match, True))
        return out

    def _triggers_heard(
        self,
        py_hits: Iterable[tuple[dict[int, str], Iterable[tuple[int, list[_Key]]]]],
        norm: str,
    ) -> tuple[set[int], set[int]]:
        """The patterns whose trigger word the pinyin automaton heard: cloaked (拿命当保), and
        as written (杀品 of 杀品真叉: the sound copy may still find another of the pattern's
        characters cloaked, tried only where the pattern itself found nothing)."""
        heard: set[int] = set()
        written: set[int] = set()
        for table, hits in py_hits:
            if table is not self.built.py_render:
                continue
            for end, keys in hits:
                for k in keys:
                    if k.kind != "sound":
                        continue
                    s = end + 1 - len(k.py)
                    piece = norm[s : end + 1]
                    if not self.confirmer.near_conjuncts(k, norm, s, end + 1):
                        continue
                    if piece == k.form:
                        written.add(k.entry)
                    elif not self.confirmer.sound_dismissed(k, piece):
                        heard.add(k.entry)
        return heard, written

    def sound_copy_table(self) -> str:
        """The table of :func:`auditor.rules.sounds.sound_table` (what the patterns were
        translated with) as one string over the BMP, for ``str.translate``: made from the
        pickled syllable rendering (a cached matcher does not import pypinyin for it), and
        no container for the garbage collector to walk through at every full collection
        (a dict of 40,000 entries kept alive slowed the whole phrase stage by a tenth)."""
        got: str | None = self._lists.get("sound")
        if got is None:
            codes = self.built.sound_codes
            chars = [chr(cp) for cp in range(0x10000)]
            for cp in range(SOUND_BASE, SOUND_BASE + SOUND_SPAN):
                chars[cp] = "\x01"
            for cp, code in self.built.py_render.items():
                if cp < 0x10000 and code in codes and heard(cp):
                    chars[cp] = codes[code]
            got = self._lists["sound"] = "".join(chars)
        return got

    def _heard_holds(self, i: int, norm: str, s: int, t: int, after: str = "") -> bool:
        """Is the sound-copy match ``norm[s:t]`` of pattern ``i`` a cloaked one?  At least
        three characters, of which one in three at most (and at least one) is a
        sound-alike — no character of the pattern, but the sound of one (what the
        pattern's wildcards took is neither) —, each a real cloak (:meth:`_cloaks`).
        Not an exception of the entry.  ``after``: the original text right after the match."""
        if t - s < 3 or self.confirmer.excepted(i, norm, s, t):
            return False
        own = self._pattern_chars.get(i)
        if own is None:  # (its characters, and the sounds of its CJK characters)
            own = frozenset(self.built.patterns[i]) | frozenset(self.built.sound_patterns[i])
            self._pattern_chars[i] = own
        table = self.sound_copy_table()
        subs = [
            p
            for p in range(s, t)
            if norm[p] not in own and _is_cjk(norm[p]) and norm[p].translate(table) in own
        ]
        return (
            bool(subs)
            and len(subs) <= max(1, (t - s) // 3)
            and self._cloaks(norm, s, t, self._needed(i, norm, s, subs) or subs, own, after)
        )

    def _needed(self, i: int, norm: str, s: int, subs: list[int]) -> list[int]:
        """The sound-alikes among ``subs`` the pattern's sound copy needs: one a wildcard of
        the pattern took as well (佛祖 in 用我信的佛祖耽保: 祖 sounds like 住 of a look-ahead,
        but ``[^。]{1,8}`` took it) is no cloak, and no reason to doubt the match."""
        rx = self._regexes.get(-1 - i)
        if rx is None:
            rx = self._regexes[-1 - i] = re.compile(self.built.sound_patterns[i])
        copy = norm.translate(self.sound_copy_table())
        return [p for p in subs if rx.match(copy[:p] + norm[p] + copy[p + 1 :], s) is None]

    def _cloaks(
        self, norm: str, s: int, t: int, subs: list[int], own: frozenset[str], after: str = ""
    ) -> bool:
        """Are the sound-alikes ``subs`` of a sound-copy match over ``norm[s:t]`` cloaks,
        not words of their own: no pronoun, particle or everyday character (还在刷帖 is no
        再刷帖, 就来玩 no 就赖), none inside a game word (判蓝牌 is no 判烂), none making a
        word of the dictionary with a neighbour (存活 is no 蠢货, 烦死了 no 憨死了), and a near
        sound the match ends on ending its word (not 说个暖心的事)?  ``after``: the original
        text right after the match."""
        freq = self.built.tokenizer().FREQ
        if any(norm[p] in _NEAR_SHORT_STOP or freq.get(norm[p], 0) >= _EVERYDAY for p in subs):
            return False
        game = self._game_re()
        spans = [m.span() for m in game.finditer(norm, max(0, s - 6), t + 6)] if game else []
        if any(a <= p < b for a, b in spans for p in subs):
            return False
        if any(
            freq.get(w)  # (however rare: 烦死)
            and self._read_as_word(norm, s, t, a)
            for p in subs
            for a in (p - 1, p)
            if a >= 0 and len(w := norm[a : a + 2]) == 2 and not set(w) <= own
        ):
            return False
        return not self._near_joins_on(norm, t, subs, own, after)

    def _read_as_word(self, norm: str, s: int, t: int, a: int) -> bool:
        """Is the two-character word at ``norm[a:a+2]`` read there?  Inside the match,
        always (烦死 of 烦死了); across its end, only where jieba's cut of the clause reads it
        (任导 is a word of the dictionary, but 我不任|导演 is cut 不任|导演: the match's 任)."""
        if s <= a and a + 2 <= t:
            return True
        lo, cuts = self.built.cut(norm, s, t)
        return a - lo in cuts and a + 2 - lo in cuts

    def _near_joins_on(
        self, norm: str, t: int, subs: list[int], own: frozenset[str], after: str
    ) -> bool:
        """Does a near sound the match ``norm[:t]`` ends on (not the reading of a character
        of the pattern: 暖 nuan for 卵 luan), a weaker cloak than a homophone, make a word with
        what follows it?  It ends its word where ``after`` (the original text after the
        match: the normalised text has lost the comma of 懂个暖，票型) begins with the text's
        end, a mark, a particle, a pronoun, an everyday character or a word of the dictionary
        (懂个暖 / 懂个暖啊 / 懂个暖发酵 / 我军四说 / 军四们); not in 说个暖心的事, 投个暖心票."""
        py = self.built.py_table
        if t - 1 not in subs or py.get(ord(norm[t - 1])) in {
            py.get(ord(c)) for c in own if _is_cjk(c)
        }:
            return False
        if not after or not _is_cjk(after[0]) or after[0] in _PARTICLES:
            return False
        freq = self.built.tokenizer().FREQ
        return not (
            after[0] in _NEAR_SHORT_STOP
            or freq.get(after[0], 0) >= _EVERYDAY
            or any(freq.get(after[:k]) for k in (2, 3, 4) if k <= len(after))
        )

    def _game_re(self) -> re.Pattern[str] | None:
        """:func:`game_word_re` of the game's own words, compiled once."""
        if "game_re" not in self._lists:
            self._lists["game_re"] = game_word_re(self.built.game_words)
        got: re.Pattern[str] | None = self._lists["game_re"]
        return got
