"""auditor.rules.ruleset and auditor/rulesets/: presets found in the folder, ``extends``,
citations (a citation alone cites the default; a citation for an option that does not
exist is an error), game-file overrides."""

from __future__ import annotations

import tomllib
from importlib import resources
from pathlib import Path

import pytest

from auditor.errors import GameFileError
from auditor.rules.registry import get
from auditor.rules.ruleset import SETTINGS, load_ruleset
from auditor.rulesets import NAMES, names

HEAD = '[ruleset]\ntitle = "{title}"\nseed = "000_fa811173a3c754b1.txt"\n'


def _write(folder: Path, name: str, text: str) -> None:
    (folder / f"{name}.toml").write_text(text, "utf-8")


def test_presets_are_the_files_in_the_folder(tmp_path: Path) -> None:
    shipped = sorted(
        f.name.removesuffix(".toml")
        for f in resources.files("auditor.rulesets").iterdir()
        if f.name.endswith(".toml") and not f.name.startswith("_")
    )
    assert list(NAMES) == shipped and {"m107", "rabbit030", "m39", "killbar7"} <= set(NAMES)
    _write(tmp_path, "house", HEAD.format(title="本地规则") + "[rules.LURK-DAY]\nmin_posts = 3\n")
    _write(tmp_path, "_base", HEAD.format(title="基础"))
    assert names(tmp_path) == ("house",)  # a _file is a base, not a preset
    rs = load_ruleset("house", folder=tmp_path)
    assert rs.title == "本地规则" and rs.rules["LURK-DAY"]["min_posts"] == 3
    assert list(rs.rules) == ["LURK-DAY"] and "GHOST-POST" in rs.disabled
    with pytest.raises(GameFileError) as exc:
        load_ruleset("m107", folder=tmp_path)
    assert exc.value.key == "game.ruleset" and "house" in exc.value.reason


def test_a_preset_extends_another(tmp_path: Path) -> None:
    _write(
        tmp_path,
        "_base",
        HEAD.format(title="基础")
        + 'sheriff_weight = 2.0\n[ruleset.sources]\nsheriff_weight = "警长：投票时拥有2票"\n'
        + '[rules.LURK-DAY]\nmin_posts = 4\ncard = "yellow"\n'
        + '[rules.LURK-DAY.sources]\nmin_posts = "潜水：少于四帖"\ncard = "黄牌"\n'
        + "[rules.GHOST-POST]\n[rules.FONT-SIZE]\n",
    )
    _write(
        tmp_path,
        "child",
        '[ruleset]\nextends = "_base"\ntitle = "子规则集"\n'
        + '[rules.LURK-DAY]\nmin_posts = 6\n[rules.LURK-DAY.sources]\nmin_posts = "少于六帖"\n'
        + "[rules.GHOST-POST]\nenabled = false\n",
    )
    rs = load_ruleset("child", folder=tmp_path)
    assert rs.title == "子规则集" and rs.seed == "000_fa811173a3c754b1.txt"  # seed inherited
    assert rs.settings["sheriff_weight"] == 2.0
    assert rs.sources["ruleset"]["sheriff_weight"] == "警长：投票时拥有2票"
    lurk = rs.rules["LURK-DAY"]
    assert lurk["min_posts"] == 6 and lurk["card"] == "yellow"  # own value wins, rest inherited
    assert rs.sources["LURK-DAY"] == {"min_posts": "少于六帖", "card": "黄牌"}
    assert "GHOST-POST" not in rs.rules and "GHOST-POST" in rs.disabled
    assert "FONT-SIZE" in rs.rules
    # the base file is untouched by its child
    assert load_ruleset("child", {"GHOST-POST": {}}, folder=tmp_path).enabled("GHOST-POST")


def test_extends_cycles_and_unknown_parents_are_errors(tmp_path: Path) -> None:
    _write(
        tmp_path, "a", HEAD.format(title="A").replace("[ruleset]\n", '[ruleset]\nextends = "b"\n')
    )
    _write(
        tmp_path, "b", HEAD.format(title="B").replace("[ruleset]\n", '[ruleset]\nextends = "a"\n')
    )
    _write(
        tmp_path, "c", HEAD.format(title="C").replace("[ruleset]\n", '[ruleset]\nextends = "zz"\n')
    )
    with pytest.raises(GameFileError) as exc:
        load_ruleset("a", folder=tmp_path)
    assert exc.value.key == "ruleset.extends" and "循环" in exc.value.reason
    with pytest.raises(GameFileError) as exc2:
        load_ruleset("c", folder=tmp_path)
    assert exc2.value.key == "ruleset.extends" and "zz" in exc2.value.reason


def test_a_citation_alone_cites_the_default(tmp_path: Path) -> None:
    _write(
        tmp_path,
        "p",
        HEAD.format(title="P")
        + '[ruleset.sources]\nnight_posts = "讨论日以外的发言不计"\n'
        + '[rules.LURK-3DAYS.sources]\ndays = "连续三个讨论日"\n',
    )
    rs = load_ruleset("p", folder=tmp_path)
    assert rs.rules["LURK-3DAYS"]["days"] == get("LURK-3DAYS").options["days"].default
    assert rs.sources["LURK-3DAYS"] == {"days": "连续三个讨论日"}
    assert rs.settings["night_posts"] == SETTINGS["night_posts"].default
    assert rs.sources["ruleset"] == {"night_posts": "讨论日以外的发言不计"}


@pytest.mark.parametrize(
    ("fragment", "key"),
    [
        ('[rules.LURK-DAY.sources]\nmin_post = "五帖"\n', "rules.LURK-DAY.sources.min_post"),
        ('[ruleset.sources]\nnight_post = "夜晚"\n', "ruleset.sources.night_post"),
        ('[rules.LURK-DAY.sources]\nmin_posts = ""\n', "rules.LURK-DAY.sources.min_posts"),
        ('[rules.LURK-WEEK.sources]\ncard = "黄牌"\n', "rules.LURK-WEEK"),
    ],
)
def test_a_citation_for_an_option_that_does_not_exist_is_an_error(
    tmp_path: Path, fragment: str, key: str
) -> None:
    _write(tmp_path, "p", HEAD.format(title="P") + fragment)
    with pytest.raises(GameFileError) as exc:
        load_ruleset("p", folder=tmp_path)
    assert exc.value.key == key and str(tmp_path / "p.toml") in str(exc.value)


@pytest.mark.parametrize("name", NAMES)
def test_shipped_presets_write_only_values_that_differ_from_the_default(name: str) -> None:
    data = tomllib.loads(resources.files("auditor.rulesets").joinpath(f"{name}.toml").read_text())
    restated = [
        f"ruleset.{k}"
        for k, v in data["ruleset"].items()
        if k in SETTINGS and v == SETTINGS[k].default
    ]
    for code, table in data.get("rules", {}).items():
        options = get(code).all_options()
        restated += [
            f"rules.{code}.{k}"
            for k, v in table.items()
            if k != "sources" and (v == options[k].default or (k == "kind" and v == code))
        ]
    assert restated == [], "a value equal to the default: keep only its citation"


def test_an_unknown_rule_set_lists_the_presets_with_their_titles(tmp_path: Path) -> None:
    """Issue 30: ``未知的规则集 'm108'；可用：killbar7, m107, m39, rabbit030`` named the presets
    without the titles a director knows them by."""
    with pytest.raises(GameFileError) as exc:
        load_ruleset("m108")
    reason = exc.value.reason
    assert "m108" in reason
    assert "m107（M107 摩天大楼）" in reason and "rabbit030（030 阿姨的衣柜）" in reason
    assert "killbar7（版杀7 BT号船）" in reason and "m39（M39 寒蝉鸣泣之时）" in reason
    _write(tmp_path, "house", HEAD.format(title="本地规则"))
    _write(tmp_path, "heir", '[ruleset]\nextends = "house"\n')  # its title is the parent's
    with pytest.raises(GameFileError) as exc:
        load_ruleset("m107", folder=tmp_path)
    assert "house（本地规则）" in exc.value.reason and "heir（本地规则）" in exc.value.reason


@pytest.mark.parametrize("name", NAMES)
def test_a_directors_own_words_turn_the_censor_rule_on(name: str, tmp_path: Path) -> None:
    # [rules] lexicons holding CENSOR words (a plain word list, a category of his own) is all
    # the director writes: PHRASE-CENSOR is on, with the card the rule set gives any rule the
    # game file turns on (a rule set without cards: a notice).
    game = tmp_path / "game.toml"
    game.write_text("", "utf-8")
    (tmp_path / "words.txt").write_text("菜鸡\n狗东西\n", "utf-8")
    (tmp_path / "own").mkdir()
    (tmp_path / "own" / "insult.txt").write_text("@category 脏话\n臭鸡蛋\n", "utf-8")
    named = load_ruleset(name, {"PHRASE-CENSOR": {}}, where=str(game))
    for lexicons in (["words.txt"], ["own"], [str(tmp_path / "words.txt")]):
        rs = load_ruleset(name, {"lexicons": lexicons}, where=str(game))
        assert rs.enabled("PHRASE-CENSOR"), lexicons
        assert rs.rules["PHRASE-CENSOR"] == named.rules["PHRASE-CENSOR"]
        assert rs.sources.get("PHRASE-CENSOR") == named.sources.get("PHRASE-CENSOR")


def test_the_censor_rule_stays_off_without_own_words(tmp_path: Path) -> None:
    game = tmp_path / "game.toml"
    game.write_text("", "utf-8")
    (tmp_path / "oath.txt").write_text("@category OATH\n拿命担保\n", "utf-8")
    (tmp_path / "words.txt").write_text("菜鸡\n", "utf-8")
    assert not load_ruleset("m107", where=str(game)).enabled("PHRASE-CENSOR")
    # a file adding to a built-in category only, or a file that is not there
    for lexicons in (["oath.txt"], ["missing.txt"]):
        rs = load_ruleset("m107", {"lexicons": lexicons}, where=str(game))
        assert not rs.enabled("PHRASE-CENSOR"), lexicons
    # the director turning it off is obeyed
    off = {"lexicons": ["words.txt"], "PHRASE-CENSOR": {"enabled": False}}
    assert not load_ruleset("m107", off, where=str(game)).enabled("PHRASE-CENSOR")


def test_own_words_in_a_rule_set_without_cards_are_a_notice(tmp_path: Path) -> None:
    # 版杀7 has no cards: the director's own words draw 提醒导演, citing the rule set's cards.
    game = tmp_path / "game.toml"
    game.write_text("", "utf-8")
    (tmp_path / "words.txt").write_text("菜鸡\n", "utf-8")
    rs = load_ruleset("killbar7", {"lexicons": ["words.txt"]}, where=str(game))
    assert rs.rules["PHRASE-CENSOR"]["card"] == "warning"
    assert "没有牌" in rs.sources["PHRASE-CENSOR"]["card"]
    assert (
        load_ruleset("m107", {"lexicons": ["words.txt"]}, where=str(game)).rules["PHRASE-CENSOR"][
            "card"
        ]
        == "blue"
    )
