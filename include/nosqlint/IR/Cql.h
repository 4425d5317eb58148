//===- Cql.h - The CQL intermediate representation -------------*- C++ -*-===//
//
// What the CQL front end produces and everything after it reads: plain
// structs with Kind enums, no ANTLR types. Every node carries the exact
// SourceRange (file bytes) of the text it came from.
//
// Names: an unquoted identifier is stored lower-cased (Cassandra folds it);
// a double-quoted one keeps its case with Quoted set.
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_IR_CQL_H
#define NOSQLINT_IR_CQL_H

#include "nosqlint/Basic/HeapOptional.h"
#include "nosqlint/Basic/SourceLocation.h"

#include "llvm/Support/Casting.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace nosqlint::cql {

struct Identifier {
  std::string Name; // folded to lower case unless Quoted
  bool Quoted = false;
  SourceRange Range;
};

/// `[keyspace.]name`
struct QualifiedName {
  std::optional<Identifier> Keyspace;
  Identifier Name;
  SourceRange Range;
};

//===----------------------------------------------------------------------===//
// Types
//===----------------------------------------------------------------------===//

struct CqlType {
  enum KindType {
    Native,  // Name: ascii, bigint, blob, boolean, counter, date, decimal,
             // double, duration, float, inet, int, smallint, text, time,
             // timestamp, timeuuid, tinyint, uuid, varchar, varint
    List,    // Params[0]
    Set,     // Params[0]
    Map,     // Params[0], Params[1]
    Tuple,   // Params
    Vector,  // Params[0], Dimension
    Udt,     // Name (may carry Keyspace)
    Custom,  // Name: a quoted Java class name
  };
  KindType Kind = Native;
  std::string Name;
  std::optional<std::string> Keyspace; // for Udt
  std::vector<CqlType> Params;
  int Dimension = 0;                   // for Vector
  bool Frozen = false;
  SourceRange Range;

  bool isCollection() const { return Kind == List || Kind == Set || Kind == Map; }
  bool isCounter() const { return Kind == Native && Name == "counter"; }
};

//===----------------------------------------------------------------------===//
// Terms (values)
//===----------------------------------------------------------------------===//

struct Term {
  enum KindType {
    Literal,      // LiteralKind says which; Text is the source spelling
    Null,         // NULL
    BindMarker,   // `?` (Text empty) or `:name` (Text = name)
    FunctionCall, // Text = function name (lower-cased unless quoted), Children = args
    List,         // [a, b]  (also vector literals)
    Set,          // {a, b}
    Map,          // {k: v}: Children = k0, v0, k1, v1, ...
    Tuple,        // (a, b)
    Udt,          // {f: v}: FieldNames[i] names Children[i]
    TypeHint,     // (type) term: Type, Children[0]
    Arithmetic,   // Children[0] Op Children[1]; Text = "+", "-", "*", "/", "%"
    Negation,     // - Children[0]
  };
  enum LiteralKindType {
    None,
    String,
    Integer,
    Float,
    Boolean,
    Uuid,
    Hex,      // 0x... blob
    Duration,
    NaN,
    Infinity,
  };

  KindType Kind = Literal;
  LiteralKindType LiteralKind = None;
  std::string Text;
  std::vector<Term> Children;
  std::vector<std::string> FieldNames;
  HeapOptional<CqlType> Type; // for TypeHint
  SourceRange Range;

  bool isBindMarker() const { return Kind == BindMarker; }
  bool isNull() const { return Kind == Null; }
};

//===----------------------------------------------------------------------===//
// Selectors
//===----------------------------------------------------------------------===//

struct Selector {
  // (Kinds are named so they do not clash with the members below.)
  enum KindType {
    ColumnName,   // Column
    Function,     // Name (lower-cased), Args; aggregates are functions too
    CountStar,    // COUNT(*) and COUNT(1)
    Cast,         // CAST(Args[0] AS Type)
    WriteTime,    // WRITETIME(Column)
    MaxWriteTime, // MAXWRITETIME(Column)
    Ttl,          // TTL(Column)
    FieldAccess,  // Args[0].Field
    ElementAccess,// Args[0][Element] or Args[0][From..To] (slice)
    ValueTerm,    // a literal or bind marker used as a selector (Value)
    Arithmetic,   // Args[0] Op Args[1]; Name = "+", "-", ...
    Negation,     // -Args[0]
  };
  KindType Kind = ColumnName;
  Identifier Column;          // ColumnName, WriteTime, MaxWriteTime, Ttl
  std::string Name;           // Function name or operator
  std::vector<Selector> Args;
  HeapOptional<Identifier> Field;
  HeapOptional<Term> Element;
  HeapOptional<Term> SliceFrom, SliceTo;
  bool IsSlice = false;
  HeapOptional<Term> Value;
  HeapOptional<CqlType> Type; // Cast target
  std::optional<Identifier> Alias;
  SourceRange Range;
};

//===----------------------------------------------------------------------===//
// WHERE relations and IF conditions
//===----------------------------------------------------------------------===//

enum class RelationOp {
  Eq,          // =
  Lt,          // <
  Le,          // <=
  Gt,          // >
  Ge,          // >=
  Neq,         // !=
  In,          // IN
  Contains,    // CONTAINS
  ContainsKey, // CONTAINS KEY
  Like,        // LIKE
  IsNotNull,   // IS NOT NULL
};

struct Relation {
  enum TargetKind {
    Column,       // Columns[0] Op Values
    ColumnTuple,  // (Columns...) Op Values (each value a tuple, or a marker)
    Token,        // token(Columns...) Op Values[0]
    MapElement,   // Columns[0][Key] Op Values[0]
    CustomIndex,  // expr(IndexName, Values[0]); Columns[0] is the index name
  };
  TargetKind Target = Column;
  std::vector<Identifier> Columns;
  HeapOptional<Term> Key; // MapElement
  RelationOp Op = RelationOp::Eq;
  /// The right-hand side. For IN: one Term per listed value, or a single
  /// BindMarker term with InMarker set (`IN ?`, `IN :name`).
  std::vector<Term> Values;
  bool InMarker = false;
  /// ScyllaDB's NOT IN: Op is Neq and Values is the list (or InMarker).
  bool NotIn = false;
  SourceRange OpRange; // the operator token(s)
  SourceRange Range;   // the whole relation
};

struct Condition {
  Identifier Column;
  HeapOptional<Term> Element;     // col[elem] op v
  std::optional<Identifier> Field; // col.field op v
  RelationOp Op = RelationOp::Eq;
  std::vector<Term> Values;        // one value, or the IN list
  bool InMarker = false;
  /// ScyllaDB's NOT IN: Op is Neq and Values is the list (or InMarker).
  bool NotIn = false;
  SourceRange Range;
};

//===----------------------------------------------------------------------===//
// Statements
//===----------------------------------------------------------------------===//

class Statement {
public:
  enum KindType {
    // Queries and writes.
    Select,
    Insert,
    Update,
    Delete,
    Batch,
    // Schema statements the schema module reads.
    CreateKeyspace,
    AlterKeyspace,
    CreateTable,
    AlterTable,
    CreateIndex,
    CreateView,
    AlterView,
    CreateType,
    AlterType,
    Drop,
    Use,
    // Recognized and valid, but carrying nothing the checker needs: functions,
    // aggregates, triggers, roles, users, permissions, COMMENT ON, TRUNCATE,
    // SECURITY LABEL and the like. Other::Keyword names the form.
    Other,
  };

  virtual ~Statement();
  KindType kind() const { return Kind; }

  SourceRange Range; // the whole statement, without its ';'

protected:
  explicit Statement(KindType Kind) : Kind(Kind) {}

private:
  KindType Kind;
};

struct UsingOptions {
  HeapOptional<Term> Ttl;
  HeapOptional<Term> Timestamp;
  HeapOptional<Term> Timeout; // ScyllaDB
  SourceRange Range;
};

struct Ordering {
  Identifier Column;
  bool Descending = false;
  HeapOptional<Term> AnnOf; // ORDER BY col ANN OF <vector>
  SourceRange Range;
};

struct GroupByItem {
  Identifier Column;
  std::optional<std::string> Function; // GROUP BY floor(ts, 1h): "floor"
  std::vector<Term> FunctionArgs;      // the arguments after the column
  SourceRange Range;
};

class SelectStatement : public Statement {
public:
  SelectStatement() : Statement(Select) {}
  static bool classof(const Statement *S) { return S->kind() == Select; }

  bool Json = false;
  bool Distinct = false;
  bool Star = false;           // SELECT *
  SourceRange StarRange;
  std::vector<Selector> Selectors;
  QualifiedName Table;
  std::vector<Relation> Where;
  SourceRange WhereRange;      // WHERE keyword through the last relation
  std::vector<GroupByItem> GroupBy;
  std::vector<Ordering> OrderBy;
  HeapOptional<Term> PerPartitionLimit;
  HeapOptional<Term> Limit;
  SourceRange LimitRange;      // the LIMIT clause
  bool AllowFiltering = false;
  SourceRange AllowFilteringRange; // `ALLOW FILTERING`
  // ScyllaDB extensions.
  bool BypassCache = false;
  UsingOptions Using;
};

class InsertStatement : public Statement {
public:
  InsertStatement() : Statement(Insert) {}
  static bool classof(const Statement *S) { return S->kind() == Insert; }

  enum DefaultKindType { DefaultNone, DefaultNull, DefaultUnset };

  QualifiedName Table;
  std::vector<Identifier> Columns;
  std::vector<Term> Values;
  bool Json = false;
  HeapOptional<Term> JsonValue;
  DefaultKindType JsonDefault = DefaultNone;
  bool IfNotExists = false;
  UsingOptions Using;
};

struct Assignment {
  enum KindType {
    Set,        // col = v
    SetElement, // col[k] = v
    SetField,   // col.f = v
    Add,        // col = col + v   /  col += v
    Subtract,   // col = col - v   /  col -= v
    Prepend,    // col = v + col
  };
  KindType Kind = Set;
  Identifier Column;
  HeapOptional<Term> Element;
  std::optional<Identifier> Field;
  Term Value;
  SourceRange Range;
};

class UpdateStatement : public Statement {
public:
  UpdateStatement() : Statement(Update) {}
  static bool classof(const Statement *S) { return S->kind() == Update; }

  QualifiedName Table;
  UsingOptions Using;
  std::vector<Assignment> Assignments;
  std::vector<Relation> Where;
  SourceRange WhereRange;
  bool IfExists = false;
  std::vector<Condition> Conditions;
};

struct DeleteTarget {
  Identifier Column;
  HeapOptional<Term> Element;     // DELETE m['k'], l[0]
  std::optional<Identifier> Field; // DELETE u.f
  SourceRange Range;
};

class DeleteStatement : public Statement {
public:
  DeleteStatement() : Statement(Delete) {}
  static bool classof(const Statement *S) { return S->kind() == Delete; }

  std::vector<DeleteTarget> Targets; // empty: delete rows
  QualifiedName Table;
  UsingOptions Using;
  std::vector<Relation> Where;
  SourceRange WhereRange;
  bool IfExists = false;
  std::vector<Condition> Conditions;
};

class BatchStatement : public Statement {
public:
  BatchStatement() : Statement(Batch) {}
  static bool classof(const Statement *S) { return S->kind() == Batch; }

  enum BatchKindType { Logged, Unlogged, Counter };
  BatchKindType BatchKind = Logged;
  UsingOptions Using;
  std::vector<std::unique_ptr<Statement>> Children; // Insert, Update, Delete
};

/// `name = value` in WITH clauses. Value is a Term (string, number, boolean,
/// map literal for compaction/replication/caching...).
struct Property {
  std::string Name; // lower-cased
  Term Value;
  SourceRange Range;
};

struct ColumnDefinition {
  Identifier Name;
  CqlType Type;
  bool Static = false;
  bool PrimaryKey = false; // `col type PRIMARY KEY`
  std::optional<std::string> MaskFunction; // MASKED WITH fn(...); "default"
  std::vector<Term> MaskArgs;              // the mask function's arguments
  SourceRange Range;
};

struct ClusteringOrder {
  Identifier Column;
  bool Descending = false;
  SourceRange Range;
};

class CreateKeyspaceStatement : public Statement {
public:
  explicit CreateKeyspaceStatement(bool Alter = false)
      : Statement(Alter ? AlterKeyspace : CreateKeyspace) {}
  static bool classof(const Statement *S) {
    return S->kind() == CreateKeyspace || S->kind() == AlterKeyspace;
  }
  Identifier Name;
  bool IfNotExists = false; // CREATE ... IF NOT EXISTS / ALTER ... IF EXISTS
  std::vector<Property> Options;
};

class CreateTableStatement : public Statement {
public:
  CreateTableStatement() : Statement(CreateTable) {}
  static bool classof(const Statement *S) { return S->kind() == CreateTable; }

  QualifiedName Table;
  bool IfNotExists = false;
  std::vector<ColumnDefinition> Columns;
  std::vector<Identifier> PartitionKey;
  std::vector<Identifier> Clustering;
  SourceRange PrimaryKeyRange;
  std::vector<ClusteringOrder> ClusteringOrders;
  bool CompactStorage = false;
  std::vector<Property> Options;
  std::optional<QualifiedName> Like; // CREATE TABLE t LIKE other
  bool LikeIndexes = false;          // ... LIKE other WITH INDEXES
};

class AlterTableStatement : public Statement {
public:
  AlterTableStatement() : Statement(AlterTable) {}
  static bool classof(const Statement *S) { return S->kind() == AlterTable; }

  enum ActionKind { AddColumns, DropColumns, RenameColumns, AlterColumnType,
                    SetOptions, DropCompactStorage, AlterMask };
  QualifiedName Table;
  bool IfExists = false;
  ActionKind Action = SetOptions;
  std::vector<ColumnDefinition> Added;
  std::vector<Identifier> Dropped;
  std::vector<std::pair<Identifier, Identifier>> Renamed; // from, to
  std::vector<Property> Options;
  std::vector<ClusteringOrder> ClusteringOrders; // WITH CLUSTERING ORDER BY
  bool IfNotExistsColumn = false; // ADD IF NOT EXISTS / DROP|RENAME|ALTER IF EXISTS
  bool DropMask = false;          // ALTER col DROP MASKED
  HeapOptional<Term> DropTimestamp; // DROP col USING TIMESTAMP n
};

struct IndexTarget {
  enum KindType { Simple, Values, Keys, Entries, Full };
  KindType Kind = Simple;
  Identifier Column;
  SourceRange Range;
};

class CreateIndexStatement : public Statement {
public:
  CreateIndexStatement() : Statement(CreateIndex) {}
  static bool classof(const Statement *S) { return S->kind() == CreateIndex; }

  std::optional<Identifier> Name;
  QualifiedName Table;
  bool Custom = false;
  bool IfNotExists = false;
  std::vector<IndexTarget> Targets;
  std::vector<Identifier> LocalPartitionKey; // ScyllaDB ((pk), col)
  std::optional<std::string> Using;          // the USING class string
  std::vector<Property> Options;             // WITH OPTIONS = {...} as properties
};

class CreateViewStatement : public Statement {
public:
  explicit CreateViewStatement(bool Alter = false)
      : Statement(Alter ? AlterView : CreateView) {}
  static bool classof(const Statement *S) {
    return S->kind() == CreateView || S->kind() == AlterView;
  }

  QualifiedName View;
  bool IfNotExists = false;
  bool Star = false;
  std::vector<Identifier> SelectedColumns;
  QualifiedName Base;
  std::vector<Relation> Where;
  std::vector<Identifier> PartitionKey;
  std::vector<Identifier> Clustering;
  std::vector<ClusteringOrder> ClusteringOrders;
  std::vector<Property> Options;
};

class CreateTypeStatement : public Statement {
public:
  explicit CreateTypeStatement(bool Alter = false)
      : Statement(Alter ? AlterType : CreateType) {}
  static bool classof(const Statement *S) {
    return S->kind() == CreateType || S->kind() == AlterType;
  }
  enum ActionKind { Add, Rename, AlterField }; // ALTER TYPE only
  QualifiedName Type;
  bool IfNotExists = false;
  ActionKind Action = Add;
  bool IfNotExistsField = false; // ALTER TYPE ADD IF NOT EXISTS / RENAME IF EXISTS
  std::vector<std::pair<Identifier, CqlType>> Fields; // CREATE, ALTER ADD/ALTER
  std::vector<std::pair<Identifier, Identifier>> Renamed; // ALTER RENAME
};

class DropStatement : public Statement {
public:
  enum ObjectKind { Keyspace, Table, Index, View, Type, Function, Aggregate,
                    Trigger, Role, User };
  explicit DropStatement(ObjectKind Object) : Statement(Drop), Object(Object) {}
  static bool classof(const Statement *S) { return S->kind() == Drop; }

  ObjectKind Object;
  QualifiedName Name;
  std::optional<QualifiedName> On; // DROP TRIGGER t ON table
  bool IfExists = false;
  bool HasSignature = false;         // DROP FUNCTION f(int, text)
  std::vector<CqlType> Signature;
};

class UseStatement : public Statement {
public:
  UseStatement() : Statement(Use) {}
  static bool classof(const Statement *S) { return S->kind() == Use; }
  Identifier Keyspace;
};

class OtherStatement : public Statement {
public:
  OtherStatement() : Statement(Other) {}
  static bool classof(const Statement *S) { return S->kind() == Other; }
  /// The statement form, e.g. "CREATE FUNCTION", "GRANT", "TRUNCATE".
  std::string Keyword;
  /// The table it names, when it names one (TRUNCATE, COMMENT ON TABLE...).
  std::optional<QualifiedName> Table;
  /// The statement's tokens joined by single spaces, keywords upper-cased
  /// (what the printer prints for these statements).
  std::string Text;
};

/// One parsed input text: its statements in order. Statements that failed to
/// parse are absent (a syntax-error diagnostic was reported instead).
struct Script {
  std::vector<std::unique_ptr<Statement>> Statements;
  unsigned StatementsSeen = 0; // parsed ones plus failed ones
};

} // namespace nosqlint::cql

#endif
