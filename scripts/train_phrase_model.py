#!/usr/bin/env python3
"""Fit the learned reading of banned phrases (auditor.rules.phrasemodel) on the scored sets.

    python scripts/train_phrase_model.py            # fit on every scored set, write the model
    python scripts/train_phrase_model.py --check    # re-fit and compare with the shipped file
    python scripts/train_phrase_model.py --loso     # leave one set out: grammar vs combined

The sets are ``tests/phrases/<set>/phrases_*.tsv`` and ``tests/devset/phrases_*.tsv``, one
writer each; a set whose README's first line says NOT YET SCORED is skipped unopened (the
lead scores it once).  Each line is prepared by :func:`auditor.rules.phrasemodel.prepare`
with the matcher's own normaliser (the sets have no roster: no name to replace).

``--short 0,9``: the model alone reads lines of at least that many characters (each value
compared; questions' thresholds are still chosen on lines of every length, cards' on the
lines they would card).  ``--loso`` fits on all sets but one and reads that one, for each set (the readings are kept in
``--records``, so the choice below re-runs in seconds; they are reused while the scored sets
are the same — ``--fresh`` after a change to the matcher or the features), then chooses the policy of
:mod:`auditor.rules.phrasemodel` from them: per category, the lowest probability whose
held-out questions were right ``--targets`` of the time and touched no clean line (below
``SURE`` only with a 95% lower bound of ``--ask-lb``), and the card threshold (precision
``--card-p`` with a lower bound of ``--card-lb``).  It prints THRESHOLDS and CARDS, the
per-set table (matcher alone against combined), the mean, the figures by category and by
evasion — once with the policy chosen on all sets, once nested (each set read with a policy
chosen without it: the honest figure) — and ``--single`` session 45's one threshold for
comparison, and each category's card evidence.  ``--marked all|strong``: the experiment with
the shapes of a curse or an oath (below); ``--view``: the one with the line's sound or its
characters' classes (below).  ``--only blind25,blind24``: hold out only these sets, each fold
written to ``--records`` as it ends (a long run split over processes, or read as it goes).
Each line's n-grams are counted once for all folds (:func:`fold_models`: the models
:func:`train` would fit, the same columns, the same pruning).
Deterministic (scikit-learn's liblinear, fixed seed).
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import unicodedata
import zlib
from collections import Counter
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

from devset_eval import Row, matcher_predict, read_rows  # noqa: E402
from learned_fit import fit  # noqa: E402

from auditor.learned import MODELS, LinearModel, read_model, write_model  # noqa: E402
from auditor.rules.phrasemodel import (  # noqa: E402
    CARD_BOUND,
    CARD_PRECISION,
    CLEAN,
    MODEL,
    NAME,
    PRECISION,
    SHORT,
    SURE,
    content,
    prepare,
)

UNSCORED = "NOT YET SCORED"
N = (1, 3)
C = 0.5
MIN_DF = 2
#: Weights below this (in absolute value, in every label) are dropped from the file, and the
#: rest rounded to 3 decimals: the file stays small (the docs say what it cost).
PRUNE = 0.1


# --- an experiment, measured and not shipped: the shapes of a curse or an oath -------------
#
# (``--loso --marked all|strong``; lexicons/README.md "机读" says what they gave: on the
# paraphrased curses and oaths one line more of 22; over the 25 sets the same mean recall, and
# with ``all`` one clean line more — a tie at best, and the simpler reading is shipped.)
#
# A curse or an oath in a writer's own words (我要是狼，出门就被车撞; 投我的人下辈子天天倒霉)
# shares no n-gram with another writer's, but the same shape: an oath stakes something on the
# speaker's own truth (我要是说谎/是狼 … then a consequence) or calls a witness above him
# (老天、苍天、良心 beside 我); a curse wishes or foretells (祝/愿/迟早) something lasting or bad
# (以后、每…、次次、一辈子; 死、病、穷、倒霉), or lays it on a target (你, 投我的人, 0号) on a
# condition or for good.  Each part is a small class of function words or of a meaning, never a
# phrase (written from the language, then revised once after reading the training sets'
# paraphrased curses and oaths — not blind24's — with every word taken from those lines struck
# out again); each shape found is a marker appended to the prepared line, so the model learns
# the shape from every curse and oath it was fitted on (the plain ones too) and reads it in
# words it never saw.

#: A condition (要是/如果/假如 …, 谁…谁 …).
_COND = re.compile(r"要(?:真的?)?是|如果|假如|假若|倘若|若|万一|但凡|只要|的话|谁要|谁敢|谁投|凡是")
#: The speaker himself.
_SELF = re.compile(r"我|俺|本人|老子|老娘|在下|咱")
#: What the speaker's word is staked on: that he lies, or that he is the side he denies.
_UNTRUE = re.compile(r"假|骗|谎|瞎说|瞎编|胡说|坑|忽悠|狼|杀手|黑|内鬼|不是真")
#: What the speaker stakes (his head, his life, his name).
_STAKE = re.compile(r"脑袋|人头|头|性命|拿命|名字倒|倒过来写|姓倒")
#: A witness above the speaker, or a gesture that swears.
_WITNESS = re.compile(r"老天|苍天|上天|天地|菩萨|佛祖|上帝|良心|拍胸|胸脯|对天|天打|在上")
#: The one cursed: the listener, whoever does something, a player by his seat (digits are 0
#: by then), his kin.
_TARGET = re.compile(
    r"你|您|谁|他们|她们|的人|的家伙|全家|祖宗|子孙|后代|0号|[投踩刀骗坑咬冲查毒抗归票杀]我"
)
#: The one who did the speaker a wrong in the game (投我的, 刀我的, 骗我…的): cursed by name of it.
_ACTOR = re.compile(r"[投踩刀骗坑咬冲查毒抗归票杀]我")
#: A wish or a foretelling laid on someone (祝你…, 愿…, 让他…, 迟早…).
_WISH = re.compile(r"祝|愿|保佑|等着|迟早|早晚|总有一天|有一天|活该|一定会|必遭|注定|报应")
#: A misfortune: death, injury, illness, ruin, bad luck, disgrace.
_MISFORTUNE = re.compile(
    r"死|亡|撞|轧|碾|摔|坠|砸|淹|烧|劈|雷|病|癌|瘫|残|瞎|聋|哑|瘸|疼|痛|伤|穷|破产|倒霉|霉运|晦气|"
    r"灾|祸|惩罚|天谴|地狱|阎王|坟|棺材|绝后|断子|单身|光棍|没人要|不孕|秃|挂科|失业|坐牢|"
    r"出车祸|喂鱼|喂狗|住院|医院|输光|破财|倾家荡产|吃不上|讨饭"
)
#: How long or how often: a lifetime, every time, for good (以后, 每…, 次次, 一辈子).
_LASTING = re.compile(r"辈子|世世代代|永远|从此|以后|往后|再也|每|([次天年回局把场盘])\1")

#: The markers (circled capitals: no writer types them).
_SHAPES = (
    # an oath: the speaker's truth staked on a consequence, or a witness called
    (
        "Ⓞ",
        lambda t: bool(
            _COND.search(t)
            and _SELF.search(t)
            and _UNTRUE.search(t)
            and (
                _MISFORTUNE.search(t)
                or _LASTING.search(t)
                or _WITNESS.search(t)
                or _STAKE.search(t)
            )
        ),
    ),
    ("Ⓦ", lambda t: bool(_SELF.search(t) and _WITNESS.search(t))),
    # a curse: a wish or a foretelling of something bad or lasting, or a target's bad end
    # set on a condition or for good
    (
        "Ⓚ",
        lambda t: bool(
            (_WISH.search(t) and (_MISFORTUNE.search(t) or _LASTING.search(t)))
            or (
                _TARGET.search(t)
                and _MISFORTUNE.search(t)
                and (_COND.search(t) or _LASTING.search(t))
            )
            or (_ACTOR.search(t) and _MISFORTUNE.search(t))
        ),
    ),
    ("Ⓜ", lambda t: bool(_MISFORTUNE.search(t))),
    ("Ⓛ", lambda t: bool(_LASTING.search(t))),
)


def shapes(text: str) -> str:
    """The markers of the shapes :data:`_SHAPES` finds in ``text`` (a prepared line), each
    after a space: \"\" when none."""
    return "".join(f" {mark}" for mark, found in _SHAPES if found(text))


def strong_shapes(text: str) -> str:
    """(variant) Only the three composite shapes, each as three markers: a stronger feature
    under the same regularisation."""
    marks = [m for m in shapes(text).split() if m in "ⓄⓌⓀ"]
    return "".join(f" {m}{m}{m}" for m in marks)


# --- an experiment, measured and not shipped: the line's sound and its characters' classes --
#
# (``--loso --view folded|exact|both|classes|folded+classes``; lexicons/README.md "机读" says
# what they gave.)  The newest writers lose most on homophones, pinyin and mixed scripts:
# a view of the line that is the same whoever wrote it — its syllables (沙比, 杀笔 and shabi
# are one sound), near sounds folded (M107 判罚依据 "方言 … 音近"), or the classes of its
# characters (傻b is Han-Latin) — appended to the prepared line after :data:`SOUND`, so its
# n-grams are syllable (or class) n-grams beside the characters'.

#: What separates the line from its sound (:func:`sound_view`) in the prepared text.
SOUND = " ♪ "

#: A toneless syllable's code in the sound view: a character of the Supplementary Private
#: Use Area-A (no writer types one), from a checksum of the syllable's spelling, so a
#: syllable keeps its code whatever pypinyin's inventory (and the model file its features).
_SOUND_BASE = 0xF0000
_SOUND_SPAN = 0xFFFD

#: Near sounds a writer's homophone swaps between (M107 判罚依据 "方言 … 音近"): 平翘舌
#: (zh/ch/sh = z/c/s), l/n, f/h (fa = ha; not the dialect's f/hu: fang = huang), and the
#: nasal finals (ang/an, eng/en, ing/in).
_FOLD = (
    (re.compile(r"^([zcs])h"), r"\1"),
    (re.compile(r"^n(?=[aeiouv])"), "l"),
    (re.compile(r"^f"), "h"),
    (re.compile(r"(?<=[aei])ng$"), "n"),
)


@lru_cache(maxsize=4096)
def fold(syllable: str) -> str:
    """A toneless syllable with its near sounds folded together (:data:`_FOLD`)."""
    for pattern, repl in _FOLD:
        syllable = pattern.sub(repl, syllable)
    return syllable


@lru_cache(maxsize=4096)
def _code(syllable: str) -> str:
    return chr(_SOUND_BASE + zlib.crc32(syllable.encode()) % _SOUND_SPAN)


@cache
def _syllables() -> tuple[dict[int, str], frozenset[str]]:
    """Character → its toneless syllable (the matcher's own table: the first reading), and
    the set of syllables (for pinyin typed in Latin letters)."""
    from auditor.rules.matcher.pinyin import _pinyin_table

    table = {cp: py for cp, py in _pinyin_table().items() if not chr(cp).isdigit()}
    return table, frozenset(table.values())


_LATIN = re.compile(r"[a-z]+")


def _latin_syllables(run: str, inventory: frozenset[str]) -> list[str] | None:
    """A run of Latin letters read as pinyin (longest syllable first, backtracking), or
    None when it does not read as syllables (``sb``, ``ok``)."""
    if not run:
        return []
    for k in range(min(6, len(run)), 0, -1):
        if run[:k] in inventory:
            rest = _latin_syllables(run[k:], inventory)
            if rest is not None:
                return [run[:k], *rest]
    return None


def sound_view(text: str, folded: bool = True) -> str:
    """The sound of a prepared line: each character (and each run of Latin letters that
    reads as pinyin) as the code of its toneless syllable, near sounds folded together
    (:func:`fold`) unless ``folded`` is false; anything else a space.  Appended to the line
    (after :data:`SOUND`), its n-grams are syllable n-grams: a homophone (沙比, 杀笔, shabi)
    shares them with the word it stands for, whoever wrote it."""
    table, inventory = _syllables()
    text = text.lower()
    out: list[str] = []  # codes, and " " where the sound breaks
    i = 0
    while i < len(text):
        latin = _LATIN.match(text, i)
        if latin:
            run = latin.group()
            heard = _latin_syllables(run, inventory) if len(run) > 1 else None
            out.extend(_code(fold(x) if folded else x) for x in heard or ())
            out.append(" ")
            i = latin.end()
            continue
        py = table.get(ord(text[i]))
        out.append(_code(fold(py) if folded else py) if py else " ")
        i += 1
    return " ".join("".join(out).split())


#: Character classes (:func:`class_view`), each a character of the Supplementary Private
#: Use Area-B: Han, Latin, digit, emoji or symbol, the placeholder Ⓝ; punctuation and
#: spaces break the run.
_CLASS = {
    "han": "\U00100001",
    "latin": "\U00100002",
    "digit": "\U00100003",
    "symbol": "\U00100004",
    "name": "\U00100005",
}


def _class_of(ch: str) -> str:
    if ch == NAME:
        return _CLASS["name"]
    if "\u4e00" <= ch <= "\u9fff" or "\u3400" <= ch <= "\u4dbf":
        return _CLASS["han"]
    if ch.isascii() and ch.isalpha():
        return _CLASS["latin"]
    if ch.isdigit():
        return _CLASS["digit"]
    if ch.isspace() or unicodedata.category(ch)[0] in "PZC":
        return " "
    return _CLASS["symbol"]


def class_view(text: str) -> str:
    """The classes of a prepared line's characters (:data:`_CLASS`), runs of one class
    folded to one: a word of mixed scripts (傻b, s逼) is a Han-Latin-Han shape whoever wrote
    it."""
    out: list[str] = []
    for ch in text:
        c = _class_of(ch)
        if not out or out[-1] != c:
            out.append(c)
    return " ".join("".join(out).split())


#: A word's code in the word view (:func:`word_view`): a character of the Supplementary
#: Private Use Area-B above the classes' (no writer types one), from a checksum of the word.
_WORD_BASE = 0x100010
_WORD_SPAN = 0xFFF0


@cache
def _segmenter():  # type: ignore[no-untyped-def]
    from auditor.rules.matcher.disk import _import_jieba

    jieba = _import_jieba()
    import logging

    jieba.setLogLevel(logging.WARNING)
    tok = jieba.Tokenizer()
    tok.initialize()
    return tok


def word_view(text: str) -> str:
    """(experiment, session 48) The segmenter's words of a prepared line, each as one code
    (:data:`_WORD_BASE`): its n-grams are word n-grams — 脑子 · 落 · 家里 beside the
    characters' — so a paraphrase shares its words (not only its characters) with another
    writer's.  Anything not a word of Han characters breaks the run."""
    out: list[str] = []
    for w in _segmenter().lcut(text):
        if w and all("\u4e00" <= ch <= "\u9fff" for ch in w):
            out.append(chr(_WORD_BASE + zlib.crc32(("w:" + w).encode()) % _WORD_SPAN))
        else:
            out.append(" ")
    return " ".join("".join(out).split())


# --- an experiment (session 49): the one a line judges and the words it judges him with ----
#
# (``--loso --view target``.)  A paraphrased insult shares no n-gram with another writer's
# (脑子是拿来凑重量的, 脑袋装了榴莲汁) but the same shape: someone addressed or named — 你,
# 你们, a seat (0号 once digits are 0), a player (Ⓝ), 他 — and a judgement of him later in
# the sentence.  Each character after such a target, up to the sentence's end (at most
# :data:`_REACH` characters), is appended as a pair with the target's kind (Ⓨ the one
# spoken to, Ⓣ one spoken of), so the model reads 你…脑 wherever the 脑 stands.

#: Someone spoken to (Ⓨ) or spoken of (Ⓣ).
_ADDRESSED = re.compile(r"你们|你|您|尔等")
_NAMED = re.compile(r"0+号|Ⓝ|他们|她们|他|她")
_SENTENCE = re.compile(r"[。！？!?；;\n]")
_REACH = 16


def target_view(text: str) -> str:
    """The pairs (target kind, a Han character after it in its sentence) of a prepared line,
    each once, after a space: \"\" when the line names no one."""
    pairs: dict[str, None] = {}
    for mark, pattern in (("Ⓨ", _ADDRESSED), ("Ⓣ", _NAMED)):
        for m in pattern.finditer(text):
            end = _SENTENCE.search(text, m.end())
            stop = min(m.end() + _REACH, end.start() if end else len(text))
            for ch in text[m.end() : stop]:
                if "\u4e00" <= ch <= "\u9fff":
                    pairs.setdefault(mark + ch, None)
    return " ".join(pairs)


@cache
def prepared(text: str, norm, marked: str = "", view: str = "") -> str:  # type: ignore[no-untyped-def]
    """:func:`auditor.rules.phrasemodel.prepare` (the sets have no roster: no name to
    replace), with the shapes' markers appended for the experiment (``marked``: ``all`` the
    five, ``strong`` the three composite ones tripled) and the experiment's sound views
    (``view``: ``folded``, ``exact`` or ``both``; :func:`auditor.rules.phrasemodel.sound_view`)."""
    line = prepare(text, (), norm)
    if view in ("exact", "both"):
        line += SOUND + sound_view(line, folded=False)
    if view in ("folded", "both", "folded+classes", "folded+words"):
        line += SOUND + sound_view(line.split(SOUND, 1)[0])
    if view in ("classes", "folded+classes"):
        line += SOUND + class_view(line.split(SOUND, 1)[0])
    if view == "target":
        line += SOUND + target_view(line)
    if view in ("words", "folded+words"):
        line += SOUND + word_view(line.split(SOUND, 1)[0])
    if marked == "all":
        return line + shapes(line)
    return line + strong_shapes(line) if marked == "strong" else line


@dataclass
class Set:
    name: str  # tests/phrases/blind23 …
    rows: list[Row]


def scored_sets() -> list[Set]:
    """Every scored phrase set (a writer each), oldest first; NOT YET SCORED ones unopened."""
    folders = [ROOT / "tests" / "devset"]
    phrases = ROOT / "tests" / "phrases"
    names = sorted(
        (p.name for p in phrases.iterdir() if p.is_dir()),
        key=lambda s: (len(s), s),
    )
    folders += [phrases / n for n in names]
    sets = []
    for folder in folders:
        readme = folder / "README.md"
        with readme.open(encoding="utf-8") as fh:
            if UNSCORED in fh.readline():
                continue
        files = sorted(folder.glob("phrases_*.tsv"))
        rows = [r for f in files for r in read_rows(f)]
        sets.append(Set(str(folder.relative_to(ROOT)), rows))
    return sets


def _normaliser():  # type: ignore[no-untyped-def]
    from auditor.rules.matcher import matcher_for

    return matcher_for((), True).built.norm.normalise


def categories(sets: list[Set]) -> list[str]:
    from auditor.rules.phrases import CATEGORIES

    seen = {c for s in sets for r in s.rows for c in r.labels}
    return [c for c in CATEGORIES if c in seen] + [CLEAN]


def pruned(m: LinearModel, prune: float = PRUNE) -> LinearModel:
    weights = {
        g: tuple(round(w, 3) if abs(w) >= prune else 0 for w in row)
        for g, row in m.weights.items()
        if max(abs(w) for w in row) >= prune
    }
    return LinearModel(
        name=m.name,
        n=m.n,
        labels=m.labels,
        bias=tuple(round(b, 3) for b in m.bias),
        weights=weights,
        trained_on=m.trained_on,
    )


def train(
    sets: list[Set],
    cats: list[str],
    norm,
    *,
    c: float = C,
    min_df: int = MIN_DF,
    prune: float = PRUNE,
    marked: str = "",
    view: str = "",
) -> LinearModel:  # type: ignore[no-untyped-def]
    texts = [prepared(r.text, norm, marked, view) for s in sets for r in s.rows]
    ys = [
        [c_ in r.labels or (c_ == CLEAN and not r.labels) for c_ in cats]
        for s in sets
        for r in s.rows
    ]
    m = fit(
        MODEL,
        texts,
        ys,
        cats,
        n=N,
        c=c,
        min_df=min_df,
        trained_on=[s.name for s in sets],
        dual=True,
    )
    return pruned(m, prune)


# --- leave one set out ---------------------------------------------------------------


def loso_records(args: argparse.Namespace) -> list[dict]:  # type: ignore[type-arg]
    """For each scored set k, a model fitted on the other sets reads set k: one record per
    line — its set, id, labels, evasion, the matcher's reading (``g``) and, where the matcher
    found nothing, the model's probabilities (``p``) and the categories the matcher set
    aside on purpose (``veto``, :meth:`Matcher.explain`).  Kept in ``--records`` (a file per
    setting) so thresholds are chosen from them without re-fitting."""
    tag = f"c{args.c}-df{args.min_df}-q{args.prune}-{args.marked or 'plain'}-{args.view or 'text'}"
    path = Path(args.records or f"/tmp/pml_loso_{tag}.json")
    sets = scored_sets()
    if path.exists() and not args.fresh:
        kept = json.loads(path.read_text())
        if {r["set"] for r in kept} == {s.name for s in sets}:
            return kept  # type: ignore[no-any-return]
    cats = categories(sets)
    norm = _normaliser()
    cache = Path("/tmp/pml_loso_matcher.json")
    grammar: dict[str, list[list[str]]] = json.loads(cache.read_text()) if cache.exists() else {}
    if args.fresh or set(grammar) != {s.name for s in sets}:
        predict = matcher_predict()
        grammar = {s.name: [sorted(predict(r.text)) for r in s.rows] for s in sets}
        cache.write_text(json.dumps(grammar))
    from auditor.rules.matcher import matcher_for

    matcher = matcher_for((), True)
    records: list[dict] = []  # type: ignore[type-arg]
    order = list(range(len(sets)))
    if args.only:  # (a part of the run: these sets held out, each fold written as it ends)
        wanted = args.only.split(",")
        order = [i for w in wanted for i, s in enumerate(sets) if s.name.endswith("/" + w)]
    for k, model in zip(order, fold_models(sets, cats, norm, args, order), strict=True):
        held = sets[k]
        for row, g in zip(held.rows, grammar[held.name], strict=True):
            rec = {
                "set": held.name,
                "id": row.id,
                "labels": sorted(row.labels),
                "evasion": row.evasion if row.evasion not in ("-", "") else "none",
                "g": g,
                "n": content(prepare(row.text, (), norm)),
            }
            # (every line's probabilities: on a line the matcher hit, for the veto of its hit)
            probs = model.probabilities(prepared(row.text, norm, args.marked, args.view))
            rec["p"] = {c_: round(v, 4) for c_, v in probs.items()}
            if not g:
                rec["veto"] = sorted({m.category for m, _ in matcher.explain(row.text)})
            records.append(rec)
        print(f"… {held.name} ({len(model.weights)} grams)", file=sys.stderr)
        if args.only:
            path.write_text(json.dumps(records, ensure_ascii=False))
    path.write_text(json.dumps(records, ensure_ascii=False))
    return records


def fold_models(sets: list[Set], cats: list[str], norm, args: argparse.Namespace, order: list[int]):  # type: ignore[no-untyped-def]
    """For each set k, the model :func:`train` fits on all the other sets (the same
    columns, the same fit, the same pruning), the n-grams of every line counted once for
    all folds rather than once per fold."""
    import numpy as np
    from sklearn.feature_extraction.text import CountVectorizer
    from sklearn.linear_model import LogisticRegression

    from auditor.learned import ngrams

    texts = [prepared(r.text, norm, args.marked, args.view) for s in sets for r in s.rows]
    ys = np.array(
        [
            [c_ in r.labels or (c_ == CLEAN and not r.labels) for c_ in cats]
            for s in sets
            for r in s.rows
        ]
    )
    vec = CountVectorizer(analyzer=lambda t: ngrams(t, *N), binary=True).fit(texts)
    vocab = vec.get_feature_names_out()
    x = vec.transform(texts).tocsr()
    sizes = [len(s.rows) for s in sets]
    start = np.cumsum([0, *sizes])
    for k in order:
        rows = np.r_[0 : start[k], start[k + 1] : start[-1]]
        xt = x[rows]
        keep = np.flatnonzero(np.asarray(xt.sum(axis=0)).ravel() >= args.min_df)
        xk = xt[:, keep]
        columns, bias = [], []
        for j in range(len(cats)):
            lr = LogisticRegression(
                C=args.c, max_iter=5000, solver="liblinear", random_state=0, dual=True
            ).fit(xk, ys[rows, j])
            columns.append([round(float(w), 6) for w in lr.coef_[0]])
            bias.append(float(lr.intercept_[0]))
        weights = {
            str(vocab[col]): tuple(c_[i] for c_ in columns)
            for i, col in enumerate(keep)
            if any(c_[i] for c_ in columns)
        }
        m = LinearModel(
            name=MODEL,
            n=N,
            labels=tuple(cats),
            bias=tuple(bias),
            weights=weights,
            trained_on=tuple(s.name for i, s in enumerate(sets) if i != k),
        )
        yield pruned(m, args.prune)


@dataclass
class Policy:
    """How far the model is trusted: a question at ``ask[c]``, a card at ``card[c]``
    (absent: never), nothing while P(CLEAN) > ``clean_max``."""

    ask: dict[str, float]
    card: dict[str, float]
    clean_max: float
    short: int = SHORT

    def read(self, rec: dict) -> tuple[set[str], str]:  # type: ignore[type-arg]
        """The combined reading of a record and how it was reached: matcher, ask, card or ''."""
        if rec["g"]:
            return set(rec["g"]), "matcher"
        got = asked(rec, self.clean_max, self.short)
        if got is None or got[1] < self.ask.get(got[0], 2.0):
            return set(), ""
        return {got[0]}, "card" if got[1] >= self.card.get(got[0], 2.0) else "ask"


def asked(rec: dict, clean_max: float, short: int = SHORT) -> tuple[str, float] | None:  # type: ignore[type-arg]
    """The category the model would ask about on a line the matcher left alone (its most
    probable, not set aside by the matcher, P(CLEAN) at most ``clean_max``, the line not
    shorter than ``short``), with its probability."""
    if rec["g"] or rec["n"] < short or rec["p"].get(CLEAN, 0.0) > clean_max:
        return None
    label, p = max(
        ((c_, v) for c_, v in rec["p"].items() if c_ != CLEAN), key=lambda kv: (kv[1], kv[0])
    )
    return None if label in rec["veto"] else (label, p)


GRID = [round(0.3 + 0.05 * i, 2) for i in range(14)]  # 0.30 … 0.95


def lower_bound(right: int, n: int, alpha: float = 0.05) -> float:
    """The one-sided (1 - alpha) Clopper-Pearson lower bound of a precision of right / n."""
    if n == 0 or right == 0:
        return 0.0
    from scipy.stats import beta

    return float(beta.ppf(alpha, right, n - right + 1))


def choose(
    records: list[dict],  # type: ignore[type-arg]
    target: float,
    clean_max: float,
    card_p: float,
    card_lb: float,
    margin: float = 0.0,
    ask_lb: float = 0.0,
    short: int = SHORT,
) -> Policy:
    """Per category, the lowest threshold of :data:`GRID` whose questions (over ``records``,
    read leave-one-set-out) are right at least ``target`` of the time and touch no clean line
    (nor does any line down to ``margin`` below it: a clean line of a writer not yet seen
    lies a little lower or higher);
    and the lowest at or above it whose questions are right at least ``card_p`` of the time
    with a one-sided 95% lower bound of at least ``card_lb`` (enough of them): a card.

    The questions' thresholds are chosen on lines of every length (a short clean line the
    model is sure of is evidence against the threshold, though the policy will not read it);
    a card's on the lines it will card, those of ``short`` characters or more: its evidence
    is on lines of that shape."""
    pool: dict[str, list[tuple[float, bool, bool]]] = {c_: [] for c_ in categories_of(records)}
    long: dict[str, list[tuple[float, bool, bool]]] = {c_: [] for c_ in categories_of(records)}
    for rec in records:
        got = asked(rec, clean_max, 0)
        if got is not None:
            item = (got[1], got[0] in rec["labels"], not rec["labels"])
            pool.setdefault(got[0], []).append(item)
            if rec["n"] >= short:
                long.setdefault(got[0], []).append(item)
    ask: dict[str, float] = {}
    card: dict[str, float] = {}
    for cat, items in pool.items():
        for t in GRID:
            sel = [x for x in items if x[0] >= t]
            right = sum(x[1] for x in sel)
            near = [x for x in items if x[0] >= t - margin]
            if (
                sel
                and right / len(sel) >= target
                and not any(x[2] for x in near)
                and (t >= SURE or lower_bound(right, len(sel)) >= ask_lb)
            ):
                ask[cat] = t
                break
        if cat not in ask:
            if not any(x[0] >= SURE for x in items):  # (never that sure held out: no evidence
                ask[cat] = SURE  # against SURE, session 45's one threshold)
            continue
        for t in GRID:
            sel = [x for x in long.get(cat, ()) if x[0] >= t]
            right = sum(x[1] for x in sel)
            if (
                t >= ask[cat]
                and sel
                and right / len(sel) >= card_p
                and lower_bound(right, len(sel)) >= card_lb
            ):
                card[cat] = t
                break
    return Policy(ask, card, clean_max, short)


@dataclass
class Tally:
    tp: int = 0
    fp: int = 0
    fn: int = 0
    clean: int = 0
    clean_flagged: int = 0
    asked: int = 0  # model questions (and cards)
    carded: int = 0

    def p(self) -> float:
        return self.tp / (self.tp + self.fp) if self.tp + self.fp else 1.0

    def r(self) -> float:
        return self.tp / (self.tp + self.fn) if self.tp + self.fn else 1.0

    def add(self, labels: set[str], got: set[str]) -> None:
        self.tp += len(labels & got)
        self.fn += len(labels - got)
        self.fp += len(got - labels)
        if not labels:
            self.clean += 1
            self.clean_flagged += bool(got)


def evaluate(records: list[dict], policy_for, out=sys.stdout) -> dict[str, float]:  # type: ignore[no-untyped-def, type-arg]
    """The per-set table (matcher alone against combined), the mean, and the figures by
    category and by evasion.  ``policy_for(set name)`` is the policy that set is read with
    (the same for all, or one chosen without that set: nested)."""
    by_set: dict[str, list[dict]] = {}  # type: ignore[type-arg]
    for rec in records:
        by_set.setdefault(rec["set"], []).append(rec)
    print(
        "| set | lines | matcher P | matcher R | clean flagged | combined P | combined R | clean flagged | questions | cards |",
        file=out,
    )
    print("|---|---|---|---|---|---|---|---|---|---|", file=out)
    means: Counter[str] = Counter()
    ev: Counter[tuple[str, str]] = Counter()
    cat: Counter[tuple[str, str]] = Counter()
    how: Counter[tuple[str, str, bool]] = Counter()
    for name, recs in by_set.items():
        policy = policy_for(name)
        g_t, c_t = Tally(), Tally()
        for rec in recs:
            labels = set(rec["labels"])
            got, kind = policy.read(rec)
            g_t.add(labels, set(rec["g"]))
            c_t.add(labels, got)
            if kind in ("ask", "card"):
                c_t.asked += 1
                c_t.carded += kind == "card"
                (label,) = got
                how[(label, kind, label in labels)] += 1
            for c_ in labels:
                cat[(c_, "n")] += 1
                cat[(c_, "g")] += c_ in rec["g"]
                cat[(c_, "c")] += c_ in got
            if labels:
                ev[(rec["evasion"], "n")] += 1
                ev[(rec["evasion"], "g")] += bool(labels & set(rec["g"]))
                ev[(rec["evasion"], "c")] += bool(labels & got)
        print(
            f"| {name.removeprefix('tests/')} | {len(recs)} | {g_t.p():.3f} | {g_t.r():.3f} | "
            f"{g_t.clean_flagged}/{g_t.clean} | {c_t.p():.3f} | {c_t.r():.3f} | "
            f"{c_t.clean_flagged}/{c_t.clean} | {c_t.asked} | {c_t.carded} |",
            file=out,
        )
        for key, v in (
            ("gp", g_t.p()),
            ("gr", g_t.r()),
            ("gc", g_t.clean_flagged / max(1, g_t.clean)),
            ("cp", c_t.p()),
            ("cr", c_t.r()),
            ("cc", c_t.clean_flagged / max(1, c_t.clean)),
            ("q", c_t.asked),
            ("k", c_t.carded),
        ):
            means[key] += v
    n = len(by_set)
    m = {k: v / n for k, v in means.items()}
    print(
        f"| **mean of {n}** | | {m['gp']:.3f} | {m['gr']:.3f} | {m['gc']:.3%} | {m['cp']:.3f} | "
        f"{m['cr']:.3f} | {m['cc']:.3%} | {m['q']:.1f} | {m['k']:.1f} |",
        file=out,
    )
    print(
        "\nby category: lines, recall matcher -> combined; questions (right), cards (right)",
        file=out,
    )
    for c_ in sorted({c_ for c_, _ in cat}):
        print(
            f"  {c_:<11} {cat[(c_, 'n')]:>5} {cat[(c_, 'g')] / cat[(c_, 'n')]:.3f} -> "
            f"{cat[(c_, 'c')] / cat[(c_, 'n')]:.3f}   asked {how[(c_, 'ask', True)] + how[(c_, 'ask', False)]:>4} "
            f"({how[(c_, 'ask', True)]})  carded {how[(c_, 'card', True)] + how[(c_, 'card', False)]:>4} "
            f"({how[(c_, 'card', True)]})",
            file=out,
        )
    print("by evasion: lines, recall matcher -> combined", file=out)
    for kind in sorted({k for k, _ in ev}, key=lambda x: (x != "none", x)):
        print(
            f"  {kind:<16} {ev[(kind, 'n')]:>5} {ev[(kind, 'g')] / ev[(kind, 'n')]:.3f} -> {ev[(kind, 'c')] / ev[(kind, 'n')]:.3f}",
            file=out,
        )
    return m


def card_evidence(records: list[dict], policy: Policy, out=sys.stdout) -> None:  # type: ignore[no-untyped-def, type-arg]
    """Per category, the evidence a card would rest on: at each threshold from the
    category's question threshold up, the held-out lines the model read as it (n), how many
    were right, and the one-sided 95% lower bound of that precision; the best (highest bound)
    is printed, beside the rule (precision CARD_PRECISION, bound CARD_BOUND)."""
    pool: dict[str, list[tuple[float, bool]]] = {}
    for rec in records:
        got = asked(rec, policy.clean_max, policy.short)
        if got is not None:
            pool.setdefault(got[0], []).append((got[1], got[0] in rec["labels"]))
    print(
        "\ncard evidence: category, best threshold, held-out lines read as it, right, precision, lower bound",
        file=out,
    )
    for cat in sorted(pool):
        rows = []
        for t in GRID:
            if t < policy.ask.get(cat, 2.0):
                continue
            sel = [x for x in pool[cat] if x[0] >= t]
            right = sum(x[1] for x in sel)
            if sel:
                rows.append((lower_bound(right, len(sel)), t, len(sel), right))
        if not rows:
            print(f"  {cat:<11} no question at or above {policy.ask.get(cat)}", file=out)
            continue
        lb, t, n, right = max(rows)
        mark = "CARD" if cat in policy.card else "-"
        print(f"  {cat:<11} {t:.2f} {n:>4} {right:>4} {right / n:.3f} {lb:.3f} {mark}", file=out)


#: The P(CLEAN) thresholds :func:`veto_report` measures the veto of a matcher's hit at.
VETO_GRID = [0.5, 0.6, 0.7, 0.75, 0.8, 0.85, 0.9, 0.93, 0.95, 0.97, 0.98, 0.99]


def vetoed(rec: dict, veto: float, short: int = SHORT) -> bool:  # type: ignore[type-arg]
    """Whether the matcher's hits on a record become questions (the veto): the matcher hit,
    the line is not shorter than ``short`` and the model reads it clean with a probability
    of at least ``veto``."""
    return bool(rec["g"]) and rec["n"] >= short and rec["p"].get(CLEAN, 0.0) >= veto


def choose_veto(records: list[dict], wrong: float, short: int = SHORT) -> float:  # type: ignore[type-arg]
    """The lowest of :data:`VETO_GRID` at which the matcher's hits the veto would demote
    (held out, pooled) are wrong at least ``wrong`` of the time — the card is more often
    wrong than right on lines of that shape — and 2.0 (no veto) where none is."""
    for v in VETO_GRID:
        hits = [(c_ in r["labels"]) for r in records if vetoed(r, v, short) for c_ in r["g"]]
        if hits and hits.count(False) / len(hits) >= wrong:
            return v
    return 2.0


def veto_report(records: list[dict], policy_for, short: int, out=sys.stdout) -> None:  # type: ignore[no-untyped-def, type-arg]
    """The veto of the matcher's hits (a hit on a line the model reads clean with P(CLEAN)
    at least v becomes a question, not a card), for each v of :data:`VETO_GRID`: the hits
    it demotes (right, wrong), the clean lines it takes the card off, and the per-set mean
    of the cards' precision and recall and of clean lines carded (the matcher's hits not
    vetoed and the model's own cards; questions are not cards)."""
    print(
        f"\n## the veto (lines of {short} characters or more): v, hits demoted (right / wrong),"
        " clean lines uncarded, mean card P / R / clean carded (no veto first)\n",
        file=out,
    )
    by_set: dict[str, list[dict]] = {}  # type: ignore[type-arg]
    for rec in records:
        by_set.setdefault(rec["set"], []).append(rec)
    for v in [2.0, *VETO_GRID]:
        right = wrong = uncarded = 0
        per_cat: Counter[tuple[str, bool]] = Counter()
        sums = Counter()  # type: ignore[var-annotated]
        for name, recs in by_set.items():
            policy = policy_for(name)
            t = Tally()
            for rec in recs:
                labels = set(rec["labels"])
                got, kind = policy.read(rec)
                if kind == "matcher" and vetoed(rec, v, short):
                    for c_ in rec["g"]:
                        ok = c_ in labels
                        right += ok
                        wrong += not ok
                        per_cat[(c_, ok)] += 1
                    uncarded += not labels
                    got = set()
                elif kind == "ask":
                    got = set()
                t.add(labels, got)
            sums["p"] += t.p()
            sums["r"] += t.r()
            sums["c"] += t.clean_flagged / max(1, t.clean)
        n = len(by_set)
        cats = "  ".join(
            f"{c_} {per_cat[(c_, True)]}/{per_cat[(c_, False)]}"
            for c_ in sorted({c_ for c_, _ in per_cat})
        )
        print(
            f"  {v:<4} demoted {right:>3} right {wrong:>3} wrong, {uncarded:>3} clean uncarded; "
            f"cards {sums['p'] / n:.3f} / {sums['r'] / n:.3f} / {sums['c'] / n:.3%}"
            + (f"   [{cats}]" if cats else ""),
            file=out,
        )


def cards_table(
    records: list[dict], policy_for, veto_for, short: int, out=sys.stdout
) -> dict[str, float]:  # type: ignore[no-untyped-def, type-arg]
    """Per set, what the director gets as cards (questions aside): the matcher's hits alone
    against the combined reading with the veto (``veto_for(set name)``: the P(CLEAN) at or
    above which a matcher's hit becomes a question) — precision, recall, clean lines carded,
    hits demoted (right / wrong); then the mean, and the demoted hits by category."""
    by_set: dict[str, list[dict]] = {}  # type: ignore[type-arg]
    for rec in records:
        by_set.setdefault(rec["set"], []).append(rec)
    print(
        "| set | veto | matcher P | matcher R | clean carded | cards P | cards R | clean carded | demoted right | demoted wrong |",
        file=out,
    )
    print("|---|---|---|---|---|---|---|---|---|---|", file=out)
    sums: Counter[str] = Counter()
    per_cat: Counter[tuple[str, bool]] = Counter()
    for name, recs in by_set.items():
        policy, v = policy_for(name), veto_for(name)
        g_t, c_t = Tally(), Tally()
        right = wrong = 0
        for rec in recs:
            labels = set(rec["labels"])
            got, kind = policy.read(rec)
            g_t.add(labels, set(rec["g"]))
            if kind == "matcher" and vetoed(rec, v, short):
                for c_ in rec["g"]:
                    right += c_ in labels
                    wrong += c_ not in labels
                    per_cat[(c_, c_ in labels)] += 1
                got = set()
            elif kind == "ask":
                got = set()
            c_t.add(labels, got)
        print(
            f"| {name.removeprefix('tests/')} | {v if v <= 1 else '-'} | {g_t.p():.3f} | "
            f"{g_t.r():.3f} | {g_t.clean_flagged}/{g_t.clean} | {c_t.p():.3f} | {c_t.r():.3f} | "
            f"{c_t.clean_flagged}/{c_t.clean} | {right} | {wrong} |",
            file=out,
        )
        for key, x in (
            ("gp", g_t.p()),
            ("gr", g_t.r()),
            ("gc", g_t.clean_flagged / max(1, g_t.clean)),
            ("cp", c_t.p()),
            ("cr", c_t.r()),
            ("cc", c_t.clean_flagged / max(1, c_t.clean)),
            ("dr", right),
            ("dw", wrong),
        ):
            sums[key] += x
    n = len(by_set)
    m = {k: x / n for k, x in sums.items()}
    print(
        f"| **mean of {n}** | | {m['gp']:.3f} | {m['gr']:.3f} | {m['gc']:.3%} | {m['cp']:.3f} | "
        f"{m['cr']:.3f} | {m['cc']:.3%} | {sums['dr']} | {sums['dw']} |",
        file=out,
    )
    print(
        "demoted by category (right / wrong): "
        + ", ".join(
            f"{c_} {per_cat[(c_, True)]}/{per_cat[(c_, False)]}"
            for c_ in sorted({c_ for c_, _ in per_cat})
        ),
        file=out,
    )
    return m


def mixed(records: list[dict], other: list[dict]) -> list[dict]:  # type: ignore[type-arg]
    """Two models read side by side (``--mix-with``): per line, each category's probability
    the higher of the two, :data:`CLEAN`'s the lower — a question where either model is sure
    and neither calls the line clean.  Only the lines both record sets hold."""
    by_id = {(r["set"], r["id"]): r for r in other}
    out = []
    for rec in records:
        twin = by_id.get((rec["set"], rec["id"]))
        if twin is None:
            continue
        if "p" in rec:
            rec = dict(rec)
            rec["p"] = {
                c_: min(v, twin["p"][c_]) if c_ == CLEAN else max(v, twin["p"][c_])
                for c_, v in rec["p"].items()
            }
        out.append(rec)
    return out


def loso(args: argparse.Namespace) -> int:
    records = loso_records(args)
    if args.mix_with:
        records = mixed(records, json.loads(Path(args.mix_with).read_text()))
    with_lengths(records)
    names = list(dict.fromkeys(r["set"] for r in records))
    for target, cm, lb, short in (
        (target, cm, lb, short)
        for target in [float(x) for x in args.targets.split(",")]
        for cm in [float(x) for x in args.clean_max.split(",")]
        for lb in [float(x) for x in args.ask_lb.split(",")]
        for short in [int(x) for x in args.short.split(",")]
    ):
        settings = (target, cm, args.card_p, args.card_lb, args.margin, lb, short)
        policy = choose(records, *settings)
        print(
            f"\n## questions right {target}, P(CLEAN) at most {cm}, below {SURE} only with "
            f"a lower bound of {lb}, lines of {short} characters or more: chosen on all sets\n"
        )
        print(f"THRESHOLDS = {dict(sorted(policy.ask.items()))}")
        print(f"CARDS = {dict(sorted(policy.card.items()))}")
        card_evidence(records, policy)
        evaluate(records, lambda _name, p=policy: p)
        print("\n## the same, nested: each set read with thresholds chosen without it\n")
        nested = {n: choose([r for r in records if r["set"] != n], *settings) for n in names}
        evaluate(records, nested.__getitem__)
        veto_report(records, nested.__getitem__, short)
        for wrong in [float(x) for x in args.veto_wrong.split(",")]:
            veto = choose_veto(records, wrong, short)
            print(
                f"\n## cards (questions aside), the veto where demoted hits are wrong {wrong} of the"
                f" time: {veto} on all sets; nested (each set's veto chosen without it):\n"
            )
            vetoes = {
                n: choose_veto([r for r in records if r["set"] != n], wrong, short) for n in names
            }
            cards_table(records, nested.__getitem__, vetoes.__getitem__, short)
    if args.single:
        for t in [float(x) for x in args.single.split(",")]:
            print(f"\n## one threshold {t} for all, P(CLEAN) at most 0.5, no cards (session 45)\n")
            one = Policy(dict.fromkeys(categories_of(records), t), {}, 0.5, 0)
            evaluate(records, lambda _name, p=one: p)
    return 0


def with_lengths(records: list[dict]) -> None:  # type: ignore[type-arg]
    """Each record's prepared length (``n``, :func:`auditor.rules.phrasemodel.content`),
    where readings kept before it was recorded lack it."""
    if all("n" in r for r in records):
        return
    norm = _normaliser()
    text = {(s.name, r.id): r.text for s in scored_sets() for r in s.rows}
    for r in records:
        r.setdefault("n", content(prepare(text[(r["set"], r["id"])], (), norm)))


def categories_of(records: list[dict]) -> list[str]:  # type: ignore[type-arg]
    return sorted({c_ for r in records if "p" in r for c_ in r["p"] if c_ != CLEAN})


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--check", action="store_true", help="re-fit and compare with the shipped file")
    ap.add_argument("--loso", action="store_true", help="leave one set out: grammar vs combined")
    ap.add_argument(
        "--targets", default=str(PRECISION), help="(--loso) the questions' precision to choose for"
    )
    ap.add_argument("--single", default="", help="(--loso) also one threshold for all (session 45)")
    ap.add_argument(
        "--card-p", type=float, default=CARD_PRECISION, help="(--loso) a card's precision"
    )
    ap.add_argument("--card-lb", type=float, default=CARD_BOUND, help="(--loso) … its lower bound")
    ap.add_argument(
        "--margin", type=float, default=0.0, help="(--loso) clean-free below a threshold"
    )
    ap.add_argument("--ask-lb", default=str(CARD_BOUND), help="(--loso) lower bound below SURE")
    ap.add_argument(
        "--marked", choices=("all", "strong"), default="", help="(--loso) with the shapes' markers"
    )
    ap.add_argument(
        "--view",
        choices=(
            "folded",
            "exact",
            "both",
            "classes",
            "folded+classes",
            "words",
            "folded+words",
            "target",
        ),
        default="",
        help="(--loso) with the line's sound appended (the experiment)",
    )
    ap.add_argument(
        "--only",
        default="",
        help="(--loso) hold out only these sets (blind25,blind24,…), writing each fold as it ends",
    )
    ap.add_argument(
        "--mix-with",
        default="",
        help="(--loso) another setting's --records, read beside these (the higher probability)",
    )
    ap.add_argument(
        "--veto-wrong",
        default="0.5",
        help="(--loso) veto a matcher's hit where the hits it demotes are wrong this often (a list)",
    )
    ap.add_argument("--records", help="(--loso) where the held-out readings are kept")
    ap.add_argument(
        "--fresh",
        action="store_true",
        help="(--loso) read afresh, not from the kept readings (after a change to the matcher)",
    )
    ap.add_argument("--c", type=float, default=C)
    ap.add_argument("--min-df", type=int, default=MIN_DF)
    ap.add_argument("--prune", type=float, default=PRUNE, help="(--loso) weights dropped below")
    ap.add_argument(
        "--short",
        default=str(SHORT),
        help="(--loso) the model alone reads lines of this many characters or more (a list: each)",
    )
    ap.add_argument(
        "--clean-max", default="0.5", help="(--loso) ask only at or below this P(CLEAN)"
    )
    args = ap.parse_args(argv)
    if args.loso:
        return loso(args)
    sets = scored_sets()
    model = train(sets, categories(sets), _normaliser())
    path = MODELS / f"{MODEL}.json"
    if args.check:
        shipped = read_model(path)
        if shipped.as_json() != model.as_json():
            print(f"{path.name}: the shipped model differs from a re-fit", file=sys.stderr)
            return 1
        print(f"{path.name}: the shipped model is what the scored sets fit")
        return 0
    path.parent.mkdir(parents=True, exist_ok=True)
    write_model(model, path)
    print(
        f"{path}: {len(model.weights)} grams, {path.stat().st_size // 1024} KiB, trained on "
        f"{len(sets)} sets, {sum(len(s.rows) for s in sets)} lines"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
