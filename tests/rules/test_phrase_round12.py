"""Phrase round 12 (issue 35, clean lines first): ordinary words never draw a card.

Each kind in one line, with the twins that are still a violation.  The lines are written for
these tests, not taken from the sets:

- a kinship or animal word in its literal sense (my grandchild, the turtle I caught);
- a word of a category in a real-life sense (a pot, a garment, a contest's prize, rubbish,
  a club's substitute, a parcel unpacked, past exam papers, a philosopher, spam numbers);
- a rule or a banned word named, asked about, refused, denied or reported of someone else;
- the director's public ruling restated, or the poster telling the director something;
- a sound-alike that is an ordinary verb phrase (我分了, 被封了, 我得过).
"""

from __future__ import annotations

import pytest

from auditor.rules.matcher import default_matcher


def _cats(text: str) -> set[str]:
    return {m.category for m in default_matcher().find(text)}


@pytest.mark.parametrize(
    "text",
    [
        # kinship in its literal sense
        "周末带孙子去公园放风筝，回来晚了，先补个票",
        "我孙子教我用输入法，现在打字快多了",
        "孙子发烧了，今天可能回得慢",
        "外孙子放假来我家住，吵得我没法看帖",
        # an animal itself
        "河边钓到一只王八，养在鱼缸里了",
        # a real-life sense
        "我妈炒菜的时候甩锅，菜全翻了个面",
        "这锅排骨汤炖了三个小时，香",
        "天冷了买了件羽绒马甲，口袋特别多",
        "单位象棋比赛我拿过最佳新人奖",
        "推销电话太烦了，我全拉黑了",
        "湿垃圾干垃圾我老是分错",
        "我这台破手机就是个垃圾，一开网页就卡",
        "这学期在读老子的《道德经》，白天发言少",
        "在图书馆刷往届真题，晚上才上线",
        "我在乐队里是替补鼓手，今晚不用演出",
        "拆快递拆出来一双鞋，尺码还不对",
        "手机的人工智障又把投票听成了头疼",
        # the poster of himself
        "我这脑子真不行，又忘了昨天投的谁",
        "这局我尽量不拖后腿",
        # a rule or a word named, asked about, refused, denied, reported
        "马甲、替补、场外助理，这几样在帖子里都别提，提了要吃牌",
        "提醒新人：替补的事别在帖子里说，会被罚",
        "讨论马甲、提往届场次都不行，大家小心",
        "规则里发誓、赌咒、拿人格担保都是要吃牌的",
        "问一下规则，担保和发誓算一种吗？",
        "我不发誓也不担保，看票型就够了",
        "赌咒发誓那一套我不玩",
        "担保这两个字我不爱说",
        "我信他不是因为贴脸，是因为票型对得上",
        "这个外号跟本场马甲没关系",
        "有人在帖子里骂人了，大家别理他",
        "听说有人私下找替补，规则不允许的",
        "请问一下，结束以后能不能加个微信？",
        # the director's public word, or telling him
        "导演说过投票日不算加速",
        "有事我会跟导演说一声",
        # a sound-alike that is an ordinary verb phrase
        "草莓我分了几个给邻居",
        "我的号被封了，这是新注册的",
        "我得过一次重感冒，说话有鼻音",
    ],
)
def test_clean(text: str) -> None:
    assert _cats(text) == set()


@pytest.mark.parametrize(
    ("text", "want"),
    [
        ("你这个孙子，昨天还说站我", "KIN"),
        ("8号就是个孙子，票都不敢投", "KIN"),
        ("孙子，有种别改票", "KIN"),
        ("装什么孙子，敢做不敢认", "KIN"),
        ("你个王八，又刀我", "ANIMAL"),
        ("这锅我不背，是女巫没救人", "BLAME"),
        ("你别甩锅给我", "BLAME"),
        ("5号是谁的马甲？", "SOCKPUPPET"),
        ("结束后我就把你拉黑", "AWARD"),
        ("你就是个垃圾，票都不会投", "CHARACTER"),
        ("老子今天就投你", "KIN"),
        ("我发誓我是预言家，这不算违规吧？", "OATH"),
        ("我发誓，我不是狼", "OATH"),
        ("我拿人格担保他是好人", "GUARANTEE"),
        ("就凭他发言贴脸，我站他", "FACE"),
        ("我要骂人了，气死", "EMOTION"),
        ("我已经找好替补了", "SUBSTITUTE"),
        ("我私聊导演了，导演说我的身份没问题", "DIRECTOR"),
        ("导演跟我说可以", "DIRECTOR"),
        ("都是你拖后腿", "BLAME"),
        ("你是智障吗", "IQ"),
    ],
)
def test_still_caught(text: str, want: str) -> None:
    assert want in _cats(text)


# Misses by kind (issue 35): a vulgar word as a noun or a taunting verb, common look-alikes
# matched only as the whole word, rare look-alikes in the table, emoji read by meaning, a
# deity as the stake, the director's explanation refused, the body in a rage, the poster
# padding his post count, the poster arranging his own substitute.
@pytest.mark.parametrize(
    ("text", "want"),
    [
        ("你吊什么吊，昨天还投错了", "BODY"),
        ("那个逼昨天骗了我的药", "BODY"),
        ("你懂个卯，票型都没看", "BODY"),
        ("你忘了上一扬我们一起被刀了？", "PASTGAME"),
        ("那个人真不耍脸，抄别人的验人", "CHARACTER"),
        ("天天上蹿下跳的小丒就是你", "CHARACTER"),
        ("我的军帅说5号是狼", "ASSISTANT"),
        ("导演对警长票的解释我不认", "DIRECTOR"),
        ("⬛哨，导演偏心", "DIRECTOR"),
        ("我手都气抖了", "EMOTION"),
        ("键盘都想砸了，谁投的我", "EMOTION"),
        ("我用观音菩萨担保，我是女巫", "GUARANTEE"),
        ("🩹脸了还不信？", "FACE"),
        ("灌个水，今天还差一帖", "DROWN"),
        ("刷帖刷帖刷帖", "DROWN"),
        ("这个号以后交给我表哥打", "SUBSTITUTE"),
        ("导演，我出差这几天让我同事当我的替补", "SUBSTITUTE"),
        ("2号这个狗东酉", "ANIMAL"),
        ("这局🏅必须给我，谁也别抢", "AWARD"),
        ("奖杯得归我", "AWARD"),
    ],
)
def test_caught_by_kind(text: str, want: str) -> None:
    assert want in _cats(text)


@pytest.mark.parametrize(
    "text",
    [
        "被他逼得没办法，只能跳预言家",
        "这一步逼近真相了",
        "我去扬州玩了两天，那扬州炒饭真好吃",
        "别耍脸色给我看，有话好好说",
        "导演的解释我认，规则写得清楚",
        "天冷手都冻抖了，打字慢",
        "我信观音菩萨，但玩游戏不拿这个说事",
        "给花灌个水再来投票",
        "灌个水进壶里，泡完茶再看帖",
        "还差两帖，我整理一下票型",
        "这个号让我很头疼，密码老忘",
        "导演，请问替补是不是继承原来的牌？",
        "卯时起床，先看帖",
        "钓鱼比赛的奖杯给我们家孩子摆着玩了",
    ],
)
def test_clean_twins_of_kinds(text: str) -> None:
    assert _cats(text) == set()
