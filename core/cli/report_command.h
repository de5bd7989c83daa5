// `afterglow report PATH -o FILE [--redact] [--route ROUTE] [--viewer FILE]`: saves PATH's logs
// into a copy of the single-file viewer (core/share/analysis_html.h), so the analysis opens
// offline in any browser, optionally redacted (core/share/redactor.h).
#pragma once

namespace afterglow::cli {

// `argc`/`argv` are the arguments after "report". Returns the process exit code.
int RunReport(int argc, char** argv);

}  // namespace afterglow::cli
