#!/usr/bin/env bash
# The README's test command: set up, then run the whole suite.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
exec python3 -m pytest "$@"
