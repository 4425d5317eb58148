//===- LibraryModelsTest.cpp - One test per row of models/*.models --------===//
//
// Every API row of the library catalog carries an example file; its test
// extracts that example and requires that the example's string was decided
// by exactly that row: taken as CQL when the row's library receives CQL,
// left alone when it receives SQL or DynamoDB. A row without an example, or
// whose example another rule decides, fails.
//
//===----------------------------------------------------------------------===//
#include "EmbeddedModels.h"
#include "Imports.h"
#include "LibraryModels.h"
#include "ModelLanguages.h"

#include "nosqlint/Extract/Extract.h"
#include "nosqlint/Extract/Repositories.h"

#include "llvm/ADT/Twine.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

using namespace nosqlint;
using namespace nosqlint::extract;

namespace {

struct RowCase {
  std::string File;
  unsigned Line;
  HostLanguage Lang;
  std::string Example;
  std::string Describe;
  QueryDialect Dialect;
  SinkKind Kind;
};

/// Each models file on its own, so a row is tested in its own language.
std::vector<RowCase> allRows() {
  std::vector<RowCase> Rows;
  for (llvm::StringRef Name : embeddedModelNames()) {
    ModelCatalog C;
    std::vector<std::string> Errors;
    // Kotlin and Scala rows may name Java libraries.
    if (Name == "kotlin" || Name == "scala")
      C.parse("models/java.models", embeddedModels("java"), Errors);
    size_t JavaRows = C.sinks().size();
    std::string File = ("models/" + llvm::Twine(Name) + ".models").str();
    C.parse(File, embeddedModels(Name), Errors);
    for (size_t I = JavaRows; I < C.sinks().size(); ++I) {
      const SinkModel &S = C.sinks()[I];
      Rows.push_back({File, S.Line, languageOfModels(Name), S.Example,
                      S.describe(C.libraries()),
                      C.libraries()[S.Library].Dialect, S.Kind});
    }
  }
  return Rows;
}

class ModelRow : public ::testing::TestWithParam<RowCase> {};

TEST_P(ModelRow, ExampleIsDecidedByTheRow) {
  const RowCase &R = GetParam();
  ASSERT_FALSE(R.Example.empty())
      << R.File << ":" << R.Line << " (" << R.Describe << ") has no example";
  ExtractOptions O;
  O.RecordDecisions = true;
  FileExtraction X = extractFile(R.Lang, FileId{1}, R.Example, nullptr, O);
  std::string Marker = R.File + ":" + std::to_string(R.Line) + ")";
  if (R.Kind == SinkKind::Builder) {
    // A builder row's example builds one statement, by the chain or
    // mapper call the row names (alone, or joined to the example's own
    // table model or mapping options).
    X.Repositories.File = FileId{1};
    std::vector<CqlSnippet> All = X.Snippets;
    for (RepositorySnippet &S : joinRepositoryQueries({X.Repositories}))
      All.push_back(std::move(S.Snippet));
    ASSERT_EQ(All.size(), 1u) << R.Describe << ": " << All.size() << " snippets";
    EXPECT_TRUE(All[0].Source == SnippetSource::Builder ||
                All[0].Source == SnippetSource::Mapper)
        << R.Describe;
    EXPECT_NE(All[0].Reason.find(Marker), std::string::npos)
        << R.Describe << ": " << All[0].Reason;
    return;
  }
  EXPECT_TRUE(X.Snippets.size() == (R.Dialect == QueryDialect::Cql ? 1u : 0u))
      << R.Describe << ": " << X.Snippets.size() << " snippets";
  if (R.Dialect == QueryDialect::DynamoDb && !X.DynamoCalls.empty())
    return; // read by the SDK recognizer of the language, never as CQL
  const ExtractionDecision *Found = nullptr;
  std::string Seen;
  for (const ExtractionDecision &D : X.Decisions) {
    Seen += "\n  " + std::string(D.Taken ? "taken: " : "not taken: ") + D.Reason;
    if (D.Reason.find(Marker) != std::string::npos)
      Found = &D;
  }
  ASSERT_NE(Found, nullptr) << R.Describe << ": no decision names " << Marker
                            << "; decisions:" << Seen;
  EXPECT_EQ(Found->Taken, R.Dialect == QueryDialect::Cql)
      << R.Describe << ": " << Found->Reason;
}

std::string rowName(const ::testing::TestParamInfo<RowCase> &Info) {
  std::string Name = llvm::StringRef(Info.param.File)
                         .drop_front(7)
                         .take_until([](char C) { return C == '.'; })
                         .str() +
                     "_line" + std::to_string(Info.param.Line);
  return Name;
}

INSTANTIATE_TEST_SUITE_P(Models, ModelRow, ::testing::ValuesIn(allRows()),
                         rowName);

TEST(LibraryModels, EveryFileParses) {
  for (llvm::StringRef Name : embeddedModelNames()) {
    ModelCatalog C;
    std::vector<std::string> Errors;
    if (Name == "kotlin" || Name == "scala")
      C.parse("models/java.models", embeddedModels("java"), Errors);
    C.parse(("models/" + llvm::Twine(Name) + ".models").str(), embeddedModels(Name),
            Errors);
    for (const std::string &E : Errors)
      ADD_FAILURE() << E;
    EXPECT_FALSE(C.sinks().empty()) << Name.str();
  }
  for (HostLanguage L : {HostLanguage::Java, HostLanguage::Kotlin,
                         HostLanguage::Scala, HostLanguage::Python,
                         HostLanguage::Go, HostLanguage::JavaScript,
                         HostLanguage::CSharp})
    EXPECT_TRUE(ModelCatalog::forLanguage(L).errors().empty());
}

TEST(LibraryModels, MalformedRowsAreNamed) {
  ModelCatalog C;
  std::vector<std::string> Errors;
  C.parse("m.models",
          "library a cql x.y\n"
          "library a sql z\n"
          "call b T m 0\n"
          "call a T m\n"
          "| orphan example\n"
          "library c yaml q\n",
          Errors);
  ASSERT_EQ(Errors.size(), 5u);
  EXPECT_EQ(Errors[0], "m.models:2: library 'a' is declared twice");
  EXPECT_EQ(Errors[1], "m.models:3: unknown library 'b'");
  EXPECT_EQ(Errors[2], "m.models:4: malformed 'call' row");
  EXPECT_EQ(Errors[3], "m.models:5: an example line must follow a row");
  EXPECT_EQ(Errors[4], "m.models:6: unknown dialect 'yaml'");
}

TEST(LibraryModels, PathPrefixesEndAtComponentBoundaries) {
  ModelCatalog C;
  std::vector<std::string> Errors;
  C.parse("m.models",
          "library driver cql com.datastax.driver\n"
          "library sqlmod sql database/sql\n",
          Errors);
  ASSERT_TRUE(Errors.empty());
  EXPECT_EQ(C.libraryOfPath("com.datastax.driver.core.Session")->Name, "driver");
  EXPECT_EQ(C.libraryOfPath("com.datastax.driverx"), nullptr);
  EXPECT_EQ(C.libraryOfPath("database/sql")->Name, "sqlmod");
  EXPECT_EQ(C.libraryOfPath("database/sqlx"), nullptr);
}

TEST(Imports, EachLanguageBindsItsNames) {
  auto Path = [](HostLanguage L, const char *Src, const char *Name) {
    FileImports I = FileImports::scan(L, Src);
    auto P = I.pathOf(Name);
    return P ? P->str() : std::string("<none>");
  };
  EXPECT_EQ(Path(HostLanguage::Java, "import static org.a.B.c;\n", "c"), "org.a.B.c");
  EXPECT_EQ(Path(HostLanguage::Kotlin, "import org.a.B as C\n", "C"), "org.a.B");
  EXPECT_EQ(Path(HostLanguage::Scala, "import org.a.{B, C => D}\n", "D"), "org.a.C");
  EXPECT_EQ(Path(HostLanguage::Python, "from a.b import (\n  c,\n  d as e)\n", "e"), "a.b.d");
  EXPECT_EQ(Path(HostLanguage::Python, "import psycopg2 as pg\n", "pg"), "psycopg2");
  EXPECT_EQ(Path(HostLanguage::Go, "import (\n\tcql \"github.com/gocql/gocql\"\n)\n", "cql"),
            "github.com/gocql/gocql");
  EXPECT_EQ(Path(HostLanguage::Go, "import \"github.com/jackc/pgx/v5\"\n", "pgx"),
            "github.com/jackc/pgx/v5");
  EXPECT_EQ(Path(HostLanguage::JavaScript,
                 "const { Client: C } = require('cassandra-driver');\n", "C"),
            "cassandra-driver/Client");
  EXPECT_EQ(Path(HostLanguage::TypeScript,
                 "import pg, { Pool as P } from 'pg';\n", "P"), "pg/Pool");
  EXPECT_EQ(Path(HostLanguage::TypeScript, "import pg, { Pool } from 'pg';\n", "pg"), "pg");
  EXPECT_EQ(Path(HostLanguage::CSharp, "using Sql = Microsoft.Data.SqlClient;\n", "Sql"),
            "Microsoft.Data.SqlClient");
  auto Cs = FileImports::scan(HostLanguage::CSharp, "using Npgsql;\nusing (var c = x) {}\n");
  ASSERT_EQ(Cs.all().size(), 1u);
  EXPECT_TRUE(Cs.all()[0].Wildcard);
}

} // namespace

#include "NumberLiterals.h"

namespace {

TEST(NumberLiterals, HostSpellingsBecomeTheCqlLiteral) {
  struct Case {
    HostLanguage Lang;
    const char *Written;
    const char *Cql;
  } Cases[] = {
      {HostLanguage::Java, "5L", "5"},
      {HostLanguage::Java, "4_002_002_002L", "4002002002"},
      {HostLanguage::Java, "0x1F", "31"},
      {HostLanguage::Java, "0x1FL", "31"},
      {HostLanguage::Java, "017", "15"},
      {HostLanguage::Java, "0b101", "5"},
      {HostLanguage::Java, "1.5f", "1.5"},
      {HostLanguage::Java, "2.0d", "2.0"},
      {HostLanguage::Java, "1e3", "1e3"},
      {HostLanguage::Kotlin, "10uL", "10"},
      {HostLanguage::CSharp, "10m", "10"},
      {HostLanguage::CSharp, "5UL", "5"},
      {HostLanguage::Go, "1_000", "1000"},
      {HostLanguage::Go, "0o17", "15"},
      {HostLanguage::Go, ".5", "0.5"},
      {HostLanguage::Python, "1_000", "1000"},
      {HostLanguage::Python, "5.", "5.0"},
      {HostLanguage::Python, "3j", "3j"}, // no CQL spelling: as written
      {HostLanguage::JavaScript, "10n", "10"},
      {HostLanguage::Java, "0xFFFFFFFFFFFFFFFFFF", "0xFFFFFFFFFFFFFFFFFF"},
      {HostLanguage::Java, "42", "42"},
  };
  for (const Case &C : Cases)
    EXPECT_EQ(cqlNumberLiteral(C.Lang, C.Written), C.Cql) << C.Written;
}

TEST(NumberLiterals, AConstantPastedIntoAQueryIsTheLiteralItDenotes) {
  std::string Src =
      "import com.datastax.oss.driver.api.core.CqlSession;\n"
      "class A {\n"
      "  static final long BIG = 4_002_002_002L;\n"
      "  void f(CqlSession s) { s.execute(\"SELECT * FROM ks.t WHERE k = \" + BIG); }\n"
      "}\n";
  FileExtraction X = extractFile(HostLanguage::Java, FileId{1}, Src);
  ASSERT_EQ(X.Snippets.size(), 1u);
  EXPECT_EQ(X.Snippets[0].Text, "SELECT * FROM ks.t WHERE k = 4002002002");
  // The literal maps back to the constant's name as a whole.
  SourceRange R = X.Snippets[0].Origin.toFileRange(29, 39);
  EXPECT_EQ(Src.substr(R.Begin, R.End - R.Begin), "BIG");
}

} // namespace

#include "dynamo/EnvironmentReads.h"

namespace {

TEST(EnvironmentReads, EachLanguageReadsAVariable) {
  using nosqlint::extract::sdk::environmentVariableIn;
  EXPECT_EQ(environmentVariableIn("os.environ[\"TABLE_NAME\"]"), "TABLE_NAME");
  EXPECT_EQ(environmentVariableIn("os.environ.get('T', 'dev')"), "T");
  EXPECT_EQ(environmentVariableIn("os.getenv(\"T\")"), "T");
  EXPECT_EQ(environmentVariableIn("process.env.TABLE"), "TABLE");
  EXPECT_EQ(environmentVariableIn("process.env['TABLE'] || 'x'"), "TABLE");
  EXPECT_EQ(environmentVariableIn("process.env.TABLE ?? 'x'"), "TABLE");
  EXPECT_EQ(environmentVariableIn("System.getenv(\"TABLE\")"), "TABLE");
  EXPECT_EQ(environmentVariableIn("os.Getenv(\"TABLE\")"), "TABLE");
  EXPECT_EQ(environmentVariableIn("Environment.GetEnvironmentVariable(\"T\")"), "T");
  // Not a read of one named variable.
  EXPECT_EQ(environmentVariableIn("os.environ[key]"), "");
  EXPECT_EQ(environmentVariableIn("process.env.TABLE + '-x'"), "");
  EXPECT_EQ(environmentVariableIn("config.table"), "");
}

} // namespace
