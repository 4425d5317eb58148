//===- KeyHeuristics.cpp - Partition keys judged by names and types -------===//
//
// See KeyHeuristics.h for the vocabulary. Everything here works on lower-case
// name tokens and type names, so CQL and DynamoDB share it; only the wording
// of the suggestions depends on the dialect.
//
//===----------------------------------------------------------------------===//
#include "nosqlint/Schema/KeyHeuristics.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

#include <cctype>

namespace nosqlint {

namespace {

bool isOneOf(llvm::StringRef Token, std::initializer_list<llvm::StringRef> Set) {
  return llvm::is_contained(Set, Token);
}

bool isLowCardinalityNoun(llvm::StringRef T) {
  return isOneOf(T, {"status", "state", "type", "kind", "category", "gender",
                     "sex", "country", "region", "tier", "level", "priority",
                     "flag", "enabled", "active", "deleted", "visible",
                     "color", "colour", "language", "lang", "locale",
                     "currency", "weekday", "dow", "dayofweek", "bool",
                     "boolean"});
}

bool isQualifier(llvm::StringRef T) {
  return isOneOf(T, {"code", "id", "name", "key", "value"});
}

bool isFlagPrefix(llvm::StringRef T) {
  return isOneOf(T, {"is", "has", "can", "should", "was"});
}

bool isTimeBucketNoun(llvm::StringRef T) {
  return isOneOf(T, {"date", "day", "hour", "minute", "week", "month",
                     "quarter", "year", "yyyymmdd", "yyyymm", "yyyy", "ymd",
                     "yymmdd", "hh"});
}

/// Words that say which moment a date is ("event_date", "created_day"), as
/// opposed to an entity it is combined with ("device_day" is a composite).
bool isWhenModifier(llvm::StringRef T) {
  return isOneOf(T, {"event", "created", "creation", "updated", "modified",
                     "order", "publish", "published", "posted", "sale",
                     "transaction", "txn", "log", "report", "business",
                     "calendar", "partition", "ingest", "ingestion", "start",
                     "end", "batch", "current", "utc", "local", "of"});
}

bool isEntityIdNoun(llvm::StringRef T) {
  return isOneOf(T, {"id", "uuid", "guid", "identifier"});
}

bool isTimeNoun(llvm::StringRef T) {
  return isTimeBucketNoun(T) ||
         isOneOf(T, {"timestamp", "ts", "time", "datetime", "at", "created",
                     "updated", "modified", "occurred", "epoch", "when",
                     "timeuuid", "instant"});
}

std::string lower(llvm::StringRef S) { return S.lower(); }

bool isBooleanType(llvm::StringRef Type) {
  return lower(Type) == "boolean" || lower(Type) == "bool";
}

bool isDateType(llvm::StringRef Type) { return lower(Type) == "date"; }

bool isTimeType(llvm::StringRef Type) {
  std::string T = lower(Type);
  return T == "timestamp" || T == "timeuuid" || T == "date" || T == "time";
}

enum class Weakness { None, Boolean, LowCardinality, TimeBucket };

/// Why a single key part cannot spread traffic, if it cannot.
Weakness weakness(const KeyPart &Part, std::string &Why) {
  if (isBooleanType(Part.Type)) {
    Why = "a boolean";
    return Weakness::Boolean;
  }
  std::vector<std::string> Tokens = splitNameTokens(Part.Name);
  if (Tokens.empty())
    return Weakness::None;
  const std::string &Head = Tokens.back();
  if (Tokens.size() >= 2 && isFlagPrefix(Tokens.front())) {
    Why = "a yes/no flag";
    return Weakness::Boolean;
  }
  for (size_t I = 0; I + 2 < Tokens.size(); ++I)
    if (Tokens[I] == "day" && Tokens[I + 1] == "of" && Tokens[I + 2] == "week") {
      Why = "a day of the week (7 values)";
      return Weakness::LowCardinality;
    }
  if (isLowCardinalityNoun(Head) ||
      (Tokens.size() >= 2 && isQualifier(Head) &&
       isLowCardinalityNoun(Tokens[Tokens.size() - 2]))) {
    std::string Noun = isLowCardinalityNoun(Head) ? Head : Tokens[Tokens.size() - 2];
    Why = "a " + Noun + ", which has few distinct values";
    return Weakness::LowCardinality;
  }
  bool BucketName = isTimeBucketNoun(Head) &&
                    llvm::all_of(llvm::makeArrayRef(Tokens).drop_back(),
                                 [](const std::string &T) {
                                   return isWhenModifier(T) || isTimeNoun(T);
                                 });
  if (BucketName || isDateType(Part.Type) ||
      (Head == "bucket" && Tokens.size() >= 2 &&
       (isTimeNoun(Tokens[Tokens.size() - 2])))) {
    Why = "a time bucket";
    return Weakness::TimeBucket;
  }
  return Weakness::None;
}

bool isEntityId(const KeyPart &Part) {
  std::vector<std::string> Tokens = splitNameTokens(Part.Name);
  if (Tokens.empty() || !isEntityIdNoun(Tokens.back()))
    return false;
  // "status_id" and the like are categories, not entities.
  std::string Why;
  return weakness(Part, Why) == Weakness::None;
}

bool isTimeLike(const KeyPart &Part) {
  if (isTimeType(Part.Type))
    return true;
  std::vector<std::string> Tokens = splitNameTokens(Part.Name);
  return !Tokens.empty() && isTimeNoun(Tokens.back());
}

std::string quoteList(const std::vector<KeyPart> &Parts) {
  if (Parts.size() == 1)
    return "'" + Parts.front().Name + "'";
  std::string S = "(";
  for (size_t I = 0; I < Parts.size(); ++I) {
    if (I)
      S += ", ";
    S += Parts[I].Name;
  }
  return S + ")";
}

} // namespace

std::vector<std::string> splitNameTokens(llvm::StringRef Name) {
  std::vector<std::string> Tokens;
  std::string Current;
  auto Flush = [&] {
    if (!Current.empty())
      Tokens.push_back(lower(Current));
    Current.clear();
  };
  for (size_t I = 0; I < Name.size(); ++I) {
    char C = Name[I];
    if (!std::isalnum(static_cast<unsigned char>(C))) {
      Flush();
      continue;
    }
    if (!Current.empty()) {
      char Prev = Current.back();
      bool PrevLower = std::islower(static_cast<unsigned char>(Prev));
      bool PrevUpper = std::isupper(static_cast<unsigned char>(Prev));
      bool PrevDigit = std::isdigit(static_cast<unsigned char>(Prev));
      bool Upper = std::isupper(static_cast<unsigned char>(C));
      bool Digit = std::isdigit(static_cast<unsigned char>(C));
      bool NextLower = I + 1 < Name.size() &&
                       std::islower(static_cast<unsigned char>(Name[I + 1]));
      if ((PrevLower && Upper) || (PrevUpper && Upper && NextLower) ||
          (PrevDigit != Digit))
        Flush();
    }
    Current += C;
  }
  Flush();
  return Tokens;
}

std::optional<KeyVerdict> judgeHotPartitionKey(const KeyShape &Key,
                                               Dialect Lang) {
  if (Key.PartitionKey.empty())
    return std::nullopt;
  std::vector<std::string> Whys;
  Weakness First = Weakness::None;
  for (const KeyPart &Part : Key.PartitionKey) {
    std::string Why;
    Weakness W = weakness(Part, Why);
    if (W == Weakness::None)
      return std::nullopt; // one strong part spreads the key
    if (First == Weakness::None)
      First = W;
    Whys.push_back(Why);
  }

  const KeyPart &Part = Key.PartitionKey.front();
  KeyVerdict V;
  bool Ddb = Lang == Dialect::DynamoDb;
  if (Key.PartitionKey.size() == 1) {
    V.Reason = "partition key " + quoteList(Key.PartitionKey) + " is " +
               Whys.front();
    switch (First) {
    case Weakness::Boolean:
      V.Reason += ": with only two values, all traffic goes to at most two "
                  "partitions";
      break;
    case Weakness::LowCardinality:
      V.Reason += ": every " + std::string(Ddb ? "item" : "row") +
                  " with the same value lands in one partition, so a few "
                  "partitions take all the traffic";
      break;
    case Weakness::TimeBucket:
      V.Reason += " alone: all writes of the current period go to a single "
                  "partition while the others sit idle";
      break;
    case Weakness::None:
      break;
    }
  } else {
    V.Reason = "partition key " + quoteList(Key.PartitionKey) +
               " combines only low-cardinality values: its few combinations "
               "concentrate the traffic on a few partitions";
  }

  if (Ddb)
    V.Suggestion =
        "use a high-cardinality attribute such as an entity id as the "
        "partition key, a composite value (\"" +
        Part.Name + "#<customerId>\"), or write sharding (\"" + Part.Name +
        "#N\" with N drawn from 0..9, and query every suffix)";
  else
    V.Suggestion = "use a high-cardinality column such as an entity id, a "
                   "composite partition key ((" +
                   Part.Name + ", customer_id)), or a shard column ((" +
                   Part.Name + ", shard) with shard = hash(id) % N, read from "
                   "all N)";
  return V;
}

std::optional<KeyVerdict> judgeUnboundedPartition(const KeyShape &Key,
                                                  Dialect Lang) {
  if (Key.PartitionKey.empty() || Key.SortKey.empty())
    return std::nullopt;
  for (const KeyPart &Part : Key.PartitionKey)
    if (!isEntityId(Part))
      return std::nullopt;
  const KeyPart &Sort = Key.SortKey.front();
  if (!isTimeLike(Sort))
    return std::nullopt;

  const KeyPart &Id = Key.PartitionKey.back();
  std::string Pk = quoteList(Key.PartitionKey);
  std::string Columns;
  for (const KeyPart &Part : Key.PartitionKey)
    Columns += Part.Name + ", ";
  KeyVerdict V;
  V.PartIndex = static_cast<unsigned>(Key.PartitionKey.size() - 1);
  if (Lang == Dialect::DynamoDb) {
    V.Reason = "partition key " + Pk + " alone with items ordered by '" +
               Sort.Name + "': each " + Id.Name +
               " appends to one item collection that grows forever, and one "
               "partition key value gets at most 1,000 write units and 3,000 "
               "read units per second (and 10 GB if the table has a local "
               "secondary index)";
    V.Suggestion = "put a time bucket into the partition key (\"<" + Id.Name +
                   ">#2026-11\", a ((" + Columns + "bucket), " + Sort.Name +
                   ") key) and size the bucket (hour, day, month) from the "
                   "write rate so each key value stays small; read recent "
                   "data bucket by bucket";
  } else {
    V.Reason = "partition key " + Pk + " alone with rows clustered by '" +
               Sort.Name + "': each " + Id.Name +
               " appends to one partition that grows without bound, and wide "
               "partitions slow reads, compaction and repair";
    V.Suggestion = "bucket the partition by time, PRIMARY KEY ((" + Columns +
                   "bucket), " + Sort.Name +
                   "), and pick the bucket size (hour, day, month) so a "
                   "partition stays under about 100 MB and 100,000 rows at "
                   "the peak write rate";
  }
  return V;
}

} // namespace nosqlint
