//===- Findings.cpp - What the access patterns show -----------------------===//
//
// Four findings, each defined in docs/patterns.md and each drawn only from
// what the scanned code shows; whatever is not known (a table named at run
// time, a WHERE clause with a hole) holds a finding back or adds a note,
// never makes one.
//
//===----------------------------------------------------------------------===//
#include "nosqlint/Patterns/PatternReport.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <numeric>
#include <set>
#include <tuple>

namespace nosqlint::patterns {

namespace {

bool siteLess(const Site &A, const Site &B) {
  return std::tie(A.Path, A.Line, A.Column) <
         std::tie(B.Path, B.Line, B.Column);
}

std::string siteText(const Site &S) {
  return S.Path + ":" + std::to_string(S.Line);
}

bool isIndex(ObjectKind K) {
  return K == ObjectKind::SecondaryIndex || K == ObjectKind::SaiIndex ||
         K == ObjectKind::Gsi || K == ObjectKind::Lsi;
}

std::string plural(size_t N, llvm::StringRef One, llvm::StringRef Many) {
  return std::to_string(N) + " " + (N == 1 ? One : Many).str();
}

unsigned countFor(const std::map<std::string, unsigned> &M,
                  const std::string &Dialect) {
  auto It = M.find(Dialect);
  return It == M.end() ? 0 : It->second;
}

std::string unreadMessage(const DataObject &O, size_t Writes) {
  switch (O.Kind) {
  case ObjectKind::Table:
    return Writes == 0
               ? "nothing in the scanned code reads or writes table " + O.Id +
                     ": it costs storage and schema upkeep only"
               : "nothing in the scanned code reads table " + O.Id + ": its " +
                     plural(Writes, "write", "writes") +
                     " and its storage buy nothing";
  case ObjectKind::View:
    return "nothing in the scanned code reads materialized view " + O.Id +
           ": every write to " + O.Table +
           " still reads the base row and writes the view on each replica";
  case ObjectKind::SecondaryIndex:
  case ObjectKind::SaiIndex:
    return "nothing in the scanned code reads through index " + O.Name +
           " on " + O.Table + ": every write to " + O.Table +
           " still updates it, on every replica";
  case ObjectKind::Gsi:
    return "no Query or Scan names GSI " + O.Name + " of " + O.Table +
           " by IndexName: every write to " + O.Table +
           " that sets its key attributes is written to it again, billed "
           "as write capacity, and stored a second time";
  case ObjectKind::Lsi:
    return "no Query or Scan names LSI " + O.Name + " of " + O.Table +
           " by IndexName: every write that sets its sort key writes it "
           "too, and it grows the table's item collections (10 GB per "
           "partition key value)";
  }
  return {};
}

void findUnread(PatternReport &R, std::vector<Finding> &Out) {
  std::set<std::string> Partly(R.PartlyKnownTables.begin(),
                               R.PartlyKnownTables.end());
  std::set<std::string> PartlyFiles(R.PartlyKnownReadFiles.begin(),
                                    R.PartlyKnownReadFiles.end());
  // What is read, once: the serving objects, the tables and views named,
  // and the base tables of those (a table is read through its own name, its
  // indexes and its views).
  std::map<std::string, const DataObject *> ById;
  for (const DataObject &O : R.Objects)
    ById.emplace(O.Id, &O);
  std::set<std::string> Served, TablesRead, Dialects;
  for (const Read &X : R.Reads) {
    Served.insert(X.Object);
    TablesRead.insert(X.Table);
    Dialects.insert(X.Dialect);
    auto It = ById.find(X.Table);
    if (It != ById.end())
      TablesRead.insert(It->second->Table);
  }
  for (const DataObject &O : R.Objects) {
    // A read whose table is computed at run time may read any of them.
    if (!O.InSchema || !Dialects.count(O.Dialect) ||
        countFor(R.UnresolvedReads, O.Dialect))
      continue;
    // A read of the table that is only partly known may use an index.
    bool Read = isIndex(O.Kind) ? Partly.count(O.Table) || Served.count(O.Id)
                                : TablesRead.count(O.Id) > 0;
    // A table written in a file that builds reads only partly seen.
    if (!isIndex(O.Kind))
      for (const Write *W : R.writesFeeding(O))
        Read |= PartlyFiles.count(W->At.Path) > 0;
    if (Read)
      continue;
    Finding F;
    F.Kind = FindingKind::Unread;
    F.Objects = {O.Id};
    F.Message = unreadMessage(O, R.writesFeeding(O).size());
    F.Sites.push_back(O.Defined);
    Out.push_back(std::move(F));
  }
}

void findUnwritten(PatternReport &R, std::vector<Finding> &Out) {
  for (const DataObject &O : R.Objects) {
    if (O.Kind != ObjectKind::Table)
      continue;
    // A table the schema lacks, where there is a schema, is an unknown
    // table (likely a typo: unknown-table's finding), not a data source.
    if (!O.InSchema && llvm::any_of(R.Objects, [&](const DataObject &X) {
          return X.InSchema && X.Dialect == O.Dialect;
        }))
      continue;
    bool DialectWrites = llvm::any_of(R.Writes, [&](const Write &W) {
      return W.Dialect == O.Dialect;
    });
    // Code that writes nothing at all is a reader by design: every table
    // would be "unwritten", which says nothing about any one of them.
    if (!DialectWrites || !R.writesFeeding(O).empty() ||
        countFor(R.UnresolvedWrites, O.Dialect))
      continue;
    std::vector<const Read *> Reads = R.readsOf(O);
    if (Reads.empty())
      continue;
    Finding F;
    F.Kind = FindingKind::Unwritten;
    F.Objects = {O.Id};
    F.Message = "table " + O.Id + " is read (" +
                plural(Reads.size(), "read", "reads") +
                ") but nothing in the scanned code writes it: its rows come "
                "from elsewhere (another service, a loader, a migration), or "
                "the reads find nothing";
    for (const Read *X : Reads)
      F.Sites.push_back(X->At);
    Out.push_back(std::move(F));
  }
}

/// "books" for books_by_author, books-by-genre, booksByAuthor and books.
std::string nameStem(llvm::StringRef Name, bool &HasBy) {
  std::string Lower = Name.lower();
  size_t At = Lower.find("_by_");
  if (At == std::string::npos)
    At = Lower.find("-by-");
  if (At == std::string::npos) {
    size_t C = Name.find("By");
    if (C != llvm::StringRef::npos && C > 0 && C + 2 < Name.size() &&
        std::islower(static_cast<unsigned char>(Name[C - 1])) &&
        std::isupper(static_cast<unsigned char>(Name[C + 2])))
      At = C;
  }
  HasBy = At != std::string::npos && At > 0;
  return HasBy ? Lower.substr(0, At) : Lower;
}

std::string keyspaceOf(const DataObject &O) {
  if (O.Dialect != "cql")
    return {};
  size_t Dot = O.Id.find('.');
  return Dot == std::string::npos ? std::string() : O.Id.substr(0, Dot);
}

std::vector<std::string> primaryKey(const DataObject &O) {
  std::vector<std::string> K = O.PartitionKey;
  K.insert(K.end(), O.SortKey.begin(), O.SortKey.end());
  return K;
}

bool containsAll(const std::vector<std::string> &Set,
                 const std::vector<std::string> &Items) {
  return !Items.empty() && llvm::all_of(Items, [&](const std::string &I) {
    return llvm::is_contained(Set, I);
  });
}

size_t sharedCount(const DataObject &A, const DataObject &B) {
  return llvm::count_if(A.Columns, [&](const std::string &C) {
    return llvm::is_contained(B.Columns, C);
  });
}

/// Why \p A and \p B hold copies of one entity; empty when they do not.
std::string copyReason(const DataObject &A, const DataObject &B) {
  if (A.Dialect != B.Dialect || keyspaceOf(A) != keyspaceOf(B))
    return {};
  std::vector<std::string> KA = primaryKey(A), KB = primaryKey(B);
  std::set<std::string> SA(KA.begin(), KA.end()), SB(KB.begin(), KB.end());
  bool ColumnsKnown = !A.Columns.empty() && !B.Columns.empty();
  bool HasByA = false, HasByB = false;
  std::string StemA = nameStem(A.Name, HasByA), StemB = nameStem(B.Name, HasByB);
  if ((HasByA || HasByB) && StemA == StemB && !StemA.empty()) {
    // The same stem, and (where the columns are known) a key column of one
    // stored in the other: books_by_author and books_by_genre both hold
    // book_id.
    bool SharesKey =
        !ColumnsKnown ||
        llvm::any_of(KA, [&](const std::string &C) {
          return llvm::is_contained(B.Columns, C);
        }) ||
        llvm::any_of(KB, [&](const std::string &C) {
          return llvm::is_contained(A.Columns, C);
        });
    if (SharesKey && SA != SB)
      return "their names share the stem '" + StemA + "'";
  }
  if (A.Dialect == "cql" && ColumnsKnown && SA != SB &&
      containsAll(B.Columns, KA) && containsAll(A.Columns, KB) &&
      sharedCount(A, B) >= 2)
    return "each stores the other's primary key";
  return {};
}

bool lessById(const Write *A, const Write *B) { return siteLess(A->At, B->At); }

/// Whether a write to its table changes what \p Other also stores.
bool touchesCopy(const Write &W, const DataObject &Other) {
  if (W.WholeRow || Other.Columns.empty())
    return true;
  return llvm::any_of(W.Columns, [&](const std::string &C) {
    return llvm::is_contained(Other.Columns, C);
  });
}

void findDrift(PatternReport &R, std::vector<Finding> &Out) {
  std::map<std::string, const DataObject *> ById;
  for (const DataObject &O : R.Objects)
    ById.emplace(O.Id, &O);
  // The tables each code path writes ("?": one whose table is not known,
  // which may be any copy).
  std::map<std::string, std::set<std::string>> TablesOfUnit;
  for (const Write &W : R.Writes)
    TablesOfUnit[W.Unit].insert(W.Table);
  for (const CopyGroup &G : copyGroups(R)) {
    std::set<std::string> Written;
    for (const std::string &T : G.Tables)
      for (const Write &W : R.Writes)
        if (W.Table == T)
          Written.insert(T);
    if (Written.size() < 2)
      continue;
    std::vector<const Write *> Lone;
    std::string Together;
    for (const Write &W : R.Writes) {
      if (!llvm::is_contained(G.Tables, W.Table))
        continue;
      const std::set<std::string> &Unit = TablesOfUnit[W.Unit];
      bool Copy = false;
      for (const std::string &T : G.Tables)
        if (T != W.Table && Unit.count(T))
          Copy = true;
      if (Copy && Together.empty())
        Together = siteText(W.At) + " (" + W.Unit + ")";
      if (Copy || Unit.count("?"))
        continue;
      // Only a write that changes what another written copy stores drifts.
      bool Touches = false;
      for (const std::string &T : G.Tables)
        if (T != W.Table && Written.count(T))
          if (auto It = ById.find(T); It != ById.end())
            Touches |= touchesCopy(W, *It->second);
      if (Touches)
        Lone.push_back(&W);
    }
    // Only where the code itself writes the copies together somewhere does
    // a path that writes one alone stand out: code that writes each copy in
    // its own function (a DAO per statement) says nothing either way.
    if (Lone.empty() || Together.empty())
      continue;
    std::sort(Lone.begin(), Lone.end(), lessById);
    Finding F;
    F.Kind = FindingKind::Drift;
    F.Objects = G.Tables;
    std::string Names;
    for (size_t I = 0; I < G.Tables.size(); ++I)
      Names += (I == 0 ? "" : I + 1 == G.Tables.size() ? " and " : ", ") +
               G.Tables[I];
    F.Message = Names + " hold copies of one entity (" + G.Reason + "); " +
                plural(Lone.size(), "write updates", "writes update") +
                " one copy in a code path that writes no other";
    for (const Write *W : Lone) {
      F.Sites.push_back(W->At);
      F.Notes.push_back(siteText(W->At) + ": " + W->Operation + " " +
                        W->Table + " (" + W->Unit + ")");
    }
    F.Notes.push_back("written together at " + Together);
    F.Notes.push_back(
        "as far as the code shows: a code path is a BATCH or transaction, a "
        "function, a statement of a query file; a call to another function "
        "that writes the other copy is not followed");
    Out.push_back(std::move(F));
  }
}

void findUnserved(PatternReport &R, std::vector<Finding> &Out) {
  for (const Read &X : R.Reads) {
    if (!X.Unserved)
      continue;
    Finding F;
    F.Kind = FindingKind::Unserved;
    F.Objects = {X.Object};
    F.Message = !X.Problem.empty()
                    ? X.Problem
                    : X.Operation + " on " + X.Table +
                          ": no key or index serves it (" +
                          servedName(X.How).str() + ")";
    F.Sites.push_back(X.At);
    F.Notes = X.Proposals;
    Out.push_back(std::move(F));
  }
}

} // namespace

std::vector<CopyGroup> copyGroups(const PatternReport &R) {
  std::vector<const DataObject *> Tables;
  for (const DataObject &O : R.Objects)
    if (O.Kind == ObjectKind::Table)
      Tables.push_back(&O);
  std::vector<size_t> Parent(Tables.size());
  std::iota(Parent.begin(), Parent.end(), 0);
  auto Find = [&](size_t I) {
    while (Parent[I] != I)
      I = Parent[I] = Parent[Parent[I]];
    return I;
  };
  std::map<size_t, std::string> Reasons;
  for (size_t I = 0; I < Tables.size(); ++I)
    for (size_t J = I + 1; J < Tables.size(); ++J) {
      std::string Why = copyReason(*Tables[I], *Tables[J]);
      if (Why.empty())
        continue;
      size_t A = Find(I), B = Find(J);
      Parent[B] = A;
      std::string &Into = Reasons[A];
      if (Reasons.count(B) && B != A) {
        if (Into.find(Reasons[B]) == std::string::npos)
          Into += (Into.empty() ? "" : "; ") + Reasons[B];
        Reasons.erase(B);
      }
      if (Into.find(Why) == std::string::npos)
        Into += (Into.empty() ? "" : "; ") + Why;
    }
  std::map<size_t, CopyGroup> Groups;
  for (size_t I = 0; I < Tables.size(); ++I)
    Groups[Find(I)].Tables.push_back(Tables[I]->Id);
  std::vector<CopyGroup> Out;
  for (auto &[Root, G] : Groups) {
    if (G.Tables.size() < 2)
      continue;
    G.Reason = Reasons[Root];
    std::sort(G.Tables.begin(), G.Tables.end());
    Out.push_back(std::move(G));
  }
  return Out;
}

void computeFindings(PatternReport &R) {
  std::stable_sort(R.Objects.begin(), R.Objects.end(),
                   [](const DataObject &A, const DataObject &B) {
                     return std::tie(A.Dialect, A.Table, A.Id) <
                            std::tie(B.Dialect, B.Table, B.Id);
                   });
  std::stable_sort(R.Reads.begin(), R.Reads.end(),
                   [](const Read &A, const Read &B) {
                     return siteLess(A.At, B.At);
                   });
  std::stable_sort(R.Writes.begin(), R.Writes.end(),
                   [](const Write &A, const Write &B) {
                     return siteLess(A.At, B.At);
                   });
  for (std::vector<std::string> *V :
       {&R.PartlyKnownTables, &R.PartlyKnownReadFiles}) {
    std::sort(V->begin(), V->end());
    V->erase(std::unique(V->begin(), V->end()), V->end());
  }
  std::vector<Finding> Out;
  findUnread(R, Out);
  findUnwritten(R, Out);
  findDrift(R, Out);
  findUnserved(R, Out);
  R.Findings = std::move(Out);
}

} // namespace nosqlint::patterns
