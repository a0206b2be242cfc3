#!/usr/bin/env bash
# One setup for a fresh machine, shared by the README's test command and .ci/run:
# Debian's chromium + chromedriver (the browser tests drive the real browser; nothing
# downloads a browser of its own), a CJK font so screenshots show Chinese, and the
# project with its test extra into whatever python3 is first on PATH (CI: a fresh venv).
set -euo pipefail
cd "$(dirname "$0")/.."

need_apt=()
command -v chromium >/dev/null 2>&1 || need_apt+=(chromium)
command -v chromedriver >/dev/null 2>&1 || need_apt+=(chromium-driver)
dpkg-query -W -f='${Status}' fonts-noto-cjk 2>/dev/null | grep -q "ok installed" || need_apt+=(fonts-noto-cjk)
if [ "${#need_apt[@]}" -gt 0 ]; then
  if [ "$(id -u)" = 0 ]; then SUDO=""; else SUDO="sudo"; fi
  echo "setup: installing ${need_apt[*]} from Debian" >&2
  # Wait for another apt/dpkg run (unattended upgrades, a second setup) instead of failing.
  lock=(-o DPkg::Lock::Timeout=600)
  $SUDO apt-get "${lock[@]}" update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get "${lock[@]}" install -y -qq "${need_apt[@]}" >/dev/null
fi

python3 -m pip install --quiet --disable-pip-version-check -e '.[test]'
