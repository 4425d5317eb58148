//===- AccessPatterns.h - DynamoDB requests as access patterns -*- C++ -*-===//
#ifndef NOSQLINT_DYNAMO_ACCESSPATTERNS_H
#define NOSQLINT_DYNAMO_ACCESSPATTERNS_H

#include "nosqlint/Dynamo/Request.h"
#include "nosqlint/IR/AccessPattern.h"
#include "nosqlint/Schema/DynamoSchema.h"

#include <vector>

namespace nosqlint::dynamo {

/// One access pattern per request of \p File (batch and transaction members
/// each count as their own), with the keys they pin judged against
/// \p Catalog.
std::vector<AccessPattern> accessPatterns(const RequestFile &File,
                                          const DynamoCatalog &Catalog);

} // namespace nosqlint::dynamo

#endif
