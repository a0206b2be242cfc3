"""`auditor game`: the game as the forum tells it — threads, days and events with their
sources, what was not taken and why, warnings — and ``--write`` to put the discovered items
into the game file (tomlkit keeps its comments and layout)."""

from __future__ import annotations

import json
import re
import shlex
from collections.abc import Mapping, Sequence
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, TypeVar

import typer
from rich.table import Table

from auditor.cli.common import GameArg, command, handle_errors, open_game, open_store, out
from auditor.cli.console import escape, print_line
from auditor.errors import AuditorError
from auditor.game.confirm import (
    EVENT_LABEL,
    HOW_LABEL,
    PHASE_FIELDS,
    Proposal,
    ProposalError,
    Signature,
    change_event,
    file_events,
    parse_closes,
)
from auditor.game.discover import KIND_LABEL, Discovery, write_discovered
from auditor.game.gamefile import DaySpec, Event, Game, ThreadSpec
from auditor.game.state import CSV_COLUMNS, csv_rows, records
from auditor.ledger.decisions import default_signer
from auditor.ledger.held import (
    TALLY_ANSWERS,
    answer_conflict,
    changed_days,
    mark_changed,
    stated_results,
)
from auditor.pipeline import (
    REJECT_ANSWERS,
    add,
    answer_quiet,
    confirm,
    crawled,
    current,
    dismiss,
    game_now,
    last_run,
    open_questions,
    pending,
    reject,
    state_problems,
)
from auditor.pipeline import (
    open_game as reopen,
)
from auditor.report.words import DISMISS, DISMISS_PID, DISMISS_WHAT, director_words, dismiss_hint

if TYPE_CHECKING:
    from auditor.store import Store


def _t(value: object) -> str:
    return value.strftime("%Y-%m-%d %H:%M:%S") if hasattr(value, "strftime") else "—"


def _crawled(game: Game) -> bool:
    """The game's store exists and holds a page or a post (a store made by a manual card
    or an import before any crawl has nothing discovered in it)."""
    if not game.store.exists():
        return False
    with open_store(game) as store:
        return crawled(store)


def _nothing_read(game: Game) -> str:
    """Why there is nothing discovered yet: never crawled, or the last crawl's problem (a
    crawl that failed, or found no thread of the game, leaves nothing to show)."""
    last = None
    if game.store.exists():
        with open_store(game) as store:
            last = last_run(store)
    if last is None:
        return "这局还没有抓取过：先运行 auditor crawl（或 audit），再查看从论坛发现的内容"
    when = f"{last.started.astimezone(game.timezone):%m-%d %H:%M}，" if last.started else ""
    why = "；".join(last.problems[:2]) if last.problems else "没有读到这局的任何帖子"
    return f"最近一次抓取（{when}论坛时间）没有读到帖子：{why}"


def _print_records(
    g: Game, disc: Discovery, waiting: list[Proposal], problems: list[str], fmt: str
) -> None:
    """``--format json|csv``: :func:`auditor.game.state.records` on standard output."""
    import csv
    import sys

    base = g.forum.url
    state = records(disc, waiting, problems, base)
    if fmt == "json":
        data = {"game": g.name, "ruleset": g.ruleset, **state.as_json()}
        sys.stdout.write(json.dumps(data, ensure_ascii=False, indent=2) + "\n")
        return
    w = csv.DictWriter(sys.stdout, fieldnames=CSV_COLUMNS, lineterminator="\n")
    w.writeheader()
    w.writerows(csv_rows(state))


def show_state(
    disc: Discovery, problems: list[str], base: str | None, game_path: Path | None = None
) -> None:
    """What the game's state lacks, first: the problems, then each post not read with its
    text, and where it is in words (thread and floor) besides the link: a game file with no
    forum url has no link, and the director still has to find the post."""
    if problems:
        out.print(f"[red]游戏状态不完整（{len(problems)}）：[/]", highlight=False)
        for p in problems:
            out.print(f"  - {escape(director_words(p))}", highlight=False, soft_wrap=True)
    if disc.unread:
        t = Table(title=f"未读懂的公告（{len(disc.unread)}）", title_justify="left")
        for col in ("pid", "时间", "为什么列出", "原文", "在哪里"):
            t.add_column(col, overflow="fold")
        for u in disc.unread:
            t.add_row(
                str(u.pid),
                _t(u.posted_at),
                escape(u.why),
                escape(u.excerpt()),
                escape(_where(disc, u.tid, u.floor)),
            )
        out.print(t)
        # the links under the table, one a line and never wrapped: a table folds a long
        # word at its column's width, and a URL cut in two opens nothing
        for u in disc.unread:
            link = u.link(base)
            if link:
                print_line(f"pid {u.pid}：{link}")
        # (a path with spaces quoted, so the line can be pasted into a shell)
        path = shlex.quote(str(game_path)) if game_path is not None else "游戏文件"
        out.print(
            escape(f"读错或漏读的：auditor game {path} --add event|day …；{dismiss_hint(path)}"),
            highlight=False,
            soft_wrap=True,
        )
    answered = getattr(disc, "answered", [])
    if answered:
        t = Table(title=f"已答复的公告（{len(answered)}）", title_justify="left")
        for col in ("pid", "时间", "原文", "由此答复"):
            t.add_column(col, overflow="fold")
        for u in answered:
            t.add_row(str(u.pid), _t(u.posted_at), escape(u.excerpt()), escape(u.answered))
        out.print(t)


def _where(disc: Discovery, tid: int, floor: int | None) -> str:
    """A post's place in words: 「[M107] 第二天讨论帖」（tid 103）第 12 楼 (its link is
    printed under the table, whole)."""
    subject = disc.subjects.get(tid, "")
    thread = f"「{subject}」（tid {tid}）" if subject else f"帖子 tid {tid}"
    place = f"{thread}第 {floor} 楼" if floor is not None else thread
    return place


def show(
    disc: Discovery,
    game_path: Path,
    waiting: list[Proposal],
    problems: Sequence[str] = (),
) -> None:
    show_state(disc, list(problems), disc.base.forum.url if disc.base else None, game_path)
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
    out.print(_days_table(disc))
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
        said = (escape(how), escape(s.source), escape(s.note))
        t.add_row(EVENT_LABEL[e.type], escape(e.player), _t(e.at), *said)
    out.print(t)
    for w in disc.warnings:
        out.print(f"[yellow]警告：[/]{escape(w)}", highlight=False)
    if waiting:
        _waiting(waiting, disc.subjects, game_path)
    pending = sum(len(disc.discovered(w)) for w in ("threads", "days", "events"))
    if pending:
        out.print(
            f"从论坛发现 {pending} 项（来源为 pid 或标题）。写进游戏文件：auditor game {escape(str(game_path))} --write",
            highlight=False,
            soft_wrap=True,
        )
    else:
        out.print("没有游戏文件之外的新发现。", highlight=False)


def _days_table(disc: Discovery) -> Table:
    """The days, each time marked where the tool inferred it."""
    t = Table(title="天", title_justify="left")
    for col in ("天", "开门", "关门（含）", "加速", "环节", "来源"):
        t.add_column(col)
    for s in disc.days:
        d = s.item
        assert isinstance(d, DaySpec)
        t.add_row(
            str(d.number),
            _t(d.opens) + _inferred(s, "opens"),
            _t(d.closes) + _inferred(s, "closes") + ("（延时）" if d.delayed else ""),
            "是" if d.accelerated else "",
            "、".join(p.name for p in d.phases),
            escape(_day_source(s)),
        )
    return t


def _inferred(s: object, name: str) -> str:
    fields = getattr(s, "fields", {})
    return "（推断）" if fields.get(name, ("", ""))[1] == "inferred" else ""


def _day_source(s: object) -> str:
    fields = getattr(s, "fields", {})
    if not fields:
        return str(getattr(s, "source", ""))
    opens, closes = fields.get("opens", ("", ""))[0], fields.get("closes", ("", ""))[0]
    return opens if opens == closes else f"开门：{opens}；关门：{closes}"


# the command's options (module-level: the command stays short)
_WriteOpt = Annotated[
    bool, typer.Option("--write", help="把发现的帖子、天和事件写进游戏文件（保留注释）")
]
_ConfirmIdOpt = Annotated[
    str | None,
    typer.Option(
        "--confirm",
        help="确认一项待确认的提议（编号见列表），写进游戏文件并签上导演名",
        show_default=False,
    ),
]
_PlayerOpt = Annotated[
    str | None, typer.Option("--player", help="与 --confirm 一起：更正事件的玩家")
]
_DayOpt = Annotated[int | None, typer.Option("--day", help="与 --confirm 一起：更正事件或帖子的天")]
_ByOpt = Annotated[
    str | None,
    typer.Option("--by", help="与 --confirm 一起：确认的导演（默认 \\[game] decided_by）"),
]
_ClosesOpt = Annotated[
    str | None,
    typer.Option(
        "--closes",
        help="与 --confirm 或 --add day 一起：关门时间（如 2026-11-23T23:00，游戏的时区；"
        "延时的提议是新的关门时间，天的提议是更正）",
        show_default=False,
    ),
]
_OpensOpt = Annotated[
    str | None,
    typer.Option(
        "--opens", help="与 --confirm 或 --add day 一起：天的开门时间", show_default=False
    ),
]
_NextOpensOpt = Annotated[
    str | None,
    typer.Option(
        "--next-opens",
        help="与延时的 --confirm 一起：新的关门时间晚于下一天的开门时间时，下一天顺延后的开门时间"
        "（导演公示的，如 2026-11-28T10:00）",
        show_default=False,
    ),
]
#: A day's 环节 (killbar7 4.1.2: 白天 1-3 个环节, each with its own vote thread), with
#: --confirm of a day or --add day: which one (--phase), what changes; what is left out is
#: kept, or for a new 环节 worked out from the day and its vote thread's title.
_PhaseOpt = Annotated[
    int | None,
    typer.Option(
        "--phase",
        help="与天的 --confirm 或 --add day 一起：第几个环节（1、2、3）；只写编号就按这一天和投票帖补全",
        show_default=False,
    ),
]
_PhaseNameOpt = Annotated[
    str | None,
    typer.Option(
        "--phase-name", help="与 --phase 一起：环节的名字（如 可疑者辩论投票）", show_default=False
    ),
]
_PhaseOpensOpt = Annotated[
    str | None,
    typer.Option("--phase-opens", help="与 --phase 一起：环节的开始时间", show_default=False),
]
_PhaseClosesOpt = Annotated[
    str | None,
    typer.Option("--phase-closes", help="与 --phase 一起：环节的结束时间", show_default=False),
]
_VoteThreadOpt = Annotated[
    int | None,
    typer.Option("--vote-thread", help="与 --phase 一起：环节的投票帖（tid）", show_default=False),
]
_DropPhaseOpt = Annotated[bool, typer.Option("--drop-phase", help="与 --phase 一起：删去这个环节")]
_AtOpt = Annotated[
    str | None,
    typer.Option("--at", help="与 --confirm 或 --add event 一起：事件的时间", show_default=False),
]
_EtypeOpt = Annotated[
    str | None,
    typer.Option(
        "--type",
        help="与 --confirm 或 --add event 一起：事件类型（eliminated 出局 | sheriff 警长 | "
        "piped 吹笛 | idiot_revealed 白痴翻牌 | substitute 替补）",
        show_default=False,
    ),
]
_HowOpt = Annotated[
    str | None,
    typer.Option(
        "--how",
        help="与 --confirm 或 --add event 一起：方式（vote 投票 | night 夜晚 | sent_off 红牌罚下 | suicide 殉情 | "
        "elected 当选 | handed_over 移交）",
        show_default=False,
    ),
]
_KindOpt = Annotated[
    str | None,
    typer.Option(
        "--kind",
        help="与 --confirm 一起：帖子的类型（discussion 讨论帖 | vote 投票帖 | process 进程帖 | rules 规则帖 | lastwords 遗言帖）",
        show_default=False,
    ),
]
_AcceleratedOpt = Annotated[
    bool | None,
    typer.Option("--accelerated/--not-accelerated", help="与 --confirm 或 --add day 一起：加速日"),
]
_DelayedOpt = Annotated[
    bool | None,
    typer.Option("--delayed/--not-delayed", help="与 --confirm 或 --add day 一起：延时"),
]
_HourOpt = Annotated[
    str | None,
    typer.Option(
        "--hour",
        help="与 --confirm 一起：回答规则集没有写的关门钟点（如 22:00）",
        show_default=False,
    ),
]
_AddWhatOpt = Annotated[
    str | None,
    typer.Option(
        "--add",
        help="补上论坛没有给出的一天（day：--day --opens --closes [--phase …]）或一个事件（event：--type "
        "--player --at [--how] [--pid]），签名写进游戏文件",
        show_default=False,
    ),
]
_PidOpt = Annotated[
    int | None,
    typer.Option(
        "--pid",
        help="与 --add event 一起：事件出自哪条帖子（pid，见「未读懂的公告」）",
        show_default=False,
    ),
]
_DismissPidOpt = Annotated[
    int | None,
    typer.Option(
        "--dismiss",
        help=f"把一条未读懂的公告{DISMISS_WHAT}：{DISMISS.format(game='游戏文件')}"
        f"（{DISMISS_PID}）；签名保存，以后不再列出",
        show_default=False,
    ),
]
_HandledPidOpt = Annotated[
    int | None,
    typer.Option(
        "--handled",
        help="把一条未读懂的公告标为「读对了 / 已处理」（自己的结果帖，工具读出了一部分，"
        "内容已在游戏里）：auditor game 游戏文件 --handled pid；签名保存，以后不再列出",
        show_default=False,
    ),
]
_QuietOpt = Annotated[
    str | None,
    typer.Option(
        "--quiet",
        help="回答「X 自第N天起没有发言：出局了？请假？潜水？」：auditor game 游戏文件 --quiet X "
        "--day N --answer 出局了|请假|潜水|在场（出局了：写进游戏文件，时间默认第N天开门、方式夜晚，"
        "可用 --at / --how 改；请假：写进游戏文件，覆盖第N天；潜水 / 在场：这次沉默不再问），签名保存",
        show_default=False,
    ),
]
_RejectOpt = Annotated[
    str | None,
    typer.Option(
        "--reject",
        help="回答一项待确认的提议「不对，不要」（或用 --answer 无人出局 / 还没关门，只用于计票得出的出局），"
        "签名保存，它的问题不再列出：auditor game 游戏文件 --reject 编号",
        show_default=False,
    ),
]
_AnswerOpt = Annotated[
    str,
    typer.Option(
        "--answer",
        help="与 --reject 一起：不对（默认）| 无人出局 | 还没关门；与 --quiet 一起：出局了 | 请假 | 潜水 | 在场",
    ),
]
_NewcomerOpt = Annotated[
    str | None,
    typer.Option(
        "--newcomer",
        help="与 --confirm 替补一起：替补的人（论坛上的帐号名，一字不差）",
        show_default=False,
    ),
]
_OwnAccountOpt = Annotated[
    bool,
    typer.Option(
        "--own-account",
        help="与 --newcomer 一起：他用自己的帐号打（不写：用原玩家的帐号）",
    ),
]
#: --answer as a director types it (the desk's words, or the store's keys).
_ANSWERS = {
    **{v: k for k, v in REJECT_ANSWERS.items()},
    "不对": "wrong",
    **{k: k for k in REJECT_ANSWERS},
}
_NoteOpt = Annotated[
    str, typer.Option("--note", help="与 --dismiss 或 --handled 一起：说明（可选）")
]
_TallyAnswerOpt = Annotated[
    str | None,
    typer.Option(
        "--tally-answer",
        help="与 --day 一起：回答那天的「计票待核对」：公示为准（游戏按导演公示的结果走）| 计票是对的",
        show_default=False,
    ),
]
_FmtOpt = Annotated[
    str,
    typer.Option(
        "--format",
        help="table（默认）| json | csv：每项的值、来源和状态（stated 论坛写明 | inferred 推断 | "
        "proposed 待确认 | confirmed 游戏文件），问题和未读懂的公告",
    ),
]


K = TypeVar("K")


def named(value: str | None, labels: Mapping[K, str]) -> str | None:
    """A --type / --how / --kind value as the file writes it: the Chinese name the desk and
    the help offer (出局, 投票, 讨论帖) taken for its value (eliminated, vote, discussion)."""
    if value is None:
        return None
    said = value.strip()
    for key, label in labels.items():
        if said == label:
            return str(getattr(key, "value", key))
    return said


def _act(
    g: Game,
    store: Store,
    acts: Mapping[str, object],
    fields: Mapping[str, object],
    *,
    by: str | None,
    note: str,
    hour: str | None,
) -> str:
    """--dismiss, --add or --confirm: what it did, in words."""
    if acts["dismiss"] is not None:
        return dismiss(g, store, int(str(acts["dismiss"])), by=by, note=note)
    if acts.get("handled") is not None:
        pid = int(str(acts["handled"]))
        return dismiss(g, store, pid, by=by, note=note, answer="handled")
    if acts["add"] is not None:
        values = {k: v for k, v in fields.items() if k != "kind"}
        return add(g, store, str(acts["add"]), values, by=by).message
    if acts.get("quiet") is not None:
        return _quiet(g, store, str(acts["quiet"]), fields, by=by, note=note)
    if acts.get("reject") is not None:
        answer = str(fields.get("answer") or "wrong")
        return reject(g, store, str(acts["reject"]), by=by, answer=_ANSWERS.get(answer, answer))
    names: tuple[str, ...] = ("opens", "at", "type", "how", "kind", "accelerated", "delayed")
    names = (*names, "next_opens", *PHASE_FIELDS)  # (a day's 环节: --phase …)
    fix = {k: fields[k] for k in names if k in fields}
    if fields.get("newcomer"):  # a 替补's newcomer, on his own account or the seat's
        fix |= {"newcomer": fields["newcomer"], "account": fields.get("account") or "same"}
    player, day, closes = fields["player"], fields["day"], fields["closes"]
    done = confirm(
        g,
        store,
        str(acts["confirm"]),
        by=by,
        fix=fix,
        hour=hour,
        player=str(player) if player is not None else None,
        day=int(str(day)) if day is not None else None,
        closes=closes if isinstance(closes, datetime) else None,
    )
    return done.message


def _answered(
    g: Game,
    store: Store,
    acts: Mapping[str, object],
    fields: Mapping[str, object],
    *,
    by: str | None,
    note: str,
    hour: str | None,
) -> str:
    """:func:`_act`, or --tally-answer, and the days the answer changed (:func:`_changed`)."""
    if acts.get("tally") is not None:
        day = fields.get("day")
        return _tally_answer(
            g, store, str(acts["tally"]), day if isinstance(day, int) else None, by
        )
    before = current(g, store)
    said = _act(g, store, acts, fields, by=by, note=note, hour=hour)
    return said + _changed(before, store, said, by)


def _named_fields(
    how: str | None,
    kind: str | None,
    etype: str | None,
    newcomer: str | None,
    *,
    own_account: bool,
) -> dict[str, object]:
    """--how, --kind and --type as the file writes them; a 替补's newcomer and his account."""
    fields: dict[str, object] = {"how": named(how, HOW_LABEL), "kind": named(kind, KIND_LABEL)}
    fields["type"] = named(etype, EVENT_LABEL)
    return fields | {"newcomer": newcomer, "account": "own" if own_account else "same"}


def _quiet(
    g: Game, store: Store, player: str, fields: Mapping[str, object], *, by: str | None, note: str
) -> str:
    """--quiet X --day N --answer 出局了|请假|潜水|在场 (the desk's buttons)."""
    day = fields.get("day")
    if not isinstance(day, int):
        raise AuditorError("--quiet 要和 --day 一起用：他自第几天起没有发言（见问题里的「第N天」）")
    answer = str(fields.get("answer") or "")
    if answer == "不对":  # (--answer's default, --reject's)
        raise AuditorError("--quiet 要写 --answer：出局了、请假、潜水 或 在场")
    at, how = fields.get("at"), fields.get("how")
    return answer_quiet(
        g,
        store,
        player,
        day,
        answer,
        by=by,
        note=note,
        at=at if isinstance(at, datetime) else None,
        how=str(how) if how else None,
    )


def _changed(before: Game, store: Store, said: str, by: str | None) -> str:
    """After --confirm, --add or --reject: the days the answer changed, marked (their
    drafts locked until the next check: :func:`~auditor.ledger.held.mark_changed`), said
    with how to check again (fh46 desk item 1)."""
    days = changed_days(before, current(reopen(before.path), store))
    if not days:
        return ""
    mark_changed(store, days, said.split("，", 1)[0], by)
    which = "、".join(f"第{d}天" for d in days)
    again = shlex.join(["auditor", "audit", str(before.path.name), "--no-crawl"])
    return f"。{which}改了：这几天的牌按改之前判的，先重新检查（不抓取）：{again}，再批"


def _tally_answer(g: Game, store: Store, said: str, day: int | None, by: str | None) -> str:
    """--tally-answer 公示为准|计票是对的 --day N: the day's 计票待核对 answered."""
    answer = next((k for k, v in TALLY_ANSWERS.items() if said.strip() in (k, v)), said)
    if day is None:
        raise AuditorError("--tally-answer 要和 --day 一起用：回答第几天的「计票待核对」")
    signer = default_signer(g, by)
    at = game_now(g, store) or datetime.now(g.timezone)
    asked = open_questions(g, store)
    stated = stated_results(current(g, store), day) if answer == "count" else []
    return answer_conflict(store, asked, day, answer, by=signer, at=at.isoformat(), stated=stated)


def _times(**raw: str | None) -> dict[str, datetime | None]:
    """The options' times as typed (:func:`parse_closes`), None where not given."""
    return {name: parse_closes(v) if v is not None else None for name, v in raw.items()}


def _discovered(g: Game, confirm_id: str | None) -> bool:
    """Whether the game discovers and has been read; else said (a --confirm refused)."""
    if not g.discovers:
        out.print("游戏文件没有指定 forum.board：帖子、天和事件都以游戏文件为准。")
        return False
    if not isinstance(g.discovery, Discovery) or not _crawled(g):
        said = _nothing_read(g)
        if confirm_id is not None:
            raise ProposalError(f"{said}：没有待确认的提议")
        out.print(escape(f"{said}。"), highlight=False)
        return False
    return True


def _phase(
    number: int | None,
    name: str | None,
    opens: str | None,
    closes: str | None,
    thread: int | None,
    drop: bool,
) -> dict[str, object]:
    """--phase and its fields as confirm's PHASE_FIELDS (--drop-phase only when given)."""
    said: dict[str, object] = {"phase": number, "phase_name": name, "vote_thread": thread}
    said |= _times(phase_opens=opens, phase_closes=closes)
    return said | {"phase_drop": True if drop else None}


#: A link in a proposal's words (the tally's unread director posts): printed whole on the
#: 提议 line above the table, never folded at a column's width (a URL cut in two opens nothing).
_URL = re.compile(r"https?://[^\s，。；、）]+")


def _waiting(waiting: Sequence[Proposal], subjects: dict[int, str], game_path: object) -> None:
    """The proposals waiting for a director: a tally's, the process thread's, the rule set's
    or one with a link in its words on a line of its own (never wrapped), then the table."""
    for p in waiting:
        if p.source in ("计票", "进程帖", "规则集") or _URL.search(p.describe()):
            said = f"[cyan]提议：[/]{escape(p.describe())}（编号 {p.id}）"
            out.print(said, highlight=False, soft_wrap=True)
    t = Table(
        title=f"待确认（auditor game {game_path} --confirm 编号 [--player 玩家] [--day 天] [--type/--how/--at] "
        "[--opens/--closes] [--hour 关门钟点]）",
        title_justify="left",
    )
    for col in ("编号", "内容", "来源"):
        t.add_column(col, overflow="fold")
    for p in waiting:
        said = _URL.sub("（链接见上面的提议）", p.describe(subjects))
        t.add_row(p.id, escape(said), escape(p.source))
    out.print(t)


@command("game")
def game_cmd(
    game: GameArg,
    write: _WriteOpt = False,
    confirm_id: _ConfirmIdOpt = None,
    player: _PlayerOpt = None,
    day: _DayOpt = None,
    by: _ByOpt = None,
    closes: _ClosesOpt = None,
    opens: _OpensOpt = None,
    next_opens: _NextOpensOpt = None,
    at: _AtOpt = None,
    etype: _EtypeOpt = None,
    how: _HowOpt = None,
    kind: _KindOpt = None,
    accelerated: _AcceleratedOpt = None,
    delayed: _DelayedOpt = None,
    hour: _HourOpt = None,
    add_what: _AddWhatOpt = None,
    pid: _PidOpt = None,
    dismiss_pid: _DismissPidOpt = None,
    handled_pid: _HandledPidOpt = None,
    reject_id: _RejectOpt = None,
    quiet: _QuietOpt = None,
    answer: _AnswerOpt = "不对",
    newcomer: _NewcomerOpt = None,
    own_account: _OwnAccountOpt = False,
    phase: _PhaseOpt = None,
    phase_name: _PhaseNameOpt = None,
    phase_opens: _PhaseOpensOpt = None,
    phase_closes: _PhaseClosesOpt = None,
    vote_thread: _VoteThreadOpt = None,
    drop_phase: _DropPhaseOpt = False,
    note: _NoteOpt = "",
    fmt: _FmtOpt = "table",
    tally_answer: _TallyAnswerOpt = None,
) -> None:
    """游戏状态：从论坛发现的帖子、天和事件，每项的来源（pid、标题或游戏文件）。

    游戏文件指定了 forum.board 和 game.tag 时，每次抓取都会从版块列表、导演的开帖和
    进程帖里读出帖子、日程和事件；游戏文件里写明的内容优先，不一致时给出警告。
    --write 把发现的内容追加到游戏文件（原有注释和格式保留）；--confirm 编号 只确认一项
    （可用 --player / --day 更正；延时要用 --closes 给出导演公示的新关门时间），与审计台的
    “确认”按钮相同。
    --add day|event 补上论坛没有给出的一天或一个事件；--dismiss pid 把未读懂的公告标为不是公告，
    --handled pid 标为读对了 / 已处理（pid 见「未读懂的公告」）；--reject 编号 回答提议「不对，不要」；
    确认替补时 --newcomer 帐号名 [--own-account] 写上替补的人；--phase 编号 加上、更正或删去天的一个环节；
    --format json|csv 给脚本用；--tally-answer 公示为准|计票是对的 --day N 回答第N天的「计票待核对」；
    --quiet 玩家 --day N --answer 出局了|请假|潜水|在场 回答「玩家 自第N天起没有发言」。

    例：auditor game examples/sample/minimal.toml
    """
    if fmt not in ("table", "json", "csv"):
        raise typer.BadParameter(f"--format 只能是 table、json 或 csv，而不是 {fmt}")
    with handle_errors():
        g = open_game(game)
        disc = g.discovery
        if not _discovered(g, confirm_id) or not isinstance(disc, Discovery):
            return
        when = _times(opens=opens, closes=closes, at=at, next_opens=next_opens)
        ph = _phase(phase, phase_name, phase_opens, phase_closes, vote_thread, drop_phase)
        with open_store(g) as store:
            acts = {"dismiss": dismiss_pid, "handled": handled_pid, "add": add_what, "quiet": quiet}
            acts |= {"confirm": confirm_id, "reject": reject_id, "tally": tally_answer}
            if any(v is not None for v in acts.values()):
                fields: dict[str, object] = {**when, **ph, "day": day, "player": player, "pid": pid}
                fields |= {"accelerated": accelerated, "delayed": delayed, "answer": answer}
                fields |= _named_fields(how, kind, etype, newcomer, own_account=own_account)
                said = _answered(g, store, acts, fields, by=by, note=note, hour=hour)
                out.print(f"{escape(said)}（{escape(str(game))}）", highlight=False)
                return
            waiting = pending(g, store)  # with the tallies' proposals
            problems = state_problems(g, store, waiting)
        if fmt != "table":
            _print_records(g, disc, waiting, problems, fmt)
            return
        if write:
            written = write_discovered(g, disc)
            out.print(f"已写入 {escape(str(game))}：{written}", highlight=False, soft_wrap=True)
            return
        show(disc, game, waiting, problems)


_EditEventOpt = Annotated[
    str | None,
    typer.Option(
        "--edit",
        help="改一个事件（编号见列表）：与 --at 时间 | --day N | --player 玩家 | --how 方式 一起",
        show_default=False,
    ),
]
_WithdrawEventOpt = Annotated[
    str | None,
    typer.Option(
        "--withdraw", help="撤销一个事件（编号见列表），要加 --yes 确定", show_default=False
    ),
]
_YesOpt = Annotated[bool, typer.Option("--yes", help="与 --withdraw 一起：确定撤销")]
_EventDayOpt = Annotated[
    int | None,
    typer.Option(
        "--day", help="与 --edit 一起：第几天（替补、夜晚出局记在这天开门，其他记在关门）"
    ),
]
_EventPlayerOpt = Annotated[str | None, typer.Option("--player", help="与 --edit 一起：玩家")]
_EventByOpt = Annotated[
    str | None, typer.Option("--by", help="改的导演（默认 \\[game] decided_by）")
]


@command("events")
def events_cmd(
    game: GameArg,
    edit: _EditEventOpt = None,
    withdraw: _WithdrawEventOpt = None,
    yes: _YesOpt = False,
    at: _AtOpt = None,
    day: _EventDayOpt = None,
    player: _EventPlayerOpt = None,
    how: _HowOpt = None,
    by: _EventByOpt = None,
) -> None:
    """游戏文件里写明的事件（确认过的、补上的、手写的），每项的编号和来源；--edit 编号 改一个
    （--at / --day / --player / --how），--withdraw 编号 --yes 撤销一个。谁在什么时候改了什么、
    原来是什么，都写进游戏文件（撤销的留在文件末尾的注释里）；改了的天的牌在重新检查前先别批。
    与审计台「改或撤销已确认的事件」相同。

    例：auditor events examples/sample/game.toml --edit E1A2B3C4D --day 2
    """
    with handle_errors():
        g = open_game(game)
        if edit is None and withdraw is None:
            _list_events(g)
            return
        if withdraw is not None and not yes:
            raise AuditorError(
                f"撤销要确定：auditor events {game} --withdraw {withdraw} --yes"
                "（撤销后这一项从游戏文件去掉，记录留在注释里）"
            )
        fix = {"at": _times(at=at)["at"], "day": day, "player": player}
        fix["how"] = named(how, HOW_LABEL)
        changes = None if withdraw is not None else {k: v for k, v in fix.items() if v is not None}
        with open_store(g) as store:
            before = current(g, store)
            now = game_now(g, store) or datetime.now(g.timezone)
            signed = Signature(default_signer(g, by), now)
            said = change_event(before, str(withdraw or edit), changes, signed)
            said += _changed(before, store, said, by)
        out.print(f"{escape(said)}（{escape(str(game))}）", highlight=False, soft_wrap=True)


def _list_events(g: Game) -> None:
    listed = file_events(g)
    if not listed:
        out.print("游戏文件里没有写明的事件。", highlight=False)
    for f in listed:
        said = f"{f.id}  {f.describe()}" + (f"  （{f.source}）" if f.source else "")
        out.print(escape(said), highlight=False, soft_wrap=True)
