"""Run the enabled rules over the stored posts of a game.

Data moves forward only: the engine reads posts from the store and the rule set, places
each post in the game (thread kind, day, phase, charged player), runs post rules and
aggregate rules, and hands back frozen findings.  It never reads the ledger.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections import Counter
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, fields, replace
from datetime import UTC, datetime
from operator import attrgetter
from typing import Any

from auditor import __version__
from auditor.game.gamefile import Event, EventType, Game, ThreadKind, ThreadSpec
from auditor.game.schedule import Placement, Schedule
from auditor.hanzi import to_simplified
from auditor.models import Post, PostVersion, ProfileSighting, SpaceItem, SpaceRead
from auditor.rules.activity import count_filler, count_posts
from auditor.rules.base import (
    DATA_DEPENDENCIES,
    POST_BATCH,
    VERDICTS,
    Context,
    Finding,
    GamePost,
    Rule,
    Unit,
)
from auditor.rules.inputs import config_inputs
from auditor.rules.lexfiles import game_lexicons, lexicon_stamp
from auditor.rules.lurk import StatedMinimum, stated_minimum
from auditor.rules.piped import piped_sounds
from auditor.rules.records import CheckRecords, open_day_status
from auditor.rules.records import derive as derive_records
from auditor.rules.registry import REGISTRY, get
from auditor.rules.ruleset import RuleSet, load_ruleset
from auditor.rules.stated import stated_bans
from auditor.rules.typedquote import own_view
from auditor.rules.votebook import vote_settings
from auditor.store import (
    Checked,
    CheckState,
    FindingRow,
    Store,
    StoredPost,
    finding_from_row,
    neutral_hash,
)

_LASTWORDS_HEAD = re.compile(
    r"^\s*[【\[（(]?\s*(?P<name>[^\s【】\[\]（）()：:的]{1,20})\s*[】\]）)]?\s*(?:的)?\s*遗言"
)


# The X3.5 mobile API renders messages without [size] and without the "本帖最后由 … 编辑"
# notice (see the real captures); rules that read those need the desktop pages.
DESKTOP_ONLY_RULES = ("FONT-SIZE", "VOTE-EDIT", "PROFILE-SIGNATURE", "PROFILE-AVATAR")


def api_first(game: Game) -> bool:
    """Whether the crawl reads the mobile API first: the game file's choice, or in "auto"
    mode only when no enabled rule needs what the API leaves out."""
    if game.forum.api is not None:
        return game.forum.api
    rs = ruleset_for(game)
    return not any(rs.enabled(code) for code in DESKTOP_ONLY_RULES)


def reads_spaces(game: Game) -> bool:
    """Whether the crawl reads the players' own posts lists (POST-OUTSIDE is on): over
    HTTP once a night, or the ones saved in a saved-pages folder."""
    return (game.forum.pages is not None or bool(game.forum.url)) and ruleset_for(game).enabled(
        "POST-OUTSIDE"
    )


def reads_avatars(game: Game) -> bool:
    """Whether the crawl fetches the players' avatar pictures (PROFILE-AVATAR is on and
    the game is read over HTTP)."""
    return (
        game.forum.pages is None
        and bool(game.forum.url)
        and ruleset_for(game).enabled("PROFILE-AVATAR")
    )


def space_warning(
    game: Game, ruleset: RuleSet | None = None, problem: str = "", *, saved_lists: int = 0
) -> str | None:
    """The director's note when POST-OUTSIDE is on but could not look: a saved-pages
    folder without the players' posts lists (``saved_lists``: how many were read from
    it), or the last reading stopped (login, permission)."""
    rs = ruleset or ruleset_for(game)
    if not rs.enabled("POST-OUTSIDE"):
        return None
    if (game.forum.pages is not None or not game.forum.url) and not saved_lists:
        return (
            "POST-OUTSIDE（游戏帖以外的发言）没有检查：保存的页面里没有玩家的个人空间列表"
            "（home.php?mod=space&do=thread&view=me），请一并保存，或用 [forum] url 从论坛抓取"
        )
    if problem:
        return (
            f"POST-OUTSIDE（游戏帖以外的发言）这一晚没有读完：{problem}（可能需要导演的 cookies）"
        )
    return None


def substitute_warnings(game: Game, ruleset: RuleSet | None = None) -> list[str]:
    """Roles substituted more often than the rule set allows (030 and M39 替补：每名角色仅限
    更换一次替补), from the game file's and the discovered ``substitute`` events."""
    rs = ruleset or ruleset_for(game)
    limit = int(rs.settings["substitutes_per_role"])
    if not limit:
        return []
    counts: dict[str, list[Event]] = {}
    for e in game.events:
        if e.type is EventType.SUBSTITUTE:
            counts.setdefault(e.player, []).append(e)
    out = []
    for player, events in counts.items():
        if len(events) > limit:
            who = "、".join(e.value or "（同一帐号）" for e in events)
            out.append(
                f"{player} 的角色更换了 {len(events)} 次替补（{who}），规则只允许 {limit} 次"
                "（替补：每名角色仅限更换一次替补），请导演核对"
            )
    return out


_CARD_WORDS = {"blue": "蓝牌", "yellow": "黄牌", "red": "红牌"}


def rules_post_minimum(game: Game, posts: Iterable[Post]) -> tuple[Post, StatedMinimum] | None:
    """The first post minimum the director's posts in the rules threads state (``posts``:
    any posts; the others are passed over), with the post that states it."""
    rules_tids = {t.tid for t in game.threads if t.kind is ThreadKind.RULES}
    for p in posts:
        if p.tid in rules_tids and p.author in game.directors:
            stated = stated_minimum(p.text)
            if stated is not None:
                return p, stated
    return None


def minimum_notice(game: Game, posts: Iterable[Post], ruleset: RuleSet | None = None) -> str | None:
    """What to tell the director when his rules post states a post minimum (and its card)
    that the game's LURK-DAY does not apply (fh45b: M39 ships it off, as its seed has no
    minimum; Yuki's post says 「每天至少 5 帖…不足蓝牌」 and nothing said so): the sentence,
    what the rule set does now, and the game file's lines that apply his numbers (the desk
    and the command line set no rule).  None when LURK-DAY already applies them."""
    found = rules_post_minimum(game, posts)
    if found is None:
        return None
    post, stated = found
    rs = ruleset or ruleset_for(game)
    on = rs.enabled("LURK-DAY")
    opts = rs.resolved("LURK-DAY")
    card = str(opts["card"])
    same_posts = int(opts["min_posts"]) == stated.min_posts
    threads = counted_threads_notice(stated.sentence)
    if on and same_posts and stated.card in (None, card):
        return threads or None
    if not on:
        now = f"规则集「{rs.title}」没有开单日潜水（LURK-DAY），这一条现在不查"
    else:
        now = (
            f"游戏文件现在按一天少于 {opts['min_posts']} 帖、"
            f"{_CARD_WORDS.get(card, card)}查单日潜水（LURK-DAY）"
        )
    lines = ["[rules.LURK-DAY]", "enabled = true", f"min_posts = {stated.min_posts}"]
    if stated.card:
        lines.append(f'card = "{stated.card}"')
    where = f"第{post.floor}楼" if post.floor else f"pid {post.pid}"
    return (
        f"规则帖（{where}）写着「{stated.sentence}」：{now}。要按规则帖查，在游戏文件 "
        f"{game.path.name} 里写上这几行：\n" + "\n".join(lines) + "\n"
        "（已有 [rules.LURK-DAY] 一节的就改那一节；桌面和命令行不能改规则）"
        + (f"。另外，{threads}" if threads else "")
    )


def bans_notices(game: Game, posts: Iterable[Post], ruleset: RuleSet | None = None) -> list[str]:
    """What to tell the director when his rules post forbids a thing the rule set does not
    check (fh49b: 版杀7 leaves the red font, the phrases and pasted chat logs off — its seed
    says nothing of them — and 大刘's rules post forbids all three): the sentence, the checks
    it stands for that are off, and the game file's lines that turn them on (with the card
    the sentence names, where the rule set has cards).  One notice per thing forbidden."""
    rs = ruleset or ruleset_for(game)
    rules_tids = {t.tid for t in game.threads if t.kind is ThreadKind.RULES}
    out: list[str] = []
    said: set[str] = set()
    for p in posts:
        if p.tid not in rules_tids or p.author not in game.directors:
            continue
        for ban in stated_bans(p.text):
            off = [c for c in ban.codes if not rs.enabled(c) and c not in said]
            if not off:
                continue
            said.update(off)
            lines: list[str] = []
            for code in off:
                lines += [f"[rules.{code}]", "enabled = true"]
                if ban.card and rs.settings["cards"] and "card" in rs.resolved(code):
                    lines.append(f'card = "{ban.card}"')
            names = "、".join(f"{REGISTRY[c].title}（{c}）" for c in off)
            where = f"第{p.floor}楼" if p.floor else f"pid {p.pid}"
            cards = "" if rs.settings["cards"] else f"（{rs.title} 没有牌：命中只提醒导演）"
            out.append(
                f"规则帖（{where}）写着「{ban.sentence}」：规则集「{rs.title}」没有开{names}，"
                f"这一条现在不查。要按规则帖查，在游戏文件 {game.path.name} 里写上这几行{cards}：\n"
                + "\n".join(lines)
                + "\n（已有同名一节的就改那一节；桌面和命令行不能改规则）"
            )
    return out


# the threads a sentence counts posts in (讨论帖里至少 3 帖), as the kinds LURK-DAY knows
_THREAD_SAID = re.compile(r"(讨论|投票|进程|规则)\s*[帖贴楼]")
# what LURK-DAY counts (auditor.rules.activity: the discussion and vote threads)
LURK_COUNTED = ("讨论帖", "投票帖")


def counted_threads_notice(sentence: str) -> str:
    """When a rules post's minimum names the threads it counts and they are not the ones
    LURK-DAY counts (fh47: 「每天讨论帖里至少整3帖」 while the preset counts discussion and
    vote posts — read his way, 5 more blues on day 1): which threads the check counts, said
    once in the audit's notices; "" when the sentence names none or the same ones."""
    said = tuple(
        dict.fromkeys(
            f"{m.group(1)}帖" for m in _THREAD_SAID.finditer(to_simplified(sentence))
        )  # (「討論帖＋投票帖都算」: both, fh49)
    )
    if not said or set(said) == set(LURK_COUNTED):
        return ""
    extra = [k for k in LURK_COUNTED if k not in said]
    left = [k for k in said if k not in LURK_COUNTED]
    how = "；".join(
        x
        for x in (
            f"{'、'.join(extra)}里的帖也算进去了" if extra else "",
            f"{'、'.join(left)}里的帖没有算" if left else "",
        )
        if x
    )
    return (
        f"规则帖数的是{'、'.join(said)}里的帖，单日潜水（LURK-DAY）数的是"
        f"{'和'.join(LURK_COUNTED)}里的帖（{how}）：潜水牌请按规则帖的说法核对"
    )


_RULESETS: dict[str, RuleSet] = {}  # resolved rule sets by what resolves them


def ruleset_for(game: Game) -> RuleSet:
    """The game's resolved rule set, parsed once per process for the same preset and
    overrides (an audit asks for it from the crawl, the check, the ledger and the report)."""
    # (with the director's lexicon files' times and sizes: new own words turn PHRASE-CENSOR on
    # in a running desk, issue 35)
    stamp = lexicon_stamp(game_lexicons(game, default=False))
    key = json.dumps([game.ruleset, game.rules, str(game.path), stamp], sort_keys=True, default=str)
    rs = _RULESETS.get(key)
    if rs is None:
        rs = _RULESETS[key] = load_ruleset(game.ruleset, game.rules, where=str(game.path))
    return rs


def api_blind_rules(game: Game, ruleset: RuleSet | None = None) -> list[str]:
    """Enabled rules that cannot work when the game file forces the mobile API
    (``api = true``): the X3.5 API drops ``[size]`` and the 本帖最后由…编辑 notice."""
    if game.forum.api is not True or not game.forum.url or game.forum.pages is not None:
        return []
    rs = ruleset or ruleset_for(game)
    return [code for code in DESKTOP_ONLY_RULES if rs.enabled(code)]


API_BLIND_TEXT = {
    "FONT-SIZE": "FONT-SIZE（放大字体：接口不带 [size]）",
    "VOTE-EDIT": "VOTE-EDIT（关门后编辑投票帖：接口不带“本帖最后由…编辑”）",
    "PROFILE-SIGNATURE": "PROFILE-SIGNATURE（签名档：接口不带签名）",
    "PROFILE-AVATAR": "PROFILE-AVATAR（头像：接口不带帖子作者的头像）",
}


def api_warning(game: Game, ruleset: RuleSet | None = None) -> str | None:
    """The director's warning for :func:`api_blind_rules`, or None."""
    codes = api_blind_rules(game, ruleset)
    if not codes:
        return None
    named = "、".join(API_BLIND_TEXT.get(c, c) for c in codes)
    return (
        f"游戏文件 [forum] api = true：手机版接口读不到这些规则需要的内容，{named} "
        '无法判定。要让它们工作，请改为 api = "auto"（默认）或 false'
    )


def _lastwords_player(game: Game, sp: StoredPost, mapping: dict[int, str]) -> str | None:
    """Whose last words a post in a last-words thread is: the game file's pid map, the
    author when a player posts their own, or a "饺子的遗言" heading in the director's post."""
    post = sp.post
    if post.pid is not None and post.pid in mapping:
        return mapping[post.pid]
    if post.author in game.players:
        return post.author
    m = _LASTWORDS_HEAD.match(post.text)
    if m and m.group("name") in game.players:
        return m.group("name")
    return None


def _before_the_end(game: Game, stored: Iterable[StoredPost]) -> Iterable[StoredPost]:
    """The posts up to 游戏结束 (``game.ended``): nothing after the game's end is checked."""
    if game.ended is None:
        return stored
    end = game.ended
    return (sp for sp in stored if sp.post.posted_at <= end)


def place_posts(
    game: Game, schedule: Schedule, stored: Iterable[StoredPost], ruleset: RuleSet
) -> list[GamePost]:
    """Give every stored post its place in the game."""
    by_uid = {uid: name for name, uid in game.uids.items()}
    # 替补: the new account plays the old player's role from the announcement on
    # (M107 10 替补玩家…代替该玩家继续游戏; M39 替补)
    substitutes = {
        e.value: e
        for e in schedule.events(EventType.SUBSTITUTE)
        if e.value and e.value not in game.players
    }
    out: list[GamePost] = []
    window = bool(ruleset.settings["lastwords_window"])
    # Each thread's spec and last-words map, looked up once (read only below).
    threads: dict[int, tuple[ThreadSpec | None, dict[int, str]]] = {}
    for sp in _before_the_end(game, stored):
        post = sp.post
        known = threads.get(post.tid)
        if known is None:
            found = game.thread(post.tid)
            known = threads[post.tid] = (found, dict(found.lastwords) if found else {})
        spec, mapped = known
        kind = spec.kind if spec else None
        placement = _off_late_votes(spec, schedule.place(post.posted_at))
        author = by_uid.get(post.author_uid or -1, post.author)
        sub = substitutes.get(author)
        if sub is not None and (sub.at is None or post.posted_at >= sub.at):
            author = sub.player
        lastwords = kind is ThreadKind.LASTWORDS
        player: str | None = author if author in game.players else None
        if not lastwords and post.pid is not None and post.pid in mapped:
            # a ``lastwords = {pid = player}`` entry on any thread: the director published
            # these last words there (M107 遗言在下一个游戏日白天开始时公示)
            lastwords, player = True, mapped[post.pid]
        elif lastwords and spec is not None:
            player = _lastwords_player(game, sp, mapped)
        elif window and player is not None and not schedule.alive(player, post.posted_at):
            # killbar7 4.2.2 / 5 环节五: the dead post their own last words in the night
            # that follows their death (no day has opened since the elimination).
            elim = schedule.eliminated_at(player)
            start_h, end_h = ruleset.settings["lastwords_hours"]
            local = post.posted_at.astimezone(game.timezone)
            if (
                elim is not None
                and placement.night
                and not any(elim < d.opens <= post.posted_at for d in schedule.days)
                and start_h <= local.hour + local.minute / 60 < end_h
            ):
                lastwords = True
        exempt = player is None or (
            (author in game.directors or author in game.spectators) and not lastwords
        )
        out.append(
            GamePost(
                post=post,
                kind=kind,
                day=placement.day,
                phase=placement.phase,
                player=player,
                exempt=exempt,
                lastwords=lastwords,
                night=placement.night,
                deleted=sp.deleted,
            )
        )
    return out


def _off_late_votes(spec: ThreadSpec | None, placement: Placement) -> Placement:
    """A night post in an earlier day's vote thread (阿强's vote at 21:00 after the 20:00 加速
    close) is that day's late vote — the vote book reads it by its thread and VOTE-LATE
    reports it — and no day's play: not the next day's, where the night would put it, nor
    the closed day's (002 说明 5 所有时间以…发贴时间为准).  Every other post keeps its place."""
    if (
        spec is not None
        and spec.kind is ThreadKind.VOTE
        and spec.day is not None
        and placement.night
        and (placement.day is None or placement.day > spec.day)
    ):
        return Placement(None, None, True)
    return placement


def _piped_scope(ruleset: RuleSet, ctx: Context) -> str:
    """How long piping lasts (PIPED-SPEECH's ``scope``, on or off), set on ``ctx``."""
    piping = ruleset.rules.get("PIPED-SPEECH") or ruleset.off.get("PIPED-SPEECH")
    ctx.piped_scope = str(piping["scope"]) if piping else "until_piper_out"
    return ctx.piped_scope


def make_context(
    game: Game,
    schedule: Schedule,
    posts: Sequence[GamePost],
    ruleset: RuleSet,
    now: datetime,
    *,
    versions: Mapping[int, Sequence[PostVersion]] | None = None,
    profiles: Sequence[ProfileSighting] = (),
    space_reads: Sequence[SpaceRead] = (),
    space_items: Sequence[tuple[int, SpaceItem]] = (),
    authors: Sequence[tuple[str, int | None]] | None = None,
    days: frozenset[int] | None = None,
    previous: CheckRecords | None = None,
) -> Context:
    """The context the rules read, with what the engine derives once from the posts: the
    counted and filler posts per unit, and the verdicts other rules refer to.

    ``days`` with ``previous`` (an incremental check): ``posts`` are complete for those
    days only; every other day's counts, and the verdicts of day-scoped rules on them,
    are the previous check's records'."""
    ctx = Context(
        game=game,
        schedule=schedule,
        posts=posts,
        ruleset=ruleset.settings,
        now=now.astimezone(game.timezone),
        vote_settings=vote_settings(ruleset.resolved, ruleset.settings),
        days=days,
        versions=versions or {},
        profiles=profiles,
        space_reads=space_reads,
        space_items=space_items,
        authors=authors,
    )
    kinds = ruleset.settings["count_kinds"]
    words = (ruleset.rules.get("POST-FILLER") or {}).get("words")
    spared = piped_sounds(schedule, _piped_scope(ruleset, ctx))
    partial = days is not None and previous is not None
    if days is not None and previous is not None:
        inside = [gp for gp in posts if gp.day in days]
        counts, fill = previous.unit_counts()
        ctx.counts = Counter({u: n for u, n in counts.items() if u[1] not in days})
        ctx.counts.update(count_posts(inside, kinds))
        ctx.filler = Counter({u: n for u, n in fill.items() if u[1] not in days})
        ctx.filler.update(count_filler(inside, kinds, words, spared))
    else:
        ctx.counts = count_posts(posts, kinds)
        ctx.filler = count_filler(posts, kinds, words, spared)
    verdicts: dict[str, frozenset[Unit]] = {}
    for code, verdict in VERDICTS.items():
        if not ruleset.enabled(code):
            continue
        units = verdict(ctx, ruleset.options(code))
        rule = REGISTRY.get(code)
        if partial and rule is not None and rule.scope == "day":
            assert days is not None and previous is not None
            kept = previous.verdict(code)
            units = frozenset(u for u in kept if u[1] not in days) | frozenset(
                u for u in units if u[1] in days
            )
        verdicts[code] = units
    ctx.verdicts = verdicts
    return ctx


def build_context(
    game: Game,
    store: Store,
    *,
    now: datetime | None = None,
    ruleset: RuleSet | None = None,
    so_far: bool = False,
) -> Context:
    """Place every stored post of the game and derive the context from them; ``so_far``:
    only the posts posted by ``now`` (the CLI's ``--now`` in the past must not see the
    future)."""
    rs = ruleset or ruleset_for(game)
    schedule = Schedule(game, rs.settings["night_posts"])
    stored = store.posts(tz=game.timezone)
    if so_far and now is not None:
        stored = [sp for sp in stored if sp.post.posted_at <= now]
    return _context(game, store, schedule, stored, rs, now)


def _context(
    game: Game,
    store: Store,
    schedule: Schedule,
    stored: Sequence[StoredPost],
    rs: RuleSet,
    now: datetime | None,
    *,
    days: frozenset[int] | None = None,
    previous: CheckRecords | None = None,
) -> Context:
    posts = place_posts(game, schedule, stored, rs)
    # Versions as data: posts with earlier versions (post rules judge those too: a
    # violation stays one after a 屏蔽 or an edit), and every vote post (the tally reads
    # when a vote was first fetched, and an edit after the close, issue 4).
    vote_tids = _vote_tids(game)
    wanted = [
        sp.post.pid
        for sp in stored
        if sp.post.pid is not None and (sp.version > 1 or sp.post.tid in vote_tids)
    ]
    versions = store.versions_of(wanted, game.timezone)
    return make_context(
        game,
        schedule,
        posts,
        rs,
        now or datetime.now(UTC),
        versions=versions,
        profiles=store.profile_sightings(game.timezone),
        space_reads=store.space_reads(game.timezone),
        space_items=store.space_items(),
        authors=store.authors(),
        days=days,
        previous=previous,
    )


def _vote_tids(game: Game) -> set[int]:
    tids = {t.tid for t in game.threads if t.kind is ThreadKind.VOTE}
    tids |= {ph.vote_thread for d in game.days for ph in d.phases if ph.vote_thread is not None}
    return tids


def earlier_versions(ctx: Context, gp: GamePost) -> list[tuple[int, Post]]:
    """The post's earlier stored versions worth judging, newest first: not hidden, and
    not the current content in another view (the API drops [size]: a view switch is no
    edit).  Empty without a store (tests build contexts by hand)."""
    history = ctx.versions.get(gp.pid) if gp.pid is not None else None
    if not history or len(history) < 2:
        return []
    now_view = history[-1].view
    current = neutral_hash(gp.post)
    out: list[tuple[int, Post]] = []
    for v in reversed(history[:-1]):
        old = v.post
        if old.hidden is not None:
            continue
        if v.view != now_view and (v.neutral_hash or neutral_hash(old)) == current:
            continue  # the same content as another view shows it: no edit
        out.append((v.number, old))
    return out


def _from_earlier(f: Finding, current: Post, number: int) -> Finding:
    """A finding on an earlier version, saying so: 已被屏蔽 / 已编辑删除 (its excerpt is the
    old text); the fingerprint (code, pid, key) is the one it had when it was current."""
    state = "已被屏蔽" if current.hidden is not None else "已编辑删除"
    what = "屏蔽" if current.hidden is not None else "编辑"
    said = f"{state}：按{what}前保存的第 {number} 版判定（摘录是原文）"
    return f._replace(
        note="；".join(x for x in (said, f.note) if x), floor=current.floor or f.floor
    )


def run_rules(
    ctx: Context,
    ruleset: RuleSet,
    codes: Sequence[str] | None = None,
    *,
    pids: Collection[int] | None = None,
) -> list[Finding]:
    """All findings of the enabled rules (or of ``codes``), sorted.

    With ``pids``, post rules look only at those posts; with ``ctx.days`` set, day-scoped
    aggregate rules judge only those days (an incremental check).
    """
    enabled = [get(c) for c in (codes or ruleset.rules)]
    findings = _post_findings(ctx, ruleset, enabled, ctx.posts, pids)
    findings.extend(_aggregate_findings(ctx, ruleset, enabled))
    return sorted(findings, key=_sort_key)


_Checks = list[tuple[str, Callable[..., Iterable[Finding]], Any]]


def _post_findings(
    ctx: Context,
    ruleset: RuleSet,
    enabled: Sequence[Rule],
    posts: Iterable[GamePost],
    pids: Collection[int] | None,
) -> list[Finding]:
    """What the enabled post rules find in ``posts`` (each post alone, its earlier
    versions too), in the posts' order; the aggregate rules' context is not read."""
    findings: list[Finding] = []
    post_rules = [r for r in enabled if r.kind == "post"]
    todo = [
        _own_view(gp)
        for gp in posts
        if not (gp.exempt or gp.deleted or (pids is not None and gp.pid not in pids))
    ]
    sparse = _prepared(ctx, post_rules, todo)
    hit: set[int] = set().union(*sparse.values()) if sparse else set()
    by_kind = _checks_by_kind(ruleset, post_rules, todo, sparse)
    edited = {pid for pid, history in ctx.versions.items() if len(history) >= 2}
    if not any(dense for _every, dense in by_kind.values()):
        # (every rule was decided by a preparation: only the posts it named, and the
        # edited ones, have a rule to call; most posts are passed over in one sweep)
        todo = [gp for gp in todo if id(gp.post) in hit or gp.post.pid in edited]
    for gp in todo:
        rules, dense = by_kind[gp.kind]
        key = id(gp.post)
        if not dense and key not in hit and gp.post.pid not in edited:
            continue  # (a post no rule here is called on: decided by a preparation)
        run = dense
        if key in hit:
            run = [t for t in rules if t[0] not in sparse or key in sparse[t[0]]]
        own: list[Finding] = []
        for _code, check, opts in run:
            own.extend(check(gp, ctx, opts))
        findings.extend(own)
        if rules and gp.post.pid in edited:
            findings.extend(_earlier_findings(ctx, gp, rules, own))
    return findings


def _own_view(gp: GamePost) -> GamePost:
    """The placed post as the content checks read it: a ``[quote]`` the poster typed (no
    quote-reply header) is the poster's own text (:mod:`auditor.rules.typedquote`)."""
    post = own_view(gp.post)
    return gp if post is gp.post else replace(gp, post=post)


def _prepared(
    ctx: Context, post_rules: Sequence[Rule], todo: Sequence[GamePost]
) -> dict[str, Collection[int]]:
    """The rules a batch preparation decided: code -> the posts (id of the post) they may
    find anything in; they are not called on the others."""
    sparse: dict[str, Collection[int]] = {}
    if post_rules and todo:
        enabled_codes = frozenset(r.code for r in post_rules)
        for prepare in POST_BATCH:
            sparse.update(prepare(ctx, todo, enabled_codes) or {})
    return sparse


def _checks_by_kind(
    ruleset: RuleSet,
    post_rules: Sequence[Rule],
    todo: Sequence[GamePost],
    sparse: Collection[str],
) -> dict[ThreadKind | None, tuple[_Checks, _Checks]]:
    """Each thread kind's rules with their options, worked out once (not per post): every
    rule that looks at it, and of those the ones called on every post."""
    by_kind: dict[ThreadKind | None, tuple[_Checks, _Checks]] = {}
    for kind in {gp.kind for gp in todo}:
        every: _Checks = [
            (r.code, r.check, ruleset.options(r.code))
            for r in post_rules
            if r.thread_kinds is None or kind in r.thread_kinds
        ]
        by_kind[kind] = (every, [t for t in every if t[0] not in sparse])
    return by_kind


def _earlier_findings(
    ctx: Context, gp: GamePost, rules: _Checks, own: Sequence[Finding]
) -> list[Finding]:
    """What ``rules`` find in an edited post's earlier versions and not in ``own`` (what
    they found in the post as it is), each once."""
    out: list[Finding] = []
    found = {f.fingerprint for f in own}
    for number, old in earlier_versions(ctx, gp):
        before = replace(gp, post=own_view(old))
        for _code, check, opts in rules:
            for f in check(before, ctx, opts):
                if f.fingerprint not in found:
                    found.add(f.fingerprint)
                    out.append(_from_earlier(f, gp.post, number))
    return out


def _aggregate_findings(ctx: Context, ruleset: RuleSet, enabled: Sequence[Rule]) -> list[Finding]:
    findings: list[Finding] = []
    for r in enabled:
        if r.kind == "aggregate":
            judged: Iterable[Finding] = r.check(ctx, ruleset.options(r.code))
            if r.scope == "day" and ctx.days is not None:
                # the other days' posts may not be in the context: what it says of them
                # is not a verdict (the stored findings of those days stand)
                judged = [f for f in judged if f.day in ctx.days]
            findings.extend(judged)
    return findings


# A post's and a placed post's fields in their declared order, read in one call: the copy
# without message HTML below is made from them, three times faster than two
# ``dataclasses.replace`` (which look up every field's declaration on each call).
_POST_FIELDS = tuple(fields(Post))
_POST_VALUES = attrgetter(*(f.name for f in _POST_FIELDS))
_HTML_AT = next(i for i, f in enumerate(_POST_FIELDS) if f.name == "message_html")
_GAME_POST_VALUES = attrgetter(*(f.name for f in fields(GamePost)))
assert fields(GamePost)[0].name == "post" and all(
    f.init for f in (*_POST_FIELDS, *fields(GamePost))
)


def _without_html(gp: GamePost) -> GamePost:
    """``replace(gp, post=replace(gp.post, message_html=""))``, the same values."""
    values: list[Any] = list(_POST_VALUES(gp.post))
    values[_HTML_AT] = ""
    post = Post(*values)
    return GamePost(post, *_GAME_POST_VALUES(gp)[1:])


#: Posts a full check places and hands the post rules at a time (:func:`judged_context`).
CHECK_SLICE = 5_000


def judged_context(
    game: Game,
    store: Store,
    ruleset: RuleSet,
    now: datetime,
    *,
    pids: Collection[int] | None = None,
    days: frozenset[int] | None = None,
) -> tuple[Context, list[Finding]]:
    """``build_context`` and ``run_rules`` over every stored post (post rules only on
    ``pids`` when given, day-scoped aggregate rules only on ``days``), holding the posts whole only ``CHECK_SLICE`` at a time: each
    slice is placed and judged by the post rules, then kept in the context without its
    message HTML, which only post rules read (the markup rules).  The same findings, in
    the same order; the aggregate rules then judge the whole context."""
    schedule = Schedule(game, ruleset.settings["night_posts"])
    tz = game.timezone
    vote_tids = _vote_tids(game)
    enabled = [get(c) for c in ruleset.rules]
    # What the post rules read of a context: the game, schedule, rule settings, matcher,
    # phrase matches and the slice's stored versions (never the other posts or counts).
    view = Context(
        game=game,
        schedule=schedule,
        posts=(),
        ruleset=ruleset.settings,
        now=now.astimezone(tz),
        vote_settings=vote_settings(ruleset.resolved, ruleset.settings),
    )
    placed: list[GamePost] = []
    versions: dict[int, list[PostVersion]] = {}
    findings: list[Finding] = []
    for stored in store.iter_posts(tz=tz, size=CHECK_SLICE):
        part = place_posts(game, schedule, stored, ruleset)
        wanted = [
            sp.post.pid
            for sp in stored
            if sp.post.pid is not None and (sp.version > 1 or sp.post.tid in vote_tids)
        ]
        view.versions = store.versions_of(wanted, tz)
        versions.update(view.versions)
        findings.extend(_post_findings(view, ruleset, enabled, part, pids))
        view.phrase_matches.clear()
        placed.extend(_without_html(gp) if gp.post.message_html else gp for gp in part)
    ctx = make_context(
        game,
        schedule,
        placed,
        ruleset,
        now,
        versions=versions,
        profiles=store.profile_sightings(tz),
        space_reads=store.space_reads(tz),
        space_items=store.space_items(),
        authors=store.authors(),
    )
    ctx.matcher = view.matcher
    ctx.days = days  # (the counts and verdicts above are the whole game's)
    findings.extend(_aggregate_findings(ctx, ruleset, enabled))
    return ctx, sorted(findings, key=_sort_key)


def _sort_key(f: Finding) -> tuple[object, ...]:
    return (
        f.day if f.day is not None else 10**6,
        f.player,
        f.code,
        f.floor or 0,
        f.pid or 0,
        f.key,
    )


def config_hash(game: Game, ruleset: RuleSet) -> str:
    """What every finding depends on besides the posts: the game file, the resolved rule
    set, the tool's version and registered data.  A change means a full re-check."""
    h = hashlib.sha256()
    h.update(game.path.read_bytes())
    if game.discovery is not None:  # what the forum said (threads, days, events)
        h.update(repr((game.threads, game.days, game.events)).encode())
    # ruleset.off: a rule that is off still sets what the vote book obeys
    h.update(
        json.dumps(
            [ruleset.settings, ruleset.rules, ruleset.off], sort_keys=True, default=str
        ).encode()
    )
    h.update(__version__.encode())
    for dependency in DATA_DEPENDENCIES:
        h.update(dependency(game))
    return h.hexdigest()


@dataclass(slots=True)
class CheckResult:
    findings: list[Finding]  # every active finding after this check
    ruleset: RuleSet
    context: Context | None  # None: nothing changed, no post was loaded (see check)
    incremental: bool = False
    rechecked_posts: int = 0  # posts the post rules looked at
    rechecked_days: tuple[int, ...] = ()  # days the day-scoped aggregate rules judged
    new: int = 0  # findings first seen in this check
    incomplete_days: tuple[int, ...] = ()  # days whose counting rules were held back
    records: CheckRecords | None = None  # None: nothing changed, the stored ones stand
    loaded_posts: int = 0  # posts read from the store and placed (the context's)


def check(
    game: Game,
    store: Store,
    *,
    now: datetime | None = None,
    run_id: int | None = None,
    incremental: bool = False,
    incomplete_tids: Collection[int] | None = None,
) -> CheckResult:
    """Run the rules and store the findings (retiring ones no longer found).

    ``incremental``: when the game file, rule set and data are unchanged since the last
    check, post rules re-check only new, edited or deleted posts, and day-scoped aggregate
    rules re-judge only the days those posts fall in (by the clock and by their thread),
    days that closed since, and the day open now.  Only those days' posts are read from
    the store (indexed queries), with the posts game-scoped rules declare they need
    (``Rule.needs``: last words, accounts not in the game); the counts, verdicts and
    records of the other days are the last check's.  Game-scoped aggregate rules re-run
    over that; one that needs every post (POST-OUTSIDE) makes the check read them all.
    Any config change runs a full check.

    ``incomplete_tids``: threads the crawl could not read in full (default: what the last
    crawl recorded in the store, so a check without a crawl still knows).  Counting rules
    (aggregate rules: lurking, votes) say nothing about their days until a crawl has read
    them: no new findings, and stored ones are neither confirmed nor retired.  Those days
    are re-judged by the next check.
    """
    rs = ruleset_for(game)
    cfg = config_hash(game, rs)
    state = store.check_state()
    if incomplete_tids is None:
        incomplete_tids = state.incomplete_tids
    held_days = _incomplete_days(game, rs, incomplete_tids)
    pending = set(state.pending_days)
    now_local = (now or datetime.now(UTC)).astimezone(game.timezone)
    diff: tuple[dict[int, str], dict[int, int | None]] | None = None
    mark = None  # where the diff was read: recorded as checked with it
    last_now = state.checked_at
    if incremental and state.config == cfg and last_now is not None:
        changed_h, removed_d, mark = store.changes_since_check()
        diff = changed_h, removed_d
        if not (changed_h or removed_d or held_days or pending) and _same_since(
            game, state, last_now, now_local
        ):
            # Nothing new, edited or deleted, no new signature, avatar or posts-list item,
            # and no day or phase opened or closed since the last check: every rule would
            # say what it said then.  No post is loaded.
            store.state.checked_at = now_local
            store.record_checked(mark)
            findings = [finding_from_row(r) for r in store.findings()]
            return CheckResult(findings, rs, None, True, 0, (), 0, ())

    def held(code: str, day: int | None) -> bool:
        rule = REGISTRY.get(code)
        if rule is None or rule.kind == "post" or not held_days:
            return False
        return rule.scope == "game" or day in held_days

    if diff is None:
        ctx, found = judged_context(game, store, rs, now_local)
        findings = [f for f in found if not held(f.code, f.day)]
        new, _ = store.save_findings(
            findings, run_id, scope=lambda row: not held(row["code"], row["day"])
        )
        if held_days:
            findings = [finding_from_row(r) for r in store.findings()]
        result = CheckResult(findings, rs, ctx, False, len(ctx.posts), (), new)
        result.records = derive_records(ctx)
        store.save_check_state(
            _checked(store, state, ctx, rs, cfg, now_local, held_days, result.records, whole=True),
            _placements(ctx, rs),
        )
        result.loaded_posts = len(ctx.posts)
        result.incomplete_days = tuple(sorted(held_days))
        return result

    changed_h, removed_d = diff
    changed = set(changed_h)
    removed = set(removed_d)
    schedule = Schedule(game, rs.settings["night_posts"])
    fresh = place_posts(game, schedule, store.posts_by_pid(changed, game.timezone), rs)
    thread_day = _thread_days(game)
    days = _touched_days(store, fresh, removed_d, changed, thread_day)
    days |= pending  # days judged while their threads were incomplete
    days |= _moving_days(schedule, last_now or now_local, now_local)
    scope_days = frozenset(d for d in days if d is not None)
    previous = _previous_records(store, rs)
    if previous is not None:
        # Only what the night touched is read: those days' posts (and threads), the posts
        # the game-scoped rules keep, and the new and edited posts.
        stored = store.posts_for_check(
            days=scope_days,
            tids=[tid for tid, d in thread_day.items() if d in scope_days],
            pids=changed,
            tz=game.timezone,
        )
        ctx = _context(
            game, store, schedule, stored, rs, now_local, days=scope_days, previous=previous
        )
        found = run_rules(ctx, rs, pids=changed)
    else:  # a rule reads every post, or records of an older shape: read the game
        ctx, found = judged_context(game, store, rs, now_local, pids=changed, days=scope_days)
    touched = changed | removed
    rechecked = [f for f in found if not held(f.code, f.day)]

    def in_scope(row: FindingRow) -> bool:
        rule = REGISTRY.get(row.code)
        if rule is None or rule.kind == "post":
            return row.pid in touched
        if held(row.code, row.day):
            return False
        return rule.scope == "game" or row.day in scope_days

    new, _ = store.save_findings(rechecked, run_id, scope=in_scope)
    findings = [finding_from_row(r) for r in store.findings()]
    result = CheckResult(findings, rs, ctx, True, len(changed), tuple(sorted(scope_days)), new)
    if previous is not None:
        totals = (store.post_count(), store.minute_pids())
        result.records = derive_records(ctx, previous, totals=totals)
    else:
        result.records = derive_records(ctx)
    placement = _placements(ctx, rs)
    if previous is None:
        # The whole game was read: every post's row is written again (a store an older
        # version checked has no day or keep marks the next night could trust).
        done = _checked(
            store, state, ctx, rs, cfg, now_local, held_days, result.records, whole=True
        )
        store.save_check_state(done, placement)
    else:
        # Only what changed is written: the check state stays proportional to the night.
        # The counted posts of the days derived tonight; the other days' entries stand.
        rows = {pid: (h, *placement(pid)) for pid, h in changed_h.items()}
        done = _checked(store, state, ctx, rs, cfg, now_local, held_days, result.records)
        store.update_check_state(done, rows, removed, mark=mark)
    result.loaded_posts = len(ctx.posts)
    result.incomplete_days = tuple(sorted(held_days))
    return result


def _touched_days(
    store: Store,
    fresh: Sequence[GamePost],
    removed: Mapping[int, int | None],
    changed: Collection[int],
    thread_day: Mapping[int, int],
) -> set[int | None]:
    """The days to judge again for the new and edited posts ``fresh`` (``changed``) and the
    deleted ones (``removed``: pid -> the day the last check placed it on): their days by
    the clock and as the last check placed them, and the days of their threads (a vote
    after the close falls at night by the clock, but its ballot is judged with the vote
    thread's day)."""
    previous_tid = store.thread_of(removed)
    days: set[int | None] = {gp.day for gp in fresh} | set(removed.values())
    days |= set(store.checked_days(changed).values())
    days |= {thread_day.get(gp.post.tid) for gp in fresh}
    days |= {thread_day.get(previous_tid.get(pid, -1)) for pid in removed}
    return days


def _same_since(game: Game, state: CheckState, since: datetime, now: datetime) -> bool:
    """No signature, avatar picture or posts-list item the last check (at ``since``) has not
    judged, and no day or phase opened or closed between it and ``now``."""
    return not state.side_changed and not game.clock_changes(since, now)


def _moving_days(schedule: Schedule, since: datetime, now: datetime) -> set[int]:
    """The days that closed after ``since`` (newly judgeable) or are open ``now`` (still
    moving)."""
    return {
        d.number for d in schedule.days if since <= d.closes < now or d.opens <= now <= d.closes
    }


def _checked(
    store: Store,
    state: CheckState,
    ctx: Context,
    ruleset: RuleSet,
    config: str,
    now: datetime,
    held_days: Collection[int],
    records: CheckRecords,
    *,
    whole: bool = False,
) -> Checked:
    """What a check at ``now``, run after the one that left ``state``, records of itself
    with ``records``: the counted posts of the days it derived (the other days' entries
    stand; ``whole``: the records are the whole game's, and a stored day they have none
    for goes)."""
    counted, emptied = records.counted.written()
    gone = set(store.state.counted) - set(counted) if whole else ()
    return Checked(
        config=config,
        serial=(state.serial or 0) + 1,  # a check that re-ran rules
        checked_at=now,
        pending_days=tuple(sorted(held_days)),
        side_checked=state.side_serial,
        records=records.to_json(),
        proposals=records.proposals,
        status=status_entry(ctx, ruleset, config),
        counted=counted,
        counted_gone=[*emptied, *gone],
    )


def _stored(store: Store) -> CheckRecords | None:
    """The last check's records as stored (their counted posts decoded day by day when
    read), or None."""
    text = store.state.records
    return CheckRecords.from_json(text, store.state.counted) if text else None


def _previous_records(store: Store, ruleset: RuleSet) -> CheckRecords | None:
    """The last check's records when an incremental check may build on them: of this
    shape, with a vote book, and no enabled game-scoped rule that needs every post."""
    for code in ruleset.rules:
        rule = REGISTRY.get(code)
        if (
            rule is not None
            and rule.kind == "aggregate"
            and rule.scope == "game"
            and rule.needs is None
            and ruleset.enabled(code)
        ):
            return None
    records = _stored(store)
    return None if records is None or records.votes_error else records


def _placements(ctx: Context, ruleset: RuleSet) -> Callable[[int], tuple[int | None, bool]]:
    """pid -> (the day the check placed the post on, whether a game-scoped rule keeps it
    whatever the day) for the check state; (None, False) for a post not in ``ctx``."""
    keep = _keeper(ctx, ruleset)
    placed = {gp.pid: gp for gp in ctx.posts if gp.pid is not None}

    def placement(pid: int) -> tuple[int | None, bool]:
        gp = placed.get(pid)
        return (gp.day, keep(gp)) if gp is not None else (None, False)

    return placement


def _keeper(ctx: Context, ruleset: RuleSet) -> Callable[[GamePost], bool]:
    """Whether an incremental check reads a post whatever its day: a game-scoped rule
    that is on needs it (``Rule.needs``)."""
    needs = [
        rule.needs
        for code in ruleset.rules
        if (rule := REGISTRY.get(code)) is not None
        and rule.kind == "aggregate"
        and rule.scope == "game"
        and rule.needs is not None
        and ruleset.enabled(code)
    ]
    return lambda gp: any(need(ctx, gp) for need in needs)


def _incomplete_days(game: Game, ruleset: RuleSet, tids: Collection[int]) -> set[int]:
    """The days whose counts a crawl that missed ``tids`` leaves unreliable: the day of
    each counted or vote thread missed; every day for such a thread without a day."""
    if not tids:
        return set()
    counted = {*ruleset.settings["count_kinds"], ThreadKind.VOTE.value}
    thread_day = _thread_days(game)
    days: set[int] = set()
    for tid in tids:
        spec = game.thread(tid)
        if spec is None or spec.kind.value not in counted:
            continue
        day = thread_day.get(tid)
        days |= {day} if day is not None else {d.number for d in game.days}
    return days


def _thread_days(game: Game) -> dict[int, int]:
    """tid -> the day a thread belongs to: its own ``day``, or the day of a phase whose
    ``vote_thread`` it is."""
    out = {t.tid: t.day for t in game.threads if t.day is not None}
    for d in game.days:
        for ph in d.phases:
            if ph.vote_thread is not None:
                out.setdefault(ph.vote_thread, d.number)
    return out


def status_entry(ctx: Context, ruleset: RuleSet, config: str) -> str:
    """The open day's status at ``ctx.now`` (:func:`auditor.rules.records.open_day_status`)
    as JSON, with what a reader compares before it trusts it without loading a rule: the
    check's configuration hash and :func:`~auditor.rules.inputs.config_inputs`; and the
    game file's warning about the mobile API (:func:`api_warning`), which every command
    prints.  An incremental check's context holds the day open now (it is always
    re-judged).  A check at a time before some stored post (``--now`` in the past) counts
    only what was posted by then, as the command does: a full check's context is made
    again without the later posts; an incremental one stores no entry ("null")."""
    if any(gp.post.posted_at > ctx.now for gp in ctx.posts):
        if ctx.days is not None:
            return "null"
        ctx = make_context(
            ctx.game,
            ctx.schedule,
            [gp for gp in ctx.posts if gp.post.posted_at <= ctx.now],
            ruleset,
            ctx.now,
            versions=ctx.versions,
            profiles=ctx.profiles,
            space_reads=ctx.space_reads,
            space_items=ctx.space_items,
        )
    day, rows = open_day_status(ctx, ruleset)
    spec = ctx.schedule.day(day) if day is not None else None
    data = {
        "config": config,
        "inputs": config_inputs(ctx.game),
        "now": ctx.now.isoformat(),
        "day": day,
        "closes": spec.closes.isoformat() if spec is not None else None,
        "accelerated": bool(spec is not None and spec.accelerated),
        "rows": rows,
        "warning": api_warning(ctx.game, ruleset),
    }
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


def stored_records(
    store: Store, game: Game | None = None, ruleset: RuleSet | None = None
) -> CheckRecords | None:
    """The records the last check stored (None: none, or of an older shape).  With
    ``game``: only when they were checked with the game file, rule set and data as they are
    now (a confirmed event or an edited file makes them stale: judge afresh)."""
    if game is not None and store.state.config != config_hash(game, ruleset or ruleset_for(game)):
        return None
    return _stored(store)


def current_records(
    game: Game, store: Store, *, now: datetime | None = None
) -> CheckRecords | None:
    """The records the last check stored when a check now would derive the same ones (what
    its nothing-new path trusts): the same game file, rule set and data, no post new,
    edited or deleted since, no day held back, no day or phase opened or closed since.
    None otherwise: judge afresh."""
    rs = ruleset_for(game)
    state = store.check_state()
    if state.config != config_hash(game, rs) or state.checked_at is None:
        return None
    if state.pending_days:
        return None
    now_local = (now or datetime.now(UTC)).astimezone(game.timezone)
    if game.clock_changes(state.checked_at, now_local):
        return None
    changed, removed = store.unchecked_posts()
    if changed or removed:
        return None
    return stored_records(store)


def stored_proposals(store: Store) -> list[str] | None:
    """The proposals of the last check's records, without reading the records (None: none
    stored by this version)."""
    proposals = store.state.proposals
    return [str(p) for p in proposals] if proposals else None
