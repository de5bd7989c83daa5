#!/usr/bin/env bash
# Builds Afterglow: `scripts/build.sh native` (CLI and tests, build/native), `scripts/build.sh wasm`
# (the page, build/web), or `scripts/build.sh` for both. Assumes scripts/setup.sh has run.
# CMakePresets.json names what each builds: native the CLI, the tests and scale_log (which the
# browser tests run); asan only the tests and the CLI they run (scripts/test.sh); wasm-asan the
# page under AddressSanitizer in build/web-asan (AFTERGLOW_WEB_DIR=build/web-asan node --test ...);
# wasm-profile the page with its wasm functions named, in build/web-profile (scripts/profile-page).
set -euo pipefail
cd "$(dirname "$0")/.."
# Emscripten's optimizer is a Node program that needs Debian's node modules.
export NODE_PATH=/usr/share/nodejs
jobs=$(nproc 2>/dev/null || echo 2)
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(native wasm)
for target in "${targets[@]}"; do
  case "$target" in
    native|asan|wasm|wasm-asan|wasm-profile)
      [ -f "build/$target/CMakeCache.txt" ] || cmake --preset "$target" >/dev/null
      cmake --build --preset "$target" -j "$jobs" ;;
    *) echo "build.sh: unknown target '$target' (native, asan, wasm, wasm-asan, wasm-profile)" >&2; exit 2 ;;
  esac
done
