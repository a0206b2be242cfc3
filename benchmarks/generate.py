"""Generate realistic 版杀 games for the benchmark: a page-writer script plus a game file.

    python benchmarks/generate.py OUT_DIR [--posts 10000] [--players 12] [--days 7] [--seed 1]

writes ``OUT_DIR/script.toml`` (the page writer's input, :mod:`tools.writer`),
``OUT_DIR/game.toml`` (the director's game file, ``[forum] pages = "pages/"``),
``OUT_DIR/pages/`` (the desktop pages a director saves from the browser) and
``OUT_DIR/truth.json`` (every planted violation: code, player, day, pid).

A game looks like an M107 game on a Discuz! board: each day has a discussion thread and a
vote thread, plus one process thread and one last-words thread for the whole game.  Day
``d`` opens at 09:00 and closes the next day at 22:00 (the sample game's 37-hour day), the
night in between.  Day 1's vote elects the sheriff; from day 2 the top of the vote is out
at the close; a night kill follows nights 1, 3, 5 ….

Post times follow what directors see on real boards: a burst in the first two hours after
the day opens, a midday plateau, an evening peak (20:00–23:00), quiet small hours
(01:00–08:00), and the vote rush in the last hours before the close.  Players differ:
each has a lognormal "talkativeness", so a few players write most of the day.

Violations are planted at rates of the order directors report (per post unless noted):
banned phrases incl. evasions 0.6 %, red font 0.2 %, enlarged font 0.2 %, chat-log paste
0.1 %, links/images 0.25 %; per player-day: lurking 4 %, no vote 3 %, late vote 2 %, vote
format errors 2 %, unquoted vote change 2 %; per elimination: ghost posts 25 %, last
words with Discuz! code 30 %.  Every planted one is in :attr:`GeneratedGame.truth`.

:func:`iter_archive` yields games one at a time until a post budget is spent, so a
million-post archive is never in memory at once; :func:`render_desktop_pages` renders a
game's desktop pages lazily with the writer's own generator.
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import random
import sys
import time
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

TZ = ZoneInfo("Asia/Shanghai")
DIRECTOR = "导演"
SPECTATOR = "观众"

# Player names: distinct, none a substring of another (votes name players).
NAME_POOL = tuple(
    "饺子 包子 馄饨 豆浆 油条 烧卖 春卷 汤圆 月饼 粽子 麻花 锅贴 煎饼 凉皮 米线 "  # noqa: SIM905
    "肉夹馍 糖葫芦 驴打滚 酸梅汤 小笼 生煎 肠粉 烤鸭 腊八粥 年糕 豆花 酥饼 蛋挞 "
    "奶茶 凤梨酥 叉烧 云吞 麻团 青团 灌汤 枣糕 春饼 花卷".split()
)

# --------------------------------------------------------------------------- text

CLAIM = (
    "我是预言家，昨晚验了{a}，{a}是查杀，今天出{a}。",
    "预言家在此，{a}金水，警徽流先验{b}再验{c}。",
    "{a}跳预言家我不认，我才是真预言家，昨晚验{b}是金水。",
    "我是女巫，昨晚的刀口是{a}，我救了，所以昨天是平安夜。",
    "守卫报个身份吧，昨晚守的{a}，今晚换人守。",
    "猎人在这，谁想出我就带走{a}。",
)
TALK = (
    "站边{a}，{b}的发言太像狼了，前后矛盾。",
    "{a}昨天投票跟风，今天又改口，我觉得是狼。",
    "盘一下：狼坑里{a}、{b}大概率在，{c}待定。",
    "我是好人，{a}可以验我。",
    "{a}这个发言很划水，一直在打太极。",
    "今天归票{a}，大家别分票，分票狼就赢了。",
    "{a}的警徽流有问题，为什么不验{b}？",
    "昨晚平安夜，要么女巫救了要么守卫守对了。",
    "{a}和{b}互踩，必有一狼，先出{a}看看身份。",
    "我倾向于{a}是真预言家，{b}悍跳。",
    "{a}你昨天说的话自己看看，是不是在帮{b}冲锋？",
    "现在场上还剩{n}个人，好人这轮不能再出错了。",
    "我觉得{a}偏好，{b}偏狼，{c}看不清。",
    "{a}说自己是平民，那你昨天为什么不投{b}？",
    "听了一圈，{a}的逻辑最清楚，跟{a}走。",
    "昨天投{a}的都是谁？翻一下投票帖就知道了。",
    "我今天晚上八点以后上线，先说这么多。",
    "{a}别急着归票，还有人没发言呢。",
    "狼队今天肯定要冲{a}，好人注意。",
    "警长的归票理由我不太认同，{a}的身份没那么差。",
)
SHORT = (
    "+1",
    "同意楼上",
    "顶",
    "围观",
    "？？？",
    "哈哈哈哈",
    "有道理",
    "我再想想",
    "先潜了，晚上来",
    "在的",
    "来了来了",
    "楼上说得对",
    "好吧",
    "……",
    "唉",
)
REASON = (
    "发言像狼",
    "划水",
    "查杀",
    "跟风投票",
    "逻辑不通",
    "悍跳",
    "保{a}太明显",
    "昨天冲锋",
    "警徽流有问题",
    "归票",
    "直觉",
    "前后矛盾",
)
QUOTE_REPLY = (
    "你说{a}是狼，可你昨天还站他边。",
    "这条我不同意，{a}明明是金水。",
    "这段逻辑有问题。",
    "同意，{a}今天必须出。",
    "你这是在保{a}吧？",
)
# (text, code) — banned phrases and their evasions (音近, 形近, noise, pinyin initials).
PHRASES = (
    ("卧槽，{a}居然是狼", "PHRASE"),
    ("卧~槽这都能死", "PHRASE"),
    ("wc，又是平安夜", "PHRASE"),
    ("我艹，{a}这也太假了", "PHRASE"),
    ("握草，刀错了", "PHRASE"),
    ("你脑子有病吧{a}", "PHRASE"),
    ("{a}智障吧这都看不出", "PHRASE"),
    ("我发誓我是好人", "PHRASE"),
    ("我要是狼我就退群", "PHRASE"),
    ("以我的人格担保{a}是好人", "PHRASE"),
    ("不信等揭秘", "PHRASE"),
    ("tmd谁刀的我", "PHRASE"),
    ("{a}你个傻逼", "PHRASE"),
    ("他妈的又被骗了", "PHRASE"),
    ("我拿命担保{a}是预言家", "PHRASE"),
)
RED = ("Red", "#FF0000", "red", "#ff0000", "#FF0033")
HARMLESS = ("Blue", "Green", "#999999", "Purple", "#3366FF")
SMILEYS = (":lol", ":)", ":(", ":D", ":victory:", ":curse:", ":Q", ":L")
LINKS = (
    "[url]https://pan.baidu.com/s/1aBcD{n}[/url]",
    "看这个 https://www.bilibili.com/video/BV1x{n}",
    "[url=https://tieba.baidu.com/p/{n}]贴吧原帖[/url]",
    "[img]https://img.example.com/shot{n}.png[/img]",
)
CHATLOG = (
    "{a} 21:15:{s:02d}\n反馈：村民阵营",
    "{a}(1234{n}) 20:11:{s:02d}\n你今晚验谁？\n{b}(5678{n}) 20:11:{s:02d}\n验{c}",
    "[{h}:{m:02d}:{s:02d}] {a}：我是预言家\n[{h}:{m:02d}:{s:02d}] {b}：好的",
)


# --------------------------------------------------------------------------- config


@dataclass(slots=True)
class Rates:
    phrase: float = 0.006
    red: float = 0.002
    size: float = 0.002
    chatlog: float = 0.001
    link: float = 0.0025
    harmless_colour: float = 0.01
    bold: float = 0.02
    smiley: float = 0.08
    quote: float = 0.15
    long: float = 0.05
    edit: float = 0.02
    hidden: float = 0.0005
    night: float = 0.01
    lurk_day: float = 0.04
    lurk_3days: float = 0.5  # per game: one player below 10 for three days in a row
    no_vote: float = 0.03
    late_vote: float = 0.02
    bad_format: float = 0.02
    change: float = 0.10
    unquoted_change: float = 0.02
    ghost: float = 0.25
    lastwords_code: float = 0.3


@dataclass(slots=True)
class GameConfig:
    posts: int = 10_000
    players: int = 12
    days: int = 7
    seed: int = 1
    start: date = date(2026, 11, 2)
    ruleset: str = "m107"
    name: str = ""
    tid_base: int = 100
    first_pid: int = 1
    ppp: int = 10
    base_url: str = "http://bbs.example.com/"
    rates: Rates = field(default_factory=Rates)


@dataclass(slots=True)
class _Post:
    author: str
    tid: int
    at: datetime
    message: str
    quote_of: _Post | None = None
    quote_random: bool = False
    edited_at: datetime | None = None
    hidden: bool = False
    truth: list[dict[str, Any]] = field(default_factory=list)
    pid: int = 0


@dataclass(slots=True)
class GeneratedGame:
    config: GameConfig
    script: dict[str, Any]  # the page writer's script (parsed-TOML shape)
    game: dict[str, Any]  # the director's game file (parsed-TOML shape)
    truth: list[dict[str, Any]]
    posts: int

    @property
    def tids(self) -> list[int]:
        return [int(t["tid"]) for t in self.script["thread"]]


# --------------------------------------------------------------------------- timing

# Relative post rate by local hour: quiet small hours, evening peak.
HOUR_WEIGHT = (
    0.5,
    0.25,
    0.1,
    0.05,
    0.04,
    0.04,
    0.08,
    0.25,
    0.6,
    1.0,
    1.1,
    1.1,
    1.2,
    1.1,
    1.0,
    1.0,
    1.0,
    1.1,
    1.2,
    1.5,
    1.9,
    2.2,
    2.0,
    1.0,
)


def _minute_weights(opens: datetime, closes: datetime, vote: bool) -> list[float]:
    """Cumulative weights per minute of the day window: hour profile, a burst after the
    day opens (decaying over ~90 minutes), a rush before the close (vote threads mostly)."""
    n = int((closes - opens).total_seconds() // 60)
    cum: list[float] = []
    total = 0.0
    for i in range(n):
        t = opens + timedelta(minutes=i)
        w = HOUR_WEIGHT[t.hour]
        w += 3.0 * math.exp(-i / 90) if not vote else 0.3 * math.exp(-i / 60)
        left = n - i
        if vote:
            w = 0.15 * w + 8.0 * math.exp(-left / 150)
        else:
            w += 1.0 * math.exp(-left / 90)
        total += w
        cum.append(total)
    return cum


def _times(rng: random.Random, opens: datetime, cum: list[float], k: int) -> list[datetime]:
    minutes = rng.choices(range(len(cum)), cum_weights=cum, k=k)
    return [opens + timedelta(minutes=m, seconds=rng.randrange(60)) for m in minutes]


# --------------------------------------------------------------------------- generator


class _Gen:
    def __init__(self, cfg: GameConfig) -> None:
        self.cfg = cfg
        self.r = cfg.rates
        self.rng = random.Random(cfg.seed)
        self.players = self.rng.sample(NAME_POOL, cfg.players)
        self.posts: list[_Post] = []
        self.truth: list[dict[str, Any]] = []
        self.days: list[tuple[int, datetime, datetime]] = []
        for d in range(1, cfg.days + 1):
            opens = datetime.combine(
                cfg.start + timedelta(days=2 * (d - 1)), datetime.min.time(), TZ
            ).replace(hour=9)
            self.days.append((d, opens, opens + timedelta(hours=37)))
        self.tid_disc = {d: cfg.tid_base + 2 * d - 1 for d, _, _ in self.days}
        self.tid_vote = {d: cfg.tid_base + 2 * d for d, _, _ in self.days}
        self.tid_process = cfg.tid_base + 2 * cfg.days + 1
        self.tid_lastwords = cfg.tid_base + 2 * cfg.days + 2
        self.events: list[dict[str, Any]] = []
        self.eliminated: dict[str, datetime] = {}

    # -- text ---------------------------------------------------------------

    def _fill(self, tpl: str, alive: list[str]) -> str:
        a, b, c = (self.rng.choice(alive) for _ in range(3))
        return tpl.format(a=a, b=b, c=c, n=len(alive))

    def _speech(self, alive: list[str], long: bool) -> str:
        rng = self.rng
        if not long and rng.random() < 0.2:
            return rng.choice(SHORT)
        k = rng.randint(8, 20) if long else rng.randint(1, 4)
        parts = []
        for _ in range(k):
            tpl = rng.choice(CLAIM) if rng.random() < 0.08 else rng.choice(TALK)
            parts.append(self._fill(tpl, alive))
        sep = "\n" if long else ""
        return sep.join(parts)

    def _discussion_message(self, post: _Post, day: int, alive: list[str]) -> str:
        rng, r = self.rng, self.r
        text = self._speech(alive, rng.random() < r.long)
        if rng.random() < r.harmless_colour:
            text = f"[color={rng.choice(HARMLESS)}]{text}[/color]"
        if rng.random() < r.bold:
            text = f"[b]{text}[/b]"
        if rng.random() < r.phrase:
            tpl, code = rng.choice(PHRASES)
            text += "\n" + self._fill(tpl, alive)
            self._plant(post, code, day)
        if rng.random() < r.red:
            text += (
                f"\n[color={rng.choice(RED)}]重点：{self._fill(rng.choice(TALK), alive)}[/color]"
            )
            self._plant(post, "FONT-RED", day)
        if rng.random() < r.size:
            text += f"\n[size={rng.choice((4, 5, 6))}]{self._fill(rng.choice(TALK), alive)}[/size]"
            self._plant(post, "FONT-SIZE", day)
        if rng.random() < r.chatlog:
            text += "\n" + rng.choice(CHATLOG).format(
                a=rng.choice(alive),
                b=rng.choice(alive),
                c=rng.choice(alive),
                n=rng.randrange(1000, 9999),
                h=rng.randint(19, 23),
                m=rng.randrange(60),
                s=rng.randrange(60),
            )
            self._plant(post, "PASTE-CHATLOG", day)
        if rng.random() < r.link:
            text += "\n" + rng.choice(LINKS).format(n=rng.randrange(10**6, 10**7))
            self._plant(post, "PASTE-LINK", day)
        if rng.random() < r.smiley:
            text += " " + rng.choice(SMILEYS)
        if rng.random() < r.quote:
            post.quote_random = True
        return text

    def _plant(self, post: _Post, code: str, day: int | None) -> None:
        post.truth.append({"code": code, "player": post.author, "day": day})

    def _truth(self, code: str, player: str, day: int | None, **extra: Any) -> None:
        self.truth.append({"code": code, "player": player, "day": day, **extra})

    # -- schedule -----------------------------------------------------------

    def _plan_eliminations(self) -> None:
        rng = self.rng
        order = rng.sample(self.players, len(self.players))
        sheriff = order.pop()  # the sheriff survives (no hand-over needed)
        self.sheriff = sheriff
        _, _, close1 = self.days[0]
        self.events.append({"type": "sheriff", "player": sheriff, "at": close1, "how": "elected"})
        self.vote_out: dict[int, str] = {}
        for d, _opens, closes in self.days:
            if d >= 2 and len(order) > 2:  # the last day's vote too (else all abstain)
                p = order.pop()
                self.vote_out[d] = p
                self.eliminated[p] = closes
                self.events.append({"type": "eliminated", "player": p, "at": closes, "how": "vote"})
            if d % 2 == 1 and d < self.cfg.days and len(order) > 2:
                p = order.pop()
                at = closes + timedelta(hours=3)
                self.eliminated[p] = at
                self.events.append({"type": "eliminated", "player": p, "at": at, "how": "night"})

    def _alive(self, t: datetime) -> list[str]:
        return [p for p in self.players if p not in self.eliminated or self.eliminated[p] > t]

    # -- allocation -----------------------------------------------------------

    def generate(self) -> GeneratedGame:
        cfg, rng, r = self.cfg, self.rng, self.r
        self._plan_eliminations()
        talk = {p: rng.lognormvariate(0, 0.6) for p in self.players}
        alive_by_day = {d: self._alive(opens) for d, opens, _ in self.days}
        # Fixed posts: thread openers, process announcements, last words, ghosts.
        fixed = 2 * cfg.days + 1 + 2 * cfg.days + 1
        fixed += len(self.eliminated)  # last words
        budget = max(cfg.posts - fixed, 0)
        weight_day = {d: len(alive_by_day[d]) for d, _, _ in self.days}
        wsum = sum(weight_day.values())
        lurk3 = None
        if cfg.days >= 3 and rng.random() < r.lurk_3days:
            cand = [
                p
                for p in self.players
                if p not in self.eliminated or self.eliminated[p] > self.days[2][2]
            ]
            lurk3 = rng.choice(cand) if cand else None
        plan: dict[tuple[int, str], int] = {}
        planned_lurk: set[tuple[int, str]] = set()
        for d, _, _ in self.days:
            alive = alive_by_day[d]
            share = budget * weight_day[d] / wsum
            for p in alive:
                if lurk3 == p and d <= 3:
                    plan[d, p] = rng.randint(5, 9)
                    planned_lurk.add((d, p))
                elif rng.random() < r.lurk_day:
                    plan[d, p] = rng.randint(1, 4)
                    planned_lurk.add((d, p))
                    self._truth("LURK-DAY", p, d)
            free = share - sum(plan.get((d, p), 0) for p in alive)
            rest = [p for p in alive if (d, p) not in planned_lurk]
            tw = sum(talk[p] * rng.uniform(0.7, 1.3) for p in rest) or 1.0
            for p in rest:
                plan[d, p] = max(12, round(free * talk[p] / tw))
        if lurk3:
            self._truth("LURK-3DAYS", lurk3, 1)  # a run is recorded on its first day
        # Hit the requested total exactly: adjust the busiest player-days.
        ghosts = self._plan_ghosts()
        total = sum(plan.values()) + fixed + len(ghosts)
        busy = sorted((k for k in plan if k not in planned_lurk), key=lambda k: -plan[k])
        moved = True
        while total != cfg.posts and moved:
            moved = False
            for k in busy:
                step = 1 if total < cfg.posts else -1
                if total == cfg.posts or plan[k] + step < 12:
                    continue
                plan[k] += step
                total += step
                moved = True
        for d, opens, closes in self.days:
            self._day(d, opens, closes, alive_by_day[d], plan)
        self.posts.extend(ghosts)
        self._director_posts()
        return self._finish()

    def _plan_ghosts(self) -> list[_Post]:
        out: list[_Post] = []
        for p, at in self.eliminated.items():
            nxt = [(d, o, c) for d, o, c in self.days if o > at]
            if not nxt or self.rng.random() >= self.r.ghost:
                continue
            d, opens, _closes = nxt[0]
            when = opens + timedelta(minutes=self.rng.randrange(30, 600))
            post = _Post(
                p,
                self.tid_disc[d],
                when,
                self._fill(
                    self.rng.choice(
                        ("我还能说话吗？", "{a}是狼，相信我。", "好人加油，{a}必须出！")
                    ),
                    self.players,
                ),
            )
            self._plant(post, "GHOST-POST", d)
            out.append(post)
        return out

    def _day(
        self,
        d: int,
        opens: datetime,
        closes: datetime,
        alive: list[str],
        plan: dict[tuple[int, str], int],
    ) -> None:
        rng, r = self.rng, self.r
        disc_cum = _minute_weights(opens, closes, vote=False)
        vote_cum = _minute_weights(opens, closes, vote=True)
        tid_d = self.tid_disc[d]
        survivors = self._alive(closes + timedelta(hours=11))
        target = self.vote_out.get(d, self.sheriff if d == 1 else None)
        silent = {p for p in alive if rng.random() < r.no_vote}
        final, kept = self._choices([p for p in alive if p not in silent], alive, target)
        for p in alive:
            n = plan[d, p]
            votes = 0
            if p in silent:
                self._truth("LURK-NOVOTE", p, d)
            else:
                votes = self._vote(
                    p, d, opens, closes, alive, final[p], p in kept, vote_cum, n >= 3
                )
            n_disc = max(n - votes, 0)
            for at in _times(rng, opens, disc_cum, n_disc):
                if p in survivors and rng.random() < r.night:
                    at = closes + timedelta(minutes=rng.randrange(1, 120))
                post = _Post(p, tid_d, at, "")
                post.message = self._discussion_message(post, d, alive)
                if rng.random() < r.edit:
                    edit = at + timedelta(minutes=rng.randrange(2, 30), seconds=rng.randrange(60))
                    post.edited_at = edit
                elif rng.random() < r.hidden:
                    post.hidden = True
                    post.truth.clear()  # 屏蔽: the page shows no text
                self.posts.append(post)

    def _choices(
        self, voters: list[str], alive: list[str], target: str | None
    ) -> tuple[dict[str, str], set[str]]:
        """Each voter's counted vote for the day.  The planned vote-out (or day 1's sheriff)
        must be what the tally finds, whatever else happens: voters are moved to it until it
        leads every other player by more than the sheriff's extra weight, and its voters
        are spared the planted faults that void or drop a vote (see :meth:`_vote`)."""
        rng = self.rng
        if target is None:  # nobody is to go out: the votes must elect nobody
            return dict.fromkeys(voters, "弃权"), set(voters)
        out = {}
        for p in voters:
            others = [a for a in alive if a != p]
            out[p] = target if target and target != p and rng.random() < 0.6 else rng.choice(others)
        if target not in alive:
            return out, set()
        while True:
            count = Counter(out.values())
            rival = max((c for t, c in count.items() if t != target), default=0)
            if count[target] > rival + 1:  # + 1: a sheriff's 1.5 or 2 votes elsewhere
                break
            movable = [p for p, t in out.items() if t != target and p != target]
            if not movable:
                break
            out[rng.choice(movable)] = target
        # Enough of the target's voters to keep that lead are spared the planted faults
        # (late, void, changed away); the rest are voters like any other.
        backers = sorted(p for p, t in out.items() if t == target)
        count = Counter(out.values())
        rival = max((c for t, c in count.items() if t != target), default=0)
        keep = set(rng.sample(backers, k=min(len(backers), rival + 3)))
        return out, keep

    def _vote(
        self,
        p: str,
        d: int,
        opens: datetime,
        closes: datetime,
        alive: list[str],
        choice: str,
        protect: bool,
        cum: list[float],
        may_change: bool,
    ) -> int:
        """Post a player's vote (and maybe a change) for ``choice``, the vote that counts;
        the number of posts written.  A ``protect``-ed vote (one that keeps the day's planned
        outcome in the lead) is never late, void or changed away."""
        rng, r = self.rng, self.r
        tid = self.tid_vote[d]
        others = [a for a in alive if a != p]
        reason = rng.choice(REASON).format(a=rng.choice(others))
        at = _times(rng, opens, cum, 1)[0]
        at = min(at, closes - timedelta(minutes=2))
        x = 1.0 if protect else rng.random()
        if x < r.late_vote:
            at = closes + timedelta(seconds=rng.randrange(1, 1200))
            post = _Post(p, tid, at, f"投票对象：{choice}\n投票理由：{reason}")
            self._plant(post, "VOTE-LATE", d)
            self.posts.append(post)
            return 1
        if x < r.late_vote + r.bad_format:
            post = _Post(p, tid, at, f"投票给{choice}，理由：{reason}")
            self._plant(post, "VOTE-FORMAT", d)
            self.posts.append(post)
            return 1
        y = rng.random() if may_change and at < closes - timedelta(hours=3) else 1.0
        first_choice = choice
        if y < r.change:  # a quoted change to the vote that counts, from another first
            first_choice = rng.choice([a for a in others if a != choice] or [choice])
        if not protect and rng.random() < 0.05:
            msg = f"投票对象：弃权\n投票理由：{rng.choice(('看不清', '信息太少', '再观察'))}"
        elif rng.random() < 0.5:
            msg = f"投票对象：{first_choice}\n投票理由：{reason}"
        else:
            msg = f"投票对象:{first_choice} 投票理由:{reason}"  # half-width, one line
        first = _Post(p, tid, at, msg)
        self.posts.append(first)
        if y < r.change:
            when = at + timedelta(minutes=rng.randrange(5, 90))
            self.posts.append(
                _Post(p, tid, when, f"改票对象：{choice}\n改票理由：{reason}", quote_of=first)
            )
            return 2
        if not protect and y < r.change + r.unquoted_change:
            new = rng.choice(others)
            when = at + timedelta(minutes=rng.randrange(5, 90))
            post = _Post(p, tid, when, f"改票对象：{new}\n改票理由：{reason}")
            self._plant(post, "VOTE-CHANGE", d)
            self.posts.append(post)
            return 2
        return 1

    def _director_posts(self) -> None:
        rng = self.rng
        for d, opens, closes in self.days:
            alive = self._alive(opens)
            self.posts.append(
                _Post(
                    DIRECTOR,
                    self.tid_disc[d],
                    opens - timedelta(minutes=1),
                    f"第{d}天讨论帖，开门。存活：{'、'.join(alive)}。",
                )
            )
            self.posts.append(
                _Post(
                    DIRECTOR,
                    self.tid_vote[d],
                    opens - timedelta(seconds=30),
                    f"第{d}天投票帖。格式：\n投票对象：XX\n投票理由：XX",
                )
            )
            self.posts.append(
                _Post(DIRECTOR, self.tid_process, opens, f"第{d}天开始，请各位玩家发言。")
            )
            self.posts.append(
                _Post(
                    DIRECTOR,
                    self.tid_process,
                    closes + timedelta(minutes=30),
                    f"第{d}天结束，计票结果稍后公布。",
                )
            )
        self.posts.append(
            _Post(
                DIRECTOR,
                self.tid_process,
                self.days[0][1] - timedelta(hours=2),
                "游戏进程帖：本帖记录每天的进程。",
            )
        )
        first = self.days[0][1] - timedelta(hours=1)
        self.posts.append(
            _Post(DIRECTOR, self.tid_lastwords, first, "遗言帖：出局玩家的遗言在这里。")
        )
        for p, at in sorted(self.eliminated.items(), key=lambda kv: kv[1]):
            words = self._fill(rng.choice(TALK), self.players)
            post = _Post(
                p,
                self.tid_lastwords,
                at + timedelta(minutes=rng.randrange(5, 60)),
                f"{p}的遗言：{words}",
            )
            if rng.random() < self.r.lastwords_code:
                post.message = f"{p}的遗言：[b]{words}[/b]"
                self._plant(post, "CODE-LASTWORDS", None)
            self.posts.append(post)

    # -- output ---------------------------------------------------------------

    def _finish(self) -> GeneratedGame:
        cfg, rng = self.cfg, self.rng
        self.posts.sort(key=lambda p: (p.at, p.tid))
        by_thread: dict[int, list[_Post]] = {}
        for i, p in enumerate(self.posts):
            p.pid = cfg.first_pid + i
            by_thread.setdefault(p.tid, []).append(p)
        threads: list[dict[str, Any]] = []
        name = cfg.name or f"压测局 {cfg.seed}"
        subjects = {self.tid_process: f"[{name}] 进程帖", self.tid_lastwords: f"[{name}] 遗言帖"}
        for d, _, _ in self.days:
            subjects[self.tid_disc[d]] = f"[{name}] 第{d}天讨论帖"
            subjects[self.tid_vote[d]] = f"[{name}] 第{d}天投票帖"
        for tid in sorted(by_thread):
            posts = by_thread[tid]
            rows = []
            for i, p in enumerate(posts):
                row: dict[str, Any] = {
                    "pid": p.pid,
                    "author": p.author,
                    "at": p.at,
                    "message": p.message,
                }
                if p.quote_of is not None:
                    row["quote"] = p.quote_of.pid
                elif p.quote_random and i > 1:
                    q = posts[rng.randrange(max(1, i - 20), i)]
                    if not q.hidden:
                        row["quote"] = q.pid
                        row["message"] = (
                            rng.choice(QUOTE_REPLY).format(a=rng.choice(self.players))
                            + "\n"
                            + p.message
                        )
                if p.edited_at is not None:
                    row["edited_at"] = p.edited_at
                if p.hidden:
                    row["hidden"] = "moderator"
                rows.append(row)
                for t in p.truth:
                    self.truth.append({**t, "pid": p.pid, "tid": tid})
            threads.append({"tid": tid, "fid": 2, "subject": subjects[tid], "post": rows})
        last_close = self.days[-1][2]
        members: dict[str, Any] = {DIRECTOR: 1, SPECTATOR: 2}
        uids = {p: 10 + i for i, p in enumerate(self.players)}
        members.update(uids)
        script = {
            "forum": {
                "base_url": cfg.base_url,
                "charset": "utf-8",
                "timezone": "Asia/Shanghai",
                "rendered_at": last_close + timedelta(days=8),
                "ppp": cfg.ppp,
                "seed": cfg.seed,
                "first_pid": cfg.first_pid,
                "boards": {"2": "版杀区"},
            },
            "members": members,
            "thread": threads,
        }
        game = self._game_file(name, uids)
        return GeneratedGame(cfg, script, game, sorted(self.truth, key=_truth_key), len(self.posts))

    def _game_file(self, name: str, uids: dict[str, int]) -> dict[str, Any]:
        cfg = self.cfg
        threads: list[dict[str, Any]] = []
        for d, _, _ in self.days:
            threads.append({"tid": self.tid_disc[d], "kind": "discussion", "day": d})
            threads.append({"tid": self.tid_vote[d], "kind": "vote", "day": d})
        threads.append({"tid": self.tid_process, "kind": "process"})
        threads.append({"tid": self.tid_lastwords, "kind": "lastwords"})
        return {
            "game": {
                "name": name,
                "ruleset": cfg.ruleset,
                "timezone": "Asia/Shanghai",
                "directors": [DIRECTOR],
                "spectators": [SPECTATOR],
            },
            "forum": {"pages": "pages/", "delay": 0.0},
            "players": {"names": list(self.players), "uids": uids},
            "thread": threads,
            "day": [
                {"number": d, "opens": o, "closes": c, "accelerated": False}
                for d, o, c in self.days
            ],
            "event": sorted(self.events, key=lambda e: e["at"]),
        }


def _truth_key(t: dict[str, Any]) -> tuple[Any, ...]:
    return (t.get("day") or 0, t["code"], t["player"], t.get("pid") or 0)


def score_truth(
    truth: list[dict[str, Any]], findings: list[Any], codes: set[str]
) -> dict[str, tuple[int, int]]:
    """Per planted code whose rule ran: (found, planted).  A post violation is found by a
    finding of its code on its pid; an aggregate one (lurking) on its player and day.
    ``PHRASE`` is found by any ``PHRASE-*`` finding on the pid."""
    by_pid: set[tuple[str, int]] = set()
    by_day: set[tuple[str, str, int | None]] = set()
    for f in findings:
        code = "PHRASE" if f.code.startswith("PHRASE-") else f.code
        if f.pid is not None:
            by_pid.add((code, int(f.pid)))
        by_day.add((code, f.player, f.day))
    ran = codes | ({"PHRASE"} if any(c.startswith("PHRASE-") for c in codes) else set())
    out: dict[str, tuple[int, int]] = {}
    for t in truth:
        if t["code"] not in ran:
            continue
        if t.get("pid") is not None:
            hit = (t["code"], t["pid"]) in by_pid
        else:
            hit = (t["code"], t["player"], t["day"]) in by_day
        found, planted = out.get(t["code"], (0, 0))
        out[t["code"]] = (found + hit, planted + 1)
    return out


def generate_game(cfg: GameConfig) -> GeneratedGame:
    """One game, deterministic for ``cfg`` (same config → same script, byte for byte)."""
    return _Gen(cfg).generate()


def append_posts(gen: GeneratedGame, n: int, seed: int = 0) -> GeneratedGame:
    """The same game with ``n`` more ordinary posts in the last day's discussion thread
    (the nightly run's new posts), after the last post, pids continuing."""
    import copy

    rng = random.Random(seed or gen.config.seed + 1)
    script = copy.deepcopy(gen.script)
    disc = [t for t in script["thread"] if "讨论帖" in t["subject"]][-1]
    last = max(p["pid"] for t in script["thread"] for p in t["post"])
    at = max(p["at"] for p in disc["post"])
    alive = list(gen.game["players"]["names"])
    dead = {e["player"] for e in gen.game["event"] if e["type"] == "eliminated"}
    alive = [p for p in alive if p not in dead] or alive
    for i in range(n):
        at = at + timedelta(seconds=rng.randrange(5, 40))
        msg = rng.choice(TALK).format(
            a=rng.choice(alive), b=rng.choice(alive), c=rng.choice(alive), n=len(alive)
        )
        disc["post"].append(
            {"pid": last + 1 + i, "author": rng.choice(alive), "at": at, "message": msg}
        )
    return GeneratedGame(gen.config, script, gen.game, gen.truth, gen.posts + n)


# --------------------------------------------------------------------------- rendering


def render_desktop_pages(gen: GeneratedGame) -> Iterator[tuple[int, str, bytes, str]]:
    """``(tid, url, body, content type)`` for every desktop page, rendered lazily by the
    writer's own generator (the API pages the writer would render next are never built)."""
    from tools.writer import parse_script, render_thread_pages

    script = parse_script(gen.script)
    for tid in script.threads:
        for url, body, ctype in render_thread_pages(script, tid):
            if not url.startswith("forum.php"):
                break  # desktop pages come first; stop before the API ones
            yield tid, url, body, ctype


def toml_text(data: dict[str, Any], header: str = "") -> str:
    import tomli_w

    return header + tomli_w.dumps(data, multiline_strings=True)


def write_game(gen: GeneratedGame, out: Path, *, pages: bool = True, script: bool = True) -> Path:
    """Write script.toml, game.toml, truth.json and (``pages``) the desktop pages."""
    out.mkdir(parents=True, exist_ok=True)
    if script:
        (out / "script.toml").write_text(
            toml_text(
                gen.script,
                f"# 生成的压测脚本（benchmarks/generate.py, seed {gen.config.seed}）。\n",
            ),
            encoding="utf-8",
        )
    (out / "game.toml").write_text(
        toml_text(gen.game, f"# 生成的游戏文件（seed {gen.config.seed}），页面在 pages/。\n"),
        encoding="utf-8",
    )
    (out / "truth.json").write_text(
        json.dumps(gen.truth, ensure_ascii=False, indent=1) + "\n", encoding="utf-8"
    )
    pdir = out / "pages"
    pdir.mkdir(exist_ok=True)
    if pages:
        for old in pdir.glob("*.html"):
            old.unlink()
        for tid, url, body, _ctype in render_desktop_pages(gen):
            page = url.rsplit("page=", 1)[-1]
            (pdir / f"thread-{tid}-p{page}.html").write_bytes(body)
    return out / "game.toml"


# --------------------------------------------------------------------------- archive


def iter_archive(total_posts: int, seed: int = 1, *, ppp: int = 10) -> Iterator[GeneratedGame]:
    """Games of 2,000–15,000 posts (8–16 players, 4–9 days) until ``total_posts`` are
    spent; one game in memory at a time."""
    rng = random.Random(seed)
    left = total_posts
    for i in itertools.count(1):
        if left <= 0:
            return
        size = rng.randint(2_000, 15_000)
        if left - size < 1_000:
            size = left
        players = rng.randint(8, 16)
        days = rng.randint(4, 9)
        size = max(size, players * days * 14)  # room for every player-day's minimum
        cfg = GameConfig(
            posts=size,
            players=players,
            days=days,
            seed=seed * 100_000 + i,
            start=date(2020, 1, 6) + timedelta(days=20 * i),
            name=f"存档局{i}",
            ppp=ppp,
        )
        gen = generate_game(cfg)
        left -= gen.posts
        yield gen


# --------------------------------------------------------------------------- CLI


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="生成压测用的版杀游戏（脚本、游戏文件、页面）")
    ap.add_argument("out", type=Path)
    ap.add_argument("--posts", type=int, default=10_000)
    ap.add_argument("--players", type=int, default=12)
    ap.add_argument("--days", type=int, default=7)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--ruleset", default="m107")
    ap.add_argument("--no-pages", action="store_true", help="只写脚本和游戏文件")
    args = ap.parse_args(argv)
    t0 = time.perf_counter()
    gen = generate_game(
        GameConfig(
            posts=args.posts,
            players=args.players,
            days=args.days,
            seed=args.seed,
            ruleset=args.ruleset,
        )
    )
    path = write_game(gen, args.out, pages=not args.no_pages)
    n_pages = len(list((args.out / "pages").glob("*.html")))
    print(
        f"{gen.posts} 帖，{len(gen.truth)} 处埋点违规，{n_pages} 页 → {path}"
        f"（{time.perf_counter() - t0:.1f} 秒）"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
