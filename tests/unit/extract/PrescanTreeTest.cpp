//===- PrescanTreeTest.cpp - The prescan's gates across the files of a tree ===//
//
// A file whose strings read as statements but that uses no Cassandra library
// is parsed only where its tree lets its strings be CQL: its package holds a
// file that uses a Cassandra library (it may lend that file its constants),
// or the nearest code that imports a database library uses Cassandra alone.
// Whole runs of the driver: `nosqlint queries` lists what was kept, and
// --verbose counts the files the prescan let through.
//
//===----------------------------------------------------------------------===//
#include "../driver/DriverTestSupport.h"

using namespace nosqlint;
using nosqlint::test::RunResult;
using nosqlint::test::TempDir;

namespace {

RunResult listQueries(const TempDir &T) {
  DriverOptions O;
  O.Inputs = {T.path("")};
  O.ListQueries = true;
  O.Verbose = true;
  return test::runOn(O);
}

const char *const Jdbc =
    "package app;\nimport java.sql.Connection;\n"
    "class Jdbc { void f(Connection c) throws Exception {\n"
    "  c.prepareStatement(\"SELECT id FROM accounts\"); } }\n";

// A statement's start in a constants file, completed and sent by a file that
// holds no keyword.
const char *const Queries =
    "package app;\nclass Queries {\n"
    "  static final String ALL_USERS = \"SELECT * FROM ks.users\";\n}\n";
const char *const Dao =
    "package app;\nimport com.datastax.oss.driver.api.core.CqlSession;\n"
    "class Dao { CqlSession s;\n"
    "  void all() { s.execute(Queries.ALL_USERS + \" WHERE id = ?\"); } }\n";

} // namespace

TEST(PrescanTree, AConstantsFileOfAPackageThatUsesTheDriverIsParsed) {
  TempDir T;
  T.write("app/Queries.java", Queries);
  T.write("app/Dao.java", Dao);
  // A SQL file beside them: the directory's strings are not CQL by shape.
  T.write("app/Jdbc.java", Jdbc);
  RunResult R = listQueries(T);
  EXPECT_NE(R.Out.find("Dao.java:4:26: cql SELECT ks.users pinned=id"),
            std::string::npos)
      << R.Out << R.Err;
  EXPECT_EQ(R.Out.find("accounts"), std::string::npos) << R.Out;
  // Queries.java and Jdbc.java through their package (either may lend
  // Dao.java a constant); Dao.java, which holds no statement, for the
  // constant it uses.
  EXPECT_NE(R.Err.find("prescan: 2 of 3 host files passed, 1 more parsed"),
            std::string::npos)
      << R.Err;
}

TEST(PrescanTree, StatementsBesideSqlCodeOnlyAreNotParsed) {
  TempDir T;
  T.write("app/Jdbc.java", Jdbc);
  T.write("app/Queries.java", Queries);
  T.write("svc/Dao.java", Dao); // another package
  RunResult R = listQueries(T);
  EXPECT_EQ(R.Out.find("ks.users"), std::string::npos) << R.Out;
  EXPECT_NE(R.Err.find("prescan: 0 of 3 host files passed, 0 more parsed"),
            std::string::npos)
      << R.Err;
}

TEST(PrescanTree, StatementsBesideCassandraCodeOnlyAreParsed) {
  // No file of app/ imports a library: the nearest code that does (the
  // root's) uses Cassandra alone, so app/'s strings are CQL by their shape.
  TempDir T;
  T.write("app/Queries.java", Queries);
  T.write("Main.java", "import com.datastax.oss.driver.api.core.CqlSession;\n"
                       "class Main { CqlSession s; }\n");
  RunResult R = listQueries(T);
  EXPECT_NE(R.Out.find("SELECT * FROM ks.users"), std::string::npos)
      << R.Out << R.Err;
  EXPECT_NE(R.Err.find("prescan: 1 of 2 host files passed"), std::string::npos)
      << R.Err;
}

TEST(PrescanTree, ATreeWithoutDatabaseImportsFallsBackOnTheShape) {
  TempDir T;
  T.write("app/Queries.java", Queries);
  T.write("app/Util.java", "package app;\nclass Util { int n; }\n");
  RunResult R = listQueries(T);
  EXPECT_NE(R.Out.find("SELECT * FROM ks.users"), std::string::npos)
      << R.Out << R.Err;
  EXPECT_NE(R.Err.find("prescan: 1 of 2 host files passed"), std::string::npos)
      << R.Err;
}

namespace {

// A Go package: one file declares a statement and a timeout, the others use
// them and spell no keyword of their own.
const char *const GoQueries =
    "package store\nimport \"github.com/gocql/gocql\"\n"
    "const selectUsers = \"SELECT * FROM ks.users\"\n"
    "const timeoutSeconds = 5\n"
    "func open() *gocql.Session { return nil }\n";
const char *const GoDao =
    "package store\nimport \"github.com/gocql/gocql\"\n"
    "func byID(s *gocql.Session) { s.Query(selectUsers + \" WHERE id = ?\") }\n";
const char *const GoRetry =
    "package store\nimport \"time\"\n"
    "func wait() { time.Sleep(timeoutSeconds * time.Second) }\n";

} // namespace

TEST(PrescanTree, ASetAsideFileIsParsedForAConstantThatMayLendItAKeyword) {
  TempDir T;
  T.write("store/queries.go", GoQueries);
  T.write("store/dao.go", GoDao);
  T.write("store/retry.go", GoRetry);
  RunResult R = listQueries(T);
  EXPECT_NE(R.Out.find("dao.go:3:39: cql SELECT ks.users pinned=id"),
            std::string::npos)
      << R.Out << R.Err;
  // dao.go for selectUsers; retry.go uses only a number, which can begin
  // no statement: it stays set aside.
  EXPECT_NE(R.Err.find("prescan: 1 of 3 host files passed, 1 more parsed"),
            std::string::npos)
      << R.Err;
}

TEST(PrescanTree, AJavaFileIsParsedOnAnySharedNameForItsImports) {
  // Reader.java shares only a number with its package, but once parsed it
  // takes the statement of the class it imports (importedConstants).
  TempDir T;
  T.write("app/Dao.java",
          "package app;\nimport com.datastax.oss.driver.api.core.CqlSession;\n"
          "class Dao { static final int LIMIT = 5; CqlSession s;\n"
          "  void f() { s.execute(\"SELECT * FROM ks.t\"); } }\n");
  T.write("app/Reader.java",
          "package app;\nimport com.datastax.oss.driver.api.core.CqlSession;\n"
          "import static tables.Q.ALL;\n"
          "class Reader { CqlSession s;\n"
          "  void f() { s.execute(ALL + \" LIMIT \" + LIMIT); } }\n");
  T.write("tables/Q.java",
          "package tables;\n"
          "public class Q {\n"
          "  public static final String ALL = \"SELECT * FROM ks.users\";\n}\n");
  RunResult R = listQueries(T);
  EXPECT_NE(R.Out.find("Reader.java:5:"), std::string::npos) << R.Out << R.Err;
  EXPECT_NE(R.Out.find("ks.users"), std::string::npos) << R.Out << R.Err;
}

TEST(PrescanTree, AFileIsParsedForANameAFileParsedForItsPackageMisses) {
  // dao.go is parsed for selectAll, which may lend it a keyword; names.go
  // uses only the keyspace, but declares the table dao.go leaves
  // unresolved: it is parsed in the next round.
  TempDir T;
  T.write("store/queries.go",
          "package store\nimport \"github.com/gocql/gocql\"\n"
          "const selectAll = \"SELECT * FROM ks.\"\n"
          "const keyspace = \"ks\"\n"
          "func open() *gocql.Session { return nil }\n");
  T.write("store/dao.go",
          "package store\nimport \"github.com/gocql/gocql\"\n"
          "func all(s *gocql.Session) {\n"
          "  s.Query(selectAll + tableName + \" WHERE id = ?\") }\n");
  T.write("store/names.go",
          "package store\n"
          "const tableName = \"users\"\n"
          "var qualified = keyspace + \".\" + tableName\n");
  RunResult R = listQueries(T);
  EXPECT_NE(R.Out.find("dao.go:4:11: cql SELECT ks.users pinned=id"), std::string::npos)
      << R.Out << R.Err;
  EXPECT_NE(R.Err.find("prescan: 1 of 3 host files passed, 2 more parsed"),
            std::string::npos)
      << R.Err;
}

namespace {

// A gocqlx table model of package models, and a file of package repo that
// calls its methods without naming gocqlx itself.
const char *const GoModels =
    "package models\nimport \"github.com/scylladb/gocqlx/v2/table\"\n"
    "var Users = table.New(table.Metadata{Name: \"ks.users\",\n"
    "  Columns: []string{\"id\", \"name\"}, PartKey: []string{\"id\"}})\n";
const char *const GoModelUse =
    "package repo\nimport \"example.com/shop/models\"\n"
    "func get(s Session) { models.Users.GetQuery(s) }\n";

} // namespace

TEST(PrescanTree, AUseOfAGocqlxModelIsParsedWhenAFileMayDeclareOne) {
  TempDir T;
  T.write("models/tables.go", GoModels);
  T.write("repo/users.go", GoModelUse);
  RunResult R = listQueries(T);
  EXPECT_NE(R.Out.find("users.go:3:36: cql SELECT ks.users"), std::string::npos)
      << R.Out << R.Err;
  EXPECT_NE(R.Err.find("prescan: 2 of 2 host files passed"), std::string::npos)
      << R.Err;
}

TEST(PrescanTree, AUseOfAGocqlxModelIsSetAsideWhenNoFileMayDeclareOne) {
  // No Go file of the run names gocqlx: no model can be declared, so the
  // call is no statement, and the file is not parsed for it.
  TempDir T;
  T.write("repo/users.go", GoModelUse);
  T.write("repo/cache.go", "package repo\nfunc f(c Cache) { c.Get() }\n");
  RunResult R = listQueries(T);
  EXPECT_EQ(R.Out.find("cql"), std::string::npos) << R.Out << R.Err;
  EXPECT_NE(R.Err.find("prescan: 0 of 2 host files passed, 0 more parsed"),
            std::string::npos)
      << R.Err;
}
