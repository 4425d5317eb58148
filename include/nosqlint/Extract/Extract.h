//===- Extract.h - CQL embedded in host-language source files --*- C++ -*-===//
//
// Finds the CQL statements a program builds in its source code (Java, Kotlin,
// Scala, Python, Go, JavaScript, TypeScript, C#) by parsing the file with
// tree-sitter and evaluating string expressions: literals with their escapes,
// `+` and implicit concatenation, constants of the same file, interpolations
// and format calls. Each result is a rebuilt CQL text plus the TextOrigin
// that maps every byte of it back to the host file, so the CQL front end
// reports at the exact line and column the user wrote.
//
// An interpolation hole whose value is unknown becomes a placeholder that
// never causes a false finding: a bind marker `?` in value position; in table
// position an identifier, and the snippet is not checked against the schema;
// anywhere else the snippet is only listed.
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_EXTRACT_EXTRACT_H
#define NOSQLINT_EXTRACT_EXTRACT_H

#include "nosqlint/Basic/SourceLocation.h"
#include "nosqlint/Basic/TextOrigin.h"
#include "nosqlint/Extract/RepositoryFacts.h"
#include "nosqlint/IR/ExecutionFacts.h"
#include "nosqlint/Json/PositionedJson.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace nosqlint::extract {

enum class HostLanguage {
  Java,
  Kotlin,
  Scala,
  Python,
  Go,
  JavaScript,
  TypeScript,
  Tsx, // TypeScript with JSX
  CSharp,
};

/// The host language of a file, from its extension.
std::optional<HostLanguage> hostLanguageForPath(llvm::StringRef Path);
llvm::StringRef hostLanguageName(HostLanguage Lang);

/// How far a rebuilt text can be trusted.
enum class SnippetTrust {
  Full,         // every hole is a bind marker or a resolved constant
  TableUnknown, // a hole names the table: syntax is checked, schema rules not
  Opaque,       // a hole stands for query structure: listed, never reported
};

/// Why the text was taken for CQL.
enum class SnippetSource {
  DriverCall, // an argument of a driver call (execute, prepare, @Query, ...)
  Keyword,    // a string that starts with a CQL statement keyword
  Builder,    // built by a query builder chain (QueryBuilders.h)
  Repository, // a Spring Data repository's query (Repositories.h)
  Mapper,     // a DataStax object mapper @Dao method's query (Repositories.h)
  Orm,        // a Python cqlengine query chain's statement (OrmFacts.h)
  Shell,      // run by cqlsh in a shell script or Dockerfile (ShellScripts.h)
  Config,     // a HOCON configuration value (HoconStatements.h)
};

struct CqlSnippet {
  std::string Text;   // the rebuilt CQL, holes replaced by placeholders
  TextOrigin Origin;  // text offsets -> host file offsets
  SourceRange Range;  // the host expression it was built from
  SnippetTrust Trust = SnippetTrust::Full;
  SnippetSource Source = SnippetSource::Keyword;
  unsigned Holes = 0; // interpolation holes left as placeholders
  /// Why it was taken for CQL: the model row of the API it reaches
  /// (models/<language>.models), or the rule that took it.
  std::string Reason;
  /// The file itself imports no database library: the code around it
  /// decides (the driver sees it; SubtreeUses).
  bool NeedsPackage = false;
  /// The table as a model of the code declares it (a gocqlx
  /// table.Metadata, generated from the live schema by schemagen): where
  /// the schema read says otherwise, that schema is not the one the code
  /// runs against, and the table's queries are not checked.
  struct ModelTable {
    std::string Table; // as the model names it, `ks.t` or `t`
    std::vector<std::string> PartitionKey, Clustering, Columns;
  };
  std::optional<ModelTable> Model;
  /// The consistency level and page size the code sets on the statement,
  /// the call that runs it, or its session (IR/ExecutionFacts.h).
  ExecutionFacts Execution;
};

/// Which kinds of database library a file imports (models/*.models).
struct LibraryUse {
  bool Cql = false;
  bool Sql = false;
  bool DynamoDb = false;
};

/// The library use of a file, from its import statements alone (no parse).
LibraryUse libraryUse(HostLanguage Lang, llvm::StringRef Text);

/// The decision taken for one string that reads as a statement, taken or
/// not (ExtractOptions::RecordDecisions): what `--explain-extraction` prints.
struct ExtractionDecision {
  SourceRange Range;
  bool Taken = false;
  std::string Text;
  std::string Reason;
};

struct ExtractOptions {
  /// Give up on a file whose syntax tree would be larger than this many
  /// bytes of source (tree-sitter's memory grows with it).
  size_t MaxFileBytes = 4u << 20;
  /// Record an ExtractionDecision for every string that reads as a
  /// statement.
  bool RecordDecisions = false;
  /// Take a string that reaches no modeled API by its shape (in a file
  /// that uses a Cassandra library). Off for a test source, whose strings
  /// are as often the expected output of a builder or a matcher's prefix
  /// as a statement sent.
  bool ByShape = true;
  /// Record FileExtraction::Comments and ::Statements even when the file
  /// names no nosqlint directive (an editor adds one: where it goes).
  bool RecordStatements = false;
};

/// Whether \p Path names a test source by its file name (`_test.go`,
/// `FooTest.java`, `FooIT.java`, `test_foo.py`, `foo_test.py`,
/// `foo.test.ts`, `foo.spec.js`, `FooSpec.scala`, `FooTests.cs`).
bool isTestSourcePath(llvm::StringRef Path);

/// A DynamoDB request that a program builds with an AWS SDK: a boto3 client
/// or resource call, a JavaScript v2 DocumentClient call or v3 command, a
/// Java v2 request builder, a Go v2 input struct, a .NET request object.
/// Params holds the request's parameters in DynamoDB's wire format (what the
/// SDK sends), built from the host code: every value carries the byte range
/// of the host expression it came from, strings their TextOrigin, and a value
/// the program computes at run time is flagged Unknown. Native values of the
/// document clients (boto3 resource, DocumentClient, lib-dynamodb) are
/// marshalled to AttributeValues the way the SDK does it.
struct DynamoCall {
  std::string Operation;   // "Query", "Scan", ..., "ExecuteStatement"
  std::string Sdk;         // "boto3", "aws-sdk-js-v3", "aws-sdk-java-v2", ...
  std::unique_ptr<json::JsonValue> Params;
  SourceRange Range;          // where the request is built (the whole
                              // builder, struct literal or call)
  SourceRange OperationRange; // the method, command or type naming the
                              // operation: where its findings point
  /// A paginator (paginateScan, get_paginator("scan"), scanPaginated):
  /// every page is read, and a Limit is only the size of one page.
  bool EveryPage = false;
  /// A table definition declared by an infrastructure construct (CDK): the
  /// construct's id, by which the code's environment refers to it.
  std::string LogicalId;
  /// A CreateTable of a mapped class (the Java enhanced client's
  /// @DynamoDbBean), which two facts make: the class's keys (Params without
  /// a TableName) and the name a use gives it (Params with only a
  /// TableName). Both carry the class's qualified name; joinModelTables
  /// joins them.
  std::string ModelClass;
};

/// One step of a path into a request's parameters: a member key, or an
/// element index of an array.
struct JsonStep {
  std::string Key;
  int Index = -1; // >= 0: an array element
};

/// A parameter of a wrapper that a request it builds takes as is (the
/// whole of a string or number value): filled at each call site with the
/// value of the argument there.
struct WrapperHole {
  std::vector<JsonStep> Path;
  unsigned Param = 0;
  /// A property of the argument (an options object, JavaScript's
  /// `const { table } = params`), or empty: the argument itself.
  std::string Member;
};

/// A function or method of the application whose parameters flow into the
/// DynamoDB requests it builds (`p.queryEq(ctx, table, ...)` building a
/// QueryInput with TableName: aws.String(table)): the summary the file that
/// declares it gives, instantiated at the calls of other files of the
/// package (WrapperCalls.h). Language-neutral: the requests are the ones its
/// SDK recognizer built, with holes for the parameters.
struct WrapperFunction {
  std::string Name;
  /// The type a method is declared on (a Go receiver's type, a class);
  /// empty for a free function.
  std::string Owner;
  /// The package clause (Go), namespace or module it is declared in.
  std::string Package;
  /// The parameters, in order (Go's `a, b string` are two).
  std::vector<std::string> Params;
  /// How many of the last parameters a call may leave out (JavaScript's
  /// `n = 25`, `n?: number`).
  unsigned Optional = 0;
  /// The whole definition, in the declaring file.
  SourceRange Definition;
  struct Template {
    DynamoCall Call;
    std::vector<WrapperHole> Holes;
    /// The request is made on a value a parameter gives (a
    /// dynamodb-toolbox Entity or Table): which table is the caller's.
    /// Its Path is empty.
    std::optional<WrapperHole> Receiver;
  };
  std::vector<Template> Requests;
};

/// A Lambda function an infrastructure-as-code construct in the file
/// declares (AWS CDK `new lambda.Function`, `NodejsFunction`), with the
/// environment variables it binds to tables.
struct LambdaDeclaration {
  std::string Function;  // the construct's id
  /// Its code as written: a folder (`Code.fromAsset('lambda')`) or, with
  /// CodeIsFile, the handler's file (`entry: 'lambda/index.ts'`).
  std::string CodePath;
  bool CodeIsFile = false;
  /// `path.join(__dirname, ...)`: relative to this file's folder; otherwise
  /// to the CDK app's folder (where cdk.json is).
  bool CodeRelativeToFile = false;
  std::string Handler;   // `index.handler`; empty with CodeIsFile
  struct Binding {
    std::string Variable;
    std::string TableConstruct; // the id of a table construct of the file
    std::string TableName;      // or a literal name
    SourceRange Range;          // the value that binds it
  };
  std::vector<Binding> Environment;
};

/// Constants declared by the other files of a package (directory): name ->
/// value. Consulted for names the file itself does not declare.
using PackageConstants = llvm::StringMap<std::string>;

struct FileExtraction {
  std::vector<CqlSnippet> Snippets;
  /// The DynamoDB requests the file builds, in source order.
  std::vector<DynamoCall> DynamoCalls;
  /// What the file says of Spring Data repositories (Repositories.h): the
  /// driver joins every file's facts.
  RepositoryFacts Repositories;
  /// The Lambda functions the file declares as infrastructure code.
  std::vector<LambdaDeclaration> Functions;
  /// The file's functions whose parameters flow into its DynamoDB
  /// requests (WrapperFunction), for the calls of the other files.
  std::vector<WrapperFunction> Wrappers;
  /// The file's own string and number constants whose value is fully known,
  /// for the other files of its package.
  std::vector<std::pair<std::string, std::string>> Constants;
  /// Names used inside string expressions that the file does not declare:
  /// extracting again with the package's constants may resolve them.
  std::vector<std::string> UnresolvedNames;
  /// Java: the classes whose constants the file may use, as its imports
  /// name them (`a.tables.MailTable` for `import a.tables.MailTable;` and
  /// `import static a.tables.MailTable.NAME;`), for the constants of
  /// another package.
  std::vector<std::string> ImportedClasses;
  /// The database libraries the file imports (set also when extraction
  /// gives up on the file).
  LibraryUse Uses;
  /// With ExtractOptions::RecordDecisions.
  std::vector<ExtractionDecision> Decisions;
  /// Not parsed: its brackets nest deeper than MaxParseNesting.
  bool TooDeep = false;
  /// The file's comments, in source order: the only places a suppression
  /// comment (`nosqlint: ignore`) is read from. Only for a file whose text
  /// names nosqlint (in any case), as are Statements.
  std::vector<SourceRange> Comments;
  /// The host statement (an expression statement, a declaration, an
  /// annotation) of each snippet and DynamoDB call: a suppression comment
  /// on one of its lines or directly above it applies to its findings.
  std::vector<SourceRange> Statements;
  /// The named function or method around each snippet and DynamoDB call
  /// (once each, in source order): the code paths `nosqlint patterns`
  /// tells apart.
  std::vector<SourceRange> FunctionSpans;
};

/// Extracts the CQL snippets of one host file, in source order. \p Text is the
/// whole file as registered under \p File. Thread-safe.
FileExtraction extractFile(HostLanguage Lang, FileId File, llvm::StringRef Text,
                           const PackageConstants *Package = nullptr,
                           const ExtractOptions &Options = {});

/// The comments of a host file that extractFile did not read (FileExtraction::
/// Comments), in source order; nothing when it does not parse.
std::vector<SourceRange> hostComments(HostLanguage Lang, FileId File,
                                      llvm::StringRef Text,
                                      size_t MaxFileBytes = 4u << 20);

/// False only when extractFile, run without package constants, can find
/// neither a CQL statement nor a DynamoDB call in \p Text: no string of it
/// can begin with a statement keyword, and it does not name the language's
/// DynamoDB SDK. One pass over the bytes, far cheaper than the parse; the
/// driver parses the other files only when a neighbour of their package
/// may need their constants or lend them its own. The two halves below;
/// the driver asks them through prescanHostFile (CatalogGate.h).
bool mayHoldQueries(HostLanguage Lang, llvm::StringRef Text);

/// Whether \p Text names an API that a front end reads without a string: a
/// DynamoDB SDK, an object mapper's entities or calls, a query or schema
/// builder, a Spring Data repository or template.
bool mayHoldLibraryCalls(HostLanguage Lang, llvm::StringRef Text);

/// mayHoldLibraryCalls but for the calls of a gocqlx table model another
/// file declares (mayCallGocqlxTable): what a file holds by itself.
bool mayHoldOwnLibraryCalls(HostLanguage Lang, llvm::StringRef Text);

/// Whether some string of \p Text may begin with a statement keyword that
/// looksLikeCql accepts there (with its companion word where the string is
/// read as it stands), or an escape may spell one.
bool mayHoldStatementText(HostLanguage Lang, llvm::StringRef Text);

/// Whether a constant of value \p Value, used by a file for which
/// mayHoldQueries is false, may give it a statement: some word of the value
/// (a run of letters) is a statement keyword, in any case. Such a file
/// spells no keyword where a string of it can begin, so a statement it
/// builds takes its first word whole from a constant of another file. (A
/// keyword glued from two pieces, `"SEL" + "ECT ..."`, is beyond the
/// prescan's promise within one file as well.)
bool mayLendStatementKeyword(llvm::StringRef Value);

/// extractFile without the package: the snippets only.
std::vector<CqlSnippet> extractCql(HostLanguage Lang, FileId File,
                                   llvm::StringRef Text,
                                   const ExtractOptions &Options = {});

/// The statements of a cassandra-stress user profile (YAML): keyspace DDL,
/// `USE <keyspace>`, table DDL, then every `queries: <name>: cql:`, as one
/// CQL text mapped to the file. Nothing when the YAML is not such a profile.
std::optional<CqlSnippet> extractStressProfile(FileId File,
                                               llvm::StringRef Text);

/// A .cql file with template placeholders (`{{ x }}`, `${x}`, `{% ... %}`)
/// from byte \p Begin on, as a CQL text whose placeholders are holes.
/// Nothing when the file has no placeholder outside comments.
bool hasTemplatePlaceholders(llvm::StringRef Text);
std::optional<CqlSnippet> extractCqlTemplate(FileId File, llvm::StringRef Text,
                                             uint32_t Begin);

/// The placeholder identifier written for a hole in table position.
inline constexpr llvm::StringLiteral HolePlaceholderName = "nosqlint_hole";

} // namespace nosqlint::extract

#endif
