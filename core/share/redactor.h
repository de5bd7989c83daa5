// Redaction of event-log lines: the field rules (which of Spark's JSON fields hold hosts, users and
// secret properties) on top of the free-text rules of text_redaction.h. A log is redacted in two
// passes over its lines, both through one Redactor: ScanLine for every line of every file (learns
// the hosts and users), then RewriteLine for every line. A rewritten line is JSON of the same
// shape (only string contents change), so the redacted log loads with the same counts.
//
// Field rules:
//   hosts       values of "Host" (Task Info, Executor Info, Block Manager ID and Address) and
//               "hostId" (node exclusion events); in property maps, values of keys ending in
//               "host", "hostname", "hosts", "address" or "addresses" (comma-separated, ports
//               dropped) when they look like host names (hold a '.', '-' or digit)
//   users       values of "User" (SparkListenerApplicationStart), and of "user.name",
//               "SPARK_USER", "HADOOP_USER_NAME", "USER" and "LOGNAME" in any object
//   properties  in property maps ("Spark Properties", "Hadoop Properties", "System Properties",
//               "Metrics Properties", a job's or stage's "Properties", SQL "modifiedConfigs",
//               an executor's "Attributes"), a
//               value whose key or value matches Spark's default spark.redaction.regex
//               `(?i)secret|password|token|access[.]?key` becomes "*********(redacted)", as Spark
//               writes it; a key matching it anywhere redacts its string value too
//   keys        object keys are Spark's names and stay, except "Classpath Entries", whose keys
//               are paths (rewritten as text)
// A line that is not well-formed JSON is redacted as one piece of text (it stays as bad as it was).
#pragma once

#include <string>
#include <string_view>

#include "core/share/identities.h"
#include "core/share/json_strings.h"

namespace afterglow::share {

// What Spark writes in place of a redacted value (Utils.REDACTION_REPLACEMENT_TEXT).
inline constexpr std::string_view kRedactedValue = "*********(redacted)";

// Whether `text` matches Spark's default spark.redaction.regex.
bool MatchesRedactionRegex(std::string_view text);

class Redactor {
 public:
  // The scan pass: learns the hosts and users of one line.
  void ScanLine(std::string_view line);
  // The rewrite pass: `*out` becomes the redacted line.
  void RewriteLine(std::string_view line, std::string* out);

  const ReplacedCounts& counts() const { return identities_.counts(); }

 private:
  Identities identities_;
  JsonStringWalker walker_;
};

}  // namespace afterglow::share
