//===- TerraformModule.h - The .tf files of one folder, evaluated -*- C++ -*-===//
//
// Terraform declares DynamoDB tables as `aws_dynamodb_table` resources (or
// through the terraform-aws-modules/dynamodb-table module) and binds them to
// Lambda functions with `environment { variables = {...} }`; the readers of
// both (DynamoDB's loadTerraformTables, readTerraformEnvironment) take a
// parsed Module. A Terraform module is the set of .tf files of one folder. Its input
// variables (`variable "x" { default = ... }`) and locals (`locals { y =
// ... }`) are visible in every file of it. TerraformModule parses the files
// once (hcl::parseHcl) and evaluates the expressions a schema reader needs to
// a literal where the module itself fixes them: strings, numbers and bools,
// `var.x` with a default, `local.y`, `path.module`, templates whose parts are
// all known, and `lower`/`upper`/`format`/`join`/`replace` calls on known
// arguments. Anything else (data sources, module outputs, resources'
// computed attributes, a variable without a default) is unknown: nullopt.
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_SCHEMA_TERRAFORMMODULE_H
#define NOSQLINT_SCHEMA_TERRAFORMMODULE_H

#include "nosqlint/Basic/SourceLocation.h"
#include "nosqlint/Hcl/Hcl.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringMap.h"

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace nosqlint {

/// One .tf file of a module: its id and text.
struct TerraformFile {
  FileId File;
  llvm::StringRef Text;
};

namespace terraform {

struct ParsedFile {
  FileId File;
  llvm::StringRef Text;
  hcl::File Parsed;
};

/// A top-level block of the module with the file it is in.
struct BlockRef {
  const hcl::Block *Block;
  FileId File;
};

class Module {
public:
  Module(llvm::ArrayRef<TerraformFile> Files, llvm::StringRef Directory);

  llvm::StringRef directory() const { return Directory; }
  const std::vector<ParsedFile> &files() const { return Files; }
  /// Top-level blocks `Type "Label0" ...`; \p Label0 empty: any.
  std::vector<BlockRef> blocks(llvm::StringRef Type,
                               llvm::StringRef Label0 = {}) const;

  /// The literal string value of \p E, when the module fixes it.
  std::optional<std::string> string(const hcl::Expression &E) const;
  /// The literal boolean value of \p E (true/false, "true"/"false").
  std::optional<bool> boolean(const hcl::Expression &E) const;
  /// \p E itself, or the expression a `var.x` (its default) or `local.y`
  /// stands for, followed through such references.
  const hcl::Expression &value(const hcl::Expression &E) const;

  /// Resolves other references (`aws_dynamodb_table.t.name`) for string():
  /// the reader that knows them sets it.
  std::function<std::optional<std::string>(const hcl::Expression &)>
      ResolveReference;

private:
  std::optional<std::string> string(const hcl::Expression &E,
                                    unsigned Depth) const;
  const hcl::Expression *lookup(const hcl::Expression &E) const;
  std::optional<std::string> call(const hcl::Expression &E,
                                  unsigned Depth) const;

  std::string Directory;
  std::vector<ParsedFile> Files;
  llvm::StringMap<const hcl::Expression *> Variables; // defaults
  llvm::StringMap<const hcl::Expression *> Locals;
};

} // namespace terraform
} // namespace nosqlint

#endif
