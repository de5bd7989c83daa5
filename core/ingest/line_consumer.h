// Where the ingest path delivers lines: the event decoder implements this.
#pragma once

#include <cstdint>
#include <string_view>

namespace afterglow {

class LineConsumer {
 public:
  virtual ~LineConsumer() = default;
  // One line without its '\n' (and without a trailing '\r'). Never empty. kReadPadding bytes
  // after line.data() + line.size() are readable. The view is valid only during the call.
  // `line_number` is 1-based in the decompressed log, counting empty lines too.
  virtual void OnLine(std::string_view line, uint64_t line_number) = 0;
  // End of one stored file's lines. `maybe_truncated`: the log was still being written, so its
  // last line may be cut off (Spark's ReplayListenerBus `maybeTruncated`).
  virtual void OnEnd(bool maybe_truncated) {}
};

}  // namespace afterglow
