//===- ParserCaches.h - Reset ANTLR's process-wide caches (benchmarks) -*- C++ -*-===//
//
// The parser's prediction DFAs are kept per thread (ThreadPredictionCache.h)
// and warm up over the first parses of each thread. The cold-parse
// benchmark empties the calling thread's so every measured parse starts
// from nothing. No parse may run on this thread meanwhile.
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_CQL_PARSERCACHES_H
#define NOSQLINT_CQL_PARSERCACHES_H

namespace nosqlint::cql {

void clearParserCaches();

} // namespace nosqlint::cql

#endif
