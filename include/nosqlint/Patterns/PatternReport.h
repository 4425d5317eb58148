//===- PatternReport.h - The access-pattern report, as data -----*- C++ -*-===//
//
// What `nosqlint patterns` reports, independent of any output format: every
// table, materialized view, secondary index, SAI index, GSI and LSI of the
// schema (and every table the code names that the schema lacks), the reads
// that use each one and how each is served, the writes that keep each one up
// to date, and the findings drawn from them (computeFindings). The driver
// fills it from the run (src/driver/PatternsBuilder.cpp); the emitters
// (Patterns/Emitters.h) only print it; the JSON emitter and readReportJson
// round-trip it for `--against`.
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_PATTERNS_PATTERNREPORT_H
#define NOSQLINT_PATTERNS_PATTERNREPORT_H

#include "llvm/ADT/StringRef.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace nosqlint::patterns {

/// The JSON document's `version` (docs/patterns.md).
constexpr int ReportVersion = 1;

enum class ObjectKind {
  Table,
  View,           // CQL materialized view
  SecondaryIndex, // CQL index other than SAI: legacy 2i, SASI, custom,
                  // ScyllaDB global and local indexes
  SaiIndex,       // CQL storage-attached index
  Gsi,            // DynamoDB global secondary index
  Lsi,            // DynamoDB local secondary index
};

/// How a read finds its rows.
enum class Served {
  Partition,    // one partition (or several by IN), by its key
  KeyRange,     // a range of the sort (clustering) key inside pinned
                // partitions, or a token range of partition keys
  IndexLocal,   // an index, inside the partitions the read pins (CQL
                // indexes with the partition key, ScyllaDB local indexes,
                // LSIs)
  IndexCluster, // an index every node answers for its own data
                // (Cassandra's 2i and SAI without the partition key)
  IndexGlobal,  // an index partitioned by its own key (ScyllaDB global
                // indexes, GSIs)
  FullScan,     // every partition of the table (or of the index)
  Unknown,      // the text or table is not known well enough to say
};

/// What a read costs, cheapest first.
enum class Cost {
  Point,          // one row or item, by its whole primary key
  Partition,      // one partition, or a range inside it
  MultiPartition, // several partitions named by key (IN, batch gets)
  IndexLookup,    // an index read, then the base rows it names
  ScatterGather,  // every node (or token range) answers
  FullScan,       // every partition is read
  Unknown,
};

enum class FindingKind {
  Unread,    // a table or index nothing reads
  Unwritten, // a table something reads and nothing writes
  Drift,     // copies of one entity written apart
  Unserved,  // a read no key or index serves
};

llvm::StringRef objectKindName(ObjectKind K);
llvm::StringRef servedName(Served S);
llvm::StringRef costName(Cost C);
llvm::StringRef findingKindName(FindingKind K);
std::optional<ObjectKind> parseObjectKind(llvm::StringRef Name);
std::optional<Served> parseServed(llvm::StringRef Name);
std::optional<Cost> parseCost(llvm::StringRef Name);
std::optional<FindingKind> parseFindingKind(llvm::StringRef Name);

struct Site {
  std::string Path;
  unsigned Line = 0;
  unsigned Column = 0;
};

/// A query or request that reads.
struct Read {
  Site At;
  std::string Dialect;   // cql, dynamodb
  std::string Source;    // cql, java, python, json, sdk, builder, ...
  std::string Operation; // SELECT; Query, Scan, GetItem, ExecuteStatement ...
  std::string Table;     // the id of the table or view it reads
  std::string Object;    // the id of what serves it: an index, or Table
  Served How = Served::Unknown;
  Cost Class = Cost::Unknown;
  /// Partition-key (hash-key) columns pinned by = or IN, in key order.
  std::vector<std::string> PartitionKey;
  /// Clustering (sort-key) columns it restricts.
  std::vector<std::string> SortKey;
  /// The index column(s) it looks up, when an index serves it.
  std::vector<std::string> IndexKey;
  /// No key or index serves it: a full scan, or a filter over more rows
  /// than it returns. Why, and the query-first fix (missing-index's notes).
  bool Unserved = false;
  std::vector<std::string> UnservedColumns;
  std::string Problem;
  std::vector<std::string> Proposals;
  std::string Text; // normalized text (CQL) or key condition / filter
  /// Issue 22 part 3: the consistency level and page size the code sets on
  /// the statement, where it is visible; shown when present.
  std::optional<std::string> Consistency;
  std::optional<long long> PageSize;
  /// The code turns paging off (ExecutionFacts' PageSizeFact::Disabled):
  /// the whole result comes back in one response.
  bool PagingDisabled = false;

  /// The identity `--against` compares: dialect, table, serving object,
  /// operation, how it is served and the columns it pins (no line, no
  /// file, no text).
  std::string shape() const;
};

/// A statement or request that writes one table.
struct Write {
  Site At;
  std::string Dialect;
  std::string Source;
  std::string Operation; // INSERT, UPDATE, DELETE; PutItem, UpdateItem ...
  std::string Table;     // the id of the table it writes
  /// The columns it sets or deletes; empty: whole rows (INSERT's columns
  /// are listed; a DELETE of rows and PutItem/DeleteItem list none).
  std::vector<std::string> Columns;
  bool WholeRow = false;
  /// The code path it belongs to: its BATCH or transaction, else its
  /// function, else its statement in a query file, else its file
  /// (docs/patterns.md, "Denormalized copies").
  std::string Unit;
  std::string Text;
  std::optional<std::string> Consistency; // issue 22 part 3
};

/// A table, view or index.
struct DataObject {
  ObjectKind Kind = ObjectKind::Table;
  std::string Id;      // keyspace.table, keyspace.table.index; table/index
  std::string Dialect; // cql, dynamodb
  std::string Name;    // its own name
  std::string Table;   // itself for a table; the base table otherwise
  std::string Detail;  // index class (legacy, sai, sasi, custom,
                       // scylla-global, scylla-local), GSI projection
  std::vector<std::string> PartitionKey;
  std::vector<std::string> SortKey;
  /// Every column (CQL tables and views) or defined attribute (DynamoDB).
  std::vector<std::string> Columns;
  /// Declared by the schema; false for a table only the code names.
  bool InSchema = true;
  Site Defined;
};

struct Finding {
  FindingKind Kind = FindingKind::Unread;
  std::vector<std::string> Objects; // the ids it is about
  std::string Message;
  std::vector<Site> Sites; // the reads or writes that show it
  std::vector<std::string> Notes;
};

/// `--against`: what this report adds to an earlier one (ReportDiff.h).
struct ReportDiff {
  std::string Against; // the earlier report's path
  std::vector<Read> NewPatterns;
  std::vector<Read> NewUnserved;
  std::vector<std::string> Gone; // shapes
};

struct PatternReport {
  std::vector<DataObject> Objects;
  std::vector<Read> Reads;
  std::vector<Write> Writes;
  std::vector<Finding> Findings;
  /// Reads and writes whose table is computed at run time, by dialect.
  std::map<std::string, unsigned> UnresolvedReads;
  std::map<std::string, unsigned> UnresolvedWrites;
  unsigned unresolvedReads() const;
  unsigned unresolvedWrites() const;
  /// Tables (ids) some read of which is only partly known (a hole in its
  /// WHERE clause, an index name computed at run time): which index it
  /// uses is not known.
  std::vector<std::string> PartlyKnownTables;
  /// Files with a read that is only partly known (a hole for part of the
  /// statement): a file that builds reads nosqlint sees only in part may
  /// build one of a table it writes that nosqlint did not recognize.
  std::vector<std::string> PartlyKnownReadFiles;
  std::optional<ReportDiff> Diff;

  const DataObject *object(llvm::StringRef Id) const;
  /// The reads served by \p O (for a table or view: every read of it).
  std::vector<const Read *> readsOf(const DataObject &O) const;
  /// The writes that keep \p O up to date: its own (a table), its base
  /// table's (a view or an index).
  std::vector<const Write *> writesFeeding(const DataObject &O) const;
};

/// Sorts objects, reads and writes, and computes Findings from the rest
/// (unread, unwritten, drift, unserved), as docs/patterns.md defines them.
void computeFindings(PatternReport &R);

/// Which tables of \p R hold copies of one entity (docs/patterns.md): the
/// groups of two or more table ids, each with the reason.
struct CopyGroup {
  std::vector<std::string> Tables;
  std::string Reason;
};
std::vector<CopyGroup> copyGroups(const PatternReport &R);

} // namespace nosqlint::patterns

#endif
