"""The director's drafts and their posting, shared by the command line (``auditor post``)
and the desk (发布到进程帖): the draft of a kind at a time, whether and where it may be
posted, the thread opened as the director's own login (``[forum] post_cookies``) and the
parts sent (:mod:`auditor.forum.post`).  Nothing here asks the director: the callers show
the exact text and the thread and post only on his command."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
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
from auditor.report.parts import MIN_POST_BYTES, POSTED, size_verdict
from auditor.report.records import build_records
from auditor.rules.engine import build_context

if TYPE_CHECKING:
    from auditor.rules.ruleset import RuleSet
    from auditor.store import Store

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
        return announcement_draft(records)
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
        where = "；".join(
            f"第{r.part}/{r.parts}部分：{r.finished_at} 由 {r.account} 发到主题 {r.tid}（pid {r.pid}）"
            for r in done.values()
        )
        raise NotPostableError(f"这份{draft.title}已经发过，不再发送。{where}")
    return thread if thread is not None else process_thread(game)


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
    return poster.post(draft.parts)
