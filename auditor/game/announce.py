"""Events in a director's post: eliminations, sheriff, idiot, piping, substitutes.

Written from the seeds' 公示 clauses and from games written in several directors' styles:

* M107 公示 / 出局: ``黄瓜出局``, ``冬瓜 死亡``, ``油条 6 票，油条出局``, ``红牌罚下``
  (出局有…被投票出局、被女巫<毒药>、被猎人<最后一枪>、被狼人<杀人>、<殉情>、红牌罚下);
  ``平安夜`` is a night without deaths.
* 警长 (M107 竞岗/殉职, 030, M39): ``番茄当选警长``, ``警长：番茄``, ``警徽移交给番茄``,
  ``番茄继任警长``.
* 白痴 <装傻>: ``芒果发动【装傻】……芒果是白痴``.
* 吹笛 (030 吹笛者阵营, M39 【雏见泽综合症Lv.3】): ``苦瓜 被管道：第三天……只能发喵喵``,
  ``杜鹃、画眉 进入【雏见泽综合症Lv.3】``; 030 / M39: 吹笛者出局 ends every spell
  (``所有角色的【雏见泽综合症】自愈``).
* 替补 (M107 10, M39 替补): ``小明替补饺子``, ``饺子由小明替补``.
* 更正 / 改为: a later post that corrects an earlier one replaces its events.

Only names on the game's player list are read.  A clause that asks or supposes
(``黄瓜出局了吗？``, ``如果黄瓜出局``, ``黄瓜出局的话``) or denies (``无人出局``,
``黄瓜没有出局``) announces nothing.  Which posts count (a director's, in which thread)
is the caller's business (:mod:`auditor.game.discover`).
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from auditor.game.gamefile import EventType
from auditor.game.titles import cn_number

_CLAUSES = re.compile(r"[^。！!；;\n？?]+[。！!；;\n？?]*")
# a clause that asks, supposes or denies announces nothing
_NOT_A_FACT = re.compile(
    r"[？?吗么嘛呢]|是否|如果|假如|假设|若是|要是|的话|会不会|能不能|可能|也许|大概|估计|猜|希望|"
    r"建议|应该|打算|准备|将会|万一|无人|没有人|没人|不会|不是|没有出局|未出局|并未|尚未|不出局|"
    r"谁|哪位|哪个|投给|我投|票投"
)
_CORRECTION = re.compile(r"更正|订正|纠正|修正|改为|应为|更改为|有误")
# How an elimination came about: by the vote, or in the night.  A role revealed with it
# (扫把无限出局，身份：狼人) says who the player was, not how they went out.
_ROLE_REVEAL = re.compile(r"(?:身份|角色|底牌|阵营)\s*(?:是|为)?\s*[:：]?\s*[^\s，,。；;]{1,8}")
_BY_VOTE = re.compile(r"票|公投|放逐")
_AT_NIGHT = re.compile(r"昨晚|昨夜|夜晚|夜里|当晚|刀|毒|被杀|被狼|狼人(?:杀|刀|袭击|击杀)")
# A post that gives a vote's result: an elimination in it without a word of how is the vote's
# (第一天投票结果 / 扫把无限 8 票 / 扫把无限出局，身份：狼人: one sentence per line).
_VOTE_RESULT = re.compile(r"(?:投票|公投|放逐|计票)结果")
_SEP = r"\s*(?:、|，|,|和|与|及|以及|/|\s)\s*"


@dataclass(frozen=True, slots=True)
class Announced:
    type: EventType
    player: str
    how: str | None = None  # vote | night | sent_off (eliminated); elected | handed_over
    value: str | None = None  # the new account of a substitute
    day: int | None = None  # a 第N天 the clause names (the piped window)
    ends_piping: bool = False  # 吹笛者出局 / 自愈: every spell ends here
    correction: bool = False
    clause: str = ""


def _names_re(players: list[str]) -> str:
    names = sorted({unicodedata.normalize("NFKC", p) for p in players}, key=len, reverse=True)
    one = "|".join(re.escape(n) for n in names) or r"(?!x)x"
    return rf"(?:{one})(?:{_SEP}(?:{one}))*"


def _split_names(text: str, players: list[str]) -> list[str]:
    norm = {unicodedata.normalize("NFKC", p): p for p in players}
    names = sorted(norm, key=len, reverse=True)
    found: list[str] = []
    i = 0
    while i < len(text):
        hit = next((n for n in names if text.startswith(n, i)), None)
        if hit is None:
            i += 1
            continue
        if norm[hit] not in found:
            found.append(norm[hit])
        i += len(hit)
    return found


_DAYNUM = re.compile(r"第\s*([0-9一二两三四五六七八九十]{1,3})\s*[天日]")


class Patterns:
    """The compiled patterns for one player list."""

    def __init__(self, players: list[str]) -> None:
        self.players = list(players)
        n = _names_re(self.players)
        name = rf"(?P<who>{n})"
        self.eliminated = [
            re.compile(
                rf"{name}\s*(?:[（(][^）)]*[）)])?\s*(?:已|于[^，。]*?)?(?:被|遭)?"
                rf"(?:投票|票|公投|放逐|女巫|猎人|狼人|狼|毒|刀|枪)?"
                rf"(?:出局|死亡|阵亡|身亡|倒牌|被杀|被刀|被毒杀?|被枪杀|毒死|刀死|殉情|殉职出局|淘汰|离场)"
            ),
            # (killed by someone: only with 被/遭, 冬瓜杀死了番茄 is 冬瓜 killing)
            re.compile(
                rf"{name}\s*(?:已|于[^，。]*?)?(?:被|遭)(?:狼人|狼|女巫|猎人)?"
                rf"(?:杀害|杀死|击杀|刀了|刀杀|毒杀|毒死|枪杀)"
            ),
            re.compile(
                rf"(?:出局|死亡|阵亡)(?:的|者|角色|玩家|名单)*(?:是|为|有)?\s*[:：]?\s*{name}"
            ),
        ]
        self.sent_off = [
            re.compile(
                rf"{name}\s*(?:[（(][^）)]*[）)])?\s*(?:被|遭)?(?:判)?(?:红牌|红卡)?\s*罚下"
            ),
            re.compile(rf"(?:红牌|红卡)\s*(?:罚下|出局)?\s*[:：]?\s*{name}"),
            re.compile(rf"{name}[^，。]{{0,12}}(?:红牌|红卡)[^，。]{{0,6}}(?:罚下|出局)"),
        ]
        self.sheriff = [
            re.compile(
                rf"{name}\s*(?:当选|成为|担任|继任|接任|接过|获得)(?:为)?(?:新任|新)?(?:的)?\s*(?:警长|警徽)"
            ),
            re.compile(rf"(?:新任|当日|今日|本日|现任)?警长(?:是|为|由|：|:)\s*{name}"),
            re.compile(rf"警徽\s*(?:移交|交|传|转交|转)(?:给|予|至)?\s*{name}"),
        ]
        self.idiot = [
            re.compile(rf"{name}\s*(?:发动|翻开|亮出|使用)?\s*[【<〈《\[]?\s*装傻"),
            re.compile(rf"{name}\s*(?:的身份)?(?:是|为)\s*[【<\[]?白痴"),
            re.compile(rf"白痴\s*{name}\s*(?:翻牌|亮牌)"),
        ]
        self.piped = [
            re.compile(rf"{name}\s*(?:被|遭到|遭)\s*(?:管道|吹笛|迷惑)"),
            re.compile(rf"{name}\s*进入\s*[【\[<]?\s*(?:雏见泽|吹笛|管道)"),
            re.compile(
                rf"(?:被吹笛|被管道|吹笛状态)(?:的|者|角色|玩家|名单)*(?:是|为|有)?\s*[:：]\s*{name}"
            ),
        ]
        self.unpipe = re.compile(
            r"(?:吹笛者|管道工)\s*(?:已)?(?:出局|死亡)|自愈|吹笛状态(?:解除|取消)|解除吹笛"
        )
        self.substitute = [
            re.compile(
                rf"(?P<new>[^\s，。、：:（）()【】]{{1,15}}?)\s*(?:替补|接替|顶替|代替)\s*(?P<who>{n})"
            ),
            re.compile(
                rf"(?P<who>{n})\s*(?:由|的替补(?:为|是))\s*(?P<new>[^\s，。、：:（）()【】]{{1,15}}?)\s*(?:替补|接替|顶替|代替|$|[，。])"
            ),
        ]

    def find(self, text: str) -> list[Announced]:
        text = unicodedata.normalize("NFKC", text)
        post_correction = bool(_CORRECTION.search(text))
        vote_result = bool(_VOTE_RESULT.search(text))
        out: list[Announced] = []
        for sentence in _CLAUSES.findall(text):
            for clause in re.split(r"[，,]", sentence):
                out.extend(self._clause(clause, sentence, post_correction, vote_result))
        return out

    def _clause(
        self, clause: str, sentence: str, correction: bool, vote_result: bool = False
    ) -> list[Announced]:
        c = clause.strip()
        if not c:
            return []
        # the question mark ends the sentence: 黄瓜出局了，是吗？ asks too
        facts = _NOT_A_FACT.search(c) is None and not re.search(r"[？?]\s*$", sentence)
        out: list[Announced] = []
        dm = _DAYNUM.search(sentence)
        day = cn_number(dm.group(1)) if dm else None
        corr = correction or bool(_CORRECTION.search(c))

        def add(
            etype: EventType, patterns: list[re.Pattern[str]], how: str | None = None
        ) -> set[str]:
            seen: set[str] = set()
            for p in patterns:
                for m in p.finditer(c):
                    for who in _split_names(m.group("who"), self.players):
                        if who in seen:
                            continue
                        seen.add(who)
                        h = how
                        if etype is EventType.SHERIFF:
                            h = (
                                "handed_over"
                                if re.search(r"继任|接任|接过|移交|转交|传|殉职", c)
                                else "elected"
                            )
                        value = m.groupdict().get("new")
                        out.append(Announced(etype, who, h, value, day, False, corr, c))
            return seen

        if self.unpipe.search(c) and facts:
            out.append(Announced(EventType.PIPED, "", None, None, day, True, corr, c))
        if not facts:
            return out
        sent = add(EventType.ELIMINATED, self.sent_off, "sent_off")
        how_said = _ROLE_REVEAL.sub("", sentence)
        for a in [a for a in self._scan(EventType.ELIMINATED, self.eliminated, c) if a not in sent]:
            how = "vote" if _BY_VOTE.search(how_said) else None
            if _AT_NIGHT.search(how_said):
                how = "night"
            elif how is None and vote_result:
                how = "vote"
            out.append(Announced(EventType.ELIMINATED, a, how, None, day, False, corr, c))
        add(EventType.SHERIFF, self.sheriff)
        add(EventType.IDIOT_REVEALED, self.idiot)
        add(EventType.PIPED, self.piped)
        add(EventType.SUBSTITUTE, self.substitute)
        return out

    def _scan(self, etype: EventType, patterns: list[re.Pattern[str]], c: str) -> list[str]:
        found: list[str] = []
        for p in patterns:
            for m in p.finditer(c):
                for who in _split_names(m.group("who"), self.players):
                    if who not in found:
                        found.append(who)
        return found
