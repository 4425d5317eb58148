# Tree-sitter: the core library from Debian's libtree-sitter-dev (0.20.7,
# grammar ABI 13-14), and each host language's generated grammar sources
# (src/parser.c, src/scanner.c) from the npm package, unpacked by
# tools/install-deps.sh into a cache outside the source tree. CMake downloads
# nothing: a missing piece is a configure error that says what to run.
#
# Defines:
#   nosqlint_tree_sitter                  the core library (INTERFACE target)
#   nosqlint_ts_<lang>                    one static library per grammar
#   NOSQLINT_TREE_SITTER_GRAMMAR_TARGETS  the list of those targets

# The same default as tools/install-deps.sh.
if(DEFINED ENV{XDG_CACHE_HOME} AND NOT "$ENV{XDG_CACHE_HOME}" STREQUAL "")
  set(_nosqlint_cache_root "$ENV{XDG_CACHE_HOME}")
elseif(DEFINED ENV{HOME} AND NOT "$ENV{HOME}" STREQUAL "")
  set(_nosqlint_cache_root "$ENV{HOME}/.cache")
else()
  set(_nosqlint_cache_root "/tmp/.cache")
endif()
set(NOSQLINT_TREE_SITTER_CACHE "${_nosqlint_cache_root}/nosqlint/tree-sitter"
    CACHE PATH "Where tools/install-deps.sh unpacked the tree-sitter grammars")

find_path(TREE_SITTER_INCLUDE_DIR tree_sitter/api.h)
find_library(TREE_SITTER_LIBRARY NAMES libtree-sitter.a tree-sitter)
if(NOT TREE_SITTER_INCLUDE_DIR OR NOT TREE_SITTER_LIBRARY)
  message(FATAL_ERROR
    "tree-sitter core library not found (Debian package libtree-sitter-dev).\n"
    "Run: bash tools/install-deps.sh")
endif()
add_library(nosqlint_tree_sitter INTERFACE)
target_include_directories(nosqlint_tree_sitter SYSTEM INTERFACE
  ${TREE_SITTER_INCLUDE_DIR})
target_link_libraries(nosqlint_tree_sitter INTERFACE ${TREE_SITTER_LIBRARY})

# Pinned grammar versions (keep in sync with tools/install-deps.sh): each one's
# parser.c declares LANGUAGE_VERSION 14, but HCL's (see below).
#   <target suffix> <cache folder prefix> <version> <sub-directory holding src/>
set(_nosqlint_grammars
  "java|tree-sitter-java|0.23.5|"
  "python|tree-sitter-python|0.23.6|"
  "go|tree-sitter-go|0.23.4|"
  "javascript|tree-sitter-javascript|0.23.1|"
  "typescript|tree-sitter-typescript|0.23.2|typescript/"
  "tsx|tree-sitter-typescript|0.23.2|tsx/"
  "c_sharp|tree-sitter-c-sharp|0.23.1|"
  "kotlin|tree-sitter-kotlin|0.3.8|"
  "scala|tree-sitter-scala|0.23.4|"
  "hcl|tree-sitter-hcl|1.2.0|")

set(NOSQLINT_TREE_SITTER_GRAMMAR_TARGETS "")
foreach(entry IN LISTS _nosqlint_grammars)
  string(REPLACE "|" ";" fields "${entry}")
  list(GET fields 0 lang)
  list(GET fields 1 pkg)
  list(GET fields 2 version)
  list(LENGTH fields nfields)
  set(sub "")
  if(nfields GREATER 3)
    list(GET fields 3 sub)
  endif()
  set(src_dir "${NOSQLINT_TREE_SITTER_CACHE}/${pkg}-${version}/${sub}src")
  if(NOT EXISTS "${src_dir}/parser.c")
    message(FATAL_ERROR
      "tree-sitter grammar ${pkg} ${version} not found in ${src_dir}.\n"
      "Run: bash tools/install-deps.sh (it fetches the pinned grammars with "
      "npm pack into ${NOSQLINT_TREE_SITTER_CACHE}), or point "
      "-DNOSQLINT_TREE_SITTER_CACHE=<dir> at an existing cache.")
  endif()
  file(STRINGS "${src_dir}/parser.c" abi_line REGEX "^#define LANGUAGE_VERSION "
       LIMIT_COUNT 1)
  if(lang STREQUAL "hcl")
    # Published at ABI 15 only; src/hcl/HclLanguageAbi14.c presents it at 14,
    # which holds for a grammar without reserved words.
    file(STRINGS "${src_dir}/parser.c" reserved_line
         REGEX "max_reserved_word_set_size = " LIMIT_COUNT 1)
    if(NOT abi_line MATCHES "LANGUAGE_VERSION 15$" OR
       NOT reserved_line MATCHES "= 0,")
      message(FATAL_ERROR "${src_dir}/parser.c: ${abi_line}, "
        "${reserved_line}; the HCL adapter expects ABI 15 without reserved "
        "words. Run: bash tools/install-deps.sh")
    endif()
  elseif(NOT abi_line MATCHES "LANGUAGE_VERSION 1[34]$")
    message(FATAL_ERROR "${src_dir}/parser.c: ${abi_line}; libtree-sitter "
      "0.20.7 loads grammar ABI 13-14 only. Run: bash tools/install-deps.sh")
  endif()
  set(sources "${src_dir}/parser.c")
  if(EXISTS "${src_dir}/scanner.c")
    list(APPEND sources "${src_dir}/scanner.c")
  endif()
  set(target nosqlint_ts_${lang})
  add_library(${target} STATIC ${sources})
  target_include_directories(${target} PRIVATE "${src_dir}")
  # Third-party generated code: no warnings, and a moderate optimization
  # level (the largest parser.c files are tens of megabytes of tables).
  set_target_properties(${target} PROPERTIES C_STANDARD 11 C_EXTENSIONS ON
    POSITION_INDEPENDENT_CODE ON)
  target_compile_options(${target} PRIVATE -w -O1)
  if(NOT lang STREQUAL "hcl")
    list(APPEND NOSQLINT_TREE_SITTER_GRAMMAR_TARGETS ${target})
  endif()
endforeach()

# HCL at ABI 14: the adapter sees only Debian's parser.h (never the
# package's), so it is a library of its own.
add_library(nosqlint_ts_hcl_abi14 STATIC
  ${PROJECT_SOURCE_DIR}/src/hcl/HclLanguageAbi14.c)
target_link_libraries(nosqlint_ts_hcl_abi14 PUBLIC nosqlint_ts_hcl
  nosqlint_tree_sitter)
set_target_properties(nosqlint_ts_hcl_abi14 PROPERTIES C_STANDARD 11
  POSITION_INDEPENDENT_CODE ON)
