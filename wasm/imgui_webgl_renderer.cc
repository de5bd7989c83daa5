// See imgui_webgl_renderer.h. Facts this file relies on, from Dear ImGui's imgui.h: a draw list's
// commands index its own vertex buffer with ImDrawIdx (16-bit here), starting at the command's
// VtxOffset/IdxOffset; ClipRect is in ImGui's display coordinates (offset by DisplayPos, scaled by
// FramebufferScale); colours are straight (not premultiplied) alpha; the font atlas is RGBA8 with
// its texture name stored as ImTextureID; ImDrawCallback_ResetRenderState asks the renderer to set
// its state again.
#include "wasm/imgui_webgl_renderer.h"

#include <GLES3/gl3.h>

#include <cstdint>
#include <cstdio>

namespace afterglow::wasm {
namespace {

// Attribute locations, bound before linking so nothing needs to be looked up.
constexpr GLuint kPositionAttribute = 0;
constexpr GLuint kUvAttribute = 1;
constexpr GLuint kColorAttribute = 2;

// Most of a frame's pixels are solid fills (window, panel, row and bar backgrounds), which ImGui
// draws with the atlas's white pixel as their texture coordinate: colour x white = colour. A
// browser without a GPU rasterises WebGL with SwiftShader on the CPU, where the texture fetch is
// the largest per-pixel cost, so solid triangles skip it. ImGui writes that exact coordinate into
// every vertex of a solid shape, so the comparison is exact; the flag is per triangle (flat).
constexpr const char* kVertexShader = R"(#version 300 es
precision highp float;
uniform mat4 u_projection;
uniform vec2 u_white_uv;
layout(location = 0) in vec2 a_position;
layout(location = 1) in vec2 a_uv;
layout(location = 2) in vec4 a_color;
out vec2 v_uv;
out vec4 v_color;
flat out int v_solid;
void main() {
  v_uv = a_uv;
  v_color = a_color;
  v_solid = a_uv == u_white_uv ? 1 : 0;
  gl_Position = u_projection * vec4(a_position, 0.0, 1.0);
}
)";

constexpr const char* kFragmentShader = R"(#version 300 es
precision mediump float;
uniform sampler2D u_texture;
in vec2 v_uv;
in vec4 v_color;
flat in int v_solid;
layout(location = 0) out vec4 out_color;
void main() {
  if (v_solid == 1) {
    out_color = v_color;
  } else {
    out_color = v_color * texture(u_texture, v_uv);
  }
}
)";

constexpr GLenum kIndexType = sizeof(ImDrawIdx) == 2 ? GL_UNSIGNED_SHORT : GL_UNSIGNED_INT;

// Compiles one shader; 0 (after printing the compiler's log) when it fails. Init-time only: the
// status query is a GL read-back.
GLuint CompileShader(GLenum type, const char* source) {
  const GLuint shader = glCreateShader(type);
  glShaderSource(shader, 1, &source, nullptr);
  glCompileShader(shader);
  GLint compiled = GL_FALSE;
  glGetShaderiv(shader, GL_COMPILE_STATUS, &compiled);
  if (compiled == GL_TRUE) return shader;
  char log[1024] = {};
  glGetShaderInfoLog(shader, sizeof(log), nullptr, log);
  std::fprintf(stderr, "afterglow: the %s shader did not compile: %s\n",
               type == GL_VERTEX_SHADER ? "vertex" : "fragment", log);
  glDeleteShader(shader);
  return 0;
}

// Grows a buffer bound to target to hold at least needed_bytes; its contents are then undefined.
// Half again as much is allocated so that a slowly growing frame does not reallocate each time.
void EnsureCapacity(GLenum target, size_t needed_bytes, size_t& allocated_bytes) {
  if (needed_bytes <= allocated_bytes) return;
  allocated_bytes = needed_bytes + needed_bytes / 2;
  glBufferData(target, static_cast<GLsizeiptr>(allocated_bytes), nullptr, GL_STREAM_DRAW);
}

}  // namespace

bool ImGuiWebGlRenderer::Init() {
  const GLuint vertex_shader = CompileShader(GL_VERTEX_SHADER, kVertexShader);
  const GLuint fragment_shader = CompileShader(GL_FRAGMENT_SHADER, kFragmentShader);
  if (vertex_shader == 0 || fragment_shader == 0) {
    if (vertex_shader != 0) glDeleteShader(vertex_shader);
    if (fragment_shader != 0) glDeleteShader(fragment_shader);
    return false;
  }
  program_ = glCreateProgram();
  glAttachShader(program_, vertex_shader);
  glAttachShader(program_, fragment_shader);
  glLinkProgram(program_);
  glDeleteShader(vertex_shader);  // the program keeps them alive while it needs them
  glDeleteShader(fragment_shader);
  GLint linked = GL_FALSE;
  glGetProgramiv(program_, GL_LINK_STATUS, &linked);
  if (linked != GL_TRUE) {
    char log[1024] = {};
    glGetProgramInfoLog(program_, sizeof(log), nullptr, log);
    std::fprintf(stderr, "afterglow: the ImGui shader program did not link: %s\n", log);
    glDeleteProgram(program_);
    program_ = 0;
    return false;
  }
  projection_location_ = glGetUniformLocation(program_, "u_projection");
  texture_location_ = glGetUniformLocation(program_, "u_texture");
  white_uv_location_ = glGetUniformLocation(program_, "u_white_uv");

  glGenBuffers(1, &vertex_buffer_);
  glGenBuffers(1, &index_buffer_);
  vertex_buffer_bytes_ = 0;
  index_buffer_bytes_ = 0;
  glGenVertexArrays(1, &vertex_array_);
  glBindVertexArray(vertex_array_);
  glEnableVertexAttribArray(kPositionAttribute);
  glEnableVertexAttribArray(kUvAttribute);
  glEnableVertexAttribArray(kColorAttribute);
  glBindVertexArray(0);

  ImGuiIO& io = ImGui::GetIO();
  io.BackendRendererName = "afterglow_webgl2";
  // Vertex offsets cost nothing extra here: the lists share one vertex buffer and the attribute
  // pointers are re-pointed at each list's first vertex anyway (WebGL2 has no base-vertex draw),
  // so a command's VtxOffset is added to the same offset. With the flag, ImGui keeps a list over
  // 64k vertices (a long table) in one list instead of splitting it.
  io.BackendFlags |= ImGuiBackendFlags_RendererHasVtxOffset;
  return true;
}

void ImGuiWebGlRenderer::Shutdown() {
  DestroyFontTexture();
  if (vertex_array_ != 0) glDeleteVertexArrays(1, &vertex_array_);
  if (vertex_buffer_ != 0) glDeleteBuffers(1, &vertex_buffer_);
  if (index_buffer_ != 0) glDeleteBuffers(1, &index_buffer_);
  if (program_ != 0) glDeleteProgram(program_);
  ForgetLostContext();
  ImGuiIO& io = ImGui::GetIO();
  io.BackendRendererName = nullptr;
  io.BackendFlags &= ~ImGuiBackendFlags_RendererHasVtxOffset;
}

void ImGuiWebGlRenderer::ForgetLostContext() {
  program_ = 0;
  projection_location_ = -1;
  texture_location_ = -1;
  white_uv_location_ = -1;
  vertex_array_ = 0;
  vertex_buffer_ = 0;
  index_buffer_ = 0;
  vertex_buffer_bytes_ = 0;
  index_buffer_bytes_ = 0;
  font_texture_ = 0;
  ImGui::GetIO().Fonts->SetTexID(nullptr);
}

void ImGuiWebGlRenderer::NewFrame() {
  if (font_texture_ == 0) CreateFontTexture();
}

void ImGuiWebGlRenderer::CreateFontTexture() {
  ImFontAtlas& atlas = *ImGui::GetIO().Fonts;
  unsigned char* pixels = nullptr;
  int width = 0;
  int height = 0;
  atlas.GetTexDataAsRGBA32(&pixels, &width, &height);  // builds the atlas if needed
  glGenTextures(1, &font_texture_);
  glActiveTexture(GL_TEXTURE0);
  glBindTexture(GL_TEXTURE_2D, font_texture_);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
  glPixelStorei(GL_UNPACK_ALIGNMENT, 4);  // RGBA8 rows are always 4-byte aligned
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, width, height, 0, GL_RGBA, GL_UNSIGNED_BYTE, pixels);
  // The GPU has its copy: free the CPU pixels (1 byte + 4 bytes a texel) before any log is read,
  // so the model reuses them (the wasm heap never shrinks). The glyph tables stay, so text still
  // lays out; a lost context or a new scale rebuilds the pixels in GetTexDataAsRGBA32 above.
  atlas.ClearTexData();
  atlas.SetTexID(reinterpret_cast<ImTextureID>(static_cast<intptr_t>(font_texture_)));
}

void ImGuiWebGlRenderer::DestroyFontTexture() {
  if (font_texture_ != 0) glDeleteTextures(1, &font_texture_);
  font_texture_ = 0;
  ImGui::GetIO().Fonts->SetTexID(nullptr);
}

void ImGuiWebGlRenderer::SetupRenderState(const ImDrawData& draw_data, int framebuffer_width,
                                          int framebuffer_height) {
  glViewport(0, 0, framebuffer_width, framebuffer_height);
  glEnable(GL_BLEND);
  glBlendEquation(GL_FUNC_ADD);
  // Straight alpha: colour blends by source alpha; the drawing buffer's alpha accumulates
  // coverage so it stays opaque over the opaque clear.
  glBlendFuncSeparate(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA, GL_ONE, GL_ONE_MINUS_SRC_ALPHA);
  glDisable(GL_CULL_FACE);
  glDisable(GL_DEPTH_TEST);
  glDisable(GL_STENCIL_TEST);
  glEnable(GL_SCISSOR_TEST);

  // Orthographic projection of ImGui's display rectangle onto clip space, y pointing down.
  const float left = draw_data.DisplayPos.x;
  const float right = draw_data.DisplayPos.x + draw_data.DisplaySize.x;
  const float top = draw_data.DisplayPos.y;
  const float bottom = draw_data.DisplayPos.y + draw_data.DisplaySize.y;
  const float projection[16] = {
      2.0f / (right - left),           0.0f, 0.0f, 0.0f,
      0.0f, 2.0f / (top - bottom),           0.0f, 0.0f,
      0.0f, 0.0f, -1.0f, 0.0f,
      (right + left) / (left - right), (top + bottom) / (bottom - top), 0.0f, 1.0f,
  };
  glUseProgram(program_);
  glUniformMatrix4fv(projection_location_, 1, GL_FALSE, projection);
  glUniform1i(texture_location_, 0);
  const ImVec2 white_uv = ImGui::GetIO().Fonts->TexUvWhitePixel;
  glUniform2f(white_uv_location_, white_uv.x, white_uv.y);
  glActiveTexture(GL_TEXTURE0);

  glBindVertexArray(vertex_array_);
  glBindBuffer(GL_ARRAY_BUFFER, vertex_buffer_);
  glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, index_buffer_);  // recorded in the vertex array
}

void ImGuiWebGlRenderer::UploadDrawData(const ImDrawData& draw_data) {
  const size_t vertex_bytes = static_cast<size_t>(draw_data.TotalVtxCount) * sizeof(ImDrawVert);
  const size_t index_bytes = static_cast<size_t>(draw_data.TotalIdxCount) * sizeof(ImDrawIdx);
  EnsureCapacity(GL_ARRAY_BUFFER, vertex_bytes, vertex_buffer_bytes_);
  EnsureCapacity(GL_ELEMENT_ARRAY_BUFFER, index_bytes, index_buffer_bytes_);
  size_t vertex_offset = 0;
  size_t index_offset = 0;
  for (int n = 0; n < draw_data.CmdListsCount; ++n) {
    const ImDrawList& list = *draw_data.CmdLists[n];
    const size_t list_vertex_bytes = static_cast<size_t>(list.VtxBuffer.Size) * sizeof(ImDrawVert);
    const size_t list_index_bytes = static_cast<size_t>(list.IdxBuffer.Size) * sizeof(ImDrawIdx);
    glBufferSubData(GL_ARRAY_BUFFER, static_cast<GLintptr>(vertex_offset),
                    static_cast<GLsizeiptr>(list_vertex_bytes), list.VtxBuffer.Data);
    glBufferSubData(GL_ELEMENT_ARRAY_BUFFER, static_cast<GLintptr>(index_offset),
                    static_cast<GLsizeiptr>(list_index_bytes), list.IdxBuffer.Data);
    vertex_offset += list_vertex_bytes;
    index_offset += list_index_bytes;
  }
}

void ImGuiWebGlRenderer::PointAttributesAt(size_t first_vertex) {
  const size_t base = first_vertex * sizeof(ImDrawVert);
  const GLsizei stride = sizeof(ImDrawVert);
  glVertexAttribPointer(kPositionAttribute, 2, GL_FLOAT, GL_FALSE, stride,
                        reinterpret_cast<const void*>(base + offsetof(ImDrawVert, pos)));
  glVertexAttribPointer(kUvAttribute, 2, GL_FLOAT, GL_FALSE, stride,
                        reinterpret_cast<const void*>(base + offsetof(ImDrawVert, uv)));
  glVertexAttribPointer(kColorAttribute, 4, GL_UNSIGNED_BYTE, GL_TRUE, stride,
                        reinterpret_cast<const void*>(base + offsetof(ImDrawVert, col)));
}

void ImGuiWebGlRenderer::Render(const ImDrawData& draw_data, int framebuffer_width,
                                int framebuffer_height, const ImVec4& clear_color) {
  if (framebuffer_width <= 0 || framebuffer_height <= 0 || program_ == 0) return;
  // The clear ignores the scissor only when the scissor test is off; Render leaves it off.
  glViewport(0, 0, framebuffer_width, framebuffer_height);
  glClearColor(clear_color.x, clear_color.y, clear_color.z, 1.0f);
  glClear(GL_COLOR_BUFFER_BIT);
  if (draw_data.TotalVtxCount > 0 && draw_data.DisplaySize.x > 0 && draw_data.DisplaySize.y > 0) {
    SetupRenderState(draw_data, framebuffer_width, framebuffer_height);
    UploadDrawData(draw_data);

    const ImVec2 clip_offset = draw_data.DisplayPos;
    const ImVec2 clip_scale = draw_data.FramebufferScale;
    // What this frame last set, so that unchanged state is not sent again; reset after a user
    // callback, which may change anything.
    constexpr size_t kUnknown = ~size_t{0};
    ImTextureID bound_texture = nullptr;
    bool texture_known = false;
    size_t pointed_vertex = kUnknown;
    size_t list_first_vertex = 0;
    size_t list_first_index = 0;
    for (int n = 0; n < draw_data.CmdListsCount; ++n) {
      const ImDrawList& list = *draw_data.CmdLists[n];
      for (const ImDrawCmd& command : list.CmdBuffer) {
        if (command.UserCallback != nullptr) {
          if (command.UserCallback == ImDrawCallback_ResetRenderState) {
            SetupRenderState(draw_data, framebuffer_width, framebuffer_height);
          } else {
            command.UserCallback(&list, &command);
          }
          texture_known = false;
          pointed_vertex = kUnknown;
          continue;
        }
        const float min_x = (command.ClipRect.x - clip_offset.x) * clip_scale.x;
        const float min_y = (command.ClipRect.y - clip_offset.y) * clip_scale.y;
        const float max_x = (command.ClipRect.z - clip_offset.x) * clip_scale.x;
        const float max_y = (command.ClipRect.w - clip_offset.y) * clip_scale.y;
        if (max_x <= min_x || max_y <= min_y || command.ElemCount == 0) continue;
        // GL's scissor origin is the bottom left corner.
        glScissor(static_cast<GLint>(min_x), static_cast<GLint>(framebuffer_height - max_y),
                  static_cast<GLsizei>(max_x - min_x), static_cast<GLsizei>(max_y - min_y));
        const ImTextureID texture = command.GetTexID();
        if (!texture_known || texture != bound_texture) {
          glBindTexture(GL_TEXTURE_2D,
                        static_cast<GLuint>(reinterpret_cast<intptr_t>(texture)));
          bound_texture = texture;
          texture_known = true;
        }
        const size_t first_vertex = list_first_vertex + command.VtxOffset;
        if (first_vertex != pointed_vertex) {
          PointAttributesAt(first_vertex);
          pointed_vertex = first_vertex;
        }
        const size_t first_index_byte = (list_first_index + command.IdxOffset) * sizeof(ImDrawIdx);
        glDrawElements(GL_TRIANGLES, static_cast<GLsizei>(command.ElemCount), kIndexType,
                       reinterpret_cast<const void*>(first_index_byte));
      }
      list_first_vertex += static_cast<size_t>(list.VtxBuffer.Size);
      list_first_index += static_cast<size_t>(list.IdxBuffer.Size);
    }
  }
  glDisable(GL_SCISSOR_TEST);  // the resting state: the next frame's clear covers everything
}

}  // namespace afterglow::wasm
