"""Times and ranges as directors write them in Chinese posts.

Forms (the seeds, the issue and the games written for the tests in several styles)::

    开放时间：11月24日 09:00 至 11月25日 22:00
    投票时间：11月21日 08:00 至 21:00          (the end on the same date)
    时间：11月24日 0:00-24:00                   (24:00 = the end of that day)
    第二天：11月26日 08:00 – 22:00（加速日）
    讨论时间：今天 09:00 至明天 22:00           (relative to the post's own date)
    【环节一】试探性投票。时间为0：00-24：00    (full-width digits, colons and dashes)
    2026年12月31日 20:00 ~ 2027年1月1日 22:00, 12/31 20:00-1/2 22:00, 晚上10点

A range's end is inclusive to the second it names (``22:00`` closes at 22:00:00, the
game file's convention); ``24:00`` is 23:59:59 of that day.  A date without a year takes
the year that puts it nearest the post (a schedule written on 12-30 for ``1月2日`` is
next year).  Everything is in the forum's time zone.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta, tzinfo

from auditor.game.titles import NUM, cn_number

_DASHES = str.maketrans({c: "-" for c in "–—―−－~～〜"})

_DATE = (
    r"(?:(?:(?P<{p}y>\d{{4}})\s*年\s*)?(?P<{p}m>\d{{1,2}})\s*月\s*(?P<{p}d>\d{{1,2}})\s*[日号]?"
    r"|(?P<{p}iy>\d{{4}})[-/.](?P<{p}im>\d{{1,2}})[-/.](?P<{p}id>\d{{1,2}})"
    r"|(?P<{p}sm>\d{{1,2}})/(?P<{p}sd>\d{{1,2}})"
    r"|(?P<{p}rel>今天|今日|本日|明天|明日|次日|后天|昨天|当日|当天)"
    r"|(?P<{p}wd>(?:周|星期|礼拜)[一二三四五六日天]))"
    r"(?:\s*[(（]?(?:周|星期|礼拜)[一二三四五六日天][)）]?|\s*[(（][一二三四五六日天][)）])?"
)
_TIME = (
    r"(?P<{p}ap>上午|早上|早晨|中午|下午|傍晚|晚上|晚|夜里|凌晨)?\s*"
    r"(?P<{p}h>\d{{1,2}})(?:(?::(?P<{p}mi>\d{{2}})(?::(?P<{p}s>\d{{2}}))?)|\s*(?:点|时)(?:\s*(?P<{p}mi2>\d{{1,2}})\s*分?|(?P<{p}half>半)|(?P<{p}qtr>[一三13])\s*刻)?)"
)
_SEP = r"\s*(?:-+|至|到)\s*"
RANGE = re.compile(
    rf"(?:{_DATE.format(p='a')}\s*)?{_TIME.format(p='a')}{_SEP}(?:{_DATE.format(p='b')}\s*)?{_TIME.format(p='b')}"
)
_LONE_DATE = re.compile(_DATE.format(p="a"))
_WHOLE_DAY = re.compile(_DATE.format(p="a") + r"\s*全天")
_DAY_LABEL = re.compile(rf"第\s*({NUM})\s*[天日]|\b(?:D|Day)\s*(\d{{1,2}})\b", re.I)
_PHASE_LABEL = re.compile(rf"环节\s*({NUM})")


# numerals in words before a clock word or in a date (晚上九点半, 十二月五日): digits
_CN_CLOCK = re.compile(
    r"([零一二两三四五六七八九十]{1,3})(?=\s*(?:[点時时](?!间|候)|月|[日号](?!期)|分))"
)
# a relative day with the date it means in brackets (明天（11/26）): the date
_REL_DATED = re.compile(
    r"(?:今天|今日|明天|明日|次日|后天|当日|当天)\s*[(（]\s*(\d{1,2}/\d{1,2}|\d{1,2}月\d{1,2}[日号]?)\s*[)）]"
)
# a schedule table's row: | 11/23 09:00 | 11/24 21:30 | is one range
_CELLS = re.compile(r"(\d{1,2}:\d{2})\s*\|\s*(?=(?:\d{1,2}/\d{1,2}|\d{1,2}月)[^|]*\d{1,2}:\d{2})")


def _digits(m: re.Match[str]) -> str:
    n = cn_number(m.group(1))
    return m.group(1) if n is None else str(n)


def normalise(text: str) -> str:
    text = unicodedata.normalize("NFKC", text).translate(_DASHES)
    text = _CN_CLOCK.sub(_digits, text)
    text = _REL_DATED.sub(lambda m: m.group(1) + " ", text)
    return _CELLS.sub(lambda m: m.group(1) + " - ", text)


@dataclass(frozen=True, slots=True)
class TimeRange:
    opens: datetime
    closes: datetime
    day: int | None  # a 第N天 label on the same line, before the range
    phase: int | None  # a 环节N label on the same line
    accelerated: bool  # 加速 on the same line
    label: str  # the line's words before the range (开放时间, 投票时间, 第二天 …)
    text: str  # the range as written


def _year_near(month: int, day: int, ref: date) -> date | None:
    best: date | None = None
    for y in (ref.year - 1, ref.year, ref.year + 1):
        try:
            d = date(y, month, day)
        except ValueError:
            continue
        if best is None or abs((d - ref).days) < abs((best - ref).days):
            best = d
    return best


_REL = {"今天": 0, "今日": 0, "明天": 1, "明日": 1, "次日": 1, "后天": 2, "昨天": -1}
_WEEKDAY = {c: i for i, c in enumerate("一二三四五六日")} | {"天": 6}


def _date(m: re.Match[str], p: str, ref: date) -> date | None:
    g = m.groupdict()
    try:
        if g[f"{p}m"]:
            if g[f"{p}y"]:
                return date(int(g[f"{p}y"]), int(g[f"{p}m"]), int(g[f"{p}d"]))
            return _year_near(int(g[f"{p}m"]), int(g[f"{p}d"]), ref)
        if g[f"{p}iy"]:
            return date(int(g[f"{p}iy"]), int(g[f"{p}im"]), int(g[f"{p}id"]))
        if g[f"{p}sm"]:  # 11/25 — or a count (4/10) when far from the post's date
            near = _year_near(int(g[f"{p}sm"]), int(g[f"{p}sd"]), ref)
            return near if near is not None and abs((near - ref).days) <= 60 else None
    except ValueError:
        return None
    if g[f"{p}rel"]:
        return ref + timedelta(days=_REL.get(g[f"{p}rel"], 0))
    if g[f"{p}wd"]:  # 周日: the next one on or after the post's date
        return ref + timedelta(days=(_WEEKDAY[g[f"{p}wd"][-1]] - ref.weekday()) % 7)
    return None


def _clock(m: re.Match[str], p: str) -> tuple[int, int, int] | None:
    g = m.groupdict()
    h = int(g[f"{p}h"])
    quarter = {"一": 15, "1": 15, "三": 45, "3": 45}.get(g[f"{p}qtr"] or "", 0)
    mi = int(g[f"{p}mi"] or g[f"{p}mi2"] or (30 if g[f"{p}half"] else quarter))
    s = int(g[f"{p}s"] or 0)
    ap = g[f"{p}ap"]
    if ap in ("下午", "傍晚", "晚上", "晚") and h < 12:
        h += 12
    elif ap in ("晚上", "晚", "夜里") and h == 12 and not mi:
        h = 24  # 晚上12点: the end of that day
    if ap == "中午" and h < 11:
        h += 12
    if h > 24 or mi > 59 or s > 59 or (h == 24 and (mi or s)):
        return None
    return h, mi, s


def _at(d: date, hms: tuple[int, int, int], tz: tzinfo, *, end: bool) -> datetime:
    h, mi, s = hms
    if h == 24:
        return (
            datetime.combine(d, time(23, 59, 59), tz)
            if end
            else datetime.combine(d + timedelta(days=1), time(0, 0), tz)
        )
    return datetime.combine(d, time(h, mi, s), tz)


def find_ranges(text: str, posted_at: datetime, tz: tzinfo) -> list[TimeRange]:
    """Every time range in a post's text, line by line, with the line's day label."""
    ref = posted_at.astimezone(tz).date()
    out: list[TimeRange] = []
    last_date: date | None = None
    head: tuple[int | None, int | None] = (None, None)  # a header line's 第N天 / 环节N
    for raw_line in normalise(text).splitlines():
        line = raw_line.strip()
        found = False
        for m in RANGE.finditer(line):
            found = True
            d1 = _date(m, "a", ref)
            start = _clock(m, "a")
            end = _clock(m, "b")
            if start is None or end is None:
                continue
            if m.group("bap") is None and m.group("aap") and start[0] >= 12 and end[0] < 12:
                end = (end[0] + 12, end[1], end[2])  # 晚上8点至10点半: the end is 22:30
            if d1 is None:
                # "08:00-22:00" under a dated line or on its own: the date last written in
                # this post, else the post's own date
                d1 = last_date or ref
            d2 = _date(m, "b", d1)
            if m.group("brel"):  # 明天 counts from the post's date, not from the start
                d2 = ref + timedelta(days=_REL.get(m.group("brel"), 0))
            if d2 is None:
                d2 = d1
                if end != (24, 0, 0) and end <= start:
                    d2 = d1 + timedelta(days=1)  # 20:00-02:00 runs past midnight
            opens = _at(d1, start, tz, end=False)
            closes = _at(d2, end, tz, end=True)
            if closes <= opens:
                continue
            last_date = d2
            before = line[: m.start()]
            day, phase = _labels(before, head)
            out.append(
                TimeRange(
                    opens=opens,
                    closes=closes,
                    day=day,
                    phase=phase,
                    accelerated="加速" in line,
                    label=before.strip(" ：:，,。【】[]"),
                    text=m.group(0),
                )
            )
        whole = _whole_days(line, ref, tz, head)
        out += whole
        found = found or bool(whole)
        if not found:
            for dm in _LONE_DATE.finditer(line):  # a dated line above "08:00-22:00"
                last_date = _date(dm, "a", ref) or last_date
            head = _header(line, head)
    return out


def _whole_days(
    line: str, ref: date, tz: tzinfo, head: tuple[int | None, int | None]
) -> list[TimeRange]:
    """11月27日全天: 0:00–24:00 of that date."""
    out: list[TimeRange] = []
    for m in _WHOLE_DAY.finditer(line):
        d = _date(m, "a", ref)
        if d is None:
            continue
        day, phase = _labels(line[: m.start()], head)
        if day is None and phase is None and not re.search(r"环节|讨论|投票|开放", line):
            continue  # 包子12月3日全天出差: a player's day, not the game's
        out.append(
            TimeRange(
                opens=_at(d, (0, 0, 0), tz, end=False),
                closes=_at(d, (24, 0, 0), tz, end=True),
                day=day,
                phase=phase,
                accelerated="加速" in line,
                label=line[: m.start()].strip(" ：:，,。【】[]（("),
                text=m.group(0),
            )
        )
    return out


def _last(pattern: re.Pattern[str], text: str) -> re.Match[str] | None:
    found = list(pattern.finditer(text))
    return found[-1] if found else None


def _header(line: str, head: tuple[int | None, int | None]) -> tuple[int | None, int | None]:
    """The labels a line with no time gives the lines under it (第四天日程, 第三天【环节一】)."""
    if STATES_TIME.search(line):
        return head
    # a header starts with its label (【第二天】, ==第四天==, 今天（第五天）…)
    lead = re.sub(r"^[\W_]*(?:今天|今日|本日)?[\W_]*", "", line)
    dm = _DAY_LABEL.match(lead)
    pm = _PHASE_LABEL.search(lead) if dm else _PHASE_LABEL.match(lead)
    if dm is None and pm is None:
        return head
    day = cn_number(dm.group(1) or dm.group(2)) if dm else head[0]
    return day, (cn_number(pm.group(1)) if pm else None)


def _labels(before: str, head: tuple[int | None, int | None]) -> tuple[int | None, int | None]:
    """A time's 第N天 and 环节N: the nearest on its own line before it, else the header's
    above it (环节一无人过半，环节二推迟至…: 环节二)."""
    dm = _last(_DAY_LABEL, before)
    pm = _last(_PHASE_LABEL, before)
    day = cn_number(dm.group(1) or dm.group(2)) if dm else head[0]
    if pm:
        return day, cn_number(pm.group(1))
    return day, (head[1] if dm is None else None)


# --------------------------------------------------------------------------- single times

# A time alone, with what it is said to be: 开帖：12月3日 9:00, 今晚22点关帖, 本日 09:00 起，
# 至 21:30 止, 延长至23点, 截止改为 23:30.  A range is read by :func:`find_ranges` first.
_EVENING = r"(?P<aeve>今晚|今夜|明晚|当晚|今早|明早|明晨)"
POINT = re.compile(rf"(?:{_DATE.format(p='a')}\s*)?{_EVENING}?\s*{_TIME.format(p='a')}")
_CLOSE_WORDS = re.compile(
    r"关帖|关门|截止|截至|结束|止|延长|延时|延迟|延后|延至|推迟|推后|顺延|改为|改到|提前|\bclose"
    r"|[至到]\s*$"
)
_OPEN_WORDS = re.compile(r"开帖|开门|开放|开始|起|\bopen")
# a new deadline: the delaying verb right before the time, never a request's deadline
# (延时申请截止18:00), an opening put back (开门推迟至10:00) or a bracketed recap
_DELAY_WORDS = re.compile(
    r"(?:延长|延时|延迟|延后|推迟|推后|顺延|改为|改到|更改为?)\s*(?:至|到)?\s*$|延至\s*$"
)
_NOT_DELAY = re.compile(r"申请|开门|开帖|开放|[（(][^）)]*$")
_SUPPOSED = re.compile(r"如果|假如|假设|若是|要是|万一|的话")
_EVE_DATE = {"今晚": 0, "今夜": 0, "当晚": 0, "明晚": 1, "今早": 0, "明早": 1, "明晨": 1}


@dataclass(frozen=True, slots=True)
class TimePoint:
    at: datetime
    role: str | None  # opens | closes | None (a time said without either word)
    dated: bool  # the text gave the date (else the post's own date)
    delay: bool  # said as a new deadline (延长至, 截止改为) or after a delay granted
    day: int | None  # a 第N天 label on the same line, before it
    text: str
    wrong: bool = False  # the time a correction says was wrong (不是 22:00)
    phase: int | None = None  # a 环节N label on its line or a header line above it
    asof: bool = False  # a count's moment (截至本日12时，申请加速的有 5 人), no deadline


def find_points(text: str, posted_at: datetime, tz: tzinfo) -> list[TimePoint]:
    """Every single time in a post (outside the ranges :func:`find_ranges` reads), with
    the words beside it that say whether it opens or closes a day, or delays its close."""
    ref = posted_at.astimezone(tz).date()
    out: list[TimePoint] = []
    said = ""  # the post so far: a delay granted before a close makes it the new one
    head: tuple[int | None, int | None] = (None, None)
    for raw_line in normalise(text).splitlines():
        said += raw_line + "\n"
        head = _header(raw_line, head)
        line = RANGE.sub(lambda m: "\0" * len(m.group(0)), raw_line.strip())
        for m in POINT.finditer(line):
            hms = _clock(m, "a")
            if hms is None:
                continue
            g = m.groupdict()
            if not (g["ami"] or g["ami2"] or g["ahalf"] or re.search(r"[点时]", m.group(0))):
                continue  # a bare number is no time
            if g["aeve"] in ("今晚", "今夜", "当晚", "明晚") and hms[0] < 12:
                hms = (hms[0] + 12, hms[1], hms[2])
            if _SUPPOSED.search(re.split(r"[。！!；;？?]", line[: m.start()])[-1]):
                continue  # 如果…提前至今晚22:00关门: a time supposed, not stated
            d, dated = _point_date(m, line, ref)
            before = line[max(0, m.start() - 10) : m.start()].replace("\0", "")
            after = line[m.end() : m.end() + 7].replace("\0", "")
            role = _role(before, after)
            day, phase = _labels(line[: m.start()], head)
            verb = bool(_DELAY_WORDS.search(before)) and not _NOT_DELAY.search(before)
            granted = role == "closes" and _granted_delay(
                said[: len(said) - len(line) - 1 + m.start()]
            )
            out.append(
                TimePoint(
                    at=_at(d, hms, tz, end=role == "closes"),
                    role=role,
                    dated=dated,
                    delay=(verb or granted) and not re.match(r"\s*(?:关门|关帖)?\s*不变", after),
                    day=day,
                    phase=phase,
                    text=m.group(0).strip(),
                    wrong=bool(re.search(r"(?:不是|而非|并非|而不是)\s*$", before)),
                    asof=bool(re.search(r"截[至止]到?\s*$", before))
                    and not re.match(r"\s*(?:整)?\s*(?:关|截|止|结束|$|[。）)])", after),
                )
            )
    return out


# a delay granted (延时成功, 延时已获通过, 延时 1 小时): the close stated after it is the new one
_GRANTED = re.compile(
    r"延时(?:申请)?(?:成功|通过|生效)|(?:同意|批准|准予|通过)(?:了)?延时|延时已(?:获)?(?:通过|批准)"
    r"|(?<!申请)延时\s*(?:\d+|[一二两三半])\s*(?:个)?(?:小时|钟头)"
)
_NOT_GRANTED = re.compile(r"失败|不足|未通过|没有通过|不延时|不予|如果|假如|若|[？?]")


def _granted_delay(before: str) -> bool:
    """Whether the post, up to a close it states, says a delay was granted (the sentence
    that says it neither fails nor supposes it)."""
    for m in _GRANTED.finditer(before):
        start = max(before.rfind(c, 0, m.start()) for c in "。！!；;\n") + 1
        stop = min(
            (i for c in "。！!；;\n" if (i := before.find(c, m.end())) >= 0), default=len(before)
        )
        if not _NOT_GRANTED.search(before[start:stop]):
            return True
    return False


def _point_date(m: re.Match[str], line: str, ref: date) -> tuple[date, bool]:
    """A single time's date and whether the text gave it: its own, 今晚 / 明晚, or (当日
    21:30, 11/25-11/26，22:00关门) the date the line last stated; else the post's."""
    g = m.groupdict()
    d = _date(m, "a", ref)
    if g["arel"] in ("当日", "当天") or (d is None and not g["aeve"]):
        d = _last_date(line[: m.start()], ref) or d
    if d is not None:
        return d, True
    return ref + timedelta(days=_EVE_DATE.get(g["aeve"] or "", 0)), bool(g["aeve"])


def _last_date(text: str, ref: date) -> date | None:
    found = [d for m in _LONE_DATE.finditer(text) if (d := _date(m, "a", ref)) is not None]
    return found[-1] if found else None


def _role(before: str, after: str) -> str | None:
    """Whether a time opens or closes a day: the word right after it (21:30 关门), else the
    nearest before it (开门推迟至10:00 opens)."""
    if re.match(r"\s*(?:后|以后|之后)", after):
        return None  # 22:30 后不得改票: a moment, not the close
    if re.search(r"申请|请求", before) and not re.search(r"关门|关帖|结束", before + after[:4]):
        return None  # 延时申请截止18:00: a request's deadline, not the day's close
    if re.match(
        r"\s*(?:照常|准时|正式|按时)?(?:关|截|止|结束|结算|计票|close)|\s*前\s*(?:一|半|\d)\s*(?:个)?小时",
        after,
    ):
        return "closes"
    if re.match(r"\s*(?:照常|准时|正式|按时)?(?:开|起|open)", after):
        return "opens"
    near = before[-6:]
    noun = re.findall(r"关帖|关门|截止|截至|开帖|开门|开放|关(?=\s*[:：])|开(?=\s*[:：])", before)
    if noun:  # 开门推迟至10:00: what is put back is the opening
        return "closes" if noun[-1][0] in "关截" else "opens"
    close = max((m.end() for m in _CLOSE_WORDS.finditer(near)), default=-1)
    opens = max((m.end() for m in _OPEN_WORDS.finditer(near)), default=-1)
    if close < 0 and opens < 0:
        return None
    return "closes" if close > opens else "opens"


# a clock time or a date, as a post states it (what makes a director's post worth reading)
STATES_TIME = re.compile(
    r"\d{1,2}\s*[:：]\s*\d{2}|\d{1,2}\s*[点時时](?!间|候)|\d{1,2}\s*月\s*\d{1,2}\s*[日号]"
    r"|[零一二两三四五六七八九十]{1,3}\s*点(?!评|赞|名)|今晚|明晚|明早|今早"
)
