#include "core/query/application_index.h"

#include <algorithm>

namespace afterglow {
namespace {

std::string ListedAttemptIdText(const StringPool& pool, const AttemptModel& attempt) {
  const OptString& id = attempt.listing.attempt_id;
  return id.present ? std::string(pool.Get(id.id)) : "";
}

}  // namespace

bool ListedCompleted(const AttemptModel& attempt) { return attempt.listing.completed; }

bool ApplicationEntry::running() const {
  return attempts.empty() || !ListedCompleted(*attempts.front());
}

int64_t AttemptEndTime(const AttemptModel& attempt) {
  return ListedCompleted(attempt) ? attempt.listing.end_time : -1;
}

int64_t AttemptDuration(const AttemptModel& attempt) {
  return ListedCompleted(attempt) ? attempt.listing.duration : 0;
}

std::vector<ApplicationEntry> BuildApplicationIndex(const StringPool& pool,
                                                   const std::vector<const AttemptModel*>& attempts) {
  std::vector<ApplicationEntry> apps;
  for (const AttemptModel* attempt : attempts) {
    if (!attempt->listing.has_start || !attempt->listing.app_id.present) continue;  // never listed
    const std::string_view id = pool.Get(attempt->listing.app_id.id);
    auto app = std::find_if(apps.begin(), apps.end(),
                            [&](const ApplicationEntry& a) { return a.id == id; });
    if (app == apps.end()) {
      apps.push_back({id, "", {}});
      app = apps.end() - 1;
    }
    app->name = pool.Get(attempt->listing.name);
    const std::string attempt_id = ListedAttemptIdText(pool, *attempt);
    auto same = std::find_if(app->attempts.begin(), app->attempts.end(), [&](const AttemptModel* a) {
      return a->listing.attempt_id.present == attempt->listing.attempt_id.present &&
             ListedAttemptIdText(pool, *a) == attempt_id;
    });
    if (same != app->attempts.end()) {
      *same = attempt;
    } else {
      app->attempts.push_back(attempt);
    }
  }
  for (ApplicationEntry& app : apps) {
    std::stable_sort(app.attempts.begin(), app.attempts.end(),
                     [](const AttemptModel* a, const AttemptModel* b) {
                       return a->listing.start_time > b->listing.start_time;
                     });
  }
  std::sort(apps.begin(), apps.end(), [](const ApplicationEntry& a, const ApplicationEntry& b) {
    const int64_t end_a = a.attempts.empty() ? -1 : AttemptEndTime(*a.attempts.front());
    const int64_t end_b = b.attempts.empty() ? -1 : AttemptEndTime(*b.attempts.front());
    if (end_a != end_b) return end_a > end_b;
    return a.id > b.id;
  });
  return apps;
}

const AttemptModel* FindAttemptUi(const StringPool& pool,
                                  const std::vector<const AttemptModel*>& attempts,
                                  std::string_view app_id,
                                  const std::optional<std::string>& attempt_id) {
  const AttemptModel* found = nullptr;
  for (const AttemptModel* attempt : attempts) {
    if (!attempt->listing.has_start || !attempt->listing.app_id.present) continue;
    if (pool.Get(attempt->listing.app_id.id) != app_id) continue;
    if (attempt->listing.attempt_id.present != attempt_id.has_value()) continue;
    if (attempt_id && pool.Get(attempt->listing.attempt_id.id) != *attempt_id) continue;
    found = attempt;  // a later log replaces an earlier one
  }
  return found;
}

}  // namespace afterglow
