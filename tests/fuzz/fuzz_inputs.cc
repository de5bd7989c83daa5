#include "tests/fuzz/fuzz_inputs.h"

#include <cstdio>
#include <fstream>
#include <sstream>

#include "core/base/read_padding.h"

namespace afterglow::fuzz {

std::string SeedWriter::Corpus(std::string_view relative_path) const {
  std::ifstream in(corpus_dir_ + "/" + std::string(relative_path), std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

void SeedWriter::Write(std::string_view name, std::string_view bytes) {
  std::ofstream out(out_dir_ + "/" + std::string(name), std::ios::binary);
  out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  if (out) ++written_;
}

std::vector<std::pair<std::string, std::string>> SmallLogs(const SeedWriter& out) {
  // Small whole logs of different Spark versions and shapes (a few KiB to 30 KiB each).
  static const char* const kLogs[] = {
      "spark/spark-events/local-1430917381535_1",
      "spark/spark-events/local-1426533911241",
      "spark/spark-events/application_1578436911597_0052",
  };
  std::vector<std::pair<std::string, std::string>> logs;
  for (const char* path : kLogs) {
    std::string text = out.Corpus(path);
    if (text.empty()) continue;
    const std::string_view name(path);
    logs.emplace_back(std::string(name.substr(name.rfind('/') + 1)), std::move(text));
  }
  return logs;
}

size_t ChunkSizeFromByte(uint8_t byte) { return 1 + size_t{byte} * 37; }

void PaddedCopy(const uint8_t* data, size_t size, std::vector<uint8_t>* buffer) {
  buffer->assign(data, data + size);
  buffer->resize(size + kReadPadding);
}

void CheckingByteSink::OnBytes(const char* data, size_t size) {
  // The padding must be readable: ASan reports a read past what was allocated.
  volatile char last = data[size + kReadPadding - 1];
  (void)last;
  total_ += size;
}

void FuzzDecompressor(Decompressor& decompressor, const uint8_t* data, size_t size) {
  CheckingByteSink sink;
  bool failed = false;
  PushInChunks(data, size, [&](const uint8_t* chunk, size_t n) {
    if (failed || sink.Stopped()) return;
    failed = decompressor.Push(chunk, n, sink) == DecodeStatus::kError;
  });
  if (!failed && !sink.Stopped()) {
    const DecodeStatus status = decompressor.Finish(sink);
    if (status == DecodeStatus::kError && decompressor.error().empty()) Fail("error without a cause");
  } else if (failed && decompressor.error().empty()) {
    Fail("error without a cause");
  }
}

}  // namespace afterglow::fuzz
