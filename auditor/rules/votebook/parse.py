"""Parse: a vote post's own text into a :class:`ParsedVote`, and a placed post (its stored
versions, a proxying director, a director's correction) into an unjudged :class:`Ballot`.

Nothing here decides validity against the game's state beyond the format and whether the
target names a player: :mod:`auditor.rules.votebook.judge` does that.

Where each principle lives (the free format's own reading is :mod:`auditor.rules.freevote`,
whose docstring maps it the same way; plain word lists are data, ``words.toml`` and
``aliases.toml``, read once into the ``_``-named constants):

- What makes a post a vote attempt: a label (:func:`parse_vote_text`, spelt loosely
  :func:`_typo_label`, without its colon :func:`_no_colon_label`, as a table
  :func:`_table_vote`, :func:`_bare_label`); no label, under a free format
  (:func:`free_vote` → :func:`auditor.rules.freevote.parse_free_vote`, then
  :func:`_free_fallback`, :func:`_misspelt_vote`); no label, under a labelled format
  (:func:`unlabelled_attempt`, :func:`_orphan_reason`, ``_FOLLOW_UNSHOWN``).  A post that
  only asks about the format is none (``_ASKS``, ``_PLACEHOLDERS``).
- The target slot — which player a written target names: :func:`_target_span`,
  :func:`_leading_name` (honorifics after a name), :func:`described_player`,
  :func:`_alike_target` / :func:`alike_player` / :func:`closest_player` (by sound and shape),
  :func:`name_aliases` (aliases.toml, pinyin, initials, nicknames), :func:`vernacular`
  (vote words in pinyin, English, initials, replaced in place: the tables it uses are
  length-checked on loading, :func:`checked_in_place`), :func:`join_broken_names`,
  ``SELF_WORDS``.
- The voice that casts: a director's 代投 for a player (:func:`proxy_player`,
  :func:`unnamed_proxy`, ``_PROXY_HEAD``; a request for one is no vote: ``_ASKS_PROXY``),
  the voter of a placed post (:func:`_voter`).
- Undoers — what takes a vote back or was never the poster's: a recalled message
  (:func:`after_recall`), a vote withdrawn later in the post (:func:`_withdrawn`), struck-out
  text (:func:`strike_out`), a signature or couplet (:func:`without_signature`,
  :func:`without_couplet_lines`); inside a free vote's clause, freevote's ``_clear``.
- Changes: the 改票 label (:func:`parse_vote_text`), a change said in words before a label
  (``said_change``) or in English (``_ENGLISH_CHANGE``), a quote of one's own vote
  (:func:`_followed`); an edit of the target is no change (:func:`_target_edits`).
- A placed post (versions, director's corrections) into a :class:`Ballot`:
  :func:`read_vote_text`, :func:`read_ballot`, :func:`_resolve_target`.
"""

from __future__ import annotations

import difflib
import functools
import itertools
import re
import tomllib
import unicodedata
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from functools import lru_cache
from pathlib import Path
from typing import Any

from auditor.forum.parse.message import struck_texts
from auditor.game.gamefile import Game, VoteCorrection
from auditor.game.roster import other_names, read_name
from auditor.game.titles import cn_number
from auditor.hanzi import to_simplified
from auditor.models import Post
from auditor.rules.base import Context, GamePost, Match
from auditor.rules.freevote import (
    FreeVote,
    decision_said,
    defined_vote,
    is_count,
    lead_vote,
    parse_free_vote,
    said_as_own,
    taken_back,
    typed_for_another,
    withdraws_own_ballot,
    without_writing_aside,
)
from auditor.rules.votebook.learned import second_reading
from auditor.rules.votebook.model import (
    ABSTAIN,
    Ballot,
    VersionsFn,
    VoteKind,
    VoteSettings,
    Window,
)
from auditor.rules.votebook.published import tally_lines

# --------------------------------------------------------------------------- text

# The plain word lists (words.toml): regular expressions stay here, by their principle.
WORDS_FILE = Path(__file__).with_name("words.toml")
_WORDS = tomllib.loads(WORDS_FILE.read_text(encoding="utf-8"))
# The tables whose words replace the text they match in place (:func:`vernacular`): each
# replacement must be no longer than what it replaces, or every later offset would shift.
_IN_PLACE_TABLES = ("pinyin_words", "english_words", "initial_words", "foreign_vote_words")


def checked_in_place(table: str, words: Mapping[str, str]) -> dict[str, str]:
    """``words`` (a table of words.toml) if every replacement fits in the text it replaces
    (its key, spaces taken out); a :class:`ValueError` naming the first entry that does not."""
    for key, word in words.items():
        if len(word) > len(re.sub(r"\s", "", key)):
            raise ValueError(
                f"{WORDS_FILE.name} [{table}] {key!r} = {word!r}: the replacement is longer "
                "than the word it replaces; text offsets would shift"
            )
    return dict(words)


for _table in _IN_PLACE_TABLES:
    _WORDS[_table] = checked_in_place(_table, _WORDS[_table])


# Look-alike letters of other scripts (words.toml ``lookalike_letters``): 火星文's τõμ is tou.
_LOOKALIKE = {k: v for k, v in _WORDS["lookalike_letters"].items() if len(k) == len(v) == 1}


def _fold_char(c: str) -> str:
    n = unicodedata.normalize("NFKC", c)
    if len(n) != 1:
        return c
    low = n.lower()
    low = low if len(low) == 1 else n
    if low.isascii() or low >= "\u2e80" or not low.isalpha():
        return low  # (CJK and the rest: nothing to look up)
    # a Latin letter with a tone mark or an accent (tóu / õ): its base letter
    base = unicodedata.normalize("NFD", low)[0]
    if base.isascii():
        return base
    return _LOOKALIKE.get(low, low)


def fold(text: str) -> str:
    """Width-, case- and script-folded text with the same length (offsets stay valid):
    ``：`` → ``:``, ``Ａ`` → ``a``, ``對`` → ``对`` (OpenCC's per-character table,
    :mod:`auditor.hanzi`); characters NFKC would expand stay as they are.  Names are
    folded the same way, so ``投餛飩`` reads as a vote for the listed 馄饨, and a roster
    written in traditional characters (湯圓) is matched by ``投汤圆`` and by ``投湯圓`` alike,
    the target mapped back to the roster's spelling."""
    return to_simplified("".join(_fold_char(c) for c in text))


_SPACES = re.compile(r"[\s\u200b\u3000]+")
_EDGE_PUNCT = " \t,.;!?、…~\"'“”‘’「」『』【】[]()<>《》@#:-—=+*/\\|"


def normalise_name(name: str) -> str:
    """A name as compared: width, case and spaces folded, edge punctuation dropped."""
    return _SPACES.sub("", fold(name)).strip(_EDGE_PUNCT)


_LABEL = re.compile(r"(?P<which>投票|改票)\s*对象")
# A label written nearly right (投票对像, 投票对向, 投票对相, 投票目标; by sound, 投票队象 — a
# voice input's homophone): the vote is read, and
# void where the format is prescribed.
_LABEL_TYPO = re.compile(
    r"(?P<which>投票|改票)\s*(?:对[像向相彖]|队[象像向相]|目标(?=\s*:))|(?:^|(?<=\s))对象(?=\s*:)"
    # (undi对象： the label with a vote verb of another language, words.toml foreign_vote_words)
    r"|(?<![a-z])(?:undi|mengundi)\s*对象(?=\s*:)"
)
_MISSING_COLON = "“投票对象”后缺少冒号"
_ONE_LINE = "投票对象与投票理由写在了同一行（格式是分两行写）"
_LABEL_TYPO_ERROR = "“投票对象”写错了"
_EMPTY_TARGET = "投票对象为空"
_IN_A_TABLE = "投票对象写成了表格（格式是“投票对象：”）"
# What only the labelled format asks of a label: no problem under the free format.
_CHANGE_AS_VOTE = "改票应写“改票对象：”"
_LABEL_SPELLING = frozenset({_MISSING_COLON, _LABEL_TYPO_ERROR, _IN_A_TABLE, _CHANGE_AS_VOTE})
# A target written as an abstention in other words (弃权 is the format's word), in Chinese,
# pinyin or English.
_ABSTAIN_WORDS = frozenset(_WORDS["abstain_words"])
# A target written as a blank to fill in: a post showing or asking about the format.
_PLACEHOLDERS = frozenset(_WORDS["placeholders"])
# A post asking (about the format, with a blank for the target): no vote.  The template
# posted as it stands (投票对象：XX 投票理由：XX) is a void vote post all the same.
_ASKS = re.compile(r"[?？]|吗|是不是|对不对|请问|求教|怎么写")
# The voter himself (投票对象：我自己).
SELF_WORDS = frozenset(_WORDS["self_words"])
# (a label in markdown emphasis keeps its colon after the marks: **投票理由**：…)
_REASON = re.compile(r"(?:投票|改票)\s*理由\s*(?:[*_~]+\s*)?(?P<colon>:)?")
_TO_COLON = re.compile(r"[ \t]*(?:[*_~]+[ \t]*)?(?=:)")
_EDIT_TIME = re.compile(r"于\s*(\d{4})-(\d{1,2})-(\d{1,2})\s+(\d{1,2}):(\d{2})")


@dataclass(frozen=True, slots=True)
class ParsedVote:
    """What the text of one post says about voting."""

    change: bool  # written as 改票
    target_text: str  # the target as written ("" when the format is broken before it)
    target: str  # normalised
    start: int  # span of the target (or of the whole attempt) in Post.text
    end: int
    reason: str
    format_error: str | None  # why the format is wrong, else None
    read_as: str = ""  # a target read by sound or shape: the note the director sees
    alike: str = ""  # the one player a target naming no one sounds or looks like
    # the minutes the post itself says are left before the close (离关门还有四十分钟), else
    # None: a change or a 代投 the post places inside the preset's last hour (:func:`said_minutes_left`)
    minutes_left: int | None = None
    # the player whose vote the post follows (跟饺子 / 跟着饺子投, no target of its own): the
    # target is left to his standing vote, which the tally resolves (target "" / "?" here)
    follows: str = ""


def _line_spans(text: str, lines: Sequence[str]) -> Iterator[tuple[int, int]]:
    """Where each non-blank one of ``lines`` stands in ``text`` (the lines joined), in order."""
    cursor = 0
    for line in lines:
        line = line.strip()
        if not line:
            continue
        i = text.find(line, cursor)
        if i < 0:
            continue
        cursor = i + len(line)
        yield i, cursor


def _line_breaks(ft: str, text: str, lines: Sequence[str]) -> str:
    """``ft`` (``text`` folded; the lines joined by a space) with each joint written as a
    line break, the length kept: a line ends a clause (投票：豆浆⏎豆浆投我？… — the question
    is the next line's, not the vote's)."""
    chars = list(ft)
    for end in _line_ends(text, lines):
        if end < len(chars) and chars[end] in " \t":
            chars[end] = "\n"
    return "".join(chars)


def _line_ends(text: str, lines: Sequence[str]) -> list[int]:
    """Offsets in ``text`` where each of ``lines`` ends (text is the lines joined)."""
    return [end for _, end in _line_spans(text, lines)]


def _line_starts(text: str, lines: Sequence[str]) -> set[int]:
    """Offsets in ``text`` where each of ``lines`` starts (0 always counts)."""
    return {0} | {start for start, _ in _line_spans(text, lines)}


# Said after a name, it stays that player (投票对象：包子同学 / 饺子君 / 馄饨大佬).
_HONORIFICS = tuple(_WORDS["honorifics"])


# The words that join two names into one phrase (包子和饺子 / 包子 and 饺子 / 包子&饺子 / 包子/饺子)
# or leave a choice open (包子 or 饺子 / 包子还是饺子): a target so written names no single player.
_JOINER = re.compile(
    r"^(?:(?<![a-z])(?:or|and)(?![a-z])|或者?|还是|以及|和|与|跟|及|同|加|[&＆+＋/／])\s*", re.I
)


def _leading_name(seg: str, names: Sequence[str], *, loose: bool = False) -> str | None:
    """The longest of ``names`` (folded) at the start of the folded segment, when what
    follows is nothing, a space, punctuation or 理由 (killbar7: no reason label); with
    ``loose`` also a symbol (an emoji: 番茄🍅) or 票 (弃权票)."""
    for n in sorted(names, key=len, reverse=True):
        if not n or not seg.startswith(n):
            continue
        rest = seg[len(n) :]
        if (
            not rest
            or rest[0].isspace()
            or unicodedata.category(rest[0]).startswith("P")
            or rest.startswith(("理由", "投票理由", "改票理由"))
            or (loose and (unicodedata.category(rest[0]).startswith("S") or rest[0] == "票"))
            or (loose and rest.startswith(_HONORIFICS))
        ):
            tail = rest.lstrip(_EDGE_PUNCT + "，。；！？、\u3000")
            tail = _JOINER.sub("", tail)  # 饺子 or 包子 / 饺子 and 包子 / 饺子&包子
            if any(m and m != n and tail.startswith(m) for m in names):
                return None  # two names ("包子 馄饨"): not one target (冬瓜 冬瓜冬瓜 is one)
            return n
    return None


def _bare_label(
    text: str, ft: str, lines: Sequence[str], m: re.Match[str], players: Sequence[str]
) -> ParsedVote | None:
    """A label at the start of a line without its colon (投票对象 豆浆, 投票对象〉土豆): a
    vote for the name after it, void for the format; a question about the label is none."""
    is_change = m.group("which") == "改票"
    line_end = min((e for e in _line_ends(text, lines) if e > m.end()), default=len(ft))
    if ft[m.end() : line_end].rstrip().endswith(("?", "？")):
        return None  # 改票对象要写在引用下面对吧？: a question about the format
    sentence = re.match(r"[^。！？!?\n]*[。！？!?\n]?", ft[m.end() :])
    if sentence is not None and sentence.group(0).endswith(("?", "？")):
        return None  # 投票对象填“弃权”就可以了吗？第一次玩: the same, mid-line
    seg = _SPOKEN_COLON.sub("", ft[m.end() : m.end() + 40])
    seg = seg.lstrip(" \t一-〉>→=》—–~～,;。、【[(|")
    shown = _name_at(seg, players)
    return ParsedVote(
        is_change, shown, normalise_name(shown), m.start(), m.end(), "", _MISSING_COLON
    )


# The colon said as a word, as voice input writes it (投票对象冒号 南瓜).
_SPOKEN_COLON = re.compile(r"^\s*冒号")


def _spoken_label(ft: str, m: re.Match[str], players: Sequence[str]) -> bool:
    """A label inside a line, its colon missing or said as a word, a player's name right
    after it (语音转文字: 好 现在 投票对象冒号南瓜 投票理由冒号 …): the format attempted,
    void for its colon.  Not another's label (他的投票对象 南瓜)."""
    if ft[: m.start()].rstrip().endswith("的"):
        return False
    seg = _SPOKEN_COLON.sub("", ft[m.end() : m.end() + 40]).lstrip(" \t")
    return bool(_name_at(seg, players)) and seg != ft[m.end() : m.end() + 40]


def _table_vote(
    text: str, ft: str, lines: Sequence[str], players: Sequence[str], start_at: int
) -> ParsedVote | None:
    """The labels written as a table's cells (| 投票对象 | 油条 |, or a header row 投票对象 |
    投票理由 over a row 春卷 | …): a vote for the cell beside or below the label, void for
    its format (the seeds write the label with a colon)."""
    rows = [
        (s, e, [c.strip() for c in ft[s:e].strip().strip("|").split("|")])
        for s, e in _line_spans(text, lines)
        if e > start_at and "|" in ft[s:e]
    ]
    for i, (s, e, cells) in enumerate(rows):
        for j, cell in enumerate(cells):
            m = _LABEL.fullmatch(cell)
            if m is None:
                continue
            if j + 1 < len(cells) and cells[j + 1] and not _REASON.match(cells[j + 1]):
                value = cells[j + 1]  # | 投票对象 | 油条 |
            else:  # 投票对象 | 投票理由 ⏎ --- | --- ⏎ 春卷 | …
                below = [r for r in rows[i + 1 :] if set("".join(r[2])) - set("-: ")]
                if not below or j >= len(below[0][2]):
                    continue
                value = below[0][2][j]
            if normalise_name(value) in _PLACEHOLDERS and _ASKS.search(ft):
                return None  # | 投票对象 | XX | 这样写可以吗？ — a question about the format
            shown = _name_at(value, players) or value
            pv = ParsedVote(
                m.group("which") == "改票", shown, normalise_name(shown), s, e, "", _IN_A_TABLE
            )
            return _alike_target(pv, players)
    return None


def _name_at(seg: str, players: Sequence[str]) -> str:
    """The player (or 弃权) whose name the folded segment starts with, as listed; else ""."""
    by_fold = {fold(p): p for p in (*players, ABSTAIN)}
    return by_fold.get(_leading_name(seg, list(by_fold)) or "", "")


def _target_span(raw_s: str, players: Sequence[str], reasoned: bool) -> str:
    """The target as written: with no reason label the name at the segment's start
    (killbar7 "投票对象：包子，他很可疑"); a name followed by an emoji, a bracket or 票
    (番茄🍅, 饺子【理由见讨论帖23楼】, 弃权票) is that name."""
    known = [fold(p) for p in (*players, ABSTAIN)]
    lead = _pictographs(raw_s)
    if lead and _leading_name(fold(raw_s[lead:]), known) is not None:
        raw_s = raw_s[lead:]  # 投票对象：👉番茄 / ➡️ 弃权: a pointer before the name, decoration
    if not reasoned:
        found = _leading_name(fold(raw_s), known)
        if found is not None:
            raw_s = raw_s[: len(found)]
    if players and normalise_name(raw_s) not in {normalise_name(k) for k in known}:
        found = _leading_name(fold(raw_s), known, loose=True)
        if found is not None:
            raw_s = raw_s[: len(found)]
    return raw_s


def _pictographs(s: str) -> int:
    """How many characters at the start of ``s`` are pictographs (👉, ➡️, 🗳️, with their
    joiners and variation selectors) and spaces."""
    n = 0
    while n < len(s) and (
        unicodedata.category(s[n]) in ("So", "Sk", "Mn", "Cf") or s[n] in " \t\u3000"
    ):
        n += 1
    return n


def parse_vote_text(
    text: str,
    lines: Sequence[str] = (),
    *,
    reason_required: bool = True,
    start_at: int = 0,
    players: Sequence[str] = (),
    one_line: bool = True,
) -> ParsedVote | None:
    """Parse a post's own text; None when it is not a vote attempt.

    A vote attempt has a 投票对象/改票对象 label followed by a colon, a bare label at the
    start of a line (then the colon is missing), or 投 + a player's name (我投包子, 投票：
    包子).  Talk about voting ("我晚点再投票") is not one.  Only the labels before the first
    投票理由/改票理由 count: a reason that mentions "他的投票对象" is still the reason."""
    ft = fold(text)
    if not _LABEL.search(ft, start_at):
        typo = _LABEL_TYPO.search(ft, start_at)
        if typo is not None:
            return _typo_label(text, ft, typo, players)
    all_labels = [m for m in _LABEL.finditer(ft) if m.start() >= start_at]
    colon_labels = [m for m in all_labels if _TO_COLON.match(ft, m.end())]
    first_reason = _REASON.search(ft, start_at)
    labels = colon_labels
    if first_reason is not None:
        before = [m for m in colon_labels if m.start() < first_reason.start()]
        labels = before or colon_labels
    if not labels:
        return _no_colon_label(text, ft, lines, all_labels, first_reason, players, start_at)
    changes = [m for m in labels if m.group("which") == "改票"]
    chosen = changes or labels
    label = chosen[0]
    is_change = label.group("which") == "改票"
    if len(chosen) > 1:
        return ParsedVote(is_change, "", "", label.start(), label.end(), "", "一帖中有多个投票对象")
    seg_start = _past_colon(ft, label.end())
    ends = [e for e in _line_ends(text, lines) if e > seg_start]
    line_end = ends[0] if ends else len(ft)
    reason_m = _REASON.search(ft, seg_start)
    # the reason written first: 投票理由：… ⏎ 投票对象：春卷
    reason_first = _REASON.search(ft, start_at, label.start()) if reason_m is None else None
    seg_end = line_end
    if reason_m is not None and reason_m.start() < seg_end:
        seg_end = reason_m.start()
    raw = text[seg_start:seg_end]
    lead = len(raw) - len(raw.lstrip())
    raw_s = raw.strip()
    raw_s = _target_span(raw_s, players, reason_m is not None)
    target = normalise_name(raw_s)
    if target in _PLACEHOLDERS and _ASKS.search(ft):
        return None  # 投票格式是不是：投票对象：XX 投票理由：XX？ — a question, not a vote
    abstain_word = target in _ABSTAIN_WORDS
    if abstain_word:
        target = normalise_name(ABSTAIN)
    t0 = seg_start + lead
    t1 = t0 + len(raw_s)
    reason = _reason_text(text, reason_m, colon_labels)
    said_change = not is_change and _change_said(ft[start_at : label.start()], reason)
    if not target:
        return ParsedVote(
            is_change, raw_s, "", label.start(), max(t1, label.end()), reason, _EMPTY_TARGET
        )
    if said_change:
        return ParsedVote(True, raw_s, target, t0, t1, reason, _CHANGE_AS_VOTE)
    if abstain_word:
        return ParsedVote(is_change, raw_s, target, t0, t1, reason, "弃权应写“弃权”")
    if reason_first is not None and reason_m is None:
        reason_m = reason_first
        reason = text[reason_first.end() : label.start()].strip().lstrip(":：").strip()
    joined = _joined_labels(text, lines, label.start(), reason_m, allowed=one_line)
    problem = _reason_problem(reason_m, reason, joined) if reason_required else None
    kept = "" if problem == "投票理由为空" else reason
    return _alike_target(ParsedVote(is_change, raw_s, target, t0, t1, kept, problem), players)


# In a labelled vote's reason, the poster's own change said (我改票 / 本人改投): the post is a change.
# Not one told of an earlier round (环节二我改投了银杏 / 上午改过一次: 了 or 过 with more after it,
# or another round named before it).
_OWN_CHANGE = re.compile(
    r"(?<![轮环节天日午])(?:我|本人|俺)\s*(?:现在|这次|这回|决定|要)?\s*(?:改票|改投)"
    r"(?!\s*[了过]\s*[^\s，,。！!；;…])"
)


def _change_said(before: str, reason: str) -> bool:
    """A change written with the vote's label: said before the label (我改票：投票对象：油条 /
    改投票对象：油条), or the ``reason`` says the poster himself changes his vote now, plainly
    (投票理由：我改票，刚才那张弃权是… — :data:`_OWN_CHANGE`, :func:`said_as_own`: not
    如果我改票 / 我改票吗 / 昨天我改投)."""
    if re.search(r"改票|改投|改\s*$", before):
        return True
    ft = fold(reason)
    return any(said_as_own(ft, m.start(), m.end()) for m in _OWN_CHANGE.finditer(ft))


# Before a label, the words that present what follows as the format shown or taught (示范 /
# 演示 / 举个例子 / 例如; not 按模板, the template followed): an example, no vote — unless the
# poster then says the vote is meant (示范完了，正式投：).  And a label opened inside quotation
# marks on its line (“投票对象:番茄投票理由:…”这种写法): cited, not used.
_EXAMPLE_BEFORE = re.compile(
    r"示范|演示|举个?例子?|例如|比如|譬如|范例|例题|示例|样例|教(?:大家|你们|你|新人)"
    # (照着导演抄一个练习一下，这个先不算：… — practice, declared not to count before it)
    r"|练习|这个\s*(?:先)?\s*不算"
)
_MEANT_AFTER = re.compile(r"正式|真的|认真|这次算|说正经的|言归正传|下面是我的|我的票")
_OPEN_QUOTES = {"“": "”", "「": "」", "『": "』"}


def _shown_as_example(ft: str, start_at: int, at: int) -> bool:
    """The label at ``at`` is shown as an example of the format or cited in quotation marks
    (:data:`_EXAMPLE_BEFORE`, :data:`_OPEN_QUOTES`), not used to vote."""
    head = ft[start_at:at]
    shown = [m.end() for m in _EXAMPLE_BEFORE.finditer(head)]
    if shown and not _MEANT_AFTER.search(head, shown[-1]):
        return True
    line = head[head.rfind("\n") + 1 :]
    return any(line.count(o) > line.count(c) for o, c in _OPEN_QUOTES.items())


def _past_colon(ft: str, label_end: int) -> int:
    """Where the target starts: past the label's colon (and the marks before it)."""
    to_colon = _TO_COLON.match(ft, label_end)
    return (to_colon.end() if to_colon else label_end) + 1


_ASIDES = re.compile(r"[（(【\[][^）)】\]\n]{0,12}[）)】\]]")


def _no_colon_label(
    text: str,
    ft: str,
    lines: Sequence[str],
    all_labels: Sequence[re.Match[str]],
    first_reason: re.Match[str] | None,
    players: Sequence[str],
    start_at: int,
) -> ParsedVote | None:
    """A post with no label followed by its colon: the labels as a table's cells, a bare
    label at a line's start (投票对象 豆浆), else a vote in words or none."""
    starts = _line_starts(text, lines) | {start_at}
    bare = [
        m
        for m in all_labels
        if (first_reason is None or m.start() < first_reason.start())
        and (
            # (after an aside in brackets at most: （语音输入）投票对象冬瓜投票理由…)
            any(not _ASIDES.sub("", ft[s : m.start()]).strip() for s in starts if s <= m.start())
            or _spoken_label(ft, m, players)
        )
    ]
    table = _table_vote(text, ft, lines, players, start_at)
    if table is not None:
        return table
    if bare:
        return _bare_label(text, ft, lines, bare[0], players)
    return unlabelled_attempt(text, players, start_at)


def _alike_target(pv: ParsedVote, players: Sequence[str]) -> ParsedVote:
    """A labelled target that names no player, 弃权 or the voter, with the one player it
    sounds or looks like (投票对象：糖圆 → 汤圆).  The target stays as written: under a
    labelled preset it is a player it is not (030/M39 投票对象有误的票无效; M107 明确说明投票
    对象), so VOTE-TARGET voids it and names the player; the free format reads it as him."""
    known = {normalise_name(p) for p in (*players, ABSTAIN)}
    t = pv.target
    if not players or t in known or t in SELF_WORDS or t in _PLACEHOLDERS:
        return pv
    head = described_player(t, players)
    if head is not None:  # 投票对象：假预言家番茄 — the player's own name, a role before it
        return replace(pv, target=normalise_name(head))
    alike = alike_player(t, players)
    whole = broken_name(pv.target_text, players) if alike is None else None
    if whole is not None:  # 投票对象：春·卷 — under a prescribed format, a name not written right
        return replace(pv, read_as=read_as_note(pv.target_text, whole, "断开的名字"), alike=whole)
    if alike is None:
        return pv
    return replace(pv, read_as=read_as_note(pv.target_text, *alike), alike=alike[0])


# What a description before a name may not hold: a negation, an exception, a choice, a
# following or a word of voting (不是番茄 / 除了番茄 / 跟番茄 / 冬瓜或番茄).
_NOT_A_DESCRIPTION = re.compile(
    r"[不没别非除跟随同和或与及投票改弃&＆+＋/／]|还是|或者|(?<![a-z])(?:and|or)(?![a-z])", re.I
)


def described_player(target: str, players: Sequence[str]) -> str | None:
    """The player a target names as the head of a noun phrase, two to six characters of
    description before the whole name (假预言家番茄, 衣柜精冬瓜: the role the voter gives
    him), nothing after it; None when the description holds another name or undoes it
    (:data:`_NOT_A_DESCRIPTION`)."""
    t = normalise_name(target)
    names = {normalise_name(p): p for p in players}
    for n, p in sorted(names.items(), key=lambda x: -len(x[0])):
        lead = t[: len(t) - len(n)]
        if not n or not t.endswith(n) or not 2 <= len(lead) <= 6:
            continue
        if not all("\u4e00" <= c <= "\u9fff" for c in lead) or _NOT_A_DESCRIPTION.search(lead):
            return None
        if any(m in lead for m in names if m):
            return None
        return p
    return None


def _reason_text(
    text: str, reason_m: re.Match[str] | None, colon_labels: Sequence[re.Match[str]]
) -> str:
    """The reason after its label, up to the next labelled vote (or the end)."""
    if reason_m is None:
        return ""
    nxt = next((m for m in colon_labels if m.start() >= reason_m.end()), None)
    r_end = nxt.start() if nxt is not None else len(text)
    return text[reason_m.end() : r_end].strip().lstrip(":：").strip()


def _joined_labels(
    text: str, lines: Sequence[str], label_at: int, reason_m: re.Match[str] | None, *, allowed: bool
) -> bool:
    """The target's label and the reason's share a line (投票对象：番茄　投票理由：…) where the
    preset does not allow it (VOTE-FORMAT ``one_line``)."""
    if allowed or reason_m is None or reason_m.start() < label_at:
        return False
    if "\n" in text[label_at : reason_m.start()]:
        return False
    return bool(lines) and not any(
        label_at < e <= reason_m.start() for e in _line_ends(text, lines)
    )


def _reason_problem(reason_m: re.Match[str] | None, reason: str, joined: bool) -> str | None:
    """What is wrong with the reason where the preset requires one, else None; ``joined``:
    its label shares the target's line where the preset's format puts it on the next."""
    if reason_m is None:
        return "缺少“投票理由：”"
    if joined:
        return _ONE_LINE
    if reason_m.group("colon") is None:
        return "“投票理由”后缺少冒号"
    if not normalise_name(reason) or _REASON_LATER.fullmatch(normalise_name(reason)):
        return "投票理由为空"
    return None


# A reason that only promises itself (理由回头补 / 待定 / 稍后补上): no reason given yet.
_REASON_LATER = re.compile(
    r"[(（]?(?:理由)?(?:回头|稍后|晚点|之后|待会儿?|后面|明天)?(?:再)?"
    r"(?:补|补上|补充|待补|待定|未定|再说)[)）。.]*"
)


def _typo_label(text: str, ft: str, label: re.Match[str], players: Sequence[str]) -> ParsedVote:
    """投票对像：豆浆: read as a vote for 豆浆, void for its label (the format is the rule's)."""
    shown = _name_at(ft[label.end() :].lstrip(" \t:：一-")[:40], players)
    is_change = (label.groupdict().get("which") or "") == "改票"
    return ParsedVote(
        is_change, shown, normalise_name(shown), label.start(), label.end(), "", _LABEL_TYPO_ERROR
    )


def free_vote(
    text: str, players: Sequence[str], lines: Sequence[str] = (), speaker: str = ""
) -> ParsedVote | None:
    """A vote under a preset with no format (版杀7: see :mod:`auditor.rules.freevote`) as a
    :class:`ParsedVote`; None when the post holds no clear vote.

    One reader for both forms: a labelled vote (`投票对象：包子 投票理由：和昨天一样。`) is
    read by its label, so its reason — which may mention the past, other players or ask a
    question — never undoes it; a post without a label is read as free text, where the
    ``speaker``'s own name may be the vote's subject (南瓜投冬瓜 by 南瓜)."""
    labelled = parse_vote_text(text, lines, reason_required=False, players=players)
    known = {normalise_name(p) for p in (*players, ABSTAIN)}
    if labelled is not None and labelled.format_error in _LABEL_SPELLING:
        # 投票对像：饺子 / 投票对象 饺子: a label spelt loosely is still a vote where no
        # format is prescribed (版杀7 4.1.2), and a change written with the vote's label a change
        labelled = replace(labelled, format_error=None)
    if labelled is not None and labelled.alike:
        # 投票对象：糖圆: a target read by sound is clear enough where no format is prescribed
        target = normalise_name(labelled.alike)
        return replace(labelled, target=target, format_error=None)
    if labelled is not None and labelled.format_error is None and labelled.target in known:
        return labelled
    aliases = {**name_aliases(players), **_cut_aliases(players)}
    ft = _emoji_after_name(
        vernacular(_line_breaks(fold(text), text, lines), text, players), aliases
    )
    by_fold = {**aliases, **{fold(p): p for p in players}}
    fv = parse_free_vote(ft, list(by_fold), speaker=fold(speaker), bare=True)
    if fv is None and labelled is not None and labelled.format_error in (None, _EMPTY_TARGET):
        # a label whose target names no player (投票对象：他) or none at all (投票对象：⏎…):
        # an attempt, void as under a labelled preset
        return labelled
    fv = fv or _free_fallback(ft, lines, list(by_fold), fold(speaker))
    fv = fv or _indirect_vote(ft, players, list(by_fold), fold(speaker))
    if fv is None:
        return None
    name = by_fold.get(fv.target, fv.target)
    at = ft.find(fv.target, fv.start, fv.end)
    t0, t1 = (at, at + len(fv.target)) if at >= 0 else (fv.start, fv.end)
    if fv.ambiguous:  # 投包子和饺子: no one target
        return ParsedVote(fv.change, text[t0:t1], "", t0, t1, "", "一帖中有多个投票对象")
    alike = alike_player(name, players) if normalise_name(name) not in known else None
    if alike is not None:  # 投豆酱 / 投冬爪 / 投圆仔: a clear target under the free format
        note = read_as_note(text[t0:t1], *alike)
        target = normalise_name(alike[0])
        return ParsedVote(fv.change, text[t0:t1], target, t0, t1, "", None, note, alike[0])
    follows = by_fold.get(fv.follows, fv.follows)
    return ParsedVote(
        fv.change, text[t0:t1], normalise_name(name), t0, t1, "", None, follows=follows
    )


def _cut_aliases(players: Sequence[str]) -> dict[str, str]:
    """A name broken off (:func:`cut_name`) and the marks after it (冬……), as the player: in
    words the mark shows the name was not finished, so 投冬…… is a vote for 冬瓜."""
    out = {}
    for p in players:
        c = fold(p)[:1]
        if c and cut_name(c, players) == p:
            out.update({c + mark: p for mark in _CUT_MARKS})
    return out


ALIASES_FILE = Path(__file__).with_name("aliases.toml")


@lru_cache(maxsize=1)
def _alias_groups() -> tuple[frozenset[str], ...]:
    """The groups of :data:`ALIASES_FILE`, folded: the other names of one food (倭瓜 for 南瓜,
    抄手 for 馄饨, 🍅 for 番茄)."""
    table = tomllib.loads(ALIASES_FILE.read_text(encoding="utf-8"))["groups"]
    return tuple(frozenset(fold(w) for w in (name, *words)) for name, words in table.items())


def name_aliases(players: Sequence[str]) -> dict[str, str]:
    """Other spellings of roster names that stand for exactly one player, folded: the other
    words of the name's groups in :data:`ALIASES_FILE` (a dialect name, a synonym, its
    emoji), the name written in pinyin (doujiang, dou jiang) and the name with one character
    written in its pinyin (油tiao, you条: a player typing half the name in pinyin)."""
    return dict(_name_aliases(tuple(players)))


@lru_cache(maxsize=64)
def _name_aliases(players: tuple[str, ...]) -> tuple[tuple[str, str], ...]:
    found: dict[str, set[str]] = {}
    for p in players:
        name = fold(p)
        words = {w for g in _alias_groups() if name in g for w in g}
        words |= _pinyin_spellings(name)
        words |= _prefixed_nicknames(name, [fold(q) for q in players if q != p])
        for w in words:
            found.setdefault(w, set()).add(p)
    names = {fold(p) for p in players}
    return tuple((w, ps.pop()) for w, ps in found.items() if len(ps) == 1 and w not in names)


def _pinyin_spellings(name: str) -> set[str]:
    """``name`` in pinyin (doujiang) and with one character in its pinyin (油tiao)."""
    from pypinyin import Style, pinyin  # deferred as in closest_player

    words: set[str] = set()
    readings = [pinyin(c, style=Style.NORMAL, heteronym=True)[0] for c in name]
    if len(name) >= 2 and all("\u4e00" <= c <= "\u9fff" for c in name):
        words |= {"".join(r) for r in itertools.islice(itertools.product(*readings), 8)}
    for i, c in enumerate(name):
        if "\u4e00" <= c <= "\u9fff" and len(name) >= 2:
            for r in readings[i]:
                words.add(name[:i] + r + name[i + 1 :])
    return words


# How players shorten a name in familiar speech: 阿 / 小 / 老 and one character of it (阿土,
# 小冬, 老番 for 土豆, 冬瓜, 番茄) — only a character no other player's name has, and not where
# the pair is a common word of its own (老土 'tacky', 小卖 as in 小卖部, 老汤 'old broth').
_NICK_PREFIXES = "阿小老"
_NICK_COMMON = frozenset(_WORDS["nick_common"])


def _prefixed_nicknames(name: str, others: Sequence[str]) -> set[str]:
    """:data:`_NICK_PREFIXES` before each character of ``name`` that none of ``others``
    has, the common words of :data:`_NICK_COMMON` left out."""
    if len(name) < 2 or not all("\u4e00" <= c <= "\u9fff" for c in name):
        return set()
    mine = [c for c in name if not any(c in o for o in others)]
    found = {a + c for c in mine for a in _NICK_PREFIXES}
    return {w for w in found if w not in _NICK_COMMON}


# Vote words typed in pinyin (a player without an input method: wo tou nangua / qi quan / gai
# tou DJ), read as their characters.  Only in a post that has a pinyin word of voting: the
# short ones (he, ma, ta, le …) are English words as well.
_PINYIN_VOTE = re.compile(r"(?<![a-z])(?:tou|qi\s?quan|piao|xuan)(?![a-z])")
_PINYIN_WORDS: dict[str, str] = _WORDS["pinyin_words"]
_PINYIN_WORD = re.compile(
    r"(?<![a-z])(?:(?:tou|gai)\s?piao\s?(?:dui\s?xiang|li\s?you)|dui\s?xiang|li\s?you"
    r"|qi\s?quan|gai\s?tou|gai\s?piao|tou\s?piao|ru\s?guo|yao\s?shi|hai\s?shi|jin\s?tian|zhe\s?lun|[a-z]+)(?![a-z])"
)
# English vote words as the thread's language has them: abstain → 弃权, myself → 我自己, and
# pass where it is the vote (pass / I pass / vote: pass / pass this round), not 'pass the
# ball'.
_ENGLISH_WORDS: dict[str, str] = _WORDS["english_words"]
_ENGLISH_WORD = re.compile(
    r"(?<![a-z])(?:abstain(?:ing)?|abstention|no\s+lynch|myself|unvote)(?![a-z])"
)
# A change in English: switching to X / change my vote to X / vote changed: X → 改投 / 改票.
_ENGLISH_CHANGE = re.compile(
    r"(?<![a-z])(?:(?:switch|chang)(?:e|es|ed|ing)?\s+(?:my\s+vote\s+)?to|vote\s+changed)(?![a-z])"
)
_PASS = re.compile(
    r"(?:^|(?<=[\n.!?。！？,，:：])|(?<=\bi\s)|(?<=\bi'll\s)|(?<=\bvote\s))\s*(?P<w>pass|skip)"
    r"(?=\s*(?:$|[\n.!?。！？,，]|this\s+(?:round|time)|today|for\s+now))"
)
_VOWELS = frozenset("aeiou")
# A vote verb of another language mixed into Chinese (words.toml [foreign_vote_words]): read as
# 投 (改 undi 冬瓜 as 改投, undi对象 as 投票对象), and that language's undoers with it.
_FOREIGN_WORDS: dict[str, str] = _WORDS["foreign_vote_words"]
_FOREIGN_VOTE = re.compile(
    r"(?:(?P<chg>改|换|转)\s*)?(?<![a-z])(?:undi|mengundi)(?![a-z])(?P<label>\s*(?:对象|理由))?",
    re.I,
)
_FOREIGN_UNDOER = re.compile(
    "(?<![a-z])(?:"
    + "|".join(re.escape(w) for w in _FOREIGN_WORDS if _FOREIGN_WORDS[w] != "投")
    + ")(?![a-z])"
)
# A vote word as its pinyin initials, as forum players type it (tp = 投票: tp 番茄 / tp：弃)
# — after the players' own initials, which come first (a player whose initials are tp).
_INITIAL_WORDS: dict[str, str] = _WORDS["initial_words"]


@lru_cache(maxsize=64)
def _object_first(players: tuple[str, ...]) -> re.Pattern[str]:
    """A vote in Japanese or Korean, the name before the verb (油条に投票します, 土豆さんに一票,
    南瓜にします, 油条 투표할게요, 番茄에게 한 표): read as 投 and the name."""
    names = _name_pattern(players)
    return re.compile(
        rf"(?P<p>{names})\s*(?:さん|くん|ちゃん|様|씨|님)?\s*"
        r"(?:(?:に|へ)\s*(?:投票|一票|入れ|します|する)|(?:에게|한테|을|를|에)?\s*(?:투표|한\s*표))"
    )


# After such a vote: a negation, a question or a report (投票しないで, 投票する？, 投票した人).
_JA_NOT_CAST = re.compile(r"\s*(?:し?な[いく]|しません|するな|する[?？か]|した(?:人|の|から)|하지)")


# A player named by a character of his name (名字里带“夏”字的那位 / 名字中有个翘字的人): a
# riddle's answer, the one player whose name holds that character.
_NAME_CHAR = re.compile(
    r"名字?\s*(?:里|中|当中|里面)?\s*(?:带|有|含)(?:着|有)?\s*(?:个|一个)?\s*"
    r"[“\"「『‘']?(?P<c>[\u4e00-\u9fff])[”\"」』’']?\s*字?\s*的\s*"
    r"(?:那一?位|那个人|那个|那人|这一?位|人|玩家|朋友)?"
)


def _named_by_character(ft: str, players: Sequence[str]) -> Iterator[tuple[int, int, str]]:
    """Each :data:`_NAME_CHAR` in ``ft`` whose character one player's name (folded) holds:
    its span and that name."""
    for m in _NAME_CHAR.finditer(ft):
        having = [fold(p) for p in players if m.group("c") in fold(p) and len(fold(p)) > 1]
        if len(having) == 1:
            yield m.start(), m.end(), having[0]


def vernacular(ft: str, text: str, players: Sequence[str]) -> str:
    """``ft`` (``text`` folded) with vote words written in pinyin or English and player names
    written as their pinyin initials replaced by their characters, each padded with spaces to
    its length (offsets into ``text`` stay valid): ``tou DJ`` reads as ``投 豆浆``, ``qi quan``
    as ``弃权``, ``abstain this round`` as ``弃权 …``, ``FQ +1`` as ``番茄 +1``."""

    chars = list(ft)

    def place(start: int, end: int, word: str) -> None:
        """``word`` over ``ft[start:end]``, padded with spaces; never a longer word.  The word
        stays against the characters it was written against: padded on the left when only
        what follows it is Chinese (tou票对象 → 投票对象, the label whole), else on the right
        (改tou南瓜 → 改投 南瓜, the change whole)."""
        if len(word) <= end - start:
            pad = " " * (end - start - len(word))
            joined_after = end < len(ft) and _is_cjk(ft[end])
            joined_before = start > 0 and _is_cjk(ft[start - 1])
            chars[start:end] = pad + word if joined_after and not joined_before else word + pad

    def sub(pattern: re.Pattern[str], pick: Callable[[re.Match[str]], str | None]) -> None:
        for m in pattern.finditer(ft):
            word = pick(m)
            if word is not None:
                place(m.start(), m.end(), word)

    if _PINYIN_VOTE.search(ft) or _pinyin_named(ft, players):
        sub(_PINYIN_WORD, lambda m: _PINYIN_WORDS.get(re.sub(r"\s", "", m.group(0))))
    # a name typed in pinyin, its syllables apart (wo tou dong gua / 投 dong gua / Ban xia. —
    # the name by sound on a phone, a whole name's syllables in order): the name, as its
    # unspaced spelling (banxia) is read wherever it stands
    for pattern, name in _spaced_pinyin(tuple(players)):
        sub(pattern, functools.partial(_constant, name))
    sub(_ENGLISH_WORD, lambda m: _ENGLISH_WORDS[re.sub(r"\s", "", m.group(0))])
    if _FOREIGN_VOTE.search(ft):
        sub(_FOREIGN_UNDOER, lambda m: _FOREIGN_WORDS[m.group(0)])
        for m in _FOREIGN_VOTE.finditer(ft):
            label = (m.group("label") or "").strip()
            # 改undi对象 → 改投票对象 (the label kept), 改 undi → 改投, undi对象 → 投票对象
            verb = "投票" + label if label else "投"
            place(m.start(), m.end(), ("改" if m.group("chg") else "") + verb)
    sub(_ENGLISH_CHANGE, lambda m: "改票" if m.group(0).startswith("vote") else "改投")
    for m in _PASS.finditer(ft):
        place(m.start("w"), m.end("w"), "弃权")
    if players:
        for m in _object_first(tuple(players)).finditer(ft):
            if not _JA_NOT_CAST.match(ft, m.end()):
                place(m.start(), m.end(), "投" + m.group("p"))
    for start, end, name in _named_by_character(ft, players):
        place(start, end, name)
    initials = players_by_initials(tuple(players))
    for m in re.finditer(r"(?<![a-z0-9])[a-z]{2,4}(?![a-z0-9])", ft):
        w = m.group(0)
        shown = text[m.start() : m.end()]
        if w in initials and (shown.isupper() or not _VOWELS & set(w)):
            place(m.start(), m.end(), fold(initials[w]))
        elif w in _INITIAL_WORDS:
            place(m.start(), m.end(), _INITIAL_WORDS[w])
    return "".join(chars)


def _pinyin_named(ft: str, players: Sequence[str]) -> bool:
    """Whether ``ft`` names a player by his whole name in pinyin (wuya ba / nangua le): typed
    without an input method, its other words are pinyin too (ba = 吧)."""
    spelt = {w for w in _pinyin_alone(tuple(players)) if len(w) >= 4}
    return any(w in spelt for w in re.findall(r"(?<![a-z])[a-z]+(?![a-z])", ft))


@lru_cache(maxsize=64)
def _pinyin_alone(players: tuple[str, ...]) -> frozenset[str]:
    """The players' whole names in pinyin, unspaced (nangua), every reading of each."""
    return frozenset(
        w for p in players for w in _pinyin_spellings(fold(p)) if w.isascii() and w.isalpha()
    )


def _is_cjk(c: str) -> bool:
    return "\u4e00" <= c <= "\u9fff"


def _constant(word: str, _m: re.Match[str]) -> str:
    return word


@lru_cache(maxsize=64)
def _spaced_pinyin(players: tuple[str, ...]) -> tuple[tuple[re.Pattern[str], str], ...]:
    """Each player's name (folded) and its pinyin written syllable by syllable, a space
    or none between them (dong gua / donggua), for the names whose spelling no other
    player's shares."""
    from pypinyin import Style, pinyin  # deferred as in closest_player

    found: dict[str, set[str]] = {}
    for p in players:
        name = fold(p)
        if len(name) < 2 or not all("\u4e00" <= c <= "\u9fff" for c in name):
            continue
        readings = [pinyin(c, style=Style.NORMAL, heteronym=True)[0] for c in name]
        for combo in itertools.islice(itertools.product(*readings), 8):
            found.setdefault(r"[ \t]?".join(combo), set()).add(name)
    return tuple(
        (re.compile(rf"(?<![a-z]){spelt}(?![a-z])"), names.pop())
        for spelt, names in found.items()
        if len(names) == 1
    )


@lru_cache(maxsize=64)
def players_by_initials(players: tuple[str, ...]) -> dict[str, str]:
    """The pinyin initials of each player's name (豆浆 → dj; every reading of a 多音字) that
    no other player's name has."""
    from pypinyin import Style, pinyin  # deferred as in closest_player

    found: dict[str, set[str]] = {}
    for p in players:
        name = fold(p)
        if len(name) < 2 or not all("\u4e00" <= c <= "\u9fff" for c in name):
            continue
        letters = [
            {r[0] for r in pinyin(c, style=Style.NORMAL, heteronym=True)[0] if r} for c in name
        ]
        for combo in itertools.islice(itertools.product(*letters), 16):
            found.setdefault("".join(combo), set()).add(p)
    return {w: ps.pop() for w, ps in found.items() if len(ps) == 1}


def _free_fallback(
    ft: str, lines: Sequence[str], names: Sequence[str], speaker: str
) -> FreeVote | None:
    """A free-format attempt the plain reading left: a pronoun (投他), the last line after a
    recap, or +1 as the whole post — one more vote for the post it agrees with, which it
    does not show (under a quote it does: :func:`_followed`; under a labelled format a bare
    +1 is a filler post, no vote attempt)."""
    # a word the post defines as a player (谜底：冬瓜⏎我投谜底) before 投谜底 is read as an
    # object that names no one (the pronoun-like reading)
    fv = defined_vote(ft, names) or parse_free_vote(ft, names, pronouns=True, speaker=speaker)
    if fv is None:
        fv = _after_recap(ft, lines, names, speaker) or _own_line_declared(ft, names, speaker)
    if fv is None and (_PLUS_ONE.fullmatch(ft) or _FOLLOW_UNSHOWN.fullmatch(ft)):
        fv = FreeVote("?", 0, len(ft), False)
    return fv


def _indirect_vote(
    ft: str, players: Sequence[str], names: Sequence[str], speaker: str
) -> FreeVote | None:
    """A vote whose target the post writes other than by name: misspelt by sound or shape
    (:func:`_misspelt_vote`), or as a word it defines (谜底：冬瓜 ⏎ 本轮我投的就是谜底:
    :func:`freevote.defined_vote`)."""
    return _misspelt_vote(ft, players, names, speaker) or defined_vote(ft, names)


# A post no longer than this is searched for a player's name written by sound or shape
# (豆桨一票): verbless votes are short, and a long post's look-alike words are its talk.
_MISSPELT_SCAN = 40


def _misspelt_vote(
    ft: str, players: Sequence[str], names: Sequence[str], speaker: str
) -> FreeVote | None:
    """A short post's vote for a name written by sound or shape in a form without 投 (豆桨一
    票 / 出东瓜 / 改：汤元; 投豆桨 is read by :data:`freevote._UNKNOWN_TARGET`): the words
    that are :func:`alike_player` to exactly one player read as names, the post read again.
    The target stays the word as written (its note says whom it was read as).  A word so
    read stands alone as a vote only as the whole post (豆桨): elsewhere in a clause of its
    own it is more likely a word that sounds the same (有条 / 都将)."""
    scan = ft
    if len(ft) > _MISSPELT_SCAN:
        # a longer post: only its short sentences that vote with a verb or 票 (…说话有点飘，
        # 我偷东瓜一票: a name misheard by voice input, in the clause that votes)
        scan = "\n".join(
            s
            for s in re.split(r"[。！？!?\n]", ft)
            if len(s) <= _MISSPELT_SCAN and _VOTE_VERB.search(s)
        )
    words = {w for w in _windows(scan, players) if w not in names and _misspelt(w, players)}
    if not words:
        return None
    fv = parse_free_vote(ft, [*map(fold, players), *words], speaker=speaker)
    if fv is None and scan is ft and ft.strip(" \t\n。.!！~～") in words:
        w = ft.strip(" \t\n。.!！~～")
        return FreeVote(w, ft.find(w), ft.find(w) + len(w), False)
    return fv


def _windows(ft: str, players: Sequence[str]) -> Iterator[str]:
    """Every run of ``ft`` as long as a player's name that has one of the name's characters
    in its place (the only words :func:`_misspelt` may take)."""
    kept = {(len(n), i, c) for n in map(fold, players) for i, c in enumerate(n)}
    for n in {len(fold(p)) for p in players}:
        for i in range(len(ft) - n + 1):
            w = ft[i : i + n]
            if any((n, k, c) in kept for k, c in enumerate(w)):
                yield w


# Words a speaker calls himself by (这一票老子投了 / 本座 / 在下): "I", never a name misspelt.
_SPEAKER_WORDS = frozenset(_WORDS["speaker_words"])


def _misspelt(word: str, players: Sequence[str]) -> bool:
    """``word`` is one player's name misspelt by sound or shape, keeping one of its characters
    as it is (豆桨, 汤元, 东瓜, 南爪) and holding no word of voting (票只 and 都投 sound like 饺子
    and 土豆, but are 改票只能… and 票都投歪了)."""
    if _VOTE_CHARS.search(word) or word in _SPEAKER_WORDS:
        return False
    alike = alike_player(word, players)
    return alike is not None and any(a == b for a, b in zip(word, fold(alike[0]), strict=False))


# (and a demonstrative or measure word: 投那个瓜 points at one of two 瓜, it names no one)
_VOTE_CHARS = re.compile(r"[票投改弃选跟都也就的了是个那这]")
# A vote's verb or 票, 投 as voice input mishears it included (偷 / 头).
_VOTE_VERB = re.compile(r"[投票偷头]")


_PLUS_ONE = re.compile(r"\s*[+]\s*1\s*[!。.~～]*\s*")
# 同楼上 / 楼上+1 as the whole post, a laugh at most after it (楼上+1 666): a vote that follows
# one the post does not show — an attempt whose target is unknown (版杀7 4.1.2: a vote must
# name its target)
_FOLLOW_UNSHOWN = re.compile(
    r"\s*(?:同楼上|楼上\s*[+＋]\s*1)(?:\s*(?:6{2,}|h{2,}|哈{2,}|[!！。.~～]+))*\s*"
)


def _after_recap(
    ft: str, lines: Sequence[str], players: Sequence[str], speaker: str
) -> FreeVote | None:
    """A recap or count of others' votes (第一天：饺子投我，包子投番茄…) casts none, but its last
    line, no count itself, may (…⏎这轮票饺子。)."""
    spans = list(_line_spans(ft, lines))
    if len(spans) < 2 or not is_count(ft, players):
        return None
    s0, s1 = spans[-1]
    fv = parse_free_vote(ft[s0:s1], players, speaker=speaker)
    return None if fv is None else replace(fv, start=fv.start + s0, end=fv.end + s0)


# A list of voters and their votes (接龙 / 统计: one "voter target" a line) casts none, but the
# poster may declare one of its lines his own vote (第4行是我自己，这就算我投了 / 最后一行是我的票 /
# 我那行就算我的票): a line named by its number, as the last, or as his — its voter the poster
# himself — is read as his vote (版杀7 4.1.2: the post names whom he votes).  Not asked, supposed
# or refused (这就算我投了吗？ / 要是第4行算我的… / 第4行不算).
_LINE_REF = (
    r"(?:第\s*(?P<n>\d{1,2}|[一二三四五六七八九十])\s*(?:行|条|项|个)|(?P<last>最后一\s*(?:行|条|项))"
    r"|(?P<mine>(?:我的|我这|我那)\s*(?:一)?\s*(?:行|条|项)))"
)
_OWN_LINE = re.compile(
    rf"{_LINE_REF}[^。！？!?\n]{{0,12}}?(?:算我投了|算我(?:的)?(?:一)?票|(?:就)?是我的票|算(?:作|做)?我的(?:票)?"
    r"|就是我投的)"
)
_OWN_LINE_UNDONE = re.compile(r"[?？]|吗|如果|要是|假如|的话|不算|别算|不是")
_LIST_MARK = r"(?:(?:\d{1,2}|[一二三四五六七八九十])\s*[.、)）:：]\s*|[-*•]\s*)?"


def _own_line_declared(ft: str, names: Sequence[str], speaker: str) -> FreeVote | None:
    """The line of a voters' list the post declares the poster's own vote (:data:`_OWN_LINE`):
    its target, when the line's voter is the poster (or the poster is unknown)."""
    said = _OWN_LINE.search(ft)
    if said is None:
        return None
    start = ft.rfind("\n", 0, said.start()) + 1
    end = min(
        (i for i in (ft.find(c, said.end()) for c in "。！？!?\n") if i >= 0), default=len(ft)
    )
    if _OWN_LINE_UNDONE.search(ft, start, end):
        return None
    alt = "|".join(re.escape(n) for n in sorted({*names, ABSTAIN}, key=len, reverse=True) if n)
    row = re.compile(rf"[ \t]*{_LIST_MARK}(?P<voter>{alt})\s*(?:[:：→>—-]+|\s)\s*(?P<target>{alt})")
    rows = [(m, row.match(ft, m.start())) for m in re.finditer(r"(?m)^.*$", ft[:start])]
    listed = [(m, r) for m, r in rows if r is not None]
    if said.group("n"):
        num = cn_number(said.group("n"))
        listed = [(m, r) for m, r in listed if _item_number(m.group(0)) == num]
    elif said.group("last"):
        listed = listed[-1:]
    else:
        listed = [(m, r) for m, r in listed if r.group("voter") == speaker]
    if len(listed) != 1:
        return None
    r = listed[0][1]
    if speaker and r.group("voter") != speaker:
        return None
    return FreeVote(r.group("target"), r.start("target"), r.end("target"), False)


def _item_number(line: str) -> int | None:
    """The number a list's line opens on (4. 豆浆 冬瓜 / 四、豆浆 冬瓜), None without one."""
    m = re.match(r"[ \t]*(\d{1,2}|[一二三四五六七八九十]{1,3})\s*[.、)）:：]", line)
    return cn_number(m.group(1)) if m is not None else None


def _emoji_after_name(ft: str, aliases: Mapping[str, str]) -> str:
    """``ft`` with an emoji alias written right after its own name blanked (番茄 🍅: one
    target decorated, not two), the length kept."""
    for word, player in aliases.items():
        if not word.isalnum():
            pat = rf"({re.escape(fold(player))})((?:\s*{re.escape(word)})+)"
            ft = re.sub(pat, lambda m: m.group(1) + " " * len(m.group(2)), ft)
    return ft


def unlabelled_attempt(text: str, players: Sequence[str], start_at: int = 0) -> ParsedVote | None:
    """Under a labelled preset, a post with no 投票对象 label that still casts a vote in
    words (`我投包子`, `就投他吧`, `弃权`): a vote post whose format is wrong (M107 投票规则:
    投票格式有误的投票将算作废票; 030/M39 投票格式或投票对象有误的票无效).  Chatter that
    only names a player (`别投包子`, `要是投包子呢？`) is no attempt."""
    ft = vernacular(fold(text), text, players)
    by_fold = {**name_aliases(players), **{fold(p): p for p in players}}
    fv = parse_free_vote(ft[start_at:], list(by_fold), pronouns=True)
    fv = fv or defined_vote(ft[start_at:], list(by_fold))
    # (a name the post commits to in words — 锦缎吧，她稳 / 还是锦缎 —: a vote attempt, its
    # format wrong)
    fv = fv or decision_said(ft[start_at:], list(by_fold))
    # (a name put first with the vote's reason after it — 缆车，理由同上 —: likewise)
    fv = fv or lead_vote(ft[start_at:], list(by_fold))
    if fv is None:
        return _orphan_reason(text, ft, players, start_at)
    t0, t1 = start_at + fv.start, start_at + fv.end
    name = by_fold.get(fv.target, fv.target)
    return ParsedVote(fv.change, name, normalise_name(name), t0, t1, "", "没有“投票对象：”")


def _orphan_reason(text: str, ft: str, players: Sequence[str], start_at: int) -> ParsedVote | None:
    """A 投票理由 with no 投票对象 label (`土豆⏎投票理由：…`, or the reason alone): a vote
    post whose format is wrong; its target is the name written before the reason, if any."""
    reason = _REASON.search(ft, start_at)
    if reason is None or reason.group("colon") is None:
        return None
    head = ft[start_at : reason.start()]
    if head.strip() and len(head.strip()) > 12:
        return None  # a sentence before it: talk about reasons, not a vote
    is_change = "改票" in reason.group(0)
    name = _leading_name(normalise_name(head), [fold(p) for p in (*players, ABSTAIN)]) or ""
    by_fold = {fold(p): p for p in (*players, ABSTAIN)}
    shown = by_fold.get(name, "")
    return ParsedVote(
        is_change,
        shown,
        normalise_name(shown),
        reason.start(),
        reason.end(),
        "",
        "没有“投票对象：”",
    )


# Discuz!'s 回复 to a floor: "回复 14# 冬瓜" (bold) before the text, 14# linking the post.
_REPLY_HEAD = re.compile(r"^\s*回复\s*(\d+)\s*#\s*(\S+)")
_FINDPOST_PID = re.compile(r"goto=findpost&(?:amp;)?pid=(\d+)")


def reply_header(text: str, links: Sequence[str]) -> tuple[int | None, str] | None:
    """A post written as a 回复 to a floor: (the post it answers, from the header's findpost
    link; its author as the header shows), else None.  030/M39 【改票格式】改票需回复原投票
    楼层: a change may answer the vote's floor this way as well as quote it."""
    m = _REPLY_HEAD.match(text)
    if m is None:
        return None
    pid = next((int(p.group(1)) for h in links if (p := _FINDPOST_PID.search(h))), None)
    return pid, m.group(2)


def _name_pattern(players: Iterable[str]) -> str:
    names = sorted({fold(p) for p in players}, key=len, reverse=True)
    return "|".join(re.escape(n) for n in names)


def proxy_player(
    text: str,
    players: Sequence[str],
    other: Mapping[str, str] | None = None,
    lines: Sequence[str] = (),
) -> tuple[str, int] | None:
    """For a director's post: the player a proxy vote is for, and where the vote starts.
    ``other``: the game file's other names (7号, an alias → the player,
    :func:`auditor.game.roster.other_names`), by which a director's shorthand names the
    voter (代投 6→2); ``lines``: the post's lines as the page shows them (its text joins them),
    where a tally's rows are told apart (:func:`_without_tally`)."""
    if not players:
        return None
    ft = fold(_without_tally(text, players, lines))
    arrow = _proxy_arrow(ft, players, other or {})
    if arrow is not None:
        return arrow
    label = _LABEL.search(ft) or _LABEL_TYPO.search(ft)
    head = ft[: label.start()] if label is not None else ft
    names = _name_pattern(players)
    # between 代投 and the name: 代投：饺子 / 代投改票｜汤圆 / 代投【饺子】 / 导演代投·豆浆 /
    # 代投 - 豆浆 / 代投——豆浆 / 代投@豆浆 (030 writes 代发 for 代投: 导演代发·番茄：)
    sep = r"[\s:：·・•\-—–~～|｜/(\[【（@＠]*"
    patterns = (
        # 代包子投票 / 代 @春卷 投票 / 替豆浆投票 / 帮豆浆代投 / 代豆浆发
        rf"(?:代|替|帮)\s*[@＠]?\s*(?P<p>{names})\s*(?:代)?(?:投票|改票|投|改|发)",
        # 饺子委托 / 豆浆的代投 / 豆浆（代投）
        rf"(?P<p>{names})\s*[(（\[【]?\s*(?:的)?\s*(?:委托|代投|代改|代发)",
        # 【代投】应土豆要求代投 / 受豆浆委托 (M107 9: the director votes at the player's request)
        rf"(?:应|按|受)\s*(?P<p>{names})\s*(?:的)?\s*(?:要求|请求|委托|之托)",
        rf"代(?:投|改|发)(?:票)?(?:改票|改)?{sep}[)\]】）]?\s*(?P<p>{names})",
        rf"代发\s*[:(\[【（]?\s*[)\]】）]?\s*(?P<p>{names})\s*(?:的)?\s*(?:投票|改票|票)",
        # 代投⏎玩家：南瓜⏎投票对象：… (the player on a line of his own, labelled)
        # (【导演代投】⏎代投人：烧卖: the header, then whose vote it is)
        rf"代\s*(?:投|改)[^:：\n]{{0,6}}\n?\s*(?:玩家|委托人|委托玩家|代投人|被代投人|代投玩家)"
        rf"\s*[:：]\s*(?P<p>{names})",
    )
    by_fold = {fold(p): p for p in players}
    for pat in patterns:
        m = re.search(pat, head)
        if m:
            if label is not None:
                return by_fold[m.group("p")], label.start()
            # with no label (版杀7 代投：饺子投包子) the vote is the words after the name, and
            # after the name again where it is the vote's subject (帮油条代投一下：油条投包子)
            again = re.compile(rf"{re.escape(m.group('p'))}(?=\s*(?:改投|投|改))")
            said = again.search(ft, m.end("p"))
            return by_fold[m.group("p")], said.end() if said is not None else m.end("p")
    if label is not None and _PROXY_HEAD.search(head) and not _NOT_A_PROXY.search(head):
        # however the header words it (【代发】应包子私信请求 / 春卷私信托我代发 / 以下为导演代
        # 馄饨所投): a proxy word before the labels and one player named there, his vote
        named = set(re.findall(names, head))
        if len(named) == 1:
            return by_fold[named.pop()], label.start()
    return None


def _without_tally(text: str, players: Sequence[str], lines: Sequence[str] = ()) -> str:
    """``text`` with the lines of a tally blanked, offsets kept: a director's post that reports
    counts (two rows or more of a name, 弃权 among them, and its number of votes: a table
    「| 米肠 | 4 | 金顺姬 朴大叔(代发) |」, 「米肠 4票」 lines — :func:`tally_lines`) announces the
    result (seed 002 4.1.2; 000 9), and a 代发 / 代投 written in one of its rows tells how a
    counted ballot came, casting none.  The post's other lines are read as before (a 代投 above
    the running count is the director's vote for the player).  ``lines``: the post's lines
    (the text may join them with spaces), else the text's own."""
    shown = list(lines) or text.splitlines()
    rows = set(tally_lines("\n".join(shown), (*players, ABSTAIN)))
    if not rows:
        return text
    out = list(text)
    at = 0
    for i, line in enumerate(shown):
        said = line.strip()
        where = text.find(said, at) if said else -1
        if where < 0:
            continue
        at = where + len(said)
        if i in rows:
            out[where:at] = " " * len(said)
    return "".join(out)


# The director's shorthand (000 玩家须知 9 代投; 030's 代发): 代投 6→2 / 代投 木子李→小鹿 /
# 代发：9号 -> 5 — the voter before the arrow, the vote after it.
_ARROW = r"(?:→|->|=>|⇒|➡|➔|＞|>)"
_PROXY_ARROW_HEAD = re.compile(r"代\s*(?:投|发|改)(?:票|改票)?[\s:：·・•|｜【\[(（]*")


def _proxy_arrow(
    ft: str, players: Sequence[str], names: Mapping[str, str]
) -> tuple[str, int] | None:
    """代投 <voter> → <vote>: the voter (a player, his seat or alias) and where the vote
    starts (after the arrow), else None."""
    written = {fold(p): p for p in players}
    for alias, player in names.items():
        if player in players:
            written.setdefault(fold(alias), player)
    alts = "|".join(re.escape(n) for n in sorted(written, key=len, reverse=True))
    # a bare seat number stands for 「N号」 (阿宁: 代投 6→2)
    voter = rf"(?P<p>{alts}|(?<!\d)\d{{1,2}}(?!\d))" if alts else r"(?P<p>(?<!\d)\d{1,2}(?!\d))"
    for head in _PROXY_ARROW_HEAD.finditer(ft):
        clause = re.split(r"[。！!？?\n，,]", ft[: head.start()])[-1]
        if _NOT_A_PROXY.search(clause):
            continue
        m = re.compile(rf"{voter}\s*[】\])）]?\s*{_ARROW}\s*").match(ft, head.end())
        if m is None:
            continue
        said = m.group("p")
        whose = written.get(said) or written.get(fold(f"{said}号"))
        if whose is not None:
            return whose, m.end()
    return None


def _arrow_vote(text: str, start_at: int) -> ParsedVote | None:
    """The vote of a director's shorthand 代投 (代投 6→2, :func:`_proxy_arrow`): the words
    after the arrow to the end of their line, the target as written — the director's own
    notation, read in every preset (000 玩家须知 9: 代投必须明确指定投票对象); None when the
    vote does not start after an arrow."""
    if not start_at:
        return None
    ft = fold(text)
    if not re.search(rf"{_ARROW}\s*$", ft[:start_at]):
        return None
    m = re.compile(r"[^\n。；;，,！!？?（(]*").match(text, start_at)
    said = m.group(0).rstrip() if m is not None else ""
    if not said:
        return None
    head = ft[:start_at]
    change = bool(re.search(r"代\s*(?:投|发)?\s*改", head))
    end = start_at + len(said)
    return ParsedVote(change, said, normalise_name(said), start_at, end, "", None)


# In a director's header before the labels: a vote posted for someone (代投, 代发, 代…所投,
# 委托, 托我).
_PROXY_HEAD = re.compile(r"代[^。！!？?\n]{0,6}?(?:投|发|改)|委托|托我|所托")


_PROXY_WORD = re.compile(r"代\s*(?:投|改|发)\s*(?:改票|票)?\s*[:：]?")


def unnamed_proxy(text: str, players: Sequence[str], lines: Sequence[str] = ()) -> int | None:
    """For a director's post that says 代投 without naming the player (代投⏎投票对象：饺子):
    where the vote starts, else None.  Such a post is a vote post all the same, void: 代投
    时需给出明确的投票对象, and the vote must be someone's (issue 37 item 2)."""
    if proxy_player(text, players, lines=lines) is not None:
        return None
    ft = fold(_without_tally(text, players, lines))
    label = _LABEL.search(ft) or _LABEL_TYPO.search(ft)
    for m in _PROXY_WORD.finditer(ft, 0, label.start() if label is not None else len(ft)):
        clause = re.split(r"[。！!？?\n，,]", ft[: m.start()])[-1]
        if not _NOT_A_PROXY.search(clause):
            return m.end()
    return None


# A player asking the director to post his vote or change (M107 9 / 030: the director's 代投
# post is the vote): 麻烦帮我代发一个改票 / 请导演替我代投.
_ASKS_PROXY = re.compile(
    r"(?:帮|替)\s*[我俺]\s*(?:代\s*)?(?:发|投|改)|麻烦[^,，。！!\n]{0,6}?代\s*(?:发|投)|请[^,，。！!\n]{0,4}?代\s*(?:发|投)"
    # (导演代发投油条 in a player's post: the director named as who posts it, his act asked for)
    r"|(?:导演|法官|主持人?)\s*(?:帮我|替我|给我)?\s*代\s*(?:发|投)"
)


# Before 代投 in its clause: a rule recalled, not a vote cast (关门前一小时不允许改票或代投).
_NOT_A_PROXY = re.compile(r"不允许|不得|不能|不可|禁止|严禁|不接受")


def closest_player(name: str, players: Sequence[str], threshold: float = 0.5) -> str | None:
    """The player a misspelt target most likely means: same pinyin (音近) first, then the
    most similar characters (形近) at ``threshold`` or above."""
    norm = normalise_name(name)
    if not norm:
        return None
    from pypinyin import lazy_pinyin  # deferred: 0.3 CPU s to load, only for a misspelt name

    py = "".join(lazy_pinyin(norm))
    same = [p for p in players if "".join(lazy_pinyin(normalise_name(p))) == py]
    if len(same) == 1:
        return same[0]
    best, score = None, 0.0
    for p in players:
        s = difflib.SequenceMatcher(None, norm, normalise_name(p)).ratio()
        if s > score:
            best, score = p, s
    return best if score >= threshold else None


# A nickname made from one character of a name (圆仔, 包包): that character repeated, or
# with one of these after it.  (A prefix, 小汤 / 阿瓜, is left alone: 小 and 老 start as many
# words as they end names.)
_NICK_AFTER = "仔儿宝酱哥姐子崽"


@lru_cache(maxsize=4096)
def _readings(c: str) -> frozenset[str]:
    """Every toneless reading of a character, 平翘舌 blurred (爪: zhao, zhua → zao, zua)."""
    from pypinyin import Style, pinyin  # deferred as in closest_player

    from auditor.rules.matcher import fuzz

    return frozenset(fuzz(r) for r in pinyin(c, style=Style.NORMAL, heteronym=True)[0])


@lru_cache(maxsize=65536)
def _char_closeness(a: str, b: str) -> int:
    """How near character ``a`` (as written) is to ``b`` (the name's): 0 the same, 1 the
    same sound (酱/浆, 纸/子 平翘舌), 2 a look-alike of the matcher's table or one
    confusion step away (l/n, an/ang …), 3 the same final under another initial (爪/瓜,
    沌/饨: a 形声 look-alike shares its sound part), 9 unrelated."""
    if a == b:
        return 0
    ra, rb = _readings(a), _readings(b)
    if ra & rb:
        return 1
    look, near = _alike_tables()
    if look.get(a) == b or look.get(b) == a:
        return 2
    if any(y in near.get(x, ()) for x in ra for y in rb):
        return 2
    from auditor.rules.matcher import split_syllable

    # (a final of two letters or more under a real initial: 阿/南 share only "a")
    fa = {f for i, f in map(split_syllable, ra) if i and len(f) > 1}
    fb = {f for i, f in map(split_syllable, rb) if i and len(f) > 1}
    return 3 if fa & fb else 9


@lru_cache(maxsize=1)
def _alike_tables() -> tuple[dict[str, str], dict[str, tuple[str, ...]]]:
    """The matcher's 形近 table (``lexicons/_lookalike.txt``) and its 近音 steps
    (``lexicons/_confusion.txt``), as the bundled lexicon has them."""
    from auditor.rules import lexicon
    from auditor.rules.matcher import fuzz, near_table

    lex = lexicon.load()
    near = near_table(tuple(lex.confusion))
    return dict(lex.lookalike), {fuzz(k): tuple(fuzz(x) for x in v) for k, v in near.items()}


def _alike(word: str, name: str) -> str | None:
    """How ``word`` reads as ``name`` (音近 / 形近 / 音形近), else None: as long as the name,
    each character the same or near, at least one the same or the same sound, at most one
    only a look-alike or a rhyme."""
    if len(word) != len(name) or len(name) < 2 or word == name:
        return None
    grades = [_char_closeness(a, b) for a, b in zip(word, name, strict=True)]
    if max(grades) == 9 or min(grades) > 1 or sum(g >= 2 for g in grades) > 1:
        return None
    if max(grades) == 1:
        return "音近"
    return "形近" if 2 in grades and not _readings_meet(word, name) else "音形近"


def _readings_meet(word: str, name: str) -> bool:
    return all(_readings(a) & _readings(b) for a, b in zip(word, name, strict=True))


def _nickname(word: str, name: str, players: Sequence[str]) -> bool:
    """``word`` is a nickname of ``name`` only: one character of the name that no other
    player's name has, repeated or with a nickname affix (圆仔, 包包), with 子 and an affix
    (茄子哥 for 番茄), or the whole name after 小 / 阿 (小番茄)."""
    if len(word) == 3 and word[0] in "小阿" and word[1:] == name:
        return True
    if len(word) == 3 and word[1] == "子" and word[2] in _NICK_AFTER and word[2] != "子":
        word = word[0] + word[2]  # 茄子哥 → 茄哥
    if len(word) != 2:
        return False
    core, affix = word[0], word[1]
    if affix != core and affix not in _NICK_AFTER:
        return False
    return core in name and not any(core in p for p in players if p != name)


def alike_player(word: str, players: Sequence[str]) -> tuple[str, str] | None:
    """The one player a word that names no player sounds or looks like (豆酱 → 豆浆, 饺纸 →
    饺子, 冬爪 → 冬瓜) or is a nickname of (圆仔 → 汤圆), with how it was read; None when
    no player or more than one is that close (DESIGN §8: 音近、形近 names)."""
    w = normalise_name(word)
    by_norm = {normalise_name(p): p for p in players}
    if w and w not in by_norm and (other := name_aliases(players).get(fold(w))) is not None:
        return other, "别名"  # 马铃薯 for 土豆, 油tiao for 油条 (:func:`name_aliases`)
    if re.fullmatch(r"[a-z]{2,4}", w) and (one := players_by_initials(tuple(players)).get(w)):
        return one, "拼音首字母"  # DG for 冬瓜: the one player whose initials they are
    if not w or w in by_norm or not all("\u4e00" <= c <= "\u9fff" for c in w):
        return None
    if len(w) == 1:
        cut = cut_name(w, players)
        return None if cut is None else (cut, "截断的名字")
    found = {p: how for n, p in by_norm.items() if (how := _alike(w, n)) is not None}
    if not found:
        found = {p: "昵称" for n, p in by_norm.items() if _nickname(w, n, list(by_norm))}
    if len(found) != 1:
        return None
    ((player, how),) = found.items()
    return player, how


def cut_name(char: str, players: Sequence[str]) -> str | None:
    """The one player whose name ``char`` begins and no other name holds: a name cut off
    after its first character (投票对象：番 typed on a bus, 投冬…… in a tunnel)."""
    c = fold(char)
    hits = [p for p in players if len(p) >= 2 and fold(p).startswith(c)]
    if len(hits) != 1 or any(c in fold(p) for p in players if p != hits[0]):
        return None
    return hits[0]


# A name broken off: its first character, then the marks of a sentence left unfinished.
_CUT_MARKS = ("…", "...", "——")


def read_as_note(word: str, player: str, how: str) -> str:
    """The director's note on a ballot whose target was read by sound, shape or nickname."""
    return f"“{word}”不是玩家，按{how}读作 {player}"


def edit_time(post: Post, tz: Any) -> datetime | None:
    """The minute of the post's edit notice ("本帖最后由 饺子 于 2026-11-30 06:17 编辑")."""
    if not post.edited:
        return None
    m = _EDIT_TIME.search(post.edited)
    if not m:
        return None
    y, mo, d, h, mi = (int(g) for g in m.groups())
    return datetime(y, mo, d, h, mi, tzinfo=tz)


# --------------------------------------------------------------------------- posts


def target_names(ctx: Context) -> dict[str, str]:
    """Every name a player can be voted under: the player names, the forum names seen on
    posts by a player's uid (a renamed member, ``[players] uids``) and the game file's seats
    and aliases (``[players] seats``, ``[players.aliases]``) → the player."""
    game = ctx.game
    names = {p: p for p in game.players}
    by_uid = {uid: name for name, uid in game.uids.items()}
    authors = ctx.authors
    if authors is None:
        authors = list(dict.fromkeys((gp.post.author, gp.post.author_uid) for gp in ctx.posts))
    for author, uid in authors:
        player = by_uid.get(uid) if uid is not None else None
        if (
            player in game.players
            and author
            and author not in names
            and author not in game.directors
            and author not in game.spectators
        ):
            assert player is not None
            names[author] = player
    # the game file's other names: seats (7号) and aliases (auditor.game.roster)
    return {**other_names(game), **names}


def _effective_post(
    post: Post, close: datetime, versions: VersionsFn | None, tz: Any
) -> tuple[Post, bool, str]:
    """The version of a vote post the tally uses: (post, needs_director_check, note)."""
    history: list[tuple[datetime | None, Post]] = []
    if versions is not None and post.pid is not None:
        for _v, seen, p in versions(post.pid):
            try:
                seen_at: datetime | None = datetime.fromisoformat(seen)
            except (TypeError, ValueError):
                seen_at = None
            history.append((seen_at, p))
    if not history:
        history = [(None, post)]
    for i in range(len(history) - 1, -1, -1):
        seen_at, p = history[i]
        et = edit_time(p, tz)
        plausible = seen_at is not None and seen_at >= p.posted_at and (et is None or seen_at >= et)
        if plausible and seen_at is not None and seen_at <= close:
            return p, False, "" if i == len(history) - 1 else "关门后有编辑：按关门前抓取的版本计"
        if et is not None:
            if et + timedelta(seconds=59) <= close:
                return p, False, "" if i == len(history) - 1 else "关门后有编辑：按关门前的版本计"
            continue
        if i == 0:  # the text as first stored, with no edit notice: the original
            return p, False, "" if len(history) == 1 else "关门后有编辑：按最初的版本计"
    et = edit_time(post, tz)
    when = f"（{et:%m-%d %H:%M}）" if et else ""
    return post, True, f"关门后编辑过{when}且没有关门前的版本：请导演核对投票是否被改动"


def strike_out(text: str, struck: Sequence[str]) -> str:
    """``text`` with each of the ``struck`` parts (in order) blanked to spaces, offsets
    kept: a struck-through name or label is withdrawn (投[s]包子[/s] 土豆 is a vote for
    土豆), and the words crossed out never vote."""
    cursor = 0
    for part in struck:
        i = text.find(part, cursor)
        if i < 0:
            continue
        text = text[:i] + " " * len(part) + text[i + len(part) :]
        cursor = i + len(part)
    return text


# A separator line: dashes, rules or underscores alone (——————, ------, ＿＿＿＿, ====).
_SEPARATOR = re.compile(r"[-—–─━_＿=＝~～·•*]{4,}")
# What a signature block says it is (豆浆的签名：… / 豆浆 敬上｜… / sig: …).
_SIGNATURE = re.compile(r"签名|簽名|个签|個簽|敬上|谨上|謹上|signature|\bsig\b", re.IGNORECASE)


def without_signature(text: str, lines: Sequence[str]) -> tuple[str, list[str]]:
    """``text`` and ``lines`` with a forum signature under the post blanked out (offsets
    kept): a separator line, then at most three lines of which the first says it is a
    signature (签名 / 敬上 / sig), under a body of the post's own.  A signature is the same
    under every post, so the names and votes in it are not this post's (投春卷。⏎——————⏎
    豆浆的签名：投番茄保平安 is a vote for 春卷).  A separator before a conclusion
    (分析…⏎------⏎结论：投冬瓜) is no signature: the block does not say it is one."""
    shown = [(i, line.strip()) for i, line in enumerate(lines) if line.strip()]
    for k in range(len(shown) - 1, 0, -1):
        i, line = shown[k]
        if not _SEPARATOR.fullmatch(line):
            continue
        tail = shown[k + 1 :]
        if not 1 <= len(tail) <= 3 or not _SIGNATURE.search(tail[0][1]):
            return text, list(lines)
        spans = list(_line_spans(text, lines))
        if len(spans) != len(shown):
            return text, list(lines)
        start = spans[k][0]
        blank = "".join(c if c == "\n" else " " for c in text[start:])
        return text[:start] + blank, list(lines[:i])
    return text, list(lines)


# A letter's closing (此致⏎敬礼 / 祝⏎新春愉快 / 顿首): a name alone after it signs the letter.
_CLOSING = re.compile(r"此致\s*敬礼|此致|敬礼|顿首|祝\S{0,8}|\S{0,6}(?:愉快|安好|顺利|快乐)")
# A letter's salutation as its first line (诸位： / 致南瓜同学： / 各位：).
_SALUTATION = re.compile(r"\S{1,10}[:：]")


# A last line that signs the post off with a dash, a title at most, then the writer's own name
# (——守灯人 饺子 / —— 老船长饺子 / --饺子): who writes, as at a letter's foot, not a vote for him.
_SIGN_OFF = re.compile(r"(?:——|—|--|~~|～～)\s*(?P<title>[^\s，,。！!？?：:]{0,6})\s*(?P<name>\S+)")


def _signed_off(line: str, voter: str) -> bool:
    """``line`` is a dash's sign-off (:data:`_SIGN_OFF`) ending with ``voter``'s own name, its
    title no vote word."""
    m = _SIGN_OFF.fullmatch(line)
    if m is None:
        return False
    title, name = fold(m.group("title")), fold(m.group("name"))
    if not name.endswith(fold(voter)) or re.search(r"投|票|选|改|弃", title + name):
        return False
    return len(title) + len(name) - len(fold(voter)) <= 6


def without_letter_signature(
    text: str, lines: Sequence[str], players: Sequence[str], voter: str = ""
) -> tuple[str, list[str]]:
    """``text`` and ``lines`` with a letter's signature blanked (offsets kept): a line that
    is only a player's name right after the letter's closing (致饺子同学：…⏎此致⏎敬礼⏎油条),
    or the ``voter``'s own name as the last line of a letter that opens with a salutation
    (诸位：⏎…⏎油条).  The one who signs is the writer, not a vote for him; a postscript after
    the signature (附：本轮投冬瓜) is still read."""
    names = {fold(p) for p in players if p}
    shown = [line.strip() for line in lines if line.strip()]
    spans = list(_line_spans(text, lines))
    if len(spans) != len(shown) or len(shown) < 2:
        return text, list(lines)
    letter = _SALUTATION.fullmatch(shown[0]) is not None
    signed = [
        k
        for k in range(2, len(shown))
        if fold(shown[k]) in names
        and (
            _CLOSING.fullmatch(shown[k - 1]) is not None
            or (letter and k == len(shown) - 1 and fold(shown[k]) == fold(voter))
        )
    ]
    if voter and _signed_off(shown[-1], voter):
        signed.append(len(shown) - 1)
    if not signed:
        return text, list(lines)
    out = text
    for k in signed:
        start, end = spans[k]
        out = out[:start] + " " * (end - start) + out[end:]
    gone = {shown[k] for k in signed}
    return out, [line if line.strip() not in gone else "" for line in lines]


_COUPLET_LINE = re.compile(r"\s*(?:上联|下联)\s*[:：]")
_COUPLET_HEAD = re.compile(r"\s*横批\s*[:：]")


def without_couplet_lines(text: str, lines: Sequence[str]) -> tuple[str, list[str]]:
    """``text`` and ``lines`` with a couplet's two lines blanked (offsets kept) where it has
    its 横批: the pair (上联：投南瓜者皆聪明⏎下联：投番茄者亦有理) is a set piece played on
    words, the 横批 says what the writer concludes (横批：我弃权吧 is his vote; 横批：我不改
    casts none).  A couplet that writes the labels (上联：投票对象：南瓜) is the vote."""
    shown = [line for line in lines if line.strip()]
    if not any(_COUPLET_HEAD.match(line) for line in shown):
        return text, list(lines)
    if _LABEL.search(fold(text)):
        return text, list(lines)  # 上联：投票对象：南瓜⏎下联：投票理由：潜水 — the format, kept
    spans = list(_line_spans(text, lines))
    if len(spans) != len(shown):
        return text, list(lines)
    out = text
    for (start, end), line in zip(spans, shown, strict=True):
        if _COUPLET_LINE.match(line):
            out = out[:start] + " " * (end - start) + out[end:]
    return out, [line if not _COUPLET_LINE.match(line) else "" for line in lines]


# What breaks a name inside (冬.瓜 / 南/瓜 / 春·卷 / 冬_瓜 / 番-茄): a dot, slash, middle
# dot, underscore or hyphen, spaces around it allowed.  A comma or full stop ends a clause.
_NAME_BREAK = r"\s*[.·・‧•/／_＿\-－]\s*"


@lru_cache(maxsize=64)
def _broken_name_patterns(players: tuple[str, ...]) -> tuple[tuple[str, re.Pattern[str]], ...]:
    return tuple(
        (p, re.compile(_NAME_BREAK.join(re.escape(c) for c in fold(p))))
        for p in players
        if len(p) >= 2
    )


def join_broken_names(text: str, players: Sequence[str]) -> str:
    """``text`` with each player's name written broken by a mark between its characters
    (冬.瓜, 南/瓜, 春·卷, 冬_瓜) written whole, the length kept (padded with spaces): the
    name as a player writes it to dodge a search, or by a slip.  Two names joined by a mark
    (冬瓜/南瓜) are two names, untouched."""
    ft = fold(text)
    for player, pattern in _broken_name_patterns(tuple(players)):
        for m in pattern.finditer(ft):
            s, e = m.span()
            text = text[:s] + player + " " * (e - s - len(player)) + text[e:]
    return text


def broken_name(word: str, players: Sequence[str]) -> str | None:
    """The one player whose name ``word`` is, written broken by a mark (春·卷, 冬_瓜)."""
    joined = normalise_name(join_broken_names(word, players))
    hits = [p for p in players if normalise_name(p) == joined]
    return hits[0] if len(hits) == 1 and joined != normalise_name(word) else None


def read_vote_text(
    text: str,
    lines: Sequence[str],
    st: VoteSettings,
    players: Sequence[str],
    start_at: int = 0,
    struck: Sequence[str] = (),
    voter: str = "",
    quoted: Sequence[str] = (),
    dropped: list[str] | None = None,
) -> ParsedVote | None:
    """What one post's text says about voting under the preset's format: the one reader
    for both forms (a labelled vote is valid under the free format; a vote in words is a
    void vote post under a labelled one).  ``start_at``: where a director's 代投 starts;
    ``struck``: the post's struck-through parts (:func:`strike_out`); ``voter``: whose
    vote it would be; ``quoted``: the texts the post quotes (a vote it follows);
    ``dropped``: gets the learned reading's note when it drops a void reading as no vote."""
    text = _cast_text(text, lines, players, start_at, struck)
    original = text
    text, lines = without_signature(text, lines)
    text, lines = without_letter_signature(text, lines, players, voter)
    text, lines = without_couplet_lines(text, lines)
    text, lines = unwrapped(text), [unwrapped(line) for line in lines]
    text, lines = after_recall(text, lines)
    if st.format == "free":
        text = _without_time_left(text)
        text = _without_in_time_question(text, players)
        text = without_writing_aside(text, players)
        text = join_broken_names(text, players)
        lines = [join_broken_names(line, players) for line in lines]
        pv = free_vote(text[start_at:], players, lines if start_at == 0 else (), voter)
        if pv is not None and start_at:
            pv = replace(pv, start=pv.start + start_at, end=pv.end + start_at)
    elif start_at == 0 and _ASKS_PROXY.search(fold(text)) and not _LABEL.search(fold(text)):
        return (
            None  # 导演，麻烦帮我代发一个改票，改成番茄: a request; the director's 代投 is the vote
        )
    else:
        pv = parse_vote_text(
            text,
            lines,
            reason_required=st.reason_required,
            start_at=start_at,
            players=players,
            one_line=st.one_line,
        )
        if pv is not None and _not_his_ballot(fold(text), start_at, pv.start, players, voter):
            return None
        pv = _unlabelled_change(pv, st)
        pv = _abstention_by_rule(text, start_at, pv)
    if start_at == 0 and quoted:
        pv = _followed(text, pv, st, players, quoted[-1]) or pv
    if pv is not None and _withdrawn(text, lines, pv, players):
        return None
    pv = _second_reading(original, pv, st, players, start_at, voter, quoted, dropped)  # learned
    if pv is None:
        return None
    left = said_minutes_left(original)
    return pv if left is None else replace(pv, minutes_left=left)


# The director's 代投 that the rule itself makes 弃权 (000 9 代投必须明确指定投票对象，不允许给出条件让
# 导演确定投票对象，否则视为弃权): the post says so before its label (…按规则视为弃权。⏎投票对象：弃权).
_ABSTAIN_BY_RULE = re.compile(r"(?:视为|视作|按|算作?|记为|作)\s*弃权")


def _abstention_by_rule(text: str, start_at: int, pv: ParsedVote | None) -> ParsedVote | None:
    """A 代投 (``start_at`` > 0) of 弃权 the director records as the rule's outcome of a
    request with a condition (:data:`_ABSTAIN_BY_RULE` in the post before the label): the
    rule's verdict, not the player's ballot, asks no 投票理由 of him."""
    if (
        pv is None
        or not start_at
        or pv.target != normalise_name(ABSTAIN)
        or not (pv.format_error or "").startswith("缺少")
        or "理由" not in (pv.format_error or "")
    ):
        return pv
    if not _ABSTAIN_BY_RULE.search(fold(text[: pv.start])):
        return pv
    return replace(pv, format_error=None)


def _not_his_ballot(ft: str, start_at: int, at: int, players: Sequence[str], voter: str) -> bool:
    """The labelled ballot at ``at`` in ``ft`` (folded) is no vote of the poster's: the format
    shown (给大家示范一下格式：⏎投票对象：饺子), or a ballot he types for another (我想帮我室友投一票：
    投票对象：… / 帮包子登记个投票：…) — only the director's 代投 is a vote of another player (000 9,
    001, 004), as under the free format (freevote.typed_for_another)."""
    if _shown_as_example(ft, start_at, at) or _mentioned_as_kind(ft, at):
        return True
    return start_at == 0 and typed_for_another(ft, at, players, voter)


# After a label's target on its own line, the label taken up as a kind of thing the sentence
# talks about (投票对象：南瓜 这款格式，导演的例子是饺子 / 投票对象：冬瓜 这款票今天不少): a mention of
# the format or of others' ballots, not a ballot (a ballot's label is used, never referred to).
_AS_A_KIND = re.compile(
    r"[^\s:：，,。]{1,8}?\s*(?:这|那|呢)\s*(?:一)?\s*(?:款|(?:种|样|类|个)\s*(?:的)?\s*(?:格式|写法|票))"
)


def _mentioned_as_kind(ft: str, at: int) -> bool:
    """The label whose target starts at ``at`` is taken up, on its line, as a kind the sentence
    talks about (:data:`_AS_A_KIND`)."""
    end = ft.find("\n", at)
    return _AS_A_KIND.match(ft, at, len(ft) if end < 0 else end) is not None


def _cast_text(
    text: str, lines: Sequence[str], players: Sequence[str], start_at: int, struck: Sequence[str]
) -> str:
    """The text a vote is read in: its struck parts out (:func:`strike_out`) and, for a
    director's 代投 (``start_at``), the running count he posts beside it (:func:`_without_tally`)
    blanked — no part of the vote."""
    if struck:
        text = strike_out(text, struck)
    return _without_tally(text, players, lines) if start_at else text


def _second_reading(
    text: str,
    pv: ParsedVote | None,
    st: VoteSettings,
    players: Sequence[str],
    start_at: int,
    voter: str,
    quoted: Sequence[str],
    dropped: list[str] | None = None,
) -> ParsedVote | None:
    """A player's own post (``start_at`` 0: no director's 代投) read again by the learned models
    where they overrule the grammar (:func:`auditor.rules.votebook.learned.second_reading`,
    whose docstring states the rule):
    a void reading dropped as no vote, or (when adding is on) an unread post read as a vote
    that says it rests on the model (「机读：…」 in its note or its format problem)."""
    if start_at:
        return pv
    names = {normalise_name(p) for p in (*players, ABSTAIN)} | SELF_WORDS
    void = pv is not None and not pv.follows and (pv.format_error or pv.target not in names)
    grammar = "none" if pv is None else "void" if void else "valid"
    free = st.format == "free"
    seen = second_reading(text, players, voter, free=free, quoted=bool(quoted), grammar=grammar)
    if seen is None:
        return pv
    if not seen.vote:  # a void reading the model is sure is no vote at all: said (``dropped``)
        if dropped is not None:
            dropped.append(seen.note)
        return None
    error = None if free else f"没有按格式投票（{seen.note}）"
    target = normalise_name(seen.target)
    return ParsedVote(
        seen.change, seen.target or "？", target, 0, len(text), "", error, read_as=seen.note
    )


# The time left before the vote closes, as a post states it of the moment it is written (002
# 说明3 投票时间结束前1小时内不允许改票; 000 白天结束前一个小时不得改票 / 投票截至的30分钟前 代投;
# 001 and 004 关门前一小时不允许改票或代投): 离关门还有四十分钟 / 距投票结束50分钟 / 还剩半小时 /
# 还有三刻钟关门 / 关门前最后二十分钟.  Not the rule recalled (关门前一小时不允许改票: no 还有 /
# 距), a question (还有多久关门？/ 还剩半小时吗), a supposition or a plan (等还剩半小时再改 /
# 要是只剩十分钟), nor time left to something else (还有四十分钟下班).
_CLOSE = r"(?:关门|截止|截票|封票|收票|投票结束|投票截止|白天结束|天黑|结束投票|停止投票|结束)"
_AMOUNT = r"(?:\d{1,3}|[一二两三四五六七八九十半]{1,4})"
_DURATION = (
    rf"(?P<n>{_AMOUNT})\s*(?:个\s*)?(?P<half>半\s*)?"
    rf"(?P<unit>分钟|分|小时|钟头|个钟|刻钟|刻|min(?:ute)?s?|h(?:ours?)?)(?P<half2>半)?"
)
_SPAN = re.sub(r"\(\?P<\w+>", "(?:", _DURATION)
_DURATION_AT_END = re.compile(rf"{_DURATION}$", re.IGNORECASE)
_LEFT = r"(?:还有|还剩下?|只剩下?|只有|尚有|尚余|仅剩|剩下?|不到|不足|就剩)"
_TIME_LEFT = re.compile(
    rf"(?:离|距离?)\s*(?:本轮|今天|今日|本日)?\s*{_CLOSE}\s*(?:时间)?\s*(?:只)?\s*(?:{_LEFT})?\s*{_SPAN}"
    rf"|{_LEFT}\s*(?:最后)?\s*{_SPAN}(?=\s*(?:就|便)?\s*(?:要)?\s*{_CLOSE}|\s*(?:了|啦|哦|喔|啊)?\s*(?:$|[\s,，。.!！~～…;；:：)）\]】]))"
    rf"|{_CLOSE}\s*前\s*(?:的)?\s*最后\s*{_SPAN}"
    # (the post's moment stamped in brackets: （关门前四十分钟） / （20:15，关门前45分钟）: the time
    # it is written, not the rule recalled — a rule names what is not allowed, a stamp nothing)
    rf"|[（(【\[]\s*(?:[^）)】\]\n]{{0,12}}?[，,、\s]\s*)?{_CLOSE}\s*前\s*(?:的)?\s*{_SPAN}"
    r"(?=\s*[）)】\]])",
    re.IGNORECASE,
)
_TIME_UNDONE = re.compile(
    r"[?？]|吗|多久|多少|几|如果|要是|假如|万一|等到?|到时|的话|之后|以后|再说"
)


def said_minutes_left(text: str) -> int | None:
    """The minutes before the close that the post says are left as it is written
    (:data:`_TIME_LEFT`; the smallest, when it says several), None when it says none."""
    ft = fold(text)
    found: list[int] = []
    for m in _TIME_LEFT.finditer(ft):
        s, e = m.span()
        head = ft[:s]
        clause = (
            re.split(r"[。.!！?？;；\n，,]", head)[-1]
            + ft[s:e]
            + re.split(r"[。.!！;；\n，,]", ft[e:])[0][:8]
        )
        if _TIME_UNDONE.search(clause):
            continue
        d = _DURATION_AT_END.search(m.group(0))
        if d is None:
            continue
        half = bool(d.group("half") or d.group("half2"))
        minutes = _minutes(d.group("n"), d.group("unit"), half)
        if minutes is not None:
            found.append(minutes)
    return min(found) if found else None


def _without_time_left(text: str) -> str:
    """``text`` with the time it says is left before the close (:func:`said_minutes_left`:
    改投豆浆⏎还剩半小时) blanked, offsets kept: a remark on the clock beside the vote, no part
    of it — the vote before it stays the post's last clause (the judge reads the minutes from
    the whole text)."""
    if said_minutes_left(text) is None:
        return text
    ft = fold(text)
    out = list(text)
    for m in _TIME_LEFT.finditer(ft):
        end = m.end()
        tail = re.match(r"\s*(?:就|便)?\s*(?:要)?\s*(?:了|啦|哦|喔|啊)?", ft[end:])
        end += tail.end() if tail else 0
        out[m.start() : end] = " " * (end - m.start())
    return "".join(out)


# A question after the vote's own clause asking only whether it is in time or counts (投米肠
# 还来得及吗 / 投米肠还算不算？ / 投米肠 现在还有效吗): words.toml ``in_time_words``, perhaps after
# 还 / 现在 / 这会儿 / 是不是 / 已经, then the question's particle or mark and nothing else to the
# clause's end.  A question of the vote itself (投X吗？ / 要是投X呢？ / 投X还是Y？) asks whom.
_IN_TIME_ASKED = re.compile(
    r"\s*(?:现在|这会儿|这时候|这个点|是不是|已经)?\s*(?:还)?\s*"
    rf"(?:{'|'.join(re.escape(w) for w in sorted(_WORDS['in_time_words'], key=len, reverse=True))})"
    r"\s*(?:吗|么|嘛|吧|不|没|没有|呢|啊|呀)?\s*(?:[?？]+|(?=[，,。.！!~～…\n]|$))"
)


# A vote's verb before the name in its clause (投 / 改投 / 票给 / 选 / 改成).
_CASTS_BEFORE = re.compile(r"投|票|选|改")


def _without_in_time_question(text: str, players: Sequence[str]) -> str:
    """``text`` with a question on the vote's timeliness that follows a name in the vote's
    clause (:data:`_IN_TIME_ASKED`) blanked, offsets kept: a vote posted with a question about
    its own timeliness is a vote attempt (late, void and seen after the close: seed 002 4.1.2
    说明2), the question no undoing of it.  It must ask (a particle or mark ends it) and follow
    directly a player's name (or 弃权) cast by a vote's verb in its clause (投X / 改投X / 票给X);
    what comes before is read as ever (要是投X 还来得及吗 stays supposed)."""
    names = _name_pattern((*players, ABSTAIN))
    if not names:
        return text
    ft = fold(text)
    out = list(text)
    for m in re.finditer(rf"(?:{names})", ft):
        clause = re.split(r"[，,。！!？?；;\n]", ft[: m.start()])[-1]
        if not _CASTS_BEFORE.search(clause):
            continue  # 番茄过了吗 (a bare name) may ask of the player: only a vote said as one
        q = _IN_TIME_ASKED.match(ft, m.end())
        if q is None or not re.search(r"[吗么嘛吧不没呢?？]", q.group(0)):
            continue
        out[q.start() : q.end()] = " " * (q.end() - q.start())
    return "".join(out)


def _minutes(n: str, unit: str, half: bool) -> int | None:
    unit = unit.lower()
    count = 0.5 if n == "半" else cn_number(n)
    if count is None:
        return None
    if unit.startswith(("小时", "钟头", "个钟", "h")):
        return int((count + (0.5 if half else 0)) * 60)
    if unit.startswith("刻"):
        return int(count * 15)
    return int(count)


# A message recalled as a chat app shows it, written into the post (撤回了一条消息 / （撤回） /
# ——撤回—— / 冬瓜，撤回，土豆): what stands before it is taken back before the post was sent.
# Not 撤回 with an object (撤回对包子的票 / 这票撤回，转投豆浆: a change said in words), not
# negated (没撤回), not someone else's (饺子撤回了一条消息: a report).
_RECALL = re.compile(
    r"(?:已|我)?撤回了?\s*(?:一|1)\s*条(?:消息)?"
    r"|[(（\[【]\s*(?:已)?撤回(?:了)?\s*[)）\]】]"
    r"|[—─\-~～=]+\s*(?:已)?撤回(?:了)?\s*[—─\-~～=]+"
    r"|(?:^|(?<=[\s,，。.!！;；、/|]))(?:已)?撤回(?:了)?(?=\s*(?:$|[\s,，。.!！;；、/|]))"
)
# Right before the marker, a word of its clause: someone else's recall, told.
_RECALL_NOT_MINE = re.compile(r"[^\s,，。.!！;；、/|(（\[【—─\-~～=]$")
# After a 撤回 that opens the post: its object, the vote it withdraws (撤回 tp 南瓜 / 撤回投南瓜).
_AFTER_VOTE = re.compile(r"[\s,，:：]*(?:投|tp|票|我的票|上一?票)", re.IGNORECASE)
# What may follow the marker before the post goes on (punctuation, a line's decoration).
_AFTER_RECALL = re.compile(r"[\s,，。.!！;；、/|—─\-~～=]*")


# A line of its own that declares what stands above it void and the post goes on below it
# (——上面作废，手滑发早了，以下面为准—— / 以上不算，以下为准): the poster replaces, inside one post
# before it is sent, what he wrote first — read as a recall (one vote: what follows, no change).
# Not a line inside a sentence (他说上面作废), nor one with nothing after it (以上作废，我还没想好:
# the vote taken back, :data:`_WITHDRAW_LINE`).
_VOID_ABOVE = re.compile(
    r"[\s—─\-~～=*_]*(?:(?:以上|上面|前面|上述|上边)(?:的|那个|这个)?(?:内容|投票|票|那票|这票|格式)?"
    r"\s*(?:作废|不算|无效|不作数)|以下(?:面)?为准|下面为准)"
)


# Before the declaration in a later clause of its line, words that make it no longer the poster's
# own, now (他说上面作废 / 如果上面不算 / 上面不算吗？): told, supposed or asked.
_VOID_ABOVE_NOT_OWN = re.compile(r"他|她|你|说|如果|要是|假如|的话|[?？]|吗")


def _void_above(ft: str, text: str, lines: Sequence[str]) -> int | None:
    """The end of the last line that declares what stands above it void (:data:`_VOID_ABOVE`)
    with words after it, or None.  The declaration may follow the poster's own short clauses
    in its line (等等，上面那个不算，看了X的理由改主意了，以下为准：), none of them telling,
    supposing or asking (:data:`_VOID_ABOVE_NOT_OWN`)."""
    cut = None
    for start, end in _line_spans(text, lines):
        if start <= 0 or not ft[end:].strip():
            continue
        if _VOID_ABOVE.match(ft, start):
            cut = end
            continue
        for m in re.finditer(r"(?<=[，,。！!；;…])", ft[start:end]):
            at = start + m.start()
            if _VOID_ABOVE.match(ft, at) and not _VOID_ABOVE_NOT_OWN.search(ft, start, end):
                cut = end
                break
    return cut


def after_recall(text: str, lines: Sequence[str]) -> tuple[str, list[str]]:
    """``text`` and ``lines`` with everything up to the post's last :data:`_RECALL` marker
    blanked (offsets kept): a vote followed by 撤回了一条消息 and nothing else is taken back
    (no vote attempt); 冬瓜，撤回，土豆，撤回，冬瓜 is one vote for the last name, no change
    (the switches happen inside one post, before it is sent)."""
    ft = fold(text)
    cut = None
    for m in _RECALL.finditer(ft):
        head = ft[: m.start()]
        said = m.group(0).startswith(("撤", "已"))  # (not in brackets or between dashes)
        if said and _RECALL_NOT_MINE.search(head) and not head.endswith("我"):
            continue  # 饺子撤回了一条消息: someone else's, told
        if (
            m.group(0) == "撤回"
            and not head.strip(" \t\n,，。.!！;；、/|")
            and _AFTER_VOTE.match(ft, m.end())
        ):
            continue  # 撤回 投南瓜 改投冬瓜: nothing before it to recall; it withdraws the vote it names
        cut = m.end()
    above = _void_above(ft, text, lines)
    if above is not None and (cut is None or above > cut):
        cut = above
    if cut is None:
        return text, list(lines)
    cut = _AFTER_RECALL.match(ft, cut).end()  # type: ignore[union-attr]
    spans = list(_line_spans(text, lines))
    blank = "".join(c if c == "\n" else " " for c in text[:cut])
    out = blank + text[cut:]
    kept = [out[max(s, cut) : e] for s, e in spans if e > cut]
    return out, kept


# A pair of BBCode tags the forum left as written ([spoiler]汤圆[/spoiler] / [spoiler=今日投票]…
# [/spoiler]): markup around the words, not words (a quote is the page parser's).
_LITERAL_TAGS = re.compile(
    r"\[(?P<tag>(?!quote\b)[a-z]{1,12})(?:=[^\]\n]{0,40})?\](?P<inner>[^\[\n]{0,80})\[/(?P=tag)\]",
    re.IGNORECASE,
)


def unwrapped(text: str) -> str:
    """``text`` with :data:`_LITERAL_TAGS` blanked to spaces (every position kept), the words
    inside them kept."""

    def blank(m: re.Match[str]) -> str:
        return (
            " " * (m.start("inner") - m.start())
            + m.group("inner")
            + " " * (m.end() - m.end("inner"))
        )

    return _LITERAL_TAGS.sub(blank, text)


# A post that opens by following a vote (+1 / 跟 / 跟票 / 同上 / 附议, a reason may come after).
# (at the start of any line or after a colon: 好吧还是投个人：⏎[quote]…[/quote]⏎同上)
_FOLLOW = re.compile(
    r"(?:^|(?<=[\n:：]))\s*(?:[+＋]\s*1|跟票?|跟了|同上|附议|跟楼上)(?=\s*(?:$|[,，。.!！~～;；]))"
    r"(?:\s*[,，。.!！~～;；]?\s*(?:[+＋]\s*1|跟票?|跟了|同上|附议)(?=\s*(?:$|[,，。.!！~～;；])))*"
)


# 跟豆浆 as a line of its own: following the vote of the author the post quotes.
_FOLLOW_AUTHOR = re.compile(
    r"(?:^|(?<=\n))\s*跟(?:着|随)?\s*(?P<who>[^\s,，。!！]{1,6})\s*(?=$|\n)"
)


def _followed(
    text: str, pv: ParsedVote | None, st: VoteSettings, players: Sequence[str], quote: str
) -> ParsedVote | None:
    """`+1，跟` under a quote of a vote: a vote for the quoted vote's target (the post shows
    whom it follows); void where the preset prescribes a format (no 投票对象 label).  None
    when the post names its own target or the quote holds no vote."""
    known = {normalise_name(p) for p in (*players, ABSTAIN)}
    if pv is not None and pv.target in known:
        return None
    m = _FOLLOW.search(fold(text))
    if m is None:
        m = _FOLLOW_AUTHOR.search(fold(text))
        if m is None or m.group("who") not in re.split(r"发表|\n", quote, maxsplit=1)[0]:
            return None  # (跟豆浆 under 豆浆's quoted vote follows it)
    qv = free_vote(quote, players)
    if qv is None or qv.target not in known or qv.format_error:
        return None
    problem = None if st.format == "free" else "没有“投票对象：”"
    t0 = m.start() + len(text[m.start() : m.end()]) - len(text[m.start() : m.end()].lstrip())
    return ParsedVote(False, text[t0 : m.end()], qv.target, t0, m.end(), "", problem)


# A line of its own, after the vote, that takes it back: 以上作废，我还没想好 / 开玩笑的，别当真，
# 正式票等会儿发 / 算了不投了.
_WITHDRAW_LINE = re.compile(
    # (the line may open on a dash or dots, a pause before it: ——开玩笑。不算。 / ……算了)
    r"[\s—─\-–~～…]*(?:(?:以上|上面|刚才)(?:的)?(?:投票|票)?(?:作废|不算)|开玩笑|算了)"
)


# A line of its own, after the vote, where the poster says he votes later (大家照这个来，我自己
# 等会再投 / 下一楼正式投): what came before was shown or tried, not cast.  Not a reason put off
# (理由晚点补), not a change considered (晚点再改), not another's vote (你等会再投).
_VOTES_LATER = re.compile(
    r"(?:等会儿?|待会儿?|等下|晚点|稍后|回头|过会儿?|下一?楼|下一?帖)\s*(?:再|才|正式|重新)*\s*投"
    # (再投 / 才投 ending its clause, with nothing voted after it: 下课再投 / 想清楚再投)
    r"|(?:再|才)\s*投\s*(?:票)?\s*(?:吧|啦)?(?=\s*(?:$|[，,。！!~～.]))"
)


# The poster's vote said to stand in another post (我的票在上面 / 改投冬瓜，在楼上 / 票见3楼 /
# 以改票那层为准): the
# post points to where it was cast — a recap, no new attempt.  Said as his own (not 他的票在楼上).
_VOTE_ELSEWHERE = re.compile(
    r"(?:(?:我的?|俺的?)\s*票|我投的|我改的)\s*(?:已经)?\s*(?:在|见)\s*(?:上面|楼上|上一?楼|前面|\d+\s*楼)"
    r"|(?:^|(?<=[，,]))\s*(?:在|见)\s*(?:楼上|上面|上一?楼)\s*[。.!！~～]*\s*$"
    # (以改票那层为准 / 以12楼为准: another floor named the one that counts — not 以此帖 / 以本楼 /
    # 以这条为准, this post itself)
    r"|以\s*(?:(?![此本这])[^，,。！!？?\n]){1,8}?(?:楼|层|帖)\s*为准"
)


def _vote_elsewhere(text: str) -> bool:
    """The post says the poster's vote stands in another post (:data:`_VOTE_ELSEWHERE`)."""
    ft = fold(text)
    return any(said_as_own(ft, m.start(), m.end()) for m in _VOTE_ELSEWHERE.finditer(ft))


def _withdrawn(
    text: str, lines: Sequence[str], pv: ParsedVote, players: Sequence[str] = ()
) -> bool:
    """The vote taken back on a later line of the same post (a labelled vote's reason runs
    to the end of the text, so the words after it are found by line): no vote attempt.  A
    joke then confirmed (开玩笑的，主要是…) stays a vote; a vote put off to later
    (:data:`_VOTES_LATER`) leaves none."""
    for start, end in _line_spans(text, lines):
        line = fold(text[start:end])
        if start >= pv.end and _WITHDRAW_LINE.match(line) and taken_back(fold(text), start):
            return True  # (not taken back — 算了，这帖不算 / 开玩笑的，主要是…: read on)
        later = _VOTES_LATER.search(line) if start >= pv.end else None
        if later and not _REASON.search(line) and said_as_own(line, *later.span()):
            return True
    if _called_an_example(text, lines, pv):
        return True
    return withdraws_own_ballot(fold(text), pv.end, players) or _vote_elsewhere(text)


# Said of a labelled block after it, on a later line or in an aside (（…）, ← …, ——…): the block was
# a sample of the format, practice or a copy of the example (格式我先抄一遍练习 / 这是示范，不是
# 我的票 / （格式样本，给X看的） / 抄错咗范例) — shown, not cast, as when it is announced before it.
_EXAMPLE_AFTER = re.compile(r"示范|演示|范例|示例|样例|样本|练习|模板|抄错")
_ASIDE_AFTER = re.compile(r"[（(][^）)\n]*[）)]|(?:←|<-|——)[^\n]*")


def _called_an_example(text: str, lines: Sequence[str], pv: ParsedVote) -> bool:
    """The labelled block ending at ``pv.end`` is called a sample or practice after it
    (:data:`_EXAMPLE_AFTER` on a later line or in an aside, :data:`_ASIDE_AFTER`)."""
    if not _LABEL.search(fold(text[: pv.end])):
        return False  # a vote in words calls no form a sample
    later = [
        text[a:b]
        for a, b in _line_spans(text, lines)
        if a >= pv.end and not _REASON_LINE.match(fold(text[a:b]))
    ]
    later += [m.group(0) for m in _ASIDE_AFTER.finditer(text, pv.end)]
    return any(_EXAMPLE_AFTER.search(fold(seg)) for seg in later)


# A line that opens with the reason's label: the ballot's own reason (投票理由：写个正确示范，顺便投一票).
_REASON_LINE = re.compile(r"\s*(?:投票|改票)?\s*理由\s*[:：]")


def read_ballot(
    ctx: Context,
    st: VoteSettings,
    gp: GamePost,
    day: int,
    w: Window,
    corrections: Mapping[int, VoteCorrection],
    versions: VersionsFn | None,
    names: Mapping[str, str] | None = None,
    dropped: list[tuple[GamePost, str, str]] | None = None,
) -> Ballot | None:
    """The post as an unjudged ballot (None when it is no vote attempt): the version the
    tally uses, its parsed vote, a correction's verdict, the target resolved to a player;
    ``dropped`` gets the post the learned reading drops (:func:`_noted_drop`)."""
    game, post = ctx.game, gp.post
    if gp.lastwords:  # killbar7: the dead post last words in the vote thread
        return None
    correction = corrections.get(post.pid) if post.pid is not None else None
    if post.hidden is not None and correction is None:
        return None
    voter, proxy, start_at = _voter(game, gp)
    if voter is None:
        return None
    note, edit_check, used = "", False, post
    if post.posted_at <= w.closes:
        used, edit_check, note = _effective_post(post, w.closes, versions, game.timezone)
    cands = list(names) if names else list(game.players)

    def parse(p: Post, start: int = 0, sink: list[str] | None = None) -> ParsedVote | None:
        return _read_post(p, st, cands, _start_in(p, post, start_at, start), voter, sink)

    machine: list[str] = []  # the learned reading's note, when it drops this version's void reading
    pv, edited_target = parse(used, sink=machine), ""
    if versions is not None and post.pid is not None:
        used, pv, note, edited_target = _target_edits(
            game,
            post,
            used,
            pv,
            note,
            versions(post.pid),
            parse,
            proxied=proxy is not None,
            names=names,
        )
    if pv is None and correction is None:
        _noted_drop(dropped, gp, voter, machine, proxied=proxy is not None)
        return None
    match: Match | None = None
    if pv is not None:
        if used is post:
            match = Match(post.text[pv.start : pv.end], pv.start, pv.end, pv.format_error or "")
        else:  # spans of an earlier version do not point into the current text
            match = Match(used.text[pv.start : pv.end], 0, 0, "关门前的版本")
    b = Ballot(
        gp=gp,
        day=day,
        round=w.round,
        voter=voter,
        kind=VoteKind.VOTE,
        target=None,
        target_text=pv.target_text if pv else "",
        proxy=proxy,
        note=_with_read_as(note, pv, st),
        edit_check=edit_check,
        edited_target=edited_target,
        written_change=bool(pv and pv.change),
        match=match,
        judged="" if used is post else used.text,
        correction=correction,
    )
    if correction is not None:
        if correction.invalid:
            return replace(b, valid=False, problem="corrected")
        return replace(b, target=correction.target)
    assert pv is not None
    return _held(_read_target(b, pv, game, names))


def _held(b: Ballot) -> Ballot:
    """A ballot whose only stored text the forum says was written after the close (本帖最后由
    … 于 <after the close> 编辑, ``edit_check``): what stood at the close is unknown, and a
    vote written after the close is void (002 4.1.2; 000 修改错别字不算做改票) — held, not
    counted, and asked with its text and link (the book's 计票待核对) until a
    ``[[correction]]`` says what it was."""
    if not b.edit_check:
        return b
    return replace(b, target=None, valid=False, problem="edited_after_close", detail=b.note)


# the ``dropped`` note of a director's 代投 post whose vote was not read (:func:`read_ballot`)
PROXY_UNREAD = "代投没读懂"


def _start_in(p: Post, post: Post, start_at: int, start: int) -> int:
    """Where the vote starts in ``p``, a version of ``post`` (whose vote starts at
    ``start_at``): the stored copy the tally uses, its text the post's, starts where the post
    does (a 代投's words after its head); another version where ``start`` says."""
    if p is post or (not start and p.text == post.text):
        return start_at
    return start


def _noted_drop(
    dropped: list[tuple[GamePost, str, str]] | None,
    gp: GamePost,
    voter: str,
    machine: list[str],
    *,
    proxied: bool = False,
) -> None:
    """(post, voter, note) into ``dropped`` when the learned reading dropped the grammar's void
    reading of the version the tally uses (:func:`_second_reading`): the post is still a vote
    post (M107 5(2)), and the director is shown it (:func:`auditor.rules.votebook.doubt.show_dropped`)."""
    if dropped is None:
        return
    if proxied:  # a director's 代投 whose vote is not read: asked, never silent (fh47c item 1)
        dropped.append((gp, voter, PROXY_UNREAD))
    elif machine:
        dropped.append((gp, voter, machine[0]))


def _read_post(
    p: Post,
    st: VoteSettings,
    cands: Sequence[str],
    at: int,
    voter: str,
    dropped: list[str] | None = None,
) -> ParsedVote | None:
    """:func:`read_vote_text` over a stored post: its struck parts and its quotes."""
    arrow = _arrow_vote(p.text, at)  # the director's shorthand 代投 6→2
    if arrow is not None:
        return arrow
    quoted = [q.text for q in p.quotes]
    struck = struck_texts(p.message_html)
    pv = read_vote_text(p.text, p.lines, st, cands, at, struck, voter, quoted, dropped)
    if pv is not None and pv.follows and st.format != "free":
        return replace(pv, follows="")  # under a labelled preset 跟X names no target: void
    return pv


def _unlabelled_change(pv: ParsedVote | None, st: VoteSettings) -> ParsedVote | None:
    """改票⏎投票对象：X where the rule set prescribes no change label (``change_label`` false:
    版杀7 4.1.2 has no 改票格式, a labelled killbar7 game): a change, not a void ballot."""
    if pv is not None and pv.format_error == _CHANGE_AS_VOTE and not st.change_label:
        return replace(pv, format_error=None)
    return pv


def _with_read_as(note: str, pv: ParsedVote | None, st: VoteSettings) -> str:
    """The ballot's note with how the free format read its target (按音近读作 汤圆): the
    director sees that the vote counts for a player it does not name."""
    if pv is None or not pv.read_as or st.format != "free":
        return note
    return "；".join(x for x in (note, pv.read_as) if x)


def _read_target(b: Ballot, pv: ParsedVote, game: Game, names: Mapping[str, str] | None) -> Ballot:
    """The ballot void for its format (a 代投 naming no player among them), else its target
    resolved."""
    if b.proxy is not None and b.voter == b.proxy:
        return replace(b, valid=False, problem="format", detail="代投没有写明是哪位玩家的票")
    if pv.format_error:
        return replace(b, valid=False, problem="format", detail=pv.format_error)
    if pv.minutes_left is not None:
        b = replace(b, said_left=pv.minutes_left)
    return _resolve_target(b, pv, game, names)


def _voter(game: Game, gp: GamePost) -> tuple[str | None, str | None, int]:
    """(voter, proxying director, where the vote starts in the text): a director's post
    proxies the player it names first; a player's own post is his vote."""
    post = gp.post
    if post.author in game.directors:
        found = proxy_player(post.text, game.players, other_names(game), post.lines)
        if found is not None:
            return found[0], post.author, found[1]
        at = unnamed_proxy(post.text, game.players, post.lines)
        if at is not None:  # 代投 naming no player: listed under the director, void
            return post.author, post.author, at
        return None, None, 0
    if gp.player is not None and not gp.exempt:
        return gp.player, None, 0
    if gp.player is None and post.author and post.author not in game.spectators:
        # someone not in the game votes in its vote thread: a vote post that does not
        # count, listed for the director (a vote attempt is a vote post, issue 37)
        return post.author, None, 0
    return None, None, 0


def _target_edits(
    game: Game,
    post: Post,
    used: Post,
    pv: ParsedVote | None,
    note: str,
    stored: Sequence[tuple[Any, str, Post]],
    parse: Callable[[Post, int], ParsedVote | None],
    *,
    proxied: bool,
    names: Mapping[str, str] | None,
) -> tuple[Post, ParsedVote | None, str, str]:
    """Editing the target is not a change (a change is a new post quoting the original;
    "修改错别字不算做改票" covers edits that keep the target): the first stored version's
    target counts and the director is told.  Every later version is compared with the
    first, not only the one the tally uses: after an edit past the close the tally already
    uses the first, and comparing it with itself hid the edit.  Returns (the post version
    used, its parsed vote, the note, the edit message or "")."""
    history = [v for _n, _seen, v in stored]

    def parse_version(p: Post) -> ParsedVote | None:
        if p is post:
            return pv if used is post else parse(post, 0)
        if not proxied:
            return parse(p, 0)
        found = proxy_player(p.text, game.players, other_names(game), p.lines)
        if found is None:
            return None
        return parse(p, found[1])

    by_norm0 = {normalise_name(a): p for a, p in (names or {}).items()}
    first = history[0] if history else None
    fpv = None
    if first is not None and (len(history) > 1 or first.text != post.text):
        fpv = parse_version(first)
    if first is None or fpv is None or not fpv.target:
        return used, pv, note, ""
    later = [post, *reversed(history[1:])]  # newest first: the latest edit is named
    for version in later:
        if version.text == first.text:
            continue
        vpv = parse_version(version)
        if (
            vpv is not None
            and vpv.target
            and by_norm0.get(fpv.target, fpv.target) != by_norm0.get(vpv.target, vpv.target)
        ):
            edited = (
                f"投票对象被编辑修改：原为“{fpv.target_text}”，现为“{vpv.target_text}”；"
                "编辑不算改票（改票须另发帖引用原投票帖），按原投票计，请导演核对"
            )
            if used.text != first.text:
                note = "；".join(x for x in (note, "按最初的版本计") if x)
            return first, fpv, note, edited
    return used, pv, note, ""


def _followed_target(b: Ballot, followed: str) -> Ballot:
    """跟X: a 代投 of it is a condition the director cannot vote on (000 玩家须知 9 代投必须明确
    指定投票对象，不允许给出条件让导演确定投票对象，否则视为弃权) — 弃权; a player's own post is
    left to the judge, who reads it as X's standing vote at the post's time."""
    if b.proxy is not None:
        detail = f"代投写的是“跟{followed}”：给出条件而不是投票对象，按规则视为弃权"
        return replace(b, target=ABSTAIN, detail=detail, follows="")
    return replace(b, target=followed, follows=followed)


def _resolve_target(
    b: Ballot, pv: ParsedVote, game: Game, names: Mapping[str, str] | None
) -> Ballot:
    """The ballot's target: 弃权, a player (by name or a known alias), or a problem naming
    the closest player."""
    by_norm = {normalise_name(p): p for p in game.players}
    if names:
        by_norm = {**{normalise_name(a): p for a, p in names.items()}, **by_norm}
    if pv.target == normalise_name(ABSTAIN):
        return replace(b, target=ABSTAIN)
    if pv.follows and pv.follows in game.players:
        return _followed_target(b, pv.follows)
    if pv.target in SELF_WORDS and b.voter in game.players:
        return replace(b, target=b.voter)  # 投票对象：我自己
    named = read_name(game, pv.target_text)  # a seat, an alias ([players]: auditor.game.roster)
    if named is not None and named.player is not None:
        return replace(b, target=named.player, note="；".join(x for x in (b.note, named.how) if x))
    if pv.target in by_norm:
        return replace(b, target=by_norm[pv.target])
    if named is not None:  # 4号 夏天 (seat and name disagree), 7号 with no seat list
        return replace(b, detail=named.how)
    suggestion = closest_player(pv.target_text, game.players)
    detail = f"“{pv.target_text}”不是玩家" + (f"，是否想投：{suggestion}？" if suggestion else "")
    return replace(b, suggestion=suggestion, detail=detail)
