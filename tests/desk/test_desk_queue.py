"""The desk as a review queue over real HTTP (a real `auditor serve`, requests as the
client): the page's script's decisions answered in JSON, the plain forms still working; a
batch's members listed (escaped) before it acts, each one that is unticked left pending;
the status filter; a decided card's history; a decision rewriting the newest report folder
in place, never a new one.  And the pieces under it: rewrites shared by those who wait
(Coalesced), refresh_latest replacing only the files a decision changes."""

from __future__ import annotations

import re
import threading
import time
from pathlib import Path

import pytest
import requests

from auditor.desk.coalesce import Coalesced
from auditor.report.write import latest_dir
from tests.desk_helpers import PASSWORD, csrf, desk_game, desk_server, draft_ids, set_password


def _folders(reports: Path, slug: str) -> list[str]:
    """The report folders (a rewrite's hidden work folder, ``.tmp-refresh-…``, is not one:
    the delayed workbook rewrite may be between its write and its rename)."""
    return sorted(
        p.name
        for p in (reports / slug).iterdir()
        if p.is_dir() and p.name != "latest" and not p.name.startswith(".")
    )


def _login(base: str, slug: str) -> requests.Session:
    s = requests.Session()
    page = s.get(f"{base}/g/{slug}/login", timeout=30)
    r = s.post(
        f"{base}/g/{slug}/login",
        data={"csrf": csrf(page.text), "director": "导演", "password": PASSWORD},
        timeout=60,
    )
    assert r.status_code == 200 and 'id="signed-in"' in r.text
    return s


def test_the_queue_answers_the_script_in_json_and_the_forms_still_work(tmp_path: Path) -> None:
    game = desk_game(tmp_path / "game")
    set_password(game, "导演")
    with desk_server(game) as srv:
        s = _login(srv.base, srv.slug)
        url = f"{srv.base}/g/{srv.slug}"
        page = s.get(url, timeout=60).text
        # the summary line comes before the first card; the batches are folded
        assert page.index('id="queue-summary"') < page.index('<article class="draft')
        assert page.index('<article class="draft') < page.index("<h1>审计报告")
        assert '<details class="tools" id="batches">' in page
        ids = [i for c, i in draft_ids(page) if c != "red"]
        token = csrf(page)
        # the first decision writes the report folder (none yet); later ones rewrite it
        r = s.post(
            f"{url}/decide",
            data={"csrf": token, "id": ids[0], "rev": "", "action": "approve"},
            timeout=60,
        )
        assert r.status_code == 200 and "报告、CSV 和公告随之更新" in r.text
        folders = _folders(srv.reports, srv.slug)
        assert len(folders) == 1

        # the page's script: JSON, no page
        r = s.post(
            f"{url}/decide",
            data={
                "csrf": token,
                "id": ids[1],
                "rev": "",
                "action": "reject",
                "note": "<b>引用</b>",
            },
            headers={"X-Desk-Fetch": "1"},
            timeout=60,
        )
        assert r.headers["content-type"].startswith("application/json")
        said = r.json()
        assert said["ok"] and f"已驳回 {ids[1]}" in said["message"], said
        again = s.post(
            f"{url}/decide",
            data={"csrf": token, "id": ids[1], "rev": "", "action": "reject"},
            headers={"X-Desk-Fetch": "1"},
            timeout=60,
        ).json()
        assert not again["ok"] and f"{ids[1]} 已在" in again["message"], again
        # without its CSRF token: refused, not JSON (the script says so)
        r = s.post(
            f"{url}/decide",
            data={"id": ids[2], "action": "reject"},
            headers={"X-Desk-Fetch": "1"},
            timeout=60,
        )
        assert r.status_code == 403

        # the background rewrite lands in the same folder
        deadline = time.monotonic() + 30
        latest = latest_dir(srv.reports, srv.slug)
        assert latest is not None
        while "&lt;b&gt;引用&lt;/b&gt;" not in (latest / "report.html").read_text("utf-8"):
            assert time.monotonic() < deadline, "the report was not rewritten"
            time.sleep(0.2)
        assert _folders(srv.reports, srv.slug) == folders

        # a batch: its members listed (escaped), one unticked stays pending
        page = s.get(url, timeout=60).text
        forms = re.findall(r'name="items" value="([^"]+)"', page)
        assert forms, "no batch"
        items = forms[0]
        confirm = s.post(
            f"{url}/batch", data={"csrf": csrf(page), "items": items, "label": "测试"}, timeout=60
        ).text
        members = re.findall(r'name="pick" value="([^"]+)"', confirm)
        assert len(members) == len(items.strip(",").split(",")) >= 2
        assert 'class="member-player"' in confirm and "<script>" not in confirm.split("</head>")[1]
        kept, *rest = members
        r = s.post(
            f"{url}/batch",
            data=[
                ("csrf", csrf(confirm)),
                ("items", items),
                ("label", "测试"),
                ("confirm", "1"),
                ("picked", "1"),
            ]
            + [("pick", m) for m in rest],
            timeout=60,
        )
        assert f"已批准 {len(rest)} 条草稿" in r.text
        pending = {i for _c, i in draft_ids(r.text)}
        assert kept.split(":")[0] in pending and not {m.split(":")[0] for m in rest} & pending

        # the status filter and a decided card's history
        page = s.get(url, params={"status": "rejected"}, timeout=60).text
        assert not draft_ids(page)
        assert '<details id="rejected" class="decided" open>' in page
        history = page[page.index(f'id="history-{ids[1]}"') :]
        history = history[: history.index("</details>")]
        assert "导演" in history and "驳回" in history and "&lt;b&gt;引用&lt;/b&gt;" in history
        assert _folders(srv.reports, srv.slug) == folders


def test_rewrites_are_shared_by_those_who_wait() -> None:
    runs: list[int] = []
    asked: list[float] = []
    started: list[float] = []
    coalesced: Coalesced[float] = Coalesced(0.0)

    def work() -> float:
        at = time.monotonic()
        started.append(at)
        runs.append(1)
        time.sleep(0.05)
        return at

    got: list[tuple[float, float]] = []

    def ask() -> None:
        at = time.monotonic()
        asked.append(at)
        got.append((at, coalesced.run(work)))

    threads = [threading.Thread(target=ask) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(got) == 8 and 1 <= len(runs) <= 3, len(runs)
    assert all(result >= at for at, result in got)  # each from a run that began after it asked


def test_a_run_that_fails_lets_the_next_one_run() -> None:
    coalesced: Coalesced[int] = Coalesced(0)

    def boom() -> int:
        raise RuntimeError("坏了")

    with pytest.raises(RuntimeError):
        coalesced.run(boom)
    assert coalesced.run(lambda: 7) == 7


def test_refresh_latest_replaces_only_what_a_decision_changes(tmp_path: Path) -> None:
    from auditor import pipeline
    from auditor.desk import actions
    from auditor.report.write import DECIDED_FILES

    game_path = desk_game(tmp_path / "game")
    game = actions.load(game_path)
    reports = tmp_path / "reports"
    with pipeline.open_store(game) as store:
        first = pipeline.report(game, store, reports).directory
    before = {p.name: p.stat().st_ino for p in first.iterdir()}
    (first / "announcement-9.bbcode").write_text("旧的部分", "utf-8")
    with pipeline.open_store(game) as store:
        again = pipeline.refresh(game, store, reports).directory
    assert again == first and _folders(reports, game.slug) == [first.name]
    after = {p.name: p.stat().st_ino for p in first.iterdir()}
    assert not (first / "announcement-9.bbcode").exists()
    for name, ino in before.items():
        if name in DECIDED_FILES:
            assert after[name] != ino, name  # renamed over
        else:
            assert after[name] == ino, name  # left as it was
