"""One spelling for a director's text and the roster: NFKC (full-width forms, ｜ → |)
and traditional characters folded to simplified ones, character by character (關門 →
关门, 當選警長 → 当选警长, 開心果 → 开心果), so a post keeps its length and a name found in
the folded text stands where it stands in the post.  The table is OpenCC's t2s per
character (:mod:`auditor.hanzi`, shared with the vote reader and the matcher)."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable
from functools import lru_cache

from auditor.game.lazy import lazy
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
    (lazy(p, re.I), r)
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
        (
            rf"{_W}accelerat\w*\s+(?:requests?\s+)?(?:approved|passed|granted|succeeded){_E}",
            "加速成功",
        ),
        (
            rf"{_W}(?:delay|extension)\s+(?:requests?\s+)?(?:approved|passed|granted|succeeded){_E}",
            "延时成功",
        ),
        # the close a delay sets (Day 6 extended to 03-14 23:30), the one it replaces (closes
        # at 19:00 instead of 21:30)
        (rf"{_W}(?:is\s+|was\s+)?extended\s+(?:to|until|till){_E}", "延长至"),
        (rf"\s*,?\s*{_W}instead\s+of{_E}", "，不是"),
        (rf"{_W}eliminated{_E}", "出局"),
        (rf"{_W}(?:night\s*report|last\s+night|night)\s*[:：]\s*none{_E}", "昨夜出局：无"),
        (
            rf"{_W}(?:night\s*report|last\s+night|night(?!\s+(?:falls|on|of|phase|time|actions?))(?!\s*\d+\s*(?:开始|starts?|begins?)))"
            r"\s*[:：]?",
            "昨夜：",
        ),
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
        # a 版杀 day's 环节 in short (D2 P1, D3-P2, P2 DDL): never a page or a floor (见P2, P3楼)
        (r"(?<![A-Za-z0-9])D\s?(\d{1,2})\s*[-/]?\s*P([1-5])(?![A-Za-z0-9])", r"第\1天环节\2"),
        (r"(?<![A-Za-z0-9见看第翻到])P([1-5])(?![A-Za-z0-9])(?!\s*[楼层页])", r"环节\1"),
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
_TWELVE_HOUR = lazy(r"(?<![\d:])(1[0-2]|0?[1-9])(?:[:：](\d{2}))?\s*(am|pm)(?![A-Za-z])", re.I)


# the symbols of a terse director (▶ 09:00, ⏹ 21:30, ☾ ✝ X, ✝ X, ⚖ X → ✝, 🟥 X, ☾ ∅, 🔫 ✝ X): the
# night, the vote, a red card, a death after or before a name, nobody, the hunter's shot, a day's opening and
# its close
_SYMBOLS: list[tuple[re.Pattern[str], str]] = [
    (lazy(p, re.M), r)
    for p, r in [
        # (not before the night's own word: 🌙 入夜，行动请私信 / 🌙 Night 2 开始 begin tonight)
        (
            r"^[ \t]*[☾☽🌙](?![ \t]*(?:入夜|今晚|今夜|夜晚|晚上|夜间|(?:[Nn]ight|第\s*\S{1,2}\s*夜)))[ \t]*",
            "昨夜：",
        ),
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
        # … and the swap's own sign (🔄 X ← Y, 🔄 X 替 Y, 🔄 X 代 Y): who comes in, who leaves
        (r"🔄[ \t]*([^\s←→]+)[ \t]*(?:←|替|代)[ \t]*([^\s←→（(]+)", r"\1 替补 \2"),
        (r"🔄[ \t]*([^\s←→]+)[ \t]*→[ \t]*([^\s←→（(]+)", r"\2 替补 \1"),
        # the sheriff's sign before an arrow (👮 警徽 → X, 👮 → X): the badge handed on
        (r"👮[ \t]*(?:警徽|警长)?[ \t]*(?:→|->)[ \t]*", "警徽移交给"),
        # a result list's down arrow before a name alone (🗳️ D2 结算 / ⬇️ X): out
        (r"^([ \t]*)⬇(?:\ufe0f)?[ \t]*([^\s（(，,]+)(?![^\n]*(?:出局|出|死|走))", r"\1\2 出局"),
        # ▶ before a time opens the day (▶ 09:00); before words it is a list's bullet
        (r"▶\s*(?=\d)", "开门 "),
        (r"▶\s*", " "),
        (r"⏹\s*", "关门 "),
        # the alarm clock before a time alone (⏰ 21:30): the day's deadline
        (r"⏰[ \t]*(?=\d{1,2}\s*[:：]\s*\d{2}(?!\s*(?:[-–—~～至到→]|\d)))", "关门 "),
    ]
]


# --------------------------------------------------------------------------- registers
# Each voice a director writes in, turned into the words the grammar reads (a layer per
# family of writing, not per post): the layout of a list, a table or BBCode; 粤语; 文言
# with its old hours; a livestream's slang and emoji; a terse writer's 12.14 / 0900.


_Repl = str | Callable[[re.Match[str]], str]


def _table(rows: list[tuple[str, _Repl]], flags: int = 0) -> list[tuple[re.Pattern[str], _Repl]]:
    return [(lazy(p, flags), r) for p, r in rows]


def _apply(rows: list[tuple[re.Pattern[str], _Repl]], text: str) -> str:
    for pattern, repl in rows:
        text = pattern.sub(repl, text)
    return text


# A layout around the words: a list's markers (1. 2、 ① - •), markdown emphasis and rules,
# BBCode tags (a quote stays: it marks others' words), a time zone said beside a time
# (UTC+8, GMT+8, 北京时间, forum time: the forum's is the only one used)
_LAYOUT = _table(
    [
        # a changelog's or a checklist's added line for a request (+ 加速 (D5), ✔ 延时): granted,
        # unless the line says it is only asked, failed or in doubt (+ 加速申请 3/8, + 加速？)
        (
            r"^([ \t]*)(?:[+✔✓]|\[[xX✓✔]\])[ \t]*(加速|延时)(?!\s*(?:申请|请求|投票|[?？]|未|失败|不|没))"
            r"(?![^\n]*(?:未过半|没过半|不够|不足|失败|未通过|没通过|[?？]))",
            r"\1\2成功",
        ),
        # struck out (~~21:00~~ 21:30, [s]钢笔[/s]): taken back, gone
        (r"~~[^~\n]+~~|\[(s|del|strike)\][^\[]*\[/\1\]", ""),
        (
            r"^[ \t]*(?:\d{1,2}[.、)）](?!\d)|[（(]\d{1,2}[)）]|[①-⑳]|[-*+•·▪◦>]|#{1,6})[ \t]*"
            r"(?:\[[ xX✓✔]\][ \t]*)?",
            "",
        ),
        (r"^[ \t]*\|?(?:[ \t]*:?-{3,}:?[ \t]*\|?)+[ \t]*$", ""),
        (r"\*\*|__|`", ""),
        (r"\[/tr\]", "\n"),
        (r"\[\*\]", "\n"),  # a BBCode list's item: a line of its own
        (r"\[td(?:=[^\]]*)?\]", "| "),
        (
            r"\[/?(?!quote)(?:b|i|u|s|color|size|font|align|url|img|hr|list|table|tr|/td|th|\*)"
            r"(?:=[^\]]*)?\]",
            "",
        ),
        (r"[(（]?\s*(?:UTC|GMT)\s*[+＋]\s*0?8(?::?00)?\s*[)）]?", " "),
        (r"[(（]\s*(?:CST|HKT|SGT|BJT|TWT)\s*[)）]|(?<![A-Za-z])(?:CST|HKT|BJT)(?![A-Za-z])", " "),
        (r"[(（]\s*(?:北京时间|forum(?:\s+local)?\s+time|local\s+time|server\s+time)\s*[)）]", " "),
        (r"[(（]?\s*(?:北京|台湾|台北|香港|澳门|中国|东八区)(?:标准)?时间\s*[)）]?|东八区", " "),
        (r"➡️?|⟶|⇒", "→"),
        (r"⬅️?|⟵|⇐", "←"),
        (r"✅", "✔"),
        (r"❌|❎", "✘"),
    ],
    re.M | re.I,
)

# 粤语 (in traditional characters, folded to simplified first: 係 → 系, 聽日 → 听日): its
# days, its negation and copula, its aspect and pronouns.  Only in a post that speaks it
# (唔, 咗, 嘅, 冇, 琴晚 …): 系 and 同 are Mandarin words too.
_CANTONESE = lazy(r"[咗嘅冇佢喺畀俾哋㗎嚟睇啲𠮶]|唔|琴晚|琴日|寻日|㖊日|听日|听晚|今朝|朝早|系咪")
_CANTONESE_WORDS = _table(
    [
        (r"唔系", "不是"),
        (r"系咪", "是不是"),
        (r"唔好意思", "不好意思"),
        (r"唔", "不"),
        (r"净系|淨系", "只"),
        (r"仲系", "还是"),
        (r"(?<![关体联派直星世水])系(?![统列数])", "是"),
        (r"出咗局", "出局了"),
        (r"冇咗(?=\s*(?:[^\w\s]|$))", "出局了"),  # 订书机 冇咗: gone, out
        # 俾人: the passive (俾人票走 = 被人票走); 俾 alone: to give (交咗俾 X = 交给 X)
        (r"俾人", "被人"),
        (r"(?:咗|了)?\s*俾(?=\s*\S)", "给"),
        # 埋 after a verb: as well (带走埋 X = 也带走 X; 走埋 = 也走了)
        (r"(?<=[走带杀拉])埋", ""),
        (r"识得", "会"),
        (r"冇人", "没有人"),
        (r"冇", "没有"),
        (r"咗", "了"),
        (r"嘅", "的"),
        (r"佢哋", "他们"),
        (r"佢", "他"),
        (r"哋", "们"),
        (r"畀", "给"),
        (r"喺度", "在场"),
        (r"喺", "在"),
        (r"琴晚|寻晚|㖊晚", "昨晚"),
        (r"琴日|寻日|㖊日", "昨天"),
        (r"听晚", "明晚"),
        (r"听日", "明天"),
        (r"今朝", "今早"),
        (r"朝早", "早上"),
        (r"拣", "选"),
        (r"做(?=\s*警长)", "当选"),
        (r"(?<=[够齐])晒", "了"),
        (r"(?<![相共不如等赞认合陪连协会])同(?![意样时学步一类伴事])", "和"),
        (r"平手", "平票"),
        (r"打中", "击中"),
        (r"仲(?=[是有在可])", "还"),
        (r"而家", "现在"),
        (r"呢(?=[个次局])", "这"),
        (r"𠮶", "那"),
        (r"啲", "些"),
        (r"嚟", "来"),
        (r"睇", "看"),
    ]
)

# 客家话 (Hakka, folded to simplified first): its days (今晡日 today, 昨晡日 yesterday,
# 天光日 tomorrow, 暗晡 evening, 朝晨 morning), its completive and aspect (死忒哩 = 死掉了),
# its passive (分人 = 被人), its give (交拨 = 交给), its pronoun (𠊎 = 我), 转来 (back).  Only in
# a post that speaks it; its 唔 / 係 / 佢 are Cantonese's too and read by that table after.
_HAKKA = lazy(r"𠊎|今晡|昨晡|天光日|暗晡|死忒|忒哩|分人|交拨")
_HAKKA_WORDS = _table(
    [
        (r"今晡日?", "今天"),
        (r"昨晡日?", "昨天"),
        (r"前晡日?", "前天"),
        (r"天光日", "明天"),
        (r"暗晡(?:头|夜)?", "晚上"),
        (r"朝晨(?:头)?", "早上"),
        (r"𠊎", "我"),
        (r"(?<=[\u4e00-\u9fff])忒(?=哩|了|咯|啦)", "掉"),
        (r"死忒", "死掉"),
        (r"(?<=[\u4e00-\u9fff])哩(?=\s*(?:[^\w\s]|$))", "了"),
        (r"分人", "被人"),
        (r"交拨", "交给"),
        (r"转来", "回来"),
        (r"退落", "退下"),
        (r"头一(?=[轮日天场])", "第一"),
        (r"讲", "说"),
    ]
)

# 文言 / 半文半白: deaths (殁, 殒命, 俱亡, 为狼所噬, 为女巫所鸩), the vote (被逐, 票毕), the badge
# (传位于, 立为警长), the days (首日, 是日, 第肆日), and an old hour glossed with its clock
# (亥时半闭（21:30）: 21:30 关; an unglossed 辰时 gives no time)
_FINANCIAL = str.maketrans("壹贰叁肆伍陆柒捌玖", "一二三四五六七八九")
# 拾 is ten only inside a number (拾贰, 贰拾, 第拾日, 拾点): 收拾 / 拾取 are words (20:30 马上收拾行李
# is no close at 20:30)
# — read before the other numerals fold, so that only a number's own digits count: 拾 after a
# numeral or 第, before a financial digit (拾贰), or right before its unit where it ends no word
# (拾点, 拾日; 收拾点东西, 捡拾 are words): never before a plain digit (收拾一点, 收拾九点前)
_FINANCIAL_TEN = lazy(
    r"(?<=[壹贰叁肆伍陆柒捌玖一二三四五六七八九零〇第])拾|拾(?=[壹贰叁肆伍陆柒捌玖])"
    r"|(?<![收捡])拾(?=[日天点时号月])"
)
_OLD_HOUR = lazy(
    r"[子丑寅卯辰巳午未申酉戌亥]时(?:初|正|半|[一二两三四]刻)?\s*([开闭关]帖?)?\s*"
    r"[（(]\s*(?:即\s*)?(\d{1,2}\s*[:：]\s*\d{2}|(?:上午|下午|早上|晚上|晚|夜)?\s*"
    r"[\d零一二两三四五六七八九十]{1,3}\s*[点时](?:半|[一二三]刻|[\d零一二三四五六七八九十]{1,3}分?)?)\s*[)）]"
)
# 文言's single characters, read so only in a post that speaks it (乃, 亡 and 亦 are in modern
# words and names too: 木乃伊, 亡羊补牢)
_CLASSICAL = lazy(
    r"殁|殒|矣|乎|焉|哉|诸君|曰|是日|首日|翌日|俱亡|票毕|票已毕|传位|传警|鸩|所噬|被逐|者[，,]|也[。，,]"
)
_CLASSICAL_CHARACTERS = _table(
    [
        (r"(?<![死伤阵灭存逃流危兴身])亡(?![灵命羊故国])", "死亡"),
        (r"亦(?=\s*[出死被殁])", "也"),
        (r"乃(?!至)", "是"),
        # 白痴也: is the idiot (a role named with 也 closing the clause)
        (
            r"(?<=[，,。\s])(白痴|猎人|狼人|女巫|预言家|情侣|吹笛者|警长|村民|平民)也(?=\s*(?:[，,。；;！!]|$))",
            r"是\1",
        ),
    ]
)
_CLASSICAL_WORDS = _table(
    [
        (r"殒命|殒身|身殒|殂", "死亡"),
        (r"俱(?=亡|殁|死)", "都"),
        (r"实亡", "死亡"),
        (r"殁", "出局"),
        (r"为\s*([^\s，,。]{1,6}?)\s*所(?:噬|杀|害|戮)", r"被\1杀害"),
        (r"为\s*([^\s，,。]{1,6}?)\s*所鸩", r"被\1毒死"),
        (r"鸩(?:杀|死)?", "毒死"),
        (r"(?:被|为众所)逐", "被投出"),
        (r"传(?:警长|警徽|位)\s*(?:于|与|给)?", "将警长移交给"),
        (r"移交\s*(?:于|与)", "移交给"),
        (r"临去|临终", "临走"),
        (r"立为警长", "当选警长"),
        (r"票(?:已)?毕", "投票结束"),
        (r"票决", "投票"),
        (r"闭帖", "关帖"),
        (r"闭门", "关门"),
        (r"(?<=[\d时点半刻])\s*闭(?!幕)", "关"),
        (r"首日", "第一日"),
        (r"是日", "今日"),
        (r"翌日", "明日"),
        (r"今晨", "今早"),
        (r"(昨夜|昨晚)\s*[，,]?\s*无事", r"\1平安"),
        (r"引弓射|开枪\s*[，,]\s*击", "开枪带走"),
    ]
)

# a livestream's slang and emoji: 开播 / 下播 a day's opening and close, 走了 / 倒下 / 🥀 a
# death, 🕊️ a peaceful night, 🚀 an acceleration, the audience addressed (宝子们) no name
_LIVESTREAM_WORDS = _table(
    [
        (r"开播", "开门"),
        (r"下播", "关门"),
        (r"(?:走掉|倒下|离开)的(?:是|有)", "出局的是"),
        (r"倒下了?(?=\s*[一两二三四五六七八九\d]\s*[位个人])", "出局了"),
        (
            r"(?<![带拿抓赶领送接])(?:走了|走掉了|倒下了|离开了我们|离开了|挂了|凉了|领盒饭了?|GG了"
            r"|嘎了|噶了|寄了|似了|G了|无了|下线了|原地去世|光荣牺牲|遗憾离场)"
            r"(?=\s*(?:[^\w\s]|$))",
            "出局",
        ),
        (r"🥀", " 出局 "),
        (r"当场去世|阵亡|战死|去世|身故|原地升天", "死亡"),
        # a story's deaths (倒在血泊中, 再也没有醒来, 永远地离开了)
        (
            r"倒在(?:了)?血泊(?:之?中|里)|再也没(?:有)?醒来|没能醒来|永远地?离开了(?:我们)?|长眠(?:不醒)?",
            "死亡",
        ),
        (r"被刀(?:了|死)?", "被杀"),
        (r"(昨晚|昨夜|今早)\s*(?:走了|走掉了|倒下了|离开了?|没了)(?=\s*\S)", r"\1出局："),
        (
            r"(?<![票权会间钱整吞淹埋湮沉覆])没了(?=\s*(?:[^\w\s]|$))",
            "出局",
        ),  # 整没了: the grammar's
        (r"(?:没人|没有人|冇人)死", "无人死亡"),
        (r"警长大人", "警长"),
        (r"的小可怜(?=\s*[：:])", ""),
        (r"宝子们|宝宝们|家人们|老铁们|姐妹们|集美们|兄弟们|小伙伴们", ""),
        (r"来替(?:补)?|顶替", "替补"),
        (r"(?<=\S)\s+来(?:啦|了|咯)(?=\W|$)", ""),  # 替补 图钉 来啦: here (瓜子回来了 stays)
        (r"投出去了?", "投出"),
        (r"(?<![输])赢(?:了)?", "胜"),
        (r"游戏完(?![成整全美])", "游戏结束"),
        (r"替补\s*([^\s，,。]{1,8})\s*的位置", r"替补 \1"),
    ],
    re.M,
)
# a story's words for the badge, the office and a departure for good: the badge by its metal
# (铜徽, 金徽章: the sheriff's), becoming the sheriff (从今夜起，X就是雾港的警长了, X成了新的警长),
# a body found (没有了呼吸), a player who left and never came back (登上了夜船，再没有回头;
# 一去不返; 走进了雾里) — never 不是警长 nor 还没有回来 (not yet)
# a day told as a day of another world — the market (开盘 / 收盘), the exam (开考 / 收卷), school
# (上课 / 放学), the shop or the office (开张 / 打烊, 上班 / 下班), the stage (开演 / 谢幕), the
# court (开庭 / 休庭), the board game (开局 / 封盘: a match begun and its play sealed): its
# opening and its close, on a line that says when (收盘 21:30, 九点上课，晚上九点放学, 封盘：1月
# 11日 24:00); a line with no time keeps them (今日收盘：X 6 票, 第一回合封盘：X 3 are results)
_BORROWED_OPENS = r"开盘|开市|开考|开课|上课|开工|上班|开张|开演|开幕|开庭|开局"
_BORROWED_CLOSES = r"收盘|休市|闭市|收卷|交卷|放学|下课|收工|下班|打烊|关张|谢幕|闭幕|休庭|封盘"
_BORROWED = lazy(rf"{_BORROWED_OPENS}|{_BORROWED_CLOSES}")
_BORROWED_LINE = lazy(r"^.*$", re.M)
_BORROWED_WHEN = lazy(
    r"\d{1,2}\s*:\s*\d{2}|(?<![\d.:/])(?:[01]\d|2[0-4])[0-5]\d(?![\d.:/])|\d{1,2}\s*[点时]"
    r"|[零一二两三四五六七八九十]{1,3}\s*[点时](?!间|候)"
    r"|[子丑寅卯辰巳午未申酉戌亥]时|午夜|半夜|中午"
)


# ... and the market's night and its deaths (隔夜停牌：无, X 退市): the night, 出局; one
# taken along by another's (猎人…开枪，X 被动退市): 被带走
_MARKET = _table(
    [(r"隔夜", "昨夜"), (r"被动(?:退市|停牌)", "被带走"), (r"(?:停牌)?(?:退市|停牌)", "出局")]
)


def _borrowed(m: re.Match[str]) -> str:
    line = m.group(0)
    if re.search(r"开盘|收盘|休市|闭市", m.string):
        line = _apply(_MARKET, line)
    if not _BORROWED_WHEN.search(line):
        return line
    line = re.sub(_BORROWED_OPENS, "开门", line)
    return re.sub(_BORROWED_CLOSES, "关门", line)


_STORY_WORDS = _table(
    [
        # a death verb with its completive complement (死掉了, 打死掉 X): the verb itself
        (r"(?<=死)掉(?=\s*(?:了|啦|咯|喽|[\u4e00-\u9fff]{1,6}(?:[，,。！!；;]|$)))", ""),
        (r"(?<!警)[铜金银铁木星]徽(?:章)?", "警徽"),
        # the badge as a theme's armband (队长袖标, 臂章): the office's token
        (r"(?:[\u4e00-\u9fff]长)?(?:袖标|臂章|袖章)", "警徽"),
        # the office in the theme's word (楼长, 机长, 队长: a word of its own ending in 长) with
        # the sheriff's shapes — an arrow (楼长 → X), a successor (机长职务由 X 接任): the
        # sheriff (a label over a name, 船长：X, is the structure's: an exit beside it is no badge)
        (
            r"(?:(?<=^)|(?<=[\s，,。；;：:【\[（(•]))"
            r"(?!警长|延长|成长|增长|加长|拉长|擅长|家长|生长|漫长|特长|专长|冗长|见长|助长)[\u4e00-\u9fff]长"
            r"(?=\s*(?:职务|一职|之位)?\s*(?:→|->|由))",
            "警长",
        ),
        # a body found (已经没有了呼吸, 断了气, 永远闭上了眼睛): a death
        # (停止了呼吸 the grammar reads itself, a night's)
        (r"(?:已经)?(?:没有了|没了|失去了)(?:呼吸|心跳|气息)|停止了(?:心跳|气息)", "死亡"),
        (
            r"(?:就是|便是|成了|成为了?)\s*(?:[^\s，,。！!？?\d]{0,6}的)?\s*(?:新(?:一任)?的?)?警长了?"
            r"(?=\s*(?:[^\w\s]|$))",
            " 当选警长",
        ),
        (r"再(?:也)?没(?:有)?回头|一去不(?:复)?(?:返|回)", "出局"),
        # … or walked into the fog or the night (走进了雾里, 消失在夜色中): gone
        (
            r"(?:走进|走入|消失在|消失于|没入|隐入)了?\s*(?:那片|茫茫的?)?\s*"
            r"(?:浓雾|大雾|迷雾|雾|夜色|黑暗|黑夜|风雪)(?:里|中|之中)?",
            "出局",
        ),
        # whose hands the badge came from, between the one who takes it and the verb
        # (白芷从众人手里接过了警徽): the taking
        (r"从[^\s，,。！!？?]{1,8}?(?:手里|手中|那里|那儿)\s*(?=接过|拿到|拿过|收下|接下)", ""),
    ],
    re.M,
)

# a correction told in a hurry (更正！昨晚是奶盖 不是芋圆): the night's time word and its
# copula stand for the night's death the correction restates; only in a post that corrects
# (更正, 打错, 点错, 手滑 …), never 昨晚是平安夜
_CORRECTING = lazy(r"更正|订正|纠正|改正|打错|写错|点错|选错|手滑|笔误|口误")
_CORRECTION_WORDS = _table(
    [
        (
            r"(昨晚|昨夜|今早|今晨)\s*(?:死的|走的|出局的|倒下的)?\s*是\s*"
            r"(?!平安|安全|无人|没有人|没人|空刀|谁|哪)",
            r"\1出局的是 ",
        ),
    ]
)

# a substitute who plays on the account of the one who left (可乐来替补 用七七的号): the
# one replaced, on the same account
_ON_THE_ACCOUNT = lazy(
    r"(替补|顶替|接替)\s*[，,]?\s*(?:用|沿用|接手|拿)\s*([^\s，,。的]{1,8})\s*的\s*"
    r"(?:号|账号|帐号|马甲|ID|id)"
)

_DOVE = lazy(r"🕊️?")
_ROCKET = lazy(r"🚀+")


def _dove(m: re.Match[str]) -> str:
    """🕊️ says a peaceful night, unless its line says it already (昨晚平安夜🕊️)."""
    line = m.string[m.string.rfind("\n", 0, m.start()) + 1 : m.string.find("\n", m.end())]
    return "" if re.search(r"平安|无人死亡", line) else "，平安夜"


def _rocket(m: re.Match[str]) -> str:
    """🚀 says an acceleration, unless 加速 stands beside it (加速🚀🚀 成功)."""
    near = m.string[max(0, m.start() - 4) : m.end() + 4]
    return "" if "加速" in near else "加速"


# a terse writer's numbers: 0900 / 2130 a clock, 12.14 a date (12.14 0900, 关 12.27 2200)
_TERSE = _table(
    [
        # an ISO moment (2026-12-17T09:00): its date, then its clock
        (r"(\d{4}-\d{1,2}-\d{1,2})T(\d{1,2}:\d{2})", r"\1 \2"),
        # a four-digit date before a four-digit clock (0403 0900: 4月3日 9:00 — s50, a terse
        # writer's month and day run together): the date, then the clock below reads its time
        (
            r"(?:(?<![\d.:/A-Za-z])|(?<=[^\d.:/\s]:))(0[1-9]|1[0-2])(0[1-9]|[12]\d|3[01])\s+"
            r"(?=(?:[01]\d|2[0-4])[0-5]\d(?![\d.:/A-Za-z]))",
            r"\1/\2 ",
        ),
        # a four-digit clock (0900, 2130) beside a day's word or a date, never a year or a count;
        # after a label's colon too (顺延一小时：2230 关), never a clock's minutes (12:2130)
        (
            r"(?:(?<![\d.:/A-Za-z])|(?<=[^\d.:/\s]:))([01]\d|2[0-4])([0-5]\d)"
            r"(?![\d.:/A-Za-z])(?!\s*[年月日号人票字楼层%])(?!\s*-\s*\d{1,2}\s*-)",
            r"\1:\2",
        ),
        # a dotted clock: an hour no month has (21.30), or one said with its part of the day
        # or its verb (今晚 10.30, 10.30 关)
        (r"(?<![\d.:/])(1[3-9]|2[0-4])\.([0-5]\d)(?![\d.:/])", r"\1:\2"),
        (
            r"(?<=今晚|明晚|晚上|下午|上午|早上|今早|明早|凌晨|中午)(\s*)(\d{1,2})\.([0-5]\d)(?![\d.:/])"
            r"|(?<![\d.:/])(\d{1,2})\.([0-5]\d)(?=\s*(?:关|开|截|结束|结算))",
            lambda m: (m.group(1) or "") + f"{m.group(2) or m.group(4)}:{m.group(3) or m.group(5)}",
        ),
        # a dotted date (12.14, 12.27 22:00): month.day, two digits for the day or a time after
        (
            r"(?<![\d.:/])(1[0-2]|0?[1-9])\.((?:[12]\d|3[01]|0[1-9])|[1-9](?=\s+\d{1,2}:\d{2}))"
            r"(?![\d.:])",
            r"\1/\2",
        ),
    ]
)


# a terse writer's day by its first character before a clock (明 22:00 关, 今 21:30 截): 明天, 今天
_TERSE_DAY = lazy(
    r"(?:(?<=^)|(?<=[\s。，,；;:：]))([今明])(?=\s*\d{1,2}\s*(?:[:：]\d{2}|[点时]))", re.M
)

# an acceleration said by a label and its outcome (加速：已通过) or beside the close it made
# (关门（加速）): granted — never 加速：未通过 nor 加速？
_SPED_SAID = lazy(
    r"加速\s*[:：]\s*(?:已\s*)?(?:获\s*)?(?:通过|成功|批准|生效)"
    r"|(?<=关门|关帖|截票|截止|结束)\s*[（(]\s*加速\s*[)）]"
)

# a 环节 in short, with its opening or its hours (D6 环一 开, D5 环二 全天; a bare D3 环一。 stays
# listed): never 环境, 环保
_PHASE_SHORT = lazy(r"(?:(?<=^)|(?<=[\s。，,；;:：]))环([一二三四五])(?=\s*(?:开|全天|\d))", re.M)

# 版杀7's 环节 by their names (seed 002, 5 时间分配: 【环节一】试探性投票, 【环节二】可疑者辩论投票,
# 【环节三】高票对决投票): a 环节 scheduled by its name alone (今日进入可疑者辩论, 为试探性投票时间)
# is that 环节
_PHASE_NAMES = {"试探性投票": "一", "可疑者辩论": "二", "高票对决": "三"}
_PHASE_NAMED = lazy(
    r"(?<![】\]])(?<!环节[一二三])(?<!环节[一二三]\s)(试探性投票|可疑者辩论|高票对决)"
)


def _phase_named(m: re.Match[str]) -> str:
    before = m.string[max(0, m.start() - 12) : m.start()]
    if re.search(r"环节\s*[一二三123]\s*[】\]]?\s*[:：]?\s*$", before):
        return m.group(0)  # 【环节二】可疑者辩论: named already
    after = m.string[m.end() : m.end() + 4]
    if not (
        re.search(r"(?:进入|开始|为|是)\s*$", before) or re.match(r"\s*(?:时间|全天|开始)", after)
    ):
        return m.group(0)  # 试探性投票里，没有人过半: the 环节 told of, not the one scheduled
    return f"环节{_PHASE_NAMES[m.group(1)]}（{m.group(1)}）"


# what a count of requests is written with (7/12, 8人，存活9人, （六票）)
_COUNT = r"[的\d一二两三四五六七八九十/／人票名位个存活在场共有:：，,。（）()]"

# a terse writer's words: 出 for 出局 (订书机 6 出, 夜：胶水 出、圆规 出, D2 出：X), a count
# and its outcome joined by a dash or an arrow (钢笔 8 — 出局, 墨水 8 → 出), 0 死 for nobody,
# 警长 给 X for the badge handed on
_TERSE_WORDS = _table(
    [
        # a day's 出 is its vote's (D2 出：X; the night's is 夜：X 出)
        (r"((?:第|(?<![A-Za-z])D\s?)\d{1,2}[天日]?)\s*出(?:局)?\s*(?=[:：])", r"\1 投票出局"),
        (r"(?<=[^\s\w])\s*出(?=\s*[:：])|(?<=\s)出(?=\s*[:：])", "出局"),
        (r"(?<=\S\s)(\d{1,2})\s*票?\s*(?:[—–-]+|→|->)?\s*(?=出局|出(?!\w)|out)", r"\1 票 "),
        (r"(?<=[\w)）])\s+出(?=\s*(?:[、，,。；;/（(!！]|$))", " 出局"),
        (r"(?<![\d.])0\s*(?:人)?\s*死(?:亡)?(?![\w])|(?<![\w])无死亡", "无人死亡"),
        (r"(?:殉职)\s*(?:[，,]|→|->)?\s*(?:警长|警徽)?\s*(?:交给|传给|给)", "殉职，警徽移交给"),
        (r"(?:警长|警徽)\s*给", "警徽移交给"),
        # a substitute's label over the seat changing hands (替补: 石头→大白, 替补：A -> B): who
        # leaves, then who comes in (seeds 000 10、替补 / 004 替补)
        (r"替补\s*[:：]\s*([^\s→，,。；;:：]+)\s*(?:→|->)\s*([^\s→，,。；;（(]+)", r"\2 替补 \1"),
        # an hour with no 点 right before a bare close (D3开 21关, 明晚22关, 改 23关):
        # never a level (第21关) nor a count (连过12关)
        (
            r"(?:(?<=^)|(?<=[\s晚天日改至到，,]))(1\d|2[0-4])(?=\s*关(?:门|帖)?(?:[\s。，,！!)）]|$))",
            r"\1点",
        ),
        # a request told by its count and then its outcome (加速 7/12 过, 延时 6/9 通过了,
        # 加速，8人。存活9人。过了。): granted, the count kept; never 没过 / 不过 / 过半 / 过了吗
        (
            rf"(加速|延时)((?:\s|{_COUNT})*?[\d一二两三四五六七八九十](?:\s|{_COUNT})*?)"
            r"(?<=[\s\d人票，,。)）])(?:通过了?|过了|过|成了|成功了?)(?=[\s。！!，,]|$)",
            lambda m: (
                m.group(1) + "通过（" + re.sub(r"[。，,\s]+", "，", m.group(2)).strip("，") + "）"
            ),
        ),
    ],
    re.M,
)
# an adverb between the dead and their death (X、Y 都死亡, 铅笔都出局, 毛笔亦出局): the death
_BOTH = lazy(r"\s*(?:都|均|皆|亦|也)\s*(?=死亡|出局|死了|身亡|被杀|被毒|殉情)")
# a hunter's shot said by where it struck (开了最后一枪，击中 铅笔)
_STRUCK = lazy(r"(枪[^。！!？?\n]{0,12}?)(?:击中|打中|射中|射向)")


# a table's header row over its separator (| 天数 | 开帖 | 关帖 | / |---|---|---|): each row
# below says its cells with the header's words (第三天 开帖：12/21 10:00 关帖：12/22 22:00)
_HEADED = lazy(
    r"^[ \t]*(\|.*\|)[ \t]*\n[ \t]*\|?(?:[ \t]*:?-{3,}:?[ \t]*\|)+.*\n((?:[ \t]*\|.*(?:\n|$))+)",
    re.M,
)


def _cells(row: str) -> list[str]:
    return [c.strip() for c in row.strip().strip("|").split("|")]


# a header that only says "key | value" (| 项目 | 内容 |, | Item | Details |): each row is its
# first cell's label and the second its value (昨夜出局：黄瓜)
_KEY_VALUE_HEAD = lazy(
    r"项目|事项|类别|栏目|内容|详情|说明|结果|信息|备注|item|content|details?|value|result",
    re.I,
)


# a two-column table titled by its first row (| 第三日 | 09:00 – 21:00 |, | 结局 | |, | D4 | 1/13 |):
# the title is a line of its own and each row below its label and value
_TITLE_HEAD = lazy(
    r"(?:第\s*[\d零一二两三四五六七八九十]{1,3}\s*[天日夜]|D\s?\d{1,2})"
    r"\s*(?:环节\s*[\d一二三四五]|P\d)?\s*(?:[(（][^)）]*[)）])?",
    re.I,
)


def _titled(head: list[str]) -> bool:
    return len(head) == 2 and bool(
        head[0] and (not head[1] or _TITLE_HEAD.fullmatch(head[0]) or re.search(r"\d", head[1]))
    )


def _headed_table(m: re.Match[str]) -> str:
    head = _cells(m.group(1))
    key_value = len(head) == 2 and all(_KEY_VALUE_HEAD.fullmatch(h) for h in head if h)
    lines = []
    if _titled(head) and not key_value:
        lines.append(" ".join(h for h in head if h))
        key_value = True
    for row in m.group(2).splitlines():
        cells = _cells(row)
        if key_value:
            lines.append("：".join(c for c in cells if c))
            continue
        said = [cells[0]] + [
            f"{h}：{c}" if h and c else c for h, c in zip(head[1:], cells[1:], strict=False)
        ]
        lines.append(" ".join(said))
    return "\n".join(lines) + "\n"


# the colloquial days of the north (今儿, 明儿个, 昨儿) and Taiwan's 隔天; the o'clock
# (九点钟, 10 o'clock); a festival said
# as the date of a time (平安夜晚上十点, 圣诞节 22:00, Christmas Eve 22:00: never the
# game's 平安夜 on its own)
_COLLOQUIAL_DAYS = _table(
    [
        (
            r"平安夜(?=\s*(?:的)?\s*(?:晚上|晚间|夜里|晚|\d))|(?<![A-Za-z])christmas\s+eve(?![A-Za-z])(?=\s*[,，]?\s*(?:at\s+)?\d)",
            "12月24日",
        ),
        (
            r"圣诞(?:节)?(?:当天)?(?=\s*(?:的)?\s*(?:上午|中午|下午|晚上|晚|\d))"
            r"|(?<![A-Za-z])christmas(?:\s+day)?(?![A-Za-z])(?=\s*[,，]?\s*(?:at\s+)?\d)",
            "12月25日",
        ),
        (
            r"跨年夜(?=\s*(?:的)?\s*(?:晚上|晚|\d))|(?<![A-Za-z])new\s+year'?s\s+eve(?![A-Za-z])(?=\s*[,，]?\s*(?:at\s+)?\d)",
            "12月31日",
        ),
        (
            r"元旦(?=\s*(?:的)?\s*(?:上午|中午|下午|晚上|晚|\d))|(?<![A-Za-z])new\s+year'?s\s+day(?![A-Za-z])(?=\s*[,，]?\s*(?:at\s+)?\d)",
            "1月1日",
        ),
        (r"大后儿(?:个)?", "大后天"),
        (r"(?<!大)后儿(?:个)?", "后天"),
        (r"今儿(?:个)?", "今天"),
        (r"明儿(?:个)?", "明天"),
        (r"昨儿(?:个)?", "昨天"),
        (r"隔天", "次日"),
        (r"后晚", "后天晚上"),
        # the evening said in dialect before its hour (今儿个黑了九点半, 礼拜天黑了十点, 夜到九点钟),
        # after a date too (12月2日黑了十点: fh48c's rules-thread schedule, as its day thread says it)
        (r"(?<=[天个日号])黑(?:了|儿)?(?=\s*(?:[一二两三四五六七八九十]|\d))", "晚上"),
        (r"(?<![昨今明前后])夜到(?=\s*(?:[一二两三四五六七八九十]|\d))", "晚上"),
        (r"(?<=[点點])钟", ""),
        (r"(?<=\d)\s*o'?clock(?![A-Za-z])", "点"),
    ],
    re.I,
)


# a date in numbers with a dash (01-14, 12-25 全天, 01-17–01-18): month and day in words, as
# every other date is said (1月14日); never a year's month (2027-01-10), a count or a score
# (05-07 票, 比分 10-12) or a clock
_DASHED_DATE = lazy(
    r"(?<![\d\-/.年比分])(?<!\d:)(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])(?![\d\-:.])"
    r"(?!\s*(?:人|票|名|个|位|%|分|比))"
)


def _dashed_date(m: re.Match[str]) -> str:
    if re.search(r"(?:比分|比数|票数|得票|比)\s*$", m.string[max(0, m.start() - 6) : m.start()]):
        return m.group(0)  # 比分 10-12: a score
    return f"{int(m.group(1))}月{int(m.group(2))}日"


# a clock in another time zone (13:30 UTC, UTC 13:00, 05:30 GMT-5): the forum's (+8) clock.
# A day's end said so (16:00 UTC) is 24:00; past it, the next day's clock (次日 02:00).
# The forum's own zone (21:30 UTC+8) is only dropped, by the layout.
_ZONED = lazy(
    r"(?<![\d:])(?P<h>\d{1,2})[:：](?P<mi>\d{2})\s*[(（]?\s*(?:UTC|GMT|Z(?=\W|$))"
    r"(?:\s*(?P<sign>[+＋-])\s*(?P<oh>\d{1,2})(?::?(?P<om>\d{2}))?)?\s*[)）]?"
    r"|(?<![A-Za-z])(?:UTC|GMT)(?:\s*(?P<sign2>[+＋-])\s*(?P<oh2>\d{1,2}))?\s*(?P<h2>\d{1,2})[:：](?P<mi2>\d{2})",
    re.I,
)


def _zoned(m: re.Match[str]) -> str:
    sign = m.group("sign") or m.group("sign2") or "+"
    hours = int(m.group("oh") or m.group("oh2") or 0)
    offset = (hours * 60 + int(m.group("om") or 0)) * (-1 if sign == "-" else 1)
    if offset == 8 * 60:
        return m.group(0)  # the forum's own zone: the layout drops the zone
    minutes = int(m.group("h") or m.group("h2")) * 60 + int(m.group("mi") or m.group("mi2"))
    minutes += 8 * 60 - offset
    if minutes == 24 * 60:
        return "24:00"
    day = "次日 " if minutes > 24 * 60 else "前一日 " if minutes < 0 else ""
    minutes %= 24 * 60
    return f"{day}{minutes // 60:02d}:{minutes % 60:02d}"


# a bot's or a form's labels for a day's times (开启时间 09:00，关闭时间 21:30, 21:30 关闭):
# the opening and the close (讨论帖已关闭。 with no time says nothing of one)
_TIME_LABELS = _table(
    [
        (r"关闭(?=\s*(?:时间|时刻|于|在|[:：]|\d))|(?<=[\d点分半整])(\s*)关闭", r"\1关帖"),
        (r"开启(?=\s*(?:时间|时刻|于|在|[:：]|\d))", "开帖"),
        # paired labels over paired times (开/关：09:00 / 21:30): each label before its time
        (
            r"(开(?:帖|门)?)\s*[/／、]\s*(关(?:帖|门)?)\s*[:：]?\s*"
            r"((?:\d{1,2}月\d{1,2}日\s*)?\d{1,2}:\d{2})\s*[/／、]\s*((?:\d{1,2}月\d{1,2}日\s*)?\d{1,2}:\d{2})",
            r"\1 \3 \2 \4",
        ),
    ]
)


# a BBCode table ([table][tr][td]…[/td][/tr][/table]): of two columns, its rows' labels and
# values (the first row its title when it is one); wider, the same table in markdown with its
# first row the header, so one reader reads both
_BB_TABLE = lazy(r"\[table(?:=[^\]]*)?\](.*?)\[/table\]", re.S | re.I)
_BB_ROW = lazy(r"\[tr(?:=[^\]]*)?\](.*?)\[/tr\]", re.S | re.I)
_BB_CELL = lazy(r"\[t[dh](?:=[^\]]*)?\](.*?)\[/t[dh]\]", re.S | re.I)


def _bb_table(m: re.Match[str]) -> str:
    rows = [[" ".join(c.split()) for c in _BB_CELL.findall(r)] for r in _BB_ROW.findall(m.group(1))]
    rows = [r for r in rows if r]
    if not rows:
        return m.group(0)
    if all(len(r) <= 2 for r in rows):  # a list of labels and values, no header
        said = [
            " ".join(r) if i == 0 and _titled(r) else "：".join(c for c in r if c)
            for i, r in enumerate(rows)
        ]
        return "\n" + "\n".join(said) + "\n"
    lines = ["| " + " | ".join(r) + " |" for r in rows]
    lines.insert(1, "|" + "---|" * len(rows[0]))
    return "\n" + "\n".join(lines) + "\n"


def registers(text: str) -> str:
    """``text`` (folded) with each register it is written in said in the grammar's words."""
    text = _BB_TABLE.sub(_bb_table, _ZONED.sub(_zoned, text))
    text = _apply(_LAYOUT, _HEADED.sub(_headed_table, text))
    text = _apply(_TIME_LABELS, _DASHED_DATE.sub(_dashed_date, text))
    text = _apply(_COLLOQUIAL_DAYS, text)
    hakka = bool(_HAKKA.search(text))
    if hakka:
        text = _apply(_HAKKA_WORDS, text)
    if hakka or _CANTONESE.search(text):
        text = _apply(_CANTONESE_WORDS, text)
    text = _OLD_HOUR.sub(
        lambda m: m.group(2) + (m.group(1) or ""),
        _FINANCIAL_TEN.sub("十", text).translate(_FINANCIAL),
    )
    if _CLASSICAL.search(text):
        text = _apply(_CLASSICAL_CHARACTERS, text)
    text = _apply(_CLASSICAL_WORDS, text)
    text = _apply(_LIVESTREAM_WORDS, _ROCKET.sub(_rocket, _DOVE.sub(_dove, text)))
    if _BORROWED.search(text):
        text = _BORROWED_LINE.sub(_borrowed, text)
    text = _apply(_STORY_WORDS, _ON_THE_ACCOUNT.sub(r"\1 \2（沿用原账号）", text))
    if _CORRECTING.search(text):
        text = _apply(_CORRECTION_WORDS, text)
    if re.search(r"\d{3}", text) or re.search(r"\d\.\d", text):
        text = _apply(_TERSE, text)
    text = _TERSE_DAY.sub(r"\1天", _PHASE_SHORT.sub(r"环节\1", text))
    text = _SPED_SAID.sub(
        lambda m: "加速成功" if m.group(0).startswith("加速") else "，加速成功", text
    )
    text = _PHASE_NAMED.sub(_phase_named, text)
    text = _apply(_TERSE_WORDS, text)
    return _STRUCK.sub(r"\1开枪带走", _BOTH.sub("", text))


# what is left of a post's decoration (emoji, their joiners and variation selectors) once
# the registers read the ones that mean something: a space between words.  The signs the
# grammar reads itself stay (💀 ☠ a death, 💔 a lover's, 👮 the sheriff, ✔ ✘ ✝ ★ ⚖ ☾).
_DECORATION = lazy(
    "(?![\u2620\u2605\u2696\u263e\u263d\u2713-\u2718\u271d\U0001f480\U0001f494\U0001f46e])"
    "[\U0001f300-\U0001faff\u2600-\u27bf\u2b50\u2b55\u231a\u231b\u23e9-\u23fa]"
    "[\ufe0f\u200d]?|[\ufe0f\u200d]"
)

# English words the shorthand table reads in Chinese: dates (Dec 16), midnight and noon,
# numbers in words after a day or phase (Day Five, Phase One), how a player died, the
# badge, substitutes, a vote's result, EOD
_MONTHS = {
    m: i
    for i, m in enumerate(
        ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"], 1
    )
}
_NUMBERS = {
    w: i
    for i, w in enumerate(
        [
            "one",
            "two",
            "three",
            "four",
            "five",
            "six",
            "seven",
            "eight",
            "nine",
            "ten",
            "eleven",
            "twelve",
        ],
        1,
    )
}


def _month_day(m: re.Match[str]) -> str:
    month = _MONTHS[(m.group("mon") or m.group("mon2"))[:3].lower()]
    return f"{month}月{m.group('d') or m.group('d2')}日"


_ENGLISH_ROWS: list[tuple[str, _Repl]] = [
    # the close a change sets (new DDL 23:59, new deadline: 01-09 12:00)
    (rf"{_W}new\s+(?=(?:DDL|deadline|close)(?![A-Za-z]))", "新"),
    # a request's count and its outcome (Extension requested by 5/7 → passed)
    (
        rf"{_W}(accelerat|extension|extend|delay)\w*(?:\s+(?:requests?|requested|votes?))?"
        r"(?:\s+by)?\s*[:：]?\s*(\d+\s*/\s*\d+)\s*(?:→|->|[:：,，])?\s*"
        rf"(?:approved|passed|granted){_E}(?!\s*[?？])",
        lambda m: (
            ("加速" if m.group(1).lower() == "accelerat" else "延时")
            + f"申请 {m.group(2)}，"
            + ("加速成功" if m.group(1).lower() == "accelerat" else "延时成功")
        ),
    ),
    (
        rf"{_W}(?P<mon>jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s*"
        r"(?P<d>\d{1,2})(?:st|nd|rd|th)?(?![\d:])"
        rf"|(?<![\d:/])(?P<d2>\d{{1,2}})(?:st|nd|rd|th)?\s+(?P<mon2>jan|feb|mar|apr|may|jun"
        rf"|jul|aug|sep|oct|nov|dec)[a-z]*\.?{_E}",
        _month_day,
    ),
    (r"(?<=日)\s*[,，]?\s*(?:at|@)?\s*(?=\d{1,2}[:：]\d{2})", " "),
    (rf"{_W}(?:from\s+)?midnight\s*(?:to|till|until|through|-|–)\s*midnight{_E}", "0:00-24:00"),
    (
        rf"{_W}((?:until|till|to|through|by)\s+|(?:close[sd]?|ends?|DDL|deadline)\s+(?:at\s+)?)"
        rf"midnight{_E}",
        r"\g<1>24:00",
    ),
    (rf"{_W}(?:at\s+)?midnight{_E}", "0:00"),
    (rf"{_W}(?:at\s+)?noon{_E}", "12:00"),
    (rf"{_W}(?:until|till|through)\s+(?=\d)", "至"),
    # a range said before its date (midnight to midnight, Dec 26): the date first
    (
        r"(\d{1,2}:\d{2}\s*(?:-|–|to)\s*\d{1,2}:\d{2})\s*[,，]?\s*(?:on\s+)?(\d{1,2}月\d{1,2}日)",
        r"\2 \1",
    ),
    (rf"{_W}EOD\s+(?:tomorrow|tmr){_E}|{_W}(?:tomorrow|tmr)\s+EOD{_E}", "明天24:00"),
    # EOD with its clock (DDL EOD 21:30, EOD (24:00)): the clock says it
    (rf"{_W}EOD{_E}\s*[(（]?\s*(?=\d{{1,2}}:\d{{2}})", ""),
    (rf"{_W}EOD{_E}", "今天24:00"),
    (
        rf"{_W}(day|phase|night)\s+({'|'.join(_NUMBERS)}){_E}",
        lambda m: f"{m.group(1)} {_NUMBERS[m.group(2).lower()]}",
    ),
    (r"全天\s*(?:on\s*)?[,，]?\s*(\d{1,2}月\d{1,2}日)", r"\1全天"),
    (rf"{_W}all\s*day\s*(?:on\s*)?[,，]?\s*(\d{{1,2}}月\d{{1,2}}日)", r"\1全天"),
    (rf"{_W}killed\s+by\s+(?:the\s+)?(?:killers?|murderers?){_E}", "被杀手杀害"),
    (rf"{_W}killed\s+by\s+(?:the\s+)?(?:wol(?:f|ves)|werewol(?:f|ves)){_E}", "被狼人杀害"),
    (
        rf"{_W}(?<!\ba\s)(?<!\bthe\s)(?:was\s+)?poisoned(?:\s+by\s+the\s+witch)?{_E}"
        rf"|{_W}died\s+(?:to|of|from)\s+the\s+witch'?s\s+poison{_E}",
        "被女巫毒死",
    ),
    (rf"{_W}(?:was\s+)?needled(?:\s+by\s+the\s+doctor)?{_E}", "被医生扎死"),
    (rf"{_W}(?:was\s+)?sniped(?:\s+by\s+the\s+sniper)?{_E}", "被狙击手狙杀"),
    (rf"{_W}scapegoat{_E}", "替罪羊"),
    (rf"{_W}takes\s+the\s+fall{_E}|{_W}wrongful(?:ly)?\s+(?:death|dies|died){_E}", "冤死出局"),
    (rf"[(（]\s*(?:the\s+)?idiot\s*[)）]\s*(?:flips?|flipped|reveals?)?{_E}", " 翻牌白痴"),
    (rf"{_W}(?:flips?|flipped){_E}", "翻牌"),
    (rf"{_W}stays?\s+in{_E}", "留场"),
    (rf"(\S+)\s+picks\s+(\S+)\s+as\s+(?:the\s+)?(?:new\s+)?sheriff{_E}", r"\1 将警徽移交给 \2"),
    (rf"{_W}badge\s+went\s+to{_E}", "警徽移交给"),
    (rf"{_W}red[\s-]*card(?:ed)?{_E}", "红牌"),
    (rf"{_W}drowned{_E}", "淹死"),
    (rf"{_W}substitute\s*[:：]", "sub:"),
    (r"(\S+)\s+(?:stands?|steps?|comes?)\s+in\s+for\s+(\S+)", r"\1 替补 \2"),
    (rf"{_W}(?:vote|voting)\s+(?:is\s+)?(?:closed|over|ended){_E}", "投票结束"),
    (rf"{_W}results?\s*[:：]", "结果："),
    (rf"{_W}vote\s*[:：]", "投票："),
    (rf"{_W}runoff{_E}", "高票对决"),
    (rf"{_W}(?:ends?|ending)(?:\s+(?:at|on))?{_E}", "结束"),
    (rf"{_W}night\s+falls{_E}", "进入夜晚"),
    (rf"{_W}overnight\s*[:：]?", "昨夜："),
    (rf"{_W}(?:no\s*one|nobody)\s+(?:is|was)\s+(?:out|eliminated){_E}", "无人出局"),
    (rf"{_W}yesterday'?s{_E}", "昨天的"),
    (rf"{_W}(?:was\s+|is\s+)?found\s+dead{_E}", "死亡"),
    (
        rf"{_W}(?:also\s+)?(?:left|died|dies|gone|follows?|followed)?\s*[(（]?\s*(?:of\s+|from\s+)?"
        rf"(?:a\s+)?(?:heartbreak|broken\s+heart)\s*[)）]?",
        " 殉情",
    ),
    (
        rf"{_W}(?:was|were|is|got|gets)\s+shot(?:\s+(?:dead|down))?(?:\s+by\s+(?:the\s+)?hunter)?{_E}",
        "被猎人开枪带走",
    ),
    (
        rf"{_W}(?:passed|passes|handed|hands|gave|gives)\s+(?:the\s+)?(?:sheriff(?:'s)?\s+)?badge\s+(?:on\s+)?to{_E}",
        "将警徽移交给",
    ),
    (rf"{_W}got\s+the\s+most\s+votes(?:\s+first)?{_E}", "得票最多"),
    (rf"\s*,?\s*{_W}(?:and\s+)?(?:is\s+now|becomes|became)\s+(?:the\s+)?sheriff{_E}", "，当选警长"),
    (rf"{_W}(?:a\s+)?majority{_E}", "过半"),
    (rf"{_W}has\s+(\d{{1,2}})\s+of\s+\d{{1,2}}{_E}", r"\1 票"),
    (
        rf"{_W}(?:is|was|are|were|has\s+been|have\s+been|gets?|got)\s+(?:now\s+)?"
        rf"(?=(?:voted|out|killed|eliminated|lynched|executed|poisoned|needled|sniped|"
        rf"red[\s-]*card|drowned|removed){_E})",
        "",
    ),
    (rf"{_W}(?:removed|sent\s+off){_E}", "出局"),
]
_ENGLISH_WORDS = [(lazy(p, re.I), r) for p, r in _ENGLISH_ROWS]


@lru_cache(maxsize=4096)
def shorthand(text: str) -> str:
    """``text`` in the grammar's words: a director's register (粤语, 文言, a livestream's
    slang and emoji, a list's or a table's layout, a terse writer's 12.14 / 0900) and
    English shorthand and symbols in Chinese (changes its length).  Kept per text: the event
    grammar, the time reader and never-silent's checks each say the same post and its
    sentences again (22 calls on 5 texts for one read of a four-line notice)."""
    text = registers(text)
    if re.search(r"[☾☽🌙✝†∅▶⏹⏰⚖🟥🏁★⭐⏩🔫⇄🔄👮⬇]", text):
        for pattern, repl in _SYMBOLS:
            text = pattern.sub(repl, text)
    if re.search(r"[A-Za-z]", text):
        text = _english(text)
    text = _EMOJI_BREAK.sub(_emoji_break, text)
    return _SPLIT_OUTCOME.sub(r"\1", _DECORATION.sub(" ", text))


# a chat writer's emoji before a clause of another time is their comma (X 出局👋 今晚进入第三晚:
# the night is the next clause's, not the vote-out's); never inside 加速🚀 成功, 延时✅通过, nor
# between names that each wear one
_EMOJI_BREAK = lazy(
    r"(?<=[\u4e00-\u9fff])((?:" + _DECORATION.pattern + r")+)[^\S\n]*"
    r"(?=今[天晚日夜早]|明[天晚日早]|昨[天晚日夜]|当晚|晚上|夜里|白天|上午|下午|中午)"
)


def _emoji_break(m: re.Match[str]) -> str:
    before = m.string[max(0, m.start() - 2) : m.start()]
    after = m.string[m.end() : m.end() + 2]
    outcome = re.match(r"成功|通过|生效|成立|失败|批准", after)
    # a list whose names each wear an emoji (吹笛：甲🐱 乙🐶): still one list
    tagged = _DECORATION.search(m.string[m.end() : m.end() + 6])
    return m.group(0) if before in ("加速", "延时") or outcome or tagged else "，"


# an outcome split from its word by an emoji's space (加速🚀 成功啦, 延时 ✅ 通过)
_SPLIT_OUTCOME = lazy(r"(加速|延时)(?:\s|[✔✓])+(?=成功|通过|生效|成立|失败|批准)")


def _english(text: str) -> str:
    text = re.sub(r"(?i)(?<=\d)\s*([ap])\.\s?m\.?", r" \1m", text)  # 9 p.m.
    text = _TWELVE_HOUR.sub(_twelve_hour, text)
    for pattern, repl in _ENGLISH_WORDS:
        text = pattern.sub(repl, text)
    for pattern, repl in _SHORTHAND:
        if repl == "WD":
            text = pattern.sub(lambda m: "周" + _WEEKDAYS[m.group(1).lower()], text)
        else:
            text = pattern.sub(repl, text)
    # a weekday said before its date (周日 12月20日): the date says it all
    return re.sub(
        r"周[一二三四五六日]\s*[,，]?\s*(?=\d{1,2}月\d{1,2}日|\d{1,2}/\d{1,2}(?!\d))", "", text
    )
