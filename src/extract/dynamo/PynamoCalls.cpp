//===- PynamoCalls.cpp - PynamoDB model calls as DynamoDB requests --------===//
//
// A PynamoDB program reads and writes through its Model classes:
//
//   Order.query("c-1", Order.created.startswith("2024"),
//               filter_condition=Order.total > 100)     # Query
//   Order.by_status.query("open", limit=10)             # Query on an index
//   Order.scan(Order.status == "open")                  # Scan
//   Order.get("c-1", "o-7"); Order.count("c-1")         # GetItem, Query COUNT
//   order.save(); order.update(actions=[...]); order.delete(); order.refresh()
//   Order.batch_get(keys); with Order.batch_write() as b: ...
//
// Each call becomes the request PynamoDB sends, positioned at the method:
// the hash key value and the conditions (`==`, `<`, `between`, `startswith`,
// `contains`, `is_in`, `exists`, `does_not_exist`, `&`, `|`, `~`) become the
// key condition and filter expressions, with `#k`/`:k` placeholders mapped
// to the host code that wrote each part. The receiver is a model class
// (declared in the file, or imported), an instance of one (`Order(...)`,
// `Order.get(..)`, `self.model = Order()` in the class), or an index
// attribute of either. Which table, which key attributes and which DynamoDB
// name a Python attribute has (attr_name) are the model's, often declared
// in another file: each file also states the models it declares (a fact,
// Operation kPynamoModelFact), and resolvePynamoRequests (PynamoRequests.h)
// puts the names in once every file is read, dropping the calls whose
// receiver is no PynamoDB model of the run. Values are computed at run time
// and typed by the model: unknown AttributeValues. What this reader does not
// follow (PynamoDB 3's `attr__eq=` keyword filters, update actions, an item
// built elsewhere) is unknown, never a guess.
//
//===----------------------------------------------------------------------===//
#include "PynamoRequests.h"
#include "SdkCalls.h"

#include "Boto3Scopes.h"
#include "PyCallArgs.h"
#include "Rebuilt.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/ADT/StringSwitch.h"

#include <string>

namespace nosqlint::extract::sdk {

using namespace py;

namespace {

constexpr unsigned MaxDepth = 16;

/// A class of the file: its bases, its Meta and its attributes.
struct LocalClass {
  TSNode Node;
  TSNode NameNode;
  llvm::SmallVector<std::string, 2> Bases; // last component of each base
  std::optional<TSNode> TableName;         // Meta.table_name
  std::optional<TSNode> IndexName;         // Meta.index_name
  struct Attr {
    std::string Py;
    std::string Wire;
    bool WireKnown = true;
    bool Hash = false;
    bool Range = false;
    std::string Class; // the attribute's class (an Index class for indexes)
    TSNode At;
  };
  std::vector<Attr> Attrs;
};

using Args = CallArgs;

/// What a receiver is.
struct Receiver {
  enum Kind : uint8_t { None, Class, Instance, Index } K = None;
  std::string ClassName;
  std::optional<TSNode> IndexAttr; // Index: the attribute naming the index
};

class PynamoCallFinder {
public:
  explicit PynamoCallFinder(SdkContext &C)
      : C(C), J(C.Json), E(C.Eval), Names(C.Eval, C.Src) {}

  void run(TSNode Root);

private:
  // The file's classes and imports.
  void readClasses(TSNode Root);
  void readClass(TSNode Class);
  void readImports(TSNode Root);
  /// "Model" for a model class, "Index" for an index class, "" otherwise.
  llvm::StringRef roleOf(llvm::StringRef Class, unsigned Depth = 0) const;
  /// The attributes of a model class, its bases' first.
  void attributesOf(llvm::StringRef Class, std::vector<LocalClass::Attr> &Out,
                    unsigned Depth = 0) const;
  std::optional<TSNode> tableNameOf(llvm::StringRef Class,
                                    unsigned Depth = 0) const;
  void emitFact(llvm::StringRef Name, const LocalClass &Class);

  // Receivers.
  /// A model class \p N names: declared here, or imported (the resolver
  /// drops it if no file of the run declares it).
  std::optional<std::string> className(TSNode N) const;
  Receiver receiver(TSNode N, unsigned Depth);
  /// The class of the instance a bound value is.
  std::optional<std::string> instanceOf(TSNode Value, unsigned Depth);
  std::optional<std::string>
  instanceOfBindings(llvm::ArrayRef<const Binding *> Bs, unsigned Depth);

  // Requests.
  void call(TSNode Call, TSNode Method);
  Args arguments(TSNode Call) const;
  JsonValue standIn(TSNode N, llvm::StringRef Text) const;
  void emit(TSNode Call, TSNode Method, llvm::StringRef Op,
            const Receiver &R, JsonValue Params);

  // Conditions.
  /// An expression as pieces of text, each mapped to the host code that
  /// wrote it.
  struct Expression {
    struct Piece {
      std::string Text;
      uint32_t Begin, End;
    };
    std::vector<Piece> Pieces;
    bool empty() const { return Pieces.empty(); }
    void append(const Expression &O) {
      Pieces.insert(Pieces.end(), O.Pieces.begin(), O.Pieces.end());
    }
  };
  struct Placeholders {
    JsonValue Names;
    JsonValue Values;
    unsigned NextName = 0;
    unsigned NextValue = 0;
  };
  bool condition(TSNode N, llvm::StringRef Class, Expression &Out,
                 Placeholders &P, unsigned Depth);
  bool path(TSNode N, llvm::StringRef Class, Expression &Out, Placeholders &P);
  /// The attribute a condition PynamoDB accepts as a range key condition is
  /// on (a comparison but `!=`, `between`, `startswith` of one attribute).
  std::optional<std::string> rangeKeyAttribute(TSNode N) const;
  JsonValue text(TSNode At, const Expression &X) const;
  void value(TSNode V, Expression &Out, Placeholders &P);
  void piece(Expression &Out, llvm::StringRef Text, TSNode At) const;
  /// Builds \p N into a member \p Key of \p Params; an unknown expression
  /// when any part is not read.
  void expression(JsonValue &Params, llvm::StringRef Key, TSNode N,
                  llvm::StringRef Class, Placeholders &P);
  void finish(JsonValue &Params, Placeholders &P) const;
  /// `actions=[Model.a.set(..), Model.b.remove(), ...]`: the
  /// UpdateExpression PynamoDB writes (SET, REMOVE, ADD, DELETE clauses).
  bool updateActions(TSNode List, llvm::StringRef Class, Expression &Out,
                     Placeholders &P);
  /// The operand of a SET: a value, an attribute, `a + v`, `a - v`,
  /// `a | v` (if_not_exists), `a.append(v)`, `a.prepend(v)`.
  bool setOperand(TSNode N, llvm::StringRef Class, Expression &Out,
                  Placeholders &P);

  SdkContext &C;
  HostJson &J;
  Evaluator &E;
  Bindings Names;
  llvm::StringMap<LocalClass> Classes;
  llvm::StringSet<> Imported;
  bool ImportsPynamo = false;
  std::vector<std::pair<TSNode, TSNode>> Candidates;
};

//===----------------------------------------------------------------------===//
// The file's classes
//===----------------------------------------------------------------------===//

void PynamoCallFinder::readClasses(TSNode Root) {
  forEachNamedNode(Root, [&](TSNode N) {
    if (type(N) == "class_definition")
      readClass(N);
  });
}

void PynamoCallFinder::readClass(TSNode Class) {
  auto Name = childByField(Class, "name");
  auto Body = childByField(Class, "body");
  if (!Name || !Body)
    return;
  LocalClass L;
  L.Node = Class;
  L.NameNode = *Name;
  if (auto Supers = childByField(Class, "superclasses"))
    for (TSNode S : namedChildren(*Supers)) {
      if (type(S) == "keyword_argument")
        continue;
      llvm::StringRef T = E.text(S);
      L.Bases.push_back(T.substr(T.rfind('.') + 1).str());
    }
  for (TSNode Stmt : namedChildren(*Body)) {
    if (type(Stmt) == "class_definition") {
      auto Inner = childByField(Stmt, "name");
      auto InnerBody = childByField(Stmt, "body");
      if (!Inner || !InnerBody || E.text(*Inner) != "Meta")
        continue;
      for (TSNode M : namedChildren(*InnerBody)) {
        auto Kids = namedChildren(M);
        if (Kids.empty() || type(Kids[0]) != "assignment")
          continue;
        auto Left = childByField(Kids[0], "left");
        auto Right = childByField(Kids[0], "right");
        if (!Left || !Right)
          continue;
        if (E.text(*Left) == "table_name")
          L.TableName = *Right;
        else if (E.text(*Left) == "index_name")
          L.IndexName = *Right;
      }
      continue;
    }
    if (type(Stmt) != "expression_statement")
      continue;
    auto Kids = namedChildren(Stmt);
    if (Kids.empty() || type(Kids[0]) != "assignment")
      continue;
    auto Left = childByField(Kids[0], "left");
    auto Right = childByField(Kids[0], "right");
    if (!Left || !Right || type(*Left) != "identifier" ||
        type(*Right) != "call")
      continue;
    auto Fn = childByField(*Right, "function");
    if (!Fn)
      continue;
    LocalClass::Attr A;
    A.Py = E.text(*Left).str();
    A.Wire = A.Py;
    llvm::StringRef Cls = E.text(*Fn);
    A.Class = Cls.substr(Cls.rfind('.') + 1).str();
    A.At = *Right;
    Args G = arguments(*Right);
    for (const auto &[K, V] : G.Named) {
      if (K == "hash_key")
        A.Hash = E.text(V) == "True";
      else if (K == "range_key")
        A.Range = E.text(V) == "True";
      else if (K == "attr_name") {
        Rebuilt R;
        E.append(V, R);
        if (R.holes() == 0 && R.trust() == SnippetTrust::Full && !R.empty())
          A.Wire = R.text();
        else
          A.WireKnown = false;
      }
    }
    L.Attrs.push_back(std::move(A));
  }
  Classes[E.text(*Name)] = std::move(L);
}

void PynamoCallFinder::readImports(TSNode Root) {
  for (TSNode N : namedChildren(Root)) {
    if (type(N) != "import_from_statement")
      continue;
    auto Module = childByField(N, "module_name");
    if (Module && E.text(*Module).startswith("pynamodb"))
      ImportsPynamo = true;
    for (TSNode K : namedChildren(N)) {
      if (Module && ts_node_eq(K, *Module))
        continue;
      if (type(K) == "dotted_name")
        Imported.insert(E.text(K));
      else if (type(K) == "aliased_import")
        if (auto Alias = childByField(K, "alias"))
          Imported.insert(E.text(*Alias));
    }
  }
  if (C.Src.contains("import pynamodb"))
    ImportsPynamo = true;
}

llvm::StringRef PynamoCallFinder::roleOf(llvm::StringRef Class,
                                         unsigned Depth) const {
  auto It = Classes.find(Class);
  if (It == Classes.end() || Depth > MaxDepth)
    return "";
  for (const std::string &B : It->second.Bases) {
    if (B == Class)
      continue;
    if (Classes.count(B)) {
      if (llvm::StringRef R = roleOf(B, Depth + 1); !R.empty())
        return R;
      continue;
    }
    if (!ImportsPynamo)
      continue;
    if (B == "Model")
      return "Model";
    if (B == "GlobalSecondaryIndex" || B == "LocalSecondaryIndex")
      return "Index";
  }
  return "";
}

void PynamoCallFinder::attributesOf(llvm::StringRef Class,
                                    std::vector<LocalClass::Attr> &Out,
                                    unsigned Depth) const {
  auto It = Classes.find(Class);
  if (It == Classes.end() || Depth > MaxDepth)
    return;
  for (const std::string &B : It->second.Bases)
    if (B != Class)
      attributesOf(B, Out, Depth + 1);
  for (const LocalClass::Attr &A : It->second.Attrs) {
    llvm::erase_if(Out, [&](const LocalClass::Attr &O) { return O.Py == A.Py; });
    Out.push_back(A);
  }
}

std::optional<TSNode> PynamoCallFinder::tableNameOf(llvm::StringRef Class,
                                                    unsigned Depth) const {
  auto It = Classes.find(Class);
  if (It == Classes.end() || Depth > MaxDepth)
    return std::nullopt;
  if (It->second.TableName)
    return It->second.TableName;
  for (const std::string &B : It->second.Bases)
    if (B != Class)
      if (auto T = tableNameOf(B, Depth + 1))
        return T;
  return std::nullopt;
}

void PynamoCallFinder::emitFact(llvm::StringRef Name, const LocalClass &Class) {
  JsonValue Params = J.object(Class.Node);
  std::optional<TSNode> Table = tableNameOf(Name);
  HostJson::add(Params, "TableName",
                Table ? J.string(*Table) : J.unknown(Class.NameNode));
  std::vector<LocalClass::Attr> Attrs;
  attributesOf(Name, Attrs);
  JsonValue Map = J.object(Class.Node);
  JsonValue Indexes = J.object(Class.Node);
  auto Wire = [&](const LocalClass::Attr &A) {
    if (!A.WireKnown) {
      JsonValue V = J.unknown(A.At);
      V.K = JsonValue::Kind::String;
      return V;
    }
    return J.declared(A.At, A.Wire);
  };
  for (const LocalClass::Attr &A : Attrs) {
    if (A.Hash)
      HostJson::add(Params, "Hash", Wire(A));
    if (A.Range)
      HostJson::add(Params, "Range", Wire(A));
    if (roleOf(A.Class) == "Index") {
      const LocalClass &I = Classes.find(A.Class)->second;
      JsonValue Index = J.object(A.At);
      HostJson::add(Index, "IndexName",
                    I.IndexName ? J.string(*I.IndexName) : J.unknown(A.At));
      std::vector<LocalClass::Attr> Keys;
      attributesOf(A.Class, Keys);
      for (const LocalClass::Attr &K : Keys) {
        if (K.Hash)
          HostJson::add(Index, "Hash", Wire(K));
        if (K.Range)
          HostJson::add(Index, "Range", Wire(K));
      }
      HostJson::add(Indexes, A.Py, std::move(Index));
      continue;
    }
    if (!Classes.count(A.Class) && A.Class.find("Index") != std::string::npos) {
      // An index class of another module: an index whose keys are unknown.
      JsonValue Index = J.object(A.At);
      HostJson::add(Index, "IndexName", J.unknown(A.At));
      HostJson::add(Indexes, A.Py, std::move(Index));
      continue;
    }
    HostJson::add(Map, A.Py, Wire(A));
  }
  HostJson::add(Params, "Attributes", std::move(Map));
  HostJson::add(Params, "Indexes", std::move(Indexes));
  DynamoCall D = makeDynamoCall(J, kPynamoModelFact, "pynamodb",
                                std::move(Params), Class.Node, Class.NameNode);
  D.ModelClass = Name.str();
  C.Out.push_back(std::move(D));
}

//===----------------------------------------------------------------------===//
// Receivers
//===----------------------------------------------------------------------===//

std::optional<std::string> PynamoCallFinder::className(TSNode N) const {
  N = unparen(N);
  if (type(N) != "identifier")
    return std::nullopt;
  llvm::StringRef Name = E.text(N);
  if (Classes.count(Name))
    return roleOf(Name) == "Model" ? std::optional(Name.str()) : std::nullopt;
  // An imported class (by convention capitalized); a name the file binds
  // itself is not the import.
  if (Imported.count(Name) && !Name.empty() && Name[0] >= 'A' &&
      Name[0] <= 'Z' &&
      Names.of(N).empty())
    return Name.str();
  return std::nullopt;
}

std::optional<std::string>
PynamoCallFinder::instanceOfBindings(llvm::ArrayRef<const Binding *> Bs,
                                     unsigned Depth) {
  // Every binding whose value is known must agree; one at least must be.
  std::optional<std::string> Found;
  for (const Binding *B : Bs) {
    if (B->Annotation) {
      if (auto Cls = className(B->Value)) {
        if (Found && *Found != *Cls)
          return std::nullopt;
        Found = Cls;
      }
      continue;
    }
    if (B->Opaque)
      continue;
    std::optional<std::string> Cls = instanceOf(B->Value, Depth + 1);
    if (!Cls)
      continue;
    if (Found && *Found != *Cls)
      return std::nullopt;
    Found = Cls;
  }
  return Found;
}

std::optional<std::string> PynamoCallFinder::instanceOf(TSNode V,
                                                        unsigned Depth) {
  if (Depth > MaxDepth)
    return std::nullopt;
  V = unparen(V);
  if (type(V) == "identifier")
    return instanceOfBindings(Names.of(V), Depth);
  if (type(V) == "attribute") {
    auto O = childByField(V, "object");
    auto A = childByField(V, "attribute");
    if (O && A && type(*O) == "identifier" &&
        (E.text(*O) == "self" || E.text(*O) == "cls"))
      return instanceOfBindings(Names.ofSelf(V, E.text(*A)), Depth);
    return std::nullopt;
  }
  if (type(V) != "call")
    return std::nullopt;
  auto F = childByField(V, "function");
  if (!F)
    return std::nullopt;
  // Order(...): a new item.
  if (auto Cls = className(*F))
    return Cls;
  // Order.get(...): an item read (on the class or an instance).
  if (type(*F) == "attribute") {
    auto O = childByField(*F, "object");
    auto A = childByField(*F, "attribute");
    if (O && A && E.text(*A) == "get") {
      Receiver R = receiver(*O, Depth + 1);
      if (R.K == Receiver::Class || R.K == Receiver::Instance)
        return R.ClassName;
    }
  }
  return std::nullopt;
}

Receiver PynamoCallFinder::receiver(TSNode N, unsigned Depth) {
  Receiver R;
  if (Depth > MaxDepth)
    return R;
  N = unparen(N);
  if (auto Cls = className(N)) {
    R.K = Receiver::Class;
    R.ClassName = *Cls;
    return R;
  }
  if (type(N) == "attribute") {
    auto O = childByField(N, "object");
    auto A = childByField(N, "attribute");
    if (!O || !A)
      return R;
    TSNode Obj = unparen(*O);
    bool Self = type(Obj) == "identifier" &&
                (E.text(Obj) == "self" || E.text(Obj) == "cls");
    if (!Self) {
      // Order.by_status / order.by_status: an index attribute.
      Receiver Of = receiver(Obj, Depth + 1);
      if (Of.K == Receiver::Class || Of.K == Receiver::Instance) {
        R.K = Receiver::Index;
        R.ClassName = Of.ClassName;
        R.IndexAttr = *A;
      }
      return R;
    }
  }
  if (auto Cls = instanceOf(N, Depth + 1)) {
    R.K = Receiver::Instance;
    R.ClassName = *Cls;
  }
  return R;
}

//===----------------------------------------------------------------------===//
// Conditions
//===----------------------------------------------------------------------===//

void PynamoCallFinder::piece(Expression &Out, llvm::StringRef Text,
                             TSNode At) const {
  if (!Text.empty())
    Out.Pieces.push_back(
        {Text.str(), ts_node_start_byte(At), ts_node_end_byte(At)});
}

JsonValue PynamoCallFinder::text(TSNode At, const Expression &X) const {
  std::string Text;
  TextOrigin Origin(J.file());
  for (const Expression::Piece &P : X.Pieces) {
    Origin.addSegment(static_cast<uint32_t>(Text.size()),
                      static_cast<uint32_t>(P.Text.size()), P.Begin,
                      P.End - P.Begin);
    Text += P.Text;
  }
  return J.synthesized(At, std::move(Text), std::move(Origin));
}

std::optional<std::string>
PynamoCallFinder::rangeKeyAttribute(TSNode N) const {
  N = unparen(N);
  std::optional<TSNode> Path;
  if (type(N) == "comparison_operator") {
    auto Kids = namedChildren(N);
    if (Kids.size() != 2 || E.text(N).contains("!="))
      return std::nullopt;
    Path = Kids[0];
  } else if (type(N) == "call") {
    auto F = childByField(N, "function");
    if (!F || type(*F) != "attribute")
      return std::nullopt;
    auto M = childByField(*F, "attribute");
    if (!M || (E.text(*M) != "between" && E.text(*M) != "startswith"))
      return std::nullopt;
    Path = childByField(*F, "object");
  }
  if (!Path || type(unparen(*Path)) != "attribute")
    return std::nullopt;
  auto A = childByField(unparen(*Path), "attribute");
  return A ? std::optional(E.text(*A).str()) : std::nullopt;
}

JsonValue PynamoCallFinder::standIn(TSNode N, llvm::StringRef Text) const {
  JsonValue V = J.unknown(N);
  V.K = JsonValue::Kind::String;
  V.Str = Text.str();
  return V;
}

bool PynamoCallFinder::path(TSNode N, llvm::StringRef Class, Expression &Out,
                            Placeholders &P) {
  // Order.total: an attribute of the model queried (a document path inside
  // a map attribute is not read).
  N = unparen(N);
  if (type(N) != "attribute")
    return false;
  auto O = childByField(N, "object");
  auto A = childByField(N, "attribute");
  if (!O || !A || type(unparen(*O)) != "identifier" ||
      E.text(unparen(*O)) != Class)
    return false;
  std::string Placeholder = "#" + std::to_string(P.NextName++);
  piece(Out, Placeholder, N);
  HostJson::add(P.Names, Placeholder, standIn(N, "@py:" + E.text(*A).str()), N);
  return true;
}

void PynamoCallFinder::value(TSNode V, Expression &Out, Placeholders &P) {
  std::string Placeholder = ":" + std::to_string(P.NextValue++);
  piece(Out, Placeholder, V);
  // Serialized by the attribute's type at run time.
  HostJson::add(P.Values, Placeholder, J.unknown(V), V);
}

bool PynamoCallFinder::condition(TSNode N, llvm::StringRef Class,
                                 Expression &Out, Placeholders &P,
                                 unsigned Depth) {
  N = unparen(N);
  if (Depth > MaxDepth)
    return false;
  llvm::StringRef T = type(N);
  if (T == "identifier") {
    if (auto V = Names.follow(N))
      return condition(*V, Class, Out, P, Depth + 1);
    return false;
  }
  if (T == "binary_operator") {
    auto Op = childByField(N, "operator");
    auto L = childByField(N, "left");
    auto R = childByField(N, "right");
    if (!Op || !L || !R)
      return false;
    llvm::StringRef O = E.text(*Op);
    if (O != "&" && O != "|")
      return false;
    piece(Out, "(", N);
    if (!condition(*L, Class, Out, P, Depth + 1))
      return false;
    piece(Out, O == "&" ? " AND " : " OR ", *Op);
    if (!condition(*R, Class, Out, P, Depth + 1))
      return false;
    piece(Out, ")", N);
    return true;
  }
  if (T == "unary_operator") {
    auto Op = childByField(N, "operator");
    auto A = childByField(N, "argument");
    if (!Op || !A || E.text(*Op) != "~")
      return false;
    piece(Out, "(NOT ", *Op);
    if (!condition(*A, Class, Out, P, Depth + 1))
      return false;
    piece(Out, ")", N);
    return true;
  }
  if (T == "comparison_operator") {
    auto Kids = namedChildren(N);
    if (Kids.size() != 2)
      return false;
    // The operator: the anonymous child between the operands.
    std::optional<TSNode> OpNode;
    uint32_t Count = ts_node_child_count(N);
    for (uint32_t I = 0; I < Count; ++I) {
      TSNode K = ts_node_child(N, I);
      if (!ts_node_is_named(K))
        OpNode = K;
    }
    if (!OpNode)
      return false;
    const char *Op = llvm::StringSwitch<const char *>(E.text(*OpNode))
                         .Case("==", " = ")
                         .Case("!=", " <> ")
                         .Case("<", " < ")
                         .Case("<=", " <= ")
                         .Case(">", " > ")
                         .Case(">=", " >= ")
                         .Default(nullptr);
    if (!Op || !path(Kids[0], Class, Out, P))
      return false;
    piece(Out, Op, *OpNode);
    value(Kids[1], Out, P);
    return true;
  }
  TSNode Object, MethodNode;
  if (!methodCall(N, Object, MethodNode))
    return false;
  Args A = arguments(N);
  if (A.Splat || !A.Named.empty())
    return false;
  llvm::StringRef Method = E.text(MethodNode);
  auto ArgList = childByField(N, "arguments");
  size_t Want = llvm::StringSwitch<size_t>(Method)
                    .Case("between", 2)
                    .Cases("startswith", "contains", 1)
                    .Cases("exists", "does_not_exist", 0)
                    .Case("is_in", A.Positional.size())
                    .Default(99);
  if (Want == 99 || A.Positional.size() != Want || !ArgList ||
      (Method == "is_in" && Want == 0))
    return false;
  if (Method == "between") {
    if (!path(Object, Class, Out, P))
      return false;
    piece(Out, " BETWEEN ", MethodNode);
    value(A.Positional[0], Out, P);
    piece(Out, " AND ", MethodNode);
    value(A.Positional[1], Out, P);
    return true;
  }
  if (Method == "is_in") {
    if (!path(Object, Class, Out, P))
      return false;
    piece(Out, " IN (", MethodNode);
    for (size_t I = 0; I < A.Positional.size(); ++I) {
      if (I)
        piece(Out, ", ", MethodNode);
      value(A.Positional[I], Out, P);
    }
    piece(Out, ")", *ArgList);
    return true;
  }
  llvm::StringRef Fn = llvm::StringSwitch<llvm::StringRef>(Method)
                           .Case("startswith", "begins_with (")
                           .Case("contains", "contains (")
                           .Case("exists", "attribute_exists (")
                           .Default("attribute_not_exists (");
  piece(Out, Fn, MethodNode);
  if (!path(Object, Class, Out, P))
    return false;
  if (Want == 1) {
    piece(Out, ", ", MethodNode);
    value(A.Positional[0], Out, P);
  }
  piece(Out, ")", *ArgList);
  return true;
}

void PynamoCallFinder::expression(JsonValue &Params, llvm::StringRef Key,
                                  TSNode N, llvm::StringRef Class,
                                  Placeholders &P) {
  if (type(unparen(N)) == "none")
    return;
  Placeholders Saved{JsonValue(P.Names), JsonValue(P.Values), P.NextName,
                     P.NextValue};
  Expression Out;
  if (!condition(N, Class, Out, P, 0) || Out.empty()) {
    P = std::move(Saved);
    HostJson::add(Params, Key, standIn(N, ""));
    return;
  }
  HostJson::add(Params, Key, text(N, Out));
}

bool PynamoCallFinder::setOperand(TSNode N, llvm::StringRef Class,
                                  Expression &Out, Placeholders &P) {
  N = unparen(N);
  if (type(N) == "none")
    return false; // PynamoDB's handling of None: not modelled here
  // An attribute (path() writes nothing when N is none).
  if (path(N, Class, Out, P))
    return true;
  if (type(N) == "binary_operator") {
    auto Op = childByField(N, "operator");
    auto L = childByField(N, "left");
    auto R = childByField(N, "right");
    if (!Op || !L || !R)
      return false;
    llvm::StringRef O = E.text(*Op);
    if (O == "|") {
      piece(Out, "if_not_exists (", *Op);
      if (!path(*L, Class, Out, P))
        return false;
      piece(Out, ", ", *Op);
      value(*R, Out, P);
      piece(Out, ")", N);
      return true;
    }
    if (O != "+" && O != "-")
      return false;
    if (!path(*L, Class, Out, P))
      return false;
    piece(Out, O == "+" ? " + " : " - ", *Op);
    Expression Right;
    if (path(*R, Class, Right, P))
      Out.append(Right);
    else
      value(*R, Out, P);
    return true;
  }
  TSNode Object, Method;
  if (methodCall(N, Object, Method)) {
    llvm::StringRef M = E.text(Method);
    Args A = arguments(N);
    if (M != "append" && M != "prepend")
      return false;
    if (A.Splat || A.Positional.size() != 1 || !A.Named.empty())
      return false;
    piece(Out, "list_append (", Method);
    if (M == "prepend") {
      value(A.Positional[0], Out, P);
      piece(Out, ", ", Method);
    }
    if (!path(Object, Class, Out, P))
      return false;
    if (M == "append") {
      piece(Out, ", ", Method);
      value(A.Positional[0], Out, P);
    }
    piece(Out, ")", N);
    return true;
  }
  // A value: serialized by the attribute's type at run time.
  value(N, Out, P);
  return true;
}

bool PynamoCallFinder::updateActions(TSNode List, llvm::StringRef Class,
                                     Expression &Out, Placeholders &P) {
  List = unparen(List);
  if (type(List) != "list" && type(List) != "tuple")
    return false; // a list built elsewhere: its actions are not known
  // One expression per clause; PynamoDB writes them in this order.
  static const char *const Clauses[] = {"SET", "REMOVE", "ADD", "DELETE"};
  Expression Parts[4];
  for (TSNode Action : namedChildren(List)) {
    if (type(Action) == "comment")
      continue;
    TSNode Object, Method;
    if (!methodCall(unparen(Action), Object, Method))
      return false;
    llvm::StringRef M = E.text(Method);
    Args A = arguments(unparen(Action));
    if (A.Splat || !A.Named.empty())
      return false;
    size_t Clause = M == "set" ? 0 : M == "remove" ? 1 : M == "add" ? 2
                                 : M == "delete"   ? 3
                                                   : 4;
    if (Clause == 4 || A.Positional.size() != (Clause == 1 ? 0u : 1u))
      return false;
    Expression &X = Parts[Clause];
    piece(X, X.empty() ? (std::string(Clauses[Clause]) + " ") : ", ", Method);
    if (!path(Object, Class, X, P))
      return false;
    if (Clause == 1)
      continue;
    if (Clause == 0) {
      piece(X, " = ", Method);
      if (!setOperand(A.Positional[0], Class, X, P))
        return false;
    } else {
      piece(X, " ", Method);
      value(A.Positional[0], X, P);
    }
  }
  for (const Expression &X : Parts) {
    if (X.empty())
      continue;
    if (!Out.empty())
      Out.Pieces.push_back({" ", X.Pieces.front().Begin, X.Pieces.front().End});
    Out.append(X);
  }
  return !Out.empty();
}

void PynamoCallFinder::finish(JsonValue &Params, Placeholders &P) const {
  if (!P.Names.Members.empty())
    HostJson::add(Params, "ExpressionAttributeNames", std::move(P.Names));
  if (!P.Values.Members.empty())
    HostJson::add(Params, "ExpressionAttributeValues", std::move(P.Values));
}

//===----------------------------------------------------------------------===//
// Requests
//===----------------------------------------------------------------------===//

Args PynamoCallFinder::arguments(TSNode Call) const {
  return callArguments(E, Call);
}

void PynamoCallFinder::emit(TSNode Call, TSNode Method, llvm::StringRef Op,
                            const Receiver &R, JsonValue Params) {
  // Built field by field: through makeDynamoCall, GCC 12 warns falsely
  // (-Wrestrict) on the ModelClass copy.
  DynamoCall D;
  D.Operation = Op.str();
  D.Sdk = "pynamodb";
  D.ModelClass = R.ClassName;
  D.Params = std::make_unique<JsonValue>(std::move(Params));
  D.Range = J.range(Call);
  D.OperationRange = J.range(Method);
  C.Out.push_back(std::move(D));
}

void PynamoCallFinder::call(TSNode Call, TSNode MethodNode) {
  llvm::StringRef Method = E.text(MethodNode);
  auto F = childByField(Call, "function");
  auto Obj = F ? childByField(*F, "object") : std::nullopt;
  if (!Obj)
    return;
  bool Instance = Method == "save" || Method == "update" ||
                  Method == "delete" || Method == "refresh";
  bool Read = Method == "query" || Method == "scan" || Method == "count" ||
              Method == "get" || Method == "batch_get" ||
              Method == "batch_write";
  if (!Instance && !Read)
    return;
  Receiver R = receiver(*Obj, 0);
  if (R.K == Receiver::None)
    return;
  if (R.K == Receiver::Index &&
      Method != "query" && Method != "scan" && Method != "count")
    return;
  if (Instance && R.K != Receiver::Instance)
    return;
  Args A = arguments(Call);
  JsonValue Params = J.object(Call);
  // The model's table, put in by the resolver.
  HostJson::add(Params, "TableName", standIn(*Obj, ""));
  if (R.K == Receiver::Index)
    HostJson::add(Params, "IndexName",
                  standIn(*R.IndexAttr, "@index:" + E.text(*R.IndexAttr).str()),
                  *R.IndexAttr);
  if (A.Splat)
    Params.Unknown = true;
  Placeholders P{J.object(Call), J.object(Call)};
  // Keyword arguments this reader turns into parameters; any other (a
  // PynamoDB 3 `attr__op=` filter) leaves the request open.
  auto Known = [&](std::initializer_list<llvm::StringRef> Keys) {
    for (const auto &[K, V] : A.Named)
      if (llvm::find(Keys, K) == Keys.end())
        return false;
    return true;
  };
  auto Common = [&](bool Query) {
    if (auto V = A.get(99, "consistent_read"))
      HostJson::add(Params, "ConsistentRead", J.boolean(*V));
    std::optional<TSNode> Limit = A.get(99, "page_size");
    if (!Limit)
      Limit = A.get(99, "limit");
    if (Limit && type(unparen(*Limit)) != "none")
      HostJson::add(Params, "Limit", J.number(*Limit));
    if (auto V = A.get(99, "index_name"); V && R.K != Receiver::Index)
      HostJson::add(Params, "IndexName", J.string(*V));
    if (auto V = A.get(99, "attributes_to_get"))
      HostJson::add(Params, "ProjectionExpression", standIn(*V, ""));
    if (Query)
      if (auto V = A.get(99, "scan_index_forward"))
        HostJson::add(Params, "ScanIndexForward", J.boolean(*V));
  };
  if (Method == "query" || (Method == "count" && A.get(0, "hash_key"))) {
    std::optional<TSNode> Hash = A.get(0, "hash_key");
    if (!Hash)
      return;
    if (!Known({"hash_key", "range_key_condition", "filter_condition",
                "consistent_read", "index_name", "scan_index_forward",
                "limit", "last_evaluated_key", "attributes_to_get",
                "page_size", "rate_limit"})) {
      Params.Unknown = true;
      HostJson::add(Params, "FilterExpression", standIn(Call, ""));
    }
    Expression Key;
    std::string HashName = "#" + std::to_string(P.NextName++);
    piece(Key, HashName, MethodNode);
    HostJson::add(P.Names, HashName, standIn(MethodNode, "@hash"), MethodNode);
    piece(Key, " = ", MethodNode);
    value(*Hash, Key, P);
    std::optional<TSNode> Filter = A.get(2, "filter_condition");
    if (Filter && type(unparen(*Filter)) == "none")
      Filter.reset();
    std::optional<TSNode> Range = A.get(1, "range_key_condition");
    if (Range && type(unparen(*Range)) == "none")
      Range.reset();
    Expression RangeX;
    if (!Range) {
      HostJson::add(Params, "KeyConditionExpression", text(MethodNode, Key));
    } else if (!condition(*Range, R.ClassName, RangeX, P, 0)) {
      HostJson::add(Params, "KeyConditionExpression", standIn(Call, ""));
      if (!Filter)
        HostJson::add(Params, "FilterExpression", standIn(*Range, ""));
    } else {
      // PynamoDB sends a condition that is no range key condition of the
      // table or index queried as the filter (when there is none): which
      // one it is, the resolver knows.
      Expression Full = Key;
      piece(Full, " AND ", *Range);
      Full.append(RangeX);
      HostJson::add(Params, "KeyConditionExpression", text(MethodNode, Full));
      if (std::optional<std::string> Attr = rangeKeyAttribute(*Range))
        HostJson::add(Params, "@RangeAttribute", standIn(*Range, "@py:" + *Attr));
      HostJson::add(Params, "@KeyOnly", text(MethodNode, Key));
      if (!Filter)
        HostJson::add(Params, "@RangeAsFilter", text(*Range, RangeX));
    }
    if (Filter)
      expression(Params, "FilterExpression", *Filter, R.ClassName, P);
    Common(true);
    if (Method == "count")
      HostJson::add(Params, "Select", J.declared(MethodNode, "COUNT"));
    finish(Params, P);
    return emit(Call, MethodNode, "Query", R, std::move(Params));
  }
  if (Method == "count")
    return; // no hash key: the table's item count (DescribeTable)
  if (Method == "scan") {
    if (!Known({"filter_condition", "segment", "total_segments", "limit",
                "last_evaluated_key", "page_size", "consistent_read",
                "index_name", "rate_limit", "attributes_to_get"})) {
      Params.Unknown = true;
      HostJson::add(Params, "FilterExpression", standIn(Call, ""));
    }
    if (auto Filter = A.get(0, "filter_condition"))
      expression(Params, "FilterExpression", *Filter, R.ClassName, P);
    if (auto V = A.get(1, "segment"))
      HostJson::add(Params, "Segment", J.number(*V));
    if (auto V = A.get(2, "total_segments"))
      HostJson::add(Params, "TotalSegments", J.number(*V));
    Common(false);
    finish(Params, P);
    return emit(Call, MethodNode, "Scan", R, std::move(Params));
  }
  if (Method == "get" || Method == "refresh") {
    JsonValue Key = J.object(MethodNode);
    if (Method == "get") {
      std::optional<TSNode> Hash = A.get(0, "hash_key");
      if (!Hash)
        return;
      HostJson::add(Key, "@hash", J.unknown(*Hash), *Hash);
      if (auto Range = A.get(1, "range_key");
          Range && type(unparen(*Range)) != "none")
        HostJson::add(Key, "@range", J.unknown(*Range), *Range);
    } else {
      Key.Unknown = true; // the item's own key
    }
    HostJson::add(Params, "Key", std::move(Key));
    if (auto V = A.get(Method == "get" ? 2 : 0, "consistent_read"))
      HostJson::add(Params, "ConsistentRead", J.boolean(*V));
    if (auto V = A.get(99, "attributes_to_get"))
      HostJson::add(Params, "ProjectionExpression", standIn(*V, ""));
    return emit(Call, MethodNode, "GetItem", R, std::move(Params));
  }
  if (Method == "batch_get" || Method == "batch_write") {
    // Keys or items of the class's table, known at run time.
    Params.Members.clear();
    JsonValue Items = J.object(Call);
    Items.Unknown = true;
    HostJson::add(Params, "RequestItems", std::move(Items));
    Params.Unknown = true;
    return emit(Call, MethodNode,
                Method == "batch_get" ? "BatchGetItem" : "BatchWriteItem", R,
                std::move(Params));
  }
  // save, update, delete: the item's values and key, at run time.
  llvm::StringRef Op = Method == "save"     ? "PutItem"
                       : Method == "update" ? "UpdateItem"
                                            : "DeleteItem";
  JsonValue Item = J.object(Call);
  Item.Unknown = true;
  HostJson::add(Params, Method == "save" ? "Item" : "Key", std::move(Item));
  if (Method == "update") {
    Expression Update;
    std::optional<TSNode> Actions = A.get(0, "actions");
    Placeholders Saved{JsonValue(P.Names), JsonValue(P.Values), P.NextName,
                       P.NextValue};
    if (Actions && updateActions(*Actions, R.ClassName, Update, P)) {
      HostJson::add(Params, "UpdateExpression", text(MethodNode, Update));
    } else {
      P = std::move(Saved);
      HostJson::add(Params, "UpdateExpression", standIn(Call, ""));
    }
  }
  if (auto Cond = A.get(Method == "update" ? 1 : 0, "condition"))
    expression(Params, "ConditionExpression", *Cond, R.ClassName, P);
  finish(Params, P);
  emit(Call, MethodNode, Op, R, std::move(Params));
}

void PynamoCallFinder::run(TSNode Root) {
  readImports(Root);
  readClasses(Root);
  for (auto &KV : Classes)
    if (roleOf(KV.getKey()) == "Model")
      emitFact(KV.getKey(), KV.getValue());
  bool AnyModel = !Imported.empty() || ImportsPynamo;
  if (!AnyModel)
    return;
  Names.collect(Root, [this](TSNode Call, TSNode Method) {
    Candidates.push_back({Call, Method});
  });
  for (auto [Call, Method] : Candidates)
    call(Call, Method);
}

} // namespace

bool mayHoldPynamoCalls(llvm::StringRef Text) {
  static const char *const Calls[] = {".query(", ".scan(", ".get(", ".count(",
                                      ".batch_get(", ".batch_write("};
  auto Word = [](char C) {
    return (C >= 'a' && C <= 'z') || (C >= 'A' && C <= 'Z') ||
           (C >= '0' && C <= '9') || C == '_';
  };
  for (const char *Call : Calls) {
    llvm::StringRef Needle(Call);
    for (size_t At = Text.find(Needle); At != llvm::StringRef::npos;
         At = Text.find(Needle, At + 1)) {
      // The first name of the dotted receiver: `Order` in Order.by_x.query(.
      size_t B = At;
      while (B > 0 && (Word(Text[B - 1]) || Text[B - 1] == '.'))
        --B;
      if (B < At && Text[B] >= 'A' && Text[B] <= 'Z')
        return true;
    }
  }
  return false;
}

void findPynamoCalls(SdkContext &C, TSNode Root) {
  PynamoCallFinder(C).run(Root);
}

} // namespace nosqlint::extract::sdk
