// Where the page's heap goes for one log, measured natively: the bytes the program holds after
// the load and after each step of the final model build (the page's ModelBuildQueue, in its
// order), and the most it held at once during each. Counted at operator new and delete (what the
// engine and the views ask for, whatever the allocator adds), so the figures are the program's
// own; a 64-bit build's pointers and sizes are twice the page's. Prints; asserts nothing.
//   model_heap LOG
#include <malloc.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <new>
#include <string>
#include <vector>

#include "core/base/epoch_clock.h"
#include "core/base/read_padding.h"
#include "core/session.h"
#include "ui/app/app_state.h"
#include "ui/app/model_steps.h"

namespace {

uint64_t g_live = 0;  // bytes held now (as malloc_usable_size counts them)
uint64_t g_peak = 0;  // the most held at once since the last ResetPeak

void* Allocate(size_t size) {
  void* p = std::malloc(size == 0 ? 1 : size);
  if (p == nullptr) throw std::bad_alloc();
  g_live += malloc_usable_size(p);
  g_peak = std::max(g_peak, g_live);
  return p;
}

void Release(void* p) {
  if (p == nullptr) return;
  g_live -= malloc_usable_size(p);
  std::free(p);
}

void ResetPeak() { g_peak = g_live; }

double Mib(uint64_t bytes) { return static_cast<double>(bytes) / (1024.0 * 1024.0); }

void Report(const char* what, uint64_t before) {
  std::printf("%-22s held %9.1f MiB (%+9.1f)  peak during %9.1f MiB\n", what, Mib(g_live),
              Mib(g_live) - Mib(before), Mib(g_peak));
}

}  // namespace

void* operator new(size_t size) { return Allocate(size); }
void* operator new[](size_t size) { return Allocate(size); }
void* operator new(size_t size, const std::nothrow_t&) noexcept {
  void* p = std::malloc(size == 0 ? 1 : size);
  if (p != nullptr) {
    g_live += malloc_usable_size(p);
    g_peak = std::max(g_peak, g_live);
  }
  return p;
}
void operator delete(void* p) noexcept { Release(p); }
void operator delete[](void* p) noexcept { Release(p); }
void operator delete(void* p, size_t) noexcept { Release(p); }
void operator delete[](void* p, size_t) noexcept { Release(p); }

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: model_heap LOG\n");
    return 2;
  }
  std::ifstream in(argv[1], std::ios::binary);
  if (!in) {
    std::fprintf(stderr, "cannot read %s\n", argv[1]);
    return 1;
  }
  in.seekg(0, std::ios::end);
  const uint64_t size = static_cast<uint64_t>(in.tellg());
  in.seekg(0);
  // The page's reader hands slices of about this size to ag_file_push.
  constexpr size_t kChunk = 8 << 20;
  std::vector<uint8_t> chunk(kChunk + afterglow::kReadPadding);
  const uint64_t start = g_live;
  ResetPeak();
  afterglow::Session session;
  session.BeginFile(argv[1], size);
  while (in) {
    in.read(reinterpret_cast<char*>(chunk.data()), kChunk);
    const auto got = static_cast<size_t>(in.gcount());
    if (got == 0) break;
    session.PushBytes(chunk.data(), got);
  }
  session.EndFile();
  std::vector<uint8_t>().swap(chunk);
  Report("load", start);

  afterglow::ui::AppState state;
  state.session = &session;
  afterglow::ui::ModelBuildQueue queue;
  uint64_t before = g_live;
  ResetPeak();
  queue.Start(state, afterglow::NowEpochMs());
  Report("summaries", before);
  while (!queue.Done()) {
    const afterglow::ui::ModelStep step = queue.Next();
    before = g_live;
    ResetPeak();
    while (!queue.Step(state, 32 * 1024) && queue.Next() == step) {
    }
    Report(afterglow::ui::ModelStepName(step), before);
  }
  std::printf("%-22s held %9.1f MiB in all\n", "after the final build", Mib(g_live - start));
  return 0;
}
