"""A day's times where its threads do not state them: the rule set's ``schedule``.

A day exists when its threads exist (:mod:`auditor.game.discover`).  It opens at its
opening post unless the director states another time, and closes at the stated close, else
at the close the rules thread states, else at the preset's ``[ruleset] schedule`` (each
preset cites its seed):

* ``first_days`` / ``days``: how many calendar days the first day and each later day span
  (M107 第一个讨论日是A日上午开帖，到A+1日晚上关帖。此后一天一关门: 2 and 1; 030 一般讨论日
  持续两天: 2 and 2; M39 一般讨论日持续一天: 1 and 1);
* ``close``: the clock time a day closes on its last calendar day (030 and M39 延时申请截至
  讨论日结束前三小时（一般为最后一个自然日18:00）: 21:00; 版杀7 0:00-24:00: 24:00); empty
  where the seed gives no hour (M107 晚上关帖): the first night asks the director once, and
  the answer (``[rules] schedule = { close = "22:00" }`` in the game file) serves every day;
* ``phases``: each vote thread is one 环节 of its opening post's calendar day, 0:00–24:00
  (版杀7 【环节一】…时间为0：00-24：00).

Every value taken from here is *inferred*: shown with its source as a proposal.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime, time, timedelta

from auditor.rulesets import preset_text

_KEYS = {"first_days": int, "days": int, "close": str, "phases": bool}
_CLOCK = re.compile(r"^(\d{1,2}):(\d{2})$")


def clock(text: str) -> tuple[int, int] | None:
    """``"22:00"`` as (22, 0); ``"24:00"`` is (24, 0), the end of the day; None otherwise."""
    m = _CLOCK.match(text.strip())
    if m is None:
        return None
    h, mi = int(m.group(1)), int(m.group(2))
    if h > 24 or mi > 59 or (h == 24 and mi):
        return None
    return h, mi


def schedule_problem(value: Mapping[str, object]) -> str | None:
    """Why a ``schedule`` table is wrong (a key unknown, a value of the wrong type, a close
    that is no clock time), else None."""
    for key, v in value.items():
        want = _KEYS.get(key)
        if want is None:
            return f"没有 {key} 这一项；可用：{', '.join(_KEYS)}"
        if not isinstance(v, want) or (want is int and isinstance(v, bool)):
            return f"{key} 的值类型不对"
        if isinstance(v, int) and not isinstance(v, bool) and v < 1:
            return f"{key} 至少是 1（天）"
        if key == "close" and isinstance(v, str) and v and clock(v) is None:
            return f'close 应当是钟点，如 "22:00"（24:00 为当天结束），而不是 {v!r}'
    return None


@dataclass(frozen=True, slots=True)
class ScheduleRule:
    first_days: int = 1
    days: int = 1
    close: str = ""
    phases: bool = False
    source: str = ""  # where the close comes from: the preset, or the game file's answer

    def closes(
        self, number: int, opens: datetime, at: tuple[int, int] | None = None
    ) -> datetime | None:
        """Day ``number``'s close for a day opening at ``opens``: its last calendar day at
        ``at`` (a clock the rules thread states) or the schedule's ``close``; None when no
        hour is known."""
        hm = at or clock(self.close)
        if hm is None:
            return None
        span = self.first_days if number == 1 else self.days
        last = opens.date() + timedelta(days=span - 1)
        tz = opens.tzinfo
        if hm == (24, 0):
            t = datetime.combine(last, time(23, 59, 59), tz)
        else:
            t = datetime.combine(last, time(hm[0], hm[1]), tz)
        return t if t > opens else t + timedelta(days=1)


def _preset_schedule(name: str, seen: tuple[str, ...] = ()) -> dict[str, object]:
    try:
        data = tomllib.loads(preset_text(name))
    except (FileNotFoundError, tomllib.TOMLDecodeError):
        return {}
    head = data.get("ruleset", {})
    base = head.get("extends")
    inherited = (
        _preset_schedule(base, (*seen, name)) if isinstance(base, str) and base not in seen else {}
    )
    own = head.get("schedule", {})
    return {**inherited, **(own if isinstance(own, dict) else {})}


def _int(value: object) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else 1


def schedule_for(ruleset: str, rules: Mapping[str, object]) -> ScheduleRule:
    """The preset's schedule with the game file's ``[rules] schedule`` over it."""
    values = _preset_schedule(ruleset)
    source = f"规则集 {ruleset} 的 schedule（种子的讨论日长短）"
    own = rules.get("schedule")
    if isinstance(own, dict) and schedule_problem(own) is None:
        values = {**values, **own}
        if own.get("close"):
            source = "游戏文件 [rules] schedule（导演填写的关门时间）"
    return ScheduleRule(
        first_days=_int(values.get("first_days")),
        days=_int(values.get("days")),
        close=str(values.get("close", "")),
        phases=bool(values.get("phases", False)),
        source=source,
    )


def _preset_head(name: str, seen: tuple[str, ...] = ()) -> dict[str, object]:
    """The preset's ``[ruleset]`` table, what it extends under its own."""
    try:
        data = tomllib.loads(preset_text(name))
    except (FileNotFoundError, tomllib.TOMLDecodeError):
        return {}
    head = data.get("ruleset", {})
    if not isinstance(head, dict):
        return {}
    base = head.get("extends")
    inherited = (
        _preset_head(base, (*seen, name)) if isinstance(base, str) and base not in seen else {}
    )
    return {**inherited, **head}


def sheriff_day(ruleset: str) -> bool:
    """Whether the rule set's first day's vote elects the sheriff and puts nobody out (its
    preset has a sheriff: M107 第一天白天，获得投票最多的角色将成为警长。第二天及以后的白天，获得
    投票最多的角色将出局; 030 第一天讨论日最先获得最多投票的角色将成为警长; M39 第一天讨论日结束时，
    警长竞选帖最先高票者当选警长) — 版杀7 has none."""
    return isinstance(_preset_head(ruleset).get("sheriff_weight"), (int, float))
