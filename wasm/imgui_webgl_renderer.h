// Draws Dear ImGui's draw lists with WebGL2. It replaces ImGui's OpenGL3 backend, which saves and
// restores a dozen pieces of GL state around every render with glGet* calls; in the browser each
// of those is a synchronous round trip to the GPU process (WebGL getParameter) that waits for the
// previous frame, and they dominated the page's frame time. The page owns the whole WebGL context,
// so this renderer never reads GL state back in a frame: it sets every piece of state its draw
// needs, every frame, and leaves the context in a documented resting state (scissor test off).
//
// Lifetime: Init() once the context is current, NewFrame() before each ImGui::NewFrame(),
// Render() after ImGui::Render(). DestroyFontTexture()/NewFrame() rebuild the font texture after
// the atlas changed (a new devicePixelRatio). After a lost-and-restored WebGL context every GL
// object is gone: ForgetLostContext() drops their names without deleting them, then Init().
#pragma once

#include <cstddef>

#include "imgui.h"

namespace afterglow::wasm {

class ImGuiWebGlRenderer {
 public:
  // Compiles the shaders and creates the buffers and vertex array; registers the renderer with
  // ImGui's IO. Returns false (with a message on stderr) when the shaders do not compile or link.
  bool Init();
  // Deletes every GL object and unregisters from ImGui's IO.
  void Shutdown();
  // After a lost context: the GL names are meaningless, so they are dropped, not deleted.
  void ForgetLostContext();

  // Creates the font atlas texture when there is none (the first frame, after
  // DestroyFontTexture(), after a restored context). ImGui::NewFrame() needs the atlas built.
  void NewFrame();
  void DestroyFontTexture();

  // Clears the framebuffer_width x framebuffer_height drawing buffer to clear_color (opaque) and
  // draws draw_data into it.
  void Render(const ImDrawData& draw_data, int framebuffer_width, int framebuffer_height,
              const ImVec4& clear_color);

 private:
  void CreateFontTexture();
  // Blend, cull, depth, stencil, scissor, viewport, program, projection, texture unit, VAO and
  // buffers: everything the draw calls depend on. Also what ImDrawCallback_ResetRenderState asks.
  void SetupRenderState(const ImDrawData& draw_data, int framebuffer_width,
                        int framebuffer_height);
  // Uploads every list's vertices and indices, one after another, into one vertex buffer and one
  // index buffer (grown when a frame needs more, never shrunk).
  void UploadDrawData(const ImDrawData& draw_data);
  // Points the vertex attributes at the vertex with index first_vertex in the vertex buffer.
  void PointAttributesAt(size_t first_vertex);

  unsigned program_ = 0;
  int projection_location_ = -1;
  int texture_location_ = -1;
  int white_uv_location_ = -1;  // the atlas's white pixel: triangles with it skip the texture
  unsigned vertex_array_ = 0;
  unsigned vertex_buffer_ = 0;
  unsigned index_buffer_ = 0;
  size_t vertex_buffer_bytes_ = 0;  // allocated size of vertex_buffer_ on the GPU
  size_t index_buffer_bytes_ = 0;
  unsigned font_texture_ = 0;
};

}  // namespace afterglow::wasm
