//===- CqlTypeRules.cpp - Column and field types both databases refuse ----===//
//
// Cassandra 5.0 (RawCollection.prepare) checks a collection before its
// parts: values not frozen, counter values, duration set elements, then
// the map key (counter, duration, not frozen), then prepares the parts.
// ScyllaDB (raw_collection::prepare_internal) refuses counter values,
// prepares the parts (durations in sets and as map keys are refused
// there), and only then refuses parts that are not frozen, in other words.
// A frozen collection freezes its parts, and a tuple its elements: under
// either, nothing is "not frozen".
//
//===----------------------------------------------------------------------===//
#include "CqlTypeRules.h"

#include "llvm/ADT/StringRef.h"

namespace nosqlint::schema {

using namespace nosqlint::cql;

namespace {

bool isNative(const CqlType &T, llvm::StringRef Name) {
  return T.Kind == CqlType::Native &&
         llvm::StringRef(T.Name).equals_insensitive(Name);
}

/// A part that can be frozen and was not: a collection or a UDT.
bool unfrozenPart(const CqlType &T) {
  return (T.isCollection() || T.Kind == CqlType::Udt) && !T.Frozen;
}

/// The type as the raw type prints itself (toString / to_string): natives
/// as written (Cassandra) or by their CQL name (ScyllaDB, varchar is text);
/// parts of a frozen type frozen too; a tuple without frozen<>. Nothing for
/// what is not known: vectors, custom types, UDTs under ScyllaDB.
std::optional<std::string> rawText(const CqlType &T, bool InFrozen,
                                   CqlFlavor Flavor) {
  bool Scylla = Flavor == CqlFlavor::ScyllaDb;
  switch (T.Kind) {
  case CqlType::Native: {
    std::string Name = llvm::StringRef(T.Name).lower();
    if (Scylla && Name == "varchar")
      Name = "text";
    return Name;
  }
  case CqlType::Udt: {
    if (Scylla)
      return std::nullopt;
    std::string Name = T.Keyspace ? *T.Keyspace + "." + T.Name : T.Name;
    if (!T.Frozen && !InFrozen)
      return Name;
    std::string Out = "frozen<";
    Out += Name;
    Out += ">";
    return Out;
  }
  case CqlType::List:
  case CqlType::Set:
  case CqlType::Map: {
    bool Frozen = T.Frozen || InFrozen;
    std::string Out = Frozen ? "frozen<" : "";
    Out += T.Kind == CqlType::List  ? "list<"
           : T.Kind == CqlType::Set ? "set<"
                                    : "map<";
    for (size_t I = 0; I < T.Params.size(); ++I) {
      std::optional<std::string> P = rawText(T.Params[I], Frozen, Flavor);
      if (!P)
        return std::nullopt;
      if (I)
        Out += ", ";
      Out += *P;
    }
    Out += ">";
    if (Frozen)
      Out += ">";
    return Out;
  }
  case CqlType::Tuple: {
    std::string Out = "tuple<";
    for (size_t I = 0; I < T.Params.size(); ++I) {
      std::optional<std::string> P = rawText(T.Params[I], true, Flavor);
      if (!P)
        return std::nullopt;
      if (I)
        Out += ", ";
      Out += *P;
    }
    return Out + ">";
  }
  case CqlType::Vector:
  case CqlType::Custom:
    break;
  }
  return std::nullopt;
}

/// "<what>: <the type>", when the type prints; a refusal whose type does
/// not print is still a refusal, but its words are not known (nothing).
std::optional<std::string> refuse(const char *What, const CqlType &T,
                                  bool InFrozen, CqlFlavor Flavor) {
  std::optional<std::string> Text = rawText(T, InFrozen, Flavor);
  if (!Text)
    return std::nullopt;
  std::string Out = What;
  Out += ": ";
  Out += *Text;
  return Out;
}

std::optional<std::string> cassandraError(const CqlType &T, bool InFrozen);
std::optional<std::string> scyllaError(const CqlType &T, bool InFrozen);

std::optional<std::string> tupleError(const CqlType &T, CqlFlavor Flavor) {
  for (const CqlType &E : T.Params) {
    if (E.isCounter())
      return std::string("Counters are not allowed inside tuples");
    std::optional<std::string> Err = Flavor == CqlFlavor::ScyllaDb
                                         ? scyllaError(E, true)
                                         : cassandraError(E, true);
    if (Err)
      return Err;
  }
  return std::nullopt;
}

std::optional<std::string> cassandraError(const CqlType &T, bool InFrozen) {
  const CqlFlavor C = CqlFlavor::Cassandra;
  if (T.Kind == CqlType::Tuple)
    return tupleError(T, C);
  if (!T.isCollection() || T.Params.empty())
    return std::nullopt;
  bool Frozen = T.Frozen || InFrozen;
  const CqlType &Values = T.Params.back();
  const CqlType *Keys =
      T.Kind == CqlType::Map && T.Params.size() == 2 ? &T.Params[0] : nullptr;
  auto Unfrozen = [&](const CqlType &Part) {
    return refuse(Part.isCollection()
                      ? "Non-frozen collections are not allowed inside "
                        "collections"
                      : "Non-frozen UDTs are not allowed inside collections",
                  T, InFrozen, C);
  };
  if (!Frozen && unfrozenPart(Values))
    return Unfrozen(Values);
  if (Values.isCounter())
    return refuse("Counters are not allowed inside collections", T, InFrozen,
                  C);
  if (isNative(Values, "duration") && T.Kind == CqlType::Set)
    return refuse("Durations are not allowed inside sets", T, InFrozen, C);
  if (Keys) {
    if (Keys->isCounter())
      return refuse("Counters are not allowed inside collections", T, InFrozen,
                    C);
    if (isNative(*Keys, "duration"))
      return refuse("Durations are not allowed as map keys", T, InFrozen, C);
    if (!Frozen && unfrozenPart(*Keys))
      return Unfrozen(*Keys);
  }
  if (std::optional<std::string> E = cassandraError(Values, Frozen))
    return E;
  return Keys ? cassandraError(*Keys, Frozen) : std::nullopt;
}

std::optional<std::string> scyllaError(const CqlType &T, bool InFrozen) {
  const CqlFlavor S = CqlFlavor::ScyllaDb;
  if (T.Kind == CqlType::Tuple)
    return tupleError(T, S);
  if (!T.isCollection() || T.Params.empty())
    return std::nullopt;
  bool Frozen = T.Frozen || InFrozen;
  const CqlType &Values = T.Params.back();
  const CqlType *Keys =
      T.Kind == CqlType::Map && T.Params.size() == 2 ? &T.Params[0] : nullptr;
  if (Values.isCounter())
    return refuse("Counters are not allowed inside collections", T, InFrozen,
                  S);
  // do_prepare: the parts, with the set and map-key duration checks.
  if (T.Kind == CqlType::Set && isNative(Values, "duration"))
    return refuse("Durations are not allowed inside sets", T, InFrozen, S);
  if (Keys) {
    if (isNative(*Keys, "duration"))
      return refuse("Durations are not allowed as map keys", T, InFrozen, S);
    if (std::optional<std::string> E = scyllaError(*Keys, Frozen))
      return E;
  }
  if (std::optional<std::string> E = scyllaError(Values, Frozen))
    return E;
  if (!Frozen && (unfrozenPart(Values) || (Keys && unfrozenPart(*Keys))))
    return refuse("Non-frozen user types or collections are not allowed "
                  "inside collections",
                  T, InFrozen, S);
  return std::nullopt;
}

} // namespace

std::optional<std::string> columnTypeError(const CqlType &T, CqlFlavor Flavor) {
  return Flavor == CqlFlavor::ScyllaDb ? scyllaError(T, false)
                                       : cassandraError(T, false);
}

} // namespace nosqlint::schema
