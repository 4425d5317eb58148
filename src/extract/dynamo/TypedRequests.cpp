//===- TypedRequests.cpp - The model of DynamoDB's typed request objects --===//
#include "TypedRequests.h"

#include "llvm/ADT/StringExtras.h"

#include <algorithm>
#include <cstring>

namespace nosqlint::extract::sdk::typed {

namespace {

// Parameters several structures share.
#define TABLE {"TableName", "S"}
#define EAN {"ExpressionAttributeNames", "{S}"}
#define EAV {"ExpressionAttributeValues", "{AV}"}
#define RCC {"ReturnConsumedCapacity", "S"}
#define RICM {"ReturnItemCollectionMetrics", "S"}
#define RVOCCF {"ReturnValuesOnConditionCheckFailure", "S"}

const Member QueryM[] = {
    TABLE, {"IndexName", "S"}, {"Select", "S"}, {"AttributesToGet", "[S]"},
    {"Limit", "N"}, {"ConsistentRead", "Z"}, {"KeyConditions", "{Condition}"},
    {"QueryFilter", "{Condition}"}, {"ConditionalOperator", "S"},
    {"ScanIndexForward", "Z"}, {"ExclusiveStartKey", "{AV}"}, RCC,
    {"ProjectionExpression", "S"}, {"FilterExpression", "S"},
    {"KeyConditionExpression", "S"}, EAN, EAV};
const Member ScanM[] = {
    TABLE, {"IndexName", "S"}, {"AttributesToGet", "[S]"}, {"Limit", "N"},
    {"Select", "S"}, {"ScanFilter", "{Condition}"},
    {"ConditionalOperator", "S"}, {"ExclusiveStartKey", "{AV}"}, RCC,
    {"TotalSegments", "N"}, {"Segment", "N"}, {"ProjectionExpression", "S"},
    {"FilterExpression", "S"}, EAN, EAV, {"ConsistentRead", "Z"}};
const Member GetItemM[] = {TABLE, {"Key", "{AV}"}, {"AttributesToGet", "[S]"},
                           {"ConsistentRead", "Z"}, RCC,
                           {"ProjectionExpression", "S"}, EAN};
const Member PutItemM[] = {
    TABLE, {"Item", "{AV}"}, {"Expected", "{ExpectedAttributeValue}"},
    {"ReturnValues", "S"}, RCC, RICM, {"ConditionalOperator", "S"},
    {"ConditionExpression", "S"}, EAN, EAV, RVOCCF};
const Member UpdateItemM[] = {
    TABLE, {"Key", "{AV}"}, {"AttributeUpdates", "{AttributeValueUpdate}"},
    {"Expected", "{ExpectedAttributeValue}"}, {"ConditionalOperator", "S"},
    {"ReturnValues", "S"}, RCC, RICM, {"UpdateExpression", "S"},
    {"ConditionExpression", "S"}, EAN, EAV, RVOCCF};
const Member DeleteItemM[] = {
    TABLE, {"Key", "{AV}"}, {"Expected", "{ExpectedAttributeValue}"},
    {"ConditionalOperator", "S"}, {"ReturnValues", "S"}, RCC, RICM,
    {"ConditionExpression", "S"}, EAN, EAV, RVOCCF};
const Member BatchGetItemM[] = {{"RequestItems", "{KeysAndAttributes}"}, RCC};
const Member KeysAndAttributesM[] = {
    {"Keys", "[{AV}]"}, {"AttributesToGet", "[S]"}, {"ConsistentRead", "Z"},
    {"ProjectionExpression", "S"}, EAN};
const Member BatchWriteItemM[] = {{"RequestItems", "{[WriteRequest]}"}, RCC,
                                  RICM};
const Member WriteRequestM[] = {{"PutRequest", "PutRequest"},
                                {"DeleteRequest", "DeleteRequest"}};
const Member PutRequestM[] = {{"Item", "{AV}"}};
const Member DeleteRequestM[] = {{"Key", "{AV}"}};
const Member TransactGetItemsM[] = {{"TransactItems", "[TransactGetItem]"},
                                    RCC};
const Member TransactGetItemM[] = {{"Get", "Get"}};
const Member GetM[] = {{"Key", "{AV}"}, TABLE, {"ProjectionExpression", "S"},
                       EAN};
const Member TransactWriteItemsM[] = {
    {"TransactItems", "[TransactWriteItem]"}, RCC, RICM,
    {"ClientRequestToken", "S"}};
const Member TransactWriteItemM[] = {{"ConditionCheck", "ConditionCheck"},
                                     {"Put", "Put"},
                                     {"Delete", "Delete"},
                                     {"Update", "Update"}};
const Member ConditionCheckM[] = {{"Key", "{AV}"}, TABLE,
                                  {"ConditionExpression", "S"}, EAN, EAV,
                                  RVOCCF};
const Member PutM[] = {{"Item", "{AV}"}, TABLE, {"ConditionExpression", "S"},
                       EAN, EAV, RVOCCF};
const Member DeleteM[] = {{"Key", "{AV}"}, TABLE, {"ConditionExpression", "S"},
                          EAN, EAV, RVOCCF};
const Member UpdateM[] = {{"Key", "{AV}"}, {"UpdateExpression", "S"}, TABLE,
                          {"ConditionExpression", "S"}, EAN, EAV, RVOCCF};
const Member ExecuteStatementM[] = {
    {"Statement", "S"}, {"Parameters", "[AV]"}, {"ConsistentRead", "Z"},
    {"NextToken", "S"}, RCC, {"Limit", "N"}, RVOCCF};
const Member BatchExecuteStatementM[] = {
    {"Statements", "[BatchStatementRequest]"}, RCC};
const Member BatchStatementRequestM[] = {{"Statement", "S"},
                                         {"Parameters", "[AV]"},
                                         {"ConsistentRead", "Z"}, RVOCCF};
const Member ExecuteTransactionM[] = {
    {"TransactStatements", "[ParameterizedStatement]"},
    {"ClientRequestToken", "S"}, RCC};
const Member ParameterizedStatementM[] = {
    {"Statement", "S"}, {"Parameters", "[AV]"}, RVOCCF};
// CreateTable: a table definition in code. Settings nothing is read from
// (streams, encryption, tags) are "?".
const Member CreateTableM[] = {
    {"AttributeDefinitions", "[AttributeDefinition]"}, TABLE,
    {"KeySchema", "[KeySchemaElement]"},
    {"LocalSecondaryIndexes", "[LocalSecondaryIndex]"},
    {"GlobalSecondaryIndexes", "[GlobalSecondaryIndex]"},
    {"BillingMode", "S"}, {"ProvisionedThroughput", "ProvisionedThroughput"},
    {"StreamSpecification", "?"}, {"SSESpecification", "?"}, {"Tags", "?"},
    {"TableClass", "S"}, {"DeletionProtectionEnabled", "Z"},
    {"OnDemandThroughput", "?"}, {"ResourcePolicy", "?"},
    {"WarmThroughput", "?"}};
// UpdateTable: the indexes it creates or deletes join the table's
// definition (applyDynamoTableUpdateFromCode).
const Member UpdateTableM[] = {
    {"AttributeDefinitions", "[AttributeDefinition]"}, TABLE,
    {"GlobalSecondaryIndexUpdates", "[GlobalSecondaryIndexUpdate]"},
    {"BillingMode", "S"}, {"ProvisionedThroughput", "ProvisionedThroughput"},
    {"StreamSpecification", "?"}, {"SSESpecification", "?"},
    {"ReplicaUpdates", "?"}, {"TableClass", "S"},
    {"DeletionProtectionEnabled", "Z"}, {"OnDemandThroughput", "?"},
    {"WarmThroughput", "?"}};
const Member GlobalSecondaryIndexUpdateM[] = {
    {"Create", "CreateGlobalSecondaryIndexAction"},
    {"Delete", "DeleteGlobalSecondaryIndexAction"},
    {"Update", "?"}};
const Member CreateGlobalSecondaryIndexActionM[] = {
    {"IndexName", "S"}, {"KeySchema", "[KeySchemaElement]"},
    {"Projection", "Projection"},
    {"ProvisionedThroughput", "ProvisionedThroughput"},
    {"OnDemandThroughput", "?"}, {"WarmThroughput", "?"}};
const Member DeleteGlobalSecondaryIndexActionM[] = {{"IndexName", "S"}};
const Member AttributeDefinitionM[] = {{"AttributeName", "S"},
                                       {"AttributeType", "S"}};
const Member KeySchemaElementM[] = {{"AttributeName", "S"}, {"KeyType", "S"}};
const Member ProjectionM[] = {{"ProjectionType", "S"},
                              {"NonKeyAttributes", "[S]"}};
const Member ProvisionedThroughputM[] = {{"ReadCapacityUnits", "N"},
                                         {"WriteCapacityUnits", "N"}};
const Member GlobalSecondaryIndexM[] = {
    {"IndexName", "S"}, {"KeySchema", "[KeySchemaElement]"},
    {"Projection", "Projection"},
    {"ProvisionedThroughput", "ProvisionedThroughput"},
    {"OnDemandThroughput", "?"}, {"WarmThroughput", "?"}};
const Member LocalSecondaryIndexM[] = {{"IndexName", "S"},
                                       {"KeySchema", "[KeySchemaElement]"},
                                       {"Projection", "Projection"}};
const Member ConditionM[] = {{"AttributeValueList", "[AV]"},
                             {"ComparisonOperator", "S"}};
const Member ExpectedAttributeValueM[] = {{"Value", "AV"},
                                          {"Exists", "Z"},
                                          {"ComparisonOperator", "S"},
                                          {"AttributeValueList", "[AV]"}};
const Member AttributeValueUpdateM[] = {{"Value", "AV"}, {"Action", "S"}};
// The union's members; N and NS hold numbers written as strings.
const Member AttributeValueM[] = {
    {"S", "S"},   {"N", "S"},    {"B", "?"},    {"SS", "[S]"},
    {"NS", "[S]"}, {"BS", "?"},  {"M", "{AV}"}, {"L", "[AV]"},
    {"NULL", "Z"}, {"BOOL", "Z"}};

#undef TABLE
#undef EAN
#undef EAV
#undef RCC
#undef RICM
#undef RVOCCF

const Shape Shapes[] = {
    {"Query", QueryM},
    {"Scan", ScanM},
    {"GetItem", GetItemM},
    {"PutItem", PutItemM},
    {"UpdateItem", UpdateItemM},
    {"DeleteItem", DeleteItemM},
    {"BatchGetItem", BatchGetItemM},
    {"BatchWriteItem", BatchWriteItemM},
    {"TransactGetItems", TransactGetItemsM},
    {"TransactWriteItems", TransactWriteItemsM},
    {"ExecuteStatement", ExecuteStatementM},
    {"BatchExecuteStatement", BatchExecuteStatementM},
    {"ExecuteTransaction", ExecuteTransactionM},
    {"CreateTable", CreateTableM},
    {"UpdateTable", UpdateTableM},
    {"KeysAndAttributes", KeysAndAttributesM},
    {"WriteRequest", WriteRequestM, /*Union=*/true},
    {"PutRequest", PutRequestM},
    {"DeleteRequest", DeleteRequestM},
    {"TransactGetItem", TransactGetItemM, /*Union=*/true},
    {"Get", GetM},
    {"TransactWriteItem", TransactWriteItemM, /*Union=*/true},
    {"ConditionCheck", ConditionCheckM},
    {"Put", PutM},
    {"Delete", DeleteM},
    {"Update", UpdateM},
    {"BatchStatementRequest", BatchStatementRequestM},
    {"ParameterizedStatement", ParameterizedStatementM},
    {"Condition", ConditionM},
    {"ExpectedAttributeValue", ExpectedAttributeValueM},
    {"AttributeValueUpdate", AttributeValueUpdateM},
    {"AttributeValue", AttributeValueM, /*Union=*/true},
    {"AttributeDefinition", AttributeDefinitionM},
    {"KeySchemaElement", KeySchemaElementM},
    {"Projection", ProjectionM},
    {"ProvisionedThroughput", ProvisionedThroughputM},
    {"GlobalSecondaryIndex", GlobalSecondaryIndexM},
    {"GlobalSecondaryIndexUpdate", GlobalSecondaryIndexUpdateM, /*Union=*/true},
    {"CreateGlobalSecondaryIndexAction", CreateGlobalSecondaryIndexActionM},
    {"DeleteGlobalSecondaryIndexAction", DeleteGlobalSecondaryIndexActionM},
    {"LocalSecondaryIndex", LocalSecondaryIndexM},
};

/// The first 14 shapes are the operations.
constexpr size_t OperationCount = 15;

struct EnumSpec {
  llvm::StringLiteral Name;
  llvm::ArrayRef<llvm::StringLiteral> Values;
};
const llvm::StringLiteral SelectV[] = {"ALL_ATTRIBUTES",
                                       "ALL_PROJECTED_ATTRIBUTES",
                                       "SPECIFIC_ATTRIBUTES", "COUNT"};
const llvm::StringLiteral ReturnValueV[] = {"NONE", "ALL_OLD", "UPDATED_OLD",
                                            "ALL_NEW", "UPDATED_NEW"};
const llvm::StringLiteral CapacityV[] = {"INDEXES", "TOTAL", "NONE"};
const llvm::StringLiteral MetricsV[] = {"SIZE", "NONE"};
const llvm::StringLiteral ConditionalV[] = {"AND", "OR"};
const llvm::StringLiteral ComparisonV[] = {
    "EQ",      "NE",       "IN",       "LE",           "LT",
    "GE",      "GT",       "BETWEEN",  "NOT_NULL",     "NULL",
    "CONTAINS", "NOT_CONTAINS", "BEGINS_WITH"};
const llvm::StringLiteral ActionV[] = {"ADD", "PUT", "DELETE"};
const llvm::StringLiteral FailureV[] = {"ALL_OLD", "NONE"};
const llvm::StringLiteral KeyTypeV[] = {"HASH", "RANGE"};
const llvm::StringLiteral ScalarTypeV[] = {"S", "N", "B"};
const llvm::StringLiteral ProjectionTypeV[] = {"ALL", "KEYS_ONLY", "INCLUDE"};
const llvm::StringLiteral BillingModeV[] = {"PROVISIONED", "PAY_PER_REQUEST"};
const llvm::StringLiteral TableClassV[] = {"STANDARD",
                                           "STANDARD_INFREQUENT_ACCESS"};
// Longest names first: Go constants are the enum's name + the value.
const EnumSpec Enums[] = {
    {"ReturnValuesOnConditionCheckFailure", FailureV},
    {"ReturnItemCollectionMetrics", MetricsV},
    {"ReturnConsumedCapacity", CapacityV},
    {"ScalarAttributeType", ScalarTypeV},
    {"ConditionalOperator", ConditionalV},
    {"ComparisonOperator", ComparisonV},
    {"AttributeAction", ActionV},
    {"ProjectionType", ProjectionTypeV},
    {"BillingMode", BillingModeV},
    {"ReturnValue", ReturnValueV},
    {"TableClass", TableClassV},
    {"KeyType", KeyTypeV},
    {"Select", SelectV},
};

/// ALL_NEW -> AllNew (how Go spells enum values in constant names).
std::string goCamel(llvm::StringRef V) {
  std::string Out;
  bool Upper = true;
  for (char Ch : V) {
    if (Ch == '_') {
      Upper = true;
      continue;
    }
    Out += Upper ? llvm::toUpper(Ch) : llvm::toLower(Ch);
    Upper = false;
  }
  return Out;
}

bool isWordChar(char Ch) { return llvm::isAlnum(Ch) || Ch == '_' || Ch == '$'; }

} // namespace

const Shape *findShape(llvm::StringRef Name) {
  for (const Shape &S : Shapes)
    if (S.Name == Name)
      return &S;
  return nullptr;
}

const Member *findMember(const Shape &S, llvm::StringRef Name) {
  for (const Member &M : S.Members)
    if (M.Wire.equals_insensitive(Name))
      return &M;
  return nullptr;
}

std::optional<llvm::StringRef> operationOfType(llvm::StringRef TypeName,
                                               llvm::StringRef Suffix) {
  if (!TypeName.consume_back(Suffix))
    return std::nullopt;
  for (size_t I = 0; I < OperationCount; ++I)
    if (Shapes[I].Name == TypeName)
      return llvm::StringRef(Shapes[I].Name);
  return std::nullopt;
}

std::optional<llvm::StringRef> operationOfMethod(llvm::StringRef Method) {
  if (Method.empty())
    return std::nullopt;
  for (size_t I = 0; I < OperationCount; ++I) {
    llvm::StringRef Op = Shapes[I].Name;
    if (Op.size() == Method.size() &&
        llvm::toUpper(Method[0]) == Op[0] && Method.drop_front() == Op.drop_front())
      return Op;
  }
  return std::nullopt;
}

std::optional<std::string> enumConstant(llvm::StringRef Enum,
                                        llvm::StringRef Constant) {
  for (const EnumSpec &E : Enums)
    if (E.Name == Enum)
      for (llvm::StringRef V : E.Values)
        if (V == Constant)
          return V.str();
  return std::nullopt;
}

std::optional<std::string> goEnumConstant(llvm::StringRef Name) {
  for (const EnumSpec &E : Enums) {
    llvm::StringRef Rest = Name;
    if (!Rest.consume_front(E.Name))
      continue;
    for (llvm::StringRef V : E.Values)
      if (Rest == goCamel(V))
        return V.str();
  }
  return std::nullopt;
}

namespace {

/// The parameters a v1 constructor's arguments set, by class and arity.
struct V1Constructor {
  llvm::StringLiteral Class;
  unsigned Arity;
  llvm::StringRef Members[4];
};

const V1Constructor V1Constructors[] = {
    {"Query", 1, {"TableName"}},
    {"Scan", 1, {"TableName"}},
    {"GetItem", 2, {"TableName", "Key"}},
    {"GetItem", 3, {"TableName", "Key", "ConsistentRead"}},
    {"PutItem", 2, {"TableName", "Item"}},
    {"PutItem", 3, {"TableName", "Item", "ReturnValues"}},
    {"DeleteItem", 2, {"TableName", "Key"}},
    {"DeleteItem", 3, {"TableName", "Key", "ReturnValues"}},
    {"UpdateItem", 3, {"TableName", "Key", "AttributeUpdates"}},
    {"UpdateItem", 4, {"TableName", "Key", "AttributeUpdates", "ReturnValues"}},
    {"BatchGetItem", 1, {"RequestItems"}},
    {"BatchGetItem", 2, {"RequestItems", "ReturnConsumedCapacity"}},
    {"BatchWriteItem", 1, {"RequestItems"}},
    {"CreateTable", 2, {"TableName", "KeySchema"}},
    {"CreateTable", 4,
     {"AttributeDefinitions", "TableName", "KeySchema",
      "ProvisionedThroughput"}},
    {"PutRequest", 1, {"Item"}},
    {"DeleteRequest", 1, {"Key"}},
    {"KeySchemaElement", 2, {"AttributeName", "KeyType"}},
    {"AttributeDefinition", 2, {"AttributeName", "AttributeType"}},
    {"ProvisionedThroughput", 2, {"ReadCapacityUnits", "WriteCapacityUnits"}},
    {"ExpectedAttributeValue", 1, {"Value"}},
    {"AttributeValueUpdate", 2, {"Value", "Action"}},
    {"Condition", 0, {}},
};

} // namespace

std::optional<llvm::ArrayRef<llvm::StringRef>>
v1ConstructorMembers(llvm::StringRef Shape, size_t Arity) {
  for (const V1Constructor &K : V1Constructors)
    if (K.Class == Shape && K.Arity == Arity)
      return llvm::ArrayRef<llvm::StringRef>(K.Members, K.Arity);
  return std::nullopt;
}

//===----------------------------------------------------------------------===//
// TypedBuilder
//===----------------------------------------------------------------------===//

Built TypedBuilder::value(TSNode N, llvm::StringRef Type, unsigned Depth) {
  if (Depth > MaxDepth)
    return opaque(N, Type);
  if (Type == "S")
    return stringValue(N, Depth);
  if (Type == "N")
    return numberValue(N, Depth);
  if (Type == "Z")
    return boolValue(N, Depth);
  if (Type == "AV")
    return attributeValue(N, Depth);
  if (isMapType(Type))
    return mapValue(N, elementType(Type), Depth);
  if (isListType(Type))
    return listValue(N, elementType(Type), Depth);
  if (const Shape *S = findShape(Type))
    return structValue(N, *S, Depth);
  return opaque(N, Type);
}

bool TypedBuilder::reassigned(TSNode N) const {
  if (llvm::StringRef(ts_node_type(N)) != "identifier")
    return false;
  indexWords();
  auto It = AssignCount.find(C.Eval.text(N));
  return It != AssignCount.end() && It->second > 1;
}

Built TypedBuilder::stringValue(TSNode N, unsigned) {
  if (reassigned(N))
    return opaque(N, "S");
  return {Json.string(N)};
}

Built TypedBuilder::numberValue(TSNode N, unsigned) {
  if (reassigned(N))
    return opaque(N, "N");
  return {Json.number(N)};
}

Built TypedBuilder::boolValue(TSNode N, unsigned) { return {Json.boolean(N)}; }

Built TypedBuilder::opaque(TSNode N, llvm::StringRef Type) const {
  JsonValue V = Json.unknown(N);
  if (Type == "S")
    V.K = JsonValue::Kind::String;
  else if (Type == "N")
    V.K = JsonValue::Kind::Number;
  else if (Type == "Z")
    V.K = JsonValue::Kind::Bool;
  else if (isListType(Type))
    V.K = JsonValue::Kind::Array;
  else if (isMapType(Type) || findShape(Type))
    V.K = JsonValue::Kind::Object;
  if (V.K == JsonValue::Kind::String) {
    V.ContentBegin = V.Begin;
    V.ContentEnd = V.End;
  }
  return {std::move(V), /*Opaque=*/true};
}

JsonValue TypedBuilder::emptyObject(TSNode N, bool Open) const {
  JsonValue V = Json.object(N);
  V.Unknown = Open;
  return V;
}

JsonValue TypedBuilder::emptyArray(TSNode N, bool Open) const {
  JsonValue V = Json.array(N);
  V.Unknown = Open;
  return V;
}

JsonValue TypedBuilder::constantString(TSNode N, llvm::StringRef Text) const {
  TextOrigin O(C.File);
  uint32_t B = ts_node_start_byte(N), E = ts_node_end_byte(N);
  O.addSegment(0, static_cast<uint32_t>(Text.size()), B, E - B);
  return Json.synthesized(N, Text.str(), std::move(O));
}

void TypedBuilder::setMember(JsonValue &Obj, llvm::StringRef Wire, JsonValue V,
                             std::optional<TSNode> KeyNode) {
  for (auto It = Obj.Members.begin(); It != Obj.Members.end(); ++It)
    if (It->Key == Wire) {
      Obj.Members.erase(It);
      break;
    }
  HostJson::add(Obj, Wire, std::move(V), KeyNode);
}

void TypedBuilder::addElement(JsonValue &Arr, Built E,
                              llvm::StringRef ElemType) {
  if (E.Opaque && !isScalarType(ElemType)) {
    Arr.Unknown = true;
    return;
  }
  Arr.Elements.push_back(std::move(E.V));
}

void TypedBuilder::addEntry(JsonValue &Map, TSNode KeyNode, Built E,
                            llvm::StringRef ElemType) {
  JsonValue Key = Json.string(KeyNode);
  if (Key.Unknown || !Key.isString() || (E.Opaque && !isScalarType(ElemType))) {
    Map.Unknown = true;
    return;
  }
  setMember(Map, Key.Str, std::move(E.V), KeyNode);
}

std::optional<TSNode> TypedBuilder::follow(TSNode Name, bool &Mentioned) const {
  Mentioned = false;
  llvm::StringRef Id = C.Eval.text(Name);
  if (Id.empty() || !llvm::all_of(Id, isWordChar))
    return std::nullopt;
  uint32_t Use = ts_node_start_byte(Name);
  std::optional<TSNode> V = C.Eval.declarationValue(Id, Use);
  if (!V)
    return std::nullopt;
  // Not a value that contains the use itself (`x := f(x)`).
  if (ts_node_start_byte(*V) <= Use && Use < ts_node_end_byte(*V))
    return std::nullopt;
  // Occurrences of the name other than its declaration and this use.
  indexWords();
  // A variable assigned again holds one of several values.
  if (reassigned(Name))
    return std::nullopt;
  auto It = WordPositions.find(Id);
  size_t Count = It == WordPositions.end() ? 0 : It->second.size();
  Mentioned = Count > 2;
  return V;
}
bool TypedBuilder::mayChangeLater(TSNode Site) const {
  TSNode P = ts_node_parent(Site);
  while (!ts_node_is_null(P) &&
         (llvm::StringRef(ts_node_type(P)) == "expression_list" ||
          llvm::StringRef(ts_node_type(P)) == "parenthesized_expression"))
    P = ts_node_parent(P);
  // Returned to a caller, which may set more.
  if (!ts_node_is_null(P) &&
      llvm::StringRef(ts_node_type(P)) == "return_statement")
    return true;
  std::optional<llvm::StringRef> Var = C.Eval.declaredName(Site);
  if (!Var)
    return false;
  // `in.Limit = aws.Int32(5)`, `req.Limit = 5;`
  if (assignedLater(*Var, ts_node_end_byte(Site)))
    return true;
  // Used more than once in its function (passed to a helper, then sent):
  // any of the uses may change it.
  TSNode F = Site;
  for (TSNode Up = ts_node_parent(Site); !ts_node_is_null(Up);
       Up = ts_node_parent(Up)) {
    F = Up;
    llvm::StringRef T = ts_node_type(Up);
    if (T == "function_declaration" || T == "method_declaration" ||
        T == "func_literal" || T == "constructor_declaration" ||
        T == "local_function_statement" || T == "lambda_expression" ||
        T == "accessor_declaration" || T == "anonymous_method_expression")
      break;
  }
  indexWords();
  auto It = WordPositions.find(*Var);
  if (It == WordPositions.end())
    return false;
  const std::vector<uint32_t> &Pos = It->second;
  auto First = std::lower_bound(Pos.begin(), Pos.end(), ts_node_start_byte(F));
  auto Last = std::lower_bound(Pos.begin(), Pos.end(), ts_node_end_byte(F));
  size_t Count = static_cast<size_t>(Last - First);
  return Count > 2;
}

void TypedBuilder::indexWords() const {
  if (WordsIndexed)
    return;
  WordsIndexed = true;
  llvm::StringRef Src = C.Src;
  size_t P = 0;
  while (P < Src.size()) {
    if (!isWordChar(Src[P])) {
      ++P;
      continue;
    }
    size_t B = P;
    while (P < Src.size() && isWordChar(Src[P]))
      ++P;
    llvm::StringRef Word = Src.slice(B, P);
    WordPositions[Word].push_back(static_cast<uint32_t>(B));
    // Word = ..., Word := ... (a declaration, or the variable assigned again)
    if (B == 0 || Src[B - 1] != '.') {
      size_t Q = P;
      while (Q < Src.size() && (Src[Q] == ' ' || Src[Q] == '\t'))
        ++Q;
      if (Q + 1 < Src.size() &&
          ((Src[Q] == '=' && Src[Q + 1] != '=') ||
           (Src[Q] == ':' && Src[Q + 1] == '=')))
        ++AssignCount[Word];
    }
    // Word.<field> = ... (not ==)
    size_t Q = P;
    if (Q >= Src.size() || Src[Q] != '.')
      continue;
    ++Q;
    size_t FieldBegin = Q;
    while (Q < Src.size() && isWordChar(Src[Q]))
      ++Q;
    if (Q == FieldBegin)
      continue;
    while (Q < Src.size() && (Src[Q] == ' ' || Src[Q] == '\t'))
      ++Q;
    if (Q + 1 < Src.size() && Src[Q] == '=' && Src[Q + 1] != '=')
      LastFieldAssignment[Word] = static_cast<uint32_t>(B);
  }
}

void TypedBuilder::guardTableDefinition(TSNode Site, JsonValue &Params) const {
  std::optional<llvm::StringRef> Var = C.Eval.declaredName(Site);
  if (!Var || Var->empty())
    return;
  llvm::StringRef Rest = C.Src.drop_front(ts_node_end_byte(Site));
  bool Touched = false;
  for (llvm::StringRef Field :
       {"TableName", "KeySchema", "AttributeDefinitions",
        "GlobalSecondaryIndexes", "LocalSecondaryIndexes"}) {
    std::string Probe = Var->str();
    Probe += '.';
    Probe += Field.str();
    for (size_t At = Rest.find(Probe); At != llvm::StringRef::npos && !Touched;
         At = Rest.find(Probe, At + 1)) {
      bool Begins = At == 0 || !isWordChar(Rest[At - 1]);
      size_t After = At + Probe.size();
      bool Ends = After >= Rest.size() || !isWordChar(Rest[After]);
      Touched = Begins && Ends;
    }
  }
  if (!Touched)
    return;
  for (json::JsonMember &M : Params.Members)
    if (M.Key == "TableName")
      M.Value.Unknown = true;
}

bool TypedBuilder::assignedLater(llvm::StringRef Name, uint32_t From) const {
  indexWords();
  auto It = LastFieldAssignment.find(Name);
  return It != LastFieldAssignment.end() && It->second >= From;
}

void TypedBuilder::addKeyTerms(JsonValue &Params, TSNode At,
                               llvm::ArrayRef<KeyTerm> Terms) const {
  // `#k0 = :k0_0 AND begins_with(#k1, :k1_0)`: each piece of the text maps
  // to the call that states it, each value's placeholder to the value.
  std::string Text;
  TextOrigin O(C.File);
  auto Span = [&](llvm::StringRef S, uint32_t B, uint32_t E) {
    O.addSegment(static_cast<uint32_t>(Text.size()),
                 static_cast<uint32_t>(S.size()), B, E - B);
    Text += S.str();
  };
  auto Piece = [&](llvm::StringRef S, TSNode N) {
    Span(S, ts_node_start_byte(N), ts_node_end_byte(N));
  };
  auto ValuePiece = [&](llvm::StringRef S, const Built &V, TSNode N) {
    if (V.V.End > V.V.Begin)
      Span(S, V.V.Begin, V.V.End);
    else
      Piece(S, N);
  };
  JsonValue *Names = nullptr, *Values = nullptr;
  auto Slot = [&](llvm::StringRef Wire) -> JsonValue * {
    for (json::JsonMember &M : Params.Members)
      if (M.Key == Wire)
        return &M.Value;
    setMember(Params, Wire, Json.object(At), std::nullopt);
    return &Params.Members.back().Value;
  };
  // Both made first: adding a member moves the others.
  Slot("ExpressionAttributeNames");
  Slot("ExpressionAttributeValues");
  Names = Slot("ExpressionAttributeNames");
  Values = Slot("ExpressionAttributeValues");
  unsigned Next = 0;
  for (const KeyTerm &T : Terms) {
    if (!Text.empty())
      Piece(" AND ", T.At);
    std::string Name = "#k" + std::to_string(Next);
    llvm::SmallVector<std::string, 2> Vals;
    for (size_t I = 0; I < T.Values.size(); ++I)
      Vals.push_back(":k" + std::to_string(Next) + "_" + std::to_string(I));
    ++Next;
    if (T.Op == "begins_with") {
      Piece("begins_with(" + Name + ", ", T.At);
      ValuePiece(Vals[0], T.Values[0], T.At);
      Piece(")", T.At);
    } else if (T.Op == "BETWEEN") {
      Piece(Name + " BETWEEN ", T.At);
      ValuePiece(Vals[0], T.Values[0], T.At);
      Piece(" AND ", T.At);
      ValuePiece(Vals[1], T.Values[1], T.At);
    } else {
      Piece(Name + " " + T.Op + " ", T.At);
      ValuePiece(Vals[0], T.Values[0], T.At);
    }
    if (Names->isObject())
      HostJson::add(*Names, Name, T.Name);
    for (size_t I = 0; I < T.Values.size(); ++I)
      if (Values->isObject())
        HostJson::add(*Values, Vals[I], T.Values[I].V);
  }
  setMember(Params, "KeyConditionExpression",
            Json.synthesized(At, std::move(Text), std::move(O)), std::nullopt);
}

} // namespace nosqlint::extract::sdk::typed
