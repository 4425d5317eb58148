//===- Request.h - The DynamoDB request IR ---------------------*- C++ -*-===//
//
// What the DynamoDB front end produces and the DynamoDB checker reads: one
// Request per operation found in a file (wrapper, bare request, array element
// or NDJSON line), its parsed expressions with every #name and :value
// resolved, and the members of batches and transactions as child requests.
// No ANTLR or RapidJSON types: the raw parameters stay available as the
// positioned JSON tree, so every field has its byte range.
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_DYNAMO_REQUEST_H
#define NOSQLINT_DYNAMO_REQUEST_H

#include "nosqlint/Basic/SourceLocation.h"
#include "nosqlint/Dynamo/PartiQL.h"
#include "nosqlint/Json/PositionedJson.h"

#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace nosqlint::dynamo {

enum class Operation : uint8_t {
  Query,
  Scan,
  GetItem,
  PutItem,
  UpdateItem,
  DeleteItem,
  BatchGetItem,
  BatchWriteItem,
  TransactGetItems,
  TransactWriteItems,
  ExecuteStatement,
  BatchExecuteStatement,
  ExecuteTransaction,
  /// Only as a member of TransactWriteItems.
  ConditionCheck,
};

llvm::StringRef operationName(Operation Op);
std::optional<Operation> parseOperation(llvm::StringRef Name);

/// The expression parameters.
enum class ExprKind : uint8_t { KeyCondition, Filter, Condition, Projection, Update };

/// "KeyConditionExpression", "FilterExpression", ...
llvm::StringRef exprParamName(ExprKind K);

/// One step of a document path: a member name or a list index.
struct PathElement {
  enum KindType : uint8_t { Member, ListIndex };
  KindType Kind = Member;
  std::string Written;        // as written: "status", "#st"
  std::string Name;           // resolved; equals Written unless a placeholder
  bool IsPlaceholder = false; // written as #name
  bool Resolved = true;       // false: an undefined #name
  /// Host source: a #name whose value is computed at run time, or that an
  /// open ExpressionAttributeNames map may define. Resolved is false and
  /// Name stays the placeholder: no rule may judge the attribute.
  bool NameUnknown = false;
  uint64_t Index = 0;         // Kind::Index
  SourceRange Range;
};

struct DocumentPath {
  std::vector<PathElement> Elements; // never empty; the first is a Member
  SourceRange Range;

  const std::string &topName() const { return Elements.front().Name; }
  bool isTopLevel() const { return Elements.size() == 1; }
  /// The resolved path: a.b[0].c
  std::string display() const;
  /// The resolved path as DynamoDB lists it in messages: [a, b, [0], c]
  std::string bracketed() const;
};

struct Operand {
  enum KindType : uint8_t { Path, Value, Function, Plus, Minus };
  KindType Kind = Path;
  DocumentPath P;                              // Kind::Path
  std::string Placeholder;                     // Kind::Value: ":v"
  const json::JsonValue *Val = nullptr;        // its AttributeValue, or null
  std::string FunctionName;                    // Kind::Function, as written
  std::vector<Operand> Args;                   // function args, or the two
                                               // sides of + and -
  SourceRange Range;
  SourceRange NameRange; // the function name, or the operator

  /// The AttributeValue type ("S", "N", ...) of a defined :value.
  std::optional<std::string> valueType() const;
};

enum class CompareOp : uint8_t { Eq, Ne, Lt, Le, Gt, Ge };
llvm::StringRef compareOpSpelling(CompareOp Op);

struct Condition {
  enum KindType : uint8_t { Compare, Between, In, Function, And, Or, Not, Paren };
  KindType Kind = Compare;
  CompareOp Op = CompareOp::Eq;
  std::vector<Operand> Operands;   // Compare: 2, Between: 3, In: 1 + list,
                                   // Function: its arguments
  std::vector<Condition> Children; // And/Or: 2, Not/Paren: 1
  std::string FunctionName;        // as written
  SourceRange Range;
  SourceRange OperatorRange; // the operator keyword or function name
};

struct UpdateAction {
  enum KindType : uint8_t { Set, Remove, Add, Delete };
  KindType Kind = Set;
  DocumentPath Path;
  std::optional<Operand> Value;
  SourceRange Range;
};

/// A problem DynamoDB reports while parsing an expression; the message is
/// DynamoDB's, with the "Invalid <Param>: " prefix.
struct ExprProblem {
  std::string Message;
  SourceRange Range;
};

/// One use of a placeholder inside an expression.
struct PlaceholderUse {
  std::string Key; // "#n" or ":v"
  SourceRange Range;
  ExprKind In = ExprKind::Filter;
};

struct Expression {
  ExprKind Kind = ExprKind::Filter;
  const json::JsonValue *Json = nullptr; // the string (or the wrong value)
  SourceRange Range;                     // the string's contents
  bool Empty = false;
  /// Syntax and parse-time semantic errors, first one first.
  std::vector<ExprProblem> Problems;
  std::optional<Condition> Cond;       // KeyCondition, Filter, Condition
  std::vector<DocumentPath> Projection; // Projection
  std::vector<UpdateAction> Updates;   // Update
  /// Every attribute name written without a #placeholder, with its range.
  std::vector<PathElement> BareNames;
  std::vector<PlaceholderUse> Uses;
  /// The program computes the expression at run time (host source): nothing
  /// is known of it but that it is there.
  bool Unknown = false;

  bool ok() const { return Problems.empty() && !Empty && !Unknown; }
};

/// One entry of ExpressionAttributeNames or ExpressionAttributeValues.
struct PlaceholderDef {
  std::string Key;
  SourceRange KeyRange;
  const json::JsonValue *Value = nullptr;
};

struct Request {
  Operation Op = Operation::Query;
  /// No "operation" member: the operation was inferred from the parameters.
  bool Inferred = false;
  FileId File;
  SourceRange Range;          // the whole request (wrapper included)
  SourceRange OperationRange; // the "operation" value, or Range
  const json::JsonValue *Params = nullptr; // the parameters object

  std::string TableName;
  SourceRange TableRange; // invalid: no table named
  std::optional<std::string> IndexName;
  SourceRange IndexRange;
  /// Host source: the table or index name is computed at run time (an
  /// environment variable, a configuration value). TableName or IndexName is
  /// then empty and no schema rule applies.
  bool TableUnknown = false;
  bool IndexUnknown = false;
  /// Host source: the environment variable the table name is read from.
  std::string TableEnvironmentVariable;
  /// The table a deployment template binds that variable to, for the
  /// function this code belongs to: where the binding is written and what
  /// it says (a note on every finding of the request).
  SourceRange TableBindingRange;
  std::string TableBinding;
  /// Host source: the PartiQL statement is computed at run time.
  bool StatementUnknown = false;
  /// Host source: a paginator sends the request once per page until the
  /// last one, so a Limit bounds a page, not what is read.
  bool EveryPage = false;
  /// Read from a request JSON file, whose bytes are the JSON tree as
  /// written: fix-its may edit its structure (add or remove a member).
  /// False for host source, where the tree is a rendering of code.
  bool JsonText = false;

  std::vector<Expression> Expressions;
  const json::JsonValue *NamesJson = nullptr;  // ExpressionAttributeNames
  const json::JsonValue *ValuesJson = nullptr; // ExpressionAttributeValues
  std::vector<PlaceholderDef> Names;
  std::vector<PlaceholderDef> Values;

  /// Batch and transaction members (GetItem per table for BatchGetItem,
  /// PutItem/DeleteItem per write request, Get/Put/Update/Delete/
  /// ConditionCheck per transaction item, ExecuteStatement per statement).
  std::vector<Request> Members;
  /// Set on members: the batch or transaction they belong to.
  Operation ParentOp = Operation::Query;
  bool IsMember = false;
  /// Transaction members: the action's position in TransactItems, from 1
  /// (DynamoDB's 'transactItems.2.member...' in messages); 0 otherwise.
  unsigned MemberIndex = 0;

  /// ExecuteStatement (and members of the PartiQL batches).
  std::shared_ptr<Statement> PartiQL;

  const Expression *expression(ExprKind K) const;
  const json::JsonValue *param(llvm::StringRef Name) const {
    return Params ? Params->get(Name) : nullptr;
  }
  const json::JsonMember *paramMember(llvm::StringRef Name) const {
    return Params ? Params->member(Name) : nullptr;
  }

  // Host source: what is known of the parameters. An open parameters object
  // (json::JsonValue::Unknown on the object) may hold parameters that are
  // not listed; an Unknown value may even be absent at run time (JavaScript's
  // undefined). No rule may conclude from either.

  /// More parameters may be set than are listed.
  bool paramsOpen() const { return Params && Params->Unknown; }
  /// Parameter \p Name is surely not set: not listed, and nothing hidden.
  bool surelyAbsent(llvm::StringRef Name) const {
    return !param(Name) && !paramsOpen();
  }
  /// The parameter when it is listed with a value known at analysis time;
  /// null when absent or Unknown (scalar contents, or an open map or list).
  const json::JsonValue *knownParam(llvm::StringRef Name) const {
    const json::JsonValue *V = param(Name);
    return V && !V->Unknown ? V : nullptr;
  }
  /// The table is not known: TableUnknown, or no TableName listed in open
  /// parameters.
  bool tableUnknown() const {
    return TableUnknown ||
           (TableName.empty() && !TableRange.isValid() && paramsOpen());
  }
  /// A Query or Scan whose index is not known: IndexUnknown, or no
  /// IndexName listed in open parameters (it may name an index).
  bool indexUnknown() const {
    return IndexUnknown ||
           (!IndexName && paramsOpen() &&
            (Op == Operation::Query || Op == Operation::Scan));
  }
  /// ExpressionAttributeNames / Values may define entries that are not
  /// listed: the map is open or Unknown, or absent from open parameters.
  bool namesOpen() const {
    return NamesJson ? NamesJson->Unknown : paramsOpen();
  }
  bool valuesOpen() const {
    return ValuesJson ? ValuesJson->Unknown : paramsOpen();
  }
};

/// The requests of one file. Owns the JSON tree the requests point into.
struct RequestFile {
  FileId File;
  /// Its folder: where one table name has alternative definitions, the
  /// nearest one is the request's (DynamoCatalog::table).
  std::string Directory;
  /// No table of the schema is defined in the file's own project (the
  /// nearest folder with a build file, template or CDK app): a table it
  /// names that the schema lacks is in a schema nosqlint did not read (a
  /// sub-project's, an unsupported format), not unknown to DynamoDB.
  bool ProjectLacksSchema = false;
  std::vector<std::unique_ptr<json::JsonValue>> Documents;
  std::vector<Request> Requests;
};

} // namespace nosqlint::dynamo

#endif
