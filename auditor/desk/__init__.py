"""The desk: ``auditor serve``, a local web app where the directors review the report and
decide its drafts in the browser.

It renders the same report template as the static ``report.html`` (with buttons), and every
decision goes through the same functions the CLI uses (:mod:`auditor.desk.actions` is the
one adapter to them).  Starlette serves it under uvicorn; every asset ships in this package.
"""
