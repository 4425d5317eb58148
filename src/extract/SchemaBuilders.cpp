//===- SchemaBuilders.cpp - The drivers' SchemaBuilder chains as DDL ------===//
//
// Driver 4 (com.datastax.oss.driver.api.querybuilder.SchemaBuilder, what
// its DefaultCreateTable, DefaultCreateKeyspace, DefaultCreateIndex,
// DefaultCreateType, DefaultAlterTable and DefaultDrop write):
//
//   createKeyspace(ks).ifNotExists().withSimpleStrategy(n)
//     -> CREATE KEYSPACE IF NOT EXISTS ks WITH replication = {...}
//   createTable(ks, t).ifNotExists().withPartitionKey("k", DataTypes.TEXT)
//       .withClusteringColumn(..).withColumn(..).withStaticColumn(..)
//       .withClusteringOrder("c", ClusteringOrder.DESC)
//     -> CREATE TABLE IF NOT EXISTS ks.t (k text, ..., PRIMARY KEY ((k), c))
//        WITH CLUSTERING ORDER BY (c DESC)
//   createIndex("i").onTable(t).andColumn("c") / andColumnKeys(..) ...
//   createType(ks, "u").withField("f", DataTypes.TEXT)
//   alterTable(t).addColumn(..) / dropColumn(..) / renameColumn(..).to(..)
//   dropTable(t).ifExists(), dropKeyspace, dropIndex, dropType
//
// Driver 3 (com.datastax.driver.core.schemabuilder.SchemaBuilder):
// createTable(ks, t).ifNotExists().addPartitionKey("k", DataType.text())
// .addClusteringColumn(..).addColumn(..).addStaticColumn(..)
// .withOptions().clusteringOrder("c", Direction.DESC); createKeyspace(ks)
// .with().replication(map); createIndex(i).onTable(ks, t).andColumn(c) /
// andKeysOfColumn(c); createType(..).addColumn(..); alterTable(..)
// .addColumn(c).type(T); drop*(..).ifExists().
//
// Table options other than the clustering order and compact storage
// (comment, compaction, caching, TTL, ...) say nothing of the table's
// columns and keys: they are left out of the text. A type the builder
// computes (a user type looked up at run time) is a placeholder and the
// statement is opaque: listed, never checked, no table of the schema.
//
//===----------------------------------------------------------------------===//
#include "QueryBuilderTranslations.h"

#include "SyntaxTree.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSwitch.h"

#include <optional>

namespace nosqlint::extract {

namespace {

/// The last segment of a name: `DataTypes.TEXT` -> TEXT.
llvm::StringRef lastSegment(llvm::StringRef S) {
  return S.substr(S.rfind('.') + 1);
}

/// The owner of a call `Owner.m(..)`, empty for `m(..)`.
llvm::StringRef ownerOf(TSNode Call, llvm::StringRef Src) {
  auto Obj = childByField(Call, "object");
  if (!Obj)
    return "";
  return Src.slice(ts_node_start_byte(*Obj), ts_node_end_byte(*Obj));
}

/// Whether a boolean argument says "frozen": `true`; false for `false`;
/// nothing when computed.
std::optional<bool> flag(TSNode N, llvm::StringRef Src) {
  llvm::StringRef T = Src.slice(ts_node_start_byte(N), ts_node_end_byte(N));
  if (T == "true")
    return true;
  if (T == "false")
    return false;
  return std::nullopt;
}

std::optional<std::string> cqlType(TSNode N, llvm::StringRef Src, bool Driver3,
                                   unsigned Depth = 0);

/// `list<t>`, `frozen<set<t>>`, ... from a collection factory's arguments.
std::optional<std::string> collectionType(llvm::StringRef Kind, bool Frozen,
                                          const std::vector<TSNode> &Args,
                                          size_t Elements, llvm::StringRef Src,
                                          bool Driver3, unsigned Depth) {
  if (Args.size() < Elements || Args.size() > Elements + 1)
    return std::nullopt;
  if (Args.size() == Elements + 1) {
    std::optional<bool> F = flag(Args.back(), Src);
    if (!F)
      return std::nullopt;
    Frozen |= *F;
  }
  std::string T = Kind.str() + "<";
  for (size_t I = 0; I < Elements; ++I) {
    std::optional<std::string> E = cqlType(Args[I], Src, Driver3, Depth + 1);
    if (!E)
      return std::nullopt;
    T += (I ? ", " : "") + *E;
  }
  T += ">";
  return Frozen ? "frozen<" + T + ">" : T;
}

/// The CQL type a DataType expression denotes: driver 4's `DataTypes.TEXT`
/// (or statically imported `TEXT`), `listOf(..)`, `frozenSetOf(..)`,
/// `mapOf(k, v)`, `tupleOf(..)`, `SchemaBuilder.udt("u", frozen)`; driver
/// 3's `DataType.text()`, `DataType.list(..)`, `DataType.frozenMap(..)`.
std::optional<std::string> cqlType(TSNode N, llvm::StringRef Src, bool Driver3,
                                   unsigned Depth) {
  if (Depth > 8)
    return std::nullopt;
  llvm::StringRef Type = ts_node_type(N);
  llvm::StringRef Text = Src.slice(ts_node_start_byte(N), ts_node_end_byte(N));
  if (!Driver3 && (Type == "identifier" || Type == "field_access")) {
    llvm::StringRef Owner = Text.rsplit('.').first;
    if (Type == "field_access" && Owner != "DataTypes" &&
        !Owner.endswith(".DataTypes"))
      return std::nullopt;
    std::string T = llvm::StringSwitch<std::string>(lastSegment(Text))
                        .Case("ASCII", "ascii")
                        .Case("BIGINT", "bigint")
                        .Case("BLOB", "blob")
                        .Case("BOOLEAN", "boolean")
                        .Case("COUNTER", "counter")
                        .Case("DATE", "date")
                        .Case("DECIMAL", "decimal")
                        .Case("DOUBLE", "double")
                        .Case("DURATION", "duration")
                        .Case("FLOAT", "float")
                        .Case("INET", "inet")
                        .Case("INT", "int")
                        .Case("SMALLINT", "smallint")
                        .Case("TEXT", "text")
                        .Case("TIME", "time")
                        .Case("TIMESTAMP", "timestamp")
                        .Case("TIMEUUID", "timeuuid")
                        .Case("TINYINT", "tinyint")
                        .Case("UUID", "uuid")
                        .Case("VARINT", "varint")
                        .Default("");
    if (T.empty())
      return std::nullopt;
    return T;
  }
  llvm::StringRef M = invokedName(N, Src);
  if (M.empty())
    return std::nullopt;
  llvm::StringRef Owner = lastSegment(ownerOf(N, Src));
  std::vector<TSNode> Args = builderArgs(N);
  if (!Owner.empty() && Owner != (Driver3 ? "DataType" : "DataTypes") &&
      Owner != "SchemaBuilder")
    return std::nullopt;
  if (M == "udt" && !Args.empty() && Args.size() <= 2 &&
      llvm::StringRef(ts_node_type(Args[0])) == "string_literal") {
    llvm::StringRef Name = Src.slice(ts_node_start_byte(Args[0]) + 1,
                                     ts_node_end_byte(Args[0]) - 1);
    if (Name.empty() || !llvm::all_of(Name, [](char C) {
          return llvm::isAlnum(C) || C == '_';
        }))
      return std::nullopt;
    bool Frozen = false;
    if (Args.size() == 2) {
      std::optional<bool> F = flag(Args[1], Src);
      if (!F)
        return std::nullopt;
      Frozen = *F;
    }
    return Frozen ? "frozen<" + Name.str() + ">" : Name.str();
  }
  if (Driver3 && M == "frozen" && Args.size() == 1 &&
      llvm::StringRef(ts_node_type(Args[0])) == "string_literal") {
    // SchemaBuilder.frozen("udt")
    return "frozen<" +
           Src.slice(ts_node_start_byte(Args[0]) + 1, ts_node_end_byte(Args[0]) - 1)
               .str() +
           ">";
  }
  if (!Driver3) {
    if (M == "listOf" || M == "setOf")
      return collectionType(M.drop_back(2), false, Args, 1, Src, Driver3, Depth);
    if (M == "mapOf")
      return collectionType("map", false, Args, 2, Src, Driver3, Depth);
    if (M == "frozenListOf" || M == "frozenSetOf")
      return collectionType(M.drop_front(6).drop_back(2).lower(), true, Args, 1,
                            Src, Driver3, Depth);
    if (M == "frozenMapOf")
      return collectionType("map", true, Args, 2, Src, Driver3, Depth);
    if (M == "tupleOf" && !Args.empty())
      return collectionType("tuple", true, Args, Args.size(), Src, Driver3, Depth);
    return std::nullopt;
  }
  if (!Args.empty()) {
    if (M == "list" || M == "set")
      return collectionType(M, false, Args, 1, Src, Driver3, Depth);
    if (M == "map")
      return collectionType("map", false, Args, 2, Src, Driver3, Depth);
    if (M == "frozenList" || M == "frozenSet")
      return collectionType(M.drop_front(6).lower(), true, Args, 1, Src,
                            Driver3, Depth);
    if (M == "frozenMap")
      return collectionType("map", true, Args, 2, Src, Driver3, Depth);
    return std::nullopt;
  }
  std::string T = llvm::StringSwitch<std::string>(M)
                      .Case("ascii", "ascii")
                      .Case("bigint", "bigint")
                      .Case("blob", "blob")
                      .Case("cboolean", "boolean")
                      .Case("counter", "counter")
                      .Case("date", "date")
                      .Case("decimal", "decimal")
                      .Case("cdouble", "double")
                      .Case("duration", "duration")
                      .Case("cfloat", "float")
                      .Case("inet", "inet")
                      .Case("cint", "int")
                      .Case("smallint", "smallint")
                      .Cases("text", "varchar", "text")
                      .Case("time", "time")
                      .Case("timestamp", "timestamp")
                      .Case("timeuuid", "timeuuid")
                      .Case("tinyint", "tinyint")
                      .Case("uuid", "uuid")
                      .Case("varint", "varint")
                      .Default("");
  if (T.empty())
    return std::nullopt;
  return T;
}

/// Writes the type of \p N, or a placeholder (the statement opaque).
void typeOf(BuilderText &T, TSNode N, llvm::StringRef Src, bool Driver3) {
  if (std::optional<std::string> Type = cqlType(N, Src, Driver3)) {
    T.word(*Type, N);
    return;
  }
  T.opaque(N);
}

/// The `{'class': ..., ...}` of a replication option. A factor or map the
/// program computes is a value (`?`): what it holds says nothing of the
/// schema's tables.
void replicationMap(BuilderText &T, llvm::StringRef Strategy,
                    const std::vector<TSNode> &Args, TSNode At,
                    llvm::StringRef Src) {
  T.word(" WITH replication = ", At);
  if (Strategy == "SimpleStrategy") {
    T.word("{'class': 'SimpleStrategy', 'replication_factor': ", At);
    if (Args.size() == 1 &&
        llvm::StringRef(ts_node_type(Args[0])) == "decimal_integer_literal")
      T.word(T.text(Args[0]), Args[0]);
    else
      T.word("?", Args.empty() ? At : Args[0]);
    T.word("}", At);
    return;
  }
  // Map.of("dc1", 3, ...) written out: its entries.
  auto Plain = [&](TSNode X) {
    llvm::StringRef K = ts_node_type(X), V = T.text(X);
    return K == "decimal_integer_literal" ||
           (K == "string_literal" && !V.contains('\'') && !V.contains('\\'));
  };
  std::vector<TSNode> E;
  if (Args.size() == 1) {
    TSNode Map = Args[0];
    llvm::StringRef Owner = lastSegment(ownerOf(Map, Src));
    if (invokedName(Map, Src) == "of" && (Owner == "Map" || Owner == "ImmutableMap"))
      E = builderArgs(Map);
  }
  bool Written = !E.empty() && E.size() % 2 == 0 && llvm::all_of(E, Plain);
  for (size_t I = 0; Written && I < E.size(); I += 2)
    Written = T.text(E[I]).startswith("\"");
  if (!Written && Strategy.empty()) {
    T.word("?", Args.empty() ? At : Args[0]); // the whole map computed
    return;
  }
  T.word("{", At);
  bool First = true;
  if (!Strategy.empty()) {
    T.word(std::string("'class': '") + Strategy.str() + "'", At);
    First = false;
  }
  if (!Written) {
    T.word(", ?: ?", Args.empty() ? At : Args[0]);
  } else {
    for (size_t I = 0; I + 1 < E.size(); I += 2) {
      llvm::StringRef Key = T.text(E[I]), Value = T.text(E[I + 1]);
      std::string Entry = First ? "'" : ", '";
      Entry += Key.drop_front().drop_back();
      Entry += "': ";
      T.word(Entry, E[I]);
      First = false;
      std::string V;
      if (Value.startswith("\"")) {
        V = "'";
        V += Value.drop_front().drop_back();
        V += "'";
      } else {
        V = Value.str();
      }
      T.word(V, E[I + 1]);
    }
  }
  T.word("}", At);
}

/// A column definition call: `withColumn("c", TEXT)`, `addColumn("c", t)`.
struct ColumnCall {
  const BuilderCall *Call;
  enum Role { Partition, Clustering, Regular, Static } R;
};

bool createTable(BuilderText &T, const std::vector<BuilderCall> &C,
                 llvm::StringRef Src, bool Driver3, bool TableHole) {
  const BuilderCall &Root = C.front();
  bool IfNotExists = false, Compact = false;
  std::vector<ColumnCall> Columns;
  std::vector<const BuilderCall *> Orders;
  bool InOptions = false; // driver 3: after withOptions()
  for (size_t I = 1; I < C.size(); ++I) {
    const BuilderCall &X = C[I];
    llvm::StringRef M = X.Name;
    if (isNeutralBuilderCall(M))
      continue;
    if (M == "ifNotExists" && X.Args.empty() && !InOptions) {
      IfNotExists = true;
      continue;
    }
    if (!InOptions) {
      std::optional<ColumnCall::Role> R =
          llvm::StringSwitch<std::optional<ColumnCall::Role>>(M)
              .Cases("withPartitionKey", "addPartitionKey", ColumnCall::Partition)
              .Cases("withClusteringColumn", "addClusteringColumn",
                     ColumnCall::Clustering)
              .Cases("withColumn", "addColumn", ColumnCall::Regular)
              .Cases("withStaticColumn", "addStaticColumn", ColumnCall::Static)
              .Default(std::nullopt);
      bool Named = Driver3 == M.startswith("add");
      if (R && Named && X.Args.size() == 2) {
        Columns.push_back({&X, *R});
        continue;
      }
    }
    if (Driver3 && M == "withOptions" && X.Args.empty()) {
      InOptions = true;
      continue;
    }
    bool Options = Driver3 ? InOptions : M.startswith("with");
    if (!Options)
      return false; // a call this translation does not know
    if ((M == "withClusteringOrder" || M == "clusteringOrder") &&
        X.Args.size() == 2) {
      Orders.push_back(&X);
    } else if (M == "withCompactStorage" || M == "compactStorage") {
      Compact = true;
    }
    // Other options (comment, compaction, caching, ...): not the schema's.
  }
  bool AnyPartition = llvm::any_of(Columns, [](const ColumnCall &X) {
    return X.R == ColumnCall::Partition;
  });
  if (!AnyPartition)
    return false; // the driver refuses to build it
  TSNode At = Root.NameNode;
  T.word("CREATE TABLE ", At);
  if (IfNotExists)
    T.word("IF NOT EXISTS ", At);
  if (TableHole)
    T.hole(Root.Node);
  else
    T.table(Root.Args);
  T.word(" (", At);
  for (size_t I = 0; I < Columns.size(); ++I) {
    const BuilderCall *X = Columns[I].Call;
    if (I)
      T.word(", ", X->NameNode);
    T.name(X->Args[0]);
    T.word(" ", X->Args[1]);
    typeOf(T, X->Args[1], Src, Driver3);
    if (Columns[I].R == ColumnCall::Static)
      T.word(" STATIC", X->NameNode);
  }
  // The key maps to the calls that declare it, after every column.
  const BuilderCall *Last = Columns.back().Call;
  T.word(", PRIMARY KEY ((", Last->NameNode);
  bool First = true;
  for (const ColumnCall &X : Columns)
    if (X.R == ColumnCall::Partition) {
      T.word(First ? "" : ", ", X.Call->NameNode);
      T.name(X.Call->Args[0]);
      First = false;
    }
  T.word(")", Last->NameNode);
  for (const ColumnCall &X : Columns)
    if (X.R == ColumnCall::Clustering) {
      T.word(", ", X.Call->NameNode);
      T.name(X.Call->Args[0]);
    }
  T.word("))", Last->NameNode);
  if (Compact)
    T.word(" WITH COMPACT STORAGE", Last->NameNode);
  for (size_t I = 0; I < Orders.size(); ++I) {
    const BuilderCall *X = Orders[I];
    llvm::StringRef Dir = T.text(X->Args[1]);
    if (!Dir.endswith("ASC") && !Dir.endswith("DESC"))
      return false;
    T.word(I == 0 ? (Compact ? " AND CLUSTERING ORDER BY (" : " WITH CLUSTERING ORDER BY (")
                  : ", ",
           X->NameNode);
    T.name(X->Args[0]);
    T.word(Dir.endswith("DESC") ? " DESC" : " ASC", X->Args[1]);
  }
  if (!Orders.empty())
    T.word(")", Orders.back()->NameNode);
  return !T.Failed;
}

bool createKeyspace(BuilderText &T, const std::vector<BuilderCall> &C,
                    llvm::StringRef Src, bool Driver3) {
  const BuilderCall &Root = C.front();
  if (Root.Args.size() != 1)
    return false;
  bool IfNotExists = false;
  const BuilderCall *Replication = nullptr;
  llvm::StringRef Strategy;
  for (size_t I = 1; I < C.size(); ++I) {
    const BuilderCall &X = C[I];
    llvm::StringRef M = X.Name;
    if (isNeutralBuilderCall(M))
      continue;
    if (M == "ifNotExists" && X.Args.empty())
      IfNotExists = true;
    else if (!Driver3 && M == "withSimpleStrategy" && X.Args.size() == 1)
      Replication = &X, Strategy = "SimpleStrategy";
    else if (!Driver3 && M == "withNetworkTopologyStrategy" && X.Args.size() == 1)
      Replication = &X, Strategy = "NetworkTopologyStrategy";
    else if ((Driver3 ? M == "replication" : M == "withReplicationOptions") &&
             X.Args.size() == 1)
      Replication = &X, Strategy = "";
    else if (Driver3 && M == "with" && X.Args.empty())
      continue;
    else if (M == "withDurableWrites" || M == "durableWrites" || M == "withOption")
      continue; // an option of no interest to the schema
    else
      return false;
  }
  if (!Replication)
    return false; // CQL requires one; the driver would send none
  TSNode At = Root.NameNode;
  T.word("CREATE KEYSPACE ", At);
  if (IfNotExists)
    T.word("IF NOT EXISTS ", At);
  T.name(Root.Args[0]);
  replicationMap(T, Strategy, Replication->Args, Replication->NameNode, Src);
  return !T.Failed;
}

bool createIndex(BuilderText &T, const std::vector<BuilderCall> &C,
                 bool Driver3) {
  const BuilderCall &Root = C.front();
  if (Root.Args.size() > 1)
    return false;
  bool IfNotExists = false;
  const BuilderCall *On = nullptr, *Custom = nullptr;
  std::string UsingClass;
  struct Target {
    llvm::StringRef Function; // keys, values, entries, full; empty: the column
    TSNode Column;
    TSNode At;
  };
  std::vector<Target> Targets;
  for (size_t I = 1; I < C.size(); ++I) {
    const BuilderCall &X = C[I];
    llvm::StringRef M = X.Name;
    if (isNeutralBuilderCall(M))
      continue;
    if (M == "ifNotExists" && X.Args.empty() && !On) {
      IfNotExists = true;
    } else if (!Driver3 && M == "usingSASI" && X.Args.empty() && !On) {
      UsingClass = "org.apache.cassandra.index.sasi.SASIIndex";
      Custom = &X;
    } else if (!Driver3 && M == "custom" && X.Args.size() == 1 && !On &&
               llvm::StringRef(ts_node_type(X.Args[0])) == "string_literal") {
      llvm::StringRef Cls = T.text(X.Args[0]).drop_front().drop_back();
      if (Cls.contains('\'') || Cls.contains('\\'))
        return false;
      UsingClass = Cls.str();
      Custom = &X;
    } else if (M == "onTable" && !X.Args.empty() && X.Args.size() <= 2 && !On) {
      On = &X;
    } else if (On && X.Args.size() == 1) {
      llvm::StringRef F = llvm::StringSwitch<llvm::StringRef>(M)
                              .Case("andColumn", "")
                              .Cases("andColumnKeys", "andKeysOfColumn", "keys")
                              .Case("andColumnValues", "values")
                              .Case("andColumnEntries", "entries")
                              .Case("andColumnFull", "full")
                              .Default("!");
      if (F == "!")
        return false;
      Targets.push_back({F, X.Args[0], X.NameNode});
    } else if (On && !Targets.empty() && !Driver3 && M.startswith("with")) {
      continue; // index options (withSASIOptions, withOption)
    } else {
      return false;
    }
  }
  if (!On || Targets.empty())
    return false;
  TSNode At = Root.NameNode;
  T.word(Custom ? "CREATE CUSTOM INDEX " : "CREATE INDEX ", At);
  if (IfNotExists)
    T.word("IF NOT EXISTS ", At);
  if (!Root.Args.empty()) {
    T.name(Root.Args[0]);
    T.word(" ", At);
  }
  T.word("ON ", On->NameNode);
  T.table(On->Args);
  T.word(" (", On->NameNode);
  for (size_t I = 0; I < Targets.size(); ++I) {
    if (I)
      T.word(", ", Targets[I].At);
    if (!Targets[I].Function.empty())
      T.word(Targets[I].Function.str() + "(", Targets[I].At);
    T.name(Targets[I].Column);
    if (!Targets[I].Function.empty())
      T.word(")", Targets[I].At);
  }
  T.word(")", Targets.back().At);
  if (Custom)
    T.word(std::string(" USING '") + UsingClass + "'", Targets.back().At);
  return !T.Failed;
}

bool createType(BuilderText &T, const std::vector<BuilderCall> &C,
                llvm::StringRef Src, bool Driver3) {
  const BuilderCall &Root = C.front();
  bool IfNotExists = false;
  std::vector<const BuilderCall *> Fields;
  for (size_t I = 1; I < C.size(); ++I) {
    const BuilderCall &X = C[I];
    if (isNeutralBuilderCall(X.Name))
      continue;
    if (X.Name == "ifNotExists" && X.Args.empty())
      IfNotExists = true;
    else if (X.Name == (Driver3 ? "addColumn" : "withField") && X.Args.size() == 2)
      Fields.push_back(&X);
    else
      return false;
  }
  if (Fields.empty())
    return false;
  TSNode At = Root.NameNode;
  T.word("CREATE TYPE ", At);
  if (IfNotExists)
    T.word("IF NOT EXISTS ", At);
  T.table(Root.Args);
  T.word(" (", At);
  for (size_t I = 0; I < Fields.size(); ++I) {
    if (I)
      T.word(", ", Fields[I]->NameNode);
    T.name(Fields[I]->Args[0]);
    T.word(" ", Fields[I]->Args[1]);
    typeOf(T, Fields[I]->Args[1], Src, Driver3);
  }
  T.word(")", Fields.back()->NameNode);
  return !T.Failed;
}

/// Driver 4: `alterTable(t).addColumn(c, T)...`, `.dropColumn(c)...`,
/// `.renameColumn(a, b)`, `.alterColumn(c, T)`; driver 3:
/// `alterTable(t).addColumn(c).type(T)`, `.dropColumn(c)`,
/// `.renameColumn(a).to(b)`, `.alterColumn(c).type(T)`.
bool alterTable(BuilderText &T, const std::vector<BuilderCall> &C,
                llvm::StringRef Src, bool Driver3) {
  const BuilderCall &Root = C.front();
  struct Change {
    llvm::StringRef Kind; // ADD, DROP, RENAME, ALTER
    const BuilderCall *Call;
    std::optional<TSNode> Second; // the type, or the new name
    bool Static = false;
  };
  std::vector<Change> Changes;
  for (size_t I = 1; I < C.size(); ++I) {
    const BuilderCall &X = C[I];
    llvm::StringRef M = X.Name;
    if (isNeutralBuilderCall(M))
      continue;
    std::optional<llvm::StringRef> K =
        llvm::StringSwitch<std::optional<llvm::StringRef>>(M)
            .Cases("addColumn", "addStaticColumn", llvm::StringRef("ADD"))
            .Case("dropColumn", llvm::StringRef("DROP"))
            .Case("renameColumn", llvm::StringRef("RENAME"))
            .Case("alterColumn", llvm::StringRef("ALTER"))
            .Default(std::nullopt);
    if (!K)
      return false;
    Change Ch{*K, &X, std::nullopt, M == "addStaticColumn"};
    size_t Arity = (*K == "DROP" || Driver3) ? 1 : 2;
    if (X.Args.size() != Arity)
      return false;
    if (Arity == 2) {
      Ch.Second = X.Args[1];
    } else if (*K != "DROP") {
      // driver 3: the type or the new name comes in the next call
      if (I + 1 >= C.size() ||
          C[I + 1].Name != (*K == "RENAME" ? "to" : "type") ||
          C[I + 1].Args.size() != 1)
        return false;
      Ch.Second = C[++I].Args[0];
    }
    if (!Changes.empty() && Changes.front().Kind != Ch.Kind)
      return false; // the driver writes one kind of change
    if ((*K == "ALTER" || *K == "RENAME") && !Changes.empty())
      return false;
    Changes.push_back(Ch);
  }
  if (Changes.empty())
    return false;
  TSNode At = Root.NameNode;
  T.word("ALTER TABLE ", At);
  T.table(Root.Args);
  llvm::StringRef Kind = Changes.front().Kind;
  bool Many = Changes.size() > 1;
  std::string Head = " ";
  Head += Kind;
  Head += Many ? " (" : " ";
  T.word(Head, Changes.front().Call->NameNode);
  for (size_t I = 0; I < Changes.size(); ++I) {
    const Change &Ch = Changes[I];
    if (I)
      T.word(", ", Ch.Call->NameNode);
    T.name(Ch.Call->Args[0]);
    if (Kind == "ADD" || Kind == "ALTER") {
      T.word(Kind == "ALTER" ? " TYPE " : " ", *Ch.Second);
      typeOf(T, *Ch.Second, Src, Driver3);
      if (Ch.Static)
        T.word(" STATIC", Ch.Call->NameNode);
    } else if (Kind == "RENAME") {
      T.word(" TO ", *Ch.Second);
      T.name(*Ch.Second);
    }
  }
  if (Many)
    T.word(")", Changes.back().Call->NameNode);
  return !T.Failed;
}

bool drop(BuilderText &T, const std::vector<BuilderCall> &C) {
  const BuilderCall &Root = C.front();
  llvm::StringRef What = llvm::StringSwitch<llvm::StringRef>(Root.Name)
                             .Case("dropKeyspace", "KEYSPACE")
                             .Case("dropTable", "TABLE")
                             .Case("dropIndex", "INDEX")
                             .Case("dropType", "TYPE")
                             .Default("");
  bool IfExists = false;
  for (size_t I = 1; I < C.size(); ++I) {
    if (isNeutralBuilderCall(C[I].Name))
      continue;
    if (C[I].Name != "ifExists" || !C[I].Args.empty())
      return false;
    IfExists = true;
  }
  if (What == "KEYSPACE" && Root.Args.size() != 1)
    return false;
  TSNode At = Root.NameNode;
  T.word(std::string("DROP ") + What.str() + " ", At);
  if (IfExists)
    T.word("IF EXISTS ", At);
  T.table(Root.Args);
  return !T.Failed;
}

} // namespace

bool isSchemaBuilderRoot(llvm::StringRef M, bool Driver3) {
  (void)Driver3;
  return M == "createKeyspace" || M == "createTable" || M == "createIndex" ||
         M == "createType" || M == "alterTable" || M == "dropKeyspace" ||
         M == "dropTable" || M == "dropIndex" || M == "dropType";
}

bool translateSchemaBuilder(BuilderText &T, const std::vector<BuilderCall> &C,
                            llvm::StringRef Src, bool Driver3, bool TableHole) {
  llvm::StringRef M = C.front().Name;
  if (TableHole)
    return M == "createTable" && createTable(T, C, Src, Driver3, true);
  if (M == "createTable")
    return createTable(T, C, Src, Driver3, false);
  if (M == "createKeyspace")
    return createKeyspace(T, C, Src, Driver3);
  if (M == "createIndex")
    return createIndex(T, C, Driver3);
  if (M == "createType")
    return createType(T, C, Src, Driver3);
  if (M == "alterTable")
    return alterTable(T, C, Src, Driver3);
  return drop(T, C);
}

} // namespace nosqlint::extract
