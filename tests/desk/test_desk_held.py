"""fh42 item 1: no card offered on a day the tool is unsure of.

The first-hour director's own 030 game (tests/desk/fh42, his night-2 pages and his 12-line
game file): day 2's 延时 (pid 5074), 北风's vote-out and the night-2 deaths were not read,
and the desk offered ~13 false day-2 yellows for batch approval.  While a day has an open
question (a 未读懂 post or a pending proposal for it) its lurk, no-vote, late-vote and
last-words drafts are HELD (auditor.ledger.held): in no batch, refused by the desk,
``auditor decide`` and the CSV import unless the director says 仍然批准 (recorded), and
offered again once his answers leave the day without a question.
"""

from __future__ import annotations

import csv
import re
import shutil
from pathlib import Path

import pytest
import requests

from auditor.game.gamefile import load_game
from auditor.ledger.decisions import COLUMN_LABELS
from auditor.store import Store
from tests import paths
from tests.desk_helpers import (
    PASSWORD,
    auditor,
    csrf,
    desk_server,
    fh42_unread,
    flashes,
    set_password,
)

FH42 = paths.TESTS / "desk" / "fh42"
DAY2_FALSE = {"小鹿", "木木", "石头", "豆豆", "青柠"}  # day-2 lurkers only with the old close


@pytest.fixture(scope="module")
def night2(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """His game folder at night 2, audited as he ran it (exit 7: state incomplete)."""
    folder = tmp_path_factory.mktemp("fh42") / "wugang"
    fh42_unread(folder)
    res = auditor("audit", "wugang.toml", cwd=folder)
    assert res.returncode in (0, 7), res.stdout + res.stderr  # (0: every post read, 6ccafe1)
    set_password(folder / "wugang.toml", "扫地僧")
    return folder / "wugang.toml"


def _drafts(game: Path) -> list[dict[str, object]]:
    from auditor import pipeline
    from auditor.report.records import build_records

    g = load_game(game)
    with Store(g.store) as store:
        recs = build_records(pipeline.current(g, store), store)
    return recs.drafts


def _find(game: Path, code: str, player: str, day: int) -> dict[str, object]:
    return next(
        d for d in _drafts(game) if d["code"] == code and d["player"] == player and d["day"] == day
    )


def test_the_unsure_days_drafts_are_held_and_refused_unless_approved_anyway(
    night2: Path, tmp_path: Path
) -> None:
    drafts = _drafts(night2)
    day2 = [d for d in drafts if d["day"] == 2 and d["code"] in ("LURK-DAY", "LURK-NOVOTE")]
    assert day2 and all(d["held"] == 2 for d in day2), [(d["id"], d["held"]) for d in day2]
    late = [d for d in drafts if d["code"] == "VOTE-LATE"]
    assert late and all(d["held"] == 2 for d in late)
    words = [d for d in drafts if d["code"] == "LASTWORDS-RIGHT"]
    # (北风 is out: unsure — and since his vote-out is read, 北风 不在前 4 is no longer said)
    assert all(d["held"] is not None for d in words)
    # a per-post rule does not wait on the day's close (北风's own 发誓)
    assert all(d["held"] is None for d in drafts if d["code"] == "PHRASE-OATH")

    # auditor decide: refused, nothing recorded; --anyway records 仍然批准 in the note
    false = _find(night2, "LURK-DAY", "小鹿", 2)
    res = auditor("decide", "wugang.toml", str(false["id"]), "approve", cwd=night2.parent)
    assert res.returncode == 2, res.stdout + res.stderr
    assert "等第2天的问题答完再批" in res.stderr and "仍然批准" in res.stderr, res.stderr
    assert "延时" in res.stderr or "楼" in res.stderr, res.stderr
    assert "--anyway" in res.stderr and "pid" not in res.stderr, res.stderr  # review42 item 10
    g = load_game(night2)
    with Store(g.store) as store:
        assert not store.decision_history()
    # (rejecting a held draft is always allowed: no card comes of it)
    other = _find(night2, "LURK-NOVOTE", "小鹿", 2)
    res = auditor("decide", "wugang.toml", str(other["id"]), "reject", cwd=night2.parent)
    assert res.returncode == 0, res.stderr

    # the CSV import: an approval of a held draft is a row error, unless its note says so
    out = tmp_path / "d.csv"
    res = auditor("decisions", "export", "wugang.toml", str(out), cwd=night2.parent)
    assert res.returncode == 0, res.stderr
    rows = list(csv.reader(out.read_text("utf-8-sig").splitlines()))
    head = rows[0]
    for r in rows[1:]:
        if r and r[head.index(COLUMN_LABELS["id"])] == false["id"]:
            r[head.index(COLUMN_LABELS["decision"])] = "approve"
    edited = tmp_path / "e.csv"
    with edited.open("w", encoding="utf-8", newline="") as f:
        csv.writer(f).writerows(rows)
    res = auditor("decisions", "import", "wugang.toml", str(edited), cwd=night2.parent)
    assert res.returncode != 0 and "等第2天的问题答完再批" in res.stderr, res.stderr

    # the desk: no batch holds a day-2 lurk card; the held ones are grouped under their
    # day's questions, each with 仍然批准 and no plain 批准
    with desk_server(night2) as srv:
        s = requests.Session()
        page = s.get(f"{srv.base}/g/{srv.slug}/login", timeout=30)
        s.post(
            f"{srv.base}/g/{srv.slug}/login",
            data={"csrf": csrf(page.text), "director": "扫地僧", "password": PASSWORD},
            timeout=60,
        )
        html = s.get(f"{srv.base}/g/{srv.slug}", timeout=60).text
        batched = re.findall(r'name="items" value="([^"]+)"', html)
        held_ids = {str(d["id"]) for d in drafts if d["held"] is not None}
        assert not any(i.split(":")[0] in held_ids for b in batched for i in b.split(","))
        assert 'id="held"' in html and "等第2天的问题答完再批" in html
        section = html[html.index('id="held-day-2"') :]
        section = section[: section.index("</div>\n", section.index("held-questions"))]
        assert "5074" in section  # the 延时 post it waits on, with its text
        card = html[html.index(f'id="draft-{false["id"]}"') :]
        card = card[: card.index("</article>")]
        assert "仍然批准" in card and 'value="approve" class="approve"' not in card
        # a plain approval sent by hand is refused; 仍然批准 records it, said in its note
        form = {"csrf": csrf(html), "id": false["id"], "action": "approve", "rev": ""}
        said = s.post(f"{srv.base}/g/{srv.slug}/decide", data=form, timeout=60)
        assert any("等第2天的问题答完再批" in f for f in flashes(said.text)), flashes(said.text)
        said = s.post(f"{srv.base}/g/{srv.slug}/decide", data={**form, "anyway": "1"}, timeout=60)
    with Store(g.store) as store:
        rows_ = [dict(r) for r in store.decision_history()]
    approved = [r for r in rows_ if r["finding_id"] == false["id"]]
    assert approved and "仍然批准" in str(approved[-1]["note"]), rows_


def test_answered_days_offer_their_drafts_again(tmp_path: Path) -> None:
    """His answers (his answered game file, the posts he read dismissed as 不是公告): no
    day has a question, nothing is held, and only the true day-2 lurkers are offered."""
    folder = tmp_path / "wugang"
    fh42_unread(folder)
    game = folder / "wugang.toml"
    res = auditor("audit", "wugang.toml", cwd=folder)
    assert res.returncode in (0, 7), res.stderr
    held = [d for d in _drafts(game) if d["held"] == 2]
    assert {d["player"] for d in held if d["code"] == "LURK-DAY"} >= DAY2_FALSE
    # (1b) the audit line says how many of 待处理 wait, a quiet night's line too
    cards = [d for d in _drafts(game) if d["held"] is not None and not d["notice"]]
    waits = f"（其中 {len(cards)} 条等问题答完）"
    assert cards and waits in res.stdout + res.stderr, res.stdout + res.stderr
    again = auditor("audit", "wugang.toml", "--no-crawl", cwd=folder)
    assert again.returncode in (0, 7) and waits in again.stdout + again.stderr, again.stdout
    shutil.copy(FH42 / "answered.toml", game)
    # (his answers close the questions they answer — fh42 item 3: nothing to dismiss)
    res = auditor("audit", "wugang.toml", cwd=folder)
    assert res.returncode == 0, res.stdout + res.stderr
    drafts = _drafts(game)
    assert all(d["held"] is None for d in drafts)
    lurk2 = {d["player"] for d in drafts if d["code"] == "LURK-DAY" and d["day"] == 2}
    assert lurk2 == {"老猫", "北风", "七月"}, lurk2
    novote = {d["player"] for d in drafts if d["code"] == "LURK-NOVOTE" and d["day"] == 2}
    assert novote == {"豆豆"}
    ident = _find(game, "LURK-DAY", "老猫", 2)["id"]
    res = auditor("decide", "wugang.toml", str(ident), "approve", cwd=folder)
    assert res.returncode == 0, res.stderr
