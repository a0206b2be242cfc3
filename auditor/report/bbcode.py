"""``announcement.bbcode``: what the director pastes into the process thread — the approved
cards, the day's tally and the 电梯 (each player's posts of the day as links).

Only names, numbers and links built from pids go in; post text never does.  Square
brackets in names are replaced so a name cannot open a tag.
"""

from __future__ import annotations

from auditor.policy import card_name
from auditor.report.records import Records

_COLOURS = {"blue": "Blue", "yellow": "DarkOrange", "red": "Red"}


def _safe(text: object) -> str:
    return str(text).replace("[", "［").replace("]", "］")


def render_bbcode(r: Records) -> str:
    day = r.announce_day
    lines: list[str] = [f"[b]{_safe(r.game['name'])} · 第{day}天公告[/b]" if day else
                        f"[b]{_safe(r.game['name'])} · 公告[/b]", ""]
    lines.append("[b]判罚[/b]")
    if r.cards:
        for c in r.cards:
            colour = _COLOURS.get(c["card"])
            name = card_name(c["card"])
            shown = f"[color={colour}]{name}[/color]" if colour else name
            when = f"第{c['day']}天 " if c["day"] is not None else ""
            note = f"（{_safe(c['note'])}）" if c.get("note") else ""
            lines.append(f"{_safe(c['player'])}：{shown} {when}{_safe(c['code'])}{note}")
    else:
        lines.append("暂无")
    standing = [s for s in r.standings if s["blue"] or s["yellow"] or s["red"]]
    if standing:
        lines.append("")
        lines.append("[b]累计[/b]（三蓝合一黄，三黄合一红）")
        for s in standing:
            off = "，红牌罚下" if s["sent_off"] else ""
            lines.append(f"{_safe(s['player'])}：蓝 {s['blue']} 黄 {s['yellow']} 红 {s['red']}{off}")
    if day is not None:
        lines.append("")
        lines.append(f"[b]第{day}天计票[/b]")
        rows = [t for t in r.tally if t["day"] == day]
        if rows:
            for t in rows:
                rnd = f"第{t['round']}轮 " if t.get("round") not in ("", None) else ""
                outcome = f" → {_safe(t.get('outcome_name') or t['outcome'])}" if t.get("outcome") else ""
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
