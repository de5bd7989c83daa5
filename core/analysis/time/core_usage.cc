#include "core/analysis/time/core_usage.h"

#include <algorithm>
#include <utility>

namespace afterglow::time_analysis {
namespace {

size_t StepEnd(size_t cursor, size_t budget, size_t total) {
  return budget >= total - cursor ? total : cursor + budget;
}

}  // namespace

std::vector<OfferStep> ExecutorOfferSteps(const TimeFacts& facts) {
  std::vector<std::pair<int64_t, int32_t>> changes;
  for (const ExecutorSpan& e : facts.executors) {
    const int64_t end = e.remove_ms == kNoTime ? facts.app_end_ms : e.remove_ms;
    const int64_t a = std::clamp(e.add_ms, facts.app_start_ms, facts.app_end_ms);
    const int64_t b = std::clamp(end, facts.app_start_ms, facts.app_end_ms);
    if (b <= a) continue;
    changes.push_back({a, e.cores});
    changes.push_back({b, -e.cores});
  }
  std::sort(changes.begin(), changes.end(),
            [](const auto& a, const auto& b) { return a.first < b.first; });
  std::vector<OfferStep> steps;
  int32_t live = 0;
  for (const auto& [t, change] : changes) {
    live += change;
    if (!steps.empty() && steps.back().time_ms == t) {
      steps.back().cores = live;
    } else {
      steps.push_back({t, live});
    }
  }
  return steps;
}

CoreUsage EmptyCoreUsage(int64_t start_ms, int64_t end_ms) {
  CoreUsage usage;
  usage.start_ms = start_ms;
  usage.end_ms = std::max(start_ms, end_ms);
  const int64_t length = usage.end_ms - start_ms;
  usage.bucket_ms = std::max<int64_t>(1, (length + kUsageBuckets - 1) / kUsageBuckets);
  usage.buckets.resize(static_cast<size_t>((length + usage.bucket_ms - 1) / usage.bucket_ms));
  return usage;
}

void AddCoreSegment(CoreUsage& usage, const CoreSegment& s) {
  const int64_t span = s.to_ms - s.from_ms;
  if (span <= 0) return;
  usage.app.available += span * s.offered_cores;
  usage.app.used += span * s.busy_cores;
  usage.peak_offered_cores = std::max<int64_t>(usage.peak_offered_cores, s.offered_cores);
  if (usage.buckets.empty()) return;
  const size_t first = static_cast<size_t>((s.from_ms - usage.start_ms) / usage.bucket_ms);
  const size_t last = std::min(usage.buckets.size() - 1,
                               static_cast<size_t>((s.to_ms - 1 - usage.start_ms) / usage.bucket_ms));
  for (size_t k = first; k <= last; ++k) {
    const int64_t overlap =
        std::min(s.to_ms, usage.bucket_end(k)) - std::max(s.from_ms, usage.bucket_start(k));
    if (overlap <= 0) continue;
    UsageBucket& b = usage.buckets[k];
    b.offered_core_ms += overlap * s.offered_cores;
    b.busy_core_ms += overlap * s.busy_cores;
    b.max_offered_cores = std::max(b.max_offered_cores, s.offered_cores);
    b.max_busy_cores = std::max(b.max_busy_cores, s.busy_cores);
  }
}

void CoreUsageSweep::Start(const AttemptModel& attempt, const TimeFacts& facts,
                           std::vector<Stretch> disjoint, std::vector<Stretch> spans) {
  *this = CoreUsageSweep();
  attempt_ = &attempt;
  facts_ = &facts;
  usage = EmptyCoreUsage(facts.app_start_ms, facts.app_end_ms);
  now_ = usage.start_ms;
  usage.executor_offer = ExecutorOfferSteps(facts);
  int64_t executor_core_ms = 0;  // what the executors offered (before any raise)
  for (size_t k = 0; k < usage.executor_offer.size(); ++k) {
    const OfferStep& step = usage.executor_offer[k];
    const int32_t before = k > 0 ? usage.executor_offer[k - 1].cores : 0;
    offer_.push_back({step.time_ms, step.cores - before});
    const int64_t next = k + 1 < usage.executor_offer.size() ? usage.executor_offer[k + 1].time_ms
                                                             : usage.end_ms;
    executor_core_ms += static_cast<int64_t>(step.cores) * (next - step.time_ms);
  }
  usage.raised_core_ms = -executor_core_ms;  // plus the offer the sweep counts, in Finish

  disjoint_ = std::move(disjoint);
  in_disjoint.assign(disjoint_.size(), {});
  in_spans.assign(spans.size(), {});
  bounds_.reserve(spans.size() * 2);
  for (uint32_t k = 0; k < spans.size(); ++k) {
    bounds_.push_back({spans[k].start_ms, 2 * k});
    bounds_.push_back({spans[k].end_ms, 2 * k + 1});
  }
  std::sort(bounds_.begin(), bounds_.end());
  place_.assign(usage.buckets.size() + 1, 0);
  phase_ = Phase::kCount;
}

std::pair<int64_t, int64_t> CoreUsageSweep::TaskStretch(size_t row) const {
  const int64_t finish = attempt_->tasks.finish_time[row];
  const int64_t a = std::clamp(attempt_->tasks.launch_time[row], usage.start_ms, usage.end_ms);
  const int64_t b = std::clamp(finish > 0 ? finish : usage.end_ms, usage.start_ms, usage.end_ms);
  return b > a ? std::pair{a, b} : std::pair<int64_t, int64_t>{0, 0};
}

size_t CoreUsageSweep::BucketOf(int64_t t) const {
  return std::min(usage.buckets.size() - 1,
                  static_cast<size_t>((t - usage.start_ms) / usage.bucket_ms));
}

void CoreUsageSweep::Emit(int64_t to) {
  if (to <= now_) return;
  const CoreSegment s{now_, to, static_cast<int32_t>(std::max(offered_, running_)),
                      static_cast<int32_t>(running_)};
  const int64_t span = to - now_;
  AddCoreSegment(usage, s);
  // Span bounds inside [now_, to): the sum up to each.
  for (; next_bound_ < bounds_.size() && bounds_[next_bound_].first < to; ++next_bound_) {
    const int64_t into = std::max<int64_t>(0, bounds_[next_bound_].first - now_);
    AddBound(bounds_[next_bound_].second, {swept_.available + into * s.offered_cores,
                                           swept_.used + into * s.busy_cores});
  }
  swept_.available += span * s.offered_cores;
  swept_.used += span * s.busy_cores;
  // Disjoint stretches: skip those ended, add to those overlapping.
  while (next_disjoint_ < disjoint_.size() && disjoint_[next_disjoint_].end_ms <= now_) {
    ++next_disjoint_;
  }
  for (size_t k = next_disjoint_; k < disjoint_.size() && disjoint_[k].start_ms < to; ++k) {
    const int64_t overlap = std::min(to, disjoint_[k].end_ms) - std::max(now_, disjoint_[k].start_ms);
    if (overlap <= 0) continue;
    StretchUsage& u = in_disjoint[k];
    u.cores.available += overlap * s.offered_cores;
    u.cores.used += overlap * s.busy_cores;
    if (s.busy_cores == 0) u.no_task_ms += overlap;
    u.peak_offered_cores = std::max(u.peak_offered_cores, s.offered_cores);
  }
  now_ = to;
}

void CoreUsageSweep::AddBound(uint32_t bound, const CoreMs& swept) {
  CoreMs& span = in_spans[bound >> 1];
  const int64_t sign = (bound & 1) != 0 ? 1 : -1;
  span.available += sign * swept.available;
  span.used += sign * swept.used;
}

void CoreUsageSweep::AdvanceTo(int64_t t) {
  for (; next_offer_ < offer_.size() && offer_[next_offer_].first <= t; ++next_offer_) {
    Emit(offer_[next_offer_].first);
    offered_ += offer_[next_offer_].second;
  }
  Emit(t);
}

void CoreUsageSweep::Finish() {
  AdvanceTo(usage.end_ms);
  for (; next_bound_ < bounds_.size(); ++next_bound_) AddBound(bounds_[next_bound_].second, swept_);
  usage.raised_core_ms += usage.app.available;
  place_ = {};
  chunk_end_ = {};
  events_ = {};
  bounds_ = {};
  disjoint_ = {};
  offer_ = {};
  phase_ = Phase::kDone;
}

bool CoreUsageSweep::Step(size_t task_budget) {
  const size_t rows = attempt_ != nullptr ? attempt_->tasks.size() : 0;
  const int32_t cpus = facts_ != nullptr ? facts_->cpus_per_task : 1;
  switch (phase_) {
    case Phase::kCount: {
      if (usage.buckets.empty()) {  // an application of no length: nothing ran in it
        Finish();
        return true;
      }
      const size_t end = StepEnd(cursor_, task_budget, rows);
      for (; cursor_ < end; ++cursor_) {
        const auto [a, b] = TaskStretch(cursor_);
        if (b <= a) continue;
        ++place_[BucketOf(a) + 1];
        ++place_[BucketOf(b) + 1];
      }
      if (cursor_ < rows) return false;
      for (size_t k = 1; k < place_.size(); ++k) place_[k] += place_[k - 1];
      // Chunks of consecutive buckets holding about a kChunks-th of the events each.
      const uint64_t target = std::max<uint64_t>(1, (place_.back() + kChunks - 1) / kChunks);
      size_t widest = 0, from = 0;
      for (size_t k = 0; k < usage.buckets.size(); ++k) {
        if (place_[k + 1] - place_[from] >= target || k + 1 == usage.buckets.size()) {
          chunk_end_.push_back(k + 1);
          widest = std::max<size_t>(widest, place_[k + 1] - place_[from]);
          from = k + 1;
        }
      }
      events_.resize(widest);
      cursor_ = 0;
      chunk_ = 0;
      chunk_base_ = place_[0];
      phase_ = Phase::kPlace;
      return false;
    }
    case Phase::kPlace: {
      const size_t first = chunk_ == 0 ? 0 : chunk_end_[chunk_ - 1], end_bucket = chunk_end_[chunk_];
      const size_t end = StepEnd(cursor_, task_budget, rows);
      for (; cursor_ < end; ++cursor_) {
        const auto [a, b] = TaskStretch(cursor_);
        if (b <= a) continue;
        const size_t ka = BucketOf(a), kb = BucketOf(b);
        if (ka >= first && ka < end_bucket) {
          events_[place_[ka]++ - chunk_base_] = static_cast<uint32_t>(a - usage.bucket_start(ka)) << 1;
        }
        if (kb >= first && kb < end_bucket) {
          events_[place_[kb]++ - chunk_base_] =
              (static_cast<uint32_t>(b - usage.bucket_start(kb)) << 1) | 1;
        }
      }
      if (cursor_ < rows) return false;
      // place_[k] is now where bucket k ends; bucket k begins where k - 1 ends.
      cursor_ = first;
      phase_ = Phase::kSweep;
      return false;
    }
    case Phase::kSweep: {
      const size_t first = chunk_ == 0 ? 0 : chunk_end_[chunk_ - 1], end_bucket = chunk_end_[chunk_];
      size_t swept = 0;
      while (cursor_ < end_bucket && (swept == 0 || swept < task_budget)) {
        const size_t k = cursor_++;
        const uint32_t begin = (k == first ? chunk_base_ : place_[k - 1]) - chunk_base_;
        const uint32_t end = place_[k] - chunk_base_;
        std::sort(events_.begin() + begin, events_.begin() + end);
        for (uint32_t e = begin; e < end; ++e) {
          AdvanceTo(usage.bucket_start(k) + (events_[e] >> 1));
          running_ += (events_[e] & 1) != 0 ? -cpus : cpus;
        }
        swept += end - begin + 1;
      }
      if (cursor_ < end_bucket) return false;
      if (++chunk_ < chunk_end_.size()) {
        chunk_base_ = place_[end_bucket - 1];
        cursor_ = 0;
        phase_ = Phase::kPlace;
        return false;
      }
      Finish();
      return true;
    }
    case Phase::kDone:
      break;
  }
  return true;
}

}  // namespace afterglow::time_analysis
