"""`auditor votes`: every vote post judged, the day's tally (计票), and its BBCode announcement."""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Sequence
from datetime import UTC, datetime
from enum import StrEnum
from typing import Annotated, Any

import typer

from auditor.cli.common import Format as _Format
from auditor.cli.common import (
    GameArg,
    NowOpt,
    check_choice,
    command,
    emit,
    handle_errors,
    now_in,
    open_game,
    open_store,
    out,
    require_crawled,
    warn_state,
    write_utf8,
)
from auditor.cli.console import escape
from auditor.cli.today import recorded
from auditor.errors import AuditorError
from auditor.game.gamefile import Game
from auditor.pipeline import accept_suggestion, correct_vote
from auditor.report.bbcode import tally_lines
from auditor.report.labels import KIND_NAMES, OUTCOME_NAMES
from auditor.report.records import (
    BALLOT_EXTRA,
    Records,
    build_records,
    post_time,
)
from auditor.rules.engine import build_context, ruleset_for
from auditor.rules.records import CheckRecords
from auditor.rules.records import derive as derive_records
from auditor.rules.votebook import PROBLEM_TEXT, ROUND_NAMES

VOTE_COLUMNS = ["day", "voter", "target", "kind", "valid", "problem", "weight", "pid", "posted_at"]
VOTE_EXTRA = ["proxy", "round", "tid", "floor", "suggestion", "note"]
TALLY_COLUMNS = ["day", "round", "target", "votes", "outcome"]
TALLY_EXTRA = ["voters", "reason"]

OUTCOME_TEXT = OUTCOME_NAMES  # one label table (auditor.report.labels)
KIND_TEXT = KIND_NAMES
# The table is for people (Chinese headers and values, times to the second in forum time);
# csv and json keep the English column names and values.
VOTE_TABLE = (
    ("day", "天"),
    ("voter", "投票人"),
    ("target", "投票对象"),
    ("kind", "类型"),
    ("valid", "有效"),
    ("problem", "问题"),
    ("weight", "票数"),
    ("pid", "pid"),
    ("time", "时间"),
)
VOTE_TABLE_EXTRA = (("floor", "楼层"), ("proxy", "代投"), ("note", "备注"))
TALLY_TABLE = (
    ("day", "天"),
    ("round", "轮次"),
    ("target", "对象"),
    ("votes", "票数"),
    ("outcome", "结果"),
    ("voters", "投票人"),
)


class VotesFormat(StrEnum):
    table = "table"
    csv = "csv"
    json = "json"
    bbcode = "bbcode"


def bbcode(records: Records, checked: CheckRecords, day: int) -> str:
    """The day's 计票 announcement, ready to paste: the announcement's own tally (one
    renderer, :func:`auditor.report.bbcode.tally_lines`), then what only this view adds —
    a day not yet closed, each round's result, the invalid vote posts and the director's
    corrections.  Square brackets in names and notes cannot open a tag."""
    lines = tally_lines(records, day)
    rounds = [r for r in checked.rounds if r["day"] == day]
    if not (rounds[0]["day_closed"] if rounds else _closed(records, day)):
        lines[0] += "（尚未关门，暂计）"
    for r in rounds:
        if r["reason"]:
            name = f"（{r['name']}）" if r["round"] != "" else ""
            lines.append(_safe(f"结果{name}：{r['reason']}"))
    ballots = [b for b in checked.ballots if b["day"] == day]
    invalid = [b for b in ballots if not b["valid"] and b["problem"] not in ("", "corrected")]
    if invalid:
        lines += ["", "[b]无效的投票帖[/b]"]
        for b in invalid:
            detail = f"（{b['detail']}）" if b["detail"] else ""
            problem = PROBLEM_TEXT.get(b["problem"], b["problem"])
            lines.append(_safe(f"{b['floor'] or ''}楼 {b['voter']}：{problem}{detail}"))
    corrected = [b for b in ballots if b["correction"] is not None]
    if corrected:
        lines += ["", "[b]导演更正[/b]"]
        for b in corrected:
            c = b["correction"]
            what = c["note"] or ("无效" if c["invalid"] else f"计为 {c['target']}")
            lines.append(_safe(f"{b['floor'] or ''}楼 {b['voter']}：{what}"))
    return "\n".join(lines) + "\n"


def _closed(records: Records, day: int) -> bool:
    return any(d["number"] == day and d["closed"] for d in records.days)


def _safe(text: str) -> str:
    return text.replace("[", "［").replace("]", "］")


def vote_records(checked: CheckRecords, day: int | None = None) -> list[dict[str, Any]]:
    return [
        {k: v for k, v in b.items() if k not in BALLOT_EXTRA}
        for b in checked.ballots
        if day is None or b["day"] == day
    ]


def tally_records(checked: CheckRecords, day: int | None = None) -> list[dict[str, Any]]:
    return [dict(t) for t in checked.tally if day is None or t["day"] == day]


def vote_table_rows(
    checked: CheckRecords, game: Game, day: int | None = None
) -> list[dict[str, Any]]:
    """The votes table for people: 投票/改票/弃权, 是/否, the problem in Chinese."""
    rows = []
    for b in checked.ballots:
        if day is not None and b["day"] != day:
            continue
        r = {k: v for k, v in b.items() if k not in BALLOT_EXTRA}
        r["kind"] = KIND_TEXT.get(str(r["kind"]), r["kind"])
        r["valid"] = "是" if b["valid"] else "否"
        r["problem"] = PROBLEM_TEXT.get(b["problem"], b["problem"]) if b["problem"] else ""
        if b["suggestion"]:
            r["problem"] += f"（是不是 {b['suggestion']}？）"
        r["time"] = post_time(b["posted_at"], game, b["time_precision"])
        rows.append(r)
    return rows


def _round_name(checked: CheckRecords, day: int, rnd: Any) -> str:
    """A round's name for people (第一轮 …), "" for a day of one round."""
    if rnd is None or rnd == "":
        return ""
    name = next((r["name"] for r in checked.rounds if r["day"] == day and r["round"] == rnd), "")
    return ROUND_NAMES.get(rnd, name)


def tally_table_rows(checked: CheckRecords, day: int | None = None) -> list[dict[str, Any]]:
    rows = []
    for t in checked.tally:
        if day is not None and t["day"] != day:
            continue
        r = dict(t)
        r["round"] = _round_name(checked, t["day"], t["round"])
        r["outcome"] = OUTCOME_TEXT.get(str(r["outcome"]), r["outcome"] or "")
        rows.append(r)
    return rows


def _print_reasons(checked: CheckRecords, day: int | None) -> None:
    for r in checked.rounds:
        if (day is not None and r["day"] != day) or not r["reason"]:
            continue
        name = f" {_round_name(checked, r['day'], r['round'])}" if r["round"] != "" else ""
        out.print(escape(f"第{r['day']}天{name}：{r['reason']}"), highlight=False)


def _csv(rows: Sequence[dict[str, Any]], columns: Sequence[str]) -> None:
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(columns)
    for r in rows:
        w.writerow(
            [
                "true"
                if r.get(c) is True
                else "false"
                if r.get(c) is False
                else ""
                if r.get(c) is None
                else r.get(c)
                for c in columns
            ]
        )
    write_utf8(buf.getvalue())


@command("correct-vote")
def correct_vote_cmd(
    game: GameArg,
    pid: Annotated[int, typer.Argument(help="投票帖的 pid（auditor votes 列出）")],
    count_as: Annotated[
        str | None,
        typer.Option("--as", help="这一票投的是谁（名字、座位号如 7号、别名或 弃权）"),
    ] = None,
    void: Annotated[bool, typer.Option("--void", help="这一票作废")] = False,
    not_vote: Annotated[
        bool, typer.Option("--not-vote", help="这个帖子不是票（例如导演自己的公示表格）")
    ] = False,
    by: Annotated[
        str | None, typer.Option("--by", help="更正的导演（默认 \\[game] decided_by）")
    ] = None,
) -> None:
    """更正一票：按谁计（--as）、作废（--void），都不写时接受提示的“是否想投”；写进游戏文件的
    更正记录，签上导演的名字，下次审计用上。截止后的票、关门前一小时内的改票等，改对象也不算，
    只能作废。

    例：auditor correct-vote game.toml 5067 --as 7号；auditor correct-vote game.toml 5067 --void；
    导演自己的公示被读成了票：auditor correct-vote game.toml 5067 --not-vote
    """

    with handle_errors():
        if sum((void, count_as is not None, not_vote)) > 1:
            raise AuditorError("--as、--void 和 --not-vote 只能选一个")
        g = open_game(game)
        with open_store(g, existing="更正投票") as store:
            if count_as is None and not void and not not_vote:
                said = accept_suggestion(g, store, pid, by=by)
            else:
                said = correct_vote(g, store, pid, target=count_as, by=by, not_vote=not_vote)
        out.print(said)


@command("votes")
def votes_cmd(
    game: GameArg,
    day: Annotated[int | None, typer.Option("--day", "-d", help="只看这一天")] = None,
    tally: Annotated[bool, typer.Option("--tally", help="输出计票结果，而不是逐帖的投票")] = False,
    fmt: Annotated[
        VotesFormat, typer.Option("--format", "-f", help="输出格式：table | csv | json | bbcode")
    ] = VotesFormat.table,
    now: NowOpt = None,
) -> None:
    """投票：逐帖列出每张票（有效与否、原因、计票权重），或每天的计票结果。

    csv 列：day,voter,target,kind,valid,problem,weight,pid,posted_at，之后是 proxy（代投的导演）等；
    --tally 时为 day,round,target,votes,outcome。--format bbcode 输出当天的计票公告，可直接贴到帖子里。

    例：auditor votes examples/sample/game.toml --day 2 --tally --format csv
    """
    with handle_errors():
        g = open_game(game)
        rs = ruleset_for(g)
        with open_store(g, existing="统计投票") as store:
            require_crawled(g, store, action="统计投票")
            warn_state(g, store)  # (first: a 延时 or a death not read makes the tally wrong)
            if now is not None:  # the votes as they stood then: judged afresh, the same path,
                when = now_in(g.timezone, now)  # from the posts posted by then
                checked = derive_records(build_context(g, store, now=when, ruleset=rs, so_far=True))
            else:  # what the last check recorded
                when = datetime.now(UTC).astimezone(g.timezone)
                checked = recorded(g, store, rs)
            records = (
                build_records(g, store, ruleset=rs, now=when, records=checked)
                if fmt is VotesFormat.bbcode
                else None
            )
        vote_days = [d.number for d in g.days]
        if day is not None:
            check_choice(day, vote_days, option="--day", what="这一天")
        if fmt is VotesFormat.bbcode:
            assert records is not None
            shown = [d for d in vote_days if day is None or d == day]
            write_utf8("\n".join(bbcode(records, checked, d) for d in shown))
            return
        if fmt is VotesFormat.table:
            if tally:
                rows, spec = tally_table_rows(checked, day), list(TALLY_TABLE)
            else:
                rows, spec = vote_table_rows(checked, g, day), list(VOTE_TABLE)
                spec += [(c, h) for c, h in VOTE_TABLE_EXTRA if any(r.get(c) for r in rows)]  # used
            if not rows:
                out.print("没有计票结果。" if tally else "没有投票帖。")
                return
            emit(
                rows,
                [c for c, _ in spec],
                _Format.table,
                title="计票" if tally else "投票",
                headers=[h for _, h in spec],
            )
            if tally:
                _print_reasons(checked, day)
            return
        if tally:
            rows, columns = tally_records(checked, day), [*TALLY_COLUMNS, *TALLY_EXTRA]
        else:
            rows, columns = vote_records(checked, day), [*VOTE_COLUMNS, *VOTE_EXTRA]
        if fmt is VotesFormat.csv:
            _csv(rows, columns)
        else:
            write_utf8(json.dumps(rows, ensure_ascii=False, indent=2, default=str) + "\n")
