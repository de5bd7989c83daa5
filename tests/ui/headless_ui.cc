#include "tests/ui/headless_ui.h"

#include "core/load/load_path.h"
#include "imgui.h"
#include "ui/widgets/theme.h"
#include "ui/app/view_list.h"
#include "ui/app/views.h"

namespace afterglow::ui::testing {

HeadlessUi::HeadlessUi() : session_(std::make_unique<Session>()) {
  ImGui::CreateContext();
  ImGuiIO& io = ImGui::GetIO();
  io.IniFilename = nullptr;
  io.DisplaySize = ImVec2(1600, 1000);
  io.DeltaTime = 1.0f / 60.0f;
  ApplyTheme(1.0f);
  // The page's renderer uploads the atlas; here building it is enough for NewFrame.
  unsigned char* pixels = nullptr;
  int width = 0, height = 0;
  io.Fonts->GetTexDataAsRGBA32(&pixels, &width, &height);
  state_.session = session_.get();
}

HeadlessUi::~HeadlessUi() { ImGui::DestroyContext(); }

std::string HeadlessUi::Load(const std::string& path) {
  std::string error;
  state_.status = LoadStatus::kLoading;
  if (!LoadPath(*session_, path, &error)) {
    state_.status = LoadStatus::kError;
    state_.error = error;
    return error.empty() ? "load failed" : error;
  }
  state_.status = LoadStatus::kReady;
  RefreshModels(state_);
  return "";
}

void HeadlessUi::MouseAt(float x, float y) {
  mouse_x_ = x;
  mouse_y_ = y;
}

void HeadlessUi::Draw(int frames) {
  for (int i = 0; i < frames; ++i) {
    ImGuiIO& io = ImGui::GetIO();
    io.MousePos = ImVec2(mouse_x_, mouse_y_);  // ImGui 1.86 reads the position directly
    ImGui::NewFrame();
    DrawFrame(state_);
    ImGui::Render();
  }
}

std::string HeadlessUi::DescribeView() const {
  const ViewEntry* view = FindView(state_.route.view);
  if (view == nullptr) return "";
  JsonWriter out;
  out.BeginObject();
  view->describe(state_, out);
  out.EndObject();
  return out.Take();
}

}  // namespace afterglow::ui::testing
