"""Build the five blind vote-reader games under tests/games/votes/.

Written by a blind helper (it did not read auditor/rules or auditor/rulesets): every
judgement in truth.json comes from the seeds' vote rules (/work/shared/seeds/*.txt).

    /work/venv/bin/python tests/games/votes/make_games.py      # from /work/main

writes, per game folder: script.toml (writer script), game.toml (full game file) and
truth.json; then render the pages with

    /work/venv/bin/python -m tools.writer tests/games/votes/<game>/script.toml tests/games/votes/<game>/pages

The tallies in truth.json are summed here from the hand-written ballots (counts=true,
sheriff weight) and checked against the hand-written outcome of each round.
"""

from __future__ import annotations

import json
import random
from datetime import datetime, timedelta, timezone
from pathlib import Path

HERE = Path(__file__).resolve().parent
TZ = timezone(timedelta(hours=8))
ROSTER = [
    "饺子",
    "包子",
    "馄饨",
    "豆浆",
    "油条",
    "烧卖",
    "春卷",
    "汤圆",
    "番茄",
    "冬瓜",
    "南瓜",
    "土豆",
]
UIDS = {name: i + 2 for i, name in enumerate(ROSTER)}


def T(s: str) -> datetime:
    """'11-20 09:00' or '11-20 09:00:30' in 2026, forum time."""
    fmt = "%Y-%m-%d %H:%M:%S" if s.count(":") == 2 else "%Y-%m-%d %H:%M"
    return datetime.strptime("2026-" + s, fmt).replace(tzinfo=TZ)


def toml_str(s: str) -> str:
    return json.dumps(s, ensure_ascii=False)


def toml_dt(d: datetime) -> str:
    return d.isoformat()


class Game:
    def __init__(self, folder, name, ruleset, players, first_pid, seed, header):
        self.folder = folder
        self.name = name
        self.ruleset = ruleset
        self.players = players
        self.first_pid = first_pid
        self.seed = seed
        self.header = header
        self.threads = []  # dicts: tid, subject, kind, day
        self.posts = []  # dicts
        self.days = []  # dicts: number, opens, closes, accelerated, phases
        self.events = []
        self.rules_toml = ""
        self.rounds = []  # expected: day, round, outcome, (sheriff day -> name)
        self.sheriff = {}  # day -> (name, weight)
        self.notes = []
        self.extra_members = {}
        self.rng = random.Random(seed)

    def thread(self, tid, subject, kind, day=None):
        self.threads.append(dict(tid=tid, subject=subject, kind=kind, day=day))

    def post(self, tid, author, at, message, key=None, quote=None, vote=None, edited_at=None):
        p = dict(
            tid=tid,
            author=author,
            at=T(at) if isinstance(at, str) else at,
            message=message,
            key=key,
            quote=quote,
            vote=vote,
            edited_at=edited_at,
            order=len(self.posts),
        )
        self.posts.append(p)
        return p

    def vote(
        self,
        tid,
        author,
        at,
        message,
        day,
        voter=None,
        target=None,
        valid=True,
        counts=True,
        problem=None,
        proxy=False,
        change=False,
        rnd=1,
        key=None,
        quote=None,
        edited_at=None,
    ):
        b = dict(
            day=day,
            round=rnd,
            voter=voter or author,
            target=target,
            valid=valid,
            counts=counts,
            problem=problem,
            proxy=proxy,
            change=change,
        )
        # a 代投 is the director's post naming the player (fixed by the lead: the first
        # version posted it under the player's own name)
        poster = "导演" if proxy else author
        return self.post(
            tid, poster, at, message, key=key, quote=quote, vote=b, edited_at=edited_at
        )

    # ------------------------------------------------------------------ chatter
    LINES = (
        "我是好人，大家看我发言。",
        "{a}今天的发言有点怪，先记下。",
        "同意楼上，{a}的逻辑我没看懂。",
        "我觉得{a}比较像好人，先不考虑。",
        "今天先听大家说，晚点再总结。",
        "{a}和{b}的说法对不上，总有一个人在说谎。",
        "顶一下，大家多说说，别潜水。",
        "{a}，你刚才那句话是什么意思？",
        "我站边{a}，理由晚上补。",
        "{a}的分析我基本认同，但{b}那段我不太信。",
        "大家别急着下结论。",
        "{a}发言很少，希望多说两句。",
    )

    def chatter(self, tid, start, end, alive, per_player=2, avoid=()):
        """Discussion posts from each living player between start and end."""
        s, e = T(start), T(end)
        span = int((e - s).total_seconds())
        for name in alive:
            for _ in range(per_player):
                at = s + timedelta(seconds=self.rng.randrange(60, span - 60))
                others = [x for x in alive if x != name]
                a, b = self.rng.sample(others, 2)
                line = self.rng.choice(self.LINES).format(a=a, b=b)
                self.post(tid, name, at, line)

    # ------------------------------------------------------------------ output
    def assign_pids(self):
        order = sorted(self.posts, key=lambda p: (p["at"], p["order"]))
        for i, p in enumerate(order):
            p["pid"] = self.first_pid + i
        self.by_key = {p["key"]: p for p in self.posts if p["key"]}

    def write_script(self, path):
        out = [self.header.rstrip() + "\n"]
        out.append("[forum]")
        out.append('base_url = "http://bbs.example.com/"')
        out.append('charset = "utf-8"')
        out.append('timezone = "Asia/Shanghai"')
        out.append("rendered_at = 2026-12-04T10:00:00+08:00")
        out.append("ppp = 10")
        out.append(f"seed = {self.seed}")
        out.append(f"first_pid = {self.first_pid}")
        out.append('bbname = "版杀测试论坛"')
        out.append('boards = { 2 = "版杀区" }')
        out.append("")
        out.append("[members]")
        out.append('"导演" = 1')
        for name in self.players:
            out.append(f'"{name}" = {UIDS[name]}')
        for name, uid in self.extra_members.items():
            out.append(f'"{name}" = {uid}')
        for th in self.threads:
            out.append("")
            out.append("[[thread]]")
            out.append(f"tid = {th['tid']}")
            out.append("fid = 2")
            out.append(f"subject = {toml_str(th['subject'])}")
            posts = sorted(
                (p for p in self.posts if p["tid"] == th["tid"]),
                key=lambda p: (p["at"], p["order"]),
            )
            for p in posts:
                out.append("")
                out.append("[[thread.post]]")
                out.append(f"pid = {p['pid']}")
                out.append(f"author = {toml_str(p['author'])}")
                out.append(f"at = {toml_dt(p['at'])}")
                if p["quote"]:
                    out.append(f"quote = {self.by_key[p['quote']]['pid']}")
                if p["edited_at"]:
                    out.append(f"edited_at = {toml_dt(T(p['edited_at']))}")
                out.append(f"message = {toml_str(p['message'])}")
        path.write_text("\n".join(out) + "\n", encoding="utf-8")

    def write_game(self, path):
        out = [
            f"# {self.name}: full game file of a blind vote-reader test game "
            "(tests/games/votes/README.md).",
            "",
            "[game]",
        ]
        out.append(f"name = {toml_str(self.name)}")
        out.append(f'ruleset = "{self.ruleset}"')
        out.append('timezone = "Asia/Shanghai"')
        out.append('directors = ["导演"]')
        out.append('decided_by = "导演"')
        out.append("spectators = []")
        out.append("")
        out.append("[forum]")
        out.append('pages = "pages/"')
        out.append('url = "http://bbs.example.com/"')
        out.append("delay = 0")
        out.append("")
        out.append("[players]")
        out.append("names = [" + ", ".join(toml_str(n) for n in self.players) + "]")
        for th in self.threads:
            out.append("")
            out.append("[[thread]]")
            out.append(f"tid = {th['tid']}")
            out.append(f'kind = "{th["kind"]}"')
            if th["day"] is not None:
                out.append(f"day = {th['day']}")
        for d in self.days:
            out.append("")
            out.append("[[day]]")
            out.append(f"number = {d['number']}")
            out.append(f"opens = {toml_dt(T(d['opens']))}")
            out.append(f"closes = {toml_dt(T(d['closes']))}")
            out.append(f"accelerated = {'true' if d.get('accelerated') else 'false'}")
            for ph in d.get("phases", []):
                out.append("")
                out.append("[[day.phase]]")
                out.append(f"number = {ph['number']}")
                out.append(f"name = {toml_str(ph['name'])}")
                out.append(f"opens = {toml_dt(T(ph['opens']))}")
                out.append(f"closes = {toml_dt(T(ph['closes']))}")
                out.append(f"vote_thread = {ph['vote_thread']}")
        for ev in self.events:
            out.append("")
            out.append("[[event]]")
            for k, v in ev.items():
                if k in ("at", "until"):
                    out.append(f"{k} = {toml_dt(T(v))}")
                else:
                    out.append(f"{k} = {toml_str(v)}")
        if self.rules_toml:
            out.append("")
            out.append(self.rules_toml.strip())
        path.write_text("\n".join(out) + "\n", encoding="utf-8")

    def truth(self):
        ballots = []
        for p in sorted(self.posts, key=lambda p: p["pid"]):
            if p["vote"] is None:
                continue
            b = p["vote"]
            ballots.append(
                {
                    "pid": p["pid"],
                    "day": b["day"],
                    "round": b["round"],
                    "voter": b["voter"],
                    "target": b["target"],
                    "valid": b["valid"],
                    "counts": b["counts"],
                    "problem": b["problem"],
                    "proxy": b["proxy"],
                    "change": b["change"],
                }
            )
            assert not (b["counts"] and not b["valid"]), p
            assert b["valid"] == (b["problem"] is None), p
        # one standing vote per voter and round
        seen = set()
        for b in ballots:
            if b["counts"]:
                k = (b["day"], b["round"], b["voter"])
                assert k not in seen, k
                seen.add(k)
        rounds = []
        for r in self.rounds:
            counts: dict[str, float] = {}
            abst = 0
            for b in ballots:
                if b["day"] != r["day"] or b["round"] != r["round"] or not b["counts"]:
                    continue
                sheriff = self.sheriff.get(b["day"])
                w = sheriff[1] if sheriff and sheriff[0] == b["voter"] else 1
                if b["target"] == "弃权":
                    abst += 1
                    continue
                counts[b["target"]] = counts.get(b["target"], 0) + w
            counts = dict(sorted(counts.items(), key=lambda kv: (-kv[1], ROSTER.index(kv[0]))))
            assert counts == r["expect"], (self.folder, r, counts)
            rounds.append(
                {
                    "day": r["day"],
                    "round": r["round"],
                    "counts": counts,
                    "abstentions": abst,
                    "outcome": r["outcome"],
                }
            )
        return {
            "game": self.name,
            "ruleset": self.ruleset,
            "ballots": ballots,
            "rounds": rounds,
            "notes": "\n".join(self.notes),
        }

    def build(self):
        self.assign_pids()
        d = HERE / self.folder
        d.mkdir(parents=True, exist_ok=True)
        self.write_script(d / "script.toml")
        self.write_game(d / "game.toml")
        t = self.truth()
        (d / "truth.json").write_text(
            json.dumps(t, ensure_ascii=False, indent=1) + "\n", encoding="utf-8"
        )
        return t


def V(target, reason, label="投票"):
    return f"{label}对象：{target}\n{label}理由：{reason}"


# ====================================================================== killbar7 shared


def killbar_frame(g: Game, tag: str, base: int, d1: str, d2: str, d3: str, n: str, d5: str):
    """Threads and schedule of a killbar7 game: day 1 = three rounds on dates d1-d3,
    night on n (0:00-20:00, last words 20:00-24:00), day 2 round 1 on d5."""
    g.thread(base, f"[{tag}]『BT号船』进程帖", "process")
    g.thread(base + 1, f"[{tag}] 第一天讨论帖", "discussion", 1)
    g.thread(base + 2, f"[{tag}] 第一天 环节一 试探性投票", "vote", 1)
    g.thread(base + 3, f"[{tag}] 第一天 环节二 可疑者辩论投票", "vote", 1)
    g.thread(base + 4, f"[{tag}] 第一天 环节三 高票对决投票", "vote", 1)
    g.thread(base + 5, f"[{tag}] 第二天讨论帖", "discussion", 2)
    g.thread(base + 6, f"[{tag}] 第二天 环节一 试探性投票", "vote", 2)
    g.days.append(
        dict(
            number=1,
            opens=f"{d1} 00:00:00",
            closes=f"{d3} 23:59:59",
            phases=[
                dict(
                    number=1,
                    name="试探性投票",
                    opens=f"{d1} 00:00:00",
                    closes=f"{d1} 23:59:59",
                    vote_thread=base + 2,
                ),
                dict(
                    number=2,
                    name="可疑者辩论投票",
                    opens=f"{d2} 00:00:00",
                    closes=f"{d2} 23:59:59",
                    vote_thread=base + 3,
                ),
                dict(
                    number=3,
                    name="高票对决投票",
                    opens=f"{d3} 00:00:00",
                    closes=f"{d3} 23:59:59",
                    vote_thread=base + 4,
                ),
            ],
        )
    )
    g.days.append(
        dict(
            number=2,
            opens=f"{d5} 00:00:00",
            closes=f"{d5} 23:59:59",
            phases=[
                dict(
                    number=1,
                    name="试探性投票",
                    opens=f"{d5} 00:00:00",
                    closes=f"{d5} 23:59:59",
                    vote_thread=base + 6,
                ),
            ],
        )
    )


KB_NOTES = [
    "killbar7 (seed 002, 4.1.2): 试探性投票 targets all living players; '票数超过20%的玩家成为可疑者' — "
    "the rounds are built so that no player has a count near 20% (every count is 0, 1 or >= 3), so "
    "'20% of the living players' and '20% of the votes cast' give the same suspects.",
    "killbar7 4.1.2: '任何一轮中都是票数过半死亡，直接进入夜晚' — the 过半 day has a majority of the living "
    "players, and so of the votes cast too.",
    "killbar7 4.1.2 2.(1): 可疑者辩论投票 only takes the suspects; a vote for another player is void "
    "(problem target_not_suspect); 3.: 高票对决 only takes the tied suspects (same tag).",
    "killbar7 说明2: '每次投票只允许改票1次，超过1次的改票无效' — read per round (每次投票 = each round).",
    "killbar7 说明3: '投票时间结束前1小时内不允许改票，否则改票无效' — each round ends at 24:00 (seed 5: "
    "0:00-24:00), so a change at 23:00-24:00 is void and the earlier vote stands. A first vote in that "
    "hour is valid (only changes are barred).",
    "killbar7 has no quote requirement for a change and no 代投 or 警长: a change without a quote is a "
    "valid change here.",
    "killbar7 说明4: '弃权票也视为一次投票或改票' — a later vote after 弃权 is the one change.",
    "killbar7 2: '死亡的玩家失去在游戏室内的讨论和投票权' — a dead player's vote is void (voter_not_alive); "
    "a vote for a dead player is void (target_not_alive).",
    "Game-file phases close at 23:59:59 (the seed's 24:00); a post after that in the round's thread is late.",
    "rounds[].counts are weighted counts of the standing valid votes, 弃权 excluded (given as "
    "abstentions); killbar7 has no sheriff, so every weight is 1.",
]


# ====================================================================== game 1


def killbar7_labelled() -> Game:
    players = ROSTER[:10]
    g = Game(
        "killbar7_labelled",
        "[版杀7] BT号船（投票格式）",
        "killbar7",
        players,
        70001,
        71,
        """# [版杀7] BT号船 — blind vote-reader game 1: labelled votes (投票对象 / 投票理由 / 改票对象).
# Generated by make_games.py (do not edit by hand); truth.json lists every vote attempt.
# Day 1: 环节一 11-16, 环节二 11-17, 环节三 11-18 (each 0:00-24:00); night 11-19; day 2 环节一 11-20.
# Round 1 → suspects 包子 馄饨 油条; round 2 → tie 包子/馄饨; round 3 (对决) → 包子 out.
# Night: 冬瓜 killed. Day 2 round 1: 馄饨 gets 5 of 8 (过半) → out at once.""",
    )
    killbar_frame(g, "版杀7", 701, "11-16", "11-17", "11-18", "11-19", "11-20")
    P, D1, R1, R2, R3, D2, V1 = 701, 702, 703, 704, 705, 706, 707
    g.post(
        P,
        "导演",
        "11-15 20:00",
        "[b]进程帖[/b]\n第一天：11月16日 环节一 试探性投票，11月17日 环节二 可疑者辩论投票，"
        "11月18日 环节三 高票对决投票（各 0:00-24:00）。\n夜晚 0:00-20:00，遗言 20:00-24:00。\n"
        "投票可以写“投票对象：某某 / 投票理由：……”，改票写“改票对象”。每轮只能改票一次，每轮结束前1小时内不得改票。",
    )
    alive = list(players)
    g.post(
        D1,
        "导演",
        "11-16 00:00:00",
        "第一天讨论帖。\n开放时间：11月16日 0:00 至 11月18日 24:00。\n船上一切平静，请大家讨论。",
    )
    g.chatter(D1, "11-16 00:30", "11-16 22:00", alive, 2)
    g.chatter(D1, "11-17 00:30", "11-17 22:00", alive, 1)
    g.chatter(D1, "11-18 00:30", "11-18 22:00", alive, 1)
    # ---------------------------------------------------------------- day 1 round 1
    g.post(
        R1,
        "导演",
        "11-16 00:00:00",
        "【环节一】试探性投票\n时间：11月16日 0:00-24:00\n投票对象为所有存活玩家，票数超过20%的玩家成为可疑者。",
    )

    def v(*a, **k):
        return g.vote(R1, *a, day=1, rnd=1, **k)

    v("饺子", "11-16 09:10", V("包子", "包子开局就在划水，和馄饨的发言一唱一和。"), target="包子")
    v(
        "包子",
        "11-16 09:40",
        V("油条", "油条说话前后矛盾，一会说信饺子一会又踩饺子。"),
        target="油条",
    )
    v("馄饨", "11-16 10:20", V("包子", "跟饺子一样，看包子不顺眼。"), target="包子")
    v("豆浆", "11-16 11:00", V("馄饨", "馄饨太激动了，包子反而比较正常。"), target="馄饨")
    v("油条", "11-16 11:30", V("馄饨", "馄饨一直在带节奏。"), target="馄饨")
    v(
        "烧卖",
        "11-16 12:00",
        V("油条", "油条的发言太绕。"),
        target="油条",
        counts=False,
        key="kl_r1_shaomai",
    )
    g.post(
        R1, "汤圆", "11-16 12:40", "楼上几位的理由我都看了，包子和油条确实都有点问题，我晚点投。"
    )
    v("春卷", "11-16 13:00", V("冬瓜", "冬瓜一句话都没说。"), target="冬瓜", counts=False)
    v("汤圆", "11-16 14:00", V("馄饨", "馄饨说包子坏，但拿不出理由。"), target="馄饨")
    v(
        "烧卖",
        "11-16 15:00",
        V("包子", "看了汤圆的分析，改投包子。", "改票"),
        target="包子",
        change=True,
        quote="kl_r1_shaomai",
    )
    v("番茄", "11-16 16:00", V("包子", "包子回避了所有问题。"), target="包子")
    v("冬瓜", "11-16 17:00", V("油条", "油条太会说了。"), target="油条", key="kl_r1_donggua")
    v(
        "春卷",
        "11-16 18:00",
        V("油条", "冬瓜解释清楚了，改投油条。", "改票"),
        target="油条",
        change=True,
    )
    g.post(R1, "包子", "11-16 19:30", "我不是杀手，投我的人再想想。")
    v(
        "冬瓜",
        "11-16 23:20",
        V("馄饨", "最后想了想还是馄饨。", "改票"),
        target="馄饨",
        change=True,
        valid=False,
        counts=False,
        problem="last_hour_change",
        quote="kl_r1_donggua",
    )
    g.rounds.append(
        dict(
            day=1,
            round=1,
            expect={"包子": 4, "馄饨": 3, "油条": 3},
            outcome="suspects 包子,馄饨,油条",
        )
    )
    # ---------------------------------------------------------------- day 1 round 2
    g.post(
        R2,
        "导演",
        "11-17 00:00:00",
        "【环节二】可疑者辩论投票\n时间：11月17日 0:00-24:00\n"
        "环节一结果：包子4票，馄饨3票，油条3票。可疑者：包子、馄饨、油条。只能投给可疑者。",
    )

    def v(*a, **k):
        return g.vote(R2, *a, day=1, rnd=2, **k)

    v("饺子", "11-17 08:30", V("包子", "和昨天一样，包子还是最可疑。"), target="包子")
    v("包子", "11-17 09:00", V("馄饨", "上一轮馄饨带头冲我，明显是杀手的节奏。"), target="馄饨")
    v("馄饨", "11-17 09:45", V("包子", "上一轮他就在划水，这一轮继续划。"), target="包子")
    v(
        "豆浆",
        "11-17 10:30",
        V("冬瓜", "冬瓜太安静了。"),
        target="冬瓜",
        valid=False,
        counts=False,
        problem="target_not_suspect",
    )
    v("油条", "11-17 11:00", V("馄饨", "馄饨昨天投我今天又不说话。"), target="馄饨")
    v("烧卖", "11-17 11:30", V("包子", "同饺子，包子的辩解太弱。"), target="包子")
    v(
        "春卷",
        "11-17 12:00",
        V("油条", "油条还是那么绕。"),
        target="油条",
        counts=False,
        key="kl_r2_chunjuan",
    )
    g.post(R2, "油条", "11-17 12:30", "春卷你上一轮就投我，能不能换个理由？")
    v("汤圆", "11-17 13:00", V("油条", "昨天我投的馄饨，今天看油条更像。"), target="油条")
    v("番茄", "11-17 14:00", V("弃权", "三个人都像好人，我弃权。"), target="弃权")
    v("冬瓜", "11-17 15:00", V("油条", "油条回避豆浆的问题。"), target="油条")
    v(
        "春卷",
        "11-17 16:00",
        V("馄饨", "油条回答了我的问题，改馄饨。", "改票"),
        target="馄饨",
        change=True,
        quote="kl_r2_chunjuan",
        key="kl_r2_chunjuan2",
    )
    v(
        "春卷",
        "11-17 19:00",
        V("包子", "还是觉得包子更像。", "改票"),
        target="包子",
        change=True,
        valid=False,
        counts=False,
        problem="second_change",
        quote="kl_r2_chunjuan2",
    )
    g.rounds.append(
        dict(
            day=1,
            round=2,
            expect={"包子": 3, "馄饨": 3, "油条": 2},
            outcome="tie 包子,馄饨 -> round 3",
        )
    )
    # ---------------------------------------------------------------- day 1 round 3
    g.post(
        R3,
        "导演",
        "11-18 00:00:00",
        "【环节三】高票对决投票\n时间：11月18日 0:00-24:00\n"
        "环节二结果：包子3票，馄饨3票，油条2票，平票。对决：包子 对 馄饨，只能投这两人。",
    )

    def v(*a, **k):
        return g.vote(R3, *a, day=1, rnd=3, **k)

    v("饺子", "11-18 08:00", V("包子", "前两轮我都投的包子，不变。"), target="包子")
    v("包子", "11-18 08:40", V("馄饨", "馄饨三轮都在冲我。"), target="馄饨")
    v("馄饨", "11-18 09:10", V("包子", "上一轮他投我，这一轮我投他。"), target="包子")
    v("豆浆", "11-18 10:00", V("包子", "昨天我投错了人，今天投包子。"), target="包子")
    v("油条", "11-18 10:30", V("馄饨", "馄饨的票型太怪。"), target="馄饨")
    v(
        "烧卖",
        "11-18 11:00",
        V("馄饨", "先投馄饨。"),
        target="馄饨",
        counts=False,
        key="kl_r3_shaomai",
    )
    v(
        "春卷",
        "11-18 11:30",
        V("油条", "我还是觉得油条最可疑。"),
        target="油条",
        valid=False,
        counts=False,
        problem="target_not_suspect",
    )
    v("汤圆", "11-18 12:00", V("馄饨", "包子昨天说的话我信。"), target="馄饨")
    g.post(R3, "馄饨", "11-18 12:30", "春卷，对决只能投包子或者我。")
    v("番茄", "11-18 13:00", V("包子", "昨天弃权了，今天选包子。"), target="包子")
    v("冬瓜", "11-18 14:00", V("包子", "包子三轮都没解释清楚。"), target="包子")
    v(
        "烧卖",
        "11-18 15:30",
        V("包子", "看了冬瓜的发言，还是包子。", "改票"),
        target="包子",
        change=True,
    )
    g.rounds.append(dict(day=1, round=3, expect={"包子": 6, "馄饨": 3}, outcome="eliminated 包子"))
    g.post(
        P,
        "导演",
        "11-19 00:05",
        "第一天投票结果：环节三 高票对决 包子6票，馄饨3票。包子出局。\n今晚 0:00-20:00 为夜晚。",
    )
    g.events.append(dict(type="eliminated", player="包子", at="11-18 23:59:59", how="vote"))
    g.events.append(dict(type="eliminated", player="冬瓜", at="11-19 20:00:00", how="night"))
    # ---------------------------------------------------------------- day 2
    alive = [x for x in players if x not in ("包子", "冬瓜")]
    g.post(
        D2,
        "导演",
        "11-20 00:00:00",
        "第二天讨论帖。\n开放时间：11月20日 0:00-24:00。\n昨晚冬瓜死亡。",
    )
    g.chatter(D2, "11-20 00:30", "11-20 22:00", alive, 2)
    g.post(
        V1,
        "导演",
        "11-20 00:00:00",
        "【第二天 环节一】试探性投票\n时间：11月20日 0:00-24:00\n存活玩家8人，票数过半（5票）直接死亡。",
    )

    def v(*a, **k):
        return g.vote(V1, *a, day=2, rnd=1, **k)

    v(
        "饺子",
        "11-20 09:00",
        V("馄饨", "昨天对决里馄饨一直在带节奏，包子死了我更怀疑他。"),
        target="馄饨",
    )
    v("馄饨", "11-20 09:30", V("油条", "油条和上一轮一样在划水。"), target="油条")
    v("豆浆", "11-20 10:00", V("馄饨", "同饺子。"), target="馄饨")
    v(
        "包子",
        "11-20 10:20",
        V("馄饨", "我的遗言说得很清楚了，馄饨是杀手。"),
        target="馄饨",
        valid=False,
        counts=False,
        problem="voter_not_alive",
    )
    v("油条", "11-20 11:00", V("馄饨", "馄饨昨天投的包子，包子是好人。"), target="馄饨")
    v(
        "烧卖",
        "11-20 11:30",
        V("春卷", "春卷前两轮都投油条。"),
        target="春卷",
        counts=False,
        key="kl_d2_shaomai",
    )
    v("春卷", "11-20 12:00", V("馄饨", "烧卖投我的理由不成立，我投馄饨。"), target="馄饨")
    v(
        "汤圆",
        "11-20 12:30",
        V("包子", "包子的遗言有问题。"),
        target="包子",
        valid=False,
        counts=False,
        problem="target_not_alive",
    )
    v("番茄", "11-20 13:00", V("油条", "油条和馄饨互投，先投油条。"), target="油条")
    v(
        "烧卖",
        "11-20 14:00",
        V("馄饨", "春卷解释了，改投馄饨。", "改票"),
        target="馄饨",
        change=True,
        quote="kl_d2_shaomai",
    )
    g.rounds.append(dict(day=2, round=1, expect={"馄饨": 5, "油条": 2}, outcome="eliminated 馄饨"))
    g.post(
        P,
        "导演",
        "11-21 00:05",
        "第二天投票结果：环节一 馄饨5票（过半），油条2票。馄饨出局，直接进入夜晚。",
    )
    g.events.append(dict(type="eliminated", player="馄饨", at="11-20 23:59:59", how="vote"))
    g.notes = [
        *KB_NOTES,
        "包子's day-2 post (11-20 10:20): a dead player (voted out on day 1) posting a labelled vote: voter_not_alive.",
        "汤圆's day-2 vote for 包子 (dead since day 1): target_not_alive.",
        "Reasons name other players (e.g. '和馄饨的发言一唱一和', '同饺子', '烧卖投我的理由不成立，我投馄饨'): "
        "the target is the 投票对象 / 改票对象 line only. 春卷's day-2 post says '我投馄饨' in the reason "
        "and its 投票对象 is 馄饨 too.",
        "春卷's round-1 change (18:00) does not quote the vote: valid in killbar7 (no quote rule).",
        "Day 2: 馄饨 5 of 8 living players (过半) → dies in round 1; no further rounds that day.",
    ]
    return g


# ====================================================================== game 2


def killbar7_free() -> Game:
    players = ROSTER[:11]
    g = Game(
        "killbar7_free",
        "[版杀7] BT号船（自由投票）",
        "killbar7",
        players,
        72001,
        72,
        """# [版杀7] BT号船 — blind vote-reader game 2: votes in natural free form.
# Generated by make_games.py (do not edit by hand); truth.json lists every vote attempt.
# Day 1: 环节一 11-23 → suspects 包子 馄饨 油条; 环节二 11-24 → tie 包子/馄饨; 环节三 11-25 → 5:5 tie → nobody.
# Night 11-26: 冬瓜 killed. Day 2 环节一 11-27: 包子 6 of 10 (过半) → out.""",
    )
    g.rules_toml = '[rules.VOTE-FORMAT]\nformat = "free"'
    killbar_frame(g, "版杀7", 721, "11-23", "11-24", "11-25", "11-26", "11-27")
    P, D1, R1, R2, R3, D2, V1 = 721, 722, 723, 724, 725, 726, 727
    g.post(
        P,
        "导演",
        "11-22 20:00",
        "[b]进程帖[/b]\n第一天：11月23日 环节一 试探性投票，11月24日 环节二 可疑者辩论投票，"
        "11月25日 环节三 高票对决投票（各 0:00-24:00）。\n投票直接说投谁就行，一轮只能改一次票，结束前1小时内不能改票。",
    )
    alive = list(players)
    g.post(
        D1, "导演", "11-23 00:00:00", "第一天讨论帖。\n开放时间：11月23日 0:00 至 11月25日 24:00。"
    )
    g.chatter(D1, "11-23 00:30", "11-23 22:00", alive, 2)
    g.chatter(D1, "11-24 00:30", "11-24 22:00", alive, 1)
    g.chatter(D1, "11-25 00:30", "11-25 22:00", alive, 1)
    # ---------------------------------------------------------------- round 1
    g.post(
        R1,
        "导演",
        "11-23 00:00:00",
        "【环节一】试探性投票 11月23日 0:00-24:00\n票数超过20%的玩家成为可疑者。",
    )

    def v(*a, **k):
        return g.vote(R1, *a, day=1, rnd=1, **k)

    v("饺子", "11-23 08:10", "我投包子，开局发言太水了。", target="包子")
    v("包子", "11-23 08:50", "油条一票，理由见讨论帖。", target="油条")
    g.post(R1, "冬瓜", "11-23 09:20", "别投馄饨，他是我认的好人。")
    v("馄饨", "11-23 09:40", "票包子。", target="包子")
    v("豆浆", "11-23 10:15", "弃权，信息太少了。", target="弃权")
    v("油条", "11-23 10:50", "我投馄饨，他在带节奏。", target="馄饨", counts=False)
    g.post(R1, "番茄", "11-23 11:20", "要是投烧卖呢？烧卖好像也不太对。")
    v("烧卖", "11-23 11:45", "本来想投馄饨，想了想还是投油条。", target="油条")
    g.post(R1, "南瓜", "11-23 12:10", "包子和馄饨今天都很怪，我再看看。")
    v("春卷", "11-23 12:40", "馄饨一票", target="馄饨")
    v("汤圆", "11-23 13:30", "我投馄饨", target="馄饨")
    v("番茄", "11-23 14:00", "投包子吧，他回避问题。", target="包子")
    v("冬瓜", "11-23 15:00", "我投油条", target="油条")
    v("油条", "11-23 16:20", "算了，改投包子，馄饨解释得还行。", target="包子", change=True)
    v("南瓜", "11-23 18:00", "想好了，我投馄饨。", target="馄饨")
    g.rounds.append(
        dict(
            day=1,
            round=1,
            expect={"包子": 4, "馄饨": 3, "油条": 3},
            outcome="suspects 包子,馄饨,油条",
        )
    )
    # ---------------------------------------------------------------- round 2
    g.post(
        R2,
        "导演",
        "11-24 00:00:00",
        "【环节二】可疑者辩论投票 11月24日 0:00-24:00\n"
        "可疑者：包子（4票）、馄饨（3票）、油条（3票）。豆浆弃权。只能投可疑者。",
    )

    def v(*a, **k):
        return g.vote(R2, *a, day=1, rnd=2, **k)

    v("饺子", "11-24 08:00", "还是投包子，和昨天一样。", target="包子")
    v("包子", "11-24 08:30", "我投馄饨。", target="馄饨")
    v("馄饨", "11-24 09:00", "包子一票", target="包子")
    v("豆浆", "11-24 09:30", "票馄饨", target="馄饨")
    v("油条", "11-24 10:00", "我投包子", target="包子")
    v("烧卖", "11-24 10:30", "我投油条", target="油条", counts=False)
    v(
        "春卷",
        "11-24 11:00",
        "我投冬瓜，他太安静了。",
        target="冬瓜",
        valid=False,
        counts=False,
        problem="target_not_suspect",
    )
    g.post(R2, "冬瓜", "11-24 11:20", "春卷，我不是可疑者，投我没用。")
    v("汤圆", "11-24 11:40", "油条一票", target="油条")
    v("番茄", "11-24 12:00", "弃权", target="弃权")
    v("冬瓜", "11-24 12:30", "我投包子", target="包子")
    v("烧卖", "11-24 14:00", "改投馄饨，油条说服我了。", target="馄饨", change=True)
    v("南瓜", "11-24 15:00", "上一轮我投的馄饨，这一轮也投馄饨。", target="馄饨")
    v(
        "烧卖",
        "11-24 17:00",
        "还是投油条吧。",
        target="油条",
        change=True,
        valid=False,
        counts=False,
        problem="second_change",
    )
    g.rounds.append(
        dict(
            day=1,
            round=2,
            expect={"包子": 4, "馄饨": 4, "油条": 1},
            outcome="tie 包子,馄饨 -> round 3",
        )
    )
    # ---------------------------------------------------------------- round 3
    g.post(
        R3,
        "导演",
        "11-25 00:00:00",
        "【环节三】高票对决投票 11月25日 0:00-24:00\n"
        "环节二：包子4票，馄饨4票，平票。对决：包子、馄饨。平票则不死人。",
    )

    def v(*a, **k):
        return g.vote(R3, *a, day=1, rnd=3, **k)

    v("饺子", "11-25 08:00", "我投包子", target="包子")
    v("包子", "11-25 08:20", "票馄饨", target="馄饨")
    v("馄饨", "11-25 08:40", "包子一票", target="包子")
    g.post(R3, "春卷", "11-25 09:00", "别投包子！他昨天的解释我信了。")
    v("豆浆", "11-25 09:30", "我投馄饨", target="馄饨")
    v("油条", "11-25 10:00", "投包子", target="包子")
    v("烧卖", "11-25 10:30", "馄饨一票", target="馄饨")
    v("春卷", "11-25 12:00", "想了半天，还是票包子。", target="包子")
    g.post(R3, "汤圆", "11-25 12:30", "要是投馄饨呢？平票就都不死了。")
    v("汤圆", "11-25 13:00", "我投馄饨", target="馄饨")
    v("番茄", "11-25 14:00", "弃权", target="弃权")
    v("南瓜", "11-25 15:00", "我投馄饨", target="馄饨")
    g.post(R3, "饺子", "11-25 20:00", "现在包子和馄饨各几票了？谁数一下。")
    v("冬瓜", "11-25 23:10", "我投包子", target="包子")
    v(
        "南瓜",
        "11-25 23:30",
        "改投包子",
        target="包子",
        change=True,
        valid=False,
        counts=False,
        problem="last_hour_change",
    )
    v(
        "番茄",
        "11-26 00:10",
        "算了我投馄饨",
        target="馄饨",
        change=True,
        valid=False,
        counts=False,
        problem="late",
    )
    g.rounds.append(dict(day=1, round=3, expect={"包子": 5, "馄饨": 5}, outcome="nobody"))
    g.post(
        P,
        "导演",
        "11-26 00:20",
        "第一天投票结果：环节三 包子5票，馄饨5票，平票，无人死亡。\n今晚 0:00-20:00 为夜晚。",
    )
    g.events.append(dict(type="eliminated", player="冬瓜", at="11-26 20:00:00", how="night"))
    # ---------------------------------------------------------------- day 2
    alive = [x for x in players if x != "冬瓜"]
    g.post(
        D2,
        "导演",
        "11-27 00:00:00",
        "第二天讨论帖。\n开放时间：11月27日 0:00-24:00。\n昨晚冬瓜死亡。",
    )
    g.chatter(D2, "11-27 00:30", "11-27 22:00", alive, 2)
    g.post(
        V1,
        "导演",
        "11-27 00:00:00",
        "【第二天 环节一】试探性投票 11月27日 0:00-24:00\n存活10人，过半（6票）直接死亡。",
    )

    def v(*a, **k):
        return g.vote(V1, *a, day=2, rnd=1, **k)

    v("饺子", "11-27 08:00", "我投包子，昨天对决他就该死。", target="包子")
    v("包子", "11-27 08:30", "我投馄饨", target="馄饨")
    v("馄饨", "11-27 09:00", "包子一票", target="包子")
    v("豆浆", "11-27 09:30", "我投包子", target="包子")
    v(
        "冬瓜",
        "11-27 09:50",
        "我投包子",
        target="包子",
        valid=False,
        counts=False,
        problem="voter_not_alive",
    )
    v("油条", "11-27 10:00", "我投馄饨", target="馄饨")
    v("烧卖", "11-27 10:30", "票包子", target="包子")
    g.post(D2, "汤圆", "11-27 10:40", "冬瓜死了，我觉得包子嫌疑最大。")
    v("春卷", "11-27 11:00", "我投包子", target="包子")
    v(
        "汤圆",
        "11-27 11:30",
        "我投冬瓜，他死得太蹊跷。",
        target="冬瓜",
        valid=False,
        counts=False,
        problem="target_not_alive",
    )
    v("番茄", "11-27 12:00", "弃权", target="弃权")
    v("南瓜", "11-27 12:30", "我投包子", target="包子")
    g.rounds.append(dict(day=2, round=1, expect={"包子": 6, "馄饨": 2}, outcome="eliminated 包子"))
    g.post(
        P,
        "导演",
        "11-28 00:05",
        "第二天投票结果：环节一 包子6票（过半），馄饨2票。包子出局，进入夜晚。",
    )
    g.events.append(dict(type="eliminated", player="包子", at="11-27 23:59:59", how="vote"))
    g.notes = [
        *KB_NOTES,
        'Free form (game.toml sets [rules.VOTE-FORMAT] format = "free", README: \'for votes written '
        "naturally as in killbar7'): 我投X / X一票 / 票X / 投X / 弃权 are votes; a later vote by the same "
        "player in the same round is the one change (改投X, 还是投X, 算了我投X).",
        "Two names in one post ('本来想投馄饨，想了想还是投油条'): the last clear vote (油条) counts. 油条's r1 change "
        "'算了，改投包子，馄饨解释得还行' names 馄饨 last, but only 包子 is voted for (改投包子): target 包子; likewise "
        "烧卖's r2 '改投馄饨，油条说服我了' is a vote for 馄饨.",
        "Not votes (no ballot): '别投馄饨…' (冬瓜 r1), '要是投烧卖呢？' (番茄 r1), '包子和馄饨今天都很怪' (南瓜 r1), "
        "'别投包子！' (春卷 r3), '要是投馄饨呢？' (汤圆 r3), '现在包子和馄饨各几票了' (饺子 r3), "
        "'春卷，我不是可疑者' (冬瓜 r2).",
        "'上一轮我投的馄饨，这一轮也投馄饨' (南瓜 r2) and '还是投包子，和昨天一样' (饺子 r2) talk about the past; "
        "the vote is the present one (same name).",
        "Round 3: 番茄 abstained at 14:00, then '算了我投馄饨' at 11-26 00:10 after the round closed: late, "
        "void (it would also be his change). 南瓜's '改投包子' at 23:30 is in the last hour: void, his 馄饨 "
        "stands; 冬瓜's first vote at 23:10 is valid. 5:5 in 高票对决 → '如最高票出现平票，则不死人'.",
        "Day 2: 包子 6 of 10 living (过半) → dies in round 1.",
    ]
    return g


# ====================================================================== game 3


def m107_votes() -> Game:
    players = list(ROSTER)
    g = Game(
        "m107_votes",
        "[M107] 摩天大楼（投票）",
        "m107",
        players,
        10701,
        107,
        """# [M107] 摩天大楼 — blind vote-reader game 3.
# Generated by make_games.py (do not edit by hand); truth.json lists every vote attempt.
# Day 1 11-20 09:00 .. 11-21 22:00 (警长竞选): 油条 5, 番茄 4 → 油条 sheriff (1.5 votes).
# Night: 土豆 killed. Day 2 11-22 09:00 .. 22:00: 馄饨 5.5, 包子 3 → 馄饨 out.
# Cases: 代投 / 代投改票 by 导演, a 代投 in the last 30 minutes, a change in the last hour, a second
# change, a change without quote, '我投他吧' (void), a vote for the night-killed 土豆, a late vote,
# 弃权, a dead voter, a non-player's vote, a typo fixed by an edit, the director's format template.""",
    )
    g.extra_members = {"路人甲": 30}
    g.thread(1070, "[M107]『摩天大楼』进程帖", "process")
    g.thread(1071, "[M107] 第一天讨论帖", "discussion", 1)
    g.thread(1072, "[M107] 第一天投票帖（警长竞选）", "vote", 1)
    g.thread(1073, "[M107] 第二天讨论帖", "discussion", 2)
    g.thread(1074, "[M107] 第二天投票帖", "vote", 2)
    P, D1, V1, D2, V2 = 1070, 1071, 1072, 1073, 1074
    g.days.append(dict(number=1, opens="11-20 09:00:00", closes="11-21 22:00:00"))
    g.days.append(dict(number=2, opens="11-22 09:00:00", closes="11-22 22:00:00"))
    g.post(
        P,
        "导演",
        "11-19 20:00",
        "[b]进程帖[/b]\n第一天：11月20日 09:00 至 11月21日 22:00（警长竞选）\n第二天：11月22日 09:00 – 22:00",
    )
    g.post(
        D1,
        "导演",
        "11-20 09:00:00",
        "第一天讨论帖\n开放时间：11月20日 09:00 至 11月21日 22:00。\n平安夜。",
    )
    g.chatter(D1, "11-20 09:30", "11-21 21:00", players, 5)
    g.post(
        V1,
        "导演",
        "11-20 09:00:00",
        "第一天投票帖（警长竞选）\n截止：11月21日 22:00。\n投票格式如下——\n\n"
        "投票对象：饺子\n投票理由：饺子好吃\n\n投票对象：弃权\n投票理由：搞不清楚\n\n"
        "改票对象：包子\n改票理由：包子也好吃\n\n改票须引用原投票帖；关门前一小时不得改票。",
    )

    def v(*a, **k):
        return g.vote(V1, *a, day=1, **k)

    v("饺子", "11-20 10:00", V("油条", "油条发言稳，适合带队。"), target="油条")
    v("包子", "11-20 10:40", V("油条", "同饺子，油条逻辑清楚。"), target="油条")
    v("馄饨", "11-20 11:30", V("番茄", "番茄思路好。"), target="番茄")
    v(
        "汤圆",
        "11-20 13:00",
        V("油条", "先跟一票。"),
        target="油条",
        counts=False,
        key="m_d1_tangyuan",
    )
    v("豆浆", "11-20 14:00", V("油条", "油条昨晚的分析很到位。"), target="油条")
    g.post(V1, "春卷", "11-20 14:30", "顶一下，大家记得投票。")
    v("油条", "11-20 15:10", V("番茄", "番茄比我更适合当警长。"), target="番茄")
    v(
        "烧卖",
        "11-20 16:00",
        "我投他吧，理由同楼上。",
        target=None,
        valid=False,
        counts=False,
        problem="format",
    )
    v("春卷", "11-20 18:00", V("弃权", "搞不清楚"), target="弃权")
    v(
        "汤圆",
        "11-20 20:00",
        V("番茄", "看了馄饨的理由，改投番茄。", "改票"),
        target="番茄",
        change=True,
        quote="m_d1_tangyuan",
    )
    v("番茄", "11-21 10:00", V("油条", "油条带队我放心。"), target="油条")
    v(
        "冬瓜",
        "11-21 12:00",
        "【代投】冬瓜委托导演代投\n" + V("番茄", "冬瓜出差，委托导演代投番茄。"),
        voter="冬瓜",
        target="番茄",
        proxy=True,
    )
    v("南瓜", "11-21 21:30", V("油条", "最后一刻投油条。"), target="油条")
    v(
        "土豆",
        "11-21 22:05",
        V("油条", "来晚了，投油条。"),
        target="油条",
        valid=False,
        counts=False,
        problem="late",
    )
    g.rounds.append(dict(day=1, round=1, expect={"油条": 5, "番茄": 4}, outcome="sheriff 油条"))
    g.post(P, "导演", "11-21 22:10", "第一天投票结束：油条5票，番茄4票。油条当选警长。")
    g.events.append(dict(type="sheriff", player="油条", at="11-21 22:00:00", how="elected"))
    g.events.append(dict(type="eliminated", player="土豆", at="11-22 09:00:00", how="night"))
    g.sheriff[2] = ("油条", 1.5)
    # ---------------------------------------------------------------- day 2
    alive = [x for x in players if x != "土豆"]
    g.post(
        D2,
        "导演",
        "11-22 09:00:00",
        "第二天讨论帖\n开放时间：11月22日 09:00 至 22:00。\n昨晚土豆出局。警长：油条。",
    )
    g.chatter(D2, "11-22 09:10", "11-22 21:00", alive, 5)
    g.post(
        V2,
        "导演",
        "11-22 09:00:00",
        "第二天投票帖\n截止：11月22日 22:00。请按规则贴的格式投票，改票须引用原投票帖。",
    )

    def v(*a, **k):
        return g.vote(V2, *a, day=2, **k)

    v(
        "饺子",
        "11-22 10:00",
        V("包子", "包子昨天投油条太快了。"),
        target="包子",
        counts=False,
        key="m_d2_jiaozi",
    )
    v(
        "包子",
        "11-22 10:30",
        V("馄饨", "馄饨昨天投番茄，和油条对着干。"),
        target="馄饨",
        key="m_d2_baozi",
    )
    v(
        "馄饨",
        "11-22 11:00",
        V("包子", "饺子说得对，包子跟票太快。"),
        target="包子",
        key="m_d2_huntun",
    )
    v("豆浆", "11-22 11:30", V("包子", "包子的发言一直在绕。"), target="包子")
    v(
        "汤圆",
        "11-22 12:00",
        V("馄饨", "馄饨的理由站不住。"),
        target="馄饨",
        edited_at="11-22 12:10",
    )
    v("油条", "11-22 12:30", V("馄饨", "作为警长，我认为馄饨最可疑。"), target="馄饨")
    v(
        "烧卖",
        "11-22 13:00",
        V("土豆", "土豆昨天最后才投票。"),
        target="土豆",
        valid=False,
        counts=False,
        problem="target_not_alive",
    )
    v(
        "土豆",
        "11-22 13:20",
        V("包子", "我死得冤，包子是狼。"),
        target="包子",
        valid=False,
        counts=False,
        problem="voter_not_alive",
    )
    v(
        "番茄",
        "11-22 14:00",
        "【代投】番茄委托导演代投\n" + V("包子", "番茄在外地，委托导演代投包子。"),
        voter="番茄",
        target="包子",
        proxy=True,
        counts=False,
        key="m_d2_fanqie",
    )
    v(
        "饺子",
        "11-22 15:00",
        V("馄饨", "看了油条的发言，改投馄饨。", "改票"),
        target="馄饨",
        change=True,
        quote="m_d2_jiaozi",
        key="m_d2_jiaozi2",
    )
    v(
        "馄饨",
        "11-22 16:00",
        V("豆浆", "豆浆一直在跟我的票。", "改票"),
        target="豆浆",
        change=True,
        valid=False,
        counts=False,
        problem="change_without_quote",
    )
    v("春卷", "11-22 17:00", V("弃权", "两边都有道理。"), target="弃权")
    g.post(V2, "豆浆", "11-22 17:30", "馄饨改票没引用原帖吧？")
    v(
        "饺子",
        "11-22 18:00",
        V("包子", "还是包子吧。", "改票"),
        target="包子",
        change=True,
        valid=False,
        counts=False,
        problem="second_change",
        quote="m_d2_jiaozi2",
    )
    v("南瓜", "11-22 19:00", V("包子", "包子的辩解不够。"), target="包子")
    v(
        "路人甲",
        "11-22 19:30",
        V("馄饨", "围观一下，投馄饨。"),
        target="馄饨",
        valid=False,
        counts=False,
        problem="not_a_player",
    )
    v(
        "番茄",
        "11-22 20:30",
        "【代投改票】番茄委托导演改票\n" + V("馄饨", "番茄改变主意，委托导演改投馄饨。", "改票"),
        voter="番茄",
        target="馄饨",
        proxy=True,
        change=True,
        quote="m_d2_fanqie",
    )
    v(
        "包子",
        "11-22 21:20",
        V("番茄", "番茄临时改票很奇怪。", "改票"),
        target="番茄",
        change=True,
        valid=False,
        counts=False,
        problem="last_hour_change",
        quote="m_d2_baozi",
    )
    v(
        "冬瓜",
        "11-22 21:40",
        "【代投】冬瓜委托导演代投\n" + V("包子", "冬瓜委托导演代投包子。"),
        voter="冬瓜",
        target="包子",
        proxy=True,
        valid=False,
        counts=False,
        problem="proxy_late",
    )
    g.rounds.append(
        dict(day=2, round=1, expect={"馄饨": 5.5, "包子": 3}, outcome="eliminated 馄饨")
    )
    g.post(P, "导演", "11-22 22:10", "第二天投票结束：馄饨5.5票，包子3票。馄饨出局。")
    g.events.append(dict(type="eliminated", player="馄饨", at="11-22 22:00:00", how="vote"))
    g.notes = [
        "M107 投票规则: '明确说明投票对象和投票理由' and '投票格式有误的投票将算作废票' — 烧卖's '我投他吧，理由同楼上' "
        "has no 投票对象 line and no name: void, problem format, target null.",
        "M107 投票规则: '（只）有一次改票机会，改票时必须引用原投票帖' — 饺子's third post (18:00, quoting his change) is a "
        "second change: void, his 15:00 change to 馄饨 stands. 馄饨's 16:00 改票 without a quote: void "
        "(change_without_quote), his 包子 stands.",
        "M107 投票规则: '白天结束前一个小时不得改票' — 包子's change at 21:20 (close 22:00): void "
        "(last_hour_change), his 馄饨 stands. 南瓜's day-1 first vote at 21:30 is a vote, not a change: valid.",
        "M107 投票规则: '投票截止时间是当天白天结束' — 土豆's day-1 vote at 22:05: late.",
        "M107 玩家须知 9 (导演代投): director's 代投 posts are ballots of the named player (proxy=true). "
        "'若导演在投票截止前30分钟内再让导演代投，该票作废' — 冬瓜's 代投 posted 21:40 (20 minutes before 22:00): void "
        "(proxy_late). '如需代投改票，需在投票截止前1个小时' — 番茄's 代投改票 posted 20:30 (90 minutes before), "
        "quoting the 代投 post: a valid change.",
        "M107 出局: '已经公示的出局角色…不允许被选为…投票的目标' — 土豆 (night kill announced at day 2's opening): "
        "烧卖's vote for him is void (target_not_alive); 土豆's own day-2 vote: voter_not_alive.",
        "路人甲 (a forum member, not in the game) posting a vote: not_a_player.",
        "汤圆's day-2 vote was edited at 12:10 (the page shows 本帖最后由 汤圆 编辑; '修改错别字不算做改票'): "
        "one valid vote for 馄饨, not a change.",
        "Day 1 is the sheriff election (M107 投票: '第一天白天，获得投票最多的角色将成为警长'): outcome 'sheriff 油条'. "
        "From day 2 the sheriff's vote weighs 1.5 (警长 带队).",
        "The director's day-1 opening post quotes the seed's format template (投票对象：饺子 …): a director's "
        "post, not a ballot. 春卷's '顶一下' and 豆浆's question are chatter.",
        "M107 has two tie rules (投票: '平票则无人出局'; 游戏流程 4: '平票则警长投票的人出局'); this game has no tie.",
    ]
    return g


# ====================================================================== game 4


def rabbit030_votes() -> Game:
    players = ["饺子", "包子", "馄饨", "豆浆", "油条", "烧卖", "春卷", "汤圆", "冬瓜", "南瓜"]
    g = Game(
        "rabbit030_votes",
        "[030] 阿姨的衣柜（投票）",
        "rabbit030",
        players,
        30001,
        30,
        """# [030] 阿姨的衣柜 — blind vote-reader game 4.
# Generated by make_games.py (do not edit by hand); truth.json lists every vote attempt.
# Day 1 11-23 08:00 .. 11-24 22:00 (警长竞选): 包子 4, 馄饨 3 → 包子 sheriff (2 votes).
# Night: 春卷 killed. Day 2 11-25 08:00 .. 11-26 22:00: 馄饨 5 → out; 冬瓜 red-carded at the close.
# Cases: half-width colons, 投票对象 and 投票理由 on one line, format errors and their re-posts, a
# misspelt target, 代投 (valid / in the last hour), a change whose original target is sent off at
# the close, a change in the last hour, a second change, a change without quote, late, 弃权.""",
    )
    g.thread(300, "[030]『阿姨的衣柜』进程帖", "process")
    g.thread(301, "[030] 第一天讨论帖", "discussion", 1)
    g.thread(302, "[030] 第一天投票帖（警长竞选）", "vote", 1)
    g.thread(303, "[030] 第二天讨论帖", "discussion", 2)
    g.thread(304, "[030] 第二天投票帖", "vote", 2)
    P, D1, V1, D2, V2 = 300, 301, 302, 303, 304
    g.days.append(dict(number=1, opens="11-23 08:00:00", closes="11-24 22:00:00"))
    g.days.append(dict(number=2, opens="11-25 08:00:00", closes="11-26 22:00:00"))
    g.post(
        P,
        "导演",
        "11-22 20:00",
        "[b]进程帖[/b]\n第一天：11月23日 08:00 – 11月24日 22:00（警长竞选）\n第二天：11月25日 08:00 – 11月26日 22:00",
    )
    g.post(
        D1, "导演", "11-23 08:00:00", "第一天讨论帖\n开放时间：11月23日 08:00 至 11月24日 22:00。"
    )
    g.chatter(D1, "11-23 08:30", "11-24 21:00", players, 5)
    g.post(
        V1,
        "导演",
        "11-23 08:00:00",
        "第一天投票帖（警长竞选），截止 11月24日 22:00。\n【投票格式】\n"
        "投票对象：饺子\n投票理由：饺子好吃\n\n【改票格式】改票需回复原投票楼层\n改票对象：包子\n改票理由：包子也好吃\n\n"
        "标点不区分全半角，投票对象与投票理由之间可以不换行。",
    )

    def v(*a, **k):
        return g.vote(V1, *a, day=1, **k)

    v("饺子", "11-23 09:00", V("包子", "包子昨天的分析很有条理。"), target="包子")
    v("包子", "11-23 09:30", "投票对象:馄饨\n投票理由:看好他", target="馄饨")
    v("馄饨", "11-23 10:00", "投票对象：包子 投票理由：包子发言稳", target="包子")
    v("豆浆", "11-23 10:30", "投票对象:包子，投票理由:同上", target="包子")
    v(
        "油条",
        "11-23 11:00",
        "投包子，理由是他稳。",
        target=None,
        valid=False,
        counts=False,
        problem="format",
    )
    v(
        "烧卖",
        "11-23 11:30",
        "投票对象：馄饨",
        target="馄饨",
        valid=False,
        counts=False,
        problem="format",
    )
    v("春卷", "11-23 12:00", V("弃权", "没看清局势"), target="弃权")
    v("油条", "11-23 12:30", V("馄饨", "刚才格式错了，重新投：馄饨思路清楚。"), target="馄饨")
    v("汤圆", "11-23 13:00", V("包子", "包子。"), target="包子", counts=False, key="r_d1_tangyuan")
    v(
        "南瓜",
        "11-23 14:00",
        "投票对象：包孑\n投票理由：手滑",
        target=None,
        valid=False,
        counts=False,
        problem="unknown_target",
    )
    v(
        "冬瓜",
        "11-23 15:00",
        "导演代发：冬瓜的投票\n" + V("包子", "冬瓜委托导演代投。"),
        voter="冬瓜",
        target="包子",
        proxy=True,
    )
    v(
        "汤圆",
        "11-23 16:00",
        "改票对象：馄饨\n改票理由：馄饨的思路更好",
        target="馄饨",
        change=True,
        quote="r_d1_tangyuan",
    )
    g.post(V1, "饺子", "11-24 09:00", "南瓜的票好像写错字了。")
    g.rounds.append(dict(day=1, round=1, expect={"包子": 4, "馄饨": 3}, outcome="sheriff 包子"))
    g.post(P, "导演", "11-24 22:10", "第一天投票结束：包子4票，馄饨3票。包子当选警长。")
    g.events.append(dict(type="sheriff", player="包子", at="11-24 22:00:00", how="elected"))
    g.events.append(dict(type="eliminated", player="春卷", at="11-25 08:00:00", how="night"))
    g.sheriff[2] = ("包子", 2)
    # ---------------------------------------------------------------- day 2
    alive = [x for x in players if x != "春卷"]
    g.post(
        D2,
        "导演",
        "11-25 08:00:00",
        "第二天讨论帖\n开放时间：11月25日 08:00 至 11月26日 22:00。\n昨晚春卷出局。警长：包子。",
    )
    g.chatter(D2, "11-25 08:30", "11-26 21:00", alive, 5)
    g.post(
        V2,
        "导演",
        "11-25 08:00:00",
        "第二天投票帖，截止 11月26日 22:00。关门前一小时不允许改票或代投。",
    )

    def v(*a, **k):
        return g.vote(V2, *a, day=2, **k)

    v(
        "饺子",
        "11-25 10:00",
        V("冬瓜", "冬瓜的发言太少。"),
        target="冬瓜",
        counts=False,
        key="r_d2_jiaozi",
    )
    v("包子", "11-25 10:30", V("馄饨", "馄饨昨天投我，今天又踩我。"), target="馄饨")
    v(
        "馄饨",
        "11-25 11:00",
        V("油条", "油条昨天的格式错票很可疑。"),
        target="油条",
        counts=False,
        key="r_d2_huntun",
    )
    v("豆浆", "11-25 11:30", V("冬瓜", "冬瓜一直在潜水。"), target="冬瓜")
    v("油条", "11-25 12:00", V("馄饨", "馄饨的票型有问题。"), target="馄饨", key="r_d2_youtiao")
    v("烧卖", "11-25 12:30", V("油条", "油条说话太急。"), target="油条", key="r_d2_shaomai")
    v(
        "汤圆",
        "11-25 13:00",
        V("春卷", "春卷遗言有问题。"),
        target="春卷",
        valid=False,
        counts=False,
        problem="target_not_alive",
    )
    v(
        "馄饨",
        "11-25 13:30",
        V("豆浆", "豆浆跟票太快。", "改票"),
        target="豆浆",
        change=True,
        quote="r_d2_huntun",
        key="r_d2_huntun2",
    )
    v("冬瓜", "11-25 14:00", V("饺子", "饺子一上来就踩我。"), target="饺子")
    v(
        "饺子",
        "11-25 15:00",
        "改票对象：馄饨\n改票理由：冬瓜解释了，馄饨更可疑",
        target="馄饨",
        change=True,
        quote="r_d2_jiaozi",
    )
    v("汤圆", "11-25 16:00", "投票对象：馄饨；投票理由：刚才投错了人，重新投馄饨", target="馄饨")
    v(
        "馄饨",
        "11-25 17:00",
        V("油条", "还是油条。", "改票"),
        target="油条",
        change=True,
        valid=False,
        counts=False,
        problem="second_change",
        quote="r_d2_huntun2",
    )
    v(
        "烧卖",
        "11-26 12:00",
        "改票对象:馄饨\n改票理由:包子说得对",
        target="馄饨",
        change=True,
        valid=False,
        counts=False,
        problem="change_without_quote",
    )
    g.post(V2, "南瓜", "11-26 18:00", "我今天在外面，晚点请导演帮我代投。")
    v(
        "南瓜",
        "11-26 21:20",
        "导演代发：南瓜的投票\n" + V("油条", "南瓜委托导演代投。"),
        voter="南瓜",
        target="油条",
        proxy=True,
        valid=False,
        counts=False,
        problem="proxy_late",
    )
    v(
        "油条",
        "11-26 21:30",
        V("豆浆", "最后改一下。", "改票"),
        target="豆浆",
        change=True,
        valid=False,
        counts=False,
        problem="last_hour_change",
        quote="r_d2_youtiao",
    )
    v(
        "南瓜",
        "11-26 22:01",
        V("油条", "赶回来了，自己投油条。"),
        target="油条",
        valid=False,
        counts=False,
        problem="late",
    )
    g.rounds.append(
        dict(
            day=2,
            round=1,
            expect={"馄饨": 5, "豆浆": 1, "油条": 1, "冬瓜": 1, "饺子": 1},
            outcome="eliminated 馄饨",
        )
    )
    g.post(
        P,
        "导演",
        "11-26 22:10",
        "第二天投票结束：馄饨5票（含警长包子2票），出局。\n冬瓜累计三张黄牌，红牌罚下。",
    )
    g.events.append(dict(type="eliminated", player="馄饨", at="11-26 22:00:00", how="vote"))
    g.events.append(dict(type="eliminated", player="冬瓜", at="11-26 22:00:00", how="sent_off"))
    g.notes = [
        "030 投票规则: '投票格式中标点符号不区分全半角。投票对象与投票理由之间可以不换行' — 包子's and 豆浆's half-width "
        "colons, 馄饨's and 豆浆's one-line votes, 汤圆's day-2 '；' one-liner and 烧卖's half-width 改票 are all in "
        "format (烧卖's fails for the missing quote only).",
        "030 投票规则: '请严格依照投票格式或改票格式进行投票。投票格式或投票对象有误的票无效。无效票须通过重新发帖来更正' — "
        "油条's '投包子，理由是他稳。' is void (format, target null); his re-post at 12:30 is a fresh vote, NOT a "
        "change (change=false). 汤圆's day-2 vote for the dead 春卷 is void and his 16:00 re-post is a fresh vote too. "
        "UNSURE: 烧卖's '投票对象：馄饨' without any 投票理由 line is judged a format error (the format has two "
        "lines and the seed says 严格依照); a lenient director might accept it. 南瓜's '包孑' (not a player's "
        "name) is void with tag unknown_target, target null.",
        "030 投票规则: '投票帖可以申请由导演代发' / '关门前一小时不允许改票或代投' — the director's 代发 posts are the "
        "player's ballots (proxy=true); 南瓜's 代投 at 21:20 (close 22:00) is void (proxy_late).",
        "030 投票规则: '改票只允许进行一次' (馄饨's 17:00 second change void), '关门前一小时不允许改票' (油条's 21:30 "
        "change void), '【改票格式】改票需回复原投票楼层' (烧卖's unquoted change void).",
        "030 投票: '第二天及之后的讨论日票数最高的角色如只有一个，则其出局'; 警长 带队 '警长投出的票计为两票' — 包子's vote "
        "weighs 2 on day 2 (馄饨 = 包子 2 + 饺子 + 油条 + 汤圆 = 5).",
        "030 出局: '白天结束时红牌罚下的出局结算在投票结算之后执行' — 冬瓜 is sent off at the close (event at 22:00), after "
        "the tally: his own vote (for 饺子) and 豆浆's vote for him stand and count; 饺子's vote for 冬瓜 and his "
        "change to 馄饨 are judged as a vote and a change as usual (冬瓜 was alive when they were posted).",
        "南瓜's own vote at 22:01:00 (close 22:00:00): late.",
        "Day 1 is the sheriff election ('第一天讨论日最先获得最多投票的角色将成为警长'): outcome 'sheriff 包子'.",
        "The director's day-1 opening post quotes the seed's format (投票对象：饺子 …): not a ballot. 饺子's and "
        "南瓜's remarks in the vote threads are chatter.",
    ]
    return g


# ====================================================================== game 5


def m39_votes() -> Game:
    players = ["饺子", "包子", "馄饨", "豆浆", "油条", "烧卖", "春卷", "汤圆", "番茄", "土豆"]
    g = Game(
        "m39_votes",
        "[M39] 寒蝉鸣泣之时（投票）",
        "m39",
        players,
        39001,
        39,
        """# [M39] 寒蝉鸣泣之时 — blind vote-reader game 5.
# Generated by make_games.py (do not edit by hand); truth.json lists every vote attempt.
# Day 1 11-27 09:00 .. 21:00 (警长竞选): 豆浆 5, 油条 3 → 豆浆 sheriff (2 votes).
# Night: 饺子 killed; 包子 and 春卷 enter 雏见泽综合症Lv.3 (piped on day 2).
# Day 2 11-28 09:00 .. 21:00, 执行加速 (accelerated: no changes): 油条 6, 汤圆 3 → 油条 out.
# Cases: a one-line vote with no separator at all, half-width colons, 代投 (valid / in the last
# hour), a change in the last hour, changes on an accelerated day, piped players' votes with
# normal and 咪啪 reasons, a dead voter, a vote for the dead, a re-post after a void vote.""",
    )
    g.thread(390, "[M39]『寒蝉鸣泣之时』进程帖", "process")
    g.thread(391, "[M39] 第一天讨论帖", "discussion", 1)
    g.thread(392, "[M39] 第一天投票帖（警长竞选）", "vote", 1)
    g.thread(393, "[M39] 第二天讨论帖", "discussion", 2)
    g.thread(394, "[M39] 第二天投票帖", "vote", 2)
    P, D1, V1, D2, V2 = 390, 391, 392, 393, 394
    g.days.append(dict(number=1, opens="11-27 09:00:00", closes="11-27 21:00:00"))
    g.days.append(dict(number=2, opens="11-28 09:00:00", closes="11-28 21:00:00", accelerated=True))
    g.post(
        P,
        "导演",
        "11-26 20:00",
        "[b]进程帖[/b]\n第一天：11月27日 09:00 – 21:00（警长竞选）\n第二天：11月28日 09:00 – 21:00",
    )
    g.post(D1, "导演", "11-27 09:00:00", "第一天讨论帖\n开放时间：11月27日 09:00 至 21:00。")
    g.chatter(D1, "11-27 09:10", "11-27 20:30", players, 5)
    g.post(
        V1,
        "导演",
        "11-27 09:00:00",
        "第一天投票帖（警长竞选），截止 11月27日 21:00。\n请按规则贴的【投票格式】投票；改票需回复原投票楼层。",
    )

    def v(*a, **k):
        return g.vote(V1, *a, day=1, **k)

    v("饺子", "11-27 09:30", V("豆浆", "豆浆开局分析最完整。"), target="豆浆")
    v("包子", "11-27 10:00", V("豆浆", "同饺子。"), target="豆浆")
    v("土豆", "11-27 10:20", V("油条", "油条看着稳。"), target="油条", key="m39_d1_tudou")
    v("馄饨", "11-27 10:40", "投票对象:油条\n投票理由:油条冷静", target="油条")
    v("豆浆", "11-27 11:00", V("油条", "我不想当警长，投油条。"), target="油条")
    v("油条", "11-27 11:30", V("豆浆", "豆浆比我合适。"), target="豆浆")
    v("烧卖", "11-27 12:00", "投票对象：豆浆投票理由：稳", target="豆浆")
    v("春卷", "11-27 12:30", V("弃权", "还没想好"), target="弃权")
    v(
        "汤圆",
        "11-27 13:00",
        V("油条", "油条。"),
        target="油条",
        counts=False,
        key="m39_d1_tangyuan",
    )
    g.post(V1, "番茄", "11-27 14:00", "我晚上可能不在，已经找导演代投了。")
    v(
        "汤圆",
        "11-27 15:00",
        V("豆浆", "看了烧卖的理由，改投豆浆。", "改票"),
        target="豆浆",
        change=True,
        quote="m39_d1_tangyuan",
    )
    v(
        "土豆",
        "11-27 20:10",
        V("豆浆", "最后还是豆浆。", "改票"),
        target="豆浆",
        change=True,
        valid=False,
        counts=False,
        problem="last_hour_change",
        quote="m39_d1_tudou",
    )
    v(
        "番茄",
        "11-27 20:30",
        "【代投】番茄委托导演代投\n" + V("油条", "番茄委托导演代投。"),
        voter="番茄",
        target="油条",
        proxy=True,
        valid=False,
        counts=False,
        problem="proxy_late",
    )
    g.rounds.append(dict(day=1, round=1, expect={"豆浆": 5, "油条": 3}, outcome="sheriff 豆浆"))
    g.post(P, "导演", "11-27 21:10", "第一天投票结束：豆浆5票，油条3票。豆浆当选警长。")
    g.events.append(dict(type="sheriff", player="豆浆", at="11-27 21:00:00", how="elected"))
    g.events.append(dict(type="eliminated", player="饺子", at="11-28 09:00:00", how="night"))
    g.events.append(dict(type="piped", player="包子", at="11-28 09:00:00", until="11-28 21:00:00"))
    g.events.append(dict(type="piped", player="春卷", at="11-28 09:00:00", until="11-28 21:00:00"))
    g.sheriff[2] = ("豆浆", 2)
    # ---------------------------------------------------------------- day 2
    alive = [x for x in players if x != "饺子"]
    g.post(
        D2,
        "导演",
        "11-28 09:00:00",
        "第二天讨论帖\n开放时间：11月28日 09:00 至 21:00。\n昨晚饺子出局。\n"
        "包子、春卷 进入【雏见泽综合症Lv.3】。\n警长：豆浆。\n存活角色较少，本日执行加速：所有人不可改票。",
    )
    talkers = [x for x in alive if x not in ("包子", "春卷")]
    g.chatter(D2, "11-28 09:10", "11-28 20:30", talkers, 3)
    for i, (name, line) in enumerate(
        [("包子", "咪啪 咪啪"), ("春卷", "啊呜 nanodesu"), ("包子", ":lol"), ("春卷", "哈呜 kana")]
    ):
        g.post(D2, name, f"11-28 1{i}:15", line)
    g.post(
        V2, "导演", "11-28 09:00:00", "第二天投票帖，截止 11月28日 21:00。本日执行加速，不可改票。"
    )

    def v(*a, **k):
        return g.vote(V2, *a, day=2, **k)

    v("包子", "11-28 09:40", V("油条", "油条昨天一直在带节奏，今天还在划水。"), target="油条")
    v("春卷", "11-28 10:00", V("油条", "咪啪"), target="油条")
    v("馄饨", "11-28 10:30", "投票对象:汤圆 投票理由:汤圆昨天改票太突然", target="汤圆")
    v("豆浆", "11-28 11:00", V("油条", "作为警长投油条。"), target="油条")
    v("油条", "11-28 11:30", V("汤圆", "汤圆跟馄饨是一伙的。"), target="汤圆", key="m39_d2_youtiao")
    v(
        "烧卖",
        "11-28 12:00",
        V("饺子", "饺子的遗言有问题。"),
        target="饺子",
        valid=False,
        counts=False,
        problem="target_not_alive",
    )
    v(
        "番茄",
        "11-28 12:30",
        "【代投】番茄委托导演代投\n" + V("汤圆", "番茄委托导演代投。"),
        voter="番茄",
        target="汤圆",
        proxy=True,
    )
    v(
        "饺子",
        "11-28 13:00",
        V("油条", "我死了也要投油条。"),
        target="油条",
        valid=False,
        counts=False,
        problem="voter_not_alive",
    )
    v("烧卖", "11-28 13:30", V("油条", "饺子已经出局了，重新投油条。"), target="油条")
    v("汤圆", "11-28 14:00", V("油条", "油条投我没有理由。"), target="油条")
    v(
        "油条",
        "11-28 15:00",
        V("馄饨", "馄饨更可疑。", "改票"),
        target="馄饨",
        change=True,
        valid=False,
        counts=False,
        problem="accelerated_change",
        quote="m39_d2_youtiao",
    )
    v("土豆", "11-28 16:00", V("弃权", "两边都说得通"), target="弃权")
    g.rounds.append(dict(day=2, round=1, expect={"油条": 6, "汤圆": 3}, outcome="eliminated 油条"))
    g.post(
        P, "导演", "11-28 21:10", "第二天投票结束：油条6票（含警长豆浆2票），汤圆3票。油条出局。"
    )
    g.events.append(dict(type="eliminated", player="油条", at="11-28 21:00:00", how="vote"))
    g.notes = [
        "M39 投票规则: '投票格式中标点符号不区分全半角。投票对象与投票理由之间可以不换行' — 烧卖's "
        "'投票对象：豆浆投票理由：稳' (no separator at all) and 馄饨's half-width one-liner are valid; the target is "
        "the text before 投票理由.",
        "M39 吹笛者 说明(4): '遗言、投票理由等不受影响' — 包子 (piped) votes with a normal sentence as his reason and "
        "春卷 (piped) with '咪啪': both valid ballots (their discussion posts use only the allowed words).",
        "M39 讨论日长短: '执行加速时，所有人不可改票' — day 2 is accelerated (announced in the day's opening post, "
        "game file accelerated = true): 油条's quoted 改票 at 15:00 is void (tag accelerated_change), his first "
        "vote stands. UNSURE: whether an accelerated day still bans 代投 in the last hour is moot here; "
        "番茄's day-2 代投 is at 12:30.",
        "M39 投票规则: '关门前一小时不允许改票或代投' — 土豆's day-1 change at 20:10 (close 21:00): void "
        "(last_hour_change), his 油条 stands; 番茄's day-1 代投 at 20:30: void (proxy_late), so 番茄 has no "
        "counted vote on day 1.",
        "M39 投票规则: '投票格式或投票对象有误的票无效。无效票须通过重新发帖来更正' — 烧卖's day-2 vote for the dead 饺子 is "
        "void (target_not_alive); his 13:30 re-post is a fresh vote (change=false), valid even on an accelerated day.",
        "饺子 (night-killed, announced at day 2's opening) voting on day 2: voter_not_alive.",
        "M39 警长 带队: '计算投票数量时警长投出的票计为2票' — 豆浆 weighs 2 on day 2 (油条 = 包子 + 春卷 + 豆浆 2 + 烧卖 + 汤圆 = 6). "
        "Day 1 is the sheriff election ('第一天讨论日结束时，警长竞选帖最先高票者当选警长'): outcome 'sheriff 豆浆'.",
        "M39 states no tie rule for day 2+; this game has no tie.",
        "番茄's day-1 remark '已经找导演代投了' is chatter, not a ballot.",
    ]
    return g


def main():
    results = {}
    for make in (killbar7_labelled, killbar7_free, m107_votes, rabbit030_votes, m39_votes):
        g = make()
        t = g.build()
        results[g.folder] = t
        probs: dict[str, int] = {}
        for b in t["ballots"]:
            probs[str(b["problem"])] = probs.get(str(b["problem"]), 0) + 1
        print(g.folder, len(t["ballots"]), "ballots", probs)
        for r in t["rounds"]:
            print("   ", r["day"], r["round"], r["counts"], r["outcome"])


if __name__ == "__main__":
    main()
