//===- GocqlxTables.cpp - gocqlx table models joined to their uses --------===//
//
// `var Users = table.New(table.Metadata{...})` in one file, and
// `Users.GetQuery(session)` (the same package) or
// `models.Users.SelectBuilder().Where(qb.Gt("age")).Query(session)` (another
// package) in another: the use's statement gets the model's table and key
// restrictions (GocqlxStatements.h), mapped to the method it calls. A
// model no file declares, or two packages declare alike: no statement.
//
//===----------------------------------------------------------------------===//
#include "BuilderJoins.h"
#include "GocqlxStatements.h"

#include "nosqlint/Extract/BuilderFacts.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/Path.h"

namespace nosqlint::extract {

unsigned goImportMatch(llvm::StringRef Dir, llvm::StringRef Import) {
  llvm::SmallVector<llvm::StringRef, 16> D, I;
  for (auto It = llvm::sys::path::begin(Dir), E = llvm::sys::path::end(Dir);
       It != E; ++It)
    if (*It != "/" && *It != "." && !It->empty())
      D.push_back(*It);
  Import.split(I, '/', -1, /*KeepEmpty=*/false);
  unsigned N = 0;
  while (N < D.size() && N < I.size() &&
         D[D.size() - 1 - N] == I[I.size() - 1 - N])
    ++N;
  return N;
}

namespace {

struct Declared {
  const GocqlxTable *Table;
  const RepositoryFacts *Facts;
};

bool sameModel(const GocqlxTable &A, const GocqlxTable &B) {
  return A.Table.Text == B.Table.Text && A.PartKey == B.PartKey &&
         A.SortKey == B.SortKey && A.Columns == B.Columns &&
         A.ColumnsKnown == B.ColumnsKnown;
}

/// The model \p U means, seen from \p Dir: null when none or ambiguous.
const GocqlxTable *resolve(const GocqlxTableUse &U, llvm::StringRef Dir,
                           const std::vector<Declared> &Candidates) {
  std::vector<const Declared *> Best;
  unsigned BestScore = 0;
  for (const Declared &C : Candidates) {
    if (C.Table->Function != U.Function)
      continue;
    unsigned Score;
    if (U.ImportPath.empty()) {
      if (C.Facts->Directory != Dir)
        continue;
      Score = 1;
    } else {
      Score = goImportMatch(C.Facts->Directory, U.ImportPath);
      if (Score == 0)
        continue;
    }
    if (Score > BestScore) {
      Best.clear();
      BestScore = Score;
    }
    if (Score == BestScore)
      Best.push_back(&C);
  }
  if (Best.empty())
    return nullptr;
  for (const Declared *D : Best)
    if (!sameModel(*D->Table, *Best.front()->Table))
      return nullptr;
  return Best.front()->Table;
}

} // namespace

std::vector<RepositorySnippet>
joinGocqlxTables(llvm::ArrayRef<RepositoryFacts> Files) {
  llvm::StringMap<std::vector<Declared>> ByName;
  for (const RepositoryFacts &F : Files)
    if (F.Builders)
      for (const GocqlxTable &T : F.Builders->GoTables)
        ByName[T.Name].push_back({&T, &F});
  std::vector<RepositorySnippet> Out;
  for (const RepositoryFacts &F : Files) {
    if (!F.Builders)
      continue;
    for (const GocqlxTableUse &U : F.Builders->GoTableUses) {
      auto It = ByName.find(U.Name);
      if (It == ByName.end())
        continue;
      const GocqlxTable *T = resolve(U, F.Directory, It->second);
      if (!T)
        continue;
      GocqlxStatement S = U.Statement;
      if (!applyGocqlxTable(S, U.Part, *T, U.Method))
        continue;
      if (std::optional<CqlSnippet> Snip = writeGocqlxStatement(S, F.File))
        Out.push_back({F.File, std::move(*Snip)});
    }
  }
  return Out;
}

} // namespace nosqlint::extract
