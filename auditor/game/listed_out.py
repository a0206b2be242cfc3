"""Who the game's own posts put out, whatever the announcement's words (issue 34, never
silent; session 50).

The grammar and the learned reading read what a director wrote about a death; a director
who writes his own way (退件：X, X 跳闸, 钵钵死忒哩) passes both.  Two things the game's
threads show do not depend on those words, and each is asked as a QUESTION (a problem of the
game's state, said with the others: never an event by itself, never applied):

* **a director's list** (:func:`listed`): a line of a director's post that lists the dead
  or out (``死亡名单：A、B``, ``已出局：A``, ``出局玩家（2）：A B``) naming a player the state
  does not know to be out, or a list of the living (``存活（7）：…``, ``场上剩余：…``) that
  leaves out a roster player the state does not know to be out: 「X 被导演的帖子列为出局
  （链接）：出局了？」 / 「X 不在导演帖子的存活名单里（链接）：出局了？」.  Seeds: the
  directors post the living and the dead (000 公示; 002 每日公布存活玩家).
* **last words** (:func:`last_words`): a roster player with a post in the game's 遗言帖
  and none in its process, discussion or vote threads after it, whom the state does not
  know to be out: 「X 在遗言帖发了言（链接），之后没有在游戏帖发言：出局了？」 (000 出局
  玩家在遗言帖留遗言; the dead do not post elsewhere, 000 6、发帖与诈尸).

Out means eliminated by now, or a seat taken over by a substitute (the one who left).
Measured with ``python3 scripts/silent_nights.py --evidence`` (per night: each missed
elimination or substitute told or not; the questions asked when the state is right).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Protocol

from auditor.game.evidence import SPOKEN_IN, Said, among_problems, out_by
from auditor.game.fold import fold
from auditor.game.gamefile import ThreadKind
from auditor.urls import findpost_link

if TYPE_CHECKING:
    from auditor.game.gamefile import Event, Game


_COUNT = r"\s*(?:[（(]\s*(?:共\s*)?\d{1,2}\s*人?\s*[)）])?\s*"
#: a list's header naming the dead / out, then a colon: the names follow to the line's end
_DEAD_HEAD = re.compile(
    r"(?:死亡|出局|阵亡|淘汰|离场|已死亡?|已出局|已阵亡|已淘汰|已离场|墓地|死者|亡者|已故|场外)"
    r"(?:玩家|人员|名单|者|列表|的人|的玩家)?" + _COUNT + r"[:：]"
)
#: a list's header naming the living, then a colon
_LIVING_HEAD = re.compile(
    r"(?:存活|幸存|在场|场上|活着|剩余|剩下|现存|尚存|仍在场)(?:的)?"
    r"(?:玩家|人员|名单|者|列表|的人|人数)?" + _COUNT + r"[:：]"
)
#: what undoes a list line: a question, a supposition, a rule's example
_UNDOING = re.compile(r"[？?]|如果|假如|若|的话|例如|比如|示例|格式|模板")
_CORRECTED = re.compile(
    r"更正|订正|訂正|纠正|糾正|改为|改為|应为|應為|有误|有誤|写错|寫錯|不是|唔係|并非|並非|误报|誤報"
)
_BBCODE = re.compile(r"\[/?[a-z]+(?:=[^\]]*)?\]", re.I)
_QUOTE = re.compile(r"\[quote\].*?\[/quote\]", re.I | re.S)
_BRACKETED = re.compile(r"[（(【\[][^）)】\]]{0,16}[）)】\]]")
_WORDS = re.compile(r"[^\W\d_]", re.U)
#: a list line holds at most this many letters besides its names (和, 及, 等, 共)
LIST_WORDS = 3
#: a living list names at least this share of the roster (a line naming two players is
#: no list of the living: 场上剩余的狼：A、B is a count of a kind)
LIVING_SHARE = 0.5
#: at most this many of a question's posts are linked
LINKS = 2


class Posted(Said, Protocol):
    """A post as this module needs it (:class:`auditor.models.Post` is one): the evidence's
    post, with its text."""

    @property
    def text(self) -> str: ...


@dataclass(frozen=True, slots=True)
class Listed:
    """A player the game's posts put out and the state does not: ``why`` is dead (a list
    of the dead names him), living (a list of the living leaves him out) or lastwords."""

    player: str
    why: str
    posts: tuple[tuple[int, int], ...] = ()  # (tid, pid) of the posts that show it

    def says(self, base: str | None = None) -> str:
        links = "、".join(findpost_link(base, t, p) or f"pid {p}" for t, p in self.posts)
        where = f"（{links}）" if links else ""
        if self.why == "dead":
            return f"{self.player} 被导演的帖子列为出局{where}：出局了？"
        if self.why == "living":
            return f"{self.player} 不在导演帖子的存活名单里{where}：出局了？"
        return f"{self.player} 在遗言帖发了言{where}，之后没有在游戏帖发言：出局了？"


#: the lines of :meth:`Listed.says` (a script that measures them reads them back)
SAID = re.compile(r"^(.+?) (?:被导演的帖子列为出局|不在导演帖子的存活名单里|在遗言帖发了言)")


def _plain(text: str) -> str:
    return _BBCODE.sub(" ", _QUOTE.sub(" ", text))


def _named(players: Sequence[str], text: str) -> list[str]:
    """The roster players ``text`` lists (a longer name first: 小明 inside 小明明 is not
    小明); none when ``text`` is no bare list — more words than names and separators (饺子
    投的是 土豆，所以 土豆 出局: a sentence, not a list)."""
    left = fold(_BRACKETED.sub(" ", text))
    out: list[str] = []
    for p in sorted(players, key=lambda q: -len(fold(q))):
        key = fold(p)
        if key and key in left:
            out.append(p)
            left = left.replace(key, " ")
    return out if len(_WORDS.findall(left)) <= LIST_WORDS else []


def _list_lines(text: str) -> Iterable[tuple[str, str]]:
    """Each list line of ``text``: (dead | living, the names' part after its header)."""
    for line in re.split(r"[\n\r。；;！!]+", _plain(text)):
        if _UNDOING.search(line):
            continue
        for kind, head in (("dead", _DEAD_HEAD), ("living", _LIVING_HEAD)):
            m = head.search(line)
            if m is not None:
                yield kind, line[m.end() :]
                break


def _taken_back(
    player: str, pid: int, said: set[str], posts: Sequence[Posted], now: datetime
) -> bool:
    """A director's post from ``pid`` on names ``player`` with a correction (更正：昨晚出局
    嘅係 雞蛋仔，唔係絲襪奶): the list's word is not the last."""
    name = fold(player)
    return any(
        p.pid is not None
        and p.pid >= pid
        and p.posted_at <= now
        and fold(p.author) in said
        and name in fold(p.text)
        and _CORRECTED.search(p.text) is not None
        for p in posts
    )


def listed(
    players: Sequence[str],
    directors: Iterable[str],
    events: Sequence[Event],
    posts: Sequence[Posted],
    now: datetime,
) -> list[Listed]:
    """The players a director's list (module docstring) puts out by ``now`` and the state
    does not: ``posts`` are the game threads' posts (any kind)."""
    said = {fold(d) for d in directors}
    roster = [p for p in players if fold(p) not in said]
    found: dict[tuple[str, str], list[tuple[int, int]]] = {}
    for post in sorted(posts, key=lambda p: p.posted_at):
        if post.posted_at > now or fold(post.author) not in said or post.pid is None:
            continue
        for kind, names in _list_lines(post.text):
            named = _named(roster, names)
            if kind == "dead":
                hit = named
            elif len(named) >= LIVING_SHARE * len(roster):
                hit = [p for p in roster if p not in named]
            else:
                continue
            for p in hit:
                found.setdefault((p, kind), []).append((post.tid, post.pid))
    out: list[Listed] = []
    for (player, kind), where in found.items():
        if out_by(player, events, now):
            continue
        if kind == "living" and (player, "dead") in found:
            continue
        if _taken_back(player, where[-1][1], said, posts, now):
            continue
        out.append(Listed(player, kind, tuple(dict.fromkeys(where))[-LINKS:]))
    return out


def last_words(
    players: Sequence[str],
    directors: Iterable[str],
    events: Sequence[Event],
    posts: Sequence[Posted],
    kinds: Mapping[int, ThreadKind],
    now: datetime,
) -> list[Listed]:
    """The players with a post in a 遗言帖 and none in the game's threads after it
    (module docstring) whom the state does not know to be out by ``now``."""
    said = {fold(d) for d in directors}
    first: dict[str, Posted] = {}
    last_spoken: dict[str, datetime] = {}
    for post in sorted(posts, key=lambda p: p.posted_at):
        if post.posted_at > now:
            continue
        who = fold(post.author)
        kind = kinds.get(post.tid)
        if kind is ThreadKind.LASTWORDS:
            first.setdefault(who, post)
        elif kind in SPOKEN_IN:
            last_spoken[who] = post.posted_at
    out: list[Listed] = []
    for player in players:
        who = fold(player)
        words = first.get(who)
        if words is None or who in said or out_by(player, events, now):
            continue
        spoke = last_spoken.get(who)
        if spoke is not None and spoke > words.posted_at:
            continue
        where = ((words.tid, words.pid),) if words.pid is not None else ()
        out.append(Listed(player, "lastwords", where))
    return out


def questions_of(
    players: Sequence[str],
    directors: Iterable[str],
    events: Sequence[Event],
    posts: Sequence[Posted],
    kinds: Mapping[int, ThreadKind],
    now: datetime,
) -> list[Listed]:
    """:func:`listed` then :func:`last_words`, one question a player."""
    directors = tuple(directors)
    out = listed(players, directors, events, posts, now)
    seen = {fold(x.player) for x in out}
    out += [
        x
        for x in last_words(players, directors, events, posts, kinds, now)
        if fold(x.player) not in seen
    ]
    return out


def questions(game: Game, store: object, now: datetime) -> list[str]:
    """What the game's posts ask the director now (the state's problems' words)."""
    if game.ended is not None and game.ended <= now:
        return []
    base = game.forum.url if game.forum is not None else None
    kinds = {t.tid: t.kind for t in game.threads}
    posts: list[Posted] = []
    for t in game.threads:
        posts += [sp.post for sp in store.posts(tid=t.tid, tz=game.timezone)]  # type: ignore[attr-defined]
    found = questions_of(game.players, game.directors, game.events, posts, kinds, now)
    return [x.says(base) for x in found]


#: the last questions asked: (discovery key, now, the store's post count) -> the lines
_ASKED: dict[tuple[str, str, int], list[str]] = {}


def asked(game: Game, store: object, key: str, now: datetime) -> Game:
    """``game`` with :func:`questions` among its discovery's problems (the state's
    problems: said first in the audit line, at the top of the report, in ``auditor game``
    and the desk).  Held for the same discovery, clock and posts."""
    memo = (key, now.isoformat(), int(store.post_count()))  # type: ignore[attr-defined]
    return among_problems(game, _ASKED, memo, lambda: questions(game, store, now))
