#include "core/share/text_redaction.h"

#include <array>

#include "core/share/ascii_chars.h"

namespace afterglow::share {

namespace {

bool IsTokenChar(char c) { return IsAlpha(c) || IsDigit(c) || c == '_' || c == '.' || c == '-'; }
bool IsSchemeChar(char c) { return IsAlpha(c) || IsDigit(c) || c == '+' || c == '.' || c == '-'; }

bool EqualsIgnoreCase(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i) {
    char x = a[i], y = b[i];
    if (x >= 'A' && x <= 'Z') x = static_cast<char>(x - 'A' + 'a');
    if (y >= 'A' && y <= 'Z') y = static_cast<char>(y - 'A' + 'a');
    if (x != y) return false;
  }
  return true;
}

template <size_t N>
bool IsOneOfIgnoringCase(std::string_view scheme, const std::array<std::string_view, N>& names) {
  for (std::string_view name : names) {
    if (EqualsIgnoreCase(scheme, name)) return true;
  }
  return false;
}

// Buckets and containers of object stores name a customer's data: they are redacted as directories.
constexpr std::array<std::string_view, 10> kObjectStores = {"s3",   "s3a",   "s3n", "gs",  "abfs",
                                                            "abfss", "wasb", "wasbs", "oss", "adl"};
constexpr std::array<std::string_view, 7> kFileSystems = {"file", "hdfs",  "viewfs", "maprfs",
                                                          "har",  "dbfs", "local"};

bool IsFileSystemScheme(std::string_view scheme) {
  return IsOneOfIgnoringCase(scheme, kObjectStores) || IsOneOfIgnoringCase(scheme, kFileSystems);
}

// Characters that end a path or a URL's authority in running text.
bool EndsPath(char c) {
  switch (c) {
    case ' ': case '\t': case '\n': case '\r': case '"': case '\'': case ',': case ';':
    case ':': case '(': case ')': case '[': case ']': case '{': case '}': case '<': case '>':
    case '|': case '?': case '#': case '`': case '\\':
      return true;
    default:
      return static_cast<unsigned char>(c) < 0x20;
  }
}

// What may come right before a '/' that starts an absolute path. '<' is left out so HTML end tags
// in job descriptions ("</b>") stay as they are.
bool StartsPathAfter(char c) {
  switch (c) {
    case ' ': case '\t': case '\n': case '\r': case '"': case '\'': case ',': case ';':
    case ':': case '(': case '[': case '{': case '=': case '|': case '>':
      return true;
    default:
      return false;
  }
}

// One pass over one text; `out` is null in the scan pass.
class TextRedaction {
 public:
  TextRedaction(std::string_view text, Identities& identities, std::string* out)
      : text_(text), ids_(identities), out_(out) {}

  bool Run() {
    size_t i = 0;
    const size_t n = text_.size();
    while (i < n) {
      const char c = text_[i];
      const bool boundary = i == 0 || !IsTokenChar(text_[i - 1]);
      if (boundary && IsAlpha(c)) {
        size_t j = i;
        while (j < n && IsSchemeChar(text_[j])) ++j;
        if (j + 1 < n && text_[j] == ':') {
          const std::string_view scheme = text_.substr(i, j - i);
          if (j + 2 < n && text_[j + 1] == '/' && text_[j + 2] == '/') {
            i = Url(scheme, i, j + 3);
            continue;
          }
          if (text_[j + 1] == '/' && IsFileSystemScheme(scheme)) {
            i = Path(j + 1);
            continue;
          }
        }
      }
      if (boundary && (c == ':' || IsHex(c)) && (i == 0 || text_[i - 1] != ':')) {
        if (const size_t length = Ipv6Length(text_.substr(i))) {
          if (out_) Replace(i, i + length, ids_.ForIp(text_.substr(i, length)));
          i += length;
          continue;
        }
      }
      if (c == '/' && (i == 0 || StartsPathAfter(text_[i - 1])) && i + 1 < n &&
          text_[i + 1] != '/' && !EndsPath(text_[i + 1])) {
        i = Path(i);
        continue;
      }
      if (IsTokenChar(c)) {
        size_t j = i;
        while (j < n && IsTokenChar(text_[j])) ++j;
        Token(i, j);
        i = j;
        continue;
      }
      ++i;
    }
    if (changed_) Flush(n);  // an unchanged text is not copied: the caller keeps the original
    return changed_;
  }

 private:
  // Output is written lazily: `kept_` marks how far the text is copied; Replace copies the text
  // before a replaced range, then the stand-in.
  void Flush(size_t up_to) {
    if (out_ && up_to > kept_) out_->append(text_.data() + kept_, up_to - kept_);
    kept_ = up_to;
  }
  void Replace(size_t begin, size_t end, std::string_view stand_in) {
    if (!out_) return;
    Flush(begin);
    out_->append(stand_in);
    kept_ = end;
    changed_ = true;
  }

  void Token(size_t begin, size_t end) {
    if (!out_) return;
    std::string_view token = text_.substr(begin, end - begin);
    while (!token.empty() && token.back() == '.') token.remove_suffix(1);
    if (token.empty()) return;
    if (const std::string* stand_in = ids_.ForToken(token)) {
      Replace(begin, begin + token.size(), *stand_in);
    }
  }

  // The URL whose scheme starts at `scheme_begin` and whose authority starts at `authority`.
  // Returns where the text after the URL's authority (or rewritten path) continues.
  size_t Url(std::string_view scheme, size_t scheme_begin, size_t authority) {
    const size_t n = text_.size();
    size_t end = authority;
    if (end < n && text_[end] == '[') {  // [IPv6]:port
      const size_t close = text_.find(']', end);
      end = close == std::string_view::npos ? n : close + 1;
    }
    // ':' belongs to the authority (user:password@, :port); the path starts at '/'.
    while (end < n && text_[end] != '/' && (text_[end] == ':' || !EndsPath(text_[end]))) ++end;
    const std::string_view whole = text_.substr(authority, end - authority);
    if (IsOneOfIgnoringCase(scheme, kObjectStores)) {
      if (!whole.empty() && out_) {
        Replace(authority, end, ids_.ForDirectory(whole));
        ids_.CountPath(text_.substr(scheme_begin, PathEnd(end) - scheme_begin));
      }
      return end < n && text_[end] == '/' ? Path(end, /*count=*/false) : end;
    }
    size_t host_begin = authority;
    if (const size_t at = whole.rfind('@'); at != std::string_view::npos) {
      const std::string_view user_info = whole.substr(0, at);
      const size_t colon = user_info.find(':');
      const std::string_view user = user_info.substr(0, colon);
      if (!out_) {
        ids_.AddUser(user);
      } else {
        const std::string* stand_in = ids_.ForUser(user);
        std::string replaced = stand_in ? *stand_in : std::string("user");
        if (colon != std::string_view::npos) replaced += ":redacted";
        Replace(authority, authority + at, replaced);
      }
      host_begin = authority + at + 1;
    }
    std::string_view host = text_.substr(host_begin, end - host_begin);
    if (!host.empty() && host.front() == '[') {
      const size_t close = host.find(']');
      host = host.substr(1, close == std::string_view::npos ? host.size() - 1 : close - 1);
      host_begin += 1;
    } else {
      host = host.substr(0, host.find(':'));
    }
    if (!out_) {
      ids_.AddHost(host);
    } else if (!host.empty()) {
      const std::string* stand_in =
          IsIpv4(host) || Ipv6Length(host) == host.size() ? &ids_.ForIp(host) : ids_.ForToken(host);
      if (stand_in) Replace(host_begin, host_begin + host.size(), *stand_in);
    }
    const bool file_system = IsFileSystemScheme(scheme);
    if (file_system && out_) {
      ids_.CountPath(text_.substr(scheme_begin, PathEnd(end) - scheme_begin));
    }
    if (file_system && end < n && text_[end] == '/') return Path(end, /*count=*/false);
    return end;
  }

  size_t PathEnd(size_t begin) const {
    size_t end = begin;
    while (end < text_.size() && !EndsPath(text_[end])) ++end;
    return end;
  }

  // The path starting at text_[begin] == '/'. Returns its end.
  size_t Path(size_t begin, bool count = true) {
    const size_t end = PathEnd(begin);
    if (out_ && count) ids_.CountPath(text_.substr(begin, end - begin));
    size_t segment_begin = begin;
    bool user_next = false;
    while (segment_begin < end) {
      if (text_[segment_begin] == '/') {
        ++segment_begin;
        continue;
      }
      size_t segment_end = segment_begin;
      while (segment_end < end && text_[segment_end] != '/') ++segment_end;
      const std::string_view segment = text_.substr(segment_begin, segment_end - segment_begin);
      const bool last = segment_end == end;
      if (!out_) {
        if (user_next) ids_.AddUser(segment);
      } else if (segment == "." || segment == ".." || segment == "home" || segment == "Users") {
        // Kept: they say nothing about the user or the data, and keep the path readable.
      } else if (const std::string* user = user_next ? ids_.ForUser(segment) : nullptr) {
        Replace(segment_begin, segment_end, *user);
      } else if (last && !FileExtension(segment).empty()) {
        Replace(segment_begin, segment_end, ids_.ForFile(segment));
      } else {
        Replace(segment_begin, segment_end, ids_.ForDirectory(segment));
      }
      user_next = segment == "home" || segment == "Users";
      segment_begin = segment_end;
    }
    return end;
  }

  std::string_view text_;
  Identities& ids_;
  std::string* out_;
  size_t kept_ = 0;
  bool changed_ = false;
};

}  // namespace

void ScanText(std::string_view text, Identities& identities) {
  TextRedaction(text, identities, nullptr).Run();
}

bool RewriteText(std::string_view text, Identities& identities, std::string* out) {
  return TextRedaction(text, identities, out).Run();
}

}  // namespace afterglow::share
