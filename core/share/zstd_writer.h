// Streams text into one zstd frame held in memory (the saved analysis keeps each log compressed,
// never whole as text). Level 6: on a 40 MB GPU log (rapids-tools nds_q66_gpu) it writes 13%
// less than the default level 3 at about 30 MB/s natively, while level 9 saves only 7% more at
// half that speed, and saving in the page is single-threaded wasm, which runs slower still.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

struct ZSTD_CCtx_s;

namespace afterglow::share {

inline constexpr int kShareZstdLevel = 6;

class ZstdWriter {
 public:
  explicit ZstdWriter(int level = kShareZstdLevel);
  ~ZstdWriter();
  ZstdWriter(const ZstdWriter&) = delete;
  ZstdWriter& operator=(const ZstdWriter&) = delete;

  // Appends `bytes` to the stream. False (with error()) when zstd fails.
  bool Write(std::string_view bytes);
  // Ends the frame. The compressed bytes are then in output().
  bool Finish();

  const std::string& output() const { return output_; }
  std::string TakeOutput() { return std::move(output_); }
  uint64_t bytes_in() const { return bytes_in_; }
  const std::string& error() const { return error_; }

 private:
  bool Compress(bool end);

  ZSTD_CCtx_s* context_ = nullptr;
  std::string pending_;  // input gathered into blocks of kBlockBytes before compressing
  std::string output_;
  uint64_t bytes_in_ = 0;
  std::string error_;
};

}  // namespace afterglow::share
