//===- WrapperCalls.cpp - Requests built through the application's wrappers --===//
//
// The join of WrapperCalls.h: the wrappers of each package, then in every
// file of the package that names one of them, its calls resolved to the
// definition and instantiated.
//
//===----------------------------------------------------------------------===//
#include "nosqlint/Extract/WrapperCalls.h"

#include "nosqlint/Extract/JsModules.h"

#include "HostJson.h"
#include "Languages.h"
#include "SyntaxTree.h"
#include "WrapperSummaries.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/Path.h"

#include <algorithm>
#include <map>
#include <tuple>

namespace nosqlint::extract {

namespace {

using json::JsonValue;
using sdk::FunctionSyntax;

llvm::StringRef textOf(llvm::StringRef Src, TSNode N) {
  return Src.slice(ts_node_start_byte(N), ts_node_end_byte(N));
}

/// Every position of a value of the wrapper's file moved to the call's
/// callee [Begin, End) in \p File: what the wrapper writes itself is
/// reported where it is called.
void relocate(JsonValue &V, FileId File, uint32_t Begin, uint32_t End) {
  V.Begin = Begin;
  V.End = End;
  if (V.isString()) {
    V.ContentBegin = Begin;
    V.ContentEnd = End;
    V.Escapes.clear();
    TextOrigin O(File);
    if (!V.Str.empty())
      O.addSegment(0, static_cast<uint32_t>(V.Str.size()), Begin, End - Begin);
    V.Origin = std::make_shared<const TextOrigin>(std::move(O));
  }
  for (json::JsonMember &M : V.Members) {
    M.KeyBegin = Begin;
    M.KeyEnd = End;
    M.KeyQuoted = false;
    relocate(M.Value, File, Begin, End);
  }
  for (JsonValue &E : V.Elements)
    relocate(E, File, Begin, End);
}

JsonValue *at(JsonValue &V, llvm::ArrayRef<JsonStep> Path) {
  JsonValue *X = &V;
  for (const JsonStep &S : Path) {
    if (S.Index >= 0) {
      if (!X->isArray() || static_cast<size_t>(S.Index) >= X->Elements.size())
        return nullptr;
      X = &X->Elements[S.Index];
      continue;
    }
    auto M = llvm::find_if(X->Members, [&](const json::JsonMember &Mem) {
      return Mem.Key == S.Key;
    });
    if (M == X->Members.end())
      return nullptr;
    X = &M->Value;
  }
  return X;
}

/// Go: `aws.String("x")` passed where the wrapper takes a *string: the
/// literal inside.
TSNode argumentValue(llvm::StringRef Src, TSNode A) {
  if (llvm::StringRef(ts_node_type(A)) != "call_expression")
    return A;
  auto Fn = childByField(A, "function");
  auto Args = childByField(A, "arguments");
  if (!Fn || !Args || llvm::StringRef(ts_node_type(*Fn)) != "selector_expression")
    return A;
  auto Op = childByField(*Fn, "operand");
  auto K = namedChildren(*Args);
  if (!Op || textOf(Src, *Op) != "aws" || K.size() != 1)
    return A;
  return K[0];
}

/// JavaScript: the value property \p Name has in the object literal \p A
/// (`{ entity, keys: k }`), the last part that sets it; nothing when A is
/// no literal or a spread may set it.
std::optional<TSNode> property(TSNode A, llvm::StringRef Name,
                               llvm::StringRef Src) {
  if (llvm::StringRef(ts_node_type(A)) != "object")
    return std::nullopt;
  std::optional<TSNode> Last;
  for (TSNode P : namedChildren(A)) {
    llvm::StringRef T = ts_node_type(P);
    if (T == "shorthand_property_identifier" && textOf(Src, P) == Name) {
      Last = P;
    } else if (T == "pair") {
      auto K = childByField(P, "key");
      auto V = childByField(P, "value");
      if (K && V && textOf(Src, *K).trim("'\"") == Name)
        Last = *V;
    } else if (T == "spread_element") {
      Last.reset();
    }
  }
  return Last;
}

/// A wrapper and the file that declares it.
struct Definition {
  const WrapperFunction *W;
  const WrapperUnit *U;
};

bool isJs(HostLanguage L) {
  return L == HostLanguage::JavaScript || L == HostLanguage::TypeScript ||
         L == HostLanguage::Tsx;
}

/// `./db` imported from the file at \p From: the path it names, without
/// extension (`src/db` for `src/db.ts` and `src/db/index.ts` alike is
/// decided by the caller).
std::string importedPath(llvm::StringRef FromDir, llvm::StringRef Spec) {
  llvm::SmallString<128> P(FromDir);
  llvm::sys::path::append(P, Spec);
  llvm::sys::path::remove_dots(P, /*remove_dot_dot=*/true);
  return std::string(P.str());
}

/// Whether \p File (a path as given) is the module \p Module names:
/// `Module.ts`, `Module.js`, ..., or `Module/index.ts`.
bool isModule(llvm::StringRef File, llvm::StringRef Module) {
  llvm::SmallString<128> F(File);
  llvm::sys::path::remove_dots(F, true);
  llvm::StringRef Stem = F.str();
  Stem = Stem.take_front(Stem.size() - llvm::sys::path::extension(Stem).size());
  if (Stem == Module)
    return true;
  return llvm::sys::path::filename(Stem) == "index" &&
         llvm::sys::path::parent_path(Stem) == Module;
}

class CallSites {
public:
  CallSites(const WrapperUnit &U, llvm::ArrayRef<Definition> Defs,
            JsModules *Modules)
      : U(U), Spec(languageSpec(U.Lang)), Eval(Spec, U.Text, U.Constants),
        Json(Eval, U.File), Defs(Defs), Modules(Modules) {}

  unsigned run(TSNode Root);

private:
  /// The wrapper a call names, with its callee and arguments.
  const WrapperFunction *resolve(TSNode Call, TSNode &Callee,
                                 llvm::SmallVectorImpl<TSNode> &Args);
  const WrapperFunction *find(llvm::StringRef Name, llvm::StringRef Owner,
                              size_t Arity,
                              llvm::function_ref<bool(const Definition &)> Ok);
  /// Java: whether class \p Owner of package \p Package is the one this
  /// file means by its simple name.
  bool javaSees(llvm::StringRef Package, llvm::StringRef Owner) const;
  void readJavaDeclarations();
  void readJsImports();
  void instantiate(const WrapperFunction &W, TSNode Call, TSNode Callee,
                   llvm::ArrayRef<TSNode> Args);

  const WrapperUnit &U;
  const LanguageSpec &Spec;
  Evaluator Eval;
  sdk::HostJson Json;
  llvm::ArrayRef<Definition> Defs;
  JsModules *Modules;
  TSNode Root{};
  llvm::StringRef Package;
  /// Java: the declared type of each name (fields, locals, parameters); a
  /// name declared with two types is left out.
  llvm::StringMap<std::string> JavaTypes;
  /// JavaScript: local name -> (module path, exported name); a namespace
  /// import has an empty exported name. With the run's modules, the path
  /// is the file that declares the name (or the namespace's file).
  llvm::StringMap<std::pair<std::string, std::string>> JsImports;
  /// Whether the module is a module's path without extension (no
  /// JsModules, relative imports only) or a file's.
  bool JsFiles = false;
  /// Whether \p D is declared in module \p Module of JsImports.
  bool declaresModule(const Definition &D, llvm::StringRef Module) const;
  unsigned Made = 0;
};

bool CallSites::declaresModule(const Definition &D,
                               llvm::StringRef Module) const {
  if (!JsFiles)
    return isModule(D.U->Path, Module);
  llvm::SmallString<128> P(D.U->Path), M(Module);
  llvm::sys::path::remove_dots(P, true);
  llvm::sys::path::remove_dots(M, true);
  return P == M;
}

const WrapperFunction *
CallSites::find(llvm::StringRef Name, llvm::StringRef Owner, size_t Arity,
                llvm::function_ref<bool(const Definition &)> Ok) {
  for (const Definition &D : Defs)
    if (D.W->Name == Name && D.W->Owner == Owner &&
        Arity <= D.W->Params.size() &&
        Arity + D.W->Optional >= D.W->Params.size() && Ok(D))
      return D.W;
  return nullptr;
}

bool CallSites::javaSees(llvm::StringRef Pkg, llvm::StringRef Owner) const {
  if (Pkg == Package)
    return true;
  std::string Single = ("import " + Pkg + "." + Owner + ";").str();
  std::string Star = ("import " + Pkg + ".*;").str();
  return U.Text.contains(Single) || U.Text.contains(Star);
}

void CallSites::readJavaDeclarations() {
  llvm::StringSet<> Ambiguous;
  forEachNamedNode(Root, [&](TSNode N) {
    llvm::StringRef T = ts_node_type(N);
    auto Record = [&](TSNode Name, TSNode Ty) {
      std::string Type = textOf(U.Text, Ty).str();
      Type = Type.substr(0, Type.find('<'));
      auto [It, New] = JavaTypes.try_emplace(textOf(U.Text, Name), Type);
      if (!New && It->second != Type)
        Ambiguous.insert(It->first());
    };
    if (T == "formal_parameter") {
      auto Name = childByField(N, "name");
      auto Ty = childByField(N, "type");
      if (Name && Ty)
        Record(*Name, *Ty);
      return;
    }
    if (T != "field_declaration" && T != "local_variable_declaration")
      return;
    auto Ty = childByField(N, "type");
    if (!Ty)
      return;
    for (TSNode K : namedChildren(N))
      if (llvm::StringRef(ts_node_type(K)) == "variable_declarator")
        if (auto Name = childByField(K, "name"))
          Record(*Name, *Ty);
  });
  for (const auto &A : Ambiguous)
    JavaTypes.erase(A.getKey());
}

void CallSites::readJsImports() {
  llvm::StringRef Dir = U.Directory;
  for (TSNode S : namedChildren(Root)) {
    if (llvm::StringRef(ts_node_type(S)) != "import_statement")
      continue;
    auto Source = childByField(S, "source");
    if (!Source)
      continue;
    llvm::StringRef Spec = textOf(U.Text, *Source).trim("'\"`");
    if (!Modules && !Spec.startswith("./") && !Spec.startswith("../"))
      continue; // a package: not the application's own file
    std::string Module;
    if (Modules) {
      std::optional<std::string> F = Modules->resolve(U.Path, Spec);
      if (!F)
        continue; // a library's module, or not found
      Module = *F;
    } else {
      Module = importedPath(Dir, Spec);
    }
    for (TSNode C : namedChildren(S)) {
      if (llvm::StringRef(ts_node_type(C)) != "import_clause")
        continue;
      for (TSNode K : namedChildren(C)) {
        llvm::StringRef KT = ts_node_type(K);
        if (KT == "namespace_import") {
          for (TSNode I : namedChildren(K))
            if (llvm::StringRef(ts_node_type(I)) == "identifier")
              JsImports[textOf(U.Text, I)] = {Module, ""};
          continue;
        }
        if (KT != "named_imports")
          continue;
        for (TSNode Spec : namedChildren(K)) {
          if (llvm::StringRef(ts_node_type(Spec)) != "import_specifier")
            continue;
          auto Name = childByField(Spec, "name");
          auto Alias = childByField(Spec, "alias");
          if (!Name)
            continue;
          std::pair<std::string, std::string> To{Module,
                                                 textOf(U.Text, *Name).str()};
          if (Modules) {
            // Through the module's re-exports, to the declaring file.
            auto O = Modules->origin(Module, To.second);
            if (!O || O->File.empty())
              continue;
            To = {O->File, O->Name};
          }
          JsImports[textOf(U.Text, Alias ? *Alias : *Name)] = std::move(To);
        }
      }
    }
  }
}

const WrapperFunction *
CallSites::resolve(TSNode Call, TSNode &Callee,
                   llvm::SmallVectorImpl<TSNode> &Args) {
  llvm::StringRef CT = ts_node_type(Call);
  bool Java = U.Lang == HostLanguage::Java;
  if (CT != (Java ? "method_invocation" : "call_expression"))
    return nullptr;
  auto ArgList = childByField(Call, "arguments");
  if (!ArgList)
    return nullptr;
  for (TSNode A : namedChildren(*ArgList)) {
    llvm::StringRef AT = ts_node_type(A);
    if (AT == "variadic_argument" || AT == "spread_element")
      return nullptr; // `f(xs...)`: which argument is which is not known
    Args.push_back(A);
  }
  size_t Arity = Args.size();
  uint32_t At = ts_node_start_byte(Call);
  std::optional<FunctionSyntax> Around =
      sdk::enclosingFunction(U.Lang, U.Text, Root, At);
  auto NotItself = [&](const WrapperFunction *W) -> const WrapperFunction * {
    // Not the wrapper's own recursion.
    if (W && Around && Around->Name == W->Name && Around->Owner == W->Owner)
      return nullptr;
    return W;
  };
  auto Local = [&](llvm::StringRef Name) {
    return Around && llvm::is_contained(Around->Params, Name);
  };

  if (Java) {
    auto Name = childByField(Call, "name");
    if (!Name)
      return nullptr;
    Callee = *Name;
    auto Object = childByField(Call, "object");
    llvm::StringRef Class = Around ? Around->Owner : llvm::StringRef();
    if (!Object || llvm::StringRef(ts_node_type(*Object)) == "this")
      return NotItself(find(textOf(U.Text, *Name), Class, Arity,
                            [&](const Definition &D) {
                              return D.W->Package == Package;
                            }));
    TSNode O = *Object;
    if (llvm::StringRef(ts_node_type(O)) == "field_access") {
      auto Obj = childByField(O, "object");
      auto Field = childByField(O, "field");
      if (!Obj || !Field || llvm::StringRef(ts_node_type(*Obj)) != "this")
        return nullptr;
      O = *Field;
    }
    if (llvm::StringRef(ts_node_type(O)) != "identifier")
      return nullptr;
    llvm::StringRef X = textOf(U.Text, O);
    llvm::StringRef Owner = X; // a static call, `Helper.query(..)`
    if (auto T = JavaTypes.find(X); T != JavaTypes.end())
      Owner = T->second;
    else if (Local(X) || X.empty() || !(X[0] >= 'A' && X[0] <= 'Z'))
      return nullptr;
    Owner = Owner.substr(Owner.rfind('.') + 1);
    return NotItself(find(textOf(U.Text, *Name), Owner, Arity,
                          [&](const Definition &D) {
                            return javaSees(D.W->Package, Owner);
                          }));
  }

  auto Fn = childByField(Call, "function");
  if (!Fn)
    return nullptr;
  if (isJs(U.Lang))
    Fn = sdk::jsCallee(*Fn);
  llvm::StringRef FT = ts_node_type(*Fn);
  if (U.Lang == HostLanguage::Go) {
    auto SamePackage = [&](const Definition &D) {
      return D.U->Directory == U.Directory && D.W->Package == Package;
    };
    if (FT == "identifier") {
      Callee = *Fn;
      llvm::StringRef Name = textOf(U.Text, *Fn);
      // A local of the same name (`queryEq := func(..)`) is not the wrapper.
      if (Eval.declarationValue(Name, At) || Local(Name))
        return nullptr;
      return NotItself(find(Name, "", Arity, SamePackage));
    }
    if (FT != "selector_expression")
      return nullptr;
    auto Op = childByField(*Fn, "operand");
    auto Field = childByField(*Fn, "field");
    if (!Op || !Field || llvm::StringRef(ts_node_type(*Op)) != "identifier")
      return nullptr;
    // A method called on the receiver of the method around the call: the
    // receiver's type says which method it is.
    if (!Around || Around->ReceiverName.empty() ||
        textOf(U.Text, *Op) != Around->ReceiverName ||
        sdk::assignedIn(U.Text, ts_node_start_byte(Around->Body),
                        ts_node_end_byte(Around->Body), Around->ReceiverName))
      return nullptr;
    Callee = *Field;
    return NotItself(
        find(textOf(U.Text, *Field), Around->Owner, Arity, SamePackage));
  }

  // JavaScript and TypeScript: a function of this file, or one imported
  // from a relative module by name (or through `import * as db`).
  if (FT == "identifier") {
    Callee = *Fn;
    llvm::StringRef Name = textOf(U.Text, *Fn);
    if (Local(Name))
      return nullptr;
    if (auto I = JsImports.find(Name); I != JsImports.end()) {
      if (I->second.second.empty())
        return nullptr;
      const std::string &Module = I->second.first;
      const std::string &Exported = I->second.second;
      return find(Exported, "", Arity, [&](const Definition &D) {
        return declaresModule(D, Module);
      });
    }
    // Declared in this file: the declaration in scope must be the
    // wrapper's own.
    std::optional<TSNode> V = Eval.declarationValue(Name, At);
    return NotItself(find(Name, "", Arity, [&](const Definition &D) {
      if (D.U != &U)
        return false;
      if (!V)
        return true;
      uint32_t B = ts_node_start_byte(*V);
      return D.W->Definition.Begin <= B && B < D.W->Definition.End;
    }));
  }
  if (FT != "member_expression")
    return nullptr;
  auto Obj = childByField(*Fn, "object");
  auto Prop = childByField(*Fn, "property");
  if (!Obj || !Prop || llvm::StringRef(ts_node_type(*Obj)) != "identifier")
    return nullptr;
  auto I = JsImports.find(textOf(U.Text, *Obj));
  if (I == JsImports.end() || !I->second.second.empty())
    return nullptr;
  Callee = *Prop;
  std::string Module = I->second.first;
  std::string Exported = textOf(U.Text, *Prop).str();
  if (JsFiles) {
    auto O = Modules->origin(Module, Exported);
    if (!O || O->File.empty())
      return nullptr;
    Module = O->File;
    Exported = O->Name;
  }
  return find(Exported, "", Arity, [&](const Definition &D) {
    return declaresModule(D, Module);
  });
}

void CallSites::instantiate(const WrapperFunction &W, TSNode Call,
                            TSNode Callee, llvm::ArrayRef<TSNode> Args) {
  uint32_t B = ts_node_start_byte(Callee), E = ts_node_end_byte(Callee);
  for (const WrapperFunction::Template &T : W.Requests) {
    DynamoCall C;
    C.Operation = T.Call.Operation;
    C.Sdk = WrapperSdk.str();
    C.Range = {U.File, ts_node_start_byte(Call), ts_node_end_byte(Call)};
    C.OperationRange = {U.File, B, E};
    C.Params = std::make_unique<JsonValue>(*T.Call.Params);
    relocate(*C.Params, U.File, B, E);
    for (const WrapperHole &H : T.Holes) {
      JsonValue *V = at(*C.Params, H.Path);
      if (!V || H.Param >= Args.size())
        continue;
      std::optional<TSNode> A = argumentValue(U.Text, Args[H.Param]);
      if (!H.Member.empty())
        A = property(*A, H.Member, U.Text);
      if (!A)
        continue; // not written at the call: stays unknown
      *V = V->isNumber() ? Json.number(*A) : Json.string(*A);
    }
    U.Calls->push_back(std::move(C));
    ++Made;
  }
}

unsigned CallSites::run(TSNode R) {
  Root = R;
  Package = sdk::packageOf(U.Lang, U.Text, Root);
  Eval.collectDeclarations(Root);
  if (U.Lang == HostLanguage::Java)
    readJavaDeclarations();
  JsFiles = Modules != nullptr;
  if (isJs(U.Lang))
    readJsImports();
  forEachNamedNode(Root, [&](TSNode N) {
    TSNode Callee{};
    llvm::SmallVector<TSNode, 8> Args;
    if (const WrapperFunction *W = resolve(N, Callee, Args))
      instantiate(*W, N, Callee, Args);
  });
  return Made;
}

/// Whether \p Text names \p Name as a call (`Name(`, `Name<T>(`), at
/// memchr speed.
bool namesCall(llvm::StringRef Text, llvm::StringRef Name) {
  for (size_t At = Text.find(Name); At != llvm::StringRef::npos;
       At = Text.find(Name, At + 1)) {
    size_t E = At + Name.size();
    if (E < Text.size() && (Text[E] == '(' || Text[E] == '<') &&
        (At == 0 || !(llvm::isAlnum(Text[At - 1]) || Text[At - 1] == '_')))
      return true;
  }
  return false;
}

} // namespace

bool namesAnyCall(llvm::StringRef Text, llvm::ArrayRef<std::string> Names) {
  return llvm::any_of(Names,
                      [&](const std::string &N) { return namesCall(Text, N); });
}

bool mayCallAcross(HostLanguage Declared, HostLanguage Caller) {
  return Declared == Caller || (isJs(Declared) && isJs(Caller));
}

unsigned joinWrapperCalls(llvm::ArrayRef<WrapperUnit> Units,
                          JsModules *Modules) {
  // The wrappers of each language family; a name declared twice with the
  // same arity where a call could mean either (build tags, a copy, an
  // overload) is no one definition: left out.
  std::map<int, std::vector<Definition>> ByFamily;
  auto Family = [](HostLanguage L) {
    return isJs(L) ? static_cast<int>(HostLanguage::JavaScript)
                   : static_cast<int>(L);
  };
  for (const WrapperUnit &U : Units) {
    if (!U.Wrappers)
      continue;
    for (const WrapperFunction &W : *U.Wrappers)
      ByFamily[Family(U.Lang)].push_back({&W, &U});
  }
  for (auto &Entry : ByFamily) {
    const int F = Entry.first;
    auto &Ds = Entry.second;
    std::map<std::tuple<std::string, std::string, std::string, std::string,
                        size_t>,
             unsigned>
        N;
    auto Key = [&](const Definition &D) {
      // Go: one package is one folder; JavaScript: one module is one file.
      std::string Scope = F == static_cast<int>(HostLanguage::Go)
                              ? D.U->Directory
                          : F == static_cast<int>(HostLanguage::JavaScript)
                              ? D.U->Path
                              : std::string();
      return std::make_tuple(Scope, D.W->Package, D.W->Owner, D.W->Name,
                             D.W->Params.size());
    };
    for (const Definition &D : Ds)
      ++N[Key(D)];
    llvm::erase_if(Ds, [&](const Definition &D) { return N[Key(D)] > 1; });
  }
  unsigned Made = 0;
  for (const WrapperUnit &U : Units) {
    if (!U.Calls || U.Text.empty())
      continue;
    auto It = ByFamily.find(Family(U.Lang));
    if (It == ByFamily.end() ||
        llvm::none_of(It->second, [&](const Definition &D) {
          return namesCall(U.Text, D.W->Name);
        }))
      continue;
    const LanguageSpec &Spec = languageSpec(U.Lang);
    TSParser *Parser = ts_parser_new();
    if (!ts_parser_set_language(Parser, Spec.Grammar())) {
      ts_parser_delete(Parser);
      continue;
    }
    TSTree *Tree = ts_parser_parse_string(
        Parser, nullptr, U.Text.data(), static_cast<uint32_t>(U.Text.size()));
    if (Tree) {
      size_t Before = U.Calls->size();
      CallSites S(U, It->second, isJs(U.Lang) ? Modules : nullptr);
      Made += S.run(ts_tree_root_node(Tree));
      if (U.Calls->size() != Before)
        std::stable_sort(U.Calls->begin(), U.Calls->end(),
                         [](const DynamoCall &A, const DynamoCall &B) {
                           return A.Range.Begin < B.Range.Begin;
                         });
      ts_tree_delete(Tree);
    }
    ts_parser_delete(Parser);
  }
  return Made;
}

} // namespace nosqlint::extract
