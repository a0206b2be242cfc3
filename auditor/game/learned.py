"""A learned reading of the directors' announcements beside the grammar (issue 34, never silent).

The grammar (:mod:`auditor.game.announce`) reads the shapes of the writers it was written
from; on a new writer what it misses is mostly whole items — it does not recognise the
post's KIND.  Two linear models over character n-grams (:mod:`auditor.learned`), trained on
every scored set of labelled announcements (``tests/discovery/blind*``) by
``scripts/train_announce_models.py``, read the words around the shapes instead:

* ``announce_kinds`` — per post, one yes/no per item kind (:data:`KINDS`): does the post
  state an elimination, a sheriff, a substitute, a 加速, a 延时 …?
* ``announce_candidates`` — per roster name the post names (that name → ``Ⓧ``, the sentences
  that hold it): is this the player eliminated by vote, at night, otherwise, piped, or made
  sheriff (:data:`ROLES`)?

The text is prepared the same way in training and reading (:func:`prepare`): NFKC and
traditional → simplified (:func:`auditor.game.fold.fold`), BBCode tags dropped, roster names →
``Ⓝ`` (the candidate → ``Ⓧ``), times and dates → ``Ⓣ``, other digits → ``9``, and the
thread's kind as a first mark — names are never features.

How far the model is trusted (this module's decision):

* **Listed, never silent.**  Where the kind model gives a kind of event at least
  :data:`LIST_AT` and the grammar read no item of that kind from the post, the post is
  listed as 未读懂的公告 naming the kind (:func:`unread_kinds`, :func:`why_kind`): a question
  to the director, with the post's text and link, never an event.
* **Proposed, marked 机读.**  Where, besides, one roster name the post names is that kind's
  player with probability at least :data:`PROPOSE_AT` (and no other name comes close), the
  item is proposed (:func:`proposals`): its day and time from the thread and the post as the
  grammar's own items, shown as 「机读：…」 for the director to confirm.  Never an event the
  tool acts on by itself.  The thresholds were chosen on the leave-one-set-out mean
  (``scripts/discovery_learned_eval.py``), precision first: a false event is worse than a
  question.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

from auditor.game.fold import fold
from auditor.game.when import find_points
from auditor.learned import LinearModel, load_model

if TYPE_CHECKING:
    from datetime import datetime, tzinfo

    from auditor.game.announce import Announced

KIND_MODEL = "announce_kinds"
CANDIDATE_MODEL = "announce_candidates"

# the item kinds the kind model answers (the labelled sets' kinds, retract aside)
KINDS = (
    "day",
    "eliminated",
    "sheriff",
    "substitute",
    "accelerated",
    "delayed",
    "piped",
    "idiot_revealed",
    "no_death",
    "game_over",
)
# the kinds of EVENT a post is listed for when the grammar read none of them (a day's times
# are the time reader's, whose misses why_listed already lists by the time it states)
EVENT_KINDS = KINDS[1:]
# what a named player is, for the candidate model
ROLES = ("vote", "night", "out_other", "piped", "sheriff")
ROLE_KIND = {
    "vote": "eliminated",
    "night": "eliminated",
    "out_other": "eliminated",
    "piped": "piped",
    "sheriff": "sheriff",
}

KIND_WORD = {
    "day": "开关帖时间",
    "eliminated": "出局",
    "sheriff": "警长",
    "substitute": "替补",
    "accelerated": "加速",
    "delayed": "延时",
    "piped": "被吹笛",
    "idiot_revealed": "白痴翻牌",
    "no_death": "平安夜",
    "game_over": "游戏结束",
}
ROLE_WORD = {
    "vote": "投票出局",
    "night": "夜间出局",
    "out_other": "出局",
    "piped": "被吹笛",
    "sheriff": "当选警长",
}

# the kind model's probability from which a kind the grammar read nothing of lists the post
LIST_AT = 0.5
# the candidate model's probability from which its player is proposed (机读)
PROPOSE_AT = 0.5

THREAD_MARK = {
    "process": "Ⓟ",
    "discussion": "Ⓓ",
    "vote": "Ⓥ",
    "rules": "Ⓡ",
    "lastwords": "Ⓛ",
}

_BB_TAG = re.compile(r"\[/?[A-Za-z*]+(?:=[^\]]*)?\]")
_CN = "零〇一二两三四五六七八九十"
_TIME = re.compile(
    r"\d{2,4}\s*年\s*\d{1,2}\s*月\s*\d{1,2}\s*[日号]?"
    r"|\d{1,2}\s*月\s*\d{1,2}\s*[日号]?"
    r"|\d{1,2}\s*[/.-]\s*\d{1,2}(?=\s*(?:\d{1,2}\s*[:：]|[^\d]|$))(?!\s*[:：])"
    r"|\d{1,2}\s*[:：]\s*\d{2}"
    r"|\d{1,2}\s*[点时]\s*(?:\d{1,2}\s*分?|半|整)?"
    rf"|[{_CN}]{{1,3}}\s*[点时]\s*(?:[{_CN}]{{1,3}}\s*分|半|整)?"
)
_DIGITS = re.compile(r"\d+")
_SENTENCE = re.compile(r"[^。！!？?；;\n]+[。！!？?；;]?")


def _names_rx(players: Sequence[str]) -> re.Pattern[str] | None:
    names = sorted({fold(p) for p in players if p.strip()}, key=len, reverse=True)
    if not names:
        return None
    return re.compile("|".join(re.escape(n) for n in names))


@lru_cache(maxsize=64)
def _names(players: tuple[str, ...]) -> re.Pattern[str] | None:
    return _names_rx(players)


def _clean(text: str) -> str:
    return _BB_TAG.sub("", fold(text))


def _marks(text: str) -> str:
    """Times and dates → Ⓣ, other digits → 9 (on a text whose names are marked already)."""
    return _DIGITS.sub("9", _TIME.sub("Ⓣ", text))


def prepare(text: str, players: Sequence[str], thread_kind: str = "") -> str:
    """The post as the kind model reads it (training and reading alike)."""
    rx = _names(tuple(players))
    clean = _clean(text)
    if rx is not None:
        clean = rx.sub("Ⓝ", clean)
    return THREAD_MARK.get(thread_kind, "Ⓞ") + " " + _marks(clean)


def named(text: str, players: Sequence[str]) -> list[str]:
    """The roster names the post names, in order of first appearance (folded spelling)."""
    rx = _names(tuple(players))
    if rx is None:
        return []
    return list(dict.fromkeys(m.group(0) for m in rx.finditer(_clean(text))))


def candidate_text(text: str, players: Sequence[str], thread_kind: str, name: str) -> str:
    """The sentences of the post that hold ``name``, it → Ⓧ and every other name → Ⓝ, as
    the candidate model reads them (training and reading alike)."""
    rx = _names(tuple(players))
    clean = _clean(text)
    parts: list[str] = []
    for m in _SENTENCE.finditer(clean):
        sentence = m.group(0)
        if name not in sentence:
            continue
        marked = rx.sub(lambda n: "Ⓧ" if n.group(0) == name else "Ⓝ", sentence) if rx else sentence
        parts.append(_marks(marked.strip()))
    return THREAD_MARK.get(thread_kind, "Ⓞ") + " " + " ¦ ".join(parts)


def _kind_model() -> LinearModel:
    return load_model(KIND_MODEL)


def _candidate_model() -> LinearModel:
    return load_model(CANDIDATE_MODEL)


def kind_probabilities(
    text: str, players: Sequence[str], thread_kind: str = "", model: LinearModel | None = None
) -> dict[str, float]:
    """The kind model's probability of each item kind for the post."""
    return (model or _kind_model()).probabilities(prepare(text, players, thread_kind))


def unread_kinds(
    text: str,
    players: Sequence[str],
    thread_kind: str,
    read_kinds: Collection[str],
    model: LinearModel | None = None,
    at: float = LIST_AT,
) -> list[str]:
    """The kinds of event the model is confident the post states (≥ :data:`LIST_AT`) and the
    grammar read no item of: the post is listed as 未读懂的公告 naming them."""
    probs = kind_probabilities(text, players, thread_kind, model)
    return confident_kinds(probs, read_kinds, at)


def confident_kinds(
    probs: dict[str, float], read_kinds: Collection[str], at: float = LIST_AT
) -> list[str]:
    """The kinds of event of probability ``at`` or more the grammar read nothing of."""
    return [k for k in EVENT_KINDS if probs[k] >= at and k not in read_kinds]


def why_kind(kinds: Sequence[str]) -> str:
    """The listing's reason in the director's words (机读：像是「出局」公告)."""
    return "机读：像是「" + "」「".join(KIND_WORD[k] for k in kinds) + "」公告，语法没读出"


@dataclass(frozen=True, slots=True)
class Proposed:
    """An item the model proposes (机读): its kind, player, how (eliminations) and the
    candidate model's probability."""

    kind: str
    player: str
    how: str | None
    probability: float

    def says(self) -> str:
        """The proposal as the director sees it (机读：黄瓜 投票出局？)."""
        return f"机读：{self.player} {ROLE_WORD.get(self.how or self.kind, KIND_WORD[self.kind])}？"


def proposals(
    text: str,
    players: Sequence[str],
    thread_kind: str,
    read_kinds: Collection[str],
    kinds: Sequence[str] | None = None,
    kind_model: LinearModel | None = None,
    candidate_model: LinearModel | None = None,
    at: float = PROPOSE_AT,
) -> list[Proposed]:
    """The items the model proposes for the post: for each kind it is confident of
    (:func:`unread_kinds`, or ``kinds`` when given) that a player fills (eliminated, piped,
    sheriff), each roster name it reads as that kind's player (≥ :data:`PROPOSE_AT`)."""
    if kinds is None:
        kinds = unread_kinds(text, players, thread_kind, read_kinds, kind_model)
    wanted = [k for k in kinds if k in ("eliminated", "piped", "sheriff")]
    if not wanted:
        return []
    model = candidate_model or _candidate_model()
    scored: list[tuple[str, dict[str, float]]] = [
        (name, model.probabilities(candidate_text(text, players, thread_kind, name)))
        for name in named(text, players)
    ]
    return proposed(wanted, scored, at)


def proposed(
    kinds: Sequence[str], scored: Sequence[tuple[str, dict[str, float]]], at: float = PROPOSE_AT
) -> list[Proposed]:
    """For each of ``kinds`` a player fills, each name (with the candidate model's
    probabilities of its roles) that is that kind's player with probability ``at`` or more."""
    wanted = [k for k in kinds if k in ("eliminated", "piped", "sheriff")]
    out: list[Proposed] = []
    for kind in wanted:
        roles = [r for r, k in ROLE_KIND.items() if k == kind]
        for name, probs in scored:
            p = max(probs[r] for r in roles)
            if p >= at:
                how = max(roles, key=lambda r: probs[r]) if kind == "eliminated" else None
                out.append(Proposed(kind, name, how, p))
    return out


def second_reading(
    players: Sequence[str],
    text: str,
    thread_kind: str,
    said: Sequence[Announced],
    posted_at: datetime,
    tz: tzinfo,
) -> tuple[list[str], list[Proposed]]:
    """Discovery's second reading of a director's post (``auditor.game.discover``, where a
    post's items are read): the kinds of event the model is confident the post states and
    the grammar read none of (``said``, and a 延时 its times give), and the items it proposes
    for them (机读).  Non-empty kinds: the post is listed as 未读懂的公告, never silent; the
    model is loaded only when a post is asked about."""
    read = {str(a.type) for a in said}
    kinds = unread_kinds(text, players, thread_kind, read)
    if "delayed" in kinds and any(p.delay for p in find_points(text, posted_at, tz)):
        kinds.remove("delayed")  # the time reader read the new close
    if not kinds:
        return [], []
    return kinds, proposals(text, players, thread_kind, read, kinds=kinds)
