// The page's "Save analysis" (web/ calls these; core/share/share_job.h does the work, as
// `afterglow report` does natively). A save is:
//   ag_share_begin(redact, route)
//   when redacting, pass 0 over every file: ag_share_file_begin(name, size, codec, 0), then per
//     slice ag_chunk_buffer(n) + copy + ag_share_push(n), then ag_share_file_end()
//   pass 1 over every file, the same way
//   ag_share_template(n) with the single-file viewer's html in the chunk buffer
//   ag_share_finish(); the page then copies ag_share_output_size() bytes at ag_share_output()
//   and reads ag_share_summary(); ag_share_end() frees everything
// Files arrive as stored (compressed or not). Every function returning int gives 0 on success;
// a failure is non-zero, with the message in ag_share_error(). Returned strings stay valid until
// the next call of the same function.
#include <emscripten/emscripten.h>

#include <cstdint>
#include <memory>
#include <string>

#include "core/base/read_padding.h"
#include "core/share/share_job.h"
#include "wasm/page.h"

namespace {

struct ShareState {
  std::unique_ptr<afterglow::share::ShareJob> job;
  std::string template_html;
  std::string error;
  std::string summary;
};

ShareState& TheShare() {
  static ShareState share;
  return share;
}

int Failed(std::string message) {
  TheShare().error = std::move(message);
  return 1;
}

int FromJob() {
  ShareState& share = TheShare();
  return Failed(share.job ? share.job->error() : "no save is under way (ag_share_begin first)");
}

}  // namespace

extern "C" {

EMSCRIPTEN_KEEPALIVE int ag_share_begin(int redact, const char* route) {
  ShareState& share = TheShare();
  share.job = std::make_unique<afterglow::share::ShareJob>(redact != 0, route ? route : "#/overview");
  share.template_html.clear();
  share.error.clear();
  share.summary.clear();
  return 0;
}

EMSCRIPTEN_KEEPALIVE void ag_share_file_begin(const char* name, double size, const char* codec,
                                              int pass) {
  ShareState& share = TheShare();
  if (!share.job) return;
  if (!share.job->BeginFile(name ? name : "", static_cast<uint64_t>(size), codec ? codec : "", pass)) {
    share.error = share.job->error();
  }
}

// The first `size` bytes of the chunk buffer (ag_chunk_buffer) are the file's next stored bytes.
EMSCRIPTEN_KEEPALIVE int ag_share_push(uint32_t size) {
  ShareState& share = TheShare();
  afterglow::wasm::Page& page = afterglow::wasm::ThePage();
  if (!share.job) return FromJob();
  if (static_cast<size_t>(size) + afterglow::kReadPadding > page.chunk.size()) {
    return Failed("ag_share_push: more bytes than the chunk buffer holds");
  }
  return share.job->Push(page.chunk.data(), size) ? 0 : FromJob();
}

EMSCRIPTEN_KEEPALIVE int ag_share_file_end() {
  ShareState& share = TheShare();
  if (!share.job) return FromJob();
  return share.job->EndFile() ? 0 : FromJob();
}

EMSCRIPTEN_KEEPALIVE int ag_share_template(uint32_t size) {
  ShareState& share = TheShare();
  afterglow::wasm::Page& page = afterglow::wasm::ThePage();
  if (!share.job) return FromJob();
  if (size > page.chunk.size()) return Failed("ag_share_template: more bytes than the chunk buffer holds");
  share.template_html.assign(reinterpret_cast<const char*>(page.chunk.data()), size);
  return 0;
}

EMSCRIPTEN_KEEPALIVE int ag_share_finish() {
  ShareState& share = TheShare();
  if (!share.job) return FromJob();
  if (share.template_html.empty()) return Failed("ag_share_finish: no viewer page (ag_share_template first)");
  const bool ok = share.job->Finish(share.template_html);
  std::string().swap(share.template_html);  // the page holds it; only the output stays here
  return ok ? 0 : FromJob();
}

// The finished page's bytes in the wasm heap (read with >>> 0: the heap may pass 2 GB).
EMSCRIPTEN_KEEPALIVE uintptr_t ag_share_output() {
  const ShareState& share = TheShare();
  return share.job ? reinterpret_cast<uintptr_t>(share.job->html().data()) : 0;
}

EMSCRIPTEN_KEEPALIVE double ag_share_output_size() {
  const ShareState& share = TheShare();
  return share.job ? static_cast<double>(share.job->html().size()) : 0;
}

EMSCRIPTEN_KEEPALIVE const char* ag_share_summary() {
  ShareState& share = TheShare();
  share.summary = share.job ? share.job->SummaryJson() : "{}";
  return share.summary.c_str();
}

EMSCRIPTEN_KEEPALIVE const char* ag_share_error() { return TheShare().error.c_str(); }

EMSCRIPTEN_KEEPALIVE void ag_share_end() {
  ShareState& share = TheShare();
  share.job.reset();
  std::string().swap(share.template_html);
  std::string().swap(share.summary);
}

}  // extern "C"
