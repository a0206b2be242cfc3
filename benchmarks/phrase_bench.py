#!/usr/bin/env python3
"""Benchmark: the phrase stage vs the naive baseline, same run, same texts.

    python benchmarks/phrase_bench.py [--mb 5] [--seed 7] [--posts 10000]

Two corpora, both timed in this one run:

* the benchmark corpus: generated forum-game post text (≥ 5 MB of UTF-8 by default):
  ordinary game talk with about 2 % of posts carrying a banned phrase or an evasion of one;
* the 10k game's posts: the game ``benchmarks/generate.py`` builds for ``bench.py``, its
  desktop pages rendered by the page writer and read back by ``auditor.forum.parse`` (the post
  text the phrase rules see).

And the cold start: a fresh interpreter that imports the matcher, gets the default matcher
and checks a clean post, then a post with pinyin candidates (沙比, 发四: their readings come
from the cache, jieba starts for the boundary check), once with an empty cache folder
(build the matcher and jieba's stored state) and once with the folder the first run wrote
(``AUDITOR_CACHE_DIR`` points both at a temporary folder; the children keep their bytecode
in a temporary ``PYTHONPYCACHEPREFIX``, as an installed copy has its ``.pyc`` files).  The
figure is the child's CPU seconds less those of a bare ``python -c pass`` (both the best of
five).

Rates are CPU time (``time.process_time``) of this single-threaded process, so that other
work on a shared machine does not change them much; the cold start gives the child's CPU
seconds (and wall seconds).

* phrase stage: ``Matcher.find_all`` over all the posts, as the phrase rules run it (one
  normalisation pass and one scan of each automaton over the posts together; ``find``'s
  confirmation, jieba and pypinyin only on the posts with a candidate); ``Matcher.find`` one
  post at a time is shown too (what a single post costs).
* the whole phrase stage: the PHRASE rules of the generated game's rule set through
  ``engine.run_rules`` over the game's context (the posts placed as a check places them):
  ``find_all``, the name and quoted-rule filters, each rule's checks and findings.
* naive baseline: jieba-cut every post and pypinyin every post, then look every token and
  every token's pinyin up in the lexicon's word and pinyin dictionaries.

Both recalls are measured on tests/devset/phrases_dev.tsv (any-category recall of the
positive lines, and precision on the NONE lines), so the speed-up is at comparable quality.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

GAME_TALK = [
    "我是预言家，昨晚验了{p}，金水。",
    "投票对象：{p}\n投票理由：发言划水，站边摇摆。",
    "{p}昨天的发言有问题，警徽流不清楚。",
    "狼队今晚会刀谁？我觉得女巫要小心。",
    "今天先归票{p}，明天再看票型。",
    "我同意楼上，{p}的逻辑站不住。",
    "白痴翻牌了，装傻成功。",
    "猎人别急着开枪，先听完发言。",
    "这个操作逼近极限，干杯！",
    "好日子，羊在草原上吃草。",
    "昨晚平安夜，女巫可能开了救药。",
    "{p}的查杀我不认，悍跳的可能性很大。",
    "改票对象：{p}\n改票理由：重新考虑了票型。",
    "大家注意关门时间，别忘了投票。",
    "警长移交给{p}，请大家跟票。",
    "我的身份是村民，没有技能，只能靠分析。",
]
BANNED = [
    "卧槽，{p}居然是查杀",
    "{p}你个傻逼",
    "tmd又平票",
    "我要是狼我就去死",
    "导演给我的反馈就是这样的",
    "不信我你等着结束后看演员表吧",
    "卧~槽这都行",
    "臥槽真吊",
    "nmsl",
    "结束后求认识",
    "你知道我刀法很差的",
    "他都这么贴脸了",
    "我场助比较信{p}",
    "我准备好背锅了",
]
PLAYERS = ["饺子", "包子", "馄饨", "豆浆", "油条", "烧卖", "春卷", "汤圆"]


def corpus(mb: float, seed: int) -> list[str]:
    rnd = random.Random(seed)
    posts: list[str] = []
    size = 0
    while size < mb * 1_000_000:
        parts = [
            rnd.choice(GAME_TALK).format(p=rnd.choice(PLAYERS)) for _ in range(rnd.randint(1, 4))
        ]
        if rnd.random() < 0.02:
            parts.insert(
                rnd.randrange(len(parts) + 1), rnd.choice(BANNED).format(p=rnd.choice(PLAYERS))
            )
        post = "".join(parts)
        posts.append(post)
        size += len(post.encode("utf-8"))
    return posts


def _parsed_pages(gen, tz, now):  # type: ignore[no-untyped-def]
    """Each desktop page of the generated game ``gen``, rendered and parsed as a crawl
    reads it (forum time zone ``tz``, fetched at ``now``)."""
    from generate import render_desktop_pages

    from auditor.forum.parse import parse_page
    from auditor.models import FetchedPage

    for _tid, url, body, ctype in render_desktop_pages(gen):
        page = FetchedPage(
            url="http://bbs.example.com/" + url,
            status=200,
            body=body,
            content_type=ctype,
            fetched_at=now,
        )
        yield parse_page(page, tz, now=now)


def game_posts(n: int, seed: int = 1) -> list[str]:
    """The post texts of the generated n-post game, as the parser reads them."""
    from datetime import UTC, datetime
    from zoneinfo import ZoneInfo

    from generate import GameConfig, generate_game

    gen = generate_game(GameConfig(posts=n, seed=seed))
    tz = ZoneInfo("Asia/Shanghai")
    now = datetime.now(UTC)
    return [p.text for parsed in _parsed_pages(gen, tz, now) for p in parsed.posts]


def game_context(n: int, seed: int = 1):  # type: ignore[no-untyped-def]
    """The rules' context of the generated n-post game (its game file, the parsed posts
    placed in it, as ``auditor check`` builds it from a store) and its rule set."""
    from datetime import UTC, datetime

    from generate import GameConfig, generate_game, write_game

    from auditor.game.gamefile import load_game
    from auditor.game.schedule import Schedule
    from auditor.rules.engine import make_context, place_posts, ruleset_for
    from auditor.store import StoredPost

    gen = generate_game(GameConfig(posts=n, seed=seed))
    now = datetime.now(UTC)
    with tempfile.TemporaryDirectory() as tmp:
        game = load_game(write_game(gen, Path(tmp), pages=False, script=False))
    rs = ruleset_for(game)
    stored = [
        StoredPost(p, False, 1)
        for parsed in _parsed_pages(gen, game.timezone, now)
        for p in parsed.posts
    ]
    schedule = Schedule(game, rs.settings["night_posts"])
    posts = place_posts(game, schedule, stored, rs)
    return make_context(game, schedule, posts, rs, now), rs


def rules_rate(ctx, rs, repeat: int = 15) -> tuple[float, int, int, list[str], float]:  # type: ignore[no-untyped-def]
    """(chars/CPU s, findings, chars, codes, median chars/CPU s) of the phrase stage as a
    check runs it: the PHRASE-* rules of the game's rule set (PHRASE-MASKED included)
    through ``engine.run_rules`` over the context's posts: the batch match
    (``find_all``), the name and quoted-rule filters, each rule's per-post check and its
    findings; the best of ``repeat`` (and their median), each with the context's phrase
    matches cleared.  A pass is a tenth of a second, and this machine's pace moves by
    ±40% over such stretches (a fixed Python loop timed the same way), hence 15 passes.
    The chars are those of the posts the matcher is handed (players' posts in game
    threads)."""
    from auditor.rules.engine import run_rules

    codes = [c for c in rs.rules if c.startswith("PHRASE-")]
    chars = sum(
        len(gp.post.text)
        for gp in ctx.posts
        if gp.kind is not None and not (gp.exempt or gp.deleted)
    )
    times, found = [], 0
    for _ in range(repeat):
        ctx.phrase_matches = {}
        t0 = time.process_time()
        found = len(run_rules(ctx, rs, codes))
        times.append(time.process_time() - t0)
    return chars / min(times), found, chars, codes, chars / statistics.median(times)


# (沙比 and 发四 are pinyin candidates: confirmed from the cached readings, and jieba's
# boundary check; the last number says whether pypinyin was imported)
COLD = (
    "import sys, time; t0 = time.process_time(); "
    "from auditor.rules.matcher import default_matcher; "
    "m = default_matcher(); t1 = time.process_time(); "
    "m.find('你好，今天我验了饺子'); t2 = time.process_time(); "
    "m.find('卧槽，你这个沙比，我发四我是好人'); t3 = time.process_time(); "
    "print(f'{t1 - t0:.3f} {t2 - t0:.3f} {t3 - t0:.3f} {int(\"pypinyin\" in sys.modules)}')"
)


def cold_start() -> dict[str, list[float]]:
    """CPU seconds from interpreter start of a fresh process: [matcher ready, a clean post
    checked, a post with candidates checked (jieba started), pypinyin imported (0/1), the
    whole process], without and with the cache (the best of five); and the bare
    interpreter's (the best of five)."""
    import resource

    with tempfile.TemporaryDirectory() as cache, tempfile.TemporaryDirectory() as pyc:
        env = {**os.environ, "AUDITOR_CACHE_DIR": cache, "PYTHONPYCACHEPREFIX": pyc}
        env.pop("PYTHONDONTWRITEBYTECODE", None)

        def run(code: str) -> list[float]:
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            out = subprocess.run(
                [sys.executable, "-c", code], env=env, cwd=ROOT, capture_output=True, text=True
            )
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            if out.returncode:
                raise SystemExit(out.stderr)
            cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
            return [*(float(x) for x in out.stdout.split()), cpu]

        cold = run(COLD)  # (also writes the bytecode)
        warm = min((run(COLD) for _ in range(5)), key=lambda r: r[-1])
        bare = min((run("pass") for _ in range(5)), key=lambda r: r[-1])
    return {"bare": bare, "cold": cold, "warm": warm}


def batch_rate(texts: list[str], fn, repeat: int = 5) -> tuple[float, int]:  # type: ignore[no-untyped-def]
    """(chars/s, texts flagged) for fn over all texts at once; the best of ``repeat``."""
    chars = sum(map(len, texts))
    best, flagged = float("inf"), 0
    for _ in range(repeat):
        t0 = time.process_time()
        flagged = sum(map(bool, fn(texts)))
        best = min(best, time.process_time() - t0)
    return chars / best, flagged


def rate(texts: list[str], fn, limit: float | None = None) -> tuple[float, int, int]:  # type: ignore[no-untyped-def]
    """(chars/s, texts flagged, texts run) for fn over texts (the first ``limit`` chars)."""
    run = texts
    if limit is not None:
        run, size = [], 0
        for t in texts:
            if size >= limit:
                break
            run.append(t)
            size += len(t)
    chars = sum(map(len, run))
    t0 = time.process_time()
    flagged = sum(bool(fn(t)) for t in run)
    secs = time.process_time() - t0
    return chars / secs, flagged, len(run)


def raw_automaton():  # type: ignore[no-untyped-def]
    """Every spelling of every word entry in one plain automaton (the speed of the C scan
    alone: how fast this machine is right now)."""
    import ahocorasick_rs

    from auditor.rules.lexicon import load

    forms = sorted({form.lower() for e in load().entries for form in e.forms if form})
    return ahocorasick_rs.AhoCorasick(
        forms, implementation=ahocorasick_rs.Implementation.ContiguousNFA
    )


class Naive:
    """jieba-cut + pypinyin every post, then dictionary lookup of tokens and their pinyin."""

    def __init__(self) -> None:
        import logging

        import jieba
        from pypinyin import lazy_pinyin

        from auditor.rules.lexicon import load

        jieba.setLogLevel(logging.WARNING)
        self.tok = jieba.Tokenizer()
        self.tok.initialize()
        self.lazy_pinyin = lazy_pinyin
        self.words: dict[str, str] = {}
        self.pinyin: dict[str, str] = {}
        for e in load().entries:
            for form in e.forms:
                f = form.lower()
                self.words[f] = e.category
                self.tok.add_word(f)
                if len(f) >= 2 and not f.isascii():
                    self.pinyin["".join(lazy_pinyin(f))] = e.category

    def find(self, text: str) -> set[str]:
        tokens = list(self.tok.cut(text.lower()))
        syllables = self.lazy_pinyin(text)
        got = {self.words[t] for t in tokens if t in self.words}
        got |= {
            self.pinyin[p]
            for p in (
                "".join(syllables[i : i + n]) for n in (2, 3, 4) for i in range(len(syllables))
            )
            if p in self.pinyin
        }
        return got


def dev_quality(predict) -> tuple[float, float]:  # type: ignore[no-untyped-def]
    sys.path.insert(0, str(ROOT / "scripts"))
    from devset_eval import DEV, read_rows

    rows = read_rows(DEV)
    pos = [r for r in rows if r.labels]
    neg = [r for r in rows if not r.labels]
    hit = sum(bool(predict(r.text) & r.labels) for r in pos)
    clean = sum(not predict(r.text) for r in neg)
    return hit / len(pos), clean / len(neg)


def main() -> int:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--mb", type=float, default=5.0)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--posts", type=int, default=10_000, help="posts of the generated game")
    ap.add_argument(
        "--baseline-sample",
        type=float,
        default=0.4,
        help="M chars of each corpus the (slow) baseline runs on; its rate is per char",
    )
    args = ap.parse_args()

    cs = cold_start()
    bare = cs["bare"][-1]
    print(
        f"cold start, cached: {cs['warm'][4] - bare:.3f} CPU s over a bare interpreter "
        f"(`python -c pass`: {bare:.3f}) to load the matcher and check a post with pinyin "
        f"candidates; pypinyin imported: {'yes' if cs['warm'][3] else 'no'}\n"
        f"  (CPU s after interpreter start: matcher {cs['warm'][0]:.3f}, a clean post "
        f"{cs['warm'][1]:.3f}, the post with candidates {cs['warm'][2]:.3f})\n"
        f"cold start, no cache: {cs['cold'][4] - bare:.2f} CPU s over a bare interpreter "
        f"(matcher built {cs['cold'][0]:.2f}, a clean post {cs['cold'][1]:.2f}, "
        f"the post with candidates {cs['cold'][2]:.2f})"
    )

    posts = corpus(args.mb, args.seed)
    game = game_posts(args.posts)
    from auditor.rules.lexicon import load
    from auditor.rules.matcher import Matcher

    t0 = time.process_time()
    m = Matcher(load())
    m.built.tokenizer()
    build = time.process_time() - t0
    print(f"matcher build in process (no cache, jieba included): {build:.2f} CPU s")
    naive = Naive()
    naive.find("卧槽")
    raw = raw_automaton()
    m.find_all(posts[:1000])  # warm: pypinyin and jieba started, list tables built
    for name, texts in (("benchmark corpus", posts), (f"{args.posts // 1000}k game's posts", game)):
        chars = sum(map(len, texts))
        mbytes = sum(len(p.encode()) for p in texts) / 1e6
        fast, flagged = batch_rate(texts, m.find_all)
        one, _, _ = rate(texts, m.find)
        slow, nflag, nrun = rate(texts, naive.find, args.baseline_sample * 1e6)
        scan, _, _ = rate(texts, lambda t: raw.find_matches_as_indexes(t, True))
        print(
            f"{name}: {len(texts)} posts, {chars} chars, {mbytes:.2f} MB UTF-8\n"
            f"  matcher alone (find_all over all the posts; the whole stage is below): "
            f"{fast / 1e6:.2f} M chars/CPU s, "
            f"{flagged} posts flagged\n"
            f"  one post at a time (find): {one / 1e6:.2f} M chars/CPU s\n"
            f"  baseline (jieba + pypinyin every post): {slow / 1e6:.3f} M chars/CPU s "
            f"({nrun} posts), {nflag} flagged\n"
            f"  speed-up: {fast / slow:.1f}x (find: {one / slow:.1f}x)\n"
            f"  (machine reference: raw ahocorasick_rs over the same posts, every lexicon "
            f"spelling, no normalisation: {scan / 1e6:.2f} M chars/CPU s)"
        )

    ctx, rs = game_context(args.posts)
    whole, nfound, rchars, codes, middle = rules_rate(ctx, rs)
    print(
        f"the whole phrase stage on the {args.posts // 1000}k game, as a check runs it "
        f"({len(codes)} PHRASE rules of its rule set through engine.run_rules: find_all, the "
        f"name and quoted-rule filters, the rules' checks and findings; {rchars} chars of "
        f"players' posts): {whole / 1e6:.2f} M chars/CPU s (best of 15 passes; their "
        f"median {middle / 1e6:.2f}), {nfound} findings"
    )

    r_fast, n_fast = dev_quality(lambda t: {x.category for x in m.find(t)})
    r_naive, n_naive = dev_quality(naive.find)
    print(
        f"dev recall (positive lines caught in their category): phrase stage {r_fast:.3f}, "
        f"naive {r_naive:.3f}"
    )
    print(f"dev NONE lines left clean: phrase stage {n_fast:.3f}, naive {n_naive:.3f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
