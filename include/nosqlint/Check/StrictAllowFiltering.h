//===- StrictAllowFiltering.h - ScyllaDB's strict_allow_filtering -*- C++
//-*-===//
//
// ScyllaDB's strict_allow_filtering setting (db/config.cc: "Match Cassandra
// in requiring ALLOW FILTERING on slow queries. Can be true, false, or
// warn."; warn is its default). It decides what ScyllaDB does with a query
// that reads a clustering slice in every partition (or a token range)
// without filtering rows: rejects it without ALLOW FILTERING (true), runs it
// with the warning "This query should use ALLOW FILTERING and will be
// rejected in future versions." (warn), or runs it (false). Cassandra has
// no such setting: it always asks for ALLOW FILTERING there.
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_CHECK_STRICTALLOWFILTERING_H
#define NOSQLINT_CHECK_STRICTALLOWFILTERING_H

namespace nosqlint::check {

enum class ScyllaStrictAllowFiltering { False, True, Warn };

} // namespace nosqlint::check

#endif
