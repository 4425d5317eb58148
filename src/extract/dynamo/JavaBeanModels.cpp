//===- JavaBeanModels.cpp - Enhanced-client beans as table definitions ----===//
//
// The AWS SDK for Java v2's enhanced client maps a bean class to a table in
// two places, often two files:
//
//   @DynamoDbBean
//   public class Order {
//     @DynamoDbPartitionKey @DynamoDbAttribute("customerId")
//     public String getCustomer() { .. }
//     @DynamoDbSortKey public Long getOrderId() { .. }
//     @DynamoDbSecondaryPartitionKey(indexNames = "by-sku")
//     public String getSku() { .. }
//   }
//
//   enhanced.table("orders", TableSchema.fromBean(Order.class))
//
// The bean declares the keys and indexes, the table(..) call the name. Each
// is one fact, a CreateTable DynamoCall carrying the bean's qualified class
// name (ModelClass): the bean's key schema without a TableName, and the
// table(..) call's TableName alone. joinModelTables joins them, across the
// files of a run, into the CreateTable of each table so named.
//
// An index with a secondary partition key is global; one with only a
// secondary sort key is local (it shares the table's partition key).
// Attribute names come from @DynamoDbAttribute or the getter's (setter's)
// property, types from the Java type: String S, numbers N, byte[] /
// SdkBytes / ByteBuffer B. A key of any other type, one an attribute
// converter maps, or a name computed at run time: the bean declares
// nothing. A table name computed at run time names nothing.
//
//===----------------------------------------------------------------------===//
#include "SdkCalls.h"

#include "JavaAnnotations.h"
#include "ModelTableJson.h"
#include "Rebuilt.h"
#include "SyntaxTree.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSwitch.h"

#include <map>

namespace nosqlint::extract::sdk {

namespace {

/// The attribute type the enhanced client's default converters give a key
/// of Java type \p T.
std::optional<llvm::StringRef> beanKeyType(llvm::StringRef T) {
  T = T.trim();
  T = T.substr(T.rfind('.') + 1);
  return llvm::StringSwitch<std::optional<llvm::StringRef>>(T)
      .Case("String", llvm::StringRef("S"))
      .Cases("int", "long", "short", "byte", "double", "float",
             llvm::StringRef("N"))
      .Cases("Integer", "Long", "Short", "Byte", "Double", "Float",
             llvm::StringRef("N"))
      .Cases("BigDecimal", "BigInteger", llvm::StringRef("N"))
      .Cases("byte[]", "SdkBytes", "ByteBuffer", llvm::StringRef("B"))
      .Default(std::nullopt);
}

/// `getCustomerId` / `setCustomerId` -> customerId, `isActive` -> active.
std::optional<std::string> propertyOf(llvm::StringRef Method) {
  for (llvm::StringRef Prefix : {"get", "set", "is"}) {
    llvm::StringRef Rest = Method;
    if (!Rest.consume_front(Prefix) || Rest.empty() ||
        !(Rest[0] >= 'A' && Rest[0] <= 'Z'))
      continue;
    std::string S = Rest.str();
    S[0] = llvm::toLower(S[0]);
    return S;
  }
  return std::nullopt;
}

struct IndexKeys {
  std::optional<ModelKey> Hash, Range;
};

/// What the getter and setter of one property say.
struct Property {
  std::optional<llvm::StringRef> JavaType;
  std::optional<TSNode> AttributeName; // @DynamoDbAttribute's value
  llvm::SmallVector<TSNode, 2> KeyAnnotations;
  bool Converted = false; // @DynamoDbConvertedBy
  bool Ignored = false;   // @DynamoDbIgnore
};

bool isKeyAnnotation(llvm::StringRef A) {
  return A == "DynamoDbPartitionKey" || A == "DynamoDbSortKey" ||
         A == "DynamoDbSecondaryPartitionKey" ||
         A == "DynamoDbSecondarySortKey";
}

class BeanReader {
public:
  explicit BeanReader(SdkContext &C) : C(C), E(C.Eval) {}

  void run(TSNode Root) {
    readFileNames(Root);
    forEachNamedNode(Root, [&](TSNode N) {
      llvm::StringRef T = E.type(N);
      if (T == "class_declaration")
        readClass(N);
      else if (T == "method_invocation")
        readTableCall(N);
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

  /// The package, the single-type imports and the classes of the file.
  void readFileNames(TSNode Root) {
    for (TSNode N : namedChildren(Root)) {
      llvm::StringRef T = E.type(N);
      if (T == "package_declaration") {
        for (TSNode K : namedChildren(N))
          if (E.type(K) == "scoped_identifier" || E.type(K) == "identifier")
            Package = E.text(K).str();
      } else if (T == "import_declaration") {
        llvm::StringRef I = E.text(N);
        if (I.contains(" static ") || I.contains("*"))
          continue;
        I = I.drop_front(6).trim().rtrim(";").trim();
        Imports[I.substr(I.rfind('.') + 1)] = I.str();
      }
    }
    forEachNamedNode(Root, [&](TSNode N) {
      if (E.type(N) == "class_declaration")
        if (auto Name = childByField(N, "name"))
          Declared.try_emplace(E.text(*Name), qualifiedName(N));
    });
  }

  /// pkg.Outer.Inner of class declaration \p Class.
  std::string qualifiedName(TSNode Class) {
    llvm::SmallVector<llvm::StringRef, 4> Names;
    for (TSNode N = Class; !ts_node_is_null(N); N = ts_node_parent(N))
      if (E.type(N) == "class_declaration")
        if (auto Name = childByField(N, "name"))
          Names.push_back(E.text(*Name));
    std::string Q = Package;
    for (auto It = Names.rbegin(); It != Names.rend(); ++It) {
      if (!Q.empty())
        Q += '.';
      Q += It->str();
    }
    return Q;
  }

  /// The qualified name of the class a use names as \p Type: a class of the
  /// file, a single-type import, else one of the file's package.
  std::string resolveClass(llvm::StringRef Type) {
    Type = Type.trim();
    size_t Lt = Type.find('<');
    if (Lt != llvm::StringRef::npos)
      Type = Type.take_front(Lt);
    auto [First, Rest] = Type.split('.');
    if (!First.empty() && First[0] >= 'a' && First[0] <= 'z')
      return Type.str(); // written qualified
    std::string Base;
    if (auto It = Declared.find(First); It != Declared.end())
      Base = It->second;
    else if (auto It = Imports.find(First); It != Imports.end())
      Base = It->second;
    else
      Base = Package.empty() ? First.str() : Package + "." + First.str();
    if (!Rest.empty()) {
      Base += '.';
      Base += Rest.str();
    }
    return Base;
  }

  void readClass(TSNode Class) {
    bool Bean = false;
    for (TSNode A : annotationsOf(E, Class)) {
      llvm::StringRef Name = E.annotationName(A);
      Bean |= Name == "DynamoDbBean" || Name == "DynamoDbImmutable";
    }
    auto Body = childByField(Class, "body");
    if (!Bean || !Body)
      return;
    std::map<std::string, Property> Properties;
    for (TSNode M : namedChildren(*Body)) {
      bool Method = E.type(M) == "method_declaration";
      if (!Method && E.type(M) != "field_declaration")
        continue;
      auto NameNode = childByField(M, "name");
      std::optional<std::string> Prop =
          Method && NameNode ? propertyOf(E.text(*NameNode)) : std::nullopt;
      if (!Prop) {
        // A key on a field (Lombok's onMethod) or on an accessor whose
        // property is not read here: the keys are not all known.
        for (TSNode A : annotationsOf(E, M))
          if (isKeyAnnotation(E.annotationName(A)))
            return;
        continue;
      }
      Property &P = Properties[*Prop];
      // A getter's type is its result, a setter's its one parameter.
      bool Setter = E.text(*NameNode).startswith("set");
      std::optional<TSNode> TypeNode;
      if (!Setter) {
        TypeNode = childByField(M, "type");
      } else if (auto Params = childByField(M, "parameters")) {
        auto Formal = namedChildren(*Params);
        if (Formal.size() == 1)
          TypeNode = childByField(Formal[0], "type");
      }
      if (TypeNode && !P.JavaType)
        P.JavaType = E.text(*TypeNode);
      for (TSNode A : annotationsOf(E, M)) {
        llvm::StringRef Ann = E.annotationName(A);
        if (isKeyAnnotation(Ann))
          P.KeyAnnotations.push_back(A);
        else if (Ann == "DynamoDbAttribute")
          P.AttributeName = annotationElement(E, A, "value");
        else if (Ann == "DynamoDbConvertedBy")
          P.Converted = true;
        else if (Ann == "DynamoDbIgnore")
          P.Ignored = true;
      }
    }
    std::optional<ModelKey> Hash, Range;
    std::map<std::string, IndexKeys> Indexes;
    for (auto &[Name, P] : Properties) {
      if (P.KeyAnnotations.empty() || P.Ignored)
        continue;
      std::optional<llvm::StringRef> Type =
          P.JavaType ? beanKeyType(*P.JavaType) : std::nullopt;
      if (!Type || P.Converted)
        return;
      ModelKey K{Name, Type->str(), P.KeyAnnotations.front()};
      if (P.AttributeName) {
        std::optional<std::string> L = literal(*P.AttributeName);
        if (!L)
          return;
        K.Attribute = *L;
      }
      for (TSNode A : P.KeyAnnotations) {
        K.At = A;
        llvm::StringRef Ann = E.annotationName(A);
        if (Ann == "DynamoDbPartitionKey") {
          Hash = K;
          continue;
        }
        if (Ann == "DynamoDbSortKey") {
          Range = K;
          continue;
        }
        std::optional<llvm::SmallVector<std::string, 2>> Names =
            indexNames(A);
        if (!Names)
          return;
        for (const std::string &I : *Names) {
          IndexKeys &Keys = Indexes[I];
          (Ann == "DynamoDbSecondaryPartitionKey" ? Keys.Hash : Keys.Range) =
              K;
        }
      }
    }
    if (!Hash)
      return;
    emit(Class, *Hash, Range, Indexes);
  }

  /// `indexNames = "a"` or `indexNames = {"a", "b"}`; nothing when a name
  /// is computed or absent.
  std::optional<llvm::SmallVector<std::string, 2>> indexNames(TSNode A) {
    std::optional<TSNode> V = annotationElement(E, A, "indexNames");
    if (!V)
      return std::nullopt;
    llvm::SmallVector<TSNode, 4> Items;
    if (E.type(*V) == "element_value_array_initializer")
      Items = namedChildren(*V);
    else
      Items.push_back(*V);
    llvm::SmallVector<std::string, 2> Out;
    for (TSNode I : Items) {
      std::optional<std::string> L = literal(I);
      if (!L)
        return std::nullopt;
      Out.push_back(*L);
    }
    if (Out.empty())
      return std::nullopt;
    return Out;
  }

  void emit(TSNode Class, const ModelKey &Hash,
            const std::optional<ModelKey> &Range,
            const std::map<std::string, IndexKeys> &Indexes) {
    std::vector<ModelIndex> Resolved;
    for (const auto &[Name, I] : Indexes) {
      // Only a sort key: a local index on the table's partition key, whose
      // findings point at the index's own key.
      bool IsGlobal = I.Hash.has_value();
      ModelKey IHash = IsGlobal ? *I.Hash : Hash;
      if (!IsGlobal)
        IHash.At = I.Range->At;
      TSNode At = IsGlobal ? I.Hash->At : I.Range->At;
      Resolved.push_back({Name, IHash, I.Range, IsGlobal, At});
    }
    JsonValue Params =
        modelTableParams(C.Json, Class, std::nullopt, Hash, Range, Resolved);
    auto Name = childByField(Class, "name");
    emitModelTable(C, std::move(Params), "aws-sdk-java-v2-enhanced", Class,
                   Name ? *Name : Class);
    C.Out.back().ModelClass = qualifiedName(Class);
  }

  /// `TableSchema.fromBean(X.class)` (also fromImmutableClass, fromClass,
  /// BeanTableSchema.create), directly or through a variable: X's name.
  std::optional<llvm::StringRef> schemaClass(TSNode N, unsigned Depth = 0) {
    if (E.type(N) == "identifier" && Depth < 4) {
      std::optional<TSNode> V =
          E.declarationValue(E.text(N), ts_node_start_byte(N));
      if (!V)
        return std::nullopt;
      return schemaClass(*V, Depth + 1);
    }
    if (E.type(N) != "method_invocation")
      return std::nullopt;
    auto Obj = childByField(N, "object");
    auto Name = childByField(N, "name");
    auto Args = childByField(N, "arguments");
    if (!Obj || !Name || !Args)
      return std::nullopt;
    llvm::StringRef O = E.text(*Obj), M = E.text(*Name);
    O = O.substr(O.rfind('.') + 1);
    bool Factory =
        (O == "TableSchema" &&
         (M == "fromBean" || M == "fromImmutableClass" || M == "fromClass")) ||
        ((O == "BeanTableSchema" || O == "ImmutableTableSchema") &&
         M == "create");
    auto A = namedChildren(*Args);
    if (!Factory || A.size() != 1 || E.type(A[0]) != "class_literal")
      return std::nullopt;
    auto Kids = namedChildren(A[0]);
    if (Kids.size() != 1)
      return std::nullopt;
    return E.text(Kids[0]);
  }

  /// `enhanced.table("orders", TableSchema.fromBean(Order.class))`.
  void readTableCall(TSNode Call) {
    auto Name = childByField(Call, "name");
    auto Args = childByField(Call, "arguments");
    if (!Name || !Args || E.text(*Name) != "table" ||
        !childByField(Call, "object"))
      return;
    auto A = namedChildren(*Args);
    if (A.size() != 2)
      return;
    std::optional<llvm::StringRef> Bean = schemaClass(A[1]);
    if (!Bean)
      return;
    JsonValue TableName = C.Json.string(A[0]);
    if (TableName.Unknown || !TableName.isString() || TableName.Str.empty())
      return;
    JsonValue Params = C.Json.object(Call);
    HostJson::add(Params, "TableName", std::move(TableName));
    DynamoCall D = makeDynamoCall(C.Json, "CreateTable",
                                  "aws-sdk-java-v2-enhanced",
                                  std::move(Params), Call, *Name);
    D.ModelClass = resolveClass(*Bean);
    C.Out.push_back(std::move(D));
  }

  SdkContext &C;
  Evaluator &E;
  std::string Package;
  llvm::StringMap<std::string> Imports;  // simple name -> qualified
  llvm::StringMap<std::string> Declared; // classes of the file
};

} // namespace

void findJavaBeanModels(SdkContext &C, TSNode Root) {
  if (!C.Src.contains("enhanced.dynamodb"))
    return;
  BeanReader(C).run(Root);
}

} // namespace nosqlint::extract::sdk
