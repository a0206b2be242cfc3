"""The days a game file states run from day 1 on: confirming a later discovered day confirms
the ones before it first (the desk's and ``auditor game --confirm``'s)."""

from __future__ import annotations

from auditor import pipeline
from auditor.game.gamefile import DaySpec, Game
from auditor.store import Store


def days_before(game: Game, store: Store, ident: str, *, by: str | None) -> str:
    """A game file states its days from day 1 on: confirming (or correcting) a discovered
    day first confirms, as they stand, the discovered days before it that the file does not
    state yet — instead of refusing and losing what the director typed.  Returns what it
    confirmed, in words (empty when there was none)."""
    waiting = pipeline.pending(game, store)
    found = next((p for p in waiting if p.id == ident.strip().upper()), None)
    if found is None or not isinstance(found.item, DaySpec):
        return ""
    number = found.item.number
    earlier = sorted(
        (q for q in waiting if q.kind == "day" and isinstance(q.item, DaySpec)
         and q.item.number < number),
        key=lambda q: q.item.number,  # type: ignore[union-attr]
    )  # fmt: skip
    said = []
    for q in earlier:
        pipeline.confirm(game, store, q.id, by=by)
        said.append(f"{q.describe()}（{q.id}）")
    if not said:
        return ""
    return f"游戏文件里的天要从第1天起连续，所以先照原样确认了：{'；'.join(said)}。"
