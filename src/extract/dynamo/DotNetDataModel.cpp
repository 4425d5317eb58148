//===- DotNetDataModel.cpp - DynamoDBContext calls (AWS SDK for .NET) -----===//
//
// The object persistence model's context names the class it maps; its
// [DynamoDBTable] and key attributes (DotNetDataModels.cpp) say the table
// and its keys:
//
//   await ctx.QueryAsync<Order>(customerId, QueryOperator.BeginsWith, "2024")
//       .GetRemainingAsync();
//   ctx.QueryAsync<Order>(status, new DynamoDBOperationConfig {
//       IndexName = "by-status", BackwardQuery = true });
//   ctx.ScanAsync<Order>(conditions);                 // a full scan
//   ctx.LoadAsync<Order>(customerId, orderId);        // GetItem
//   ctx.SaveAsync(order); ctx.DeleteAsync<Order>(customerId, orderId);
//   ctx.FromQueryAsync<Order>(new QueryOperationConfig { KeyExpression = .. });
//
// Each becomes the request the context sends, on the table of the mapped
// class, which is often declared in another file: the request carries the
// class's candidate qualified names (ModelClass, one per namespace the file
// opens, newline-separated) and stand-ins for what the class decides (an
// unknown TableName, "@hash" / "@range" key names, #names valued "@hash"
// and "@range" for the keys of the table or index queried), which
// resolveMapperRequests replaces once every file is read. The context
// sends the hash and range conditions as KeyConditions; they are written
// as the equivalent KeyConditionExpression, and ScanConditions as a filter
// the code computes. Values are the arguments' (a literal's type, else
// unknown); an object's keys and attributes are computed at run time.
//
// This file also holds the names the DocumentModel and DataModel readers
// share: declared types, fields given one value, later property sets.
//
//===----------------------------------------------------------------------===//
#include "DotNetSdk.h"

#include "llvm/ADT/StringSwitch.h"

namespace nosqlint::extract::sdk::dotnet {

namespace {

/// The comparison a DataModel QueryOperator makes on the range key.
std::optional<llvm::StringRef> queryOperator(llvm::StringRef Name) {
  return llvm::StringSwitch<std::optional<llvm::StringRef>>(Name)
      .Case("Equal", llvm::StringRef("="))
      .Case("LessThan", llvm::StringRef("<"))
      .Case("LessThanOrEqual", llvm::StringRef("<="))
      .Case("GreaterThan", llvm::StringRef(">"))
      .Case("GreaterThanOrEqual", llvm::StringRef(">="))
      .Case("BeginsWith", llvm::StringRef("begins_with"))
      .Case("Between", llvm::StringRef("BETWEEN"))
      .Default(std::nullopt);
}

/// The operation a DynamoDBContext method sends.
std::optional<llvm::StringRef> contextOperation(llvm::StringRef Method) {
  Method.consume_back("Async");
  return llvm::StringSwitch<std::optional<llvm::StringRef>>(Method)
      .Case("Load", llvm::StringRef("GetItem"))
      .Case("Save", llvm::StringRef("PutItem"))
      .Case("Delete", llvm::StringRef("DeleteItem"))
      .Case("Query", llvm::StringRef("Query"))
      .Case("FromQuery", llvm::StringRef("Query"))
      .Case("Scan", llvm::StringRef("Scan"))
      .Case("FromScan", llvm::StringRef("Scan"))
      .Default(std::nullopt);
}

JsonValue standIn(llvm::StringRef Text, TSNode N) {
  JsonValue V;
  V.K = JsonValue::Kind::String;
  V.Str = Text.str();
  V.Unknown = true;
  V.Begin = V.ContentBegin = ts_node_start_byte(N);
  V.End = V.ContentEnd = ts_node_end_byte(N);
  return V;
}

/// The C# types whose values are keys rather than mapped objects.
bool isScalarTypeName(llvm::StringRef T) {
  T = T.trim();
  T.consume_back("?");
  return llvm::StringSwitch<bool>(T)
      .Cases("string", "int", "long", "short", "byte", "uint", "ulong", true)
      .Cases("double", "float", "decimal", "Guid", "DateTime", "String", true)
      .Cases("Int32", "Int64", "Primitive", "DynamoDBEntry", true)
      .Default(false);
}

} // namespace

//===----------------------------------------------------------------------===//
// Names the DocumentModel and DataModel readers share
//===----------------------------------------------------------------------===//

void DotNetRecognizer::collectNames(TSNode Root) {
  llvm::SmallVector<std::pair<TSNode, TSNode>, 32> Typed; // name, type
  forEachNamedNode(Root, [&](TSNode N) {
    llvm::StringRef T = type(N);
    if (T == "using_directive") {
      llvm::StringRef Text = text(N);
      if (Text.contains(" static "))
        return;
      auto Alias = childByField(N, "name");
      auto Kids = namedChildren(N);
      if (Kids.empty())
        return;
      llvm::StringRef Target = text(Kids.back());
      if (Alias)
        Aliases[text(*Alias)] = Target.str();
      else
        Usings.push_back(Target.str());
      return;
    }
    if ((T == "namespace_declaration" ||
         T == "file_scoped_namespace_declaration") &&
        Namespace.empty()) {
      if (auto Name = childByField(N, "name"))
        Namespace = text(*Name).str();
      return;
    }
    if (T == "class_declaration" || T == "interface_declaration" ||
        T == "record_declaration" || T == "struct_declaration") {
      if (auto Name = childByField(N, "name"))
        DeclaredClasses.insert(text(*Name));
      return;
    }
    if (T == "parameter" || T == "property_declaration") {
      auto Ty = childByField(N, "type");
      auto Name = childByField(N, "name");
      if (Ty && Name)
        Typed.emplace_back(*Name, *Ty);
      return;
    }
    if (T == "variable_declaration") {
      auto Ty = childByField(N, "type");
      if (!Ty)
        return;
      for (TSNode D : namedChildren(N)) {
        if (type(D) != "variable_declarator")
          continue;
        auto Name = childByField(D, "name");
        if (!Name)
          continue;
        TSNode TypeNode = *Ty;
        if (type(*Ty) == "implicit_type") {
          // var x = new Order { .. }: the creation's type.
          auto Kids = namedChildren(D);
          if (Kids.size() < 2 || type(Kids.back()) != "object_creation_expression")
            continue;
          auto CT = childByField(Kids.back(), "type");
          if (!CT)
            continue;
          TypeNode = *CT;
        }
        Typed.emplace_back(*Name, TypeNode);
      }
      return;
    }
    if (T == "assignment_expression") {
      // `x = ..`, `this.x = ..`, `_x = ..` (in a constructor).
      auto L = childByField(N, "left");
      auto R = childByField(N, "right");
      if (!L || !R)
        return;
      if (type(*L) == "identifier") {
        Assignments[text(*L)].push_back(*R);
      } else if (type(*L) == "member_access_expression") {
        auto E = childByField(*L, "expression");
        auto Name = childByField(*L, "name");
        if (E && Name && text(*E) == "this")
          Assignments[text(*Name)].push_back(*R);
      }
    }
  });
  for (auto [Id, Ty] : Typed) {
    llvm::StringRef Var = text(Id), TypeText = text(Ty);
    auto [It, New] = DeclaredTypes.try_emplace(Var, TypeText.str());
    if (!New && It->second != TypeText)
      It->second.clear();
    if (isSdkType(TypeText, "DocumentModel", "Table") ||
        isSdkType(TypeText, "DocumentModel", "ITable"))
      DocumentTables.insert(Var);
    else if (isSdkType(TypeText, "DataModel", "IDynamoDBContext") ||
             isSdkType(TypeText, "DataModel", "DynamoDBContext"))
      Contexts.insert(Var);
  }
}

bool DotNetRecognizer::isSdkType(llvm::StringRef Ty, llvm::StringRef Ns,
                                 llvm::StringRef Simple) const {
  Ty = Ty.trim();
  Ty.consume_front("global::");
  std::string Full = std::string("Amazon.DynamoDBv2.") + Ns.str() + "." +
                     Simple.str();
  if (Ty.contains('.'))
    return Ty == Full;
  if (Ty != Simple || DeclaredClasses.contains(Simple))
    return false;
  if (auto A = Aliases.find(Simple); A != Aliases.end())
    return A->second == Full;
  return Ns == "DocumentModel" ? DocumentImported : DataModelImported;
}

std::optional<TSNode> DotNetRecognizer::singleValue(TSNode N) const {
  N = unwrap(N);
  llvm::StringRef Var;
  if (type(N) == "identifier") {
    Var = text(N);
  } else if (type(N) == "member_access_expression") {
    auto E = childByField(N, "expression");
    auto Name = childByField(N, "name");
    if (!E || !Name || text(*E) != "this")
      return std::nullopt;
    Var = text(*Name);
  } else {
    return std::nullopt;
  }
  auto It = Assignments.find(Var);
  size_t Assigned = It == Assignments.end() ? 0 : It->second.size();
  std::optional<TSNode> Decl =
      C.Eval.declarationValue(Var, ts_node_start_byte(N));
  if (Decl && Assigned == 0)
    return unwrap(*Decl);
  if (!Decl && Assigned == 1)
    return unwrap(It->second.front());
  return std::nullopt;
}

bool DotNetRecognizer::laterAssignments(
    TSNode Value, llvm::SmallVectorImpl<LaterAssignment> &Out) const {
  TSNode Decl = ts_node_parent(Value);
  if (ts_node_is_null(Decl) || type(Decl) != "variable_declarator")
    return false;
  auto NameNode = childByField(Decl, "name");
  TSNode Vars = ts_node_parent(Decl);
  TSNode Stmt = ts_node_is_null(Vars) ? Vars : ts_node_parent(Vars);
  TSNode Block = ts_node_is_null(Stmt) ? Stmt : ts_node_parent(Stmt);
  if (!NameNode || ts_node_is_null(Block) ||
      type(Stmt) != "local_declaration_statement")
    return true; // a field: any method may change it
  llvm::StringRef Var = text(*NameNode);
  bool Open = false, After = false;
  llvm::SmallVector<TSNode, 8> Read;
  for (TSNode S : namedChildren(Block)) {
    if (ts_node_eq(S, Stmt)) {
      After = true;
      continue;
    }
    if (!After || type(S) != "expression_statement")
      continue;
    auto Kids = namedChildren(S);
    if (Kids.size() != 1)
      continue;
    TSNode X = Kids[0];
    // x.P = v; x.P[k] = v; x.P.Add(k, v);
    std::optional<TSNode> Left, Right, Key;
    if (type(X) == "assignment_expression") {
      Left = childByField(X, "left");
      Right = childByField(X, "right");
      if (Left && type(*Left) == "element_access_expression") {
        auto Sub = childByField(*Left, "subscript");
        auto Args = Sub ? namedChildren(*Sub) : llvm::SmallVector<TSNode, 8>();
        if (Args.size() != 1)
          continue;
        Key = unwrap(Args[0]);
        Left = childByField(*Left, "expression");
      }
    } else if (type(X) == "invocation_expression") {
      auto Fn = childByField(X, "function");
      auto Args = ctorArgs(X);
      if (!Fn || type(*Fn) != "member_access_expression" || Args.size() != 2)
        continue;
      auto M = childByField(*Fn, "name");
      if (!M || text(*M) != "Add")
        continue;
      Left = childByField(*Fn, "expression");
      Key = Args[0];
      Right = Args[1];
    }
    if (!Left || !Right || type(*Left) != "member_access_expression")
      continue;
    auto Obj = childByField(*Left, "expression");
    auto Prop = childByField(*Left, "name");
    if (!Obj || !Prop || type(*Obj) != "identifier" || text(*Obj) != Var)
      continue;
    Out.push_back({text(*Prop), Key, *Right, X});
    Read.push_back(*Obj);
  }
  // Any other use but as the argument of a call (sending it, or putting it
  // into a configuration) may change it.
  forEachNamedNode(Block, [&](TSNode N) {
    if (Open || type(N) != "identifier" || text(N) != Var ||
        ts_node_eq(N, *NameNode))
      return;
    for (TSNode R : Read)
      if (ts_node_eq(R, N))
        return;
    TSNode Up = ts_node_parent(N);
    if (!ts_node_is_null(Up) && type(Up) == "argument")
      return;
    if (!ts_node_is_null(Up) && type(Up) == "assignment_expression")
      if (auto R = childByField(Up, "right"); R && ts_node_eq(*R, N))
        return; // `KeyExpression = expr` in an initializer
    Open = true;
  });
  return Open;
}

std::string DotNetRecognizer::mappedClass(TSNode Name,
                                          llvm::ArrayRef<TSNode> Args) const {
  std::optional<llvm::StringRef> Type;
  if (type(Name) == "generic_name") {
    for (TSNode K : namedChildren(Name))
      if (type(K) == "type_argument_list") {
        auto T = namedChildren(K);
        if (T.size() == 1)
          Type = text(T[0]);
      }
  } else if (!Args.empty()) {
    // ctx.SaveAsync(order): the object's declared type.
    TSNode A = Args[0];
    if (type(A) == "object_creation_expression") {
      if (auto T = childByField(A, "type"))
        Type = text(*T);
    } else if (type(A) == "identifier") {
      auto It = DeclaredTypes.find(text(A));
      if (It != DeclaredTypes.end() && !It->second.empty())
        Type = llvm::StringRef(It->second);
    }
  }
  if (!Type || Type->contains('<') || isScalarTypeName(*Type) ||
      Type->size() <= 1)
    return "";
  llvm::StringRef T = Type->trim();
  T.consume_front("global::");
  // Every namespace the type may be in: the file's and its parents, the
  // opened ones, an alias's, the global one.
  llvm::SmallVector<std::string, 8> Candidates;
  auto [First, Rest] = T.split('.');
  if (auto A = Aliases.find(First); A != Aliases.end())
    Candidates.push_back(Rest.empty() ? A->second
                                      : A->second + "." + Rest.str());
  llvm::StringRef Ns = Namespace;
  while (!Ns.empty()) {
    Candidates.push_back(Ns.str() + "." + T.str());
    size_t Dot = Ns.rfind('.');
    Ns = Dot == llvm::StringRef::npos ? llvm::StringRef() : Ns.take_front(Dot);
  }
  for (const std::string &U : Usings)
    Candidates.push_back(U + "." + T.str());
  Candidates.push_back(T.str());
  std::string Out;
  for (const std::string &Cand : Candidates) {
    if (!Out.empty())
      Out += '\n';
    Out += Cand;
  }
  return Out;
}

Built DotNetRecognizer::entryValue(TSNode N, unsigned Depth) {
  TSNode X = unwrap(N);
  llvm::StringRef T = type(X);
  if (T == "boolean_literal")
    return {Json.attributeValue(X, "BOOL", Json.boolean(X))};
  if (T == "integer_literal" || T == "real_literal")
    return {Json.attributeValue(X, "N", Json.number(X))};
  if (T == "prefix_unary_expression" && text(X).startswith("-"))
    return {Json.attributeValue(X, "N", Json.number(X))};
  if (T == "object_creation_expression" || T == "cast_expression")
    return opaque(N, "AV");
  if (C.Eval.isStringy(X))
    return {Json.attributeValue(X, "S", stringValue(X, Depth + 1).V)};
  return opaque(N, "AV");
}

//===----------------------------------------------------------------------===//
// DynamoDBContext calls
//===----------------------------------------------------------------------===//

bool DotNetRecognizer::modelCall(TSNode Call) {
  auto Fn = childByField(Call, "function");
  if (!Fn || type(*Fn) != "member_access_expression")
    return false;
  auto Recv = childByField(*Fn, "expression");
  auto Name = childByField(*Fn, "name");
  if (!Recv || !Name)
    return false;
  auto Args = ctorArgs(Call);
  while (!Args.empty() && isCancellation(text(Args.back())))
    Args.pop_back();
  if (batchCall(Call, *Name, *Recv))
    return true;
  if (DocumentImported && documentCall(Call, *Name, *Recv, Args))
    return true;
  return DataModelImported && contextCall(Call, *Name, *Recv, Args);
}

bool DotNetRecognizer::isContext(TSNode Receiver) const {
  // A name declared IDynamoDBContext, or given a new context.
  TSNode R = unwrap(Receiver);
  llvm::StringRef RT = type(R);
  if (RT != "identifier" && RT != "member_access_expression")
    return false;
  llvm::StringRef Var = text(R);
  Var = Var.substr(Var.rfind('.') + 1);
  if (Contexts.contains(Var))
    return true;
  std::optional<TSNode> V = singleValue(R);
  if (!V)
    return false;
  llvm::StringRef VT = text(*V);
  return (type(*V) == "object_creation_expression" &&
          (VT.startswith("new DynamoDBContext(") ||
           VT.startswith("new DynamoDBContext "))) ||
         VT.startswith("new DynamoDBContextBuilder(");
}

bool DotNetRecognizer::batchCall(TSNode Call, TSNode Name, TSNode Receiver) {
  TSNode MethodNode = Name;
  if (type(Name) == "generic_name") {
    auto Kids = namedChildren(Name);
    if (Kids.empty())
      return false;
    MethodNode = Kids[0];
  }
  std::optional<llvm::StringRef> Op =
      llvm::StringSwitch<std::optional<llvm::StringRef>>(text(MethodNode))
          .Case("CreateBatchWrite", llvm::StringRef("BatchWriteItem"))
          .Case("CreateBatchGet", llvm::StringRef("BatchGetItem"))
          .Case("CreateTransactWrite", llvm::StringRef("TransactWriteItems"))
          .Case("CreateTransactGet", llvm::StringRef("TransactGetItems"))
          .Default(std::nullopt);
  if (!Op)
    return false;
  bool Context = DataModelImported && isContext(Receiver);
  if (!Context && !(DocumentImported && documentTable(Receiver, 0)))
    return false;
  // A batch the code fills item by item and sends with ExecuteAsync: its
  // items are not read here.
  JsonValue Params = Json.object(Call);
  bool Transaction = Op->startswith("Transact");
  setMember(Params, Transaction ? "TransactItems" : "RequestItems",
            opaque(Call, Transaction ? "[?]" : "{?}").V, std::nullopt);
  Params.Unknown = true;
  record(Call, MethodNode, *Op, Built{std::move(Params)},
         Context ? SdkDataModel : SdkDocument);
  return true;
}

bool DotNetRecognizer::contextCall(TSNode Call, TSNode Name, TSNode Receiver,
                                   llvm::ArrayRef<TSNode> Args) {
  TSNode MethodNode = Name;
  if (type(Name) == "generic_name") {
    auto Kids = namedChildren(Name);
    if (Kids.empty())
      return false;
    MethodNode = Kids[0];
  }
  std::optional<llvm::StringRef> Op = contextOperation(text(MethodNode));
  if (!Op)
    return false;
  if (!isContext(Receiver))
    return false;
  std::string Class = mappedClass(Name, Args);
  llvm::StringRef Method = text(MethodNode);
  Method.consume_back("Async");
  // A trailing operation configuration: DynamoDBOperationConfig, QueryConfig.
  llvm::ArrayRef<TSNode> A = Args;
  std::optional<TSNode> Config;
  // (QueryOperationConfig / ScanOperationConfig are FromQuery's and
  // FromScan's requests.)
  auto IsContextConfig = [](llvm::StringRef T) {
    return T.endswith("Config") && !T.endswith("QueryOperationConfig") &&
           !T.endswith("ScanOperationConfig");
  };
  auto IsConfig = [&](TSNode X) {
    llvm::StringRef XT = text(X);
    if (type(X) == "object_creation_expression")
      if (auto T = childByField(X, "type"))
        return IsContextConfig(text(*T));
    if (type(X) == "identifier") {
      auto It = DeclaredTypes.find(XT);
      if (It != DeclaredTypes.end() && !It->second.empty())
        return IsContextConfig(It->second);
      return XT.contains("onfig");
    }
    return false;
  };
  bool FromOperation = Method == "FromQuery" || Method == "FromScan";
  if (!A.empty() && IsConfig(A.back()) && !(FromOperation && A.size() == 1)) {
    Config = A.back();
    A = A.drop_back();
  }
  JsonValue Params = Json.object(Call);
  setMember(Params, "TableName", opaque(Name, "S").V, std::nullopt);
  const unsigned Depth = 1;
  if (Config) {
    TSNode X = unwrap(*Config);
    std::optional<TSNode> Init =
        type(X) == "object_creation_expression" ? initializer(X) : std::nullopt;
    if (!Init) {
      Params.Unknown = true;
    } else {
      for (TSNode S : namedChildren(*Init)) {
        auto L = type(S) == "assignment_expression" ? childByField(S, "left")
                                                   : std::nullopt;
        auto V = L ? childByField(S, "right") : std::nullopt;
        if (!L || !V) {
          Params.Unknown = true;
          continue;
        }
        llvm::StringRef P = text(*L);
        if (P == "IndexName" || P == "IndexNameOverride") {
          setMember(Params, "IndexName", stringValue(*V, Depth).V, *L);
        } else if (P == "ConsistentRead") {
          setMember(Params, "ConsistentRead", boolValue(*V, Depth).V, *L);
        } else if (P == "BackwardQuery") {
          if (text(*V) == "true" || text(*V) == "false")
            setMember(Params, "ScanIndexForward",
                      Json.declared(*V, text(*V) == "true" ? "false" : "true"),
                      *L);
        } else if (P == "OverrideTableName") {
          // The table is the one named here; the keys stay the class's.
          JsonValue T = stringValue(*V, Depth).V;
          if (T.Unknown)
            T = standIn("@computed", *V); // not the class's either
          setMember(Params, "TableName", std::move(T), *L);
        } else if (P == "QueryFilter") {
          setMember(Params, "FilterExpression", opaque(*V, "S").V, *L);
        } else if (P == "TableNamePrefix" || P == "SkipVersionCheck" ||
                   P == "IgnoreNullValues" || P == "Conversion" ||
                   P == "IsEmptyStringValueEnabled" ||
                   P == "RetrieveDateTimeInUtc" || P == "MetadataCachingMode" ||
                   P == "DisableFetchingTableMetadata") {
          continue; // no parameter of the request
        } else {
          Params.Unknown = true;
        }
      }
    }
  }
  auto KeyOf = [&](llvm::ArrayRef<TSNode> KeyArgs) {
    JsonValue Key = Json.object(KeyArgs.front());
    Key.End = ts_node_end_byte(KeyArgs.back());
    HostJson::add(Key, "@hash", entryValue(KeyArgs[0], Depth).V, KeyArgs[0]);
    if (KeyArgs.size() >= 2)
      HostJson::add(Key, "@range", entryValue(KeyArgs[1], Depth).V, KeyArgs[1]);
    return Key;
  };
  // A single argument is a key value or an object of the class: which one
  // its declared type says.
  auto IsObject = [&](TSNode X) -> std::optional<bool> {
    X = unwrap(X);
    if (type(X) == "object_creation_expression")
      return true;
    if (type(X) == "string_literal" || type(X) == "integer_literal" ||
        type(X) == "interpolated_string_expression" ||
        C.Eval.isStringy(X))
      return false;
    if (type(X) == "identifier") {
      auto It = DeclaredTypes.find(text(X));
      if (It != DeclaredTypes.end() && !It->second.empty())
        return !isScalarTypeName(It->second);
    }
    return std::nullopt;
  };
  if (*Op == "GetItem" || *Op == "DeleteItem") {
    if (A.empty() || A.size() > 2)
      return false;
    std::optional<bool> Object = A.size() == 1 ? IsObject(A[0]) : false;
    if (Object.value_or(false) || !Object) {
      setMember(Params, "Key", opaque(A[0], "{AV}").V, std::nullopt);
    } else {
      setMember(Params, "Key", KeyOf(A), std::nullopt);
    }
  } else if (*Op == "PutItem") {
    if (A.size() != 1)
      return false;
    setMember(Params, "Item", opaque(A[0], "{AV}").V, std::nullopt);
  } else if (Method == "FromQuery" || Method == "FromScan") {
    if (A.size() != 1)
      return false;
    bool KeyRead = false;
    operationConfig(Params, *Op == "Query", A[0], KeyRead, Depth);
    if (*Op == "Query" && !KeyRead)
      setMember(Params, "KeyConditionExpression", opaque(A[0], "S").V,
                std::nullopt);
  } else if (*Op == "Query") {
    if (A.empty())
      return false;
    llvm::SmallVector<KeyTerm, 2> Terms;
    Terms.push_back(KeyTerm{A[0], standIn("@hash", A[0]), "=",
                            {entryValue(A[0], Depth)}});
    bool Read = true;
    if (A.size() >= 2) {
      // (hash, QueryOperator.X, values...) or (hash, op, new[] { .. })
      TSNode OpNode = unwrap(A[1]);
      auto OpName = type(OpNode) == "member_access_expression"
                        ? childByField(OpNode, "name")
                        : std::nullopt;
      auto OpType = type(OpNode) == "member_access_expression"
                        ? childByField(OpNode, "expression")
                        : std::nullopt;
      std::optional<llvm::StringRef> K =
          OpName && OpType && text(*OpType).endswith("QueryOperator")
              ? queryOperator(text(*OpName))
              : std::nullopt;
      llvm::SmallVector<TSNode, 2> Values(A.begin() + 2, A.end());
      if (Values.size() == 1) {
        TSNode V = unwrap(Values[0]);
        llvm::StringRef VT = type(V);
        if (VT == "array_creation_expression" ||
            VT == "implicit_array_creation_expression" ||
            (VT == "object_creation_expression" &&
             text(V).startswith("new List<"))) {
          Values.clear();
          if (std::optional<TSNode> Init = initializer(V))
            for (TSNode E : namedChildren(*Init))
              Values.push_back(E);
        }
      }
      if (!K || Values.size() != (*K == "BETWEEN" ? 2u : 1u)) {
        Read = false;
      } else {
        KeyTerm Range{A[1], standIn("@range", A[1]), K->str(), {}};
        for (TSNode V : Values)
          Range.Values.push_back(entryValue(V, Depth));
        Terms.push_back(std::move(Range));
      }
    }
    if (Read)
      addKeyTerms(Params, Call, Terms);
    else
      setMember(Params, "KeyConditionExpression", opaque(Call, "S").V,
                std::nullopt);
  } else {
    // Scan(conditions): a filter on every item read.
    for (TSNode X : A) {
      X = unwrap(X);
      bool Empty = false;
      if (type(X) == "object_creation_expression" ||
          type(X) == "array_creation_expression") {
        std::optional<TSNode> Init = initializer(X);
        Empty = (!Init || namedChildren(*Init).empty()) &&
                (type(X) != "object_creation_expression" ||
                 ctorArgs(X).empty());
      }
      // Enumerable.Empty<ScanCondition>(), Array.Empty<ScanCondition>()
      Empty |= type(X) == "invocation_expression" &&
               (text(X).startswith("Enumerable.Empty<") ||
                text(X).startswith("Array.Empty<"));
      if (!Empty) {
        setMember(Params, "FilterExpression", opaque(X, "S").V, std::nullopt);
        HostJson::add(Params, "ExpressionAttributeValues", opaque(X, "{AV}").V);
        break;
      }
    }
  }
  record(Call, MethodNode, *Op, Built{std::move(Params)}, SdkDataModel);
  C.Out.back().ModelClass = std::move(Class);
  return true;
}

} // namespace nosqlint::extract::sdk::dotnet
