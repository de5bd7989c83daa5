// FsHistoryProvider's AppListingListener: what /applications shows for one log (facts 4-7). It
// sees only the lines the listing's prefix filter passes, and it stops early:
//  - The listing replays with "halt" on (spark.history.fs.inProgressOptimization.enabled and
//    endEventReparseChunkSize=1m, both defaults): once it has an App ID and the first
//    EnvironmentUpdate, the replay stops (checkProgress throws HaltReplayException).
//  - A ".inprogress" log is never read further, so an ApplicationEnd after that point is not
//    seen and the app is listed as running; one before it (a log without EnvironmentUpdate, or
//    with the end first) does make it completed.
//  - A finished log is then read again from (file size - 1 MiB) to find ApplicationEnd, and read
//    whole (a fresh listener, no halt) when that tail has none. Both give the same answer as one
//    full filtered replay unless a second ApplicationStart or LogStart lies between the halt and
//    the last MiB, so a finished log is replayed in full here (the byte offsets that would
//    decide the rare remainder never reach the listener).
// `duration` is taken when ApplicationEnd is read, against the start time known then.
#pragma once

#include <cstdint>

#include "core/decode/events.h"
#include "core/model/app_model.h"

namespace afterglow {

class ListingListener {
 public:
  // `listing` must outlive the listener; `in_progress_name`: the log is named ".inprogress".
  ListingListener(AppInfo* listing, bool in_progress_name)
      : listing_(listing), in_progress_name_(in_progress_name) {}

  // Events whose lines pass the listing's prefix filter, in log order.
  void OnLogStart(StringId spark_version);
  void OnApplicationStart(const ApplicationStartEvent& event);
  void OnApplicationEnd(int64_t time);
  // Every EnvironmentUpdate (Spark writes them with the "Event" key first, so they pass the
  // filter's {"Event":"SparkListenerEnvironmentUpdate", prefix).
  void OnEnvironmentUpdate();

  // The replay stopped here: later lines are never read for the listing.
  bool halted() const { return halted_; }

 private:
  void CheckProgress();
  bool Reading() const { return !(halted_ && in_progress_name_); }

  AppInfo* listing_;
  bool in_progress_name_;
  bool got_environment_ = false;
  bool halted_ = false;
};

}  // namespace afterglow
