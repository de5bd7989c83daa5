// event_floor: the native floor for reading an event log. It does the least any reader must:
// read the file, decompress it (.zstd) with the same zstd C code the engine uses, split lines,
// and let simdjson's on-demand parser find each line's "Event". scripts/bench times it beside
// `afterglow summary`. It prints what it counted (JSON) so the bench can check that both read
// the same log before comparing their times.
//   usage: event_floor FILE      (plain, or Spark's zstd codec when FILE ends in .zstd)
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include <simdjson.h>
#include <zstd.h>

namespace {

using File = std::unique_ptr<FILE, int (*)(FILE*)>;

struct Counts {
  uint64_t stored_bytes = 0;
  uint64_t log_bytes = 0;
  uint64_t lines = 0;
  uint64_t events = 0;    // lines whose "Event" is a string
  uint64_t task_ends = 0;
  uint64_t bad_lines = 0;
};

// Splits decoded text into lines and parses each in place: the buffer keeps SIMDJSON_PADDING
// spare bytes after its end, so no line is copied.
class LineParser {
 public:
  LineParser() : buffer_(kInitialBytes + simdjson::SIMDJSON_PADDING) {}

  // Free space to decode or read into, at least kMinFree bytes.
  char* free_begin() { return buffer_.data() + filled_; }
  size_t free_size() const { return buffer_.size() - simdjson::SIMDJSON_PADDING - filled_; }

  // `size` bytes were written at free_begin(): parse every complete line, keep the rest.
  void Commit(size_t size, Counts& counts) {
    filled_ += size;
    counts.log_bytes += size;
    size_t start = 0;
    while (const void* newline = std::memchr(buffer_.data() + start, '\n', filled_ - start)) {
      const size_t end = static_cast<const char*>(newline) - buffer_.data();
      Parse(start, end, counts);
      start = end + 1;
    }
    std::memmove(buffer_.data(), buffer_.data() + start, filled_ - start);
    filled_ -= start;
    if (free_size() < kMinFree) buffer_.resize(buffer_.size() * 2);  // one line longer than the buffer
  }

  void Finish(Counts& counts) {
    if (filled_ > 0) Parse(0, filled_, counts);
    filled_ = 0;
  }

 private:
  static constexpr size_t kInitialBytes = 16u << 20;
  static constexpr size_t kMinFree = 1u << 20;

  void Parse(size_t begin, size_t end, Counts& counts) {
    if (end > begin && buffer_[end - 1] == '\r') --end;
    if (end == begin) return;
    ++counts.lines;
    const simdjson::padded_string_view line(buffer_.data() + begin, end - begin,
                                            buffer_.size() - begin);
    simdjson::ondemand::document doc;
    std::string_view event;
    if (parser_.iterate(line).get(doc) != simdjson::SUCCESS ||
        doc["Event"].get_string().get(event) != simdjson::SUCCESS) {
      ++counts.bad_lines;
      return;
    }
    ++counts.events;
    if (event == "SparkListenerTaskEnd") ++counts.task_ends;
  }

  simdjson::ondemand::parser parser_;
  std::vector<char> buffer_;
  size_t filled_ = 0;
};

// Returns an error message, or "".
std::string ReadLog(const std::string& path, Counts& counts) {
  File in(std::fopen(path.c_str(), "rb"), &std::fclose);
  if (!in) return path + ": " + std::strerror(errno);
  LineParser lines;
  const bool zstd = path.size() > 5 && path.compare(path.size() - 5, 5, ".zstd") == 0;
  if (!zstd) {
    for (;;) {
      const size_t got = std::fread(lines.free_begin(), 1, lines.free_size(), in.get());
      if (got == 0) break;
      counts.stored_bytes += got;
      lines.Commit(got, counts);
    }
    lines.Finish(counts);
    return "";
  }
  std::unique_ptr<ZSTD_DCtx, size_t (*)(ZSTD_DCtx*)> context(ZSTD_createDCtx(), &ZSTD_freeDCtx);
  std::vector<char> input(ZSTD_DStreamInSize() * 16);
  size_t last_result = 0;  // 0 once a frame is complete
  bool output_full = false;  // the decoder may hold more output than the last call could give
  auto decode = [&](ZSTD_inBuffer& source) -> bool {
    ZSTD_outBuffer target{lines.free_begin(), lines.free_size(), 0};
    last_result = ZSTD_decompressStream(context.get(), &target, &source);
    if (ZSTD_isError(last_result)) return false;
    output_full = target.pos == target.size;
    lines.Commit(target.pos, counts);
    return true;
  };
  for (;;) {
    const size_t got = std::fread(input.data(), 1, input.size(), in.get());
    if (got == 0) break;
    counts.stored_bytes += got;
    ZSTD_inBuffer source{input.data(), got, 0};
    while (source.pos < source.size) {
      if (!decode(source)) return path + ": " + ZSTD_getErrorName(last_result);
    }
  }
  while (output_full) {
    ZSTD_inBuffer no_input{nullptr, 0, 0};
    if (!decode(no_input)) return path + ": " + ZSTD_getErrorName(last_result);
  }
  lines.Finish(counts);
  if (last_result != 0) return path + ": the last zstd frame is cut off";
  return "";
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fputs("usage: event_floor FILE   (plain, or zstd when FILE ends in .zstd)\n", stderr);
    return 2;
  }
  Counts counts;
  if (const std::string error = ReadLog(argv[1], counts); !error.empty()) {
    std::fprintf(stderr, "event_floor: %s\n", error.c_str());
    return 1;
  }
  std::printf("{\"storedBytes\":%llu,\"logBytes\":%llu,\"lines\":%llu,\"events\":%llu,"
              "\"taskEnds\":%llu,\"badLines\":%llu}\n",
              static_cast<unsigned long long>(counts.stored_bytes),
              static_cast<unsigned long long>(counts.log_bytes),
              static_cast<unsigned long long>(counts.lines),
              static_cast<unsigned long long>(counts.events),
              static_cast<unsigned long long>(counts.task_ends),
              static_cast<unsigned long long>(counts.bad_lines));
  return 0;
}
