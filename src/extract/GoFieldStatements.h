//===- GoFieldStatements.h - Statements carried by Go struct fields -*- C++ -*-===//
//
// A Go repository may write its statements as struct fields and send them
// elsewhere, often from another package:
//
//   statements["Create"] = scyllarepo.Statement{
//       Query: "Insert into sources(id, ...) values(?, ...)", Values: ...}
//   ...
//   for _, stat := range states {            // package scyllarepo
//       d.conn.Query(stat.Query, stat.Values) // a gocqlx Session.Query
//   }
//
// The string is a statement because the field it is written to reaches a
// Cassandra API, as a string passed to the call would: each file yields
// the fields of its package's struct types that it passes to a CQL API
// (GoFieldSink, decided by QueryOwnership like any argument), and the
// statement-like strings written as struct fields (GoFieldString); the
// join (joinGoFieldStatements) takes the strings whose type and field a
// file of the type's package sends. A field formatted on its way
// (`fmt.Sprintf(s.Query, ks)`) makes the string a template: its verbs
// (%s, %v, %d) are holes. A string already taken by its shape is not
// taken twice.
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_EXTRACT_GOFIELDSTATEMENTS_H
#define NOSQLINT_EXTRACT_GOFIELDSTATEMENTS_H

#include "Evaluator.h"
#include "Imports.h"
#include "QueryOwnership.h"

#include "nosqlint/Extract/BuilderFacts.h"

namespace nosqlint::extract {

void findGoFieldStatements(Evaluator &Eval, const FileImports &Imports,
                           const QueryOwnership &Owners, FileId File,
                           TSNode Root, llvm::ArrayRef<CqlSnippet> Taken,
                           BuilderFacts &Facts);

} // namespace nosqlint::extract

#endif
