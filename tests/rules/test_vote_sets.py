"""The labelled vote posts as regression sets (issue 37): tests/votes/blind, blind2, blind3,
blind4, blind5, blind6, blind7, blind8, blind9, blind10, blind11, blind12, blind13, blind14,
blind15, blind16, blind17, blind18, blind19, blind20, blind21, blind22, blind23, blind24,
blind25, blind26, blind27, blind28, blind29, blind30, blind31, blind32.

The dev half was tuned on; the blind half was scored once (tests/votes/blind/SCORE.md) and
is a regression set from then on.  Each half must keep at least the figure it had when the
reader was last changed, so a regression like the 版杀7 one (labelled votes whose reason
mentions the past dropped under the free format) fails here.  Since session 45 the figures
include the learned second reading (auditor/rules/votebook/learned.py), whose shipped model was
fitted on these sets: the raised floors are in-sample (docs/learned-votes.md has the figures on
each set held out).
"""

from __future__ import annotations

import json
import sys

import pytest

from tests import paths

ROOT = paths.ROOT
sys.path.insert(0, str(ROOT / "scripts"))

from vote_eval import compare, read_post  # noqa: E402

SETS = ROOT / "tests" / "votes"


@pytest.mark.parametrize(
    ("name", "floor"),
    [
        ("blind/posts_dev.jsonl", 0.995),  # 0.998 after round 4
        ("blind/posts_blind.jsonl", 0.995),  # 1.000 after round 4
        ("blind2/posts_blind2.jsonl", 0.988),  # scored once at 0.947; 0.991 after round 4
        ("blind3/posts_blind3.jsonl", 0.995),  # scored once at 0.959; 0.999 after round 6
        # scored once at 0.957; 0.994 after round 5, 0.988 after round 6: its convention that a
        # misspelt name or a nickname stays unresolved (投豆桨, 投包包; README 6) gave way to
        # the lead's ruling that a name close to exactly one player is that player (DESIGN §8)
        # (0.986 after session 37: 投票对象：小汤 is 汤圆 now, void either way; the set says "?")
        # 0.988 after session 38 round 2 (a vote at a role, 投杀手: asked)
        ("blind4/posts_blind4.jsonl", 0.983),
        (
            "blind5/posts_blind5.jsonl",
            0.998,
        ),  # scored once at 0.937; 0.996 after round 6 (5), 0.998 after 7, 0.999 after 8
        (
            "blind6/posts_blind6.jsonl",
            0.979,
        ),  # scored once at 0.956; 0.979 after round 8, 0.980 after 9, 0.982 after 11
        # scored once at 0.967; 0.999 after round 8 (the one miss: M107 labels on one line, which
        # the reader allows unless the game sets VOTE-FORMAT one_line = false)
        ("blind7/posts_blind7.jsonl", 0.995),
        (
            "blind8/posts_blind8.jsonl",
            0.994,
        ),  # scored once at 0.966 after round 8; 0.995 after round 9
        # scored once at 0.939 after round 9; 0.996 after round 10, 0.999 once two labels
        # followed the lead's ruling (a name in the other script is the same name); the one
        # left: M107 labels on one line, which the set calls void
        ("blind9/posts_blind9.jsonl", 0.994),
        # scored once at 0.913 after round 10; 0.949 after round 11, 0.950 after session 36,
        # 0.953 after session 37 (a label whose colon is missing inside a line)
        ("blind10/posts_blind10.jsonl", 0.948),
        # scored once at 0.948 after round 11; 0.960 after round 12 (signatures, broken names),
        # 0.972 after session 36 (lists referred to, reports of others' abstentions and changes)
        ("blind11/posts_blind11.jsonl", 0.967),
        # scored once at 0.952 at the start of session 36 (no tuning yet); 0.990 after session
        # 36 (where the name stands: heading, last unit, asides, decisions)
        ("blind12/posts_blind12.jsonl", 0.985),
        # scored once at 0.899 after session 36's rounds; 0.986 after session 37 (recalled
        # messages, nicknames and cut-off names, a role before a name, office and telegram
        # speech, spoken colons, a choice answered, a TL;DR line)
        # 0.987 after session 38 round 2 (a vote at a role, 投杀手: asked)
        # 0.989 after session 39 (a name after a heading's colon)
        ("blind13/posts_blind13.jsonl", 0.984),
        # scored once at 0.936 after session 37's rounds (no tuning yet); 0.964 after session 38
        # (jargon 踩/冲, choices' headings, a vote declined by a pronoun, examples); 0.966 after
        # round 2 (a vote at a role, 我投杀手: an attempt whose target is asked)
        ("blind14/posts_blind14.jsonl", 0.961),
        # scored once at 0.931 at the start of session 38 (no tuning yet); 0.984 after session 38
        # (pinyin, 头/偷, game verbs, English still, letters, couplets, advice, pointed targets)
        # 0.986 after session 42 (a change or 代投 the post itself places in the last hour)
        ("blind15/posts_blind15.jsonl", 0.981),
        # scored once at 0.945 after session 38's rounds; 0.947 after session 39; 0.957 after
        # session 42 (a change or 代投 the post itself places in the last hour)
        (
            "blind16/posts_blind16.jsonl",
            0.960,
        ),  # 0.959 after session 43; 0.965 with the model (s45)
        # scored once at 0.919 (session 39, no tuning yet); 0.938 after session 39 round 1; 0.952
        # after session 42 (a change or 代投 the post itself places in the last hour, also below)
        (
            "blind17/posts_blind17.jsonl",
            0.958,
        ),  # 0.956 after session 43; 0.964 with the model (s45)
        # scored once at 0.951 after session 39's rounds; 0.963 after session 42
        ("blind18/posts_blind18.jsonl", 0.964),  # 0.970 with the model (session 45)
        # scored once at 0.920 (session 40, no tuning yet); 0.936 after session 40 round 1 (a vote
        # verb of another language mixed into Chinese: undi); 0.943 after round 2 (a vote its own
        # words void or say is not in effect; the own vote voided before a new one, a change);
        # 0.949 after session 42
        (
            "blind19/posts_blind19.jsonl",
            0.958,
        ),  # 0.954 after session 43; 0.964 with the model (s45)
        # scored once at 0.939 after session 40's rounds; 0.951 after session 42
        ("blind20/posts_blind20.jsonl", 0.946),
        # scored once at 0.929 (session 41, no tuning yet); 0.960 after session 41 round 1 (look-alike
        # letters for 投, a turn in a trade's words, counts in Chinese numerals, examples shown);
        # 0.967 after session 42
        ("blind21/posts_blind21.jsonl", 0.962),
        # scored once at 0.954 after session 41's rounds; 0.960 after session 42 round 1 (tuned
        # on its even ids 0.954 -> 0.960, odd 0.953 -> 0.960)
        # 0.985 after session 43 round 1 (tuned on both halves as a regression set)
        ("blind22/posts_blind22.jsonl", 0.980),
        # scored once at 0.937 after session 42's rounds (0.929 at the session's start)
        # 0.962 after session 43 round 1 (tuned on its even ids 0.926 -> 0.977; odd, figures
        # only, 0.947 -> 0.947)
        ("blind23/posts_blind23.jsonl", 0.957),
        # scored once at 0.962 after session 43's rounds (0.954 at the session's start)
        ("blind24/posts_blind24.jsonl", 0.970),  # 0.977 with the model (session 45; in-sample)
        # scored once at 0.950 after session 44's rounds (0.950 at the session's start: unmoved)
        ("blind25/posts_blind25.jsonl", 0.958),  # 0.964 with the model (s45; 0.958 held out)
        # scored once at 0.953 after session 45's rounds, the learned reading never fitted on it
        # (grammar alone 0.946; 0.944 at the session's start)
        ("blind26/posts_blind26.jsonl", 0.948),
        # scored once at 0.970 after session 46's rounds, the learned reading never fitted on it
        # (grammar alone 0.963; 0.968 at the session's start, grammar alone 0.961)
        ("blind27/posts_blind27.jsonl", 0.963),
        # scored once at 0.970 after session 47's rounds (unmoved from the start, post for post),
        # the learned reading never fitted on it (grammar alone 0.958): the grammar's figure
        ("blind28/posts_blind28.jsonl", 0.958),
        # scored once at 0.955 after session 48's rounds (0.953 at the session's start), the
        # learned reading never fitted on it (grammar alone 0.938): the grammar's figure
        ("blind29/posts_blind29.jsonl", 0.938),
        # scored once at 0.952 after session 49's rounds (0.954 at the session's start), the
        # learned reading never fitted on it (grammar alone 0.944): the grammar's figure less
        # about half a point
        ("blind30/posts_blind30.jsonl", 0.940),
        # scored once at 0.962 after session 50's rounds (0.962 at the session's start: unmoved,
        # post for post), the learned reading never fitted on it (grammar alone 0.958): the
        # grammar's figure less about half a point
        ("blind31/posts_blind31.jsonl", 0.953),
        # scored once at 0.964 after session 51's rounds (0.964 at the session's start: unmoved as
        # shipped), the learned reading never fitted on it (grammar alone 0.948; 0.947 at the
        # start): the grammar's figure less about half a point
        ("blind32/posts_blind32.jsonl", 0.943),
    ],
)
def test_vote_posts_agree_at_least_as_before(name: str, floor: float) -> None:
    rows = [json.loads(x) for x in (SETS / name).read_text(encoding="utf-8").splitlines() if x]
    ok = total = 0
    for row in rows:
        result = compare(row, read_post(row["preset"], row["author"], row["text"]))
        ok += sum(result.values())
        total += len(result)
    assert total > 500
    assert ok / total >= floor, f"{name}: {ok}/{total}"
