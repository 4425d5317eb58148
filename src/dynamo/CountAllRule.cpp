//===- CountAllRule.cpp - count-all for Scan with Select COUNT ------------===//
//
// Select: COUNT returns no items but DynamoDB still reads (and bills) every
// item the Scan visits, page by page: counting a table is a full scan.
//
// Only a Select known to be COUNT counts.
//
//===----------------------------------------------------------------------===//
#include "CheckContext.h"

#include <fmt/format.h>

namespace nosqlint::dynamo {

void checkCountAll(const RequestContext &C) {
  const Request &R = C.R;
  const json::JsonValue *Sel = R.knownParam("Select");
  if (R.Op != Operation::Scan || !Sel || !Sel->isString() || Sel->Str != "COUNT")
    return;
  C.report(RuleId::CountAll, Sel->range(R.File),
           fmt::format("Select COUNT on a Scan reads every item of {} to count "
                       "them: the call is billed like reading the whole "
                       "table, 1 MB page after page",
                       C.target()))
      .note(SourceRange(),
            "keep the count in a counter item, updated with \"UpdateExpression\": "
            "\"ADD itemCount :one\" in the same TransactWriteItems as each "
            "put and delete");
}

} // namespace nosqlint::dynamo
