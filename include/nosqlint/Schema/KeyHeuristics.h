//===- KeyHeuristics.h - Judging partition keys by names and types -*- C++ -*-===//
//
// Dialect-neutral heuristics behind hot-partition-key and unbounded-partition,
// shared by the CQL and DynamoDB schema checks. The input is the key: its
// partition key columns/attributes and its sort (clustering) key, each with a
// name and a type name as the schema spells it (CQL: "boolean", "timestamp",
// "date", "timeuuid", "text", ...; DynamoDB: "S", "N", "B"). The output is an
// optional verdict with the reason and the suggestion, ready for a message.
//
// Names are split into lower-case tokens on '_', '-', '.', ' ', digits
// boundaries and camelCase humps ("orderStatus" -> order, status;
// "HTTPCode" -> http, code). The last token is the head noun:
//  * low cardinality: the head is status, state, type, kind, category, gender,
//    sex, country, region, tier, level, priority, flag, enabled, active,
//    deleted, visible, color, language, locale, currency, weekday, or the name
//    reads "day of week"; "is_*", "has_*", "can_*", "should_*" flags; a head of
//    code/id/name after such a noun counts too ("country_code", "status_id").
//    "statusMessageId" does not: its head is "id" after "message".
//  * time bucket: the head is date, day, hour, minute, week, month, quarter,
//    year, or yyyymmdd-like, and the other tokens only say which moment
//    ("event_date", "created_day", "order_date"); a name that pairs the
//    bucket with something else ("device_day") reads as a composite value and
//    is not flagged. Also any column of CQL type date.
//  * entity id: the head is id, uuid, guid, identifier (user_id, deviceId, id).
//  * time-like sort key: a timestamp/timeuuid/date/time CQL type, or a head of
//    timestamp, ts, time, datetime, date, at (created_at, sentAt), created,
//    updated, modified, occurred, epoch, or a time-bucket head.
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_SCHEMA_KEYHEURISTICS_H
#define NOSQLINT_SCHEMA_KEYHEURISTICS_H

#include "nosqlint/Diag/Rule.h"

#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>
#include <vector>

namespace nosqlint {

/// One key column or attribute.
struct KeyPart {
  std::string Name;
  std::string Type; // as the schema spells it; may be empty
};

/// The shape of a primary key (a table's or an index's).
struct KeyShape {
  std::vector<KeyPart> PartitionKey; // at least one
  std::vector<KeyPart> SortKey;      // clustering columns / RANGE attributes
};

struct KeyVerdict {
  /// Why the key is a problem, e.g. "partition key 'status' has few distinct
  /// values: ...".
  std::string Reason;
  /// What to do instead.
  std::string Suggestion;
  /// The partition key part the verdict is about (index into PartitionKey).
  unsigned PartIndex = 0;

  /// Reason and suggestion as one diagnostic message.
  std::string message() const { return Reason + "; " + Suggestion; }
};

/// Lower-case name tokens, split as described above.
std::vector<std::string> splitNameTokens(llvm::StringRef Name);

/// hot-partition-key: a partition key that cannot spread traffic (a boolean,
/// a low-cardinality name, a date/time bucket alone). \p Lang only picks the
/// wording of the suggestion (CQL or DynamoDB syntax).
std::optional<KeyVerdict> judgeHotPartitionKey(const KeyShape &Key,
                                               Dialect Lang);

/// unbounded-partition: an entity id alone as the partition key with a
/// time-like first sort key (an append-only stream per entity) and no bucket
/// in the partition key.
std::optional<KeyVerdict> judgeUnboundedPartition(const KeyShape &Key,
                                                  Dialect Lang);

} // namespace nosqlint

#endif
