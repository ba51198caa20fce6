# Make sure a Chromium is installed for the browser tests (tests/support/browser_helpers.py).
# Sourced by .ci/run; also usable by hand: `. .ci/chromium.sh && ensure_chromium`.
# Playwright drives this system browser (it never downloads one); under CI=true a
# missing browser fails the browser tests instead of skipping them.
ensure_chromium() {
  if command -v chromium >/dev/null 2>&1 || command -v chromium-browser >/dev/null 2>&1; then
    return 0
  fi
  if [ "$(id -u)" = 0 ]; then
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq >/dev/null
    apt-get install -y -qq chromium >/dev/null
    echo "Chromium installed for the browser tests: $(command -v chromium)"
  else
    echo "Chromium is not installed and we are not root: the browser tests will be skipped" >&2
  fi
}
