//===- JavaMapperModels.cpp - DynamoDBMapper classes as table definitions --===//
//
// The AWS SDK for Java v1's DynamoDBMapper declares a table in the class
// it maps:
//
//   @DynamoDBTable(tableName = "orders")
//   public class Order {
//     @DynamoDBHashKey(attributeName = "customerId") String getCustomer()
//     @DynamoDBRangeKey Long getOrderId()
//     @DynamoDBIndexHashKey(globalSecondaryIndexName = "by-status")
//     String getStatus()
//   }
//
// Each such class becomes the CreateTable its key annotations describe
// (attribute names from the annotation or the getter/field, types from the
// Java type: String S, numbers N, byte[]/ByteBuffer B, Date S), which joins
// the schema like any CreateTable in code. A class whose table name is not
// a literal, or whose key type is not one of these, declares nothing.
//
//===----------------------------------------------------------------------===//
#include "SdkCalls.h"

#include "JavaAnnotations.h"
#include "ModelTableJson.h"
#include "JavaClassNames.h"
#include "Rebuilt.h"
#include "SyntaxTree.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSwitch.h"

#include <map>

namespace nosqlint::extract::sdk {

namespace {

std::optional<llvm::StringRef> javaKeyType(llvm::StringRef T) {
  T = T.trim();
  T = T.substr(T.rfind('.') + 1);
  return llvm::StringSwitch<std::optional<llvm::StringRef>>(T)
      .Cases("String", "Date", "Calendar", "UUID", llvm::StringRef("S"))
      .Cases("int", "long", "short", "double", "float", llvm::StringRef("N"))
      .Cases("Integer", "Long", "Short", "Double", "Float", "BigDecimal",
             "BigInteger", "Number", llvm::StringRef("N"))
      .Cases("byte[]", "ByteBuffer", llvm::StringRef("B"))
      .Default(std::nullopt);
}

/// `getCustomerId` -> customerId, `isActive` -> active, a field as it is.
std::string attributeOfMember(llvm::StringRef Name, bool Method) {
  if (Method) {
    if (Name.startswith("get") && Name.size() > 3)
      Name = Name.drop_front(3);
    else if (Name.startswith("is") && Name.size() > 2)
      Name = Name.drop_front(2);
    std::string S = Name.str();
    S[0] = llvm::toLower(S[0]);
    return S;
  }
  return Name.str();
}

struct IndexKeys {
  std::optional<ModelKey> Hash, Range;
  bool Global = true;
};

class MapperReader {
public:
  explicit MapperReader(SdkContext &C) : C(C), E(C.Eval) {}

  void run(TSNode Root) {
    Package = javaPackage(E, Root);
    forEachNamedNode(Root, [&](TSNode N) {
      if (E.type(N) == "class_declaration")
        readClass(N);
    });
  }

private:
  /// The annotations on \p Decl (its `modifiers` child).


  std::optional<std::string> literal(TSNode V) {
    Rebuilt R;
    E.append(V, R);
    if (R.holes() != 0 || R.trust() != SnippetTrust::Full || R.text().empty())
      return std::nullopt;
    return R.text();
  }

  void readClass(TSNode Class) {
    std::optional<TSNode> TableName;
    for (TSNode A : annotationsOf(E, Class))
      if (E.annotationName(A) == "DynamoDBTable")
        TableName = annotationElement(E, A, "tableName");
    auto Body = childByField(Class, "body");
    if (!TableName || !Body)
      return;
    std::optional<ModelKey> Hash, Range;
    std::map<std::string, IndexKeys> Indexes;
    bool Unknown = false;
    for (TSNode M : namedChildren(*Body)) {
      llvm::StringRef T = E.type(M);
      bool Method = T == "method_declaration";
      if (!Method && T != "field_declaration")
        continue;
      auto TypeNode = childByField(M, "type");
      std::optional<TSNode> NameNode = childByField(M, "name");
      if (!Method)
        if (auto D = childByField(M, "declarator"))
          NameNode = childByField(*D, "name");
      if (!TypeNode || !NameNode)
        continue;
      for (TSNode A : annotationsOf(E, M)) {
        llvm::StringRef Ann = E.annotationName(A);
        if (Ann != "DynamoDBHashKey" && Ann != "DynamoDBRangeKey" &&
            Ann != "DynamoDBIndexHashKey" && Ann != "DynamoDBIndexRangeKey")
          continue;
        std::optional<llvm::StringRef> Type = javaKeyType(E.text(*TypeNode));
        if (!Type) {
          Unknown = true;
          continue;
        }
        ModelKey K{attributeOfMember(E.text(*NameNode), Method), Type->str(), A};
        if (auto N = annotationElement(E, A, "attributeName")) {
          if (auto L = literal(*N))
            K.Attribute = *L;
          else
            Unknown = true;
        }
        if (Ann == "DynamoDBHashKey")
          Hash = K;
        else if (Ann == "DynamoDBRangeKey")
          Range = K;
        else {
          bool IsHash = Ann == "DynamoDBIndexHashKey";
          for (const char *Elem : {"globalSecondaryIndexName",
                                   "localSecondaryIndexName"}) {
            auto V = annotationElement(E, A, Elem);
            if (!V)
              continue;
            auto Name = literal(*V);
            if (!Name) {
              Unknown = true;
              continue;
            }
            IndexKeys &I = Indexes[*Name];
            I.Global = llvm::StringRef(Elem).startswith("global");
            (IsHash ? I.Hash : I.Range) = K;
          }
        }
      }
    }
    if (Unknown || !Hash)
      return;
    emit(Class, *TableName, *Hash, Range, Indexes);
  }

  void emit(TSNode Class, TSNode TableName, const ModelKey &Hash,
            const std::optional<ModelKey> &Range,
            const std::map<std::string, IndexKeys> &Indexes) {
    std::vector<ModelIndex> Resolved;
    for (const auto &[Name, I] : Indexes) {
      // An LSI shares the table's partition key.
      std::optional<ModelKey> IHash =
          I.Global ? I.Hash : std::optional<ModelKey>(Hash);
      if (!IHash)
        continue;
      TSNode At = I.Range ? I.Range->At : IHash->At;
      Resolved.push_back({Name, *IHash, I.Range, I.Global, At});
    }
    JsonValue Params = modelTableParams(C.Json, Class, C.Json.string(TableName),
                                        Hash, Range, Resolved);
    auto Name = childByField(Class, "name");
    emitModelTable(C, std::move(Params), "aws-sdk-java-v1-mapper", Class,
                   Name ? *Name : Class);
    // The mapper's calls name the class: resolveMapperRequests joins them.
    C.Out.back().ModelClass = javaQualifiedName(E, Class, Package);
  }

  SdkContext &C;
  Evaluator &E;
  std::string Package;
};

} // namespace

void findJavaMapperModels(SdkContext &C, TSNode Root) {
  if (!C.Src.contains("DynamoDBTable"))
    return;
  MapperReader(C).run(Root);
}

} // namespace nosqlint::extract::sdk
