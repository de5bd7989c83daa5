# Copies the page's own files (SITE_FILES, comma-separated, from WEB_SRC) into WEB_OUT and writes
# WEB_OUT/afterglow-standalone.html: index.html with the stylesheet, the single-file module
# (SINGLE_JS, wasm embedded) and the page scripts inlined, so one file works from file://.
string(REPLACE "," ";" site_files "${SITE_FILES}")
foreach(f ${site_files})
  configure_file(${WEB_SRC}/${f} ${WEB_OUT}/${f} COPYONLY)
endforeach()

file(READ ${WEB_SRC}/index.html page)
file(READ ${WEB_SRC}/afterglow.css css)
file(READ ${SINGLE_JS} module_js)
file(READ ${WEB_SRC}/afterglow-page.js page_js)
file(READ ${WEB_SRC}/afterglow-share.js share_js)

# Text inside <script> must not close the element early.
foreach(js module_js page_js share_js)
  string(FIND "${${js}}" "</script" closing)
  if(NOT closing EQUAL -1)
    string(REPLACE "</script" "<\\/script" ${js} "${${js}}")
  endif()
endforeach()

function(inline tag replacement)
  string(FIND "${page}" "${tag}" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "web/index.html lost the line ${tag}; make_site.cmake inlines it")
  endif()
  string(REPLACE "${tag}" "${replacement}" page "${page}")
  set(page "${page}" PARENT_SCOPE)
endfunction()

# string(REPLACE) takes the replacement literally, so the embedded text needs no escaping.
inline("<link rel=\"stylesheet\" href=\"afterglow.css\">" "<style>\n${css}</style>")
inline("<script src=\"afterglow.js\"></script>" "<script>\n${module_js}</script>")
inline("<script src=\"afterglow-page.js\"></script>" "<script>\n${page_js}</script>")
inline("<script src=\"afterglow-share.js\"></script>" "<script>\n${share_js}</script>")
file(WRITE ${WEB_OUT}/afterglow-standalone.html "${page}")
