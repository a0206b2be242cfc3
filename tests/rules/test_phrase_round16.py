"""Phrase round 16 (session 40; blind17's even half read and tuned on, issue 35): the clean
lines it flagged, by kind — an everyday thing that holds a lexicon word (rubbish handled by
hand, a kind of waste, a garment, cookware carried, a whistle, a job's 助理, 孩子他妈), a number
heard as a near sound, the director's rule told by his other names, another's insult handed
to the director — each with the twins that stay a card.  The lines are written for these
tests, in other wordings than the set's."""

from __future__ import annotations

import pytest

from auditor.rules.matcher import default_matcher


def _cats(text: str) -> set[str]:
    return {m.category for m in default_matcher().find(text)}


@pytest.mark.parametrize(
    "text",
    [
        # rubbish handled by hand, a kind of waste named
        "倒完楼道里的垃圾再上线，先投4号",
        "扫一下院子的垃圾，回来接着看票",
        "装修垃圾堆在门口，物业催了三次",
        "实验室的化学废物周五统一回收",
        # a garment, cookware carried, a whistle: things
        "降温了，出门记得套件羊毛马甲",
        "露营那天我背锅，他背帐篷",
        "体育老师的黑哨子挂在墙上",
        # a job's assistant, named by the boss's title
        "主任的助理帮我排了夜班，今晚发言少",
        # the child's mother: a wife, not 他妈的
        "娃他妈在厨房，我先抱孩子",
        # a number written out, not a near sound
        "我姥爷今年九十了，身体还行",
        "四十个人报名，只开了一桌",
        # the director's rule told by his other names
        "主持人说过两天不发言就上替补，大家注意",
        # another's insult handed to the director
        "3号在20楼骂9号畜生，请导演处理",
        "有人骂我王八蛋，这算不算违规？",
    ],
)
def test_clean(text: str) -> None:
    assert _cats(text) == set(), text


@pytest.mark.parametrize(
    ("text", "want"),
    [
        # the insult said of a player stays
        ("5号就是个垃圾，别跟他票", {"CHARACTER"}),
        ("扔掉你这个垃圾发言", {"CHARACTER"}),
        ("你这个废物，又把票投歪了", {"CHARACTER"}),
        # the game's own sockpuppet and blame
        ("我这个马甲你们认不出来吧", {"SOCKPUPPET"}),
        ("输了这锅我来背", {"BLAME"}),
        ("导演吹黑哨，我不服", {"DIRECTOR"}),
        # a digit alone still cloaks; a place beside it is no number
        ("你们这些狼，出门摔四", {"CURSE"}),
        ("万八蛋才信你是预言家", {"ANIMAL"}),
        # asking the director for one's own substitute, by any of his names
        ("法官能不能让我朋友当我的替补", {"SUBSTITUTE"}),
        # the poster's own insult, or said again as his own
        ("我骂他畜生怎么了，这算违规吗", {"ANIMAL"}),
        ("8号骂得对，3号就是个畜生", {"ANIMAL"}),
    ],
)
def test_caught(text: str, want: set[str]) -> None:
    assert want <= _cats(text), text


# ---- recall by kind (brief item 3): what the seeds' clauses call these, in ordinary words,
# each kind seen on two or more scored sets (blind13-blind17)


@pytest.mark.parametrize(
    ("text", "want"),
    [
        # M107 3(3)-(7): leaving one's own group staked on the claim
        ("我要是狼我就退出这个钓鱼群", {"GUARANTEE"}),
        ("如果我在骗人，我马上退出读书会", {"GUARANTEE"}),
        # M107 3(6): one's own penalty offered as the stake
        ("导演直接给我黄牌都行，我是真守卫", {"GUARANTEE"}),
        ("我要是说谎，法官让我下场都可以", {"GUARANTEE"}),
        # 030 3(2): the director's explanation of a rule contested, without naming a penalty
        ("导演说女巫不能自救，这解释太死板了", {"DIRECTOR"}),
        ("这个规则解释我不接受", {"DIRECTOR"}),
        # 030 6(5), 八荣八耻 灌水刷帖: posting to fill the day's count, said so
        ("今天凑够五帖就下了", {"DROWN"}),
        ("灌水一楼，晚上再来", {"DROWN"}),
        ("今天的帖子数凑一凑", {"DROWN"}),
    ],
)
def test_kind_caught(text: str, want: set[str]) -> None:
    assert want <= _cats(text), text


@pytest.mark.parametrize(
    "text",
    [
        # leaving a group for its own reason, no claim staked
        "我退出这个群了，消息太多",
        "他要是不想玩就退群呗",
        # a penalty taken, not offered
        "导演给了我黄牌，我认",
        # a player's explanation (not the director's rule) called wrong: game talk
        "3号你这个解释是错的，守卫不会空守",
        "这个规则解释我认了，没问题",
        # the rule's count itself, or advice against filling it
        "规则要求每天发满五帖",
        "大家不要刷到十楼就下线，认真盘",
    ],
)
def test_kind_clean(text: str) -> None:
    assert _cats(text) == set(), text


# ---- foreign words in a Chinese sentence (M107 判罚范围 外国语言), each kind seen on two or
# more scored sets: a Chinese possessive with an English helper or alt, padding a post count


@pytest.mark.parametrize(
    ("text", "want"),
    [
        ("我家 coach 觉得5号是狼", {"ASSISTANT"}),
        ("那是他的alt，大家懂的", {"SOCKPUPPET"}),
        ("just bumping my post count", {"DROWN"}),
    ],
)
def test_code_switch_caught(text: str, want: set[str]) -> None:
    assert want <= _cats(text), text


@pytest.mark.parametrize(
    "text",
    [
        "我的alt键坏了，打字慢",
        "我的 mentor 说明天去健身房训练",
        "his post count is low, he lurks",
    ],
)
def test_code_switch_clean(text: str) -> None:
    assert _cats(text) == set(), text
