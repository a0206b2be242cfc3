"""`auditor votes`: every vote post judged, the day's tally (计票), and its BBCode announcement."""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Sequence
from datetime import datetime
from enum import StrEnum
from typing import Annotated, Any

import jinja2
import typer

from auditor.cli import Format as _Format
from auditor.cli import (
    GameArg,
    command,
    emit,
    handle_errors,
    open_game,
    open_store,
    out,
    write_utf8,
)
from auditor.engine import build_context, ruleset_for
from auditor.votes import PROBLEM_TEXT, DayVotes, VoteBook, votes_for

VOTE_COLUMNS = ["day", "voter", "target", "kind", "valid", "problem", "weight", "pid", "posted_at"]
VOTE_EXTRA = ["proxy", "round", "tid", "floor", "suggestion", "note"]
TALLY_COLUMNS = ["day", "round", "target", "votes", "outcome"]
TALLY_EXTRA = ["voters", "reason"]

OUTCOME_TEXT = {
    "sheriff_elected": "当选警长",
    "eliminated": "出局",
    "suspect": "可疑者",
    "idiot_revealed": "白痴翻牌",
}


class VotesFormat(StrEnum):
    table = "table"
    csv = "csv"
    json = "json"
    bbcode = "bbcode"


BBCODE = jinja2.Environment(autoescape=False, trim_blocks=True, lstrip_blocks=True).from_string(
    """\
[b]第 {{ d.day }} 天 计票[/b]{% if not d.closed %}（尚未关门，暂计）{% endif %}

{% for r in d.rounds %}
{% if r.round is not none %}[b]{{ r.name }}[/b]
{% endif %}
{% for target, votes in r.counts | dictsort(by='value', reverse=true) %}
{{ target }}：{{ fmt(votes) }} 票（{{ r.voters[target] | map('decorate', r) | join('、') }}）\
{% if r.outcome.get(target) %} [b]{{ outcome_text[r.outcome[target]] }}[/b]{% endif %}

{% endfor %}
{% if r.abstained %}
弃权：{{ r.abstained | join('、') }}
{% endif %}
{% if r.non_voters %}
未投票：{{ r.non_voters | join('、') }}
{% endif %}
{% if r.sheriff and r.sheriff_weight != 1 %}
（警长 {{ r.sheriff }} 的票计为 {{ fmt(r.sheriff_weight) }} 票）
{% endif %}
结果：{{ r.reason }}

{% endfor %}
{% if invalid %}
[b]无效的投票帖[/b]
{% for b in invalid %}
{{ b.gp.post.floor or '' }}楼 {{ b.voter }}：{{ problem_text[b.problem] }}{% if b.detail %}（{{ b.detail }}）{% endif %}

{% endfor %}
{% endif %}
{% if corrected %}
[b]导演更正[/b]
{% for b in corrected %}
{{ b.gp.post.floor or '' }}楼 {{ b.voter }}：{{ b.correction.note or ('无效' if b.correction.invalid else '计为 ' ~ b.correction.target) }}
{% endfor %}
{% endif %}
"""
)


def _fmt(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else f"{x:g}"


def _decorate(voter: str, r: Any) -> str:
    return f"{voter}（警长）" if voter == r.sheriff and r.sheriff_weight != 1 else voter


BBCODE.environment.filters["decorate"] = _decorate


def bbcode(d: DayVotes) -> str:
    """The day's 计票 announcement, ready to paste into the thread."""
    invalid = [b for b in d.ballots if not b.valid and b.problem and b.problem != "corrected"]
    corrected = [b for b in d.ballots if b.correction is not None]
    return (
        BBCODE.render(
            d=d,
            fmt=_fmt,
            outcome_text=OUTCOME_TEXT,
            problem_text=PROBLEM_TEXT,
            invalid=invalid,
            corrected=corrected,
        ).strip()
        + "\n"
    )


def vote_records(book: VoteBook, day: int | None = None) -> list[dict[str, Any]]:
    return [
        b.record() for d in book.days.values() if day is None or d.day == day for b in d.ballots
    ]


def tally_records(book: VoteBook, day: int | None = None) -> list[dict[str, Any]]:
    return [
        r
        for d in book.days.values()
        if day is None or d.day == day
        for t in d.rounds
        for r in t.records()
    ]


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


@command("votes")
def votes_cmd(
    game: GameArg,
    day: Annotated[int | None, typer.Option("--day", "-d", help="只看这一天")] = None,
    tally: Annotated[bool, typer.Option("--tally", help="输出计票结果，而不是逐帖的投票")] = False,
    fmt: Annotated[
        VotesFormat, typer.Option("--format", "-f", help="输出格式：table | csv | json | bbcode")
    ] = VotesFormat.table,
    now: Annotated[
        datetime | None,
        typer.Option(
            "--now",
            help="按这个时间判断（默认现在；论坛当地时间）",
            formats=["%Y-%m-%dT%H:%M:%S", "%Y-%m-%d %H:%M:%S", "%Y-%m-%dT%H:%M:%S%z"],
        ),
    ] = None,
) -> None:
    """投票：逐帖列出每张票（有效与否、原因、计票权重），或每天的计票结果。

    csv 列：day,voter,target,kind,valid,problem,weight,pid,posted_at，之后是 proxy（代投的导演）等；
    --tally 时为 day,round,target,votes,outcome。--format bbcode 输出当天的计票公告，可直接贴到帖子里。

    例：auditor votes examples/sample/game.toml --day 2 --tally --format csv
    """
    with handle_errors():
        g = open_game(game)
        when = None
        if now is not None:
            when = now.replace(tzinfo=g.timezone) if now.tzinfo is None else now
        with open_store(g) as store:
            ctx = build_context(g, store, now=when, ruleset=ruleset_for(g))
            book = votes_for(ctx)  # reads post versions: the store must be open
        if day is not None and day not in book.days:
            raise typer.BadParameter(f"游戏文件里没有第 {day} 天", param_hint="--day")
        if fmt is VotesFormat.bbcode:
            days = [d for d in book.days.values() if day is None or d.day == day]
            write_utf8("\n".join(bbcode(d) for d in days))
            return
        if tally:
            rows, columns = tally_records(book, day), [*TALLY_COLUMNS, *TALLY_EXTRA]
            title = "计票"
        else:
            rows, columns = vote_records(book, day), [*VOTE_COLUMNS, *VOTE_EXTRA]
            title = "投票"
        if fmt is VotesFormat.csv:
            _csv(rows, columns)
        elif fmt is VotesFormat.json:
            write_utf8(json.dumps(rows, ensure_ascii=False, indent=2, default=str) + "\n")
        else:
            if not rows:
                out.print("没有投票帖。")
                return
            emit(rows, columns, _Format.table, title=title)
