"""For each rule set, a game written in its director's own style (the page writer renders
it) audits the same from a minimal game file as from the full one — from saved pages and
over loopback HTTP; and a second night with a new day's threads and a new announcement is
picked up with no edit.

Styles (from the seeds' titles and 时间 clauses): 030 ``[030] D1 讨论帖`` with
``开放时间：11月20日 08:00 至 11月21日 22:00`` and results in the 进程帖; M39
``[M39] 第一天讨论帖`` with ``时间：11月20日 8:00—22:00`` and 【雏见泽综合症Lv.3】 piping;
killbar7 ``[版杀7] 第一天 环节一 试探性投票`` with ``0:00-24:00`` rounds and a 法官.
The full game file is written from the same truth the script is built from (what a careful
director would type), never from discovery.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from auditor.pipeline import audit, open_game
from tests.forum_server import ForumServer
from tests.report_csv import report_rows
from tools.writer import parse_script, write_site

TZ = ZoneInfo("Asia/Shanghai")
PLAYERS = ["黄瓜", "冬瓜", "番茄", "芒果", "苦瓜", "杜鹃", "画眉", "茄子"]
COMPARED = ("activity.csv", "votes.csv", "tally.csv", "findings.csv", "ledger.csv")


def at(month: int, day: int, h: int, m: int = 0, s: int = 0) -> datetime:
    return datetime(2026, month, day, h, m, s, tzinfo=TZ)


def toml_time(t: datetime) -> str:
    return t.isoformat()


@dataclass
class Game:
    ruleset: str
    tag: str
    director: str
    threads: list[dict[str, object]] = field(default_factory=list)
    full_threads: list[str] = field(default_factory=list)
    full_days: list[str] = field(default_factory=list)
    full_events: list[str] = field(default_factory=list)
    next_tid: int = 300
    extra: dict[str, int] = field(default_factory=dict)  # forum accounts that are no player

    def thread(
        self, subject: str, kind: str, day: int | None, posts: list[dict[str, object]]
    ) -> int:
        tid = self.next_tid
        self.next_tid += 1
        for i, p in enumerate(posts):  # fixed pids: a forum never renumbers them
            p["pid"] = tid * 100 + i
        self.threads.append({"tid": tid, "fid": 2, "subject": subject, "post": posts})
        self.full_threads.append(
            f'[[thread]]\ntid = {tid}\nkind = "{kind}"\n' + (f"day = {day}\n" if day else "")
        )
        return tid

    def post(self, author: str, t: datetime, message: str) -> dict[str, object]:
        return {"author": author, "at": t, "message": message}

    def chatter(
        self, start: datetime, end: datetime, counts: dict[str, int]
    ) -> list[dict[str, object]]:
        """Players' discussion posts, spread over the window."""
        posts = []
        span = (end - start).total_seconds()
        k = 0
        for name, n in counts.items():
            for i in range(n):
                k += 1
                t = start + timedelta(seconds=int(span * ((k * 37) % 97 + 1) / 99))
                posts.append(
                    self.post(name, t, f"{name}的第{i + 1}条发言：我觉得场上局势还不明朗。")
                )
        return sorted(posts, key=lambda p: p["at"])  # type: ignore[arg-type,return-value]

    def votes(self, start: datetime, ballots: dict[str, str]) -> list[dict[str, object]]:
        return [
            self.post(
                v, start + timedelta(minutes=13 * (i + 1)), f"投票对象：{t}\n投票理由：感觉不对"
            )
            for i, (v, t) in enumerate(ballots.items())
        ]

    def day(self, n: int, opens: datetime, closes: datetime, phases: str = "") -> None:
        self.full_days.append(
            f"[[day]]\nnumber = {n}\nopens = {toml_time(opens)}\ncloses = {toml_time(closes)}\n{phases}"
        )

    def event(
        self,
        etype: str,
        player: str,
        t: datetime,
        how: str | None = None,
        until: datetime | None = None,
        announced: datetime | None = None,
    ) -> None:
        self.full_events.append(
            f'[[event]]\ntype = "{etype}"\nplayer = "{player}"\nat = {toml_time(t)}\n'
            + (f'how = "{how}"\n' if how else "")
            + (f"until = {toml_time(until)}\n" if until else "")
            + (f"announced = {toml_time(announced)}\n" if announced else "")
        )

    def script(self) -> dict[str, object]:
        members = {self.director: 1, **{p: i + 2 for i, p in enumerate(PLAYERS)}, **self.extra}
        return {
            "forum": {
                "base_url": "http://bbs.example.com/",
                "rendered_at": at(12, 10, 10),
                "boards": {"2": "版杀区"},
                "seed": 7,
            },
            "members": members,
            "thread": self.threads,
        }

    def head(self, minimal: bool, source: str) -> str:
        text = (
            f'[game]\nname = "{self.tag} 测试局"\nruleset = "{self.ruleset}"\n'
            f'directors = ["{self.director}"]\n'
            + (f'tag = "{self.tag}"\n' if minimal else "")
            + f"\n[forum]\n{source}\n"
            + ("board = 2\n" if minimal else "")
            + "\n[players]\nnames = ["
            + ", ".join(f'"{p}"' for p in PLAYERS)
            + "]\n\n"
        )
        return text

    def files(self, folder: Path, source: str) -> tuple[Path, Path]:
        """The full and the minimal file, each in a folder of its own (a store of this game
        beside a file whose store is not made yet is refused: auditor.store.siblings)."""
        (folder / "full").mkdir(exist_ok=True)
        (folder / "min").mkdir(exist_ok=True)
        full = folder / "full" / "full.toml"
        full.write_text(
            self.head(False, source)
            + "\n".join(self.full_threads + self.full_days + self.full_events),
            encoding="utf-8",
        )
        minimal = folder / "min" / "minimal.toml"
        minimal.write_text(self.head(True, source), encoding="utf-8")
        return full, minimal


EVERYONE = dict.fromkeys(PLAYERS, 6)


def ask_in_process(g: Game, askers: list[str], when: datetime, message: str) -> None:
    """``askers`` post ``message`` (申请加速, 申请延时) in 030's process thread, a minute
    apart from ``when`` (pids 9000 on)."""
    process = next(t for t in g.threads if t["subject"] == "[030] 进程帖")
    posts = process["post"]
    assert isinstance(posts, list)
    for i, name in enumerate(askers):
        posts.append(
            {"author": name, "at": when + timedelta(minutes=i), "message": message, "pid": 9000 + i}
        )
    posts.sort(key=lambda p: p["at"])  # type: ignore[arg-type,return-value]


def rabbit030() -> Game:
    """030: two-day discussion days, D-numbered titles, results in the process thread."""
    g = Game("rabbit030", "030", "扫把无限")
    d1 = (at(11, 20, 8), at(11, 21, 22))
    d2 = (at(11, 22, 8), at(11, 23, 22))
    g.thread(
        "[030]『阿姨的衣柜』—— 规则帖",
        "rules",
        None,
        [g.post("扫把无限", at(11, 19, 20), "规则见楼下。")],
    )
    g.thread(
        "[030] 进程帖",
        "process",
        None,
        [
            g.post("扫把无限", at(11, 19, 21), "进程帖：申请加速或延时请在这里。"),
            g.post("黄瓜", at(11, 21, 9), "番茄当选警长了吗？"),
            g.post("扫把无限", at(11, 21, 22, 10), "D1 投票结果：番茄 4 票，番茄当选警长。"),
            g.post("扫把无限", at(11, 23, 22, 5), "D2 投票结果：芒果 5 票，芒果被投票出局。"),
        ],
    )
    g.thread(
        "[030] D1 讨论帖",
        "discussion",
        1,
        [
            g.post(
                "扫把无限", d1[0], "【D1】开放时间：11月20日 08:00 至 11月21日 22:00\n请开始讨论。"
            ),
            *g.chatter(*d1, {**EVERYONE, "苦瓜": 2}),
        ],
    )
    g.thread(
        "[030] D1 投票帖",
        "vote",
        1,
        [
            g.post("扫把无限", at(11, 21, 8), "D1 投票帖（警长竞选）"),
            *g.votes(
                at(11, 21, 9),
                {
                    "黄瓜": "番茄",
                    "冬瓜": "番茄",
                    "芒果": "番茄",
                    "杜鹃": "番茄",
                    "画眉": "黄瓜",
                    "茄子": "芒果",
                },
            ),
        ],
    )
    g.thread(
        "[030] D2 讨论帖",
        "discussion",
        2,
        [
            g.post(
                "扫把无限",
                d2[0],
                "【D2】开放时间：11月22日 08:00 至 11月23日 22:00\n昨夜冬瓜死亡。",
            ),
            *g.chatter(*d2, {**EVERYONE, "冬瓜": 1}),
        ],
    )
    g.thread(
        "[030] D2 投票帖",
        "vote",
        2,
        [
            g.post("扫把无限", at(11, 23, 8), "D2 投票帖"),
            *g.votes(
                at(11, 23, 9), {p: "芒果" for p in PLAYERS if p not in ("冬瓜", "芒果", "苦瓜")}
            ),
        ],
    )
    g.day(1, *d1)
    g.day(2, *d2)
    g.event("sheriff", "番茄", d1[1], "elected")
    # the full file states when each was announced (030 counts ghost posts from 已公示出局)
    g.event("eliminated", "冬瓜", d2[0], "night", announced=d2[0])
    g.event("eliminated", "芒果", d2[1], "vote", announced=at(11, 23, 22, 5))
    return g


def m39(announce: bool = True) -> Game:
    """M39: one-day days, results in the vote thread, 【雏见泽综合症Lv.3】 piping."""
    g = Game("m39", "M39", "导演")
    d1 = (at(11, 20, 8), at(11, 20, 22))
    d2 = (at(11, 21, 8), at(11, 21, 22))
    g.thread(
        "[M39]『寒蝉鸣泣之时』——规则贴", "rules", None, [g.post("导演", at(11, 19, 20), "规则。")]
    )
    g.thread(
        "[M39] 第一天讨论帖",
        "discussion",
        1,
        [
            g.post("导演", d1[0], "第一天讨论帖\n时间：11月20日 8:00—22:00"),
            *g.chatter(*d1, EVERYONE),
        ],
    )
    g.thread(
        "[M39] 第一天投票帖（警长竞选）",
        "vote",
        1,
        [
            g.post("导演", at(11, 20, 12), "投票时间：11月20日 12:00 至 22:00"),
            *g.votes(
                at(11, 20, 13), {"黄瓜": "杜鹃", "冬瓜": "杜鹃", "番茄": "杜鹃", "芒果": "苦瓜"}
            ),
            g.post("导演", at(11, 20, 22, 3), "投票结束，杜鹃当选警长。"),
        ],
    )
    g.thread(
        "[M39] 第二天讨论帖",
        "discussion",
        2,
        [
            g.post(
                "导演",
                d2[0],
                "第二天讨论帖\n时间：11月21日 8:00—22:00\n画眉 进入【雏见泽综合症Lv.3】",
            ),
            *g.chatter(*d2, {**EVERYONE, "茄子": 1}),
        ],
    )
    g.thread(
        "[M39] 第二天投票帖",
        "vote",
        2,
        [
            g.post("导演", at(11, 21, 12), "投票时间：11月21日 12:00 至 22:00"),
            *g.votes(at(11, 21, 13), {p: "黄瓜" for p in PLAYERS if p != "黄瓜"}),
            g.post(
                "导演", at(11, 21, 22, 3), "黄瓜 7 票，黄瓜出局。" if announce else "投票结束。"
            ),
        ],
    )
    g.day(1, *d1)
    g.day(2, *d2)
    g.event("sheriff", "杜鹃", d1[1], "elected")
    g.event("piped", "画眉", d2[0])
    g.event("eliminated", "黄瓜", d2[1], "vote")
    return g


def killbar7() -> Game:
    """killbar7: one day of three 24-hour rounds (环节一…三), each its own vote thread."""
    g = Game("killbar7", "版杀7", "法官")
    rounds = [
        (at(11, 20, 0), at(11, 20, 23, 59, 59)),
        (at(11, 21, 0), at(11, 21, 23, 59, 59)),
        (at(11, 22, 0), at(11, 22, 23, 59, 59)),
    ]
    names = ["一", "二", "三"]
    what = ["试探性投票", "可疑者辩论投票", "高票对决投票"]
    g.thread(
        "[版杀7] 第一天讨论贴",
        "discussion",
        1,
        [
            g.post("法官", rounds[0][0], "第一天：11月20日 0:00 至 11月22日 24:00"),
            *g.chatter(rounds[0][0], rounds[2][1], {**EVERYONE, "苦瓜": 2}),
        ],
    )
    phases = ""
    for i, (o, c) in enumerate(rounds):
        tid = g.thread(
            f"[版杀7] 第一天 环节{names[i]} {what[i]}",
            "vote",
            1,
            [
                g.post(
                    "法官",
                    o,
                    f"【环节{names[i]}】{what[i]}。时间为11月{20 + i}日０：００－２４：００",
                ),
                *g.votes(o + timedelta(hours=1), {p: "芒果" for p in PLAYERS if p != "芒果"}),
            ],
        )
        phases += (
            # each 环节 named as its vote thread's title names it (试探性投票)
            f'[[day.phase]]\nnumber = {i + 1}\nname = "{what[i]}"\nopens = {toml_time(o)}\n'
            f"closes = {toml_time(c)}\nvote_thread = {tid}\n"
        )
    g.thread(
        "[版杀7] 进程提示",
        "process",
        None,
        [
            g.post("法官", at(11, 19, 20), "进程提示在这里。"),
            g.post("法官", at(11, 23, 0, 30), "第一天结果：芒果被投票出局。"),
            g.post("法官", at(11, 23, 21), "冬瓜 死亡。"),
        ],
    )
    g.day(1, rounds[0][0], rounds[2][1], phases)
    g.event("eliminated", "芒果", rounds[2][1], "vote")
    g.event("eliminated", "冬瓜", at(11, 23, 21), "night")
    return g


GAMES = {"rabbit030": rabbit030, "m39": m39, "killbar7": killbar7}


def run(game: Path, reports: Path) -> dict[str, str]:
    result = audit(game, reports=reports)
    assert result.ok, result.problems
    assert result.report is not None
    return {name: (result.report / name).read_text(encoding="utf-8") for name in COMPARED}


def serve_site(server: ForumServer, pages: Path) -> None:
    import json

    index = json.loads((pages / "index.json").read_text(encoding="utf-8"))
    for url, info in index["pages"].items():
        server.route(url, (pages / info["file"]).read_bytes(), content_type=info["content_type"])


@pytest.mark.parametrize("source", ["saved", "http"])
@pytest.mark.parametrize("ruleset", sorted(GAMES))
def test_minimal_file_audits_the_same(tmp_path: Path, ruleset: str, source: str) -> None:
    g = GAMES[ruleset]()
    pages = tmp_path / "pages"
    write_site(parse_script(g.script()), pages)
    with ForumServer(None) as server:
        serve_site(server, pages)
        src = (
            f'pages = "{pages.as_posix()}"'
            if source == "saved"
            else f'url = "{server.base_url}"\ndelay = 0'
        )
        full, minimal = g.files(tmp_path, src)
        want = run(full, tmp_path / "r-full")
        got = run(minimal, tmp_path / "r-min")
    for name in COMPARED:
        assert got[name] == want[name], name
    disc = open_game(minimal).discovery
    assert not disc.warnings, disc.warnings
    assert len(disc.discovered("events")) == len(g.full_events)
    assert len(disc.discovered("days")) == len(g.full_days)


def test_second_night_picks_up_new_threads_and_announcements_over_http(tmp_path: Path) -> None:
    """Night 1 the board holds day 1 only; by night 2 the director has opened the day-2
    threads and announced the day-2 result in the process thread.  The minimal game file
    is never edited: night 2 finds the new threads, day and events, and audits the same
    as the full game file."""
    g = rabbit030()
    cutoff = at(11, 21, 23)  # after day 1's result, before day 2 opens

    def until(t: datetime) -> dict[str, object]:
        script = g.script()
        threads = []
        for th in g.threads:
            posts = [p for p in th["post"] if p["at"] <= t]  # type: ignore[attr-defined,index]
            if posts:
                threads.append({**th, "post": posts})
        script["thread"] = threads
        script["forum"]["rendered_at"] = t  # type: ignore[index]
        return script

    with ForumServer(None) as server:
        src = f'url = "{server.base_url}"\ndelay = 0'
        full, minimal = g.files(tmp_path, src)
        write_site(parse_script(until(cutoff)), tmp_path / "night1")
        serve_site(server, tmp_path / "night1")
        run(minimal, tmp_path / "r1")
        first = open_game(minimal)
        assert {t.day for t in first.threads if t.day} == {1}
        assert [d.number for d in first.days] == [1]
        assert [(e.type.value, e.player) for e in first.events] == [("sheriff", "番茄")]
        before = minimal.read_text(encoding="utf-8")

        write_site(parse_script(until(at(12, 1, 0))), tmp_path / "night2")
        serve_site(server, tmp_path / "night2")
        got = run(minimal, tmp_path / "r2")
        assert minimal.read_text(encoding="utf-8") == before  # no edit
        second = open_game(minimal)
        assert {t.day for t in second.threads if t.day} == {1, 2}
        assert [d.number for d in second.days] == [1, 2], (second.discovery.warnings, second.days)
        assert {(e.type.value, e.player, e.how) for e in second.events} == {
            ("sheriff", "番茄", "elected"),
            ("eliminated", "冬瓜", "night"),
            ("eliminated", "芒果", "vote"),
        }
        want = run(full, tmp_path / "r-full")
    for name in COMPARED:
        assert got[name] == want[name], name


def test_a_tally_no_one_announced_is_a_proposal_not_an_event(tmp_path: Path) -> None:
    """The director forgot to announce day 2's result: the tally's elimination is shown
    as a proposal (audit line and `auditor game`), and the player is not taken for out."""
    from typer.testing import CliRunner

    from auditor.cli import app
    from auditor.game.gamefile import EventType

    g = m39(announce=False)
    pages = tmp_path / "pages"
    write_site(parse_script(g.script()), pages)
    _, minimal = g.files(tmp_path, f'pages = "{pages.as_posix()}"')
    result = audit(minimal, reports=tmp_path / "r")
    assert result.proposals == [
        "第2天计票：黄瓜 最高票出局，但导演没有公示这个出局（确认后在进程帖公示，或在游戏文件里补上出局）"
    ]
    assert "待导演确认的提议 1 项" in result.line()
    game = open_game(minimal)
    assert not any(e.type is EventType.ELIMINATED for e in game.events)
    shown = CliRunner().invoke(app, ["game", str(minimal)], env={"COLUMNS": "250"})
    assert "提议：" in shown.output and "黄瓜 最高票出局" in shown.output
    assert result.report is not None
    html = (result.report / "report.html").read_text(encoding="utf-8")
    top = html[html.index('id="game-state"') : html.index('<div class="cards">')]
    assert "待导演确认的提议（1）" in top and "黄瓜 最高票出局" in top


@pytest.mark.parametrize(
    ("askers", "when", "proposed"),
    [
        (["黄瓜", "番茄", "杜鹃", "画眉"], at(11, 23, 12), True),  # 4 of 7 living ≥ half (030)
        (["黄瓜", "番茄", "杜鹃"], at(11, 23, 12), False),  # 3 of 7: not enough
        (["黄瓜", "番茄", "杜鹃", "画眉"], at(11, 23, 19, 30), False),  # after close − 3 h
        (["黄瓜", "番茄", "杜鹃", "冬瓜"], at(11, 23, 12), False),  # 冬瓜 is dead: 3 of 7
    ],
)
def test_acceleration_requests_are_a_proposal(
    tmp_path: Path, askers: list[str], when: datetime, proposed: bool
) -> None:
    """030 讨论日: 申请加速或延时的人数大于等于存活人数的一半; the requests close three hours
    before the day's end; only living players' requests in the process thread count."""
    g = rabbit030()
    ask_in_process(g, askers, when, "申请加速")
    pages = tmp_path / "pages"
    write_site(parse_script(g.script()), pages)
    _, minimal = g.files(tmp_path, f'pages = "{pages.as_posix()}"')
    result = audit(minimal, reports=tmp_path / "r")
    found = [p for p in result.proposals if "申请加速" in p]
    assert bool(found) is proposed, result.proposals
    if proposed:
        assert found[0].startswith("第2天：4/7 名存活玩家在进程帖申请加速")
    assert not any(d.accelerated for d in open_game(minimal).days)  # never applied


def test_a_substitute_account_plays_the_old_players_role(tmp_path: Path) -> None:
    """M39 替补: 小明替补茄子 in day 2's opening post; 小明's posts from then on are 茄子's
    (activity, lurking), with no edit of the game file."""

    g = m39()
    g.extra = {"小明": 20}
    day2 = next(t for t in g.threads if t["subject"] == "[M39] 第二天讨论帖")
    posts = day2["post"]
    assert isinstance(posts, list)
    posts[0]["message"] = str(posts[0]["message"]) + "\n小明替补茄子。"
    for p in posts[1:]:
        if p["author"] == "茄子":
            p["author"] = "小明"
    posts.extend(
        {
            "author": "小明",
            "at": at(11, 21, 9, i),
            "message": f"小明来替补了，第{i}条。",
            "pid": 9100 + i,
        }
        for i in range(1, 6)
    )
    posts.sort(key=lambda p: p["at"])
    pages = tmp_path / "pages"
    write_site(parse_script(g.script()), pages)
    _, minimal = g.files(tmp_path, f'pages = "{pages.as_posix()}"')
    out = run(minimal, tmp_path / "r")
    game = open_game(minimal)
    assert [(e.player, e.value) for e in game.events if e.type.value == "substitute"] == [
        ("茄子", "小明")
    ]
    rows = report_rows(out["activity.csv"])
    assert not any("小明" in r.values() for r in rows)
    day2 = next(r for r in rows if (r["player"], r["day"]) == ("茄子", "2"))
    assert int(day2["posts"]) == 7  # 小明's six discussion posts and 茄子's own vote
