"""`auditor activity`, `status`, `check`, `findings` and `rules`: the rule engine's commands."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from datetime import UTC, datetime
from enum import StrEnum
from typing import Annotated, Any

import typer
from rich.table import Table

from auditor import pipeline
from auditor.cli.common import (
    Format,
    FormatOpt,
    GameArg,
    NowOpt,
    check_choice,
    command,
    emit,
    err,
    handle_errors,
    now_in,
    open_game,
    open_store,
    out,
    player_choices,
    require_crawled,
    warn_state,
)
from auditor.cli.console import escape
from auditor.cli.today import (
    DayStatus,
    note_stale,
    print_status,
    recorded,
    stored_status,
)
from auditor.game.gamefile import Game
from auditor.game.schedule import Schedule
from auditor.ledger.ledger import NOT_CARDS, load_ledger
from auditor.ledger.policy import card_name, plain_cite
from auditor.report.labels import plain_note
from auditor.report.records import finding_rows, forum_base
from auditor.rules.activity import ACTIVITY_COLUMNS
from auditor.rules.base import Rule
from auditor.rules.engine import (
    build_context,
    make_context,
    ruleset_for,
)
from auditor.rules.records import Cell, CheckRecords, open_day_status
from auditor.rules.records import derive as derive_records
from auditor.rules.registry import REGISTRY, all_rules, get
from auditor.rules.ruleset import SETTINGS, load_ruleset
from auditor.rulesets import NAMES as PRESETS
from auditor.store import Store

FINDING_STATUS_NAMES = {"draft": "草稿", "approved": "已批准", "rejected": "已驳回"}
#: A notice (不处罚 / 提醒导演) is no card: seen is 知道了 as the desk says, closed 已关闭
#: (老金, fh48: the CLI listed his dismissed notices as 已批准).
NOTICE_STATUS_NAMES = {"draft": "待看", "approved": "知道了", "rejected": "已关闭"}


def finding_status_name(row: Mapping[str, object]) -> str:
    """A finding's status in the desk's words: a notice's (the rule set suggests no card)
    知道了 / 已关闭, a card's 已批准 / 已驳回."""
    status = str(row.get("status") or "")
    names = NOTICE_STATUS_NAMES if row.get("rule_card") in NOT_CARDS else FINDING_STATUS_NAMES
    return names.get(status, status)


FINDING_COLUMNS = [
    "id",
    "code",
    "player",
    "day",
    "tid",
    "pid",
    "floor",
    "card",
    "status",
    "match",
    "excerpt",
]
FINDING_EXTRA = ["phase", "note", "fingerprint", "posted_at"]
STATUS_COLUMNS = ["player", "posts", "min_posts", "below", "voted"]

# --------------------------------------------------------------------------- activity


def activity_records(checked: CheckRecords, *, effective: bool = False) -> list[dict[str, Any]]:
    """One record per player per day (per phase on days with phases), columns
    ``player,day,phase,posts,accelerated,alive`` first, from the check's activity cells;
    ``lurking`` = 1 where the LURK-DAY rule judged the unit lurking (the cell's verdict);
    with ``effective`` (POST-FILLER on), the effective posts too (filler posts are the
    difference)."""
    phases: dict[tuple[str, int], list[Cell]] = {}
    for c in checked.phase_cells():
        phases.setdefault((c.player, c.day), []).append(c)
    rows = []
    for cell in checked.day_cells():
        for c in phases.get((cell.player, cell.day), [cell]):
            rec: dict[str, Any] = {
                "player": c.player,
                "day": c.day,
                "phase": c.phase,
                "posts": c.posts,
                "accelerated": int(c.accelerated),
                "alive": int(c.alive),
                "closed": int(c.closed),
                "phase_name": c.phase_name,
            }
            if effective:
                rec["effective"] = c.posts - c.filler
            rec["lurking"] = int(c.lurking)
            rows.append(rec)
    return rows


@command
def activity(
    game: GameArg,
    fmt: FormatOpt = Format.table,
    now: NowOpt = None,
    only_day: Annotated[int | None, typer.Option("--day", help="只看第 N 天")] = None,
    only_player: Annotated[str | None, typer.Option("--player", help="只看这名玩家")] = None,
) -> None:
    """发言统计：每名玩家每天（有环节的日子按环节）在计数帖子里的发帖数。

    计入规则集计数的帖子类型（默认讨论帖和投票帖）；被屏蔽的帖子计数，被删除的不计；
    alive = 1 表示当天（环节）仍被计数（关门时被投票出局的玩家当天仍计数）。
    表格中 * 表示单日潜水（按规则集的单日潜水规则判定：版杀7 按环节、并且少于当天平均的 20%），
    - 表示已出局；表格下方有说明。--day、--player 只看某一天、某名玩家。
    显示上次检查（check / audit）记下的统计；--now 时按那个时刻重新统计。

    例：auditor activity examples/sample/game.toml --format csv
    """
    with handle_errors():
        g = open_game(game)
        with open_store(g, existing="统计发言") as store:
            require_crawled(g, store, action="统计发言")
            rs = ruleset_for(g)
            when = now_in(g.timezone, now)
            if when is not None:  # as it stood then: derived through the check's own path
                checked = derive_records(build_context(g, store, now=when, ruleset=rs))
            else:  # what the last check recorded (judged afresh when it no longer holds)
                checked = recorded(g, store, rs)
        records = activity_records(checked, effective=rs.enabled("POST-FILLER"))
        marked = any(r["lurking"] for r in records)
        if only_day is not None:
            check_choice(only_day, [d.number for d in g.days], option="--day", what="这一天")
            records = [r for r in records if r["day"] == only_day]
        if only_player is not None:
            check_choice(only_player, list(g.players), option="--player", what="玩家")
            records = [r for r in records if r["player"] == only_player]
        filler_on = bool(records) and "effective" in records[0]
        if fmt is not Format.table:
            extra = ["effective"] if filler_on else []
            emit(records, [*ACTIVITY_COLUMNS, "closed", "phase_name", "lurking", *extra], fmt)
            return
        units: list[tuple[int, int | None]] = []
        for r in records:
            unit = (r["day"], r["phase"])
            if unit not in units:
                units.append(unit)
        cells: dict[tuple[str, int, int | None], dict[str, Any]] = {
            (r["player"], r["day"], r["phase"]): r for r in records
        }
        rows = []
        shown = [p for p in g.players if only_player is None or p == only_player]
        for player in shown:
            row: dict[str, Any] = {"player": player}
            for day, phase in units:
                r = cells[(player, day, phase)]
                mark = ""
                if not r["alive"]:
                    mark = "-"
                elif r["lurking"]:
                    mark = "*"
                eff = r.get("effective")
                posts = (
                    f"{r['posts']}({eff})"
                    if eff is not None and eff != r["posts"]
                    else str(r["posts"])
                )
                row[f"{day}/{phase}"] = f"{posts}{mark}"
            rows.append(row)
        columns = ["player"] + [f"{d}/{p}" for d, p in units]
        headers = ["玩家"] + [
            f"第{d}天"
            + (f"环节{p}" if p is not None else "")
            + ("（加速）" if cells[(shown[0], d, p)]["accelerated"] else "")
            for d, p in units
        ]
        emit(rows, columns, fmt, title=f"{g.name} 发言统计", headers=headers)
        out.print(activity_caption(rs.rules.get(_LD), marked, rs.sources.get(_LD)), highlight=False)
        if any(r.get("effective", r["posts"]) != r["posts"] for r in records):
            out.print(
                "10(5) = 10 帖，其中有效帖 5 帖（其余是水帖，见 POST-FILLER）。", highlight=False
            )


_LD = "LURK-DAY"  # the rule whose options and citations the activity caption shows


def activity_caption(
    opts: Mapping[str, Any] | None, any_marked: bool, sources: Mapping[str, str] | None = None
) -> str:
    """The markers of the activity table, in words; an accelerated day left unjudged cites
    the seed clause that exempts it (``sources``: LURK-DAY's)."""
    why = (sources or {}).get("judge_accelerated", "")
    exempt = f"（{why}）" if why and not why.startswith("no seed text") else ""
    if opts is None:
        star = "*：本规则集没有启用单日潜水（LURK-DAY），不标"
    else:
        unit = "一个环节" if opts["per_phase"] else "一天"
        star = f"* = 单日潜水（判定：{unit}少于 {opts['min_posts']} 帖"
        ratio = float(opts["average_ratio"])
        if ratio > 0:
            over = (
                "该环节"
                if opts.get("per_phase") and opts.get("average_over") == "phase"
                else "当天"
            )
            star += f"，并且少于{over}平均发帖数的 {ratio:.0%}"
        if opts.get("judge_accelerated"):
            star += "；只判已关门的日子，加速的日子按加速后的关门时间判）"
        else:
            star += f"；只判已关门、未加速的日子{exempt}）"
    tail = "" if any_marked or opts is None else "目前没有潜水。"
    return f"{star}；- = 已出局（不再判潜水）。{tail}"


# --------------------------------------------------------------------------- status


class StatusFormat(StrEnum):
    table = "table"
    bbcode = "bbcode"
    csv = "csv"
    json = "json"


@command
def status(
    game: GameArg,
    fmt: Annotated[
        StatusFormat, typer.Option("--format", "-f", help="输出格式：table | bbcode | csv | json")
    ] = StatusFormat.table,
    now: NowOpt = None,
) -> None:
    """当天进度：正在进行的讨论日里，谁的发言还不足下限、谁还没有投票（关门前提醒用）。

    M107 玩家须知 11：投票结束前一个半至两个小时之间提醒玩家投票。--format bbcode 输出可以
    直接贴到帖子里的提醒。显示上次检查（check / audit）记下的进度，此后抓取到新帖时先提示；
    --now 时按那个时刻重新统计。

    例：auditor status examples/sample/game.toml --now 2026-11-21T20:00:00 --format bbcode
    """
    with handle_errors():
        g = open_game(game)
        with open_store(g, existing="查看当天进度") as store:
            require_crawled(g, store, action="查看当天进度")
            warn_state(g, store)  # (first: the day's status may be judged on a wrong close)
            when = now_in(g.timezone, now)
            # the judged clock, as audit and report head theirs: a saved-pages game's newest
            # page (fh46b: 「第3天进度（12-07 10:55）」 by the machine, pages saved 04:30)
            clock = when or pipeline.game_now(g, store)
            st = None
            if when is None:  # what the last check recorded, when it still holds
                st = stored_status(g, store, (clock or datetime.now(UTC)).astimezone(g.timezone))
                if st is not None:
                    note_stale(store)
            if st is None:
                st = _judged_status(g, store, clock)
        print_status(st, fmt.value)


def _judged_status(g: Game, store: Store, when: datetime | None) -> DayStatus:
    """The open day's status judged afresh from the stored posts, as they stood at
    ``when`` (default now)."""
    rs = ruleset_for(g)
    ctx = build_context(g, store, now=when, ruleset=rs)
    # So far: only what was posted by now (a --now in the past must not see the future).
    ctx = make_context(
        g,
        ctx.schedule,
        [gp for gp in ctx.posts if gp.post.posted_at <= ctx.now],
        rs,
        ctx.now,
        versions=ctx.versions,
        profiles=ctx.profiles,
        space_reads=ctx.space_reads,
        space_items=ctx.space_items,
    )
    day, rows = open_day_status(ctx, rs)
    spec = ctx.schedule.day(day) if day is not None else None
    st = DayStatus(
        ctx.now,
        day,
        spec.closes if spec is not None else None,
        bool(spec is not None and spec.accelerated),
        rows,
    )
    return st


# --------------------------------------------------------------------------- check / findings


@command("check")
def check_cmd(game: GameArg, now: NowOpt = None) -> None:
    """运行规则集启用的规则，检查已抓取的帖子，保存发现（草稿）。

    例：auditor check examples/sample/game.toml
    """
    with handle_errors():
        g = open_game(game)
        with open_store(g, lock=True) as store:
            result = pipeline.check(g, store, now=now_in(g.timezone, now))
        by_code: dict[str, int] = {}
        for f in result.findings:
            by_code[f.code] = by_code.get(f.code, 0) + 1
        summary = "，".join(f"{c} {n}" for c, n in sorted(by_code.items())) or "无"
        err.print(
            f"检查完成（规则集 {result.ruleset.name}，{len(result.ruleset.rules)} 条规则）："
            f"{len(result.findings)} 个发现。{summary}"
        )


def finding_records(store: Store, game: Game) -> list[dict[str, Any]]:
    """The report's findings with their status (:func:`auditor.report.records.finding_rows`):
    card = the decided card when approved, else the one the rule set suggests."""
    rs = ruleset_for(game)
    led = load_ledger(game, store, rs)
    schedule = Schedule(game, rs.settings["night_posts"])
    rows = finding_rows(game, schedule, store, led, forum_base(game, store))
    for r in rows:
        r["card"] = r["card"] or r["rule_card"]
    return rows


@command
def findings(
    game: GameArg,
    fmt: FormatOpt = Format.table,
    code: Annotated[str | None, typer.Option("--code", help="只看这个规则代码")] = None,
    player: Annotated[str | None, typer.Option("--player", help="只看这名玩家")] = None,
) -> None:
    """列出上次 check 保存的发现：编号、规则、玩家、天、帖子、建议的牌、状态、命中文字。

    例：auditor findings examples/sample/game.toml --format csv
    """
    with handle_errors():
        g = open_game(game)
        with open_store(g, existing="列出发现") as store:
            require_crawled(g, store, action="列出发现")
            if code is not None:
                codes = [r.code for r in all_rules()]
                check_choice(code.upper(), codes, option="--code", what="规则")
                code = code.upper()
            if player is not None:
                check_choice(player, player_choices(g, store), option="--player", what="这个人")
            warn_state(g, store)  # (first: a day not read holds unsure drafts)
            note_stale(store)  # the findings are the last check's
            rows = finding_records(store, g)
        rows = [
            r
            for r in rows
            if (code is None or r["code"] == code) and (player is None or r["player"] == player)
        ]
        if fmt is Format.table and out.width < WIDE_TABLE:
            _finding_blocks(rows, g.name)  # (twelve columns do not fit: one block each)
            return
        if fmt is Format.table:
            rows = [{**r, "status": finding_status_name(r)} for r in rows]
            emit(
                rows,
                [*FINDING_COLUMNS, "note"],
                fmt,
                title=f"{g.name} 发现",
                # (a director's table: the rule's title and the note in words; --format
                # csv/json keep the code and the note as the check wrote them)
                shown={
                    "code": lambda v: REGISTRY[v].title if v in REGISTRY else v,
                    "note": lambda v: plain_note(str(v or "")),
                    "card": card_name,
                },
                headers=[
                    "编号",
                    "规则",
                    "玩家",
                    "天",
                    "主题",
                    "pid",
                    "楼层",
                    "牌",
                    "状态",
                    "命中",
                    "摘录",
                    "说明",
                ],
            )
        else:
            emit(rows, FINDING_COLUMNS + FINDING_EXTRA, fmt)


#: Narrower terminals (columns) show findings as blocks, not a twelve-column table.
WIDE_TABLE = 120


def _finding_blocks(rows: Sequence[Mapping[str, Any]], name: str) -> None:
    """Findings for a narrow terminal: a line of the short fields, then the hit, the
    excerpt and the note, each on its own indented line (at 80 columns the table folded
    every id and code over three lines)."""
    out.print(escape(f"{name} 发现（{len(rows)} 条）"), highlight=False)
    for r in rows:
        where = f"帖子 {r['tid']} {r['floor']} 楼" if r.get("floor") is not None else ""
        day = f"第{r['day']}天" if r.get("day") is not None else ""
        head = "  ".join(
            str(x)
            for x in (
                r["id"],
                r.get("rule") or r["code"],
                r["player"],
                day,
                where,
                card_name(r.get("card")),
                finding_status_name(r),
            )
            if x
        )
        out.print("")
        out.print(escape(head), highlight=False)
        for label, key in (("命中", "match"), ("摘录", "excerpt"), ("说明", "note")):
            said = plain_note(str(r[key])) if key == "note" and r.get(key) else r.get(key)
            if said:
                out.print(escape(f"  {label}：{said}"), highlight=False)


# --------------------------------------------------------------------------- rules


def rule_records(ruleset: str | None = None) -> list[dict[str, Any]]:
    """One record per rule option (and per rule-set setting when a rule set is named):
    code, title, seed, kind, enabled, option, value, default, help, source."""
    rows: list[dict[str, Any]] = []
    rs = load_ruleset(ruleset) if ruleset else None
    if rs is not None:
        for key, opt in SETTINGS.items():
            rows.append(
                {
                    "code": "[ruleset]",
                    "title": rs.title,
                    "seed": rs.seed,
                    "kind": "setting",
                    "enabled": "",
                    "option": key,
                    "value": rs.settings[key],
                    "default": opt.default,
                    "help": opt.help,
                    "source": rs.sources.get("ruleset", {}).get(key, ""),
                }
            )
    for r in all_rules():
        enabled = rs.enabled(r.code) if rs is not None else ""
        values = rs.rules.get(r.code, {}) if rs is not None else {}
        cites = rs.sources.get(r.code, {}) if rs is not None else {}
        for name, opt in r.all_options().items():
            if name in ("enabled",):
                continue
            rows.append(
                {
                    "code": r.code,
                    "title": r.title,
                    "seed": r.seed,
                    "kind": r.kind,
                    "enabled": int(enabled) if rs is not None else "",
                    "option": name,
                    "value": values.get(name, "") if rs is not None else "",
                    "default": opt.default if name != "kind" else r.code,
                    "help": opt.help,
                    "source": cites.get(name, ""),
                }
            )
    return rows


@command
def rules(
    code: Annotated[
        str | None,
        typer.Argument(
            help="只看这一条规则（例如 VOTE-CHANGE）：选项、默认值、各规则集的取值和出处"
        ),
    ] = None,
    ruleset: Annotated[
        str | None,
        typer.Option("--ruleset", "-r", help=f"显示某个规则集的取值和出处：{' | '.join(PRESETS)}"),
    ] = None,
    fmt: FormatOpt = Format.table,
) -> None:
    """列出所有规则：代码、标题、依据的规则条款、选项、默认值；指定规则集时显示其取值和出处。

    给出规则代码时只看这一条：说明、选项与默认值、它读取的规则集设置，以及每个规则集
    （或 --ruleset 指定的那个）的取值和出处。

    例：auditor rules --ruleset m107
    例：auditor rules VOTE-CHANGE
    """
    with handle_errors():
        if code is not None:
            _one_rule(get(code), ruleset, fmt)
            return
        rows = rule_records(ruleset)
        if fmt is not Format.table:
            emit(
                rows,
                [
                    "code",
                    "title",
                    "seed",
                    "kind",
                    "enabled",
                    "option",
                    "value",
                    "default",
                    "help",
                    "source",
                ],
                fmt,
            )
            return
        out.print(rules_table(ruleset))
        if ruleset:
            off = [r.code for r in all_rules() if not load_ruleset(ruleset).enabled(r.code)]
            if off:
                out.print(escape(f"未启用：{'、'.join(off)}"), highlight=False)
        out.print(
            "每条取值的出处（规则原文）：auditor rules --ruleset 名称 --format csv", highlight=False
        )


def one_rule_records(r: Rule, ruleset: str | None = None) -> list[dict[str, Any]]:
    """One rule's options and the rule-set settings it reads, each with its default and,
    per rule set (every preset, or the one named), the value and its citation."""
    names = [ruleset] if ruleset else list(PRESETS)
    sets = [load_ruleset(n) for n in names]
    rows: list[dict[str, Any]] = []
    for name, opt in r.all_options().items():
        if name == "enabled":
            continue
        default = opt.default if name != "kind" else r.code
        for rs in sets:
            rows.append(
                {
                    "code": r.code,
                    "kind": "option",
                    "option": name,
                    "default": default,
                    "help": opt.help,
                    "ruleset": rs.name,
                    "enabled": int(rs.enabled(r.code)),
                    "value": rs.rules[r.code].get(name, default) if rs.enabled(r.code) else "",
                    "source": rs.sources.get(r.code, {}).get(name, ""),
                }
            )
    for key in r.settings:
        opt = SETTINGS[key]
        for rs in sets:
            rows.append(
                {
                    "code": r.code,
                    "kind": "setting",
                    "option": key,
                    "default": opt.default,
                    "help": opt.help,
                    "ruleset": rs.name,
                    "enabled": int(rs.enabled(r.code)),
                    "value": rs.settings[key],
                    "source": rs.sources.get("ruleset", {}).get(key, ""),
                }
            )
    return rows


ONE_RULE_COLUMNS = [
    "code",
    "kind",
    "option",
    "default",
    "help",
    "ruleset",
    "enabled",
    "value",
    "source",
]


def reflow(doc: str) -> str:
    """A rule's docstring for the terminal: its paragraphs one line each (the terminal
    wraps them to its width; the source's line breaks fell mid-line), code marks
    (````limit````) written as the word."""
    paragraphs = re.split(r"\n\s*\n", doc.strip())
    out = []
    for para in paragraphs:
        lines = [line.strip() for line in para.splitlines() if line.strip()]
        text = lines[0] if lines else ""
        for line in lines[1:]:
            # (a space only between two ASCII words: Chinese runs on without one)
            space = " " if text[-1:].isascii() and line[:1].isascii() else ""
            text += space + line
        out.append(re.sub(r"``([^`]+)``", r"\1", text))
    return "\n\n".join(out)


def _one_rule(r: Rule, ruleset: str | None, fmt: Format) -> None:
    rows = one_rule_records(r, ruleset)
    if fmt is not Format.table:
        emit(rows, ONE_RULE_COLUMNS, fmt)
        return
    kind = "逐帖检查" if r.kind == "post" else "汇总检查"
    out.print(escape(f"{r.code}　{r.title}（{kind}）"), highlight=False)
    out.print(escape(f"依据：{r.seed}"), highlight=False)
    if r.doc:
        out.print("")
        out.print(escape(reflow(r.doc)), highlight=False)
    sets = list(dict.fromkeys(row["ruleset"] for row in rows))
    off = [s for s in sets if not any(x["enabled"] for x in rows if x["ruleset"] == s)]
    table = Table(title="选项（默认值；各规则集的取值与出处）", show_lines=True)
    table.add_column("选项", no_wrap=True)
    table.add_column("默认 / 说明", overflow="fold", ratio=2)
    table.add_column("规则集取值（出处）", overflow="fold", ratio=3)
    for key in dict.fromkeys((row["kind"], row["option"]) for row in rows):
        mine = [x for x in rows if (x["kind"], x["option"]) == key]
        label = key[1] if key[0] == "option" else f"{key[1]}\n（规则集设置）"
        lines = [
            f"{x['ruleset']} = {_value(x['value'])}"
            + (f"（{plain_cite(x['source'])}）" if x["source"] else "")
            for x in mine
            if x["ruleset"] not in off
        ]
        table.add_row(
            escape(label),
            escape(f"{_value(mine[0]['default'])}\n{mine[0]['help']}"),
            escape("\n".join(lines) or "—"),
        )
    out.print(table)
    if off:
        out.print(escape(f"未启用此规则的规则集：{'、'.join(off)}"), highlight=False)


#: A setting's or option's value in the words a director reads (the value he writes in the
#: game file stays beside it: the setting's key names it).
VALUE_WORDS = {
    "next_day": "计入下一天",
    "none": "无",
    "discussion": "讨论帖",
    "vote": "投票帖",
    "process": "进程帖",
    "rules": "规则帖",
    "lastwords": "遗言帖",
    "plurality": "最高票",
    "killbar3": "三轮投票制",
    "alive": "存活玩家数",
    "cast": "有效投票数",
    "copy": "给导演复制",
    "forum": "发到进程帖",
    "before_vote": "先于投票结算",
    "after_vote": "在投票结算之后",
    "sheriff_target": "警长投票的人出局",
    "sheriff_target_if_tied": "平票时警长投票的人出局",
    "blue": "蓝牌",
    "yellow": "黄牌",
    "red": "红牌",
    "warning": "提醒导演",
    "substitute": "替补",
    "first_days": "第一天跨几个自然日",
    "days": "以后每天跨几个自然日",
    "close": "关门钟点",
    "phases": "分环节",
}


def _value(value: Any) -> str:
    if isinstance(value, bool):
        return "是" if value else "否"
    if isinstance(value, list | tuple):
        return "、".join(_value(v) for v in value) or "（空）"
    if isinstance(value, dict):
        return "，".join(f"{_value(k)} {_value(v)}" for k, v in value.items()) or "（空）"
    if isinstance(value, str):
        return VALUE_WORDS.get(value, value)
    return str(value)


def _short(help_text: str) -> str:
    """A setting's help up to its first explanation (``讨论日的长短与关门钟点``)."""
    head = help_text.split("：", 1)[0]
    return head if len(head) >= 2 else help_text


def rules_table(ruleset: str | None = None) -> Table:
    """The rules for a terminal of 80 columns: one row per rule (and one for the rule set's
    settings), its options folded into one cell as ``name = value`` lines (with the default
    where the rule set changes it)."""
    rs = load_ruleset(ruleset) if ruleset else None
    title = f"{rs.title}（{rs.name}）：启用 {len(rs.rules)} 条规则" if rs else "规则"
    table = Table(title=escape(title), show_lines=True, expand=False)
    table.add_column("代码", no_wrap=True)
    table.add_column("标题 / 依据", overflow="fold", ratio=2)
    table.add_column("取值" if rs else "选项（默认）", overflow="fold", ratio=3)
    if rs is not None:
        lines = []
        for key, opt in SETTINGS.items():
            value = rs.settings[key]
            changed = "" if value == opt.default else f"（默认 {_value(opt.default)}）"
            lines.append(f"{_short(opt.help)}：{_value(value)}{changed}（{key}）")
        table.add_row("规则集设置", escape(f"{rs.title}\n种子 {rs.seed}"), escape("\n".join(lines)))
    for r in all_rules():
        if rs is not None and not rs.enabled(r.code):
            continue
        values = rs.rules.get(r.code, {}) if rs is not None else {}
        lines = []
        for name, opt in r.all_options().items():
            if name == "enabled":
                continue
            default = opt.default if name != "kind" else r.code
            if rs is None:
                lines.append(f"{name} = {_value(default)}")
                continue
            value = values.get(name, default)
            changed = (
                "" if value == default or value in ("", None) else f"（默认 {_value(default)}）"
            )
            lines.append(f"{name} = {_value(value)}{changed}")
        table.add_row(r.code, escape(f"{r.title}\n{r.seed}"), escape("\n".join(lines)))
    return table
