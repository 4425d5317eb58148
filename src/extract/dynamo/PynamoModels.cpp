//===- PynamoModels.cpp - PynamoDB models as table definitions ------------===//
//
// A PynamoDB model declares its table in code:
//
//   class Order(Model):
//       class Meta:
//           table_name = "orders"
//       customer_id = UnicodeAttribute(hash_key=True)
//       order_id = NumberAttribute(range_key=True, attr_name="oid")
//       by_status = StatusIndex()          # a GlobalSecondaryIndex subclass
//
// Each model becomes the CreateTable request PynamoDB's create_table() would
// send (KeySchema, AttributeDefinitions, its indexes), which joins the schema
// like any CreateTable in code. A table name computed at run time
// (`table_name = settings.TABLE`) leaves the request unknown: no table.
//
//===----------------------------------------------------------------------===//
#include "SdkCalls.h"

#include "Rebuilt.h"
#include "SyntaxTree.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSwitch.h"

namespace nosqlint::extract::sdk {

namespace {

/// The DynamoDB type of a key attribute class; nothing for the classes that
/// cannot be keys (maps, lists, sets, booleans).
std::optional<llvm::StringRef> keyType(llvm::StringRef Class) {
  Class = Class.substr(Class.rfind('.') + 1);
  return llvm::StringSwitch<std::optional<llvm::StringRef>>(Class)
      .Cases("UnicodeAttribute", "UTCDateTimeAttribute", "JSONAttribute",
             llvm::StringRef("S"))
      .Cases("NumberAttribute", "VersionAttribute", "TTLAttribute",
             llvm::StringRef("N"))
      .Case("BinaryAttribute", llvm::StringRef("B"))
      .Default(std::nullopt);
}

struct KeyAttribute {
  std::string Name;
  std::string Type;
  bool Hash = false;
  TSNode At;
};

struct ModelInfo {
  TSNode Class;
  TSNode NameNode;
  std::optional<TSNode> TableName; // Meta.table_name's value
  std::optional<TSNode> IndexName; // Meta.index_name's value (indexes)
  std::vector<KeyAttribute> Keys;
  std::vector<std::pair<std::string, TSNode>> IndexFields; // attr -> Index()
  std::string Projection = "ALL";
  bool Unknown = false; // a key the reader cannot type
};

class PynamoReader {
public:
  explicit PynamoReader(SdkContext &C) : C(C), E(C.Eval) {}

  void run(TSNode Root) {
    forEachNamedNode(Root, [&](TSNode N) {
      if (E.type(N) == "class_definition")
        readClass(N);
    });
    for (auto &KV : Models) // emitted in any order; the caller sorts them
      if (KV.getValue().Base == "Model")
        emit(KV.getValue().Info);
  }

private:
  struct Entry {
    std::string Base; // Model, GlobalSecondaryIndex, LocalSecondaryIndex
    ModelInfo Info;
  };

  std::string baseOf(TSNode Class) {
    auto Supers = childByField(Class, "superclasses");
    if (!Supers)
      return "";
    for (TSNode S : namedChildren(*Supers)) {
      llvm::StringRef T = E.text(S);
      T = T.substr(T.rfind('.') + 1);
      if (T == "Model" || T == "GlobalSecondaryIndex" ||
          T == "LocalSecondaryIndex")
        return T.str();
      // A base class of the file (read before it, as Python requires)
      // that is one of these: its keys and Meta are inherited.
      auto It = Models.find(T);
      if (It != Models.end() && !It->second.Base.empty()) {
        Inherited = &It->second.Info;
        return It->second.Base;
      }
    }
    return "";
  }

  void readClass(TSNode Class) {
    Inherited = nullptr;
    std::string Base = baseOf(Class);
    auto Name = childByField(Class, "name");
    auto Body = childByField(Class, "body");
    if (Base.empty() || !Name || !Body)
      return;
    ModelInfo M;
    if (Inherited) {
      M = *Inherited;
      M.TableName.reset(); // each concrete model names its table
      M.IndexName.reset();
    }
    M.Class = Class;
    M.NameNode = *Name;
    for (TSNode Stmt : namedChildren(*Body)) {
      if (E.type(Stmt) == "class_definition") {
        auto Inner = childByField(Stmt, "name");
        auto InnerBody = childByField(Stmt, "body");
        if (Inner && InnerBody && E.text(*Inner) == "Meta")
          readMeta(*InnerBody, M);
        continue;
      }
      if (E.type(Stmt) != "expression_statement")
        continue;
      auto Kids = namedChildren(Stmt);
      if (Kids.empty() || E.type(Kids[0]) != "assignment")
        continue;
      auto Left = childByField(Kids[0], "left");
      auto Right = childByField(Kids[0], "right");
      if (!Left || !Right || E.type(*Right) != "call")
        continue;
      readField(E.text(*Left), *Right, M);
    }
    // A key redefined by the subclass replaces the base's.
    for (size_t I = 0; I < M.Keys.size(); ++I)
      for (size_t K = I + 1; K < M.Keys.size(); ++K)
        if (M.Keys[I].Hash == M.Keys[K].Hash) {
          M.Keys.erase(M.Keys.begin() + static_cast<long>(I));
          --I;
          break;
        }
    Models[E.text(*Name)] = Entry{Base, M};
  }

  void readMeta(TSNode Body, ModelInfo &M) {
    for (TSNode Stmt : namedChildren(Body)) {
      auto Kids = namedChildren(Stmt);
      if (Kids.empty() || E.type(Kids[0]) != "assignment")
        continue;
      auto Left = childByField(Kids[0], "left");
      auto Right = childByField(Kids[0], "right");
      if (!Left || !Right)
        continue;
      llvm::StringRef Key = E.text(*Left);
      if (Key == "table_name")
        M.TableName = *Right;
      else if (Key == "index_name")
        M.IndexName = *Right;
      else if (Key == "projection") {
        llvm::StringRef P = E.text(*Right);
        M.Projection = P.contains("KeysOnly") ? "KEYS_ONLY"
                       : P.contains("Include") ? "INCLUDE"
                                               : "ALL";
      }
    }
  }

  void readField(llvm::StringRef Field, TSNode Call, ModelInfo &M) {
    CallParts P = E.callParts(Call);
    bool Hash = false, Range = false;
    std::string Name = Field.str();
    for (const auto &[Key, Value] : P.NamedArgs) {
      if (Key == "hash_key")
        Hash = E.text(Value) == "True";
      else if (Key == "range_key")
        Range = E.text(Value) == "True";
      else if (Key == "attr_name") {
        Rebuilt R;
        E.append(Value, R);
        if (R.holes() == 0 && R.trust() == SnippetTrust::Full)
          Name = R.text();
        else
          M.Unknown = true;
      }
    }
    if (!Hash && !Range) {
      // An index instance: `by_status = StatusIndex()`.
      if (P.Args.empty() && P.NamedArgs.empty())
        M.IndexFields.push_back({P.Method.str(), Call});
      return;
    }
    std::optional<llvm::StringRef> Type = keyType(P.Method);
    if (!Type) {
      M.Unknown = true;
      return;
    }
    M.Keys.push_back({Name, Type->str(), Hash, Call});
  }

  JsonValue keySchema(const ModelInfo &M, TSNode At) {
    JsonValue Keys = C.Json.array(At);
    for (bool Hash : {true, false})
      for (const KeyAttribute &K : M.Keys)
        if (K.Hash == Hash) {
          JsonValue Element = C.Json.object(K.At);
          HostJson::add(Element, "AttributeName", C.Json.declared(K.At, K.Name));
          HostJson::add(Element, "KeyType", C.Json.declared(K.At, Hash ? "HASH" : "RANGE"));
          Keys.Elements.push_back(std::move(Element));
        }
    return Keys;
  }

  void emit(const ModelInfo &M) {
    if (!M.TableName || M.Unknown || M.Keys.empty())
      return;
    JsonValue Params = C.Json.object(M.Class);
    HostJson::add(Params, "TableName", C.Json.string(*M.TableName));
    HostJson::add(Params, "KeySchema", keySchema(M, M.NameNode));
    JsonValue Defs = C.Json.array(M.NameNode);
    llvm::StringMap<bool> Defined;
    auto Define = [&](const KeyAttribute &K) {
      if (Defined.insert({K.Name, true}).second) {
        JsonValue D = C.Json.object(K.At);
        HostJson::add(D, "AttributeName", C.Json.declared(K.At, K.Name));
        HostJson::add(D, "AttributeType", C.Json.declared(K.At, K.Type));
        Defs.Elements.push_back(std::move(D));
      }
    };
    for (const KeyAttribute &K : M.Keys)
      Define(K);
    JsonValue Global = C.Json.array(M.NameNode), Local = C.Json.array(M.NameNode);
    for (const auto &[Class, At] : M.IndexFields) {
      auto It = Models.find(Class);
      if (It == Models.end() || It->second.Base == "Model")
        continue;
      const ModelInfo &I = It->second.Info;
      if (!I.IndexName || I.Unknown || I.Keys.empty())
        return; // an index nobody can name: the table is not certain
      for (const KeyAttribute &K : I.Keys)
        Define(K);
      JsonValue Index = C.Json.object(At);
      HostJson::add(Index, "IndexName", C.Json.string(*I.IndexName));
      HostJson::add(Index, "KeySchema", keySchema(I, At));
      JsonValue Projection = C.Json.object(At);
      HostJson::add(Projection, "ProjectionType", C.Json.declared(At, I.Projection));
      HostJson::add(Index, "Projection", std::move(Projection));
      (It->second.Base == "GlobalSecondaryIndex" ? Global : Local)
          .Elements.push_back(std::move(Index));
    }
    HostJson::add(Params, "AttributeDefinitions", std::move(Defs));
    if (!Global.Elements.empty())
      HostJson::add(Params, "GlobalSecondaryIndexes", std::move(Global));
    if (!Local.Elements.empty())
      HostJson::add(Params, "LocalSecondaryIndexes", std::move(Local));
    emitModelTable(C, std::move(Params), "pynamodb", M.Class, M.NameNode);
  }

  SdkContext &C;
  Evaluator &E;
  llvm::StringMap<Entry> Models;
  const ModelInfo *Inherited = nullptr; // the base of the class being read
};

} // namespace

void findPynamoModels(SdkContext &C, TSNode Root) {
  if (!C.Src.contains("pynamodb"))
    return;
  PynamoReader(C).run(Root);
}

} // namespace nosqlint::extract::sdk
