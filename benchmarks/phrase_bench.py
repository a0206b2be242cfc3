#!/usr/bin/env python3
"""Benchmark: the lexicon stage vs the naive baseline, same run, same corpus.

    python benchmarks/phrase_bench.py [--mb 5] [--seed 7]

Corpus: generated forum-game post text (≥ 5 MB of UTF-8 by default): ordinary game talk
with about 2 % of posts carrying a banned phrase or an evasion of one.

* lexicon stage: ``Matcher.find`` on every post (normalise + Aho-Corasick prefilter over the
  text and its pinyin rendering; jieba / pypinyin only on the candidates).
* naive baseline: jieba-cut every post and pypinyin every post, then look every token and
  every token's pinyin up in the lexicon's word and pinyin dictionaries.

Both recalls are measured on tests/devset/phrases_dev.tsv (any-category recall of the
positive lines, and precision on the NONE lines), so the speed-up is at comparable quality.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

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
    ap.add_argument(
        "--baseline-sample",
        type=float,
        default=1.0,
        help="MB of the corpus the (slow) baseline runs on; its rate is extrapolated",
    )
    args = ap.parse_args()

    posts = corpus(args.mb, args.seed)
    chars = sum(map(len, posts))
    mbytes = sum(len(p.encode()) for p in posts) / 1e6
    print(f"corpus: {len(posts)} posts, {chars} chars, {mbytes:.2f} MB UTF-8")

    from auditor.rules.lexicon import load
    from auditor.rules.matcher import Matcher

    t0 = time.perf_counter()
    m = Matcher(load())
    m.tokenizer()
    build = time.perf_counter() - t0
    t0 = time.perf_counter()
    flagged = sum(bool(m.find(p)) for p in posts)
    fast = time.perf_counter() - t0
    print(
        f"lexicon stage: build {build:.2f}s, scan {fast:.2f}s = {chars / fast / 1e6:.2f} M chars/s, "
        f"{flagged} posts flagged"
    )

    naive = Naive()
    sample: list[str] = []
    size = 0
    for p in posts:
        if size >= args.baseline_sample * 1e6:
            break
        sample.append(p)
        size += len(p.encode())
    schars = sum(map(len, sample))
    t0 = time.perf_counter()
    nflag = sum(bool(naive.find(p)) for p in sample)
    slow = time.perf_counter() - t0
    rate_naive = schars / slow
    print(
        f"naive baseline: {len(sample)} posts ({size / 1e6:.2f} MB) in {slow:.2f}s = "
        f"{rate_naive / 1e6:.3f} M chars/s, {nflag} posts flagged"
    )
    rate_fast = chars / fast
    print(f"speed-up: {rate_fast / rate_naive:.1f}x")

    r_fast, n_fast = dev_quality(lambda t: {x.category for x in m.find(t)})
    r_naive, n_naive = dev_quality(naive.find)
    print(
        f"dev recall (positive lines caught in their category): lexicon stage {r_fast:.3f}, "
        f"naive {r_naive:.3f}"
    )
    print(f"dev NONE lines left clean: lexicon stage {n_fast:.3f}, naive {n_naive:.3f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
