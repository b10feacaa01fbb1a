#!/bin/sh
# Debian packages some tests drive (their tests skip without them, and fail under CI): installs the missing ones when we
# are allowed to. Each line: the program a test runs, the package that brings it.
# Installing pgbouncer may start Debian's own pgbouncer service (port 6432); the tests run their own on other ports.
PACKAGES='
/usr/bin/chromium chromium
/usr/sbin/pgbouncer pgbouncer
'

missing=$(echo "$PACKAGES" | while read -r program package; do
  if [ -n "$program" ] && [ ! -x "$program" ]; then echo "$package"; fi
done | tr '\n' ' ')
missing=${missing% }

if [ -z "$missing" ]; then
  exit 0
fi
if [ "$(id -u)" != 0 ]; then
  echo "ensure-test-packages: missing $missing and not running as root; install with: apt-get install $missing" >&2
  exit 0
fi
if ! command -v apt-get >/dev/null 2>&1; then
  echo "ensure-test-packages: missing $missing and apt-get is not available; install them by other means" >&2
  exit 0
fi
echo "ensure-test-packages: installing $missing with apt-get" >&2
# shellcheck disable=SC2086 # one word per package
if ! { apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends $missing; }; then
  echo "ensure-test-packages: apt-get could not install $missing; their tests will skip (or fail under CI)" >&2
fi
exit 0
