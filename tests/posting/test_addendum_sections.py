"""The 补充 (addendum) of a posted announcement, section by section (session 40, item 1):
cards added and withdrawn (撤回的卡) counted one by one, every other section (累计, 计票,
电梯) printed whole when it changed, a line cut across two parts not repeated, and the
addenda numbered 补充一、补充二."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace
from typing import cast
from zoneinfo import ZoneInfo

import pytest

from auditor.forum.post import as_posted, draft_id
from auditor.game.gamefile import Game
from auditor.posting import AlreadyPostedError, addendum, ordinal
from auditor.report.drafts import Draft
from auditor.report.parts import split_announcement
from auditor.store import Store

TITLE = "第3天公告"
GAME = SimpleNamespace(
    timezone=ZoneInfo("Asia/Shanghai"),
    forum=SimpleNamespace(url="http://bbs.example.com/", maxpostsize=10000),
)


def _text(cards: list[str], tally: list[str], lift: list[str] | None = None) -> str:
    lines = ["[b]某局 · 第3天公告[/b]", "", "[b]判罚[/b]", "[b]本次新增[/b]", *cards]
    lines += ["", "[b]累计[/b]（三蓝合一黄，三黄合一红）", "甲：蓝 2 黄 0 红 0"]
    lines += ["", "[b]第3天计票[/b]", *tally]
    lines += ["", "[b]第3天电梯[/b]", *(lift or ["甲（2帖）：#3 #9"])]
    return "\n".join(lines) + "\n"


def _draft(text: str, limit: int = 10000) -> Draft:
    return Draft(
        "announcement", TITLE, text, tuple(split_announcement(text, limit)), True, "进程帖"
    )


def _posted(store: Store, draft: Draft, pid: int) -> None:
    """``draft`` as the poster records it, every part posted."""
    ident = draft_id([as_posted(p) for p in draft.parts])
    for i, part in enumerate(draft.parts, start=1):
        _claimed, row = store.claim_part(
            draft=ident,
            part=i,
            parts=len(draft.parts),
            kind="announcement",
            title=draft.title,
            text=as_posted(part),
            tid=13,
            account="导演",
            account_uid=1,
        )
        store.finish_part(row.id, "posted", pid=pid + i)


def _game() -> Game:
    return cast(Game, GAME)


def test_a_second_identical_card_is_a_new_card(tmp_path: Path) -> None:
    """Two blue cards for the same rule on the same day are two lines alike: the second is
    new, not dropped as already said."""
    card = "甲：[color=Blue]蓝牌[/color] 第3天 发言字数不足"
    with Store(tmp_path / "g.sqlite") as store:
        _posted(store, _draft(_text([card], ["乙：1 票（甲）"])), 100)
        got = addendum(_game(), store, _draft(_text([card, card], ["乙：1 票（甲）"])))
    body = got.text.split("以下是之后的变动。", 1)[1]
    assert body.count(card) == 1 and "[b]判罚[/b]" in body
    assert "计票" not in body and "累计" not in body


def test_a_changed_tally_is_printed_whole_not_line_by_line(tmp_path: Path) -> None:
    """A partial tally compared line by line would post only 乙's changed line: the whole
    计票 section is posted again, marked as the one to go by."""
    with Store(tmp_path / "g.sqlite") as store:
        _posted(store, _draft(_text([], ["乙：1 票（甲）", "弃权：丙"])), 100)
        got = addendum(_game(), store, _draft(_text([], ["乙：2 票（甲、丁）", "弃权：丙"])))
    body = got.text.split("以下是之后的变动。", 1)[1]
    assert "[b]第3天计票（更新，以此为准）[/b]" in body
    assert "乙：2 票（甲、丁）" in body and "弃权：丙" in body
    assert "判罚" not in body and "电梯" not in body


def test_a_withdrawn_card_is_said(tmp_path: Path) -> None:
    card = "甲：[color=DarkOrange]黄牌[/color] 第3天 刷屏"
    with Store(tmp_path / "g.sqlite") as store:
        _posted(store, _draft(_text([card], ["乙：1 票（甲）"])), 100)
        got = addendum(_game(), store, _draft(_text([], ["乙：1 票（甲）"])))
    body = got.text.split("以下是之后的变动。", 1)[1]
    assert "[b]撤回的卡[/b]" in body and card in body.split("[b]撤回的卡[/b]", 1)[1]


def test_a_line_cut_across_two_parts_is_not_repeated(tmp_path: Path) -> None:
    """An 电梯 line longer than a post is cut at a space into two parts: it was posted, the
    addendum holds only the new card."""
    long_line = "甲（400帖）：" + " ".join(
        f"[url=http://bbs.example.com/p{i}]#{i}[/url]" for i in range(400)
    )
    text = _text([], ["乙：1 票（甲）"], [long_line])
    first = _draft(text, limit=6000)
    assert len(first.parts) > 1
    card = "丙：[color=Blue]蓝牌[/color] 第3天 潜水"
    with Store(tmp_path / "g.sqlite") as store:
        _posted(store, first, 100)
        got = addendum(_game(), store, _draft(_text([card], ["乙：1 票（甲）"], [long_line]), 6000))
    assert "电梯" not in got.text and card in got.text


def test_addenda_are_numbered_and_follow_what_the_forum_shows(tmp_path: Path) -> None:
    a = "甲：[color=Blue]蓝牌[/color] 第3天 发言字数不足"
    b = "乙：[color=Blue]蓝牌[/color] 第3天 潜水"
    c = "丙：[color=Red]红牌[/color] 第3天 场外"
    with Store(tmp_path / "g.sqlite") as store:
        _posted(store, _draft(_text([a], ["乙：1 票（甲）"])), 100)
        one = addendum(_game(), store, _draft(_text([a, b], ["乙：1 票（甲）"])))
        assert one.title == "第3天公告（补充一）" and "（补充一）[/b]" in one.text
        _posted(store, one, 200)
        two = addendum(_game(), store, _draft(_text([a, c], ["乙：2 票（甲、丙）"])))
        assert two.title == "第3天公告（补充二）"
        body = two.text.split("以下是之后的变动。", 1)[1]
        added, withdrawn = body.split("[b]撤回的卡[/b]", 1)
        assert c in added and a not in body and b in withdrawn
        assert "[b]第3天计票（更新，以此为准）[/b]" in body
        _posted(store, two, 300)
        with pytest.raises(AlreadyPostedError, match="没有新的内容"):
            addendum(_game(), store, _draft(_text([a, c], ["乙：2 票（甲、丙）"])))


def test_ordinals() -> None:
    assert [ordinal(n) for n in (1, 2, 10, 11, 20, 23, 100)] == [
        "一",
        "二",
        "十",
        "十一",
        "二十",
        "二十三",
        "第100次",
    ]


def test_the_untitled_opening_is_no_card_section(tmp_path: Path) -> None:
    """Lines before the first header (the untitled opening) are not cards: a changed
    opening prints neither its new line nor a bare 撤回的卡 with the old one (which the next
    addendum would read back as a section of its own); only 判罚's cards are counted."""
    card = "丙：[color=Blue]蓝牌[/color] 第3天 潜水"

    def opened(text: str, opening: str) -> str:
        first, rest = text.split("\n", 1)
        return f"{first}\n{opening}\n{rest}"

    with Store(tmp_path / "g.sqlite") as store:
        _posted(store, _draft(opened(_text([], ["乙：1 票（甲）"]), "开场说明甲")), 100)
        got = addendum(
            _game(), store, _draft(opened(_text([card], ["乙：1 票（甲）"]), "开场说明乙"))
        )
    body = got.text.split("以下是之后的变动。", 1)[1]
    assert "开场说明" not in body and "撤回的卡" not in body
    assert body.strip().startswith("[b]判罚[/b]") and card in body
