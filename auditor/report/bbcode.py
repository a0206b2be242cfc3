"""``announcement.bbcode``: what the director pastes into the process thread — the approved
cards, the day's tally and the 电梯 (each player's posts of the day as links).

Only real cards go in (蓝/黄/红 and 替补, the killbar7 action), named by the rule's Chinese
title (a manual card by its reason), never the director's private notes, never
不处罚/提醒导演; an approved card whose day now has an open question is left out, its
player's 累计 too, and said to the director apart (:func:`held_back`: approved before the
question came, it may be wrong; a status such as 「待确认：…」 is no text for the players,
fh46).  A day's tally names the outcome the game states when the director chose the
announced one over the count (公示为准: the game file's sheriff, not the tally's).
Cards new since the previous announcement come first.  Only names,
numbers, titles and links built from the game file's ``[forum] url`` and pids go in (a
saved page's ``<base href>`` never does); post text never does.  Square brackets are
replaced so a name, a vote target or a title cannot open or close a tag.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any, cast

from auditor.ledger.policy import CARD_COLOURS, card_name
from auditor.report.labels import OUTCOME_NAMES, number
from auditor.report.records import Records, Row
from auditor.report.script import TRADITIONAL, in_script
from auditor.visible import visible

_COLOURS = {"blue": "Blue", "yellow": "DarkOrange", "red": "Red"}
ANNOUNCED = (*CARD_COLOURS, "substitute")
#: What the director is told of an approved card whose day now has an open question
#: (records' ``unsure``): it may be wrong, so it is not in the text to post (:func:`held_back`).
UNSURE_MARK = "待确认"
FACTION_RULE = "同一阵营的角色累计获得两张或以上红牌时，阵营判负"  # 030 判罚制度 红牌


def _card_line(c: dict[str, object]) -> str:
    colour = _COLOURS.get(str(c["card"]))
    name = card_name(str(c["card"]))
    shown = f"[color={colour}]{name}[/color]" if colour else name
    when = f"第{c['day']}天 " if c["day"] is not None else ""
    return f"{_safe(c['player'])}：{shown} {when}{_safe(c['title'])}"


def _unsure(r: Records) -> list[Row]:
    """The approved cards left out of the announcement: their day has an open question."""
    return [c for c in r.cards if c["card"] in ANNOUNCED and c.get("unsure")]


def held_back(r: Records) -> list[str]:
    """What the director is told beside the announcement (never in it): each approved card
    left out because its day now has an open question, with its player's 累计."""
    out = []
    for c in _unsure(r):
        when = f"第{c['day']}天 " if c["day"] is not None else ""
        out.append(
            f"没有写进公告：{c['player']} {card_name(str(c['card']))} {when}{c['title']}"
            f"（{UNSURE_MARK}：第{c['unsure']}天还有没答的问题；{c['player']} 的累计一行也先不写）。"
            "答完那天的问题、重新检查后再发"
        )
    return out


def _safe(text: object) -> str:
    """A name, target or title as announcement text: square brackets replaced so it cannot
    open or close a tag, and bidi controls and zero-width characters written as their code
    points (``油<U+202E>条``), as in the report: pasted raw, a right-to-left override would
    reverse the rest of the line on the forum."""
    return visible(str(text)).replace("[", "［").replace("]", "］")


def _post_link(p: Mapping[str, object]) -> str:
    """``#floor`` as a link built from the game file's forum URL (and ints), else plain."""
    floor = f"#{p['floor']}" if p.get("floor") is not None else f"pid {p['pid']}"
    link = str(p.get("link") or "")
    if not link or any(c in link for c in "[] \t\n\"'"):
        return floor
    return f"[url={link}]{floor}[/url]"


def render_bbcode(r: Records) -> str:
    day = r.announce_day
    lines: list[str] = [
        f"[b]{_safe(r.game['name'])} · 第{day}天公告[/b]"
        if day
        else f"[b]{_safe(r.game['name'])} · 公告[/b]",
        "",
    ]
    lines.append("[b]判罚[/b]")
    unsure = _unsure(r)
    cards = [c for c in r.cards if c["card"] in ANNOUNCED and c not in unsure]
    new = [c for c in cards if c["new"]]
    old = [c for c in cards if not c["new"]]
    if not cards:
        lines.append("暂无")
    else:
        lines.append("[b]本次新增[/b]")
        lines.extend([_card_line(c) for c in new] or ["无"])
        if old:
            lines.append("[b]此前已公布[/b]")
            lines.extend(_card_line(c) for c in old)
    left_out = {c["player"] for c in unsure}  # (his 累计 counts the card left out)
    standing = [
        s
        for s in r.standings
        if (s["blue"] or s["yellow"] or s["red"]) and s["player"] not in left_out
    ]
    if standing:
        lines.append("")
        # (a rule set without cards, 版杀7, has no merging: a card given by hand is listed)
        ladder = "（三蓝合一黄，三黄合一红）" if r.game.get("cards", True) else ""
        lines.append(f"[b]累计[/b]{ladder}")
        for s in standing:
            off = "，红牌罚下" if s["sent_off"] else ""
            lines.append(
                f"{_safe(s['player'])}：蓝 {s['blue']} 黄 {s['yellow']} 红 {s['red']}{off}"
            )
    if r.faction_losses and r.game.get("announce_faction_loss"):
        # factions are hidden information (M107 阵营被判负后，不予公示; M39 出局角色不亮身份):
        # the director sees them in the report's warnings, the announcement only on request
        lines.append("")
        lines.append("[b]阵营判负[/b]")
        for f in r.faction_losses:
            who = "、".join(_safe(p) for p in f["players"])
            lines.append(
                f"{_safe(f['faction'])}：{who} 累计 {f['reds']} 张红牌，该阵营判负"
                f"（判罚制度：{FACTION_RULE}）"
            )
    if day is not None:
        lines.extend(_day_lines(r, day))
    return written(r, "\n".join(lines) + "\n")


def written(r: Records, text: str) -> str:
    """A draft's text in the directors' own script (:mod:`auditor.report.script`): their
    players' names, the game's and theirs as typed."""
    script = str(r.game.get("script", ""))
    if script != TRADITIONAL:
        return text
    keep = [*r.players, *r.game.get("directors", ()), str(r.game.get("name", ""))]
    return in_script(text, script, keep)


def _day_lines(r: Records, day: int) -> list[str]:
    """The announced day's sections: 计票, 潜水, 电梯 and 遗言 (in the order of deaths)."""
    lines = ["", *tally_lines(r, day)]
    if r.lurking:
        lines.append("")
        lines.append(f"[b]第{day}天潜水[/b]")
        for x in r.lurking:
            note = f"（{_safe(x['note'])}）" if x["note"] else ""
            lines.append(f"{_safe(x['player'])}：{_safe(x['title'])}{note}")
    lines.append("")
    lines.append(f"[b]第{day}天电梯[/b]")
    rounds = [x for x in r.rounds if x["day"] == day]
    lift = r.elevator.get(day, [])
    # a day with several threads names each player's thread, one thread or not (fh45: 酸菜缸's
    # and 马迭尔's floors, all in the discussion thread, stood bare among named ones)
    several = len({str(g["thread"]) for e in lift for g in e.get("threads") or []}) > 1
    lines.extend(_elevator_line(e, rounds, named=several) for e in lift)
    if r.last_words:
        lines.append("")
        lines.append(f"[b]第{day}天遗言[/b]（按出局顺序）")
        lines.extend(
            f"{_safe(w['player'])}：{_floors(w['threads'], w['posts'])}" for w in r.last_words
        )
    return lines


def _elevator_line(e: dict[str, Any], rounds: _Posts = (), *, named: bool = False) -> str:
    """One player's line of the 电梯: his posts of the day by thread, the thread named when
    there are several, or when the floors are no links (a bare #9 says which thread only
    beside its name: no ``[forum] url``).  A substitute on her own account is named as the
    day's tally names her (浪花（替 老周）: ``rounds``, the day's, their ``names``; M107 10,
    002 6.2 2).  ``named``: the day has several threads, so even a player's one thread is
    named."""
    links = _floors(e.get("threads"), e["posts"], named=named)
    out = "（出局）" if e.get("out") else ""
    name = next(
        (
            str(n)
            for x in reversed(rounds)
            if (n := cast(Mapping[str, object], x.get("names") or {}).get(e["player"]))
        ),
        e["player"],
    )
    return f"{_safe(name)}{out}（{len(e['posts'])}帖）：{links}"


_Posts = Sequence[Mapping[str, object]]
#: A thread's tid beside its name (第3天讨论帖（tid 105））: the report's, not the players'.
_TID = re.compile(r"（tid \d+）")


def _floors(threads: _Posts | None, posts: _Posts, *, named: bool = False) -> str:
    """Posts as links by thread, the thread named when there are several (or ``named``:
    the day has several), or when the floors are no links (a bare #9 says which thread
    only beside its name)."""
    groups = threads or [{"thread": "", "posts": posts}]
    named = named or len(groups) > 1 or not all(p.get("link") for p in posts)
    return " ".join(
        (f"{_safe(_TID.sub('', str(g['thread'])))} " if named and g["thread"] else "")
        + " ".join(_post_link(p) for p in cast(_Posts, g["posts"]))
        for g in groups
    )


def tally_lines(r: Records, day: int) -> list[str]:
    """The day's 计票 section: the one tally every BBCode view prints (the announcement and
    ``auditor votes --format bbcode``)."""
    lines = [f"[b]第{day}天计票[/b]"]
    rows = [t for t in r.tally if t["day"] == day]
    rounds = [x for x in r.rounds if x["day"] == day]
    if not rows and not rounds:
        return [*lines, "没有计票结果"]
    keys = [x["round"] for x in rounds] or list(dict.fromkeys(t["round"] for t in rows))
    for key in keys:
        info = next((x for x in rounds if x["round"] == key), None)
        lines.extend(_round_lines([t for t in rows if t["round"] == key], info))
    return lines


def _voter(name: str, info: dict[str, Any] | None) -> str:
    """A voter's name, with the weight of his vote when it is not 1 (the sheriff's)."""
    weight = (info or {}).get("weights", {}).get(name)
    if weight is None:
        return _safe(name)
    sheriff = (info or {}).get("sheriff")
    sheriff = (info or {}).get("names", {}).get(sheriff, sheriff)  # 浪花（替 老周）, sheriff
    who = "警长 " if sheriff and name == sheriff else ""
    return f"{_safe(name)}（{who}×{number(weight)}）"


def _round_prefix(rows: _Posts, info: Mapping[str, object] | None) -> str:
    """``第2轮 `` before each line of a round; on a day of 环节 the round by its 环节, as the
    director's schedule names it (``环节二（可疑者辩论投票） ``); "" for a day of one round."""
    first: Mapping[str, object] = rows[0] if rows else info or {}
    key = first.get("round", "")
    if key in ("", None):
        return ""
    return f"{first.get('round_name') or f'第{key}轮'} "


def _round_lines(rows: list[dict[str, Any]], info: dict[str, Any] | None) -> list[str]:
    """One round's tally: each target's votes with its voters (the sheriff's weight shown,
    so 4 votes from 3 names adds up), then who abstained and who did not vote."""
    lines: list[str] = []
    rnd = _round_prefix(rows, info)
    stated = (info or {}).get("stated") or {}  # the outcome the game states (公示为准)
    for t in rows:
        outcome = f" → {_safe(t.get('outcome_name') or t['outcome'])}" if t.get("outcome") else ""
        if t.get("outcome") in stated:
            outcome = ""  # (the game went on with another: said below, as it states it)
        names = [n for n in str(t.get("voters") or "").split("、") if n]
        voters = f"（{'、'.join(_voter(n, info) for n in names)}）" if names else ""
        lines.append(f"{rnd}{_safe(t['target'])}：{number(t['votes'])} 票{voters}{outcome}")
    if info is not None:
        if info["abstained"]:
            abstained = "、".join(_voter(n, info) for n in info["abstained"])
            lines.append(f"{rnd}弃权：{abstained}")
        if info["non_voters"]:
            lines.append(
                f"{rnd}未投票（含无效票）：{'、'.join(_safe(n) for n in info['non_voters'])}"
            )
        if not rows and not info["abstained"]:
            lines.append(f"{rnd}没有有效票")
    for kind, player in stated.items():
        name = OUTCOME_NAMES.get(kind, kind)
        lines.append(f"{rnd}{name}：{_safe(player)}（按导演公示）")
    return lines
