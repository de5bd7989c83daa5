// The page's window and frame loop: a GLFW window on the #canvas element with a WebGL2 context,
// Dear ImGui drawn once per animation frame. The UI works in device pixels: the canvas backing
// store is its CSS size times devicePixelRatio, and fonts and sizes are scaled by the same
// ratio, so text is rasterised for the screen rather than magnified.
#include <emscripten/emscripten.h>
#include <emscripten/html5.h>

#define GLFW_INCLUDE_ES3
#include <GLFW/glfw3.h>

#include <cmath>
#include <cstdio>

#include "imgui.h"
#include "imgui_impl_glfw.h"
#include "imgui_impl_opengl3.h"
#include "ui/theme.h"
#include "ui/views.h"
#include "wasm/page.h"

namespace afterglow::wasm {
namespace {

constexpr const char* kCanvasSelector = "#canvas";

GLFWwindow* g_window = nullptr;
float g_font_scale = 0;  // the devicePixelRatio the fonts were last built for

// ui/ asks for the file or folder dialog; the page's script owns the <input type="file">s.
EM_JS(void, JsOpenFilePicker, (), {
  if (Module["afterglowOpenFilePicker"]) Module["afterglowOpenFilePicker"]();
});

EM_JS(void, JsOpenFolderPicker, (), {
  if (Module["afterglowOpenFolderPicker"]) Module["afterglowOpenFolderPicker"]();
});

// Mirrors a route chosen in the UI into the URL, so back and forward walk the views.
EM_JS(void, JsRouteChanged, (const char* route), {
  if (Module["afterglowRouteChanged"]) Module["afterglowRouteChanged"](UTF8ToString(route));
});

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
    ImGui_ImplOpenGL3_DestroyFontsTexture();
    ImGui_ImplOpenGL3_CreateFontsTexture();
  }
}

void Frame() {
  Page& page = ThePage();
  if (JsTakeWakeups()) page.RequestRedraw();
  if (page.frames_to_draw <= 0) return;
  --page.frames_to_draw;

  MatchCanvasToScreen();
  ImGui_ImplOpenGL3_NewFrame();
  ImGui_ImplGlfw_NewFrame();
  // GLFW's idea of the window size is stale (see above); the canvas is the truth. Mouse
  // coordinates already arrive in backing-store pixels (Emscripten scales them).
  ImGuiIO& io = ImGui::GetIO();
  io.DisplaySize = ImVec2(static_cast<float>(g_width), static_cast<float>(g_height));
  io.DisplayFramebufferScale = ImVec2(1, 1);
  ImGui::NewFrame();
  ui::DrawFrame(page.state);
  ImGui::Render();

  glViewport(0, 0, g_width, g_height);
  const ImVec4 clear = ImGui::GetStyleColorVec4(ImGuiCol_WindowBg);
  glClearColor(clear.x, clear.y, clear.z, 1.0f);
  glClear(GL_COLOR_BUFFER_BIT);
  ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
}

}  // namespace
}  // namespace afterglow::wasm

int main() {
  using namespace afterglow::wasm;
  if (!glfwInit()) {
    std::fprintf(stderr, "afterglow: could not initialise GLFW\n");
    return 1;
  }
  glfwWindowHint(GLFW_CLIENT_API, GLFW_OPENGL_ES_API);  // makes Emscripten's GLFW create WebGL
  glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);        // WebGL2 (GLSL ES 3.00)
  g_window = glfwCreateWindow(1280, 800, "Afterglow", nullptr, nullptr);
  if (g_window == nullptr) {
    std::fprintf(stderr, "afterglow: this browser could not create a WebGL2 context\n");
    return 1;
  }
  glfwMakeContextCurrent(g_window);

  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  ImGuiIO& io = ImGui::GetIO();
  io.IniFilename = nullptr;  // no file system: window layout is not persisted
  io.ConfigFlags |= ImGuiConfigFlags_NavEnableKeyboard;
  ImGui_ImplGlfw_InitForOpenGL(g_window, true);
  glfwSetScrollCallback(g_window, OnScroll);  // replaces the backend's unscaled handler
  ImGui_ImplOpenGL3_Init("#version 300 es");

  afterglow::ui::AppState& state = ThePage().state;
  state.hooks.open_file_picker = [] { JsOpenFilePicker(); };
  state.hooks.open_folder_picker = [] { JsOpenFolderPicker(); };
  state.hooks.route_changed = [](const char* route) { JsRouteChanged(route); };

  JsInstallWakeListeners();
  emscripten_set_main_loop(Frame, 0, false);
  return 0;
}
