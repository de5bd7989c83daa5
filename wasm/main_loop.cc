// The page's window and frame loop: a GLFW window on the #canvas element with a WebGL2 context,
// Dear ImGui drawn once per animation frame (only when something may have changed). Also the
// browser services ImGui needs: the clipboard, the theme the user chose, and surviving a lost
// WebGL context. The UI works in device pixels: the canvas backing
// store is its CSS size times devicePixelRatio, and fonts and sizes are scaled by the same
// ratio, so text is rasterised for the screen rather than magnified.
#include <emscripten/emscripten.h>
#include <emscripten/html5.h>

#define GLFW_INCLUDE_ES3
#include <GLFW/glfw3.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "imgui.h"
#include "imgui_impl_glfw.h"
#include "ui/app/route.h"
#include "ui/widgets/theme.h"
#include "ui/app/views.h"
#include "ui/pages/compare/compare_steps.h"
#include "wasm/imgui_webgl_renderer.h"
#include "wasm/page.h"

namespace afterglow::wasm {
namespace {

constexpr const char* kCanvasSelector = "#canvas";

GLFWwindow* g_window = nullptr;
// Draws ImGui's output. Our own rather than ImGui's OpenGL3 backend, which reads GL state back
// (a GPU round trip each) in every frame; see imgui_webgl_renderer.h.
ImGuiWebGlRenderer g_renderer;
float g_font_scale = 0;  // the devicePixelRatio the fonts were last built for

// ui/ asks for the file or folder dialog; the page's script owns the <input type="file">s.
EM_JS(void, JsOpenFilePicker, (), {
  if (Module["afterglowOpenFilePicker"]) Module["afterglowOpenFilePicker"]();
});

EM_JS(void, JsOpenFolderPicker, (), {
  if (Module["afterglowOpenFolderPicker"]) Module["afterglowOpenFolderPicker"]();
});

// The header's "Save analysis..." opens the page's dialog (web/afterglow-share.js).
EM_JS(void, JsSaveAnalysis, (), {
  if (Module["afterglowSaveAnalysis"]) Module["afterglowSaveAnalysis"]();
});

// "Compare with..." asks the page for another log to open beside the loaded ones.
EM_JS(void, JsCompareWith, (), {
  if (Module["afterglowCompareWith"]) Module["afterglowCompareWith"]();
});

// An executor's log link opens in a new tab, without giving that page a handle on this one.
EM_JS(void, JsOpenUrl, (const char* url), {
  window.open(UTF8ToString(url), "_blank", "noopener");
});

// "Download (zip)" on the overview: web/afterglow-logs-zip.js zips the log's files.
EM_JS(void, JsSaveLogsZip, (const char* log_name, const char* zip_name), {
  if (Module["afterglowSaveLogsZip"]) {
    Module["afterglowSaveLogsZip"](UTF8ToString(log_name), UTF8ToString(zip_name));
  }
});

// Mirrors a route chosen in the UI into the URL, so back and forward walk the views.
EM_JS(void, JsRouteChanged, (const char* route), {
  if (Module["afterglowRouteChanged"]) Module["afterglowRouteChanged"](UTF8ToString(route));
});

// ImGui's "Copy" reaches the browser's clipboard. Runs in the frame after the click, well within
// the click's transient user activation, which navigator.clipboard.writeText requires. Without the
// async clipboard (an insecure origin) a hidden textarea and execCommand do the same.
// clang-format off
EM_JS(void, JsWriteClipboard, (const char* text), {
  const value = UTF8ToString(text);
  const fallback = function() {
    const area = document.createElement("textarea");
    area.value = value;
    area.setAttribute("readonly", "");
    area.style.position = "fixed";
    area.style.left = "-10000px";
    document.body.appendChild(area);
    area.select();
    try { document.execCommand("copy"); } catch (e) {}
    document.body.removeChild(area);
    const canvas = document.getElementById("canvas");
    if (canvas) canvas.focus();
  };
  if (navigator.clipboard && navigator.clipboard.writeText) {
    navigator.clipboard.writeText(value).catch(fallback);
  } else {
    fallback();
  }
});

// The theme to start in: the user's stored choice, else the system's (web/afterglow-page.js).
EM_JS(int, JsInitialThemeIsLight, (), {
  return Module["afterglowInitialTheme"] === "light" ? 1 : 0;
});

EM_JS(void, JsThemeChanged, (int light), {
  if (Module["afterglowThemeChanged"]) Module["afterglowThemeChanged"](light ? "light" : "dark");
});
// clang-format on

// Counts input and window events, so a frame is drawn only when something may have changed.
// Listeners are passive and on the capture phase: they never delay or alter GLFW's handling.
// clang-format off
EM_JS(void, JsInstallWakeListeners, (), {
  Module["afterglowWakeups"] = 1;
  const wake = function() { Module["afterglowWakeups"]++; };
  ["mousemove", "mousedown", "mouseup", "wheel", "keydown", "keyup", "touchstart", "touchmove",
   "touchend", "resize", "focus", "blur", "hashchange", "visibilitychange"].forEach(function(type) {
    window.addEventListener(type, wake, {capture: true, passive: true});
  });
});
// clang-format on

// True when events arrived since the last call.
EM_JS(int, JsTakeWakeups, (), {
  const woke = Module["afterglowWakeups"] > 0;
  Module["afterglowWakeups"] = 0;
  return woke ? 1 : 0;
});

// Browsers report wheel movement in pixels (about 100 per notch) with "down" positive; ImGui
// wants notches with "up" positive. Emscripten's GLFW passes the raw DOM deltas through.
void OnScroll(GLFWwindow* window, double dx, double dy) {
  ImGui_ImplGlfw_ScrollCallback(window, -dx / 100.0, -dy / 100.0);
}

// The canvas backing store in device pixels; ImGui's display size follows it.
int g_width = 0;
int g_height = 0;

// Keeps the canvas backing store at CSS size x devicePixelRatio and the fonts at that ratio.
// The canvas is resized directly, not with glfwSetWindowSize: Emscripten's GLFW treats a size
// equal to the screen's as a request for full screen (and pointer lock).
void MatchCanvasToScreen() {
  double css_width = 0, css_height = 0;
  emscripten_get_element_css_size(kCanvasSelector, &css_width, &css_height);
  const double ratio = emscripten_get_device_pixel_ratio();
  const int width = static_cast<int>(std::lround(css_width * ratio));
  const int height = static_cast<int>(std::lround(css_height * ratio));
  if (width > 0 && height > 0 && (width != g_width || height != g_height)) {
    emscripten_set_canvas_element_size(kCanvasSelector, width, height);
    g_width = width;
    g_height = height;
  }
  if (static_cast<float>(ratio) != g_font_scale) {
    g_font_scale = static_cast<float>(ratio);
    ui::ApplyTheme(g_font_scale);
    g_renderer.DestroyFontTexture();  // NewFrame() creates it again from the new atlas
  }
}

// ImGui's clipboard: what the page last copied (reading the browser's clipboard is asynchronous
// and needs a permission, so pasting inside the page pastes the page's own last copy).
std::string g_clipboard;

void SetClipboard(void*, const char* text) {
  g_clipboard = text;
  JsWriteClipboard(text);
}

const char* GetClipboard(void*) { return g_clipboard.c_str(); }

// Counts ImGui's allocations, so a test can check that an unchanged frame allocates nothing.
void* CountedAlloc(size_t size, void*) {
  ++ThePage().imgui_allocations;
  return std::malloc(size);
}

void CountedFree(void* pointer, void*) { std::free(pointer); }

// A lost WebGL context (GPU reset, too many contexts, WEBGL_lose_context): stop drawing, and let
// the browser restore it (returning true prevents the default, which would forbid restoring).
EM_BOOL OnContextLost(int, const void*, void*) {
  ThePage().context_lost = true;
  return EM_TRUE;
}

// Every GL object died with the old context: the renderer forgets their names and creates its
// shaders and buffers again, and the font texture before the next frame.
EM_BOOL OnContextRestored(int, const void*, void*) {
  Page& page = ThePage();
  g_renderer.ForgetLostContext();
  if (!g_renderer.Init()) return EM_TRUE;  // stays marked lost: nothing can be drawn
  page.context_lost = false;
  page.RequestRedraw();
  return EM_TRUE;
}

// Mid-load, once the user browses the partial results, the view models may lag the session (the
// pump feeds chunks between frames). They are rebuilt at most every kRefreshIntervalMs; a frame
// that would draw stale models is skipped and tried again at the next animation frame.
bool ModelsReadyToDraw(Page& page) {
  const ui::AppState& state = page.state;
  if (state.status != ui::LoadStatus::kLoading || !state.views_while_loading ||
      !page.models_stale) {
    return true;
  }
  const double now = emscripten_get_now();
  if (now - page.last_refresh_ms < kRefreshIntervalMs) return false;
  RefreshModelsNow(page, now);
  return true;
}

// The longest frame drawn since ag_take_longest_frame_ms last read it (the page's load profile).
double g_longest_frame_ms = 0;
// The time spent drawing frames since ag_take_drawn_ms last read it: the page's pump gives the
// work after a drawn frame only what that frame left of a frame gap.
double g_drawn_ms = 0;

// What a mid-load frame's list models were built for: the section on screen, and whether the
// routed views (not the loading view) are shown. RefreshModels builds mid-load only the section on
// screen (ui/app/app_state.cc), so a click on another tab leaves its models as they were.
struct ShownModels {
  ui::ViewId section;
  bool views_while_loading;
  bool operator==(const ShownModels&) const = default;
};

ShownModels Shown(const ui::AppState& state) {
  return {ui::SectionOf(state.route.view), state.views_while_loading};
}

// One ImGui frame of the UI, not yet rendered.
void BuildImGuiFrame(Page& page) {
  g_renderer.NewFrame();
  ImGui_ImplGlfw_NewFrame();
  // GLFW's idea of the window size is stale (see above); the canvas is the truth. Mouse
  // coordinates already arrive in backing-store pixels (Emscripten scales them).
  ImGuiIO& io = ImGui::GetIO();
  io.DisplaySize = ImVec2(static_cast<float>(g_width), static_cast<float>(g_height));
  io.DisplayFramebufferScale = ImVec2(1, 1);
  // A frame built again at once (below) has no time between; ImGui needs some.
  io.DeltaTime = std::max(io.DeltaTime, 1e-4f);
  ImGui::NewFrame();
  ui::DrawFrame(page.state);
  ImGui::Render();
}

// The task moves of the executor what-if run before a frame (about 10 ms of wasm on a quiet
// machine): the estimates of a big log fill in over frames instead of blocking one.
constexpr uint64_t kWhatIfMovesPerFrame = 32 * 1024;

void Frame() {
  Page& page = ThePage();
  if (JsTakeWakeups()) page.RequestRedraw();
  if (page.state.status == ui::LoadStatus::kReady && !page.state.time.what_if_done()) {
    ui::StepTimeWhatIf(page.state, kWhatIfMovesPerFrame);
    page.RequestRedraw();  // the curve grows: draw it
  }
  // The comparison is built in steps too (ui/pages/compare/compare_steps.h), a step a frame.
  if (page.state.compare.building) {
    ui::StepCompareBuild(page.state, ui::kCompareStepTasks);
    page.RequestRedraw();
  }
  if (page.frames_to_draw <= 0 || page.context_lost) return;
  if (!ModelsReadyToDraw(page)) return;
  const double start_ms = emscripten_get_now();
  --page.frames_to_draw;
  ++page.frames_drawn;

  MatchCanvasToScreen();
  const ShownModels before = Shown(page.state);
  BuildImGuiFrame(page);
  // A click on a tab mid-load switched the view inside this frame, which then drew the new
  // view from models built for the old one ("0 jobs" for a frame, or until the next refresh):
  // the models are rebuilt for the new view and the frame built again, and only that one shown.
  const ui::AppState& state = page.state;
  if (page.finishing && !(Shown(state) == before)) {
    // The final models are being built, a step per pump task: the new section's come next.
    page.final_build.PutSectionFirst(ui::SectionOf(state.route.view));
  } else if (state.status == ui::LoadStatus::kLoading && state.views_while_loading &&
             !(Shown(state) == before)) {
    RefreshModelsNow(page, emscripten_get_now());
    BuildImGuiFrame(page);
  }

  g_renderer.Render(*ImGui::GetDrawData(), g_width, g_height,
                    ImGui::GetStyleColorVec4(ImGuiCol_WindowBg));
  const double frame_ms = emscripten_get_now() - start_ms;
  g_longest_frame_ms = std::max(g_longest_frame_ms, frame_ms);
  g_drawn_ms += frame_ms;
}

}  // namespace
}  // namespace afterglow::wasm

// The longest frame drawn since the last call, in ms, and starts over. The page reads it for its
// load profile (web/afterglow-page.js).
extern "C" EMSCRIPTEN_KEEPALIVE double ag_take_longest_frame_ms() {
  const double longest = afterglow::wasm::g_longest_frame_ms;
  afterglow::wasm::g_longest_frame_ms = 0;
  return longest;
}

// The time spent drawing frames since the last call, in ms, and starts over; 0 when none drew.
extern "C" EMSCRIPTEN_KEEPALIVE double ag_take_drawn_ms() {
  const double drawn = afterglow::wasm::g_drawn_ms;
  afterglow::wasm::g_drawn_ms = 0;
  return drawn;
}

int main() {
  using namespace afterglow::wasm;
  if (!glfwInit()) {
    std::fprintf(stderr, "afterglow: could not initialise GLFW\n");
    return 1;
  }
  glfwWindowHint(GLFW_CLIENT_API, GLFW_OPENGL_ES_API);  // makes Emscripten's GLFW create WebGL
  glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);        // WebGL2 (GLSL ES 3.00)
  // ImGui draws with neither depth nor stencil; without them the browser allocates and clears
  // (every frame, since the drawing buffer is not preserved) only the colour buffer.
  glfwWindowHint(GLFW_DEPTH_BITS, 0);
  glfwWindowHint(GLFW_STENCIL_BITS, 0);
  g_window = glfwCreateWindow(1280, 800, "Afterglow", nullptr, nullptr);
  if (g_window == nullptr) {
    std::fprintf(stderr, "afterglow: this browser could not create a WebGL2 context\n");
    return 1;
  }
  glfwMakeContextCurrent(g_window);

  IMGUI_CHECKVERSION();
  ImGui::SetAllocatorFunctions(CountedAlloc, CountedFree);
  ImGui::CreateContext();
  ImGuiIO& io = ImGui::GetIO();
  io.IniFilename = nullptr;  // no file system: window layout is not persisted
  // No ImGui keyboard navigation: arrows and Enter drive the views' tables (ui/app/keyboard.h), and
  // Tab still moves between text boxes.
  ImGui_ImplGlfw_InitForOpenGL(g_window, true);
  glfwSetScrollCallback(g_window, OnScroll);  // replaces the backend's unscaled handler
  io.SetClipboardTextFn = SetClipboard;        // replaces GLFW's, which keeps text to itself
  io.GetClipboardTextFn = GetClipboard;
  io.ClipboardUserData = nullptr;
  if (!g_renderer.Init()) {
    std::fprintf(stderr, "afterglow: could not create the WebGL2 renderer\n");
    return 1;
  }
  emscripten_set_webglcontextlost_callback(kCanvasSelector, nullptr, false, OnContextLost);
  emscripten_set_webglcontextrestored_callback(kCanvasSelector, nullptr, false, OnContextRestored);
  afterglow::ui::SetThemeMode(JsInitialThemeIsLight() ? afterglow::ui::ThemeMode::kLight
                                                      : afterglow::ui::ThemeMode::kDark);

  afterglow::ui::AppState& state = ThePage().state;
  state.hooks.open_file_picker = [] { JsOpenFilePicker(); };
  state.hooks.open_folder_picker = [] { JsOpenFolderPicker(); };
  state.hooks.route_changed = [](const char* route) { JsRouteChanged(route); };
  state.hooks.theme_changed = [](bool light) { JsThemeChanged(light ? 1 : 0); };
  state.hooks.save_analysis = [] { JsSaveAnalysis(); };
  state.hooks.compare_with = [] { JsCompareWith(); };
  state.hooks.open_url = [](const char* url) { JsOpenUrl(url); };
  state.hooks.save_logs_zip = [](const char* log_name, const char* zip_name) {
    JsSaveLogsZip(log_name, zip_name);
  };

  JsInstallWakeListeners();
  emscripten_set_main_loop(Frame, 0, false);
  return 0;
}
