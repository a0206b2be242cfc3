"""Each player's own posts lists, read once a night during the game (POST-OUTSIDE).

M107 违规判定 6(3)“禁止玩家使用游戏账号在版杀游戏相关的讨论帖、投票帖、规则帖、进程帖以外的帖子
中发言”; 030 违规判定 6(3)“在当场版杀以外的帖子中发言”.  Discuz! lists a member's replies and
threads at ``home.php?mod=space&uid=U&do=thread&view=me&type=reply|thread`` (the links of the
author panel on every desktop thread page).  The parser follows the documented X3.5
template, not a capture (:mod:`auditor.forum.parse.space`).

Cost: one request a night per player for the replies list; the threads list is read again
only when the 主题 count the author panel showed on the game's pages changed since the last
read of it (or was never seen), so an unchanged profile costs one request.  Only the first
page of each list is read (the 20 newest); reading stops at the first login, permission
or network problem (the same answer would come for every player), which is stored for
the report.  Over HTTP; in a saved-pages folder the lists the director saved are read by
the saved-pages crawl (:mod:`auditor.forum.crawl`), each as one read at its capture time.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from auditor.errors import PageError
from auditor.forum.parse.space import parse_space
from auditor.game.gamefile import Game
from auditor.store import Store

VIEWS = ("reply", "thread")


def space_url(uid: int, view: str) -> str:
    """As the author panel of a desktop thread page links it."""
    return f"home.php?mod=space&uid={uid}&do=thread&view=me&type={view}&from=space"


def night_of(game: Game, now: datetime) -> int | None:
    """The game nights are counted by the days closed so far; None outside the game (before
    day 1 opens, or more than a day after the last day closed)."""
    if not game.days:
        return None
    start = game.days[0].opens
    end = max(d.closes for d in game.days)
    if now < start or now > end + timedelta(days=1):
        return None
    return sum(1 for d in game.days if d.closes <= now)


def player_uids(game: Game, store: Store) -> dict[str, int]:
    """Each player's uid: the game file's, else the one their stored posts carry."""
    out = dict(game.uids)
    for author, uid in store.author_uids().items():
        if author in game.players:
            out.setdefault(author, uid)
    return {p: out[p] for p in game.players if p in out}


def latest_profile(store: Store, column: str) -> dict[int, Any]:
    """Each uid's latest recorded ``column`` of the profiles table (``threads``,
    ``avatar_url``): the value on the latest page that showed one."""
    return store.latest_profile(column)


def read_spaces(
    game: Game,
    store: Store,
    fetcher: object,
    *,
    now: datetime,
    run_id: int | None,
) -> int:
    """Read the lists that are due this night; return the number of requests made."""
    night = night_of(game, now)
    if night is None:
        return 0
    last: dict[tuple[int, str], tuple[int, int | None]] = {}
    for r in store.space_reads():
        last[(r.uid, r.view)] = (r.night, r.threads)
    threads_now = latest_profile(store, "threads")
    uids = player_uids(game, store)
    requests = 0
    problem = ""
    for player in game.players:
        uid = uids.get(player)
        if uid is None:
            continue  # no uid in the game file and no post yet: nothing to read by
        for view in VIEWS:
            before = last.get((uid, view))
            if before is not None and before[0] == night:
                continue  # read this night already
            count = threads_now.get(uid)
            if view == "thread" and before is not None and count is not None and count == before[1]:
                continue  # the 主题 count is what it was at the last read: nothing new
            url = space_url(uid, view)
            try:
                page = fetcher.get(url)  # type: ignore[attr-defined]
                requests += 1
                parsed = parse_space(page)
            except PageError as exc:
                problem = f"{player} 的{'回复' if view == 'reply' else '主题'}列表：{exc}"
                store.state.space_problem = problem
                return requests
            store.record_space_read(
                uid=uid,
                view=view,
                night=night,
                read_at=now,
                url=page.url,
                threads=count,
                items=parsed.items,
                run_id=run_id,
            )
    store.state.space_problem = problem
    return requests
