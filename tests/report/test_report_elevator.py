"""The 电梯 rendered by report.html's one Python function gives the bytes the template's
loop per post gave (issue 16: that loop was most of a nightly report's rendering), for
hostile names, thread titles and links, floors missing and players out."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from auditor.report.activity import ElevatorDay
from auditor.report.html import elevator_rows, environment

# The template's loop as it was, rendered by the report's own environment.
LOOP = (
    "{% for e in rows %}<div><b>{{ e.player }}</b>{% if e.out %}（出局）{% endif %}"
    '（{{ e.posts|length }}）：{% for t in e.threads %}<span class="muted">{{ t.thread }}</span>'
    ' {% for p in t.posts %}{% if p.link %}<a href="{{ p.link }}" rel="noopener noreferrer">'
    "#{{ p.floor }}</a>{% else %}#{{ p.floor }}{% endif %} {% endfor %}{% endfor %}</div>"
    "{% endfor %}"
)


def _rows() -> list[dict[str, Any]]:
    def post(floor: Any, link: str | None) -> dict[str, Any]:
        return {"floor": floor, "pid": 1, "tid": 7, "link": link}

    evil = 'https://bbs.example.com/forum.php?mod=redirect&goto=findpost&pid=1&ptid=7"><script>'
    return [
        {
            "player": "饺子\u202e1<b>&amp;",
            "out": False,
            "posts": [post(1, None), post(None, None)],
            "threads": [{"tid": 7, "thread": "第1天讨论帖（tid 7）<i>", "posts": [post(1, None)]}],
        },
        {
            "player": "包子\u200b",
            "out": True,
            "posts": [post(3, evil), post(12, "https://x/?a=1&b=2")],
            "threads": [
                {"tid": 7, "thread": "A & B\u2066", "posts": [post(3, evil)]},
                {"tid": 8, "thread": "", "posts": [post(12, "https://x/?a=1&b=2")]},
            ],
        },
        {"player": "馄饨", "out": False, "posts": [], "threads": []},
    ]


def test_the_elevator_function_writes_what_the_template_loop_wrote() -> None:
    env = environment()
    rows = _rows()
    assert str(elevator_rows(rows)) == env.from_string(LOOP).render(rows=rows)
    assert str(elevator_rows([])) == ""
    # and inside the page, through the template's finalize (no second escaping)
    page = env.from_string("{{ elevator_rows(rows) }}").render(rows=rows)
    assert page == env.from_string(LOOP).render(rows=rows)
    assert "&lt;U+202E&gt;" in page and "<script>" not in page


def test_the_desk_writes_the_elevator_as_its_template_loop_did() -> None:
    """The desk's page is the report's template, with the report's ``finalize``: a name's
    bidi control is written out there too."""
    from auditor.desk.app import environment as desk_environment

    env = desk_environment()
    rows = _rows()
    page = env.from_string("{{ elevator_rows(rows) }}").render(rows=rows)
    assert page == env.from_string(LOOP).render(rows=rows)
    assert "\u202e" not in page and "&lt;U+202E&gt;" in page


def test_a_day_rendered_before_is_read_back_without_building_its_rows(tmp_path: Path) -> None:
    """A day of the 电梯 is cached under its key (what its rows are made of) and this
    code's digest: the same key is read back, its rows never built; another key renders
    afresh."""
    rows = _rows()
    env = environment()
    first = elevator_rows(ElevatorDay("a" * 64, lambda: rows))
    assert str(first) == env.from_string(LOOP).render(rows=rows)

    def never() -> list[dict[str, Any]]:
        raise AssertionError("the rows of a cached day were built")

    assert elevator_rows(ElevatorDay("a" * 64, never)) == first
    built: list[int] = []

    def other() -> list[dict[str, Any]]:
        built.append(1)
        return rows[:1]

    assert elevator_rows(ElevatorDay("b" * 64, other)) != first and built
