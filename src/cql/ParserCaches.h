//===- ParserCaches.h - Reset ANTLR's process-wide caches (benchmarks) -*- C++ -*-===//
//
// ANTLR keeps the parser's prediction DFAs in static caches that warm up
// over the first parses of a process (the lexer has none: CqlTokenizer).
// The cold-parse benchmark empties them so every measured parse starts from
// nothing. Not thread-safe: no parse may run concurrently.
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_CQL_PARSERCACHES_H
#define NOSQLINT_CQL_PARSERCACHES_H

namespace nosqlint::cql {

void clearParserCaches();

} // namespace nosqlint::cql

#endif
