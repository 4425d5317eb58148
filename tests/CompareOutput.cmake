# Runs a command and compares its standard output with a golden file.
#   cmake -DGOLDEN=<file> -DEXPECT_EXIT=<code> -P CompareOutput.cmake -- <command...>
# -DSTDERR=1 compares standard error followed by standard output (for error
# messages); -DMASK=<regex> replaces each match with <masked> first (a
# commit hash); -DINPUT=<file> feeds the file to standard input.
# With the environment variable NOSQLINT_UPDATE_GOLDEN=1 the golden file is
# rewritten instead (review the diff like any change).
set(cmd)
set(seen_dashes FALSE)
foreach(i RANGE ${CMAKE_ARGC})
  if(seen_dashes)
    list(APPEND cmd "${CMAKE_ARGV${i}}")
  elseif("${CMAKE_ARGV${i}}" STREQUAL "--")
    set(seen_dashes TRUE)
  endif()
endforeach()
set(input_args)
if(INPUT)
  set(input_args INPUT_FILE "${INPUT}")
endif()
if(STDERR)
  execute_process(COMMAND ${cmd} OUTPUT_VARIABLE stdout ERROR_VARIABLE stderr
    RESULT_VARIABLE code ${input_args})
  set(out "${stderr}${stdout}")
else()
  execute_process(COMMAND ${cmd} OUTPUT_VARIABLE out RESULT_VARIABLE code
    ${input_args})
endif()
if(MASK)
  string(REGEX REPLACE "${MASK}" "<masked>" out "${out}")
endif()
if(NOT "${code}" STREQUAL "${EXPECT_EXIT}")
  message(FATAL_ERROR "exit code ${code}, expected ${EXPECT_EXIT}\n${out}")
endif()
if("$ENV{NOSQLINT_UPDATE_GOLDEN}" STREQUAL "1")
  file(WRITE "${GOLDEN}" "${out}")
  return()
endif()
file(READ "${GOLDEN}" expected)
if(NOT out STREQUAL expected)
  file(WRITE "${GOLDEN}.actual" "${out}")
  execute_process(COMMAND diff -u "${GOLDEN}" "${GOLDEN}.actual")
  message(FATAL_ERROR "output differs from ${GOLDEN} (actual output in ${GOLDEN}.actual)")
endif()
