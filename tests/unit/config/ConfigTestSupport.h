//===- ConfigTestSupport.h - A temporary tree of config files ---*- C++ -*-===//
#ifndef NOSQLINT_TESTS_CONFIGTESTSUPPORT_H
#define NOSQLINT_TESTS_CONFIGTESTSUPPORT_H

#include "../TempDir.h"

namespace nosqlint::test {

/// A temporary tree of configuration files.
using ConfigTree = TempDir;

} // namespace nosqlint::test

#endif
