"""CLI commands, one module per area; each registers itself on :data:`auditor.cli.app`."""
