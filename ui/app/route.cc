#include "ui/app/route.h"

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

}  // namespace

std::optional<Route> ParseRoute(std::string_view text) {
  if (text.starts_with('#')) text.remove_prefix(1);
  if (!text.starts_with('/')) return std::nullopt;
  text.remove_prefix(1);
  if (text.ends_with('/')) text.remove_suffix(1);
  const std::string_view name = NextSegment(text);
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
    if (section.entity != ViewId::kStage) return std::nullopt;
    if (!ParseNonNegative(NextSegment(text), &route.attempt) || !text.empty()) return std::nullopt;
    return route;
  }
  return std::nullopt;
}

std::string FormatRoute(const Route& route) {
  for (const Section& section : kSections) {
    if (route.view == section.list) return "#/" + std::string(section.name);
    if (route.view != section.entity) continue;
    if (route.view == ViewId::kStreamingRun) return "#/" + std::string(section.name) + "/" + route.key;
    std::string text = "#/" + std::string(section.name) + "/" + std::to_string(route.id);
    if (route.view == ViewId::kStage && route.attempt >= 0) text += "/" + std::to_string(route.attempt);
    return text;
  }
  return "#/overview";
}

ViewId SectionOf(ViewId view) {
  for (const Section& section : kSections) {
    if (view == section.entity) return section.list;
  }
  return view;
}

}  // namespace afterglow::ui
