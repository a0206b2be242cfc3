"""One spelling for a director's text and the roster: NFKC (full-width forms, ｜ → |)
and traditional characters folded to simplified ones, character by character (關門 →
关门, 當選警長 → 当选警长, 開心果 → 开心果), so a post keeps its length and a name found in
the folded text stands where it stands in the post.  The table is OpenCC's t2s per
character (:mod:`auditor.hanzi`, shared with the vote reader and the matcher)."""

from __future__ import annotations

import re
import unicodedata

from auditor.hanzi import t2s_table


def fold(text: str) -> str:
    """``text`` in NFKC with traditional characters as simplified ones."""
    return unicodedata.normalize("NFKC", text).translate(t2s_table())


# A director's English shorthand in the grammar's own words (day3 open, DDL Tue 22:00 /
# yesterday: X voted out / night: none / sub: A in for B / GAME OVER. village wins): one
# grammar reads both.  A word is English only between non-letters (松果 out.).
_W = r"(?<![A-Za-z])"
_E = r"(?![A-Za-z])"
_WEEKDAYS = {
    "mon": "一",
    "tue": "二",
    "wed": "三",
    "thu": "四",
    "fri": "五",
    "sat": "六",
    "sun": "日",
}
_SHORTHAND: list[tuple[re.Pattern[str], str]] = [
    (re.compile(p, re.I), r)
    for p, r in [
        (rf"{_W}game\s*over{_E}", "游戏结束"),
        (rf"{_W}(?:if|unless){_E}", "如果"),
        (rf"{_W}([A-Za-z]+|\S{{1,8}}?)\s+wins?{_E}", r"\1胜利"),
        (rf"{_W}sub\s*[:：]\s*(\S+)\s+in\s+for\s+(\S+)", r"\1 替补 \2"),
        (r"(\S+)\s+replaces\s+(\S+)", r"\1 替补 \2"),
        (
            rf"{_W}(?:voted\s+(?:out|off)|lynched|executed|eliminated\s+by\s+(?:the\s+)?vote){_E}",
            "被投出",
        ),
        (rf"{_W}(?:no\s*one|nobody)\s+(?:died|was\s+killed|is\s+out)|no\s+deaths?{_E}", "无人死亡"),
        (rf"{_W}(?:became|elected|is\s+(?:the\s+)?new)\s+sheriff{_E}", "当选警长"),
        (
            rf"{_W}accelerat\w*(?:\s+requests?)?\s*[:：]?\s*(\d+\s*/\s*\d+)\s*(?:→|->)?\s*"
            rf"(?:(?:approved|passed|granted)\s*✔?|✔)",
            r"加速申请 \1，加速成功",
        ),
        (rf"{_W}accelerat\w*\s+(?:approved|passed|granted|succeeded){_E}", "加速成功"),
        (rf"{_W}(?:delay|extension)\s+(?:approved|passed|granted|succeeded){_E}", "延时成功"),
        (rf"{_W}eliminated{_E}", "出局"),
        (rf"{_W}(?:night\s*report|last\s+night|night)\s*[:：]\s*none{_E}", "昨夜出局：无"),
        (rf"{_W}(?:night\s*report|last\s+night|night)\s*[:：]?", "昨夜："),
        (rf"{_W}yesterday\s*[:：]?", "昨日："),
        (rf"{_W}\d+\s+deaths?\s*[—-]+", "死亡："),
        (rf"{_W}killed{_E}", "被杀"),
        # dead / died say only that the player is out: how from the post (a vote result's
        # X top (7). X dead. is the vote's)
        (rf"{_W}(?:dead|died){_E}", "死亡"),
        (rf"{_W}top\s*(?=[(（]?\s*\d)", "最高票 "),
        (rf"{_W}(?:shot|shoots){_E}", "开枪带走"),
        (rf"{_W}(?:extended|delayed|moved|pushed)\s+(?:back\s+)?(?:to|until|till){_E}", "延长至"),
        (rf"{_W}all\s*day{_E}", "全天"),
        (rf"{_W}tonight{_E}", "今晚"),
        (rf"{_W}maintenance{_E}", "维护"),
        (rf"{_W}out{_E}", "出局"),
        (rf"{_W}peaceful{_E}", "平安夜"),
        (rf"{_W}badge\s+(?:(?:handed|passed|given)\s+)?(?:to|→)", "警徽移交给"),
        (rf"{_W}sheriff\s+unchanged{_E}", "警长不变"),
        (rf"{_W}sheriff{_E}", "警长"),
        (rf"{_W}piped\s+(Lv\.?\s*3)\s*[:：]", r"\1："),
        (rf"{_W}piped\s*[:：]", "被吹笛："),
        (rf"{_W}idiot\s+flip{_E}|{_W}idiot{_E}", "翻牌白痴"),
        (rf"{_W}accelerated{_E}", "加速成功"),
        (rf"{_W}(?:killers?){_E}", "杀手"),
        (rf"{_W}sniper{_E}", "狙击"),
        (rf"{_W}(?:delay|extend|extension)?\s*requests?{_E}", "申请"),
        (rf"{_W}(?:DDL|deadline){_E}", "关帖"),
        (rf"{_W}(?:closes?|closing)(?:\s+(?:at|on))?{_E}", "关门"),
        (rf"{_W}(?:opens?|opening)(?:\s+(?:at|on))?{_E}", "开门"),
        (rf"{_W}day\s*(\d{{1,2}})\s*phase\s*(\d){_E}", r"第\1天环节\2"),
        (rf"{_W}day\s*(\d{{1,2}}){_E}", r"第\1天"),
        (rf"{_W}phase\s*(\d){_E}", r"环节\1"),
        # the terse day label (D3 开, D2 票出：X)
        (r"(?<![A-Za-z0-9])D\s?(\d{1,2})(?![A-Za-z0-9:])", r"第\1天"),
        (rf"{_W}today{_E}", "今天"),
        # close at 22:00 tmr: the day said after the time goes before it
        (rf"(\d{{1,2}}:\d{{2}})\s*(tomorrow|tmr){_E}", r"明天 \1"),
        (rf"{_W}(?:tomorrow|tmr){_E}", "明天"),
        (rf"{_W}result\s*[:：]", "结果："),
        (rf"{_W}(mon|tue|wed|thu|fri|sat|sun)(?:s|rs?|nes)?(?:day)?\.?{_E}", "WD"),
        (r"(?<=[^\s.])\.(?=\s|$)", "。"),  # a full stop ends a sentence (松果 out. RIP.)
    ]
]


def _twelve_hour(m: re.Match[str]) -> str:
    h = int(m.group(1)) % 12 + (12 if m.group(3).lower() == "pm" else 0)
    return f"{h:02d}:{m.group(2) or '00'}"


# a clock in twelve hours (9am, 10pm, 9:30 pm): in twenty-four (09:00, 22:00, 21:30)
_TWELVE_HOUR = re.compile(
    r"(?<![\d:])(1[0-2]|0?[1-9])(?:[:：](\d{2}))?\s*(am|pm)(?![A-Za-z])", re.I
)


# the symbols of a terse director (▶ 09:00, ⏹ 21:30, ☾ ✝ X, ✝ X, ⚖ X → ✝, 🟥 X, ☾ ∅, 🔫 ✝ X): the
# night, the vote, a red card, a death after or before a name, nobody, the hunter's shot, a day's opening and
# its close
_SYMBOLS: list[tuple[re.Pattern[str], str]] = [
    (re.compile(p, re.M), r)
    for p, r in [
        (r"^[ \t]*[☾☽🌙][ \t]*", "昨夜："),
        (r"^[ \t]*⚖[ \t]*", "投票："),
        (r"🟥[ \t]*", "红牌 "),
        # the hunter's gun after a death (✝ X → 🔫 ✝ Y): the shot that took Y
        (r"[ \t]*(?:→[ \t]*)?🔫[ \t]*[✝†]?[ \t]*([^\s✝†→（(，,]+)", r" 开枪带走\1"),
        (r"[ \t]*→[ \t]*[✝†]", " 出局"),
        (r"[✝†][ \t]*([^\s✝†→（(]+)", r"\1 出局，"),
        (r"[✝†]", " 出局"),
        (r"∅", "无"),
        # the fast-forward sign with its count: an acceleration passed (✔) or not (✘)
        (r"⏩[ \t]*(\d+\s*/\s*\d+)[ \t]*✔", r"加速申请 \1，加速成功。"),
        (r"⏩[ \t]*(\d+\s*/\s*\d+)[ \t]*[✘✗×]", r"加速申请 \1，未通过。"),
        # the finish flag and the winner; the sheriff's star, handed on by an arrow
        (r"^[ \t]*🏁[ \t]*(\S+)", r"游戏结束，\1胜。"),
        (r"[★⭐][ \t]*(\S+)[ \t]*(?:→|->)[ \t]*(\S+)", r"警徽由\1移交给\2"),
        (r"[★⭐][ \t]*(\S+)[ \t]*[（(]\s*=\s*[)）]", r"警长不变"),
        (r"[★⭐][ \t]*", "警长："),
        # the seat changing hands: ⇄ who comes in ← who leaves (or who leaves → who comes in)
        (r"⇄[ \t]*([^\s←→]+)[ \t]*←[ \t]*([^\s←→]+)", r"\1 替补 \2"),
        (r"⇄[ \t]*([^\s←→]+)[ \t]*→[ \t]*([^\s←→]+)", r"\2 替补 \1"),
        (r"▶\s*", "开门 "),
        (r"⏹\s*", "关门 "),
    ]
]


def shorthand(text: str) -> str:
    """``text`` with a director's English shorthand and symbols in Chinese (changes its
    length)."""
    if re.search(r"[☾☽🌙✝†∅▶⏹⚖🟥🏁★⭐⏩🔫⇄]", text):
        for pattern, repl in _SYMBOLS:
            text = pattern.sub(repl, text)
    if not re.search(r"[A-Za-z]", text):
        return text
    text = _TWELVE_HOUR.sub(_twelve_hour, text)
    for pattern, repl in _SHORTHAND:
        if repl == "WD":
            text = pattern.sub(lambda m: "周" + _WEEKDAYS[m.group(1).lower()], text)
        else:
            text = pattern.sub(repl, text)
    return text
