//===- NodeMappers.h - A JS/TS file's cassandra-driver Mapper models and calls -*- C++ -*-===//
//
// The Node.js driver's object mapper (cassandra-driver `mapping`):
//
//   const mapper = new mapping.Mapper(client, {
//     models: { User: { tables: ['users'], keyspace: 'ks',
//                       mappings: new mapping.UnderscoreCqlToCamelCaseMappings(),
//                       columns: { user_id: 'id' } } } });
//   const users = mapper.forModel('User');
//   users.find({ email }, { fields: ['name'], limit: 10 });
//
// Each file yields the models of the MappingOptions objects it writes (an
// object with `models:` passed to `new Mapper(client, ...)`, or declared
// as `mapping.MappingOptions` in TypeScript) and the calls of the
// ModelMappers it gets from `forModel('X')` (held in a variable or a
// `this.` field, or called at once). The entry points are `builder` rows
// of models/javascript.models (`ModelMapper find`, ...). Options are often
// in another module than the calls (a shared `mapper.js`): the driver joins
// them by model name (NodeMapperQueries.cpp). A file that neither imports
// cassandra-driver nor takes the mapper from a module of its own project
// (`require('./mapper')`) is not read.
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_EXTRACT_NODEMAPPERS_H
#define NOSQLINT_EXTRACT_NODEMAPPERS_H

#include "Evaluator.h"
#include "Imports.h"

#include "nosqlint/Extract/BuilderFacts.h"

namespace nosqlint::extract {

/// Whether \p Text may hold Mapper models or calls (the prescan asks).
bool mayHoldNodeMapper(llvm::StringRef Text);

void findNodeMapperFacts(const Evaluator &Eval, const FileImports &Imports,
                         FileId File, TSNode Root, BuilderFacts &Facts);

} // namespace nosqlint::extract

#endif
