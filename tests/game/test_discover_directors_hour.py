"""The director's hour of session 40, on a small writer game of his own (an M107-like
game, 6 players, a minimal game file): the tool's own 公告, copied and posted by hand, is
his result published — never 未读懂的公告; the schedule post's days are each proposed,
the ones whose threads are not open yet too; once confirmed (全部确认), the schedule post
is read and the game's state is complete: no unread post, both days there.

The game runs around the real clock: day 1 closed three hours ago, day 2 opens tomorrow
(the audit's "now" is the forum's now)."""

from __future__ import annotations

import json
from datetime import datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

from typer.testing import CliRunner

from auditor.cli import app
from auditor.pipeline import audit, confirm, open_game, open_store, pending
from tools.writer import parse_script, write_site

TZ = ZoneInfo("Asia/Shanghai")
DIRECTOR = "老周"
PLAYERS = ["春风", "夏雨", "秋月", "冬雪", "晨星", "暮云"]


def _said(t: datetime) -> str:
    return f"{t.month}月{t.day}日 {t:%H:%M}"


class _Hour:
    """The game as the forum stands an hour after day 1 closed (``draft``: the post the
    director made of the tool's 公告, with a player's copy of it beside)."""

    def __init__(self, folder: Path) -> None:
        now = datetime.now(TZ).replace(second=0, microsecond=0)
        self.folder = folder
        self.d1 = (now - timedelta(days=2), now - timedelta(hours=3))
        self.d2 = (now + timedelta(hours=12), now + timedelta(hours=36))
        self.now = now

    def script(self, draft: str | None) -> dict[str, object]:
        d1, d2, pid = self.d1, self.d2, iter(range(1000, 2000))

        def post(who: str, at: datetime, text: str) -> dict[str, object]:
            return {"author": who, "at": at, "message": text, "pid": next(pid)}

        schedule = (
            "规则同 M107。\n日程：\n"
            f"第一天：{_said(d1[0])} 至 {_said(d1[1])}\n"
            f"第二天：{_said(d2[0])} 开帖，{_said(d2[1])} 关帖"  # each with its verb
        )
        chatter = [
            post(p, d1[0] + timedelta(hours=1 + i), f"{p}：先听听大家的。")
            for i, p in enumerate(PLAYERS)
        ]
        ballots = {"春风": "夏雨", "秋月": "夏雨", "冬雪": "夏雨", "暮云": "夏雨", "夏雨": "晨星"}
        votes = [
            post(v, d1[1] - timedelta(hours=5, minutes=-i), f"投票对象：{t}")
            for i, (v, t) in enumerate(ballots.items())
        ]
        process = [post(DIRECTOR, d1[0] - timedelta(hours=1), "进程帖：申请加速或延时请在这里。")]
        if draft is not None:
            process.append(post(DIRECTOR, d1[1] + timedelta(minutes=30), draft))
            process.append(post("秋月", d1[1] + timedelta(minutes=40), draft))  # a player's copy
        threads = [
            ("[M108]『雪夜』规则帖", [post(DIRECTOR, d1[0] - timedelta(days=1), schedule)]),
            ("[M108] 进程帖", process),
            ("[M108] 第一天讨论帖", [post(DIRECTOR, d1[0], "第一天开始讨论。"), *chatter]),
            (
                "[M108] 第一天投票帖（警长竞选）",
                [
                    post(DIRECTOR, d1[1] - timedelta(hours=6), "第一天投票帖"),
                    *votes,
                    post(DIRECTOR, d1[1] + timedelta(minutes=5), "夏雨 4 票，当选警长。"),
                ],
            ),
        ]
        return {
            "forum": {
                "base_url": "http://bbs.example.com/",
                "rendered_at": self.now,
                "boards": {"2": "版杀区"},
            },
            "members": {DIRECTOR: 1, **{p: i + 2 for i, p in enumerate(PLAYERS)}},
            "thread": [
                {"tid": 300 + i, "fid": 2, "subject": s, "post": sorted(ps, key=_at)}
                for i, (s, ps) in enumerate(threads)
            ],
        }

    def minimal(self, name: str, draft: str | None) -> Path:
        folder = self.folder / name
        pages = folder / "pages"
        write_site(parse_script(self.script(draft)), pages)
        path = folder / "minimal.toml"
        path.write_text(
            '[game]\nname = "雪夜"\nruleset = "m107"\n'
            f'directors = ["{DIRECTOR}"]\ntag = "M108"\n\n'
            f'[forum]\npages = "{pages.as_posix()}"\nboard = 2\n\n'
            "[players]\nnames = [" + ", ".join(f'"{p}"' for p in PLAYERS) + "]\n",
            encoding="utf-8",
        )
        return path


def _at(p: dict[str, object]) -> datetime:
    at = p["at"]
    assert isinstance(at, datetime)
    return at


def _confirm_all(minimal: Path) -> list[str]:
    game = open_game(minimal)
    with open_store(game) as store:
        ids = [p.id for p in pending(game, store) if p.confirmable]
    for ident in ids:  # (the game file read again after each: it is the record)
        game = open_game(minimal)
        with open_store(game) as store:
            confirm(game, store, ident, by=DIRECTOR)
    return ids


def test_the_tools_own_announcement_posted_by_hand_is_not_listed(tmp_path: Path) -> None:
    hour = _Hour(tmp_path)
    first = audit(hour.minimal("before", None), reports=tmp_path / "r0")
    assert first.report is not None
    draft = (first.report / "announcement.bbcode").read_text(encoding="utf-8")
    assert "第1天公告" in draft and "春风" in draft  # the tool's own, naming the players

    minimal = hour.minimal("posted", draft)
    result = audit(minimal, reports=tmp_path / "r1")
    disc = open_game(minimal).discovery
    assert disc.unread == [], [u.why for u in disc.unread]
    assert len(disc.drafts) == 1  # the director's post; the player's copy is none of his
    assert not result.state, result.state


def test_confirm_all_then_audit_again_no_unread_post_both_days_there(tmp_path: Path) -> None:
    hour = _Hour(tmp_path)
    minimal = hour.minimal("game", None)
    audit(minimal, reports=tmp_path / "r0")
    game = open_game(minimal)
    with open_store(game) as store:
        days = [p.item.number for p in pending(game, store) if p.kind == "day"]  # type: ignore[union-attr]
    assert days == [1, 2]  # day 2 proposed ahead, its threads not open yet
    assert [d.number for d in game.days] == [1]  # ... never the game's unconfirmed
    listed = CliRunner().invoke(app, ["game", str(minimal), "--format", "json"])
    items = json.loads(listed.output)["items"]
    ahead = [it for it in items if it["kind"] == "day" and it["value"]["number"] == 2]
    assert [(it["status"], it["source"][:4]) for it in ahead] == [("proposed", "pid ")]

    _confirm_all(minimal)
    result = audit(minimal, reports=tmp_path / "r1")
    after = open_game(minimal)
    assert after.discovery.unread == [], [u.why for u in after.discovery.unread]
    assert [(d.number, d.opens, d.closes) for d in after.days] == [
        (1, *hour.d1),
        (2, *hour.d2),
    ]
    assert not result.state, result.state  # no night asked for before day 2 opens
    with open_store(after) as store:
        assert [p for p in pending(after, store) if p.confirmable] == []


def test_a_line_he_added_to_the_draft_is_read_and_listed_when_not_understood(
    tmp_path: Path,
) -> None:
    hour = _Hour(tmp_path)
    first = audit(hour.minimal("before", None), reports=tmp_path / "r0")
    assert first.report is not None
    draft = (first.report / "announcement.bbcode").read_text(encoding="utf-8")
    minimal = hour.minimal("edited", draft + "\n冬雪 明天的发言请晨星代为转达。\n")
    audit(minimal, reports=tmp_path / "r1")
    unread = open_game(minimal).discovery.unread
    assert [(u.why, u.text) for u in unread] == [
        ("提到玩家 冬雪、晨星", "冬雪 明天的发言请晨星代为转达。")
    ]
