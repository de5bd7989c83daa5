// The targets of afterglow_fuzz, one per decoder and per entry point of the engine. Each takes
// libFuzzer's bytes and must never crash, leak, read out of bounds or run away in time or memory;
// bad input is only ever reported. Each also writes its own seeds (from ../shared/corpus, at run
// time: nothing of the corpus is copied into the repository).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace afterglow::fuzz {

// Where a target's seeds go: one file per call.
class SeedWriter {
 public:
  SeedWriter(std::string corpus_dir, std::string out_dir)
      : corpus_dir_(std::move(corpus_dir)), out_dir_(std::move(out_dir)) {}
  // A corpus file's bytes, by its path under the corpus ("" when it cannot be read).
  std::string Corpus(std::string_view relative_path) const;
  void Write(std::string_view name, std::string_view bytes);
  int written() const { return written_; }

 private:
  std::string corpus_dir_, out_dir_;
  int written_ = 0;
};

struct FuzzTarget {
  std::string_view name;
  void (*run)(const uint8_t* data, size_t size);
  void (*seeds)(SeedWriter& out);
};

// Every target, in the order scripts/fuzz.sh runs them.
const FuzzTarget* Targets(size_t* count);

// Stops the fuzzer with a finding (a broken invariant that is not a sanitizer report).
[[noreturn]] void Fail(const char* what);

}  // namespace afterglow::fuzz
