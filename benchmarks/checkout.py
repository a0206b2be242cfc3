"""What the benchmarks that compare two checkouts share.

``PREAMBLE`` opens the code of a child process that times one checkout: its first
argument is the checkout, its second this folder (``phrase_bench`` and ``generate``, the
same texts for both checkouts); ``auditor`` is then imported from the checkout, and it is
checked that it was (an installed copy on the path would time the wrong code).  The child's
own code follows it and reads its further arguments from ``sys.argv[3:]``.
"""

PREAMBLE = r"""
import sys
from pathlib import Path
root = Path(sys.argv[1]).resolve()
sys.path.insert(0, sys.argv[2])
import phrase_bench as pb
sys.path.insert(0, str(root))
import auditor
assert Path(auditor.__file__).resolve().is_relative_to(root), auditor.__file__
"""
