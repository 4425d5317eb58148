//===- LaterTableChanges.cpp ----------------------------------------------===//
#include "LaterTableChanges.h"

#include "llvm/Support/Casting.h"

#include <map>
#include <string>
#include <vector>

namespace nosqlint::driver {

namespace {

/// A table as a statement names it: its keyspace (explicit, or the one the
/// file's USE chose; empty when neither says) and its name.
struct TableName {
  std::string Keyspace;
  std::string Name;
};

TableName nameOf(const cql::QualifiedName &N, const std::string &Current) {
  return {N.Keyspace ? N.Keyspace->Name : Current, N.Name.Name};
}

/// Whether two names may mean one table: an unknown keyspace matches any.
bool mayBeSame(const TableName &A, const TableName &B) {
  return A.Name == B.Name &&
         (A.Keyspace.empty() || B.Keyspace.empty() || A.Keyspace == B.Keyspace);
}

const cql::QualifiedName *writtenOrReadTable(const cql::Statement &S) {
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

/// The table whose definition \p S takes something away from: a DROP TABLE
/// or VIEW, or an ALTER TABLE that drops or renames columns.
const cql::QualifiedName *narrowedTable(const cql::Statement &S) {
  if (auto *D = llvm::dyn_cast<cql::DropStatement>(&S))
    return D->Object == cql::DropStatement::Table ||
                   D->Object == cql::DropStatement::View
               ? &D->Name
               : nullptr;
  if (auto *A = llvm::dyn_cast<cql::AlterTableStatement>(&S))
    return A->Action == cql::AlterTableStatement::DropColumns ||
                   A->Action == cql::AlterTableStatement::RenameColumns
               ? &A->Table
               : nullptr;
  return nullptr;
}

struct Access {
  const cql::Statement *Top; // the statement checked (a batch, or itself)
  TableName Table;
  size_t Order;  // position in the history
  size_t Script; // which file
};

} // namespace

std::set<const cql::Statement *>
statementsOutdatedLater(llvm::ArrayRef<const cql::Script *> Scripts,
                        bool AcrossFiles) {
  std::vector<Access> Accesses;
  std::vector<Access> Narrowings;
  size_t Order = 0;
  for (size_t F = 0; F < Scripts.size(); ++F) {
    std::string Keyspace; // USE holds within its file
    for (const auto &S : Scripts[F]->Statements) {
      ++Order;
      if (auto *U = llvm::dyn_cast<cql::UseStatement>(S.get())) {
        Keyspace = U->Keyspace.Name;
        continue;
      }
      if (const cql::QualifiedName *N = narrowedTable(*S)) {
        Narrowings.push_back({S.get(), nameOf(*N, Keyspace), Order, F});
        continue;
      }
      if (auto *B = llvm::dyn_cast<cql::BatchStatement>(S.get())) {
        for (const auto &C : B->Children)
          if (const cql::QualifiedName *N = writtenOrReadTable(*C))
            Accesses.push_back({S.get(), nameOf(*N, Keyspace), Order, F});
        continue;
      }
      if (const cql::QualifiedName *N = writtenOrReadTable(*S))
        Accesses.push_back({S.get(), nameOf(*N, Keyspace), Order, F});
    }
  }
  std::set<const cql::Statement *> Outdated;
  if (Narrowings.empty())
    return Outdated;
  // The last narrowing of each table name; histories are short, and a
  // name's narrowings are few, so a scan per access is cheap.
  std::map<std::string, std::vector<const Access *>> ByName;
  for (const Access &N : Narrowings)
    ByName[N.Table.Name].push_back(&N);
  for (const Access &A : Accesses) {
    auto It = ByName.find(A.Table.Name);
    if (It == ByName.end())
      continue;
    for (const Access *N : It->second)
      if (N->Order > A.Order && (AcrossFiles || N->Script == A.Script) &&
          mayBeSame(A.Table, N->Table)) {
        Outdated.insert(A.Top);
        break;
      }
  }
  return Outdated;
}

} // namespace nosqlint::driver
