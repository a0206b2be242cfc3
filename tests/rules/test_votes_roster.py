"""A vote written by seat or by a declared alias (fh47c: 阿宁's M107 game, where eight of
eleven day-1 ballots read 「7号」「5」「7号 夏天」 and each became 「不是玩家」): with
``[players] seats`` / ``[players.aliases]`` the ballot counts for that player, and says how
it was read; a seat and a name that disagree are void.

Seed 000 投票规则: 「明确说明投票对象和投票理由…投票格式有误的投票将算作废票」.  The format is
the labels (投票对象：/投票理由：); the object must be stated clearly.  A seat from the seat
list the director published (the sign-up thread's 「1 阿明；2 小鹿；…」) names exactly one
player, as clearly as the name, so under the labels it is a valid target; a nickname the
director declared in the game file likewise.  Without a declaration neither is guessed."""

from __future__ import annotations

from pathlib import Path

from auditor.rules.engine import build_context
from auditor.rules.records import derive
from tests.rules.test_rule_cases import build_case
from tests.rules.test_votes import at, book_of

SEATED = """
[players]
seats = ["饺子", "包子", "馄饨", "豆浆", "油条", "烧卖", "春卷", "汤圆"]
aliases = { "汤圆" = ["圆圆"] }
"""


def _post(author: str, minute: int, target: str) -> dict[str, object]:
    return {
        "author": author,
        "tid": 12,
        "at": at(1, 12, minute),
        "message": f"投票对象：{target}\n投票理由：感觉不对",
    }


BALLOTS = [
    _post("饺子", 1, "2号"),  # 包子
    _post("馄饨", 2, "2"),  # 包子
    _post("豆浆", 3, "2号 包子"),  # 包子
    _post("油条", 4, "圆圆"),  # 汤圆 (declared)
    _post("烧卖", 5, "3号 包子"),  # 3号 is 馄饨: void
]


def test_seats_and_aliases_count_for_their_players(tmp_path: Path) -> None:
    book = book_of(tmp_path, "m107", SEATED, BALLOTS)
    ballots = {b.voter: b for b in book.days[1].ballots}
    assert {v: (b.target, b.valid) for v, b in ballots.items() if v != "烧卖"} == {
        "饺子": ("包子", True),
        "馄饨": ("包子", True),
        "豆浆": ("包子", True),
        "油条": ("汤圆", True),
    }
    assert ballots["馄饨"].note == "“2”按座位表读作 包子"
    assert ballots["油条"].note == "“圆圆”按游戏文件的别名读作 汤圆"
    void = ballots["烧卖"]
    assert (void.target, void.valid, void.problem) == (None, False, "target_not_player")
    assert void.detail == "“3号 包子”：3号是 馄饨，名字写的是 包子"
    assert book.days[1].rounds[0].counts == {"包子": 3.0, "汤圆": 1.0}


def test_without_a_seat_list_seat_votes_are_void_and_asked_once(tmp_path: Path) -> None:
    built = build_case(tmp_path, "m107", "", BALLOTS)
    try:
        records = derive(build_context(built.game, built.store, now=built.now))
    finally:
        built.store.close()
    asked = [c for c in records.conflicts if "张票写的是座位号" in c]
    assert len(asked) == 1, records.conflicts
    assert asked[0].startswith("有 4 张票写的是座位号（“2号”、“2”、“2号 包子”）")
    (i,) = [i for i, c in enumerate(records.conflicts) if c == asked[0]]
    assert records.conflict_days[i] == 1 and len(records.conflict_pids[i]) == 4
    details = {b["voter"]: b["note"] for b in records.ballots}
    assert details["饺子"].startswith("“2号”是座位号，游戏文件里没有座位表")


def _director(minute: int, text: str) -> dict[str, object]:
    return {"author": "导演", "tid": 12, "at": at(1, 12, minute), "message": text}


def test_the_directors_shorthand_proxy_is_the_players_vote(tmp_path: Path) -> None:
    # 000 玩家须知 9 代投 (fh47c: 阿宁's 「代投 6→2」 was dropped unseen and drew a false 未投票):
    # the voter before the arrow (a seat, a name), the vote after it, in the director's notation
    posts = [_director(1, "代投 6→2"), _director(2, "代投 油条→圆圆")]
    book = book_of(tmp_path, "m107", SEATED, posts)
    got = {b.voter: (b.target, b.proxy, b.valid) for b in book.days[1].ballots}
    assert got == {"烧卖": ("包子", "导演", True), "油条": ("汤圆", "导演", True)}


def test_a_shorthand_proxy_by_name_is_read_in_the_free_preset(tmp_path: Path) -> None:
    posts = [{"author": "导演", "tid": 12, "at": at(1, 12, 1), "message": "代投 饺子 -> 包子"}]
    book = book_of(tmp_path, "killbar7", "", posts)
    got = [(b.voter, b.target, b.valid) for b in book.days[1].ballots]
    assert got == [("饺子", "包子", True)]


def test_a_proxy_post_not_read_is_asked_never_silent(tmp_path: Path) -> None:
    # a director's post that says 代投 with no vote read: the round asks, and the player has a
    # vote post all the same (no false 未投票)
    posts = [_director(1, "代投 6→")]
    book = book_of(tmp_path, "m107", SEATED, posts)
    assert book.days[1].ballots == []
    (rt,) = book.days[1].rounds
    assert "导演的代投帖没读懂（烧卖 的票）：「代投 6→」" in rt.conflict, rt.conflict
    assert "烧卖" in book.days[1].voted


def test_a_proxy_rule_recalled_is_no_vote(tmp_path: Path) -> None:
    posts = [_director(1, "关门前半小时不接受代投 6→2 这种写法以外的格式")]
    book = book_of(tmp_path, "m107", SEATED, posts)
    assert [b.voter for b in book.days[1].ballots] == []
