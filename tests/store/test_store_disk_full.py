"""The store's disk full for real (issue 32, item 3): a small tmpfs holds the store and is
filled to the last block.  ``audit`` and ``check`` say exit 6 naming the store and the full
disk, never ``无法写入 标准输出`` (the run lock's pid, buffered when the disk was full, once
failed again when the lock file was closed, an OSError without a file name)."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests import paths

REPO = paths.ROOT


@pytest.fixture
def small_disk(tmp_path: Path) -> Iterator[Path]:
    """A 2 MB tmpfs mounted for the test (root only), unmounted afterwards."""
    if os.geteuid() != 0 or shutil.which("mount") is None:
        pytest.skip("mounting a small tmpfs needs root")
    mnt = tmp_path / f"disk-{uuid.uuid4().hex[:8]}"
    mnt.mkdir()
    res = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", "size=2m", "tmpfs", str(mnt)], capture_output=True
    )
    if res.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {res.stderr.decode(errors='replace')}")
    try:
        yield mnt
    finally:
        subprocess.run(["umount", "-l", str(mnt)], check=False)


def fill(folder: Path) -> None:
    """Fill the file system that holds ``folder`` to its last block."""
    with open(folder / "fill", "wb", buffering=0) as fh:
        block = b"\0" * 4096
        try:
            while True:
                fh.write(block)
        except OSError:
            pass


def _run(args: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(REPO), "COLUMNS": "200"}
    return subprocess.run(
        [sys.executable, "-m", "auditor", *args],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_audit_and_check_on_a_full_store_disk_name_the_store(
    tmp_path: Path, small_disk: Path
) -> None:
    sample = tmp_path / "sample"
    shutil.copytree(
        REPO / "examples" / "sample", sample, ignore=shutil.ignore_patterns("*.sqlite*", "*.lock")
    )
    store = small_disk / "m107.sqlite"
    game = sample / "game.toml"
    text = game.read_text(encoding="utf-8")
    text = re.sub(r"(?m)^store = .*$\n?", "", text)  # the sample names its own store
    game.write_text(text.replace("[game]", f'[game]\nstore = "{store}"', 1), encoding="utf-8")
    reports = tmp_path / "reports"
    res = _run(["audit", str(game), "--reports", str(reports), "-q"], tmp_path)
    assert res.returncode == 0, res.stderr
    # (the lock file is made again on the full disk: its pid cannot be written)
    store.with_name(store.name + ".lock").unlink()
    fill(small_disk)
    for args in (["audit", str(game), "--reports", str(reports), "-q"], ["check", str(game)]):
        res = _run(args, tmp_path)
        message = " ".join(res.stderr.split())
        assert res.returncode == 6, res.stdout + res.stderr
        assert "Traceback" not in res.stderr
        assert "标准输出" not in message
        assert str(store) in message and "磁盘已满" in message, message
    (small_disk / "fill").unlink()
    res = _run(["audit", str(game), "--reports", str(reports), "-q"], tmp_path)
    assert res.returncode == 0, res.stderr  # room again: the next run completes
