#include "core/ingest/log_stream.h"

#include "core/base/read_padding.h"

#include <algorithm>
#include <string>
#include <utility>

namespace afterglow {
namespace {

// Bridges decompressed bytes into the line splitter.
class SplitterSink final : public ByteSink {
 public:
  explicit SplitterSink(LineSplitter* splitter) : splitter_(splitter) {}
  void OnBytes(const char* data, size_t size) override { splitter_->Push(data, size); }
  bool Stopped() const override { return splitter_->overlong(); }

 private:
  LineSplitter* splitter_;
};

}  // namespace

LogStream::LogStream(std::string_view file_name, LineConsumer* consumer)
    : LogStream(file_name, consumer, LogStreamOptions{}) {}

LogStream::LogStream(std::string_view file_name, LineConsumer* consumer,
                     const LogStreamOptions& options)
    : codec_(options.codec.value_or(CodecFromFileName(file_name))),
      in_progress_(options.in_progress.value_or(IsInProgressName(file_name))),
      splitter_(consumer),
      consumer_(consumer) {
  std::string why_not;
  decompressor_ = MakeDecompressor(codec_, &why_not);
  if (!why_not.empty()) Fail(0, why_not);
}

LogStream::~LogStream() = default;

void LogStream::Fail(uint64_t offset, std::string cause) {
  if (!error_) error_ = StreamError{offset, std::move(cause)};
}

void LogStream::Push(const uint8_t* data, size_t size) {
  if (error_ || size == 0) return;
  if (!codec_checked_) {
    // The name picks the codec; the first bytes must agree. Gather enough bytes to judge, even
    // when the caller pushes tiny chunks.
    size_t take = std::min(size, kMagicBytes - head_.size());
    head_.insert(head_.end(), data, data + take);
    data += take;
    size -= take;
    if (head_.size() < kMagicBytes) return;
    CheckMagicAndFeedHead();
    if (error_ || size == 0) return;
  }
  Feed(data, size);
}

void LogStream::CheckMagicAndFeedHead() {
  codec_checked_ = true;
  Codec seen = CodecFromMagic(head_.data(), head_.size());
  if (codec_ == Codec::kPlain && seen != Codec::kPlain) {
    // A compressed log renamed without its extension: decode what it is rather than fail.
    codec_ = seen;
    std::string why_not;
    decompressor_ = MakeDecompressor(codec_, &why_not);
    if (!why_not.empty()) return Fail(0, why_not);
  }
  if (!MagicMatches(codec_, head_.data(), head_.size())) {
    Fail(0, "the name says " + std::string(CodecName(codec_)) + " but the content looks " +
                std::string(CodecName(seen)));
    return;
  }
  size_t head_size = head_.size();
  head_.resize(head_size + kReadPadding);
  Feed(head_.data(), head_size);
  head_.clear();
}

void LogStream::Feed(const uint8_t* data, size_t size) {
  bytes_in_ += size;
  if (!decompressor_) {
    splitter_.Push(reinterpret_cast<const char*>(data), size);
    FailIfOverlong();
    return;
  }
  SplitterSink sink(&splitter_);
  if (decompressor_->Push(data, size, sink) == DecodeStatus::kError) {
    Fail(decompressor_->error_offset(), decompressor_->error());
  }
  FailIfOverlong();
}

void LogStream::FailIfOverlong() {
  if (!splitter_.overlong()) return;
  // A plain file's offset is the line's own; a compressed one's is as far as the decoder had read.
  Fail(decompressor_ ? bytes_in_ : splitter_.overlong_offset(),
       "line " + std::to_string(splitter_.overlong_line()) + " (at byte " +
           std::to_string(splitter_.overlong_offset()) + " of the log) is longer than " +
           std::to_string(LineSplitter::kMaxLineBytes >> 20) +
           " MiB, the longest line read (Spark writes none this long: this is not an event log "
           "line, or a decompression bomb); reading stopped there, the lines before it are kept");
}

void LogStream::Finish() {
  if (!codec_checked_ && !head_.empty() && !error_) CheckMagicAndFeedHead();
  if (decompressor_ && !error_) {
    SplitterSink sink(&splitter_);
    DecodeStatus status = decompressor_->Finish(sink);
    // A log still being written may stop mid-frame: what came before is the log so far.
    if (status == DecodeStatus::kError ||
        (status == DecodeStatus::kTruncated && !in_progress_)) {
      Fail(decompressor_->error_offset(), decompressor_->error());
    }
    FailIfOverlong();
  }
  // The last line may have no '\n'. After corrupt compressed data it is a fragment: drop it.
  if (!error_ || !decompressor_) splitter_.Finish();
  // A log still being written may stop in the middle of its last line; whether such a line is
  // skipped is the decoder's call, as it is Spark's replay's (ReplayListenerBus maybeTruncated).
  consumer_->OnEnd(in_progress_);
}

}  // namespace afterglow
