# Runs scripts/check_layers.py on the fixture tree, which holds exactly one upward include, and
# fails unless the check fails on that include and on nothing else. Proves the check bites.
execute_process(
  COMMAND ${PYTHON} ${CHECKER} --root ${FIXTURE} --allowed ${FIXTURE}/layers_allowed.txt
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
message("${out}${err}")
if(rc EQUAL 0)
  message(FATAL_ERROR "check_layers.py accepted core/decode/reads_model.h including core/model/row.h")
endif()
if(NOT out MATCHES "core/decode/reads_model.h includes core/model/row.h: decode")
  message(FATAL_ERROR "check_layers.py failed, but not on the fixture's upward include")
endif()
if(NOT out MATCHES "layers: 1 problem\\(s\\)")
  message(FATAL_ERROR "check_layers.py reported more than the fixture's one upward include")
endif()
