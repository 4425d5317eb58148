//===- ConfigFile.cpp - One nosqlint.toml, read and checked ---------------===//
//
// toml++ parses the text; a ConfigReader then walks the top-level table key
// by key, checks each value's type and words, and fills a ConfigFile. Each
// problem becomes one ConfigError at the position toml++ recorded for the key
// or value, so the message points where the user has to edit.
//
//===----------------------------------------------------------------------===//
#include "nosqlint/Config/ConfigFile.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <fmt/format.h>
#include <toml++/toml.h>

#include <algorithm>
#include <tuple>

namespace nosqlint::config {

std::string displayPath(llvm::StringRef AbsolutePath) {
  llvm::SmallString<256> Cwd;
  if (llvm::sys::fs::current_path(Cwd))
    return AbsolutePath.str();
  llvm::StringRef P = AbsolutePath;
  if (P == Cwd)
    return ".";
  if (P.consume_front(Cwd) && P.consume_front("/"))
    return P.str();
  return AbsolutePath.str();
}

std::string ConfigError::str() const {
  if (Line == 0)
    return fmt::format("{}: error: {}", displayPath(Path), Message);
  return fmt::format("{}:{}:{}: error: {}", displayPath(Path), Line, Column,
                     Message);
}

bool RuleList::contains(RuleId Id) const {
  return All || std::find(Rules.begin(), Rules.end(), Id) != Rules.end();
}

static const llvm::StringRef Keys[] = {
    "extend",       "select",         "extend-select",
    "ignore",       "severity",       "per-file-ignores",
    "exclude",      "extend-exclude", "force-exclude",
    "schema",       "target",         "dialect",
    "strict-allow-filtering",         "max-file-size",
    "format",       "fail-on",        "include-generated",
    "report-unused-ignores",          "cache-dir",
    "guardrails"};

llvm::ArrayRef<llvm::StringRef> configKeys() { return Keys; }

namespace {

const char *typeName(toml::node_type T) {
  switch (T) {
  case toml::node_type::none:
    return "nothing";
  case toml::node_type::table:
    return "a table";
  case toml::node_type::array:
    return "an array";
  case toml::node_type::string:
    return "a string";
  case toml::node_type::integer:
    return "an integer";
  case toml::node_type::floating_point:
    return "a float";
  case toml::node_type::boolean:
    return "a boolean";
  case toml::node_type::date:
    return "a date";
  case toml::node_type::time:
    return "a time";
  case toml::node_type::date_time:
    return "a date-time";
  }
  return "a value";
}

class ConfigReader {
public:
  ConfigReader(ConfigFile &Out, std::vector<ConfigError> &Errors)
      : Out(Out), Errors(Errors) {}

  void readTable(const toml::table &Table) {
    for (auto &&[Key, Node] : Table)
      readKey(std::string(Key.str()), Key.source(), Node);
  }

  bool failed() const { return Failed; }

private:
  void error(const toml::source_region &At, std::string Message) {
    Errors.push_back({Out.Path, At.begin.line, At.begin.column,
                      std::move(Message)});
    Failed = true;
  }

  void readKey(const std::string &Key, const toml::source_region &KeyAt,
               const toml::node &Node) {
    const std::string &Shown = Key;
    if (Key == "extend")
      readExtend(Shown, Node);
    else if (Key == "select")
      Out.Select = readRules(Shown, Node);
    else if (Key == "extend-select")
      Out.ExtendSelect = readRules(Shown, Node);
    else if (Key == "ignore")
      Out.Ignore = readRules(Shown, Node);
    else if (Key == "severity")
      readSeverities(Shown, Node);
    else if (Key == "per-file-ignores")
      readPerFileIgnores(Shown, Node);
    else if (Key == "exclude")
      Out.Exclude = readStrings(Shown, Node);
    else if (Key == "extend-exclude") {
      if (auto L = readStrings(Shown, Node))
        Out.ExtendExclude = *L;
    } else if (Key == "force-exclude")
      Out.ForceExclude = readBool(Shown, Node);
    else if (Key == "schema")
      readSchemas(Shown, Node);
    else if (Key == "target" || Key == "dialect")
      readTarget(Key, Shown, Node);
    else if (Key == "strict-allow-filtering")
      readWord(Shown, Node, parseStrictAllowFiltering, "on, warn or off",
               Out.StrictAllowFiltering);
    else if (Key == "max-file-size")
      readSize(Shown, Node);
    else if (Key == "format")
      readWord(Shown, Node, parseOutputFormat, outputFormatChoices(),
               Out.Format);
    else if (Key == "fail-on")
      readWord(Shown, Node, parseFailOn, "error, warning, note or never",
               Out.FailOn);
    else if (Key == "include-generated")
      Out.IncludeGenerated = readBool(Shown, Node);
    else if (Key == "report-unused-ignores")
      Out.ReportUnusedIgnores = readBool(Shown, Node);
    else if (Key == "cache-dir") {
      if (std::optional<std::string> Dir = readString(Shown, Node))
        Out.CacheDir = absolute(*Dir);
    } else if (Key == "guardrails") {
      // `astra`, or a server file (with its `cassandra:`/`scylla:` prefix)
      // relative to this configuration's folder.
      if (std::optional<std::string> G = readString(Shown, Node)) {
        llvm::StringRef V(*G);
        std::string Prefix;
        for (const char *P : {"cassandra:", "scylla:", "scylladb:"})
          if (V.consume_front(P))
            Prefix = P;
        Out.Guardrails = V == "astra" && Prefix.empty()
                             ? V.str()
                             : Prefix + absolute(V.str());
      }
    }
    else {
      std::string Near = nearestName(Key, configKeys());
      error(KeyAt, "unknown key '" + Shown + "'" +
                       (Near.empty() ? std::string()
                                     : " (did you mean '" + Near + "'?)"));
    }
  }

  std::optional<std::string> readString(const std::string &Key,
                                        const toml::node &Node,
                                        const char *What = "a string") {
    if (const auto *S = Node.as_string())
      return S->get();
    error(Node.source(), "'" + Key + "' must be " + What + ", not " +
                             typeName(Node.type()));
    return std::nullopt;
  }

  std::optional<bool> readBool(const std::string &Key, const toml::node &Node) {
    if (const auto *B = Node.as_boolean())
      return B->get();
    error(Node.source(), "'" + Key + "' must be true or false, not " +
                             typeName(Node.type()));
    return std::nullopt;
  }

  /// An array of strings; each element is handed to \p Each when given.
  std::optional<std::vector<std::string>>
  readStrings(const std::string &Key, const toml::node &Node,
              const char *What = "an array of strings") {
    const auto *A = Node.as_array();
    if (!A) {
      error(Node.source(), "'" + Key + "' must be " + What + ", not " +
                               typeName(Node.type()));
      return std::nullopt;
    }
    std::vector<std::string> Result;
    bool Ok = true;
    for (const toml::node &E : *A) {
      if (const auto *S = E.as_string()) {
        Result.push_back(S->get());
        continue;
      }
      // One error per key: the first wrong element.
      error(E.source(), "'" + Key + "' must be " + What + "; this element is " +
                            typeName(E.type()));
      Ok = false;
      break;
    }
    if (!Ok)
      return std::nullopt;
    return Result;
  }

  std::optional<RuleList> readRules(const std::string &Key,
                                    const toml::node &Node) {
    const auto *A = Node.as_array();
    if (!A) {
      error(Node.source(), "'" + Key + "' must be an array of rule ids, not " +
                               typeName(Node.type()));
      return std::nullopt;
    }
    RuleList List;
    bool Ok = true;
    for (const toml::node &E : *A) {
      const auto *S = E.as_string();
      if (!S) {
        error(E.source(), "'" + Key + "' must be an array of rule ids; this "
                                      "element is " +
                              typeName(E.type()));
        Ok = false;
        break; // one error per key
      }
      llvm::StringRef Name = S->get();
      if (Name == "ALL") {
        List.All = true;
        continue;
      }
      if (std::optional<RuleId> Id = findRule(Name)) {
        List.Rules.push_back(*Id);
        continue;
      }
      std::string Near = nearestRuleName(Name);
      error(E.source(), "unknown rule '" + Name.str() + "' in '" + Key + "'" +
                            (Near.empty() ? std::string()
                                          : " (did you mean '" + Near + "'?)"));
      Ok = false;
      break; // one error per key
    }
    if (!Ok)
      return std::nullopt;
    return List;
  }

  void readExtend(const std::string &Key, const toml::node &Node) {
    std::optional<std::string> Path = readString(Key, Node, "a file path");
    if (!Path)
      return;
    if (Path->empty()) {
      error(Node.source(), "'" + Key + "' must name a configuration file");
      return;
    }
    Out.Extend = absolute(*Path);
  }

  void readSeverities(const std::string &Key, const toml::node &Node) {
    const auto *T = Node.as_table();
    if (!T) {
      error(Node.source(), "'" + Key + "' must be a table of rule id = "
                                       "\"error\" | \"warning\" | \"note\", "
                                       "not " +
                               typeName(Node.type()));
      return;
    }
    for (auto &&[RuleKey, Value] : *T) {
      std::string Name(RuleKey.str());
      std::optional<RuleId> Id = findRule(Name);
      if (!Id) {
        std::string Near = nearestRuleName(Name);
        error(RuleKey.source(),
              "unknown rule '" + Name + "' in '" + Key + "'" +
                  (Near.empty() ? std::string()
                                : " (did you mean '" + Near + "'?)"));
        continue;
      }
      std::optional<std::string> Word =
          readString(Key + "." + Name, Value, "\"error\", \"warning\" or \"note\"");
      if (!Word)
        continue;
      std::optional<Severity> S = parseSeverity(*Word);
      if (!S) {
        error(Value.source(), "invalid severity '" + *Word + "' for '" + Key +
                                  "." + Name +
                                  "' (expected error, warning or note)");
        continue;
      }
      Out.Severities[*Id] = *S;
    }
  }

  void readPerFileIgnores(const std::string &Key, const toml::node &Node) {
    const auto *T = Node.as_table();
    if (!T) {
      error(Node.source(), "'" + Key + "' must be a table of glob = [rule "
                                       "ids], not " +
                               typeName(Node.type()));
      return;
    }
    std::vector<PerFileIgnore> Result;
    for (auto &&[Glob, Value] : *T) {
      std::string G(Glob.str());
      std::optional<RuleList> Rules = readRules(Key + ".\"" + G + "\"", Value);
      if (Rules)
        Result.push_back({G, *Rules});
    }
    Out.PerFileIgnores = std::move(Result);
  }

  void readSchemas(const std::string &Key, const toml::node &Node) {
    // One path, or an array of them.
    if (Node.is_string()) {
      Out.Schemas = std::vector<std::string>{absolute(*Node.value<std::string>())};
      return;
    }
    std::optional<std::vector<std::string>> Paths =
        readStrings(Key, Node, "a path or an array of paths");
    if (!Paths)
      return;
    for (std::string &P : *Paths)
      P = absolute(P);
    Out.Schemas = std::move(*Paths);
  }

  void readTarget(const std::string &Key, const std::string &Shown,
                  const toml::node &Node) {
    std::optional<std::string> Word = readString(Shown, Node);
    if (!Word)
      return;
    if (Out.TargetDb) {
      error(Node.source(), "'dialect' and 'target' both name the database; "
                           "keep one ('target')");
      return;
    }
    std::optional<Target> T;
    if (Key == "dialect") {
      // The command line's --dialect words.
      if (*Word == "cassandra" || *Word == "scylladb")
        T = parseTarget(*Word);
    } else {
      T = parseTarget(*Word);
    }
    if (!T) {
      std::string Choices =
          Key == "dialect"
              ? std::string("cassandra or scylladb")
              : std::string("cassandra-5.0, cassandra-4.1, cassandra-4.0, "
                            "scylladb or dynamodb");
      error(Node.source(), "invalid " + Shown + " '" + *Word +
                               "' (expected " + Choices + ")");
      return;
    }
    Out.TargetDb = *T;
  }

  void readSize(const std::string &Key, const toml::node &Node) {
    const auto *I = Node.as_integer();
    if (!I) {
      error(Node.source(), "'" + Key + "' must be a number of bytes, not " +
                               typeName(Node.type()));
      return;
    }
    if (I->get() <= 0) {
      error(Node.source(), "'" + Key + "' must be a positive number of bytes");
      return;
    }
    Out.MaxFileSize = static_cast<uint64_t>(I->get());
  }

  template <typename T>
  void readWord(const std::string &Key, const toml::node &Node,
                std::optional<T> (*Parse)(llvm::StringRef),
                llvm::StringRef Choices, std::optional<T> &Into) {
    std::optional<std::string> Word = readString(Key, Node);
    if (!Word)
      return;
    std::optional<T> V = Parse(*Word);
    if (!V) {
      error(Node.source(), "invalid " + Key + " '" + *Word + "' (expected " +
                               Choices.str() + ")");
      return;
    }
    Into = std::move(*V);
  }

  std::string absolute(llvm::StringRef Path) const {
    llvm::SmallString<256> P;
    if (llvm::sys::path::is_absolute(Path))
      P = Path;
    else {
      P = Out.Directory;
      llvm::sys::path::append(P, Path);
    }
    llvm::sys::path::remove_dots(P, /*remove_dot_dot=*/true);
    return std::string(P);
  }

  ConfigFile &Out;
  std::vector<ConfigError> &Errors;
  bool Failed = false;
};

} // namespace

std::optional<ConfigFile> parseConfigText(llvm::StringRef Path,
                                          llvm::StringRef Text,
                                          bool IsPyproject,
                                          std::vector<ConfigError> &Errors) {
  ConfigFile Config;
  Config.Path = Path.str();
  Config.Directory = llvm::sys::path::parent_path(Path).str();
  toml::table Root;
  try {
    Root = toml::parse(std::string_view(Text.data(), Text.size()),
                       std::string_view(Path.data(), Path.size()));
  } catch (const toml::parse_error &E) {
    Errors.push_back({Config.Path, E.source().begin.line,
                      E.source().begin.column, std::string(E.description())});
    return std::nullopt;
  }
  size_t ErrorsBefore = Errors.size();
  ConfigReader Reader(Config, Errors);
  if (IsPyproject) {
    const toml::node *Tool = Root.get("tool");
    const toml::table *ToolTable = Tool ? Tool->as_table() : nullptr;
    const toml::node *Ours = ToolTable ? ToolTable->get("nosqlint") : nullptr;
    if (!Ours)
      return std::nullopt;
    const toml::table *Table = Ours->as_table();
    if (!Table) {
      Errors.push_back({Config.Path, Ours->source().begin.line,
                        Ours->source().begin.column,
                        "'tool.nosqlint' must be a table"});
      return std::nullopt;
    }
    Reader.readTable(*Table);
  } else {
    Reader.readTable(Root);
  }
  if (Reader.failed()) {
    // toml++ keeps a table's keys sorted; report in the file's order.
    std::stable_sort(Errors.begin() + ErrorsBefore, Errors.end(),
                     [](const ConfigError &A, const ConfigError &B) {
                       return std::tie(A.Line, A.Column) <
                              std::tie(B.Line, B.Column);
                     });
    return std::nullopt;
  }
  return Config;
}

} // namespace nosqlint::config
