// `afterglow findings PATH [--json] [--fail-on warning|critical] [--digest]`: the diagnosis of
// every application in PATH, ranked by time at stake (core/analysis/diagnostics.h). Plain text by
// default; --json the list of findings (core/api/findings_json.h); --digest the short redacted
// Markdown summary (core/share/findings_digest.h). --fail-on makes the exit status 1 when a
// finding reaches that severity, for a CI gate on a job's log.
#pragma once

namespace afterglow::cli {

// `argc`/`argv` are the arguments after "findings". Returns the process exit code: 0, 1 for
// --fail-on, 2 for a usage or load error.
int RunFindings(int argc, char** argv);

}  // namespace afterglow::cli
