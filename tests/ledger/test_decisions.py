"""Decisions: re-applied on every run, the CSV round trip, and an audit killed mid-run."""

from __future__ import annotations

import csv
import io
import os
import shutil
import signal
import subprocess
import sys
import threading
import time
from datetime import datetime
from pathlib import Path

import pytest

from auditor.game.gamefile import load_game
from auditor.ledger.decisions import (
    COLUMN_LABELS,
    DECISION_COLUMNS,
    TRAILER_MARK,
    DecisionError,
    decide,
    default_signer,
    export_decisions,
    import_decisions,
)
from auditor.ledger.ledger import load_ledger
from auditor.rules.engine import check
from auditor.store import Store
from tests import paths
from tests.forum_server import ForumServer, Response
from tests.ledger_helpers import HYPERLINK

REPO = paths.ROOT
BETWEEN = datetime.fromisoformat("2026-11-21T15:01:00+08:00")  # after 油条's first ghost post


#: The export's Chinese header back to the column names the tests use.
KEY_OF = {label: key for key, label in COLUMN_LABELS.items()}


def rows_of(path: Path, encoding: str = "utf-8-sig") -> list[dict[str, str]]:
    """The export's decision rows (without its closing #结束 row), by column name (the file's
    header is in Chinese: 编号, 规则, 玩家 …)."""
    read = list(csv.DictReader(io.StringIO(path.read_bytes().decode(encoding), newline="")))
    assert read and set(read[0]) <= set(KEY_OF), list(read[0])
    rows = [{KEY_OF[k]: v for k, v in r.items()} for r in read]
    assert rows[-1]["id"] == TRAILER_MARK and rows[-1]["code"] == str(len(rows) - 1)
    return rows[:-1]


def write_rows(
    path: Path,
    rows: list[dict[str, str]],
    encoding: str,
    *,
    trailer: bool = True,
    labels: bool = True,
) -> None:
    """``rows`` as a spreadsheet saves them (under the export's Chinese header; ``labels``
    False: the column names, as an earlier version exported them), closed by the export's
    #结束 row and count."""
    buf = io.StringIO()
    keys = list(rows[0])
    w = csv.writer(buf, lineterminator="\r\n")
    w.writerow([COLUMN_LABELS[k] if labels else k for k in keys])
    w.writerows([[r.get(k, "") for k in keys] for r in rows])
    if trailer:
        end = {"id": TRAILER_MARK, "code": str(len(rows))}
        w.writerow([end.get(k, "") for k in keys])
    path.write_bytes(buf.getvalue().encode(encoding))


def test_decisions_survive_a_rerun(hostile) -> None:  # type: ignore[no-untyped-def]
    game, store, now = hostile
    drafts = load_ledger(game, store).drafts
    ghosts = [d for d in drafts if d.code == "GHOST-POST"]
    assert len(ghosts) == 4
    # decided at 15:01, between the first ghost post (15:00) and the others (15:05…)
    decide(game, store, ghosts[0].id, "approve", by="副导演", at=BETWEEN)
    decide(game, store, ghosts[1].id, "reject", note="是遗言")
    check(game, store, now=now)  # the next run finds the same problems again
    led = load_ledger(game, store)
    ids = {d.id for d in led.drafts}
    assert ghosts[0].id not in ids and ghosts[1].id not in ids
    assert {d.id: d.suggested for d in led.drafts if d.code == "GHOST-POST"} == {
        ghosts[2].id: "yellow",
        ghosts[3].id: "yellow",
    }  # same kind after an approved blue
    assert led.standing("油条").standing.blue == 1  # type: ignore[union-attr]
    hist = store.decision_history(ghosts[0].fingerprint)
    # approved as suggested: no card stored, the ledger resolves it (blue)
    assert [(h["decision"], h["card"], h["suggested"], h["decided_by"]) for h in hist] == [
        ("approve", None, "blue", "副导演")
    ]
    # without --by and without [game] decided_by: the OS user name (or 导演), never empty
    signer = store.decision_history(ghosts[1].fingerprint)[0]["decided_by"]
    assert signer == default_signer(game) and signer


def test_csv_round_trip_gb18030_and_neutralised_cells(hostile, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    game, store, _ = hostile
    out = tmp_path / "decisions.csv"
    n = export_decisions(game, store, out)
    assert out.read_bytes().startswith(b"\xef\xbb\xbf")
    rows = rows_of(out)
    assert len(rows) == n == len(load_ledger(game, store).drafts)
    assert list(rows[0])[: len(DECISION_COLUMNS)] == list(DECISION_COLUMNS)
    hyper = next(r for r in rows if r["excerpt"] == "'" + HYPERLINK and r["code"] == "GHOST-POST")
    lurk = next(r for r in rows if r["code"] == "LURK-DAY")
    # The director edits in WPS on Chinese Windows: Chinese words, GBK file, and a note that
    # the spreadsheet shows neutralised.
    hyper.update(decision="批准", card="黄", note="'" + HYPERLINK)
    lurk.update(decision="驳回", note="请假，导演同意")
    gbk = tmp_path / "decisions-gbk.csv"
    write_rows(gbk, rows, "gb18030")
    with pytest.raises(UnicodeDecodeError):
        gbk.read_bytes().decode("utf-8")
    res = import_decisions(game, store, gbk, by="导演")
    assert (res.applied, res.unchanged) == (2, 0)
    current = store.current_decisions()
    hyper_fp = store.find_decidable(hyper["id"])["fingerprint"]  # type: ignore[index]
    assert current[hyper_fp]["card"] == "yellow"
    assert current[hyper_fp]["note"] == HYPERLINK  # the neutralisation is undone
    assert current[store.find_decidable(lurk["id"])["fingerprint"]]["decision"] == "reject"  # type: ignore[index]

    # Export again: both decided rows come back, the note neutralised again; importing the
    # unchanged file records nothing new.
    again = tmp_path / "again.csv"
    export_decisions(game, store, again)
    back = {r["id"]: r for r in rows_of(again)}
    assert back[hyper["id"]]["decision"] == "批准" and back[hyper["id"]]["note"] == "'" + HYPERLINK
    before = len(store.decision_history())
    res = import_decisions(game, store, again)
    assert res.applied == 0 and res.unchanged == 2
    assert len(store.decision_history()) == before
    # plain UTF-8 without BOM is accepted too
    plain = tmp_path / "plain.csv"
    plain.write_bytes(again.read_bytes()[3:])
    assert import_decisions(game, store, plain).unchanged == 2


def test_bad_rows_are_rejected_with_line_numbers_and_nothing_applied(
    hostile, tmp_path: Path
) -> None:  # type: ignore[no-untyped-def]
    game, store, _ = hostile
    out = tmp_path / "d.csv"
    export_decisions(game, store, out)
    rows = rows_of(out)
    rows[0].update(decision="approve")  # fine
    rows[1].update(decision="maybe")  # line 3
    rows[2].update(decision="approve", card="purple")  # line 4
    rows[3].update(id="FNOSUCHID1", decision="reject")  # line 5
    rows[4].update(decision="approve", player="别人")  # line 6
    write_rows(out, rows, "utf-8-sig")
    with pytest.raises(DecisionError) as exc:
        import_decisions(game, store, out)
    msg = str(exc.value)
    for line in (3, 4, 5, 6):
        assert f"第 {line} 行" in msg
    assert "第 2 行" not in msg
    assert store.decision_history() == []  # nothing half-applied

    wrong = tmp_path / "wrong.csv"
    wrong.write_text("编号,决定\nF1,approve\n", encoding="utf-8")
    with pytest.raises(DecisionError, match="第 1 行的列"):
        import_decisions(game, store, wrong)


def test_every_kind_of_bad_row_is_named_in_file_order(hostile, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """Each row's problem in the directors' words, one line each, in the file's order; a
    row with no problem of its own is not listed, and nothing is applied."""
    game, store, _ = hostile
    out = tmp_path / "d.csv"
    export_decisions(game, store, out)
    rows = rows_of(out)
    first = rows[0]["id"]
    rows[0].update(decision="approve")  # line 2: fine
    rows[1].update(id="", decision="reject")  # line 3
    rows[2].update(id=first, decision="reject")  # line 4
    rows[3].update(decision="", note="写了备注")  # line 5
    rows[4].update(decision="", card="黄")  # line 6
    rows[5].update(decision="reject", note="长" * 501)  # line 7
    rows[6].update(decision="")  # line 8: left undecided
    write_rows(out, rows, "utf-8-sig")
    with pytest.raises(DecisionError) as exc:
        import_decisions(game, store, out)
    assert str(exc.value).splitlines()[1:] == [
        "第 3 行：缺少编号",
        f"第 4 行：编号 {first} 与第 2 行重复",
        "第 5 行：填了牌或备注，但“决定”是空的",
        "第 6 行：填了牌或备注，但“决定”是空的",
        "第 7 行：备注最长 500 字（现在 501 字）：请写短一些",
    ]
    assert store.decision_history() == []


# --------------------------------------------------------------------------- killed audit


def _serve_sample(server: ForumServer, pages: Path, slow: threading.Event) -> str:
    """Serve the sample's desktop pages; the day-3 discussion thread's page 2 hangs while
    ``slow`` is set (the audit is killed while waiting for it)."""
    slow_path = "forum.php?mod=viewthread&tid=105&page=2"
    for f in sorted(pages.glob("thread-*-p*.html")):
        tid, page = f.stem.removeprefix("thread-").split("-p")
        path = f"forum.php?mod=viewthread&tid={tid}&page={page}"
        body = f.read_bytes()
        if path == slow_path:

            def hang(_req: object, body: bytes = body) -> Response:
                while slow.is_set():
                    time.sleep(0.05)
                return Response(200, body)

            server.route(path, hang)
        else:
            server.route(path, body)
    return slow_path


def _audit(game: Path, reports: Path) -> subprocess.Popen[str]:
    env = {**os.environ, "PYTHONPATH": str(REPO), "COLUMNS": "200"}
    return subprocess.Popen(
        [sys.executable, "-m", "auditor", "audit", str(game), "--reports", str(reports), "-q"],
        cwd=game.parent,
        env=env,
        text=True,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )


def test_audit_killed_mid_run_then_the_next_run_completes(tmp_path: Path) -> None:
    sample = tmp_path / "sample"
    shutil.copytree(
        REPO / "examples" / "sample", sample, ignore=shutil.ignore_patterns("*.sqlite*", "*.lock")
    )
    slow = threading.Event()
    with ForumServer(edition=None) as server:
        slow_path = _serve_sample(server, sample / "pages", slow)
        text = (sample / "game.toml").read_text("utf-8")
        text = text.replace('pages = "pages/"', f'url = "{server.base_url}"\napi = false')
        text = text.replace("delay = 1.0", "delay = 0.0")
        (sample / "game.toml").write_text(text, "utf-8")
        game_path = sample / "game.toml"
        reports = tmp_path / "reports"

        first = _audit(game_path, reports)
        stdout, stderr = first.communicate(timeout=120)
        assert first.returncode == 0, stderr
        assert "新帖 207" in stdout

        game = load_game(game_path)
        with Store(game.store) as store:
            led = load_ledger(game, store)
            approved, rejected = led.drafts[0], led.drafts[1]
            decide(game, store, approved.id, "approve", card="red", note="恶意诈尸")
            decide(game, store, rejected.id, "reject", note="误判")

        # Second audit: --full refetches every page; kill it while it waits for one.
        slow.set()
        server.clear_log()
        env = {**os.environ, "PYTHONPATH": str(REPO)}
        killed = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "auditor",
                "audit",
                str(game_path),
                "--full",
                "--reports",
                str(reports),
                "-q",
            ],
            cwd=sample,
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        deadline = time.monotonic() + 60
        while not server.requests_for("/" + slow_path) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert server.requests_for("/" + slow_path), "the audit never reached the slow page"
        killed.send_signal(signal.SIGKILL)
        killed.wait(timeout=30)
        assert killed.returncode == -signal.SIGKILL
        slow.clear()

        third = _audit(game_path, reports)
        stdout, stderr = third.communicate(timeout=120)
        assert third.returncode == 0, stderr
        assert "审计完成" in stdout

    with Store(game.store) as store:
        statuses = [(r["command"], r["status"]) for r in store.runs()]
        assert ("crawl", "interrupted") in statuses  # the killed run, marked by the next one
        assert statuses[-1] == ("audit", "ok")
        led = load_ledger(game, store)
        assert approved.id not in {d.id for d in led.drafts}
        assert rejected.id not in {d.id for d in led.drafts}
        st = led.standing(approved.player)
        assert st is not None and st.standing.red == 1
        assert store.post_count() == 207
    game_dir = reports / game.slug
    assert not [p for p in game_dir.iterdir() if p.name.startswith(".tmp-")]
    assert len([p for p in game_dir.iterdir() if p.name[0].isdigit()]) == 2


# --------------------------------------------------------------------------- CLI


def test_review_interactive_keys_from_stdin(hostile) -> None:  # type: ignore[no-untyped-def]
    from typer.testing import CliRunner

    from auditor.cli import app

    game, store, _ = hostile
    drafts = load_ledger(game, store).drafts
    n = len(drafts)
    # 1st: approve (no note); 2nd: reject with a note; 3rd: an unknown key, then recolour to
    # red (confirmed: y); 4th: skip; then quit.
    keys = "a\n\nr\n请过假\nx\nc\nr\ny\n恶意\ns\nq\n"
    res = CliRunner().invoke(app, ["review", str(game.path), "--by", "副导演"], input=keys)
    assert res.exit_code == 0, res.output
    assert "请输入 a、r、c、s 或 q" in res.output
    assert f"剩余待处理 {n - 3} 条" in res.output
    current = store.current_decisions()
    got = [
        (
            current[d.fingerprint]["decision"],
            current[d.fingerprint]["card"],
            current[d.fingerprint]["note"],
            current[d.fingerprint]["source"],
            current[d.fingerprint]["decided_by"],
        )
        for d in drafts[:3]
    ]
    assert got == [
        ("approve", None, "", "review", "副导演"),  # as suggested: the policy's card
        ("reject", None, "请过假", "review", "副导演"),
        ("approve", "red", "恶意", "review", "副导演"),
    ]
    assert drafts[3].fingerprint not in current


def test_decide_card_and_ledger_commands(hostile) -> None:  # type: ignore[no-untyped-def]
    from typer.testing import CliRunner

    from auditor.cli import app

    game, store, _ = hostile
    runner = CliRunner()
    ghost = next(d for d in load_ledger(game, store).drafts if d.code == "GHOST-POST")
    res = runner.invoke(
        app, ["decide", str(game.path), ghost.id, "approve", "--card", "黄", "--note", "诈尸"]
    )
    assert res.exit_code == 0, res.output
    assert f"已批准 {ghost.id}：油条 黄牌" in res.output
    # the report on disk predates the decision: say how to bring it up to date
    assert f"运行 auditor report {game.path} 重新生成" in res.output
    bad = runner.invoke(app, ["decide", str(game.path), "FNOTANID00", "approve"])
    assert bad.exit_code == 2 and "找不到编号" in bad.output
    # an id typed with 0, 1 or 8 for its O, I or B (base32 has none of those digits), lower case
    typo = str.maketrans("OIB", "018")
    odd = next(d for d in load_ledger(game, store).drafts if d.id[1:] != d.id[1:].translate(typo))
    typed = odd.id[0] + odd.id[1:].translate(typo).lower()
    res = runner.invoke(app, ["decide", str(game.path), typed, "reject", "--note", "看错了"])
    assert res.exit_code == 0, res.output
    assert f"已驳回 {odd.id}" in res.output
    res = runner.invoke(app, ["decide", str(game.path), odd.id, "undo"])
    assert res.exit_code == 0, res.output
    bad = runner.invoke(app, ["decide", str(game.path), ghost.id, "perhaps"])
    assert bad.exit_code == 2 and "未知的决定" in bad.output
    res = runner.invoke(
        app,
        [
            "card",
            str(game.path),
            "馄饨",
            "--card",
            "yellow",
            "--reason",
            "超时未交夜间行动",
            "--day",
            "1",
        ],
    )
    assert res.exit_code == 0, res.output
    same = ["card", str(game.path), "馄饨", "--card", "yellow", "--reason", "超时未交夜间行动"]
    twice = runner.invoke(app, [*same, "--day", "1"])  # (the command run twice)
    assert twice.exit_code == 2 and "已有一张同样的牌" in twice.output and "--again" in twice.output
    other_day = runner.invoke(app, [*same, "--day", "2"])  # (another day: another offence)
    assert other_day.exit_code == 0, other_day.output
    res = runner.invoke(app, [*same, "--day", "2", "--again"])
    assert res.exit_code == 0, res.output
    bad = runner.invoke(app, ["card", str(game.path), "路人", "--card", "yellow", "--reason", "x"])
    assert bad.exit_code == 2 and "不是本局的玩家" in bad.output
    res = runner.invoke(app, ["ledger", str(game.path), "--format", "csv"])
    assert res.exit_code == 0, res.output
    rows = list(csv.DictReader(io.StringIO(res.stdout)))
    assert list(rows[0])[:6] == ["player", "blue", "yellow", "red", "sent_off", "pending"]
    by_player = {r["player"]: r for r in rows}
    assert by_player["油条"]["yellow"] == "1"
    # 馄饨's three yellows (day 1, day 2 and day 2 again) make a red (三黄合一红)
    huntun = by_player["馄饨"]
    assert (huntun["raw_yellow"], huntun["yellow"], huntun["red"]) == ("3", "0", "1")
    assert not res.stdout.startswith("\ufeff")  # stdout csv stays plain


def test_import_applies_rows_in_order_so_a_repeat_escalates(hostile, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    game, store, _ = hostile
    out = tmp_path / "d.csv"
    export_decisions(game, store, out)
    rows = rows_of(out)
    ghosts = [r for r in rows if r["code"] == "GHOST-POST"]
    assert [r["suggested_card"] for r in ghosts] == ["蓝牌"] * 4  # nothing approved yet
    ghosts[0]["decision"] = ghosts[1]["decision"] = "approve"  # no card: follow the policy
    write_rows(out, rows, "utf-8-sig")
    assert import_decisions(game, store, out).applied == 2
    current = store.current_decisions()
    fps = [store.find_decidable(r["id"])["fingerprint"] for r in ghosts]  # type: ignore[index]
    assert [current[fp]["card"] for fp in fps[:2]] == [None, None]  # the policy's card
    # Both posts were written before either card: no escalation inside one import (判罚后
    # 再犯才升级), two blues; the next ghost post is still blue (posted before the import).
    led = load_ledger(game, store)
    assert [c.card for c in led.cards] == ["blue", "blue"]
    assert led.draft(fps[2]).suggested == "blue"  # type: ignore[union-attr]


def test_import_builds_one_ledger_per_recorded_row_and_reads_the_store_once(
    hostile, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:  # type: ignore[no-untyped-def]
    """Issue 16: ledger work proportional to the drafts that changed.  An import used to
    build the ledger three times per row (and read every finding three times)."""
    import auditor.ledger.decisions as decisions_module
    import auditor.ledger.ledger as ledger_module

    game, store, _ = hostile
    out = tmp_path / "d.csv"
    export_decisions(game, store, out)
    rows = rows_of(out)
    assert len(rows) >= 6
    for r in rows[:4]:
        r["decision"] = "reject"
    write_rows(out, rows, "utf-8-sig")
    built: list[int] = []
    reads: list[int] = []
    real_build, real_inputs = ledger_module.build_ledger, ledger_module.ledger_inputs

    def counting_build(*args, **kwargs):  # type: ignore[no-untyped-def]
        built.append(1)
        return real_build(*args, **kwargs)

    def counting_inputs(*args, **kwargs):  # type: ignore[no-untyped-def]
        reads.append(1)
        return real_inputs(*args, **kwargs)

    monkeypatch.setattr(decisions_module, "build_ledger", counting_build)
    monkeypatch.setattr(decisions_module, "ledger_inputs", counting_inputs)
    assert import_decisions(game, store, out).applied == 4
    assert len(reads) == 1  # the findings, decisions and manual cards are read once
    assert len(built) <= 4  # one ledger per recorded row (each sees the rows before it)
    assert len(load_ledger(game, store).decided) == 4


# --------------------------------------------------------------------------- review fixes


def _ghost_rows(path: Path) -> tuple[list[dict[str, str]], list[dict[str, str]]]:
    rows = rows_of(path)
    return rows, [r for r in rows if r["code"] == "GHOST-POST"]


def test_export_has_a_rev_column_after_the_twelve(hostile, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    game, store, _ = hostile
    ghost = next(d for d in load_ledger(game, store).drafts if d.code == "GHOST-POST")
    decide(game, store, ghost.id, "approve", by="导演")
    out = tmp_path / "d.csv"
    export_decisions(game, store, out)
    rows = rows_of(out)
    assert list(rows[0])[:13] == [*DECISION_COLUMNS, "rev"]
    row = next(r for r in rows if r["id"] == ghost.id)
    assert row["rev"] == str(store.current_decisions()[ghost.fingerprint]["id"])
    assert {r["rev"] for r in rows if r["decision"] == ""} == {""}


def test_the_export_speaks_chinese_and_an_earlier_english_header_still_imports(
    hostile, tmp_path: Path
) -> None:  # type: ignore[no-untyped-def]
    """Directors open the file in Excel or WPS: a Chinese header and the decisions and cards
    in their words (批准, 蓝牌); an export of an earlier version (column names, approve,
    blue) still imports."""
    game, store, _ = hostile
    ghost = next(d for d in load_ledger(game, store).drafts if d.code == "GHOST-POST")
    decide(game, store, ghost.id, "approve", card="yellow", by="导演")
    out = tmp_path / "d.csv"
    export_decisions(game, store, out)
    header = out.read_text("utf-8-sig").splitlines()[0]
    assert header.startswith("编号,规则,玩家,天,帖子pid,摘录,建议的牌,决定,改判的牌,备注,决定人")
    assert not any(c.isascii() and c.isalpha() for c in header.replace("pid", "")), header
    row = next(r for r in rows_of(out) if r["id"] == ghost.id)
    assert (row["decision"], row["card"]) == ("批准", "黄牌")
    rows = rows_of(out)
    for r in rows:  # (as an earlier version wrote them)
        r["decision"] = {"批准": "approve", "驳回": "reject"}.get(r["decision"], r["decision"])
        r["card"] = {"黄牌": "yellow"}.get(r["card"], r["card"])
    other = next(r for r in rows if r["decision"] == "" and r["code"] == "GHOST-POST")
    other["decision"] = "reject"
    write_rows(out, rows, "utf-8-sig", labels=False)
    assert import_decisions(game, store, out, by="导演").applied == 1


def test_old_export_cannot_overturn_a_later_decision(hostile, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    # Fix 1: 导演 exports, approves a ghost post in the sheet; meanwhile 副导演 rejects that
    # draft and then changes another one.  The stale rows are refused, nothing is applied.
    game, store, _ = hostile
    ghost = next(d for d in load_ledger(game, store).drafts if d.code == "GHOST-POST")
    lurk = next(d for d in load_ledger(game, store).drafts if d.code == "LURK-DAY")
    decide(game, store, lurk.id, "approve", by="导演")
    out = tmp_path / "d.csv"
    export_decisions(game, store, out)
    decide(game, store, ghost.id, "reject", by="副导演", note="是遗言")
    decide(game, store, lurk.id, "reject", by="副导演", note="请过假")
    rows = rows_of(out)
    lines = {r["id"]: i + 2 for i, r in enumerate(rows)}
    for r in rows:
        if r["id"] == ghost.id:
            r["decision"] = "approve"
        if r["code"] == "GHOST-POST" and r["id"] != ghost.id and r["decision"] == "":
            r["decision"] = "reject"  # a fine row: must not be applied either
    write_rows(out, rows, "utf-8-sig")
    before = len(store.decision_history())
    with pytest.raises(DecisionError) as exc:
        import_decisions(game, store, out, by="导演")
    msg = str(exc.value)
    assert f"第 {lines[ghost.id]} 行：{ghost.id} 在导出后已被 副导演 改为 驳回，请重新导出" in msg
    # the untouched lurk row (approve, as exported) is no conflict: the file did not change
    # it, and it does not overturn 副导演's reject either
    assert lurk.id not in msg
    assert len(store.decision_history()) == before
    assert store.current_decisions()[ghost.fingerprint]["decision"] == "reject"

    # Without the conflicting row, the file imports: the untouched lurk row stays 副导演's,
    # the other rows are applied (the whole file was once refused for a row it never touched)
    for r in rows:
        if r["id"] == ghost.id:  # (back as exported: undecided)
            r["decision"] = r["card"] = r["note"] = ""
    write_rows(out, rows, "utf-8-sig")
    res = import_decisions(game, store, out, by="导演")
    assert res.theirs == 1 and res.applied >= 1
    assert store.current_decisions()[lurk.fingerprint]["decision"] == "reject"
    assert store.current_decisions()[ghost.fingerprint]["decision"] == "reject"

    # A fresh export imports fine, and rows equal to the current decision are unchanged.
    fresh = tmp_path / "fresh.csv"
    export_decisions(game, store, fresh)
    assert import_decisions(game, store, fresh).applied == 0


def test_old_csv_without_rev_is_refused(hostile, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    game, store, _ = hostile
    out = tmp_path / "d.csv"
    export_decisions(game, store, out)
    rows = [{k: v for k, v in r.items() if k in DECISION_COLUMNS} for r in rows_of(out)]
    rows[0]["decision"] = "approve"
    write_rows(out, rows, "utf-8-sig")
    with pytest.raises(DecisionError, match="rev"):
        import_decisions(game, store, out)
    assert store.decision_history() == []


def test_a_changed_decision_is_signed_by_the_importer(hostile, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    # Fix 3: the decided_by cell still says who decided before; the change is the importer's.
    game, store, _ = hostile
    ghosts = [d for d in load_ledger(game, store).drafts if d.code == "GHOST-POST"]
    for g in ghosts[:3]:
        decide(game, store, g.id, "approve", by="副导演")
    out = tmp_path / "d.csv"
    export_decisions(game, store, out)
    rows = rows_of(out)
    by_id = {r["id"]: r for r in rows}
    by_id[ghosts[0].id].update(decision="reject", note="是遗言")  # cell still says 副导演
    by_id[ghosts[1].id].update(decision="reject", decided_by="三号导演")  # typed a new name
    write_rows(out, rows, "utf-8-sig")
    assert import_decisions(game, store, out, by="导演").applied == 2
    cur = store.current_decisions()
    assert cur[ghosts[0].fingerprint]["decided_by"] == "导演"
    assert cur[ghosts[1].fingerprint]["decided_by"] == "三号导演"
    assert cur[ghosts[2].fingerprint]["decided_by"] == "副导演"  # untouched
    # without --by: the game file's (absent here) or the default signer
    by_id[ghosts[2].id].update(decision="reject", rev=str(cur[ghosts[2].fingerprint]["id"]))
    by_id[ghosts[0].id].update(rev=str(cur[ghosts[0].fingerprint]["id"]), decided_by="导演")
    by_id[ghosts[1].id].update(rev=str(cur[ghosts[1].fingerprint]["id"]), decided_by="三号导演")
    write_rows(out, rows, "utf-8-sig")
    assert import_decisions(game, store, out).applied == 1
    assert store.current_decisions()[ghosts[2].fingerprint]["decided_by"] == default_signer(game)


def test_blank_card_with_a_changed_suggestion_is_an_error(hostile, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    # Fix 10: the sheet said 蓝牌; since the export a blue decided before this post makes it a
    # yellow.  Approving with a blank card must not silently give the yellow.
    game, store, _ = hostile
    ghosts = [d for d in load_ledger(game, store).drafts if d.code == "GHOST-POST"]
    out = tmp_path / "d.csv"
    export_decisions(game, store, out)
    decide(game, store, ghosts[0].id, "approve", by="副导演", at=BETWEEN)
    rows = rows_of(out)
    line = next(i + 2 for i, r in enumerate(rows) if r["id"] == ghosts[1].id)
    rows[line - 2]["decision"] = "approve"
    assert rows[line - 2]["suggested_card"] == "蓝牌"
    write_rows(out, rows, "utf-8-sig")
    with pytest.raises(DecisionError, match=f"第 {line} 行：{ghosts[1].id} 的建议已从蓝牌变为黄牌"):
        import_decisions(game, store, out)
    rows[line - 2]["card"] = "蓝"  # the director says which card: fine
    write_rows(out, rows, "utf-8-sig")
    assert import_decisions(game, store, out).applied == 1
    assert store.current_decisions()[ghosts[1].fingerprint]["card"] == "blue"


def test_undo_on_a_manual_card_is_refused(hostile) -> None:  # type: ignore[no-untyped-def]
    # Fix 11: a manual card has no draft to go back to; `undo` used to say 已撤销 and keep it.
    from typer.testing import CliRunner

    from auditor.cli import app
    from auditor.ledger.decisions import add_card

    game, store, _ = hostile
    mid = add_card(game, store, "馄饨", "yellow", "超时", day=1)
    with pytest.raises(DecisionError, match="手动牌请用 reject 撤销"):
        decide(game, store, mid, "undo")
    res = CliRunner().invoke(app, ["decide", str(game.path), mid, "undo"])
    assert res.exit_code == 2 and "手动牌请用 reject 撤销" in res.output
    assert load_ledger(game, store).standing("馄饨").standing.yellow == 1  # type: ignore[union-attr]


def test_a_file_still_being_saved_is_refused_whole(hostile, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """Issue 13, item 5: a CSV cut mid-row (Excel still saving it) applied the rows before
    the cut; now the file is read once, checked complete, and refused with nothing applied."""
    game, store, _ = hostile
    out = tmp_path / "d.csv"
    export_decisions(game, store, out)
    rows = rows_of(out)
    assert len(rows) >= 4
    for r in rows:
        r.update(decision="reject", note="请过假")
    full = tmp_path / "full.csv"
    write_rows(full, rows, "utf-8-sig")
    data = full.read_bytes()
    lines = data.split(b"\r\n")
    keep = len(lines) // 2
    # the first half of the rows, then half of the next row: a save caught mid-way
    cut = b"\r\n".join(lines[:keep]) + b"\r\n" + lines[keep][: lines[keep].index(b",") + 1]
    partial = tmp_path / "partial.csv"
    partial.write_bytes(cut)
    with pytest.raises(DecisionError) as exc:
        import_decisions(game, store, partial, by="导演")
    assert f"第 {keep + 1} 行不完整" in str(exc.value) and "保存" in str(exc.value)
    assert store.decision_history() == []  # no row of the half-saved file was applied
    res = import_decisions(game, store, full, by="导演")  # the finished save applies whole
    assert res.applied == len(rows)


def test_a_file_cut_at_a_row_boundary_is_refused(hostile, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """Issue 13, item 5: a save caught exactly between two rows parses cleanly; the export's
    closing #结束 row with its row count tells it from the whole file."""
    game, store, _ = hostile
    out = tmp_path / "d.csv"
    n = export_decisions(game, store, out)
    data = out.read_bytes()
    assert data.rstrip(b"\r\n").split(b"\r\n")[-1].startswith(f"{TRAILER_MARK},{n},".encode())
    rows = rows_of(out)
    for r in rows:
        r.update(decision="reject", note="请过假")
    full = tmp_path / "full.csv"
    write_rows(full, rows, "utf-8-sig")
    lines = full.read_bytes().split(b"\r\n")
    keep = len(lines) // 2
    cut = tmp_path / "cut.csv"
    cut.write_bytes(b"\r\n".join(lines[:keep]) + b"\r\n")  # whole rows, no trailer
    with pytest.raises(DecisionError) as exc:
        import_decisions(game, store, cut, by="导演")
    assert "没有结束行" in str(exc.value) and "没有保存完" in str(exc.value)
    assert store.decision_history() == []
    # the closing row sorted into the middle by the spreadsheet, then the save cut short:
    # the count it carries no longer matches
    moved = [*lines[:2], lines[-2], *lines[2:keep]]
    cut.write_bytes(b"\r\n".join(moved) + b"\r\n")
    with pytest.raises(DecisionError) as exc:
        import_decisions(game, store, cut, by="导演")
    assert f"说导出了 {n} 行，文件里有 {keep - 1} 行" in str(exc.value)
    assert store.decision_history() == []
    # sorted but whole: fine
    whole = [lines[0], lines[-2], *lines[1:-2]]
    cut.write_bytes(b"\r\n".join(whole) + b"\r\n")
    assert import_decisions(game, store, cut, by="导演").applied == n


def test_an_export_of_an_older_version_is_refused_with_export_again(
    hostile, tmp_path: Path
) -> None:  # type: ignore[no-untyped-def]
    """An export without the closing row (older versions wrote none) cannot be told from a
    cut file: refused, saying to export again."""
    game, store, _ = hostile
    out = tmp_path / "d.csv"
    export_decisions(game, store, out)
    rows = rows_of(out)
    rows[0]["decision"] = "reject"
    write_rows(out, rows, "utf-8-sig", trailer=False)
    with pytest.raises(DecisionError) as exc:
        import_decisions(game, store, out, by="导演")
    assert "旧版本导出" in str(exc.value) and "重新运行 auditor decisions export" in str(exc.value)
    assert store.decision_history() == []


def test_a_notice_approved_without_a_colour_reads_as_read_not_approved() -> None:
    """A notice (提醒导演 / 不处罚) approved with no card given is 知悉, never 批准, in the
    history and in the message's 之前/现在."""
    from auditor.ledger.decisions import state_text

    for notice in ("warning", "none"):  # (提醒导演, 不处罚)
        said = state_text("approve", None, notice)
        assert said.startswith("知悉") and "批准" not in said, said
        assert state_text("reject", None, notice) == "关闭提醒"
    assert state_text("approve", None, "yellow") == "批准"  # (a card: unchanged)
