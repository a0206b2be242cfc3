"""fh44: 阿May confirmed 菠蘿油's substitute as offered, 「蛋挞」, while the forum's account is
「蛋撻」: the substitution took nothing over and nothing said so.  A confirmed 替补 whose own
account has no post in the game is said — in the report's notices (a real store's authors)
and with the confirmation — naming the forum's own spelling when one folds to the same name."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

from auditor.desk.actions import _newcomer_name
from auditor.game.gamefile import Event, EventType, load_game
from auditor.ledger.ledger import forum_spelling, silent_substitute, silent_substitutes
from auditor.report.records import game_notices
from auditor.rules.engine import ruleset_for
from tests.rules.test_rule_cases import build_case

POSTS = [
    {
        "author": "蛋撻",
        "tid": 21,
        "at": datetime.fromisoformat("2026-11-21T12:00:00+08:00"),
        "message": "大家好，我係替補，睇緊前文",
    },
    {
        "author": "饺子",
        "tid": 21,
        "at": datetime.fromisoformat("2026-11-21T12:05:00+08:00"),
        "message": "欢迎新人",
    },
]


def _game(tmp: Path, account: str) -> tuple[object, set[str]]:
    fragment = f"""
[[event]]
type = "substitute"
player = "包子"
value = "{account}"
at = 2026-11-21T10:00:00+08:00
"""
    built = build_case(tmp, "rabbit030", fragment, POSTS)
    authors = set(built.store.author_names())
    built.store.close()
    return load_game(built.game.path), authors


def test_a_substitute_typed_in_the_other_script_is_said_in_the_report(tmp_path: Path) -> None:
    game, authors = _game(tmp_path / "a", "蛋挞")
    assert "蛋撻" in authors and "蛋挞" not in authors
    notices = game_notices(game, ruleset_for(game), [], authors)  # type: ignore[arg-type]
    said = [n for n in notices if "替补 蛋挞" in n]
    assert len(said) == 1, notices
    assert "本局帖子里没有 蛋挞 发的帖，替补等于没有生效" in said[0], said
    assert "论坛上发帖的是 蛋撻" in said[0] and "请把替补的人改成 蛋撻" in said[0], said


def test_the_forums_own_spelling_says_nothing(tmp_path: Path) -> None:
    game, authors = _game(tmp_path / "b", "蛋撻")
    notices = game_notices(game, ruleset_for(game), [], authors)  # type: ignore[arg-type]
    assert not [n for n in notices if "没有生效" in n], notices
    assert silent_substitutes(game, authors) == []  # type: ignore[arg-type]


def test_a_newcomer_who_never_posted_names_the_usual_cause() -> None:
    said = silent_substitute("菠蘿油", "阿強", {"阿Ken", "蛋撻"})
    assert "本局帖子里没有 阿強 发的帖" in said
    assert "繁简写法不同也算不同的名字" in said and "蛋挞 和 蛋撻" in said
    # on the seat's own account (M39 替补获得该帐号): nothing to check
    assert silent_substitute("菠蘿油", "菠蘿油", set()) == ""


def test_the_form_offers_the_forums_spelling_of_the_newcomer() -> None:
    authors = {"蛋撻", "阿Ken"}
    offered = Event(type=EventType.SUBSTITUTE, player="菠蘿油", value="蛋挞")
    assert _newcomer_name(offered, authors) == "蛋撻"
    assert forum_spelling("蛋撻", authors) is None  # (posted: as it is)
    # two accounts that fold to the same name: the director chooses, nothing is guessed
    assert forum_spelling("蛋挞", {"蛋撻", "蛋挞仔", "蛋撻 "}) == "蛋撻"
    assert forum_spelling("发财", {"發財", "髮財"}) is None
