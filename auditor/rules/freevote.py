"""Free-form votes (版杀7): players write their vote naturally, with no format.

版杀7 4.1.2 and its 说明 (the killbar 3.0 rules) prescribe no vote format: `我投包子`,
`投包子`, `票投包子`, `包子一票`, `投给包子`, `这轮我投包子吧，理由……`, `改投包子`, `弃权`
are all votes, and so are the forms without a verb and a colon killbar threads use: `包子 +1`
(a name +1 adds one vote; `楼上+1` / `同意+1` agree with a post), `【投票】包子`,
`投票！包子！`, `～～包子～～一票`, `这票是你的` to the player addressed, `送包子上路 一票`,
`说到做到：包子`.  Chatter that names a player without voting is not: `大家别投包子`,
`包子你怎么看`, `昨天投包子的人请解释`, `我还没想好投谁`, `你投包子吗？`, a request to the
director (`导演帮我投包子`, `麻烦代投包子`: the director's 代投 post is the vote), a recap
(`饺子投馄饨，包子投饺子`) and a choice left open (`投包子 or 投馄饨……纠结`).

:func:`parse_free_vote` finds every clear vote expression in a post's own text and keeps
the last one (`投包子……不，改投饺子` is a vote for 饺子).  An expression is clear when the
clause it stands in has no negation, question, condition, other subject or past-tense
report in front of it (别/不/没 投, 谁, 如果, 大家/你/他 投, 昨天, 投了) and nothing after
the name turns it into a noun phrase or a question (投包子的人, 投包子吗).

Where each principle lives (plain word lists are data: ``freevote.toml``):

- What makes a post a vote attempt: the expressions of :func:`_patterns_for` — with a verb
  or 票 (:func:`_verb_patterns`), around a heading or a choice's word
  (:func:`_headed_patterns`), a decision (:func:`_decision_patterns`), a vote held
  (:func:`_held_patterns`), symbols (:func:`_symbol_patterns`) — found by
  :func:`_named_votes`; an abstention (:func:`_abstentions`, ``_ABSTAIN_ALONE``); in a thread
  with no format, a name placed alone (:func:`_placed_votes`: :func:`_bare_name` — not
  after a heading of a tally, role or verdict, ``_NOT_VOTE_LABEL``, whole words of
  ``not_a_name`` and ``not_vote_label`` —,
  :func:`_lead_name`, :func:`_headed_name`) or listed (:func:`_listed`); a target no one
  can resolve (:func:`_unresolved`).
- The target slot: :func:`_unloosen` (a name spaced or decorated), :func:`_resolve_pronoun`
  / :func:`_resolve_you` (``PRONOUNS``), :func:`_not_a_target`, ``_UNKNOWN_TARGET``.
- Undoers, in the vote's clause (:func:`_clear`: ``_NEG_NEAR``, ``_SUBJECT_NEAR``,
  ``_FAR``, ``_NOT_AFTER``, ``_CONDITION``, :func:`_quoted`; before a heading's colon
  :func:`_undone_heading`), in the voice (:func:`_reported`, :func:`_other_subject`,
  :func:`_other_topic`, :func:`_uncast`), and later in the post (:func:`_settled`:
  :func:`taken_back`, :func:`_deferred`, ``_NOT_HIM``, :func:`_wished_after_asking`;
  :func:`_warned_off`); a whole post that is a count or a dispute (:func:`is_count`,
  ``_DISPUTE``).  The undoing words of each kind (question, supposition, negation, another
  time, an addressee, an address) are data, ``freevote.toml`` ``[undoers]``, loaded by the
  words module :mod:`auditor.rules.votewords`, whose :func:`undoer_words` /
  :func:`undoer_pattern` are the one source other readers use.
- Changes: the change groups of the patterns (``_CHANGE_GROUPS``), a change word said
  before the vote (``_CHANGE_WORD``, :func:`_said_change`), the earlier vote declared void
  after it (``_VOIDS_EARLIER``, ``_CHANGE_REASON``) or before it (:func:`_voids_own_before`:
  刚才投X作废⏎投Y), and a post that corrects itself before it is sent, no change
  (:func:`_settled`); a change asked or broken off is none (``_BROKEN_OFF``), an earlier
  post's ballot voided by its place keeps it one (``_EARLIER_BALLOT_VOIDED``).  A vote its
  own line declares void or not in effect is none (:func:`_voided`: 投X作废, vote(X) ← 注释掉
  了，不生效; :func:`_commented_out`: // vote(X)), and so is one the post tells the counter not
  to count (``_DONT_COUNT``: 别算).
- The sentence's shape: the vote's clause (:func:`_vote_clause`: from the holder's words
  typed for him, 帮她打：投X, to the reason), an English full stop (``_EN_STOP``), a word the
  post defines voted for (:func:`defined_vote`: 谜底：X ⏎ 我投谜底), a name put first and the
  verb later with no object (:func:`_elided_cast`: X，昨天…今天直接投).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache

# The words that undo a vote are public in the words module (review43 B2), named here too for
# this reader's callers.
from auditor.rules.votewords import UNDOER_KINDS as UNDOER_KINDS
from auditor.rules.votewords import WORDS as _WORDS
from auditor.rules.votewords import WORDS_FILE as WORDS_FILE
from auditor.rules.votewords import address_words as address_words
from auditor.rules.votewords import alternation as _alternation
from auditor.rules.votewords import undoer_pattern as undoer_pattern
from auditor.rules.votewords import undoer_words as undoer_words

ABSTAIN = "弃权"
# The plain word lists (freevote.toml, loaded by the words module both this reader and the vote
# book read: auditor.rules.votewords); the regular expressions stay here, by principle.  The
# words that undo a vote are public there (undoer_words / undoer_pattern / address_words).
_UNDOERS = {kind: undoer_words(kind) for kind in UNDOER_KINDS}


# Chinese words and their punctuation: a space between two of them parts two units of a
# casual post (困死了 先投了 冬瓜), not a symbol and a word (包子 → 豆浆).
_CJK = "\u3000-\u303f\u4e00-\u9fff\uff01-\uff5e"

# Clauses: a vote and the words that undo it stand in one clause.
_CLAUSE_END = "。！？!?；;\n，,、…~～"

# Right before the expression: a negation (别投, 不要投, 不给包子一票) or another subject
# (大家投, 你也投, 他们都投): the speaker is not casting this vote.
_NEG_NEAR = re.compile(
    # (唔 / 冇 / 咪: Cantonese 不 / 没 / 别 — 唔好投佢, 咪投佢)
    # (我不赞成投南瓜 / 反对投南瓜: agreement to the vote refused, a negation of it)
    rf"(?:(?:不|没)\s*(?:赞成|同意|支持|主张)|反对|{_alternation(_UNDOERS['negation'])}|谁都|谁)"
    r"\s*(?:再|还|要|会|去|能|敢|想|都|也)?\s*(?:给|把|跟\s*(?![我俺])\S{1,4}?)?\s*"
    # (别投冬瓜一票: the verb between, the name then read with 一票)
    r"(?:投|偷|头)?\s*$"
    # (English: don't vote 油条 / won't vote / not 番茄)
    r"|(?<![a-z])(?:don'?t|do\s+not|won'?t|will\s+not|wouldn'?t|shouldn'?t|can'?t|never|not)"
    r"\s*(?:vote\s*(?:for)?)?\s*$"
)
_SUBJECT_NEAR = re.compile(
    r"(?:大家|你们|你|您|他们|他|她们|她|别人|有人|其他人|这些人|这[两三四五六几]个?人|这俩|他俩"
    r"|佢哋|佢|你哋|人哋|侬|伊|汝|尔等|尔|彼"
    # (the others as a group: 众人齐投冬瓜 / 见诸君纷纷改投冬瓜 / 兄弟们投他)
    r"|众人|诸君|诸位|各位|大伙儿?|兄弟们|姐妹们|同志们"
    # (classical 其, his / he: 其改投番茄 — another's vote told; not 其实 / 其他 / 尤其)
    r"|(?<![尤极与何])其(?![实他它余中次]))"
    r"\s*(?:都|也|就|还是|一起|先|要|会|可以|应该|最好|快|去|来|今天|又|再|还|纷纷|齐|全都|全)*\s*(?:给|把|跟\s*(?![我俺])\S{1,4}?)?\s*"
    r"(?:投|偷|头)?\s*$"
    # (English: everyone vote 南瓜 / you voted / let's all vote)
    r"|(?<![a-z])(?:everyone|everybody|you|we|they|he|she|y'?all|guys|people|let'?s)"
    r"\s*(?:all|should|must|need\s+to|have\s+to|to|guys)*\s*$"
)
# Anywhere before it in its clause: a question, a condition, advice, or a past report.
_FAR = re.compile(
    r"谁|如果|要是|假如|万一|假设|为什么|为何|怎么|是否|要不要|该不该|想好(?!了)|建议|劝|希望|"
    r"请|(?<![需要追诉渴征])求|否则|不然|倘若|倘使|假使|如若|若是|"
    # advice to whoever votes (要投就投南瓜 / 要改就改番茄: if you vote, vote him)
    r"要(?:投|改|选)就|"
    # an example given to teach the form (示范…比如改投冬瓜 / 例如：投番茄)
    r"比如|例如|譬如|举个?例子?|示范|"
    r"昨天|前天|上轮|上一轮|之前|刚才|以前|当时|那时|本来|原本|本想|原来(?!是)|"
    # (classical: 昔者吾投冬瓜 / 前日 / 昨日)
    r"昔|前日|昨日|向者|谂住|谂紧|"
    # (not 的话 after the vote itself, a topic marker: 票的话——X)
    r"明天|明晚|明日|明朝|下轮|下一轮|下次|有点想|考虑|大概|也许|或许|(?<!票)的话|倾向|可能|估计|"
    # a plan (打算投油条) and someone else's request or words (让我改票投包子, 他说他要投南瓜)
    # (in a storyteller's words too: 方才有人言道俺投冬瓜… — 言道 / 说道 / 讲 / 称 / 曰 said
    # and 方才, just now)
    r"打算|准备投|让我|叫我|催(?:人|大家|我|着)|(?:他|她|有人|别人)(?:[说讲](?![得的])|言道|称|曰)|方才|"
    # a player asking the director to vote for him (导演…帮我投包子 / 麻烦代投汤圆): a
    # request for 代投, not a vote (the director's 代投 post is the vote: M107 9)
    r"(?:帮|替|代)\s*[我俺]|麻烦[^,，。！？!?]{0,4}?代|能\s*代投|代投\s*一下|"
    # what an earlier post meant (我那楼的意思就是跟着饺子投番茄): a report, not a new vote
    r"(?:那|上一?|前一?|\d+\s*)(?:楼|帖|层)的?意思"
)
# The same in English, before the vote only (after it, English words are its reason: vote
# 冬瓜 who lied yesterday): a condition, a plan not carried out, a question.
_FAR_EN = re.compile(
    r"(?<![a-z])(?:if|unless|else|otherwise|no\s+way|gonna|going\s+to|was\s+going|should|maybe|might|who|"
    r"whom|whoever|yesterday|planning|plan\s+to|thinking\s+(?:of|about)|said|told)(?![a-z])"
)
# English's conditional mood before the vote (I'd vote 番茄 / I would vote 冬瓜): a vote
# supposed only where its sentence states the condition or a reservation, or asks (I'd vote 番茄
# if he… / I would vote 冬瓜 but… / would you vote 南瓜?); said plainly it is the speaker's
# choice, made politely (I'd vote 琵琶 for now.).
_WOULD_EN = re.compile(r"(?<![a-z])(?:would|i'?d)(?![a-z])")
_WOULD_UNDONE = re.compile(
    r"[?？]|(?<![a-z])(?:if|unless|but|though|although|except|were|had|rather|like\s+to)(?![a-z])"
)
# Right after the name: a noun phrase (投包子的人), a question (投包子吗 / 投他是不是不公平 /
# 投佢咩), a report (投包子了没 / 投咗未).
_NOT_AFTER = re.compile(
    r"\s*(?:的|吗|么|呢|咩|了没|没有|不|还是|或者|或|和|跟|与|[?？]"
    r"|是不是|是否|是不可能|对不对|好不好|行不行|可不可以|可以吗|能不能|公平吗|合适吗|算不算"
    # (投南瓜者: those who vote him, classical; vote 冬瓜 pls 大家: a request to the others)
    r"|者|(?<![a-z])(?:pls|plz|please)\s*(?:大家|各位|everyone|everybody|all|guys|y'?all)"
    # (the vote as the topic of what it means: 投冬瓜也不代表冬瓜有问题 / 投他并不意味着…)
    r"|(?:也|就|并|都|却)?\s*(?:不|并不|未必|不一定)?\s*(?:代表|意味着|等于|说明|证明)"
    # (English: vote 冬瓜 if he… / voting 冬瓜 would be a mistake)
    r"|(?:only\s+)?(?:if|unless|would|could|might|is|was|seems|sounds|will\s+be)(?![a-z])"
    # (English: a time of the past after the vote, I said vote 南瓜 earlier: told, not cast)
    # (not the vote likened to the past: vote 饺子 again like before / same as yesterday)
    r"|[^\n.!?。！？]{0,12}?(?<![a-z])(?<!like\s)(?<!as\s)(?<!than\s)"
    r"(?:earlier|yesterday|before|last\s+(?:round|time|night))(?![a-z]))"
)
# Right after the name, the vote made the topic of its explanation (我投番茄是因为他守卫的说法 /
# 投冬瓜只是为了…): a vote cast before, explained — not 投番茄，因为… (the vote with its reason).
# Read past the clause's end, where the reason's 因为 would end it.
_EXPLAINED = re.compile(r"\s*(?:也|就|只|都|并)?\s*(?:不)?\s*是\s*(?:因为|为了|由于)")
# After 一票: "包子一票都没有" is a count, not a vote.
# (你一票就定了 / 他一票能翻盘: the ballot the subject of what it would do, no vote cast)
_NOT_AFTER_COUNT = re.compile(r"\s*(?:都|也|没|不|的|吗|呢|[?？]|就|便|能|可以|足以|够)")
# A reason starts here: what follows explains the vote (it may mention 昨天, other
# players, questions) and never undoes it (`我投包子 理由：和昨天一样`).
# (理由 written after 写/填/给/要/需: talk about a reason, 弃权票要写理由吗？, no reason)
# (投 南瓜 他昨天算票太积极了 / 投冬瓜他说话不对劲: after the name, with or without a space,
# 他 starts the reason, about the one just named)
_REASON_START = re.compile(
    r"(?:投票|改票)\s*理由|(?<![写填给要需])理由|因为|原因|(?<=[^\s])\s*(?=(?:他|她|佢|此人|这人)(?!们)\S)"
    r"|(?<![a-z])(?:because|cause|coz|since|bc|reason|who|he|she|they)(?![a-z])"
)
# The pronouns a vote attempt may name instead of a player (`我投他`): an attempt whose
# target the post alone cannot resolve; of them the third person and the second, as dialects
# and classical Chinese write them too (freevote.toml).
PRONOUNS: tuple[str, ...] = tuple(_WORDS["pronouns"])
_HE: tuple[str, ...] = tuple(_WORDS["he"])
_YOU: tuple[str, ...] = tuple(_WORDS["you"])


@dataclass(frozen=True, slots=True)
class FreeVote:
    target: str  # a player's name as listed, or 弃权
    start: int  # span of the whole expression in the text
    end: int
    change: bool  # written as 改投 / 改票
    ambiguous: bool = False  # another name follows at once (投票对象：包子 馄饨)
    # the player whose vote the post follows (跟饺子 / 跟着饺子投), its target left to his standing
    # vote: the tally resolves it (target "?" here)
    follows: str = ""


def _names_alt(players: Sequence[str]) -> str:
    names = sorted({p for p in players if p}, key=len, reverse=True)
    return "|".join(re.escape(n) for n in names)


# Between a name's characters: spaces or decoration (投 馄 饨, 投馄·饨).
_NAME_GAP = r"[ \t·・•*~～_-]?"


def _names_loose(players: Sequence[str]) -> str:
    """The names as :func:`_names_alt`, each written in characters also matching with
    :data:`_NAME_GAP` between them (a name in letters, doujiang, as it is)."""
    names = sorted({p for p in players if p}, key=len, reverse=True)
    return "|".join(
        re.escape(n) if n.isascii() else _NAME_GAP.join(re.escape(c) for c in n) for n in names
    )


def _unloosen(name: str, players: Sequence[str]) -> str:
    """The listed name a loose match stands for (投 馄 饨 → 馄饨)."""
    if name in players:
        return name
    bare = re.sub(_NAME_GAP, "", name)
    return next((p for p in players if re.sub(_NAME_GAP, "", p) == bare), name)


# A round's heading written before the name (辩论轮：番茄).  (Not 目标 / 选择: 开枪目标：饺子 and
# 守卫选择：饺子 name a skill's target.)
_ROUND_WORDS = (
    r"辩论轮|试探轮|对决轮|辩论|试探|对决|高票对决|可疑者辩论|环节[一二三123]|第[一二三四五123]轮|"
    r"[一二三123]轮|本轮|这轮|此轮|round\s*\d|r\d"
)
# Verbs of voting a player out, at a clause's start (出番茄 / 推冬瓜 / 放逐油条).
_OUT_VERBS = (
    r"出|推|推出|放逐|票走|票死|投死|投出|送走|处决|抗推|推掉|干掉|归票|挂|吊|整|办"
    # the words of game and gamer talk for picking one off (点杀番茄 / 点掉：冬瓜 / 带走南瓜),
    # and 点 naming its one target after a colon (我也点你：饺子); not 集火 (focus fire): a
    # call to the others (集火番茄！都跟上), no vote of the speaker's own
    r"|点杀|点掉|点死|带走|秒掉|点(?=\s*(?:你|他|她)?\s*[:：])"
    # forum jargon (踩南瓜 / 冲冬瓜: 踩 and 冲 a suspect are his vote), the app's word as a
    # heading (出局：南瓜)
    r"|踩|冲|出局(?=\s*[:：])"
)


def _patterns(players: Sequence[str]) -> tuple[re.Pattern[str], ...]:
    """The vote expressions over ``players`` (kept compiled per roster: the alternation of
    every name is long, and re's own cache is shared with the whole program)."""
    return _patterns_for(tuple(players))


@lru_cache(maxsize=128)
def _patterns_for(players: tuple[str, ...]) -> tuple[re.Pattern[str], ...]:
    n = _names_loose([*players, ABSTAIN])
    if not n:
        return ()
    # a name in brackets or quotes, @'d, or decorated: 投【番茄】 / 投@番茄 / ～～烧卖～～一票
    # (or a list's marker on the line after a colon: 我的票：⏎1）冬瓜 / 投票⏎> 冬瓜)
    o = r"(?:[【\[「『“\"（(@＠]|[~～*]+|(?<=\n)\s*(?:\d{1,2}\s*[.)）、]|[-*•>]))?\s*"
    return (
        *_verb_patterns(n, o),
        *_headed_patterns(n, o),
        *_round_patterns(n, o),
        *_arrow_patterns(n, o),
        *_decision_patterns(n, o),
        *_held_patterns(n, o),
        *_symbol_patterns(n, o),
    )


def _verb_patterns(n: str, o: str) -> list[re.Pattern[str]]:
    """The votes written with a verb or 票: 投包子, 票给包子, 改票：包子, 包子一票 (``n``: the
    names' alternation, ``o``: what may open a name)."""
    return [
        # 我投包子 / 投给包子 / 改投包子 / 转投包子 / 投票给包子 / 投票：包子 / 投包子一票 /
        # 投 弃权 / 我投 —— 包子 (a pause written as a dash, across lines) / 我也投一个：包子
        # (the vote's measure word, then its target after a colon)
        re.compile(
            rf"(?P<chg>改|换|转)?(?:(?<=[改换转])成)?(?:投(?:的是|咗)?|(?<![a-z])votes?(?:\s+target)?(?:\s*for)?(?=[\s:：])|[mM]y\s+(?:(?:final\s+)?(?:pick|choice)\s+(?=is)|vote\s+)(?:goes\s+to|stays(?:\s+(?:on|with))?|is(?:\s+(?:on|still|still\s+on))?)(?=\s))\s*(?:一\s*票|票|一?\s*个)?\s*(?:给|向|畀|俾|与|予)?\s*[:：]?\s*(?:[—─~～-]+>?\s*|[→⇒➡]\s*|=>\s*)?"
            rf"{o}(?P<name>{n})(?:\s*一票)?"
        ),
        # 票投包子 / 这票给包子 / 一票给包子 / 我的票给包子 / 票给 弃权 / 票改到包子身上 /
        # 这票还是给包子 / 一票送给包子 / 我的票挂包子 / 票出包子 (vote out)
        re.compile(
            rf"(?P<chg3>票\s*(?:从\s*{o}(?:{n})\s*)?(?:改|换|转)\s*(?:到|给|投|成)\s*{o}(?P<name6>{n}))"
            rf"|票\s*(?:还是|就|也|先|都|必须|肯定|一定|只能)?\s*(?:投|送|留)?\s*(?:给到?|归|畀|俾)\s*{o}(?P<name>{n})"
            # 这票是你的 / 我这票就是番茄的 (a pronoun resolves to the one player addressed)
            rf"|(?:这|我的|我这)\s*票\s*(?:就|也|都|必须|肯定|一定)?\s*是\s*{o}(?P<name22>{n})"
            rf"(?:\s*的|(?=\s*(?:$|[{_CLAUSE_END}])))"
            rf"|票投\s*(?:畀|俾)?\s*{o}(?P<name2>{n})"
            # (the ballot sent toward him, a verb and 向 / 往: 这一票照向冬瓜 / 我的票砸向南瓜)
            rf"|票\s*(?:挂|挂在|落在|放在|押在|押|[\u4e00-\u9fff]?[向往])\s*{o}(?P<name19>{n})"
            rf"|票出\s*{o}(?P<name20>{n})"
            # (the ballot sent by an arrow, in a ledger's or a form's words: 支：辩论票一张→番茄 /
            # 试探票→南瓜 — not a count's change, 冬瓜4票→南瓜)
            rf"|(?<![\d一二两三四五六七八九十几])票\s*(?:一\s*张)?\s*(?:→|->|=>|⇒|➡|➔)\s*{o}"
            rf"(?P<name63>{n})(?=\s*(?:$|[{_CLAUSE_END}（(]))"
            # 票包子 (票 as the verb)
            rf"|(?<![投改弃])票\s*{o}(?P<name9>{n})"
        ),
        # 改票包子 / 改票：包子 / 改成包子 / 投票对象：包子 (labelled votes stay votes)
        re.compile(
            rf"(?P<chg2>改票|改成)\s*(?:对象)?\s*[:：]?\s*(?:给\s*)?{o}(?P<name3>{n})"
            # (投票对象暂定为番茄: the label said in a sentence, a hedge before the name)
            rf"|投票对象\s*(?:[:：]|(?:暂定|暂时|初定|暂且|就)?\s*(?:为|是))\s*(?P<name4>{n})"
        ),
        # 投咱们的假预言家番茄 / 投假守卫烧卖 (the name as the head of a noun phrase: what
        # stands before it describes the one voted; the name closes the clause, nothing of
        # voting, negating, choosing or another name in between; not 投降 / 投资 / 投了, nor
        # 投的土豆 / 投的是土豆: the vote told)
        re.compile(
            rf"投\s*(?:给\s*)?(?![降资入稿靠胎机篮诉标喂影掷放递了过完的嘅咗])"
            rf"(?:(?!{n}|还是|或者|[投票不没别非和或与跟谁吗呢是系\s])[\u4e00-\u9fff]){{1,8}}?"
            rf"(?P<name50>{n})(?=\s*(?:$|[{_CLAUSE_END}]))"
            # 就投了他番茄 / 这票投了她汤圆吧: a pronoun in apposition before the name, the
            # emphatic form of a decision made now (a past vote is told plainly, 投了番茄, or
            # with its time: 早就 / 已经 / 昨天投了他番茄 — see _clear)
            rf"|(?<![早已])(?<!早就)投了\s*(?:他|她|佢)\s*(?P<name53>{n})(?=\s*(?:吧|啦)?\s*(?:$|[{_CLAUSE_END}]))"
        ),
        # 包子一票 / 包子，一票 / 包子 +1 票 / 包子 +1 (killbar vote threads: a name +1 adds
        # one vote to that name; 同意+1 / 楼上+1 agree with a post, see _named_votes) /
        # ～～烧卖～～一票
        re.compile(
            rf"(?P<name5>{n})\s*[~～*]*\s*[,，]?\s*(?:(?:跟|也|再|补|加|追加|再加|再来|也来)\s*一票"
            # (饺子跟一票投了番茄: a report of 饺子's vote, not one for him)
            rf"(?=\s*(?:$|[,，。!！~～\n]))|一票|[+＋]\s*1\s*(?P<ticket>票)?(?![\d.]))"
        ),
    ]


def _headed_patterns(n: str, o: str) -> list[re.Pattern[str]]:
    """The votes written around the name: a heading or a choice's word before it (【投票】油条,
    辩论轮：番茄), 一票/选 before it, a change word, a decision (那就番茄)."""
    return [
        # 【投票】油条 / 投票！土豆！ (the word 投票 as a heading, the name standing alone)
        re.compile(
            # (投票如下：冬瓜: the vote announced, then given)
            # (单选题：冬瓜 / 我的选择没有变化：冬瓜 / 选择：冬瓜: a choice's heading; 重发：冬瓜:
            # the vote sent again)
            rf"(?:[【\[]?\s*投票\s*(?:[】\]]|[!！]+)|投票如下\s*[:：]|(?:单选题|选择题|重发)\s*[:：]"
            # (这轮我的选择是——烧卖 / 我的决定是南瓜: the choice's heading said
            # with 是 and a dash as well as a colon; not 饺子的选择是南瓜, another's)
            rf"|(?:^|(?<=[{_CLAUSE_END}\s]))(?:(?:这轮|本轮|此轮|今天|今日|这次)\s*)?"
            rf"(?:我的|本人的?)?(?:选择|决定)(?:没有?变化?|不变|没变|照旧)?"
            rf"\s*(?:[:：]|(?:是|就是|为)\s*[:：—－-]*|[—－]+))"
            rf"\s*{o}(?P<name21>{n})"
            rf"(?=[ \t]*(?:$|[!！。.~～,，\n(（]|(?:投票)?理由))"
        ),
        # 一票包子 / 一票给包子 / 一票送给包子 / 我选包子 / 包子！投你 / 包子吃我一票 / 送包子一票
        re.compile(
            # (我拣包子 / 我揀包子: Cantonese 选)
            rf"(?:一票|我选|我选择|选|我拣|拣)(?:咗)?\s*(?:(?<=选)\s*[:：]\s*)?(?:(?:送|投)\s*(?:给\s*)?|给\s*)?{o}(?P<name7>{n})"
            rf"|(?<![投给])(?P<name8>{n})\s*[!！,，]+\s*投你"
            rf"|(?P<name10>{n})\s*吃我\s*一票"
            # 送包子一票 / 送汤圆上路 一票
            rf"|送\s*{o}(?P<name11>{n})\s*(?:上路|出局|回家)?\s*[,，]?\s*一票"
            # 送番茄出局 / 请番茄出局吧 (the vote's wish, said of the name alone)
            rf"|(?:^|(?<=[{_CLAUSE_END}\s]))(?:我)?\s*(?:送|请)\s*{o}(?P<name28>{n})\s*(?:上路|出局|回家)"
            rf"(?=\s*(?:$|[!！。.~～,，]|吧|啦))"
        ),
        # 改票改票！馄饨！ / 改票：馄饨 (the name standing alone after the change word)
        re.compile(
            rf"(?P<chg4>改票|改投)(?:\s*[!！,，:]\s*(?:改票|改投)?)+\s*{o}(?P<name12>{n})"
            rf"(?=\s*(?:$|[!！。.~～]))"
        ),
        # 改弃权 / 改给南瓜 / 投冬瓜，不对，是南瓜 (a slip corrected in the same post) / 改回南瓜 /
        # 换回去，南瓜 (a change back to the vote before: 回 only says which way it goes)
        re.compile(
            rf"(?P<chg5>改|换成|改为|换)\s*(?:回(?:去|来)?\s*(?:投\s*)?(?:给\s*)?[,，:：]?\s*|给\s*|[:：]\s*)?"
            rf"{o}(?P<name13>{n})"
            # 从烧卖改到土豆 / 改到土豆 at a clause's start (not 别把票从番茄改到冬瓜)
            rf"|(?:^|(?<=[{_CLAUSE_END}\s:：]))(?:我|就|那就)?\s*(?:从\s*{o}(?:{n})\s*)?"
            rf"(?P<chg10>改到|改成|改为|换到|换成)\s*{o}(?P<name51>{n})"
            rf"|(?:不对|打错了?|写错了?|手滑了?|口误)\s*[,，!！]?\s*(?:应该)?是\s*{o}(?P<name25>{n})"
        ),
        # 我的票：番茄 / 先挂个票：油条 / 油条这票拿去 / 就决定是你了——冬瓜 / 唯一一次改票机会…：冬瓜
        # / 我再改一次：土豆
        re.compile(
            rf"(?<![型数投改])(?<!投一)票\s*[:：]\s*{o}(?P<name14>{n})"
            # (票先挂着：番茄 / 票的话——冬瓜 / 这票就放这：南瓜: the poster's ballot as the topic,
            # a few words of holding or placing it, then a colon or a dash and the name closing
            # its clause — the heading of his own vote)
            rf"|(?:^|(?<=[{_CLAUSE_END}\s]))(?:我的|我这|这|一)?\s*票(?![数型况面仓王房])"
            rf"(?:[^{_CLAUSE_END}:：—他她你谁不别没]{{1,4}}?)\s*(?:[:：]|——)\s*{o}"
            rf"(?P<name62>{n})(?=\s*(?:$|[。！!~～，,\n]))"
            rf"|(?P<name15>{n})\s*[,，]?\s*(?:这|一)票\s*(?:拿去|送你|给你|送上)"
            rf"|决定(?:是你了|就是你了)\W{{0,4}}{o}(?P<name16>{n})"
            rf"|(?P<chg6>改票|再改一次)(?!\s*(?:原因|理由))[^。！？!?\n:：]{{0,12}}[:：]\s*{o}(?P<name17>{n})"
            # 南瓜决定投一个看起来最像杀手的人：冬瓜 (whom, described, then named)
            rf"|投(?:给)?\s*(?:一个|那个|这个)[^。！？!?\n:：]{{0,16}}的(?:人|那位|那个)\s*[:：—-]+\s*{o}(?P<name24>{n})"
        ),
        # The name put first, the verb alone after it as the clause: 南瓜，投。 / 番茄 投吧 /
        # 油条——就投他 (not 番茄投了: a report; not a question: _clear)
        re.compile(
            rf"(?:^|(?<=[{_CLAUSE_END}\s]))(?P<name48>{n})\s*[,，:：—-]*\s*(?:我|那就|就)?\s*"
            rf"(?:(?P<chg9>改投|改票)|投|票)\s*(?:他|她|吧|！|!)?(?=\s*(?:$|[。.!！~～]))"
            # (冬瓜 就他 / 冬瓜，就是他了: the decision points back to the name just put)
            rf"|(?:^|(?<=[{_CLAUSE_END}\s]))(?P<name55>{n})\s*[,，:：—-]*\s*(?:那)?就\s*(?:是)?\s*"
            rf"(?:他|她|你)\s*(?:了|吧|啦)?(?=\s*(?:$|[。.!！~～]))"
        ),
    ]


def _round_patterns(n: str, o: str) -> list[re.Pattern[str]]:
    """The votes written around the round: its name as a heading (辩论轮：番茄), or a verb of
    voting out at the clause's start (出番茄。)."""
    return [
        # The round named as a heading, the name after it (辩论轮：番茄 / 【环节二】番茄 / 第三轮：
        # 冬瓜 / 对决：油条; 版杀7 4.1.2: 试探性投票, 可疑者辩论投票, 高票对决投票 — 环节一…三),
        # or a verb of voting out at the clause's start
        # (出番茄。 / 推冬瓜 / 放逐油条 / 票走土豆: killbar and 狼人杀 words), the name alone after it
        re.compile(
            # (a word or two of the poster's after the round, its heading still: 辩论轮用药：冬瓜。 /
            # 试探轮我的：X — none of another, negation or question)
            rf"(?:[【\[]\s*)?(?:{_ROUND_WORDS})(?:(?![他她你们谁不别没吗呢和与或及双方人名单选果型数况候嫌死出])[\u4e00-\u9fff]){{0,3}}?"
            rf"\s*(?:[】\]]\s*[:：]?|[:：])\s*{o}(?P<name26>{n})"
            # (辩论轮：番茄，冬瓜: the round's suspects listed, no vote)
            rf"(?=\s*(?:$|[!！。.~～\n]|[,，](?!\s*(?:{n}))))"
            rf"|(?:^|(?<=[{_CLAUSE_END}\s]))(?:我|那就|就|那我|那|今天|这轮|本轮)?\s*(?:也|先|还是|继续|直接)?\s*"
            rf"(?:{_OUT_VERBS})\s*(?:(?:你|他|她)?\s*[:：])?\s*{o}"
            rf"(?P<name27>{n})(?=\s*(?:$|[!！。.~～,，]|吧|啦))"
        ),
    ]


def _arrow_patterns(n: str, o: str) -> list[re.Pattern[str]]:
    """The changes written from one name to the other: after a change word (改票：番茄→冬瓜), or
    an arrow alone between the two names (冬瓜→南瓜)."""
    return [
        # 改票：番茄→冬瓜 / 改投番茄->冬瓜 / 票从番茄改成冬瓜 (from one to the other: the second)
        re.compile(
            rf"(?P<chg7>改票|改投|改|重选|重投)\s*[:：]?\s*{o}(?:{n})\s*(?:→|->|=>|⇒|➡|➔|改成|改为|换成)\s*"
            rf"{o}(?P<name29>{n})"
        ),
        # 冬瓜→南瓜 / 冬瓜 -> 南瓜 (from one to the other, an arrow between two names opening its
        # clause and closing it: the change said by the arrow alone, as a 代发改票's body writes
        # it — not 豆浆：冬瓜→南瓜, another's change listed under his name: _reported)
        re.compile(
            rf"(?:^|(?<=[{_CLAUSE_END}\s:：]))(?P<chg11>{o}(?:{n})\s*(?:→|->|=>|⇒|➡|➔)\s*)"
            rf"{o}(?P<name60>{n})(?=\s*(?:$|[。！!~～.\n]))"
        ),
    ]


def _decision_patterns(n: str, o: str) -> list[re.Pattern[str]]:
    """The votes written as a decision reached: announced before and carried out (说到做到：
    冬瓜), or a hesitation that ends (还是包子吧 / still 番茄); the poster's own choice for the
    round named."""
    return [
        re.compile(
            # (开局先试探一个：X。 / 先点一位：X: the poster's act of choosing one, its colon the
            # heading of his choice, the name closing its sentence — not 问一个：X，… a question
            # put to him)
            rf"(?:^|(?<=[{_CLAUSE_END}\s]))(?:[^{_CLAUSE_END}:：他她你谁不别没问如若假万倘要]{{0,6}}?)(?:一个|一位)"
            rf"\s*[:：]\s*{o}(?P<name64>{n})(?=\s*(?:$|[。！!~～\n]))"
        ),
        # The poster's own choice for the round named with him as its subject (对决我站乌鸦 /
        # 这轮我押冬瓜 / 环节二俺还是挺南瓜): a verb of siding or choosing whose object closes the
        # clause — the round makes it this round's vote (seed 002 4.1.2 说明2: the vote is what
        # the post says plainly; no format is prescribed)
        re.compile(
            rf"(?:^|(?<=[{_CLAUSE_END}\s]))(?:{_ROUND_WORDS}|今天)\s*(?:我|俺)\s*"
            rf"(?:还是|就|也|继续|依然|仍然|仍|坚定地?)?\s*(?:站|押|挺|选|支持)\s*{o}"
            rf"(?P<name61>{n})(?=\s*(?:$|[!！。.~～\n]|吧|啦))"
        ),
        # A vote announced earlier and carried out now, after a colon: 说到做到：冬瓜 /
        # 今天一定投对：油条 (in a post that talks of voting, as name18)
        re.compile(
            rf"(?:说到做到|投对|决定了?|结论|更正|修正|订正|tl\s*;\s*dr|太长不看)\s*[:：]\s*{o}(?P<name23>{n})"
            rf"(?=\s*(?:$|[!！。.~～]))"
        ),
        # A hesitation that ends in a decision, in a post that talks of voting:
        # 我投包子还是馄饨呢……还是包子吧 / 我不改了，就番茄 / 那就番茄 / 最终：豆浆
        re.compile(
            # (我改主意，油条 / 改主意了：冬瓜: the mind changed, the name its new choice)
            rf"(?:还是|继续|那就|就|最终|最后|决定|现在|暂定|暂选|暂时|临时票?|(?<![a-z])still(?![a-z])"
            rf"|(?:^|(?<=[{_CLAUSE_END}\s我俺]))(?:又|还是)?改(?:了)?主意了?\s*[,，:：—]+)"
            rf"\s*(?:给|投给)?\s*[:：]?\s*{o}"
            rf"(?P<name18>{n})(?=\s*(?:$|吧|了|啦|呀|哒|哦|嘛|[!！。.~～,，]))"
        ),
    ]


def _held_patterns(n: str, o: str) -> list[re.Pattern[str]]:
    """The votes written as where the vote is held rather than as casting it: hung on a
    name for now (先挂一票在南瓜身上 / 改挂番茄 / 暂挂饺子), said to stand and named again (吾票
    不易，仍在番茄 / 我那票不变，南瓜; a restated vote is one), the place a verse gives it (此票…不在
    烧卖在春卷), a list's ticked or first choice (- [x] 油条 / | 饺子 | ✓ | / 第一选择：烧卖).
    Where a vote lies, said without naming it again, only points to it (票还在南瓜身上)."""
    return [
        # 先挂一票在南瓜身上 / 改挂番茄 / 我挂饺子 / 暂挂票给冬瓜 (a provisional vote is a vote)
        re.compile(
            rf"(?:票\s*)?(?P<chg8>改)?(?:先|暂时?|暂且|还是|就|我)?\s*挂\s*(?:一|个)?\s*票?\s*(?:在|给|到)?\s*"
            rf"{o}(?P<name30>{n})(?=\s*(?:$|身上|头上|吧|[!！。.~～,，…(（]))"
        ),
        # 吾票不易，仍在番茄 / 我那票不变，南瓜 / 此票不在烧卖在春卷
        re.compile(
            rf"票\s*(?:[^。！？!?\n,，]{{0,2}})(?:不易|不改|不变|没变|未变|照旧|依旧|如故)(?:了)?"
            rf"\s*[,，:：—-]*\s*(?:仍|还|依然|依旧|照旧|就)?\s*(?:是|在|投|给)?\s*{o}(?P<name32>{n})"
            rf"|不在\s*(?:{n})\s*(?:而)?在\s*{o}(?P<name33>{n})"
            rf"(?=\s*(?:$|身上|[!！。.~～,，]))"
        ),
        # verse: 此票当归冬瓜边 / 一票落君处 / 一票予冬瓜 / 愿将此票赠冬瓜
        re.compile(
            rf"票\s*(?:当|定|便|就|也|只|终)?\s*(?:落|归|予|赠|付|交)(?:于|与|给|在|到)?\s*{o}(?P<name31>{n})"
            rf"|(?:将|把)\s*(?:此|这|我的|吾)?\s*(?:一)?\s*票\s*(?:赠|送|给|交|投)(?:给|与|予)?\s*"
            rf"{o}(?P<name45>{n})"
        ),
        # the poster's own turn said in the words of his trade or game (这锅先炖冬瓜 / 我这手落在
        # 冬瓜 / 这一刀砍南瓜 / 这一票定格在南瓜身上): 这 and a measure word of a turn, said by the
        # poster (at its clause's start or after 我), a verb of three characters at most —
        # none of negation, judgement, report, the past or another subject — and one name that closes
        # the clause.  Not someone else's turn (他这手落在冬瓜: 这 after another word), nor one
        # told (这锅炖了冬瓜), nor a plain description (这锅是冬瓜的)
        re.compile(
            rf"(?:(?<![^\s{_CLAUSE_END}:：—])|(?<=[我偶俺])|(?<=[\u4e00-\u9fff](?<![他她你您佢伊们家])(?<!别人)(?<!有人)(?=这\s*一?\s*票)))"
            rf"这\s*一?\s*"
            rf"(?:手|锅|刀|枪|步|票|棒|杆|箭|拳|脚|盘|球)\s*(?:[,，]|(?<=票)\s*(?:[:：]|——))?\s*"
            rf"(?:(?![不没别非未是的吗呢还也和或与跟谁了过会要想本原曾刚之已])[\u4e00-\u9fff]){{0,3}}?\s*"
            rf"{o}(?P<name54>{n})(?=\s*(?:身上|头上)?\s*(?:$|[{_CLAUSE_END}]))"
        ),
        # The vote handed to a name as a thing (给冬瓜上一道“投票” / 给冬瓜来一票 / 给南瓜递上一张
        # 票): a verb of serving or giving, a measure word, the vote's noun — not told (上了), not
        # a noun phrase after it (给冬瓜上票的人)
        re.compile(
            rf"给\s*{o}(?P<name56>{n})\s*(?:上|来|送|递|端|发|补)\s*(?:上)?\s*(?:一)?\s*"
            rf"(?:道|个|张|份|碗|盘|记)?\s*[“\"「『]?\s*(?:投票|票)\s*[”\"」』]?(?!\s*(?:的|吗|呢|么|[?？]))"
        ),
        # - [x] 油条 / ☑ 油条 / | 饺子 | ✓ | / 饺子 ✓ / 第一选择：烧卖 / 首选：烧卖 / 最终票：冬瓜
        re.compile(
            rf"(?:\[\s*[x✓✔√]\s*\]|[☑✅✓✔√])\s*[|｜]?\s*{o}(?P<name34>{n})"
            rf"|(?P<name35>{n})\s*[】\]]?\s*[|｜]?\s*(?:[☑✅✓✔√]|\[\s*[x✓✔√]\s*\])"
            rf"|(?:第一选择|首选|正选|主选|最终票|正式票|最终选择)\s*[:：]\s*{o}(?P<name36>{n})"
        ),
    ]


def _symbol_patterns(n: str, o: str) -> list[re.Pattern[str]]:
    """The votes written with a symbol, as code or a formula, or in other words for 投: a
    pointer or an arrow opening a line (👉冬瓜 / 我的票 → 番茄 / 🗳️ 南瓜), an assignment or a
    call (vote = 冬瓜 / vote(冬瓜)), an arrow back to the name (冬瓜 ← 我的票), 投 as voice
    input mishears it (我透番茄 / 我头南瓜), English (voting 冬瓜 / lynch 冬瓜 / sticking
    with 冬瓜), the meme (冬瓜，就决定是你了)."""
    return [
        re.compile(
            rf"(?:^|(?<=\n))\s*(?:(?:投票|我的票|这票|票|vote|my\s+vote|target)\s*[:：]?\s*)?"
            rf"(?:👉|☞|→|->|=>|⇒|➡|🗳)\ufe0f?\s*{o}(?P<name37>{n})(?=\s*(?:$|[!！。.~～\n]|👈))"
            rf"|(?:投票|我的票|票|vote|target)\s*(?:=|:=|==)\s*[\"'“]?\s*{o}(?P<name38>{n})"
            rf"|(?<![a-z])vote\s*\(\s*[\"'“]?\s*(?P<name39>{n})"
            # (code: the function's answer, return 冬瓜; opening a line)
            rf"|(?:^|(?<=\n))\s*return\s*\(?\s*[\"'“]?\s*(?P<name57>{n})(?=\s*[\"'”]?\s*\)?\s*(?:;|$))"
            rf"|(?P<name40>{n})\s*(?:←|<-|⬅)\s*(?:我的|这)?\s*票"
        ),
        re.compile(
            rf"(?:^|(?<=[{_CLAUSE_END}\s]))(?:我|俺|就|那就)\s*(?:头|透|偷)\s*(?:给\s*)?{o}(?P<name41>{n})"
            # (头番茄 / 偷冬瓜一票 with no subject: the name closes the clause)
            rf"|(?:^|(?<=[{_CLAUSE_END}\s]))(?:头|偷)\s*{o}(?P<name52>{n})(?=\s*(?:一票)?\s*(?:$|[。！!~～\n]))"
            rf"|(?<![a-z])(?:voting(?:\s+for)?|lynch|hang|execute|eliminate|sticking\s+with"
            rf"|stick\s+with|staying\s+(?:on|with)|stay\s+(?:on|with)|go(?:ing)?\s+with|choose"
            # (go as the speaker's choice: I'll go 唢呐 / I will go for 冬瓜 — not go 冬瓜! alone,
            # a cheer; in the conditional mood, I'd go 冬瓜, the choice made politely, supposed
            # only where its sentence states a condition: _WOULD_UNDONE)
            rf"|i'?ll\s+go(?:\s+for)?|i\s+will\s+go(?:\s+for)?"
            rf"|(?<=i'd\s)go(?:\s+for)?|(?<=i’d\s)go(?:\s+for)?|(?<=i\swould\s)go(?:\s+for)?"
            rf"|choosing|pick|picking)\s+{o}(?P<name42>{n})|(?P<name44>{n})\s+gets\s+my\s+vote"
            # (English's choice said as the name and for me, the speaker's own: 乌鸦 for me. /
            # still 冬瓜 for me / 南瓜 for me again — the name, maybe after still, closes on it)
            rf"|(?:^|(?<=[{_CLAUSE_END}\s]))(?:(?:still|again|so)\s+)?(?P<name59>{n})\s+for\s+me"
            rf"(?:\s+(?:again|too|today|now|this\s+round))?(?=\s*(?:$|[.!！。~～,，]))"
            rf"|(?P<name43>{n})\W{{0,4}}(?:就)?决定(?:就)?是你了"
            # the stake put on a name, in a trader's or gambler's words (梭哈番茄 / 满仓冬瓜 /
            # 重仓南瓜 / all in 冬瓜 / 押冬瓜 / 建仓：冬瓜 — a position opened on him, its colon
            # a heading): the name closes the clause
            # (我先押唢呐 / 这轮也押冬瓜 / 我今天押汤圆 / 俺这回就押冬瓜: 押 after the speaker's
            # word of time — the day or the round he votes in — or of manner)
            rf"|(?:梭哈|满仓|全仓|重仓|建仓|加仓|(?<![a-z])all\s*in"
            rf"|(?:^|(?<=[{_CLAUSE_END}\s:：我俺就]))(?:(?:今天|今日|今儿|这轮|本轮|这一轮|这次|这回|这把)\s*)?"
            rf"(?:先|也|还是|暂且|暂时|继续|就)?押注?)"
            rf"\s*(?:在|到|[:：])?\s*{o}(?P<name58>{n})"
            rf"(?=\s*(?:$|[{_CLAUSE_END}]))"
            # 给土豆吧 / 就给冬瓜好了 (the vote given, at a clause's start) / 给到烧卖。 (office
            # speech: 给到 X is X given the vote, 我的票给到冬瓜)
            rf"|(?:^|(?<=[{_CLAUSE_END}\s:：]))(?:那就|就|还是)?给\s*{o}(?P<name47>{n})\s*(?:吧|好了)"
            rf"(?=\s*(?:$|[!！。.~～,，]))"
            # (小红花今天给番茄。 / 发一朵小红花：给冬瓜。: a thing of the poster's — a token for the
            # ballot — given to a name that ends the sentence; a topic of a few words, none of
            # them a person, a negation or a question; not 给X，… nor 给X的)
            rf"|(?:^|(?<=[。！!？?\n:：]))(?:(?![他她你们谁不别没要想会能该])[\u4e00-\u9fff]){{1,6}}?"
            rf"(?:今天|今日|这轮|本轮|这次)?\s*(?:也|就|还是|先)?\s*给\s*{o}(?P<name65>{n})"
            rf"(?=\s*(?:$|[。！!~～\n]))"
            rf"|(?<=[:：])\s*给\s*{o}(?P<name66>{n})(?=\s*(?:$|[。！!~～\n]))"
            rf"|(?:^|(?<=[{_CLAUSE_END}\s:：]))(?:我|那就|就|还是|先|直接)?\s*给到\s*{o}(?P<name49>{n})"
            rf"(?=\s*(?:$|[!！。.~～,，]))"
            # 就你了 (你: the one player the post @s or names) / 就是冬瓜了
            rf"|就(?:是)?\s*(?P<name46>{n})\s*了(?=\s*(?:$|[!！。.~～,，]))"
        ),
    ]


# The vote said to be the same as the poster's at an earlier time (和昨天一样 / 同上轮 / 和前两次一
# 样 / 跟上次相同): after a vote said alone, its reason — the same choice kept.
_SAME_AS_EARLIER = (
    r"(?:同|和|跟|与)\s*(?:昨天|前天|上轮|上一轮|之前|上次|上回"
    r"|前\s*[一两三四几]?\s*(?:次|轮|天|回|环节))\s*(?:一样|相同)?(?=\s*(?:$|[。.!！,，~～]))"
)
_ABSTAIN_ALONE = re.compile(
    r"(?:我|本人)?\s*(?:选择|决定|这轮|本轮)?\s*"
    r"(?P<name>弃权|弃票|白票|空票|放弃投票|放弃(?=\s*(?:$|[。！!，,]))|这票我弃[了掉]|票我弃[了掉]|弃了"
    # 弃 alone as the post's last clause (懒得分析了 弃 / 票就不投了，弃): not 嫌弃, 弃疗
    # (decorated as a bare name is: 弃 😴 / 弃。。。; after a vote word's colon: 投票：弃)
    # (an adverb of the moment before it: 想不通。先弃 / 那就弃)
    r"|(?:^|(?<=[\s,，。！!吾我俺票:：先就]))弃(?:一下|一轮|了吧|掉吧|吧)?"
    r"(?=(?:\s|[。！!~～….]|[\U0001F000-\U0001FAFF\u2600-\u27BF\uFE0F])*$)"
    # 弃 as the post's first sentence, its reason after it (弃。信息太少), and 改弃 closing its
    # clause (改弃，下不了手: a change to abstaining; not 改弃权票为…, read by _CHANGE_FROM);
    # a short word of giving up may open that sentence (算了，弃。真的看不出来)
    # (弃，和前两次一样: the abstention with its reason, the same as before)
    r"|^\s*(?:(?:算了|罢了|唉|哎|嗯|好吧|行吧|那就)[\s，,。]*)?弃(?:了|吧)?"
    rf"(?=\s*[。！!\n]|\s*[，,]\s*{_SAME_AS_EARLIER})"
    r"|(?<=改)弃(?:了|吧)?(?=\s*(?:$|[，,。！!\n])))"
)
# Written as a change anywhere before the vote in the post: 改票，投土豆 / 改一下票，投汤圆.
_CHANGE_WORD = re.compile(
    r"改票|改投|改成|改回|换回|换票|改一下票|票改|改主意|那票作废|票换|改给|重新投|拿回来|转投|转票|换人|撤回(?![^。！？!?\n，,]{0,8}条件)|撤票"
    # 我之前在23楼的投票作废，现投土豆 (an earlier vote declared void, a new one cast)
    r"|(?:之前|刚才|上面)[^。！？!?\n]{0,12}的(?:投票|票)\s*作废"
    # 上一票作废，投冬瓜 / 前票不算，改… / 原来那票撤了 (the speaker's previous vote, named by
    # its place, declared void or withdrawn: the vote after it replaces it)
    r"|(?:上一?|前一?|原来(?:的|那)?|刚才(?:的|那)?)\s*票\s*(?:作废|不算|撤回|撤了|取消)"
    # 改了，票给南瓜 (改了 standing alone) / 我这票本来给包子，现在给豆浆 (a vote cast before,
    # replaced now; 本来想投… is an intention, not a vote)
    r"|(?:^|(?<=[\s,，。！!]))(?:我|那)?改了(?=\s*[,，。！!])"
    r"|(?:本来|原本|之前)(?!\s*(?:想|打算|准备|要))[^。！？!?\n]{0,12}[,，]\s*现在"
)
_NAME_GROUPS = (
    "name",
    "name2",
    "name3",
    "name4",
    "name5",
    "name6",
    "name7",
    "name8",
    "name9",
    "name10",
    "name11",
    "name12",
    "name13",
    "name14",
    "name15",
    "name16",
    "name17",
    "name18",
    "name19",
    "name20",
    "name21",
    "name22",
    "name23",
    "name24",
    "name25",
    "name26",
    "name27",
    "name28",
    "name29",
    "name30",
    "name31",
    "name32",
    "name33",
    "name34",
    "name35",
    "name36",
    "name37",
    "name38",
    "name39",
    "name40",
    "name41",
    "name42",
    "name43",
    "name44",
    "name45",
    "name46",
    "name47",
    "name48",
    "name49",
    "name50",
    "name51",
    "name52",
    "name53",
    "name54",
    "name55",
    "name56",
    "name57",
    "name58",
    "name59",
    "name60",
    "name61",
    "name62",
    "name63",
    "name64",
    "name65",
    "name66",
)
# Count only in a post that talks of voting (投/票/改)
_DECISION = ("name18", "name23")
# (the round named is its vote spoken of: 这轮还是冬瓜呀 / 辩论轮继续油条)
_VOTE_WORD = re.compile(rf"投|票|改|挂|待定|暂定|{_ROUND_WORDS}")


def _clause_bounds(text: str, start: int, end: int) -> tuple[int, int]:
    """The clause around ``start``–``end``: between the marks of :data:`_CLAUSE_END`, an English
    full stop, or a Chinese dash (破折号 ——: 一看就知道谁逃票——投番茄, the break before what
    the post turns to)."""
    lo = start
    while (
        lo > 0
        and text[lo - 1] not in _CLAUSE_END
        and not (lo > 2 and _EN_STOP.match(text, lo - 2))
        and text[lo - 2 : lo] != _DASH
    ):
        lo -= 1
    hi = end
    while (
        hi < len(text)
        and text[hi] not in _CLAUSE_END
        and not _EN_STOP.match(text, hi)
        and text[hi : hi + 2] != _DASH
    ):
        hi += 1
    return lo, hi


_DASH = "——"


# An English sentence's full stop: a letter, a period and a space (I'm just a 平民 who types
# English. vote 番茄 — the sentence before it, its "who" included, is not the vote's clause);
# after a Chinese word too, the half-width stop a mixed post types (Changed my mind, 改X. Y刚才…).
# Not a list's number (1. 冬瓜), an ellipsis (...) or a decimal (3.5).
_EN_STOP = re.compile(r"(?<=[a-z\u4e00-\u9fff])\.[ \t]")


# The account holder's words typed by someone for him, after a colon (我是土豆的孙子…让我帮她打：
# 投豆浆 / 替奶奶敲字：): what follows is the holder's own vote; the request to type is no
# request to vote (not 帮我打: the poster asking someone else).
_TYPED_FOR = re.compile(
    # (帮我室友投一票：: someone of the poster's, 我 and who he is to him, casting through him)
    r"(?:帮|替)\s*(?P<whom>[我俺](?:的|家)?(?![打敲写输代登填报交发投])[^\s，,。:：]{1,3}?"
    r"|(?![我俺])[^\s，,。:：]{1,3}?)\s*(?:打字?|敲字?|写|输入|代打|登记|填|报|交|发|投"
    # (帮春卷讲一声： / 替他带个话： / 帮X转达一下：: his words relayed, said for him)
    r"|(?:讲|说|传|带|捎)\s*(?:一声|一句|个?话)|转达|转告)"
    # (its object, the ballot: 帮X登记个投票： / 替X填一张票： / 帮X投一票：)
    r"\s*(?:一下|一个|个|一张|张|一)?\s*(?:投票|选票|票)?\s*[:：]"
)
# The typist saying who he is, another than the account holder (我是土豆的孙子): what he types
# for someone of his (帮我奶奶打：) is the holder's own.
_TYPIST = re.compile(r"我是[^，,。！!？?\n]{1,8}的")


def typed_for_another(text: str, at: int, players: Sequence[str], speaker: str) -> bool:
    """The vote at ``at`` is typed for someone (:data:`_TYPED_FOR`) who is a roster player
    other than the poster — named, or 他/她 pointing back to the last player named before it
    (包子手机没电了，让我帮他打：投饺子, posted by 冬瓜): a proxy request the poster relays, not
    his vote (only the director's 代投 is a vote of another player: M107 9).  The account
    holder's own words typed for him (我是土豆的孙子，她让我帮她打：投豆浆, posted by 土豆) stay his."""
    if not speaker:
        return False
    # (the ballot it opens may be the vote's own start: 帮X登记个投票：Y)
    typed = [m for m in _TYPED_FOR.finditer(text) if m.start() < at]
    if not typed:
        return False
    whom = typed[-1].group("whom")
    named = [p for p in players if p in whom and p not in PRONOUNS]
    if not named and whom[:1] in "我俺":
        # 我想帮我室友投一票：… — a ballot for someone of his, not himself (unless the poster
        # is the holder's typist: 我是土豆的孙子，帮我奶奶打：)
        return _TYPIST.search(text, 0, typed[-1].start()) is None
    if not named and whom[-1:] in _HE:
        alt = _names_alt([p for p in players if p not in PRONOUNS])
        before = list(re.finditer(alt, text[: typed[-1].start()])) if alt else []
        named = [before[-1].group(0)] if before else []
    return any(p != speaker for p in named)


def _vote_clause(text: str, start: int, end: int) -> tuple[int, int]:
    """The clause of the vote at ``start``–``end``: it starts after the words typed for the
    account holder open (:data:`_TYPED_FOR`: 奶奶…让我帮她打：投豆浆) and ends where its reason
    starts (:data:`_REASON_START`)."""
    lo, hi = _clause_bounds(text, start, end)
    typed = [m.end() for m in _TYPED_FOR.finditer(text, lo, start)]
    reason = _REASON_START.search(text, end, hi)
    if reason and reason.start() == end and _yes_no_asked(text[end:hi]):
        reason = None  # (投冬瓜他会不会生气啊？: the vote weighed aloud, no reason)
    return (typed[-1] if typed else lo), (reason.start() if reason else hi)


# The question words that ask about a person or a deed (他为什么… / 他怎么…): a reason's question,
# which leaves the vote cast; the others (会不会 / 是不是 / 吗 / ？) weigh the vote itself.
_WH_WORDS = frozenset({"谁", "为什么", "为何", "为啥", "怎么"})


def _yes_no_asked(words: str) -> bool:
    """``words`` (what follows a vote's name right after it, from a pronoun on) ask a yes-no
    question (freevote.toml ``question`` without :data:`_WH_WORDS`)."""
    if any(w in words for w in _WH_WORDS):
        return False
    return any(w in words for w in undoer_words("question"))


def _clear(text: str, start: int, end: int, *, count: bool = False, after: bool = True) -> bool:
    """No negation, question, condition or other subject before it in its clause, and
    nothing after it that makes it a noun phrase or a question."""
    lo, hi = _vote_clause(text, start, end)
    head = text[lo:start]
    if _ALTERNATIVE.search(head):
        return False  # 投饺子还是投包子: a choice asked, not made
    if _NEG_NEAR.search(head) or _SUBJECT_NEAR.search(head):
        return False
    # A casual post parts its clauses by spaces (刚才那条没发出去 我投冬瓜 他一直不说话 前方…请减速):
    # the words of advice, time, question or supposition of another unit are not the vote's —
    # their reach is their own unit (a condition opening the sentence still reaches it:
    # :data:`_CONDITION` below; a negation or a subject right before the verb, :data:`_NEG_NEAR`).
    unit_lo, unit_hi = _spaced_unit(text, lo, start, end, hi)
    if _undone_in_reach(text, (lo, start), (unit_lo, unit_hi)):
        return False
    if _FAR_EN.search(head) or _supposed_in_english(text, head, lo, hi):
        return False
    if after and _made_other(text, end, hi, count=count):
        return False
    told = re.search("投[了过咗]|已经?投", text[lo:end])
    if told and not _FOR_NOW.match(text, end, hi) and not _APPOSED.match(text, lo + told.start()):
        return False  # a report of a past vote (投咗饺子先: 先, for now, is a vote cast; 吾票已投)
    if re.search(r"(?:^|[^\u4e00-\u9fff])前\s*$", head):
        return False  # 前投番茄 (classical: earlier I voted), a report
    if _undone_in_reach(text, (end, hi), (unit_lo, unit_hi), after=end):
        return False  # 投包子，还是…？ / 投包子如果…
    clause = text[lo:hi].rstrip()
    if text[hi : hi + 1] in ("?", "？") or clause.endswith(("吗", "么", "呢")):
        return False
    sentence = _sentence_start(text, lo)
    # (我要是杀手我就投自己了，所以…我投包子: 所以 ends the condition's reach)
    conclusion = max(
        (c.end() for c in _CONCLUSION.finditer(text, sentence, start)), default=sentence
    )
    if _CONDITION.search(text, conclusion, lo):
        return False  # 如果包子再不解释，我就投他: a condition earlier in the sentence
    return not _quoted(text, start)


def _spaced_unit(text: str, lo: int, start: int, end: int, hi: int) -> tuple[int, int]:
    """The unit of a casual post holding the vote at ``start``–``end`` inside its clause
    ``lo``–``hi``: parted from the rest by a space between two Chinese words (:data:`_SPACED`;
    not a space inside the vote's own words, 投 南瓜)."""
    unit_lo = max([lo, *(m.end() for m in _SPACED.finditer(text, lo, start))])
    after = _SPACED.search(text, end, hi)
    return unit_lo, after.start() if after is not None else hi


_ASKS_OR_SUPPOSES = re.compile(
    rf"{undoer_pattern('question').pattern}|{undoer_pattern('supposition').pattern}"
)


def _undone_in_reach(
    text: str, span: tuple[int, int], unit: tuple[int, int], after: int | None = None
) -> bool:
    """An undoer of :data:`_FAR` in ``span`` (before the vote, or ``after`` its name) that
    reaches the vote in its ``unit`` (:func:`_reaches`); after the name, not a word of the past
    in a unit of its own (:func:`_new_unit_past`)."""
    return any(
        _reaches(m, *unit) and (after is None or not _new_unit_past(text, after, m))
        for m in _FAR.finditer(text, *span)
    )


def _reaches(m: re.Match[str], unit_lo: int, unit_hi: int) -> bool:
    """The undoer ``m`` reaches the vote in the unit ``unit_lo``–``unit_hi``: it stands in that
    unit, or it asks or supposes (a question or a condition spans the whole clause: 如果冬瓜是狼
    我投他 / 投冬瓜 要不要), or it puts the vote off to a time to come (投冬瓜 明天再说)."""
    word = m.group(0)
    return (
        unit_lo <= m.start() < unit_hi
        or _ASKS_OR_SUPPOSES.search(word) is not None
        or word.startswith(("明", "下"))
    )


def _supposed_in_english(text: str, head: str, lo: int, hi: int) -> bool:
    """``head`` holds English's conditional (:data:`_WOULD_EN`) and the vote's sentence (its
    clause ``lo``–``hi`` and what runs on to the sentence's end) states a condition or a
    reservation or asks (:data:`_WOULD_UNDONE`)."""
    would = _WOULD_EN.search(head)
    if would is None:
        return False
    tail = re.match(r"(?:[^。！？!?\n.]|\.(?![ \t]|$))*[。！？!?]?", text[hi:])
    sentence = text[lo:hi] + (tail.group(0) if tail is not None else "")
    return _WOULD_UNDONE.search(sentence) is not None


def _made_other(text: str, end: int, hi: int, *, count: bool) -> bool:
    """What follows the name (up to ``hi``, the clause's end) makes it a noun phrase or a
    question (:data:`_NOT_AFTER`, after 一票 :data:`_NOT_AFTER_COUNT`), or the vote the topic of
    its explanation (:data:`_EXPLAINED`, read past the clause's end)."""
    if (_NOT_AFTER_COUNT if count else _NOT_AFTER).match(text, end, hi):
        return True
    return _EXPLAINED.match(text, end) is not None


def _new_unit_past(text: str, end: int, m: re.Match[str]) -> bool:
    """``m`` (an undoer after a vote's name ending at ``end``) is a word of the past in a unit
    the casual post sets apart by a space (投番茄 刚才那个没说清: what it says of the earlier
    post, not the vote's time — see :data:`_CJK`).  Not a time to come (明天 / 下轮 …: 投番茄
    明天再说 may put the vote off)."""
    word = m.group(0)
    return (
        re.match(rf"[ \t\u3000]+(?=[{_CJK}])", text[end:]) is not None
        and bool(undoer_pattern("other_time").fullmatch(word))
        and not word.startswith(("明", "下"))
    )


_FOR_NOW = re.compile(r"\s*先")
# 投了他番茄: 了 before a pronoun in apposition to the name, a decision said now (not told)
_APPOSED = re.compile(rf"投了\s*(?:他|她|佢)\s*[^\s{_CLAUSE_END}]")
_ALTERNATIVE = re.compile(r"投\S{1,8}?\s*(?:还是|或者|或是|或|or|/)\s*$")
# (；: 如果…就改弃权；现在先投包子 — the condition stays in its half, seed 002 4.1.2)
_SENTENCE_END = "。！？!?；;\n"
# (classical: 若吾尚能一票，当投冬瓜 / 倘…: 若 opening a clause that a comma closes)
_CONDITION = re.compile(
    r"如果|要是|假如|万一|假设|除非|等到|倘若|倘|假使|如若|若是|若(?!干)(?=[^，,。！？!?\n]{1,40}[，,])"
    # (English's condition opening the sentence: If 冬瓜 flips, 南瓜 for me / unless …)
    r"|(?<![a-zA-Z])(?i:if|unless)(?![a-zA-Z])"
)
_CONCLUSION = re.compile(r"所以|因此|总之|反正")
_QUOTES = {"“": "”", "「": "」", "『": "』", '"': '"'}


def _sentence_start(text: str, at: int) -> int:
    """Where the sentence holding ``at`` starts; a line that ends in a comma runs on (verse:
    若是油条今夜不死，⏎明朝此票定归他)."""
    i = at
    while i > 0 and (text[i - 1] not in _SENTENCE_END or _runs_on(text, i - 1)):
        i -= 1
    return i


def _runs_on(text: str, i: int) -> bool:
    return text[i] == "\n" and text[:i].rstrip(" \t").endswith(("，", ",", "、"))


def _quoted(text: str, at: int) -> bool:
    """Inside quotation marks on its line: words the player reports, not his vote
    (包子：“我投馄饨” 看到没)."""
    line = text.rfind("\n", 0, at) + 1
    depth: list[str] = []
    for ch in text[line:at]:
        if depth and ch == _QUOTES[depth[-1]]:
            depth.pop()
        elif ch in _QUOTES:
            depth.append(ch)
    return bool(depth)


def _second_name(players: Sequence[str]) -> re.Pattern[str]:
    """Another name standing alone right after the target (`包子 馄饨`, `包子、馄饨`,
    `包子，馄饨。`): the post names two targets.  A name that starts a sentence of its own
    (`改投馄饨，包子昨天太跳了`) is the reason talking, not a second target."""
    alt = _names_alt(players)
    if not alt:
        return re.compile(r"(?!)")
    # (投冬瓜和南瓜各一半 / 各一票: the vote split between the two, each named its share)
    alone = r"\s*(?:$|[。！？!?；;，,、\n(（]|一票|吧|啊|各\s*(?:一半|半票|一票|半))"
    listed = r"(?:\s*(?:[、/和或跟与&]|or|and|还是)\s*)"  # (饺子、包子 这俩…: listed, then a space)
    return re.compile(rf"(?:{listed}|\s+|\s*[,，]\s*)(?:{alt}){alone}|{listed}(?:{alt})(?=\s)")


# The round's rule stated, not a vote: a word of what is allowed or required right before the
# verb, its object two names or more as alternatives (这一轮只能投惊蛰或霜降 / 对决必须投X和Y之一).
# A single name after it is the poster's own resigned choice (我只能投黑曜了): a vote.
_ROUND_RULE = re.compile(r"(?:只能|只可以|可以|只许|只准|必须|允许)\s*(?:投|选)\s*(?:给)?\s*$")

_CHANGE_GROUPS = (
    "chg",
    "chg2",
    "chg3",
    "chg4",
    "chg5",
    "chg6",
    "chg7",
    "chg8",
    "chg9",
    "chg10",
    "chg11",
)


def _named_votes(
    text: str, players: Sequence[str], others: re.Pattern[str], speaker: str = ""
) -> list[FreeVote]:
    """Every clear vote expression naming one of ``players`` (pronouns included); the
    ``speaker``'s own name before a vote is his subject, not someone else's (南瓜投冬瓜 by
    南瓜)."""
    found = []
    subject = _subject_before([p for p in players if p != speaker])
    theirs = _whose_vote([p for p in players if p != speaker])
    topic = _topic_for(tuple(p for p in players if p != speaker))
    for pat in _patterns(players):
        for m in pat.finditer(text):
            key = next((g for g in _NAME_GROUPS if m.groupdict().get(g)), None)
            if key is None:
                continue
            name = _unloosen(m.group(key), players)
            if _not_a_target(text, m, key, name) or _reported(
                text, m, name, (subject, theirs, topic)
            ):
                continue
            if _uncast(text, m, key, players):
                continue
            # 那我偏要投你，包子: the name after 你 is whom the post speaks to, not a second target
            second = others.match(text, m.end())
            # (票給南瓜，南瓜。: the name said again is one target)
            two = name not in _YOU and second is not None and name not in second.group(0)
            if not _clear(text, m.start(), m.end(), count=key == "name5", after=not two):
                continue
            change = _change_in(text, m, key, players, speaker)
            found.append(FreeVote(name, m.start(), m.end(), change, two))
    return found


_TICKED = ("name34", "name35")
# Expressions that take their clause's opening words into the match (a topic or a heading of a
# few words before the name): _clear looks only before the match, so they are checked here.
_HEADED_IN_MATCH = ("name64", "name65")
_TICK = re.compile(r"[☑✅✓✔√]|\[\s*[x✓✔√]\s*\]")


def _uncast(text: str, m: re.Match[str], key: str, players: Sequence[str]) -> bool:
    """A tick among several (- 冬瓜 ✓✓✓ ⏎ - 南瓜 ✓: a tally, not one choice), an arrow's change
    listed under a player's name on its line (豆浆：冬瓜→南瓜: whose it is), the round's rule
    stated (:data:`_ROUND_RULE`), or a decision in a post that never speaks of voting (还是包子吧:
    :func:`_decided`)."""
    if key in _TICKED and len(_TICK.findall(text)) > 1:
        return True
    if key in _HEADED_IN_MATCH and _FAR.search(text, m.start(), m.start(key)):
        return True  # 昨天小红花给番茄 / 如果先试探一个：X — the words before the name are its clause's
    if key == "name60" and _arrow_listed(text, m, players):
        return True
    if _ROUND_RULE.search(
        text, _clause_bounds(text, m.start(), m.end())[0], m.start(key)
    ) and re.match(r"\s*(?:或者|或|和|、|/|还是)", text[m.end(key) :]):
        return True  # 这一轮只能投惊蛰或霜降 — what the round allows, stated: no one's vote
    return key in _DECISION and not _decided(text, m, key)


_ARROW = re.compile(r"→|->|=>|⇒|➡|➔")


def _change_in(text: str, m: re.Match[str], key: str, players: Sequence[str], speaker: str) -> bool:
    """The vote ``m`` is a change: written as one (:data:`_CHANGE_GROUPS`) or said so before it
    (:func:`_said_change`) — an arrow from the poster's own name (汤圆→番茄 by 汤圆) is his
    ballot, voter → target, no change written."""
    written = any(m.groupdict().get(g) for g in _CHANGE_GROUPS)
    if written and key == "name60" and speaker and _arrow_from(m, players) == speaker:
        written = False
    return written or _said_change(text, m.start())


def _arrow_from(m: re.Match[str], players: Sequence[str]) -> str:
    """The name before the arrow of an arrow's change (name60): from whom — or, when it is the
    poster himself, who votes (汤圆→番茄 posted by 汤圆: his ballot, voter → target, no change)."""
    head = _ARROW.split(m.group("chg11") or "")[0]
    found = [p for p in players if p in head]
    return max(found, key=len) if found else ""


def _arrow_listed(text: str, m: re.Match[str], players: Sequence[str]) -> bool:
    """An arrow's change (冬瓜→南瓜) that is a list's row, not the poster's change: under a
    player's name or a day or round named on its line (豆浆：冬瓜→南瓜 / 第一天：包子 → 豆浆), or one
    of several arrows in the post (a recap of changes)."""
    line_head = text[text.rfind("\n", 0, m.start()) + 1 : m.start()]
    alt = _names_alt(players)
    if (alt and re.search(alt, line_head)) or re.search(_BEFORE_NOW, line_head):
        return True
    return len(_ARROW.findall(text)) > 1


def _reported(
    text: str,
    m: re.Match[str],
    name: str,
    who: tuple[re.Pattern[str], re.Pattern[str], re.Pattern[str]],
) -> bool:
    """The expression reports a vote rather than casting one: another player's (饺子投馄饨,
    他的票给包子, 番茄那票不变，南瓜) or the speaker's own, told (我投的是包子 — unless it
    corrects a 才怪: 投土豆……才怪，我投的是春卷)."""
    subject, theirs, topic = who
    if _other_subject(text, m.start(), name, subject) or _other_topic(text, m.start(), name, topic):
        return True
    if m.group(0).startswith(("票", "挂", "投票对象", "一票")) and theirs.search(
        text, 0, m.start()
    ):
        return True
    return "的是" in m.group(0) and "才怪" not in text[: m.start()]


_THEIRS_EN = re.compile(r"(?<![a-z])(?:you|your|he|she|they|his|her|their|said|says)(?![a-z])")
_THEIR_VOTE = re.compile(r"(?:他|她|佢|你)\s*(?:的|那|这)\s*(?:一)?\s*票")


def _decided(text: str, m: re.Match[str], key: str) -> bool:
    """A decision (那就番茄吧) is a vote in a post that speaks of voting, or as the whole post
    (就番茄了 / 还是番茄吧: in a vote thread there is nothing else it can decide; 结论：豆浆
    alone may conclude anything)."""
    rest = text[: m.start()] + text[m.end() :]
    if re.match(r"\s*(?:最终|最后)\s*[:：]", m.group(0)):
        return True  # 真的最终：冬瓜 — a final answer in a vote thread is the vote
    if re.match(r"\s*(?:tl\s*;\s*dr|太长不看)", m.group(0)) and not text[m.end() :].strip(
        " \t\n。.!！~～"
    ):
        return True  # …⏎TL;DR：土豆。 — the post's summary, its last words, is the vote
    if _THEIR_VOTE.search(text, _sentence_start(text, m.start()), m.start()):
        return False  # 冬瓜说他那票不变，还是南瓜: what another's vote still is, reported
    if _VOTE_WORD.search(rest) is not None:
        return True
    if m.group(0).startswith("still"):
        # still 番茄. (English: the vote said to stand, named again — a vote; not another's:
        # you said your vote is still 番茄)
        return not _THEIRS_EN.search(text, _sentence_start(text, m.start()), m.start())
    return key == "name18" and not rest.strip(" \t\n吧了啦呗咯噻嘛哈。.!！~～")


def _not_a_target(text: str, m: re.Match[str], key: str, name: str) -> bool:
    """A pronoun that names no one to vote for: 投他们 (a group), 投你自己吧 / 投你个头 (advice,
    a retort), 楼上+1 / 你+1 (agreeing with a post: only a player's name +1 adds a vote)."""
    if name not in PRONOUNS:
        return False
    if key == "name47":
        return True  # 给你吧: handing something over, not a vote
    if name == "之":  # 投之 / 票之 closing a clause; not 投票之后, 三分之一票
        return key not in ("name", "name9") or not re.match(
            rf"\s*(?:$|[{_CLAUSE_END}])", text[m.end(key) :]
        )
    if text.startswith(("们", "哋", "自己", "个头", "人"), m.end(key)):  # (投自己人: a side)
        return True
    if _DECIDES.match(text, m.end(key)):
        return True  # 自己的票自己决定 / 票他说了算: the pronoun is who decides, not the target
    return key == "name5" and "一票" not in m.group(0) and not m.group("ticket")


# After a pronoun: a verb it is the subject of (自己决定 / 他来定 / 你做主).
_DECIDES = re.compile(r"\s*(?:来|去)?\s*(?:决定|定夺|做主|作主|拿主意|说了算|负责)")


def _subject_before(players: Sequence[str]) -> re.Pattern[str]:
    """A player's name written right before the vote, as its subject: 饺子投馄饨 / 包子也投
    饺子 / 馄饨说投包子 report what another player did or said (统计一下：饺子投馄饨，…), not the
    speaker's vote.  An @'d name is whom the post speaks to (@饺子 投你)."""
    alt = _names_alt([p for p in players if p not in PRONOUNS and p != ABSTAIN])
    if not alt:
        return re.compile(r"(?!)")
    # (跟饺子投土豆: the speaker follows 饺子's vote, 饺子 is not the subject)
    # (包子跟饺子投土豆: 包子 is; 竹笋一审投松烟 / 包子第一轮也投番茄: his vote in a round named)
    return re.compile(
        rf"(?<![@＠\s跟随从])(?:{alt})(?:{_ROUND_NAMED})?(?:也|都|还|又|就|则|先|已经|说|要|想)?"
        rf"(?:跟\s*(?:{alt}))?$"
    )


# A round or day named by its number or its kind, whatever the game calls it (第一轮 / 一审 /
# 第二天 / 首轮 / 试探轮 / 环节二): said between a player and his vote, the vote is his in it.
_ROUND_NAMED = (
    r"\s*(?:第?\s*[一二三四五六七八九十\d]{1,2}\s*(?:审|轮|天|日|环节|场|局)|首轮|首审|本轮|这轮|"
    r"上轮|上一轮|试探轮|辩论轮|对决轮|环节\s*[一二三123])\s*"
)


def _whose_vote(players: Sequence[str]) -> re.Pattern[str]:
    """Someone other than the speaker owning the vote that follows: 他的 / 你那 / 番茄的 before
    票, or before 票 and its verb (他的票还挂在包子身上)."""
    alt = _names_alt([p for p in players if p not in PRONOUNS and p != ABSTAIN])
    names = rf"|{alt}" if alt else ""
    return re.compile(
        rf"(?:他|她|你|您|佢|他们|她们|你们|大家|别人|有人{names})\s*(?:的|那|这)\s*(?:一)?\s*"
        r"(?:票\s*(?:还|也|都|先|就|已经?|一直)?\s*)?$"
    )


def _other_subject(text: str, start: int, target: str, subject: re.Pattern[str]) -> bool:
    """:func:`_subject_before` in the vote's clause, naming someone else than the target:
    饺子投饺子 (a player voting himself, written in the third person) is a vote; a list of
    such votes is a count (:func:`is_count`)."""
    lo, _hi = _clause_bounds(text, start, start)
    m = subject.search(text, lo, start)
    return m is not None and not m.group(0).startswith(target)


# Another player's name opening the vote's clause as its topic, the vote told of him:
# 包子是弃权改成油条 / 饺子从番茄改投冬瓜 / 馄饨把票给了南瓜 (a space between words opens a
# clause too: 上一楼不算吗 包子是…).
@lru_cache(maxsize=128)
def _topic_for(players: tuple[str, ...]) -> re.Pattern[str]:
    alt = _names_alt([p for p in players if p not in PRONOUNS and p != ABSTAIN])
    if not alt:
        return re.compile(r"(?!)")
    return re.compile(rf"\s*(?P<who>{alt})\s*(?:是|从|把|的票|那票|这票)")


_SPACED = re.compile(rf"(?<=[{_CJK}])[ \t\u3000]+(?=[{_CJK}])")


def _other_topic(text: str, start: int, target: str, topic: re.Pattern[str]) -> bool:
    lo, _hi = _clause_bounds(text, start, start)
    lo = max([lo, *(m.end() for m in _SPACED.finditer(text, lo, start))])
    m = topic.match(text, lo, start)
    return m is not None and m.group("who") != target


def _said_change(text: str, before: int) -> bool:
    """A change word before ``before`` that the speaker says himself: not negated (我不改),
    nor someone else's words or request (有人让我改票)."""
    for m in _CHANGE_WORD.finditer(text):
        if m.start() >= before:
            break  # (a match may run past ``before``: 本来给包子，现在|给豆浆)
        lo, hi = _clause_bounds(text, m.start(), m.end())
        head = text[lo : m.start()]
        if _NEG_NEAR.search(head) or _SUBJECT_NEAR.search(head) or _NOT_MINE.search(head):
            continue
        if _CHANGED_BEFORE.search(head) or re.match(r"\s*(?:过|一次)", text[m.end() :]):
            continue  # 本人此前已改票一次，…本轮投票如下：冬瓜 (an earlier round's change, told)
        if text[hi : hi + 1] in ("?", "？") or _BROKEN_OFF.match(text, m.end()):
            continue  # change to 冬瓜? nah, vote 番茄 / 改投……不对，我今天还没投: asked or broken off
        return True
    return False


# After a change word: the sentence broken off and taken back (改投……不对 / change to... no
# wait): the change never said.
_BROKEN_OFF = re.compile(
    r"[^。！？!?\n]{0,8}?(?:…+|\.{2,})\s*(?:不对|不是|等等|等一下|哦不|啊不|(?<![a-z])(?:no|nah|wait)(?![a-z]))"
)
# Before a change word: a time before this vote (此前已改票一次 / 昨天改过票).
_CHANGED_BEFORE = re.compile(r"此前|先前|之前|昨天|前天|上轮|上一轮|曾经?")
# Before a change word: someone else's words or advice (有人让我改票, 他说他要改票).
_NOT_MINE = re.compile(
    r"让我|叫我|要我|劝|建议|希望|(?:他|她|有人|别人)(?:[说讲](?![得的])|言道|称|曰)"
)


# Said after the vote, the decision is put off: 打算投油条，但想再听听他解释 / 我觉得应该投
# 冬瓜……晚点再决定 / 我也想投包子，不过再等等看: a plan, not a vote.
_DEFERRED = re.compile(
    # (not 晚点再看帖 / 回头再来: reading the thread later, the vote cast)
    r"(?:晚点|稍后|等会儿?|回头|过会儿?)\s*再(?!\s*(?:看帖|刷帖|来|上线|回复))"
    r"|再(?:等等?|听听|看看|想想|观察|决定)"
    # (不纠结 / 不犹豫: the doubt denied, the decision stands)
    r"|等等看|还没决定|没决定|未定|未决|(?<![不别])纠结|犹豫不决|拿不准"
    # (the poster says he has not voted yet, or waits on his own reading: 我投冬瓜！不对…还没投，
    # 等我看完 — what stood before was no ballot)
    r"|还没(?:有)?\s*投(?:票)?(?=\s*(?:$|[，,。！!~～…]))|等我\s*(?:看完|想完|想好|看看|想想)"
)
# Another's words in the clause before a doubt or a joke (票给冬瓜，他说还没想好投谁 / 奶奶
# 说她开玩笑): the reason reports what someone else said; the poster's vote stands.
_THEIR_WORDS = re.compile(r"(?<![我俺吾])(?:说|讲|称|表示|声称|自称)")


def _deferred(text: str, after: int, players: Sequence[str] = (), target: str = "") -> bool:
    """The vote put off later in the post (:data:`_DEFERRED`); a reason put off (理由回头再补)
    leaves the vote standing, and so does a judgement put off on one of ``players`` other than
    the vote's ``target`` named before it in its clause: 果冻吧，辣条我再观察一轮 — the one not
    voted is watched on, the vote is cast (版杀7 4.1.2: the post's choice is 果冻)."""
    alt = _names_alt([p for p in players if p not in PRONOUNS and p != target])
    for m in _DEFERRED.finditer(text, after):
        lo, hi = _clause_bounds(text, m.start(), m.end())
        if alt and re.match(rf"\s*(?:{alt})", text[lo : m.start()]):
            continue  # (果冻吧，辣条我再观察一轮: the other candidate is the one put off)
        if "理由" in text[lo : m.start()] or "改" in text[m.end() : hi]:
            continue  # (先投个土豆，等哈再看情况改不改: a vote cast, a change left open)
        if _THEIR_WORDS.search(text, lo, m.start()):
            continue  # (投冬瓜，他说他还没决定站边: the target's doubt, not the poster's)
        if not said_as_own(text, m.start(), m.end(), asked=False):
            continue  # (大家晚点再投 / 明天晚点再投 / 要是有人跳…我晚点再投)
        return True
    return False


def parse_free_vote(
    text: str,
    players: Sequence[str],
    *,
    pronouns: bool = False,
    speaker: str = "",
    bare: bool = False,
) -> FreeVote | None:
    """The last clear vote in ``text`` (see the module docstring), or None.  With
    ``pronouns``, `我投他` is a vote too, its target the pronoun (an attempt the reader
    cannot resolve: the labelled presets list it as a void vote post).  ``speaker``: the
    player whose post it is, when known (his own name may be the vote's subject).  With
    ``bare`` (a thread with no vote format), a name standing alone as the post's last
    clause is a vote too (:func:`_bare_name`)."""
    text = _own_pronoun(_word_by_word(text))
    if _DISPUTE.search(_without_asides(text)):
        # 法官统计错了，我那帖…改成番茄了: a tally disputed, no vote cast (not in an aside: 投南瓜。
        # （他数票老是数错）— the reason, what the target does)
        return None
    if is_count(text, players):
        counted = _beside_count(text, players)
        if counted is None:
            return None
        text = counted
    others = _second_name(players)
    found = _named_votes(text, [*players, *PRONOUNS] if pronouns else players, others, speaker)
    found += _abstentions(text, players, found, speaker)
    # a vote its own words declare void or not in effect (投饺子作废 / vote(馄饨) <- 注释掉了，
    # 不生效) is no vote: it names the one withdrawn
    found = [f for f in found if not _voided(text, f.end) and not _commented_out(text, f.start)]
    if not found and bare:
        found = _follow_votes(text, players) or _placed_votes(text, players, others, speaker)
    found = found or _listed(text, players)
    if not found and pronouns:
        found = _unresolved(text)
    last = _settled(text, found, players)
    if last is None or typed_for_another(text, last.start, players, speaker):
        return None
    last = _corrected_to(text, last, players)
    if not last.change and _voids_own_before(text, last.start):
        last = replace(last, change=True)  # 刚才投番茄作废⏎投冬瓜: the vote voided, then a new one
    resolved = _resolve_pronoun(text, last, players)
    if last.target in _HE and _warned_off(text[: last.start], resolved.target):
        return None  # 别投冬瓜啊，投他多没意思: 他 is the one the post asks not to vote
    return resolved


# A sentence said word by word, a full stop after each word for weight (我。跟。豆浆。 / 我。投。
# 南瓜。): three words or more in a row, each one or two characters, the first a single one (a
# word, not a name said alone and remarks: 乌鸦。没变。/ 南瓜。他。不像。), are one sentence.
_WORD_BY_WORD = re.compile(
    r"(?:^|(?<=[\s。！!，,]))(?:[\u4e00-\u9fff]{1,2}[。.．]){2,}[\u4e00-\u9fff]{1,2}(?=[。.．!！]|$)"
)


# The speaker's 我 as dialects write it, opening a clause before a verb or an adverb of his act
# (Shaanxi / Shanxi 额, internet 偶, Hokkien 哇: 额跟馄饨走 / 偶投冬瓜 / 哇先无投): read as 我, so
# that every rule that knows the speaker by 我 knows him (not 金额 / 偶尔 / 哇塞: the letter
# must open its clause and be followed by such a word).
_OWN_PRONOUN = re.compile(
    r"(?:^|(?<=[\s，,。！!？?…：:]))(?:[额偶](?=\s*(?:跟|投|选|改|也|先|就|还|都|票|要|不|没|无|说|讲))"
    r"|哇(?=\s*(?:跟|投|选|改|也|先|就|还|都|票|要|不|没|无)))"
)


def _own_pronoun(text: str) -> str:
    """``text`` with the dialects' 我 (:data:`_OWN_PRONOUN`) made 我, offsets kept."""
    return _OWN_PRONOUN.sub("我", text)


def _word_by_word(text: str) -> str:
    """``text`` with the stops inside a sentence said word by word (:data:`_WORD_BY_WORD`) made
    spaces (offsets kept)."""

    def joined(m: re.Match[str]) -> str:
        words = re.split(r"[。.．]", m.group(0))
        return " ".join(words) if len(words[0]) == 1 else m.group(0)

    return _WORD_BY_WORD.sub(joined, text)


# After a vote, the poster's own slip caught and the name he meant said bare (投冬瓜……啊不，收回，
# 南瓜。/ 投冬瓜，不对，南瓜 / 投冬瓜——呸，口误，是南瓜): the post corrects itself before it is
# sent, one ballot, for the name after the correction (seed 002 4.1.2 说明2: the vote is what the
# post says plainly; 说明4: one change a round — a slip mended in the same post is none).
_SLIP = rf"(?:啊|哦|噢|呃)?\s*(?:{_alternation(_UNDOERS['slip'])})"
_SLIP_GAP = r"[\s，,。.…—\-!！~～:：]*"


def _corrected_to(text: str, last: FreeVote, players: Sequence[str]) -> FreeVote:
    """``last``, or the name its post says it meant right after it: a slip word, then the name
    alone in its clause (not 不是Y: the other one refused; not Y才是狼 / Y？: a remark, a doubt)."""
    alt = _names_loose([p for p in players if p not in PRONOUNS])
    if not alt:
        return last
    slip = re.compile(rf"{_SLIP_GAP}(?:(?:等等|等一下|等下)\s*[,，]?\s*)?(?:{_SLIP}{_SLIP_GAP})+")
    caught = slip.match(text, last.end)
    if caught is None:
        return last
    meant = re.compile(
        rf"(?:是|应该是|我是说|改成?)?\s*(?P<name>{alt})\s*(?=$|[。！!，,…\n~～])"
    ).match(text, caught.end())
    if meant is None:
        # the slip's reason told, then the name meant opening a sentence of its own as a decision
        # (投锯子……等等不对，收回收回，锯子刚才投我可能只是冲动。卷尺吧，…): the first such name
        meant = re.compile(
            rf"(?<=[。！!…\n])\s*(?P<name>{alt})\s*(?:吧|啦|了)?\s*(?=$|[。！!，,…\n~～])"
        ).search(text, caught.end())
        if meant is None or not _clear(text, meant.start("name"), meant.end("name")):
            return last
    name = _unloosen(meant.group("name"), players)
    if name == last.target:
        return last
    return replace(last, target=name, start=meant.start("name"), end=meant.end("name"))


def defined_vote(text: str, players: Sequence[str]) -> FreeVote | None:
    """A vote cast for a word the post defines as a player (谜底：冬瓜 ⏎ 本轮我投的就是谜底 /
    答：豆浆 ⏎ 这轮我投答案 / 谜底：番茄 ⏎ 本轮我的票，就是谜底): the word on a line of its own
    with one name after its colon, then a vote whose object is that word, in a clause that
    neither negates, asks, supposes nor tells of another (:func:`_clear`).  The target is the
    name where the post defines it."""
    alt = _names_loose([p for p in players if p not in PRONOUNS])
    if not alt or not re.search(r"[:：]", text):
        return None
    defined = re.finditer(
        rf"(?:^|(?<=\n))[ \t]*(?P<term>[\u4e00-\u9fff]{{1,4}})[ \t]*[:：][ \t]*(?P<name>{alt})"
        rf"[ \t。.!！]*(?=\n|$)",
        text,
    )
    found: list[FreeVote] = []
    for d in defined:
        term = d.group("term")
        cast = re.compile(
            rf"(?:投|票)\s*(?:的|给)?\s*[,，]?\s*(?:就|也|还|都)?\s*(?:是)?\s*{re.escape(term)}"
            rf"[\u4e00-\u9fff]?(?=\s*(?:$|[{_CLAUSE_END}]))"
        )
        for m in cast.finditer(text, d.end()):
            if _clear(text, m.start(), m.end(), after=False):
                name = _unloosen(d.group("name"), players)
                found.append(FreeVote(name, d.start("name"), d.end("name"), False))
    return found[-1] if len({f.target for f in found}) == 1 else None


def _beside_count(text: str, players: Sequence[str]) -> str | None:
    """In a post that counts (:func:`is_count`: 目前票型：冬瓜3，南瓜1 / 第一天：饺子投我，包子投
    番茄 — others' votes), the part that may still cast the poster's own: a first sentence
    before the count (投番茄。现在番茄3 汤圆2), or after it a last sentence of its own in the
    first person that counts nothing (…饺子1。我本人……算了，我投饺子。), blanked around (offsets
    kept).  None when there is neither."""
    first = re.match(r"[^。！!\n]+[。！!\n]", text)
    if first is not None and not is_count(first.group(0), players):
        return first.group(0)
    own = re.search(
        r"(?:^|(?<=[。！!\n]))[^。！!\n]*(?:我|偶|俺)\s*(?:就|也|还是|还|先|再|决定|要|直接)?"
        r"\s*(?:改投|改选|投|选)[^。！!\n]*[。！!]?\s*$",
        text,
    )
    if own is not None and own.start() > 0 and not is_count(own.group(0), players):
        return " " * own.start() + own.group(0)
    # the count's sentence closed by a clause of the poster's own, its subject 我 (环节一冬瓜五票
    # 南瓜三票，我这轮继续冬瓜 / 目前番茄4 冬瓜3，我这边还是番茄): the count is what he saw, the
    # clause what he does — read alone, blanked around (offsets kept)
    # (…，我这轮还是杜鹃，没变: the clause may close on short remarks that name no one)
    alt = _names_alt(players)
    clause = re.search(
        r"(?<=[，,；;])\s*(?:我|偶|俺)[^。！!？?\n，,；;]*"
        r"(?P<tail>(?:[，,][^。！!？?\n，,；;\d]{1,8})*)[。！!]?\s*$",
        text,
    )
    if (
        clause is not None
        and not is_count(clause.group(0), players)
        and not (alt and re.search(alt, clause.group("tail")))
    ):
        return " " * clause.start() + clause.group(0)
    # a recap that counts first (整理一下：环节一辣条4果冻4，环节二5比5。…), then the poster's
    # own analysis: what follows the last sentence that holds a count, when it counts nothing
    counting = [
        m
        for m in re.finditer(r"[^。！!\n]+[。！!\n]?", text)
        if re.search(rf"(?:{alt}|弃权)\s*[:：]?\s*\d|\d\s*(?:比|:|：)\s*\d", m.group(0))
        or _COUNT_WORDS.search(m.group(0))
    ]
    if counting and counting[-1].end() < len(text):
        rest = text[counting[-1].end() :]
        # (not where it tells or guesses another's vote: 我猜春卷会投油条)
        theirs = re.search(rf"(?:{alt})\s*(?:会|要|也|都|还|已经)?\s*(?:投|选|改)", rest)
        if rest.strip() and not is_count(rest, players) and theirs is None:
            return " " * counting[-1].end() + rest
    return None


# 跟X opening a post that names no target of its own.  跟 + a player is either joining the vote
# ON him or following the vote OF him, and the post alone does not always say which:
# - nothing after it (跟番茄), the words of following (跟番茄投 / 跟番茄走 / 跟番茄的票 / 跟番茄
#   一样), or agreement with him (跟番茄，他分析得对): his vote followed — an attempt whose target
#   is his standing vote, ``follows`` = him, left to the tally to resolve (target "?" here);
# - a reason that finds fault with him (跟番茄。他那句太刻意了 / 跟番茄，环节三那票说不过去): the
#   regression games votes_blind4/killbar7_free4 and votes_blind5/killbar7_free5 read it as a
#   vote FOR him, but following his vote stays a reading too, and a wrong death is worse than a
#   question: not read here, so the vote book asks it as a spoken choice (votebook.doubt);
# and as ever a question, a supposition or a negation undoes it (要不要跟番茄？/ 不跟番茄).
# 跟票X / 跟投X name the target (the verb's object) and are read as votes elsewhere.
_FOLLOW_HOW = r"(?P<how>\s*(?:的票|的|走|投|一样|一起投|投一样的)?)"
_AGREES = re.compile(
    r"说得对|说的对|讲得对|分析得对|分析的对|有道理|讲得好|说得好|同意|赞同|附议|思路|逻辑"
    r"|认同|我\s*(?:都|也|全)?\s*认(?![为识得])|信他|信她|听他|听她|[+＋]\s*1|没毛病|是对的|是好人|站他|站她|跟他|跟她"
    # his reasons taken as one's own (跟白鹭，理由一样 / 理由同上 / 同理)
    r"|理由\s*(?:一样|相同|同上|也一样|一致)|同理"
)


def _follow_votes(text: str, players: Sequence[str]) -> list[FreeVote]:
    """跟X opening the post (see above): X's vote followed (``follows``), or nothing read."""
    alt = _names_loose([p for p in players if p not in PRONOUNS])
    if not alt:
        return []
    m = re.match(rf"\s*(?:我|票|这票)?\s*跟(?:着|随)?\s*(?P<name>{alt}){_FOLLOW_HOW}", text)
    same = m is None
    if same:
        # the vote said to be the same as X's (和当归一样 / 同当归 / 与当归的票一样): X followed
        # — said alone or with his reasoning agreed to (和当归一样，是好人 says what he is)
        m = re.match(
            rf"\s*(?:我|票|这票|我的票)?\s*(?:也)?\s*(?:和|与|同)\s*(?P<name>{alt})"
            rf"(?P<how>\s*(?:的票|的)?\s*(?:一样|相同)|(?=\s*(?:$|[{_CLAUSE_END}])))",
            text,
        )
    if m is None:
        return []
    rest = text[m.end() :]
    if rest[:1] and rest[:1] not in f"{_CLAUSE_END} \t":
        return []  # 跟番茄说的做 / 跟番茄他们一起: the name is not where the clause ends
    if _DECIDED_REST.search(re.split(r"[。！!\n]", rest, maxsplit=1)[0]):
        return []  # 跟番茄？ / 跟番茄的话… — asked or supposed
    name = _unloosen(m.group("name"), players)
    said = rest.strip(f"{_CLAUSE_END} \t")
    follows = FreeVote("?", m.start(), m.end(), False, follows=name)
    if (m.group("how").strip() and not same) or not said:
        return [follows]
    for sm in _AGREES.finditer(rest):
        if not re.search(alt, rest[_sentence_start(rest, sm.start()) : sm.start()]):
            return [follows]  # 跟番茄，他分析得对 — his reasoning followed
    return []  # 跟番茄。他那句太刻意了 — for him or after him: asked (votebook.doubt)


def _placed_votes(
    text: str, players: Sequence[str], others: re.Pattern[str], speaker: str
) -> list[FreeVote]:
    """Where a post with no format puts a name to vote it: read without its asides (【投票】番茄
    ⏎（他昨晚还在线）: what stands in parentheses comments on the vote; the undoers after it
    still read the whole post), last in the post (:func:`_bare_name`), first with its reason
    after it (:func:`_lead_name`) or as its heading (:func:`_headed_name`)."""
    core = _without_asides(text)
    found: list[FreeVote] = []
    if core != text:
        found = _named_votes(core, players, others, speaker)
        found += _abstentions(core, players, found, speaker)
    return (
        found
        or _bare_name(core, players)
        or _lead_name(core, players)
        or _headed_name(core, players)
        or _decision_said(core, players)
        or _answered_self(core, players)
        or _same_as_before(core, players)
    )


# The poster's own earlier vote told, then this round's said to be the same (环节一我投的果冻，这次
# 也一样 / 上轮投的南瓜，这轮照旧): the name the post votes is the one of his recap (版杀7 4.1.2
# prescribes no format; what the post says of this round decides).  The whole post is the two
# clauses: the recap's subject is the poster (我, or none), its time another round or day; the
# second names this time (or nothing) and a word of sameness, with no one else as subject and
# nothing asked, supposed or negated (他上轮投的果冻，这次也一样 tells another's; 这次也一样吗).
_SAME_AS_BEFORE = (
    r"^\s*(?P<when>{when})?\s*[，,]?\s*(?:我|俺)?\s*(?P<when2>{when})?\s*(?:也|都)?\s*"
    r"(?:投|选)(?:的|了)(?:是)?\s*(?P<name>{alt})\s*(?:的)?\s*[，,。.;；]\s*"
    r"(?:(?:这次|这轮|这一轮|本轮|这回|今天|现在|此轮)\s*)?(?:我|俺)?\s*(?:也|还是|依然|依旧|照样|仍然)?\s*"
    r"(?:一样|照旧|不变|同上|同样|没变)(?:的|吧|了|啦)?\s*[。！!~～.]*\s*$"
)
_BEFORE_NOW = rf"{_ROUND_WORDS}|昨天|前天|上轮|上一轮|之前|刚才|上次|第一天|第[一二三123]天"


def _same_as_before(text: str, players: Sequence[str]) -> list[FreeVote]:
    """The vote of a post that tells the poster's earlier vote and says this one is the same
    (:data:`_SAME_AS_BEFORE`)."""
    alt = _names_loose([p for p in players if p not in PRONOUNS])
    if not alt:
        return []
    m = re.match(_SAME_AS_BEFORE.format(when=_BEFORE_NOW, alt=alt), text)
    if m is None or not (m.group("when") or m.group("when2")):
        return []
    name = _unloosen(m.group("name"), players)
    return [FreeVote(name, m.start("name"), m.end("name"), False)]


# A name said as the post's DECISION, not as the TOPIC of a remark (版杀7 4.1.2 prescribes no
# format; the standing ruling: 番茄，他不可能是狼。 is a doubt, not a vote).  The principle: a
# name is the post's decision when something in its own clause commits the poster to it — a
# word of deciding before it (还是 / 就 / 那 / 那就; not 跟: after a quote 跟X follows X) or after it
# (吧; 不变 / 不改 after its comma) — or when it stands as a sentence of its own (番茄。/ 番茄！
# / a line of its own) and what follows neither speaks of him in the third person (他 / 她 /
# 此人: a remark about him, which may as well defend him — asked as a doubt), nor to him (你 with
# no other player named before it in its sentence: the name was whom the post addresses), nor
# asks or supposes (a question not put to another player by name, 如果 / 的话).  A name
# followed by a comma and a remark (番茄，他…) is the remark's topic: no vote.
_DECIDING_BEFORE = r"还是|那就|就"
_DECIDING_AFTER = r"\s*(?:吧|了)?\s*(?:[，,]\s*(?:不变|不改了?|照旧|不换了?)\s*)?"
_SUPPOSE = _alternation(_UNDOERS["supposition"])
_DECIDED_REST = re.compile(rf"[?？]|吗|{_SUPPOSE}|你(?!们)")
_SUPPOSED = re.compile(rf"{_SUPPOSE}|打算|明天|下轮")


def _decision_said(text: str, players: Sequence[str]) -> list[FreeVote]:
    """The name of the post's decision (see above): committed by a word of deciding where the
    post opens (:func:`_committed_first`) or in its last clause (…只能投那两个，那黑曜。:
    :func:`_committed_last`), or standing as the post's first sentence (:func:`_said_alone`)."""
    alt = _names_loose([p for p in players if p not in PRONOUNS])
    if not alt:
        return []
    return (
        _committed_first(text, players, alt)
        or _committed_last(text, players, alt)
        or _said_alone(text, players, alt)
    )


# Before a word of deciding that opens the post, a short preface of the poster's own (想了一下
# 还是X吧 / 考虑再三，就X): how he came to the decision, not whose or when it is — it names no
# one, speaks to or of no one (你 / 他 / 大家), and neither asks, supposes, negates nor tells of
# another time (:data:`_PREFACE_NOT`, the undoers).
_OWN_PREFACE = r"(?P<pre>[^。！？!?\n，,；;:：]{1,8}?[\s，,…]*)?"
_PREFACE_UNDONE = re.compile(
    "|".join(
        _alternation(_UNDOERS[kind])
        for kind in ("question", "supposition", "negation", "other_time", "addressee")
    )
)


# A preface telling the poster's word as said before (我讲过了，X / 说过了，X): the name is what he
# said then, restated — no new ballot.
_SAID_BEFORE = re.compile(r"(?:讲|说|表态)\s*过")


def _own_preface(pre: str | None, alt: str) -> bool:
    """``pre`` (before a word of deciding) is absent or the poster's own (:data:`_OWN_PREFACE`),
    not his word told as said before (:data:`_SAID_BEFORE`)."""
    return not pre or not (
        re.search(alt, pre)
        or _PREFACE_NOT.search(pre)
        or _PREFACE_UNDONE.search(pre)
        or _SAID_BEFORE.search(pre)
    )


# A question that asks for no answer, said right after a name: who ELSE could it be (还能投谁 /
# 还有谁 / 还能是谁 / 还用说) — the name is the only choice, the poster's decision.
_WHO_ELSE = (
    r"还\s*(?:能|可以|会|有|用)\s*(?:投|选|是)?\s*(?:谁|别人|说)\s*(?:吗|呢|啊)?\s*[?？!！。.]*\s*$"
)


def decision_said(text: str, players: Sequence[str]) -> FreeVote | None:
    """The name a post commits its poster to by a word of deciding or as a sentence of its own
    (:func:`_decision_said`), unless the post undoes it after (:func:`_settled`): under a
    labelled preset, a vote attempt in words whose format is wrong (锦缎吧，她稳)."""
    found = _decision_said(_without_asides(text), players)
    return _settled(text, found, players) if found else None


def _committed_first(text: str, players: Sequence[str], alt: str) -> list[FreeVote]:
    """还是X / 就X / 跟X。 / X吧 / X，不变 opening the post (还是X after the poster's own preface:
    :func:`_own_preface`), not asked or supposed after it."""
    committed = re.match(
        rf"\s*(?:{_OWN_PREFACE}(?P<w>{_DECIDING_BEFORE})\s*(?P<a>{alt})(?:\s*(?:吧|了))?"
        rf"|(?P<b>{alt})\s*吧|(?P<c>{alt})\s*[，,]\s*(?:不变|不改了?|照旧|不换了?))"
        rf"\s*(?=[，,。！!\n]|$)",
        text,
    )
    if committed is None:
        # 蒸笼啊还能投谁 / 番茄，还有谁: the whole post the name and the question that leaves
        # no one else
        committed = re.match(rf"\s*(?P<d>{alt})\s*[啊呀嘛啦]?\s*[，,]?\s*{_WHO_ELSE}", text)
        if committed is not None:
            name = _unloosen(committed.group("d"), players)
            return [FreeVote(name, committed.start("d"), committed.end("d"), False)]
    if committed is None or not _own_preface(committed.group("pre"), alt):
        return []
    key = next(g for g in ("a", "b", "c") if committed.group(g))
    rest = text[committed.end() :]
    first = re.match(r"[^。！？!?\n]*[。！？!?]?", rest.lstrip("，, "))
    if committed.group("w") == "跟" and rest[:1] in (",", "，"):
        return []  # 跟黑曜，… — whose lead is followed, told on; only 跟X。 is the vote
    if first is not None and _DECIDED_REST.search(first.group(0)):
        return []  # 黑曜吧，你觉得呢？ — asked, not decided
    name = _unloosen(committed.group(key), players)
    return [FreeVote(name, committed.start(key), committed.end(key), False)]


def _committed_last(text: str, players: Sequence[str], alt: str) -> list[FreeVote]:
    """那X / 就X / 还是X as the post's last clause, its sentence naming no one else and neither
    supposing nor asking (如果他是预言家，那黑曜。 / 你说呢，那黑曜)."""
    last = re.search(
        # (a space between Chinese words parts the clauses of a casual post: 没看进程 那就唢呐)
        rf"(?:^|(?<=[，,。！!\n])|(?<=[{_CJK}][ \t\u3000]))\s*(?:那就|那|就|还是)\s*(?P<name>{alt})"
        rf"\s*(?:吧|了)?[\s。！!~～]*$",
        text,
    )
    if last is None:
        return []
    head = text[_sentence_start(text, last.start()) : last.start()]
    if _SUPPOSED.search(head) or re.search(r"[?？]|你(?!们)", head) or re.search(alt, head):
        return []
    name = _unloosen(last.group("name"), players)
    return [FreeVote(name, last.start("name"), last.end("name"), False)]


# After a name and a comma, a sign-off of sound words only (唢呐，咚。: freevote.toml ``sounds``),
# with the marks and emoji a bare name may carry: no remark follows, the name stands alone.
_SOUNDS_ONLY = (
    rf"[,，]\s*(?:(?:{_alternation(_WORDS['sounds'])})+[\s~～…。.!！]*)+"
    r"(?:[\U0001F000-\U0001FAFF\u2600-\u27BF\uFE0F]\s*)*$"
)


# Before a name said as a sentence of its own, what may open the post and leave the name the
# post's decision (seed 002 4.1.2 说明2–4: no format is prescribed): the round it is for (这一轮X。
# / 本轮 我 X。 — now, not another time), or a short clause of the poster's own ended by its comma
# (算了，X。/ 想了想，X。: how he came to it; it names no one, greets no one, and neither asks,
# supposes, negates, votes nor tells of another time: :func:`_own_preface`).
_NOW_ROUND = (
    r"(?:这\s*一?\s*轮|本轮|这个?环节|本环节|这次|这回|这把|今天|今日|今儿个?|现在)\s*(?:我|俺)?\s*"
)
_SAID_FIRST = rf"(?:{_NOW_ROUND}|(?P<pre>[^。！？!?\n，,；;:：]{{1,8}}?[，,…]+)\s*)?"
# After the name and a comma, the decision closed (X，就这样。/ X，定了) or a remark on the round
# itself (X，最后一轮了 / X，这个环节不拖了): nothing of him, to him or of anyone else.
# (X，我改主意了 / X，想好了: his own mind made up or changed, the name its outcome)
# (X，老规矩: the choice kept as his before)
_CLOSED = re.compile(
    r"就这样|就这么定|定了|不变|不改|不换|照旧|不解释|轮|环节|回合|改主意|变卦|想好了|想通了|想清楚了"
    # (X，老规矩 / X，老样子 / X，照常: the choice kept as his before, a remark on the decision)
    r"|老规矩|老样子|照常|同上"
)
_CLOSING = r"(?=[，,]\s*[^，,。！!？?\n]{1,10}(?:$|[。！!…~～\n]))"
# Right after the name, the poster's own act of choosing told with the one chosen described
# (X。先点潜水的 / X。就挑话最少的那个 / X。选跳得最晚的): the name is the one he picks, and
# what is said of him after (虽然他后来冒泡了) is its reason.
_CHOSEN_AS = re.compile(
    r"[\s。！!]*(?:我|俺)?\s*(?:先|就|还是|只能|只好|直接)?\s*(?:点|挑|选|投|踩|出)\s*(?:给)?"
    r"(?![他她你])[^，,。！!？?\n]{1,10}?(?:的|者)(?:那个|那位|人)?\s*(?=$|[，,。！!…\n])"
)


def _alone(text: str, alt: str) -> re.Match[str] | None:
    """The name :func:`_said_alone` finds said as a sentence of its own (its preface the poster's
    own, its closing clause the decision's or the round's), or None."""
    alone = re.match(
        rf"\s*{_SAID_FIRST}(?P<name>{alt})\s*(?:吧|呗)?\s*(?:[。！!]+|\n|(?={_SOUNDS_ONLY})|{_CLOSING})",
        text,
    )
    if alone is None:
        # after sentences that name no one (讨论楼说过了，理由不重复。这一轮X，就这样。): a later
        # sentence, the round it is for said with the name
        alone = re.search(
            rf"(?<=[。！!\n])\s*{_NOW_ROUND}(?P<pre>)(?P<name>{alt})\s*(?:[。！!]+|\n|$|{_CLOSING})",
            text,
        )
        if alone is None:
            return None
        # (昨天锯子是狼，刨子全程和他对投…。今天刨子。: the name said for now closing the post is
        # its decision, and what the post said before of others and of another time its reason)
        last = not text[alone.end() :].strip(" \t\n。！!…~～")
        if not last and re.search(rf"{alt}|{_PREFACE_NOT.pattern}", text[: alone.start()]):
            return None
    pre = alone.group("pre")
    if pre and (not _own_preface(pre, alt) or _ADDRESS.search(pre)):
        return None  # 如果要选，番茄。/ 早，番茄。— supposed, or said to him
    rest = text[alone.end() :]
    if rest[:1] in (",", "，") and not re.match(_SOUNDS_ONLY, rest):
        closing = re.match(r"[，,]\s*([^，,。！!？?\n]*)", rest)
        remark = closing.group(1) if closing is not None else ""
        kept = re.sub(r"不变|不改|不换|不解释", "", remark)
        if not _CLOSED.search(remark) or _PREFACE_UNDONE.search(kept) or re.search(alt, remark):
            return None  # 番茄，昨天跳得很怪 — a remark about him, no decision closed
    return alone


def _said_alone(text: str, players: Sequence[str], alt: str) -> list[FreeVote]:
    """X。/ X！/ X on its own line opening the post (or X，咚。: only a sign-off of sounds after
    its comma, :data:`_SOUNDS_ONLY`; after the round it is for or a preface of the poster's own,
    :data:`_SAID_FIRST`; X，就这样 / X，最后一轮了: the decision closed, :data:`_CLOSED`), what
    follows not about him, to him, asked, supposed or telling another's vote."""
    alone = _alone(text, alt)
    if alone is None:
        return []
    rest = text[alone.end() :]
    name = _unloosen(alone.group("name"), players)
    about = r"\[quote" if _CHOSEN_AS.match(rest) else r"他|她|此人|这人|这位|\[quote"
    if re.search(about, rest):
        return []  # 番茄。他两轮都在跟风 — a remark about him: a doubt, not a vote
    for m in _SUPPOSED.finditer(rest):
        lo, _hi = _clause_bounds(rest, m.start(), m.end())
        topic = re.finditer(alt, rest[lo : m.start()])
        if not any(_unloosen(o.group(0), players) != name for o in topic):
            return []  # 番茄。要是明天还这样… — the decision supposed
        # (瓜子。果冻要是狼昨天早就跳了: a supposition about the other one named, the reason)
    for m in re.finditer(rf"你(?!们)|[?？]|{_ASKED_WORDS}", rest):
        if not re.search(alt, rest[_sentence_start(rest, m.start()) : m.start()]):
            return []  # 番茄。你昨天为什么不说话？ — the name addresses him
    if _addressed_after(rest, alt):
        return []  # 番茄！早上好 / 番茄。辛苦了 — said to him
    for o in re.finditer(alt, rest):
        if _unloosen(o.group(0), players) == name:
            continue
        lo, hi = _clause_bounds(rest, o.start(), o.end())
        if re.search(r"投|票|选|改", rest[lo:hi]) and not _own_recap(rest, o.start(), alt):
            return []  # 番茄。朱砂投的他 — votes told of another: left to the director
        # (琵琶。昨天投的铜锣，…琵琶回唢呐那几句太顺了: his own recap, then the reason)
    return [FreeVote(name, alone.start("name"), alone.end("name"), False)]


# Right before another name after the one put first, the poster's own earlier vote told (蒸笼。
# 昨天我最后改的菜刀不算): 我 and a vote word in the name's clause — his recap, not another's
# vote.  Chinese leaves the speaker unsaid: a vote told with no subject at all in its clause
# (琵琶。昨天投的铜锣，… — no one else named, no 他 / 你 / 大家) is his own too.
_OWN_RECAP = re.compile(r"(?:^|我)[^，,。！!？?\n他她你]{0,8}(?:投|改|选)[^，,。！!？?\n]{0,3}$")
_RECAP_OTHER = re.compile(r"大家|有人|别人|各位|其他人|们")


def _own_recap(rest: str, at: int, alt: str) -> bool:
    """The name at ``at`` in ``rest`` is the object of the poster's own earlier vote told."""
    lo, _hi = _clause_bounds(rest, at, at)
    clause = rest[lo:at]
    return (
        _OWN_RECAP.search(clause) is not None
        and not re.search(alt, clause)
        and not _RECAP_OTHER.search(clause)
    )


# After a change, the poster's own words that he does not change after all, a turn back said
# with them (算了不改了 / 不对，还是不换了 / 想了想，不改了): the change is called off in the post
# that makes it, so it casts nothing new.  Not 就这样，不改了 (the change made final).
_NOT_CHANGING = re.compile(
    r"(?:算了|罢了|不对|想了想|想想|再想想|等等|还是)[\s，,…。.]*(?:我)?\s*(?:还是|就|先)?\s*"
    r"(?:不|没)\s*(?:改|换)(?:票)?\s*了"
)


# Before it in its clause, the time after the change (以后不改了 / 不会再改了 is the change kept).
_FROM_NOW_ON = re.compile(r"以后|之后|后面|接下来|再也|再")


def _change_called_off(text: str, after: int) -> bool:
    """A clause after ``after`` (a change's end) in which the poster himself, plainly, calls the
    change off (:data:`_NOT_CHANGING`, :func:`said_as_own`) — not one that keeps the change from
    now on (:data:`_FROM_NOW_ON`)."""
    for m in _NOT_CHANGING.finditer(text, after):
        lo, _hi = _clause_bounds(text, m.start(), m.end())
        if said_as_own(text, m.start(), m.end()) and not _FROM_NOW_ON.search(text, lo, m.end()):
            return True
    return False


def _settled(text: str, found: Sequence[FreeVote], players: Sequence[str] = ()) -> FreeVote | None:
    """The post's last vote of ``found`` unless the post undoes it after it (taken back, put
    off, a wish waiting on a question), its change said by a change's reason label or undone
    by a plain vote before it in the same post.  ``players``: a judgement put off on another
    player named (果冻吧，辣条我再观察一轮) leaves the vote cast."""
    if not found:
        return None
    last = max(found, key=lambda f: (f.end, f.start))
    if taken_back(text, last.end) or _deferred(text, last.end, players, last.target):
        return None
    if withdraws_own_ballot(text, last.end, players):
        return None
    if last.change and _change_called_off(text, last.end):
        return None  # 改投饺子……不对不对，算了不改了: the change called off, the old vote stands
    if last.target not in _HE and _NOT_HIM.search(text, last.end):
        return None  # 抗推位就是土豆了，不过我先不踩他: the one just named, not voted after all
    if _wished_after_asking(text, last.start):
        return None  # 请问…能投他吗？我想投春卷: a wish that waits on the answer
    if not last.change and (
        _CHANGE_REASON.search(text, last.end) or _VOIDS_EARLIER.match(text, last.end)
    ):
        # 第二票：弃权 ⏎ 改票原因：… (the change's own label) / 投冬瓜，前票作废 (the vote
        # before it declared void right after: a change)
        last = replace(last, change=True)
    if (
        last.change
        and any(f.end <= last.start and not f.change for f in found)
        and not _EARLIER_BALLOT_VOIDED.search(text, 0, last.start)
    ):
        # 先投土豆……想了想，改投番茄: the post corrects itself before it is sent; a change
        # is a later post replacing an earlier one (a post whose every vote says 改 stays a
        # change: 还是改投番茄……不对，改投冬瓜)
        last = replace(last, change=False)
    return last


# The ballot of an earlier post declared void by its place (作废上一票 / 前票不算): what the
# post says after it replaces that ballot, a change, whatever it tried before in its own words.
_EARLIER_BALLOT_VOIDED = re.compile(
    r"(?:作废|撤回|取消)\s*(?:我的)?\s*(?:上一|前一|前|原)\s*票"
    r"|(?:上一|前一|前|原)\s*票\s*(?:作废|不算|撤回|取消)(?!\s*(?:吗|么|呢|[?？]))"
)
# Right after a vote, the one before it declared void or replaced (投冬瓜，前票作废 /
# 以此为准，之前的不算).
_VOIDS_EARLIER = re.compile(
    r"\s*[,，。;；!！]?\s*(?:以此(?:票)?为准\s*[,，]?\s*)?(?:我的|本人)?"
    r"(?:前票|前一票|上一票|原票|旧票|之前的票|之前那票|之前的|原来的票|上一帖|前帖)"
    r"\s*(?:作废|不算|无效|取消|撤回)(?!\s*(?:吗|么|呢|[?？]))"
)
# After a vote, the one it named declined by a pronoun: 不过我先不踩他 / 但不投他.
_NOT_HIM = re.compile(
    r"(?:先|暂时|还|但|不过)\s*(?:不|别|没)\s*(?:先|想|打算|要)?\s*(?:投|踩|冲|选|点|票)\s*(?:他|她)"
    r"(?![们])"
)
# The label of a change's reason, after the vote: the post presents the vote as a change.
_CHANGE_REASON = re.compile(r"改票\s*(?:原因|理由)\s*[:：]")
# Right after a vote, in its own line, the words that say it does not take effect: declared
# void or withdrawn (投饺子作废 / vote(番茄) 撤回) or, in code, commented out (// vote(馄饨)
# <- 这行注释掉了，不生效) — not a question (投饺子作废吗), not another's (他的票作废).
_VOIDED = re.compile(
    r"[^，,。！!？?；;\n他她你]{0,14}?(?<![不没别莫勿])"
    r"(?:作废|撤回|撤销|取消|不算数?|不作数|无效|不生效|不执行|注释掉|注释了"
    r"|(?<![a-z])(?:commented\s+out|disabled|void)(?![a-z]))"
    r"(?!\s*(?:票|吗|么|呢|吧[?？]|[?？]))"
)
# Before a vote, in the post: the writer's earlier vote declared void or withdrawn (刚才 vote(番茄)
# 作废 / 我上面答错了，投饺子作废 / 之前那票不算): the vote after it replaces one cast before, a
# change.  Not a question, a condition or another's vote (他的票作废了 / 如果投饺子作废).
_VOIDS_OWN = re.compile(
    r"(?:投|票|(?<![a-z])(?:vote|undi)(?![a-z]))[^，,。！!？?；;\n]{0,12}?"
    r"(?<![不没别莫勿])(?:作废|撤回|撤销|取消|不算)(?!\s*(?:票|吗|么|呢|[?？]))"
)
_NOT_OWN = re.compile(r"他|她|你|别人|大家|如果|要是|假如|万一|的话|会不会|是否")
# (投冬瓜前票作废: the vote before it is the one voided — _VOIDS_EARLIER)
_EARLIER = re.compile(r"前票|前一票|上一票|原票|旧票|之前|原来|上一帖|前帖|以上|上面")


# Code's comments: a line opened by // and a /* … */ block — in a post written as code, what
# is commented out is not run (// vote(南瓜) 留到第三天 / /* 上一局的代码 */).
_COMMENT = re.compile(r"(?:^|(?<=\n))[ \t]*//[^\n]*|/\*.*?(?:\*/|$)", re.S)


def _commented_out(text: str, at: int) -> bool:
    """The vote at ``at`` stands in a code comment (:data:`_COMMENT`): not cast."""
    if "//" not in text and "/*" not in text:
        return False
    return any(m.start() <= at < m.end() for m in _COMMENT.finditer(text))


def _voided(text: str, end: int) -> bool:
    m = _VOIDED.match(text, end)
    return m is not None and not _NOT_OWN.search(m.group(0)) and not _EARLIER.search(m.group(0))


def _voids_own_before(text: str, start: int) -> bool:
    for m in _VOIDS_OWN.finditer(text, 0, start):
        lo, _hi = _clause_bounds(text, m.start(), m.end())
        if not _NOT_OWN.search(text, lo, m.end()):
            return True
    return False


# A wish to vote (我想投 / 想要投 / 好想投) right before the vote expression; a question
# before it (要不要改票呢……我也想改番茄: asked, as freevote.toml's question undoers).
# A question (freevote.toml ``question``, the one home of its words) or one about the time
# left (还剩多久 / 几点关门).
_ASKED = re.compile(rf"{undoer_pattern('question').pattern}|多久|多长时间|几点|什么时候", re.I)
_WISH = re.compile(r"(?<!不)(?:想要?|好想|很想)\s*$")


def _wished_after_asking(text: str, start: int) -> bool:
    """A vote said as a wish (我想投春卷) in a post that asks a question before it: the
    player asks whether he may, and waits for the answer."""
    lo, _hi = _clause_bounds(text, start, start)
    head = text[lo:start]
    verb = re.search(r"(?:投|票|选|改)\s*$", head)
    before = head[: verb.start()] if verb else head
    wish = _WISH.search(before)
    return wish is not None and _ASKED.search(text[: lo + wish.start()]) is not None


# A plea not to vote a player: 别投冬瓜 / 都别投他了 / 不要再投 / 千万别给…投 / 唔好投 (Cantonese).
_DONT_VOTE = r"(?:别|不要|不用|莫|勿|唔好|咪)\s*(?:再|去|乱)?\s*(?:投|票)\s*(?:给|俾)?\s*"


def _warned_off(before: str, player: str) -> bool:
    """Whether ``before`` asks others not to vote ``player``: then 投他 later in the post is
    the same plea argued (别投南瓜啊…投他干哈), not a vote."""
    return re.search(_DONT_VOTE + re.escape(player), before) is not None


def _anothers_abstention(
    text: str, at: int, who: tuple[re.Pattern[str], re.Pattern[str], re.Pattern[str] | None]
) -> bool:
    """The abstention at ``at`` is another player's, told: 豆浆弃权 / 他试探轮弃权 / 土豆第一天
    弃权 (a time between) / 包子是弃权改成… (the clause's topic)."""
    subject, topic, others = who
    head = text[_clause_bounds(text, at, at)[0] : at]
    if _other_topic(text, at, ABSTAIN, topic) or _other_subject(text, at, ABSTAIN, subject):
        return True
    return _HE_DID.search(head) is not None or (
        others is not None and others.search(head) is not None
    )


def _told_not_cast(text: str, m: re.Match[str]) -> bool:
    """The abstention ``m`` told, not cast: as cast before (然本席已弃权，不改) or as someone's habit
    (胡椒吧，天天弃票: the one just named, the post's reason — :data:`_HABIT`)."""
    if re.search(r"(?:已经?|早就?|已然)\s*$", text[: m.start("name")]):
        return True
    head = text[_clause_bounds(text, m.start(), m.start())[0] : m.start("name")]
    return bool(_HABIT.search(head)) and not re.search(r"[我俺偶]|本人", head)


# Right before an abstention, an adverb of habit (天天弃票 / 总是弃权 / 每轮都弃): what someone
# does day after day, told — the reason's description of a player, not a ballot cast now.
_HABIT = re.compile(r"(?:天天|每天|每轮|每次|次次|总是?|老是|一直|经常|常常|从来)\s*(?:都|也)?\s*$")
# Right after 弃权: a change word (弃权票改投冬瓜): the vote a change leaves.
_CHANGE_FROM = re.compile(r"\s*票?\s*(?:改|换成|换到|转投|转)")
# 他 a few words before 弃权 in its clause (他试探轮弃权, 她昨天也弃权): his abstention, reported.
_HE_DID = re.compile(r"(?:他|她|佢)[^，,。！？!?\s]{0,6}$")


def _abstentions(
    text: str, players: Sequence[str], found: Sequence[FreeVote], speaker: str
) -> list[FreeVote]:
    """Every clear abstention (:data:`_ABSTAIN_ALONE`) outside the votes ``found``; not one
    another player is said to make (豆浆弃权)."""
    subject = _subject_before([p for p in players if p != speaker])
    topic = _topic_for(tuple(p for p in players if p != speaker))
    alt = _names_alt([p for p in players if p != speaker and p not in PRONOUNS and p != ABSTAIN])
    others = re.compile(rf"(?:{alt})[^，,。！？!?\s我]{{0,6}}$") if alt else None
    out = []
    for m in _ABSTAIN_ALONE.finditer(text):
        if any(f.start <= m.start("name") < f.end for f in found):
            continue
        if _anothers_abstention(text, m.start(), (subject, topic, others)):
            continue
        if _CHANGE_FROM.match(text, m.end()):
            continue  # 把弃权票改投冬瓜 / 弃权改成油条: where a change starts, not a vote
        if re.search(r"(?:的|那个|这个|那张|这张)\s*$", text[: m.start("name")]):
            continue  # 我的弃权是你代发的: the abstention spoken of, not cast
        if _told_not_cast(text, m):
            continue
        if _clear(text, m.start("name"), m.end()):
            change = _said_change(text, m.start()) or text[: m.start("name")].endswith("改")
            out.append(FreeVote(ABSTAIN, m.start("name"), m.end(), change))
    return out


# A dispute of the director's tally: the post argues how an earlier vote was counted.
_DISPUTE = re.compile(
    # (not one denied: 昨天番茄6票我没算错吧 — the poster's own count checked, no complaint)
    r"(?<![没不])(?:统计|计票|算|数)(?:错|漏|有误)|漏(?:算|统计|计)|没(?:算|统计)(?:上|进)?我"
    # 为什么无效票里还有番茄 / 我的票怎么变成弃权了: a complaint about how a vote was counted
    r"|(?:无效票|废票)(?:里|中|名单)|为什么[^。！？!?\n]{0,10}(?:无效|废票|不算|没算|算成|算作)"
    r"|怎么(?:不算|没算|算成|算作|变成)"
    # 上一楼改票不算吗 / 12楼那票没算？: whether an earlier post's vote counted, asked
    r"|(?:上一?楼|楼上|那楼|上一?帖|那帖|\d+\s*楼)[^。！？!?\n]{0,8}(?:(?:不算|没算)\s*(?:吗|么|[?？])|算不算)"
    # 我不是投冬瓜，是投南瓜，别记错 / 上面那张还是冬瓜，别记成两票: how the record keeps a vote,
    # corrected — no new ballot (not 没记错的话…: the poster's memory, a hedge)
    r"|(?<![没不])记(?:错|成|反|混)"
)
_COUNT_WORDS = re.compile(r"票型|票数|统计|计票|目前.{0,4}票")


def is_count(text: str, players: Sequence[str]) -> bool:
    """A post that counts the votes (票型, 豆浆3票油条2票) rather than casting one."""
    alt = _names_alt(players)
    if not alt:
        return False
    # (a number on the next line numbers a list: 1. 冬瓜⏎2. 南瓜)
    counts = re.findall(rf"(?:{alt}|弃权)[ \t]*[:：]?[ \t]*\d+(?:\.\d)?\s*票?", text)
    if len(counts) >= 2 or (bool(counts) and _COUNT_WORDS.search(text) is not None):
        return True
    # the same count in Chinese numerals (冬瓜五票，南瓜一票，饺子一票): two names or more with
    # a number of 票, one of them more than 一 (饺子一票，南瓜一票 may be two votes said at once)
    # (one of them may be whom the post speaks to or of: 你三票菜刀四票)
    numbered = re.findall(
        rf"(?:{alt}|弃权|你)[ \t]*[:：]?[ \t]*([一二两三四五六七八九十]+)\s*票", text
    )
    if len(counts) + len(numbered) >= 2 and (counts or any(n != "一" for n in numbered)):
        return True
    if len(re.findall(rf"(?:{alt})\s*[+＋]\s*\d", text)) >= 2:
        return True  # 冬瓜+1，南瓜+1: a running count, not one vote
    # who voted whom: 饺子→包子，馄饨→豆浆 — the votes of others, listed
    arrows = re.findall(rf"(?:{alt})\s*(?:→|->|=>|＝>|⇒|投了?|投给)\s*(?:{alt}|弃权)", text)
    return len(arrows) >= 2


def _resolve_pronoun(text: str, vote: FreeVote, players: Sequence[str]) -> FreeVote:
    """A pronoun target (投他, 这票给他) that one player named earlier in the post stands
    for: 偶觉得包子比较可疑，所以偶投他一票 is a vote for 包子."""
    if vote.target in _YOU:
        return _resolve_you(text, vote, players)
    if vote.target not in _HE:
        return vote
    alt = _names_alt(players)
    if not alt:
        return vote
    # the one player named in the vote's own sentence first (琥珀这票我不认。站朱砂，这票给他:
    # 他 is 朱砂, named just before it), then the one player named anywhere before it
    own = set(re.findall(alt, text[_sentence_start(text, vote.start) : vote.start]))
    named = own if len(own) == 1 else set(re.findall(alt, text[: vote.start]))
    if not named:
        # no one named before it: a name set right after it, alone in its clause, says whom
        # (阿拉投伊，南瓜。 / 投他——南瓜)
        after = re.match(
            rf"\s*(?:一票)?\s*[，,：:—\-]+\s*(?P<name>{alt})\s*(?=$|[{_CLAUSE_END}])",
            text[vote.end :],
        )
        named = {after.group("name")} if after is not None else set()
    if len(named) != 1:
        return vote
    return replace(vote, target=named.pop())


def _resolve_you(text: str, vote: FreeVote, players: Sequence[str]) -> FreeVote:
    """投你: the one player the post speaks to — the one named right after 你 (我投你油条 /
    投你，包子), the one it @s (@汤圆 我投你), else the one player it names at all (春卷，投你)."""
    alt = _names_alt(players)
    if not alt:
        return vote
    after = re.match(rf"\s*[,，]?\s*({alt})", text[vote.end :])
    if after is not None:
        return replace(vote, target=after.group(1), ambiguous=False)
    for found in (re.findall(rf"[@＠]\s*({alt})", text), re.findall(alt, text)):
        if len(set(found)) == 1:
            return replace(vote, target=found[0], ambiguous=False)
    return vote


# A vote whose target the post cannot name: 就他了, 投5楼, 同上, 跟票 (with ``pronouns``).
_UNRESOLVED = re.compile(
    r"就(?:是)?(?:他|她)了|投\s*(?:给\s*)?(?:\d+|[一二三四五六七八九十]{1,3})\s*(?:楼|#)|"
    # a post pointed at as the target (就楼上嗰个啦 / 还是楼上那位 / 投楼上说的那个): which player
    # the post does not say
    r"(?:(?:^|(?<=[。！？!?\n，,…]))\s*(?:那就|就|还是|我投|投)\s*|投票\s*[:：]\s*)"
    r"(?:楼上|楼下|\d+\s*楼)\s*(?:说的|讲的|提的)?\s*(?:的|嘅)?\s*(?:那|嗰|呢|这)\s*(?:个|位)"
    r"(?=\s*(?:人)?\s*(?:啦|吧|了|喇)?\s*(?:$|[。！!~～\n，,)）]))|^\s*(?:同上|跟票)\s*[!！。.]*\s*$|改票\s*[,，]?\s*跟"
    # 跟楼上 / 我跟12楼 as the whole post: a vote that follows one the post does not show
    r"|^\s*(?:我|票)?\s*跟\s*(?:楼上|楼下|\d+\s*楼)\s*(?:的票)?\s*[!！。.~～]*\s*$"
    # (the same as the post's last clause after a preface of the poster's own: 派件完毕回来一看，
    # 跟楼上。 / 666！跟楼上！ / 会中。同上。 — the follow is what the post ends on; a name, a
    # question or a negation in its clause is _clear's)
    r"|(?<=[。！!，,\n~～…])\s*(?:我|票)?\s*(?:也)?\s*(?:跟|同)\s*(?:楼上|\d+\s*楼)\s*(?:的票)?\s*[!！。.~～]*\s*$"
    r"|(?<=[。！!\n])\s*同上\s*[!！。.~～]*\s*$"
    # 跟饺子 / 跟着包子 / 我跟豆浆走 as the whole post: a vote that follows someone's, its
    # target not written (under a quote of that vote it is: votebook.parse._followed)
    r"|^\s*(?:我|票)?\s*跟(?:着|随)?\s*(?!风|帖|上\s*$)[^\s,，。！？!?]{1,4}?\s*(?:的票|走|投)?\s*[!！。.~～]*\s*$"
    r"|吃我\s*一票|跟\S{1,4}的票|^\s*(?:我的?)?票\s*跟\s*(?:楼上|楼下|\d+\s*楼)"
    # 投给那个昨天自称警察的 / 投昨天被法官点名潜水的那位 / 这票给能盛饭的那位: a description,
    # at a clause's start, the object of 投 or of the vote given (票给) (我想好了，我投那个瓜:
    # which one of two 瓜 the post does not say)
    r"|(?:^|(?<=[。！？!?\n，,]))\s*(?:我|俺|那就|就|这轮|本轮|今天|这次)*\s*"
    r"(?:投\s*(?:给\s*)?|(?:这|我的|我这|这一)?\s*票\s*给\s*)"
    r"(?:(?:那个|这个|那位|这位)[^,，。！？!?\n]*|[^,，。！？!?\n]{1,20}?的(?:那位|那个)(?:人)?"
    r"(?=\s*(?:$|[,，。！？!?\n])))"
    # 跟楼上投 (whose vote the post does not say) / 投导演 (not a player: a joke vote is void)
    r"|跟\s*\S{1,4}?\s*投(?![了过的票])|投\s*(?:给\s*)?(?:导演|法官|主持人?)(?![的了])"
)
# 投 at a sentence's start and a word standing alone after it that names no player (投小笼包,
# 投包包, 投bz): an attempt for someone the post calls by another name; the target is that
# word (the tally suggests the closest player).  Words that are not names stay out.
_UNKNOWN_TARGET = re.compile(
    r"(?:^|(?<=[。！？!?\n]))\s*(?:我|那|那就|就|这轮|今天|本轮)?\s*(?:改|转|换)?投\s*(?:给\s*)?"
    r"(?P<word>[a-z]{1,6}|(?![票了过谁错出给的完好个一二两吧啊呀哪什啥不没别就都也还呗嘛么吗呢和与或你我他她它这那自诉降资入稿靠胎机篮标])"
    r"(?:(?![了过吧啊呀呢吗嘛么的呗])[\u4e00-\u9fff]){1,4})(?=\s*(?:$|[,，。！？!?~～]|:[a-z]+:?\s*$))"
)
_NOT_A_NAME = frozenset(_WORDS["not_a_name"])


def _unresolved(text: str) -> list[FreeVote]:
    """Attempts whose target the post does not name as a player (:data:`_UNRESOLVED`,
    :data:`_UNKNOWN_TARGET`)."""
    found = []
    for m in _UNRESOLVED.finditer(text):
        if _clear(text, m.start(), m.end(), after=False):
            found.append(FreeVote("?", m.start(), m.end(), _said_change(text, m.end())))
    if found:
        return found
    for m in _UNKNOWN_TARGET.finditer(text):
        word = m.group("word")
        if _clear(text, m.start("word"), m.end(), after=False):
            # 我投杀手 (a role, not a name): a vote whose target the post does not name — asked
            target = "?" if word in _NOT_A_NAME else word
            found.append(FreeVote(target, m.start("word"), m.end(), _said_change(text, m.end())))
    return found


# Said after the vote, the words take it back: 包子吃我一票——开玩笑的.
_TAKEN_BACK = re.compile(
    r"(?<!不是)(?<![不没])开玩笑|说笑的|才怪|逗你|还没想好|没想好投谁"
    # (English: lol jk / just kidding)
    r"|(?<![a-z])(?:jk|j/k|just\s+kidding|kidding)(?![a-z])"
    # irony said of it (投南瓜，真是高见（反讽） / 你说的都对)
    r"|反讽|讽刺|你说的都对"
    # 投冬瓜。⏎⏎算了不投了 / 以上作废 / 上面的不算: the post withdraws its own vote
    r"|算了\s*[,，]?\s*(?:先)?不投了|以上(?:的)?(?:投票)?(?:作废|不算)|上面(?:的)?(?:投票)?(?:作废|不算)"
)
# The post's own ballot declared not to count, with no new vote after it (投包子⏎（试下格式，这票
# 不算）/ 此票作废 / 本帖不算数 / 我这票撤回): no vote.  Not the earlier vote voided (上一票作废 —
# a change: _VOIDS_EARLIER), not a question (这票不算吗？), not a word of counting after it (这票
# 不算改票 / 这票不算弃权), not another's (他这票不算).
_OWN_WITHDRAWN = re.compile(
    r"(?<![他她你])(?:这|此|本|我这|我的)\s*一?\s*(?:张票?|票|帖|楼)\s*(?:先|暂且|暂时|就)?\s*"
    r"(?:不算数?|不作数|作废|无效|撤回|撤销|取消)(?!\s*(?:改|票|弃|吗|么|呢|吧[?？]|[?？]))"
    # the post said to be no new ballot — a restatement of the one cast (重申一遍，不是新票 / 并非
    # 新的一票): the standing vote holds (002 说明3, 000 修改…不算做改票: one ballot, not two)
    r"|(?:^|(?<=[\s，,。.!！；;—-]))(?:这|此|本帖)?\s*(?:不是|不算|并非)\s*(?:一\s*)?(?:张\s*)?"
    r"新(?:的)?\s*(?:一\s*)?(?:张\s*)?(?:票|投票|选票)(?!\s*(?:吗|么|呢|[?？]))"
    # a typo of the poster's own said fixed and no change (000 投票规则 修改错别字不算做改票:
    # 理由里“烫头”改成“做头发”，错别字，不算改票): the ballot it fixes stands, nothing new is cast
    r"|(?:错别字|错字|笔误|typo|打错字?)[^。！!？?\n]{0,12}?(?:不算|不是|并非)\s*(?:做|作)?\s*改票"
    r"(?![^。！!\n]{0,3}(?:吗|么|呢|[?？]))"
)


# The counter told not to count it, no subject before it (投票对象：南瓜 // 投过了，别算两次 /
# 试一下格式，别算): the post's own ballot withdrawn.  Not a miscount warned of (别算错 / 别算漏),
# not how to count it (别算成弃权 / 别算我弃权), not a question (别算吗).
# (算 / 计 must end the word: 别算。/ 别算这票 / 勿计 — never a compound they start, 别计较 /
# 别算命 / 别算计; 别算两次 counts; another subject before it is :data:`_NOT_OWN`'s, in its clause)
_DONT_COUNT = re.compile(
    # (in dialect too: 唔好计两次 / 咪算 — Cantonese, 覅算 — Wu: freevote.toml negation)
    r"(?:别|不要|不用|勿|莫|唔好|唔使|咪|覅)\s*(?:算|计|统计)"
    # (别算两次: counted twice)
    r"(?=\s*(?:$|[。，,.!！~～…、；;\s)）]|这|此|本|在内|数|[两二双重][次遍张票]|重复))"
)


def said_as_own(text: str, at: int, end: int, *, asked: bool = True) -> bool:
    """The words at ``at``..``end`` said by the poster of himself, now and plainly: their
    clause neither supposes nor asks (freevote.toml ``supposition`` / ``question``), names no
    other subject right before them (:data:`_SUBJECT_NEAR`: 大家晚点再投) nor another time
    (``other_time``), and they head no relative clause (晚点再投的人).  With ``asked`` off, a
    question does not count (还是再等等？ is the poster's own doubt).  The one test words after
    a vote go through before they undo it."""
    lo, hi = _clause_bounds(text, at, end)
    head, clause = text[lo:at], text[lo:hi]
    if _SUBJECT_NEAR.search(head) or undoer_pattern("other_time").search(head):
        return False
    if undoer_pattern("supposition").search(clause):
        return False
    if asked and undoer_pattern("question").search(clause):
        return False
    return re.match(r"[^，,。！!？?；;\n]{0,6}?的(?:人|话)", text[end:hi]) is None


# After a vote, the poster saying he votes not for him (写错了，阿拉勿投伊 — Wu: I don't vote him;
# 我不投他。): the one the vote named taken back — its own clause, closed on the pronoun, no other
# player named between (冬瓜太吵，我不投他: 他 is 冬瓜).
_NOT_VOTING_HIM = re.compile(
    r"(?:^|(?<=[\s，,。.!！；;:：]))(?:我|阿拉|俺|吾|偶|本人)\s*(?:勿|不|唔|弗|覅)\s*(?:投|选)\s*"
    r"(?:他|她|伊|佢)(?=\s*(?:$|[。，,.!！~～\n]))"
)


def withdraws_own_ballot(text: str, after: int, players: Sequence[str] = ()) -> bool:
    """Words after ``after`` that declare the post's own ballot void (:data:`_OWN_WITHDRAWN`,
    :data:`_DONT_COUNT`, and with ``players`` :data:`_NOT_VOTING_HIM`), in a clause that neither
    asks, supposes nor tells of another (他 / 大家 / 如果)."""
    found = [*_OWN_WITHDRAWN.finditer(text, after), *_DONT_COUNT.finditer(text, after)]
    alt = _names_alt([p for p in players if p not in PRONOUNS])
    found += [
        m
        for m in _NOT_VOTING_HIM.finditer(text, after)
        if alt and not re.search(alt, text[after : m.start()])
    ]
    for m in found:
        lo, hi = _clause_bounds(text, m.start(), m.end())
        if _NOT_OWN.search(text, lo, m.start()) or re.search(r"[?？]|吗", text[m.end() : hi]):
            continue
        return True
    return False


# After a joke, the vote confirmed or its real reason given: 开玩笑的，主要是她站边太飘 /
# 开玩笑的，认真投包子 — the joke was the reason's, the vote stands.
_CONFIRMED = re.compile(r"主要是|真正的?(?:原因|理由)|说真的|认真(?:的|说)|但是?票|不过票|票还是")


def taken_back(text: str, after: int) -> bool:
    """Words after ``after`` that take the post's vote back (:data:`_TAKEN_BACK`), unless a
    joke is then confirmed (:data:`_CONFIRMED`) or the words are about someone else (我投油条，
    他两天都在开玩笑: the reason)."""
    for m in _TAKEN_BACK.finditer(text, after):
        lo, _hi = _clause_bounds(text, m.start(), m.end())
        if _SUBJECT_NEAR.search(text, lo, m.start()) or _OTHER_DOING.search(text, lo, m.start()):
            continue
        if _THEIR_WORDS.search(text, lo, m.start()):
            continue  # (票给冬瓜，他说还没想好投谁: what the target said, the reason)
        return not _CONFIRMED.search(text, m.end())
    return False


# Someone else doing it, before 开玩笑 in its clause (他两天都在开玩笑 / 油条又在开玩笑).
_OTHER_DOING = re.compile(r"(?:他|她|你|佢|他们|大家)[^，。！？!?\n]{0,6}(?:在|又|老|总|就)\s*$")


# A name standing alone as the post's last clause, decorated at most (番茄 / 番茄 🙄 不解释 /
# 高票对决还用说吗，饺子。): in a vote thread with no format (版杀7 4.1.2) a post that ends on a
# bare name puts that name up, as killbar threads write it (`包子 +1`, `【投票】包子`).
_BARE_TAIL = (
    r"(?:[\s。.!！~～…]|[\U0001F000-\U0001FAFF\u2600-\u27BF\uFE0F]|:[a-z]+:?"
    r"|不解释|没理由|就这样|定了|不改了|(?:理由)?(?:回头|稍后|晚点)再?补|吧|啦|了|呀|哒|哦|嘛|咯|冲|走你"
    r"|it\s+is|for\s+sure|all\s+the\s+way|obviously|clearly|definitely|of\s+course|then"
    r"|[(（](?:暂定|待定|暂时|临时|先挂)[)）])*$"
)
# Right before it: a list (饺子、包子), an @ (whom the post speaks to), a colon (结论：包子) or
# a question it answers or is asked of (这票是你的吗？豆浆).  Anywhere before it: words about
# the past, someone's question, a condition, or others urged (你问我昨天投谁？番茄 / 大家快投
# 票！包子！).  In its sentence: 你 (最高票是你的，豆浆: the name is whom the post speaks to).
_BARE_NOT_BEFORE = re.compile(r"(?:[、/和与跟@＠?？]|你[^。！!\n]*)\s*$")
# A vote verb negated right before a name (我不投 冬瓜 / 别选 番茄 / 没投 南瓜).
_NEG_VOTE = re.compile(
    r"(?:不|别|没|不要|不想|不会|莫|勿|未)\s*(?:再|要|想|会|能)?\s*(?:投|选|票|挂)\s*(?:给)?$"
)
_BARE_NOT_IN_POST = re.compile(
    # (问 as asking — 你问我 / 请问 / 问一下 / 问…？ —, not a character of a set phrase used as
    # a heading: 问心无愧：番茄 puts 番茄 up)
    r"问(?:你|您|他|她|我|大家|各位|一下|一句|问|个|过|了|下|[:：])|请问|想问|问[^，,。！!\n]{0,12}[?？]|昨天|前天|上轮|上一轮|之前|如果|要是|假如|谁是|查杀|金水|验|大家|你们|各位"
)


# Before a colon the name follows: a tally's line, a role, a verdict or an analysis said of
# him (弃：烧卖 / 预言家：番茄 / 查杀：番茄 / 结论：番茄 — no talk of voting), not the heading
# of what the post puts up (一句话：番茄 / 今天的答案：番茄 / 不死心：番茄).  The words are
# data (freevote.toml: the roles of ``not_a_name`` and ``not_vote_label``), each a whole
# word: one of two or more characters anywhere in the heading, one of a single character
# (弃 / 死 / 狼) only with no other character joined to it (弃：烧卖, not 不死心：番茄).
_CJK_CHARS = "\u4e00-\u9fff"


def _whole_words(words: Iterable[str]) -> re.Pattern[str]:
    """One of ``words`` as a whole word: the longer anywhere, a single character alone."""
    ordered = sorted(set(words), key=lambda w: (-len(w), w))
    longer = "|".join(re.escape(w) for w in ordered if len(w) > 1)
    single = "".join(re.escape(w) for w in ordered if len(w) == 1)
    alone = rf"(?<![{_CJK_CHARS}])[{single}](?![{_CJK_CHARS}])" if single else ""
    return re.compile("|".join(p for p in (longer, alone) if p))


_NOT_VOTE_LABEL = _whole_words([*_WORDS["not_a_name"], *_WORDS["not_vote_label"]])


# The heading before the colon right before the name (结论：番茄): its clause up to the colon.
_LABEL_BEFORE = re.compile(rf"(?:^|[{_CLAUSE_END}])([^{_CLAUSE_END}]*)[:：][\s「『【“\"（(]*$")


# A name said TO the player, not put up (版杀7 4.1.2 has no format, so a name alone may be a
# vote; the second review, item 11): the name is the address of its sentence when that sentence
# greets, thanks, apologises, acknowledges or cheers (早上好，油条 / 油条，辛苦了 / 收到，油条 —
# freevote.toml ``address_words``), and a name put first is whom the post speaks to when the
# sentence after it does so or speaks to him (油条⏎你昨天为啥那么说我 / 油条！早上好).  A greeting
# in a sentence of its own before a name alone (早上好。⏎油条) is said to the thread: the name
# after it stays the vote; thanks said to someone named (油条。辛苦法官了) leave it one too.
def _address_pattern(words: Iterable[str]) -> re.Pattern[str]:
    """``words`` as whole words: Latin ones between non-letters, a single CJK character alone."""
    latin = [w for w in words if w.isascii()]
    cjk = [w for w in words if not w.isascii()]
    parts = [_whole_words(cjk).pattern] if cjk else []
    if latin:
        parts.append(rf"(?<![a-z0-9])(?:{'|'.join(map(re.escape, latin))})(?![a-z0-9])")
    return re.compile("|".join(parts), re.I)


_ADDRESS = _address_pattern(_WORDS["address_words"])
# Someone else whom thanks or a greeting may be said to (谢谢法官 / 大家早上好).
_ADDRESSEE = undoer_pattern("addressee")
# A question asked without its mark (油条⏎昨天为啥那么说我).
_ASKED_WORDS = r"为啥|为何|咋|干嘛|干吗|凭什么|凭啥"


def _addressed_before(text: str, start: int) -> bool:
    """The sentence a name ends (up to ``start``) greets or thanks: the name is its address.
    Not when the greeting stands in an earlier clause that goes on about the poster himself
    (sorry 睡迷糊了，瓷碗 — the apology is to the thread, what he says of himself follows it, and
    the name after his comma is what he puts up): a greeting clause with more than the greeting
    and no 你 / 您 in it is not said to the name."""
    head = text[_sentence_start(text, start) : start]
    if _ADDRESS.search(head) is None or _ADDRESSEE.search(head) is not None:
        return False
    *before, own = re.split(r"[，,]", head)
    if _ADDRESS.search(own) is not None:
        return True
    return any(_ADDRESS.search(c) and not _said_about_self(c) for c in before)


def _said_about_self(clause: str) -> bool:
    """A clause that holds more than its greeting, with no 你 / 您: the poster about himself."""
    rest = _ADDRESS.sub("", clause)
    return re.search(r"你|您", clause) is None and bool(
        re.sub(r"[\s啊呀哈了啦~～!！.。]", "", rest)
    )


def _addressed_after(rest: str, alt: str, *, to_you: bool = True) -> bool:
    """``rest``, after a name put first: its first sentence greets or thanks with no one else
    named, or (``to_you``) a sentence of it speaks to him (你 / 您 with no other player named
    before it)."""
    first = re.match(rf"[\s，,~～]*[^{_SENTENCE_END}]*", rest)
    said = first.group(0) if first is not None else ""
    if _ADDRESS.search(said) and not _ADDRESSEE.search(said) and not re.search(alt, said):
        return True
    if not to_you:
        return False
    for m in re.finditer(r"你(?!们)|您(?!们)", rest):
        if not re.search(alt, rest[_sentence_start(rest, m.start()) : m.start()]):
            return True
    return False


def _counted_or_addressed(text: str, start: int) -> bool:
    """A post that counts (投票统计：⏎冬瓜 ✓✓⏎南瓜 ✓ — its last line a name), or a name at
    ``start`` that its sentence greets (早上好，油条 / 收到，油条: he is its address)."""
    if _COUNT_WORDS.search(text) or len(_TICK.findall(text)) > 1:
        return True
    return _addressed_before(text, start)


def _bare_name(text: str, players: Sequence[str]) -> list[FreeVote]:
    """The name of :data:`_BARE_TAIL`: one player's name, alone in the post's last clause,
    not listed, @'d or answering a question about the past (:data:`_BARE_NOT_IN_POST`)."""
    alt = _names_loose([p for p in players if p not in PRONOUNS])
    if not alt:
        return []
    # (an English sentence's full stop ends a clause too: lol jk. 油条.)
    # (in brackets or quotes too: 【冬瓜】 / 「冬瓜」)
    m = re.search(
        rf"(?:^|(?<=[{_CLAUSE_END}:：])|(?<=[a-z][.])|(?<=[{_CJK}][ \t\u3000]))"
        rf"\s*(?:[「『【“\"（(]\s*)?(?P<name>{alt})"
        rf"(?:\s*(?:还是|也还是|依然是|仍然是)?\s*(?P=name))*\s*[」』】”\"）)]?{_BARE_TAIL}",
        text,
    )
    if m is None:
        return []
    if _counted_or_addressed(text, m.start("name")):
        return []
    head = text[: m.start("name")]
    label = _LABEL_BEFORE.search(head)
    if label is not None and (
        re.search(alt, label.group(1)) or _NOT_VOTE_LABEL.search(label.group(1))
    ):
        return []  # 弃：烧卖 / 预言家：番茄 — a line of a tally, a role said of him, not a vote
    if label is not None and _undone_heading(label.group(1)):
        return []  # 别投：南瓜 / 比如投一票：南瓜 — the words before the colon undo the name after it
    answered = _answers_choice(head, m.group("name"), alt) or _WHOM_ASKED.search(head) is not None
    if not answered and (_BARE_NOT_BEFORE.search(head) or _BARE_NOT_IN_POST.search(head)):
        return []
    near = head.rstrip()
    if _NEG_NEAR.search(near) or _SUBJECT_NEAR.search(near) or _NEG_VOTE.search(near):
        return []  # 我不投 冬瓜 / 大家都投 冬瓜: the unit before it undoes or gives it away
    if _VOTED_BEFORE.search(near):
        return []  # 投了，南瓜。/ 我早投过了：冬瓜 — the vote told as made, the name its object
    if re.search(rf"(?:{alt})\s*[、,，/]\s*$", head.rstrip("。.")):
        return []  # 饺子，包子，番茄: the last of a list of names
    name = _unloosen(m.group("name"), players)
    return [FreeVote(name, m.start("name"), m.end("name"), _said_change(text, m.start()))]


# The clause right before a bare name telling the vote as made already (投了，南瓜 / 我早就投过了：
# 冬瓜 / 已投，番茄): the name is what was voted, a report (answering 你投了吗？), no new ballot.
# Not a change (改了，南瓜: _CHANGE_WORD) nor a decision (决定了，南瓜).
_VOTED_BEFORE = re.compile(
    rf"(?:^|[{_CLAUSE_END}])\s*(?:我|俺)?\s*(?:已经?|早就?|刚刚?|都)?\s*(?:投|选)\s*(?:了|过|完)\s*"
    r"(?:了|票)?\s*[,，:：。.]*$"
)


# The vote's measure word closing a heading (投一票：/ 投一个：), read away before its undoers.
_MEASURE_END = re.compile(r"\s*(?:一\s*[票个]|票|个)\s*$")


def _undone_heading(words: str) -> bool:
    """The words before a colon whose name is voted are the vote's own clause: a negation, another
    subject, a question, an example or a past report there (:func:`_clear`'s undoers) undo the
    name after the colon as they would undo 投南瓜 (别投：南瓜, 大家都投：南瓜, 例如投一票：南瓜)."""
    near = _MEASURE_END.sub("", words).rstrip()
    return bool(_NEG_NEAR.search(near) or _SUBJECT_NEAR.search(near) or _FAR.search(words))


# The poster's own question of whom to vote, answered at once by the name after it (a verse's or
# a story's last line: 投谁？冬瓜！ / 这票投谁呢？南瓜。): the sentence asks nothing else, names no
# one else as its subject (你投谁？ / 他投谁？ / 大家投谁？ ask others) and no other time
# (昨天投谁？ asks about the past: _BARE_NOT_IN_POST is read as before).
_WHOM_ASKED = re.compile(
    rf"(?:^|[{_SENTENCE_END}])\s*(?:那|所以|那么|问)?\s*(?:我|偶|俺)?\s*"
    r"(?:该|要|就|今天|今日|这轮|这票|此票|这一票)?\s*(?:投|选|票给|票投|投给)\s*(?:给)?\s*谁\s*(?:呢|哪)?\s*[?？]+[\s…]*$"
)


def _answers_choice(head: str, name: str, alt: str) -> bool:
    """``head`` ends on the speaker's own choice asked as a question of two names, ``name``
    one of them (阿冬还是阿土？阿土。 / 投冬瓜还是南瓜？……南瓜): the name answers it.  Not a
    question put to someone (你投冬瓜还是南瓜？): nothing else stands in its sentence."""
    q = re.search(
        rf"(?:^|[{_SENTENCE_END}])\s*(?:我|那我)?\s*(?:投|选)?\s*(?P<a>{alt})\s*(?:还是|或者|or)\s*"
        rf"(?P<b>{alt})\s*(?:呢)?\s*[?？]+[\s…。.]*$",
        head,
    )
    return q is not None and name in (q.group("a"), q.group("b"))


# The vote said first, the reason after it (番茄。⏎⏎理由：… / 油条。就这两个字是我的票 / 饺子 for
# sure. …): the post opens with a name standing alone in its clause, and the next sentence
# gives the reason or calls the name the vote — or the name carries a decision of its own.
_LEAD_DECIDED = re.compile(
    r"\s*(?:[.。!！]\s*)?(?:for\s+sure|it\s+is|all\s+the\s+way|obviously|clearly|definitely"
    r"|of\s+course|no\s+doubt|冲|走你|稳了)(?=\s*(?:$|[.,!。，！\n]))"
)
_LEAD_REASON = re.compile(
    r"\s*(?:(?:投票)?理由|因为|原因|reason|because|why)|[^。！？!?\n]{0,8}(?:是|就是|算)我的票"
)


# The sentence after a name put first that gives the vote's reason without a label: 理由
# said plainly (木木，理由见讨论帖) or a reason declined (胖虎，没什么好说的).  Not a reason asked
# for (番茄，理由呢？).  A remark about the one named (大鹏。他两轮都在跟风) is no reason said: it
# may as well defend him (大鹏，他不可能是狼) — a doubt (:func:`unread_attempt`), not a vote.
_LEAD_ABOUT = re.compile(
    r"(?:投票)?理由(?!\s*(?:呢|吗|么|是什么|是啥|何在))"
    r"|没(?:什么|啥)好?(?:说|讲)的?|无需多言|(?:不想|不用|不必|无需|懒得|不)\s*多\s*(?:说|讲|解释)了?"
    r"|(?:不想|不用|不必|懒得|不)\s*解释"
    # the poster's own stance said to be what he has said all along (果冻，我说了一天了 / 番茄，
    # 我都喊了两轮了): the name is the decision he keeps
    r"|(?:我|俺)\s*(?:都|已经|早就?|一直)?\s*(?:说|讲|喊|踩|点)了\s*"
    r"(?:一|两|三|半|整|好几)\s*(?:天|整天|上午|下午|晚上|轮|遍|次)了?(?=\s*(?:$|[。.!！,，~～]))"
    # the vote said to be as before (杜鹃，same as yesterday / 番茄，和昨天一样 / 照旧)
    r"|(?<![a-z])same\s+as\s+(?:yesterday|before|last\s+(?:time|round))(?![a-z])"
    rf"|{_SAME_AS_EARLIER}|照旧|老样子"
    # (or said to stand unchanged: 半夏，我也没变 / 番茄，不变)
    r"|(?:[^\s，,。.!！?？]{0,6}?(?:我|俺))?\s*(?:也|还|都|一直|依然|仍然|从来)?\s*"
    r"(?:没有?|不|从没)\s*(?:变|换)过?\s*(?:了|的)?(?=\s*(?:$|[。.!！,，~～]))"
)
# After a name put first, a remark about the writing itself — the typing, the input method, the
# keyboard — tells how the name was put, not what the one named did: the name is the decision
# (lianqiao，这回切了输入法也懒得打了 / 番茄，手机打字不方便).  Not a remark about him (番茄，他连字
# 都懒得打 / 这人懒得打字), about another player's typing (半夏，连翘手机打字不方便), or asked.
_WRITING_REMARK = re.compile(
    r"(?:(?!他|她|此人|这人|这位)[^，,。.!！?？\n]){0,10}?"
    r"(?:输入法|打字|打不出|懒得打|打错|码字|键盘|拼音|手机打|语音输入)"
)
# A bracketed aside about the writing itself — the phone or input method that typed the name,
# a typo it kept — tells how the vote was written, not what it is: nothing in it casts, gives up
# or changes a vote (投东瓜。（手机非要把冬改成东，我放弃了） — 放弃 is of the typing, 改成 the
# phone's).  Not an aside naming a player (（手机打字慢，改投番茄）: a vote of its own).
_WRITING_ASIDE = re.compile(
    r"[(（](?P<aside>[^()（）\n]{0,40}?"
    r"(?:输入法|打字|打不出|打错|码字|键盘|拼音|手机|语音输入|自动纠错|纠错|错别字|错字)"
    r"[^()（）\n]{0,40})[)）]"
)


def without_writing_aside(text: str, players: Sequence[str]) -> str:
    """``text`` with each bracketed aside about the writing (:data:`_WRITING_ASIDE`) blanked,
    offsets kept."""
    out = list(text)
    for m in _WRITING_ASIDE.finditer(text):
        if any(p and p in m.group("aside") for p in players):
            continue
        out[m.start() : m.end()] = " " * (m.end() - m.start())
    return "".join(out)


# Later in a post that puts a name first, the vote's verb said with no object, as a decision
# (燕子，昨天就很可疑，今天直接投 / 番茄。不多说，就投了吧): the name put first is its object.
# Not negated (今天不投), not told of the past (昨天投了) nor supposed (要是…就投).
_ELIDED_CAST = re.compile(
    r"(?<![别不没])(?:直接|果断|就|那就|还是|照样|继续)\s*投\s*(?:吧|了吧|了|啦)?(?=\s*(?:$|[。！!~～.，,]))"
)
# A remark about the one named, in the third person (他… / 我觉得她… / 此人…): after a name put
# first, a doubt for the director (:func:`unread_attempt`), never a vote.
_LEAD_REMARK = re.compile(
    r"(?:我\s*)?(?:觉得|感觉|认为|看)?\s*(?:他|她|此人|这人|这位)(?![们俩说])"
)
# In the post's rest: a question, the second person, a vote word or a quote — then the name
# opens talk to him or about votes, not a reason given for one.
_ABOUT_UNDONE = re.compile(r"你|[?？]|吗|投|票|选|弃|改|\[quote")


def _reason_about(rest: str, apart: bool) -> bool:
    """``rest``, after a name put first and set apart by a comma or a full stop, is the vote's
    reason (:data:`_LEAD_ABOUT`) with nothing of :data:`_ABOUT_UNDONE` in the post's rest."""
    return apart and _LEAD_ABOUT.match(rest) is not None and _ABOUT_UNDONE.search(rest) is None


def _lead_remark(text: str, players: Sequence[str]) -> str | None:
    """The name a post opens on, set apart by a comma or a full stop and followed by a remark
    about him in the third person (:data:`_LEAD_REMARK`: 番茄，他… / 番茄。此人…): it may be the
    vote with its reason or a defence — read neither way, asked when it could change the round."""
    alt = _names_loose([p for p in players if p not in PRONOUNS])
    if not alt:
        return None
    m = re.match(rf"\s*(?P<name>{alt})\s*[,，。.]\s*", text)
    if m is None:
        return None
    rest = text[m.end() :]
    if _LEAD_REMARK.match(rest) is None or _ABOUT_UNDONE.search(rest) or re.search(alt, rest):
        return None
    return _unloosen(m.group("name"), players)


# In a preface before the name: a question, the past, others, a condition, a vote word.
_PREFACE_NOT = re.compile(rf"{_BARE_NOT_IN_POST.pattern}|投|票|选|弃|改|[?？]|你|他|她")


def _lead_name(text: str, players: Sequence[str]) -> list[FreeVote]:
    """The name of :data:`_LEAD_REASON`: one player's name as the post's first clause, or
    as the first sentence after a short preface naming no one and telling nothing of the
    past or of others (会中。土豆。理由：见讨论帖 — the preface says where the voter is)."""
    alt = _names_loose([p for p in players if p not in PRONOUNS])
    if not alt:
        return []
    lead = re.compile(
        rf"\s*(?P<name>{alt})(?P<decided>{_LEAD_DECIDED.pattern})?\s*[。.!！~～]*\s*(?=\n|$|[^\s])"
    )
    m = lead.match(text)
    if m is None:
        preface = re.match(r"[^。！!\n]{1,12}[。！!\n]", text)
        if (
            preface is None
            or re.search(alt, preface.group(0))
            or _PREFACE_NOT.search(preface.group(0))
        ):
            return []
        m = lead.match(text, preface.end())
    if m is None:
        return []
    after = text[m.end() : m.end() + 1]
    if after in ("?", "？", "、", "和", "跟", "与"):
        return []
    labelled = re.match(r"[,，]\s*(?:投票)?理由\s*[:：]", text[m.end() :]) is not None
    rest = text[m.end() :].lstrip(" \t\n,，")
    about = _lead_about(text, m, rest, alt)
    if after in (",", "，") and not m.group("decided") and not labelled and not about:
        return []  # (包子，理由：随缘 — the reason labelled after a comma — is the vote's)
    apart = m.end() > m.end("name") or labelled
    if not m.group("decided") and not about and (not apart or not _LEAD_REASON.match(rest)):
        return []  # (番茄，你昨天… / 番茄的发言… : the name starts a sentence about him)
    name = _unloosen(m.group("name"), players)
    return [FreeVote(name, m.start("name"), m.end("name"), False)]


def lead_vote(text: str, players: Sequence[str]) -> FreeVote | None:
    """A name put first with the vote's reason said after it, or a decision of its own
    (:func:`_lead_name`: 缆车，理由同上 / 番茄。理由：见讨论帖 / 饺子 for sure), unless the post
    undoes it after (:func:`_settled`): under a labelled preset a vote attempt in words, its
    format wrong (000 投票格式有误的投票将算作废票; 001/004 投票格式…有误的票无效)."""
    found = _lead_name(_without_asides(text), players)
    return _settled(text, found, players) if found else None


# A remark about the one named that carries the poster's decision: he is STILL, ALWAYS, JUST
# the one (蒸笼，还是他话少 / 瓷碗。我还是觉得她最像 / 菜刀。前两轮都是他 / 蒸笼。我就是觉得他那句话
# 奇怪): the word of continuing or insisting before 他 is the decision said again, so the name
# put first is the vote and the remark its reason.  Not in a clause that negates, asks,
# supposes or gives him a role (番茄，我还是觉得他是好人 / 他还是不可能是狼: a claim either side
# may make — a doubt, :data:`_LEAD_REMARK`).
_DECIDED_REMARK = re.compile(
    r"[^。！？!?\n，,]{0,6}?(?:还是|就是|一直|始终|都是)\s*(?:觉得|感觉|认为)?\s*(?:他|她|此人)"
    r"(?![们俩说])[^。！？!?\n，,]*"
)
_REMARK_UNDONE = re.compile(
    "|".join(
        [_alternation(_UNDOERS[kind]) for kind in ("question", "supposition", "negation")]
        + [_alternation(_WORDS["not_a_name"])]
    )
)


def _decided_remark(rest: str, alt: str) -> bool:
    """``rest``, after a name put first, opens on :data:`_DECIDED_REMARK` in a clause free of
    :data:`_REMARK_UNDONE`, and the post speaks to no one, asks nothing, names no one else."""
    m = _DECIDED_REMARK.match(rest)
    return (
        m is not None
        and _REMARK_UNDONE.search(m.group(0)) is None
        and re.search(r"你(?!们)|[?？]|\[quote", rest) is None
        and re.search(alt, rest) is None
    )


def _lead_about(text: str, m: re.Match[str], rest: str, alt: str) -> bool:
    """``rest``, after the name put first (``m``), gives the vote's reason
    (:func:`_reason_about`) or casts it with no object (:func:`_elided_cast`)."""
    after = text[m.end() : m.end() + 1]
    apart = after in (",", "，") or m.end() > m.end("name")
    marked = after in (",", "，") or re.search(r"[。.]", text[m.end("name") : m.end()]) is not None
    return (
        _reason_about(rest, apart)
        or _elided_cast(rest, marked, alt)
        or (apart and _writing_remark(rest, alt))
        or (apart and _decided_remark(rest, alt))
    )


def _writing_remark(rest: str, alt: str) -> bool:
    """``rest`` opens on :data:`_WRITING_REMARK`, naming no player and asking nothing."""
    return (
        _WRITING_REMARK.match(rest) is not None
        and _ABOUT_UNDONE.search(rest) is None
        and re.search(alt, rest) is None
        and re.search(_alternation(_UNDOERS["question"]), rest) is None
    )


# The head of the clause an elided cast stands in (今天直接投 / 那我就投了吧): the speaker's
# own decision, now — he himself, this day or round, a "so" or "then" and nothing else.  Every
# other word there makes the verb someone else's (大家都直接投 / 狼人继续投), a plan or a
# condition (等确认了再直接投 / 不是好人就直接投), an opinion or a wish (我觉得可以直接投 /
# 一开始就想直接投), or a report (他们说要直接投): no vote cast.
_OWN_DECISION_HEAD = re.compile(
    r"(?:[\s~～]|我|俺|本人|今天|今日|现在|这轮|本轮|这次|这回|这票|票|那|那么|所以|总之|反正|也|就|还是)*"
)


def _elided_cast(rest: str, apart: bool, alt: str) -> bool:
    """``rest``, after a name put first and set apart (``apart``: by a comma or a full stop),
    casts the vote with no object (:data:`_ELIDED_CAST`: 燕子，昨天就很可疑，今天直接投 — the
    verb's object is the name put first), naming no one else, neither asking nor speaking to
    anyone, the head of the verb's clause the speaker's own decision now
    (:data:`_OWN_DECISION_HEAD`)."""
    if not apart:
        return False
    if re.search(alt, rest) or re.search(r"你|[?？]|吗|\[quote", rest):
        return False
    for m in _ELIDED_CAST.finditer(rest):
        lo, _hi = _clause_bounds(rest, m.start(), m.end())
        if _OWN_DECISION_HEAD.fullmatch(rest, lo, m.start()):
            return True
    return False


# An aside on one line, in full- or half-width parentheses: commentary beside the vote.
_ASIDE = re.compile(r"（[^（）\n]*）|\([^()\n]*\)")


def _without_asides(text: str) -> str:
    """``text`` with its asides (:data:`_ASIDE`) blanked, every position kept."""
    return _ASIDE.sub(lambda m: " " * len(m.group(0)), text)


# The rest of a post that opens on a name: a question, a condition, a plan, a report, a
# count or talk of votes it did not cast, a quote, or another player named — then the name
# opens a sentence about him or is whom the post speaks to, not the vote.
_HEAD_UNDONE = re.compile(
    rf"[?？]|吗|谁|为什么|怎么|{_ASKED_WORDS}|如果|要是|假如|万一|的话|除非|投|票|选|弃|改|统计|\[quote|明天|下轮|打算"
)


def _headed_name(text: str, players: Sequence[str]) -> list[FreeVote]:
    """One player's name opening the post as its heading — in brackets (【番茄】！！！), on a
    line of its own, or set apart by ！ or a space (油条 困 睡) — with nothing in the rest of
    the post that undoes it (:data:`_HEAD_UNDONE`): in a vote thread with no format (版杀7
    4.1.2) the name put first is the one put up."""
    alt = _names_loose([p for p in players if p not in PRONOUNS])
    if not alt:
        return []
    m = re.match(
        rf"\s*(?:(?P<open>[【\[「『])\s*)?(?P<name>{alt})(?:\s*(?P=name))*"
        rf"(?(open)\s*[】\]」』]|)[~～\s]*(?P<mark>[!！]+|\n|$|(?<=\s))",
        text,
    )
    if m is None:
        return []
    rest = text[m.end() :]
    if _HEAD_UNDONE.search(rest) or _COUNT_WORDS.search(rest):
        return []
    said = text[m.start("name") : m.end()]
    # said to him (油条⏎你昨天为啥那么说我 / 油条 早) — unless made a heading by brackets or by
    # repeating it (【饺子】！！！你才… / 冬瓜冬瓜冬瓜～这次总该是你了吧: put up, and told why)
    heading = m.group("open") or said.count(m.group("name")) > 1
    if _addressed_after(rest, alt, to_you=not heading):
        return []
    if re.match(r"\s*(?:不是|是|也是|就是好|才是)", rest) and "他" not in rest[:4]:
        return []  # 饺子！是好人: a sentence said of him (就是他 points back to the vote)
    loud = m.group("open") or m.group("mark").strip() or re.search(r"[~～]|\n", said)
    # set apart by a space only, said once: the rest must be a few short words (油条 困 睡),
    # not a sentence about him or to him (饺子 是好人 / 包子 你别急 / 包子 for sure is town)
    if (
        not loud
        and said.count(m.group("name")) == 1
        and any(len(u) > 2 for u in re.split(rf"[\s{_CLAUSE_END}]+", rest))
    ):
        return []
    name = _unloosen(m.group("name"), players)
    if any(_unloosen(o, players) != name for o in re.findall(alt, rest)):
        return []
    return [FreeVote(name, m.start("name"), m.end("name"), False)]


# A vote that names its target by the post's own list: 投第1个 / 投1号 / 票给第二位.
_ORDINAL = re.compile(
    r"(?:投|票给?|选)\s*(?:给\s*)?(?:第\s*)?(?P<num>[1-9]|[一二三四五六七八九])\s*(?:个|号|位|名)"
)
_NUMERALS = "一二三四五六七八九"


def _listed(text: str, players: Sequence[str]) -> list[FreeVote]:
    """:data:`_ORDINAL`, resolved through the post's own numbered list (1. 冬瓜 ⏎ 2. 南瓜 ⏎
    投第1个): the item's one player.  Nothing when the post has no such item."""
    alt = _names_alt([p for p in players if p not in PRONOUNS and p != ABSTAIN])
    if not alt:
        return []
    found = []
    for m in _ORDINAL.finditer(text):
        num = m.group("num")
        digit = str(_NUMERALS.index(num) + 1) if num in _NUMERALS else num
        item = re.search(
            rf"(?:^|\n)\s*(?:第\s*)?(?:{digit}|{_NUMERALS[int(digit) - 1]})\s*(?:[.、)）:：]|号)\s*"
            rf"(?P<name>{alt})",
            text,
        )
        if item is None or item.start() > m.start():
            continue
        if _clear(text, m.start(), m.end(), after=False):
            found.append(
                FreeVote(item.group("name"), m.start(), m.end(), _said_change(text, m.start()))
            )
    return found


# A vote word (for :func:`unread_attempt`): the verbs and nouns of voting, in Chinese and in the
# words of other languages players mix in.
# Words, not characters: 改 only as 改投/改票/改成/改为/改选 (not 改天), 选 not in 选手/选项/选举,
# 票 not in 票型/票数 (a count's words).
# (站 — 这轮我站菜刀 — may put him up or side with him: a word that may cast, so a doubt)
_ANY_VOTE_WORD = re.compile(
    r"投|票(?![型数面])|(?<!候)选(?![手项举民秀])|改(?:投|票|成|为|选)|换(?:投|票|成)"
    r"|(?<![车网驿])站(?![起住着在队])"
    r"|(?<![a-z])(?:undi|mengundi|vote|votes|voting|pick)(?![a-z])",
    re.I,
)


def unread_attempt(text: str, players: Sequence[str], speaker: str = "") -> str | None:
    """For a post the reader took as no vote: a player's name that stands after a vote word in
    its clause (投 / 票 / 选 / 改 …, a few words between at most), with no other player named
    before it there and nothing in the clause that undoes it (:func:`_clear`: a negation,
    question, condition, other subject, report or quote).  Such a post is a ballot the reader
    neither accepts nor undoes: the tally asks the director about it when it could change the
    round's outcome.  None when there is none."""
    names = [p for p in players if p and p not in PRONOUNS and p != ABSTAIN]
    alt = _names_alt(names)
    if not alt or _COUNT_WORDS.search(text) or len(_TICK.findall(text)) > 1:
        return None  # 票型：⏎番茄 2⏎南瓜 1 — a count, not a ballot
    remark = _lead_remark(text, names)
    if remark is not None:
        return remark
    found = None  # (the last: a post ends on its decision, its recaps come before it)
    for m in re.finditer(alt, text):
        lo, _hi = _clause_bounds(text, m.start(), m.end())
        head = text[lo : m.start()]
        words = list(_ANY_VOTE_WORD.finditer(head))
        if not words or len(head) - words[-1].end() > 6:
            continue
        if any(o != speaker for o in re.findall(alt, head)):
            continue  # 冬瓜投南瓜: another player's vote, told
        if _clear(text, m.start(), m.end()):
            found = m.group(0)
    return found


# A vote said to STAND restates the standing one: no new attempt (the lead's ruling, blind22/23:
# 不改，还是南瓜 / 我那票不变，土豆 / 我不改了，就番茄 / 补仓不改，还是豆浆 — the ballot already cast
# holds, 002 说明3 counts a change only where the vote is changed).  The reading: a clause of
# its own whose verb is keeping (不改 / 不变 / 不换 / 照旧 / 维持原票), and whose subject is the
# poster or his vote (我 / 我那票 / 包子那票 / 投番茄那个 / 票) — not another thing kept (理由不变 /
# 立场不变), nor another's (他不改 / 饺子不变), nor asked (不改吗？/ 改不改), supposed (如果不改的
# 话), negated (不是不改) or of another day (跟昨天不变 / 今天投冬瓜不变: a new day's vote the same
# as before).  The name it keeps stands in it (包子那票不改 / 投番茄那个不改) or right after it
# (不改，还是南瓜 / 我那票不变，土豆: ``_NAME_KEPT``); a vote cast first and a pledge after it
# (投冬瓜，我不改了) or a keeping said apart from the name stays the vote.  A change said in the post
# (改投X，不变了) is a change, not this: the caller asks only of a vote read as no change.
_KEEP = re.compile(
    r"(?<![改变换])(?:不\s*(?:再\s*)?(?:改票?|变|换票?|动)(?:了)?|照旧|保持不变|维持(?:原票|原判|原样|不变)?"
    r"|(?:^|(?<=我))\s*没有?\s*(?:改票?|换票?|变)(?:过)?|^\s*不是\s*我\s*(?:改票?|换票?)(?:的)?)"
    r"(?:\s*(?:了|啦|哈|啊|哦|喔|呀|的|咯|[~～…]))*\s*$"
)
_KEEP_NOT_OWN = re.compile(
    r"他|她|你|佢|大家|别人|有人|谁|今天|今日|今晚|这轮|本轮|理由|立场|观点|看法|判断|想法|局势|情况|"
    + "|".join(
        _alternation(_UNDOERS[k]) for k in ("question", "supposition", "negation", "other_time")
    )
)
_KEEP_NAMES_VOTE = re.compile(r"票|那个|这个")
# Right after the clause of keeping, the name it keeps: 不改，还是南瓜 / 我不改了，就番茄 /
# 我那票不变，土豆 / 不改了。投票对象还是南瓜 (a continuity word, its subject the poster or his
# vote, or the name alone after the vote named).
_NAME_KEPT = re.compile(
    r"\s*[，,：:—\-～~…。.!！\s]*\s*(?:(?:我|俺)?\s*(?:的\s*)?(?:投?\s*票\s*(?:对象)?\s*)?(?:还是|就是|就|依旧|依然|仍然|仍|照样|继续)\s*(?:投|选|是)?\s*(?:给)?\s*)?"
)


def restates_standing_vote(text: str, players: Sequence[str], vote_start: int) -> bool:
    """Whether the post says its vote stands (see above), the vote's name read at
    ``vote_start``: a clause ending in a word of keeping, its subject the poster or his vote,
    the name in it (包子那票不改) or right after it (不改，还是南瓜), in a sentence that does
    not ask."""
    their = _names_loose([p for p in players if p not in PRONOUNS])
    for m in re.finditer(r"[^，,。！!？?；;：:\n…]+", text):
        clause = m.group(0).strip()
        keep = _KEEP.search(clause)
        if keep is None:
            continue
        head = clause[: keep.start()].strip()
        if len(head) > 10:
            continue
        named = (
            re.sub(
                rf"(?:投\s*)?(?:{their})\s*(?:那|这|的)\s*(?:一?\s*票|个)"
                rf"|(?:投|还是|仍然|依然|依旧|继续投?)\s*(?:{their})",
                "票",
                head,
            )
            if their
            else head
        )
        if _KEEP_NOT_OWN.search(named) or (their and re.search(their, named)):
            continue  # 他不改 / 如果不改 / 理由不变 / 饺子不变: not the poster's vote kept now
        tied = head != named and _KEEP_NAMES_VOTE.search(named)  # 包子那票不改 / 投番茄那个不改
        kept = _NAME_KEPT.match(text, m.end())
        if not tied and (kept is None or kept.end() != vote_start):
            continue  # 投冬瓜，我不改了 / 我不改。理由：… — a vote and a pledge, not the name restated
        lo = _sentence_start(text, m.start())
        hi = re.search(rf"[{_SENTENCE_END}]|$", text[m.end() :])
        tail = text[m.end() : m.end() + (hi.start() if hi else 0)]
        if re.search(r"[?？]|吗|么|呢", text[lo : m.start()] + tail + text[m.end() : m.end() + 1]):
            continue  # 改不改？不改吗 — asked
        return True
    return False


# The poster's own question of whom to vote, and the name that answers it (今天投谁？我想了想，
# 土豆。/ 问我投谁？当然是南瓜啊 / 出谁好呢，我看就番茄吧 / 该出谁呢……春卷吧): where the
# decision stands is the sentence after the question.  The question is the poster's own — its
# verb one of voting or voting out (投 / 选 / 票给 / _OUT_VERBS), nobody but the poster its
# subject (你投谁 / 大家投谁 / 他挂谁 ask others; 你问我投谁 is still mine), and of now (昨天投谁
# asks of the past).  The answer is the next sentence: it names one player, neither asks,
# supposes, negates nor tells of another time or person (反正不是南瓜 / 要是南瓜呢 / 他说南瓜).
_WHOM = re.compile(
    rf"(?P<head>[^{_CLAUSE_END}]*?)(?:投|选|票给|票投|投给|{_OUT_VERBS})\s*(?:给)?\s*谁"
    r"(?:\s*(?:好|最好|合适|比较好|呢|啊|呀|捏|嘞))*\s*(?:[?？]+|(?<=[呢捏嘞]))"
)
_ASKER = re.compile(r"^\s*(?:你|您|他|她|有人|大家|你们)?\s*(?:问|问问)\s*(?:我|俺|偶)")
_NOT_MINE_TO_ASK = re.compile(r"你|他|她|佢|大家|你们|各位|别人|有人|[们]")


def _answered_self(text: str, players: Sequence[str]) -> list[FreeVote]:
    """The name answering the post's own question of whom to vote (see above)."""
    alt = _names_loose([p for p in players if p not in PRONOUNS])
    if not alt:
        return []
    asked = [m for m in _WHOM.finditer(text) if _own_whom(m.group("head"), alt)]
    if not asked:
        return []
    q = asked[-1]
    rest = text[q.end() :]
    end = re.search(rf"[{_SENTENCE_END}](?![{_SENTENCE_END}…~～])", rest.lstrip(f"{_CLAUSE_END} …"))
    cut = len(rest) - len(rest.lstrip(f"{_CLAUSE_END} …"))
    answer = rest[: cut + end.start()] if end else rest
    names = list(re.finditer(alt, answer))
    if len({_unloosen(n.group(0), players) for n in names}) != 1:
        return []
    if _ANSWER_UNDONE.search(answer):
        return []  # 反正不是南瓜 / 要是南瓜呢 / 他说南瓜 — no answer of the poster's own
    n = names[-1]
    tail = answer[n.end() :]
    if not re.fullmatch(rf"{_BARE_TAIL}|\s*(?:啊|呗|喽|无疑|没跑|跑不了)[\s。.!！~～]*", tail):
        return []  # 南瓜的发言… — a sentence about him, not the name answering
    start = q.end() + n.start()
    name = _unloosen(n.group(0), players)
    return [FreeVote(name, start, start + len(n.group(0)), _said_change(text, start))]


_ANSWER_UNDONE = re.compile(
    r"你|他|她|佢|大家|别人|有人|说|讲|"
    + "|".join(
        _alternation(_UNDOERS[k]) for k in ("question", "supposition", "negation", "other_time")
    )
)


def _own_whom(head: str, alt: str) -> bool:
    """The words before a question's 投谁 (``head``: its clause) leave it the poster's own and of
    now: no other subject, no other player, no other time (你问我投谁 is asked of him)."""
    head = _ASKER.sub("", head)
    if _NOT_MINE_TO_ASK.search(head) or re.search(alt, head):
        return False
    return not undoer_pattern("other_time").search(head) and not _SUPPOSED.search(head)
