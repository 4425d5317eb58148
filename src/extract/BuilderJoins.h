//===- BuilderJoins.h - Go and Node builder facts joined across files -*- C++ -*-===//
//
// The joins of BuilderFacts.h, run by joinRepositoryQueries once every file
// is extracted: each returns the statements it completes, each with the
// file whose code makes it.
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_EXTRACT_BUILDERJOINS_H
#define NOSQLINT_EXTRACT_BUILDERJOINS_H

#include "nosqlint/Extract/Repositories.h"

#include <vector>

namespace nosqlint::extract {

/// gocqlx table models used where they are not declared: the model of the
/// same package (folder), or of the imported package whose folder ends
/// with the most of the import path's last elements (a tie: none).
std::vector<RepositorySnippet>
joinGocqlxTables(llvm::ArrayRef<RepositoryFacts> Files);

/// Go struct-field strings whose field a package sends to the driver.
std::vector<RepositorySnippet>
joinGoFieldStatements(llvm::ArrayRef<RepositoryFacts> Files);

/// cassandra-driver ModelMapper calls and the MappingOptions models they
/// name (the nearest folder's, as for entities).
std::vector<RepositorySnippet>
joinNodeMapperQueries(llvm::ArrayRef<RepositoryFacts> Files);

/// How many trailing elements of Go import path \p Import folder \p Dir
/// ends with (`github.com/a/app/db` and `/src/app/db`: 2).
unsigned goImportMatch(llvm::StringRef Dir, llvm::StringRef Import);

} // namespace nosqlint::extract

#endif
