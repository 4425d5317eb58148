//===- YamlCommands.cpp - CQL that YAML files run or hold -----------------===//
//
// The YAML is parsed once (json::parseYamlDocuments), then walked with the
// key path of every value:
// - in a mapping, `entrypoint`, `command` and `args` lists are the words
//   of one command, in that order (Kubernetes joins command and args, and
//   compose entrypoint and command); a `command`/`entrypoint` string is
//   split into words as a shell would, but without a shell's expansions
//   (compose's shlex.split, Ansible's command module);
// - a healthcheck's `test` list is exec form after `CMD`, a shell text
//   after `CMD-SHELL`;
// - `run`, `shell`, `script`, `before_script`, `after_script`, `commands`
//   and `cmd` hold shell texts (a string, or a list of them);
// - a key named like a file holds that file (a Kubernetes ConfigMap's
//   `data:`): `init.cql` a CQL script, `setup.sh` a shell script;
// - any other string under a Cassandra key that starts with a statement
//   keyword is a configuration statement.
// Every scalar is decoded with its positions (json::decodeYamlScalar). In
// a Kubernetes manifest, `$(NAME)` in a command or args word is the
// container's environment variable (a hole), `$$` is `$`.
//
//===----------------------------------------------------------------------===//
#include "nosqlint/Extract/YamlCommands.h"

#include "ConfigStatements.h"
#include "MappedShellText.h"
#include "Rebuilt.h"

#include "nosqlint/Json/PositionedYaml.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

#include <algorithm>

namespace nosqlint::extract {

using json::JsonMember;
using json::JsonValue;

namespace {

constexpr unsigned MaxWalkDepth = 256;

/// The file spans a template fills before YAML is read: `{{ ... }}` on one
/// line, with a `$` right before it (`${{ }}`, GitHub Actions).
struct TemplateSpans {
  std::vector<std::pair<uint32_t, uint32_t>> Spans; // sorted, disjoint

  bool contains(uint32_t Offset) const {
    auto It = llvm::upper_bound(
        Spans, Offset, [](uint32_t O, const std::pair<uint32_t, uint32_t> &S) {
          return O < S.first;
        });
    return It != Spans.begin() && Offset < std::prev(It)->second;
  }
  /// The span holding \p Offset (contains() is true).
  std::pair<uint32_t, uint32_t> at(uint32_t Offset) const {
    auto It = llvm::upper_bound(
        Spans, Offset, [](uint32_t O, const std::pair<uint32_t, uint32_t> &S) {
          return O < S.first;
        });
    return *std::prev(It);
  }
};

/// \p Text with every template span masked, offsets kept: a line that is
/// only template actions (`{{- if ... }}`, `{{ end }}`) becomes blanks;
/// a span inside a line becomes letters (a plain word to YAML).
std::string maskTemplates(llvm::StringRef Text, TemplateSpans &Out) {
  std::string Masked = Text.str();
  if (!Text.contains("{{"))
    return Masked;
  size_t LineBegin = 0;
  while (LineBegin < Text.size()) {
    size_t LineEnd = Text.find('\n', LineBegin);
    if (LineEnd == llvm::StringRef::npos)
      LineEnd = Text.size();
    llvm::StringRef Line = Text.slice(LineBegin, LineEnd);
    std::vector<std::pair<uint32_t, uint32_t>> InLine;
    size_t I = 0;
    while ((I = Line.find("{{", I)) != llvm::StringRef::npos) {
      size_t Close = Line.find("}}", I + 2);
      if (Close == llvm::StringRef::npos)
        break;
      size_t B = I > 0 && Line[I - 1] == '$' ? I - 1 : I;
      InLine.emplace_back(static_cast<uint32_t>(LineBegin + B),
                          static_cast<uint32_t>(LineBegin + Close + 2));
      I = Close + 2;
    }
    if (!InLine.empty()) {
      // Only actions and blanks on the line: blanked.
      std::string Rest = Line.str();
      for (auto [B, E] : InLine)
        for (uint32_t K = B; K < E; ++K)
          Rest[K - LineBegin] = ' ';
      bool OnlyActions = llvm::StringRef(Rest).trim().empty();
      for (auto [B, E] : InLine) {
        for (uint32_t K = B; K < E; ++K)
          Masked[K] = OnlyActions ? ' ' : 'x';
        if (!OnlyActions)
          Out.Spans.emplace_back(B, E);
      }
    }
    LineBegin = LineEnd + 1;
  }
  return Masked;
}

/// Where text byte \p I of \p S is written: [begin, length), exact or not.
struct ByteSpan {
  uint32_t Begin, Length;
  bool Exact;
};
ByteSpan byteAt(const json::YamlScalarText &S, uint32_t I) {
  auto It = llvm::upper_bound(
      S.Segments, I, [](uint32_t O, const TextOrigin::Segment &G) {
        return O < G.TextBegin;
      });
  const TextOrigin::Segment &G = *std::prev(It);
  if (G.Length == G.FileLength)
    return {G.FileBegin + (I - G.TextBegin), 1, true};
  return {G.FileBegin, G.FileLength, false};
}

/// Feeds the decoded scalar \p S to \p Sink (exact, mapped and hole calls
/// of Rebuilt or MappedShellText): template spans are holes, and in a
/// compose file its interpolation (`$$` is `$`; `${...}` and `$NAME` are
/// values of the environment).
template <typename SinkT>
void feed(const json::YamlScalarText &S, const TemplateSpans &Templates,
          bool Compose, bool Kubernetes, SinkT &Sink) {
  const std::string &T = S.Text;
  uint32_t N = static_cast<uint32_t>(T.size());
  for (uint32_t I = 0; I < N;) {
    ByteSpan B = byteAt(S, I);
    if (Templates.contains(B.Begin)) {
      auto [HB, HE] = Templates.at(B.Begin);
      Sink.hole(HB, HE - HB);
      while (I < N && Templates.contains(byteAt(S, I).Begin) &&
             Templates.at(byteAt(S, I).Begin).first == HB)
        ++I;
      continue;
    }
    if (Kubernetes && T[I] == '$' && I + 1 < N) {
      // Kubernetes expands `$(NAME)` in command and args from the
      // container's environment; `$$` is `$`.
      if (T[I + 1] == '$') {
        ByteSpan E = byteAt(S, I + 1);
        Sink.mapped("$", B.Begin, E.Begin + E.Length - B.Begin);
        I += 2;
        continue;
      }
      uint32_t J = I + 2;
      while (T[I + 1] == '(' && J < N && (llvm::isAlnum(T[J]) || T[J] == '_'))
        ++J;
      if (T[I + 1] == '(' && J > I + 2 && J < N && T[J] == ')' &&
          !llvm::isDigit(T[I + 2])) {
        ByteSpan E = byteAt(S, J);
        Sink.hole(B.Begin, E.Begin + E.Length - B.Begin);
        I = J + 1;
        continue;
      }
    }
    if (Compose && T[I] == '$' && I + 1 < N) {
      char C = T[I + 1];
      if (C == '$') {
        ByteSpan E = byteAt(S, I + 1);
        Sink.mapped("$", B.Begin, E.Begin + E.Length - B.Begin);
        I += 2;
        continue;
      }
      uint32_t J = I + 1;
      if (C == '{') {
        while (J < N && T[J] != '}')
          ++J;
        J = std::min(J + 1, N);
      } else if (llvm::isAlpha(C) || C == '_') {
        while (J < N && (llvm::isAlnum(T[J]) || T[J] == '_'))
          ++J;
      }
      if (J > I + 1) {
        ByteSpan E = byteAt(S, J - 1);
        Sink.hole(B.Begin, E.Begin + E.Length - B.Begin);
        I = J;
        continue;
      }
    }
    if (B.Exact)
      Sink.exact(llvm::StringRef(&T[I], 1), B.Begin);
    else
      Sink.mapped(llvm::StringRef(&T[I], 1), B.Begin, B.Length);
    ++I;
  }
}

struct ShellSink {
  MappedShellText Text;
  void exact(llvm::StringRef B, uint32_t At) { Text.appendExact(B, At); }
  void mapped(llvm::StringRef B, uint32_t At, uint32_t L) {
    Text.appendMapped(B, At, L);
  }
  void hole(uint32_t At, uint32_t L) { Text.appendHole(At, L); }
};

struct RebuiltSink {
  Rebuilt R;
  void exact(llvm::StringRef B, uint32_t At) { R.appendVerbatim(B, At); }
  void mapped(llvm::StringRef B, uint32_t At, uint32_t L) {
    R.appendMapped(B, At, L);
  }
  void hole(uint32_t At, uint32_t L) { R.appendHole(At, L); }
};

bool isScalar(const JsonValue &V) {
  return !V.isNull() && V.K != JsonValue::Kind::Array &&
         V.K != JsonValue::Kind::Object && V.End > V.Begin;
}

bool isShellTextKey(llvm::StringRef K) {
  static const char *const Keys[] = {"run",          "shell",
                                     "script",       "before_script",
                                     "after_script", "commands",
                                     "cmd",          "ansible.builtin.shell",
                                     "win_shell"};
  return llvm::is_contained(Keys, K);
}

bool isExecKey(llvm::StringRef K) {
  return K == "entrypoint" || K == "command" || K == "args" ||
         K == "ansible.builtin.command";
}

class YamlReader {
public:
  YamlReader(FileId File, llvm::StringRef Masked, const TemplateSpans &T,
             bool Compose, bool Kubernetes)
      : File(File), Masked(Masked), Templates(T), Compose(Compose),
        Kubernetes(Kubernetes) {}

  void walk(const JsonValue &V, const std::string &Path,
            llvm::StringRef ParentKey, unsigned Depth);
  ShellExtraction take() {
    llvm::stable_sort(Out.Snippets, [](const CqlSnippet &A, const CqlSnippet &B) {
      return A.Range.Begin < B.Range.Begin;
    });
    return std::move(Out);
  }

private:
  std::optional<json::YamlScalarText> decode(const JsonValue &V) const {
    if (!isScalar(V))
      return std::nullopt;
    return json::decodeYamlScalar(Masked, V.Begin, V.End);
  }
  std::optional<MappedShellText> shellText(const JsonValue &V,
                                           bool ExecWord = false) const {
    std::optional<json::YamlScalarText> S = decode(V);
    if (!S)
      return std::nullopt;
    ShellSink Sink;
    feed(*S, Templates, Compose, ExecWord && Kubernetes, Sink);
    return std::move(Sink.Text);
  }
  void readShellText(const JsonValue &V, bool Expands = true);
  void readShellTexts(const JsonValue &V, unsigned Depth = 0);
  void readExecWords(const std::vector<const JsonValue *> &Words);
  void readMapping(const JsonValue &V, llvm::StringRef ParentKey);
  void readConfigValue(const JsonValue &V, const std::string &Path);
  void readCqlFile(const JsonValue &V, const std::string &Path);
  CqlSnippet snippetOf(const json::YamlScalarText &S, const JsonValue &V);
  void add(ShellExtraction X) {
    for (CqlSnippet &S : X.Snippets)
      Out.Snippets.push_back(std::move(S));
    for (CqlshFile &F : X.Files)
      Out.Files.push_back(std::move(F));
  }

  FileId File;
  llvm::StringRef Masked;
  const TemplateSpans &Templates;
  bool Compose;
  bool Kubernetes; // a manifest: `$(NAME)` of command and args is expanded
  ShellExtraction Out;
};

void YamlReader::readShellText(const JsonValue &V, bool Expands) {
  std::optional<MappedShellText> T = shellText(V);
  if (!T || !mayRunCqlsh(T->text()))
    return;
  add(extractShellCommands(File, T->readCommands(Expands)));
}

void YamlReader::readShellTexts(const JsonValue &V, unsigned Depth) {
  if (V.K == JsonValue::Kind::Array) {
    if (Depth < 2) // GitLab CI lists may nest one level (YAML anchors)
      for (const JsonValue &E : V.Elements)
        readShellTexts(E, Depth + 1);
    return;
  }
  readShellText(V);
}

void YamlReader::readExecWords(const std::vector<const JsonValue *> &Words) {
  ShellCommand C;
  bool MayRun = false;
  for (const JsonValue *W : Words) {
    std::optional<MappedShellText> T = shellText(*W, /*ExecWord=*/true);
    if (!T)
      return; // a word not known here: the command is not read
    MayRun |= mayRunCqlsh(T->text());
    C.Words.push_back(T->asWord());
  }
  if (!MayRun || C.Words.empty())
    return;
  std::vector<ShellCommand> Commands;
  Commands.push_back(std::move(C));
  add(extractShellCommands(File, std::move(Commands)));
}

const JsonValue *member(const JsonValue &V, llvm::StringRef Key) {
  for (const JsonMember &M : V.Members)
    if (M.Key == Key)
      return &M.Value;
  return nullptr;
}

void YamlReader::readMapping(const JsonValue &V, llvm::StringRef ParentKey) {
  // Exec form: the lists of entrypoint, command and args, joined.
  std::vector<const JsonValue *> Words;
  bool AnyList = false;
  for (llvm::StringRef Key :
       {"entrypoint", "ansible.builtin.command", "command", "args"}) {
    const JsonValue *Value = member(V, Key);
    if (!Value)
      continue;
    if (Value->K == JsonValue::Kind::Array) {
      AnyList = true;
      for (const JsonValue &E : Value->Elements)
        Words.push_back(&E);
    } else if (Key != "args" && isScalar(*Value)) {
      // A string: split into words like a shell, but no shell runs it
      // (compose's shlex, Ansible's command module).
      readShellText(*Value, /*Expands=*/false);
    }
  }
  if (AnyList)
    readExecWords(Words);
  for (const JsonMember &M : V.Members) {
    llvm::StringRef Key = M.Key;
    if (isShellTextKey(Key)) {
      readShellTexts(M.Value);
      continue;
    }
    if (Key == "test" && ParentKey == "healthcheck") {
      const JsonValue &T = M.Value;
      if (T.K != JsonValue::Kind::Array) {
        readShellText(T);
        continue;
      }
      if (T.Elements.empty() || T.Elements[0].Str.empty())
        continue;
      llvm::StringRef Form = T.Elements[0].Str;
      if (Form == "CMD-SHELL" && T.Elements.size() >= 2) {
        readShellText(T.Elements[1]);
      } else if (Form == "CMD") {
        std::vector<const JsonValue *> Test;
        for (size_t I = 1; I < T.Elements.size(); ++I)
          Test.push_back(&T.Elements[I]);
        readExecWords(Test);
      }
    }
  }
}

CqlSnippet YamlReader::snippetOf(const json::YamlScalarText &S,
                                 const JsonValue &V) {
  RebuiltSink Sink;
  feed(S, Templates, Compose, /*Kubernetes=*/false, Sink);
  CqlSnippet Snippet;
  Snippet.Text = Sink.R.text();
  Snippet.Origin = Sink.R.origin(File);
  Snippet.Range = SourceRange(File, V.Begin, V.End);
  Snippet.Trust = Sink.R.trust();
  Snippet.Holes = Sink.R.holes();
  Snippet.Source = SnippetSource::Config;
  return Snippet;
}

void YamlReader::readConfigValue(const JsonValue &V, const std::string &Path) {
  if (V.K != JsonValue::Kind::String || !namesCassandraKey(Path))
    return;
  std::optional<json::YamlScalarText> S = decode(V);
  if (!S || !startsWithStatementKeyword(S->Text))
    return;
  CqlSnippet Snippet = snippetOf(*S, V);
  Snippet.Reason = "a statement in the Cassandra configuration key '" + Path + "'";
  Out.Snippets.push_back(std::move(Snippet));
}

void YamlReader::readCqlFile(const JsonValue &V, const std::string &Path) {
  if (V.K != JsonValue::Kind::String)
    return;
  std::optional<json::YamlScalarText> S = decode(V);
  if (!S || llvm::StringRef(S->Text).trim().empty())
    return;
  CqlSnippet Snippet = snippetOf(*S, V);
  blankCqlshCommands(Snippet.Text); // a file cqlsh runs: its own commands are no CQL
  if (llvm::StringRef(Snippet.Text).trim().empty())
    return;
  // Such a file is cqlsh's input (`cqlsh -f /initdb/init.cql` on the
  // mounted ConfigMap): its errors are reported, as a shell script's are.
  Snippet.Source = SnippetSource::Shell;
  Snippet.Reason = "a CQL file held by the YAML key '" + Path + "'";
  Out.Snippets.push_back(std::move(Snippet));
}

bool endsWithFileExtension(llvm::StringRef Key, llvm::StringRef Ext) {
  return Key.size() > Ext.size() && Key.endswith_insensitive(Ext);
}

void YamlReader::walk(const JsonValue &V, const std::string &Path,
                      llvm::StringRef ParentKey, unsigned Depth) {
  if (Depth > MaxWalkDepth)
    return;
  if (V.K == JsonValue::Kind::Object) {
    readMapping(V, ParentKey);
    for (const JsonMember &M : V.Members) {
      if (isShellTextKey(M.Key) || isExecKey(M.Key) ||
          (M.Key == "test" && ParentKey == "healthcheck"))
        continue; // read as commands
      std::string Inner = Path.empty() ? M.Key : Path + "." + M.Key;
      if (endsWithFileExtension(M.Key, ".cql")) {
        readCqlFile(M.Value, Inner);
        continue;
      }
      if (endsWithFileExtension(M.Key, ".sh") ||
          endsWithFileExtension(M.Key, ".bash")) {
        readShellText(M.Value);
        continue;
      }
      walk(M.Value, Inner, M.Key, Depth + 1);
    }
    return;
  }
  if (V.K == JsonValue::Kind::Array) {
    for (const JsonValue &E : V.Elements)
      walk(E, Path, ParentKey, Depth + 1);
    return;
  }
  readConfigValue(V, Path);
}

/// A compose file: `services` at the top, no Kubernetes `apiVersion`.
bool isComposeFile(const JsonValue &Root) {
  const JsonValue *Services = member(Root, "services");
  return Root.K == JsonValue::Kind::Object && Services &&
         Services->K == JsonValue::Kind::Object && !member(Root, "apiVersion") &&
         !member(Root, "on") && !member(Root, "jobs");
}

/// A Kubernetes manifest: `apiVersion` and `kind` at the top.
bool isKubernetesManifest(const JsonValue &Root) {
  return Root.K == JsonValue::Kind::Object && member(Root, "apiVersion") &&
         member(Root, "kind");
}

} // namespace

bool mayHoldYamlCql(llvm::StringRef Text) {
  return mayRunCqlsh(Text) || namesCassandraKey(Text);
}

ShellExtraction extractYamlFile(FileId File, llvm::StringRef Text,
                                std::optional<YamlRefusal> *Refused) {
  if (Text.size() >= UINT32_MAX || !mayHoldYamlCql(Text))
    return {};
  TemplateSpans Templates;
  std::string Masked = maskTemplates(Text, Templates);
  std::vector<JsonValue> Docs;
  uint32_t ErrOffset = 0;
  std::string ErrMessage;
  if (!json::parseYamlDocuments(Masked, Docs, ErrOffset, ErrMessage)) {
    if (Refused)
      *Refused = YamlRefusal{ErrOffset, ErrMessage};
    return {};
  }
  ShellExtraction All;
  for (const JsonValue &Doc : Docs) {
    YamlReader R(File, Masked, Templates, isComposeFile(Doc),
                 isKubernetesManifest(Doc));
    R.walk(Doc, "", "", 0);
    ShellExtraction X = R.take();
    for (CqlSnippet &S : X.Snippets)
      All.Snippets.push_back(std::move(S));
    for (CqlshFile &F : X.Files)
      All.Files.push_back(std::move(F));
  }
  return All;
}

} // namespace nosqlint::extract
