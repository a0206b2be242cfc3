"""The director's drafts and their posting, shared by the command line (``auditor post``)
and the desk (发布到进程帖): the draft of a kind at a time, whether and where it may be
posted, the thread opened as the director's own login (``[forum] post_cookies``) and the
parts sent (:mod:`auditor.forum.post`).  Nothing here asks the director: the callers show
the exact text and the thread and post only on his command."""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace
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
    if not game.forum.url:
        raise NotPostableError("游戏文件 [forum] 没有 url（论坛地址）：不能发帖")
    if game.forum.post_cookies is None:
        raise NotPostableError(
            "游戏文件 [forum] 没有 post_cookies：发帖要用导演自己的登录 cookies"
            "（抓取用的 cookies 可能是观众的，不会拿来发帖）"
        )
    done = store.sent_parts(draft_id([as_posted(p) for p in draft.parts]))
    if len(done) == len(draft.parts) and all(r.status == "posted" for r in done.values()):
        raise AlreadyPostedError(
            f"这份{draft.title}已经发过，不再发送：{posted_where(game, list(done.values()))}"
        )
    return thread if thread is not None else process_thread(game)


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
        said.append(
            f"{which}{when} "
            + (f"由 {r.account or '?'} " if account else "")
            + f"发到主题 {r.tid}（pid {r.pid}）"
            + (f" {link}" if link else "")
        )
    return "；".join(said)


_HEADER = re.compile(r"^\[b\][^\n]*\[/b\]")


def addendum(game: Game, store: Store, draft: Draft) -> Draft:
    """An announcement whose day's announcement was posted already (by this tool): the
    补充 holding only the lines not yet posted, under their sections' headers, naming the
    post it follows — not a second whole announcement.  Nothing new: refused, saying where
    the posted one is."""
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
    said = {line.strip() for r in rows for line in r.text.splitlines()}
    kept: list[str] = []
    header = ""
    for line in draft.text.splitlines()[1:]:  # (the first line is the title)
        text = line.strip()
        if _HEADER.match(text):
            header = line
        elif text and text not in said:
            if header:
                kept += ["", header] if kept else [header]
                header = ""
            kept.append(line)
    if not kept:
        where = posted_where(game, rows)
        raise AlreadyPostedError(f"{draft.title}已经发过，之后没有新的内容：{where}")
    where = posted_where(game, rows, account=False)  # (goes into the forum's text)
    title = f"{draft.title}（补充）"
    first = draft.text.splitlines()[0].replace(draft.title, title, 1)
    text = "\n".join([first, f"接已发出的{draft.title}（{where}）：以下是之后新增的。", "", *kept])
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
