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
