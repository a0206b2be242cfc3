"""The first-hour director's findings of session 43 (issue 34, fh43) over real HTTP: his own
result posts the tool partly read answered 读对了 / 已处理 (not 不是公告) and kept answered on
the next night; a proposal rejected so its question goes away."""

from __future__ import annotations

import re
from pathlib import Path

import requests

from auditor.pipeline import open_game, open_store
from tests.desk_helpers import csrf, desk_server, flashes
from tests.game.test_discover_autonomy import audit, own_style, setup


def test_a_partly_read_post_answered_handled_stays_answered(tmp_path: Path) -> None:
    path = setup(tmp_path / "game", own_style(day3=False, loose_vote=False))
    code, _ = audit(path, tmp_path / "game" / "reports")
    assert code == 7
    with desk_server(path) as srv:
        s = requests.Session()
        page = s.get(srv.links["老王"], timeout=60).text
        top = page[: page.index('id="game-state"')]
        (pid,) = re.findall(r'<li id="unread-(\d+)"', top)
        item = top[top.index(f'<li id="unread-{pid}"') :]
        item = item[: item.index("</li>")]
        assert 'value="handled"' in item and "读对了 / 已处理" in item, item
        assert 'value="not_announcement"' in item and "不是公告" in item, item
        r = s.post(
            f"{srv.base}/g/{srv.slug}/dismiss",
            data={"csrf": csrf(page), "pid": pid, "answer": "handled"},
            timeout=120,
        )
        said = " ".join(flashes(r.text))
        assert f"pid {pid} 已标为读对了 / 已处理（老王" in said, said
        assert "不是公告" not in said, said
        assert f'id="unread-{pid}"' not in r.text
    with open_store(open_game(path)) as store:
        kept = store.state.dismissed[int(pid)]
    assert kept["answer"] == "handled" and kept["by"] == "老王", kept
    # the next night: the post says the same, so it is not asked again
    code, _ = audit(path, tmp_path / "game" / "reports")
    with desk_server(path) as srv:
        page = requests.get(srv.links["老王"], timeout=60).text
    assert f'id="unread-{pid}"' not in page
