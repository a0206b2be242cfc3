"""auditor: audits 版杀 games played in Discuz! forum threads for their directors."""

from auditor import classcode as _classcode

__version__ = "0.1.0"

_classcode.install()  # before any module of the package makes a dataclass
