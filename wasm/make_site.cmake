# Copies the page's own files (SITE_FILES, comma-separated, from WEB_SRC) into WEB_OUT and writes
# WEB_OUT/afterglow-standalone.html: index.html with the stylesheet, the module (WEB_OUT/afterglow.js),
# the page scripts and the reader worker's source inlined, and WEB_OUT/afterglow.wasm as base64 in a data element that
# afterglow-page.js hands to the module (Module.wasmBinary), so one file works from file://.
# NODE runs BASE64_SCRIPT to write the base64 text to WASM_BASE64.
string(REPLACE "," ";" site_files "${SITE_FILES}")
foreach(f ${site_files})
  configure_file(${WEB_SRC}/${f} ${WEB_OUT}/${f} COPYONLY)
endforeach()

file(READ ${WEB_SRC}/index.html page)
file(READ ${WEB_SRC}/afterglow.css css)
file(READ ${WEB_OUT}/afterglow.js module_js)
execute_process(COMMAND ${NODE} ${BASE64_SCRIPT} ${WEB_OUT}/afterglow.wasm ${WASM_BASE64}
                RESULT_VARIABLE base64_status)
if(NOT base64_status EQUAL 0)
  message(FATAL_ERROR "could not write the base64 of ${WEB_OUT}/afterglow.wasm: ${base64_status}")
endif()
file(READ ${WASM_BASE64} wasm_base64)
file(READ ${WEB_SRC}/afterglow-page.js page_js)
file(READ ${WEB_SRC}/afterglow-share.js share_js)
file(READ ${WEB_SRC}/afterglow-logs-zip.js logs_zip_js)
file(READ ${WEB_SRC}/afterglow-reader.js reader_js)

# Text inside <script> must not close the element early.
foreach(js module_js page_js share_js logs_zip_js reader_js)
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
# The wasm's element comes first: afterglow-page.js reads it when it starts the module. Its type is
# not JavaScript, so the browser keeps the text without running it; base64 holds no '<'.
inline("<script src=\"afterglow.js\"></script>"
       "<script type=\"application/octet-stream\" id=\"afterglow-wasm\">${wasm_base64}</script>\n<script>\n${module_js}</script>")
# The reader worker's source, which the page starts through a blob: URL (a file:// page has no
# file beside it to start): a type that is not JavaScript, so the page does not run it itself.
inline("<script src=\"afterglow-page.js\"></script>"
       "<script type=\"text/x-afterglow-worker\" id=\"afterglow-reader\">\n${reader_js}</script>\n<script>\n${page_js}</script>")
inline("<script src=\"afterglow-logs-zip.js\"></script>" "<script>\n${logs_zip_js}</script>")
inline("<script src=\"afterglow-share.js\"></script>" "<script>\n${share_js}</script>")
file(WRITE ${WEB_OUT}/afterglow-standalone.html "${page}")
