"""Cloaks made by rule (issue 35: "build your own such set from your lexicons the same way,
and measure on it").

For every word entry of the built-in lexicons (or, with ``--no-default --lexicon PATH``, of an
imported list such as a Discuz! export), the entry is put in a neutral carrier sentence as
written ("plain") and in cloaked copies made by rule, one character changed at a time:

``pinyin``  the same pinyin without tone: the most common other character of that reading
            (pypinyin over jieba's dictionary's single characters, most frequent first);
``near``    one step away in the near-sound pairs the brief names (l/n, z/zh, c/ch, s/sh,
            an/ang, en/eng, in/ing, h/f): the most common character of the changed reading;
``emoji``   an emoji of the project's table (``lexicons/_emoji.txt``) read as that character,
            by meaning (🐶 狗) or by sound (🍚 饭 for 反);
``glide``   f heard as h with the glide u (闽湘口音, the medial pair ``f hu`` of
            ``lexicons/_confusion.txt``): fa → hua, fei → hui, fen → hun, the most common
            character of the changed reading (灰物 for 废物);
``shape``   the most frequent character that looks like it (``lexicons/_shape.txt``, from the
            char-similar package's stroke orders and four-corner codes: 马田 for 马甲).

Recall under each cloak is printed beside plain recall and as its ratio; precision is
measured on ordinary game talk: the clean lines of the scored phrase sets (named one by
one: blind … blind13 and devset) and the posts of the sample game (examples/sample), every
clean line flagged listed with how it was found (原文, 音近, 近音, 表情 …).

    python benchmarks/evasion_bench.py                 # the built-in lexicons
    python benchmarks/evasion_bench.py --misses near   # also list the near-sound misses
    python benchmarks/evasion_bench.py --no-default --lexicon censor_export.txt
"""

from __future__ import annotations

import argparse
import html
import json
import re
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

# The scored phrase sets, named one by one (never a glob: sets being written sit beside them).
CLEAN_SETS = [
    "phrases/blind/phrases_dev.tsv",
    "phrases/blind/phrases_blind.tsv",
    "phrases/blind2/phrases_blind2.tsv",
    "phrases/blind3/phrases_blind3.tsv",
    "phrases/blind4/phrases_blind4.tsv",
    "phrases/blind5/phrases_blind5.tsv",
    "phrases/blind6/phrases_blind6.tsv",
    "phrases/blind7/phrases_blind7.tsv",
    "phrases/blind8/phrases_blind8.tsv",
    "phrases/blind9/phrases_blind9.tsv",
    "phrases/blind10/phrases_blind10.tsv",
    "phrases/blind11/phrases_blind11.tsv",
    "phrases/blind12/phrases_blind12.tsv",
    "phrases/blind13/phrases_blind13.tsv",
    "devset/phrases_dev.tsv",
    "devset/phrases_holdout.tsv",
]

# Neutral carriers: first person, no rule named, no question, no report of someone else.
# Every sentence is tried in each carrier (a cloak that joins the character before it into a
# word, 这局|部要脸 -> 局部, is a miss in one carrier only).
CARRIERS = ["{}，我就说到这里", "今天这局{}，大家自己看", "行吧，{}，过"]

# The brief's near-sound steps (a subset of lexicons/_confusion.txt).
INITIAL_PAIRS = [("l", "n"), ("z", "zh"), ("c", "ch"), ("s", "sh"), ("h", "f")]
FINAL_PAIRS = [("an", "ang"), ("en", "eng"), ("in", "ing")]
CLOAKS = ("pinyin", "near", "glide", "emoji", "shape")
# The glide's finals: f + ei is h + ui, f + en is h + un.
GLIDE_FINALS = {"ei": "ui", "en": "un"}
# Never taken as a substitute: pronouns and particles (an evader writes 淹屎, not 淹是; the
# matcher refuses them on purpose, lexicons/README.md "@near long").
FUNCTION_CHARS = set("你我他她它的地得了是在不这那就也都和与吗呢吧啊呀之自其里么个")
_HAN = re.compile(r"[\u4e00-\u9fff]")
_TAG = re.compile(r"<[^>]+>")


def common_chars(limit: int) -> list[str]:
    """The ``limit`` most frequent single characters of jieba's dictionary."""
    import jieba

    path = Path(jieba.__file__).parent / "dict.txt"
    freq: Counter[str] = Counter()
    with path.open(encoding="utf-8") as fh:
        for line in fh:
            word, f, *_ = line.split()
            if len(word) == 1 and _HAN.match(word):
                freq[word] = int(f)
    return [c for c, _ in freq.most_common(limit)]


def reading(ch: str) -> str:
    from pypinyin import Style, lazy_pinyin

    return lazy_pinyin(ch, style=Style.NORMAL, errors="ignore")[0] if _HAN.match(ch) else ""


def near_readings(py: str) -> list[str]:
    """Readings one step away from ``py`` (an initial or a final swapped)."""
    out = []
    for a, b in INITIAL_PAIRS:
        for x, y in ((a, b), (b, a)):
            # zh/ch/sh begin with z/c/s: take the longer initial first
            if py.startswith(y) and len(y) > len(x):
                continue
            if py.startswith(x) and not (len(x) == 1 and py[:2] in ("zh", "ch", "sh")):
                out.append(y + py[len(x) :])
    for a, b in FINAL_PAIRS:
        if py.endswith(b):
            out.append(py[: -len(b)] + a)
        elif py.endswith(a):
            out.append(py[: -len(a)] + b)
    return [r for r in out if r != py]


def glide_reading(py: str) -> str:
    """``fa`` → ``hua``, ``fei`` → ``hui`` (an f-initial reading with a final other than u),
    else ""."""
    if not py.startswith("f") or py == "fu" or len(py) < 2:
        return ""
    return "hu" + GLIDE_FINALS.get(py[1:], py[1:])


def cloaks_of(  # type: ignore[no-untyped-def]
    term: str,
    by_reading: dict[str, list[str]],
    emoji: dict[str, list[str]],
    heard: bool,
    where: range | None = None,
    shapes: dict[str, tuple[str, ...]] | None = None,
):
    """Yield (cloak, cloaked spelling), one per character position (of ``where``, default
    all) and cloak; by sound only where ``heard``."""
    for i, ch in enumerate(term):
        if where is not None and i not in where:
            continue
        py = reading(ch)
        if not py:
            continue
        same = [c for c in by_reading.get(py, []) if c != ch]
        if same and heard:
            yield "pinyin", term[:i] + same[0] + term[i + 1 :]
        for r in near_readings(py) if heard else ():
            if by_reading.get(r):
                yield "near", term[:i] + by_reading[r][0] + term[i + 1 :]
                break
        glide = glide_reading(py) if heard else ""
        if by_reading.get(glide):
            yield "glide", term[:i] + by_reading[glide][0] + term[i + 1 :]
        icons = emoji.get(ch) or emoji.get(py)
        if icons:
            yield "emoji", term[:i] + icons[0] + term[i + 1 :]
        alike = (shapes or {}).get(ch)
        if alike:
            yield "shape", term[:i] + alike[0] + term[i + 1 :]


def emoji_table(lex) -> dict[str, list[str]]:  # type: ignore[no-untyped-def]
    """Character (by meaning) and toneless reading (by sound) -> emoji that read so."""
    out: dict[str, list[str]] = defaultdict(list)
    for icon, text in lex.emoji.items():
        if len(text) == 1:
            out[text].append(icon)
            out[reading(text)].append(icon)
    return out


def instance(pattern: str) -> str | None:
    """One plain sentence a ``re:`` pattern matches: the first branch of every alternation,
    each repeat its least (none for ``?``), lookaheads written out, lookbehinds and negative
    lookarounds left empty; None when the pattern cannot be walked."""
    import re._constants as c
    import re._parser as sre

    def walk(items) -> str:  # type: ignore[no-untyped-def]
        out = []
        for op, av in items:
            if op is c.LITERAL:
                out.append(chr(av))
            elif op is c.SUBPATTERN:
                out.append(walk(av[3]))
            elif op is c.BRANCH:
                out.append(walk(av[1][0]))
            elif op in (c.MAX_REPEAT, c.MIN_REPEAT, c.POSSESSIVE_REPEAT):
                lo, _hi, sub = av
                out.append(walk(sub) * lo)
            elif op is c.IN:
                lits = [a for o, a in av if o is c.LITERAL]
                if any(o is c.NEGATE for o, _ in av) or not lits:
                    out.append("好" if not any(o is c.CATEGORY for o, _ in av) else "3")
                else:
                    out.append(chr(lits[0]))
            elif op is c.ANY:
                out.append("好")
            elif op is c.ASSERT and av[0] == 1:
                out.append(walk(av[1]))
            elif op in (c.AT, c.ASSERT, c.ASSERT_NOT, c.GROUPREF):
                continue
            else:
                raise ValueError(op)
        return "".join(out)

    try:
        return walk(sre.parse(pattern))
    except (ValueError, TypeError, IndexError, re.error):
        return None


def _step(how: tuple[str, ...]) -> str:
    for step in ("近音", "音近", "表情", "形近"):
        if step in how:
            return step
    return "other"


def sample_posts() -> list[str]:
    posts = []
    for f in sorted((ROOT / "examples" / "sample" / "pages").glob("api-viewthread-*.json")):
        data = json.loads(f.read_text(encoding="utf-8"))
        for p in data["Variables"]["postlist"]:
            text = html.unescape(_TAG.sub("", p["message"].replace("<br />", "\n")))
            posts.extend(line for line in text.splitlines() if line.strip())
    return posts


def main() -> int:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--lexicon", action="append", default=[], help="a lexicon file or folder")
    ap.add_argument("--no-default", action="store_true", help="only --lexicon, not the built-in")
    ap.add_argument("--chars", type=int, default=3500, help="size of the common-character list")
    ap.add_argument("--terms", action="store_true", help="the terms only, not their variants")
    ap.add_argument(
        "--patterns",
        action="store_true",
        help="the sentence patterns (re:), each by one plain instance, instead of the words",
    )
    ap.add_argument("--misses", choices=CLOAKS, action="append", default=[])
    ap.add_argument("--clean", action="store_true", help="list every clean line flagged")
    args = ap.parse_args()

    from devset_eval import read_rows

    from auditor.rules import lexicon
    from auditor.rules.matcher import matcher_for

    default = not args.no_default
    lex = lexicon.load(args.lexicon, default=default)
    m = matcher_for(tuple(args.lexicon), default)
    by_reading: dict[str, list[str]] = defaultdict(list)
    for c in common_chars(args.chars):
        if c not in FUNCTION_CHARS:
            by_reading[reading(c)].append(c)
    icons = emoji_table(lex)

    def found(text: str, cat: str) -> bool:
        return any(x.category == cat for x in m.find(text))

    entries = [e for e in lex.entries if e.regex is None]
    unwalked = 0
    if args.patterns:
        # sentence patterns: one plain instance each (instance()) stands in for the spelling
        pats = [(e, instance(e.regex or "")) for e in lex.entries if e.term.startswith("re:")]
        unwalked = sum(1 for _, t in pats if not t)
        entries = [e for e, _ in pats]
        spellings = [(e, t) for e, t in pats if t]
    else:
        # every spelling of an entry written in characters (卧槽, and its variant 我操), or the
        # term alone (--terms)
        spellings = [
            (e, f)
            for e in entries
            for f in (e.forms[:1] if args.terms else e.forms)
            if f == e.term or (len(f) > 1 and all(_HAN.match(c) for c in f))
        ]
    hit: Counter[str] = Counter()
    total: Counter[str] = Counter()
    after_plain: Counter[str] = Counter()  # cloaked copies of entries found when plain
    total_after_plain: Counter[str] = Counter()
    misses: dict[str, list[str]] = defaultdict(list)
    t0 = time.process_time()
    skipped = 0
    plain_of: Counter[str] = Counter()  # plain hits of the copies' own spellings
    for e, form in spellings:
        plains = [found(c.format(form), e.category) for c in CARRIERS]
        total["plain"] += len(CARRIERS)
        hit["plain"] += sum(plains)
        # By sound only what the lexicon hears: not a dialect word under ``@sound off`` (痴线
        # is no 吃先), not one character (考 is no 靠), not a look-alike spelling (发誉).
        heard = (
            e.heard
            and len(form) > 1
            and not any(c in lex.lookalike for c in form)
            and lex.categories[e.category].pinyin
        )
        skipped += not heard
        seen: set[str] = set()
        # a pattern is cloaked in its keyword (the word an evader hides: 他妈 of 他妈的),
        # a word anywhere
        where = None
        if args.patterns:
            at = [(form.find(a), a) for a in e.anchors if a and form.find(a) >= 0]
            if at:
                i, a = min(at)
                where = range(i, i + len(a))
        for cloak, spelling in cloaks_of(form, by_reading, icons, heard, where, lex.shapes):
            if spelling in seen or spelling in e.forms:
                continue
            seen.add(spelling)
            for carrier, plain in zip(CARRIERS, plains, strict=True):
                ok = found(carrier.format(spelling), e.category)
                total[cloak] += 1
                hit[cloak] += ok
                plain_of[cloak] += plain
                if plain:
                    total_after_plain[cloak] += 1
                    after_plain[cloak] += ok
                if not ok and cloak in args.misses:
                    misses[cloak].append(f"{e.category}\t{form}\t{carrier.format(spelling)}")
    took = time.process_time() - t0

    clean: list[tuple[str, str]] = []
    for name in CLEAN_SETS:
        clean += [(name, r.text) for r in read_rows(ROOT / "tests" / name) if not r.labels]
    posts = sample_posts()
    flagged_how: Counter[str] = Counter()
    flagged: list[str] = []
    sample_flagged: list[str] = []
    for where, text in [*clean, *(("sample", p) for p in posts)]:
        got = m.find(text)
        if not got:
            continue
        line = f"{where}\t{text}\t" + "; ".join(
            f"{x.category} {x.entry} {x.text} {x.how_text}" for x in got
        )
        if where == "sample":
            # the sample game plants its violations (examples/sample/script.toml's header)
            sample_flagged.append(line)
            continue
        for k in {_step(x.how) for x in got}:
            flagged_how[k] += 1
        flagged.append(line)

    plain_r = hit["plain"] / total["plain"] if total["plain"] else 0.0
    print(f"lexicon: {'built-in' if default else ''} {' '.join(args.lexicon)}".strip())
    what = "sentence patterns" if args.patterns else "word entries"
    print(
        f"{what} {len(entries)} ({unwalked} without an instance), spellings {len(spellings)}"
        f" x {len(CARRIERS)} carriers, common characters {args.chars}, "
        f"{sum(total.values())} sentences, {took:.1f} CPU s; {skipped} entries not cloaked "
        "by sound (@sound off, one character, a look-alike spelling)"
    )
    print(f"{'cloak':8} {'copies':>7} {'recall':>7} {'ratio':>6} {'of plain-found':>15}")
    # ratio: the cloak's recall over the plain recall of the same spellings in the same carriers
    for cloak in ("plain", *CLOAKS):
        r = hit[cloak] / total[cloak] if total[cloak] else 0.0
        base = plain_of[cloak] / total[cloak] if cloak != "plain" and total[cloak] else plain_r
        ratio = r / base if base else 0.0
        ap_r = after_plain[cloak] / total_after_plain[cloak] if total_after_plain[cloak] else 1.0
        print(f"{cloak:8} {total[cloak]:7d} {r:7.3f} {ratio:6.3f} {ap_r:15.3f}")
    print(
        f"clean: {len(clean)} clean lines of {len(CLEAN_SETS)} scored sets: {len(flagged)} "
        f"flagged ({', '.join(f'{k} {v}' for k, v in sorted(flagged_how.items())) or 'none'}); "
        f"sample game: {len(sample_flagged)} of {len(posts)} lines flagged (its planted "
        "violations: 卧槽, 我发誓, 你脑子有病吧 …; --clean lists them)"
    )
    for cloak in CLOAKS:
        # the cloaked copies found against the clean lines flagged by that cloak's step
        step = {
            "pinyin": "音近",
            "near": "近音",
            "glide": "近音",
            "emoji": "表情",
            "shape": "形近",
        }[cloak]
        tp, fp = hit[cloak], flagged_how[step]
        print(
            f"precision {cloak:7} {tp / (tp + fp) if tp + fp else 1.0:.4f} "
            f"({tp} cloaked copies found, {fp} clean lines flagged by {step})"
        )
    if args.clean:
        print("\n".join(flagged + sample_flagged))
    for cloak in args.misses:
        print(f"--- {cloak} misses ({len(misses[cloak])})")
        print("\n".join(misses[cloak]))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
