"""Session 48 (issue 37, the regression games votes_blind11): what a spoken vote's sentence
decides where no format is prescribed (版杀7 4.1.2 说明2–4) and a labelled vote re-posted below a
declaration that voids the one above (000 投票规则 / 001: one ballot, what follows) — each
principle with its own illustrations (the roster of tests/votes) and the words that undo it.

- English's conditional mood with go (I'd go X / I would go for X): the choice made politely,
  as with vote; with its condition or a reservation in its sentence, or asked, none cast.
- A name said as a sentence of its own after the round it is for (这一轮X。/ 本轮 我 X。), even
  after sentences that name no one; or after a short clause of the poster's own ended by a comma
  (算了，X。/ 想了想，X。); or closed by a comma and the decision's closing words or a remark on
  the round itself (X，就这样 / X，最后一轮了).  A remark about him (X，昨天跳得很怪), a greeting (早，
  X。), a supposition (如果要选，X。) or a question after it casts none.
- A name said alone, then the poster's act of choosing with the one chosen described (X。先点潜
  水的 / X。就挑话最少的那个): the name is the one he picks, what is said of him after its reason.
- A count, then a last clause of the poster's own, its subject 我 (环节一X五票Y三票，我这轮继续X):
  the count is what he saw, the clause what he does.
- After a vote, the poster's own slip caught (啊不 / 不对 / 口误 / 收回: freevote.toml
  ``[undoers] slip``) and the name he meant said alone: one ballot for that name, no change.
  Not 不是Y (the other refused) nor Y才是狼 / Y？ (a remark, a doubt).
- The ballot sent toward a name, a verb and 向 / 往 after 票 (这一票照向X / 我这票砸向X).
- A Chinese dash (破折号 ——) parts clauses: a question before it (一看就知道谁逃票——投X) leaves
  the vote after it cast; a condition in its sentence still undoes it.
- A last line signing the post off with a dash, a short title and the poster's own name (——守灯人
  饺子): who writes, no vote for him.
- A ballot typed for another player (我帮X登记个投票：Y / 替X填一张票：Y): his request relayed, no
  vote of the poster's (only the director's 代投 is a vote of another: M107 9).
- The counter told in dialect not to count the post (唔好计两次 / 咪算): the ballot withdrawn.
- Under a labelled preset, a line whose own clauses declare the vote above void (等等，上面那个不算，
  …以下为准：) and a labelled vote after it: the vote below.  Told of another (X说上面不算) it
  voids nothing.
"""

from __future__ import annotations

import pytest

from tests.rules.test_vote_sets import read_post


@pytest.mark.parametrize(
    ("text", "want"),
    [
        ("I'd go 番茄 this time.", "番茄"),
        ("I would go for 南瓜 today", "南瓜"),
        ("I’d go 冬瓜. Sorry, 番茄 was better than I thought.", "冬瓜"),
        ("这一轮番茄，就这样。", "番茄"),
        ("本轮 我 冬瓜。理由见讨论帖", "冬瓜"),
        ("刚下班，眼睛都花了。本轮南瓜。", "南瓜"),
        ("南瓜，最后一轮了", "南瓜"),
        ("冬瓜，定了", "冬瓜"),
        ("算了，南瓜。不想再拖一轮", "南瓜"),
        ("番茄。先点潜水的，虽然他后来冒泡了", "番茄"),
        ("冬瓜。就挑话最少的那个，他自己也认了", "冬瓜"),
        ("目前南瓜4 冬瓜3，我这边还是南瓜", "南瓜"),
        ("环节一冬瓜五票番茄三票，我这轮继续冬瓜", "冬瓜"),
        ("投冬瓜，不对，南瓜", "南瓜"),
        ("我投番茄——呸，口误，是冬瓜", "冬瓜"),
        ("投南瓜……哦不对，撤回，番茄。", "番茄"),
        ("我这票砸向南瓜，不解释", "南瓜"),
        ("这票飞往番茄。", "番茄"),
        ("县城的车我跑了八年，谁心虚一眼就看得出来——投冬瓜。", "冬瓜"),
        ("冬瓜那段站不住，本楼这一票投向冬瓜。\n——值夜班的 包子", "冬瓜"),
    ],
)
def test_the_spoken_vote_is_read(text: str, want: str) -> None:
    got = read_post("killbar7", "包子", text)
    assert got.attempt and got.target == want and got.format_valid, (text, got)
    assert not got.change, (text, got)


@pytest.mark.parametrize(
    "text",
    [
        "I'd go 番茄 if he stays quiet.",
        "I'd go 番茄 but not yet",
        "would you go 番茄?",
        "they'd go 番茄",
        "番茄，昨天跳得很怪",
        "番茄，上一轮你投的谁",
        "番茄，最后一轮了你还不说话？",
        "番茄，下一轮再说",
        "早，番茄。",
        "如果要选，番茄。",
        "这一轮番茄很怪。",
        "这一轮番茄，冬瓜",
        "番茄。他两轮都在跟风",
        "番茄。先点他的名，说说昨晚的事",
        "番茄4 冬瓜3，我觉得冬瓜要翻盘",
        "番茄4 冬瓜3，我要是投冬瓜就平了",
        "这一票不会照向冬瓜",
        "他那一票照向冬瓜",
        "如果他再不说话——投番茄",
        "冬瓜那段站不住。\n——守灯人 包子",
        "我替冬瓜填一张票：南瓜，他在开会",
        "借我账号用下，帮汤圆登记个投票：番茄",
        "投南瓜\n咪算，试下格式",
    ],
)
def test_no_vote_is_read(text: str) -> None:
    got = read_post("killbar7", "包子", text)
    assert not got.attempt, (text, got)


@pytest.mark.parametrize(
    ("text", "want"),
    [
        ("投番茄，不是冬瓜", "番茄"),
        ("投番茄，不对，冬瓜才是狼吧", "番茄"),
    ],
)
def test_a_name_after_no_slip_leaves_the_vote(text: str, want: str) -> None:
    got = read_post("killbar7", "包子", text)
    assert got.attempt and got.target == want, (text, got)


@pytest.mark.parametrize(
    ("text", "want"),
    [
        (
            "投票对象：番茄\n投票理由：潜水\n\n等等，上面那个不算，看了汤圆的理由改主意了，以下为准：\n"
            "投票对象：冬瓜\n投票理由：同汤圆。",
            "冬瓜",
        ),
        (
            "投票对象：番茄\n投票理由：潜水\n哎呀手快了，前面的不算，下面为准\n"
            "投票对象：南瓜\n投票理由：跳得太晚。",
            "南瓜",
        ),
        (
            "投票对象：番茄\n投票理由：潜水\n汤圆说上面不算，以下为准\n"
            "投票对象：南瓜\n投票理由：跳得太晚。",
            "番茄",
        ),
    ],
)
def test_a_labelled_vote_below_the_one_voided(text: str, want: str) -> None:
    for preset in ("m107", "killbar7"):
        got = read_post(preset, "包子", text)
        assert got.attempt and got.target == want and not got.change, (preset, text, got)
