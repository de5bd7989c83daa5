#include "core/session.h"

#include "core/api/router.h"
#include "core/ingest/codec.h"
#include "core/session_impl.h"

namespace afterglow {

Session::Session() : impl_(std::make_unique<Impl>()) {}
Session::~Session() = default;

namespace {

// A new model for one log, with the listeners and decoder that build it (BeginFile, BeginLog).
void StartModel(Session::Impl& impl, std::string_view name, bool in_progress) {
  auto model = std::make_unique<AttemptModel>();
  model->file_name = std::string(name);
  model->in_progress_name = in_progress;
  impl.loading.listener = std::make_unique<AppStatusListener>(&impl.pool, model.get());
  impl.loading.decoder = std::make_unique<EventDecoder>(&impl.pool, impl.loading.listener.get());
  impl.loading.sql_listener = std::make_unique<SqlListener>(&impl.pool, model.get());
  impl.loading.decoder->set_sql_sink(impl.loading.sql_listener.get());
  impl.loading.thrift_listener = std::make_unique<ThriftServerListener>(model.get());
  impl.loading.decoder->set_thrift_sink(impl.loading.thrift_listener.get());
  impl.loading.listing =
      std::make_unique<ListingListener>(&model->listing, model->in_progress_name,
                                        impl.loading.decoder.get());
  impl.loading.decoder->set_listing_sink(impl.loading.listing.get());
  impl.attempts.push_back(std::move(model));
  impl.file_stats.push_back({std::string(name)});
}

// The decoder's bad lines not yet reported, under `where`: the file or part they were read from,
// as their line numbers count within it (each part of a rolling log counts from 1).
void ReportBadLines(Session::Impl& impl, const std::string& where) {
  const std::vector<BadLine>& bad_lines = impl.loading.decoder->bad_lines();
  for (size_t i = impl.loading.bad_lines_reported; i < bad_lines.size(); ++i) {
    impl.problems.push_back({where, bad_lines[i].line, 0, bad_lines[i].cause});
  }
  impl.loading.bad_lines_reported = bad_lines.size();
}

}  // namespace

void Session::BeginFile(std::string_view name, uint64_t size_bytes) {
  if (impl_->loading.decoder) EndFile();
  StartModel(*impl_, name, IsInProgressName(name));
  // Lines reach the decoder through the listing, which notes the filtered ones it cannot read.
  impl_->loading.stream = std::make_unique<LogStream>(name, impl_->loading.listing.get());
  impl_->loading.part_start_bytes = impl_->bytes_read;
  impl_->loading.listing->BeginPart(impl_->loading.stream.get());
}

void Session::PushBytes(const uint8_t* data, size_t size) {
  if (!impl_->loading.stream) return;
  impl_->bytes_read += size;
  impl_->loading.stream->Push(data, size);
}

bool Session::FileStopped() const {
  return impl_->loading.stream && impl_->loading.stream->error().has_value();
}

void Session::EndFile() {
  Impl& impl = *impl_;
  if (!impl.loading.decoder) return;
  if (impl.loading.stream) impl.loading.stream->Finish();
  if (impl.loading.sql_listener) impl.loading.sql_listener->Finish();  // end-of-replay flush
  // The listing's re-read of the last file's tail needs that file's stored length.
  impl.loading.listing->Finish(impl.loading.stream ? impl.bytes_read - impl.loading.part_start_bytes
                                                   : 0);
  const std::string& file = impl.attempts.back()->file_name;
  const EventDecoder& decoder = *impl.loading.decoder;
  LoadCounters& counters = impl.file_stats.back().counters;
  counters.events = decoder.events();
  counters.ignored_events = decoder.ignored_events();
  counters.unknown_events = decoder.unknown_events();
  counters.truncated_last_lines = decoder.skipped_truncated_lines();
  counters.bad_lines = decoder.bad_line_count();
  ReportBadLines(impl, impl.loading.part_name.empty() ? file : impl.loading.part_name);
  if (decoder.bad_line_count() > decoder.bad_lines().size()) {
    impl.problems.push_back(
        {file, 0, 0,
         std::to_string(decoder.bad_line_count() - decoder.bad_lines().size()) +
             " more bad lines not listed"});
  }
  if (impl.loading.stream) {
    if (const auto& error = impl.loading.stream->error()) {
      const std::string& where = impl.loading.part_name.empty() ? file : impl.loading.part_name;
      impl.problems.push_back({where, 0, error->offset, error->cause});
    }
  }
  // A log the History Server would not list, or would list as unfinished, says why: a Spark user
  // comparing with the History Server must not have to guess.
  const AttemptModel& model = *impl.attempts.back();
  const bool one_file = impl.loading.stream && impl.loading.part_name.empty();
  const uint64_t last_line = one_file ? impl.loading.stream->lines() : 0;
  if (!model.app.app_id.present) {
    impl.problems.push_back(
        {file, 0, 0,
         "no SparkListenerApplicationStart with an App ID: the History Server does not list "
         "this log"});
  } else if (!model.listing.app_id.present) {
    impl.problems.push_back(
        {file, 0, 0,
         "the SparkListenerApplicationStart line does not begin with "
         "{\"Event\":\"SparkListenerApplicationStart\" (other key order or spaces): the History "
         "Server's listing skips it, so it does not list this log or serve its pages"});
  } else if (!model.app.completed && !model.in_progress_name) {
    impl.problems.push_back(
        {file, last_line, 0,
         "no SparkListenerApplicationEnd up to the last line: the application did not finish "
         "or the log was cut off; it is listed as incomplete"});
  } else if (!model.listing.completed && !model.in_progress_name) {
    impl.problems.push_back(
        {file, 0, 0,
         "the SparkListenerApplicationEnd line does not begin with "
         "{\"Event\":\"SparkListenerApplicationEnd\" (other key order or spaces): the History "
         "Server's listing skips it and lists the application as incomplete"});
  }
  impl.loading = Impl::Loading{};
  impl.attempts.back()->CompactTasks();  // the model is complete: release its growth slack
}

// --- One log stored as several files (see session.h) ----------------------------------------------

void Session::BeginLog(std::string_view log_name, bool in_progress) {
  if (impl_->loading.decoder) EndFile();
  StartModel(*impl_, log_name, in_progress);
  impl_->loading.log_in_progress = in_progress;
}

void Session::BeginPart(std::string_view part_name, uint64_t /*size_bytes*/,
                        std::string_view codec) {
  Impl& impl = *impl_;
  if (!impl.loading.decoder) return;  // BeginLog first
  if (impl.loading.stream) {
    impl.loading.stream->Finish();
    ReportBadLines(impl, impl.loading.part_name);
    if (const auto& error = impl.loading.stream->error()) {
      impl.problems.push_back({impl.loading.part_name, 0, error->offset, error->cause});
    }
  }
  LogStreamOptions options;
  options.in_progress = impl.loading.log_in_progress;
  if (!codec.empty()) {
    Codec named;
    if (CodecFromSparkName(codec, &named)) {
      options.codec = named;
    } else {
      impl.problems.push_back({std::string(part_name), 0, 0,
                               "unknown compression codec \"" + std::string(codec) +
                                   "\"; reading the part as its name and content say"});
    }
  }
  impl.loading.part_name = std::string(part_name);
  impl.loading.stream = std::make_unique<LogStream>(part_name, impl.loading.listing.get(), options);
  impl.loading.part_start_bytes = impl.bytes_read;
  impl.loading.listing->BeginPart(impl.loading.stream.get());
}

void Session::AddProblem(LoadProblem problem) { impl_->problems.push_back(std::move(problem)); }

ApiResponse Session::Api(std::string_view path_and_query) const {
  ApiData data;
  data.pool = &impl_->pool;
  data.attempts = models();
  return RouteApi(data, path_and_query);
}

ApiResponse Session::ApiItems(std::string_view path_and_query,
                              const std::function<void(std::string_view item)>& item) const {
  ApiData data;
  data.pool = &impl_->pool;
  data.attempts = models();
  data.item_sink = &item;
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
    s.counters = impl.file_stats[i].counters;
    s.model_index = i;
    out.push_back(std::move(s));
  }
  return out;
}

const AttemptModel* Session::model(size_t model_index) const {
  return model_index < impl_->attempts.size() ? impl_->attempts[model_index].get() : nullptr;
}

std::vector<const AttemptModel*> Session::models() const {
  std::vector<const AttemptModel*> models;
  for (const auto& model : impl_->attempts) models.push_back(model.get());
  return models;
}

const StringPool& Session::strings() const { return impl_->pool; }

const std::vector<LoadProblem>& Session::problems() const { return impl_->problems; }

uint64_t Session::bytes_read() const { return impl_->bytes_read; }

}  // namespace afterglow
