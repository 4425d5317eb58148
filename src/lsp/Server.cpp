//===- Server.cpp - nosqlint's language server ----------------------------===//
//
// The life cycle (initialize, initialized, shutdown, exit), one handler per
// method, and the dispatch that turns every malformed message into the
// JSON-RPC error it deserves: a body that is no JSON is a parse error, a
// message without a method or with an id of the wrong type an invalid
// request, params of the wrong shape invalid params, an unknown request
// method-not-found. An unknown notification is dropped, as the protocol
// says. `$/cancelRequest` is accepted and does nothing: requests are
// answered in order, each before the next is read.
//
//===----------------------------------------------------------------------===//
#include "nosqlint/Lsp/Server.h"

#include "CodeActions.h"
#include "DiagnosticConversion.h"
#include "DocumentStore.h"
#include "Hover.h"
#include "Protocol.h"

#include "nosqlint/Basic/SourceManager.h"
#include "nosqlint/Config/ConfigResolver.h"
#include "nosqlint/Lsp/Transport.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <exception>
#include <map>

namespace nosqlint::lsp {

namespace json = llvm::json;

namespace {

/// A request's failure, answered as a JSON-RPC error.
struct RequestError {
  ErrorCode Code;
  std::string Message;
};

const json::Object &paramsOf(const json::Object &Message) {
  static const json::Object Empty;
  const json::Object *P = Message.getObject("params");
  return P ? *P : Empty;
}

std::string textDocumentUri(const json::Object &Params) {
  const json::Object *TD = Params.getObject("textDocument");
  if (!TD)
    throw RequestError{ErrorCode::InvalidParams,
                       "params.textDocument is missing"};
  llvm::Optional<llvm::StringRef> Uri = TD->getString("uri");
  if (!Uri)
    throw RequestError{ErrorCode::InvalidParams,
                       "params.textDocument.uri is not a string"};
  return Uri->str();
}

bool isConfigFile(llvm::StringRef Path) {
  llvm::StringRef Name = llvm::sys::path::filename(Path);
  return Name == "nosqlint.toml" || Name == ".nosqlint.toml" ||
         Name == "pyproject.toml";
}

} // namespace

class ServerState {
public:
  ServerState(ServerOptions Options, llvm::raw_ostream &Out)
      : Options(std::move(Options)), Out(Out) {}

  void handle(llvm::StringRef Body);
  void badFrame(llvm::StringRef Error) {
    logMessage(1, "nosqlint: a malformed message was skipped: " + Error.str());
    sendError(nullptr, ErrorCode::ParseError, Error.str());
  }

  /// Checks the documents changed since their last check.
  void checkStale() {
    for (auto &Entry : Docs.all())
      if (Entry.second.Stale)
        check(Entry.second);
  }

  bool Exited = false;
  bool ShutdownRequested = false;

private:
  using RequestHandler = json::Value (ServerState::*)(const json::Object &);
  using NotificationHandler = void (ServerState::*)(const json::Object &);

  void dispatch(const json::Object &Message);
  void send(json::Value Message) { writeMessage(Out, Message); }
  /// A message may quote the client's bytes (a bad frame's header): those
  /// that are no UTF-8 are replaced, so what we send is JSON.
  static std::string validUtf8(std::string S) {
    return json::isUTF8(S) ? std::move(S) : json::fixUTF8(S);
  }
  void sendError(json::Value Id, ErrorCode Code, std::string Message) {
    Message = validUtf8(std::move(Message));
    send(json::Object{
        {"jsonrpc", "2.0"},
        {"id", std::move(Id)},
        {"error", json::Object{{"code", static_cast<int64_t>(Code)},
                               {"message", std::move(Message)}}}});
  }
  void notify(llvm::StringRef Method, json::Value Params) {
    send(json::Object{
        {"jsonrpc", "2.0"}, {"method", Method}, {"params", std::move(Params)}});
  }
  /// A request of ours to the client; its answer is not waited for.
  void request(llvm::StringRef Method, json::Value Params) {
    send(json::Object{{"jsonrpc", "2.0"},
                      {"id", "nosqlint-" + std::to_string(++OutgoingId)},
                      {"method", Method},
                      {"params", std::move(Params)}});
  }
  /// window/logMessage; Type: 1 error, 2 warning, 3 info, 4 log.
  void logMessage(int Type, std::string Message) {
    Message = validUtf8(std::move(Message));
    notify("window/logMessage",
           json::Object{{"type", Type}, {"message", std::move(Message)}});
  }

  // Requests.
  json::Value initialize(const json::Object &Params);
  json::Value shutdown(const json::Object &Params);
  json::Value codeAction(const json::Object &Params);
  json::Value hover(const json::Object &Params);
  json::Value executeCommand(const json::Object &Params);
  // Notifications.
  void initialized(const json::Object &Params);
  void exit(const json::Object &) { Exited = true; }
  void didOpen(const json::Object &Params);
  void didChange(const json::Object &Params);
  void didSave(const json::Object &Params);
  void didClose(const json::Object &Params);
  void didChangeWatchedFiles(const json::Object &Params);
  void ignored(const json::Object &) {}

  void openWorkspace();
  void check(Document &Doc);
  void recheckAll();
  Document &documentOf(const json::Object &Params);

  ServerOptions Options;
  llvm::raw_ostream &Out;
  bool Initialized = false;
  std::string Root;
  std::unique_ptr<Workspace> Space;
  DocumentStore Docs;
  bool ClientWatchesFiles = false;
  PositionEncoding Encoding = PositionEncoding::Utf16;
  unsigned OutgoingId = 0;
};

void ServerState::handle(llvm::StringRef Body) {
  llvm::Expected<json::Value> V = json::parse(Body);
  if (!V) {
    std::string Why = llvm::toString(V.takeError());
    sendError(nullptr, ErrorCode::ParseError, "the message is no JSON: " + Why);
    return;
  }
  const json::Object *Message = V->getAsObject();
  if (!Message) {
    sendError(nullptr, ErrorCode::InvalidRequest,
              V->kind() == json::Value::Array
                  ? "batches are not supported"
                  : "a message must be a JSON object");
    return;
  }
  dispatch(*Message);
}

void ServerState::dispatch(const json::Object &Message) {
  const json::Value *Id = Message.get("id");
  const json::Value *Method = Message.get("method");
  if (Id && Id->kind() != json::Value::Number &&
      Id->kind() != json::Value::String && Id->kind() != json::Value::Null) {
    sendError(nullptr, ErrorCode::InvalidRequest,
              "the id must be a number or a string");
    return;
  }
  if (!Method) {
    // A response to one of our requests (registerCapability,
    // showDocument): nothing waits for it.
    if (Id && (Message.get("result") || Message.get("error")))
      return;
    sendError(Id ? *Id : json::Value(nullptr), ErrorCode::InvalidRequest,
              "a message without a method");
    return;
  }
  llvm::Optional<llvm::StringRef> Name = Method->getAsString();
  if (!Name) {
    sendError(Id ? *Id : json::Value(nullptr), ErrorCode::InvalidRequest,
              "the method must be a string");
    return;
  }
  const json::Value *Params = Message.get("params");
  // Absent or null params (shutdown, exit) are no params.
  if (Params && Params->kind() != json::Value::Object &&
      Params->kind() != json::Value::Array &&
      Params->kind() != json::Value::Null) {
    if (Id)
      sendError(*Id, ErrorCode::InvalidParams,
                "params must be an object or an array");
    return;
  }
  static const std::map<std::string, RequestHandler, std::less<>> Requests = {
      {"initialize", &ServerState::initialize},
      {"shutdown", &ServerState::shutdown},
      {"textDocument/codeAction", &ServerState::codeAction},
      {"textDocument/hover", &ServerState::hover},
      {"workspace/executeCommand", &ServerState::executeCommand},
  };
  static const std::map<std::string, NotificationHandler, std::less<>>
      Notifications = {
          {"initialized", &ServerState::initialized},
          {"exit", &ServerState::exit},
          {"textDocument/didOpen", &ServerState::didOpen},
          {"textDocument/didChange", &ServerState::didChange},
          {"textDocument/didSave", &ServerState::didSave},
          {"textDocument/didClose", &ServerState::didClose},
          {"workspace/didChangeWatchedFiles",
           &ServerState::didChangeWatchedFiles},
          {"$/cancelRequest", &ServerState::ignored},
          {"$/setTrace", &ServerState::ignored},
          {"workspace/didChangeConfiguration", &ServerState::ignored},
      };
  const json::Object &P = paramsOf(Message);
  if (!Id) {
    auto It = Notifications.find(*Name);
    if (It == Notifications.end())
      return; // unknown notifications are dropped
    if (!Initialized && *Name != "exit")
      return;
    try {
      (this->*It->second)(P);
    } catch (const RequestError &E) {
      logMessage(1, "nosqlint: " + Name->str() + ": " + E.Message);
    } catch (const std::exception &E) {
      logMessage(1, "nosqlint: internal error in " + Name->str() + ": " +
                        E.what());
    }
    return;
  }
  auto It = Requests.find(*Name);
  if (It == Requests.end()) {
    sendError(*Id, ErrorCode::MethodNotFound,
              "nosqlint does not handle " + Name->str());
    return;
  }
  if (!Initialized && *Name != "initialize") {
    sendError(*Id, ErrorCode::ServerNotInitialized,
              "the server is not initialized yet");
    return;
  }
  if (ShutdownRequested) {
    sendError(*Id, ErrorCode::InvalidRequest, "the server is shutting down");
    return;
  }
  try {
    json::Value Result = (this->*It->second)(P);
    send(json::Object{
        {"jsonrpc", "2.0"}, {"id", *Id}, {"result", std::move(Result)}});
  } catch (const RequestError &E) {
    sendError(*Id, E.Code, E.Message);
  } catch (const std::exception &E) {
    sendError(*Id, ErrorCode::InternalError,
              std::string("internal error: ") + E.what());
  }
}

json::Value ServerState::initialize(const json::Object &Params) {
  if (Initialized)
    throw RequestError{ErrorCode::InvalidRequest, "initialize was sent twice"};
  // The root: the first workspace folder, rootUri, rootPath, the current
  // folder.
  std::optional<std::string> RootPath;
  if (const json::Array *Folders = Params.getArray("workspaceFolders"))
    if (!Folders->empty())
      if (const json::Object *F = Folders->front().getAsObject())
        if (llvm::Optional<llvm::StringRef> Uri = F->getString("uri"))
          RootPath = pathFromUri(*Uri);
  if (!RootPath)
    if (llvm::Optional<llvm::StringRef> Uri = Params.getString("rootUri"))
      RootPath = pathFromUri(*Uri);
  if (!RootPath)
    if (llvm::Optional<llvm::StringRef> P = Params.getString("rootPath"))
      RootPath = P->str();
  Root = RootPath ? *RootPath : config::absolutePath(".");
  if (const json::Object *Caps = Params.getObject("capabilities")) {
    if (const json::Object *W = Caps->getObject("workspace"))
      if (const json::Object *F = W->getObject("didChangeWatchedFiles"))
        ClientWatchesFiles =
            F->getBoolean("dynamicRegistration").getValueOr(false);
    if (const json::Object *G = Caps->getObject("general"))
      Encoding = negotiatedEncoding(G->getArray("positionEncodings"));
  }
  Initialized = true;
  openWorkspace();
  return json::Object{
      {"capabilities",
       json::Object{
           {"positionEncoding", encodingName(Encoding)},
           {"textDocumentSync",
            json::Object{{"openClose", true},
                         {"change", 1}, // full text
                         {"save", json::Object{{"includeText", false}}}}},
           {"hoverProvider", true},
           {"codeActionProvider",
            json::Object{
                {"codeActionKinds", json::Array{"quickfix", "refactor"}}}},
           {"executeCommandProvider",
            json::Object{{"commands", json::Array{OpenRulePageCommand}}}},
       }},
      {"serverInfo",
       json::Object{{"name", "nosqlint"}, {"version", Options.Version}}}};
}

void ServerState::initialized(const json::Object &) {
  if (!ClientWatchesFiles)
    return;
  // Schema and configuration files, wherever they are: a change reloads.
  json::Array Watchers;
  for (const char *Glob :
       {"**/*.cql", "**/*.json", "**/*.yaml", "**/*.yml", "**/*.tf",
        "**/nosqlint.toml", "**/.nosqlint.toml", "**/pyproject.toml"})
    Watchers.push_back(json::Object{{"globPattern", Glob}});
  request(
      "client/registerCapability",
      json::Object{{"registrations",
                    json::Array{json::Object{
                        {"id", "nosqlint-watch"},
                        {"method", "workspace/didChangeWatchedFiles"},
                        {"registerOptions",
                         json::Object{{"watchers", std::move(Watchers)}}}}}}});
}

json::Value ServerState::shutdown(const json::Object &) {
  ShutdownRequested = true;
  return nullptr;
}

void ServerState::openWorkspace() {
  std::string Error;
  Space = Options.OpenWorkspace ? Options.OpenWorkspace(Root, Error) : nullptr;
  if (!Space) {
    logMessage(1, "nosqlint: " +
                      (Error.empty() ? std::string("no workspace") : Error));
    notify("window/showMessage",
           json::Object{{"type", 1},
                        {"message", "nosqlint: the configuration has an "
                                    "error; nothing is checked until it is "
                                    "fixed: " +
                                        Error}});
  }
}

void ServerState::check(Document &Doc) {
  Doc.Stale = false;
  Doc.Published.clear();
  Doc.Report = DocumentReport();
  if (Space) {
    Doc.Report = Space->check(Doc.Path, Doc.Text);
    if (!Doc.Report.Messages.empty())
      logMessage(2, Doc.Report.Messages);
    LocationConverter Loc(Doc, Space->sourceManager());
    for (const Diagnostic &D : Doc.Report.Diagnostics)
      Doc.Published.push_back(lspDiagnosticJson(D, Loc));
  }
  // Written as text: the diagnostics stay in Doc.Published for code
  // actions.
  std::string Body;
  llvm::raw_string_ostream OS(Body);
  json::OStream J(OS);
  J.object([&] {
    J.attribute("jsonrpc", "2.0");
    J.attribute("method", "textDocument/publishDiagnostics");
    J.attributeObject("params", [&] {
      J.attribute("uri", Doc.Uri);
      J.attribute("version", Doc.Version);
      J.attributeArray("diagnostics", [&] {
        for (const std::string &D : Doc.Published)
          J.rawValue(D);
      });
    });
  });
  writeFramed(Out, OS.str());
}

void ServerState::recheckAll() {
  for (auto &[Uri, Doc] : Docs.all())
    check(Doc);
}

Document &ServerState::documentOf(const json::Object &Params) {
  std::string Uri = textDocumentUri(Params);
  Document *Doc = Docs.find(Uri);
  if (!Doc)
    throw RequestError{ErrorCode::InvalidParams,
                       "the document is not open: " + Uri};
  return *Doc;
}

void ServerState::didOpen(const json::Object &Params) {
  const json::Object *TD = Params.getObject("textDocument");
  if (!TD)
    throw RequestError{ErrorCode::InvalidParams,
                       "params.textDocument is missing"};
  llvm::Optional<llvm::StringRef> Uri = TD->getString("uri");
  llvm::Optional<llvm::StringRef> Text = TD->getString("text");
  if (!Uri || !Text)
    throw RequestError{ErrorCode::InvalidParams,
                       "textDocument.uri and .text must be strings"};
  std::optional<std::string> Path = pathFromUri(*Uri);
  if (!Path)
    return; // not a file on disk (an untitled buffer, a diff view)
  Document &Doc = Docs.open(Uri->str(), *Path, Text->str(),
                            TD->getInteger("version").getValueOr(0),
                            Encoding);
  check(Doc);
}

void ServerState::didChange(const json::Object &Params) {
  Document &Doc = documentOf(Params);
  const json::Array *Changes = Params.getArray("contentChanges");
  if (!Changes)
    throw RequestError{ErrorCode::InvalidParams,
                       "contentChanges is not an array"};
  std::string Text = Doc.Text;
  for (const json::Value &C : *Changes) {
    const json::Object *O = C.getAsObject();
    llvm::Optional<llvm::StringRef> New = O ? O->getString("text") : llvm::None;
    if (!New)
      throw RequestError{ErrorCode::InvalidParams,
                         "a content change without text"};
    const json::Object *R = O->getObject("range");
    if (!R) {
      Text = New->str();
      continue;
    }
    // An incremental change (clients may send them anyway).
    LineTable Lines(Text, Encoding);
    std::optional<Position> B = positionFrom(R->get("start"));
    std::optional<Position> E = positionFrom(R->get("end"));
    if (!B || !E)
      throw RequestError{ErrorCode::InvalidParams, "a malformed change range"};
    uint32_t Begin = Lines.offset(*B), End = Lines.offset(*E);
    if (End < Begin)
      std::swap(Begin, End);
    Text = Text.substr(0, Begin) + New->str() + Text.substr(End);
  }
  if (const json::Object *TD = Params.getObject("textDocument"))
    Doc.Version = TD->getInteger("version").getValueOr(Doc.Version);
  Doc.setText(std::move(Text));
  // Checked once no further message is queued (Server::run), so a burst of
  // keystrokes costs one check, of the last text.
  Doc.Stale = true;
}

void ServerState::didSave(const json::Object &Params) {
  Document &Doc = documentOf(Params);
  if (isConfigFile(Doc.Path)) {
    openWorkspace();
    recheckAll();
    return;
  }
  if (Space && Space->isSchemaFile(Doc.Path)) {
    Space->reloadSchema();
    recheckAll();
    return;
  }
  check(Doc);
}

void ServerState::didClose(const json::Object &Params) {
  std::string Uri = textDocumentUri(Params);
  Docs.close(Uri);
  notify("textDocument/publishDiagnostics",
         json::Object{{"uri", Uri}, {"diagnostics", json::Array()}});
}

void ServerState::didChangeWatchedFiles(const json::Object &Params) {
  const json::Array *Changes = Params.getArray("changes");
  if (!Changes)
    throw RequestError{ErrorCode::InvalidParams, "changes is not an array"};
  bool Config = false, Schema = false;
  for (const json::Value &C : *Changes) {
    const json::Object *O = C.getAsObject();
    llvm::Optional<llvm::StringRef> Uri = O ? O->getString("uri") : llvm::None;
    std::optional<std::string> Path = Uri ? pathFromUri(*Uri) : std::nullopt;
    if (!Path)
      continue;
    Config |= isConfigFile(*Path);
    Schema |= Space && Space->isSchemaFile(*Path);
  }
  if (Config)
    openWorkspace();
  else if (Schema)
    Space->reloadSchema();
  if (Config || Schema)
    recheckAll();
}

json::Value ServerState::codeAction(const json::Object &Params) {
  Document &Doc = documentOf(Params);
  const json::Object *R = Params.getObject("range");
  std::optional<Position> B = R ? positionFrom(R->get("start")) : std::nullopt;
  std::optional<Position> E = R ? positionFrom(R->get("end")) : std::nullopt;
  if (!B || !E)
    throw RequestError{ErrorCode::InvalidParams, "params.range is malformed"};
  if (!Space)
    return json::Array();
  if (Doc.Stale)
    check(Doc); // actions are made from the findings of the current text
  uint32_t Begin = Doc.Lines->offset(*B), End = Doc.Lines->offset(*E);
  return codeActions(Doc, Space->sourceManager(), std::min(Begin, End),
                     std::max(Begin, End));
}

json::Value ServerState::hover(const json::Object &Params) {
  Document &Doc = documentOf(Params);
  std::optional<Position> P = positionFrom(Params.get("position"));
  if (!P)
    throw RequestError{ErrorCode::InvalidParams,
                       "params.position is malformed"};
  if (Doc.Stale)
    check(Doc);
  std::optional<json::Value> H = hoverAt(Doc, Doc.Lines->offset(*P));
  return H ? std::move(*H) : json::Value(nullptr);
}

json::Value ServerState::executeCommand(const json::Object &Params) {
  llvm::Optional<llvm::StringRef> Command = Params.getString("command");
  if (!Command || *Command != OpenRulePageCommand)
    throw RequestError{ErrorCode::InvalidParams, "unknown command"};
  const json::Array *Args = Params.getArray("arguments");
  llvm::Optional<llvm::StringRef> Url =
      Args && !Args->empty() ? (*Args)[0].getAsString() : llvm::None;
  if (!Url ||
      !Url->startswith(ruleDocUrl("").substr(0, ruleDocUrl("").size() - 3)))
    throw RequestError{ErrorCode::InvalidParams,
                       "the argument must be a rule page's URL"};
  request("window/showDocument",
          json::Object{{"uri", *Url}, {"external", true}});
  return nullptr;
}

Server::Server(ServerOptions Options, llvm::raw_ostream &Out)
    : State(std::make_unique<ServerState>(std::move(Options), Out)) {}

Server::~Server() = default;

void Server::handleMessage(llvm::StringRef Body) {
  State->handle(Body);
  State->checkStale();
}
void Server::handleBadFrame(llvm::StringRef Error) { State->badFrame(Error); }
bool Server::exited() const { return State->Exited; }
int Server::exitCode() const { return State->ShutdownRequested ? 0 : 1; }

int Server::run(std::istream &In, const std::function<bool()> &InputReady) {
  MessageReader Reader(In);
  // Changed documents are checked when no further message is waiting: a
  // change that the next one replaces is never checked. At most this many
  // messages in a row defer the check, so a client that never pauses still
  // gets diagnostics.
  constexpr unsigned MaxDeferred = 64;
  unsigned Deferred = 0;
  while (!exited()) {
    ReadResult R = Reader.next();
    if (R.Status == ReadResult::EndOfInput)
      return 1; // the client went away without `exit`
    if (R.Status == ReadResult::BadFrame)
      State->badFrame(R.Error);
    else
      State->handle(R.Body);
    bool More = In.rdbuf()->in_avail() > 0 || (InputReady && InputReady());
    if (More && ++Deferred < MaxDeferred)
      continue;
    Deferred = 0;
    State->checkStale();
  }
  return exitCode();
}

} // namespace nosqlint::lsp
