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
from dataclasses import dataclass, replace
from datetime import date, datetime, time, timedelta, tzinfo

from auditor.game.fold import fold, shorthand
from auditor.game.lazy import lazy
from auditor.game.titles import NUM, cn_number

_DASHES = str.maketrans({c: "-" for c in "–—―−－~～〜"})

# 号 as the mark of a numbered thing, not of a day of the month (请到 1 号窗口, 9 号窗口销户,
# 3号玩家, 7号位, 1号楼): the noun after it
_NUMBERED = (
    r"(?:窗口?|柜台?|位|楼|桌|座|房|机|线|车|床|门|口|牌|码|选手|玩家|客户|嘉宾|渡口|灶|包厢|厅|馆"
    r"|队|组|箱|站|台|场地|格|签)"
)
_DATE = (
    r"(?:(?:(?P<{p}y>\d{{4}})\s*年\s*)?(?P<{p}m>\d{{1,2}})\s*月\s*(?P<{p}d>\d{{1,2}})\s*[日号]?"
    r"|(?P<{p}iy>\d{{4}})[-/.](?P<{p}im>\d{{1,2}})[-/.](?P<{p}id>\d{{1,2}})"
    r"|(?P<{p}sm>\d{{1,2}})(?:/|-(?=\d{{1,2}}\s+\d{{1,2}}:\d{{2}}))(?P<{p}sd>\d{{1,2}})"
    r"|(?<!第)(?<!第\s)(?<![\d月/])(?P<{p}dd>\d{{1,2}})\s*(?:日|号(?!\s*"
    + _NUMBERED
    + r"))(?![期子])"
    r"|(?P<{p}rel>今天|今日|本日|明天|明日|次日|翌日|大后天|后天|后日|昨天|前天|当日|当天)"
    r"|(?P<{p}wd>(?:本|这|下下|下|上)?(?:个)?(?:周|星期|礼拜)[一二三四五六日天]))"
    r"(?:\s*[(（]?(?:周|星期|礼拜)[一二三四五六日天][)）]?|\s*[(（][一二三四五六日天][)）])?"
)
_TIME = (
    r"(?P<{p}ap>上午|早上|早晨|清晨|早间|中午|下午|傍晚|晚上|晚间|夜晚|晚|夜里|夜间|深夜|半夜|凌晨|晨)?\s*"
    r"(?P<{p}h>\d{{1,2}})(?:(?::(?P<{p}mi>\d{{2}})(?::(?P<{p}s>\d{{2}}))?)|\s*(?:点|时)(?:\s*(?P<{p}mi2>\d{{1,2}})\s*分?|(?P<{p}half>半)|(?P<{p}qtr>[一三13])\s*刻)?)"
)
# (明天上午十点开始，直到11月10日晚上九点半: a start said with its verb, then until when)
_SEP = (
    r"\s*(?:-+|至|到|开到|(?:一直)?(?:持续)?(?:到|至)"
    r"|(?:开始|起)\s*[,，]?\s*(?:一直)?直到)\s*"
)
RANGE = lazy(
    rf"(?:{_DATE.format(p='a')}\s*)?{_TIME.format(p='a')}{_SEP}(?:{_DATE.format(p='b')}\s*)?{_TIME.format(p='b')}"
)
_LONE_DATE = lazy(_DATE.format(p="a"))
# (8月16日，一整天: the whole day in other words, after a comma)
_WHOLE_DAY = lazy(
    _DATE.format(p="a")
    + r"\s*(?:[，,]\s*)?(?:全天|一整天|整整一天)(?!\s*(?:都|也)?\s*(?:不|没|未))"
)
# 环节一全天, D4 环节一，全天: the 环节 on the date the post last stated (else its own)
# (环节二 可疑者辩论投票，全天 / 环节一开始咯，今天一整天: the 环节's name or verb between;
# 环节一。⏎全天。: said on the next line; never 环节二不是全天)
_PHASE_WHOLE_DAY = lazy(
    rf"环节\s*{NUM}\s*(?:[(（][^)）]{{0,30}}[)）])?[。！!]*(?:[^\d。！!？?\n:：不非没未否只半]{{0,12}}?)"
    r"\s*[，,：:]?\s*(?:为|是|进行|runs?)?\s*(?:今天|今日|本日)?\s*全天"
)
# a whole day said in other words beside a 环节 (今天一整天, 整整一天), or on the line under it
# (整天 没发言, 整天都不在: how long someone was silent, not a 环节's hours)
_WHOLE_DAY_WORDS = lazy(r"(?<!不是)(?:一整天|整整一天|整天)(?!\s*(?:都|也)?\s*(?:不|没|未))")
_PHASE_THEN_WHOLE_DAY = lazy(rf"(环节\s*{NUM}[。！!\s]*)\n[^\S\n]*(?=全天)")
# 第二天, D2 (D2讨论 as well: a CJK letter after it).  Not a story's 第四章 in a post: its
# chapters may count the nights too (【第四章】…今日环节一 is the second day's); a title's
# chapter is its day (:mod:`auditor.game.titles`)
_DAY_LABEL = lazy(
    rf"第\s*({NUM})\s*[天日]|(?<![A-Za-z0-9])(?:D|Day)\s*(\d{{1,2}})(?![0-9A-Za-z])", re.I
)
# 环节二, 第二环节 (never a clock's hour: 第一环节 10:00 至 17:00 is no 环节 10)
_PHASE_LABEL = lazy(
    r"第\s*(\d{1,2}|[一二两三四五六七八九十壹贰叁肆伍陆柒捌玖拾廿]{1,3})\s*环节"
    r"|环节\s*([一二两三四五六七八九十壹贰叁肆伍陆柒捌玖拾廿]{1,3}|\d{1,2}(?!\d|[:：]\d{2}(?![\d:：])))"
)


def _phase_no(m: re.Match[str]) -> int | None:
    return cn_number(m.group(1) or m.group(2))


# a day's ordinal said without its 第 right before a 环节 (四日环节二延时到明早一点半: day four's
# second 环节, 版杀7 5 时间分配), never a date's day (十二月四日 环节二, 初四): said with its 第
_DAY_BEFORE_PHASE = lazy(
    r"(?<![第\d月号年零〇一二两三四五六七八九十初廿/.-])([一二两三四五六七八九十]{1,3})\s*([日天])"
    r"(?=\s*[·・,，]?\s*(?:第\s*[一二两三四五六七八九十\d]{1,3}\s*)?环节)"
)
# a close moved from one time to another (结束时间由21时调整为22时30分, 由 21:30 推迟到 23:00):
# the first time → the second, as an arrow says it
_FROM_TO = lazy(
    r"由\s*((?:今晚|明晚|今天|明天|当晚)?\s*(?:上午|下午|晚上|夜里|凌晨)?\s*\d{1,2}"
    r"(?:[:：]\d{2}|\s*[点时](?:\s*\d{1,2}\s*分|半)?))\s*"
    r"(?:调整|更改|变更|改|推迟|推后|延长|延迟|顺延|延)\s*(?:为|到|至|成)\s*"
)
# numerals in words before a clock word or in a date (晚上九点半, 十二月五日): digits — never
# a 环节's ordinal right before them (4日环节二零点开: 环节二 at 0:00, not 环节 at 20:00)
_CN_CLOCK = lazy(
    r"(?<!环节)([零一二两三四五六七八九十]{1,3})(?=\s*(?:[点時时](?!间|候)|月|[日号](?!期)|分))"
    # the minutes after an hour with no 分 (九点三十关帖)
    r"|(?<=[\d零一二两三四五六七八九十][点时])([一二三四五]?十[一二三四五六七八九]?|[零〇][一二三四五六七八九])(?![天日号个人票位])"
)
# a relative day with the date it means in brackets (明天（11/26）, 下礼拜一（15号）, 初二（7号）):
# the date
_REL_DATED = lazy(
    r"(?:今天|今日|明天|明日|次日|后天|当日|当天|初[一二三四五六七八九十]"
    r"|(?:(?:本|这|下下|下|上)个?)?(?:周|星期|礼拜)[一二三四五六日天])\s*[(（]\s*"
    r"(\d{1,2}/\d{1,2}|\d{1,2}月\d{1,2}[日号]?|\d{1,2}[日号])\s*[)）]"
)
# a time said in words and glossed with its clock (晚上 10点 (22:00), ten at night (22:00)):
# the clock — the day's word kept (今晚十一点（23:00）: 今晚 23:00, never 今 23:00)
_GLOSSED = lazy(
    r"(?:上午|早上|中午|下午|傍晚|晚上|晚间|夜晚|(?<![今明当昨])晚|凌晨)?\s*\d{1,2}\s*[点时](?:\s*半|\s*\d{1,2}\s*分?)?"
    r"\s*[(（]\s*((?:\d{1,2}/\d{1,2}\s+|\d{1,2}月\d{1,2}[日号]\s*)?\d{1,2}:\d{2})\s*[)）]"
)
# a schedule table's row: | 11/23 09:00 | 11/24 21:30 | is one range
_CELLS = lazy(r"(\d{1,2}:\d{2})\s*\|\s*(?=(?:\d{1,2}/\d{1,2}|\d{1,2}月)[^|]*\d{1,2}:\d{2})")


# the amount a close is moved by, said right after the verb that moves it (关门提两点, 提前两个
# 小时, 推迟一点): hours, never a clock (提前到两点 is one)
_MOVED_BY = lazy(
    r"((?:提前|提|推迟|推后|延后|延迟|顺延|延长)\s*(?:[零一二两三四五六七八九十半]{1,3}|\d{1,2}))"
    r"\s*个?\s*(?:点钟?|钟头|小时)(?![:：\d半]|\s*(?:时间|儿))"
)

# a time said from the post (明天这个点, 三小时后关门, 半小时后开门): the clock it means.  An
# amount only before the day's own verb (三小时后关门), never a gloss (也就是十个小时后), another
# thing's wait (关门三小时后公布身份) or another thing's opening (树洞十分钟后开放)
_SAME_HOUR = lazy(
    r"(今天|今日|明天|明日|后天)(?:的)?\s*(?:这个|同一个?)\s*(?:点|钟点|时候|时间)儿?"
)
_FROM_NOW = lazy(
    rf"(?<![前\d])(?:({NUM})\s*个?\s*(半)?|(半))\s*个?\s*(小时|钟头|分钟)\s*(?:后|以后|之后)"
    r"(?=\s*(?:就|再|准时|正式)?\s*(?:关|开(?:门|帖)|截止|结束|结算))"
)
# 延长一点时间, 提前一点儿: a little, no amount and no clock.  So is the 一点 of a degree,
# after the word it grades (还差一点, 有一点, 快一点, 多一点, 晚一点关门) or before what makes
# it one (一点点, 一点儿, 一点也不), or that ends its clause after a verb (帖子我收拾一点，…);
# never the hour (一点关门, 晚上一点, 今晚一点, 十一点, 截止到一点。)
_A_LITTLE = lazy(
    r"(?<=[\u4e00-\u9fff])(?<![今明昨当早晚午夜里晨上下天日号点时整至到在于是为零一二三四五六七八九十两])"
    r"一点(?=\s*(?:[，,。！!；;～~…]|$))|"
    r"(?<=提前|推迟|延后|延迟|延长|顺延)\s*一点(?=\s*(?:时间|儿))"
    r"|(?<=[差有快慢多少好大小高低长短稍再])一点(?![:：\d半])"
    r"|(?<![今明昨当傍][早晚])(?<=[早晚])一点(?![:：\d半])"
    r"|(?<![十\d])一点(?=点|儿|也不|都不|也没|都没)"
)
_DAYS_ON = {"今天": 0, "今日": 0, "明天": 1, "明日": 1, "后天": 2}
_AMOUNT = rf"(?:({NUM})\s*个?\s*(半)?|(半))\s*个?\s*(小时|钟头|分钟)"
# ... glossed by its clock (一小时后（零点整）第四天环节一开始, 三小时后，也就是零点整，…开始,
# 两小时后开船：零点整): that clock, on the date the wait reaches
_GLOSS_CLOCK = r"(\d{1,2})\s*(?::(\d{2})|点\s*(半)?)\s*整?"
_FROM_NOW_GLOSSED = lazy(
    rf"(?<![前\d]){_AMOUNT}\s*(?:后|以后|之后)([^，,。！!？?\n(（:：]{{0,4}})\s*"
    rf"(?:[(（]\s*(?:也就是|即|就是)?\s*{_GLOSS_CLOCK}\s*[)）]"
    rf"|([,，:：]\s*(?:也就是|即|就是)?)\s*{_GLOSS_CLOCK})"
)


def _from_post(text: str, posted_at: datetime) -> str:
    """``text`` with the times it says from the post (:data:`_SAME_HOUR`,
    :data:`_FROM_NOW`) as the dates and clocks they mean."""

    def said(t: datetime) -> str:
        return f"{t.month}月{t.day}日 {t.hour:02d}:{t.minute:02d}"

    def same_hour(m: re.Match[str]) -> str:
        return said(posted_at + timedelta(days=_DAYS_ON[m.group(1)]))

    def from_now(m: re.Match[str]) -> str:
        n = cn_number(m.group(1)) if m.group(1) else 0
        if n is None:
            return m.group(0)
        minutes = n if m.group(4) == "分钟" else n * 60 + (30 if m.group(2) or m.group(3) else 0)
        return said(posted_at + timedelta(minutes=minutes))

    def glossed(m: re.Match[str]) -> str:
        wait = _wait(m, 1, posted_at)
        g = m.groups()
        clock = (g[5], g[6], g[7]) if g[5] is not None else (g[9], g[10], g[11])
        lead = m.group(9) or ""
        at = _nearest(wait, int(clock[0]), int(clock[1] or (30 if clock[2] else 0)))
        if wait is None or at is None:
            return m.group(0)
        # a bracketed gloss leaves the verb after it its own clause (…（零点整）第四天…开始)
        apart = "" if lead or re.match(r"\s*(?:[^\w\s]|$)", text[m.end() : m.end() + 1]) else "，"
        return f"{m.group(5)}{lead}{said(at)}{apart}"

    text = _FROM_NOW_GLOSSED.sub(glossed, text)
    return _FROM_NOW.sub(from_now, _SAME_HOUR.sub(same_hour, text))


def _wait(m: re.Match[str], first: int, posted_at: datetime) -> datetime | None:
    """The moment an amount (:data:`_AMOUNT`, its groups from ``first``) after the post."""
    n_said, half, half_alone, unit = (m.group(first + i) for i in range(4))
    if unit is None:
        return None
    n = cn_number(n_said) if n_said else 0
    if n is None:
        return None
    minutes = n if unit == "分钟" else n * 60 + (30 if half or half_alone else 0)
    return posted_at + timedelta(minutes=minutes)


def _nearest(wait: datetime | None, h: int, mi: int) -> datetime | None:
    """The moment of a clock (h, the morning's or the evening's) nearest ``wait``, within an
    hour of it: a gloss that does not fit the wait is no gloss."""
    if wait is None or h > 24 or mi > 59:
        return None
    base = datetime.combine(wait.date(), time(0, 0), wait.tzinfo)
    hours = {h % 24, (h + 12) % 24} if h < 12 else {h % 24}
    near = min(
        (base + timedelta(days=d, hours=hh, minutes=mi) for d in (-1, 0, 1) for hh in hours),
        key=lambda t: abs(t - wait),
    )
    return near if abs(near - wait) <= timedelta(hours=1) else None


def _digits(m: re.Match[str]) -> str:
    said = m.group(1) or m.group(2)
    n = cn_number(said.replace("〇", "零"))
    if n is None and said[0] in "零〇":
        n = cn_number(said[1:])
    return said if n is None else f"{n:02d}" if m.group(2) else str(n)


# a day opened and closed in a show's or a shop's own words (a radio host's 开台 / 收台, a
# stall's 出摊 / 收摊, a court's 开庭 / 休庭, a stream's 开播 / 下播, a match's 开球 / 终场哨, a
# clinic's 开诊 / 接诊 / 停诊, a shop's or a line's 停业 / 停运): the day's verbs
SHOW_OPENS = (
    "开台",
    "开播",
    "开张",
    "开庭",
    "开场",
    "开业",
    "开工",
    "出摊",
    "开摊",
    "开球",
    "开赛",
    "开诊",
    "接诊",
)
SHOW_CLOSES = (
    "收台",
    "下播",
    "收摊",
    "收工",
    "收档",
    "休庭",
    "闭庭",
    "散会",
    "散场",
    "收场",
    "打烊",
    "终场",
    "完场",
    "停诊",
    "停业",
    "停运",
    "停播",
)


# a time of day said with no hour that has one (中午开门: 12:00, 午夜 / 半夜 关门: 24:00)
_NOON = lazy(r"中午(?!\s*\d)(?=\s*(?:开|关|起|截止|结束))")
_MIDNIGHT = lazy(r"(?:午夜|半夜)(?:十二点|12点)?(?!\s*\d)(?=\s*(?:关|截止|结束|为止|止))")


# two clocks joined by an arrow (▶ 09:00 → 21:00): a range, unless a close or a delay is
# what the arrow moves (关帖：21:30 → 23:00, ⏹ 21:30 → 23:00)
# — the second clock may carry a label of its own before its own date (发车 10:00 → 到站 3月10日
# 22:00: its end's word and day, a range; the same word on both sides moves the one time)
_ARROWED = lazy(
    r"(\d{1,2}:\d{2})\s*(?:→|->|=>|⇒)\s*"
    r"(?:(?P<label>[\u4e00-\u9fff]{1,3})\s*[:：]?\s*(?=\d{1,2}/\d{1,2}\s*\d|\d{1,2}月\d{1,2}[日号]?\s*\d))?"
    r"(?=(?:\d{1,2}/\d{1,2}\s*|\d{1,2}月\d{1,2}[日号]?\s*"
    r"|(?:周|星期|礼拜)[一二三四五六日天]\s*)?\d{1,2}:\d{2})"
)
_MOVED = lazy(r"关|截|止|延|推迟|改|⏹|⏸|close|DDL|" + r"|".join(SHOW_CLOSES), re.I)
# ... or what the line says of the arrow anywhere on it (22:15 → 22:45（延时半小时）, 再次晚点：
# 终到 22:15 → 22:45), or the line above an arrow that stands alone (【时间调整】⏎22:15 → 22:45,
# ⏳ 延时 6/11 ✅⏎⏰ 22:00 → 23:00): a change of the time, never a day's window
_MOVES = r"延|推迟|推后|顺延|改|调整|变更|晚点|更正"
_MOVED_ANYWHERE = lazy(_MOVES)
_BARE_ARROW_LINE = lazy(r"[^\w]*(?:第\s*\S{1,3}\s*[天日]|D\d{1,2}|环节\s*\S)?[^\w]*", re.I)


# a word after the arrow that is a time's own (今晚, 明天, 周日, 晚上) or a change's (提前, 加速,
# 延, 改): no label of the end's, the arrow moves one time
_NO_END_LABEL = lazy(
    r"今|明|昨|后天|次日|翌日|当|周|星期|礼拜|早|晚|夜|午|凌晨|提前|加速|" + _MOVED_ANYWHERE.pattern
)


def _two_labels(line: str, label: str) -> bool:
    """Each clock of an arrow has a word of its own, and they differ (发车 10:00 → 到站 22:00):
    the first's word right before it, the second's no time's or change's word."""
    first = re.search(r"([\u4e00-\u9fff]{1,4})\s*[:：]?\s*$", line)
    return first is not None and first.group(1) != label and not _NO_END_LABEL.search(label)


def _arrow_range(m: re.Match[str]) -> str:
    text = m.string
    start = text.rfind("\n", 0, m.start()) + 1
    end = text.find("\n", m.end())
    end = len(text) if end < 0 else end
    line = text[start : m.start()]
    if _MOVED.search(line) or _MOVED_ANYWHERE.search(text[start:end]):
        return m.group(0)
    label = m.group("label")
    if label and not _two_labels(line, label):
        return m.group(0)  # 发车 10:00 → 发车 11:00, 21:30 → 提前 18:00: one time moved
    # the line with nothing but the arrow (and a day's label): what the line above says
    bare = re.sub(
        r"\d{1,2}:\d{2}|\d{1,2}/\d{1,2}|\d{1,2}月\d{1,2}[日号]?|→|->|=>|⇒", "", text[start:end]
    )
    if start > 0 and _BARE_ARROW_LINE.fullmatch(bare):
        above = text[text.rfind("\n", 0, start - 1) + 1 : start]
        if _MOVED_ANYWHERE.search(above):
            return m.group(0)
    return m.group(1) + " - "


# a 环节 opened at midnight and said to last the day (明日零点，第二天环节一开始，全天): its end
_ZERO_THEN_WHOLE_DAY = lazy(r"((?<!\d)0\s*[点时](?:整)?[^。\n\d]{0,30}?[，,]\s*)全天")


# a standing schedule, as a footer repeats it under every post (日程：每日 09:00 开 / 21:30 关,
# 【本局日程】一般两天一关，每日 22:00 关帖): no day's own times. A schedule line of one day
# (【日程】第5日 开帖：09:00, 日程：今日 21:30 关) or of a change (日程调整：此后每日 22:00) is read
_STANDING = lazy(
    r"^[^\S\n]*[【\[(（]?\s*(?:本局|本场|本版|全局)?\s*(?:日程|赛程|作息|时间表)\s*[】\])）]?\s*[:：]?"
    r"(?![^\n]*(?:今|本日|本帖|明|昨|调整|改|变更|更正|顺延|延时|延长|加速|提前))"
    r"(?=[^\n]*(?:每日|每天|每晚|此后|之后|以后|一般|通常|平时|逢))[^\n]*$",
    re.M,
)


# a log of one word a line (二⏎开⏎10:00⏎关⏎周日⏎22:00): a line that is only the day's verb, or
# only a date, is said with the time on the line under it (开 10:00, 关 周日 22:00).  The
# verbs are the day's own (开/关/截止…), no theme's; a verb whose next line holds no time
# (开⏎翡翠) is left alone
_LONE_WORD = lazy(
    r"(?m)^([^\S\n]*(?:开|关|开门|关门|开帖|关帖|截止|截票"
    r"|今天|今日|明天|明日|周[一二三四五六日天]|星期[一二三四五六日天]|\d{1,2}/\d{1,2}|\d{1,2}月\d{1,2}[日号]?))"
    r"[^\S\n]*\n(?=[^\S\n]*(?:今天|今日|明天|明日|周[一二三四五六日天]|星期[一二三四五六日天]"
    r"|\d{1,2}/\d{1,2}|\d{1,2}月|[早晚]|上午|下午|中午|凌晨|夜里)?\s*[\d零一二两三四五六七八九十]{1,3}\s*[:点时]"
    r"|[^\S\n]*(?:今天|今日|明天|明日|周[一二三四五六日天]|星期[一二三四五六日天])[^\S\n]*\n)"
)


# a range whose opening carries its verb before the dash (12月1日 10:00 开球 —— 12月2日 22:00
# 终场哨, 09:00 开台 - 22:00 收台): the opening's verb said, the range read as one
# (10:00 开练 → 周二 22:00 收工: any 开 and its object — 开练, 开课 — is the opening's verb, and an
# arrow after it joins the range as a dash does)
_VERB_IN_RANGE = lazy(
    r"(\d{1,2}:\d{2})\s*(?:开帖|开门|开放|开始|开球|开赛|开局|开考|开[\u4e00-\u9fff]|"
    + "|".join(SHOW_OPENS)
    + r")\s*(?:(?P<arrow>→|->|=>|⇒)\s*)?(?=(?(arrow)|(?:-+|至|到))\s*(?:\d{1,2}月\d{1,2}[日号]?"
    r"|\d{1,2}/\d{1,2}|(?:周|星期|礼拜)[一二三四五六日天])?\s*\d{1,2}:\d{2})"
)


# A time said as a day word × a part of the day × an hour, in the words of the north
# (东北 / 北京话: 明儿个晌午十二点, 今儿下晚儿九点, 昨儿后半夜两点, 傍黑六点): each part of
# the day in the word the clock reads (:func:`_by_part_of_day`), so every day word (fold's
# 今儿 / 明儿个, 前儿) goes with every part and every hour.  后半夜 / 下半夜 is the small
# hours after the evening of the day said (今儿后半夜 is tomorrow's 凌晨); said bare before an
# hour, tonight's (今晚两点).  A part of the day with no hour (今儿后半夜关门, 明儿擦黑关门)
# is no time: it is asked (:func:`unread_times`), never guessed.
_PARTS_OF_DAY = (
    (r"晌午(?:头)?(?!后)|正晌午?|中晌", "中午"),
    (r"头午|头晌|前晌|(?:上|早|前)半晌", "上午"),
    (r"过晌|后晌|过午|晌午后|(?:下|后)半晌", "下午"),
    (r"晚半晌|傍黑儿?|擦黑儿?|麻黑儿?|傍晚儿", "傍晚"),
    (r"下晚儿?|晚晌儿?|晚上儿|黑下|前半夜|上半夜", "晚上"),
    (r"一大早|大清早|清早|早起(?=\s*[\d零一二两三四五六七八九十])", "早上"),
)
_PART_OF_DAY = [(lazy(p), word) for p, word in _PARTS_OF_DAY]
_DAY_AFTER = {"前天": "昨天", "昨天": "今天", "今天": "明天", "今日": "明日", "明天": "后天"}
_SMALL_HOURS = lazy(
    r"(?P<day>前天|昨天|今天|今日|明天)?\s*(?:的)?\s*(?:后半夜|下半夜)"
    r"(?P<hour>\s*(?:[\d零一二两三四五六七八九十]{1,3})\s*[:：点时])?"
)
_PRE_DAY = lazy(
    r"前儿(?:个)?(?=\s*(?:早|上午|中午|下午|傍晚|晚|夜|后半夜|下半夜|凌晨|[\d零一二两三四五六七八九十]))"
)


def _small_hours(m: re.Match[str]) -> str:
    day = m.group("day")
    if day:
        return _DAY_AFTER[day] + "凌晨" + (m.group("hour") or "")
    return ("今晚" if m.group("hour") else "凌晨") + (m.group("hour") or "")


def parts_of_day(text: str) -> str:
    """``text`` with the day's parts in the clock's own words (:data:`_PARTS_OF_DAY`)."""
    for pattern, word in _PART_OF_DAY:
        text = pattern.sub(word, text)
    return _SMALL_HOURS.sub(_small_hours, _PRE_DAY.sub("前天", text))


# a close put back by an amount in a terse sign (+2h：D2 ddl 22:00, ＋1小时, +30min): the delay by
# that amount, in the grammar's words (延时2小时) — never a count (+1, 票数 +2) nor a score
_PLUS_AMOUNT = lazy(
    r"(?<![\w+])\+\s*(\d{1,2}(?:\.5)?)\s*(h|hrs?|小时|个小时|钟头|min|mins|分钟)(?![A-Za-z])", re.I
)


def _plus_amount(m: re.Match[str]) -> str:
    unit = "分钟" if m.group(2).lower().startswith("min") or m.group(2) == "分钟" else "小时"
    return f"延时{m.group(1)}{unit}"


def normalise(text: str) -> str:
    text = _PLUS_AMOUNT.sub(_plus_amount, fold(text))
    text = _STANDING.sub("", parts_of_day(shorthand(text)))
    text = _LONE_WORD.sub(r"\1 ", text)
    text = _ARROWED.sub(_arrow_range, text)
    text = _VERB_IN_RANGE.sub(
        lambda m: m[1] + (" - " if m["arrow"] else " "), text.translate(_DASHES)
    )
    text = _MIDNIGHT.sub("24:00", _NOON.sub("12:00", text))
    text = _MOVED_BY.sub(r"\1小时", _A_LITTLE.sub("一些", text))
    text = _CN_CLOCK.sub(_digits, _DAY_BEFORE_PHASE.sub(r"第\1\2", text))
    text = _FROM_TO.sub(r"\1 → ", text)
    text = _ZERO_THEN_WHOLE_DAY.sub(r"\1到24点结束", text)
    if "环节" in text:
        text = _PHASE_THEN_WHOLE_DAY.sub(r"\1", _WHOLE_DAY_WORDS.sub("全天", text))
    text = _GLOSSED.sub(r"\1", _REL_DATED.sub(lambda m: m.group(1) + " ", text))
    return _TWIN_CLOCK.sub(_one_clock, _CELLS.sub(lambda m: m.group(1) + " - ", text))


@dataclass(frozen=True, slots=True)
class TimeRange:
    opens: datetime
    closes: datetime
    day: int | None  # a 第N天 label on the same line, before the range
    phase: int | None  # a 环节N label on the same line
    accelerated: bool  # 加速 on the same line
    label: str  # the line's words before the range (开放时间, 投票时间, 第二天 …)
    text: str  # the range as written
    # the window of something else than the day (八点到十二点写好遗言, 论坛维护 20:00-21:30)
    aside: bool = False


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


def _month_near(day: int, ref: date) -> date | None:
    """The date with this day of the month nearest ``ref`` (this month, the one before or
    after)."""
    best: date | None = None
    for shift in (-1, 0, 1):
        y, m = divmod(ref.year * 12 + ref.month - 1 + shift, 12)
        try:
            d = date(y, m + 1, day)
        except ValueError:
            continue
        if best is None or abs((d - ref).days) < abs((best - ref).days):
            best = d
    return best


_REL = {
    "今天": 0,
    "今日": 0,
    "明天": 1,
    "明日": 1,
    "次日": 1,
    "翌日": 1,
    "后天": 2,
    "后日": 2,
    "大后天": 3,
    "昨天": -1,
    "前天": -2,
}
# a weekday's week: this one (本周五, 周五 on or after the post), the next, the one after
_WEEK = {"本": 0, "这": 0, "下": 1, "下下": 2, "上": -1}
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
        if g[f"{p}dd"]:  # 13 日: the month that puts it nearest the post
            return _month_near(int(g[f"{p}dd"]), ref)
        if g[f"{p}sm"]:  # 11/25 — or a count (4/10) when far from the post's date
            near = _year_near(int(g[f"{p}sm"]), int(g[f"{p}sd"]), ref)
            return near if near is not None and abs((near - ref).days) <= 60 else None
    except ValueError:
        return None
    if g[f"{p}rel"]:
        return ref + timedelta(days=_REL.get(g[f"{p}rel"], 0))
    if g[f"{p}wd"]:  # 周日: the next one on or after the post's date; 下周一: next week's
        said = g[f"{p}wd"]
        week = re.match(r"下下|下|上|本|这", said)
        if week is None:
            return ref + timedelta(days=(_WEEKDAY[said[-1]] - ref.weekday()) % 7)
        monday = ref - timedelta(days=ref.weekday()) + timedelta(weeks=_WEEK[week.group(0)])
        return monday + timedelta(days=_WEEKDAY[said[-1]])
    return None


def _by_part_of_day(ap: str | None, h: int, mi: int) -> int:
    """An hour said with its part of the day (晚上九点 21, 夜里十一点 23, 夜里两点 2, 晚上一点 1,
    晚上12点 24, 中午一点 13)."""
    if h == 0:
        return h  # 今晚零点, 晚上0点: midnight, never noon
    if ap in ("晚上", "晚间", "晚", "夜晚", "夜间") and 1 <= h <= 4:
        return h  # 晚上一点 is the small hours, never 13:00
    if ap in ("下午", "傍晚", "晚上", "晚间", "晚") and h < 12:
        return h + 12
    if ap in ("夜晚", "夜间", "夜里", "深夜", "半夜") and 6 <= h < 12:
        return h + 12  # 夜里十一点 is 23:00; 夜里两点 the small hours
    if ap in ("晚上", "晚间", "夜晚", "晚", "夜里", "夜间", "深夜", "半夜") and h == 12 and not mi:
        return 24  # 晚上12点: the end of that day
    if ap == "中午" and h < 11:
        return h + 12
    return h


def _clock(m: re.Match[str], p: str) -> tuple[int, int, int] | None:
    g = m.groupdict()
    h = int(g[f"{p}h"])
    quarter = {"一": 15, "1": 15, "三": 45, "3": 45}.get(g[f"{p}qtr"] or "", 0)
    mi = int(g[f"{p}mi"] or g[f"{p}mi2"] or (30 if g[f"{p}half"] else quarter))
    s = int(g[f"{p}s"] or 0)
    h = _by_part_of_day(g[f"{p}ap"], h, mi)
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
            start = _clock(m, "a")
            end = _clock(m, "b")
            if start is None or end is None:
                continue
            if m.group("bap") is None and m.group("aap") and start[0] >= 12 and end[0] < 12:
                end = (end[0] + 12, end[1], end[2])  # 晚上8点至10点半: the end is 22:30
            end = _afternoon_end(m, start, end)
            d1 = _range_date(m, line, ref, last_date)
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
            day, phase = _range_labels(line, m, head)
            out.append(
                TimeRange(
                    opens=opens,
                    closes=closes,
                    day=day,
                    phase=phase,
                    accelerated="加速" in line,
                    # its own sentence's words (昨晚 X 出局。今天 09:00-21:00: no night's hours)
                    label=re.split(r"[。！!？?；;]", before)[-1].strip(" ：:，,。【】[]"),
                    text=m.group(0),
                    aside=_range_aside(line, m),
                )
            )
        whole = _whole_days(line, ref, tz, head)
        out += whole
        found = found or bool(whole)
        if not found:
            for dm in _LONE_DATE.finditer(line):  # a dated line above "08:00-22:00"
                last_date = _date(dm, "a", ref) or last_date
            head = _header(line, head)
    return _once(out)


def _afternoon_end(
    m: re.Match[str], start: tuple[int, int, int], end: tuple[int, int, int]
) -> tuple[int, int, int]:
    """A range's end said as a 12-hour clock (九点到九点, 10点至8点) with no part of the day
    and no date, not after its start: the same hour after noon when that falls after the
    start (21:00, 20:00), as a day's hours are said — never a 24-hour clock (09:00-09:00)
    nor a night's (20点到8点: 8 + 12 is no later than 20, the next morning's)."""
    if m.group("bap") or m.group("bmi") or _date(m, "b", date(2000, 1, 1)) is not None:
        return end
    later = (end[0] + 12, end[1], end[2])
    return later if end[0] < 12 and end <= start < later else end


def _range_date(m: re.Match[str], line: str, ref: date, last: date | None) -> date:
    """The date a range opens on: its own, else a date before it on its line (12月1日，时间为
    0:00-24:00), else the date last written in the post above it, else the post's own."""
    own = _date(m, "a", ref)
    if own is not None:
        return own
    dated = list(_LONE_DATE.finditer(line, 0, m.start()))
    return (_date(dated[-1], "a", ref) if dated else None) or last or ref


def _once(ranges: list[TimeRange]) -> list[TimeRange]:
    """A day said twice on a line (今天全天开放（0:00—24:00）) once."""
    return list({(r.opens, r.closes, r.day, r.phase): r for r in ranges}.values())


# the window of something else than the day's: last words, a forum's maintenance, the
# changes of vote, proxies, requests, a ban
# (八点之前把行动发给法官: the night's actions)
_ASIDE = lazy(r"遗言|维护|改票|代投|申请|禁言|请求|行动|技能")


def _range_aside(line: str, m: re.Match[str]) -> bool:
    """A range that is something else's window (遗言, 维护) or only supposed (如果…)."""
    return bool(_ASIDE.search(_clause_at(line, m.start(), m.end()))) or _supposed(line, m.start())


def _clause_at(line: str, start: int, end: int) -> str:
    """The clause a time stands in (between commas, stops or brackets)."""
    stops = "，,。；;！!？?（()）"
    left = max(line.rfind(c, 0, start) for c in stops) + 1
    right = min((i for c in stops if (i := line.find(c, end)) >= 0), default=len(line))
    return line[left:right]


def _whole_days(
    line: str, ref: date, tz: tzinfo, head: tuple[int | None, int | None]
) -> list[TimeRange]:
    """11月27日全天: 0:00–24:00 of that date; 环节一全天: of the post's date."""
    out: list[TimeRange] = []
    if not _WHOLE_DAY.search(line):
        for m in _PHASE_WHOLE_DAY.finditer(line):
            day, phase = _labels(line[: m.end()], head)
            out.append(_whole_day(ref, tz, line, m, day, phase))
    for m in _WHOLE_DAY.finditer(line):
        d = _date(m, "a", ref)
        if d is None:
            continue
        day, phase = _labels(line[: m.start()], head)
        after = re.match(rf"[^，。,；;]{{0,6}}?环节\s*({NUM})", line[m.end() :])
        if phase is None and after:  # 今天全天进行【环节三】
            phase = cn_number(after.group(1))
        if day is None and phase is None and not re.search(r"环节|讨论|投票|开放", line):
            continue  # 包子12月3日全天出差: a player's day, not the game's
        out.append(_whole_day(d, tz, line, m, day, phase))
    return out


def _whole_day(
    d: date, tz: tzinfo, line: str, m: re.Match[str], day: int | None, phase: int | None
) -> TimeRange:
    """0:00–24:00 of ``d``, said by ``m`` in ``line``."""
    return TimeRange(
        opens=_at(d, (0, 0, 0), tz, end=False),
        closes=_at(d, (24, 0, 0), tz, end=True),
        day=day,
        phase=phase,
        accelerated="加速" in line,
        # the clause before it (今天12月17日是第二天环节一，全天进行: not the night said before)
        label=re.split(r"[。！!；;？?，,]", line[: m.start()])[-1].strip(" ：:，,。【】[]（("),
        text=m.group(0),
        aside=_supposed(line, m.start()),
    )


def _range_labels(
    line: str, m: re.Match[str], head: tuple[int | None, int | None]
) -> tuple[int | None, int | None]:
    """A range's 第N天 and 环节N (:func:`_labels`), else the 环节 said right after it, after
    a comma, a colon or in brackets (12月7日零点到24点为环节二, 0:00 至 24:00：环节一,
    0:00 — 24:00（环节一））; never a 环节 the words after it place before or after the range
    (0:00 至 24:00，环节一结束后…, 20:00 至 24:00：环节一的结果)."""
    day, phase = _labels(line[: m.start()], head)
    if phase is None:
        rest = re.sub(r"^\s*[,，:：(（]?\s*(?:为|是|进行)?\s*[【\[]?", "", line[m.end() :])
        after = _PHASE_LABEL.match(rest)
        if after and not _PHASE_ELSEWHEN.match(rest[after.end() :]):
            phase = _phase_no(after)
    return day, phase


# what places a 环节 named after a range elsewhen than the range (环节一结束后, 环节一之前,
# 环节一的结果)
_PHASE_ELSEWHEN = lazy(r"\s*[】\]]?\s*(?:的)?\s*(?:结束|之后|以后|后|之前|前|结果|计票|票数)")


def _last(pattern: re.Pattern[str], text: str) -> re.Match[str] | None:
    found = list(pattern.finditer(text))
    return found[-1] if found else None


# what a line tells of a day once it is over: its night (第五日夜间, 第四夜, 第三日晚上) or
# its events (出局, 投票, 当选警长, 被刀 …); and the words of a day's schedule that make a
# line starting with a label a header over the times below (第三天开门啦, 第四天日程)
_TOLD = lazy(
    r"^\W*(?:夜|晚)|出局|死|投票|票|警长|警徽|当选|刀|毒|吹笛|笛|白痴|装傻|殉情|猎人|开枪|枪|平安"
    r"|罚下|红牌|替补|Lv",
    re.I,
)
_SCHEDULED = lazy(r"开门|开帖|开张|开放|开始|日程|安排|时间|时刻|环节|关门|关帖|起航")


def _header(line: str, head: tuple[int | None, int | None]) -> tuple[int | None, int | None]:
    """The labels a line with no time gives the lines under it (第四天日程, 第三天【环节一】)."""
    if STATES_TIME.search(line):
        return head
    # a header starts with its label (【第二天】, ==第四天==, 今天（第五天）…)
    # (BBCode and a bracketed title before it: [b]【BT号船】第一天 · 环节一)
    lead = re.sub(r"\[/?[a-z]+(?:=[^\]]*)?\]", "", line, flags=re.I)
    lead = re.sub(
        r"^\s*(?:【(?![^】]*(?:第|环节|D\d))[^】]{1,16}】)?[\W_]*(?:今天|今日|本日)?[\W_]*",
        "",
        lead,
    )
    lead = re.sub(r"^(?:下一|下个|接下来的?)\s*环节[\W_]*", "", lead)  # 【下一环节】环节三
    # an official notice's title (关于第三日环节二截止时间调整的通知) heads the lines below it
    lead = re.sub(r"^关于\s*(?=[^\n]*(?:通知|公告|说明|通报)\s*$)", "", lead)
    # a line that ends on a label and a colon heads the lines below it, whatever its words
    # before (船继续划向环节二：⏎8月16日，一整天)
    ending = re.search(r"(?:第\s*\S{1,3}\s*环节|环节\s*\S{1,3})\s*[:：]\s*$", lead)
    pm_end = _PHASE_LABEL.search(ending.group(0)) if ending else None
    if pm_end is not None:
        dm_in = _last(_DAY_LABEL, lead)  # (第二日的安排，环节三：) the day the line names
        return (cn_number(dm_in.group(1) or dm_in.group(2)) if dm_in else head[0]), _phase_no(
            pm_end
        )
    dm = _DAY_LABEL.match(lead)
    pm = _PHASE_LABEL.search(lead) if dm else _PHASE_LABEL.match(lead)
    if dm is None and pm is None:
        return head
    if dm and not re.match(r"\s*[)）]", lead[dm.end() :]) and re.search(r"[:：]\s*\S", lead):
        return head  # 第一日警长：钧瓷 — a line about that day, not a header over the lines below
    if dm and re.match(r"[^，,。；;：:\n]{0,4}[，,]\s*[^\s\W]", lead[dm.end() :]):
        return head  # 第二日夜间，鹦鹉 出局。 — a sentence about that day goes on after the comma
    if dm and _TOLD.search(lead[dm.end() :]) and not _SCHEDULED.search(lead[dm.end() :]):
        # 第五日夜间，X 出局 / 第一日，X 当选警长 / 第二日出人投票…: a line that tells what
        # happened on that day or night, not a header over the times below it
        return head
    day = cn_number(dm.group(1) or dm.group(2)) if dm else head[0]
    return day, (_phase_no(pm) if pm else None)


def _labels(before: str, head: tuple[int | None, int | None]) -> tuple[int | None, int | None]:
    """A time's 第N天 and 环节N: the nearest on its own line before it, else the header's
    above it (环节一无人过半，环节二推迟至…: 环节二)."""
    dm = _last(_DAY_LABEL, before)
    inner = dm and re.search(rf"(第\s*({NUM})\s*[天日])\s*的\s*$", before[: dm.start()])
    if inner:  # 今天是第四日的第二天: the game's day, not the calendar day inside it
        dm = _DAY_LABEL.match(before, inner.start(1))
    own = re.split(r"[。！!；;？?]", before)[-1]
    if dm and not _DAY_LABEL.search(own) and dm.start() > 0:
        # 第二日开帖了。第一日的警长是青瓷。…今晚九点关帖: the line's own label, not another
        # sentence's (a label that starts the line heads it)
        dm = _DAY_LABEL.match(before.lstrip()) and _DAY_LABEL.search(before)
    pm = _last(_PHASE_LABEL, before)
    day = cn_number(dm.group(1) or dm.group(2)) if dm else head[0]
    if pm:
        return day, _phase_no(pm)
    return day, (head[1] if dm is None else None)


# --------------------------------------------------------------------------- single times

# A time alone, with what it is said to be: 开帖：12月3日 9:00, 今晚22点关帖, 本日 09:00 起，
# 至 21:30 止, 延长至23点, 截止改为 23:30.  A range is read by :func:`find_ranges` first.
# (四川话 晚黑 is the evening: 今晚黑十二点 is tonight's 24:00, 今晚黑八点 20:00)
_EVENING = (
    r"(?:(?P<aeve>今晚|今夜|明晚|当晚|今早|明早|明晨)(?:黑(?=\s*[\d零一二两三四五六七八九十]))?)"
)
POINT = lazy(rf"(?:{_DATE.format(p='a')}\s*)?{_EVENING}?\s*{_TIME.format(p='a')}")
# one clock said twice, in words and as a twelve-hour clock of a zone of the forum's own hour
# (北京时间晚上十点 / 10pm SGT, 明晚10点（22:00 新加坡时间）, 今晚10点关门 / 10pm SGT): the first
# alone — a slash or a bracket between, and the two the same hour
_ZONE_OF_OURS = r"(?:SGT|HKT|CST|BJT|新加坡时间|狮城时间)?"
_TWIN_CLOCK = lazy(
    rf"(?P<first>{_EVENING}?\s*{_TIME.format(p='a')})(?P<verb>\s*(?:关门|关帖|开门|开帖)?)"
    rf"\s*{_ZONE_OF_OURS}\s*[/／(（]\s*{_ZONE_OF_OURS}\s*(?P<bh>\d{{1,2}}):(?P<bmi>\d{{2}})"
    rf"\s*{_ZONE_OF_OURS}\s*[)）]?",
    re.I,
)


def _one_clock(m: re.Match[str]) -> str:
    hms = _clock(m, "a")
    if hms is None:
        return m.group(0)
    h = hms[0] + (12 if m.group("aeve") and m.group("aeve")[1] in "晚夜" and hms[0] < 12 else 0)
    if (h % 24, hms[1]) != (int(m.group("bh")) % 24, int(m.group("bmi"))):
        return m.group(0)  # two clocks: each read
    return m.group("first") + m.group("verb") + " "


_CLOSE_WORDS = lazy(
    r"关帖|关门|截止|截至|截票|结算|结束|止|延长|延时|延迟|延后|延期|延至|推迟|推后|顺延|改为|改到|改在|提前|靠岸|\bclose"
    r"|[至到]\s*$|" + "|".join(SHOW_CLOSES)
)
_OPEN_WORDS = lazy(r"开帖|开门|开放|开始|起|\bopen|" + "|".join(SHOW_OPENS))
# a new deadline: the delaying verb right before the time, never a request's deadline
# (延时申请截止18:00) or an opening put back (开门推迟至10:00), with its label's colon
# (截单改为：今晚 23:00) or 在 (暮鼓改在今晚 23:30); a recap in brackets
# (截止！（本日已延时至23:30）) states the day's delay as well
_DELAY_WORDS = lazy(
    r"(?:延长|延时|延迟|延后|延期|推迟|推后|推(?=到|至)|延(?=到|至)|(?:关门|关帖|截止|关)\s*(?:往后)?挪(?=到|至)|往后挪|顺延|改为|改到|改成|改做|改作|更改为?|调整为|调整到|调整至|变更为|改)\s*(?:至|到|在)?\s*[:：]?\s*$"
    r"|延至\s*$"
)
_NEW_CLOSE = lazy(r"新(?:的)?(?:关帖|关门|截止)(?:时间)?\s*[:：]?\s*$")
_DELAY_AFTER = lazy(r"(?<![不没])(?:算是?|即|就是|视为)\s*延时")
_NOT_DELAY = lazy(r"申请|开门|开帖|开放")
# (今天的话，说到明天晚上九点半: 的话 after a day's name is a topic, not a supposition)
_SUPPOSED = lazy(r"如果|假如|假设|若是|要是|万一|(?<!今天|今日|今晚|明天|明日|本日|这天|今夜)的话")
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
    aside: bool = False  # the time of something else than the day (20点开始写遗言)


def _post_heads(lines: list[str]) -> tuple[bool, int, bool]:
    """What the whole post is, for its times: headed 加速申请 / 延时申请 (its 截止：18:00 is
    the request's deadline); where it corrects itself (…。更正：是今晚 21:30: what follows
    wins); headed as a summary (【本周汇总】, 【五一长假进度】: it tells the week behind it)."""
    request = bool(lines and re.fullmatch(r"\W*\S{0,4}申请\W*", lines[0].strip()))
    summary = bool(_SUMMARY_HEAD.search("\n".join(lines[:1])))
    return request, _self_fix_at("\n".join(lines)), summary


def find_points(text: str, posted_at: datetime, tz: tzinfo) -> list[TimePoint]:
    """Every single time in a post (outside the ranges :func:`find_ranges` reads), with
    the words beside it that say whether it opens or closes a day, or delays its close."""
    ref = posted_at.astimezone(tz).date()
    out: list[TimePoint] = []
    said = ""  # the post so far: a delay granted before a close makes it the new one
    head: tuple[int | None, int | None] = (None, None)
    lines = _from_post(normalise(text), posted_at.astimezone(tz)).splitlines()
    request, fixed, summary = _post_heads(lines)
    where: list[int] = []  # each time's place in the post
    for raw_line in lines:
        start = len(said) + len(raw_line) - len(raw_line.lstrip())
        said += raw_line + "\n"
        head = _header(raw_line, head)
        line = RANGE.sub(lambda m: "\0" * len(m.group(0)), raw_line.strip())
        carried: tuple[int, date] | None = None  # the date a sentence's time said before
        first_here = len(out)
        spans: list[tuple[int, int]] = []  # each of this line's times' own place in it
        for m in POINT.finditer(line):
            hms = _point_clock(m, line)
            # (如果…提前至今晚22:00关门, 是不是 23:00 关？: not stated)
            if hms is None or _supposed(line, m.start(), m.end()):
                continue
            d, dated = _point_date(m, line, ref)
            d = _recap_date(d, ref, summary, line[: m.end()])
            sentence = len(re.findall(r"[。！!；;？?]", line[: m.start()]))
            d = _that_evening(m, carried, d)
            hms, d = _night_after(m, hms, d, posted_at.astimezone(tz), tz)
            if dated:
                carried = (sentence, d)
            elif carried and carried[0] == sentence:
                d, dated = carried[1], True  # 明早0点整，…同样到24点结束: that morning's day
            before = line[max(0, m.start() - 16) : m.start()].replace("\0", "")
            before = re.split(r"[。！!；;？?]", before)[-1]  # the time's own sentence
            after = line[m.end() : m.end() + 7].replace("\0", "")
            arrowed = bool(re.search(r"(?:→|->|=>|⇒)\s*$", before))
            after_close = _moves_the_close(arrowed, line[: m.start()], out)
            role = _point_role(before, after, request=request, after_close=after_close)
            role = _arrow_role(role, line[m.end() :], arrowed, out[first_here:])
            later = _words_after(line, m.end())
            role = _own_clause_role(before, later, role)
            role = _aside_role(line, m, role, later)
            role = None if _of_a_venue(before) else role
            if role == "closes":
                hms = _evening_close(m, before, after, hms)
            role, told = _recalled(before, line[: m.start()], head, role, line[m.end() :])
            day, phase = _labels(line[: m.start()], head)
            if _label_of_a_told_delay(line[: m.start()], m.group(0)):
                day = head[0]
            day, phase = _labels_after(later, day, phase, hms, role)
            day = _day_before(day, d, ref, line[: m.start()])
            if role is None and phase is not None and hms == (0, 0, 0):
                role = "opens"  # D3 环节一 明日 0:00: a 环节 starts at 0:00
            role, verb = _put_back_or_said(told, line, m, role, arrowed, said)
            granted = role == "closes" and _delay_granted_for(
                said[: len(said) - len(line) - 1 + m.start()], out, day, m.group(0)
            )
            at = _told_date(_at(d, hms, tz, end=role == "closes"), posted_at, line, m, role)
            at = _past_midnight(at, out[first_here:], arrowed or bool(verb))
            where.append(start + m.start())
            spans.append(m.span())
            wrong = _taken_back(before, line[m.end() :])
            out.append(
                TimePoint(
                    at=at,
                    role=role,
                    dated=dated,
                    delay=_new_close(bool(verb or granted), wrong, role, after),
                    day=day,
                    phase=phase,
                    text=m.group(0).strip(),
                    wrong=wrong,
                    asof=bool(re.search(r"截[至止]到?\s*$", before))
                    and not re.match(r"\s*(?:整)?\s*(?:关|截|止|结束|$|[。）)])", after),
                    aside=_aside(line, m, later),
                )
            )
        out[first_here:] = _line_roles(out[first_here:], line, spans, request)
    line_of = [said.count("\n", 0, w) for w in where]  # each time's line
    return _later_wins(_label_pairs(out, line_of, lines, request), where, fixed)


# a line that is a label and one time (营业：4月7日（周五）10:00, 首日送电：04/03 09:00)
_LABELLED_TIME = lazy(
    r"\W*([^\s:：\d（(][^\s:：（(]{0,9}?)(?<!\d)\s*[:：]\s*"
    # (the label heads its time: the value opens with it and is one phrase — 乙：晚上十点。 in a
    # dialogue, 甲：对喽。…十点才关 are a speaker's words, no label)
    r"(?=\d|[今明后次]|周|星期|礼拜|上午|下午|晚上|早上|中午|凌晨)(?=[^：\n]*\d)[^：。！!？?\n]*"
)
# a label of another window than the day's (遗言, 夜晚行动, 杀人帖, 公示)
_OTHER_WINDOW = lazy(r"遗言|维护|改票|代投|申请|禁言|请求|行动|技能|夜|杀|公示|公布|发帖|截至")


def _label_pairs(
    out: list[TimePoint], line_of: list[int], lines: list[str], request: bool
) -> list[TimePoint]:
    """Two labelled lines in a row, one time each, the later within three days of the
    earlier (s50: 营业：4月7日 10:00 ⏎ 截止：4月9日 22:00; 首日送电：0403 0900 ⏎ 首日拉闸：0404
    2130): a schedule's two bounds.  The one a known word marks (截止: closes) makes the other
    the day's other bound; two labels in the theme's own words are the opening and the close
    when no other time in the post says either.  Never in a request's post, never another
    window's label (:data:`_OTHER_WINDOW`), a time taken back, a count's moment, a delay."""
    if request:
        return out
    out = list(out)
    for i in range(len(out) - 1):
        a, b = out[i], out[i + 1]
        if not _schedule_lines(a, b, (line_of[i], line_of[i + 1]), line_of, lines):
            continue
        at = b.at - timedelta(seconds=1) if b.at.timetz().replace(tzinfo=None) == time(0) else b.at
        if (a.role, b.role) == (None, "closes"):
            out[i] = replace(a, role="opens")
        elif (a.role, b.role) == ("opens", None):
            out[i + 1] = replace(b, role="closes", at=at)
        elif (a.role, b.role) == (None, None) and not any(p.role for p in out):
            out[i] = replace(a, role="opens")
            out[i + 1] = replace(b, role="closes", at=at)
    return out


def _schedule_lines(
    a: TimePoint, b: TimePoint, at: tuple[int, int], line_of: list[int], lines: list[str]
) -> bool:
    """``a`` and ``b`` are the times of two labelled lines in a row (:func:`_label_pairs`),
    one each, the later within three days, of the day's own window."""
    first, second = at
    if second != first + 1 or line_of.count(first) != 1 or line_of.count(second) != 1:
        return False
    said = [_LABELLED_TIME.fullmatch(lines[n].strip()) for n in at]
    if any(m is None or _OTHER_WINDOW.search(m.group(1)) for m in said):
        return False
    if any(p.wrong or p.asof or p.delay or p.aside for p in (a, b)):
        return False
    return a.at < b.at <= a.at + timedelta(days=3)


# the new time a put-back states in its own words (今天的退房时间顺延——新的退房时间：晚上十一点):
# 新的<the day's word>时间 right before the clock, after a verb that puts it back, in one
# sentence; never an opening's (新的开门时间) — the close moved, in whatever word the game has
_NEW_TIME = lazy(r"新(?:的)?\s*([\u4e00-\u9fff]{1,3}?)\s*时间\s*(?:为|是)?\s*[:：]?\s*$")
_PUT_BACK = lazy(r"顺延|延长|延后|延迟|延时|推迟|推后|往后挪|晚一点|晚些")


def _put_back_or_said(
    told: str, line: str, m: re.Match[str], role: str | None, arrowed: bool, said: str
) -> tuple[str | None, bool]:
    """(the time's role, whether it is a new close said with its verb): a put-back's new
    time (:func:`_put_back_to`) is the close, delayed; else :func:`_delay_said` judges."""
    sped = _sped_or_fixed(said)
    if _put_back_to(line[: m.start()].replace("\0", "")) and not sped:
        return "closes", True
    return role, _delay_said(told, line, m, role, arrowed, sped=sped)


def _put_back_to(before: str) -> bool:
    """The time is the new close a put-back states (:data:`_NEW_TIME`): the sentence holds
    a put-back's verb before 新的…时间, and the word is none of an opening's."""
    sentence = re.split(r"[。！!；;？?]", before)[-1]
    m = _NEW_TIME.search(sentence)
    if m is None or _supposed(sentence, len(sentence)):
        return False
    word = m.group(1)
    if re.search(r"开|起|入住|出发|发车|" + "|".join(SHOW_OPENS), word):
        return False
    return bool(_PUT_BACK.search(sentence[: m.start()]))


# a line that holds only the change's verb before its time (调整为：, 改为, 变更为)
_CHANGE_ALONE = lazy(r"\s*(?:调整|更改|变更|改)\s*(?:为|成|到|至)\s*[:：]?\s*$")


def _moves_the_close(arrowed: bool, line_before: str, out: list[TimePoint]) -> bool:
    """A time an arrow, or a line of the change's verb alone (原截止：今晚十二点⏎调整为：明日
    凌晨一点半), puts after a close: it moves that close."""
    changed = arrowed or bool(_CHANGE_ALONE.match(line_before))
    return changed and bool(out) and out[-1].role == "closes"


# the parts of the day that run past midnight (夜里十二点半 is the small hours after that evening)
_NIGHT_PARTS = ("夜里", "夜间", "深夜", "半夜", "晚上", "晚间", "晚", "夜晚")


def _night_after(
    m: re.Match[str], hms: tuple[int, int, int], d: date, posted: datetime, tz: tzinfo
) -> tuple[tuple[int, int, int], date]:
    """An hour past midnight said as the night's (今儿夜里十二点半截 / 今晚12:30 / 今天深夜两点):
    the small hours after that day's evening — 00:30 of the next date, never 12:30 noon
    (DESIGN §days: a close is the time the director means).  Said with its day (今天 / 明天 /
    周四 / 12月3日) it is that day's night; said bare (夜里两点截), the coming one: the next
    date only when that night's hour is already past at the post.  A small hour said as such
    (4号零点半, 凌晨一点) and 今晚两点 (already the night after, :func:`_point_date`) are left
    as they are."""
    g = m.groupdict()
    eve, ap, said_h = g["aeve"], g["aap"], int(g["ah"])
    if not (eve in ("今晚", "今夜", "当晚", "明晚") or ap in _NIGHT_PARTS):
        return hms, d
    h, mi, s = hms
    if said_h == 12 and h == 12 and (mi or s):
        hms = (0, mi, s)
    elif not (ap in _NIGHT_PARTS and 1 <= h <= 4):
        return hms, d
    if eve in ("今晚", "今夜", "当晚") and hms[0] != 0:
        return hms, d  # 今晚凌晨两点: already the next date
    said_day = any(g[k] for k in ("am", "add", "asm", "awd", "arel")) or eve
    if said_day or _at(d, hms, tz, end=True) <= posted:
        return hms, d + timedelta(days=1)
    return hms, d


def _that_evening(m: re.Match[str], carried: tuple[int, date] | None, d: date) -> date:
    """明早 9:00 开帖，当晚 21:30 关帖: 当晚 is the evening of the day the line said before."""
    return carried[1] if m.group("aeve") in ("当晚", "当夜") and carried else d


# what makes a time a moment, not a day's bound (18:00 后收到的申请, 20:00 前投完, 00:20 的投票)
_A_MOMENT = lazy(r"\s*(?:整)?\s*(?:后|以后|之后|前|之前|以前|的|时的|左右|[?？])")


def _line_roles(
    points: list[TimePoint], line: str, spans: list[tuple[int, int]], request: bool
) -> list[TimePoint]:
    """A line's times read together: an opening moved beside a close kept, then a close said
    in the theme's own words after an opening."""
    return _complement(_opening_moved(points, line, spans), line, spans, request)


def _complement(
    points: list[TimePoint], line: str, spans: list[tuple[int, int]], request: bool
) -> list[TimePoint]:
    """A line of two times of one day, the first said to open it and the later one in the
    theme's own word (第2日 09:00 起飞、21:30 落地; 0:00 开灶，晚上十二点熄火): the later is the
    day's close.  Never a moment (21:00 前…), a time taken back, another window's (遗言,
    申请), a recap (上一轮 …), a request's post, nor a time a day apart or more.  (The other
    way round — an earlier time beside a close, read as the opening — is not done: a post
    says the hour it is written as often as the day's opening.)"""
    if request or len(points) != 2 or any(p.wrong or p.asof or p.delay for p in points):
        return points
    first, other = _own_opening_verb(points, line, spans)
    if first.role != "opens" or other.role is not None or not _said_otherwise(line, spans[1]):
        return [first, other]
    if not _ends_in_own_clause(line, spans[1]):
        return [first, other]  # 12:00 午休, 15:00 导演发线索, 18:00 有个小活动: the day goes on
    if other.aside or (other.day and first.day and other.day != first.day):
        return [first, other]
    if not first.at < other.at <= first.at + timedelta(days=3):
        return [first, other]
    at = other.at
    if at.timetz().replace(tzinfo=None) == time(0):
        at -= timedelta(seconds=1)  # 24:00 落地: the end of its day, as a close is kept
    return [first, replace(other, role="closes", at=at, day=other.day or first.day)]


def _own_opening_verb(
    points: list[TimePoint], line: str, spans: list[tuple[int, int]]
) -> tuple[TimePoint, TimePoint]:
    """09:00 起飞、21:30 落地: the opening verb right after the first time is its own, not the
    second time's (read as the nearest verb before it)."""
    first, other = points
    between = line[spans[0][1] : spans[1][0]]
    if (
        first.role == other.role == "opens"
        and re.match(r"\s*(?:整\s*)?(?:开|起|启)", between)
        and not _LATER_OPENS.match(line[spans[1][1] :].lstrip())
    ):
        other = replace(other, role=None)
    return first, other


# a verb that ends something (落地, 熄火, 收工, 打烊, 天黑, 散场): the day's other bound in the
# theme's own words pairs with its opening — an event inside the day (午休, 发线索, 有个小活动)
# does not end it
_ENDING = lazy(
    r"关|闭|截|结束|结算|终|停|止|完(?!成)|落地|降落|着陆|靠岸|到站|抵达|返航|熄|灭|散|打烊|"
    r"收(?!拾|到|集|听|看)|清场|离场|下班|下线|下播|退房|谢幕|落幕|天黑|入夜|\bclose|\bend|"
    + "|".join(SHOW_CLOSES),
    re.I,
)


def _ends_in_own_clause(line: str, span: tuple[int, int]) -> bool:
    """Whether the time's own clause (between two marks) says an ending verb (21:30 落地;
    熄火 24:00)."""
    start, end = span
    own_before = re.split(r"[。！!；;？?，,、]", line[:start])[-1]
    own_after = re.split(r"[。！!；;？?，,、]", line[end:])[0]
    return bool(_ENDING.search(own_after) or _ENDING.search(own_before))


def _said_otherwise(line: str, span: tuple[int, int]) -> bool:
    """A time in words of its own, no moment (21:00 前), no supposition, no recap of the day
    before (上一轮 21:00), no opening of its own (20:00 开始…)."""
    start, end = span
    if _A_MOMENT.match(line[end:]) or _supposed(line, start, end):
        return False
    own_before = re.split(r"[。！!；;？?，,、]", line[:start])[-1]
    own_after = re.split(r"[。！!；;？?，,、]", line[end:])[0]
    return not (_YESTERDAY.search(own_before) or _LATER_OPENS.search(own_after))


def _new_close(said: bool, wrong: bool, role: str | None, after: str) -> bool:
    """A delay said is the new close: never the close that was (21:00 → 22:00), an opening
    put off (顺延到明天九点开门) or a close said unchanged (22:00 关门不变)."""
    if not said or wrong or role == "opens":
        return False
    return not re.match(r"\s*(?:关门|关帖)?\s*不变", after)


def _arrow_role(
    role: str | None, rest: str, arrowed: bool, line_before: list[TimePoint]
) -> str | None:
    """【时间调整】⏎22:15 → 22:45: what an arrow moves is the close — the time it moves on
    from, and the new one after a time taken back."""
    if role is not None:
        return role
    moves_on = bool(re.match(r"\s*(?:→|->|=>|⇒)", rest))
    return "closes" if moves_on or (arrowed and line_before and line_before[-1].wrong) else None


def _past_midnight(at: datetime, line_before: list[TimePoint], moved: bool) -> datetime:
    """A close moved past midnight (关帖时间 24:00 → 01:30, 由 23:00 推迟到 1:00): the new
    close's clock before the one it moves is the next morning's — a move forward, never by
    half a day or more (21:00 → 19:00 is a close brought forward)."""
    if not moved or not line_before or not line_before[-1].wrong:
        return at
    was = line_before[-1].at
    if at.date() != was.date():
        return at  # dated apart already (昨日…原定 21:00，延时至 22:00 结算：told as yesterday's)
    if at <= was and timedelta(0) < at + timedelta(days=1) - was < timedelta(hours=12):
        return at + timedelta(days=1)
    return at


# the close said unchanged beside a time that moved (集合时间推迟到十点，解散时间九点半不变)
_KEPT = lazy(r"不变|照旧|照常|依旧|仍然|仍是|维持|还是")
_MOVED_CLOSE = lazy(r"关|截|结束|结算|收|close|延|" + "|".join(SHOW_CLOSES), re.I)


def _opening_moved(
    points: list[TimePoint], line: str, spans: list[tuple[int, int]]
) -> list[TimePoint]:
    """A line that moves one time and keeps a later one (A 推迟到 10:00，B 21:30 不变 /
    B 照旧 21:30): the moved time is the day's opening, the kept one its close — no delay
    of the close, whatever the theme calls them.  ``spans``: each point's own place in
    ``line`` (the same time said twice on the line is read where the point stands)."""
    if len(points) != 2 or not points[0].delay or points[1].delay or points[1].wrong:
        return points
    moved, kept = points
    if not kept.at > moved.at or kept.day != moved.day or kept.role == "opens":
        return points
    if kept.at.date() != moved.at.date():
        return points  # 延到 23:30。明早 09:00 照常开门: the next day's opening
    (at, end), (kept_at, kept_end) = spans
    own = re.split(r"[，,。；;！!]", line[:at])[-1]
    rest = line[end:]
    if re.search(r"[。；;！!？?]", line[end:kept_at]):
        return points  # the kept time in a sentence of its own
    if _MOVED_CLOSE.search(own) or re.match(r"\s*(?:以|之)?后", line[kept_end:]):
        return points  # 关帖推迟到 22:00: the close itself moved; 23:00 后: a moment
    if not _KEPT.search(rest) or _supposed(line, 0, len(line)):
        return points
    return [replace(moved, role="opens", delay=False), replace(kept, role="closes")]


def _day_before(day: int | None, d: date, ref: date, before: str) -> int | None:
    """A time its own sentence dates yesterday (第七天！昨天加速，晚上七点就结束了) under the
    post's label of today: the day before's (the label names the post's day, not the
    recap's); a sentence that names its own day keeps it."""
    own = re.split(r"[。！!；;？?\n]", before)[-1]
    if day is None or d >= ref or _DAY_LABEL.search(own):
        return day
    return day - 1 if day > 1 and re.search(r"昨[天日晚夜]", own) else day


_SUMMARY_HEAD = lazy(r"^\W*[【\[].{0,8}(?:汇总|进度|回顾|总结|小结)[】\]]")
# a weekday said bare (周六, 星期六), not of a week named (下周六, 本周六, 这周六)
_BARE_WEEKDAY = lazy(r"(?<![下本这上])(?:周|星期|礼拜)[一二三四五六日天]")


def _recap_date(d: date, ref: date, summary: bool, said: str) -> date:
    """A summary's bare weekday is the one of the week it tells, on or before the post
    (【五一长假进度】 posted on a Sunday: its 周六晚十点关 was the day before); a weekday
    any other post says bare is the next one (the schedule ahead)."""
    clause = re.split(r"[。！!；;？?\n]", said)[-1]
    if summary and d > ref and _BARE_WEEKDAY.search(clause):
        return d - timedelta(weeks=1)
    return d


def _recalled(
    before: str,
    said: str,
    head: tuple[int | None, int | None],
    role: str | None,
    rest: str = "",
) -> tuple[str | None, str]:
    """A time's role and the words before it that may delay it: none of either for a close
    said of yesterday with no day named (因为昨晚延时到十一点: the day before's, recalled),
    nor for a close told with its outcome (21:30 结算：X 出局, 延时至 23:00 结算，X 出局: a
    result's report, not the schedule)."""
    if _of_yesterday(before) and _labels(said, head)[0] is None:
        return None, ""
    if (
        role == "closes"
        and _outcome_told(rest)
        and not _told_delay(before, said)
        and not _ON_THE_SPOT.match(rest)
    ):
        return None, ""
    return role, before


# a close told as made on the spot, before its time (过半——16:42 当场收摊，X 出局): the day's
# close moved, told with its outcome (a report of the schedule's close is not)
_ON_THE_SPOT = lazy(
    r"\s*(?:当场|立即|立刻|马上)\s*(?:收摊|收帖|收(?![\u4e00-\u9fff])|散场|关门|关帖|关闭|结束|截止)(?!了)"
)


def _told_delay(before: str, said: str) -> bool:
    """A delay told with its outcome, of a day the sentence names (第五日 延时至周日 23:00 结算，
    X 出局): that day's delay, told after it (not the schedule ahead; :func:`_told_date`)."""
    sentence = re.split(r"[。！!；;？?]", said)[-1]
    return bool(_DELAY_WORDS.search(before) and _DAY_LABEL.search(sentence))


def _told_date(
    at: datetime, posted_at: datetime, line: str, m: re.Match[str], role: str | None
) -> datetime:
    """The time of a close told with its outcome (:func:`_told_delay`), before the post: a
    bare weekday's of the week behind it (posted on a Monday, 周日 23:00 is the day before), a
    time of a day said as yesterday's (昨日第五日…延时至 22:00) the day before's."""
    if role != "closes" or at <= posted_at or not _outcome_told(line[m.end() :]):
        return at
    sentence = re.split(r"[。！!；;？?]", line[: m.end()])[-1]
    if _BARE_WEEKDAY.search(sentence):
        return at - timedelta(weeks=1)
    if _YESTERDAY.search(sentence):
        return at - timedelta(days=1)
    return at


# an outcome told in the close's own sentence (结算：X 出局, 结算，出局 X); not the rule for
# what will happen (得票最高者出局, 出局结果明早公布, 请投票, 如果…出局)
_OUTCOME = lazy(r"出局|淹死|死亡|身亡|遇害|被刀|被杀|被投|放逐|退场|离场|退席|当选")
_NOT_TOLD = lazy(
    r"者|的人|最多|最高|将|会|要|请|如果|若|结果|公布|宣布|公示|届时|之后|后|昨|今晚|明|没有|无人|不"
)


def _outcome_told(rest: str) -> bool:
    """The close's clause and the next (结算：X 出局; 20:00 结算，出局 X) tell its outcome;
    a night's (昨晚没有人出局) or a notice's (先公示昨天出局的) is another matter."""
    told = "".join(re.split(r"([，,])", re.split(r"[。！!；;？?\n]", rest)[0])[:3])
    return bool(_OUTCOME.search(told)) and not _NOT_TOLD.search(told)


def _of_yesterday(before: str) -> bool:
    """Whether the time's own clause is said of the day before (因为昨晚延时到十一点, 昨天
    22:00 关的帖): a recap, not this post's schedule; 昨天宣布：今晚 22:30 关 is tonight's,
    and 因为昨晚延时，第四日改为中午十二点开 the day's own (the clause after the comma)."""
    clause = re.split(r"[,，]", before)[-1]
    m = _last(_YESTERDAY, clause)
    return bool(m and not _TODAY_AFTER.search(clause[m.end() :]))


# … or the day before in a game's own counter word (上一轮, 上一回合, 上期: the round before)
_YESTERDAY = lazy(r"昨[晚天日夜]|前[晚天日夜]|上一(?:回合|轮|期|场|回|幕|站|审)|上(?:回合|轮|期)")
_TODAY_AFTER = lazy(r"今|明|本日|当日|宣布|通知|说|决定|同意|批")
# a correction inside a post, after what it corrects (…。更正：, 收回。): not a post headed
# 【更正】, which corrects an earlier post
SELF_FIX = lazy(
    r"(?<![【\[])(?:更正|改正|订正|修正|勘误)(?:一下)?\s*[:：，,]|收回\s*[。，,！!]"
    # a writer who stops and says it again (23:59 截票……不是，延到明天 12:00; 卯时——不对，辰时)
    r"|(?:…+|\.{3,}|—+)\s*(?:不对|不是|错了|说错了|口误|等等|更正|哦不|啊不|不不)\s*[，,。:：!！]?"
    r"|[，,]\s*(?:哦不|啊不|不不|呸|说错了|口误|不对|错了)\s*[，,]"
    r"|(?<![【\[])(?:更正|改正|订正)(?:为|成)"
)


def _asked(line: str, start: int, end: int) -> bool:
    """Whether the time's own sentence is a question (是不是延长到23:00？, 23点关帖吗?):
    asked about, not stated."""
    before = re.split(r"[。！!；;？?,，]", line[:start])[-1]  # its own clause: a question
    m = re.search(r"[。！!；;？?]", line[end:])  # reported earlier in the sentence is answered
    after = line[end : end + m.end()] if m else line[end:]
    return bool(
        re.search(r"[？?]$|吗\W*$", after)
        or re.search(r"是不是|是否", before)
        or re.match(r"\s*(?:是不是|是否)", after)
    )


def _supposed(line: str, start: int, end: int | None = None) -> bool:
    """Whether the sentence supposes what it says at ``start`` (如果…就进入环节二，环节二的时间是
    12月16日全天); a but after the supposition states it (如果…会不会延时，但目前一切正常，
    还是 22:00 关帖).  Given the time's ``end``, a time asked about (:func:`_asked`) too."""
    if end is not None and _asked(line, start, end):
        return True
    said = re.split(r"[。！!；;？?]", line[:start])[-1]
    return bool(_SUPPOSED.search(re.split(r"但是|但|不过|然而|目前|现在", said)[-1]))


def _self_fix_at(text: str) -> int:
    """Where a post corrects what it said before, or -1."""
    fix = SELF_FIX.search(text)
    return fix.start() if fix and fix.start() else -1


def _later_wins(points: list[TimePoint], where: list[int], fixed: int) -> list[TimePoint]:
    """The times stated before a post corrects itself, marked wrong where a time after the
    correction has the same role (第三天关门：明晚21:30。更正：是今晚21:30)."""
    if fixed < 0:
        return points
    roles = {
        p.role for p, w in zip(points, where, strict=True) if w > fixed and p.role and not p.wrong
    }
    return [
        replace(p, wrong=True) if w < fixed and p.role in roles else p
        for p, w in zip(points, where, strict=True)
    ]


def _words_after(line: str, end: int) -> str:
    """The words after a time up to its sentence's end or the next time."""
    rest = re.split(r"[。！!；;？?]", line[end:])[0]
    nxt = re.search(r"\d{1,2}\s*[:点时]|\0", rest)
    return rest[: nxt.start()] if nxt else rest


# (起 as a verb of its own: not 响起 / 升起 / 一起, the bell that rings at the close)
_LATER_OPENS = lazy(
    r"开始|开门|开帖|开放|开启|启动|(?<![响升想一兴提说看引])起(?!来)|" + "|".join(SHOW_OPENS)
)
# the close said after the time: its verb (the venue before it: 22:00 登机口关闭, 大门关闭), the end of a show (收场, 散场, 落幕, 打烊), or the
# time taken as a deadline (今晚九点半，钟声会再次响起，在那之前，你们要决定…)
_LATER_CLOSES = lazy(
    r"结束|关门|关帖|关闭|截止|为止|封帖|锁帖|收帖|收场|散场|落幕|打烊|落锁|上锁|锁门|收(?=\s*(?:[。，,！!]|$))|"
    + "|".join(SHOW_CLOSES)
    + r"|(?:在|于)?(?:那|此)(?:之前|以前)"
    # … or the hour of the day's decision (今晚九点半，是最后的审判; 今晚九点，又要做出选择)
    r"|^\s*[,，]?\s*(?:是|就是|便是)[^，,。]{0,4}(?:审判|宣判|表决)"
    r"|^\s*[,，]?\s*(?:又|就)?要(?:做|作)出(?:选择|决定|抉择)"
)


def _aside_role(line: str, m: re.Match[str], role: str | None, later: str) -> str | None:
    """The role of a time whose verb is apart from it (零点整，第一天的环节一就开始了); none
    for the window of something else (20点开始写遗言, 禁止改票 20:30 起, 延时申请…截止，也就是
    18:00) or a close a delay moved on (从 21:30 推迟到 23:30)."""
    if role == "closes" and _REQUESTED_BY.match(line[m.end() :]):
        return None  # 今天下午六点前，莲藕…五位申请: when the requests came, not a close
    clause = _clause_at(line, m.start(), m.end())
    said_before = re.split(r"[。！!；;？?]", line[: m.start()])[-1]
    the_close = re.match(r"\s*(?:前\s*(?:一|半|\d)|关门|关帖)", line[m.end() :])
    if (_ASIDE.search(clause) and not the_close) or (
        role == "closes"
        and _about_other(said_before)
        and not re.search(r"关门|关帖", clause)
        and not _DELAY_WORDS.search(line[max(0, m.start() - 10) : m.start()])
    ):
        return None
    if role is not None:
        return role
    if not re.match(r"\s*整?\s*(?:[，,]|$)", line[m.end() :]):
        return None  # 六点一过，…: the verb later in the sentence is not this time's
    verbs = [v for v in (_LATER_OPENS.search(later), _LATER_CLOSES.search(later)) if v]
    if not verbs:
        return None
    first = min(verbs, key=lambda v: v.start())
    if _ASIDE.search(later[: first.end()]):
        return None  # 今晚八点一刻，遗言时间开始了
    return "opens" if _LATER_OPENS.fullmatch(first.group(0)) else "closes"


# the moment the players' requests came by (今天下午六点前，A、B…五位申请 / 18:00 前有 6 人提出):
# the count's moment, not the day's close — nothing that closes (投票, 关帖, 截止) between
_REQUESTED_BY = lazy(
    r"\s*(?:之)?前\s*[，,:：]?(?:(?!投票|投|关|截|散场|结束|收)[^。！!；;？?\n]){0,30}?"
    r"(?:申请|提出|要求)(?!\s*(?:截止|结束))"
)


# a room or hall of the players' own life whose hours the time tells (活动室 20:00 散场, 图书馆
# 十点闭馆, 宿舍 23:00 熄灯): the place's time, not the game's — the game's days are its threads'
_VENUE = lazy(
    r"(?:活动|会议|自习|阅览|健身|教|机|实验|琴|画)室|食堂|图书馆|宿舍|寝室|体育馆|澡堂|网吧|超市|商场"
    r"|公司|单位|学校"
)


def _of_a_venue(before: str) -> bool:
    """Whether the time's own clause names such a place as its subject, before it."""
    own = re.split(r"[，,。！!；;？?]", before)[-1]
    return bool(_VENUE.search(own)) and not re.search(
        r"帖|游戏|本局|讨论|投票|第\s*\S{1,2}\s*[天日]", own
    )


def _own_clause_role(before: str, later: str, role: str | None) -> str | None:
    """A time whose role came from a verb in the clause before it, while its own clause
    says another (早上九点开门，晚上九点半钟响收场: the second time closes)."""
    if role is None:
        return None
    own = re.split(r"[，,]", before)[-1]
    if _CLOSE_WORDS.search(own) or _OPEN_WORDS.search(own):
        return role
    clause = re.split(r"[，,]", later)[0]
    verbs = [v for v in (_LATER_OPENS.search(clause), _LATER_CLOSES.search(clause)) if v]
    if not verbs:
        return role
    first = min(verbs, key=lambda v: v.start())
    return "opens" if _LATER_OPENS.fullmatch(first.group(0)) else "closes"


def _about_other(said_before: str) -> bool:
    """A sentence about last words, changed votes, proxies or a request still open; a
    request said granted (加速申请已过半（6/9），今天加速，19:30 结算) is the day's business."""
    if re.search(r"遗言|改票|代投", said_before):
        return True
    # 延时的申请我看到了，但是…今天照样九点半关: what follows the but is the director's own
    said_before = re.split(r"但是|但|不过|可是", said_before)[-1]
    # 申请加速人数为4人，未超过二分之一，本日不加速，仍于21:30关帖: a request refused is decided
    # as well; what the sentence says after the refusal is the day's own
    refused = _last(_REQUEST_REFUSED, said_before)
    if refused is not None and "申请" in said_before[: refused.start()]:
        said_before = said_before[refused.end() :]
    if "申请" not in said_before:
        return False
    # 加速申请 8/10，加速通过，今晚八点结算: the grant in the clause after the count
    after_request = said_before[said_before.rfind("申请") :]
    return not (_REQUEST_GRANTED.search(said_before) or _GRANT_SAID.search(after_request))


_REQUEST_REFUSED = lazy(
    r"(?:未|没有?|不)\s*(?:超过|过|到|够|足|达到?)\s*(?:半数|一半|二分之一|半|人数)"
    r"|(?:本日|今天|今日)?\s*不\s*(?:加速|延时|延长)"
)
_REQUEST_GRANTED = lazy(r"申请[^，,。；;]{0,6}(?:过半|够|通过|成功|批准|获批|生效)")
# the request decided in a clause after it (…，加速通过，; …，延时已获批准，; …，加速失败，): the
# time after it is the day's own, the new close or the one that stands
_GRANT_SAID = lazy(
    r"(?:加速|延时|延长)\s*(?:已\s*)?(?:获\s*)?(?:未|没有?)?(?:通过|成功|生效|批准|获批|失败|不足|驳回)"
    r"|[，,]\s*(?:已\s*)?(?:通过|批准|获批|生效)\s*[，,]"
)


def _aside(line: str, m: re.Match[str], later: str) -> bool:
    """Whether a time is something else's than the day's: its clause or the words after it
    say so (20点开始写遗言, 禁止改票 20:30 起), or its sentence is about a request or last
    words before it (延时申请在关门前三小时截止，也就是 18:00)."""
    said_before = re.split(r"[。！!；;？?]", line[: m.start()])[-1]
    # 今晚 20:00 关门，加速后不得改票: a time its own verb closes is the day's; the next
    # clause's 改票 is another rule
    if re.match(r"\s*(?:关门|关帖|截止|结束)", line[m.end() :]):
        later = re.split(r"[，,]", later)[0]
    return bool(
        _ASIDE.search(_clause_at(line, m.start(), m.end()) + later)
        or _about_other(said_before)
        or re.match(r"\s*(?:的|时的)(?!时候)", line[m.end() :])  # 00:20 的投票: a moment's
    )


def _labels_after(
    later: str, day: int | None, phase: int | None, hms: tuple[int, int, int], role: str | None
) -> tuple[int | None, int | None]:
    """A time's 环节 and day said after it in its clause (今天零点起进入【环节二】, 明早0点整，第二天
    的环节一开始)."""
    if role is None:
        return day, phase
    pm = _PHASE_LABEL.search(later)
    dm = _DAY_LABEL.search(later)
    if phase is None and pm:
        phase = _phase_no(pm)
    # 明天零点开始第三天: the day a time starts, said right after its verb
    if (
        dm
        and role == "opens"
        and re.match(r"\s*(?:开始|进入|开启|启动|起|开(?:帖|门)?)\s*$", later[: dm.start()])
    ):
        return cn_number(dm.group(1) or dm.group(2)), phase
    # 明早9点第二日开帖, 今晚 22:00 第三日关帖: the day named right after the time, with the verb
    if (
        dm
        and not later[: dm.start()].strip()
        and re.match(
            r"\s*(?:的)?\s*(?:开始|开门|开帖|开放|开启)"
            if role == "opens"
            else r"\s*(?:的)?\s*(?:结束|关门|关帖|截止|截票)",
            later[dm.end() :],
        )
    ):
        return cn_number(dm.group(1) or dm.group(2)), phase
    if dm and (pm or day is None):
        day = cn_number(dm.group(1) or dm.group(2))
    return day, phase


def _point_role(before: str, after: str, *, request: bool, after_close: bool) -> str | None:
    """:func:`_role`, save a request's deadline (加速申请 / 截止：18:00: none) and a close moved
    by an arrow (关帖：21:00 → 23:30: the second closes too)."""
    if request and re.search(r"截[止至]\s*[:：]?\s*$", before):
        return None
    role = _role(before, after)
    return "closes" if role is None and after_close else role


_SPED = lazy(r"加速|提前")
# a post that corrects what was written (关帖时间写成了20:30，改为21:30): its 改为 is no delay
_FIXING = lazy(r"写成了?|写错|打错|打成|笔误|口误|误写|有误|更正")


def _sped_or_fixed(said: str) -> bool:
    """Whether the post so far speeds the day up or corrects what it wrote: its 改为 is no delay."""
    return bool(_SPED.search(said) or _FIXING.search(said))


# a close with a bracket beside it that says it is a delay's (今晚 22:30 关（昨天已宣布延时）, 23:00
# 关帖（延时成功）); not one that asks for it, refuses it or supposes it (（申请延时请在18点前）,
# （不延时）, （如需延时请申请）) or says the schedule's weekend (（周末延长一日）)
_ASIDE_BRACKET = lazy(r"\s*(?:关|截止|结束|结算)?(?:帖|门|票)?\s*[（(]([^（()）]{1,20})[）)]")


def _delay_aside(later: str) -> bool:
    m = _ASIDE_BRACKET.match(later)
    return bool(
        m
        and re.search(r"延时|延长|推迟|顺延|延后", m.group(1))
        # 关帖 22:00（周末延长一日）: the schedule's weekend, no delay
        and not re.search(r"申请|未|不|没|如|若|请|可|周末|逢|假|每|[?？]", m.group(1))
    )


_LATE_CLOSE = lazy(r"\s*(?:整)?\s*才\s*(?:关|截止|结束|结算|收)[门帖票摊工]?\s*(?:的|了)")


# 才…关的 said of a day ahead (明天晚上九点才关门的) or of the plan (第三日本来就是九点才关的，
# 不算延时): no delay told
_LATE_AS_PLANNED = lazy(
    r"明[天日晚早]|后天|下[周一个]|本来|原本|原定|原来|照常|照旧|按时|准时|本就|向来|一向|每天|平时"
    r"|不(?:算|是)延|并非延|没有?延"
)


def _delay_said(
    before: str,
    line: str,
    m: re.Match[str],
    role: str | None,
    arrowed: bool,
    *,
    sped: object = None,
) -> bool:
    """A new close said with its verb: before the time (延长至, 新关帖：, an arrow) or after
    it in the sentence (讨论到晚上十点，比平时晚一个小时，算是延时); a new close in a post
    that speeds the day up (加速成功，新关帖时间：19:00) is an earlier close, no delay."""
    rest, said_time = line[m.end() :], m.group(0)
    later = re.split(r"[。！!；;\n]", rest)[0]
    new_close = bool(_NEW_CLOSE.search(before)) and not sped
    # 第四日加速，改为 17:00 关帖 (调整为 17:00): a change in a post that speeds the day up is no delay
    changed = _DELAY_WORDS.search(before)
    if changed and sped and re.match(r"(?:改|更改|调整|变更)", changed.group(0)):
        changed = None
    said = bool(changed or new_close) or arrowed
    said = said or (role == "closes" and bool(_DELAY_AFTER.search(later) or _delay_aside(later)))
    # 十点才关的门: 才 before the close's verb, told as done (的 / 了), says it came later than
    # planned; not a close still ahead (明晚十点才关: only then, as planned) nor what a day runs
    # until (所以第二日到周日晚十点才关了: its schedule's length)
    said = said or (
        role == "closes"
        and bool(_LATE_CLOSE.match(rest))
        and not re.search(r"(?:[到至]|直到)\s*$", before)
        and not _LATE_AS_PLANNED.search(
            re.split(r"[。！!；;？?\n]", before)[-1] + said_time + re.split(r"[,，]", later)[0]
        )
    )
    # 今天晚上九点才关的门，大家别急: 才 that reassures (there is time yet) tells the close
    # as planned, ahead — no delay
    said = said and not (
        not (changed or new_close or arrowed)
        and _LATE_CLOSE.match(rest)
        and _NO_HURRY.search(later)
    )
    # 开门推迟至10:00 puts back an opening; 第五日开帖，关帖延长至23点 delays the close
    return said and not _NOT_DELAY.search(re.split(r"[,，]", before)[-1])


# words that tell the players there is time yet (大家别急, 不用急, 还早, 慢慢来)
_NO_HURRY = lazy(r"别急|不急|不用急|不要急|莫急|还早|还有时间|时间还多|慢慢[来说聊]")


def _point_clock(m: re.Match[str], line: str = "") -> tuple[int, int, int] | None:
    """A single time's clock (今晚 9 点 is 21:00, 明晚（周日）十点 22:00), or None for a bare
    number."""
    hms = _clock(m, "a")
    g = m.groupdict()
    if hms is None or not (g["ami"] or g["ami2"] or g["ahalf"] or re.search(r"[点时]", m.group(0))):
        return None
    evening = g["aeve"] in ("今晚", "今夜", "当晚", "明晚") or (
        g["aeve"] is None
        and g["aap"] is None
        and re.search(r"(?:今晚|今夜|当晚|明晚)\s*[(（][^）)]{1,6}[）)]\s*$", line[: m.start()])
    )
    small_hours = g["aap"] in ("凌晨", "早上", "早晨", "清晨", "上午", "晨")
    if evening and hms in ((12, 0, 0), (0, 0, 0)):
        return 24, 0, 0  # 今晚12点, 明晚零点: the end of the day
    if evening and 1 <= hms[0] <= 4 and g["aap"] not in ("下午", "中午"):
        return hms  # 今晚一点: the small hours after this evening
    if evening and hms[0] < 12 and not small_hours:  # 今晚凌晨两点: that night's small hours
        return hms[0] + 12, hms[1], hms[2]
    return hms


def _evening_close(
    m: re.Match[str], before: str, after: str, hms: tuple[int, int, int]
) -> tuple[int, int, int]:
    """A close said by the hour alone, in words (还是九点关, 今天九点半关门, 照常十点截止), is
    the evening's: a morning close is always said so (明早九点关门, 上午10点截止, 8:00). One
    put off to the next day (推迟到明天 9 点关门) is left as said."""
    g = m.groupdict()
    if g["aap"] or g["aeve"] or re.search(r"[:：]", m.group(0)) or not 6 <= hms[0] <= 11:
        return hms
    if re.search(r"早|上午|凌晨|晨|\bam\b|a\.m\.", before + " " + after, re.I):
        return hms
    if re.search(r"明天|明日|次日|翌日|后天", before):
        return hms  # 推迟到明天 9 点关门: a delay overnight may end in the morning
    return hms[0] + 12, hms[1], hms[2]


# a director who breaks off right after a time to correct it, another time following in the
# same sentence (16:00……不，18:00 结算; 九点——不对，是九点半; 21:00, sorry, 22:00): the first
# is taken back.  Never a 不 that goes on into its own words (21:30，不延时, 九点关，不对外公布),
# nor a break after other words (九点开帖，后天……不，明天九点半关: the 后天 is taken back)
_SELF_CORRECTED = lazy(
    r"(?:\s*整)?(?:\s*[(（][^)）\n]{0,12}[)）])?\s*(?:\.{2,}|…+|-{2,}|—+|[,，])\s*(?:啊|哦|呃|噢)?\s*"
    r"(?:不对|不是|说错了|写错了|错了|口误|sorry|不)\s*[,，!！、:：]"
    r"(?=[^。！!？?\n]*?\d{1,2}\s*[:点时])",
    re.I,
)


def _taken_back(before: str, rest: str) -> bool:
    """A time a correction says was wrong (不是 22:00, "关帖 21:00"为笔误), or one moved on
    (21:00 → 23:30)."""
    return bool(
        re.search(
            r"(?:不是|不在|而非|并非|而不是|写成了?|误写[为成]?|打成了?)\s*$|[(（]\s*原(?:定|本|来)?\s*[:：]?\s*$",
            before,
        )
        or re.match(
            r"\s*[\"'”」』]?\s*(?:为|是|系)?\s*(?:笔误|有误|写错|错误|错的|口误|typo)", rest, re.I
        )
        # 原定 24:00｜延长至 12:00, 本来 21:00 关，…改 22:00: the close that was, a later
        # time in its line moving it (按原定 22:00 关门 is the close)
        or (
            re.search(r"(?:原定|原本|原来|本来|原先|原计划)\s*$", before)
            and re.search(r"延长|延时|延至|推迟|延后|顺延|改为|改到|改成|改\s*\d|→", rest)
        )
        or re.match(r"\s*(?:→|->|=>|⇒)", rest)
        # 22:00 改 23:30, 22:00 关帖改为 23:00, 22:00 延至 23:30: the time a change moves on from
        or re.match(
            r"\s*(?:关帖|关门|截止|结束)?\s*(?:改为|改到|改成|改|推迟到|推迟至|延至|延到|延长至|延长到)"
            r"\s*(?:今晚|明天|明日|次日|明早|凌晨)?\s*\d",
            rest,
        )
        or bool(_SELF_CORRECTED.match(rest))
        # 从 21:30 推迟到 23:30, 由 24:00 推迟到明日 01:30: the close that was
        or (
            re.search(r"[从由]\s*$", before)
            and re.match(r"\s*(?:推迟|延长|延后|延时|顺延|改|提前)", rest)
        )
    )


# a delay granted (延时成功, 延时已获通过, 延时 1 小时): the close stated after it is the new one
_GRANTED = lazy(
    r"延时\s*(?:申请)?\s*(?:已\s*)?(?:获\s*)?(?:成功|成了|通过|生效|批准|获批|OK)"
    r"|(?:同意|批准|准予|通过)(?:了)?延时"
    # 延时了！今晚十点半才关门: the delay said as done (its perfective 了), not asked nor denied
    r"|(?<![不没未要想能])(?:延时|延长|顺延)了(?!吗|么|没)"
    # 今天已经延过一次了，…22:00准时关门: the delay told as had (已…过), its close the one that stands
    r"|已(?:经)?\s*(?:延时|延长|顺延|延)过"
    r"|(?<!申请)(?:延时|延长|顺延|推迟)\s*(?:\d+|[一二两三半])\s*(?:个)?(?:小时|钟头)"
    # 今日延时——⏎新的停诊时间：今晚十一点半: today's delay said as the head of what follows
    r"|(?:今日|今天|本日|当日)\s*延时\s*(?=-|:|：|!|！|\n|$)"
)
# 今晚不关门，推迟到明早（周三）10:00关门 — in a post about a delay, not an acceleration
_NOT_CLOSING = lazy(r"不(?:关门|关帖)")
_NOT_GRANTED = lazy(r"失败|不足|未通过|没有通过|不延时|不予|如果|假如|若|是不是|[？?]")


def _delay_granted_for(
    before: str, earlier: list[TimePoint], day: int | None, said_time: str = ""
) -> bool:
    """Whether a close is the new one of a delay the post granted before it: not when the
    post already moved another day's close (第五日延到…关帖！第六日…22:00 关帖: day six's own)."""
    moved = {p.day for p in earlier if p.delay and p.role == "closes"}
    return _granted_delay(before, said_time) and not (moved - {day})


def _label_of_a_told_delay(before: str, said_time: str) -> bool:
    """Whether a time's 第N天 label is that of a delay told before it, the time said of
    today (第二天延时了半小时，是因为断网，今天21:30照常关: today's close, not day two's)."""
    dm = _last(_DAY_LABEL, before)
    if dm is None:
        return False
    clause = re.split(r"[,，。！!；;]", before[dm.end() :])[0]
    rest = before[dm.end() + len(clause) :] + said_time
    return bool(re.search(r"(?:延时|延长|顺延|推迟|加速)了", clause) and _TODAY_WORD.search(rest))


def _granted_delay(before: str, said_time: str = "") -> bool:
    """Whether the post, up to a close it states, says a delay was granted (the sentence
    that says it neither fails nor supposes it)."""
    for m in _GRANTED.finditer(before):
        start = max(before.rfind(c, 0, m.start()) for c in "。！!；;\n") + 1
        stop = min(
            (i for c in "。！!；;\n" if (i := before.find(c, m.end())) >= 0), default=len(before)
        )
        if not _NOT_GRANTED.search(before[start:stop]) and not _granted_elsewhen(
            before + said_time, start, m
        ):
            return True
    return bool(
        _NOT_CLOSING.search(before)
        and re.search(r"延时|延长|推迟|顺延", before)
        and "加速" not in before
    )


# words that deny or forbid a delay in its own clause (别再问延时了, 不能再延时了, 今天不会延时)
_DENIED = lazy(r"(?<![特分区告离级类识])别|不会|不能|不要|不用|不再|不准|不许|再问|没法|无法|禁止")
# another day than the close's in the delay's sentence (昨天延时了, 前两天都延时了)
_OTHER_DAY = lazy(rf"{_YESTERDAY.pattern}|前\s*(?:{NUM}|几)\s*[天日]|之前|上次|上回")
_TODAY_WORD = lazy(r"今天|今日|今晚|本日|当日")


def _granted_elsewhen(before: str, start: int, m: re.Match[str]) -> bool:
    """Whether a delay said as granted is denied in its clause (别再问延时了, 已经不能再延时了)
    or told of another day (昨天延时了, 前两天都延时了, 第二天延时了半小时，…今天 21:30 关):
    a recap or a refusal, not a delay of the close stated after it (seed 000 M107 3: 延时
    is the director's grant for that day)."""
    clause_start = max(before.rfind(c, 0, m.start()) for c in "，,。！!；;\n") + 1
    clause_end = min(
        (i for c in "，,。！!；;\n" if (i := before.find(c, m.end())) >= 0), default=len(before)
    )
    if _DENIED.search(before[clause_start:clause_end]):
        return True
    if _OTHER_DAY.search(before[start : m.start()]):
        return True
    # 第二天延时了…，今天 21:30 关: a day label before it, today's word after it
    return bool(
        _DAY_LABEL.search(before[start : m.start()]) and _TODAY_WORD.search(before[m.end() :])
    )


def _point_date(m: re.Match[str], line: str, ref: date) -> tuple[date, bool]:
    """A single time's date and whether the text gave it: its own, 今晚 / 明晚, or (当日
    21:30, 11/25-11/26，22:00关门) the date the line last stated; else the post's."""
    g = m.groupdict()
    d = _date(m, "a", ref)
    near = re.search(r"(今晚|今夜|当晚|明晚|今早|明早|明晨)[^，。,；;\d]{0,6}$", line[: m.start()])
    if d is None and not g["aeve"] and near:  # 明晚关门（22:00）: the 明晚 the clause said
        return ref + timedelta(days=_EVE_DATE[near.group(1)]), True
    if g["arel"] in ("当日", "当天"):
        d = _last_date(line[: m.start()], ref) or d
    elif d is None and not g["aeve"]:
        # the date its sentence said (11/25-11/26，22:00关门) or the line's before it (Day 3 closes
        # Dec 23 at 02:00. Day 4 opens at 12:00), never a past day another sentence told of
        # (今天是加速日（昨天傍晚已过半）。投票截止 21:30: today's)
        own = re.split(r"[。！!；;？?]", line[: m.start()])[-1]
        # 明天周六、后天周日照常，每天早九点开晚九点半关: a standing hour after 每天 is no
        # date's said before it (today's, the post's)
        standing = _last(_EVERY_DAY, own)
        own = own[standing.end() :] if standing else own
        d = _last_date(own, ref)
        earlier = None if d or standing else _last_date(line[: m.start()], ref)
        d = earlier if earlier is not None and earlier >= ref else d
    if d is not None:
        return d, True
    # 今晚凌晨两点: the small hours after this evening, the next date
    # (今晚一点 as well: an evening's hour past midnight)
    late = g["aap"] in (None, "凌晨", "晚上", "晚间", "晚") and 1 <= int(g["ah"]) <= 4
    after_night = 1 if g["aeve"] in ("今晚", "今夜", "当晚") and (g["aap"] == "凌晨" or late) else 0
    return ref + timedelta(days=_EVE_DATE.get(g["aeve"] or "", 0) + after_night), bool(g["aeve"])


_EVERY_DAY = lazy(r"每(?:一)?(?:天|日|晚)|天天")


def _last_date(text: str, ref: date) -> date | None:
    # a count before it is no date (延时申请 2/8，未通过。…21:00: two of eight)
    counts = lazy(
        r"\s*[,，]?\s*(?:failed|passed|通过|未通过|没通过|失败|成功|没过半|未过半|过半)", re.I
    )
    found = [
        (m.start(), d)
        for m in _LONE_DATE.finditer(text)
        if (d := _date(m, "a", ref)) is not None
        and not counts.match(text, m.end())
        and not _a_count(text, m)
    ]
    # 第三天明早开，晚上十点关: a morning said with no clock dates what its sentence says after it
    found += [
        (m.start(), ref + timedelta(days=_EVE_DATE[m.group(1)]))
        for m in _BARE_MORNING.finditer(text)
    ]
    return max(found, key=lambda x: x[0])[1] if found else None


_BARE_MORNING = lazy(r"(今早|明早|明晨)(?!\s*(?:\d|[零一二两三四五六七八九十]\s*[点时]|[:：]))")


# a fraction after the words of a count (未过半（5/11）, 加速申请 5/10, 目前 6/12) or before
# its unit (7/12 票): so many of so many, no date — unless a clock follows (延时 3/21 02:00)
_COUNT_BEFORE = lazy(
    r"(?:过半|过|申请|加速|延时|票数?|人数|目前|现在|赞成|同意|支持)\s*[:：（(]?\s*$"
)


def _a_count(text: str, m: re.Match[str]) -> bool:
    """Whether a date written ``5/11`` is a count of votes or requests instead."""
    if not m.group("asm") or re.match(r"\s*\d{1,2}\s*[:：点时]", text[m.end() :]):
        return False
    return bool(
        _COUNT_BEFORE.search(text[max(0, m.start() - 8) : m.start()])
        or re.match(r"\s*(?:票|人)", text[m.end() :])
    )


_VERB = r"(?:开帖|关帖|开门|关门|开放|截止|截票|结算|[开关截])"
_NEXT_TIMES_VERB = lazy(rf"\s*{_VERB}\s*[:：]?\s*\d")
_OWN_VERB = lazy(rf"(?<![^\s。，,:：]){_VERB}\s*[:：]?\s*$")


def _role(before: str, after: str) -> str | None:
    """Whether a time opens or closes a day: the word right after it (21:30 关门), else the
    nearest before it (开门推迟至10:00 opens)."""
    if re.match(r"\s*(?:后|以后|之后)", after):
        return None  # 22:30 后不得改票: a moment, not the close
    if re.match(r"\s*(?:之前|以前)\s*(?:把票|投票|投完|交票|交给|截票)", after):
        return (
            "closes"  # 晚上九点半之前交给我: the votes' deadline (明早8点之前公示: not the day's)
        )
    if re.search(r"(?:照常|照旧|照样|仍然|依旧|按时)\s*$", before) and not re.match(
        r"\s*开", after
    ):
        return "closes"  # 未过半。照常 21:30: the day closes as it would (照常 9 点开门 opens)
    if re.search(r"申请|请求", re.split(r"[,，]", before)[-1]) and not re.search(
        r"关门|关帖|结束|截票|结算", before + after[:4]
    ):
        return None  # 延时申请截止18:00: a request's deadline, not the day's close
    # a terse line (开 09:00 关 21:30): the verb after a time that comes before the next
    # time is that one's, and the bare verb right before this time is its own
    own = _OWN_VERB.search(before)
    if _NEXT_TIMES_VERB.match(after) and own:
        return "opens" if own.group(0)[0] == "开" else "closes"
    # 开门 now 至 24:00, 一直到 22:00: what a time runs until is the close
    if re.search(r"(?<![迟延前改推挪移])(?:[至到]|until|till)\s*$", before, re.I):
        return "closes"
    # (21:30 登机口关闭, 大门关闭, 投票帖关闭: the venue that closes between the time and its verb)
    # (after a venue only a whole close word: 21:00 出门关窗户, 家门口关心一下 are errands; a
    # bare 收 is not 收拾 / 收到 / 收钱 (马上收拾 is no close, 收帆 is); 当场收摊了 is a past game's report)
    if re.match(
        r"\s*(?:正|整)?\s*(?:[\u4e00-\u9fff]{0,3}[门口帖贴厅窗]\s*"
        r"(?:照常|照样|照旧|照|准时|正式|按时|才|就|再|仍|当场|立即|立刻|马上)?"
        r"(?:关闭|关门|关帖|截止|结束|停止)"
        r"|(?:照常|照样|照旧|照|准时|正式|按时|才|就|再|仍|当场|立即|立刻|马上)?"
        r"(?:关(?![心注照系怀窗灯机])|截|止|结束|结算|计票|开票|唱票|收(?![拾到获藏听看入益集养留费钱货件买据条心摊帖票工档台场])|收帖|收票"
        # (文言: 二十一时半阖, 十二时毕 — a door shut, a matter done)
        r"|靠岸|封|锁|停止|阖|毕(?!业)|close|"
        + "|".join(SHOW_CLOSES)
        + r"))(?!了)|\s*前\s*(?:一|半|\d)\s*(?:个)?小时",
        after,
    ):
        return "closes"
    # 明早九点第二日开帖: the label between the time and its word
    if re.match(
        r"\s*(?:正|整)?\s*(?:第\s*(?:\d{1,2}|[一二两三四五六七八九十]{1,3})\s*[天日])?"
        r"\s*(?:照常|准时|正式|按时|才|就|再|仍|先|会|将)?"
        r"(?:开|起|启|open)",
        after,
    ):
        return "opens"
    near = before[-6:]
    noun = re.findall(
        r"关帖|关门|截止|截至|截票|结算|封帖|锁帖|收帖|封票|开帖|开门|开放|开启|关(?=\s*[:：])|开(?=\s*[:：])"
        # a terse line's bare verb before its time (D3 开 09:00 关 21:30, 截 18:00)
        r"|(?<![^\s。，,:：])[关开截](?=\s*$)",
        before,
    )
    if noun:  # 开门推迟至10:00: what is put back is the opening; 收帖顺延…改为 the close
        return "opens" if noun[-1][0] == "开" else "closes"
    close = max((m.end() for m in _CLOSE_WORDS.finditer(near)), default=-1)
    opens = max((m.end() for m in _OPEN_WORDS.finditer(near)), default=-1)
    if close < 0 and opens < 0:
        return None
    return "closes" if close > opens else "opens"


# the words of a day's schedule: a time in a sentence with one, read as neither an opening
# nor a close (六点一过，…这一天就这样结束), is a time not read
DAY_WORDS = lazy(
    r"开门|开帖|关门|关帖|开始|结束|截止|截至|全天|环节|延长|延时|延至|推迟|顺延|提前|加速"
    r"|收(?=\s*(?:[。，,！!]|$))"
)


def unread_times(text: str, posted_at: datetime, tz: tzinfo) -> list[str]:
    """The sentences of a post that state a time beside a schedule's word and whose time
    was read as neither an opening nor a close (nor a count's moment, nor something
    else's window): never silent."""
    out: list[str] = []
    for sentence in re.findall(r"[^。！!；;？?\n]+[。！!；;？?]*", text):
        said = normalise(sentence)  # 二十一时半 as 21时半
        if _PART_ALONE.search(said) and not find_points(sentence, posted_at, tz):
            out.append(sentence.strip())  # 明儿擦黑关门: a part of the day, no hour
            continue
        if not STATES_TIME.search(said):
            continue
        if not DAY_WORDS.search(said) and not _CLOCK.search(said):
            continue
        if find_ranges(sentence, posted_at, tz):
            continue
        points = find_points(sentence, posted_at, tz)
        if any(p.role is None and not (p.asof or p.aside or p.wrong) for p in points):
            out.append(sentence.strip())
    return out


# a day opened or closed at a part of the day with no hour (明天傍晚关门, 今天凌晨开门, 后半夜
# 截止): no time to place, so asked — never a moment before or after it (晚上关门前投完)
_PART_ALONE = lazy(
    r"(?:上午|早上|早晨|清晨|下午|傍晚|晚上|晚间|夜里|凌晨)(?!\s*[\d零一二两三四五六七八九十])"
    r"\s*(?:就|再|准时|才)?\s*(?:关门|关帖|开门|开帖|截止|结束)(?!\s*(?:前|之前|以前|后|以后|之后))"
)


# a clock time outright (21:30, 九点半, 二十一時, normalised to digits): a sentence holding one that was read as
# no opening, close or moment is listed whatever words surround it (靠岸, ▶, 照常)
_CLOCK = lazy(r"\d{1,2}\s*[:：]\s*\d{2}|\d{1,2}\s*[点时](?!间|候)")

# a clock time or a date, as a post states it (what makes a director's post worth reading)
STATES_TIME = lazy(
    # (the half hour kept with its hour: 八点半, never 八点 — fh48c's reason dropped it)
    r"\d{1,2}\s*[:：]\s*\d{2}|\d{1,2}\s*[点時时](?!间|候)(?:\s*半)?|\d{1,2}\s*月\s*\d{1,2}\s*[日号]"
    r"|[零一二两三四五六七八九十]{1,3}\s*点(?!评|赞|名)(?:\s*半)?|今晚|明晚|明早|今早"
)


# ------------------------------------------------------------------- a line's pair of times

# what makes a pair of times another day's or nobody's: a recap (昨天, 上一), a later day's
# schedule (后天, 下周), a rule stated in general (每天, 通常, 以后)
_NOT_THIS_DAYS = lazy(
    r"昨|前天|前晚|上一|上个|后天|下周|下个|每(?:一)?(?:天|日|晚|轮|场|回)|天天|一般|通常|平时|平常"
    r"|往常|以后|此后|今后|规则|规定|假如|如果|若是|要是|万一|吗|[?？]|yesterday|every|usually",
    re.I,
)
_QUOTED = lazy(r"[「『“\"][^」』”\"]*\d[^」』”\"]*[」』”\"]")


def paired_times(
    text: str, posted_at: datetime, tz: tzinfo, day: int | None = None
) -> tuple[datetime, datetime] | None:
    """A line of a day's opening post that states two times and nothing else of a
    schedule (今日 09:00 登机，21:30 舱门关闭 / 营业 10:00，打烊 22:00): the day's opening
    and close, in that order, whatever the theme's verbs.  The first time opens (within
    a few hours of the post: the day it opens), the second closes (later, within a day
    and a half); a time read as something else's window, a count's moment, a time taken
    back or a delay is no part of a pair, nor is a line of another day (第三天 under day
    2), a recap (昨天), a later day's schedule (后天, a time a day away), a rule in general
    (每天, 通常), a question or a supposition, a quote."""
    for line in re.split(r"[。！!；;\n]+", text):
        if not line.strip() or _NOT_THIS_DAYS.search(line) or _QUOTED.search(line):
            continue
        if find_ranges(line, posted_at, tz):
            continue  # a range is read as one
        pair = _line_pair(line, posted_at, tz, day)
        if pair is not None:
            return pair
    return _labelled_pair(text, posted_at, tz, day)


def lone_close(
    text: str, posted_at: datetime, tz: tzinfo, day: int | None = None
) -> datetime | None:
    """A day's opening post whose one time is said in the theme's own words (本站 21:30 发车；
    熄火时间 21:30): the day opens with the post, so its one later time — hours after the post
    and within a day and a half — is the day's close.  Never a moment (21:00 前交技能), another
    window's (遗言), a time with an opening of its own (20:00 开始语音), a supposition, a
    question, a recap or a later day's, a quote, nor a post with any other time.  The theme's
    word is a guess: discovery proposes the close for the director to confirm."""
    points = find_points(text, posted_at, tz)
    if len(points) != 1:
        return None
    (pt,) = points
    if pt.role is not None or pt.wrong or pt.asof or pt.delay or pt.aside:
        return None
    if pt.day is not None and pt.day != day:
        return None
    if not posted_at + timedelta(hours=4) <= pt.at <= posted_at + timedelta(hours=36):
        return None
    for line in re.split(r"[。！!；;\n]+", text):
        folded = normalise(line)
        start = folded.find(pt.text)
        if start < 0:
            continue
        if _NOT_THIS_DAYS.search(line) or _QUOTED.search(line):
            return None
        return pt.at if _said_otherwise(folded, (start, start + len(pt.text))) else None
    return None


# a line that is a label and a time and nothing else (入住：3月7日 10:00 / 熄火：晚上十二点)
_LABEL_LINE = lazy(r"^\s*[^\s：:，,。！!？?\d][^：:，,。！!？?\n]{0,11}[：:][^，,。！!？?；;\n]+$")


def _label_block(text: str, posted_at: datetime, tz: tzinfo) -> tuple[str, str] | None:
    """The post's two lines one under the other, each a label and one time (no range), none
    of the block a recap's, a rule's, a question's or a quote (:func:`_labelled_pair`)."""
    lines = [ln.strip() for ln in text.replace("\r", "").split("\n") if ln.strip()]
    labelled = [
        i
        for i, ln in enumerate(lines)
        if _LABEL_LINE.match(ln) and len(find_points(ln, posted_at, tz)) == 1
    ]
    if len(labelled) != 2 or labelled[1] != labelled[0] + 1:
        return None
    head = lines[labelled[0] - 1] if labelled[0] else ""
    block = [lines[i] for i in labelled]
    if head.endswith((":", "：")):
        block.append(head)  # 上一局：⏎开灶：…⏎熄火：… — a recap's block
    if any(_NOT_THIS_DAYS.search(ln) or _QUOTED.search(ln) for ln in block):
        return None
    if any(find_ranges(lines[i], posted_at, tz) for i in labelled):
        return None
    return lines[labelled[0]], lines[labelled[1]]


def _labelled_pair(
    text: str, posted_at: datetime, tz: tzinfo, day: int | None
) -> tuple[datetime, datetime] | None:
    """Two lines one under the other, each a label and a time alone (第1日入住：3月7日 10:00⏎
    退房：3月8日 22:00; 开灶：3月20日 零点⏎熄火：3月20日 晚上十二点): the theme's words for the
    day's opening and close, read as one line of two times (:func:`_line_pair`) — the only
    such lines of the post, neither a recap, a rule in general, a question nor a quote."""
    pair = _label_block(text, posted_at, tz)
    if pair is None:
        return None
    (first,), (second,) = (find_points(ln, posted_at, tz) for ln in pair)
    if any(p.wrong or p.aside or p.asof or p.delay for p in (first, second)):
        return None
    return _pair_of(first, second, posted_at, tz, day)


def _line_pair(
    line: str, posted_at: datetime, tz: tzinfo, day: int | None
) -> tuple[datetime, datetime] | None:
    """The opening and close one line states (:func:`paired_times`), if it does."""
    points = [p for p in find_points(line, posted_at, tz) if not p.wrong]
    if len(points) != 2 or any(p.aside or p.asof or p.delay for p in points):
        return None
    first, second = points
    if second.role == "opens" and not _opens_own_clause(line, first, second):
        second = replace(second, role=None)  # 09:00 开始登机，21:30 舱门关闭: not its verb
    return _pair_of(first, second, posted_at, tz, day)


def _pair_of(
    first: TimePoint, second: TimePoint, posted_at: datetime, tz: tzinfo, day: int | None
) -> tuple[datetime, datetime] | None:
    """Two times of a day's opening post as its opening and close (:func:`_line_pair`)."""
    if first.role == "closes" or second.role == "opens":
        return None
    if any(p.day is not None and p.day != day for p in (first, second)):
        return None
    opens, closes = first.at, second.at
    if second.role is None and closes.astimezone(tz).time() == time(0, 0):
        closes -= timedelta(seconds=1)  # 24:00 / 0:00 as the close: that day's end
    near = posted_at - timedelta(hours=13) <= opens <= posted_at + timedelta(hours=13)
    if not near or not opens < closes <= opens + timedelta(hours=36):
        return None
    return opens, closes


def _opens_own_clause(line: str, first: TimePoint, second: TimePoint) -> bool:
    """Whether the second time of a line has an opening's word in its own clause (after
    the first time, from the last comma), not one it took from the clause before."""
    folded = normalise(line)
    at = folded.find(second.text, folded.find(first.text) + len(first.text))
    if at < 0:
        return True
    clause = re.split(r"[，,、:：]", folded[:at])[-1]
    return bool(_OPEN_WORDS.search(clause))
