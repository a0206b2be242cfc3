"""The ratchet on complexity (scripts/ratchet.py, run by .ci/run): today's tree passes it,
and a new long or branchy function, a listed one made worse, or one more ``Any`` fails."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from types import ModuleType

from tests import paths

ROOT = paths.ROOT


def _ratchet() -> ModuleType:
    spec = importlib.util.spec_from_file_location("ratchet", ROOT / "scripts" / "ratchet.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_tree_meets_its_baseline() -> None:
    ratchet = _ratchet()
    over, anys = ratchet.measure()
    baseline = json.loads((ROOT / "scripts" / "ratchet_baseline.json").read_text("utf-8"))
    assert ratchet.problems(over, anys, baseline)[0] == []
    assert not [k for k in over if k.startswith("auditor/store/")]  # no entry for the store


def test_what_fails_it(tmp_path: Path) -> None:
    ratchet = _ratchet()
    package = tmp_path / "auditor"
    package.mkdir()
    branches = "".join(f"    if x == {i}:\n        return {i}\n" for i in range(21))
    (package / "m.py").write_text(
        "from typing import Any\n\n\ndef branchy(x: int) -> Any:\n" + branches + "    return 0\n"
        "\n\ndef long() -> None:\n" + "    pass\n" * 80,
        "utf-8",
    )
    over, anys = ratchet.measure(package)
    assert over == {
        "auditor/m.py::branchy": {"cc": 22, "lines": 44},
        "auditor/m.py::long": {"cc": 1, "lines": 81},
    }
    assert anys == 2
    failed, _ = ratchet.problems(over, anys, {"any": 2, "functions": {}})
    assert len(failed) == 2  # neither is listed
    listed = {**over, "auditor/m.py::branchy": {"cc": 21, "lines": 44}}
    failed, _ = ratchet.problems(over, anys, {"any": 1, "functions": listed})
    assert [f.split(":")[0] for f in failed] == ["auditor/m.py", "the word Any"]
    assert "may not get worse" in failed[0]
    failed, lower = ratchet.problems({}, 1, {"any": 2, "functions": listed})
    assert failed == [] and len(lower) == 3  # two to drop, Any to lower
