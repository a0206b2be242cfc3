"""Score the discovery reader on a JSONL file of labelled director announcements.

Usage::

    python3 scripts/discovery_eval.py tests/discovery/blind/announcements_dev.jsonl [--misses]
        [--theme all|glossed|off]

The file's schema is the one ``tests/discovery/blind/README.md`` gives (``id``, ``preset``,
``thread_kind``, ``thread_day``, ``author``, ``posted_at``, ``text``, ``items``, ``seems``).
Each post is read as discovery reads a director's post (``auditor.game.announce`` for
events, ``auditor.game.when`` for times; a player's post states nothing): alone by default
(``--theme off``: discovery does not learn a game's words yet), or with ``--theme all`` in
what its game taught so far — the theme's words (:mod:`auditor.game.theme`) learned from
its game's earlier directors' posts in the file (the same preset's stream, in story order,
``posted_at``) and its own: a word the director glossed reads as his own word, a word
inferred from its use as a proposal (its items marked ``guessed``: ``theme``; the post
asked, so listed); ``--theme glossed`` the glossed words only.  Its items are
compared with the labelled ones as a multiset on the keys the labelled item gives (a key the
label lacks and the reader gives — an ``opens`` the post never stated — is a mismatch; times
to the minute).  Printed: precision and recall per item kind (days' opens and closes, and
killbar7 phases; eliminations who / how / day; sheriff; substitutes; accelerated; delayed;
the others), the near misses taken (items that match a ``seems`` entry), the misses that
would pass in silence (a post whose miss is not listed as 未读懂的公告: the reader took
something else from it, or it names no player and states no time), and with ``--misses``
every miss and false item.

The day an event belongs to: the day the clause names (第N天; 第N夜 is day N+1's; 昨日 the
day before), else the thread's day (a vote result in day N's vote thread is day N, a night
death in day N's opening post day N; a vote result a day's discussion post tells is the day
before's — a recap at the opening — unless the post is made at its thread's day's close or
within the result window after it, ``RESULT_WITHIN``: then that day's, as discovery's
``_recapped_close`` decides since session 43, which moved every set's figures once; the labels
unchanged); for a process-thread post, the day the file's own
loose calendar (the README's) puts the post in — after a day's close, a vote result belongs
to that day and a night death to the next.  A 版杀7 day lasts one to three 环节 and a night,
so a 版杀7 process post that names no day cannot be put on one from its time: its items'
day is not compared (discovery places such posts by the game's 环节 threads).  README
conventions the scorer applies: a sheriff election is day 1's (1); a sheriff state line
(警长：X) after day 2 restates and is no item (5); a 版杀7 night or last-words range is no
day item (2).  How, 平安夜, 加速 and 游戏结束 come from the reader (``Announced.cause``,
:class:`auditor.game.announce.Notice`), never from the scorer's own word search.  ``retract``
items are not scored, and a game over is compared by its kind alone (the labels name the
winner's faction, 狼胜 → 狼人阵营; the reader gives the winner as the post writes it).
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import unicodedata
from collections import Counter, defaultdict
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from auditor.game.announce import Announced, Notice, Patterns  # noqa: E402
from auditor.game.discover import RESULT_WITHIN, piped_words, tells_phase  # noqa: E402
from auditor.game.gamefile import EventType  # noqa: E402
from auditor.game.state import why_listed  # noqa: E402
from auditor.game.theme import Theme, learn  # noqa: E402
from auditor.game.titles import classify  # noqa: E402
from auditor.game.when import find_points, find_ranges, lone_close, paired_times  # noqa: E402
from auditor.rulesets import names as ruleset_names  # noqa: E402

TZ = ZoneInfo("Asia/Shanghai")
PLAYERS = "饺子 包子 馄饨 豆浆 油条 烧卖 春卷 汤圆 番茄 冬瓜 南瓜 土豆 芝麻 花生".split()  # noqa: SIM905
DIRECTORS = ("导演", "法官")
KINDS = ("day", "eliminated", "sheriff", "substitute", "accelerated", "delayed")


def _t(t: datetime) -> str:
    return t.astimezone(TZ).strftime("%Y-%m-%dT%H:%M")


# A set with another cast and calendar says so in a ``set.json`` beside its files: players
# (substitutes included), directors, and per preset the days as [opens, closes] pairs
# (forum local time, ``YYYY-MM-DDTHH:MM``), from its README.  Without one: the first set's.
SET_DAYS: dict[str, list[tuple[datetime, datetime]]] = {}


def use_set(folder: Path) -> None:
    """Take the cast and calendar of the set in ``folder`` when it names them."""
    global PLAYERS, DIRECTORS
    meta_file = folder / "set.json"
    if not meta_file.is_file():
        return
    meta = json.loads(meta_file.read_text(encoding="utf-8"))
    PLAYERS = list(meta["players"])
    DIRECTORS = tuple(meta["directors"])
    for preset, pairs in meta["calendar"].items():
        SET_DAYS[preset] = [
            (
                datetime.fromisoformat(o).replace(tzinfo=TZ),
                datetime.fromisoformat(c).replace(tzinfo=TZ),
            )
            for o, c in pairs
        ]


def calendar(preset: str, t: datetime) -> tuple[int, bool]:
    """(the day the post falls in or last closed before it, after that day's close) on the
    README's loose calendar of the preset (for process-thread posts only)."""
    return _place(_calendar_days(preset), t.astimezone(TZ))


def _calendar_days(preset: str) -> list[tuple[datetime, datetime]]:
    """The README's loose calendar of the preset: its days as (opens, closes)."""
    if preset in SET_DAYS:
        return SET_DAYS[preset]

    def at(month: int, day: int, h: int, m: int = 0) -> datetime:
        return datetime(2026, month, day, h, m, tzinfo=TZ)

    days: list[tuple[datetime, datetime]] = []
    if preset == "m107":
        days.append((at(11, 23, 9), at(11, 24, 21, 30)))
        days += [
            (at(11, 23, 9) + timedelta(days=n), at(11, 23, 21, 30) + timedelta(days=n))
            for n in range(2, 12)
        ]
    elif preset == "rabbit030":
        days.append((at(11, 20, 10), at(11, 22, 22)))
        start = at(11, 23, 10)
        for _ in range(8):
            days.append((start, start + timedelta(days=1, hours=12)))
            start += timedelta(days=2)
    elif preset == "m39":
        days.append((at(11, 28, 10), at(11, 29, 21)))
        days += [
            (at(11, 29, 9) + timedelta(days=n), at(11, 29, 21) + timedelta(days=n))
            for n in range(1, 12)
        ]
    else:  # killbar7: a day of up to three 环节, from 11-21; read as one calendar day each
        days += [
            (at(11, 21, 0) + timedelta(days=2 * n), at(11, 22, 20) + timedelta(days=2 * n))
            for n in range(10)
        ]
    return days


def _place(days: list[tuple[datetime, datetime]], d: datetime) -> tuple[int, bool]:
    last = 1
    for i, (o, c) in enumerate(days, start=1):
        if o <= d <= c:
            return i, False
        if d > c:
            last = i
    return last, True


def read(rec: dict[str, Any], patterns: Patterns) -> list[dict[str, Any]]:
    """What discovery reads from one post, as items of the file's schema."""
    if rec["author"] not in DIRECTORS:
        return []
    text = unicodedata.normalize("NFKC", rec["text"])
    posted = datetime.fromisoformat(rec["posted_at"])
    kind, day = rec["thread_kind"], rec["thread_day"]
    after = False
    unplaced = False
    if day is None:
        day, after = calendar(rec["preset"], posted)
        # a 版杀7 day lasts one to three 环节 and a night: its process-thread posts cannot be
        # put on a day from their time alone (discovery puts them by the game's 环节 threads)
        unplaced = rec["preset"] == "killbar7"
    head = text.strip().splitlines()[0] if text.strip() else ""
    if rec["preset"] == "killbar7" and kind == "discussion" and re.search(r"杀人[贴帖]", head):
        # a 杀人贴 in day N's thread tells the night after day N: day N+1's (README
        # convention 2; discovery puts a night's posts on the next day's first 环节)
        after = True
    if rec["preset"] == "killbar7" and kind == "vote" and posted.astimezone(TZ).hour >= 20:
        # a night told at its end (20:00, 遗言 20:00–24:00) in the ended day's vote thread
        # (the sets' README: killbar7 night posts are in the ended day's vote thread): the
        # night after day N, day N+1's — discovery's ``_night_end`` places it so by its time
        after = True
    out: list[dict[str, Any]] = []
    phase = classify(rec.get("thread_title", ""), rec["preset"]).phase
    for a in patterns.find(text):
        item = _event_item(a, kind, day, after, posted, text, rec["preset"])
        if item is not None:
            if a.guessed:  # discovery shows it as a proposal marked 推断, with its text
                item["guessed"] = list(a.guessed)
            if unplaced and a.day is None and "day" in item:
                item["day"] = UNPLACED
            out.append(item)
    if kind in ("discussion", "vote", "rules", "process"):
        for item in _day_items(text, posted, day, phase, kind):
            if unplaced and item.get("day") == day and not _DAY_LABEL_RE.search(text):
                item["day"] = UNPLACED
            out.append(item)
    return out


UNPLACED = "?"
_DAY_LABEL_RE = re.compile(r"第\s*[0-9一二两三四五六七八九十]{1,3}\s*[天日]")
# a 版杀7 night (环节四) or last words (环节五) is no day item (README convention 2)
_NOT_A_DAY = re.compile(r"夜|遗言")


def _event_item(
    a: Announced,
    kind: str,
    day: int,
    after: bool,
    posted: datetime,
    text: str = "",
    preset: str = "",
) -> dict[str, Any] | None:
    """An announcement as an item: its day the one the clause names, else the thread's
    (yesterday's for 昨日); a night after a process-thread post's day close the next."""
    base = (a.day or day) + a.offset
    night_next = 1 if (after and a.day is None) else 0
    if a.ends_piping:
        return None
    if a.type is EventType.ELIMINATED:
        how = a.cause or ("night" if kind == "discussion" else "vote")
        d = base + night_next if how == "night" else base
        if (
            kind in ("discussion", "lastwords")
            and a.how == "vote"
            and a.day is None
            and not a.offset
            and not tells_phase(text)  # (环节二结束：X 出局: the 环节 just closed, this day's)
            and not (kind == "discussion" and _at_own_close(preset, day, posted))
        ):
            d -= 1  # a vote-out a day's post recaps is the day before's (at its close)
        item = {"kind": "eliminated", "player": a.player, "how": how, "day": d}
        if a.clock is not None:  # the clause's own time, on the post's date
            item["at"] = f"{posted:%Y-%m-%d}T{a.clock}"
        return item
    if a.type is EventType.SHERIFF:
        if a.how == "elected":
            # the election is day 1's (README convention 1); a state line after day 2
            # restates an unchanged sheriff (convention 5)
            if a.status and base > 2:
                return None
            return {"kind": "sheriff", "player": a.player, "how": "elected", "day": 1}
        return {"kind": "sheriff", "player": a.player, "how": a.how, "day": base}
    if a.type is EventType.PIPED:
        return {"kind": "piped", "player": a.player, "day": base}
    if a.type is EventType.IDIOT_REVEALED:
        return {"kind": "idiot_revealed", "player": a.player, "day": base}
    if a.type is EventType.SUBSTITUTE:
        return {"kind": "substitute", "player_in": a.value, "player_out": a.player, "day": base}
    if a.type is Notice.NO_DEATH:
        return {"kind": "no_death", "day": base + night_next}
    if a.type is Notice.ACCELERATED:
        return {"kind": "accelerated", "day": base}
    if a.type is Notice.GAME_OVER:
        return {"kind": "game_over", "winner": a.value}
    return None


def _at_own_close(preset: str, day: int, posted: datetime) -> bool:
    """The post is made at its thread's day's close or within the result window after it
    (discovery's ``_recapped_close``, :data:`auditor.game.discover.RESULT_WITHIN`): the
    result is that day's, not the day before's."""
    days = _calendar_days(preset)
    if not 1 <= day <= len(days):
        return False
    closes = days[day - 1][1]
    return closes <= posted.astimezone(TZ) <= closes + RESULT_WITHIN


def _minute(t: datetime) -> str:
    return _t(t + timedelta(seconds=1) if t.second == 59 else t)


_DATED = re.compile(
    r"\d{1,2}\s*[月/]\s*\d{1,2}|\d{1,2}\s*[日号]|今[天日晚]|明[天日晚早]|本日|当日|周|星期"
)


def _day_items(
    text: str, posted: datetime, day: int, phase: int | None, kind: str = ""
) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for r in find_ranges(text, posted, TZ):
        if r.aside or _NOT_A_DAY.search(r.label) or (r.phase or 0) > 3:
            continue
        if kind == "rules" and not _DATED.search(r.text):
            continue  # a rules post's 0:00—24:00 per 环节 is the schedule, not a dated day
        item: dict[str, Any] = {
            "kind": "day",
            "day": r.day or day,
            "opens": _minute(r.opens),
            "closes": _minute(r.closes),
        }
        if r.phase or phase:
            item["phase"] = r.phase or phase
        out.append(item)
    points = find_points(text, posted, TZ)
    # the single times a post states, grouped by the day their line names (第二天 … 开门)
    stated: dict[tuple[int, int | None], dict[str, Any]] = {}
    # (a count's moment — 截至13:00，申请加速 4 人…仍于21:30关帖 — yields to a close the post
    # states beside it: discovery takes no count's moment for a close, _a_close_of)
    for p in sorted(points, key=lambda p: p.asof):
        if kind == "rules" and not p.dated:
            continue  # a rules post's 关帖：最后一天 22:00 is the schedule, not a dated day
        if p.role and not p.delay and not p.wrong:
            stated.setdefault((p.day or day, p.phase or phase), {}).setdefault(p.role, p)
    ranged = {i["day"] for i in out}
    if kind in ("discussion", "vote") and day not in ranged and all(d != day for d, _ in stated):
        # a line of two times in a day thread's post, whatever the verbs (discovery reads
        # its day's opening post so: auditor.game.when.paired_times)
        pair = paired_times(text, posted, TZ, day)
        if pair is not None:
            item = {
                "kind": "day",
                "day": day,
                "opens": _minute(pair[0]),
                "closes": _minute(pair[1]),
            }
            if phase and phase <= 3:
                item["phase"] = phase
            out.append(item)
            ranged.add(day)
        lone = None if pair is not None else lone_close(text, posted, TZ, day)
        if lone is not None:
            # its one time in the theme's word (本站 21:30 发车): discovery proposes it as the
            # day's close (auditor.game.when.lone_close)
            item = {"kind": "day", "day": day, "closes": _minute(lone)}
            if phase and phase <= 3:
                item["phase"] = phase
            out.append(item)
            ranged.add(day)
    for (d, ph), roles in stated.items():
        if d in ranged:
            continue
        item = {"kind": "day", "day": d}
        for role, p in roles.items():
            item[role] = _minute(p.at)
        if ph and ph <= 3:
            item["phase"] = ph
        out.append(item)
    for p in points:
        if p.delay and p.role == "closes":
            delayed = {"kind": "delayed", "day": p.day or day, "closes": _minute(p.at)}
            if p.phase or phase:
                delayed["phase"] = p.phase or phase
            out.append(delayed)
    return out


def matches(got: dict[str, Any], want: dict[str, Any]) -> bool:
    if got.get("kind") != want.get("kind"):
        return False
    for k, v in want.items():
        if k in ("kind",):
            continue
        if k == "winner":
            continue  # labels name the faction (狼胜 → 狼人阵营), the reader the words as written
        if k == "day" and got.get(k) == UNPLACED:
            continue
        if got.get(k) != v:
            return False
    # a time the label lacks is a time the post never stated
    return all(k in want for k in ("opens", "closes", "at", "phase") if k in got)


def _a_guess(got: dict[str, Any], want: dict[str, Any]) -> bool:
    """The item read differs from the label only in the fields discovery marks as guessed
    (a how guessed moves a night death's day too): shown as a proposal marked 推断."""
    guessed = set(got.get("guessed", ()))
    if not guessed or got.get("kind") != want.get("kind"):
        return False
    differ = {k for k, v in want.items() if k not in ("kind", "winner") and got.get(k) != v}
    if "how" in differ:
        guessed.add("day")
    return differ <= guessed


def _structural(want: dict[str, Any], rec: dict[str, Any]) -> bool:
    """A day with no time, labelled on a post of that day's own thread: discovery has it from
    the thread (a day exists when its threads exist), whatever the post says."""
    return (
        want["kind"] == "day"
        and not any(k in want for k in ("opens", "closes", "phase"))
        and rec["thread_kind"] in ("discussion", "vote")
        and want.get("day") == rec["thread_day"]
    )


_PATTERNS: dict[str, Patterns] = {}


def _patterns(preset: str) -> Patterns:
    """The grammar for the cast under the preset (its words for the piped, as discovery has
    them from the rule set)."""
    if preset not in _PATTERNS:
        words = piped_words(preset, {}) if preset in ruleset_names() else ()
        _PATTERNS[preset] = Patterns(PLAYERS, piped_words=words)
    return _PATTERNS[preset]


def _story(records: list[dict[str, Any]]) -> list[int]:
    """The records' indices in story order: each preset's stream by ``posted_at`` (ties as
    the file has them)."""
    return sorted(
        range(len(records)),
        key=lambda i: (records[i]["preset"], records[i]["posted_at"], i),
    )


def themes(records: list[dict[str, Any]], mode: str = "off") -> dict[int, Theme]:
    """Each record's theme (by index): the words its game's directors' posts so far taught —
    the preset's earlier posts in the file and its own (:func:`auditor.game.theme.learn`)."""
    out: dict[int, Theme] = {}
    if mode == "off":
        return out
    said: dict[str, list[str]] = defaultdict(list)
    for i in _story(records):
        rec = records[i]
        if rec["author"] in DIRECTORS:
            said[rec["preset"]].append(rec["text"])
        theme = learn(said[rec["preset"]], PLAYERS) if said[rec["preset"]] else Theme()
        out[i] = theme.glossed() if mode == "glossed" else theme
    return out


def read_themed(
    rec: dict[str, Any], patterns: Patterns, theme: Theme | None
) -> tuple[list[dict[str, Any]], str, bool]:
    """What discovery reads from the post in its game's words (:meth:`Theme.rewrite`), the
    text read, and whether an inferred word was read in it: its items only an inferred word
    gives are marked ``guessed`` (``theme``), and the post is asked with its text and link
    (discovery lists it: 本局的「W」是出局吗？), never taken silently."""
    if not theme or rec["author"] not in DIRECTORS:
        return read(rec, patterns), rec["text"], False
    text = unicodedata.normalize("NFKC", rec["text"])
    themed = theme.rewrite(text, PLAYERS)
    if themed == text:
        return read(rec, patterns), rec["text"], False
    got = read(dict(rec, text=themed), patterns)
    glossed = theme.glossed().rewrite(text, PLAYERS)
    if glossed == themed:
        return got, themed, False
    plain = read(dict(rec, text=glossed), patterns)
    for item in got:
        if item in plain:
            plain.remove(item)
        else:
            item["guessed"] = [*item.get("guessed", []), "theme"]
    return got, themed, True


def score(path: Path, show_misses: bool, theme_mode: str = "off") -> int:
    tp: Counter[str] = Counter()
    fp: Counter[str] = Counter()
    fn: Counter[str] = Counter()
    near: Counter[str] = Counter()
    silent = 0
    flagged_clean = 0  # listed for a clause not placed, though every item was read
    misses: dict[str, list[str]] = defaultdict(list)
    records = [json.loads(line) for line in path.read_text("utf-8").splitlines() if line.strip()]
    taught = themes(records, theme_mode)
    for i, rec in enumerate(records):
        want = [w for w in rec["items"] if w["kind"] != "retract"]
        patterns = _patterns(rec["preset"])
        got, said, asked = read_themed(rec, patterns, taught.get(i))
        free = list(got)
        missed = []
        for w in want:
            if _structural(w, rec):
                tp["day"] += 1  # discovery makes this day from its thread (structure first)
                continue
            hit = next((g for g in free if matches(g, w)), None)
            if hit is None:
                fn[w["kind"]] += 1
                missed.append(w)
                misses[w["kind"]].append(
                    f"{rec['id']} 漏：{json.dumps(w, ensure_ascii=False)}｜{rec['text'][:80]!r}"
                )
            else:
                tp[w["kind"]] += 1
                free.remove(hit)
        for g in free:
            fp[g["kind"]] += 1
            if any(
                matches(g, s)
                or (s.get("kind") == g["kind"] and all(g.get(k) == v for k, v in s.items()))
                for s in rec.get("seems", [])
            ):
                near[g["kind"]] += 1
            misses[g["kind"]].append(
                f"{rec['id']} 多：{json.dumps(g, ensure_ascii=False)}｜{rec['text'][:80]!r}"
            )
        text = unicodedata.normalize("NFKC", said)
        director = rec["author"] in DIRECTORS
        unplaced = director and bool(patterns.read(text)[1])
        # as discovery lists a director's post (auditor.game.state.unread_posts): nothing
        # read from it, or a clause of it not read; and it names a player, says a notice's
        # word or states a time
        listed = director and (not got or unplaced) and why_listed(PLAYERS, text) is not None
        listed = listed or asked  # read in a word the theme inferred: asked, with its text
        if listed and not missed and not free:
            flagged_clean += 1
            misses["listed though right"].append(f"{rec['id']}｜{rec['text'][:100]!r}")
        # a miss whose wrong item is a guess shown as one (a proposal marked 推断, its text
        # and link: the same kind and player, the field the post does not state) is not silent
        shown = all(any(_a_guess(g, w) for g in free) for w in missed)
        if missed and not listed and not shown:
            silent += 1
            misses["silent"].append(f"{rec['id']}｜{rec['text'][:100]!r}")
    kinds = list(KINDS) + sorted(set(tp) | set(fp) | set(fn) - set(KINDS))
    print(f"{'kind':<16}{'precision':>10}{'recall':>8}{'tp':>5}{'fp':>5}{'fn':>5}{'near':>6}")
    for k in dict.fromkeys(kinds):
        p = tp[k] / (tp[k] + fp[k]) if tp[k] + fp[k] else float("nan")
        r = tp[k] / (tp[k] + fn[k]) if tp[k] + fn[k] else float("nan")
        print(f"{k:<16}{p:>10.3f}{r:>8.3f}{tp[k]:>5}{fp[k]:>5}{fn[k]:>5}{near[k]:>6}")
    total_tp, total_fp, total_fn = sum(tp.values()), sum(fp.values()), sum(fn.values())
    print(
        f"{'all':<16}{total_tp / max(1, total_tp + total_fp):>10.3f}"
        f"{total_tp / max(1, total_tp + total_fn):>8.3f}{total_tp:>5}{total_fp:>5}{total_fn:>5}{sum(near.values()):>6}"
    )
    print(f"posts with a miss that would pass in silence (not listed as 未读懂的公告): {silent}")
    print(f"posts read right (no miss, no false item) yet listed as 未读懂的公告: {flagged_clean}")
    if show_misses:
        for k, rows in misses.items():
            print(f"\n## {k}")
            for row in rows:
                print(row)
    return 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("file", type=Path)
    ap.add_argument("--misses", action="store_true", help="list every miss and false item")
    ap.add_argument(
        "--theme",
        choices=("all", "glossed", "off"),
        default="off",
        help="the game's words learned from its earlier posts (auditor.game.theme, session 51, "
        "not yet in discovery: the lead decides): all (glossed, and inferred as proposals), "
        "glossed only, or off (each post alone, as discovery reads today)",
    )
    args = ap.parse_args(argv)
    use_set(args.file.parent)
    return score(args.file, args.misses, args.theme)


if __name__ == "__main__":
    raise SystemExit(main())
