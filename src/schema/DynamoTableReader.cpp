//===- DynamoTableReader.cpp - The CreateTable shape into a DynamoTable ---===//
//
// CreateTable requests, describe-table output and CloudFormation Properties
// share one shape: TableName, KeySchema, AttributeDefinitions,
// Global/LocalSecondaryIndexes, BillingMode, StreamSpecification (and, in
// CloudFormation, TimeToLiveSpecification). This reader fills a DynamoTable
// and reports what DynamoDB's request validation would reject about the shape
// of each member (bad enum values, missing members, key schema order), with
// DynamoDB's own wording; cross-member rules live in DynamoValidate.cpp.
//
//===----------------------------------------------------------------------===//
#include "DynamoLoaders.h"

#include "llvm/ADT/StringSet.h"

namespace nosqlint::dynamo {

namespace {

std::string validationError(llvm::StringRef Value, llvm::StringRef Path,
                            llvm::StringRef Constraint) {
  return "1 validation error detected: Value '" + Value.str() + "' at '" +
         Path.str() + "' failed to satisfy constraint: " + Constraint.str();
}

std::string nullError(llvm::StringRef Path) {
  return "1 validation error detected: Value null at '" + Path.str() +
         "' failed to satisfy constraint: Member must not be null";
}

/// The opening byte of a value: where "member missing" errors point.
SourceRange headOf(const JsonValue &V, FileId File) {
  return {File, V.Begin, std::min(V.End, V.Begin + 1)};
}

/// Names (tables, indexes): 3..255 characters of [a-zA-Z0-9_.-].
void checkName(llvm::StringRef Name, SourceRange Range, llvm::StringRef Path,
               const LoadContext &Ctx) {
  for (char C : Name)
    if (!(std::isalnum(static_cast<unsigned char>(C)) || C == '_' || C == '-' ||
          C == '.')) {
      Ctx.error(Range, validationError(Name, Path,
                                       "Member must satisfy regular expression "
                                       "pattern: [a-zA-Z0-9_.-]+"));
      return;
    }
  if (Name.size() < 3)
    Ctx.error(Range, validationError(Name, Path,
                                     "Member must have length greater than or "
                                     "equal to 3"));
  else if (Name.size() > 255)
    Ctx.error(Range, validationError(Name, Path,
                                     "Member must have length less than or "
                                     "equal to 255"));
}

enum class KeyOwner { Table, Local, Global };

struct RawKeyElement {
  std::string Name;
  bool IsHash = false;
  bool Valid = false; // KeyType is HASH or RANGE
  SourceRange NameRange, TypeRange, Range;
};

std::string keySchemaRepr(const std::vector<RawKeyElement> &Elements) {
  std::string S = "[";
  for (size_t I = 0; I < Elements.size(); ++I) {
    if (I)
      S += ", ";
    S += "KeySchemaElement(attributeName=" + Elements[I].Name +
         ", keyType=" + (Elements[I].IsHash ? "HASH" : "RANGE") + ")";
  }
  return S + "]";
}

/// Reads a KeySchema list. \p Parent is the object holding it (for "missing").
void readKeySchema(const JsonValue &Parent, const LoadContext &Ctx,
                   llvm::StringRef Path, KeyOwner Owner,
                   llvm::StringRef IndexName, DynamoKeySchema &Out) {
  const JsonValue *KS = Parent.get("KeySchema");
  if (!KS || KS->isNull()) {
    Ctx.error(headOf(Parent, Ctx.File), nullError(Path));
    return;
  }
  Out.Definition = Ctx.range(*KS);
  if (!KS->isArray()) {
    Ctx.error(Ctx.range(*KS), "KeySchema must be a list of {AttributeName, "
                              "KeyType} elements, not a " +
                                  JsonValue::kindName(KS->K).str());
    return;
  }
  if (KS->Elements.empty()) {
    Ctx.error(Ctx.range(*KS), validationError("[]", Path,
                                              "Member must have length greater "
                                              "than or equal to 1"));
    return;
  }

  std::vector<RawKeyElement> Elements;
  for (size_t I = 0; I < KS->Elements.size(); ++I) {
    const JsonValue &E = KS->Elements[I];
    std::string ElementPath = Path.str() + "." + std::to_string(I + 1) + ".member";
    if (!E.isObject()) {
      Out.Malformed = true;
      Ctx.error(Ctx.range(E), "KeySchema element must be an object with "
                              "AttributeName and KeyType");
      continue;
    }
    RawKeyElement R;
    R.Range = Ctx.range(E);
    const JsonValue *Name = E.get("AttributeName");
    std::optional<std::string> Resolved = Name ? Ctx.Resolve(*Name) : std::nullopt;
    if (!Name || Name->isNull()) {
      Out.Malformed = true;
      Ctx.error(headOf(E, Ctx.File), nullError(ElementPath + ".attributeName"));
      continue;
    }
    R.NameRange = Ctx.range(*Name);
    // A name computed where the definition is deployed (a Serverless
    // variable): the key is not known, and that is no error.
    if (Name->Unknown) {
      Out.Malformed = true;
      continue;
    }
    R.Name = Resolved.value_or(Name->Str);
    const JsonValue *Type = E.get("KeyType");
    if (!Type || Type->isNull()) {
      Out.Malformed = true;
      Ctx.error(headOf(E, Ctx.File), nullError(ElementPath + ".keyType"));
      continue;
    }
    R.TypeRange = Ctx.range(*Type);
    // Computed where the definition is deployed (a Serverless variable, a
    // host value): the key is not known, and that is no error.
    if (Type->Unknown) {
      Out.Malformed = true;
      continue;
    }
    if (Type->isString() && (Type->Str == "HASH" || Type->Str == "RANGE")) {
      R.IsHash = Type->Str == "HASH";
      R.Valid = true;
    } else {
      Out.Malformed = true;
      Ctx.error(R.TypeRange,
                validationError(Type->isString() ? Type->Str : "?",
                                ElementPath + ".keyType",
                                "Member must satisfy enum value set: [HASH, "
                                "RANGE]"));
      continue;
    }
    Elements.push_back(std::move(R));
  }
  if (Elements.empty())
    return;

  // Order and counts.
  if (!Elements.front().IsHash) {
    Ctx.error(Elements.front().TypeRange, "Invalid KeySchema: The first "
                                          "KeySchemaElement is not a HASH key "
                                          "type");
  }
  if (Owner == KeyOwner::Global) {
    unsigned Hash = 0, Range = 0;
    bool SeenRange = false;
    for (const RawKeyElement &R : Elements) {
      if (R.IsHash) {
        if (SeenRange)
          Ctx.error(R.TypeRange,
                    "One or more parameter values were invalid: Index "
                    "KeySchema: HASH key attributes must come before RANGE key "
                    "attributes for index: " +
                        IndexName.str());
        if (++Hash == 5)
          Ctx.error(R.Range,
                    "One or more parameter values were invalid: Index "
                    "KeySchema for index: " +
                        IndexName.str() +
                        " has more than 4 HASH key attributes; a global "
                        "secondary index key has at most 4 HASH and 4 RANGE "
                        "attributes");
      } else {
        SeenRange = true;
        if (++Range == 5)
          Ctx.error(R.Range,
                    "One or more parameter values were invalid: Index "
                    "KeySchema for index: " +
                        IndexName.str() +
                        " has more than 4 RANGE key attributes; a global "
                        "secondary index key has at most 4 HASH and 4 RANGE "
                        "attributes");
      }
    }
  } else {
    if (Elements.size() > 2) {
      Ctx.error(Elements[2].Range,
                validationError(keySchemaRepr(Elements), Path,
                                "Member must have length less than or equal "
                                "to 2"));
    } else if (Elements.size() == 2 && Elements[1].IsHash) {
      Ctx.error(Elements[1].TypeRange, "Invalid KeySchema: The second "
                                       "KeySchemaElement is not a RANGE key "
                                       "type");
    }
  }
  // The same attribute twice.
  llvm::StringSet<> Seen;
  for (const RawKeyElement &R : Elements)
    if (!Seen.insert(R.Name).second)
      Ctx.error(R.NameRange, "Both the Hash Key and the Range Key element in "
                             "the KeySchema have the same name");

  for (const RawKeyElement &R : Elements) {
    DynamoKeyAttribute A;
    A.Name = R.Name;
    A.Range = R.NameRange;
    (R.IsHash ? Out.Hash : Out.Range).push_back(std::move(A));
  }
}

void readProjection(const JsonValue &IndexObj, const LoadContext &Ctx,
                    llvm::StringRef Path, DynamoProjection &Out) {
  const JsonValue *P = IndexObj.get("Projection");
  if (!P || P->isNull()) {
    Ctx.error(headOf(IndexObj, Ctx.File), nullError(Path.str() + ".projection"));
    return;
  }
  Out.Range = Ctx.range(*P);
  if (!P->isObject())
    return;
  const JsonValue *Type = P->get("ProjectionType");
  if (Type && Type->isString()) {
    if (Type->Str == "ALL")
      Out.Type = DynamoProjectionType::All;
    else if (Type->Str == "KEYS_ONLY")
      Out.Type = DynamoProjectionType::KeysOnly;
    else if (Type->Str == "INCLUDE")
      Out.Type = DynamoProjectionType::Include;
    else
      Ctx.error(Ctx.range(*Type),
                validationError(Type->Str, Path.str() + ".projection.projectionType",
                                "Member must satisfy enum value set: [ALL, "
                                "INCLUDE, KEYS_ONLY]"));
  }
  if (const JsonValue *NonKey = P->get("NonKeyAttributes")) {
    for (const JsonValue &A : NonKey->Elements)
      if (std::optional<std::string> S = Ctx.Resolve(A))
        Out.NonKeyAttributes.push_back(*S);
    if (Out.Type != DynamoProjectionType::Include)
      Ctx.error(Ctx.range(*NonKey),
                "One or more parameter values were invalid: ProjectionType is " +
                    dynamoProjectionTypeName(Out.Type).str() +
                    ", but NonKeyAttributes is specified");
  }
  if (Out.Type == DynamoProjectionType::Include &&
      Out.NonKeyAttributes.empty())
    Ctx.error(Type ? Ctx.range(*Type) : Out.Range,
              "One or more parameter values were invalid: ProjectionType is "
              "INCLUDE, but NonKeyAttributes is not specified");
}


void readStream(const JsonValue &Obj, const LoadContext &Ctx,
                DynamoTable &Table) {
  const JsonValue *S = Obj.get("StreamSpecification");
  if (!S || !S->isObject())
    return;
  Table.StreamRange = Ctx.range(*S);
  const JsonValue *Enabled = S->get("StreamEnabled");
  const JsonValue *View = S->get("StreamViewType");
  // CloudFormation has no StreamEnabled: a view type enables the stream.
  bool On = Enabled ? asBool(*Enabled).value_or(false) : View != nullptr;
  if (!On)
    return;
  std::string ViewType = View && View->isString() ? View->Str : "";
  if (View && View->isString() && ViewType != "NEW_IMAGE" &&
      ViewType != "OLD_IMAGE" && ViewType != "NEW_AND_OLD_IMAGES" &&
      ViewType != "KEYS_ONLY")
    Ctx.error(Ctx.range(*View),
              validationError(ViewType, "streamSpecification.streamViewType",
                              "Member must satisfy enum value set: [NEW_IMAGE, "
                              "OLD_IMAGE, NEW_AND_OLD_IMAGES, KEYS_ONLY]"));
  Table.StreamViewType = ViewType;
}

void readBilling(const JsonValue &Obj, const LoadContext &Ctx,
                 DynamoTable &Table) {
  const JsonValue *B = Obj.get("BillingMode");
  if (!B) {
    // describe-table output
    if (const JsonValue *Summary = Obj.get("BillingModeSummary"))
      B = Summary->get("BillingMode");
  }
  if (!B || !B->isString())
    return;
  Table.BillingRange = Ctx.range(*B);
  if (B->Str == "PROVISIONED")
    Table.Billing = DynamoBillingMode::Provisioned;
  else if (B->Str == "PAY_PER_REQUEST")
    Table.Billing = DynamoBillingMode::PayPerRequest;
  else
    Ctx.error(Ctx.range(*B),
              validationError(B->Str, "billingMode",
                              "Member must satisfy enum value set: "
                              "[PROVISIONED, PAY_PER_REQUEST]"));
}

void readTtl(const JsonValue &Obj, const LoadContext &Ctx, DynamoTable &Table) {
  const JsonValue *T = Obj.get("TimeToLiveSpecification");
  if (!T || !T->isObject())
    return;
  Table.TtlRange = Ctx.range(*T);
  const JsonValue *Enabled = T->get("Enabled");
  if (Enabled && !asBool(*Enabled).value_or(false))
    return;
  if (const JsonValue *Name = T->get("AttributeName"))
    if (std::optional<std::string> S = Ctx.Resolve(*Name))
      Table.TtlAttribute = *S;
}

} // namespace

std::optional<std::string> resolvePlainString(const JsonValue &V) {
  if (V.isString() && V.Tag.empty())
    return V.Str;
  return std::nullopt;
}

std::optional<bool> asBool(const JsonValue &V) {
  if (V.isBool())
    return V.Bool;
  if (V.isString()) {
    if (V.Str == "true" || V.Str == "True")
      return true;
    if (V.Str == "false" || V.Str == "False")
      return false;
  }
  return std::nullopt;
}

void readIndexes(const JsonValue &Obj, const LoadContext &Ctx, bool Global,
                 std::vector<DynamoIndex> &Out) {
  llvm::StringRef Member =
      Global ? "GlobalSecondaryIndexes" : "LocalSecondaryIndexes";
  llvm::StringRef Path =
      Global ? "globalSecondaryIndexes" : "localSecondaryIndexes";
  const JsonValue *List = Obj.get(Member);
  if (!List || List->isNull())
    return;
  if (!List->isArray()) {
    Ctx.error(Ctx.range(*List),
              Member.str() + " must be a list of index definitions");
    return;
  }
  if (List->Elements.empty()) {
    Ctx.error(Ctx.range(*List), "One or more parameter values were invalid: "
                                "List of " +
                                    Member.str() + " is empty");
    return;
  }
  for (size_t I = 0; I < List->Elements.size(); ++I) {
    const JsonValue &E = List->Elements[I];
    if (!E.isObject())
      continue; // e.g. a CloudFormation Fn::If: not knowable statically
    std::string ElementPath = Path.str() + "." + std::to_string(I + 1) + ".member";
    DynamoIndex Index;
    Index.Kind = Global ? DynamoIndex::IndexKind::Global
                        : DynamoIndex::IndexKind::Local;
    Index.Range = Ctx.range(E);
    const JsonValue *Name = E.get("IndexName");
    if (!Name || Name->isNull()) {
      Ctx.error(headOf(E, Ctx.File), nullError(ElementPath + ".indexName"));
    } else {
      Index.NameRange = Ctx.range(*Name);
      if (std::optional<std::string> S = Ctx.Resolve(*Name)) {
        Index.Name = *S;
        checkName(Index.Name, Index.NameRange, ElementPath + ".indexName", Ctx);
      }
    }
    readKeySchema(E, Ctx, ElementPath + ".keySchema",
                  Global ? KeyOwner::Global : KeyOwner::Local, Index.Name,
                  Index.Keys);
    readProjection(E, Ctx, ElementPath, Index.Projection);
    Out.push_back(std::move(Index));
  }
}

void readTableDefinition(const JsonValue &Obj, const LoadContext &Ctx,
                         bool RequireName, DynamoTable &Table) {
  Table.Range = Ctx.range(Obj);
  if (const JsonValue *Name = Obj.get("TableName"); Name && !Name->isNull()) {
    Table.NameRange = Ctx.range(*Name);
    if (std::optional<std::string> S = Ctx.Resolve(*Name)) {
      Table.Name = *S;
      checkName(Table.Name, Table.NameRange, "tableName", Ctx);
    }
  } else if (RequireName) {
    Ctx.error(headOf(Obj, Ctx.File), nullError("tableName"));
  }

  readKeySchema(Obj, Ctx, "keySchema", KeyOwner::Table, "", Table.Keys);

  const JsonValue *Defs = Obj.get("AttributeDefinitions");
  if (!Defs || Defs->isNull()) {
    Ctx.error(headOf(Obj, Ctx.File), nullError("attributeDefinitions"));
  } else if (Defs->isArray()) {
    for (size_t I = 0; I < Defs->Elements.size(); ++I) {
      const JsonValue &E = Defs->Elements[I];
      if (!E.isObject())
        continue;
      std::string Path =
          "attributeDefinitions." + std::to_string(I + 1) + ".member";
      DynamoAttributeDefinition D;
      D.Range = Ctx.range(E);
      const JsonValue *Name = E.get("AttributeName");
      if (!Name) {
        Ctx.error(headOf(E, Ctx.File), nullError(Path + ".attributeName"));
        continue;
      }
      D.NameRange = Ctx.range(*Name);
      if (Name->Unknown)
        continue; // computed at deploy time: an attribute we cannot name
      D.Name = Ctx.Resolve(*Name).value_or(Name->Str);
      const JsonValue *Type = E.get("AttributeType");
      if (!Type) {
        Ctx.error(headOf(E, Ctx.File), nullError(Path + ".attributeType"));
      } else if (Type->Unknown) {
        // Computed at deploy time: its type stays unknown, no error.
      } else if (std::optional<DynamoScalarType> T =
                     Type->isString() ? parseDynamoScalarType(Type->Str)
                                      : std::nullopt) {
        D.Type = *T;
      } else {
        Ctx.error(Ctx.range(*Type),
                  validationError(Type->isString() ? Type->Str : Type->Str,
                                  Path + ".attributeType",
                                  "Member must satisfy enum value set: [B, N, "
                                  "S]"));
      }
      Table.AttributeDefinitions.push_back(std::move(D));
    }
  }

  readIndexes(Obj, Ctx, /*Global=*/true, Table.GlobalIndexes);
  readIndexes(Obj, Ctx, /*Global=*/false, Table.LocalIndexes);
  readBilling(Obj, Ctx, Table);
  readStream(Obj, Ctx, Table);
  readTtl(Obj, Ctx, Table);
}

} // namespace nosqlint::dynamo
