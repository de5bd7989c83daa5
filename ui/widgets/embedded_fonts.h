// The UI's fonts, compiled into the binary by ui/embed_fonts.cmake (the page loads no files).
#pragma once

#include <cstddef>

namespace afterglow::ui {

struct EmbeddedFont {
  const unsigned char* data;  // static storage; never freed
  size_t size;                // 0 when the build found no font: use ImGui's built-in one
};

EmbeddedFont RegularFont();
EmbeddedFont BoldFont();
EmbeddedFont MonoFont();  // fixed width, for plan text and ids

}  // namespace afterglow::ui
