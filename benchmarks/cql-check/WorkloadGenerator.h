//===- WorkloadGenerator.h - A realistic schema and query mix --*- C++ -*-===//
#ifndef NOSQLINT_BENCH_WORKLOADGENERATOR_H
#define NOSQLINT_BENCH_WORKLOADGENERATOR_H

#include <string>

namespace nosqlint::bench {

/// DDL of one keyspace with \p Tables tables in the shapes applications use:
/// entity tables, lookup tables, time series with buckets, counters, tables
/// with legacy and SAI indexes.
std::string generateSchema(unsigned Tables);

/// \p Statements statements against that schema, a mix of what data access
/// layers send: key reads, range reads, index reads, filtering and
/// full scans, writes, batches. Deterministic for a given count.
std::string generateQueries(unsigned Tables, unsigned Statements);

} // namespace nosqlint::bench

#endif
