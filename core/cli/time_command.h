// `afterglow time PATH [--json]`: where each application's time went (core/analysis/time/):
// driver and executor time, critical path, ideal time, core usage, the executor what-if and the
// per-stage figures, as text tables or as JSON with Sparklens' figures under "sparklens" and
// Afterglow's own under "afterglow".
#pragma once

namespace afterglow::cli {

// `argc`/`argv` are the arguments after "time". Returns the process exit code.
int RunTime(int argc, char** argv);

}  // namespace afterglow::cli
