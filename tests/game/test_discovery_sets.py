"""The labelled announcement sets as regression sets (issue 34): tests/discovery/blind,
blind2, blind3, blind4 and blind5, each half, scored by scripts/discovery_eval.py as the notes report
them.

Each blind half was scored once (its SCORE.md) and has been a regression set since.  Each
must keep the precision and recall it had when the reader was last changed, and let no more
posts with a miss pass in silence (not listed as 未读懂的公告 for the director).
"""

from __future__ import annotations

import re
import subprocess
import sys

import pytest

from tests import paths

ROOT = paths.ROOT

# (file, precision floor, recall floor, silent posts at most): the figures on main at
# 4593f76 (after discovery round 9; blind3 and blind4: after discovery round 11, the
# registers and the events merged; blind5, blind3's and the silent counts: after round 12,
# the events branch with main's registers merged; blind6: after s34-disc3, the standing
# schedule, the evening's close and the bracket's handover; blind7 and the silent counts of
# blind5-7: after s36-disc-ev, a day label a sentence follows and the fact's word read or
# listed; blind3's blind half, blind5's dev half, blind7's dev half and blind8: after
# s37-disc-ev, the terse log's labels, the badge's verbs and the substitute's; blind8's silent
# counts: after s37-disc-ev round 2, a weekday recap listed; blind4's blind half:
# a terse D5： label; blind7: a badge passed on, a death's label with 无; blind3, blind5-7, blind9
# and blind10: after s38-disc-ev, every sentence naming a player covered, the night told in
# any venue's words, the end by its winner; blind5, blind7 and blind9 after s38-disc-ev round 2:
# a terse log's space for a clause break, the night's gun, every fact's family checked), less
# half a point for the next change's rounding.
SETS = [
    ("blind/announcements_dev.jsonl", 0.975, 0.983, 0),
    ("blind/announcements_blind.jsonl", 0.976, 0.970, 1),
    ("blind2/announcements_dev.jsonl", 0.969, 0.964, 1),
    ("blind2/announcements_blind.jsonl", 0.968, 0.968, 2),  # scored once: 0.900 / 0.751 / 22
    ("blind3/announcements_dev.jsonl", 0.904, 0.843, 3),
    ("blind3/announcements_blind.jsonl", 0.872, 0.812, 11),  # scored once: 0.719 / 0.553 / 47
    ("blind4/announcements_dev.jsonl", 0.945, 0.950, 2),
    ("blind4/announcements_blind.jsonl", 0.949, 0.942, 2),  # scored once: 0.800 / 0.537 / 24
    ("blind5/announcements_dev.jsonl", 0.932, 0.809, 1),
    ("blind5/announcements_blind.jsonl", 0.920, 0.820, 6),  # scored once: 0.849 / 0.678 / 23
    ("blind6/announcements_dev.jsonl", 0.918, 0.802, 4),
    ("blind6/announcements_blind.jsonl", 0.936, 0.806, 6),  # scored once: 0.866 / 0.755 / 16
    ("blind7/announcements_dev.jsonl", 0.963, 0.845, 4),  # scored once: 0.907 / 0.683 / 14
    ("blind7/announcements_blind.jsonl", 0.953, 0.860, 5),  # scored once: 0.884 / 0.696 / 21
    # blind8 raised after s37-disc-reg merged (prose hours, 环节 by name and in short, 加速 by label)
    ("blind8/announcements_dev.jsonl", 0.897, 0.758, 0),  # scored once: 0.817 / 0.588 / 10
    ("blind8/announcements_blind.jsonl", 0.943, 0.842, 1),  # scored once: 0.880 / 0.685 / 13
    # blind9 raised after s38-disc-reg (times from the post, a close moved in own words)
    ("blind9/announcements_dev.jsonl", 0.952, 0.761, 3),  # scored once
    # blind9 blind P 0.911 after session 49's merged grammar and re-fit (J0155's 更正 across a
    # neighbour, 被吹笛的是 手鼓 旁邊的 木琴 … 不是 手鼓, read as 手鼓)
    ("blind9/announcements_blind.jsonl", 0.906, 0.754, 5),  # scored once: 0.881 / 0.684 / 20
    # blind10 raised after session 38 (a day told in another world's words: 开盘 / 收卷 / 放学;
    # a 环节 after its range's colon, a time corrected in its line, a one-word log; events: every
    # sentence naming a player yields an item or the post is listed)
    ("blind10/announcements_dev.jsonl", 0.964, 0.782, 3),  # scored once: 0.912 / 0.607 / 14
    ("blind10/announcements_blind.jsonl", 0.934, 0.732, 3),  # scored once: 0.863 / 0.566 / 16
    ("blind11/announcements_dev.jsonl", 0.939, 0.746, 2),  # s41-disc-ev r2: L0015
    ("blind11/announcements_blind.jsonl", 0.936, 0.774, 3),  # scored once: 0.927 / 0.715 / 4
    # blind12 raised after s39-disc-reg (a close told with its outcome is a report, no day);
    # silent counts and blind12 after s39-disc-ev: coverage by sentence (an item of its own, or
    # listed), a night told under a theme's label, a how-less death beside a ballot or a night
    # listed, a death beside the day's count a vote-out; then the piping's label and state,
    # a quiet night by its slots (blind3, blind5, blind8-12 raised); blind9 dev, blind10 blind
    # and blind12 dev after s39-disc-reg round 2 merged (由…推迟, a request decided, a range's
    # label in its own sentence, the round before as yesterday)
    # blind11, blind12, blind14-16 lowered (silent: blind15 blind 24 -> 20, blind16 blind 12 -> 10)
    # after s41-disc-ev round 3: a layout alone (a night's
    # label over names, a count then a line naming its top) makes no death unless a word for
    # leaving is there — listed instead (the review's precision ruling)
    ("blind12/announcements_dev.jsonl", 0.940, 0.660, 0),  # scored once: 0.848 / 0.547 / 6
    ("blind12/announcements_blind.jsonl", 0.926, 0.687, 9),  # scored once: 0.830 / 0.604 / 18
    ("blind13/announcements_dev.jsonl", 0.928, 0.729, 5),  # scored once (no tuning yet)
    ("blind13/announcements_blind.jsonl", 0.925, 0.712, 9),  # scored once: 0.918 / 0.685 / 13
    # blind14 raised after s40-disc-reg (an opening moved beside a close kept, a recap of
    # yesterday under today's label, weekdays by arrow, the alarm clock's deadline);
    # blind3, blind5-14 raised after s40-disc-ev (a report by its structure: a header fixes the
    # kind, a roster name the player, any verb of leaving; a count at the top of the tally;
    # the office in the director's words; a past day's close, a moved opening, a range and
    # a delay by an amount listed).  blind14's blind half: one post more passes in silence
    # (6 -> 7) — its elimination is now read, so a miss of another kind it holds is no longer
    # listed behind it; not looked at (the blind half is checked by its figures only)
    # blind7, blind10-14 raised after s40-disc-ev round 2 (a substitute by structure, a role
    # before a name no how, the hunter's shot in its sentence, the round before as yesterday)
    # recall lowered after s40-disc-ev round 3 (review: a verb after a report's header that
    # is neither the grammar's word for leaving nor glossed/declared is listed, not a death;
    # a wrong death is worse than a question); blind14's blind half silent 7 -> 6
    ("blind14/announcements_dev.jsonl", 0.943, 0.674, 0),  # scored once: 0.883 / 0.531 / 6
    ("blind14/announcements_blind.jsonl", 0.916, 0.592, 5),  # scored once: 0.895 / 0.530 / 6
    ("blind15/announcements_dev.jsonl", 0.777, 0.442, 7),  # scored once after session 40
    ("blind15/announcements_blind.jsonl", 0.820, 0.477, 16),  # scored once: 0.813 / 0.468 / 20
    # raised after s41-disc-ev (a death by the report's structure: a night label over bare
    # roster names, the top of a day's count then its decision in any verb; 今天的投票 is the
    # day's vote, not a player's); silent counts exact — blind15 9 -> 10 and 20 -> 24, blind16's
    # blind half 11 -> 12: those posts' eliminations are now read, so a miss of another kind
    # they hold (a day's time read wrong, a theme's word for the piping) is no longer listed
    # behind them (blind16's blind half not looked at)
    # s41-disc-ev round 2: a post accounted for sentence by sentence (a player read in
    # another sentence is a restatement unless this one states a fact of another kind; a
    # name after a relative clause of what was done to it is no actor), a close moved by an
    # arrow listed — blind7's blind half silent 6 -> 5, blind16's dev half 3 -> 1; blind13
    # at main's figures (the round-1 merges)
    # s42-disc-ev: a roster name ending in 胜 is no winner; a removal compound is a word for
    # leaving by its make (端走, 锄去, 退房, 移出, 取消资格) under a report's header, a day's
    # own label (昨日, 第N日, its 环节) the ballot's;
    # the office in the director's words (a holder's role passed on by its name, a label over
    # the first day's choice); never silent: a sentence opening with the night, an old hour
    # with no clock, a close in a post headed as a delay, two times of one role, a side named.
    # Floors at the figures less half a point, silent counts exact (held out: blind14-16
    # raised too — blind16's blind half R 0.550 -> 0.568, not looked at)
    ("blind16/announcements_dev.jsonl", 0.927, 0.636, 1),  # scored once (session 41, no tuning yet)
    ("blind16/announcements_blind.jsonl", 0.873, 0.563, 9),  # scored once: 0.870 / 0.547 / 11
    ("blind17/announcements_dev.jsonl", 0.930, 0.655, 2),  # after s41; s43: 0.935/0.658
    ("blind17/announcements_blind.jsonl", 0.895, 0.550, 3),  # once: 0.816/0.467; s43: 0.900/0.554
    ("blind18/announcements_dev.jsonl", 0.805, 0.625, 14),  # after s42; s43: 0.810/0.630
    ("blind18/announcements_blind.jsonl", 0.889, 0.535, 7),  # scored once: 0.894 / 0.540 / 7
    ("blind19/announcements_dev.jsonl", 0.833, 0.617, 9),  # scored once (s43): 0.838/0.622
    ("blind19/announcements_blind.jsonl", 0.829, 0.604, 10),  # scored once: 0.834 / 0.609 / 10
    ("blind20/announcements_dev.jsonl", 0.810, 0.479, 9),  # scored once (s44): 0.815 / 0.484
    ("blind20/announcements_blind.jsonl", 0.837, 0.527, 9),  # scored once: 0.836 / 0.508 / 9
    # s47-disc-ev: blind21 / blind22 raised (a new writer's shapes read by their make, and the
    # scorer's 版杀7 night told at 20:00 in the ended day's vote thread the next day's)
    # s46-disc-ev (the piped in any copula or muting word, a verb of leaving the venue, a shot
    # in its own sentence, the badge in a theme's words): floors at the figures less half a point
    ("blind21/announcements_dev.jsonl", 0.916, 0.724, 5),  # scored once (s45): 0.866 / 0.538
    ("blind21/announcements_blind.jsonl", 0.839, 0.551, 11),  # scored once: 0.813 / 0.465 / 13
    ("blind22/announcements_dev.jsonl", 0.940, 0.800, 6),  # scored once (s46): 0.873 / 0.621 / 8
    ("blind22/announcements_blind.jsonl", 0.901, 0.686, 9),  # scored once: 0.845 / 0.587 / 11
    # s48-disc-ev (eliminations read by the report's slot) and s48-disc-reg raised blind23 (dev read
    # while tuning: 0.890 / 0.573 / 6; blind, figures only: 0.900 / 0.560 / 8); floors less half a point
    ("blind23/announcements_dev.jsonl", 0.885, 0.568, 6),  # scored once (s47): 0.860 / 0.462 / 7
    ("blind23/announcements_blind.jsonl", 0.895, 0.555, 8),  # scored once: 0.875 / 0.467 / 10
    # s49-disc-reg raised blind24 (a put-back's 新的X时间, a labelled arrow's dated end)
    ("blind24/announcements_dev.jsonl", 0.878, 0.598, 9),  # scored once (s48): 0.881 / 0.590 / 9
    ("blind24/announcements_blind.jsonl", 0.833, 0.621, 11),  # scored once: 0.837 / 0.621 / 11
    # scored once after session 49 (start 0.878 / 0.550 / 6 and 0.824 / 0.500 / 6); floors less
    # half a point
    # blind25 after s50-disc (its dev misses by cause): dev 0.936 / 0.658 / 4, blind 0.881 / 0.598 / 5
    ("blind25/announcements_dev.jsonl", 0.931, 0.653, 4),  # scored once (s49): 0.879 / 0.554 / 6
    ("blind25/announcements_blind.jsonl", 0.876, 0.593, 5),  # scored once: 0.830 / 0.521 / 6
    # blind26 scored once after session 50 (start dev 0.567 / 0.329 / 2, blind 0.681 / 0.422 / 4)
    ("blind26/announcements_dev.jsonl", 0.566, 0.330, 2),  # scored once (s50): 0.571 / 0.335 / 2
    ("blind26/announcements_blind.jsonl", 0.671, 0.409, 5),  # scored once: 0.676 / 0.414 / 5
    # blind27 scored once after session 51 (unmoved from the start, the theme's words measured only)
    ("blind27/announcements_dev.jsonl", 0.840, 0.537, 8),  # scored once (s51): 0.845 / 0.542 / 8
    ("blind27/announcements_blind.jsonl", 0.737, 0.452, 22),  # scored once: 0.742 / 0.457 / 22
]

_ALL = re.compile(r"^all\s+([\d.]+)\s+([\d.]+)", re.M)
_SILENT = re.compile(r"pass in silence[^:：]*[:：]\s*(\d+)")


@pytest.mark.parametrize(("name", "precision", "recall", "silent"), SETS)
def test_discovery_set_holds(name: str, precision: float, recall: float, silent: int) -> None:
    out = subprocess.run(
        [
            sys.executable,
            str(ROOT / "scripts" / "discovery_eval.py"),
            str(ROOT / "tests" / "discovery" / name),
        ],
        capture_output=True,
        text=True,
        encoding="utf-8",
        check=True,
        timeout=300,
    ).stdout
    figures = _ALL.search(out)
    quiet = _SILENT.search(out)
    assert figures and quiet, out
    p, r, s = float(figures.group(1)), float(figures.group(2)), int(quiet.group(1))
    assert p >= precision, f"{name}: precision {p}"
    assert r >= recall, f"{name}: recall {r}"
    assert s <= silent, f"{name}: {s} posts with a miss passed in silence"
