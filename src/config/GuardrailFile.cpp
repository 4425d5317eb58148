//===- GuardrailFile.cpp - cassandra.yaml / scylla.yaml guardrails --------===//
//
// Names, kinds and defaults are the servers' own: Cassandra's
// GuardrailsOptions and cassandra.yaml (4.1, 5.0: thresholds default to -1,
// and a value of 0 or less disables one; *_enabled flags default to true;
// consistency level sets default to empty), ScyllaDB's db/config.cc
// (strict_allow_filtering and restrict_replication_simplestrategy take
// true, false or warn; its thresholds also disable at -1).
//
//===----------------------------------------------------------------------===//
#include "nosqlint/Config/GuardrailFile.h"

#include "nosqlint/IR/ExecutionFacts.h"
#include "nosqlint/Json/PositionedYaml.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/YAMLParser.h"

#include <algorithm>
#include <climits>

namespace nosqlint::config {

namespace {

using check::GuardrailServer;
using check::GuardrailSetting;

constexpr CoveredGuardrail Covered[] = {
    // Cassandra 4.1 / 5.0 (GuardrailsOptions), query level.
    {"allow_filtering_enabled", "flag"},
    {"group_by_enabled", "flag"},
    {"user_timestamps_enabled", "flag"},
    {"read_before_write_list_operations_enabled", "flag"},
    {"drop_truncate_table_enabled", "flag"},
    {"drop_keyspace_enabled", "flag"},
    {"partition_keys_in_select_warn_threshold", "threshold"},
    {"partition_keys_in_select_fail_threshold", "threshold"},
    {"in_select_cartesian_product_warn_threshold", "threshold"},
    {"in_select_cartesian_product_fail_threshold", "threshold"},
    {"page_size_warn_threshold", "threshold"},
    {"page_size_fail_threshold", "threshold"},
    {"read_consistency_levels_warned", "levels"},
    {"read_consistency_levels_disallowed", "levels"},
    {"write_consistency_levels_warned", "levels"},
    {"write_consistency_levels_disallowed", "levels"},
    // Schema level.
    {"tables_warn_threshold", "threshold"},
    {"tables_fail_threshold", "threshold"},
    {"columns_per_table_warn_threshold", "threshold"},
    {"columns_per_table_fail_threshold", "threshold"},
    {"secondary_indexes_per_table_warn_threshold", "threshold"},
    {"secondary_indexes_per_table_fail_threshold", "threshold"},
    {"materialized_views_per_table_warn_threshold", "threshold"},
    {"materialized_views_per_table_fail_threshold", "threshold"},
    {"fields_per_udt_warn_threshold", "threshold"},
    {"fields_per_udt_fail_threshold", "threshold"},
    {"vector_dimensions_warn_threshold", "threshold"},
    {"vector_dimensions_fail_threshold", "threshold"},
    {"simplestrategy_enabled", "flag"},
    {"minimum_replication_factor_warn_threshold", "threshold"},
    {"minimum_replication_factor_fail_threshold", "threshold"},
    {"maximum_replication_factor_warn_threshold", "threshold"},
    {"maximum_replication_factor_fail_threshold", "threshold"},
    // ScyllaDB (db/config.cc).
    {"strict_allow_filtering", "word"},
    {"restrict_replication_simplestrategy", "word"},
    {"replication_strategy_warn_list", "strategies"},
    {"replication_strategy_fail_list", "strategies"},
    {"batch_size_warn_threshold_in_kb", "threshold"},
    {"batch_size_fail_threshold_in_kb", "threshold"},
};

/// Keys only a scylla.yaml has.
bool isScyllaKey(llvm::StringRef K) {
  static const char *const Keys[] = {
      "strict_allow_filtering", "restrict_replication_simplestrategy",
      "replication_strategy_warn_list", "replication_strategy_fail_list",
      "developer_mode", "api_port", "api_address", "alternator_port",
      "enable_tablets", "murmur3_partitioner_ignore_msb_bits",
      "restrict_dtcs", "experimental_features"};
  return llvm::is_contained(Keys, K);
}

const CoveredGuardrail *coveredNamed(llvm::StringRef Name) {
  for (const CoveredGuardrail &C : Covered)
    if (Name == C.Name)
      return &C;
  return nullptr;
}

class Reader {
public:
  Reader(llvm::StringRef Text, FileId File, GuardrailRead &Out)
      : Text(Text), File(File), Out(Out) {}

  void mapping(llvm::yaml::MappingNode &M, unsigned Depth);
  bool SawScyllaKey = false;

private:
  void setting(llvm::StringRef Key, llvm::yaml::Node &KeyNode,
               llvm::yaml::Node *Value, const CoveredGuardrail &C);
  uint32_t offsetOf(const llvm::yaml::Node &N) const {
    const char *P = N.getSourceRange().Start.getPointer();
    if (!P || P < Text.begin() || P > Text.end())
      return 0;
    return static_cast<uint32_t>(P - Text.begin());
  }
  void error(const llvm::yaml::Node &N, std::string Message) {
    Out.Errors.push_back({offsetOf(N), std::move(Message)});
  }
  std::optional<std::string> scalar(llvm::yaml::Node *N) {
    auto *S = llvm::dyn_cast_or_null<llvm::yaml::ScalarNode>(N);
    if (!S)
      return std::nullopt;
    llvm::SmallString<32> Storage;
    return S->getValue(Storage).str();
  }

  llvm::StringRef Text;
  FileId File;
  GuardrailRead &Out;
};

void Reader::setting(llvm::StringRef Key, llvm::yaml::Node &KeyNode,
                     llvm::yaml::Node *Value, const CoveredGuardrail &C) {
  GuardrailSetting S;
  S.Name = Key.str();
  uint32_t Begin = offsetOf(KeyNode);
  S.Range = SourceRange(File, Begin, Begin + static_cast<uint32_t>(Key.size()));
  S.Line = 1 + static_cast<unsigned>(Text.take_front(Begin).count('\n'));
  llvm::StringRef Kind = C.Kind;
  if (Kind == "strategies") {
    // ScyllaDB's replication_strategy_restriction_t names (db/config.cc).
    static const char *const Names[] = {"SimpleStrategy", "LocalStrategy",
                                        "NetworkTopologyStrategy",
                                        "EverywhereStrategy"};
    if (auto V = scalar(Value); V && (V->empty() || *V == "null" || *V == "~")) {
      S.Value = "[]";
      Out.Settings.Settings[S.Name] = std::move(S);
      return;
    }
    auto *Seq = llvm::dyn_cast_or_null<llvm::yaml::SequenceNode>(Value);
    if (!Seq) {
      error(Value ? *Value : KeyNode,
            Key.str() + " must be a list of replication strategies");
      return;
    }
    bool Bad = false;
    for (llvm::yaml::Node &Item : *Seq) {
      std::optional<std::string> Name = scalar(&Item);
      if (!Bad && (!Name || !llvm::is_contained(Names, *Name))) {
        error(Item, Key.str() + ": '" + (Name ? *Name : std::string("?")) +
                        "' is not SimpleStrategy, LocalStrategy, "
                        "NetworkTopologyStrategy or EverywhereStrategy");
        Bad = true;
      }
      Item.skip();
      if (Name)
        S.Levels.push_back(*Name);
    }
    if (Bad)
      return;
    S.Value = "[" + llvm::join(S.Levels, ", ") + "]";
    Out.Settings.Settings[S.Name] = std::move(S);
    return;
  }
  if (Kind == "levels") {
    // A flow or block sequence of level names; `[]` or null: none.
    if (auto V = scalar(Value); V && (V->empty() || *V == "null" || *V == "~")) {
      S.Value = "[]";
      Out.Settings.Settings[S.Name] = std::move(S);
      return;
    }
    auto *Seq = llvm::dyn_cast_or_null<llvm::yaml::SequenceNode>(Value);
    if (!Seq) {
      error(Value ? *Value : KeyNode,
            Key.str() + " must be a list of consistency levels");
      return;
    }
    // The whole sequence is read even past a bad item: the parser streams.
    bool Bad = false;
    for (llvm::yaml::Node &Item : *Seq) {
      std::optional<std::string> Name = scalar(&Item);
      std::string Level = Name ? canonicalConsistencyLevel(*Name) : "";
      if (!Bad &&
          (Level.empty() || (Name && llvm::StringRef(*Name).upper() != Level))) {
        error(Item, Key.str() + ": '" + (Name ? *Name : std::string("?")) +
                        "' is not a consistency level");
        Bad = true;
      }
      Item.skip();
      S.Levels.push_back(Level);
    }
    if (Bad)
      return;
    S.Value = "[" + llvm::join(S.Levels, ", ") + "]";
    Out.Settings.Settings[S.Name] = std::move(S);
    return;
  }
  std::optional<std::string> V = scalar(Value);
  if (!V) {
    error(Value ? *Value : KeyNode, Key.str() + " must be a single value");
    return;
  }
  S.Value = *V;
  if (Kind == "flag") {
    std::string L = llvm::StringRef(*V).lower();
    if (L != "true" && L != "false") {
      error(*Value, Key.str() + " must be true or false, not '" + *V + "'");
      return;
    }
    S.Flag = L == "true";
  } else if (Kind == "threshold") {
    long long N = 0;
    if (llvm::StringRef(*V).trim().getAsInteger(10, N) || N < -1 ||
        N > INT32_MAX) {
      error(*Value, Key.str() + " must be an integer from -1 to 2147483647, "
                                "not '" + *V + "'");
      return;
    }
    S.Number = N;
  } else { // word: true, false or warn
    std::string L = llvm::StringRef(*V).lower();
    if (L != "true" && L != "false" && L != "warn") {
      error(*Value, Key.str() + " must be true, false or warn, not '" + *V + "'");
      return;
    }
    S.Value = L;
    S.Flag = L == "true";
  }
  Out.Settings.Settings[S.Name] = std::move(S);
}

void Reader::mapping(llvm::yaml::MappingNode &M, unsigned Depth) {
  for (llvm::yaml::KeyValueNode &KV : M) {
    llvm::yaml::Node *KeyNode = KV.getKey();
    std::optional<std::string> Key = scalar(KeyNode);
    llvm::yaml::Node *Value = KV.getValue();
    if (!Key || !KeyNode) {
      if (Value)
        Value->skip();
      continue;
    }
    // DSE-style files nest the settings under `guardrails:`.
    if (*Key == "guardrails" && Depth == 0)
      if (auto *Inner = llvm::dyn_cast_or_null<llvm::yaml::MappingNode>(Value)) {
        mapping(*Inner, Depth + 1);
        continue;
      }
    if (isScyllaKey(*Key))
      SawScyllaKey = true;
    if (const CoveredGuardrail *C = coveredNamed(*Key))
      setting(*Key, *KeyNode, Value, *C);
    // The rest of the value (the server's other settings, or what a bad
    // setting left unread).
    if (Value)
      Value->skip();
  }
}

} // namespace

llvm::ArrayRef<CoveredGuardrail> coveredGuardrails() { return Covered; }

GuardrailSpec parseGuardrailSpec(llvm::StringRef Spec) {
  GuardrailSpec G;
  if (Spec == "astra") {
    G.Profile = Spec.str();
    return G;
  }
  if (Spec.consume_front("cassandra:"))
    G.Server = GuardrailServer::Cassandra;
  else if (Spec.consume_front("scylla:") || Spec.consume_front("scylladb:"))
    G.Server = GuardrailServer::ScyllaDb;
  G.Path = Spec.str();
  return G;
}

std::optional<check::GuardrailSettings>
builtinGuardrailProfile(llvm::StringRef Name) {
  if (Name != "astra")
    return std::nullopt;
  // Astra DB Serverless's database limits page: writes at ONE, ANY and
  // LOCAL_ONE are refused; up to 50 tables per database; list operations
  // that read before they write (UPDATE or DELETE of a list element by
  // index) are not allowed.
  check::GuardrailSettings S;
  S.Server = GuardrailServer::Astra;
  S.Source = "astra";
  auto Add = [&](GuardrailSetting G) { S.Settings[G.Name] = std::move(G); };
  GuardrailSetting W;
  W.Name = "write_consistency_levels_disallowed";
  W.Levels = {"ANY", "LOCAL_ONE", "ONE"};
  W.Value = "[ANY, LOCAL_ONE, ONE]";
  Add(W);
  GuardrailSetting T;
  T.Name = "tables_fail_threshold";
  T.Number = 50;
  T.Value = "50";
  Add(T);
  GuardrailSetting L;
  L.Name = "read_before_write_list_operations_enabled";
  L.Flag = false;
  L.Value = "false";
  Add(L);
  return S;
}

GuardrailRead readGuardrails(llvm::StringRef Text, llvm::StringRef Path,
                             FileId File,
                             std::optional<GuardrailServer> Forced) {
  GuardrailRead Out;
  Out.Settings.Source = Path.str();
  llvm::SourceMgr SM;
  json::FirstYamlDiagnostic Err(Text);
  Err.attach(SM);
  llvm::yaml::Stream Stream(Text, SM, /*ShowColors=*/false);
  Reader R(Text, File, Out);
  // LLVM's parser nests without bound: refuse what no server file holds.
  unsigned Depth = 0, MaxDepth = 0;
  for (char C : Text) {
    if (C == '[' || C == '{')
      MaxDepth = std::max(MaxDepth, ++Depth);
    else if ((C == ']' || C == '}') && Depth)
      --Depth;
  }
  if (MaxDepth > 64) {
    Out.Errors.push_back({0, "nested too deeply for a server settings file"});
    return Out;
  }
  llvm::yaml::document_iterator Doc = Stream.begin();
  if (Doc != Stream.end()) {
    llvm::yaml::Node *Root = Doc->getRoot();
    if (auto *M = llvm::dyn_cast_or_null<llvm::yaml::MappingNode>(Root))
      R.mapping(*M, 0);
    else if (Root && !llvm::isa<llvm::yaml::NullNode>(Root) &&
             !Err.isSet())
      Out.Errors.push_back(
          {0, "a server settings file is a mapping of settings"});
  }
  if (Err.isSet() || Stream.failed())
    Out.Errors.push_back(
        {Err.offset(),
         "not valid YAML: " + (Err.isSet() ? Err.message() : "malformed")});
  llvm::StringRef Name = llvm::sys::path::filename(Path);
  Out.Settings.Server =
      Forced ? *Forced
      : (R.SawScyllaKey || Name.contains_insensitive("scylla"))
          ? GuardrailServer::ScyllaDb
          : GuardrailServer::Cassandra;
  return Out;
}

} // namespace nosqlint::config
