# `nosqlint patterns` (docs/patterns.md): the report of the example
# application (what `make run` analyses) in every format, the --against
# diff mode, and the HTML page rendered by headless Chromium.

foreach(format text json markdown html)
  set(ext ${format})
  if(format STREQUAL "text")
    set(ext txt)
  elseif(format STREQUAL "markdown")
    set(ext md)
  endif()
  add_test(NAME golden/patterns.${format}
    COMMAND ${CMAKE_COMMAND} -DGOLDEN=${CMAKE_CURRENT_SOURCE_DIR}/golden/patterns/chirp.${ext}
            -DEXPECT_EXIT=0 -P ${CMAKE_CURRENT_SOURCE_DIR}/CompareOutput.cmake --
            $<TARGET_FILE:nosqlint> patterns --format=${format} -j 2
            schemas/ corpus/
    WORKING_DIRECTORY ${PROJECT_SOURCE_DIR})
endforeach()

# --against: a change that adds an unserved pattern exits 1; the same code
# against its own report exits 0; a file that is no report exits 2.
set(diff_dir tests/patterns/diff)
add_test(NAME patterns/against.new-unserved
  COMMAND ${CMAKE_COMMAND} -DGOLDEN=${CMAKE_CURRENT_SOURCE_DIR}/golden/patterns/against-head.md
          -DEXPECT_EXIT=1 -P ${CMAKE_CURRENT_SOURCE_DIR}/CompareOutput.cmake --
          $<TARGET_FILE:nosqlint> patterns --format=markdown
          --against ${diff_dir}/base.json --schema ${diff_dir}/schema.cql
          ${diff_dir}/head
  WORKING_DIRECTORY ${PROJECT_SOURCE_DIR})
add_test(NAME patterns/against.unchanged
  COMMAND ${CMAKE_COMMAND} -DGOLDEN=${CMAKE_CURRENT_SOURCE_DIR}/golden/patterns/against-base.txt
          -DEXPECT_EXIT=0 -P ${CMAKE_CURRENT_SOURCE_DIR}/CompareOutput.cmake --
          $<TARGET_FILE:nosqlint> patterns
          --against ${diff_dir}/base.json --schema ${diff_dir}/schema.cql
          ${diff_dir}/base
  WORKING_DIRECTORY ${PROJECT_SOURCE_DIR})
add_test(NAME patterns/against.not-a-report
  COMMAND ${CMAKE_COMMAND} -DGOLDEN=${CMAKE_CURRENT_SOURCE_DIR}/golden/patterns/against-bad.txt
          -DEXPECT_EXIT=2 -DSTDERR=1 -P ${CMAKE_CURRENT_SOURCE_DIR}/CompareOutput.cmake --
          $<TARGET_FILE:nosqlint> patterns
          --against ${diff_dir}/not-a-report.json --schema ${diff_dir}/schema.cql
          ${diff_dir}/base
  WORKING_DIRECTORY ${PROJECT_SOURCE_DIR})
add_test(NAME patterns/against.only-for-patterns
  COMMAND ${CMAKE_COMMAND} -DGOLDEN=${CMAKE_CURRENT_SOURCE_DIR}/golden/patterns/against-check.txt
          -DEXPECT_EXIT=2 -DSTDERR=1 -P ${CMAKE_CURRENT_SOURCE_DIR}/CompareOutput.cmake --
          $<TARGET_FILE:nosqlint> check --against ${diff_dir}/base.json
          ${diff_dir}/base
  WORKING_DIRECTORY ${PROJECT_SOURCE_DIR})

# The HTML page, rendered: the DOM after its script ran holds the graph's
# table nodes, and the screenshot shows the table boxes. Skipped (77) only
# where Chromium is not installed (tools/install-deps.sh installs it).
find_package(Python3 COMPONENTS Interpreter)
find_program(NOSQLINT_CHROMIUM NAMES chromium chromium-browser)
if(Python3_Interpreter_FOUND)
  set(render_dir ${CMAKE_CURRENT_BINARY_DIR}/patterns-render)
  add_test(NAME patterns/html.render
    COMMAND sh -c "mkdir -p \"$2\" && \"$1\" patterns --format=html -o \"$2/chirp.html\" schemas/ corpus/ && \"$3\" \"$4\" \"$5\" \"$2/chirp.html\" \"$2\""
            render $<TARGET_FILE:nosqlint> ${render_dir} ${Python3_EXECUTABLE}
            ${CMAKE_CURRENT_SOURCE_DIR}/patterns/render_html.py
            "$<$<BOOL:${NOSQLINT_CHROMIUM}>:${NOSQLINT_CHROMIUM}>"
    WORKING_DIRECTORY ${PROJECT_SOURCE_DIR})
  set_tests_properties(patterns/html.render PROPERTIES SKIP_RETURN_CODE 77
    TIMEOUT 240)
endif()
