"""The game's own vocabulary read from the game itself (issue 34, session 51): the words a
director glosses read as his, the words his posts use in the grammar's slots inferred (and
asked), each with the words that keep a word out.  Sentences written for these tests (a
ferry cast: 船长 / 水手 …, a bakery director), not taken from any set."""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from auditor.game.theme import Theme, Word, glosses, in_game_words, learn, question
from auditor.models import Post

PLAYERS = ["海鸥", "灯笼", "木桨", "铁锚", "帆布"]
TZ = ZoneInfo("Asia/Shanghai")


def _words(theme: Theme) -> dict[str, tuple[str, bool]]:
    return {w.word: (w.kind, w.glossed) for w in theme.words}


@pytest.mark.parametrize(
    ("text", "word", "kind"),
    [
        ("本局说明：出炉 = 出局。", "出炉", "out"),
        ("出炉就是出局，大家记住。", "出炉", "out"),
        ("第一天只选烤盘长（警长），不出人。", "烤盘长", "badge"),
        ("所谓出炉，指出局。", "出炉", "out"),
        ("出局在本局叫出炉。", "出炉", "out"),
        ("有人问糊了什么意思：就是死了，夜里的事。", "糊了", "out"),
        ("烤盘长（即警长）由大家投。", "烤盘长", "badge"),
        ("进炉：开帖", "进炉", "opens"),
        ("熄炉：关帖", "熄炉", "closes"),
    ],
)
def test_a_gloss_the_director_writes_is_his_word(text: str, word: str, kind: str) -> None:
    assert [(w.word, w.kind, w.glossed) for w in glosses(text, PLAYERS)] == [(word, kind, True)]


@pytest.mark.parametrize(
    "text",
    [
        "出炉算出局吗？",  # a question he does not answer
        "海鸥（出局）",  # a player's name, not a word
        "出局（死亡）",  # the grammar's own words
        "不出炉就是出局",  # a word that undoes
        "环节二（延长）结束",  # a bracket glosses an exit or a badge only
    ],
)
def test_no_gloss(text: str) -> None:
    assert glosses(text, PLAYERS) == []


def test_two_times_beside_two_words_are_the_day_s_words() -> None:
    theme = learn(["【面包房】\n进炉：5月4日 09:00\n熄炉：5月4日 21:30"], PLAYERS)
    assert _words(theme) == {"进炉": ("opens", False), "熄炉": ("closes", False)}


def test_a_known_word_gives_the_other_its_role() -> None:
    # 起拍 the time reader reads as an opening: 落槌 closes (both said in the grammar's words)
    theme = learn(["第三场拍卖，起拍 09:00，落槌 21:30。"], PLAYERS)
    assert _words(theme)["落槌"] == ("closes", False)
    assert theme.rewrite("落槌 21:30") == "关帖 21:30"


@pytest.mark.parametrize(
    "text",
    [
        "提醒：今日 21:30 截止投票。",  # two words beside one time
        "舱门将于今晚 21:30 关闭，明早 09:00 开门。",  # a phrase's tail is no word
        "进炉 09:00，熄炉 21:30，烤盘 20:00。",  # three words: a schedule of other things
    ],
)
def test_no_day_words(text: str) -> None:
    assert not [w for w in learn([text], PLAYERS).words if w.kind in ("opens", "closes")]


def test_a_word_in_the_slot_of_leaving_twice_is_inferred() -> None:
    posts = ["昨夜糊锅：海鸥。", "今早公示：灯笼 糊锅。"]
    assert _words(learn(posts, PLAYERS)) == {"糊锅": ("out", False)}


@pytest.mark.parametrize(
    "posts",
    [
        ["昨夜糊锅：海鸥。"],  # one post
        ["昨夜糊锅：海鸥。", "海鸥 糊锅。"],  # one player
        ["海鸥 喵喵。", "灯笼 喵喵。"],  # a state the player stays in the game with
        ["海鸥 出局。", "灯笼 出局。"],  # the grammar's own word
        ["海鸥 发言。", "灯笼 发言。"],  # no leaving by its sense
    ],
)
def test_no_word_of_leaving(posts: list[str]) -> None:
    assert not [w for w in learn(posts, PLAYERS).words if w.kind == "out"]


def test_a_delay_is_ye_and_the_theme_s_noun() -> None:
    theme = learn(["起拍 09:00，落槌 21:30。", "延拍通过，落槌改到 23:30。"], PLAYERS)
    assert _words(theme)["延拍"] == ("delay", False)


def test_rewrite_says_the_grammar_s_words_never_inside_a_name() -> None:
    theme = Theme(
        (
            Word("出炉", "out", True, ""),
            Word("烤盘长", "badge", True, ""),
            Word("木桨", "out", False, ""),  # (a name is never rewritten)
        )
    )
    assert (
        theme.rewrite("烤盘长（警长）：海鸥。灯笼 出炉。木桨", PLAYERS)
        == "警长：海鸥。灯笼 出局。木桨"
    )
    assert theme.glossed().rewrite("灯笼 出炉") == "灯笼 出局"


def test_a_post_whose_times_a_word_unknown_stands_beside_keeps_its_day_words() -> None:
    # (开席：早上九点入席，晚上九点半散席 — 入席 unknown: the pair is read by its places)
    theme = Theme((Word("散席", "closes", False, ""),))
    text = "开席：早上九点入席，晚上九点半散席。"
    assert theme.rewrite(text) == text


def _post(pid: int, author: str, text: str, hour: int) -> Post:
    return Post(
        tid=1,
        pid=pid,
        floor=pid,
        author=author,
        author_uid=None,
        posted_at=datetime(2026, 5, 4, hour, tzinfo=TZ),
        message_html="",
        text=text,
    )


def test_a_game_s_posts_in_its_words_and_what_is_asked() -> None:
    posts = [
        _post(1, "面包师", "本局说明：出炉就是出局。", 8),
        _post(2, "面包师", "昨夜糊锅：海鸥。", 9),
        _post(3, "海鸥", "灯笼 出炉了吗？", 10),
        _post(4, "面包师", "今早公示：灯笼 糊锅。铁锚 出炉。", 11),
    ]
    said, asked = in_game_words(posts, ["面包师"], PLAYERS)
    assert said[1].text == "昨夜出局：海鸥。"  # (糊锅 inferred: said, and asked)
    assert said[2].text == "灯笼 出炉了吗？"  # a player's post as it is
    assert said[3].text == "今早公示：灯笼 出局。铁锚 出局。"
    assert set(asked) == {2, 4}
    assert [w.word for w in asked[4]] == ["糊锅"]
    assert "糊锅" in question(asked[4][0], 4) and "推断" in question(asked[4][0], 4)
