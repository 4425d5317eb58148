//===- DotNetDataModels.cpp - DynamoDBContext classes as table definitions -===//
//
// The AWS SDK for .NET's object persistence model (Amazon.DynamoDBv2
// .DataModel) declares a table in the class it maps:
//
//   [DynamoDBTable("Orders")]
//   public class Order {
//     [DynamoDBHashKey("customer_id")] public string CustomerId { get; set; }
//     [DynamoDBRangeKey] public long OrderId { get; set; }
//     [DynamoDBGlobalSecondaryIndexHashKey("by-status")]
//     public string Status { get; set; }
//     [DynamoDBLocalSecondaryIndexRangeKey("by-date")]
//     public string PlacedAt { get; set; }
//   }
//
// Each such class becomes the CreateTable its key attributes describe
// (attribute names from the attribute's argument or AttributeName, else
// [DynamoDBProperty("..")], else the property, lower-camel-cased under
// LowerCamelCaseProperties = true; types from the C# type: string, Guid,
// DateTime S, the numeric types and enums N, byte[] and MemoryStream B),
// which joins the schema like any CreateTable in code and names the table
// and keys of the DynamoDBContext calls that map the class
// (resolveMapperRequests). A class whose table name is not a literal, or
// whose key type or name is not read here, declares nothing.
//
//===----------------------------------------------------------------------===//
#include "DotNetSdk.h"

#include "ModelTableJson.h"
#include "Rebuilt.h"
#include "SyntaxTree.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSwitch.h"

#include <map>

namespace nosqlint::extract::sdk {

namespace {

/// The attribute type the SDK's default conversion gives a key of C# type
/// \p T (`int?` is an int).
std::optional<llvm::StringRef> keyType(llvm::StringRef T) {
  T = T.trim();
  T.consume_back("?");
  T = T.substr(T.rfind('.') + 1);
  return llvm::StringSwitch<std::optional<llvm::StringRef>>(T)
      .Cases("string", "String", "Guid", "DateTime", "DateTimeOffset",
             llvm::StringRef("S"))
      .Cases("int", "long", "short", "byte", "sbyte", "uint", "ulong",
             llvm::StringRef("N"))
      .Cases("ushort", "double", "float", "decimal", llvm::StringRef("N"))
      .Cases("Int32", "Int64", "Int16", "Double", "Single", "Decimal",
             llvm::StringRef("N"))
      .Cases("byte[]", "MemoryStream", llvm::StringRef("B"))
      .Default(std::nullopt);
}

struct IndexKeys {
  std::optional<ModelKey> Hash, Range;
};

/// The name of an attribute, without its namespace or `Attribute` suffix.
llvm::StringRef attributeName(const Evaluator &E, TSNode A) {
  auto N = childByField(A, "name");
  if (!N)
    return "";
  llvm::StringRef Name = E.text(*N);
  Name = Name.substr(Name.rfind('.') + 1);
  Name.consume_back("Attribute");
  return Name;
}

class DataModelReader {
public:
  explicit DataModelReader(SdkContext &C) : C(C), E(C.Eval) {}

  void run(TSNode Root) {
    forEachNamedNode(Root, [&](TSNode N) {
      llvm::StringRef T = E.type(N);
      if (T == "file_scoped_namespace_declaration")
        if (auto Name = childByField(N, "name"))
          FileNamespace = E.text(*Name).str();
      if (T == "class_declaration" || T == "record_declaration")
        readClass(N);
    });
  }

private:
  std::optional<std::string> literal(TSNode V) {
    Rebuilt R;
    E.append(V, R);
    if (R.holes() != 0 || R.trust() != SnippetTrust::Full || R.text().empty())
      return std::nullopt;
    return R.text();
  }

  /// The attributes on a declaration (its attribute_list children).
  llvm::SmallVector<TSNode, 4> attributesOf(TSNode Decl) {
    llvm::SmallVector<TSNode, 4> Out;
    for (TSNode L : namedChildren(Decl))
      if (E.type(L) == "attribute_list")
        for (TSNode A : namedChildren(L))
          if (E.type(A) == "attribute")
            Out.push_back(A);
    return Out;
  }

  /// The positional arguments and the `Name = value` ones of an attribute.
  void argumentsOf(TSNode A, llvm::SmallVectorImpl<TSNode> &Positional,
                   llvm::StringMap<TSNode> &Named) {
    for (TSNode L : namedChildren(A)) {
      if (E.type(L) != "attribute_argument_list")
        continue;
      for (TSNode Arg : namedChildren(L)) {
        auto Kids = namedChildren(Arg);
        if (Kids.empty())
          continue;
        TSNode V = Kids.back();
        if (E.type(V) == "assignment_expression") {
          auto Left = childByField(V, "left");
          auto Right = childByField(V, "right");
          if (Left && Right)
            Named[E.text(*Left)] = *Right;
          continue;
        }
        if (Kids.size() == 2 && E.type(Kids[0]) == "name_equals") {
          Named[E.text(Kids[0]).rtrim("= \t")] = V;
          continue;
        }
        Positional.push_back(V);
      }
    }
  }

  /// pkg.Outer.Inner of \p Class: its namespaces and enclosing classes.
  std::string qualifiedName(TSNode Class) {
    llvm::SmallVector<std::string, 4> Names;
    for (TSNode N = Class; !ts_node_is_null(N); N = ts_node_parent(N)) {
      llvm::StringRef T = E.type(N);
      if (T == "class_declaration" || T == "record_declaration" ||
          T == "namespace_declaration")
        if (auto Name = childByField(N, "name"))
          Names.push_back(E.text(*Name).str());
    }
    std::string Q = FileNamespace;
    for (auto It = Names.rbegin(); It != Names.rend(); ++It) {
      if (!Q.empty())
        Q += '.';
      Q += *It;
    }
    return Q;
  }

  void readClass(TSNode Class) {
    std::optional<TSNode> TableName;
    bool LowerCamel = false;
    for (TSNode A : attributesOf(Class)) {
      if (attributeName(E, A) != "DynamoDBTable")
        continue;
      llvm::SmallVector<TSNode, 2> Pos;
      llvm::StringMap<TSNode> Named;
      argumentsOf(A, Pos, Named);
      if (!Pos.empty())
        TableName = Pos[0];
      if (auto It = Named.find("LowerCamelCaseProperties"); It != Named.end())
        LowerCamel = E.text(It->second) == "true";
    }
    auto Body = childByField(Class, "body");
    if (!TableName || !Body)
      return;
    std::optional<ModelKey> Hash, Range;
    std::map<std::string, IndexKeys> Global, Local;
    bool Unknown = false;
    for (TSNode M : namedChildren(*Body)) {
      llvm::StringRef T = E.type(M);
      std::optional<TSNode> TypeNode, NameNode;
      if (T == "property_declaration") {
        TypeNode = childByField(M, "type");
        NameNode = childByField(M, "name");
      } else if (T == "field_declaration") {
        for (TSNode V : namedChildren(M))
          if (E.type(V) == "variable_declaration") {
            TypeNode = childByField(V, "type");
            for (TSNode D : namedChildren(V))
              if (E.type(D) == "variable_declarator")
                NameNode = childByField(D, "name");
          }
      } else {
        continue;
      }
      if (!TypeNode || !NameNode)
        continue;
      llvm::SmallVector<TSNode, 4> Attrs = attributesOf(M);
      // The attribute's name: [DynamoDBProperty("x")], else the property.
      std::string Attribute = E.text(*NameNode).str();
      if (LowerCamel && !Attribute.empty())
        Attribute[0] = llvm::toLower(Attribute[0]);
      bool Converted = false;
      for (TSNode A : Attrs) {
        llvm::StringRef Name = attributeName(E, A);
        if (Name != "DynamoDBProperty")
          continue;
        llvm::SmallVector<TSNode, 2> Pos;
        llvm::StringMap<TSNode> Named;
        argumentsOf(A, Pos, Named);
        for (TSNode P : Pos) {
          if (E.type(P) == "typeof_expression") {
            Converted = true; // [DynamoDBProperty(typeof(Converter))]
            continue;
          }
          if (auto L = literal(P))
            Attribute = *L;
          else
            Converted = true;
        }
        if (Named.count("Converter") || Named.count("AttributeName"))
          Converted = true;
      }
      for (TSNode A : Attrs) {
        llvm::StringRef Name = attributeName(E, A);
        bool IsHash = Name == "DynamoDBHashKey";
        bool IsRange = Name == "DynamoDBRangeKey";
        bool GsiHash = Name == "DynamoDBGlobalSecondaryIndexHashKey";
        bool GsiRange = Name == "DynamoDBGlobalSecondaryIndexRangeKey";
        bool LsiRange = Name == "DynamoDBLocalSecondaryIndexRangeKey";
        if (!IsHash && !IsRange && !GsiHash && !GsiRange && !LsiRange)
          continue;
        std::optional<llvm::StringRef> Type = keyType(E.text(*TypeNode));
        if (!Type || Converted) {
          Unknown = true;
          continue;
        }
        llvm::SmallVector<TSNode, 2> Pos;
        llvm::StringMap<TSNode> Named;
        argumentsOf(A, Pos, Named);
        ModelKey K{Attribute, Type->str(), A};
        if (auto It = Named.find("AttributeName"); It != Named.end()) {
          std::optional<std::string> L = literal(It->second);
          if (!L) {
            Unknown = true;
            continue;
          }
          K.Attribute = *L;
        }
        if (IsHash || IsRange) {
          // [DynamoDBHashKey("attr")]: the attribute's name.
          if (!Pos.empty()) {
            std::optional<std::string> L = literal(Pos[0]);
            if (!L || E.type(Pos[0]) == "typeof_expression") {
              Unknown = true;
              continue;
            }
            K.Attribute = *L;
          }
          (IsHash ? Hash : Range) = K;
          continue;
        }
        // The index attributes name their indexes.
        if (Pos.empty()) {
          Unknown = true;
          continue;
        }
        for (TSNode P : Pos) {
          std::optional<std::string> L = literal(P);
          if (!L) {
            Unknown = true;
            continue;
          }
          IndexKeys &I = (LsiRange ? Local : Global)[*L];
          (GsiHash ? I.Hash : I.Range) = K;
        }
      }
    }
    if (Unknown || !Hash)
      return;
    emit(Class, *TableName, *Hash, Range, Global, Local);
  }

  void emit(TSNode Class, TSNode TableName, const ModelKey &Hash,
            const std::optional<ModelKey> &Range,
            const std::map<std::string, IndexKeys> &Global,
            const std::map<std::string, IndexKeys> &Local) {
    JsonValue Name = C.Json.string(TableName);
    if (Name.Unknown || !Name.isString() || Name.Str.empty())
      return;
    std::vector<ModelIndex> Resolved;
    for (const auto &[IndexName, I] : Global)
      if (I.Hash) // a global index range key alone is not an index
        Resolved.push_back({IndexName, *I.Hash, I.Range, true,
                            I.Range ? I.Range->At : I.Hash->At});
    for (const auto &[IndexName, I] : Local)
      if (I.Range)
        Resolved.push_back({IndexName, Hash, I.Range, false, I.Range->At});
    JsonValue Params = modelTableParams(C.Json, Class, std::move(Name), Hash,
                                        Range, Resolved);
    auto ClassName = childByField(Class, "name");
    emitModelTable(C, std::move(Params), dotnet::SdkDataModel, Class,
                   ClassName ? *ClassName : Class);
    C.Out.back().ModelClass = qualifiedName(Class);
  }

  SdkContext &C;
  Evaluator &E;
  std::string FileNamespace;
};

} // namespace

void findDotNetDataModels(SdkContext &C, TSNode Root) {
  if (!C.Src.contains("DynamoDBTable") ||
      !C.Src.contains("Amazon.DynamoDBv2.DataModel"))
    return;
  DataModelReader(C).run(Root);
}

} // namespace nosqlint::extract::sdk
