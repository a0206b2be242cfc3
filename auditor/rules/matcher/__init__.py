"""Find banned phrases in a post's own text, through the evasions the seeds name.

M107 判罚依据: "包括一切普通话、方言、密码、外国语言、音近、形近、以及明显的通配符".

Pipeline (everything before step 4 runs at C speed on every post; the rest only on posts
the prefilter flags):

1. **Normalise** with one ``str.translate`` table built once: NFKC (full/half width,
   circled and full-width digits), lower case, traditional → simplified (the OpenCC
   package's own t2s conversion applied to every character of its TSCharacters table),
   the 形近 look-alike table (``lexicons/_lookalike.txt``), emoji read as words (Unicode
   CLDR Chinese names from the ``emoji`` package and ``lexicons/_emoji.txt``: 🐶 → 狗,
   🍚 → 饭), financial digits (壹贰叁 → 一二三) and zero-width characters removed; then
   regular expressions drop noise between CJK characters (卧~槽, 卧.槽, 卧 槽) and collapse
   repeated characters (卧卧卧槽槽); for ``find_all``'s long batches the same two passes
   run on a numpy array of code points (the masks of :func:`_noise_kept`, :func:`_repeat_kept`).
2. **Prefilter** with aho-corasick (``ahocorasick_rs``) over the normalised text (terms,
   variants, pinyin initials of terms for ASCII abbreviations such as wc / tmd / nmsl, and
   for sentence patterns the words each pattern requires, derived from the pattern itself).
3. **Pinyin prefilter**: the normalised text rendered to one syllable code per character
   by a second ``str.translate`` table built once from pypinyin's per-character data,
   scanned by a second automaton keyed by the terms' pinyin (音近: 卧草, 草泥马) and, where
   the lexicon allows it, by their near-homophones one confusion step away
   (``lexicons/_confusion.txt``, 近音: 呢色 = 乐色); typed or mixed pinyin (wocao, dao演)
   by a third, only on text with ASCII letters.
4. **Confirm** each candidate: map it back to the original span, drop it when an exception
   word overlaps it (草原, 操作 …), check pinyin with pypinyin itself (phrase-aware, on the
   candidate's clause only), drop sound-alikes that are common words (出生 is not 畜生),
   check jieba word boundaries (a ``jieba.Tokenizer`` of our own with the lexicon as user
   dictionary, started on first need) so 逼近 / 操作 / 干杯 are not insults, and for
   one-character terms that they stand alone (草，… but not 吃草了).
5. Sentence patterns (``re:`` entries) run only where one of their lexicon keywords
   occurred and, for one of their top-level branches, a word of each of the (up to three,
   rarest first) sets of words that branch requires: the rarest set is in the automaton,
   the others are one C-level search each on the posts it hit (:func:`branch_requirements`).

A built matcher is kept on disk (:func:`cached_matcher`, the user's cache folder).

Every :class:`PhraseMatch` carries the category, the entry, the original span in the text
and how it was found (``how``: 原文, 全半角/大小写, 繁简, 形近, 表情, 去噪, 叠字, 音近, 近音,
首字母, 句式).

One module a step (the import contract "phrase matcher" in pyproject.toml keeps them in
this order, each importing only the ones below it):

* :mod:`~auditor.rules.matcher.lazy`, :mod:`~auditor.rules.matcher.disk`: what the steps
  share (patterns compiled on first use, pickling in groups; installed packages, pruning);
* :mod:`~auditor.rules.matcher.normalise`: step 1;
* :mod:`~auditor.rules.matcher.pinyin`: the tables of step 3 (the rules of sound
  themselves are :mod:`auditor.rules.sounds`);
* :mod:`~auditor.rules.matcher.prefilter`: the automata of steps 2 and 3;
  :mod:`~auditor.rules.matcher.anchors`: the words a sentence pattern requires (step 5);
  :mod:`~auditor.rules.matcher.words`: jieba with the lexicon (step 4's word boundaries);
* :mod:`~auditor.rules.matcher.build`: the lexicon compiled into those automata;
* :mod:`~auditor.rules.matcher.confirm`: step 4;
* :mod:`~auditor.rules.matcher.patterns`: step 5;
* :mod:`~auditor.rules.matcher.core`: :class:`Matcher`, which holds one object a step
  (``built``, ``confirmer``, ``sentences``) and calls them in order over a post or a batch;
* :mod:`~auditor.rules.matcher.cache`: the built matcher on disk and in memory.

This package exports what callers import (``from auditor.rules.matcher import ...``); a
private name is imported from its own module.
"""

from auditor.files import cache_dir
from auditor.rules.matcher.anchors import branch_requirements
from auditor.rules.matcher.cache import cached_matcher, default_matcher, find, matcher_for
from auditor.rules.matcher.core import Matcher
from auditor.rules.matcher.lazy import CJK_RANGES
from auditor.rules.matcher.normalise import (
    BATCH_SEP,
    NOISE_RE,
    NUMPY_BATCH,
    REPEAT_RE,
    Normaliser,
    code_points,
    text_of_code_points,
    text_starts,
)
from auditor.rules.matcher.pinyin import SYLLABLE_BASE, fuzz, split_syllable
from auditor.rules.matcher.pinyin import _near_table as near_table
from auditor.rules.phrasematch import PhraseMatch
from auditor.store.wordfreq import WordFreqFile

__all__ = [
    "BATCH_SEP",
    "CJK_RANGES",
    "NOISE_RE",
    "NUMPY_BATCH",
    "REPEAT_RE",
    "SYLLABLE_BASE",
    "Matcher",
    "Normaliser",
    "PhraseMatch",
    "WordFreqFile",
    "branch_requirements",
    "cache_dir",
    "cached_matcher",
    "code_points",
    "default_matcher",
    "find",
    "fuzz",
    "matcher_for",
    "near_table",
    "split_syllable",
    "text_of_code_points",
    "text_starts",
]
