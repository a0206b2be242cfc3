"""One banned phrase found by the phrase matcher (:mod:`auditor.rules.matcher`): the record
its last step (:mod:`auditor.rules.said`) reads and the PHRASE rules turn into findings."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class PhraseMatch:
    """One banned phrase found: where (span in the original text) and why."""

    category: str
    entry: str  # the lexicon term
    form: str  # the spelling (term, variant, pinyin, initials, pattern) that matched
    start: int
    end: int
    text: str  # the original text of the span
    how: tuple[str, ...]
    note: str = ""
    source: str = ""  # lexicon file:line

    @property
    def how_text(self) -> str:
        return "+".join(self.how)
