#include "ui/environment_model.h"

#include <cctype>
#include <cstdio>

#include "simdjson.h"
#include "ui/executors_model.h"
#include "ui/table_text.h"
#include "ui/tsv.h"

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

// A [[key, value], ...] list of the API (sparkProperties, classpathEntries...).
void ReadPairs(simdjson::dom::object env, const char* key, EnvironmentSection& section) {
  simdjson::dom::array pairs;
  if (env[key].get_array().get(pairs) != simdjson::SUCCESS) return;
  for (simdjson::dom::element pair : pairs) {
    simdjson::dom::array items;
    if (pair.get_array().get(items) != simdjson::SUCCESS || items.size() != 2) continue;
    std::string_view name, value;
    if (items.at(0).get_string().get(name) != simdjson::SUCCESS ||
        items.at(1).get_string().get(value) != simdjson::SUCCESS) {
      continue;
    }
    section.rows.emplace_back(std::string(name), std::string(value));
  }
}

// The number as the API wrote it (an integer amount, or a double such as 1.0 or 0.5).
std::string NumberText(simdjson::simdjson_result<simdjson::dom::element> value) {
  int64_t whole = 0;
  if (value.get_int64().get(whole) == simdjson::SUCCESS) return std::to_string(whole);
  double fraction = 0;
  if (value.get_double().get(fraction) == simdjson::SUCCESS) {
    char text[32];
    std::snprintf(text, sizeof text, "%.1f", fraction);
    if (static_cast<double>(static_cast<int64_t>(fraction)) != fraction) {
      std::snprintf(text, sizeof text, "%g", fraction);
    }
    return text;
  }
  return "";
}

// "cores: [amount: 4], memory: [amount: 1024]" for one resource map of a profile.
std::string ResourcesText(simdjson::dom::object resources, bool with_script) {
  std::string text;
  for (auto field : resources) {
    simdjson::dom::object request;
    if (field.value.get_object().get(request) != simdjson::SUCCESS) continue;
    if (!text.empty()) text += ", ";
    text += std::string(field.key) + ": [amount: " + NumberText(request["amount"]);
    std::string_view script, vendor;
    if (with_script && request["discoveryScript"].get_string().get(script) == simdjson::SUCCESS &&
        !script.empty()) {
      text += ", discovery: " + std::string(script);
    }
    if (with_script && request["vendor"].get_string().get(vendor) == simdjson::SUCCESS &&
        !vendor.empty()) {
      text += ", vendor: " + std::string(vendor);
    }
    text += "]";
  }
  return text;
}

void ReadResourceProfiles(simdjson::dom::object env, EnvironmentSection& section) {
  simdjson::dom::array profiles;
  if (env["resourceProfiles"].get_array().get(profiles) != simdjson::SUCCESS) return;
  for (simdjson::dom::element element : profiles) {
    simdjson::dom::object profile;
    if (element.get_object().get(profile) != simdjson::SUCCESS) continue;
    int64_t id = 0;
    if (profile["id"].get_int64().get(id) != simdjson::SUCCESS) continue;
    std::string contents = "Executor Reqs: ";
    simdjson::dom::object resources;
    if (profile["executorResources"].get_object().get(resources) == simdjson::SUCCESS) {
      contents += ResourcesText(resources, true);
    }
    contents += "  |  Task Reqs: ";
    if (profile["taskResources"].get_object().get(resources) == simdjson::SUCCESS) {
      contents += ResourcesText(resources, false);
    }
    section.rows.emplace_back(std::to_string(id), std::move(contents));
  }
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
  const ApiResponse response = session.Api(ApiAppBase(app) + "/environment");
  if (response.status != 200) {
    error = response.status == 404 ? "The log has no environment (no EnvironmentUpdate event)."
                                   : std::to_string(response.status) + " " + response.body;
    return;
  }
  simdjson::dom::parser parser;
  simdjson::dom::object env;
  if (parser.parse(response.body).get_object().get(env) != simdjson::SUCCESS) {
    error = "the environment answer is not a JSON object";
    return;
  }
  EnvironmentSection runtime = MakeSection("Runtime Information", "Name", "Value");
  simdjson::dom::object info;
  if (env["runtime"].get_object().get(info) == simdjson::SUCCESS) {
    for (auto [key, label] : {std::pair{"javaVersion", "Java Version"},
                              std::pair{"javaHome", "Java Home"},
                              std::pair{"scalaVersion", "Scala Version"}}) {
      std::string_view value;
      if (info[key].get_string().get(value) == simdjson::SUCCESS) {
        runtime.rows.emplace_back(label, std::string(value));
      }
    }
  }
  sections.push_back(std::move(runtime));
  sections.push_back(MakeSection("Spark Properties", "Name", "Value"));
  ReadPairs(env, "sparkProperties", sections.back());
  sections.push_back(
      MakeSection("Resource Profiles", "Resource Profile Id", "Resource Profile Contents"));
  ReadResourceProfiles(env, sections.back());
  sections.push_back(MakeSection("Hadoop Properties", "Name", "Value"));
  ReadPairs(env, "hadoopProperties", sections.back());
  sections.push_back(MakeSection("System Properties", "Name", "Value"));
  ReadPairs(env, "systemProperties", sections.back());
  sections.push_back(MakeSection("Metrics Properties", "Name", "Value"));
  ReadPairs(env, "metricsProperties", sections.back());
  sections.push_back(MakeSection("Classpath Entries", "Resource", "Source"));
  ReadPairs(env, "classpathEntries", sections.back());
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
