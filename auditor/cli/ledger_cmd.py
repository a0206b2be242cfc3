"""`auditor decide`, `review`, `decisions export|import`, `card`, `ledger` and `report`:
the director's side of the card ledger, and the report written from the store."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.panel import Panel
from rich.text import Text

from auditor import pipeline
from auditor.cli.common import (
    ChineseCommand,
    ChineseGroup,
    Format,
    FormatOpt,
    GameArg,
    app,
    command,
    emit,
    err,
    handle_errors,
    open_game,
    open_store,
    out,
)
from auditor.cli.console import escape
from auditor.game.gamefile import Game
from auditor.game.schedule import Schedule
from auditor.ledger.decisions import (
    DECIDABLE_CARDS,
    DecisionError,
    DuplicateCardError,
    Recorded,
    add_card,
    default_signer,
    describe,
    export_decisions,
    import_decisions,
    parse_card,
    parse_decision,
)
from auditor.ledger.held import ANYWAY, HeldError
from auditor.ledger.ledger import LEDGER_COLUMNS, Draft, Ledger, is_card_draft, load_ledger
from auditor.ledger.policy import card_name
from auditor.report.findings import finding_day, titled_codes
from auditor.report.labels import plain_note
from auditor.report.records import post_time, standing_records
from auditor.rules.engine import ruleset_for
from auditor.rules.registry import REGISTRY
from auditor.rules.ruleset import own_citation
from auditor.store import Store
from auditor.visible import visible

ByOpt = Annotated[
    str | None,
    typer.Option(
        "--by",
        help="哪位导演做的决定（必须是游戏文件 \\[game] directors 里的名字；默认 \\[game] "
        "decided_by，只有一位导演时就是他）",
    ),
]
NoteOpt = Annotated[str, typer.Option("--note", help="备注（例如判罚理由或驳回原因）")]
ReportsOpt = Annotated[Path, typer.Option("--reports", help="报告目录（默认 ./reports）")]

decisions_app = typer.Typer(
    help="导出/导入导演决定（CSV，可用 Excel/WPS 编辑）。", no_args_is_help=True, cls=ChineseGroup
)
app.add_typer(decisions_app, name="decisions")


def _card_option(value: str | None) -> str | None:
    if value is None:
        return None
    card = parse_card(value)
    if card is None:
        raise DecisionError(f"未知的牌 {value!r}：可用 {', '.join(DECIDABLE_CARDS)}（或 蓝/黄/红）")
    return card


@command("decide")
def decide_cmd(
    game: GameArg,
    ident: Annotated[
        str,
        typer.Argument(
            help="草稿编号（auditor ledger 表格下方、auditor findings 和报告中的 F…/M…）",
            show_default=False,
        ),
    ],
    decision: Annotated[
        str, typer.Argument(help="approve 批准 | reject 驳回 | undo 撤销决定", show_default=False)
    ],
    card: Annotated[
        str | None, typer.Option("--card", help="改判为 blue | yellow | red（默认按建议）")
    ] = None,
    note: NoteOpt = "",
    by: ByOpt = None,
    anyway: Annotated[
        bool,
        typer.Option(
            "--anyway",
            help="仍然批准：这张牌所在的那一天还有没答的问题（未读懂的公告、待确认的提议、"
            "待核对的计票）时，"
            "默认不让批准；确实要批准时加上它（会记在备注里）",
        ),
    ] = False,
) -> None:
    """批准或驳回一条牌单草稿（可改判颜色、写备注）；决定永久保存，每次运行都会重新应用。

    那一天还有没答的问题时（未读懂的公告、待确认的关门时间、延时或出局、待核对的计票），那天的潜水、
    未投票、截止后投票和遗言草稿先不让批准：先回答问题，或加 --anyway 仍然批准。

    例：auditor decide examples/sample/game.toml FVTWTXQBCS approve --card yellow --note 再犯
    """
    with handle_errors():
        g = open_game(game)
        word = parse_decision(decision)
        if word is None:
            raise DecisionError(
                f"未知的决定 {decision!r}：应为 approve（批准）、reject（驳回）或 undo（撤销）"
            )
        with open_store(g, existing="记录决定") as store:
            rec = pipeline.decide(
                g, store, ident, word, card=_card_option(card), note=note, by=by, anyway=anyway
            )
        err.print(escape(describe(rec)), highlight=False)
        err.print(escape(_report_hint(game)), highlight=False)


def _review_decide(
    g: Game, store: Store, ident: str, key: str, card: str | None, note: str, by: str | None
) -> Recorded | None:
    """One decision of ``auditor review``; a held draft's approval is refused and said,
    then asked once more: 仍然批准？ y records it so (its note says 仍然批准), anything else
    nothing (None: nothing recorded, the review goes on)."""
    asked = pipeline.open_questions(g, store)
    action = "reject" if key == "r" else "approve"
    try:
        return pipeline.decide(
            g, store, ident, action, card=card, note=note, by=by, source="review", questions=asked
        )
    except HeldError as exc:
        err.print(escape(str(exc)), highlight=False)
    answer = str(typer.prompt(f"{ANYWAY}？y/N", default="n", show_default=False))
    if answer.strip().lower() not in (*_YES, ANYWAY):
        err.print("没有记录：这一条仍是草稿，等问题答完再批。")
        return None
    return pipeline.decide(
        g,
        store,
        ident,
        action,
        card=card,
        note=note,
        by=by,
        source="review",
        questions=asked,
        anyway=True,
    )


@command("card")
def card_cmd(
    game: GameArg,
    player: Annotated[str, typer.Argument(help="玩家", show_default=False)],
    card: Annotated[str, typer.Option("--card", help="blue | yellow | red（或 substitute 替补）")],
    reason: Annotated[
        str, typer.Option("--reason", help="判罚理由（例如：超时未交夜间行动、作弊）")
    ],
    day: Annotated[int | None, typer.Option("--day", help="哪一天的违规")] = None,
    kind: Annotated[str | None, typer.Option("--kind", help="违规类别（同类再犯升级用）")] = None,
    by: ByOpt = None,
    again: Annotated[
        bool,
        typer.Option(
            "--again", help="同一玩家、同一颜色、同一理由和天数的牌已有一张时，仍再加一张"
        ),
    ] = False,
) -> None:
    """添加一张规则没有发现的牌（导演判罚：超时、作弊等），立即生效。

    例：auditor card examples/sample/game.toml 饺子 --card yellow --reason 超时未交夜间行动 --day 2
    """
    with handle_errors():
        g = open_game(game)
        with open_store(g) as store:  # (a card may come before the first crawl)
            chosen = _card_option(card)
            assert chosen is not None
            try:
                at = pipeline.game_now(
                    g, store
                )  # one clock: the decisions' (a pages game's newest page)
                mid = add_card(
                    g, store, player, chosen, reason, day=day, kind=kind, by=by, again=again, at=at
                )
            except DuplicateCardError as exc:
                raise DuplicateCardError(f"{exc}：确实是又一次违规时，请加 --again") from None
        err.print(
            escape(
                f"已添加 {mid}：{player} {card_name(chosen)}（{reason}）。"
                f"撤销：auditor decide {game} {mid} reject"
            ),
            highlight=False,
        )


@command("ledger")
def ledger_cmd(game: GameArg, fmt: FormatOpt = Format.table) -> None:
    """牌面：每名玩家已批准的牌（三蓝合一黄、三黄合一红、红牌罚下）和待处理的草稿数，
    表格下方列出待处理的草稿和编号（auditor decide 用的编号）。

    例：auditor ledger examples/sample/game.toml --format csv
    """
    with handle_errors():
        g = open_game(game)
        with open_store(g, existing="查看牌面") as store:
            led = load_ledger(g, store)
        rows = standing_records(g, led)
        columns = [*LEDGER_COLUMNS, "raw_blue", "raw_yellow", "raw_red", "actions"]
        if fmt is Format.table:  # for people: 罚下 是 or empty (machine formats keep 0/1)
            rows = [{**r, "sent_off": "是" if r["sent_off"] else ""} for r in rows]
        emit(
            rows,
            columns if fmt is not Format.table else LEDGER_COLUMNS,
            fmt,
            title="牌面",
            headers=["玩家", "蓝", "黄", "红", "罚下", "待处理"],
        )
        if fmt is Format.table:
            for w in led.warnings:
                err.print(f"[yellow]注意：[/]{escape(w.message)}", highlight=False)
            if led.drafts:
                # the ids `decide` needs (its help sends the director here); the day the
                # report shows (last words: their thread's day)
                schedule = Schedule(g, ruleset_for(g).settings["night_posts"])
                emit(
                    [
                        {
                            "id": d.id,
                            "player": d.player,
                            "code": _title(d.code),
                            "day": finding_day(g, schedule, d.day, d.tid, d.player),
                            "suggested": card_name(d.suggested),
                            "excerpt": d.excerpt[:40],
                        }
                        for d in led.drafts
                    ],
                    ["id", "player", "code", "day", "suggested", "excerpt"],
                    fmt,
                    title="待处理的草稿",
                    headers=["编号", "玩家", "规则", "天", "建议", "摘录"],
                )
                other = (
                    f"（另有不处罚/提醒导演 {led.other_pending} 条）" if led.other_pending else ""
                )
                err.print(
                    escape(
                        f"待处理的牌 {led.pending} 条{other}：逐条审阅 auditor review {game}，"
                        f"或 auditor decide {game} 编号 approve|reject"
                    ),
                    highlight=False,
                )


def _title(code: str) -> str:
    """A rule's Chinese title for a director's table (the code: in the CSV and --format json)."""
    rule = REGISTRY.get(code)
    return rule.title if rule else code


def _show_draft(d: Draft, index: int, total: int, game: Game, label: str = "") -> None:
    # (forum text as rich Text, not markup: its control characters written out here)
    body = Text()
    # the rule in Chinese with its seed clause (its code is a developer's: the CSV has it)
    rule = REGISTRY.get(d.code)
    body.append(visible(f"{d.player}  {rule.title if rule else d.code}"), style="bold")
    # the day the report shows (last words: their thread's day)
    day = finding_day(
        game, Schedule(game, ruleset_for(game).settings["night_posts"]), d.day, d.tid, d.player
    )
    if day is not None:
        body.append(f"  第{day}天")
    if d.floor:
        body.append(f"  {d.floor}楼 (pid {d.pid})")
    if d.posted_at:
        body.append(f"  {post_time(d.posted_at, game)}")
    body.append("\n")
    excerpt = Text(visible(d.excerpt))
    for m in d.matches:
        excerpt.highlight_words([visible(m)], style="bold reverse")
    body.append_text(excerpt)
    seed = own_citation(rule.seed, ruleset_for(game)) if rule else ""
    if seed:
        body.append(visible(f"\n依据：{seed}"))
    body.append(visible(f"\n建议：{card_name(d.suggested)} — {titled_codes(d.reason)}"))
    if d.note and plain_note(d.note):  # (measurements only a developer reads: the CSV)
        body.append("\n" + visible(plain_note(d.note)))
    title = f"[{label}{' ' if label else ''}{index}/{total}] {d.id}"
    out.print(Panel(body, title=escape(title), title_align="left"))


# typer's prompt raises its own Abort (typer vendors click).
_ABORTS = (typer.Abort,)


def _ask(
    text: str,
    keys: tuple[str, ...],
    again: str,
    default: str | None = None,
    aliases: dict[str, str] | None = None,
) -> str:
    """Prompt until one of ``keys`` (or an alias of one) is typed; anything else gets
    ``again`` (in Chinese)."""
    while True:
        if default is not None:
            key = str(typer.prompt(text, default=default, show_default=False))
        else:
            key = str(typer.prompt(text))
        key = key.strip().lower()
        key = (aliases or {}).get(key, key)
        if key in keys:
            return key
        err.print(again)


REVIEW_KEYS = (
    "按键：a 批准（按建议的牌），r 驳回，c 改判颜色（b/y/r、blue/yellow/red 或 蓝/黄/红），"
    "s 跳过，q 退出；批准、驳回或改判后再输入备注（回车跳过）；红牌要再确认一次（y/N）；"
    "那一天还有没答的问题的牌（等问题答完再批）批准时再问一次「仍然批准？」（y 才记录）。"
    "每个决定立即保存。"
)
_ACTION_WORDS = {
    "批准": "a",
    "approve": "a",
    "驳回": "r",
    "reject": "r",
    "改判": "c",
    "跳过": "s",
    "skip": "s",
    "退出": "q",
    "quit": "q",
}
_COLOUR_WORDS = {w: w for w in ("blue", "yellow", "red")}
for _word in ("b", "蓝", "蓝牌", "蓝色", "y", "黄", "黄牌", "黄色", "r", "红", "红牌", "红色"):
    _COLOUR_WORDS[_word] = parse_card(_word.removesuffix("色")) or _word
_YES = ("y", "yes", "是", "确认", "确定")


def _confirm_red(player: str) -> bool:
    """A red card sends the player off: ask once more (default no)."""
    answer = str(
        typer.prompt(f"确认判红牌（{player} 将被罚下）？y/N", default="n", show_default=False)
    )
    return answer.strip().lower() in _YES


@command("review")
def review_cmd(game: GameArg, by: ByOpt = None) -> None:
    """逐条审阅牌单草稿：a 批准，r 驳回，c 改判颜色，s 跳过，q 退出（已做的决定立即保存）。

    按键：a 批准（按建议的牌）；r 驳回（这条不会再作为草稿出现）；c 改判颜色，再输入
    b/y/r、blue/yellow/red 或 蓝/黄/红（蓝牌、黄牌、红牌也可以）；s 跳过（回车默认跳过）；
    q 退出。批准、驳回或改判后会再问一次备注（回车跳过）。判红牌（建议的或改判的）要再
    确认一次，输入 y 才记录，否则不记录、重新显示这一条。那一天还有没答的问题的牌
    （等问题答完再批）批准时会说明在等哪个问题，再问一次「仍然批准？」，输入 y 才记录
    （备注里写上仍然批准）。

    例：auditor review examples/sample/game.toml
    """
    with handle_errors():
        g = open_game(game)
        with open_store(g, existing="审阅草稿") as store:
            drafts = load_ledger(g, store).drafts
            # what needs a decision; 不处罚 / 提醒导演 are notices, shown after, not stepped
            ids = [d.id for d in drafts if is_card_draft(d)]
            notices = [d for d in drafts if not is_card_draft(d)]
            if not ids:
                err.print("没有待处理的草稿。")
                _show_notices(notices, g, game)
                return
            done = 0
            try:
                by = _reviewer(g, by)
                err.print(escape(REVIEW_KEYS), highlight=False)
                for i, ident in enumerate(ids, start=1):
                    # suggestions change as cards are approved
                    d = load_ledger(g, store).draft(ident)
                    if d is None:
                        continue
                    card: str | None = None
                    while True:
                        _show_draft(d, i, len(ids), g)
                        key = _ask(
                            "a 批准 / r 驳回 / c 改判 / s 跳过 / q 退出",
                            ("a", "r", "c", "s", "q"),
                            "请输入 a、r、c、s 或 q。",
                            default="s",
                            aliases=_ACTION_WORDS,
                        )
                        if key not in ("a", "c"):
                            break
                        card = None
                        if key == "c":
                            card = _ask(
                                "改判为 b 蓝 / y 黄 / r 红",
                                ("blue", "yellow", "red"),
                                "请输入 b、y 或 r（也可以 blue/yellow/red 或 蓝/黄/红）。",
                                aliases=_COLOUR_WORDS,
                            )
                        if (card or d.suggested) != "red" or _confirm_red(d.player):
                            break
                        err.print("没有记录：这一条仍是草稿。")
                    if key == "q":
                        break
                    if key == "s":
                        continue
                    note = typer.prompt("备注（回车跳过）", default="", show_default=False)
                    rec = _review_decide(g, store, ident, key, card, note, by)
                    if rec is None:
                        continue
                    err.print(escape(describe(rec)), highlight=False)
                    done += 1
            except _ABORTS:  # end of input or Ctrl-D: what was decided is kept
                err.print(
                    f"\n输入结束。本次审阅做出 {done} 个决定，{_left(load_ledger(g, store))}。"
                )
                raise typer.Exit(130) from None
            left = _left(load_ledger(g, store))
        err.print(f"本次审阅做出 {done} 个决定，{left}。")
        _show_notices(notices, g, game)
        if done:
            err.print(escape(_report_hint(game)), highlight=False)


def _show_notices(notices: list[Draft], game: Game, path: Path) -> None:
    """The notices (不处罚 / 提醒导演) after the review: to read, no decision asked."""
    if not notices:
        return
    err.print(
        escape(
            f"另有 {len(notices)} 条提醒（规则集不出牌，只请导演看一眼，不用决定）；"
            f"看过后可以在审计台点「知道了」，或 auditor decide {path} 编号 approve："
        ),
        highlight=False,
    )
    for i, d in enumerate(notices, start=1):
        _show_draft(d, i, len(notices), game, label="提醒")


def _report_hint(game: Path) -> str:
    """Said after a decision on the command line: the HTML report on disk was written
    before it (the desk rewrites its report itself; the command line does not guess which
    reports folder the director uses)."""
    return f"已生成的报告不会自动更新：运行 auditor report {game} 重新生成（审计台会自动更新）。"


def _reviewer(game: Game, by: str | None) -> str:
    """Who signs this review: ``--by``, ``decided_by`` or the game's only director (checked
    against the directors), else asked once — the only place a name is asked for."""
    if (by and by.strip()) or game.decided_by or len(game.directors) == 1:
        return default_signer(game, by)
    default_signer(game, game.directors[0] if game.directors else None)  # no directors: error
    names = "、".join(game.directors)
    while True:
        name = str(typer.prompt(f"请输入你的导演名（{names}）")).strip()
        try:
            return default_signer(game, name)
        except DecisionError as exc:
            err.print(escape(str(exc)), highlight=False)


def _left(led: Ledger) -> str:
    other = f"（另有不处罚/提醒导演 {led.other_pending} 条）" if led.other_pending else ""
    return f"剩余待处理 {led.pending} 条{other}"


@decisions_app.command("export", cls=ChineseCommand)
def decisions_export(
    game: GameArg,
    file: Annotated[Path, typer.Argument(help="要写出的 CSV 文件", show_default=False)],
) -> None:
    """导出草稿和已有决定为 CSV（UTF-8 带 BOM，可直接用 Excel/WPS 打开编辑）。

    在 decision 列填 approve/批准 或 reject/驳回，card 列可改判（blue/yellow/red 或 蓝/黄/红），
    note 列写备注，保存后用 auditor decisions import 导入。decided_at 是论坛当地时间（带时区），
    只供查看：导入时不读这一列。

    例：auditor decisions export examples/sample/game.toml decisions.csv
    """
    with handle_errors():
        g = open_game(game)
        with open_store(g, existing="导出决定") as store:
            n = export_decisions(g, store, file)
        err.print(escape(f"已导出 {n} 行到 {file}。"), highlight=False)


@decisions_app.command("import", cls=ChineseCommand)
def decisions_import(
    game: GameArg,
    file: Annotated[
        Path,
        typer.Argument(help="编辑过的 CSV（UTF-8、UTF-8 BOM 或 GBK/GB18030）", show_default=False),
    ],
    by: ByOpt = None,
) -> None:
    """导入编辑过的决定 CSV：全部行都正确才导入，否则列出出错的行号，一行也不导入。

    例：auditor decisions import examples/sample/game.toml decisions.csv
    """
    with handle_errors():
        g = open_game(game)
        with open_store(g, existing="导入决定") as store:
            asked = pipeline.open_questions(g, store)  # a held draft: 仍然批准 in its note
            res = import_decisions(g, store, file, by=by, questions=asked)
        theirs = (
            f"；另一位导演在导出后改过、这份文件没有改的 {res.theirs} 行保留他的决定"
            if res.theirs
            else ""
        )
        err.print(
            f"已导入 {res.applied} 个决定（未改变 {res.unchanged}，未填写 {res.blank}{theirs}）。"
        )


@command("report")
def report_cmd(
    game: GameArg,
    reports: ReportsOpt = Path("reports"),
    new_store: Annotated[
        bool,
        typer.Option(
            "--new-store",
            help="报告目录是另一个数据库（原来那个）的报告时，仍为这个新的数据库写报告",
        ),
    ] = False,
) -> None:
    """从本地数据库生成报告（不抓取、不重新检查）：report.html、CSV 和公告 BBCode。

    例：auditor report examples/sample/game.toml --reports reports
    """
    with handle_errors():
        g = open_game(game)
        with open_store(g, lock=True, existing="生成报告") as store:
            pipeline.require_crawled(g, store, action="生成报告")
            written = pipeline.report(g, store, reports, workbook=True, new_store=new_store)
        out.print(str(written.directory / "report.html"), highlight=False, soft_wrap=True)
        err.print(f"报告已写出：{written.directory}（最新：{written.latest}）", highlight=False)
