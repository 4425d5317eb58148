//===- FullScanRule.cpp - full-scan for Scan ------------------------------===//
//
// A Scan reads every item of the table or index, whatever its filter keeps;
// a parallel Scan reads the same items faster, not cheaper. The message
// folds in the FilterExpression (it is applied after the read); the notes
// point at the key or index that would turn the lookup into a Query.
// A Scan is a full scan whatever is computed at run time (its table, index,
// filter); the message only mentions what is known.
//
// One exception: a single Scan call with a known Limit reads at most Limit
// items (DynamoDB stops after evaluating that many and returns
// LastEvaluatedKey), so `Limit: 1` probing a table is not a full scan. It
// still is when the request continues from ExclusiveStartKey (a loop over
// the pages) or is sent by a paginator, where Limit is only the page size.
//
//===----------------------------------------------------------------------===//
#include "CheckContext.h"
#include "Indexes.h"

#include <fmt/format.h>

namespace nosqlint::dynamo {

namespace {

/// One call that reads at most a known number of items.
bool readsOnePage(const Request &R) {
  const json::JsonValue *Limit = R.knownParam("Limit");
  return Limit && Limit->isNumber() && !R.EveryPage &&
         !R.param("ExclusiveStartKey");
}

} // namespace

void checkFullScan(const RequestContext &C) {
  const Request &R = C.R;
  if (R.Op != Operation::Scan || readsOnePage(R))
    return;
  std::string Message = fmt::format("Scan reads every item of {}", C.target());
  if (const json::JsonValue *T = R.knownParam("TotalSegments");
      T && T->isNumber())
    Message += fmt::format(" (a parallel scan in {} segments reads the same "
                           "items faster, not cheaper)",
                           T->Str);
  const Expression *F = R.expression(ExprKind::Filter);
  // A filter computed at run time may be absent at run time (undefined).
  if ((F && !F->Unknown) || R.knownParam("ScanFilter"))
    Message += "; its filter is applied after the read, so every item is "
               "read and billed before the filter drops it";
  Message += ": cost and latency grow with the table, not with the result";
  DiagnosticBuilder B = C.report(RuleId::FullScan, C.anchor(), Message);
  if (!F || !F->ok() || !F->Cond || !C.Table)
    return;
  for (const Lookup &L : lookupsOf(*F->Cond)) {
    if (L.NameUnknown)
      continue;
    KeyHome H = partitionKeyHome(*C.Table, L.Attribute);
    if (!H.Found || !L.Equality)
      continue;
    B.note(L.Range,
           fmt::format("'{}' is the partition key of {}: use Query with "
                       "\"KeyConditionExpression\": \"{} = :v\"{}",
                       L.Attribute, H.Index ? describeHome(H) : C.Table->Name,
                       L.Attribute,
                       H.Index ? ", \"IndexName\": \"" + H.Index->Name + "\""
                               : std::string()));
    return;
  }
}

} // namespace nosqlint::dynamo
