// scale_log: writes a large event log made of N copies of a real log's work (see
// tests/tools/log_scaler.h), as plain text and, optionally, Spark's zstd codec at the same time.
// Driven by scripts/scale-log; run it directly for other sources or sizes.
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include <zstd.h>

#include "core/base/read_padding.h"
#include "core/ingest/line_consumer.h"
#include "core/ingest/log_stream.h"
#include "tests/tools/log_scaler.h"

namespace {

constexpr const char* kUsage =
    "usage: scale_log (--copies N | --size BYTES) [--level L] --out PLAIN [--zstd-out FILE] SOURCE\n"
    "  SOURCE   one event log in any codec Afterglow reads (named by its extension)\n"
    "  --copies how many times the jobs, stages, tasks and SQL executions are repeated\n"
    "  --size   pick the copies for a plain output of about BYTES\n"
    "  --level  zstd level (default 1, Spark's spark.io.compression.zstd.level default)\n";

using File = std::unique_ptr<FILE, int (*)(FILE*)>;

class ScalerFeed : public afterglow::LineConsumer {
 public:
  explicit ScalerFeed(afterglow::tools::LogScaler* scaler) : scaler_(scaler) {}
  void OnLine(std::string_view line, uint64_t) override { scaler_->AddSourceLine(line); }

 private:
  afterglow::tools::LogScaler* scaler_;
};

// Reads and decodes SOURCE into the scaler. Returns an error message, or "" on success.
std::string ReadSource(const std::string& path, afterglow::tools::LogScaler* scaler) {
  File in(std::fopen(path.c_str(), "rb"), &std::fclose);
  if (!in) return path + ": " + std::strerror(errno);
  ScalerFeed feed(scaler);
  afterglow::LogStream stream(path, &feed);
  constexpr size_t kChunk = 16u << 20;
  std::vector<uint8_t> buffer(kChunk + afterglow::kReadPadding);
  for (;;) {
    const size_t got = std::fread(buffer.data(), 1, kChunk, in.get());
    if (got > 0) stream.Push(buffer.data(), got);
    if (got < kChunk) break;
  }
  stream.Finish();
  if (stream.error()) {
    return path + " at byte " + std::to_string(stream.error()->offset) + ": " + stream.error()->cause;
  }
  return "";
}

// Compresses what it is given as zstd frames, one frame per batch of whole lines (Spark's zstd
// logs are also many frames).
class ZstdFileWriter {
 public:
  ZstdFileWriter(FILE* out, int level) : out_(out), context_(ZSTD_createCCtx()) {
    ZSTD_CCtx_setParameter(context_, ZSTD_c_compressionLevel, level);
  }
  ~ZstdFileWriter() { ZSTD_freeCCtx(context_); }

  // Returns false when compression or writing fails.
  bool Write(std::string_view text) {
    buffer_.resize(ZSTD_compressBound(text.size()));
    const size_t size = ZSTD_compress2(context_, buffer_.data(), buffer_.size(), text.data(), text.size());
    if (ZSTD_isError(size)) return false;
    bytes_ += size;
    return std::fwrite(buffer_.data(), 1, size, out_) == size;
  }
  uint64_t bytes() const { return bytes_; }

 private:
  FILE* out_;
  ZSTD_CCtx* context_;
  std::vector<char> buffer_;
  uint64_t bytes_ = 0;
};

}  // namespace

int main(int argc, char** argv) {
  uint64_t copies = 0;
  uint64_t size = 0;
  int level = 1;
  std::string out_path;
  std::string zstd_path;
  std::string source;
  for (int i = 1; i < argc; ++i) {
    const std::string flag = argv[i];
    const bool has_value = i + 1 < argc;
    if (flag == "--copies" && has_value) {
      copies = std::strtoull(argv[++i], nullptr, 10);
    } else if (flag == "--size" && has_value) {
      size = std::strtoull(argv[++i], nullptr, 10);
    } else if (flag == "--level" && has_value) {
      level = std::atoi(argv[++i]);
    } else if (flag == "--out" && has_value) {
      out_path = argv[++i];
    } else if (flag == "--zstd-out" && has_value) {
      zstd_path = argv[++i];
    } else if (!flag.starts_with("--") && source.empty()) {
      source = flag;
    } else {
      std::fputs(kUsage, stderr);
      return 2;
    }
  }
  if (source.empty() || out_path.empty() || (copies == 0) == (size == 0)) {
    std::fputs(kUsage, stderr);
    return 2;
  }

  afterglow::tools::LogScaler scaler;
  if (const std::string error = ReadSource(source, &scaler); !error.empty()) {
    std::fprintf(stderr, "scale_log: %s\n", error.c_str());
    return 1;
  }
  if (copies == 0) copies = scaler.CopiesForSize(size);

  File plain(std::fopen(out_path.c_str(), "wb"), &std::fclose);
  if (!plain) {
    std::fprintf(stderr, "scale_log: %s: %s\n", out_path.c_str(), std::strerror(errno));
    return 1;
  }
  File compressed(zstd_path.empty() ? nullptr : std::fopen(zstd_path.c_str(), "wb"), &std::fclose);
  if (!zstd_path.empty() && !compressed) {
    std::fprintf(stderr, "scale_log: %s: %s\n", zstd_path.c_str(), std::strerror(errno));
    return 1;
  }
  std::unique_ptr<ZstdFileWriter> zstd;
  if (compressed) zstd = std::make_unique<ZstdFileWriter>(compressed.get(), level);

  uint64_t plain_bytes = 0;
  bool ok = true;
  scaler.Write(copies, [&](std::string_view text) {
    if (!ok) return;
    ok = std::fwrite(text.data(), 1, text.size(), plain.get()) == text.size();
    plain_bytes += text.size();
    if (ok && zstd) ok = zstd->Write(text);
  });
  if (!ok || std::fflush(plain.get()) != 0 || (compressed && std::fflush(compressed.get()) != 0)) {
    std::fprintf(stderr, "scale_log: writing failed: %s\n", std::strerror(errno));
    return 1;
  }
  const afterglow::tools::SourceExtent& extent = scaler.extent();
  std::printf("source %s: %llu bytes written once, %llu bytes repeated; per copy: jobs 0..%lld, "
              "stages 0..%lld, tasks 0..%lld, SQL executions 0..%lld\n",
              source.c_str(), static_cast<unsigned long long>(scaler.once_bytes()),
              static_cast<unsigned long long>(scaler.repeated_bytes()),
              static_cast<long long>(extent.max_job), static_cast<long long>(extent.max_stage),
              static_cast<long long>(extent.max_task), static_cast<long long>(extent.max_sql_execution));
  std::printf("wrote %s: %llu copies, %llu bytes\n", out_path.c_str(),
              static_cast<unsigned long long>(copies), static_cast<unsigned long long>(plain_bytes));
  if (zstd) {
    std::printf("wrote %s: zstd level %d, %llu bytes\n", zstd_path.c_str(), level,
                static_cast<unsigned long long>(zstd->bytes()));
  }
  return 0;
}
