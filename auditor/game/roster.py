"""Players' other names: the one place a written name becomes a player.

A director who seats his players (阿宁: 「1 阿明；2 小鹿；…」 in the sign-up thread) and the
players after him write 「7号」, 「7」 or 「7号 夏天」 for 夏天; a director of another style
writes 小梨 for 冰糖雪梨.  The game file says what these stand for: ``[players] seats``
(the players in seat order, 1号 first) and ``[players.aliases]`` (player = [other names]),
validated by :mod:`auditor.game.gamefile`.  The readers call this module where they match a
name — the vote reader for a ballot's target (:func:`read_name`), discovery for a
director's post (:func:`spell_out`) — and never keep a map of their own.

Nothing here guesses: a seat number names a player only when the game file has a seat list,
an alias only when the file declares it; a seat and a name that disagree (「4号 夏天」) name
no one.  When posts write seats and the file has none, :func:`unseated_note` says so once.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from auditor.game.gamefile import Game
from auditor.game.titles import cn_number

# a seat number: 7 / ７ / 七 / 十二, then 号 (號) and 位 as written; one or two digits
_NUM = r"(?:\d{1,2}|[一二两三四五六七八九十]{1,3})"
_SEAT = re.compile(rf"(?P<n>{_NUM})\s*(?:[号號](?:位)?)?")
# what around a name is no part of it: brackets, quotes, @, the edge punctuation
_EDGE = "　 \t@＠\"'“”‘’「」『』【】[]()（）<>《》,，.。、;；:：!！?？~～"

# the words that mark the seat question among the tally's questions
UNSEATED = "张票写的是座位号"
# docs/game-file.md's section on other names: where a notice sends the director
DOC_LINK = "docs/game-file.md#玩家的别名和座位号"


@dataclass(frozen=True, slots=True)
class Named:
    """What a written name stands for: the player (None: no one), and how it was read
    (按座位表读作 夏天) or why no one (7号是 夏天，名字写的是 番茄炒蛋)."""

    player: str | None
    how: str = ""


def seat_player(game: Game, number: int) -> str | None:
    """The player in seat ``number`` (1号 is the first), None without a seat list."""
    if 1 <= number <= len(game.seats):
        return game.seats[number - 1]
    return None


def _plain(text: str) -> str:
    return unicodedata.normalize("NFKC", text).strip(_EDGE).strip()


def _seat_number(text: str) -> int | None:
    """The seat a written name is, when it is only a seat (7号, ７, 七号位)."""
    m = _SEAT.fullmatch(text)
    return cn_number(m.group("n")) if m else None


def _by_name(game: Game, text: str) -> str | None:
    """The player a written name is by his name or a declared alias (width and case
    folded)."""
    if text in game.players:
        return text
    if text in game.aliases:
        return game.aliases[text]
    folded = text.casefold()
    for name in (*game.players, *game.aliases):
        if _plain(name).casefold() == folded:
            return name if name in game.players else game.aliases[name]
    return None


def read_name(game: Game, written: str) -> Named | None:
    """What ``written`` (a ballot's target, a name slot of a post) stands for under the game
    file's seats and aliases: a :class:`Named`, or None when it is neither a seat nor an
    alias (the caller's own reading stands: a player's name, a typo to suggest).

    - 「7号」 / 「7」 / 「七号」: seat 7's player (with a seat list; without one, no one, and
      the reason says the file has no seat list);
    - 「7号 夏天」 / 「夏天（7号）」: the player when seat and name agree, else no one;
    - 「小夏」: the player the alias is declared for."""
    text = _plain(written)
    if not text:
        return None
    if text in game.aliases:
        alias_of = game.aliases[text]
        return Named(alias_of, f"“{written.strip()}”按游戏文件的别名读作 {alias_of}")
    number = _seat_number(text)
    if number is not None:
        return _seat(game, written, number)
    parts = _seat_and_name(text)
    if parts is None:
        return None
    number, name = parts
    player = _by_name(game, name)
    seated = _seat(game, written, number)
    if player is None or seated.player is None:
        return None  # (a name no one has; no seat list: the name's own reading stands)
    if seated.player == player:
        return Named(player, f"“{written.strip()}”读作 {player}")
    return Named(None, f"“{written.strip()}”：{number}号是 {seated.player}，名字写的是 {player}")


def _seat(game: Game, written: str, number: int) -> Named:
    player = seat_player(game, number)
    if player is not None:
        return Named(player, f"“{written.strip()}”按座位表读作 {player}")
    if not game.seats:
        return Named(None, f"“{written.strip()}”是座位号，游戏文件里没有座位表（[players] seats）")
    return Named(None, f"“{written.strip()}”：座位表只有 {len(game.seats)} 个座位")


_SEAT_THEN_NAME = re.compile(rf"(?P<n>{_NUM})\s*[号號]\s*(?:位)?\s*[:：\-—·]?\s*(?P<name>.+)")
_NAME_THEN_SEAT = re.compile(rf"(?P<name>.+?)\s*[(（\[【]?\s*(?P<n>{_NUM})\s*[号號][)）\]】]?")


def _seat_and_name(text: str) -> tuple[int, str] | None:
    """(seat, name) of 「7号 夏天」 / 「夏天（7号）」 / 「夏天 7号」; None otherwise."""
    for rx in (_SEAT_THEN_NAME, _NAME_THEN_SEAT):
        m = rx.fullmatch(text)
        if m is not None:
            n = cn_number(m.group("n"))
            name = _plain(m.group("name"))
            if n is not None and name:
                return n, name
    return None


def other_names(game: Game) -> dict[str, str]:
    """Every other name the game file gives a player, as written → the player: the
    declared aliases and each seat's 「N号」 (the vote reader's list of names a player can
    be voted under)."""
    out = dict(game.aliases)
    for i, player in enumerate(game.seats, start=1):
        out[f"{i}号"] = player
    return out


# ------------------------------------------------------------------- a director's post

# the words a seat slot follows in a director's short post: the seeds' event labels (M107
# 公示: 出局, 警长; 替补; 代投; 更正 … 不是 …), a colon, an arrow or a list's separator
_SLOT_HEAD = (
    r"(?:[:：→>]|->|出局|死亡|警长|警徽|代投|代发|替补|更正|不是|而非|放逐|投出|带走|罚下|"
    r"吹笛|被刀|当选|移交|给)"
)
_BARE = r"(?<!\d)(?<!\d[.:：/\-])(?:\d{1,2})(?![\d.:：/\-]|\s*(?:票|点|时|日|天|号|月|年|分|人|次|帖|楼|位|个|轮|h|H|%))"
_BARE_LIST = re.compile(
    rf"(?P<head>{_SLOT_HEAD}\s*)(?P<list>{_BARE}(?:\s*(?:[,，、]|和|及|→|->)\s*{_BARE})*)"
    r"(?=\s*(?:$|[\n。；;，,、!！]|不是|而非|→|->|\s))"
)
# a seat written with 号, anywhere but in a date (12月7号, 12-7号) or before an hour (7号晚上)
_NUMBERED = re.compile(
    r"(?<![\d月/\-.])(?P<n>\d{1,2})\s*[号號](?!\s*(?:晚|早|上午|下午|中午|凌晨|白天|夜|\d|[零一二三四五六七八九十]+点))"
)


def spell_out(game: Game, text: str) -> str:
    """A director's post with the game file's other names written as the players' names,
    for discovery's grammar, which reads names (:mod:`auditor.game.announce`): 「出局: 3」 →
    「出局: 老周」, 「警徽: 7→2」 → 「警徽: 夏天→小鹿」, 「替补: 10号 石头→大白」 → 「替补:
    石头→大白」, 「老鹅当上警长了」 → 「大鹅炖粉条当上警长了」.  A bare number is a seat only
    in a slot (after an event label, a colon or an arrow, alone or in a list), never in a
    time, a date or a count; the text is unchanged without seats and aliases."""
    if game.seats:
        text = _NUMBERED.sub(lambda m: _numbered(game, text, m), text)
        text = _BARE_LIST.sub(lambda m: m.group("head") + _bare_list(game, m.group("list")), text)
    if game.aliases:
        text = _aliases_spelt(game, text)
    return text


def _numbered(game: Game, text: str, m: re.Match[str]) -> str:
    player = seat_player(game, int(m.group("n")))
    if player is None:
        return m.group(0)
    after = text[m.end() :].lstrip(" 　")
    if after.startswith(player):  # 10号 石头: the name follows, the seat is said once
        return ""
    return player


def _bare_list(game: Game, written: str) -> str:
    def one(m: re.Match[str]) -> str:
        player = seat_player(game, int(m.group(0)))
        return player if player is not None else m.group(0)

    return re.sub(r"\d{1,2}", one, written)


def _aliases_spelt(game: Game, text: str) -> str:
    """Each declared alias as its player's name, except inside a player's own name."""
    names = sorted({*game.players, *game.aliases}, key=len, reverse=True)
    rx = re.compile("|".join(re.escape(n) for n in names))
    return rx.sub(lambda m: game.aliases.get(m.group(0), m.group(0)), text)


# ------------------------------------------------------------------- never silent


def seat_written(written: str) -> bool:
    """Whether a ballot's target is written as a seat (7号, 5, 7号 夏天)."""
    text = _plain(written)
    return bool(text) and (_seat_number(text) is not None or _seat_and_name(text) is not None)


def unseated_note(
    game: Game, ballots: Iterable[Mapping[str, object]]
) -> tuple[int, str, list[int]] | None:
    """The one question for a game whose vote posts write seats while its file has no seat
    list: (the first such day, the words, the posts' pids), or None.  ``ballots`` are the
    check records' rows (``target`` is the written text of a ballot with no player)."""
    if game.seats:
        return None
    found = [
        b
        for b in ballots
        if b.get("target") not in game.players
        and b.get("target") not in (None, "", "弃权")
        and seat_written(str(b.get("target")))
    ]
    if not found:
        return None
    shown = "、".join(dict.fromkeys(f"“{b['target']}”" for b in found[:3]))
    pids = [_int(b["pid"]) for b in found if b.get("pid") is not None]
    words = (
        f"有 {len(found)} {UNSEATED}（{shown}），游戏文件里没有座位表：在 [players] "
        f"seats 里按座位顺序写出玩家（1号在最前），这些票就按座位读（见 {DOC_LINK}）"
    )
    return min(_int(b["day"]) for b in found), words, pids


def _int(value: object) -> int:
    return int(str(value))


def names_written(game: Game, names: Sequence[str]) -> list[str]:
    """``names`` as the players they stand for (a seat, an alias, a name); unknown ones
    kept as written.  For forms and commands that take a player typed by hand."""
    out = []
    for n in names:
        named = read_name(game, n)
        out.append(named.player if named is not None and named.player else n.strip())
    return out
