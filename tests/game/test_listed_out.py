"""Who the game's own posts put out (auditor.game.listed_out): a director's list of the dead
or the living, last words — questions only, never an event (cases written here)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from zoneinfo import ZoneInfo

from auditor.game import listed_out
from auditor.game.gamefile import Event, EventType, ThreadKind

TZ = ZoneInfo("Asia/Shanghai")
PLAYERS = ("饺子", "包子", "馄饨", "豆浆", "油条", "烧卖")
DIRECTOR = "老K"
KINDS = {10: ThreadKind.PROCESS, 11: ThreadKind.DISCUSSION, 12: ThreadKind.LASTWORDS}
NOW = datetime(2026, 11, 6, 12, tzinfo=TZ)


@dataclass(frozen=True)
class P:
    author: str
    posted_at: datetime
    text: str = ""
    tid: int = 10
    pid: int | None = 1


def at(day: int, hour: int) -> datetime:
    return datetime(2026, 11, day, hour, tzinfo=TZ)


def ask(posts: list[P], events: tuple[Event, ...] = ()) -> list[tuple[str, str]]:
    found = listed_out.questions_of(PLAYERS, (DIRECTOR,), events, posts, KINDS, NOW)
    return [(x.player, x.why) for x in found]


def test_a_list_of_the_dead_asks_of_a_player_the_state_has_not_out() -> None:
    post = P(DIRECTOR, at(4, 9), "第二天开门\n死亡名单：饺子、馄饨\n今晚十点关门", pid=7)
    assert ask([post]) == [("饺子", "dead"), ("馄饨", "dead")]
    # the state has 饺子 out: only 馄饨 is asked of
    out = Event(EventType.ELIMINATED, "饺子", at(3, 22), "vote")
    assert ask([post], (out,)) == [("馄饨", "dead")]
    said = listed_out.questions_of(PLAYERS, (DIRECTOR,), (out,), [post], KINDS, NOW)[0].says()
    assert said.startswith("馄饨 被导演的帖子列为出局（pid 7）：出局了？")
    assert listed_out.SAID.match(said)


def test_a_list_of_the_living_asks_of_whom_it_leaves_out() -> None:
    post = P(DIRECTOR, at(4, 9), "存活（4）：饺子 包子 豆浆 油条", pid=8)
    assert ask([post]) == [("馄饨", "living"), ("烧卖", "living")]
    gone = Event(EventType.SUBSTITUTE, "烧卖", at(4, 8), value="新人")
    assert ask([post], (gone,)) == [("馄饨", "living")]


def test_no_list_no_question() -> None:
    # a sentence, a question, a supposition, a player's post, a corrected list
    assert (
        ask([P(DIRECTOR, at(4, 9), "出局：饺子投的是 包子，所以 包子 出局，馄饨 没有出局")]) == []
    )
    assert ask([P(DIRECTOR, at(4, 9), "出局名单：饺子？")]) == []
    assert ask([P(DIRECTOR, at(4, 9), "如果有人潜水，出局：饺子")]) == []
    assert ask([P("包子", at(4, 9), "死亡名单：饺子")]) == []
    assert ask([P(DIRECTOR, at(4, 9), "存活：饺子、包子")]) == []  # two of six: no living list
    fixed = [
        P(DIRECTOR, at(4, 9), "昨晚出局：饺子", pid=3),
        P(DIRECTOR, at(4, 10), "更正：昨晚出局的是包子，不是饺子", pid=4),
    ]
    assert ("饺子", "dead") not in ask(fixed)


def test_last_words_and_nothing_after() -> None:
    posts = [
        P("饺子", at(3, 10), "我是好人", tid=11, pid=20),
        P("饺子", at(4, 8), "遗言：我是预言家", tid=12, pid=21),
    ]
    assert ask(posts) == [("饺子", "lastwords")]
    # he spoke in the game after it: a comment, not his last words
    assert ask([*posts, P("饺子", at(4, 11), "继续", tid=11, pid=22)]) == []
    out = Event(EventType.ELIMINATED, "饺子", at(3, 22), "vote")
    assert ask(posts, (out,)) == []
