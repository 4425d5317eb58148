//===- EntityIndex.h - The run's Spring Data entities, by name -*- C++ -*-===//
//
// The cross-file joins of Spring Data Cassandra (repositories, templates)
// and of the DataStax mapper's DAOs look up the classes the run maps: an
// entity by the name a use writes (the nearest folder's when sub-projects
// repeat it), the composite key class of its @PrimaryKey, its primary key
// columns in key order, the property a path names (`keyCustomerId`,
// `key.customerId`, `Key_CustomerId`), and the names a statement gives its
// table and columns.
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_EXTRACT_ENTITYINDEX_H
#define NOSQLINT_EXTRACT_ENTITYINDEX_H

#include "nosqlint/Extract/RepositoryFacts.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"

#include <deque>
#include <string>
#include <vector>

namespace nosqlint::extract {

/// `a.b.C<T>` -> C.
llvm::StringRef simpleTypeName(llvm::StringRef Qualified);

/// Whether \p P is a @PrimaryKey whose columns are those of a
/// @PrimaryKeyClass (a key of one column, however typed, is not).
inline bool isCompositeKey(const MappedEntity::Property &P) {
  return P.Key && !P.Partition && !P.Clustering;
}

/// The index Spring Data's schema actions create for an `@Indexed` (or,
/// \p Sasi, `@SASI`) property's column of table \p Table (as a statement
/// names it).
std::string springIndexStatement(llvm::StringRef Table, llvm::StringRef Column,
                                 bool Sasi);

class EntityIndex {
public:
  using Property = MappedEntity::Property;

  /// The Spring Data and DataStax mapper classes of \p Files (cqlengine
  /// models are OrmQueries.cpp's), and their repository interfaces.
  explicit EntityIndex(llvm::ArrayRef<RepositoryFacts> Files);

  /// The class a use in \p Directory means by \p Simple (written) and
  /// \p Qualified (through the use's imports or package).
  const MappedEntity *entity(llvm::StringRef Simple, llvm::StringRef Qualified,
                             llvm::StringRef Directory) const;
  /// The entity of the repository interface \p Simple / \p Qualified.
  const MappedEntity *repositoryEntity(llvm::StringRef Simple,
                                       llvm::StringRef Qualified,
                                       llvm::StringRef Directory) const;
  /// The key class of a @PrimaryKey property, near the entity.
  const MappedEntity *keyClass(const MappedEntity &M, const Property &P,
                               llvm::StringRef Directory) const;
  /// The columns of the entity's primary key, in key order: its own key
  /// properties, or those of its composite key class. Empty when unknown.
  std::vector<const Property *> keyColumns(const MappedEntity &M,
                                           llvm::StringRef Directory) const;
  /// The key columns, and into \p Regular every other column the entity
  /// writes (its own, and those of its key class that are no key);
  /// empty when the key is not known.
  std::vector<const Property *>
  allColumns(const MappedEntity &M, llvm::StringRef Directory,
             std::vector<const Property *> &Regular) const;
  /// A property path as a derived name spells it (`CustomerId`,
  /// `KeyCustomerId`, `Key_CustomerId`), or as a template's criteria
  /// writes it (`customerId`, `key.customerId`), resolved against \p M:
  /// the property it ends at, through a composite key class.
  const Property *resolve(const MappedEntity &M, llvm::StringRef Path,
                          llvm::StringRef Directory, unsigned Depth = 0) const;

  /// The table as a statement names it (`"order"`: a reserved word is
  /// quoted, as Spring Data and the mapper quote it).
  static std::string tableOf(const MappedEntity &M);
  static std::string column(const Property &P);
  /// ` WHERE k1 = ? AND k2 = ?` on the first \p N of \p Keys.
  static std::string keyEquals(llvm::ArrayRef<const Property *> Keys,
                               size_t N);
  /// What writing a whole entity sends: `INSERT INTO t (every column)
  /// VALUES (?, ...)`; `UPDATE t SET regular = ?, ... WHERE key = ?, ...`
  /// (nothing without a regular column); `DELETE FROM t WHERE key = ?`.
  /// Empty when the key is not known. \p Table names another table than
  /// the entity's (as a statement spells it).
  std::string insertOf(const MappedEntity &M, llvm::StringRef Directory,
                       llvm::StringRef Table = {}) const;
  std::string updateOf(const MappedEntity &M, llvm::StringRef Directory,
                       llvm::StringRef Table = {}) const;
  std::string deleteOf(const MappedEntity &M, llvm::StringRef Directory,
                       llvm::StringRef Table = {}) const;

private:
  template <typename T> struct Located {
    const T *Item;
    const RepositoryFacts *Facts;
  };
  template <typename T>
  static const Located<T> *
  pick(const std::vector<Located<T>> &Candidates, llvm::StringRef Qualified,
       llvm::StringRef Directory,
       llvm::function_ref<llvm::StringRef(const T &)> NameOf);

  /// The driver 3 mapper's entities that extend mapped classes: their
  /// properties joined with those of their superclasses (Owned holds them).
  void joinSuperclasses();

  llvm::StringMap<std::vector<Located<MappedEntity>>> Entities;
  std::deque<MappedEntity> Owned;
  llvm::StringMap<std::vector<Located<RepositoryInterface>>> Interfaces;
};

} // namespace nosqlint::extract

#endif
