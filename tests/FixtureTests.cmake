# Fixture tests: every file under tests/fixtures/ whose name ends in .cql,
# .json, .jsonl, .ndjson, .yaml, .yml, .tf, .sh, .conf, a host-language extension (or is
# named Dockerfile) is one ctest
# that runs `nosqlint --verify`. The file states its expected diagnostics in
# comments (see tests/fixtures/README.md). Its command-line arguments come from
# a line `ARGS: ...` anywhere in the file (usually the first comment); `%S`
# stands for the fixture's own directory, `%T` for tests/fixtures, `%SHARED`
# for the shared folder. A fixture directory may instead hold a file
# `fixture.args` whose first line gives the arguments for every file in it.
file(GLOB_RECURSE fixture_files CONFIGURE_DEPENDS
  "${CMAKE_CURRENT_SOURCE_DIR}/fixtures/*")
list(SORT fixture_files)
set(fixture_exts .cql .json .jsonl .ndjson .yaml .yml .tf .java .kt .scala .py .go .js .ts .tsx .cs .sh .conf)
# The fixtures whose findings may carry a fix, with their arguments
# unexpanded, for the fix round trip (FixRoundTrip.cmake).
set(fix_fixtures "")
foreach(file IN LISTS fixture_files)
  get_filename_component(ext "${file}" LAST_EXT)
  get_filename_component(fixture_name "${file}" NAME)
  if(NOT ext IN_LIST fixture_exts AND NOT fixture_name STREQUAL "Dockerfile")
    continue()
  endif()
  get_filename_component(dir "${file}" DIRECTORY)
  # Schema files used by fixtures live in directories named `schema`.
  if(dir MATCHES "/schema(/|$)")
    continue()
  endif()
  # cdk.json, package.json and tsconfig.json mark a project's folder; they
  # are no inputs.
  get_filename_component(name "${file}" NAME)
  if(name STREQUAL "cdk.json" OR name STREQUAL "package.json" OR
     name STREQUAL "tsconfig.json")
    continue()
  endif()
  file(RELATIVE_PATH rel "${CMAKE_CURRENT_SOURCE_DIR}/fixtures" "${file}")
  set(args "")
  file(STRINGS "${file}" args_lines REGEX "ARGS:" LIMIT_COUNT 1)
  if(args_lines)
    list(GET args_lines 0 args_line)
    string(REGEX REPLACE ".*ARGS:[ \t]*" "" args "${args_line}")
    # A comment closer after the arguments (`*/`, `-->`) is not one of them.
    # (The pattern must not match an empty string: CMake rejects that.)
    string(REGEX REPLACE "[ \t]*(\\*/|-->)[ \t]*$" "" args "${args}")
    string(STRIP "${args}" args)
  elseif(EXISTS "${dir}/fixture.args")
    file(STRINGS "${dir}/fixture.args" args LIMIT_COUNT 1)
  endif()
  set(expect_text "")
  file(STRINGS "${file}" fix_lines REGEX
       "is unnecessary|reserved-word|unused-placeholder|legacy-parameter|unknown-column|unknown-table|unused-ignore")
  if(EXISTS "${file}.expect")
    file(STRINGS "${file}.expect" expect_lines REGEX
         "is unnecessary|reserved-word|unused-placeholder|legacy-parameter|unknown-column|unknown-table|unused-ignore")
    list(APPEND fix_lines ${expect_lines})
  endif()
  # Not those whose arguments reach outside the fixtures (they would be
  # fixed too).
  if(fix_lines AND NOT args MATCHES "%SHARED|\\.\\./\\.\\./")
    string(APPEND fix_fixtures "${rel}|${args}\n")
  endif()
  string(REPLACE "%SHARED" "${NOSQLINT_SHARED_DIR}" args "${args}")
  string(REPLACE "%S" "${dir}" args "${args}")
  string(REPLACE "%T" "${CMAKE_CURRENT_SOURCE_DIR}/fixtures" args "${args}")
  separate_arguments(args_list UNIX_COMMAND "${args}")
  add_test(NAME "fixture/${rel}"
    COMMAND nosqlint --verify ${args_list} "${file}"
    WORKING_DIRECTORY "${PROJECT_SOURCE_DIR}")
endforeach()

file(WRITE "${CMAKE_CURRENT_BINARY_DIR}/fix-fixtures.txt" "${fix_fixtures}")
add_test(NAME fixes/fixtures-round-trip
  COMMAND ${CMAKE_COMMAND} -DNOSQLINT=$<TARGET_FILE:nosqlint>
          -DSOURCE=${CMAKE_CURRENT_SOURCE_DIR}/fixtures
          -DWORK=${CMAKE_CURRENT_BINARY_DIR}/fix-round-trip
          -DLIST=${CMAKE_CURRENT_BINARY_DIR}/fix-fixtures.txt
          -P ${CMAKE_CURRENT_SOURCE_DIR}/FixRoundTrip.cmake)
