"""The desk's forms for issue 34 over real HTTP: a listed 未读懂的公告 dismissed as 不是公告
by the signed-in director (the same ``pipeline.dismiss`` as ``auditor game --dismiss``), and
a day's close corrected in the proposal form's 更正其他项 before confirming."""

from __future__ import annotations

import re
from datetime import datetime
from pathlib import Path

import requests

from auditor.game.gamefile import load_game
from tests.desk_helpers import csrf, desk_server, flashes
from tests.game.test_discover_autonomy import audit, own_style, setup


def test_dismiss_and_correct_in_the_desk(tmp_path: Path) -> None:
    path = setup(tmp_path / "game", own_style(day3=False, loose_vote=False))
    code, _ = audit(path, tmp_path / "game" / "reports")
    assert code == 7
    with desk_server(path) as srv:
        s = requests.Session()
        page = s.get(srv.links["老王"], timeout=60).text
        top = page[: page.index('id="game-state"')]
        (pid,) = re.findall(r'<li id="unread-(\d+)"', top)
        assert "不是公告" in top and "按格式发言" in top
        # no forum url (a saved folder), so no link: the thread and floor in words instead
        item = top[top.index(f'<li id="unread-{pid}"') :]
        item = item[: item.index("</li>")]
        assert "<a href" not in item and re.search(r"第\d天..帖（tid \d+） 第 \d+ 楼", item), item
        r = s.post(
            f"{srv.base}/g/{srv.slug}/dismiss", data={"csrf": csrf(page), "pid": pid}, timeout=120
        )
        assert f"pid {pid} 已标为不是公告（老王" in " ".join(flashes(r.text)), flashes(r.text)
        assert f'id="unread-{pid}"' not in r.text

        day1 = re.search(
            r'<li id="proposal-(\w+)"[^>]*>\s*<span class="badge">天</span>\s*<span class="text">第1天',
            r.text,
        )
        assert day1, "no day-1 proposal"
        r = s.post(
            f"{srv.base}/g/{srv.slug}/confirm",
            data={"csrf": csrf(r.text), "id": day1.group(1), "day_closes": "2026-11-21T22:00"},
            timeout=120,
        )
        assert "原为" in " ".join(flashes(r.text)), flashes(r.text)
    (d,) = load_game(path).days
    assert d.closes == datetime.fromisoformat("2026-11-21T22:00+08:00")
