#include "core/share/identities.h"

#include <cstdio>

#include "core/share/ascii_chars.h"

namespace afterglow::share {

namespace {

// Host names hold letters, digits, '-', '.' and (in some clusters' container names) '_'.
bool IsHostShaped(std::string_view host) {
  bool letter = false;
  for (char c : host) {
    if (IsAlpha(c)) {
      letter = true;
    } else if (!IsDigit(c) && c != '-' && c != '.' && c != '_') {
      return false;
    }
  }
  return letter && (IsAlpha(host.front()) || IsDigit(host.front()));
}

bool IsUserShaped(std::string_view user) {
  if (user.empty() || user.size() > 64) return false;
  for (char c : user) {
    if (!IsAlpha(c) && !IsDigit(c) && c != '-' && c != '.' && c != '_') return false;
  }
  return true;
}

}  // namespace

bool IsIpv4(std::string_view text) {
  int groups = 0;
  size_t i = 0;
  while (true) {
    size_t digits = 0;
    int value = 0;
    while (i < text.size() && IsDigit(text[i]) && digits < 4) {
      value = value * 10 + (text[i] - '0');
      ++i;
      ++digits;
    }
    if (digits == 0 || digits > 3 || value > 255) return false;
    ++groups;
    if (i == text.size()) return groups == 4;
    if (text[i] != '.' || groups == 4) return false;
    ++i;
  }
}

size_t Ipv6Length(std::string_view text) {
  size_t end = 0;
  while (end < text.size() && (IsHex(text[end]) || text[end] == ':' || text[end] == '.')) ++end;
  // The address must not run on into a word ("::1abc" is not an address; "fe80::1x" neither).
  if (end < text.size() && (IsAlpha(text[end]) || text[end] == '_')) return 0;
  std::string_view run = text.substr(0, end);
  while (!run.empty() && run.back() == '.') run.remove_suffix(1);
  int colons = 0, double_colons = 0, hex_digits = 0;
  size_t group = 0;
  size_t last_colon = std::string_view::npos;
  for (size_t i = 0; i < run.size(); ++i) {
    const char c = run[i];
    if (c == ':') {
      ++colons;
      if (i > 0 && run[i - 1] == ':') ++double_colons;
      group = 0;
      last_colon = i;
    } else if (c == '.') {
      group = 0;
    } else {
      ++hex_digits;
      if (++group > 4) return 0;
    }
  }
  if (colons < 2 || colons > 7 || double_colons > 1 || hex_digits == 0) return 0;
  if (run.find(":::") != std::string_view::npos) return 0;
  if (double_colons == 0 && colons != 7) {
    // Eight groups are required without "::", or six and an IPv4 tail.
    if (!(colons == 6 && IsIpv4(run.substr(last_colon + 1)))) return 0;
  }
  if (run.find('.') != std::string_view::npos && !IsIpv4(run.substr(last_colon + 1))) return 0;
  // A lone ':' at either end is punctuation, not part of the address ("a: b" or "1:").
  if (run.front() == ':' && (run.size() < 2 || run[1] != ':')) return 0;
  if (run.back() == ':' && (run.size() < 2 || run[run.size() - 2] != ':')) return 0;
  return run.size();
}

const std::string& Identities::Number(Map& map, std::string_view key, const char* prefix,
                                      std::string_view suffix, uint64_t* counter) {
  scratch_.assign(key);
  auto it = map.find(scratch_);
  if (it != map.end()) return it->second;
  char number[32];
  std::snprintf(number, sizeof number, "%s%llu", prefix,
                static_cast<unsigned long long>(++*counter));
  std::string stand_in(number);
  stand_in.append(suffix);
  return map.emplace(scratch_, std::move(stand_in)).first->second;
}

void Identities::AddHost(std::string_view host) {
  if (const size_t colon = host.find(':'); colon != std::string_view::npos) {
    host = host.substr(0, colon);
  }
  while (!host.empty() && host.back() == '.') host.remove_suffix(1);
  if (host.empty() || IsIpv4(host) || !IsHostShaped(host) || host == "localhost") return;
  scratch_.assign(host);
  if (tokens_.count(scratch_) != 0) return;
  const std::string stand_in = Number(tokens_, host, "host-", "", &next_host_);
  counts_.hosts = next_host_;
  const size_t dot = host.find('.');
  if (dot == std::string_view::npos) return;
  const std::string_view label = host.substr(0, dot);
  bool machine_made = false;
  for (char c : label) machine_made |= IsDigit(c) || c == '-';
  scratch_.assign(label);
  if (machine_made && label.size() >= 3 && tokens_.count(scratch_) == 0) {
    tokens_.emplace(scratch_, stand_in);
  }
}

void Identities::AddUser(std::string_view user) {
  if (const size_t at = user.find('@'); at != std::string_view::npos) {
    AddHost(user.substr(at + 1));
    user = user.substr(0, at);
  }
  if (!IsUserShaped(user)) return;
  scratch_.assign(user);
  if (tokens_.count(scratch_) != 0) {
    // Already a host (or a user): keep one stand-in for the text, but remember it as a user so
    // /home/<user>/ segments are recognised.
    if (users_.count(scratch_) == 0) users_.emplace(scratch_, tokens_.find(scratch_)->second);
    return;
  }
  const std::string stand_in = Number(tokens_, user, "user-", "", &next_user_);
  users_.emplace(std::string(user), stand_in);
  counts_.users = next_user_;
}

const std::string* Identities::ForToken(std::string_view token) {
  scratch_.assign(token);
  if (auto it = tokens_.find(scratch_); it != tokens_.end()) return &it->second;
  if (IsIpv4(token)) return &ForIp(token);
  return nullptr;
}

const std::string& Identities::ForIp(std::string_view ip) {
  const std::string& stand_in = Number(tokens_, ip, "ip-", "", &next_ip_);
  counts_.ips = next_ip_;
  return stand_in;
}

const std::string* Identities::ForUser(std::string_view user) {
  scratch_.assign(user);
  auto it = users_.find(scratch_);
  return it == users_.end() ? nullptr : &it->second;
}

const std::string& Identities::ForDirectory(std::string_view name) {
  return Number(directories_, name, "dir-", "", &next_directory_);
}

std::string_view FileExtension(std::string_view name) {
  const size_t dot = name.rfind('.');
  if (dot == std::string_view::npos || dot == 0 || dot + 1 == name.size() || name.size() - dot > 13) {
    return {};
  }
  bool letter = false;
  for (char c : name.substr(dot + 1)) {
    if (!IsAlpha(c) && !IsDigit(c)) return {};
    letter |= IsAlpha(c);
  }
  return letter ? name.substr(dot) : std::string_view{};
}

const std::string& Identities::ForFile(std::string_view name) {
  return Number(files_, name, "file-", FileExtension(name), &next_file_);
}

void Identities::CountPath(std::string_view original_path) {
  if (paths_seen_.emplace(original_path).second) counts_.paths = paths_seen_.size();
}

void Identities::CountProperty(std::string_view key) {
  if (properties_seen_.emplace(key).second) counts_.properties = properties_seen_.size();
}

}  // namespace afterglow::share
