"""Each player's avatar picture, fetched at most once a night during the game (PROFILE-AVATAR).

M107 违规判定 6(2)“禁止玩家使用头像、签名档透露信息”; 030 违规判定 6(4).  A stock X3.5 page
links every avatar through ``uc_server/avatar.php?uid=N&size=middle``, the same URL whatever
the picture (UCenter redirects it to ``data/avatar/…/NN_avatar_middle.jpg``), so the picture
itself is compared: its SHA-256 is stored per player and night.

Cost: one request a night per player (plus UCenter's redirect), conditional where the
server gives validators: the last fetch's ``ETag`` as ``If-None-Match`` and its
``Last-Modified`` as ``If-Modified-Since``, so an unchanged picture is a 304 without a body
and keeps the last hash.  The URL is the one the player's latest page showed; a player seen
on no page yet has none to fetch, and a picture on another host than the forum's is not
fetched (the crawl talks to the forum only): such avatars are compared by URL.  A picture that cannot be fetched (404, network) is
skipped for the night: it is not a change.  Only over HTTP: a saved-pages folder uses the
pictures the browser saved beside its pages (:mod:`auditor.forum.crawl`).
"""

from __future__ import annotations

import hashlib
import logging
from datetime import datetime
from urllib.parse import urlsplit

from auditor.errors import PageError
from auditor.forum.spaces import latest_profile, night_of, player_uids
from auditor.game.gamefile import Game
from auditor.store import Store

log = logging.getLogger(__name__)


def read_avatars(
    game: Game,
    store: Store,
    fetcher: object,
    *,
    now: datetime,
    run_id: int | None,
) -> int:
    """Fetch the pictures that are due this night; return the number of requests made."""
    night = night_of(game, now)
    if night is None:
        return 0
    shown: dict[int, str] = latest_profile(store, "avatar_url")
    last = store.avatar_fetches()
    forum_host = urlsplit(fetcher.url("")).hostname  # type: ignore[attr-defined]
    before_count = fetcher.request_count  # type: ignore[attr-defined]
    for player, uid in player_uids(game, store).items():
        url = shown.get(uid)
        if url is None or urlsplit(fetcher.url(url)).hostname != forum_host:  # type: ignore[attr-defined]
            continue
        before = last.get(uid)
        if before is not None and before["night"] == night:
            continue  # fetched this night already
        headers: dict[str, str] = {}
        if before is not None and before["url"] == url:
            if before["etag"]:
                headers["If-None-Match"] = before["etag"]
            if before["last_modified"]:
                headers["If-Modified-Since"] = before["last_modified"]
        try:
            got = fetcher.get_file(url, headers)  # type: ignore[attr-defined]
        except PageError as exc:
            log.warning("%s 的头像没有读到：%s", player, exc)
            continue
        if got.status == 304 and before is not None:
            digest = str(before["sha256"])
            etag = got.etag or before["etag"]
            modified = got.last_modified or before["last_modified"]
        elif got.status == 200 and got.body:
            digest = hashlib.sha256(got.body).hexdigest()
            etag, modified = got.etag, got.last_modified
        else:
            log.warning("%s 的头像没有读到：HTTP %s %s", player, got.status, got.url)
            continue
        store.record_avatar(
            uid=uid,
            night=night,
            url=url,
            fetched_at=now,  # the crawl's time, as the posts lists' reads
            status=got.status,
            etag=etag,
            last_modified=modified,
            sha256=digest,
            run_id=run_id,
        )
    return int(fetcher.request_count) - int(before_count)  # type: ignore[attr-defined]
