//===- Extractor.cpp - Finds the CQL strings of one host file -------------===//
//
// Parses the file with its tree-sitter grammar, records its declarations,
// then walks the tree: every maximal string expression (a literal, a
// concatenation, a format call) is evaluated, and when it reads as a
// statement QueryOwnership decides whether it is ours: it reaches an API of
// a Cassandra library (then any statement keyword starts it), or it has the
// full shape of a CQL statement where the file's libraries allow. A constant
// that only serves as a part of larger strings is not a query of its own.
//
//===----------------------------------------------------------------------===//
#include "nosqlint/Extract/Extract.h"

#include "CommentSpans.h"
#include "CqlEngineQueries.h"
#include "CqlEntityModels.h"
#include "CqlShape.h"
#include "FunctionSpans.h"
#include "Evaluator.h"
#include "ExecutionSettings.h"
#include "GoFieldStatements.h"
#include "GocqlxQueries.h"
#include "Imports.h"
#include "Mapper3Calls.h"
#include "MapperDaos.h"
#include "NodeMappers.h"
#include "SpringRepositories.h"
#include "TemplateQueries.h"
#include "Languages.h"
#include "LaterExtensions.h"
#include "QueryBuilders.h"
#include "QueryOwnership.h"
#include "dynamo/SdkCalls.h"
#include "dynamo/WrapperSummaries.h"

#include "nosqlint/Basic/Nesting.h"
#include "nosqlint/Extract/BuilderFacts.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

#include <algorithm>

#include <tree_sitter/api.h>

namespace nosqlint::extract {

namespace {

/// Calls whose string arguments are messages, not queries: logging, test
/// failures, errors ("insert into users failed: %v").
bool isMessageCall(llvm::StringRef Method) {
  std::string M = Method.lower();
  static const char *const Names[] = {
      "fatal", "fatalf", "fatalln", "error", "errorf", "errorln", "errors",
      "printf", "println", "print", "logf", "log", "logln", "infof", "info",
      "warnf", "warn", "warning", "warningf", "debugf", "debug", "tracef",
      "trace", "skipf", "skip", "panicf", "panic", "panicln", "fail",
      "failf", "failnow", "exception", "critical", "notice", "puts",
      "writeline", "write", "fprintf", "fprintln", "wrap", "wrapf", "new",
      "msg", "message", "errorsf", "log_error", "logger"};
  if (llvm::is_contained(Names, M))
    return true;
  llvm::StringRef R(Method);
  return R.endswith("Exception") || R.endswith("Error") ||
         R.startswith("assert") || R.startswith("Assert") ||
         R.startswith("expect");
}

/// Node types that only wrap an argument on its way to the call.
bool isArgumentWrapper(llvm::StringRef T) {
  return T == "argument" || T == "value_argument" || T == "argument_list" ||
         T == "arguments" || T == "value_arguments" || T == "call_suffix" ||
         T == "annotation_argument_list" || T == "element_value_pair" ||
         T == "attribute_argument" || T == "attribute_argument_list" ||
         T == "parenthesized_expression" || T == "constructor_invocation";
}

bool isWordChar(char C) { return llvm::isAlnum(C) || C == '_' || C == '$'; }

/// Whether \p Text starts with a word a statement starts with: what a
/// query built over several statements starts as (`new
/// StringBuilder("SELECT ")`).
bool startsWithStatementKeyword(llvm::StringRef Text) {
  llvm::StringRef T = Text.ltrim();
  return isStatementKeyword(T.take_while([](char C) { return llvm::isAlpha(C); }));
}

/// The variable a string is assigned to: a declaration's name or the
/// identifier left of `=`.
std::optional<llvm::StringRef> assignedName(const Evaluator &Eval, TSNode N) {
  if (auto Name = Eval.declaredName(N))
    return Name;
  TSNode P = ts_node_parent(N);
  if (ts_node_is_null(P))
    return std::nullopt;
  llvm::StringRef T = Eval.type(P);
  if (T == "expression_list") {
    P = ts_node_parent(P);
    if (ts_node_is_null(P))
      return std::nullopt;
    T = Eval.type(P);
  }
  if (!T.contains("assignment"))
    return std::nullopt;
  TSNode Left = ts_node_named_child(P, 0);
  if (ts_node_is_null(Left))
    return std::nullopt;
  if (Eval.type(Left) == "expression_list" && ts_node_named_child_count(Left) == 1)
    Left = ts_node_named_child(Left, 0);
  llvm::StringRef Id = Eval.text(Left);
  if (Id.empty() || !llvm::all_of(Id, isWordChar))
    return std::nullopt;
  return Id;
}

class FileExtractor {
public:
  FileExtractor(const LanguageSpec &Spec, FileId File, llvm::StringRef Src,
                const PackageConstants *Package, const ExtractOptions &Options)
      : Spec(Spec), File(File), Src(Src), Options(Options),
        Eval(Spec, Src, Package), Imports(FileImports::scan(Spec.Lang, Src)),
        Owners(Spec, Eval, Imports) {}

  FileExtraction run(TSNode Root);

private:
  void candidate(TSNode N, TSNode Root);
  bool isMessageArgument(TSNode N) const;
  void record(TSNode N, const std::string &Text, bool Taken,
              const std::string &Reason);

  const LanguageSpec &Spec;
  FileId File;
  llvm::StringRef Src;
  const ExtractOptions &Options;
  Evaluator Eval;
  FileImports Imports;
  QueryOwnership Owners;
  bool OwnersIndexed = false;
  /// The consistency levels and page sizes the file sets (`setting` rows).
  std::optional<ExecutionSettings> Settings;
  std::vector<ExtractionDecision> Decisions;
  struct Found {
    CqlSnippet Snippet;
    std::optional<std::string> DeclaredAs;
  };
  std::vector<Found> Results;
  /// Host strings read into DynamoDB requests (sorted): not CQL.
  std::vector<std::pair<uint32_t, uint32_t>> Consumed;
  bool consumed(TSNode N) const;
  /// Go and Node builders and mappers (BuilderFacts.h).
  void findBuilderFacts(TSNode Root, FileExtraction &Out);
};

void FileExtractor::findBuilderFacts(TSNode Root, FileExtraction &Out) {
  auto Facts = std::make_shared<BuilderFacts>();
  if (Spec.Lang == HostLanguage::Go) {
    findGocqlxQueries(Eval, Imports, File, Root, !Options.ByShape,
                      Out.Snippets, *Facts);
    if (!OwnersIndexed) {
      Owners.index(Root);
      OwnersIndexed = true;
    }
    findGoFieldStatements(Eval, Imports, Owners, File, Root, Out.Snippets,
                          *Facts);
  }
  if ((Spec.Lang == HostLanguage::JavaScript ||
       Spec.Lang == HostLanguage::TypeScript ||
       Spec.Lang == HostLanguage::Tsx) &&
      mayHoldNodeMapper(Src))
    findNodeMapperFacts(Eval, Imports, File, Root, *Facts);
  if (!Facts->empty())
    Out.Repositories.Builders = std::move(Facts);
  if (Spec.Lang == HostLanguage::Go)
    std::stable_sort(Out.Snippets.begin(), Out.Snippets.end(),
                     [](const CqlSnippet &A, const CqlSnippet &B) {
                       return A.Range.Begin < B.Range.Begin;
                     });
}

bool FileExtractor::consumed(TSNode N) const {
  uint32_t B = ts_node_start_byte(N), E = ts_node_end_byte(N);
  // Consumed is sorted and merged into disjoint ranges: only the last one
  // starting at or before B can cover N.
  auto It = std::upper_bound(
      Consumed.begin(), Consumed.end(), std::make_pair(B, UINT32_MAX));
  return It != Consumed.begin() && std::prev(It)->second >= E;
}

bool FileExtractor::isMessageArgument(TSNode N) const {
  TSNode P = ts_node_parent(N);
  for (unsigned I = 0; I < 5 && !ts_node_is_null(P); ++I) {
    llvm::StringRef T = Eval.type(P);
    if (Eval.isCall(P))
      return isMessageCall(Eval.callParts(P).Method);
    if (T == "throw_statement" || T == "raise_statement" ||
        T == "throw_expression")
      return true;
    if (!isArgumentWrapper(T))
      return false;
    P = ts_node_parent(P);
  }
  return false;
}

void FileExtractor::record(TSNode N, const std::string &Text, bool Taken,
                           const std::string &Reason) {
  if (!Options.RecordDecisions)
    return;
  ExtractionDecision D;
  D.Range = SourceRange(File, ts_node_start_byte(N), ts_node_end_byte(N));
  D.Taken = Taken;
  D.Text = Text;
  D.Reason = Reason;
  Decisions.push_back(std::move(D));
}

void FileExtractor::candidate(TSNode N, TSNode Root) {
  Rebuilt R;
  Eval.append(N, R);
  if (std::optional<char> Margin = Eval.marginApplied(N))
    R.blankMargins(0, *Margin);
  // A variable extended further on (`q += " WHERE ..."`, `sb.append(..)`):
  // the statement is what the next statements make of it.
  std::optional<llvm::StringRef> Var = assignedName(Eval, N);
  bool Extended = Var && startsWithStatementKeyword(R.text()) &&
                  isExtendedWithin(Src, *Var, ts_node_end_byte(N),
                                   static_cast<uint32_t>(Src.size()));
  if (Extended)
    appendLaterExtensions(Eval, N, *Var, R);
  // Nothing that cannot start a statement needs a decision.
  if (!looksLikeCql(R.text(), /*Loose=*/true))
    return;
  if (!OwnersIndexed) {
    Owners.index(Root);
    OwnersIndexed = true;
  }
  Ownership O = Owners.decide(N);
  bool Driver = O.ReachedApi;
  if (O.Result == Ownership::NotOurs) {
    record(N, R.text(), false, O.Reason);
    return;
  }
  if (!Driver && !Options.ByShape) {
    record(N, R.text(), false,
           "reaches no Cassandra API, in a test source (its strings are as "
           "often expected output as statements)");
    return;
  }
  if (!Driver && !looksLikeCql(R.text(), /*Loose=*/false)) {
    record(N, R.text(), false,
           "reaches no Cassandra API and has not the shape of a CQL "
           "statement");
    return;
  }
  if (!Driver && isMessageArgument(N)) {
    record(N, R.text(), false, "the message of a logging or error call");
    return;
  }
  Found F;
  F.Snippet.Text = R.text();
  F.Snippet.Origin = R.origin(File);
  F.Snippet.Range =
      SourceRange(File, ts_node_start_byte(N), ts_node_end_byte(N));
  F.Snippet.Trust = R.trust();
  F.Snippet.Source = Driver ? SnippetSource::DriverCall : SnippetSource::Keyword;
  F.Snippet.Holes = R.holes();
  F.Snippet.Reason = O.Reason;
  F.Snippet.NeedsPackage = O.Result == Ownership::IfPackageAllows;
  if (!Settings) {
    Settings.emplace(Eval, ModelCatalog::forLanguage(Spec.Lang), Imports, File);
    Settings->readSessionDefaults(Root);
  }
  F.Snippet.Execution = Settings->factsFor(N);
  if (auto Name = Eval.declaredName(N))
    F.DeclaredAs = Name->str();
  record(N, R.text(), true,
         Extended ? O.Reason + " (built on by the statements after it, as " +
                        Var->str() + ")"
                  : O.Reason);
  Results.push_back(std::move(F));
}

FileExtraction FileExtractor::run(TSNode Root) {
  Eval.collectDeclarations(Root);
  FileExtraction Out;
  Consumed = sdk::findDynamoCalls(Spec, Eval, Src, File, Root, Out.DynamoCalls,
                                  Out.Functions);
  Out.Wrappers =
      sdk::summarizeWrappers(Spec.Lang, Src, Root, Out.DynamoCalls);
  std::sort(Consumed.begin(), Consumed.end());
  std::vector<std::pair<uint32_t, uint32_t>> Merged;
  for (const auto &R : Consumed) {
    if (!Merged.empty() && R.first <= Merged.back().second)
      Merged.back().second = std::max(Merged.back().second, R.second);
    else
      Merged.push_back(R);
  }
  Consumed = std::move(Merged);
  // Pre-order walk with a cursor (no recursion: trees can be deep); a
  // string expression is evaluated whole and not entered.
  TSTreeCursor C = ts_tree_cursor_new(Root);
  bool Done = false;
  while (!Done) {
    TSNode N = ts_tree_cursor_current_node(&C);
    bool Enter = true;
    if (ts_node_is_named(N) && Eval.isStringy(N)) {
      if (!consumed(N))
        candidate(N, Root);
      Enter = false;
    }
    if (Enter && ts_tree_cursor_goto_first_child(&C))
      continue;
    while (!ts_tree_cursor_goto_next_sibling(&C)) {
      if (!ts_tree_cursor_goto_parent(&C)) {
        Done = true;
        break;
      }
    }
  }
  ts_tree_cursor_delete(&C);

  for (Found &F : Results) {
    // A constant that other strings are built from is a fragment, not a
    // query (`BASE = "SELECT * FROM t"; BASE + " WHERE k = ?"`), unless it
    // also reaches a driver call as it is (`execute(BASE)`).
    if (F.DeclaredAs && Eval.usedAsPart().contains(*F.DeclaredAs) &&
        F.Snippet.Source != SnippetSource::DriverCall) {
      for (ExtractionDecision &D : Decisions)
        if (D.Range.Begin == F.Snippet.Range.Begin &&
            D.Range.End == F.Snippet.Range.End) {
          D.Taken = false;
          D.Reason = "a constant that longer queries are built from";
        }
      continue;
    }
    Out.Snippets.push_back(std::move(F.Snippet));
  }
  // Entity classes are tables of the schema (Java and Kotlin mappers,
  // cqlengine).
  bool Jvm = Spec.Lang == HostLanguage::Java || Spec.Lang == HostLanguage::Kotlin;
  if (Jvm || Spec.Lang == HostLanguage::Python)
    findCqlEntityModels(Eval, Src, File, Root, Out.Snippets,
                        &Out.Repositories.Entities);
  if (Spec.Lang == HostLanguage::Python)
    findCqlEngineQueries(Eval, Imports, File, Root, Out.Repositories);
  if (Jvm) { // Spring Data repositories and templates
    findRepositoryFacts(Eval, Imports, File, Root, Out.Repositories);
    findTemplateQueries(Eval, Imports, File, Root, Out.Repositories);
  }
  if (Spec.Lang == HostLanguage::Java) {
    findQueryBuilderChains(Eval, Src, File, Root, Out.Snippets);
    findMapperDaoQueries(Eval, Imports, Src, File, Root, Out.Repositories);
    findMapper3Calls(Eval, Imports, Src, File, Root, Out.Repositories,
                     Out.Snippets);
  }
  findBuilderFacts(Root, Out);
  Out.Uses = Owners.fileUse();
  Out.Decisions = std::move(Decisions);
  Out.Constants = Eval.knownConstants();
  for (const auto &N : Eval.unresolved())
    Out.UnresolvedNames.push_back(N.getKey().str());
  std::sort(Out.UnresolvedNames.begin(), Out.UnresolvedNames.end());
  if (Spec.Lang == HostLanguage::Java && !Out.UnresolvedNames.empty())
    for (const Import &I : Imports.all()) {
      // A type import names the class; a static one a member of it (or
      // all of them, `a.b.C.*`).
      llvm::StringRef P(I.Path);
      Out.ImportedClasses.push_back(P.str());
      if (P.contains('.'))
        Out.ImportedClasses.push_back(P.rsplit('.').first.str());
    }
  return Out;
}

} // namespace

bool isTestSourcePath(llvm::StringRef Path) {
  llvm::StringRef Name = Path.substr(Path.find_last_of("/\\") + 1);
  llvm::StringRef Stem = Name.take_until([](char C) { return C == '.'; });
  llvm::StringRef Ext = Name.drop_front(Stem.size());
  if (Ext == ".go")
    return Stem.endswith("_test");
  if (Ext == ".py")
    return Stem.startswith("test_") || Stem.endswith("_test");
  if (Ext == ".java" || Ext == ".kt" || Ext == ".scala" || Ext == ".cs")
    return Stem.endswith("Test") || Stem.endswith("Tests") ||
           Stem.endswith("IT") || Stem.endswith("Spec");
  // foo.test.ts, foo.spec.js, foo.test.tsx
  return Ext.startswith(".test.") || Ext.startswith(".spec.");
}

FileExtraction extractFile(HostLanguage Lang, FileId File, llvm::StringRef Text,
                           const PackageConstants *Package,
                           const ExtractOptions &Options) {
  // A file given up on still says which libraries it imports.
  auto Nothing = [&] {
    FileExtraction Empty;
    Empty.Uses = libraryUse(Lang, Text);
    return Empty;
  };
  if (Text.size() > Options.MaxFileBytes || Text.size() > UINT32_MAX)
    return Nothing();
  if (nestsDeeperThan(Text)) {
    FileExtraction Refused = Nothing();
    Refused.TooDeep = true;
    return Refused;
  }
  const LanguageSpec &Spec = languageSpec(Lang);
  TSParser *Parser = ts_parser_new();
  if (!ts_parser_set_language(Parser, Spec.Grammar())) {
    ts_parser_delete(Parser);
    return Nothing();
  }
  TSTree *Tree = ts_parser_parse_string(Parser, nullptr, Text.data(),
                                        static_cast<uint32_t>(Text.size()));
  FileExtraction Result = Tree ? FileExtraction() : Nothing();
  if (Tree) {
    FileExtractor X(Spec, File, Text, Package, Options);
    Result = X.run(ts_tree_root_node(Tree));
    recordFunctionSpans(ts_tree_root_node(Tree), File, Result);
    // Only a file that names nosqlint can hold a suppression comment: the
    // others are spared a second walk of their tree.
    if (Options.RecordStatements ||
        Text.find_insensitive("nosqlint") != llvm::StringRef::npos)
      recordCommentsAndStatements(ts_tree_root_node(Tree), File, Result);
    ts_tree_delete(Tree);
  }
  ts_parser_delete(Parser);
  return Result;
}

std::vector<SourceRange> hostComments(HostLanguage Lang, FileId File,
                                      llvm::StringRef Text,
                                      size_t MaxFileBytes) {
  if (Text.size() > MaxFileBytes || Text.size() > UINT32_MAX ||
      nestsDeeperThan(Text))
    return {};
  TSParser *Parser = ts_parser_new();
  std::vector<SourceRange> Out;
  if (ts_parser_set_language(Parser, languageSpec(Lang).Grammar()))
    if (TSTree *Tree = ts_parser_parse_string(
            Parser, nullptr, Text.data(), static_cast<uint32_t>(Text.size()))) {
      Out = commentRanges(ts_tree_root_node(Tree), File);
      ts_tree_delete(Tree);
    }
  ts_parser_delete(Parser);
  return Out;
}

LibraryUse libraryUse(HostLanguage Lang, llvm::StringRef Text) {
  return libraryUseOf(FileImports::scan(Lang, Text),
                      ModelCatalog::forLanguage(Lang), Text);
}

std::vector<CqlSnippet> extractCql(HostLanguage Lang, FileId File,
                                   llvm::StringRef Text,
                                   const ExtractOptions &Options) {
  return extractFile(Lang, File, Text, nullptr, Options).Snippets;
}

} // namespace nosqlint::extract
