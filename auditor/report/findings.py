"""Findings with their status, the approved cards and the decided items, from the stored
findings and the ledger (one copy for the report, the CSVs and ``auditor findings``)."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from auditor.game.gamefile import Game
from auditor.game.schedule import Schedule
from auditor.ledger.ledger import Decided, Ledger, kind_title
from auditor.ledger.policy import card_name, escalation, parse_time, plain_cite, sends_off
from auditor.report.labels import (
    addressed_links,
    local_time,
    plain_note,
    plain_reason,
    post_link,
    thread_name,
    without_addresses,
)
from auditor.rules.registry import REGISTRY
from auditor.rules.ruleset import RuleSet, own_citation, preset_citation
from auditor.store import Store, finding_from_row

# A rule code as it appears in a reason or note (LURK-DAY, PHRASE-OATH, CODE-LASTWORDS).
_RULE_CODE = re.compile(r" ?(?<![A-Za-z0-9-])([A-Z][A-Z0-9]*(?:-[A-Z0-9]+)+)(?![A-Za-z0-9-]) ?")


def titled_codes(text: str) -> str:
    """``text`` with each rule code a director would read (``规则集对 LURK-DAY 固定判罚``)
    written as the rule's Chinese title (``规则集对「单日潜水（发言不足）」固定判罚``): the
    code stays in the CSV and in the card's small grey tag, for a developer."""

    def title(m: re.Match[str]) -> str:
        rule = REGISTRY.get(m.group(1))
        return f"「{rule.title}」" if rule is not None else m.group(0)

    return _RULE_CODE.sub(title, text) if _RULE_CODE.search(text) else text


def finding_rows(
    game: Game, schedule: Schedule, store: Store, led: Ledger, base: str | None
) -> list[dict[str, Any]]:
    """The active findings with the director's decisions applied (the report's list, the
    findings CSV and ``auditor findings``): status draft | approved | rejected; a finding
    merged into another of the same kind on the same post (one card per clause) takes that
    one's status and says so; a finding without a day (last words) shows its thread's day
    or the day its player went out."""
    decided_by_fp = {x.fingerprint: x for x in led.decided}
    draft_by_fp = {d.fingerprint: d for d in led.drafts}
    id_by_fp = {r["fingerprint"]: r["id"] for r in store.findings(active_only=False)}
    findings: list[dict[str, Any]] = []
    for r in store.findings():
        # a finding merged into another of the same kind on the same post shares its fate
        own = led.merged.get(r["fingerprint"], r["fingerprint"])
        x = decided_by_fp.get(own)
        status = (
            {"approve": "approved", "reject": "rejected"}.get(x.decision, "draft") if x else "draft"
        )
        dr = draft_by_fp.get(own)
        matches = [m.text for m in finding_from_row(r).matches if m.text]
        note = r["note"]
        if own != r["fingerprint"]:
            merged = f"与同一帖的 {id_by_fp.get(own, own[:10])} 合并为一张（同一类违规）"
            note = f"{note}；{merged}" if note else merged
        findings.append(
            {
                "id": r["id"],
                "code": r["code"],
                "rule": _rule_title(r["code"]),
                "player": r["player"],
                "day": finding_day(game, schedule, r["day"], r["tid"], r["player"]),
                "phase": r["phase"],
                "tid": r["tid"],
                "pid": r["pid"],
                "floor": r["floor"],
                "status": status,
                "suggested_card": dr.suggested if dr else (x.suggested if x else r["card"]) or "",
                "card": _decided_card(x),
                "rule_card": r["card"],  # the card the rule set suggests
                "match": " / ".join(matches),
                "excerpt": r["excerpt"],
                "reason": dr.reason if dr else "",
                "note": note,
                "link": post_link(base, r["tid"], r["pid"]) or "",
                "fingerprint": r["fingerprint"],
                "posted_at": r["posted_at"],
            }
        )
    return findings


def _rule_title(code: str) -> str:
    rule = REGISTRY.get(code)
    return rule.title if rule is not None else code


def finding_day(
    game: Game, schedule: Schedule, day: int | None, tid: int | None, player: str | None
) -> int | None:
    """A finding's day for people: its own; else (last words, posts outside every day) the
    day of its thread, else the day the player went out (the last day that opened by then)."""
    if day is not None:
        return day
    spec = game.thread(tid) if tid is not None else None
    if spec is not None and spec.day is not None:
        return spec.day
    at = schedule.eliminated_at(player) if player else None
    return schedule.last_opened(at) if at is not None else None


def _decided_card(x: Decided | None) -> str:
    return (x.card or "") if x is not None and x.decision == "approve" else ""


# The queue's order: what costs a player most first (red → yellow → blue → notices).
QUEUE_ORDER = {"red": 0, "yellow": 1, "blue": 2, "substitute": 3, "warning": 4, "none": 5}


def _basis(code: str, ruleset: RuleSet | None, house: Mapping[str, str]) -> str:
    """A card's basis: the rule's clause of the game's own rule set, else the director's own
    rules post where it forbids the thing, else what the rule set cites for the rule."""
    rule = REGISTRY.get(code)
    seed = own_citation(rule.seed, ruleset) if rule else ""
    if not seed and code in house:
        seed = house[code]
    if not seed and ruleset is not None:
        seed = plain_cite(preset_citation(code, ruleset))
    return seed


def explain_drafts(
    game: Game,
    drafts: list[dict[str, Any]],
    cards: Sequence[Mapping[str, Any]],
    standings: Sequence[Mapping[str, Any]],
    ruleset: RuleSet | None = None,
    house: Mapping[str, str] | None = None,
) -> None:
    """What the director needs next to a draft: the rule's Chinese title and seed clause
    (only the game's own rule set's clauses, :func:`~auditor.rules.ruleset.own_citation`,
    else the director's own rules post where it forbids the thing (``house``, by code:
    :func:`~auditor.report.records.house_citations`), else what the rule set cites for the
    rule), the thread, the reason in plain words (a
    clause cited once on the card: not again in the reason), the player's standing and
    earlier cards; then the queue's order."""
    standing = {s["player"]: s for s in standings}
    for d in drafts:
        rule = REGISTRY.get(d["code"])
        d["title"] = rule.title if rule else d["code"]
        d["seed"] = seed = _basis(d["code"], ruleset, house or {})
        d["thread"] = thread_name(game, d["tid"]) if d["tid"] is not None else ""
        title = kind_title(d["code"], d["kind"], ruleset) if ruleset is not None else ""
        d["plain_reason"] = titled_codes(
            plain_reason(d["reason"], d["code"], d["kind"], title, cited=seed)
        )
        d["full_reason"] = titled_codes(d["reason"])  # (the details fold: codes as titles)
        # (a post the note names by its raw address: a link titled in Chinese, from the
        # game file's forum url; the note's text says it in words, without the address)
        d["links"] = addressed_links(f"{d['reason']}；{d['note']}", game.forum.url)
        d["plain_reason"] = without_addresses(d["plain_reason"])
        d["note"] = titled_codes(plain_note(d["note"]))
        d["nolink"] = "" if d.get("link") else no_link_why(game, d.get("pid"))
        if d.get("excerpt") and without_addresses(d["excerpt"]) != d["excerpt"]:
            d["excerpt"], d["pieces"] = "", []  # (an avatar: its digest and file, no words)
        s = standing.get(d["player"])
        d["standing"] = _standing(s, ruleset)
        _escalations(d, s)
        mine = [c for c in cards if c["player"] == d["player"]]
        d["earlier"] = [c for c in mine if _given_before(c, d)]
        d["later"] = [c for c in mine if not _given_before(c, d)]
    drafts.sort(key=lambda d: QUEUE_ORDER.get(d["suggested"], 9))


def _standing(s: Mapping[str, object] | None, ruleset: RuleSet | None) -> str:
    """A player's cards as his draft's card says them (蓝 1 黄 0 红 0, 没有牌); nothing for a
    rule set without cards (``[ruleset] cards = false``: 版杀7, fh44k)."""
    if ruleset is not None and not ruleset.settings["cards"]:
        return ""
    if not s:
        return "没有牌"
    return f"蓝 {s['blue']} 黄 {s['yellow']} 红 {s['red']}{'，已罚下' if s['sent_off'] else ''}"


def _escalations(d: dict[str, object], s: Mapping[str, object] | None) -> None:
    """What approving the draft does beyond its own card, said on the card before the tap
    (判罚制度：三黄合一红、红牌罚下): ``escalation`` for the suggested card, ``escalations``
    for each colour a director may pick, ``sends_off`` the colours that make a red (the desk
    asks again for those: 红牌要再确认一次)."""
    raw = tuple(int(str(s.get(k) or 0)) if s else 0 for k in ("raw_blue", "raw_yellow", "raw_red"))
    colours = ("blue", "yellow", "red")
    said = {c: text for c in colours if (text := escalation((raw[0], raw[1], raw[2]), c))}
    d["escalations"] = said
    d["escalation"] = said.get(str(d["suggested"]), "")
    d["sends_off"] = [c for c in colours if sends_off((raw[0], raw[1], raw[2]), c)]


def no_link_why(game: Game, pid: object) -> str:
    """Why a card has no 在论坛查看这一帖: the game is read from saved pages with no forum
    address in its game file, or the card is about no one post (a day's count)."""
    if not game.forum.url:
        return "无论坛链接（保存的网页，没有论坛地址）"
    return "" if pid is not None else "无论坛链接（按整天的发言算，不是某一帖）"


def _given_before(card: Mapping[str, object], draft: Mapping[str, object]) -> bool:
    """Was ``card`` given before ``draft``'s post was written (as the ledger counts a card
    for 再犯, policy.warned_before: the decision's time against the post's, else an earlier
    day)?  Only such cards are the draft's 此前的牌; a card for a later day, or decided after
    the post, is not (a day-1 card listed a day-3 card under 此前的牌, and a 首次违规 card
    showed a same-day card decided after its post as 此前)."""
    decided = parse_time(str(card.get("decided_at") or ""))
    posted = parse_time(str(draft.get("posted_at") or ""))
    if decided is not None and posted is not None:
        return decided <= posted
    day, at = card.get("day"), draft.get("day")
    return isinstance(day, int) and isinstance(at, int) and day < at


def decided_records(
    game: Game, store: Store, led: Ledger, cards: Sequence[Mapping[str, Any]]
) -> list[dict[str, Any]]:
    """Every approved or rejected item with who decided and when (forum time), its current
    decision row (``rev``, for revising it) and whether its card was already announced."""
    reasons = {r["id"]: r["reason"] for r in store.manual_cards()}
    revs = {fp: str(r["id"]) for fp, r in store.current_decisions().items()}
    by_id = {c["id"]: c for c in cards}
    out: list[dict[str, Any]] = []
    for x in led.decided:
        rule = REGISTRY.get(x.code) if not x.manual else None
        card = by_id.get(x.id)
        out.append(
            {
                "id": x.id,
                "fingerprint": x.fingerprint,
                "player": x.player,
                "code": x.code,
                "title": reasons.get(x.id, "导演判罚")
                if x.manual
                else (rule.title if rule else x.code),
                "day": x.day,
                "decision": x.decision,
                "card": x.card or "",
                "card_name": card_name(x.card),
                "note": x.note,
                "decided_by": x.decided_by or "",
                "decided_time": local_time(x.decided_at, game),
                "manual": x.manual,
                "rev": revs.get(x.fingerprint, ""),
                "announced": bool(card is not None and not card["new"]),
            }
        )
    out.sort(key=lambda x: x["decided_time"], reverse=True)
    return out


def card_records(
    game: Game, schedule: Schedule, store: Store, led: Ledger, announce: int | None
) -> list[dict[str, Any]]:
    """Approved cards for the report and the announcement: the rule's Chinese title (a
    manual card's reason), the day the report shows for its finding (:func:`finding_day`:
    last words are on their thread's day) and whether it is new since the previous
    announcement — a card for the announced day or later, or one decided after that day
    opened (the previous day's announcement was posted before it)."""
    reasons = {r["id"]: r["reason"] for r in store.manual_cards()}
    tids = (
        {r["fingerprint"]: r["tid"] for r in store.findings(active_only=False)}
        if any(c.day is None and not c.manual for c in led.cards)
        else {}
    )
    decided = {x.id: x for x in led.decided}
    opens = None
    if announce is not None:
        spec = next((d for d in schedule.days if d.number == announce), None)
        opens = spec.opens if spec is not None else None
    out: list[dict[str, Any]] = []
    for c in led.cards:
        x = decided.get(c.id)
        rule = REGISTRY.get(c.code) if not c.manual else None
        title = reasons.get(c.id, "导演判罚") if c.manual else (rule.title if rule else c.code)
        new = (
            announce is None
            or (c.day is not None and c.day >= announce)
            or (opens is not None and c.decided_at is not None and c.decided_at >= opens)
        )
        out.append(
            {
                "id": c.id,
                "player": c.player,
                "card": c.card,
                "card_name": card_name(c.card),
                "code": c.code,
                "title": title,
                "kind": c.kind,
                "day": c.day
                if c.manual
                else finding_day(game, schedule, c.day, tids.get(c.fingerprint), c.player),
                "manual": c.manual,
                "note": x.note if x else "",
                "decided_by": (x.decided_by or "") if x else "",
                "decided_at": c.decided_at.isoformat() if c.decided_at else "",
                "new": new,
            }
        )
    return out
