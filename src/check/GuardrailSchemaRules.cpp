//===- GuardrailSchemaRules.cpp - guardrail-schema ------------------------===//
//
// The schema-level guardrails of Cassandra 4.1/5.0 (Guardrails.java:
// tables, columns_per_table, secondary_indexes_per_table,
// materialized_views_per_table, fields_per_udt, vector_dimensions,
// simplestrategy, minimum/maximum_replication_factor) and ScyllaDB's
// (restrict_replication_simplestrategy, replication_strategy_warn_list/
// _fail_list, its replication factor thresholds), judged on the schema the inputs declare, with the servers'
// messages. Counts follow the catalog's order (keyspace, then table name):
// the finding is at the first object over the limit.
//
//===----------------------------------------------------------------------===//
#include "nosqlint/Check/CqlChecker.h"

#include "nosqlint/Diag/DiagnosticEngine.h"

#include <fmt/format.h>

#include "llvm/ADT/STLExtras.h"

#include <map>
#include <vector>

namespace nosqlint::check {

namespace {

class SchemaGuardrails {
public:
  SchemaGuardrails(const GuardrailSettings &G, DiagnosticEngine &Diags)
      : G(G), Diags(Diags) {}

  void run(const schema::CqlCatalog &Catalog);

private:
  void report(SourceRange At, const GuardrailSetting &S, bool Fail,
              const std::string &Message) {
    DiagnosticBuilder B = Diags.report(
        RuleId::GuardrailSchema, Dialect::Cql, At,
        fmt::format("the configured server {} this schema: {} ({}: {})",
                    Fail ? "refuses" : "warns about", Message, S.Name,
                    S.Value));
    B.severity(Fail ? Severity::Error : Severity::Warning);
    if (S.Range.isValid())
      B.note(S.Range, fmt::format("{} is set here ({})", S.Name, G.where(S)));
  }

  /// A max threshold pair; the fail threshold first. Returns true if one
  /// fired.
  template <typename MessageFn>
  bool maxThreshold(SourceRange At, llvm::StringRef Name, long long Value,
                    MessageFn Message) {
    if (const GuardrailSetting *F = G.threshold(Name.str() + "_fail_threshold");
        F && Value > F->Number) {
      report(At, *F, true, Message(true, F->Number));
      return true;
    }
    if (const GuardrailSetting *W = G.threshold(Name.str() + "_warn_threshold");
        W && Value > W->Number) {
      report(At, *W, false, Message(false, W->Number));
      return true;
    }
    return false;
  }

  void table(const schema::CqlTable &T);
  void keyspace(const schema::CqlKeyspace &K);
  void scyllaKeyspace(const schema::CqlKeyspace &K, SourceRange At);
  /// ScyllaDB's threshold: on at 0 or more (-1 disables it).
  const GuardrailSetting *scyllaThreshold(llvm::StringRef Name) const {
    const GuardrailSetting *S = G.find(Name);
    return S && S->Number >= 0 ? S : nullptr;
  }

  const GuardrailSettings &G;
  DiagnosticEngine &Diags;
};

bool isSystemKeyspace(llvm::StringRef K) {
  return K.startswith("system") || K == "dse_system" || K == "dse_security";
}

void SchemaGuardrails::table(const schema::CqlTable &T) {
  SourceRange At = T.NameRange.isValid() ? T.NameRange : T.Range;
  long long Columns = static_cast<long long>(T.Columns.size());
  if (!T.IsView)
    maxThreshold(At, "columns_per_table", Columns, [&](bool Fail, long long L) {
      return Fail ? fmt::format("Tables cannot have more than {} columns, but "
                                "{} provided for table {}",
                                L, Columns, T.Name)
                  : fmt::format("The table {} has {} columns, this exceeds the "
                                "warning threshold of {}.",
                                T.Name, Columns, L);
    });
  for (size_t I = 0; I < T.Indexes.size(); ++I) {
    const schema::CqlIndex &X = T.Indexes[I];
    long long Count = static_cast<long long>(I + 1);
    if (maxThreshold(X.Range, "secondary_indexes_per_table", Count,
                     [&](bool Fail, long long L) {
                       return Fail ? fmt::format(
                                         "Tables cannot have more than {} "
                                         "secondary indexes, aborting the "
                                         "creation of secondary index {}",
                                         L, X.Name)
                                   : fmt::format(
                                         "Creating secondary index {}, current "
                                         "number of indexes {} exceeds warning "
                                         "threshold of {}.",
                                         X.Name, Count, L);
                     }))
      break;
  }
  for (const schema::CqlColumn &Col : T.Columns) {
    if (Col.Type.Kind != cql::CqlType::Vector)
      continue;
    long long Dims = Col.Type.Dimension;
    maxThreshold(Col.Range, "vector_dimensions", Dims, [&](bool Fail, long long L) {
      return fmt::format("{} has a vector of {} dimensions, this exceeds the {} "
                         "threshold of {}.",
                         Col.Name, Dims, Fail ? "failure" : "warning", L);
    });
  }
}

void SchemaGuardrails::keyspace(const schema::CqlKeyspace &K) {
  if (!K.Replication)
    return;
  const schema::KeyspaceReplication &R = *K.Replication;
  SourceRange At = R.Range.isValid() ? R.Range : K.Range;
  if (G.Server == GuardrailServer::ScyllaDb)
    return scyllaKeyspace(K, At);
  if (R.isSimpleStrategy()) {
    if (const GuardrailSetting *S = G.disabled("simplestrategy_enabled")) {
      report(At, *S, true, "SimpleStrategy is not allowed");
      return; // refused before its factors are looked at
    }
  }
  for (const auto &Entry : R.Factors) {
    const auto &Factor = Entry.second; // a plain name: lambdas capture it
    if (const GuardrailSetting *F = G.threshold("minimum_replication_factor_fail_threshold");
        F && Factor < F->Number) {
      report(At, *F, true,
             fmt::format("The keyspace {} has a replication factor of {}, "
                         "below the failure threshold of {}.",
                         K.Name, Factor, F->Number));
      return;
    }
    if (const GuardrailSetting *W = G.threshold("minimum_replication_factor_warn_threshold");
        W && Factor < W->Number) {
      report(At, *W, false,
             fmt::format("The keyspace {} has a replication factor of {}, "
                         "below the warning threshold of {}.",
                         K.Name, Factor, W->Number));
      return;
    }
    if (maxThreshold(At, "maximum_replication_factor", Factor,
                     [&](bool Fail, long long L) {
                       return fmt::format("The keyspace {} has a replication "
                                          "factor of {}, above the {} "
                                          "threshold of {}.",
                                          K.Name, Factor,
                                          Fail ? "failure" : "warning", L);
                     }))
      return;
  }
}

/// ScyllaDB's check_against_restricted_replication_strategies
/// (cql3/statements/create_keyspace_statement.cc), in its order and words:
/// the strategy's fail list (restrict_replication_simplestrategy: true puts
/// SimpleStrategy on it), then each replication factor against the
/// minimum/maximum fail, then warn thresholds; a failure refuses the
/// statement, the warnings all reach the client. The lists' default (a warn
/// list holding SimpleStrategy, in recent versions) is not assumed: a
/// setting the file does not write is not judged.
void SchemaGuardrails::scyllaKeyspace(const schema::CqlKeyspace &K,
                                      SourceRange At) {
  const schema::KeyspaceReplication &R = *K.Replication;
  const std::string &Class = R.Class;
  llvm::StringRef Type = llvm::StringRef(Class).rsplit('.').second.empty()
                             ? llvm::StringRef(Class)
                             : llvm::StringRef(Class).rsplit('.').second;
  auto Lists = [&](llvm::StringRef Name) {
    const GuardrailSetting *S = G.find(Name);
    return S && llvm::is_contained(S->Levels, Type) ? S : nullptr;
  };
  const GuardrailSetting *Restrict =
      Type == "SimpleStrategy" ? G.find("restrict_replication_simplestrategy")
                               : nullptr;
  const GuardrailSetting *FailBy =
      Restrict && Restrict->Value == "true"
          ? Restrict
          : Lists("replication_strategy_fail_list");
  if (FailBy) {
    report(At, *FailBy, true,
           fmt::format("{0} replication class is not recommended, and "
                       "forbidden by the current configuration, but was used "
                       "for keyspace {1}. You may override this restriction by "
                       "modifying replication_strategy_fail_list configuration "
                       "option to not list {0}.",
                       Class, K.Name));
    return;
  }
  // The replication factors: the first failure refuses the statement.
  struct Warning {
    const GuardrailSetting *S;
    std::string Message;
  };
  std::vector<Warning> Warnings;
  const GuardrailSetting *WarnBy =
      Restrict && Restrict->Value == "warn"
          ? Restrict
          : Lists("replication_strategy_warn_list");
  if (WarnBy)
    Warnings.push_back(
        {WarnBy,
         fmt::format("{0} replication class is not recommended, but was used "
                     "for keyspace {1}. You may suppress this warning by "
                     "delisting {0} from replication_strategy_warn_list "
                     "configuration option, or make it into an error by "
                     "listing this replication strategy on "
                     "replication_strategy_fail_list.",
                     Class, K.Name)});
  for (const auto &Entry : R.Factors) {
    const std::string &Option = Entry.first;
    long long Factor = Entry.second;
    if (Factor <= 0 || Option == "initial_tablets")
      continue;
    const GuardrailSetting *S = nullptr;
    if ((S = scyllaThreshold("minimum_replication_factor_fail_threshold")) &&
        Factor < S->Number) {
      report(At, *S, true,
             fmt::format("Replication Factor {}={} is forbidden by the current "
                         "configuration setting of "
                         "minimum_replication_factor_fail_threshold={}. Please "
                         "increase replication factor, or lower "
                         "minimum_replication_factor_fail_threshold set in the "
                         "configuration.",
                         Option, Factor, S->Number));
      return;
    }
    if ((S = scyllaThreshold("maximum_replication_factor_fail_threshold")) &&
        Factor > S->Number) {
      report(At, *S, true,
             fmt::format("Replication Factor {}={} is forbidden by the current "
                         "configuration setting of "
                         "maximum_replication_factor_fail_threshold={}. Please "
                         "decrease replication factor, or increase "
                         "maximum_replication_factor_fail_threshold set in the "
                         "configuration.",
                         Option, Factor, S->Number));
      return;
    }
    if ((S = scyllaThreshold("minimum_replication_factor_warn_threshold")) &&
        Factor < S->Number)
      Warnings.push_back(
          {S, fmt::format("Using Replication Factor {}={} lower than the "
                          "minimum_replication_factor_warn_threshold={} is not "
                          "recommended.",
                          Option, Factor, S->Number)});
    else if ((S = scyllaThreshold("maximum_replication_factor_warn_threshold")) &&
             Factor > S->Number)
      Warnings.push_back(
          {S, fmt::format("Using Replication Factor {}={} greater than the "
                          "maximum_replication_factor_warn_threshold={} is not "
                          "recommended.",
                          Option, Factor, S->Number)});
  }
  for (const Warning &W : Warnings)
    report(At, *W.S, false, W.Message);
}

void SchemaGuardrails::run(const schema::CqlCatalog &Catalog) {
  long long Tables = 0;
  bool TablesReported = false;
  std::map<std::string, long long> ViewsOf;
  for (const schema::CqlTable *T : Catalog.tables()) {
    if (isSystemKeyspace(T->Keyspace))
      continue;
    SourceRange At = T->NameRange.isValid() ? T->NameRange : T->Range;
    if (T->IsView) {
      std::string Base = T->Keyspace + "." + T->BaseTable;
      long long N = ++ViewsOf[Base];
      maxThreshold(At, "materialized_views_per_table", N,
                   [&](bool Fail, long long L) {
                     return Fail ? fmt::format(
                                       "Tables cannot have more than {} "
                                       "materialized views, aborting the "
                                       "creation of materialized view {}",
                                       L, T->Name)
                                 : fmt::format(
                                       "Creating materialized view {}, current "
                                       "number of views {} exceeds warning "
                                       "threshold of {}.",
                                       T->Name, N, L);
                   });
    } else {
      ++Tables;
      if (!TablesReported)
        TablesReported = maxThreshold(
            At, "tables", Tables, [&](bool Fail, long long L) {
              return Fail ? fmt::format("Cannot have more than {} tables, "
                                        "aborting the creation of table {}",
                                        L, T->Name)
                          : fmt::format("Creating table {}, current number of "
                                        "tables {} exceeds warning threshold "
                                        "of {}.",
                                        T->Name, Tables, L);
            });
    }
    table(*T);
  }
  for (const schema::CqlKeyspace *K : Catalog.keyspaces()) {
    if (isSystemKeyspace(K->Name))
      continue;
    keyspace(*K);
    for (const auto &Entry : K->Types) {
      const auto &Type = Entry.second; // a plain name: lambdas capture it
      long long Fields = static_cast<long long>(Type.Fields.size());
      maxThreshold(Type.Range, "fields_per_udt", Fields,
                   [&](bool Fail, long long L) {
                     return Fail ? fmt::format("User types cannot have more "
                                               "than {} columns, but {} "
                                               "provided for user type {}.",
                                               L, Fields, Type.Name)
                                 : fmt::format("The user type {} has {} "
                                               "columns, this exceeds the "
                                               "warning threshold of {}.",
                                               Type.Name, Fields, L);
                   });
    }
  }
}

} // namespace

void checkSchemaGuardrails(const schema::CqlCatalog &Catalog,
                           const GuardrailSettings &Settings,
                           DiagnosticEngine &Diags) {
  SchemaGuardrails(Settings, Diags).run(Catalog);
}

} // namespace nosqlint::check
