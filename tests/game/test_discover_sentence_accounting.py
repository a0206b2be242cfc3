"""A director's post accounted for sentence by sentence (issue 34, never silent; session 41
round 2): a sentence that names a roster player yields an item about that player, or is
undone, or the post is listed (未读懂的公告) — even when another sentence of the same post
was read.

- An item read from another sentence accounts for a player named again only as a
  restatement (X 出局。X 是猎人): when this sentence states a fact of another kind (the badge,
  the muting, a substitute) that no item about the player is, it is a second event, unread.
- A name after a relative clause of what was done to it (昨天被请出去的 X 是狼) is the one
  who underwent it, not an actor: the role said after the name does not undo the clause.
- A close's clock moved by an arrow under one label (关帖 21:30 → 22:00) is a change of the
  close, not a range: listed for the director to confirm.

Every case is written for these tests (no set's sentence), each beside its negative twins.
"""

from __future__ import annotations

import pytest

from auditor.game.announce import Patterns
from auditor.game.gamefile import EventType

PLAYERS = ["铁锅", "砂锅", "蒸笼", "竹筷", "瓷碗", "木勺"]
P = Patterns(PLAYERS)


@pytest.mark.parametrize(
    "text",
    [
        # the player read in one sentence, muted in the next: the muting is unread
        "铁锅 出局。\n铁锅 的替补 砂锅 今天也是 Lv.3。",
        # a vote-out said as a relative clause in a long sentence that gave a quiet night
        "第五天开门，昨晚平安夜，没人出局，昨天被大家请出去的 蒸笼 是狼，狼还剩一个。",
        # a close moved by an arrow under its label
        "【通知】今天关帖 21:30 → 22:00。",
        "截止：22:15→22:45，以此为准。",
    ],
)
def test_a_sentence_with_an_unread_fact_lists_the_post(text: str) -> None:
    assert P.read(text)[1]


@pytest.mark.parametrize(
    "text",
    [
        # a restatement of the player's own fact in the next sentence
        "昨晚 铁锅 出局。\n铁锅 是猎人，没有开枪。",
        # a role said of an actor (no relative clause of what was done to him)
        "第五天开门，昨晚平安夜，没人出局。",
        # an hour range by arrow: an opening's label and a close's
        "今天 开帖 09:00 → 关帖 21:30。",
    ],
)
def test_a_restatement_or_a_range_is_not_listed_for_it(text: str) -> None:
    assert P.read(text)[1] == []


def _handover(text: str) -> tuple[int | None, int]:
    (a,) = [a for a in P.find(text) if a.type is EventType.SHERIFF]
    return a.day, a.offset


def test_a_handover_restated_goes_with_the_death_its_clause_says_the_holder_went_by() -> None:
    """A restatement of a standing fact is no new event (L0015's kind): the badge handed on
    as its holder was voted out yesterday is yesterday's, not the day of the night's death
    told after it; without a word of how the holder went, the death before it."""
    vote = next(a for a in P.find("昨天投出了 铁锅。") if a.type is EventType.ELIMINATED)
    said = "昨天投出了 铁锅。昨夜出局：砂锅。\n铁锅 是警长，他被投出的时候把警徽交给了 蒸笼，这里再说一次。"
    assert _handover(said) == (vote.day, vote.offset)
    night = "昨天投出了 铁锅。昨夜出局：砂锅。\n砂锅 是警长，临终把警徽交给了 蒸笼。"
    assert _handover(night) == (None, 0)
