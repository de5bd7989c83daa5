#include "core/cli/path_args.h"

#include <cstdio>
#include <cstring>

#include "core/load/load_path.h"

namespace afterglow::cli {

int OpenPathJsonCommand(const char* command, int argc, char** argv, Session& session,
                        PathJsonArgs* args, std::vector<AttemptSummary>* summaries) {
  for (int i = 0; i < argc; ++i) {
    if (std::strcmp(argv[i], "--json") == 0) {
      args->json = true;
    } else if (args->path.empty()) {
      args->path = argv[i];
    } else {
      std::fprintf(stderr, "afterglow %s: unexpected argument %s\n", command, argv[i]);
      return 2;
    }
  }
  if (args->path.empty()) {
    std::fprintf(stderr, "usage: afterglow %s PATH [--json]\n", command);
    return 2;
  }
  std::string error;
  if (!LoadPath(session, args->path, &error)) {
    std::fprintf(stderr, "%s\n", error.c_str());
    return 2;
  }
  *summaries = session.Summaries();
  if (summaries->empty()) {
    std::fprintf(stderr, "no event logs under %s\n", args->path.c_str());
    return 1;
  }
  return -1;
}

}  // namespace afterglow::cli
