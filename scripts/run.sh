#!/usr/bin/env bash
# The one command to use Afterglow: sets up what is missing, builds the page, and serves it on
# http://127.0.0.1:8080 (PORT=... to change). Everything runs in your browser; the server only
# hands out static files.
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup.sh
./scripts/build.sh wasm
port=${PORT:-8080}
echo
echo "Afterglow is at http://127.0.0.1:$port/  (a single-file copy: build/web/afterglow-standalone.html)"
echo "Press Ctrl-C to stop."
exec python3 -m http.server "$port" --bind 127.0.0.1 --directory build/web
