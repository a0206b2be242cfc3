"""A round's outcome is never stated as certain when a post read neither way could change it
(session 40, issue 37; never silent): under the free format (版杀7 4.1.2 names no format, so
no seed voids an unreadable vote) an attempt whose target names no player, or a post with a
player's name after a vote word that the reader neither accepts nor undoes, is asked of the
director — with its text and link — when counting it could change a 过半, a tie, the top place
or the suspects.  When it could not, or a word undoes it, nothing is asked."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from auditor.rules.freevote import parse_free_vote, unread_attempt
from auditor.urls import findpost_link
from tests.rules.test_votes import KILLBAR_DAY, at, book_of, kb


def _four_for_youtiao(extra: dict[str, Any]) -> list[dict[str, Any]]:
    """试探性投票 of eight: 油条 4 (not more than half of 8), 烧卖 3, and one more post."""
    votes = [("饺子", "油条"), ("馄饨", "油条"), ("豆浆", "油条"), ("春卷", "油条")]
    votes += [("油条", "烧卖"), ("烧卖", "烧卖"), ("汤圆", "烧卖")]
    return [kb(a, 12, at(1, 10, i), t) for i, (a, t) in enumerate(votes)] + [extra]


def _said(text: str) -> dict[str, Any]:
    return {"author": "包子", "tid": 12, "at": at(1, 20), "message": text}


def test_an_unread_vote_that_could_make_a_majority_is_asked(tmp_path: Path) -> None:
    book = book_of(
        tmp_path, "killbar7", KILLBAR_DAY, _four_for_youtiao(_said("票我放油条那边了哈"))
    )
    first = book.days[1].rounds[0]
    assert "结果未定" in first.reason
    assert len(book.conflicts) == 1
    question = book.conflicts[0]
    assert "包子" in question and "票我放油条那边了哈" in question
    # where the post is, for a director: its link or its 楼, never a pid
    assert "pid" not in question and "pid" not in first.reason


def test_an_attempt_at_no_player_that_could_change_the_suspects_is_asked(tmp_path: Path) -> None:
    book = book_of(tmp_path, "killbar7", KILLBAR_DAY, _four_for_youtiao(_said("投大白菜")))
    assert [b.problem for b in book.days[1].ballots if b.voter == "包子"] == ["target_not_player"]
    assert "结果未定" in book.days[1].rounds[0].reason
    assert book.conflicts


def test_nothing_is_asked_when_it_could_not_change_the_round(tmp_path: Path) -> None:
    # 烧卖 3 → 4 is still no majority of 8; the suspects stay 油条 and 烧卖
    book = book_of(
        tmp_path, "killbar7", KILLBAR_DAY, _four_for_youtiao(_said("票我放烧卖那边了哈"))
    )
    assert "结果未定" not in book.days[1].rounds[0].reason
    assert not book.conflicts


def test_nothing_is_asked_when_the_post_undoes_it(tmp_path: Path) -> None:
    for i, text in enumerate(
        ["大家别投油条", "要是投油条呢？", "馄饨说他投了油条", "如果油条不解释就投他"]
    ):
        book = book_of(tmp_path / str(i), "killbar7", KILLBAR_DAY, _four_for_youtiao(_said(text)))
        assert not book.conflicts, text


def test_a_name_with_a_remark_about_him_is_a_doubt_not_a_vote() -> None:
    # a bare name and a remark in the third person may be the vote with its reason or a
    # defence: read neither way (asked when it could change the round); a reason said or
    # declined is the vote, and a remark naming another player or asking is neither
    players = ["番茄", "南瓜", "冬瓜"]
    for text in ["番茄，他不可能是狼。", "番茄。此人必是好预言家", "番茄，我觉得他很怪"]:
        assert parse_free_vote(text, players, bare=True) is None, text
        assert unread_attempt(text, players) == "番茄", text
    for text in ["番茄，理由见讨论帖", "番茄，没什么好说的"]:
        assert parse_free_vote(text, players, bare=True) is not None, text
    for text in ["番茄，他跟南瓜是一伙的", "番茄，他到底投了谁？", "番茄，你怎么看"]:
        assert unread_attempt(text, players) is None, text


def test_vote_words_are_words() -> None:
    # 改天 / 选手 / 票型 are no vote words (a count is no ballot); Vote in any case is one
    players = ["番茄", "南瓜"]
    for text in ["改天再说番茄", "选手番茄很强", "票型：番茄", "票数：番茄 2"]:
        assert unread_attempt(text, players) is None, text
    for text in ["Vote 番茄 吧", "VOTE番茄吧", "票就给番茄那边了", "改成番茄那边了"]:
        assert unread_attempt(text, players) == "番茄", text


def test_a_doubt_before_the_voters_later_vote_is_not_asked(tmp_path: Path) -> None:
    # 包子's unread post comes before his own valid vote: that vote replaces it, as any
    # earlier vote is replaced — nothing is left to ask
    posts = _four_for_youtiao(_said("票我放油条那边了哈"))
    posts.append(kb("包子", 12, at(1, 20, 30), "烧卖"))
    book = book_of(tmp_path, "killbar7", KILLBAR_DAY, posts)
    assert "结果未定" not in book.days[1].rounds[0].reason
    assert not book.conflicts


def test_a_doubt_after_the_voters_vote_is_still_asked(tmp_path: Path) -> None:
    posts = _four_for_youtiao(_said("票我放油条那边了哈"))
    posts.insert(-1, kb("包子", 12, at(1, 15), "烧卖"))
    book = book_of(tmp_path, "killbar7", KILLBAR_DAY, posts)
    assert "结果未定" in book.days[1].rounds[0].reason


def test_the_post_is_shown_by_its_link_or_its_floor_never_its_pid() -> None:
    # one findpost link for the report, the game state and the vote book (auditor.urls)
    assert findpost_link("https://bbs.example.com/", 12, 345) == (
        "https://bbs.example.com/forum.php?mod=redirect&goto=findpost&ptid=12&pid=345"
    )
    assert findpost_link("file:///tmp/pages/", 12, 345) is None
    assert findpost_link("https://bbs.example.com/", 12, None) is None


# --------------------------------------------------------------------------- spoken, by round
# Issue 37 round 2: a living voter's post in the round that names a candidate as a choice in
# his own words (还是油条 / 油条，不变 / 那就油条 / 跟油条), read neither as a ballot nor as
# chatter, is a doubt; the round's doubts are weighed together.


def _three_for_youtiao(*extra: dict[str, Any]) -> list[dict[str, Any]]:
    """试探性投票 of eight: 油条 3, 烧卖 2, 春卷 1 (包子 and 汤圆 have not voted): 油条 needs
    two more for 过半 (5 of 8)."""
    votes = [("饺子", "油条"), ("馄饨", "油条"), ("豆浆", "油条")]
    votes += [("油条", "烧卖"), ("烧卖", "烧卖"), ("春卷", "春卷")]
    return [kb(a, 12, at(1, 10, i), t) for i, (a, t) in enumerate(votes)] + list(extra)


def _by(author: str, hh: int, text: str) -> dict[str, Any]:
    return {"author": author, "tid": 12, "at": at(1, hh), "message": text}


def test_spoken_choices_are_names_chosen_not_names_talked_about() -> None:
    from auditor.rules.votebook.doubt import spoken_choices

    players = ("饺子", "包子", "馄饨", "油条", "烧卖")
    for text in (
        "还是油条，那段解释没说服我。",
        "油条，不变。",
        "那就油条，别的看不出来。",
        "跟油条。",
    ):
        assert spoken_choices(text, players, players) == ("油条",), text
    assert spoken_choices("弃。信息太少。", players, players) == ("弃权",)
    # twins: a statement about him, a question, a negation, a supposition, thanks
    for text in (
        "油条昨天那段话我看不懂。",
        "油条你怎么解释？",
        "还是油条吗？",
        "不投油条，我再看看。",
        "要是都投油条呢？",
        "谢谢油条帮我说话。",
        "油条是不是已经三票了？",
    ):
        assert spoken_choices(text, players, players) == (), text
    # in a round of suspects, another player named is no candidate
    assert spoken_choices("饺子，不变。", ("油条", "烧卖"), players) == ()


def test_a_name_spoken_to_is_chatter_not_a_choice() -> None:
    from auditor.rules.votebook.doubt import spoken_choices

    players = ("饺子", "包子", "汤圆", "油条", "烧卖")
    # review41b item 1: a clause to 你/您, a greeting, thanks or praise beside the name
    for text in (
        "油条，你说得对",
        "油条，辛苦了",
        "油条，晚安",
        "早上好，油条",
        "油条：我觉得你很可疑",
        "油条\n你昨天没投票",
        "油条好",
        "好油条",
        "油条，加油",
        "收到，油条",
        "油条，牛！",
        "油条，厉害",
        "油条，您先说",
    ):
        assert spoken_choices(text, players, players) == (), text
    # twins: the choice words keep a vote beside thanks; a bare name beside a plain remark
    assert spoken_choices("还是油条，谢谢", players, players) == ("油条",)
    assert spoken_choices("油条，不变。", players, players) == ("油条",)
    assert spoken_choices("油条吧，大家晚安", players, players) == ("油条",)


def test_a_choice_that_keeps_its_word_is_a_choice() -> None:
    from auditor.rules.votebook.doubt import spoken_choices

    players = ("饺子", "包子", "汤圆", "油条", "烧卖")
    # review41b item 2: trailing 不变/没变/不改了/不动摇 keep the choice
    for text in (
        "油条不变",
        "还是投油条不变。",
        "油条没变",
        "油条不改了",
        "坚持油条不动摇",
        "我说油条吧",
    ):
        assert spoken_choices(text, players, players) == ("油条",), text
    # twins: 不/没 before the name or on the vote, someone else's words
    for text in (
        "不投油条",
        "不是油条",
        "没选油条",
        "油条不投了",
        "油条我不会投",
        "他说油条",
        "饺子说油条不变",
        "有人说油条吧",
    ):
        assert spoken_choices(text, players, players) == (), text


def test_chatter_spoken_to_the_candidate_leaves_the_round_settled(tmp_path: Path) -> None:
    posts = _three_for_youtiao(_by("包子", 20, "油条，你说得对。"), _by("汤圆", 21, "油条，辛苦了"))
    book = book_of(tmp_path, "killbar7", KILLBAR_DAY, posts)
    first = book.days[1].rounds[0]
    assert not book.conflicts
    assert "结果未定" not in first.reason and "未读出的发言" not in first.reason


def test_votes_that_keep_their_word_are_asked(tmp_path: Path) -> None:
    # 还是 and 不变 are read by the post reader only in some forms; if unread they are asked
    posts = _three_for_youtiao(_by("包子", 20, "油条没变"), _by("汤圆", 21, "坚持油条不动摇"))
    book = book_of(tmp_path, "killbar7", KILLBAR_DAY, posts)
    first = book.days[1].rounds[0]
    assert first.outcome != {"油条": "suspect", "烧卖": "suspect"} or book.conflicts


def test_two_spoken_votes_that_together_make_a_majority_are_asked(tmp_path: Path) -> None:
    # neither alone gives 油条 more than half (4 of 8); together they do (5)
    posts = _three_for_youtiao(
        _by("包子", 20, "跟油条，那段解释没说服我。"), _by("汤圆", 21, "跟油条，没别的想法了。")
    )
    book = book_of(tmp_path, "killbar7", KILLBAR_DAY, posts)
    first = book.days[1].rounds[0]
    assert first.outcome == {"油条": "suspect", "烧卖": "suspect"}  # as read
    assert "结果未定" in first.reason
    (question,) = book.conflicts
    assert "跟油条，那段解释没说服我。" in question and "跟油条，没别的想法了。" in question
    assert "包子 投 油条、汤圆 投 油条" in question and "过半" in question
    assert "pid" not in question


def test_chatter_that_names_the_candidate_is_no_doubt(tmp_path: Path) -> None:
    posts = _three_for_youtiao(
        _by("包子", 20, "油条昨天那段话我看不懂。"), _by("汤圆", 21, "油条你怎么解释？")
    )
    book = book_of(tmp_path, "killbar7", KILLBAR_DAY, posts)
    first = book.days[1].rounds[0]
    assert not book.conflicts
    assert "结果未定" not in first.reason and "未读出的发言" not in first.reason


def test_a_spoken_vote_that_cannot_change_the_round_is_listed_not_asked(tmp_path: Path) -> None:
    # 油条 3 → 4: still no majority; the suspects stay 油条 and 烧卖
    posts = _three_for_youtiao(_by("包子", 20, "跟油条，那段解释没说服我。"))
    book = book_of(tmp_path, "killbar7", KILLBAR_DAY, posts)
    first = book.days[1].rounds[0]
    assert not book.conflicts
    assert "结果未定" not in first.reason
    assert "未读出的发言" in first.reason and "跟油条，那段解释没说服我。" in first.reason


def test_a_doubt_before_a_last_hour_post_makes_it_a_late_change(tmp_path: Path) -> None:
    # 包子's spoken 油条 at 20:00, then 烧卖: read alone, 烧卖 is his first vote; counted, his
    # spoken vote stands when 烧卖 comes in the last hour (a change too late, 4.1.2 说明) and
    # with 汤圆's the round could turn: asked.  Twin: 烧卖 at 22:00 is a valid change either
    # way, 汤圆's alone cannot turn it: listed, not asked.
    def book(hh: int, mm: int, where: Path) -> Any:
        posts = _three_for_youtiao(
            _by("包子", 20, "跟油条，那段解释没说服我。"),
            _by("汤圆", 21, "跟油条，没别的想法了。"),
            kb("包子", 12, at(1, hh, mm), "烧卖"),
        )
        return book_of(where, "killbar7", KILLBAR_DAY, posts)

    (question,) = book(23, 30, tmp_path / "late").conflicts
    assert "包子 投 油条、汤圆 投 油条" in question
    early = book(22, 0, tmp_path / "early")
    assert not early.conflicts
    assert "未读出的发言" in early.days[1].rounds[0].reason


def test_the_words_a_name_is_spoken_to_with_are_the_one_post_readers() -> None:
    # doubt.py reads freevote.toml's address_words through freevote.undoer_words (session 42):
    # a greeting, thanks or an apology in that list beside a bare name is chatter here too; the
    # twin keeps a choice word
    from auditor.rules.freevote import undoer_words
    from auditor.rules.votebook.doubt import _GREETING, spoken_choices

    words = undoer_words("address")
    assert words
    assert all(_GREETING.fullmatch(w) for w in words)
    players = ("饺子", "包子", "油条", "烧卖")
    for text in ("油条，再见", "抱歉，油条", "油条，恭喜", "油条，thanks"):
        assert spoken_choices(text, players, players) == (), text
    assert spoken_choices("还是油条，再见", players, players) == ("油条",)


# --------------------------------------------------------------------------- 跟X, unread
# Session 43 (issue 37, killbar7_free6): 跟X said as a choice may be a vote for X or for X's
# vote — 跟翠鸟，他那三条我都认 after 翠鸟 voted 画眉.  Read neither way, the tally weighs both:
# counted as following X, the post has X's standing vote in the round when it was made (M107
# 投票规则 时间以论坛发帖时间为准, as the judge resolves a read 跟X), so a round the follow
# could turn is asked, with the vote it would follow.


def test_a_spoken_follow_is_weighed_for_the_followed_vote(tmp_path: Path) -> None:
    from auditor.rules.votebook.doubt import spoken_follows

    players = ["饺子", "油条", "烧卖"]
    assert spoken_follows("跟饺子，理由一样，不重复了。", players) == ("饺子",)
    assert spoken_follows("跟着饺子。", players) == ("饺子",)
    for text in ["不跟饺子。", "要不要跟饺子？", "饺子说跟油条", "如果饺子改了我就跟饺子"]:
        assert spoken_follows(text, players) == (), text
    # a 跟X the post reader leaves unread (「跟饺子，理由一样」 is read since session 43's vote round 18)
    UNREAD_FOLLOW = "跟饺子，原因同上楼"
    assert spoken_follows(UNREAD_FOLLOW, players) == ("饺子",)
    # 饺子 voted 油条: 包子 following him makes 油条 5 of 8, 过半 — the round is asked; counted
    # as a vote for 饺子 himself it would change nothing (before: not asked)
    book = book_of(tmp_path, "killbar7", KILLBAR_DAY, _four_for_youtiao(_said(UNREAD_FOLLOW)))
    assert "结果未定" in book.days[1].rounds[0].reason
    (question,) = book.conflicts
    assert UNREAD_FOLLOW[:4] in question and "跟 饺子 的票投 油条" in question, question
    # said in a director's words, never the game file's table names (session 43)
    assert "[[" not in question and "读错的票可在游戏文件里更正" in question, question
    # before 饺子 voted there is no vote to follow: nothing to weigh but the name
    early = _four_for_youtiao({**_said(UNREAD_FOLLOW), "at": at(1, 9)})
    assert not book_of(tmp_path / "early", "killbar7", KILLBAR_DAY, early).conflicts


def test_the_undoing_words_are_read_from_their_one_home() -> None:
    """Session 43: the doubts' and the declarations' questions, suppositions, other times and
    negations are the one home's (freevote.toml ``[undoers]``), each reader adding only what no
    kind there holds; 么 asks as a particle only, never inside 什么 / 那么."""
    import re

    from auditor.rules.freevote import undoer_words
    from auditor.rules.votebook import declared, doubt
    from auditor.rules.votebook.doubt import spoken_choices
    from auditor.rules.votebook.model import undo_words

    home = {k: [w for w in undoer_words(k) if w != "么"] for k in ("question", "supposition")}
    for w in home["question"]:
        assert doubt._QUESTION.search(w) and declared._SUPPOSED.search(w), w
    for w in home["supposition"] + list(undoer_words("other_time")):
        assert doubt._UNDOING.search(w), w
    for w in undoer_words("negation"):
        assert doubt._NEGATION.search(w) and declared._NEGATED.search(w), w
    asks = re.compile(undo_words("question"))
    assert asks.search("投黑曜么") and not asks.search("没什么好说的，那么就这样")
    players = ["黑曜", "朱砂"]
    assert spoken_choices("黑曜，没什么好说的。", players, players) == ("黑曜",)
    assert spoken_choices("黑曜么？", players, players) == ()


def test_the_vote_book_reads_the_undoing_words_from_the_words_module_not_the_reader() -> None:
    """Review43 B2: the loader is a small words module both the reader and the vote book's
    data module read; votebook.model imports no reader (pyproject's import-linter contract)."""
    import ast
    import inspect

    from auditor.rules import freevote, votewords
    from auditor.rules.votebook import model

    assert freevote.undoer_words is votewords.undoer_words
    assert freevote.address_words is votewords.address_words
    imported = {
        node.module
        for node in ast.walk(ast.parse(inspect.getsource(model)))
        if isinstance(node, ast.ImportFrom)
    }
    assert "auditor.rules.votewords" in imported and "auditor.rules.freevote" not in imported


def test_a_choice_put_to_the_others_for_assent_is_still_a_possible_choice() -> None:
    """Review43 A16: an assent tag in its own clause at the sentence's end (好不好 / 行吗 /
    怎么样) asks of the proposal, not of the name — the name stays a possible choice, asked;
    with more in its clause the tag is a plain question of the name."""
    from auditor.rules.votebook.doubt import spoken_choices

    players = ["饺子", "包子", "馄饨", "豆浆", "油条", "番茄", "冬瓜"]
    for text in (
        "包子，好不好",  # the reviewer's
        "就豆浆吧，行吗？",
        "豆浆，怎么样",
        "那就豆浆了，可不可以？大家说",
        "豆浆吧～对不对嘛",
    ):
        assert spoken_choices(text, players, players) == (_named(text, players),), text
    # twins: the question is of the name (好不好玩 / 是不是狼 / 你觉得), a question in the name's
    # own clause, a tag after another time
    for text in (
        "豆浆，好不好玩？",
        "豆浆，是不是狼？",
        "豆浆，你觉得好不好",
        "豆浆好不好？",
        "还是豆浆吗？好不好",
        "昨天豆浆，对不对",
    ):
        assert spoken_choices(text, players, players) == (), text


def test_a_choice_put_for_assent_that_could_make_a_majority_is_asked(tmp_path: Path) -> None:
    # review43 A16, in a round: 油条 4 of 8, 包子's 「油条，好不好」 would make 5 (过半)
    book = book_of(
        tmp_path / "a", "killbar7", KILLBAR_DAY, _four_for_youtiao(_said("油条，好不好"))
    )
    assert "结果未定" in book.days[1].rounds[0].reason
    assert any("油条，好不好" in q for q in book.conflicts)
    # twin: a question of the name itself is chatter, nothing asked
    book = book_of(
        tmp_path / "b", "killbar7", KILLBAR_DAY, _four_for_youtiao(_said("油条，是不是狼？"))
    )
    assert not book.conflicts


def _named(text: str, players: list[str]) -> str:
    return next(p for p in players if p in text)


# --------------------------------------------------------------------------- void, not left out
# Issue 37 Build 2 (session 43, killbar7_free3 191075 「七七，我觉得她昨天很怪」): every vote attempt
# is a vote post.  A post that chooses in its own words only players the round does not allow —
# a dead player (版杀7 2 死亡的玩家失去…投票权), a non-suspect in 可疑者辩论 / 高票对决 (4.1.2 投票对象
# 是…可疑者) — is a void ballot listed with its problem (it counts nothing either way, so nothing
# is asked); a name in chatter, or a bare name that opens talk said to him, is no ballot.

_TANGYUAN_DEAD = (
    KILLBAR_DAY
    + """
[[event]]
type = "eliminated"
player = "汤圆"
at = 2026-11-19T23:00:00+08:00
how = "night"
"""
)


def test_a_dead_players_name_said_as_a_vote_is_a_void_ballot(tmp_path: Path) -> None:
    from auditor.rules.votebook.doubt import VOID_NOTE

    # the one-post reader's own ballots (还是汤圆吧 / 汤圆。) are void the same way, unmarked
    said = ["汤圆，我觉得她昨天很怪", "这轮汤圆，她那段我认", "跟汤圆，没别的想法了。"]
    for i, text in enumerate([*said, "还是汤圆吧", "汤圆。"]):
        posts = _three_for_youtiao(_by("包子", 20, text))
        book = book_of(tmp_path / str(i), "killbar7", _TANGYUAN_DEAD, posts)
        mine = [b for b in book.days[1].ballots if b.voter == "包子"]
        assert [(b.target, b.valid, b.problem) for b in mine] == [
            ("汤圆", False, "target_eliminated")
        ], text
        assert (mine[0].note == VOID_NOTE) == (text in said) and mine[0].weight == 0, text
        assert not book.conflicts, text  # void either way: nothing to ask
        assert book.days[1].rounds[0].counts == {"油条": 3, "烧卖": 2, "春卷": 1}


def test_a_dead_players_name_in_chatter_is_no_ballot(tmp_path: Path) -> None:
    # a statement, a question, a farewell said to him, a bare name opening talk to another —
    # and twin: a living name said so is no void ballot either (a doubt, or nothing)
    texts = [
        "汤圆昨晚走了，可惜",
        "投汤圆？她都出局了",
        "汤圆，走好",
        "汤圆，我又不是可疑者，投我不算的",
        "别投汤圆",
        "如果汤圆还在我就投她",
        # he acts (a vote verb after him), or the clause tells of two players
        "汤圆改过票，我看到了",
        "汤圆和春卷互投，别管",
    ]
    for i, text in enumerate(texts):
        posts = _three_for_youtiao(_by("包子", 20, text))
        book = book_of(tmp_path / str(i), "killbar7", _TANGYUAN_DEAD, posts)
        assert not [b for b in book.days[1].ballots if b.voter == "包子"], text


def test_a_non_suspects_name_in_a_later_round_is_a_void_ballot(tmp_path: Path) -> None:
    # 试探性投票: 油条 4, 烧卖 3 → suspects 油条、烧卖; in 可疑者辩论 春卷 is no candidate
    r2 = [kb(a, 13, at(2, 10, i), "油条") for i, a in enumerate(["饺子", "馄饨", "豆浆"])]
    r2.append({"author": "包子", "tid": 13, "at": at(2, 12), "message": "这轮春卷，她那段我认"})
    book = book_of(
        tmp_path,
        "killbar7",
        KILLBAR_DAY,
        _four_for_youtiao(kb("包子", 12, at(1, 20), "油条"))[:-1] + r2,
    )
    second = [b for b in book.days[1].ballots if b.round == 2 and b.voter == "包子"]
    assert [(b.target, b.valid, b.problem) for b in second] == [
        ("春卷", False, "target_not_candidate")
    ]


# --------------------------------------------------------------------------- the posts asked
# Session 43 (the desk's 计票待核对 had no link): a round's question carries the posts it is about
# (RoundTally.asked, the records' conflict_pids: pids for the report's and the desk's links; the
# director is shown a link or a 楼, never a pid).


def test_a_rounds_question_carries_the_posts_it_is_about(tmp_path: Path) -> None:
    from auditor.rules.engine import build_context
    from auditor.rules.records import derive
    from auditor.rules.votebook import votes_for
    from tests.rules.test_rule_cases import build_case

    posts = _four_for_youtiao(_said("票我放油条那边了哈"))
    built = build_case(tmp_path, "killbar7", KILLBAR_DAY, posts, None)
    try:
        ctx = build_context(built.game, built.store, now=built.now)
        first = votes_for(ctx).days[1].rounds[0]
        asked = [gp.post.pid for gp in ctx.posts if gp.post.text == "票我放油条那边了哈"]
        assert first.conflict and first.asked == asked and asked != [None]
        records = derive(ctx)
        assert records.conflict_pids == [asked]
        assert records.conflict_days == [1] and records.conflicts == [first.conflict]
    finally:
        built.store.close()
    # a round asked nothing carries no post
    settled = book_of(
        tmp_path / "settled",
        "killbar7",
        KILLBAR_DAY,
        _four_for_youtiao(_said("票我放烧卖那边了哈")),
    )
    assert [r.asked for r in settled.days[1].rounds] == [[] for _ in settled.days[1].rounds]
