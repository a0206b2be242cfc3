"""Every citation in every preset is checked against the seed it cites.

The seeds are the four games' rule posts in ``shared/seeds`` next to the repository (read in
place; ``AUDITOR_SEEDS_DIR`` points elsewhere, a missing folder is an error unless
``AUDITOR_ALLOW_NO_SEEDS=1``).  A preset names its seed file (``[ruleset] seed``).

A citation reads ``条款：原文（说明）`` — clauses separated by ``；``, the seed's words after
the clause's ``：``, commentary in ``（…）`` — and any ``“…”`` is a verbatim quote.  ``…``
leaves words out.  Every quoted piece must occur in the seed, compared without spaces and
punctuation and with full-width forms folded (NFKC).  A citation that starts with
``no seed text:`` says the seed has no clause for the value (its ``“…”`` quotes are still
checked).
"""

from __future__ import annotations

import os
import re
import tomllib
import unicodedata
from functools import cache
from importlib import resources
from pathlib import Path

import pytest

from auditor.rulesets import NAMES
from tests import paths

NO_SEED = "no seed text"
_DROP = re.compile(
    r"[\s\u3000，。、,.:：；;“”\"'‘’（）()《》<>〈〉【】\[\]！!？?…—\-·~～/／|「」『』]+"
)


def _seeds_dir() -> Path:
    env = os.environ.get("AUDITOR_SEEDS_DIR")
    if env:
        return Path(env).resolve()
    return paths.ROOT.parent / "shared" / "seeds"


SEEDS_DIR = _seeds_dir()


def norm(text: str) -> str:
    return _DROP.sub("", unicodedata.normalize("NFKC", text))


@cache
def seed_text(name: str) -> str:
    path = SEEDS_DIR / name
    if not path.is_file():
        msg = (
            f"seed {name} not found in {SEEDS_DIR}: the rule posts live in ../shared/seeds next "
            "to the repository; set AUDITOR_SEEDS_DIR (or AUDITOR_ALLOW_NO_SEEDS=1 to skip)"
        )
        if os.environ.get("AUDITOR_ALLOW_NO_SEEDS") == "1":
            pytest.skip(msg)
        raise FileNotFoundError(msg)
    return norm(path.read_text("utf-8"))


def quoted(cite: str) -> list[str]:
    """The pieces of seed text a citation claims (see the module docstring)."""
    out = re.findall(r"“([^”]+)”", cite)
    if not cite.startswith(NO_SEED):
        rest = re.sub(r"“[^”]*”", "…", cite)
        while re.search(r"（[^（）]*）", rest):
            rest = re.sub(r"（[^（）]*）", "", rest)
        out += [seg.split("：", 1)[1].split("——")[0] for seg in rest.split("；") if "：" in seg]
    return [p for q in out for p in re.split(r"…+", q) if len(norm(p)) >= 2]


def _citations(name: str) -> tuple[str, list[tuple[str, str]]]:
    data = tomllib.loads(resources.files("auditor.rulesets").joinpath(f"{name}.toml").read_text())
    head = data["ruleset"]
    cites = [(f"ruleset.{k}", v) for k, v in head.get("sources", {}).items()]
    for code, table in data.get("rules", {}).items():
        cites += [(f"rules.{code}.{k}", v) for k, v in table.get("sources", {}).items()]
    return head["seed"], cites


@pytest.mark.parametrize("name", NAMES)
def test_every_citation_quotes_its_seed(name: str) -> None:
    seed, cites = _citations(name)
    text = seed_text(seed)
    assert cites
    wrong = []
    for key, cite in cites:
        pieces = quoted(cite)
        if not pieces and not cite.startswith(NO_SEED):
            wrong.append(f"{key}: quotes nothing (write 条款：原文, or {NO_SEED}: …)")
        wrong += [f"{key}: {p!r} is not in {seed}" for p in pieces if norm(p) not in text]
    assert wrong == []


def test_the_check_sees_a_misquote_and_reads_the_forms() -> None:
    seed = "投票规则\n明确说明投票对象和投票理由，投票后，（只）有一次改票机会。"
    text = norm(seed)
    ok = [
        "投票规则：明确说明投票对象和投票理由",
        "投票规则：“投票后，（只）有一次改票机会”",
        "投票规则：明确说明投票对象…投票理由（工具的解释，不查）；另一条：有一次改票机会",
        "no seed text: 种子没有这一条",
    ]
    for cite in ok:
        assert all(norm(p) in text for p in quoted(cite)), cite
    bad = ["投票规则：有两次改票机会", "no seed text: 见“两次改票机会”", "投票规则：可以改票两次"]
    for cite in bad:
        assert any(norm(p) not in text for p in quoted(cite)), cite
    assert quoted("同上") == []  # quotes nothing: the test above reports it


# The seed prefixes rule declarations and lexicon headers use, and the seed files they name.
SEED_OF = {
    "M107": "000_fa811173a3c754b1.txt",
    "030": "001_ca241f11187e6e3a.txt",
    "版杀7": "002_e66aacdce6776c33.txt",
    "M39": "004_3592988e90a07b0b.txt",
}


def test_every_rule_seed_and_lexicon_seed_quotes_its_seed() -> None:
    # A rule's seed (``rule(seed=...)``; PHRASE rules: their lexicon's @seed lines) names
    # the games it cites: "M107 违规判定 9(1)“禁止使用红色字体”；030 …".  Its “…” quotes,
    # and the clause text of a lexicon's @seed line, must be in that game's seed.
    from auditor.rules.lexicon import headers
    from auditor.rules.registry import all_rules

    prefix = re.compile(r"^(M107/030|M107|030|M39|版杀7)")
    wrong = []
    for r in all_rules():
        for seg in r.seed.split("；"):
            m = prefix.match(seg.strip())
            quotes = [p for q in re.findall(r"“([^”]+)”", seg) for p in re.split(r"…+", q)]
            if not m:
                continue
            texts = [seed_text(SEED_OF[g]) for g in m.group(1).split("/")]
            wrong += [
                f"{r.code}: {p!r}"
                for p in quotes
                if len(norm(p)) >= 2 and not any(norm(p) in t for t in texts)
            ]
    for code, cat in headers().items():
        for line in cat.seeds:
            game, _, cite = line.partition(" ")
            assert game in SEED_OF, (code, line)
            text = seed_text(SEED_OF[game])
            pieces = quoted(cite)
            assert pieces, (code, line)
            wrong += [f"lexicon {code}: {p!r}" for p in pieces if norm(p) not in text]
    assert wrong == []


@pytest.mark.parametrize("name", NAMES)
def test_citations_do_not_name_cards_by_their_keys(name: str) -> None:
    # Directors read the citations in draft reasons: 提醒, not （warning）.
    _seed, cites = _citations(name)
    keys = r"（(?:warning|substitute|none|blue|yellow|red)）"
    assert [k for k, c in cites if re.search(keys, c)] == []
