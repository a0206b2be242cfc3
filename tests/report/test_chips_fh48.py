"""desk48_2 items 2 and 6 (auditor/report/chips.py): a post naming a roster player and a
newcomer (a forum name that posted, not on the roster) offers 「替补：X → Y」 (老金's 「X →
Y」, 阿德's 「换人：A 换成 B」, fh48); a post naming a player no kind was read for offers no
「X 出局」 by default (a vote thread's opener naming the sheriff)."""

from __future__ import annotations

from datetime import datetime

from auditor.game.gamefile import load_game
from auditor.report.chips import event_chips, players_named, substitute_chips
from tests import paths

AT = datetime.fromisoformat("2026-11-22T10:15:00+08:00")


def _game():  # type: ignore[no-untyped-def]
    return load_game(paths.ROOT / "examples" / "sample" / "game.toml")


def test_a_player_and_a_newcomer_named_offer_the_substitute() -> None:
    game = _game()
    out = game.players[0]
    text = f"换人：{out} 换成 凉糕，凉糕用自己的帐号打"
    chips = substitute_chips(game, text, AT, players_named(game, text), ["凉糕", out, "路过的"])
    assert [(c["label"], c["type"], c["player"], c["newcomer"]) for c in chips] == [
        (f"替补：{out} → 凉糕", "substitute", out, "凉糕")
    ]
    assert chips[0]["at"] == "2026-11-22T10:15"


def test_no_newcomer_named_no_substitute() -> None:
    game = _game()
    text = f"{game.players[0]} 和 {game.players[1]} 今天都没投票"
    assert substitute_chips(game, text, AT, players_named(game, text), ["凉糕"]) == []


def test_a_vote_threads_opener_naming_the_sheriff_offers_no_default_death() -> None:
    game = _game()
    sheriff = game.players[0]
    text = f"第二天投票帖，格式照旧。警长 {sheriff} 的票算1.5票，关门前一小时改票无效。"
    chips = event_chips(game, text, AT, players_named(game, text), "vote")
    assert not any(c["label"].startswith(f"{sheriff} 出局") for c in chips), chips
