"""The director's drafts: what he posts or sends every day (issue 31, item 2).

- **announcement** (公告): the night's announcement as ``announcement.bbcode`` has it
  (approved cards, eliminations, the lurking list, the 电梯), in parts within the forum's
  maxpostsize (:mod:`auditor.report.parts`);
- **tally** (票型): every current ballot of the open day with its floor and time, the void
  vote posts with their reason, ``截至 HH:MM``, and no verdict (the day is not closed);
- **reminder** (投票提醒): before the close, who has not voted, who is under the day's post
  minimum and the time left, nobody named as lurking.

Which exist and where each may go is the rule set's (``midday_tally``, ``reminder``,
``reminder_hours``), each cited in its preset: 版杀7 has no mid-day tally (4.1.2 说明 1:
讨论和投票过程中不计票); M107 sends the reminder through its 联谊群 (QQ), so it is a text to
copy unless the game file says the forum is the place (``[rules] reminder = "forum"``).
Nothing here posts: a draft is text.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any, cast

from auditor.errors import AuditorError
from auditor.game.gamefile import DaySpec
from auditor.report.bbcode import _post_link as post_link  # the announcement's own helpers
from auditor.report.bbcode import _safe as safe_text
from auditor.report.bbcode import held_back, render_bbcode, written
from auditor.report.parts import DEFAULT_LIMIT, split_announcement
from auditor.report.records import Records
from auditor.visible import visible

KINDS = ("announcement", "tally", "reminder")
KIND_NAMES = {"announcement": "公告", "tally": "票型", "reminder": "投票提醒"}
PROCESS_THREAD = "进程帖"
SUPERSEDED = "已改票"  # the start of the vote book's note on a ballot a later change replaced


class NoDraftError(AuditorError):
    """This draft does not exist here (the rule set has none, or no day is open)."""


@dataclass(frozen=True, slots=True)
class Draft:
    kind: str  # one of KINDS
    title: str  # for the director: 第2天票型（截至 11-23 20:30）
    text: str  # the whole text (BBCode for the forum, plain for a copied reminder)
    parts: tuple[str, ...]  # the posts it takes, each within maxpostsize (CRLF)
    postable: bool  # may go to the forum; else a text to copy
    where: str  # 进程帖, or where the director sends it himself
    why: str = ""  # the rule set's citation for whether and where
    notes: tuple[str, ...] = field(default_factory=tuple)


def _cite(sources: Mapping[str, Mapping[str, str]], key: str) -> str:
    return sources.get("ruleset", {}).get(key, "")


def announcement_draft(records: Records, text: str | None = None) -> Draft:
    """The announcement (``text``: its BBCode, when rendered already) in its parts."""
    text = render_bbcode(records) if text is None else text
    limit = int(records.game.get("maxpostsize", DEFAULT_LIMIT))
    day = records.announce_day
    return Draft(
        kind="announcement",
        title=f"第{day}天公告" if day else "公告",
        text=text,
        parts=tuple(split_announcement(text, limit)),
        postable=True,
        where=PROCESS_THREAD,
        notes=tuple(held_back(records)),  # (to the director, never in the text: fh46)
    )


@dataclass(frozen=True, slots=True)
class Offered:
    """One of the rule set's daily drafts as the report and the desk list it: the draft, or
    why there is none now (no day open).  A draft the rule set never has (版杀7's mid-day
    票型) is not offered at all (:attr:`Posts.absent` says why)."""

    kind: str
    name: str  # 票型 / 投票提醒
    draft: Draft | None
    missing: str = ""  # why there is no draft now


@dataclass(frozen=True, slots=True)
class Posts:
    """The drafts a report or the desk shows: the announcement (None on the desk: it has
    its own section), the 票型 and 投票提醒 the rule set has, and what it never has, cited."""

    announcement: Draft | None
    daily: list[Offered]
    absent: list[str]


def posts_of(records: Records, announcement: str | None) -> Posts:
    """The report's drafts as of its records' time (``announcement``: its BBCode, or None
    for none), each made as ``auditor post KIND --dry-run --now`` makes it at that time."""
    ann = announcement_draft(records, announcement) if announcement is not None else None
    inputs = records.inputs
    if inputs is None:
        return Posts(ann, [], [])
    kinds, absent = ["tally", "reminder"], []
    if not inputs.settings["midday_tally"]:  # 版杀7 4.1.2 说明1
        kinds.remove("tally")
        why = _cite(inputs.sources, "midday_tally") or "规则集设定讨论日中途不计票"
        absent.append(f"没有{KIND_NAMES['tally']}：这个规则集讨论日进行中不计票（{why}）")
    daily = []
    for kind in kinds:
        try:
            day = open_day(inputs.days, inputs.now, None, flags=False)
        except NoDraftError as exc:
            daily.append(Offered(kind, KIND_NAMES[kind], None, str(exc)))
            continue
        as_of = crawled_by(records, inputs.now)
        draft = (
            tally_draft(records, inputs.settings, inputs.sources, day, as_of)
            if kind == "tally"
            else reminder_draft(records, inputs.settings, inputs.sources, day, inputs.now, as_of)
        )
        daily.append(Offered(kind, KIND_NAMES[kind], draft))
    return Posts(ann, daily, absent)


def crawled_by(records: Records, when: datetime) -> datetime:
    """The time the ballots are known up to: ``when``, or the last crawl when earlier (a
    票型 "截至 20:30" from a crawl at 19:00 would claim ninety minutes it never read) — a
    crawl of saved pages read the forum as of the pages' own time (``forum_time``)."""
    crawl = records.summary.get("crawl") or {}
    started = crawl.get("forum_time") or crawl.get("started_at")  # (saved pages: their time)
    if not started:
        return when
    crawled = datetime.fromisoformat(str(started))
    if crawled.tzinfo is None:
        crawled = crawled.replace(tzinfo=UTC)
    return min(when, crawled.astimezone(when.tzinfo))


def _hm(t: datetime, now: datetime) -> str:
    return t.strftime("%H:%M") if t.date() == now.date() else t.strftime("%m-%d %H:%M")


def said_time(t: datetime, zone: datetime) -> str:
    """A time as a director says it, in ``zone``'s time zone: ``11月25日 22:00``."""
    t = t.astimezone(zone.tzinfo) if zone.tzinfo is not None else t
    return f"{t.month}月{t.day}日 {t:%H:%M}"


def no_open_day(days: Sequence[DaySpec], now: datetime) -> str:
    """Why there is no 票型 or 投票提醒 at ``now``, in words (the last day closed, the next
    one's opening): what the report and the desk say, where no command-line flag helps."""
    said = f"现在（{said_time(now, now)}，论坛时间）没有进行中的讨论日"
    closed = [d for d in days if d.closes < now]
    coming = [d for d in days if d.opens > now]
    if closed:
        last = max(closed, key=lambda d: d.closes)
        said += f"：第{last.number}天已在 {said_time(last.closes, now)} 关门"
    if coming:
        first = min(coming, key=lambda d: d.opens)
        said += f"{'，' if closed else '：'}第{first.number}天 {said_time(first.opens, now)} 开门"
    return said + "。票型和投票提醒只在讨论日进行时才有。"


def open_day(
    days: Sequence[DaySpec], now: datetime, day: int | None, *, flags: bool = True
) -> DaySpec:
    """The day a tally or reminder is for: ``day`` when given, else the day open at ``now``;
    a closed or missing day is a :class:`NoDraftError` saying what to use instead (the
    command's ``--day`` / ``--now`` with ``flags``; the report and desk say it in words)."""
    if day is None:
        found = next((d for d in days if d.opens <= now <= d.closes), None)
        if found is None and not flags:
            raise NoDraftError(no_open_day(days, now))
        if found is None:
            raise NoDraftError(
                f"{now:%m-%d %H:%M} 没有进行中的讨论日：票型和投票提醒只在讨论日进行时才有"
                "（用 --day 指定一天，或 --now 指定时间）"
            )
        return found
    found = next((d for d in days if d.number == day), None)
    if found is None:
        raise NoDraftError(f"没有第{day}天")
    if now > found.closes:
        raise NoDraftError(
            f"第{day}天已经关门：计票结果见 auditor votes GAME --day {day} --format bbcode"
        )
    if now < found.opens:
        raise NoDraftError(f"第{day}天还没有开始（{found.opens:%m-%d %H:%M} 开门）")
    return found


def require_midday_tally(
    settings: Mapping[str, object], sources: Mapping[str, Mapping[str, str]], day: int
) -> str:
    """The rule set's citation for a mid-day 票型, or :class:`NoDraftError` where it has
    none (版杀7: 讨论和投票过程中不计票)."""
    why = _cite(sources, "midday_tally")
    if not settings["midday_tally"]:
        raise NoDraftError(
            f"这个规则集讨论日进行中不公布票型（{why or '规则集的设定'}）"
            f"：关门后的计票结果见 auditor votes GAME --day {day} --format bbcode"
        )
    return why


def tally_draft(
    records: Records,
    settings: Mapping[str, object],
    sources: Mapping[str, Mapping[str, str]],
    day: DaySpec,
    as_of: datetime,
) -> Draft:
    """The 票型 of ``day`` (a DaySpec, not closed) as of ``as_of``: the ballots the tally
    counts, by target with their weights, the abstentions and the void vote posts."""
    why = require_midday_tally(settings, sources, day.number)
    n = day.number
    ballots = [v for v in records.votes if v["day"] == n]
    rounds = [x for x in records.rounds if x["day"] == n]
    weights = seat_weights(rounds)
    sheriff = next((x["sheriff"] for x in rounds if x.get("sheriff")), None)
    stamp = _hm(as_of, as_of)
    lines = [f"[b]第{n}天票型（截至 {stamp}，尚未关门，不是结果）[/b]"]
    keys = list(dict.fromkeys(b["round"] for b in ballots)) or [""]
    for key in keys:
        these = [b for b in ballots if b["round"] == key]
        lines.extend(_tally_round(these, key, weights, sheriff, as_of))
    lines.extend(_void_lines(ballots))
    if not ballots:
        lines.append("还没有投票帖")
    text = written(records, "\n".join(lines) + "\n")
    limit = int(records.game.get("maxpostsize", DEFAULT_LIMIT))
    return Draft(
        kind="tally",
        title=f"第{n}天票型（截至 {as_of:%m-%d %H:%M}）",
        text=text,
        parts=tuple(split_announcement(text, limit)),
        postable=True,
        where=PROCESS_THREAD,
        why=why,
    )


def seat_weights(rounds: Sequence[Mapping[str, object]]) -> dict[str, float]:
    """The rounds' vote weights, also under each seat: a round keys a substitute's weight by
    her shown name (浪花（替 老周）) while a ballot names the seat (老周)."""
    weights: dict[str, float] = {}
    names: dict[str, str] = {}
    for x in rounds:
        weights |= cast("Mapping[str, float]", x.get("weights") or {})
        names |= cast("Mapping[str, str]", x.get("names") or {})
    return weights | {seat: weights[shown] for seat, shown in names.items() if shown in weights}


def _void_lines(ballots: list[dict[str, Any]]) -> list[str]:
    """The void vote posts of a 票型, each with its reason."""
    void = [b for b in ballots if not b["valid"] and b["problem"] not in ("", "corrected")]
    if not void:
        return []
    lines = ["", "[b]无效的投票帖[/b]"]
    for b in void:
        detail = f"（{safe_text(b['note'])}）" if b.get("note") else ""
        problem = safe_text(b["problem_text"] or b["problem"])
        lines.append(f"{post_link(b)} {safe_text(b['voter'])}：{problem}{detail}")
    return lines


def counted(b: Mapping[str, Any]) -> bool:
    """A ballot the tally counts now: valid, with weight, not an abstention."""
    return bool(b["valid"]) and b["kind"] != "abstain" and float(b["weight"] or 0) > 0


def _tally_round(
    ballots: list[dict[str, Any]],
    key: object,
    weights: Mapping[str, float],
    sheriff: str | None,
    now: datetime,
) -> list[str]:
    rnd = f"第{key}轮 " if key not in ("", None) else ""
    by_target: dict[str, list[dict[str, Any]]] = {}
    for b in ballots:
        if counted(b):
            by_target.setdefault(str(b["target"]), []).append(b)
    rows = sorted(
        by_target.items(), key=lambda kv: (-sum(float(b["weight"]) for b in kv[1]), kv[0])
    )
    lines = []
    for target, bs in rows:
        votes = sum(float(b["weight"]) for b in bs)
        who = "、".join(_ballot(b, weights, sheriff, now) for b in bs)
        lines.append(f"{rnd}{safe_text(target)}：{_num(votes)} 票（{who}）")
    abstained = [
        b
        for b in ballots
        if b["valid"]
        and b["kind"] == "abstain"
        and not str(b.get("note", "")).startswith(SUPERSEDED)
    ]
    if abstained:
        lines.append(
            f"{rnd}弃权：{'、'.join(_ballot(b, weights, sheriff, now) for b in abstained)}"
        )
    return lines


def _ballot(
    b: dict[str, Any], weights: Mapping[str, float], sheriff: str | None, now: datetime
) -> str:
    voter = str(b["voter"])
    weight = weights.get(voter)
    shown = safe_text(voter)
    if weight is not None:
        shown += f"（{'警长 ' if voter == sheriff else ''}×{_num(weight)}）"
    at = datetime.fromisoformat(str(b["posted_at"])).astimezone(now.tzinfo)
    change = " 改票" if b["kind"] == "change" else ""
    proxy = f" {safe_text(b['proxy'])}代投" if b.get("proxy") else ""
    return f"{shown} {post_link(b)} {_hm(at, now)}{change}{proxy}"


def _num(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else f"{x:g}"


def reminder_draft(
    records: Records,
    settings: Mapping[str, Any],
    sources: Mapping[str, Mapping[str, str]],
    day: DaySpec,
    now: datetime,
    as_of: datetime,
) -> Draft:
    """The reminder for ``day`` (a DaySpec, not closed) at ``now``, the ballots and posts as
    of ``as_of``: the time left, who has not voted, who is under the post minimum."""
    phase = next((p for p in day.phases if p.opens <= now <= p.closes), None)
    closes = phase.closes if phase is not None else day.closes
    n = day.number
    non_voters = _non_voters(records, n, phase.number if phase is not None else None)
    left = closes - now
    lines = [
        f"【投票提醒】第{n}天{f'第{phase.number}环节' if phase else ''}投票 "
        f"{closes:%m-%d %H:%M} 截止，还有 {_span(left)}。"
    ]
    # a player whose only ballots are void has not voted validly: 投票无效, not 还没有投票
    # (as `auditor status` says; the tally lists the void ballot)
    void = _void_ballots(records, n, non_voters, now)
    silent = [p for p in non_voters if p not in void]
    if silent:
        lines.append(f"还没有投票：{'、'.join(visible(p) for p in silent)}")
    if void:
        lines.append(
            "投票无效：" + "、".join(f"{visible(p)}（{'、'.join(why)}）" for p, why in void.items())
        )
    if not non_voters:
        lines.append("存活玩家都已投票。")
    under = _under_minimum(records, n, phase.number if phase else None)
    if under and under[1]:  # (never an empty 发言还不到 5 帖：)
        minimum, who = under
        # a seat is one seat, named as the round names it (凉糕（替 肥肠粉）, not 肥肠粉 here
        # and 凉糕（替 肥肠粉） under 还没有投票; fh48c)
        named = _shown_names(records, n)
        lines.append(
            f"发言还不到 {minimum} 帖："
            + "、".join(f"{visible(named.get(p, p))}（{k} 帖）" for p, k in who)
        )
    lines.append(f"（截至 {_hm(as_of, now)} 的统计，以导演关门时的计票为准）")
    text = written(records, "\n".join(lines) + "\n")
    notes = [_reminder_window(settings["reminder_hours"], closes, now)]
    postable = settings["reminder"] == "forum"
    return Draft(
        kind="reminder",
        title=f"第{n}天投票提醒（{now:%m-%d %H:%M}）",
        text=text,
        parts=(text,),
        postable=postable,
        where=PROCESS_THREAD if postable else "导演自己发（QQ 群等），复制这段文字",
        why=_cite(sources, "reminder"),
        notes=tuple(notes),
    )


def _non_voters(records: Records, day: int, phase: int | None) -> list[str]:
    """Who has not voted yet in the day's round (a 环节's own round when there are several)."""
    rnd = [x for x in records.rounds if x["day"] == day]
    if phase is not None and len(rnd) > 1:
        rnd = [x for x in rnd if str(x["round"]) == str(phase)] or rnd[-1:]
    return [p for x in rnd[-1:] for p in x.get("non_voters", [])]


def _shown_names(records: Records, day: int) -> dict[str, str]:
    """Seat -> the name the day's rounds show for it (a substitute on her own account:
    浪花（替 老周）)."""
    return {s: n for x in records.rounds if x["day"] == day for s, n in x.get("names", {}).items()}


def _void_ballots(
    records: Records, day: int, non_voters: Sequence[str], now: datetime
) -> dict[str, list[str]]:
    """Of ``non_voters`` (no valid vote), those who posted a ballot on ``day`` by ``now``:
    each with his void ballots (#floor and why)."""
    out: dict[str, list[str]] = {}
    # a ballot names its seat; the round a substitute on her own account (浪花（替 老周）)
    shown = _shown_names(records, day)
    for b in records.votes:
        voter = str(b.get("voter") or "")
        voter = shown.get(voter, voter)
        if voter not in non_voters or b.get("day") != day:
            continue
        at = datetime.fromisoformat(str(b["posted_at"])) if b.get("posted_at") else None
        if at is not None and at > now:
            continue
        floor = f"#{b['floor']}" if b.get("floor") not in (None, "") else "一票"
        why = str(b.get("problem_text") or "")
        out.setdefault(voter, []).append(f"{floor} {why}".strip())
    return out


def _reminder_window(hours: list[float], closes: datetime, now: datetime) -> str:
    """When the rule set wants the reminder sent, and whether ``now`` is in it."""
    early, late = closes - timedelta(hours=hours[0]), closes - timedelta(hours=hours[1])
    return (
        f"提醒时间：关门前 {_num(hours[0])} 小时到 {_num(hours[1])} 小时之间"
        f"（{_hm(early, now)}–{_hm(late, now)}）"
        + ("" if early <= now <= late else f"；现在 {_hm(now, now)} 不在这段时间里")
    )


def _span(left: timedelta) -> str:
    minutes = max(0, int(left.total_seconds() // 60))
    h, m = divmod(minutes, 60)
    if h and m:
        return f"{h} 小时 {m} 分钟"
    return f"{h} 小时" if h else f"{m} 分钟"


def _under_minimum(
    records: Records, day: int, phase: int | None
) -> tuple[int, list[tuple[str, int]]] | None:
    """(the post minimum, the alive players under it so far) on the day (or its phase), or
    None when the rule set has no such minimum (LURK-DAY off)."""
    rows = [
        a
        for a in records.activity
        if a["day"] == day
        and a["alive"]
        and a["min_posts"] != ""
        and (a["phase"] == "" if phase is None else str(a["phase"]) == str(phase))
    ]
    if not rows:
        return None
    minimum = int(rows[0]["min_posts"])
    return minimum, [(a["player"], int(a["posts"])) for a in rows if int(a["posts"]) < minimum]
