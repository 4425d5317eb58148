//===- CdkSyntax.cpp ------------------------------------------------------===//
#include "CdkSyntax.h"

#include "JsSdkScopes.h"
#include "SyntaxTree.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSwitch.h"

namespace nosqlint::extract::sdk::cdk {

namespace {

llvm::StringRef typeOf(TSNode N) { return ts_node_type(N); }

/// `partition_key` -> partitionKey.
std::string camelCase(llvm::StringRef Key) {
  std::string Out;
  bool Upper = false;
  for (char C : Key) {
    if (C == '_') {
      Upper = !Out.empty();
      continue;
    }
    Out += Upper ? llvm::toUpper(C) : C;
    Upper = false;
  }
  return Out;
}

ConstructClass classNamed(llvm::StringRef Name) {
  return llvm::StringSwitch<ConstructClass>(Name)
      .Case("Table", ConstructClass::Table)
      .Case("TableV2", ConstructClass::TableV2)
      .Case("Function", ConstructClass::Function)
      .Case("NodejsFunction", ConstructClass::NodejsFunction)
      .Case("PythonFunction", ConstructClass::PythonFunction)
      .Default(ConstructClass::None);
}

bool isTableClass(ConstructClass C) {
  return C == ConstructClass::Table || C == ConstructClass::TableV2;
}

} // namespace

CdkSyntax::CdkSyntax(HostLanguage Host, llvm::StringRef Src, TSNode Root)
    : Lang(Host == HostLanguage::Python ? Language::Python
           : Host == HostLanguage::Java ? Language::Java
                                        : Language::TypeScript),
      Src(Src) {
  if (isPython())
    readPythonImports(Root);
  else if (isJava())
    readJavaImports(Root);
  else
    readTsImports(Root);
  if (isJava())
    collectJavaVariables(Root);
  else
    collectObjectVariables(Root);
}

bool CdkSyntax::isList(TSNode N) const {
  llvm::StringRef T = typeOf(unwrap(N));
  return isPython() ? T == "list" : !isJava() && T == "array";
}

TSNode CdkSyntax::unwrap(TSNode N) const {
  if (!isPython() && !isJava())
    return js::unwrapTs(N);
  while (typeOf(N) == "parenthesized_expression" &&
         ts_node_named_child_count(N) == 1)
    N = ts_node_named_child(N, 0);
  return N;
}

void CdkSyntax::readJavaImports(TSNode Root) {
  // import software.amazon.awscdk.services.dynamodb.Table;  (or .*)
  for (TSNode S : namedChildren(Root)) {
    if (typeOf(S) != "import_declaration")
      continue;
    llvm::StringRef T = text(S);
    T.consume_front("import");
    T = T.trim().rtrim(';').trim();
    bool Dynamo = T.startswith("software.amazon.awscdk.services.dynamodb.");
    bool Lambda = T.startswith("software.amazon.awscdk.services.lambda.");
    if (!Dynamo && !Lambda)
      continue;
    llvm::StringRef Name = T.substr(T.rfind('.') + 1);
    auto Add = [&](llvm::StringRef Class) {
      ConstructClass K = classNamed(Class);
      if (Dynamo && isTableClass(K)) {
        Classes[Class] = K;
        HasDynamoClass = true;
      } else if (Lambda && K == ConstructClass::Function) {
        Classes[Class] = K;
      }
    };
    if (Name == "*") {
      for (llvm::StringRef C : {"Table", "TableV2", "Function"})
        Add(C);
    } else {
      Add(Name);
    }
  }
}

void CdkSyntax::readTsImports(TSNode Root) {
  for (TSNode S : namedChildren(Root)) {
    if (typeOf(S) != "import_statement")
      continue;
    auto Source = childByField(S, "source");
    if (!Source)
      continue;
    llvm::StringRef From = text(*Source).trim("'\"`");
    bool Dynamo = From.endswith("/aws-dynamodb");
    bool Lambda = From.endswith("/aws-lambda") ||
                  From.endswith("/aws-lambda-nodejs");
    bool Lib = From == "aws-cdk-lib";
    if (!Dynamo && !Lambda && !Lib)
      continue;
    forEachNamedNode(S, [&](TSNode N) {
      if (typeOf(N) == "namespace_import") {
        for (TSNode Id : namedChildren(N))
          if (typeOf(Id) == "identifier")
            (Dynamo ? DynamoModules : LambdaModules).insert(text(Id));
        return;
      }
      if (typeOf(N) != "import_specifier")
        return;
      auto Name = childByField(N, "name");
      auto Alias = childByField(N, "alias");
      if (!Name)
        return;
      llvm::StringRef Imported = text(*Name);
      llvm::StringRef Local = Alias ? text(*Alias) : Imported;
      ConstructClass K = classNamed(Imported);
      if (Lib && Imported == "aws_dynamodb")
        DynamoModules.insert(Local);
      else if (Lib && (Imported == "aws_lambda" || Imported == "aws_lambda_nodejs"))
        LambdaModules.insert(Local);
      else if (Dynamo && isTableClass(K)) {
        Classes[Local] = K;
        HasDynamoClass = true;
      } else if (Lambda && K != ConstructClass::None && !isTableClass(K))
        Classes[Local] = K;
    });
  }
}

void CdkSyntax::readPythonImports(TSNode Root) {
  // from aws_cdk import aws_dynamodb as dynamodb, aws_lambda as lambda_
  // import aws_cdk.aws_dynamodb as dynamodb
  // from aws_cdk.aws_dynamodb import Table
  auto Module = [](llvm::StringRef Dotted) {
    if (Dotted == "aws_cdk.aws_dynamodb" || Dotted == "aws_dynamodb")
      return 1;
    if (Dotted == "aws_cdk.aws_lambda" || Dotted == "aws_lambda" ||
        Dotted == "aws_cdk.aws_lambda_python_alpha" ||
        Dotted == "aws_lambda_python_alpha")
      return 2;
    return 0;
  };
  for (TSNode S : namedChildren(Root)) {
    llvm::StringRef T = typeOf(S);
    if (T == "import_statement") {
      for (TSNode N : namedChildren(S)) {
        if (typeOf(N) != "aliased_import")
          continue;
        auto Name = childByField(N, "name");
        auto Alias = childByField(N, "alias");
        if (!Name || !Alias)
          continue;
        int M = Module(text(*Name));
        if (M == 1)
          DynamoModules.insert(text(*Alias));
        else if (M == 2)
          LambdaModules.insert(text(*Alias));
      }
      continue;
    }
    if (T != "import_from_statement")
      continue;
    auto From = childByField(S, "module_name");
    if (!From)
      continue;
    llvm::StringRef FromName = text(*From);
    for (TSNode N : namedChildren(S)) {
      if (ts_node_eq(N, *From))
        continue;
      llvm::StringRef Imported, Local;
      if (typeOf(N) == "aliased_import") {
        auto Name = childByField(N, "name");
        auto Alias = childByField(N, "alias");
        if (!Name || !Alias)
          continue;
        Imported = text(*Name);
        Local = text(*Alias);
      } else if (typeOf(N) == "dotted_name") {
        Imported = Local = text(N);
      } else {
        continue;
      }
      if (FromName == "aws_cdk") {
        int M = Module(Imported);
        if (M == 1)
          DynamoModules.insert(Local);
        else if (M == 2)
          LambdaModules.insert(Local);
        continue;
      }
      int M = Module(FromName);
      ConstructClass K = classNamed(Imported);
      if (M == 1 && isTableClass(K)) {
        Classes[Local] = K;
        HasDynamoClass = true;
      } else if (M == 2 && K != ConstructClass::None && !isTableClass(K)) {
        Classes[Local] = K;
      }
    }
  }
}

ConstructClass CdkSyntax::classOf(TSNode Callee) const {
  Callee = unwrap(Callee);
  if (typeOf(Callee) == "identifier") {
    auto It = Classes.find(text(Callee));
    return It == Classes.end() ? ConstructClass::None : It->second;
  }
  auto A = access(Callee);
  if (!A || typeOf(unwrap(A->first)) != "identifier")
    return ConstructClass::None;
  llvm::StringRef Module = text(unwrap(A->first));
  ConstructClass K = classNamed(A->second);
  if (DynamoModules.contains(Module) && isTableClass(K))
    return K;
  if (LambdaModules.contains(Module) && K != ConstructClass::None &&
      !isTableClass(K))
    return K;
  return ConstructClass::None;
}

std::optional<std::pair<TSNode, llvm::StringRef>>
CdkSyntax::access(TSNode N) const {
  N = unwrap(N);
  if (isJava()) {
    // `table.getTableName()` reads the tableName attribute; `x.y` a field.
    if (typeOf(N) == "method_invocation") {
      auto Obj = childByField(N, "object");
      auto Name = childByField(N, "name");
      auto Args = childByField(N, "arguments");
      if (!Obj || !Name || !Args || ts_node_named_child_count(*Args) != 0)
        return std::nullopt;
      llvm::StringRef Getter = text(*Name);
      if (Getter == "getTableName")
        return std::make_pair(*Obj, llvm::StringRef("tableName"));
      return std::nullopt;
    }
    if (typeOf(N) != "field_access")
      return std::nullopt;
    auto Obj = childByField(N, "object");
    auto Field = childByField(N, "field");
    if (!Obj || !Field)
      return std::nullopt;
    return std::make_pair(*Obj, text(*Field));
  }
  const char *Type = isPython() ? "attribute" : "member_expression";
  const char *Field = isPython() ? "attribute" : "property";
  if (typeOf(N) != Type)
    return std::nullopt;
  auto Obj = childByField(N, "object");
  auto Prop = childByField(N, Field);
  if (!Obj || !Prop)
    return std::nullopt;
  return std::make_pair(*Obj, text(*Prop));
}

std::optional<Construct> CdkSyntax::construct(TSNode N) const {
  if (isJava()) {
    // `X.Builder.create(scope, "Id")...build()`: the props are the chain.
    if (typeOf(N) == "method_invocation") {
      auto Name = childByField(N, "name");
      if (!Name || text(*Name) != "build")
        return std::nullopt;
      TSNode Link = N;
      for (unsigned Hop = 0; Hop < 64; ++Hop) {
        auto Obj = childByField(Link, "object");
        if (!Obj || typeOf(*Obj) != "method_invocation")
          return std::nullopt;
        Link = *Obj;
        auto LinkName = childByField(Link, "name");
        auto Owner = childByField(Link, "object");
        if (!LinkName || text(*LinkName) != "create" || !Owner)
          continue;
        llvm::StringRef O = text(*Owner);
        if (!O.consume_back(".Builder"))
          return std::nullopt;
        auto It = Classes.find(O.substr(O.rfind('.') + 1));
        auto Args = childByField(Link, "arguments");
        if (It == Classes.end() || !Args || ts_node_named_child_count(*Args) < 2)
          return std::nullopt;
        Construct C;
        C.Class = It->second;
        C.Node = N;
        C.Id = ts_node_named_child(*Args, 1);
        C.Props = N;
        return C;
      }
      return std::nullopt;
    }
    // `new Table(this, "Id", props)`.
    if (typeOf(N) != "object_creation_expression")
      return std::nullopt;
    auto Type = childByField(N, "type");
    auto Args = childByField(N, "arguments");
    if (!Type || !Args)
      return std::nullopt;
    auto It = Classes.find(text(*Type));
    if (It == Classes.end())
      return std::nullopt;
    std::vector<TSNode> A;
    for (TSNode X : namedChildren(*Args))
      if (typeOf(X) != "line_comment" && typeOf(X) != "block_comment")
        A.push_back(X);
    if (A.size() < 2)
      return std::nullopt;
    Construct C;
    C.Class = It->second;
    C.Node = N;
    C.Id = A[1];
    if (A.size() >= 3)
      C.Props = A[2];
    return C;
  }
  if (typeOf(N) != (isPython() ? "call" : "new_expression"))
    return std::nullopt;
  auto Callee = childByField(N, isPython() ? "function" : "constructor");
  auto Args = childByField(N, "arguments");
  if (!Callee || !Args)
    return std::nullopt;
  ConstructClass K = classOf(*Callee);
  if (K == ConstructClass::None)
    return std::nullopt;
  Construct C;
  C.Class = K;
  C.Node = N;
  std::vector<TSNode> Positional;
  std::optional<TSNode> IdKeyword;
  for (TSNode A : namedChildren(*Args)) {
    if (typeOf(A) == "comment")
      continue;
    if (isPython() && typeOf(A) == "keyword_argument") {
      auto Name = childByField(A, "name");
      if (Name && text(*Name) == "id")
        IdKeyword = childByField(A, "value");
      continue;
    }
    Positional.push_back(A);
  }
  if (Positional.size() >= 2)
    C.Id = Positional[1];
  else if (IdKeyword)
    C.Id = *IdKeyword;
  else
    return std::nullopt;
  if (isPython())
    C.Props = *Args;
  else if (Positional.size() >= 3)
    C.Props = Positional[2];
  return C;
}

std::optional<MethodCall> CdkSyntax::methodCall(TSNode N) const {
  if (isJava()) {
    if (typeOf(N) != "method_invocation")
      return std::nullopt;
    auto Obj = childByField(N, "object");
    auto Name = childByField(N, "name");
    auto Args = childByField(N, "arguments");
    if (!Obj || !Name || !Args)
      return std::nullopt;
    MethodCall M;
    M.Node = N;
    M.Receiver = *Obj;
    M.Method = text(*Name);
    for (TSNode X : namedChildren(*Args))
      if (typeOf(X) != "line_comment" && typeOf(X) != "block_comment")
        M.Positional.push_back(X);
    if (!M.Positional.empty())
      M.Props = M.Positional[0];
    return M;
  }
  if (typeOf(N) != (isPython() ? "call" : "call_expression"))
    return std::nullopt;
  auto Fn = childByField(N, "function");
  auto Args = childByField(N, "arguments");
  if (!Fn || !Args)
    return std::nullopt;
  auto A = access(*Fn);
  if (!A)
    return std::nullopt;
  MethodCall M;
  M.Node = N;
  M.Receiver = A->first;
  M.Method = A->second;
  bool HasKeywords = false;
  for (TSNode X : namedChildren(*Args)) {
    if (typeOf(X) == "comment")
      continue;
    if (isPython() && typeOf(X) == "keyword_argument") {
      HasKeywords = true;
      continue;
    }
    M.Positional.push_back(X);
  }
  if (isPython() && HasKeywords)
    M.Props = *Args;
  else if (!isPython() && !M.Positional.empty())
    M.Props = M.Positional[0];
  return M;
}

void CdkSyntax::collectObjectVariables(TSNode Root) {
  if (isPython())
    return; // `**props` is rare in CDK Python apps: not followed
  forEachNamedNode(Root, [&](TSNode N) {
    if (typeOf(N) != "variable_declarator")
      return;
    auto Name = childByField(N, "name");
    auto Value = childByField(N, "value");
    if (!Name || !Value || typeOf(*Name) != "identifier" ||
        typeOf(unwrap(*Value)) != "object")
      return;
    auto [It, New] = ObjectVariables.try_emplace(text(*Name), unwrap(*Value));
    if (!New)
      It->second.reset(); // declared twice: which one is unknown
  });
}

void CdkSyntax::addMembers(TSNode Props, llvm::StringMap<TSNode> &Out,
                           unsigned Depth) const {
  Props = unwrap(Props);
  if (Depth > 4)
    return;
  llvm::StringRef T = typeOf(Props);
  if (isJava()) {
    if (T == "identifier") {
      // A local variable: its value, and what `put` calls add to it.
      if (auto V = javaValue(Props))
        addMembers(*V, Out, Depth + 1);
      auto Puts = JavaPuts.find(text(Props));
      if (Puts != JavaPuts.end())
        for (TSNode Args : Puts->second) {
          auto A = namedChildren(Args);
          if (A.size() == 2 && typeOf(A[0]) == "string_literal")
            Out[text(A[0]).trim('"')] = A[1];
        }
      return;
    }
    if (T != "method_invocation")
      return;
    auto Name = childByField(Props, "name");
    auto Obj = childByField(Props, "object");
    auto Args = childByField(Props, "arguments");
    if (Name && Obj && Args && text(*Name) == "of" &&
        (text(*Obj) == "Map" || text(*Obj) == "java.util.Map")) {
      auto A = namedChildren(*Args);
      for (size_t I = 0; I + 1 < A.size(); I += 2)
        if (typeOf(A[I]) == "string_literal")
          Out[text(A[I]).trim('"')] = A[I + 1];
      return;
    }
    if (Name && text(*Name) == "build")
      addBuilderMembers(Props, Out);
    return;
  }
  if (isPython() && T == "call") {
    if (auto Args = childByField(Props, "arguments"))
      addMembers(*Args, Out, Depth + 1);
    return;
  }
  if (isPython() && T == "argument_list") {
    for (TSNode K : namedChildren(Props)) {
      if (typeOf(K) != "keyword_argument")
        continue;
      auto Name = childByField(K, "name");
      auto Value = childByField(K, "value");
      if (Name && Value)
        Out[camelCase(text(*Name))] = *Value;
    }
    return;
  }
  if (T != (isPython() ? "dictionary" : "object"))
    return;
  for (TSNode P : namedChildren(Props)) {
    if (!isPython() && typeOf(P) == "spread_element") {
      auto Args = namedChildren(P);
      if (Args.empty() || typeOf(Args[0]) != "identifier")
        continue;
      auto It = ObjectVariables.find(text(Args[0]));
      if (It != ObjectVariables.end() && It->second)
        addMembers(*It->second, Out, Depth + 1);
      continue;
    }
    if (typeOf(P) != "pair")
      continue;
    auto K = childByField(P, "key");
    auto V = childByField(P, "value");
    if (!K || !V)
      continue;
    // Keys as written: a dict's keys are data (environment variable names),
    // not Python identifiers to convert.
    Out[text(*K).trim("'\"")] = *V;
  }
}

llvm::StringMap<TSNode> CdkSyntax::members(TSNode Props) const {
  llvm::StringMap<TSNode> Out;
  addMembers(Props, Out, 0);
  return Out;
}

void CdkSyntax::addBuilderMembers(TSNode Build,
                                  llvm::StringMap<TSNode> &Out) const {
  // `X.builder().a(1).b(2).build()` / `X.Builder.create(s, id).a(1)...`: the
  // members are the calls of the chain, the nearest the build() last set.
  std::vector<std::pair<llvm::StringRef, TSNode>> Calls;
  TSNode Link = Build;
  for (unsigned Hop = 0; Hop < 64; ++Hop) {
    auto Obj = childByField(Link, "object");
    if (!Obj || typeOf(*Obj) != "method_invocation")
      break;
    Link = *Obj;
    auto Name = childByField(Link, "name");
    auto Args = childByField(Link, "arguments");
    if (!Name || !Args)
      break;
    llvm::StringRef M = text(*Name);
    if (M == "builder" || M == "create")
      break;
    if (ts_node_named_child_count(*Args) == 1)
      Calls.emplace_back(M, ts_node_named_child(*Args, 0));
  }
  for (auto It = Calls.rbegin(); It != Calls.rend(); ++It)
    Out[It->first] = It->second;
}

void CdkSyntax::collectJavaVariables(TSNode Root) {
  forEachNamedNode(Root, [&](TSNode N) {
    std::optional<TSNode> Name, Value;
    if (typeOf(N) == "variable_declarator") {
      Name = childByField(N, "name");
      Value = childByField(N, "value");
    } else if (typeOf(N) == "assignment_expression") {
      Name = childByField(N, "left");
      Value = childByField(N, "right");
    } else if (typeOf(N) == "method_invocation") {
      // `env.put("K", v)`.
      auto Obj = childByField(N, "object");
      auto M = childByField(N, "name");
      auto Args = childByField(N, "arguments");
      if (Obj && M && Args && typeOf(*Obj) == "identifier" &&
          text(*M) == "put")
        JavaPuts[text(*Obj)].push_back(*Args);
      return;
    }
    if (!Name || !Value || typeOf(*Name) != "identifier")
      return;
    auto [It, New] = JavaVariables.try_emplace(text(*Name), *Value);
    if (!New)
      It->second.reset(); // assigned twice: which value is unknown
  });
}

std::optional<TSNode> CdkSyntax::javaValue(TSNode Identifier) const {
  auto It = JavaVariables.find(text(Identifier));
  if (It == JavaVariables.end() || !It->second)
    return std::nullopt;
  return *It->second;
}

std::optional<std::string> CdkSyntax::assignedTo(TSNode Construct) const {
  TSNode P = ts_node_parent(Construct);
  while (!ts_node_is_null(P) &&
         (typeOf(P) == "as_expression" || typeOf(P) == "parenthesized_expression" ||
          typeOf(P) == "non_null_expression"))
    P = ts_node_parent(P);
  if (ts_node_is_null(P))
    return std::nullopt;
  std::optional<TSNode> Target;
  if (typeOf(P) == "variable_declarator")
    Target = childByField(P, "name");
  else if (typeOf(P) == "assignment_expression" || typeOf(P) == "assignment")
    Target = childByField(P, "left");
  if (!Target)
    return std::nullopt;
  std::string Name = receiverName(*Target);
  if (Name.empty())
    return std::nullopt;
  return Name;
}

std::string CdkSyntax::receiverName(TSNode N) const {
  llvm::StringRef T = text(unwrap(N));
  T.consume_front(isPython() ? "self." : "this.");
  if (T.empty() || T.contains('.') || T.contains('[') || T.contains('('))
    return "";
  return T.str();
}

std::optional<std::string> CdkSyntax::assetPath(TSNode N, Evaluator &Eval,
                                                HostJson &Json,
                                                bool &RelativeToFile) const {
  (void)Eval;
  N = unwrap(N);
  if (isJava()) {
    // `Code.fromAsset("path")`; a jar or zip the build writes under
    // target/ or build/ is the code of the module above it.
    if (typeOf(N) != "method_invocation")
      return std::nullopt;
    auto Name = childByField(N, "name");
    auto Args = childByField(N, "arguments");
    if (!Name || !Args || text(*Name) != "fromAsset" ||
        ts_node_named_child_count(*Args) < 1)
      return std::nullopt;
    JsonValue S = Json.string(ts_node_named_child(*Args, 0));
    if (S.Unknown)
      return std::nullopt;
    llvm::StringRef P = S.Str;
    for (llvm::StringRef Out : {"/target/", "/build/"})
      if (size_t At = P.find(Out); At != llvm::StringRef::npos)
        return P.take_front(At).str();
    return P.str();
  }
  if (typeOf(N) != (isPython() ? "call" : "call_expression")) {
    JsonValue S = Json.string(N);
    return S.Unknown ? std::nullopt : std::optional<std::string>(S.Str);
  }
  auto Fn = childByField(N, "function");
  auto Args = childByField(N, "arguments");
  if (!Fn || !Args)
    return std::nullopt;
  llvm::StringRef Callee = text(*Fn);
  std::vector<TSNode> Parts;
  for (TSNode A : namedChildren(*Args))
    if (typeOf(A) != "comment")
      Parts.push_back(A);
  if (Parts.empty())
    return std::nullopt;
  if (Callee.endswith("Code.fromAsset") || Callee.endswith("Code.from_asset"))
    return assetPath(Parts[0], Eval, Json, RelativeToFile);
  bool Join = isPython() ? (Callee == "os.path.join" || Callee == "path.join" ||
                        Callee == "join")
                     : (Callee == "path.join" || Callee == "path.resolve" ||
                        Callee == "join" || Callee == "resolve");
  if (!Join)
    return std::nullopt;
  llvm::StringRef Base = text(Parts[0]);
  bool Here = isPython() ? (Base == "os.path.dirname(__file__)" ||
                        Base == "path.dirname(__file__)" ||
                        Base == "dirname(__file__)")
                     : Base == "__dirname";
  if (!Here)
    return std::nullopt;
  std::string Out;
  for (size_t I = 1; I < Parts.size(); ++I) {
    JsonValue S = Json.string(Parts[I]);
    if (S.Unknown)
      return std::nullopt;
    if (!Out.empty())
      Out += '/';
    Out += S.Str;
  }
  RelativeToFile = true;
  return Out.empty() ? std::string(".") : Out;
}

} // namespace nosqlint::extract::sdk::cdk
