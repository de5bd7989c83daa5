// The identities a redacted log hides, each with the stand-in that replaces it everywhere: hosts
// become host-1, host-2 ..., IP addresses ip-1 ..., users user-1 ..., path segments dir-1 ... and
// file-1.<ext> .... Numbers are handed out in order of first sight, so the same original always
// gets the same stand-in within one saved analysis (every file of it shares one table).
//
// Hosts and users are learned in the scan pass (identity_scan.h) from the fields that hold them,
// because free text may mention a host before the event that names it. IP addresses and path
// segments are recognised by their shape, so they are numbered when the rewrite first meets them.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>

namespace afterglow::share {

// Distinct identities replaced so far (what the save dialog reports).
struct ReplacedCounts {
  uint64_t hosts = 0;
  uint64_t ips = 0;
  uint64_t users = 0;
  uint64_t paths = 0;       // distinct absolute paths and file-system URIs rewritten
  uint64_t properties = 0;  // distinct property keys whose values became "*********(redacted)"
};

class Identities {
 public:
  // A host name (an optional ":port" is dropped). IP addresses, "localhost" and names that are
  // not host-shaped (no letter, or characters a host cannot hold) are ignored. A dotted name's
  // first label is also learned, under the same number, when it looks machine-made (it holds a
  // digit or a '-'), because logs often mention the short name too.
  void AddHost(std::string_view host);
  // A user name. "alice@REALM" learns "alice" as the user and "REALM" as a host.
  void AddUser(std::string_view user);

  // The stand-in for a whole token (a run of [A-Za-z0-9_.-]): a learned host or user, or an IPv4
  // address (numbered on first sight). Null when the token is none of these.
  const std::string* ForToken(std::string_view token);
  // The stand-in for an IP address (v4 or v6), numbered on first sight.
  const std::string& ForIp(std::string_view ip);
  // The stand-in for a user, or null when it is not a learned user.
  const std::string* ForUser(std::string_view user);
  // A directory (or object-store bucket) name -> "dir-N".
  const std::string& ForDirectory(std::string_view name);
  // A file name -> "file-N.<ext>" keeping its FileExtension, or "file-N" without one.
  const std::string& ForFile(std::string_view name);

  void CountPath(std::string_view original_path);
  void CountProperty(std::string_view key);
  const ReplacedCounts& counts() const { return counts_; }

 private:
  using Map = std::unordered_map<std::string, std::string>;
  // Numbers `key` in `map` as "<prefix><n><suffix>" unless known; returns its stand-in.
  const std::string& Number(Map& map, std::string_view key, const char* prefix,
                            std::string_view suffix, uint64_t* counter);

  Map tokens_;       // hosts, their short names, users and IPs, by their exact text
  Map users_;        // users only (for /home/<user>/ segments)
  Map directories_;
  Map files_;
  uint64_t next_host_ = 0;
  uint64_t next_user_ = 0;
  uint64_t next_ip_ = 0;
  uint64_t next_directory_ = 0;
  uint64_t next_file_ = 0;
  std::unordered_set<std::string> paths_seen_;
  std::unordered_set<std::string> properties_seen_;
  ReplacedCounts counts_;
  std::string scratch_;  // lookup key, reused to avoid an allocation per token
};

// A file name's extension with its dot (".parquet"): 1 to 12 letters or digits, at least one a
// letter (so "spark-2.4.8" has none), after a dot that does not start the name. Empty if none.
std::string_view FileExtension(std::string_view name);

// Whether `text` is a dotted-quad IPv4 address (four decimal groups, each at most 255).
bool IsIpv4(std::string_view text);
// The length of the IPv6 address starting at text[0] (hex groups with two or more ':' and either
// "::" or eight groups; a dotted IPv4 tail is allowed), or 0 when none starts there.
size_t Ipv6Length(std::string_view text);

}  // namespace afterglow::share
