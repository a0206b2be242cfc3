"""What people read in every view: the label tables (outcomes, vote kinds, thread kinds,
changes), links to posts, times in the forum's time zone, and plain reasons and notes.
One copy: the report, the CSVs, the announcement and the CLI use these."""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Mapping, Sequence
from datetime import datetime
from typing import Any
from urllib.parse import parse_qsl, urlsplit

from auditor.game.gamefile import Game, ThreadKind, ThreadSpec
from auditor.game.titles import AUDIENCE, NOT_GAME, classify, normalise
from auditor.ledger.policy import card_name, parse_time
from auditor.store import Store
from auditor.urls import findpost_link

OUTCOME_NAMES = {
    "eliminated": "出局",
    "sheriff_elected": "当选警长",
    "idiot_revealed": "白痴翻牌免于出局",
    "suspect": "可疑者",
}


KIND_NAMES = {"vote": "投票", "change": "改票", "abstain": "弃权"}


THREAD_KIND_NAMES = {
    "discussion": "讨论帖",
    "vote": "投票帖",
    "process": "进程帖",
    "rules": "规则帖",
    "lastwords": "遗言帖",
}


CHANGE_NAMES = {"edited": "修改", "deleted": "删除", "hidden": "屏蔽"}


def forum_base(game: Game, store: Store) -> str | None:
    """The forum's base URL for links: the game file's ``[forum] url`` only.  Nothing from a
    page (a saved page's ``<base href>``) ever becomes a link; a saved-pages game without
    ``url`` has no links."""
    del store  # kept for the callers: links never come from what the store holds
    return game.forum.url


def post_link(base: str | None, tid: int | None, pid: int | None) -> str | None:
    """A link to the post on the forum (Discuz!'s findpost redirect), http(s) only."""
    if tid is None:
        return None
    return findpost_link(base, tid, pid)


def highlight(excerpt: str, matches: Sequence[str]) -> list[tuple[str, bool]]:
    """Split ``excerpt`` into (text, is_match) pieces; the template escapes each piece."""
    spans: list[tuple[int, int]] = []
    for m in matches:
        if not m:
            continue
        start = 0
        while (i := excerpt.find(m, start)) >= 0:
            spans.append((i, i + len(m)))
            start = i + len(m)
    spans.sort()
    pieces: list[tuple[str, bool]] = []
    pos = 0
    for s, e in spans:
        if s < pos:
            continue
        if s > pos:
            pieces.append((excerpt[pos:s], False))
        pieces.append((excerpt[s:e], True))
        pos = e
    if pos < len(excerpt):
        pieces.append((excerpt[pos:], False))
    return pieces


def post_time(at: datetime | str | None, game: Game, precision: str = "second") -> str:
    """A post's time for people, in the forum's time zone, to the second (lateness is judged
    to the second): ``11-20 21:59:37``; a time the forum gave only to the minute says so
    rather than inventing ``:00``."""
    t = parse_time(at)
    if t is None:
        return ""
    local = t.astimezone(game.timezone)
    if precision == "minute":
        return local.strftime("%m-%d %H:%M") + "（秒未知）"
    return local.strftime("%m-%d %H:%M:%S")


def thread_name(game: Game, tid: int, subject: str = "") -> str:
    """第2天讨论帖（tid 103）; a thread the game file does not list by its forum title
    when known (「[M107] 第二天讨论帖」（tid 103））."""
    spec = game.thread(tid)
    if spec is None:
        return f"「{subject}」（tid {tid}）" if subject else f"帖子 {tid}"
    kind = THREAD_KIND_NAMES.get(spec.kind.value, spec.kind.value)
    day = f"第{spec.day}天" if spec.day is not None else ""
    return f"{day}{_phase_of(game, spec)}{kind}（tid {tid}）"


_CN_DIGITS = "零一二三四五六七八九十"


def phase_label(number: int) -> str:
    """环节一, 环节二 … (版杀7's own words: 【环节一】试探性投票); 环节11 past ten."""
    return f"环节{_CN_DIGITS[number]}" if 0 < number <= 10 else f"环节{number}"


def _phase_of(game: Game, spec: ThreadSpec) -> str:
    """``环节二`` for a vote thread that is one 环节's own (the day's 环节 vote in threads of
    their own: two 第1天投票帖 told apart), else ""."""
    if spec.day is None or spec.kind is not ThreadKind.VOTE:
        return ""
    day = game.day(spec.day)
    phases = day.phases if day is not None else ()
    if len({ph.vote_thread for ph in phases if ph.vote_thread is not None}) < 2:
        return ""
    return next((phase_label(ph.number) for ph in phases if ph.vote_thread == spec.tid), "")


def round_label(game: Game, day: object, key: object) -> str:
    """A tally round as the director knows it: the 环节 it is (环节一（试探性投票）) on a day
    of 环节, else 第N轮; "" for a day of one round."""
    if key in ("", None):
        return ""
    spec = game.day(day) if isinstance(day, int) else None
    for ph in spec.phases if spec is not None else ():
        if str(ph.number) == str(key):
            name = ph.name if ph.name and ph.name != phase_label(ph.number) else ""
            return phase_label(ph.number) + (f"（{name}）" if name else "")
    return f"第{key}轮"


def local_time(stamp: str | None, game: Game) -> str:
    """A stored UTC ISO time as the forum's local time, for people: 2026-11-21 23:00."""
    t = parse_time(stamp)
    return t.astimezone(game.timezone).strftime("%Y-%m-%d %H:%M") if t else ""


_INTERNAL = re.compile(r"ΔE|^L=\d|^(?:\w+\s*=\s*)?#[0-9A-Fa-f]{6}$")
#: A file saved beside a page (``thread-102-p1_files/03_avatar_middle.png``): the avatar
#: evidence, said in words (the path stays in the CSV).
_COLOUR = re.compile(r"\b([A-Za-z]+)\s*=\s*(#[0-9A-Fa-f]{6})\b")  # Red = #FF0000: Red（#FF0000）
_SAVED_FILE = re.compile(r"[\w.-]+_files/[\w.-]+")


@functools.lru_cache(maxsize=4096)
def plain_reason(reason: str, code: str, kind: str, title: str = "", *, cited: str = "") -> str:
    """A suggestion's reason for people: without the rule set's internal keys (codes and
    kinds such as ``m107-违规1``) and the kind's clause (``title``, as the ledger names the
    kind), and without a citation in brackets of a clause ``cited`` already cites (the
    card's 依据): the card cites a clause once.  The full text stays in the details fold.
    (Kept by its arguments: the desk shows every draft's reason again after each decision.)"""
    text = reason
    for k in dict.fromkeys(filter(None, (kind, title))):
        text = text.replace(f"首次违规（{k}）", "同类首次违规").replace(
            f"同类违规（{k}）", "同类违规"
        )
        text = text.replace(f"同一类违规（{k}：", "同一类违规（")
    text = text.replace(f"规则集对 {code} 固定判罚", "本条规则固定判罚")
    text = text.replace(f"规则集对 {code} 的处理是", "本条规则的处理是")
    heads = {clause_head(part) for part in cited.split("；")} - {""}
    return _without_brackets(text, heads) if heads else text


# A citation's rule-post name (``M107 ``, ``030 ``, ``M107/030 ``, ``无直接条款：``).
_POST_NAME = re.compile(r"^(?:无直接条款：)?\s*(?:(?:[0-9A-Za-z版杀]+/)*[0-9A-Za-z版杀]+\s+)?")


def clause_head(citation: str) -> str:
    """The clause a citation names, without its rule post and text: ``违规判定 5(2)`` of
    ``M107 违规判定 5(2)：…``, ``投票规则`` of ``投票规则“修改错别字不算做改票”``."""
    text = _POST_NAME.sub("", citation.strip(), count=1)
    return re.split(r"[：“（(]", text, maxsplit=1)[0].strip()


def _without_brackets(text: str, heads: set[str]) -> str:
    """``text`` without each outermost （…） whose first clause is one of ``heads``."""
    out: list[str] = []
    depth, start = 0, 0
    for i, c in enumerate(text):
        if c == "（":
            if depth == 0:
                out.append(text[start:i])
                start = i
            depth += 1
        elif c == "）" and depth:
            depth -= 1
            if depth == 0:
                group = text[start : i + 1]
                first = group[1:-1].split("；", 1)[0]
                if clause_head(first) not in heads:
                    out.append(group)
                start = i + 1
    out.append(text[start:])
    return "".join(out)


#: Colour names a post's [color=…] uses (Discuz!'s palette and the reds around it), as a
#: director says them; another name is shown by its hex value only.
COLOUR_NAMES = {
    "red": "红色",
    "darkred": "深红色",
    "crimson": "深红色",
    "firebrick": "砖红色",
    "orangered": "橙红色",
    "tomato": "番茄红",
    "indianred": "浅红色",
    "maroon": "褐红色",
    "brown": "棕色",
    "magenta": "洋红色",
    "fuchsia": "洋红色",
    "deeppink": "深粉色",
    "hotpink": "粉红色",
    "pink": "粉色",
    "orange": "橙色",
    "darkorange": "深橙色",
    "purple": "紫色",
    "blue": "蓝色",
    "green": "绿色",
    "black": "黑色",
}
#: FONT-SIZE's note (``放大字体（正常 16px）：[size=5] ≈ 24px``) in a director's words.
_SIZE_NOTE = re.compile(r"放大字体（正常 ([\d.]+)px）：")
_SIZE_PX = re.compile(r" ≈ ([\d.]+)px")


def _colour(m: re.Match[str]) -> str:
    name = COLOUR_NAMES.get(m.group(1).lower())
    return f"{name}（{m.group(2)}）" if name else m.group(2)


def plain_note(note: str) -> str:
    """A finding's note in a director's words: without measurements only a developer reads
    (ΔE2000, L/C/h), a colour by its Chinese name (红色字体（#FF0000）, never
    ``Red（#FF0000）``), an enlarged font as 字号过大 with its size in 像素."""
    kept = "；".join(
        "，".join(
            p
            for i, p in enumerate(item.split("，"))
            if (i == 0 and _COLOUR.fullmatch(p)) or not _INTERNAL.search(p)
        )
        for item in note.split("；")
    )
    kept = _COLOUR.sub(_colour, kept)
    kept = re.sub(r"红色字体：红色（(#[0-9A-Fa-f]{6})）", r"红色字体（\1）", kept)
    kept = _SIZE_NOTE.sub(r"字号过大（正常 \1 像素）：", kept)
    kept = _SIZE_PX.sub(r"，约 \1 像素", kept)
    return without_addresses(_SAVED_FILE.sub("保存的页面里的头像图片", kept))


#: A raw forum address in a finding's note (POST-OUTSIDE's ``forum.php?mod=redirect…``,
#: with or without the forum's base): a director reads a link titled in Chinese instead.
_RAW_URL = re.compile(r"\s?(?:https?://[^\s；，。（）「」]*?)?forum\.php\?[^\s；，。（）「」]+")
#: Where a profile change was seen (``（见 保存的页面 saved-1123-0900/thread-102-p1.html）`` or
#: its URL): the card links the post (or says why it cannot), the page's path is no help.
_SEEN_AT = re.compile(r"（见 (?:保存的页面 [^）]*|https?://[^）]*)）")
#: An avatar as the profile rule shows it (``图片 fe1ce54ca126，<its file or URL>``).
_PICTURE = re.compile(r"图片 [0-9a-f]{6,}(?:，[^」；]*)?")
_SUBJECT = re.compile(r"《([^》]*)》[^《]*$")


def without_addresses(text: str) -> str:
    """``text`` as a director reads it: no raw ``forum.php?…`` address, no saved page's
    path, an avatar as 一张图片 / 另一张图片 (not its digest and file)."""
    text = _SEEN_AT.sub("", _RAW_URL.sub("", text))
    count = iter(range(1_000_000))
    return _PICTURE.sub(lambda m: "一张图片" if next(count) == 0 else "另一张图片", text)


def _thread_link(base: str | None, tid: int | None) -> str | None:
    if not base or urlsplit(base).scheme not in ("http", "https") or tid is None:
        return None
    return f"{base}forum.php?mod=viewthread&tid={tid}"


def addressed_links(text: str, base: str | None) -> list[tuple[str, str]]:
    """The posts a note names by a raw address, each as (its Chinese title, a link built
    from the game file's ``[forum] url`` — never from the note's text): 在论坛查看那一帖
    《今天吃什么》.  None without a forum url (the card says why it has no link)."""
    links: list[tuple[str, str]] = []
    for m in _RAW_URL.finditer(text):
        query = dict(parse_qsl(urlsplit(m.group(0).strip()).query))
        tid = int(query["ptid"]) if query.get("ptid", "").isdigit() else None
        tid = tid if tid is not None or not query.get("tid", "").isdigit() else int(query["tid"])
        pid = int(query["pid"]) if query.get("pid", "").isdigit() else None
        href = findpost_link(base, tid, pid) if pid is not None else _thread_link(base, tid)
        subject = _SUBJECT.search(text[: m.start()])
        title = "在论坛查看那一帖" + (f"《{subject.group(1)}》" if subject else "")
        if href:
            links.append((title, href))
    return links


#: A citation that names no clause of its own (a rule the rule post does not state).
_NO_CLAUSE = "无直接条款："


def cited(seed: str) -> str:
    """A rule's citation (its seed clause) in the one form a director reads on a card:
    ``依据：M107 违规判定 9(1)：禁止使用红色字体`` — the rule post and clause as numbered in
    the post, then its words after a colon (never in quotes); a rule the post does not state
    directly: ``参照：M107 违规判定 10(1) 串号、4(1) 马甲（规则帖没有直接条文）``."""
    text = seed.strip()
    if not text:
        return ""
    label, tail = "依据", ""
    if text.startswith(_NO_CLAUSE):
        label, tail = "参照", "（规则帖没有直接条文）"
        text = text.removeprefix(_NO_CLAUSE).strip()
    text = re.sub(r"\s*“([^”]*)”", r"：\1", text)
    text = re.sub(r"：\s*：", "：", text)
    return f"{label}：{text}{tail}"


def number(x: float) -> str:
    """A count or weight for people: ``3``, ``1.5`` (never ``3.0``), at most two decimals."""
    return str(int(x)) if float(x).is_integer() else f"{round(float(x), 2):g}"


# --------------------------------------------------------------------------- spreadsheets
# The report folder's CSVs and report.xlsx as directors read them in Excel or WPS: the
# columns and sheets named in Chinese, the cards, statuses, vote kinds, problems and
# outcomes in words.  The rows keep their column names (the CLI's ``--format csv`` on
# stdout, for pipes, writes those and the raw values).

#: Every column of the report's CSVs (activity, votes, tally, findings, ledger).
HEADERS = {
    "player": "玩家",
    "day": "天",
    "phase": "环节",
    "phase_name": "环节名",
    "posts": "发帖数",
    "accelerated": "加速日",
    "alive": "在场",
    "votes": "票数",
    "min_posts": "发帖下限",
    "below": "发言不足",
    "closed": "已关门",
    "lurk_days": "潜水天数",
    "voter": "投票人",
    "target": "投票对象",
    "kind": "类型",
    "valid": "有效",
    "problem": "问题",
    "weight": "票的权重",
    "pid": "帖子pid",
    "posted_at": "发帖时间",
    "proxy": "代投",
    "round": "轮次",
    "floor": "楼层",
    "tid": "帖子tid",
    "note": "备注",
    "outcome": "结果",
    "voters": "投票的玩家",
    "reason": "理由",
    "id": "编号",
    "rule": "规则",
    "code": "规则代码",
    "status": "状态",
    "suggested_card": "建议的牌",
    "card": "判的牌",
    "match": "命中",
    "excerpt": "摘录",
    "link": "链接",
    "blue": "蓝牌",
    "yellow": "黄牌",
    "red": "红牌",
    "sent_off": "罚下",
    "pending": "待处理",
    "raw_blue": "蓝牌（未合并）",
    "raw_yellow": "黄牌（未合并）",
    "raw_red": "红牌（未合并）",
    "actions": "处理",
}

#: The workbook's sheets (:data:`auditor.report.write.SHEETS`).
SHEET_NAMES = {
    "activity": "发言统计",
    "votes": "投票",
    "tallies": "计票",
    "findings": "发现",
    "ledger": "牌面",
}

#: A finding's ``status`` in the report's tables.
STATUS_NAMES = {"draft": "待处理", "approved": "已批准", "rejected": "已驳回"}


def headers(columns: Sequence[str]) -> list[str]:
    """The Chinese header of a table with ``columns``."""
    return [HEADERS[c] for c in columns]


def in_words(
    rows: Iterable[Mapping[str, Any]], problems: Mapping[str, str] | None = None
) -> list[dict[str, Any]]:
    """The rows with their cards (蓝牌 …), statuses (待处理 …), vote kinds (改票 …),
    ballot ``problems`` (given: the vote book's texts) and tally outcomes in words."""
    words: dict[str, Mapping[str, str]] = {
        "status": STATUS_NAMES,
        "kind": KIND_NAMES,
        "outcome": OUTCOME_NAMES,
        "problem": problems or {},
    }
    out = []
    for r in rows:
        row = dict(r)
        for c in ("suggested_card", "card"):
            if isinstance(row.get(c), str):
                row[c] = card_name(row[c])
        for c, names in words.items():
            if isinstance(row.get(c), str):
                row[c] = names.get(row[c], row[c])
        out.append(row)
    return out


def set_aside_votes(game: Game) -> list[str]:
    """A thread with the game's own tag whose title reads as a day's vote thread (投票 and a
    day or a date) but that discovery set aside only for an audience word (观众, 旁听:
    :data:`auditor.game.titles.AUDIENCE`; ``《12月1日 晚间新闻》观众投票热线`` is the show's
    vote line, not the audience's): its ballots would be left out without a word (session
    43: m107_newsroom's three vote threads).  Said as a problem of the game's state (never
    silent, issue 34 §3) until the game file states the thread, in plain words (no table or
    key of the game file).  A chat or recap word (第2天 投票复盘, 第3天投票 吐槽帖) is no
    audience: such a thread is no vote thread and is not said (review 43 A4, B3)."""
    disc = game.discovery
    if disc is None or not game.tag:
        return []
    out = []
    for x in disc.unclassified:
        subject = normalise(x.subject)
        word = next((w for w in NOT_GAME if w in subject), None)
        if word not in AUDIENCE:
            continue
        info = classify(subject.replace(word, " "), game.ruleset, game.tag)
        if (info.kind or info.undated) is not ThreadKind.VOTE:
            continue
        date = info.date
        if info.day is not None:
            day = f"第{info.day}天"
        elif date is not None:
            day = f"{date[0]}月{date[1]}日"
        else:
            continue
        out.append(
            f"帖子 {x.tid}「{x.subject}」带本局标签，标题像{day}的投票帖，却因为“{word}”没有采用，"
            f"它的投票都不计：是本局的投票帖，就在游戏文件里把它写成{day}的投票帖，"
            f"不是就改一下标题里的说法"
        )
    return out
