//===- GocqlxQueries.h - A Go file's gocqlx qb chains and table models -*- C++ -*-===//
//
// gocqlx (github.com/scylladb/gocqlx, its qb and table packages, v1 to v3)
// builds statements with fluent builders and table models:
//
//   qb.Select("ks.users").Columns("id", "name").Where(qb.Eq("email"))
//       .AllowFiltering().Query(session)
//   users := table.New(table.Metadata{Name: "ks.users", Columns: [...],
//                                     PartKey: []string{"id"}})
//   users.GetQuery(session)   // SELECT * FROM ks.users WHERE id=?
//   users.SelectBuilder().Where(qb.Gt("age")).Query(session)
//
// Each chain becomes the statement gocqlx writes for it (its ToCql), as a
// snippet whose pieces map to the calls, the model's parts to the model's
// method. The entry points are `builder` rows of models/go.models (`qb
// Select`, `Table GetQuery`, ...). A chain is read when it ends in
// ToCql/Query/QueryContext, or is kept in a variable whose every use is
// one of those; a call the translation does not know, a name or list
// computed at run time, a Cmp held in a variable: no statement. A name
// written with a hole (`fmt.Sprintf("%s.songs", ks)`) is a hole, as in a
// string. In a test source only a chain that reaches the session (Query,
// QueryContext, or a ToCql whose statement a driver call receives) is read:
// table-driven tests hold builders whose output is compared, never sent.
//
// A table model the file does not declare (another file of the package,
// or `models.Users` of another package) is a GocqlxTableUse fact, joined
// once every file is read (GocqlxTables.cpp); the file's package-level
// models are GocqlxTable facts for the others.
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_EXTRACT_GOCQLXQUERIES_H
#define NOSQLINT_EXTRACT_GOCQLXQUERIES_H

#include "Evaluator.h"
#include "Imports.h"
#include "LibraryModels.h"

#include "nosqlint/Extract/BuilderFacts.h"

#include <vector>

namespace nosqlint::extract {

/// Whether \p Text imports a gocqlx package (the prescan asks: a file of
/// table models holds no statement keyword, yet declares tables).
bool mentionsGocqlx(llvm::StringRef Text);

/// Whether \p Text may call a table model's method that makes a statement
/// (`table.Users.InsertQuery(s)` in a file that imports no gocqlx package).
bool mayCallGocqlxTable(llvm::StringRef Text);

/// The file's gocqlx statements (into \p Out) and facts (into \p Facts).
/// \p ReachApiOnly: a test source (see above).
void findGocqlxQueries(Evaluator &Eval, const FileImports &Imports,
                       FileId File, TSNode Root, bool ReachApiOnly,
                       std::vector<CqlSnippet> &Out, BuilderFacts &Facts);

} // namespace nosqlint::extract

#endif
