//===- TypeNames.h - CQL types spelled as Cassandra spells them -*- C++ -*-===//
#ifndef NOSQLINT_SCHEMA_TYPENAMES_H
#define NOSQLINT_SCHEMA_TYPENAMES_H

#include "nosqlint/IR/Cql.h"

#include <string>

namespace nosqlint::schema {

/// A CQL type as Cassandra prints it in messages: list<int>,
/// frozen<map<text, int>>, vector<float, 3>.
std::string describeType(const cql::CqlType &T);

} // namespace nosqlint::schema

#endif
