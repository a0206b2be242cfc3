"""潜水（lurking）: too few posts on a game day, or on several consecutive days.

Counted by :mod:`auditor.rules.activity` (the thread kinds the rule set counts; hidden posts
count, deleted ones do not; night posts only where the rule set credits them).  A day is
judged only after it has closed (an accelerated day at its accelerated close), and never for a
player eliminated before it closed (one voted out at the close is still measured).  An
accelerated (加速) day is not judged where the seed exempts it (``judge_accelerated = false``:
M107 5(1) 未加快进程的讨论日, 030 5(1) 未执行加速的讨论日, M39 执行加速时…发言不足…不被判罚);
版杀7 6.2 exempts none (``judge_accelerated = true``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from auditor.game.gamefile import DaySpec, PhaseSpec
from auditor.hanzi import to_simplified
from auditor.rules.activity import effective_counts, measured, measured_from_start, post_counts
from auditor.rules.base import (
    VERDICTS,
    Context,
    Finding,
    Option,
    Unit,
    aggregate_finding,
    no_posts,
    rule,
)
from auditor.rules.votebook import votes_for

AVERAGE_BASES = ("alive_at_start", "measured")


AVERAGE_OVER = ("phase", "day")


def _counts(ctx: Context, opts: Mapping[str, Any]) -> Mapping[tuple[str, int, int | None], int]:
    """The posts LURK-DAY counts: all of them, or only effective ones (``effective_only``:
    filler posts left out, see POST-FILLER)."""
    return effective_counts(ctx) if opts.get("effective_only") else post_counts(ctx)


def _day_average(
    ctx: Context,
    day: DaySpec,
    basis: str,
    phase: PhaseSpec | None = None,
    counts: Mapping[tuple[str, int, int | None], int] | None = None,
) -> float:
    """版杀7 6.2(1) "当天平均发贴数量": the day's counted posts (night posts credited to its
    first phase included) by the players of the basis, divided by their number.  With
    ``phase``, that 环节's own posts and players (5 时间分配: each 环节 is its own
    0:00–24:00 day): alive when it opened, or still measured when it closed."""
    sched = ctx.schedule
    opens, closes = (phase.opens, phase.closes) if phase else (day.opens, day.closes)
    if basis == "measured":
        players = [p for p in ctx.game.players if measured(sched, p, closes)]
    elif phase is not None:
        players = [p for p in ctx.game.players if sched.alive(p, opens)]
    else:
        players = [p for p in ctx.game.players if measured_from_start(sched, p, day)]
    if not players:
        return 0.0
    counts = post_counts(ctx) if counts is None else counts
    chosen = set(players)
    total = sum(
        n
        for (p, d, ph), n in counts.items()
        if d == day.number and p in chosen and (phase is None or ph == phase.number)
    )
    return total / len(players)


def _judged_days(ctx: Context, opts: Mapping[str, object]) -> Iterator[DaySpec]:
    """The closed days (an accelerated one once its accelerated close has passed), less the
    accelerated ones where the seed exempts them (``judge_accelerated`` false)."""
    for day in ctx.schedule.days:
        if day.accelerated and not opts.get("judge_accelerated"):
            continue
        if ctx.schedule.closed(day.number, ctx.now):
            yield day


def _last_played_phase(ctx: Context, day: DaySpec) -> int:
    """The last phase whose voting round took place (killbar7 4.1: "任何一轮中都是票数过半
    死亡，直接进入夜晚", so a day can end after round 1): later phases are not judged."""
    last = max(ph.number for ph in day.phases)
    dv = votes_for(ctx).days.get(day.number)
    rounds = [r.round for r in (dv.rounds if dv else []) if r.round is not None]
    if dv is None or not rounds:
        return last
    ended = any(r.outcome and any(o == "eliminated" for o in r.outcome.values()) for r in dv.rounds)
    return max(rounds) if ended else last


def lurk_day_units(
    ctx: Context, opts: Mapping[str, Any], days: Iterable[DaySpec] | None = None
) -> Iterator[tuple[str, DaySpec, int | None, int, str]]:
    """(player, day, phase, posts, note) for every lurking unit under ``opts``: on the
    judged days (closed; accelerated only where ``judge_accelerated``), or on ``days`` as they stand at ``ctx.now``
    (``auditor status`` on the open day: only phases already open are counted)."""
    counts = _counts(ctx, opts)
    sched = ctx.schedule
    min_posts = int(opts["min_posts"])
    ratio = float(opts["average_ratio"])
    basis = str(opts["average_basis"])
    for day in days if days is not None else _judged_days(ctx, opts):
        per_phase = bool(opts["per_phase"]) and bool(day.phases)
        by_phase = per_phase and opts["average_over"] == "phase"
        day_average = (
            _day_average(ctx, day, basis, counts=counts) if ratio > 0 and not by_phase else 0.0
        )
        averages = {
            ph.number: (
                _day_average(ctx, day, basis, ph, counts) if ratio > 0 and by_phase else day_average
            )
            for ph in day.phases
        }
        last_phase = _last_played_phase(ctx, day) if per_phase else 0
        for player in ctx.game.players:
            units: list[tuple[int | None, datetime, int]]
            if per_phase:
                units = [
                    (ph.number, ph.closes, counts.get((player, day.number, ph.number), 0))
                    for ph in day.phases
                    if ph.number <= last_phase and ph.opens <= ctx.now
                ]
            else:
                total = sum(n for (p, d, _), n in counts.items() if p == player and d == day.number)
                units = [(None, day.closes, total)]
            for phase, closes, n in units:
                if not measured(sched, player, closes) or n >= min_posts:
                    continue
                where = f"第{day.number}天" + (f"环节{phase}" if phase is not None else "")
                if ratio > 0:
                    average = averages.get(phase, day_average) if phase is not None else day_average
                    limit = average * ratio
                    if n >= limit:
                        continue
                    over = f"环节{phase}" if by_phase else "当天"
                    note = (
                        f"{where}发言 {n} 帖，少于 {min_posts} 帖，且少于{over}平均 {average:.1f} 帖的 "
                        f"{ratio:.0%}（{limit:.1f} 帖）"
                    )
                else:
                    note = f"{where}发言 {n} 帖，少于 {min_posts} 帖"
                yield player, day, phase, n, note


def _proxied(ctx: Context) -> set[tuple[str, int, int | None]]:
    """(seat, day, round) of every valid ballot the director posted for a player (代投)."""
    proxies = [b for b in votes_for(ctx).ballots if b.proxy and b.valid]
    return {(b.voter, b.day, b.round) for b in proxies} | {(b.voter, b.day, None) for b in proxies}


def lurk_day_verdict(ctx: Context, opts: Mapping[str, Any]) -> frozenset[Unit]:
    """LURK-DAY's verdict over every judged day: the (player, day, phase) units lurking."""
    return frozenset((p, d.number, ph) for p, d, ph, _, _ in lurk_day_units(ctx, opts))


VERDICTS["LURK-DAY"] = lurk_day_verdict


@rule(
    code="LURK-DAY",
    scope="day",
    title="单日潜水（发言不足）",
    seed="M107 违规判定 5(1)；030 违规判定 5(1)；版杀7 6.2(1)(2)(6)",
    kind="aggregate",
    options={
        "min_posts": Option(int, 5, "一天（或一个环节）少于这么多帖即为潜水", minimum=1),
        "per_phase": Option(bool, False, "按环节计数（版杀7：一个游戏环节的发贴数量）"),
        "average_ratio": Option(
            float,
            0.0,
            "同时要求少于当天平均发贴数的这一比例才算潜水（版杀7：0.2）；0 表示不比较平均数",
        ),
        "average_basis": Option(
            str,
            "alive_at_start",
            "平均数的算法：alive_at_start = 当天开门时存活玩家的总帖数 ÷ 其人数；"
            "measured = 当天关门时仍被计数的玩家的总帖数 ÷ 其人数",
            AVERAGE_BASES,
        ),
        "average_over": Option(
            str,
            "day",
            "按环节计数时，平均数取哪一段：phase = 同一个环节（版杀7 5 时间分配：每个环节是"
            "单独的 0:00–24:00）；day = 整个游戏日的所有环节",
            AVERAGE_OVER,
        ),
        "effective_only": Option(
            bool,
            False,
            "只数有效帖（不数水帖，水帖的认定同 POST-FILLER）；种子没有说水帖不算发言，默认关闭",
        ),
        "judge_accelerated": Option(
            bool,
            False,
            "加速的日子也判潜水（按加速后的关门时间，关门后判）；M107、030、M39 的种子写明"
            "加速的日子不判，版杀7 6.2 没有这一条",
        ),
    },
)
def lurk_day(ctx: Context, opts: Mapping[str, Any]) -> Iterator[Finding]:
    """在未加速的讨论日发言不足 N 帖（默认 5 帖）。

    M107 违规判定 5(1)“在未加快进程的单个讨论日不足五帖”；030 违规判定 5(1)“在未执行加速的
    讨论日发言不足五帖”（固定黄牌）。版杀7 6.2(1)“一个游戏环节的发贴数量少于５，并且少于当天
    平均发贴数量２０％的玩家，认为是潜水一天”，6.2(2) 潜水一天即安排替补，6.2(6) 前一天黑夜的
    发贴计入后一天的第一个环节。

    只在当天关门之后判定（加速日按加速后的关门时间）；种子写明加速日不判的（M107 5(1)
    “未加快进程的单个讨论日”、030 5(1)“未执行加速的讨论日”、M39“执行加速时…发言不足…将不被
    判罚”）加速日不判，``judge_accelerated = true``（版杀7：6.2 没有这一条）时照判；关门前已出局的玩家不判（关门时被投票出局的玩家当天仍然
    计数）。被屏蔽的帖子照样计数，被删除的帖子不计。

    当天平均数（版杀7 没有说明算法，``average_basis`` 可选）：默认是当天（含记入第一个环节的
    前一晚）讨论帖与投票帖中、当天开门时存活的玩家的发帖总数，除以这些玩家的人数。
    ``average_over = "phase"``（版杀7 的预设，6.2(1) 与 5 时间分配：每个环节是单独的
    0:00–24:00，“当天”就是这个环节）时，平均数只算同一个环节的帖子和这个环节开始时存活的
    玩家；``"day"`` 是整个游戏日的平均数。

    ``effective_only = true`` 时只数有效帖：水帖（“顶”“+1”“哈哈哈”、只有表情……，认定同
    POST-FILLER）不算。四份种子都没有说水帖不算发言，所以默认关闭。

    FAIL（m107）：饺子第 1 天在讨论帖发了 4 帖 → LURK-DAY 饺子 第1天。

    PASS（m107）：饺子第 1 天发了 5 帖；或第 1 天是加速日；或饺子第 1 天中午被红牌罚下。

    FAIL（killbar7）：环节 1 平均每人 20 帖，饺子只发 3 帖（< 5 且 < 4）→ 替补。

    PASS（killbar7）：平均每人 10 帖，饺子发 3 帖（< 5 但不少于 2 帖）。

    FAIL（killbar7）：第 2 天加速到 20:00 关门，饺子环节 1 只发 1 帖（平均 10 帖）→ 替补。
    """
    proxied: set[tuple[str, int, int | None]] | None = None
    for player, day, phase, _posts, note in lurk_day_units(ctx, opts):
        if not ctx.in_scope(day.number):
            continue  # an incremental check re-judges only the affected days
        if proxied is None:
            proxied = _proxied(ctx)
        if (player, day.number, phase) in proxied or (player, day.number, None) in proxied:
            # fh48c: the lurk is right by the letter, but the player's vote that day was the
            # director's 代投 — the director decides knowing it (he relayed for the player)
            note += "；本日投票为导演代投"
        yield aggregate_finding(
            "LURK-DAY", player, day.number, opts, phase=phase, note=note, excerpt_text=note
        )  # keyed by (code, player, day, phase) only:
        # a threshold tweak must not turn a decided lurk into a new draft


@rule(
    code="LURK-3DAYS",
    needs=no_posts,  # each day's counts and LURK-DAY's verdict, from the context
    title="连续多日潜水",
    seed="M107 违规判定 5(1)；030 违规判定 5(2)",
    kind="aggregate",
    options={
        "min_posts": Option(int, 10, "每天少于这么多帖", minimum=1),
        "days": Option(int, 3, "连续这么多个未加速的讨论日", minimum=1),
    },
)
def lurk_days(ctx: Context, opts: Mapping[str, Any]) -> Iterator[Finding]:
    """连续 K 个（默认 3 个）未加速的讨论日每天都不足 M 帖（默认 10 帖）。

    M107 违规判定 5(1)“连续三个讨论日均不足十帖”；030 违规判定 5(2)“连续三个未执行加速的讨论日
    发言均不足十帖”（固定黄牌）。

    一段连续的不足天数只记一次（而不是每个重叠的三天窗口各记一次），记在这段的第一天上，
    所以这段变长时发现的编号不变。加速日、未关门的天、玩家已出局的天都会打断连续。若这段的
    每一天都已经有 LURK-DAY（单日潜水），在说明中注明，由导演决定是否两者都判。

    FAIL：饺子第 1、2、3 天各发 8 帖 → LURK-3DAYS 饺子 第1天（第1–3天）。

    PASS：饺子第 1、3 天各 8 帖，第 2 天 12 帖；或第 2 天是加速日。
    """
    min_posts = int(opts["min_posts"])
    day_verdict = ctx.verdicts.get("LURK-DAY")  # None: LURK-DAY is off
    lurk_day_hits = {(p, d) for p, d, _ in day_verdict or ()}
    for player, run in lurk_runs(ctx, opts):
        first, last = run[0][0], run[-1][0]
        numbers = "、".join(str(n) for _, n in run)
        note = f"第{first}–{last}天连续 {len(run)} 天每天不足 {min_posts} 帖（{numbers}）"
        if day_verdict is not None and all((player, d) in lurk_day_hits for d, _ in run):
            note += "；这几天每天都已有 LURK-DAY 单日潜水，请决定是否两者都判"
        yield aggregate_finding(
            "LURK-3DAYS",
            player,
            first,
            opts,
            note=note,
            excerpt_text=note,
            key=f"run-from:{first}",
        )


def lurk_runs(ctx: Context, opts: Mapping[str, Any]) -> Iterator[tuple[str, list[tuple[int, int]]]]:
    """(player, [(day, posts), …]) for every run of at least ``days`` consecutive judged
    days below ``min_posts`` (accelerated, open and eliminated days break a run)."""
    counts = post_counts(ctx)
    sched = ctx.schedule
    min_posts = int(opts["min_posts"])
    need = int(opts["days"])
    for player in ctx.game.players:
        run: list[tuple[int, int]] = []
        for day in sched.days:
            judged = (
                not day.accelerated
                and sched.closed(day.number, ctx.now)
                and measured(sched, player, day.closes)
            )
            n = sum(c for (p, d, _), c in counts.items() if p == player and d == day.number)
            if judged and n < min_posts:
                run.append((day.number, n))
                continue
            if len(run) >= need:
                yield player, run
            run = []
        if len(run) >= need:
            yield player, run


def lurk_runs_verdict(ctx: Context, opts: Mapping[str, Any]) -> frozenset[Unit]:
    """LURK-3DAYS's verdict: the (player, day, None) units of every run."""
    return frozenset((p, d, None) for p, run in lurk_runs(ctx, opts) for d, _ in run)


VERDICTS["LURK-3DAYS"] = lurk_runs_verdict


# --------------------------------------------------------------------------- a stated minimum
# A director's own rules post may set the post minimum the seed does not (fh45b: M39 has none,
# and Yuki's rules post says 「每天至少 5 帖（讨论帖+投票帖），不足蓝牌。」).  The sentence is
# read so the report can say so and write out the game file's lines that apply it.

_COUNT = r"(\d{1,3}|[一二两三四五六七八九十]{1,3})"
_POSTS = r"\s*(?:帖|贴|楼|条|层|次发言|个回复)"
_PER_DAY = (
    r"(?:每天|每日|每人每天|每个?讨论日|每个?游戏日|每个?白天|单日|单个讨论日|一天|一个讨论日)"
)
_AT_LEAST = r"(?:至少|最少|不少于|不得少于|不能少于|不可少于|须满|需满|要满|须达到|需达到)"
_BELOW = r"(?:不足|少于|低于|不满|未满|不够|未达到?)"
_SPEAK = r"(?:发言|发帖|发贴|回帖|回复)"
_GAP = r"[^。！？!?\n；;]{0,12}?"
_STATED_MINIMUM = re.compile(
    f"{_PER_DAY}{_GAP}(?:{_AT_LEAST}|{_BELOW})\\s*{_SPEAK}?\\s*{_COUNT}{_POSTS}"
    f"|{_SPEAK}{_GAP}(?:{_AT_LEAST}|{_BELOW})\\s*{_COUNT}{_POSTS}"
)
_SENTENCE_END = re.compile(r"[。！？!?\n]")
_CARD_WORDS = {"蓝牌": "blue", "黄牌": "yellow", "红牌": "red"}
_CARD_WORD = re.compile("|".join(_CARD_WORDS))
_DIGITS = {c: i for i, c in enumerate("零一二三四五六七八九")} | {"两": 2}


@dataclass(frozen=True, slots=True)
class StatedMinimum:
    """A post minimum a rules post states: the posts a day needs, the card it names (None:
    none named) and the sentence that says so."""

    min_posts: int
    card: str | None
    sentence: str


def _count(word: str) -> int:
    """``5`` or 五, 十, 十二, 二十: the number."""
    if word.isdigit():
        return int(word)
    if "十" in word:
        tens, _, ones = word.partition("十")
        return _DIGITS.get(tens, 1) * 10 + _DIGITS.get(ones, 0)
    return _DIGITS.get(word, 0)


def stated_minimum(text: str) -> StatedMinimum | None:
    """The post minimum for one day that ``text`` states (每天至少 5 帖, 单个讨论日不足五帖,
    发言少于 5 帖; in traditional script too: 每個討論日至少發言5帖…不足者藍牌, fh49), with the
    card its sentence names after it (不足蓝牌); None when it states none.  A run of several days (连续三个讨论日均不足十帖) is another rule's, not a day's."""
    written, text = text, to_simplified(text)  # (one character for one: 每個討論日, 藍牌)
    for m in _STATED_MINIMUM.finditer(text):
        if "连续" in m.group():
            continue
        n = _count(m.group(1) or m.group(2))
        if n <= 0:
            continue
        start = max((e.end() for e in _SENTENCE_END.finditer(text, 0, m.start())), default=0)
        end = _SENTENCE_END.search(text, m.end())
        stop = end.end() if end else len(text)
        card = _CARD_WORD.search(text, m.end(), stop)
        return StatedMinimum(
            n, _CARD_WORDS[card.group()] if card else None, written[start:stop].strip()
        )
    return None
