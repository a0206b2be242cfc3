"""A regression net of whole games for the vote reader (issue 37 item 4).

Five games written with the page writer by a helper who had not read the vote code
(tests/games/votes/README.md): 版杀7 in the labelled and in the free format — a three-round
day that ends in 对决 (after a tie), a day decided by 过半 — and M107, 030 and M39 days with
sheriff weights, 代投 and 代投改票, late and last-hour changes, second changes, changes
without a quote, void formats.  Each ballot's voter, target and validity and each round's
outcome must equal the game's truth.json; a change to the reader that moves one fails here.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests import paths
from tests.vote_truth import differences

GAMES = paths.TESTS / "games" / "votes"


@pytest.mark.parametrize(
    "name", ["killbar7_labelled", "killbar7_free", "m107_votes", "rabbit030_votes", "m39_votes"]
)
def test_every_ballot_and_round_equals_the_truth(name: str) -> None:
    diffs = set(differences(GAMES / name))
    assert diffs == set(), sorted(diffs)


# The second blind set (tests/games/votes_blind2, scored once in session 38): the three games
# that agreed at their one score, and killbar7_free2 (4 differences at its score, SCORE.md;
# equal since session 39: free votes with another's words in the reason, 就X了，不纠结).
@pytest.mark.parametrize(
    "name", ["killbar7_labelled2", "killbar7_free2", "m107_votes2", "m39_votes2"]
)
def test_the_second_blind_sets_games_equal_their_truth(name: str) -> None:
    diffs = set(differences(paths.TESTS / "games" / "votes_blind2" / name))
    assert diffs == set(), sorted(diffs)


# The third blind set (tests/games/votes_blind3, scored once in session 39): the two games that
# agreed at their one score, and since session 40 killbar7_free3 (6 differences at its score:
# five free votes unread, so day 2's 过半 was missed — a name put first with its reason after
# it, 改回X) and killbar7_labelled3 (2: its game file now says the format its director asks
# for, so a vote in words is void under labels and the labelled vote after it counts).
@pytest.mark.parametrize(
    "name", ["rabbit030_votes3", "m107_votes3", "killbar7_free3", "killbar7_labelled3"]
)
def test_the_third_blind_sets_games_equal_their_truth(name: str) -> None:
    diffs = set(differences(paths.TESTS / "games" / "votes_blind3" / name))
    assert diffs == _ASKED.get(name, set()), sorted(diffs)


# Round 3's review (session 40): a bare name and a remark about him in the third person
# (大鹏。他昨天两轮都在跟风) may as well be a defence — no longer a vote but a doubt.  Day 2's
# 过半 turns on one of them; since session 42 the round follows the game file's recorded
# vote-out, which that doubt allows, and is asked (结果未定, tally and record both shown).
# Since session 43 (issue 37 Build 2) the same shape naming a dead player (小满「七七，我觉得她昨天
# 很怪」, 191075) is a void ballot listed with its problem (投票对象已出局), not left out.
_ASKED: dict[str, set[str]] = {}


# The fourth blind set (tests/games/votes_blind4, scored once in session 40): the two games that
# agreed at their one score, and since session 41 the two 版杀7 games.  killbar7_free4 (28
# differences at its score): day 1's 试探性投票 read too few ballots, so the tally made everyone a
# suspect and the rest of the day was judged under it; the director's declaration of the next
# round's candidates (可疑者：X、Y / 高票对决：X vs Y) is now set beside the tally — asked when they
# differ, the next round judged under the declaration — and every round equals its truth.  The
# differences left are the one-post reader's (spoken votes unread; reported for its engineer),
# each round that could turn on them asked of the director.
@pytest.mark.parametrize(
    "name", ["m39_votes4", "rabbit030_votes4", "killbar7_free4", "killbar7_labelled4"]
)
def test_the_fourth_blind_sets_games_equal_their_truth(name: str) -> None:
    diffs = set(differences(paths.TESTS / "games" / "votes_blind4" / name))
    assert diffs == _READER_LEFT.get(name, set()), sorted(diffs)


_READER_LEFT = {
    # killbar7_free4: since session 41 round 2 a name said as the post's decision is read
    # (X吧 / 还是X / X，不变 / …那X。 / X。 its own sentence; 弃。 / 改弃; 他 in 站X，这票给他
    # resolved in its own sentence).  Left: 跟X。 (after a quote 跟X follows X's vote).
    # (since session 43 each round's counts are compared too: the unread post's one vote)
    "killbar7_free4": {
        "pid 261018 青金→朱砂: not read as a vote post",
        "day 1 round 1: counts {'朱砂': 3.0, '玛瑙': 1.0, '珊瑚': 1.0, '黑曜': 4.0}"
        " (truth {'朱砂': 4.0, '玛瑙': 1.0, '珊瑚': 1.0, '黑曜': 4.0})",
    },
    # killbar7_labelled4: its game file now states format = "labelled" — the director's process
    # post asks for the labels (the standing ruling) — and it equals its truth.
}


# Issue 37 rounds 2 and 3: killbar7_free4's spoken votes the one-post reader left unread were
# doubts weighed by round (day 1's 高票对决 and day 2's 过半 were asked, 结果未定); since the reader
# reads a name said as the post's decision, those rounds are certain and equal their truth.  The
# one post still unread (青金「跟朱砂。…」) cannot turn its round: it is listed there, unasked.
def test_free4s_rounds_are_certain_and_its_one_unread_post_listed_unasked() -> None:
    from tests.vote_truth import read_game

    _ballots, rows = read_game(paths.TESTS / "games" / "votes_blind4" / "killbar7_free4")
    reason = {(r["day"], r["round"]): r["reason"] for r in rows}
    assert not [key for key, said in reason.items() if "结果未定" in said]
    assert "黑曜 得票 7 过半" in reason[(1, 3)] and "朱砂 得票 5 过半" in reason[(2, 1)]
    assert "未读出的发言（计入也不改变结果，未询问）：青金「跟朱砂。" in reason[(1, 1)]


# The fifth blind set (tests/games/votes_blind5, scored once in session 41): the three games that
# agreed at their one score, and since session 42 killbar7_free5 (19 differences at its score: day
# 1 round 2's tally put 章鱼 out 6 : 5 with one spoken vote unread, where the truth is a 6 : 6 tie
# and the director declared 对决：章鱼、水母).  An uncertain round now follows the declaration its
# doubts allow, and is asked; day 2's 过半 likewise follows the recorded vote-out.
@pytest.mark.parametrize(
    "name", ["killbar7_labelled5", "m39_votes5", "rabbit030_votes5", "killbar7_free5"]
)
def test_the_fifth_blind_sets_games_equal_their_truth(name: str) -> None:
    diffs = set(differences(paths.TESTS / "games" / "votes_blind5" / name))
    assert diffs == _FIFTH_LEFT.get(name, set()), sorted(diffs)


_FIFTH_LEFT = {
    # the one-post reader's (its engineer's): 跟X。 + a remark finding fault with X (for him or
    # after him); it cannot turn its round (listed there, unasked); and its one vote in the
    # round's counts (compared since session 43). (X，+ a remark about another day, then
    # 今天直接投, is read since session 43: the verb's object is X.)
    "killbar7_free5": {
        "pid 331013 龙虾→章鱼: not read as a vote post",
        "day 1 round 1: counts {'水母': 5.0, '海胆': 1.0, '章鱼': 4.0}"
        " (truth {'水母': 5.0, '海胆': 1.0, '章鱼': 5.0})",
    },
}


def test_free5s_uncertain_rounds_follow_the_director_and_are_asked() -> None:
    from tests.vote_truth import read_game

    _ballots, rows = read_game(paths.TESTS / "games" / "votes_blind5" / "killbar7_free5")
    reason = {(r["day"], r["round"]): r["reason"] for r in rows}
    # day 1 round 2: the tally's death (章鱼 6 : 5) beside the tie 鲸鱼's unread post allows
    assert "进行高票对决投票" in reason[(1, 2)] and "结果未定" in reason[(1, 2)]
    assert "章鱼 最高票（6 票），死亡" in reason[(1, 2)]
    assert "按导演的公示判定" in reason[(1, 2)]
    assert "按游戏文件的记录判定" in reason[(2, 1)]
    assert "未读出的发言（计入也不改变结果，未询问）" in reason[(1, 1)]
    # (round 3's unread post, 水母，昨天改票没改成，今天直接投, is read since session 43)
    assert reason[(1, 3)] == "水母 最高票（6 票），死亡"


# The sixth blind set (tests/games/votes_blind6, scored once at the end of session 42: 3/4 equal;
# killbar7_free6 6 differences at the session's start, 3 at its score — three spoken votes the
# one-post reader leaves unread, none turning its round; 0 since session 43: 跟X with his
# reasons taken as one's own, X，same as yesterday).
@pytest.mark.parametrize(
    "name", ["killbar7_free6", "killbar7_labelled6", "m107_votes6", "rabbit030_votes6"]
)
def test_the_sixth_blind_sets_games_equal_their_truth(name: str) -> None:
    diffs = set(differences(paths.TESTS / "games" / "votes_blind6" / name))
    assert diffs == _SIXTH_LEFT.get(name, set()), sorted(diffs)


_SIXTH_LEFT: dict[str, set[str]] = {}


# The first-hour director's own M39 game (session 43, tests/games/discovery_fh43/hinamizawa): its
# truth.json is his truth.md's votes and tallies, read at his night-2 render (truth's ``now``,
# 2026-11-28 12:00, day 3 open) — 代投, a void format re-posted, a last-hour change, a vote after
# the scheduled close made valid by his 延时, the sheriff's 2 votes, a change after the close.
def test_the_first_hour_directors_m39_game_equals_his_truth() -> None:
    diffs = set(differences(paths.TESTS / "games" / "discovery_fh43" / "hinamizawa"))
    assert diffs == set(), sorted(diffs)


# Session 46's two new directors' own games (阿May's 030 teahouse, 老贺's 版杀7 huoguo), with the
# game file's days as written (their full game.toml) and read at their night-2 renders: every
# ballot and round equals the truth, and each void ballot's problem too — a change in the last
# hour of a known close is 「关门前一小时内改票」 (001 关门前一小时不允许改票; 002 说明3 投票时间
# 结束前1小时内不允许改票), never 「投票截止后发帖」.
@pytest.mark.parametrize("game", ["discovery_fh46/teahouse", "discovery_fh46b/huoguo"])
def test_the_session_46_directors_games_equal_their_truth(game: str) -> None:
    diffs = set(differences(paths.TESTS / "games" / game, problems=True))
    assert diffs == set(), sorted(diffs)


# Session 47's directors' own games with named votes (老周's M39 in 东北话, Lina's 030 with
# 代投/代发 and a tie the sheriff's double vote breaks), read at their night-2 renders with their
# full game files: every ballot, round and void ballot's problem equals the truth.
@pytest.mark.parametrize(
    "game", ["discovery_fh47/hinamizawa_dongbei", "discovery_fh47b/wardrobe_lioncity"]
)
def test_the_session_47_directors_games_equal_their_truth(game: str) -> None:
    diffs = set(differences(paths.TESTS / "games" / game, problems=True))
    assert diffs == set(), sorted(diffs)


# Session 48's directors' own games (老金's 版杀7 free format in 延边话, 阿德's 030 in 四川话), read
# at their night-2 renders: every ballot, round and void ballot's problem equals the truth — 老金's
# result table (rows 「朴大叔(代发)」, 「弃权 | 1 | 打糕妹」) is no ballot and no 代投 (seed 002 4.1.2:
# the director announces), 朴大叔's 「投米肠 还来得及吗」 after the close a late vote (说明2), 阿德's
# one-line labelled 「投票对象：兔头 投票理由：我跟到兔头走」 a vote and 「我跟到三大炮走」 alone void
# (030: 没有“投票对象：”).
@pytest.mark.parametrize("game", ["discovery_fh48/yanbian", "discovery_fh48c/wardrobe"])
def test_the_session_48_directors_games_equal_their_truth(game: str) -> None:
    diffs = set(differences(paths.TESTS / "games" / game, problems=True))
    assert diffs == set(), sorted(diffs)


# 大刘's labelled 版杀7 game (session 49, tests/games/discovery_fh49b/btship_tianjin): 锅巴菜's D1-3
# vote was edited after the close and the pages hold only the edited text — held, and counted as
# the vote-out the game file records gives it, asked (seed 002 4.1.2: votes after the close are
# void); and with format = "labelled", as his docs say, 大麻花's 「改票⏎投票对象：狗不理」 is still a
# change (版杀7 has no 改票格式: no 改票对象 demanded).
@pytest.mark.parametrize("labelled", [False, True])
def test_the_session_49_labelled_directors_game_equals_his_truth(
    labelled: bool, tmp_path: Path
) -> None:
    game = tmp_path / "btship_tianjin"
    shutil.copytree(paths.TESTS / "games" / "discovery_fh49b" / "btship_tianjin", game)
    if labelled:
        with (game / "game.toml").open("a", encoding="utf-8") as f:
            f.write('\n[rules.VOTE-FORMAT]\nformat = "labelled"\n')
    diffs = set(differences(game, problems=True))
    assert diffs == set(), sorted(diffs)


# 阿宁's M107 game (session 47, tests/games/discovery_fh47c/skyscraper_seats): players voted by
# seat (「7号」「5」「7号 夏天」); with his seat list in the game file (``[players] seats``) every
# seat ballot counts for its player (000 投票规则 明确说明投票对象: the seat he published names
# one player).  Since session 47 round 2 his shorthand 代投 「代投 6→2」 / 「代投 9→5」 (000 玩家
# 须知 9: the voter before the arrow, the vote after it) is the player's vote: 0 differences.
def test_the_seat_voting_directors_game_equals_his_truth() -> None:
    diffs = set(differences(paths.TESTS / "games" / "discovery_fh47c" / "skyscraper_seats", True))
    assert diffs == set(), sorted(diffs)


# The seventh blind set (tests/games/votes_blind7, scored once at the end of session 43: 2/4 equal;
# killbar7_free7 17 differences — ten spoken votes unread (pinyin, a riddle, 跟X …) and day 2's
# 过半 vote-out not reached; m39_votes7 3 — a conditional vote read valid, the change after it
# judged unquoted). Named here so a change that moves them fails until this list is updated.
@pytest.mark.parametrize(
    "name", ["killbar7_free7", "killbar7_labelled7", "m107_votes7", "m39_votes7"]
)
def test_the_seventh_blind_sets_games_equal_their_truth(name: str) -> None:
    diffs = set(differences(paths.TESTS / "games" / "votes_blind7" / name))
    assert diffs == _SEVENTH_LEFT.get(name, set()), sorted(diffs)


_SEVENTH_LEFT = {
    # since session 44: the director's rulings in the thread are read (薄荷这票按半夏记 — the
    # riddle counted; 松鼠：…此票无效 — m39_votes7's conditional vote void, her re-post a fresh
    # vote: 0 differences), a whole post following another's vote (和当归一样 / 跟楼上) follows
    # it, and the one-post reader reads the spoken votes (pinyin Ban xia., 弃。 after 算了, a
    # name with 我也没变 after it) — day 2's 过半 is reached; and (session 44 round 2) a name
    # first, then a remark about the typing itself (lianqiao, 这回切了输入法也懒得打了), which
    # decides day 1's 对决: 0 differences.
}


# The eighth blind set (tests/games/votes_blind8, scored once at the end of session 44: 1/4
# equal, unmoved from the session's start). Both 版杀7 games ended day 1's round 2 with a
# vote-out where the truth has a tie, so round 3's 对决 ballots were never read; m107_votes8:
# 「锦缎吧，她稳」 (a format error, still a vote post) unread.  Since session 45 (002 4.1.2,
# 说明2–4): a labelled block the post itself declares void on a line of its own (——上面作废…以下面
# 为准——) gives way to the one below it; 想了一下还是X吧 (the poster's own preface before the word
# of deciding) is his vote; so both round 2s tie and each 对决 is read.  Under a labelled preset
# a name the post commits to in words (X吧) is a vote post void for its format (000 投票格式有误
# 的投票将算作废票).  Left: 蒸笼「瓷碗，从第一天就在踩我」 (a remark about the one named: the
# standing doubt ruling), which cannot turn day 2's 过半.
@pytest.mark.parametrize(
    "name", ["killbar7_free8", "killbar7_labelled8", "m107_votes8", "rabbit030_votes8"]
)
def test_the_eighth_blind_sets_games_equal_their_truth(name: str) -> None:
    diffs = set(differences(paths.TESTS / "games" / "votes_blind8" / name))
    assert diffs == _EIGHTH_LEFT.get(name, set()), sorted(diffs)


_EIGHTH_LEFT = {
    "killbar7_free8": {
        "pid 541078 蒸笼→瓷碗: not read as a vote post",
        "day 2 round 1: counts {'瓷碗': 2.0, '蒸笼': 5.0} (truth {'瓷碗': 3.0, '蒸笼': 5.0})",
    },
}


# The ninth blind set (tests/games/votes_blind9, scored once at the end of session 45 at 398c2576,
# the learned vote reading included: 2/4 equal, 1/4 at the session's start — killbar7_labelled9 3 -> 1,
# m107_votes9 1 -> 0).  killbar7_free9 is unmoved (24): its spoken votes of day 1's rounds are not
# read as vote posts, so round 2 ends in a vote-out where the truth has a tie and round 3's 对决
# is never reached.  The differences left are named, so a change that moves them fails here.
@pytest.mark.parametrize(
    "name", ["killbar7_free9", "killbar7_labelled9", "m107_votes9", "rabbit030_votes9"]
)
def test_the_ninth_blind_sets_games_equal_their_truth(name: str) -> None:
    diffs = set(differences(paths.TESTS / "games" / "votes_blind9" / name))
    assert diffs == _NINTH_LEFT.get(name, set()), sorted(diffs)


_NINTH_LEFT: dict[str, set[str]] = {
    # since session 46 (002 4.1.2, 说明2–4): the spoken votes of killbar7_free9's day 1 are read —
    # My pick is X; X吧，Y我再观察一轮 (a judgement put off on the other one named); 环节一我投的X，
    # 这次也一样 (his own earlier vote, this round the same); X。Y要是狼… (a supposition about the
    # other, the reason); X，不想多说 / X，我说了一天了 (the poster's own stance); a count, then his
    # own analysis ending on a name — so round 2 ties (5 : 5) and round 3's 对决 is read: 24 -> 0.
    # killbar7_labelled9's 缆车，理由同上 (a name with its reason in words) is a vote post void for
    # its format under labels: 1 -> 0.
}


# The tenth blind set (tests/games/votes_blind10, scored once at the end of session 46 at c57f1130:
# 3/4 equal, as at the session's start; 4/4 since session 47, see below).  The differences
# left are named, so a change that moves them fails here.
@pytest.mark.parametrize(
    "name", ["killbar7_free10", "killbar7_labelled10", "m107_votes10", "rabbit030_votes10"]
)
def test_the_tenth_blind_sets_games_equal_their_truth(name: str) -> None:
    diffs = set(differences(paths.TESTS / "games" / "votes_blind10" / name))
    assert diffs == _TENTH_LEFT.get(name, set()), sorted(diffs)


_TENTH_LEFT: dict[str, set[str]] = {
    # since session 47 (002 4.1.2, 说明2–4): killbar7_free10's spoken votes are read — 唢呐，咚。
    # (only a sign-off of sounds after the comma: the name stands alone); 啊抱歉没看进程 那就唢呐
    # (a space parts the clauses of a casual post); I'd vote 琵琶 for now. (English's conditional
    # with no condition stated: a choice said politely); I'll go 唢呐. (go with the speaker as its
    # subject); 所以环节一我先押唢呐 (押 after the speaker's 先); 琵琶。昨天投的铜锣，… (his own
    # recap with the subject left unsaid; another name in a clause with no vote word is the
    # reason); 弃，和前两次一样 (the abstention kept as before) — so round 2 ties (5 : 5), 大鼓's
    # 改琵琶 is his last-hour change, and round 3's 对决 is read (投扬琴 not a suspect): 26 -> 0.
}


# The eleventh blind set (tests/games/votes_blind11, scored once at the end of session 47 at e5979ea9:
# 2/4 equal, as at the session's start).  The differences left are named, so a change that moves
# them fails here.
@pytest.mark.parametrize(
    "name", ["killbar7_free11", "killbar7_labelled11", "m107_votes11", "rabbit030_votes11"]
)
def test_the_eleventh_blind_sets_games_equal_their_truth(name: str) -> None:
    diffs = set(differences(paths.TESTS / "games" / "votes_blind11" / name))
    assert diffs == _ELEVENTH_LEFT.get(name, set()), sorted(diffs)


_ELEVENTH_LEFT: dict[str, set[str]] = {
    # equal since session 48: the spoken votes read (这一轮X，就这样 / …我这轮继续X after a count /
    # X。先点潜水的… / I'd go X / X，最后一轮了 / 算了，X。), so 跟X follows X's read vote; 投X……啊不，
    # 收回，Y read for Y; and (labelled11) 上面那个不算…以下为准： voids the label above in its post
}


# The twelfth blind set (tests/games/votes_blind12, scored once at the end of session 48 at 33995ea8:
# 3/4 equal; 2/4 at the session's start — killbar7_labelled12's 16 differences went with the
# session's rounds).  The differences left are named, so a change that moves them fails here.
@pytest.mark.parametrize(
    "name", ["killbar7_free12", "killbar7_labelled12", "m107_votes12", "rabbit030_votes12"]
)
def test_the_twelfth_blind_sets_games_equal_their_truth(name: str) -> None:
    diffs = set(differences(paths.TESTS / "games" / "votes_blind12" / name))
    assert diffs == _TWELFTH_LEFT.get(name, set()), sorted(diffs)


_TWELFTH_LEFT: dict[str, set[str]] = {
    # since session 49 (002 4.1.2, 说明2–4) the spoken votes are read — Still 乌鸦 for me.
    # (English's choice as the name and for me), …，我这轮还是杜鹃，没变 after a count (his own
    # last clause, a remark naming no one after it), wuya ba，我改主意了 (a name in pinyin, its
    # particle in pinyin, his mind changed) — so round 2 ties 4 : 4 as its truth.  Since session
    # 50: 综上，对决我站乌鸦。 (the poster's own choice for the round named, him its subject) is
    # read, so 跟黄鹂 after it follows a read vote and round 3 counts 6 : 2: 4 -> 0.
}


# The thirteenth blind set (tests/games/votes_blind13, scored once at the end of session 49 at 0d8546c3:
# 2/4 equal, as at the session's start — killbar7_free13 15 → 12 differences, labelled13 1).  The
# differences left are named, so a change that moves them fails here.
@pytest.mark.parametrize(
    "name", ["killbar7_free13", "killbar7_labelled13", "m107_votes13", "rabbit030_votes13"]
)
def test_the_thirteenth_blind_sets_games_equal_their_truth(name: str) -> None:
    diffs = set(differences(paths.TESTS / "games" / "votes_blind13" / name))
    assert diffs == _THIRTEENTH_LEFT.get(name, set()), sorted(diffs)


_THIRTEENTH_LEFT: dict[str, set[str]] = {
    # free-format votes said inside talk or by a riddle the director resolves are not read.
    # Since session 50: an undoer of time or advice in another space-parted unit of a casual
    # post is not the vote's, a name said for now closing the post is its decision (…。今天刨子。),
    # X，老规矩 keeps the choice — so day 2's 过半 is read (刨子 out at once, 5 of 8: seed 002
    # 4.1.2), 跟扳手 follows a read vote, the second change is seen and round 3 counts 6 : 3; and
    # a half-width stop after a Chinese word ends its sentence (Changed my mind, 改锯子. 刨子…):
    # 12 -> 3.  Left: 投锯子……收回收回，<reason>。卷尺吧 (a take-back, then a reason, then the
    # name meant), 锯子，别装 (a name and an imperative to him) — round 1's counts (the same
    # suspects).  Since session 51 the name meant after a take-back and its reason is read
    # (…收回收回，<reason>。卷尺吧): 3 -> 2.  Left: 锯子，别装 (a name and an imperative to him).
    "killbar7_free13": {
        "pid 891017 刨子→锯子: not read as a vote post",
        "day 1 round 1: counts {'凿子': 1.0, '刨子': 3.0, '卷尺': 1.0, '锯子': 3.0} (truth {'凿子': 1.0, '刨子': 3.0, '卷尺': 1.0, '锯子': 4.0})",
    },
    # killbar7_labelled13 equal since session 50: 你确定还弃权？…你一票就定了 (the ballot the subject
    # of what it would do) casts none.
}


# The fourteenth blind set (tests/games/votes_blind14, scored once at the end of session 50 at
# a6a8b0fc: 2/4 equal, as at the session's start, difference for difference — every round's
# outcome right).  The differences left are named, so a change that moves them fails here.
@pytest.mark.parametrize(
    "name", ["killbar7_free14", "killbar7_labelled14", "m107_votes14", "rabbit030_votes14"]
)
def test_the_fourteenth_blind_sets_games_equal_their_truth(name: str) -> None:
    diffs = set(differences(paths.TESTS / "games" / "votes_blind14" / name))
    assert diffs == _FOURTEENTH_LEFT.get(name, set()), sorted(diffs)


_FOURTEENTH_LEFT: dict[str, set[str]] = {
    # since session 51: 开局先试探一个：X。 (the poster's act of choosing one as a heading), X吧，
    # 天天弃票 (a habit told of the one named, his reason — no abstention), …想不通。先弃 (弃 after an
    # adverb of the moment) are read: 7 -> 2.  Left: 孜然，最后说一次：我是好人 (in the 对决, a name
    # then the poster's last words) — round 3's counts one short (the 对决's loser the same).
    "killbar7_free14": {
        "pid 961049 豆蔻→孜然: not read as a vote post",
        "day 1 round 3: counts {'孜然': 5.0, '豆蔻': 3.0} (truth {'孜然': 6.0, '豆蔻': 3.0})",
    },
    # m107_votes14 equal since session 51: the director's 代投 recorded as 弃权 by the rule
    # (…按规则视为弃权。⏎投票对象：弃权; 000 9) asks no 投票理由.
}


# The fifteenth blind set (tests/games/votes_blind15, scored once at the end of session 51 at
# fd5ae2a7: 2/4 equal, as at the session's start, difference for difference).  The differences
# left are named, so a change that moves them fails here.
@pytest.mark.parametrize(
    "name", ["killbar7_free15", "killbar7_labelled15", "m107_votes15", "rabbit030_votes15"]
)
def test_the_fifteenth_blind_sets_games_equal_their_truth(name: str) -> None:
    diffs = set(differences(paths.TESTS / "games" / "votes_blind15" / name))
    assert diffs == _FIFTEENTH_LEFT.get(name, set()), sorted(diffs)


_FIFTEENTH_LEFT: dict[str, set[str]] = {
    "killbar7_free15": {
        "pid 1001021 渭河→汉水: not read as a vote post",
        "pid 1001023 渭河→淮河: valid True None (truth False 'last_hour_change')",
        "pid 1001053 漓江→汉水: not read as a vote post",
        "pid 1001054 渭河→弃权: not read as a vote post",
        "day 1 round 1: counts {'汉水': 3.0, '淮河': 5.0, '漓江': 1.0} (truth {'汉水': 4.0, '淮河': 4.0, '漓江': 1.0})",
        "day 1 round 3: counts {'汉水': 2.0, '淮河': 6.0} (truth {'汉水': 3.0, '淮河': 6.0})",
    },
    "killbar7_labelled15": {"pid 1011063 水晶→翡翠: not read as a vote post"},
}
