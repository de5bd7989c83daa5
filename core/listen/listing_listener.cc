#include "core/listen/listing_listener.h"

#include <utility>

namespace afterglow {

ListingListener::ListingListener(AppInfo* listing, bool in_progress, LineConsumer* decoder)
    : in_progress_(in_progress), decoder_(decoder) {
  first_pass_.info = listing;
  first_pass_.halt_enabled = true;  // shouldHalt: true under Spark's defaults, finished or not
  full_.info = &full_info_;
  full_.halt_enabled = false;  // the re-parse runs with enableOptimizations = false
}

void ListingListener::BeginPart(const LogStream* part) {
  part_ = part;
  part_events_.clear();  // only the last file's tail is re-read
}

void ListingListener::OnLine(std::string_view line, uint64_t line_number) {
  line_listed_ = PassesListingFilter(line);
  line_yielded_ = false;
  decoder_->OnLine(line, line_number);
  if (line_listed_ && !line_yielded_) {
    TailEvent event;
    event.kind = TailEvent::Kind::kUnreadable;
    Record(std::move(event));
  }
  line_listed_ = false;
}

void ListingListener::OnEnd(bool maybe_truncated) {
  decoder_->OnEnd(maybe_truncated);
  EndReplay(first_pass_, maybe_truncated);
  EndReplay(full_, maybe_truncated);
}

void ListingListener::EndReplay(Replay& replay, bool maybe_truncated) {
  if (!replay.unreadable_pending) return;
  replay.unreadable_pending = false;
  if (!maybe_truncated) replay.stopped = true;
}

void ListingListener::CheckProgress(Replay& replay) {
  // AppListingListener.checkProgress: throws HaltReplayException, which ends this bus.replay.
  if (replay.halt_enabled && !replay.halted && replay.info->app_id.present &&
      replay.got_environment) {
    replay.halted = true;
    replay.stopped = true;
  }
}

void ListingListener::Apply(Replay& replay, const TailEvent& event) {
  if (replay.stopped) return;
  if (replay.unreadable_pending) {  // the unreadable line was not the last: the replay ends there
    replay.unreadable_pending = false;
    replay.stopped = true;
    return;
  }
  AppInfo& info = *replay.info;
  switch (event.kind) {
    case TailEvent::Kind::kUnreadable:
      replay.unreadable_pending = true;
      return;
    case TailEvent::Kind::kLogStart:  // onOtherEvent(SparkListenerLogStart)
      info.spark_version = event.spark_version;
      return;
    case TailEvent::Kind::kApplicationStart:  // onApplicationStart
      info.has_start = true;
      info.app_id = event.start.app_id;
      info.attempt_id = event.start.attempt_id;
      info.name = event.start.name;
      info.user = event.start.user;
      info.start_time = event.start.time;
      CheckProgress(replay);
      return;
    case TailEvent::Kind::kApplicationEnd:  // onApplicationEnd
      info.end_time = event.time;
      info.duration = event.time - info.start_time;  // kNoTime (-1) before any ApplicationStart
      info.completed = true;
      return;
    case TailEvent::Kind::kEnvironment:  // onEnvironmentUpdate: only the first one counts
      if (replay.got_environment) return;
      replay.got_environment = true;
      CheckProgress(replay);
      return;
  }
}

void ListingListener::Record(TailEvent event) {
  if (event.kind != TailEvent::Kind::kUnreadable) line_yielded_ = true;
  event.line_offset = part_ != nullptr ? part_->line_offset() : 0;
  Apply(first_pass_, event);
  Apply(full_, event);
  // An in-progress log is never re-read (lookForEndEvent is false), so nothing is kept for it.
  if (!in_progress_) part_events_.push_back(std::move(event));
}

void ListingListener::OnListedLogStart(StringId spark_version) {
  TailEvent event;
  event.kind = TailEvent::Kind::kLogStart;
  event.spark_version = spark_version;
  Record(std::move(event));
}

void ListingListener::OnListedApplicationStart(const ApplicationStartEvent& start) {
  TailEvent event;
  event.kind = TailEvent::Kind::kApplicationStart;
  event.start.app_id = start.app_id;
  event.start.attempt_id = start.attempt_id;
  event.start.name = start.name;
  event.start.user = start.user;
  event.start.time = start.time;
  Record(std::move(event));
}

void ListingListener::OnListedApplicationEnd(int64_t time) {
  TailEvent event;
  event.kind = TailEvent::Kind::kApplicationEnd;
  event.time = time;
  Record(std::move(event));
}

void ListingListener::OnListedEnvironmentUpdate() {
  TailEvent event;
  event.kind = TailEvent::Kind::kEnvironment;
  Record(std::move(event));
}

void ListingListener::Finish(uint64_t last_part_stored_bytes) {
  // doMergeApplicationListingInternal after parseAppEventLogs.
  const bool look_for_end_event = !in_progress_;  // shouldHalt && (appCompleted || !fast...)
  if (!look_for_end_event || !first_pass_.info->app_id.present) return;
  // The tail: lines beginning after decompressed offset target (all of them when target <= 0).
  const int64_t target = static_cast<int64_t>(last_part_stored_bytes) - kEndEventReparseChunkBytes;
  first_pass_.stopped = false;  // a new bus.replay on the same listener (maybeTruncated false)
  first_pass_.unreadable_pending = false;
  for (const TailEvent& event : part_events_) {
    if (static_cast<int64_t>(event.line_offset) > target) Apply(first_pass_, event);
  }
  EndReplay(first_pass_, /*maybe_truncated=*/false);
  part_events_.clear();
  // No end event in the tail: the whole log is parsed again, without the halt.
  if (!first_pass_.info->completed) *first_pass_.info = full_info_;
}

}  // namespace afterglow
