#include "tests/ui/alloc_counter.h"

#include <execinfo.h>
#include <unistd.h>

#include <cstdlib>
#include <new>

#include "imgui.h"

#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define AFTERGLOW_ALLOC_COUNTER_ASAN 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__)
#define AFTERGLOW_ALLOC_COUNTER_ASAN 1
#endif

#if defined(AFTERGLOW_ALLOC_COUNTER_ASAN)
#include <sanitizer/allocator_interface.h>
#endif

namespace afterglow::ui::testing {
namespace {

// Per thread, so a test's count is not disturbed by another thread of the process.
thread_local bool t_counting = false;
thread_local uint64_t t_allocations = 0;

// AFTERGLOW_ALLOC_TRACE=1 prints the stack of every counted allocation to stderr (symbolise
// with addr2line, or build with -rdynamic), so a failing test points at the call site.
thread_local bool t_tracing = false;

void Trace() {
  static const bool enabled = std::getenv("AFTERGLOW_ALLOC_TRACE") != nullptr;
  if (!enabled || t_tracing) return;
  t_tracing = true;  // backtrace() may allocate the first time
  void* frames[24];
  const int count = backtrace(frames, 24);
  constexpr char kBanner[] = "-- allocation while counting:\n";
  (void)!write(2, kBanner, sizeof kBanner - 1);
  backtrace_symbols_fd(frames, count, 2);
  t_tracing = false;
}

inline void Note() {
  if (t_counting && !t_tracing) {
    ++t_allocations;
    Trace();
  }
}

void* ImGuiAlloc(size_t size, void*) {
#if !defined(AFTERGLOW_ALLOC_COUNTER_ASAN)
  Note();  // under ASan the malloc hook below sees this malloc
#endif
  return std::malloc(size);
}

void ImGuiFree(void* pointer, void*) { std::free(pointer); }

#if defined(AFTERGLOW_ALLOC_COUNTER_ASAN)
void OnMalloc(const volatile void*, size_t) { Note(); }
void OnFree(const volatile void*) {}
#endif

}  // namespace

void AllocCounter::Install() {
  static const bool installed = [] {
#if defined(AFTERGLOW_ALLOC_COUNTER_ASAN)
    __sanitizer_install_malloc_and_free_hooks(OnMalloc, OnFree);
#endif
    return true;
  }();
  (void)installed;
  ImGui::SetAllocatorFunctions(ImGuiAlloc, ImGuiFree);
}

void AllocCounter::Start() {
  t_allocations = 0;
  t_counting = true;
}

uint64_t AllocCounter::Stop() {
  t_counting = false;
  return t_allocations;
}

}  // namespace afterglow::ui::testing

#if !defined(AFTERGLOW_ALLOC_COUNTER_ASAN)
// The test binary's global allocation functions: malloc and free, counted while a test counts.
// libstdc++'s array, nothrow and sized forms call these two, so they are counted too; aligned
// forms are replaced as well because libstdc++ sends them to aligned_alloc directly.
void* operator new(std::size_t size) {
  afterglow::ui::testing::Note();
  if (size == 0) size = 1;
  if (void* pointer = std::malloc(size)) return pointer;
  throw std::bad_alloc();
}

void* operator new(std::size_t size, std::align_val_t align) {
  afterglow::ui::testing::Note();
  const std::size_t alignment = static_cast<std::size_t>(align);
  const std::size_t rounded = (size + alignment - 1) / alignment * alignment;
  if (void* pointer = std::aligned_alloc(alignment, rounded == 0 ? alignment : rounded)) {
    return pointer;
  }
  throw std::bad_alloc();
}

void operator delete(void* pointer) noexcept { std::free(pointer); }
void operator delete(void* pointer, std::size_t) noexcept { std::free(pointer); }
void operator delete(void* pointer, std::align_val_t) noexcept { std::free(pointer); }
void operator delete(void* pointer, std::size_t, std::align_val_t) noexcept { std::free(pointer); }
#endif
