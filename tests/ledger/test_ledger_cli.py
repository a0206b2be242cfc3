"""Review fixes for the director's commands: review at end of input, the ledger table,
the audit line, and user data printed literally (no rich markup from names or cells)."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from auditor.cli import app
from auditor.game.gamefile import load_game
from auditor.ledger.decisions import add_card
from auditor.ledger.ledger import load_ledger
from auditor.store import Store
from tests.ledger_helpers import make_game


def test_review_at_end_of_input_keeps_decisions_and_exits_130(hostile) -> None:  # type: ignore[no-untyped-def]
    game, store, _ = hostile
    drafts = load_ledger(game, store).drafts
    # approve the first (empty note), then the input ends in the middle of the second
    res = CliRunner().invoke(app, ["review", str(game.path), "--by", "导演"], input="a\n\n")
    assert res.exit_code == 130, res.output
    assert "Aborted" not in res.output
    assert f"本次审阅做出 1 个决定，剩余待处理 {len(drafts) - 1} 条" in res.output
    assert store.current_decisions()[drafts[0].fingerprint]["decision"] == "approve"


def test_review_bad_recolour_key_reprompts_in_chinese(hostile) -> None:  # type: ignore[no-untyped-def]
    game, store, _ = hostile
    drafts = load_ledger(game, store).drafts
    res = CliRunner().invoke(app, ["review", str(game.path)], input="c\npurple\ny\n\nq\n")
    assert res.exit_code == 0, res.output
    assert "请输入 b、y 或 r" in res.output
    assert store.current_decisions()[drafts[0].fingerprint]["card"] == "yellow"


def _markup_game(tmp_path: Path):  # type: ignore[no-untyped-def]
    game = make_game(tmp_path)
    text = game.path.read_text("utf-8").replace('"汤圆"', '"[red]汤圆[/red]"')
    game.path.write_text(text, "utf-8")
    return load_game(game.path)


def test_ledger_table_says_yes_for_sent_off_and_prints_names_literally(tmp_path: Path) -> None:
    game = _markup_game(tmp_path)
    runner = CliRunner()
    res = runner.invoke(
        app,
        [
            "card",
            str(game.path),
            "[red]汤圆[/red]",
            "--card",
            "red",
            "--reason",
            "[bold]作弊[/bold]",
        ],
        env={"COLUMNS": "200"},
    )
    assert res.exit_code == 0, res.output
    assert "[red]汤圆[/red] 红牌（[bold]作弊[/bold]）" in res.output
    res = runner.invoke(app, ["ledger", str(game.path)], env={"COLUMNS": "200"})
    assert res.exit_code == 0, res.output
    row = next(line for line in res.output.splitlines() if "汤圆" in line and "│" in line)
    assert "[red]汤圆[/red]" in row
    cells = [c.strip() for c in row.strip("│ ").split("│")]
    assert cells[4] == "是"  # 罚下
    other = next(line for line in res.output.splitlines() if "饺子" in line and "│" in line)
    assert [c.strip() for c in other.strip("│ ").split("│")][4] == ""
    assert "注意：[red]汤圆[/red] 累计红牌" in res.output  # the warning, literally
    # machine formats keep 0/1
    csv_out = runner.invoke(app, ["ledger", str(game.path), "--format", "csv"])
    assert "[red]汤圆[/red],0,0,1,1," in csv_out.stdout


def test_import_errors_print_cells_literally(tmp_path: Path) -> None:
    game = make_game(tmp_path)
    bad = tmp_path / "d.csv"
    cols = (
        "id,code,player,day,pid,excerpt,suggested_card,decision,card,note,decided_by,decided_at,rev"
    )
    rows = (
        "F1,X,饺子,1,,,blue,[bold]maybe[/bold],,,,,\n#结束,1,,,,,,,,,,,\n"  # with the closing row
    )
    bad.write_text(cols + "\n" + rows, encoding="utf-8")
    with Store(game.store):
        pass
    res = CliRunner().invoke(
        app, ["decisions", "import", str(game.path), str(bad)], env={"COLUMNS": "200"}
    )
    assert res.exit_code == 2, res.output
    assert "[bold]maybe[/bold]" in res.output


def test_audit_line_counts_non_card_drafts_apart() -> None:
    from auditor.pipeline import AuditResult

    r = AuditResult(new_posts=3, new_drafts=2, pending=5, other_pending=4)
    line = r.line()
    assert "待处理 5" in line and "不处罚/提醒导演 4" in line


def test_manual_card_ids_in_ledger_help(tmp_path: Path) -> None:
    game = make_game(tmp_path)
    with Store(game.store) as store:
        mid = add_card(game, store, "饺子", "blue", "超时", day=1)
    res = CliRunner().invoke(app, ["decide", str(game.path), mid, "undo"])
    assert res.exit_code == 2 and "手动牌请用 reject 撤销" in res.output


def test_review_headers_name_the_rule_in_chinese_without_its_code(hostile) -> None:  # type: ignore[no-untyped-def]
    """`auditor review` showed FONT-RED / PHRASE-OATH beside the rule's title: a code is a
    developer's word (the CSV keeps it)."""
    game, store, _ = hostile
    drafts = load_ledger(game, store).drafts
    res = CliRunner().invoke(app, ["review", str(game.path)], input="q\n")
    assert res.exit_code == 0, res.output
    assert drafts and drafts[0].code not in res.output, res.output[:800]
