"""The director's drafts and their posting, shared by the command line (``auditor post``)
and the desk (发布到进程帖): the draft of a kind at a time, whether and where it may be
posted, the thread opened as the director's own login (``[forum] post_cookies``) and the
parts sent (:mod:`auditor.forum.post`).  Nothing here asks the director: the callers show
the exact text and the thread and post only on his command."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import TYPE_CHECKING

from auditor.errors import AuditorError
from auditor.forum.fetch import Fetcher
from auditor.forum.post import PartResult, Poster, ReplyClient, Target, as_posted, draft_id
from auditor.game.gamefile import Game, ThreadKind
from auditor.report.drafts import (
    Draft,
    announcement_draft,
    crawled_by,
    open_day,
    reminder_draft,
    require_midday_tally,
    tally_draft,
)
from auditor.report.labels import post_link
from auditor.report.parts import MIN_POST_BYTES, POSTED, size_verdict, split_announcement
from auditor.report.records import build_records
from auditor.rules.engine import build_context

if TYPE_CHECKING:
    from auditor.rules.ruleset import RuleSet
    from auditor.store import Store
    from auditor.store.sent import SentRow

KINDS = ("announcement", "tally", "reminder")


#: A game file without ``[forum] url``, said as the director fixes it (fh41 item 10).
NO_FORUM_URL = "游戏文件里还没写论坛地址（[forum] url = …）"


class NotPostableError(AuditorError):
    """The draft cannot be posted: copy-only, already posted, too long, nowhere to post."""


class PostFailedError(AuditorError):
    """A part was not posted (what went out before it is said and recorded)."""


def make_draft(
    game: Game, store: Store, rs: RuleSet, kind: str, when: datetime, day: int | None
) -> Draft:
    """The draft of ``kind`` at ``when``, from the store as it is (judged afresh at that
    time, as ``auditor votes --now`` does)."""
    if kind != "announcement":
        target = open_day(game.days, when, day)
        # (the day is checked first: no records are built for a draft that has none)
        if kind == "tally":
            require_midday_tally(rs.settings, rs.sources, target.number)
    records = build_records(
        game, store, ruleset=rs, ctx=build_context(game, store, now=when, ruleset=rs, so_far=True)
    )
    if kind == "announcement":
        return addendum(game, store, announcement_draft(records))
    as_of = crawled_by(records, when)
    if kind == "tally":
        return tally_draft(records, rs.settings, rs.sources, target, as_of)
    return reminder_draft(records, rs.settings, rs.sources, target, when, as_of)


def check_postable(game: Game, store: Store, draft: Draft, thread: int | None) -> int:
    """The thread to post to, or why this draft cannot be posted (nothing is sent)."""
    if not draft.postable:
        raise NotPostableError(
            f"{draft.title}只供复制，不发帖：{draft.where}"
            + (f"（依据：{draft.why}）" if draft.why else "")
            + "。用 --dry-run 显示全文后复制"
        )
    # (posted already, by the tool or by hand, is said first: with no url too)
    done = store.sent_parts(draft_id([as_posted(p) for p in draft.parts]))
    if len(done) == len(draft.parts) and all(r.status == "posted" for r in done.values()):
        raise AlreadyPostedError(
            f"这份{draft.title}已经发过，不再发送：{posted_where(game, list(done.values()))}"
        )
    if not game.forum.url:
        raise NotPostableError(NO_FORUM_URL + "：不能发帖")
    if game.forum.post_cookies is None:
        raise NotPostableError(
            "游戏文件里还没写导演的登录 cookies（[forum] post_cookies = …）："
            "发帖要用导演自己的登录 cookies"
            "（抓取用的 cookies 可能是观众的，不会拿来发帖）"
        )
    return thread if thread is not None else process_thread(game)


BY_HAND = "导演复制后自己发出（审计台没有发帖）"


def record_by_hand(
    game: Game, store: Store, draft: Draft, *, by: str, thread: int | None = None
) -> str:
    """The director copied ``draft`` and posted it himself (「我已发到论坛」): each part
    recorded as posted, by him, with no floor known, in one write — so the next
    announcement is a numbered 补充 with only what changed (:func:`addendum`: the cards
    added and 撤回的卡), not the whole announcement again.  Returns what the desk says."""
    parts = [as_posted(p) for p in draft.parts]
    ident = draft_id(parts)
    done = store.sent_parts(ident)
    if len(done) == len(parts) and all(r.status == "posted" for r in done.values()):
        raise AlreadyPostedError(
            f"这份{draft.title}已经记为发出：{posted_where(game, list(done.values()))}"
        )
    tid = thread
    if tid is None:
        try:
            tid = process_thread(game)
        except NotPostableError:
            tid = 0  # (no process thread in the file: the post is still recorded)
    with store.transaction():
        for i, text in enumerate(parts, start=1):
            claimed, row = store.claim_part(
                draft=ident,
                part=i,
                parts=len(parts),
                kind=draft.kind,
                title=draft.title,
                text=text,
                tid=tid,
                account=by,
                account_uid=None,
                ordered_by=by,
            )
            if claimed:
                store.finish_part(row.id, "posted", said=BY_HAND)
    follow = "；之后的公告只写补充（新的牌和撤回的卡）" if draft.kind == "announcement" else ""
    return f"已记下：{draft.title}由 {by} 自己发到论坛{follow}"


class AlreadyPostedError(NotPostableError):
    """The same draft was posted already (where and when, in forum time, said)."""


def posted_where(game: Game, rows: list[SentRow], *, account: bool = True) -> str:
    """Where and when these parts went: forum time, the account (not in forum text: a
    name is no BBCode), the floor's link."""
    said = []
    for r in rows:
        at = r.finished_at or r.started_at
        try:
            when = datetime.fromisoformat(at).astimezone(game.timezone).strftime("%m-%d %H:%M")
        except ValueError:
            when = at
        which = f"第{r.part}/{r.parts}部分" if r.parts > 1 else ""
        link = post_link(game.forum.url, r.tid, r.pid)
        where = f"主题 {r.tid}" if r.tid else "论坛"
        said.append(
            f"{which}{when} "
            + (f"由 {r.account or '?'} " if account else "")
            + (f"发到{where}（pid {r.pid}）" if r.pid is not None else f"自己发到{where}")
            + (f" {link}" if link else "")
        )
    return "；".join(said)


_HEADER = re.compile(r"^\[b\]([^\n]*?)\[/b\]")
_PART_HEADER = re.compile(r"^\[b\]（第\d+/\d+部分）\[/b\]\n?")
_TAG_OR_SPACE = re.compile(r"\[/?[a-z]+(?:=[^\]\[]*)?\]|\s+", re.I)
_UPDATED = "（更新，以此为准）"
_CARDS = "判罚"  # the one section of items: cards are added and withdrawn one by one
_CARD_SUBHEADERS = {"本次新增", "此前已公布"}
_NO_CARDS = {"暂无", "无"}
WITHDRAWN = "撤回的卡"
_FOLLOWS = "接已发出的"  # an addendum's line naming the posts it follows
_DIGITS = "零一二三四五六七八九"


def ordinal(n: int) -> str:
    """补充一、补充二 … 补充十一 …: the addendum's number in Chinese (第N次 beyond 99)."""
    if 1 <= n <= 9:
        return _DIGITS[n]
    if 10 <= n <= 99:
        tens, ones = divmod(n, 10)
        return ("" if tens == 1 else _DIGITS[tens]) + "十" + (_DIGITS[ones] if ones else "")
    return f"第{n}次"


@dataclass
class _Section:
    header: str  # the header line as printed (with what follows the [b]…[/b])
    lines: list[str] = field(default_factory=list)  # its content lines, not blank
    withdrawn: list[str] = field(default_factory=list)  # (an addendum's 撤回的卡)

    @property
    def title(self) -> str:
        m = _HEADER.match(self.header.strip())
        return m.group(1) if m else ""


def _key(title: str) -> str:
    return title.removesuffix(_UPDATED).removesuffix("（撤回）")


def _sections(text: str) -> dict[str, _Section]:
    """The announcement's sections by their header's title (the lines before any header
    under ""), the title line left out.  判罚's sub-headers are no sections of their own; an
    addendum's 撤回的卡 are the withdrawn cards of its 判罚."""
    found: dict[str, _Section] = {}
    now = found.setdefault("", _Section(""))
    into = now.lines
    for line in text.splitlines()[1:]:  # (the first line is the title)
        stripped = line.strip()
        m = _HEADER.match(stripped)
        if (
            m
            and _key(now.title) == _CARDS
            and m.group(1)
            in (
                *_CARD_SUBHEADERS,
                WITHDRAWN,
            )
        ):
            into = now.withdrawn if m.group(1) == WITHDRAWN else now.lines
        elif m:
            now = found.setdefault(_key(m.group(1)), _Section(line))
            into = now.lines
        elif stripped and not stripped.startswith(_FOLLOWS):
            into.append(stripped)
    return found


def _canonical(lines: list[str]) -> str:
    """A section's content with tags and white space left out: the same whether it went in
    one post or was cut across two (a cut closes and reopens tags and drops a space)."""
    return _TAG_OR_SPACE.sub("", "".join(lines))


def _posted_text(parts: list[SentRow]) -> str:
    """A posted draft's text, its parts joined without their 第i/n部分 headers."""
    return "\n".join(_PART_HEADER.sub("", r.text.replace("\r\n", "\n"), count=1) for r in parts)


def _on_the_forum(rows: list[SentRow]) -> dict[str, _Section]:
    """What the forum shows of the day's announcement: the first post's sections, each
    addendum's new cards added and withdrawn cards taken away, its other sections replacing
    the ones they update."""
    drafts: dict[str, list[SentRow]] = {}
    for r in rows:
        drafts.setdefault(r.draft, []).append(r)
    shown: dict[str, _Section] = {}
    cards: Counter[str] = Counter()
    for parts in drafts.values():
        parts.sort(key=lambda r: r.part)
        for key, sec in _sections(_posted_text(parts)).items():
            if not key:
                continue  # (the untitled opening: no section to compare)
            if key == _CARDS:
                cards.update(c for c in sec.lines if c not in _NO_CARDS)
                cards.subtract(sec.withdrawn)
                shown.setdefault(key, _Section(sec.header))
            elif sec.title.endswith("（撤回）"):
                shown.pop(key, None)
            else:
                shown[key] = sec
    if _CARDS in shown:
        shown[_CARDS].lines = list((+cards).elements())  # (the order does not matter here)
    return shown


def _card_changes(sec: _Section, shown: dict[str, _Section]) -> list[str]:
    """The cards added since the forum's posts, then the cards withdrawn (撤回的卡), under
    判罚's header."""
    have = Counter(c for c in sec.lines if c not in _NO_CARDS)
    had = Counter(shown[_CARDS].lines) if _CARDS in shown else Counter()
    added = list((have - had).elements())
    gone = list((had - have).elements())
    block = [sec.header] if added or gone else []
    block += added
    if gone:
        block += [f"[b]{WITHDRAWN}[/b]", *gone]
    return block


def _changes(now: dict[str, _Section], shown: dict[str, _Section]) -> list[str]:
    """The addendum's sections: what each section holds now against what the forum shows."""
    kept: list[str] = []
    for key, sec in now.items():
        block: list[str] = []
        if not key:
            continue  # (the untitled opening: the addendum has its own)
        if key == _CARDS:
            block = _card_changes(sec, shown)
        elif key not in shown or _canonical(sec.lines) != _canonical(shown[key].lines):
            title = sec.title
            block = [sec.header.replace(f"[b]{title}[/b]", f"[b]{title}{_UPDATED}[/b]", 1)]
            block += sec.lines
        if block:
            kept += ["", *block] if kept else block
    for key, sec in shown.items():
        if key not in now and key != _CARDS and sec.lines:
            block = [f"[b]{key}（撤回）[/b]", "之前发出的这一节已撤回，不再适用"]
            kept += ["", *block] if kept else block
    return kept


def addendum(game: Game, store: Store, draft: Draft) -> Draft:
    """An announcement whose day's announcement was posted already (by this tool): the
    补充 (numbered: 补充一、补充二 …) holding what changed since, section by section — the
    cards added and the cards withdrawn (撤回的卡), each counted (a second identical card is
    a card), and every other section (累计, 计票, 潜水, 电梯) that differs from what the
    forum shows printed whole as it now stands, marked 更新，以此为准 (a partial tally is
    never compared line by line) — naming the posts it follows.  Not a second whole
    announcement.  Nothing changed: refused, saying where the posted ones are."""
    if draft.kind != "announcement":
        return draft
    _check_settled(store, draft)
    rows = [
        r
        for r in store.sent_posts()
        if r.kind == "announcement"
        and r.status == "posted"
        and (r.title == draft.title or r.title.startswith(f"{draft.title}（补充"))
    ]
    if not rows or draft_id([as_posted(p) for p in draft.parts]) in {r.draft for r in rows}:
        return draft  # (the same text again: check_postable says where it went)
    kept = _changes(_sections(draft.text), _on_the_forum(rows))
    if not kept:
        where = posted_where(game, rows)
        raise AlreadyPostedError(f"{draft.title}已经发过，之后没有新的内容：{where}")
    where = posted_where(game, rows, account=False)  # (goes into the forum's text)
    done = {r.draft for r in rows if r.title != draft.title}
    title = f"{draft.title}（补充{ordinal(len(done) + 1)}）"
    first = draft.text.splitlines()[0].replace(draft.title, title, 1)
    text = "\n".join([first, f"{_FOLLOWS}{draft.title}（{where}）：以下是之后的变动。", "", *kept])
    return replace(
        draft,
        title=title,
        text=text + "\n",
        parts=tuple(split_announcement(text + "\n", int(game.forum.maxpostsize))),
    )


def _check_settled(store: Store, draft: Draft) -> None:
    """Refuse a new announcement while an earlier one of the day was maybe posted: its
    latest attempt still sending or of unknown outcome (the same text: the poster settles
    it itself)."""
    ident = draft_id([as_posted(p) for p in draft.parts])
    earlier = {
        r.draft
        for r in store.sent_posts()
        if r.kind == "announcement"
        and r.draft != ident
        and (r.title == draft.title or r.title.startswith(f"{draft.title}（补充"))
    }
    for sent in earlier:
        doubt = [r for r in store.sent_parts(sent).values() if r.status in ("sending", "unknown")]
        if doubt:
            raise NotPostableError(
                f"上一份{doubt[0].title}发到主题 {doubt[0].tid} 的结果不明（可能已发出）："
                "先到论坛核对，没有生成新的公告，以免整份再发一次"
            )


def check_sizes(draft: Draft, limit: int, charset: str) -> None:
    """Every part within the forum's limits as the tool sends it (LF, the page's charset)."""
    for i, part in enumerate(draft.parts, start=1):
        verdict = size_verdict(part, limit, newline=POSTED, charset=charset)
        said = verdict.said(MIN_POST_BYTES, limit)
        if said:
            raise NotPostableError(f"第{i}部分按论坛的字数规则会被拒绝（{said}）：没有发帖")


def process_thread(game: Game) -> int:
    found = [t.tid for t in game.threads if t.kind is ThreadKind.PROCESS]
    if len(found) == 1:
        return found[0]
    if not found:
        raise NotPostableError('游戏文件里没有进程帖（kind = "process"）：请用 --thread 指定主题')
    listed = "、".join(str(t) for t in found)
    raise NotPostableError(f"游戏文件里有几个进程帖（{listed}）：请用 --thread 指定主题")


@contextmanager
def opened_thread(
    game: Game, tid: int, fetcher: Fetcher | None = None
) -> Iterator[tuple[ReplyClient, Target]]:
    """The thread's page opened with the director's own login, and its reply form (a GET:
    nothing is sent)."""
    if fetcher is None:
        fetcher = Fetcher(
            game.forum.url or "",
            delay=game.forum.delay,
            cookies=game.forum.post_cookies,
            deadline=game.forum.deadline,
        )
    with fetcher:
        client = ReplyClient(fetcher, game.timezone)
        yield client, client.target(tid)


def send_draft(
    store: Store, client: ReplyClient, target: Target, draft: Draft, *, ordered_by: str
) -> list[PartResult]:
    """Post the draft's parts in order (each attempt recorded with who commanded it; a part
    not posted stops the rest; a posted part is never sent again)."""
    poster = Poster(store, client, target, draft.kind, draft.title, ordered_by)
    return [_linked(r, client, target.tid) for r in poster.post(draft.parts)]


def _linked(r: PartResult, client: ReplyClient, tid: int) -> PartResult:
    """A posted part says where: the floor's link (``已发出：pid 249`` alone said no place)."""
    if r.status != "posted" or r.pid is None:
        return r
    link = client.fetcher.url(f"forum.php?mod=redirect&goto=findpost&ptid={tid}&pid={r.pid}")
    return replace(r, said=f"{r.said}，在主题 {tid}：{link}")
