"""Generate docs/rules.md, the rule reference, from the rule registry and the presets.

python scripts/gen_rule_docs.py          # write docs/rules.md
python scripts/gen_rule_docs.py --check  # exit 1 when docs/rules.md is out of date
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from auditor.rules.base import COMMON_OPTIONS  # noqa: E402
from auditor.rules.registry import all_rules  # noqa: E402
from auditor.rules.ruleset import SETTINGS, load_ruleset  # noqa: E402
from auditor.rulesets import NAMES as RULESETS  # noqa: E402

OUT = ROOT / "docs" / "rules.md"


def _cell(value: Any) -> str:
    if isinstance(value, bool):
        text = "true" if value else "false"
    elif isinstance(value, list):
        text = ", ".join(map(str, value))
    else:
        text = str(value)
    return text.replace("|", "\\|").replace("\n", " ")


CASES = ROOT / "tests" / "rules" / "cases"


def where(code: str, module: str) -> tuple[str, list[str]]:
    """The rule's code file and its case files (``tests/rules/cases/<module>*.toml`` that
    expect a finding of it): with docs/rules.md, the three places a rule lives."""
    stem = module.rsplit(".", 1)[-1]
    cases = [
        f"tests/rules/cases/{p.name}"
        for p in sorted(CASES.glob(f"{stem}*.toml"))
        if f'code = "{code}"' in p.read_text("utf-8")
    ]
    if not cases:  # a rule the case harness cannot run (POST-OUTSIDE): its test module
        cases = [
            p.relative_to(ROOT).as_posix()
            for p in sorted((ROOT / "tests").rglob("test_*.py"))
            if f'"{code}"' in p.read_text("utf-8") and p.name not in _INDEXES
        ]
    return module.replace(".", "/") + ".py", cases


# Tests that name every rule (they index, they do not run a rule's cases).
_INDEXES = {"test_rule_cases.py", "test_rule_docs.py", "test_engine.py", "test_cli.py"}


def render() -> str:
    presets = {name: load_ruleset(name) for name in RULESETS}
    lines = [
        "# 规则参考",
        "",
        "本文件由 `python scripts/gen_rule_docs.py` 根据规则注册表和预设规则集生成，请勿手工编辑"
        "（测试会检查它是否最新）。`auditor rules --ruleset NAME` 显示同样的内容。",
        "",
        "## 规则集设置",
        "",
        "| 设置 | 说明 | 默认 | " + " | ".join(RULESETS) + " |",
        "| --- | --- | --- | " + " | ".join("---" for _ in RULESETS) + " |",
    ]
    for key, opt in SETTINGS.items():
        values = " | ".join(_cell(presets[n].settings[key]) for n in RULESETS)
        lines.append(f"| `{key}` | {_cell(opt.help)} | {_cell(opt.default)} | {values} |")
    lines += [
        "",
        "## 规则一览",
        "",
        "| 代码 | 标题 | 类型 | " + " | ".join(RULESETS) + " |",
        "| --- | --- | --- | " + " | ".join("---" for _ in RULESETS) + " |",
    ]
    rules = all_rules()
    for r in rules:
        on = " | ".join(
            presets[n].rules[r.code]["card"] if presets[n].enabled(r.code) else "—"
            for n in RULESETS
        )
        lines.append(f"| [{r.code}](#{r.code.lower()}) | {r.title} | {r.kind} | {on} |")
    lines += [
        "",
        "各规则集一栏写的是启用时建议的牌（— 表示未启用）。",
        "",
        "每条规则都有通用选项：",
    ]
    for key, opt in COMMON_OPTIONS.items():
        lines.append(f"- `{key}`（默认 {_cell(opt.default) or '规则代码'}）：{opt.help}")
    for r in rules:
        lines += [
            "",
            f"## {r.code}",
            "",
            f"**{r.title}**（{'单帖规则' if r.kind == 'post' else '汇总规则'}）",
            "",
            f"依据：{r.seed}",
            "",
        ]
        code_file, case_files = where(r.code, r.check.__module__)
        lines += [
            f"代码：`{code_file}`；用例：" + "、".join(f"`{c}`" for c in case_files),
            "",
        ]
        if r.aliases:
            lines += [f"别名：{', '.join(r.aliases)}", ""]
        lines += [r.doc, ""]
        if r.options:
            lines += [
                "| 选项 | 说明 | 默认 | " + " | ".join(RULESETS) + " |",
                "| --- | --- | --- | " + " | ".join("---" for _ in RULESETS) + " |",
            ]
            for key, opt in r.options.items():
                vals = " | ".join(
                    _cell(presets[n].rules[r.code][key]) if presets[n].enabled(r.code) else "—"
                    for n in RULESETS
                )
                lines.append(f"| `{key}` | {_cell(opt.help)} | {_cell(opt.default)} | {vals} |")
            lines.append("")
        cites = [(n, k, v) for n in RULESETS for k, v in presets[n].sources.get(r.code, {}).items()]
        if cites:
            lines += ["出处：", ""]
            lines += [f"- {n} `{k}`：{_cell(v)}" for n, k, v in cites]
            lines.append("")
    return "\n".join(lines).rstrip() + "\n"


def main(argv: list[str]) -> int:
    text = render()
    if "--check" in argv:
        if not OUT.is_file() or OUT.read_text("utf-8") != text:
            print(
                "docs/rules.md is out of date: run python scripts/gen_rule_docs.py", file=sys.stderr
            )
            return 1
        return 0
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(text, "utf-8")
    print(f"wrote {OUT.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
