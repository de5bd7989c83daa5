#include "core/cli/compare_command.h"

#include <cinttypes>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/compare/comparison.h"
#include "core/compare/comparison_json.h"
#include "core/load/load_path.h"
#include "core/session.h"

namespace afterglow::cli {
namespace {

constexpr const char* kCompareUsage =
    "Usage: afterglow compare A B [--json] [--sql ID_A:ID_B | --jobs ID_A:ID_B]\n"
    "  Lines up two runs: application metrics, SQL executions, jobs and stages matched by what\n"
    "  they are (descriptions, call sites, plan and lineage shapes, order), what changed in\n"
    "  each, Spark properties that differ and findings that appeared or disappeared.\n"
    "  A and B are any PATH `afterglow summary` reads; PATH#<appId> picks one application of\n"
    "  several. --sql / --jobs compare two SQL executions or two jobs (A and B may be the same\n"
    "  PATH). --json prints the comparison as JSON.\n";

struct CompareOptions {
  std::string a, b;
  bool json = false;
  enum class Scope { kRuns, kSql, kJobs } scope = Scope::kRuns;
  int64_t id_a = 0, id_b = 0;
};

bool ParseIdPair(const std::string& text, int64_t* a, int64_t* b) {
  const size_t colon = text.find(':');
  if (colon == std::string::npos) return false;
  char* end = nullptr;
  const std::string left = text.substr(0, colon), right = text.substr(colon + 1);
  *a = std::strtoll(left.c_str(), &end, 10);
  if (left.empty() || *end != '\0') return false;
  *b = std::strtoll(right.c_str(), &end, 10);
  return !right.empty() && *end == '\0';
}

bool ParseOptions(int argc, char** argv, CompareOptions* o, std::string* error) {
  std::vector<std::string> paths;
  for (int i = 0; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--json") {
      o->json = true;
    } else if (arg == "--sql" || arg == "--jobs") {
      if (i + 1 >= argc || !ParseIdPair(argv[i + 1], &o->id_a, &o->id_b)) {
        *error = arg + " needs ID_A:ID_B, e.g. " + arg + " 3:5";
        return false;
      }
      ++i;
      o->scope = arg == "--sql" ? CompareOptions::Scope::kSql : CompareOptions::Scope::kJobs;
    } else if (!arg.empty() && arg[0] == '-') {
      *error = "unknown option " + arg;
      return false;
    } else {
      paths.push_back(arg);
    }
  }
  if (paths.size() != 2) {
    *error = paths.size() < 2 ? "A and B are needed" : "more than two inputs";
    return false;
  }
  o->a = paths[0];
  o->b = paths[1];
  return true;
}

// One side: its own session (its own string pool), and the attempt chosen from it.
struct LoadedRun {
  Session session;
  const AttemptModel* model = nullptr;
};

bool LoadRun(const std::string& spec, LoadedRun& run, std::string* error) {
  std::string path = spec, app_id;
  const size_t hash = spec.rfind('#');
  std::error_code ec;
  if (hash != std::string::npos && !std::filesystem::exists(spec, ec)) {
    path = spec.substr(0, hash);
    app_id = spec.substr(hash + 1);
  }
  if (!LoadPath(run.session, path, error)) return false;
  const std::vector<AttemptSummary> apps = run.session.Summaries();
  const std::vector<const AttemptModel*> models = run.session.models();
  std::vector<const AttemptSummary*> chosen;
  for (const AttemptSummary& s : apps) {
    if (app_id.empty() || s.app_id == app_id || s.app_id + "/" + s.attempt_id == app_id) {
      chosen.push_back(&s);
    }
  }
  if (chosen.size() == 1) {
    run.model = models.at(chosen[0]->model_index);
    return true;
  }
  if (chosen.empty() && apps.empty()) {
    *error = "no event logs under " + path;
  } else if (chosen.empty()) {
    *error = path + " has no application " + app_id + "; it holds:";
    for (const AttemptSummary& s : apps) *error += " " + s.app_id;
  } else {
    *error = path + " holds " + std::to_string(chosen.size()) +
             " applications: pick one with " + path + "#<appId>:";
    for (const AttemptSummary* s : chosen) {
      *error += " " + s->app_id + (s->attempt_id.empty() ? "" : "/" + s->attempt_id);
    }
  }
  return false;
}

// ---- text ---------------------------------------------------------------------------------------

std::string Millis(int64_t ms) {
  if (ms < 0) return "-";
  char text[32];
  if (ms < 1000) std::snprintf(text, sizeof text, "%" PRId64 " ms", ms);
  else if (ms < 60'000) std::snprintf(text, sizeof text, "%.1f s", static_cast<double>(ms) / 1000);
  else if (ms < 3'600'000) std::snprintf(text, sizeof text, "%.1f min", static_cast<double>(ms) / 60'000);
  else std::snprintf(text, sizeof text, "%.1f h", static_cast<double>(ms) / 3'600'000);
  return text;
}

std::string SignedMillis(int64_t ms) {
  return (ms > 0 ? "+" : ms < 0 ? "-" : "") + (ms == 0 ? std::string("0") : Millis(ms < 0 ? -ms : ms));
}

std::string Bytes(int64_t bytes) {
  if (bytes < 0) return "-";
  char text[32];
  const char* units[] = {"B", "KiB", "MiB", "GiB", "TiB"};
  double value = static_cast<double>(bytes);
  int unit = 0;
  while (value >= 1024 && unit < 4) {
    value /= 1024;
    ++unit;
  }
  if (unit == 0) std::snprintf(text, sizeof text, "%" PRId64 " B", bytes);
  else std::snprintf(text, sizeof text, "%.1f %s", value, units[unit]);
  return text;
}

std::string Value(compare::MetricUnit unit, int64_t value) {
  switch (unit) {
    case compare::MetricUnit::kMillis: return Millis(value);
    case compare::MetricUnit::kNanos: return Millis(value < 0 ? -1 : value / 1'000'000);
    case compare::MetricUnit::kBytes: return Bytes(value);
    case compare::MetricUnit::kCount: return std::to_string(value);
  }
  return std::to_string(value);
}

std::string Cut(const std::string& text, size_t width) {
  return text.size() <= width ? text : text.substr(0, width - 3) + "...";
}

template <typename Entity>
const Entity* At(const std::vector<Entity>& items, int index) {
  return index >= 0 ? &items[static_cast<size_t>(index)] : nullptr;
}

std::string StageName(const compare::StageEntity* s) {
  return s ? std::to_string(s->stage_id) + "." + std::to_string(s->attempt_id) : "-";
}

std::string PlanSummary(const compare::PlanChanges& p) {
  std::string text;
  auto add = [&](const std::string& part) { text += (text.empty() ? "" : "; ") + part; };
  for (const auto& [from, to] : p.replaced) add(from + " -> " + to);
  for (const std::string& name : p.added) add("+" + name);
  for (const std::string& name : p.removed) add("-" + name);
  for (const compare::ScanFieldChange& s : p.scans) add(s.field + " " + s.a + " -> " + s.b);
  return text;
}

void PrintHeadline(const compare::Comparison& c) {
  if (c.scope == compare::ComparisonScope::kRuns) {
    std::printf("\nHeadline: wall-clock %s; the SQL executions and jobs outside SQL account for "
                "%s, the rest is driver work or idle time between actions\n",
                SignedMillis(c.wall_delta_ms).c_str(), SignedMillis(c.items_delta_ms).c_str());
  } else {
    std::printf("\nHeadline: B - A = %s\n", SignedMillis(c.wall_delta_ms).c_str());
  }
  if (c.headline.empty()) std::printf("  no one change accounts for much of the difference\n");
  for (const compare::HeadlineItem& item : c.headline) {
    std::string what;
    if (item.level == compare::HeadlineLevel::kSql) {
      const compare::AlignedIndex row = c.rows.sql[static_cast<size_t>(item.row)];
      const compare::SqlEntity* a = At(c.run_a.sql, row.a);
      const compare::SqlEntity* b = At(c.run_b.sql, row.b);
      what = "SQL " + (a ? std::to_string(a->execution_id) : "-") + " / " +
             (b ? std::to_string(b->execution_id) : "-") + " \"" +
             Cut(b ? b->description : a->description, 50) + "\"";
      if (a && b && !c.sql_changes[static_cast<size_t>(item.row)].empty()) {
        what += " [" + Cut(PlanSummary(c.sql_changes[static_cast<size_t>(item.row)]), 120) + "]";
      }
    } else {
      const compare::AlignedIndex row = c.rows.jobs[static_cast<size_t>(item.row)];
      const compare::JobEntity* a = At(c.run_a.jobs, row.a);
      const compare::JobEntity* b = At(c.run_b.jobs, row.b);
      what = "job " + (a ? std::to_string(a->job_id) : "-") + " / " +
             (b ? std::to_string(b->job_id) : "-") + " \"" + Cut(b ? b->name : a->name, 50) + "\"";
    }
    std::printf("  %s %s\n", SignedMillis(item.delta_ms).c_str(), what.c_str());
    if (item.stage_row >= 0) {
      const compare::AlignedIndex row = c.rows.stages[static_cast<size_t>(item.stage_row)];
      const compare::StageEntity* a = At(c.run_a.stages, row.a);
      const compare::StageEntity* b = At(c.run_b.stages, row.b);
      std::printf("      stage %s / %s \"%s\" %s, tasks %s -> %s\n", StageName(a).c_str(),
                  StageName(b).c_str(), Cut(b ? b->name : a->name, 50).c_str(),
                  SignedMillis(item.stage_delta_ms).c_str(),
                  a ? std::to_string(a->metrics.tasks).c_str() : "-",
                  b ? std::to_string(b->metrics.tasks).c_str() : "-");
    }
  }
}

void PrintApp(const compare::Comparison& c) {
  if (c.app.empty()) return;
  std::printf("\n%-18s %14s %14s %14s %8s\n", "Application", "A", "B", "B - A", "B / A");
  for (const compare::AppMetricRow& row : c.app) {
    const auto ratio = row.Ratio();
    char ratio_text[16] = "-";
    if (ratio) std::snprintf(ratio_text, sizeof ratio_text, "%.2f", *ratio);
    std::string delta = row.a < 0 || row.b < 0 ? "-" : (row.Delta() > 0 ? "+" : "") + Value(row.unit, row.Delta() < 0 ? -row.Delta() : row.Delta());
    if (row.Delta() < 0 && delta != "-") delta = "-" + delta;
    std::printf("%-18s %14s %14s %14s %8s\n", row.label, Value(row.unit, row.a).c_str(),
                Value(row.unit, row.b).c_str(), delta.c_str(), ratio_text);
  }
}

template <typename Entity>
std::string DurationOf(const Entity* e) {
  return e ? Millis(e->metrics.duration_ms) : "-";
}

void PrintSql(const compare::Comparison& c) {
  if (c.rows.sql.empty()) return;
  std::printf("\n%6s %6s  %-40s %10s %10s  %s\n", "SQL A", "SQL B", "Description", "A", "B",
              "Plan change");
  for (size_t r = 0; r < c.rows.sql.size(); ++r) {
    const compare::SqlEntity* a = At(c.run_a.sql, c.rows.sql[r].a);
    const compare::SqlEntity* b = At(c.run_b.sql, c.rows.sql[r].b);
    std::string change = a && b ? PlanSummary(c.sql_changes[r]) : (a ? "(only in A)" : "(only in B)");
    if (a && b && change.empty()) change = c.sql_changes[r].same_shape ? "" : "(shape differs)";
    std::printf("%6s %6s  %-40s %10s %10s  %s\n", a ? std::to_string(a->execution_id).c_str() : "-",
                b ? std::to_string(b->execution_id).c_str() : "-",
                Cut(b ? b->description : a->description, 40).c_str(), DurationOf(a).c_str(),
                DurationOf(b).c_str(), Cut(change, 100).c_str());
  }
}

void PrintJobs(const compare::Comparison& c) {
  if (c.rows.jobs.empty()) return;
  std::printf("\n%6s %6s  %-40s %10s %10s %7s %7s\n", "Job A", "Job B", "Name", "A", "B",
              "Tasks A", "Tasks B");
  for (const compare::AlignedIndex& row : c.rows.jobs) {
    const compare::JobEntity* a = At(c.run_a.jobs, row.a);
    const compare::JobEntity* b = At(c.run_b.jobs, row.b);
    std::printf("%6s %6s  %-40s %10s %10s %7s %7s\n", a ? std::to_string(a->job_id).c_str() : "-",
                b ? std::to_string(b->job_id).c_str() : "-", Cut(b ? b->name : a->name, 40).c_str(),
                DurationOf(a).c_str(), DurationOf(b).c_str(),
                a ? std::to_string(a->metrics.tasks).c_str() : "-",
                b ? std::to_string(b->metrics.tasks).c_str() : "-");
  }
}

void PrintStages(const compare::Comparison& c) {
  if (c.rows.stages.empty()) return;
  std::printf("\n%8s %8s  %-36s %10s %10s %7s %7s %10s %10s\n", "Stage A", "Stage B", "Name", "A",
              "B", "Tasks A", "Tasks B", "Input A", "Input B");
  for (const compare::AlignedIndex& row : c.rows.stages) {
    const compare::StageEntity* a = At(c.run_a.stages, row.a);
    const compare::StageEntity* b = At(c.run_b.stages, row.b);
    std::printf("%8s %8s  %-36s %10s %10s %7s %7s %10s %10s\n", StageName(a).c_str(),
                StageName(b).c_str(), Cut(b ? b->name : a->name, 36).c_str(), DurationOf(a).c_str(),
                DurationOf(b).c_str(), a ? std::to_string(a->metrics.tasks).c_str() : "-",
                b ? std::to_string(b->metrics.tasks).c_str() : "-",
                a ? Bytes(a->metrics.input_bytes).c_str() : "-",
                b ? Bytes(b->metrics.input_bytes).c_str() : "-");
  }
}

void PrintProperties(const char* title, const std::vector<compare::PropertyDifference>& list) {
  if (list.empty()) return;
  std::printf("\n%s\n", title);
  for (const compare::PropertyDifference& p : list) {
    std::printf("  %-44s A: %s  B: %s%s\n", p.key.c_str(), Cut(p.a.value_or("(not set)"), 40).c_str(),
                Cut(p.b.value_or("(not set)"), 40).c_str(), p.names_the_run ? "  (names the run)" : "");
  }
}

void PrintFindings(const compare::Comparison& c) {
  if (c.scope != compare::ComparisonScope::kRuns) return;
  const compare::FindingsDiff& d = c.findings;
  std::printf("\nFindings: %zu disappeared, %zu appeared, %zu stayed\n", d.only_a.size(),
              d.only_b.size(), d.both.size());
  for (const Finding& f : d.only_a) std::printf("  only A  %s\n", compare::FindingCompareKey(f).c_str());
  for (const Finding& f : d.only_b) std::printf("  only B  %s\n", compare::FindingCompareKey(f).c_str());
  for (const auto& [fa, fb] : d.both) std::printf("  both    %s\n", compare::FindingCompareKey(fa).c_str());
}

void PrintText(const compare::Comparison& c) {
  std::printf("A  %s  %s\nB  %s  %s\n", c.a.id.c_str(), c.a.name.c_str(), c.b.id.c_str(),
              c.b.name.c_str());
  PrintHeadline(c);
  PrintApp(c);
  PrintSql(c);
  PrintJobs(c);
  PrintStages(c);
  PrintProperties("Spark properties that differ", c.config);
  PrintProperties("Executors asked for", c.executor_requests);
  PrintFindings(c);
}

}  // namespace

int RunCompare(int argc, char** argv) {
  CompareOptions options;
  std::string error;
  if (!ParseOptions(argc, argv, &options, &error)) {
    std::fprintf(stderr, "afterglow compare: %s\n%s", error.c_str(), kCompareUsage);
    return 2;
  }
  auto a = std::make_unique<LoadedRun>(), b = std::make_unique<LoadedRun>();
  if (!LoadRun(options.a, *a, &error) || !LoadRun(options.b, *b, &error)) {
    std::fprintf(stderr, "afterglow compare: %s\n", error.c_str());
    return 2;
  }
  const compare::RunSide side_a{a->model, &a->session.strings()};
  const compare::RunSide side_b{b->model, &b->session.strings()};
  std::optional<compare::Comparison> comparison;
  switch (options.scope) {
    case CompareOptions::Scope::kRuns: comparison = compare::CompareRuns(side_a, side_b); break;
    case CompareOptions::Scope::kSql:
      comparison = compare::CompareSqlExecutions(side_a, options.id_a, side_b, options.id_b, &error);
      break;
    case CompareOptions::Scope::kJobs:
      comparison = compare::CompareJobs(side_a, static_cast<int32_t>(options.id_a), side_b,
                                        static_cast<int32_t>(options.id_b), &error);
      break;
  }
  if (!comparison) {
    std::fprintf(stderr, "afterglow compare: %s\n", error.c_str());
    return 1;
  }
  if (options.json) {
    const std::string json = compare::ComparisonJson(*comparison);
    std::fwrite(json.data(), 1, json.size(), stdout);
    std::fputc('\n', stdout);
  } else {
    PrintText(*comparison);
  }
  return 0;
}

}  // namespace afterglow::cli
