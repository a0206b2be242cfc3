"""Vote procedures: how a day's votes become an outcome.  One strategy per procedure:

* :class:`Plurality` (M107, 030, M39; ``vote_procedure = "plurality"``): one window per
  day.  The first day elects the sheriff, "最先获得投票数最多" — among the top, the one who
  has held the final top count since the earliest moment.  Later days: a single top is out
  (or, when the game file records the idiot's 装傻 at that close, ``idiot_revealed``); ties
  follow ``tie_break``: ``none`` (nobody), ``sheriff_target`` (the sheriff's valid vote
  target is out, whoever it is; no valid sheriff vote or 弃权 → nobody; M107 流程 4, 030),
  ``sheriff_target_if_tied`` (only when that target is among the tied).  The sheriff's
  vote carries ``sheriff_weight``.

* :class:`KillbarRounds` (版杀7 4.1.2; ``vote_procedure = "killbar3"``, the KILLBAR 3.0
  rules): up to three rounds, one per phase of the day (the phase's ``vote_thread`` and
  window): 试探性投票 (all living players; more than ``vote_suspect_share`` of
  ``vote_suspect_base`` makes a suspect; fewer than two suspects → everyone is), 可疑者辩论
  投票 (among the suspects: the single top dies, a tie goes to 对决; when everyone is a
  suspect, only more than half dies), 高票对决投票 (among the tied: the single top dies, a
  tie → nobody).  More than half of ``vote_majority_base`` in any round dies at once and
  ends the day.  The seed gives no denominator: both default to ``alive`` (the living
  voters of the round); ``cast`` uses the valid ballots cast (弃权 included: "弃权票也视为
  一次投票").  There is no sheriff: every vote weighs 1.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import ClassVar

from auditor.game.gamefile import DaySpec
from auditor.rules.base import Context
from auditor.rules.votebook.model import (
    ABSTAIN,
    CORRECT_HINT,
    ROUND_NAMES,
    Ballot,
    DayVotes,
    Declared,
    RoundTally,
    VoteSettings,
    Window,
    num,
)
from auditor.rules.votebook.tally import (
    check_events,
    check_sheriff,
    first_to_reach,
    out_kind,
    tops_of,
)


@dataclass(frozen=True, slots=True)
class RoundState:
    """What a round hands the next: its candidates (None: every living player), and
    whether everyone became a suspect (killbar7 round 1)."""

    candidates: tuple[str, ...] | None = None
    everyone: bool = False


@dataclass(frozen=True, slots=True)
class Decision:
    """What a procedure needs to decide one round."""

    ctx: Context
    st: VoteSettings
    dv: DayVotes
    rt: RoundTally
    ballots: Sequence[Ballot]  # the window's judged ballots, in posting order
    final: Mapping[str, Ballot]  # each voter's standing ballot
    eligible: Sequence[str]
    state: RoundState
    first_day: bool
    # killbar7: what the director's posts declare the next round's candidates to be (None: no
    # next round held, nothing to compare)
    declared: Declared | None = None


class VoteProcedure:
    """A vote procedure's steps; :func:`procedure_for` picks one by ``vote_procedure``."""

    code: ClassVar[str]

    def windows(self, day: DaySpec, tids: tuple[int, ...]) -> list[Window]:
        raise NotImplementedError

    def sheriff_weight(self, st: VoteSettings) -> float:
        """What the sheriff's standing vote carries."""
        raise NotImplementedError

    def decide(self, d: Decision) -> None:
        """Set the round's outcome, reason and next candidates."""
        raise NotImplementedError

    def next_round(self, rt: RoundTally, w: Window, eligible: Sequence[str]) -> RoundState | None:
        """The state the next round starts from, or None when the day's voting is over."""
        raise NotImplementedError

    def unfinished(self, ctx: Context, dv: DayVotes) -> None:
        """The day's rounds ran out before its voting was over (a round's window missing):
        its last round is checked against the day's recorded vote-outs all the same."""


class Plurality(VoteProcedure):
    code = "plurality"

    def windows(self, day: DaySpec, tids: tuple[int, ...]) -> list[Window]:
        return [Window(None, frozenset(tids), day.opens, day.closes, "计票")]

    def sheriff_weight(self, st: VoteSettings) -> float:
        return st.sheriff_weight

    def next_round(self, rt: RoundTally, w: Window, eligible: Sequence[str]) -> RoundState | None:
        return None

    def decide(self, d: Decision) -> None:
        rt = d.rt
        if not rt.counts:
            rt.reason = "没有有效票"
            # ballots were cast and none is valid: a result the director posts anyway is
            # asked, never taken silently (a thread with no ballot at all has no tally)
            if d.ballots:
                rt.reason += (
                    check_sheriff(d.ctx, d.dv, rt, None)
                    if d.first_day
                    else check_events(d.ctx, d.dv, rt)
                )
            return
        top, tops = tops_of(rt.counts)
        shown = "、".join(f"{t} {num(top)} 票" for t in tops)
        if d.first_day:
            self._elect(d, top, tops, shown)
        elif len(tops) == 1:
            out = tops[0]
            rt.outcome[out] = out_kind(d.ctx, out, d.dv)
            rt.reason = f"{out} 最高票（{num(top)} 票）" + (
                "，白痴翻牌免于出局" if rt.outcome[out] == "idiot_revealed" else "出局"
            )
            rt.reason += check_events(d.ctx, d.dv, rt)
        else:
            self._tie(d, tops, shown)
            rt.reason += check_events(d.ctx, d.dv, rt)

    def _elect(self, d: Decision, top: float, tops: list[str], shown: str) -> None:
        rt, sw, sheriff = d.rt, d.st.sheriff_weight, d.rt.sheriff
        winner, why = first_to_reach(d.ballots, tops, top, lambda v: sw if v == sheriff else 1.0)
        if winner is not None:
            rt.outcome[winner] = "sheriff_elected"
        rt.reason = (
            f"{winner} 以 {num(top)} 票当选警长" if len(tops) == 1 else f"平票（{shown}）：{why}"
        )
        rt.reason += check_sheriff(d.ctx, d.dv, rt, winner)

    def _tie(self, d: Decision, tops: list[str], shown: str) -> None:
        rt, tb, sheriff = d.rt, d.st.tie_break, d.rt.sheriff
        sb = d.final.get(sheriff) if sheriff else None
        if tb == "none":
            rt.reason = f"平票（{shown}），本规则集平票无人出局"
        elif sheriff is None:
            rt.reason = f"平票（{shown}），当前没有警长，无人出局"
        elif sb is None:
            rt.reason = f"平票（{shown}），警长 {sheriff} 没有有效投票，无人出局"
        elif sb.target == ABSTAIN or sb.target is None:
            rt.reason = f"平票（{shown}），警长 {sheriff} 弃权，无人出局"
        elif tb == "sheriff_target_if_tied" and sb.target not in tops:
            rt.reason = f"平票（{shown}），警长 {sheriff} 投给的 {sb.target} 不在平票者中，无人出局"
        else:
            out = sb.target
            rt.outcome[out] = out_kind(d.ctx, out, d.dv)
            rt.reason = f"平票（{shown}），警长 {sheriff} 投给 {out}，{out} 出局"
            if rt.outcome[out] == "idiot_revealed":
                rt.reason = f"平票（{shown}），警长 {sheriff} 投给 {out}，白痴翻牌免于出局"


class KillbarRounds(VoteProcedure):
    code = "killbar3"

    def windows(self, day: DaySpec, tids: tuple[int, ...]) -> list[Window]:
        if not day.phases:
            return [Window(1, frozenset(tids), day.opens, day.closes, "计票")]
        return [
            Window(
                p.number,
                frozenset([p.vote_thread] if p.vote_thread else tids),
                p.opens,
                p.closes,
                f"第{p.number}轮 {ROUND_NAMES.get(p.number, p.name)}",
            )
            for p in day.phases
        ]

    def sheriff_weight(self, st: VoteSettings) -> float:
        return 1.0  # 版杀7 has no sheriff

    def next_round(self, rt: RoundTally, w: Window, eligible: Sequence[str]) -> RoundState | None:
        nxt = rt.candidates
        if not nxt:  # someone died or nobody: the day is over
            return None
        return RoundState(nxt, w.round == 1 and set(nxt) >= set(eligible))

    def decide(self, d: Decision) -> None:
        """One round of killbar 3.0 (版杀7 4.1.2)."""
        rt, st, eligible = d.rt, d.st, d.eligible
        alive_n, cast_n = len(eligible), len(d.final)
        majority_base = alive_n if st.majority_base == "alive" else cast_n
        top, tops = tops_of(rt.counts)
        rnd = rt.round or 1
        if len(tops) == 1 and top > majority_base / 2:
            rt.outcome[tops[0]] = "eliminated"
            rt.reason = (
                f"{tops[0]} 得票 {num(top)} 过半（基数 {majority_base}），死亡，直接进入夜晚"
            )
            rt.candidates = ()
        elif rnd == 1:
            self._suspects(d, alive_n if st.suspect_base == "alive" else cast_n)
        elif rnd == 2 and d.state.everyone:
            rt.candidates = ()
            rt.reason = f"可疑者是所有玩家，没有人过半（基数 {majority_base}），不死人，进入夜晚"
        elif not tops:
            rt.candidates = ()
            rt.reason = "没有有效票，不死人"
        elif len(tops) == 1:
            rt.outcome[tops[0]] = "eliminated"
            rt.reason = f"{tops[0]} 最高票（{num(top)} 票），死亡"
            rt.candidates = ()
        elif rnd == 2:
            rt.candidates = tuple(tops)
            rt.reason = f"最高票平票（{'、'.join(tops)}，各 {num(top)} 票），进行高票对决投票"
        else:
            rt.candidates = ()
            rt.reason = f"对决仍平票（{'、'.join(tops)}），不死人"
        if d.declared is not None:
            self._against_declared(d, d.declared)
        if not rt.candidates and d.dv.vote_tids:  # the day's voting is over
            rt.reason += check_events(d.ctx, d.dv, rt, d.dv.rounds)

    def unfinished(self, ctx: Context, dv: DayVotes) -> None:
        last = dv.rounds[-1]
        if dv.vote_tids:
            last.reason += check_events(ctx, dv, last, dv.rounds[:-1])

    @staticmethod
    def _against_declared(d: Decision, dec: Declared) -> None:
        """The round's candidates for the next round set beside the director's declaration.
        Never silent: the tally making everyone a suspect with no declaration found is asked;
        a declaration that differs from the tally is asked with both sides, and the next round
        is judged under the declaration (the players voted under it; 4.1.2 投票对象是…选出的可疑者)."""
        rt = d.rt
        if not rt.closed:
            return
        label = f"第{d.dv.day}天{rt.name or ''}"
        if not dec.found:
            if (rt.round or 1) == 1 and rt.candidates and set(rt.candidates) >= set(d.eligible):
                _ask_undeclared(rt, dec, label)
            return
        theirs = set(d.eligible) if dec.everyone else set(dec.names)
        if theirs == set(rt.candidates):
            return
        if dec.unfirm or any(kind != "suspect" for kind in rt.outcome.values()):
            # a death stands, and a sentence that is no firm declaration is never followed
            # (declared.py's gate): asked, the tally kept
            _ask_declared(rt, dec, label, d.eligible)
        else:
            _follow_declared(rt, dec, label, d.eligible, theirs)

    @staticmethod
    def _suspects(d: Decision, suspect_base: int) -> None:
        """试探性投票: more than the share of the base makes a suspect; fewer than two
        suspects make everyone one."""
        rt, st, eligible = d.rt, d.st, d.eligible
        line = st.suspect_share * suspect_base
        share = f"{num(line)} 票（{int(st.suspect_share * 100)}% × {suspect_base}）"
        suspects = sorted(t for t, v in rt.counts.items() if v > line)
        if len(suspects) < 2:
            rt.candidates = tuple(eligible)
            for p in eligible:
                rt.outcome[p] = "suspect"
            rt.reason = f"超过 {share}的只有 {len(suspects)} 人，不到 2 位，所有玩家都为可疑者"
        else:
            rt.candidates = tuple(suspects)
            for p in suspects:
                rt.outcome[p] = "suspect"
            rt.reason = f"超过 {share}的成为可疑者：{'、'.join(suspects)}"


def _ask_undeclared(rt: RoundTally, dec: Declared, label: str) -> None:
    """The tally made everyone a suspect and no director post declares the suspects: asked."""
    shown = f"（下一轮的首帖「{dec.text}」，{dec.where}）" if dec.where else ""
    question = (
        f"{label}：计票按规则使所有玩家都为可疑者（{rt.reason}），"
        f"但没有找到导演公示的可疑者{shown}。"
        "请导演核对本轮的投票与公示的可疑者" + CORRECT_HINT
    )
    rt.ask(question, [dec.pid])
    rt.reason += "；未找到导演公示的可疑者，请导演核对"


def _ask_declared(rt: RoundTally, dec: Declared, label: str, eligible: Sequence[str]) -> None:
    """The tally puts a player out, or the director's sentence is no firm declaration
    (``dec.unfirm``: a negation, a supposition, a recap, another day …), and the sentence
    declares other candidates for a next round: asked with both sides, and the tally's outcome
    stands (a stray sentence never undoes a death — 版杀7 4.1.2: 过半/最高票 死亡，直接进入夜晚)."""
    what = "可疑者" if (rt.round or 1) == 1 else "高票对决的对象"
    declared = "所有玩家" if dec.everyone else "、".join(dec.names)
    out = sorted(t for t, kind in rt.outcome.items() if kind != "suspect")
    mine = set(rt.candidates)
    if out:
        tally = f"{'、'.join(out)} 出局"
    elif not mine:
        tally = "当天投票结束"
    else:
        tally = f"{what}为 " + ("所有玩家" if mine >= set(eligible) else "、".join(sorted(mine)))
    why = f"（这句话{dec.unfirm}，不按其判定）" if dec.unfirm else ""
    question = (
        f"{label}：计票结果为 {tally}（{rt.reason}），"
        f"但导演的帖子中读到{what}为 {declared}（「{dec.text}」，{dec.where}）{why}；"
        "按计票判定。请导演核对本轮投票与这句话" + CORRECT_HINT
    )
    rt.ask(question, [dec.pid])
    rt.reason += f"；导演的帖子中读到{what}为 {declared}{why}，按计票判定，请导演核对"


def _follow_declared(
    rt: RoundTally, dec: Declared, label: str, eligible: Sequence[str], theirs: set[str]
) -> None:
    """The declaration differs from the tally: asked with both sides; the round's outcome and
    the next round's candidates follow the declaration (no one died in a round the day went
    on from)."""
    mine = set(rt.candidates)
    what = "可疑者" if (rt.round or 1) == 1 else "高票对决的对象"
    if not mine:
        tally = "当天投票结束"
    else:
        tally = "所有玩家" if mine >= set(eligible) else "、".join(sorted(mine))
    declared = "所有玩家" if dec.everyone else "、".join(dec.names)
    question = (
        f"{label}：导演公示的{what}为 {declared}（「{dec.text}」，{dec.where}），"
        f"计票结果为 {tally}（{rt.reason}）；下一轮按公示判定。"
        "请导演核对本轮投票" + CORRECT_HINT
    )
    rt.ask(question, [dec.pid])
    rt.reason += f"；导演公示的{what}为 {declared}，与计票不同，下一轮按公示判定，请导演核对"
    rt.outcome = {}
    rt.candidates = tuple(p for p in eligible if p in theirs)
    if (rt.round or 1) == 1:
        for p in rt.candidates:
            rt.outcome[p] = "suspect"


PROCEDURES: dict[str, VoteProcedure] = {p.code: p for p in (Plurality(), KillbarRounds())}


def procedure_for(st: VoteSettings) -> VoteProcedure:
    return PROCEDURES[st.procedure]
