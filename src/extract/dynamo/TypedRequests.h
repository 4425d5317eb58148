//===- TypedRequests.h - The DynamoDB API model of the typed SDKs -*- C++ -*-===//
//
// The AWS SDKs for Java v2, Go and .NET build requests from generated types
// that mirror the wire format: a QueryRequest / QueryInput has one setter or
// field per wire parameter (tableName, TableName), nested structures
// (KeysAndAttributes, WriteRequest, TransactWriteItem, ...) and the
// AttributeValue union. This file holds that model once, and TypedBuilder,
// which walks a value of a known model type and builds its wire JSON; each
// SDK recognizer supplies how its language spells a structure, a map, a list
// and an AttributeValue.
//
// A value the builder cannot read (a call, a parameter, a variable it cannot
// follow safely) is Unknown; a map, list or structure that may hold more
// than the code shows is open (Unknown on an Object or Array).
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_EXTRACT_DYNAMO_TYPEDREQUESTS_H
#define NOSQLINT_EXTRACT_DYNAMO_TYPEDREQUESTS_H

#include "SdkCalls.h"
#include "SyntaxTree.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>
#include <vector>

namespace nosqlint::extract::sdk::typed {

/// A type of the model, spelled as a short string: "S" string, "N" number,
/// "Z" boolean, "AV" AttributeValue, "?" a value nothing is read from,
/// "{T}" a map from strings to T, "[T]" a list of T; anything else names a
/// structure (findShape).
struct Member {
  llvm::StringLiteral Wire;
  llvm::StringLiteral Type;
};

struct Shape {
  llvm::StringLiteral Name;
  llvm::ArrayRef<Member> Members;
  /// Exactly one member is set (WriteRequest, TransactWriteItem, ...).
  bool Union = false;
};

/// The structure named \p Name: an operation's request ("Query") or a nested
/// structure ("KeysAndAttributes"); also "AttributeValue" (its wire members).
const Shape *findShape(llvm::StringRef Name);
/// The member of \p S named \p Name, ignoring ASCII case (Java setters are
/// lowerCamel, Go and .NET fields UpperCamel).
const Member *findMember(const Shape &S, llvm::StringRef Name);

/// The operation an SDK request type names: "QueryRequest" with suffix
/// "Request" -> "Query"; nothing for other names.
std::optional<llvm::StringRef> operationOfType(llvm::StringRef TypeName,
                                               llvm::StringRef Suffix);
/// The operation a client method names: "query" / "Query" -> "Query",
/// "batchGetItem" -> "BatchGetItem".
std::optional<llvm::StringRef> operationOfMethod(llvm::StringRef Method);

/// The wire value of enum constant \p Constant of model enum \p Enum
/// (`Select.COUNT`, `ReturnValue.ALL_NEW`): nothing for other names.
std::optional<std::string> enumConstant(llvm::StringRef Enum,
                                        llvm::StringRef Constant);
/// The wire value of a Go enum constant (`SelectCount` -> "COUNT",
/// `ReturnValueAllNew` -> "ALL_NEW").
std::optional<std::string> goEnumConstant(llvm::StringRef Name);

/// The parameters the AWS SDK for Java v1 constructor of model structure
/// \p Shape with \p Arity arguments sets, in order (`new QueryRequest("t")`:
/// TableName); nothing for a constructor not modelled.
std::optional<llvm::ArrayRef<llvm::StringRef>>
v1ConstructorMembers(llvm::StringRef Shape, size_t Arity);

/// A model type's parts: "{T}" -> map of T, "[T]" -> list of T.
inline bool isMapType(llvm::StringRef T) { return T.startswith("{"); }
inline bool isListType(llvm::StringRef T) { return T.startswith("["); }
inline llvm::StringRef elementType(llvm::StringRef T) {
  return T.drop_front().drop_back();
}
inline std::string wrapType(char Open, llvm::StringRef Elem, char Close) {
  std::string T(1, Open);
  T.append(Elem.data(), Elem.size());
  T.push_back(Close);
  return T;
}
inline std::string listOf(llvm::StringRef Elem) {
  return wrapType('[', Elem, ']');
}
inline std::string mapOf(llvm::StringRef Elem) {
  return wrapType('{', Elem, '}');
}
/// Scalars and AttributeValues are kept when unknown; an unknown structure
/// (or a collection of them) inside a list or map is left out and its
/// container made open, so the request reader never sees a malformed member.
inline bool isScalarType(llvm::StringRef T) {
  return T == "S" || T == "N" || T == "Z" || T == "AV" || T == "?";
}

using extract::childByField;
using extract::namedChildren;

/// What a builder read from a host value: its JSON, and whether the code
/// shows nothing of it at all (a call, a parameter).
struct Built {
  JsonValue V;
  bool Opaque = false;
};

/// Builds wire JSON from host values of known model types. Subclasses read
/// their language's spelling of each kind of value.
class TypedBuilder {
public:
  explicit TypedBuilder(SdkContext &C) : C(C), Json(C.Json) {}
  virtual ~TypedBuilder() = default;

  /// The value of \p N read as model type \p Type.
  Built value(TSNode N, llvm::StringRef Type, unsigned Depth);

  /// Sets member \p M of \p Obj (replacing an earlier setting), keyed at
  /// \p KeyNode.
  static void setMember(JsonValue &Obj, llvm::StringRef Wire, JsonValue V,
                        std::optional<TSNode> KeyNode);
  /// Appends \p E to list \p Arr of \p ElemType values (an opaque structure
  /// opens the list instead).
  static void addElement(JsonValue &Arr, Built E, llvm::StringRef ElemType);
  /// Adds entry \p KeyNode -> \p E to map \p Map of \p ElemType values; an
  /// unknown key or an opaque structure opens the map instead.
  void addEntry(JsonValue &Map, TSNode KeyNode, Built E,
                llvm::StringRef ElemType);

  /// An unknown value of type \p Type spanning \p N.
  Built opaque(TSNode N, llvm::StringRef Type) const;
  /// An empty map / list / structure spanning \p N, open or not.
  JsonValue emptyObject(TSNode N, bool Open) const;
  JsonValue emptyArray(TSNode N, bool Open) const;
  /// A string the recognizer spells itself (an enum constant) at \p N.
  JsonValue constantString(TSNode N, llvm::StringRef Text) const;

  /// The value a plain name was declared with, when the declaration is the
  /// only one, in scope, and the name is never assigned again. \p Mentioned: the name occurs elsewhere in the
  /// file too (the value may have been changed after it was built).
  std::optional<TSNode> follow(TSNode Name, bool &Mentioned) const;

  /// True when `\p Name.<field> = ...` occurs after \p From (`req.Limit = 5`,
  /// `input.ExclusiveStartKey = k`): the request built at \p From then has
  /// more parameters than its literal shows.
  bool assignedLater(llvm::StringRef Name, uint32_t From) const;

  /// The request built at \p Site may get more parameters than its literal
  /// shows: it is returned, or the variable holding it has a field assigned
  /// later or is used more than once in its function.
  bool mayChangeLater(TSNode Site) const;

  /// A CreateTable request built at \p Site into a variable whose schema
  /// members are touched afterwards (`in.KeySchema = ..`,
  /// `req.AttributeDefinitions.Add(..)`): its table is not the literal's,
  /// so its TableName is made Unknown and it declares nothing.
  void guardTableDefinition(TSNode Site, JsonValue &Params) const;

  /// \p N is a plain name the file assigns more than once (`x = ..` after
  /// its declaration): its value at a use is not known.
  bool reassigned(TSNode N) const;

  static constexpr unsigned MaxDepth = 24;

  /// One comparison of a key condition the code states through an API
  /// rather than as text (a hash key argument, a RangeKeyCondition, a
  /// QueryConditional, a QueryOperator).
  struct KeyTerm {
    TSNode At;              // the call that states it
    JsonValue Name;         // the attribute name (a string, maybe unknown)
    std::string Op;         // "=", "<", "BETWEEN", "begins_with", ...
    llvm::SmallVector<Built, 2> Values;
  };
  /// Writes \p Terms as the request's KeyConditionExpression, `#k0 = :k0
  /// AND begins_with(#k1, :k1_0)`, each piece of the text mapped to the
  /// call that states it, with its #names and :values added to the
  /// request's maps.
  void addKeyTerms(JsonValue &Params, TSNode At,
                   llvm::ArrayRef<KeyTerm> Terms) const;

protected:
  virtual Built stringValue(TSNode N, unsigned Depth);
  virtual Built numberValue(TSNode N, unsigned Depth);
  virtual Built boolValue(TSNode N, unsigned Depth);
  virtual Built attributeValue(TSNode N, unsigned Depth) = 0;
  virtual Built mapValue(TSNode N, llvm::StringRef Elem, unsigned Depth) = 0;
  virtual Built listValue(TSNode N, llvm::StringRef Elem, unsigned Depth) = 0;
  virtual Built structValue(TSNode N, const Shape &S, unsigned Depth) = 0;

  SdkContext &C;
  HostJson &Json;

private:
  /// One pass over the file: where each word occurs, how often it is
  /// assigned, and where it is last followed by `.<field> =`.
  void indexWords() const;
  mutable bool WordsIndexed = false;
  mutable llvm::StringMap<std::vector<uint32_t>> WordPositions;
  mutable llvm::StringMap<unsigned> AssignCount; // `w = ..`, `w := ..`
  mutable llvm::StringMap<uint32_t> LastFieldAssignment;
};

} // namespace nosqlint::extract::sdk::typed

#endif
