"""`auditor lexicon test` and `auditor lexicon lint`: the director's tools for lexicons."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer

from auditor.cli.common import (
    ChineseCommand,
    ChineseGroup,
    Format,
    FormatOpt,
    app,
    emit,
    err,
    handle_errors,
)
from auditor.rules.lexicon import DEFAULT_DIR, headers, load_path
from auditor.rules.matcher import Matcher, cached_matcher
from auditor.rules.phrases import categories_without_rule, rules_without_lexicon
from auditor.visible import visible

lexicon_app = typer.Typer(
    help="违禁词库：测试一句话会命中什么、检查词库文件。", no_args_is_help=True, cls=ChineseGroup
)
app.add_typer(lexicon_app, name="lexicon")

TEST_COLUMNS = [
    "line",
    "category",
    "entry",
    "start",
    "end",
    "matched_text",
    "how",
    "form",
    "source",
]
TEST_HEADERS = ["行", "类别", "词条", "起", "止", "命中原文", "如何找到", "匹配形式", "词库位置"]


EXPLAIN_COLUMNS = [*TEST_COLUMNS, "status", "why"]
EXPLAIN_HEADERS = [*TEST_HEADERS, "结果", "原因"]


def match_rows(matcher: Matcher, texts: list[str], explain: bool = False) -> list[dict[str, Any]]:
    """Every match of each line; with ``explain``, also every literal occurrence of a
    lexicon spelling that is no match (结果 不算, with the reason: the word boundary, an
    exception, a rule named …), in the order they occur in each line."""
    rows = []
    for n, text in enumerate(texts, 1):
        got = [(m, "命中", "") for m in matcher.find(text)]
        if explain:
            got += [(m, "不算", why) for m, why in matcher.explain(text)]
            got.sort(key=lambda x: (x[0].start, x[0].end))
        for m, status, why in got:
            row = {
                "line": n,
                "category": m.category,
                "entry": m.entry,
                "start": m.start,
                "end": m.end,
                "matched_text": m.text,
                "how": m.how_text,
                "form": m.form,
                "source": m.source,
            }
            rows.append({**row, "status": status, "why": why} if explain else row)
    return rows


@lexicon_app.command("test", cls=ChineseCommand)
def test_cmd(
    text: Annotated[str | None, typer.Argument(help="要测试的一句话")] = None,
    file: Annotated[
        Path | None, typer.Option("--file", help="逐行测试这个文件（UTF-8，一行一条）")
    ] = None,
    fmt: FormatOpt = Format.table,
    lexicon: Annotated[
        list[Path] | None,
        typer.Option("--lexicon", help="追加词库：文件、文件夹或 Discuz! 词语过滤导出（可重复）"),
    ] = None,
    no_default: Annotated[
        bool, typer.Option("--no-default", help="不用内置词库，只用 --lexicon")
    ] = False,
    explain: Annotated[
        bool,
        typer.Option(
            "--explain",
            help="也列出原文里出现了词条、却没有算命中的地方，和不算的原因（分词边界、例外……）",
        ),
    ] = False,
) -> None:
    """测试一句话（或文件里的每一行）会命中哪些违禁词，并说明怎么找到的。

    --explain 另外列出原文里出现了词条写法、却被词边界、例外、单字规则、规则提醒等挡掉的
    地方（结果“不算”），并在最后数出有几处。

    例：auditor lexicon test "卧~槽，这都行" --format csv

    例：auditor lexicon test "明天加速日，早点来" --explain
    """
    with handle_errors():
        if (text is None) == (file is None):
            err.print("错误：请给出一句话，或者用 --file 指定文件（二选一）")
            raise typer.Exit(2)
        if no_default and not lexicon:
            err.print("错误：--no-default 需要至少一个 --lexicon")
            raise typer.Exit(2)
        texts = (
            [text]
            if text is not None
            else (file.read_text("utf-8-sig").splitlines() if file else [])
        )
        matcher = cached_matcher([str(p) for p in lexicon or []], default=not no_default)
        rows = match_rows(matcher, texts, explain)
        cats = matcher.lexicon.categories
        if fmt is Format.table and not rows:
            err.print("没有命中。")  # (not an empty table above it)
            return
        emit(
            rows,
            EXPLAIN_COLUMNS if explain else TEST_COLUMNS,
            fmt,
            title="命中的违禁词" + ("与没有算命中的原文" if explain else ""),
            headers=EXPLAIN_HEADERS if explain else TEST_HEADERS,
            # the table names a category by its @title and a sentence pattern as such (its
            # regular expression is at 词库位置); CSV/JSON keep the code and the form
            shown={
                "category": lambda c: cats[c].title if c in cats and cats[c].title else c,
                "form": lambda f: "句式（正则，见词库位置）" if str(f).startswith("re:") else f,
            },
        )
        if explain:
            rejected = sum(r["status"] == "不算" for r in rows)
            err.print(f"命中 {len(rows) - rejected} 处；原文出现词条但没有算命中 {rejected} 处。")


@lexicon_app.command("lint", cls=ChineseCommand)
def lint_cmd(
    path: Annotated[
        Path | None, typer.Argument(help="词库文件或文件夹（默认：内置 lexicons/）")
    ] = None,
) -> None:
    """检查词库文件的格式，错误和警告都带行号；有错误时退出码为 1。

    没有对应规则（PHRASE-类别）的 @category 也是错误：它的词条永远不会被报告。

    例：auditor lexicon lint lexicons/
    """
    with handle_errors():
        lex = load_path(path or DEFAULT_DIR)
        problems = [*lex.problems, *categories_without_rule(lex)]
        if path is None or Path(path).resolve() == DEFAULT_DIR:
            problems += rules_without_lexicon(headers(DEFAULT_DIR))
        for p in problems:
            err.print(visible(str(p)), markup=False, highlight=False)
        errors = sum(p.level == "error" for p in problems)
        notes = sum(p.level == "note" for p in problems)
        said = f"，{notes} 条说明" if notes else ""
        err.print(f"检查完毕：{errors} 个错误，{len(problems) - errors - notes} 个警告{said}。")
        if errors:
            raise typer.Exit(1)
