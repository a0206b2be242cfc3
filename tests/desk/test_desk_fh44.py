"""The first-hour director's findings of session 44 (fh44, 阿May) over real HTTP and a real
SQLite store: the card that makes a red (a third yellow) says so before the tap and is asked
again (导演指南：红牌要再确认一次); the missing sent-off event is said at the top of the desk."""

from __future__ import annotations

import re
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import requests

from auditor.game.gamefile import load_game
from auditor.rules.engine import check
from auditor.store import Store
from tests.desk_helpers import auditor, csrf, desk_server, fh43_game, flashes
from tests.rules.test_rule_cases import build_case

# 030, two players: 阿聪 never posts nor votes (潜水 and 未投票 are yellow each day), 小敏
# talks and votes every day.
LURKER_GAME = """
[game]
directors = ["导演"]
[players]
names = ["阿聪", "小敏"]
uids = { "阿聪" = 2, "小敏" = 3 }
"""


def lurker_game(tmp: Path) -> Path:
    """A checked 030 game whose lurker has six yellow drafts over three days."""
    posts: list[dict[str, Any]] = []
    for day, tid in ((1, 11), (2, 21), (3, 31)):
        opens = datetime.fromisoformat(f"2026-11-{19 + day}T10:00:00+08:00")
        for i in range(6):
            posts.append(
                {
                    "author": "小敏",
                    "tid": tid,
                    "at": opens + timedelta(minutes=10 * i),
                    "message": f"第{day}天我先讲讲：昨晚的发言第{i + 1}点我觉得有问题。",
                }
            )
        posts.append(
            {
                "author": "小敏",
                "tid": tid + 1,
                "at": opens + timedelta(hours=2),
                "message": "投票对象：阿聪\n投票理由：一直不说话",
            }
        )
    now = datetime.fromisoformat("2026-11-22T23:00:00+08:00")
    built = build_case(tmp, "rabbit030", LURKER_GAME, posts, now=now)
    check(load_game(built.game.path), built.store, now=now)
    built.store.close()
    return built.game.path


def _yellows(html: str, player: str) -> list[str]:
    return re.findall(
        rf'<article class="draft yellow[^"]*" id="draft-(\w+)" data-id="\w+" '
        rf'data-code="[^"]*" data-player="{player}"',
        html,
    )


def _article(html: str, ident: str) -> str:
    at = html.index(f'id="draft-{ident}"')
    return html[at : html.index("</article>", at)]


def _decide(s: requests.Session, srv: Any, page: str, ident: str, **fields: str) -> Any:
    """The draft's own form as the page sent it (its hidden fields), with ``fields``."""
    form = _article(page, ident)
    data = dict(re.findall(r'<input type="hidden" name="(\w+)" value="([^"]*)"', form))
    data.update({"action": "approve", **fields})
    return s.post(f"{srv.base}/g/{srv.slug}/decide", data=data, timeout=120)


def test_a_third_yellow_says_red_on_the_card_and_is_asked_again(tmp_path: Path) -> None:
    path = lurker_game(tmp_path / "g")
    with desk_server(path) as srv:
        s = requests.Session()
        page = s.get(srv.links["导演"], timeout=60).text
        yellows = _yellows(page, "阿聪")
        assert len(yellows) >= 3, yellows
        # the first two yellows: approved with one tap, and say nothing more
        for ident in yellows[:2]:
            assert "escalation" not in _article(page, ident)
            r = _decide(s, srv, page, ident)
            said = " ".join(flashes(r.text))
            assert f"已批准 {ident}：阿聪 黄牌" in said and "红牌" not in said, said
            assert 'id="urgent"' not in r.text
            page = r.text
        third = next(i for i in _yellows(page, "阿聪") if i not in yellows[:2])
        card = _article(page, third)
        assert "这是第3张黄牌 → 红牌罚下" in card, card
        assert "（批准时会再问一次）" in card and "批准（黄牌 → 红牌罚下）" in card, card
        # the tap asks again, with what it does; nothing is recorded yet
        ask = _decide(s, srv, page, third)
        assert 'id="confirm-text"' in ask.text, ask.text[:400]
        assert "确认判 阿聪 黄牌？这是第3张黄牌 → 红牌罚下：红牌即罚下。" in ask.text
        assert "按建议批准：这是第3张黄牌 → 红牌罚下" in ask.text
        with Store(load_game(path).store) as store:
            assert third not in {str(r["finding_id"]) for r in store.decision_history()}
        done = _decide(s, srv, page, third, confirm="1")
        said = " ".join(flashes(done.text))
        assert f"已批准 {third}：阿聪 黄牌（这是第3张黄牌 → 红牌罚下）" in said, said
        # the missing sent-off event: said first on the desk, above the questions and queue
        top = done.text[: done.text.index('id="queue-summary"')]
        assert 'id="urgent"' in top, top[-2000:]
        urgent = top[top.index('id="urgent"') :]
        assert "阿聪 累计红牌 1 张（罚下）" in urgent, urgent[:600]
        # a further yellow of a player sent off: no second question (no new red)
        rest = [i for i in _yellows(done.text, "阿聪") if i not in (*yellows[:2], third)]
        if rest:
            assert "红牌罚下" not in _article(done.text, rest[0])


def test_a_confirmed_substitute_whose_account_never_posted_is_said(tmp_path: Path) -> None:
    """The 替补 confirmed on an own account nobody in the game posted from (as 蛋挞 for the
    forum's 蛋撻): the confirmation's result line says so and why, and so does the report's
    游戏文件需要核对 at the next page."""
    game = fh43_game(tmp_path / "h")
    assert auditor("audit", game.name, cwd=game.parent).returncode == 7
    with desk_server(game) as srv:
        s = requests.Session()
        page = s.get(srv.links["老钟"], timeout=60).text
        (ident,) = re.findall(
            r'<li id="proposal-(\w+)"[^>]*>\s*<span class="badge">替补</span>', page
        )
        form = {"csrf": csrf(page), "id": ident, "newcomer": "路人乙", "account": "own"}
        r = s.post(f"{srv.base}/g/{srv.slug}/confirm", data=form, timeout=120)
        said = " ".join(flashes(r.text))
        assert "用自己的帐号 路人乙" in said, said
        assert "注意：竹影 的替补 路人乙：本局帖子里没有 路人乙 发的帖，替补等于没有生效" in said
        assert "繁简写法不同也算不同的名字" in said, said
        notices = r.text[r.text.index("游戏文件需要核对") :]
        notices = notices[: notices.index("</div>")]
        assert "竹影 的替补 路人乙：本局帖子里没有 路人乙 发的帖" in notices, notices


def test_a_replay_stamps_its_approvals_with_the_judged_time(tmp_path: Path) -> None:
    """Saved pages are judged at their newest page's time (the report: 按 … 判断); an
    approval on the desk is stamped with that time too, not the machine's clock days later
    (which put every card after every later post, so no 再犯 ever escalated)."""
    from auditor.pipeline import audit_clock, open_game, open_store

    game = fh43_game(tmp_path / "h")
    assert auditor("audit", game.name, cwd=game.parent).returncode == 7
    with open_store(open_game(game)) as store:
        judged, said = audit_clock(open_game(game), store, None)
    assert said == "pages" and judged is not None
    with desk_server(game) as srv:
        s = requests.Session()
        page = s.get(srv.links["老钟"], timeout=60).text
        ident = re.findall(r'<article class="draft \w+" id="draft-(\w+)"', page)[0]
        r = _decide(s, srv, page, ident, action="approve", anyway="1")
        assert f"已批准 {ident}" in " ".join(flashes(r.text)), flashes(r.text)
    with Store(load_game(game).store) as store:
        (row,) = [r for r in store.decision_history() if r["finding_id"] == ident]
    stamped = datetime.fromisoformat(str(row["decided_at"]))
    assert stamped == judged, (stamped, judged)
