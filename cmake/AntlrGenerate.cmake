# antlr_generate_cpp(<name> LEXER <lexer.g4> PARSER <parser.g4> NAMESPACE <ns>)
#
# Runs Debian's ANTLR 4.7.2 tool at build time and writes the C++ sources into
# the build tree (never the source tree). Sets <name>_SOURCES and
# <name>_INCLUDE_DIR. The generated code is meant to be compiled into its own
# static library so that changes elsewhere never recompile it.
find_program(ANTLR4_TOOL NAMES antlr4 PATHS /usr/bin REQUIRED)

function(antlr_generate_cpp name)
  cmake_parse_arguments(ARG "" "LEXER;PARSER;NAMESPACE" "" ${ARGN})
  set(out_dir "${CMAKE_CURRENT_BINARY_DIR}/antlr/${name}")
  get_filename_component(lexer_name "${ARG_LEXER}" NAME_WE)
  get_filename_component(parser_name "${ARG_PARSER}" NAME_WE)
  get_filename_component(grammar_dir "${ARG_PARSER}" DIRECTORY)
  set(outputs
    "${out_dir}/${lexer_name}.cpp" "${out_dir}/${lexer_name}.h"
    "${out_dir}/${parser_name}.cpp" "${out_dir}/${parser_name}.h")
  add_custom_command(
    OUTPUT ${outputs}
    COMMAND ${CMAKE_COMMAND} -E make_directory "${out_dir}"
    COMMAND ${ANTLR4_TOOL} -Dlanguage=Cpp -no-listener -no-visitor
            -package ${ARG_NAMESPACE} -o "${out_dir}" -Xexact-output-dir
            "${ARG_LEXER}"
    COMMAND ${ANTLR4_TOOL} -Dlanguage=Cpp -no-listener -no-visitor
            -package ${ARG_NAMESPACE} -o "${out_dir}" -Xexact-output-dir
            -lib "${out_dir}" "${ARG_PARSER}"
    DEPENDS "${ARG_LEXER}" "${ARG_PARSER}"
    WORKING_DIRECTORY "${grammar_dir}"
    COMMENT "Generating ${name} parser with ANTLR"
    VERBATIM)
  set(${name}_SOURCES ${outputs} PARENT_SCOPE)
  set(${name}_INCLUDE_DIR "${out_dir}" PARENT_SCOPE)
endfunction()
