// Redaction of one piece of free text (a JSON string's value, decoded): the rules that do not
// depend on which field the text came from.
//
//   URLs            scheme://[user[:password]@]host[:port]/path: the host becomes host-N or ip-N
//                   (the port stays), a user becomes user-N, a password "redacted". Object-store
//                   authorities (s3, s3a, s3n, gs, abfs, abfss, wasb, wasbs, oss, adl) are buckets:
//                   dir-N. File-system schemes (those, file, hdfs, viewfs, maprfs, har, dbfs, local)
//                   have their path rewritten as below; other URLs (http, spark, ...) keep their
//                   path, with hosts, IPs and users in it replaced as tokens.
//   paths           an absolute path (a '/' after a space, quote, bracket, '=', ',', ':' or ';', or
//                   at the start): each directory becomes dir-N, the last name file-N.<ext> when it
//                   has an extension (identities.h FileExtension; dir-N otherwise); "home" and "Users" stay and the segment
//                   after them is the user (user-N). "." and ".." stay.
//   IP addresses    IPv4 dotted quads and IPv6 addresses anywhere: ip-N.
//   tokens          every run of [A-Za-z0-9_.-] that equals a learned host, host short name or
//                   user (trailing dots aside) is replaced by its stand-in.
#pragma once

#include <string>
#include <string_view>

#include "core/share/identities.h"

namespace afterglow::share {

// The scan pass: learns the hosts of URLs, URL user names and /home/<user>/ users in `text`.
void ScanText(std::string_view text, Identities& identities);

// The rewrite pass: when anything in `text` is redacted, appends the redacted text to `out` and
// returns true; otherwise returns false and appends nothing.
bool RewriteText(std::string_view text, Identities& identities, std::string* out);

}  // namespace afterglow::share
