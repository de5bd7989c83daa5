#include "core/share/share_job.h"

#include <cstdio>

#include "core/ingest/codec.h"
#include "core/share/analysis_html.h"
#include "core/share/json_strings.h"

namespace afterglow::share {

namespace {

bool StartsWith(std::string_view s, std::string_view prefix) {
  return s.size() >= prefix.size() && s.substr(0, prefix.size()) == prefix;
}
bool EndsWith(std::string_view s, std::string_view suffix) {
  return s.size() >= suffix.size() && s.substr(s.size() - suffix.size()) == suffix;
}

constexpr std::string_view kRollingFolderPrefix = "eventlog_v2_";
// Spark writes "Event" first; a few bytes of the line are enough to recognise the end event.
constexpr std::string_view kApplicationEnd = "\"Event\":\"SparkListenerApplicationEnd\"";

void AppendNumber(std::string* out, uint64_t value) {
  char text[24];
  std::snprintf(text, sizeof text, "%llu", static_cast<unsigned long long>(value));
  out->append(text);
}

}  // namespace

std::string SavedFileName(std::string_view name) {
  const size_t slash = name.rfind('/');
  const std::string_view folder = slash == std::string_view::npos ? "" : name.substr(0, slash + 1);
  std::string_view base = slash == std::string_view::npos ? name : name.substr(slash + 1);
  if (base == "eventlog") return std::string(folder) + "eventlog-9999-12-31--23-59.zstd";
  const bool in_progress = EndsWith(base, ".inprogress");
  if (in_progress) base.remove_suffix(11);
  const bool compact = EndsWith(base, ".compact");
  if (compact) base.remove_suffix(8);
  if (CodecFromFileName(base) != Codec::kPlain) base = base.substr(0, base.rfind('.'));
  std::string saved(folder);
  saved.append(base);
  saved.append(".zstd");
  if (compact) saved.append(".compact");
  if (in_progress) saved.append(".inprogress");
  return saved;
}

ShareJob::ShareJob(bool redact, std::string route) : redact_(redact), route_(std::move(route)) {}

ShareJob::~ShareJob() = default;

bool ShareJob::Fail(std::string message) {
  if (error_.empty()) error_ = std::move(message);
  stream_.reset();
  writer_.reset();
  return false;
}

bool ShareJob::BeginFile(std::string_view name, uint64_t /*stored_size*/, std::string_view codec,
                         int pass) {
  if (!error_.empty()) return false;
  if (pass != 0 && pass != 1) return Fail(std::string(name) + ": unknown pass");
  pass_ = pass;
  file_name_.assign(name);
  const size_t slash = file_name_.rfind('/');
  folder_ = slash == std::string::npos ? "" : file_name_.substr(0, slash);
  LogStreamOptions options;
  if (!codec.empty()) {
    Codec named;
    if (!CodecFromSparkName(codec, &named)) {
      return Fail(file_name_ + ": unknown compression codec \"" + std::string(codec) + "\"");
    }
    options.codec = named;
  }
  has_held_line_ = false;
  finishing_ = false;
  if (pass == 0 && !redact_) {
    stream_.reset();  // nothing to learn when not redacting: the bytes are ignored
    return true;
  }
  stream_ = std::make_unique<LogStream>(file_name_, static_cast<LineConsumer*>(this), options);
  if (pass == 1) {
    writer_ = std::make_unique<ZstdWriter>();
    if (!writer_->error().empty()) return Fail(file_name_ + ": " + writer_->error());
    const std::string base = slash == std::string::npos ? file_name_ : file_name_.substr(slash + 1);
    if (!folder_.empty()) {
      FolderLog& folder = folders_[folder_];
      const std::string folder_base = folder_.substr(folder_.rfind('/') + 1);
      if (StartsWith(base, "events_") && StartsWith(folder_base, kRollingFolderPrefix)) {
        folder.rolling = true;
        folder.app_id = folder_base.substr(kRollingFolderPrefix.size());
      } else if (StartsWith(base, "EVENT_LOG_")) {
        folder.spark1 = true;
      }
    }
  }
  return true;
}

bool ShareJob::Push(const uint8_t* data, size_t size) {
  if (!error_.empty()) return false;
  if (!stream_) return true;
  stream_->Push(data, size);
  if (writer_ && !writer_->error().empty()) return Fail(file_name_ + ": " + writer_->error());
  return true;
}

void ShareJob::Write(std::string_view text) {
  if (writer_) writer_->Write(text);
}

void ShareJob::OnLine(std::string_view line, uint64_t /*line_number*/) {
  if (pass_ == 0) {
    redactor_.ScanLine(line);
    return;
  }
  if (!folder_.empty() && line.substr(0, 64).find(kApplicationEnd) != std::string_view::npos) {
    folders_[folder_].ended = true;
  }
  std::string_view text = line;
  if (redact_) {
    redactor_.RewriteLine(line, &rewritten_);
    text = rewritten_;
  }
  if (finishing_) {
    // Lines delivered by LogStream::Finish: only the very last may lack its '\n' in the input.
    if (has_held_line_) {
      Write(held_line_);
      Write("\n");
    }
    held_line_.assign(text);
    has_held_line_ = true;
    return;
  }
  Write(text);
  Write("\n");
}

bool ShareJob::EndFile() {
  if (!error_.empty()) return false;
  if (!stream_) return true;
  finishing_ = true;
  stream_->Finish();
  finishing_ = false;
  if (has_held_line_) {
    Write(held_line_);  // the input's last line had no '\n': neither has the saved one
    has_held_line_ = false;
  }
  if (const auto& problem = stream_->error()) {
    char where[96];
    std::snprintf(where, sizeof where, ": at byte %llu (after line %llu): ",
                  static_cast<unsigned long long>(problem->offset),
                  static_cast<unsigned long long>(stream_->lines()));
    return Fail(file_name_ + where + problem->cause);
  }
  stream_.reset();
  if (pass_ == 1) {
    if (!writer_->Finish()) return Fail(file_name_ + ": " + writer_->error());
    SharedFile file;
    file.name = SavedFileName(file_name_);
    file.bytes = writer_->bytes_in();
    file.zstd = writer_->TakeOutput();
    files_.push_back(std::move(file));
    writer_.reset();
  }
  return true;
}

bool ShareJob::Finish(std::string_view template_html) {
  if (!error_.empty()) return false;
  if (stream_) return Fail(file_name_ + ": the file was not ended");
  if (files_.empty()) return Fail("nothing to save: no log file was written");
  // Markers (empty files) that make a folder's parts one log again, as log_layout.h reads them.
  // Whether the application finished is taken from its ApplicationEnd event.
  for (const auto& [folder, log] : folders_) {
    if (log.rolling) {
      files_.push_back({folder + "/appstatus_" + log.app_id + (log.ended ? "" : ".inprogress"), 0, {}});
    } else if (log.spark1) {
      files_.push_back({folder + "/COMPRESSION_CODEC_zstd", 0, {}});
      if (log.ended) files_.push_back({folder + "/APPLICATION_COMPLETE", 0, {}});
    }
  }
  AnalysisContent content;
  content.route = route_;
  content.redacted = redact_;
  for (const SharedFile& f : files_) content.files.push_back({f.name, f.bytes, f.zstd});
  std::string error;
  if (!WriteAnalysisHtml(template_html, content, &html_, &error)) return Fail(error);
  return true;
}

std::string ShareJob::SummaryJson() const {
  std::string out = "{\"files\":[";
  for (size_t i = 0; i < files_.size(); ++i) {
    if (i > 0) out += ',';
    out += "{\"name\":\"";
    AppendJsonEscaped(files_[i].name, out, kShareHtmlEscapes);
    out += "\",\"bytes\":";
    AppendNumber(&out, files_[i].bytes);
    out += ",\"compressedBytes\":";
    AppendNumber(&out, files_[i].zstd.size());
    out += '}';
  }
  out += redact_ ? "],\"redacted\":true" : "],\"redacted\":false";
  const ReplacedCounts& c = redactor_.counts();
  out += ",\"replaced\":{\"hosts\":";
  AppendNumber(&out, c.hosts);
  out += ",\"ips\":";
  AppendNumber(&out, c.ips);
  out += ",\"users\":";
  AppendNumber(&out, c.users);
  out += ",\"paths\":";
  AppendNumber(&out, c.paths);
  out += ",\"properties\":";
  AppendNumber(&out, c.properties);
  out += "},\"htmlBytes\":";
  AppendNumber(&out, html_.size());
  out += '}';
  return out;
}

}  // namespace afterglow::share
