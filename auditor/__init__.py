"""auditor: audits 版杀 games played in Discuz! forum threads for their directors."""

__version__ = "0.2.0"
