//===- CorpusTest.cpp - Parse coverage over third-party CQL ---------------===//
//
// Every statement of ../shared/corpus/cql/ and of the CQL code blocks in
// ../shared/docs/cql-semantics.md that is valid CQL must parse. The few that
// are not (cqlsh commands, examples that fail on purpose, placeholders, doc
// typos; the corpus README lists them) are listed below by file and line,
// each with the reason. Any other diagnostic fails the test, and so does a
// listed failure that no longer happens.
//
//===----------------------------------------------------------------------===//
#include "CqlTestSupport.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <algorithm>
#include <map>
#include <set>

using namespace nosqlint;
using namespace nosqlint::cql;

namespace {

struct KnownFailure {
  const char *File; // relative to corpus/cql/ (or "cql-semantics.md")
  unsigned Line;    // line of the diagnostic
  const char *Reason;
};

// Statements that are not valid Cassandra 5.0 CQL, with the reason.
const KnownFailure KnownFailures[] = {
#include "CorpusKnownFailures.inc"
};

std::string sharedDir() { return NOSQLINT_SHARED_DIR; }

struct Counts {
  unsigned Seen = 0;
  unsigned Parsed = 0;
  unsigned Files = 0;
};

/// Parses one text; returns "file:line: message" for every diagnostic not
/// listed, and marks listed ones as used.
void check(const std::string &Name, const std::string &Text, Counts &C,
           std::vector<std::string> &Unexpected,
           std::set<std::pair<std::string, unsigned>> &Used) {
  auto P = test::parse(Text);
  ++C.Files;
  C.Seen += P->Result.StatementsSeen;
  C.Parsed += P->Result.Statements.size();
  // Every parsed statement prints to CQL that parses and prints the same.
  for (const auto &S : P->Result.Statements) {
    std::string Printed = printStatement(*S);
    auto Again = test::parse(Printed);
    std::string Reprinted;
    if (Again->Diags.count() == 0 && Again->Result.Statements.size() == 1)
      Reprinted = printStatement(*Again->Result.Statements[0]);
    else
      Reprinted.append("does not parse: ").append(Again->describeDiagnostics());
    if (Reprinted != Printed)
      Unexpected.push_back(Name + ": printer round trip: '" + Printed +
                           "' -> '" + Reprinted + "'");
  }
  for (const Diagnostic &D : P->diagnostics()) {
    unsigned Line = P->SM.lineColumn(D.Range.File, D.Range.Begin).Line;
    bool Known = std::any_of(
        std::begin(KnownFailures), std::end(KnownFailures),
        [&](const KnownFailure &K) {
          return Name == K.File && Line == K.Line;
        });
    if (Known) {
      Used.insert({Name, Line});
      continue;
    }
    LineColumn LC = P->SM.lineColumn(D.Range.File, D.Range.Begin);
    Unexpected.push_back(Name + ":" + std::to_string(LC.Line) + ":" +
                         std::to_string(LC.Column) + ": " + D.Message);
  }
}

/// Statements quoted in a Markdown file: fenced ```cql/```sql blocks and
/// inline code spans that start with a statement keyword.
std::vector<std::pair<unsigned, std::string>> quotedStatements(
    llvm::StringRef Markdown) {
  std::vector<std::pair<unsigned, std::string>> Out;
  llvm::SmallVector<llvm::StringRef, 0> Lines;
  Markdown.split(Lines, '\n');
  bool InBlock = false;
  std::string Block;
  unsigned BlockLine = 0;
  static const char *Starts[] = {"SELECT ", "INSERT ", "UPDATE ", "DELETE ",
                                 "CREATE ", "ALTER ",  "DROP ",   "BEGIN ",
                                 "GRANT ",  "REVOKE ", "TRUNCATE ", "USE "};
  for (unsigned N = 0; N < Lines.size(); ++N) {
    llvm::StringRef Line = Lines[N];
    llvm::StringRef Trim = Line.trim();
    if (Trim == "```cql" || Trim == "```sql") {
      InBlock = true;
      Block.clear();
      BlockLine = N + 2;
      continue;
    }
    if (InBlock) {
      if (Trim.startswith("```")) {
        InBlock = false;
        Out.push_back({BlockLine, Block});
      } else {
        Block += Line.str() + "\n";
      }
      continue;
    }
    for (llvm::StringRef Rest = Line;;) {
      size_t Open = Rest.find('`');
      if (Open == llvm::StringRef::npos)
        break;
      size_t Close = Rest.find('`', Open + 1);
      if (Close == llvm::StringRef::npos)
        break;
      llvm::StringRef Span = Rest.slice(Open + 1, Close);
      for (const char *S : Starts)
        if (Span.startswith(S))
          Out.push_back({N + 1, Span.str()});
      Rest = Rest.drop_front(Close + 1);
    }
  }
  return Out;
}

// Code spans in cql-semantics.md that are not meant to parse as Cassandra
// 5.0 statements: grammar templates with [...] and <...> placeholders,
// fragments with `...`, server error messages, and section 9's examples of
// what is not CQL.
const char *const DocSpansNotCql[] = {
#include "DocSpansNotCql.inc"
};

} // namespace

TEST(CqlCorpus, EveryValidStatementParses) {
  std::string Root = sharedDir() + "/corpus/cql";
  if (!llvm::sys::fs::is_directory(Root))
    GTEST_SKIP() << "no corpus at " << Root;
  std::vector<std::string> Files;
  std::error_code EC;
  for (llvm::sys::fs::recursive_directory_iterator It(Root, EC), End;
       It != End && !EC; It.increment(EC)) {
    llvm::StringRef Path = It->path();
    if (Path.endswith(".cql") || Path.endswith(".sql"))
      Files.push_back(Path.str());
  }
  std::sort(Files.begin(), Files.end());
  ASSERT_GT(Files.size(), 200u);

  Counts C;
  std::vector<std::string> Unexpected;
  std::set<std::pair<std::string, unsigned>> Used;
  for (const std::string &Path : Files) {
    auto Buffer = llvm::MemoryBuffer::getFile(Path);
    ASSERT_TRUE(bool(Buffer)) << Path;
    std::string Name = llvm::StringRef(Path).drop_front(Root.size() + 1).str();
    check(Name, (*Buffer)->getBuffer().str(), C, Unexpected, Used);
  }
  std::string Doc = sharedDir() + "/docs/cql-semantics.md";
  if (auto Buffer = llvm::MemoryBuffer::getFile(Doc)) {
    for (const auto &[Line, Text] : quotedStatements((*Buffer)->getBuffer())) {
      bool NotCql = std::any_of(
          std::begin(DocSpansNotCql), std::end(DocSpansNotCql),
          [&T = Text](const char *S) { return T == S; });
      auto P = test::parse(Text);
      ++C.Seen;
      bool Ok = P->Diags.count() == 0 && P->Result.Statements.size() == 1;
      C.Parsed += Ok;
      if (Ok == NotCql)
        Unexpected.push_back("cql-semantics.md:" + std::to_string(Line) +
                             ": `" + Text + "` " +
                             (Ok ? "parsed but is listed as not CQL"
                                 : "failed: " + P->describeDiagnostics()));
    }
  }

  for (const KnownFailure &K : KnownFailures)
    if (!Used.count({K.File, K.Line}))
      Unexpected.push_back(std::string(K.File) + ":" + std::to_string(K.Line) +
                           ": listed as failing (" + K.Reason +
                           ") but parsed");
  std::string Report;
  for (const std::string &U : Unexpected)
    Report += U + "\n";
  EXPECT_TRUE(Unexpected.empty()) << Unexpected.size() << " unexpected:\n"
                                  << Report;
  std::printf("[ corpus   ] %u files, %u of %u statements parsed, %zu known "
              "failures listed\n",
              C.Files, C.Parsed, C.Seen, std::size(KnownFailures));
}
