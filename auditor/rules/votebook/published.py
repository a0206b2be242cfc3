"""The counts a director's result post publishes, set beside the tally's (fh46b item 1).

A director who posts the round's result as a list of counts (a table 「| 毛肚 | 3 |」 row by
row, or 「虾饺 4票，奶茶妹 2票，蛋挞王 1票」 on one line) publishes a number for each candidate.
The outcome may agree with the tally while a number does not (老贺's 第一盘: 毛肚 3 published,
4 counted); the director is told then, with both numbers and the post's link, as an outcome
that disagrees is told (:func:`auditor.rules.votebook.tally.check_events`).

KIND read here: a director's post in the day's vote or process threads, after the round's close
and before the next round's close (the last round: within a day of it), not labelled with
another round (第二盘结果 is not round 1's), whose lines hold two or more COUNT ROWS: a player's
name, then a number of votes right after it (a table cell, 「：」, a space, 「3票」 / 「三票」),
with nothing else in the row but separators — the voters listed in brackets after it
(肠粉 6票（警长奶茶妹计两票）) are an aside, dropped.  A line that asks, supposes or denies (the
undo words' one home, ``freevote.toml [undoers]``) holds no row; prose (鸭肠五票，过半，鸭肠遭投出局)
is no row (more than the name and the number in its clause); a line with one row only is no
table (更正：第一盘毛肚是4票不是3票 states two numbers in one clause: no row).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

from auditor.game.gamefile import ThreadKind
from auditor.game.titles import cn_number
from auditor.rules.base import Context
from auditor.rules.votebook.model import (
    DayVotes,
    RoundTally,
    num,
    post_where,
    undo_words,
)

# an aside in brackets (the voters, 警长计两票): not the row's own words
_ASIDE = re.compile(r"[（(【\[][^）)】\]]*[）)】\]]")
# the cells / clauses a line is cut into
_CELLS = re.compile(r"[|｜，,；;。、\n]+")
_NUMBER = r"(?P<n>\d{1,3}(?:\.\d+)?|[一二两三四五六七八九十]{1,3})"
_UNDONE = re.compile(undo_words("question", "supposition", "negation"))
_ROUND = re.compile(r"第\s*([一二三123])\s*(?:盘|轮|个?环节)|环节\s*([一二三123])")
_ROUND_NUMBERS = {"一": 1, "二": 2, "三": 3, "1": 1, "2": 2, "3": 3}


@dataclass(frozen=True, slots=True)
class Published:
    """One director post's published counts (name -> votes) and where it is."""

    pid: int | None
    where: str
    counts: dict[str, float]


def _rows(text: str, players: Sequence[str]) -> dict[str, float]:
    """The count rows of a post's text (:mod:`module docs <auditor.rules.votebook.published>`)."""
    out: dict[str, float] = {}
    for row in _line_rows(text, players):
        for name, n in row.items():
            out.setdefault(name, n)
    return out if len(out) >= 2 else {}


def tally_lines(text: str, names: Sequence[str]) -> list[int]:
    """The indexes (in ``text.splitlines()``) of the lines holding a count row, where the text
    holds two rows or more (:func:`_rows`): a tally's shape, whoever posts it — a director's
    result post (a table, 「米肠 4票」 rows) reports counts and casts no ballot or 代投 (seed 002
    4.1.2 the director announces; 000 9).  ``names``: the players (and 弃权, a row of its own)."""
    rows = _line_rows(text, names)
    if len({name for row in rows for name in row}) < 2:
        return []
    return [i for i, row in enumerate(rows) if row]


def _line_rows(text: str, players: Sequence[str]) -> list[dict[str, float]]:
    """For each line of ``text``, its count rows (name -> votes)."""
    names = "|".join(re.escape(p) for p in sorted(players, key=len, reverse=True))
    if not names:
        return [{} for _ in text.splitlines()]
    one_cell = re.compile(rf"\s*(?P<name>{names})\s*[：:]?\s*{_NUMBER}\s*票?\s*")
    name_only = re.compile(rf"\s*(?P<name>{names})\s*")
    bare = re.compile(rf"\s*{_NUMBER}\s*票?\s*")
    out: list[dict[str, float]] = []
    for line in text.splitlines():
        mine: dict[str, float] = {}
        out.append(mine)
        line = _ASIDE.sub("", line)
        if _UNDONE.search(line):
            continue
        # a label before the first row (警长竞选结果：虾饺 4票，…) is not part of it
        cells = [_unlabelled(c, one_cell) for c in _CELLS.split(line) if c.strip()]
        i = 0
        while i < len(cells):
            m = one_cell.fullmatch(cells[i])
            if m is None and i + 1 < len(cells):  # a table row: | 鸭肠 | 3 |
                m2, m3 = name_only.fullmatch(cells[i]), bare.fullmatch(cells[i + 1])
                if m2 is not None and m3 is not None:
                    n = _number(m3["n"])
                    if n is not None:
                        mine.setdefault(m2["name"], n)
                    i += 2
                    continue
            if m is not None:
                n = _number(m["n"])
                if n is not None:
                    mine.setdefault(m["name"], n)
            i += 1
    return out


def _unlabelled(cell: str, row: re.Pattern[str]) -> str:
    """The cell, or what follows its label's colon where only that is a row."""
    if row.fullmatch(cell) is None and re.search("[：:]", cell):
        rest = re.split("[：:]", cell, maxsplit=1)[1]
        if row.fullmatch(rest) is not None:
            return rest
    return cell


def _number(text: str) -> float | None:
    if re.fullmatch(r"\d+(?:\.\d+)?", text):
        return float(text)
    n = cn_number(text)
    return float(n) if n is not None else None


def _other_round(text: str, rnd: int | None) -> bool:
    """The post labels another round than ``rnd`` (第二盘结果 after round 1)."""
    if rnd is None:
        return False
    said = {_ROUND_NUMBERS[a or b] for a, b in _ROUND.findall(text)}
    return bool(said) and rnd not in said


def published_counts(
    ctx: Context, dv: DayVotes, rt: RoundTally, until: datetime | None
) -> list[Published]:
    """The director's posts publishing the round's counts (after its close, up to ``until``:
    the next round's close; None: a day after the close)."""
    end = until if until is not None else rt.closes + timedelta(days=1)
    directors = set(ctx.game.directors)
    tids = set(dv.vote_tids)
    base = ctx.game.forum.url
    out = []
    for gp in sorted(ctx.posts, key=lambda g: (g.post.posted_at, g.post.pid or 0)):
        post = gp.post
        if (
            post.author not in directors
            or gp.deleted
            or post.hidden is not None
            or not rt.closes < post.posted_at <= end
            or not (post.tid in tids or gp.kind == ThreadKind.PROCESS)
            or _other_round(post.text, rt.round)
        ):
            continue
        counts = _rows("\n".join(post.lines or (post.text,)), ctx.game.players)
        if counts:
            out.append(
                Published(post.pid, post_where(base, post.tid, post.pid, post.floor), counts)
            )
    return out


def check_published(
    ctx: Context, dv: DayVotes, rt: RoundTally, later: Sequence[datetime] = ()
) -> str:
    """A note (and a question in the round's ``conflict``) for each director post whose
    published count of a candidate differs from the tally's — even where the outcome agrees.
    ``later``: the closes of the day's later rounds (the next one bounds the posts read)."""
    if not rt.closed:
        return ""
    label = f"第{dv.day}天" + (rt.name if rt.round is not None and rt.name else "")
    notes = []
    for pub in published_counts(ctx, dv, rt, min(later, default=None)):
        differ = {name: n for name, n in pub.counts.items() if float(rt.counts.get(name, 0.0)) != n}
        if not differ:
            continue
        said = "、".join(f"{name} {num(n)} 票" for name, n in differ.items())
        counted = "、".join(f"{name} {num(rt.counts.get(name, 0.0))} 票" for name in differ)
        rt.ask(
            f"{label}：论坛公示（{pub.where}）的票数为 {said}，计票结果为 {counted}。"
            "请核对公示的票数或投票（读错的票可在游戏文件里更正）",
            [pub.pid],
        )
        notes.append(f"；注意：论坛公示（{pub.where}）的票数为 {said}，与计票结果（{counted}）不同")
    return "".join(notes)
