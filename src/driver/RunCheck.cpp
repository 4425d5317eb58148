//===- RunCheck.cpp - Phase 3: check every statement and request ----------===//
//
// Checks the statements and requests against the schemas on all cores; a
// host query whose table may live outside the schema is not checked, and a
// project without any schema is marked so its schema findings are dropped.
//
//===----------------------------------------------------------------------===//
#include "Run.h"

#include "nosqlint/Basic/CqlNames.h"
#include "nosqlint/Check/CqlChecker.h"
#include "nosqlint/Dynamo/AccessPatterns.h"
#include "nosqlint/Dynamo/Checker.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Threading.h"
#include "llvm/Support/ThreadPool.h"

#include <map>
#include <set>

namespace nosqlint::driver {

/// A host-language query that names its table without a keyspace runs in
/// the session's keyspace, which the text does not say. When no keyspace of
/// the schema has a table of that name, the query may well be for a keyspace
/// the schema does not cover: it is not checked (no unknown-table guess).
/// Reads of Cassandra's system keyspaces are not checked either.
/// The table a DML statement names, or null (a batch, DDL, ...).
const cql::QualifiedName *dmlTable(const cql::Statement &S) {
  if (auto *X = llvm::dyn_cast<cql::SelectStatement>(&S))
    return &X->Table;
  if (auto *X = llvm::dyn_cast<cql::InsertStatement>(&S))
    return &X->Table;
  if (auto *X = llvm::dyn_cast<cql::UpdateStatement>(&S))
    return &X->Table;
  if (auto *X = llvm::dyn_cast<cql::DeleteStatement>(&S))
    return &X->Table;
  return nullptr;
}

/// Whether \p S (or a statement of its batch) reads or writes a table the
/// code creates differently in several places: which one it means is not
/// known, so it is not checked.
static bool onAmbiguousTable(const cql::Statement &S,
                             const std::set<std::string> &Ambiguous) {
  if (Ambiguous.empty())
    return false;
  if (auto *B = llvm::dyn_cast<cql::BatchStatement>(&S))
    return llvm::any_of(B->Children, [&](const auto &C) {
      return onAmbiguousTable(*C, Ambiguous);
    });
  const cql::QualifiedName *Name = dmlTable(S);
  return Name && Ambiguous.count(Name->Name.Name);
}

static bool tableOutsideSchema(const cql::Statement &S,
                               const schema::CqlCatalog &Catalog,
                               const std::set<std::string> &FromCode) {
  if (auto *B = llvm::dyn_cast<cql::BatchStatement>(&S))
    return llvm::any_of(B->Children, [&](const auto &C) {
      return tableOutsideSchema(*C, Catalog, FromCode);
    });
  const cql::QualifiedName *Name = dmlTable(S);
  if (!Name)
    return false;
  // A keyspace only the code creates: the code shows part of its tables.
  std::string Ks = Name->Keyspace ? Name->Keyspace->Name : std::string();
  if (FromCode.count(Ks) &&
      !Catalog.findTable(std::optional<std::string>(Ks), Name->Name.Name))
    return true;
  if (Name->Keyspace) {
    // Cassandra's own keyspaces (system.local, system_schema.tables, ...)
    // are small node-local or virtual tables that drivers and tools read
    // whole by design: not the application's access patterns.
    return isSystemKeyspace(Name->Keyspace->Name);
  }
  if (Catalog.empty())
    return false;
  return Catalog.findTable(std::nullopt, Name->Name.Name) == nullptr;
}

void Run::checkAll() {
  check::CheckOptions CO;
  CO.ScyllaDb = Dialect == cql::CqlDialect::ScyllaDb;
  CO.StrictAllowFiltering = Options.StrictAllowFiltering;
  loadGuardrails();
  if (Guardrails) {
    CO.Guardrails = &*Guardrails;
    // scylla.yaml's strict_allow_filtering is the checker's own mode.
    if (const check::GuardrailSetting *S =
            Guardrails->find("strict_allow_filtering");
        S && Guardrails->Server == check::GuardrailServer::ScyllaDb)
      CO.StrictAllowFiltering =
          S->Value == "true"    ? check::ScyllaStrictAllowFiltering::True
          : S->Value == "false" ? check::ScyllaStrictAllowFiltering::False
                                : check::ScyllaStrictAllowFiltering::Warn;
    check::checkSchemaGuardrails(CqlCatalog, *Guardrails, Diags);
  }
  check::CqlChecker Checker(CqlCatalog, Diags, SM, CO);
  for (const FileAnalysis &A : Analyses) {
    Checker.recordAccessPatterns(A.Cql);
    for (const HostQuery &Q : A.Host)
      Checker.recordAccessPatterns(Q.Script);
  }
  llvm::ThreadPool Pool(llvm::hardware_concurrency(Options.Jobs));
  for (const FileAnalysis &A : Analyses) {
    if (A.Input.IsSchema)
      continue;
    if (!A.Cql.Statements.empty() && A.CqlTrust == extract::SnippetTrust::Full)
      Pool.async([this, &Checker, &A] {
        Checker.checkScript(A.Cql, [this](const cql::Statement &S) {
          return OutdatedByLaterDdl.count(&S) != 0;
        });
      });
    if (!A.Host.empty())
      Pool.async([this, &Checker, &A] {
        // Only a fully known text meets the schema rules: a placeholder in
        // table position would read as an unknown table.
        for (const HostQuery &Q : A.Host) {
          if (Q.Snippet.Trust != extract::SnippetTrust::Full)
            continue;
          std::string Keyspace;
          for (const auto &S : Q.Script.Statements) {
            if (auto *U = llvm::dyn_cast<cql::UseStatement>(S.get())) {
              Keyspace = U->Keyspace.Name;
              continue;
            }
            if ((Keyspace.empty() &&
                 tableOutsideSchema(*S, CqlCatalog, KeyspacesFromCode)) ||
                onAmbiguousTable(*S, AmbiguousCodeTables))
              continue;
            Checker.checkStatement(*S, Keyspace, &Q.Snippet.Execution);
          }
        }
      });
  }
  markProjectsWithoutSchema();
  dynamo::DynamoChecker DynamoChecker(DynamoTables, Diags);
  for (const dynamo::RequestFile &F : DynamoRequests)
    Pool.async([&DynamoChecker, &F] { DynamoChecker.checkFile(F); });
  for (const FileAnalysis &A : Analyses)
    if (A.HostRequests && !A.Input.IsSchema)
      Pool.async([&DynamoChecker, &A] { DynamoChecker.checkFile(*A.HostRequests); });
  Pool.wait();
}

/// Files that make a folder a project of its own: a build file, a
/// deployment template, a CDK app.
static bool isProjectFolder(llvm::StringRef Dir) {
  static const char *const Markers[] = {
      "package.json",   "go.mod",         "pom.xml",        "build.gradle",
      "build.gradle.kts", "build.sbt",    "pyproject.toml", "setup.py",
      "requirements.txt", "Cargo.toml",   "cdk.json",       "template.yaml",
      "template.yml",   "template.json",  "serverless.yml", "serverless.yaml",
      "samconfig.toml"};
  for (const char *M : Markers) {
    llvm::SmallString<256> P(Dir);
    llvm::sys::path::append(P, M);
    if (llvm::sys::fs::exists(P))
      return true;
  }
  return false;
}

/// The project a folder belongs to: its nearest ancestor (itself included)
/// that is a project folder; empty (the whole tree) when there is none.
static std::string projectOf(llvm::StringRef Dir,
                             std::map<std::string, std::string> &Cache) {
  llvm::SmallString<256> D(Dir);
  llvm::sys::path::remove_dots(D, /*remove_dot_dot=*/true);
  auto It = Cache.find(std::string(D));
  if (It != Cache.end())
    return It->second;
  std::string Project;
  llvm::SmallString<256> Up(D);
  for (unsigned Level = 0; Level < 32 && !Up.empty() && Up != "/"; ++Level) {
    if (isProjectFolder(Up)) {
      Project = std::string(Up);
      break;
    }
    Up.resize(llvm::sys::path::parent_path(Up).size()); // a prefix of it
  }
  Cache[std::string(D)] = Project;
  return Project;
}

void Run::markProjectsWithoutSchema() {
  // A tree of several projects (a monorepo of samples, services with their
  // own templates): a request whose own project defines no table of the
  // schema names tables of a schema nosqlint did not read; an unknown one
  // is no finding there. A schema given with --schema serves every request.
  if (!Options.Schemas.empty() || DynamoTables.empty())
    return;
  std::map<std::string, std::string> Cache;
  std::set<std::string> WithTables;
  for (const DynamoTable &T : DynamoTables.tables())
    WithTables.insert(projectOf(T.Directory, Cache));
  auto Lacks = [&](llvm::StringRef Dir) {
    std::string P = projectOf(Dir, Cache);
    if (P.empty() || WithTables.count(P))
      return false;
    // A table of an enclosing project (infra/ of the repository root, the
    // code in a package of it) serves it too.
    for (const std::string &W : WithTables)
      if (W.empty() || llvm::StringRef(P).startswith(W + "/"))
        return false;
    return true;
  };
  for (dynamo::RequestFile &F : DynamoRequests)
    F.ProjectLacksSchema = Lacks(F.Directory);
  for (FileAnalysis &A : Analyses)
    if (A.HostRequests)
      A.HostRequests->ProjectLacksSchema = Lacks(A.HostRequests->Directory);
}

} // namespace nosqlint::driver
