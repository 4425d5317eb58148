# NOSQLINT_STATIC=ON: a mostly static binary, for copying to machines that
# lack the build's libraries. Static: LLVM Support and the ANTLR runtime
# (always), libstdc++ and libgcc, libgit2 with the libraries it needs
# (mbedTLS, http-parser, libssh2 and its OpenSSL and libgpg-error, PCRE2,
# zlib), terminfo, and fmt and toml++ (compiled header-only: Debian ships
# no .a of either). Dynamic still: glibc (a static glibc breaks its name
# service and dlopen) and Kerberos' GSSAPI, which libgit2 is built against
# and which Debian ships shared only.
# README, "Install", gives the figures.
if(NOT NOSQLINT_STATIC)
  return()
endif()

add_link_options(-static-libstdc++ -static-libgcc)

# A library's static archive when Debian ships one, else its name. glibc's
# own (rt, dl, pthread, m) stay shared.
function(nosqlint_static_library out name)
  if(name MATCHES "^(rt|dl|pthread|m|c)$")
    set(${out} "${name}" PARENT_SCOPE)
    return()
  endif()
  find_library(NOSQLINT_STATIC_${name} NAMES lib${name}.a)
  if(NOSQLINT_STATIC_${name})
    set(${out} "${NOSQLINT_STATIC_${name}}" PARENT_SCOPE)
  else()
    set(${out} "${name}" PARENT_SCOPE)
  endif()
endfunction()

# libgit2 and, after it, what its archive needs (pkg-config --static), then
# what libssh2's archive needs.
pkg_check_modules(NOSQLINT_LIBSSH2 REQUIRED libssh2)
set(git2_libraries)
foreach(name IN LISTS LIBGIT2_STATIC_LIBRARIES NOSQLINT_LIBSSH2_STATIC_LIBRARIES)
  nosqlint_static_library(path ${name})
  list(APPEND git2_libraries "${path}")
endforeach()
list(REMOVE_DUPLICATES git2_libraries)
# libgit2 is built with GSSAPI (Negotiate authentication); Debian ships
# Kerberos shared only, and its development symlink only with libkrb5-dev.
find_library(NOSQLINT_GSSAPI NAMES gssapi_krb5 libgssapi_krb5.so.2 REQUIRED)
list(APPEND git2_libraries "${NOSQLINT_GSSAPI}" dl Threads::Threads)
set_property(TARGET PkgConfig::LIBGIT2 PROPERTY INTERFACE_LINK_LIBRARIES
  "${git2_libraries}")
set_property(TARGET PkgConfig::LIBGIT2 PROPERTY INTERFACE_LINK_OPTIONS "")

# LLVM Support's terminfo and zlib.
foreach(target_and_name Terminfo::terminfo=tinfo ZLIB::ZLIB=z)
  string(REPLACE "=" ";" pair "${target_and_name}")
  list(GET pair 0 target)
  list(GET pair 1 name)
  nosqlint_static_library(path ${name})
  if(TARGET ${target} AND IS_ABSOLUTE "${path}")
    set_target_properties(${target} PROPERTIES IMPORTED_LOCATION "${path}"
      INTERFACE_LINK_LIBRARIES "")
    get_target_property(configs ${target} IMPORTED_CONFIGURATIONS)
    foreach(config IN LISTS configs)
      set_target_properties(${target} PROPERTIES
        IMPORTED_LOCATION_${config} "${path}")
    endforeach()
  endif()
endforeach()

# fmt header-only: Debian ships only libfmt.so, which would bring libstdc++
# back. Its shared library stays named by fmt::fmt, and --as-needed drops it
# since nothing refers to it any more.
set_target_properties(fmt::fmt PROPERTIES
  INTERFACE_COMPILE_DEFINITIONS "FMT_HEADER_ONLY=1")
add_link_options(-Wl,--as-needed)

# toml++ header-only: its headers, without the shared library.
get_target_property(toml_includes tomlplusplus::tomlplusplus
  INTERFACE_INCLUDE_DIRECTORIES)
set_property(TARGET nosqlint_toml PROPERTY INTERFACE_LINK_LIBRARIES "")
target_include_directories(nosqlint_toml SYSTEM INTERFACE ${toml_includes})
target_compile_definitions(nosqlint_toml INTERFACE TOML_HEADER_ONLY=1)
