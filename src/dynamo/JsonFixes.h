//===- JsonFixes.h - Fix-its that edit a request's JSON ---------*- C++ -*-===//
//
// The edits the DynamoDB fixes make to a request written as JSON
// (Request::JsonText): add a member to an object, remove one with its
// comma, replace a string's contents. Each returns nothing where the edit
// is not certain (host source, an escape in the way, a shape not expected);
// a fix is then not offered at all.
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_SRC_DYNAMO_JSONFIXES_H
#define NOSQLINT_SRC_DYNAMO_JSONFIXES_H

#include "nosqlint/Diag/Diagnostic.h"
#include "nosqlint/Dynamo/Request.h"

#include <optional>
#include <string>

namespace nosqlint::dynamo {

/// \p Text as a JSON string literal, quotes included.
std::string jsonQuoted(llvm::StringRef Text);

/// \p V written as JSON (numbers as written); nothing for a value the
/// analyzer does not know.
std::optional<std::string> jsonText(const json::JsonValue &V);

/// Inserts `"Key": <ValueJson>` as the last member of \p Object.
std::optional<FixIt> addMember(const Request &R, const json::JsonValue &Object,
                               llvm::StringRef Key, llvm::StringRef ValueJson);

/// Removes member \p M of \p Object, with the comma that separates it.
std::optional<FixIt> removeMember(const Request &R,
                                  const json::JsonValue &Object,
                                  const json::JsonMember &M);

/// The member of \p Object whose key starts at \p KeyBegin.
const json::JsonMember *memberAt(const json::JsonValue &Object,
                                 uint32_t KeyBegin);

} // namespace nosqlint::dynamo

#endif
