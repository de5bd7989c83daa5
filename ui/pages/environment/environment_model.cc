#include "ui/pages/environment/environment_model.h"

#include <cctype>
#include <cstdint>
#include <cstdio>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "core/query/environment_rows.h"
#include "ui/pages/executors/executors_model.h"
#include "ui/widgets/table_text.h"
#include "ui/widgets/tsv.h"

namespace afterglow::ui {
namespace {

EnvironmentSection MakeSection(const char* title, const char* key_header,
                               const char* value_header) {
  EnvironmentSection section;
  section.title = title;
  section.key_header = key_header;
  section.value_header = value_header;
  return section;
}

void AddPairs(const PropertyRows& pairs, EnvironmentSection& section) {
  section.rows.reserve(pairs.size());
  for (const auto& [key, value] : pairs) section.rows.emplace_back(key, value);
}

// A task amount as the API's JSON shows it: 1.0, 0.5.
std::string TaskAmountText(double amount) {
  char text[32];
  if (static_cast<double>(static_cast<int64_t>(amount)) == amount) {
    std::snprintf(text, sizeof text, "%.1f", amount);
  } else {
    std::snprintf(text, sizeof text, "%g", amount);
  }
  return text;
}

// "Executor Reqs: cores: [amount: 4], memory: [amount: 1024]  |  Task Reqs: cpus: [amount: 1.0]"
std::string ProfileText(const ResourceProfileInfo& profile) {
  std::string executors, tasks;
  for (const ExecutorResourceRequest& r : profile.executor_resources) {
    if (!executors.empty()) executors += ", ";
    executors += r.key + ": [amount: " + std::to_string(r.amount);
    if (!r.discovery_script.empty()) executors += ", discovery: " + r.discovery_script;
    if (!r.vendor.empty()) executors += ", vendor: " + r.vendor;
    executors += "]";
  }
  for (const TaskResourceRequest& r : profile.task_resources) {
    if (!tasks.empty()) tasks += ", ";
    tasks += r.key + ": [amount: " + TaskAmountText(r.amount) + "]";
  }
  return "Executor Reqs: " + executors + "  |  Task Reqs: " + tasks;
}

}  // namespace

void EnvironmentTableModel::Clear() {
  sections.clear();
  error.clear();
  matches = 0;
  redacted = 0;
}

void EnvironmentTableModel::Build(const Session& session, const AttemptSummary& app) {
  Clear();
  const AttemptModel* model = session.model(app.model_index);
  const std::optional<EnvironmentRows> env =
      model != nullptr ? ReadEnvironmentRows(*model) : std::nullopt;
  if (!env) {
    error = "The log has no environment (no EnvironmentUpdate event).";
    return;
  }
  // Spark's page order.
  sections.push_back(MakeSection("Runtime Information", "Name", "Value"));
  sections.push_back(MakeSection("Spark Properties", "Name", "Value"));
  sections.push_back(
      MakeSection("Resource Profiles", "Resource Profile Id", "Resource Profile Contents"));
  sections.push_back(MakeSection("Hadoop Properties", "Name", "Value"));
  sections.push_back(MakeSection("System Properties", "Name", "Value"));
  sections.push_back(MakeSection("Metrics Properties", "Name", "Value"));
  sections.push_back(MakeSection("Classpath Entries", "Resource", "Source"));
  if (env->java_version) sections[0].rows.emplace_back("Java Version", *env->java_version);
  if (env->java_home) sections[0].rows.emplace_back("Java Home", *env->java_home);
  if (env->scala_version) sections[0].rows.emplace_back("Scala Version", *env->scala_version);
  AddPairs(env->spark_properties, sections[1]);
  for (const ResourceProfileInfo* profile : env->resource_profiles) {
    sections[2].rows.emplace_back(std::to_string(profile->id), ProfileText(*profile));
  }
  AddPairs(env->hadoop_properties, sections[3]);
  AddPairs(env->system_properties, sections[4]);
  AddPairs(env->metrics_properties, sections[5]);
  AddPairs(env->classpath_entries, sections[6]);
  for (EnvironmentSection& section : sections) {
    section.search_text.reserve(section.rows.size());
    for (const auto& [key, value] : section.rows) {
      section.search_text.push_back(Lower(key + "\t" + value));
      section.redacted += IsRedactedValue(value) ? 1 : 0;
    }
    redacted += section.redacted;
  }
  Filter(filter_text);
}

void EnvironmentTableModel::Filter(std::string_view needle) {
  const std::string lower = Lower(needle);
  matches = 0;
  for (EnvironmentSection& section : sections) {
    section.visible.clear();
    for (uint32_t i = 0; i < section.rows.size(); ++i) {
      if (lower.empty() || section.search_text[i].find(lower) != std::string::npos) {
        section.visible.push_back(i);
      }
    }
    matches += section.visible.size();
  }
}

std::string EnvironmentTableModel::SectionTsv(size_t index) const {
  TsvWriter tsv;
  if (index >= sections.size()) return "";
  const EnvironmentSection& section = sections[index];
  tsv.Cell(section.key_header);
  tsv.Cell(section.value_header);
  tsv.EndRow();
  for (uint32_t row : section.visible) {
    tsv.Cell(section.rows[row].first);
    tsv.Cell(section.rows[row].second);
    tsv.EndRow();
  }
  return tsv.text();
}

}  // namespace afterglow::ui
