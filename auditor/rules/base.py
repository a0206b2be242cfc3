"""The shapes every rule shares: findings, options, the rule declaration and its context.

A rule is declared once with :func:`rule` (code, Chinese title, seed reference, options
with defaults, suggested card, kind) on a generator function.  Two kinds exist:

* ``post`` rules see one :class:`GamePost` at a time and yield findings about it;
* ``aggregate`` rules see the whole :class:`Context` (per player per day work such as
  lurking, or per day work such as the vote tally) and yield findings.

Findings are frozen, comparable values with a fingerprint that stays the same across
runs: decisions attach to it.
"""

from __future__ import annotations

import inspect
from collections import Counter
from collections.abc import Callable, Collection, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING, Any

from auditor.game.gamefile import ThreadKind
from auditor.models import (  # Finding and Match: re-exported where rules always took them
    Finding,
    Match,
    Post,
    PostVersion,
    ProfileSighting,
    SpaceItem,
    SpaceRead,
)

if TYPE_CHECKING:
    from auditor.game.gamefile import Game
    from auditor.game.schedule import Schedule
    from auditor.rules.matcher import Matcher, PhraseMatch
    from auditor.rules.votebook import VoteBook
    from auditor.rules.votebook.model import VoteSettings

CARDS = ("blue", "yellow", "red", "substitute", "warning", "none")


_TYPE_NAMES = {
    "bool": "布尔值（true 或 false）",
    "int": "整数",
    "float": "数",
    "str": "字符串",
    "list": "列表",
    "dict": "表",
    "datetime": "时间",
}


def type_name(t: type) -> str:
    """A TOML value's type as the director reads it (``int`` → 整数)."""
    return _TYPE_NAMES.get(t.__name__, t.__name__)


@dataclass(frozen=True, slots=True)
class Option:
    """A rule option: its type, default and what it means (Chinese, for `auditor rules`)."""

    type: type | tuple[type, ...]
    default: Any
    help: str
    choices: tuple[Any, ...] | None = None
    minimum: float | None = None  # numbers: the smallest value that makes sense

    def check(self, value: Any) -> str | None:
        """Return a reason when ``value`` is not acceptable, else None."""
        types = self.type if isinstance(self.type, tuple) else (self.type,)
        if float in types and isinstance(value, int) and not isinstance(value, bool):
            value = float(value)
        wanted = "或".join(type_name(t) for t in types)
        if isinstance(value, bool) and bool not in types:
            return f"应当是{wanted}"
        if not isinstance(value, types):
            return f"应当是{wanted}，而不是{type_name(type(value))}"
        if self.choices is not None:
            items = value if isinstance(value, list) else [value]
            bad = [v for v in items if v not in self.choices]
            if bad:
                return f"{bad[0]!r} 不在可选值 {', '.join(map(str, self.choices))} 中"
        if self.minimum is not None and isinstance(value, int | float) and value < self.minimum:
            return f"不能小于 {self.minimum:g}"
        return None


# Options every rule has.
COMMON_OPTIONS: Mapping[str, Option] = {
    "enabled": Option(bool, True, "是否启用"),
    "card": Option(str, "blue", "建议的处罚", CARDS),
    "kind": Option(str, "", "判罚“同类违规”的分组名（默认为规则代码）"),
}


@dataclass(frozen=True, slots=True)
class GamePost:
    """A stored post placed in the game: its thread kind, day, phase and charged player."""

    post: Post
    kind: ThreadKind | None  # None: a thread the game file does not list
    day: int | None  # None: outside every day (night), unless the rule set credits it
    phase: int | None
    player: str | None  # the player charged: the author, or the player whose last words these are
    exempt: bool  # a director's or spectator's own post
    lastwords: bool  # last words (a director-published 遗言, or a dead player's own window)
    night: bool = False  # posted outside every day; credited to ``day`` by the rule set
    deleted: bool = False

    @property
    def pid(self) -> int | None:
        return self.post.pid


# (player, day, phase): one unit of activity; phase is None on days without phases.
Unit = tuple[str, int, int | None]


@dataclass(slots=True)
class Context:
    """What a rule may read: the placed posts and what the engine derived from them once
    per check (:func:`auditor.rules.engine.make_context`).  Everything here is data:
    no rule reads the store while it runs, nor another rule's options.
    """

    game: Game
    schedule: Schedule
    posts: Sequence[GamePost]
    ruleset: Mapping[str, Any]  # ruleset-level settings ([ruleset] table)
    now: datetime
    # The vote rules' thresholds and the tally's settings, read once from the rule set
    # (auditor.rules.votebook.vote_settings): the vote book obeys them.
    vote_settings: VoteSettings
    # Days an incremental check re-judges; None = every day.  Rules declared with
    # scope="day" yield findings only for these days (see :meth:`in_scope`).  With days
    # set, ``posts`` may hold only those days' posts, the threads of those days and the
    # posts the game-scoped rules need (``Rule.needs``), and the counts and verdicts of
    # the other days come from the last check's records.
    days: frozenset[int] | None = None
    # Signatures and avatars the desktop pages showed, oldest first (PROFILE-*).
    profiles: Sequence[ProfileSighting] = ()
    # The players' own posts lists as read (POST-OUTSIDE): the reads, and each item with
    # the id of the read that first showed it.
    space_reads: Sequence[SpaceRead] = ()
    space_items: Sequence[tuple[int, SpaceItem]] = ()
    # Stored versions (oldest first) of the posts whose history a rule reads: posts with
    # earlier versions, and every post of a vote thread (the tally reads when a vote was
    # first fetched).  Empty for a context without a store.
    versions: Mapping[int, Sequence[PostVersion]] = field(default_factory=dict)
    # Counted posts per unit (see :mod:`auditor.rules.activity`).
    counts: Counter[Unit] = field(default_factory=Counter)
    # Counted posts per unit that are filler (水帖) by POST-FILLER's words (its defaults
    # when the rule is off): the difference is the effective posts.
    filler: Counter[Unit] = field(default_factory=Counter)
    # How long piping lasts (PIPED-SPEECH's ``scope``, whether or not the rule is on): a
    # piped player's forced 喵喵 is never filler (:func:`auditor.rules.piped.piped_sounds`).
    piped_scope: str = "until_piper_out"
    # Verdicts other rules refer to: rule code -> the units it judged (LURK-DAY's lurking
    # units for LURK-3DAYS and the activity views), over every judged day.  A code is
    # missing when its rule is off.
    verdicts: Mapping[str, frozenset[Unit]] = field(default_factory=dict)
    # Every (author name, uid) of the game's live posts, in the order of each one's first
    # post (the vote reader's renamed members); None: read from ``posts`` (a full context).
    authors: Sequence[tuple[str, int | None]] | None = None
    # Built on first use, from the posts above (``votes_for`` / ``matcher_for_context``).
    votes: VoteBook | None = None
    matcher: Matcher | None = None
    phrase_matches: dict[int, list[PhraseMatch]] = field(default_factory=dict)  # id(post) ->

    def in_scope(self, day: int | None) -> bool:
        return self.days is None or day in self.days

    def by_player(self) -> dict[str, list[GamePost]]:
        out: dict[str, list[GamePost]] = {}
        for gp in self.posts:
            if gp.player is not None and not gp.exempt:
                out.setdefault(gp.player, []).append(gp)
        return out


@dataclass(frozen=True, slots=True)
class Rule:
    code: str
    title: str
    seed: str
    kind: str  # "post" | "aggregate"
    options: Mapping[str, Option]
    check: Callable[..., Iterator[Finding]]
    doc: str = ""
    aliases: tuple[str, ...] = ()
    # Post rules: the thread kinds they look at (None = every kind).
    thread_kinds: tuple[ThreadKind, ...] | None = None
    # Aggregate rules: "day" when a finding for day d depends only on day d's posts and
    # the game file (an incremental check then re-judges only affected days); "game"
    # when findings span days (always re-run in full).
    scope: str = "game"
    # Game-scoped aggregate rules: the posts they read besides those of the days an
    # incremental check re-judges (a predicate on each placed post; ``no_posts`` for a
    # rule that reads the context's counts, verdicts or profiles only).  None: every post
    # of the game (an incremental check with the rule on then reads them all).
    needs: Callable[[Context, GamePost], bool] | None = None
    # Rule-set settings (auditor.rules.ruleset.SETTINGS) this rule's verdict depends on.
    settings: tuple[str, ...] = ()

    def all_options(self) -> dict[str, Option]:
        return {**COMMON_OPTIONS, **self.options}

    def defaults(self) -> dict[str, Any]:
        return {k: o.default for k, o in self.all_options().items()}


_PENDING: list[Rule] = []


def no_posts(ctx: Context, gp: GamePost) -> bool:
    """``needs`` of a game-scoped rule that reads no post (counts, verdicts, profiles)."""
    return False


# Verdicts other rules and views refer to: a rule module registers, for its code, the
# function giving the units the rule judges (over every judged day, whatever the check's
# scope); the engine computes them once per context for the enabled rules.
VERDICTS: dict[str, Callable[[Context, Mapping[str, Any]], frozenset[Unit]]] = {}

# Data outside the game file that rule results depend on (e.g. lexicon files): a rule
# module appends a function returning a digest of it, so that a change forces the next
# incremental check to be a full one.
DATA_DEPENDENCIES: list[Callable[[Game], bytes]] = []

# Work a rule module does for many posts at once (the phrase matcher scans them together):
# called by the engine, before the post rules run, with the posts they will look at and
# the codes of the enabled post rules.  What it computes goes where the rules look for it.
# It may return, for rules whose findings it has decided, the posts (``id(gp.post)``) each
# can find anything in: the engine then calls those rules on those posts only (the phrase
# rules find something in about one post in a hundred; calling each of them on every post
# cost three times the matching).  Earlier versions of a post still go through every rule.
POST_BATCH: list[
    Callable[[Context, Sequence[GamePost], frozenset[str]], Mapping[str, Collection[int]] | None]
] = []


def rule(
    *,
    code: str,
    title: str,
    seed: str,
    kind: str = "post",
    options: Mapping[str, Option] | None = None,
    thread_kinds: Sequence[ThreadKind] | None = None,
    aliases: Sequence[str] = (),
    scope: str = "game",
    settings: Sequence[str] = (),
    needs: Callable[[Context, GamePost], bool] | None = None,
) -> Callable[[Callable[..., Iterator[Finding]]], Rule]:
    """Declare a rule.  The decorated function's docstring is its user documentation."""
    if kind not in ("post", "aggregate"):
        raise ValueError(f"unknown rule kind {kind!r}")
    if scope not in ("game", "day"):
        raise ValueError(f"unknown rule scope {scope!r}")

    def wrap(fn: Callable[..., Iterator[Finding]]) -> Rule:
        r = Rule(
            code=code,
            title=title,
            seed=seed,
            kind=kind,
            options=dict(options or {}),
            check=fn,
            doc=inspect.cleandoc(fn.__doc__ or ""),
            aliases=tuple(aliases),
            thread_kinds=tuple(thread_kinds) if thread_kinds is not None else None,
            scope=scope,
            settings=tuple(settings),
            needs=needs,
        )
        _PENDING.append(r)
        return r

    return wrap


def excerpt(text: str, start: int = 0, end: int = 0, width: int = 60) -> str:
    """A short piece of ``text`` around [start, end) for the report."""
    if len(text) <= width:
        return text
    mid = (start + end) // 2
    lo = max(0, min(mid - width // 2, len(text) - width))
    hi = lo + width
    return ("…" if lo else "") + text[lo:hi] + ("…" if hi < len(text) else "")


def post_finding(
    code: str,
    gp: GamePost,
    opts: Mapping[str, Any],
    matches: Sequence[Match],
    *,
    key: str = "",
    note: str = "",
    card: str | None = None,
) -> Finding:
    """The one finding a post rule yields for a post, holding all its matches."""
    post = gp.post
    first = matches[0] if matches else Match("", 0, 0)
    return Finding(
        code=code,
        player=gp.player or post.author,
        day=gp.day,
        phase=gp.phase,
        tid=post.tid,
        pid=post.pid,
        floor=post.floor,
        matches=tuple(matches),
        excerpt=excerpt(post.text, first.start, first.end),
        card=card or opts["card"],
        key=key,
        note=note,
        posted_at=post.posted_at,
    )


def aggregate_finding(
    code: str,
    player: str,
    day: int | None,
    opts: Mapping[str, Any],
    *,
    phase: int | None = None,
    key: str = "",
    note: str = "",
    excerpt_text: str = "",
    card: str | None = None,
    tid: int | None = None,
) -> Finding:
    return Finding(
        code=code,
        player=player,
        day=day,
        phase=phase,
        tid=tid,
        pid=None,
        floor=None,
        matches=(),
        excerpt=excerpt_text,
        card=card or opts["card"],
        key=key,
        note=note,
    )
