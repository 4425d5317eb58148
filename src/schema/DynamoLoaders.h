//===- DynamoLoaders.h - Internals shared by the DynamoDB loaders -*- C++ -*-===//
//
// Every format is first turned into a tree of json::JsonValue (YAML included),
// then each table definition is read by readTableDefinition() (CreateTable,
// describe-table and CloudFormation share the CreateTable shape) or by the
// Workbench reader, and checked by validateDynamoTable().
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_SRC_SCHEMA_DYNAMOLOADERS_H
#define NOSQLINT_SRC_SCHEMA_DYNAMOLOADERS_H

#include "nosqlint/Diag/DiagnosticEngine.h"
#include "nosqlint/Json/PositionedJson.h"
#include "nosqlint/Json/PositionedYaml.h"
#include "nosqlint/Schema/DynamoSchema.h"

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace nosqlint::dynamo {

using json::JsonValue;

/// Resolves a value that names something (TableName, an AttributeName) to a
/// literal: plain strings as they are; CloudFormation intrinsics where the
/// template allows. nullopt when it cannot be known statically.
using StringResolver =
    std::function<std::optional<std::string>(const JsonValue &)>;

struct LoadContext {
  FileId File;
  DiagnosticEngine &Diags;
  StringResolver Resolve;

  SourceRange range(const JsonValue &V) const { return V.range(File); }
  DiagnosticBuilder error(SourceRange Range, std::string Message) const {
    return Diags.report(RuleId::SchemaError, Dialect::DynamoDb, Range,
                        std::move(Message));
  }
};

/// A plain string resolver: strings only.
std::optional<std::string> resolvePlainString(const JsonValue &V);

/// Accepts JSON booleans and the YAML/CloudFormation strings "true"/"false".
std::optional<bool> asBool(const JsonValue &V);

/// Reads an object of the CreateTable shape (CreateTable request, describe
/// output's Table, CloudFormation Properties) into \p Table, reporting
/// malformed members. \p RequireName: TableName must be present.
void readTableDefinition(const JsonValue &Obj, const LoadContext &Ctx,
                         bool RequireName, DynamoTable &Table);

/// Reads the GlobalSecondaryIndexes (\p Global) or LocalSecondaryIndexes
/// member of \p Obj into \p Out.
void readIndexes(const JsonValue &Obj, const LoadContext &Ctx, bool Global,
                 std::vector<DynamoIndex> &Out);

/// Reads one table of a NoSQL Workbench model's DataModel.
void readWorkbenchTable(const JsonValue &Obj, const LoadContext &Ctx,
                        DynamoTable &Table);

/// Collects the AWS::DynamoDB::Table / GlobalTable / SAM SimpleTable
/// resources of a CloudFormation template. False if it has none.
bool readCloudFormation(const JsonValue &Template, FileId File,
                        DiagnosticEngine &Diags,
                        std::vector<DynamoTable> &Tables);

/// A Serverless Framework service file (serverless.yml): a top-level
/// `service` with `provider` or `resources`.
bool isServerlessService(const JsonValue &Doc);

/// Collects the tables of a Serverless service's `resources` (its
/// `Resources`, or those of each element of a `resources` list) through
/// readCloudFormation(), after resolving the Serverless variables of its
/// strings (${self:...}, ${sls:stage}, ${opt:stage, 'dev'}; ${env:...},
/// ${file(...)} and the other sources are unknown). False if it has none.
bool readServerless(const JsonValue &Service, FileId File,
                    DiagnosticEngine &Diags, std::vector<DynamoTable> &Tables);

/// Whether the DynamoDB table resources of a CloudFormation template hold
/// Serverless variables (${self:...}, ${opt:...}, ...): a file a Serverless
/// service includes with ${file(...)}.
bool hasServerlessVariables(const JsonValue &Template);

/// Reads such an included template: its Serverless variables are those of
/// the including file, unknown here.
bool readServerlessFragment(const JsonValue &Template, FileId File,
                            DiagnosticEngine &Diags,
                            std::vector<DynamoTable> &Tables);

/// Gives key attributes the types of their AttributeDefinitions.
void resolveKeyTypes(DynamoTable &Table);

/// The rules DynamoDB applies on CreateTable, on a loaded table.
void validateDynamoTable(const DynamoTable &Table, const LoadContext &Ctx);

using json::parseYamlDocuments; // nosqlint/Json/PositionedYaml.h

} // namespace nosqlint::dynamo

#endif
