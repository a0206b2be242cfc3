"""review42 items 8 and 10: a day's vote conflicts hold its drafts; approved cards of a day
that has a question since are marked; each place names its way to approve anyway.

The first-hour director's answered game (tests/desk/fh42/answered.toml) with one answer
changed: the game file says 石头 was voted out on day 2 where the tally (and his post) say
北风 — the tally's 计票 question is day 2's open question, as a misread ballot's
计票结果未定 would be.
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
from tests.desk_helpers import PASSWORD, auditor, csrf, desk_server, fh42_game, set_password

FH42 = paths.TESTS / "desk" / "fh42"
_READ = ("5002", "5003", "5046", "5047", "5074", "5092", "5094", "5095")


def _drafts(game: Path) -> tuple[list[dict[str, object]], list[dict[str, object]]]:
    from auditor import pipeline
    from auditor.report.records import build_records

    g = load_game(game)
    with Store(g.store) as store:
        recs = build_records(pipeline.current(g, store), store)
    return recs.drafts, recs.decided


def _conflicted(text: str) -> str:
    said = '[[event]] # 来源：计票；扫地僧 于 2026-12-06 21:57 确认\ntype = "eliminated"\nplayer = "北风"'
    assert said in text
    return text.replace(said, said.replace("北风", "石头"))


@pytest.fixture(scope="module")
def answered(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """His answered game, every post he read dismissed, 老猫's day-2 lurk card approved;
    then the file's day-2 vote-out changed (the question comes after the approval)."""
    folder = tmp_path_factory.mktemp("fh42c") / "wugang"
    fh42_game(folder)
    game = folder / "wugang.toml"
    shutil.copy(FH42 / "answered.toml", game)
    assert auditor("audit", "wugang.toml", cwd=folder).returncode in (0, 7)
    for pid in _READ:  # (those discovery still lists: since 6ccafe1 it reads them all)
        said = auditor("game", "wugang.toml", "--dismiss", pid, "--by", "扫地僧", cwd=folder)
        assert said.returncode == 0 or "不在未读懂的公告里" in said.stderr, said.stderr
    res = auditor("audit", "wugang.toml", cwd=folder)
    assert res.returncode == 0, res.stdout + res.stderr
    drafts, _ = _drafts(game)
    assert all(d["held"] is None for d in drafts)
    cat = next(
        d for d in drafts if d["code"] == "LURK-DAY" and d["player"] == "老猫" and d["day"] == 2
    )
    res = auditor("decide", "wugang.toml", str(cat["id"]), "approve", cwd=folder)
    assert res.returncode == 0, res.stderr
    game.write_text(_conflicted(game.read_text("utf-8")), "utf-8")
    auditor("audit", "wugang.toml", cwd=folder)
    set_password(game, "扫地僧")
    return game


def test_a_days_vote_conflict_holds_its_drafts(answered: Path) -> None:
    """Before: a 计票 conflict was no question (held.py read only unread posts and
    proposals): day 2's no-vote and lurk drafts offered for batch approval."""
    from auditor import pipeline

    g = load_game(answered)
    with Store(g.store) as store:
        asked = pipeline.open_questions(g, store)
    assert 2 in asked and any(q.kind == "conflict" for q in asked[2]), asked
    said = " ".join(q.text for q in asked[2])
    assert "计票待核对" in said and "[[" not in said and "pid" not in said, said
    drafts, _ = _drafts(answered)
    day2 = [d for d in drafts if d["day"] == 2 and d["code"] in ("LURK-DAY", "LURK-NOVOTE")]
    assert day2 and all(d["held"] == 2 for d in day2), [(d["id"], d["held"]) for d in day2]


def test_an_approved_card_of_a_day_asked_since_is_marked(answered: Path) -> None:
    _, decided = _drafts(answered)
    cat = next(x for x in decided if x["player"] == "老猫" and x["day"] == 2)
    assert cat["unsure"] == 2, cat
    with desk_server(answered) as srv:
        s = requests.Session()
        page = s.get(f"{srv.base}/g/{srv.slug}/login", timeout=30)
        s.post(
            f"{srv.base}/g/{srv.slug}/login",
            data={"csrf": csrf(page.text), "director": "扫地僧", "password": PASSWORD},
            timeout=60,
        )
        html = s.get(f"{srv.base}/g/{srv.slug}", timeout=60).text
    assert 'id="unsure-approved"' in html
    item = html[html.index(f'id="decided-{cat["id"]}"') :]
    item = item[: item.index("</li>")]
    assert "第2天现在有没答的问题，这张牌可能判错" in item, item
    assert re.search(r'<details id="approved"[^>]* open', html)


def test_each_place_names_its_way_to_approve_anyway(answered: Path, tmp_path: Path) -> None:
    """Before: every refusal said 选「仍然批准」 (the desk's button) — the CLI needs
    --anyway, the CSV the word in the note, and ``auditor review`` had no way at all."""
    folder = answered.parent
    drafts, _ = _drafts(answered)
    held = next(d for d in drafts if d["held"] == 2 and not d["notice"])
    res = auditor("decide", "wugang.toml", str(held["id"]), "approve", cwd=folder)
    assert res.returncode == 2 and "--anyway" in res.stderr, res.stderr
    assert "pid" not in res.stderr, res.stderr

    out = tmp_path / "d.csv"
    assert auditor("decisions", "export", "wugang.toml", str(out), cwd=folder).returncode == 0
    rows = list(csv.reader(out.read_text("utf-8-sig").splitlines()))
    head = rows[0]
    for r in rows[1:]:
        if r and r[head.index(COLUMN_LABELS["id"])] == held["id"]:
            r[head.index(COLUMN_LABELS["decision"])] = "approve"
    edited = tmp_path / "e.csv"
    with edited.open("w", encoding="utf-8", newline="") as f:
        csv.writer(f).writerows(rows)
    res = auditor("decisions", "import", "wugang.toml", str(edited), cwd=folder)
    assert res.returncode != 0 and "备注里写「仍然批准」" in res.stderr, res.stderr

    # auditor review: a held draft's approval asks 仍然批准？ — n keeps it, y records it
    from auditor.ledger.ledger import is_card_draft, load_ledger

    g = load_game(answered)
    with Store(g.store) as store:
        ids = [d.id for d in load_ledger(g, store).drafts if is_card_draft(d)]  # review's order
    at = ids.index(str(held["id"]))
    keys = "s\n" * at + "a\n\nn\nq\n"
    res = auditor("review", "wugang.toml", "--by", "扫地僧", cwd=folder, stdin=keys)
    assert "仍然批准？" in res.stdout + res.stderr, res.stdout + res.stderr
    assert "接着问的「仍然批准？」回答 y" in res.stderr, res.stderr
    with Store(g.store) as store:
        assert not [r for r in store.decision_history() if r["finding_id"] == held["id"]]
    keys = "s\n" * at + "a\n\ny\nq\n"
    res = auditor("review", "wugang.toml", "--by", "扫地僧", cwd=folder, stdin=keys)
    with Store(g.store) as store:
        rows_ = [dict(r) for r in store.decision_history() if r["finding_id"] == held["id"]]
    assert rows_ and "仍然批准" in str(rows_[-1]["note"]), res.stdout + res.stderr
