"""Issue 34: structure first, never silent, one step to correct, ``--format json|csv``.

A director who writes his own way (times on labelled lines, a close alone, a day thread
with no time at all, a sheriff through the badge, a vote thread without a day, a night
left unannounced), through the real CLI on pages the page writer renders.
"""

from __future__ import annotations

import csv
import io
import json
import re
from datetime import datetime
from pathlib import Path

import pytest
from typer.testing import CliRunner

from auditor.cli import app
from auditor.errors import STATE_INCOMPLETE_EXIT
from auditor.game.gamefile import EventType, ThreadKind, load_game
from auditor.pipeline import open_game
from tests import paths
from tests.game.test_discover_rulesets import EVERYONE, PLAYERS, Game, at
from tools.writer import parse_script, write_site

ROOT = paths.ROOT
SAMPLE = ROOT / "examples" / "sample"
runner = CliRunner()


def own_style(*, day3: bool = True, loose_vote: bool = True) -> Game:
    """M107 by 老王: day 1's times on labelled lines, day 2's close alone, day 3 with no
    time (M107's seed gives no hour), the sheriff through the badge, no word of the night,
    no result for day 2, and a vote thread whose title names no day."""
    g = Game("m107", "M107", "老王")
    g.thread("[M107] 规则帖", "rules", None, [g.post("老王", at(11, 19, 20), "规则见楼下。")])
    g.thread("[M107] 进程帖", "process", None, [g.post("老王", at(11, 19, 21), "进程帖。")])
    d1 = (at(11, 20, 9), at(11, 21, 21, 30))
    g.thread(
        "[M107] 第一天讨论帖",
        "discussion",
        1,
        [
            g.post("老王", d1[0], "【公告】==第一天==\n开帖：11月20日 9:00\n关帖：11月21日 21:30"),
            *g.chatter(*d1, EVERYONE),
        ],
    )
    g.thread(
        "[M107] 第一天投票帖",
        "vote",
        1,
        [
            g.post("老王", at(11, 21, 8), "投票帖"),
            *g.votes(at(11, 21, 9), {p: "番茄" for p in PLAYERS if p != "番茄"}),
            g.post("老王", at(11, 21, 21, 40), "📢 番茄 请按格式发言！"),
        ],
    )
    d2 = (at(11, 22, 9), at(11, 22, 22))
    g.thread(
        "[M107] 第二天讨论帖",
        "discussion",
        2,
        [g.post("老王", d2[0], "第二日开始，今晚22点关帖"), *g.chatter(*d2, EVERYONE)],
    )
    if day3:
        g.thread(
            "[M107] 第三天讨论帖",
            "discussion",
            3,
            [
                g.post("老王", at(11, 23, 9), "第三天讨论帖"),
                *g.chatter(at(11, 23, 9), at(11, 23, 20), EVERYONE),
            ],
        )
    if loose_vote:
        g.thread("[M107] 加赛投票帖", "vote", None, [g.post("老王", at(11, 22, 12), "加赛。")])
    return g


def setup(tmp_path: Path, g: Game) -> Path:
    pages = tmp_path / "pages"
    write_site(parse_script(g.script()), pages)
    _full, minimal = g.files(tmp_path, f'pages = "{pages.as_posix()}"')
    text = minimal.read_text("utf-8").replace(
        "[game]\n", f'[game]\ndecided_by = "{g.director}"\n', 1
    )
    minimal.write_text(text, "utf-8")
    return minimal


def audit(game: Path, reports: Path) -> tuple[int, str]:
    got = runner.invoke(app, ["audit", str(game), "-q", "--reports", str(reports)])
    return got.exit_code, got.output


def game_json(game: Path) -> dict:  # type: ignore[type-arg]
    got = runner.invoke(app, ["game", str(game), "--format", "json"])
    assert got.exit_code == 0, got.output
    return json.loads(got.output)


def test_each_problem_is_said_first_with_its_own_exit_code(tmp_path: Path) -> None:
    minimal = setup(tmp_path, own_style())
    code, output = audit(minimal, tmp_path / "r")
    assert code == STATE_INCOMPLETE_EXIT == 7, output
    line = output.strip().splitlines()[-1]
    assert line.startswith("游戏状态不完整（"), line
    first, _rest = line.split("审计完成", 1)
    for said in (
        "第3天的帖子",  # a day thread without a known close
        "没有已知的关门时间",
        "第2天已关门（11-22 22:00），没有读到结果",  # a closed day without a result
        "第1夜",  # a night without an announced outcome
        "投票帖",  # a vote thread with no day
        "不知道是第几天",
        "未读懂的公告 1 条",  # 番茄 请按格式发言 (names a player, states nothing)
    ):
        assert said in first, said
    assert "没有问题" not in line
    # the report says it at its top, the post's text with it
    html = (tmp_path / "r" / "minimal" / "latest" / "report.html").read_text("utf-8")
    top = html[: html.index('id="game-state"')]
    assert (
        "游戏状态不完整" in top and "番茄 请按格式发言" in top and "抓取正常，没有问题" not in html
    )
    # auditor game lists the same, first
    shown = runner.invoke(app, ["game", str(minimal)], env={"COLUMNS": "250"})
    assert shown.exit_code == 0, shown.output
    assert shown.output.index("游戏状态不完整") < shown.output.index("帖子")
    assert "未读懂的公告（1）" in shown.output and "按格式发言" in shown.output


def test_days_from_threads_stated_and_inferred(tmp_path: Path) -> None:
    minimal = setup(tmp_path, own_style())
    audit(minimal, tmp_path / "r")
    data = game_json(minimal)
    days = {it["value"]["number"]: it for it in data["items"] if it["kind"] == "day"}
    assert days[1]["value"]["opens"] == "2026-11-20T09:00:00+08:00"
    assert days[1]["value"]["closes"] == "2026-11-21T21:30:00+08:00"
    assert {f["status"] for f in days[1]["fields"].values()} == {"stated"}
    # 第二日开始，今晚22点关帖: the close stated, the opening its post's time (inferred)
    assert days[2]["value"]["closes"] == "2026-11-22T22:00:00+08:00"
    assert days[2]["fields"]["closes"]["status"] == "stated"
    assert days[2]["fields"]["opens"]["status"] == "inferred"
    assert days[2]["status"] == "inferred"
    # day 3: no time anywhere and no hour in M107's seed: one question, no day yet
    assert 3 not in days
    asks = [it for it in data["items"] if it["kind"] == "schedule"]
    assert len(asks) == 1 and asks[0]["status"] == "proposed" and "--hour" in asks[0]["note"]
    done = runner.invoke(app, ["game", str(minimal), "--confirm", asks[0]["id"], "--hour", "21:00"])
    assert done.exit_code == 0, done.output
    assert re.search(r'schedule = \{close = "21:00"\}', minimal.read_text("utf-8"))
    data = game_json(minimal)
    days = {it["value"]["number"]: it for it in data["items"] if it["kind"] == "day"}
    assert days[3]["value"]["closes"] == "2026-11-23T21:00:00+08:00"
    assert days[3]["fields"]["closes"] == {
        "value": "2026-11-23T21:00:00+08:00",
        "source": "游戏文件 [rules] schedule（导演填写的关门时间）",
        "status": "inferred",
    }
    assert not any("第3天的帖子" in p for p in data["problems"])


def test_json_schema_and_csv(tmp_path: Path) -> None:
    minimal = setup(tmp_path, own_style())
    audit(minimal, tmp_path / "r")
    data = game_json(minimal)
    assert set(data) == {
        "game",
        "ruleset",
        "complete",
        "problems",
        "items",
        "unread",
        "dismissed",
        "answered",
    }
    assert data["complete"] is False
    statuses = set()
    for it in data["items"]:
        assert set(it) >= {"kind", "id", "value", "source", "status", "note"}
        assert it["status"] in ("stated", "inferred", "proposed", "confirmed")
        statuses.add(it["status"])
        if it["kind"] == "day":
            assert set(it["fields"]) == {"opens", "closes"}
    assert {"stated", "inferred", "proposed"} <= statuses
    # the tally's outcome (番茄 elected by the votes) is a proposal, the fallback of day 1
    tally = [it for it in data["items"] if it["source"] == "计票"]
    assert [(t["value"]["type"], t["value"]["player"], t["status"]) for t in tally] == [
        ("sheriff", "番茄", "proposed")
    ]
    (u,) = data["unread"]
    assert set(u) == {"pid", "tid", "floor", "posted_at", "why", "text", "link"}
    assert "番茄 请按格式发言" in u["text"] and u["why"] == "提到玩家 番茄"
    # a confirmed item says so
    thread = next(it for it in data["items"] if it["kind"] == "thread")
    assert runner.invoke(app, ["game", str(minimal), "--confirm", thread["id"]]).exit_code == 0
    again = game_json(minimal)
    same = next(it for it in again["items"] if it["value"] == thread["value"])
    assert (same["status"], same["source"], same["id"]) == ("confirmed", "游戏文件", None)
    got = runner.invoke(app, ["game", str(minimal), "--format", "csv"])
    rows = list(csv.DictReader(io.StringIO(got.output)))
    assert list(rows[0]) == ["kind", "id", "key", "field", "value", "source", "status"]
    assert any(r["kind"] == "day" and r["field"] == "closes" for r in rows)
    assert any(r["kind"] == "problem" for r in rows) and any(r["kind"] == "unread" for r in rows)


def test_dismissed_post_stays_dismissed_across_nights(tmp_path: Path) -> None:
    g = own_style(day3=False, loose_vote=False)
    minimal = setup(tmp_path, g)
    audit(minimal, tmp_path / "r1")
    (u,) = game_json(minimal)["unread"]
    unsigned = runner.invoke(
        app, ["game", str(minimal), "--dismiss", str(u["pid"]), "--by", "路人"]
    )
    assert unsigned.exit_code != 0 and "不是本局的导演" in unsigned.output
    done = runner.invoke(app, ["game", str(minimal), "--dismiss", str(u["pid"]), "--note", "答疑"])
    assert done.exit_code == 0 and "已标为不是公告（老王" in done.output, done.output
    data = game_json(minimal)
    assert data["unread"] == [] and data["dismissed"][0]["by"] == "老王"
    assert data["dismissed"][0]["pid"] == u["pid"] and data["dismissed"][0]["note"] == "答疑"
    # the next night: new posts, the post still dismissed, the audit line without it
    day2 = next(t for t in g.threads if t["subject"] == "[M107] 第二天讨论帖")
    day2["post"].append(
        {"author": "黄瓜", "at": at(11, 22, 20), "message": "新的一晚。", "pid": 9999}
    )  # type: ignore[union-attr]
    write_site(parse_script(g.script()), tmp_path / "pages")
    _code, output = audit(minimal, tmp_path / "r2")
    assert "未读懂的公告" not in output, output
    assert game_json(minimal)["unread"] == []
    # dismissing what is not listed is refused
    again = runner.invoke(app, ["game", str(minimal), "--dismiss", str(u["pid"])])
    assert again.exit_code == 2 and "不在未读懂的公告里" in again.output


def test_a_complete_state_exits_0_after_the_director_fills_the_gaps(tmp_path: Path) -> None:
    g = own_style(day3=False, loose_vote=False)
    minimal = setup(tmp_path, g)
    code, _ = audit(minimal, tmp_path / "r")
    assert code == 7
    data = game_json(minimal)
    steps = [
        [
            "--add",
            "event",
            "--type",
            "eliminated",
            "--player",
            "冬瓜",
            "--at",
            "2026-11-22T09:00",
            "--how",
            "night",
        ],
        [
            "--add",
            "event",
            "--type",
            "eliminated",
            "--player",
            "芒果",
            "--at",
            "2026-11-22T22:00",
            "--how",
            "vote",
        ],
        ["--dismiss", str(data["unread"][0]["pid"])],
    ]
    for step in steps:
        got = runner.invoke(app, ["game", str(minimal), *step])
        assert got.exit_code == 0, got.output
    code, output = audit(minimal, tmp_path / "r2")
    assert code == 0, output
    assert "游戏状态不完整" not in output
    game = open_game(minimal)
    out = {e.player: e.how for e in game.events if e.type is EventType.ELIMINATED}
    assert out == {"冬瓜": "night", "芒果": "vote"}
    assert "导演补充" in minimal.read_text("utf-8") and "老王 于" in minimal.read_text("utf-8")


# --------------------------------------------------------------------------- corrections


def _sample(tmp_path: Path) -> Path:
    text = (SAMPLE / "minimal.toml").read_text("utf-8")
    text = re.sub(r'(?m)^pages = "[^"]*"', f'pages = "{(SAMPLE / "pages").as_posix()}"', text)
    text = text.replace("[game]\n", '[game]\ndecided_by = "导演"\n', 1)
    path = tmp_path / "minimal.toml"
    path.write_text(text, "utf-8")
    assert runner.invoke(app, ["crawl", str(path)]).exit_code == 0
    return path


def _pending(path: Path, kind: str, pred: object = None) -> str:
    items = game_json(path)["items"]
    return next(
        it["id"]
        for it in items
        if it["kind"] == kind and it["id"] and (pred is None or pred(it))  # type: ignore[operator]
    )


@pytest.mark.parametrize(
    ("args", "check"),
    [
        (
            ["--type", "sheriff", "--how", "elected"],
            lambda e: (e.type, e.how) == (EventType.SHERIFF, "elected"),
        ),
        (["--how", "night"], lambda e: e.how == "night"),
        (
            ["--at", "2026-11-23T21:00"],
            lambda e: e.at == datetime.fromisoformat("2026-11-23T21:00+08:00"),
        ),
        (["--player", "春卷"], lambda e: e.player == "春卷"),
        (["--day", "3"], lambda e: e.at == datetime.fromisoformat("2026-11-25T22:00+08:00")),
    ],
    ids=["type", "how", "at", "player", "day"],
)
def test_correct_each_field_of_an_event_from_the_cli(
    tmp_path: Path, args: list[str], check: object
) -> None:
    path = _sample(tmp_path)
    ident = _pending(
        path,
        "event",
        lambda it: it["value"]["player"] == "油条" and it["value"]["type"] == "eliminated",
    )
    got = runner.invoke(app, ["game", str(path), "--confirm", ident, *args])
    assert got.exit_code == 0, got.output
    assert "原为" in got.output
    (e,) = [e for e in load_game(path).events]
    assert check(e), e  # type: ignore[operator]


@pytest.mark.parametrize(
    ("args", "check"),
    [
        (
            ["--opens", "2026-11-20T08:30"],
            lambda d: d.opens == datetime.fromisoformat("2026-11-20T08:30+08:00"),
        ),
        (
            ["--closes", "2026-11-21T23:00"],
            lambda d: d.closes == datetime.fromisoformat("2026-11-21T23:00+08:00"),
        ),
        (["--accelerated"], lambda d: d.accelerated),
        (["--delayed"], lambda d: d.delayed),
    ],
    ids=["opens", "closes", "accelerated", "delayed"],
)
def test_correct_each_field_of_a_day_from_the_cli(
    tmp_path: Path, args: list[str], check: object
) -> None:
    path = _sample(tmp_path)
    ident = _pending(path, "day", lambda it: it["value"]["number"] == 1)
    got = runner.invoke(app, ["game", str(path), "--confirm", ident, *args])
    assert got.exit_code == 0, got.output
    (d,) = load_game(path).days
    assert check(d), d  # type: ignore[operator]


@pytest.mark.parametrize(
    ("args", "want"),
    [(["--kind", "vote"], (ThreadKind.VOTE, 1)), (["--day", "2"], (ThreadKind.DISCUSSION, 2))],
    ids=["kind", "day"],
)
def test_correct_each_field_of_a_thread_from_the_cli(
    tmp_path: Path, args: list[str], want: tuple[ThreadKind, int]
) -> None:
    path = _sample(tmp_path)
    ident = _pending(path, "thread", lambda it: it["value"]["tid"] == 101)
    got = runner.invoke(app, ["game", str(path), "--confirm", ident, *args])
    assert got.exit_code == 0, got.output
    (t,) = load_game(path).threads
    assert (t.kind, t.day) == want


def test_add_a_day_and_an_event_from_the_cli(tmp_path: Path) -> None:
    path = _sample(tmp_path)
    got = runner.invoke(
        app,
        [
            "game",
            str(path),
            "--add",
            "day",
            "--day",
            "4",
            "--opens",
            "2026-11-26T09:00",
            "--closes",
            "2026-11-27T22:00",
        ],
    )
    assert got.exit_code == 0, got.output
    days = load_game(path).days
    assert [d.number for d in days] == [1, 2, 3, 4]  # the discovered days before it come along
    assert days[3].closes == datetime.fromisoformat("2026-11-27T22:00+08:00")
    got = runner.invoke(
        app,
        ["game", str(path), "--add", "event", "--type", "eliminated", "--player", "春卷",
         "--at", "2026-11-26T09:00", "--how", "night"],
    )  # fmt: skip
    assert got.exit_code == 0, got.output
    (e,) = load_game(path).events
    assert (e.type, e.player, e.how) == (EventType.ELIMINATED, "春卷", "night")
    bad = runner.invoke(
        app, ["game", str(path), "--add", "event", "--type", "eliminated", "--player", "春卷"]
    )
    assert bad.exit_code == 2 and "--at" in bad.output


# --------------------------------------------------------------------------- structure


def test_a_notice_names_the_post_a_discovered_event_came_from(tmp_path: Path) -> None:
    """The tally disagrees with an announcement: the notice names the post (it said
    游戏文件记录的 for an event no game file had)."""
    from auditor.pipeline import audit as run_audit
    from tests.game.test_discover_rulesets import m39

    g = m39()
    vote2 = next(t for t in g.threads if t["subject"] == "[M39] 第二天投票帖")
    vote2["post"][-1]["message"] = "茄子出局。"  # type: ignore[index]
    pages = tmp_path / "pages"
    write_site(parse_script(g.script()), pages)
    _full, minimal = g.files(tmp_path, f'pages = "{pages.as_posix()}"')
    result = run_audit(minimal, reports=tmp_path / "r")
    said = [n for n in result.notices if "投票出局为 茄子" in n]
    assert said and said[0].startswith("第2天：论坛公示（第 "), result.notices
    assert not re.search(r"pid ?\d", said[0]), said[0]  # its 楼 and link, never an id
    assert not any("游戏文件记录的" in n for n in result.notices)


def test_a_result_no_post_announced_is_said_as_read_from_the_forum(tmp_path: Path) -> None:
    """A minimal game file whose director announced no vote-out: the tally's notice says
    nothing was read from the forum's posts (it said 游戏文件记录的投票出局为 无 of a game
    file with no events at all)."""
    from auditor.pipeline import audit as run_audit
    from tests.game.test_discover_rulesets import m39

    g = m39()
    vote2 = next(t for t in g.threads if t["subject"] == "[M39] 第二天投票帖")
    director = [p for p in vote2["post"] if "出局" in str(p["message"])]  # type: ignore[index]
    for p in director:
        p["message"] = "今天的投票结束了，大家辛苦。"
    pages = tmp_path / "pages"
    write_site(parse_script(g.script()), pages)
    _full, minimal = g.files(tmp_path, f'pages = "{pages.as_posix()}"')
    result = run_audit(minimal, reports=tmp_path / "r")
    said = [n for n in result.notices if "计票结果为" in n]
    assert said and "论坛公示中读到的投票出局为 无" in said[0], result.notices
    assert not any("游戏文件记录的" in n for n in result.notices)


def test_killbar_phases_come_from_the_vote_threads_not_the_night_thread(tmp_path: Path) -> None:
    """版杀7: day 2's discussion thread opens at 20:00 the evening before (night talk); its
    环节 vote threads state no time: each is its opening post's day, 0:00–24:00."""
    g = Game("killbar7", "版杀7", "法官")
    g.thread(
        "[版杀7] 第二天讨论贴",
        "discussion",
        2,
        [
            g.post("法官", at(11, 20, 20), "第二天讨论贴"),
            *g.chatter(at(11, 20, 21), at(11, 22, 20), EVERYONE),
        ],
    )
    for i, name in enumerate(["一", "二"]):
        g.thread(
            f"[版杀7] 第二天 环节{name} 投票",
            "vote",
            2,
            [g.post("法官", at(11, 21 + i, 0, 5), f"环节{name}投票开始")],
        )
    minimal = setup(tmp_path, g)
    audit(minimal, tmp_path / "r")
    (day,) = open_game(minimal).days
    assert day.opens == at(11, 21, 0) and day.closes == at(11, 22, 23, 59, 59)
    assert [(p.number, p.opens, p.closes) for p in day.phases] == [
        (1, at(11, 21, 0), at(11, 21, 23, 59, 59)),
        (2, at(11, 22, 0), at(11, 22, 23, 59, 59)),
    ]


def test_a_phase_result_posted_after_midnight_is_that_phases_vote_out(tmp_path: Path) -> None:
    """版杀7: 环节一's result posted at 0:03 in its own vote thread, 环节二 already open, is
    环节一's vote-out at its close (24:00), not a night death nor one in 环节二; day 2 still
    opens at its first 环节's 0:00, not at the night thread's first post the evening before."""
    g = Game("killbar7", "版杀7", "法官")
    g.thread(
        "[版杀7] 第二天讨论贴",
        "discussion",
        2,
        [
            g.post("法官", at(11, 20, 20), "第二天讨论贴"),
            *g.chatter(at(11, 20, 21), at(11, 22, 20), EVERYONE),
        ],
    )
    g.thread(
        "[版杀7] 第二天 环节一 投票",
        "vote",
        2,
        [
            g.post("法官", at(11, 21, 0, 5), "环节一投票开始"),
            g.post("法官", at(11, 22, 0, 3), "环节一结果：芒果 得票过半，出局。"),
        ],
    )
    g.thread(
        "[版杀7] 第二天 环节二 投票",
        "vote",
        2,
        [g.post("法官", at(11, 22, 0, 5), "环节二投票开始")],
    )
    minimal = setup(tmp_path, g)
    audit(minimal, tmp_path / "r")
    game = open_game(minimal)
    (day,) = game.days
    assert day.opens == at(11, 21, 0)
    assert [(e.player, e.how, e.at) for e in game.events] == [
        ("芒果", "vote", at(11, 21, 23, 59, 59))
    ]


def test_a_delay_announced_as_a_new_deadline_moves_the_close(tmp_path: Path) -> None:
    g = own_style(day3=False, loose_vote=False)
    day2 = next(t for t in g.threads if t["subject"] == "[M107] 第二天讨论帖")
    day2["post"].append(
        {"author": "老王", "at": at(11, 22, 21), "message": "应大家要求，延长至23点。", "pid": 9998}
    )  # type: ignore[union-attr]
    day2["post"].sort(key=lambda p: p["at"])  # type: ignore[union-attr]
    minimal = setup(tmp_path, g)
    audit(minimal, tmp_path / "r")
    day = next(d for d in open_game(minimal).days if d.number == 2)
    assert (day.closes, day.delayed) == (at(11, 22, 23), True)
    data = game_json(minimal)
    item = next(it for it in data["items"] if it["kind"] == "day" and it["value"]["number"] == 2)
    assert item["fields"]["closes"] == {
        "value": "2026-11-22T23:00:00+08:00",
        "source": "pid 9998（延时）",
        "status": "stated",
    }


def test_an_acceleration_announced_marks_the_day_and_moves_its_close(tmp_path: Path) -> None:
    """加速成功 during day 2 with an earlier close: the day is accelerated (no lurk check on
    it, per preset) and closes then; the JSON says where it came from."""
    g = own_style(day3=False, loose_vote=False)
    process = next(t for t in g.threads if t["subject"] == "[M107] 进程帖")
    process["post"].append(
        {
            "author": "老王",
            "at": at(11, 22, 15),
            "message": "第二天加速成功，今天 20:00 关门。",
            "pid": 9997,
        }
    )  # type: ignore[union-attr]
    minimal = setup(tmp_path, g)
    audit(minimal, tmp_path / "r")
    day = next(d for d in open_game(minimal).days if d.number == 2)
    assert (day.closes, day.accelerated, day.delayed) == (at(11, 22, 20), True, False)
    item = next(
        it
        for it in game_json(minimal)["items"]
        if it["kind"] == "day" and it["value"]["number"] == 2
    )
    assert item["fields"]["closes"]["source"] == "pid 9997（加速）"


def test_a_game_over_ends_the_checks_after_it(tmp_path: Path) -> None:
    """游戏结束 in the process thread: no day after it, no post after it checked, and the
    state lists it with its post."""
    g = own_style(day3=True, loose_vote=False)
    process = next(t for t in g.threads if t["subject"] == "[M107] 进程帖")
    process["post"].append(
        {"author": "老王", "at": at(11, 22, 23), "message": "游戏结束，好人阵营胜利！", "pid": 9996}
    )  # type: ignore[union-attr]
    minimal = setup(tmp_path, g)
    audit(minimal, tmp_path / "r")
    game = open_game(minimal)
    assert game.ended == at(11, 22, 23)
    assert [d.number for d in game.days] == [1, 2]  # day 3's threads came after the end
    over = [it for it in game_json(minimal)["items"] if it["kind"] == "game_over"]
    assert over == [
        {
            "kind": "game_over",
            "id": None,
            "value": {"at": "2026-11-22T23:00:00+08:00", "winner": "好人阵营"},
            "source": "pid 9996",
            "status": "stated",
            "note": "游戏结束（好人阵营胜利）：此后的帖子不再检查",
        }
    ]
    activity = (tmp_path / "r" / "minimal" / "latest" / "activity.csv").read_text("utf-8")
    assert not any(row.split(",")[1] == "3" for row in activity.splitlines()[1:])


def test_a_game_over_a_rule_mentions_is_no_end(tmp_path: Path) -> None:
    g = own_style(day3=False, loose_vote=False)
    process = next(t for t in g.threads if t["subject"] == "[M107] 进程帖")
    process["post"].append(
        {
            "author": "老王",
            "at": at(11, 22, 15),
            "message": "身份请保密，直到游戏结束后再公布。",
            "pid": 9995,
        }
    )  # type: ignore[union-attr]
    minimal = setup(tmp_path, g)
    audit(minimal, tmp_path / "r")
    assert open_game(minimal).ended is None


def test_the_samples_minimal_file_audits_whole_with_nothing_left_unread(tmp_path: Path) -> None:
    """Every announcement of the sample's director is read: the minimal file audits with exit
    0 and lists nothing as 未读懂的公告 (a void vote beside the sheriff's election, 豆浆投票超时无效,
    once kept its post listed and the desk's audit ended with exit 7)."""
    path = _sample(tmp_path)
    result = runner.invoke(app, ["audit", str(path), "--reports", str(tmp_path / "reports")])
    assert result.exit_code == 0, result.output
    assert "未读懂的公告" not in result.output


# --------------------------------------------------------------------------- answered


def _spaced_result(tmp_path: Path) -> Path:
    """M39 whose director told day 2's vote-out with the name typed spaced (read by no
    grammar, so listed) — the tally proposes the same vote-out."""
    from tests.game.test_discover_rulesets import m39

    g = m39()
    vote2 = next(t for t in g.threads if t["subject"] == "[M39] 第二天投票帖")
    for p in vote2["post"]:  # type: ignore[union-attr]
        if "出局" in str(p["message"]):
            p["message"] = "那么，今晚送走的是：黄 瓜（7 票）。"
    return setup(tmp_path, g)


def test_a_listed_post_a_confirmed_tally_answers_is_listed_no_more(tmp_path: Path) -> None:
    minimal = _spaced_result(tmp_path)
    code, output = audit(minimal, tmp_path / "r")
    assert code == STATE_INCOMPLETE_EXIT and "未读懂的公告 1 条" in output, output
    data = game_json(minimal)
    (u,) = data["unread"]
    tally = next(it for it in data["items"] if it["source"] == "计票")
    assert (tally["value"]["type"], tally["value"]["player"]) == ("eliminated", "黄瓜")
    done = runner.invoke(app, ["game", str(minimal), "--confirm", tally["id"]])
    assert done.exit_code == 0, done.output
    code, output = audit(minimal, tmp_path / "r2")
    assert code == 0 and "未读懂的公告" not in output, output
    data = game_json(minimal)
    assert data["unread"] == [] and data["complete"] is True
    (a,) = data["answered"]
    assert a["pid"] == u["pid"] and a["answered_by"] == "出局 黄瓜（游戏文件）"
    shown = runner.invoke(app, ["game", str(minimal)], env={"COLUMNS": "250"})
    assert "已答复的公告（1）" in shown.output and "出局 黄瓜（游戏文件）" in shown.output
    rows = csv.DictReader(
        io.StringIO(runner.invoke(app, ["game", str(minimal), "--format", "csv"]).output)
    )
    assert any(r["kind"] == "answered" and r["source"] == a["answered_by"] for r in rows)


def test_a_listed_post_an_added_event_answers_is_listed_no_more(tmp_path: Path) -> None:
    minimal = _spaced_result(tmp_path)
    audit(minimal, tmp_path / "r")
    # another player's vote-out answers nothing
    got = runner.invoke(
        app,
        ["game", str(minimal), "--add", "event", "--type", "eliminated", "--player", "番茄",
         "--at", "2026-11-21T22:00", "--how", "vote"],
    )  # fmt: skip
    assert got.exit_code == 0, got.output
    assert len(game_json(minimal)["unread"]) == 1
    got = runner.invoke(
        app,
        ["game", str(minimal), "--add", "event", "--type", "eliminated", "--player", "黄瓜",
         "--at", "2026-11-21T22:00", "--how", "vote"],
    )  # fmt: skip
    assert got.exit_code == 0, got.output
    _code, output = audit(minimal, tmp_path / "r2")
    assert "未读懂的公告" not in output, output
    data = game_json(minimal)
    assert data["unread"] == []
    assert [a["answered_by"] for a in data["answered"]] == ["出局 黄瓜（游戏文件）"]


@pytest.mark.parametrize(
    ("text", "answered"),
    [
        ("今晚送走的是：黄 瓜。", True),
        ("结果：黄  瓜 出局（7 票）。大家辛苦了！", True),
        # the kind differs: the badge, not a vote-out
        ("黄 瓜 当选警长。", False),
        # asked, supposed, negated: no fact told
        ("黄 瓜 出局了吗？", False),
        ("如果 黄 瓜 出局，明天加赛。", False),
        ("黄 瓜 没有出局。", False),
        # a second player the file does not answer for, a fact of no one, a bare time
        ("黄 瓜 出局，番茄 当选警长。", False),
        ("黄 瓜 出局。昨夜平安。", False),
        ("黄 瓜 出局。明天 9 点开门。", False),
    ],
)
def test_what_an_event_in_the_file_answers(text: str, answered: bool) -> None:
    from auditor.game.gamefile import DaySpec, Event
    from auditor.game.state import answered_by

    d2 = DaySpec(2, at(11, 21, 8), at(11, 21, 22))
    events = [Event(EventType.ELIMINATED, "黄瓜", at(11, 21, 22), "vote")]
    got = answered_by(PLAYERS, text, at(11, 21, 22, 3), events, [d2])
    assert bool(got) is answered, got
    # the same vote-out a day earlier answers nothing of day 2's post
    d1 = DaySpec(1, at(11, 20, 8), at(11, 20, 22))
    earlier = [Event(EventType.ELIMINATED, "黄瓜", at(11, 20, 22), "vote")]
    assert answered_by(PLAYERS, text, at(11, 21, 22, 3), earlier, [d1, d2]) == ""


@pytest.mark.parametrize(
    ("said", "status"),
    [
        ("茄子出局。", "inferred"),
        ("茄子被投票出局。", "stated"),
        ("投票结果：茄子出局。", "stated"),
    ],
)
def test_a_death_whose_how_is_guessed_is_a_proposal_marked_inferred(
    tmp_path: Path, said: str, status: str
) -> None:
    """A vote-out said with no word of how (茄子出局。) in the vote thread: the post's time
    makes it a vote-out, a guess — shown as a proposal marked 推断 with the post's words and
    its pid, never as a stated fact; its twins that say how (被投票出局, 投票结果：) are
    stated (issue 34, round 3)."""
    from tests.game.test_discover_rulesets import m39

    g = m39()
    vote2 = next(t for t in g.threads if t["subject"] == "[M39] 第二天投票帖")
    vote2["post"][-1]["message"] = said  # type: ignore[index]
    pages = tmp_path / "pages"
    write_site(parse_script(g.script()), pages)
    _full, minimal = g.files(tmp_path, f'pages = "{pages.as_posix()}"')
    audit(minimal, tmp_path / "r")
    data = game_json(minimal)
    (item,) = [
        it
        for it in data["items"]
        if it["kind"] == "event" and it["value"]["player"] == "茄子"
        and it["value"]["type"] == "eliminated"
    ]  # fmt: skip
    assert item["status"] == status and item["value"]["how"] == "vote"
    assert item["id"] and item["source"].startswith("pid ") and "茄子" in item["note"]
    table = runner.invoke(app, ["game", str(minimal)], env={"COLUMNS": "300"})
    marked = "（方式是推断的：原文没有写明）" in table.output
    assert marked is (status == "inferred"), table.output


def test_an_added_event_takes_the_chinese_names_the_desk_offers(tmp_path: Path) -> None:
    """--type 出局 --how 投票 (the names the desk and the help show) as eliminated / vote."""
    minimal = _spaced_result(tmp_path)
    audit(minimal, tmp_path / "r")
    got = runner.invoke(
        app,
        ["game", str(minimal), "--add", "event", "--type", "出局", "--player", "黄瓜",
         "--at", "2026-11-21T22:00", "--how", "投票"],
    )  # fmt: skip
    assert got.exit_code == 0, got.output
    text = minimal.read_text("utf-8")
    assert 'type = "eliminated"' in text and 'how = "vote"' in text, text[-600:]


def test_an_announcement_naming_another_player_leaves_the_tallys_outcome_asked(
    tmp_path: Path,
) -> None:
    """Never silent (issue 34 §3; seed 004 放逐投票: the most votes are voted out): the
    director posts that 冬瓜 went out where the count puts 黄瓜 out by 7 votes (fh48b: her
    unedited result said 靓仔强 where the tally elects 阿May).  The announcement's reading
    is a proposal, not yet the record, so the tally's own outcome is asked beside it."""
    from tests.game.test_discover_rulesets import m39

    g = m39()
    vote2 = next(t for t in g.threads if t["subject"] == "[M39] 第二天投票帖")
    for p in vote2["post"]:  # type: ignore[union-attr]
        if "出局" in str(p["message"]):
            p["message"] = "冬瓜出局。"
    minimal = setup(tmp_path, g)
    audit(minimal, tmp_path / "r")
    items = game_json(minimal)["items"]
    out = {
        (it["value"]["player"], it["source"] == "计票")
        for it in items
        if it["kind"] == "event"
        and it["value"]["type"] == "eliminated"
        and it["status"] in ("inferred", "proposed")
    }
    assert ("黄瓜", True) in out and ("冬瓜", False) in out, out
