//===- QueriesCommandTest.cpp - `nosqlint queries` ------------------------===//
#include "nosqlint/Driver/Driver.h"

#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

using namespace nosqlint;

namespace {

const std::string Fixtures = NOSQLINT_SOURCE_DIR "/tests/fixtures/host";

std::string queries(const std::string &Input, OutputFormat Format,
                    int *Exit = nullptr) {
  DriverOptions O;
  O.Inputs = {Fixtures + "/" + Input};
  O.Schemas = {Fixtures + "/schema"};
  O.ListQueries = true;
  O.Format = Format;
  std::string Out, Err;
  llvm::raw_string_ostream OS(Out), ES(Err);
  int E = runDriver(O, OS, ES);
  if (Exit)
    *Exit = E;
  OS.flush();
  return Out;
}

TEST(QueriesCommand, TextListsEveryQueryWithItsKeys) {
  int Exit = -1;
  std::string Out = queries("java/Styles.java", OutputFormat::Text, &Exit);
  EXPECT_EQ(Exit, ExitClean);
  // A write that pins the whole primary key.
  EXPECT_NE(Out.find("Styles.java:66:22: cql INSERT shop.orders "
                     "partition-key=user_id clustering=order_id\n"
                     "    INSERT INTO shop.orders (user_id, order_id, status) "
                     "VALUES (?, now(), 'open')\n"),
            std::string::npos)
      << Out;
  // A text block starts at its first keyword.
  EXPECT_NE(Out.find("Styles.java:38:9: cql SELECT shop.orders "
                     "partition-key=none\n"),
            std::string::npos)
      << Out;
  // A table from a variable is a hole.
  EXPECT_NE(Out.find("cql SELECT ? [table-unknown]\n    SELECT * FROM <?>\n"),
            std::string::npos)
      << Out;
  EXPECT_NE(Out.find("\n10 queries\n"), std::string::npos) << Out;
}

TEST(QueriesCommand, JsonIsValidAndComplete) {
  std::string Out = queries("python/styles.py", OutputFormat::Json);
  llvm::Expected<llvm::json::Value> V = llvm::json::parse(Out);
  ASSERT_TRUE(bool(V)) << llvm::toString(V.takeError());
  const llvm::json::Object *Root = V->getAsObject();
  ASSERT_NE(Root, nullptr);
  const llvm::json::Array *Qs = Root->getArray("queries");
  ASSERT_NE(Qs, nullptr);
  EXPECT_EQ(static_cast<int64_t>(Qs->size()), *Root->getInteger("count"));
  bool SawFString = false;
  for (const llvm::json::Value &Q : *Qs) {
    const llvm::json::Object *O = Q.getAsObject();
    ASSERT_NE(O, nullptr);
    EXPECT_EQ(*O->getString("dialect"), "cql");
    EXPECT_EQ(*O->getString("source"), "python");
    EXPECT_TRUE(O->getInteger("line").hasValue());
    if (O->getString("text")->startswith("SELECT * FROM shop.users WHERE email = ?")) {
      SawFString = true;
      EXPECT_EQ(*O->getString("table"), "shop.users");
      EXPECT_EQ(*O->getBoolean("partition_key_complete"), false);
    }
  }
  EXPECT_TRUE(SawFString) << Out;
}

} // namespace

namespace {

TEST(QueriesCommand, IndexesServingARead) {
  DriverOptions O;
  O.Inputs = {NOSQLINT_SOURCE_DIR "/corpus/chirp/app/moderation.py"};
  O.Schemas = {NOSQLINT_SOURCE_DIR "/schemas"};
  O.ListQueries = true;
  std::string Out, Err;
  llvm::raw_string_ostream OS(Out), ES(Err);
  EXPECT_EQ(runDriver(O, OS, ES), ExitClean);
  OS.flush();
  EXPECT_NE(Out.find("cql SELECT chirp.channel_members partition-key=channel_id "
                     "index=channel_members_role_sai\n"),
            std::string::npos)
      << Out;
}

} // namespace
