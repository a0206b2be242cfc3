"""What a director's post announces, read clause by clause with a small grammar.

A post is cut into lines, sentences (。！；？) and clauses (，、——).  A clause announces
something when it holds an **event word** of one kind and a **player slot** that the word
governs; a clause the words around it **undo** announces nothing.  Written from the seeds'
procedures (M107 公示 / 出局 / 警长竞岗 / 殉职 / 白痴 <装傻> / 替补; 030 and M39 吹笛 /
雏见泽综合症Lv.3, 加速 / 延时; 版杀7 环节, 淹死, 杀手, 狙击) and the kinds issue 34 lists —
never from a list of sample sentences.

Event words (:data:`_ELIMINATED` and the tables after it), each with what it says of how:

* eliminated — by the vote (``投出``, ``投死``, ``放逐``, ``以 N 票出局``), in the night
  (``被刀``, ``被杀``, ``被狙``, ``倒在血泊中``, ``没能熬过这一夜``), sent off (``红牌``,
  ``罚下``, ``淹死``), 殉情 (``suicide``), the hunter's shot (``最后一枪 / 开枪 … 带走 / 目标``,
  ``倒在枪口下``: ``hunter``), or only that they are out (``出局``, ``死亡``, ``RIP``, ``送别``);
* sheriff — elected (``当选警长``), handed over (``警徽移交给``, ``拿到警徽``, ``继任警长``),
  or a state line (``警长：X``, ``今日警长 X``: ``status``);
* idiot revealed (``装傻``, ``翻牌白痴``); piped (``被吹笛：``, ``Lv.3：``, ``进入【雏见泽
  综合症Lv.3】``, ``处于吹笛状态``); a substitute (``A 替补 B``, ``A 来顶 B 的位置``,
  ``B 由 A 接替``, ``由替补 A 接替`` with B the sentence's subject);
* notices that name no player (:class:`Notice`): 平安夜 / a night 无人死亡, 加速成功,
  游戏结束 / X 胜利.

Player slots: the names before the word (``冬瓜、番茄倒在了血泊中``), after it
(``出局的是 冬瓜``, ``昨夜出局：冬瓜、番茄``, ``带走油条``), in the next clause when the
word ends its own (``被吹笛的有两人，番茄和汤圆``), or the sentence's subject when the clause
has none (``春卷 6 票，出局``).  A name may carry a bracket that says how (``番茄（投票）、
土豆（最后一枪）``), or sit in brackets or quotes itself.

What undoes a clause: a question (``？``, ``吗``), a supposition (``如果``, ``假如``, ``猜``,
``的话``: to the end of the sentence), a negation before the word (``没有出局``, ``不淹死``,
``未被吹笛``, ``非投票出局``, ``不是警长``), a state rather than a change (``已出局``), a time
clause (``罚下前``, ``被罚下时``), a quote of someone else (``[quote]``, ``X 说：“…”``), and a
self-correction (``……不对，是 Y``: the last reading stands).  Which posts count (a
director's, in which thread) is the caller's business (:mod:`auditor.game.discover`).

Days: a clause's ``第 N 天`` gives ``day``; ``第 N 夜`` is the night before day N+1;
``昨日 / 昨天`` sets ``offset`` -1 (a recap of yesterday's vote); ``昨夜 / 本夜`` is a night.
"""

from __future__ import annotations

import functools
import itertools
import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from enum import StrEnum

from auditor.game.fold import fold, shorthand
from auditor.game.gamefile import EventType
from auditor.game.lazy import lazy
from auditor.game.titles import cn_number
from auditor.game.when import (
    SELF_FIX,
    TimePoint,
    find_points,
    find_ranges,
    normalise,
    unread_times,
)


def _compiled(pattern: str | re.Pattern[str], flags: int) -> re.Pattern[str]:
    """The pattern compiled once (re's own cache holds 512 and discovery builds hundreds,
    many from the roster: a post's reading recompiled what the last post evicted)."""
    if isinstance(pattern, re.Pattern):
        return pattern
    return _compile(pattern, flags)


@functools.lru_cache(maxsize=8192)
def _compile(pattern: str, flags: int) -> re.Pattern[str]:
    return re.compile(pattern, flags)


class _Rx:
    """``re``'s functions over :func:`_compiled` patterns (this module's ``re.sub(p, …)``)."""

    @staticmethod
    def sub(
        pattern: str | re.Pattern[str],
        repl: str | Callable[[re.Match[str]], str],
        string: str,
        count: int = 0,
        flags: int = 0,
    ) -> str:
        return _compiled(pattern, flags).sub(repl, string, count)

    @staticmethod
    def search(pattern: str | re.Pattern[str], string: str, flags: int = 0) -> re.Match[str] | None:
        return _compiled(pattern, flags).search(string)

    @staticmethod
    def match(pattern: str | re.Pattern[str], string: str, flags: int = 0) -> re.Match[str] | None:
        return _compiled(pattern, flags).match(string)

    @staticmethod
    def fullmatch(
        pattern: str | re.Pattern[str], string: str, flags: int = 0
    ) -> re.Match[str] | None:
        return _compiled(pattern, flags).fullmatch(string)

    @staticmethod
    def findall(pattern: str | re.Pattern[str], string: str, flags: int = 0) -> list[str]:
        return _compiled(pattern, flags).findall(string)

    @staticmethod
    def finditer(
        pattern: str | re.Pattern[str], string: str, flags: int = 0
    ) -> Iterator[re.Match[str]]:
        return _compiled(pattern, flags).finditer(string)

    @staticmethod
    def split(
        pattern: str | re.Pattern[str], string: str, maxsplit: int = 0, flags: int = 0
    ) -> list[str]:
        return _compiled(pattern, flags).split(string, maxsplit)


_rx = _Rx()


class Notice(StrEnum):
    """What a post announces without an event of the game file."""

    NO_DEATH = "no_death"  # 平安夜: the night killed nobody
    ACCELERATED = "accelerated"  # 加速成功
    GAME_OVER = "game_over"  # 游戏结束 / X 胜利 (value: the winner as written)


@dataclass(frozen=True, slots=True)
class Announced:
    type: EventType | Notice
    player: str
    how: str | None = None  # vote | night | sent_off (eliminated); elected | handed_over
    value: str | None = None  # the new account of a substitute; the winner of a game
    day: int | None = None  # the day the clause names (第N天; 第N夜 is day N+1's night)
    ends_piping: bool = False  # 吹笛者出局 / 自愈: every spell ends here
    correction: bool = False
    clause: str = ""
    cause: str | None = None  # vote | night | sent_off | suicide | hunter (finer than how)
    offset: int = 0  # -1: 昨日 / 昨天, a recap of the day before the post's
    status: bool = False  # 警长：X — a state line, not the change itself
    replaces: tuple[str, ...] = ()  # a correction's wrong players (不是杜鹃, 杜鹃出局有误)
    clock: str | None = None  # the time the clause gives the event (土豆于21:48倒在了枪口下)
    # a substitute who plays on the account of the one replaced (沿用原账号): no new account
    same_account: bool = False

    @property
    def guessed(self) -> tuple[str, ...]:
        """The fields the clause does not state and the reader fills in (a death with no
        word of how: the post's time decides vote or night): a proposal, never a fact."""
        how = ("how",) if self.type is EventType.ELIMINATED and self.how is None else ()
        # a day the clause names in words the reader did not place (周日, 前天, 上期):
        # the post's own day stands in for it
        unplaced = self.day is None and not self.offset and _DAY_UNPLACED.search(self.clause)
        return (*how, "day") if unplaced and isinstance(self.type, EventType) else how

    @property
    def account(self) -> str | None:
        """A substitute's own account (None when they play on the replaced one's)."""
        return None if self.same_account else self.value


# --------------------------------------------------------------------------- the lexicon

# a day named by a weekday, as two back, or in a theme's unit before this one
_DAY_UNPLACED = lazy(r"(?:周|星期|礼拜)[一二三四五六日天](?!末)|前天|上一?(?:期|轮|回)")

_NUM = r"[0-9一二两三四五六七八九十]{1,3}"
_CORRECTION = lazy(r"更正|订正|纠正|修正|改为|应为|更改为|有误|写错|(?:搞|弄|说|看|记)错了")
# hearsay: what others say happened, not the director's word (有消息称 X 也阵亡) ...
_HEARSAY = r"有消息称|有消息说|有传言|传言|传闻|谣传|网传|据传|听说"
# ... until the director says it himself: a colon, a dash, or the word that checks it
# (听说大家关心结果：昨夜死者是 X; 据传言两人遇害——经确认 …; 传闻中的“…”是真的)
_HEARSAY_ENDS = {w[-2:] for w in _HEARSAY.split("|")}
_CONFIRMED = r"[:：]|—+|-{2,}|经(?:过)?(?:确认|核实|核查|查证)|是真的|属实|确有其事"
# undo the rest of the sentence from where they stand
# The one home of the supposition words (issue 34, session 48 — the lead asked for one list):
# a clause that supposes states nothing.  The grammar's _SUPPOSE, discover's _UNDONE and
# _SUPPOSED, and the inline lists that undo a clause are built on it.
SUPPOSING = r"如果|假如|假设|假使|倘若|若(?!干)|要是|万一|的话"
_SUPPOSE = lazy(
    SUPPOSING + r"|一旦|猜|会不会|能不能|是否|可能|也许|大概|"
    r"估计|希望|别让|不要让|不能让|可别|再犯|再有|再[^，。]{1,6}?就|会被|将(?=被|会|红牌|罚下|出局)|"
    r"建议|打算|准备|方可|才能|觉得|认为|怀疑|以为|我投|票投|谁|哪位|哪个|(?:吗|嘛(?![，,…\.])|(?<![怎什这那多])么)(?![啡])|"
    r"例如|比如|譬如|举例|不代表|不意味着|不等于|未必|不一定"
    # the rule for the dead, said to one of them (出局了不许说话, 出局后不得发言): it presupposes
    # the death already told and tells none (seed 000 6、发帖与诈尸 (1): 禁止已出局角色…发言)
    r"|出局(?:了|的人?|者|后|以后|之后)?\s*[,，]?\s*(?:就|还|也)?\s*(?:不许|不准|不能|不得|禁止|别|不要)"
    r"\s*(?:再)?\s*(?:说话|发言|发帖|讲话|开口|回帖|诈尸)"
    r"|" + _HEARSAY
)  # (晚上嘛，… / 晚上嘛……: 嘛 before a pause marks the topic, it asks nothing)
# (with a light verb between: 不作放逐判决, 不予淘汰, 不会出局)
_NEGATION = lazy(r"(?:不是|并非|并未|尚未|没有|不|没|未|非|别|无须)(?:作|做|予|会|用)?$")
_QUOTE = lazy(
    # (只能说“嘘”: the words the piped may say, not a quote)
    r"\[quote\].*?\[/quote\]|(?<!只能)(?<!只可)(?:说|道|问|表示)\s*[:：]?\s*[“「\"][^”」\"]*[”」\"]",
    re.S,
)
# a BBCode table's row (its first cell the label, the rest its value)
_BB_ROW = lazy(r"\[tr(?:=[^\]]*)?\](.*?)\[/tr\]", re.I | re.S)
_BB_TD = lazy(r"\[td(?:=[^\]]*)?\](.*?)\[/td\]", re.I | re.S)


def _bb_row(m: re.Match[str]) -> str:
    """A table row as a labelled line: 昨夜出局：无, 被吹笛：斗彩、青花."""
    cells = [c.strip() for c in _BB_TD.findall(m.group(1))]
    if len(cells) < 2:
        return m.group(0)
    if _rx.fullmatch(r"(?:获胜|胜利|胜)[!！。]?", cells[1]):
        return "".join(cells)  # 吹笛者阵营｜胜利: the winner says it
    return f"{cells[0]}：{' '.join(cells[1:])}"


_BBCODE = lazy(r"\[/?[a-z]+(?:=[^\]]*)?\]", re.I)
# decoration between the words (昨晚倒下了两位😭😭 X, 吹笛：X🐱 Y🐶, Lv.3 🤒：X, 警长大人：X👑):
# pictographs, dingbats and their joiners as a space — not the skull (💀 ☠: a death), not a
# tick or a cross (✔ ✘: right and wrong), not the cross of the dead (✝)
_DECORATION = lazy(
    "[\U0001f000-\U0001f47f\U0001f481-\U0001faff\u2600-\u261f\u2621-\u26ff"
    "\u2700-\u2713\u2715-\u2716\u2719-\u271c\u271e-\u27bf\u2b00-\u2bff\ufe0f\u200d\u20e3]+"
)
_QUOTES = str.maketrans({c: " " for c in "“”「」『』\"'《》〈〉<>*#=~"})

# (进入夜晚 is what follows a day's result, not when it happened: 黑陶死亡，进入夜晚)
# (yesterday's evening is last night: 昨天晚上 / 昨天夜里 / 昨日半夜, 昨暗; 隔夜 / 前夜 the night
# just passed; a story's 一夜 — not 每一夜, 第一夜)
_NIGHT = lazy(
    # (文言: 昨宵, 昨夕, 是夜, 夜来)
    rf"昨夜|昨晚|昨宵|昨夕|是夜|夜来|本夜|今夜|当夜|当晚|夜里|(?<!进入)夜间|(?<!进入|平安)夜晚|第\s*{_NUM}\s*个?\s*[夜晚]"
    r"|昨[天日]\s*(?:的)?\s*(?:晚上|夜里|夜间|半夜|深夜|晚黑)|昨暗"
    # (西南官话: 昨天黑 — yesterday after dark, 昨天黑了 / 昨天黑咕隆咚的)
    r"|昨[天日]\s*黑(?=了|咕|里|间|[，,\s])"
    r"|隔夜|(?<![\u4e00-\u9fff])前夜|(?<![第每同\d])一夜(?!\s*\d)"
)
# (and the round before in a theme's unit: 上期, 上一局, 上一场 — the day before this one)
_YESTERDAY = lazy(
    r"昨[日天]|昨(?=\s*[:：])|前一[日天]|前日|上一[日天]|(?:上一(?:期|局|场)|上期)(?!\s*(?:游戏|比赛|版杀))"
)
_DAY_N = lazy(rf"第\s*({_NUM})\s*[天日](?!夜)")
_NIGHT_N = lazy(rf"第\s*({_NUM})\s*个?\s*(?:夜晚|夜|晚)")

# the venue a player leaves or is sent from, by its kind of place: a vehicle, a building or a
# room, a company or a team (飞机, 车队, 宴会厅, 展厅, 楼, 船) — its last character ending the word
_VENUE = (
    r"[\u4e00-\u9fff]{0,3}?(?:机|车|船|舰|厅|楼|馆|堂|室|房|屋|院|店|园|营|队|团|局|村|城|镇|岛|场)"
    r"(?![\u4e00-\u9fff])"
)
# (cause, pattern) for eliminations; the first that matches a span says how
_ELIMINATED: list[tuple[str | None, str]] = [
    ("sent_off", r"(?:被)?(?:判)?(?:红牌|红卡)\s*(?:罚下|出局)?|升级红牌|(?:被)?罚下|(?:按)?淹死"),
    # (其情侣 X 也随之而去: the lover follows)
    # (随之退市 / 随之下船: the lover leaves with them, in the theme's words)
    (
        "suicide",
        r"(?:触发)?殉情(?:出局|死亡)?|随之而去|随(?:他|她)而去|追随[^，。]{0,4}?而去"
        r"|随之(?:退市|下船|离场|退场|出局)"
        # following another in leaving (跟着 X 走了, 随着 X 去了): the lover's way out, the
        # clause ending at the verb (not 走了一票, 去了投票帖); X is checked by _FOLLOWING
        r"|(?:跟着|随着|跟随|追随)\s*[\u4e00-\u9fffA-Za-z0-9_]{1,8}?\s*(?:一起|一道|一同)?\s*先?"
        r"(?:(?:走|去|离开)(?:了|的)|出局了?)(?=\s*(?:[，,。！!；;（(]|$))",
    ),
    (
        "hunter",
        r"倒在了?枪口下|被(?:猎人)?枪杀|(?:不幸)?中(?:弹|枪)(?:身亡|倒地)?|开枪\s*[:：]|(?:猎人)?枪(?=\s+\S)|(?<!狙击手)(?<!秘密警察)(?<!秘警)(?:开枪|一枪|最后一枪|开了一枪)[^，]{0,6}?(?:带走了?|目标|击杀|(?:打|崩|轰|毙)(?:中|死|倒)?了(?=\s*\S))|带走了?|开枪目标|目标"
        # the shot that hit (打中 X, 击中 X, 文言 引弓射 X)
        r"|(?:引弓|开弓|弯弓)?射(?:杀|中|死)?(?=\s*\S)|打中了?|击中了?|(?<![攻狙点])击(?=\s*\S)",
    ),
    (
        "vote",
        r"(?:被[^，。]{0,6}?)?(?:投票|公投)?(?:投了?出去?|投死|放逐)|(?:被)?(?:投票|公投)出局|以[^，]{0,10}?票[^，]{0,4}?(?:出局|被放逐)"
        # terse (票出：X, 投出：X) and told (被投进了大海, 被大家投下船, 被处决, 被流放)
        r"|(?<![改弃])票出(?=\s*[:：]|\s*(?:[。，,！!]|$))|(?<![改弃])票出者\s*(?:乃|为|是)?|(?:被|见)逐(?:出局)?|(?:被[^，。]{0,6}?)?逐出"
        # escorted off by the crowd or the law (被押送下船, 被驱逐出村, 被请出局): the day's
        r"|被[^，。]{0,3}?(?:押送|押解|遣送|驱赶|押|请)(?:下|出|离)(?:了)?(?:船|场|局|村|城|镇|岛)"
        # … or from the game's venue (被请下飞机, 被请出了宴会厅, 被移出车队): the crowd's act, the
        # day's — a place a player is in (:data:`_VENUE`), never the theme's own verb (被请下餐桌:
        # the game file's leaving words, tests/game/test_discover_report_lists.py)
        rf"|被[^，。\s]{{0,3}}?(?:请|移|赶)(?:下|出)了?(?={_VENUE})"
        r"|被人?票(?:走|死|出)|(?<![改投])票死|伏诛|逐之|被[^，。]{0,6}?投(?:进|下|入|到)了?|被[^，。]{0,4}?(?:处决|处刑|绞死|吊死|流放|驱逐)|(?:送|押)上了?绞刑架",
    ),
    (
        "night",
        r"没能(?:熬|撑|挺|活)过[^，。]{0,4}?[夜晚]|倒在了?血泊(?:之)?[中里]|被(?:狼人?|杀手|女巫|医生)?"
        r"(?:刀了?|杀害|杀死|袭击|杀|击杀|毒杀|毒死|毒|狙击?杀?|扎死|咬死?)|遇害"
        r"|被(?:秘警|秘密警察|警察)(?:狙击|狙杀|击杀)"
        # colloquial passives: 让狼给刀了, 叫女巫给毒死了, 给狙了
        r"|(?:让|叫)[^，。]{0,4}?给?(?:刀|杀|毒|狙|咬)死?了|(?<![交送递])给(?:刀|毒|狙)死?了"
        # 文言: 为狼所噬, 为女巫所鸩, 被鸩
        r"|为[^，。]{0,4}?所(?:噬|杀|害|鸩|毒|刺|狙|刃)|被鸩|鸩(?:杀|死)"
        r"|(?:杀手|狼人|女巫|秘警|医生|狙击手|秘密警察)(?:今晚|昨晚|昨夜|今夜|夜里)?(?:(?:杀死|杀害|刀死|毒死|狙杀|击杀|杀人|刀人|袭击|咬死|扎死|狙击)了?|(?:刀|杀|毒)了)"
        # told as a story: 被人投了毒, the poison / the blade fell on X (落在了 X 身上)
        r"|被[^，。]{0,3}?(?:投了?毒|下了?毒)|(?<=[毒药刀])落在了?"
        # a story's night: 没有回家, 离开了我们, 倒在了自家门口
        r"|没(?:有|能)回家|再也没有(?:醒来|起来)|(?:是怎么|就这么|突然)?不见(?:了|的)"
        r"|倒在了?[^，。]{0,6}?(?:门口|家中|床上|地上|路边|甲板上?|下面|底下|旁边|脚下|里|中|下|上|前|边)(?=\s*(?:[，。；！!,]|$))|停止了?呼吸|落入了?[^，。]{0,6}?海水?"
        # the night's killers' verbs told as a story (被狼叼走, 死于杀手刀下) and its labels
        r"|被(?:狼人?|杀手|凶手)[^，。]{0,3}?(?:叼走|拖走|抓走|掳走|撕碎|吃掉|害死|带走)|死于[^，。]{0,6}?(?:刀|枪|毒|杀手|狼|狙)(?:之?下)?"
        r"|(?<![被未没不])(?:狙击|狙杀|毒杀|刀杀|空针致死)(?=\s*[:：])"
        r"|遇刺|被(?:暗杀|刺杀|谋杀|杀害|灭口|割喉|勒死|掐死|害死)|惨遭毒手|遭(?:到)?(?:毒手|暗算|袭击|刀|杀|毒|狙|害)了?"
        r"|被[^，。]{0,3}?(?:割了?喉|捅死|刺死|砍死|打死|杀了)|(?:受害者|遇害者|遇难者|罹难者)\s*(?:是|为)?"
        # the killer's blow and its result (女巫用毒药毒倒了 X, 一刀砍翻 X)
        r"|(?:毒|刀|砍|狙)(?:倒|翻)了?"
        # 版杀7's doctor: two empty needles kill (连挨了两针空针, 挨了两针空针的是 X)
        r"|(?:连续|连)?(?:挨了?|中了?|被扎了?)\s*(?:两|2)\s*(?:针|次)\s*空针(?:的(?:是|为))?",
    ),
    (
        None,
        r"出局|死亡|阵亡|身亡|倒牌|倒下|淘汰|离场|被送别|送别|\bRIP\b|💀|☠|(?<![杀毒刀])死了"
        r"|(?<![杀毒刀生找送必该装])死(?=\s*(?:$|[。，,！!:：]))|(?<=\S)\s?(?:走(?:掉)?|没)了(?=\s*(?:$|[。，,！!]))|(?<=[夜晚])\s*走(?:掉)?了"
        # terse: 栗子 出。 死者：X
        # (a terse log whose spaces part its statements: 扬琴出 游戏结束 — not 出 局, 出 票)
        r"|(?:(?<=\s)|^)出(?=\s*(?:$|[。，,！!、:：（(]))|(?<=\S)(?<![选查指找推提派演说看显露交送拿取做打])出(?=\s+(?![局去来票牌手])\S)|死者\s*(?:是|为)?|死去(?:的)?(?:是|为)?"
        # the whole family of a story's deaths, how from the sentence (应声倒地, 没能挺过去,
        # 被扔下了船, 被海浪卷走, 再也没有回来, 没能看到第二天的太阳, 咽下了最后一口气)
        r"|(?:应声)?倒地|应声(?:而)?倒|没能?(?:熬|撑|挺|活|扛)(?:过|下)(?:去|来)|没能(?:看到|见到|等到)[^，。]{0,8}?(?:太阳|天亮|黎明|明天|早晨)"
        r"|被[^，。]{0,4}?(?:扔|丢|推|抛|踢|赶|掀|卷)(?:下|进|入|到|走|出)了?|再也没(?:有)?(?:回来|醒来|睁开)"
        # slang and dialect: 寄了, 嘎了, 凉了, 领盒饭, 被送走了; 四川话 遭了 (X 遭了: done for)
        r"|(?<=\S)\s?(?:寄|嘎|噶|凉|挂(?:掉)?|(?<=[\u4e00-\u9fff])遭)了(?=\s*(?:$|[。，,！!~～ㄋ…\s]))|领了?盒饭|被送走了?|被?整没了"
        # a life lost, its noun the object (丢了命, 没了性命, 把命丧, 把小命断送了): 命 taken away
        r"|(?<![差险])(?:丢|没|丧|断|送)(?:了|掉了?)\s*(?:小|性)?命|把(?:小|性)?命(?:丢|丧|断|送)(?:了|掉)?"
        # 文言: 夜毙 (the clause ends on 毙: 红袍夜毙。)
        r"|(?<=[\u4e00-\u9fff])(?<![击枪])毙(?=\s*(?:$|[。，,！!；;]))"
        r"|(?:(?<=\S)\s?|^)卒(?=\s*(?:$|[。，,！!]))"
        # leaving the theme's venue for good (退市, 下船, 退场): a verb of leaving (离 / 退 / 撤 /
        # 搬 / 下) with the venue's one-character object — the seat, the table, the lease, the
        # exhibit, the stage (离席, 退租, 撤展, 搬离, 下台) — or 移出 / 请出 a place
        r"|(?<![不未没无别])(?:退市|下船|退场|落水|离席|离桌|离队|退租|退房|退赛|撤展|搬离|搬走|下台)"
        r"(?![的了]?(?:规则|时间|前|之前|时))"
        rf"|(?<![被不未没无别])(?:移出|请出|请下|赶出|赶下)了?(?={_VENUE})"
        r"|丧命|殒命|毙命|丧生|葬身|牺牲|长眠|咽下了?最后一口气|断了气|与世长辞|一命呜呼|离开了?人世|命丧"
        r"|不治身亡|回天乏术"
        r"|(?:也)?(?:没能|未能|没有)幸免|冤死|难逃一劫|领了?便当|归天|去世|离世|逝世|告别了?(?:本局|游戏|舞台|这个世界)|遇难|死讯|噩耗"
        r"|离开了?(?:我们|这个世界|人世|人间)|永远(?:地)?闭上了?(?:双眼|眼睛)|再也没能(?:醒来|回来|起来|睁开)"
        r"|(?:出|死|走|走掉|倒下)的(?:是|为)|(?<=\S)的(?:尸体|遗体)|尸体\s*[:：]"
        # a label of loss heading its line (丢件：X, 遗失：X, 缺考：X): the theme's word for a
        # seat lost, by its head (丢 / 遗失 / 缺) — not a ballot's (丢票) nor one out of touch (失联)
        r"|(?:^|(?<=[\s】\]]))(?:丢|遗失|缺)(?![票钱分])[\u4e00-\u9fff]{0,2}?\s*[:：](?=\s*[^\s无没])"
        r"|被[^，。]{0,6}?(?:送|架|绑|押)上了?(?:跳板|船舷|锚链|刑场|绞刑架|断头台)"
        # 文言: X 殁, X 亡 (死亡 and 阵亡 above; 已亡 a state)
        r"|殁|(?<![死阵身伤逃灭存兴流])亡(?![命魂灵者故])"
        # (X 随风逝, X 溘然长逝, X 陨落; not time's 流逝 / 消逝 / 飞逝 / 逝去的)
        r"|(?<![流消飞])(?:长)?逝(?![世去者水])|陨(?:落|殁)|殒(?:落|殁)?(?!命)"
        r"|(?<![杀毒刀生找送必该装])死(?=\s*[（(])"
        # a force of the story takes the player away (被潮水带走, 被浪卷走, 被雾吞没): how is
        # not said (the post's layout or time tells it); a person's 带走 is the night's above
        # — and a bare 被带走 (X 被带走了): the slot tells it, a count beside it the ballot's
        r"|被[^，。\s]{0,4}?(?:带走|卷走|冲走|吹走|拖走|夺走|吞没|吞噬|吞掉|淹没)了?"
        # "no longer" + an act of living (没有再醒来, 再没出现, 没再回来): 再 says never again;
        # a plain 没有醒来 is a sleeper's
        r"|(?:没有?再|再也?没有?|再也不曾|再未)(?:醒来|醒过来|回来|出现|站起来|起来|睁开眼?|露面)"
        # failed to go on with the journey (没能登机, 没赶上船, 未能上车): the venue's leaving
        r"|(?:(?:没能|未能)(?:登机|登船|上船|上车|上飞机|上岸|过关|出关|晋级|赶上[^，。]{0,4}?(?:船|车|飞机|航班))"
        r"|没(?:赶|搭)上[^，。]{0,4}?(?:船|车|飞机|航班))(?:的(?:是|为))?",
    ),
]
_ELIM_RE = [(cause, lazy(p)) for cause, p in _ELIMINATED]
# the one followed out (跟着 X 走了): X, to be a player already out before it in the post
_FOLLOWING = lazy(
    r"(?:跟着|随着|跟随|追随)\s*(\S+?)\s*(?:一起|一道|一同)?\s*先?(?:走|去|离开|出局)"
)
# the night's guns (the sniper, the secret police), said before a shot's word: the death is
# the night's, not the hunter's
_NIGHT_GUN = lazy(r"狙击手|秘警|秘密警察|狙击|狙杀")
# a how a name's own bracket or a label states: 番茄（投票）、土豆（最后一枪）
_CAUSE_WORDS: list[tuple[str, re.Pattern[str]]] = [
    ("sent_off", lazy(r"红牌|罚下|淹(?!没)|浸死|潜水")),
    ("suicide", lazy(r"殉情")),
    ("night", lazy(r"狙击手|狙杀|秘警")),  # the sniper's shot is the night's
    ("night", lazy(r"被(?:狼人?|杀手)")),  # (被狼人击落: the wolves' act is the night's)
    ("hunter", lazy(r"最后一枪|猎人|开枪|枪")),
    ("night", lazy(r"夜|杀|刀|狙|毒|扎|\b(?:night|kill(?:ed)?|poisoned)\b", re.I)),
    # 连续未投票 is why a card was shown, not a vote-out
    (
        "vote",
        lazy(
            r"(?<![未没不弃])投|(?<![未没不弃投])票|放逐|替罪羊|\b(?:vote[ds]?|lynch(?:ed)?)\b",
            re.I,
        ),
    ),
]
_SHERIFF_SUBJECT = lazy(
    r"(?:当选|成为|担任)(?:了|为)?(?:本场|本局)?(?:的)?(?:新任|新的?)?\s*警长"
    r"|(?:被)?(?:选为|推选为|选举为|立为|推为)(?:了)?\s*警长|(?<![谁去来])(?:做|出任)(?:了)?\s*警长|(?:上任|就任|荣任)\s*警长"
    r"|(?:继任|接任)(?:为)?(?:新任|新)?\s*警长|(?:拿到|接过|获得|得到|接到|戴上|佩戴|别上|挂上)(?:了)?\s*警徽"
    # the spoken 当 with its result said (当上警长, 当了警长, 当警长了) — not a wish (想当警长)
    r"|(?<![想要谁去来会能该])当(?:上了?|了)\s*警长|(?<![想要谁去来会能该])当\s*警长(?=了|啦|咯|喽)"
    # the office's token taken (拿了警长的锣, 接过警长之印: s50 — the theme's badge)
    r"|(?:拿到|拿了|接过|获得|得到|接到)(?:了)?\s*警长[的之][\u4e00-\u9fff]{1,2}"
)
# a theme's words of command: leading a team (指挥, 带队, 领队, 领导, 统领) or the office
# itself (警长, 队长, 船长)
_COMMAND = r"指挥|带队|领队|领导|统领|统率|统帅|号令|[\u4e00-\u9fff]长"
_SHERIFF_OBJECT = lazy(
    # (a pause before the name: 移交给……斗彩)
    # (警徽归 X, 警徽落在了 X 手上, 警徽顺位给到 X, 警徽从 A 手里转到了 B)
    r"(?:警徽[^，。]{0,12}?(?:移交|转交|交|传|给|指定|选择|归|落|转|戴|别|挂|塞|放)(?:了)?(?:给|予|与|于|至|到|在)?(?:了)?"
    r"|(?:移交|转交)(?:了)?警徽(?:给|予)"
    r"|警徽\s*(?:移交|在)|警长\s*(?:职务|一职|之位)?\s*(?:改由|由)"
    # the office's arrow to its new holder (警长 → X: handed on)
    r"|警长\s*(?:→|->|=>|⇒)"
    # 警长交给 X, 其警长身份移交 X
    r"|警长(?:之位|身份|职位|职务)?\s*(?:随机)?\s*(?:移交|转交|交|传)(?:给|予|至)?(?:了)?"
    # 景泰蓝是警长，殉职移交给……斗彩 (the badge unnamed, the pause a director's)
    r"|殉职\s*[，,]?\s*(?:移交|转交|交)(?:给|予|畀|于)?"
    # 警长给 X, 文言 传位于 X, 粤 交畀 X; the office's token (警长的印子给了 X, 警长徽章给
    # X, 警长之印付 X, a theme's 警长件转交：X): the thing of the office given on
    r"|警长\s*给|传位(?:于|给|予)?|交畀"
    # (the token a compound noun too: 警长尺子交给 X — s50)
    r"|警长\s*(?:[的之]?(?![^，。]{0,2}?票)[\u4e00-\u9fff]{1,2}?|徽章?|件|印)\s*"
    r"(?:移交|转交|转寄|交|传|给|付)(?:给|予|与|于)?(?:了)?(?:给)?\s*[:：]?"
    # the office by the theme's word for its power of command (指挥权移交 X, 带队权交给 X,
    # 队长权): the one power a player hands on is the badge — never a right of a moment
    # or of every player (决定权, 选择权, 话语权, 使用权, 投票权, 发言权)
    r"|(?:" + _COMMAND + r")权\s*(?:移交|转交|交|传)(?:给|予|至)?(?:了)?)"
    r"(?:\s*(?:\.{3,}|…+))?"
)
# inside a fallen sheriff's bracket: (警长，殉职移交 Y), (警长，移交 Y), (殉职，警徽交给 Y); never
# one refused (不移交) or a recap's state (已移交 Y: a reminder of an earlier post)
_BRACKET_HANDOVER = lazy(
    r"(?:警长|殉职|警徽)[^）)不未没别已]{0,6}?(?:移交|转交|交给|传给)(?:给|予|于)?\s*[:：]?\s*"
)
# the badge won at the election (its votes, 高票, 当选) — not one left by a sheriff who went
_BADGE_WON = lazy(r"\d\s*票|高票|当选|竞选|选举|选出|推举")
_BADGE_LEFT = lazy(r"移交|顺位|殉职|遗|临死|临走|出局|死|遇害|被[刀杀毒投票]|从\S{1,12}?手")
# the office as the object of another verb (交给警长 X, 请警长 X, 由警长 X 决定)
_ADDRESSED = lazy(r"(?:交给|交由|给|请|让|由|听|问|等)\s*$")
_SHERIFF_STATUS = lazy(
    r"(?:今日|今天|当日|本日|现任|当前)?\s*警长\s*(?:大人|一职|之位)?\s*(?:(?:不变|未变|照旧|依旧)?\s*[:：]|(?:依旧|依然|仍然|仍|还)?(?:是|为)|(?=\S))"
)
_SHERIFF_NEW = lazy(r"新任警长\s*(?:[:：]|是|为)?")
# 警长 第1天 选出：X, 警长选举结果：X — elected, named after the office
_SHERIFF_ELECTED = lazy(
    rf"警长\s*(?:第\s*{_NUM}\s*[天日]\s*)?(?:选出|选举结果|竞选结果|当选者|选的是)\s*(?:是|为)?\s*[:：]?"
)
_SHERIFF_CHOICE = lazy(
    r"(?:(?:选择|指定)(?:了|的是)?)?(?:移交|转交|交)?给|(?:选择|指定)(?:了|的是)?|(?:由其|其)?(?:移交|转交)(?:于|予|畀)?"
)
_IDIOT_SUBJECT = lazy(
    r"(?:发动|翻开|亮出|使用)?\s*装傻(?:\s*(?:不死|免死|留场|不出局))?|翻牌\s*[:：]?\s*(?:为|是)?\s*白痴|"
    r"(?<![:：])白痴\s*(?:翻牌|亮牌)(?![:：])(?:\s*(?:不死|免死|留场|不出局))?|(?:的身份)?(?:是|为)\s*白痴"
    r"|翻(?:出|开)\s*白痴(?:牌|身份)?|亮(?:明|出)\s*白痴(?:牌|身份)?"
)
_IDIOT_OBJECT = lazy(r"白痴\s*(?=\S)|装傻\s*[:：]")
_PIPED_SUBJECT = lazy(
    r"(?:被|遭到|遭)\s*(?:管道|吹笛|迷惑)|(?:进入|患上?了?)\s*[【\[]?\s*(?:雏见泽|吹笛|管道)|处于\s*被?\s*(?:吹笛|管道)"
    # hit by the pipe (中了笛, 中笛): the passive in its verb of being struck
    r"|(?<![不没未])中了?\s*(?:吹笛|笛声|笛)(?!者)"
    # the names, then the state they are in (A、B 是 Lv.3; A 进入了 Lv.3)
    r"|(?:是|为|进入了?|处于|变成了?)\s*[【\[]?\s*(?:雏见泽综合症)?\s*Lv\.?\s*3(?!\d)"
    # the state reached, told after the name and ending its clause (X Lv.3, X 病发至 Lv.3, X
    # 出现 Lv.3 症状) — not a label (Lv.3：Y), a rule or a state passed on (Lv.3 限制, Lv.3 状态由)
    r"|(?:(?:病发|发病)\s*(?:至|到|升至|升到|达到|出现)?|(?:至|到|升至|升到|达到|出现))?\s*Lv\.?\s*3(?!\d)(?=\s*(?:症状)?\s*(?:[，。,；;（(！!]|$))"
    r"|继承了?\s*(?:其|他的?|她的?)?\s*(?:吹笛|管道)\s*(?:的)?\s*状态"
    # X 仍在笛声中: still under the spell
    r"|(?:仍然?|还|依然|依旧)\s*(?:在|处于)\s*笛声(?:之)?中"
)
_PIPED_OBJECT = lazy(
    # a label headed by the piping's word, whatever it adds (吹笛登记：X, 笛声：X, Lv.3 名单：X,
    # 吹笛新增：X) — not the piper (吹笛者：X); first, so the bare word does not take it
    r"(?<!被)(?:吹笛|笛声|笛音)(?!者)[^，。,:：\s（(]{0,4}\s*(?:[（(][^）)]{0,24}[）)])?\s*[:：]|笛声\s*[:：]|Lv\.?\s*3(?!\d)\s*[^，。,:：\s]{1,4}[:：]|"
    # 被吹笛的航班（…）：X, 被吹笛的小朋友今天只能学小猫小狗叫：X
    r"被(?:吹笛|管道)(?:状态)?的[^，。：:\n]{1,24}?[:：]|"
    # 被吹笛者 are the piped, 吹笛者 alone the piper (昨夜出局：吹笛者——X is a death)
    r"被(?:吹笛|管道)(?:状态)?的[^，。：:\s]{1,5}[:：]|被(?:吹笛|管道)(?:状态)?(?:的|者|角色|玩家)*(?:是|为|有)?"
    r"|(?<!被)(?:吹笛|管道)(?!者)(?:状态)?(?:的|角色|玩家)*(?:是|为|有)?"
    r"|(?:雏见泽综合症)?\s*Lv\.?\s*3\s*[）)]?\s*(?:的)?(?:是|为)?"
)
_UNPIPE = lazy(
    r"(?:吹笛者|管道工)\s*(?:已)?(?:出局|死亡)|自愈|吹笛状态(?:解除|取消)|解除(?:吹笛|禁言|静音)"
    r"|被(?:吹笛|管道)(?:者|的人|的玩家|的[\u4e00-\u9fff]{1,4}?)\s*(?:全部|全体|均|都)?\s*(?:恢复|醒来|清醒)"
)
# the night just passed, and the verbs of leaving the game's venue whatever the theme (离场,
# 退场, 下线, 下船, 落水, 停牌, 退市, 出局): a quiet night says no one left
_PAST_NIGHT = (
    r"昨夜|昨晚|昨[天日]\s*(?:晚上|夜里|晚黑)|昨暗|隔夜|(?<![\u4e00-\u9fff])前夜|夜里|夜间|一夜"
)
_LEAVING = r"离场|退场|下线|下船|落水|停牌|退市|出局|离开|死亡|死"
# 平安夜 is a quiet night, save the date (平安夜晚上十点关: Christmas Eve, a close)
_QUIET_EVE = r"平安夜(?!\s*(?:晚上|当天|那天|\d|[零一二两三四五六七八九十]{1,3}\s*[点时]|关|截止))"
_NO_DEATH = lazy(
    _QUIET_EVE
    + r"|(?:无人|没有人|没人|无玩家)[^，。,]{0,4}?(?:死亡|出局|被杀|倒下|死去|死掉|死(?=\s*(?:[。！!，,]|$))|殒命|丧命|出事)"
    # the night's loss in the theme's words of a thing lost or a seat empty (昨夜无包裹丢失,
    # 昨夜考场无人缺考, 夜间巡考：无人缺考) and the label of loss left empty (丢件：无)
    rf"|(?:{_PAST_NIGHT})[^，。,；;]{{0,4}}?(?:无|没有)[\u4e00-\u9fff]{{0,3}}?(?:丢失|遗失|缺(?![点陷少乏])[\u4e00-\u9fff])"
    r"|(?:^|(?<=[\s】\]]))(?:丢|遗失|缺)(?![票钱分])[\u4e00-\u9fff]{0,2}?\s*[:：]\s*(?:无|没有)(?=\s*(?:[。，,；;（(！!]|$))"
    r"|(?:昨夜|昨晚|夜里|夜)\s*[:：]?\s*(?:无事|无恙|太平)"
    r"|没有(?:任何)?(?:人|角色|玩家)[^，。,]{0,4}?(?:死亡|出局|被杀|倒下|死去)"
    r"|(?:昨夜|昨晚|今夜|本夜|夜里|夜晚|^\s*夜)[^，。,]{0,4}?平安(?!夜)"
    r"|(?<=[天日])\s*夜\s*[:：]?\s*平安(?!夜)"  # D3 夜 平安
    r"|(?:出局|死亡|被刀|被杀|遇害|倒下|落水|阵亡)(?:者|名单)?\s*(?:[（(][^）)]*[）)])?\s*[:：】|]\s*(?:无|没有人|无人)(?!\w)"
    # 夜：无。 昨夜没有人消失
    # (a terse log's space for the colon: 夜 无)
    r"|(?:^|(?<=[。！!；;\s]))(?:昨夜|昨晚|夜晚|本夜|夜)(?:\s*[:：]\s*|\s+)(?:无|无人|没有人?)(?=\s*(?:[。！!，,]|$))"
    r"|(?:^|(?<=[。！!；;\s]))(?:昨夜|昨晚|夜晚|本夜|夜)\s*[:：]\s*(?:无|0)\s*(?:人\s*)?(?:死亡|死|出局)"
    r"|(?:无人|没有人|没人)[^，。,]{0,4}?(?:消失|失踪|遇害|离开)"
    # no one got off the theme's vehicle or left its venue (无人下车, 没有人离席)
    r"|(?:无人|没有人|没人|无一人)[^，。,]{0,2}?(?:下(?:车|船|机|台|场|桌)|离[场席队团岛]|退场)"
    # in a director's English: RIP nobody (an RIP said of no one)
    r"|(?i:(?<![A-Za-z])RIP\s*[:：]?\s*(?:nobody|no\s*one|no-one|none)(?![A-Za-z]))"
    # the night with no one leaving, in the theme's own venue (昨夜无人离场, 昨晚没有人下船,
    # 隔夜无停牌, 昨夜离场：无, 昨夜翻牌：无); 没死人
    rf"|(?:{_PAST_NIGHT})\s*[:：]?\s*(?:无|没有|没)(?:任何)?(?:人|人员|玩家|考生|个股|乘客|小朋友|听众)?(?:{_LEAVING})"
    rf"|(?:{_PAST_NIGHT})\s*(?:{_LEAVING}|翻牌|伤亡|减员)\s*(?:者|名单)?\s*[:：]\s*(?:无|无人|没有人?|0)(?=\s*(?:[。！!，,（(]|$))"
    rf"|(?:{_PAST_NIGHT})\s*[:：]?\s*(?:无事|无恙|太平|无声|无风无浪|平静|安宁|静悄悄)"
    r"|(?:没|无|冇)(?:有)?死人|(?:昨夜|昨晚)\s*[:：]\s*(?:quiet|none|nobody|no\s+one|peaceful)(?![A-Za-z])"
    r"|一夜无事|平安(?:地)?度过|无人?伤亡|全员(?:存活|生还)"
    # the night passed with no stir (昨夜没有动静, 凌晨无动静, 夜里风平浪静)
    r"|(?:昨夜|昨晚|夜里|夜间|夜晚|凌晨|半夜|深夜)[^，。,；;]{0,3}?(?:没有?(?:任何)?|无)\s*动静|(?:昨夜|昨晚|夜里|凌晨)\s*风平浪静"
    # the story's words: 所有人都安然醒来, 浪头没有带走任何人, 全船平安
    r"|(?:所有人|全员|众人)都?(?:安然|平安)?(?:地)?醒来|没有带走(?:任何人|一个人)|(?:全村|全船|全员)平安(?!夜)"
    # the night's slot and an empty player's, whatever the theme's verb or label (昨夜无人中签,
    # 昨夜借出：无, 夜间：死亡 → 无, 昨晚没有来宾离席, 夜无亡者) — not a label of another kind
    # (昨夜被吹笛：无, 夜间行动：无, 昨夜违纪离场：无)
    r"|(?:昨夜|昨晚|昨宵|昨[天日]夜里|夜间|夜里|本夜|(?<![\u4e00-\u9fff])夜)(?:\s*[:：])?"
    r"(?![^，。,；;]{0,8}?(?:吹笛|笛|Lv|警|替补|加速|延时|申请|票|发言|行动|遗言|技能|查验|守护|违纪|违规|红牌|罚|淹|潜水))\s*"
    r"(?:[^，。,；;:：→]{0,5}(?:[:：]|→|->)\s*(?:无|0|没有)(?=\s*(?:[。，,；;（(！!]|$))"
    r"|(?:无人|没有人|没人|无一人)[^，。,；;]{0,4}?(?=\s*(?:[。，,；;（(！!]|$))"
    r"|没有[^，。,；;]{1,3}?(?:离场|离席|离开|出局|死|亡|倒下|退场|下车|下船))"
    r"|(?<![有])无(?:亡者|死者)"
    # (issue 34, s49) the night's slot said empty in the theme's words, whatever follows the
    # 无 (昨夜：无顾客退单, 昨晚：没有人掉线) — not a slot of another kind; the night's account
    # ending on its outcome in a clause of its own (昨夜：锅里没动静，平安); everyone said safe
    # (昨晚大家都安全到家)
    rf"|(?:{_PAST_NIGHT})\s*[:：]\s*(?:无|没有)"
    r"(?![^，。,；;]{0,10}?(?:吹笛|笛|Lv|警|替|补|加速|延时|申请|票|发言|行动|遗言|技能|查|验|守|违|红牌|罚|淹|潜水))"
    r"[\u4e00-\u9fff]{1,10}(?=\s*(?:[。，,；;（(！!]|$))"
    rf"|(?:^|(?<=[。！!；;\n]))\s*(?:{_PAST_NIGHT})[^。！!；;？?]{{0,16}}?[，,]\s*(?:平安|安全|无事)(?=\s*(?:[。！!；;，,]|$))"
    rf"|(?:{_PAST_NIGHT})\s*[，,]?\s*(?:大家|所有人|全员|全体|各位)\s*都?\s*(?:平安|安全|安然)"
)
# the 加速 requests by their count, a theme's word of up to four characters between (加速看房
# 申请, 加速请求人数), never the delay's (加速或延时申请)
# (… or the theme's early close asked: 提前交卷申请 4/7 — what asks the day closed earlier is a 加速)
_REQUESTS = r"(?:加速|提前(?=[\u4e00-\u9fff]{0,4}?(?:申请|请求)))(?:(?!延|或)[\u4e00-\u9fff]){0,4}?(?:申请|请求)(?:人数)?\s*[:：]?"
_ACCELERATED = lazy(
    # 加速的人数刚好是存活人数的一半 / 加速申请已过半: the count reached, not a rule
    r"加速(?:的|申请)?(?:人数)?[^，,。？?]{0,10}?(?:刚好|已经?|凑够了?|达到了)[^，,。？?]{0,10}?(?:一半|半数|过半)(?![^，,。]{0,4}(?:即|就|则|才))|"
    r"加速\s*(?:成功|成立)|加速\s*[:：]\s*(?:已经?)?\s*(?:通过|成功|成立|生效|批准)"
    # the close said to be the acceleration's (关门（加速）, 截票(加速))
    r"|(?:关门|关帖|截止|截票|结算|关)\s*[（(]\s*加速\s*[）)]|执行加速|进入加速|(?:今天|今日|本日|昨天|昨日)\s*[（(]\s*加速日?\s*[）)]|(?:自动|直接|视为|通过)加速|加速(?:申请)?通过|加速(?:日|局|轮|场|期)(?![^，,。]{0,4}(?:规则|需|须|要求))|加速生效"
    # (… or a 环节 of the day: 第二天第一盘加速, 今天环节二加速 — 版杀7's round)
    rf"|(?:今天|今日|本日|昨天|昨日|第\s*{_NUM}\s*[天日])\s*(?:第\s*{_NUM}\s*(?:盘|环节)|环节\s*{_NUM})?"
    rf"\s*(?:[（(][^）)]{{1,6}}[）)])?\s*(?:是|为)?\s*(?:执行|进入|开始)?加速(?![申的人])"
    # a past day recalled by its acceleration (昨天下午加速那轮, 前天加速那天)
    r"|(?:昨天|昨日|前天)[^，,。？?]{0,4}?加速(?:的)?那(?:一)?(?:轮|天|日)"
    # the day's close brought forward (第三日提前于二十时关帖): what an acceleration is
    rf"|(?:今天|今日|本日|第\s*{_NUM}\s*[天日])\s*(?:的)?(?:关帖|关门|截止)?(?:时间)?\s*提前(?:到|至|于)"
    # done, or the close it brought (加速已成, 加速至 18:00 结算, 加速申请 passed); a day's
    # label or a result's bracket that says it (第5天：加速结算（18:00）, 放逐 X（加速，…结算）)
    r"|加速已经?成|加速(?:至|到)\s*(?:\d|[零一二两三四五六七八九十]{1,3}\s*[点时])"
    # the outcome as a clause of its own beside the requests' count (申请的人过半，加速了;
    # 一半了，加速了), or with the day as its subject (今天加速了); not said of the talk or
    # a server (发言节奏，加速了) — or the day said to be one (今天是加速的)
    r"|(?:申请|请求|人数|[\d一二三四五六七八九十]\s*/\s*[\d一二三四五六七八九十])[^。！!？?；;]{0,12}?"
    r"(?:过半|一半|半数|够了|满了)了?\s*[，,]\s*(?:已经?|就|也)?\s*加速了(?=\s*(?:[，,。！!；;~～]|$))"
    r"|(?:今天|今日|本日)\s*(?:已经?|就|也)?\s*加速了(?=\s*(?:[，,。！!；;~～]|$))"
    r"|(?:今天|今日|本日)\s*(?:是|为)\s*加速的(?![人申])"
    r"|(?:加速|[Aa]ccelerat\w*)\s*申请\s*(?:已经?)?\s*(?:通过|passed)|加速\s*\d{1,2}\s*/\s*\d{1,2}\s*通过"
    rf"|(?<=第)\s*{_NUM}\s*[天日]\s*[:：]\s*加速(?!申请|的人|需|要|请求)|[（(]\s*加速\s*(?=[，,）)])"
    # the requests' count said to reach half, in the next clause too, the theme's word
    # between (加速看房申请：5/9，超过一半): 030 / M39 申请人数大于等于存活人数的一半即判定加速成功
    # (the living counted in a clause between: 加速申请五人，存活八人，超过半数)
    rf"|{_REQUESTS}[^，,。？?不没未差需须要才]{{0,8}}?[，,]?\s*(?:存活[^，,。？?不没未]{{1,6}}[，,]\s*)?(?:已经?|刚好)?\s*"
    r"(?:(?:超过|超出|达到?了?|够了?|满了?|大于等于|不少于|到了?)\s*(?:一半|半数|二分之一)|过半|半数以上)"
    r"(?![^，,。]{0,4}(?:即|就|则|才))"
    # a grant said with its object (准许加速, 批准加速)
    r"|(?<![不未没])(?:准许|批准|准予|同意)\s*加速"
)
# X 胜利 / X 获胜, and a bare X 胜 ending its clause (狼胜。 杀手胜。)
_GAME_OVER = lazy(
    r"游戏(?:结束|完结|完(?=\s*(?:$|[。！!，,])))|(?:本场|本局|游戏)[^，,。！!]{0,24}?到此结束|(?P<winner>[^，,：:。！!\s]{2,12}?)(?:胜利|获胜|胜出|笑到最后)"
    r"|(?:本局|全局|本场)(?:终|完|结束|交易结束)(?=\s*(?:$|[。！!，,]))|终局|全剧终"
    r"|(?P<short>[^，,：:。！!\s]{1,6}?)\s?(?:胜|赢)(?:麻了?)?(?=\s*(?:$|[。！!，,（(]))"
    # 好人集团，胜利。 / a table's row 胜利阵营 狼人阵营
    r"|(?P<apart>[^，,：:。！!\s]{2,8})[，,]\s*(?:胜利|获胜)(?=\s*(?:$|[。！!]))"
    r"|^\s*(?:胜利|获胜)(?:阵营|方|者)\s+(?P<row>[^，,。！!\s]{1,12})\s*$"
    r"|(?:胜利|获胜)(?:阵营|方|者)?\s*[:：]\s*(?P<label>[^，,。！!\s]{1,12})"
    r"|(?P<won>[^，,：:。！!\s]{2,10}?)(?:赢了|赢麻了?|赢得了?(?:胜利|游戏|本局|比赛))"
)
_WINNER_GROUPS = ("winner", "short", "label", "won", "apart", "row")
# after an event word: a time clause (罚下前, 被罚下时) or a state (已出局) is no event
# (被刀未死: the attempt failed)
# the out a day owns (昨天的出局, 第二日（周日）的出局是): that day's vote, not a night's
_DAYS_OUT = lazy(
    rf"(?:昨[天日]|第\s*{_NUM}\s*[天日])\s*(?:[（(][^）)]*[）)])?\s*的\s*(?:出局|放逐)"
)
_OUT_BRACKET = lazy(r"出局|死亡|已死|淘汰")
_NOT_NOW_AFTER = lazy(
    r"^(?:前|之前|时|后\s*(?:的)?\s*(?:禁票|禁言|不能|不可|无法|可以|须|需)|的话|与否|除外|\s*(?:未|没|不)死|未遂|未果|失败)"
)
_STATE_BEFORE = lazy(r"(?:已经?|早已|早就)$")
# a role, not a player, before the word (吹笛者出局: the piper's spell ends)
_ROLE_BEFORE = lazy(r"(?:者|猎人|白痴|狼人|预言家|女巫|村民|杀手|警察|警长|情侣|阵营)$")
# a form of address said before a name (淘汰：选手 木槿, 请 X 同学离开): part of the name's
# slot, never a word of the clause
_ADDRESS = r"同学|先生|女士|小姐|老师|选手|玩家|乘客|旅客"
# what may stand between a name and the word it does (a bracket, a time, a manner)
_SUBJECT_GAP = lazy(
    r"^(?:\s|[（(][^）)]*[）)]|[:：]|—+|…+|已|于[^，]{0,8}?|在[^，]{0,6}?|以[^，]{0,8}?|昨[日天夜晚]|今[日天早]"
    r"|本[夜日]|当[夜晚日]|夜里|夜(?=$)|白天|晚上|夜间|昨晚|前[天夜]|被|遭|也|均|都|俱|皆|全都|实|确|是|则|便|又|亦|一并|一同|一起|随之|随即|立即|直接|同时|先后|相继|双双|一齐|齐齐|分别|因[^，]{0,6}?|触发|须|当场|"
    rf"{_NUM}\s*[个人位名]|\d+(?:\.\d+)?\s*票|\d{{1,2}}\s*/\s*\d{{1,2}}(?=\s*(?:票|出局|$))|(?:得到?|获得?)\s*{_NUM}\s*票|{_NUM}\s*票|\d{{1,2}}(?=\s)|上午|下午|中午|凌晨|傍晚"
    r"|(?<![A-Za-z])(?:is|was)(?![A-Za-z])|(?:票数|得票)?过半|最高票|没能|终于|不幸|依规则|将|的情侣|选择|应声|就"
    # a story's manner before its death word (随风逝, 溘然长逝, 含恨离场)
    r"|随风|含恨|含冤|悄然|黯然|溘然|猝然|默默|静静|仍然?|依然|依旧|同样|照样|正好|恰好|正"
    # the name's apposition: a form of address or a demonstrative's noun (X 旅客被请下飞机,
    # X 这件展品昨夜已撤展, X 这位客人)
    rf"|{_ADDRESS}|[这那](?:位|名|个|件|只|头)[\u4e00-\u9fff]{{0,3}}?(?=[\u4e00-\u9fff\s]))*$"
)
_OBJECT_GAP = lazy(
    rf"^(?:[了的者是为有只仅】\]]|俩|仨|应该|应|目前|现在|仍然|依然|仍|还|名单|角色|玩家|顺序|对象|目标|结果|{_NUM}\s*[个人位名]|\s|[:：]|[（(][^）)]*[）)]|…+|\.{{2,}}|—+"
    # the role told before the name (出局：吹笛者（不公示身份）——X)
    r"|吹笛者|猎人|白痴|狼人|预言家|女巫|村民|杀手|医生|秘警|警察"
    # the office or a form of address before the name (昨夜遇害者：警长 X, 淘汰：选手 X)
    # (and a reporter's frame: 遇害——据悉为 X)
    rf"|警长|据悉|据报|{_ADDRESS})*$"
)


# a sentence the director corrects mid-way (烧卖昨夜……不，今天夜里): read, and listed
_SELF_CORRECTED = lazy(
    r"[^。！!；;\n]*(?:…+|\.{3,}|—+|-{2,})\s*(?:不[，,。！!]|不对(?![外劲称])|不不|说错)[^。！!；;\n]*"
)
# when a gloss says the player went (X 没来上班（昨晚出局了）, X（第1日投票）): the night, a
# day, a 环节 — read with the event's word it stands before
_GLOSS_WHEN = rf"昨晚|昨夜|昨[天日](?:晚上|夜里)?|夜里|夜间|今晨|第\s*{_NUM}\s*[天日夜](?:\s*环节\s*[一二三123])?"
# the how a bracket gives a name under a label in the theme's words (注销：X（昨夜）, Y（亢宿
# 猎人枪）, Z（环节二，过半）): when, then the way out, in the director's plain words
_GLOSS_HOW = (
    r"(?:被)?(?:投票|票出|投出|票|公投|放逐|过半|狼刀|刀|杀手|杀|毒|狙杀|狙|猎人枪|猎人带走|枪杀|枪"
    r"|殉情|红牌|罚下|淹死|夜间|夜里|夜)"
)
_GLOSS_CAUSE = lazy(
    rf"(?:(?:{_GLOSS_WHEN}|环节\s*[一二三123])\s*[，,、]?\s*)?{_GLOSS_HOW}(?:\s*[，,、]\s*{_GLOSS_HOW})?"
    r"|昨夜|昨晚"
)
# The day's close brought forward (issue 34, s49; seed 001 申请加速或延时的人数大于等于存活人数的
# 一半，即判定加速或延时成功; seed 000 申请加速的玩家超过所有存活玩家的二分之一则游戏进程加速):
# read by what it does to the day, whatever the theme calls it — the requests to close early
# counted at half the living or more (提前退场申请 5/8 通过), or the close said to come early
# (a day's header or bracket that says it: 【提前散场】, 第4日（提前打烊）).  A count short, a
# rule, a supposition or a question is none; so is a close the director brings forward on his
# own (今晚有事，关帖提前到 21:00 — seed 000 导演有权…对时间临时做出调整: moved, no 加速).
_EARLY_COUNT = lazy(
    r"(?:加速|(?:提前|提早|早(?![上晨饭安点]))[\u4e00-\u9fff]{0,4}?(?=[\u4e00-\u9fff]{0,4}?(?:申请|请求)))"
    r"(?:(?!延|或)[\u4e00-\u9fff]){0,4}?[^，,。？?\n\d]{0,10}?(\d{1,2})\s*/\s*(\d{1,2})"
)
# the count's outcome said beside it (通过, 已满, 达到, 够了, 成了, ✅): the request granted
_COUNT_GRANTED = lazy(r"通过|已满|满了|满\s*\d|达到|达成|够了|凑齐|成了|成功|生效|过半|半数|✔|✅|☑")
_EARLY_HEAD = lazy(
    r"[【\[（(]\s*提前[\u4e00-\u9fff]{1,3}\s*[】\]）)]"
    rf"|第\s*{_NUM}\s*[\u4e00-\u9fff]\s*[（(]?\s*提前[\u4e00-\u9fff]{{1,3}}(?=\s*(?:[（(）)\s，,。！!]|$))"
    # the accelerated day or hour by its name (加速的这一场, 加速的三点半到了)
    r"|加速(?:已经?|就)?成了|加速的\s*(?:这|那|今)|加速的\s*(?:\d|[一二两三四五六七八九十]{1,3}\s*点)"
)
# 提前 + a word of telling or preparing (提前通知, 提前预告, 提前说明, 提前请假): done ahead of
# time, not the day closed early
_EARLY_NOTICE = lazy(
    r"提前(?:通知|预告|告知|告诉|说|讲|公布|公示|宣布|发布|提醒|剧透|透露|安排|准备|报名|请假|预约|打招呼"
    r"|投票|投|发言|发|开|上线|到场|进场|入场|签到)"
)
# what makes a sentence the rule rather than the day's news (需过半, 即可, 则提前), and a
# rules post by its head (【…须知】, 规则, 说明)
_RULE_SAID = lazy(r"需|须|规则|即可|即为|则|方可|才能|才可|可以|如果|若|的话|之后每")
_RULES_HEAD = lazy(r"^[^\n]{0,20}?(?:须知|规则|规矩|说明|章程|玩法|简章)")
_NOT_EARLY = lazy(
    rf"{SUPPOSING}|不|没|未|无法|不能|别|需|须|可以|可|规则|才|则|即|如|或|能否|是否|谁|吗|[？?]"
)
# the acceleration said to fail after its word (加速没过（5/12）, 未通过, 不够半数, 今晚照关)
_EARLY_FAILED = lazy(
    r"^[^，,。；;]{0,4}?(?:没|未)(?:有|能)?(?:通)?过|不够|未够|未达|没达|没成|未成|照(?:常|旧)?关"
)
# the idiot staying after his reveal (不出局, 留在场上, 以后没票权: seed 000 装傻 避免出局，…不能
# 参与投票)
_STAYS_IDIOT = lazy(
    r"不出局|不死|免死|没死|留在|留场|留下|继续|没票|无票|不能投票|不可投票|不能再投|失去投票|票权|投票权"
)
# a round in a theme's unit (第2期, 第3场, 第4轮): the game's day N, as the label reads it
_ROUND_N = lazy(rf"第\s*({_NUM})\s*(?:期|场|轮|回|趟|站|幕)")
# a card turned to show the idiot (翻牌——白痴, 翻开身份：白痴, 亮出底牌是白痴): seed 000 装傻
_REVEAL = lazy(
    r"(?:翻|亮|掀|揭|摊)(?:开|出|明)?了?\s*(?:底牌|身份牌|身份|牌)\s*(?:[:：—\-–→>…~～!！]+|是|为|[，,])?\s*"
    r"(?:是|为)?\s*[【\[]?白痴"
)
# a count after a name (番茄 4 票, 南瓜 4（含警长2）, 番茄、豆浆各3票)
_COUNTED = lazy(
    # (a tie said in words: X 和 Y 一样多票, 同票, 票数相同)
    r"\s*(?:一样多的?票|同票|票数(?:相同|一样))|"
    r"\s*\|?\s*[:：]?\s*(?:都是|均为|都|均)?\s*(?:得票|票数)?\s*(?:各\s*)?"
    r"(?:\d+(?:\.\d+)?\s*(?:票|[（(]|$|[,，、。;；/|])|[一二两三四五六七八九十半]+\s*票)"
)
# a majority said reached on a count's line (过半, 超过半数), not short of one (未过半)
_MAJORITY = lazy(r"(?<![未没不有])(?:过半|超过(?:一半|半数)|半数以上)")
# a label over who cast no ballot (没有投票：X, 未投票：X, 弃票：X): the count's, no event
_NO_BALLOT = lazy(r"\s*(?:没有投票|没投票|未投票|未投|弃票|弃权)(?:的(?:有|是))?\s*[:：]")
# the words of the game's events, broadly: a line naming a player beside one and read as
# nothing is listed (未读懂的公告), never passed in silence; with the notice words, a story's
# (回家, 离开, 不见, 醒来) and a preset's own words for the piped (the rule set's 喵喵 / 咪啪
# … are words a line cannot be read without)
_EVENTFUL = lazy(
    r"出局|死|亡|杀|刀|狙|毒|投出|投死|放逐|警长|警徽|移交|殉职|当选|继任|替|顶|接替|吹笛|Lv\.?\s*3|装傻|白痴|红牌|罚下|殉情"
    r"|枪|带走|倒|平安|走了|遇害|呼吸|淘汰|离场|送别|扎|回家|离开|不见|醒来|消失|喵|汪|咪|组|名单"
    r"|走出|送出|押上|押到|推下|赶出|逐出|出现|笛声|笛音"  # a story's vote-out, death, piping
    r"|被|昨夜|昨晚|夜里|过半|半数"  # done to the player, the night, a 版杀 majority
    r"|(?<![A-Za-z])(?:out|dead|died|killed|RIP|home|gone|left|lynched|eliminated|executed|sub"
    r"|replaces|sheriff|badge|piped|idiot|wins?)(?![A-Za-z])",
    re.I,
)


def roster_only(players: Sequence[str], text: str) -> bool:
    """The post names the whole roster and says no word of an event or a notice beside it
    (今日出镜嘉宾（按报名顺序）：A B C …, 玩家顺序：1A 2B …): the cast, not an event."""
    said = fold(text)
    if len(players) < 2 or not all(fold(p) in said for p in players):
        return False
    for p in sorted(players, key=len, reverse=True):
        said = said.replace(fold(p), " ")
    return not (_EVENTFUL.search(said) or _rx.search(r"票|出局|警长|替补|存活|活着", said))


# a name that does something rather than undergoes it (番茄为猎人，开枪…; 警长豆浆投给…;
# 南瓜殉职，警徽给了…; 芝麻是吹笛者): no item is about it, and none is missing
_ACTOR = lazy(
    r"\s*(?:[（(][^）)]*[）)])?\s*(?:为|是|乃|系|殉职|选择|投给|投了|投的是|开枪|发动|把|将|的(?![^，。,]{0,8}被)|"
    # (已 / 也 before a word of leaving is the event, done or shared: X 也已离开我们, X 已经出局)
    r"仍|依然|继续|存活|可以|(?:已|也)(?!\s*(?:已|经|也)*\s*(?:出局|离开|离场|退场|死|阵亡|遇害|遇难|牺牲|倒下|淘汰|被|殉))|申请|请"
    # (not a story's death: X 没有醒来, X 再也没回来, X 没有出现在早饭桌边)
    r"|(?:没有|没|未|不)(?!有?\s*(?:再|能)?\s*(?:醒|回来|回家|起来|出现|呼吸|睁眼|说话|挺过|撑过|熬过))"
    # the player's own vote (豆浆投票超时无效), not a vote-out (豆浆投票出局)
    r"|投票(?!\s*(?:出局|放逐|淘汰|处决))"
    # a role said after the name (核桃 猎人，枪 腰果): who the player is, no event
    r"|(?:猎人|白痴|女巫|预言家|狼人|村民|杀手|医生|警察|秘警|吹笛者)(?=\s*(?:[，,。；;]|$)))"
)
# what is left of a clause after an event's word that points to what follows (是——, 为：,
# ……): its player is on a later line
_DANGLING = lazy(r"[^，。,！!？?]{0,6}?(?:是|为)?\s*(?:—+|…+|\.{3,}|[:：])\s*$")
# the verbs of standing in for a player (由 X 接替); 代 + the theme's activity too (由 X
# 代课, 代班, 代发言 — not 代表, nor one act done for a player who keeps the seat: the
# proxy's vote 代投, a post 代发, a chore 代劳)
# … and the written style's taking up of the seat (其席由替补 X 承之, 由 X 继其位)
# a bracket telling how a player went out (（昨夜被刀）, （投票）): a death, no seat given back
_HOW_SAID = r"\s*[（(][^）)]{0,12}?(?:被|刀|杀|毒|死|遇害|昨夜|昨晚|投票|放逐)"
# (代 + one act for a player who keeps the seat — a proxy's vote, a post, a chore — or 代表)
_PROXY_ACT = r"[表价投劳]|发(?!言)"
_STANDS_IN = (
    r"接替|顶替|替补|代替|替换|代打|暂代|代为|接手|接管|顶|代(?!" + _PROXY_ACT + r")[\u4e00-\u9fff]"
    r"|(?:承|继|补)(?=之|其|[席位座缺])"
)


# the lover named before the player (她的恋人 X, X 的情侣 Y): a death with no word of how
# is the lover's following (殉情, seed 030 / M107 情侣)
_LOVER_BEFORE = lazy(r"(?:恋人|情侣|爱人|伴侣|另一半)\s*$")
# a name after a relative clause of what was done to the player (昨天投票出去的 X 是狼,
# 被放逐的 X 是猎人): the player underwent it — the role said after is no act of theirs
_UNDERGONE = lazy(
    r"(?:" + _EVENTFUL.pattern + r"|投|出去|下台|送走|离开|退出)[^，。,的]{0,6}的\s*$", re.I
)
# a sentence saying a player lives or is well again (冬瓜 活, Lv.1：冬瓜（恢复正常发言）)
_ALIVE = lazy(r"活(?!动)|恢复|Lv\.?\s*[12](?!\d)", re.I)
# a sentence naming players with no event of theirs: candidates, a tally's row, honours,
# last words, a status carried over, a rule, a request, a player's own ballot (see
# Patterns._unaccounted)
_NOT_AN_EVENT = lazy(
    r"对象|可疑者|候选|对决|辩论|(?<![A-Za-z])vs\.?(?![A-Za-z])|MVP|遗言|身份|继承|承接|规则|[|｜]\s*\d"
    r"|平票|tie|请(?![假出走离])|(?<![天日])的投票|投给|改票|弃票|(?:投票|票)(?:有效|无效|作废)"
    # (a ballot made void, or cast late or kept: the vote book's — 无效票, 维持投 X, 十点36分
    # 先投; not 未投票, a card's reason that may end in a 罚下)
    r"|无效票|废票|(?:维持|改|先|才|后)投(?![出死票])",
    re.I,
)
_NOT_A_MANNER = lazy(r"者|直到|等到|之前|人")
# the count's top as a sentence's subject (最高票出局, 得票最多的出局, 票数过半的直接出局)
_TOP_LEAD = lazy(r"(?:得票最多|票数最多|票数最高|最高票|票最多|高票|过半)的?\s*$")
# … those that undo the whole sentence, whatever clause they are in: a tie, the candidates
# (平票，X、Y 进入对决), a rule, last words, a player's own ballot made void
_UNDONE_ALONE = lazy(r"平票|tie|对决|辩论|候选|对象|可疑者|规则|遗言|身份|继承|承接|MVP|vs", re.I)

# the words of a notice, in Chinese and in a director's English shorthand: a director's
# post that holds one outright and from which nothing was read is listed (未读懂的公告)
NOTICE_WORDS = lazy(
    r"游戏结束|到此结束|本局终|本局结束|终局|胜|败|笑到最后|平安|死|出局|当选|替补|警长|警徽|吹笛|装傻|白痴|红牌|罚下"
    # 加速 / 延时 with an outcome or a day, not a rule about them (加速需过半数申请)
    r"|加速(?:成功|成立|生效|通过|日|了)|(?:今天|今日|本日|明天|明日|第\s*\d+\s*[天日])\s*加速"
    r"|延时(?:成功|成立|生效|通过|了)|(?:延长|推迟|顺延|延)(?:至|到)|不关门"
    r"|淘汰|殉情|放逐|(?<![A-Za-z])(?:out|dead|died|killed|RIP|game\s*over|wins?|won|sub|DDL"
    r"|deadline|delay(?:ed)?|accelerat\w*|peaceful|sheriff|badge|piped|idiot)(?![A-Za-z])",
    re.I,
)
# a side of the game named (狼人阵营, 好人集团): a post nothing was read from that names one
# speaks of the game's state, whatever its verb (冲线, 占了半桌) — listed, never passed
FACTION_SAID = lazy(r"[\u4e00-\u9fff]{1,4}(?:阵营|集团)")
# what a word promises: a winner (X 胜, village wins), an acceleration granted, a delay
# granted with its new close; a sentence that says it and became no such item is listed
_WIN = lazy(r"(?<![获决优全必])胜(?![负率算任出券])|(?<![A-Za-z])(?:wins?|won)(?![A-Za-z])", re.I)
_ACCEL_DONE = lazy(r"加速(?:成功|成立|生效|通过)|(?<![A-Za-z])accelerated(?![A-Za-z])", re.I)
_DELAY_DONE = lazy(
    r"延时(?:申请)?(?:成功|成立|生效|通过)|算是延时|不关门|新关帖|(?<![A-Za-z])delay(?:ed)?(?![A-Za-z])",
    re.I,
)
# the cause of a death in a bracket after a name alone on its line (- X (夜), X（杀手）)
_DEATH_IN_BRACKET = (
    r"(?:夜|night|杀|刀|毒|狙|snip|kill|票出|投出|投票|vote|殉|扎|淹|红牌|枪|shot|poison)"
)
_ASKS_OR_TIES = lazy(r"[？?]\s*$|平票")

# the words of each kind of event, in any voice (a plain director's, a shorthand's, English):
# a sentence saying one in a post that gave no item of its kind is listed (never silent)
_KIND_WORDS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("accelerated", lazy(r"加速|提速|speed\s*-?up|accelerat", re.I)),
    (
        "delayed",
        lazy(r"延时|延迟|延长|推迟|延至|延到|顺延|extend|extension|postpone", re.I),
    ),
    ("idiot_revealed", lazy(r"白痴|装傻|idiot", re.I)),
    (
        "substitute",
        lazy(
            r"替补|顶替|接替|接手|顶上|代打|stands?\s+in|in\s+for|(?<![A-Za-z])sub(?![A-Za-z])",
            re.I,
        ),
    ),
    (
        "sheriff",
        # a badge that changes hands, not the sheriff's vote (含警长 2 票) nor a role
        lazy(
            r"(?:警长|警徽|sheriff|badge)[^。]{0,12}?"
            r"(?:移交|(?<!投)交给|交接|继任|接任|接过|传给|留给|(?<!投)给了|hand|pass|goes\s+to)"
            r"|(?:新警长|new\s+sheriff|当选|戴上)[^，。,]{0,4}",
            re.I,
        ),
    ),
    (
        "no_death",
        lazy(
            r"平安|无人(?:死|出局|倒下|遇害)|没(?:有)?人(?:死|出局|倒下)|谁都没|一个不少|无一伤亡"
            r"|no\s+(?:death|kill|one\s+died)|nobody\s+died|zero\s+deaths?",
            re.I,
        ),
    ),
    (
        "game_over",
        lazy(
            r"获胜|胜利|胜出|赢了|赢麻|游戏结束|GG(?![A-Za-z])|game\s*over|(?<![A-Za-z])wins?(?![A-Za-z])|阵营胜|[方队]胜",
            re.I,
        ),
    ),
    ("piped", lazy(r"(?!x)x")),  # the grammar's own piped words (self._piped_said)
)
# a sentence that states nothing yet: a request, a supposition's frame, a count short, a
# rule explained, a status unchanged, a correction that takes it back
_NOT_STATED = lazy(
    r"申请(?![^，。]{0,12}(?:过半|通过|成功|执行|生效|够|足|满|达|齐))|还差|不够|未过半|没过半|not\s+passed|没成"
    r"|规则|规矩|说明|意思|即为|如下|不变|unchanged|照常|照原|仍是|仍为|依然是|还是"
    r"|撤回|作废|忽略|误发|无效|不算|not\s+enough|保持"
    r"|如有|另行|上一局|上局|前局|last\s+(?:game|season)",  # another game's
    re.I,
)
# a request's count (加速申请 5/9, 延时 4/8): N of M living
_COUNT = lazy(r"(?:加速|延时|延迟)[^，,。？?\d]{0,8}?(\d{1,2})\s*/\s*(\d{1,2})")
_SHORT = lazy(
    r"不够|不足|未过半|没过半|没有过半|未达|没达到|还差|差[一两二三四五1-5]|失败|没成|未通过|不成|不算|不到|未到|没到"
)


def _count_reached(sentence: str) -> bool:
    """The sentence counts 加速 / 延时 requests at half the living or more (5/9, 4/8) and
    says no shortfall: the request succeeds (030 / M39 申请人数大于等于存活人数的一半，即判定
    加速或延时成功) — a statement, never passed in silence when no item of it was read."""
    m = _COUNT.search(sentence)
    if m is None or _SHORT.search(sentence) or _SUPPOSE.search(sentence):
        return False
    n, of = int(m.group(1)), int(m.group(2))
    return of > 0 and n <= of and 2 * n >= of


# what a kind's word says when it is no event of this post: the result of an accelerated
# or delayed day (加速结算, 延时后), a rule (白痴…可装傻), a spell ending (吹笛状态全解了), a
# bench empty (替补已用完), a vote's outcome (平票，无人出局)
_NOT_THE_EVENT = {
    "accelerated": lazy(r"结算|票结|加速后|加速日的"),
    # (因昨日延时, 逢周末延长一天, 在延时后的截止之前: the rule's, or a past delay's)
    "delayed": lazy(r"结算|(?:延时|延长|推迟)(?:成功)?(?:之|以)?后|因|逢"),
    "sheriff": lazy(r"者当选|竞选|结束时|随机"),  # the election's rule
    "idiot_revealed": lazy(r"可以?装傻|时装傻|不能投票|无投票权|没票权|已翻牌|我是"),
    "substitute": lazy(
        # (…, and who a player is: 油条（芒果的替补）, X 为 Y 的替补 — the seat changed before)
        r"用完|没有|无可用|替补\s*[:：]?\s*无|名单|只能|禁止|按|no\s+sub|left"
        r"|为[^，。,]{0,8}替补|[（(][^）)]*(?:替补|接替)[^）)]*[）)]",
        re.I,
    ),
    "no_death": lazy(r"票|vote|对决|tie", re.I),
    # (the day's ballot by its name — 放逐投票在【…】, 今天不放逐: the plan, not its result)
    "eliminated": lazy(r"放逐投票(?!\s*(?:结果|[:：]))|不放逐|放逐环节(?!\s*(?:结果|[:：]))"),
    "piped": lazy(r"解|恢复|结束|可以|cured|正常|限制|违反|吹笛的|出局|immune|御社神", re.I),
    "game_over": lazy(r"还没|尚未|未达成|继续|在望|不远"),
}
# the word's clause says it failed or did not happen
_FAILED = lazy(r".*?(?:未|没有?(?!人)|失败|不成|(?<![A-Za-z])not(?![A-Za-z])|failed)", re.I)
_DELAY_TOLD = lazy(
    # a delay told with its new close or by how much (a granted delay with neither gives
    # no item: nothing is unread)
    r"\d\s*[:：点]|[一二三四五六七八九十]点|[一二两三半\d]+\s*(?:个)?\s*(?:小时|钟|分钟|hours?|h\b)",
    re.I,
)
# the word negated before it in its clause (不加速, 没有延时, 未装傻, 非白痴, 今天没有人是
# Lv.3, not extended)
_NEGATED_WORD = lazy(r"不|没|未|非|无|别|(?<![A-Za-z])(?:not|no)(?![A-Za-z])", re.I)
# a piped word with no one after it (被吹笛：无, Lv.3: none, 今日咪啪：无)
_PIPED_NONE = lazy(r"^[^，。,\n]{0,8}?[:：]?\s*(?:无|none|没有|暂无|莫得|没得|冇|-|（本局无)", re.I)


# the words a fact of the game's state is told with, whatever the voice: a death or an exit,
# the badge, a substitute, the piping, the idiot's reveal, a quiet night, the game's end
_COVER_WORDS: tuple[tuple[str, re.Pattern[str]], ...] = (
    (
        "eliminated",
        lazy(
            r"死|亡|出局|淘汰|放逐|投出|遇害|被刀|被杀|被毒|被狙|红牌|罚下|殉情|离场|退场"
            r"|(?<![A-Za-z])(?:out|dead|died|killed|RIP)(?![A-Za-z])",
            re.I,
        ),
    ),
    ("sheriff", lazy(r"警徽|当选|移交|sheriff|badge", re.I)),
    ("substitute", lazy(r"替补|接替|顶替")),
    ("piped", lazy(r"吹笛(?!者|的?(?:玩家|人))|Lv\.?\s*3|piped", re.I)),
    ("idiot_revealed", lazy(r"装傻")),
    ("no_death", lazy(r"平安")),
    ("game_over", lazy(r"游戏结束|获胜|胜利|(?<![A-Za-z])wins?(?![A-Za-z])", re.I)),
)


# a fact's word labelling no one (被狙：无, Lv.3：无, 淹死：none)
# (淹死：无, and a label's none after a space or an arrow ending the clause: #淹死# 无,
# Lv.3 → 无, 出局 = 无人)
_NONE_AFTER = lazy(
    r"[^，。,\n:：]{0,4}?[:：]\s*(?:无|没有|none|0(?!\d)|-|—)"
    r"|[^，。,\n:：]{0,4}?(?:\s|→|->|=)\s*(?:无人?|没有人?|none|nobody)\s*(?:$|[，。,；;)\]】”\"])",
    re.I,
)
# a line headed by the night just passed and a label (昨夜借出：无, 昨晚出菜：X): it tells
# the night's outcome in the theme's words, whatever they are
_NIGHT_SAID = lazy(
    r"\s*(?:\d\s*|[【\[][^】\]]{0,16}[】\]]\s*)?(?:昨夜|昨晚|夜间|夜里|本夜|昨[天日]夜里)(?!的)[^，。,\d:：的]{0,4}[:：]\s*\S"
    # (or a sentence that opens with the night just passed: 昨夜，馆里一切如常 / 昨晚园子很安静
    # — the night's account in the venue's words, whatever they are)
    r"|\s*(?:[【\[][^】\]]{0,16}[】\]]\s*)?(?:昨夜|昨晚|昨宵|是夜|夜来)(?![的里间])\s*[，,]?\s*[\u4e00-\u9fff]"
)


# a post that speaks of a part of the game day by its words (the night; a ballot, a count,
# yesterday): a how-less death in it may be either's
_BOTH_PARTS = lazy(
    _NIGHT.pattern + r"|夜|票|投|结算|收卷|昨[天日]|前[天日]|(?<![A-Za-z])(?:night|vote)",
    re.I,
)


def night_said(text: str) -> str | None:
    """The first line headed by the night just passed and a label of the theme's own words
    (昨夜借出：无, 昨晚下车：X) — the night's outcome, told whatever the venue — not one asked."""
    for sentence in _SENTENCES.findall(clean(text)):
        m = _NIGHT_SAID.match(sentence)
        if m and not _ASKS_OR_TIES.search(sentence):
            return m.group(0).strip()
    return None


def _only_kind(said: str, kind: str) -> bool:
    """The sentence says the kind's words and no other kind's (游戏结束。 says the end only)."""
    kinds = {k for k, words in _COVER_WORDS if words.search(said)}
    return kinds == {kind}


def _untold_fact(said: str) -> bool:
    """A sentence no item came from that tells a fact: the night's outcome under a label in
    the theme's words (昨夜借出：无), or a fact's word not undone — not supposed, negated,
    said of no one (被狙：无), a rule's, nor what the kind's word says when it is no event."""
    if _NOT_STATED.search(said) or _RULE.search(said):
        return False
    night = _NIGHT_SAID.match(said)
    if night and not any(w.search(night.group(0)) for _, w in _COVER_WORDS):
        return True
    return any(
        not _supposed(said, m.start())
        and not _NEGATED_WORD.search(_clause_before(said, m.start()))
        and not _NONE_AFTER.match(said[m.end() :])
        and not (kind in _NOT_THE_EVENT and _NOT_THE_EVENT[kind].search(said))
        for kind, words in _COVER_WORDS
        for m in words.finditer(said)
    )


# the game counted in a unit that is not the reader's (第四轮, 第三期, 第五幕 — not 第N天 / 日 /
# 夜 / 晚, 环节, 第N个 / 位 / 名 / 次 / 票)
_COUNTER = lazy(rf"第\s*{_NUM}\s*(?![天日夜晚环个位名次票张人])[\u4e00-\u9fff]")
# a death said as the time of another fact (X 死亡后，杀手全部出局): the clause ends in 后
_AS_A_TIME = lazy(r"(?:死|亡|出局|投出|淘汰|倒下)了?\s*(?:之|以)?后\s*$")
# a death said of a whole group (杀手全部死亡, 狼人都出局了): no one player's
_A_GROUP_DIES = lazy(r"(?:全部|全都|全员|都|均|尽)\s*(?:已经?|被)?\s*(?:死|亡|出局|淘汰|阵亡)")
# a clause that ends in a label said of no one (潜水落选（淹死）：无)
_SAID_OF_NONE = lazy(r"[:：]\s*(?:无|没有|none|0)\s*[。！!.]?\s*$", re.I)


def _squash(text: str) -> str:
    return _rx.sub(r"[\s。！!；;，,]+", "", text)


def _clause_before(sentence: str, at: int) -> str:
    """The part of the word's clause before it."""
    start = max(sentence.rfind(c, 0, at) for c in "，,、:：")
    return sentence[start + 1 : at]


def _clause_after(sentence: str, at: int) -> str:
    """The part of the word's clause after it."""
    ends = [i for c in "，,、:：" if (i := sentence.find(c, at)) >= 0]
    return sentence[at : min(ends) if ends else len(sentence)]


# the words a fact of the game's state turns on, by the kind of item each promises: a
# death or a vote-out (eliminated, or no_death when said of no one), the badge, a
# substitute, the piping, the idiot, the game's end
_FACT_WORDS: tuple[tuple[re.Pattern[str], frozenset[EventType | Notice]], ...] = (
    (
        lazy(r"死|出局|投出|淘汰|平安|殉情"),
        frozenset({EventType.ELIMINATED, Notice.NO_DEATH}),
    ),
    # (警长是 X: the office's holder told — a name not on the list is listed, 警长是吉它)
    (lazy(r"当选|警徽|警长\s*(?:是|为)"), frozenset({EventType.SHERIFF})),
    (lazy(r"替补|接替|顶替"), frozenset({EventType.SUBSTITUTE})),
    (lazy(r"吹笛"), frozenset({EventType.PIPED})),
    (lazy(r"装傻"), frozenset({EventType.IDIOT_REVEALED})),
    (lazy(r"胜利|获胜|游戏结束|本局结束"), frozenset({Notice.GAME_OVER})),
)


def _unpromised(text: str, found: list[Announced]) -> list[str]:
    """The sentences that state a fact's word (not supposed, not asked, not a rule's
    general case) when the post gave no item of a kind the sentence's words promise:
    昨天晚黑莫得人死 and no no_death, X 出局 and no elimination, 含吹笛状态 and no piping."""
    # (nothing read: a post is listed for its words, state.why_listed — but a post whose
    # only item is a day's time still says its death or its quiet night)
    # (… and the badge's holder told: 警长是吉它, a name not on the list)
    families = _FACT_WORDS if found else _FACT_WORDS[:2]
    kinds: set[EventType | Notice] = {a.type for a in found}
    if any(a.ends_piping for a in found):
        kinds.add(EventType.PIPED)  # 吹笛状态全部解除: the piping's end, read
    dead = {a.player for a in found if a.type is EventType.ELIMINATED}
    out: list[str] = []
    for sentence in _SENTENCES.findall(text):
        if _rx.search(r"[？?]\s*$", sentence.strip()) or _RULE.search(sentence):
            continue
        promised = [
            p
            for words, promise in families
            for m in words.finditer(sentence)
            if (p := _promise(sentence, m, promise, dead)) is not None
        ]
        if not all(p & kinds for p in promised) or _side_untold(sentence, kinds):
            out.append(sentence.strip())
    return out


def _side_untold(sentence: str, kinds: set[EventType | Notice]) -> bool:
    """A sentence that names a side of the game (村民阵营抵达终点, 狼人集团占了半桌) in a post
    that read no end: the side's fact is the game's state in the theme's words (its end, as
    often as not) — listed beside what was read, never passed (:data:`FACTION_SAID`); not
    supposed (若狼人阵营再红一张即判负) nor asked."""
    if not kinds or Notice.GAME_OVER in kinds:
        return False  # (nothing read: the post is listed for the side, state.why_listed)
    return any(
        not _supposed(sentence, m.start())
        and not _NEGATED_WORD.search(_clause_before(sentence, m.start()))
        and not _NEGATED_WORD.search(_clause_after(sentence, m.end()))
        for m in FACTION_SAID.finditer(sentence)
    )


def _promise(
    sentence: str, m: re.Match[str], promise: frozenset[EventType | Notice], dead: set[str]
) -> frozenset[EventType | Notice] | None:
    """The kinds of item a fact's word in its sentence promises (one of them is enough), or
    None when it states nothing.  A death word said of no one (不出局, 没人死, 无人落水 …)
    promises a no_death or the idiot's reveal (of no one else, 另一位没有出局: beside an
    elimination), and nothing in a tie (平票，无人出局); another word said of no one (无替补可用)
    promises nothing."""
    before, after = sentence[: m.start()], sentence[m.end() :]
    if _supposed(sentence, m.start()) or _RULE_CASE.search(before):
        return None
    if "吹笛" in m.group(0) and _rx.match(r"者|人|的(?:玩家|人)", after):
        return None  # 吹笛者, 被吹笛的玩家: the role or the one piped, no fact
    if before.endswith("的") or _rx.match(r"\S{0,3}[:：]\s*(?:无|没有)", after):
        return None  # X 为 Y 的替补: who X is; 被吹笛：无 — a label said of no one
    if _rx.search(r"警长|警徽", sentence):
        promise = promise | {EventType.SHERIFF}  # 警长：X（Y 接替）
    if _rx.search(r"全部|全员|全灭|都|阵营|只剩|最后", before):
        promise = promise | {Notice.GAME_OVER}  # 狼人全部出局: the end's reason
    if not _NONE_BEFORE.search(_rx.split(r"[，,、:：（(]", before)[-1]):
        return promise
    if (
        EventType.ELIMINATED not in promise
        or _rx.search(r"平|本日|今日|今天", sentence)
        or _rx.search(r"[（(][^）)]*$", before)
    ):
        return None  # 无替补可用; a tie, today's rule, an aside: no item
    promise = frozenset({Notice.NO_DEATH, EventType.IDIOT_REVEALED})
    if _rx.search(r"其他|其余|另", before) or any(d in sentence for d in dead):
        promise = promise | {EventType.ELIMINATED}  # 油条被放逐，无人殉情
    return promise


# a word said of no one: 不出局, 没人死, 无人出局, 莫得人死, 没有角色出局, 无替补
_NONE_BEFORE = lazy(r"不|没|未|无|莫得")
# a rule's general case, not a fact: 平票时…当选, 投票结束后，…, 任何一轮…即死亡, 须, 可以
# (a fact said of whoever fits — 得票最多者, 最多票那位, 票最多的人 当选警长 — is the rule's case)
_RULE_CASE = lazy(
    r"结束后|即$|即\S{0,2}$|者$|直到$|等到$|\S[那嗰]位\s*$|票\S{0,3}的(?:人|角色|玩家)\s*$"
)
# the value a clause denies after a comma (关门时间是 21:30，不是上楼写的 20:30): the wrong
# one a correction names, no time the post states
_DENIED_VALUE = lazy(r"(?<=[，,])\s*(?:而|并|也)?不是[^，,。；;！!\n]*")
_RULE = lazy(r"任何|[^小按当准]时[，,]|[^小按当准\d]时(?=可|即|须)|须|可以|规则")


def _said_after_hearsay(sentence: str) -> str:
    """The sentence without the hearsay the director then says himself (听说大家关心结果：
    昨夜死者是 X; 据传言两人遇害——经确认，…只有 X; 传闻中的“…”是真的：…): what others say
    is left out up to the colon, the dash or the word that checks it; the rest is his."""
    heard = _rx.search(_HEARSAY, sentence)
    if heard is None or _SUPPOSE.search(_rx.sub(_HEARSAY, "", sentence[: heard.start()])):
        return sentence
    turn = _rx.search(rf"(?:(?:{_CONFIRMED})[\s，,]*)+", sentence[heard.end() :])
    if turn is None or not sentence[heard.end() : heard.end() + turn.start()].strip(" 言称中"):
        return sentence  # (听说：X 昨夜死了 — the colon opens what was heard)
    return sentence[: heard.start()] + sentence[heard.end() + turn.end() :]


def _supposed(sentence: str, at: int) -> bool:
    """The sentence supposes or asks before the word, or in the word's own clause (如果加速…,
    加速了吗): not a statement.  A 谁懂 after a comma is the director's aside."""
    start = max(sentence.rfind(c, 0, at) for c in "，,、")
    ends = [i for c in "，,、" if (i := sentence.find(c, at)) >= 0]
    clause = sentence[start + 1 : min(ends) if ends else len(sentence)]
    before = sentence[:at]
    # (如果…就会死一个——不过她救了，所以没人死: a but after the supposition states it)
    but = list(_rx.finditer(r"不过|但是|可是|然而", before))
    if but:
        before = before[but[-1].end() :]
        clause = clause if start >= but[-1].end() else sentence[but[-1].end() : at + 1]
    # (a player's question the director reports and answers: 有人问警长是谁，现在是 X)
    asked = list(_REPORTED_QUESTION.finditer(before))
    if asked:
        before = before[asked[-1].end() :]
        clause = "" if start < asked[-1].end() else clause
    # (hearsay the director then says himself: 听说…：昨夜死者是 X — its undoing ends there)
    said = [
        m for m in _rx.finditer(_CONFIRMED, before) if _rx.search(_HEARSAY, before[: m.start()])
    ]
    said = [m for m in said if before[: m.start()].rstrip(" 言称中")[-2:] not in _HEARSAY_ENDS]
    if said:
        cut = said[-1].end()
        before = _rx.sub(_HEARSAY, "", before[:cut]) + before[cut:]
        clause = _rx.sub(_HEARSAY, "", clause) if start < cut else clause
    return bool(_SUPPOSE.search(before) or _SUPPOSE.search(clause))


_REPORTED_QUESTION = lazy(
    r"(?:有人|有玩家|大家|玩家|someone)[^，,。]{0,8}(?:问|私信|asked)[^，,。]*[，,]", re.I
)


# a past day's acceleration restated (昨天（周日）那个加速是昨天的事, 前天的加速成功了)
# (not 上一轮 — in a killbar a 轮 is a round of the same day; not 上天 — heaven)
_ROUND_BEFORE = lazy(r"上一?(?:局|场|期|回|讲|段|站|幕)|上一[天日]")
_ACCELERATED_BEFORE = lazy(r"(?:昨天|前天|昨日|前日)[^，,。]{0,8}?(?:那个|的)加速(?=是|成功|了)")
_NO_RESULT = lazy(r"平票|无人过半|没有人过半")


def notice_word(text: str) -> str | None:
    """The first notice word the post says outright (not in a question, a supposition or a
    tie's 无人出局)."""
    text = clean(text)
    if _NO_RESULT.search(text):
        return None  # a tie or no majority: no event to read (its names still list it)
    for sentence in _SENTENCES.findall(text):
        m = NOTICE_WORDS.search(sentence)
        if m and not _ASKS_OR_TIES.search(sentence) and not _SUPPOSE.search(sentence[: m.start()]):
            return m.group(0)
    return None


def quiet_said(text: str) -> str | None:
    """No one leaving, said outright in the theme's words too (本站无人下车), not asked or
    supposed (如果平票，就无人下车), nor a tie's (平票，无人出局): when may be unsaid."""
    text = clean(text)
    if _NO_RESULT.search(text):
        return None
    for sentence in _SENTENCES.findall(text):
        m = _NO_DEATH.search(sentence)
        if m and not _ASKS_OR_TIES.search(sentence) and not _SUPPOSE.search(sentence[: m.start()]):
            return m.group(0)
    return None


def _nfkc(text: str) -> str:
    return fold(text)  # NFKC, and traditional characters as simplified (關門 → 关门)


# a director's one-word grant (准, 批了, 同意, 要得, OK) with nothing else of his own ...
_GRANT = lazy(r"\W*(?:准了?|批准了?|批了|同意|可以|[Oo][Kk]|好的?|行|要得|没问题)\W*")
# ... under a quote of a player's request (请假, 延时, 替补, 换人, 加速): the request's content
_REQUESTED = lazy(r"请[个一两几天]{0,2}假|延时|延长|推迟|替补|换人|顶号|加速")
# the quote-reply's header (Discuz!: AUTHOR 发表于 Y-n-j H:i)
_QUOTE_HEAD = lazy(r"^[^\n]{0,40}?发表于\s*[\d\-/: ]+\n?")


def _granted(said: str) -> list[str]:
    """A director's one-word grant (准) quoting a player's request: the request became the
    director's, and the reader does not fill in its content (a leave's days, a delay's new
    close) — listed with the request's words, never passed in silence (fh48: 「准」 under
    「请假，找替补吧」; seeds 000 10 请假/替补, 002 6.1)."""
    quotes = _rx.findall(r"\[quote\](.*?)\[/quote\]", said, re.S | re.I)
    own = _rx.sub(r"\[quote\].*?\[/quote\]", "", said, flags=re.S | re.I)
    if not quotes or not _GRANT.fullmatch(_BBCODE.sub("", own).strip()):
        return []
    asked = [_QUOTE_HEAD.sub("", _BBCODE.sub("", q).strip()).strip() for q in quotes]
    return [
        f"导演批准了这个申请：「{a}」（请按申请的内容补上）" for a in asked if _REQUESTED.search(a)
    ]


def _own(text: str) -> str:
    return shorthand(fold(text))  # … and English shorthand in Chinese (松果 out → 松果 出局)


_NOT_BUT = lazy(r"(?:不是|并非|而非)\s*[^，,。；;！!？?\s]{1,12}?\s*[，,]?\s*(?:而是|而|是)\s*")
# 警徽 烧卖→春卷: the badge goes from the one to the other
_BADGE_ARROW = lazy(r"警徽\s*[:：]?\s*([^\s，,。→]{1,12}?)\s*(?:→|->|=>|⇒)\s*")
# ... and with the roster's names: 警长 栗子 → 榛子, 【警长移交】腰果 → 莲子, 殉职移交：A → B,
# 警长 A 移交 B
_HANDOVER = r"(?:警长|(?:警长|警徽|殉职)?(?:移交|交接))\s*[】\]]?\s*[:：]?\s*({one})\s*(?:→|->|=>|⇒|移交给?|交给)\s*(?={one})"
# ... and the holder first: X 警长 → Y; the written style's 以 + the office + a verb of
# giving (X 临终以警长付 Y, X 以警徽授 Y)
_HOLDER_HANDOVER = (
    r"({one})\s*(?:的)?\s*警长\s*(?:→|->|=>|⇒)\s*(?={one})"
    r"|({one})\s*[^，,。；;\s]{{0,4}}?以\s*(?:警长|警徽)(?:之[位职])?\s*"
    r"(?:付|传|授|交|予|与|托)(?:予|于|与|给)?\s*(?={one})"
)
# a table row or a labelled line whose label is the event (|杀手杀人|柿饼|, 夜：杏仁（杀）):
# the label is the clause's word, the cells after it its player slot
# a clause headed by when it happened (昨：, 夜：, 第2天：) and a how that is one word
_TIME_LABEL = lazy(
    rf"\s*(?:昨[日天夜晚]?|前[日天夜晚]|今[日天]|夜|夜里|本夜|第\s*{_NUM}\s*[天日夜])\s*[:：]"
)
# a sentence that follows from the one before (所以 / 因此 / 于是 …): its reason is there
_CONSEQUENCE = lazy(r"\s*(?:所以|因此|因而|于是|故而|据此|由此)")
# the right a player loses by leaving (不能再投票, 失去投票权): no ballot of the day
_LOST_VOTE = lazy(r"(?:不能|无法|不可以?|不得|不再|失去|没有)[^，。；;]{0,4}?投票权?")
# a shot fired (开枪, 举枪, 扣动扳机, 猎人…开了一枪): the hunter's, unless a night gun's
_SHOT = r"(?<![不没未])(?:开枪|开了一?枪|举枪|扣动了?扳机)|猎人[^。！!；;]{0,12}?(?<![不没未])开"
# the hunter named, then his leaving (X 是猎人，走前 / 临走 / 临死前 / 离开前 …): what he takes
# with him is his shot's
_HUNTER_LEAVING = r"猎人[^。！!；;]{0,12}?(?:走前|临走|临死|离开前|离席前|出局前|倒下前)"
_BARE_CAUSE = lazy(
    r"\s*(?:被)?(?:票|投票|票出|公投|放逐|刀|狼刀|杀|杀手|毒|女巫毒|狙|狙击|猎人枪?|枪|殉情|红牌|罚下|淹死)\s*"
)
# the two halves of a substitute: who leaves, who comes in
_LEAVES = r"离场|请假|退出|下场|换下|被替换|有事退出|有事"
_COMES = r"上场|临时替补|替补|入场|换上|接替|顶替|顶上|代打"
_SUB_CONTEXT = lazy(r"替补|替换|换人|请假|退出|离场")
# a player away for good or a while, and any words of taking their place (issue 34)
_AWAY = r"请了?[长病事]?假|转学|出差|退出|退赛|退(?=了|啦|咯)|有事|掉线|离开|休假|缺席"
_TAKES_PLACE = (
    r"替补|代替|暂代|代打|替(?=(?:他|她)\s*(?:上|顶|接|坐))|代(?!"
    + _PROXY_ACT
    + r")|顶替|顶|接替|接手|接过|接|补上|补位|坐[^，,。]{0,4}?(?:位子|位置|座位)"
)
# a substitute asked for, refused, planned, or an account of one's own (issue 34)
_SUB_ASKED = lazy(
    r"申请|需要|找|求|想|希望|拒绝|不同意|打算|计划|准备|考虑|能否|可否|[？?]|换号|小号|改名|非替补|不是替补"
)
# a word no newcomer is called by: an event's, a ballot's (A → 出局, A 换成 弃权, A → 3票)
_NOT_A_NEWCOMER = lazy(
    r"出局|死|杀|票|弃|警|白痴|吹笛|平安|请假|延时|加速|替补|无|空|\d|OUT|out|下船|离场|淘汰"
)
# a word that takes no seat (a time, a pronoun, who is asked): 今天 接 X is no newcomer
_NOT_A_SEAT_TAKER = lazy(r"今|明|昨|本|该|他|她|我|你|大家|谁|请|由|先|再|就|还|也|都")
# a heading line alone: 【昨夜出局】, 当日警长：, ==替补==
_HEADING = lazy(
    r"\s*(?:[【\[]\s*([^】\]]{1,12}?)\s*[】\]]|=+\s*([^=]{1,12}?)\s*=+|([^\s|:：]{1,12}?)\s*[:：])\s*[:：]?\s*"
)
# the terse log's one-character labels (出 X, 警：X, 警 → X, 淹：X, 笛：X) and the grammar's words
# for them (see Patterns._shorthand)
_SHORTHAND = (
    (r"出\s*[:：]?", "投票出局："),  # (the log's night has its own label, 夜)
    (r"警\s*(?:→|->|=>)", "警徽移交给"),
    (r"警\s*[:：]?", "警长："),
    (r"淹\s*[:：]", "淹死："),
    (r"笛\s*[:：]", "被吹笛："),
    (r"夜\s*[:：]?", "昨夜出局："),
)
# The director's report by its structure, not its verb (issue 34): a report header fixes the
# kind (the night just passed, the day's ballot), a roster name fixes the player, and the
# verb between is the director's world's word for leaving, whatever it is (昨夜售出：X,
# 昨日投票撤展：X, 昨晚 X 离园了, 昨夜：航班 X 撤销飞行计划).  What a header's verb must not be:
# another kind's word (the piping, the badge, a substitute, a guard's or a seer's target, a
# request, a ballot's candidates) or a word that undoes (差点, 没, 不, 未, 还, 仍, 活).
_NIGHT_HEADER = r"昨夜|昨晚|昨宵|夜里|夜间|今晨|昨[天日](?:晚上|夜里)"
# a night's header alone on its line, over a list (昨晚的结果：, 昨夜情况：)
_NIGHT_LIST_HEAD = lazy(
    rf"(?:{_NIGHT_HEADER})\s*(?:的)?\s*(?:结果|結果|情况|情況|战况|戰況|消息|通报|通報|报告|報告)?\s*[:：]"
)
_BALLOT_HEADER = rf"(?:昨[天日]|今[天日]|本日|第\s*{_NUM}\s*[天日讲场期轮])?\s*(?:[（(][^）)]{{0,12}}[）)])?\s*(?:投票|计票|票决|公投|表决)"
# the day just passed (or a day, or its 环节, by number) as a report's label: its result is
# the day's ballot — read only with a word for leaving after it (昨日锄去：X, 第4日撤展：X,
# 第三天 环节二 下架：X), never the night (昨天晚上) nor a day's other news
_DAY_HEADER = (
    rf"(?:昨[天日]|前[天日]|第\s*{_NUM}\s*[天日])(?!\s*(?:晚|夜|半夜|深夜))"
    r"(?:\s*环节\s*[一二三123])?\s*(?:[（(][^）)]{0,16}[）)])?"
)
_OTHER_KIND = (
    r"吹笛|笛|Lv|喵|汪|警|徽|替|补|请假|销假|守|救|查|验|活|存|在|还|仍|差点|险些|几乎|申请|发言"
    r"|对象|候选|可疑|辩论|平|行动|技能|遗言|当选|选|梦|说|问|报告|传|猜|如果|假如|要是|是否|吗|么"
    r"|白痴|装傻|翻牌|公示|公布|写|报名|名单|记|看"
)
_UNDOING = lazy(rf"{_OTHER_KIND}|(?<!不再)(?:不(?!再)|没|未|无|非)")
# the rest of a sentence that keeps its player in the game (是白痴，翻牌后留在船上, 但他是村长)
_KEPT_IN_GAME = lazy(
    r"白痴|装傻|翻牌|留在|还在|仍在|活|差点|险些|没死|不死|不会|救|守住|村长|平票|无人|没有人|[？?]"
)
_LIST_ITEM = lazy(r"\[\*\]|\[/?li\]", re.I)
# The report slot's closed class (issue 34, session 48): what a night's or a ballot's report
# may say of its player that is no death.  The rule sets' other states — the badge and its
# holder (seed 000 警长 / 警徽 移交), the piped (001 吹笛), the infected (004 雏见泽 Lv), the
# idiot revealed (000 白痴 翻牌), leave and substitutes (请假, 替补, 代班, 顶上, 接手), a quiet
# night or one saved (平安, 没事, 守护, 救) — and what is no leaving by its own sense: coming or
# coming back (到场, 回来, 复牌, 上线, 进入), winning or an honour (获胜, 晋级, MVP, 赢家), a
# feeling or a description (生气了, 睡得很香), a lesser penalty (罚款, 黄牌, 暂停), a claim
# (跳了预言家), a role, a target (盯上), a deferral (明天再战, 再议, 决斗, 否决, 豁免).
# Anything else a report's slot says of its player is a death — the open class, the next
# writer's own metaphor (糊锅了, 掉队, 销户, 清客) — read only in the slot's shape
# (:meth:`Patterns._open_out`).  The review's twins (s41 round 3) are this class's cases.
_STAYS = lazy(
    r"吹笛|笛|Lv|喵|汪|咪|哑|感染|发烧|警|徽|替|补|请假|销假|代(?:班|办|打|理|替|为)|顶(?:上|替|班)"
    r"|接(?:手|班|任|替)|守|救|保|护|查|验|活|存|(?<![倒躺死落])在|还|仍|差点|险些|几乎|申请|发言"
    r"|对象|候选|可疑|疑|嫌|辩论|平|安全|无事|没事|好|行动|技能|遗言|当|选|梦|说|问|报告|传|猜"
    r"|如果|假如|要是|是否|吗|么|白痴|装傻|翻牌|公示|公布|写|报名|名单|记|看|值"
    r"|(?<![撑熬挺活等])到|来|(?<!没)回(?!家|老家|去)|复|上(?:线|场|台|任|岗|班|警|榜)|进(?!了?[^，。]{0,3}锅)|入|登|签|归队"
    r"|胜|赢|晋|获|奖|星|佳|优|MVP|幸运|稳|首|冠|领先|落后|最"
    r"|气|开心|高兴|哭|笑|乐|得|很|挺(?![住过])|太|真|罚(?![出下])|黄牌|警告|暂停|禁|否决|豁免|赦免|再|议|决斗"
    r"|需要|跳|称|自曝|自爆|盯|瞄|目标|刀口|指定|点名|提名|票|过去|[离下掉断]线|失联|休息|睡"
    # a lurker or a foul (潜水, 犯规, 迟到): a finding, not an exit; a shot is the shooter's act
    r"|潜|犯规|违规|迟|缺席|枪"
    # a degree that changes (症状加重, 等级上升, 好转): a state's level — seed 004's Lv — no
    # leaving
    r"|症状|加重|恶化|升级|上升|升高|提升|下降|降级|好转|减轻"
    # a listing's own noun (投票统计：X、Y, 第2天结果：X, 昨夜情况：X): the list says no act —
    # asked, never read
    r"|结果|统计|情况|明细|汇总|详情|列表|榜|排名|数据|一览|链接|人数|表|安排|顺序|次序|分组"
    r"|猎人|狼|女巫|预言家|村民|平民|杀手|医生|警察|秘警|狙击|守卫|情侣|丘比特|村长",
    re.I,
)


def keeps_in_game(word: str) -> bool:
    """The word says a state a player stays in the game with, or no leaving by its own
    sense (:data:`_STAYS`: 喵喵, 请假, 替补, 发言, 猎人 …): never a theme's word for leaving
    (:mod:`auditor.game.theme`)."""
    return bool(_STAYS.search(word))


# a time of day as a label's key (第3天凌晨：X, 昨天白天：X): when, not what — the night's or
# the day's is the grammar's to tell, never the slot's
_WHEN_KEY = lazy(
    r"夜|晚|凌晨|清晨|早晨|早上|上午|中午|下午|傍晚|白天|黎明|天亮|今天|今日|明天|当天|当日"
)
# a slot's predicate that failed to go on (没能下山, 未能出站, 没熬住, 没撑过): the player's
# end, whatever the verb — not a negated death (没死, 未出局: those undo)
_FAILED_TO = lazy(r"^(?:都|也|均)?\s*(?:没有?能|未能|没(?=[\u4e00-\u9fff](?:住|过)))")
# a predicate told as done (V 了, 被 / 让 / 遭 … V): an event, not a state
_TOLD_DONE = lazy(r"[了啦喽咯](?:\W|$)|[了啦喽咯]$|^(?:都|也|均)?\s*(?:被|让|叫|遭)(?=\S)")
_ROW = lazy(r"^\s*\|\s*([^|]{1,12}?)\s*\|\s*([^|]+?)\s*\|?\s*$", re.M)
_NIGHT_LABEL = lazy(
    r"(?:^|(?<=[。！!；;]))\s*(?:夜|昨夜|昨晚|夜晚|本夜)\s*(?:死人|死的)?\s*[:：]\s*(?=\S)", re.M
)
# a night's label on a line of its own, its list under it (昨夜点位失效：, 昨夜退出运行两人：)
_NIGHT_LABEL_LINE = lazy(
    rf"(?:{_NIGHT_HEADER})[^\s，。,:：；;！!？?（(]{{1,8}}(?:[（(][^）)]{{0,12}}[）)])?\s*[:：]"
)
# the night's word in a bracket after the label (点位失效（昨夜）：): the label's own
_HEADER_IN_BRACKET = lazy(
    rf"^(?P<lead>[ \t\u3000]*)(?P<verb>[\u4e00-\u9fff]{{2,6}})\s*[（(]\s*(?P<h>{_NIGHT_HEADER})\s*[）)]\s*[:：]",
    re.M,
)
# 昨夜（第4日夜）：两人退出运行——X，Y: the label's verb after its colon, the list after a dash
_VERB_THEN_LIST = (
    rf"(?P<h>{_NIGHT_HEADER})\s*(?:[（(][^）)]{{0,12}}[）)])?\s*[:：]\s*"
    r"(?P<verb>[^\s，。,:：；;！!？?（(—]{1,8}?)\s*(?:—{1,2}|[:：])\s*"
)
# A verb that says leaving by its own make, whatever the theme (issue 34, session 42): in
# Chinese a removal is a compound — an action with a complement of going away (端走, 收走,
# 锄去, 删去, 刷掉, 移出, 请出, 逐出), a head of leaving (退房, 退赛, 退菜, 离团, 离席, 撤展,
# 除名) or a lost standing (取消登机资格).  Read only where a report's structure (a
# night's or a ballot's header, the top of the count) already fixes the kind and the player;
# never a complement of arriving or seeing (过去, 回去, 看去, 投去, 失去, 选出, 查出, 指出), a
# head that is no leaving (退票, 退回, 离线, 撤回, 除了), nor a right lost while staying (失去
# 投票资格); not 退出 / 离开, a substitute's words as much as a death's.
_LEAVING_SHAPE = lazy(
    r"(?<=[\u4e00-\u9fff])(?:走(?!访|位|势|向|路|过|秀|动|廊)|掉)"
    r"|(?<=[\u4e00-\u9fff])(?<![过回上下进看投失说想要会来前将拿])去(?![世年])"
    r"|(?:移|逐|请|踢|剔|清|赶|驱|撵|轰|扫|除|划|刷)出"
    r"|退(?!票|回|还|款|钱|费|化|步|让|烧|货|订|色|出)[\u4e00-\u9fff]"
    r"|离(?!线|谱|奇|婚|不|得|开)[\u4e00-\u9fff]"
    # a motion away with 离 as its complement (驶离, 飞离, 撤离, 逃离)
    r"|(?:驶|飞|撤|逃|搬|调)离"
    # a removal from one's post (辞退, 解雇, 解聘, 开除 below)
    r"|辞退|解雇|解聘"
    r"|撤(?!回|票|销|诉|资)[\u4e00-\u9fff]"
    r"|(?:开|删|剔|清|铲|革)除|除名|除籍"
    r"|(?:取消|失去|丧失|剥夺|褫夺)了?(?![^，。]{0,4}(?:投票|发言|竞选|上警|警长))[\u4e00-\u9fff]{0,4}资格"
)
# (the count, then a compound of leaving: 7 票移出展陈 — a vote's result promised, whatever
# the theme's verb: a post that gives none for it is listed)
_FACT_WORDS += ((lazy(rf"票\s*(?:{_LEAVING_SHAPE.pattern})"), frozenset({EventType.ELIMINATED})),)
# the game's own roles: a holder's role that is no office to pass on
_ROLE_NAMES = lazy(
    r"猎人|狼|女巫|预言家|村民|平民|白痴|吹笛|杀手|医生|警察|秘警|狙击|替补|守卫|情侣|丘比特|村长|御社神"
)
# a label's verb that ranks or names the players, no exit (领先, 得票最多, 提名)
# (nor a label of what players did, or a role's act: 上线, 发言, 保护 — round 3's review)
_NOT_TOLD_OUT = lazy(
    r"领先|落后|最多|最高|最少|指定|点名|提名|怀疑|目标|对象|刀口|票"
    r"|上线|在线|登录|登陆|签到|活跃|发帖|回帖|保|护|点赞|表扬|之星|最佳|优秀"
)
# a vote still running, or the badge's count: no top of a day's count decides anything yet
_RUNNING_COUNT = lazy(r"目前|暂时|暂列|当前|截至|截止目前|进行中|还在投|领先|当选|竞选|选举")
# a post that corrects itself or its count
_COUNT_FIXED = lazy(r"不对|更正|订正|纠正|算错|漏算|数错|写错|有误|说错|错了")
# a line that speaks of the vote: a bare number after a name on it is a count (表决：X 7，Y 3)
_BALLOT_LINE = lazy(r"票|表决|投票|计票|结果")
# the top of the count said in words
_TOP_WORDS = r"得票最多|票数最多|票数最高|最高票|票最多|票多"
# a predicate that says no exit: praise, a cheer, speech, the game going on
# (nor one that sends the player on to another round: 进入决赛, 上台PK)
_BADGE_CLAUSE = lazy(r"警徽|徽章")
_NOT_AN_EXIT = lazy(
    r"加油|辛苦|厉害|精彩|棒|谢|恭喜|好|继续|留|发|讲|称|表示|认为|声称|跳|自爆"
    r"|进入|晋级|入围|上台|PK|决赛|复赛|对决|下一轮|二轮",
    re.I,
)
# a bracket after a listed name that says the player is not out (未遂, 存活, 幸存)
_UNDOING_BRACKET = lazy(r"未|没|不|幸|免|存|空刀|守|救|成功|待定|误|错|疑|假")
# 烧卖昨夜……不，今天夜里 …: the time said first is taken back
_TIME_SELF_FIX = lazy(
    r"(?:昨夜|昨晚|昨天|昨日|今夜|今晚|今天|今日|明天)\s*(?:…+|\.{2,}|—+)\s*不[，,]\s*"
)
# a reading struck through (~~X~~, [s]X[/s], [del]X[/del]) is taken back; so is a line the
# director retracts (撤回：…)
_STRUCK = lazy(
    r"~~[^~\n]+~~|\[(s|del|strike)\][^\[]*\[/\1\]|(?:^|(?<=\n))\s*撤回\s*[:：][^\n]*", re.I
)
# what a correction takes back: a clause holding an event's word (死, 扎死, 平安, 无事 …)
# the director's own words quoted and taken back (收回昨天“今天加速”的说法): gone
_UNSAID = lazy(
    r"((?:收回|撤回|撤销|取消)[^，。“”「」]{0,6})[“「][^”」]{0,30}[”」]\s*(?:的|这个|那个)?\s*(?:说法|这句话?|那句话?|公告)?"
)
_TAKEN_BACK = lazy(r"出局|死|亡|杀|警|吹笛|Lv\.?\s*3|替补|投出|平安|无事|无人", re.I)
# 我说昨晚是平安夜，这是错的: the clause before a bare 这是错的 is what is taken back
_SAID_WRONG_BEFORE = lazy(
    r"([^，,。；;！!？?\n]+)[，,]\s*(?:这|那|此)?\s*(?:是|个)?\s*(?:错的|有误|不对|错了|误矣|误也|谬矣|谬也|非也)(?=[，,。；;！!？?\n]|$)"
)
# 黄瓜被票出了……哦不对，是冬瓜被票出了: what is said before the fix is taken back
_SAID_THEN_FIXED = lazy(
    r"[^。！!；;\n]*?(?:…+|\.{2,}|—{2,})\s*(?:哦|啊|呃|额|嗯|诶)?\s*(?:不对|不是|说错了?|错了|不不)"
    r"\s*[，,]?\s*(?:是|应该是|应为)?\s*(?=\S)"
)
_SAID_WRONG = lazy(
    r"[^，,。；;！!？?\n]*?(?:有误|错误|误报|(?:写|看|搞|弄|记|算|数)错了?|是错的|不对)[）)]?(?=[，,。；;！!？?\n]|$)"
)


# a reading asked and taken back at once (昨夜出局：山楂？不对，是莲子 / 毛豆？——更正：…): the
# second stands
_ASKED_WRONG = lazy(
    r"(?<=[:：】\]\s])[^\s，,。；;！!？?\n：:】\]]{1,8}[？?]+\s*(?:—+|…+)?\s*(?:不对|不是|错了|说错了|更正|订正)\s*"
    r"[，,：:]?\s*(?:是|应为|应该是|为)?\s*"
)


def _label_verb(verb: str) -> str:
    """A label's key less the count it introduces (昨晚有位团友掉队了, 信号中断了一位: 掉队了,
    信号中断了)."""
    verb = _rx.sub(
        rf"^有\s*(?:{_NUM})?\s*[位个名](?:[\u4e00-\u9fff]{{1,2}}(?=[\u4e00-\u9fff]{{2}}))?",
        "",
        verb,
    )
    return _rx.sub(rf"(?:{_NUM})\s*[位个名人]$", "", verb)


def _line_end(text: str, at: int) -> int:
    end = text.find("\n", at)
    return len(text) if end < 0 else end


def _sentence_end(text: str, at: int) -> int:
    """Where the sentence around ``at`` ends."""
    return min((i for c in "。！!；;？?\n" if (i := text.find(c, at)) >= 0), default=len(text))


def _symbols(text: str) -> str:
    """A symbol that says a fact, before the emoji are dropped: the trophy before a camp's
    word heads the winner (🏆 村民阵营), a tick after a request's count grants it (加速 5/9 ✅)."""
    # (only before a camp's word: 今日之星 🏆 X, 🏆MVP：X are no end of the game)
    text = _rx.sub(
        r"🏆\s*(?=[^\s🏆][^\n🏆]{0,11}?(?:阵营|好人|坏人|狼|村民|平民|神民|吹笛者|杀手|警察|第三方|情侣|[方边队]))",
        "胜利：",
        text,
    )
    return _rx.sub(r"((?:加速|延时)\s*\d{1,2}\s*/\s*\d{1,2})\s*[✅☑]\ufe0f?", r"\1 通过", text)


def clean(text: str) -> str:
    """The post's own words: quotes of others, BBCode and decoration gone; 不是 A 而是 B
    says B; a reading said to be wrong (杜鹃出局有误) is gone; a question inside a bracket
    (画眉（狼人阵营？不公布）于昨夜死亡) ends no sentence."""
    text = _ASKED_WRONG.sub("", _QUOTE.sub("", _STRUCK.sub("", _own(_symbols(text)))))
    text = _UNSAID.sub(r"\1", text)
    text = _rx.sub(
        r"[（(][^）)]*?[？?][^）)]*[）)]", lambda b: _rx.sub(r"[？?]", " ", b.group(0)), text
    )
    text = _NOT_BUT.sub("是", text)
    text = _SAID_THEN_FIXED.sub("", text)
    text = _TIME_SELF_FIX.sub("", text)
    text = _BADGE_ARROW.sub(r"警徽由\1移交给", text)
    text = _ROW.sub(r"\1：\2", text)
    text = _SAID_WRONG_BEFORE.sub(
        lambda m: "" if _TAKEN_BACK.search(m.group(1)) else m.group(0), text
    )
    text = _SAID_WRONG.sub(lambda m: "" if _TAKEN_BACK.search(m.group(0)) else m.group(0), text)
    # a reading crossed out and the right one ticked (给 X ✘ → 给 Y ✔): the ticked one
    text = _rx.sub(r"(?:给\s*)?[^\s，,。→]+\s*[✘✗]\s*(?:→|->)\s*", "", text).replace("✔", " ")

    return _DECORATION.sub(" ", _BBCODE.sub("", text)).translate(_QUOTES)


_SENTENCES = lazy(r"[^。！!；;？?\n]+[。！!；;？?]*")


def _line_starts(text: str) -> str:
    """Each line from its first word: the blank an emoji left before a label (🎐 雏见泽综合症
    Lv.3： / 🌄 Day 2) is no word, and a label's list reads from the line's start."""
    # (not a symbol that says something: 🏆 村民阵营 heads the winner, see _symbols; 🌙 X, ⚖ X,
    # ★ X, 🏁 X, 🔫 — the night, the vote, the sheriff, the end, the shot: fold's shorthand)
    # (the skull before a night's label is the label's own: ☠️ 昨晚： over its list of names)
    text = _rx.sub(
        rf"(?m)^[ \t\u3000]*[☠💀]\ufe0f?[ \t\u3000]*(?=(?:{_NIGHT_HEADER})\s*[:：]\s*$)", "", text
    )
    return _rx.sub(
        rf"(?m)^[ \t\u3000]*(?:(?![🏆☾☽🌙⚖🏁★⭐🔫🟥])(?:{_DECORATION.pattern})[ \t\u3000]*)*",
        "",
        text,
    )


def own_words(text: str, clause: str) -> str:
    """The sentence of the post ``text`` that the reader's ``clause`` was read from, in the
    post's own words (BBCode gone): the reader's clause is in its own normalised words
    (fold, shorthand, registers: 没了 → 出局, 週 → 周, English → Chinese), which a director
    must never see as theirs (fh42 item 4).  The sentence whose reading holds the clause,
    else the one sharing most of its characters; the clause itself only when the post has
    no sentence at all."""
    wanted = _squash(clause)
    if not wanted:
        return clause
    own = [s.strip() for s in _SENTENCES.findall(_BBCODE.sub("", text)) if s.strip()]
    if not own:
        return clause
    read = [_squash(clean(s)) for s in own]
    for s, r in zip(own, read, strict=True):
        if wanted in r:
            return s
    # (a clause the reader built from two sentences, or rewrote: the nearest)
    chars = set(wanted)
    return max(zip(own, read, strict=True), key=lambda sr: len(chars & set(sr[1])))[0]


def _clauses(sentence: str) -> list[str]:
    """The sentence cut at its commas and dashes — never inside a bracket (馄饨（汤圆与馄饨
    为情侣，馄饨殉情）: the bracket stays the name's)."""
    out: list[str] = []
    depth = start = 0
    for m in _rx.finditer(r"[（(]|[）)]|[，,]|——|--|→", sentence):
        mark = m.group(0)
        if mark in "（(":
            depth += 1
        elif mark in "）)":
            depth = max(0, depth - 1)
        elif depth == 0:
            out.append(sentence[start : m.start()])
            start = m.end()
    out.append(sentence[start:])
    return out


# the kind of fact a sentence tells, by its event word (not the grammar that reads it): a
# director's answer to a listed post — a confirmed or added event — accounts for a sentence
# only when the sentence tells that kind of fact (:func:`auditor.game.state.answered_by`)
_ANSWER_WORDS: list[tuple[EventType, re.Pattern[str]]] = [
    (EventType.SHERIFF, lazy(r"警长|警徽|当选|sheriff|badge", re.I)),
    (EventType.PIPED, lazy(r"吹笛|笛|管道|Lv\.?\s*3|piped", re.I)),
    (EventType.IDIOT_REVEALED, lazy(r"白痴|装傻|翻牌|idiot", re.I)),
    (EventType.SUBSTITUTE, lazy(r"替补|接替|顶替|代替|替换|换人|代打|顶号|(?<![A-Za-z])sub")),
    (EventType.FACTION, lazy(r"阵营|身份")),
]


def sentences(text: str) -> list[str]:
    """The post's own words (:func:`clean`) cut into sentences."""
    return [s.strip() for s in _SENTENCES.findall(clean(text)) if s.strip()]


def fact_kinds(sentence: str) -> set[EventType]:
    """The kinds of fact a cleaned sentence tells by its event words — none when it asks,
    supposes, or negates the word (黄瓜出局了吗？ 如果黄瓜出局 黄瓜没有出局)."""
    if _ASKS_OR_TIES.search(sentence):
        return set()
    found: list[tuple[EventType, re.Match[str]]] = [
        (EventType.ELIMINATED, m) for _cause, rx in _ELIM_RE if (m := rx.search(sentence))
    ]
    found += [(kind, m) for kind, rx in _ANSWER_WORDS if (m := rx.search(sentence))]
    out: set[EventType] = set()
    for kind, m in found:
        before = sentence[: m.start()]
        if _SUPPOSE.search(before) or _NEGATION.search(before.rstrip()):
            return set()  # the sentence undoes its word: nothing it tells is a fact
        out.add(kind)
    return out


def undone(sentence: str) -> bool:
    """The sentence asks, supposes, negates or tells a near miss (X 出事了吗？ 如果 X …, X 没有
    …, X 差点 …): whatever its words, it tells no fact."""
    return bool(
        _ASKS_OR_TIES.search(sentence)
        or _rx.search(r"[吗？?]", sentence)
        or _SUPPOSE.search(sentence)
        or _rx.search(r"不是|并非|并未|尚未|没有|没|未|差点|险些|几乎", sentence)
    )


# --------------------------------------------------------------------------- names


def _substitute_res(one: str) -> list[re.Pattern[str]]:
    """The shapes of a substitute told in one clause, ``one`` a roster name's pattern."""
    free = r"[^\s，。、：:（）()【】,;；!！?？由经|]"  # a substitute not on the list
    # what may stand between the new player and the verb: 替补上场, 从环节三起, 临时
    # (陶罐 顶号上位，接替 Y; 陶罐 换上，替下 Y: the newcomer's own words, then the verb)
    # (a time or a manner between them is no name: 今天接替, 今天起替补, 永久替换)
    between = r"(?:[从自][^，。,]{0,8}?起|即日起|(?:今天|今日|明天|本日)起?)?\s*(?:将|会|已经?)?\s*(?:替补)?\s*(?:正式)?\s*(?:顶号)?\s*(?:(?:上场|入场|进场|换上|上位)\s*[，,]?)?\s*(?:临时|暂时|来(?:了|啦|咯|喽)?)?\s*(?:作为替补)?\s*(?:永久|长期)?\s*(?:(?:用|以|使用)(?:本人|自己的?|新)?\s*(?:账号|帐号|马甲|ID))?"
    # (来替 X: 替 before a name; X 替下/换下 Y: the commentator's, X on for Y; 代替离开的 Y)
    verb = (
        rf"(?:顶替|顶上了?|顶|接替|替补|替换|替下了?|换下了?|代替了?|暂代|代打|接手|接管了?"
        # (接过 X 的账号 / 位置: the seat taken; not 接过 X 的话)
        rf"|接过了?(?=\s*(?:{one})\s*的\s*(?:账号|帐号|马甲|ID|位置|位子|座位|号))"
        rf"|替(?=\s*(?:{one})))\s*(?:(?:离开|退出|病倒|请假|出差|缺席|掉线)了?的)?"
    )
    return [
        re.compile(
            rf"(?P<new>{one}|(?:(?<=^)|(?<=[\s：:,，由])|(?<=替补))(?!替补){free}{{1,12}}?)\s*"
            rf"{between}\s*{verb}\s*(?P<who>{one})"
        ),
        re.compile(
            rf"(?P<who>{one})\s*(?:由|的替补(?:为|是))\s*(?:替补)?\s*"
            rf"(?P<new>{one}|{free}{{1,12}}?)\s*(?:临时)?\s*(?:替补|接替|顶替|代替|替换|$|[，。])"
        ),
        re.compile(
            rf"由\s*(?:替补)?\s*(?P<new>{one}|{free}{{1,8}}?)\s*(?:{_ADDRESS})?\s*(?:临时)?\s*"
            rf"(?:{_STANDS_IN})(?!\s*(?:{one}))"
        ),
        re.compile(rf"(?P<new>{one})[^，。]{{0,6}}?接回"),
        # 风铃 归队，笔筒 下场: the replaced back, the substitute off (not 出局（昨夜被刀）)
        re.compile(
            rf"(?P<new>{one})\s*(?:(?P<ret>归队|回归|(?:is|are)\s+back)|回来了?)\s*[，,、]?\s*(?P<who>{one}|(?(ret){free}{{1,8}}?|(?!)))\s*(?:下场|离场|退场|(?(ret)出局(?!{_HOW_SAID})|(?!)))"
        ),
        # a seat's new holder with the old one in its bracket under a label of change (换件
        # 人：X（原 Y）, 替补：X（原 Y 位）) or the verb in the bracket (X（替补 Y）)
        re.compile(
            rf"(?:替|换(?!号)|补)[\u4e00-\u9fff]{{0,3}}\s*[:：]\s*(?P<new>{one}|{free}{{1,8}}?)\s*"
            rf"[（(]\s*原\s*(?P<who>{one})\s*(?:的)?\s*(?:位置?|座位|号)?\s*[）)]"
        ),
        re.compile(
            rf"(?P<new>{one}|{free}{{1,8}}?)\s*[（(]\s*(?:替补|顶替|接替|代替|换下|替下|替)\s*(?P<who>{one})\s*[）)]"
        ),
        re.compile(
            rf"替补\s*(?P<new>{one}|{free}{{1,8}}?)\s*来?\s*(?:入场|上场|进场|加入|补位|接替|顶替|顶上|代替)(?!\s*(?:{one}))"
        ),
        _arrow_substitute(one, free),
        # 替补：蚕豆 接 松果 / 蚕豆 代 腰果 (the sentence says 替补 or 请假: see substitutes)
        re.compile(rf"(?P<new>{one})\s*(?:接|代|换)\s*(?P<who>{one})"),
        # 瓜子回来了，蚕豆把签位还给他: the substitute gives the place back
        re.compile(
            rf"(?P<new>{one})\s*回来了?[，,\s]*(?P<who>{one})\s*把\s*(?:签位|位置|账号|号)\s*还给"
        ),
        # 抄手 接 麻婆 的单 / 凉粉 顶 棒棒 的缺: the seat as the old one's thing taken over (s50),
        # never his words, his vote or his post (接 X 的话, 代 X 的票)
        re.compile(
            rf"(?:是\s*)?(?P<new>{one}|(?:(?<=^)|(?<=[\s：:,，是]))(?!替补|{_NOT_A_SEAT_TAKER.pattern})"
            rf"{free}{{1,8}}?)\s*来?\s*(?:接过|接|代|顶)\s*"
            rf"(?P<who>{one})\s*的\s*"
            r"(?!话|票|茬|梗|言|问|帖|楼|观点|发言|意思|逻辑|分析|节奏)[\u4e00-\u9fff]{1,2}"
            r"(?=\s*(?:[。！!；;，,\n]|$))"
        ),
    ]


@dataclass(frozen=True, slots=True)
class _Name:
    player: str
    start: int
    end: int
    bracket: str  # the bracket written right after the name (番茄（投票）)


class Patterns:
    """The grammar for one player list."""

    # the last sentence of the lines read so far (read(): a story told one sentence a line)
    _reason: str = ""

    # a post's report lines whose layout alone suggests a death: who, and the line asked
    # (set by _reports for each post)
    _layout_asks: list[tuple[frozenset[str], str]]
    # the predicates the slot's open class read as a death (set by _reports for each post):
    # read, and asked — never silent about a reading the theme's words did not give
    _open_said: list[str]

    def __init__(
        self,
        players: list[str],
        piped_words: Sequence[str] = (),
        leaving_words: Sequence[str] = (),
    ) -> None:
        self.players = list(players)
        # the theme's words for leaving the game, declared by the game file (离场, 下车);
        # with the ones a post glosses (离场（出局）) they are the only verbs a report's
        # header turns into a death — any other verb there is listed, never guessed
        self._declared_leaving = tuple(fold(w) for w in leaving_words if w.strip())
        self._leaving: tuple[str, ...] = self._declared_leaving
        self._unread_verbs: list[str] = []  # the post's report lines with a verb unread
        self._open_said: list[str] = []  # the open class's reads (_reports)
        self._norm = {_nfkc(p): p for p in players}
        self._post_tallied = self._quoted_count = False  # it tells / quotes a count (read())
        self._piped_object = _piped_label(piped_words)
        self._piped_subject = _piped_subject(piped_words)
        # the piped's words, the preset's own among them (咪啪, 嘘, 喵喵): a sentence that
        # names a player beside one and gave no piped item for them is listed
        said = [re.escape(fold(w)) for w in piped_words if w.strip()]
        self._piped_said = re.compile(
            "|".join([r"吹笛(?!者)|管道(?!工)|Lv\.?\s*3|喵|汪|咪", *said])
        )
        names = sorted(self._norm, key=len, reverse=True)
        self._name_re = re.compile("|".join(re.escape(n) for n in names) or r"(?!x)x")
        one = "|".join(re.escape(n) for n in names) or r"(?!x)x"
        named = rf"(?:{one})(?:\s*[（(][^）)]*[）)])?"
        self._list_only = re.compile(
            rf"(?:{named})(?:\s*(?:[、,，]|和|与|及|同)\s*(?:{named}))*\s*[。！!；;]?"
        )
        self._count_re = re.compile(
            rf"(?P<who>{one})\s*(?:同学)?\s*[（(]?\s*(?:得票|票数)?\s*[:：]?\s*"
            r"(?P<n>\d+(?:\.\d+)?)(?![\d.])(?!\s*(?:人|日|天|点|时|号|月|年|分|位|个|次|帖|楼|[:：]\d))"
            r"\s*(?P<p>票)?"
        )
        self._cast_for_re = re.compile(rf"投给了?\s*(?P<who>{one})")
        self._top_said_re = re.compile(
            rf"(?P<who>{one})\s*(?:同学)?\s*(?:{_TOP_WORDS})|(?:{_TOP_WORDS})的(?:是|为)\s*(?P<who2>{one})"
        )
        self._verb_then_list = re.compile(rf"{_VERB_THEN_LIST}(?=(?:{one}))")
        self._one_a_line = re.compile(
            rf"(?:[-−–—*•·×✝†✗]+|\d{{1,2}}\s*[.、)])?\s*(?P<who>{named})\s*[。；;，,、]?"
        )
        self._sub_re = _substitute_res(one)

    # ------------------------------------------------------------------ names in a clause

    def names(self, clause: str) -> list[_Name]:
        out: list[_Name] = []
        for m in self._name_re.finditer(clause):
            if out and m.start() < out[-1].end:
                continue  # 芝麻（原土豆位）: inside the bracket of the name before
            b = _rx.match(r"\s*([（(][^）)]{0,24}[）)])", clause[m.end() :])
            bracket = b.group(1) if b else ""
            end = m.end() + (b.end() if b else 0)
            out.append(_Name(self._norm[m.group(0)], m.start(), end, bracket))
        return out

    # ------------------------------------------------------------------ the post

    def find(self, text: str) -> list[Announced]:
        return self.read(text)[0]

    def _prepared(self, text: str) -> str:
        """The post in the grammar's words, its layout read (lists, labels, tables, reports)."""
        text = self._tables(self._bare_deaths(_piped_passive(self._unrelay(_line_starts(text)))))
        text = self._lists(_day_label(self._night_list(_line_starts(clean(text)))))
        return self._reports(self._shorthand(self._night_label(text)))

    def _night_list(self, text: str) -> str:
        """A night's header on its own line (昨晚的结果：, 昨夜情况：) over lines that each open
        with a player: a death a line tells is the night's (issue 34, s49 — the morning's
        list, whatever the layout); a line that says its own ballot or time stays as it is,
        and a line that is no death gets nothing."""
        out: list[str] = []
        under = False
        for line in text.split("\n"):
            said = _rx.sub(r"^[\s・·•\-*－▪◦●○]+", "", line).strip()  # (a bullet)
            if _NIGHT_LIST_HEAD.fullmatch(said):
                under = True
            elif under and said and self._name_re.match(said):
                told = any(r.search(said) for _, r in _ELIM_RE)
                if told and not _rx.search(rf"{_NIGHT_HEADER}|票|投|白天|[昨今][天日]", said):
                    line = f"昨夜 {said}"
            else:
                under = False
            out.append(line)
        return "\n".join(out)

    def read(self, text: str) -> tuple[list[Announced], list[str]]:
        """What the post announces, and the clauses with an elimination's word whose
        player the grammar could not place (the post is then listed as 未读懂的公告 even
        though something else was read from it)."""
        said = text
        # (a count inside quotation marks is someone's words — 「投票结果：X 6 票…」: no
        # layout of the post makes its top a death; clean() drops the marks, so seen here)
        self._quoted_count = any(
            _rx.search(r"\d\s*票|票数|得票|投票结果", q.group(0))
            for q in _rx.finditer(r"「[^」]*」|“[^”]*”|『[^』]*』", text)
        )
        text = _BB_ROW.sub(_bb_row, text)  # [tr][td]昨夜出局[/td][td]无[/td][/tr]: 昨夜出局：无
        text = _LIST_ITEM.sub("\n", text)  # [list][*]昨夜：X[*]关帖：21:30 — an item is a line
        wrong = self._wrong(text)
        said_wrong = len(clean(text)) != len(_BBCODE.sub("", _QUOTE.sub("", _own(text))))
        # a sentence the director corrects mid-way, before clean() keeps the second half
        unplaced = [m.group(0) for m in _SELF_CORRECTED.finditer(_own(text))]
        text = self._prepared(text)
        unplaced += self._unread_verbs
        # (the slot's open class: read as a death, and the director asked to confirm it)
        unplaced += [
            f"{p}（按公告的版面读作出局：若不是出局，请改正）"
            for p in dict.fromkeys(self._open_said)
        ]
        post = _post_kind(text, said_wrong)
        self._post_tallied = self._tally(text)
        out: list[Announced] = []
        self._reason = ""
        for line in text.splitlines():
            if self._relayed(line):
                break  # 馄饨：— what follows is that player's words, relayed
            if _rx.match(r"\s*(?:Q|A|问|答)\s*[:：]", line):
                continue  # a rules Q&A: what would happen, not what did
            found, missed = self._line(line, post)
            out += found
            unplaced += missed
        out = self._paired_substitutes(text, out)
        unplaced = self._unpaired(unplaced, out)
        right = {a.player for a in out}
        wrong = tuple(w for w in wrong if w not in right)
        if wrong:
            out = [replace(a, replaces=wrong) if a.correction else a for a in out]
        out = _moved_earlier(text, self._revealed(text, _follow(out)))
        # never silent about what the reading is unsure of: a shot or a 殉情 with no death
        # before it (when it happened is not said), a sentence the director corrects mid-way
        unplaced += [a.clause for a in out if a.cause in ("hunter", "suicide") and a.how is None]
        found = self._alive(text, _seat_changes(_later_wins(text, _settle(out))))
        found = _inherited_spell(text, found, set(self._norm.values()))
        found, void = _voided(text, found)
        unplaced += void
        unplaced += self._untold(text, found)
        unplaced += self._unaccounted(text, found, unplaced)
        unplaced += _compact_times(text) + _close_unread(text) + self._quiet_lines(text, found)
        # (on the post's own words: fold's shorthand writes 环一 out as 环节一)
        unplaced += [m.group(0).strip() for m in _SHORT_PHASE.finditer(fold(said))]
        unplaced += self._unused_words(text, found) + _foreign_clocks(text)
        unplaced += _unpromised(text, found)
        unplaced += _corrected_clocks(text) + _weekday_recaps(text, found) + _from_now(text)
        unplaced += _phase_untold(text) + _phase_unsure(text)
        unplaced += self._uncovered(text, found, unplaced) + self._guessed(text, found)
        found = _drowned_before(text, found)
        unplaced += self._still_asked(found)
        unplaced += _unkept(text, found) + unread_times(_DENIED_VALUE.sub("", text), _ANY_DAY, UTC)
        unplaced += _fast_clock_unread(text, found)
        unplaced += _delay_unworded(text) + self._end_unread(text, found)
        unplaced += _granted(said)
        # (the clause as shown to the director and written into the file: the post's own
        # words, never the reader's — fh42 item 4, 他昨夜被雾吞没了 shown as 被雾吞出局)
        # (a newcomer's name too: the account as the post spells it, never the fold — fh44,
        # 由 蛋撻 替補 proposed as 蛋挞, an account no one has)
        return [
            replace(a, clause=own_words(said, a.clause), value=self._as_written(said, a.value))
            for a in found
        ], unplaced

    def _revealed(self, text: str, found: list[Announced]) -> list[Announced]:
        """The idiot by the shape of his reveal (seed 000 白痴 装傻: 当白痴因投票而即将出局时，
        可以避免出局，并公示): a card turned (翻牌, 翻开身份, 亮出底牌) to show 白痴 — whatever
        stands between (——, →, ：) — said of the player the line names before it (the day's
        top: X 得票最多 → 翻牌：白痴), with his staying said after it (不出局, 以后没票权): the
        vote's exit read for him is undone.  Never a supposition, a question, a card shown at
        a death, one told before (已翻牌), or an idiot who goes all the same."""
        out = list(found)
        for line in text.splitlines():
            for m in _REVEAL.finditer(line):
                who = self._revealed_at(text, line, m)
                if who is None or any(
                    a.type is EventType.IDIOT_REVEALED and a.player == who for a in out
                ):
                    continue  # (the grammar read it)
                out = [
                    a
                    for a in out
                    if not (
                        a.type is EventType.ELIMINATED
                        and a.player == who
                        and a.cause in (None, "vote")
                    )
                ]
                out.append(Announced(EventType.IDIOT_REVEALED, who, clause=line.strip()))
        return out

    def _revealed_at(self, text: str, line: str, m: re.Match[str]) -> str | None:
        """The player a reveal at ``m`` of ``line`` is said of, when the line has the shape
        of :meth:`_revealed` (his staying said, not a death's card); else None."""
        before = line[: m.start()]
        sentence_start = max(before.rfind(c) for c in "。！!；;") + 1
        if _SUPPOSE.search(before[sentence_start:]) or _rx.search(
            r"[？?]", line[m.end() : _sentence_end(line, m.end())]
        ):
            return None
        named = self.names(before)
        if not named or _rx.search(r"已|曾|早|之前|上次|昨[天日]|前[天日]", before[-4:]):
            return None  # (X 已翻牌白痴: told before, no reveal now)
        after = line[m.end() : _sentence_end(line, m.end())]
        told = before[named[-1].start :]
        # (a card shown at a death — X 昨夜被刀，翻牌：白痴 — is the role, no reveal;
        # the shape is the reveal with his staying said after it: 不出局, 以后没票权)
        rest = text[text.find(line) + m.end() :][:48] if line in text else after
        if any(r.search(told) for _, r in _ELIM_RE) or not _STAYS_IDIOT.search(rest):
            return None
        if _rx.search(r"(?<![不没未免非否])(?:出局|死|离场|淘汰)", rest):
            return None  # (he goes all the same — 失去此技能时立即出局)
        return named[-1].player

    def _as_written(self, said: str, value: str | None) -> str | None:
        """A name the reader took from the folded text, in the post's own characters (the
        roster's name as the roster spells it); anything else as it is."""
        if value is None or value in self._norm.values():
            return value
        at: list[int] = []  # the post's index of each character of its fold
        for i, ch in enumerate(said):
            at += [i] * len(fold(ch))
        j = "".join(fold(ch) for ch in said).find(value)
        return said[at[j] : at[j + len(value) - 1] + 1] if j >= 0 and value else value

    def _end_unread(self, text: str, found: list[Announced]) -> list[str]:
        """A game's end read with no exit read beside it, in a post that names a player no
        item is about (松花是杀手！最后一个杀手！好人集团赢了！): a game ends on an exit, and the
        one that ended it is told in words the grammar did not take — listed, never silent
        (issue 34).  Not a name a supposition or a question holds."""
        if not any(a.type is Notice.GAME_OVER for a in found) or any(
            a.type is EventType.ELIMINATED for a in found
        ):
            return []
        covered = {x for a in found for x in (a.player, a.value) if x}
        return [
            sentence.strip()
            for sentence in _SENTENCES.findall(text)
            if not _ASKS_OR_TIES.search(sentence)
            # (场上存活：X、Y — the living; X 的遗言, 申请 …: no event of theirs)
            and not _rx.search(r"申请|存活|在场", sentence)
            and not (_NOT_AN_EVENT.search(sentence) or _ALIVE.search(sentence))
            and any(
                n.player not in covered and not _supposed(sentence, n.start)
                for n in self.names(sentence)
            )
        ]

    def _guessed(self, text: str, found: list[Announced]) -> list[str]:
        """The eliminations whose how no word of their sentence says, in a post that speaks
        of a day's ballot or of a night elsewhere: which of them each belongs to is a guess
        (the post's time decides it), shown to the director, never silent.  And those whose
        clause counts the game in a theme's unit (第四轮归还, 第三期): which day it is, is a guess;
        a death said as the time of what follows (X 死亡后，…), which tells neither how nor
        when; and a death said of a whole group (杀手全部死亡) that took its player from before."""
        out = [
            a.clause
            for a in found
            if a.type is EventType.ELIMINATED
            and (
                _COUNTER.search(a.clause)
                or _AS_A_TIME.search(a.clause)
                or (a.player not in a.clause and _A_GROUP_DIES.search(a.clause))
            )
        ]
        if not _BOTH_PARTS.search(self._name_re.sub(" ", text)):
            return out
        return out + [a.clause for a in found if a.type is EventType.ELIMINATED and a.how is None]

    def _uncovered(self, text: str, found: list[Announced], listed: list[str]) -> list[str]:
        """The coverage rule as a guarantee, sentence by sentence (issue 34, never silent):
        a sentence that says a fact's word (a death or an exit, the badge, a substitute, the
        piping, the idiot, a quiet night, the end) yields an item of its own, or is undone (a
        question, a supposition, a negation, a label said of no one, a rule), or is listed.
        An item read from another sentence of the post does not account for it (X 出局 in
        one sentence, 平安夜 in the next: both must be read).  A sentence naming a player
        is the name rules' (:meth:`_unaccounted`, :meth:`_untold`)."""
        out: list[str] = []
        said_all = [s.strip() for s in _SENTENCES.findall(text)]
        for i, said in enumerate(said_all):
            if not said or _ASKS_OR_TIES.search(said) or any(said in u for u in listed):
                continue
            if self._scene(said, said_all[i + 1 : i + 2], found):
                continue
            if not self._accounted(said, found) and _untold_fact(said):
                out.append(said)
        return out

    def _scene(self, said: str, after: list[str], found: list[Announced]) -> bool:
        """A sentence that sets the night's scene (昨夜雾很浓。) with no fact's word and no
        name, when the very next sentence tells that night's deaths (天亮时，X、Y 都没有再醒来):
        the account goes on there, and was read."""
        night = _NIGHT_SAID.match(said)
        if not night or not after or self.names(said):
            return False
        if any(w.search(said) for _, w in _COVER_WORDS):
            return False
        nxt = _squash(after[0])
        return any(
            a.type is EventType.ELIMINATED
            and a.how == "night"
            and (c := _squash(a.clause))
            and (c in nxt or nxt in c)
            for a in found
        )

    def _accounted(self, said: str, found: list[Announced]) -> bool:
        """The sentence is an item's own, or names a player (the name rules'), or says only
        the end of a game read from the post (a game ends once: 游戏结束 beside 胜利：X)."""
        flat = _squash(said)
        if any((c := _squash(a.clause)) and (c in flat or flat in c) for a in found):
            return True  # an item of its own
        covered = {x for a in found for x in (a.player, a.value) if x}
        named = {n.player for n in self.names(said)}
        if named:
            # a name no item is about, or one read elsewhere (a caption's recap)
            return bool(named - covered or not _NIGHT_SAID.match(said))
        return any(a.type is Notice.GAME_OVER for a in found) and _only_kind(said, "game_over")

    def _unused_words(self, text: str, found: list[Announced]) -> list[str]:
        """The sentences that say a kind of event's word (加速, 白痴, 替补, 警长, 平安, 胜,
        延时 …) in a post from which no item of that kind was read: the director stated
        something the grammar did not take, whatever the voice, and the post is listed
        (未读懂的公告).  Not a sentence that asks, supposes, requests, negates the word,
        counts a request short or explains a rule."""
        kinds = {str(a.type) for a in found}
        delayed = any(p.delay for p in find_points(text, _ANY_DAY, UTC))
        out: list[str] = []
        for sentence in _SENTENCES.findall(text):
            if _ASKS_OR_TIES.search(sentence):
                continue
            if _NOT_STATED.search(sentence) and not _count_reached(sentence):
                # a request undoes its own clause, not the sentence (今天申请加速的六个人，
                # 一半了，加速了: the last clause states it); the other frames the sentence
                if any(not m.group(0).startswith("申请") for m in _NOT_STATED.finditer(sentence)):
                    continue
                sentence = "".join(
                    c for c in _rx.split(r"(?<=[，,])", sentence) if not _NOT_STATED.search(c)
                )
            for kind, words in _KIND_WORDS:
                if kind == "delayed" and (delayed or not _DELAY_TOLD.search(sentence)):
                    continue  # a delay is told with its new close or its outcome (not 延时日)
                if kind != "delayed" and kind in kinds:
                    continue
                if self._states(sentence, kind, words):
                    out.append(sentence.strip())
                    break
        return out

    def _states(self, sentence: str, kind: str, words: re.Pattern[str]) -> bool:
        """The sentence says the kind's word as a statement: not negated (不加速, 今天没有人
        Lv.3), failed (加速未通过), a rule's or a result's (白痴…可装傻, 加速结算), nor
        supposed."""
        if kind == "piped":
            said = self._piped_said.search(sentence)
            m = said if said and not _PIPED_NONE.search(sentence[said.end() :]) else None
        else:
            m = words.search(sentence)
        return not (
            m is None
            or _NEGATED_WORD.search(_clause_before(sentence, m.start()))
            or _FAILED.match(_clause_after(sentence, m.end()))
            or (kind in _NOT_THE_EVENT and _NOT_THE_EVENT[kind].search(sentence))
            or _supposed(sentence, m.start())
        )

    def _quiet_lines(self, text: str, found: list[Announced]) -> list[str]:
        """The sentences that name no player and say the night's outcome in words no item
        came from (昨晚：没人死, 昨夜无事, 夜：0 死): the night is stated, and never passed in
        silence when the post gave no 平安夜."""
        if any(a.type is Notice.NO_DEATH for a in found):
            return []
        out: list[str] = []
        for sentence in _SENTENCES.findall(text):
            if self.names(sentence) or _SUPPOSE.search(sentence) or _ASKS_OR_TIES.search(sentence):
                continue
            if _rx.search(r"\d\s*[:：]\s*\d", sentence):
                continue  # a night's hours (夜晚：11月26日0:00-20:00), not its outcome
            night = _NIGHT.search(sentence) or _NIGHT_HEAD.match(sentence)
            if night and _QUIET_WORDS.search(sentence[night.end() :]):
                out.append(sentence.strip())
        return out

    def _alive(self, text: str, found: list[Announced]) -> list[Announced]:
        """A player the post says lives (X 还活着, X 仍存活, X 没死, X 被医生救活了, X 不会死亡,
        X 请继续游戏) is eliminated by none of its
        clauses: the correction's last word (刚才说 X 被投出是我看错了 … X 还活着)."""
        one = self._name_re.pattern
        alive = {
            self._norm[m.group(1)]
            for m in _rx.finditer(
                rf"({one})\s*(?:(?:还|仍|仍然|依然|依旧)?\s*(?:活着|存活|健在|在场(?![外下])|在线|活得好好的|没死)"
                r"|(?:昨夜|昨晚)?\s*被[^，。\d]{0,6}?(?:救活|救下|守住)|[^，,。\d]{0,8}?(?:不会死|不出局|安然无恙|毫发无伤)"
                # (X 被刀，但他是村长，第一次被刀不会出局: the sentence's later clause undoes it)
                r"|[^。！!；;\n]{0,24}?(?:但|可|不过)[^。！!；;\n]{0,16}?不会(?:死|出局)"
                r"|请继续(?:游戏|发言|参与))",
                text,
            )
            if not _SUPPOSE.search(text[max(0, m.start() - 8) : m.start()])
        } | {
            # a reading checked and denied (经核实 X 并未被袭击, 事实上 X 没有出局)
            self._norm[m.group(1)]
            for m in _rx.finditer(
                rf"(?:经核实|核实后|经查|经确认|事实上|实际上|其实)\s*[，,]?\s*({one})\s*"
                r"(?:并未|并没有|并没|没有|没|未曾|未)\s*(?:被|遭到?)?[^，,。\d]{0,4}?"
                r"(?:袭击|杀|刀|害|毒|狙|投|出局|死|淘汰|离场)",
                text,
            )
            if not _SUPPOSE.search(text[max(0, m.start() - 8) : m.start()])
        }
        return [a for a in found if not (a.type is EventType.ELIMINATED and a.player in alive)]

    def _untold(self, text: str, found: list[Announced]) -> list[str]:
        """The lines naming a player no item is about, in a post that speaks of the game's
        events: a story (一声是钧瓷——狼群的爪痕…) or a symbol (☾ ✝ 粉彩) the grammar did
        not read is listed, never passed in silence."""
        if not _EVENTFUL.search(self._name_re.sub("", text)):
            return []
        # (a notice names nobody: its "" covers no bracket — 平安夜（…：X 死了）is untold)
        covered: set[str | None] = {x for a in found for x in (a.player, a.value) if x}
        return [
            line.strip()
            for line in text.splitlines()
            if any(
                (rest := _event_rest(sentence)) and self._eventful(rest, covered, told=True)
                for sentence in _SENTENCES.findall(line)
                if not _ALIVE.search(sentence)
            )
        ]

    def _unaccounted(self, text: str, found: list[Announced], listed: list[str]) -> list[str]:
        """The coverage rule (issue 34): every sentence naming a player either yields an item
        about them, or is undone, or the post is listed — whatever words it tells the event
        in (a theme's 送走 / 下船 / 没挺过去, a bare 昨夜：X).  Undone: a question, a
        supposition, a quote, a name that a count follows (X 4 票), a name that acts (X 投给),
        a player well again (Lv.1, 恢复, 活), a ballot's candidates (对象：X、Y, X vs Y), a
        player's own words or honours (遗言, MVP), a request to them (请 X 先发言), a rule, a
        correction's wrong name.  (``listed``: what the post is listed for already.)"""
        out: list[str] = []
        for sentence in _SENTENCES.findall(text):
            if any(sentence.strip() in u for u in listed):
                continue
            # (what undoes a clause undoes that clause: 护照 已改票投 安检，没能登机的是 舷窗
            # — the ballot's clause is no event, the next one is)
            rest = _event_rest(sentence)
            if rest and self._eventful(rest, self._covered_in(sentence, found), told=True):
                out.append(sentence.strip())
        return out

    def _covered_in(self, sentence: str, found: list[Announced]) -> set[str | None]:
        """The players the sentence's own items are about (sentence by sentence: an item
        read from another sentence of the post does not account for a name here — 安吉
        takes the seat in one sentence, 安吉 is muted in the next: both are events)."""
        flat = _squash(sentence)
        own: set[str | None] = {
            x
            for a in found
            if (c := _squash(a.clause)) and (c in flat or flat in c)
            for x in (a.player, a.value)
            if x
        }
        # a player read elsewhere, named again here: a restatement (X 出局。X 是猎人) unless
        # this sentence states a fact of another kind no item of theirs is (X 接替 Y。X 也是
        # Lv.3: the muting is a second event)
        said = {
            kind
            for kind, words in _COVER_WORDS
            if kind not in ("no_death", "game_over") and words.search(sentence)
        }
        kinds: dict[str, set[str]] = {}
        for a in found:
            for x in (a.player, a.value):
                if x:
                    kinds.setdefault(x, set()).add(str(a.type))
        again: set[str | None] = {x for x, ks in kinds.items() if said <= ks}
        return own | again

    def _unpaired(self, unplaced: list[str], found: list[Announced]) -> list[str]:
        """The unplaced lines less those that hold a half of a substitute read as a pair
        (离场：A / 上场：B — each line alone names one half)."""
        subs = [a for a in found if a.type is EventType.SUBSTITUTE]
        pairs = {x for a in subs for x in (a.player, a.value)}
        return [
            u
            for u in unplaced
            if not (names := {n.player for n in self.names(u)})
            or not names <= pairs
            or not (
                _rx.match(rf"\W*(?:{_LEAVES}|{_COMES})\s*[:：|]", u)
                or any(
                    a.clause.strip() in u and not self.names(u.replace(a.clause.strip(), ""))
                    for a in subs
                    if a.clause
                )
            )
        ]

    def _paired_substitutes(self, text: str, found: list[Announced]) -> list[Announced]:
        """A substitute told in two parts: labels (离场：毛豆 / 上场：蚕豆, ｜请假｜核桃｜ /
        ｜临时替补｜瓜子｜) or two short sentences (腰果 请假。蚕豆 代。): who leaves, who comes
        in — and the one who leaves is no elimination (离场 is the seat changing hands)."""
        one = self._name_re.pattern
        leaves = _rx.findall(rf"(?:{_LEAVES})\s*[:：|]\s*({one})", text)
        comes = _rx.findall(rf"(?:{_COMES})\s*[:：|]\s*({one})", text)
        # (… on the next item of a numbered list: 1. X 12月18日—19日 出差请假 / 2. 期间由 Y 临时代打)
        pair = _rx.search(
            rf"({one})[^，,。\n]{{0,16}}?(?:{_LEAVES})[^。\n]{{0,6}}?(?:[。，,]|\n\s*(?:\d{{1,2}}\s*[.、)]\s*)?)"
            rf"\s*(?:期间|其间|这期间)?\s*(?:由\s*)?(?:替补\s*)?({one})\s*"
            r"(?:暂|临时)?(?:代|顶|接|替|上场|补上|代打)(?:替|上|打|为[^，,。！!]{1,4})?\s*(?:[。！!，,]|$)",
            text,
            re.M,
        )
        # 苦瓜回来了，豆芽下场 / X 已回来 … Y 交还签位: the stand-in gives the seat back
        back = _rx.search(
            rf"(?P<new>{one})\s*(?:今天|今日|已经?)?\s*(?:请假)?(?:回来了?|回场|归队|销假|复牌|返场|回归)[^。]{{0,40}}?"
            rf"(?P<who>{one})\s*(?:下场|退场|离场|让位|交还|归还|退回|下船休息)",
            text,
        )
        for told in (pair, back):
            if told is not None:
                opening = max(text.rfind(c, 0, told.start()) for c in "。！!；;？?\n")
                if _SUPPOSE.search(text[opening + 1 : told.end()]):
                    return found  # 如果 X 请假，由 Y 代打: supposed
        if pair:
            leaves, comes = [pair.group(1)], [pair.group(2)]
        elif back:
            leaves, comes = [back.group("who")], [back.group("new")]
            pair = back
        if len(leaves) != 1 or len(comes) != 1 or leaves == comes:
            return found
        who, new = self._norm[leaves[0]], self._norm[comes[0]]
        if any(a.type is EventType.SUBSTITUTE and a.value == new for a in found):
            return found
        kept = [a for a in found if not (a.type is EventType.ELIMINATED and a.player == who)]
        clause = pair.group(0) if pair else text
        return [*kept, Announced(EventType.SUBSTITUTE, who, value=new, clause=clause)]

    def _unrelay(self, text: str) -> str:
        """A player's words in a bracket after the result (葡萄干 出局 (葡萄干:我还没吃够呢！)):
        theirs, not the director's."""
        one = self._name_re.pattern
        return _rx.sub(rf"[（(]\s*(?:{one})\s*[:：][^）)]*[）)]", "", _nfkc(text))

    def _tables(self, text: str) -> str:
        """A heading whose label is the event and the rows under it that hold a name each
        (【昨夜出局】 / ｜1｜栗子｜ / ｜2｜开心果｜, 【当日警长】 / ｜腰果｜): one labelled list,
        昨夜出局：栗子、开心果 — the rows are the label's player slot."""
        lines = text.splitlines()
        out: list[str] = []
        i = 0
        while i < len(lines):
            head = _HEADING.fullmatch(lines[i])
            rows: list[str] = []
            j = i + 1
            while head and j < len(lines) and (row := self._name_row(lines[j])) is not None:
                rows.append(row)
                j += 1
            if head and rows:
                label = next(g for g in head.groups() if g)
                out.append(f"{label}：{'、'.join(rows)}")
                i = j
                continue
            out.append(lines[i])
            i += 1
        return "\n".join(out)

    def _name_row(self, line: str) -> str | None:
        """The name a table row holds (｜1｜栗子｜, ｜松果｜（猎人 桂圆 开枪带走）, 2. 开心果, - 开心果),
        with a bracket written after it; None for a row of anything else."""
        # (a numbered row, or a bulleted one: - 栗子, • 栗子, * 栗子)
        numbered = _rx.fullmatch(r"\s*(?:\d{1,2}\s*[.、．]|[-+*•·])\s*([^|]+?)\s*", line)
        cells = [c.strip() for c in _rx.split(r"\|", line) if c.strip()]
        if len(cells) > 1 and _rx.fullmatch(r"\d{1,2}\s*[.、．]?", cells[0]):
            cells = cells[1:]  # ｜1｜栗子｜: the row's index
        if numbered:
            cells = [numbered.group(1)]
        if len(cells) > 2:
            return None
        if not cells or not self._name_re.fullmatch(
            _rx.sub(r"\s*[（(][^）)]*[）)]\s*$", "", cells[0])
        ):
            return None
        if len(cells) == 2 and not _rx.fullmatch(r"[（(][^）)]*[）)]", cells[1]):
            return None
        return "".join(cells)

    def _night_label(self, text: str) -> str:
        """夜：杏仁（杀）、毛豆（双空针） — a night label before nothing but players is the
        night's 出局 (夜：平安 and 昨夜：馄饨……不对 stay as they are); 警长 A → B is the
        badge handed over."""
        one = self._name_re.pattern
        text = _rx.sub(_HANDOVER.format(one=one), r"警徽由\1移交给", text)
        text = _rx.sub(
            _HOLDER_HANDOVER.format(one=one),
            lambda m: f"警徽由{m.group(1) or m.group(2)}移交给",
            text,
        )
        text = self._badge_passed(text)
        named = rf"(?:{one})(?:\s*[（(][^）)]*[）)])?"
        only = rf"(?={named}(?:\s*[、,]\s*{named})*\s*(?:[。！!]|$))"
        return _rx.sub(rf"{_NIGHT_LABEL.pattern}{only}", "昨夜出局：", text, flags=re.M)

    def _linked(self, text: str) -> str:
        """Two deaths, the cause after (issue 34, s49; seed 000 情侣 殉情, 猎人 最后一枪): the
        second name by its linking clause — the lovers named (A 与 B 为恋人，A 一并 V: A's 殉情)
        or the hunter's shot told with 把 (一枪把 B 打了: B goes by the hunter).  Put in the
        grammar's words; never a shot the clause undoes."""
        one = self._name_re.pattern
        text = _rx.sub(
            rf"(?P<pair>(?P<a>{one})\s*(?:与|和|跟|同)\s*(?:{one})\s*(?:为|是)\s*(?:一对)?\s*"
            rf"(?:恋人|情侣|爱人|伴侣|一对)\s*[，,]\s*(?P=a))\s*(?!殉情)",
            r"\g<pair> 殉情，",
            text,
        )
        return _rx.sub(
            rf"(?<![不没未别])(?:一枪|开枪|开了一枪|举枪)\s*(?:就|便)?\s*把\s*(?P<b>{one})\s*(?:给)?\s*"
            r"(?:打|崩|轰|毙|撂|放|带|送|干|收)(?:死|倒|翻|走|掉)?了",
            r"开枪带走了 \g<b>",
            text,
        )

    def _seat_taken(self, text: str) -> str:
        """A substitute by his shape (issue 34, s49; seed 000 替补, seed 002 6.1 请假 临时替换,
        seed 004 每名角色仅限更换一次替补): a name taking another's seat in the theme's verb
        (A 坐 B 的位置, A 接 B, A 登台替 B), or the one away coming back as his stand-in steps down (A 归队，B 下场) — put in the
        grammar's words, A 顶替 B.  Never a verb the clause undoes or supposes."""
        one = self._name_re.pattern
        filler = r"(?:(?![不没未别想要会能可该若如])[\u4e00-\u9fff]){0,2}?"
        ends = r"(?=\s*(?:[。！!；;，,]|$))"
        seat = r"[\u4e00-\u9fff]{0,2}?(?:位置?|位子|座位?|席位?|号|班)(?![\u4e00-\u9fff])"
        # (the newcomer may be on no list yet: a word of its own after a label, a space or
        # the line's start, before a space or a bracket)
        free = (
            r"(?:(?<=^)|(?<=[\s：:,，]))[^\s，。、：:（）()【】,;；!！?？由经|]{2,8}?(?=\s|[（(])"
        )
        new = rf"(?:{one}|{free})"

        def taken(m: re.Match[str]) -> str:
            a, b = m.group("a"), m.group("b")
            for who in (a, b):
                if not self._name_re.fullmatch(who) and (
                    _NOT_A_NEWCOMER.search(who) or _NOT_A_SEAT_TAKER.search(who)
                ):
                    return m.group(0)
            if a == b or not (self._name_re.fullmatch(a) or self._name_re.fullmatch(b)):
                return m.group(0)
            if m.group("back") and not self._name_re.fullmatch(b):
                return f"{a} 归队，{b} 下场"  # (the grammar's return: the replaced back)
            return f"{a} 顶替 {b}"

        for shape in (
            rf"(?P<a>{new})(?P<back>)\s*{filler}(?:坐|接任|接替|接|顶|替|占)(?:了|的是|上了?)?\s*(?P<b>{one})\s*(?:的|之)?\s*{seat}",
            rf"(?P<a>{new})(?P<back>)\s*{filler}(?:接手|接过|接|替)\s*(?P<b>{one}){ends}",
            rf"(?P<a>{one})\s*{filler}(?:销假)?(?P<back>归来|回来|回归|归队|复出|返场|回到场上)了?\s*[，,、]\s*"
            rf"(?P<b>{new})\s*{filler}(?:下场|下去|退下|离场|下线|让位)[^，。,；;！!]{{0,4}}{ends}",
        ):
            text = _rx.sub(shape, taken, text, flags=re.M)
        return text

    def _badge_passed(self, text: str) -> str:
        """The badge passed, by its shape (issue 34, s49; seed 000 警长 殉职 — 须移交警长): the
        badge pointed at a name (警徽 → X), a handover's label over one name (龙头交接：X, 移交：
        X), the office taken up (由 X 接任, 警长：X（接）) or given another holder (小组长 换成
        X) — the theme's word for the office is any, the shape the handover's.  Never a seat
        (由 X 接任 Y 的位置 is a substitute's), nor a label of the substitutes (替补交接：X)."""
        one = self._name_re.pattern
        ends = r"(?=\s*(?:[。！!；;，,]|$))"
        office = (
            r"(?:警长|警徽|[\u4e00-\u9fff]{0,3}(?<![延加增成生擅特])长|[\u4e00-\u9fff]{0,3}委员)"
        )
        text = _rx.sub(rf"警徽\s*[:：]?\s*(?:→|->|=>|⇒)\s*(?={one})", "警徽移交给", text)
        text = _rx.sub(
            rf"(?:^|(?<=[\s。！!；;，,】]))[\u4e00-\u9fff]{{0,4}}(?<![替补代顶班座位号])(?:交接|移交)\s*[:：]\s*"
            rf"(?=(?:{one}){ends})",
            "警徽移交给",
            text,
            flags=re.M,
        )
        text = _rx.sub(
            rf"由\s*({one})\s*(?:接任|继任|接掌|接棒)(?![^。！!；;\n]{{0,10}}?(?:位置|座位|账号|号|替))",
            r"警徽移交给\1",
            text,
        )
        text = _rx.sub(
            rf"{office}\s*[:：]\s*({one})\s*[（(]\s*(?:接|接任|继任|接过|接棒|接手)\s*[）)]",
            r"警徽移交给\1",
            text,
        )
        return _rx.sub(
            rf"{office}\s*(?:换成|换为|改为|改成|变成|易主给?|换人为?)\s*(?=(?:{one}){ends})",
            "警徽移交给",
            text,
        )

    def _reports(self, text: str) -> str:
        """The director's report read by its structure (issue 34): a report header (the
        night just passed, the day's ballot) fixes the kind, a roster name the player, and
        the verb between is the director's world's word for leaving, whatever it is — put in
        the grammar's words.  Never a verb of another kind (:data:`_OTHER_KIND`) or one that
        undoes (差点, 没, 未), and never a predicate that has the grammar's own words already.
        The verb must be one the post glosses (离场（出局）) or the game file declares: any
        other is listed (round 3 of s40: a wrong death is worse than a question)."""
        self._leaving = self._declared_leaving + self._glossed_verbs(text)
        self._unread_verbs = []
        self._layout_asks = []
        self._open_said = []
        text = self._offices(self._seat_taken(self._linked(text)))
        text = self._labels(self._listed_lines(text))
        text = self._said(text)
        text = self._glossed(self._cause_lists(text))
        text = self._verb_is(text)
        text = self._by_agent(self._result_slot(text))
        return self._likewise(self._counted_out(self._after_tally(self._majority_out(text))))

    def _majority_out(self, text: str) -> str:
        """A player's majority told as the ballot's end (issue 34, s50; seed 002 有人过半则
        直接出局, and at any rule set's ballot the top): 宫保 过半，切除 / 柿饼 5 票过半 — the
        majority itself is the vote-out, whatever the theme's verb after it.  Never in a
        running count or an election (目前, 当选 — :data:`_RUNNING_COUNT`), a supposition or
        a question, nor with a verb after it of another kind or one that undoes (过半，但白痴
        翻牌), nor where the grammar's own words tell the exit already."""
        one = self._name_re.pattern

        def out(m: re.Match[str]) -> str:
            opening = max(text.rfind(c, 0, m.start()) for c in "。！!；;？?\n")
            end = _sentence_end(text, m.end())
            sentence = text[opening + 1 : end]
            after = m.group("after")
            if (
                _RUNNING_COUNT.search(sentence)
                or _SUPPOSE.search(sentence)
                or text[end : end + 1] in ("？", "?")
                or _UNDOING.search(after)
                or any(r.search(sentence) for _, r in _ELIM_RE)
            ):
                return m.group(0)
            return f"{m.group('who')} 过半，投票出局{after}"

        return _rx.sub(
            rf"(?<![没未不无])(?P<who>{one})\s*(?:得票|票数)?\s*(?:\d+(?:\.\d+)?\s*票\s*)?(?:已经?)?"
            r"过半(?P<after>(?:\s*[，,]\s*[^，,。！!；;？?\n]{1,6})?)(?=\s*(?:[。！!；;\n]|$))",
            out,
            text,
        )

    def _by_agent(self, text: str) -> str:
        """Who did it, in the sentence (issue 34, session 48): X 让狙击手给崩了, X 被杀手给害了 —
        a roster name, a passive (让 / 叫 / 被 / 给) with the night's killer as its agent and a
        verb told done that is none of the closed class: the night's death, whatever the verb;
        with the crowd as its agent (大伙儿, 大家, 众人) and a verb of removal (轰下台, 捞出锅,
        请出去): the vote's.  Never a supposition, nor a state (被狼人盯上了, 被大家选为警长)."""
        one = self._name_re.pattern
        killer = r"狙击手|杀手|狼人?|女巫|秘警|秘密警察|凶手|刺客"
        crowd = r"大伙儿?|大家伙?儿?|众人|全场|全村|全体|群众|村民们?|乡亲们"

        def by(m: re.Match[str]) -> str:
            verb, agent = m.group("v"), m.group("agent")
            opening = max(text.rfind(c, 0, m.start()) for c in "。！!；;？?\n")
            if _SUPPOSE.search(text[opening + 1 : m.end()]) or not self._open_out(verb, label=True):
                return m.group(0)
            if _rx.fullmatch(killer, agent):
                return f"{m.group('who')} 被杀害了"
            if _rx.search(r"[出下走掉去退离]", verb) or self._leaves(verb):
                return f"{m.group('who')} 被投票出局了"
            return m.group(0)

        return _rx.sub(
            rf"(?P<who>{one})\s*(?:{_ADDRESS}|同志)?\s*(?:让|叫|被|给)\s*(?P<agent>{killer}|{crowd})"
            r"\s*给?\s*(?P<v>[\u4e00-\u9fff]{1,4}?)(?:了|啦)(?=\s*(?:[。！!；;，,～~]|$|\s))",
            by,
            text,
        )

    def _result_slot(self, text: str) -> str:
        """The vote's result slot (issue 34, session 48): a result's header (第N日结果：, 投票
        结果：, 票唱完了：, 票毕：), one roster name, then the decision in the director's words
        after the count's clauses (5/8 过半, 6 票) — 第2日结果：X 5/8 过半，强制销户; 票唱完了：
        X，过半，处决.  The decision is the vote's elimination unless it is one of the closed
        class (:data:`_STAYS`: 当选, 领先, 平票 …) or undoes; a second name, a question or a
        supposition leaves the line to the rest of the grammar."""
        one = self._name_re.pattern
        header = (
            rf"(?:第\s*{_NUM}\s*[天日轮](?:\s*环节\s*[一二三123])?\s*)?(?:投票|计票|表决)?结果"
            r"|票[\u4e00-\u9fff]{0,2}?(?:完|毕)了?|唱票(?:完毕|结束)"
        )

        def result(m: re.Match[str]) -> str:
            rest = m.group("rest")
            if self._name_re.search(rest) or _SUPPOSE.search(m.group(0)):
                return m.group(0)
            count = r"\d+\s*(?:/\s*\d+)?\s*票?|过半数?|超过半数|半数以上|[（(][^）)]*[）)]"
            said = [
                c.strip() for c in _rx.split(r"[，,、\s]+", _rx.sub(count, " ", rest)) if c.strip()
            ]
            if len(said) != 1 or any(r.search(said[0]) for _, r in _ELIM_RE):
                return m.group(0)
            if not self._open_out(said[0], label=True):
                return m.group(0)
            return f"{m.group('lead')}投票出局：{m.group('who')}，{said[0]}"

        return _rx.sub(
            rf"(?P<lead>{_REPORT_START}(?:【[^】\n]{{0,16}}】)?\s*)(?:{header})\s*[:：]\s*"
            rf"(?P<who>{one})(?P<rest>[^。！!；;？?\n]*)(?=[。！!；;]|$)",
            result,
            text,
            flags=re.M,
        )

    def _top_counted(self, text: str) -> tuple[str, int] | None:
        """The one player at the top of the day's count the post tells, as the post writes
        the name, and where the count first names them: players each with a count (X 6 票，
        Y 4 票; 表决：X 7，Y 3 — a bare number where the line speaks of the vote), a tie
        decided by a vote for one of them (平票 … 警长投给了 X), or the top said in words
        (X 得票最多, 票数最多的是 X).  None while the vote runs (目前, 暂), for the badge's
        count (当选, 竞选), or when the top is not one player."""
        if _RUNNING_COUNT.search(text) or _COUNT_FIXED.search(text):
            return None  # (a count the post corrects is no certain top: 不对，X 是 7 票)
        counts: dict[str, tuple[float, int]] = {}
        for m in self._count_re.finditer(text):
            line = text[text.rfind("\n", 0, m.start()) + 1 : _line_end(text, m.end())]
            if m.group("p") or _BALLOT_LINE.search(line):
                n, at = float(m.group("n")), m.start()
                who = m.group("who")
                counts[who] = max(counts.get(who, (n, at)), (n, at), key=lambda c: c[0])
        if counts:
            most = max(n for n, _ in counts.values())
            tops = [w for w, (n, _) in counts.items() if n == most]
            if len(tops) > 1:
                chosen = {
                    m.group("who")
                    for m in self._cast_for_re.finditer(text)
                    if m.group("who") in tops and m.start() > min(a for _, a in counts.values())
                }
                tops = list(chosen)
            return (tops[0], counts[tops[0]][1]) if len(tops) == 1 else None
        said: dict[str, int] = {}
        for m in self._top_said_re.finditer(text):
            said.setdefault(m.group("who") or m.group("who2"), m.start())
        return next(iter(said.items())) if len(said) == 1 else None

    def _after_tally(self, text: str) -> str:
        """A vote's result by its structure (issue 34): the day's count with one player at
        its top (:meth:`_top_counted`), then a clause or a label whose only name is that
        player — X 表决甩车, 除名：X, X 得票最多，被请出场.  The layout alone never makes the
        death: the clause must hold a word for leaving (the game file's ``leaving``, or one
        the post glosses); any other is listed with the reading it suggests (:meth:`_ask`) —
        X 明天再战, 处罚：X (round 3 of s41's review).  Never a clause that undoes (a
        question, a supposition, 差点, 白痴, a state: X 是狼), one that says who they are or
        what they said (发言, 说), a count with no decision (X 6 票，Y 4 票 alone), a count
        undone from the count's line through the decision (假如, 例如, 规则) or quoted, nor a
        line with the grammar's own word (the grammar reads that itself)."""
        top = None if self._quoted_count else self._top_counted(text)
        if top is None:
            return text
        who, since = top
        name = re.escape(who)
        counted_from = text.rfind("\n", 0, since) + 1

        def out(pred: str, m: re.Match[str]) -> bool:
            """The decision holds a word for leaving (the file's, or one the post glosses);
            a decision the layout alone suggests is asked (:meth:`_ask`), never read."""
            if not self._decides(pred, m, counted_from):
                return False
            # (the top of the count fixes the slot: its decision may be a bare verb, 毕业)
            if self._leaves(pred) or self._open_out(pred, label=True):
                return True
            said = m.string
            opening = max(said.rfind(c, 0, m.start()) for c in "。！!；;？?\n")
            self._ask(said[opening + 1 : _sentence_end(said, m.end())], f"{who} 投票出局", pred)
            return False

        def subject(m: re.Match[str]) -> str:
            pred = m.group("pred")
            return f"投票出局：{m.group('who')}，{pred}" if out(pred, m) else m.group(0)

        def label(m: re.Match[str]) -> str:
            verb = m.group("verb")
            return f"投票出局：{m.group('who')}" if out(verb, m) else m.group(0)

        def after(m: re.Match[str]) -> str:
            pred = m.group("pred")
            return f"{m.group('said')}，投票出局，{pred}" if out(pred, m) else m.group(0)

        pred = r"(?P<pred>[\u4e00-\u9fff][^，。,；;！!？?\n]{0,11}?)"
        text = _rx.sub(
            rf"{_REPORT_START}[—\-–\s]*(?P<who>{name})\s*(?:同学)?\s*{pred}(?={_REPORT_END})",
            subject,
            text,
            flags=re.M,
        )
        text = _rx.sub(
            rf"{_REPORT_START}(?P<verb>[\u4e00-\u9fff]{{2,6}})\s*(?:[（(][^）)]{{0,8}}[）)])?\s*[:：]\s*"
            rf"(?P<who>{name})(?=\s*(?:[（(][^）)]*[）)])?\s*[。！!；;]?\s*$)",
            label,
            text,
            flags=re.M,
        )

        text = self._asked_to_leave(text, name, pred, out, counted_from)
        # (the count or the top said, then the decision in a clause of its own: X 6 票，离场)
        mention = (
            rf"(?:{name})\s*(?:同学)?\s*(?:[（(][^）)]{{0,12}}[）)])?\s*(?:得票)?\s*[:：]?\s*"
            rf"(?:\d+(?:\.\d+)?\s*票|{_TOP_WORDS})"
            rf"|(?:{_TOP_WORDS})的(?:是|为)\s*(?:{name})"
        )
        return _rx.sub(
            rf"(?P<said>(?:{mention})(?:\s*[（(][^）)]{{0,16}}[）)])?"
            rf"(?:\s*[，,]\s*(?:过半数?|超过半数|[^，,。\n]{{0,6}}票[^，,。\n]{{0,6}}))*)"
            rf"\s*[，,]\s*{pred}(?={_REPORT_END})",
            after,
            text,
            flags=re.M,
        )

    def _asked_to_leave(
        self,
        text: str,
        name: str,
        pred: str,
        out: Callable[[str, re.Match[str]], bool],
        counted_from: int,
    ) -> str:
        """The director asks the top of the count to leave (X 7 票，请 X 下车 / 请 X 同学离开
        教室): the vote's result.  The request itself says leaving, or getting off the
        theme's vehicle or stage (昨夜：X 下车 alone needs the word declared); any other
        verb goes through :meth:`_after_tally`'s test (read, or asked)."""

        def asked(m: re.Match[str]) -> str:
            # (where they are sent from is no word of the decision: 请 X 在本站下车)
            said = _rx.sub(r"^在[^，。！!]{0,6}?(?=下|离|出|退)", "", m.group("pred"))
            gone = _rx.match(r"(?:离开|出去|出局|退场|离场|下(?:车|船|机|台|桌))", said)
            if (gone and self._decides(said, m, counted_from)) or out(said, m):
                return f"投票出局：{m.group('who')}，{said}"
            return m.group(0)

        return _rx.sub(
            rf"请\s*(?P<who>{name})\s*(?:{_ADDRESS})?\s*{pred}(?={_REPORT_END})",
            asked,
            text,
            flags=re.M,
        )

    def _decides(self, pred: str, m: re.Match[str], counted_from: int) -> bool:
        """The clause after the count could be its decision: after the count's line, no name
        but the top's, no number, nothing that undoes or keeps the player, no praise or speech,
        not the grammar's own word, and nothing from the count through it that undoes it (a
        supposition, a rules example, a question, a quote)."""
        text = m.string
        opening = max(text.rfind(c, 0, m.start()) for c in "。！!；;？?\n")
        end = _sentence_end(text, m.end())
        sentence = text[opening + 1 : end]
        named = m.start("who") if "who" in m.re.groupindex else m.start()
        clause = max(text.rfind(c, 0, named) for c in "，,。！!；;？?\n")
        return not (
            m.start() < counted_from
            # (the badge goes with the top: 警徽跟着 X 走 — a sheriff, never a leaving)
            or _BADGE_CLAUSE.search(text[clause + 1 : named])
            or self._name_re.search(pred)
            or _rx.search(r"\d", pred)
            or _NO_ACT.match(pred)
            or _UNDOING.search(pred)
            or _NOT_TOLD_OUT.search(pred)
            or _NOT_AN_EXIT.search(pred)
            or any(r.search(sentence) for _, r in _ELIM_RE)
            or _KEPT_IN_GAME.search(text[m.end() : end])
            or _SUPPOSE.search(text[counted_from:end])
            or _rx.search(r"规则", text[counted_from:end])
            or text[end : end + 1] in ("？", "?")
        )

    def _glossed_verbs(self, text: str) -> tuple[str, ...]:
        """The words a post glosses as leaving (离场（出局）, 上岸（死亡）): the 2-4 characters
        before the bracket, with no roster name and nothing that undoes in them."""
        words = []
        for m in _rx.finditer(r"([\u4e00-\u9fff]{2,4})\s*[（(]\s*(?:出局|死亡|淘汰)\s*[）)]", text):
            word = self._name_re.sub(" ", m.group(1)).split()[-1:] or [""]
            if len(word[0]) >= 2 and not _UNDOING.search(word[0]):
                words.append(word[0])
        return tuple(words)

    def _leaves(self, verb: str) -> bool:
        """The verb is the theme's word for leaving: glossed in the post or declared, or a
        compound that says leaving by its own make (:data:`_LEAVING_SHAPE`: 端走, 锄去, 退房,
        移出, 取消资格)."""
        return any(w in verb for w in self._leaving) or bool(_LEAVING_SHAPE.search(verb))

    def _open_out(self, pred: str, *, label: bool = False) -> bool:
        """The open class in a report's slot (issue 34, session 48): a predicate a night's or
        a ballot's report gives its player is a death unless it is one of :data:`_STAYS` (the
        rule sets' other states, and what is no leaving by its sense), undoes (没死, 不, 未 —
        except a failure to go on: 没能下山, 未能出站, 没熬住), or says who the player is.  A
        predicate after the name must be told done (V 了, 被 V, 没能 V); a label's key (清客：X)
        stands alone.  Its twins stay asked, never read."""
        said = _rx.sub(r"[（(][^）)]*[）)]|不幸(?![免])", "", pred).strip()
        said = _rx.sub(r"^(?:都|也|均|全都|全)\s*", "", said)
        if not said or self._name_re.search(said) or _rx.search(r"\d", said):
            return False
        head = _FAILED_TO.match(said)
        rest = said[head.end() :] if head else said
        # (熬不住, 撑不过: the failure told with its complement)
        unable = _rx.sub(r"(?<=[\u4e00-\u9fff])不(?=住|过|下去)", "", rest)
        failed = bool(head) or unable != rest
        rest = unable
        if not rest or _STAYS.search(rest) or _SUPPOSE.search(rest):
            return False
        if label and _WHEN_KEY.search(rest):
            return False
        if _rx.search(r"(?<!不再)(?:不(?!再)|没|未|无|非|别)", rest) or _NO_ACT.match(rest):
            return False
        if label or failed or _TOLD_DONE.search(said):
            self._open_said.append(pred)  # (read, and asked: the slot's reading, not a word)
            return True
        return False

    def _likewise(self, text: str) -> str:
        """昨夜 X 上岸了，Y 也是 — a second name that shares, in the same sentence, the exit
        a clause before it told (也是, 也一样, 同样): the same exit.  Not when nothing before
        it in the sentence is an exit (X 是狼，Y 也是)."""
        one = self._name_re.pattern

        def same(m: re.Match[str]) -> str:
            opening = max(text.rfind(c, 0, m.start()) for c in "。！!；;？?\n")
            before = text[opening + 1 : m.start()]
            if not any(r.search(before) for _, r in _ELIM_RE) or _SUPPOSE.search(before):
                return m.group(0)
            return f"{m.group('who')} 也出局"

        return _rx.sub(
            rf"(?<=[，,、])\s*(?P<who>{one})\s*也\s*(?:是|一样|同样|如此)(?:这样)?了?(?=\s*(?:[。！!；;，,]|$))",
            same,
            text,
            flags=re.M,
        )

    def _offices(self, text: str) -> str:
        """The director's world's word for the office, glossed once (班长（警长）, 小红花（警徽）):
        that word is the office throughout the post; and X 是警长，他把警徽交给了 Y in the
        director's words (领队 … 小旗交给了 Y): a holder who held an office hands the badge on."""
        one = self._name_re.pattern
        named_at = [(n.start(), n.end()) for n in self._name_re.finditer(text)]
        for g in list(_rx.finditer(r"([\u4e00-\u9fff]{2})\s*[（(]\s*(警长|警徽)\s*[）)]", text)):
            word, office = g.group(1), g.group(2)
            if any(a < g.end(1) and g.start(1) < b for a, b in named_at):
                continue  # (月光石（警长）: the tail of a name, not a word)
            if not (_EVENTFUL.search(word) or _OFFICE_WORDS.search(word)):
                text = _rx.sub(rf"{word}\s*[（(]\s*{office}\s*[）)]", office, text)
                # (the word inside a roster name stays: 小红花（警徽） beside 红花姐)
                # (the word inside a roster name stays: 小红花（警徽） beside 红花姐)
                text = _rx.sub(rf"({one})|{re.escape(word)}", _keep_names(office), text)
        text = self._office_by_role(text)
        text = self._first_days_choice(text)
        # (the role is the office — glossed above or said — or the object is the badge:
        # 番茄是守卫，他把药交给了土豆 is no handover)
        return _rx.sub(
            rf"((?:{one}|[他她])\s*(?:是|为)\s*)(?:警长\s*[，,]\s*(?:[他她]\s*把)?\s*(?!账号|号|位置|签位|座位)[\u4e00-\u9fff]{{1,3}}?"
            rf"|(?!猎人|狼人|女巫|预言家|村民|白痴|吹笛者|杀手|医生|警察|替补)[\u4e00-\u9fff]{{2,3}}\s*[，,]\s*(?:[他她]\s*把)?\s*警徽)\s*"
            rf"(?:交给|传给|移交给|递给)了?\s*(?=(?:{one}))",
            r"\1警长，警徽移交给",
            text,
        )

    def _office_by_role(self, text: str) -> str:
        """X 是掌柜的，她把掌柜（的位置）交给了 Y, X 是领班，领班传给 Y: the holder's own role
        passed on by its name to another player — the one office a player hands on when they
        go is the badge (the seeds' 警长 移交), whatever the director calls it.  Never a game
        role (猎人, 替补 …) nor a thing that is not the role itself (X 是守卫，把药交给 Y)."""
        one = self._name_re.pattern

        def handed(m: re.Match[str]) -> str:
            role = m.group("w")
            if _EVENTFUL.search(role) or _UNDOING.search(role) or _ROLE_NAMES.search(role):
                return m.group(0)
            return f"{m.group('holder')} 是警长，警徽移交给"

        return _rx.sub(
            rf"(?P<holder>{one})\s*(?:是|为)\s*(?P<w>[\u4e00-\u9fff]{{2,3}}?)的?\s*[，,]\s*"
            r"(?:[他她]\s*)?(?:把|将)?\s*(?P=w)的?\s*(?:位置|位子|之位|一职|身份)?\s*(?:随机)?\s*"
            rf"(?:交给|传给|移交给|递给|让给|交到)了?\s*(?=(?:{one}))",
            handed,
            text,
        )

    def _first_days_choice(self, text: str) -> str:
        """机长：X（首日表决）, 馆长章：首日选出的 X — a label over one player chosen by the
        first day's vote, with no word for leaving: the sheriff (the seeds: 第一天投票结束后
        … 当选警长), whatever the director calls the office."""
        one = self._name_re.pattern
        # (the first day in the theme's unit too: 首期, 首轮, 第一期)
        chosen = (
            r"(?:首[日期轮局场]|第\s*[一1]\s*[天日期轮局场])\s*(?:众人|大家)?\s*"
            r"(?:表决|选出|当选|推选|推举|选举|投票选出|众推)的?"
        )

        def office(m: re.Match[str]) -> str:
            w = m.group("w")
            # (the office by its own name too: 警长：X（首期选出）)
            if not _rx.fullmatch(r"警长|警徽", w) and (
                _UNDOING.search(w) or _NOT_TOLD_OUT.search(w)
            ):
                return m.group(0)
            return f"{m.group('lead')}警长：{m.group('who')}（第一日）"

        text = _rx.sub(
            rf"^(?P<lead>[^\S\n]*(?:[^\s\u4e00-\u9fff]\s*)?)(?P<w>[\u4e00-\u9fff]{{2,5}})\s*[:：]\s*(?P<who>{one})\s*"
            rf"[（(]\s*{chosen}\s*[）)]\s*[。.！!]*\s*$",
            office,
            text,
            flags=re.M,
        )
        return _rx.sub(
            rf"^(?P<lead>[^\S\n]*(?:[^\s\u4e00-\u9fff]\s*)?)(?P<w>[\u4e00-\u9fff]{{2,5}})\s*[:：]\s*{chosen}\s*(?P<who>{one})\s*[。.！!]*\s*$",
            office,
            text,
            flags=re.M,
        )

    def _labels(self, text: str) -> str:
        """A header's label, any verb before its colon, then names only: 昨夜售出：X, 昨夜落马
        两匹：X、Y, 昨晚两位游客离团：X、Y (the night's); 昨日投票撤展：X (the ballot's)."""
        listed = rf"{self._named()}(?:\s*(?:[、,，]|和|与|及|同)\s*{self._named()})*"

        def night(m: re.Match[str]) -> str:
            verb = m.group("verb")
            if _UNDOING.search(verb) or _NOT_TOLD_OUT.search(verb):
                return m.group(0)
            # (the night's label and a bare list of roster names, nothing else on its line,
            # with the theme's word for leaving: the night's deaths — 昨夜谢幕：X、Y when the
            # game file or the post says 谢幕 is leaving)
            # (a list joined by ， is one list here: 昨夜熄灯：X，Y)
            names = _rx.sub(r"\s*[，,]\s*", "、", m.group("list"))
            header = text[m.end("verb") : m.start("list")]  # (昨夜熄灯（以下名单有误）：)
            rest = text[m.start("list") : _line_end(text, m.end())]
            if _UNDOING_BRACKET.search(header) or _COUNT_FIXED.search(header):
                return m.group(0)
            if self._leaves(verb) or any(r.search(verb) for _, r in _ELIM_RE):
                # (a word for leaving: what else the line says stands beside the deaths — a
                # hunter's shot in a bracket — unless it keeps the player: 救回, （守护成功）)
                unnamed = _rx.sub(r"[（(][^）)]*[）)]", "", rest)
                kept = _KEPT_IN_GAME.search(unnamed) or _UNDOING.search(unnamed)
                brackets = _rx.findall(r"[（(]([^）)]*)[）)]", rest)
                if kept or any(
                    _UNDOING_BRACKET.search(b) for b in brackets if not self._name_re.search(b)
                ):
                    return m.group(0)
                return f"昨夜出局：{names}"
            # (the open class: 昨夜销户：X, 昨夜信号中断：X — its list the sentence's, a
            # bare list of roster names)
            own = text[m.start("list") : _sentence_end(text, m.end())]
            if self._bare_list(own) and self._open_out(_label_verb(verb), label=True):
                return f"昨夜出局：{names}"
            bare = self._bare_list(rest)
            if not bare:
                return m.group(0)
            # (the night's label over a bare list of roster names is a layout, not a word for
            # leaving — 昨夜到场：X、Y, 昨夜MVP：X: asked with the reading it looks like, never
            # read; round 3 of s41's review)
            self._ask(m.group(0), f"昨夜出局：{names}", verb)
            return m.group(0)

        def ballot(m: re.Match[str]) -> str:
            verb = m.group("verb")
            # (the open class under the ballot's own word only: a day's label over names may be
            # any of the day's news — 第2天话痨：X — and stays asked unless its verb leaves)
            ballot_said = bool(_rx.search(r"投票|计票|票决|公投|表决", m.group("h")))
            if (self._leaves(verb) and not _UNDOING.search(verb)) or (
                ballot_said and self._open_out(_label_verb(verb), label=True)
            ):
                said = m.group("h")
                # (a day's own label, not the ballot's word: the day's result is its vote)
                vote = "" if _rx.search(r"投票|计票|票决|公投|表决", said) else "投票"
                return f"{said}{vote}出局：{m.group('list')}"
            return m.group(0)

        for header, least, sub in (
            (_NIGHT_HEADER, 1, night),
            (_BALLOT_HEADER, 0, ballot),
            (_DAY_HEADER, 1, ballot),
        ):
            text = _rx.sub(
                rf"{_REPORT_START}(?P<h>{header})(?P<verb>[^\s，。,:：；;！!？?（(]{{{least},8}}?)\s*"
                rf"(?:[（(][^）)]{{0,12}}[）)])?\s*[:：]\s*(?P<list>{listed})(?={_REPORT_END})",
                sub,
                text,
                flags=re.M,
            )
        return text

    def _ask(self, line: str, reading: str, verb: str) -> None:
        """A report's line whose layout looks like an event the post gives no word of leaving
        for: listed (未读懂的公告) with the reading it looks like, never read — unless the
        post tells those players out in the grammar's own words (:meth:`_still_asked`)."""
        who = frozenset(
            self._norm.get(n.group(0), n.group(0)) for n in self._name_re.finditer(reading)
        )
        self._layout_asks.append(
            (
                who,
                f"{line.strip()}（看起来是「{reading}」，但「{verb}」不是出局的说法："
                f"若是，请在游戏文件的 leaving 写上它）",
            )
        )

    def _still_asked(self, found: list[Announced]) -> list[str]:
        """The layout's questions whose players the post does not tell out otherwise."""
        out = {a.player for a in found if a.type is EventType.ELIMINATED}
        return [line for who, line in self._layout_asks if not who <= out]

    def _named(self) -> str:
        return rf"(?:{self._name_re.pattern})(?:\s*[（(][^）)]*[）)])?"

    def _bare_list(self, rest: str) -> bool:
        """The rest of a label's line is roster names and nothing else (joined by 、 ， 和, each
        with a bracket that names no one and keeps no one in the game): a report's list."""
        if not self._list_only.fullmatch(rest.strip()):
            return False
        brackets = _rx.findall(r"[（(]([^）)]*)[）)]", rest)
        return not any(
            self._name_re.search(b) or _KEPT_IN_GAME.search(b) or _UNDOING_BRACKET.search(b)
            for b in brackets
        )

    def _listed_lines(self, text: str) -> str:
        """A night's label alone on its line, the names under it one a line (昨夜点位失效： /
        ——X。 / ——Y。; 昨夜（第4日夜）：两人离场——X，Y; 失效（昨夜）：): the label's list on
        one line, the night's word first, for :meth:`_labels`."""
        text = _HEADER_IN_BRACKET.sub(r"\g<lead>\g<h>\g<verb>：", text)
        text = self._verb_then_list.sub(r"\g<h>\g<verb>：", text)
        lines = text.split("\n")
        out: list[str] = []
        i = 0
        while i < len(lines):
            line = lines[i]
            j = i + 1
            if _NIGHT_LABEL_LINE.fullmatch(line.strip()):
                names = []
                while j < len(lines) and (one := self._one_a_line.fullmatch(lines[j].strip())):
                    names.append(one.group("who"))
                    j += 1
                if names:
                    out.append(line.rstrip() + "、".join(names) + "。")
                    i = j
                    continue
            out.append(line)
            i += 1
        return "\n".join(out)

    def _said(self, text: str) -> str:
        """昨晚 X 离园了, 昨夜：航班 X 撤销飞行计划, 昨日计票：X 退出排序 — a header, the name,
        then the director's own verb to the clause's end."""
        joined = rf"{self._named()}(?:\s*(?:[、]|和|与|及|同)\s*{self._named()})*"

        def said(m: re.Match[str]) -> str:
            pred = m.group("pred")
            if any(r.search(pred) for _, r in _ELIM_RE):
                return m.group(0)
            # (what stands between the header and the name: 昨晚锅里出了事：X …; never a
            # supposition or an undoing — 昨晚没人：X …)
            if _UNDOING.search(m.group("mid") or "") or _SUPPOSE.search(m.group("mid") or ""):
                return m.group(0)
            if self._name_re.search(pred) or "票" in pred:
                return m.group(0)  # (X、Y 各四票: a count, the tally's business)
            # (the rest of its sentence may undo it: X 被票最多，是白痴，翻牌后留在船上)
            if _KEPT_IN_GAME.search(text[m.end() : _sentence_end(text, m.end())]):
                return m.group(0)
            # (昨夜 X 是狼 / X 有药 / X 想走: who they are, no exit; 昨晚 X 睡得很香: no
            # leaving — the theme's word for it, or the open class told done: 糊锅了)
            leaves = not (
                _UNDOING.search(_rx.sub(r"[（(][^）)]*[）)]", "", pred)) or _NO_ACT.match(pred)
            ) and self._leaves(pred)
            if not (leaves or self._open_out(pred)):
                return m.group(0)
            return f"{m.group('h')}出局：{m.group('who')}，{pred}"

        pred = r"(?P<pred>[\u4e00-\u9fff][^，。,；;！!？?\n]{0,11}?)"
        # (the header then a comma, or a clause of its own ending in a colon: 昨天夜里，X …,
        # 昨晚锅里出了事：X …; the name with its address: X 同志; the clause ends at a
        # pause too — an emoji, two spaces: 昨晚 X 糊了😢 Y 请假)
        mid = r"(?:(?P<mid>[\u4e00-\u9fff]{1,8}?)\s*[:：]|\s*[:：，,])?"
        for header in (_NIGHT_HEADER, _BALLOT_HEADER):
            text = _rx.sub(
                rf"{_REPORT_START}(?P<h>{header}){mid}\s*(?:[\u4e00-\u9fff]{{1,3}}\s+)?"
                rf"(?P<who>{joined})\s*(?:{_ADDRESS}|同志)?\s*{pred}(?={_REPORT_END}|\s{{2,}})",
                said,
                text,
                flags=re.M,
            )
        return text

    def _cause_lists(self, text: str) -> str:
        """注销：X（昨夜）, 第2期结果：X（夜），Y（票）, 已下架：X（第1日投票） — a label in the
        theme's words over names whose brackets each say how they went (issue 34, s49): the
        brackets are the director's plain words, the label his theme's; each name is read as
        the grammar's 出局 with its bracket.  Never a label of another kind (the piped, the
        badge, a substitute, the candidates: :data:`_OTHER_KIND`) or one that undoes, and
        every name must carry a how — a role in a bracket (X（猎人）) is who they are."""
        one = self._name_re.pattern
        item = rf"(?:{one})\s*[（(][^）)]{{1,14}}[）)]"

        def listed(m: re.Match[str]) -> str:
            label = m.group("label")
            if _UNDOING.search(label) or _SUPPOSE.search(label) or self._piped_said.search(label):
                return m.group(0)
            # (the label's day stays with each name: 第3日结果：X（票）, 昨日：X（票）; a round
            # in the theme's unit — 第2期结果, 第3场 — is read as that day, and asked)
            day = _DAY_N.search(label) or _YESTERDAY.search(label)
            unit = _ROUND_N.search(label)
            when = day.group(0) if day else (f"第{unit.group(1)}日" if unit else "")
            out = []
            for i in _rx.finditer(
                rf"(?P<who>{one})\s*[（(](?P<c>[^）)]{{1,14}})[）)]", m.group("items")
            ):
                # (房宿（亢宿猎人枪）: the shooter named in the target's bracket)
                cause = self._name_re.sub("", i.group("c")).strip()
                if not _GLOSS_CAUSE.fullmatch(cause):
                    return m.group(0)
                out.append(f"{when}出局：{i.group('who')}（{cause}）")
            if _COUNTER.search(label):
                # (第2期结果：… — a round in the theme's unit: which night is not placed)
                self._unread_verbs.append(m.group(0).strip())
            elif not any(r.search(label) for _, r in _ELIM_RE):
                # (the label is the theme's word, not the grammar's: read, and asked)
                self._open_said.append(m.group(0).strip())
            return m.group("lead") + "。".join(out) + m.group("end")

        return _rx.sub(
            rf"(?P<lead>{_REPORT_START}(?:【[^】\n]{{0,16}}】)?\s*)(?P<label>[^\s:：，,。！!；;（(【】]{{1,10}})"
            rf"\s*[:：]\s*(?P<items>{item}(?:\s*[、，,]\s*{item})*)\s*(?P<end>[。！!；;]|$)",
            listed,
            text,
            flags=re.M,
        )

    def _glossed(self, text: str) -> str:
        """X 没有回酒店（出局）: the director's own gloss after the clause says it — whatever
        the theme's words before it, the bracket is the director's plain word for the event
        (issue 34, s49): a death with when or how (X 没来上班（昨晚出局了）, X 被请回家（投票
        出局）) or the piping (X 只会咕咕叫（被吹笛）, seed 001 吹笛).  The sentence's own words
        are kept after the gloss; never one that undoes (差点, 如果) or names another player."""
        gloss = (
            rf"(?P<out>(?:{_GLOSS_WHEN})?\s*(?:被)?\s*(?:投票|票)?\s*(?:出局|死亡|淘汰)"
            r"|被\s*(?:吹笛|管道))\s*(?:了|啦)?"
        )

        def glossed(m: re.Match[str]) -> str:
            pred = m.group("pred")
            if _rx.search(rf"差点|险些|几乎|{SUPPOSING}", pred) or self._name_re.search(pred):
                return m.group(0)
            return f"{m.group('who')} {m.group('out').strip()}，{pred}"

        return _rx.sub(
            rf"(?P<who>{self._name_re.pattern})\s*(?P<pred>[^。；;！!？?\n（(]{{1,16}}?)\s*"
            rf"[（(]\s*{gloss}\s*[）)]",
            glossed,
            text,
        )

    def _verb_is(self, text: str) -> str:
        """撤展的是 X, 投票劝返的是 X — the verb before 的是 in a sentence under a report's
        header (the night, the ballot, yesterday); not a name's own (下车的是 X 的邻座 Y)."""

        def verb_is(m: re.Match[str]) -> str:
            # (昨儿晚上扑街的是 X: the time before the verb is the sentence's, not the verb's)
            when = _rx.match(r"(?:[昨今前]儿?|[夜晚][上里间]?)+", m.group("verb"))
            cut = when.end() if when and when.end() < len(m.group("verb")) else 0
            verb = m.group("verb")[cut:]
            opening = max(text.rfind(c, 0, m.start()) for c in "。！!；;？?\n")
            sentence = text[opening + 1 : _sentence_end(text, m.end())]
            # (one character is a verb only in a correction's replacement: 搞错了，遭的是 X 不是 Y)
            fixed = bool(_CORRECTION.search(text) and replaced.search(sentence))
            if (
                (len(verb) < 2 and not fixed)
                or _UNDOING.search(verb)
                or _NOT_LEAVING.search(verb)
                or any(r.search(verb) for _, r in _ELIM_RE)
                or not (
                    _rx.search(rf"{_NIGHT_HEADER}|{_BALLOT_HEADER}|昨[天日]", sentence)
                    # a correction's replacement (搞错了，V的是 X 不是 Y): the slot the
                    # wrong report filled, its verb the report's
                    or fixed
                )
                or _SUPPOSE.search(sentence)
                or not (self._leaves(verb) or self._open_out(verb, label=True))
            ):
                return m.group(0)
            return f"{m.group('verb')[:cut]}{verb}，出的是"

        one = self._name_re.pattern
        replaced = re.compile(rf"的(?:是|为)\s*(?:{one})\s*[，,]?\s*(?:而)?不是\s*(?:{one})")
        return _rx.sub(
            rf"(?P<verb>[\u4e00-\u9fff]{{1,4}}?)的(?:是|为)\s*(?=(?:{one})(?!\s*的))", verb_is, text
        )

    def _counted_out(self, text: str) -> str:
        """A result line whose cause is the count and whose one counted subject then leaves
        in the director's own words (X 6 票撤展, X 7 票，劝返, X 得票最多（6 票），明天起不再随团):
        the vote's elimination.  Not a tie, a count short of the mark, a leader while the
        vote runs, nor a line with the grammar's own word already."""
        one = self._name_re.pattern
        head = r"\s*(?:[\u4e00-\u9fff]{1,3}\s+)?(?:得票最多|最高票|票数最高)?\s*[（(]?\s*"
        count = rf"{head}\d+(?:\.\d+)?\s*票\s*[）)]?"
        out: list[str] = []
        # (the vote goes to the top of the tally: a lower count in the post is no vote-out)
        tally = [
            float(m.group(1)) for m in _rx.finditer(rf"(?:{one}){head}(\d+(?:\.\d+)?)\s*票", text)
        ]
        for line in _rx.split(r"(?<=[。！!；;\n])", text):
            counted = list(_rx.finditer(rf"({one}){count}", line))
            if counted and tally:
                mine = _rx.search(r"(\d+(?:\.\d+)?)\s*票", counted[0].group(0))
                if mine and (float(mine.group(1)) < max(tally) or tally.count(max(tally)) > 1):
                    counted = []
            rest = line[counted[0].end() :] if len(counted) == 1 else ""
            bare = _rx.sub(r"[（(][^）)]*[）)]", "", rest)
            if (
                len(counted) == 1
                and _rx.search(r"[\u4e00-\u9fff]{2}", bare)
                and not _UNDOING.search(bare)
                and not _rx.search(r"暂|目前|当前|一半|领先|最高|最多|第一|[？?]", bare)
                and not _rx.search(
                    r"当选|竞选|选举", text
                )  # (the badge's count: 油条 3 票 … 当选警长)
                and not self._name_re.search(rest)
                and not any(r.search(line) for _, r in _ELIM_RE)
                and not _SUPPOSE.search(line)
            ):
                if not self._leaves(bare):
                    # (X 7 票，劝返: a verb the theme never said is leaving — a question)
                    self._unread_verbs.append(line.strip())
                    out.append(line)
                    continue
                at = counted[0].end()
                line = f"{line[:at]}，出局{line[at:]}"
            out.append(line)
        return "".join(out)

    def _shorthand(self, text: str) -> str:
        """A one-character label heading a clause, a name right after it: the terse log's
        words in the grammar's (出 X → 投票出局：X, 警 X / 警：X → 警长：X, 警 → X → 警徽移交给 X,
        猎：A→B → 猎人 A 开枪带走了 B, 淹：X → 淹死：X, 笛：X → 被吹笛：X).  Only where the
        clause starts: 如果出 X, 谁出 X？ stay as they are."""
        one = self._name_re.pattern
        # (a day's label may head the clause: D2 出 X, D3 夜 Y — 第2天 出 X after fold)
        head = rf"(?:^|(?<=[。！!；;:：]))(\s*(?:第\s*{_NUM}\s*[天日]\s*)?)"
        name = rf"(?=\s*(?:{one}))"
        # 出局的是警长 X: the office before the name is the name's (X（警长）)
        text = _rx.sub(
            rf"((?:出局|死|走|倒下|放逐|投出)的(?:是|为)|(?:出局|死亡|放逐|投出)\s*[:：])\s*警长\s*({one})(?!\s*[（(])",
            r"\1\2（警长）",
            text,
        )
        for label, said in _SHORTHAND:
            text = _rx.sub(rf"{head}{label}{name}", rf"\1{said}", text, flags=re.M)
        return _rx.sub(
            rf"{head}猎\s*[:：]\s*({one})\s*(?:→|->|=>)\s*(?=(?:{one}))",
            r"\1猎人\2开枪带走了",
            text,
            flags=re.M,
        )

    def _bare_deaths(self, text: str) -> str:
        """A line that is a name and the cause of its death alone (- X (夜), × X（狼刀）,
        X（辩论投票最高票）): a death list's entry, read as X 出局（…）.  Not a line that adds
        (+ X …), nor a count (X（5 票）) or a role (X（警长）) in the bracket."""
        one = self._name_re.pattern
        return _rx.sub(
            rf"^(\s*(?:[-−–*•×✝†✗]\s*)?)({one})\s*([（(][^）)\d]*?{_DEATH_IN_BRACKET}[^）)\d]*[）)])\s*$",
            # (a bracket naming another player tells a shot, not the how: left to be read
            # or listed — 番茄（猎人，放弃开枪，没带走土豆）)
            lambda m: (
                m.group(0)
                if self._name_re.search(m.group(3))
                else f"{m.group(1)}{m.group(2)} 出局{m.group(3)}"
            ),
            text,
            flags=re.M,
        )

    def _lists(self, text: str) -> str:
        """A run of roster names joined by , & / and (松果, 核桃 / 红枣 & 杏仁) as one list (a
        Chinese ， may end a clause: 只有馄饨，汤圆未被吹笛); a spaced slash between statements
        as a clause's end."""
        one = self._name_re.pattern
        text = _rx.sub(
            rf"({one})(\s*[（(][^）)]{{0,24}}[）)])?\s*(?:,(?=\s)|&|\+|/|(?<![A-Za-z])and(?![A-Za-z]))\s*(?=(?:{one}))",
            lambda m: m.group(1) + (m.group(2) or "") + "、",
            text,
        )
        # names spaced after a label, nothing else to the clause's end (夜：X Y, 笛：X Y Z)
        named = rf"(?:{one})(?:\s*[（(][^）)]{{0,24}}[）)])?"
        text = _rx.sub(
            rf"(?<=[:：])\s*{named}(?:[ \t\u3000]+{named})+(?=\s*(?:[。！!；;，,]|$))",
            lambda m: _rx.sub(rf"(?<=[^\s、])[ \t\u3000]+(?={one})", "、", m.group(0)),
            text,
            flags=re.M,
        )
        # a slash between two statements (夜：X 死 / Y 殉情) ends a clause; a date's (12/19) stays
        return _rx.sub(r"(?<![\d/])\s+/\s+(?![\d/])", "，", text)

    def _eventful(
        self,
        line: str,
        covered: set[str | None],
        words: re.Pattern[str] = _EVENTFUL,
        *,
        told: bool = False,
    ) -> bool:
        # (for the piped's words a name that acts is still theirs: X 也继承了“咪啪”状态)
        """A line that names a player no item of it is about, beside a word of the game's
        events or a notice's (a story's 没有回家, a shorthand's 松果 out, a preset's own
        今天喵喵：…): what it says should have become an item.  Not a line of requests
        (申请加速的有：…), of the living (存活：…), a supposition, nor a name that acts, that
        a correction says was wrong, that a count follows (番茄 4 票, 南瓜 4（含警长2）), or
        that sits in a bracket beside what the line did announce.  ``told``: the post
        around the line has said the event's word already."""
        if _rx.search(r"申请|存活|在场", line):
            return False
        if _NO_BALLOT.match(line):
            return False  # 没有投票：X — the count's line, the vote book reads it
        inside = [b.span() for b in _rx.finditer(r"[（(][^）)]*[）)]", line)] if covered else []
        # (the voters a count lists in its bracket, 北风 5 票（小鹿×2 警长、青柠）: who voted)
        inside += [
            b.span()
            for b in _rx.finditer(r"(?<=票)\s*[（(](?:[^（）()]|[（(][^（）()]*[）)])*[）)]", line)
        ]
        names = [
            n
            for n in self.names(line)
            if n.player not in covered
            and (
                words is not _EVENTFUL
                or not _ACTOR.match(line[n.end :])
                or _UNDERGONE.search(_clause_before(line, n.start))
            )
            and not self._only_counted(line, n, told=told)
            # (X 差点落马——医生救下: a near miss or a save after the name undoes it)
            and not _SPARED_AFTER.match(line[n.end :])
            and not _rx.search(r"(?:不是|而非|并非|由|[（(])\s*$", line[: n.start])
            and not any(s <= n.start < e for s, e in inside)
            # (supposed or asked before the name or in its clause: 如果 X 出局; not the
            # director's aside after a comma, 昨晚 X 下线了，谁懂)
            and not _supposed(line, n.start)
        ]
        rest = self._name_re.sub("", line)
        return bool(names) and (told or bool(words.search(rest)))

    def _only_counted(self, line: str, n: _Name, *, told: bool) -> bool:
        """A count follows the name (番茄 4 票): the tally's row, no event of theirs — unless
        the line says the count reached a majority (X 10/13 ✅ 过半: the ballot's outcome,
        版杀7 任一环节票数过半即出局), in the post's account (``told``: items from its other
        lines cover the player; the line alone is no outcome's own)."""
        counted = _COUNTED.match(self._joined_rest(line[n.end :]))
        return bool(counted) and not (told and _MAJORITY.search(line))

    def _joined_rest(self, rest: str) -> str:
        """What follows a name and the names joined to it (X 和 Y 一样多票: the count is
        X's as well as Y's)."""
        one = self._name_re.pattern
        return _rx.sub(rf"^(?:\s*(?:和|与|、|跟)\s*(?:{one}))+", "", rest)

    def _wrong(self, text: str) -> tuple[str, ...]:
        """The players a correction says were wrong: 不是 / 而非 / 并非 X, X…有误."""
        text = _QUOTE.sub("", _own(text))
        spans = [
            m.group(0)
            for m in _rx.finditer(r"(?:不是|而非|并非)\s*[^，,。；;！!？?\s]{1,12}", text)
        ]
        spans += [m.group(0) for m in _SAID_WRONG.finditer(text)]
        found: list[str] = []
        for span in spans:
            for n in self.names(_rx.sub(r"^(?:不是|而非|并非)", "", span)[:12]):
                if n.player not in found:
                    found.append(n.player)
        return tuple(found)

    def _line(
        self, line: str, post: tuple[bool, bool, bool, bool]
    ) -> tuple[list[Announced], list[str]]:
        """One line of a post, sentence by sentence: what it announces, and what it holds
        that no item came from (never silent)."""
        correction, vote_result, badge_post, night_post = post
        # 回复杜鹃：/ @杜鹃 — the one spoken to, not the one the line is about
        line = _rx.sub(rf"^\s*(?:回复|@|致)\s*(?:{self._name_re.pattern})\s*[:：,，]", "", line)
        out: list[Announced] = []
        unplaced: list[str] = []
        topic: str | None = None
        # the sentence before (所以…: the cause it gives), the line before's last for the
        # first (a story told one sentence a line)
        reason = self._reason
        line_night = False  # 本夜：…；…。出局顺序：… — the line is about the night
        # a day's label heading the line (第二日：夜间出局 X；投票出局 Y) is every sentence's
        head = _rx.match(rf"\s*第\s*({_NUM})\s*[天日]\s*[:：]", line)
        for sentence in _SENTENCES.findall(line):
            ctx = _Sentence(self, sentence, correction, vote_result, badge_post, topic)
            if head and ctx.day is None and not ctx.offset:
                ctx.day = cn_number(head.group(1))
            carried = line_night and not ctx.offset and ctx.day is None
            ctx.night = ctx.night or night_post or carried
            ctx.about_night = bool(_NIGHT.search(line) or _rx.search(r"夜|杀手|刀", line))
            ctx.line_tallied = self._tallied(line, ctx.about_night)
            line_night = ctx.night
            ctx.reason = reason
            ctx.gone = _gone(out)
            reason = sentence
            self._reason = sentence
            out.extend(ctx.read())
            unplaced += ctx.unplaced
            topic = ctx.topic or topic
        covered: set[str | None] = {x for a in out for x in (a.player, a.value) if x}
        piped: set[str | None] = {a.player for a in out if a.type is EventType.PIPED}
        # sentence by sentence (更正：死者 X。Y 活。 — Y's sentence has no event's word); a
        # name beside the piped's words needs a piped item of its own (替补 X 上场！X 也继承了
        # “咪啪”状态: the substitute is read, the piping is not)
        if any(
            self._eventful(sentence, covered)
            or any(self._eventful(c, piped, self._piped_said) for c in _clauses(sentence))
            for sentence in _SENTENCES.findall(line)
        ):
            unplaced.append(line.strip())  # never silent: a line about a player, not read
        return out, unplaced

    def _tallied(self, line: str, about_night: bool) -> bool:
        """The day's count is told in the line, or in the post when the line says no night."""
        return self._tally(line) or (self._post_tallied and not about_night)

    def _tally(self, line: str) -> bool:
        """The text tells the day's count: its word (结算, 计票, 票型 …), or a line with two
        players or more each followed by a count (栗子 4.5 / 松果 4, 山楂 9，红枣 6)."""
        if _TALLIED.search(line):
            return True
        # (one player a line, 北风 5 票（…）/ 青柠 3 票（…）: the lines together are the count)
        return (
            sum(
                1
                for one in line.splitlines()
                for n in self.names(one)
                if _COUNTED.match(one[n.end :])
            )
            >= 2
        )

    def _relayed(self, line: str) -> bool:
        """A line that hands the word to a player (馄饨：, 春卷的遗言：): what follows is theirs."""
        head = line.strip()
        if head[-1:] not in (":", "："):
            return False
        who = _rx.sub(r"\s*(?:的)?(?:遗言|发言|原话)\s*$", "", head[:-1].strip())
        return bool(self._name_re.fullmatch(who))

    def substitutes(self, sentence: str, topic: str | None) -> list[tuple[str, str, str]]:
        """(who leaves, who comes in, the span) for each substitution the sentence states.
        A match rejected for its words (1. 替补 …: a list's number read as the newcomer) is
        searched again from its next character, so it does not hide the one inside it (X 接替
        Y)."""
        found: list[tuple[str, str, str]] = []
        for i, p in enumerate(self._sub_re):
            pos = 0
            while (m := p.search(sentence, pos)) is not None:
                one = self._substitute(i, m, sentence, topic)
                # (after a pair, from the one it says leaves: 大家好 替补 X 来啦 顶替 Y — X may be
                # the newcomer of the next)
                who = m.start("who") if "who" in m.groupdict() and m.group("who") else m.end()
                pos = max(who, m.start() + 1) if one else m.start() + 1
                if one:
                    found.append(one)
        # (是抄手来顶麻婆的位子: the copula is no part of the newcomer read beside it)
        plain = {(who, new) for who, new, _ in found}
        found = [f for f in found if not (f[1][:1] == "是" and (f[0], f[1][1:]) in plain)]
        if not any(new in self._norm.values() for _, new, _ in found):
            # (霸下 顶班，接替 凤凰: the verb's first character is no newcomer where the
            # structure names a roster player taking the place)
            found += self._took_over(sentence)
        # a pair of the roster's names wins over a word read as the newcomer (大家好 替补 X
        # 来啦 顶替 Y: X comes in for Y, 大家好 is the director's greeting)
        if any(new in self._norm.values() for _, new, _ in found):
            found = [f for f in found if f[1] in self._norm.values()]
        return found

    def _took_over(self, sentence: str) -> list[tuple[str, str, str]]:
        """A substitute by its structure, whatever the verb (issue 34): one player away for
        good or a while (请假, 转学, 出差, 退出), then a second roster name that takes over
        their place in any words (代替他来上课, 暂时顶他, 坐她的位子, 今日起暂代); or one
        account handed on with an arrow beside the substitute's word (A → B（替补）).  Not a
        substitute asked for, refused or planned (申请, 拒绝, 打算, 如果, a question), nor a
        player who moves to another account of their own (换号, 小号, 非替补)."""
        if _SUB_ASKED.search(sentence) or _SUPPOSE.search(sentence):
            return []
        one = self._name_re.pattern
        # (the newcomer is often no roster name yet: a word on its own between spaces)
        came = rf"{one}|(?<=[\s：:，,由])(?![^\s，。、：:（）()]*(?:替补|今|明|起|由))[^\s，。、：:（）()【】,;；!！?？|]{{1,8}}(?=[\s（(])"
        m = _rx.search(
            rf"(?P<who>{one})[^，,。；;\n]{{0,10}}?(?:{_AWAY})(?!结束|到期|完)[^，,。；;\n]{{0,6}}?[，,、；;]\s*"
            rf"(?P<gap>[^，,。；;\n]{{0,10}}?)(?P<new>{came})"
            rf"(?P<verb>\s*[^，,。；;\n\s]{{0,8}}?(?:{_TAKES_PLACE}))",
            sentence,
        ) or _rx.search(
            rf"(?P<who>{one})\s*(?:→|->|=>|➡)\s*(?P<new>{came})(?P<gap>)(?P<verb>)"
            rf"(?=[^。\n]{{0,20}}?(?:替补|顶替|接替|代打))",
            sentence,
        )
        back = _rx.search(
            rf"(?P<new>{one})[^，,。；;\n]{{0,4}}?(?:销假|归队|回归|回来了?)[^，,。；;\n]{{0,6}}?[，,、；;]\s*"
            rf"(?P<who>{came})(?P<gap>)\s*(?P<verb>下场|离场|退场|让位|交还|退(?=\s*(?:[。，,！!；;]|$)))",
            sentence,
        )
        # the seat's change alone on its line (A → B) or told by 换成 (换人：A 换成 B): the
        # newcomer no roster name and no word of an event (A → 出局, A 换成 弃权)
        swap = _rx.search(
            rf"(?:^|\n)\s*(?:换人\s*[:：]\s*)?(?P<who>{one})\s*(?:→|->|=>|➡|⟶|换成|换为)\s*"
            rf"(?P<new>[^\s，。、：:（）()【】,;；!！?？|]{{1,12}})(?P<gap>)(?P<verb>)\s*(?:[。.!！]?\s*(?:$|\n)|[，,；;])",
            sentence,
        )
        if swap is not None and (
            self._name_re.fullmatch(swap.group("new")) or _NOT_A_NEWCOMER.search(swap.group("new"))
        ):
            swap = None
        m = m or back or swap
        if m is None or m.group("who") == m.group("new"):
            return []
        before = sentence[: m.start()]
        if max(before.rfind("（"), before.rfind("(")) > max(before.rfind("）"), before.rfind(")")):
            return []  # 阿Ken（老陈 退了，阿Ken 补位）: who a roster's player is, told before

        between = m.group("gap") + m.group("verb")
        if self._name_re.search(between) or _NEGATED_WORD.search(between):
            return []
        new = m.group("new")
        who = m.group("who")
        return [(self._norm.get(who, who), self._norm.get(new, new), m.group(0))]

    def _substitute(
        self, i: int, m: re.Match[str], sentence: str, topic: str | None
    ) -> tuple[str, str, str] | None:
        new = _slot_name(self, m.group("new"))
        if _NEGATION.search(sentence[: m.start()][-3:]) or _SUPPOSE.search(sentence[: m.end()]):
            return None
        if i == len(self._sub_re) - 3 and not _SUB_CONTEXT.search(sentence):
            return None  # 接 / 代 between two names says a substitute only beside 替补
        who = m.groupdict().get("who")
        if who is None:
            who = (
                _leaving_before(self, sentence[: m.start()], new)
                or _other_name(self, sentence, new, after_ended=i == 3)
                or topic
            )
        if who is None or who == new or new in ("替补", "由"):
            return None
        verb_end = m.start("who") if m.groupdict().get("who") else m.end()
        if _NEGATED_WORD.search(sentence[m.end("new") : verb_end]) or _NEGATION.search(new):
            return None  # 油条 没有 替下 冬瓜: the substitution denied
        if not _rx.search(r"[\u4e00-\u9fffA-Za-z]", new):
            return None  # 20%: a number, not a player
        if new not in self._norm and _rx.match(
            rf"(?:{_TAKES_PLACE}){{2}}|接替|接手|接过|代替|顶替", sentence[m.start("new") :]
        ):
            return None  # (霸下 顶班，接替 凤凰: 接 is the verb's, no newcomer's name)
        return (self._norm.get(who, who), self._norm.get(new, new), m.group(0))


# the clause's time words and its verb, at the head of a newcomer's slot (明天起替补 浪花)
_SLOT_HEAD = lazy(
    r"^(?:(?:今天|今日|明天|明日|后天|即日|本日|[从自][^，。,]{0,8}?)起?\s*)?(?:(?:将|会|已经?)\s*)?"
    r"(?:替补|接替|顶替|代替|替换|代打|由)\s*"
)


# ... or a time the clause starts from alone, then the name right before the verb (第二天开始冰粉
# 替补藕片的位置, 老贺: 冰粉 comes in; 从明天起 X 替补 Y)
_SLOT_SINCE = lazy(
    r"^(?:第[\d一二三四五六七八九十两]{1,3}[天日夜轮盘]|今天|今日|明天|明日|后天|即日|本日|今晚|明早"
    r"|[从自][^，。,]{0,8}?)\s*(?:开始|起)\s*"
)


def _gone(found: list[Announced]) -> frozenset[str | None]:
    """The players read as out so far."""
    return frozenset(a.player for a in found if a.type is EventType.ELIMINATED)


def _slot_name(patterns: Patterns, new: str) -> str:
    """A name slot holds a name: a newcomer not on the roster read with the clause's time
    words and verb before it (明天起替补浪花替补老周, fh44k) is the name after them."""
    if new in patterns._norm:
        return new
    m = _SLOT_HEAD.match(new) or _SLOT_SINCE.match(new)
    return new[m.end() :] if m and m.end() < len(new) else new


def _event_rest(sentence: str) -> str:
    """The sentence less the clauses that are no event (a ballot's, last words, a rule, a
    player well again); "" when a word undoes the whole sentence (a tie, the candidates)."""
    if not (_NOT_AN_EVENT.search(sentence) or _ALIVE.search(sentence)):
        return sentence
    kept = [
        c
        for c in _rx.split(r"(?<=[，,；;])", sentence)
        if not (_NOT_AN_EVENT.search(c) or _ALIVE.search(c))
    ]
    return "".join(kept) if kept and _UNDONE_ALONE.search(sentence) is None else ""


def _post_kind(text: str, said_wrong: bool) -> tuple[bool, bool, bool, bool]:
    """What the whole post is: a correction, a vote result, about the badge, a night's."""
    correction = bool(_CORRECTION.search(text)) or said_wrong
    vote_result = bool(
        _rx.search(
            r"(?:投票|公投|放逐|计票|票数)(?:结果|统计|结算)|票数|票型|最高票|得票最多", text
        )
        # a 环节's result, a majority, the count closed (票毕, 截票), in English
        or _rx.search(r"环节\s*\S{0,2}\s*结果|过半|票毕|票决|截票|结票", text)
        or _rx.search(
            r"(?<![A-Za-z])(?:vote|votes|runoff|results?|majority)(?![A-Za-z])", text, re.I
        )
    )
    # (【当日警长】X → 已出局，由其移交 Y: the office handed on, the badge unnamed)
    badge_post = "警徽" in text or bool(
        # (not the sheriff asked to give out his choice: 请警长 X 给出选择)
        _rx.search(r"警长[^。\n]{0,20}?(?:移交|转交|传位|交畀|交给|给(?!出))|殉职", text)
    )
    # a post headed 杀人贴 (版杀7: the killer's post at the night's end) tells a night
    head = text.strip().splitlines()[0] if text.strip() else ""
    night_post = bool(_rx.search(r"杀人贴|杀人帖|夜晚结果|夜间结果", head))
    return correction, vote_result, badge_post, night_post


def _arrow_substitute(one: str, free: str) -> re.Pattern[str]:
    """鱼丸 请假 → 糯米 替补: an arrow from the seat to the newcomer, the substitute's word
    after it (seed 004 替补: 替补玩家…代替该玩家继续游戏)."""
    return re.compile(
        rf"(?P<who>{one})[^→\n，。,]{{0,10}}?\s*(?:→|->|=>|⇒|⟶)\s*"
        rf"(?P<new>{one}|{free}{{1,12}}?)\s*(?:替补|顶替|接替|接手|顶上|代打)(?!\s*(?:{one}))"
    )


# the verbs of "cannot speak" (禁言, 静音, 噤声, 失声, 不能说话): a rule set with piped words has
# its piped unable to speak but for them (seed 001 吹笛者, 004 Lv.3) — said of a player there,
# the piping; never lifted (解除禁言) nor denied (没被禁言)
_MUTED = r"禁言|静音|噤声|失声|封口"
_MUTED_SUBJECT = (
    rf"(?<![解除不未没])(?:被|遭)?\s*(?:{_MUTED})(?:了|中)?(?=\s*(?:[，。,；;（(！!、]|$))"
    r"|(?:不能|无法|没法|不可以)\s*(?:正常)?\s*(?:说话|发言|开口)(?=\s*(?:[，。,；;（(！!]|$))"
)


def _piped_label(words: Sequence[str]) -> re.Pattern[str]:
    """The piped list's object words, and a label made of the rule set's words for the piped
    (今天喵喵：A、B, 继续喵喵的：A, 咪啪组：A — a word of one repeated character runs on)."""
    said = [
        f"(?:{re.escape(w[0])})+" if len(set(w)) == 1 else re.escape(w)
        for w in sorted({fold(w) for w in words if w.strip()}, key=len, reverse=True)
    ]
    if not said:
        return _PIPED_OBJECT
    words_re = "|".join(said)
    label = rf"(?:今天|今日|本日|继续|仍在)?\s*(?:{words_re})+[^，,。：:\s]{{0,2}}?(?:的[^，,。：:]{{0,6}}?|组|中)?\s*[:：]"
    # 今天说话只能“咪啪”的，是 A 和 B: those who may only say the words
    only = rf"只(?:能|可以?)\s*(?:说|发|讲|用)?\s*(?:{words_re})[^，,。]{{0,12}}?的\s*(?:是|有|为)?"
    # a bracketed header that names the piping, its words or muting, over its names
    # (【Lv.3 副作用（只能说咪啪）】X, 【禁言】A、B): the piped list's label
    header = (
        rf"【[^】\n]{{0,16}}?(?:Lv\.?\s*3|被吹笛|(?<!被)吹笛(?!者)|笛声|{_MUTED}|{words_re})"
        rf"[^】\n]{{0,16}}】"
    )
    muted = rf"(?<![解除不未没])(?:{_MUTED})(?:名单|中|组)?\s*[:：]"
    return re.compile(rf"{_PIPED_OBJECT.pattern}|{label}|{only}|{header}|{muted}")


def _piped_subject(words: Sequence[str]) -> re.Pattern[str]:
    """The piped's subject words, and the rule set's words as what a player may only say
    (红枣只能说“嘘”: 红枣 is piped)."""
    said = [re.escape(fold(w)) for w in words if w.strip()]
    if not said:
        return _PIPED_SUBJECT
    only = rf"只(?:能|可以?)\s*(?:说|发|讲|用)\s*(?:{'|'.join(said)})"
    # 瓜子 也继承了“咪啪”状态: a substitute takes on the piping
    inherits = rf"继承了?\s*(?:{'|'.join(said)})\s*(?:的)?\s*状态"
    # 鸢尾 还在喵喵, X 只能喵喵: still speaking, or able to speak, only the piped's words —
    # said of a name in its own clause (明天照样只能喵喵 carries no one: see _simple)
    # … and the same state said with any adverb of "only / still / all" and any copula or
    # modal before the words (都是喵喵, 只会喵喵叫, 还是得喵喵声, 也只会说“咪啪”): the clause's
    # subject speaks only the piped's words
    still = (
        rf"(?:还|仍然?|依然|依旧)\s*在\s*(?:{'|'.join(said)})"
        rf"|(?P<own>(?:只|都|还|仍然?|依然|依旧|照样|也)\s*(?:是|系|会|能|可以?|得|剩下?|只){{0,3}}"
        rf"\s*(?:说|讲|发|叫|学)?)\s*(?:{'|'.join(said)})"
    )
    return re.compile(rf"{_PIPED_SUBJECT.pattern}|{only}|{inherits}|{still}|{_MUTED_SUBJECT}")


_CONNECTIVE = (
    r"^\s*(?:另外|此外|还有|同时|并且|而且|然后|以及|再者|顺便(?:说一下|提一下)?|对了)\s*[，,]?\s*"
)


def _own_clause_subject(c: str, names: list[_Name], at: int) -> list[_Name]:
    """The names that open the clause, for a state it says of them a few words on (凤凰 今天
    起上车只能喵喵叫: 只能 + the piped's word says the clause's subject is piped), with no other
    name, negation or supposition between."""
    before = [n for n in names if n.end <= at]
    # (另外鱼香这两天只能喵喵: a connective before the subject opens no other clause — s50)
    lead = _rx.sub(_CONNECTIVE, "", c[: before[0].start].strip("【】[] \t")) if before else ""
    if not before or _rx.search(r"\S", lead):
        return []
    run = _group(before, c, before[0].start, forward=True)
    between = c[run[-1].end : at] if run else ""
    if (
        len(run) != len(before)
        or len(between.strip()) > 8
        or _NEGATED_WORD.search(between)
        or _SUPPOSE.search(between)
    ):
        return []
    return run


def _leaving_before(p: Patterns, before: str, new: str) -> str | None:
    """The player said to leave right before a 由 X 接替 (A 因为潜水，由替补 X 接替; A 请假两天，
    由 X 临时替补): the nearest name with a leaving's word after it in the sentence."""
    for n in reversed(p.names(before)):
        if n.player != p._norm.get(new, new) and _rx.search(
            rf"{_LEAVES}|潜水|被替换|被换", before[n.end :]
        ):
            return n.player
    return None


def _other_name(p: Patterns, sentence: str, new: str, *, after_ended: bool) -> str | None:
    """The player a 由 X 接替 sentence is about: its first other name (or, for 接回, the one
    whose 替补 ended)."""
    if after_ended:
        m = _rx.search(rf"({p._name_re.pattern})的?(?:临时)?替补(?:结束|到期)", sentence)
        return p._norm[m.group(1)] if m else None
    for n in p.names(sentence):
        if n.player != p._norm.get(new, new):
            return n.player
    return None


def _cause_in(text: str) -> str | None:
    for cause, words in _CAUSE_WORDS:
        if words.search(text):
            return cause
    return None


# --------------------------------------------------------------------------- a sentence


class _Sentence:
    """One sentence read clause by clause, with what it says of when."""

    def __init__(
        self,
        p: Patterns,
        text: str,
        correction: bool,
        vote_result: bool,
        badge_post: bool,
        topic: str | None,
    ) -> None:
        self.p = p
        self.text = text.strip()
        self.gone: frozenset[str | None] = frozenset()  # out in the line's sentences before
        self.correction = correction or bool(_CORRECTION.search(text))
        self.vote_result = vote_result
        self.badge_post = badge_post
        first = p.names(self.text)
        self.topic = first[0].player if first else None
        self.carried = topic if not first else None
        self.previous = topic  # the sentence before's subject (他 / 她 is that player)
        self.known = self.carried  # the subject so far: a name in an earlier clause
        self.known_all: list[str] = []  # ... with the names joined to it (包子、番茄两人)
        self.unplaced: list[str] = []
        self.asks = bool(_rx.search(r"[？?]\s*$", self.text))
        night_n = _NIGHT_N.search(self.text)
        day_n = _DAY_N.search(self.text)
        self.day = (
            (cn_number(night_n.group(1)) or 0) + 1
            if night_n
            else (cn_number(day_n.group(1)) if day_n else None)
        )
        # a bracket about another player (不是番茄（番茄昨夜已出局）) says nothing of when
        plain = _rx.sub(
            r"[（(][^）)]*[）)]", lambda b: "" if p.names(b.group(0)) else b.group(0), self.text
        )
        self.night = bool(_NIGHT.search(plain))
        self._plain = plain
        self.offset = -1 if (_YESTERDAY.search(plain) and not self.night) else 0
        if _DAY_BEFORE.search(plain) and not self.night:
            self.offset = -2  # 前天
        if day_n and not night_n:
            self.offset = 0  # 前天（第五天）: the day named is the day, not two before it
        self.about_night = False  # the line around it speaks of the night (set by the line)
        self.line_tallied = False  # the line around it tells the day's count (set by the line)
        self.reason = ""  # the sentence before in the line (set by the line)

    def read(self) -> list[Announced]:
        if self.asks:
            return []
        out: list[Announced] = []
        clauses = _clauses(_said_after_hearsay(self.text))
        for i, clause in enumerate(clauses):
            if _SUPPOSE.search(clause):
                break  # a supposition or a question runs to the end of the sentence
            got = self._clause(clause, clauses[i + 1] if i + 1 < len(clauses) else "")
            out.extend(got)
            named = self.p.names(clause)
            # (in one long comma-spliced sentence the subject is the nearest clause's:
            # 杀手杀死了X，……，Y连续两天发帖不足，按规则淹死 — Y, not X; and a clause that
            # names a player and tells nothing of them sets the topic for the next:
            # X 往生，Y 与之情深，随之而去 — Y went after X)
            if named and (not self.known or len(clauses) > 4 or (out and not got)):
                lead = _group(named, clause, named[0].start, forward=True)
                self.known = named[0].player
                self.known_all = [n.player for n in lead] or [self.known]
            elif named and got and {a.player for a in got} == {n.player for n in named}:
                # (X 为猎人，开枪，Y 中枪，同样抢救无效 — Y: the clause that told of its
                # players makes them the subject of the next)
                self.known = got[0].player
                self.known_all = list(dict.fromkeys(a.player for a in got))
        out.extend(self._notices())
        out.extend(self._substitutes())
        return out

    # ------------------------------------------------------------------ one clause

    def _clause(self, clause: str, following: str) -> list[Announced]:
        c = clause.strip()
        if not c:
            return []
        names = self.p.names(c)
        nxt = self.p.names(following) if _only_names(self.p, following) else []
        out: list[Announced] = []
        if names or not _SAID_OF_NONE.search(c):
            out += self._eliminated(c, names, nxt)  # (淹死：无 takes no subject from before)
        out += self._bracketed(c, names)
        # (昨夜遇害者：警长 X — the office right after the label's colon is the title of the
        # dead it lists, no state of the badge)
        gone = {
            a.player
            for a in out
            if a.type is EventType.ELIMINATED
            and _rx.search(r"[:：]\s*警长\s*$", c[: c.find(a.player)])
        }
        out += [a for a in self._sheriff(c, names, nxt) if not (a.status and a.player in gone)]
        out += self._simple(EventType.IDIOT_REVEALED, c, names, _IDIOT_SUBJECT, _IDIOT_OBJECT, [])
        unpipe = _UNPIPE.search(c)
        if unpipe and not _NEGATION.search(c[: unpipe.start()][-3:]):
            # (所有被吹笛者恢复: the spell ends — no one newly piped in the clause)
            out.append(self._item(EventType.PIPED, "", None, c, ends_piping=True))
        else:
            out += self._simple(
                EventType.PIPED, c, names, self.p._piped_subject, self.p._piped_object, nxt
            )
        return out

    def _item(
        self,
        etype: EventType | Notice,
        player: str,
        how: str | None,
        clause: str,
        **kw: object,
    ) -> Announced:
        a = Announced(
            etype, player, how, None, self.day, False, self.correction, clause, None, self.offset
        )
        return replace(a, **kw)  # type: ignore[arg-type]

    def _slots(
        self,
        c: str,
        names: list[_Name],
        span: tuple[int, int],
        nxt: list[_Name],
        *,
        subject: bool = True,
        obj: bool = True,
    ) -> list[_Name]:
        """The names a word at span governs: before it, after it, the next clause's, or
        the sentence's subject."""
        start, end = span
        if _NEGATION.search(c[:start].rstrip()) or _NOT_NOW_AFTER.search(c[end:]):
            return []
        if obj:
            after = _objects(c, names, span, nxt, subject=subject)
            if after:
                return after
        if subject:
            before = _group(names, c, start, forward=False)
            if before:
                if _STATE_BEFORE.search(c[before[-1].end : start].strip()) and not c[
                    start:end
                ].startswith("被"):
                    return []  # 已出局 a state; 已被投票出局 (a notice's passive) the event
                if _rx.search(r"(?:不是|并非|并不是|而非)\s*$", c[: before[0].start]):
                    return []  # 不是芒果出局
                return before
            topic = self.known
            lead = c[:start].strip()
            if (
                topic
                and not names
                and len(lead) <= 6
                and not _NOT_A_MANNER.search(lead)
                and not _STATE_BEFORE.search(lead)  # X → 已出局: a state
                # a sentence of its own whose subject is the count's top (…鸭肠对毛肚，今天
                # 两点开。最高票出局): a rule of the round, not the sentence before's player
                and not (self.carried and _TOP_LEAD.search(lead))
            ):
                return [_Name(t, 0, 0, "") for t in (self.known_all or [topic])]
        return []

    def _not_a_death(
        self,
        c: str,
        m: re.Match[str],
        cause: str | None,
        taken: list[tuple[int, int]],
        brackets: list[tuple[int, int]],
    ) -> bool:
        """A word that says no death of its own: part of a word taken already (被毒出局),
        a name's bracket (番茄（投票）: its how), a role's (吹笛者出局), a quiet night's, a
        带走 with no gun (the night's, read as such)."""
        # (差一点，刀落在 X 身上 / X 差点被刀: the near miss undoes its clause; 差点 alone as
        # the clause before is the sentence's head)
        head = self.text[: max(self.text.find(c), 0)]
        near = _NEAR_MISS.search(c[: m.start()]) or _rx.search(
            rf"(?:^|[，,])\s*(?:{_NEAR_MISS.pattern})\s*[，,]\s*$", head
        )
        return (
            bool(near)
            or any(s <= m.start() <= e for s, e in taken)
            or any(s <= m.start() < e for s, e in brackets)
            or self._office_before(c, m)
            or self._described(c, m)
            or (cause is None and bool(_NO_DEATH.search(c)))
            or (
                bool(_rx.match(r"带走|目标|(?:引弓|开弓|弯弓)?射|打中|击", m.group(0)))
                and not _rx.search(r"枪|猎人|弓", self.text)
            )
        )

    def _described(self, c: str, m: re.Match[str]) -> bool:
        """The word's subject is a description, not a player (票高的死, 得票最多的出局, 没投票
        的淘汰): a rule stated in general — whoever it will be, no one's death yet.  Not a
        name's own 的 (X 的 …) nor 是 / 为 before it (出局的是 X reads the other way)."""
        lead = c[: m.start()].rstrip()
        if not lead.endswith("的") or _rx.search(r"(?:是|为)\s*的$", lead):
            return False
        since = max(lead.rfind(ch) for ch in "，,：:；;、") + 1
        described = lead[since:-1]
        # (a description by the ballot — 票高的, 得票最多的, 没投票的; 昨晚的受害者 is a time's)
        by_ballot = _rx.search(r"票|投|最|[多少高低]$", described)
        return bool(by_ballot) and not self.p.names(described)

    def _office_before(self, c: str, m: re.Match[str]) -> bool:
        """A role before the word (吹笛者出局: the piper's spell ends) says no one's death;
        the office (警长被投出去了) is a player's the clause does not name: listed."""
        role = _ROLE_BEFORE.search(c[: m.start()].rstrip())
        if role and role.group(0) == "猎人" and _rx.match(r"开枪|带走|开了一枪|一枪", m.group(0)):
            return False  # X 猎人开枪：Y — the hunter shoots, his target dies
        if role and role.group(0) == "警长" and m.group(0) not in ("出局", "死亡"):
            self.unplaced.append(c)
        return role is not None

    def _eliminated(self, c: str, names: list[_Name], nxt: list[_Name]) -> list[Announced]:
        out: list[Announced] = []
        taken: list[tuple[int, int]] = []
        # a name's own bracket is its how (番茄（投票）); a bracket that stands alone
        # ((昨夜出局：饺子、包子)) is read as any clause
        brackets = [(n.end - len(n.bracket), n.end) for n in names if n.bracket]
        for cause, pattern in _ELIM_RE:
            for m in pattern.finditer(c):
                if self._not_a_death(c, m, cause, taken, brackets):
                    continue
                followed = self._follow_names(c, m, cause, names, taken)
                if followed is None:
                    continue
                taken.append(m.span())
                hunter_object = m.group(0).startswith(
                    ("带走", "开枪", "最后一枪", "开了", "目标", "杀手", "狼人", "女巫", "秘警")
                ) or bool(_rx.match(r"(?:引弓|开弓|弯弓)?射|打中|击", m.group(0)))
                slots = self._slots(c, followed, m.span(), nxt, subject=not hunter_object)
                if (
                    not slots
                    and self.topic
                    and not _denied(c, m.span())
                    and not _SHOT_DECLINED.search(c)
                ):
                    self.unplaced.append(c)
                elif not slots and _DANGLING.match(c[m.end() :]) and not _SAID_OF_NONE.search(c):
                    # (昨晚的淘汰选手是——⏎（鼓声）⏎木槿！: the word points past its line to
                    # a name the grammar cannot reach — listed, never silent)
                    self.unplaced.append(c)
                for n in slots:
                    if _KEPT_BRACKET.search(n.bracket):
                        # (昨夜下架：X、Y（保留）: Y's own bracket keeps them in the game) —
                        # no death for Y, and the post is listed, never silent
                        self.unplaced.append(c)
                        continue
                    how = self._how_of(c, m, n, cause)
                    out.append(
                        self._item(
                            EventType.ELIMINATED,
                            n.player,
                            _how(how),
                            c,
                            cause=how,
                            day=_bracket_day(n.bracket) or self.day,
                            # 昨日曾被警告，本次为投票死亡: the day of the word's own clause
                            offset=self._offset_of(c, n),
                            clock=_clock(c, n.end, m.start()) or _clock_before(c, m.start()),
                        )
                    )
        # in the order the clause names them (被投出：汤圆 殉情：春卷 — the shot, the lover
        # after the death they follow)
        return sorted(out, key=lambda a: c.find(a.player))

    def _follow_names(
        self,
        c: str,
        m: re.Match[str],
        cause: str | None,
        names: list[_Name],
        taken: list[tuple[int, int]],
    ) -> list[_Name] | None:
        """The names a word may govern; for 跟着 X 走了, None unless X is already out."""
        follow = _FOLLOWING.match(m.group(0)) if cause == "suicide" else None
        if follow is None:
            return names
        if not self._followed_out(c, m, follow.group(1)):
            # (大家都跟着冬瓜走了, 汤圆说她跟着饺子走了: people following his lead) — no
            # death, X's neither; a thing following X (徽章跟着芙蓉走了) leaves with
            # X's death, read by the words after
            if self._people_before(c[: m.start()]):
                taken.append(m.span())
            return None
        # the follower is the subject, never the one followed (南瓜跟着冬瓜走了)
        return [n for n in names if not m.start() <= n.start < m.end()]

    def _followed_out(self, c: str, m: re.Match[str], leader: str) -> bool:
        """跟着 X 走了 is 殉情 only when X is a player already out, named with a death before
        it in the post (昨晚冬瓜出局。南瓜跟着冬瓜走了); following a vote, a feeling, the
        director or a thread (跟着冬瓜走了一票, 跟着感觉走, 跟着导演) is no one's death."""
        named = self.p.names(leader)
        if len(named) != 1 or named[0].player != leader.strip():
            return False
        if named[0].player in self.gone:
            return True
        head = self.text[: max(self.text.find(c), 0)] + c[: m.start()]
        said = head.rfind(leader)
        if said < 0:
            return False
        # a death word said of X: in X's clause, after the name
        rest = _rx.split(r"[，,。！!；;\n]", head[said + len(leader) :])[0]
        return any(
            cause != "suicide" and pattern.search(rest) for cause, pattern in _ELIM_RE
        ) or bool(_rx.match(r"\s*[（(][^）)]*(?:出局|死亡|投票|夜)", head[said + len(leader) :]))

    def _people_before(self, lead: str) -> bool:
        """The clause's subject before a verb is a person: a player, a pronoun, 大家 / 人."""
        lead = _rx.split(r"[，,。！!；;：:]", lead)[-1]
        return bool(self.p.names(lead)) or bool(_rx.search(r"大家|人|们|[他她我你]", lead))

    def _how_of(self, c: str, m: re.Match[str], n: _Name, cause: str | None) -> str | None:
        """How the player named went: the name's own bracket, the word's, else what the
        clause says after it."""
        # (她的恋人 X 也一起离场了: a death with no word of how, said of the lover, is the
        # lover's following — 殉情)
        lover = cause is None and _LOVER_BEFORE.search(c[: n.start])
        how = (
            _cause_in(self._own_bracket(n))
            or cause
            or ("suicide" if lover else self._cause_after(c, m))
        )
        if how == "hunter" and _NIGHT_GUN.search(self.text[: self.text.find(c)]):
            how = "night"  # 狙击手亦发一弹，X 中弹身亡: the night's gun
        return how

    def _bracketed(self, c: str, names: list[_Name]) -> list[Announced]:
        """A name whose own bracket says it went out (💔 南瓜（殉情）, 冬瓜（投票出局）：…, 2. 南瓜
        （殉情，无遗言权））: that elimination, with the bracket's how (已出局 is a state)."""
        out: list[Announced] = []
        for n in names:
            inside = n.bracket[1:-1]
            for cause, pattern in _ELIM_RE:
                m = pattern.search(inside)
                if (
                    m is None
                    or _STATE_BEFORE.search(inside[: m.start()])
                    or _NEGATION.search(inside[: m.start()])
                ):
                    continue
                if any(x.player != n.player for x in self.p.names(inside[: m.start()])):
                    # (瓷碗（昨夜铁锅遇害前留下的…）: another's death, told of in the bracket)
                    self.unplaced.append(c)
                    break
                shot = [x for x in self.p.names(inside[m.end() :]) if x.player != n.player]
                if cause == "hunter" and shot:
                    # X（猎人，开了一枪，带走 Y）: the shot's target goes, by the hunter; the
                    # holder's own going is the label's (昨夜出局：X（…）) — never a shot
                    # undone (X（猎人，放弃开枪，没带走 Y）, 差点带走 Y)
                    out += self._shot_items(c, inside, m, shot[0])
                    break
                how = _cause_in(inside) or cause
                out.append(self._item(EventType.ELIMINATED, n.player, _how(how), c, cause=how))
                break
            else:
                # a day's or a night's label before names whose bracket is only the how
                # (昨：莲子（票）, 夜：开心果（杀手）): the label is the word, the bracket how
                if _TIME_LABEL.match(c) and _BARE_CAUSE.fullmatch(inside):
                    how = _cause_in(inside)
                    out.append(self._item(EventType.ELIMINATED, n.player, _how(how), c, cause=how))
            # 昨夜出局：X（警长，殉职移交 Y）: the badge handed on inside the one who fell's bracket
            handed = _BRACKET_HANDOVER.search(inside)
            if handed and not _NEGATION.search(inside[: handed.start()][-3:]):
                heir = self.p.names(inside[handed.end() :])
                if heir and not inside[handed.end() : heir[0].start].strip():
                    out.append(self._item(EventType.SHERIFF, heir[0].player, "handed_over", c))
        return out

    def _shot_items(self, c: str, inside: str, m: re.Match[str], target: _Name) -> list[Announced]:
        """The hunter's shot told in a bracket: its target goes — unless the shot is undone."""
        if _shot_undone(inside, inside[m.start() : m.end() + target.start]):
            return []
        return [self._item(EventType.ELIMINATED, target.player, "hunter", c, cause="hunter")]

    def _own_bracket(self, n: _Name) -> str:
        """A name's bracket up to another player's shot (京胡（已售，猎人，开了一枪，带走 箜篌）:
        the shot is the hunter's how for 箜篌, not 京胡's)."""
        inside = n.bracket
        if not any(x.player != n.player for x in self.p.names(inside)):
            return inside
        shot = _rx.search(r"猎人|开了?一?枪|带走|射", inside)
        return inside[: shot.start()] if shot else inside

    def _offset_of(self, c: str, n: _Name) -> int:
        """An elimination's day offset: its name's bracket's (杏仁（红牌罚下，昨日结算时判罚）),
        else its own clause's (昨日曾被警告，本次为投票死亡), else the sentence's."""
        if _YESTERDAY.search(n.bracket):
            return -1
        return _clause_offset(self.text, self.text.find(c), self.offset)

    def _cause_after(self, c: str, m: re.Match[str]) -> str | None:
        """How, from a bracket right after the word (死亡（被杀手杀死）), else :meth:`_cause`."""
        said = _rx.match(r"\s*[（(]([^）)]*)[）)]", c[m.end() :])
        inside = self.p._name_re.sub(" ", said.group(1)) if said else ""
        return (_cause_in(inside) if said else None) or self._cause(c, m.start())

    def _cause_before(self, c: str, at: int) -> str | None:
        """How, from the clause's words before the word: a name is no how (a player named for
        a blade holds 刀), nor a role right before a name (最后一个杀手 X 9 票出局); a death
        after the hunter's shot in the sentence is the shot's (X 是猎人，开枪，Y 死了); else
        the reason the sentence before gives (:meth:`_consequence`)."""
        one = self.p._name_re.pattern
        before = _cause_in(
            self.p._name_re.sub(" ", _rx.sub(rf"{_ROLE_NOUN}\s*(?={one})", " ", c[:at]))
        )
        said = self.text[: max(self.text.find(c), 0)] + c[:at]
        # (the shot said without the hunter's name: X 离席前举枪——Y 也离席了; the hunter and
        # his leaving: X 是猎人，走前把 Y 也请出了楼)
        if (
            before is None
            and (_rx.search(_SHOT, said) or _rx.search(_HUNTER_LEAVING, said))
            and not _NIGHT_GUN.search(said)
        ):
            return "hunter"
        # a shot told in its own sentence, the fall in the next (临死前，他扣动扳机。/ Y 应声而倒):
        # the sentence before shoots no one it names, and this one says no night of its own
        if (
            before is None
            and _rx.search(_SHOT, self.reason)
            and not self.p._name_re.search(self.reason)
            and not _NIGHT_GUN.search(self.reason)
            and not _NIGHT.search(self.text)
        ):
            return "hunter"
        return before or self._consequence()

    def _cause(self, c: str, at: int) -> str | None:
        """How, when the word itself does not say: the clause's words before it, the
        sentence's time, the post being a vote result."""
        before = self._cause_before(c, at)
        if before in ("hunter", "sent_off", "suicide") or (before == "vote" and "替罪羊" in c):
            return before  # (昨晚平票，替罪羊 X 被推出了门: the tie's scapegoat, no night's)
        if _DAYS_OUT.search(c) and not _NIGHT.search(c):
            return "vote"  # 昨天（第二日）的出局是 X: the day's own out is its vote
        if before == "vote" and not _NIGHT.search(c):
            return "vote"  # the clause's own ballot (第七日投票 X 出局, X 9 票出局) over the sentence's night
        if not _NIGHT.search(self._plain) and (
            _TALLIED.search(self._plain) or (self.line_tallied and not self.about_night)
        ):
            return "vote"  # 结算：X 出局, X 4.5 / Y 4。X 出: the count's outcome, no night said
        if self.night and self._night_by(c):
            return "night"
        if _EVENING_CLAUSE.match(c):
            return "night"  # 昨天 X 被投出，晚上 Y 挂了: the clause's own evening
        if before is not None:
            return before
        if "票" in _LOST_VOTE.sub("", self.text) or self.offset == -1 or self.vote_result:
            return "vote"
        if _rx.search(r"\d\s*(?:—+|-+|→|->)?\s*出", self.text):
            return "vote"  # a count before the out word (X 8 → 出, X 6 出): the tally's
        return None

    def _consequence(self) -> str | None:
        """A card, a 殉情 or a shot the sentence before gives as the reason of a sentence
        that follows from it (三张黄牌合为一张红牌。所以 X 离开了: sent off), none else."""
        if not _CONSEQUENCE.match(self.text):
            return None
        cause = _cause_in(self.p._name_re.sub(" ", self.reason))
        return cause if cause in ("sent_off", "suicide", "hunter") else None

    def _night_by(self, c: str) -> bool:
        """The night the sentence speaks of is said by the end of clause ``c``, or carried
        from the line or the post: in one long comma-spliced sentence a later clause's night
        (X出局，白天结束，今天是夜晚和遗言时间) is what follows the death, not when it happened."""
        if not _NIGHT.search(self._plain):
            return True  # the night is the line's or the post's, not this sentence's
        at = self._plain.find(c)
        return at < 0 or bool(_NIGHT.search(self._plain[: at + len(c)]))

    def _sheriff(self, c: str, names: list[_Name], nxt: list[_Name]) -> list[Announced]:
        out: list[Announced] = []
        for m in _SHERIFF_SUBJECT.finditer(c):
            how = (
                "elected"
                if _rx.match(
                    r"当|成为|担任|拿到|拿了|获得|得到|戴上|佩戴|别上|挂上|被?选|推选|上任|就任|荣任"
                    r"|立为|推为|做|出任",
                    m.group(0),
                )
                else "handed_over"
            )
            if _rx.search(r"移交|殉职|随机|指定|继承|接任|接手|接替", self.text):
                how = "handed_over"
            for n in self._slots(c, names, m.span(), nxt, obj=False):
                out.append(self._item(EventType.SHERIFF, n.player, how, c))
        if not out:
            out = self._elected_said(c, names, nxt)
        if not out:
            out = [
                self._item(EventType.SHERIFF, n.player, "elected", c)
                for m in _SHERIFF_ELECTED.finditer(c)
                for n in self._slots(c, names, m.span(), nxt, subject=False)
            ]
        if out:
            return out
        how = (
            "handed_over"
            if _rx.search(r"警徽|移交|殉职|随机|指定|继|接任|接手|接替", self.text)
            else "elected"
        )
        for m in _SHERIFF_NEW.finditer(c):
            for n in self._slots(c, names, m.span(), nxt, subject=False):
                out.append(self._item(EventType.SHERIFF, n.player, how, c))
        out += self._badges(c, names, nxt, how)
        if out:
            return out
        return self._sheriff_state(c, names, nxt)

    def _badges(self, c: str, names: list[_Name], nxt: list[_Name], how: str) -> list[Announced]:
        """The badge given to a name (警徽移交给 X, 警徽归 X, 警长由 X): handed over, or
        elected when the sentence says its votes and no holder who went."""
        out: list[Announced] = []
        badges = list(_SHERIFF_OBJECT.finditer(c))
        if not badges and self.badge_post and _rx.search(r"警徽|移交|选择|指定", self.text):
            badges = list(_SHERIFF_CHOICE.finditer(c))
        won = bool(_BADGE_WON.search(self.text)) and not _BADGE_LEFT.search(self.text)
        # the badge that lands (警徽落在 X, 警徽归 X) says no holder who went: an election
        # when the sentence tells its vote (票数定, 得票最多) and no one who left
        counted = "票" in self.text and not _BADGE_LEFT.search(self.text)
        unsure = (
            not won
            and not counted
            and not _BADGE_LEFT.search(self.text)
            and not self.p.names(c[: c.find("警徽")])
            # (X 是警长，警徽交给了 Y: the holder named before the badge in the sentence)
            and not _rx.search(
                r"是\s*警长\s*[，,]\s*$", self.text[: self.text.find(c) + max(c.find("警徽"), 0)]
            )
        )
        for badge in badges:
            given = how if _rx.match(r"警长\s*(?:改由|由)", badge.group(0)) else "handed_over"
            if won or (counted and _rx.search(r"[归落在到]", badge.group(0))):
                given = "elected"  # 警徽（7票）归 X, 警徽落在了首日最先高票的 X 手上
            for n in self._slots(c, names, badge.span(), nxt, subject=False):
                out.append(self._item(EventType.SHERIFF, n.player, given, c))
        if out and unsure and "警徽" in c:
            self.unplaced.append(c)  # 警徽已交到 X 手里: won or handed over, not said
        return out

    def _elected_said(self, c: str, names: list[_Name], nxt: list[_Name]) -> list[Announced]:
        """当选 without the office: X 当选 in a sentence about the 警长竞选, and 当选：X (the
        games' only office one is elected to)."""
        spans: list[tuple[tuple[int, int], bool]] = []
        # 警长竞选：X 当选; 警徽：竞选帖最高票的是 X，当选
        if _rx.search(r"警长\s*竞选|竞选\s*警长|警徽[^。]*竞选", self.text):
            spans += [
                (m.span(), True) for m in _rx.finditer(r"当选(?=\s*(?:[（(]|$|[。！!，,]))", c)
            ]
        spans += [(m.span(), False) for m in _rx.finditer(r"(?<!次)当选\s*[:：]", c)]
        return [
            self._item(EventType.SHERIFF, n.player, "elected", c)
            for span, before in spans
            for n in self._slots(c, names, span, nxt, obj=not before, subject=before)
        ]

    def _sheriff_state(self, c: str, names: list[_Name], nxt: list[_Name]) -> list[Announced]:
        """警长：X, 今日警长 X — a state line (the scorer and discovery take it for the
        election when no change is known)."""
        out: list[Announced] = []
        if (
            len(names) == 1
            and _rx.fullmatch(r"\s*警徽\s*[:：]\s*", c[: names[0].start])
            and _rx.fullmatch(r"\s*[。！!]*\s*", c[names[0].end :])
        ):
            # 警徽：X（首日）: the badge's holder, a state line like 警长：X
            return [self._item(EventType.SHERIFF, names[0].player, "elected", c, status=True)]
        alone = (
            _rx.fullmatch(r"\s*(?:当选|当|任)?\s*警长\s*[。！!]*\s*", c[names[0].end :])
            if names
            else None
        )
        if alone and len(names) == 1 and not c[: names[0].start].strip():
            # 烧卖 警长。(the result line after a count): the name, then the office
            return [self._item(EventType.SHERIFF, names[0].player, "elected", c, status=True)]
        for m in _SHERIFF_STATUS.finditer(c):
            if "竞选" in c or "警徽" in c:
                continue
            if _ADDRESSED.search(c[: m.start()]):
                continue  # (决定权交给警长 X, 请警长 X 选择: the holder addressed, no state)
            for n in self._slots(c, names, m.span(), nxt, subject=False):
                rest = _rx.sub(r"(?:而非|而不是|不是)\s*\S{1,12}$", "", c[n.end :])
                # 警长番茄的票: no state; 警长是 桂圆 大人👮 继续带队冲鸭: a state, then chat
                if _rx.match(
                    r"^\s*(?:大人|同学|君|酱)?\W*(?:哦|啦|了|呢)?\W*(?:\s.*)?$", rest
                ) and not (
                    _OUT.search(rest)  # 警长 X 得 7 票出局: the holder goes, no state
                    # 警长 X 选择 Y: the sheriff acts (a tie's pick, a ballot), no state
                    or _rx.match(
                        r"\s*(?:选择|选了|决定|指定|投给|投了|投|把|将|开枪|发动|点)", rest
                    )
                ):
                    out.append(self._item(EventType.SHERIFF, n.player, "elected", c, status=True))
                break
        return out

    def _simple(
        self,
        etype: EventType,
        c: str,
        names: list[_Name],
        subject: re.Pattern[str],
        obj: re.Pattern[str],
        nxt: list[_Name],
    ) -> list[Announced]:
        out: list[Announced] = []
        # the day of its own clause (昨晚…，…，昨天X装傻的事情…: yesterday's, not the night's)
        offset = _clause_offset(self.text, self.text.find(c), self.offset)
        for m in subject.finditer(c):
            if m.groupdict().get("own") and not names:
                continue  # (明天照样只能喵喵: whose clause names no one, no one's)
            slots = self._slots(c, names, m.span(), [], obj=False)
            if not slots and m.groupdict().get("own"):
                slots = _own_clause_subject(c, names, m.start())
            for n in slots:
                out.append(self._item(etype, n.player, None, c, offset=offset))
        if out:
            return out
        for m in obj.finditer(c):
            for n in self._slots(c, names, m.span(), nxt, subject=False):
                if etype is EventType.PIPED and _OUT_BRACKET.search(n.bracket):
                    continue  # 吹笛：X、Y（已出局）— the dead are no longer piped
                out.append(self._item(etype, n.player, None, c, offset=offset))
        return out

    # ------------------------------------------------------------------ the sentence's own

    def _notices(self) -> list[Announced]:
        out: list[Announced] = []
        t = self.text
        said = [
            m
            for m in _NO_DEATH.finditer(t)
            if not _NEGATION.search(t[: m.start()][-2:]) and not _supposed(t, m.start())
        ]
        if said and (
            _quiet_night(t)
            or (self.about_night and _quiet_story(t))
            or any(_quiet_clause(t, m.start()) for m in said)
        ):
            # (the night's own clause says when: 昨天投出X，晚上没死人 — last night, not yesterday)
            # (a terse post's space parts its clauses: 昨天投出X 晚上没死人)
            at = said[0].start() if said else 0
            part = t.rfind(" ", 0, at) + 1
            offset = _clause_offset(t[part:], at - part, 0) if said else self.offset
            out.append(self._item(Notice.NO_DEATH, "", None, t, offset=offset))
        elif said and not _rx.search(r"票|目前|还没|暂时|尚", t):
            self.unplaced.append(t)  # 第五天：没有人出局 — the night's, or the day's?
        return out + self._accelerated() + self._game_over()

    def _game_over(self) -> list[Announced]:
        """游戏结束 / X 胜利 / 狼胜 / 好人集团，胜利 — not a message posted by mistake, a time
        (直到游戏结束) or a game that goes on (还没有达成胜利条件)."""
        out: list[Announced] = []
        t = self.text
        named = [(n.start(), n.end()) for n in self.p._name_re.finditer(t)]
        for g in _GAME_OVER.finditer(t):
            if _rx.search(r"误发|发错|测试|请忽略|请无视", t):
                break  # a test message posted by mistake (误发了一条“…获胜”的测试消息)
            if any(a < g.end() <= b for a, b in named):
                continue  # (戴胜, 常胜: a roster name that ends in a word of winning)
            if _supposed(t, g.start()):
                continue  # 如果狼人再刀一个，狼人阵营获胜: what would end it
            if _rx.search(r"(?:直到|到|至|等到?|在|距离?|离)\s*$", t[: g.start()]) or _rx.match(
                r"\s*(?:前|后|之前|之后|以前|以后|为止|时|才)", t[g.end() :]
            ):
                continue  # 直到游戏结束, 游戏结束后: a time, not the notice
            winner = next((w for w in g.group(*_WINNER_GROUPS) if w), None)
            if winner is not None and (
                _rx.search(r"没|未|不|尚|还|离|向", winner)
                or _rx.match(r"\s*(?:条件|在望|不远)", t[g.end() :])
            ):
                continue  # 狼人阵营还没有达成胜利条件, 离胜利不远: the game goes on
            if winner is not None:
                winner = _rx.sub(r"^(?:结局|最终|最后|本局|本场|因此|所以|故|则)+", "", winner)
                winner = winner.strip("—-－:：~～")
            out.append(self._item(Notice.GAME_OVER, "", None, t, value=winner))
        return out

    def _accelerated(self) -> list[Announced]:
        """The first acceleration said outright (对不起打扰：加速申请已过半: 对不起's 不 is no
        negation of it — the words before it in its own clause are), on the day its own
        clause names (前天…加速成功了，昨天的延时却没成)."""
        t = self.text
        m = next(
            (
                a
                for a in [*_ACCELERATED.finditer(t), *_ACCELERATED_BEFORE.finditer(t)]
                if not _rx.search(
                    # (可以申请提前归还（加速）: what a player may do, the rule's)
                    r"不再|没|未|不|取消|方可|需|可以|允许|能够",
                    _rx.split(r"[，,:：]", t[: a.start()])[-1][-8:],
                )
            ),
            None,
        )
        # (要是过半，明天提前…: supposed; 加速需过半数申请，加速至…: the rule in general)
        if (
            m
            and not _SUPPOSE.search(t[: m.start()])
            and not _rx.search(r"需|须|规则", t[: m.start()])
        ):
            return [
                self._item(
                    Notice.ACCELERATED,
                    "",
                    None,
                    t,
                    offset=-1
                    if (m.group(0).startswith(("昨天", "昨日")) and not _DAY_N.search(m.group(0)))
                    # the round before, in the theme's unit (上一局（加速局）, 上一场（加速场）)
                    or _ROUND_BEFORE.search(_rx.split(r"[，,。]", t[: m.start()])[-1])
                    else _clause_offset(t, m.start(), self.offset),
                )
            ]
        return []

    def _subject(self) -> str | None:
        """Whom the sentence is about: 他 / 她 / 其 the sentence before's subject (由替补 X 临时顶他
        的签位, 其席由替补 X 承之), else its own first name or the one carried."""
        if self.previous and _rx.search(r"[他她](?:的|$)|其(?=[席位座缺])", self.text):
            return self.previous
        return self.topic or self.carried

    def _substitutes(self) -> list[Announced]:
        same = bool(_SAME_ACCOUNT.search(self.text))
        return [
            self._item(EventType.SUBSTITUTE, who, None, span, value=new, same_account=same)
            for who, new, span in self.p.substitutes(self.text, self._subject())
        ]


_SAME_ACCOUNT = lazy(
    r"(?:沿用|使用|用|接管|继续用)(?:原|原来的?|其|他的?|她的?)\s*(?:账号|帐号|ID|id|马甲)|原(?:账号|帐号)(?:继续|游戏)"
    # the replaced one's account handed on (X 的账号由替补 Y 接手 / 交给 Y 来打)
    r"|的\s*(?:账号|帐号|马甲)\s*(?:由|交由|交给)"
    # … or taken over by the substitute (替补 Y 接手 X 的账号)
    r"|(?:接手|接过|接管)\s*[^\s，。,]{1,12}\s*的\s*(?:账号|帐号|马甲)"
)


def _clock(c: str, start: int, end: int) -> str | None:
    """The time between a name and its event word (于21:48, 在 14:05): the event's own."""
    m = _rx.search(r"(?:于|在)?\s*([01]?\d|2[0-3])\s*[:：]\s*([0-5]\d)", c[start:end])
    return f"{int(m.group(1)):02d}:{m.group(2)}" if m else None


def _clock_before(c: str, at: int) -> str | None:
    """A time right before an event word whose player follows it (14:05 红牌罚下的是 包子)."""
    m = _rx.search(
        r"(?:于|在)?\s*([01]?\d|2[0-3])\s*[:：]\s*([0-5]\d)\s*(?:时|的时候)?\s*$", c[:at]
    )
    return f"{int(m.group(1)):02d}:{m.group(2)}" if m else None


def _denied(c: str, span: tuple[int, int]) -> bool:
    """An event word that the clause denies, puts in the past or in a time clause."""
    before, after = c[: span[0]].rstrip(), c[span[1] :]
    return bool(
        _NEGATION.search(before)
        or _NOT_NOW_AFTER.search(after)
        or _STATE_BEFORE.search(before)
        or _rx.search(r"不|没|未|非|无", c)
    )


def _quiet_night(t: str) -> bool:
    """无人死亡 is a night's outcome only where the sentence is about the night, not a tie
    at the vote (平票无人出局) or a night still running (目前还没有)."""
    if _rx.search(_QUIET_EVE, t):
        return True
    if _rx.search(r"平票|票|投票|目前|还没|暂时|尚", t):
        return False
    return bool(_NIGHT.search(t) or _rx.search(r"夜|晚上|杀手|刀|凌晨", t))


def _quiet_clause(t: str, at: int) -> bool:
    """In a long comma-spliced sentence, 昨晚没有人死亡 is the night's though another clause
    speaks of the vote: the clause and the one before it say the night, and no vote."""
    cuts = [0, *(m.end() for m in _rx.finditer(r"[，,；;]", t)), len(t) + 1]
    i = max(k for k, c in enumerate(cuts) if c <= at)
    if i + 1 >= len(cuts):
        return False
    clause = t[cuts[i] : cuts[i + 1]]
    window = t[cuts[max(0, i - 1)] : cuts[i + 1]]
    return bool(_NIGHT.search(window)) and not _rx.search(r"票|目前|还没|暂时|尚|环节|平", clause)


def _quiet_story(t: str) -> bool:
    """没有人死去 in a line about the night (杀手们昨夜没有动手): no vote, no count."""
    return not _rx.search(r"平票|票|投票|目前|还没|暂时|尚|环节", t)


# 前天 is two days back; 前日 in a notice's heading (【前日投票出局】) is the day before, as
# 前一日 (see _YESTERDAY)
_DAY_BEFORE = lazy(r"前天(?![晚夜])")


# a clause the evening opens (昨天 X 被投出，晚上 Y 挂了): the night after that day — last night
# the day's count told (结算, 计票, 唱票, a tally's figures 4.5 / 4, 8/11): what goes out
# with it goes out by the vote
_TALLIED = lazy(
    r"结算|计票|唱票|开票|票型|票数|\d(?:\.\d)?\s*/\s*\d|(?<![A-Za-z])(?:result|votes?)(?![A-Za-z])",
    re.I,
)
_EVENING_CLAUSE = lazy(
    r"\s*(?:晚上|夜里|当晚|晚间|半夜|入夜后?)(?![\d零一二两三四五六七八九十]{1,3}\s*[点时:：])"
)


def _clause_offset(t: str, at: int, default: int) -> int:
    """The day offset of the clause around ``at``: 前天 -2, 昨天 -1, 今天 0, else ``default``;
    a bracket's aside (今天是加速日（昨天傍晚已过半）) says nothing of when."""
    start = max((t.rfind(c, 0, at) for c in "，,；;"), default=-1) + 1
    stops = [i for c in "，,；;" if (i := t.find(c, at)) >= 0]
    clause = t[start : min(stops, default=len(t))]
    if _DAY_N.search(clause):
        return 0  # 前天（第五天）: the day it names
    if _EVENING_CLAUSE.match(clause):
        return 0
    aside = _rx.sub(r"[（(][^）)]*[）)]", "", clause)
    if aside != clause and _rx.search(r"今[天日]|本日", aside):
        return 0
    if _DAY_BEFORE.search(clause):
        return -2
    # 昨天夜里 is the night the post's day begins with; a label's night before the colon
    # (昨晚白痴提示：昨日被投出的 X 翻牌白痴) is not the clause's own time
    own = _rx.split(r"[:：]", clause)[-1]
    if _YESTERDAY.search(clause) and not _NIGHT.search(own if _YESTERDAY.search(own) else clause):
        return -1
    if _rx.search(r"今[天日]|本日|本次|这次|此次", clause):
        return 0
    return default


def _bracket_day(bracket: str) -> int | None:
    n = _NIGHT_N.search(bracket)
    if n:
        return (cn_number(n.group(1)) or 0) + 1
    d = _DAY_N.search(bracket)
    return cn_number(d.group(1)) if d else None


def _how(cause: str | None) -> str | None:
    """The game file's how for a cause (hunter and 殉情 go by when they happen)."""
    return cause if cause in ("vote", "night", "sent_off") else None


def _only_names(p: Patterns, clause: str) -> bool:
    rest = p._name_re.sub("", clause)
    return (
        bool(p.names(clause))
        and _rx.fullmatch(r"(?:结果|是|为)?[\s、和与及/,。．.！!（）()\d票人两:：]*", rest)
        is not None
    )


def _objects(
    c: str, names: list[_Name], span: tuple[int, int], nxt: list[_Name], *, subject: bool
) -> list[_Name]:
    """The names right after a word, else the next clause's (出局，\n X) — not when the
    word has its subject already (宣纸 6 票出局，笔洗 3.5 票: 宣纸's out, 笔洗 a tally's row)."""
    start, end = span
    later = [n for n in names if n.start >= end]
    if (
        _NO_OBJECT.search(c[start:end])
        and _group(names, c, start, forward=False)
        and later
        and not c[end : later[0].start].strip()
        and re.match(r"\s*(?![和与及跟同以])[\u4e00-\u9fff]{2}", c[later[0].end :])
    ):
        # 蒲牢噶了😭 凤凰被吹了: a death its subject has, a name after a blank opening the next
        return []
    after = _group(names, c, end, forward=True)
    if after:
        return after
    has_subject = subject and bool(_group(names, c, start, forward=False))
    if _OBJECT_GAP.match(c[end:]) and nxt and not has_subject:
        return nxt
    return []


# the intransitive deaths said as done (寄了, 嘎了, 没了, 走了): their player is the subject
# (the intransitive deaths: 出局, 死亡, 倒地, 寄了, 没了 — 出局：X is a label's, not a subject's)
_NO_OBJECT = lazy(
    r"(?:出局|死亡|阵亡|身亡|倒下|倒地|离场|退场|(?:死|寄|嘎|噶|凉|走|走掉|没|挂|遭)了)\s*$"
)


def _group(names: list[_Name], c: str, at: int, *, forward: bool) -> list[_Name]:
    """The run of names (joined by 、 和 与 …) right after or right before position at."""
    sep = re.compile(r"^\s*(?:、|，|,|和|与|及|以及|同|跟|/|\||\s)\s*$")
    if forward:
        after = [n for n in names if n.start >= at]
        if not after or not _OBJECT_GAP.match(c[at : after[0].start]):
            return []
        run = [after[0]]
        for n in after[1:]:
            if not sep.match(c[run[-1].end : n.start]):
                break
            run.append(n)
        return run
    before = [n for n in names if n.end <= at]
    if not before or not _SUBJECT_GAP.match(c[before[-1].end : at]):
        return []
    run = [before[-1]]
    for n in reversed(before[:-1]):
        if not sep.match(c[n.end : run[0].start]):
            break
        run.insert(0, n)
    return run


_ANY_DAY = datetime(2000, 1, 3, 12, tzinfo=UTC)  # find_points needs a date; any will do

# a night's outcome in words (死, 无事, 无人, 0 死, 平安): after a night's word, a sentence saying it
_QUIET_WORDS = lazy(
    r"死|亡|无事|无人|没人|没有人|平安|出局|(?<![\d:])0\s*(?:人|死|个)|殒|安然|太平"
)
_NIGHT_HEAD = lazy(r"\s*(?:夜|夜里|夜晚|本夜)\s*[:：]")
# a clock or a date written compactly (0900, 2130, 12.14, 12/19) beside a schedule's word
_COMPACT_TIME = lazy(
    r"(?<![\d:：.])(?:[01]\d|2[0-4])[0-5]\d(?![\d:：])|(?<![\d.])(?:0?[1-9]|1[0-2])\s*[./]\s*[0-3]?\d(?![\d.]|\s*(?:人|票|过半))"
)
_SCHEDULE_WORD = lazy(
    r"开|关|截|结算|闭|延|提前|推迟|改|[→–—~-]|(?<![A-Za-z])(?:DDL|open|close)", re.I
)


# an old Chinese hour (亥时半, 辰时): a time as a 文言 director writes it
# (and the hour's first or middle mark alone: 巳初, 亥初二刻, 子正 — not 未正式, 未初步)
_OLD_HOUR = lazy(
    r"[子丑寅卯辰巳午未申酉戌亥](?:时(?:[半正初]|[一二三四]刻)?"
    r"|(?:初(?![步次期始衷中])|正(?![式在常确好是当义面规])(?!\S?[开关闭])?)(?:[一二三四]刻)?)"
)


def stated_time(text: str) -> str | None:
    """A time the post states in a form the clock reader may not know: a compact clock or
    date beside a schedule's word (开 0900, 关 12.19 2330), an old hour (亥时半) — what makes
    a post that was not read in full worth listing (未读懂的公告)."""
    for line in fold(text).splitlines():  # as written: the registers say 0900 as 09:00
        m = _COMPACT_TIME.search(line)
        if m and _SCHEDULE_WORD.search(line) and not _rx.search(r"申请|人数|票|过半", line):
            return m.group(0)
    old = _OLD_HOUR.search(fold(text))
    return old.group(0) if old else None


# a close's word right beside a clock (明日21:00闭帖, 戌时（21:00）闭帖, 截票 1800, 关 2130)
# (and the day's end in any venue's words: 解散, 清场, 放学, 散场, 收工, 打烊, 结束)
_CLOSE_SAID = lazy(
    r"关|闭|截|结算|下播|结束|解散|清场|散场|放学|收工|打烊|收摊|收卷|撤台|封盘"
    r"|(?<![A-Za-z])(?:close[sd]?|DDL)(?![A-Za-z])",
    re.I,
)
# (开到 / 开放至 22:00 is how long it stays open: a close)
# (and the day's start in any venue's words: 集合, 入园, 放行, 发车, 出闸)
_OPEN_SAID = lazy(
    r"开(?!枪|票|始投|到|至|放到|放至)|集合|入园|放行|发车|出闸|(?<![A-Za-z])opens?(?![A-Za-z])",
    re.I,
)
# a delay granted as a new deadline (延到 22:00, 推迟至 23:30)
_DELAY_SAID = lazy(
    r"(?:延|延长|延时|延迟|推迟|顺延|延后)(?:到|至)\s*(?:今晚|明天|明日|今天)?\s*\d{1,2}\s*[:：点时]"
)
# two clocks joined as a range (09:00 to 21:00, 9:00 至 21:00, 09:00—21:00)
_A_RANGE = lazy(
    r"\d{1,2}\s*[:：]\s*\d{2}\s*(?:(?<![A-Za-z])to(?![A-Za-z])|至|到|—+|-+|~|～|–)\s*\d{1,2}\s*[:：]\s*\d{2}"
)
# a delay by an amount, then its new close (延后两小时，到 02:00)
_DELAY_SPAN = lazy(
    r"(?:延长|延时|延迟|推迟|顺延|延后|延)\s*[一二两三四五六七八九十半\d]+\s*个?\s*(?:半\s*)?(?:小时|钟头|分钟)"
    r"\s*[，,]?\s*(?:到|至)\s*[^。，,]{0,10}?\d{1,2}\s*[:：点时]"
)
# what a word glossed as the office cannot be: the office's own words or a verb (选出, 当选)
_OFFICE_WORDS = lazy(r"选|当|是|为|任|警|徽|票")
# where a report's clause starts and ends
# (after a question the director asks himself, 您猜怎么着？昨夜 …; after a pause an emoji or a
# tilde made, 早安～昨晚 …: a clause of its own)
_REPORT_START = r"(?:^|(?<=[。！!；;，,？?\n])|(?<=[\u4e00-\u9fff][ \t\u3000]))[ \t\u3000]*"
_REPORT_END = r"\s*(?:[。！!；;，,]|$)"
# a verb before 的是 that is no leaving: a tally's rank, a choice, a night's or a ballot's own
# word (the grammar reads those)
_NOT_LEAVING = lazy(r"领先|落后|最多|最高|最少|指定|点名|提名|怀疑|[杀刀毒狙投票出死走下给]")
# a predicate that says who a player is, what they have or would do — no act of leaving
_NO_ACT = lazy(r"(?:是|为|乃|系|有|的|像|很|也|都|要|会|想|能|可以|应该|打算|准备|在)")
# a near miss or a save in the name's own clause (X 差点落马——医生救下, X 被刀，女巫把她留下)
_SPARED_AFTER = lazy(
    r"[^。！!；;？?\n]{0,12}?(?:差一点|差点|险些|(?<![没未不])(?:救下|救活|守住|留在了?))"
)


# a hunter who does not shoot (收枪不发, 没开枪, 放弃开枪): no shot to place
def _keep_names(office: str) -> Callable[[re.Match[str]], str]:
    """A glossed word's replacement that keeps a roster name (group 1) as it is."""

    def keep(m: re.Match[str]) -> str:
        return m.group(1) or office

    return keep


def _shot_undone(bracket: str, upto: str) -> bool:
    """A hunter's shot in a bracket undone: declined (放弃开枪), denied or nearly (没带走,
    差点带走), supposed (如果) — ``upto`` runs from the shot's word to its target."""
    return bool(
        _SHOT_DECLINED.search(bracket) or _rx.search(rf"不|没|未|放弃|差点|险些|{SUPPOSING}", upto)
    )


_SHOT_DECLINED = lazy(r"收枪|(?:不|没有?|未|放弃)\s*开枪|枪\s*不发")
# a name's bracket that keeps its player in the game (X（保留）, X（被救）, X（未出局）)
_KEPT_BRACKET = lazy(
    r"^[（(][^）)]*(?:保留|留下|未出局|没出局|未死|没死|还在|仍在|存活|被?救|守住|差点|险些)[^）)]*[）)]$"
)
# a role noun that may stand right before its player's name (杀手 X, 狼人 X)
_ROLE_NOUN = r"(?:杀手|狼人|狼|女巫|秘警|秘密警察|猎人|医生|预言家|村民)"
_NEAR_MISS = lazy(r"差一点|差点|险些|几乎")
_MOVED = lazy(r"推迟|延后|延迟|顺延|改到|改至")
_A_CLOCK = lazy(r"\d{1,2}\s*[:：]\s*\d{2}|\d{1,2}\s*[点时]")


# a word that moves a close (延时, 推迟, 改到, 调整): a close read as a delay needs one
_MOVE_WORD = lazy(r"延|推迟|顺延|加时|改|调整|变更|更新|新的?|原(?:来|定|本)|extend|postpone", re.I)


def _delay_unworded(text: str) -> list[str]:
    """The lines of a close the time reader took as a delay (a new deadline) in a post that
    says no word of moving one (⏰ 10:00 开练 → 周二 22:00 收工: an arrow between a day's two
    times): a delay nobody stated is a guess, listed, never passed in silence (issue 34)."""
    if _MOVE_WORD.search(text):
        return []
    points = find_points(text, _ANY_DAY, UTC)
    texts = [p.text for p in points if p.delay and p.role == "closes" and not p.wrong]
    return [line.strip() for line in text.splitlines() if any(t and t in line for t in texts)]


def _fast_clock_unread(text: str, found: list[Announced]) -> list[str]:
    """The sentences of an acceleration read that give a clock read as no close (加速看房
    申请：5/9，超过一半，本期看房提前至 19:30 结束): the day's new close, which the post is
    read for, was not — listed, never passed in silence."""
    if not any(a.type is Notice.ACCELERATED for a in found):
        return []
    return [
        sentence.strip()
        for sentence in _SENTENCES.findall(_own(text))
        if _ACCELERATED.search(sentence)
        and not _SUPPOSE.search(sentence)
        and any(p.role is None and not p.wrong for p in find_points(sentence, _ANY_DAY, UTC))
    ]


def _close_unread(text: str) -> list[str]:
    """The sentences that say a close (or an opening) beside a clock from which the clock
    reader took no close (no opening): 明日21:00闭帖 read as a second opening, 今日 14:00 先開
    read as a close — what the director stated was not read, and is listed rather than
    passed in silence."""
    own = _own(text)
    out: list[str] = []
    delay_post = _DELAY_HEAD.match(own)
    for found in _SENTENCES.finditer(own):
        sentence = found.group(0)
        if _SUPPOSE.search(sentence) or _rx.search(r"进入夜晚|[？?]", sentence):
            continue  # (a night's hours: no day's opening or close)
        line = own[own.rfind("\n", 0, found.start()) + 1 : found.start()]
        if (
            _time_unread(sentence, line, bool(_DAY_N.search(text)))
            or _OLD_HOUR.search(sentence)  # (an old hour fold gave no clock: 子时起, 巳初)
            or (delay_post and _close_undelayed(sentence))
        ):
            out.append(sentence.strip())
    return out


# a post headed by the delay (【延时】, ==延长公告==, 延时通知：): its closes are the delay's
# (never one that says it failed: 【延时失败】, 延时未通过)
_DELAY_HEAD = lazy(
    r"\s*(?:[【\[=]+[^】\]=\n]{0,16}?(?:延时|延长|延迟|推迟|顺延|延后|延期)(?![^】\]=\n]{0,8}(?:失败|不|未|没|否))"
    r"[^】\]=\n]{0,8}[】\]=]+"
    r"|[^\n\d:：，,。]{0,8}?(?:延时|延长|延期)(?:通知|公告|结果|成功)\s*(?:[:：]|\n))"
)


def _close_undelayed(sentence: str) -> bool:
    """A close read as a plain close in a post its header says is a delay (【延时】 …
    第3日宽限到 23:30): the delay's new close, in words the clock reader did not take as a
    delay — listed, not passed as the day's own close."""
    points = find_points(sentence, _ANY_DAY, UTC)
    return any(p.role == "closes" for p in points) and not any(p.delay for p in points)


def _time_unread(sentence: str, line: str, a_day_said: bool) -> bool:
    """The sentence states a time the clock reader did not read as said (``line``: the
    line before it; ``a_day_said``: the post names its day)."""
    said = normalise(sentence)
    ranges = find_ranges(sentence, _ANY_DAY, UTC)
    points = find_points(sentence, _ANY_DAY, UTC)
    if not ranges and _shape_unread(said, points):
        return True
    if not ranges and _one_role_twice(points):
        return True  # (0:00 起飞，24:00 落地 read as two openings: one of them is not)
    wanted = _schedule_said(said)
    if not wanted or ranges:
        return False
    if _opening_moved(said, points):
        return True
    if any(p.delay or p.asof or p.aside or p.wrong for p in points) or not points:
        return False
    if a_day_said and "closes" in wanted and _yesterdays_close(normalise(line), said):
        return True  # 第七天！昨天加速，晚上七点就结束啦: a past day's close in today's post
    return not wanted <= {p.role for p in points} or _delay_as_close(sentence, points)


def _delay_as_close(sentence: str, points: list[TimePoint]) -> bool:
    """今天延到 22:00 关门: a delay read as a plain close (开门推迟至10:00 moves the opening)."""
    return not any(p.delay for p in points) and any(
        _DELAY_SAID.search(c) and not _OPEN_SAID.search(c) for c in _rx.split(r"[，,]", sentence)
    )


def _one_role_twice(points: list[TimePoint]) -> bool:
    """Two plain times of the same role (two openings, or two closes) at different moments
    in one sentence: a day has one of each, so the clock reader took one of them wrong."""
    plain = [p for p in points if p.role and not (p.delay or p.asof or p.aside or p.wrong)]
    return any(
        a.role == b.role and a.at != b.at and (a.day, a.phase) == (b.day, b.phase)
        for i, a in enumerate(plain)
        for b in plain[i + 1 :]
    )


def _shape_unread(said: str, points: list[TimePoint]) -> bool:
    """Day 2 open，09:00 to 21:00: two clocks joined as a range no range was read from; 关火
    延后两小时，到 02:00: a delay by an amount, its new close not read as one."""
    if _A_RANGE.search(said):
        return True
    return bool(_DELAY_SPAN.search(said)) and not any(p.delay for p in points)


def _opening_moved(said: str, points: list[TimePoint]) -> bool:
    """第三日放行推迟至 10:30, 集合时间改到上午十点: the opening moved, read as a delay of
    the close."""
    return (
        any(p.delay for p in points)
        and all(p.role != "opens" for p in points)
        and any(
            _OPEN_SAID.search(c) and not _CLOSE_SAID.search(c) and _MOVED.search(c)
            for c in _rx.split(r"[，,]", said)
            if _A_CLOCK.search(c)
        )
    )


def _yesterdays_close(before: str, sentence: str) -> bool:
    """The day word nearest before the close's clock, in its line, is yesterday's (昨天加速，
    晚上七点就结束啦; 昨天有人要延时，成功了吗？成功了，晚了一小时关门（22:00）; not 昨天加速，
    今天恢复正常，21:30 关门)."""
    for c in _rx.finditer(r"(?:[^，,—-]|-(?!-))+", sentence):
        if _A_CLOCK.search(c.group(0)) and _CLOSE_SAID.search(c.group(0)):
            if _rx.search(r"照常|正常|照旧|如常", c.group(0)):
                return False  # (照常21:00关: the standing close, today's)
            said = before + sentence[: c.end()]
            # (昨夜 / 昨晚 is the night's, not the day before's)
            words = _rx.findall(r"昨[天日](?![晚夜])|今[天日晚朝]|本日|明[天日晚朝]", said)
            return bool(words) and words[-1].startswith("昨")
    return False


def _schedule_said(sentence: str) -> set[str | None]:
    """The roles a sentence's clauses give a clock: a close's word in a clause with a clock
    (戌时（21:00）闭帖: the gloss beside the word; 10:00 开帖，投票截止后…: the close's word
    in another clause, about something else), an opening's word in one without a close's."""
    # (a request's deadline, a night's actions or last words: no day's opening or close)
    clauses = [
        c
        # (a label after a space heads a clause of its own: 开始：0:00　结束：24:00)
        for c in _rx.split(r"[，,、]|\s+(?=[\u4e00-\u9fff]{1,6}\s*[:：])", sentence)
        if _A_CLOCK.search(c) and not _rx.search(r"申请|遗言|行动", c)
    ]
    wanted: set[str | None] = set()
    if any(_CLOSE_SAID.search(c) for c in clauses):
        wanted.add("closes")
    if any(_OPEN_SAID.search(c) and not _CLOSE_SAID.search(c) for c in clauses):
        wanted.add("opens")
    return wanted


# a time zone other than the forum's (UTC+8 / GMT+8 / 北京时间): 13:30 UTC, 8:30 EST, 美东时间
_FOREIGN_ZONE = lazy(
    r"(?<![A-Za-z])(?:UTC|GMT|EST|EDT|PST|PDT|CET|CEST|BST|JST)(?![A-Za-z])(?!\s*[+＋]\s*0?8)"
    r"|美东|美西|东部时间|太平洋时间|伦敦时间|东京时间|日本时间|欧洲时间"
)
_DIGIT_CLOCK = lazy(r"\d{1,2}\s*[:：]\s*\d{2}")


def _foreign_clocks(text: str) -> list[str]:
    """The sentences that still give a clock in another time zone once the registers have
    said what they convert (13:30 UTC is 21:30 by then; 8:30 EST, 美东时间 are not): what
    such a sentence states is listed, never passed in silence (UTC+8, GMT+8 are the
    forum's own)."""
    return [
        sentence.strip()
        for sentence in _SENTENCES.findall(_own(text))
        if _FOREIGN_ZONE.search(sentence) and _DIGIT_CLOCK.search(sentence)
    ]


# a sentence that corrects a time (本应关帖于 22:00，我误写成了 21:00; 更正：关帖 21:00)
_CORRECTS_TIME = lazy(r"更正|勘误|订正|误写|写错|写成|说错|打错|应为|本应")


def _corrected_clocks(text: str) -> list[str]:
    """The sentences that correct a clock: which day's time was wrong and which is right is
    for the director to confirm, never passed in silence."""
    return [
        sentence.strip()
        for sentence in _SENTENCES.findall(_own(text))
        if (_CORRECTS_TIME.search(sentence) and _DIGIT_CLOCK.search(sentence))
        or _CLOCK_MOVED.search(sentence)
    ]


# a close's clock moved by an arrow (关帖 21:30 → 22:00, 截止：22:15→22:45): the old value
# and the new under one label, not a range (an opening's label and a close's would be)
_CLOCK_MOVED = lazy(
    r"(?:关|截止|终|结束|散|收|deadline|close)[^\d，。,]{0,6}?\d{1,2}\s*[:：]\s*\d{2}"
    r"\s*(?:→|->|=>|⇒|➡|改为|改成)\s*\d{1,2}\s*[:：]\s*\d{2}",
    re.I,
)


# the piped said in a passive's short forms (X 还被吹着, X 也让吹了, X 被笛子吹了) and a gloss
# after the label (Lv.3 (piped) today:)
_PASSIVE_PIPED = lazy(r"(?:被|让|给)(?:笛子|笛声|笛)?给?吹(?!笛)(?:着|了|住)?")
_GLOSSED_LEVEL = lazy(r"(Lv\.?\s*3)\s*[（(][^）)]{0,12}[）)]", re.I)


# a heading that a clause of "still" then the list follows (被吹笛的，还是 A 和 B; Lv.3 的，
# 依然是 A): the heading's list, as 被吹笛的是 A 和 B
_STILL_LIST = lazy(
    r"((?:被吹笛|Lv\.?\s*3)(?:状态)?\s*(?:的(?:玩家|人)?|者)?)\s*[，,]\s*(?:还|仍然?|依然|依旧|照样)\s*是",
    re.I,
)


# the level said to rise, no number beside it (seed 004: 被吹笛的角色进入【雏见泽综合症Lv.3】;
# 昨夜 Lv 上升：X, Lv 上升的是 X, X Lv 升级了): the piping, as Lv.3 — not a level named from or
# to (Lv.1 升到 Lv.2), nor a rise undone (Lv 没有上升)
_LEVEL_ROSE = lazy(
    r"(?<![A-Za-z0-9.])Lv\.?\s*(?:3\s*)?(?<![不没未])(?:上升|升高|升级|提升|飙升|上涨)(?:了|至\s*3|到\s*3)?(?![A-Za-z0-9.])(?!\s*(?:到|至)\s*(?:Lv|\d))",
    re.I,
)


def _piped_passive(text: str) -> str:
    text = _LEVEL_ROSE.sub("Lv.3", text)
    text = _GLOSSED_LEVEL.sub(r"\1", _PASSIVE_PIPED.sub("被吹笛", text))
    return _colloquial(_STILL_LIST.sub(r"\1是", text))


# a death said in the spoken language, in the grammar's words: the killer's passive with any
# verb (X 让狼给整了, X 叫狼叼走了, X 给杀手做掉了, X 让秘警一枪崩了, 四川话 X 遭秘警一枪打翻了
# → 被狼杀了), the object
# named after the killer's act (毒的是 X → 被毒的是 X), a vote-out's 出去 (票出去的是 X), a
# bare 寄 ending the clause (X 寄了)
_SPOKEN_DEATHS = (
    (
        lazy(
            r"(?:让|叫|给|被|遭)\s*(狼人?|杀手|秘警|女巫|警察)\s*给?\s*(?:一[枪刀])?\s*"
            r"(?:整|做|弄|干|崩|咬|叼|毒|杀|砍|收拾|解决|带|(?:打|放|撂)(?=[翻倒死]))[死掉走翻倒]?了"
        ),
        r"被\1杀了",
    ),
    (lazy(r"(?<!被)(?<![我你他她])(毒|刀|狙)的是"), r"被\1的是"),
    # the clause-final spoken death (X 挂了, X 寄了) heading a 的是 (昨晚挂的是 X): 出局的是 X
    (lazy(r"(?<![我你他她悬牵披])(?:挂|寄|嘎|噶)(?:掉)?的是"), "出局的是"),
    (lazy(r"([票投])出去"), r"\1出"),
    # a red card taken, then the leaving (吃红牌走人, 领了张红牌下场): sent off — a card alone
    # (吃了张红牌) stays the grammar's to read
    (
        lazy(
            r"(?:吃|领|拿|挨|收)了?\s*(?:张|一张|个|一个)?\s*红[牌卡]\s*[，,]?\s*(?:就|直接)?"
            r"(?:走人|滚蛋|下场|离场|回家|出局|走了)"
        ),
        "红牌罚下",
    ),
)


def _colloquial(text: str) -> str:
    for pattern, said in _SPOKEN_DEATHS:
        text = pattern.sub(said, text)
    return text


# 明 2200 关, 明 22:00 截: a bare 明 (not 明天 / 明晚) before the clock
# a 环节 said short (D4 环一 全天, 环二 开): its hours may not be read — listed
_SHORT_PHASE = lazy(
    r"^.*?(?<![\u4e00-\u9fff])(环\s*[一二三四五1-5])(?!\s*节)(?![\u4e00-\u9fff]{0,2}[:：]).*$", re.M
)


def short_phase(text: str) -> str | None:
    """The 环节 a post names short (环二 in D5 环二 全天), or None."""
    line = _SHORT_PHASE.search(fold(text))  # the post's words: _own() writes 环一 out
    return line.group(1) if line else None


_BARE_TOMORROW = lazy(r"(?<![\u4e00-\u9fff])明\s*\d{1,2}\s*[:：]?\s*\d{2}(?!\d)")


def _compact_times(text: str) -> list[str]:
    """The lines that write a day's time compactly (D3 开 0900 关 2130, 关 12.19 2330) and
    from which no time was read: what they state is listed, never passed in silence."""
    out: list[str] = []
    for line in _own(text).splitlines():
        if _BARE_TOMORROW.search(line) and _SCHEDULE_WORD.search(line):
            out.append(line.strip())  # 明 2200 关: the day after, in a word the clock may not carry
            continue
        if not _COMPACT_TIME.search(line) or not _SCHEDULE_WORD.search(line):
            continue
        if _rx.search(r"申请|人数|票|过半", line) and not _rx.search(r"开|关|截|结算|闭", line):
            continue  # a count of requests (延时申请 5/9), not a date
        if find_ranges(line, _ANY_DAY, UTC) or find_points(line, _ANY_DAY, UTC):
            continue
        out.append(line.strip())
    return out


def _unkept(text: str, found: list[Announced]) -> list[str]:
    """The sentences whose word promises an item of a kind the post gave none of: a winner
    (狼胜, village wins), an acceleration granted, a delay granted with its new close."""
    kinds = {a.type for a in found if a.type is not Notice.GAME_OVER or a.value}
    out: list[str] = []
    delayed: bool | None = None
    for sentence in _SENTENCES.findall(text):
        if _ASKS_OR_TIES.search(sentence) or _SUPPOSE.search(sentence):
            continue
        if _NOT_THE_EVENT["game_over"].search(sentence):
            continue  # (the game goes on: no winner is promised)
        promised = [
            k
            for k, w in ((Notice.GAME_OVER, _WIN), (Notice.ACCELERATED, _ACCEL_DONE))
            if w.search(sentence)
        ]
        if any(k not in kinds for k in promised):
            out.append(sentence.strip())
        elif _DELAY_DONE.search(sentence) and not _rx.search(r"失败|不足|未通过|没成", sentence):
            if delayed is None:
                points = find_points(text, _ANY_DAY, UTC)
                delayed = any(p.delay and p.role == "closes" for p in points)
            if not delayed:
                out.append(sentence.strip())
    return out


# after a post corrects itself: the acceleration or the death it said is undone
_UNDONE = lazy(r"不加速|没过半|未过半|没有过半|不算|没有?死|没有出局|未出局|仍在场|作废")


# leaving the seat to a substitute (因工作离场, 退出, 请假): no elimination
_LEAVES_SEAT = lazy(r"离场|退出|离开|请假|下场|休息|落水")
_OUT = lazy(r"出局|死|投票|票出|投出|红牌|罚下|淹死|殉情|枪")


# a weekday (周二夜里, 上周六, 星期天晚上), and the post's own one in its heading (周三，第五日)
_WEEKDAY = lazy(r"(?:周|星期|礼拜)([一二三四五六日天])(?!末)")
_OWN_WEEKDAY = lazy(
    r"\W*(?:今天是?|今日是?)?\s*(?:周|星期|礼拜)([一二三四五六日天])(?=\s*[，,。、了:：\s]|第)"
)


def _weekday_recaps(text: str, found: list[Announced]) -> list[str]:
    """The clauses that date an item by a weekday other than the post's own (a weekly
    recap: 周日晚投出 X；周二夜里 Y 被杀): which game day a weekday was is the calendar's,
    not the post's (a day may span a weekend), so the post is listed (未读懂的公告), never
    its recap silently put on the post's day.  Not a clause that names its day (第三天),
    nor a sheriff's election (day 1's, whenever said)."""
    own = _OWN_WEEKDAY.match(text)
    mine = {own.group(1).replace("天", "日")} if own else set()
    out: list[str] = []
    for a in found:
        if a.day is not None or (a.type is EventType.SHERIFF and a.how == "elected"):
            continue
        # (请假至周四: the end of a span the item tells, not the day it happened)
        days = {
            m.group(1).replace("天", "日")
            for m in _WEEKDAY.finditer(a.clause)
            if not _rx.search(r"(?:至|到|直到|截至)\s*(?:下|本|这)?$", a.clause[: m.start()])
        }
        if days - mine and a.clause.strip() not in out:
            out.append(a.clause.strip())
    return out


# a terse log's day label heading a line (D5：X 投出 → 警长给 Y): that day's line; not a
# clock (D5:30 is no label), nor a label inside a sentence
_D_LABEL = lazy(r"^(\s*)D\s?(\d{1,2})\s*[:：](?!\s*\d)", re.M)


def _day_label(text: str) -> str:
    """D5：… at a line's head as 第5天：… — every event of the line is that day's (the
    sheriff handed over with the vote-out, the idiot revealed), not the post's."""
    return _D_LABEL.sub(r"\1第\2天：", text)


# the newcomer takes on the one replaced's spell (继承其吹笛状态, 继承【雏见泽综合症Lv.3】)
_INHERITS_SPELL = lazy(
    r"(?:继承|承接|沿用|延续)[^。\n]{0,12}?(?:吹笛|笛声|Lv\.?\s*3|综合症|咪啪|喵)", re.I
)


def _inherited_spell(text: str, found: list[Announced], roster: set[str]) -> list[Announced]:
    """A substitute whose sentence says the newcomer inherits the piped state: the newcomer
    is piped from then (an item of their own), the one who left no longer is.  (A newcomer
    off the roster is not made piped: the post is listed for them already.)"""
    out = _newcomers_spell(found, roster)
    for a in found:
        if a.type is not EventType.SUBSTITUTE or a.value not in roster:
            continue
        said = next((s for s in _SENTENCES.findall(text) if a.player in s and a.value in s), "")
        m = _INHERITS_SPELL.search(said)
        if m is None or _supposed(said, m.start()):
            continue
        out = [b for b in out if not (b.type is EventType.PIPED and b.player == a.player)]
        if not any(b.type is EventType.PIPED and b.player == a.value for b in out):
            out.append(replace(a, type=EventType.PIPED, player=a.value, value=None))
    return out


def _newcomers_spell(found: list[Announced], roster: set[str]) -> list[Announced]:
    """替补：Y 接替 X 出庭，Y 同样处于被吹笛状态 — a piping read for X from a clause whose
    subject is the newcomer Y, a name off the roster the grammar passed over for the
    sentence's X: the piping is Y's."""
    out = list(found)
    for a in found:
        if a.type is not EventType.SUBSTITUTE or not a.value or a.value in roster:
            continue
        own = [
            b
            for b in out
            if b.type is EventType.PIPED
            and b.player == a.player
            and a.value in b.clause
            and a.player not in b.clause
        ]
        if own:
            out = [b for b in out if b not in own]
            out.append(replace(own[0], player=a.value))
    return out


def _moved_earlier(text: str, found: list[Announced]) -> list[Announced]:
    """The acceleration by its shape (:data:`_EARLY_COUNT`, :data:`_EARLY_HEAD`) when no word
    of the grammar's gave it: one notice for the post, on the day its sentence names."""
    if any(a.type is Notice.ACCELERATED for a in found):
        return found
    # (a count reached beside the close the post states — 加速 4/7，今天四点就收工: the close
    # is the new one; auditor.game.when reads the time)
    closes = not _rx.search(r"照常|照旧|不变|仍然?|依旧|按原|还是|准时", text) and any(
        p.role == "closes" and not p.wrong for p in find_points(text, _ANY_DAY, UTC)
    )
    for sentence in _SENTENCES.findall(text):
        hit = _early_hit(sentence, closes)
        if hit is None or _early_refused(text, sentence, hit):
            continue
        day = _DAY_N.search(sentence)
        return [
            *found,
            Announced(
                Notice.ACCELERATED,
                "",
                day=cn_number(day.group(1)) if day else None,
                clause=sentence.strip(),
            ),
        ]
    return found


def _early_hit(sentence: str, closes: bool) -> re.Match[str] | None:
    """The count reached (:data:`_EARLY_COUNT`) or the day's header (:data:`_EARLY_HEAD`)
    that brings a close forward in ``sentence``; ``closes``: the post states a close."""
    for m in _EARLY_COUNT.finditer(sentence):
        n, of = int(m.group(1)), int(m.group(2))
        rest = sentence[m.start() :]  # (a sentence ends at 。！；)
        # (half exactly is seed 001's and 004's bar, not seed 000's — 超过二分之一: said
        # granted, or more than half beside the new close)
        granted = _COUNT_GRANTED.search(rest)
        reached = (2 * n > of and closes) or (2 * n >= of and granted)
        if of > 0 and n <= of and reached and not _SHORT.search(sentence):
            return m
    # (版杀7's 环节 ends when one is over half — 环节一提前结束: its own rule, no 加速)
    if _PHASE_SAID.search(sentence):
        return None
    # (the director's bare word beside the new close in one sentence — 人少了这回加速，今天
    # 下午五点截止: the close brought forward, in his words; auditor.game.when reads the time)
    bare = _BARE_ACCEL.search(sentence)
    if bare and any(
        p.role == "closes" and not p.wrong for p in find_points(sentence, _ANY_DAY, UTC)
    ):
        return bare
    return _EARLY_HEAD.search(sentence)


_BARE_ACCEL = lazy(r"(?<![不没未别要想求请])加速(?![申请的人规条或])")


def _early_refused(text: str, sentence: str, hit: re.Match[str]) -> bool:
    """Whether the shape :func:`_early_hit` found is no acceleration: negated, supposed,
    a rule, a notice ahead of time, a wish, an opening moved, or a question."""
    lead = _rx.split(r"[，,:：。]", sentence[: hit.start()])[-1]
    if _NOT_EARLY.search(lead[-8:]) or _SUPPOSE.search(sentence):
        return True
    if _EARLY_FAILED.search(sentence[hit.end() :]) or _rx.search(r"照(?:常|旧)?关", sentence):
        return True  # (今晚十点照关，加速没过: asked and refused)
    if _RULE_SAID.search(sentence[hit.end() :]) or _RULES_HEAD.search(text.lstrip()[:24]):
        return True  # (提前收盘：申请过半即可 — the rule, in a sentence or a rules post)
    if _EARLY_NOTICE.search(hit.group(0)) or _rx.search(r"吧|呢|嘛|么", sentence[hit.end() :]):
        return True  # (【提前通知】: said ahead of time, no close; 提前收工吧: a wish)
    if any(p.role == "opens" for p in find_points(sentence, _ANY_DAY, UTC)) and not any(
        p.role == "closes" for p in find_points(sentence, _ANY_DAY, UTC)
    ):
        return True  # (明天提前到 8 点开门: the opening moved, no acceleration)
    return bool(_rx.search(r"[？?]\s*$", sentence))


def _seat_changes(found: list[Announced]) -> list[Announced]:
    """A player a substitute replaces in this post, said to leave (紫砂因家中有事离场): the
    seat changes hands, nobody is eliminated."""
    left = {a.player for a in found if a.type is EventType.SUBSTITUTE}
    # (the player back from leave takes the seat again: the one who kept it goes out of the
    # game's seat, not out of the game — 玉兰 归队，辛夷 出局)
    benched = {
        who
        for a in found
        if a.type is EventType.SUBSTITUTE and _rx.search(_BACK, a.clause or "", re.I)
        for who in (a.player, a.value)
    }
    return [
        a
        for a in found
        if not (
            a.type is EventType.ELIMINATED
            and (
                a.player in benched
                or (
                    a.player in left
                    and _LEAVES_SEAT.search(a.clause or "")
                    and not _OUT.search(a.clause or "")
                )
            )
        )
    ]


_BACK = r"归队|回归|(?<![A-Za-z])(?:is|are)\s+back(?![A-Za-z])"


def _later_wins(text: str, found: list[Announced]) -> list[Announced]:
    """What a post said before it corrects itself (投票出局：X……更正一下，…出局的是 Y;
    加速通过。更正：…没过半): an item the correction says again of its kind (a vote-out
    again, an acceleration again), or undoes, is left out — the later statement wins."""
    fix = SELF_FIX.search(text)
    if fix is None or not text[: fix.start()].strip(" \n【】[]"):
        return found
    after = text[fix.start() :]

    def at(a: Announced) -> int:
        i = text.find(a.clause.strip()) if a.clause else -1
        return i if i >= 0 else fix.start()

    later = [a for a in found if at(a) >= fix.start()]
    undone = _UNDONE.search(after) is not None

    def replaced(a: Announced) -> bool:
        if at(a) >= fix.start():
            return False
        again = any(b.type is a.type and (b.how, b.cause) == (a.how, a.cause) for b in later)
        named = a.type is Notice.ACCELERATED or (a.player is not None and a.player in after)
        # (更正：Lv.3 的是 A，不是 B — the name the correction denies, of the kind it says
        # again: the piped list too loses B, the corrected name only)
        denied = bool(a.player) and _rx.search(rf"不是\s*{re.escape(a.player or '')}", after)
        kind_again = any(b.type is a.type for b in later)
        return (
            (again and a.type is not EventType.PIPED)
            or (undone and named)
            or bool(denied and kind_again)
        )

    return [a for a in found if not replaced(a)]


# the post takes back what it said before (本帖作废, 以上结果作废, ——撤回，计票有误)
_VOIDED = lazy(
    r"(?:本帖|此帖|该帖|以上|上述|上面|这条|此条)\s*(?:的)?\s*(?:内容|结果|公告)?\s*(?:全部|均|一律)?\s*(?:作废|撤回|无效)"
    r"|(?:^|(?<=[\n—-]))\s*撤回(?=\s*(?:[，,。！!]|$))",
    re.M,
)


def _voided(text: str, found: list[Announced]) -> tuple[list[Announced], list[str]]:
    """The items said before the post voids them, and the voiding sentence (listed: what
    stands instead is for the director to say)."""
    void = [m for m in _VOIDED.finditer(text) if not _supposed(text, m.start())]
    if not void:
        return found, []
    at = void[-1].start()
    kept = [a for a in found if not a.clause or not 0 <= text.find(a.clause.strip()) < at]
    line = text[: void[-1].end()].rsplit("\n", 1)[-1]
    return kept, [line.strip(" —-")]


def _same(a: Announced, b: Announced) -> bool:
    if a.type is not b.type or a.player != b.player or a.ends_piping:
        return False
    return a.type is not EventType.SUBSTITUTE or a.value == b.value


# a clause that says its own when (第5天, 昨天, 昨夜, 今天)
_TOLD_WHEN = lazy(
    rf"{_DAY_N.pattern}|{_NIGHT_N.pattern}|{_YESTERDAY.pattern}|{_NIGHT.pattern}|今[天日]"
)


# a time counted from the post's own moment, for the day's opening or close (一小时后开门,
# 还剩两小时关门, 还有十二个小时。) with no clock beside it: when the post was sent is not when
# the director meant it read — asked, never guessed
_SPAN = r"[一二两三四五六七八九十半\d]+\s*个?\s*(?:半\s*)?(?:小时|钟头|分钟)"
_FROM_NOW = lazy(
    rf"{_SPAN}\s*(?:后|以后|之后)\s*[,，]?\s*(?:就|才)?(?:开门|关门|开帖|关帖|开船|开始|截止|截票|结算|结束|开(?![放启])|关)"
    rf"|(?:还剩|还有|只剩)\s*{_SPAN}\s*(?:就)?(?:关门|关帖|截票|截止|结束|结算|关|(?=\s*(?:[。，,！!]|$)))"
)
_CLOCK = lazy(r"\d\s*[:：]\s*\d|[零一二两三四五六七八九十\d]\s*[点时]|半夜|子夜|午夜|中午")


_PHASE_SAID = lazy(r"环节\s*[一二三123]|phase\s*[123]", re.I)


def _phase_untold(text: str) -> list[str]:
    """The lines that name a 环节 beside a range of hours read with no 环节 (今日 0:00 至
    24:00：环节一): which 环节 the hours are is for the director to confirm, never dropped."""
    return [
        line.strip()
        for line in text.splitlines()
        if _PHASE_SAID.search(line)
        and any(r.phase is None for r in find_ranges(line, _ANY_DAY, UTC))
    ]


def _phase_unsure(text: str) -> list[str]:
    """The lines of a time whose 环节 differs from the last one the post names above it
    (【环节一结算】…那就环节二…今晚十二点结束: read as 环节一's close, though the 环节 said last is
    二): which 环节 the time closes is a guess, for the director to confirm — never silent."""
    said = [(m.start(), _phase_number(m.group(0))) for m in _PHASE_SAID.finditer(text)]
    if len({n for _, n in said}) < 2:
        return []
    every = find_points(text, _ANY_DAY, UTC)
    out: list[str] = []
    at = 0
    for line in text.splitlines(keepends=True):
        start, at = at, at + len(line)
        if _PHASE_SAID.search(line) or _rx.search(r"夜|遗言", line):
            continue  # (a night's or last words' hours are no 环节's)
        last = next((n for pos, n in reversed(said) if pos < start), None)
        clocks = {p.at.time() for p in find_points(line, _ANY_DAY, UTC) if p.role}
        if last is not None and any(p.at.time() in clocks and p.phase != last for p in every):
            out.append(line.strip())
    return out


def _phase_number(said: str) -> int:
    n = said.strip()[-1:].lower()
    return "一二三".find(n) + 1 if n in "一二三" else int(n)


def from_now(text: str) -> str | None:
    """The first time the post counts from its own moment (还剩两小时关门), else None."""
    return next(iter(_from_now(text)), None)


def _from_now(text: str) -> list[str]:
    """The sentences that tell the day's open or close from the post's moment, with no
    clock of their own (not supposed): listed."""
    return [
        s.strip()
        for s in _SENTENCES.findall(text)
        if (m := _FROM_NOW.search(s)) and not _CLOCK.search(s) and not _supposed(s, m.start())
    ]


# a drowning judged on the 环节 before the post (上一环节, 连续两环节, 连日, 日久): the day before's
_DROWNED_BEFORE = lazy(r"上一?个?环节|连续\S{0,3}环节|连日|日久|多日")


def _drowned_before(text: str, found: list[Announced]) -> list[Announced]:
    """A player sent off for silence whose sentence says it was judged on the 环节 before
    (X 上一环节发言 2 条…淹死, X 连日不言，依律淹死): that day's, not the post's."""
    out: list[Announced] = []
    for a in found:
        if a.type is EventType.ELIMINATED and a.cause == "sent_off" and not a.offset:
            said = next((s for s in _SENTENCES.findall(text) if a.clause.strip() in s), "")
            if a.day is None and _DROWNED_BEFORE.search(said) and _rx.search(r"淹|潜水", said):
                a = replace(a, offset=-1)
        out.append(a)
    return out


# how the badge's holder went, said in the handover's clause (他被投出时, 被刀之前)
_HOLDER_WENT = lazy(r"(投出|放逐|票出|被刀|被杀|夜里|昨夜)[^，。,]{0,6}?(?:的时候|时|前|之前|临走)")
_HOLDER_HOW = {"投出": "vote", "放逐": "vote", "票出": "vote", "被刀": "night", "被杀": "night",
               "夜里": "night", "昨夜": "night"}  # fmt: skip


def _follow(found: list[Announced]) -> list[Announced]:
    """A hunter's shot or a 殉情 goes with the death before it in the post (被投出：汤圆
    殉情：春卷 — both at the vote): its how, and its day when it names none; so does a
    badge handed over."""
    out: list[Announced] = []
    last: Announced | None = None
    gone: Announced | None = None  # the death or the idiot's reveal a badge is handed on at
    first: dict[str, Announced] = {}  # a death said again goes by its first telling
    by_how: dict[str, Announced] = {}  # the last death of each how
    for a in found:
        if a.type is EventType.ELIMINATED and a.how is not None:
            last = gone = by_how[a.how] = first.setdefault(a.player, a)
        elif a.type is EventType.IDIOT_REVEALED:
            gone = a  # the idiot keeps his seat, not his vote: the badge goes on that day
        elif (
            a.type is EventType.SHERIFF
            and a.how == "handed_over"
            and gone is not None
            and not a.offset
            and (a.day is None or not _TOLD_WHEN.search(a.clause))
        ):
            # the badge handed on as its holder goes (D5：X 投出 → 警长给 Y; 昨日出局：X。X 为
            # 警长，移交：Y): the handover is the day of the death before it — of the death
            # its clause says the holder went by (他被投出的时候把警徽交给了 Y: the vote-out,
            # not the night's death told after it; a handover restated, no new event)
            m = _HOLDER_WENT.search(a.clause)
            went = by_how.get(_HOLDER_HOW[m.group(1)]) if m else None
            a = replace(a, day=(went or gone).day, offset=(went or gone).offset)
        elif (
            a.type is EventType.ELIMINATED and last is not None and a.cause in ("hunter", "suicide")
        ):
            same_day = a.day is None and not a.offset
            a = replace(
                a,
                how=last.how,
                day=last.day if same_day else a.day,
                offset=last.offset if same_day else a.offset,
            )
        out.append(a)
    return out


def _settle(found: list[Announced]) -> list[Announced]:
    """One item per player and kind (the first that says how, or names a winner, wins over
    a bare one); one sheriff change per post (a later reading corrects an earlier one)."""
    out: list[Announced] = []
    for a in found:
        same = next((i for i, b in enumerate(out) if _same(a, b)), None)
        if same is None:
            out.append(a)
        elif (out[same].cause, out[same].value) == (None, None) and (a.cause or a.value):
            out[same] = a
        elif (
            out[same].cause == "night"
            and a.cause in ("sent_off", "suicide", "hunter")
            and not _rx.search(r"不是|并非|而非|不", a.clause)
        ):
            out[same] = a  # 被海浪卷走了……只好淹死处理: the rule's how over the story's night
    return _one_sheriff(_idiots(out))


def _idiots(out: list[Announced]) -> list[Announced]:
    """装傻 is the idiot's, never an elimination (the vote that revealed it is no vote-out),
    and is revealed on that vote's day."""
    idiots = {a.player for a in out if a.type is EventType.IDIOT_REVEALED}
    voted = {a.player: a for a in out if a.type is EventType.ELIMINATED and a.player in idiots}
    return [
        # (第3天：X 投出 → 白痴 装傻 留场: revealed on the day of the vote that showed it)
        replace(a, day=voted[a.player].day, offset=voted[a.player].offset)
        if a.type is EventType.IDIOT_REVEALED
        and a.player in voted
        and a.day is None
        and not a.offset
        else a
        for a in out
        if not (a.type is EventType.ELIMINATED and a.player in idiots)
    ]


def _passed_on(changes: list[Announced], out: list[Announced]) -> list[Announced]:
    """The sheriff changes whose new holder dies in the post and hands the badge on."""
    dead = {a.player for a in out if a.type is EventType.ELIMINATED}
    return [
        a
        for a, then in itertools.pairwise(changes)
        if a.player in dead and then.how == "handed_over" and then.player != a.player
    ]


def _one_sheriff(out: list[Announced]) -> list[Announced]:
    """One sheriff change per post, the last (a later reading corrects an earlier one) —
    but a badge passed on (警徽给了 X …… X 死了，X 的警徽给 Y): X's own handover after
    X's death keeps the change that gave X the badge."""
    changes = [a for a in out if a.type is EventType.SHERIFF and not a.status]
    kept = _passed_on(changes, out)
    if len(changes) > 1:
        out = [
            a
            for a in out
            if a.type is not EventType.SHERIFF or a is changes[-1] or a.status or a in kept
        ]
    if changes:
        out = [a for a in out if not (a.status and any(c.player == a.player for c in changes))]
    return out
