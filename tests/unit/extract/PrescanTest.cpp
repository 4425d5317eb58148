//===- PrescanTest.cpp - The prescan never sets aside a file with a query -===//
//
// The prescan (CatalogGate.h) lets the driver skip the parse of files that
// cannot hold a query. Its one promise: whenever extraction finds a CQL
// string or a DynamoDB call in a file, the file is parsed (for a file alone
// in its tree: parsedWhenAlone). Checked on every host fixture, the example
// application and truncations of them; then what each gate rules out, so the
// promise is not kept by saying "maybe" to everything. The gates across
// files are PrescanTreeTest.cpp's.
//
//===----------------------------------------------------------------------===//
#include "nosqlint/Extract/CatalogGate.h"
#include "nosqlint/Extract/Extract.h"
#include "GocqlxQueries.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"

#include <gtest/gtest.h>

#include <algorithm>

using namespace nosqlint;
using namespace nosqlint::extract;

namespace {

std::vector<std::string> hostFiles(const std::string &Root) {
  std::vector<std::string> Files;
  std::error_code EC;
  for (llvm::sys::fs::recursive_directory_iterator It(Root, EC), End;
       It != End && !EC; It.increment(EC))
    if (hostLanguageForPath(It->path()))
      Files.push_back(It->path());
  std::sort(Files.begin(), Files.end());
  return Files;
}

bool parsedAlone(HostLanguage Lang, llvm::StringRef Text) {
  return parsedWhenAlone(prescanHostFile(Lang, Text));
}

PrescanResult::Verdict verdict(HostLanguage Lang, llvm::StringRef Text) {
  return prescanHostFile(Lang, Text).Result;
}

bool findsSomething(HostLanguage Lang, llvm::StringRef Text) {
  FileExtraction X = extractFile(Lang, FileId{1}, Text);
  return !X.Snippets.empty() || !X.DynamoCalls.empty();
}

} // namespace

TEST(Prescan, NeverSetsAsideAFileWithAQuery) {
  std::vector<std::string> Files;
  for (const char *Dir : {"/tests/fixtures/host", "/tests/fixtures/host-dynamo",
                          "/corpus/chirp"}) {
    std::vector<std::string> F = hostFiles(NOSQLINT_SOURCE_DIR + std::string(Dir));
    Files.insert(Files.end(), F.begin(), F.end());
  }
  ASSERT_GE(Files.size(), 45u);
  unsigned WithQueries = 0, Checked = 0;
  for (const std::string &Path : Files) {
    auto Buf = llvm::MemoryBuffer::getFile(Path);
    ASSERT_TRUE(bool(Buf)) << Path;
    std::string Src = (*Buf)->getBuffer().str();
    HostLanguage Lang = *hostLanguageForPath(Path);
    if (findsSomething(Lang, Src)) {
      ++WithQueries;
      EXPECT_TRUE(mayHoldQueries(Lang, Src)) << Path;
      EXPECT_TRUE(parsedAlone(Lang, Src)) << Path;
    }
    // Truncated anywhere, a file may lose its query, never gain one the
    // prescan misses.
    for (size_t Cut = 1; Cut < 16; ++Cut) {
      std::string Part = Src.substr(0, Src.size() * Cut / 16);
      ++Checked;
      if (findsSomething(Lang, Part)) {
        EXPECT_TRUE(parsedAlone(Lang, Part))
            << Path << " cut at " << Part.size();
      }
    }
  }
  EXPECT_GE(WithQueries, 40u);
  EXPECT_GE(Checked, 700u);
}

TEST(Prescan, KeywordsWhereAStringCanBegin) {
  struct Case {
    HostLanguage Lang;
    const char *Src;
  } Cases[] = {
      {HostLanguage::Java, "class A { String q = \"SELECT * FROM t\"; }"},
      {HostLanguage::Java, "class A { String q = \"\\nselect * from t\"; }"},
      {HostLanguage::Java, "String q = \"\"\"\n    -- by user\n    SELECT *\n    FROM t\"\"\";"},
      {HostLanguage::Python, "s.execute('Select * From t')"},
      {HostLanguage::Python, "s.execute(\"\"\"\n  list roles\"\"\")"},
      {HostLanguage::Python, "s.execute(\"\"\"\n  -- who\n  list roles\"\"\")"},
      {HostLanguage::Java, "s.execute(\"-- who\\nList roles\");"},
      {HostLanguage::Go, "q := `INSERT INTO t (k) VALUES (?)`"},
      {HostLanguage::JavaScript, "const q = `UPDATE t SET v = 1 WHERE k = ?`;"},
      {HostLanguage::CSharp, "var q = @\"DELETE FROM t WHERE k = 1\";"},
      {HostLanguage::Kotlin, "val q = \"/* hint */SELECT * FROM t\""},
      {HostLanguage::Scala, "session.execute(\"USE ks\")"},
      // A margin that stripMargin / trimMargin removes.
      {HostLanguage::Kotlin, "s.execute(\"\"\"\n    |SELECT * FROM t\"\"\".trimMargin())"},
      {HostLanguage::Scala, "s.execute(\"\"\"\n  #DELETE FROM t\"\"\".stripMargin('#'))"},
      // Query builder chains and mapper entities.
      {HostLanguage::Java, "import static com.datastax.oss.driver.api.querybuilder.QueryBuilder.*;"},
      // Escapes that may spell letters: not searchable as words.
      {HostLanguage::Java, "String q = \"\\u0053ELECT * FROM t\";"},
      {HostLanguage::Python, "q = '\\x53ELECT * FROM t'"},
      // The DynamoDB SDKs.
      {HostLanguage::Python, "import boto3\nt = boto3.resource('dynamodb')"},
      {HostLanguage::TypeScript, "import { QueryCommand } from '@aws-sdk/lib-dynamodb';"},
      {HostLanguage::Java, "import software.amazon.awssdk.services.dynamodb.model.QueryRequest;"},
      {HostLanguage::Go, "import \"github.com/aws/aws-sdk-go-v2/service/dynamodb\""},
      {HostLanguage::CSharp, "using Amazon.DynamoDBv2.Model;"},
  };
  for (const Case &C : Cases)
    EXPECT_TRUE(mayHoldQueries(C.Lang, C.Src)) << C.Src;
}

TEST(Prescan, CodeWithoutQueriesIsSetAside) {
  struct Case {
    HostLanguage Lang;
    const char *Src;
  } Cases[] = {
      {HostLanguage::Java,
       "import java.util.List;\nclass A {\n  List<String> names;\n"
       "  void update(int x) { repo.delete(x); cache.create(x); }\n"
       "  String desc() { return \"a user\"; }\n}\n"},
      {HostLanguage::Python,
       "class Repo:\n    def update(self, x):\n        self.items.select(x)\n"
       "        return list(x)\n"},
      {HostLanguage::Go, "package m\nfunc Delete(k string) error { return drop(k) }\n"},
      {HostLanguage::JavaScript, "function begin(x) { return x.update(); }\n"},
      {HostLanguage::CSharp, "class A { void Select() { items.Insert(1); } }"},
      // Words that contain a keyword are not the keyword.
      {HostLanguage::Java, "class A { String s = \"selection updated\"; int dropped; }"},
      // A lower-case USE or TRUNCATE only counts where a string begins.
      {HostLanguage::Kotlin, "fun f() { val users = 1; use(x) }"},
      // Keywords in comments and prose, mid-line.
      {HostLanguage::Java, "class A {\n  // update the cache, then select the best\n"
                           "  /** Deletes a user. */ void f() {}\n}\n"},
      // Whole call arguments that are not statements as extraction reads
      // them: not a driver call, or not the words a statement needs.
      {HostLanguage::Java, "class A { void f() { repo.create(item, \"select a user\"); "
                           "throw new IllegalStateException(\"update failed\"); } }"},
      {HostLanguage::Python, "raise ValueError('delete refused')\nlog.info('Insert done')\n"},
      {HostLanguage::JavaScript, "'use strict';\nconst x = require('y');\n"},
  };
  for (const Case &C : Cases) {
    EXPECT_FALSE(mayHoldQueries(C.Lang, C.Src)) << C.Src;
    EXPECT_FALSE(findsSomething(C.Lang, C.Src)) << C.Src;
  }
}

TEST(Prescan, ACassandraLibraryPassesTheCatalogGate) {
  struct Case {
    HostLanguage Lang;
    const char *Src;
  } Cases[] = {
      {HostLanguage::Go, "import \"github.com/gocql/gocql\"\n"
                         "func f(s *gocql.Session) { s.Query(\"SELECT * FROM t\") }\n"},
      {HostLanguage::Java, "import com.datastax.oss.driver.api.core.CqlSession;\n"
                           "class A { String q = \"SELECT * FROM t\"; }\n"},
      {HostLanguage::Python, "from cassandra.cluster import Cluster\n"
                             "q = 'SELECT * FROM t'\n"},
      // A qualified name, no import: the resolver follows it too.
      {HostLanguage::Java, "class A { com.datastax.driver.core.Session s;\n"
                           "  void f() { s.execute(\"SELECT * FROM t\"); } }\n"},
  };
  for (const Case &C : Cases) {
    PrescanResult R = prescanHostFile(C.Lang, C.Src);
    EXPECT_EQ(R.Result, PrescanResult::Parse) << C.Src;
    EXPECT_TRUE(R.CassandraLibrary) << C.Src;
  }
  // The Cassandra library alone, without a statement, is not enough.
  EXPECT_EQ(verdict(HostLanguage::Go, "import \"github.com/gocql/gocql\"\n"
                                      "func f() { log(\"started\") }\n"),
            PrescanResult::SetAside);
}

TEST(Prescan, StatementsOfFilesWithoutACassandraLibraryWaitForTheirTree) {
  // SQL: its strings are never CQL, whatever its neighbours are.
  const char *Jdbc = "import java.sql.Connection;\n"
                     "class A { void f(Connection c) throws Exception {\n"
                     "  c.prepareStatement(\"SELECT x FROM y\"); } }\n";
  EXPECT_TRUE(findsSomething(HostLanguage::Java,
                             "import com.datastax.oss.driver.api.core.CqlSession;\n"
                             "class A { String q = \"SELECT x FROM y\"; }\n"));
  EXPECT_FALSE(findsSomething(HostLanguage::Java, Jdbc));
  PrescanResult R = prescanHostFile(HostLanguage::Java, Jdbc);
  EXPECT_EQ(R.Result, PrescanResult::IfOwnedNearby);
  EXPECT_TRUE(R.Use.Sql);
  EXPECT_FALSE(R.CassandraLibrary);
  EXPECT_FALSE(parsedWhenAlone(R));
  const char *Python = "import psycopg2\nq = 'SELECT x FROM y'\n";
  EXPECT_FALSE(findsSomething(HostLanguage::Python, Python));
  EXPECT_FALSE(parsedAlone(HostLanguage::Python, Python));
  // No database library at all: its directory decides; alone, the shape.
  const char *Constants = "class Q { static final String ALL = \"SELECT * FROM t\"; }\n";
  EXPECT_EQ(verdict(HostLanguage::Java, Constants), PrescanResult::IfOwnedNearby);
  EXPECT_TRUE(parsedAlone(HostLanguage::Java, Constants));
  EXPECT_TRUE(findsSomething(HostLanguage::Java, Constants));
}

TEST(Prescan, AnEscapeDoesNotPassAFileByItself) {
  // It may spell a keyword: the text gate passes, the catalog gate decides.
  const char *Spelled = "import psycopg2\nq = '\\x53ELECT * FROM t'\n";
  EXPECT_EQ(verdict(HostLanguage::Python, Spelled), PrescanResult::IfOwnedNearby);
  EXPECT_FALSE(parsedAlone(HostLanguage::Python, Spelled));
  EXPECT_EQ(verdict(HostLanguage::Python,
                    "import cassandra\nq = '\\x53ELECT * FROM t'\n"),
            PrescanResult::Parse);
  // Escapes that spell no letter and no blank spell no keyword.
  struct Case {
    HostLanguage Lang;
    const char *Src;
  } Cases[] = {
      {HostLanguage::Java, "class A { String s = \"caf\\u00e9 \\u2019\"; }"},
      {HostLanguage::Python, "b = b'\\x00\\xff\\x7f'\nr = '\\0'\n"},
      {HostLanguage::JavaScript, "const s = '\\u{1F600}';"},
      {HostLanguage::Go, "var s = \"\\033[0m\"\n"},
  };
  for (const Case &C : Cases) {
    EXPECT_EQ(verdict(C.Lang, C.Src), PrescanResult::SetAside) << C.Src;
    EXPECT_FALSE(findsSomething(C.Lang, C.Src)) << C.Src;
  }
  // A letter or a blank spelled with an escape is a maybe.
  for (const char *Src : {"s = '\\u0053ELECT * FROM t'", "s = '\\123ELECT * FROM t'",
                          "s = '\\x20SELECT * FROM t'", "s = '\\N{LATIN CAPITAL LETTER S}'"})
    EXPECT_TRUE(mayHoldStatementText(HostLanguage::Python, Src)) << Src;
}

TEST(Prescan, AStringReadAsItStandsNeedsItsCompanionWord) {
  struct Case {
    HostLanguage Lang;
    const char *Src;
  } Rejected[] = {
      {HostLanguage::Go, "func f(m string) bool { return m == \"DELETE\" }\n"},
      {HostLanguage::Go, "switch m {\ncase \"DELETE\", \"UPDATE\":\n}\n"},
      {HostLanguage::Java, "switch (order) { case \"DESC\": break; }"},
      {HostLanguage::Python, "if \"SELECT\" != kind:\n    pass\n"},
      {HostLanguage::Python, "routes = {\"DELETE\": remove, \"UPDATE\": change}\n"},
      {HostLanguage::JavaScript, "if (req.method === 'DELETE') {}"},
      {HostLanguage::Python, "if name == 'Select all rows from the list':\n    pass\n"},
  };
  for (const Case &C : Rejected) {
    EXPECT_FALSE(mayHoldStatementText(C.Lang, C.Src)) << C.Src;
    EXPECT_FALSE(findsSomething(C.Lang, C.Src)) << C.Src;
  }
  // With its companion word, or where it is only a part, a maybe: a
  // statement's first word where the string is concatenated, passed on or
  // assigned to a name that a later line may extend.
  Case Kept[] = {
      {HostLanguage::Go, "switch q {\ncase \"SELECT * FROM t\":\n}\n"},
      {HostLanguage::Java, "if (q == \"UPDATE t SET v = 1 WHERE k = 0\") {}"},
      {HostLanguage::Python, "m = {\"BEGIN BATCH INSERT INTO t (k) VALUES (1) APPLY BATCH\": 1}\n"},
      {HostLanguage::Python, "m = {\"CREATE TABLE t (k int PRIMARY KEY)\": 1}\n"},
      {HostLanguage::Java, "if (q == \"SELECT \" + COLUMNS) {}"},
      {HostLanguage::Go, "const base = \"DELETE\"\n"},
      {HostLanguage::Python, "x = {'k': 'DELETE'}\n"},
  };
  for (const Case &C : Kept)
    EXPECT_TRUE(mayHoldStatementText(C.Lang, C.Src)) << C.Src;
}

// mayCallGocqlxTable reads the text once; it must say what a search for
// each method call would say.
TEST(Prescan, GocqlxTableCallsAreFoundInOnePass) {
  static const char *const Calls[] = {
      "GetQuery(",     "SelectQuery(",   "InsertQuery(",   "UpdateQuery(",
      "DeleteQuery(",  "GetBuilder(",    "SelectBuilder(", "InsertBuilder(",
      "UpdateBuilder(", "DeleteBuilder(", ".Get()",        ".Select()",
      ".SelectAll()",  ".Insert()",      ".Delete()"};
  auto Searched = [&](llvm::StringRef T) {
    return std::any_of(std::begin(Calls), std::end(Calls),
                       [&](const char *C) { return T.contains(C); });
  };
  std::vector<std::string> Texts = {
      "", "(", ")", "()", "q := t.Get()", "q := t.Get( )", "Get()",
      "x.Gets()", "t.SelectAll()\n", "t.Select(cols)", "users.GetQuery(cols)",
      "userTable.MyGetQuery(x)", "GetQuery (x)", "t.DeleteBuilder()",
      "func f() { return g(h(i())) }", "t.Insert()", "t.Insert", ".Delete(",
      "a.UpdateBuilder(\"x\").Set(\"y\")", "Query(", "Builder()"};
  for (const char *C : Calls)
    Texts.push_back(std::string("package p\nfunc f() {\n\tv.") + C + ")\n}\n");
  for (const std::string &T : Texts)
    EXPECT_EQ(extract::mayCallGocqlxTable(T), Searched(T)) << T;
}

TEST(Prescan, AConstantMayLendAKeywordWhenAWordOfItIsOne) {
  EXPECT_TRUE(mayLendStatementKeyword("SELECT * FROM ks.users"));
  EXPECT_TRUE(mayLendStatementKeyword("  -- all\nselect id from t"));
  EXPECT_TRUE(mayLendStatementKeyword("x; Update t SET a = 1"));
  EXPECT_TRUE(mayLendStatementKeyword("list")); // a keyword in any case
  EXPECT_TRUE(mayLendStatementKeyword("users_DELETE")); // a run of letters
  EXPECT_FALSE(mayLendStatementKeyword("ks.users"));
  EXPECT_FALSE(mayLendStatementKeyword("5"));
  EXPECT_FALSE(mayLendStatementKeyword("tenant@thingsboard.org"));
  EXPECT_FALSE(mayLendStatementKeyword("deadbeef-0001"));
  EXPECT_FALSE(mayLendStatementKeyword("ECT * FROM t")); // a part only
  EXPECT_FALSE(mayLendStatementKeyword(""));
  // Each of the keywords isStatementKeyword takes.
  for (const char *K : {"SELECT", "INSERT", "UPDATE", "DELETE", "BEGIN",
                        "APPLY", "CREATE", "ALTER", "DROP", "TRUNCATE", "USE",
                        "GRANT", "REVOKE", "LIST", "DESCRIBE", "DESC"})
    EXPECT_TRUE(mayLendStatementKeyword(std::string("x ") + K + " y")) << K;
}
