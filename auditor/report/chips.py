"""Proposals from the post itself (issue 34, the review queue; desk48 item 1): what a
post the grammar did not read says, offered to the director as one-tap chips that fill the
desk's add form (``desk_add_from_post``), so he confirms instead of re-typing his own post.

Three readings, none of them a guess of this module's own:

* **the players it names** — forum names, seats and the nicknames the game file declares,
  through :func:`auditor.game.roster.spell_out` (the one place a written name becomes a
  player); a nickname the file does not declare is offered as 「X 是谁？」
  (:func:`nicknames`, by the shape Chinese nicknames take: 老/小/阿 + one character of the
  name, or one character doubled — 老鹅, 小梨, 包包 — never a list of names);
* **the times it states** — :func:`auditor.game.when.find_ranges` and ``find_points``, as
  discovery reads them (a 第N天 label, the post's day otherwise);
* **the kind of item** — the learned reading's proposals for the desk
  (:func:`auditor.game.learned.propose_events`): for each player the post names, the kinds
  of event (出局 by vote / at night, 吹笛, 警长) it reads him in, ranked by probability, the
  events the game already records left out.

Nothing here writes: each chip is a form's values, sent by the director's own tap and signed
(``auditor game --add``)."""

from __future__ import annotations

import re
from collections.abc import Collection, Sequence
from datetime import datetime, timedelta

from auditor.game import learned
from auditor.game.fold import fold
from auditor.game.gamefile import EventType, Game, ThreadKind
from auditor.game.roster import spell_out
from auditor.game.when import find_points, find_ranges

# a nickname the post writes and the players it could be: {"written": …, "guesses": [...]}
Nickname = dict[str, str | list[str]]
# a nickname's shape: 老/小/阿 + one character, or one character doubled (包包, 江江)
_NICK = re.compile(r"(?:[老小阿](?P<a>[\u4e00-\u9fff])|(?P<b>[\u4e00-\u9fff])(?P=b))")
# how soon after a close / an opening a post tells that day's vote-out / the night's death
_TOLD_WITHIN = timedelta(hours=3)
_HOW_WORD = {"vote": "出局（投票）", "night": "出局（夜里）", "out_other": "出局"}
_CHIPS = 6  # at most this many event chips a post (the likeliest first)
# a sentence's end: a 替补's two names are in one sentence
_SENTENCE = re.compile(r"[。！？!?；;\n]+")


def post_chips(
    game: Game,
    text: str,
    posted_at: datetime,
    *,
    tid: int | None = None,
    newcomers: Collection[str] = (),
) -> dict[str, list[dict[str, str]] | list[Nickname] | dict[str, str]]:
    """The chips for one post: ``events`` (each: label, type, player, how, at; a 替补's
    newcomer too, :func:`substitute_chips` from ``newcomers``: the forum names that posted),
    ``days`` (label, day, opens, closes), ``who`` (written, guesses: the players that
    nickname could be, likeliest first) and ``out`` (the post's 补上这个出局 form's player,
    how and time: its likeliest elimination chip's, or empty — never merely the first name
    the post writes: 「茶汤李那票过点儿了不算…耳朵眼过半，直接领盒饭」, fh49b)."""
    spec = next((t for t in game.threads if t.tid == tid), None)
    thread_kind = str(spec.kind) if spec is not None else ""
    who = nicknames(game, text)
    # (the learned reading reads names: a nickname only one player's name can be is read
    # as his for the chips — a proposal he taps, never written by itself)
    spelt = spell_out(game, text)
    for n in who:
        written, guesses = n["written"], n["guesses"]
        if isinstance(written, str) and isinstance(guesses, list) and len(guesses) == 1:
            spelt = spelt.replace(written, guesses[0])
    named = players_named(game, spelt)
    # a rules post states how the game is played, never what happened in it: its names are
    # examples (小鹿's 「投票對象：阿哲」, fh49) — no event from it
    ruled = thread_kind == ThreadKind.RULES
    events = (
        []
        if ruled
        else substitute_chips(game, text, posted_at, named, newcomers)
        + event_chips(game, spelt, posted_at, named, thread_kind)
    )
    return {
        "events": events,
        "days": day_chips(game, text, posted_at, spec.day if spec is not None else None),
        "who": who,
        # what the post's 补上这个出局 form starts with: its likeliest elimination
        "out": next(
            (
                {k: c[k] for k in ("player", "how", "at")}
                for c in events
                if c["type"] == "eliminated"
            ),
            {},
        ),
    }


def players_named(game: Game, spelt: str) -> list[str]:
    """The players the post names, in the order it first names them."""
    found = sorted((spelt.find(p), p) for p in game.players if p in spelt)
    return [p for _, p in found]


def _time_how(game: Game, at: datetime) -> tuple[str, datetime]:
    """How and when a death told by a post at ``at`` most likely is, by the post's time:
    soon after a day's close, that day's vote-out at its close; in the night before an
    opening or soon after it, the night's death at that opening; else no how and the
    post's time."""
    closed = [d for d in game.days if d.closes <= at <= d.closes + _TOLD_WITHIN]
    if closed:
        return "vote", closed[-1].closes
    opening = _night_opening(game, at)
    if opening is not None and at <= opening + _TOLD_WITHIN:
        return "night", opening
    return "", at


def _once(kind: str, how: str) -> str | None:
    """The kinds a post names one player of (a sheriff, a tally's vote-out), else None
    (several night deaths, several piped in one post)."""
    if kind == "sheriff":
        return "sheriff"
    if kind == "eliminated" and how == "vote":
        return "vote"
    return None


def _out_at(game: Game, how: str, posted_at: datetime) -> datetime:
    """When a death a post at ``posted_at`` tells is, by its how: a vote-out at the last
    close before the post, a night death at the opening that ends the post's night, else
    as :func:`_time_how` reads the post's time."""
    guessed_how, guessed_at = _time_how(game, posted_at)
    if how == "vote" and guessed_how != "vote":
        return _close_before(game, posted_at) or guessed_at
    if how == "night" and guessed_how != "night":
        return _night_opening(game, posted_at) or guessed_at
    return guessed_at


def _night_opening(game: Game, at: datetime) -> datetime | None:
    """The opening that ends the night a post at ``at`` belongs to: the first opening after
    the last close before it (小鹿's 12-16 08:55 report tells the night before day 3's 09:00
    opening, not day 2's — fh49, 「阿哲 被吹笛」 prefilled 12-15 09:00); before any close,
    the last opening before it."""
    last = _close_before(game, at)
    if last is None:
        return _opening_before(game, at)
    after = [d.opens for d in game.days if d.opens >= last]
    return min(after, default=None) or _opening_before(game, at)


def _local(game: Game, at: datetime) -> str:
    return at.astimezone(game.timezone).strftime("%Y-%m-%dT%H:%M")


def event_chips(
    game: Game, spelt: str, posted_at: datetime, named: Sequence[str], thread_kind: str
) -> list[dict[str, str]]:
    """For each player the post names, the events the learned reading reads him in (ranked),
    then each named player no kind was read for, as an 出局 timed by the post."""
    if not named:
        return []
    guessed_how = _time_how(game, posted_at)[0]
    known = {(str(e.type), fold(e.player)) for e in game.events}
    # (every reading, the known ones too: a post's one winner known leaves its runner-up
    # no chip — 「蚵仔煎6票、小葵2票，蚵仔煎當選警長」 offered 小葵, fh49)
    read = [
        p
        for p in learned.propose_events(spelt, game.players, thread_kind, limit=4 * _CHIPS)
        if p.player  # (the kinds no player fills: the post's times give the day chips)
    ]
    chips: list[dict[str, str]] = []
    seen: set[str] = set()
    won: set[str] = set()  # the kinds one post names one player of, once named
    for p in read:
        if p.player not in named:
            continue
        how = p.how if p.how in ("vote", "night") else guessed_how
        # one sheriff, one vote-out a post tells (a tally's result): its likeliest player
        once = _once(p.kind, how)
        if once in won:
            continue
        won.add(once or "")
        if (p.kind, fold(p.player)) in known:
            continue
        if p.kind == "eliminated":
            at = _out_at(game, how, posted_at)
            label = f"{p.player} {_HOW_WORD.get(how, '出局')}"
            chips.append(_chip(game, label, "eliminated", p.player, how, at))
        elif p.kind == "piped":
            at = _night_opening(game, posted_at) or posted_at
            chips.append(_chip(game, f"{p.player} 被吹笛", "piped", p.player, "", at))
        else:
            chips.append(_chip(game, f"{p.player} 当选警长", "sheriff", p.player, "", posted_at))
        seen.add(p.player)
    # (a named player no kind was read for is no 出局 by default — a vote thread's opener
    # naming the sheriff, 老周's round-1 chips: desk48_2 item 6; the post's own 补上 form
    # stays, its player the first named)
    return chips[:_CHIPS]


def substitute_chips(
    game: Game, text: str, posted_at: datetime, named: Sequence[str], newcomers: Collection[str]
) -> list[dict[str, str]]:
    """「替补：X → Y」 when the post names a roster player and a newcomer (a forum name that
    posted in the game's threads and is not on the roster, not a director), the outgoing
    player first named, the incoming one first written, timed by the post (seed 004 替补;
    老金 and 阿德, fh48: 「X → Y」 / 「换人：A 换成 B」 had no 补上替补).  A proposal: the
    form's button writes it, signed."""
    # (a newcomer seated already is no newcomer: 滷肉飯, 米糕's substitute, in 肉圓's last
    # words 「滷肉飯加油」 — fh49)
    seated = [e.value for e in game.events if e.type is EventType.SUBSTITUTE and e.value]
    known = {fold(p) for p in (*game.players, *game.directors, *seated)}
    came = sorted(
        (text.find(n), n)
        for n in newcomers
        if n and n in text and fold(n) not in known and not any(n in p for p in named)
    )
    if not named or not came:
        return []
    incoming = came[0][1]
    # the seat he takes is named in his sentence (「由滷肉飯接手米糕的位置」), not elsewhere
    sentence = next((s for s in _SENTENCE.split(text) if incoming in s), "")
    out = next((p for p in named if p in spell_out(game, sentence)), "")
    if not out:
        return []
    chip = _chip(game, f"替补：{out} → {incoming}", "substitute", out, "", posted_at)
    return [{**chip, "newcomer": incoming, "key": f"substitute-{out}-{incoming}"}]


def _close_before(game: Game, at: datetime) -> datetime | None:
    closes = [d.closes for d in game.days if d.closes <= at]
    return max(closes, default=None)


def _opening_before(game: Game, at: datetime) -> datetime | None:
    opens = [d.opens for d in game.days if d.opens <= at]
    return max(opens, default=None)


def _chip(game: Game, label: str, kind: str, player: str, how: str, at: datetime) -> dict[str, str]:
    return {
        "label": label,
        "type": kind,
        "player": player,
        "how": how,
        "at": _local(game, at),
        "key": f"{kind}-{player}-{how}",
    }


def day_chips(
    game: Game, text: str, posted_at: datetime, thread_day: int | None
) -> list[dict[str, str]]:
    """The days the post's times state: each range (开门…关门) as 「第N天 09:00–21:00」, and a
    close it states with the opening it states, else the day's opening as the game has it,
    else the post's own time (a day announced with its close only); a close said as a new
    deadline (延时到…) comes with 延时 ticked."""
    tz = game.timezone
    known = {d.number: d for d in game.days}
    chips: list[dict[str, str]] = []

    def add(
        day: int | None, opens: datetime | None, closes: datetime | None, delayed: bool = False
    ) -> None:
        if day is None:
            day = _day_of(game, opens or closes, thread_day)
        if day is None or opens is None or closes is None or closes <= opens:
            return
        label = f"第{day}天 {opens.astimezone(tz):%m-%d %H:%M}–{closes.astimezone(tz):%H:%M}"
        if closes.astimezone(tz).date() != opens.astimezone(tz).date():
            label = (
                f"第{day}天 {opens.astimezone(tz):%m-%d %H:%M}–{closes.astimezone(tz):%m-%d %H:%M}"
            )
        chip = {
            "label": label,
            "day": str(day),
            "opens": _local(game, opens),
            "closes": _local(game, closes),
            "delayed": "yes" if delayed else "",
            "key": f"day-{day}-{_local(game, opens)}-{_local(game, closes)}",
        }
        if all(c["key"] != chip["key"] for c in chips):
            chips.append(chip)

    for r in find_ranges(text, posted_at, tz):
        if not r.aside:
            add(r.day, r.opens, r.closes)
    points = [p for p in find_points(text, posted_at, tz) if not (p.wrong or p.asof or p.aside)]
    opening = next((p for p in points if p.role == "opens"), None)
    for p in points:
        if p.role != "closes":
            continue
        day = p.day if p.day is not None else _day_of(game, p.at, thread_day)
        opens = opening.at if opening is not None and opening.at < p.at else None
        if opens is None and day in known:
            opens = known[day].opens
        if opens is None and p.at - posted_at < timedelta(days=1) and posted_at < p.at:
            opens = posted_at  # a day announced with its close only: it opens with the post
        add(day, opens, p.at, p.delay)
    return chips


def _day_of(game: Game, at: datetime | None, thread_day: int | None) -> int | None:
    """The day a time belongs to: the thread's day, else the day whose hours hold it, else
    the day after the last one closed before it."""
    if thread_day is not None:
        return thread_day
    if at is None:
        return None
    for d in game.days:
        if d.opens <= at <= d.closes + _TOLD_WITHIN:
            return d.number
    before = [d.number for d in game.days if d.closes < at]
    return max(before) + 1 if before else (1 if not game.days else None)


def nicknames(game: Game, text: str) -> list[Nickname]:
    """The nicknames the post writes that the game file does not declare (「X 是谁？」):
    each with the players whose name holds its character, likeliest first (the rest after)."""
    taken = [
        (m.start(), m.end())
        for p in (*game.players, *game.aliases)
        for m in re.finditer(re.escape(p), text)
    ]
    out: list[Nickname] = []
    seen: set[str] = set()
    for m in _NICK.finditer(text):
        if any(s < m.end() and m.start() < e for s, e in taken):
            continue
        written = m.group(0)
        char = m.group("a") or m.group("b")
        guesses = [p for p in game.players if char in p]
        if not guesses or written in seen or written in game.players:
            continue
        seen.add(written)
        out.append({"written": written, "guesses": guesses})
    return out
