"""Card policy: which card a finding suggests, and what approved cards add up to.

Pure functions over small values, to be read next to the seed text they encode:

* **Fixed cards.**  A rule set gives every code a default (``[rules.CODE] card``).  Any
  default other than blue is fixed: lurking is always a yellow (030 违规判定 5 "以下行为均
  固定判罚一张‘黄牌’"; M107 presets the same), and a default that is not a card at all is
  an action for the director (版杀7 6.2(2): lurking → a substitute; ``warning``: tell the
  director).
* **Escalation.**  A blue default is the first offence of a *kind*: the same kind again,
  after the player was already given a card for that kind, is a yellow (M107 判罚制度 黄牌 "因同一类行为已经吃过蓝牌后仍然明知故犯，可判黄牌"; 030 判罚制度
  黄牌 "已经提醒后仍明知故犯").  A kind is a group of codes the rule set defines from its own
  clauses (each rule's ``kind`` option, default its code: 030 6(1) puts red and enlarged
  font in one clause, M107 9(1)/9(2) in two).  "Already given" is about time, not order:
  the earlier card counts only if it was decided before the repeat was posted
  (``prior.decided_at <= offence.posted_at``), so one night's posts, all written before
  the director's morning decisions, never escalate each other; without both times it
  counts only from an earlier day.  Only where the rule set's seed states it (``[ruleset]
  escalate``; M39 has no 判罚制度): otherwise the repeat keeps the rule set's card, and its
  reason says so.
* **Merging.**  3 blue merge into 1 yellow, 3 yellow into 1 red, and a red is sent off
  (M107 判罚制度 "三张【蓝牌】升级为一张【黄牌】…"; 030 "累计三张‘蓝牌’合并为一张‘黄牌’…
  玩家受到红牌判罚时出局").

Each suggestion carries the reason the director sees next to the draft.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

CARD_COLOURS = ("blue", "yellow", "red")
ACTIONS = ("substitute", "warning", "none")
CARD_NAMES = {
    "blue": "蓝牌",
    "yellow": "黄牌",
    "red": "红牌",
    "substitute": "替补",
    "warning": "提醒导演",
    "none": "不处罚",
}
MANUAL_KIND = "导演判罚"


def card_name(card: str | None) -> str:
    return CARD_NAMES.get(card or "", card or "")


@dataclass(frozen=True, slots=True)
class Offence:
    """A finding as the policy sees it."""

    fingerprint: str
    id: str
    code: str
    kind: str
    player: str
    day: int | None
    order: tuple[Any, ...]  # chronological sort key (see :func:`order_key`)
    default_card: str  # the rule set's card for the code
    card_source: str = ""  # the seed clause the rule set cites for that card
    posted_at: datetime | None = None  # when the post was written (aggregate findings: None)
    kind_title: str = ""  # the kind as the director reads it (the kind itself if empty)
    escalates: bool = True  # the rule set's seed escalates a repeat (``[ruleset] escalate``)


@dataclass(frozen=True, slots=True)
class Card:
    """An approved card (from a decision on a finding, or added by hand)."""

    fingerprint: str
    id: str
    player: str
    card: str
    kind: str
    code: str
    day: int | None
    order: tuple[Any, ...]
    manual: bool = False
    decided_at: datetime | None = None  # the decision's time (manual cards: when added)


@dataclass(frozen=True, slots=True)
class Suggestion:
    card: str
    reason: str


@dataclass(frozen=True, slots=True)
class Standing:
    """Cards after merging: blue and yellow are what is left below the next merge."""

    blue: int
    yellow: int
    red: int
    raw_blue: int
    raw_yellow: int
    raw_red: int

    @property
    def sent_off(self) -> bool:
        return self.red > 0


def order_key(
    day: int | None, posted_at: str | None, floor: int | None, pid: int | None
) -> tuple[Any, ...]:
    """Chronological order of offences: by day, then the post's time (aggregate findings,
    which have no post, sort at the end of their day)."""
    return (day if day is not None else 10**6, posted_at or "~", floor or 0, pid or 0)


def parse_time(value: str | datetime | None) -> datetime | None:
    """An aware datetime from a stored ISO text (naive texts are UTC, as the store writes)."""
    if value is None or value == "":
        return None
    if isinstance(value, datetime):
        t = value
    else:
        try:
            t = datetime.fromisoformat(str(value))
        except ValueError:
            return None
    if t.tzinfo is None:
        from datetime import UTC

        t = t.replace(tzinfo=UTC)
    return t


def warned_before(prior: Card, offence: Offence) -> bool:
    """Was ``prior`` given before ``offence`` was committed?  By the decision's time against
    the post's time; without both, only a card for an earlier day counts."""
    if prior.decided_at is not None and offence.posted_at is not None:
        return prior.decided_at <= offence.posted_at
    return prior.day is not None and offence.day is not None and prior.day < offence.day


def kind_of(code: str, rule_options: Mapping[str, Mapping[str, Any]]) -> str:
    """The rule set's kind for a code (its ``kind`` option), or the code itself."""
    opts = rule_options.get(code)
    kind = opts.get("kind") if opts else None
    return str(kind) if kind else code


NO_SEED = "no seed text:"  # a preset's citation for a value its seed has no clause for


def plain_cite(cite: str) -> str:
    """A preset citation for the director: ``no seed text:`` in Chinese."""
    if cite.startswith(NO_SEED):
        return "种子规则没有直接条文：" + cite[len(NO_SEED) :].strip()
    return cite


def card_cite(cite: str) -> str:
    """A preset's card citation as the card's reason wraps it in （…）: a commentary the
    citation ends with in its own （…） is set off with —— instead (the citations' mark for
    commentary too), so the card never shows ``））`` and the tool's gloss never reads as
    the seed's words."""
    text = plain_cite(cite)
    if not text.endswith("）"):
        return text
    depth = 0
    for i in range(len(text) - 1, -1, -1):
        depth += {"）": 1, "（": -1}.get(text[i], 0)
        if depth == 0:
            if i == 0:
                return text
            return f"{text[:i]}——{text[i + 1 : -1]}"
    return text


def suggest(offence: Offence, approved: Iterable[Card]) -> Suggestion:
    """The card to suggest for ``offence`` given the player's approved cards."""
    default = offence.default_card
    cite = f"（{card_cite(offence.card_source)}）" if offence.card_source else ""
    kind = offence.kind_title or offence.kind
    if default != "blue":
        if default in ACTIONS:
            return Suggestion(
                default, f"规则集对 {offence.code} 的处理是“{card_name(default)}”，不是牌{cite}"
            )
        return Suggestion(default, f"规则集对 {offence.code} 固定判罚{card_name(default)}{cite}")
    earlier = [
        c
        for c in approved
        if c.player == offence.player
        and c.kind == offence.kind
        and c.card in CARD_COLOURS
        and c.fingerprint != offence.fingerprint
        and warned_before(c, offence)
    ]
    if earlier and not offence.escalates:
        prior = earlier[-1]
        when = f"第{prior.day}天" if prior.day is not None else "此前"
        return Suggestion(
            "blue",
            f"同类违规（{kind}）{when}已判{card_name(prior.card)}（{prior.id}）；"
            f"规则帖没有写再犯升级，仍判蓝牌{cite}",
        )
    if earlier:
        prior = earlier[-1]
        when = f"第{prior.day}天" if prior.day is not None else "此前"
        return Suggestion(
            "yellow",
            f"同类违规（{kind}）{when}已判{card_name(prior.card)}"
            f"（{prior.id}），判罚后再犯，明知故犯：黄牌（判罚制度 黄牌）",
        )
    if not offence.escalates:  # no 判罚制度 to cite: the rule set's card and its citation
        return Suggestion("blue", f"{kind}：蓝牌{cite}")
    return Suggestion("blue", f"首次违规（{kind}）：蓝牌（判罚制度 蓝牌：首次违规）")


def merge(cards: Sequence[str]) -> Standing:
    """Merge approved cards: 3 blue → 1 yellow, 3 yellow → 1 red."""
    raw_blue = sum(1 for c in cards if c == "blue")
    raw_yellow = sum(1 for c in cards if c == "yellow")
    raw_red = sum(1 for c in cards if c == "red")
    yellow_total = raw_yellow + raw_blue // 3
    red = raw_red + yellow_total // 3
    return Standing(
        blue=raw_blue % 3,
        yellow=yellow_total % 3,
        red=red,
        raw_blue=raw_blue,
        raw_yellow=raw_yellow,
        raw_red=raw_red,
    )


def _colours(raw: tuple[int, int, int]) -> list[str]:
    return ["blue"] * raw[0] + ["yellow"] * raw[1] + ["red"] * raw[2]


def escalation(raw: tuple[int, int, int], card: str) -> str:
    """What approving one more ``card`` does to a player's cards, in the director's words,
    when it is more than the card itself (判罚制度：三张蓝牌合为一张黄牌，三张黄牌合为一张
    红牌；红牌罚下): 「这是第3张黄牌 → 红牌罚下」, 「这是第3张蓝牌 → 黄牌」; "" when it only
    adds itself.  ``raw`` is the player's approved (blue, yellow, red) now, unmerged."""
    if card not in ("blue", "yellow", "red"):
        return ""
    before = merge(_colours(raw))
    after = merge([*_colours(raw), card])
    if card == "red":
        return "红牌罚下" if before.red == 0 else f"第{after.red}张红牌（已罚下）"
    steps: list[str] = []
    if card == "blue" and after.raw_blue // 3 > before.raw_blue // 3:
        steps.append("这是第3张蓝牌 → 黄牌")
    if after.red > before.red:
        red = "红牌罚下" if before.red == 0 else f"第{after.red}张红牌"
        steps.append(f"{'也' if steps else '这'}是第3张黄牌 → {red}")
    return "，".join(steps)


def sends_off(raw: tuple[int, int, int], card: str) -> bool:
    """Whether approving ``card`` gives the player a (further) red: the card is red, or it
    completes three yellows (三黄合一红) — what the desk asks again before (红牌要再确认一次)."""
    if card == "red":
        return True
    return (
        card in ("blue", "yellow") and merge([*_colours(raw), card]).red > merge(_colours(raw)).red
    )
