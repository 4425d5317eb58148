//===- EmitterScenario.cpp - Files and findings for the emitter tests -----===//
#include "EmitterScenario.h"

#include "nosqlint/Diag/Fingerprint.h"

#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>
#include <fstream>
#include <sstream>

namespace nosqlint::test {

static const char Reports[] =
    "-- Reports for the dashboard\n"
    "SELECT u.name, o.total FROM users u JOIN orders o ON o.user_id = "
    "u.user_id WHERE u.user_id = 42;\n"
    "SELEC name FROM users WHERE user_id = 7;\n"
    "SELECT name FROM users LIMIT 10 WHERE user_id = 1;\n"
    "SELECT email FROM users WHERE user_id = 3"; // no final newline

static const char Schema[] = "CREATE TABLE shop.users (\n"
                             "  user_id bigint PRIMARY KEY,\n"
                             "  name text\n"
                             ");\n"
                             "\n"
                             "CREATE TABLE shop.orders (\n"
                             "  user_id bigint,\n"
                             "  order_id timeuuid,\n"
                             "  total decimal,\n"
                             "  PRIMARY KEY (user_id, order_id)\n"
                             ");\n";

static const char Tabs[] =
    "SELECT\tnom, prix FROM plats p, carte c WHERE p.nom = 'cr\xC3\xA8me "
    "br\xC3\xBBl\xC3\xA9"
    "e';\n"
    "\t\tSELECT * FROM plats WHERE nom = '\xE6\x97\xA5\xE6\x9C\xAC' AND prix "
    "> 5 OR prix < 2;\n";

static const char Legacy[] = "INSERT INTO notes (id, body) VALUES (1, 'never\n"
                             "closed);\n";

EmitterScenario::EmitterScenario() {
  FileId ReportsF = SM.addText(Reports, "queries/reports.cql");
  FileId SchemaF = SM.addText(Schema, "schema/shop.cql");
  FileId TabsF = SM.addText(Tabs, "queries/caf\xC3\xA9 menu/tabs.cql");
  FileId EmptyF = SM.addText("", "queries/empty.cql");
  FileId LegacyF = SM.addText(Legacy, "../vendor/legacy.cql");

  DiagnosticEngine Engine;
  Engine
      .report(RuleId::Join, Dialect::Cql,
              find(ReportsF, "JOIN orders o ON o.user_id = u.user_id"),
              "CQL has no joins: a statement reads exactly one table")
      .note(find(SchemaF, "shop.users"), "table 'shop.users' declared here")
      .note(SourceRange::join(find(SchemaF, "CREATE TABLE shop.orders"),
                              find(SchemaF, ");", 1)),
            "table 'shop.orders' declared here")
      .note(SourceRange(), "store the orders by user in one table instead");
  SourceRange Selec = find(ReportsF, "SELEC ");
  Selec.End = Selec.Begin + 5;
  Engine
      .report(RuleId::SyntaxError, Dialect::Cql, Selec,
              "unknown statement 'SELEC'")
      .fixIt(Selec, "SELECT");
  Engine
      .report(RuleId::SyntaxError, Dialect::Cql,
              find(ReportsF, "WHERE user_id = 1"),
              "'WHERE' cannot follow 'LIMIT'")
      .note(find(ReportsF, "LIMIT 10"), "'LIMIT' is here")
      .fixIt(find(ReportsF, "LIMIT 10 "), "")
      .fixIt({ReportsF, find(ReportsF, ";", 2).Begin,
              find(ReportsF, ";", 2).Begin},
             " LIMIT 10");
  uint32_t End = static_cast<uint32_t>(sizeof(Reports) - 1);
  Engine
      .report(RuleId::SyntaxError, Dialect::Cql, {ReportsF, End, End},
              "missing ';' at end of statement")
      .severity(Severity::Warning)
      .fixIt({ReportsF, End, End}, ";");

  Engine
      .report(RuleId::Join, Dialect::Cql, find(TabsF, ", carte c"),
              "several tables in FROM: CQL reads one table per statement")
      .note(find(TabsF, "plats p"), "first table here")
      .fixIt(find(TabsF, ", carte c"), "");
  Engine.report(RuleId::SyntaxError, Dialect::Cql, find(TabsF, "OR prix < 2"),
                "CQL has no 'OR'");
  Engine
      .report(RuleId::SyntaxError, Dialect::None, {EmptyF, 0, 0},
              "the file holds no statement")
      .severity(Severity::Note);
  Engine.report(RuleId::SyntaxError, Dialect::Cql,
                find(LegacyF, "'never\nclosed);\n"),
                "unterminated string literal");
  Engine.report(RuleId::InputError, Dialect::None, SourceRange(),
                "cannot read 'queries/missing.cql': No such file or directory");

  Diags = Engine.sorted(SM);
  // Relative paths as given: the fingerprints do not depend on where the
  // test runs.
  assignFingerprints(Diags, SM, "");
  Summary.Files = 5;
  Summary.Statements = 8;
  Options.ToolVersion = "0.1.0-test";
  Options.WorkingDirectory = "/work/project";
}

SourceRange EmitterScenario::find(FileId File, llvm::StringRef Needle,
                                  unsigned Nth) const {
  llvm::StringRef Text = SM.text(File);
  size_t At = Text.find(Needle);
  for (unsigned I = 0; I < Nth && At != llvm::StringRef::npos; ++I)
    At = Text.find(Needle, At + 1);
  if (At == llvm::StringRef::npos) {
    llvm::errs() << "test scenario: '" << Needle << "' not found\n";
    std::abort();
  }
  return {File, static_cast<uint32_t>(At),
          static_cast<uint32_t>(At + Needle.size())};
}

std::string checkGolden(llvm::StringRef Name, llvm::StringRef Actual) {
  std::string Path =
      std::string(NOSQLINT_SOURCE_DIR) + "/tests/golden/" + Name.str();
  const char *Update = std::getenv("NOSQLINT_UPDATE_GOLDEN");
  if (Update && llvm::StringRef(Update) == "1") {
    std::ofstream Out(Path, std::ios::binary);
    Out << Actual.str();
    return Out ? "" : "cannot write " + Path;
  }
  auto Buffer = llvm::MemoryBuffer::getFile(Path, /*IsText=*/false,
                                            /*RequiresNullTerminator=*/false);
  if (!Buffer)
    return Path + " is missing; run the test with NOSQLINT_UPDATE_GOLDEN=1";
  llvm::StringRef Expected = (*Buffer)->getBuffer();
  if (Expected == Actual)
    return "";
  // Report the first line that differs.
  llvm::SmallVector<llvm::StringRef, 0> E, A;
  Expected.split(E, '\n');
  Actual.split(A, '\n');
  size_t Line = 0;
  while (Line < E.size() && Line < A.size() && E[Line] == A[Line])
    ++Line;
  std::ostringstream Msg;
  Msg << Path << " differs at line " << Line + 1 << ":\n  expected: "
      << (Line < E.size() ? E[Line].str() : "<end of file>")
      << "\n  actual:   " << (Line < A.size() ? A[Line].str() : "<end of file>")
      << "\n(run with NOSQLINT_UPDATE_GOLDEN=1 to accept the new output)";
  return Msg.str();
}

} // namespace nosqlint::test
