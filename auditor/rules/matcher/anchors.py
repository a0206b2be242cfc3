"""Step 5's anchors (**sentence patterns**): what a ``re:`` entry of a lexicon
requires before it is worth running (:func:`branch_requirements`): for each top-level
branch, up to three sets of words, rarest first (word frequencies from jieba's
dictionary), one of each of which a post must hold.  The rarest set goes into the
prefilter's automaton, the others are one C-level search each on the posts it hit.

The seeds' oaths, curses and guarantees are sentences, not words (M107 3、发誓与诅咒
(1)–(7): "禁止明显的发誓句式 … 以揭秘作为担保"; 030 2(5)–(7); DESIGN.md §8: "我要是狼我就…",
"以…担保", "不信等揭秘"): a pattern runs only where its words occur, so a clean post
costs it nothing.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from typing import Any

# --------------------------------------------------------------------------- pattern anchors

_MAX_STRINGS = 256  # larger expansions are not worth an anchor set


def _expand(items: Any) -> set[str] | None:
    """Every string a (small, finite) piece of a parsed pattern can match, or None."""
    out = {""}
    for op, av in items:
        name = str(op)
        if name == "LITERAL":
            got: set[str] | None = {chr(av)}
        elif name == "IN":
            chars = [chr(v) for o, v in av if str(o) == "LITERAL"]
            got = set(chars) if len(chars) == len(av) else None
        elif name == "SUBPATTERN":
            got = _expand(av[-1])
        elif name == "BRANCH":
            got = set()
            for b in av[1]:
                e = _expand(b)
                if e is None:
                    return None
                got |= e
        elif name in ("MAX_REPEAT", "MIN_REPEAT") and av[1] <= 1:
            e = _expand(av[2])
            got = None if e is None else (e | {""} if av[0] == 0 else e)
        elif name in ("AT", "ASSERT", "ASSERT_NOT"):
            got = {""}  # zero-width
        else:
            return None
        if got is None:
            return None
        out = {a + b for a in out for b in got}
        if len(out) > _MAX_STRINGS:
            return None
    return out


def _commonness(s: str, freq: Mapping[str, int]) -> float:
    """How often ``s`` is expected in ordinary text: its dictionary frequency (a single
    character's times ten: it is also part of other words), or for a string that is no
    dictionary word, its rarest character's, the rarer the longer."""
    if len(s) == 1:
        return 10.0 * float(freq.get(s) or 1)
    f = freq.get(s)
    if f:
        return float(f)
    return max(1.0, min(_commonness(c, freq) for c in s) / 10 ** (len(s) - 1))


class _Frequencies(Mapping[str, int]):
    """jieba's word frequencies with some words overridden (no copy of the dictionary)."""

    def __init__(self, words: Mapping[str, int], override: dict[str, int]) -> None:
        self.words, self.override = words, override

    def __getitem__(self, key: str) -> int:
        f = self.override.get(key)
        return self.words[key] if f is None else f

    def get(self, key: str, default: Any = None) -> Any:
        f = self.override.get(key)
        return self.words.get(key, default) if f is None else f

    def __iter__(self) -> Iterator[str]:
        return iter({**self.override, **dict.fromkeys(self.words)})

    def __len__(self) -> int:
        return len(self.words)


def _best(sets: Iterable[set[str]], freq: Mapping[str, int]) -> set[str] | None:
    """The most selective of several required string sets: the least common in total."""
    best: set[str] | None = None
    best_key = (0.0, 0)
    for s in sets:
        if not s or "" in s:
            continue
        key = (sum(_commonness(x, freq) for x in s), len(s))
        if best is None or key < best_key:
            best, best_key = s, key
    return best


def _required(items: Any, freq: Mapping[str, int]) -> list[set[str]]:
    """String sets one of whose strings every match of ``items`` contains."""
    found: list[set[str]] = []
    run: list[Any] = []

    def flush() -> None:
        # Every window of consecutive expandable pieces whose expansion stays small.
        for i in range(len(run)):
            for j in range(i + 1, len(run) + 1):
                e = _expand(run[i:j])
                if e is None:
                    break
                found.append(e)
        run.clear()

    for item in items:
        op, av = item
        name = str(op)
        if _expand([item]) is not None:
            run.append(item)
            continue
        flush()
        if name == "SUBPATTERN":
            found.extend(_required(av[-1], freq))
        elif name == "BRANCH":
            per = [_best(_required(b, freq), freq) for b in av[1]]
            if all(per):
                found.append(set().union(*per))  # type: ignore[arg-type]
        elif name in ("MAX_REPEAT", "MIN_REPEAT", "POSSESSIVE_REPEAT") and av[0] >= 1:
            found.extend(_required(av[2], freq))
    flush()
    return found


def _implied(by: set[str], s: set[str]) -> bool:
    """Does an occurrence of one of ``by`` always contain one of ``s``?  (Then ``s`` adds
    nothing to a prefilter that already asks for ``by``.)"""
    return all(any(x in b for x in s) for b in by)


def branch_requirements(
    pattern: str, freq: Mapping[str, int], most: int = 3
) -> list[list[set[str]]] | None:
    """For each top-level branch of ``pattern``: up to ``most`` string sets, each of which
    every match of that branch contains one string of, the least common first (by the
    word frequencies ``freq``); None when some branch has none.

    The first set of a branch is its trigger (in the automaton); the others are checked
    where the trigger occurred: 有问题 alone is common in game talk, 有问题 with one of
    导演/法官 in the same post is rare.  Sound: a post lacking one of them cannot match."""
    try:
        from re import _parser as sre_parse  # type: ignore[attr-defined]

        parsed = list(sre_parse.parse(pattern))
    except Exception:
        return None
    if len(parsed) == 1 and str(parsed[0][0]) == "BRANCH":
        branches = [list(b) for b in parsed[0][1][1]]
    else:
        branches = [parsed]
    out: list[list[set[str]]] = []
    for b in branches:
        sets = [s for s in _required(b, freq) if s and "" not in s]
        if not sets:
            return None
        ranked = sorted(sets, key=lambda s: (sum(_commonness(x, freq) for x in s), len(s)))
        chosen: list[set[str]] = []
        for s in ranked:
            if any(_implied(c, s) for c in chosen):
                continue
            chosen.append(s)
            if len(chosen) == most:
                break
        out.append(chosen)
    return out
