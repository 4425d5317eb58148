# The result cache from the command line (issue 20, part 4):
#   cmake -DNOSQLINT=<binary> -DSOURCE=<repo root> -DWORK=<scratch dir>
#         [-DOBJCOPY=<objcopy>] -P ResultCacheCli.cmake
# The default folder is .nosqlint_cache in the current folder; --cache-dir
# and the configuration's `cache-dir` move it; --no-cache neither reads nor
# writes; a warm run prints the same bytes with the same exit code; another
# build of the binary (its build id removed with objcopy) is a miss.
file(REMOVE_RECURSE "${WORK}")
file(MAKE_DIRECTORY "${WORK}/project")
file(COPY "${SOURCE}/tests/golden/e2e/queries.cql"
          "${SOURCE}/tests/golden/e2e/schema.cql"
     DESTINATION "${WORK}/project")
file(COPY "${NOSQLINT}" DESTINATION "${WORK}/bin")
get_filename_component(name "${NOSQLINT}" NAME)
set(bin "${WORK}/bin/${name}")

set(hit_note "printed from the result cache")

# Runs the binary \p exe in \p dir; sets out, err and code in the caller.
function(run exe dir)
  execute_process(COMMAND ${CMAKE_COMMAND} -E env --unset=NO_COLOR
                          --unset=FORCE_COLOR ${exe} --color=never --verbose
                          ${ARGN}
    WORKING_DIRECTORY "${dir}"
    OUTPUT_VARIABLE o ERROR_VARIABLE e RESULT_VARIABLE c)
  set(out "${o}" PARENT_SCOPE)
  set(err "${e}" PARENT_SCOPE)
  set(code "${c}" PARENT_SCOPE)
endfunction()

function(expect_hit what yes)
  string(FIND "${err}" "${hit_note}" at)
  if(yes AND at EQUAL -1)
    message(FATAL_ERROR "${what}: expected a cache hit\n${err}")
  elseif(NOT yes AND NOT at EQUAL -1)
    message(FATAL_ERROR "${what}: expected no cache hit\n${err}")
  endif()
endfunction()

set(inputs --schema schema.cql queries.cql)
set(project "${WORK}/project")

# The default folder, then a warm run with the same bytes and exit code.
run("${bin}" "${project}" ${inputs})
set(cold_out "${out}")
set(cold_code "${code}")
expect_hit("cold run" FALSE)
if(NOT cold_code EQUAL 1 OR NOT EXISTS "${project}/.nosqlint_cache/v1")
  message(FATAL_ERROR "cold run: exit ${cold_code}, no .nosqlint_cache/v1\n${err}")
endif()
run("${bin}" "${project}" ${inputs})
expect_hit("warm run" TRUE)
if(NOT out STREQUAL cold_out OR NOT code EQUAL cold_code)
  message(FATAL_ERROR "warm run printed something else (exit ${code})\n${out}")
endif()

# --no-cache: no hit, and no folder written.
run("${bin}" "${project}" --no-cache --cache-dir "${WORK}/unused" ${inputs})
expect_hit("--no-cache" FALSE)
if(EXISTS "${WORK}/unused" OR NOT out STREQUAL cold_out)
  message(FATAL_ERROR "--no-cache wrote a cache or printed something else")
endif()

# --cache-dir: a fresh folder, so a miss first.
run("${bin}" "${project}" --cache-dir "${WORK}/elsewhere" ${inputs})
expect_hit("--cache-dir, first" FALSE)
run("${bin}" "${project}" --cache-dir "${WORK}/elsewhere" ${inputs})
expect_hit("--cache-dir, second" TRUE)

# The configuration's cache-dir, relative to the configuration's folder.
file(WRITE "${project}/nosqlint.toml" "cache-dir = \"../from-config\"\n")
run("${bin}" "${project}" ${inputs})
if(NOT EXISTS "${WORK}/from-config/v1")
  message(FATAL_ERROR "the configuration's cache-dir was not used\n${err}")
endif()
file(REMOVE "${project}/nosqlint.toml")

# Another binary: the same tree and cache folder, a miss, then a hit.
if(OBJCOPY)
  execute_process(COMMAND "${OBJCOPY}" --remove-section .note.gnu.build-id
                          "${bin}" "${bin}-other"
    RESULT_VARIABLE c)
  if(NOT c EQUAL 0)
    message(FATAL_ERROR "objcopy failed")
  endif()
  run("${bin}-other" "${project}" ${inputs})
  expect_hit("another binary" FALSE)
  if(NOT out STREQUAL cold_out)
    message(FATAL_ERROR "another binary printed something else\n${out}")
  endif()
  run("${bin}-other" "${project}" ${inputs})
  expect_hit("another binary, again" TRUE)
  run("${bin}" "${project}" ${inputs})
  expect_hit("the first binary, again" TRUE)
endif()
file(REMOVE_RECURSE "${WORK}")
