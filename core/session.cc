#include "core/session.h"

#include "core/api/router.h"
#include "core/ingest/codec.h"
#include "core/session_impl.h"

namespace afterglow {

Session::Session() : impl_(std::make_unique<Impl>()) {}
Session::~Session() = default;

void Session::BeginFile(std::string_view name, uint64_t size_bytes) {
  if (impl_->loading.stream) EndFile();
  Impl& impl = *impl_;
  auto model = std::make_unique<AttemptModel>();
  model->file_name = std::string(name);
  model->in_progress_name = IsInProgressName(name);
  impl.loading.listener = std::make_unique<AppStatusListener>(&impl.pool, model.get());
  impl.loading.decoder = std::make_unique<EventDecoder>(&impl.pool, impl.loading.listener.get());
  impl.loading.stream = std::make_unique<LogStream>(name, impl.loading.decoder.get());
  impl.attempts.push_back(std::move(model));
  impl.file_stats.push_back({std::string(name)});
}

void Session::PushBytes(const uint8_t* data, size_t size) {
  if (!impl_->loading.stream) return;
  impl_->bytes_read += size;
  impl_->loading.stream->Push(data, size);
}

void Session::EndFile() {
  Impl& impl = *impl_;
  if (!impl.loading.stream) return;
  impl.loading.stream->Finish();
  const std::string& file = impl.attempts.back()->file_name;
  const EventDecoder& decoder = *impl.loading.decoder;
  FileLoadStats& stats = impl.file_stats.back();
  stats.events = decoder.events();
  stats.unknown_events = decoder.unknown_events();
  stats.ignored_events = decoder.ignored_events();
  stats.bad_lines = decoder.bad_line_count();
  for (const BadLine& bad : decoder.bad_lines()) {
    impl.problems.push_back({file, bad.line, 0, bad.cause});
  }
  if (decoder.bad_line_count() > decoder.bad_lines().size()) {
    impl.problems.push_back(
        {file, 0, 0,
         std::to_string(decoder.bad_line_count() - decoder.bad_lines().size()) +
             " more bad lines not listed"});
  }
  if (const auto& error = impl.loading.stream->error()) {
    impl.problems.push_back({file, 0, error->offset, error->cause});
  }
  impl.loading = Impl::Loading{};
}

ApiResponse Session::Api(std::string_view path_and_query) const {
  ApiData data;
  data.pool = &impl_->pool;
  for (const auto& model : impl_->attempts) data.attempts.push_back(model.get());
  return RouteApi(data, path_and_query);
}

std::vector<AttemptSummary> Session::Summaries() const {
  const Impl& impl = *impl_;
  std::vector<AttemptSummary> out;
  for (size_t i = 0; i < impl.attempts.size(); ++i) {
    const AttemptModel& model = *impl.attempts[i];
    const AppInfo& app = model.app;
    AttemptSummary s;
    s.app_id = app.app_id.present ? std::string(impl.pool.Get(app.app_id.id)) : "";
    s.attempt_id = app.attempt_id.present ? std::string(impl.pool.Get(app.attempt_id.id)) : "";
    s.name = impl.pool.Get(app.name);
    s.spark_version = impl.pool.Get(app.spark_version);
    s.user = impl.pool.Get(app.user);
    s.start_ms = app.start_time;
    s.end_ms = app.completed ? app.end_time : -1;
    s.completed = app.completed;
    s.jobs = model.job_rows.size();
    s.stage_attempts = model.stage_rows.size();
    s.finished_tasks = model.finished_tasks;
    s.executors = model.non_driver_executors(impl.pool);
    s.unknown_events = impl.file_stats[i].unknown_events;
    s.bad_lines = impl.file_stats[i].bad_lines;
    out.push_back(std::move(s));
  }
  return out;
}

const std::vector<LoadProblem>& Session::problems() const { return impl_->problems; }

uint64_t Session::bytes_read() const { return impl_->bytes_read; }

}  // namespace afterglow
