//===- GoGuregu.cpp - guregu/dynamo chains as DynamoDB requests -----------===//
//
// github.com/guregu/dynamo builds each request as a chain on a table:
//
//   t := db.Table("orders")
//   t.Get("customer", id).Range("created", dynamo.BeginsWith, "2024").
//       Filter("'total' > ?", 100).Index("by-customer").All(&out)   // Query
//   t.Get("id", id).One(&o)           // GetItem (no index, filter, or range
//                                     // other than Equal)
//   t.Scan().Filter("'status' = ?", s).All(&out)                  // Scan
//   t.Put(o).If("attribute_not_exists('id')").Run()               // PutItem
//   t.Update("id", id).Set("n", 1).Run(); t.Delete("id", id).Run()
//   t.Batch("id").Write().Delete(keys...).Run()                   // batch
//
// Each becomes the request the library sends, positioned at the method
// naming the operation (Get, Scan, Put, Update, Delete, Batch). Its
// expressions are dynamo-flavoured (`'name'` for a quoted name, `$` for a
// name argument, `?` for a value argument), substituted here as the library
// does (names to `#s..` placeholders, values to `:v..`); the key of a Get
// becomes the equivalent KeyConditionExpression. The receiver is a table:
// `X.Table(name)` in a file that imports the library, a variable bound once
// to one, or a value declared `dynamo.Table`. A chain that continues
// through a variable or into a function (`scanner := t.Scan()`), a
// modifier this reader does not know and update actions are unknown.
//
// A package often keeps the library's DB in a struct field declared in one
// file (`type provider struct{ db *dynamo.DB }`) and calls it from files
// that do not import the library (`func (p *provider) f() {
// p.db.Table(name).Scan()... }`). Such a file's `X.f.Table(..)` chains,
// X a receiver or parameter of a named type T, are read as requests marked
// with the field ("T.f", DynamoCall::ModelClass), and each file that
// imports the library states the fields of type DB its structs declare
// (facts kGureguFieldFact); resolveGureguRequests keeps a marked request
// only when a file of its folder (its Go package) declares that field.
//
//===----------------------------------------------------------------------===//
#include "GoExpression.h"
#include "GureguRequests.h"
#include "SdkCalls.h"

#include "GoBindings.h"
#include "SyntaxTree.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/ADT/StringSwitch.h"

namespace nosqlint::extract::sdk {

namespace {

constexpr unsigned MaxDepth = 16;

llvm::StringRef type(TSNode N) { return ts_node_type(N); }

TSNode unwrap(TSNode N) {
  for (unsigned I = 0; I < 8; ++I) {
    llvm::StringRef T = type(N);
    if ((T == "parenthesized_expression" || T == "literal_element") &&
        ts_node_named_child_count(N) == 1) {
      N = ts_node_named_child(N, 0);
      continue;
    }
    if (T == "unary_expression")
      if (auto Op = childByField(N, "operand")) {
        N = *Op;
        continue;
      }
    break;
  }
  return N;
}

/// The update actions of the library's Update, and the clause each writes.
llvm::StringRef updateClause(llvm::StringRef M) {
  return llvm::StringSwitch<llvm::StringRef>(M)
      .Cases("Set", "SetNullable", "SetSet", "SetExpr", "SET")
      .Cases("SetIfNotExists", "Append", "Prepend", "SET")
      .Cases("Add", "AddStringsToSet", "AddIntsToSet", "AddFloatsToSet", "ADD")
      .Cases("DeleteFromSet", "DeleteStringsFromSet", "DeleteIntsFromSet",
             "DeleteFloatsFromSet", "DELETE")
      .Cases("Remove", "RemoveExpr", "REMOVE")
      .Default("");
}

/// One call of a chain: the method, its name node, its arguments.
struct Link {
  llvm::StringRef Method;
  TSNode Call;
  TSNode Name;
  llvm::SmallVector<TSNode, 3> Args;
  bool Variadic = false; // f(xs...)
};

class GureguReader {
public:
  explicit GureguReader(SdkContext &C)
      : C(C), J(C.Json), Src(C.Src), Values(C.Src) {}

  bool readImports(TSNode Root);
  void run(TSNode Root);
  /// The facts: the fields of type DB of the file's structs.
  void fieldFacts(TSNode Root);
  /// Reads, in a file that does not import the library, only the chains
  /// on `X.f.Table(..)` (X of a named type): marked with their field.
  void setFieldsOnly() { FieldsOnly = true; }

private:
  llvm::StringRef text(TSNode N) const {
    return Src.slice(ts_node_start_byte(N), ts_node_end_byte(N));
  }
  /// `recv.M(args)`: the link, and the receiver.
  std::optional<std::pair<Link, TSNode>> link(TSNode Call) const;
  /// The table expression \p N is, with the node naming the table (none
  /// when unknown); false when \p N is no table.
  bool table(TSNode N, std::optional<TSNode> &Name, unsigned Depth);
  /// The calls chained on \p Start, inner to outer.
  llvm::SmallVector<Link, 8> chainAfter(TSNode Start) const;
  /// A dynamo-flavoured expression with its arguments, substituted.
  bool expression(const Link &L, size_t First, std::string &Text,
                  TextOrigin &Origin, JsonValue &Names, JsonValue &Values);
  /// A document path argument (`a.b[0]`), each name a `#s` placeholder.
  bool path(TSNode Arg, std::string &Text, TextOrigin &Origin,
            JsonValue &Names);
  /// The UpdateExpression the library writes from \p Updates: SET, ADD,
  /// DELETE and REMOVE clauses, each in call order.
  bool updateExpression(llvm::ArrayRef<const Link *> Updates, std::string &Text,
                        TextOrigin &Origin, JsonValue &Names,
                        JsonValue &Values);
  void emit(TSNode Call, TSNode Name, llvm::StringRef Op, JsonValue Params);
  void operation(const Link &Op, std::optional<TSNode> TableName);

  SdkContext &C;
  HostJson &J;
  llvm::StringRef Src;
  llvm::StringRef Pkg; // the library's package name in the file
  GoUniqueValues Values;
  unsigned NextName = 0, NextValue = 0;
  bool FieldsOnly = false;
  std::string Field; // the field the last table() went through ("T.f")
  /// `X.f` with X a receiver or parameter declared of type T or *T: "T.f".
  std::optional<std::string> typedField(TSNode Sel) const;
};

bool GureguReader::readImports(TSNode Root) {
  forEachNamedNode(Root, [&](TSNode N) {
    if (type(N) != "import_spec")
      return;
    auto Path = childByField(N, "path");
    if (!Path)
      return;
    llvm::StringRef P = text(*Path).trim("\"`");
    if (P != "github.com/guregu/dynamo" && P != "github.com/guregu/dynamo/v2")
      return;
    Pkg = "dynamo";
    if (auto Alias = childByField(N, "name"))
      Pkg = text(*Alias);
  });
  return !Pkg.empty() && Pkg != "_" && Pkg != ".";
}

std::optional<std::pair<Link, TSNode>> GureguReader::link(TSNode Call) const {
  Call = unwrap(Call);
  if (type(Call) != "call_expression")
    return std::nullopt;
  auto Fn = childByField(Call, "function");
  auto Args = childByField(Call, "arguments");
  if (!Fn || !Args || type(*Fn) != "selector_expression")
    return std::nullopt;
  auto Recv = childByField(*Fn, "operand");
  auto Field = childByField(*Fn, "field");
  if (!Recv || !Field)
    return std::nullopt;
  Link L{text(*Field), Call, *Field, {}, false};
  for (TSNode A : namedChildren(*Args)) {
    if (type(A) == "comment")
      continue;
    if (type(A) == "variadic_argument") {
      L.Variadic = true;
      continue;
    }
    L.Args.push_back(A);
  }
  return std::make_pair(std::move(L), *Recv);
}

bool GureguReader::table(TSNode N, std::optional<TSNode> &Name,
                         unsigned Depth) {
  N = unwrap(N);
  if (Depth > MaxDepth)
    return false;
  if (auto L = link(N)) {
    // db.Table("orders"): in a file that imports the library.
    if (L->first.Method != "Table" || L->first.Args.size() != 1)
      return false;
    if (FieldsOnly) {
      // p.db.Table(..): a table when the package declares p's field db.
      std::optional<std::string> F = typedField(unwrap(L->second));
      if (!F)
        return false;
      Field = std::move(*F);
    }
    Name = L->first.Args[0];
    return true;
  }
  if (FieldsOnly) {
    if (type(N) != "identifier")
      return false;
    auto V = Values.of(N);
    return V && table(*V, Name, Depth + 1);
  }
  if (type(N) == "identifier") {
    if (auto V = Values.of(N)) {
      if (table(*V, Name, Depth + 1))
        return true;
    }
    // A parameter, field or variable declared dynamo.Table.
    GoBinding B = goLookup(Src, text(N), N);
    if (B.Declaration) {
      llvm::StringRef D = text(*B.Declaration);
      std::string Ty = Pkg.str() + ".Table";
      if (D.contains(Ty) && !D.contains(Ty + "s") && !B.Value) {
        Name.reset();
        return true;
      }
    }
  }
  return false;
}

std::optional<std::string> GureguReader::typedField(TSNode Sel) const {
  if (type(Sel) != "selector_expression")
    return std::nullopt;
  auto X = childByField(Sel, "operand");
  auto F = childByField(Sel, "field");
  if (!X || !F || type(*X) != "identifier")
    return std::nullopt;
  GoBinding B = goLookup(Src, text(*X), *X);
  if (!B.Declaration || B.Value ||
      type(*B.Declaration) != "parameter_declaration")
    return std::nullopt;
  auto Ty = childByField(*B.Declaration, "type");
  if (!Ty)
    return std::nullopt;
  TSNode T = *Ty;
  if (type(T) == "pointer_type" && ts_node_named_child_count(T) == 1)
    T = ts_node_named_child(T, 0);
  if (type(T) != "type_identifier")
    return std::nullopt; // another package's type, a generic, a map ...
  std::string Key = text(T).str();
  Key += '.';
  Key += text(*F).str();
  return Key;
}

void GureguReader::fieldFacts(TSNode Root) {
  std::string DB = Pkg.str() + ".DB";
  forEachNamedNode(Root, [&](TSNode N) {
    if (type(N) != "type_spec")
      return;
    auto Name = childByField(N, "name");
    auto Ty = childByField(N, "type");
    if (!Name || !Ty || type(*Ty) != "struct_type")
      return;
    for (TSNode List : namedChildren(*Ty)) {
      if (type(List) != "field_declaration_list")
        continue;
      for (TSNode F : namedChildren(List)) {
        if (type(F) != "field_declaration")
          continue;
        auto FT = childByField(F, "type");
        if (!FT)
          continue;
        TSNode T = *FT;
        if (type(T) == "pointer_type" && ts_node_named_child_count(T) == 1)
          T = ts_node_named_child(T, 0);
        if (text(T) != DB)
          continue;
        for (TSNode Id : namedChildren(F)) {
          if (type(Id) != "field_identifier")
            continue;
          DynamoCall D = makeDynamoCall(J, kGureguFieldFact, "guregu-dynamo",
                                        J.object(Id), Id, Id);
          D.ModelClass = text(*Name).str();
          D.ModelClass += '.';
          D.ModelClass += text(Id).str();
          C.Out.push_back(std::move(D));
        }
      }
    }
  });
}

llvm::SmallVector<Link, 8> GureguReader::chainAfter(TSNode Start) const {
  llvm::SmallVector<Link, 8> Out;
  TSNode N = Start;
  for (unsigned I = 0; I < 32; ++I) {
    TSNode Sel = ts_node_parent(N);
    if (ts_node_is_null(Sel) || type(Sel) != "selector_expression")
      break;
    TSNode Call = ts_node_parent(Sel);
    if (ts_node_is_null(Call) || type(Call) != "call_expression")
      break;
    auto L = link(Call);
    if (!L)
      break;
    Out.push_back(std::move(L->first));
    N = Call;
  }
  return Out;
}

bool GureguReader::expression(const Link &L, size_t First, std::string &Text,
                              TextOrigin &Origin, JsonValue &Names,
                              JsonValue &Values) {
  if (L.Args.size() <= First || L.Variadic)
    return false;
  JsonValue Expr = J.string(L.Args[First]);
  if (Expr.Unknown || !Expr.isString() || !Expr.Origin)
    return false;
  llvm::StringRef S = Expr.Str;
  size_t Arg = First + 1;
  auto Piece = [&](llvm::StringRef T, size_t From, size_t To) {
    SourceRange R = Expr.Origin->toFileRange(static_cast<uint32_t>(From),
                                             static_cast<uint32_t>(To));
    Origin.addSegment(static_cast<uint32_t>(Text.size()),
                      static_cast<uint32_t>(T.size()), R.Begin,
                      R.End - R.Begin);
    Text += T.str();
  };
  auto Name = [&](llvm::StringRef N, TSNode At, size_t From, size_t To) {
    std::string P = "#s" + std::to_string(NextName++);
    Piece(P, From, To);
    HostJson::add(Names, P, J.declared(At, N), At);
  };
  size_t I = 0;
  while (I < S.size()) {
    char Ch = S[I];
    if (Ch == '\'') {
      size_t Close = S.find('\'', I + 1);
      if (Close == llvm::StringRef::npos)
        return false;
      std::string P = "#s" + std::to_string(NextName++);
      Piece(P, I, Close + 1);
      SourceRange R = Expr.Origin->toFileRange(static_cast<uint32_t>(I + 1),
                                               static_cast<uint32_t>(Close));
      TextOrigin NameOrigin(J.file());
      NameOrigin.addSegment(0, static_cast<uint32_t>(Close - I - 1), R.Begin,
                            R.End - R.Begin);
      HostJson::add(Names, P,
                    J.synthesized(L.Args[First], S.slice(I + 1, Close).str(),
                                  std::move(NameOrigin)),
                    L.Args[First]);
      I = Close + 1;
      continue;
    }
    if (Ch == '?' || Ch == '$') {
      if (Arg >= L.Args.size())
        return false; // the library fails: arguments missing
      TSNode A = L.Args[Arg++];
      if (Ch == '?') {
        std::string P = ":v" + std::to_string(NextValue++);
        Piece(P, I, I + 1);
        HostJson::add(Values, P, J.unknown(A), A);
      } else {
        JsonValue N = J.string(A);
        if (N.Unknown || !N.isString())
          return false; // a name, or an expression literal, at run time
        Name(N.Str, A, I, I + 1);
      }
      ++I;
      continue;
    }
    size_t End = S.find_first_of("'?$", I);
    if (End == llvm::StringRef::npos)
      End = S.size();
    Piece(S.slice(I, End), I, End);
    I = End;
  }
  return Arg == L.Args.size();
}

bool GureguReader::path(TSNode Arg, std::string &Text, TextOrigin &Origin,
                        JsonValue &Names) {
  JsonValue P = J.string(Arg);
  if (P.Unknown || !P.isString() || !P.Origin || P.Str.empty())
    return false;
  llvm::StringRef S = P.Str;
  // Quoted parts ('User'.'Count') and placeholders: not read here.
  if (S.find_first_of("'$? ") != llvm::StringRef::npos)
    return false;
  auto Piece = [&](llvm::StringRef T, size_t From, size_t To) {
    SourceRange R = P.Origin->toFileRange(static_cast<uint32_t>(From),
                                          static_cast<uint32_t>(To));
    Origin.addSegment(static_cast<uint32_t>(Text.size()),
                      static_cast<uint32_t>(T.size()), R.Begin,
                      R.End - R.Begin);
    Text += T.str();
  };
  size_t I = 0;
  while (I < S.size()) {
    char Ch = S[I];
    if (Ch == '[') {
      size_t Close = S.find(']', I);
      if (Close == llvm::StringRef::npos ||
          !llvm::all_of(S.slice(I + 1, Close),
                        [](char D) { return D >= '0' && D <= '9'; }) ||
          Close == I + 1)
        return false;
      Piece(S.slice(I, Close + 1), I, Close + 1);
      I = Close + 1;
      continue;
    }
    if (Ch == '.') {
      if (I == 0 || I + 1 == S.size() || S[I + 1] == '.' || S[I + 1] == '[')
        return false;
      Piece(".", I, I + 1);
      ++I;
      continue;
    }
    if (Ch == ']')
      return false;
    size_t End = S.find_first_of(".[]", I);
    if (End == llvm::StringRef::npos)
      End = S.size();
    std::string Name = "#s" + std::to_string(NextName++);
    Piece(Name, I, End);
    SourceRange R = P.Origin->toFileRange(static_cast<uint32_t>(I),
                                          static_cast<uint32_t>(End));
    TextOrigin NameOrigin(J.file());
    NameOrigin.addSegment(0, static_cast<uint32_t>(End - I), R.Begin,
                          R.End - R.Begin);
    HostJson::add(Names, Name,
                  J.synthesized(Arg, S.slice(I, End).str(),
                                std::move(NameOrigin)),
                  Arg);
    I = End;
  }
  return true;
}

bool GureguReader::updateExpression(llvm::ArrayRef<const Link *> Updates,
                                    std::string &Text, TextOrigin &Origin,
                                    JsonValue &Names, JsonValue &Values) {
  auto Piece = [&](llvm::StringRef T, TSNode At) {
    Origin.addSegment(static_cast<uint32_t>(Text.size()),
                      static_cast<uint32_t>(T.size()), ts_node_start_byte(At),
                      ts_node_end_byte(At) - ts_node_start_byte(At));
    Text += T.str();
  };
  auto Value = [&](TSNode A) {
    std::string P = ":v" + std::to_string(NextValue++);
    Piece(P, A);
    HostJson::add(Values, P, J.unknown(A), A);
  };
  // A path named by two actions: guregu keeps one of two ADDs, DELETEs or
  // REMOVEs of it (a map), and Set of an empty value removes instead.
  llvm::StringSet<> Paths;
  for (const Link *L : Updates) {
    llvm::StringRef M = L->Method;
    if (L->Variadic || L->Args.empty())
      return false;
    if (M == "SetExpr" || M == "RemoveExpr")
      continue;
    size_t Count = M == "Remove" ? L->Args.size() : 1;
    for (size_t I = 0; I < Count; ++I) {
      JsonValue P = J.string(L->Args[I]);
      if (P.Unknown || !P.isString() ||
          !Paths.insert(llvm::StringRef(P.Str).split('.').first.split('[').first)
               .second)
        return false;
    }
  }
  // Set of a value the library omits (nil, "") is a REMOVE: known only for
  // a literal.
  auto Omitted = [&](TSNode V) {
    llvm::StringRef T = type(unwrap(V));
    llvm::StringRef W = text(unwrap(V));
    return T == "nil" || W == "\"\"" || W == "``";
  };
  auto ClauseOf = [&](const Link *L) -> llvm::StringRef {
    if (L->Method == "Set" && L->Args.size() == 2 && Omitted(L->Args[1]))
      return "REMOVE";
    if (L->Method == "SetSet" && L->Args.size() == 2 && Omitted(L->Args[1]))
      return "REMOVE";
    return updateClause(L->Method);
  };
  for (llvm::StringRef Clause : {"SET", "ADD", "DELETE", "REMOVE"}) {
    bool First = true;
    for (const Link *L : Updates) {
      if (ClauseOf(L) != Clause)
        continue;
      llvm::StringRef M = L->Method;
      size_t Want = M == "Remove"                        ? L->Args.size()
                    : M == "SetExpr" || M == "RemoveExpr" ? L->Args.size()
                                                          : 2;
      if (L->Args.size() != Want)
        return false;
      bool Removed = Clause == "REMOVE" && M != "Remove" && M != "RemoveExpr";
      size_t Items = M == "Remove" ? L->Args.size() : 1;
      for (size_t I = 0; I < Items; ++I) {
        if (First) {
          if (!Text.empty())
            Piece(" ", L->Name);
          Piece(Clause.str() + " ", L->Name);
          First = false;
        } else {
          Piece(", ", L->Name);
        }
        if (M == "SetExpr" || M == "RemoveExpr") {
          if (!expression(*L, 0, Text, Origin, Names, Values))
            return false;
          continue;
        }
        if (!path(L->Args[M == "Remove" ? I : 0], Text, Origin, Names))
          return false;
        if (M == "Remove" || Removed)
          continue;
        TSNode V = L->Args[1];
        if (Clause == "ADD" || Clause == "DELETE") {
          Piece(" ", L->Name);
          Value(V);
        } else if (M == "SetIfNotExists" || M == "Append" || M == "Prepend") {
          // P = if_not_exists(P, :v), list_append(P, :v), list_append(:v, P)
          Piece(M == "SetIfNotExists" ? " = if_not_exists(" : " = list_append(",
                L->Name);
          if (M == "Prepend") {
            Value(V);
            Piece(", ", L->Name);
          }
          if (!path(L->Args[0], Text, Origin, Names))
            return false;
          if (M != "Prepend") {
            Piece(", ", L->Name);
            Value(V);
          }
          Piece(")", L->Name);
        } else {
          Piece(" = ", L->Name);
          Value(V);
        }
      }
    }
  }
  return !Text.empty();
}

void GureguReader::emit(TSNode Call, TSNode Name, llvm::StringRef Op,
                        JsonValue Params) {
  DynamoCall D =
      makeDynamoCall(J, Op, "guregu-dynamo", std::move(Params), Call, Name);
  D.ModelClass = Field;
  C.Out.push_back(std::move(D));
}

void GureguReader::operation(const Link &Op, std::optional<TSNode> TableName) {
  NextName = NextValue = 0;
  JsonValue Params = J.object(Op.Call);
  HostJson::add(Params, "TableName",
                TableName ? J.string(*TableName) : J.unknown(Op.Name));
  if (Params.Members.back().Value.K == JsonValue::Kind::Null)
    Params.Members.back().Value.K = JsonValue::Kind::String;
  JsonValue Names = J.object(Op.Call), Values = J.object(Op.Call);
  llvm::SmallVector<Link, 8> Chain = chainAfter(Op.Call);
  if (Op.Variadic)
    Params.Unknown = true;
  // The expressions, as pieces of one text each.
  struct Expr {
    std::string Text;
    TextOrigin Origin;
    bool Known = true;
    TSNode At;
  };
  std::vector<const Link *> Filters;
  std::optional<Expr> Condition;
  auto Read = [&](const Link &L, size_t First) {
    Expr X{"", TextOrigin(J.file()), true, L.Args.empty() ? L.Call : L.Args[0]};
    X.Known = expression(L, First, X.Text, X.Origin, Names, Values);
    return X;
  };
  llvm::StringRef Terminal;
  std::optional<TSNode> Index;
  std::optional<Link> Range;
  const Link *Limit = nullptr, *SearchLimit = nullptr;
  std::vector<const Link *> Updates;
  bool Unread = false;
  for (const Link &L : Chain) {
    llvm::StringRef M = L.Method;
    if (M.endswith("WithContext") && M != "WithContext")
      M = M.drop_back(11);
    else if (M.endswith("Context") && M.startswith("AllWithLastEvaluatedKey"))
      M = "AllWithLastEvaluatedKey";
    if (M == "One" || M == "All" || M == "Count" || M == "Iter" ||
        M == "Run" || M == "Value" || M == "OldValue" ||
        M == "AllWithLastEvaluatedKey" || M == "AllParallel" ||
        M == "IterParallel" || M == "CurrentValue" || M == "OneValue") {
      Terminal = M;
      break;
    }
    if (M == "Filter")
      Filters.push_back(&L);
    else if (M == "If")
      Condition = Read(L, 0);
    else if (M == "Index" && L.Args.size() == 1)
      Index = L.Args[0];
    else if (M == "Range")
      Range = L;
    else if (M == "Consistent" && L.Args.size() == 1) {
      JsonValue B = J.boolean(L.Args[0]);
      HostJson::add(Params, "ConsistentRead", std::move(B), L.Name);
    } else if (M == "Limit" && L.Args.size() == 1)
      Limit = &L;
    else if (M == "SearchLimit" && L.Args.size() == 1)
      SearchLimit = &L;
    else if (M == "Segment" && L.Args.size() == 2) {
      HostJson::add(Params, "Segment", J.number(L.Args[0]), L.Name);
      HostJson::add(Params, "TotalSegments", J.number(L.Args[1]), L.Name);
    } else if (M == "StartFrom" || M == "ConsumedCapacity" || M == "Project" ||
               M == "ProjectExpr" || M == "Order" || M == "IncludeAllItemsInMetrics")
      Unread |= M == "Project" || M == "ProjectExpr";
    else if (!updateClause(M).empty())
      Updates.push_back(&L);
    else {
      Params.Unknown = true; // a modifier this reader does not know
      Unread = true;
    }
  }
  // The request's Limit: SearchLimit's, else Limit's when there is no
  // filter (with one, the library pages until it has that many results).
  if (const Link *L = SearchLimit ? SearchLimit
                      : Filters.empty() ? Limit
                                        : nullptr)
    HostJson::add(Params, "Limit", J.number(L->Args[0]), L->Name);
  // No call that sends it in the chain: it is sent later, with what the
  // program adds then.
  if (Terminal.empty())
    Params.Unknown = true;
  auto SetExpr = [&](llvm::StringRef Key, const Expr &X) {
    if (X.Known)
      HostJson::add(Params, Key, J.synthesized(X.At, X.Text, X.Origin));
    else {
      JsonValue U = J.unknown(X.At);
      U.K = JsonValue::Kind::String;
      HostJson::add(Params, Key, std::move(U));
      Names.Unknown = Values.Unknown = true; // its placeholders unknown
    }
  };
  auto Filter = [&]() {
    if (Filters.empty())
      return;
    // Filter() more than once: joined with AND.
    Expr All{"", TextOrigin(J.file()), true,
             Filters[0]->Args.empty() ? Filters[0]->Call : Filters[0]->Args[0]};
    for (size_t I = 0; I < Filters.size() && All.Known; ++I) {
      if (I) {
        All.Origin.addSegment(static_cast<uint32_t>(All.Text.size()), 5,
                              ts_node_start_byte(Filters[I]->Name),
                              ts_node_end_byte(Filters[I]->Name) -
                                  ts_node_start_byte(Filters[I]->Name));
        All.Text += " AND ";
      }
      All.Known = expression(*Filters[I], 0, All.Text, All.Origin, Names, Values);
    }
    SetExpr("FilterExpression", All);
  };
  auto Finish = [&]() {
    if (!Names.Members.empty() || Names.Unknown)
      HostJson::add(Params, "ExpressionAttributeNames", std::move(Names));
    if (!Values.Members.empty() || Values.Unknown)
      HostJson::add(Params, "ExpressionAttributeValues", std::move(Values));
  };
  if (Op.Method == "Scan") {
    if (Index)
      HostJson::add(Params, "IndexName", J.string(*Index));
    Filter();
    if (Unread)
      HostJson::add(Params, "ProjectionExpression", J.unknown(Op.Name));
    Finish();
    if (Terminal == "Count")
      HostJson::add(Params, "Select", J.declared(Op.Name, "COUNT"));
    return emit(Op.Call, Op.Name, "Scan", std::move(Params));
  }
  if (Op.Method == "Get") {
    if (Op.Args.size() != 2)
      return;
    JsonValue HashName = J.string(Op.Args[0]);
    llvm::StringRef RangeOp;
    bool RangeKnown = true;
    if (Range) {
      if (Range->Args.size() < 2 || Range->Variadic) {
        RangeKnown = false;
      } else {
        llvm::StringRef O = text(Range->Args[1]);
        O.consume_front(Pkg);
        O.consume_front(".");
        RangeOp = O;
      }
    }
    bool GetItem = Terminal == "One" && !Index && Filters.empty() &&
                   (!Range || (RangeKnown && RangeOp == "Equal"));
    if (GetItem) {
      JsonValue Key = J.object(Op.Call);
      if (HashName.Unknown || !HashName.isString()) {
        Key.Unknown = true;
      } else {
        HostJson::add(Key, HashName.Str, J.unknown(Op.Args[1]), Op.Args[0]);
        if (Range && Range->Args.size() == 3) {
          JsonValue RN = J.string(Range->Args[0]);
          if (RN.Unknown || !RN.isString())
            Key.Unknown = true;
          else
            HostJson::add(Key, RN.Str, J.unknown(Range->Args[2]),
                          Range->Args[0]);
        } else if (Range) {
          Key.Unknown = true;
        }
      }
      HostJson::add(Params, "Key", std::move(Key));
      if (Unread)
        HostJson::add(Params, "ProjectionExpression", J.unknown(Op.Name));
      Finish();
      return emit(Op.Call, Op.Name, "GetItem", std::move(Params));
    }
    // The key condition the library's KeyConditions say.
    std::string Text;
    TextOrigin Origin(J.file());
    auto Piece = [&](llvm::StringRef T, TSNode At) {
      Origin.addSegment(static_cast<uint32_t>(Text.size()),
                        static_cast<uint32_t>(T.size()), ts_node_start_byte(At),
                        ts_node_end_byte(At) - ts_node_start_byte(At));
      Text += T.str();
    };
    auto KeyName = [&](TSNode N) {
      JsonValue V = J.string(N);
      std::string P = "#k" + std::to_string(NextName++);
      Piece(P, N);
      HostJson::add(Names, P, std::move(V), N);
    };
    auto KeyValue = [&](TSNode N) {
      std::string P = ":k" + std::to_string(NextValue++);
      Piece(P, N);
      HostJson::add(Values, P, J.unknown(N), N);
    };
    KeyName(Op.Args[0]);
    Piece(" = ", Op.Name);
    KeyValue(Op.Args[1]);
    bool KeyKnown = RangeKnown;
    if (Range && RangeKnown) {
      const char *Cmp = llvm::StringSwitch<const char *>(RangeOp)
                            .Case("Equal", " = ")
                            .Case("Less", " < ")
                            .Case("LessOrEqual", " <= ")
                            .Case("Greater", " > ")
                            .Case("GreaterOrEqual", " >= ")
                            .Default(nullptr);
      size_t Vals = Range->Args.size() - 2;
      Piece(" AND ", Range->Name);
      if (Cmp && Vals == 1) {
        KeyName(Range->Args[0]);
        Piece(Cmp, Range->Args[1]);
        KeyValue(Range->Args[2]);
      } else if (RangeOp == "Between" && Vals == 2) {
        KeyName(Range->Args[0]);
        Piece(" BETWEEN ", Range->Args[1]);
        KeyValue(Range->Args[2]);
        Piece(" AND ", Range->Args[1]);
        KeyValue(Range->Args[3]);
      } else if (RangeOp == "BeginsWith" && Vals == 1) {
        Piece("begins_with(", Range->Args[1]);
        KeyName(Range->Args[0]);
        Piece(", ", Range->Args[1]);
        KeyValue(Range->Args[2]);
        Piece(")", Range->Call);
      } else {
        KeyKnown = false; // NotEqual, or operands the library rejects
      }
    }
    if (KeyKnown) {
      HostJson::add(Params, "KeyConditionExpression",
                    J.synthesized(Op.Name, std::move(Text), std::move(Origin)));
    } else {
      JsonValue U = J.unknown(Op.Call);
      U.K = JsonValue::Kind::String;
      HostJson::add(Params, "KeyConditionExpression", std::move(U));
      Names.Unknown = Values.Unknown = true;
    }
    if (Index)
      HostJson::add(Params, "IndexName", J.string(*Index));
    Filter();
    if (Unread)
      HostJson::add(Params, "ProjectionExpression", J.unknown(Op.Name));
    if (Terminal == "Count")
      HostJson::add(Params, "Select", J.declared(Op.Name, "COUNT"));
    Finish();
    return emit(Op.Call, Op.Name, "Query", std::move(Params));
  }
  if (Op.Method == "Put" || Op.Method == "Update" || Op.Method == "Delete") {
    if (Op.Method == "Put") {
      JsonValue Item = J.object(Op.Call);
      Item.Unknown = true; // the item's fields, marshalled at run time
      HostJson::add(Params, "Item", std::move(Item));
    } else {
      if (Op.Args.size() != 2)
        return;
      JsonValue Key = J.object(Op.Call);
      JsonValue HashName = J.string(Op.Args[0]);
      if (HashName.Unknown || !HashName.isString())
        Key.Unknown = true;
      else
        HostJson::add(Key, HashName.Str, J.unknown(Op.Args[1]), Op.Args[0]);
      if (Range) {
        JsonValue RN = Range->Args.size() == 2 ? J.string(Range->Args[0])
                                               : J.unknown(Range->Call);
        if (RN.Unknown || !RN.isString())
          Key.Unknown = true;
        else
          HostJson::add(Key, RN.Str, J.unknown(Range->Args[1]), Range->Args[0]);
      }
      HostJson::add(Params, "Key", std::move(Key));
      if (Op.Method == "Update") {
        // The actions, when the chain is all there is (a chain that goes
        // on elsewhere may add more).
        std::string Text;
        TextOrigin Origin(J.file());
        if (!Terminal.empty() && !Updates.empty() && !Params.Unknown &&
            updateExpression(Updates, Text, Origin, Names, Values)) {
          HostJson::add(Params, "UpdateExpression",
                        J.synthesized(Op.Name, std::move(Text),
                                      std::move(Origin)));
        } else {
          JsonValue U = J.unknown(Op.Name);
          U.K = JsonValue::Kind::String;
          HostJson::add(Params, "UpdateExpression", std::move(U));
          Names.Unknown = Values.Unknown = true;
        }
      }
    }
    if (Condition)
      SetExpr("ConditionExpression", *Condition);
    Finish();
    return emit(Op.Call, Op.Name,
                Op.Method == "Put"      ? "PutItem"
                : Op.Method == "Update" ? "UpdateItem"
                                        : "DeleteItem",
                std::move(Params));
  }
  if (Op.Method == "Batch") {
    // Keys or items of this table, known at run time.
    bool Write = !Chain.empty() && Chain[0].Method == "Write";
    bool Read = !Chain.empty() && Chain[0].Method == "Get";
    if (!Write && !Read)
      return;
    JsonValue P = J.object(Op.Call);
    JsonValue Items = J.object(Op.Call);
    Items.Unknown = true;
    HostJson::add(P, "RequestItems", std::move(Items));
    P.Unknown = true;
    return emit(Op.Call, Op.Name, Write ? "BatchWriteItem" : "BatchGetItem",
                std::move(P));
  }
}

void GureguReader::run(TSNode Root) {
  struct Op {
    Link L;
    std::optional<TSNode> Name;
    std::string Field;
  };
  std::vector<Op> Ops;
  forEachNamedNode(Root, [&](TSNode N) {
    if (type(N) != "call_expression")
      return;
    auto L = link(N);
    if (!L)
      return;
    llvm::StringRef M = L->first.Method;
    if (M != "Get" && M != "Scan" && M != "Put" && M != "Update" &&
        M != "Delete" && M != "Batch")
      return;
    std::optional<TSNode> Name;
    Field.clear();
    if (!table(L->second, Name, 0))
      return;
    Ops.push_back({std::move(L->first), Name, Field});
  });
  for (Op &O : Ops) {
    Field = O.Field;
    operation(O.L, O.Name);
  }
}

} // namespace

void findGoGureguCalls(SdkContext &C, TSNode Root) {
  GureguReader R(C);
  if (R.readImports(Root)) {
    R.fieldFacts(Root);
    R.run(Root);
    return;
  }
  if (!mayHoldGureguCalls(C.Src))
    return;
  R.setFieldsOnly();
  R.run(Root);
}

} // namespace nosqlint::extract::sdk

namespace nosqlint::extract {

bool mayHoldGureguCalls(llvm::StringRef Src) {
  return std::string_view(Src.data(), Src.size()).find(".Table(") !=
         std::string_view::npos;
}

} // namespace nosqlint::extract
