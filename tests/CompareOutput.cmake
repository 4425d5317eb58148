# Runs a command and compares its standard output with a golden file.
#   cmake -DGOLDEN=<file> -DEXPECT_EXIT=<code> [-DMERGE_STDERR=1] -P CompareOutput.cmake -- <command...>
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
if(MERGE_STDERR)
  # Standard error too (nosqlint writes it unbuffered, so it comes first).
  execute_process(COMMAND ${cmd} OUTPUT_VARIABLE out ERROR_VARIABLE out
                  RESULT_VARIABLE code)
else()
  execute_process(COMMAND ${cmd} OUTPUT_VARIABLE out RESULT_VARIABLE code)
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
