"""Phrase round 10 (blind9 and blind10 read and tuned on, issue 35): the clean lines those
sets flagged, by kind — a rule named or a clause cited, the poster's own words likened and
disclaimed, another's words reported or disowned, a word in its everyday sense, a sound-alike
that is an everyday word — each with the twins that stay a card.  The lines are written for
these tests in other wordings than the sets'."""

from __future__ import annotations

import pytest

from auditor.rules.matcher import default_matcher


def _cats(text: str) -> set[str]:
    return {m.category for m in default_matcher().find(text)}


@pytest.mark.parametrize(
    "text",
    [
        # a rule named: what it covers, a numbered clause cited, the act called a violation
        "MVP的事规则里写了揭秘之前不准讨论，先专心找狼",
        "规则第四条是关于替补的，私下找替补也不行，大家注意",
        "替补相关的都不能提，私下找、公开找替补都算，大家注意",
        "导演说过的话我们不能转述，别问我了",
        "发誓、赌咒这些都别说了，大家克制一点",
        "看人要看行为，贴脸不能当理由",
        "别以为没人管，用贴脸作为依据是要判的",
        "谁知道发誓算哪一条？",
        # the poster's words likened to the act, and disclaimed
        "我知道这话听着像在发誓，但我只是在讲逻辑",
        # another's words: reported as a violation, or disowned
        "4号在帖里说要找个场外助理，这是违规的，请导演处理",
        "那句卧槽不是我说的，是5号的原话",
        "不是我刷屏，是网卡了发重了",
        # the poster of himself
        "我太蠢了，居然信了他两天",
        # everyday senses: school and work, history, sport and shooters, weather, brands
        "公司年终评奖结果出来了，我啥也没有",
        "他是军师型玩家，每天都写长篇分析",
        "三国里的军师个个神机妙算",
        "打CS的时候对面贴脸我根本反应不过来",
        "上届学生会的会长今天来看我们了",
        "上一场雨下了两天，宿舍都潮了",
        "新买的NB跑鞋挺舒服",
        "找了半天wc，商场的厕所太难找了",
        "昨天那场讨论太精彩了，我看了三遍",
        # sound-alikes that are everyday words
        "我家那盆绿萝也被我养死了",
        "今天作业写不完了，投完票就睡",
        "你具体说说哪一句是踩我",
        "3号藏得真深，今天才露出来",
        "昨晚村里死了两个人",
        # a public reminder thanked
        "谢谢导演提醒我，格式已经改了",
        # the recall kinds' twins: no opinion on the game, no contact asked, no cloak
        "我给室友看了新买的鞋，他说不错",
        "add me on wechat",
        "我以前的荣誉证书找不到了",
        "熬了一晚上结果还是没查到狼",
        "you little pig-tailed girl",
        "我家养的一条狗昨天走丢了",
        "我嘴贱说错了，抱歉",
        "我身边坐着个同学，他在写作业",
        "我恪守规则，从不场外交流",
        "现在的最佳策略是预言家先跳",
    ],
)
def test_clean(text: str) -> None:
    assert _cats(text) == set()


@pytest.mark.parametrize(
    ("text", "want"),
    [
        ("规则第三条说不能发誓，但我发誓我是预言家", {"OATH"}),
        ("那句卧槽是我说的，怎么了", {"VULGAR"}),
        ("我要私下找替补", {"SUBSTITUTE"}),
        ("这局MVP给9号", {"AWARD"}),
        ("我军师让我投5号", {"ASSISTANT"}),
        ("5号一直在贴脸，我信他是好人", {"FACE"}),
        ("上一场你也是这么悍跳的", {"PASTGAME"}),
        ("女巫这毒开得真NB", {"BODY"}),
        ("wc，又是平安夜", {"VULGAR"}),
        ("你太蠢了，被狼骗了两天", {"IQ"}),
        ("不是我的锅，女巫乱开药", {"BLAME"}),
        ("导演私下提醒我3号是狼", {"DIRECTOR"}),
        # misses of blind10, by kind, in other words: dialect words, emoji, look-alikes,
        # a seed's example after a question mark, slang taunts, outside help across a comma
        ("你这孙贼，又踩我", {"KIN"}),
        ("都系你嘅错，乱开药", {"BLAME"}),
        ("气得直突突", {"EMOTION"}),
        ("谁踩我谁生仔冇屎忽", {"CURSE"}),
        ("MVP非3号莫属", {"AWARD"}),
        ("卧🌱，又平票", {"VULGAR"}),
        ("这刀🦬b", {"BODY"}),
        ("别想甩镉给我", {"BLAME"}),
        ("不信？等揭秘看演员表", {"GUARANTEE"}),
        ("你笨成这样还当预言家", {"IQ"}),
        ("你知道个卵", {"BODY"}),
        ("小丑竟是他", {"CHARACTER"}),
        ("我给老婆看了帖子，她也觉得5号是狼", {"ASSISTANT"}),
        ("室友在我身后看着，他说该投3号", {"ASSISTANT"}),
        ("you dirty rat", {"ANIMAL"}),
        ("add me on QQ once the game is over", {"AWARD"}),
        # misses of blind9, by kind, in other words
        ("他就是狼队养的一只狗", {"ANIMAL"}),
        ("我要是说了谎就天打五雷轰", {"OATH"}),
        ("投我的等着被⚡劈", {"CURSE"}),
        ("🌊🌊🌊🌊", {"DROWN"}),
        ("你真是嘴欠", {"CHARACTER"}),
        ("你懂个卵的逻辑", {"BODY"}),
        ("请导演撤销给我的黄牌", {"DIRECTOR"}),
        ("有没有场外的大佬帮我分析一下", {"ASSISTANT"}),
        ("我旁边坐着个大神，他看了票型说3号是狼", {"ASSISTANT"}),
        ("🥇给我们的女巫", {"AWARD"}),
        ("打完我们建个群一起开黑", {"AWARD"}),
        ("我拿人恪担保", {"GUARANTEE"}),
    ],
)
def test_caught(text: str, want: set[str]) -> None:
    assert _cats(text) == want
