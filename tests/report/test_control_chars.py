"""Control characters in a post (issue 32, item 2): ``\\x01\\x07\\x1b[31m`` once broke
report.xlsx (openpyxl's IllegalCharacterError) and with it every desk decision (HTTP 500
after the decision was stored).  The workbook writes them as code points, as the HTML
report does; a desk action whose report step fails says so and keeps the decision.

The game is a labelled synthetic variant of the sample: one post of its saved pages gets
the control characters appended."""

from __future__ import annotations

import csv
import io
import shutil
from pathlib import Path

import pytest
import requests

from auditor.game.gamefile import load_game
from auditor.pipeline import audit
from auditor.store import Store
from tests import paths
from tests.desk_helpers import auditor, csrf, desk_server, draft_ids, flashes

SAMPLE = paths.ROOT / "examples" / "sample"
POST = "馄饨是狼！"
CONTROLS = "\x01\x07\x1b[31m"


def control_game(tmp: Path) -> Path:
    """The sample game with ``CONTROLS`` after one post's text, crawled and audited."""
    root = tmp / "game"
    shutil.copytree(SAMPLE, root, ignore=shutil.ignore_patterns("*.sqlite*", "*.lock"))
    hit = 0
    for page in (root / "pages").glob("thread-*.html"):
        html = page.read_text("utf-8")
        if POST in html:
            # SYNTHETIC: a terminal's control codes pasted into a post
            page.write_text(html.replace(POST, POST + CONTROLS), "utf-8")
            hit += 1
    assert hit
    path = root / "game.toml"
    assert audit(path, reports=root / "reports").report is not None
    return path


@pytest.fixture(scope="module")
def game(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return control_game(tmp_path_factory.mktemp("controls"))


def test_the_workbook_writes_control_characters_as_code_points(game: Path) -> None:
    from openpyxl import load_workbook

    res = auditor("report", str(game), "--reports", str(game.parent / "reports"), cwd=game.parent)
    assert res.returncode == 0, res.stderr
    assert "Traceback" not in res.stderr
    latest = game.parent / "reports" / load_game(game).slug / "latest"
    book = load_workbook(latest / "report.xlsx")
    texts = [c.value for ws in book.worksheets for row in ws.iter_rows() for c in row if c.value]
    shown = [t for t in texts if isinstance(t, str) and POST in t]
    assert shown and all("<U+0001><U+0007><U+001B>[31m" in t for t in shown), shown
    # the CSVs keep the forum's text (a machine format)
    rows = list(csv.reader(io.StringIO((latest / "findings.csv").read_text("utf-8-sig"))))
    assert any(POST + CONTROLS in cell for row in rows for cell in row)


def _decisions(game: Path) -> int:
    with Store(load_game(game).store) as store:
        return len(store.decision_history())


def _reject_first(srv, s: requests.Session) -> requests.Response:  # type: ignore[no-untyped-def]
    page = srv.page(s)
    ident = draft_ids(page)[0][1]
    return s.post(
        f"{srv.base}/g/{srv.slug}/decide",
        data={"csrf": csrf(page), "id": ident, "action": "reject", "rev": "", "note": ""},
        timeout=120,
    )


def test_a_desk_decision_rewrites_the_report_and_a_failed_rewrite_keeps_the_decision(
    game: Path,
) -> None:
    with desk_server(game) as srv:
        s = srv.session()
        assert s.get(srv.links["导演"], timeout=60).status_code == 200
        page = srv.page(s)
        assert "&lt;U+001B&gt;[31m" in page and "\x1b" not in page
        before = _decisions(game)
        r = _reject_first(srv, s)
        assert r.status_code == 200, (r.status_code, r.text[:300])
        said = flashes(r.text)
        assert any("报告、CSV 和公告随之更新" in f for f in said), said
        assert _decisions(game) == before + 1
        assert (srv.reports / srv.slug / "latest" / "report.xlsx").is_file()

        # the report step fails (its folder is a file now): said, and the decision kept
        shutil.rmtree(srv.reports / srv.slug)
        (srv.reports / srv.slug).write_text("not a folder", "utf-8")
        r = _reject_first(srv, s)
        assert r.status_code == 200, (r.status_code, r.text[:300])
        said = flashes(r.text)
        assert any("决定已保存" in f and "报告没有重写" in f for f in said), said
        assert _decisions(game) == before + 2
