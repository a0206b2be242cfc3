"""The shared rule-case harness: every ``tests/rules/cases/*.toml`` in one parametrised test.

Each case builds a real game end to end: the base game (``tests/rules/base_game.toml``)
plus the case's fragment is written as a game file; the case's posts are rendered into
Discuz! desktop pages by :mod:`tools.writer`, read back by the real parser, stored in
a temporary SQLite :class:`~auditor.store.Store`, placed by the engine and checked by
only the case's rules.  The findings are compared with the case's ``[[case.expect]]``
rows.  The format is documented in ``tests/rules/README.md``.
"""

from __future__ import annotations

import copy
import hashlib
import tomllib
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import pytest

from auditor.forum.parse import dedupe_posts, parse_page
from auditor.game.gamefile import Game, load_game
from auditor.models import FetchedPage
from auditor.rules.base import Finding
from auditor.rules.engine import build_context, ruleset_for, run_rules
from auditor.rules.registry import all_rules
from auditor.store import Store
from tests import paths
from tools.writer import avatar_png, parse_script, render_thread_pages

RULES_DIR = paths.TESTS / "rules"
CASES_DIR = RULES_DIR / "cases"
BASE_GAME = RULES_DIR / "base_game.toml"
BASE_URL = "http://bbs.example.com/"

# Fields a [[case.expect]] row may give beyond code/player/day, and how they are compared.
OPTIONAL_FIELDS = ("pid", "phase", "card", "match", "key", "tid", "floor", "note")
CASE_KEYS = {"name", "now", "game", "post", "expect", "ruleset", "rules", "crawl", "files"}
CRAWL_KEYS = {"at", "signatures", "avatars", "pictures"}
POST_KEYS = {
    "author",
    "tid",
    "at",
    "message",
    "pid",
    "quote",
    "repeat",
    "edited_at",
    "edited_by",
    "hidden",
    "deleted",
    "usesig",
}
EXPECT_KEYS = {"code", "player", "day", *OPTIONAL_FIELDS}
# Arrays of tables in the game fragment that replace the base entry with the same key
# (the others append).
_KEYED_ARRAYS = {"day": "number", "thread": "tid"}


# --------------------------------------------------------------------------- loading


@dataclass(slots=True)
class Case:
    file: str
    name: str
    ruleset: str
    rules: list[str]
    game: list[str] = field(default_factory=list)
    now: datetime | None = None
    posts: list[dict[str, Any]] = field(default_factory=list)
    expect: list[dict[str, Any]] = field(default_factory=list)
    crawls: list[dict[str, Any]] = field(default_factory=list)
    files: dict[str, str] = field(default_factory=dict)  # written beside the game file

    @property
    def id(self) -> str:
        return f"{self.file}:{self.name}"


def _merge_defaults(defaults: Mapping[str, Any], case: Mapping[str, Any]) -> dict[str, Any]:
    out = copy.deepcopy(dict(defaults))
    for k, v in case.items():
        if k == "game" and out.get("game"):
            out["game"] = [*_fragments(out["game"]), v]  # both fragments apply, the case's last
        else:
            out[k] = copy.deepcopy(v)
    return out


def load_cases(directory: Path = CASES_DIR) -> list[Case]:
    cases: list[Case] = []
    for path in sorted(directory.glob("*.toml")):
        data = tomllib.loads(path.read_text("utf-8"))
        unknown = set(data) - {"defaults", "case"}
        if unknown:
            raise ValueError(f"{path.name}: unknown top-level keys {sorted(unknown)}")
        defaults = data.get("defaults", {})
        for i, raw in enumerate(data.get("case", [])):
            c = _merge_defaults(defaults, raw)
            where = f"{path.name} case[{i}] {c.get('name', '?')!r}"
            bad = set(c) - CASE_KEYS
            if bad:
                raise ValueError(f"{where}: unknown keys {sorted(bad)}")
            for p in c.get("post", []):
                if set(p) - POST_KEYS:
                    raise ValueError(f"{where}: unknown post keys {sorted(set(p) - POST_KEYS)}")
            for e in c.get("expect", []):
                if set(e) - EXPECT_KEYS or "code" not in e or "player" not in e:
                    raise ValueError(
                        f"{where}: an expect row needs code and player, and only "
                        f"{sorted(EXPECT_KEYS)} (got {sorted(e)})"
                    )
            for cr in c.get("crawl", []):
                if set(cr) - CRAWL_KEYS or "at" not in cr:
                    raise ValueError(f"{where}: a crawl needs at, and only {sorted(CRAWL_KEYS)}")
            rules = c.get("rules")
            if not rules or "ruleset" not in c:
                raise ValueError(f"{where}: needs ruleset and rules (in the case or [defaults])")
            cases.append(
                Case(
                    file=path.stem,
                    name=str(c["name"]),
                    ruleset=str(c["ruleset"]),
                    rules=list(rules),
                    game=_fragments(c.get("game", [])),
                    now=c.get("now"),
                    posts=list(c.get("post", [])),
                    expect=list(c.get("expect", [])),
                    crawls=list(c.get("crawl", [])),
                    files=dict(c.get("files", {})),
                )
            )
    return cases


# --------------------------------------------------------------------------- building


def merge_game(base: Mapping[str, Any], fragment: Mapping[str, Any]) -> dict[str, Any]:
    """The base game with a case fragment merged over it (see base_game.toml's header)."""
    out = copy.deepcopy(dict(base))
    for key, value in fragment.items():
        old = out.get(key)
        if isinstance(value, dict) and isinstance(old, dict):
            out[key] = merge_game(old, value)
        elif (
            isinstance(value, list)
            and isinstance(old, list)
            and value
            and isinstance(value[0], dict)
        ):
            ident = _KEYED_ARRAYS.get(key)
            merged = list(old)
            for item in value:
                if ident is not None:
                    merged = [o for o in merged if o.get(ident) != item.get(ident)]
                merged.append(copy.deepcopy(item))
            out[key] = merged
        else:
            out[key] = copy.deepcopy(value)
    return out


def _toml_value(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int | float):
        return repr(v)
    if isinstance(v, datetime):
        return v.isoformat()
    if isinstance(v, str):
        return '"' + v.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'
    if isinstance(v, list):
        return "[" + ", ".join(_toml_value(x) for x in v) + "]"
    if isinstance(v, dict):
        return "{ " + ", ".join(f"{_toml_key(k)} = {_toml_value(x)}" for k, x in v.items()) + " }"
    raise TypeError(f"cannot write {type(v).__name__} to TOML")


def _toml_key(k: Any) -> str:
    k = str(k)
    return k if k.replace("_", "").replace("-", "").isalnum() and k.isascii() else _toml_value(k)


def dump_toml(data: Mapping[str, Any], prefix: str = "") -> str:
    """A small TOML writer for game files (tables, arrays of tables, scalars)."""
    lines: list[str] = []
    tables: list[tuple[str, Any]] = []
    for k, v in data.items():
        table = (
            isinstance(v, dict)
            and not (prefix == "players" and k == "uids")
            and not _is_inline(prefix, k)
        )
        if table or (isinstance(v, list) and v and all(isinstance(x, dict) for x in v)):
            tables.append((k, v))
        else:
            lines.append(f"{_toml_key(k)} = {_toml_value(v)}")
    for k, v in tables:
        name = f"{prefix}.{_toml_key(k)}" if prefix else _toml_key(k)
        if isinstance(v, dict):
            lines.append(f"\n[{name}]")
            lines.append(dump_toml(v, name))
        else:
            for item in v:
                lines.append(f"\n[[{name}]]")
                lines.append(dump_toml(item, name))
    return "\n".join(x for x in lines if x)


def _is_inline(prefix: str, key: str) -> bool:
    return prefix.startswith("thread") and key == "lastwords"


def _fragments(value: str | list[str]) -> list[str]:
    return [value] if isinstance(value, str) else list(value)


def game_data(ruleset: str, fragment: str | Sequence[str]) -> dict[str, Any]:
    data = tomllib.loads(BASE_GAME.read_text("utf-8"))
    for text in _fragments(fragment):  # type: ignore[arg-type]
        if text.strip():
            data = merge_game(data, tomllib.loads(text))
    data["game"]["ruleset"] = ruleset
    # A fragment may shrink the player list ([players] names = [...]): drop the others' uids.
    names = set(data["players"]["names"])
    data["players"]["uids"] = {
        n: u for n, u in data["players"].get("uids", {}).items() if n in names
    }
    return data


MEMBER_UIDS = {"导演": 1, "观众": 10}


def _members(data: Mapping[str, Any], posts: Sequence[Mapping[str, Any]]) -> dict[str, int]:
    members = dict(MEMBER_UIDS)
    members.update(data["players"].get("uids", {}))
    for name in [
        *data["game"].get("directors", []),
        *data["game"].get("spectators", []),
        *data["players"]["names"],
    ]:
        members.setdefault(name, 0)
    nxt = 100
    for p in posts:
        members.setdefault(str(p["author"]), 0)
    for name, uid in list(members.items()):
        if not uid:
            while nxt in members.values():
                nxt += 1
            members[name] = nxt
    return members


def expand_posts(posts: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """``repeat = N`` → N copies one minute apart (explicit pids counting up)."""
    out: list[dict[str, Any]] = []
    for p in posts:
        n = int(p.get("repeat", 1))
        for i in range(n):
            q = {k: v for k, v in p.items() if k != "repeat"}
            q["at"] = p["at"] + timedelta(minutes=i)
            if "pid" in p:
                q["pid"] = int(p["pid"]) + i
            out.append(q)
    return out


def build_script(
    data: Mapping[str, Any], posts: Sequence[Mapping[str, Any]], now: datetime, first_pid: int = 1
) -> dict[str, Any]:
    """A writer script holding the case's posts, one thread per tid, each opened by the
    director (so a case's first post is an ordinary reply, not the thread's opening post)."""
    members = _members(data, posts)
    director = (data["game"].get("directors") or ["导演"])[0]
    used = {int(p["pid"]) for p in posts if "pid" in p}
    counter = first_pid

    def next_pid() -> int:
        nonlocal counter
        while counter in used:
            counter += 1
        used.add(counter)
        return counter

    by_tid: dict[int, list[dict[str, Any]]] = {}
    for p in posts:
        by_tid.setdefault(int(p["tid"]), []).append(dict(p))
    threads = []
    for tid in sorted(by_tid):
        items = sorted(by_tid[tid], key=lambda p: p["at"])
        opener = {
            "author": director,
            "at": items[0]["at"] - timedelta(minutes=1),
            "message": f"【帖子 {tid}】",
            "pid": next_pid(),
        }
        out_posts = [opener]
        for p in items:
            q = {k: v for k, v in p.items() if k != "tid"}
            q["pid"] = int(q["pid"]) if "pid" in q else next_pid()
            q.setdefault("message", "")
            out_posts.append(q)
        threads.append({"tid": tid, "fid": 2, "subject": f"帖子 {tid}", "post": out_posts})
    return {
        "forum": {
            "base_url": BASE_URL,
            "timezone": data["game"].get("timezone", "Asia/Shanghai"),
            "rendered_at": now,
            "ppp": 10,
            "seed": 3,
        },
        "members": members,
        "thread": threads,
    }


def store_posts(store: Store, script_data: dict[str, Any], tz: ZoneInfo, now: datetime) -> int:
    """Render the script's desktop pages, parse them back and store the posts."""
    script = parse_script(script_data)
    n = 0
    for tid in script.threads:
        parsed = []
        for url, body, ctype in render_thread_pages(script, tid):
            if not url.startswith("forum.php"):
                continue  # desktop pages only
            page = FetchedPage(
                url=BASE_URL + url, status=200, body=body, content_type=ctype, fetched_at=now
            )
            parsed.append(parse_page(page, tz, now=now))
        posts = dedupe_posts(parsed)
        store.upsert_posts(posts, None)
        n += len(posts)
    return n


def default_now(game: Game) -> datetime:
    return max(d.closes for d in game.days) + timedelta(hours=1)


@dataclass(slots=True)
class Built:
    game: Game
    store: Store
    now: datetime


def record_crawl(
    store: Store,
    data: Mapping[str, Any],
    posts: Sequence[Mapping[str, Any]],
    crawl: Mapping[str, Any],
    tz: ZoneInfo,
) -> None:
    """One crawl at ``crawl["at"]``: the posts made by then, rendered with the members'
    signatures and avatars of that moment, parsed back, stored with what each page showed
    of its authors (the crawl's profile sightings)."""
    at = crawl["at"].astimezone(tz)
    shown = [p for p in posts if p["at"] <= at]
    script_data = build_script(data, shown, at)
    members: dict[str, Any] = dict(script_data["members"])
    for name in {*crawl.get("signatures", {}), *crawl.get("avatars", {})}:
        uid = members.get(name)
        if uid is None:
            raise ValueError(f"crawl: {name} has no post by then")
        members[name] = {
            "uid": uid,
            "signature": crawl.get("signatures", {}).get(name, ""),
            "avatar": crawl.get("avatars", {}).get(name, ""),
        }
    script_data["members"] = members
    script = parse_script(script_data)
    for name, picture in crawl.get("pictures", {}).items():
        # the avatar picture fetched that night (auditor.forum.avatars), drawn by the writer
        uid = script.members[name].uid
        store.record_avatar(
            uid=uid,
            night=int(at.timestamp() // 3600),
            url=f"{BASE_URL}uc_server/avatar.php?uid={uid}&size=middle",
            fetched_at=at,
            status=200,
            etag=None,
            last_modified=None,
            sha256=hashlib.sha256(avatar_png(picture)).hexdigest(),
            run_id=None,
        )
    for tid in script.threads:
        for page_no, (url, body, ctype) in enumerate(render_thread_pages(script, tid), 1):
            if not url.startswith("forum.php"):
                continue
            page = FetchedPage(
                url=BASE_URL + url, status=200, body=body, content_type=ctype, fetched_at=at
            )
            parsed = parse_page(page, tz, now=at)
            store.upsert_posts(parsed.posts, None)
            store.record_profiles(
                parsed.profiles,
                tid=tid,
                page=parsed.page or page_no,
                url=page.url,
                seen_at=at,
                run_id=None,
            )


def build_case(
    tmp: Path,
    ruleset: str,
    fragment: str | Sequence[str],
    posts: Sequence[Mapping[str, Any]],
    now: datetime | None = None,
    crawls: Sequence[Mapping[str, Any]] = (),
    files: Mapping[str, str] | None = None,
) -> Built:
    """Write the game file (and ``files`` beside it, e.g. a director's lexicon), render +
    parse + store the posts; the caller closes the store."""
    data = game_data(ruleset, fragment)
    (tmp / "pages").mkdir(parents=True, exist_ok=True)
    for name, text in (files or {}).items():
        (tmp / name).write_text(text, "utf-8")
    path = tmp / "game.toml"
    path.write_text(dump_toml(data) + "\n", "utf-8")
    game = load_game(path)
    when = (now or default_now(game)).astimezone(game.timezone)
    store = Store(game.store)
    store_posts(
        store,
        build_script(data, expand_posts(posts), when),
        game.timezone,  # type: ignore[arg-type]
        when,
    )
    for crawl in sorted(crawls, key=lambda c: c["at"]):
        record_crawl(store, data, expand_posts(posts), crawl, game.timezone)  # type: ignore[arg-type]
    return Built(game, store, when)


def run_case_rules(built: Built, codes: Sequence[str]) -> list[Finding]:
    rs = ruleset_for(built.game)
    ctx = build_context(built.game, built.store, now=built.now, ruleset=rs)
    for c in codes:
        if c not in rs.rules:
            raise AssertionError(
                f"rule {c} is not enabled in ruleset {built.game.ruleset} "
                f"(enable it in the case's game fragment: [rules.{c}])"
            )
    return run_rules(ctx, rs, codes=codes)


# --------------------------------------------------------------------------- comparing


def _actual_value(f: Finding, name: str) -> Any:
    if name == "match":
        return f.match_text
    return getattr(f, name)


def _agrees(f: Finding, exp: Mapping[str, Any]) -> bool:
    if f.code != exp["code"] or f.player != exp["player"] or f.day != exp.get("day"):
        return False
    for name in OPTIONAL_FIELDS:
        if name not in exp:
            continue
        if name == "note":
            if str(exp["note"]) not in f.note:
                return False
        elif _actual_value(f, name) != exp[name]:
            return False
    return True


def _show_finding(f: Finding) -> str:
    parts = [f.code, f.player, f"day={f.day}"]
    if f.phase is not None:
        parts.append(f"phase={f.phase}")
    if f.pid is not None:
        parts.append(f"pid={f.pid}")
    parts.append(f"card={f.card}")
    if f.matches:
        parts.append(f"match={f.match_text!r}")
    if f.key:
        parts.append(f"key={f.key!r}")
    if f.note:
        parts.append(f"note={f.note!r}")
    return "  " + " ".join(parts)


def _show_expect(e: Mapping[str, Any]) -> str:
    return "  " + " ".join(
        f"{k}={v!r}" if k not in ("code", "player") else str(v) for k, v in e.items()
    )


def compare(actual: Sequence[Finding], expected: Sequence[Mapping[str, Any]]) -> str | None:
    """None when every expect row matches exactly one finding and no finding is left;
    otherwise a readable diff.  Rows with more fields are matched first."""
    left = list(actual)
    missing: list[Mapping[str, Any]] = []
    for exp in sorted(expected, key=lambda e: -len(e)):
        hit = next((f for f in left if _agrees(f, exp)), None)
        if hit is None:
            missing.append(exp)
        else:
            left.remove(hit)
    if not missing and not left:
        return None
    lines = []
    if missing:
        lines.append("expected but not found:")
        lines.extend(_show_expect(e) for e in missing)
    if left:
        lines.append("found but not expected:")
        lines.extend(_show_finding(f) for f in left)
    lines.append("all findings:")
    lines.extend(_show_finding(f) for f in actual)
    return "\n".join(lines)


# --------------------------------------------------------------------------- the test


def _params() -> Iterator[Any]:
    for case in load_cases():
        yield pytest.param(case, id=case.id)


@pytest.mark.parametrize("case", list(_params()))
def test_rule_case(case: Case, tmp_path: Path) -> None:
    built = build_case(
        tmp_path, case.ruleset, case.game, case.posts, case.now, case.crawls, files=case.files
    )
    try:
        findings = run_case_rules(built, case.rules)
    finally:
        built.store.close()
    diff = compare(findings, case.expect)
    assert diff is None, f"{case.id}\n{diff}"


def test_cases_exist_and_load() -> None:
    cases = load_cases()
    assert cases, "no rule cases found in tests/rules/cases"
    ids = [c.id for c in cases]
    assert len(ids) == len(set(ids)), "two cases in one file share a name"


# Rules this harness cannot run, with the test that runs them instead.
NO_RULE_CASE = {
    "POST-OUTSIDE": "reads each player's threads outside the game (a crawl of pages the "
    "harness does not render): tests/rules/test_post_outside.py",
}


def test_every_rule_has_a_case_in_its_module_case_file() -> None:
    # tests/rules/cases/<module>*.toml, beside auditor/rules/<module>.py: a newcomer finds a
    # rule's cases from its code file's name (docs/rules.md lists them).
    cases = load_cases()
    for r in all_rules():
        if r.code in NO_RULE_CASE:
            continue
        stem = r.check.__module__.rsplit(".", 1)[-1]
        found = [
            c.id
            for c in cases
            if c.file.startswith(stem) and any(e["code"] == r.code for e in c.expect)
        ]
        assert found, f"{r.code}: no case in tests/rules/cases/{stem}*.toml expects it"


def test_compare_reports_missing_and_unexpected() -> None:
    f = Finding("LURK-DAY", "饺子", 1, None, None, None, None, (), "", "yellow", "")
    assert compare([f], [{"code": "LURK-DAY", "player": "饺子", "day": 1}]) is None
    diff = compare([f], [{"code": "LURK-DAY", "player": "包子", "day": 1}])
    assert diff is not None and "包子" in diff and "饺子" in diff
    assert compare([f], []) is not None
    assert (
        compare([f], [{"code": "LURK-DAY", "player": "饺子", "day": 1, "card": "blue"}]) is not None
    )


def test_merge_game_replaces_days_by_number_and_appends_events() -> None:
    base = {
        "day": [{"number": 1, "x": 1}, {"number": 2, "x": 2}],
        "event": [{"a": 1}],
        "game": {"name": "n", "ruleset": "m107"},
    }
    frag = {"day": [{"number": 2, "x": 20}], "event": [{"a": 2}], "game": {"ruleset": "m39"}}
    out = merge_game(base, frag)
    assert [d["x"] for d in out["day"]] == [1, 20]
    assert out["event"] == [{"a": 1}, {"a": 2}]
    assert out["game"] == {"name": "n", "ruleset": "m39"}
