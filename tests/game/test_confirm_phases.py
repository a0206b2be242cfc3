"""A day's 环节 (killbar7, seed 002 4.1.2: 白天 1-3 个环节, each 0:00-24:00 with its own vote
thread) in the director's corrections (issue 34 Build 4: one step to correct anything).

The game is the session-44 first-hour director's own 版杀7 game (老K's BT号船, the committed
game tests/games/discovery_fh44k/btship: its script cut at the night its nights.toml names, his
game file as his desk answers left it after night 1).  He found three things the correction forms could not do:

1. moving day 2's close earlier (加速 to 20:00) was refused with 「游戏文件 .bt.toml.tmp-…：
   day[2].phase[1]：环节时间超出了…」 — the tool's own 环节 did not follow its day;
2. there was no way to add the D1-2 环节 the tool missed (he wrote it into the file by hand);
3. 「全部确认」 confirmed day 3 before the night-2 deaths, which then moved to day 3's
   opening under new ids and were answered 「…不在待确认的列表里」.
"""

from __future__ import annotations

import re
import shutil
import tomllib
from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
from typer.testing import CliRunner

from auditor.cli import app
from auditor.game.confirm import (
    Proposal,
    ProposalError,
    corrected,
    day_phases,
    find,
    phase_edit,
    write_proposals,
)
from auditor.game.gamefile import DaySpec, PhaseSpec, load_game
from auditor.pipeline import add, audit, open_game, open_store, pending
from tools.writer import Snapshot, at_snapshot, load_script, write_site

HERE = Path(__file__).parent
#: 老K's game as committed (tests/games/discovery_fh44k/README.md): one script for both nights.
BTSHIP = HERE.parent / "games" / "discovery_fh44k" / "btship"
TZ = ZoneInfo("Asia/Shanghai")

HEAD = """\
# 老K 的 BT号船
[game]
name = "[版杀7] BT号船"
ruleset = "killbar7"
tag = "版杀7"
timezone = "Asia/Shanghai"
directors = ["老K"]

[forum]
pages = "saved/"
url = "http://127.0.0.1:8801/"
board = 5

[players]
names = ["阿发", "小六", "厨娘", "老周", "铁锚", "海鸥", "珍珠", "阿强", "小鱼干", "灯塔", "雾笛"]

[[thread]] # 来源：标题 [版杀7] BT号船 游戏规则（锁）；老K 于 2026-12-07 04:33 确认
tid = 701
kind = "rules"
[[thread]] # 来源：标题 [版杀7] BT号船 进程帖；老K 于 2026-12-07 04:33 确认
tid = 703
kind = "process"
[[thread]] # 来源：标题 [版杀7] 第一天讨论帖；老K 于 2026-12-07 04:33 确认
tid = 710
kind = "discussion"
day = 1
[[thread]] # 来源：标题 [版杀7] 第一天 环节一 试探性投票；老K 于 2026-12-07 04:33 确认
tid = 711
kind = "vote"
day = 1
[[thread]] # 来源：标题 [版杀7] 第一天 环节二 可疑者辩论投票；老K 于 2026-12-07 04:33 确认
tid = 712
kind = "vote"
day = 1
"""

#: Day 1 as his desk answers wrote it on night 1 (the 延时 to 12-04 02:00), its one 环节 the
#: tool's; ``PHASE2``: the 环节 he then wrote by hand.
DAY1 = """
[[day]] # 来源：pid 1017；老K 于 2026-12-07 04:33 确认（更正，原为：第1天：12-02 00:00:00 至 12-02 23:59:59）
number = 1
opens = 2026-12-02T00:00:00+08:00
closes = 2026-12-04T02:00:00+08:00
accelerated = false
delayed = true

[[day.phase]]
number = 1
name = "试探性投票"
opens = 2026-12-02T00:00:00+08:00
closes = 2026-12-02T23:59:59+08:00
vote_thread = 711
"""
PHASE2 = """
[[day.phase]] # 老K 手写：D1-2 可疑者辩论，延时到4日2点
number = 2
name = "可疑者辩论投票"
opens = 2026-12-03T00:00:00+08:00
closes = 2026-12-04T02:00:00+08:00
vote_thread = 712
"""
NIGHT1_EVENTS = """
[[event]] # 来源：pid 1082「海鸥 过半，投死。」；老K 于 2026-12-07 04:34 确认
type = "eliminated"
player = "海鸥"
at = 2026-12-04T02:00:00+08:00
how = "vote"
announced = 2026-12-04T02:10:00+08:00
"""
NIGHT2_THREADS = """
[[thread]]
tid = 720
kind = "discussion"
day = 2
[[thread]]
tid = 721
kind = "vote"
day = 2
[[event]]
type = "eliminated"
player = "珍珠"
at = 2026-12-04T20:05:00+08:00
how = "night"
[[event]]
type = "substitute"
player = "老周"
at = 2026-12-05T00:00:00+08:00
value = "浪花"
[[event]]
type = "sheriff"
player = "灯塔"
at = 2026-12-04T23:10:00+08:00
how = "elected"
"""

_PAGES: dict[str, Path] = {}


def fh44k_game(folder: Path, night: int, text: str) -> Path:
    """老K's game in ``folder``: his pages of night ``night`` (the committed script as it stood
    at that night's moment in its ``nights.toml``, rendered once per session, as
    scripts/discovery_games.py renders a night), the game file ``text``; audited."""
    rendered = _PAGES.get(f"n{night}")
    if rendered is None:
        rendered = folder.parent / f"_fh44k_pages_{night}"
        if not rendered.exists():
            nights = tomllib.loads((BTSHIP / "nights.toml").read_text("utf-8"))["nights"]
            snap = Snapshot(nights[night - 1], "", [], [], False, {})
            write_site(at_snapshot(load_script(BTSHIP / "script.toml"), snap), rendered)
        _PAGES[f"n{night}"] = rendered
    folder.mkdir(parents=True)
    shutil.copytree(rendered, folder / "saved")
    path = folder / "bt.toml"
    path.write_text(text, encoding="utf-8")
    audit(path, reports=folder / "reports")
    return path


def _waiting(path: Path) -> list[Proposal]:
    g = open_game(path)
    with open_store(g) as store:
        return pending(g, store)


def _one(path: Path, text: str) -> Proposal:
    found = [p for p in _waiting(path) if text in p.describe()]
    assert len(found) == 1, [p.describe() for p in _waiting(path)]
    return found[0]


def _night2(tmp_path: Path) -> Path:
    return fh44k_game(tmp_path / "n2", 2, HEAD + NIGHT2_THREADS + DAY1 + PHASE2 + NIGHT1_EVENTS)


def test_moving_a_days_close_earlier_carries_its_phase_on_the_cli(tmp_path: Path) -> None:
    """加速 (D2-1 今晚20点截): discovery proposes day 2 closing at 20:00 (加速日); the director
    moves the close earlier still, to 19:30, and its one 环节, which closed with the day,
    closes with it — no refusal about a temp file and day[2].phase[1]."""
    path = _night2(tmp_path)
    day2 = _one(path, "第2天：12-05 00:00:00 至 12-05 20:00:00")
    assert "环节1 试探性投票" in day2.describe()  # (the day's 环节 are shown with it)
    res = CliRunner().invoke(
        app,
        [
            "game",
            str(path),
            "--confirm",
            day2.id,
            "--closes",
            "2026-12-05T19:30",
            "--accelerated",
            "--by",
            "老K",
        ],
    )
    said = " ".join(res.output.split())
    assert res.exit_code == 0, said
    assert ".tmp-" not in said and "day[" not in said, said
    day = load_game(path).days[1]
    assert day.closes == datetime(2026, 12, 5, 19, 30, tzinfo=TZ) and day.accelerated
    assert [(ph.number, ph.closes, ph.vote_thread) for ph in day.phases] == [
        (1, datetime(2026, 12, 5, 19, 30, tzinfo=TZ), 721)
    ]


def test_a_stated_phase_that_no_longer_fits_is_asked_in_words(tmp_path: Path) -> None:
    """A 环节 that did not end with its day is not guessed: moving day 1's close before its
    环节2 opens is refused, naming the 环节, its times, and what to fill in the same form;
    filled there, it is written."""
    path = _night2(tmp_path)
    g = open_game(path)
    day1 = g.days[0]
    p = Proposal("day", day1, "pid 1017")
    early = datetime(2026, 12, 2, 23, 59, 59, tzinfo=TZ)  # (D1-1 过半: no D1-2)
    with pytest.raises(ProposalError) as err:
        corrected(p, g, fix={"closes": early})
    said = str(err.value)
    assert "第1天的环节2（可疑者辩论投票，12-03 00:00 至 12-04 02:00）" in said, said
    assert "不在这一天新的时间 12-02 00:00 至 12-02 23:59 之内" in said, said
    assert "「环节」里选 2" in said and "删去这个环节" in said, said
    # answered in the same form: 环节2 dropped (the day ended with 环节1, closed early)
    fixed = corrected(p, g, fix={"closes": early, "phase": "2", "phase_drop": "yes"})
    assert isinstance(fixed.item, DaySpec)
    assert [(ph.number, ph.closes) for ph in fixed.item.phases] == [(1, day1.phases[0].closes)]
    evening = datetime(2026, 12, 2, 20, tzinfo=TZ)  # 环节1 did not end with the day
    with pytest.raises(ProposalError, match="环节1（试探性投票，12-02 00:00 至 12-02 23:59）超出"):
        corrected(p, g, fix={"closes": evening, "phase": "2", "phase_drop": "yes"})


def test_a_refused_write_names_no_temp_file_and_no_internal_key(tmp_path: Path) -> None:
    """The last check before the file is replaced (it must load as a game file) says what
    conflicts in the director's words: 第2天的环节1, not .bt.toml.tmp-… and day[2].phase[1]."""
    path = _night2(tmp_path)
    before = path.read_text("utf-8")
    bad = DaySpec(
        2,
        datetime(2026, 12, 5, 0, tzinfo=TZ),
        datetime(2026, 12, 5, 20, tzinfo=TZ),
        phases=(
            PhaseSpec(
                1,
                "试探性投票",
                datetime(2026, 12, 5, 0, tzinfo=TZ),
                datetime(2026, 12, 5, 23, 59, 59, tzinfo=TZ),
                721,
            ),
        ),
    )
    with pytest.raises(ProposalError) as err:
        write_proposals(path, [Proposal("day", bad, "pid 1092")])
    said = str(err.value)
    assert ".tmp-" not in said and "day[" not in said and "phase[" not in said, said
    assert "第2天的环节1（试探性投票）" in said and "12-05 20:00" in said, said
    assert "什么也没有写" in said, said
    assert path.read_text("utf-8") == before


def test_the_missed_phase_is_added_to_a_stated_day(tmp_path: Path) -> None:
    """Night 1 left day 1 with the tool's one 环节; 补上 环节2 (its number alone) gives the
    环节 he wrote by hand: from 12-03 0:00 (after 环节1's 24:00) to the day's close, vote
    thread 712 (the day's vote thread no 环节 had, whose title says 环节二) and its title's
    name — the same as CLI values (``--add day`` with ``phase``)."""
    path = _night2(tmp_path)
    path.write_text(path.read_text("utf-8").replace(PHASE2, ""), encoding="utf-8")
    g = open_game(path)
    values = {"day": 1, "opens": g.days[0].opens, "closes": g.days[0].closes, "phase": 2}
    with open_store(g) as store:
        done = add(g, store, "day", values, by="老K")
    assert "环节2 可疑者辩论投票 12-03 00:00:00 至 12-04 02:00:00，投票帖 712" in done.message
    day = load_game(path).days[0]
    assert [(ph.number, ph.name, ph.opens, ph.closes, ph.vote_thread) for ph in day.phases] == [
        (
            1,
            "试探性投票",
            datetime(2026, 12, 2, tzinfo=TZ),
            datetime(2026, 12, 2, 23, 59, 59, tzinfo=TZ),
            711,
        ),
        (
            2,
            "可疑者辩论投票",
            datetime(2026, 12, 3, tzinfo=TZ),
            datetime(2026, 12, 4, 2, tzinfo=TZ),
            712,
        ),
    ]
    text = path.read_text("utf-8")
    assert "确认（更正，原为：第1天" in text  # (the day's own comment kept)
    # corrected: its name and close; then dropped
    with open_store(g) as store:
        add(
            g,
            store,
            "day",
            values | {"phase_name": "辩论", "phase_closes": g.days[0].closes},
            by="老K",
        )
    assert load_game(path).days[0].phases[1].name == "辩论"
    g = open_game(path)
    with open_store(g) as store:
        add(g, store, "day", values | {"phase_drop": True}, by="老K")
    assert [ph.number for ph in load_game(path).days[0].phases] == [1]


def test_a_new_phase_after_a_delayed_one_takes_the_rest_of_the_day() -> None:
    """A 延时 carried the day's one 环节 to 12-04 02:00; a 环节2 added then leaves 环节1 its
    own calendar day (0:00-24:00) and runs from 12-03 0:00 to the day's close."""
    g = load_game(HERE.parent.parent / "examples" / "sample" / "game.toml")
    o, c = datetime(2026, 12, 2, tzinfo=TZ), datetime(2026, 12, 4, 2, tzinfo=TZ)
    old = DaySpec(1, o, c, phases=(PhaseSpec(1, "试探性投票", o, c, 711),))
    got = day_phases(old, o, c, phase_edit({"phase": "2", "vote_thread": "712"}, g), g)
    assert [(ph.number, ph.opens, ph.closes, ph.vote_thread) for ph in got] == [
        (1, o, datetime(2026, 12, 2, 23, 59, 59, tzinfo=TZ), 711),
        (2, datetime(2026, 12, 3, tzinfo=TZ), c, 712),
    ]
    with pytest.raises(ProposalError, match="改环节要先选是第几个环节"):
        phase_edit({"phase_name": "辩论"}, g)


def test_confirm_all_confirms_what_the_director_saw(tmp_path: Path) -> None:
    """Night 2's 全部确认 as the desk sends it (each id with its words): the events first, as
    they stand, then the days — 阿发 and 灯塔 stay at 12-06 20:00, the night's end (版杀7 5
    时间分配: 夜晚 0:00–20:00).  Sent the other way
    round, the day confirmed first re-times them to day 3's opening: they keep their ids and
    are said as changed (what he saw, what they say now), not confirmed moved."""
    from auditor.desk.actions import confirm_many

    path = _night2(tmp_path)
    shutil.copy(path, tmp_path / "bt.toml.orig")
    shutil.copy(path.with_suffix(".sqlite"), tmp_path / "bt.sqlite.orig")
    waiting = _waiting(path)
    events = [p for p in waiting if p.kind == "event" and p.pid is not None]
    days = sorted(
        (p for p in waiting if p.kind == "day"),
        key=lambda p: p.item.number,  # type: ignore[union-attr]
    )
    assert {p.describe() for p in events} >= {
        "出局：阿发，12-06 20:00 夜晚",
        "出局：灯塔，12-06 20:00 夜晚",
    }

    def sent(ps: list[Proposal]) -> list[str]:
        return [f"{p.id}「{p.describe().replace(',', '，')}」" for p in ps]

    done, _fresh = confirm_many(
        open_game(path), sent(days + events), by="老K", reports=tmp_path / "r"
    )
    said = done.message
    for name, t in (("阿发", "12-06 20:00"), ("灯塔", "12-06 20:00")):
        ident = next(p.id for p in events if p.item.player == name)  # type: ignore[union-attr]
        assert f"{ident}「出局：{name}，{t} 夜晚」（这一项在同一批里先确认的项之后变了" in said, (
            said
        )
        assert f"现在是「出局：{name}，12-07 00:00 夜晚」" in said, said
        assert ident in {p.id for p in _waiting(path)}  # the same id, still to confirm
    assert "不在待确认的列表里" not in said, said

    shutil.copy(tmp_path / "bt.toml.orig", path)
    shutil.copy(tmp_path / "bt.sqlite.orig", path.with_suffix(".sqlite"))
    done, _ = confirm_many(open_game(path), sent(events + days), by="老K", reports=tmp_path / "r")
    assert re.search(rf"已确认 {len(events) + len(days)} 项", done.message), done.message
    night = {e.player: e.at for e in load_game(path).events if e.how == "night"}
    assert night["阿发"] == datetime(2026, 12, 6, 20, tzinfo=TZ)
    assert night["灯塔"] == datetime(2026, 12, 6, 20, tzinfo=TZ)


def test_an_id_sent_with_other_words_is_not_confirmed() -> None:
    """find: an id is the proposal only while it says what the director saw."""
    g = load_game(HERE.parent.parent / "examples" / "sample" / "game.toml")
    day = g.days[0]
    p = Proposal("day", day, "pid 1")
    assert find([p], p.id) is p
    assert find([p], f"{p.id}「{p.describe()}」") is p
    with pytest.raises(ProposalError, match="你看到的是「第1天：旧的」"):
        find([p], f"{p.id}「第1天：旧的」")


def test_a_phase_is_named_by_its_vote_threads_title_and_said_once() -> None:
    """fh46b item 4: 「环节1 环节1」 / 「环节一（环节1）」 — the name comes from the vote thread's
    title as the help text promises, also where the title counts rounds as 第N盘 (「[火锅局]
    第一天 第三盘 高票对决投票」); a 环节 without such a name is said once."""
    from datetime import datetime
    from types import SimpleNamespace
    from zoneinfo import ZoneInfo

    from auditor.game.confirm import _thread_phase_name, phases_said

    titles = {207: "[火锅局] 第一天 第三盘 高票对决投票", 208: "[火锅局] 第二天 投票帖"}
    game = SimpleNamespace(discovery=SimpleNamespace(subjects=titles))
    assert _thread_phase_name(game, 207, 3) == "高票对决投票"  # type: ignore[arg-type]
    assert _thread_phase_name(game, 208, 1) == "环节1"  # type: ignore[arg-type]
    tz = ZoneInfo("Asia/Shanghai")
    o, c = datetime(2026, 12, 5, 0, 0, tzinfo=tz), datetime(2026, 12, 5, 20, 0, tzinfo=tz)
    said = phases_said(DaySpec(2, o, c, phases=(PhaseSpec(1, "环节1", o, c, 210),)))
    assert "环节1 环节1" not in said and said.startswith("（环节1 12-05 00:00"), said
