//===- DeterminismTest.cpp - Output never depends on thread timing --------===//
//
// Files are parsed and checked on several threads; what comes out must be
// the same on every run. Diagnostics are sorted, but a rule that reports
// once per table must also choose the same occurrence every time.
//
//===----------------------------------------------------------------------===//
#include "DriverTestSupport.h"

#include "llvm/ADT/StringExtras.h"

using namespace nosqlint;
using namespace nosqlint::test;

TEST(Determinism, NoSchemaNoteIsGivenAtTheFirstOccurrence) {
  TempDir Dir;
  // Forty files read the same table, which no schema declares: one note,
  // at the first file in path order, whichever thread meets it first.
  for (unsigned I = 0; I < 40; ++I) {
    std::string Name = I < 10 ? "q0" : "q";
    Name += std::to_string(I);
    Name += ".cql";
    std::string Text;
    // The first file reaches its reads of ks.t and ks.u last: a
    // first-come choice would put their notes in another file.
    if (I == 0)
      for (unsigned K = 0; K < 3000; ++K)
        Text += "SELECT v FROM ks.w WHERE k = 1;\n";
    Text += "SELECT v FROM ks.t WHERE k = ";
    Text += std::to_string(I);
    Text += ";\nSELECT v FROM ks.u WHERE k = 1;\n";
    Dir.write(Name, Text);
  }
  DriverOptions O;
  O.Inputs = {Dir.root()};
  O.Jobs = 8;
  O.FailOn = std::nullopt;
  std::string First;
  for (unsigned Run = 0; Run < 12; ++Run) {
    RunResult R = runOn(O);
    ASSERT_EQ(R.Exit, 0) << R.Err;
    if (Run == 0) {
      First = R.Out;
      continue;
    }
    ASSERT_EQ(R.Out, First) << "run " << Run;
  }
  llvm::SmallVector<llvm::StringRef, 8> Lines;
  llvm::StringRef(First).split(Lines, '\n');
  unsigned Notes = 0;
  for (llvm::StringRef L : Lines) {
    if (!L.contains("[no-schema]"))
      continue;
    ++Notes;
    EXPECT_TRUE(L.contains("q00.cql:")) << L.str();
  }
  EXPECT_EQ(Notes, 3u) << First; // ks.w, ks.t and ks.u
}

TEST(Determinism, DynamoDbFilesReadInParallelJoinInPathOrder) {
  // DynamoDB schema and request files are read on several threads and
  // join the catalog in path order: the output is that of a one-thread
  // run, whichever thread finishes first. The first file is the biggest
  // (its read ends last); the last defines a table twice.
  TempDir Dir;
  auto Table = [](llvm::StringRef Name, llvm::StringRef Type) {
    return "{\"TableName\": \"" + Name.str() +
           "\", \"KeySchema\": [{\"AttributeName\": \"pk\", \"KeyType\": "
           "\"HASH\"}], \"AttributeDefinitions\": [{\"AttributeName\": "
           "\"pk\", \"AttributeType\": \"" +
           Type.str() + "\"}], \"BillingMode\": \"PAY_PER_REQUEST\"}";
  };
  std::string Big = "[";
  for (unsigned K = 0; K < 2000; ++K)
    Big += Table("Filler" + std::to_string(K), "S") + ",\n";
  Dir.write("a-tables.json", Big + Table("Orders", "S") + "]\n");
  for (unsigned I = 0; I < 12; ++I)
    Dir.write("b" + std::to_string(10 + I) + "-request.json",
              "{\"operation\": \"Scan\", \"request\": {\"TableName\": "
              "\"Orders\"}}\n");
  Dir.write("c-tables.json",
            "[" + Table("Orders", "N") + ",\n" + Table("Orders", "B") + "]\n");
  DriverOptions O;
  O.Inputs = {Dir.root()};
  O.FailOn = std::nullopt;
  O.Jobs = 1;
  RunResult Serial = runOn(O);
  ASSERT_EQ(Serial.Exit, 0) << Serial.Err;
  O.Jobs = 8;
  for (unsigned Run = 0; Run < 8; ++Run) {
    RunResult R = runOn(O);
    ASSERT_EQ(R.Exit, 0) << R.Err;
    ASSERT_EQ(R.Out, Serial.Out) << "run " << Run;
  }
  size_t At = Serial.Out.find("Table already exists: Orders");
  ASSERT_NE(At, std::string::npos) << Serial.Out;
  size_t LineStart = Serial.Out.rfind('\n', At);
  llvm::StringRef Line = llvm::StringRef(Serial.Out)
                             .slice(LineStart == std::string::npos
                                        ? 0
                                        : LineStart + 1,
                                    At);
  EXPECT_TRUE(Line.contains("c-tables.json:2:")) << Line.str();
  EXPECT_EQ(llvm::StringRef(Serial.Out).count("[full-scan]"), 12u)
      << Serial.Out;
}
