// afterglow_fuzz: every target in one libFuzzer program (the sanitizer build links one program
// instead of one per target). `--target=NAME` picks the target (libFuzzer ignores flags that
// start with "--"); `--write-seeds=DIR --corpus=DIR` writes its seeds and exits; `--list` prints
// the targets' names.
#include <cstdio>
#include <cstdlib>
#include <string_view>

#include "tests/fuzz/fuzz_target.h"

namespace afterglow::fuzz {

void FuzzLz4(const uint8_t*, size_t);
void SeedLz4(SeedWriter&);
void FuzzSnappy(const uint8_t*, size_t);
void SeedSnappy(SeedWriter&);
void FuzzLzf(const uint8_t*, size_t);
void SeedLzf(SeedWriter&);
void FuzzZstd(const uint8_t*, size_t);
void SeedZstd(SeedWriter&);
void FuzzGzip(const uint8_t*, size_t);
void SeedGzip(SeedWriter&);
void FuzzLineSplitter(const uint8_t*, size_t);
void SeedLineSplitter(SeedWriter&);
void FuzzEventLine(const uint8_t*, size_t);
void SeedEventLine(SeedWriter&);
void FuzzTaskLine(const uint8_t*, size_t);
void SeedTaskLine(SeedWriter&);
void FuzzStageJobLine(const uint8_t*, size_t);
void SeedStageJobLine(SeedWriter&);
void FuzzSqlLine(const uint8_t*, size_t);
void SeedSqlLine(SeedWriter&);
void FuzzZip(const uint8_t*, size_t);
void SeedZip(SeedWriter&);
void FuzzLayout(const uint8_t*, size_t);
void SeedLayout(SeedWriter&);
void FuzzRedactor(const uint8_t*, size_t);
void SeedRedactor(SeedWriter&);
void FuzzRouter(const uint8_t*, size_t);
void SeedRouter(SeedWriter&);
void FuzzSession(const uint8_t*, size_t);
void SeedSession(SeedWriter&);

const FuzzTarget* Targets(size_t* count) {
  static const FuzzTarget kTargets[] = {
      {"lz4", FuzzLz4, SeedLz4},
      {"snappy", FuzzSnappy, SeedSnappy},
      {"lzf", FuzzLzf, SeedLzf},
      {"zstd", FuzzZstd, SeedZstd},
      {"gzip", FuzzGzip, SeedGzip},
      {"line_splitter", FuzzLineSplitter, SeedLineSplitter},
      {"event_line", FuzzEventLine, SeedEventLine},
      {"task_line", FuzzTaskLine, SeedTaskLine},
      {"stage_job_line", FuzzStageJobLine, SeedStageJobLine},
      {"sql_line", FuzzSqlLine, SeedSqlLine},
      {"zip", FuzzZip, SeedZip},
      {"layout", FuzzLayout, SeedLayout},
      {"redactor", FuzzRedactor, SeedRedactor},
      {"router", FuzzRouter, SeedRouter},
      {"session", FuzzSession, SeedSession},
  };
  *count = sizeof kTargets / sizeof kTargets[0];
  return kTargets;
}

void Fail(const char* what) {
  std::fprintf(stderr, "afterglow_fuzz: %s\n", what);
  std::abort();
}

namespace {
const FuzzTarget* g_target = nullptr;

std::string_view FlagValue(std::string_view arg, std::string_view flag) {
  return arg.substr(0, flag.size()) == flag ? arg.substr(flag.size()) : std::string_view();
}
}  // namespace

}  // namespace afterglow::fuzz

extern "C" int LLVMFuzzerInitialize(int* argc, char*** argv) {
  using namespace afterglow::fuzz;
  std::string_view name, seeds, corpus;
  bool list = false;
  for (int i = 1; i < *argc; ++i) {
    const std::string_view arg = (*argv)[i];
    if (auto v = FlagValue(arg, "--target="); !v.empty()) name = v;
    if (auto v = FlagValue(arg, "--write-seeds="); !v.empty()) seeds = v;
    if (auto v = FlagValue(arg, "--corpus="); !v.empty()) corpus = v;
    list = list || arg == "--list";
  }
  size_t count = 0;
  const FuzzTarget* targets = Targets(&count);
  for (size_t i = 0; i < count; ++i) {
    if (list) std::printf("%.*s\n", static_cast<int>(targets[i].name.size()), targets[i].name.data());
    if (targets[i].name == name) g_target = &targets[i];
  }
  if (list) std::exit(0);
  if (!g_target) {
    std::fprintf(stderr, "afterglow_fuzz: --target=NAME is required (--list names them)\n");
    std::exit(2);
  }
  if (!seeds.empty()) {
    SeedWriter writer(std::string(corpus.empty() ? AFTERGLOW_CORPUS_DIR : corpus), std::string(seeds));
    g_target->seeds(writer);
    std::printf("%d seeds for %.*s\n", writer.written(), static_cast<int>(name.size()), name.data());
    std::exit(writer.written() > 0 ? 0 : 1);
  }
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  afterglow::fuzz::g_target->run(data, size);
  return 0;
}
