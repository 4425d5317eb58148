//===- Workspace.cpp - A long-lived session for a language server ---------===//
//
// The schema files are Analyses[0, SchemaFileCount) of one Run, parsed once;
// each check appends the document (or puts it in place of the schema file it
// is an unsaved version of), assembles the schema from the parsed
// statements again (the document's DDL joins it), and checks the document.
//
//===----------------------------------------------------------------------===//
#include "nosqlint/Driver/Workspace.h"

#include "Run.h"

#include "nosqlint/Config/ConfigResolver.h"
#include "nosqlint/Extract/ShellScripts.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

namespace nosqlint {

namespace driver {

void Run::loadSchemaFiles() {
  DocumentSession = true;
  collectInputs();
  parseAll();
  SchemaFileCount = Analyses.size();
}

void Run::resetSchema() {
  CqlCatalog = schema::CqlCatalog();
  DynamoTables = DynamoCatalog();
  KeyspacesFromCode.clear();
  AmbiguousCodeTables.clear();
  OutdatedByLaterDdl.clear();
  SchemaSources.clear();
  DynamoRequests.clear();
  TerraformModules.clear();
}

static bool samePath(llvm::StringRef A, llvm::StringRef B) {
  return config::absolutePath(A) == config::absolutePath(B);
}

DocumentReport Run::checkDocument(llvm::StringRef Path, llvm::StringRef Text) {
  // The previous document goes; the schema files stay, parsed.
  for (size_t I = SchemaFileCount; I < Analyses.size(); ++I)
    if (Analyses[I].File)
      SM.release(*Analyses[I].File);
  Analyses.erase(Analyses.begin() + SchemaFileCount, Analyses.end());
  Diags.clear();
  resetSchema();

  FileAnalysis Doc;
  Doc.Input.Path = Path.str();
  Doc.Input.Kind = classifyPath(Path);
  // A script without an extension, by its `#!` line (classifyFile reads
  // that from disk; the buffer is what counts here).
  if (Doc.Input.Kind == InputKind::Unknown &&
      llvm::sys::path::extension(llvm::sys::path::filename(Path)).empty() &&
      extract::hasShellShebang(Text.take_front(128)))
    Doc.Input.Kind = InputKind::Shell;
  // As a walk finds it: a JSON file that holds neither requests nor tables
  // (package.json) is no error, a generated source is left out.
  Doc.Input.Explicit = false;
  if (std::optional<extract::HostLanguage> L =
          extract::hostLanguageForPath(Path))
    Doc.Input.Host = *L;
  if (Doc.Input.Kind == InputKind::Unknown) {
    DocumentReport R;
    R.Unsupported = true;
    return R;
  }
  FileId File = SM.addText(Text, Path);
  Doc.File = File;
  Document.emplace(File, Text);
  // A schema file being edited stands in for its saved version.
  std::optional<size_t> Replaced;
  for (size_t I = 0; I < SchemaFileCount && !Replaced; ++I)
    if (samePath(Analyses[I].Input.Path, Path))
      Replaced = I;
  // It is checked as an input, as `nosqlint FILE` checks it: its own
  // findings are reported (those of a --schema file are not).
  FileAnalysis Saved;
  if (Replaced) {
    Saved = std::move(Analyses[*Replaced]);
    Analyses[*Replaced] = std::move(Doc);
  } else {
    Analyses.push_back(std::move(Doc));
  }
  parseFile(Replaced ? Analyses[*Replaced] : Analyses.back());
  joinParsedFiles();
  buildSchema();
  addCodeTables();
  linkEnvironmentTables();
  checkAll();
  std::vector<Diagnostic> Sorted =
      suppressed(withoutReferenceFindings(Diags.sorted(SM)));
  applyRuleSettings(Sorted); // errors go to Err, the report's Messages
  // Every phase is done; the report reads the text once more (tables).
  restoreText(Replaced ? Analyses[*Replaced] : Analyses[SchemaFileCount]);
  DocumentReport R = documentReport(File, std::move(Sorted));
  Document.reset();
  if (Replaced)
    Analyses[*Replaced] = std::move(Saved);
  return R;
}

DocumentReport Run::documentReport(FileId File,
                                   std::vector<Diagnostic> Sorted) {
  DocumentReport R;
  R.File = File;
  for (Diagnostic &D : Sorted)
    if (D.Range.File == File)
      R.Diagnostics.push_back(std::move(D));
  for (InventoryEntry &E : inventory()) {
    if (E.Range.File != File)
      continue;
    DocumentQuery Q;
    Q.Range = E.Range;
    Q.Dialect = std::move(E.Dialect);
    Q.Operation = std::move(E.Operation);
    Q.Table = std::move(E.Table);
    Q.TableKnown = E.TableKnown;
    Q.PartitionKey = std::move(E.PartitionKey);
    Q.SortKey = std::move(E.Clustering);
    Q.FullPartitionKey = E.FullPartitionKey;
    Q.Indexes = std::move(E.Indexes);
    Q.Other = std::move(E.Other);
    Q.Text = std::move(E.Text);
    R.Queries.push_back(std::move(Q));
  }
  auto Table = [&](std::string Name, llvm::StringRef Dialect, SourceRange At,
                   std::string Provenance) {
    SchemaTable T;
    T.Name = std::move(Name);
    T.Dialect = Dialect.str();
    T.Provenance = std::move(Provenance);
    T.Range = At;
    if (At.isValid()) {
      T.Path = SM.path(At.File).str();
      T.Line = SM.lineColumn(At.File, At.Begin).Line;
      T.Definition = SM.text(At.File).slice(At.Begin, At.End).str();
    }
    R.Tables.push_back(std::move(T));
  };
  for (const FileAnalysis &A : Analyses) {
    if (A.File != File)
      continue;
    for (const SourceRange &S : A.HostStatements)
      R.Statements.emplace_back(S.Begin, S.End);
    for (const auto &S : A.Cql.Statements)
      if (S->Range.File == File)
        R.Statements.emplace_back(S->Range.Begin, S->Range.End);
  }
  for (const schema::CqlTable *T : CqlCatalog.tables())
    Table(T->qualifiedName(), "cql", T->Range, T->Provenance);
  for (const DynamoTable &T : DynamoTables.tables())
    Table(T.Name, "dynamodb", T.Range, "");
  return R;
}

} // namespace driver

Workspace::Workspace(DriverOptions O) : Options(std::move(O)) {
  Options.Inputs.clear();
  Options.Outputs.clear();
  Options.CacheDir.clear();
  Options.Verify = false;
  Options.ListQueries = false;
  Options.Jobs = 1;
  for (const std::string &S : Options.Schemas)
    SchemaPaths.push_back(config::absolutePath(S));
  reloadSchema();
}

Workspace::~Workspace() = default;

void Workspace::reloadSchema() {
  Session.reset();
  Messages.clear();
  MessageStream = std::make_unique<llvm::raw_string_ostream>(Messages);
  Session =
      std::make_unique<driver::Run>(Options, *MessageStream, *MessageStream);
  Session->loadSchemaFiles();
}

bool Workspace::isSchemaFile(llvm::StringRef Path) const {
  std::string Abs = config::absolutePath(Path);
  if (llvm::is_contained(SchemaPaths, Abs))
    return true;
  // A schema folder: the files under it.
  return llvm::any_of(SchemaPaths, [&](const std::string &S) {
    return llvm::StringRef(Abs).startswith(S + "/");
  });
}

DocumentReport Workspace::check(llvm::StringRef Path, llvm::StringRef Text) {
  Messages.clear();
  DocumentReport R = Session->checkDocument(Path, Text);
  MessageStream->flush();
  R.Messages = Messages;
  return R;
}

const SourceManager &Workspace::sourceManager() const {
  return Session->sourceManager();
}

} // namespace nosqlint
