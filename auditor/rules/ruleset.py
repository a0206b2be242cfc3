"""Rule sets are data: presets in ``auditor/rulesets/<name>.toml`` that a game file extends.

Every ``.toml`` file in that folder is a preset (:data:`auditor.rulesets.NAMES`).  A preset
has a ``[ruleset]`` table (``title``, ``seed``, game-wide settings from :data:`SETTINGS`)
and one ``[rules.CODE]`` table per rule it enables; rules it does not list are disabled.
``extends = "other"`` in ``[ruleset]`` starts from another preset (its settings, rules and
citations); the extending file's own values and citations win, ``enabled = false``
switches off a rule it inherits.

Values cite the seed clause they encode in a ``sources`` sub-table
(``[rules.CODE.sources]``, ``[ruleset.sources]``) so that ``auditor rules CODE`` can show
where each threshold comes from.  A citation alone cites the default: a preset writes a
value only where it differs from the rule's default.  A citation for an option or setting
that does not exist is an error.

The game file's ``[rules]`` table overrides settings (``[rules] night_posts = …``) and
rule options (``[rules.LURK-DAY] min_posts = 4``); ``enabled = true`` turns on a rule
the preset left off.  One validator checks all of it and names the rule and key it
rejects.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from auditor.errors import GameFileError
from auditor.game.gamefile import ThreadKind
from auditor.game.structure import schedule_problem
from auditor.rules.base import Option
from auditor.rules.lexicon import CENSOR, load_path
from auditor.rules.registry import REGISTRY, all_rules
from auditor.rulesets import listing, names, preset_text


@dataclass(frozen=True)
class _HoursWindow(Option):
    """``reminder_hours``: [earliest, latest] hours before the close, earliest first."""

    def check(self, value: object) -> str | None:
        reason = Option.check(self, value)
        if reason:
            return reason
        if (
            not isinstance(value, list | tuple)
            or len(value) != 2
            or not all(isinstance(h, int | float) and not isinstance(h, bool) for h in value)
            or not 48 >= value[0] >= value[1] >= 0
        ):
            return "应当是 [最早, 最晚] 两个小时数，例如 [2, 1.5]（关门前 2 小时到 1.5 小时之间）"
        return None


SETTINGS: dict[str, Option] = {
    "night_posts": Option(str, "none", "讨论日以外（夜晚）的发言计入哪一天", ("none", "next_day")),
    "count_kinds": Option(
        list, ["discussion", "vote"], "计入发言数的帖子类型", tuple(k.value for k in ThreadKind)
    ),
    "lastwords_window": Option(
        bool, False, "出局玩家可以在当天规定时间内自己发遗言（版杀7 4.2.2）"
    ),
    "lastwords_hours": Option(
        list, [20, 24], "出局玩家自己发遗言的时段（当地时间，[开始, 结束) 小时；版杀7 环节五）"
    ),
    "sheriff_weight": Option(float, 1.0, "警长票的票数"),
    "tie_break": Option(
        str, "none", "平票时的处理", ("none", "sheriff_target", "sheriff_target_if_tied")
    ),
    "red_card_at_close": Option(
        str,
        "after_vote",
        "关门时的红牌罚下：before_vote 先于投票结算（被罚下者的票和投给他的票都无效）；"
        "after_vote 在投票结算之后",
        ("before_vote", "after_vote"),
    ),
    "cards": Option(
        bool,
        True,
        "规则集有没有牌（蓝、黄、红）：false = 没有牌（版杀7），没有写明处理的规则只提醒导演，"
        "不起草牌",
    ),
    "escalate": Option(
        bool,
        True,
        "同类违规判罚后再犯，蓝牌升级为黄牌（M107、030 判罚制度 黄牌“明知故犯”）；"
        "false = 规则帖没有这一条：再犯仍按规则集（或游戏文件）的牌",
    ),
    "factions_lose_on_two_reds": Option(bool, False, "同一阵营两张红牌则该阵营判负"),
    "announce_faction_loss": Option(
        bool, False, "公告里公布阵营判负（会透露阵营：默认只在报告里提醒导演）"
    ),
    "substitutes_per_role": Option(
        int, 0, "每名角色最多更换几次替补（0 = 不限）；超过时在报告里提醒导演", minimum=0
    ),
    # The vote tally (auditor/rules/votebook/procedure.py); the vote rules' own thresholds
    # (format, reason, changes, proxies) are options of VOTE-FORMAT, VOTE-CHANGE, VOTE-LATE.
    "vote_procedure": Option(
        str,
        "plurality",
        "计票程序：plurality 最高票 | killbar3 三轮投票制",
        ("plurality", "killbar3"),
    ),
    "vote_suspect_share": Option(float, 0.2, "killbar3 试探性投票：票数超过该比例成为可疑者"),
    "vote_suspect_base": Option(
        str, "alive", "可疑者比例的基数：alive 存活玩家数 | cast 有效投票数", ("alive", "cast")
    ),
    "vote_majority_base": Option(
        str, "alive", "“票数过半”的基数：alive 存活玩家数 | cast 有效投票数", ("alive", "cast")
    ),
    # The days' lengths and close (auditor/game/structure.py): what discovery infers a day's
    # close from when neither its opening post nor the rules thread states one.
    "schedule": Option(
        dict,
        {},
        "讨论日的长短与关门钟点：first_days 第一天跨几个自然日，days 以后每天跨几个自然日，"
        "close 关门钟点（HH:MM，24:00 为当天结束；空 = 种子没有写，第一晚请导演填写），"
        "phases 每个投票帖是一个 0:00–24:00 的环节",
    ),
    # Banned phrases (auditor/rules/phrases.py): the director's own lexicons.
    "lexicons": Option(
        list,
        [],
        "导演自己的违禁词库（文件、文件夹或 Discuz! 词语过滤导出；相对游戏文件）；"
        "有导演自己的词时 PHRASE-CENSOR 就为这局打开",
    ),
    # The director's drafts (auditor/report/drafts.py, ``auditor post``): which exist and
    # where each may go.
    "midday_tally": Option(
        bool, True, "讨论日进行中可以公布票型（截至某时的有效票，不下结论；版杀7 不计票）"
    ),
    "reminder": Option(
        str,
        "copy",
        "投票提醒发在哪里：copy 给导演复制（QQ 群等，不发帖）| forum 可以发到进程帖",
        ("copy", "forum"),
    ),
    "reminder_hours": _HoursWindow(
        list, [2.0, 1.5], "在关门前多少小时之间提醒投票（[最早, 最晚]，小时）"
    ),
}


# Settings that became options of the vote rules: a game file or preset still naming one
# is told where it lives now.
MOVED_SETTINGS: dict[str, tuple[str, str]] = {
    "vote_format": ("VOTE-FORMAT", "format"),
    "vote_reason_required": ("VOTE-FORMAT", "reason_required"),
    "vote_change_limit": ("VOTE-CHANGE", "limit"),
    "vote_change_deadline": ("VOTE-CHANGE", "deadline"),
    "vote_change_quote": ("VOTE-CHANGE", "quote"),
    "vote_proxy_deadline": ("VOTE-LATE", "proxy_deadline"),
    "vote_proxy_change": ("VOTE-LATE", "proxy_change"),
}


@dataclass(frozen=True, slots=True)
class RuleSet:
    name: str
    title: str
    seed: str
    settings: Mapping[str, Any]
    rules: Mapping[str, Mapping[str, Any]]  # enabled rules only: code -> resolved options
    sources: Mapping[str, Mapping[str, str]] = field(
        default_factory=dict
    )  # code|"ruleset" -> key -> cite
    disabled: tuple[str, ...] = ()
    # Disabled rules' resolved options (the preset's and the game file's values over the
    # defaults): what a rule that is off would judge by.  The vote book obeys the vote
    # rules' thresholds whether or not their findings are reported.
    off: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)

    def options(self, code: str) -> Mapping[str, Any]:
        return self.rules[code]

    def resolved(self, code: str) -> Mapping[str, Any]:
        """A rule's options, whether it is enabled or not."""
        return self.rules[code] if code in self.rules else self.off[code]

    def enabled(self, code: str) -> bool:
        return code in self.rules


def _fail(where: str, key: str, reason: str) -> GameFileError:
    return GameFileError(where, key, reason)


@dataclass(slots=True)
class _Preset:
    """One preset file's tables with what it ``extends`` merged in (its own values win)."""

    title: str
    seed: str
    settings: dict[str, Any]  # [ruleset] values (no title/seed/extends/sources)
    rules: dict[str, dict[str, Any]]  # code -> [rules.CODE] values (no sources)
    sources: dict[str, dict[str, str]]  # code | "ruleset" -> option -> citation


_HEAD_KEYS = ("title", "seed", "extends", "name", "sources")


def _where(name: str, folder: Path | None) -> str:
    return str(folder / f"{name}.toml") if folder is not None else f"auditor/rulesets/{name}.toml"


def _read_preset(name: str, folder: Path | None, chain: tuple[str, ...] = ()) -> _Preset:
    where = _where(name, folder)
    if name in chain:
        raise _fail(where, "ruleset.extends", f"循环继承：{' → '.join((*chain, name))}")
    try:
        data = tomllib.loads(preset_text(name, folder))
    except FileNotFoundError:
        parent = chain[-1] if chain else name
        raise _fail(
            _where(parent, folder),
            "ruleset.extends" if chain else "game.ruleset",
            f"未知的规则集 {name!r}；可用：{listing(folder)}",
        ) from None
    head = dict(data.get("ruleset", {}))
    extends = head.get("extends")
    if extends is not None and not isinstance(extends, str):
        raise _fail(where, "ruleset.extends", "应当是另一个规则集的名字（字符串）")
    base = (
        _read_preset(extends, folder, (*chain, name))
        if extends
        else _Preset("", "", {}, {}, {"ruleset": {}})
    )
    title, seed = head.get("title", base.title), head.get("seed", base.seed)
    if not title or not seed:
        raise _fail(where, "ruleset.title" if not title else "ruleset.seed", "每个规则集都要写明")
    sources = {code: dict(cites) for code, cites in base.sources.items()}
    settings = {**base.settings, **{k: v for k, v in head.items() if k not in _HEAD_KEYS}}
    sources["ruleset"].update(_cites(head.get("sources", {}), SETTINGS, where, "ruleset"))
    rules = {code: dict(table) for code, table in base.rules.items()}
    for code, table in data.get("rules", {}).items():
        rule = get_or_fail(code, where)
        values = {k: v for k, v in table.items() if k != "sources"}
        rules[code] = {**rules.get(code, {}), **values}
        cites = _cites(table.get("sources", {}), rule.all_options(), where, f"rules.{code}")
        sources.setdefault(code, {}).update(cites)
    return _Preset(title, seed, settings, rules, sources)


def _cites(
    table: Mapping[str, Any], known: Mapping[str, Option], where: str, prefix: str
) -> dict[str, str]:
    """A ``sources`` table: every key names an option (or setting) that exists, every
    value is the citation text.  A citation alone (no value beside it) cites the default."""
    for key, cite in table.items():
        if key not in known:
            raise _fail(
                where,
                f"{prefix}.sources.{key}",
                f"出处写给了不存在的选项；可用：{', '.join(sorted(known))}",
            )
        if not isinstance(cite, str) or not cite.strip():
            raise _fail(where, f"{prefix}.sources.{key}", "出处应当是一段文字（种子规则的条款）")
    return dict(table)


def load_ruleset(
    name: str,
    overrides: Mapping[str, Any] | None = None,
    *,
    where: str = "<game>",
    folder: Path | None = None,
) -> RuleSet:
    """Resolve a preset (and what it extends) plus a game file's ``[rules]`` overrides;
    validate every key.  ``folder`` holds the presets (default: ``auditor/rulesets/``)."""
    available = names(folder)
    if name not in available:
        raise _fail(where, "game.ruleset", f"未知的规则集 {name!r}；可用：{listing(folder)}")
    preset_where = _where(name, folder)
    preset = _read_preset(name, folder)
    settings = {k: o.default for k, o in SETTINGS.items()}
    _apply_settings(settings, preset.settings, preset_where, "ruleset")

    declared: dict[str, dict[str, Any]] = {
        code: _resolve_rule(code, table, {}, preset_where, f"rules.{code}")
        for code, table in preset.rules.items()
    }
    rules = {code: opts for code, opts in declared.items() if opts["enabled"]}

    over, tables = _split_overrides(overrides or {})
    _apply_settings(settings, over, where, "rules")
    for code, table in tables.items():
        rule = get_or_fail(code, where)
        # disabled in the preset: keep its values; not in it at all: the defaults
        base = (
            rules.get(rule.code) or declared.get(rule.code) or {**rule.defaults(), "enabled": False}
        )
        merged = _resolve_rule(code, table, base, where, f"rules.{code}")
        if code not in rules and "enabled" not in table:
            merged["enabled"] = True  # naming a rule the preset left off turns it on
        if merged["enabled"]:
            rules[rule.code] = merged
        else:
            rules.pop(rule.code, None)
            declared[rule.code] = merged
    if own := _own_words_on(settings["lexicons"], tables, rules, declared, where):
        rules[_OWN_WORDS] = own
    sources = _own_values_cited(preset.sources, over, tables)
    if not settings["cards"]:
        sources = _without_cards(
            preset_where, where, preset.rules, tables, rules, declared, sources
        )
    disabled = tuple(r.code for r in all_rules() if r.code not in rules)
    off = {
        code: declared[code]
        if code in declared
        else {**REGISTRY[code].defaults(), "enabled": False, "kind": code}
        for code in disabled
    }
    return RuleSet(
        name=name,
        title=preset.title,
        seed=preset.seed,
        settings=settings,
        rules=rules,
        sources=sources,
        disabled=disabled,
        off=off,
    )


# How a value the game file sets is cited: the director's own (his rules post, his call), not
# the preset's clause for the value it replaced (fh45b: M39's LURK-DAY turned on with
# ``card = "blue"`` still cited the preset's clause for its yellow).
OWN_VALUE = "导演在游戏文件里定的"


def _own_values_cited(
    sources: Mapping[str, Mapping[str, str]],
    settings: Mapping[str, object],
    tables: Mapping[str, Mapping[str, object]],
) -> dict[str, dict[str, str]]:
    """The preset's citations with each value the game file's ``[rules]`` sets cited as the
    director's own (``导演在游戏文件里定的：[rules.LURK-DAY] card = "blue"``)."""
    out = {code: dict(cites) for code, cites in sources.items()}
    for name, value in settings.items():
        out.setdefault("ruleset", {})[name] = f"{OWN_VALUE}：[rules] {name} = {_toml(value)}"
    for code, table in tables.items():
        code = REGISTRY[code].code if code in REGISTRY else code
        for name, value in table.items():
            if name == "kind":  # (a grouping the ledger titles by the preset's clause)
                continue
            out.setdefault(code, {})[name] = f"{OWN_VALUE}：[rules.{code}] {name} = {_toml(value)}"
    return out


def _toml(value: object) -> str:
    """A value as the game file writes it (``"blue"``, ``5``, ``true``)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return f'"{value}"'
    return str(value)


# The rule that reports a director's own banned words (a plain word list, a category of his
# own, a Discuz! export: lexicon category CENSOR).
_OWN_WORDS = "PHRASE-CENSOR"


def _own_words_on(
    lexicons: list[str],
    tables: Mapping[str, Mapping[str, object]],
    rules: Mapping[str, object],
    declared: Mapping[str, Mapping[str, object]],
    where: str,
) -> dict[str, object] | None:
    """A director's own banned words need no more lines than ``[rules] lexicons``: when his
    files hold CENSOR words, PHRASE-CENSOR is on for the game (the options returned: the rule
    set's values, else the rule's defaults), unless the game file writes
    ``[rules.PHRASE-CENSOR] enabled = false``.  Called before a rule set's other passes over
    the enabled rules, so the card it draws follows the rule set like any rule's."""
    if _OWN_WORDS in rules or not lexicons or "enabled" in tables.get(_OWN_WORDS, {}):
        return None
    if not _holds_own_words(lexicons, where):
        return None
    base = {**(declared.get(_OWN_WORDS) or REGISTRY[_OWN_WORDS].defaults()), "enabled": True}
    return _resolve_rule(_OWN_WORDS, {}, base, where, f"rules.{_OWN_WORDS}")


def _holds_own_words(lexicons: list[str], where: str) -> bool:
    """Do the director's lexicons (paths relative to the game file ``where``, as the phrase
    rules read them) hold any word of category CENSOR?  A file that cannot be read holds
    none here: the phrase rules report it when they load it."""
    game = Path(where)
    base = game.parent if game.is_file() else Path(".")
    for p in lexicons:
        path = Path(p) if Path(p).is_absolute() else base / p
        try:
            cat = load_path(path, own=True).categories.get(CENSOR)
        except OSError:
            continue
        if cat is not None and cat.entries:
            return True
    return False


_COLOURS = ("blue", "yellow", "red")
_NO_CARDS_CITE = (
    "no seed text: 规则集没有牌（[ruleset] cards = false）：没有写明处理的规则只提醒导演"
)


def _without_cards(
    preset_where: str,
    where: str,
    preset_rules: Mapping[str, Mapping[str, object]],
    game_tables: Mapping[str, Mapping[str, object]],
    rules: dict[str, dict[str, object]],
    declared: dict[str, dict[str, object]],
    sources: Mapping[str, Mapping[str, str]],
) -> dict[str, dict[str, str]]:
    """A rule set without cards (``cards = false``: 版杀7) never drafts one: a rule whose
    card is the common default (blue: a rule the game file turns on, a director's own
    lexicon) is a notice to the director, citing the rule set's ``cards``; a card colour
    written in the preset or the game file is refused.  Returns the sources with that
    citation for each such rule."""
    for tables, at in ((preset_rules, preset_where), (game_tables, where)):
        for code, table in tables.items():
            if table.get("card") in _COLOURS:
                raise _fail(
                    at,
                    f"rules.{code}.card",
                    "这个规则集没有牌（[ruleset] cards = false）：card 只能是 "
                    "warning（提醒导演）、none（不处罚）或 substitute（替补）",
                )
    cite = sources.get("ruleset", {}).get("cards") or _NO_CARDS_CITE
    out = {code: dict(cites) for code, cites in sources.items()}
    for code, opts in (*rules.items(), *declared.items()):
        if opts.get("card") in _COLOURS:
            opts["card"] = "warning"
            out.setdefault(code, {}).setdefault("card", cite)
    return out


def get_or_fail(code: str, where: str) -> Any:
    if code not in REGISTRY:
        raise _fail(where, f"rules.{code}", "未知的规则代码（运行 auditor rules 查看全部规则）")
    return REGISTRY[code]


def _split_overrides(
    overrides: Mapping[str, object],
) -> tuple[dict[str, object], dict[str, dict[str, object]]]:
    """A game file's ``[rules]``: (its settings, its ``[rules.CODE]`` tables).  A table
    setting (``schedule = { close = "22:00" }``) is a setting, not a rule."""
    settings = {
        k: v for k, v in overrides.items() if not isinstance(v, dict) or k in _TABLE_SETTINGS
    }
    tables = {k: v for k, v in overrides.items() if k not in settings and isinstance(v, dict)}
    return settings, tables


def _schedule_reason(value: Mapping[str, object]) -> str | None:
    return schedule_problem(value)


# Settings whose value is a table (a game file's ``[rules] schedule = {close = "22:00"}``
# is that setting, not a rule's options), each with the check of its keys.
_TABLE_SETTINGS = {"schedule": _schedule_reason}


def _apply_settings(
    settings: dict[str, Any], values: Mapping[str, Any], where: str, prefix: str
) -> None:
    for key, value in values.items():
        opt = SETTINGS.get(key)
        if opt is None and key in MOVED_SETTINGS:
            code, name = MOVED_SETTINGS[key]
            raise _fail(
                where,
                f"{prefix}.{key}",
                f"这个设置已改为规则 {code} 的选项：请写成 [rules.{code}] {name} = …",
            )
        if opt is None:
            raise _fail(
                where,
                f"{prefix}.{key}",
                f"未知的设置；可用：{', '.join(sorted(SETTINGS))}（规则的选项请写在 [rules.代码] 下）",
            )
        reason = opt.check(value)
        if reason is None and key in _TABLE_SETTINGS:
            reason = _TABLE_SETTINGS[key](value)
        if reason:
            raise _fail(where, f"{prefix}.{key}", reason)
        if key in _TABLE_SETTINGS:  # a game file's table adds to the preset's keys
            value = {**settings[key], **value}
        settings[key] = float(value) if opt.type is float else value


def _resolve_rule(
    code: str, table: Mapping[str, Any], base: Mapping[str, Any], where: str, key: str
) -> dict[str, Any]:
    rule = get_or_fail(code, where)
    options = rule.all_options()
    out = dict(base) if base else rule.defaults()
    for name, value in table.items():
        opt = options.get(name)
        if opt is None:
            raise _fail(
                where,
                f"{key}.{name}",
                f"规则 {code} 没有这个选项；可用：{', '.join(sorted(options))}",
            )
        reason = opt.check(value)
        if reason:
            raise _fail(where, f"{key}.{name}", reason)
        out[name] = float(value) if opt.type is float and not isinstance(value, bool) else value
    if not out.get("kind"):
        out["kind"] = rule.code
    return out


# --------------------------------------------------------------------------- citations

_CITE_LEAD = re.compile(r"^(无直接条款：)?\s*((?:[0-9A-Za-z版杀]+/)*[0-9A-Za-z版杀]+)\s+")


@cache
def cite_prefixes(folder: Path | None = None) -> dict[str, str]:
    """Each shipped preset's seed file -> the name rules' citations call its rule post by
    (the first word of its title: ``M107``, ``030``, ``版杀7``, ``M39``)."""
    out: dict[str, str] = {}
    for name in names(folder):
        seed, title = seed_and_title(preset_text(name, folder))
        if isinstance(seed, str) and isinstance(title, str):
            out[seed] = title.split()[0]
    return out


_RULESET_HEADER = re.compile(r"^\[ruleset\][ \t]*(?:#[^\n]*)?$", re.M)
_NEXT_HEADER = re.compile(r"^[ \t]*\[", re.M)


def seed_and_title(text: str) -> tuple[object, object]:
    """A valid preset's ``[ruleset]`` ``seed`` and ``title`` (None where missing), as the
    whole file parsed gives them; read from that table's own lines when the file writes it
    as one ``[ruleset]`` header with nothing named ``ruleset`` before it (every shipped
    preset: a report's citations need the four presets' titles, not the whole of each
    file), else from the whole file.  Lines cut anywhere else (at a ``[`` that starts a
    line inside a string or an array) do not parse, and the whole file is read."""
    m = _RULESET_HEADER.search(text)
    head: object = None
    if m is not None and "ruleset" not in text[: m.start()]:
        end = _NEXT_HEADER.search(text, m.end())
        try:
            head = tomllib.loads(text[m.start() : end.start() if end else len(text)])["ruleset"]
        except tomllib.TOMLDecodeError:
            head = None
    if head is None:
        head = tomllib.loads(text).get("ruleset", {})
    if not isinstance(head, dict):
        return None, None
    return head.get("seed"), head.get("title")


def own_citation(citation: str, ruleset: RuleSet | None) -> str:
    """A rule's citation (``M107 违规判定 5(1)；030 违规判定 5(2)；版杀7 6.2(1)``) cut to the
    clauses of the game's own rule set (the preset whose seed it reads).  A clause without a
    rule-post name belongs to the one before it; ``M107/030 …`` names both.  The whole
    citation when the rule set is none of the shipped ones; "" when the rule cites nothing
    of it (a 030 game's card never cites M107's rule post: the preset's own citation is
    :func:`preset_citation`)."""
    if ruleset is None:
        return citation
    own = cite_prefixes().get(ruleset.seed)
    if own is None:
        return citation
    known = set(cite_prefixes().values())
    kept: list[str] = []
    current: set[str] = set()
    lead = ""
    for part in citation.split("；"):
        text = part.strip()
        m = _CITE_LEAD.match(text)
        if m and set(m[2].split("/")) <= known:
            lead = lead or (m[1] or "")
            current = set(m[2].split("/"))
            text = f"{own} {text[m.end() :]}"
        if own in current and text:
            kept.append(text)
    if not kept:
        return ""
    return lead + "；".join(kept)


def preset_citation(code: str, ruleset: RuleSet) -> str:
    """What the rule set itself cites for enabling ``code`` (or for its kind), for a rule
    whose own citation names none of the rule set's clauses; never the card's citation
    (the card's reason gives that one)."""
    cites = ruleset.sources.get(code, {})
    return next((cites[key] for key in ("enabled", "kind") if cites.get(key)), "")
