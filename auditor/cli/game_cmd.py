"""`auditor game`: the game as the forum tells it — threads, days and events with their
sources, what was not taken and why, warnings — and ``--write`` to put the discovered items
into the game file (tomlkit keeps its comments and layout)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.table import Table

from auditor.cli.common import GameArg, command, handle_errors, open_game, open_store, out
from auditor.cli.console import escape
from auditor.game.confirm import EVENT_LABEL, HOW_LABEL, Proposal, ProposalError, parse_closes
from auditor.game.discover import KIND_LABEL, Discovery, write_discovered
from auditor.game.gamefile import DaySpec, Event, Game, ThreadSpec
from auditor.pipeline import confirm, crawled, pending


def _t(value: object) -> str:
    return value.strftime("%Y-%m-%d %H:%M:%S") if hasattr(value, "strftime") else "—"


def _crawled(game: Game) -> bool:
    """The game's store exists and holds a page or a post (a store made by a manual card
    or an import before any crawl has nothing discovered in it)."""
    if not game.store.exists():
        return False
    with open_store(game) as store:
        return crawled(store)


def show(disc: Discovery, game_path: Path, waiting: list[Proposal]) -> None:
    subjects = disc.subjects
    t = Table(title="帖子", title_justify="left")
    for col in ("tid", "标题", "类型", "天", "来源"):
        t.add_column(col)
    for s in disc.threads:
        spec = s.item
        assert isinstance(spec, ThreadSpec)
        t.add_row(
            str(spec.tid),
            escape(subjects.get(spec.tid, "")),
            KIND_LABEL[spec.kind],
            str(spec.day or "—"),
            escape(s.source),
        )
    out.print(t)
    if disc.unclassified or disc.candidates:
        t = Table(
            title=escape("没有采用的帖子（请导演确认；需要时写进 [[thread]]）"),
            title_justify="left",
        )
        for col in ("tid", "标题", "原因"):
            t.add_column(col)
        for listed in [*disc.unclassified, *disc.candidates]:
            t.add_row(str(listed.tid), escape(listed.subject), escape(listed.reason))
        out.print(t)
    t = Table(title="天", title_justify="left")
    for col in ("天", "开门", "关门（含）", "加速", "环节", "来源"):
        t.add_column(col)
    for s in disc.days:
        d = s.item
        assert isinstance(d, DaySpec)
        t.add_row(
            str(d.number),
            _t(d.opens),
            _t(d.closes),
            "是" if d.accelerated else "",
            "、".join(p.name for p in d.phases),
            escape(s.source),
        )
    out.print(t)
    t = Table(title="事件", title_justify="left")
    for col in ("事件", "玩家", "时间", "方式", "来源", "原文"):
        t.add_column(col)
    for s in disc.events:
        e = s.item
        assert isinstance(e, Event)
        how = HOW_LABEL.get(e.how or "", e.how or "")
        if e.until is not None:
            how = f"至 {_t(e.until)}"
        if e.value:
            how = f"{how} {e.value}".strip()
        t.add_row(
            EVENT_LABEL[e.type], escape(e.player), _t(e.at), escape(how), escape(s.source),
            escape(s.note),
        )  # fmt: skip
    out.print(t)
    for w in disc.warnings:
        out.print(f"[yellow]警告：[/]{escape(w)}", highlight=False)
    for p in waiting:
        if p.source in ("计票", "进程帖"):
            out.print(f"[cyan]提议：[/]{escape(p.describe())}（编号 {p.id}）", highlight=False)
    if waiting:
        t = Table(
            title=f"待确认（auditor game {game_path} --confirm 编号 [--player 玩家] [--day 天] [--closes 延时的新关门时间]）",
            title_justify="left",
        )
        for col in ("编号", "内容", "来源"):
            t.add_column(col, overflow="fold")
        for p in waiting:
            t.add_row(p.id, escape(p.describe(disc.subjects)), escape(p.source))
        out.print(t)
    pending = sum(len(disc.discovered(w)) for w in ("threads", "days", "events"))
    if pending:
        out.print(
            f"从论坛发现 {pending} 项（来源为 pid 或标题）。写进游戏文件：auditor game {escape(str(game_path))} --write",
            highlight=False,
            soft_wrap=True,
        )
    else:
        out.print("没有游戏文件之外的新发现。", highlight=False)


@command("game")
def game_cmd(
    game: GameArg,
    write: Annotated[
        bool, typer.Option("--write", help="把发现的帖子、天和事件写进游戏文件（保留注释）")
    ] = False,
    confirm_id: Annotated[
        str | None,
        typer.Option(
            "--confirm",
            help="确认一项待确认的提议（编号见列表），写进游戏文件并签上导演名",
            show_default=False,
        ),
    ] = None,
    player: Annotated[
        str | None, typer.Option("--player", help="与 --confirm 一起：更正事件的玩家")
    ] = None,
    day: Annotated[
        int | None, typer.Option("--day", help="与 --confirm 一起：更正事件或帖子的天")
    ] = None,
    by: Annotated[
        str | None,
        typer.Option("--by", help="与 --confirm 一起：确认的导演（默认 \\[game] decided_by）"),
    ] = None,
    closes: Annotated[
        str | None,
        typer.Option(
            "--closes",
            help="与 --confirm 一起：延时的新关门时间（如 2026-11-23T23:00，游戏的时区）",
            show_default=False,
        ),
    ] = None,
) -> None:
    """游戏状态：从论坛发现的帖子、天和事件，每项的来源（pid、标题或游戏文件）。

    游戏文件指定了 forum.board 和 game.tag 时，每次抓取都会从版块列表、导演的开帖和
    进程帖里读出帖子、日程和事件；游戏文件里写明的内容优先，不一致时给出警告。
    --write 把发现的内容追加到游戏文件（原有注释和格式保留）；--confirm 编号 只确认一项
    （可用 --player / --day 更正；延时要用 --closes 给出导演公示的新关门时间），与审计台的
    “确认”按钮相同。

    例：auditor game examples/sample/minimal.toml
    """
    with handle_errors():
        g = open_game(game)
        disc = g.discovery
        if not g.discovers:
            out.print("游戏文件没有指定 forum.board：帖子、天和事件都以游戏文件为准。")
            return
        if not isinstance(disc, Discovery) or not _crawled(g):
            if confirm_id is not None:
                raise ProposalError(
                    "这局还没有抓取过：没有待确认的提议（先运行 auditor crawl 或 audit）"
                )
            out.print(
                "这局还没有抓取过：先运行 auditor crawl（或 audit），再查看从论坛发现的内容。"
            )
            return
        with open_store(g) as store:
            if confirm_id is not None:
                done = confirm(
                    g,
                    store,
                    confirm_id,
                    by=by,
                    player=player,
                    day=day,
                    closes=parse_closes(closes) if closes is not None else None,
                )
                out.print(f"{escape(done.message)}（{escape(str(game))}）", highlight=False)
                return
            waiting = pending(g, store)  # with the tallies' proposals
        if write:
            written = write_discovered(g, disc)
            out.print(f"已写入 {escape(str(game))}：{written}", highlight=False, soft_wrap=True)
            return
        show(disc, game, waiting)
