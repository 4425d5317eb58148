//===- GoFieldStatements.cpp ----------------------------------------------===//
#include "GoFieldStatements.h"

#include "BuilderJoins.h"
#include "CqlShape.h"
#include "GoBindings.h"
#include "SyntaxTree.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"

#include <map>
#include <set>

namespace nosqlint::extract {

namespace {

llvm::StringRef typeOf(TSNode N) { return ts_node_type(N); }

/// `T`, `*T`, `[]T`, `...T`, `map[K]T`, `pkg.T`: the struct type named,
/// split into package alias and name.
std::optional<std::pair<llvm::StringRef, llvm::StringRef>>
elementType(llvm::StringRef T) {
  T = T.trim();
  for (;;) {
    if (T.consume_front("*") || T.consume_front("[]") || T.consume_front("..."))
      continue;
    if (T.startswith("map[")) {
      size_t Close = T.find(']');
      if (Close == llvm::StringRef::npos)
        return std::nullopt;
      T = T.drop_front(Close + 1);
      continue;
    }
    break;
  }
  if (T.empty() || !llvm::all_of(T, [](char C) {
        return llvm::isAlnum(C) || C == '_' || C == '.';
      }))
    return std::nullopt;
  auto [Pkg, Name] = T.rsplit('.');
  if (Name.empty())
    return std::make_pair(llvm::StringRef(), Pkg);
  return std::make_pair(Pkg, Name);
}

class Reader {
public:
  Reader(Evaluator &Eval, const FileImports &Imports,
         const QueryOwnership &Owners, FileId File)
      : Eval(Eval), Imports(Imports), Owners(Owners), File(File) {}

  void run(TSNode Root, llvm::ArrayRef<CqlSnippet> Taken, BuilderFacts &F);

private:
  llvm::StringRef text(TSNode N) const { return Eval.text(N); }
  /// The struct type of variable \p Id where it is used.
  std::optional<std::pair<llvm::StringRef, llvm::StringRef>>
  typeOfVariable(TSNode Id, unsigned Depth = 0) const;
  void sink(TSNode Selector, BuilderFacts &F);
  void fieldString(TSNode Literal, llvm::ArrayRef<CqlSnippet> Taken,
                   BuilderFacts &F);
  /// The import path of package alias \p Pkg; empty for the file's own.
  std::optional<std::string> packagePath(llvm::StringRef Pkg) const {
    if (Pkg.empty())
      return std::string();
    if (auto P = Imports.pathOf(Pkg))
      return P->str();
    return std::nullopt;
  }

  Evaluator &Eval;
  const FileImports &Imports;
  const QueryOwnership &Owners;
  FileId File;
  mutable GoScopes Scopes{Eval.source()};
};

std::optional<std::pair<llvm::StringRef, llvm::StringRef>>
Reader::typeOfVariable(TSNode Id, unsigned Depth) const {
  if (Depth > 3 || typeOf(Id) != "identifier")
    return std::nullopt;
  GoBinding B = Scopes.lookup(text(Id), Id);
  if (!B.Declaration)
    return std::nullopt;
  TSNode D = *B.Declaration;
  llvm::StringRef T = typeOf(D);
  if (T == "parameter_declaration" || T == "variadic_parameter_declaration" ||
      T == "var_spec") {
    auto Type = childByField(D, "type");
    if (Type) {
      llvm::StringRef Written = text(*Type);
      if (T == "variadic_parameter_declaration")
        Written = Written.ltrim("."); // `...T` one at a time
      return elementType(Written);
    }
  }
  if (T == "range_clause") {
    // `for _, s := range states`: the element of what it ranges over.
    auto Right = childByField(D, "right");
    if (!Right || typeOf(*Right) != "identifier")
      return std::nullopt;
    GoBinding Over = Scopes.lookup(text(*Right), *Right);
    if (!Over.Declaration)
      return std::nullopt;
    auto Type = childByField(*Over.Declaration, "type");
    if (!Type)
      return std::nullopt;
    return elementType(text(*Type));
  }
  if (B.Value) {
    TSNode V = *B.Value;
    if (typeOf(V) == "unary_expression" && ts_node_named_child_count(V) == 1)
      V = ts_node_named_child(V, 0);
    if (typeOf(V) == "composite_literal")
      if (auto Type = childByField(V, "type"))
        return elementType(text(*Type));
  }
  return std::nullopt;
}

void Reader::sink(TSNode Selector, BuilderFacts &F) {
  auto Operand = childByField(Selector, "operand");
  auto Field = childByField(Selector, "field");
  if (!Operand || !Field)
    return;
  // The value handed over: the field itself, or a format of it.
  TSNode Value = Selector;
  bool Formatted = false;
  TSNode Args = ts_node_parent(Selector);
  if (ts_node_is_null(Args) || typeOf(Args) != "argument_list")
    return;
  TSNode Call = ts_node_parent(Args);
  if (ts_node_eq(ts_node_named_child(Args, 0), Selector)) {
    CallParts Parts = Eval.callParts(Call);
    if (Parts.Receiver == "fmt" && Parts.Method == "Sprintf") {
      Value = Call;
      Formatted = true;
    }
  }
  Ownership O = Owners.decide(Value);
  if (O.Result != Ownership::Ours || !O.ReachedApi)
    return;
  auto Type = typeOfVariable(*Operand);
  if (!Type)
    return;
  std::optional<std::string> Path = packagePath(Type->first);
  if (!Path)
    return;
  GoFieldSink S;
  S.ImportPath = *Path;
  S.Type = Type->second.str();
  S.Field = text(*Field).str();
  S.Formatted = Formatted;
  S.Reason = O.Reason;
  F.GoFieldSinks.push_back(std::move(S));
}

void Reader::fieldString(TSNode Literal, llvm::ArrayRef<CqlSnippet> Taken,
                         BuilderFacts &F) {
  auto Type = childByField(Literal, "type");
  auto Body = childByField(Literal, "body");
  if (!Type || !Body)
    return;
  llvm::StringRef TT = typeOf(*Type);
  if (TT != "type_identifier" && TT != "qualified_type")
    return;
  auto Named = elementType(text(*Type));
  if (!Named)
    return;
  std::optional<std::string> Path = packagePath(Named->first);
  if (!Path)
    return;
  for (TSNode E : namedChildren(*Body)) {
    if (typeOf(E) != "keyed_element")
      continue;
    auto Kids = namedChildren(E);
    if (Kids.size() != 2)
      continue;
    TSNode V = Kids[1];
    if (typeOf(V) == "literal_element" && ts_node_named_child_count(V) == 1)
      V = ts_node_named_child(V, 0);
    if (!Eval.isStringy(V))
      continue;
    uint32_t B = ts_node_start_byte(V), End = ts_node_end_byte(V);
    if (llvm::any_of(Taken, [&](const CqlSnippet &S) {
          return S.Range.Begin <= B && End <= S.Range.End;
        }))
      continue; // already a statement of its own
    Rebuilt R;
    Eval.append(V, R);
    if (!looksLikeCql(R.text(), /*Loose=*/true))
      continue;
    GoFieldString S;
    S.ImportPath = *Path;
    S.Type = Named->second.str();
    S.Field = text(Kids[0]).str();
    S.Snippet.Text = R.text();
    S.Snippet.Origin = R.origin(File);
    S.Snippet.Range = {File, B, End};
    S.Snippet.Trust = R.trust();
    S.Snippet.Holes = R.holes();
    S.Snippet.Source = SnippetSource::DriverCall;
    // A plain literal as a fmt template: each verb a hole.
    llvm::StringRef W = text(V);
    if (typeOf(V) == "interpreted_string_literal" && !W.contains('\\') &&
        W.size() >= 2) {
      llvm::StringRef Body = W.drop_front().drop_back();
      Rebuilt T;
      uint32_t Base = B + 1;
      size_t Run = 0;
      for (size_t I = 0; I < Body.size(); ++I) {
        if (Body[I] != '%' || I + 1 >= Body.size())
          continue;
        if (Body[I + 1] == '%') {
          ++I;
          continue;
        }
        size_t J = I + 1;
        while (J < Body.size() && !llvm::isAlpha(Body[J]))
          ++J;
        if (J >= Body.size())
          break;
        T.appendVerbatim(Body.slice(Run, I), Base + static_cast<uint32_t>(Run));
        T.appendHole(Base + static_cast<uint32_t>(I),
                     static_cast<uint32_t>(J + 1 - I));
        Run = I = J;
        ++Run;
      }
      T.appendVerbatim(Body.substr(Run), Base + static_cast<uint32_t>(Run));
      CqlSnippet TS = S.Snippet;
      TS.Text = T.text();
      TS.Origin = T.origin(File);
      TS.Trust = T.trust();
      TS.Holes = T.holes();
      S.Template = std::move(TS);
    }
    F.GoFieldStrings.push_back(std::move(S));
  }
}

void Reader::run(TSNode Root, llvm::ArrayRef<CqlSnippet> Taken,
                 BuilderFacts &F) {
  forEachNamedNodeWithParent(Root, [&](TSNode N, TSNode P) {
    llvm::StringRef T = typeOf(N);
    if (T == "selector_expression") {
      if (!ts_node_is_null(P) && typeOf(P) == "argument_list")
        sink(N, F);
    } else if (T == "composite_literal") {
      fieldString(N, Taken, F);
    }
  });
}

} // namespace

void findGoFieldStatements(Evaluator &Eval, const FileImports &Imports,
                           const QueryOwnership &Owners, FileId File,
                           TSNode Root, llvm::ArrayRef<CqlSnippet> Taken,
                           BuilderFacts &Facts) {
  Reader R(Eval, Imports, Owners, File);
  R.run(Root, Taken, Facts);
}

std::vector<RepositorySnippet>
joinGoFieldStatements(llvm::ArrayRef<RepositoryFacts> Files) {
  // The folder a type's package is: the file's own, or the folder of the
  // run that ends with the most of the import path (a tie: none).
  std::set<std::string> Folders;
  for (const RepositoryFacts &F : Files)
    Folders.insert(F.Directory);
  auto FolderOf = [&](const RepositoryFacts &F,
                      const std::string &Import) -> std::optional<std::string> {
    if (Import.empty())
      return F.Directory;
    std::optional<std::string> Best;
    unsigned BestScore = 0;
    bool Tie = false;
    for (const std::string &D : Folders) {
      unsigned S = goImportMatch(D, Import);
      if (S == 0 || S < BestScore)
        continue;
      Tie = S == BestScore;
      Best = D;
      BestScore = S;
    }
    if (Tie)
      return std::nullopt;
    return Best;
  };
  struct SinkAt {
    const GoFieldSink *Sink;
  };
  std::map<std::string, std::vector<SinkAt>> Sinks; // folder + type + field
  for (const RepositoryFacts &F : Files) {
    if (!F.Builders)
      continue;
    for (const GoFieldSink &S : F.Builders->GoFieldSinks)
      if (std::optional<std::string> D = FolderOf(F, S.ImportPath))
        Sinks[*D + '\0' + S.Type + '\0' + S.Field].push_back({&S});
  }
  std::vector<RepositorySnippet> Out;
  if (Sinks.empty())
    return Out;
  for (const RepositoryFacts &F : Files) {
    if (!F.Builders)
      continue;
    for (const GoFieldString &S : F.Builders->GoFieldStrings) {
      std::optional<std::string> D = FolderOf(F, S.ImportPath);
      if (!D)
        continue;
      auto It = Sinks.find(*D + '\0' + S.Type + '\0' + S.Field);
      if (It == Sinks.end())
        continue;
      bool Plain = llvm::any_of(It->second, [](const SinkAt &A) {
        return !A.Sink->Formatted;
      });
      const GoFieldSink *Sink = It->second.front().Sink;
      for (const SinkAt &A : It->second)
        if (!A.Sink->Formatted || !Plain)
          Sink = A.Sink;
      CqlSnippet Snip;
      if (Plain)
        Snip = S.Snippet;
      else if (S.Template)
        Snip = *S.Template;
      else
        continue;
      Snip.Reason = "written as field " + S.Field + " of " + S.Type +
                    ", which its package sends " +
                    (Plain ? "" : "formatted ") + "as " + Sink->Reason;
      Out.push_back({F.File, std::move(Snip)});
    }
  }
  return Out;
}

} // namespace nosqlint::extract
