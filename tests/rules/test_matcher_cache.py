"""The built matcher is cached on disk, keyed by the lexicon files and the tool version."""

from __future__ import annotations

import os
import pickle
import subprocess
import sys
from pathlib import Path

import pytest

from auditor.rules import matcher as matcher_mod
from auditor.rules.matcher import Matcher, cache_dir, cached_matcher
from auditor.rules.matcher import words as words_mod
from auditor.rules.matcher.build import _Built
from tests import paths

ROOT = paths.ROOT


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "cache"
    monkeypatch.setenv("AUDITOR_CACHE_DIR", str(folder))
    return folder


def censor(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "censor.txt"
    path.write_text(text, "utf-8")
    return path


def test_cache_dir_follows_the_environment(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("AUDITOR_CACHE_DIR", str(tmp_path / "x"))
    assert cache_dir() == tmp_path / "x"
    monkeypatch.delenv("AUDITOR_CACHE_DIR")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert cache_dir() == tmp_path / "xdg" / "auditor"  # the user's cache, not the package


def test_second_build_is_read_from_the_cache(cache: Path, tmp_path: Path) -> None:
    path = censor(tmp_path, "垃圾={BANNED}\n")
    first = cached_matcher([str(path)], default=False)
    files = list(cache.glob("matcher-*.pickle"))
    assert len(files) == 1
    assert not list(cache.glob(".matcher-*"))  # the temporary file was renamed into place
    second = cached_matcher([str(path)], default=False)
    assert second is not first
    for text in ("你这个拉圾", "垃 圾", "他出生了"):
        assert second.find(text) == first.find(text)
    assert [m.entry for m in second.find("拉圾")] == ["垃圾"]
    # jieba is not part of the cached file: it starts lazily on the first boundary check.
    assert first.built._jieba is not None
    assert pickle.loads(pickle.dumps(first)).built._jieba is None


def test_an_edited_lexicon_is_a_new_key(cache: Path, tmp_path: Path) -> None:
    path = censor(tmp_path, "垃圾={BANNED}\n")
    cached_matcher([str(path)], default=False)
    path.write_text("垃圾={BANNED}\n乐色={BANNED}\n", "utf-8")
    m = cached_matcher([str(path)], default=False)
    assert len(list(cache.glob("matcher-*.pickle"))) == 2
    assert [x.entry for x in m.find("真是个呢色")] == ["乐色"]


def test_the_tool_version_is_part_of_the_key(
    cache: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = censor(tmp_path, "垃圾={BANNED}\n")
    cached_matcher([str(path)], default=False)
    monkeypatch.setattr(matcher_mod.cache, "__version__", "999.0")
    cached_matcher([str(path)], default=False)
    assert len(list(cache.glob("matcher-*.pickle"))) == 2


def test_a_damaged_cache_file_is_rebuilt(cache: Path, tmp_path: Path) -> None:
    path = censor(tmp_path, "垃圾={BANNED}\n")
    cached_matcher([str(path)], default=False)
    (file,) = cache.glob("matcher-*.pickle")
    file.write_bytes(b"not a pickle")
    m = cached_matcher([str(path)], default=False)
    assert [x.entry for x in m.find("拉圾")] == ["垃圾"]
    assert isinstance(pickle.loads(file.read_bytes()), Matcher)  # overwritten


def test_a_cache_whose_classes_moved_is_rebuilt_quietly(
    cache: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A pickle names its classes by module path: a cache written when the matcher's
    classes lived in another module (the one-module matcher before the package, or a
    module since renamed) is rebuilt, with no error and nothing printed."""
    path = censor(tmp_path, "垃圾={BANNED}\n")
    cached_matcher([str(path)], default=False)
    (file,) = cache.glob("matcher-*.pickle")
    old = file.read_bytes()
    assert b"auditor.rules.matcher.core" in old
    # (a module path of the same length: the pickle's framing stays valid)
    file.write_bytes(old.replace(b"auditor.rules.matcher.core", b"auditor.rules.matcher.gone"))
    with pytest.raises(ModuleNotFoundError):
        pickle.loads(file.read_bytes())
    m = cached_matcher([str(path)], default=False)
    assert [x.entry for x in m.find("拉圾")] == ["垃圾"]
    assert isinstance(pickle.loads(file.read_bytes()), Matcher)  # overwritten
    # a class that is gone from a module that is still there
    file.write_bytes(b"cauditor.rules.matcher\n_OldMatcher\n(tR.")
    m = cached_matcher([str(path)], default=False)
    assert [x.entry for x in m.find("拉圾")] == ["垃圾"]
    assert capsys.readouterr() == ("", "")


def test_an_unusable_cache_folder_is_not_an_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    monkeypatch.setenv("AUDITOR_CACHE_DIR", str(blocker / "cache"))  # under a file
    m = cached_matcher([str(censor(tmp_path, "垃圾={BANNED}\n"))], default=False)
    assert [x.entry for x in m.find("拉圾")] == ["垃圾"]


def test_a_fresh_process_uses_the_cache_and_finds_the_same(cache: Path) -> None:
    code = (
        "from auditor.rules.matcher import default_matcher, cache_dir; "
        "m = default_matcher(); "
        "print(sorted((x.category, x.text) for x in m.find('卧槽，你这个沙比')))"
    )
    env = {**os.environ, "AUDITOR_CACHE_DIR": str(cache)}
    runs = [
        subprocess.run(
            [sys.executable, "-c", code], env=env, cwd=ROOT, capture_output=True, text=True
        )
        for _ in range(2)
    ]
    assert all(r.returncode == 0 for r in runs), runs[0].stderr
    assert runs[0].stdout == runs[1].stdout
    assert "卧槽" in runs[0].stdout
    assert len(list(cache.glob("matcher-*.pickle"))) == 1


def test_a_cached_process_reads_pinyin_from_the_cache(cache: Path) -> None:
    """Pinyin candidates (沙比, 发四, 与春 of 与春卷) are confirmed from the cached readings:
    pypinyin is not imported at all; a clause holding a phrase that reads a candidate's
    character otherwise (畜养: xù, not the table's chù) still asks pypinyin."""
    code = (
        "import sys; from auditor.rules.matcher import default_matcher; m = default_matcher(); "
        "got = [x.text for t in ('卧槽，你这个沙比，我发四我是好人', '与春卷一起玩') "
        "for x in m.find(t)]; "
        "print(got, 'pypinyin' in sys.modules); "
        "print(m.confirmer.readings('牧场畜养', 2, 3)[2], 'pypinyin.phrases_dict' in sys.modules)"
    )
    env = {**os.environ, "AUDITOR_CACHE_DIR": str(cache)}
    runs = [
        subprocess.run(
            [sys.executable, "-c", code], env=env, cwd=ROOT, capture_output=True, text=True
        )
        for _ in range(2)
    ]
    assert all(r.returncode == 0 for r in runs), runs[-1].stderr
    found, phrase = runs[-1].stdout.splitlines()
    assert found == "['卧槽', '沙比', '我发四'] False"  # the second run: from the cache
    assert phrase == "xu True"


def test_jieba_state_is_stored_and_read_word_by_word(cache: Path, tmp_path: Path) -> None:
    words = ("卧槽", "沙比", "背锅侠")
    words_mod._jieba_for.cache_clear()
    built = words_mod._jieba_for("x", words)
    stored_files = list(cache.glob("jieba-*.sqlite"))
    assert len(stored_files) == 1 and not list(cache.glob(".jieba-*"))
    assert isinstance(built.FREQ, dict)  # the first process builds jieba in memory
    words_mod._jieba_for.cache_clear()
    stored = words_mod._jieba_for("x", words)
    assert isinstance(stored.FREQ, matcher_mod.WordFreqFile)
    assert stored.total == built.total
    for text in ("卧槽你这个背锅侠", "他出生在北京，今天天气不错", "我发誓我是好人"):
        stored.FREQ.prefetch(text)
        assert list(stored.cut(text, HMM=True)) == list(built.cut(text, HMM=True))
    for w in ("背锅侠", "出生", "的", "没有这个词xyz"):
        assert stored.FREQ.get(w) == built.FREQ.get(w)
        assert (w in stored.FREQ) == (w in built.FREQ)
    # other user words: another file; a damaged file is rebuilt
    words_mod._jieba_for.cache_clear()
    words_mod._jieba_for("y", ("乐色",))
    assert len(list(cache.glob("jieba-*.sqlite"))) == 2
    stored_files[0].write_bytes(b"not a database")
    words_mod._jieba_for.cache_clear()
    again = words_mod._jieba_for("x", words)
    assert isinstance(again.FREQ, dict) and again.FREQ.get("背锅侠") == built.FREQ.get("背锅侠")
    words_mod._jieba_for.cache_clear()
    assert isinstance(words_mod._jieba_for("x", words).FREQ, matcher_mod.WordFreqFile)
    words_mod._jieba_for.cache_clear()


def test_jieba_state_in_a_folder_with_uri_characters(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "a?b #c%"
    monkeypatch.setenv("AUDITOR_CACHE_DIR", str(folder))
    words_mod._jieba_for.cache_clear()
    built = words_mod._jieba_for("z", ("背锅侠",))
    words_mod._jieba_for.cache_clear()
    stored = words_mod._jieba_for("z", ("背锅侠",))
    words_mod._jieba_for.cache_clear()
    assert isinstance(stored.FREQ, matcher_mod.WordFreqFile)
    assert stored.FREQ.get("背锅侠") == built.FREQ.get("背锅侠")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a?b #c%"]  # nothing beside it


def test_a_cached_matcher_keeps_what_only_candidates_need_aside(cache: Path) -> None:
    """Loaded from the cache, a matcher has what a clean post needs (the normalisation
    table, the automata's keys); the readings, exceptions, entries, the automata's values
    and the tables of the steps' names are unpickled on the first candidate, and then it
    finds what a freshly built matcher finds.  A loaded matcher pickles again."""
    built = cached_matcher()  # built and written
    loaded = cached_matcher()  # read back
    assert loaded is not built
    later = {name for group in _Built._DEFER for name in group}
    assert "_later" in loaded.built.__dict__ and later.isdisjoint(loaded.built.__dict__)
    assert (
        "_later" in loaded.built.text_ac.__dict__ and "values" not in loaded.built.text_ac.__dict__
    )
    assert "_later" in loaded.built.norm.__dict__ and "width" not in loaded.built.norm.__dict__
    assert loaded.find("你好，今天我验了饺子") == []
    assert "py_table" not in loaded.built.__dict__ and "values" not in loaded.built.text_ac.__dict__
    again = pickle.loads(pickle.dumps(loaded))  # (its parts still aside)
    texts = ["卧槽，你这个沙比，我发四我是好人", "臥~~槽槽", "你个畜牲", "与春卷一起玩"]
    want = [built.find(t) for t in texts]
    assert [loaded.find(t) for t in texts] == want and any(want)
    assert set(_Built._DEFER[-1]) <= set(loaded.built.__dict__)  # (what candidates need)
    complaint = "导演这个判罚有问题"  # a pattern's trigger and its other required words
    assert loaded.find(complaint) == built.find(complaint) != []
    # PHRASE-MASKED's terms only when it asks for them (a post with a mask character)
    assert "word_forms" not in loaded.built.__dict__
    assert loaded.word_forms == built.word_forms != ()
    assert later <= set(loaded.built.__dict__)
    assert loaded.built.norm.how("臥") == ["繁简"]
    assert again.find_all(texts) == want
    with pytest.raises(AttributeError):
        loaded.built.no_such_attribute  # noqa: B018


def test_a_deferred_part_read_by_another_thread_meanwhile_is_found(tmp_path: Path) -> None:
    """Two threads asking for a part kept aside: the one that finds it already unpickled
    (its blob gone, the attribute not yet seen by its own look-up) gets the attribute."""
    from auditor.rules.lexicon import load

    built = Matcher(load([censor(tmp_path, "垃圾={BANNED}\n")], default=False))
    m = pickle.loads(pickle.dumps(built)).built
    assert "py_table" not in m.__dict__
    group = next(k for k, g in enumerate(_Built._DEFER) if "py_table" in g)
    m.__dict__.update(pickle.loads(m.__dict__["_later"][group]))
    m.__dict__["_later"][group] = None  # (as the other thread leaves it)
    assert m.__getattr__("py_table") is m.__dict__["py_table"]
