//===- QueryInventory.cpp -------------------------------------------------===//
#include "QueryInventory.h"

#include "nosqlint/Basic/SourceManager.h"
#include "nosqlint/Cql/Printer.h"
#include "nosqlint/IR/AccessPattern.h"
#include "nosqlint/Schema/CqlSchema.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/JSON.h"

#include <set>

namespace nosqlint {

namespace {

using namespace cql;

std::string operationOf(const Statement &S) {
  switch (S.kind()) {
  case Statement::Select: return "SELECT";
  case Statement::Insert: return "INSERT";
  case Statement::Update: return "UPDATE";
  case Statement::Delete: return "DELETE";
  case Statement::Batch: return "BATCH";
  case Statement::CreateKeyspace: return "CREATE KEYSPACE";
  case Statement::AlterKeyspace: return "ALTER KEYSPACE";
  case Statement::CreateTable: return "CREATE TABLE";
  case Statement::AlterTable: return "ALTER TABLE";
  case Statement::CreateIndex: return "CREATE INDEX";
  case Statement::CreateView: return "CREATE MATERIALIZED VIEW";
  case Statement::AlterView: return "ALTER MATERIALIZED VIEW";
  case Statement::CreateType: return "CREATE TYPE";
  case Statement::AlterType: return "ALTER TYPE";
  case Statement::Drop: return "DROP";
  case Statement::Use: return "USE";
  case Statement::Other:
    return llvm::cast<OtherStatement>(S).Keyword;
  }
  return "?";
}

const QualifiedName *tableOf(const Statement &S) {
  if (auto *X = llvm::dyn_cast<SelectStatement>(&S))
    return &X->Table;
  if (auto *X = llvm::dyn_cast<InsertStatement>(&S))
    return &X->Table;
  if (auto *X = llvm::dyn_cast<UpdateStatement>(&S))
    return &X->Table;
  if (auto *X = llvm::dyn_cast<DeleteStatement>(&S))
    return &X->Table;
  if (auto *X = llvm::dyn_cast<OtherStatement>(&S))
    return X->Table ? &*X->Table : nullptr;
  return nullptr;
}

const std::vector<Relation> *whereOf(const Statement &S) {
  if (auto *X = llvm::dyn_cast<SelectStatement>(&S))
    return &X->Where;
  if (auto *X = llvm::dyn_cast<UpdateStatement>(&S))
    return &X->Where;
  if (auto *X = llvm::dyn_cast<DeleteStatement>(&S))
    return &X->Where;
  return nullptr;
}

/// A name the code computes at run time, whole or in part
/// (`FROM ks.table%v`).
bool isHole(const Identifier &Id) {
  return llvm::StringRef(Id.Name).contains(extract::HolePlaceholderName);
}

/// The relations that select a statement's rows: its WHERE clause, or for
/// an INSERT each column it writes, pinned to its value.
std::vector<Relation> selection(const Statement &S) {
  if (auto *I = llvm::dyn_cast<InsertStatement>(&S)) {
    std::vector<Relation> Where;
    for (const Identifier &C : I->Columns) {
      Relation R;
      R.Columns.push_back(C);
      Where.push_back(std::move(R));
    }
    return Where;
  }
  if (const std::vector<Relation> *W = whereOf(S))
    return *W;
  return {};
}

std::string replaceAll(std::string S, llvm::StringRef From,
                       llvm::StringRef To) {
  size_t Pos = 0;
  while ((Pos = S.find(From.data(), Pos, From.size())) != std::string::npos) {
    S.replace(Pos, From.size(), To.data(), To.size());
    Pos += To.size();
  }
  return S;
}

void addStatement(const Statement &S, FileId File, llvm::StringRef Source,
                  llvm::StringRef Trust, const SourceManager &SM,
                  const schema::CqlCatalog &Catalog, std::string &Keyspace,
                  std::vector<InventoryEntry> &Out) {
  if (auto *U = llvm::dyn_cast<UseStatement>(&S))
    Keyspace = U->Keyspace.Name;
  InventoryEntry E;
  E.Path = SM.path(File).str();
  E.Range = S.Range;
  LineColumn LC = SM.lineColumn(File, S.Range.Begin);
  E.Line = LC.Line;
  E.Column = LC.Column;
  E.Source = Source.str();
  E.Operation = operationOf(S);
  E.Trust = Trust.str();
  E.Text = replaceAll(printStatement(S), extract::HolePlaceholderName, "<?>");
  const QualifiedName *Table = tableOf(S);
  if (auto *B = llvm::dyn_cast<BatchStatement>(&S)) {
    std::set<std::string> Tables;
    for (const auto &C : B->Children)
      if (const QualifiedName *T = tableOf(*C))
        Tables.insert((T->Keyspace ? T->Keyspace->Name + "." : "") +
                      T->Name.Name);
    for (const std::string &T : Tables)
      E.Table += (E.Table.empty() ? "" : ",") + T;
  }
  if (Table) {
    bool Hole = isHole(Table->Name) || (Table->Keyspace && isHole(*Table->Keyspace));
    E.Table = Hole ? "?"
                   : (Table->Keyspace ? Table->Keyspace->Name + "." : "") +
                         Table->Name.Name;
    std::vector<Relation> Where = selection(S);
    AccessPattern Access;
    const schema::CqlTable *T =
        Hole ? nullptr
             : Catalog.findTable(Table->Keyspace
                                     ? std::optional<std::string>(
                                           Table->Keyspace->Name)
                                     : std::nullopt,
                                 Table->Name.Name, Keyspace);
    if (T) {
      E.TableKnown = true;
      E.Table = T->qualifiedName();
      KeyColumns Keys;
      for (const schema::CqlColumn *C : T->partitionKey())
        Keys.Partition.push_back(C->Name);
      for (const schema::CqlColumn *C : T->clustering())
        Keys.Sort.push_back(C->Name);
      describeKeyAccess(Where, &Keys, Access);
      E.PartitionKey = Access.PartitionKey;
      E.FullPartitionKey = Access.FullPartitionKey;
      E.Clustering = Access.SortKey;
      if (const std::vector<Relation> *W = whereOf(S))
        for (const Relation &R : *W)
          for (const Identifier &C : R.Columns)
            for (const schema::CqlIndex *I : T->indexesOn(C.Name))
              if (!llvm::is_contained(E.Indexes, I->Name))
                E.Indexes.push_back(I->Name);
    } else {
      describeKeyAccess(Where, nullptr, Access);
      E.Other = Access.Other;
      std::sort(E.Other.begin(), E.Other.end());
    }
  }
  if (E.Trust != "full")
    E.Status = "partial";
  else if (!E.TableKnown && !Catalog.empty() && !E.Table.empty() &&
           E.Table != "?" && tableOf(S))
    E.Status = "unknown-table";
  Out.push_back(std::move(E));
}

llvm::StringRef trustName(extract::SnippetTrust T) {
  switch (T) {
  case extract::SnippetTrust::Full:
    return "full";
  case extract::SnippetTrust::TableUnknown:
    return "table-unknown";
  case extract::SnippetTrust::Opaque:
    return "opaque";
  }
  return "full";
}

unsigned lineOf(const SourceManager &SM, const SourceRange &R) {
  return R.isValid() ? SM.lineColumn(R.File, R.Begin).Line : 0;
}

/// ` cl=ALL (statement) page-size=0 (off, session)`: the execution facts
/// the code shows, for the text listing.
std::string executionText(const ExecutionFacts &X) {
  std::string S;
  auto Level = [&](llvm::StringRef Key, const std::optional<ConsistencyFact> &C) {
    if (C)
      S += (" " + Key + "=" + C->Level + " (" + settingScopeName(C->Scope) +
            ")")
               .str();
  };
  Level("cl", X.Consistency);
  Level("serial-cl", X.SerialConsistency);
  if (X.PageSize)
    S += " page-size=" + std::to_string(X.PageSize->Rows) + " (" +
         (X.PageSize->Disabled ? "paging off, " : "") +
         settingScopeName(X.PageSize->Scope).str() + ")";
  return S;
}

std::string joined(const std::vector<std::string> &V) {
  std::string S;
  for (const std::string &X : V)
    S += (S.empty() ? "" : ",") + X;
  return S;
}

} // namespace

std::vector<InventoryEntry> buildInventory(llvm::ArrayRef<FileAnalysis> Files,
                                           const SourceManager &SM,
                                           const schema::CqlCatalog &Catalog) {
  std::vector<InventoryEntry> Out;
  for (const FileAnalysis &A : Files) {
    // A generated file read for its models is no query site of the user's.
    if (!A.File || A.Input.IsSchema || A.GeneratedModels)
      continue;
    std::string Keyspace;
    size_t First = Out.size();
    for (const auto &S : A.Cql.Statements)
      addStatement(*S, *A.File, "cql", trustName(A.CqlTrust), SM, Catalog,
                   Keyspace, Out);
    for (size_t I = First; I < Out.size(); ++I)
      Out[I].Reason = "a statement of a .cql file";
    for (const HostQuery &Q : A.Host) {
      std::string HostKeyspace;
      // A statement a query builder chain builds is listed as `builder`,
      // one a Spring Data repository method makes as `repository`, one a
      // DataStax mapper DAO method makes as `mapper`.
      llvm::StringRef Source =
          Q.Snippet.Source == extract::SnippetSource::Builder
              ? llvm::StringRef("builder")
          : Q.Snippet.Source == extract::SnippetSource::Repository
              ? llvm::StringRef("repository")
          : Q.Snippet.Source == extract::SnippetSource::Mapper
              ? llvm::StringRef("mapper")
          : Q.Snippet.Source == extract::SnippetSource::Orm
              ? llvm::StringRef("orm")
          : Q.Snippet.Source == extract::SnippetSource::Shell
              ? llvm::StringRef("shell")
          : Q.Snippet.Source == extract::SnippetSource::Config
              ? llvm::StringRef("config")
              : extract::hostLanguageName(A.Input.Host);
      First = Out.size();
      if (Q.ParseFailed ||
          (Q.Script.Statements.empty() && Q.Script.StatementsSeen != 0)) {
        InventoryEntry E;
        E.Path = SM.path(*A.File).str();
        E.Range = Q.Snippet.Range;
        LineColumn LC = SM.lineColumn(*A.File, Q.Snippet.Range.Begin);
        E.Line = LC.Line;
        E.Column = LC.Column;
        E.Source = Source.str();
        llvm::StringRef Text = llvm::StringRef(Q.Snippet.Text).trim();
        E.Operation =
            Text.take_while([](char C) { return llvm::isAlpha(C); }).upper();
        std::string Flat;
        for (llvm::StringRef W : llvm::split(Text, ' '))
          if (!W.trim().empty())
            Flat += (Flat.empty() ? "" : " ") + W.trim().str();
        E.Text = Flat;
        E.Trust = trustName(Q.Snippet.Trust).str();
        // A hole that stands for query structure (a clause extended in a
        // branch) may well be what the parser stopped at: partial, not an
        // error of the text.
        E.Status = Q.Snippet.Trust == extract::SnippetTrust::Opaque
                       ? "partial"
                       : "syntax-error";
        Out.push_back(std::move(E));
      }
      for (const auto &S : Q.Script.Statements)
        addStatement(*S, *A.File, Source, trustName(Q.Snippet.Trust), SM,
                     Catalog, HostKeyspace, Out);
      for (size_t I = First; I < Out.size(); ++I) {
        Out[I].Reason = Q.Snippet.Reason;
        InventoryEntry &E = Out[I];
        E.Execution = Q.Snippet.Execution;
        const ExecutionFacts &X = E.Execution;
        if (X.Consistency)
          E.ExecutionLines.Consistency = lineOf(SM, X.Consistency->Range);
        if (X.SerialConsistency)
          E.ExecutionLines.SerialConsistency =
              lineOf(SM, X.SerialConsistency->Range);
        if (X.PageSize)
          E.ExecutionLines.PageSize = lineOf(SM, X.PageSize->Range);
      }
    }
  }
  return Out;
}

void printInventoryText(llvm::ArrayRef<InventoryEntry> Entries,
                        llvm::ArrayRef<std::string> SchemaSources,
                        llvm::raw_ostream &OS) {
  for (const std::string &S : SchemaSources)
    OS << "schema: " << S << "\n";
  for (const InventoryEntry &E : Entries) {
    OS << E.Path << ":" << E.Line << ":" << E.Column << ": " << E.Dialect
       << " " << E.Operation;
    if (!E.Table.empty())
      OS << " " << E.Table;
    if (E.TableKnown) {
      if (E.PartitionKey.empty())
        OS << " partition-key=none";
      else
        OS << " partition-key=" << joined(E.PartitionKey)
           << (E.FullPartitionKey ? "" : " (partial)");
      if (!E.Clustering.empty())
        OS << " clustering=" << joined(E.Clustering);
      if (!E.Indexes.empty())
        OS << " index=" << joined(E.Indexes);
    } else if (!E.Other.empty()) {
      OS << " pinned=" << joined(E.Other);
    }
    if (E.Trust != "full")
      OS << " [" << E.Trust << "]";
    // (partial is what the trust in brackets already says)
    if (E.Status != "parsed" && E.Status != "partial")
      OS << " status=" << E.Status;
    OS << executionText(E.Execution);
    OS << "\n    " << E.Text << "\n";
    if (!E.Reason.empty() && E.Source != "cql")
      OS << "    reason: " << E.Reason << "\n";
  }
  OS << Entries.size() << " quer" << (Entries.size() == 1 ? "y" : "ies")
     << "\n";
}

void printInventoryJson(llvm::ArrayRef<InventoryEntry> Entries,
                        llvm::ArrayRef<std::string> SchemaSources,
                        llvm::raw_ostream &OS) {
  llvm::json::OStream J(OS, 2);
  auto Strings = [&](llvm::StringRef Key, const std::vector<std::string> &V) {
    J.attributeArray(Key, [&] {
      for (const std::string &S : V)
        J.value(S);
    });
  };
  J.object([&] {
    J.attribute("version", 1);
    J.attributeArray("queries", [&] {
      for (const InventoryEntry &E : Entries) {
        J.object([&] {
          J.attribute("file", E.Path);
          J.attribute("line", static_cast<int64_t>(E.Line));
          J.attribute("column", static_cast<int64_t>(E.Column));
          J.attribute("dialect", E.Dialect);
          J.attribute("source", E.Source);
          J.attribute("operation", E.Operation);
          if (E.Table.empty())
            J.attribute("table", nullptr);
          else
            J.attribute("table", E.Table);
          J.attribute("table_in_schema", E.TableKnown);
          if (E.TableKnown) {
            Strings("partition_key_pinned", E.PartitionKey);
            J.attribute("partition_key_complete", E.FullPartitionKey);
            Strings("clustering_pinned", E.Clustering);
            Strings("indexes", E.Indexes);
          } else {
            Strings("columns_pinned", E.Other);
          }
          J.attribute("text", E.Text);
          J.attribute("trust", E.Trust);
          J.attribute("status", E.Status);
          if (E.Reason.empty())
            J.attribute("reason", nullptr);
          else
            J.attribute("reason", E.Reason);
          // Execution facts: present only where the code shows them.
          auto Level = [&](llvm::StringRef Key,
                           const std::optional<ConsistencyFact> &C,
                           unsigned Line) {
            if (!C)
              return;
            J.attributeObject(Key, [&] {
              J.attribute("level", C->Level);
              J.attribute("scope", settingScopeName(C->Scope));
              J.attribute("line", static_cast<int64_t>(Line));
            });
          };
          Level("consistency", E.Execution.Consistency,
                E.ExecutionLines.Consistency);
          Level("serial_consistency", E.Execution.SerialConsistency,
                E.ExecutionLines.SerialConsistency);
          if (const auto &P = E.Execution.PageSize)
            J.attributeObject("page_size", [&] {
              J.attribute("rows", P->Rows);
              J.attribute("paging_disabled", P->Disabled);
              J.attribute("scope", settingScopeName(P->Scope));
              J.attribute("line",
                          static_cast<int64_t>(E.ExecutionLines.PageSize));
            });
        });
      }
    });
    J.attribute("count", static_cast<int64_t>(Entries.size()));
    J.attributeArray("schema_sources", [&] {
      for (const std::string &S : SchemaSources)
        J.value(S);
    });
  });
  OS << "\n";
}

} // namespace nosqlint
