#include "tests/core/compare/loaded_run.h"

#include "core/load/load_path.h"
#include "tests/core/inline_log.h"

namespace afterglow::compare_test {
namespace {

void FillSides(LoadedRun& run) {
  const std::vector<const AttemptModel*> models = run.session->models();
  for (const AttemptSummary& s : run.session->Summaries()) {
    run.sides.push_back({models.at(s.model_index), &run.session->strings()});
  }
}

}  // namespace

LoadedRun LoadRun(const std::string& path) {
  LoadedRun run;
  run.session = std::make_unique<Session>();
  std::string error;
  if (!LoadPath(*run.session, path, &error)) return run;
  FillSides(run);
  return run;
}

LoadedRun LoadRunText(const std::string& text, const std::string& name) {
  LoadedRun run;
  run.session = test_support::LoadInlineLog(text, name);
  FillSides(run);
  return run;
}

}  // namespace afterglow::compare_test
