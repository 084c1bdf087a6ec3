#!/usr/bin/env bash
# The e2e tests drive Debian's Chromium (Playwright cannot download its own browser here). Install it when missing
# and we may (root with apt-get); otherwise say exactly what to do.
set -euo pipefail
browser="${CHROMIUM_PATH:-/usr/bin/chromium}"
[ -x "$browser" ] && exit 0
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Chromium not found at $browser: installing Debian's chromium package…"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  [ -x "$browser" ] && exit 0
fi
echo "The e2e tests need Chromium at $browser. Install it (Debian: sudo apt-get install -y chromium) or set CHROMIUM_PATH." >&2
exit 1
