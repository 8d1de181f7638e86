#!/usr/bin/env bash
# The browsers the tests and benchmarks drive, all from Debian's packages (Playwright's and
# puppeteer's own browser downloads cannot work offline): Chromium (pytest-playwright, the
# full end-to-end suite), Firefox ESR (puppeteer-core over WebDriver BiDi) and WebKitGTK
# (WebKitWebDriver + MiniBrowser on an Xvfb display), for the cross-engine smoke suite.
# One list for `make test`, `make bench` and .ci/run. As root it installs what is missing
# (apt-get update first); otherwise it names what to install, in one line, and fails.
set -euo pipefail

need=()
[ -x "${CHROMIUM:-/usr/bin/chromium}" ] || need+=(chromium)
[ -x "${FIREFOX:-/usr/bin/firefox-esr}" ] || need+=(firefox-esr)
[ -x "${WEBKIT_DRIVER:-/usr/bin/WebKitWebDriver}" ] || need+=(webkit2gtk-driver)
compgen -G "/usr/lib/*/webkit2gtk-4.1/MiniBrowser" >/dev/null || need+=(libwebkit2gtk-4.1-0)
command -v Xvfb >/dev/null || need+=(xvfb)
[ "${#need[@]}" -eq 0 ] && exit 0

if [ "$(id -u)" -ne 0 ]; then
  echo "browsers: missing Debian packages: ${need[*]}; install them with: sudo apt-get install ${need[*]}" >&2
  exit 1
fi
echo "browsers: apt-get install ${need[*]}"
export DEBIAN_FRONTEND=noninteractive
apt-get update -q
apt-get install -y -q --no-install-recommends "${need[@]}"
