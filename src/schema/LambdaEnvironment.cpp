//===- LambdaEnvironment.cpp ----------------------------------------------===//
#include "nosqlint/Schema/LambdaEnvironment.h"

#include "DynamoLoaders.h"

#include "nosqlint/Json/PositionedJson.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/Path.h"

#include <map>

namespace nosqlint {

namespace {

using json::JsonValue;

/// `!Ref X` and `{"Ref": "X"}`: X.
std::optional<std::string> refOf(const JsonValue &V) {
  if (V.Tag == "!Ref" && V.isString())
    return V.Str;
  if (V.isObject() && V.Members.size() == 1 && V.Members[0].Key == "Ref" &&
      V.Members[0].Value.isString())
    return V.Members[0].Value.Str;
  return std::nullopt;
}

bool isFunction(llvm::StringRef Type) {
  return Type == "AWS::Serverless::Function" || Type == "AWS::Lambda::Function";
}

bool isTable(llvm::StringRef Type) {
  return Type == "AWS::DynamoDB::Table" || Type == "AWS::DynamoDB::GlobalTable" ||
         Type == "AWS::Serverless::SimpleTable";
}

/// The names of the template's tables by logical id: the literal TableName,
/// else the logical id (the name the schema gives such a table).
std::map<std::string, std::string> tableNames(const JsonValue &Resources) {
  std::map<std::string, std::string> Names;
  for (const json::JsonMember &R : Resources.Members) {
    auto Type = R.Value.getString("Type");
    if (!Type || !isTable(*Type))
      continue;
    std::string Name = R.Key;
    if (const JsonValue *Props = R.Value.get("Properties"))
      if (const JsonValue *T = Props->get("TableName"); T && T->isString() &&
                                                        T->Tag.empty())
        Name = T->Str;
    Names[R.Key] = Name;
  }
  return Names;
}

/// One binding per member of the object \p Vars (an environment's
/// variables), for the members \p Resolve gives a table (setting B.Table or
/// B.TableLogicalId); a later value of a name overrides an earlier one (a
/// function's own over Globals or the provider's).
template <typename Fn>
void bindEach(const JsonValue *Vars, FileId File, const EnvironmentBinding &Base,
              std::map<std::string, EnvironmentBinding> &Out, Fn &&Resolve) {
  if (!Vars || !Vars->isObject())
    return;
  for (const json::JsonMember &M : Vars->Members) {
    EnvironmentBinding B = Base;
    B.Variable = M.Key;
    B.Range = M.Value.range(File);
    if (Resolve(M.Value, B))
      Out[B.Variable] = std::move(B);
  }
}

void addVariables(const JsonValue *Environment,
                  const std::map<std::string, std::string> &Tables,
                  FileId File, const EnvironmentBinding &Base,
                  std::map<std::string, EnvironmentBinding> &Out) {
  const JsonValue *Vars = Environment ? Environment->get("Variables") : nullptr;
  bindEach(Vars, File, Base, Out, [&](const JsonValue &V, EnvironmentBinding &B) {
    if (auto Ref = refOf(V)) {
      auto It = Tables.find(*Ref);
      if (It == Tables.end())
        return false; // a parameter, another resource: not a table we know
      B.Table = It->second;
      return true;
    }
    if (V.isString() && V.Tag.empty()) {
      B.Table = V.Str;
      return true;
    }
    return false; // !Sub, !GetAtt, ...: computed at deploy time
  });
}

void readTemplate(const JsonValue &Doc, FileId File, llvm::StringRef Dir,
                  std::vector<EnvironmentBinding> &Out) {
  const JsonValue *Resources = Doc.get("Resources");
  if (!Resources || !Resources->isObject())
    return;
  std::map<std::string, std::string> Tables = tableNames(*Resources);
  const JsonValue *GlobalFn = nullptr;
  if (const JsonValue *G = Doc.get("Globals"))
    GlobalFn = G->get("Function");
  for (const json::JsonMember &R : Resources->Members) {
    auto Type = R.Value.getString("Type");
    if (!Type || !isFunction(*Type))
      continue;
    const JsonValue *Props = R.Value.get("Properties");
    EnvironmentBinding Base;
    Base.Function = R.Key;
    Base.TemplateDirectory = Dir.str();
    llvm::SmallString<256> Code(Dir);
    const JsonValue *CodeUri = Props ? Props->get("CodeUri") : nullptr;
    if (!CodeUri && GlobalFn)
      CodeUri = GlobalFn->get("CodeUri");
    if (CodeUri && CodeUri->isString() && CodeUri->Tag.empty() &&
        !llvm::StringRef(CodeUri->Str).startswith("s3://"))
      llvm::sys::path::append(Code, CodeUri->Str);
    llvm::sys::path::remove_dots(Code, /*remove_dot_dot=*/true);
    Base.CodeDirectory = std::string(Code);
    const JsonValue *Handler = Props ? Props->get("Handler") : nullptr;
    if (!Handler && GlobalFn)
      Handler = GlobalFn->get("Handler");
    if (Handler && Handler->isString())
      setLambdaHandler(Handler->Str, Base);
    std::map<std::string, EnvironmentBinding> Vars;
    if (GlobalFn)
      addVariables(GlobalFn->get("Environment"), Tables, File, Base, Vars);
    if (Props)
      addVariables(Props->get("Environment"), Tables, File, Base, Vars);
    for (auto &[Name, B] : Vars)
      Out.push_back(std::move(B));
  }
}

/// Serverless Framework: `functions.<f>.handler` (`src/handler.list`) and
/// the environment of the provider and of each function.
void readServerless(const JsonValue &Doc, FileId File, llvm::StringRef Dir,
                    std::vector<EnvironmentBinding> &Out) {
  const JsonValue *Functions = Doc.get("functions");
  if (!Functions || !Functions->isObject())
    return;
  // The table resources, and the raw text of each TableName.
  std::map<std::string, std::string> ByExpression; // TableName text -> id
  std::map<std::string, std::string> Literal;      // id -> literal name
  if (const JsonValue *Res = Doc.get("resources"))
    if (const JsonValue *Resources = Res->get("Resources");
        Resources && Resources->isObject())
      for (const json::JsonMember &R : Resources->Members) {
        auto Type = R.Value.getString("Type");
        if (!Type || !isTable(*Type))
          continue;
        Literal[R.Key] = "";
        const JsonValue *Props = R.Value.get("Properties");
        const JsonValue *T = Props ? Props->get("TableName") : nullptr;
        if (T && T->isString() && T->Tag.empty()) {
          if (llvm::StringRef(T->Str).contains("${"))
            ByExpression[T->Str] = R.Key;
          else
            Literal[R.Key] = T->Str;
        }
      }
  auto Bind = [&](const JsonValue *Env, const EnvironmentBinding &Base,
                  std::map<std::string, EnvironmentBinding> &Vars) {
    bindEach(Env, File, Base, Vars, [&](const JsonValue &V, EnvironmentBinding &B) {
      if (auto Ref = refOf(V)) {
        auto It = Literal.find(*Ref);
        if (It == Literal.end())
          return false;
        if (It->second.empty())
          B.TableLogicalId = *Ref;
        else
          B.Table = It->second;
        return true;
      }
      if (!V.isString() || !V.Tag.empty())
        return false;
      auto It = ByExpression.find(V.Str);
      if (It != ByExpression.end()) {
        B.TableLogicalId = It->second;
        return true;
      }
      if (llvm::StringRef(V.Str).contains("${"))
        return false; // a variable no table is named with: unknown here
      B.Table = V.Str;
      return true;
    });
  };
  const JsonValue *Provider = Doc.get("provider");
  for (const json::JsonMember &F : Functions->Members) {
    EnvironmentBinding Base;
    Base.Function = F.Key;
    Base.TemplateDirectory = Dir.str();
    Base.CodeDirectory = Dir.str();
    if (auto Handler = F.Value.getString("handler"))
      setLambdaHandler(*Handler, Base);
    std::map<std::string, EnvironmentBinding> Vars;
    if (Provider)
      Bind(Provider->get("environment"), Base, Vars);
    Bind(F.Value.get("environment"), Base, Vars);
    for (auto &[Name, B] : Vars)
      Out.push_back(std::move(B));
  }
}

bool underDirectory(llvm::StringRef Path, llvm::StringRef Dir) {
  if (Dir.empty() || Dir == ".")
    return true;
  return Path.startswith(Dir) &&
         (Path.size() == Dir.size() || Path[Dir.size()] == '/' ||
          Dir.back() == '/');
}

} // namespace

/// The handler's module: `app.lambda_handler` -> app,
/// `src/handlers/get.handler` -> src/handlers/get; Java and .NET name a
/// class (`example.App::handleRequest`, `Asm::Ns.Class::Method`).
void setLambdaHandler(llvm::StringRef Handler, EnvironmentBinding &B) {
  if (Handler.contains("::")) {
    llvm::SmallVector<llvm::StringRef, 3> Parts;
    Handler.split(Parts, "::");
    llvm::StringRef Class = Parts.size() >= 3 ? Parts[1] : Parts[0];
    B.HandlerModule = Class.rsplit('.').second.empty()
                          ? Class.str()
                          : Class.rsplit('.').second.str();
    B.HandlerIsClass = true;
    return;
  }
  size_t Dot = Handler.rfind('.');
  if (Dot == llvm::StringRef::npos || Dot == 0)
    return;
  llvm::SmallString<256> P(B.CodeDirectory);
  llvm::sys::path::append(P, Handler.take_front(Dot));
  B.HandlerModule = std::string(P);
}

std::vector<EnvironmentBinding>
readLambdaEnvironment(FileId File, llvm::StringRef Text,
                      llvm::StringRef TemplateDirectory) {
  std::vector<EnvironmentBinding> Out;
  // Cheap test first: most JSON and YAML files are no templates.
  bool Serverless = Text.contains("functions") && Text.contains("service");
  if (!Serverless &&
      (!Text.contains("Function") || !Text.contains("Resources")))
    return Out;
  std::vector<JsonValue> Docs;
  llvm::StringRef Body = Text.ltrim(" \t\r\n\xEF\xBB\xBF");
  if (Body.startswith("{") || Body.startswith("[")) {
    json::JsonDocuments Parsed =
        json::parseJsonDocuments(Text, /*SplitTopLevelArray=*/true);
    if (Parsed.Error)
      return Out;
    Docs = std::move(Parsed.Documents);
  } else {
    uint32_t ErrOffset = 0;
    std::string ErrMessage;
    if (!dynamo::parseYamlDocuments(Text, Docs, ErrOffset, ErrMessage))
      return Out;
  }
  for (const JsonValue &Doc : Docs) {
    if (!Doc.isObject())
      continue;
    if (Doc.get("service") && Doc.get("functions"))
      readServerless(Doc, File, TemplateDirectory, Out);
    else
      readTemplate(Doc, File, TemplateDirectory, Out);
  }
  return Out;
}

std::vector<const EnvironmentBinding *>
bindingsFor(const std::vector<EnvironmentBinding> &Bindings,
            llvm::StringRef Path, llvm::StringRef Variable) {
  llvm::StringRef Stem = Path;
  Stem.consume_back(llvm::sys::path::extension(Path));
  llvm::StringRef FileStem = llvm::sys::path::filename(Stem);
  std::vector<const EnvironmentBinding *> Handler, Folder;
  for (const EnvironmentBinding &B : Bindings) {
    if (B.Variable != Variable || !underDirectory(Path, B.CodeDirectory))
      continue;
    Folder.push_back(&B);
    if (!B.HandlerModule.empty() &&
        (B.HandlerIsClass ? FileStem == B.HandlerModule : Stem == B.HandlerModule))
      Handler.push_back(&B);
  }
  // The functions whose handler this file is; else every function whose
  // code holds it (a module they share). One binding per distinct table.
  const std::vector<const EnvironmentBinding *> &Chosen =
      Handler.empty() ? Folder : Handler;
  std::vector<const EnvironmentBinding *> Distinct;
  for (const EnvironmentBinding *B : Chosen) {
    bool Seen = false;
    for (const EnvironmentBinding *D : Distinct)
      Seen |= D->Table == B->Table && D->TableLogicalId == B->TableLogicalId &&
              D->TemplateDirectory == B->TemplateDirectory;
    if (!Seen)
      Distinct.push_back(B);
  }
  return Distinct;
}

} // namespace nosqlint
