# Sanitizer and fuzzing builds (make test-asan, make fuzz). Off by default:
# `make test` never needs clang or its runtime libraries.
#
#   -DNOSQLINT_SANITIZERS=address,undefined   instrument every target
#   -DNOSQLINT_FUZZ=ON                         also add libFuzzer coverage
#                                              instrumentation and build fuzz/
#
# Both need clang (Debian's clang-14: CC=clang-14 CXX=clang++-14). The ANTLR
# runtime, LLVM Support and tree-sitter core come as prebuilt, uninstrumented
# static libraries; AddressSanitizer still sees every allocation through its
# malloc interceptors, so that is fine.

set(NOSQLINT_SANITIZERS "" CACHE STRING
    "Comma-separated -fsanitize= list for every target (empty: none)")
option(NOSQLINT_FUZZ "Build the libFuzzer targets in fuzz/ (needs clang)" OFF)

if(NOSQLINT_FUZZ AND NOSQLINT_SANITIZERS STREQUAL "")
  set(NOSQLINT_SANITIZERS "address,undefined")
endif()

if(NOT NOSQLINT_SANITIZERS STREQUAL "")
  if(NOT CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
    message(FATAL_ERROR "NOSQLINT_SANITIZERS needs clang (CXX=clang++-14), "
                        "found ${CMAKE_CXX_COMPILER_ID}")
  endif()
  set(_nosqlint_san "-fsanitize=${NOSQLINT_SANITIZERS}")
  # An undefined-behaviour report must fail the test that triggered it.
  add_compile_options(${_nosqlint_san} -fno-sanitize-recover=all
                      -fno-omit-frame-pointer -gline-tables-only)
  add_link_options(${_nosqlint_san})
  if(NOSQLINT_FUZZ)
    # Coverage feedback for libFuzzer in every library; only the fuzz targets
    # link libFuzzer's main (-fsanitize=fuzzer, fuzz/CMakeLists.txt).
    add_compile_options(-fsanitize=fuzzer-no-link)
    add_compile_definitions(NOSQLINT_FUZZING=1)
  endif()
endif()

# Debian's ANTLR 4.9 runtime headers do not compile with clang: the inline
# InterpreterData() {} constructor default-constructs a Vocabulary whose
# defaulted constructor clang deletes (const vector members). Nothing calls
# it. For a clang build, point ANTLR4_INCLUDE_DIR at a copy of the headers,
# made in the build tree at configure time, where that constructor is
# `= default` (so never instantiated). Call after find_package(antlr4-runtime).
function(nosqlint_clang_antlr_headers)
  if(NOT CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
    return()
  endif()
  set(_src "${ANTLR4_INCLUDE_DIR}")
  set(_dst "${PROJECT_BINARY_DIR}/antlr4-runtime-clang")
  if(NOT EXISTS "${_dst}/misc/InterpreterDataReader.h")
    file(COPY "${_src}/" DESTINATION "${_dst}")
    file(READ "${_dst}/misc/InterpreterDataReader.h" _h)
    string(REPLACE "InterpreterData() {};" "InterpreterData() = default;" _h "${_h}")
    file(WRITE "${_dst}/misc/InterpreterDataReader.h" "${_h}")
  endif()
  set(ANTLR4_INCLUDE_DIR "${_dst}" PARENT_SCOPE)
endfunction()

# Per-source options for a clang build, set once every directory is known:
# - clang 14 with libstdc++ 12 in C++20 mode instantiates the constexpr
#   std::vector members that llvm/Support/JSON.h uses while json::Value is
#   still incomplete, and fails. The few sources that include it compile as
#   C++17 (they use nothing newer).
# - Sources that include RapidJSON, and the tree-sitter grammar libraries,
#   get cmake/SanitizerIgnorelist.txt (undefined behaviour in their code).
function(nosqlint_clang_json_sources)
  set(_globs "${PROJECT_SOURCE_DIR}/src/*.cpp" "${PROJECT_SOURCE_DIR}/tools/*.cpp")
  if(NOSQLINT_BUILD_TESTS)
    list(APPEND _globs "${PROJECT_SOURCE_DIR}/tests/*.cpp")
  endif()
  if(NOSQLINT_BUILD_BENCHMARKS)
    list(APPEND _globs "${PROJECT_SOURCE_DIR}/benchmarks/*.cpp")
  endif()
  if(NOSQLINT_FUZZ)
    list(APPEND _globs "${PROJECT_SOURCE_DIR}/fuzz/*.cpp")
  endif()
  file(GLOB_RECURSE _sources LIST_DIRECTORIES false ${_globs})
  foreach(_src IN LISTS _sources)
    set(_options "")
    file(STRINGS "${_src}" _hit REGEX "#include [<\"]llvm/Support/JSON.h[>\"]")
    if(_hit)
      list(APPEND _options "-std=c++17")
    endif()
    file(STRINGS "${_src}" _hit REGEX "#include [<\"]rapidjson/")
    if(_hit AND NOT NOSQLINT_SANITIZERS STREQUAL "")
      list(APPEND _options
        "-fsanitize-ignorelist=${PROJECT_SOURCE_DIR}/cmake/SanitizerIgnorelist.txt")
    endif()
    if(_options)
      get_filename_component(_dir "${_src}" DIRECTORY)
      set_source_files_properties("${_src}" DIRECTORY "${_dir}"
        PROPERTIES COMPILE_OPTIONS "${_options}")
    endif()
  endforeach()
  if(NOT NOSQLINT_SANITIZERS STREQUAL "")
    get_property(_targets DIRECTORY "${PROJECT_SOURCE_DIR}/src/extract"
                 PROPERTY BUILDSYSTEM_TARGETS)
    foreach(_target IN LISTS _targets)
      if(_target MATCHES "^nosqlint_ts_")
        target_compile_options(${_target} PRIVATE
          "-fsanitize-ignorelist=${PROJECT_SOURCE_DIR}/cmake/SanitizerIgnorelist.txt")
      endif()
    endforeach()
  endif()
endfunction()
if(CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
  cmake_language(DEFER DIRECTORY "${PROJECT_SOURCE_DIR}"
                 CALL nosqlint_clang_json_sources)
endif()
