// The digest of one application to paste into a ticket or an assistant: a short Markdown text
// with the application, its shape in a few numbers, each finding with its evidence numbers, time
// at stake and fix, and the top stages and SQL queries by duration. At most kDigestMaxBytes, and
// redacted as saved analyses are (core/share/text_redaction.h: hosts, IPs, users, paths; the
// executors' hosts and the application's user are learned first; config values whose key looks
// secret become Spark's "*********(redacted)"). Deterministic: the same log gives the same text.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "core/analysis/diagnostics.h"
#include "core/base/string_pool.h"
#include "core/model/app_model.h"

namespace afterglow::share {

inline constexpr size_t kDigestMaxBytes = 8 * 1024;

// `findings` in the order to list them (Diagnose's ranking).
std::string FindingsDigest(const AttemptModel& attempt, const StringPool& pool,
                           const std::vector<Finding>& findings);

}  // namespace afterglow::share
