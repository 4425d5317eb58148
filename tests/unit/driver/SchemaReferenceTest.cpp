//===- SchemaReferenceTest.cpp - --schema is the schema, for reference -----===//
//
// A file given with --schema serves the checks and reports nothing of its
// own; a file given twice (as schema and input, or through two spellings)
// is one input, read once.
//
//===----------------------------------------------------------------------===//
#include "DriverTestSupport.h"

using namespace nosqlint;
using namespace nosqlint::test;

namespace {

/// A schema with a finding of its own: a partition key of two values.
constexpr const char *HotSchema =
    "CREATE TABLE ks.orders (status boolean, id int, PRIMARY KEY (status, id));\n"
    "CREATE TABLE ks.users (k int PRIMARY KEY, v int);\n";

size_t count(const std::string &Text, const std::string &Word) {
  size_t N = 0;
  for (size_t P = Text.find(Word); P != std::string::npos;
       P = Text.find(Word, P + 1))
    ++N;
  return N;
}

TEST(SchemaReference, ItsOwnFindingsDoNotFailTheRun) {
  TempDir D;
  DriverOptions O;
  O.Schemas = {D.write("db/schema.cql", HotSchema)};
  O.Inputs = {D.write("changed.cql", "SELECT v FROM ks.users WHERE k = ?;\n")};
  RunResult R = runOn(O);
  EXPECT_EQ(R.Exit, ExitClean) << R.Out;
  EXPECT_EQ(R.Out.find("hot-partition-key"), std::string::npos) << R.Out;
  // Audited as an input, it reports them.
  O.Inputs.push_back(D.path("db/schema.cql"));
  R = runOn(O);
  EXPECT_EQ(R.Exit, ExitFindings) << R.Out;
  EXPECT_EQ(count(R.Out, "[hot-partition-key]"), 1u) << R.Out;
}

TEST(SchemaReference, ItsQueriesAreCheckedAgainstItButNotReported) {
  TempDir D;
  DriverOptions O;
  O.Schemas = {D.write("db/schema.cql",
                       std::string(HotSchema) + "SELECT * FROM ks.users;\n")};
  O.Inputs = {D.write("q.cql", "SELECT * FROM ks.users;\n")};
  RunResult R = runOn(O);
  EXPECT_EQ(count(R.Out, "[full-scan]"), 1u) << R.Out;
  EXPECT_NE(R.Out.find("q.cql"), std::string::npos) << R.Out;
}

TEST(SchemaReference, APathGivenAsSchemaAndInputIsOneInput) {
  TempDir D;
  std::string Db = D.write("app/db/schema.cql", HotSchema);
  D.write("app/q.cql", "SELECT * FROM ks.users;\n");
  DriverOptions Alone;
  Alone.Inputs = {D.path("app")};
  RunResult A = runOn(Alone);
  // `--schema app/ app/` is `app/`: every finding once.
  DriverOptions Both = Alone;
  Both.Schemas = {D.path("app")};
  RunResult B = runOn(Both);
  EXPECT_EQ(A.Out, B.Out);
  EXPECT_EQ(count(B.Out, "[full-scan]"), 1u) << B.Out;
  // `--schema app/db/ app/` (another spelling of the same files): the
  // schema file once, under the spelling given first.
  DriverOptions Spelled;
  Spelled.Schemas = {D.path("app/db")};
  Spelled.Inputs = {D.path("app") + "/./"};
  RunResult C = runOn(Spelled);
  EXPECT_EQ(count(C.Out, "[hot-partition-key]"), 1u) << C.Out;
  EXPECT_EQ(count(C.Out, "already exists"), 0u) << C.Out;
  EXPECT_NE(C.Out.find("in 2 files"), std::string::npos) << C.Out;
  (void)Db;
}

} // namespace
