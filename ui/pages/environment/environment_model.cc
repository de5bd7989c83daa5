#include "ui/pages/environment/environment_model.h"

#include <cctype>
#include <cstdio>
#include <string>
#include <string_view>
#include <utility>

#include "simdjson.h"
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

// The answer is read with simdjson's On-Demand parser, field by field in the order the API writes
// them, and copied into the rows as it goes: a DOM parse of the same text held about 14 bytes of
// tape and index per byte of answer at once, which the page's heap keeps for good (it never
// shrinks); On-Demand holds about 6.

// A [[key, value], ...] list of the API (sparkProperties, classpathEntries...). Pairs that are not
// two strings are skipped.
void ReadPairs(simdjson::ondemand::value list, EnvironmentSection& section) {
  simdjson::ondemand::array pairs;
  if (list.get_array().get(pairs) != simdjson::SUCCESS) return;
  for (auto pair : pairs) {
    simdjson::ondemand::array items;
    if (pair.get_array().get(items) != simdjson::SUCCESS) return;
    std::string texts[2];
    size_t count = 0;
    bool strings = true;
    for (auto item : items) {
      std::string_view text;
      if (item.error() != simdjson::SUCCESS) return;
      if (item.get_string().get(text) != simdjson::SUCCESS) {
        strings = false;  // (On-Demand skips what is not read)
      } else if (count < 2) {
        texts[count] = std::string(text);
      }
      ++count;
    }
    if (strings && count == 2) section.rows.emplace_back(std::move(texts[0]), std::move(texts[1]));
  }
}

// The number as the API wrote it (an integer amount, or a double such as 1.0 or 0.5).
std::string NumberText(simdjson::ondemand::value value) {
  simdjson::ondemand::number number;
  if (value.get_number().get(number) != simdjson::SUCCESS) return "";
  if (number.is_int64()) return std::to_string(number.get_int64());
  const double fraction = number.as_double();
  char text[32];
  std::snprintf(text, sizeof text, "%.1f", fraction);
  if (static_cast<double>(static_cast<int64_t>(fraction)) != fraction) {
    std::snprintf(text, sizeof text, "%g", fraction);
  }
  return text;
}

// "cores: [amount: 4], memory: [amount: 1024]" for one resource map of a profile.
std::string ResourcesText(simdjson::ondemand::value map, bool with_script) {
  std::string text;
  simdjson::ondemand::object resources;
  if (map.get_object().get(resources) != simdjson::SUCCESS) return text;
  for (auto result : resources) {
    simdjson::ondemand::field field;
    std::string_view name;
    simdjson::ondemand::object request;
    if (std::move(result).get(field) != simdjson::SUCCESS ||
        field.unescaped_key().get(name) != simdjson::SUCCESS) {
      return text;
    }
    const std::string resource(name);
    if (field.value().get_object().get(request) != simdjson::SUCCESS) continue;
    std::string amount, script, vendor;
    for (auto part_result : request) {
      simdjson::ondemand::field part;
      std::string_view key, value;
      if (std::move(part_result).get(part) != simdjson::SUCCESS ||
          part.unescaped_key().get(key) != simdjson::SUCCESS) {
        return text;
      }
      if (key == "amount") {
        amount = NumberText(part.value());
      } else if (key == "discoveryScript" &&
                 part.value().get_string().get(value) == simdjson::SUCCESS) {
        script = std::string(value);
      } else if (key == "vendor" && part.value().get_string().get(value) == simdjson::SUCCESS) {
        vendor = std::string(value);
      }
    }
    if (!text.empty()) text += ", ";
    text += resource + ": [amount: " + amount;
    if (with_script && !script.empty()) text += ", discovery: " + script;
    if (with_script && !vendor.empty()) text += ", vendor: " + vendor;
    text += "]";
  }
  return text;
}

void ReadResourceProfiles(simdjson::ondemand::value list, EnvironmentSection& section) {
  simdjson::ondemand::array profiles;
  if (list.get_array().get(profiles) != simdjson::SUCCESS) return;
  for (auto element : profiles) {
    simdjson::ondemand::object profile;
    if (element.get_object().get(profile) != simdjson::SUCCESS) return;
    bool has_id = false;
    int64_t id = 0;
    std::string executor_text, task_text;
    for (auto result : profile) {
      simdjson::ondemand::field field;
      std::string_view key;
      if (std::move(result).get(field) != simdjson::SUCCESS ||
          field.unescaped_key().get(key) != simdjson::SUCCESS) {
        return;
      }
      if (key == "id") {
        has_id = field.value().get_int64().get(id) == simdjson::SUCCESS;
      } else if (key == "executorResources") {
        executor_text = ResourcesText(field.value(), true);
      } else if (key == "taskResources") {
        task_text = ResourcesText(field.value(), false);
      }
    }
    if (!has_id) continue;
    section.rows.emplace_back(std::to_string(id),
                              "Executor Reqs: " + executor_text + "  |  Task Reqs: " + task_text);
  }
}

// Java Version, Java Home, Scala Version, in that order, those the API has.
void ReadRuntime(simdjson::ondemand::value runtime, EnvironmentSection& section) {
  simdjson::ondemand::object info;
  if (runtime.get_object().get(info) != simdjson::SUCCESS) return;
  static constexpr std::pair<const char*, const char*> kFields[] = {
      {"javaVersion", "Java Version"}, {"javaHome", "Java Home"}, {"scalaVersion", "Scala Version"}};
  std::string values[3];
  bool present[3] = {false, false, false};
  for (auto result : info) {
    simdjson::ondemand::field field;
    std::string_view key, value;
    if (std::move(result).get(field) != simdjson::SUCCESS ||
        field.unescaped_key().get(key) != simdjson::SUCCESS) {
      return;
    }
    for (size_t i = 0; i < 3; ++i) {
      if (key == kFields[i].first && field.value().get_string().get(value) == simdjson::SUCCESS) {
        values[i] = std::string(value);
        present[i] = true;
      }
    }
  }
  for (size_t i = 0; i < 3; ++i) {
    if (present[i]) section.rows.emplace_back(kFields[i].second, std::move(values[i]));
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
  ApiResponse response = session.Api(ApiAppBase(app) + "/environment");
  if (response.status != 200) {
    error = response.status == 404 ? "The log has no environment (no EnvironmentUpdate event)."
                                   : std::to_string(response.status) + " " + response.body;
    return;
  }
  // Spark's page order; the API writes runtime, the property lists, then resource profiles.
  sections.push_back(MakeSection("Runtime Information", "Name", "Value"));
  sections.push_back(MakeSection("Spark Properties", "Name", "Value"));
  sections.push_back(
      MakeSection("Resource Profiles", "Resource Profile Id", "Resource Profile Contents"));
  sections.push_back(MakeSection("Hadoop Properties", "Name", "Value"));
  sections.push_back(MakeSection("System Properties", "Name", "Value"));
  sections.push_back(MakeSection("Metrics Properties", "Name", "Value"));
  sections.push_back(MakeSection("Classpath Entries", "Resource", "Source"));
  static constexpr const char* kPairLists[] = {nullptr,            "sparkProperties",
                                               nullptr,            "hadoopProperties",
                                               "systemProperties", "metricsProperties",
                                               "classpathEntries"};
  simdjson::ondemand::parser parser;
  simdjson::ondemand::document document;
  simdjson::ondemand::object env;
  std::string& json = response.body;
  json.reserve(json.size() + simdjson::SIMDJSON_PADDING);  // On-Demand reads past the end
  if (parser.iterate(json.data(), json.size(), json.capacity()).get(document) != simdjson::SUCCESS ||
      document.get_object().get(env) != simdjson::SUCCESS) {
    Clear();
    error = "the environment answer is not a JSON object";
    return;
  }
  for (auto result : env) {
    simdjson::ondemand::field field;
    std::string_view key;
    if (std::move(result).get(field) != simdjson::SUCCESS ||
        field.unescaped_key().get(key) != simdjson::SUCCESS) {
      break;
    }
    if (key == "runtime") {
      ReadRuntime(field.value(), sections[0]);
    } else if (key == "resourceProfiles") {
      ReadResourceProfiles(field.value(), sections[2]);
    } else {
      for (size_t i = 0; i < sections.size(); ++i) {
        if (kPairLists[i] != nullptr && key == kPairLists[i]) ReadPairs(field.value(), sections[i]);
      }
    }
  }
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
