// One log file, from stored bytes to lines: picks the codec from the file name (confirmed by the
// magic bytes), decompresses, splits lines, and hands them to a LineConsumer. Accepts any chunk
// boundaries. Never throws: a damaged file stops with an error naming the offset and the cause,
// and every line decoded before the damage has already been delivered.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/ingest/codec.h"
#include "core/ingest/decompressor.h"
#include "core/ingest/line_consumer.h"
#include "core/ingest/line_splitter.h"

namespace afterglow {

struct StreamError {
  uint64_t offset = 0;  // byte offset in the stored (compressed) file
  std::string cause;
};

// What a caller knows better than the file's name.
struct LogStreamOptions {
  std::optional<Codec> codec;       // a Spark 1.x folder names it in a COMPRESSION_CODEC_ marker
  std::optional<bool> in_progress;  // a rolling folder's appstatus_ marker says it for its parts
};

class LogStream {
 public:
  // `file_name` selects the codec (see CodecFromFileName); `consumer` must outlive the stream.
  LogStream(std::string_view file_name, LineConsumer* consumer);
  LogStream(std::string_view file_name, LineConsumer* consumer, const LogStreamOptions& options);
  ~LogStream();

  // Stored bytes of the file, in order. `data` needs kReadPadding readable bytes after its end.
  // After an error further bytes are ignored.
  void Push(const uint8_t* data, size_t size);
  // End of the file: delivers a last line with no '\n', reports a cut-off compressed stream, and
  // tells the consumer whether that last line may be cut off (an in-progress log).
  void Finish();

  const std::optional<StreamError>& error() const { return error_; }
  uint64_t bytes_in() const { return bytes_in_; }
  uint64_t lines() const { return splitter_.lines(); }
  // The decompressed byte offset where the line being delivered begins (valid during OnLine).
  uint64_t line_offset() const { return splitter_.line_offset(); }
  Codec codec() const { return codec_; }
  // True when the name says the log was still being written (".inprogress").
  bool in_progress() const { return in_progress_; }

 private:
  // Bytes needed to confirm the codec by its magic (the longest magic, lz4-java's "LZ4Block").
  static constexpr size_t kMagicBytes = 8;

  void Fail(uint64_t offset, std::string cause);
  void CheckMagicAndFeedHead();
  void Feed(const uint8_t* data, size_t size);
  void FailIfOverlong();

  Codec codec_;
  bool in_progress_ = false;
  bool codec_checked_ = false;
  std::unique_ptr<Decompressor> decompressor_;  // null for plain logs
  LineSplitter splitter_;
  std::vector<uint8_t> head_;  // first bytes, held until there are enough to check the magic
  std::optional<StreamError> error_;
  uint64_t bytes_in_ = 0;
  LineConsumer* consumer_;
};

}  // namespace afterglow
