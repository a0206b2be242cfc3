"""Reports: one set of records (:mod:`.records`) and its views (:mod:`.html`,
:mod:`.csvout`, :mod:`.bbcode`), written atomically to ``reports/<game>/<run time>/``
with a ``latest`` pointer by :mod:`.write`."""
