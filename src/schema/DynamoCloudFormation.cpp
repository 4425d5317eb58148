//===- DynamoCloudFormation.cpp - Tables of CloudFormation/SAM templates --===//
//
// Finds AWS::DynamoDB::Table, AWS::DynamoDB::GlobalTable and SAM's
// AWS::Serverless::SimpleTable resources. Their Properties have the
// CreateTable shape. Names given through intrinsics are resolved where the
// template itself fixes them: Ref to a parameter with a Default, Fn::Sub over
// literals and such parameters, Fn::Join of resolvable parts, in the JSON long
// form ({"Ref": ...}, {"Fn::Sub": ...}) and the YAML short form (!Ref, !Sub,
// !Join). Anything else (pseudo parameters such as AWS::StackName, !GetAtt,
// !If, ...) cannot be known statically: the table is then named after its
// logical id, as it is when TableName is absent.
//
//===----------------------------------------------------------------------===//
#include "DynamoLoaders.h"

namespace nosqlint::dynamo {

namespace {

class IntrinsicResolver {
public:
  explicit IntrinsicResolver(const JsonValue *Parameters)
      : Parameters(Parameters) {}

  std::optional<std::string> resolve(const JsonValue &V) const {
    if (!V.Tag.empty()) {
      llvm::StringRef Name = llvm::StringRef(V.Tag).drop_front();
      return intrinsic(Name.startswith("Fn::") ? Name.drop_front(4) : Name, V);
    }
    if (V.isString() || V.isNumber())
      return V.Str;
    if (V.isObject() && V.Members.size() == 1) {
      llvm::StringRef Key = V.Members.front().Key;
      if (Key == "Ref")
        return intrinsic("Ref", V.Members.front().Value);
      if (Key.startswith("Fn::"))
        return intrinsic(Key.drop_front(4), V.Members.front().Value);
    }
    return std::nullopt;
  }

private:
  /// \p Payload is the intrinsic's argument (its tag, if any, is ignored).
  std::optional<std::string> intrinsic(llvm::StringRef Name,
                                       const JsonValue &Payload) const {
    if (Name == "Ref")
      return Payload.isString() ? parameter(Payload.Str) : std::nullopt;
    if (Name == "Sub") {
      if (Payload.isString())
        return substitute(Payload.Str, nullptr);
      if (Payload.isArray() && Payload.Elements.size() == 2 &&
          Payload.Elements[0].isString())
        return substitute(Payload.Elements[0].Str, &Payload.Elements[1]);
      return std::nullopt;
    }
    if (Name == "Join") {
      if (!Payload.isArray() || Payload.Elements.size() != 2 ||
          !Payload.Elements[0].isString() || !Payload.Elements[1].isArray())
        return std::nullopt;
      std::string Result;
      bool First = true;
      for (const JsonValue &Part : Payload.Elements[1].Elements) {
        std::optional<std::string> S = resolve(Part);
        if (!S)
          return std::nullopt;
        if (!First)
          Result += Payload.Elements[0].Str;
        Result += *S;
        First = false;
      }
      return Result;
    }
    return std::nullopt; // GetAtt, If, Select, ImportValue, FindInMap, ...
  }

  std::optional<std::string> parameter(llvm::StringRef Name) const {
    if (!Parameters)
      return std::nullopt;
    const JsonValue *P = Parameters->get(Name);
    const JsonValue *Default = P ? P->get("Default") : nullptr;
    if (!Default || !(Default->isString() || Default->isNumber()))
      return std::nullopt;
    return Default->Str;
  }

  std::optional<std::string> substitute(llvm::StringRef Template,
                                        const JsonValue *Vars) const {
    std::string Result;
    size_t I = 0;
    while (I < Template.size()) {
      size_t Open = Template.find("${", I);
      if (Open == llvm::StringRef::npos) {
        Result += Template.substr(I).str();
        break;
      }
      Result += Template.slice(I, Open).str();
      size_t Close = Template.find('}', Open);
      if (Close == llvm::StringRef::npos)
        return std::nullopt;
      llvm::StringRef Var = Template.slice(Open + 2, Close).trim();
      if (Var.startswith("!")) { // ${!Literal} stands for "${Literal}"
        Result += "${" + Var.drop_front().str() + "}";
      } else {
        std::optional<std::string> Value;
        if (Vars)
          if (const JsonValue *V = Vars->get(Var))
            Value = resolve(*V);
        if (!Value)
          Value = parameter(Var);
        if (!Value)
          return std::nullopt;
        Result += *Value;
      }
      I = Close + 1;
    }
    return Result;
  }

  const JsonValue *Parameters;
};

/// SAM's AWS::Serverless::SimpleTable: PrimaryKey {Name, Type} (default
/// id/String), one HASH key, no indexes.
void readSimpleTable(const JsonValue *Props, const LoadContext &Ctx,
                     DynamoTable &Table) {
  DynamoKeyAttribute Key;
  Key.Name = "id";
  Key.Type = DynamoScalarType::S;
  Key.Range = Table.NameRange;
  const JsonValue *PK = Props ? Props->get("PrimaryKey") : nullptr;
  if (PK && PK->isObject()) {
    if (const JsonValue *Name = PK->get("Name"))
      if (std::optional<std::string> S = Ctx.Resolve(*Name)) {
        Key.Name = *S;
        Key.Range = Ctx.range(*Name);
      }
    if (const JsonValue *Type = PK->get("Type"); Type && Type->isString()) {
      if (Type->Str == "String")
        Key.Type = DynamoScalarType::S;
      else if (Type->Str == "Number")
        Key.Type = DynamoScalarType::N;
      else if (Type->Str == "Binary")
        Key.Type = DynamoScalarType::B;
      else
        Ctx.error(Ctx.range(*Type), "PrimaryKey Type must be String, Number "
                                    "or Binary, not '" +
                                        Type->Str + "'");
    }
  }
  DynamoAttributeDefinition D;
  D.Name = Key.Name;
  D.Type = Key.Type;
  D.Range = D.NameRange = Key.Range;
  Table.AttributeDefinitions.push_back(std::move(D));
  Table.Keys.Hash.push_back(std::move(Key));
  Table.Keys.Definition = PK ? Ctx.range(*PK) : Table.Range;
  Table.Billing = DynamoBillingMode::Unspecified;
}

} // namespace

bool readCloudFormation(const JsonValue &Template, FileId File,
                        DiagnosticEngine &Diags,
                        std::vector<DynamoTable> &Tables) {
  const JsonValue *Resources = Template.get("Resources");
  if (!Resources || !Resources->isObject())
    return false;
  const JsonValue *Parameters = Template.get("Parameters");
  IntrinsicResolver Resolver(Parameters && Parameters->isObject() ? Parameters
                                                                  : nullptr);
  LoadContext Ctx{File, Diags, [&Resolver](const JsonValue &V) {
                    return Resolver.resolve(V);
                  }};
  bool Found = false;
  for (const json::JsonMember &R : Resources->Members) {
    if (!R.Value.isObject())
      continue;
    std::optional<llvm::StringRef> Type = R.Value.getString("Type");
    bool IsTable = Type == llvm::StringRef("AWS::DynamoDB::Table") ||
                   Type == llvm::StringRef("AWS::DynamoDB::GlobalTable");
    bool IsSimple = Type == llvm::StringRef("AWS::Serverless::SimpleTable");
    if (!IsTable && !IsSimple)
      continue;
    Found = true;
    DynamoTable Table;
    Table.Format = DynamoSchemaFormat::CloudFormation;
    Table.LogicalId = R.Key;
    const JsonValue *Props = R.Value.get("Properties");
    if (IsTable) {
      if (Props && Props->isObject()) {
        readTableDefinition(*Props, Ctx, /*RequireName=*/false, Table);
      } else {
        JsonValue Empty;
        Empty.K = JsonValue::Kind::Object;
        Empty.Begin = R.KeyBegin;
        Empty.End = R.KeyEnd;
        readTableDefinition(Empty, Ctx, /*RequireName=*/false, Table);
      }
    } else if (Props && Props->isObject()) {
      if (const JsonValue *Name = Props->get("TableName")) {
        Table.NameRange = Ctx.range(*Name);
        if (std::optional<std::string> S = Ctx.Resolve(*Name))
          Table.Name = *S;
      }
    }
    Table.Range = R.Value.range(File);
    if (Table.Name.empty()) {
      Table.Name = R.Key;
      Table.NameRange = R.keyRange(File);
    }
    if (IsSimple)
      readSimpleTable(Props && Props->isObject() ? Props : nullptr, Ctx, Table);
    Tables.push_back(std::move(Table));
  }
  return Found;
}

} // namespace nosqlint::dynamo
