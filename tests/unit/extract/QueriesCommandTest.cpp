//===- QueriesCommandTest.cpp - `nosqlint queries` ------------------------===//
#include "nosqlint/Driver/Driver.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

#include <tuple>
#include <vector>

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

/// The JSON listing's (source, line, text) of every query of \p Folder.
std::vector<std::tuple<std::string, int64_t, std::string>>
listed(const std::string &Folder) {
  std::vector<std::tuple<std::string, int64_t, std::string>> Out;
  llvm::Expected<llvm::json::Value> V =
      llvm::json::parse(queries(Folder, OutputFormat::Json));
  EXPECT_TRUE(bool(V));
  if (!V)
    return Out;
  for (const llvm::json::Value &Q : *V->getAsObject()->getArray("queries")) {
    const llvm::json::Object *O = Q.getAsObject();
    Out.emplace_back(O->getString("source")->str(), *O->getInteger("line"),
                     O->getString("text")->str());
  }
  return Out;
}

TEST(QueriesCommand, RepositoryAndMapperQueriesAreListedAsSuch) {
  auto Repos = listed("repositories");
  auto Has = [](const auto &L, const std::string &Source, int64_t Line,
                const std::string &Text) {
    return llvm::is_contained(L, std::make_tuple(Source, Line, Text));
  };
  // A derived method, through the @PrimaryKeyClass and with its ordering.
  EXPECT_TRUE(Has(Repos, "repository", 22,
                  "SELECT * FROM orders WHERE customer_id = ? ORDER BY placed "
                  "DESC LIMIT 10"));
  // A Pageable parameter: one page.
  EXPECT_TRUE(Has(Repos, "repository", 23,
                  "SELECT * FROM orders WHERE customer_id = ? LIMIT ?"));
  EXPECT_TRUE(Has(Repos, "repository", 37,
                  "SELECT * FROM orders WHERE state = ? AND total > ? ALLOW "
                  "FILTERING"));
  // An inherited method, at its call.
  EXPECT_TRUE(Has(Repos, "repository", 29, "SELECT COUNT(*) FROM customers"));
  EXPECT_TRUE(Has(Repos, "repository", 33, "TRUNCATE orders"));
  // The entity's table with its composite key, from two files.
  EXPECT_TRUE(Has(Repos, "java", 11,
                  "CREATE TABLE IF NOT EXISTS orders (customer_id uuid, placed "
                  "timestamp, state text, total decimal, PRIMARY KEY "
                  "(customer_id, placed)) WITH CLUSTERING ORDER BY (placed DESC)"));
  auto Daos = listed("mapper-daos");
  EXPECT_TRUE(Has(Daos, "mapper", 37,
                  "SELECT * FROM user_videos WHERE tag = :tag"));
  EXPECT_TRUE(Has(Daos, "mapper", 45,
                  "SELECT * FROM user_videos WHERE user_id = :u LIMIT 10"));
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

namespace {

TEST(QueriesCommand, EachFormatGoesToItsOutput) {
  // `queries --format json -o FILE --format full`: the JSON listing in the
  // file, the text listing on stdout, the same entries in both.
  llvm::SmallString<128> Dir;
  ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("nosqlint-queries", Dir));
  std::string File = std::string(Dir) + "/queries.json";
  DriverOptions O;
  O.Inputs = {Fixtures + "/python/styles.py"};
  O.Schemas = {Fixtures + "/schema"};
  O.ListQueries = true;
  O.Outputs = {{OutputFormat::Json, File}, {OutputFormat::Text, ""}};
  std::string Out, Err;
  llvm::raw_string_ostream OS(Out), ES(Err);
  EXPECT_EQ(runDriver(O, OS, ES), ExitClean) << Err;
  OS.flush();
  EXPECT_EQ(Out, queries("python/styles.py", OutputFormat::Text));
  auto Buffer = llvm::MemoryBuffer::getFile(File);
  ASSERT_TRUE(bool(Buffer));
  EXPECT_EQ((*Buffer)->getBuffer().str(),
            queries("python/styles.py", OutputFormat::Json));
  llvm::sys::fs::remove(File);
  llvm::sys::fs::remove(Dir);
}

} // namespace

namespace {

TEST(QueriesCommand, AnOpaqueStatementThatDoesNotParseIsPartial) {
  // `q += " WHERE .."` in a branch: the rest of the statement is one hole
  // standing for structure, which is where the parser stops.
  std::string Out = queries("java/Extended.java", OutputFormat::Json);
  llvm::Expected<llvm::json::Value> V = llvm::json::parse(Out);
  ASSERT_TRUE(bool(V)) << llvm::toString(V.takeError());
  bool Seen = false;
  for (const llvm::json::Value &Q : *V->getAsObject()->getArray("queries")) {
    const llvm::json::Object *O = Q.getAsObject();
    if (O->getInteger("line").getValueOr(0) != 13)
      continue;
    Seen = true;
    EXPECT_EQ(O->getString("status").getValueOr(""), "partial") << Out;
  }
  EXPECT_TRUE(Seen) << Out;
}

} // namespace
