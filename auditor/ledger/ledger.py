"""The card ledger: findings + the director's decisions → drafts, approved cards, standings.

Nothing here publishes anything: findings become **drafts** with a suggested card
(:mod:`auditor.ledger.policy`); the director approves (optionally recolouring) or rejects each
one; decisions attach to fingerprints and are re-applied on every build, so a rejected
finding never returns as a draft and an approved one is never suggested again.

Standings merge approved cards (3 blue → 1 yellow, 3 yellow → 1 red, red = sent off).
Consequences the rule set names are warnings to the director, never actions:

* 030 判罚制度 "同一阵营的角色累计获得两张或以上红牌时，阵营判负" (setting
  ``factions_lose_on_two_reds``; needs ``faction`` events in the game file);
* a sent-off player with no ``eliminated`` event with ``how = "sent_off"``;
* a substituted account: the substitute inherits the account's cards;
* an approved card whose finding the rules no longer produce (edited or deleted post).
"""

from __future__ import annotations

import hashlib
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from auditor.game.gamefile import EventType, Game
from auditor.hanzi import to_simplified
from auditor.ledger.policy import (
    ACTIONS,
    CARD_COLOURS,
    Card,
    Offence,
    Standing,
    card_name,
    kind_of,
    merge,
    order_key,
    parse_time,
    suggest,
)
from auditor.rules.engine import ruleset_for
from auditor.rules.registry import REGISTRY
from auditor.rules.ruleset import RuleSet
from auditor.store import CurrentDecision, FindingRow, ManualCardRow, Store, finding_from_row

LEDGER_COLUMNS = ("player", "blue", "yellow", "red", "sent_off", "pending")


@dataclass(frozen=True, slots=True)
class Draft:
    """A finding waiting for the director: the finding plus its suggested card and why."""

    fingerprint: str
    id: str
    code: str
    kind: str
    player: str
    day: int | None
    phase: int | None
    tid: int | None
    pid: int | None
    floor: int | None
    excerpt: str
    matches: tuple[str, ...]
    note: str
    posted_at: str | None
    suggested: str
    reason: str
    merged_ids: tuple[str, ...] = ()  # findings of the same kind on the same post, merged in
    merged_codes: tuple[str, ...] = ()

    @property
    def codes(self) -> tuple[str, ...]:
        return (self.code, *self.merged_codes)


@dataclass(frozen=True, slots=True)
class Decided:
    """A finding or manual card with the director's current decision."""

    fingerprint: str
    id: str
    code: str
    kind: str
    player: str
    day: int | None
    decision: str  # approve | reject
    card: str | None
    suggested: str | None
    note: str
    decided_by: str | None
    decided_at: str
    manual: bool
    active: bool  # the finding is still produced by the rules (manual cards: always)
    follows: bool = False  # approved as suggested: the card follows the policy (``card`` resolved)


@dataclass(frozen=True, slots=True)
class PlayerStanding:
    player: str
    standing: Standing
    pending: int
    actions: tuple[str, ...]  # approved non-card actions (substitute, warning)

    def as_record(self) -> dict[str, Any]:
        s = self.standing
        return {
            "player": self.player,
            "blue": s.blue,
            "yellow": s.yellow,
            "red": s.red,
            "sent_off": int(s.sent_off),
            "pending": self.pending,
            "raw_blue": s.raw_blue,
            "raw_yellow": s.raw_yellow,
            "raw_red": s.raw_red,
            "actions": "、".join(card_name(a) for a in self.actions),
        }


@dataclass(frozen=True, slots=True)
class Warning:
    kind: str  # faction_loses | faction_unknown | red_not_sent_off | substitute | finding_gone
    player: str | None
    message: str
    faction: str | None = None  # faction_loses: the faction, and its players with reds
    players: tuple[str, ...] = ()
    reds: int = 0


@dataclass(slots=True)
class Ledger:
    drafts: list[Draft] = field(default_factory=list)
    decided: list[Decided] = field(default_factory=list)
    cards: list[Card] = field(default_factory=list)  # approved cards (colours and actions)
    standings: list[PlayerStanding] = field(default_factory=list)
    warnings: list[Warning] = field(default_factory=list)
    # A finding merged into another of the same kind on the same post (one card per clause):
    # its fingerprint → the fingerprint of the finding that carries the draft / decision.
    merged: dict[str, str] = field(default_factory=dict)

    def standing(self, player: str) -> PlayerStanding | None:
        return next((s for s in self.standings if s.player == player), None)

    def draft(self, ident: str) -> Draft | None:
        return next((d for d in self.drafts if d.id == ident or d.fingerprint == ident), None)

    @property
    def pending(self) -> int:
        """Drafts that would be a card (or a substitute): what the director must decide."""
        return sum(1 for d in self.drafts if is_card_draft(d))

    @property
    def other_pending(self) -> int:
        """Drafts whose suggestion is no card (不处罚, 提醒导演): counted apart."""
        return len(self.drafts) - self.pending


NOT_CARDS = ("none", "warning")


def is_card_draft(d: Draft) -> bool:
    return d.suggested not in NOT_CARDS


def manual_fingerprint(player: str, card: str, reason: str, created: str) -> tuple[str, str]:
    """(fingerprint, short id) for a card the director adds by hand: ids start with M."""
    import base64

    fp = hashlib.sha256(f"MANUAL|{player}|{card}|{reason}|{created}".encode()).hexdigest()
    return fp, "M" + base64.b32encode(bytes.fromhex(fp[:16])).decode().rstrip("=")[:9]


@dataclass(frozen=True, slots=True)
class StoredFinding:
    """A stored finding as the ledger reads it (active or retired)."""

    fingerprint: str
    id: str
    code: str
    player: str
    day: int | None
    phase: int | None
    tid: int | None
    pid: int | None
    floor: int | None
    card: str  # the card the rule set suggests
    excerpt: str
    note: str
    posted_at: str | None
    matches: tuple[str, ...]  # the matched texts
    active: bool

    @classmethod
    def of(cls, row: FindingRow) -> StoredFinding:
        finding = finding_from_row(row)
        return cls(
            fingerprint=row.fingerprint,
            id=row.id,
            code=row.code,
            player=row.player,
            day=row.day,
            phase=row.phase,
            tid=row.tid,
            pid=row.pid,
            floor=row.floor,
            card=row.card,
            excerpt=row.excerpt or "",
            note=row.note or "",
            posted_at=row.posted_at,
            matches=tuple(str(m.text) for m in finding.matches if m.text),
            active=bool(row.active),
        )


@dataclass(frozen=True, slots=True)
class DecisionRow:
    """A director's current decision on a finding or manual card."""

    fingerprint: str
    decision: str  # approve | reject
    card: str | None  # the card approved; None: the one the policy suggests
    suggested: str | None
    note: str
    decided_by: str | None
    decided_at: str
    id: int | None = None  # None: a row of an import still being applied (newest)
    approved_since: str | None = None  # when the current run of approvals began

    @classmethod
    def of(cls, row: CurrentDecision | Mapping[str, Any]) -> DecisionRow:
        keys = row.keys()
        return cls(
            fingerprint=row["fingerprint"],
            decision=row["decision"],
            card=row["card"],
            suggested=row["suggested"],
            note=row["note"] or "",
            decided_by=row["decided_by"],
            decided_at=row["decided_at"],
            id=row["id"] if "id" in keys else None,
            approved_since=row["approved_since"] if "approved_since" in keys else None,
        )


@dataclass(frozen=True, slots=True)
class ManualCard:
    """A card the director added by hand."""

    fingerprint: str
    id: str
    player: str
    card: str
    kind: str
    day: int | None
    reason: str
    created_by: str | None
    created_at: str

    @classmethod
    def of(cls, row: ManualCardRow) -> ManualCard:
        return cls(
            fingerprint=row.fingerprint,
            id=row.id,
            player=row.player,
            card=row.card,
            kind=row.kind,
            day=row.day,
            reason=row.reason,
            created_by=row.created_by,
            created_at=row.created_at,
        )


def kind_title(code: str, kind: str, ruleset: RuleSet) -> str:
    """A kind as the director reads it: the rule's title for a kind of one code, else the
    clause the preset cites for the kind (``违规判定 1：称谓与叹词``), never its internal key
    (``m107-违规1``)."""
    rule = REGISTRY.get(code)
    if kind == code:
        return rule.title if rule is not None else code
    cite = ruleset.sources.get(code, {}).get("kind", "")
    head = cite.split("；", 1)[0].split("（", 1)[0].split("“", 1)[0].strip()
    if head and not head.startswith("no seed text"):
        return head
    return rule.title if rule is not None else kind


def build_ledger(
    game: Game,
    ruleset: RuleSet,
    findings: Sequence[StoredFinding],
    decisions: Mapping[str, DecisionRow],
    manual: Sequence[ManualCard] = (),
) -> Ledger:
    """The ledger from stored findings (active and retired), current decisions and manual
    cards.  Pure: reads only its arguments."""
    findings, decisions, followers = _merge_same_kind(findings, decisions, ruleset.rules)
    led = Ledger(merged={f.fingerprint: first for first, fs in followers.items() for f in fs})
    # 1. Decided findings and manual cards; approved ones become cards.  An approval that
    #    took the suggestion (no colour of the director's own: card NULL) follows the policy,
    #    resolved from the other approved cards — so a yellow that only escalated a blue
    #    turns back into a blue when that blue is rejected.
    follow = _add_decided_findings(led, ruleset, findings, decisions)
    _add_manual_cards(led, manual, decisions)
    _add_following(led, follow)
    led.cards.sort(key=lambda c: c.order)
    # 2. Drafts: active findings without a decision, in game order, suggested from the
    #    approved cards (never from other drafts: the director has not decided those).
    led.drafts = _drafts(ruleset, findings, decisions, followers, led.cards)
    # 3. Standings for every player (and anyone else who has a card), then the warnings.
    led.standings = _standings(game, led)
    led.warnings.extend(_warnings(game, ruleset, led))
    return led


# A decided finding whose approval took the suggestion: its card is resolved after the others.
_Following = tuple[Offence, DecisionRow, StoredFinding]


def _offence(row: StoredFinding, ruleset: RuleSet) -> Offence:
    """A stored finding as the policy judges it."""
    code = row.code
    kind = kind_of(code, ruleset.rules)
    return Offence(
        fingerprint=row.fingerprint,
        id=row.id,
        code=code,
        kind=kind,
        kind_title=kind_title(code, kind, ruleset),
        player=row.player,
        day=row.day,
        order=order_key(row.day, row.posted_at, row.floor, row.pid),
        default_card=row.card,
        card_source=ruleset.sources.get(code, {}).get("card", ""),
        posted_at=parse_time(row.posted_at),
        escalates=bool(ruleset.settings["escalate"]),
    )


def _approved_card(off: Offence, card: str, d: DecisionRow) -> Card:
    """The card an approved finding stands for, issued when it was approved."""
    return Card(
        off.fingerprint,
        off.id,
        off.player,
        card,
        off.kind,
        off.code,
        off.day,
        off.order,
        decided_at=parse_time(_approved_at(d)),
    )


def _add_decided_findings(
    led: Ledger,
    ruleset: RuleSet,
    findings: Sequence[StoredFinding],
    decisions: Mapping[str, DecisionRow],
) -> list[_Following]:
    """Decided findings with a card of the director's own (or rejected) into the ledger;
    returns the approvals that follow the policy, for :func:`_add_following`."""
    follow: list[_Following] = []
    for row in findings:
        d = decisions.get(row.fingerprint)
        if d is None:
            continue
        off = _offence(row, ruleset)
        if d.decision == "approve" and not d.card:
            follow.append((off, d, row))
            continue
        led.decided.append(_decided(off, d, d.card, bool(row.active)))
        if d.decision == "approve" and d.card:
            led.cards.append(_approved_card(off, d.card, d))
            if not row.active:
                led.warnings.append(_gone(off, d.card))
    return follow


def _add_manual_cards(
    led: Ledger, manual: Sequence[ManualCard], decisions: Mapping[str, DecisionRow]
) -> None:
    """The director's own cards: approved when added, unless a decision says otherwise."""
    for mc in manual:
        d = decisions.get(mc.fingerprint)
        decided = _manual_decided(mc, d)
        led.decided.append(decided)
        if decided.decision == "approve":
            card = d.card if d is not None and d.card else mc.card
            led.cards.append(
                Card(
                    mc.fingerprint,
                    mc.id,
                    mc.player,
                    card,
                    mc.kind,
                    "MANUAL",
                    mc.day,
                    order_key(mc.day, None, None, None),
                    manual=True,
                    decided_at=parse_time(mc.created_at),
                )
            )


def _manual_decided(mc: ManualCard, d: DecisionRow | None) -> Decided:
    """A manual card as decided: as added (approved) until the director decides again."""
    card: str | None
    if d is None:
        decision, card, note, by, at = "approve", mc.card, mc.reason, mc.created_by, mc.created_at
    else:
        decision, card, note = d.decision, d.card, d.note or mc.reason
        by, at = d.decided_by, d.decided_at
    return Decided(
        fingerprint=mc.fingerprint,
        id=mc.id,
        code="MANUAL",
        kind=mc.kind,
        player=mc.player,
        day=mc.day,
        decision=decision,
        card=card,
        suggested=mc.card,
        note=note,
        decided_by=by,
        decided_at=at,
        manual=True,
        active=True,
    )


def _add_following(led: Ledger, follow: list[_Following]) -> None:
    """Approvals that took the suggestion, in game order: each one's card is what the
    policy suggests from the cards before it."""
    follow.sort(key=lambda t: t[0].order)
    for off, d, row in follow:
        card = suggest(off, led.cards).card
        led.decided.append(_decided(off, d, card, bool(row.active), follows=True))
        led.cards.append(_approved_card(off, card, d))
        if not row.active:
            led.warnings.append(_gone(off, card))


def _drafts(
    ruleset: RuleSet,
    findings: Sequence[StoredFinding],
    decisions: Mapping[str, DecisionRow],
    followers: Mapping[str, list[StoredFinding]],
    cards: Sequence[Card],
) -> list[Draft]:
    """Active findings without a decision, in game order, each with its suggestion."""
    undecided = [r for r in findings if r.active and r.fingerprint not in decisions]
    undecided.sort(key=lambda r: order_key(r.day, r.posted_at, r.floor, r.pid))
    return [
        _draft(_offence(row, ruleset), row, followers.get(row.fingerprint, []), cards)
        for row in undecided
    ]


def _draft(
    off: Offence, row: StoredFinding, merged: Sequence[StoredFinding], cards: Sequence[Card]
) -> Draft:
    """One draft: the finding (and those merged into it) with the card the policy suggests."""
    s = suggest(off, cards)
    reason = s.reason
    if merged:
        codes = "、".join([off.code, *(f.code for f in merged)])
        reason += f"；同一帖同一类违规（{off.kind_title or off.kind}：{codes}）合并为一张，决定对它们一起生效"
    return Draft(
        fingerprint=off.fingerprint,
        id=off.id,
        code=off.code,
        kind=off.kind,
        player=off.player,
        day=off.day,
        phase=row.phase,
        tid=row.tid,
        pid=row.pid,
        floor=row.floor,
        excerpt=row.excerpt,
        matches=row.matches + tuple(m for f in merged for m in f.matches),
        note="；".join(x for x in (row.note, *(f.note for f in merged)) if x),
        posted_at=row.posted_at,
        suggested=s.card,
        reason=reason,
        merged_ids=tuple(f.id for f in merged),
        merged_codes=tuple(f.code for f in merged),
    )


def _standings(game: Game, led: Ledger) -> list[PlayerStanding]:
    """Every player's standing, then anyone else's who has a card or a draft."""
    players = list(game.players)
    players += sorted({c.player for c in led.cards} - set(players))
    players += sorted({d.player for d in led.drafts} - set(players))
    standings = []
    for p in players:
        mine = [c for c in led.cards if c.player == p]
        standings.append(
            PlayerStanding(
                player=p,
                standing=merge([c.card for c in mine if c.card in CARD_COLOURS]),
                pending=sum(1 for d in led.drafts if d.player == p and is_card_draft(d)),
                actions=tuple(c.card for c in mine if c.card in ACTIONS and c.card != "none"),
            )
        )
    return standings


def _merge_same_kind(
    findings: Sequence[StoredFinding],
    decisions: Mapping[str, DecisionRow],
    rule_opts: Mapping[str, Mapping[str, Any]],
) -> tuple[list[StoredFinding], dict[str, DecisionRow], dict[str, list[StoredFinding]]]:
    """One post, one clause, one card: active findings of the same kind (the rule set's
    ``kind``, e.g. m107 "违规判定 1" for its items (1)–(4)) on the same post by the same
    player merge into the first by code; the others follow it.

    030 违规判定 2(2) gives "卧槽真吊" as one example of one offence: the body and vulgar
    lexicons both match it, and the director must see one draft, not two cards.  The merged
    finding keeps its own fingerprint: the decision is recorded on it and applies to all.
    The group's decision is the newest one recorded on any member (``auditor decide`` on a
    follower's id is recorded on the first one).

    Returns (the findings without the followers, the decisions as the group sees them,
    first finding's fingerprint → its followers)."""
    groups: dict[tuple[str, int, str], list[StoredFinding]] = {}
    for row in findings:
        if row.active and row.pid is not None:
            key = (row.player, row.pid, kind_of(row.code, rule_opts))
            groups.setdefault(key, []).append(row)
    followers: dict[str, list[StoredFinding]] = {}
    effective = dict(decisions)
    gone: set[str] = set()
    for rows in groups.values():
        if len(rows) < 2:
            continue
        rows.sort(key=lambda r: (r.code, r.fingerprint))
        first, rest = rows[0], rows[1:]
        followers[first.fingerprint] = rest
        gone.update(r.fingerprint for r in rest)
        # The group's decision is the newest made on any of its members (a director may
        # have decided a follower by its own id before the merge).
        made = [decisions[r.fingerprint] for r in rows if r.fingerprint in decisions]
        if made:
            effective[first.fingerprint] = max(made, key=_decision_order)
        for r in rest:
            effective.pop(r.fingerprint, None)
    kept = [r for r in findings if r.fingerprint not in gone]
    return kept, effective, followers


def _approved_at(d: DecisionRow) -> str:
    """When the card was issued: the first approval of the current run of approvals (a
    later re-approval with a note changes nothing), else the decision's own time."""
    return str(d.approved_since or d.decided_at)


def _decision_order(d: DecisionRow) -> float:
    """Newest first: stored decisions by row id; rows of an import still being applied
    (no id yet) are newer than any stored one."""
    return float(d.id) if d.id is not None else float("inf")


def _decided(
    off: Offence, d: DecisionRow, card: str | None, active: bool, *, follows: bool = False
) -> Decided:
    return Decided(
        fingerprint=off.fingerprint,
        id=off.id,
        code=off.code,
        kind=off.kind,
        player=off.player,
        day=off.day,
        decision=d.decision,
        card=card,
        suggested=d.suggested,
        note=d.note or "",
        decided_by=d.decided_by,
        decided_at=d.decided_at,
        manual=False,
        active=active,
        follows=follows,
    )


def _gone(off: Offence, card: str) -> Warning:
    return Warning(
        "finding_gone",
        off.player,
        f"{off.player} 的{card_name(card)}（{off.id}，{off.code}）已批准，"
        "但这次检查不再发现这条违规（帖子被修改或删除？），请确认是否撤销。",
    )


def _warnings(game: Game, ruleset: RuleSet, led: Ledger) -> list[Warning]:
    reds = [s for s in led.standings if s.standing.sent_off]
    out = _not_sent_off(game, reds)
    if ruleset.settings["factions_lose_on_two_reds"]:
        out += _faction_reds(game, reds)
    out += _substitutes(game, led)
    return out


def _not_sent_off(game: Game, reds: Sequence[PlayerStanding]) -> list[Warning]:
    """Sent-off players the game file does not have leave the game."""
    # Any elimination will do: a player already voted out or killed can still be carded
    # (已出局角色仍可被判罚), and there is nothing more to record for him.
    out_of_game = {e.player for e in game.events if e.type is EventType.ELIMINATED}
    return [
        Warning(
            "red_not_sent_off",
            s.player,
            f"{s.player} 累计红牌 {s.standing.red} 张（罚下），但游戏文件中没有"
            f'{s.player} 的 eliminated 事件（how = "sent_off"）：请补上，出局后的发言才能被检查。',
        )
        for s in reds
        if s.player not in out_of_game and s.player in game.players
    ]


def _faction_reds(game: Game, reds: Sequence[PlayerStanding]) -> list[Warning]:
    """030's two reds in one faction (the faction loses), or a red whose faction is unknown."""
    factions = {e.player: e.value for e in game.events if e.type is EventType.FACTION and e.value}
    out: list[Warning] = []
    by_faction: dict[str, list[str]] = {}
    for s in reds:
        faction = factions.get(s.player)
        if faction is None:
            out.append(
                Warning(
                    "faction_unknown",
                    s.player,
                    f"{s.player} 有红牌，但游戏文件中没有 {s.player} 的 faction（阵营）事件："
                    "无法判断“同一阵营两张红牌”。",
                )
            )
            continue
        by_faction.setdefault(faction, []).extend([s.player] * s.standing.red)
    for faction, names in sorted(by_faction.items()):
        if len(names) >= 2:
            who = "、".join(sorted(set(names)))
            out.append(
                Warning(
                    "faction_loses",
                    None,
                    f"阵营“{faction}”累计 {len(names)} 张红牌（{who}）：按规则该阵营判负"
                    "（判罚制度：同一阵营的角色累计获得两张或以上红牌时，阵营判负）。",
                    faction=faction,
                    players=tuple(sorted(set(names))),
                    reds=len(names),
                )
            )
    return out


def _substitutes(game: Game, led: Ledger) -> list[Warning]:
    """A substitute inherits the cards of the account he takes over."""
    out: list[Warning] = []
    for e in game.events:
        if e.type is not EventType.SUBSTITUTE:
            continue
        st = led.standing(e.player)
        if st is None:
            continue
        cards = st.standing
        if cards.raw_blue or cards.raw_yellow or cards.raw_red:
            held = f"（蓝 {cards.blue}、黄 {cards.yellow}、红 {cards.red}）"
            if e.value and e.value != e.player:  # his own account takes the seat
                said = f"{e.value} 用自己的帐号替补 {e.player}：{e.player} 已有的牌{held}由 {e.value} 继承。"
            else:  # the newcomer plays on the seat's account (M39 替补)
                said = f"{e.player} 的帐号换了替补来打：这个帐号已有的牌{held}照样算。"
            out.append(Warning("substitute", e.player, said))
    return out


def forum_spelling(name: str, authors: Collection[str]) -> str | None:
    """The one forum account whose name is ``name`` in another script (蛋撻 for 蛋挞: the same
    name read in simplified characters), when ``name`` itself posted nothing; else None."""
    if not name or name in authors:
        return None
    folded = to_simplified(name)
    same = sorted({a for a in authors if a != name and to_simplified(a) == folded})
    return same[0] if len(same) == 1 else None


def silent_substitutes(game: Game, authors: Collection[str]) -> list[str]:
    """The game's 替补 whose own account has no post (:func:`silent_substitute`)."""
    said = (
        silent_substitute(e.player, e.value, authors)
        for e in game.events
        if e.type is EventType.SUBSTITUTE and e.value
    )
    return [s for s in said if s]


def silent_substitute(player: str, account: str, authors: Collection[str]) -> str:
    """A 替补 on his own ``account`` with no post in the game (``authors``: every account
    that posted): the substitution takes nothing over (the seat still counts as silent),
    most often because the name was typed or offered in another script (蛋挞 for 蛋撻).
    "" when the account posted (or plays the seat's own account)."""
    if not account or account == player or account in authors:
        return ""
    other = forum_spelling(account, authors)
    why = (
        f"论坛上发帖的是 {other}：同一个名字的另一种写法（繁简不同），帐号名要和论坛上"
        f"一字不差，请把替补的人改成 {other}"
        if other
        else "可能他还没发过帖，也可能帐号名打错了（繁简写法不同也算不同的名字，"
        "如 蛋挞 和 蛋撻）：请核对论坛上的帐号名"
    )
    return (
        f"{player} 的替补 {account}：本局帖子里没有 {account} 发的帖，替补等于没有生效"
        f"（{player} 的座位仍按没发言、没投票算）。{why}。"
    )


def load_ledger(game: Game, store: Store, ruleset: RuleSet | None = None) -> Ledger:
    """The ledger from the store (no rules are run)."""
    rs = ruleset or ruleset_for(game)
    return build_ledger(game, rs, *ledger_inputs(store))


def ledger_inputs(
    store: Store,
) -> tuple[list[StoredFinding], dict[str, DecisionRow], list[ManualCard]]:
    """What the ledger is built from, read from the store: every finding (active and
    retired), the current decisions and the manual cards."""
    return (
        [StoredFinding.of(r) for r in store.findings(active_only=False)],
        {fp: DecisionRow.of(r) for fp, r in store.current_decisions().items()},
        [ManualCard.of(r) for r in store.manual_cards()],
    )
