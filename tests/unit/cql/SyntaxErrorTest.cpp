//===- SyntaxErrorTest.cpp - Diagnostics, recovery, positions, dialects ---===//
#include "CqlTestSupport.h"

using namespace nosqlint;
using namespace nosqlint::cql;
using namespace nosqlint::cql::test;

namespace {

/// The one diagnostic a text must produce.
Diagnostic onlyDiagnostic(const Parsed &P) {
  std::vector<Diagnostic> Ds = P.diagnostics();
  EXPECT_EQ(Ds.size(), 1u) << P.describeDiagnostics();
  return Ds.empty() ? Diagnostic() : Ds[0];
}

struct ErrorCase {
  const char *Text;
  RuleId Rule;
  const char *At;      // the text the diagnostic's range starts with
  const char *Message; // a substring of the message
};

} // namespace

TEST(CqlRecovery, BadStatementBetweenGoodOnes) {
  auto P = parse("SELECT * FROM a WHERE k = 1;\n"
                 "SELECT * FROM WHERE;\n"
                 "INSERT INTO b (k) VALUES (2);");
  EXPECT_EQ(P->Result.StatementsSeen, 3u);
  ASSERT_EQ(P->Result.Statements.size(), 2u);
  EXPECT_TRUE(llvm::isa<SelectStatement>(P->Result.Statements[0].get()));
  EXPECT_TRUE(llvm::isa<InsertStatement>(P->Result.Statements[1].get()));
  Diagnostic D = onlyDiagnostic(*P);
  EXPECT_EQ(D.Rule, RuleId::SyntaxError);
  EXPECT_EQ(D.Lang, Dialect::Cql);
  LineColumn LC = P->SM.lineColumn(D.Range.File, D.Range.Begin);
  EXPECT_EQ(LC.Line, 2u);
  EXPECT_EQ(LC.Column, 15u);
  EXPECT_EQ(P->textOf(D.Range), "WHERE");
}

TEST(CqlRecovery, StatementOverThePredictionBudgetIsTooComplex) {
  // A flat budget of 20 steps: the long select list needs more
  // (each of its 25 tokens is matched once, some also looked ahead over), the
  // short statements after it do not.
  ParseOptions Tight;
  Tight.PredictionBase = 20;
  Tight.PredictionPerToken = 0;
  auto P = parse("SELECT a, b, c, d, e, f, g, h, i, j, k FROM t WHERE k = 1;\n"
                 "USE ks;\n"
                 "TRUNCATE t;",
                 Tight);
  EXPECT_EQ(P->Result.StatementsSeen, 3u);
  ASSERT_EQ(P->Result.Statements.size(), 2u);
  EXPECT_TRUE(llvm::isa<UseStatement>(P->Result.Statements[0].get()));
  Diagnostic D = onlyDiagnostic(*P);
  EXPECT_EQ(D.Rule, RuleId::SyntaxError);
  EXPECT_NE(D.Message.find("statement is too complex to analyze"),
            std::string::npos)
      << D.Message;
  EXPECT_EQ(P->textOf(D.Range), "SELECT");

  // The same text within the default budget parses whole.
  auto Q = parse("SELECT a, b, c, d, e, f, g, h, i, j, k FROM t WHERE k = 1;");
  EXPECT_EQ(Q->Diags.count(), 0u) << Q->describeDiagnostics();
}

TEST(CqlRecovery, BatchWithoutApplyEndsBeforeTheNextStatement) {
  auto P = parse("BEGIN BATCH INSERT INTO t (a) VALUES (1);\n"
                 "CREATE TABLE u (k int PRIMARY KEY);\n"
                 "SELECT * FROM u;");
  EXPECT_EQ(P->Result.StatementsSeen, 3u);
  ASSERT_EQ(P->Result.Statements.size(), 2u);
  Diagnostic D = onlyDiagnostic(*P);
  EXPECT_EQ(D.Message, "expected APPLY, DELETE, INSERT or UPDATE at the end of "
                       "the statement");
  EXPECT_EQ(P->textOf(D.Range), ";");
}

TEST(CqlRecovery, SemicolonsInStringsAndCommentsDoNotSplit) {
  auto P = parse("INSERT INTO t (a) VALUES ('x;y'); /* ; */ SELECT \";\" FROM t;"
                 " -- ;\nSELECT * FROM t");
  EXPECT_EQ(P->Diags.count(), 0u) << P->describeDiagnostics();
  EXPECT_EQ(P->Result.Statements.size(), 3u);
}

TEST(CqlRecovery, BatchWithErrorIsOneStatement) {
  auto P = parse("BEGIN BATCH INSERT INTO t (a) VALUES (1); UPDATE t SET WHERE; "
                 "APPLY BATCH; SELECT * FROM t;");
  EXPECT_EQ(P->Result.StatementsSeen, 2u);
  EXPECT_EQ(P->Result.Statements.size(), 1u);
  EXPECT_EQ(P->Diags.count(), 1u) << P->describeDiagnostics();
}

TEST(CqlPositions, Utf8CodePointsBecomeBytes) {
  // 'é' is two bytes, '😀' four: the error column counts bytes.
  auto P = parse("INSERT INTO t (a) VALUES ('é😀');\nSELECT 'ü' FROM t WHERE;");
  Diagnostic D = onlyDiagnostic(*P);
  EXPECT_EQ(P->textOf(D.Range), ";");
  LineColumn LC = P->SM.lineColumn(D.Range.File, D.Range.Begin);
  EXPECT_EQ(LC.Line, 2u);
  EXPECT_EQ(LC.Column, 25u); // 'ü' is 2 bytes: ';' is byte 25, code point 24
  ASSERT_EQ(P->Result.Statements.size(), 1u);
  auto &Ins = llvm::cast<InsertStatement>(*P->Result.Statements[0]);
  EXPECT_EQ(P->textOf(Ins.Values[0].Range), "'é😀'");
  EXPECT_EQ(Ins.Values[0].Text, "'é😀'");
}

TEST(CqlPositions, TextOriginMapsToHostFile) {
  // The CQL text sits at offset 10 of a host file, as a string literal would.
  SourceManager SM;
  std::string Host = "query = \"\"SELECT * FROM t WHERE k = ? OR v = 1\"";
  FileId File = SM.addText(Host, "App.java");
  DiagnosticEngine Diags;
  llvm::StringRef Text = SM.text(File).slice(10, Host.size() - 1);
  Script S = parseScript(Text, TextOrigin::identity(File, 10), ParseOptions(),
                         Diags);
  std::vector<Diagnostic> Ds = Diags.sorted(SM);
  ASSERT_EQ(Ds.size(), 1u);
  EXPECT_EQ(SM.text(File).slice(Ds[0].Range.Begin, Ds[0].Range.End), "OR");
  EXPECT_EQ(S.StatementsSeen, 1u);
}

TEST(CqlPositions, EscapedHostStringMapsThroughSegments) {
  // Host source: q = "SELECT * FROM t WHERE a = \'x\' OR b = 1";
  // The CQL text has the escapes decoded: each \' (2 file bytes) is 1 byte.
  SourceManager SM;
  std::string Host = "q = \"SELECT * FROM t WHERE a = \\'x\\' OR b = 1\";";
  FileId File = SM.addText(Host, "app.py");
  std::string Text = "SELECT * FROM t WHERE a = 'x' OR b = 1";
  TextOrigin Origin(File);
  uint32_t HostStart = 5;                   // after q = "
  Origin.addSegment(0, 26, HostStart, 26);  // SELECT ... a = 
  Origin.addSegment(26, 1, HostStart + 26, 2); // \'
  Origin.addSegment(27, 1, HostStart + 28, 1); // x
  Origin.addSegment(28, 1, HostStart + 29, 2); // \'
  Origin.addSegment(29, 10, HostStart + 31, 10); //  OR b = 1
  DiagnosticEngine Diags;
  parseScript(Text, Origin, ParseOptions(), Diags);
  std::vector<Diagnostic> Ds = Diags.sorted(SM);
  ASSERT_EQ(Ds.size(), 1u);
  EXPECT_EQ(SM.text(File).slice(Ds[0].Range.Begin, Ds[0].Range.End), "OR");
  // And an IR range across an escape covers the whole escape.
  Script S = parseScript("SELECT * FROM t WHERE a = 'x'", Origin,
                         ParseOptions(), Diags);
  ASSERT_EQ(S.Statements.size(), 1u);
  auto &Sel = llvm::cast<SelectStatement>(*S.Statements[0]);
  SourceRange V = Sel.Where[0].Values[0].Range;
  EXPECT_EQ(SM.text(File).slice(V.Begin, V.End), "\\'x\\'");
}

TEST(CqlDiagnostics, GenericMessages) {
  auto P = parse("SELECT * FROM t WHERE k = 1 LIMIT");
  Diagnostic D = onlyDiagnostic(*P);
  EXPECT_EQ(D.Message,
            "expected a bind marker or an integer at the end of the statement");
  auto Q = parse("SELECT a FROM t WHERE k = 1 AND;");
  Diagnostic QD = onlyDiagnostic(*Q);
  EXPECT_NE(QD.Message.find("at the end of the statement"), std::string::npos);
  EXPECT_EQ(Q->textOf(QD.Range), ";");
  auto R = parse("INSERT INTO t (a VALUES (1)");
  Diagnostic E = onlyDiagnostic(*R);
  EXPECT_EQ(E.Message, "expected ',' or ')' near 'VALUES'");
  EXPECT_EQ(R->textOf(E.Range), "VALUES");
  auto V = parse("SELECT * FROM t WHERE k = AND c = 1");
  EXPECT_EQ(onlyDiagnostic(*V).Message, "expected a value near 'AND'");
  auto X = parse("UPDATE t SET a = WHERE k = 1");
  EXPECT_EQ(onlyDiagnostic(*X).Message, "expected a value near 'WHERE'");
  auto Y = parse("UPDATE t SET a = 1 WHERE k =;");
  EXPECT_EQ(onlyDiagnostic(*Y).Message,
            "expected a value at the end of the statement");
  auto W = parse("SELECT FROM t");
  EXPECT_EQ(onlyDiagnostic(*W).Message, "expected '*' or a selector near 'FROM'");
  auto U = parse("SELECT * FROM t WHERE k = 'oops");
  EXPECT_EQ(onlyDiagnostic(*U).Message,
            "unterminated string literal: missing closing '");
}

TEST(CqlDiagnostics, MisspeltKeywordsAndMissingSemicolons) {
  const char *Cases[][3] = {
      {"SELCT * FROM t", "SELCT", "unknown keyword 'SELCT'; did you mean SELECT?"},
      {"SELECT * FROM t WHRE k = 1", "WHRE", "unexpected 'WHRE'; did you mean WHERE?"},
      {"INSERT INTO t (a) VALEUS (1)", "VALEUS",
       "unknown keyword 'VALEUS'; did you mean VALUES?"},
      {"SELECT * FROM t\nSELECT * FROM u", "SELECT",
       "missing ';' before 'SELECT' (each statement ends with ';')"},
  };
  for (auto &C : Cases) {
    auto P = parse(C[0]);
    Diagnostic D = onlyDiagnostic(*P);
    EXPECT_EQ(D.Message, C[2]) << C[0];
    EXPECT_EQ(P->textOf(D.Range), C[1]) << C[0];
  }
  // A misspelt keyword is not mistaken for a table alias.
  auto Q = parse("SELECT * FROM t WHRE k = 1");
  EXPECT_EQ(onlyDiagnostic(*Q).Message.find("alias"), std::string::npos);
}

TEST(CqlDiagnostics, SqlHabitsAndCassandraRestrictions) {
  const ErrorCase Cases[] = {
      {"SELECT * FROM a JOIN b ON a.id = b.id", RuleId::Join, "JOIN", "no joins"},
      {"SELECT * FROM a LEFT OUTER JOIN b ON a.k = b.k", RuleId::Join, "LEFT",
       "no joins"},
      {"SELECT * FROM a, b", RuleId::Join, ",", "exactly one table"},
      {"SELECT * FROM t WHERE k IN (SELECT k FROM u)", RuleId::Join, "SELECT",
       "subqueries"},
      {"SELECT * FROM t WHERE a = 1 OR b = 2", RuleId::SyntaxError, "OR",
       "no OR"},
      {"SELECT k FROM t GROUP BY k HAVING count(*) > 1", RuleId::SyntaxError,
       "HAVING", "no HAVING"},
      {"SELECT * FROM t WHERE k = 1 ORDER BY c + 1", RuleId::SyntaxError, "c + 1",
       "ORDER BY takes clustering column names"},
      {"SELECT * FROM t GROUP BY a + b", RuleId::SyntaxError, "a + b",
       "GROUP BY takes primary key column names"},
      {"SELECT * FROM a.b.c", RuleId::SyntaxError, "a.b.c", "at most two parts"},
      {"SELECT * FROM t LIMIT 10 OFFSET 20", RuleId::SyntaxError, "OFFSET",
       "no OFFSET"},
      {"SELECT * FROM t WHERE k NOT IN (1)", RuleId::SyntaxError, "NOT IN",
       "no NOT IN"},
      {"SELECT * FROM t WHERE c BETWEEN 1 AND 2", RuleId::SyntaxError, "BETWEEN",
       "`col >= low AND col <= high`"},
      {"SELECT * FROM t x WHERE x.k = 1", RuleId::SyntaxError, "x",
       "no table aliases"},
      {"SELECT * FROM t LIMIT 1 WHERE k = 1", RuleId::SyntaxError, "WHERE",
       "WHERE must come before LIMIT"},
      {"SELECT * FROM t ALLOW FILTERING LIMIT 1", RuleId::SyntaxError, "LIMIT",
       "LIMIT must come before ALLOW FILTERING"},
      {"SELECT *, a FROM t", RuleId::SyntaxError, "*", "'*' cannot be combined"},
      {"DELETE FROM t USING TTL 5 WHERE k = 1", RuleId::SyntaxError, "TTL 5",
       "DELETE does not accept USING TTL"},
      {"UPDATE t SET a = 1", RuleId::SyntaxError, "UPDATE",
       "UPDATE needs a WHERE clause"},
      {"DELETE FROM t", RuleId::SyntaxError, "DELETE",
       "DELETE needs a WHERE clause"},
      {"BEGIN BATCH SELECT * FROM t; APPLY BATCH", RuleId::SyntaxError, "SELECT",
       "only INSERT, UPDATE and DELETE"},
      {"SELECT * FROM t WHERE token(k) IN (1, 2)", RuleId::SyntaxError, "IN",
       "IN cannot be used on token()"},
      {"SELECT * FROM t WHERE max(v) = 1", RuleId::SyntaxError, "max(v)",
       "functions are not allowed on the left"},
      {"SELECT * FROM t WHERE k <> 1", RuleId::SyntaxError, "<>", "use '!='"},
      {"INSERT INTO t VALUES (1)", RuleId::SyntaxError, "VALUES",
       "needs the column list"},
      {"SELECT * FROM t WHERE k = 1 # comment", RuleId::SyntaxError, "#",
       "CQL comments start with"},
      {"SELECT * FROM t WHERE k = \"bob\"", RuleId::SyntaxError, "\"bob\"",
       "single quotes"},
      {"SELECT * FROM t WHERE k == 1", RuleId::SyntaxError, "==", "use '='"},
      {"SELECT TOP 5 * FROM t", RuleId::SyntaxError, "TOP 5", "no TOP"},
      {"SELECT count(DISTINCT a) FROM t", RuleId::SyntaxError, "DISTINCT",
       "COUNT(DISTINCT"},
      {"SELECT * FROM t WHERE k = 1 ORDER BY c NULLS FIRST", RuleId::SyntaxError,
       "NULLS FIRST", "NULLS FIRST/LAST"},
      {"SELECT * FROM t LIMIT 5, 10", RuleId::SyntaxError, ", 10",
       "LIMIT takes one number"},
      {"INSERT INTO t (a) VALUES (1), (2)", RuleId::SyntaxError, ",",
       "writes one row"},
      {"INSERT INTO t SET a = 1", RuleId::SyntaxError, "SET",
       "INSERT ... SET"},
      {"DELETE * FROM t WHERE k = 1", RuleId::SyntaxError, "*",
       "DELETE takes column names"},
      {"CREATE TABLE t (k int PRIMARY KEY, v decimal(10, 2))",
       RuleId::SyntaxError, "(10, 2)", "no length or precision"},
      {"CREATE TABLE t (k int PRIMARY KEY, v int DEFAULT 0)",
       RuleId::SyntaxError, "DEFAULT", "no constraints"},
      {"CREATE TABLE t (k int GENERATED ALWAYS AS IDENTITY PRIMARY KEY)",
       RuleId::SyntaxError, "GENERATED", "no auto-increment"},
  };
  for (const ErrorCase &C : Cases) {
    auto P = parse(C.Text);
    std::vector<Diagnostic> Ds = P->diagnostics();
    ASSERT_EQ(Ds.size(), 1u) << C.Text << "\n" << P->describeDiagnostics();
    EXPECT_EQ(Ds[0].Rule, C.Rule) << C.Text;
    EXPECT_EQ(P->textOf(Ds[0].Range).rfind(C.At, 0), 0u)
        << C.Text << ": range is '" << P->textOf(Ds[0].Range) << "'";
    EXPECT_NE(Ds[0].Message.find(C.Message), std::string::npos)
        << C.Text << ": " << Ds[0].Message;
    EXPECT_TRUE(P->Result.Statements.empty()) << C.Text;
  }
}

TEST(CqlDialects, ScyllaExtensionsAreGated) {
  const char *Cases[][2] = {
      {"SELECT * FROM t WHERE k = 1 BYPASS CACHE", "BYPASS CACHE"},
      {"SELECT * FROM t WHERE k = 1 USING TIMEOUT 5s", "USING TIMEOUT"},
      {"DELETE FROM t WHERE k = 1 BYPASS LARGE_DATA_GUARDRAILS",
       "BYPASS LARGE_DATA_GUARDRAILS"},
      {"CREATE INDEX ON t ((pk), c)", "local secondary index"},
  };
  for (auto &C : Cases) {
    auto Cassandra = parse(C[0], CqlDialect::Cassandra);
    Diagnostic D = onlyDiagnostic(*Cassandra);
    EXPECT_EQ(D.Rule, RuleId::SyntaxError);
    EXPECT_NE(D.Message.find(C[1]), std::string::npos) << D.Message;
    EXPECT_NE(D.Message.find("is a ScyllaDB extension; Cassandra 5.0 does not "
                             "accept it"),
              std::string::npos)
        << D.Message;
    auto Scylla = parse(C[0], CqlDialect::ScyllaDb);
    EXPECT_EQ(Scylla->Diags.count(), 0u) << C[0] << Scylla->describeDiagnostics();
    EXPECT_EQ(Scylla->Result.Statements.size(), 1u);
  }
  auto S = parse("SELECT * FROM t WHERE k = 1 BYPASS CACHE USING TIMEOUT 5s",
                 CqlDialect::ScyllaDb);
  ASSERT_EQ(S->Result.Statements.size(), 1u);
  auto &Sel = llvm::cast<SelectStatement>(*S->Result.Statements[0]);
  EXPECT_TRUE(Sel.BypassCache);
  ASSERT_TRUE(Sel.Using.Timeout);
  EXPECT_EQ(Sel.Using.Timeout->Text, "5s");
  auto I = parse("CREATE INDEX ON t ((p1, p2), c)", CqlDialect::ScyllaDb);
  ASSERT_EQ(I->Result.Statements.size(), 1u);
  auto &Idx = llvm::cast<CreateIndexStatement>(*I->Result.Statements[0]);
  EXPECT_EQ(Idx.LocalPartitionKey.size(), 2u);
  EXPECT_EQ(Idx.Targets.size(), 1u);
}

TEST(CqlLimits, DeepNestingIsRefusedNotCrashed) {
  std::string Deep = "SELECT * FROM t WHERE k = ";
  for (int I = 0; I < 100000; ++I)
    Deep += "(";
  Deep += "1";
  auto P = parse(Deep + ";\nSELECT * FROM t");
  std::vector<Diagnostic> Ds = P->diagnostics();
  ASSERT_EQ(Ds.size(), 1u);
  EXPECT_NE(Ds[0].Message.find("levels deep"), std::string::npos);
  EXPECT_EQ(P->Result.Statements.size(), 1u);
  std::string Minus = "SELECT * FROM t WHERE k = " + std::string(100000, '-');
  auto Q = parse(Minus + "1");
  EXPECT_EQ(Q->Diags.count(), 1u);
  // Prefix chains recurse without brackets staying open: type hints and
  // unary minus, in terms and in selectors.
  std::string Hints;
  for (int I = 0; I < 100000; ++I)
    Hints += "(int)";
  for (const std::string &Text :
       {"SELECT * FROM t WHERE k = " + Hints + "1",
        "SELECT " + Hints + "a FROM t",
        "SELECT * FROM t WHERE k = -" + Hints + "-(int)-(int)1"}) {
    auto H = parse(Text);
    ASSERT_EQ(H->Diags.count(), 1u);
    EXPECT_NE(H->diagnostics()[0].Message.find("levels deep"), std::string::npos);
  }
  // Moderate nesting still parses.
  std::string Ok = "SELECT * FROM t WHERE k = " + std::string(30, '(') + "1" +
                   std::string(30, ')');
  auto R = parse(Ok);
  EXPECT_EQ(R->Diags.count(), 0u) << R->describeDiagnostics();
  std::string Chain = "SELECT * FROM t WHERE k = ";
  for (int I = 0; I < 30; ++I)
    Chain += "-(int)";
  auto C = parse(Chain + "1");
  EXPECT_EQ(C->Diags.count(), 0u) << C->describeDiagnostics();
}

TEST(CqlLimits, EmptyAndCommentOnlyInputs) {
  for (const char *Text : {"", ";;;", "-- nothing\n/* here */", "   \n"}) {
    auto P = parse(Text);
    EXPECT_EQ(P->Diags.count(), 0u) << Text;
    EXPECT_EQ(P->Result.StatementsSeen, 0u) << Text;
  }
}

TEST(CqlRecovery, StatementCutShortMidFileEndsAtItsSemicolon) {
  // Each statement is parsed from its own tokens, ended by the ';': a
  // statement that wants more is reported at its ';', never at the next
  // statement, and lone ';' and comments between statements change nothing.
  auto P = parse(";; SELECT * FROM a WHERE k =;\n"
                 "-- between\n"
                 "; INSERT INTO b (k) VALUES (2);\n"
                 "SELECT * FROM c WHERE\n");
  EXPECT_EQ(P->Result.StatementsSeen, 3u);
  ASSERT_EQ(P->Result.Statements.size(), 1u);
  EXPECT_TRUE(llvm::isa<InsertStatement>(P->Result.Statements[0].get()));
  std::vector<Diagnostic> Ds = P->diagnostics();
  ASSERT_EQ(Ds.size(), 2u) << P->describeDiagnostics();
  EXPECT_EQ(Ds[0].Message, "expected a value at the end of the statement");
  EXPECT_EQ(P->textOf(Ds[0].Range), ";");
  LineColumn LC = P->SM.lineColumn(Ds[0].Range.File, Ds[0].Range.Begin);
  EXPECT_EQ(LC.Line, 1u);
  EXPECT_EQ(LC.Column, 29u);
  LC = P->SM.lineColumn(Ds[1].Range.File, Ds[1].Range.Begin);
  EXPECT_EQ(LC.Line, 4u);
}
