#include "core/listen/listing_listener.h"

namespace afterglow {

void ListingListener::OnLogStart(StringId spark_version) {
  if (!Reading()) return;
  listing_->spark_version = spark_version;
}

void ListingListener::OnApplicationStart(const ApplicationStartEvent& event) {
  if (!Reading()) return;
  listing_->has_start = true;
  listing_->app_id = event.app_id;
  listing_->attempt_id = event.attempt_id;
  listing_->name = event.name;
  listing_->user = event.user;
  listing_->start_time = event.time;
  CheckProgress();
}

void ListingListener::OnApplicationEnd(int64_t time) {
  if (!Reading()) return;
  listing_->end_time = time;
  listing_->duration = time - listing_->start_time;  // kNoTime (-1) before any ApplicationStart
  listing_->completed = true;
}

void ListingListener::OnEnvironmentUpdate() {
  if (!Reading() || got_environment_) return;  // only the first one counts
  got_environment_ = true;
  CheckProgress();
}

void ListingListener::CheckProgress() {
  if (!halted_ && listing_->app_id.present && got_environment_) halted_ = true;
}

}  // namespace afterglow
