//===- BuilderFacts.h - Builder and mapper queries of Go and Node files -*- C++ -*-===//
//
// What one Go or JavaScript/TypeScript file says of the queries it builds
// without writing their text, when the statement needs a fact of another
// file:
//
//  - gocqlx table models: `var Users = table.New(table.Metadata{...})`
//    declared in one file or package, `models.Users.GetQuery(session)` used
//    in another (GocqlxQueries.cpp reads both, GocqlxTables.cpp joins them);
//  - the Node.js cassandra-driver Mapper: the models of a MappingOptions
//    object (`{ models: { User: { tables: ['users'] } } }`) and the calls of
//    `mapper.forModel('User')` (`find({ email })`), often in two modules
//    (NodeMappers.cpp reads, NodeMapperQueries.cpp joins);
//  - Go struct fields that carry a statement to the driver:
//    `Statement{Query: "..."}` in one package and `session.Query(s.Query)`
//    in another (GoFieldStatements.cpp).
//
// Each file's facts travel in its RepositoryFacts; the driver joins every
// file's once all are extracted (Repositories.h).
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_EXTRACT_BUILDERFACTS_H
#define NOSQLINT_EXTRACT_BUILDERFACTS_H

#include "nosqlint/Extract/Extract.h"

#include <optional>
#include <string>
#include <vector>

namespace nosqlint::extract {

/// A piece of a statement's text taken from a host file: what it reads,
/// and the file bytes it stands for.
struct CqlPiece {
  std::string Text;
  uint32_t Begin = 0, Length = 0;
  bool Verbatim = false; // Text is the file's bytes at Begin, one to one
  SnippetTrust Trust = SnippetTrust::Full;
  unsigned Holes = 0;
};

/// One gocqlx qb statement (a SelectBuilder, InsertBuilder, UpdateBuilder
/// or DeleteBuilder) as its calls leave it: each part the text gocqlx
/// writes for it (qb/*.go ToCql), mapped to the call that adds it.
struct GocqlxStatement {
  enum class Kind { Select, Insert, Update, Delete };
  Kind Op = Kind::Select;
  bool Version3 = false; // gocqlx/v3 quotes the table name as needed
  CqlPiece Head;         // the builder's root call name: its keywords
  std::optional<CqlPiece> Table;
  bool Json = false;
  CqlPiece JsonAt;
  /// Select: result columns (raw CQL text); Insert: the columns, Values
  /// their values; Delete: the columns deleted.
  std::vector<CqlPiece> Columns, Values;
  std::vector<CqlPiece> Distinct, GroupBy;
  struct Cmp {
    CqlPiece Column;
    std::string Op; // as gocqlx writes it: "=", " IN ", " CONTAINS "
    CqlPiece Value; // "?", "(?,?)", a literal, a function call
  };
  std::vector<Cmp> Where, If;
  struct Assignment {
    CqlPiece Column;
    std::string Prefix; // "c+" / "c-" for Add / Remove
    CqlPiece Value;
  };
  std::vector<Assignment> Sets;
  std::vector<CqlPiece> OrderBy; // "c ASC"
  std::optional<CqlPiece> Limit, PerPartitionLimit; // the value's text
  std::optional<CqlPiece> AllowFiltering, BypassCache, Unique, Existing;
  std::optional<CqlPiece> Ttl, Timestamp, Timeout; // the value's text
  /// Why it is a statement: the model row of its entry point.
  std::string Reason;
  SnippetSource Source = SnippetSource::Builder;
  SourceRange Range; // the chain
  /// The table model it was made from (CqlSnippet::Model).
  std::optional<CqlSnippet::ModelTable> Model;
  /// Made in a gocqlx migration callback: it runs against the schema of
  /// its migration, not the final one (syntax checked, schema rules not).
  bool Historical = false;
};

/// `table.New(table.Metadata{Name: ..., Columns: ..., PartKey: ...,
/// SortKey: ...})` bound to a package-level name or returned by a function.
struct GocqlxTable {
  std::string Name; // the Go identifier
  bool Function = false;
  CqlPiece Table;   // the Name field's text (its span is in the declaring file)
  std::vector<std::string> Columns, PartKey, SortKey;
  bool ColumnsKnown = true; // Columns is a literal list
};

/// What a table model's method adds to the statement it starts
/// (gocqlx table/table.go).
enum class GocqlxTablePart {
  None,
  PrimaryKey,   // WHERE every partition and sort key column = ?
  PartitionKey, // WHERE every partition key column = ?
  AllColumns,   // INSERT: every column of the metadata
};

/// A table model's statement whose model the file does not declare:
/// `Users.GetQuery(s)` (Users of another file of the package) or
/// `models.Users.SelectBuilder().Where(...)` (another package).
struct GocqlxTableUse {
  std::string ImportPath; // the package that declares it; empty: the file's own
  std::string Name;
  bool Function = false; // `newUsersTable(ks).GetQuery(s)`
  GocqlxTablePart Part = GocqlxTablePart::None;
  GocqlxStatement Statement; // its table and the model's parts still to add
  CqlPiece Method;           // the model's method name: where they map
};

/// A struct field whose value reaches a CQL API: the field of this
/// package's type `Statement` that `d.conn.Query(s.Query, ...)` sends.
struct GoFieldSink {
  std::string ImportPath; // the package of the type; empty: the file's own
  std::string Type, Field;
  bool Formatted = false; // `fmt.Sprintf(s.Query, ks)`: a template
  std::string Reason;
};

/// A statement-like string written as a struct field's value:
/// `scyllarepo.Statement{Query: "Insert into ..."}`.
struct GoFieldString {
  std::string ImportPath; // the package of the type; empty: the file's own
  std::string Type, Field;
  CqlSnippet Snippet;
  /// The string as a format template (its verbs holes), when it is one
  /// literal.
  std::optional<CqlSnippet> Template;
};

/// One model of a cassandra-driver MappingOptions object.
struct NodeMapperModel {
  std::string Name;
  std::vector<std::string> Tables; // empty: the model's name
  std::string Keyspace;            // empty: the client's
  bool Underscore = false;         // UnderscoreCqlToCamelCaseMappings
  std::vector<std::pair<std::string, std::string>> Columns; // property -> column
};

/// One call of a ModelMapper (`mapper.forModel('User').find({ email })`).
struct NodeMapperCall {
  std::string Model;
  std::string Method; // find, findAll, get, insert, update, remove
  struct Property {
    std::string Name;
    std::string Op = "="; // ">", "IN", ...: a q operator
    CqlPiece At;          // the property in the call
  };
  /// The document's properties; DocKnown false when the document is not
  /// an object literal (its properties are known at run time only).
  std::vector<Property> Doc;
  bool DocKnown = false;
  std::vector<Property> Fields; // docInfo.fields
  struct Order {
    std::string Name;
    bool Descending = false;
    CqlPiece At;
  };
  std::vector<Order> OrderBy; // docInfo.orderBy
  bool InfoKnown = true;      // docInfo is absent, a literal or a profile name
  std::optional<CqlPiece> Limit, Ttl, IfNotExists, IfExists;
  CqlPiece MethodAt; // the method name
  SourceRange Range;
  std::string Reason;
};

/// The facts above of one file.
struct BuilderFacts {
  std::vector<GocqlxTable> GoTables;
  std::vector<GocqlxTableUse> GoTableUses;
  std::vector<GoFieldSink> GoFieldSinks;
  std::vector<GoFieldString> GoFieldStrings;
  std::vector<NodeMapperModel> NodeModels;
  std::vector<NodeMapperCall> NodeCalls;

  bool empty() const {
    return GoTables.empty() && GoTableUses.empty() && GoFieldSinks.empty() &&
           GoFieldStrings.empty() && NodeModels.empty() && NodeCalls.empty();
  }
};

} // namespace nosqlint::extract

#endif
