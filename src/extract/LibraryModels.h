//===- LibraryModels.h - Which library APIs receive a query ----*- C++ -*-===//
//
// The library catalog: per host language, the database libraries a program
// may use (the packages whose imports identify them, and the language of the
// queries they receive: CQL, DynamoDB, SQL) and the APIs that receive a
// query (a method and argument, a constructor, an annotation element, a
// property, a string interpolator). It is data, one row per API, in
// models/<language>.models (see models/README.md), embedded in the binary
// at build time; every row carries an example that the row tests run.
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_EXTRACT_LIBRARYMODELS_H
#define NOSQLINT_EXTRACT_LIBRARYMODELS_H

#include "nosqlint/Extract/Extract.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

namespace nosqlint::extract {

enum class QueryDialect { Cql, DynamoDb, Sql, None };

llvm::StringRef dialectName(QueryDialect D);

struct LibraryModel {
  std::string Name;
  QueryDialect Dialect = QueryDialect::None;
  std::vector<std::string> Packages; // import-path prefixes
  std::vector<std::string> Types;    // names that identify it in a wildcard import
  /// An SDK of many services (boto3): a file uses it for queries only
  /// where its text names one of these (`dynamodb`, any case); empty for a
  /// database library, which any import uses.
  std::vector<std::string> Services;
};

enum class SinkKind {
  Call,         // receiver.method(..., query, ...)
  New,          // new Type(..., query, ...)
  Annotation,   // @Annotation("query") / @Annotation(element = "query")
  Property,     // receiver.Property = "query" (also in an initializer)
  Interpolator, // prefix"query" (Scala string interpolators)
  Tag,          // tag`query` (JavaScript tagged templates)
  /// TYPE.METHOD(...) starts a query builder chain or a mapper query: the
  /// library's translation turns it into the statement it sends.
  Builder,
};

/// One API that receives a query.
struct SinkModel {
  SinkKind Kind = SinkKind::Call;
  unsigned Library = 0; // index into ModelCatalog::libraries()
  std::string Type;     // the receiver type or annotation (documentation
                        // for calls: receivers are matched by library)
  std::string Member;   // method, annotation simple name, property, prefix
  int Argument = 0;     // positional index, or -1 with ArgumentName
  std::string ArgumentName;
  std::string Example;  // a small file that uses the API (its row test)
  std::string File;     // models/<language>.models
  unsigned Line = 0;
  /// `prepares` (call rows): the call only prepares the statement; what
  /// runs is a statement bound from its result (`bind` rows), elsewhere.
  bool Prepares = false;

  /// `datastax-java-driver-4 CqlSession.execute #0`: how a decision names
  /// the row.
  std::string describe(const std::vector<LibraryModel> &Libs) const;
};

/// The execution fact a `setting` row sets (IR/ExecutionFacts.h).
/// `profile`: the row's value names the execution profile the statement
/// runs with.
enum class ExecutionFactKind { Consistency, SerialConsistency, PageSize, Profile };

/// Forgets the fact \p K of \p F (a row that sets it to a run-time value,
/// or to nothing): it is unknown again. A profile is no fact here.
void clearFact(ExecutionFacts &F, ExecutionFactKind K);

/// How a `setting` row's API receives its value.
enum class SettingForm {
  Method,  // x.NAME(value), on the statement's chain or its variable
  Keyword, // NAME=value, an argument of a call on the statement's chain
  Option,  // { NAME: value }, an object argument of such a call
  Assign,  // x.NAME = value
  Config,  // NAME = value, a key of a profile in the driver's configuration file
  Loader,  // withString(Owner.NAME, value) on a configuration loader's
           // builder given to the session (Java driver 4's programmaticBuilder)
};

/// Which page sizes turn paging off for a `setting` row's API: what the
/// driver does with them, from its own documentation.
enum class PagingOff {
  Never,       // no value does (the driver falls back on its default)
  NoneValue,   // None / null / nil
  NonPositive, // 0 or less (the page size is not sent at all)
  MaxInt,      // the largest int (one page holds every row)
};

/// One API that sets a consistency level or a page size (models/README.md,
/// `setting` rows).
struct SettingModel {
  unsigned Library = 0;
  SettingScope Scope = SettingScope::Statement;
  SettingForm Form = SettingForm::Method;
  std::string Name; // method, keyword, option key, property or config key
  /// `Owner.NAME` in the row: the value is given to a call of (or a chain
  /// that starts at a construction of) Owner, not to the statement: Python
  /// `ExecutionProfile(consistency_level=..)`, driver 3 `new QueryOptions()
  /// .setConsistencyLevel(..)`. Empty for the others.
  std::string Owner;
  ExecutionFactKind Fact = ExecutionFactKind::Consistency;
  PagingOff Off = PagingOff::Never;
  /// `inherits`: a named profile that does not set this fact takes the
  /// default profile's (Java driver 4; Python's profiles do not).
  bool Inherits = false;
  /// `copies` (method rows): the setter returns a new statement and leaves
  /// its receiver as it was (Java driver 4's immutable statements): a call
  /// whose result is dropped sets nothing.
  bool Copies = false;
  /// `default=NAME`: a profile row's spelling of the default profile's name
  /// (Python `EXEC_PROFILE_DEFAULT`).
  std::string DefaultProfile;
  std::string Example;
  std::string File;
  unsigned Line = 0;
};

/// A method of a prepared statement that makes the statement that runs
/// (models/README.md, `bind` rows): the settings on its chain are that
/// statement's (ExecutionSettingsPrepared.cpp).
struct BindModel {
  unsigned Library = 0;
  std::string Type;   // the prepared statement's type (documentation)
  std::string Member; // bind, boundStatementBuilder
  std::string Example;
  std::string File;
  unsigned Line = 0;
};

class ModelCatalog {
public:
  /// The catalog of \p Lang (Kotlin and Scala also see the Java rows).
  static const ModelCatalog &forLanguage(HostLanguage Lang);

  /// Parses one models file; appends "file:line: message" for bad rows.
  void parse(llvm::StringRef FileName, llvm::StringRef Text,
             std::vector<std::string> &Errors);

  const std::vector<LibraryModel> &libraries() const { return Libraries; }
  const std::vector<SinkModel> &sinks() const { return Sinks; }
  const std::vector<SettingModel> &settings() const { return Settings; }
  const std::vector<BindModel> &binds() const { return Binds; }

  /// The library an import path belongs to (the longest package prefix,
  /// ending at a component boundary).
  const LibraryModel *libraryOfPath(llvm::StringRef Path) const;
  /// The library whose types include \p Name, among libraries whose package
  /// is opened by a wildcard import in \p Opened.
  const LibraryModel *libraryOfWildcardType(
      llvm::StringRef Name, llvm::ArrayRef<std::string> Opened) const;

  /// The rows of \p Kind whose member is \p Member.
  std::vector<const SinkModel *> sinksNamed(SinkKind Kind,
                                            llvm::StringRef Member) const;

  /// The builder row of \p Type (a package or type name of the library:
  /// `qb`, `Table`, `ModelMapper`) and \p Member, or null.
  const SinkModel *builderRow(llvm::StringRef Type,
                              llvm::StringRef Member) const;

  /// Whether some row of a CQL library is named \p Member: a string passed
  /// to it may be taken by its first keyword alone (the prescan asks).
  bool isCqlMember(llvm::StringRef Member) const;

  /// Errors met while reading the embedded files (none, in a good build).
  const std::vector<std::string> &errors() const { return Errors; }

private:
  std::vector<LibraryModel> Libraries;
  std::vector<SinkModel> Sinks;
  std::vector<SettingModel> Settings;
  std::vector<BindModel> Binds;
  llvm::StringMap<std::vector<unsigned>> ByMember;
  std::vector<std::string> Errors;
};

} // namespace nosqlint::extract

#endif
