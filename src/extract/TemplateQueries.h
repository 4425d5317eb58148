//===- TemplateQueries.h - A file's Spring Data template calls -*- C++ -*-===//
//
// The per-file half of TemplateFacts.h: the entity operations a Java or
// Kotlin file calls on a CassandraTemplate, ReactiveCassandraTemplate,
// AsyncCassandraTemplate or one of their *Operations interfaces (a value
// whose declared type is that type as Spring Data's package exports it;
// a class of the same name elsewhere is not one). The Query, Criteria and
// Update arguments are read where they are written, or from the local
// they are assigned to; one of another origin leaves its part of the
// statement unknown. The string (CQL) and Statement overloads are not
// read here: a string is a query of the string extractor.
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_EXTRACT_TEMPLATEQUERIES_H
#define NOSQLINT_EXTRACT_TEMPLATEQUERIES_H

#include "Evaluator.h"
#include "Imports.h"

#include "nosqlint/Extract/RepositoryFacts.h"

namespace nosqlint::extract {

/// Whether \p Text may call a Spring Data template (the prescan asks).
bool mayCallCassandraTemplate(llvm::StringRef Text);

void findTemplateQueries(Evaluator &Eval, const FileImports &Imports,
                         FileId File, TSNode Root, RepositoryFacts &Out);

} // namespace nosqlint::extract

#endif
