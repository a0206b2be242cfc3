"""老K's game (tests/games/discovery_fh44k/btship): 浪花 plays 老周's seat on her own account
from 12-05 (002 6.2 2 替补玩家替换, M107 10 替补玩家…代替该玩家继续游戏).  Every view names
who plays: ``auditor status`` on day 3 and the day-2 announcement's 计票 and 电梯 say
浪花（替 老周）, never 老周 (who was on a business trip)."""

from __future__ import annotations

import shutil
from datetime import datetime
from pathlib import Path

from auditor.forum.crawl import crawl
from auditor.game.gamefile import load_game
from auditor.report.bbcode import render_bbcode
from auditor.report.records import build_records
from auditor.rules.engine import check
from auditor.rules.records import open_day_status
from auditor.rules.ruleset import load_ruleset
from auditor.store import Store
from tests import paths

BTSHIP = paths.TESTS / "games" / "discovery_fh44k" / "btship"
NIGHT2 = datetime.fromisoformat("2026-12-07T04:30:00+08:00")


def test_the_substitute_is_named_as_herself_in_status_and_the_elevator(tmp_path: Path) -> None:
    work = tmp_path / "btship"
    shutil.copytree(BTSHIP, work)
    game = load_game(work / "game.toml")
    with Store(game.store) as store:
        assert crawl(game, store).ok
        result = check(game, store, now=NIGHT2)
        assert result.context is not None
        day, rows = open_day_status(result.context, load_ruleset(game.ruleset))
        assert day == 3
        names = [r["player"] for r in rows]
        assert "浪花（替 老周）" in names and "老周" not in names
        text = render_bbcode(build_records(game, store, now=NIGHT2))
    elevator = text.split("[b]第2天电梯[/b]")[1]
    assert "\n浪花（替 老周）（4帖）：" in elevator
    assert "\n老周" not in elevator
    assert "铁锚、浪花（替 老周））" in text  # the 计票 line (round 2)


def test_a_late_vote_after_the_acceleration_is_no_days_play(tmp_path: Path) -> None:
    # 703 pid 1111 (12-05 12:00) 加速: D2-1 今晚20点截; 阿强 votes in day 2's vote thread at
    # 21:00 (1121).  It is day 2's late vote (VOTE-LATE, day 2), and no day's post: not day
    # 3's, where killbar7's night posts go, nor day 2's (002 说明 5: 所有时间以…发贴时间为准)
    work = tmp_path / "btship"
    shutil.copytree(BTSHIP, work)
    game = load_game(work / "game.toml")
    with Store(game.store) as store:
        assert crawl(game, store).ok
        result = check(game, store, now=NIGHT2)
    ctx = result.context
    assert ctx is not None
    late = next(gp for gp in ctx.posts if gp.post.pid == 1121)
    assert (late.player, late.day, late.night) == ("阿强", None, True)
    assert [(f.code, f.day) for f in result.findings if f.pid == 1121] == [("VOTE-LATE", 2)]
    assert {u: n for u, n in ctx.counts.items() if u[0] == "阿强"} == {
        ("阿强", 1, 1): 2,
        ("阿强", 2, 1): 1,
    }
