// `afterglow streaming PATH [--json]`: each application's Structured Streaming runs as Spark's
// Streaming Query tab lists them (core/query/streaming_rows.h), and with --json every run's
// statistics-page series (core/analysis/streaming/streaming_statistics.h).
#pragma once

namespace afterglow::cli {

// `argc`/`argv` are the arguments after "streaming". Returns the process exit code.
int RunStreaming(int argc, char** argv);

}  // namespace afterglow::cli
