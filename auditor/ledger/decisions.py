"""The director's decisions: approve (optionally recolouring) or reject a draft, add a card
no rule found, and the CSV round trip (export, edit in Excel/WPS, import).

Decisions are rows in the store's ``decisions`` table, keyed by fingerprint and never
deleted: the newest row per fingerprint is the current decision, earlier rows are the
history.  Every function here validates everything first and then writes in one
transaction, so nothing is ever half-applied.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from auditor.errors import AuditorError
from auditor.files import WriteError, os_error_text
from auditor.game.gamefile import Game
from auditor.ledger.held import ANYWAY, HeldError, Question, draft_day, refuse_held
from auditor.ledger.ledger import (
    NOT_CARDS,
    DecisionRow,
    Ledger,
    build_ledger,
    ledger_inputs,
    load_ledger,
    manual_fingerprint,
)
from auditor.ledger.policy import CARD_COLOURS, MANUAL_KIND, card_name, escalation, parse_time
from auditor.rules.engine import ruleset_for
from auditor.rules.ruleset import RuleSet
from auditor.store import CurrentDecision, DecisionRecord, FindingRow, ManualCardRow, Store
from auditor.tables import decode_csv, unneutralise, write_csv

DECISION_COLUMNS = (
    "id",
    "code",
    "player",
    "day",
    "pid",
    "excerpt",
    "suggested_card",
    "decision",
    "card",
    "note",
    "decided_by",
    "decided_at",
)
# After the twelve: ``rev`` is the id of the decision row current at export (empty
# when undecided), so an import can tell a row the other director changed since the export
# from one this director edited; ``reason`` is the suggestion's reason, for reading only.
EXPORT_COLUMNS = (*DECISION_COLUMNS, "rev", "reason")
#: The export's header as a director reads it in Excel or WPS; an import reads these or the
#: column names above (an export of an earlier version).
COLUMN_LABELS = {
    "id": "编号",
    "code": "规则",
    "player": "玩家",
    "day": "天",
    "pid": "帖子pid",
    "excerpt": "摘录",
    "suggested_card": "建议的牌",
    "decision": "决定",
    "card": "改判的牌",
    "note": "备注",
    "decided_by": "决定人",
    "decided_at": "决定时间",
    "rev": "版本（核对用，请勿修改）",
    "reason": "建议理由",
}
_COLUMN_OF = {**{c: c for c in COLUMN_LABELS}, **{v: k for k, v in COLUMN_LABELS.items()}}
# The export's last row: ``#结束`` in ``id`` and the number of decision rows in ``code``.
# An import requires it and the count: a file cut exactly at a row boundary (a spreadsheet
# or a sync tool still writing it) parses cleanly and would otherwise apply the rows before
# the cut.  It may move with a sort; only its count is checked.
TRAILER_MARK = "#结束"
TRAILER_NOTE = "行决定（导入时用来核对文件是否完整：请保留这一行）"
DECISION_NAMES = {"approve": "批准", "reject": "驳回", "undo": "撤销"}
DECIDABLE_CARDS = (*CARD_COLOURS, "substitute", "warning")
#: The longest reason of a manual card and the longest note of a decision (characters): the
#: desk's form says so too, but the server decides (a posted form need not be the page's).
MAX_REASON = 200
MAX_NOTE = 500

_DECISION_WORDS = {
    "approve": "approve",
    "approved": "approve",
    "a": "approve",
    "y": "approve",
    "yes": "approve",
    "批准": "approve",
    "通过": "approve",
    "同意": "approve",
    "是": "approve",
    "reject": "reject",
    "rejected": "reject",
    "r": "reject",
    "n": "reject",
    "no": "reject",
    "驳回": "reject",
    "拒绝": "reject",
    "否决": "reject",
    "否": "reject",
    "不罚": "reject",
    "undo": "undo",
    "撤销": "undo",
    "重置": "undo",
}
_CARD_WORDS = {
    "blue": "blue",
    "蓝": "blue",
    "蓝牌": "blue",
    "b": "blue",
    "yellow": "yellow",
    "黄": "yellow",
    "黄牌": "yellow",
    "y": "yellow",
    "red": "red",
    "红": "red",
    "红牌": "red",
    "r": "red",
    "substitute": "substitute",
    "替补": "substitute",
    "warning": "warning",
    "提醒": "warning",
    "提醒导演": "warning",
}


class DecisionError(AuditorError):
    """A decision that cannot be recorded (unknown id, bad card, bad CSV rows)."""

    exit_code = 2


def parse_decision(word: str) -> str | None:
    return _DECISION_WORDS.get(word.strip().lower()) if word.strip() else None


def parse_card(word: str) -> str | None:
    w = word.strip().lower()
    if not w:
        return None
    return _CARD_WORDS.get(w)


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def _stamp(at: datetime | None) -> str:
    return _now() if at is None else at.astimezone(UTC).isoformat(timespec="seconds")


def default_signer(game: Game, by: str | None = None) -> str:
    """Who signs a decision: ``--by``, else the game file's ``decided_by``, else the game's
    only director; it must be one of the game's directors (``[game] directors``).  Nobody
    else signs: not the operating system's user name (``root`` on a server), not a made-up
    default."""
    name = (by or "").strip() or (game.decided_by or "").strip()
    if not name and len(game.directors) == 1:  # one director: whose else could it be
        name = game.directors[0]
    directors = "、".join(game.directors)
    if not game.directors:
        raise DecisionError(
            "游戏文件 [game] directors 是空的：请先写上导演的名字（只有导演可以做决定）"
        )
    if not name:
        raise DecisionError(
            f"请用 --by 写明是哪位导演做的决定（本局导演：{directors}），"
            f'或在游戏文件 [game] 写 decided_by = "{game.directors[0]}"'
        )
    if name not in game.directors:
        import difflib

        near = difflib.get_close_matches(name, game.directors, n=1, cutoff=0.3)
        hint = f"，是不是 {near[0]}？" if near else ""
        raise DecisionError(
            f"{name} 不是本局的导演（游戏文件 [game] directors：{directors}）{hint}"
        )
    return name


def state_text(decision: str | None, card: str | None, suggested: str | None = None) -> str:
    """批准（黄牌） / 驳回 / 撤销, for messages. A notice (``suggested`` 不处罚 / 提醒导演)
    is no card: read it says 知悉, closed 关闭提醒, never 批准/驳回."""
    word = DECISION_NAMES.get(decision or "", decision or "")
    if card is None and suggested in NOT_CARDS:
        card = suggested  # (a notice approved without a colour: read, not 批准)
    notice = suggested in NOT_CARDS or (suggested is None and card in NOT_CARDS)
    if decision == "approve" and card in NOT_CARDS:
        word = "知悉"  # a notice read, not a card approved
    elif decision == "reject" and notice:
        return "关闭提醒"
    return f"{word}（{card_name(card)}）" if decision == "approve" and card else word


class Overlay:
    """The ledger as one decision or one import sees it: its inputs read from the store
    once, the decisions so far on top (an import's earlier rows), and a ledger built again
    only after a decision changed — so an import costs one ledger per row it records, not
    three ledgers and three reads of every finding per row."""

    def __init__(self, game: Game, ruleset: RuleSet, store: Store) -> None:
        self.game, self.ruleset = game, ruleset
        self.findings, self.decisions, self.manual = ledger_inputs(store)
        self._ledger: Ledger | None = None
        self._suggested: dict[str, str | None] = {}

    def record(self, rec: Mapping[str, Any]) -> None:
        """A decision recorded by this import (``undo``: back to a draft)."""
        if rec["decision"] == "undo":
            self.decisions.pop(rec["fingerprint"], None)
        else:
            self.decisions[rec["fingerprint"]] = DecisionRow.of(rec)
        self._ledger = None
        self._suggested.clear()

    def ledger(self) -> Ledger:
        if self._ledger is None:
            self._ledger = build_ledger(
                self.game, self.ruleset, self.findings, self.decisions, self.manual
            )
        return self._ledger

    def suggestion(self, fingerprint: str) -> str | None:
        """The card the policy suggests for a finding as if it were still undecided."""
        if fingerprint in self._suggested:
            return self._suggested[fingerprint]
        if fingerprint in self.decisions:
            others = {fp: d for fp, d in self.decisions.items() if fp != fingerprint}
            led = build_ledger(self.game, self.ruleset, self.findings, others, self.manual)
        else:
            led = self.ledger()
        d = led.draft(fingerprint)
        self._suggested[fingerprint] = d.suggested if d else None
        return self._suggested[fingerprint]


@dataclass(frozen=True, slots=True)
class Recorded:
    id: str
    player: str
    decision: str
    card: str | None
    before: str = ""  # the decision it replaced, in words (state_text); "" when undecided
    kept_card: bool = False  # approved again without a colour: the earlier colour was kept
    suggested: str | None = None  # what the rules suggested: a notice (不处罚/提醒导演) is no card
    escalation: str = ""  # what the card did beyond itself: 「这是第3张黄牌 → 红牌罚下」


def _decision_row(
    game: Game,
    ruleset: RuleSet,
    store: Store,
    ident: str,
    decision: str,
    card: str | None,
    note: str,
    by: str | None,
    source: str,
    overlay: Overlay | None = None,
    at: datetime | None = None,
    keep_card: bool = False,
) -> tuple[dict[str, Any], Recorded]:
    row = store.find_decidable(ident)
    if row is None:
        raise DecisionError(
            f"找不到编号为 {ident} 的草稿或牌（运行 auditor ledger 或查看报告中的编号）"
        )
    _check_choice(decision, card, note)
    refuse_colour(ruleset, card)
    fp = row["fingerprint"]
    manual = str(row["id"]).startswith("M")  # manual card ids start with M, findings with F
    view = overlay or Overlay(game, ruleset, store)
    if not manual:
        row, fp = _merged_head(store, view, row, fp)
    if manual and decision == "undo":
        raise DecisionError(
            f"{row['id']} 是导演手动添加的牌，没有草稿可以退回：手动牌请用 reject 撤销"
        )
    suggested = row["card"] if manual else view.suggestion(fp) or row["card"]
    old = view.decisions.get(fp)
    before = (
        state_text(old.decision, old.card or old.suggested, old.suggested)
        if old is not None
        else ""
    )
    kept = _kept_card(decision, card, old) if keep_card else None
    card = kept or card
    # Approving without a colour of one's own stores no card: the card then follows the
    # policy (the ledger resolves it), so a yellow that escalated a blue the director later
    # rejects becomes a blue again.
    stored = card if decision == "approve" else None
    record = {
        "fingerprint": fp,
        "finding_id": row["id"],
        "decision": decision,
        "card": stored,
        "suggested": suggested,
        "note": note,
        "decided_by": default_signer(game, by),
        "decided_at": _stamp(at),
        "source": source,
    }
    shown = (card or suggested) if decision == "approve" else None
    recorded = Recorded(
        row["id"],
        row["player"],
        decision,
        shown,
        before,
        kept is not None,
        suggested,
        _escalation(view, row["player"], shown) if old is None else "",
    )
    return record, recorded


def _escalation(view: Overlay, player: str, card: str | None) -> str:
    """What a new card does to the player's approved cards beyond itself (三黄合一红)."""
    s = view.ledger().standing(player) if card in CARD_COLOURS else None
    raw = (s.standing.raw_blue, s.standing.raw_yellow, s.standing.raw_red) if s else (0, 0, 0)
    return escalation(raw, card) if card is not None else ""


#: Refusal of a colour in a rule set without cards (the rule set's own words).
NO_CARDS_MESSAGE = (
    "这个规则集没有牌（[ruleset] cards = false）：只能是 "
    "warning（提醒导演）、none（不处罚，即驳回）或 substitute（替补）"
)


def refuse_colour(rs: RuleSet, card: str | None) -> None:
    """A rule set without cards (版杀7) takes no colour from the director either."""
    if card in CARD_COLOURS and not rs.settings["cards"]:
        raise DecisionError(NO_CARDS_MESSAGE)


def _check_choice(decision: str, card: str | None, note: str) -> None:
    if decision not in ("approve", "reject", "undo"):
        raise DecisionError(
            f"未知的决定 {decision!r}：应为 approve（批准）、reject（驳回）或 undo（撤销）"
        )
    if card is not None and card not in DECIDABLE_CARDS:
        raise DecisionError(f"未知的牌 {card!r}：可用 {', '.join(DECIDABLE_CARDS)}")
    if len(note) > MAX_NOTE:
        raise DecisionError(f"备注最长 {MAX_NOTE} 字（现在 {len(note)} 字）：请写短一些")


def _merged_head(
    store: Store, view: Overlay, row: FindingRow | ManualCardRow, fp: str
) -> tuple[FindingRow | ManualCardRow, str]:
    """A finding merged into another of the same kind on the same post: the decision
    belongs to the draft the director sees (one card per clause)."""
    head = view.ledger().merged.get(fp)
    if head is not None:
        head_row = store.finding(head)
        if head_row is not None:
            return head_row, head
    return row, fp


def _kept_card(decision: str, card: str | None, old: DecisionRow | None) -> str | None:
    """Approving again without a colour keeps an earlier explicit one (a second
    `decide ID approve` must not turn an approved yellow into the suggested blue)."""
    if decision == "approve" and card is None and old is not None and old.decision == "approve":
        return old.card or None
    return None


def decide(
    game: Game,
    store: Store,
    ident: str,
    decision: str,
    *,
    card: str | None = None,
    note: str = "",
    by: str | None = None,
    source: str = "decide",
    ruleset: RuleSet | None = None,
    at: datetime | None = None,
    expected: str | None = None,
    questions: Mapping[int, Sequence[Question]] | None = None,
    anyway: bool = False,
) -> Recorded:
    """Record one decision on a draft (or change an earlier one; history is kept).  ``at``
    is the decision's time (default: now); escalation counts a card from that moment.

    ``questions``: the days' open questions (:func:`auditor.ledger.held.open_questions`):
    approving a draft held by one is refused (:class:`~auditor.ledger.held.HeldError`)
    unless ``anyway`` (仍然批准, written into the decision's note).
    ``expected`` is the :func:`current_rev` the director saw ("" = undecided): when another
    director decided the draft since, :class:`StaleDecisionError` names who and when and
    nothing is recorded."""
    rs = ruleset or ruleset_for(game)
    if questions:
        note = _held_note(
            game, store, ident, decision, note, questions, anyway=anyway, source=source
        )
    with store.transaction():  # nobody decides between the stale check and the write
        record, rec = _decision_row(
            game, rs, store, ident, decision, card, note, by, source, at=at, keep_card=True
        )
        if expected is not None:
            if _said_again(store, record, expected):
                return rec  # the same request again (a lost answer retried): recorded once
            _refuse_stale(game, store, record["fingerprint"], ident, expected)
        store.add_decisions([record])
    return rec


def _held_note(
    game: Game,
    store: Store,
    ident: str,
    decision: str,
    note: str,
    questions: Mapping[int, Sequence[Question]],
    *,
    anyway: bool,
    source: str,
) -> str:
    """The note with 仍然批准 added when a held draft is approved anyway; refuses it
    without (:func:`auditor.ledger.held.refuse_held`: the refusal says how to approve
    anyway where ``source`` decides)."""
    row = store.find_decidable(ident)
    if not isinstance(row, FindingRow):
        return note  # (a manual card is the director's own: never held)
    day = draft_day(game, row.day, row.tid, row.posted_at)
    said = refuse_held(
        row.code, day, questions, decision, anyway=anyway, source=source, player=row.player
    )
    return "；".join(x for x in (note, said) if x)


def _said_again(store: Store, record: Mapping[str, object], expected: str) -> bool:
    """Is ``record`` the decision already newest on its draft, by the same director, made
    since ``expected`` was shown?  A page whose answer was lost on the way (a dropped
    connection) sends the same decision again; it is the one decision, not a stale one."""
    fingerprint = str(record["fingerprint"])
    history = store.decision_history(fingerprint)
    if not history or current_rev(store, fingerprint) == expected.strip():
        return False
    newest = history[-1]
    return all(newest[k] == record[k] for k in ("decision", "card", "note", "decided_by"))


class StaleDecisionError(DecisionError):
    """The draft was decided by someone else after the director saw it."""


def current_rev(store: Store, fingerprint: str) -> str:
    """The id of the current decision row on ``fingerprint`` ("" when undecided): what a
    director saw, to be given back as ``expected`` when deciding."""
    history = store.decision_history(fingerprint)
    return str(history[-1]["id"]) if history and history[-1]["decision"] != "undo" else ""


def _refuse_stale(game: Game, store: Store, fp: str, ident: str, expected: str) -> None:
    if current_rev(store, fp) == expected.strip():
        return
    history = store.decision_history(fp)
    newest = history[-1]
    who = newest["decided_by"] or "另一位导演"
    t = parse_time(newest["decided_at"])
    when = t.astimezone(game.timezone).strftime("%m-%d %H:%M:%S") if t else newest["decided_at"]
    state = state_text(
        newest["decision"], newest["card"] or newest["suggested"], newest["suggested"]
    )
    raise StaleDecisionError(
        f"{ident} 已在 {when}（论坛时间）被 {who} 改为 {state}：没有记录你的决定，请刷新后再决定"
    )


class DuplicateCardError(DecisionError):
    """The same manual card again (:func:`add_card`): said, not added."""


def add_card(
    game: Game,
    store: Store,
    player: str,
    card: str,
    reason: str,
    *,
    day: int | None = None,
    kind: str | None = None,
    by: str | None = None,
    again: bool = False,
    at: datetime | None = None,
) -> str:
    """A card no rule found (missed deadline, cheating): approved at once.  Returns its id.

    ``at``: the time the game is judged at (:func:`auditor.pipeline.game_now`), the one its
    decisions are stamped with — one clock (fh45: a card added on the machine's clock, days
    after the saved pages' time, came back under 「本次新增」 the next night and was said to
    be judged after posts it came before); None: now.

    The same card again (player, colour, reason and day of one that stands: not withdrawn)
    is refused unless ``again``: a command run twice, or a form sent twice, is not a
    second offence."""
    if card not in DECIDABLE_CARDS:
        raise DecisionError(f"未知的牌 {card!r}：可用 {', '.join(DECIDABLE_CARDS)}")
    refuse_colour(ruleset_for(game), card)
    if player not in game.players:
        raise DecisionError(f"{player} 不是本局的玩家（游戏文件 [players] names）")
    if not reason.strip():
        raise DecisionError("请用 --reason 写明判罚理由")
    if len(reason) > MAX_REASON:
        raise DecisionError(f"判罚理由最长 {MAX_REASON} 字（现在 {len(reason)} 字）：请写短一些")
    if day is not None and game.day(day) is None:
        found = "（这局的天从论坛上发现：先运行 auditor crawl 或 audit）" if game.discovers else ""
        raise DecisionError(f"游戏文件中没有第 {day} 天{found}")
    if not again:
        withdrawn = {
            fp for fp, row in store.current_decisions().items() if row["decision"] == "reject"
        }
        for row in store.manual_cards():
            same = (row["player"], row["card"], row["reason"].strip(), row["day"])
            if same == (player, card, reason.strip(), day) and row["fingerprint"] not in withdrawn:
                when = f"第 {day} 天，" if day is not None else ""
                raise DuplicateCardError(
                    f"{player} 已有一张同样的牌 {row['id']}（{when}{card_name(card)}，{reason}），"
                    "没有再加"
                )
    fp, mid = manual_fingerprint(player, card, reason, _now() + str(len(store.manual_cards())))
    store.add_manual_card(
        fingerprint=fp,
        id=mid,
        player=player,
        card=card,
        kind=kind or MANUAL_KIND,
        day=day,
        reason=reason,
        by=default_signer(game, by),
        at=None if at is None else _stamp(at),
    )
    return mid


# --------------------------------------------------------------------------- CSV round trip


def decision_records(ledger: Ledger, revs: Mapping[str, Any] | None = None) -> list[dict[str, Any]]:
    """Rows for the decisions CSV: every draft (undecided), then every decided item.

    An approval that took the suggestion has an empty ``card`` and the card it currently
    stands for in ``suggested_card``; ``rev`` is the current decision row's id."""
    revs = revs or {}
    rows: list[dict[str, Any]] = []
    for d in ledger.drafts:
        rows.append(
            {
                "id": d.id,
                "code": d.code,
                "player": d.player,
                "day": d.day,
                "pid": d.pid,
                "excerpt": d.excerpt,
                "suggested_card": d.suggested,
                "decision": "",
                "card": "",
                "note": "",
                "decided_by": "",
                "decided_at": "",
                "rev": "",
                "reason": d.reason,
            }
        )
    for x in ledger.decided:
        rows.append(
            {
                "id": x.id,
                "code": x.code,
                "player": x.player,
                "day": x.day,
                "pid": None,
                "excerpt": "",
                "suggested_card": (x.card if x.follows else x.suggested) or "",
                "decision": x.decision,
                "card": "" if x.follows else (x.card or ""),
                "note": x.note,
                "decided_by": x.decided_by or "",
                "decided_at": x.decided_at,
                "rev": revs.get(x.fingerprint, ""),
                "reason": "",
            }
        )
    return rows


def export_decisions(game: Game, store: Store, path: Path) -> int:
    """Write the decisions CSV (UTF-8 with BOM, formulas neutralised).  Returns the rows."""
    led = load_ledger(game, store)
    revs = {fp: str(r["id"]) for fp, r in store.current_decisions().items()}
    rows = decision_records(led, revs)
    # Decided findings: add their excerpt and pid from the stored finding.
    by_id = {r["id"]: r for r in store.findings(active_only=False)}
    for r in rows:
        f = by_id.get(r["id"])
        if f is not None and not r["excerpt"]:
            r["excerpt"], r["pid"] = f["excerpt"], f["pid"]
        # for people: the forum's local time with its offset (the store keeps UTC); import
        # never reads this column, so any offset (or a spreadsheet's retyping) is fine
        t = parse_time(r["decided_at"])
        if t is not None:
            r["decided_at"] = t.astimezone(game.timezone).isoformat(timespec="seconds")
    for r in rows:  # (in the directors' words: an import reads them, and the ids too)
        r["decision"] = DECISION_NAMES.get(r["decision"], r["decision"])
        r["suggested_card"] = card_name(r["suggested_card"])
        r["card"] = card_name(r["card"])
    trailer = {"id": TRAILER_MARK, "code": len(rows), "player": TRAILER_NOTE}
    try:
        write_csv(
            path, EXPORT_COLUMNS, [*rows, trailer], [COLUMN_LABELS[c] for c in EXPORT_COLUMNS]
        )
    except OSError as exc:
        raise WriteError(path, exc) from None
    return len(rows)


@dataclass(frozen=True, slots=True)
class ImportResult:
    applied: int
    unchanged: int
    blank: int
    # rows the file left as exported that another director decided again since: theirs
    # stands (the file does not overturn it, nor is it refused for a row it did not touch)
    theirs: int = 0


def _read_header(reader: Any, path: Path) -> list[str]:
    try:
        cells = [h.strip() for h in next(reader)]
    except StopIteration:
        raise DecisionError(f"{path}：文件是空的") from None
    # (the directors' labels, or the column names of an earlier version's export)
    header = [_COLUMN_OF.get(h, h) for h in cells]
    if header[: len(DECISION_COLUMNS)] != list(DECISION_COLUMNS):
        labels = "、".join(COLUMN_LABELS[c] for c in (*DECISION_COLUMNS, "rev"))
        raise DecisionError(f"{path}：第 1 行的列应当依次是 {labels}")
    if "rev" not in header:
        raise DecisionError(
            f"{path}：第 1 行缺少“{COLUMN_LABELS['rev']}”列（旧版本导出的文件？）："
            "请重新运行 auditor decisions export 导出后再编辑"
        )
    return header


def _short_row(line: int, cells: list[str], header: list[str]) -> str | None:
    """A row without every column up to ``rev``: a file still being saved (Excel, WPS, a
    sync tool) ends mid-row, and the whole file is refused rather than the rows before."""
    if len(cells) >= len(header):
        return None
    return (
        f"第 {line} 行不完整（{len(cells)} 列，应有 {len(header)} 列，缺少“版本”列）："
        "文件可能还没有保存完，请在表格软件里保存并关闭后再导入"
    )


def _trailer_problem(path: Path, counts: list[tuple[int, str]], rows: int) -> str | None:
    """What is wrong with the export's closing row(s), given as (line, count cell)."""
    if not counts:
        return (
            f"{path}：文件最后没有结束行（编号为 {TRAILER_MARK} 的一行）：文件可能没有保存完"
            "（在一行的末尾被截断），或是旧版本导出的文件。没有导入任何决定：请重新运行 "
            "auditor decisions export 导出后再编辑，编辑时保留这一行"
        )
    if len(counts) > 1:
        lines = "、".join(str(line) for line, _ in counts)
        return f"{path}：第 {lines} 行都是结束行（{TRAILER_MARK}），只能有一行。没有导入任何决定"
    line, cell = counts[0]
    try:
        expected = int(cell.strip())
    except ValueError:
        return (
            f"{path}：第 {line} 行（结束行）的“规则”列应当是导出的行数，现在是 {cell!r}。"
            "没有导入任何决定"
        )
    if expected != rows:
        return (
            f"{path}：结束行（第 {line} 行）说导出了 {expected} 行，文件里有 {rows} 行："
            "文件可能还没有保存完，或者删掉或多出了行（不想改的行保留原样即可，不用删）。"
            "没有导入任何决定：请保存并关闭表格软件后再导入，或重新导出"
        )
    return None


def import_decisions(
    game: Game,
    store: Store,
    path: Path,
    *,
    by: str | None = None,
    questions: Mapping[int, Sequence[Question]] | None = None,
) -> ImportResult:
    """Apply a decisions CSV edited in a spreadsheet: all rows or none.

    Accepts UTF-8, UTF-8 with BOM and GB18030; undoes the formula neutralisation; the
    ``decided_at`` column is for reading only (the export writes forum time with its offset;
    any offset, or a spreadsheet's retyping, is accepted and ignored: an imported decision is
    stamped with the import's moment); rows
    with an empty ``decision`` are left undecided; rows equal to the current decision are
    not recorded again.  Bad rows raise :class:`DecisionError` listing every line, among
    them:

    * a row whose decision the other director changed after the export (its ``rev`` is no
      longer the current decision) and that this file changes too: re-export (a row this
      file leaves as exported is passed over: the other director's decision stands);
    * an approval with an empty ``card`` whose ``suggested_card`` is no longer what the
      policy suggests (the director would get a card he did not see): fill ``card`` in;
    * a file without the export's closing ``#结束`` row, or whose row count differs from
      the one it states: a file cut at a row boundary (still being saved), or an export of
      an older version (export again).

    The decisions are signed ``by`` (else the game's ``decided_by``), unless the director
    typed another name into ``decided_by`` than the export had.  All rows of one import
    are decided at one moment, after every post they judge, so they never escalate each
    other (判罚后再犯才升级).

    ``questions`` (:func:`auditor.ledger.held.open_questions`): a row approving a draft
    held by its day's open question is an error unless its note says 仍然批准.
    """
    reader = csv.reader(io.StringIO(_read_csv_text(path), newline=""))
    header = _read_header(reader, path)
    rs = ruleset_for(game)
    try:
        signer: str | None = default_signer(game, by)
        no_signer = ""
    except DecisionError as exc:  # rows that name their director may still be signed
        signer, no_signer = None, str(exc)
    stamp = _now()
    with store.transaction():  # nobody decides between these checks and the write
        run = _Import(game, rs, store, header, signer, no_signer, stamp)
        run.questions = questions or {}
        for cells in reader:
            run.take(reader.line_num, cells)
        cut = None if run.cut_mid_row else _trailer_problem(path, run.trailers, run.rows)
        if cut:  # the file is not the whole export: its rows' own errors are beside the point
            raise DecisionError(cut)
        if run.errors:
            raise DecisionError(
                f"{path}：{len(run.errors)} 行有错误，没有导入任何决定：\n" + "\n".join(run.errors)
            )
        store.add_decisions(run.records)
    return ImportResult(
        applied=len(run.records), unchanged=run.unchanged, blank=run.blank, theirs=run.theirs
    )


def _read_csv_text(path: Path) -> str:
    try:
        return decode_csv(path.read_bytes())
    except UnicodeDecodeError:
        raise DecisionError(f"{path}：无法识别的编码（请另存为 UTF-8 或 GBK 的 CSV）") from None
    except OSError as exc:
        raise DecisionError(f"无法读取 {path}：{os_error_text(exc)}") from None


class _RowError(Exception):
    """One row's problem (its text without the line): listed, and the import reads on."""


class _Import:
    """One import's pass over the file, row by row, inside its transaction: the decisions it
    will record, what it counted and every row's problem.  Later rows see the earlier
    ones' decisions (an :class:`Overlay`), as if decided one by one."""

    def __init__(
        self,
        game: Game,
        ruleset: RuleSet,
        store: Store,
        header: list[str],
        signer: str | None,
        no_signer: str,
        stamp: str,
    ) -> None:
        self.game, self.ruleset, self.store, self.header = game, ruleset, store, header
        self.signer, self.no_signer, self.stamp = signer, no_signer, stamp
        self.current = store.current_decisions()
        self.overlay = Overlay(game, ruleset, store)
        self.errors: list[str] = []
        self.records: list[dict[str, Any]] = []
        self.seen: dict[str, int] = {}  # id → the line it was first on
        self.rows = self.unchanged = self.blank = self.theirs = 0
        self.cut_mid_row = False
        self.trailers: list[tuple[int, str]] = []  # (line, count cell) of the closing row(s)
        self.questions: Mapping[int, Sequence[Question]] = {}  # the days' open questions

    def take(self, line: int, cells: list[str]) -> None:
        """One line of the file: skipped, counted, recorded or its problem listed."""
        if not any(c.strip() for c in cells):
            return
        short = _short_row(line, cells, self.header)
        if short:
            self.errors.append(short)
            self.cut_mid_row = True
            return
        if cells[0].strip() == TRAILER_MARK:
            self.trailers.append((line, cells[1]))
            return
        self.rows += 1
        row = dict(zip(self.header, [unneutralise(c) for c in cells], strict=False))
        try:
            self._decide(line, row)
        except _RowError as exc:
            self.errors.append(f"第 {line} 行：{exc}")

    def _decide(self, line: int, row: dict[str, str]) -> None:
        """A row of decisions: left blank, unchanged, the other director's (theirs
        stands) or recorded; its problem raised as :class:`_RowError`."""
        ident = self._ident(line, row)
        decision, card = _row_choice(row)
        note = row["note"].strip()
        if decision is None:
            if row["card"].strip() or note:
                raise _RowError("填了牌或备注，但“决定”是空的")
            self.blank += 1
            return
        found = self._found(ident, row)
        fp = found["fingerprint"]
        old = self.current.get(fp)
        choice = (decision, card, note)
        if _same_choice(old, choice):
            self.unchanged += 1
            return
        rev = row.get("rev", "").strip()
        exported = self.store.decision(rev) if rev else None
        if rev != (str(old["id"]) if old is not None else ""):
            if _same_choice(exported, choice):
                self.theirs += 1  # (left as exported here, decided again there: theirs stands)
                return
            raise _RowError(self._changed_since(ident, fp))
        if decision == "approve" and card is None and not str(found["id"]).startswith("M"):
            self._check_suggestion(ident, fp, row)
        who_signs = self._signer(line, row, exported)
        try:
            if self.questions:
                anyway = ANYWAY in note
                note = _held_note(
                    self.game,
                    self.store,
                    ident,
                    decision,
                    note,
                    self.questions,
                    anyway=anyway,
                    source="import",
                )
            rec, _ = _decision_row(
                self.game,
                self.ruleset,
                self.store,
                ident,
                decision,
                card,
                note,
                who_signs,
                "import",
                self.overlay,
            )
        except (DecisionError, HeldError) as exc:
            raise _RowError(str(exc)) from None
        rec["decided_at"] = self.stamp
        self.records.append(rec)
        # Later rows see this one, as if decided one by one (at the import's moment).
        self.overlay.record(rec)

    def _ident(self, line: int, row: Mapping[str, str]) -> str:
        ident = row["id"].strip()
        if not ident:
            raise _RowError("缺少编号")
        if ident in self.seen:
            raise _RowError(f"编号 {ident} 与第 {self.seen[ident]} 行重复")
        self.seen[ident] = line
        return ident

    def _found(self, ident: str, row: Mapping[str, str]) -> FindingRow | ManualCardRow:
        """The draft or card the row decides, which must be the row's player's."""
        found = self.store.find_decidable(ident)
        if found is None:
            raise _RowError(f"找不到编号 {ident}")
        player = row["player"].strip()
        if player and player != found["player"]:
            raise _RowError(f"编号 {ident} 属于 {found['player']}，不是 {player}（行是否错位？）")
        return found

    def _changed_since(self, ident: str, fp: str) -> str:
        """A row the other director decided again after the export, and this file too."""
        history = self.store.decision_history(fp)
        newest = history[-1] if history else None
        who = (newest["decided_by"] if newest is not None else None) or "另一位导演"
        now_state = (
            state_text(
                newest["decision"], newest["card"] or newest["suggested"], newest["suggested"]
            )
            if newest is not None
            else "未决定"
        )
        return f"{ident} 在导出后已被 {who} 改为 {now_state}，请重新导出"

    def _check_suggestion(self, ident: str, fp: str, row: Mapping[str, str]) -> None:
        """An approval without a card of its own must get the card the director saw."""
        shown = parse_card(row["suggested_card"])
        now_suggested = self.overlay.suggestion(fp)
        if shown is not None and now_suggested is not None and shown != now_suggested:
            raise _RowError(
                f"{ident} 的建议已从{card_name(shown)}变为{card_name(now_suggested)}"
                "（导出后有别的牌被批准或驳回）：请在“改判的牌”列写明要判的牌，或重新导出"
            )

    def _signer(self, line: int, row: Mapping[str, str], exported: DecisionRecord | None) -> str:
        """Who signs a row: the name typed into it over the export's, else the import's
        signer; neither is an error of the whole import, not of the row."""
        exported_by = (exported["decided_by"] or "") if exported is not None else ""
        typed = row["decided_by"].strip()
        who_signs = typed if typed and typed != exported_by else self.signer
        if who_signs is None:
            raise DecisionError(f"第 {line} 行：{self.no_signer}")
        return who_signs


def _same_choice(
    d: CurrentDecision | DecisionRecord | None, choice: tuple[str, str | None, str]
) -> bool:
    """Whether a stored decision row is ``choice`` (decision, card, note)."""
    return d is not None and (d["decision"], d["card"], d["note"] or "") == choice


def _row_choice(row: Mapping[str, str]) -> tuple[str | None, str | None]:
    """A row's decision and card, read from the directors' words (None: left empty)."""
    raw_decision = row["decision"].strip()
    decision = parse_decision(raw_decision)
    if raw_decision and decision is None:
        raise _RowError(
            f"无法识别的决定 {raw_decision!r}（批准 approve / 驳回 reject / 撤销 undo）"
        )
    raw_card = row["card"].strip()
    card = parse_card(raw_card)
    if raw_card and card is None:
        raise _RowError(
            f"无法识别的牌 {raw_card!r}（蓝 blue / 黄 yellow / 红 red / 替补 substitute）"
        )
    return decision, card


def describe(rec: Recorded) -> str:
    """What a decision did, with what it replaced (之前：…). A notice (不处罚 / 提醒导演)
    is no card: approving it as it is says 已知悉, rejecting it 已关闭, never 已批准/已驳回."""
    notice = rec.suggested in NOT_CARDS
    if rec.decision == "approve" and rec.card in NOT_CARDS:
        text = f"已知悉 {rec.id}（{rec.player}，{card_name(rec.card)}：提醒，不出牌）"
    elif rec.decision == "approve":
        text = f"已批准 {rec.id}：{rec.player} {card_name(rec.card)}"
        text += f"（{rec.escalation}）" if rec.escalation else ""
    elif rec.decision == "reject" and notice:
        text = f"已关闭提醒 {rec.id}（{rec.player}，{card_name(rec.suggested)}）：不会再提醒"
    elif rec.decision == "reject":
        text = f"已驳回 {rec.id}（{rec.player}）：不会再作为草稿出现"
    elif notice:
        text = f"已撤销 {rec.id} 的决定（{rec.player}）：重新成为待看的提醒"
    else:
        text = f"已撤销 {rec.id} 的决定（{rec.player}）：重新成为草稿"
    now = state_text(rec.decision, rec.card, rec.suggested)
    if not rec.before:
        return text + ("（之前未决定）" if rec.decision != "undo" else "")
    if rec.before == now:
        change = f"（与之前相同：{rec.before}"
    else:
        change = f"（之前：{rec.before} → 现在：{now}"
    if rec.kept_card:
        change += f"；没有给 --card，保留之前的{card_name(rec.card)}"
    return text + change + "）"
