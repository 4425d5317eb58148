# Applies the fixes to copies and checks the fixed text: it still parses (no
# new syntax error) and nothing fixable is left (the passes converged).
#   cmake -DNOSQLINT=<binary> -DSOURCE=<folder> -DWORK=<folder>
#         -DLIST=<file> -P FixRoundTrip.cmake
# SOURCE is copied to WORK. Each line of LIST is `<input>|<arguments>`, the
# input relative to SOURCE; `%S` in the arguments is the copied input's
# folder and `%T` the copied SOURCE (as in tests/fixtures). An input whose
# findings carry no fix is skipped.
file(REMOVE_RECURSE "${WORK}")
file(MAKE_DIRECTORY "${WORK}")
file(COPY "${SOURCE}/" DESTINATION "${WORK}")
file(STRINGS "${LIST}" entries)

# Sets <prefix>_FIXES (findings with a fix) and <prefix>_SYNTAX (syntax errors)
# from a --format=json report.
function(count_report json prefix)
  set(fixes 0)
  set(syntax 0)
  string(JSON n ERROR_VARIABLE err LENGTH "${json}" diagnostics)
  if(err)
    message(FATAL_ERROR "not a JSON report: ${err}\n${json}")
  endif()
  if(n GREATER 0)
    math(EXPR last "${n} - 1")
    foreach(i RANGE ${last})
      string(JSON rule GET "${json}" diagnostics ${i} rule)
      string(JSON nfix LENGTH "${json}" diagnostics ${i} fixits)
      if(nfix GREATER 0)
        math(EXPR fixes "${fixes} + 1")
      endif()
      if(rule STREQUAL "syntax-error")
        math(EXPR syntax "${syntax} + 1")
      endif()
    endforeach()
  endif()
  set(${prefix}_FIXES ${fixes} PARENT_SCOPE)
  set(${prefix}_SYNTAX ${syntax} PARENT_SCOPE)
endfunction()

set(checked 0)
foreach(entry IN LISTS entries)
  string(FIND "${entry}" "|" bar)
  string(SUBSTRING "${entry}" 0 ${bar} rel)
  math(EXPR from "${bar} + 1")
  string(SUBSTRING "${entry}" ${from} -1 args)
  set(input "${WORK}/${rel}")
  get_filename_component(dir "${input}" DIRECTORY)
  string(REPLACE "%S" "${dir}" args "${args}")
  string(REPLACE "%T" "${WORK}" args "${args}")
  separate_arguments(args UNIX_COMMAND "${args}")
  execute_process(COMMAND ${NOSQLINT} --no-cache --format=json ${args} ${input}
    OUTPUT_VARIABLE before RESULT_VARIABLE code WORKING_DIRECTORY "${WORK}")
  count_report("${before}" BEFORE)
  if(BEFORE_FIXES EQUAL 0)
    continue()
  endif()
  file(READ "${input}" original)
  execute_process(COMMAND ${NOSQLINT} --no-cache --fix --unsafe-fixes ${args} ${input}
    OUTPUT_VARIABLE fix_out ERROR_VARIABLE fix_err RESULT_VARIABLE fix_code
    WORKING_DIRECTORY "${WORK}")
  if(fix_code GREATER 1 AND NOT code GREATER 1)
    message(FATAL_ERROR "${rel}: --fix failed (${fix_code})\n${fix_err}${fix_out}")
  endif()
  execute_process(COMMAND ${NOSQLINT} --no-cache --format=json ${args} ${input}
    OUTPUT_VARIABLE after WORKING_DIRECTORY "${WORK}")
  count_report("${after}" AFTER)
  if(AFTER_SYNTAX GREATER BEFORE_SYNTAX)
    message(FATAL_ERROR "${rel}: the fixed text has new syntax errors\n${after}")
  endif()
  if(AFTER_FIXES GREATER 0)
    message(FATAL_ERROR "${rel}: ${AFTER_FIXES} findings still carry a fix "
                        "after --fix (the passes did not converge)\n${after}")
  endif()
  math(EXPR checked "${checked} + 1")
endforeach()
if(checked EQUAL 0)
  message(FATAL_ERROR "no input had a fix: the round trip checked nothing")
endif()
message(STATUS "fixed and re-checked ${checked} inputs")
