"""Proposals from the post itself (desk48 item 1, auditor/report/chips.py): the nicknames
a post writes that the game file does not declare, by their shape (老/小/阿 + a character of
a name, a character doubled), the days its times state, and the events the learned reading
reads its players in — on 老周's own posts (tests/games/discovery_fh47/hinamizawa_dongbei,
night 2, his minimal game file); and 「X 是谁？」 answered into ``[players.aliases]``."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import pytest

from auditor.game.confirm import ProposalError, Signature, write_alias
from auditor.pipeline import open_game
from auditor.report.chips import nicknames, post_chips
from tests.desk_helpers import auditor, fh47_game

OPENING = (
    "【第二天开门】\n老铁们早上好，今儿早上九点第二天开门，下晚儿九点关门。\n【昨儿后半夜】\n"
    "嫩江湾 嘎了。\n【雏见泽】\n小梨、包包 进入【雏见泽综合症Lv.3】。\n【警长】\n警长还是老鹅。"
)
AT = datetime.fromisoformat("2026-12-02T09:00:00+08:00")


@pytest.fixture(scope="module")
def game_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = fh47_game(tmp_path_factory.mktemp("fh47") / "g", night=2)
    assert auditor("audit", path.name, cwd=path.parent).returncode == 7  # (the days found)
    return path


def test_nicknames_by_their_shape_with_the_players_they_could_be(game_file: Path) -> None:
    game = open_game(game_file)
    got = {n["written"]: n["guesses"] for n in nicknames(game, OPENING)}
    assert got == {"小梨": ["冰糖雪梨"], "包包": ["小笼包", "锅包肉"], "老鹅": ["大鹅炖粉条"]}
    # a player's own name is no nickname (小笼包 holds 小笼), nor a word no name shares
    assert nicknames(game, "小笼包 投票给 老铁们") == []


def test_the_posts_day_and_its_piped_player(game_file: Path) -> None:
    game = open_game(game_file)
    chips = post_chips(game, OPENING, AT, tid=3903)
    days = chips["days"]
    assert [d["label"] for d in days] == ["第2天 12-02 09:00–21:00"]  # type: ignore[index]
    events = {e["label"] for e in chips["events"]}  # type: ignore[index]
    assert "冰糖雪梨 被吹笛" in events, events


def test_a_new_deadline_comes_with_its_delay_ticked(game_file: Path) -> None:
    game = open_game(game_file)
    at = datetime.fromisoformat("2026-12-02T23:15:00+08:00")
    chips = post_chips(game, "【第二天关门】\n延时到下晚儿十一点，关门了。", at, tid=3903)
    assert [(d["label"], d["delayed"]) for d in chips["days"]] == [  # type: ignore[index]
        ("第2天 12-02 09:00–23:00", "yes")
    ]


def test_an_alias_is_written_signed_and_refused_when_it_is_a_forum_name(game_file: Path) -> None:
    signed = Signature("老周", datetime.fromisoformat("2026-12-03T04:30:00+08:00"))
    said = write_alias(game_file, "大鹅炖粉条", "老鹅", signed, "pid 5052")
    assert said.startswith("已记下：老鹅 是 大鹅炖粉条")
    assert open_game(game_file).aliases == {"老鹅": "大鹅炖粉条"}
    assert "老周 于 2026-12-03 04:30 确认" in game_file.read_text("utf-8")
    with pytest.raises(ProposalError, match="玩家的论坛名"):
        write_alias(game_file, "锅包肉", "小笼包", signed, "pid 5052")
