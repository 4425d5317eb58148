//===- DynamoTerraform.cpp - Tables of Terraform modules ------------------===//
//
// Two forms declare a DynamoDB table in Terraform:
//   resource "aws_dynamodb_table" "orders" {
//     name = "orders"  hash_key = "pk"  range_key = "sk"
//     attribute { name = "pk"  type = "S" }  ...
//     global_secondary_index { name  hash_key  range_key  projection_type
//                              non_key_attributes }
//     local_secondary_index { name  range_key  projection_type ... }
//     ttl { attribute_name  enabled }  billing_mode  stream_enabled
//     stream_view_type
//   }
// and the terraform-aws-modules/dynamodb-table module, whose inputs are the
// same with lists of objects (`attributes = [{ name, type }]`,
// `global_secondary_indexes = [{...}]`, `ttl_enabled`/`ttl_attribute_name`).
// Values are evaluated by terraform::Module. A name that is not fixed by the
// module leaves the table named by its address (as CloudFormation names one
// after its logical id); keys, attributes or indexes that are not fixed
// (`dynamic` blocks, lists from an input without default) make the table
// Partial: known by name, its key checks skipped where they need the unknown.
//
//===----------------------------------------------------------------------===//
#include "DynamoLoaders.h"

#include "nosqlint/Schema/TerraformModule.h"

namespace nosqlint {

using terraform::BlockRef;
using terraform::Module;
using Kind = hcl::Expression::Kind;

namespace {

/// Reads one table, from a resource body or from a module call's inputs;
/// the two differ only in where each member is.
class TableReader {
public:
  TableReader(const Module &M, FileId File, DynamoTable &T)
      : M(M), File(File), T(T) {}

  SourceRange range(const hcl::Expression &E) const {
    return {File, E.Begin, E.End};
  }
  SourceRange range(const hcl::Attribute &A) const {
    return {File, A.Begin, A.End};
  }

  /// A string member: its value, or nullopt (and Partial) when computed.
  std::optional<std::string> string(const hcl::Body &B, llvm::StringRef Name,
                                     SourceRange *Where = nullptr) {
    const hcl::Attribute *A = B.attribute(Name);
    if (!A)
      return std::nullopt;
    if (Where)
      *Where = range(A->Value);
    auto V = M.string(A->Value);
    if (!V)
      T.Partial = true;
    return V;
  }

  std::optional<std::string> member(const hcl::Expression &Obj,
                                    llvm::StringRef Name,
                                    SourceRange *Where = nullptr) {
    const hcl::Expression *V = Obj.member(Name);
    if (!V)
      return std::nullopt;
    if (Where)
      *Where = range(*V);
    auto S = M.string(*V);
    if (!S)
      T.Partial = true;
    return S;
  }

  void key(std::optional<std::string> Name, SourceRange Where, bool Hash,
           DynamoKeySchema &Keys) {
    if (!Name) {
      Keys.Malformed = true; // computed: the checks that need it skip it
      return;
    }
    DynamoKeyAttribute A;
    A.Name = *Name;
    A.Range = Where;
    (Hash ? Keys.Hash : Keys.Range).push_back(std::move(A));
  }

  void attribute(std::optional<std::string> Name, SourceRange NameRange,
                 std::optional<std::string> Type, SourceRange Whole) {
    if (!Name)
      return;
    DynamoAttributeDefinition D;
    D.Name = *Name;
    D.NameRange = NameRange;
    D.Range = Whole;
    if (Type) {
      if (auto Parsed = parseDynamoScalarType(*Type))
        D.Type = *Parsed;
      else
        T.Partial = true; // the provider rejects it; not ours to word
    }
    T.AttributeDefinitions.push_back(std::move(D));
  }

  void projection(std::optional<std::string> Type,
                  const hcl::Expression *NonKey, DynamoIndex &I) {
    if (Type == "KEYS_ONLY")
      I.Projection.Type = DynamoProjectionType::KeysOnly;
    else if (Type == "INCLUDE")
      I.Projection.Type = DynamoProjectionType::Include;
    else
      I.Projection.Type = DynamoProjectionType::All;
    if (!NonKey)
      return;
    const hcl::Expression &L = M.value(*NonKey);
    if (L.K != Kind::Tuple) {
      T.Partial = true;
      return;
    }
    for (const hcl::Expression &E : L.Elements)
      if (auto S = M.string(E))
        I.Projection.NonKeyAttributes.push_back(*S);
  }

  void billing(std::optional<std::string> Mode, SourceRange Where,
               DynamoBillingMode Default) {
    T.Billing = Default;
    if (Mode == "PAY_PER_REQUEST")
      T.Billing = DynamoBillingMode::PayPerRequest;
    else if (Mode == "PROVISIONED")
      T.Billing = DynamoBillingMode::Provisioned;
    T.BillingRange = Where;
  }

  const Module &M;
  FileId File;
  DynamoTable &T;
};

/// The table's name, else its address: an unknown name alone leaves the
/// definition known (not Partial).
void nameTable(const hcl::Body &B, TableReader &R, DynamoTable &T) {
  bool Partial = T.Partial;
  SourceRange Where;
  auto Name = R.string(B, "name", &Where);
  T.NameRange = Where;
  T.Name = Name ? *Name : T.LogicalId;
  T.Partial = Partial;
}

/// What both forms spell alike: the table at \p Ref (`Terraform` format,
/// its address), its name, `count`/`for_each`, `hash_key` and `range_key`.
void readHeader(const BlockRef &Ref, std::string Address, TableReader &R,
                DynamoTable &T) {
  const hcl::Body &B = Ref.Block->Content;
  T.Format = DynamoSchemaFormat::Terraform;
  T.LogicalId = std::move(Address);
  T.Range = {Ref.File, Ref.Block->Begin, Ref.Block->End};
  nameTable(B, R, T);
  if (B.attribute("count") || B.attribute("for_each"))
    T.Partial = true; // several tables, named per instance
  SourceRange HashAt, RangeAt;
  R.key(R.string(B, "hash_key", &HashAt), HashAt, /*Hash=*/true, T.Keys);
  if (B.attribute("range_key"))
    R.key(R.string(B, "range_key", &RangeAt), RangeAt, /*Hash=*/false, T.Keys);
  T.Keys.Definition = HashAt;
}

/// `resource "aws_dynamodb_table" "x" { ... }`.
DynamoTable readResource(const Module &M, const BlockRef &Ref) {
  const hcl::Body &B = Ref.Block->Content;
  DynamoTable T;
  TableReader R(M, Ref.File, T);
  readHeader(Ref, "aws_dynamodb_table." + Ref.Block->Labels[1], R, T);
  for (const hcl::Block &D : B.Blocks)
    if (D.Type == "dynamic")
      T.Partial = true;

  for (const hcl::Block *A : B.blocks("attribute")) {
    SourceRange NameAt, TypeAt;
    auto Name = R.string(A->Content, "name", &NameAt);
    auto Type = R.string(A->Content, "type", &TypeAt);
    R.attribute(Name, NameAt, Type, {Ref.File, A->Begin, A->End});
  }

  auto ReadIndex = [&](const hcl::Block &IB, bool Global) {
    DynamoIndex I;
    I.Kind = Global ? DynamoIndex::IndexKind::Global
                    : DynamoIndex::IndexKind::Local;
    I.Range = {Ref.File, IB.Begin, IB.End};
    auto Name = R.string(IB.Content, "name", &I.NameRange);
    if (!Name)
      return;
    I.Name = *Name;
    SourceRange H, S;
    if (Global) {
      if (IB.Content.attribute("hash_key")) {
        R.key(R.string(IB.Content, "hash_key", &H), H, true, I.Keys);
      } else {
        // Multi-attribute keys: `key_schema { attribute_name key_type }`.
        for (const hcl::Block *K : IB.Content.blocks("key_schema")) {
          SourceRange At;
          auto Attr = R.string(K->Content, "attribute_name", &At);
          auto Type = R.string(K->Content, "key_type");
          R.key(Attr, At, Type != "RANGE", I.Keys);
        }
        if (I.Keys.Hash.empty())
          I.Keys.Malformed = true;
      }
    } else if (const DynamoKeyAttribute *PK = T.Keys.partitionKey()) {
      I.Keys.Hash.push_back(*PK);
    } else {
      I.Keys.Malformed = true;
    }
    if (IB.Content.attribute("range_key"))
      R.key(R.string(IB.Content, "range_key", &S), S, false, I.Keys);
    I.Keys.Definition = I.Range;
    const hcl::Attribute *NonKey = IB.Content.attribute("non_key_attributes");
    R.projection(R.string(IB.Content, "projection_type"),
                 NonKey ? &NonKey->Value : nullptr, I);
    (Global ? T.GlobalIndexes : T.LocalIndexes).push_back(std::move(I));
  };
  for (const hcl::Block *I : B.blocks("global_secondary_index"))
    ReadIndex(*I, /*Global=*/true);
  for (const hcl::Block *I : B.blocks("local_secondary_index"))
    ReadIndex(*I, /*Global=*/false);

  std::vector<const hcl::Block *> Ttls = B.blocks("ttl");
  if (const hcl::Block *Ttl = Ttls.empty() ? nullptr : Ttls.front()) {
    const hcl::Attribute *On = Ttl->Content.attribute("enabled");
    auto Enabled = On ? M.boolean(On->Value) : std::optional<bool>(false);
    auto Attr = R.string(Ttl->Content, "attribute_name");
    if (Enabled.value_or(false) && Attr && !Attr->empty())
      T.TtlAttribute = *Attr;
    T.TtlRange = {Ref.File, Ttl->Begin, Ttl->End};
  }
  SourceRange BillingAt;
  R.billing(R.string(B, "billing_mode", &BillingAt), BillingAt,
            DynamoBillingMode::Provisioned);
  if (const hcl::Attribute *S = B.attribute("stream_enabled"))
    if (M.boolean(S->Value).value_or(false)) {
      T.StreamViewType = R.string(B, "stream_view_type").value_or("");
      T.StreamRange = R.range(*S);
    }
  return T;
}

/// `module "x" { source = "terraform-aws-modules/dynamodb-table/aws" ... }`.
bool isTableModule(const Module &M, const hcl::Body &B) {
  const hcl::Attribute *Source = B.attribute("source");
  if (!Source)
    return false;
  auto S = M.string(Source->Value);
  return S && (llvm::StringRef(*S).contains("terraform-aws-modules/dynamodb-table") ||
               llvm::StringRef(*S).contains("terraform-aws-dynamodb-table"));
}

DynamoTable readTableModule(const Module &M, const BlockRef &Ref) {
  const hcl::Body &B = Ref.Block->Content;
  DynamoTable T;
  TableReader R(M, Ref.File, T);
  readHeader(Ref, "module." + Ref.Block->Labels[0], R, T);

  auto List = [&](llvm::StringRef Name) -> const hcl::Expression * {
    const hcl::Attribute *A = B.attribute(Name);
    if (!A)
      return nullptr;
    const hcl::Expression &V = M.value(A->Value);
    if (V.K != Kind::Tuple) {
      T.Partial = true;
      return nullptr;
    }
    return &V;
  };
  if (const hcl::Expression *Attrs = List("attributes"))
    for (const hcl::Expression &A : Attrs->Elements) {
      const hcl::Expression &O = M.value(A);
      if (O.K != Kind::Object) {
        T.Partial = true;
        continue;
      }
      SourceRange NameAt;
      auto Name = R.member(O, "name", &NameAt);
      R.attribute(Name, NameAt, R.member(O, "type"), R.range(O));
    }
  else if (!B.attribute("attributes"))
    T.Partial = true; // the module's default: none, which DynamoDB refuses
  auto ReadIndexes = [&](llvm::StringRef Name, bool Global) {
    const hcl::Expression *L = List(Name);
    if (!L)
      return;
    for (const hcl::Expression &E : L->Elements) {
      const hcl::Expression &O = M.value(E);
      if (O.K != Kind::Object) {
        T.Partial = true;
        continue;
      }
      DynamoIndex I;
      I.Kind = Global ? DynamoIndex::IndexKind::Global
                      : DynamoIndex::IndexKind::Local;
      I.Range = R.range(O);
      auto IName = R.member(O, "name", &I.NameRange);
      if (!IName)
        continue;
      I.Name = *IName;
      SourceRange H, S;
      if (Global)
        R.key(R.member(O, "hash_key", &H), H, true, I.Keys);
      else if (const DynamoKeyAttribute *PK = T.Keys.partitionKey())
        I.Keys.Hash.push_back(*PK);
      if (O.member("range_key"))
        R.key(R.member(O, "range_key", &S), S, false, I.Keys);
      I.Keys.Definition = I.Range;
      R.projection(R.member(O, "projection_type"),
                   O.member("non_key_attributes"), I);
      (Global ? T.GlobalIndexes : T.LocalIndexes).push_back(std::move(I));
    }
  };
  ReadIndexes("global_secondary_indexes", /*Global=*/true);
  ReadIndexes("local_secondary_indexes", /*Global=*/false);
  if (const hcl::Attribute *On = B.attribute("ttl_enabled"))
    if (M.boolean(On->Value).value_or(false)) {
      SourceRange At;
      if (auto Attr = R.string(B, "ttl_attribute_name", &At))
        T.TtlAttribute = *Attr;
      T.TtlRange = At;
    }
  SourceRange BillingAt;
  R.billing(R.string(B, "billing_mode", &BillingAt), BillingAt,
            DynamoBillingMode::PayPerRequest);
  if (const hcl::Attribute *S = B.attribute("stream_enabled"))
    if (M.boolean(S->Value).value_or(false)) {
      T.StreamViewType = R.string(B, "stream_view_type").value_or("");
      T.StreamRange = R.range(*S);
    }
  return T;
}

bool mentionsTables(llvm::StringRef Text) {
  return Text.contains("aws_dynamodb_table") || Text.contains("dynamodb-table");
}

} // namespace

unsigned loadTerraformTables(const Module &M, DynamoCatalog &Catalog,
                             DiagnosticEngine &Diags) {
  std::vector<DynamoTable> Tables;
  for (const BlockRef &R : M.blocks("resource", "aws_dynamodb_table"))
    if (R.Block->Labels.size() == 2)
      Tables.push_back(readResource(M, R));
  for (const BlockRef &R : M.blocks("module"))
    if (R.Block->Labels.size() == 1 && isTableModule(M, R.Block->Content))
      Tables.push_back(readTableModule(M, R));
  // A file that does not parse: one error, where it stops parsing, if it
  // is about tables at all.
  for (const terraform::ParsedFile &F : M.files())
    if (F.Parsed.Error && mentionsTables(F.Text))
      Diags.report(RuleId::SchemaError, Dialect::DynamoDb,
                   SourceRange(F.File, F.Parsed.Error->Offset,
                               F.Parsed.Error->Offset + 1),
                   "invalid HCL: " + F.Parsed.Error->Message +
                       "; the blocks after it are read as far as they parse");
  unsigned Added = 0;
  for (DynamoTable &T : Tables) {
    dynamo::resolveKeyTypes(T);
    if (!T.Partial && !T.Keys.Malformed)
      dynamo::validateDynamoTable(T, dynamo::LoadContext{T.Range.File, Diags,
                                                 dynamo::resolvePlainString});
    if (!T.Keys.Malformed)
      checkDynamoTableKeys(T, Diags);
    T.Directory = M.directory().str();
    SourceRange Where = T.NameRange.isValid() ? T.NameRange : T.Range;
    if (const DynamoTable *First = Catalog.add(std::move(T))) {
      if (First->Range.File == Where.File)
        Diags
            .report(RuleId::SchemaError, Dialect::DynamoDb, Where,
                    "Table already exists: " + First->Name)
            .note(First->NameRange.isValid() ? First->NameRange : First->Range,
                  "'" + First->Name + "' is first defined here");
      continue;
    }
    ++Added;
  }
  return Added;
}

} // namespace nosqlint
