//===- TemplateStatements.h - The CQL a template call sends -*- C++ -*-===//
//
// The join half of TemplateFacts.h: a CassandraTemplate call and its
// entity become the statement Spring Data Cassandra's StatementFactory
// renders (QueryMapper and UpdateMapper map a criterion's or assignment's
// key to the column of the property it names, `key.id` and `keyId`
// through a composite key class, and take any other key for the column
// itself).
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_EXTRACT_TEMPLATESTATEMENTS_H
#define NOSQLINT_EXTRACT_TEMPLATESTATEMENTS_H

#include "EntityIndex.h"

#include "nosqlint/Extract/Extract.h"

#include <optional>

namespace nosqlint::extract {

/// The statement of template call \p Q (Form::Template) of file \p F, on
/// entity \p M; with \p M null (the value's class is known only at run
/// time), the write of an entity is listed with its table and columns
/// unknown, and anything else is not a statement of ours.
std::optional<CqlSnippet> templateStatement(const RepositoryQuery &Q,
                                            const MappedEntity *M,
                                            const EntityIndex &Index,
                                            const RepositoryFacts &F);

} // namespace nosqlint::extract

#endif
