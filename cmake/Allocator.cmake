# NOSQLINT_ALLOCATOR: the memory allocator of the nosqlint binary and the
# benchmarks (which measure what the binary does).
#
#   mimalloc  Debian's libmimalloc (libmimalloc-dev), linked shared: it
#             replaces malloc/free and operator new/delete for the whole
#             process. The ANTLR parse tree, the IR and the diagnostics are
#             millions of small allocations; glibc's malloc spent about 40%
#             of a CQL run (README, "Measured").
#   system    glibc's malloc.
#
# The default is mimalloc, except where another allocator must own the
# heap or no archive exists: sanitizer and fuzzing builds (ASan brings its
# own) and NOSQLINT_STATIC (Debian ships libmimalloc shared only) take
# system. nosqlint_link_allocator(TARGET) links the choice into an
# executable and tells Version.cpp which one it is (NOSQLINT_MIMALLOC).
if(NOT NOSQLINT_SANITIZERS STREQUAL "" OR NOSQLINT_FUZZ OR NOSQLINT_STATIC)
  set(nosqlint_default_allocator system)
else()
  set(nosqlint_default_allocator mimalloc)
endif()
set(NOSQLINT_ALLOCATOR "${nosqlint_default_allocator}" CACHE STRING
    "Memory allocator of the binary: mimalloc or system")
set_property(CACHE NOSQLINT_ALLOCATOR PROPERTY STRINGS mimalloc system)

if(NOSQLINT_ALLOCATOR STREQUAL "mimalloc")
  find_package(mimalloc 2.0 REQUIRED CONFIG)
elseif(NOT NOSQLINT_ALLOCATOR STREQUAL "system")
  message(FATAL_ERROR "NOSQLINT_ALLOCATOR must be mimalloc or system, not '${NOSQLINT_ALLOCATOR}'")
endif()

function(nosqlint_link_allocator target)
  if(NOSQLINT_ALLOCATOR STREQUAL "mimalloc")
    target_link_libraries(${target} PRIVATE mimalloc)
    target_compile_definitions(${target} PRIVATE NOSQLINT_MIMALLOC=1)
  endif()
endfunction()
