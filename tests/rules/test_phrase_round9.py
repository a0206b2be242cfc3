"""Phrase round 9 (blind8 read and tuned on): filler posts, degree-adverb taunts, objections
to one's own card, 谁说谎谁天打雷劈 as an oath — each kind with its clean twins. The lines are
written for these tests in other wordings than blind8's."""

from __future__ import annotations

import pytest

from auditor.rules.matcher import default_matcher


def _cats(text: str) -> set[str]:
    return {m.category for m in default_matcher().find(text)}


@pytest.mark.parametrize(
    ("text", "want"),
    [
        # filler (030 违规判定 6(5)): the whole post is filler, or says it is
        ("沙发！", {"DROWN"}),
        ("板凳~", {"DROWN"}),
        ("打卡，第二帖", {"DROWN"}),
        ("……………", {"DROWN"}),
        ("…………", {"DROWN"}),
        ("。。。。。。。。。", {"DROWN"}),
        ("~~~~~~~~~~", {"DROWN"}),
        ("··········", {"DROWN"}),
        ("........ ", {"DROWN"}),
        ("+1 +1", {"DROWN"}),
        ("+1，+1，+1", {"DROWN"}),
        ("+1+1+1+1", {"DROWN"}),
        ("水水水水水", {"DROWN"}),
        ("还差一帖，随便说点什么", {"DROWN"}),
        ("还差两帖，水一下", {"DROWN"}),
        ("刷个帖数", {"DROWN"}),
        ("我先灌一帖", {"DROWN"}),
        # taunts with a one-character adjective after a degree adverb
        ("他怎么这么贱，金水都踩", {"CHARACTER"}),
        ("真够贱的", {"CHARACTER"}),
        # an objection to the card given to oneself, a director said to favour a side
        ("判我黄牌我不服", {"DIRECTOR"}),
        ("给我的蓝牌我不认", {"DIRECTOR"}),
        ("法官存心让3号活到最后", {"DIRECTOR"}),
        ("导演组明摆着帮狼队赢", {"DIRECTOR"}),
        ("这个主持人就是想让好人翻盘", {"DIRECTOR"}),
        ("白痴啊你们，这都看不出来", {"IQ"}),
        # harm sworn on oneself is an oath only; wished on others it is a curse
        ("谁说谎谁天打雷劈，我是预言家", {"OATH"}),
        ("谁投我谁天打雷劈", {"CURSE"}),
    ],
)
def test_caught(text: str, want: set[str]) -> None:
    assert _cats(text) == want


@pytest.mark.parametrize(
    "text",
    [
        "顶",
        "顶顶",
        "沙发上睡着了，刚醒，来看票",
        "打卡下班了，晚上来投票",
        "。。。你认真的？",
        # one ellipsis (up to six dots) is a sigh or a silence, like ？？？ — not filler
        "……",
        "。。。",
        "......",
        "。。。。。。",
        "……好吧，你赢了",
        "。。。。。。。。5号怎么还不跳",
        "+1，我也觉得5号是狼",
        "+1",
        "+1 :lol",
        "你是不是在帮5号冲锋",
        "导演帮我看了下规则，我记错了",
        "导演不想让狼赢也不想让好人赢，只管判罚",
        "还差两帖，我整理一下票型发出来",
        "发了四帖了，还差一帖，不过我不凑，说点有用的",
        "记得补帖数，别被判潜水",
        "3号又水了一帖，什么也没说",
        "山水水墨画真好看",
        "签到，我是预言家，昨晚查了5号是金水",
        "我真够傻的，站错边了",
        "我怎么这么笨，你别学我",
        "判我违规我接受，是我没注意",
        "导演希望大家早点投票",
        "我不想让狼赢，所以投5号",
        "5号说我诅咒他，我只是预测他今晚出局",
        "我不看谁贴脸，只看票型",
        "请假要私聊导演吗？",
        "新人能申请场外助理吗",
        "扔了个垃圾回来，继续看票",
        "白痴吗？你说的是那个身份吧",
    ],
)
def test_clean(text: str) -> None:
    assert _cats(text) == set()
