//===- JsModules.cpp - Which file a JavaScript import names ---------------===//
#include "nosqlint/Extract/JsModules.h"

#include "nosqlint/Json/PositionedJson.h"

#include "Languages.h"
#include "SyntaxTree.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Path.h"

#include <tree_sitter/api.h>

namespace nosqlint::extract {

namespace {

namespace path = llvm::sys::path;

constexpr unsigned MaxDepth = 8;

/// What one file exports: its own names, names re-exported from another
/// module, and the modules `export *` takes whole.
struct Exports {
  llvm::StringMap<bool> Own;
  llvm::StringMap<std::pair<std::string, std::string>> From; // spec, name
  std::vector<std::string> Star;
};

std::string normalized(llvm::StringRef P) {
  llvm::SmallString<128> S(P);
  path::remove_dots(S, /*remove_dot_dot=*/true);
  return std::string(S.str());
}

std::string joined(llvm::StringRef A, llvm::StringRef B) {
  llvm::SmallString<128> S(A);
  path::append(S, B);
  return normalized(S.str());
}

const json::JsonValue *field(const json::JsonValue &V, llvm::StringRef K) {
  if (!V.isObject())
    return nullptr;
  const json::JsonMember *M = V.member(K);
  return M ? &M->Value : nullptr;
}

} // namespace

struct JsModules::Impl {
  Reader Read;
  /// path -> whether the file exists.
  llvm::StringMap<bool> Exists;
  /// folder -> the package.json "name" there ("" when none or no name).
  llvm::StringMap<std::optional<std::string>> PackageNames;
  /// package name -> its folder (a name two folders give is left out).
  llvm::StringMap<std::string> PackageDirs;
  llvm::StringMap<bool> Ambiguous;
  /// folder -> its tsconfig.json's paths: (pattern, targets), base folder.
  struct Paths {
    std::vector<std::pair<std::string, std::vector<std::string>>> Patterns;
    std::string Base;
  };
  llvm::StringMap<std::optional<Paths>> TsConfigs;
  llvm::StringMap<std::unique_ptr<Exports>> ExportCache;

  /// The text of a file, read once per question (the answers are cached,
  /// not the texts).
  std::optional<std::string> text(const std::string &P) {
    if (auto It = Exists.find(P); It != Exists.end() && !It->second)
      return std::nullopt;
    std::optional<std::string> T = Read(P, true);
    Exists[P] = T.has_value();
    return T;
  }
  bool exists(const std::string &P) {
    auto It = Exists.find(P);
    if (It != Exists.end())
      return It->second;
    return Exists[P] = Read(P, false).has_value();
  }

  /// The package.json "name" of folder \p Dir, if it has one.
  std::optional<std::string> packageName(llvm::StringRef Dir) {
    auto It = PackageNames.find(Dir);
    if (It != PackageNames.end())
      return It->second;
    std::optional<std::string> Name;
    if (std::optional<std::string> T = text(joined(Dir, "package.json"))) {
      json::JsonError Err;
      if (auto V = json::parseJson(*T, Err))
        if (const json::JsonValue *N = field(*V, "name"); N && N->isString())
          Name = N->Str;
      if (!Name)
        Name = std::string(); // a package without a (readable) name
    }
    PackageNames[Dir] = Name;
    return Name;
  }

  /// The nearest folder above \p File with a file named \p Leaf.
  std::optional<std::string> nearest(llvm::StringRef File,
                                     llvm::StringRef Leaf) {
    std::string Dir = normalized(path::parent_path(File));
    for (unsigned I = 0; I < 64; ++I) {
      if (Leaf == "package.json" ? packageName(Dir).has_value()
                                 : exists(joined(Dir, Leaf)))
        return Dir;
      if (Dir.empty() || Dir == "/" || Dir == ".")
        break;
      std::string Up = path::parent_path(Dir).str();
      if (Up == Dir)
        break;
      Dir = Up;
    }
    return std::nullopt;
  }

  const std::optional<Paths> &tsconfigPaths(const std::string &Dir) {
    auto It = TsConfigs.find(Dir);
    if (It != TsConfigs.end())
      return It->second;
    std::optional<Paths> Out;
    if (std::optional<std::string> T = text(joined(Dir, "tsconfig.json"))) {
      json::JsonError Err;
      if (auto V = json::parseJson(*T, Err)) {
        const json::JsonValue *CO = field(*V, "compilerOptions");
        const json::JsonValue *Ps = CO ? field(*CO, "paths") : nullptr;
        if (Ps && Ps->isObject()) {
          Paths P;
          P.Base = Dir;
          if (const json::JsonValue *B = field(*CO, "baseUrl");
              B && B->isString())
            P.Base = joined(Dir, B->Str);
          for (const json::JsonMember &M : Ps->Members) {
            if (!M.Value.isArray())
              continue;
            std::vector<std::string> Targets;
            for (const json::JsonValue &E : M.Value.Elements)
              if (E.isString())
                Targets.push_back(E.Str);
            P.Patterns.emplace_back(M.Key, std::move(Targets));
          }
          Out = std::move(P);
        }
      }
    }
    return TsConfigs[Dir] = std::move(Out);
  }

  /// The file a module path without extension is.
  std::optional<std::string> file(llvm::StringRef Base) {
    static constexpr llvm::StringLiteral Exts[] = {".ts",  ".tsx", ".js",
                                                   ".jsx", ".mjs", ".cjs"};
    std::string B = normalized(Base);
    if (!path::extension(B).empty() && exists(B))
      return B;
    for (llvm::StringRef E : Exts)
      if (std::string F = B + E.str(); exists(F))
        return F;
    for (llvm::StringRef E : Exts)
      if (std::string F = joined(B, ("index" + E).str()); exists(F))
        return F;
    return std::nullopt;
  }

  std::optional<std::string> resolve(llvm::StringRef From,
                                     llvm::StringRef Spec) {
    if (Spec.startswith("./") || Spec.startswith("../") || Spec == "." ||
        Spec == "..")
      return file(joined(path::parent_path(From), Spec));
    if (auto Dir = nearest(From, "tsconfig.json"))
      if (const auto &Ps = tsconfigPaths(*Dir))
        for (const auto &[Pattern, Targets] : Ps->Patterns) {
          llvm::StringRef Pat(Pattern);
          std::string Star;
          size_t S = Pat.find('*');
          if (S == llvm::StringRef::npos) {
            if (Pat != Spec)
              continue;
          } else {
            llvm::StringRef Pre = Pat.take_front(S), Post = Pat.drop_front(S + 1);
            if (!Spec.startswith(Pre) || !Spec.endswith(Post) ||
                Spec.size() < Pre.size() + Post.size())
              continue;
            Star = Spec.slice(Pre.size(), Spec.size() - Post.size()).str();
          }
          for (const std::string &T : Targets) {
            std::string Target = T;
            if (size_t TS = Target.find('*'); TS != std::string::npos)
              Target.replace(TS, 1, Star);
            if (auto F = file(joined(Ps->Base, Target)))
              return F;
          }
        }
    // A package of the workspace: `@scope/name/sub` or `name/sub`.
    llvm::SmallVector<llvm::StringRef, 4> Parts;
    Spec.split(Parts, '/');
    size_t NameParts = Spec.startswith("@") ? 2 : 1;
    if (Parts.size() < NameParts)
      return std::nullopt;
    std::string Name = llvm::join(llvm::makeArrayRef(Parts).take_front(NameParts), "/");
    auto D = PackageDirs.find(Name);
    if (D == PackageDirs.end() || Ambiguous.count(Name))
      return std::nullopt;
    std::string Sub =
        llvm::join(llvm::makeArrayRef(Parts).drop_front(NameParts), "/");
    for (llvm::StringRef Root : {llvm::StringRef(""), llvm::StringRef("src")}) {
      std::string Base = Root.empty() ? D->second : joined(D->second, Root);
      if (auto F = file(Sub.empty() ? Base : joined(Base, Sub)))
        return F;
    }
    return std::nullopt;
  }

  const Exports &exports(const std::string &File) {
    auto It = ExportCache.find(File);
    if (It != ExportCache.end())
      return *It->second;
    auto E = std::make_unique<Exports>();
    if (std::optional<std::string> T = text(File))
      readExports(File, *T, *E);
    return *(ExportCache[File] = std::move(E));
  }

  static void readExports(llvm::StringRef File, llvm::StringRef Src,
                          Exports &E) {
    llvm::StringRef Ext = path::extension(File);
    HostLanguage L = Ext == ".tsx"  ? HostLanguage::Tsx
                     : Ext == ".ts" ? HostLanguage::TypeScript
                                    : HostLanguage::JavaScript;
    TSParser *Parser = ts_parser_new();
    if (!ts_parser_set_language(Parser, languageSpec(L).Grammar())) {
      ts_parser_delete(Parser);
      return;
    }
    TSTree *Tree = ts_parser_parse_string(Parser, nullptr, Src.data(),
                                          static_cast<uint32_t>(Src.size()));
    auto Text = [&](TSNode N) {
      return Src.slice(ts_node_start_byte(N), ts_node_end_byte(N));
    };
    auto Unquote = [](llvm::StringRef S) { return S.trim("'\"`").str(); };
    if (Tree) {
      for (TSNode S : namedChildren(ts_tree_root_node(Tree))) {
        if (llvm::StringRef(ts_node_type(S)) != "export_statement")
          continue;
        auto Source = childByField(S, "source");
        std::optional<std::string> Spec;
        if (Source)
          Spec = Unquote(Text(*Source));
        bool Clause = false;
        for (TSNode K : namedChildren(S)) {
          llvm::StringRef KT = ts_node_type(K);
          if (KT != "export_clause")
            continue;
          Clause = true;
          for (TSNode X : namedChildren(K)) {
            if (llvm::StringRef(ts_node_type(X)) != "export_specifier")
              continue;
            auto Name = childByField(X, "name");
            auto Alias = childByField(X, "alias");
            if (!Name)
              continue;
            std::string Exported = Text(Alias ? *Alias : *Name).str();
            if (Spec)
              E.From[Exported] = {*Spec, Text(*Name).str()};
            else
              E.Own[Exported] = true;
          }
        }
        if (Spec && !Clause) {
          // `export * from "x"` (`export * as ns from "x"` names one
          // namespace: not followed).
          bool Namespace = false;
          for (TSNode K : namedChildren(S))
            if (llvm::StringRef(ts_node_type(K)) == "namespace_export")
              Namespace = true;
          if (!Namespace)
            E.Star.push_back(*Spec);
          continue;
        }
        if (auto D = childByField(S, "declaration")) {
          llvm::StringRef DT = ts_node_type(*D);
          if (auto N = childByField(*D, "name")) {
            E.Own[Text(*N)] = true;
          } else if (DT == "lexical_declaration" ||
                     DT == "variable_declaration") {
            for (TSNode V : namedChildren(*D))
              if (llvm::StringRef(ts_node_type(V)) == "variable_declarator")
                if (auto N = childByField(V, "name");
                    N && llvm::StringRef(ts_node_type(*N)) == "identifier")
                  E.Own[Text(*N)] = true;
          }
        }
      }
      ts_tree_delete(Tree);
    }
    ts_parser_delete(Parser);
  }

  /// \p Seen: the files this question has read (a file met again, through
  /// a cycle or a second path, adds nothing: the walk stays linear).
  std::optional<Origin> origin(const std::string &File, llvm::StringRef Name,
                               unsigned Depth, llvm::StringMap<bool> &Seen) {
    if (Depth > MaxDepth || !Seen.try_emplace(File, true).second)
      return std::nullopt;
    const Exports &E = exports(File);
    if (E.Own.count(Name))
      return Origin{File, "", Name.str()};
    if (auto F = E.From.find(Name); F != E.From.end())
      return imported(File, F->second.first, F->second.second, Depth + 1,
                      Seen);
    std::optional<Origin> Found;
    for (const std::string &Spec : E.Star) {
      auto To = resolve(File, Spec);
      if (!To)
        continue; // `export *` of a library: it does not name the name
      if (auto O = origin(*To, Name, Depth + 1, Seen)) {
        if (Found && (Found->File != O->File || Found->Name != O->Name))
          return std::nullopt; // two modules export it: TypeScript refuses
        Found = std::move(O);
      }
    }
    return Found;
  }

  std::optional<Origin> imported(llvm::StringRef From, llvm::StringRef Spec,
                                 llvm::StringRef Name, unsigned Depth,
                                 llvm::StringMap<bool> &Seen) {
    if (auto To = resolve(From, Spec))
      return origin(*To, Name, Depth, Seen);
    bool Relative = Spec.startswith(".");
    if (Relative || Spec.startswith("~") || Spec.empty())
      return std::nullopt;
    // A package that is not the workspace's: the library's own name.
    llvm::SmallVector<llvm::StringRef, 4> Parts;
    Spec.split(Parts, '/');
    if (PackageDirs.count(
            llvm::join(llvm::makeArrayRef(Parts).take_front(
                           Spec.startswith("@") ? 2 : 1),
                       "/")))
      return std::nullopt; // the workspace's, but no such file
    return Origin{"", Spec.str(), Name.str()};
  }
};

JsModules::JsModules(Reader Read, llvm::ArrayRef<std::string> RunFiles)
    : P(std::make_unique<Impl>()) {
  P->Read = std::move(Read);
  llvm::StringMap<bool> Seen;
  for (const std::string &F : RunFiles) {
    std::string Dir = normalized(path::parent_path(F));
    if (!Seen.try_emplace(Dir, true).second)
      continue;
    auto D = P->nearest(F, "package.json");
    if (!D)
      continue;
    std::optional<std::string> Name = P->packageName(*D);
    if (!Name || Name->empty())
      continue;
    auto [It, New] = P->PackageDirs.try_emplace(*Name, *D);
    if (!New && It->second != *D)
      P->Ambiguous[*Name] = true;
  }
}

JsModules::~JsModules() = default;

std::optional<std::string> JsModules::resolve(llvm::StringRef From,
                                              llvm::StringRef Spec) {
  return P->resolve(normalized(From), Spec);
}

std::optional<JsModules::Origin> JsModules::origin(llvm::StringRef File,
                                                   llvm::StringRef Name) {
  llvm::StringMap<bool> Seen;
  return P->origin(normalized(File), Name, 0, Seen);
}

std::optional<JsModules::Origin>
JsModules::imported(llvm::StringRef From, llvm::StringRef Spec,
                    llvm::StringRef Name) {
  llvm::StringMap<bool> Seen;
  return P->imported(normalized(From), Spec, Name, 0, Seen);
}

bool isJsModule(llvm::StringRef File, llvm::StringRef Module) {
  llvm::SmallString<128> F(File);
  path::remove_dots(F, true);
  llvm::StringRef Stem = F.str();
  Stem = Stem.take_front(Stem.size() - path::extension(Stem).size());
  if (Stem == Module)
    return true;
  return path::filename(Stem) == "index" && path::parent_path(Stem) == Module;
}

} // namespace nosqlint::extract
