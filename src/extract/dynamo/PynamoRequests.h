//===- PynamoRequests.h - PynamoDB calls joined to their models -*- C++ -*-===//
//
// PynamoCalls.cpp reads the requests a PynamoDB program makes through its
// Model classes, and the models each file declares; a call and its model
// are often in two files. resolvePynamoRequests joins them once every file
// is read.
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_EXTRACT_DYNAMO_PYNAMOREQUESTS_H
#define NOSQLINT_EXTRACT_DYNAMO_PYNAMOREQUESTS_H

#include "nosqlint/Extract/ModelTables.h"

namespace nosqlint::extract {

/// The Operation of the fact a file states for each PynamoDB model it
/// declares (Sdk "pynamodb", ModelClass the class name): Params
/// {TableName, Hash, Range, Attributes: {python name: DynamoDB name},
/// Indexes: {attribute: {IndexName, Hash, Range}}}. No request.
inline constexpr const char *kPynamoModelFact = "@PynamoDBModel";

/// Puts into every PynamoDB request (Sdk "pynamodb") what its model
/// declares: the table name, the key attribute names (stand-ins "@hash",
/// "@range"), the DynamoDB name of each Python attribute (stand-ins
/// "@py:<name>" among ExpressionAttributeNames), the index an index
/// attribute names ("@index:<attribute>"), and whether a range key
/// condition is one (PynamoDB sends one that is not as the filter). The
/// model is the one of that class name whose folder shares the most
/// leading folders with the call's (a tie: none). A call whose class is no
/// PynamoDB model of the run, or whose index attribute is no index, is no
/// request and is dropped (its Params cleared), and so are the facts.
void resolvePynamoRequests(llvm::ArrayRef<ModelRequestFile> Files);

} // namespace nosqlint::extract

namespace nosqlint::extract::sdk {
using extract::kPynamoModelFact;
} // namespace nosqlint::extract::sdk

#endif
