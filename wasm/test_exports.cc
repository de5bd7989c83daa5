// The exports only tests (tests/browser/) and scripts call, never the page's own code: the REST
// answer behind window.afterglow.api(), a lower memory cap, a cancel at a chosen point of a load,
// and frames drawn on request. Kept apart from bridge.cc so the
// page's interface there is only what the page uses.
#include <emscripten/emscripten.h>
#include <unistd.h>

#include <cstdint>
#include <string>

#include "core/listen/retention_memory_cap.h"
#include "core/session.h"
#include "wasm/page.h"

using afterglow::wasm::Page;
using afterglow::wasm::ThePage;

namespace {
int g_api_status = 0;  // of the last ag_api answer
}  // namespace

extern "C" {

// The REST answer for `path` over the loaded logs (the same text as `afterglow api`): the body,
// with its status in ag_api_status().
EMSCRIPTEN_KEEPALIVE const char* ag_api(const char* path) {
  static std::string body;
  const Page& page = ThePage();
  if (!page.session) {
    g_api_status = 404;
    body = "no logs are loaded";
    return body.c_str();
  }
  afterglow::ApiResponse response = page.session->Api(path);
  g_api_status = response.status;
  body = std::move(response.body);
  return body.c_str();
}

EMSCRIPTEN_KEEPALIVE int ag_api_status() { return g_api_status; }

// The cap later loads use, in bytes of the program break and of the heap (0 restores the
// default). Returns the program break now, which a test sets its cap from.
EMSCRIPTEN_KEEPALIVE double ag_set_memory_cap(double used_bytes, double heap_bytes) {
  const afterglow::MemoryCap defaults;
  afterglow::wasm::g_memory_cap.used_bytes =
      used_bytes > 0 ? static_cast<uint64_t>(used_bytes) : defaults.used_bytes;
  afterglow::wasm::g_memory_cap.heap_bytes =
      heap_bytes > 0 ? static_cast<uint64_t>(heap_bytes) : defaults.heap_bytes;
  return static_cast<double>(reinterpret_cast<uintptr_t>(sbrk(0)));
}

// Cancels the running load as the loading view's Cancel button does (the pump sees it at its next
// check), so that a test can cancel at an exact step of a load instead of at whatever step a
// key press lands in.
EMSCRIPTEN_KEEPALIVE void ag_request_cancel() { ThePage().state.cancel_requested = true; }

// Asks for the frames a changed page draws (RequestRedraw's), so that a test waiting for the app
// to draw frames gets them on a page where nothing else changed, and needs no time limit.
EMSCRIPTEN_KEEPALIVE void ag_request_redraw() { ThePage().RequestRedraw(); }

// Under AddressSanitizer only (the wasm-asan preset): reads one byte past a heap block, so a
// browser test can check that a real report reaches the console and fails the test that saw it
// (tests/browser/sanitizer_reports.test.mjs). The shipped page has no such export.
#if defined(__has_feature)
#if __has_feature(address_sanitizer)
EMSCRIPTEN_KEEPALIVE int ag_test_heap_overflow(int past_end) {
  char* block = new char[16]();
  const volatile char* at = block + 16 + past_end;
  const int value = *at;
  delete[] block;
  return value;
}
#endif
#endif

}  // extern "C"
