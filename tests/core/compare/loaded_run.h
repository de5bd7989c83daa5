// A log loaded for the comparison tests: its own Session (its own string pool, as the CLI gives
// each side) and the RunSide of its one application attempt.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "core/compare/comparison.h"
#include "core/session.h"

namespace afterglow::compare_test {

struct LoadedRun {
  std::unique_ptr<Session> session;
  std::vector<compare::RunSide> sides;  // one per application attempt, in Summaries() order
  const compare::RunSide& only() const { return sides.at(0); }
};

// Loads a file or folder (core/load/load_path.h). Empty `sides` when nothing loaded.
LoadedRun LoadRun(const std::string& path);
// Loads a log given as text (one JSON event a line), named `name`.
LoadedRun LoadRunText(const std::string& text, const std::string& name);

}  // namespace afterglow::compare_test
