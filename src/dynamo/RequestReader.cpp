//===- RequestReader.cpp - Request files, wrappers and operations ---------===//
//
// Splits a file into documents, recognizes each as a wrapper or a bare
// request (inferring the operation), and builds the Request: table and index
// names, placeholders, parsed expressions, PartiQL statements, and the
// members of batches and transactions.
//
//===----------------------------------------------------------------------===//
#include "nosqlint/Dynamo/Reader.h"

#include "ExprParser.h"

#include "nosqlint/Diag/DiagnosticEngine.h"

#include <fmt/format.h>

namespace nosqlint::dynamo {

using json::JsonMember;
using json::JsonValue;

namespace {

/// Parameters that only DynamoDB requests have at their top level.
bool looksLikeRequest(const JsonValue &V) {
  if (!V.isObject())
    return false;
  // The wrapper: {"operation": "Query", "request": {...}}. Another
  // program's JSON may have an "operation" of its own (`"operation": "non
  // sensitive"`): ours only with a request or a DynamoDB operation.
  if (std::optional<llvm::StringRef> Op = V.getString("operation"))
    return V.get("request") || parseOperation(*Op);
  // A PartiQL statement is a string: an IAM policy document's Statement is
  // a list of permissions (`{"Version": "2012-10-17", "Statement": [...]}`).
  if (const JsonValue *S = V.get("Statement"))
    return S->isString();
  for (llvm::StringRef K :
       {"TableName", "Statements", "TransactStatements", "TransactItems",
        "RequestItems", "KeyConditionExpression"})
    if (V.get(K))
      return true;
  return false;
}

bool isCreateTableLike(const JsonValue &V) {
  return V.get("KeySchema") || V.get("AttributeDefinitions");
}

/// The operation a bare request stands for, or an explanation of why it is
/// ambiguous.
std::optional<Operation> inferOperation(const JsonValue &V,
                                        std::string &Why) {
  auto Has = [&](llvm::StringRef K) { return V.get(K) != nullptr; };
  if (Has("Statement"))
    return Operation::ExecuteStatement;
  if (Has("Statements"))
    return Operation::BatchExecuteStatement;
  if (Has("TransactStatements"))
    return Operation::ExecuteTransaction;
  if (const JsonValue *T = V.get("TransactItems")) {
    bool Get = false, Write = false;
    if (T->isArray())
      for (const JsonValue &I : T->Elements) {
        Get |= I.get("Get") != nullptr;
        Write |= I.get("Put") || I.get("Update") || I.get("Delete") ||
                 I.get("ConditionCheck");
      }
    if (Get != Write)
      return Get ? Operation::TransactGetItems : Operation::TransactWriteItems;
    Why = Get ? "TransactItems mixes Get with write actions"
              : "TransactItems holds neither Get nor write actions";
    return std::nullopt;
  }
  if (const JsonValue *R = V.get("RequestItems")) {
    bool Lists = false, Maps = false;
    if (R->isObject())
      for (const JsonMember &M : R->Members) {
        Lists |= M.Value.isArray();
        Maps |= M.Value.isObject();
      }
    if (Lists != Maps)
      return Lists ? Operation::BatchWriteItem : Operation::BatchGetItem;
    Why = "RequestItems is neither a map of write-request lists "
          "(BatchWriteItem) nor a map of Keys (BatchGetItem)";
    return std::nullopt;
  }
  if (Has("KeyConditionExpression") || Has("KeyConditions"))
    return Operation::Query;
  if (Has("UpdateExpression") || Has("AttributeUpdates"))
    return Operation::UpdateItem;
  if (Has("Item"))
    return Operation::PutItem;
  if (Has("Key")) {
    bool Reads = Has("ProjectionExpression") || Has("AttributesToGet") ||
                 Has("ConsistentRead");
    bool Writes = Has("ConditionExpression") || Has("Expected") ||
                  Has("ReturnValues") ||
                  Has("ReturnValuesOnConditionCheckFailure");
    if (Reads != Writes)
      return Reads ? Operation::GetItem : Operation::DeleteItem;
    Why = "a Key alone could be GetItem or DeleteItem";
    return std::nullopt;
  }
  if (Has("TableName"))
    return Operation::Scan;
  Why = "no parameter tells which operation it is";
  return std::nullopt;
}

class RequestBuilder {
public:
  RequestBuilder(FileId File, DiagnosticEngine &Diags)
      : File(File), Diags(Diags) {}

  Request build(Operation Op, const JsonValue &Params, SourceRange Range);

private:
  void readTable(Request &R);
  void readPlaceholders(Request &R);
  void readExpressions(Request &R);
  void readMembers(Request &R);
  void readStatement(Request &R, const JsonValue &Stmt);
  Request member(Operation Op, const JsonValue &Params, Request &Parent);
  void malformed(SourceRange Range, std::string Message) {
    Diags.report(RuleId::InvalidQuery, Dialect::DynamoDb, Range,
                 std::move(Message));
  }

  FileId File;
  DiagnosticEngine &Diags;
};

void RequestBuilder::readTable(Request &R) {
  if (const JsonValue *T = R.param("TableName")) {
    if (T->Unknown) {
      R.TableUnknown = true;
      R.TableRange = T->range(File);
      R.TableEnvironmentVariable = T->FromEnvironment;
    } else if (T->isString()) {
      R.TableName = T->Str;
      R.TableRange = T->contentRange(File);
    } else {
      malformed(T->range(File), "TableName must be a string");
    }
  }
  if (const JsonValue *I = R.param("IndexName")) {
    if (I->Unknown) {
      R.IndexUnknown = true;
      R.IndexRange = I->range(File);
    } else if (I->isString()) {
      R.IndexName = I->Str;
      R.IndexRange = I->contentRange(File);
    } else {
      malformed(I->range(File), "IndexName must be a string");
    }
  }
}

void RequestBuilder::readPlaceholders(Request &R) {
  auto Read = [&](llvm::StringRef Param, const JsonValue *&Json,
                  std::vector<PlaceholderDef> &Out) {
    Json = R.param(Param);
    if (!Json)
      return;
    if (!Json->isObject()) {
      if (Json->Unknown)
        return; // a map computed at run time: namesOpen() / valuesOpen()
      malformed(Json->range(File), Param.str() + " must be a map");
      return;
    }
    for (const JsonMember &M : Json->Members)
      Out.push_back({M.Key, M.keyRange(File), &M.Value});
  };
  Read("ExpressionAttributeNames", R.NamesJson, R.Names);
  Read("ExpressionAttributeValues", R.ValuesJson, R.Values);
}

void RequestBuilder::readExpressions(Request &R) {
  static const ExprKind Kinds[] = {ExprKind::KeyCondition, ExprKind::Filter,
                                   ExprKind::Condition, ExprKind::Projection,
                                   ExprKind::Update};
  for (ExprKind K : Kinds)
    if (const JsonValue *V = R.param(exprParamName(K))) {
      if (V->Unknown) {
        Expression E;
        E.Kind = K;
        E.Json = V;
        E.Range = V->range(File);
        E.Unknown = true;
        R.Expressions.push_back(std::move(E));
        continue;
      }
      R.Expressions.push_back(
          parseExpression(K, *V, File, R.Names, R.Values, R.namesOpen()));
    }
}

Request RequestBuilder::member(Operation Op, const JsonValue &Params,
                               Request &Parent) {
  Request M = build(Op, Params, Params.range(File));
  M.IsMember = true;
  M.ParentOp = Parent.Op;
  return M;
}

void RequestBuilder::readStatement(Request &R, const JsonValue &Stmt) {
  if (Stmt.Unknown) {
    R.StatementUnknown = true;
    return;
  }
  if (!Stmt.isString()) {
    malformed(Stmt.range(File), "Statement must be a string");
    return;
  }
  R.PartiQL = std::make_shared<Statement>(
      parsePartiQL(Stmt.Str, Stmt.contentOrigin(File)));
  R.TableName = R.PartiQL->Table;
  R.TableRange = R.PartiQL->TableRange;
  if (R.PartiQL->Index) {
    R.IndexName = R.PartiQL->Index;
    R.IndexRange = R.PartiQL->IndexRange;
  }
}

void RequestBuilder::readMembers(Request &R) {
  switch (R.Op) {
  case Operation::BatchGetItem:
  case Operation::BatchWriteItem: {
    const JsonValue *Items = R.param("RequestItems");
    if (!Items) {
      if (R.paramsOpen())
        return;
      return malformed(R.Range, "The requestItems parameter is required for " +
                                    operationName(R.Op).str());
    }
    if (!Items->isObject()) {
      if (Items->Unknown)
        return; // computed at run time
      return malformed(Items->range(File), "RequestItems must be a map");
    }
    for (const JsonMember &T : Items->Members) {
      auto Named = [&](Request M) {
        M.TableName = T.Key;
        M.TableRange = T.keyContentRange(File);
        R.Members.push_back(std::move(M));
      };
      if (R.Op == Operation::BatchGetItem) {
        if (!T.Value.isObject()) {
          if (T.Value.Unknown)
            continue;
          malformed(T.Value.range(File), "the value of RequestItems." + T.Key +
                                             " must be a map with Keys");
          continue;
        }
        Named(member(Operation::GetItem, T.Value, R));
        continue;
      }
      if (!T.Value.isArray()) {
        if (T.Value.Unknown)
          continue;
        malformed(T.Value.range(File), "the value of RequestItems." + T.Key +
                                           " must be a list of write requests");
        continue;
      }
      for (const JsonValue &W : T.Value.Elements) {
        const JsonValue *Put = W.get("PutRequest");
        const JsonValue *Del = W.get("DeleteRequest");
        // A write request computed at run time, or an open one that lists
        // neither kind, is not judged.
        if ((W.Unknown && !W.isObject()) ||
            (W.Unknown && !Put && !Del) ||
            (Put && Put->Unknown && !Put->isObject()) ||
            (Del && Del->Unknown && !Del->isObject()))
          continue;
        if ((Put == nullptr) == (Del == nullptr) ||
            !(Put ? Put : Del)->isObject()) {
          malformed(W.range(File), "a write request must hold exactly one of "
                                   "PutRequest and DeleteRequest");
          continue;
        }
        Named(member(Put ? Operation::PutItem : Operation::DeleteItem,
                     Put ? *Put : *Del, R));
      }
    }
    return;
  }
  case Operation::TransactGetItems:
  case Operation::TransactWriteItems: {
    const JsonValue *Items = R.param("TransactItems");
    if ((!Items && R.paramsOpen()) ||
        (Items && Items->Unknown && !Items->isArray()))
      return; // computed at run time
    if (!Items || !Items->isArray())
      return malformed(Items ? Items->range(File) : R.Range,
                       "TransactItems must be a list of actions");
    for (const JsonValue &A : Items->Elements) {
      if (A.Unknown && (!A.isObject() || A.Members.empty()))
        continue; // an action computed at run time
      const JsonMember *Action = A.isObject() && A.Members.size() == 1
                                     ? &A.Members.front()
                                     : nullptr;
      std::optional<Operation> Op;
      if (Action) {
        llvm::StringRef K = Action->Key;
        if (R.Op == Operation::TransactGetItems && K == "Get")
          Op = Operation::GetItem;
        else if (R.Op == Operation::TransactWriteItems) {
          if (K == "Put")
            Op = Operation::PutItem;
          else if (K == "Update")
            Op = Operation::UpdateItem;
          else if (K == "Delete")
            Op = Operation::DeleteItem;
          else if (K == "ConditionCheck")
            Op = Operation::ConditionCheck;
        }
      }
      // An open action map with one listed action is that action (DynamoDB
      // takes exactly one); an action whose parameters are computed at run
      // time is not judged.
      if (Op && Action->Value.Unknown && !Action->Value.isObject())
        continue;
      if (!Op || !Action->Value.isObject()) {
        malformed(A.range(File),
                  R.Op == Operation::TransactGetItems
                      ? "a TransactGetItems action must be {\"Get\": {...}}"
                      : "a TransactWriteItems action must hold exactly one "
                        "of Put, Update, Delete and ConditionCheck");
        continue;
      }
      R.Members.push_back(member(*Op, Action->Value, R));
      R.Members.back().MemberIndex =
          static_cast<unsigned>(&A - Items->Elements.data()) + 1;
    }
    return;
  }
  case Operation::BatchExecuteStatement:
  case Operation::ExecuteTransaction: {
    llvm::StringRef Param = R.Op == Operation::BatchExecuteStatement
                                ? "Statements"
                                : "TransactStatements";
    const JsonValue *List = R.param(Param);
    if ((!List && R.paramsOpen()) ||
        (List && List->Unknown && !List->isArray()))
      return; // computed at run time
    if (!List || !List->isArray())
      return malformed(List ? List->range(File) : R.Range,
                       Param.str() + " must be a list of statements");
    for (const JsonValue &S : List->Elements) {
      if (S.Unknown && (!S.isObject() || !S.get("Statement")))
        continue; // a statement entry computed at run time
      if (!S.isObject() || !S.get("Statement")) {
        malformed(S.range(File), "each entry of " + Param.str() +
                                     " must be {\"Statement\": \"...\"}");
        continue;
      }
      R.Members.push_back(member(Operation::ExecuteStatement, S, R));
    }
    return;
  }
  default:
    return;
  }
}

Request RequestBuilder::build(Operation Op, const JsonValue &Params,
                              SourceRange Range) {
  Request R;
  R.Op = Op;
  R.File = File;
  R.Range = Range;
  R.OperationRange = Range;
  R.Params = &Params;
  readTable(R);
  readPlaceholders(R);
  readExpressions(R);
  if (Op == Operation::ExecuteStatement)
    if (const JsonValue *S = R.param("Statement"))
      readStatement(R, *S);
  readMembers(R);
  return R;
}

const char *const WrapperHint =
    "wrap it as {\"operation\": \"<Query|Scan|GetItem|PutItem|UpdateItem|"
    "DeleteItem|BatchGetItem|BatchWriteItem|TransactGetItems|"
    "TransactWriteItems|ExecuteStatement|BatchExecuteStatement|"
    "ExecuteTransaction>\", \"request\": {...}}";

} // namespace

Request buildRequest(Operation Op, const JsonValue &Params, FileId File,
                     SourceRange Range, DiagnosticEngine &Diags) {
  return RequestBuilder(File, Diags).build(Op, Params, Range);
}

/// Marks a request read from a JSON file, and its members, as JSON text.
static void markJsonText(Request &R) {
  R.JsonText = true;
  for (Request &M : R.Members)
    markJsonText(M);
}

std::optional<RequestFile> readDynamoRequests(FileId File, llvm::StringRef Text,
                                              DiagnosticEngine &Diags) {
  json::JsonDocuments Parsed =
      json::parseJsonDocuments(Text, /*SplitTopLevelArray=*/true);
  bool Any = false;
  for (const JsonValue &D : Parsed.Documents)
    Any |= looksLikeRequest(D);
  if (Parsed.Error && (Any ||
                       (Text.contains("\"operation\"") &&
                        Text.contains("\"request\"")) ||
                       Text.contains("\"TableName\"") ||
                       Text.contains("\"Statement\""))) {
    uint32_t Off = Parsed.Error->Offset;
    Diags.report(RuleId::InputError, Dialect::DynamoDb,
                 SourceRange(File, Off, Off < Text.size() ? Off + 1 : Off),
                 "invalid JSON in a DynamoDB request file: " +
                     Parsed.Error->Message);
    Any = true;
  }
  if (!Any)
    return std::nullopt;

  RequestFile Out;
  Out.File = File;
  RequestBuilder Builder(File, Diags);
  for (JsonValue &D : Parsed.Documents) {
    Out.Documents.push_back(std::make_unique<JsonValue>(std::move(D)));
    const JsonValue &Doc = *Out.Documents.back();
    SourceRange Range = Doc.range(File);
    if (!Doc.isObject()) {
      Diags.report(RuleId::InputError, Dialect::DynamoDb, Range,
                   "not a DynamoDB request: expected an object; " +
                       std::string(WrapperHint));
      continue;
    }
    if (const JsonMember *OpM = Doc.member("operation")) {
      const JsonValue *Params = Doc.get("request");
      std::optional<Operation> Op;
      if (OpM->Value.isString())
        Op = parseOperation(OpM->Value.Str);
      if (!Op) {
        Diags.report(RuleId::InputError, Dialect::DynamoDb,
                     OpM->Value.range(File),
                     "unknown DynamoDB operation " +
                         (OpM->Value.isString() ? "'" + OpM->Value.Str + "'"
                                                : std::string("(not a string)")) +
                         "; expected one of Query, Scan, GetItem, PutItem, "
                         "UpdateItem, DeleteItem, BatchGetItem, "
                         "BatchWriteItem, TransactGetItems, "
                         "TransactWriteItems, ExecuteStatement, "
                         "BatchExecuteStatement, ExecuteTransaction");
        continue;
      }
      if (!Params || !Params->isObject()) {
        Diags.report(RuleId::InputError, Dialect::DynamoDb,
                     Params ? Params->range(File) : Range,
                     "the wrapper needs the request parameters as an "
                     "object: {\"operation\": \"" + OpM->Value.Str +
                         "\", \"request\": {...}}");
        continue;
      }
      Request R = Builder.build(*Op, *Params, Range);
      R.OperationRange = OpM->Value.contentRange(File);
      Out.Requests.push_back(std::move(R));
      continue;
    }
    if (!looksLikeRequest(Doc)) {
      if (isCreateTableLike(Doc))
        continue; // a table definition beside requests: the schema's business
      Diags.report(RuleId::InputError, Dialect::DynamoDb, Range,
                   "not a DynamoDB request; " + std::string(WrapperHint));
      continue;
    }
    std::string Why;
    std::optional<Operation> Op = inferOperation(Doc, Why);
    if (!Op) {
      std::string Hint =
          Doc.get("Key")
              ? "wrap it as {\"operation\": \"GetItem\", \"request\": "
                "{...}} (or \"DeleteItem\")"
              : std::string(WrapperHint);
      Diags.report(RuleId::InputError, Dialect::DynamoDb, Range,
                   "ambiguous DynamoDB request (" + Why + "); " + Hint);
      continue;
    }
    Request R = Builder.build(*Op, Doc, Range);
    R.Inferred = true;
    Out.Requests.push_back(std::move(R));
  }
  for (Request &R : Out.Requests)
    markJsonText(R);
  return Out;
}

} // namespace nosqlint::dynamo
