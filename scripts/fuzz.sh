#!/usr/bin/env bash
# Builds the libFuzzer targets with clang (ASan + UBSan) and runs each for SECONDS (default 60),
# seeded with the corpus logs. A crash leaves its input in build/fuzz/crash-*.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
cmake -S . -B build/fuzz -DCMAKE_BUILD_TYPE=RelWithDebInfo -DAFTERGLOW_FUZZ=ON \
  -DCMAKE_C_COMPILER=clang-14 -DCMAKE_CXX_COMPILER=clang++-14 >/dev/null
cmake --build build/fuzz --target session_fuzz -j "$(nproc)"
seeds=build/fuzz/seeds
mkdir -p "$seeds"
# Seeds: small corpus logs behind the two header bytes the target reads (name, chunk size).
for f in ../shared/corpus/spark/spark-events/local-1430917381535_1 \
         ../shared/corpus/rapids-tools/profiling/eventlog_minimal_events; do
  [ -f "$f" ] && { printf '\000\003'; head -c 20000 "$f"; } > "$seeds/$(basename "$f")"
done
cd build/fuzz
./tests/fuzz/session_fuzz -max_total_time="$seconds" -max_len=65536 -rss_limit_mb=4096 seeds
