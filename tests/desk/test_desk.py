"""The desk (`auditor serve`) over real HTTP: a real uvicorn server on 127.0.0.1 in its own
process, a real SQLite store, requests as the client."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
import requests

from auditor.game.gamefile import load_game
from auditor.report.write import latest_dir
from auditor.store import Store
from tests import paths
from tests.desk_helpers import (
    PASSWORD,
    csrf,
    desk_game,
    desk_server,
    draft_ids,
    flashes,
    set_password,
)
from tests.ledger_helpers import HOSTILE_SCRIPT


@pytest.fixture(scope="module")
def game(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = desk_game(tmp_path_factory.mktemp("desk"))
    set_password(path, "导演")
    set_password(path, "副导演")
    return path


@pytest.fixture(scope="module")
def server(game: Path):  # type: ignore[no-untyped-def]
    with desk_server(game) as srv:
        yield srv


def _login(
    server, name: str = "导演", password: str = PASSWORD
) -> tuple[requests.Session, requests.Response]:  # type: ignore[no-untyped-def]
    s = requests.Session()
    page = s.get(f"{server.base}/g/{server.slug}/login", timeout=30)
    r = s.post(
        f"{server.base}/g/{server.slug}/login",
        data={"csrf": csrf(page.text), "director": name, "password": password},
        timeout=60,
    )
    return s, r


def _decisions(game: Path) -> list[dict[str, object]]:
    g = load_game(game)
    with Store(g.store) as store:
        return [dict(r) for r in store.decision_history()]


def _decide(
    s: requests.Session,
    server,  # type: ignore[no-untyped-def]
    page: str,
    ident: str,
    action: str,
    *,
    allow_redirects: bool = True,
    **fields: str,
) -> requests.Response:
    """A draft's decide form posted as the page sent it: its CSRF token, id, action, an
    empty rev, and the form's other ``fields``."""
    data = {"csrf": csrf(page), "id": ident, "action": action, "rev": "", **fields}
    return s.post(
        f"{server.base}/g/{server.slug}/decide",
        data=data,
        timeout=60,
        allow_redirects=allow_redirects,
    )


def test_a_request_without_a_session_is_refused(server) -> None:  # type: ignore[no-untyped-def]
    r = requests.get(f"{server.base}/g/{server.slug}", timeout=30, allow_redirects=False)
    assert r.status_code == 303 and r.headers["location"].endswith("/login")
    r = requests.post(
        f"{server.base}/g/{server.slug}/decide", data={"id": "F1", "action": "approve"}, timeout=30
    )
    assert r.status_code == 403 and "没有登录" in r.text
    r = requests.get(f"{server.base}/g/{server.slug}/audit/status", timeout=30)
    assert r.status_code == 403


def test_an_unknown_address_or_method_is_said_in_chinese(server) -> None:  # type: ignore[no-untyped-def]
    """Issue 30: the desk's 404 was Starlette's ``Not Found``; now a desk page in Chinese,
    with the security headers (and so for a GET of a form's address: 405)."""
    r = requests.get(f"{server.base}/no/such/page", timeout=30)
    assert r.status_code == 404
    assert "没有这个页面" in r.text and "Not Found" not in r.text
    assert r.headers["content-type"].startswith("text/html")
    assert "content-security-policy" in r.headers
    r = requests.get(f"{server.base}/g/{server.slug}/decide", timeout=30)
    assert r.status_code == 405
    assert "Method Not Allowed" not in r.text and "不能这样打开" in r.text


def test_password_login_signs_decisions_with_the_directors_name(server, game: Path) -> None:  # type: ignore[no-untyped-def]
    s, r = _login(server, "副导演")
    assert r.status_code == 200 and "导演：副导演" in r.text
    # strict CSP, no inline script, the hostile posts only as text
    csp = r.headers["content-security-policy"]
    assert "script-src 'self'" in csp and "unsafe-inline" not in csp
    assert "<script>" not in r.text and 'src="/static/desk.js"' in r.text
    assert "&lt;script&gt;alert(&#39;xss-1&#39;)&lt;/script&gt;" in r.text
    assert "&lt;img src=x onerror=&#34;alert(&#39;xss-2&#39;)&#34;&gt;" in r.text
    assert "<img" not in r.text and HOSTILE_SCRIPT not in r.text
    assert 'href="javascript' not in r.text
    colour, ident = next((c, i) for c, i in draft_ids(r.text) if c == "blue")
    before = len(_decisions(game))
    r = _decide(s, server, r.text, ident, "approve", note="网页批准", suggested=colour)
    assert r.status_code == 200 and any(f"已批准 {ident}" in f for f in flashes(r.text)), flashes(
        r.text
    )
    rows = _decisions(game)
    assert len(rows) == before + 1
    assert rows[-1]["decided_by"] == "副导演" and rows[-1]["source"] == "desk"
    assert rows[-1]["note"] == "网页批准"
    # the report was rewritten at once and lists the approval with who decided
    report = latest_dir(server.reports, server.slug)
    assert report is not None
    page = (report / "report.html").read_text("utf-8")
    approved = page[page.index('id="approved"') : page.index('id="rejected"')]
    assert ident in approved and "副导演" in approved


def test_a_form_without_its_csrf_token_is_refused(server, game: Path) -> None:  # type: ignore[no-untyped-def]
    s, r = _login(server)
    _colour, ident = draft_ids(r.text)[-1]
    before = len(_decisions(game))
    for token in (None, "forged-token"):
        data = {"id": ident, "action": "reject", "rev": ""}
        if token:
            data["csrf"] = token
        refused = s.post(f"{server.base}/g/{server.slug}/decide", data=data, timeout=30)
        assert refused.status_code == 403 and "CSRF" in refused.text
    assert len(_decisions(game)) == before


def test_a_draft_decided_meanwhile_is_refused_with_who_and_when(server, game: Path) -> None:  # type: ignore[no-untyped-def]
    a, page_a = _login(server, "导演")
    b, page_b = _login(server, "副导演")
    colour, ident = next((c, i) for c, i in draft_ids(page_a.text) if c in ("blue", "none"))
    assert ident in page_b.text  # both directors see the same draft
    r = _decide(a, server, page_a.text, ident, "reject", note="误判")
    assert any(f"已驳回 {ident}" in f for f in flashes(r.text))
    count = len(_decisions(game))
    r = _decide(b, server, page_b.text, ident, "approve", suggested=colour)
    msg = " ".join(flashes(r.text))
    assert f"{ident} 已在" in msg and "被 导演 改为 驳回" in msg, msg
    assert len(_decisions(game)) == count  # nothing recorded


def test_the_same_decision_sent_again_is_recorded_once(server, game: Path) -> None:  # type: ignore[no-untyped-def]
    """A page whose answer was lost (a dropped connection) sends its decision again with the
    rev it was shown: done, recorded once; another decision from that old page is refused."""
    s, page = _login(server, "导演")
    _colour, ident = next((c, i) for c, i in draft_ids(page.text) if c in ("blue", "none"))
    before = len(_decisions(game))
    for _ in range(2):
        r = _decide(s, server, page.text, ident, "reject", note="引用")
        assert any(f"已驳回 {ident}" in f for f in flashes(r.text)), flashes(r.text)
    assert len(_decisions(game)) == before + 1
    other = _decide(s, server, page.text, ident, "reject", note="另一个理由")
    assert f"{ident} 已在" in " ".join(flashes(other.text))
    assert len(_decisions(game)) == before + 1


def test_a_red_card_and_a_batch_ask_for_confirmation(server, game: Path) -> None:  # type: ignore[no-untyped-def]
    s, r = _login(server)
    colour, ident = draft_ids(r.text)[0]
    before = len(_decisions(game))
    red = {"card": "red", "player": "油条", "suggested": colour}
    ask = _decide(s, server, r.text, ident, "recolour", **red)
    assert ask.status_code == 200 and "确认判 油条 红牌" in ask.text
    assert len(_decisions(game)) == before  # not yet
    done = _decide(s, server, r.text, ident, "recolour", **red, confirm="1")
    assert any(f"已批准 {ident}" in f and "红牌" in f for f in flashes(done.text)), flashes(
        done.text
    )
    rows = _decisions(game)
    assert rows[-1]["card"] == "red" and rows[-1]["decided_by"] == "导演"


def test_login_is_rate_limited_and_a_wrong_password_refused(game: Path) -> None:
    with desk_server(game) as srv:  # its own server: the limit would lock the others out
        statuses = [_login(srv, "导演", "错误的密码")[1].status_code for _ in range(6)]
        assert statuses[:5] == [401] * 5 and statuses[5] == 429
        _s, r = _login(srv, "导演")  # even the right password waits now
        assert r.status_code == 429 and "秒后再试" in r.text


def test_a_one_time_link_works_once(game: Path) -> None:
    with desk_server(game) as srv:
        link = srv.links["导演"]
        s = requests.Session()
        r = s.get(link, timeout=60)
        assert r.status_code == 200 and "导演：导演" in r.text
        again = requests.get(link, timeout=30)
        assert again.status_code == 403 and "只能用一次" in again.text


def test_host_beyond_loopback_needs_passwords(tmp_path: Path) -> None:
    from tests.desk_helpers import auditor

    path = desk_game(tmp_path)
    res = auditor("serve", str(path), "--host", "0.0.0.0", "--port", "1", cwd=tmp_path)
    assert res.returncode == 2 and "必须先设置密码" in res.stderr
    res = auditor("serve", "--set-password", str(path), "路人", cwd=tmp_path, stdin="")
    assert res.returncode == 2 and "不是这局的导演" in res.stderr
    assert "密码" not in res.stderr.split("不是这局的导演")[0]  # said before any prompt
    res = auditor(
        "serve", "--set-password", str(path), "导演", cwd=tmp_path, stdin="short\nshort\n"
    )
    assert res.returncode == 2 and "至少 8 个字符" in res.stderr
    assert "echoed" not in res.stdout + res.stderr  # (piped: no getpass warning in English)
    res = auditor(
        "serve", "--set-password", str(path), "导演", cwd=tmp_path, stdin="12345678\n1234567X\n"
    )
    assert res.returncode == 2 and "两次输入的密码不一致" in res.stderr
    with Store(load_game(path).store) as store:
        assert store.password_hashes() == {}


def test_a_decision_can_be_revised_and_undone_and_the_history_keeps_all(server, game: Path) -> None:  # type: ignore[no-untyped-def]
    import re

    s, r = _login(server)
    colour, ident = next((c, i) for c, i in draft_ids(r.text) if c == "blue")
    base = f"{server.base}/g/{server.slug}/decide"
    r = s.post(
        base,
        data={
            "csrf": csrf(r.text),
            "id": ident,
            "action": "approve",
            "rev": "",
            "suggested": colour,
        },
        timeout=60,
    )
    # the approved item carries its current decision row: revise it to yellow
    item = r.text[r.text.index(f'id="decided-{ident}"') :]
    rev = re.search(r'name="rev" value="(\d+)"', item)
    assert rev, item[:500]
    r = s.post(
        base,
        data={
            "csrf": csrf(r.text),
            "id": ident,
            "action": "recolour",
            "card": "yellow",
            "rev": rev.group(1),
            "suggested": "blue",
        },
        timeout=60,
    )
    assert any(f"已批准 {ident}" in f and "黄牌" in f for f in flashes(r.text)), flashes(r.text)
    item = r.text[r.text.index(f'id="decided-{ident}"') :]
    # the ID and its history apart (they read 「FXXCAYONVQ历史（2）」)
    assert re.search(rf"<code>{ident}</code> · <details class=\"history\"", item), item[:800]
    rev2 = re.search(r'name="rev" value="(\d+)"', item)
    assert rev2 and rev2.group(1) != rev.group(1)
    # a form still showing the first decision is refused (stale)
    stale = s.post(
        base,
        data={"csrf": csrf(r.text), "id": ident, "action": "undo", "rev": rev.group(1)},
        timeout=60,
    )
    assert any("已在" in f and "请刷新" in f for f in flashes(stale.text)), flashes(stale.text)
    r = s.post(
        base,
        data={"csrf": csrf(r.text), "id": ident, "action": "undo", "rev": rev2.group(1)},
        timeout=60,
    )
    assert any(f"已撤销 {ident}" in f for f in flashes(r.text)), flashes(r.text)
    assert f'id="draft-{ident}"' in r.text  # a draft again
    history = [d for d in _decisions(game) if d["finding_id"] == ident]
    assert [(d["decision"], d["card"]) for d in history] == [
        ("approve", None),
        ("approve", "yellow"),
        ("undo", None),
    ]


def test_filters_and_batch_approval_of_a_group(server, game: Path) -> None:  # type: ignore[no-untyped-def]
    import re

    s, _r = _login(server)
    page = s.get(
        f"{server.base}/g/{server.slug}", params={"rule": "LURK-NOVOTE", "day": "1"}, timeout=60
    ).text
    shown = draft_ids(page)
    assert shown and all(c == "yellow" for c, _ in shown)
    batch = re.search(r'name="items" value="([^"]+)"', page)
    assert batch, "a day's lurk yellows form a group"
    items = batch.group(1)
    ids = [p.split(":")[0] for p in items.split(",")]
    assert sorted(ids) == sorted(i for _, i in shown)
    form = {
        "csrf": csrf(page),
        "items": items,
        "label": "第1天未投票",
        "filter_rule": "LURK-NOVOTE",
        "filter_day": "1",
    }
    assert 'name="filter_rule" value="LURK-NOVOTE"' in page  # (the batch form's own)
    ask = s.post(f"{server.base}/g/{server.slug}/batch", data=form, timeout=60)
    assert f"确认一次批准这 {len(ids)} 条草稿" in ask.text
    before = len(_decisions(game))
    done = s.post(f"{server.base}/g/{server.slug}/batch", data={**form, "confirm": "1"}, timeout=60)
    assert any(f"已批准 {len(ids)} 条草稿" in f for f in flashes(done.text)), flashes(done.text)
    rows = _decisions(game)[before:]
    assert sorted(str(r["finding_id"]) for r in rows) == sorted(ids)
    assert {r["decided_by"] for r in rows} == {"导演"}
    assert not draft_ids(done.text)  # the filter is kept: nothing of the group left


def test_the_desk_starts_an_audit_and_reports_its_progress(tmp_path: Path) -> None:
    import re
    import time

    from tests.forum_server import ForumServer

    path = desk_game(tmp_path)
    with ForumServer(None) as forum:  # every page missing: the audit is incomplete, not stuck
        text = path.read_text("utf-8")
        path.write_text(
            re.sub(r'url = "[^"]*"', f'url = "{forum.base_url}"', text, count=1), "utf-8"
        )
        with desk_server(path) as srv:
            s = requests.Session()
            page = s.get(srv.links["导演"], timeout=60).text
            assert "还没有运行过审计" in page
            r = s.post(f"{srv.base}/g/{srv.slug}/audit", data={"csrf": csrf(page)}, timeout=60)
            assert any("审计已开始" in f for f in flashes(r.text))
            state = {}
            deadline = time.monotonic() + 240
            while time.monotonic() < deadline:
                state = s.get(f"{srv.base}/g/{srv.slug}/audit/status", timeout=30).json()
                if state["state"] != "running":
                    break
                time.sleep(0.5)
            assert state["state"] == "done" and state["message"].startswith("审计完成"), state
            page = s.get(f"{srv.base}/g/{srv.slug}", timeout=60).text
            assert "上次审计：" in page and "抓取不完整" in page
            # the crawl's problem comes first, above the queue, not only in the status line
            top = page.index('id="audit-problems"')
            assert top < page.index('id="queue-summary"')
            assert "没有读全，先处理这个" in page[top : page.index('id="queue-summary"')]


def test_the_audit_progress_shows_pages_threads_and_stage(tmp_path: Path) -> None:
    """The sample game's first crawl over loopback HTTP, each page a little slow: while the audit
    runs, the status says which stage it is in, how many pages and threads it has read and
    which page of which thread it reads now; at the end every thread was read."""
    import json
    import re
    import time

    from tests.desk_helpers import proposal_game
    from tests.forum_server import ForumServer

    root = paths.ROOT / "examples" / "sample" / "pages"
    index = json.loads((root / "index.json").read_text("utf-8"))
    with ForumServer(None) as forum:
        for url, info in index["pages"].items():
            body = (root / info["file"]).read_bytes()

            def slow(_req: object, body: bytes = body) -> bytes:
                time.sleep(0.15)
                return body

            forum.route(url, slow, content_type=info["content_type"])
        path = proposal_game(tmp_path / "game", url=forum.base_url)  # never crawled
        with desk_server(path) as srv:
            s = requests.Session()
            page = s.get(srv.links["导演"], timeout=60).text
            r = s.post(
                f"{srv.base}/g/{srv.slug}/audit",
                data={"csrf": csrf(page)},
                timeout=60,
            )
            assert 'id="audit-progress"' in r.text  # the page itself shows the bar
            seen: list[dict[str, object]] = []
            deadline = time.monotonic() + 300
            state: dict[str, object] = {}
            while time.monotonic() < deadline:
                state = s.get(f"{srv.base}/g/{srv.slug}/audit/status", timeout=30).json()
                seen.append(state)
                if state["state"] != "running":
                    break
                time.sleep(0.2)
        asked = sum(1 for q in forum.requests if "tid=" in q.path)  # thread pages served
    assert state["state"] == "done", state
    crawling = [x["progress"] for x in seen if x["state"] == "running"]
    mid = [p for p in crawling if p["stage"] == "crawl" and p["pages"]]  # type: ignore[index]
    assert mid, crawling
    one = mid[len(mid) // 2]
    assert re.fullmatch(
        r"抓取 · 已读 \d+ 页 · 帖子 \d+/8 · 正在读帖子 10\d 第 \d+/\d+ 页",
        one["line"],  # type: ignore[index]
    ), one
    pages = [p["pages"] for p in crawling]  # type: ignore[index]
    assert pages == sorted(pages)  # it only goes forward
    final = state["progress"]
    assert final["threads"] == 8 and 8 <= final["pages"] <= asked, (final, asked)  # type: ignore[index]
    assert [p["stage"] for p in crawling][-1] in ("check", "report")  # the stages after


def test_director_text_is_shown_with_its_hidden_characters_written_out(server, game: Path) -> None:  # type: ignore[no-untyped-def]
    """A reason or a note with a bidi override is shown as ``<U+202E>`` on the desk, as in
    the report (it once reached the page as it was: "此前的牌", "已批准"); what is stored
    stays exactly what the director typed."""
    s, r = _login(server)
    reason = "超时\u202e未交"
    r = s.post(
        f"{server.base}/g/{server.slug}/card",
        data={"csrf": csrf(r.text), "player": "饺子", "card": "blue", "reason": reason, "day": "1"},
        timeout=60,
    )
    assert r.status_code == 200 and any("已添加 M" in f for f in flashes(r.text)), flashes(r.text)
    assert "\u202e" not in r.text
    assert "超时&lt;U+202E&gt;未交" in r.text
    g = load_game(game)
    with Store(g.store) as store:
        assert any(row["reason"] == reason for row in store.manual_cards())


def test_a_reason_or_note_beyond_its_length_is_refused_by_the_server(server, game: Path) -> None:  # type: ignore[no-untyped-def]
    """The form's maxlength is the browser's; a posted form need not honour it."""
    from auditor.ledger.decisions import MAX_NOTE, MAX_REASON

    s, r = _login(server)
    g = load_game(game)
    with Store(g.store) as store:
        before = len(store.manual_cards())
    r = s.post(
        f"{server.base}/g/{server.slug}/card",
        data={
            "csrf": csrf(r.text),
            "player": "饺子",
            "card": "blue",
            "reason": "长" * (MAX_REASON + 1),
        },
        timeout=60,
    )
    assert any(f"判罚理由最长 {MAX_REASON} 字" in f for f in flashes(r.text)), flashes(r.text)
    with Store(g.store) as store:
        assert len(store.manual_cards()) == before
    colour, ident = draft_ids(r.text)[0]
    decided = len(_decisions(game))
    r = _decide(s, server, r.text, ident, "reject", note="长" * (MAX_NOTE + 1), suggested=colour)
    assert any(f"备注最长 {MAX_NOTE} 字" in f for f in flashes(r.text)), flashes(r.text)
    assert len(_decisions(game)) == decided


def test_form_fields_carry_names_exactly_while_the_text_shows_them() -> None:
    """A player called 饺子<U+202E>1 (a real forum name may hold one) is written out in the
    page's text, and sent back exactly by the manual card's and the filters' selects."""
    from auditor.desk.app import environment

    env = environment()
    name = "饺子\u202e1<b>"
    html = env.from_string(
        '{% for p in players %}<option value="{{ p|exact }}">{{ p }}</option>{% endfor %}'
    ).render(players=[name])
    assert html == '<option value="饺子\u202e1&lt;b&gt;">饺子&lt;U+202E&gt;1&lt;b&gt;</option>'
    manual = env.get_template("desk_manual.html.j2").render(
        desk={"slug": "g", "csrf": "t", "players": [name], "manual_cards": ["blue"]}
    )
    assert 'value="饺子\u202e1&lt;b&gt;"' in manual and "饺子&lt;U+202E&gt;1" in manual


def test_deciding_a_draft_unfiltered_comes_back_unfiltered(server, game: Path) -> None:  # type: ignore[no-untyped-def]
    """A draft's form carries its player (and a proposal's its day): once read as the
    filters, so approving under 全部 came back to ?player=<that player>."""
    s, r = _login(server)
    colour, ident = draft_ids(r.text)[0]
    done = _decide(
        s, server, r.text, ident, "reject", allow_redirects=False, player="饺子", suggested=colour
    )
    assert done.status_code == 303
    assert done.headers["location"] == f"/g/{server.slug}#drafts"


def test_the_same_manual_card_again_asks_first(server, game: Path) -> None:  # type: ignore[no-untyped-def]
    """A form sent twice (or the command run twice) once added a second yellow silently."""
    s, r = _login(server)
    g = load_game(game)
    with Store(g.store) as store:
        before = len(store.manual_cards())
    form = {"player": "包子", "card": "yellow", "reason": "超时未交夜间行动", "day": "2"}
    first = s.post(
        f"{server.base}/g/{server.slug}/card", data={"csrf": csrf(r.text), **form}, timeout=60
    )
    assert any("已添加 M" in f and "黄牌" in f for f in flashes(first.text)), flashes(first.text)
    again = s.post(
        f"{server.base}/g/{server.slug}/card", data={"csrf": csrf(first.text), **form}, timeout=60
    )
    assert "已有一张同样的牌" in again.text and "确实再加一张" in again.text
    assert 'name="again" value="1"' in again.text
    with Store(g.store) as store:
        assert len(store.manual_cards()) == before + 1
    confirmed = s.post(
        f"{server.base}/g/{server.slug}/card",
        data={"csrf": csrf(again.text), **form, "again": "1", "confirm": "1"},
        timeout=60,
    )
    assert any("已添加 M" in f for f in flashes(confirmed.text)), flashes(confirmed.text)
    with Store(g.store) as store:
        assert len(store.manual_cards()) == before + 2


def test_a_folder_of_games_is_served_with_a_broken_one_skipped_and_said(tmp_path: Path) -> None:
    """``auditor serve`` (no argument: the current folder) with a good game, a game file
    with a typo and a rule-set override beside them: the typo is said and skipped (it once
    stopped the desk for every game), the override is no game; a folder of broken ones
    alone is an error."""
    import os
    import subprocess
    import sys
    import time

    from tests.desk_helpers import auditor, free_port

    good = desk_game(tmp_path / "games")
    folder = good.parent
    (folder / "typo.toml").write_text(
        good.read_text("utf-8").replace('ruleset = "m107"', 'ruleset = "m17"'), "utf-8"
    )
    (folder / "rules.toml").write_text("[rules.LURK-DAY]\nmin_posts = 3\n", "utf-8")
    port = free_port()
    proc = subprocess.Popen(
        [sys.executable, "-m", "auditor", "serve", "--port", str(port)],
        cwd=folder,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env={**os.environ, "PYTHONIOENCODING": "utf-8", "COLUMNS": "400"},
    )
    try:
        lines: list[str] = []
        deadline = time.monotonic() + 60
        assert proc.stdout is not None
        while time.monotonic() < deadline:
            line = proc.stdout.readline()
            if not line:
                break
            lines.append(line)
            if "一次性登录链接" in line:
                break
        said = "".join(lines)
        assert "跳过" in said and "typo.toml" in said and "m17" in said, said
        assert "rules.toml" not in said
        assert "一次性登录链接" in said, said
    finally:
        proc.terminate()
        proc.wait(timeout=10)
    (folder / good.name).unlink()
    res = auditor("serve", str(folder), "--port", str(free_port()), cwd=tmp_path)
    assert res.returncode == 2 and "没有可以打开的游戏文件" in res.stderr, res.stderr


def test_serve_on_every_address_prints_a_url_that_opens(tmp_path: Path) -> None:
    """--host 0.0.0.0 printed http://0.0.0.0:PORT/ (no address to open) and the desk then
    refused every address but 0.0.0.0: the machine's address (or 127.0.0.1) is printed,
    with a note, and both open the sign-in page."""
    import subprocess
    import sys
    import time

    from tests.desk_helpers import free_port, set_password

    path = desk_game(tmp_path)
    set_password(path, "导演")
    port = free_port()
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "auditor",
            "serve",
            str(path),
            "--host",
            "0.0.0.0",
            "--port",
            str(port),
        ],
        cwd=tmp_path,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env={**os.environ, "PYTHONIOENCODING": "utf-8", "COLUMNS": "400"},
    )
    try:
        assert proc.stdout is not None
        first = proc.stdout.readline()
        url = first.split("审计台：", 1)[1].strip()
        assert "0.0.0.0" not in url and url.startswith("http://"), first
        note = proc.stdout.readline()
        assert "127.0.0.1" in note and "手机" in note, note
        for base in (url, f"http://127.0.0.1:{port}/"):
            for _ in range(100):
                try:
                    r = requests.get(base, timeout=10)
                    break
                except requests.ConnectionError:
                    time.sleep(0.1)
            assert r.status_code == 200, (base, r.status_code, r.text[:300])
    finally:
        proc.terminate()
        proc.wait(timeout=30)
