"""The report's records, built once: every view (HTML, CSV, BBCode) reads these and nothing
else (sqlfluff's ``as_records()`` idea), so the views cannot disagree.

Sources: the records the check stored (:mod:`auditor.rules.records`: activity cells with
their lurk verdicts, the 电梯, ballots, tallies and rounds, proposals), the stored findings
and the ledger (:mod:`auditor.ledger.ledger`), the game's schedule, and the store's runs
table (crawl problems).  Nothing here re-judges a post or re-tallies a vote.  A failed
optional stage (votes) degrades to a note in the report's problems, never to a missing
report.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any

from auditor.game.confirm import THREAD_LABEL
from auditor.game.gamefile import DaySpec, EventType, Game, ThreadKind
from auditor.game.schedule import Schedule
from auditor.ledger.held import (
    Question,
    day_answers,
    day_at,
    draft_day,
    held_words,
    holding_day,
    leave_posts,
    locked,
    open_questions,
    unanswered_conflicts,
)
from auditor.ledger.ledger import (
    NOT_CARDS,
    Ledger,
    is_card_draft,
    load_ledger,
    silent_substitutes,
)
from auditor.ledger.policy import card_name
from auditor.models import Post
from auditor.report.activity import (
    LastWords,
    announce_day,
    chart,
    daily_threshold,
    elevator,
    last_words,
    lurk_rule_text,
    lurk_units,
    lurking_list,
    lurks,
)
from auditor.report.changes import crawl_problems, forum_changes
from auditor.report.findings import (
    card_records,
    decided_records,
    explain_drafts,
    finding_day,
    finding_rows,
    titled_codes,
)
from auditor.report.labels import (
    CHANGE_NAMES,
    KIND_NAMES,
    OUTCOME_NAMES,
    THREAD_KIND_NAMES,
    forum_base,
    highlight,
    local_time,
    plain_note,
    post_link,
    post_time,
    round_label,
    set_aside_votes,
    thread_name,
)
from auditor.report.script import directors_script
from auditor.rules.base import Context
from auditor.rules.engine import (
    api_warning,
    bans_notices,
    build_context,
    minimum_notice,
    ruleset_for,
    space_warning,
    stored_records,
    substitute_warnings,
)
from auditor.rules.records import Cell, CheckRecords
from auditor.rules.records import derive as derive_records
from auditor.rules.registry import REGISTRY
from auditor.rules.ruleset import RuleSet, load_ruleset
from auditor.rules.stated import stated_bans
from auditor.rules.votebook import PROBLEM_TEXT
from auditor.rulesets import names as ruleset_names
from auditor.store import Store
from auditor.urls import findpost_link

# What other modules import from here (the records' public face).
__all__ = [
    "ACTIVITY_CSV",
    "BALLOT_EXTRA",
    "FINDINGS_CSV",
    "LEDGER_CSV",
    "TALLY_CSV",
    "VOTES_CSV",
    "Records",
    "build_records",
    "checked_records",
    "finding_day",
    "finding_rows",
    "findings_in_words",
    "forum_base",
    "game_notices",
    "highlight",
    "post_link",
    "post_time",
    "standing_records",
]

ACTIVITY_CSV = (  # the CLI's ``activity --format csv`` columns first (issue 3), then ours
    "player",
    "day",
    "phase",
    "posts",
    "accelerated",
    "alive",
    "votes",
    "min_posts",
    "below",
    "closed",
    "lurk_days",
    "phase_name",
)
VOTES_CSV = (
    "day",
    "voter",
    "target",
    "kind",
    "valid",
    "problem",
    "weight",
    "pid",
    "posted_at",
    "proxy",
    "round",
    "floor",
    "tid",
    "note",
)
TALLY_CSV = ("day", "round", "target", "votes", "outcome", "voters", "reason")
FINDINGS_CSV = (  # rule: the rule's Chinese title a director reads; code: for tools
    "id",
    "rule",
    "code",
    "player",
    "day",
    "phase",
    "tid",
    "pid",
    "floor",
    "status",
    "suggested_card",
    "card",
    "match",
    "excerpt",
    "reason",
    "note",
    "link",
)
LEDGER_CSV = (
    "player",
    "blue",
    "yellow",
    "red",
    "sent_off",
    "pending",
    "raw_blue",
    "raw_yellow",
    "raw_red",
    "actions",
)

Row = dict[str, Any]  # a view's row: its columns by name
#: The rules whose findings are 发言不足 (the summary's tile): a day's, three days'.
LURK_CODES = ("LURK-DAY", "LURK-3DAYS")


@dataclass(frozen=True, slots=True)
class DraftInputs:
    """What the director's 票型 and 投票提醒 are made from beside the records: the days, the
    rule set's settings and their citations, and the time the records are for."""

    days: tuple[DaySpec, ...]
    settings: Mapping[str, object]
    sources: Mapping[str, Mapping[str, str]]
    now: datetime


@dataclass(slots=True)
class Records:
    game: dict[str, Any]
    summary: dict[str, Any]
    problems: list[str]
    days: list[dict[str, Any]]
    players: list[str]
    activity: list[dict[str, Any]]  # player × day
    matrix: list[dict[str, Any]]  # one row per player, cells per day
    votes: list[dict[str, Any]]
    tally: list[dict[str, Any]]
    rounds: list[dict[str, Any]]  # per voting round: sheriff weights, abstained, non-voters
    changes: list[dict[str, Any]]  # 论坛上的变动: posts edited / deleted / hidden (HTML only)
    changes_since: str  # forum local time of the previous report ("" = never)
    findings: list[dict[str, Any]]
    drafts: list[dict[str, Any]]
    cards: list[dict[str, Any]]
    standings: list[dict[str, Any]]
    warnings: list[str]
    faction_losses: list[dict[str, Any]]  # 030: factions with two approved reds
    # day -> [{player, posts: [{floor, pid, tid, link}], threads, out}] (each day built when read)
    elevator: Mapping[int, Sequence[dict[str, Any]]]
    chart: dict[str, Any]
    announce_day: int | None
    votes_available: bool = True
    ledger: Ledger = field(default_factory=Ledger)
    # the game file disagrees with the forum or the tally, or forces a source some enabled
    # rule cannot read: shown first, above the crawl problems
    notices: list[str] = field(default_factory=list)
    # the links of the posts a notice asks about, by its text (a tally's conflict: 计票待核对)
    notice_links: dict[str, list[str]] = field(default_factory=dict)
    # a game that discovers its state: counts of what came from the forum, proposals,
    # warnings and threads not taken (empty for a game file without a board)
    game_state: dict[str, Any] = field(default_factory=dict)
    # approved and rejected items with who decided and when (the report's folded sections)
    decided: list[dict[str, Any]] = field(default_factory=list)
    # the announced day's lurkers (LURK-DAY / LURK-3DAYS / LURK-NOVOTE findings not rejected)
    lurking: list[dict[str, Any]] = field(default_factory=list)
    # what the director's daily drafts are made from beside these (auditor.report.drafts)
    inputs: DraftInputs | None = None
    # the announced day's 遗言: each player out that day once, in the order of their deaths
    last_words: list[LastWords] = field(default_factory=list)
    # each day's open questions (:mod:`auditor.ledger.held`), first on the desk:
    # [{day, words, items: [{kind, text, ident, link}], held: [draft ids]}], by day
    questions: list[Row] = field(default_factory=list)

    @property
    def urgent(self) -> list[str]:
        """The desk's first words (:func:`urgent_warnings`)."""
        return urgent_warnings(self.ledger)


URGENT_WARNINGS = ("red_not_sent_off", "faction_loses")


def urgent_warnings(led: Ledger) -> list[str]:
    """What the desk says first, above the queue: a red with no sent-off event in the game
    file, a faction's second red (the warnings that change who is still playing)."""
    return [w.message for w in led.warnings if w.kind in URGENT_WARNINGS]


def faction_losses(led: Ledger) -> list[dict[str, object]]:
    """030: the factions with two approved reds."""
    return [
        {"faction": w.faction, "players": list(w.players), "reds": w.reds}
        for w in led.warnings
        if w.kind == "faction_loses"
    ]


def findings_in_words(findings: Sequence[Row]) -> list[Row]:
    """The findings as the CSV a director opens says them: the reason and the note in his
    words (rule titles, not codes; no colour measurements), the code in a column of its own
    (``code``, for tools; ``rule`` is the title)."""
    return [
        {
            **f,
            "reason": titled_codes(str(f.get("reason") or "")),
            "note": titled_codes(plain_note(str(f.get("note") or ""))),
        }
        for f in findings
    ]


def standing_records(game: Game, led: Ledger) -> list[Row]:
    """The 牌面 rows (report, ``auditor ledger``): one per seat — the game file's players and
    the accounts that took a seat over (替补).  A non-player (a spectator, a passer-by such
    as 路人甲) gets no row: what he did is a notice.  Only a card approved for him, or a
    card draft waiting for him, still shows him (a card is never hidden)."""
    seats = set(game.players) | {
        e.value for e in game.events if e.type is EventType.SUBSTITUTE and e.value
    }
    return [
        s.as_record()
        for s in led.standings
        if s.player in seats
        or s.pending
        or s.actions
        or s.standing.raw_blue + s.standing.raw_yellow + s.standing.raw_red
    ]


def game_notices(
    game: Game,
    ruleset: RuleSet,
    conflicts: Sequence[str] | None = None,
    authors: Collection[str] | None = None,
) -> list[str]:
    """Warnings for the top of the report and the audit line: rules the forced mobile API
    cannot feed, substitutes, and the closes where the game file's events disagree with the
    tally (the check's ``conflicts``); a board on which no title carries the game's tag."""
    notices = [w for w in (api_warning(game, ruleset),) if w]
    untagged = getattr(game.discovery, "untagged", None)
    if untagged:
        notices.append(untagged)
    notices.extend(dropped_by_tag(game))
    notices.extend(substitute_warnings(game, ruleset))
    notices.extend(silent_substitutes(game, authors) if authors is not None else ())
    notices.extend(conflicts or ())
    return notices


def conflict_links(checked: CheckRecords, base: str | None) -> dict[str, list[str]]:
    """Each tally conflict's text (a notice: 计票待核对) with the links of the posts it asks
    about (``conflict_pids``), for the report's 游戏文件需要核对 list."""
    out: dict[str, list[str]] = {}
    for text, pids in zip(checked.conflicts, checked.conflict_pids, strict=False):
        links = [x for pid in dict.fromkeys(pids) if (x := findpost_link(base, None, pid))]
        if links:
            out.setdefault(text, links)
    return out


def dropped_by_tag(game: Game) -> list[str]:
    """A thread the board shows that the tag did not take though its title carries the
    tag's words and says what kind of game thread it is (``[M 107] 进程帖`` under
    ``tag = "M107"``): its posts would be left out without a word (issue 30)."""
    disc = game.discovery
    if disc is None or not game.tag:
        return []
    from auditor.game.titles import classify, normalise  # (a game that discovers only)

    def compact(text: str) -> str:
        return re.sub(r"[\s\[\]【】［］()（）「」『』<>《》]", "", normalise(text).casefold())

    words = compact(game.tag)
    out = []
    for x in disc.candidates:
        if not words or words not in compact(x.subject):
            continue  # another game's thread: the board shows many
        kind = classify(x.subject, game.ruleset, game.tag).kind
        if kind is not None:
            out.append(
                f"版块上的帖子 {x.tid}「{x.subject}」看起来是本局的"
                f"{THREAD_KIND_NAMES.get(kind.value, kind.value)}，但游戏标签「{game.tag}」"
                f"没有认出它（{x.reason}），没有采用，它的帖子都不计：请核对游戏文件 [game] tag"
            )
    return out


def _rules_posts(game: Game, store: Store) -> list[Post]:
    """The posts of the game's rules threads."""
    return [
        sp.post
        for t in game.threads
        if t.kind is ThreadKind.RULES
        for sp in store.posts(tid=t.tid, tz=game.timezone)
    ]


def house_citations(game: Game, posts: Sequence[Post]) -> dict[str, str]:
    """The director's own rules post as a card's basis, by rule code: the sentence that
    forbids what the rule finds (小鹿, fh49: her red-font and oath cards said 「规则帖没有直接
    条文，参照：M39 没有字体条款」 while her 規則帖 says 「禁止使用紅色字體，違者藍牌」)."""
    rules_tids = {t.tid for t in game.threads if t.kind is ThreadKind.RULES}
    out: dict[str, str] = {}
    for p in posts:
        if p.tid not in rules_tids or p.author not in game.directors:
            continue
        where = f"第{p.floor}楼" if p.floor else f"pid {p.pid}"
        for ban in stated_bans(p.text):
            for code in ban.codes:
                out.setdefault(code, f"本局规则帖（{where}）：{ban.sentence}")
    return out


def _rules_post_notices(game: Game, store: Store, rs: RuleSet) -> list[str]:
    """What the director's rules post states that the rule set does not apply: its post
    minimum (fh45b: 「每天至少 5 帖…不足蓝牌」 under M39, whose LURK-DAY is off), and what it
    forbids that no enabled check finds (fh49b: 「不许用红字…不许发誓，不许骂街」 under 版杀7)."""
    posts = _rules_posts(game, store)
    said = minimum_notice(game, posts, rs)
    return ([said] if said else []) + bans_notices(game, posts, rs)


def late_day_notices(votes: Sequence[Mapping[str, Any]], schedule: Schedule) -> list[str]:
    """A day whose every ballot (three or more) came after its close: more likely a close
    time read or written wrong (the vote thread's own deadline later than the day's) than
    a whole game voting late; said, so that a director checks it before approving a
    LURK-NOVOTE yellow for every player."""
    by_day: dict[int, list[Mapping[str, Any]]] = {}
    for v in votes:
        if isinstance(v.get("day"), int):
            by_day.setdefault(v["day"], []).append(v)
    out = []
    for day, ballots in sorted(by_day.items()):
        spec = schedule.day(day)
        if spec is None or len(ballots) < 3:
            continue
        if all(b.get("problem") == "after_close" for b in ballots):
            out.append(
                f"第{day}天的 {len(ballots)} 张票全都在投票截止（{spec.closes:%m-%d %H:%M}）之后："
                f"第{day}天的关门时间可能写错了（请与投票帖写的截止时间核对，"
                "改游戏文件的 [[day]] closes），核对之前先不要批准这一天的未投票和迟到的牌"
            )
    return out


def _game_record(
    game: Game, rs: RuleSet, base: str | None, lurk_rule: str, store: Store
) -> dict[str, Any]:
    """The game's line in the records: names, rule set, forum, directors, rules, and the
    script the directors write in (their drafts are written in it: fh49)."""
    said = (sp.post.text for d in game.directors for sp in store.posts(author=d))
    return {
        "script": directors_script(said),
        "name": game.name,
        "slug": game.slug,
        "store": str(game.store.resolve()),
        "store_id": store.store_id(),  # the report folder records it (``.folder``)
        "ruleset": rs.name,
        "ruleset_title": rs.title,
        "seed": rs.seed,
        "forum": base or "",
        "directors": list(game.directors),
        "timezone": game.timezone,  # the forum's: the workbook's times are on its clock
        "rules": sorted(rs.rules),
        "rules_off": rules_off(rs),  # said on the report's first screen (fh44k)
        # M107 阵营被判负后，不予公示; M39 出局角色不亮身份: a faction's loss is for the
        # director only unless the rule set says it is announced.
        "announce_faction_loss": bool(rs.settings.get("announce_faction_loss")),
        # 版杀7 has no cards (``cards = false``): no 蓝/黄/红 columns, no merging line
        "cards": bool(rs.settings["cards"]),
        "lurk_rule": lurk_rule,
        "maxpostsize": game.forum.maxpostsize,  # the announcement's parts (report.parts)
        # which threads' posts the activity grid counts (the rule set's count_kinds: 版杀7
        # 6.2(4) 只计算讨论贴、投票贴中的发贴数量), said in its legend (fh44)
        "counted_threads": "、".join(
            THREAD_LABEL.get(ThreadKind(k), k) for k in rs.settings["count_kinds"]
        ),
    }


def rules_off(rs: RuleSet) -> str:
    """The checks the tool has that this rule set leaves off, in one line for the report's
    first screen (fh44k: under 版杀7 the red font and the phrase checks are off, since its
    seed says nothing of them, and nothing told the director so): every one by its title and
    code, as 导演指南 §7 promises (fh45b: 「其他 8 条」 named none, so a director could not
    tell that 单日潜水 was among them) — the font checks, then the phrase checks and the
    rest, those the other rule sets most often keep on first — and how the game file turns
    one on.  Empty when every check is on."""
    off = sorted(code for code in REGISTRY if code not in rs.rules)
    if not off:
        return ""
    others = [load_ruleset(n, {}) for n in sorted(ruleset_names()) if n != rs.name]
    common = sorted(off, key=lambda c: (-sum(c in o.rules for o in others), c))

    def named(codes: list[str]) -> str:
        return "、".join(f"{REGISTRY[c].title}（{c}）" for c in codes)

    fonts = [c for c in off if c.startswith("FONT-")]
    phrases = [c for c in common if c.startswith("PHRASE-")]
    rest = [c for c in common if c not in fonts and c not in phrases]
    parts = [named(fonts)] if fonts else []
    if phrases:
        parts.append(f"用语检查 {len(phrases)} 条：{named(phrases)}")
    if rest:
        parts.append(f"其他 {len(rest)} 条：{named(rest)}" if parts else named(rest))
    return (
        f"这个规则集默认不查（它的规则帖没有写到）：{'；'.join(parts)}。"
        "要查其中一条，在游戏文件里加两行把它打开：[rules.代码] 下一行 enabled = true"
        "（写法见导演指南第 7 节，auditor rules 代码 列出它的选项）。"
    )


def _judged_at(now: datetime, run: Mapping[str, object] | None, at: bool) -> dict[str, str]:
    """When the report judges (``generated_at``) and that clock named (``clock``): its
    run's (--now, the saved pages' time), ``--now`` for a view at another time, else the
    machine's."""
    said = str((run or {}).get("clock") or ("--now" if at else "当前时间"))
    return {"generated_at": now.strftime("%Y-%m-%d %H:%M"), "clock": said}


def build_records(
    game: Game,
    store: Store,
    *,
    ruleset: RuleSet | None = None,
    ctx: Context | None = None,
    now: datetime | None = None,
    run: Mapping[str, Any] | None = None,
    ledger: Ledger | None = None,
    records: CheckRecords | None = None,
) -> Records:
    """Every view's records: the check's stored records (``records``, else the store's;
    derived afresh only for a store no check of this version has written, or from ``ctx``
    for a view at another time), the stored findings and the ledger.  Nothing re-judges."""
    rs = ruleset or ruleset_for(game)
    if ctx is not None:
        checked = derive_records(ctx)  # a view at another time (``--now``): the same path
        schedule = ctx.schedule
        now = ctx.now
    else:
        schedule = Schedule(game, rs.settings["night_posts"])
        now = (now or datetime.now(UTC)).astimezone(game.timezone)
        checked = records or checked_records(game, store, rs, now)
    led = ledger or load_ledger(game, store, rs)
    base, answered = forum_base(game, store), (store.state.rejected, day_answers(store))
    crawl, problems = crawl_problems(store)
    if run and run.get("problems"):
        problems = [str(p) for p in run["problems"]]
    if checked.votes_error:
        problems.append(checked.votes_error)

    lurk = rs.rules.get("LURK-DAY")
    min_posts = int(lurk["min_posts"]) if lurk and "min_posts" in lurk else None
    lurking = lurk_units(store)
    conflicts = unanswered_conflicts(checked, answered[1])
    notices = game_notices(game, rs, conflicts, set(store.author_names()))
    spaces = space_warning(
        game, rs, store.state.space_problem, saved_lists=store.space_read_count()
    )
    if spaces:
        notices.append(spaces)
    votes = [_vote_record(r, game, base) for r in checked.ballots]
    notices += late_day_notices(votes, schedule) + _rules_post_notices(game, store, rs)
    tally, rounds = _tallies(game, checked)

    days = _day_records(schedule, now)
    day_numbers = [int(d["number"]) for d in days]
    players = list(game.players)
    activity, matrix = _activity_grid(
        checked, players, days, min_posts, lurking, rs.enabled("POST-FILLER")
    )

    findings = finding_rows(game, schedule, store, led, base)
    drafts = _draft_records(game, schedule, led, base, set(checked.minute_pids))
    night = rs.settings["night_posts"]  # (a question belongs to the day it is about)
    shown = leave_posts(game, store)  # (the 请假 posts, shown in their questions)
    asked = open_questions(game, checked, base, *answered, night_posts=night, shown=shown)
    questions = _held(game, drafts, asked)
    announce = announce_day(days)
    cards = _unsure_approved(card_records(game, schedule, store, led, announce), asked)
    standings = standing_records(game, led)
    _explained(game, drafts, cards, standings, rs, house_citations(game, _rules_posts(game, store)))
    decided = _unsure_approved(decided_records(game, store, led, cards), asked)

    lifts = elevator(game, schedule, checked.counted, base, day_numbers)
    changes, changes_since = forum_changes(game, store, base)
    summary = _summary(
        now, run, ctx is not None, checked, led, findings, changes, crawl, game, days
    )
    return Records(
        game=_game_record(game, rs, base, lurk_rule_text(lurk), store),
        summary=summary,
        problems=problems,
        days=days,
        players=players,
        activity=activity,
        matrix=matrix,
        votes=votes,
        tally=tally,
        rounds=rounds,
        changes=changes,
        changes_since=changes_since,
        findings=findings,
        drafts=drafts,
        cards=cards,
        standings=standings,
        warnings=[titled_codes(w.message) for w in led.warnings],  # (codes: rule titles)
        faction_losses=faction_losses(led),
        notices=notices,
        notice_links=conflict_links(checked, base),
        elevator=lifts,
        game_state=_game_state(
            game,
            checked.proposals,
            now,
            checked.proposal_days,
            base,
            newcomers=frozenset(store.author_names()),
        ),
        chart=chart(matrix, days, min_posts if daily_threshold(lurk) else None),
        announce_day=announce,
        votes_available=not checked.votes_error,
        ledger=led,
        decided=decided,
        lurking=lurking_list(findings, matrix, announce),
        inputs=DraftInputs(schedule.days, rs.settings, rs.sources, now),
        last_words=last_words(game, schedule, store, base, announce),
        questions=questions,
    )


def _summary(
    now: datetime,
    run: Mapping[str, object] | None,
    other_time: bool,
    checked: CheckRecords,
    led: Ledger,
    findings: list[Row],
    changes: list[Row],
    crawl: Row | None,
    game: Game,
    days: list[Row],
) -> Row:
    """The summary tiles: the clock judged by, the counts, the crawl and the run."""
    return {
        **_judged_at(now, run, other_time),  # generated_at, and its clock named (fh43)
        "generated_utc": datetime.now(UTC).isoformat(timespec="seconds"),
        "posts": checked.posts,
        "players": len(game.players),
        "days": len(days),
        "drafts": led.pending,
        "other_drafts": led.other_pending,
        "approved": approved_cards(led),
        "findings": len(findings),
        # (the tile 发言不足: every lurking finding, a day's and three days' alike)
        "below": sum(1 for f in findings if f["code"] in LURK_CODES),
        "changes": {k: sum(1 for c in changes if c["change"] == k) for k in CHANGE_NAMES},
        "crawl": crawl or {},
        # the forum's moment the crawl read: saved pages' own time, else when it ran (fh49)
        "crawl_time": local_time(
            (crawl.get("forum_time") or crawl.get("started_at")) if crawl else None, game
        ),
        "run": dict(run or {}),
    }


def _day_records(schedule: Schedule, now: datetime) -> list[Row]:
    """The days opened by ``now``, as the views show them."""
    return [
        {
            "number": spec.number,
            "opens": spec.opens.strftime("%m-%d %H:%M"),
            "closes": spec.closes.strftime("%m-%d %H:%M"),
            "accelerated": spec.accelerated,
            "closed": schedule.closed(spec.number, now),
            "phases": [{"number": ph.number, "name": ph.name} for ph in spec.phases],
        }
        for spec in schedule.days
        if spec.opens <= now
    ]


def _tallies(game: Game, checked: CheckRecords) -> tuple[list[Row], list[Row]]:
    """The tally rows and the rounds, each round named as the director knows it (a 环节's
    name on a day of 环节, else 第N轮)."""
    tally = [
        {
            **t,
            "outcome_name": OUTCOME_NAMES.get(str(t.get("outcome")), t.get("outcome") or ""),
            "round_name": round_label(game, t.get("day"), t.get("round")),
            "voters_shown": _weighted_voters(t, checked.rounds),
        }
        for t in checked.tally
    ]
    rounds = [
        {
            **r,
            "round_name": round_label(game, r.get("day"), r.get("round")),
            "stated": _stated(game, r, tally),
        }
        for r in checked.rounds
    ]
    return tally, rounds


#: The tally outcomes a game's event can state otherwise: outcome -> (event type, how).
_STATED = {
    "sheriff_elected": (EventType.SHERIFF, "elected"),
    "eliminated": (EventType.ELIMINATED, "vote"),
}


def _stated(game: Game, rnd: Mapping[str, object], tally: Sequence[Row]) -> dict[str, str]:
    """The outcomes of a round the game states with another player than the count (the
    director chose the announced result: 公示为准, fh46): outcome -> the game's player.  The
    announcement names the game's, the count's votes as counted."""
    out: dict[str, str] = {}
    days = list(game.days)
    for t in tally:
        if t.get("day") != rnd.get("day") or str(t.get("round")) != str(rnd.get("round")):
            continue
        kind = str(t.get("outcome") or "")
        if kind not in _STATED:
            continue
        etype, how = _STATED[kind]
        said = [
            e.player
            for e in game.events
            if e.type is etype
            and (e.how or how) == how
            and e.at is not None
            and day_at(e.at, days) == t.get("day")
        ]
        if said and t.get("target") not in said:
            out[kind] = said[-1]
    return out


def _weighted_voters(row: Mapping[str, object], rounds: Sequence[Mapping[str, object]]) -> str:
    """A tally row's voters, each whose vote counts more than one marked with its weight
    (小鹿（警长 ×2）: the 票数 5 of four voters said, as the announcement says it)."""
    voters = str(row.get("voters") or "")
    rnd = next(
        (
            r
            for r in rounds
            if r.get("day") == row.get("day") and str(r.get("round")) == str(row.get("round"))
        ),
        None,
    )
    weights = rnd.get("weights") if rnd is not None else None
    if not voters or not isinstance(weights, Mapping):
        return voters
    out = []
    for v in voters.split("、"):
        w = weights.get(v)
        if isinstance(w, int | float) and w != 1:
            shown = f"{w:g}"
            names = rnd.get("names") if rnd is not None else None
            sheriff = rnd.get("sheriff") if rnd is not None else None
            if isinstance(names, Mapping):  # a substitute sheriff: 浪花（替 老周）
                sheriff = names.get(sheriff, sheriff)
            who = "警长 " if sheriff and v == sheriff else ""
            v = f"{v}（{who}×{shown}）"
        out.append(v)
    return "、".join(out)


def _activity_grid(
    checked: CheckRecords,
    players: list[str],
    days: list[Row],
    min_posts: int | None,
    lurking: set[tuple[str, int, int | None]],
    filler_on: bool,
) -> tuple[list[Row], list[Row]]:
    """The activity rows (a player's day, or each 环节 of it) and the grid a row a player."""
    cell_of = {(c.player, c.day): c for c in checked.day_cells()}
    phase_rows: dict[tuple[str, int], list[Cell]] = {}
    for c in checked.phase_cells():
        phase_rows.setdefault((c.player, c.day), []).append(c)
    uncounted, abstained = _not_ticked(checked)
    activity: list[Row] = []
    matrix: list[Row] = []
    for p in players:
        cells = []
        for d in days:
            number = int(d["number"])
            cell = cell_of.get((p, number))
            row = _day_row(p, d, cell, min_posts, lurking, filler_on)
            phases = []
            for u in phase_rows.get((p, number), []):
                pr = {
                    **row,
                    "phase": u.phase,
                    "phase_name": u.phase_name,
                    "posts": u.posts,
                    "alive": int(u.alive),
                    "votes": int(u.voted),
                    "below": int(lurks(lurking, p, number, u.phase)),
                }
                phases.append(pr)
                activity.append(pr)
            if not phases:
                activity.append(row)
            # a 环节 of the closed day in whose vote thread he never replied: ✗ (no vote),
            # not ⚠ (a void vote), whatever he did in the other 环节
            missed = bool(d["closed"]) and any(u["alive"] and not u["votes"] for u in phases)
            votes = 0 if missed else row["votes"]
            cells.append(
                {
                    **row,
                    "votes": votes,
                    "phases": phases,
                    "novote": row["alive"] and d["closed"] and not d["accelerated"] and not votes,
                    "uncounted": bool(votes) and (p, number) in uncounted,
                    "abstained": bool(votes) and (p, number) in abstained,
                }
            )
        matrix.append({"player": p, "cells": cells, "total": sum(c["posts"] for c in cells)})

    return activity, matrix


def _not_ticked(checked: CheckRecords) -> tuple[set[tuple[str, int]], set[tuple[str, int]]]:
    """Who replied in a vote thread but counts as not voting in one of the day's rounds (an
    invalid or void vote: the grid shows ⚠, not ✓, as the tally lists them), and who
    abstained (弃权) in a round of the day and voted for no one in any (弃权, not ✓)."""
    # the rounds name a substitute on her own account as herself (浪花（替 老周）); the grid's
    # row is the seat's
    seat = {
        (shown, int(x["day"])): s
        for x in checked.rounds
        for s, shown in (x.get("names") or {}).items()
    }

    def seated(name: str, day: int) -> tuple[str, int]:
        return seat.get((name, day), name), day

    uncounted = {
        seated(p, int(x["day"])) for x in checked.rounds for p in x.get("non_voters") or ()
    }
    voted_for = {
        seated(n, int(t["day"]))
        for t in checked.tally
        for n in str(t.get("voters") or "").split("、")
    }
    abstained = {
        seated(p, int(x["day"])) for x in checked.rounds for p in x.get("abstained") or ()
    } - voted_for
    return uncounted, abstained


def _day_row(
    p: str,
    d: Row,
    cell: Cell | None,
    min_posts: int | None,
    lurking: set[tuple[str, int, int | None]],
    filler_on: bool,
) -> Row:
    """A player's day in the activity rows.  A player out before the close is not
    measured, and his vote (rejected as voter_eliminated) is no vote: the grid shows
    neither."""
    number = int(d["number"])
    return {
        "player": p,
        "day": number,
        "phase": "",
        "posts": cell.posts if cell else 0,
        "accelerated": int(d["accelerated"]),
        "alive": int(cell.alive if cell else True),
        "votes": int(bool(cell and cell.voted)),
        "min_posts": min_posts if min_posts is not None else "",
        "below": int(lurks(lurking, p, number, None)),
        "closed": int(d["closed"]),
        "phase_name": "",
        "filler": cell.filler if cell and filler_on else 0,
        "lurk_days": int(bool(cell and cell.lurk_run)),
    }


def _explained(
    game: Game,
    drafts: list[Row],
    cards: list[Row],
    standings: list[Row],
    rs: RuleSet,
    house: Mapping[str, str],
) -> None:
    """:func:`explain_drafts`, then each card with the notices about the same player and
    day (a 未投票 card and the notice that his vote came one second late were twenty cards
    apart in the queue)."""
    explain_drafts(game, drafts, cards, standings, rs, house)
    notices = [n for n in drafts if n["notice"]]
    for d in drafts:
        d["related"] = [
            {"id": n["id"], "title": n["title"], "time": n.get("time") or ""}
            for n in notices
            if not d["notice"] and n["player"] == d["player"] and n["day"] == d["day"]
        ]


def _held(game: Game, drafts: list[Row], asked: Mapping[int, Sequence[Question]]) -> list[Row]:
    """Mark each draft held by its day's open questions (``held``: the day, else None) and
    list the days' questions with the drafts each holds (:func:`auditor.ledger.held.held_by`:
    the one function the desk, ``auditor decide`` and the CSV import ask too)."""
    holding: dict[int, list[str]] = {}
    for d in drafts:
        day = draft_day(game, d["day"], d["tid"], d["posted_at"] or None)
        held = holding_day(str(d["code"]), day, asked, d.get("player"))
        d["held"] = held
        # (its day changed since the check: no 仍然批准 until the next one, fh46)
        d["locked"] = held is not None and locked(asked[held])
        if held is not None:
            holding.setdefault(held, []).append(str(d["id"]))
    return [
        {
            "day": day,
            "words": held_words(day),
            "items": [
                {"kind": q.kind, "text": q.text, "ident": q.ident, "link": q.link, "links": q.links}
                for q in qs
            ],
            "held": holding.get(day, []),
        }
        for day, qs in asked.items()
    ]


def _unsure_approved(decided: list[Row], asked: Mapping[int, Sequence[Question]]) -> list[Row]:
    """Mark each approved card of a day that now has an open question (``unsure``: the day,
    else None; review42 item 8): approved before the question came, it may be wrong — the
    desk and the announcement say so beside it (a manual card is the director's own).
    ``decided``: the decided records, or the cards (:func:`card_records`: all approved)."""
    for x in decided:
        held = None
        approved = x.get("decision", "approve") == "approve"
        if approved and not x["manual"] and x["day"] is not None:
            held = holding_day(str(x["code"]), x["day"], asked, x.get("player"))
        x["unsure"] = held
    return decided


def _draft_records(
    game: Game, schedule: Schedule, led: Ledger, base: str | None, minute: set[int]
) -> list[Row]:
    """The pending drafts with their highlighted evidence."""
    drafts = []
    for dr in led.drafts:
        drafts.append(
            {
                "id": dr.id,
                "code": dr.code,
                "kind": dr.kind,
                "player": dr.player,
                "day": finding_day(game, schedule, dr.day, dr.tid, dr.player),
                "phase": dr.phase,
                "tid": dr.tid,
                "pid": dr.pid,
                "floor": dr.floor,
                "suggested": dr.suggested,
                "suggested_name": card_name(dr.suggested),
                # 不处罚 / 提醒导演: a notice to read, not a decision the queue counts
                "notice": not is_card_draft(dr),
                "reason": dr.reason,
                "note": dr.note,
                "excerpt": dr.excerpt,
                "pieces": highlight(dr.excerpt, dr.matches),
                "match": " / ".join(dr.matches),
                "link": post_link(base, dr.tid, dr.pid),
                "posted_at": dr.posted_at or "",
                "time": post_time(dr.posted_at, game, "minute" if dr.pid in minute else "second"),
            }
        )
    return drafts


def checked_records(game: Game, store: Store, ruleset: RuleSet, now: datetime) -> CheckRecords:
    """The records the last check stored; derived afresh (the same function) when no check
    of this version has written them, or the game file or rule set changed since."""
    return stored_records(store, game, ruleset) or derive_records(
        build_context(game, store, now=now, ruleset=ruleset)
    )


# What the stored ballots carry for the views beside Ballot.record()'s columns.
BALLOT_EXTRA = ("time_precision", "detail", "correction")


def approved_cards(led: Ledger) -> int:
    """The approved cards (a notice seen — approved as 不处罚 / 提醒导演 — is no card: as
    the desk counts them)."""
    return sum(1 for c in led.cards if c.card not in NOT_CARDS)


def _vote_record(r: Mapping[str, Any], game: Game, base: str | None) -> dict[str, Any]:
    """A stored ballot with what people read: its link, time and Chinese labels."""
    out = {k: v for k, v in r.items() if k not in BALLOT_EXTRA}
    out["link"] = post_link(base, r.get("tid"), r.get("pid"))
    out["time"] = post_time(r["posted_at"], game, str(r.get("time_precision", "second")))
    problem = str(r.get("problem") or "")
    out["problem_text"] = PROBLEM_TEXT.get(problem, problem) if problem else ""
    out["kind_name"] = KIND_NAMES.get(str(r.get("kind")), r.get("kind"))
    return out


#: How soon after a close a result is posted, as discovery takes it
#: (``auditor.game.discover.RESULT_WITHIN``, not imported: a report of a game that does not
#: discover never loads the announcement reader).
_TOLD_WITHIN = timedelta(hours=3)


def _reading(game: Game, text: str, at: datetime) -> dict[str, str]:
    """What the desk's 补上这个出局 form under a post not read starts with: the first player
    the post names, and how and when from the post's time as discovery guesses a death
    said with no cause (:data:`_TOLD_WITHIN`): a post soon after a day's close tells its
    vote-out, at the close; one soon after a day opens tells the night's death, at the
    opening; else no how (the director chooses) and the post's time."""
    named = sorted((text.find(p), p) for p in game.players if p in text)
    how, when = "", at
    closed = [d for d in game.days if d.closes <= at <= d.closes + _TOLD_WITHIN]
    opened = [d for d in game.days if d.opens <= at <= d.opens + _TOLD_WITHIN]
    if closed:
        how, when = "vote", closed[-1].closes
    elif opened:
        how, when = "night", opened[-1].opens
    return {
        "player": named[0][1] if named else "",
        "how": how,
        "at": when.astimezone(game.timezone).strftime("%Y-%m-%dT%H:%M"),
    }


def _game_state(
    game: Game,
    proposed: Sequence[str],
    now: datetime,
    tallied: Sequence[int | None] = (),
    base: str | None = None,
    *,
    newcomers: Collection[str] = (),
) -> dict[str, Any]:
    """The top-of-report block for a game whose threads, days and events are discovered:
    first what its state lacks (problems, 未读懂的公告 with text and link; ``newcomers``:
    the forum names that posted, for a 替补 chip)."""
    disc = game.discovery
    if disc is None:
        return {}
    # (here: a game that does not discover never loads the announcement reader)
    from auditor.game.state import state_problems
    from auditor.report.chips import post_chips

    return {
        "problems": state_problems(game, now, tallied) + set_aside_votes(game),
        "unread": [
            {
                "pid": u.pid,
                "why": u.why,
                "text": u.excerpt(),
                "link": u.link(base),
                # where it is in words: the link is none without a forum url
                "thread": thread_name(game, u.tid, disc.subjects.get(u.tid, "")),
                "floor": u.floor,
                "time": u.posted_at.astimezone(game.timezone).strftime("%m-%d %H:%M"),
                "reading": _reading(game, u.text, u.posted_at),
                # what the post itself says, as one-tap chips for the add form (desk48 1)
                "chips": post_chips(game, u.text, u.posted_at, tid=u.tid, newcomers=newcomers),
            }
            for u in getattr(disc, "unread", [])
        ],
        "threads": len(disc.discovered("threads")),
        "days": len(disc.discovered("days")),
        "events": len(disc.discovered("events")),
        # what the game file states (written or confirmed): said when nothing is left to
        # confirm, not 「从论坛发现帖子 0 个、天 0 个、事件 0 个」 (fh42)
        "in_file": {
            what: len(getattr(disc, what)) - len(disc.discovered(what))
            for what in ("threads", "days", "events")
        },
        "proposals": list(proposed),
        "warnings": list(disc.warnings),
        "not_taken": [
            f"帖子 {x.tid}「{x.subject}」：{x.reason}"
            for x in [*disc.unclassified, *disc.candidates]
        ],
    }
