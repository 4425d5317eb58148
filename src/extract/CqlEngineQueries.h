//===- CqlEngineQueries.h - A Python file's cqlengine query chains -*- C++ -*-===//
//
// The per-file half of OrmFacts.h: each call chain on a model class
// (`M.objects(...)`, `M.objects.filter(...)`, `M.filter(...)`, `M.get(...)`,
// `M.all()`, `M.create(...)`, then `.filter`, `.allow_filtering()`,
// `.limit(n)`, `.order_by('-c')`, `.only([...])`, `.defer([...])`,
// `.count()`, `.first()`, `.get()`, `.update(...)`, `.delete()`,
// `.if_not_exists()`, `.if_exists()`, `.ttl(n)`, `.timestamp(t)`,
// `.batch(b)`, `.consistency(...)`, `.timeout(...)`, `.fetch_size(n)`),
// as a RepositoryQuery of Form::Orm. A chain whose queryset is kept in a
// variable that is refined later, returned, or built with `**kwargs`,
// positional where clauses, `iff(...)`, `distinct()`, `values_list()` or
// `using(keyspace=...)` is not read.
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_EXTRACT_CQLENGINEQUERIES_H
#define NOSQLINT_EXTRACT_CQLENGINEQUERIES_H

#include "Evaluator.h"
#include "Imports.h"

#include "nosqlint/Extract/OrmFacts.h"

namespace nosqlint::extract {

/// Whether a Python file's text may hold a cqlengine query chain on a
/// model class it imports from elsewhere (the prescan asks this).
bool mayHoldCqlEngineQueries(llvm::StringRef Text);

void findCqlEngineQueries(const Evaluator &Eval, const FileImports &Imports,
                          FileId File, TSNode Root, RepositoryFacts &Out);

} // namespace nosqlint::extract

#endif
