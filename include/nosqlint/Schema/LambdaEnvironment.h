//===- LambdaEnvironment.h - Tables a template binds to a function -*- C++ -*-===//
//
// Serverless code reads its table's name from the environment
// (`os.environ["TABLE_NAME"]`); the deployment template sets it for the
// function whose code that is: CloudFormation and SAM
// `Environment: Variables: TABLE_NAME: !Ref OrdersTable` on an
// AWS::Serverless::Function or AWS::Lambda::Function, and SAM's
// `Globals: Function: Environment`; Serverless Framework
// `provider.environment` and `functions.<f>.environment` (a `!Ref` to a
// table resource, or the very variable expression its TableName is written
// with, `${self:custom.ordersTable}`). Each binding names the function's code
// (its CodeUri folder and handler) and the table it resolves to: the
// TableName of the table resource it references (or its logical id, the
// name that table has in the schema), or a literal name.
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_SCHEMA_LAMBDAENVIRONMENT_H
#define NOSQLINT_SCHEMA_LAMBDAENVIRONMENT_H

#include "nosqlint/Basic/SourceLocation.h"

#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

namespace nosqlint {

namespace terraform {
class Module;
} // namespace terraform

struct EnvironmentBinding {
  std::string Function;      // the function's logical id (Terraform address)
  std::string TemplateDirectory; // the folder of the template that binds it
  std::string CodeDirectory; // the folder of its code (template's + CodeUri)
  /// Its handler's module without extension (`<CodeDirectory>/app` for
  /// `app.lambda_handler`), or its class name (`App` for
  /// `example.App::handleRequest`); empty when the runtime is not known.
  std::string HandlerModule;
  bool HandlerIsClass = false;
  std::string Variable;
  std::string Table;         // the table name it binds, when literal
  /// Or the table resource it binds, by logical id, whose name the schema
  /// loader resolved (a Serverless TableName written with variables).
  std::string TableLogicalId;
  SourceRange Range;         // the value that binds it
};

/// The bindings of one CloudFormation/SAM template (JSON or YAML), whose
/// folder is \p TemplateDirectory; none when it is no such template.
std::vector<EnvironmentBinding>
readLambdaEnvironment(FileId File, llvm::StringRef Text,
                      llvm::StringRef TemplateDirectory);

/// The bindings of one Terraform module (`aws_lambda_function` resources,
/// terraform-aws-modules/lambda calls).
std::vector<EnvironmentBinding>
readTerraformEnvironment(const terraform::Module &M);

/// Sets \p B's HandlerModule (and HandlerIsClass) from a Lambda handler
/// string, relative to B.CodeDirectory.
void setLambdaHandler(llvm::StringRef Handler, EnvironmentBinding &B);

/// The bindings of \p Variable for the code in file \p Path, one per
/// distinct table: those of the functions whose handler is that file, else
/// of those whose code folder holds it (a module several functions share,
/// each of which may bind another table).
std::vector<const EnvironmentBinding *>
bindingsFor(const std::vector<EnvironmentBinding> &Bindings,
            llvm::StringRef Path, llvm::StringRef Variable);

} // namespace nosqlint

#endif
