#include "ui/app/route.h"

#include <cctype>
#include <charconv>

namespace afterglow::ui {
namespace {

struct Section {
  ViewId list;            // the view without an id
  ViewId entity;          // the view with an id (== list when the section has none)
  std::string_view name;  // path segment after "#/"
};

constexpr Section kSections[] = {
    {ViewId::kOverview, ViewId::kOverview, "overview"},
    {ViewId::kJobs, ViewId::kJob, "jobs"},
    {ViewId::kStages, ViewId::kStage, "stages"},
    {ViewId::kExecutors, ViewId::kExecutors, "executors"},
    {ViewId::kSql, ViewId::kSqlQuery, "sql"},
    {ViewId::kEnvironment, ViewId::kEnvironment, "environment"},
    {ViewId::kStorage, ViewId::kRdd, "storage"},
    {ViewId::kTimeline, ViewId::kTimeline, "timeline"},
    {ViewId::kStreaming, ViewId::kStreamingRun, "streaming"},
    {ViewId::kSqlServer, ViewId::kSqlServer, "sqlserver"},
};

// A streaming run id: a UUID's letters, digits and dashes.
bool IsRunKey(std::string_view text) {
  if (text.empty() || text.size() > 64) return false;
  for (char c : text) {
    if (!(c == '-' || (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'))) {
      return false;
    }
  }
  return true;
}

// Splits the next '/'-separated segment off `rest`.
std::string_view NextSegment(std::string_view& rest) {
  const size_t slash = rest.find('/');
  std::string_view segment = rest.substr(0, slash);
  rest = slash == std::string_view::npos ? std::string_view() : rest.substr(slash + 1);
  return segment;
}

template <typename T>
bool ParseNonNegative(std::string_view text, T* value) {
  if (text.empty()) return false;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), *value);
  return ec == std::errc() && end == text.data() + text.size() && *value >= 0;
}

constexpr std::string_view kCompareName = "compare";
constexpr std::string_view kSqlPlanSegment = "plan";

std::string_view CompareItemsName(CompareItems items) {
  return items == CompareItems::kJobs ? "jobs" : items == CompareItems::kSql ? "sql" : "";
}

std::string_view ComparePairName(ComparePair pair) {
  switch (pair) {
    case ComparePair::kSql: return "query";
    case ComparePair::kJob: return "job";
    case ComparePair::kStage: return "stage";
    case ComparePair::kNone: break;
  }
  return "";
}

// The part of a #/compare route after "compare/": [jobs|sql/<a>/<b>/][query|job|stage/<row>].
std::optional<Route> ParseCompareRoute(std::string_view rest) {
  Route route;
  route.view = ViewId::kCompare;
  if (rest.empty()) return route;
  std::string_view name = NextSegment(rest);
  for (CompareItems items : {CompareItems::kJobs, CompareItems::kSql}) {
    if (name != CompareItemsName(items)) continue;
    route.compare.items = items;
    if (!ParseNonNegative(NextSegment(rest), &route.id) ||
        !ParseNonNegative(NextSegment(rest), &route.compare.other)) {
      return std::nullopt;
    }
    if (rest.empty()) return route;
    name = NextSegment(rest);
    break;
  }
  for (ComparePair pair : {ComparePair::kSql, ComparePair::kJob, ComparePair::kStage}) {
    if (name != ComparePairName(pair)) continue;
    route.compare.pair = pair;
    if (!ParseNonNegative(NextSegment(rest), &route.compare.row) || !rest.empty()) return std::nullopt;
    return route;
  }
  return std::nullopt;
}

std::string FormatCompareRoute(const Route& route) {
  std::string text = "#/" + std::string(kCompareName);
  if (route.compare.items != CompareItems::kRuns) {
    text += "/" + std::string(CompareItemsName(route.compare.items)) + "/" +
            std::to_string(route.id) + "/" + std::to_string(route.compare.other);
  }
  if (route.compare.pair != ComparePair::kNone) {
    text += "/" + std::string(ComparePairName(route.compare.pair)) + "/" +
            std::to_string(route.compare.row);
  }
  return text;
}

// Application ids are Spark's ("app-2016...", "application_15..._0018", "local-14...") but an
// attempt id is any text: what could end or split the query is percent-encoded.
std::string EncodeQueryValue(std::string_view value) {
  std::string out;
  for (char c : value) {
    const auto byte = static_cast<unsigned char>(c);
    if (std::isalnum(byte) || c == '-' || c == '_' || c == '.' || c == '~') {
      out += c;
    } else {
      static constexpr char kHex[] = "0123456789ABCDEF";
      out += '%';
      out += kHex[byte >> 4];
      out += kHex[byte & 15];
    }
  }
  return out;
}

int HexDigit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

std::optional<std::string> DecodeQueryValue(std::string_view value) {
  std::string out;
  for (size_t i = 0; i < value.size(); ++i) {
    if (value[i] != '%') {
      out += value[i];
      continue;
    }
    if (i + 2 >= value.size()) return std::nullopt;  // a cut-off escape
    const int high = HexDigit(value[i + 1]), low = HexDigit(value[i + 2]);
    if (high < 0 || low < 0) return std::nullopt;
    out += static_cast<char>(high * 16 + low);
    i += 2;
  }
  return out;
}

// "app=<id>[&attempt=<id>]" into the route; false for any other query.
bool ParseAppQuery(std::string_view query, Route* route) {
  while (!query.empty()) {
    const size_t amp = query.find('&');
    const std::string_view pair = query.substr(0, amp);
    query = amp == std::string_view::npos ? std::string_view() : query.substr(amp + 1);
    const size_t equals = pair.find('=');
    if (equals == std::string_view::npos) return false;
    const std::optional<std::string> value = DecodeQueryValue(pair.substr(equals + 1));
    if (!value || value->empty()) return false;
    const std::string_view key = pair.substr(0, equals);
    if (key == "app") {
      route->app_id = *value;
    } else if (key == "attempt") {
      route->app_attempt = *value;
    } else {
      return false;
    }
  }
  return !route->app_id.empty();
}

std::optional<Route> ParsePath(std::string_view text) {
  if (text.starts_with('#')) text.remove_prefix(1);
  if (!text.starts_with('/')) return std::nullopt;
  text.remove_prefix(1);
  if (text.ends_with('/')) text.remove_suffix(1);
  const std::string_view name = NextSegment(text);
  if (name == kCompareName) return ParseCompareRoute(text);
  for (const Section& section : kSections) {
    if (name != section.name) continue;
    Route route;
    route.view = section.list;
    if (text.empty()) return route;
    if (section.entity == section.list) return std::nullopt;
    route.view = section.entity;
    if (section.entity == ViewId::kStreamingRun) {
      route.key = std::string(NextSegment(text));
      if (!IsRunKey(route.key) || !text.empty()) return std::nullopt;
      return route;
    }
    if (!ParseNonNegative(NextSegment(text), &route.id)) return std::nullopt;
    if (text.empty()) return route;
    if (section.entity == ViewId::kSqlQuery) {
      // "plan/<n>": the execution's n-th plan version, 1 the initial one (attempt n - 1).
      int32_t version = 0;
      if (NextSegment(text) != kSqlPlanSegment || !ParseNonNegative(NextSegment(text), &version) ||
          version < 1 || !text.empty()) {
        return std::nullopt;
      }
      route.attempt = version - 1;
      return route;
    }
    if (section.entity != ViewId::kStage) return std::nullopt;
    if (!ParseNonNegative(NextSegment(text), &route.attempt) || !text.empty()) return std::nullopt;
    return route;
  }
  return std::nullopt;
}

std::string FormatPath(const Route& route) {
  if (route.view == ViewId::kCompare) return FormatCompareRoute(route);
  for (const Section& section : kSections) {
    if (route.view == section.list) return "#/" + std::string(section.name);
    if (route.view != section.entity) continue;
    if (route.view == ViewId::kStreamingRun) return "#/" + std::string(section.name) + "/" + route.key;
    std::string text = "#/" + std::string(section.name) + "/" + std::to_string(route.id);
    if (route.view == ViewId::kStage && route.attempt >= 0) text += "/" + std::to_string(route.attempt);
    if (route.view == ViewId::kSqlQuery && route.attempt >= 0) {
      text += "/" + std::string(kSqlPlanSegment) + "/" + std::to_string(route.attempt + 1);
    }
    return text;
  }
  return "#/overview";
}

}  // namespace

std::optional<Route> ParseRoute(std::string_view text) {
  const size_t question = text.find('?');
  std::optional<Route> route = ParsePath(text.substr(0, question));
  if (!route || question == std::string_view::npos) return route;
  if (!ParseAppQuery(text.substr(question + 1), &*route)) return std::nullopt;
  return route;
}

std::string FormatRoute(const Route& route) {
  std::string text = FormatPath(route);
  if (route.app_id.empty()) return text;
  text += "?app=" + EncodeQueryValue(route.app_id);
  if (!route.app_attempt.empty()) text += "&attempt=" + EncodeQueryValue(route.app_attempt);
  return text;
}

ViewId SectionOf(ViewId view) {
  for (const Section& section : kSections) {
    if (view == section.entity) return section.list;
  }
  return view;
}

}  // namespace afterglow::ui
