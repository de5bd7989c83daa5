#!/bin/sh
# Runs one target of afterglow_fuzz: writes its seeds from the corpus, then fuzzes from them, from
# the inputs kept in regressions/TARGET and from WORK/corpus (what earlier runs found; emptied
# first when FUZZ_FRESH=1), for the budget given (libFuzzer's -runs=N or -max_total_time=S).
#   run_target.sh BINARY TARGET CORPUS_DIR WORK_DIR BUDGET
# A crash, leak, timeout or out-of-memory input is left in WORK_DIR (crash-*, leak-*, ...).
set -eu
binary=$1 target=$2 corpus=$3 work=$4 budget=$5
here=$(cd "$(dirname "$0")" && pwd)
[ "${FUZZ_FRESH:-0}" = 1 ] && rm -rf "$work"
rm -rf "$work/seeds"
mkdir -p "$work/corpus" "$work/seeds"
"$binary" --target="$target" --write-seeds="$work/seeds" --corpus="$corpus"
set -- "$work/corpus" "$work/seeds"
[ -d "$here/regressions/$target" ] && set -- "$@" "$here/regressions/$target"
case $target in
  event_line|task_line|stage_job_line|sql_line|redactor|router|session|zip) dict=-dict=$here/spark.dict ;;
  *) dict= ;;
esac
exec "$binary" --target="$target" $dict -seed=1 -max_len=65536 -timeout=30 -rss_limit_mb=2048 \
  -malloc_limit_mb=1024 -artifact_prefix="$work/" -print_final_stats=1 "$budget" "$@"
