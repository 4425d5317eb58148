# `cmake --install` (and `make install PREFIX=...`, DESTDIR honoured) and the
# CPack Debian package: the binary, the rule pages, the man page and the shell
# completions. The man page and the completions are generated at build time
# by the built binary itself (`nosqlint manpage`, `nosqlint completions
# SHELL`), from its live --help and rule catalog; nothing generated is
# committed.
include(GNUInstallDirs)

set(NOSQLINT_GENERATED_DIR "${PROJECT_BINARY_DIR}/share")
set(nosqlint_man "${NOSQLINT_GENERATED_DIR}/man/nosqlint.1")
set(nosqlint_bash "${NOSQLINT_GENERATED_DIR}/completions/nosqlint.bash")
set(nosqlint_zsh "${NOSQLINT_GENERATED_DIR}/completions/_nosqlint")
set(nosqlint_fish "${NOSQLINT_GENERATED_DIR}/completions/nosqlint.fish")

# The command writes to stdout; cmake -E captures nothing, so a shell
# redirection through `sh -c` keeps it to one line per output.
function(nosqlint_generate output)
  add_custom_command(OUTPUT "${output}"
    COMMAND ${CMAKE_COMMAND} -E make_directory "${NOSQLINT_GENERATED_DIR}/man"
            "${NOSQLINT_GENERATED_DIR}/completions"
    COMMAND sh -c "\"$0\" \"$@\" > \"${output}.tmp\" && mv \"${output}.tmp\" \"${output}\""
            $<TARGET_FILE:nosqlint> ${ARGN}
    DEPENDS nosqlint
    COMMENT "Generating ${output}"
    VERBATIM)
endfunction()
nosqlint_generate("${nosqlint_man}" manpage)
nosqlint_generate("${nosqlint_bash}" completions bash)
nosqlint_generate("${nosqlint_zsh}" completions zsh)
nosqlint_generate("${nosqlint_fish}" completions fish)
add_custom_target(nosqlint_generated_docs ALL
  DEPENDS "${nosqlint_man}" "${nosqlint_bash}" "${nosqlint_zsh}" "${nosqlint_fish}")

install(TARGETS nosqlint RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(FILES "${nosqlint_man}" DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
install(DIRECTORY "${PROJECT_SOURCE_DIR}/docs/rules/"
  DESTINATION ${CMAKE_INSTALL_DOCDIR}/rules FILES_MATCHING PATTERN "*.md")
install(FILES "${PROJECT_SOURCE_DIR}/README.md" DESTINATION ${CMAKE_INSTALL_DOCDIR})
# Where each shell looks for completions shipped by packages (Debian's
# bash-completion, zsh and fish packages read these folders).
install(FILES "${nosqlint_bash}" RENAME nosqlint
  DESTINATION ${CMAKE_INSTALL_DATADIR}/bash-completion/completions)
install(FILES "${nosqlint_zsh}" DESTINATION ${CMAKE_INSTALL_DATADIR}/zsh/vendor-completions)
install(FILES "${nosqlint_fish}" DESTINATION ${CMAKE_INSTALL_DATADIR}/fish/vendor_completions.d)

# The Debian package (`cpack -G DEB` in the build folder, or `make package`):
# Depends comes from dpkg-shlibdeps on the installed binary.
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME nosqlint)
set(CPACK_PACKAGE_VERSION "${PROJECT_VERSION}")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY
  "static analyzer for Cassandra/ScyllaDB CQL and DynamoDB queries")
set(CPACK_PACKAGE_DESCRIPTION
  "nosqlint finds the queries that pass code review and then melt a cluster: ALLOW FILTERING, full scans, COUNT(*) across partitions, reads of whole growing partitions, predicates no key or index serves; judged against the schema with the databases' real rules, in .cql files, DynamoDB request JSON and CQL embedded in application code.")
set(CPACK_PACKAGE_CONTACT "nosqlint maintainers <nosqlint@localhost>")
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION devel)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_COMPRESSION_TYPE gzip)
set(CPACK_STRIP_FILES ON)
include(CPack)
