//===- CqlTableChecks.h - Key checks on CQL tables -------------*- C++ -*-===//
#ifndef NOSQLINT_SCHEMA_CQLTABLECHECKS_H
#define NOSQLINT_SCHEMA_CQLTABLECHECKS_H

#include "nosqlint/Schema/CqlSchema.h"

namespace nosqlint {
class DiagnosticEngine;
}

namespace nosqlint::schema {

/// hot-partition-key and unbounded-partition on a table's or view's primary
/// key, pointing at the partition key column's definition.
void checkCqlTableKeys(const CqlTable &Table, DiagnosticEngine &Diags);

} // namespace nosqlint::schema

#endif
