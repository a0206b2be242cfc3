"""Players' other names (session 47, fh47c 阿宁 and fh47 老周): ``[players] seats`` and
``[players.aliases]`` in the game file, validated with Chinese errors, and the one roster
function every reader calls (:mod:`auditor.game.roster`).  The short posts are 阿宁's own
style (「出局: 3」「警徽: 7→2」「代投 6→2」「替补: 10号 石头→大白」), with this test's cast."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import pytest

from auditor.errors import GameFileError
from auditor.game.announce import Patterns
from auditor.game.discover import Discovery, _announced
from auditor.game.gamefile import Game, parse_game
from auditor.game.roster import (
    UNSEATED,
    names_written,
    other_names,
    read_name,
    seat_written,
    spell_out,
    unseated_note,
)
from auditor.models import Post

CAST = ["阿杏", "小桃", "老李", "石榴", "KK", "木瓜", "夏枯", "阿枣", "小柚", "山竹"]


def _game(folder: Path, **players: Any) -> Game:
    (folder / "pages").mkdir(exist_ok=True)
    return parse_game(
        {
            "game": {"name": "t", "ruleset": "m107", "directors": ["阿宁"], "tag": "M107"},
            "forum": {"pages": "pages/", "board": 5},
            "players": {"names": CAST, **players},
        },
        folder / "game.toml",
    )


@pytest.fixture
def seated(tmp_path: Path) -> Game:
    return _game(tmp_path, seats=CAST, aliases={"夏枯": ["小夏"], "山竹": ["竹子", "老竹"]})


# ------------------------------------------------------------------- the game file


def test_seats_and_aliases_are_read(seated: Game) -> None:
    assert seated.seats == tuple(CAST)
    assert seated.aliases == {"小夏": "夏枯", "竹子": "山竹", "老竹": "山竹"}


@pytest.mark.parametrize(
    ("players", "said"),
    [
        ({"seats": CAST[:-1]}, "座位表有 9 个座位，玩家有 10 名：缺少 山竹"),
        ({"seats": [*CAST[:-1], "路人"]}, "路人 不在 players.names 里"),
        ({"seats": [*CAST[:-1], "阿杏"]}, "重复的名字：阿杏"),
        ({"aliases": {"夏枯": ["阿枣"]}}, "“阿枣”已经是论坛上的用户名"),
        ({"aliases": {"夏枯": ["阿宁"]}}, "“阿宁”已经是论坛上的用户名"),
        ({"aliases": {"夏枯": ["小夏"], "山竹": ["小夏"]}}, "别名“小夏”同时指 夏枯 和 山竹"),
        ({"aliases": {"夏枯": ["7号"]}}, "“7号”是座位号：座位请写在 [players] seats 里"),
        ({"aliases": {"路人": ["小路"]}}, "不是玩家名单里的名字"),
        ({"aliases": ["小夏"]}, "应当是表"),
    ],
)
def test_a_bad_seat_list_or_alias_is_refused_in_chinese(
    tmp_path: Path, players: dict[str, Any], said: str
) -> None:
    with pytest.raises(GameFileError) as err:
        _game(tmp_path, **players)
    assert said in str(err.value), str(err.value)


def test_without_seats_and_aliases_nothing_changes(tmp_path: Path) -> None:
    game = _game(tmp_path)
    assert game.seats == () and game.aliases == {}
    assert other_names(game) == {}
    assert spell_out(game, "出局: 3") == "出局: 3"


# ------------------------------------------------------------------- one name


@pytest.mark.parametrize(
    ("written", "player"),
    [
        ("7号", "夏枯"),
        ("7", "夏枯"),
        ("７号", "夏枯"),
        ("七号", "夏枯"),
        ("10号", "山竹"),
        ("7号 夏枯", "夏枯"),
        ("夏枯（7号）", "夏枯"),
        ("小夏", "夏枯"),
        ("【小夏】", "夏枯"),
    ],
)
def test_a_seat_or_an_alias_names_its_player(seated: Game, written: str, player: str) -> None:
    named = read_name(seated, written)
    assert named is not None and named.player == player, named
    assert named.how  # the ballot says how it was read


def test_a_seat_and_a_name_that_disagree_name_no_one(seated: Game) -> None:
    named = read_name(seated, "4号 夏枯")
    assert named is not None and named.player is None
    assert named.how == "“4号 夏枯”：4号是 石榴，名字写的是 夏枯"


def test_a_seat_past_the_list_or_without_one_names_no_one(seated: Game, tmp_path: Path) -> None:
    named = read_name(seated, "11号")
    assert named is not None and named.player is None and "只有 10 个座位" in named.how
    (tmp_path / "b").mkdir()
    bare = read_name(_game(tmp_path / "b"), "7号")
    assert bare is not None and bare.player is None
    assert bare.how == "“7号”是座位号，游戏文件里没有座位表（[players] seats）"


def test_a_name_is_left_to_the_reader(seated: Game) -> None:
    assert read_name(seated, "夏枯") is None  # (a player's name: the reader's own)
    assert read_name(seated, "西瓜") is None  # (a typo: the reader suggests)
    assert names_written(seated, ["7号", "小夏", "夏枯", "西瓜"]) == [
        "夏枯",
        "夏枯",
        "夏枯",
        "西瓜",
    ]


# ------------------------------------------------------------------- a director's post


@pytest.mark.parametrize(
    ("post", "read"),
    [
        ("平安夜: 否；出局: 3", "平安夜: 否；出局: 老李"),
        ("出局:3", "出局:老李"),
        ("出局: 7, 8\n警徽: 7→2", "出局: 夏枯, 阿枣\n警徽: 夏枯→小桃"),
        ("代投 6→2", "代投 木瓜→小桃"),
        ("更正: 出局 5 不是 4", "更正: 出局 KK 不是 石榴"),
        ("D1 关。警长: 7；未投: 10", "D1 关。警长: 夏枯；未投: 山竹"),
        ("替补: 10号 山竹→大白", "替补: 山竹→大白"),
        ("9号 请假", "小柚 请假"),
        ("老竹 被投出去了", "山竹 被投出去了"),
    ],
)
def test_a_directors_short_post_is_spelt_with_names(seated: Game, post: str, read: str) -> None:
    assert " ".join(spell_out(seated, post).split()) == " ".join(read.split())


@pytest.mark.parametrize(
    "post",
    [
        "D1 12-01 10:00 - 12-02 20:00",  # times
        "+2h：D2 ddl 22:00",
        "12月7号晚上关门",  # a date
        "票: 7 5票",  # (7 is a seat after the colon; 5票 is a count)
        "每天至少 5 帖",
    ],
)
def test_times_dates_and_counts_are_no_seats(seated: Game, post: str) -> None:
    out = spell_out(seated, post)
    for kept in ("10:00", "20:00", "22:00", "12月7号", "5票", "5 帖"):
        if kept in post:
            assert kept in out, out


# ------------------------------------------------------------------- never silent


def test_seat_votes_without_a_seat_list_are_asked_once(tmp_path: Path) -> None:
    game = _game(tmp_path)
    ballots = [
        {"day": 1, "target": "7号", "pid": 11},
        {"day": 1, "target": "5", "pid": 12},
        {"day": 2, "target": "4号 石榴", "pid": 21},
        {"day": 1, "target": "夏枯", "pid": 13},
        {"day": 1, "target": "弃权", "pid": 14},
        {"day": 1, "target": "西瓜", "pid": 15},
    ]
    note = unseated_note(game, ballots)
    assert note is not None
    day, words, pids = note
    assert (day, pids) == (1, [11, 12, 21])
    assert words.startswith(f"有 3 {UNSEATED}（“7号”、“5”、“4号 石榴”），游戏文件里没有座位表")
    assert "docs/game-file.md" in words
    assert seat_written("7号 夏枯") and not seat_written("夏枯")


def test_with_a_seat_list_nothing_is_asked(seated: Game) -> None:
    assert unseated_note(seated, [{"day": 1, "target": "11号", "pid": 1}]) is None


# ------------------------------------------------------------------- discovery reads them


def _said(game: Game, text: str) -> list[tuple[str, str, str | None]]:
    """What discovery reads from a director's post (the hook in auditor.game.discover)."""
    post = Post(
        205,
        5072,
        3,
        "阿宁",
        None,
        datetime(2026, 12, 3, tzinfo=ZoneInfo("Asia/Shanghai")),
        text,
        text,
    )
    found = _announced(Patterns(list(game.players)), post, Discovery(base=game))
    return [(str(a.type), a.player, a.how) for a in found]


def test_discovery_reads_a_seat_written_post_as_its_players(seated: Game, tmp_path: Path) -> None:
    # 阿宁's night-2 post, with this test's cast: two deaths and the badge, all by seat
    said = _said(seated, "出局: 7, 8\n警徽: 7→2")
    assert ("eliminated", "夏枯", None) in said and ("eliminated", "阿枣", None) in said
    assert ("sheriff", "小桃", "handed_over") in said
    assert ("sheriff", "夏枯", "elected") in _said(seated, "D1 关。警长: 7")
    assert ("eliminated", "山竹", "vote") in _said(seated, "老竹 被投出去了")  # an alias
    (tmp_path / "bare").mkdir()
    assert _said(_game(tmp_path / "bare"), "出局: 7, 8\n警徽: 7→2") == []  # no seat list: none
