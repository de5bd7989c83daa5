// One "save analysis" job: the logs' stored files in, the saved page out. Used by the CLI
// (`afterglow report`, core/cli/report_command.cc) and the page (wasm/share_bridge.cc), so both
// write the same file. The caller streams every file of the analysis once per pass:
//   pass 0 (scan, only when redacting): every file, so hosts and users are known before any is
//          rewritten, whichever file names them first
//   pass 1 (write): every file again; each line is redacted (or kept), then zstd-compressed
// Files arrive as stored (compressed or not); the core's codecs decode them (core/ingest). Only
// the compressed output is kept whole. Every failure is a value: false, with error() naming the
// file and where in it.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/ingest/line_consumer.h"
#include "core/ingest/log_stream.h"
#include "core/share/redactor.h"
#include "core/share/zstd_writer.h"

namespace afterglow::share {

// The name a file is saved under: its codec extension becomes ".zstd" (".compact" and
// ".inprogress" stay after it, as Spark writes them). A Databricks folder's live "eventlog" is
// saved as "eventlog-9999-12-31--23-59.zstd", the name of a rolled part that sorts after every
// real one, because a plain "eventlog" name cannot hold zstd data.
std::string SavedFileName(std::string_view name);

struct SharedFile {
  std::string name;           // as saved
  uint64_t bytes = 0;         // log text length
  std::string zstd;           // compressed text (empty for a folder's marker file)
};

class ShareJob : private LineConsumer {
 public:
  ShareJob(bool redact, std::string route);
  ~ShareJob() override;

  // `name`: the file's '/'-separated path relative to what was opened; `codec`: the codec a
  // Spark 1.x folder's marker names ("" otherwise); `pass`: 0 = scan, 1 = write.
  bool BeginFile(std::string_view name, uint64_t stored_size, std::string_view codec, int pass);
  // Stored bytes of the file, in order; kReadPadding bytes after data + size must be readable.
  bool Push(const uint8_t* data, size_t size);
  bool EndFile();
  // Writes the page from `template_html` (the single-file viewer). Adds the marker files a
  // folder log needs to be recognised again (see share_job.cc).
  bool Finish(std::string_view template_html);

  const std::string& html() const { return html_; }
  const std::vector<SharedFile>& files() const { return files_; }
  const ReplacedCounts& counts() const { return redactor_.counts(); }
  bool redact() const { return redact_; }
  // {"files":[{"name","bytes","compressedBytes"}],"redacted":bool,"replaced":{...},"htmlBytes":N}
  std::string SummaryJson() const;
  const std::string& error() const { return error_; }

 private:
  // What a folder log's parts tell about the markers to write for it.
  struct FolderLog {
    bool rolling = false;   // eventlog_v2_<appId>/events_<N>_<appId>...
    bool spark1 = false;    // EVENT_LOG_<N> with COMPRESSION_CODEC_ / APPLICATION_COMPLETE
    bool ended = false;     // a SparkListenerApplicationEnd was read
    std::string app_id;
  };

  void OnLine(std::string_view line, uint64_t line_number) override;
  void Write(std::string_view text);
  bool Fail(std::string message);

  bool redact_;
  std::string route_;
  Redactor redactor_;
  int pass_ = 1;
  std::string file_name_;          // as given
  std::string folder_;             // its folder ("" for a top-level file)
  std::unique_ptr<LogStream> stream_;
  std::unique_ptr<ZstdWriter> writer_;
  bool finishing_ = false;         // inside LogStream::Finish: a last line may lack its '\n'
  bool has_held_line_ = false;
  std::string held_line_;          // the latest line delivered while finishing
  std::string rewritten_;          // the current line, redacted
  std::vector<SharedFile> files_;
  std::map<std::string, FolderLog> folders_;
  std::string html_;
  std::string error_;
};

}  // namespace afterglow::share
