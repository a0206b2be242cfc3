"""desk49 item 2 (auditor/report/chips.py): chips that do not invent — on the session-49
directors' own games (tests/games/discovery_fh49/xiaolu, 小鹿, M39; discovery_fh49b/
btship_tianjin, 大刘, 版杀7), their posts as they wrote them:

* no event from a rules post's example (「投票對象：阿哲」 offered 阿哲 出局);
* no runner-up from a sheriff's result (「蚵仔煎6票、小葵2票，蚵仔煎當選警長」 offered 小葵);
* no 替补 from last words (「肉圓的遺言：…3. 滷肉飯加油」 offered 肉圓 → 滷肉飯);
* the post's 补上这个出局 form starts with the player its reading reads out, not the first it
  names (「茶汤李六点二十那票过点儿了不算…耳朵眼过半，直接领盒饭」 prefilled 茶汤李);
* a chip's time is the post's own night (「阿哲 Lv上升」 in the 12-16 08:55 report prefilled
  12-15 09:00, day 2's opening, not day 3's)."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime

from auditor.game.gamefile import EventType, Game, load_game
from auditor.report.chips import post_chips
from tests import paths

XIAOLU = paths.TESTS / "games" / "discovery_fh49" / "xiaolu" / "game.toml"
BTSHIP = paths.TESTS / "games" / "discovery_fh49b" / "btship_tianjin" / "game.toml"


def _at(text: str) -> datetime:
    return datetime.fromisoformat(text + "+08:00")


def _events(chips: dict[str, object]) -> list[tuple[str, str]]:
    events = chips["events"]
    assert isinstance(events, list)
    return [(c["type"], c["player"]) for c in events]


def _without(game: Game, *kinds: EventType) -> Game:
    """The game with its events of ``kinds`` not recorded yet (what the chips offer)."""
    return replace(game, events=tuple(e for e in game.events if e.type not in kinds))


def test_a_rules_posts_example_offers_no_event() -> None:
    game = load_game(XIAOLU)
    text = (
        "【本場補充規定】\n5. 第一天投票帖是警長競選，最先得到最高票的人當選警長，第一天不出局。"
        "\n\n【投票格式】\n投票對象：阿哲\n投票理由：很可疑\n\n【改票格式】改票請回覆原投票樓層\n"
        "改票對象：小葵\n改票理由：也很可疑"
    )
    chips = post_chips(game, text, _at("2026-12-13T12:05"), tid=3902)
    assert _events(chips) == []
    assert chips["out"] == {}


def test_a_sheriffs_runner_up_is_no_sheriff() -> None:
    game = load_game(XIAOLU)  # (蚵仔煎's election read already)
    text = "警長競選結果：蚵仔煎6票、小葵2票，蚵仔煎當選警長🎉\n米糕那票格式不對，不算。"
    chips = post_chips(game, text, _at("2026-12-14T22:05"), tid=3903)
    assert ("sheriff", "小葵") not in _events(chips), chips


def test_last_words_naming_the_substitute_offer_no_substitute() -> None:
    game = _without(load_game(XIAOLU), EventType.SUBSTITUTE)  # (not confirmed yet)
    text = "肉圓的遺言：\n1. 我真的是好人\n2. 蚵仔煎很可疑\n3. 滷肉飯加油\n4. 下次再戰"
    chips = post_chips(game, text, _at("2026-12-16T09:00"), tid=3903, newcomers=["滷肉飯"])
    assert [e for e in _events(chips) if e[0] == "substitute"] == []


def test_the_substitute_named_in_his_own_sentence_is_offered() -> None:
    game = _without(load_game(XIAOLU), EventType.SUBSTITUTE)
    text = "米糕家裡有事，由滷肉飯接手米糕的位置，用他自己的帳號。"
    chips = post_chips(game, text, _at("2026-12-15T10:45"), tid=3903, newcomers=["滷肉飯"])
    assert ("substitute", "米糕") in _events(chips)


def test_the_add_form_starts_with_the_player_read_out() -> None:
    game = _without(load_game(BTSHIP), EventType.ELIMINATED)
    text = (
        "D2-1数完了嘿，茶汤李六点二十那票过点儿了不算：[code]耳朵眼 4票（大麻花、煎饼果子、"
        "熟梨糕、锅巴菜）\n茶汤李 1票（糖堆儿）\n糖堆儿 1票（耳朵眼）[/code]七个人过半就是四票，"
        "耳朵眼过半，直接领盒饭，不用D2-2了，介就直接入夜，明儿晚上八点公布，耳朵眼现在就能写遗言。"
    )
    chips = post_chips(game, text, _at("2026-12-05T18:30"))
    out = chips["out"]
    assert isinstance(out, dict)
    assert out.get("player") != "茶汤李", chips


def test_a_night_reports_chip_is_timed_by_its_own_night() -> None:
    game = _without(load_game(XIAOLU), EventType.PIPED, EventType.ELIMINATED)
    text = (
        "12/16（三）早安～\n昨晚的結果：\n・小葵 陣亡\n・阿哲 Lv上升\n"
        "・芋圓、珍奶 回到Lv.1，可以正常說話了\n今天早上9點開門，晚上10點關門。"
    )
    chips = post_chips(game, text, _at("2026-12-16T08:55"), tid=3903)
    events = chips["events"]
    assert isinstance(events, list)
    timed = {(c["type"], c["player"]): c["at"] for c in events}
    assert timed, chips
    for (kind, _player), at in timed.items():
        if kind in ("piped", "eliminated"):
            assert at == "2026-12-16T09:00", timed
