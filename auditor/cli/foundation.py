"""`auditor init`, `auditor crawl` and `auditor posts` (the per-player view directors call 电梯)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from auditor import pipeline
from auditor.cli.common import (
    Format,
    FormatOpt,
    GameArg,
    check_choice,
    command,
    emit,
    err,
    handle_errors,
    open_game,
    open_store,
    player_choices,
    tick,
)
from auditor.cli.console import CrawlBar, escape, print_crawl_summary
from auditor.files import WriteError, write_atomic
from auditor.forum.crawl import CrawlReport
from auditor.game.gamefile import Game, template_for
from auditor.models import Post
from auditor.rules.engine import build_context, place_posts, ruleset_for

if TYPE_CHECKING:
    from auditor.rules.base import GamePost
    from auditor.store import StoredPost

POST_COLUMNS = [
    "tid",
    "pid",
    "floor",
    "author",
    "author_uid",
    "posted_at",
    "edited",
    "hidden",
    "text",
    "day",
    "time_approximate",
    "deleted",
]


@command
def init(
    path: Annotated[
        Path,
        typer.Argument(
            help="新游戏文件的名字或路径，例如 m107.toml（已有这个文件时不覆盖）",
            show_default=False,
            metavar="文件名",  # (said in the usage and in 缺少参数 文件名, not PATH)
        ),
    ],
    force: Annotated[bool, typer.Option("--force", help="覆盖已存在的文件")] = False,
) -> None:
    """写出一个带注释的游戏文件模板（再用文本编辑器填写标签、论坛地址、版块和玩家）。

    例：auditor init m107.toml
    """
    if path.exists() and not force:
        err.print(f"错误：{escape(str(path))} 已存在（用 --force 覆盖）", highlight=False)
        raise typer.Exit(2)
    if not path.parent.is_dir():
        err.print(
            f"错误：目录 {escape(str(path.parent))} 不存在，无法写出 {escape(path.name)}"
            "（请先创建目录，或换一个路径）",
            highlight=False,
        )
        raise typer.Exit(2)
    try:
        write_atomic(path, template_for(path))
    except WriteError as exc:
        err.print(f"错误：{escape(str(exc))}", highlight=False)
        raise typer.Exit(exc.exit_code) from None
    err.print(
        f"已写出游戏文件模板：{escape(str(path))}。用文本编辑器改这几项就够了："
        "[game] name、ruleset 和 tag（每个游戏帖标题都带的标签）、[forum] url（论坛地址）"
        "和 board（版块）、[players] names（玩家）。帖子、每天的开关门时间和出局由审计从论坛读出，"
        "不用写；读不出的会在审计台「待确认」里问你。",
        highlight=False,
    )


def run_crawl(game_path: Path, *, full: bool, quiet: bool = False) -> CrawlReport:
    """Crawl under the game's run lock, with a progress bar."""
    game = open_game(game_path)
    with open_store(game, lock=True) as store:
        bar = CrawlBar(quiet=quiet)
        try:
            return pipeline.crawl(game, store, full=full, progress=bar)
        finally:
            bar.stop()


@command("crawl")
def crawl_cmd(
    game: GameArg,
    full: Annotated[
        bool, typer.Option("--full", help="重新抓取所有页面（默认只抓取最后一页及之后的新页面）")
    ] = False,
) -> None:
    """抓取游戏的所有帖子到本地数据库（增量）。

    配置了版块（\\[forum] board）时，先读版块列表：回复数和最后发表时间都没变的帖子不抓取，
    有新回复的帖子从已保存的最后一页抓起；讨论日关门不到 refetch_hours（默认 48 小时）的帖子
    从第一页重新抓取（编辑、删帖、屏蔽都发生在前面的页面上，版块列表看不出来）。没有版块列表
    时，每个帖子抓取已保存的最后一页及之后的新页面，讨论日还没关门或关门不到 refetch_hours
    的帖子从第一页重新抓取。--full 重新抓取所有页面。

    例：auditor crawl examples/sample/game.toml
    """
    with handle_errors():
        report = run_crawl(game, full=full)
        print_crawl_summary(report)
        if not report.ok:
            raise typer.Exit(1)


@command
def posts(
    game: GameArg,
    day: Annotated[int | None, typer.Option("--day", help="只看第 N 天")] = None,
    player: Annotated[str | None, typer.Option("--player", help="只看这名玩家（电梯）")] = None,
    thread: Annotated[int | None, typer.Option("--thread", help="只看这个主题（tid）")] = None,
    pid: Annotated[
        int | None, typer.Option("--pid", help="只看这一楼（pid，例如 auditor game 写的来源）")
    ] = None,
    deleted: Annotated[
        bool, typer.Option("--deleted", help="也列出已被删除的帖子（保存的最后内容）")
    ] = False,
    versions: Annotated[
        bool,
        typer.Option("--versions", help="也列出被修改或屏蔽之前保存的每个版本（每版一行）"),
    ] = False,
    fmt: FormatOpt = Format.table,
) -> None:
    """列出已抓取的帖子（电梯）：可按天、玩家、帖子筛选。

    被删除的帖子默认不列出（--deleted 列出）；被修改、被屏蔽的帖子在 --versions 下
    逐版列出以前保存的内容（version、seen_at 两列是版本号和首次抓到该版本的时间）。

    例：auditor posts examples/sample/game.toml --player 饺子 --day 1
        auditor posts examples/sample/game.toml --pid 1198 --versions
    """
    with handle_errors():
        g = open_game(game)
        with open_store(g, existing="列出帖子") as store:
            if day is not None:
                check_choice(day, [d.number for d in g.days], option="--day", what="这一天")
            if thread is not None:
                check_choice(thread, [t.tid for t in g.threads], option="--thread", what="主题")
            if player is not None:
                check_choice(player, player_choices(g, store), option="--player", what="这个人")
            ctx = build_context(g, store)
            stored = store.posts(tz=g.timezone, include_deleted=True)
            current = {sp.post.pid: sp.version for sp in stored}
            placed = ctx.posts
            gone = pid is not None and any(sp.deleted for sp in stored if sp.post.pid == pid)
            if deleted or gone:  # (a deleted post asked for by its pid is shown, and said)
                placed = place_posts(g, ctx.schedule, stored, ruleset_for(g))
            rows: list[dict[str, Any]] = []
            for gp in placed:
                p = gp.post
                if not _wanted(gp, day, player, thread, pid):
                    continue
                history = store.versions(p.pid, g.timezone) if versions and p.pid else []
                version = current.get(p.pid)
                seen_now = None
                for number, seen_at, old in history:
                    if number == version:  # the current version: its own row below
                        seen_now = forum_time(seen_at, g)
                        continue
                    rows.append(_post_row(old, gp.day, gp.deleted, number, forum_time(seen_at, g)))
                rows.append(_post_row(p, gp.day, gp.deleted, version, seen_now))
            if pid is not None:
                _say_what_became_of(pid, stored, placed, rows)
        if fmt is Format.table:
            # (for people: six columns that fit a terminal, the flags in words; the other
            # columns are in --format csv / json)
            emit(
                [_post_line(r, versions) for r in rows],
                ["tid", "floor", "author", "when", "marks", "text"],
                fmt,
                title="帖子",
                headers=["主题", "楼层", "作者", "时间", "标记", "内容"],
            )
            return
        emit(
            rows,
            [*POST_COLUMNS, "version", "seen_at"],
            fmt,
            title="帖子",
            headers=[
                "主题",
                "pid",
                "楼层",
                "作者",
                "uid",
                "时间",
                "编辑",
                "屏蔽",
                "内容",
                "天",
                "时间近似",
                "已删除",
                "版本",
                "抓到该版本",
            ],
            shown={c: tick for c in ("edited", "hidden", "time_approximate", "deleted")},
        )


def _wanted(
    gp: GamePost, day: int | None, player: str | None, thread: int | None, pid: int | None
) -> bool:
    """Whether ``auditor posts``' filters keep the post."""
    p = gp.post
    return (
        (day is None or gp.day == day)
        and (player is None or player in (p.author, gp.player))
        and (thread is None or p.tid == thread)
        and (pid is None or p.pid == pid)
    )


def _say_what_became_of(
    pid: int,
    stored: Sequence[StoredPost],
    placed: Sequence[GamePost],
    rows: Sequence[Mapping[str, object]],
) -> None:
    """``posts --pid``: a deleted post is listed with a note, a pid the store does not hold
    is an error, and a post the other filters leave out is said (not an empty table)."""
    if any(r["deleted"] for r in rows):
        err.print(f"注意：pid {pid} 的帖子已被删除，下面是保存的最后内容。", highlight=False)
    if rows:
        return
    if not any(sp.post.pid == pid for sp in stored):
        raise typer.BadParameter(
            f"没有 pid {pid} 的帖子：本地数据库里没有（还没抓取到，或不在这个游戏的帖子里）",
            param_hint="--pid",
        )
    if not any(gp.post.pid == pid for gp in placed):
        err.print(f"pid {pid} 的帖子已抓取，但不在这个游戏的帖子里。", highlight=False)
        return
    err.print(
        f"pid {pid} 的帖子不符合其他筛选条件（--day、--player、--thread），去掉它们再看。",
        highlight=False,
    )


def forum_time(stored: str | None, game: Game) -> str | None:
    """A time the store keeps in UTC (``seen_at``), in forum time with its offset, like
    ``posted_at`` beside it."""
    if not stored:
        return None
    try:
        when = datetime.fromisoformat(stored)
    except ValueError:
        return stored
    if when.tzinfo is None:
        when = when.replace(tzinfo=UTC)
    return when.astimezone(game.timezone).isoformat()


def _post_line(row: Mapping[str, Any], versions: bool) -> dict[str, Any]:
    """A post's row as the table shows it: the time without its year and offset, and its
    flags (and, with ``--versions``, its version) as words."""
    marks = [
        word
        for key, word in (
            ("edited", "已编辑"),
            ("hidden", "已屏蔽"),
            ("deleted", "已删除"),
            ("time_approximate", "时间近似"),
        )
        if row[key]
    ]
    if versions and row["version"] is not None:
        marks.append(f"第{row['version']}版")
    when = str(row["posted_at"])
    return {**row, "when": f"{when[5:10]} {when[11:19]}", "marks": "、".join(marks)}


def _post_row(
    p: Post, day: int | None, deleted: bool, version: int | None, seen_at: str | None
) -> dict[str, Any]:
    return {
        "tid": p.tid,
        "pid": p.pid,
        "floor": p.floor,
        "author": p.author,
        "author_uid": p.author_uid,
        "posted_at": p.posted_at.isoformat(),
        "edited": int(p.edited is not None),
        "hidden": int(p.hidden is not None),
        "text": p.text,
        "day": day,
        "time_approximate": int(p.time_approximate),
        "deleted": int(deleted),
        "version": version,
        "seen_at": seen_at,
    }
