// `afterglow compare A B [--json] [--sql ID_A:ID_B | --jobs ID_A:ID_B]`: two runs lined up
// (core/compare/comparison.h) as text tables or as JSON (core/compare/comparison_json.h).
// A and B are any input the CLI opens; `PATH#<appId>` picks one application of several.
#pragma once

namespace afterglow::cli {

// `argc`/`argv` are the arguments after "compare". Returns the process exit code.
int RunCompare(int argc, char** argv);

}  // namespace afterglow::cli
