//===- FunctionTypesTest.cpp - Cassandra's FunctionResolver, modelled ------===//
//
// src/check/FunctionTypes: one candidate (argument count and types), several
// (none match, ambiguous), the result against its receiver, and what is left
// alone (unknown functions, numeric widenings, arguments of unknown type).
//
//===----------------------------------------------------------------------===//
#include "FunctionTypes.h"

#include "CqlBuilders.h"
#include "LiteralTypes.h"

#include <gtest/gtest.h>

using namespace nosqlint;
using namespace nosqlint::cql;
using namespace nosqlint::check;

namespace {

using namespace nosqlint::cql::test;

std::string error(const Term &Call, const char *Receiver) {
  CqlType R = nativeType(Receiver);
  return functionCallError(Call.Text, termArguments(Call), &R, "c")
      .value_or("");
}

FunctionArgument column(const CqlType &Type, const char *Name) {
  FunctionArgument A;
  A.Kind = FunctionArgument::Column;
  A.Type = &Type;
  A.Text = Name;
  return A;
}

TEST(FunctionTypes, OneCandidate) {
  EXPECT_EQ(error(call("mintimeuuid", {}), "timeuuid"),
            "Invalid number of arguments in call to function "
            "system.mintimeuuid: 1 required but 0 provided");
  EXPECT_EQ(error(call("mintimeuuid", {literal(Term::Float, "1.5")}),
                  "timeuuid"),
            "Type error: 1.5 cannot be passed as argument 0 of function "
            "system.mintimeuuid of type timestamp");
  EXPECT_EQ(error(call("mintimeuuid", {literal(Term::String, "'2013-01-01'")}),
                  "timeuuid"),
            "");
  EXPECT_EQ(error(call("textasblob", {literal(Term::Integer, "5")}), "blob"),
            "Type error: 5 cannot be passed as argument 0 of function "
            "system.textasblob of type text");
}

TEST(FunctionTypes, ResultAgainstReceiver) {
  EXPECT_EQ(error(call("now", {}), "timestamp"),
            "Type error: cannot assign result of function system.now (type "
            "timeuuid) to c (type timestamp)");
  EXPECT_EQ(error(call("now", {}), "uuid"), ""); // uuid takes timeuuid
  EXPECT_EQ(error(call("now", {}), "blob"), "");  // blob takes anything
  EXPECT_EQ(error(call("uuid", {}), "timeuuid"), ""); // not known
  EXPECT_EQ(error(call("totimestamp", {call("now", {})}), "timestamp"), "");
  EXPECT_EQ(error(call("totimestamp", {call("now", {})}), "bigint"), "");
}

TEST(FunctionTypes, SeveralCandidates) {
  EXPECT_EQ(error(call("totimestamp", {marker()}), "timestamp"),
            "Ambiguous call to function totimestamp (can be matched by "
            "following signatures: system.totimestamp : (timeuuid) -> "
            "timestamp, system.totimestamp : (date) -> timestamp): use type "
            "casts to disambiguate");
  EXPECT_EQ(error(call("totimestamp", {call("now", {})}), "text"),
            "Invalid call to function totimestamp, none of its type "
            "signatures match (known type signatures: system.totimestamp : "
            "(timeuuid) -> timestamp, system.totimestamp : (date) -> "
            "timestamp)");
  // Numeric widenings are not known: abs(1) into an int stays alone.
  EXPECT_EQ(error(call("abs", {literal(Term::Integer, "1")}), "int"), "");
  EXPECT_EQ(error(call("abs", {marker()}), "int"), "");
}

TEST(FunctionTypes, Selectors) {
  CqlType Text = nativeType("text"), Ts = nativeType("timestamp");
  EXPECT_EQ(functionCallError("todate", {column(Text, "name")}, nullptr, "")
                .value_or(""),
            "Invalid call to function todate, none of its type signatures "
            "match (known type signatures: system.todate : (timeuuid) -> "
            "date, system.todate : (timestamp) -> date)");
  EXPECT_FALSE(functionCallError("todate", {column(Ts, "ts")}, nullptr, ""));
  EXPECT_EQ(functionCallError("intasblob", {column(Text, "name")}, nullptr, "")
                .value_or(""),
            "Type error: name cannot be passed as argument 0 of function "
            "system.intasblob of type int");
  FunctionArgument Unknown;
  EXPECT_FALSE(functionCallError("todate", {Unknown}, nullptr, ""));
  EXPECT_FALSE(functionCallError("mydate", {column(Text, "name")}, nullptr, ""));
  // count, min and max are FunctionFactory functions (any one argument).
  EXPECT_TRUE(isModeledFunction("count"));
  EXPECT_FALSE(functionCallError("max", {column(Text, "name")}, nullptr, ""));
  EXPECT_EQ(functionCallError("max", {}, nullptr, ""),
            "Invalid number of arguments for function system.max(any)");
  EXPECT_FALSE(isModeledFunction("mydate"));
  EXPECT_TRUE(isModeledFunction("system.to_unix_timestamp"));
}

} // namespace
