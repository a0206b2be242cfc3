"""``announcement.bbcode``: what the director pastes into the process thread — the approved
cards, the day's tally and the 电梯 (each player's posts of the day as links).

Only real cards go in (蓝/黄/红 and 替补, the killbar7 action), named by the rule's Chinese
title (a manual card by its reason), never the director's private notes, never
不处罚/提醒导演.  Cards new since the previous announcement come first.  Only names,
numbers, titles and links built from pids go in; post text never does.  Square brackets
are replaced so a name cannot open a tag.
"""

from __future__ import annotations

from auditor.policy import CARD_COLOURS, card_name
from auditor.report.records import Records

_COLOURS = {"blue": "Blue", "yellow": "DarkOrange", "red": "Red"}
ANNOUNCED = (*CARD_COLOURS, "substitute")


def _card_line(c: dict[str, object]) -> str:
    colour = _COLOURS.get(str(c["card"]))
    name = card_name(str(c["card"]))
    shown = f"[color={colour}]{name}[/color]" if colour else name
    when = f"第{c['day']}天 " if c["day"] is not None else ""
    return f"{_safe(c['player'])}：{shown} {when}{_safe(c['title'])}"


def _safe(text: object) -> str:
    return str(text).replace("[", "［").replace("]", "］")


def render_bbcode(r: Records) -> str:
    day = r.announce_day
    lines: list[str] = [
        f"[b]{_safe(r.game['name'])} · 第{day}天公告[/b]"
        if day
        else f"[b]{_safe(r.game['name'])} · 公告[/b]",
        "",
    ]
    lines.append("[b]判罚[/b]")
    cards = [c for c in r.cards if c["card"] in ANNOUNCED]
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
    standing = [s for s in r.standings if s["blue"] or s["yellow"] or s["red"]]
    if standing:
        lines.append("")
        lines.append("[b]累计[/b]（三蓝合一黄，三黄合一红）")
        for s in standing:
            off = "，红牌罚下" if s["sent_off"] else ""
            lines.append(
                f"{_safe(s['player'])}：蓝 {s['blue']} 黄 {s['yellow']} 红 {s['red']}{off}"
            )
    if day is not None:
        lines.append("")
        lines.append(f"[b]第{day}天计票[/b]")
        rows = [t for t in r.tally if t["day"] == day]
        if rows:
            for t in rows:
                rnd = f"第{t['round']}轮 " if t.get("round") not in ("", None) else ""
                outcome = (
                    f" → {_safe(t.get('outcome_name') or t['outcome'])}" if t.get("outcome") else ""
                )
                voters = f"（{_safe(t['voters'])}）" if t.get("voters") else ""
                lines.append(f"{rnd}{_safe(t['target'])}：{t['votes']} 票{voters}{outcome}")
        else:
            lines.append("没有计票结果")
        lines.append("")
        lines.append(f"[b]第{day}天电梯[/b]")
        for e in r.elevator.get(day, []):
            links = " ".join(f"[url={p['link']}]#{p['floor']}[/url]" for p in e["posts"])
            lines.append(f"{_safe(e['player'])}（{len(e['posts'])}帖）：{links}")
    return "\n".join(lines) + "\n"
