//===- EntityIndex.cpp ----------------------------------------------------===//
#include "EntityIndex.h"

#include "DerivedQueries.h"
#include "NearestFolder.h"

#include "nosqlint/Basic/CqlNames.h"

#include "llvm/ADT/STLExtras.h"

#include <algorithm>

namespace nosqlint::extract {

llvm::StringRef simpleTypeName(llvm::StringRef Qualified) {
  Qualified = Qualified.take_until([](char C) { return C == '<'; }).trim();
  return Qualified.substr(Qualified.rfind('.') + 1);
}

std::string springIndexStatement(llvm::StringRef Table, llvm::StringRef Column,
                                 bool Sasi) {
  std::string C = spellUnquotedCqlName(Column);
  if (Sasi)
    return "CREATE CUSTOM INDEX IF NOT EXISTS ON " + Table.str() + " (" + C +
           ") USING 'org.apache.cassandra.index.sasi.SASIIndex'";
  return "CREATE INDEX IF NOT EXISTS ON " + Table.str() + " (" + C + ")";
}

EntityIndex::EntityIndex(llvm::ArrayRef<RepositoryFacts> Files) {
  for (const RepositoryFacts &F : Files) {
    for (const MappedEntity &M : F.Entities)
      if (!M.CqlEngine) // Python models: OrmQueries.cpp
        Entities[simpleTypeName(M.QualifiedName)].push_back({&M, &F});
    for (const RepositoryInterface &I : F.Interfaces)
      Interfaces[simpleTypeName(I.QualifiedName)].push_back({&I, &F});
  }
  joinSuperclasses();
}

void EntityIndex::joinSuperclasses() {
  // Computed first, replaced after: every chain reads the classes as their
  // files have them.
  std::vector<std::pair<Located<MappedEntity> *, MappedEntity>> Joined;
  for (auto &Named : Entities)
    for (Located<MappedEntity> &L : Named.getValue()) {
      const MappedEntity &M = *L.Item;
      if (M.Superclass.empty() || M.Table.empty() || M.MappedBase)
        continue;
      // The chain, nearest base first; it ends at a class that extends
      // nothing, or at one the run does not map (then open).
      std::vector<const MappedEntity *> Chain{&M};
      bool Open = false;
      for (const MappedEntity *Cur = &M; !Cur->Superclass.empty();) {
        const MappedEntity *B = nullptr;
        auto It = Entities.find(simpleTypeName(Cur->Superclass));
        if (It != Entities.end())
          for (const Located<MappedEntity> &C : It->second)
            if (C.Item->QualifiedName == Cur->Superclass && !C.Item->CqlEngine) {
              if (B) { // two classes of that name: not known which
                B = nullptr;
                break;
              }
              B = C.Item;
            }
        if (!B || llvm::is_contained(Chain, B) || Chain.size() > 16) {
          Open = true;
          break;
        }
        Chain.push_back(B);
        Cur = B;
      }
      // The farthest base's properties first; a nearer class's property of
      // the same name takes its place (a getter annotated in a subclass).
      MappedEntity J = M;
      J.Properties.clear();
      for (auto C = Chain.rbegin(); C != Chain.rend(); ++C)
        for (const Property &P : (*C)->Properties) {
          auto Same = llvm::find_if(J.Properties, [&](const Property &X) {
            return X.Name == P.Name;
          });
          if (Same != J.Properties.end())
            *Same = P;
          else
            J.Properties.push_back(P);
        }
      J.OpenColumns = Open;
      Joined.push_back({&L, std::move(J)});
    }
  for (auto &[L, J] : Joined) {
    Owned.push_back(std::move(J));
    L->Item = &Owned.back();
  }
}

/// The one of \p Candidates a use in \p Directory means: those with its
/// qualified name if any, then the nearest folder; a tie is nothing.
template <typename T>
const EntityIndex::Located<T> *
EntityIndex::pick(const std::vector<Located<T>> &Candidates,
                  llvm::StringRef Qualified, llvm::StringRef Directory,
                  llvm::function_ref<llvm::StringRef(const T &)> NameOf) {
  std::vector<const Located<T> *> Exact, All;
  for (const Located<T> &C : Candidates) {
    All.push_back(&C);
    if (NameOf(*C.Item) == Qualified)
      Exact.push_back(&C);
  }
  return nearestByFolder<const Located<T> *>(
      Exact.empty() ? All : Exact, Directory,
      [](const Located<T> &C) -> llvm::StringRef { return C.Facts->Directory; });
}

const MappedEntity *EntityIndex::entity(llvm::StringRef Simple,
                                        llvm::StringRef Qualified,
                                        llvm::StringRef Directory) const {
  auto It = Entities.find(Simple);
  if (It == Entities.end())
    return nullptr;
  auto *L = pick<MappedEntity>(It->second, Qualified, Directory,
                               [](const MappedEntity &M) -> llvm::StringRef {
                                 return M.QualifiedName;
                               });
  return L ? L->Item : nullptr;
}

const MappedEntity *
EntityIndex::repositoryEntity(llvm::StringRef Simple, llvm::StringRef Qualified,
                              llvm::StringRef Directory) const {
  auto It = Interfaces.find(Simple);
  if (It == Interfaces.end())
    return nullptr;
  auto *I = pick<RepositoryInterface>(
      It->second, Qualified, Directory,
      [](const RepositoryInterface &R) -> llvm::StringRef {
        return R.QualifiedName;
      });
  if (!I)
    return nullptr;
  return entity(I->Item->Entity, I->Item->QualifiedEntity, I->Facts->Directory);
}

const MappedEntity *EntityIndex::keyClass(const MappedEntity &M,
                                          const Property &P,
                                          llvm::StringRef Directory) const {
  llvm::StringRef Simple = simpleTypeName(P.Type);
  std::string Qualified =
      llvm::StringRef(M.QualifiedName).rsplit('.').first.str() + "." +
      Simple.str();
  const MappedEntity *K = entity(Simple, Qualified, Directory);
  return K && K->Table.empty() && !K->MappedBase ? K : nullptr;
}

std::vector<const EntityIndex::Property *>
EntityIndex::keyColumns(const MappedEntity &M,
                        llvm::StringRef Directory) const {
  std::vector<const Property *> Keys;
  for (const Property &P : M.Properties) {
    if (isCompositeKey(P)) {
      const MappedEntity *K = keyClass(M, P, Directory);
      if (!K)
        return {};
      for (const Property &KP : K->Properties)
        if (KP.Partition || KP.Clustering)
          Keys.push_back(&KP);
    } else if (P.Partition || P.Clustering) {
      Keys.push_back(&P);
    }
  }
  std::stable_sort(Keys.begin(), Keys.end(),
                   [](const Property *A, const Property *B) {
                     if (A->Partition != B->Partition)
                       return A->Partition;
                     return A->Ordinal < B->Ordinal;
                   });
  return Keys;
}

std::vector<const EntityIndex::Property *>
EntityIndex::allColumns(const MappedEntity &M, llvm::StringRef Directory,
                        std::vector<const Property *> &Regular) const {
  std::vector<const Property *> Keys = keyColumns(M, Directory);
  if (Keys.empty())
    return {};
  for (const Property &P : M.Properties) {
    if (isCompositeKey(P)) {
      // A key class's properties that are no key columns are columns too
      // (the converter writes every property of the key).
      if (const MappedEntity *K = keyClass(M, P, Directory))
        for (const Property &KP : K->Properties)
          if (!KP.Partition && !KP.Clustering)
            Regular.push_back(&KP);
    } else if (!P.Key && !P.Partition && !P.Clustering) {
      Regular.push_back(&P);
    }
  }
  return Keys;
}

const EntityIndex::Property *EntityIndex::resolve(const MappedEntity &M,
                                                  llvm::StringRef Path,
                                                  llvm::StringRef Directory,
                                                  unsigned Depth) const {
  if (Depth > 2 || Path.empty())
    return nullptr;
  auto Find = [&](llvm::StringRef Name) -> const Property * {
    for (const Property &P : M.Properties)
      if (P.Name == Name)
        return &P;
    return nullptr;
  };
  auto Nested = [&](const Property *P,
                    llvm::StringRef Rest) -> const Property * {
    if (!P || !isCompositeKey(*P))
      return nullptr;
    const MappedEntity *K = keyClass(M, *P, Directory);
    return K ? resolve(*K, Rest, Directory, Depth + 1) : nullptr;
  };
  for (char Separator : {'.', '_'})
    if (size_t U = Path.find(Separator); U != llvm::StringRef::npos)
      return Nested(Find(decapitalize(Path.take_front(U))),
                    Path.drop_front(U + 1));
  if (const Property *P = Find(decapitalize(Path)))
    return P;
  // The longest head that is a property, the rest inside it.
  for (size_t I = Path.size() - 1; I > 0; --I) {
    if (!(Path[I] >= 'A' && Path[I] <= 'Z'))
      continue;
    if (const Property *P =
            Nested(Find(decapitalize(Path.take_front(I))), Path.drop_front(I)))
      return P;
  }
  return nullptr;
}

std::string EntityIndex::tableOf(const MappedEntity &M) {
  return M.Keyspace.empty() ? spellUnquotedCqlName(M.Table)
                            : spellUnquotedCqlName(M.Keyspace) + "." +
                                  spellUnquotedCqlName(M.Table);
}

std::string EntityIndex::column(const Property &P) {
  return spellUnquotedCqlName(P.Column);
}

std::string EntityIndex::keyEquals(llvm::ArrayRef<const Property *> Keys,
                                   size_t N) {
  std::string W;
  for (size_t I = 0; I < N && I < Keys.size(); ++I)
    W += (I ? " AND " : " WHERE ") + column(*Keys[I]) + " = ?";
  return W;
}

std::string EntityIndex::insertOf(const MappedEntity &M,
                                  llvm::StringRef Directory,
                                  llvm::StringRef Table) const {
  std::string Name = Table.empty() ? tableOf(M) : Table.str();
  std::vector<const Property *> Regular;
  std::vector<const Property *> Keys = allColumns(M, Directory, Regular);
  if (Keys.empty())
    return "";
  std::string Cols, Marks;
  for (const auto *List : {&Keys, &Regular})
    for (const Property *P : *List) {
      Cols += (Cols.empty() ? "" : ", ") + column(*P);
      Marks += Marks.empty() ? "?" : ", ?";
    }
  return "INSERT INTO " + Name + " (" + Cols + ") VALUES (" + Marks + ")";
}

std::string EntityIndex::updateOf(const MappedEntity &M,
                                  llvm::StringRef Directory,
                                  llvm::StringRef Table) const {
  std::string Name = Table.empty() ? tableOf(M) : Table.str();
  std::vector<const Property *> Regular;
  std::vector<const Property *> Keys = allColumns(M, Directory, Regular);
  if (Keys.empty() || Regular.empty())
    return "";
  std::string Text = "UPDATE " + Name + " SET ";
  for (size_t I = 0; I < Regular.size(); ++I)
    Text += (I ? ", " : "") + column(*Regular[I]) + " = ?";
  return Text + keyEquals(Keys, Keys.size());
}

std::string EntityIndex::deleteOf(const MappedEntity &M,
                                  llvm::StringRef Directory,
                                  llvm::StringRef Table) const {
  std::string Name = Table.empty() ? tableOf(M) : Table.str();
  std::vector<const Property *> Keys = keyColumns(M, Directory);
  if (Keys.empty())
    return "";
  return "DELETE FROM " + Name + keyEquals(Keys, Keys.size());
}

} // namespace nosqlint::extract
