// The Environment page's sections, read once from the environment rows, which the core already
// redacts as the History Server does (spark.redaction.regex's default applied to keys and values:
// core/query/environment_rows.h), so the page shows exactly what the API shows and never a
// secret. One search filters keys and values across every section.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/session.h"

namespace afterglow::ui {

struct EnvironmentSection {
  std::string title;         // "Spark Properties"
  std::string key_header;    // "Name", "Resource", "Resource Profile Id"
  std::string value_header;  // "Value", "Source", "Resource Profile Contents"
  std::vector<std::pair<std::string, std::string>> rows;  // in the API's order
  std::vector<std::string> search_text;  // lower-cased "key\tvalue" per row
  std::vector<uint32_t> visible;         // rows matching the filter
  size_t redacted = 0;                   // rows whose value the API replaced (IsRedactedValue)
};

// The History Server's replacement for a hidden value (Utils.REDACTION_REPLACEMENT_TEXT).
inline constexpr std::string_view kRedactedValue = "*********(redacted)";
inline bool IsRedactedValue(std::string_view value) { return value == kRedactedValue; }

struct EnvironmentTableModel {
  // Runtime Information, Spark Properties, Resource Profiles, Hadoop Properties, System
  // Properties, Metrics Properties, Classpath Entries: the order of Spark's page.
  std::vector<EnvironmentSection> sections;
  std::string error;           // the API's error (a log without an EnvironmentUpdate)
  size_t matches = 0;          // visible rows over all sections
  size_t redacted = 0;         // redacted values over all sections
  char filter_text[128] = "";  // the search box's text; kept across rebuilds
  // Set when filter_text was changed outside the search box (a finding's link to a config key):
  // the view then opens the sections that match, as after typing.
  bool filter_set_by_link = false;

  void Clear();
  void Build(const Session& session, const AttemptSummary& app);
  // Keeps rows whose key or value contains `needle` (any case) in every section.
  void Filter(std::string_view needle);
  // One section's visible rows as TSV with its two headers.
  std::string SectionTsv(size_t section) const;
};

}  // namespace afterglow::ui
