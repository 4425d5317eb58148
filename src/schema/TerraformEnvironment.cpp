//===- TerraformEnvironment.cpp - Tables a Terraform module binds ---------===//
//
// resource "aws_lambda_function" "f" {
//   handler  = "app.lambda_handler"
//   filename = data.archive_file.f.output_path   # its code: that archive's
//                                                # source_dir / source_file
//   environment { variables = { TABLE_NAME = aws_dynamodb_table.t.name } }
// }
// and the terraform-aws-modules/lambda module (`source_path`, `handler`,
// `environment_variables`). A variable bound to `aws_dynamodb_table.t.name`
// (or `.id`, or a table module's `dynamodb_table_id`) binds that table by
// address; one bound to a literal, or to an input with a literal default,
// binds that name. Code whose location the module does not fix is taken to
// be the module's own folder.
//
//===----------------------------------------------------------------------===//
#include "nosqlint/Schema/LambdaEnvironment.h"
#include "nosqlint/Schema/TerraformModule.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/Path.h"

namespace nosqlint {

using terraform::BlockRef;
using terraform::Module;
using Kind = hcl::Expression::Kind;

namespace {

/// A folder, relative paths taken from the module's folder.
std::string folder(const Module &M, llvm::StringRef Path) {
  llvm::SmallString<256> P;
  if (llvm::sys::path::is_absolute(Path) ||
      Path.startswith(M.directory()))
    P = Path;
  else {
    P = M.directory();
    llvm::sys::path::append(P, Path);
  }
  llvm::sys::path::remove_dots(P, /*remove_dot_dot=*/true);
  return std::string(P);
}

/// The `data "archive_file" "x"` that \p E (`data.archive_file.x.output_path`)
/// names: the folder of its sources.
std::optional<std::string> archiveFolder(const Module &M,
                                         const hcl::Expression &E) {
  if (E.K != Kind::Traversal || E.Root != "data" || E.Steps.size() < 2 ||
      E.Steps[0].Attribute != "archive_file")
    return std::nullopt;
  for (const BlockRef &R : M.blocks("data", "archive_file")) {
    if (R.Block->Labels.size() != 2 ||
        R.Block->Labels[1] != E.Steps[1].Attribute)
      continue;
    const hcl::Body &B = R.Block->Content;
    if (const hcl::Attribute *Dir = B.attribute("source_dir"))
      if (auto S = M.string(Dir->Value))
        return folder(M, *S);
    if (const hcl::Attribute *File = B.attribute("source_file"))
      if (auto S = M.string(File->Value))
        return folder(M, llvm::sys::path::parent_path(*S));
  }
  return std::nullopt;
}

/// Where a function's code is: `filename` from an archive, or an S3 object
/// uploaded from one (`s3_key = aws_s3_object.x.key`).
std::string codeFolder(const Module &M, const hcl::Body &F) {
  if (const hcl::Attribute *File = F.attribute("filename"))
    if (auto Dir = archiveFolder(M, File->Value))
      return *Dir;
  if (const hcl::Attribute *Key = F.attribute("s3_key")) {
    const hcl::Expression &K = Key->Value;
    if (K.K == Kind::Traversal && K.Steps.size() == 2 &&
        (K.Root == "aws_s3_object" || K.Root == "aws_s3_bucket_object"))
      for (const BlockRef &R : M.blocks("resource", K.Root))
        if (R.Block->Labels.size() == 2 &&
            R.Block->Labels[1] == K.Steps[0].Attribute)
          if (const hcl::Attribute *Src = R.Block->Content.attribute("source"))
            if (auto Dir = archiveFolder(M, Src->Value))
              return *Dir;
  }
  return M.directory().str();
}

/// The table a variable's value binds, or false when it binds none we know.
bool bindTable(const Module &M, const hcl::Expression &V, FileId File,
               EnvironmentBinding &B) {
  B.Range = {File, V.Begin, V.End};
  if (V.K == Kind::Traversal && V.Steps.size() == 2 &&
      V.Root == "aws_dynamodb_table" &&
      (V.Steps[1].Attribute == "name" || V.Steps[1].Attribute == "id")) {
    B.TableLogicalId = "aws_dynamodb_table." + V.Steps[0].Attribute;
    return true;
  }
  if (V.K == Kind::Traversal && V.Steps.size() == 2 && V.Root == "module" &&
      V.Steps[1].Attribute == "dynamodb_table_id") {
    B.TableLogicalId = "module." + V.Steps[0].Attribute;
    return true;
  }
  if (auto S = M.string(V)) {
    B.Table = *S;
    return !S->empty();
  }
  return false;
}

void bindVariables(const Module &M, const hcl::Expression *Vars, FileId File,
                   const EnvironmentBinding &Base,
                   std::vector<EnvironmentBinding> &Out) {
  if (!Vars)
    return;
  const hcl::Expression &Obj = M.value(*Vars);
  if (Obj.K != Kind::Object)
    return;
  for (const auto &[Key, Value] : Obj.Members) {
    std::optional<std::string> Name;
    if (Key.K == Kind::Traversal && Key.Steps.empty())
      Name = Key.Root;
    else if (Key.K == Kind::String)
      Name = Key.Text;
    if (!Name)
      continue;
    EnvironmentBinding B = Base;
    B.Variable = *Name;
    if (bindTable(M, Value, File, B))
      Out.push_back(std::move(B));
  }
}

EnvironmentBinding baseFor(const Module &M, const hcl::Body &F,
                           llvm::StringRef Name, std::string Code) {
  EnvironmentBinding Base;
  Base.Function = Name.str();
  Base.TemplateDirectory = M.directory().str();
  Base.CodeDirectory = std::move(Code);
  if (const hcl::Attribute *H = F.attribute("handler"))
    if (auto S = M.string(H->Value))
      setLambdaHandler(*S, Base);
  return Base;
}

} // namespace

std::vector<EnvironmentBinding> readTerraformEnvironment(const Module &M) {
  std::vector<EnvironmentBinding> Out;
  for (const BlockRef &R : M.blocks("resource", "aws_lambda_function")) {
    if (R.Block->Labels.size() != 2)
      continue;
    const hcl::Body &F = R.Block->Content;
    EnvironmentBinding Base =
        baseFor(M, F, "aws_lambda_function." + R.Block->Labels[1],
                codeFolder(M, F));
    for (const hcl::Block *Env : F.blocks("environment"))
      if (const hcl::Attribute *Vars = Env->Content.attribute("variables"))
        bindVariables(M, &Vars->Value, R.File, Base, Out);
  }
  for (const BlockRef &R : M.blocks("module")) {
    if (R.Block->Labels.size() != 1)
      continue;
    const hcl::Body &F = R.Block->Content;
    const hcl::Attribute *Source = F.attribute("source");
    auto S = Source ? M.string(Source->Value) : std::nullopt;
    if (!S || !llvm::StringRef(*S).contains("terraform-aws-modules/lambda"))
      continue;
    std::string Code = M.directory().str();
    if (const hcl::Attribute *Path = F.attribute("source_path"))
      if (auto P = M.string(Path->Value))
        Code = folder(M, *P);
    EnvironmentBinding Base =
        baseFor(M, F, "module." + R.Block->Labels[0], std::move(Code));
    if (const hcl::Attribute *Vars = F.attribute("environment_variables"))
      bindVariables(M, &Vars->Value, R.File, Base, Out);
  }
  return Out;
}

} // namespace nosqlint
