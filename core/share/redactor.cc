#include "core/share/redactor.h"

#include <array>

#include "core/share/text_redaction.h"

namespace afterglow::share {

namespace {

char Lower(char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; }

bool ContainsIgnoreCase(std::string_view text, std::string_view lower_needle) {
  if (lower_needle.size() > text.size()) return false;
  for (size_t i = 0; i + lower_needle.size() <= text.size(); ++i) {
    size_t k = 0;
    while (k < lower_needle.size() && Lower(text[i + k]) == lower_needle[k]) ++k;
    if (k == lower_needle.size()) return true;
  }
  return false;
}

bool EndsWithIgnoreCase(std::string_view text, std::string_view lower_suffix) {
  if (lower_suffix.size() > text.size()) return false;
  const std::string_view tail = text.substr(text.size() - lower_suffix.size());
  for (size_t i = 0; i < tail.size(); ++i) {
    if (Lower(tail[i]) != lower_suffix[i]) return false;
  }
  return true;
}

template <size_t N>
bool IsOneOf(std::string_view text, const std::array<std::string_view, N>& names) {
  for (std::string_view name : names) {
    if (text == name) return true;
  }
  return false;
}

// Maps of names to values; "Attributes" is an executor's YARN attributes (NM_HOST, USER, ...).
constexpr std::array<std::string_view, 7> kPropertyMaps = {
    "Spark Properties", "Hadoop Properties", "System Properties", "Metrics Properties",
    "Properties",       "modifiedConfigs",   "Attributes"};
constexpr std::array<std::string_view, 2> kHostKeys = {"Host", "hostId"};
constexpr std::array<std::string_view, 6> kUserKeys = {"User", "user.name", "SPARK_USER",
                                                       "HADOOP_USER_NAME", "USER", "LOGNAME"};
constexpr std::string_view kClasspathEntries = "Classpath Entries";

bool IsHostProperty(std::string_view key) {
  return EndsWithIgnoreCase(key, "host") || EndsWithIgnoreCase(key, "hostname") ||
         EndsWithIgnoreCase(key, "hosts") || EndsWithIgnoreCase(key, "address") ||
         EndsWithIgnoreCase(key, "addresses");
}

// A property value is only taken for a host when it looks like one: "true", "default" or a
// number would otherwise be replaced wherever they appear.
bool LooksLikeHostValue(std::string_view value) {
  bool letter = false, mark = false;
  for (char c : value) {
    letter |= (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
    mark |= c == '.' || c == '-' || (c >= '0' && c <= '9');
  }
  return letter && mark;
}

class ScanVisitor : public JsonStringVisitor {
 public:
  explicit ScanVisitor(Identities& ids) : ids_(ids) {}
  bool OnString(std::string_view text, const JsonStringPlace& place, std::string*) override {
    if (place.is_key) {
      if (place.parent_key == kClasspathEntries) ScanText(text, ids_);
      return false;
    }
    if (IsOneOf(place.key, kHostKeys)) ids_.AddHost(text);
    if (IsOneOf(place.key, kUserKeys)) ids_.AddUser(text);
    if (IsOneOf(place.parent_key, kPropertyMaps) && IsHostProperty(place.key)) {
      size_t begin = 0;
      while (begin <= text.size()) {
        size_t end = text.find(',', begin);
        if (end == std::string_view::npos) end = text.size();
        std::string_view item = text.substr(begin, end - begin);
        while (!item.empty() && item.front() == ' ') item.remove_prefix(1);
        while (!item.empty() && item.back() == ' ') item.remove_suffix(1);
        if (LooksLikeHostValue(item.substr(0, item.find(':')))) ids_.AddHost(item);
        begin = end + 1;
      }
    }
    ScanText(text, ids_);
    return false;
  }

 private:
  Identities& ids_;
};

class RewriteVisitor : public JsonStringVisitor {
 public:
  explicit RewriteVisitor(Identities& ids) : ids_(ids) {}
  bool OnString(std::string_view text, const JsonStringPlace& place,
                std::string* replacement) override {
    if (place.is_key) {
      return place.parent_key == kClasspathEntries && RewriteText(text, ids_, replacement);
    }
    const bool secret = MatchesRedactionRegex(place.key) ||
                        (IsOneOf(place.parent_key, kPropertyMaps) && MatchesRedactionRegex(text));
    if (secret && text != kRedactedValue) {
      ids_.CountProperty(place.key);
      replacement->assign(kRedactedValue);
      return true;
    }
    return RewriteText(text, ids_, replacement);
  }

 private:
  Identities& ids_;
};

}  // namespace

bool MatchesRedactionRegex(std::string_view text) {
  return ContainsIgnoreCase(text, "secret") || ContainsIgnoreCase(text, "password") ||
         ContainsIgnoreCase(text, "token") || ContainsIgnoreCase(text, "accesskey") ||
         ContainsIgnoreCase(text, "access.key");
}

void Redactor::ScanLine(std::string_view line) {
  ScanVisitor visitor(identities_);
  if (!walker_.Walk(line, visitor, nullptr)) ScanText(line, identities_);
}

void Redactor::RewriteLine(std::string_view line, std::string* out) {
  out->clear();
  RewriteVisitor visitor(identities_);
  if (walker_.Walk(line, visitor, out)) return;
  out->clear();
  if (!RewriteText(line, identities_, out)) out->assign(line);
}

}  // namespace afterglow::share
