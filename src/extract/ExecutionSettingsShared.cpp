//===- ExecutionSettingsShared.cpp - A client one module exports, another runs ===//
//
// The two ends of SharedClients.h, read from each file's tree:
//
//   - importedClient: the receiver of an execute call is a name the file
//     binds once, by `const x = require('./m')`, `const { a, b: x } =
//     require('./m')`, `const x = require('./m').a`, `import x from './m'`,
//     `import { a as x } from './m'`, or `ns.a` for `ns` bound by the
//     first form or `import * as ns from './m'`; the specifier a literal
//     relative path. Any other binding of the name in the file (a
//     parameter, a local, an assignment) makes it unknown.
//   - exportedClient: the file exports under that name, once, the driver's
//     Client: `module.exports = x`, `module.exports = { a: x }`,
//     `exports.a = x`, `module.exports.a = x`, `export default x`,
//     `export const a = new Client(..)`, `export { x as a }`, with `x` a
//     top-level `const x = new Client(..)` bound once, or the construction
//     itself in place of `x`. An ES default import also takes a CommonJS
//     `module.exports` (Node.js and the bundlers' interop); `require` of
//     the whole module takes `module.exports` only.
//
//===----------------------------------------------------------------------===//
#include "ExecutionSettings.h"

#include "Languages.h"
#include "SyntaxTree.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

namespace nosqlint::extract {

namespace {

/// The relative specifier a string literal spells, or nothing (a template
/// with substitutions, a package name).
std::optional<std::string> relativeSpecifier(const Evaluator &Eval, TSNode S) {
  llvm::StringRef T = Eval.type(S);
  if (T != "string" && T != "template_string")
    return std::nullopt;
  llvm::StringRef Text = Eval.text(S);
  if (Text.size() < 2)
    return std::nullopt;
  llvm::StringRef Inner = Text.drop_front().drop_back();
  if (Inner.contains("${") || Inner.contains('\\') || Inner.contains('"') ||
      Inner.contains('\'') || Inner.contains('`'))
    return std::nullopt;
  if (!Inner.startswith("./") && !Inner.startswith("../"))
    return std::nullopt;
  return Inner.str();
}

/// `require('<relative>')`: its specifier.
std::optional<std::string> requiredModule(const Evaluator &Eval, TSNode V) {
  if (Eval.type(V) != "call_expression")
    return std::nullopt;
  std::optional<TSNode> Fn = childByField(V, "function");
  std::optional<TSNode> Args = childByField(V, "arguments");
  if (!Fn || !Args || Eval.text(*Fn) != "require" ||
      ts_node_named_child_count(*Args) != 1)
    return std::nullopt;
  return relativeSpecifier(Eval, ts_node_named_child(*Args, 0));
}

bool isDeclarationList(llvm::StringRef T) {
  return T == "lexical_declaration" || T == "variable_declaration";
}

/// The top-level statements of the program.
llvm::SmallVector<TSNode, 32> topLevel(TSNode Root) {
  llvm::SmallVector<TSNode, 32> Out;
  for (TSNode S : namedChildren(Root))
    Out.push_back(S);
  return Out;
}

/// The declarators of a top-level statement (`const a = .., b = ..`, also
/// under `export`).
llvm::SmallVector<TSNode, 4> declarators(const Evaluator &Eval, TSNode S) {
  llvm::SmallVector<TSNode, 4> Out;
  if (Eval.type(S) == "export_statement")
    if (std::optional<TSNode> D = childByField(S, "declaration"))
      S = *D;
  if (!isDeclarationList(Eval.type(S)))
    return Out;
  for (TSNode D : namedChildren(S))
    if (Eval.type(D) == "variable_declarator")
      Out.push_back(D);
  return Out;
}

bool isWordChar(char C) { return llvm::isAlnum(C) || C == '_' || C == '$'; }

/// Whether \p Src runs \p Name`.m(` or \p Name`.x.m(` for a method m of
/// \p Methods, whitespace allowed around the dots (`client\n  .execute`).
bool runsOn(llvm::StringRef Src, llvm::StringRef Name,
            llvm::ArrayRef<std::string> Methods) {
  auto SkipSpace = [&](size_t &I) {
    while (I < Src.size() && llvm::isSpace(Src[I]))
      ++I;
  };
  auto Word = [&](size_t &I) {
    size_t B = I;
    while (I < Src.size() && isWordChar(Src[I]))
      ++I;
    return Src.slice(B, I);
  };
  for (size_t At = Src.find(Name); At != llvm::StringRef::npos;
       At = Src.find(Name, At + 1)) {
    size_t I = At + Name.size();
    if ((At > 0 && (isWordChar(Src[At - 1]) || Src[At - 1] == '.')) ||
        (I < Src.size() && isWordChar(Src[I])))
      continue;
    for (unsigned Step = 0; Step < 2; ++Step) {
      SkipSpace(I);
      if (I >= Src.size() || Src[I] != '.')
        break;
      ++I;
      SkipSpace(I);
      llvm::StringRef M = Word(I);
      if (M.empty())
        break;
      if (llvm::is_contained(Methods, M.str()))
        return true;
    }
  }
  return false;
}

} // namespace

bool ExecutionSettings::mayRunOnImportedClient() const {
  // The names the file's top level binds by a relative import or require.
  llvm::SmallVector<llvm::StringRef, 8> Names;
  for (TSNode S : topLevel(Root)) {
    if (Eval.type(S) == "import_statement") {
      std::optional<TSNode> Source = childByField(S, "source");
      if (!Source || !relativeSpecifier(Eval, *Source))
        continue;
      forEachNamedNode(S, [&](TSNode N) {
        if (Eval.type(N) == "identifier")
          Names.push_back(Eval.text(N));
      });
      continue;
    }
    for (TSNode D : declarators(Eval, S)) {
      std::optional<TSNode> Name = childByField(D, "name");
      std::optional<TSNode> Value = childByField(D, "value");
      if (!Name || !Value)
        continue;
      TSNode V = *Value;
      if (Eval.type(V) == "member_expression")
        if (std::optional<TSNode> Obj = childByField(V, "object"))
          V = *Obj;
      if (!requiredModule(Eval, V))
        continue;
      forEachNamedNode(*Name, [&](TSNode N) {
        llvm::StringRef T = Eval.type(N);
        if (T == "identifier" || T == "shorthand_property_identifier_pattern")
          Names.push_back(Eval.text(N));
      });
    }
  }
  return llvm::any_of(Names, [&](llvm::StringRef N) {
    return runsOn(Eval.source(), N, ExecuteMethods);
  });
}

unsigned ExecutionSettings::bindingCount(llvm::StringRef Name) const {
  auto It = Bindings.find(Name.str());
  if (It != Bindings.end())
    return It->second;
  unsigned N = 0;
  if (!ts_node_is_null(Root))
    forEachNamedNode(Root, [&](TSNode X) {
      llvm::StringRef T = Eval.type(X);
      if (T != "identifier" && T != "shorthand_property_identifier_pattern")
        return;
      if (Eval.text(X) != Name)
        return;
      TSNode P = ts_node_parent(X);
      if (ts_node_is_null(P))
        return;
      llvm::StringRef PT = Eval.type(P);
      auto IsField = [&](const char *F) {
        std::optional<TSNode> C = childByField(P, F);
        return C && ts_node_eq(*C, X);
      };
      bool Binds =
          T == "shorthand_property_identifier_pattern" ||
          (PT == "variable_declarator" && IsField("name")) ||
          (PT == "pair_pattern" && IsField("value")) ||
          PT == "array_pattern" || PT == "rest_pattern" ||
          PT == "formal_parameters" ||
          ((PT == "assignment_pattern" || PT == "object_assignment_pattern") &&
           IsField("left")) ||
          ((PT == "required_parameter" || PT == "optional_parameter") &&
           IsField("pattern")) ||
          (PT == "arrow_function" && IsField("parameter")) ||
          ((PT == "function_declaration" || PT == "function_expression" ||
            PT == "function" || PT == "generator_function_declaration" ||
            PT == "class_declaration" || PT == "class") &&
           IsField("name")) ||
          PT == "import_clause" || PT == "namespace_import" ||
          PT == "import_specifier" || PT == "import_require_clause" ||
          (PT == "catch_clause" && IsField("parameter")) ||
          ((PT == "for_in_statement") && IsField("left")) ||
          ((PT == "assignment_expression" ||
            PT == "augmented_assignment_expression") &&
           IsField("left")) ||
          PT == "update_expression";
      // `import { a as x }`: the name `a` binds nothing here.
      if (PT == "import_specifier" && childByField(P, "alias") &&
          IsField("name"))
        Binds = false;
      N += Binds;
    });
  Bindings[Name.str()] = N;
  return N;
}

std::optional<SharedClientRef>
ExecutionSettings::importedClient(llvm::StringRef Receiver) const {
  if (ts_node_is_null(Root))
    return std::nullopt;
  auto [Base, Member] = Receiver.split('.');
  if (Base.empty() || Member.contains('.'))
    return std::nullopt;
  if (bindingCount(Base) != 1)
    return std::nullopt;
  // The one binding of Base, if it is a top-level import of a module.
  std::optional<SharedClientRef> Ref;
  bool Namespace = false; // Base is the whole module (`require`, `* as`)
  bool EsNamespace = false; // `import * as Base`
  for (TSNode S : topLevel(Root)) {
    llvm::StringRef T = Eval.type(S);
    if (T == "import_statement") {
      std::optional<TSNode> Source = childByField(S, "source");
      std::optional<std::string> Spec =
          Source ? relativeSpecifier(Eval, *Source) : std::nullopt;
      if (!Spec)
        continue;
      for (TSNode C : namedChildren(S)) {
        if (Eval.type(C) != "import_clause")
          continue;
        for (TSNode B : namedChildren(C)) {
          llvm::StringRef BT = Eval.type(B);
          if (BT == "identifier" && Eval.text(B) == Base) {
            Ref = SharedClientRef{*Spec, "default"};
          } else if (BT == "namespace_import") {
            for (TSNode I : namedChildren(B))
              if (Eval.type(I) == "identifier" && Eval.text(I) == Base) {
                Ref = SharedClientRef{*Spec, ""};
                Namespace = EsNamespace = true;
              }
          } else if (BT == "named_imports") {
            for (TSNode X : namedChildren(B)) {
              if (Eval.type(X) != "import_specifier")
                continue;
              std::optional<TSNode> Name = childByField(X, "name");
              std::optional<TSNode> Alias = childByField(X, "alias");
              if (Name && Eval.text(Alias ? *Alias : *Name) == Base)
                Ref = SharedClientRef{*Spec, Eval.text(*Name).trim("'\"").str()};
            }
          }
        }
      }
      continue;
    }
    for (TSNode D : declarators(Eval, S)) {
      std::optional<TSNode> Name = childByField(D, "name");
      std::optional<TSNode> Value = childByField(D, "value");
      if (!Name || !Value)
        continue;
      // `require('./m').a`
      std::string Picked;
      TSNode V = *Value;
      if (Eval.type(V) == "member_expression") {
        std::optional<TSNode> Obj = childByField(V, "object");
        std::optional<TSNode> Prop = childByField(V, "property");
        if (!Obj || !Prop || Eval.type(*Prop) != "property_identifier")
          continue;
        Picked = Eval.text(*Prop).str();
        V = *Obj;
      }
      std::optional<std::string> Spec = requiredModule(Eval, V);
      if (!Spec)
        continue;
      llvm::StringRef NT = Eval.type(*Name);
      if (NT == "identifier" && Eval.text(*Name) == Base) {
        Ref = SharedClientRef{*Spec, Picked};
        Namespace = Picked.empty();
      } else if (NT == "object_pattern" && Picked.empty()) {
        for (TSNode E : namedChildren(*Name)) {
          llvm::StringRef ET = Eval.type(E);
          if (ET == "shorthand_property_identifier_pattern" &&
              Eval.text(E) == Base)
            Ref = SharedClientRef{*Spec, Base.str()};
          if (ET == "pair_pattern") {
            std::optional<TSNode> K = childByField(E, "key");
            std::optional<TSNode> PV = childByField(E, "value");
            if (K && PV && Eval.type(*PV) == "identifier" &&
                Eval.text(*PV) == Base &&
                Eval.type(*K) == "property_identifier")
              Ref = SharedClientRef{*Spec, Eval.text(*K).str()};
          }
        }
      }
    }
  }
  if (!Ref)
    return std::nullopt;
  if (!Member.empty()) {
    // `ns.client`: a named export of the whole module.
    if (!Namespace || !llvm::all_of(Member, [](char C) {
          return llvm::isAlnum(C) || C == '_' || C == '$';
        }))
      return std::nullopt;
    Ref->Export = Member.str();
  } else if (EsNamespace) {
    return std::nullopt; // `import * as ns`: the namespace, not a client
  }
  return Ref;
}

std::optional<SharedClientDefaults>
ExecutionSettings::clientOfValue(TSNode V) const {
  auto Defaults = [&](TSNode Construction) {
    ClientDefaults D = readClientDefaults(Construction);
    SharedClientDefaults S;
    S.Facts = D.Facts;
    S.ProfilesVisible = D.ProfilesVisible;
    S.HasDefaultProfile = D.HasDefaultProfile;
    return S;
  };
  if (isClientConstruction(V))
    return Defaults(V);
  llvm::StringRef T = Eval.type(V);
  if (T != "identifier" && T != "shorthand_property_identifier")
    return std::nullopt;
  llvm::StringRef Name = Eval.text(V);
  if (bindingCount(Name) != 1)
    return std::nullopt;
  for (TSNode S : topLevel(Root))
    for (TSNode D : declarators(Eval, S)) {
      std::optional<TSNode> N = childByField(D, "name");
      std::optional<TSNode> Value = childByField(D, "value");
      if (N && Value && Eval.type(*N) == "identifier" &&
          Eval.text(*N) == Name)
        return isClientConstruction(*Value) ? std::optional(Defaults(*Value))
                                            : std::nullopt;
    }
  return std::nullopt;
}

std::optional<SharedClientDefaults>
ExecutionSettings::exportedClient(llvm::StringRef Export) const {
  if (ClientRows.empty() || DriverAssumed || ts_node_is_null(Root))
    return std::nullopt;
  // Every place the file may export under Export. Any one that is not a
  // plain top-level statement (inside a function, a branch) counts, and
  // spoils it: which one holds is not known.
  llvm::SmallVector<TSNode, 2> Values;
  bool Spoiled = false;
  llvm::SmallVector<TSNode, 2> ModuleExports;
  bool NamedAssignments = false;
  forEachNamedNode(Root, [&](TSNode N) {
    if (Eval.type(N) != "assignment_expression" &&
        Eval.type(N) != "augmented_assignment_expression")
      return;
    std::optional<TSNode> Left = childByField(N, "left");
    std::optional<TSNode> Right = childByField(N, "right");
    if (!Left || !Right)
      return;
    llvm::StringRef L = Eval.text(*Left);
    L = L.trim();
    TSNode P = ts_node_parent(N);
    bool Top = Eval.type(N) == "assignment_expression" && !ts_node_is_null(P) &&
               Eval.type(P) == "expression_statement" &&
               ts_node_eq(ts_node_parent(P), Root);
    if (L == "module.exports" || L == "exports") {
      if (!Top || L == "exports")
        Spoiled = true;
      ModuleExports.push_back(*Right);
      return;
    }
    llvm::StringRef Name = L;
    if (!Name.consume_front("module.exports.") && !Name.consume_front("exports."))
      return;
    if (Name == Export) {
      if (!Top)
        Spoiled = true;
      Values.push_back(*Right);
      NamedAssignments = true;
    }
  });
  bool EsExports = false;
  for (TSNode S : topLevel(Root)) {
    if (Eval.type(S) != "export_statement")
      continue;
    EsExports = true;
    if (childByField(S, "source")) {
      // `export { a } from './x'`, `export * from './x'`: not followed.
      if (!Export.empty() &&
          (Eval.text(S).contains('*') || Eval.text(S).contains(Export)))
        Spoiled = true;
      continue;
    }
    if (std::optional<TSNode> V = childByField(S, "value")) {
      if (Export == "default")
        Values.push_back(*V); // export default x
      continue;
    }
    bool Default = false;
    for (uint32_t I = 0, E = ts_node_child_count(S); I < E; ++I)
      if (llvm::StringRef(ts_node_type(ts_node_child(S, I))) == "default")
        Default = true;
    if (Default) {
      if (Export == "default")
        Spoiled = true; // export default function / class
      continue;
    }
    for (TSNode D : declarators(Eval, S)) {
      std::optional<TSNode> N = childByField(D, "name");
      std::optional<TSNode> V = childByField(D, "value");
      if (N && V && Eval.text(*N) == Export)
        Values.push_back(*N); // its one binding is checked with the name
    }
    for (TSNode C : namedChildren(S)) {
      if (Eval.type(C) != "export_clause")
        continue;
      for (TSNode X : namedChildren(C)) {
        std::optional<TSNode> N = childByField(X, "name");
        std::optional<TSNode> A = childByField(X, "alias");
        if (N && Eval.text(A ? *A : *N).trim("'\"") == Export)
          Values.push_back(*N);
      }
    }
  }
  // `module.exports = ..`: itself (require, or an ES default import of a
  // CommonJS module), or the entry of an object literal.
  // `exports.a = x` beside `module.exports = {..}`: whichever comes last
  // decides what `require` returns, and `exports` may be the object left
  // behind; not followed.
  if (ModuleExports.size() > 1 || (!ModuleExports.empty() && NamedAssignments))
    Spoiled = true;
  if (ModuleExports.size() == 1) {
    TSNode M = ModuleExports[0];
    if (Export.empty() || (Export == "default" && !EsExports)) {
      Values.push_back(M);
    } else if (Export != "default") {
      std::optional<TSNode> Obj;
      if (Eval.type(M) == "object")
        Obj = M;
      if (!Obj)
        Spoiled = true; // a property of something else: not followed
      else
        for (TSNode E : namedChildren(*Obj)) {
          llvm::StringRef T = Eval.type(E);
          if (T == "spread_element" || (T == "pair" && childByField(E, "key") &&
                                        Eval.type(*childByField(E, "key")) ==
                                            "computed_property_name"))
            Spoiled = true;
          else if (T == "shorthand_property_identifier" &&
                   Eval.text(E) == Export)
            Values.push_back(E);
          else if (T == "pair") {
            std::optional<TSNode> K = childByField(E, "key");
            std::optional<TSNode> V = childByField(E, "value");
            if (K && V && Eval.text(*K).trim("'\"") == Export)
              Values.push_back(*V);
          }
        }
    }
  }
  if (Spoiled || Values.size() != 1)
    return std::nullopt;
  return clientOfValue(Values[0]);
}

std::optional<SharedClientDefaults>
exportedClientDefaults(HostLanguage Lang, FileId File, llvm::StringRef Src,
                       llvm::StringRef Export) {
  if (Lang != HostLanguage::JavaScript && Lang != HostLanguage::TypeScript &&
      Lang != HostLanguage::Tsx)
    return std::nullopt;
  const LanguageSpec &Spec = languageSpec(Lang);
  TSParser *Parser = ts_parser_new();
  if (!ts_parser_set_language(Parser, Spec.Grammar())) {
    ts_parser_delete(Parser);
    return std::nullopt;
  }
  TSTree *Tree = ts_parser_parse_string(Parser, nullptr, Src.data(),
                                        static_cast<uint32_t>(Src.size()));
  std::optional<SharedClientDefaults> Out;
  if (Tree) {
    TSNode Root = ts_tree_root_node(Tree);
    Evaluator Eval(Spec, Src);
    Eval.collectDeclarations(Root);
    FileImports Imports = FileImports::scan(Lang, Src);
    ExecutionSettings Settings(Eval, ModelCatalog::forLanguage(Lang), Imports,
                               File);
    Settings.readSessionDefaults(Root);
    Out = Settings.exportedClient(Export);
    ts_tree_delete(Tree);
  }
  ts_parser_delete(Parser);
  return Out;
}

void applySharedClient(ExecutionFacts &Out, const SharedClientDefaults &D) {
  if (!Out.SharedClient)
    return;
  const SharedClientRef &R = *Out.SharedClient;
  // As applyClientDefaults: the profile leaves a fact to the client only
  // where it is known not to set it.
  bool ProfileKnown =
      R.PickKnown && (R.ProfileFound || (R.PickDefault && D.ProfilesVisible &&
                                         !D.HasDefaultProfile));
  if (!Out.Consistency && (!R.ProfileSets[0] || ProfileKnown))
    Out.Consistency = D.Facts.Consistency;
  if (!Out.SerialConsistency && (!R.ProfileSets[1] || ProfileKnown))
    Out.SerialConsistency = D.Facts.SerialConsistency;
  if (!Out.PageSize && (!R.ProfileSets[2] || ProfileKnown))
    Out.PageSize = D.Facts.PageSize;
}

} // namespace nosqlint::extract
