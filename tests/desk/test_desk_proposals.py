"""The desk's proposals over real HTTP (`auditor serve` on 127.0.0.1, requests as the
client): a discovering game lists what waits for confirmation; a director confirms one
corrected, through the same `pipeline.confirm` as `auditor game --confirm`; the game file
holds it signed with the signed-in name, the store records who, the report is rewritten,
and a second director confirming the same proposal afterwards is refused."""

from __future__ import annotations

import json
import re
from pathlib import Path

import requests

from auditor.game.gamefile import EventType, load_game
from auditor.pipeline import open_game
from auditor.report.write import latest_dir
from auditor.store import Store
from tests.desk_helpers import auditor, csrf, desk_server, flashes, proposal_game


def _proposals(html: str) -> dict[str, str]:
    """id → the proposal's text, as listed in the desk's 待确认 section."""
    section = html[html.index('<section id="proposals">') :]
    section = section[: section.index("</section>")]
    return dict(
        re.findall(r'<li id="proposal-(\w+)".*?<span class="text">([^<]*)</span>', section, re.S)
    )


def test_a_director_confirms_a_corrected_elimination_in_the_desk(tmp_path: Path) -> None:
    path = proposal_game(tmp_path / "game")
    original = path.read_text("utf-8")
    with desk_server(path) as srv:
        s = requests.Session()
        page = s.get(srv.links["副导演"], timeout=60).text
        listed = _proposals(page)
        assert len(listed) == 15, listed  # 8 threads, 3 days, 4 events discovered (饺子被吹笛 too)
        ident = next(i for i, t in listed.items() if t.startswith("出局：馄饨"))

        # no CSRF token: refused, nothing written
        r = s.post(f"{srv.base}/g/{srv.slug}/confirm", data={"id": ident}, timeout=60)
        assert r.status_code == 403 and path.read_text("utf-8") == original
        # no session: refused
        r = requests.post(
            f"{srv.base}/g/{srv.slug}/confirm", data={"id": ident, "csrf": csrf(page)}, timeout=60
        )
        assert r.status_code == 403 and "没有登录" in r.text

        r = s.post(
            f"{srv.base}/g/{srv.slug}/confirm",
            data={"csrf": csrf(page), "id": ident, "player": "春卷", "day": "3"},
            timeout=120,
        )
        shown = " ".join(flashes(r.text))
        assert f"已确认 {ident}：出局：春卷" in shown and "原为：出局：馄饨" in shown, shown
        assert "报告、CSV 和公告随之更新" in shown
        assert ident not in _proposals(r.text) and len(_proposals(r.text)) == 14

        # the game file: the director's file as it was, then the event signed by 副导演
        text = path.read_text("utf-8")
        assert text.startswith(original.rstrip("\n"))
        assert re.search(
            r"# 来源：pid 1198「第三天投票结果：馄饨 5 票，馄饨出局。」；副导演 于 [\d-]+ [\d:]+ 确认（更正",
            text,
        )
        out = {e.player for e in load_game(path).events if e.type is EventType.ELIMINATED}
        assert out == {"春卷"}  # the file alone (discovery adds 油条 from the forum)
        game = open_game(path)
        with Store(game.store) as store:
            runs = [json.loads(x["summary"]) for x in store.runs() if x["command"] == "confirm"]
        assert [(x["proposal"], x["by"]) for x in runs] == [(ident, "副导演")]

        # the rewritten report: the file now disagrees with the tally, and says so
        report = latest_dir(srv.reports, srv.slug)
        assert report is not None
        html = (report / "report.html").read_text("utf-8")
        notices = html[html.index('id="notices"') :]
        assert "春卷" in notices[:2000] and "馄饨" in notices[:2000]

        # confirmed with `auditor game --confirm` while the desk runs: the desk reads the
        # file again and no longer lists it
        thread = next(i for i, t in listed.items() if t.startswith("帖子 108"))
        res = auditor("game", str(path), "--confirm", thread, "--by", "导演", cwd=path.parent)
        assert res.returncode == 0, res.stderr
        page = s.get(f"{srv.base}/g/{srv.slug}", timeout=60).text
        assert thread not in _proposals(page) and len(_proposals(page)) == 13
        text = path.read_text("utf-8")

        # another director confirming the same proposal afterwards is refused
        other = requests.Session()
        old = other.get(srv.links["导演"], timeout=60).text
        r = other.post(
            f"{srv.base}/g/{srv.slug}/confirm",
            data={"csrf": csrf(old), "id": ident},
            timeout=60,
        )
        assert any("不在待确认的列表里" in f for f in flashes(r.text)), flashes(r.text)
        assert path.read_text("utf-8") == text
