//===- Cql.cpp - Out-of-line pieces of the CQL IR -------------------------===//
#include "nosqlint/IR/Cql.h"

namespace nosqlint::cql {

Statement::~Statement() = default;

} // namespace nosqlint::cql
