//===- ServerTest.cpp - The protocol, driven in-process -------------------===//
//
// Each test writes a session's messages to a string stream, runs the server
// over it to its end, and reads what it wrote back.
//
//===----------------------------------------------------------------------===//
#include "LspTestSupport.h"
#include "TempDir.h"

#include "Protocol.h"

#include <gtest/gtest.h>

using namespace nosqlint;
using namespace nosqlint::test;
namespace json = llvm::json;

namespace {

constexpr llvm::StringLiteral Schema =
    "CREATE KEYSPACE shop WITH replication = {'class': 'SimpleStrategy', "
    "'replication_factor': 1};\n"
    "CREATE TABLE shop.users (\n"
    "  id uuid PRIMARY KEY,\n"
    "  email text,\n"
    "  country text\n"
    ");\n";

struct Project {
  TempDir Dir;
  std::string SchemaPath = Dir.path("schema.cql");
  std::string DocPath = Dir.path("queries.cql");
  std::string DocUri = lsp::uriFromPath(DocPath);
  Project() { writeFile(SchemaPath, Schema); }
  static void writeFile(const std::string &Path, llvm::StringRef Text) {
    std::error_code EC;
    llvm::raw_fd_ostream OS(Path, EC);
    OS << Text;
  }
  std::string open(llvm::StringRef Text, int64_t Version = 1) const {
    return framed(notification(
        "textDocument/didOpen",
        json::Object{{"textDocument", json::Object{{"uri", DocUri},
                                                   {"languageId", "cql"},
                                                   {"version", Version},
                                                   {"text", Text}}}}));
  }
  std::string change(llvm::StringRef Text, int64_t Version) const {
    return framed(notification(
        "textDocument/didChange",
        json::Object{
            {"textDocument",
             json::Object{{"uri", DocUri}, {"version", Version}}},
            {"contentChanges", json::Array{json::Object{{"text", Text}}}}}));
  }
  std::string at(llvm::StringRef Method, int64_t Id, unsigned Line,
                 unsigned Char) const {
    json::Object Pos{{"line", Line}, {"character", Char}};
    json::Object P{{"textDocument", json::Object{{"uri", DocUri}}}};
    if (Method == "textDocument/hover")
      P["position"] = std::move(Pos);
    else
      P["range"] = json::Object{{"start", json::Object(Pos)},
                                {"end", json::Object(Pos)}};
    if (Method == "textDocument/codeAction")
      P["context"] = json::Object{{"diagnostics", json::Array{}}};
    return framed(request(Id, Method, std::move(P)));
  }
  ServerRun run(const std::string &Session) const {
    return runServer(handshake(lsp::uriFromPath(Dir.path(""))) + Session +
                         goodbye(),
                     {SchemaPath});
  }
};

const json::Array &diagnosticsOf(const ServerRun &R) {
  static const json::Array None;
  const json::Object *P =
      lastNotification(R.Messages, "textDocument/publishDiagnostics");
  const json::Array *D = P ? P->getArray("diagnostics") : nullptr;
  return D ? *D : None;
}

std::vector<std::string> codesOf(const json::Array &Diags) {
  std::vector<std::string> Out;
  for (const json::Value &D : Diags)
    Out.push_back(D.getAsObject()->getString("code").getValueOr("").str());
  return Out;
}

int64_t errorCode(const ServerRun &R, int64_t Id) {
  const json::Object *Resp = responseTo(R.Messages, Id);
  const json::Object *E = Resp ? Resp->getObject("error") : nullptr;
  return E ? E->getInteger("code").getValueOr(0) : 0;
}

/// Applies the edits of \p Edit to \p Text (the document \p Uri).
std::string applyEdit(const json::Object &Edit, llvm::StringRef Uri,
                      std::string Text) {
  const json::Array *Edits = Edit.getObject("changes")->getArray(Uri);
  if (!Edits)
    return Text;
  std::vector<std::tuple<uint32_t, uint32_t, std::string>> Spans;
  lsp::LineTable L(Text);
  for (const json::Value &E : *Edits) {
    const json::Object *R = E.getAsObject()->getObject("range");
    uint32_t B = L.offset(*lsp::positionFrom(R->get("start")));
    uint32_t En = L.offset(*lsp::positionFrom(R->get("end")));
    Spans.emplace_back(B, En, E.getAsObject()->getString("newText")->str());
  }
  std::sort(Spans.rbegin(), Spans.rend());
  for (auto &[B, E, New] : Spans)
    Text = Text.substr(0, B) + New + Text.substr(E);
  return Text;
}

TEST(LspServer, LifeCycle) {
  ServerRun R = runServer(handshake() + goodbye());
  EXPECT_EQ(R.ExitCode, 0);
  const json::Object *Init = responseTo(R.Messages, 1);
  ASSERT_TRUE(Init);
  const json::Object *Caps =
      Init->getObject("result")->getObject("capabilities");
  ASSERT_TRUE(Caps);
  EXPECT_TRUE(Caps->getBoolean("hoverProvider").getValueOr(false));
  EXPECT_TRUE(Caps->getObject("codeActionProvider"));
  const json::Object *Shutdown = responseTo(R.Messages, 999);
  ASSERT_TRUE(Shutdown);
  EXPECT_EQ(Shutdown->get("result")->kind(), json::Value::Null);
  // Exit without shutdown, or the end of input, is exit code 1.
  EXPECT_EQ(
      runServer(handshake() + framed(notification("exit", nullptr))).ExitCode,
      1);
  EXPECT_EQ(runServer(handshake()).ExitCode, 1);
}

TEST(LspServer, HostileMessagesGetErrorsAndTheServerGoesOn) {
  std::string Session =
      framed(request(5, "textDocument/hover", json::Object{})) + // before init
      handshake() + framedText("{not json") + framedText("[1,2]") +
      framedText("42") +
      framedText("{\"jsonrpc\":\"2.0\",\"id\":{\"a\":1},\"method\":\"x\"}") +
      framed(request(6, "no/such/method", json::Object{})) +
      framed(
          request(7, "textDocument/hover", json::Object{{"textDocument", 3}})) +
      framed(request(
          8, "textDocument/hover",
          json::Object{
              {"textDocument", json::Object{{"uri", "file:///nowhere.cql"}}},
              {"position", json::Object{{"line", 0}, {"character", 0}}}})) +
      framedText("{\"jsonrpc\":\"2.0\",\"id\":9,\"method\":\"textDocument/"
                 "hover\",\"params\":\"x\"}") +
      framed(notification(
          "textDocument/didOpen",
          json::Object{{"textDocument", json::Object{{"uri", 1}}}})) +
      framed(notification("textDocument/didChange", json::Object{})) +
      framed(notification("unknown/notification", json::Object{})) +
      framed(notification("$/cancelRequest", json::Object{{"id", 6}})) +
      "Content-Length: nope\r\n\r\n" +
      framed(request(10, "initialize", json::Object{})) + goodbye();
  ServerRun R = runServer(Session);
  EXPECT_EQ(errorCode(R, 5), -32002);
  EXPECT_EQ(errorCode(R, 6), -32601);
  EXPECT_EQ(errorCode(R, 7), -32602);
  EXPECT_EQ(errorCode(R, 8), -32602);
  EXPECT_EQ(errorCode(R, 9), -32602);
  EXPECT_EQ(errorCode(R, 10), -32600); // initialize twice
  unsigned ParseErrors = 0, InvalidRequests = 0;
  for (const json::Value &M : R.Messages) {
    const json::Object *O = M.getAsObject();
    ASSERT_TRUE(O);
    if (O->get("id") && O->get("id")->kind() == json::Value::Null) {
      int64_t C = O->getObject("error")->getInteger("code").getValueOr(0);
      ParseErrors += C == -32700;
      InvalidRequests += C == -32600;
    }
  }
  EXPECT_EQ(ParseErrors, 2u);     // the bad JSON and the bad frame
  EXPECT_EQ(InvalidRequests, 3u); // the array, the number, the object id
  EXPECT_EQ(R.ExitCode, 0);       // and it still shut down cleanly
}

TEST(LspServer, ABadFrameOfBytesThatAreNoUtf8IsLoggedAsJson) {
  // Found by fuzz-lsp-message: the header is quoted in window/logMessage.
  ServerRun R = runServer(handshake() +
                          "Content-Length: \xa8\xa8\xa3\r\n\r\n" + goodbye());
  bool Logged = false;
  for (const json::Value &M : R.Messages) {
    ASSERT_TRUE(M.getAsObject()) << "a message that is not JSON";
    if (auto Method = M.getAsObject()->getString("method"))
      Logged |= *Method == "window/logMessage";
  }
  EXPECT_TRUE(Logged);
  EXPECT_EQ(R.ExitCode, 0);
}

TEST(LspServer, PublishesDiagnosticsWithRuleLinksRelatedInformationAndTags) {
  Project P;
  ServerRun R =
      P.run(P.open("SELECT * FROM shop.users WHERE id = ? ALLOW FILTERING;\n"
                   "SELECT * FROM shop.users WHERE email = ?;\n"));
  const json::Array &D = diagnosticsOf(R);
  std::vector<std::string> Codes = codesOf(D);
  ASSERT_FALSE(Codes.empty());
  ASSERT_EQ(Codes[0], "allow-filtering");
  const json::Object &F = *D[0].getAsObject();
  EXPECT_EQ(str(F.getString("source")), "nosqlint");
  EXPECT_EQ(str(F.getObject("codeDescription")->getString("href")),
            "https://github.com/nosqlint/nosqlint/blob/main/docs/rules/"
            "allow-filtering.md");
  ASSERT_TRUE(F.getArray("tags"));
  EXPECT_EQ((*F.getArray("tags"))[0].getAsInteger().getValueOr(0),
            1); // Unnecessary
  // The findings on line 2 note "table declared here" in the schema file.
  bool IntoSchema = false;
  for (const json::Value &V : D)
    if (const json::Array *Related =
            V.getAsObject()->getArray("relatedInformation"))
      for (const json::Value &I : *Related)
        IntoSchema |=
            str(I.getAsObject()->getObject("location")->getString("uri")) ==
            lsp::uriFromPath(P.SchemaPath);
  EXPECT_TRUE(IntoSchema);
}

TEST(LspServer, ColumnsAreBytesWhenTheClientOffersUtf8) {
  Project P;
  // "é" before the table name: its column counts 2 bytes, 1 UTF-16 unit.
  std::string Doc = "SELECT /*\xC3\xA9*/ * FROM shop.nope;\n";
  auto Start = [](const ServerRun &R) {
    const json::Array &D = diagnosticsOf(R);
    const json::Object *Range =
        D.empty() ? nullptr : D[0].getAsObject()->getObject("range");
    return Range ? Range->getObject("start")->getInteger("character")
                 : llvm::Optional<int64_t>();
  };
  std::string Root = lsp::uriFromPath(P.Dir.path(""));
  std::string Utf8Init = framed(request(
      1, "initialize",
      json::Object{{"rootUri", Root},
                   {"capabilities",
                    json::Object{{"general",
                                  json::Object{{"positionEncodings",
                                                json::Array{"utf-8",
                                                            "utf-16"}}}}}}}));
  ServerRun Bytes = runServer(Utf8Init +
                                  framed(notification("initialized",
                                                      json::Object{})) +
                                  P.open(Doc) + goodbye(),
                              {P.SchemaPath});
  const json::Object *Init = responseTo(Bytes.Messages, 1);
  ASSERT_TRUE(Init);
  EXPECT_EQ(str(Init->getObject("result")
                    ->getObject("capabilities")
                    ->getString("positionEncoding")),
            "utf-8");
  ServerRun Units = P.run(P.open(Doc));
  ASSERT_TRUE(Start(Bytes) && Start(Units));
  EXPECT_EQ(*Start(Bytes), *Start(Units) + 1);
  EXPECT_EQ(*Start(Bytes), static_cast<int64_t>(Doc.find("nope")));
}

TEST(LspServer, ARunOfChangesIsCheckedOnceForItsLastText) {
  Project P;
  // Three changes queued back to back: only the last text is checked, once,
  // when nothing more is waiting.
  std::string Session = handshake(lsp::uriFromPath(P.Dir.path(""))) +
                        P.open("SELECT * FROM shop.users WHERE id = ?;\n") +
                        P.change("SELECT * FROM shop.nope1;\n", 2) +
                        P.change("SELECT * FROM shop.nope2;\n", 3) +
                        P.change("SELECT * FROM shop.users WHERE email = ? "
                                 "ALLOW FILTERING;\n",
                                 4);
  ServerRun R = runServer(Session, {P.SchemaPath});
  std::vector<int64_t> Versions;
  for (const json::Value &M : R.Messages)
    if (const json::Object *O = M.getAsObject())
      if (O->getString("method") ==
          llvm::StringRef("textDocument/publishDiagnostics"))
        Versions.push_back(
            O->getObject("params")->getInteger("version").getValueOr(-1));
  EXPECT_EQ(Versions, (std::vector<int64_t>{1, 4}));
  // The findings are the last text's, none of the unknown tables before it.
  std::vector<std::string> Codes = codesOf(diagnosticsOf(R));
  EXPECT_TRUE(llvm::is_contained(Codes, "allow-filtering"));
  EXPECT_FALSE(llvm::is_contained(Codes, "unknown-table"));
}

TEST(LspServer, TheFixItActionRemovesTheFinding) {
  Project P;
  std::string Text = "SELECT * FROM shop.users WHERE id = ? ALLOW FILTERING;\n";
  ServerRun R =
      P.run(P.open(Text) + P.at("textDocument/codeAction", 20, 0, 40));
  const json::Object *Resp = responseTo(R.Messages, 20);
  ASSERT_TRUE(Resp);
  const json::Array *Actions = Resp->getArray("result");
  ASSERT_TRUE(Actions);
  const json::Object *Fix = nullptr, *Suppress = nullptr, *Page = nullptr;
  for (const json::Value &A : *Actions) {
    const json::Object *O = A.getAsObject();
    llvm::StringRef Title = *O->getString("title");
    if (Title.startswith("Fix"))
      Fix = O;
    else if (Title.startswith("Suppress"))
      Suppress = O;
    else if (Title.startswith("Open the page"))
      Page = O;
  }
  ASSERT_TRUE(Fix && Suppress && Page);
  EXPECT_TRUE(Fix->getBoolean("isPreferred").getValueOr(false));
  std::string Fixed = applyEdit(*Fix->getObject("edit"), P.DocUri, Text);
  EXPECT_EQ(Fixed, "SELECT * FROM shop.users WHERE id = ?;\n");
  std::string Suppressed =
      applyEdit(*Suppress->getObject("edit"), P.DocUri, Text);
  EXPECT_EQ(Suppressed, "-- nosqlint: ignore[allow-filtering]\n" + Text);
  EXPECT_EQ(str(Page->getObject("command")->getString("command")),
            "nosqlint.openRulePage");

  // Both edits, sent back as changes, leave no finding.
  for (const std::string &After : {Fixed, Suppressed}) {
    ServerRun Again = P.run(P.open(Text) + P.change(After, 2));
    EXPECT_TRUE(diagnosticsOf(Again).empty()) << After;
    const json::Object *Last =
        lastNotification(Again.Messages, "textDocument/publishDiagnostics");
    EXPECT_EQ(Last->getInteger("version").getValueOr(0), 2);
  }
}

TEST(LspServer, ProposalActionInsertsTheDdlIntoTheSchemaFile) {
  Project P;
  ServerRun R = P.run(P.open("SELECT * FROM shop.users WHERE email = ?;\n") +
                      P.at("textDocument/codeAction", 21, 0, 35));
  std::vector<std::string> Codes = codesOf(diagnosticsOf(R));
  ASSERT_FALSE(Codes.empty());
  const json::Array *Actions = responseTo(R.Messages, 21)->getArray("result");
  ASSERT_TRUE(Actions);
  bool Index = false;
  for (const json::Value &A : *Actions) {
    const json::Object *O = A.getAsObject();
    if (!O->getString("title")->startswith("Add to the schema: CREATE INDEX"))
      continue;
    std::string NewSchema = applyEdit(
        *O->getObject("edit"), lsp::uriFromPath(P.SchemaPath), Schema.str());
    EXPECT_NE(NewSchema.find(");\n\n-- missing-index: query-first proposal\n"
                             "CREATE INDEX ON shop.users (email)"),
              std::string::npos)
        << NewSchema;
    Index = true;
  }
  EXPECT_TRUE(Index);
}

TEST(LspServer, HoverShowsAccessPatternsAndTableDefinitions) {
  Project P;
  ServerRun R = P.run(P.open("SELECT email FROM shop.users WHERE id = ?;\n") +
                      P.at("textDocument/hover", 30, 0, 2) +
                      P.at("textDocument/hover", 31, 0, 24));
  auto Hover = [&](int64_t Id) {
    const json::Object *Resp = responseTo(R.Messages, Id);
    const json::Object *Res = Resp ? Resp->getObject("result") : nullptr;
    return Res ? Res->getObject("contents")->getString("value")->str()
               : std::string();
  };
  std::string Query = Hover(30);
  EXPECT_NE(Query.find("**SELECT** on `shop.users`"), std::string::npos)
      << Query;
  EXPECT_NE(Query.find("partition key pinned: `id` (complete)"),
            std::string::npos)
      << Query;
  EXPECT_NE(Query.find("cost: **single partition**"), std::string::npos)
      << Query;
  std::string Table = Hover(31);
  EXPECT_NE(Table.find("CREATE TABLE shop.users ("), std::string::npos)
      << Table;
  EXPECT_NE(Table.find("schema.cql:2`"), std::string::npos) << Table;
}

TEST(LspServer, ASchemaChangeOnDiskIsReloaded) {
  Project P;
  std::string Output;
  llvm::raw_string_ostream Out(Output);
  lsp::Server S(serverOptions({P.SchemaPath}), Out);
  auto Feed = [&](const std::string &Input) {
    std::istringstream In(Input);
    lsp::MessageReader Reader(In);
    for (lsp::ReadResult M = Reader.next();
         M.Status == lsp::ReadResult::Message; M = Reader.next())
      S.handleMessage(M.Body);
    Out.flush();
    std::vector<json::Value> Messages = messagesOf(Output);
    const json::Object *Last =
        lastNotification(Messages, "textDocument/publishDiagnostics");
    return Last ? codesOf(*Last->getArray("diagnostics"))
                : std::vector<std::string>();
  };
  std::vector<std::string> Before =
      Feed(handshake(lsp::uriFromPath(P.Dir.path(""))) +
           P.open("SELECT * FROM shop.users WHERE email = ?;\n"));
  EXPECT_FALSE(Before.empty());
  // An index appears in the schema file; the client's watcher says so.
  Project::writeFile(P.SchemaPath,
                     Schema.str() + "CREATE INDEX ON shop.users (email);\n");
  std::vector<std::string> After = Feed(framed(notification(
      "workspace/didChangeWatchedFiles",
      json::Object{{"changes", json::Array{json::Object{
                                   {"uri", lsp::uriFromPath(P.SchemaPath)},
                                   {"type", 2}}}}})));
  EXPECT_NE(Before, After);
  EXPECT_TRUE(llvm::none_of(After, [](const std::string &C) {
    return C == "missing-index" || C == "filtering-required";
  }));
}

TEST(LspServer, SavingTheSchemaFileReloadsItForEveryDocument) {
  Project P;
  std::string SchemaUri = lsp::uriFromPath(P.SchemaPath);
  std::string WithIndex =
      Schema.str() + "CREATE INDEX users_email ON shop.users (email);\n";
  // The editor saves the schema with an index; the query's findings go.
  std::string Session =
      P.open("SELECT * FROM shop.users WHERE email = ?;\n") +
      framed(notification(
          "textDocument/didOpen",
          json::Object{{"textDocument", json::Object{{"uri", SchemaUri},
                                                     {"version", 1},
                                                     {"text", WithIndex}}}})) +
      framed(notification(
          "textDocument/didSave",
          json::Object{{"textDocument", json::Object{{"uri", SchemaUri}}}}));
  std::string Output;
  llvm::raw_string_ostream Out(Output);
  lsp::Server S(serverOptions({P.SchemaPath}), Out);
  std::istringstream In(handshake(lsp::uriFromPath(P.Dir.path(""))) + Session);
  lsp::MessageReader Reader(In);
  unsigned Seen = 0;
  for (lsp::ReadResult M = Reader.next(); M.Status == lsp::ReadResult::Message;
       M = Reader.next()) {
    if (++Seen == 5) // the didSave: the file on disk is what was saved
      Project::writeFile(P.SchemaPath, WithIndex);
    S.handleMessage(M.Body);
  }
  Out.flush();
  std::vector<std::string> Last;
  for (const json::Value &M : messagesOf(Output)) {
    const json::Object *O = M.getAsObject();
    if (O->getString("method") !=
        llvm::StringRef("textDocument/publishDiagnostics"))
      continue;
    const json::Object *Params = O->getObject("params");
    if (str(Params->getString("uri")) == P.DocUri)
      Last = codesOf(*Params->getArray("diagnostics"));
  }
  EXPECT_TRUE(llvm::none_of(Last, [](const std::string &C) {
    return C == "missing-index" || C == "filtering-required";
  })) << Last.size();
}

TEST(LspServer, EditingTheSchemaFileChecksItsBuffer) {
  Project P;
  std::string SchemaUri = lsp::uriFromPath(P.SchemaPath);
  std::string Broken =
      Schema.str() + "CREATE TABLE shop.users (id int PRIMARY KEY);\n";
  ServerRun R = P.run(framed(notification(
      "textDocument/didOpen",
      json::Object{{"textDocument", json::Object{{"uri", SchemaUri},
                                                 {"version", 1},
                                                 {"text", Broken}}}})));
  const json::Object *Last =
      lastNotification(R.Messages, "textDocument/publishDiagnostics");
  ASSERT_TRUE(Last);
  EXPECT_EQ(str(Last->getString("uri")), SchemaUri);
  EXPECT_FALSE(Last->getArray("diagnostics")->empty());
}

/// Opens \p Name (text \p Text) in a project and asks for the actions at
/// \p Line, \p Char: the actions (in \p R's messages).
const json::Array *actionsIn(const Project &P, llvm::StringRef Name,
                             llvm::StringRef Text, unsigned Line, unsigned Char,
                             ServerRun &R) {
  std::string Uri = lsp::uriFromPath(P.Dir.path(Name));
  json::Object Pos{{"line", Line}, {"character", Char}};
  R = P.run(
      framed(notification(
          "textDocument/didOpen",
          json::Object{
              {"textDocument",
               json::Object{{"uri", Uri}, {"version", 1}, {"text", Text}}}})) +
      framed(request(
          40, "textDocument/codeAction",
          json::Object{
              {"textDocument", json::Object{{"uri", Uri}}},
              {"range", json::Object{{"start", json::Object(Pos)},
                                     {"end", json::Object(Pos)}}},
              {"context", json::Object{{"diagnostics", json::Array{}}}}})));
  const json::Object *Resp = responseTo(R.Messages, 40);
  return Resp ? Resp->getArray("result") : nullptr;
}

std::string suppressionEdit(const json::Array &Actions, llvm::StringRef Uri,
                            llvm::StringRef Text, llvm::StringRef Rule) {
  for (const json::Value &A : Actions) {
    const json::Object *O = A.getAsObject();
    if (O->getString("title")->startswith(("Suppress " + Rule + " ").str()))
      return applyEdit(*O->getObject("edit"), Uri, Text.str());
  }
  return "<no suppression action>";
}

TEST(LspServer, SuppressionGoesAboveTheHostStatementInItsCommentSyntax) {
  Project P;
  std::string Java = "import com.datastax.oss.driver.api.core.CqlSession;\n"
                     "class Dao {\n"
                     "  void find(CqlSession session) {\n"
                     "    session.execute(\n"
                     "        \"SELECT * FROM shop.users WHERE email = ?\");\n"
                     "  }\n"
                     "}\n";
  ServerRun R;
  const json::Array *Actions = actionsIn(P, "Dao.java", Java, 4, 40, R);
  ASSERT_TRUE(Actions);
  std::string Edited =
      suppressionEdit(*Actions, lsp::uriFromPath(P.Dir.path("Dao.java")), Java,
                      "missing-index");
  EXPECT_NE(Edited.find("  void find(CqlSession session) {\n"
                        "    // nosqlint: ignore[missing-index]\n"
                        "    session.execute(\n"),
            std::string::npos)
      << Edited;

  std::string Python =
      "from cassandra.cluster import Cluster\n"
      "def find(session):\n"
      "    session.execute(\"\"\"\n"
      "        SELECT * FROM shop.users WHERE email = %s\"\"\")\n";
  Actions = actionsIn(P, "dao.py", Python, 3, 40, R);
  ASSERT_TRUE(Actions);
  Edited = suppressionEdit(*Actions, lsp::uriFromPath(P.Dir.path("dao.py")),
                           Python, "missing-index");
  EXPECT_NE(Edited.find("def find(session):\n"
                        "    # nosqlint: ignore[missing-index]\n"
                        "    session.execute("),
            std::string::npos)
      << Edited;
}

TEST(LspServer, DynamoDbRequestsGetDeprecatedTagsAndAccessPatternHovers) {
  Project P;
  std::string Table = P.Dir.path("table.json");
  Project::writeFile(
      Table, "{\"TableName\": \"Orders\", \"KeySchema\": [{\"AttributeName\": "
             "\"pk\", \"KeyType\": \"HASH\"}], \"AttributeDefinitions\": "
             "[{\"AttributeName\": \"pk\", \"AttributeType\": \"S\"}], "
             "\"BillingMode\": \"PAY_PER_REQUEST\"}\n");
  std::string Uri = lsp::uriFromPath(P.Dir.path("req.json"));
  std::string Request =
      "{\"TableName\": \"Orders\", \"KeyConditions\": {\"pk\": "
      "{\"AttributeValueList\": [{\"S\": \"a\"}], \"ComparisonOperator\": "
      "\"EQ\"}}}\n";
  std::string Session =
      framed(notification(
          "textDocument/didOpen",
          json::Object{{"textDocument", json::Object{{"uri", Uri},
                                                     {"version", 1},
                                                     {"text", Request}}}})) +
      framed(
          request(50, "textDocument/hover",
                  json::Object{{"textDocument", json::Object{{"uri", Uri}}},
                               {"position",
                                json::Object{{"line", 0}, {"character", 3}}}}));
  ServerRun R = runServer(handshake(lsp::uriFromPath(P.Dir.path(""))) +
                              Session + goodbye(),
                          {P.SchemaPath, Table});
  const json::Array &D = diagnosticsOf(R);
  ASSERT_EQ(codesOf(D), std::vector<std::string>{"legacy-parameter"});
  const json::Array *Tags = D[0].getAsObject()->getArray("tags");
  ASSERT_TRUE(Tags);
  EXPECT_EQ((*Tags)[0].getAsInteger().getValueOr(0), 2); // Deprecated
  const json::Object *Hover = responseTo(R.Messages, 50);
  ASSERT_TRUE(Hover && Hover->getObject("result"));
  std::string Value = str(
      Hover->getObject("result")->getObject("contents")->getString("value"));
  EXPECT_NE(Value.find("**Query** on `Orders`"), std::string::npos) << Value;
  EXPECT_NE(Value.find("cost: **one partition**"), std::string::npos) << Value;
}

TEST(LspServer, AJsonFileThatIsNoRequestHasNoFinding) {
  Project P;
  std::string Uri = lsp::uriFromPath(P.Dir.path("package.json"));
  ServerRun R = P.run(framed(notification(
      "textDocument/didOpen",
      json::Object{
          {"textDocument", json::Object{{"uri", Uri},
                                        {"version", 1},
                                        {"text", "{\"name\": \"app\"}\n"}}}})));
  const json::Object *Last =
      lastNotification(R.Messages, "textDocument/publishDiagnostics");
  ASSERT_TRUE(Last);
  EXPECT_TRUE(Last->getArray("diagnostics")->empty());
}

} // namespace
