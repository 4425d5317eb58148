//===- FuzzSupport.h - Shared pieces of the libFuzzer targets ---*- C++ -*-===//
//
// Every target registers its input as an in-memory file, runs one input
// surface, then sorts and renders the diagnostics (so every SourceRange a
// module produced is resolved against the text, as the real run does).
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_FUZZ_FUZZSUPPORT_H
#define NOSQLINT_FUZZ_FUZZSUPPORT_H

#include "nosqlint/Basic/SourceManager.h"
#include "nosqlint/Basic/TextOrigin.h"
#include "nosqlint/Cql/Parser.h"
#include "nosqlint/Diag/DiagnosticEngine.h"
#include "nosqlint/Diag/Emitters.h"
#include "nosqlint/Schema/CqlSchemaBuilder.h"
#include "nosqlint/Schema/DynamoSchema.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/ConvertUTF.h"
#include "llvm/Support/raw_ostream.h"

#include <cstddef>
#include <cstdint>

namespace nosqlint::fuzz {

inline llvm::StringRef asText(const uint8_t *Data, size_t Size) {
  return llvm::StringRef(reinterpret_cast<const char *>(Data), Size);
}

/// Whether the driver would hand \p Text to a module at all: it refuses
/// files with NUL bytes or invalid UTF-8 before any parser sees them
/// (src/driver/FileReader.cpp). Targets whose input is a whole file use it;
/// the CQL targets do not, since a CQL text rebuilt from a host string's
/// escapes may hold any bytes.
inline bool driverWouldRead(llvm::StringRef Text) {
  if (Text.contains('\0'))
    return false;
  const auto *P = reinterpret_cast<const llvm::UTF8 *>(Text.data());
  const auto *End = P + Text.size();
  while (P < End) {
    unsigned Len = llvm::getNumBytesForUTF8(*P);
    if (Len > static_cast<size_t>(End - P) ||
        !llvm::isLegalUTF8Sequence(P, P + Len))
      return false;
    P += Len;
  }
  return true;
}

/// Sorts the diagnostics and renders them as text and SARIF into nowhere.
/// Traps unless every offset of a rebuilt text \p Origin maps into \p Text
/// (its \p Size bytes and one past them), never backwards.
inline void trapUnlessMapsForward(const TextOrigin &Origin, size_t Size,
                                  llvm::StringRef Text) {
  uint32_t Prev = 0;
  for (uint32_t I = 0; I <= Size; ++I) {
    uint32_t Off = Origin.toFileOffset(I);
    if (Off > Text.size() || Off < Prev)
      __builtin_trap();
    Prev = Off;
  }
}

/// Traps unless every offset of a rebuilt text \p Origin, and every one-byte
/// range of it, maps into \p Text. For texts with substitutions: a shell or
/// make variable set once stands for its value where that is written, which
/// may be earlier in the file, so the mapping may step backwards there.
inline void trapUnlessMapsIntoFile(const TextOrigin &Origin, size_t Size,
                                   llvm::StringRef Text) {
  for (uint32_t I = 0; I <= Size; ++I) {
    if (Origin.toFileOffset(I) > Text.size())
      __builtin_trap();
    if (I < Size) {
      SourceRange R = Origin.toFileRange(I, I + 1);
      if (R.Begin > R.End || R.End > Text.size())
        __builtin_trap();
    }
  }
}

inline void renderAll(const DiagnosticEngine &Diags, const SourceManager &SM) {
  auto Sorted = Diags.sorted(SM);
  RunSummary Summary = summarize(Sorted, {});
  llvm::raw_null_ostream Null;
  emitText(Sorted, SM, Summary, EmitOptions(), Null);
  emitSarif(Sorted, SM, Summary, EmitOptions(), Null);
}

/// A fixed DynamoDB table for the request targets: a composite key, a
/// KEYS_ONLY GSI and an LSI.
inline constexpr llvm::StringLiteral FixedDynamoTable = R"json({
  "TableName": "Orders",
  "AttributeDefinitions": [
    {"AttributeName": "pk", "AttributeType": "S"},
    {"AttributeName": "sk", "AttributeType": "S"},
    {"AttributeName": "status", "AttributeType": "S"},
    {"AttributeName": "created", "AttributeType": "N"}
  ],
  "KeySchema": [
    {"AttributeName": "pk", "KeyType": "HASH"},
    {"AttributeName": "sk", "KeyType": "RANGE"}
  ],
  "GlobalSecondaryIndexes": [{
    "IndexName": "by_status",
    "KeySchema": [{"AttributeName": "status", "KeyType": "HASH"},
                  {"AttributeName": "created", "KeyType": "RANGE"}],
    "Projection": {"ProjectionType": "KEYS_ONLY"}
  }],
  "LocalSecondaryIndexes": [{
    "IndexName": "by_created",
    "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"},
                  {"AttributeName": "created", "KeyType": "RANGE"}],
    "Projection": {"ProjectionType": "ALL"}
  }],
  "BillingMode": "PAY_PER_REQUEST"
})json";

inline void buildFixedDynamoSchema(SourceManager &SM, DynamoCatalog &Catalog,
                                   DiagnosticEngine &Diags) {
  FileId File = SM.addText(FixedDynamoTable, "orders.json");
  loadDynamoSchema(File, SM.text(File), Catalog, Diags);
}

/// A small fixed schema for the CQL targets: one keyspace, a table with a
/// composite partition key and clustering columns, collections, an index and
/// a materialized view.
inline constexpr llvm::StringLiteral FixedCqlSchema = R"cql(
CREATE KEYSPACE shop WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1};
USE shop;
CREATE TYPE address (street text, city text, zip int);
CREATE TABLE orders (
  customer_id uuid, bucket int, order_time timeuuid, status text,
  total decimal, tags set<text>, items map<text, int>, notes list<text>,
  home frozen<address>, counter_free int static,
  PRIMARY KEY ((customer_id, bucket), order_time, status)
) WITH CLUSTERING ORDER BY (order_time DESC, status ASC);
CREATE INDEX orders_by_status ON orders (status);
CREATE TABLE users (id uuid PRIMARY KEY, email text, name text, age int);
CREATE TABLE page_views (page text, day date, views counter, PRIMARY KEY ((page, day)));
CREATE MATERIALIZED VIEW users_by_email AS SELECT * FROM users
  WHERE email IS NOT NULL AND id IS NOT NULL PRIMARY KEY (email, id);
)cql";

/// Parses \p Schema into \p Catalog (diagnostics go to \p Diags).
inline void buildFixedSchema(SourceManager &SM, schema::CqlCatalog &Catalog,
                             DiagnosticEngine &Diags) {
  FileId File = SM.addText(FixedCqlSchema, "schema.cql");
  cql::Script S = cql::parseScript(SM.text(File), TextOrigin::identity(File),
                                   cql::ParseOptions(), Diags);
  schema::CqlSchemaBuilder Builder(Catalog, Diags);
  Builder.beginFile();
  for (const auto &St : S.Statements)
    Builder.apply(*St);
}

} // namespace nosqlint::fuzz

#endif
