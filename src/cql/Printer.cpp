//===- Printer.cpp - Canonical CQL from IR --------------------------------===//
#include "nosqlint/Cql/Printer.h"

#include "nosqlint/Basic/CqlNames.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/Casting.h"

namespace nosqlint::cql {

namespace {

std::string quoteName(llvm::StringRef Name) { return quoteCqlName(Name); }

std::string qualified(const QualifiedName &Q) {
  std::string Out;
  if (Q.Keyspace)
    Out = printIdentifier(*Q.Keyspace) + ".";
  return Out + printIdentifier(Q.Name);
}

template <typename T, typename F>
std::string join(const std::vector<T> &Items, F Print,
                 llvm::StringRef Sep = ", ") {
  std::string Out;
  for (size_t I = 0; I < Items.size(); ++I) {
    if (I)
      Out += Sep;
    Out += Print(Items[I]);
  }
  return Out;
}

int precedence(const std::string &Op) {
  return Op == "+" || Op == "-" ? 1 : 2;
}

/// A function name as stored ("ks.fn" or "fn"), re-quoted per part.
std::string functionName(llvm::StringRef Name) {
  auto Parts = Name.split('.');
  if (Parts.second.empty() && !Name.endswith("."))
    return Name == "token" ? "token" : quoteName(Name);
  return quoteName(Parts.first) + "." + quoteName(Parts.second);
}

const char *opText(RelationOp Op) {
  switch (Op) {
  case RelationOp::Eq: return "=";
  case RelationOp::Lt: return "<";
  case RelationOp::Le: return "<=";
  case RelationOp::Gt: return ">";
  case RelationOp::Ge: return ">=";
  case RelationOp::Neq: return "!=";
  case RelationOp::In: return "IN";
  case RelationOp::Contains: return "CONTAINS";
  case RelationOp::ContainsKey: return "CONTAINS KEY";
  case RelationOp::Like: return "LIKE";
  case RelationOp::IsNotNull: return "IS NOT NULL";
  }
  return "=";
}

std::string inList(const std::vector<Term> &Values, bool Marker) {
  if (Marker && Values.size() == 1)
    return printTerm(Values[0]);
  return "(" + join(Values, printTerm) + ")";
}

std::string relation(const Relation &R) {
  std::string Lhs;
  switch (R.Target) {
  case Relation::Column:
    Lhs = printIdentifier(R.Columns[0]);
    break;
  case Relation::ColumnTuple:
    Lhs = "(" + join(R.Columns, printIdentifier) + ")";
    break;
  case Relation::Token:
    Lhs = "token(" + join(R.Columns, printIdentifier) + ")";
    break;
  case Relation::MapElement:
    Lhs = printIdentifier(R.Columns[0]) + "[" + printTerm(*R.Key) + "]";
    break;
  case Relation::CustomIndex:
    return "expr(" + printIdentifier(R.Columns[0]) + ", " +
           printTerm(R.Values[0]) + ")";
  }
  if (R.Op == RelationOp::IsNotNull)
    return Lhs + " IS NOT NULL";
  if (R.Op == RelationOp::In)
    return Lhs + " IN " + inList(R.Values, R.InMarker);
  if (R.NotIn)
    return Lhs + " NOT IN " + inList(R.Values, R.InMarker);
  return Lhs + " " + opText(R.Op) + " " + printTerm(R.Values[0]);
}

std::string condition(const Condition &C) {
  std::string Lhs = printIdentifier(C.Column);
  if (C.Element)
    Lhs += "[" + printTerm(*C.Element) + "]";
  if (C.Field)
    Lhs += "." + printIdentifier(*C.Field);
  if (C.Op == RelationOp::In)
    return Lhs + " IN " + inList(C.Values, C.InMarker);
  if (C.NotIn)
    return Lhs + " NOT IN " + inList(C.Values, C.InMarker);
  return Lhs + " " + opText(C.Op) + " " + printTerm(C.Values[0]);
}

std::string whereClause(const std::vector<Relation> &Where) {
  if (Where.empty())
    return "";
  return " WHERE " + join(Where, relation, " AND ");
}

std::string ifClause(bool IfExists, const std::vector<Condition> &Conds) {
  if (IfExists)
    return " IF EXISTS";
  if (Conds.empty())
    return "";
  return " IF " + join(Conds, condition, " AND ");
}

std::string usingClause(const UsingOptions &U) {
  std::vector<std::string> Items;
  if (U.Ttl)
    Items.push_back("TTL " + printTerm(*U.Ttl));
  if (U.Timestamp)
    Items.push_back("TIMESTAMP " + printTerm(*U.Timestamp));
  if (U.Timeout)
    Items.push_back("TIMEOUT " + printTerm(*U.Timeout));
  if (Items.empty())
    return "";
  return " USING " + join(Items, [](const std::string &S) { return S; },
                          " AND ");
}

std::string selector(const Selector &S);

std::string selectorOperand(const Selector &S, int ParentPrec, bool Right) {
  std::string Text = selector(S);
  if (S.Kind == Selector::Arithmetic && !S.Alias) {
    int Prec = precedence(S.Name);
    if (Prec < ParentPrec || (Right && Prec == ParentPrec))
      return "(" + Text + ")";
  }
  return Text;
}

std::string selectorNoAlias(const Selector &S) {
  switch (S.Kind) {
  case Selector::ColumnName:
    return printIdentifier(S.Column);
  case Selector::CountStar:
    return "COUNT(*)";
  case Selector::Cast:
    return "CAST(" + selector(S.Args[0]) + " AS " + printType(*S.Type) + ")";
  case Selector::WriteTime:
    return "WRITETIME(" + printIdentifier(S.Column) + ")";
  case Selector::MaxWriteTime:
    return "MAXWRITETIME(" + printIdentifier(S.Column) + ")";
  case Selector::Ttl:
    return "TTL(" + printIdentifier(S.Column) + ")";
  case Selector::FieldAccess:
    return selector(S.Args[0]) + "." + printIdentifier(*S.Field);
  case Selector::ElementAccess:
    if (S.IsSlice)
      return selector(S.Args[0]) + "[" +
             (S.SliceFrom ? printTerm(*S.SliceFrom) : "") + ".." +
             (S.SliceTo ? printTerm(*S.SliceTo) : "") + "]";
    return selector(S.Args[0]) + "[" + printTerm(*S.Element) + "]";
  case Selector::ValueTerm:
    return printTerm(*S.Value);
  case Selector::Arithmetic: {
    int Prec = precedence(S.Name);
    return selectorOperand(S.Args[0], Prec, false) + " " + S.Name + " " +
           selectorOperand(S.Args[1], Prec, true);
  }
  case Selector::Negation: {
    std::string Inner = selector(S.Args[0]);
    if (S.Args[0].Kind == Selector::Arithmetic || Inner[0] == '-')
      Inner = "(" + Inner + ")";
    return "-" + Inner;
  }
  case Selector::Function:
    break;
  }
  if (S.Name == "(type)")
    return "(" + printType(*S.Type) + ") " + selector(S.Args[0]);
  if (S.Name == "(tuple)")
    return "(" + join(S.Args, selector) + ")";
  if (S.Name == "[list]")
    return "[" + join(S.Args, selector) + "]";
  if (S.Name == "{set}")
    return "{" + join(S.Args, selector) + "}";
  if (S.Name == "{map}") {
    std::string Out = "{";
    for (size_t I = 0; I + 1 < S.Args.size(); I += 2) {
      if (I)
        Out += ", ";
      Out += selector(S.Args[I]) + ": " + selector(S.Args[I + 1]);
    }
    return Out + "}";
  }
  return functionName(S.Name) + "(" + join(S.Args, selector) + ")";
}

std::string selector(const Selector &S) {
  std::string Out = selectorNoAlias(S);
  if (S.Alias)
    Out += " AS " + printIdentifier(*S.Alias);
  return Out;
}

std::string property(const Property &P) {
  return quoteName(P.Name) + " = " + printTerm(P.Value);
}

std::string properties(const std::vector<Property> &Props) {
  return join(Props, property, " AND ");
}

std::string clusteringOrder(const ClusteringOrder &O) {
  return printIdentifier(O.Column) + (O.Descending ? " DESC" : " ASC");
}

std::string withTableOptions(const std::vector<Property> &Props,
                             const std::vector<ClusteringOrder> &Orders,
                             bool Compact) {
  std::vector<std::string> Items;
  if (Compact)
    Items.push_back("COMPACT STORAGE");
  if (!Orders.empty())
    Items.push_back("CLUSTERING ORDER BY (" + join(Orders, clusteringOrder) +
                    ")");
  for (const Property &P : Props)
    Items.push_back(property(P));
  if (Items.empty())
    return "";
  return " WITH " + join(Items, [](const std::string &S) { return S; },
                         " AND ");
}

std::string primaryKey(const std::vector<Identifier> &Partition,
                       const std::vector<Identifier> &Clustering) {
  std::string Out = "PRIMARY KEY (";
  if (Partition.size() == 1)
    Out += printIdentifier(Partition[0]);
  else
    Out += "(" + join(Partition, printIdentifier) + ")";
  for (const Identifier &C : Clustering)
    Out += ", " + printIdentifier(C);
  return Out + ")";
}

std::string columnDefinition(const ColumnDefinition &C) {
  std::string Out = printIdentifier(C.Name) + " " + printType(C.Type);
  if (C.Static)
    Out += " STATIC";
  if (C.MaskFunction) {
    if (*C.MaskFunction == "default")
      Out += " MASKED WITH DEFAULT";
    else
      Out += " MASKED WITH " + functionName(*C.MaskFunction) + "(" +
             join(C.MaskArgs, printTerm) + ")";
  }
  return Out;
}

std::string assignment(const Assignment &A) {
  std::string Col = printIdentifier(A.Column);
  switch (A.Kind) {
  case Assignment::Set:
    return Col + " = " + printTerm(A.Value);
  case Assignment::SetElement:
    return Col + "[" + printTerm(*A.Element) + "] = " + printTerm(A.Value);
  case Assignment::SetField:
    return Col + "." + printIdentifier(*A.Field) + " = " + printTerm(A.Value);
  case Assignment::Add:
    return Col + " = " + Col + " + " + printTerm(A.Value);
  case Assignment::Subtract:
    return Col + " = " + Col + " - " + printTerm(A.Value);
  case Assignment::Prepend:
    return Col + " = " + printTerm(A.Value) + " + " + Col;
  }
  return Col;
}

std::string printSelect(const SelectStatement &S) {
  std::string Out = "SELECT ";
  if (S.Json)
    Out += "JSON ";
  if (S.Distinct)
    Out += "DISTINCT ";
  Out += S.Star ? "*" : join(S.Selectors, selector);
  Out += " FROM " + qualified(S.Table) + whereClause(S.Where);
  if (!S.GroupBy.empty())
    Out += " GROUP BY " + join(S.GroupBy, [](const GroupByItem &G) {
             if (!G.Function)
               return printIdentifier(G.Column);
             std::string F = functionName(*G.Function) + "(" +
                             printIdentifier(G.Column);
             for (const Term &A : G.FunctionArgs)
               F += ", " + printTerm(A);
             return F + ")";
           });
  if (!S.OrderBy.empty())
    Out += " ORDER BY " + join(S.OrderBy, [](const Ordering &O) {
             if (O.AnnOf)
               return printIdentifier(O.Column) + " ANN OF " +
                      printTerm(*O.AnnOf) + (O.Descending ? " DESC" : "");
             return printIdentifier(O.Column) +
                    (O.Descending ? " DESC" : " ASC");
           });
  if (S.PerPartitionLimit)
    Out += " PER PARTITION LIMIT " + printTerm(*S.PerPartitionLimit);
  if (S.Limit)
    Out += " LIMIT " + printTerm(*S.Limit);
  if (S.AllowFiltering)
    Out += " ALLOW FILTERING";
  if (S.BypassCache)
    Out += " BYPASS CACHE";
  return Out + usingClause(S.Using);
}

std::string printInsert(const InsertStatement &S) {
  std::string Out = "INSERT INTO " + qualified(S.Table);
  if (S.Json) {
    Out += " JSON " + printTerm(*S.JsonValue);
    if (S.JsonDefault == InsertStatement::DefaultNull)
      Out += " DEFAULT NULL";
    else if (S.JsonDefault == InsertStatement::DefaultUnset)
      Out += " DEFAULT UNSET";
  } else {
    Out += " (" + join(S.Columns, printIdentifier) + ") VALUES (" +
           join(S.Values, printTerm) + ")";
  }
  if (S.IfNotExists)
    Out += " IF NOT EXISTS";
  return Out + usingClause(S.Using);
}

std::string printUpdate(const UpdateStatement &S) {
  return "UPDATE " + qualified(S.Table) + usingClause(S.Using) + " SET " +
         join(S.Assignments, assignment) + whereClause(S.Where) +
         ifClause(S.IfExists, S.Conditions);
}

std::string printDelete(const DeleteStatement &S) {
  std::string Out = "DELETE ";
  if (!S.Targets.empty())
    Out += join(S.Targets, [](const DeleteTarget &T) {
             std::string Col = printIdentifier(T.Column);
             if (T.Element)
               return Col + "[" + printTerm(*T.Element) + "]";
             if (T.Field)
               return Col + "." + printIdentifier(*T.Field);
             return Col;
           }) + " ";
  return Out + "FROM " + qualified(S.Table) + usingClause(S.Using) +
         whereClause(S.Where) + ifClause(S.IfExists, S.Conditions);
}

std::string printBatch(const BatchStatement &S) {
  std::string Out = "BEGIN ";
  if (S.BatchKind == BatchStatement::Unlogged)
    Out += "UNLOGGED ";
  else if (S.BatchKind == BatchStatement::Counter)
    Out += "COUNTER ";
  Out += "BATCH" + usingClause(S.Using);
  for (const auto &Child : S.Children)
    Out += " " + printStatement(*Child) + ";";
  return Out + " APPLY BATCH";
}

std::string printCreateTable(const CreateTableStatement &S) {
  std::string Out = "CREATE TABLE ";
  if (S.IfNotExists)
    Out += "IF NOT EXISTS ";
  Out += qualified(S.Table);
  if (S.Like) {
    Out += " LIKE " + qualified(*S.Like);
    std::vector<std::string> Items;
    if (S.LikeIndexes)
      Items.push_back("INDEXES");
    for (const Property &P : S.Options)
      Items.push_back(property(P));
    if (!Items.empty())
      Out += " WITH " + join(Items, [](const std::string &X) { return X; },
                             " AND ");
    return Out;
  }
  Out += " (" + join(S.Columns, columnDefinition);
  // A table without a key parses (Cassandra rejects it later): print none.
  if (!S.PartitionKey.empty())
    Out += (S.Columns.empty() ? "" : ", ") +
           primaryKey(S.PartitionKey, S.Clustering);
  Out += ")";
  return Out + withTableOptions(S.Options, S.ClusteringOrders,
                                S.CompactStorage);
}

std::string printAlterTable(const AlterTableStatement &S) {
  std::string Out = "ALTER TABLE ";
  if (S.IfExists)
    Out += "IF EXISTS ";
  Out += qualified(S.Table);
  switch (S.Action) {
  case AlterTableStatement::AddColumns:
    Out += " ADD ";
    if (S.IfNotExistsColumn)
      Out += "IF NOT EXISTS ";
    if (S.Added.size() == 1)
      return Out + columnDefinition(S.Added[0]);
    return Out + "(" + join(S.Added, columnDefinition) + ")";
  case AlterTableStatement::DropColumns:
    Out += " DROP ";
    if (S.IfNotExistsColumn)
      Out += "IF EXISTS ";
    Out += S.Dropped.size() == 1
               ? printIdentifier(S.Dropped[0])
               : "(" + join(S.Dropped, printIdentifier) + ")";
    if (S.DropTimestamp)
      Out += " USING TIMESTAMP " + printTerm(*S.DropTimestamp);
    return Out;
  case AlterTableStatement::RenameColumns:
    Out += " RENAME ";
    if (S.IfNotExistsColumn)
      Out += "IF EXISTS ";
    return Out + join(S.Renamed,
                      [](const std::pair<Identifier, Identifier> &P) {
                        return printIdentifier(P.first) + " TO " +
                               printIdentifier(P.second);
                      },
                      " AND ");
  case AlterTableStatement::AlterColumnType:
    Out += " ALTER ";
    if (S.IfNotExistsColumn)
      Out += "IF EXISTS ";
    return Out + printIdentifier(S.Added[0].Name) + " TYPE " +
           printType(S.Added[0].Type);
  case AlterTableStatement::AlterMask: {
    Out += " ALTER ";
    if (S.IfNotExistsColumn)
      Out += "IF EXISTS ";
    const ColumnDefinition &C = S.Added[0];
    Out += printIdentifier(C.Name);
    if (S.DropMask)
      return Out + " DROP MASKED";
    if (*C.MaskFunction == "default")
      return Out + " MASKED WITH DEFAULT";
    return Out + " MASKED WITH " + functionName(*C.MaskFunction) + "(" +
           join(C.MaskArgs, printTerm) + ")";
  }
  case AlterTableStatement::DropCompactStorage:
    return Out + " DROP COMPACT STORAGE";
  case AlterTableStatement::SetOptions:
    return Out + withTableOptions(S.Options, S.ClusteringOrders, false);
  }
  return Out;
}

std::string printCreateIndex(const CreateIndexStatement &S) {
  std::string Out = S.Custom ? "CREATE CUSTOM INDEX " : "CREATE INDEX ";
  if (S.IfNotExists)
    Out += "IF NOT EXISTS ";
  if (S.Name)
    Out += printIdentifier(*S.Name) + " ";
  Out += "ON " + qualified(S.Table) + " (";
  std::vector<std::string> Targets;
  if (!S.LocalPartitionKey.empty())
    Targets.push_back("(" + join(S.LocalPartitionKey, printIdentifier) + ")");
  for (const IndexTarget &T : S.Targets) {
    std::string Col = printIdentifier(T.Column);
    switch (T.Kind) {
    case IndexTarget::Simple: Targets.push_back(Col); break;
    case IndexTarget::Values: Targets.push_back("VALUES(" + Col + ")"); break;
    case IndexTarget::Keys: Targets.push_back("KEYS(" + Col + ")"); break;
    case IndexTarget::Entries: Targets.push_back("ENTRIES(" + Col + ")"); break;
    case IndexTarget::Full: Targets.push_back("FULL(" + Col + ")"); break;
    }
  }
  Out += join(Targets, [](const std::string &X) { return X; }) + ")";
  if (S.Using) {
    std::string Quoted = "'";
    for (char C : *S.Using) {
      Quoted += C;
      if (C == '\'')
        Quoted += C;
    }
    Out += " USING " + Quoted + "'";
  }
  if (!S.Options.empty())
    Out += " WITH " + properties(S.Options);
  return Out;
}

std::string printView(const CreateViewStatement &S) {
  if (S.kind() == Statement::AlterView)
    return "ALTER MATERIALIZED VIEW " +
           std::string(S.IfNotExists ? "IF EXISTS " : "") + qualified(S.View) +
           withTableOptions(S.Options, S.ClusteringOrders, false);
  std::string Out = "CREATE MATERIALIZED VIEW ";
  if (S.IfNotExists)
    Out += "IF NOT EXISTS ";
  Out += qualified(S.View) + " AS SELECT " +
         (S.Star ? std::string("*") : join(S.SelectedColumns, printIdentifier)) +
         " FROM " + qualified(S.Base) + whereClause(S.Where) + " " +
         primaryKey(S.PartitionKey, S.Clustering);
  return Out + withTableOptions(S.Options, S.ClusteringOrders, false);
}

std::string typeField(const std::pair<Identifier, CqlType> &F) {
  return printIdentifier(F.first) + " " + printType(F.second);
}

std::string printType(const CreateTypeStatement &S) {
  if (S.kind() == Statement::CreateType)
    return "CREATE TYPE " + std::string(S.IfNotExists ? "IF NOT EXISTS " : "") +
           qualified(S.Type) + " (" + join(S.Fields, typeField) + ")";
  std::string Out = "ALTER TYPE " +
                    std::string(S.IfNotExists ? "IF EXISTS " : "") +
                    qualified(S.Type);
  switch (S.Action) {
  case CreateTypeStatement::Add:
    return Out + " ADD " + (S.IfNotExistsField ? "IF NOT EXISTS " : "") +
           typeField(S.Fields[0]);
  case CreateTypeStatement::Rename:
    return Out + " RENAME " + (S.IfNotExistsField ? "IF EXISTS " : "") +
           join(S.Renamed,
                [](const std::pair<Identifier, Identifier> &P) {
                  return printIdentifier(P.first) + " TO " +
                         printIdentifier(P.second);
                },
                " AND ");
  case CreateTypeStatement::AlterField:
    return Out + " ALTER " + printIdentifier(S.Fields[0].first) + " TYPE " +
           printType(S.Fields[0].second);
  }
  return Out;
}

std::string printDrop(const DropStatement &S) {
  static const char *Kinds[] = {"KEYSPACE", "TABLE",     "INDEX",
                                "MATERIALIZED VIEW", "TYPE", "FUNCTION",
                                "AGGREGATE", "TRIGGER",  "ROLE", "USER"};
  std::string Out = std::string("DROP ") + Kinds[S.Object] + " ";
  if (S.IfExists)
    Out += "IF EXISTS ";
  bool Role = S.Object == DropStatement::Role || S.Object == DropStatement::User;
  if (Role && llvm::StringRef(S.Name.Name.Name).startswith("'"))
    Out += S.Name.Name.Name;
  else if (S.Object == DropStatement::Function ||
           S.Object == DropStatement::Aggregate)
    Out += (S.Name.Keyspace ? printIdentifier(*S.Name.Keyspace) + "." : "") +
           functionName(S.Name.Name.Name);
  else
    Out += qualified(S.Name);
  if (S.HasSignature)
    Out += "(" + join(S.Signature, [](const CqlType &T) {
             return cql::printType(T);
           }) + ")";
  if (S.On)
    Out += " ON " + qualified(*S.On);
  return Out;
}

} // namespace

std::string printIdentifier(const Identifier &Id) { return quoteName(Id.Name); }

std::string printType(const CqlType &T) {
  std::string Out;
  switch (T.Kind) {
  case CqlType::Native:
    Out = T.Name;
    break;
  case CqlType::List:
    Out = "list<" + printType(T.Params[0]) + ">";
    break;
  case CqlType::Set:
    Out = "set<" + printType(T.Params[0]) + ">";
    break;
  case CqlType::Map:
    Out = "map<" + printType(T.Params[0]) + ", " + printType(T.Params[1]) + ">";
    break;
  case CqlType::Tuple:
    Out = "tuple<" + join(T.Params, [](const CqlType &P) {
            return printType(P);
          }) + ">";
    break;
  case CqlType::Vector:
    Out = "vector<" + printType(T.Params[0]) + ", " +
          std::to_string(T.Dimension) + ">";
    break;
  case CqlType::Udt:
    Out = (T.Keyspace ? quoteName(*T.Keyspace) + "." : "") + quoteName(T.Name);
    break;
  case CqlType::Custom:
    Out = "'" + T.Name + "'";
    break;
  }
  return T.Frozen ? "frozen<" + Out + ">" : Out;
}

std::string printTerm(const Term &T) {
  switch (T.Kind) {
  case Term::Literal:
    if (T.LiteralKind == Term::Boolean || T.LiteralKind == Term::NaN ||
        T.LiteralKind == Term::Infinity)
      return llvm::StringRef(T.Text).lower() == "-nan" ? "-NaN"
             : llvm::StringRef(T.Text).lower() == "-infinity"
                 ? "-Infinity"
             : T.LiteralKind == Term::Boolean
                 ? llvm::StringRef(T.Text).lower()
             : T.LiteralKind == Term::NaN ? "NaN"
                                          : "Infinity";
    return T.Text;
  case Term::Null:
    return "NULL";
  case Term::BindMarker:
    return T.Text.empty() ? "?" : ":" + quoteName(T.Text);
  case Term::FunctionCall:
    return functionName(T.Text) + "(" + join(T.Children, printTerm) + ")";
  case Term::List:
    return "[" + join(T.Children, printTerm) + "]";
  case Term::Set:
    return "{" + join(T.Children, printTerm) + "}";
  case Term::Map: {
    std::string Out = "{";
    for (size_t I = 0; I + 1 < T.Children.size(); I += 2) {
      if (I)
        Out += ", ";
      Out += printTerm(T.Children[I]) + ": " + printTerm(T.Children[I + 1]);
    }
    return Out + "}";
  }
  case Term::Tuple:
    return "(" + join(T.Children, printTerm) + ")";
  case Term::Udt: {
    std::string Out = "{";
    for (size_t I = 0; I < T.Children.size(); ++I) {
      if (I)
        Out += ", ";
      Out += quoteName(T.FieldNames[I]) + ": " + printTerm(T.Children[I]);
    }
    return Out + "}";
  }
  case Term::TypeHint:
    return "(" + printType(*T.Type) + ") " + printTerm(T.Children[0]);
  case Term::Arithmetic: {
    int Prec = precedence(T.Text);
    auto Operand = [&](const Term &C, bool Right) {
      std::string S = printTerm(C);
      if (C.Kind == Term::Arithmetic) {
        int P = precedence(C.Text);
        if (P < Prec || (Right && P == Prec))
          return "(" + S + ")";
      }
      return S;
    };
    return Operand(T.Children[0], false) + " " + T.Text + " " +
           Operand(T.Children[1], true);
  }
  case Term::Negation: {
    std::string Inner = printTerm(T.Children[0]);
    if (T.Children[0].Kind == Term::Arithmetic || Inner[0] == '-')
      Inner = "(" + Inner + ")";
    return "-" + Inner;
  }
  }
  return T.Text;
}

std::string printStatement(const Statement &S) {
  using llvm::cast;
  switch (S.kind()) {
  case Statement::Select:
    return printSelect(cast<SelectStatement>(S));
  case Statement::Insert:
    return printInsert(cast<InsertStatement>(S));
  case Statement::Update:
    return printUpdate(cast<UpdateStatement>(S));
  case Statement::Delete:
    return printDelete(cast<DeleteStatement>(S));
  case Statement::Batch:
    return printBatch(cast<BatchStatement>(S));
  case Statement::CreateKeyspace:
  case Statement::AlterKeyspace: {
    const auto &K = cast<CreateKeyspaceStatement>(S);
    bool Alter = S.kind() == Statement::AlterKeyspace;
    return std::string(Alter ? "ALTER KEYSPACE " : "CREATE KEYSPACE ") +
           (K.IfNotExists ? (Alter ? "IF EXISTS " : "IF NOT EXISTS ") : "") +
           printIdentifier(K.Name) + " WITH " + properties(K.Options);
  }
  case Statement::CreateTable:
    return printCreateTable(cast<CreateTableStatement>(S));
  case Statement::AlterTable:
    return printAlterTable(cast<AlterTableStatement>(S));
  case Statement::CreateIndex:
    return printCreateIndex(cast<CreateIndexStatement>(S));
  case Statement::CreateView:
  case Statement::AlterView:
    return printView(cast<CreateViewStatement>(S));
  case Statement::CreateType:
  case Statement::AlterType:
    return printType(cast<CreateTypeStatement>(S));
  case Statement::Drop:
    return printDrop(cast<DropStatement>(S));
  case Statement::Use:
    return "USE " + printIdentifier(cast<UseStatement>(S).Keyspace);
  case Statement::Other:
    return cast<OtherStatement>(S).Text;
  }
  return "";
}

} // namespace nosqlint::cql
