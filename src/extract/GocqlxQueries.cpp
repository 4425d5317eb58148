//===- GocqlxQueries.cpp --------------------------------------------------===//
#include "GocqlxQueries.h"

#include "GoBindings.h"
#include "GocqlxStatements.h"
#include "SyntaxTree.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSwitch.h"

#include <optional>

namespace nosqlint::extract {

namespace {

llvm::StringRef typeOf(TSNode N) { return ts_node_type(N); }

/// One call of a chain: `.Name(args)`.
struct Call {
  TSNode Node{};
  TSNode NameNode{};
  llvm::StringRef Name;
  std::vector<TSNode> Args;
};

/// The import path of a gocqlx package `Sub` (`qb`, `table`): v1's
/// `github.com/scylladb/gocqlx/qb` or `github.com/scylladb/gocqlx/vN/qb`.
bool isGocqlxPackage(llvm::StringRef Path, llvm::StringRef Sub) {
  if (!Path.consume_front("github.com/scylladb/gocqlx/"))
    return false;
  if (Path.startswith("v") && Path.size() > 1 && llvm::isDigit(Path[1])) {
    size_t Slash = Path.find('/');
    if (Slash == llvm::StringRef::npos)
      return false;
    Path = Path.drop_front(Slash + 1);
  }
  return Path == Sub;
}

std::string rowReason(const SinkModel &Row, const ModelCatalog &C,
                      llvm::StringRef What) {
  return What.str() + ": " + Row.describe(C.libraries()) + " (" + Row.File +
         ":" + std::to_string(Row.Line) + ")";
}

class Reader {
public:
  Reader(Evaluator &Eval, const FileImports &Imports, FileId File,
         bool ReachApiOnly)
      : Eval(Eval), Imports(Imports), File(File), ReachApiOnly(ReachApiOnly),
        Catalog(ModelCatalog::forLanguage(HostLanguage::Go)) {
    // A file that imports no gocql package can only use a model of
    // another package (`table.Users.GetQuery(s)`): nothing else is
    // followed through its names.
    Local = mentionsGocqlx(Eval.source()) ||
            Eval.source().contains("gocql\"");
    for (const Import &I : Imports.all()) {
      if (isGocqlxPackage(I.Path, "qb"))
        QbName = I.LocalName;
      else if (isGocqlxPackage(I.Path, "table"))
        TableName = I.LocalName;
      else if (isGocqlxPackage(I.Path, "migrate"))
        MigrateName = I.LocalName;
      else
        continue;
      Version3 |= llvm::StringRef(I.Path).contains("/v3/");
    }
  }

  void run(TSNode Root, std::vector<CqlSnippet> &Out, BuilderFacts &Facts);

private:
  llvm::StringRef text(TSNode N) const { return Eval.text(N); }
  std::vector<TSNode> argsOf(TSNode CallNode) const;
  std::optional<Call> callOf(TSNode N) const;
  std::vector<Call> chainFrom(TSNode Root) const;

  // Names and values.
  GoBinding lookup(llvm::StringRef Name, TSNode Use) const {
    return Scopes.lookup(Name, Use);
  }
  std::optional<TSNode> valueOf(TSNode N) const;
  std::optional<CqlPiece> namePiece(TSNode N, llvm::StringRef Context) const;
  std::optional<std::vector<std::string>> stringList(TSNode N,
                                                     unsigned Depth = 0) const;
  CqlPiece at(TSNode N, std::string Text) const {
    CqlPiece P;
    P.Text = std::move(Text);
    P.Begin = ts_node_start_byte(N);
    P.Length = ts_node_end_byte(N) - P.Begin;
    return P;
  }

  // Table models.
  std::optional<GocqlxTable> metadata(TSNode N, unsigned Depth = 0) const;
  std::optional<GocqlxTable> tableOfNew(TSNode Value, unsigned Depth) const;
  std::optional<GocqlxTable> tableOfFunction(TSNode Function,
                                             unsigned Depth) const;
  struct TableRef {
    std::optional<GocqlxTable> Inline;
    std::string ImportPath, Name;
    bool Function = false;
  };
  std::optional<TableRef> tableRef(TSNode Receiver, unsigned Depth = 0) const;
  void declaredTables(TSNode Root, BuilderFacts &Facts) const;

  // The translation.
  enum class Step { Next, Query, Statement, Fail };
  Step apply(GocqlxStatement &S, const Call &C) const;
  bool columns(std::vector<CqlPiece> &Out, const Call &C, size_t From) const;
  std::optional<GocqlxStatement::Cmp> cmp(TSNode Arg) const;
  std::optional<CqlPiece> function(TSNode N) const;
  CqlPiece number(TSNode N) const;
  std::optional<CqlPiece> literal(TSNode N, bool Quote) const;

  // Where the chain ends.
  bool reachesDriver(TSNode StatementCall) const;
  bool namePassedToDriver(llvm::StringRef Name, TSNode After) const;
  /// A chain kept in a variable: whether every later use of the variable
  /// ends it (ToCql/Query/QueryContext); \p Query: one of them is a Query.
  bool endedThroughVariable(TSNode ChainEnd, bool &Query) const;

  bool finish(GocqlxStatement &S, const std::vector<Call> &Chain, size_t From,
              TSNode Root);
  void qbChain(TSNode Root, const SinkModel &Row);
  void tableChain(TSNode Root, const Call &Method, const SinkModel &Row,
                  TableRef Ref);

  Evaluator &Eval;
  const FileImports &Imports;
  FileId File;
  bool ReachApiOnly;
  const ModelCatalog &Catalog;
  std::string QbName, TableName, MigrateName;
  bool Version3 = false;
  bool Local = true;
  /// The functions that are gocqlx migration callbacks (a
  /// `migrate.CallbackEvent` parameter): their statements run against the
  /// schema of their migration.
  std::vector<std::pair<uint32_t, uint32_t>> Callbacks;
  bool inCallback(TSNode N) const {
    uint32_t B = ts_node_start_byte(N);
    return llvm::any_of(Callbacks, [&](const auto &C) {
      return C.first <= B && B < C.second;
    });
  }
  std::vector<CqlSnippet> *Out = nullptr;
  BuilderFacts *Facts = nullptr;
  mutable GoScopes Scopes{Eval.source()};
};

std::vector<TSNode> Reader::argsOf(TSNode CallNode) const {
  std::vector<TSNode> Args;
  if (auto A = childByField(CallNode, "arguments"))
    for (TSNode N : namedChildren(*A))
      Args.push_back(N);
  return Args;
}

std::optional<Call> Reader::callOf(TSNode N) const {
  if (typeOf(N) != "call_expression")
    return std::nullopt;
  auto F = childByField(N, "function");
  if (!F)
    return std::nullopt;
  Call C;
  C.Node = N;
  if (typeOf(*F) == "selector_expression") {
    auto Field = childByField(*F, "field");
    if (!Field)
      return std::nullopt;
    C.NameNode = *Field;
  } else if (typeOf(*F) == "identifier") {
    C.NameNode = *F;
  } else {
    return std::nullopt;
  }
  C.Name = text(C.NameNode);
  C.Args = argsOf(N);
  return C;
}

std::vector<Call> Reader::chainFrom(TSNode Root) const {
  std::vector<Call> Chain;
  TSNode N = Root;
  for (unsigned Guard = 0; Guard < 256; ++Guard) {
    std::optional<Call> C = callOf(N);
    if (!C)
      break;
    Chain.push_back(*C);
    TSNode Sel = ts_node_parent(N);
    if (ts_node_is_null(Sel) || typeOf(Sel) != "selector_expression")
      break;
    auto Operand = childByField(Sel, "operand");
    if (!Operand || !ts_node_eq(*Operand, N))
      break;
    TSNode Next = ts_node_parent(Sel);
    if (ts_node_is_null(Next) || typeOf(Next) != "call_expression")
      break;
    N = Next;
  }
  return Chain;
}

//===----------------------------------------------------------------------===//
// Names and values
//===----------------------------------------------------------------------===//

/// The expression an identifier stands for (followed through the file's
/// bindings), or \p N itself.
std::optional<TSNode> Reader::valueOf(TSNode N) const {
  for (unsigned I = 0; I < 8; ++I) {
    while (typeOf(N) == "parenthesized_expression" &&
           ts_node_named_child_count(N) == 1)
      N = ts_node_named_child(N, 0);
    if (typeOf(N) != "identifier")
      return N;
    GoBinding B = lookup(text(N), N);
    if (!B.Value)
      return std::nullopt;
    N = *B.Value;
  }
  return std::nullopt;
}

bool isGoStringLiteral(llvm::StringRef T) {
  return T == "interpreted_string_literal" || T == "raw_string_literal";
}

std::optional<CqlPiece> Reader::namePiece(TSNode N,
                                          llvm::StringRef Context) const {
  while (typeOf(N) == "parenthesized_expression" &&
         ts_node_named_child_count(N) == 1)
    N = ts_node_named_child(N, 0);
  llvm::StringRef Written = text(N);
  if (isGoStringLiteral(typeOf(N)) && Written.size() >= 2 &&
      !Written.contains('\\')) {
    CqlPiece P;
    P.Text = Written.drop_front().drop_back().str();
    P.Begin = ts_node_start_byte(N) + 1;
    P.Length = static_cast<uint32_t>(P.Text.size());
    P.Verbatim = true;
    if (P.Text.empty())
      return std::nullopt;
    return P;
  }
  // `users.Name()` of a table model the file declares.
  if (std::optional<Call> C = callOf(N); C && C->Name == "Name" &&
                                         C->Args.empty()) {
    auto F = childByField(N, "function");
    auto Operand = F ? childByField(*F, "operand") : std::nullopt;
    if (Operand)
      if (auto Ref = tableRef(*Operand); Ref && Ref->Inline) {
        CqlPiece P = at(N, Ref->Inline->Table.Text);
        P.Trust = Ref->Inline->Table.Trust;
        P.Holes = Ref->Inline->Table.Holes;
        return P;
      }
    return std::nullopt;
  }
  Rebuilt R;
  R.appendVerbatim(Context, 0);
  Eval.append(N, R);
  if (R.text().size() <= Context.size())
    return std::nullopt;
  CqlPiece P = at(N, R.text().substr(Context.size()));
  P.Trust = R.trust();
  P.Holes = R.holes();
  return P;
}

/// A list of names: `[]string{"a", "b"}`, a name bound to one, or the
/// `Columns`/`PartKey`/`SortKey` of a table.Metadata literal.
std::optional<std::vector<std::string>>
Reader::stringList(TSNode N, unsigned Depth) const {
  if (Depth > 4)
    return std::nullopt;
  if (typeOf(N) == "selector_expression") {
    auto Operand = childByField(N, "operand");
    auto Field = childByField(N, "field");
    if (!Operand || !Field)
      return std::nullopt;
    std::optional<TSNode> V = valueOf(*Operand);
    if (!V || typeOf(*V) != "composite_literal")
      return std::nullopt;
    auto Body = childByField(*V, "body");
    if (!Body)
      return std::nullopt;
    for (TSNode E : namedChildren(*Body)) {
      if (typeOf(E) != "keyed_element")
        continue;
      auto Kids = namedChildren(E);
      if (Kids.size() == 2 && text(Kids[0]) == text(*Field)) {
        TSNode Value = Kids[1];
        if (typeOf(Value) == "literal_element" &&
            ts_node_named_child_count(Value) == 1)
          Value = ts_node_named_child(Value, 0);
        return stringList(Value, Depth + 1);
      }
    }
    return std::nullopt;
  }
  std::optional<TSNode> V = valueOf(N);
  if (!V)
    return std::nullopt;
  if (typeOf(*V) == "selector_expression")
    return stringList(*V, Depth + 1);
  if (typeOf(*V) != "composite_literal")
    return std::nullopt;
  auto Type = childByField(*V, "type");
  if (!Type || text(*Type) != "[]string")
    return std::nullopt;
  auto Body = childByField(*V, "body");
  std::vector<std::string> Out;
  if (!Body)
    return Out;
  for (TSNode E : namedChildren(*Body)) {
    if (typeOf(E) == "literal_element" && ts_node_named_child_count(E) == 1)
      E = ts_node_named_child(E, 0);
    Rebuilt R;
    Eval.append(E, R);
    if (R.holes() != 0 || R.trust() != SnippetTrust::Full || R.empty())
      return std::nullopt;
    Out.push_back(R.text());
  }
  return Out;
}

//===----------------------------------------------------------------------===//
// Table models
//===----------------------------------------------------------------------===//

std::optional<GocqlxTable> Reader::metadata(TSNode N, unsigned Depth) const {
  if (Depth > 4)
    return std::nullopt;
  std::optional<TSNode> V = valueOf(N);
  if (!V || typeOf(*V) != "composite_literal")
    return std::nullopt;
  auto Type = childByField(*V, "type");
  if (!Type || text(*Type) != TableName + ".Metadata")
    return std::nullopt;
  auto Body = childByField(*V, "body");
  if (!Body)
    return std::nullopt;
  GocqlxTable T;
  bool HasName = false, HasPartKey = false;
  T.ColumnsKnown = false;
  for (TSNode E : namedChildren(*Body)) {
    if (typeOf(E) != "keyed_element")
      return std::nullopt;
    auto Kids = namedChildren(E);
    if (Kids.size() != 2)
      return std::nullopt;
    llvm::StringRef Key = text(Kids[0]);
    TSNode Value = Kids[1];
    if (typeOf(Value) == "literal_element" &&
        ts_node_named_child_count(Value) == 1)
      Value = ts_node_named_child(Value, 0);
    if (Key == "Name") {
      std::optional<CqlPiece> P = namePiece(Value, "SELECT * FROM ");
      if (!P)
        return std::nullopt;
      T.Table = *P;
      HasName = true;
      continue;
    }
    std::optional<std::vector<std::string>> L = stringList(Value);
    if (Key == "Columns") {
      if (L) {
        T.Columns = *L;
        T.ColumnsKnown = true;
      }
    } else if (Key == "PartKey") {
      if (!L)
        return std::nullopt;
      T.PartKey = *L;
      HasPartKey = true;
    } else if (Key == "SortKey") {
      if (!L)
        return std::nullopt;
      T.SortKey = *L;
    }
  }
  if (!HasName || !HasPartKey)
    return std::nullopt;
  return T;
}

/// `table.New(md)`: the model it makes.
std::optional<GocqlxTable> Reader::tableOfNew(TSNode Value,
                                              unsigned Depth) const {
  if (Depth > 4 || TableName.empty())
    return std::nullopt;
  std::optional<Call> C = callOf(Value);
  if (!C || C->Name != "New" || C->Args.size() != 1)
    return std::nullopt;
  auto F = childByField(Value, "function");
  auto Operand = F ? childByField(*F, "operand") : std::nullopt;
  if (!Operand || text(*Operand) != TableName)
    return std::nullopt;
  return metadata(C->Args[0], Depth + 1);
}

/// A function whose one return statement returns `table.New(...)`.
std::optional<GocqlxTable> Reader::tableOfFunction(TSNode Function,
                                                   unsigned Depth) const {
  std::vector<TSNode> Returns;
  forEachNamedNode(Function, [&](TSNode N) {
    if (typeOf(N) == "return_statement")
      Returns.push_back(N);
  });
  if (Returns.size() != 1)
    return std::nullopt;
  auto Kids = namedChildren(Returns[0]);
  if (Kids.size() != 1)
    return std::nullopt;
  TSNode V = Kids[0];
  if (typeOf(V) == "expression_list" && ts_node_named_child_count(V) == 1)
    V = ts_node_named_child(V, 0);
  return tableOfNew(V, Depth + 1);
}

std::optional<Reader::TableRef> Reader::tableRef(TSNode Receiver,
                                                 unsigned Depth) const {
  if (Depth > 4)
    return std::nullopt;
  while (typeOf(Receiver) == "parenthesized_expression" &&
         ts_node_named_child_count(Receiver) == 1)
    Receiver = ts_node_named_child(Receiver, 0);
  llvm::StringRef T = typeOf(Receiver);
  // `pkg.Users`: a model of another package.
  auto Imported = [&](TSNode Sel, bool Function) -> std::optional<TableRef> {
    auto Operand = childByField(Sel, "operand");
    auto Field = childByField(Sel, "field");
    if (!Operand || !Field || typeOf(*Operand) != "identifier")
      return std::nullopt;
    auto Path = Imports.pathOf(text(*Operand));
    if (!Path || (Local && lookup(text(*Operand), *Operand).Found))
      return std::nullopt;
    TableRef R;
    R.ImportPath = Path->str();
    R.Name = text(*Field).str();
    R.Function = Function;
    return R;
  };
  if (T == "selector_expression")
    return Imported(Receiver, false);
  if (T == "call_expression") {
    auto F = childByField(Receiver, "function");
    if (!F || !Local)
      return std::nullopt;
    if (typeOf(*F) == "selector_expression") {
      if (auto Model = tableOfNew(Receiver, Depth + 1)) {
        TableRef R;
        R.Inline = Model;
        return R;
      }
      return Imported(*F, true);
    }
    if (typeOf(*F) != "identifier")
      return std::nullopt;
    GoBinding B = lookup(text(*F), *F);
    if (B.Function) {
      auto Model = tableOfFunction(*B.Function, Depth + 1);
      if (!Model)
        return std::nullopt;
      TableRef R;
      R.Inline = Model;
      return R;
    }
    if (B.Found)
      return std::nullopt;
    TableRef R; // a function of another file of the package
    R.Name = text(*F).str();
    R.Function = true;
    return R;
  }
  if (T != "identifier" || Imports.pathOf(text(Receiver)) || !Local)
    return std::nullopt; // a package's function (`db.Select`), not a model
  GoBinding B = lookup(text(Receiver), Receiver);
  if (!B.Found) {
    TableRef R; // a model of another file of the package
    R.Name = text(Receiver).str();
    return R;
  }
  if (!B.Value)
    return std::nullopt;
  if (auto Model = tableOfNew(*B.Value, Depth + 1)) {
    TableRef R;
    R.Inline = Model;
    return R;
  }
  llvm::StringRef VT = typeOf(*B.Value);
  if (VT == "call_expression" || VT == "selector_expression" ||
      VT == "identifier")
    return tableRef(*B.Value, Depth + 1);
  return std::nullopt;
}

void Reader::declaredTables(TSNode Root, BuilderFacts &Out) const {
  for (TSNode D : namedChildren(Root)) {
    llvm::StringRef T = typeOf(D);
    if (T == "function_declaration") {
      auto N = childByField(D, "name");
      if (!N)
        continue;
      if (std::optional<GocqlxTable> M = tableOfFunction(D, 0)) {
        M->Name = text(*N).str();
        M->Function = true;
        Out.GoTables.push_back(std::move(*M));
      }
      continue;
    }
    if (T != "var_declaration")
      continue;
    llvm::SmallVector<TSNode, 8> Specs;
    forEachNamedNode(D, [&](TSNode S) {
      if (typeOf(S) == "var_spec")
        Specs.push_back(S);
    });
    for (TSNode S : Specs) {
      llvm::SmallVector<std::pair<TSNode, std::optional<TSNode>>, 4> Bs;
      goBindingsOf(S, Eval.source(), Bs);
      for (auto &[Id, V] : Bs)
        if (V)
          if (std::optional<GocqlxTable> M = tableOfNew(*V, 0)) {
            M->Name = text(Id).str();
            Out.GoTables.push_back(std::move(*M));
          }
    }
  }
}

//===----------------------------------------------------------------------===//
// The translation
//===----------------------------------------------------------------------===//

CqlPiece Reader::number(TSNode N) const {
  if (typeOf(N) == "int_literal" && llvm::all_of(text(N), llvm::isDigit))
    return at(N, text(N).str());
  return at(N, "?"); // a computed number: a value the checks cannot see
}

/// A literal argument (EqLit's "1", SetLitString's "x"): its text, quoted
/// as CQL when \p Quote; `?` when computed (a value all the same).
std::optional<CqlPiece> Reader::literal(TSNode N, bool Quote) const {
  Rebuilt R;
  Eval.append(N, R);
  if (R.holes() != 0 || R.trust() != SnippetTrust::Full || R.empty())
    return at(N, "?");
  if (!Quote)
    return at(N, R.text());
  std::string Q = "'";
  for (char C : R.text()) {
    Q += C;
    if (C == '\'')
      Q += '\'';
  }
  return at(N, Q + "'");
}

/// `qb.Fn("name", params...)`, `qb.Now()`, `qb.MinTimeuuid(p)`,
/// `qb.MaxTimeuuid(p)`: `name(?,?)`.
std::optional<CqlPiece> Reader::function(TSNode N) const {
  std::optional<Call> C = callOf(N);
  if (!C)
    return std::nullopt;
  auto F = childByField(N, "function");
  auto Operand = F ? childByField(*F, "operand") : std::nullopt;
  if (!Operand || text(*Operand) != QbName)
    return std::nullopt;
  std::string Name;
  size_t Params = 0;
  if (C->Name == "Fn") {
    if (C->Args.empty())
      return std::nullopt;
    std::optional<CqlPiece> P = namePiece(C->Args[0], "SELECT ");
    if (!P || P->Trust != SnippetTrust::Full || P->Holes)
      return std::nullopt;
    Name = P->Text;
    Params = C->Args.size() - 1;
    for (size_t I = 1; I < C->Args.size(); ++I)
      if (typeOf(C->Args[I]) == "variadic_argument")
        return std::nullopt;
  } else if (C->Name == "Now" && C->Args.empty()) {
    Name = "now";
  } else if ((C->Name == "MinTimeuuid" || C->Name == "MaxTimeuuid") &&
             C->Args.size() == 1) {
    Name = C->Name == "MinTimeuuid" ? "minTimeuuid" : "maxTimeuuid";
    Params = 1;
  } else {
    return std::nullopt;
  }
  std::string Text = Name + "(";
  for (size_t I = 0; I < Params; ++I)
    Text += I ? ",?" : "?";
  return at(C->NameNode, Text + ")");
}

std::optional<GocqlxStatement::Cmp> Reader::cmp(TSNode Arg) const {
  std::optional<Call> C = callOf(Arg);
  if (!C)
    return std::nullopt;
  auto F = childByField(Arg, "function");
  auto Operand = F ? childByField(*F, "operand") : std::nullopt;
  if (!Operand)
    return std::nullopt;
  auto Tuple = [&](TSNode Count) -> std::optional<std::string> {
    if (typeOf(Count) != "int_literal")
      return std::nullopt;
    unsigned N = 0;
    if (text(Count).getAsInteger(10, N) || N < 1 || N > 64)
      return std::nullopt;
    std::string T = "(";
    for (unsigned I = 0; I < N; ++I)
      T += I ? ",?" : "?";
    return T + ")";
  };
  GocqlxStatement::Cmp Out;
  // `qb.Token("a", "b").Gt()`: token(a,b)>token(?,?), or ... >? (Value).
  if (std::optional<Call> Inner = callOf(*Operand)) {
    auto IF = childByField(*Operand, "function");
    auto IO = IF ? childByField(*IF, "operand") : std::nullopt;
    if (!IO || text(*IO) != QbName || Inner->Name != "Token" ||
        Inner->Args.empty())
      return std::nullopt;
    std::string Cols;
    for (TSNode A : Inner->Args) {
      std::optional<CqlPiece> P = namePiece(A, "SELECT ");
      if (!P || P->Trust != SnippetTrust::Full || P->Holes)
        return std::nullopt;
      Cols += (Cols.empty() ? "" : ",") + P->Text;
    }
    llvm::StringRef M = C->Name;
    bool ValueCmp = M.consume_back("ValueNamed") || M.consume_back("Value");
    bool Named = !ValueCmp && M.consume_back("Named");
    std::optional<llvm::StringRef> Op =
        llvm::StringSwitch<std::optional<llvm::StringRef>>(M)
            .Case("Eq", llvm::StringRef("="))
            .Case("Lt", llvm::StringRef("<"))
            .Case("LtOrEq", llvm::StringRef("<="))
            .Case("Gt", llvm::StringRef(">"))
            .Case("GtOrEq", llvm::StringRef(">="))
            .Default(std::nullopt);
    if (!Op)
      return std::nullopt;
    Out.Column = at(*Operand, "token(" + Cols + ")");
    Out.Op = Op->str();
    if (ValueCmp) {
      Out.Value = at(C->NameNode, "?");
    } else {
      size_t N = Named ? C->Args.size() : Inner->Args.size();
      if (N == 0)
        return std::nullopt;
      std::string V = "token(";
      for (size_t I = 0; I < N; ++I)
        V += I ? ",?" : "?";
      Out.Value = at(C->NameNode, V + ")");
    }
    return Out;
  }
  if (text(*Operand) != QbName || C->Args.empty())
    return std::nullopt;
  llvm::StringRef M = C->Name;
  static const std::pair<const char *, const char *> Ops[] = {
      {"LtOrEq", "<="},      {"GtOrEq", ">="}, {"ContainsKey", " CONTAINS KEY "},
      {"Contains", " CONTAINS "}, {"Eq", "="},  {"Ne", "!="},
      {"Lt", "<"},           {"Gt", ">"},      {"In", " IN "},
      {"Like", " LIKE "}};
  const char *Op = nullptr;
  for (const auto &[Name, Text] : Ops)
    if (M.consume_front(Name)) {
      Op = Text;
      break;
    }
  if (!Op)
    return std::nullopt;
  std::optional<CqlPiece> Col = namePiece(C->Args[0], "SELECT ");
  if (!Col)
    return std::nullopt;
  Out.Column = *Col;
  Out.Op = Op;
  const std::vector<TSNode> &A = C->Args;
  if ((M.empty() && A.size() == 1) || (M == "Named" && A.size() == 2)) {
    Out.Value = at(C->NameNode, "?");
  } else if ((M == "Tuple" && A.size() == 2) ||
             (M == "TupleNamed" && A.size() == 3)) {
    std::optional<std::string> T = Tuple(A[1]);
    if (!T)
      return std::nullopt;
    Out.Value = at(C->NameNode, *T);
  } else if ((M == "Lit" || M == "LitString") && A.size() == 2) {
    std::optional<CqlPiece> L = literal(A[1], M == "LitString");
    if (!L)
      return std::nullopt;
    Out.Value = *L;
    if (llvm::StringRef(Op) == " IN " && M == "LitString")
      Out.Value.Text = "(" + Out.Value.Text + ")"; // InLitString: a list
  } else if (M == "LitStrings" && llvm::StringRef(Op) == " IN " &&
             A.size() >= 2) {
    std::string List = "(";
    for (size_t I = 1; I < A.size(); ++I) {
      if (typeOf(A[I]) == "variadic_argument")
        return std::nullopt;
      std::optional<CqlPiece> L = literal(A[I], true);
      if (!L || L->Text == "?")
        return std::nullopt;
      List += (I > 1 ? "," : "") + L->Text;
    }
    Out.Value = at(C->NameNode, List + ")");
  } else if (M == "Func" && A.size() == 2) {
    std::optional<CqlPiece> Fn = function(A[1]);
    if (!Fn)
      return std::nullopt;
    Out.Value = *Fn;
  } else {
    return std::nullopt;
  }
  return Out;
}

/// The names a call lists from argument \p From on (`Columns("a", "b")`,
/// `Columns(md.Columns...)`, `Columns(qb.As("a", "b"))`).
bool Reader::columns(std::vector<CqlPiece> &Out, const Call &C,
                     size_t From) const {
  for (size_t I = From; I < C.Args.size(); ++I) {
    TSNode A = C.Args[I];
    if (typeOf(A) == "variadic_argument") {
      if (ts_node_named_child_count(A) != 1)
        return false;
      std::optional<std::vector<std::string>> L =
          stringList(ts_node_named_child(A, 0));
      if (!L)
        return false;
      for (const std::string &S : *L)
        Out.push_back(at(A, S));
      continue;
    }
    if (std::optional<Call> As = callOf(A); As && As->Name == "As") {
      auto F = childByField(A, "function");
      auto Operand = F ? childByField(*F, "operand") : std::nullopt;
      if (!Operand || text(*Operand) != QbName || As->Args.size() != 2)
        return false;
      std::optional<CqlPiece> Col = namePiece(As->Args[0], "SELECT ");
      std::optional<CqlPiece> Name = namePiece(As->Args[1], "SELECT ");
      if (!Col || !Name)
        return false;
      CqlPiece P = at(A, Col->Text + " AS " + Name->Text);
      P.Trust = static_cast<int>(Col->Trust) > static_cast<int>(Name->Trust)
                    ? Col->Trust
                    : Name->Trust;
      P.Holes = Col->Holes + Name->Holes;
      Out.push_back(P);
      continue;
    }
    std::optional<CqlPiece> P = namePiece(A, "SELECT ");
    if (!P)
      return false;
    Out.push_back(*P);
  }
  return true;
}

Reader::Step Reader::apply(GocqlxStatement &S, const Call &C) const {
  using K = GocqlxStatement::Kind;
  llvm::StringRef M = C.Name;
  const std::vector<TSNode> &A = C.Args;
  auto Name = at(C.NameNode, "");
  if (M == "ToCql" && A.empty())
    return Step::Statement;
  if ((M == "Query" && A.size() == 1) || (M == "QueryContext" && A.size() == 2))
    return Step::Query;
  auto Where = [&](std::vector<GocqlxStatement::Cmp> &Into) {
    for (TSNode Arg : A) {
      std::optional<GocqlxStatement::Cmp> X = cmp(Arg);
      if (!X)
        return Step::Fail;
      Into.push_back(std::move(*X));
    }
    return Step::Next;
  };
  auto Flag = [&](std::optional<CqlPiece> &F) {
    if (!A.empty())
      return Step::Fail;
    F = Name;
    return Step::Next;
  };
  auto Value = [&](std::optional<CqlPiece> &F, bool Number) {
    if (A.size() != 1)
      return Step::Fail;
    F = Number ? number(A[0]) : at(C.NameNode, "?");
    return Step::Next;
  };
  auto Table = [&]() {
    if (A.size() != 1)
      return Step::Fail;
    std::optional<CqlPiece> T = namePiece(A[0], "SELECT * FROM ");
    if (!T)
      return Step::Fail;
    S.Table = *T;
    return Step::Next;
  };
  // What every builder of the statement's kind has.
  if (M == "Where" && S.Op != K::Insert)
    return Where(S.Where);
  if (M == "If" && (S.Op == K::Update || S.Op == K::Delete))
    return Where(S.If);
  if (M == "Existing" && (S.Op == K::Update || S.Op == K::Delete))
    return Flag(S.Existing);
  if (M == "Timeout" || M == "TimeoutNamed")
    return Value(S.Timeout, false);
  if (S.Op != K::Select) {
    if (M == "Timestamp" || M == "TimestampNamed")
      return Value(S.Timestamp, false);
    if ((M == "TTL" || M == "TTLNamed") && S.Op != K::Delete)
      return Value(S.Ttl, false);
  }
  switch (S.Op) {
  case K::Select: {
    if (M == "From")
      return Table();
    if (M == "Json" && A.empty()) {
      S.Json = true;
      S.JsonAt = Name;
      return Step::Next;
    }
    if (M == "Columns")
      return columns(S.Columns, C, 0) ? Step::Next : Step::Fail;
    if (M == "Distinct")
      return columns(S.Distinct, C, 0) ? Step::Next : Step::Fail;
    if (M == "GroupBy")
      return columns(S.GroupBy, C, 0) ? Step::Next : Step::Fail;
    if (M == "OrderBy") {
      if (A.size() != 2 || typeOf(A[1]) != "selector_expression")
        return Step::Fail;
      auto Operand = childByField(A[1], "operand");
      auto Field = childByField(A[1], "field");
      if (!Operand || !Field || text(*Operand) != QbName ||
          (text(*Field) != "ASC" && text(*Field) != "DESC"))
        return Step::Fail;
      std::optional<CqlPiece> Col = namePiece(A[0], "SELECT ");
      if (!Col)
        return Step::Fail;
      CqlPiece O = at(C.Node, Col->Text + " " + text(*Field).str());
      O.Trust = Col->Trust;
      O.Holes = Col->Holes;
      S.OrderBy.push_back(O);
      return Step::Next;
    }
    if (M == "Limit")
      return Value(S.Limit, true);
    if (M == "LimitNamed")
      return Value(S.Limit, false);
    if (M == "LimitPerPartition")
      return Value(S.PerPartitionLimit, true);
    if (M == "LimitPerPartitionNamed")
      return Value(S.PerPartitionLimit, false);
    if (M == "AllowFiltering")
      return Flag(S.AllowFiltering);
    if (M == "BypassCache")
      return Flag(S.BypassCache);
    std::optional<llvm::StringRef> Fn =
        llvm::StringSwitch<std::optional<llvm::StringRef>>(M)
            .Case("Count", llvm::StringRef("count"))
            .Case("Min", llvm::StringRef("min"))
            .Case("Max", llvm::StringRef("max"))
            .Case("Avg", llvm::StringRef("avg"))
            .Case("Sum", llvm::StringRef("sum"))
            .Default(std::nullopt);
    if (M == "CountAll" && A.empty()) {
      S.Columns.push_back(at(C.NameNode, "count(*)"));
      return Step::Next;
    }
    if (Fn && A.size() == 1) {
      std::optional<CqlPiece> Col = namePiece(A[0], "SELECT ");
      if (!Col)
        return Step::Fail;
      CqlPiece P = at(C.Node, Fn->str() + "(" + Col->Text + ")");
      P.Trust = Col->Trust;
      P.Holes = Col->Holes;
      S.Columns.push_back(P);
      return Step::Next;
    }
    return Step::Fail;
  }
  case K::Insert: {
    if (M == "Into")
      return Table();
    if (M == "Json" && A.empty()) {
      S.Json = true;
      S.JsonAt = Name;
      return Step::Next;
    }
    if (M == "Unique")
      return Flag(S.Unique);
    if (M == "Columns") {
      size_t Before = S.Columns.size();
      if (!columns(S.Columns, C, 0))
        return Step::Fail;
      for (size_t I = Before; I < S.Columns.size(); ++I) {
        CqlPiece Q = S.Columns[I];
        Q.Text = "?";
        Q.Verbatim = false;
        Q.Trust = SnippetTrust::Full;
        Q.Holes = 0;
        S.Values.push_back(Q);
      }
      return Step::Next;
    }
    if (A.empty())
      return Step::Fail;
    std::optional<CqlPiece> Col = namePiece(A[0], "SELECT ");
    if (!Col)
      return Step::Fail;
    std::optional<CqlPiece> V;
    if (M == "NamedColumn" && A.size() == 2)
      V = at(C.NameNode, "?");
    else if ((M == "LitColumn" || M == "StringLitColumn") && A.size() == 2)
      V = literal(A[1], M == "StringLitColumn");
    else if (M == "FuncColumn" && A.size() == 2)
      V = function(A[1]);
    else if (M == "TupleColumn" && A.size() == 2 &&
             typeOf(A[1]) == "int_literal") {
      unsigned N = 0;
      if (text(A[1]).getAsInteger(10, N) || N < 1 || N > 64)
        return Step::Fail;
      std::string T = "(";
      for (unsigned I = 0; I < N; ++I)
        T += I ? ",?" : "?";
      V = at(C.NameNode, T + ")");
    }
    if (!V)
      return Step::Fail;
    S.Columns.push_back(*Col);
    S.Values.push_back(*V);
    return Step::Next;
  }
  case K::Update: {
    if (M == "Table")
      return Table();
    if (M == "AllowFiltering")
      return Flag(S.AllowFiltering);
    if (M == "Set") {
      std::vector<CqlPiece> Cols;
      if (!columns(Cols, C, 0))
        return Step::Fail;
      for (CqlPiece &P : Cols)
        S.Sets.push_back({P, "", at(C.NameNode, "?")});
      return Step::Next;
    }
    if (A.empty())
      return Step::Fail;
    std::optional<CqlPiece> Col = namePiece(A[0], "SELECT ");
    if (!Col)
      return Step::Fail;
    llvm::StringRef Base = M;
    std::string Prefix;
    if (Base.consume_front("Add"))
      Prefix = Col->Text + "+";
    else if (Base.consume_front("Remove"))
      Prefix = Col->Text + "-";
    else if (!Base.consume_front("Set"))
      return Step::Fail;
    std::optional<CqlPiece> V;
    if (Base.empty() && A.size() == 1 && !Prefix.empty())
      V = at(C.NameNode, "?");
    else if (Base == "Named" && A.size() == 2)
      V = at(C.NameNode, "?");
    else if ((Base == "Lit" || (Base == "LitString" && Prefix.empty())) &&
             A.size() == 2)
      V = literal(A[1], Base == "LitString");
    else if (Base == "Func" && A.size() == 2)
      V = function(A[1]);
    else if (Base == "Tuple" && Prefix.empty() && A.size() == 2 &&
             typeOf(A[1]) == "int_literal") {
      unsigned N = 0;
      if (text(A[1]).getAsInteger(10, N) || N < 1 || N > 64)
        return Step::Fail;
      std::string T = "(";
      for (unsigned I = 0; I < N; ++I)
        T += I ? ",?" : "?";
      V = at(C.NameNode, T + ")");
    }
    if (!V)
      return Step::Fail;
    S.Sets.push_back({*Col, Prefix, *V});
    return Step::Next;
  }
  case K::Delete:
    if (M == "From")
      return Table();
    if (M == "Columns")
      return columns(S.Columns, C, 0) ? Step::Next : Step::Fail;
    return Step::Fail;
  }
  return Step::Fail;
}

//===----------------------------------------------------------------------===//
// Where the chain ends
//===----------------------------------------------------------------------===//

/// The innermost function holding \p N (or the file).
TSNode enclosingFunction(TSNode N) {
  TSNode F = ts_node_parent(N);
  while (!ts_node_is_null(F) && !isGoFunctionNode(ts_node_type(F)) &&
         !ts_node_is_null(ts_node_parent(F)))
    F = ts_node_parent(F);
  return ts_node_is_null(F) ? N : F;
}

/// Whether the call of argument list \p Args is a CQL driver API by name
/// (Query, ContextQuery, Bind, ...: a `call` row of a CQL library).
bool isDriverCallArgs(TSNode Args, const ModelCatalog &C, llvm::StringRef Src) {
  if (ts_node_is_null(Args) ||
      llvm::StringRef(ts_node_type(Args)) != "argument_list")
    return false;
  TSNode Call = ts_node_parent(Args);
  auto F = childByField(Call, "function");
  if (!F)
    return false;
  TSNode Name = *F;
  if (llvm::StringRef(ts_node_type(Name)) == "selector_expression") {
    auto Field = childByField(Name, "field");
    if (!Field)
      return false;
    Name = *Field;
  }
  return C.isCqlMember(
      Src.slice(ts_node_start_byte(Name), ts_node_end_byte(Name)));
}

bool Reader::namePassedToDriver(llvm::StringRef Name, TSNode After) const {
  TSNode F = enclosingFunction(After);
  uint32_t From = ts_node_end_byte(After);
  return llvm::any_of(Scopes.uses(F, Name), [&](TSNode N) {
    return ts_node_start_byte(N) >= From &&
           isDriverCallArgs(ts_node_parent(N), Catalog, Eval.source());
  });
}

/// Whether the statement a call returns (`b.ToCql()`, `users.Get()`)
/// reaches a driver call: passed on directly (`session.Query(b.ToCql())`)
/// or through the name it is assigned to (`stmt, names := b.ToCql()`).
bool Reader::reachesDriver(TSNode StatementCall) const {
  TSNode P = ts_node_parent(StatementCall);
  if (isDriverCallArgs(P, Catalog, Eval.source()))
    return true;
  if (!ts_node_is_null(P) && typeOf(P) == "expression_list")
    P = ts_node_parent(P);
  if (ts_node_is_null(P) || (typeOf(P) != "short_var_declaration" &&
                             typeOf(P) != "assignment_statement"))
    return false;
  auto L = childByField(P, "left");
  if (!L)
    return false;
  TSNode First = *L;
  if (typeOf(First) == "expression_list") {
    if (ts_node_named_child_count(First) == 0)
      return false;
    First = ts_node_named_child(First, 0);
  }
  return typeOf(First) == "identifier" &&
         namePassedToDriver(text(First), P);
}

bool Reader::endedThroughVariable(TSNode ChainEnd, bool &Query) const {
  TSNode P = ts_node_parent(ChainEnd);
  if (!ts_node_is_null(P) && typeOf(P) == "expression_list")
    P = ts_node_parent(P);
  if (ts_node_is_null(P) || (typeOf(P) != "short_var_declaration" &&
                             typeOf(P) != "var_spec"))
    return false;
  llvm::SmallVector<std::pair<TSNode, std::optional<TSNode>>, 4> Bs;
  goBindingsOf(P, Eval.source(), Bs);
  std::optional<llvm::StringRef> Name;
  for (auto &[Id, V] : Bs)
    if (V && ts_node_eq(*V, ChainEnd))
      Name = text(Id);
  if (!Name)
    return false;
  TSNode F = enclosingFunction(P);
  if (ts_node_eq(F, P))
    return false; // a package-level builder: its uses are anywhere
  bool Any = false;
  Query = false;
  uint32_t From = ts_node_end_byte(P);
  for (TSNode N : Scopes.uses(F, *Name)) {
    if (ts_node_start_byte(N) < From)
      continue;
    TSNode Sel = ts_node_parent(N);
    TSNode CallNode = ts_node_is_null(Sel) ? Sel : ts_node_parent(Sel);
    if (ts_node_is_null(CallNode) || typeOf(Sel) != "selector_expression" ||
        typeOf(CallNode) != "call_expression")
      return false;
    auto Operand = childByField(Sel, "operand");
    auto Field = childByField(Sel, "field");
    if (!Operand || !ts_node_eq(*Operand, N) || !Field)
      return false;
    llvm::StringRef M = text(*Field);
    size_t Args = argsOf(CallNode).size();
    if ((M == "Query" && Args == 1) || (M == "QueryContext" && Args == 2))
      Query = true;
    else if (M == "ToCql" && Args == 0)
      Query |= reachesDriver(CallNode);
    else
      return false;
    Any = true;
  }
  return Any;
}

/// Translates the chain's calls from \p From on; true when the statement
/// is complete and, in a test source, reaches the session.
bool Reader::finish(GocqlxStatement &S, const std::vector<Call> &Chain,
                    size_t From, TSNode Root) {
  for (size_t I = From; I < Chain.size(); ++I) {
    Step St = apply(S, Chain[I]);
    switch (St) {
    case Step::Fail:
      return false;
    case Step::Next:
      continue;
    case Step::Query:
    case Step::Statement:
      S.Range = {File, ts_node_start_byte(Root), ts_node_end_byte(Chain[I].Node)};
      return !ReachApiOnly || St == Step::Query ||
             reachesDriver(Chain[I].Node);
    }
  }
  // No end: a builder kept in a variable that only ends it.
  bool Query = false;
  if (!endedThroughVariable(Chain.back().Node, Query))
    return false;
  S.Range = {File, ts_node_start_byte(Root), ts_node_end_byte(Chain.back().Node)};
  return !ReachApiOnly || Query;
}

void Reader::qbChain(TSNode Root, const SinkModel &Row) {
  std::vector<Call> Chain = chainFrom(Root);
  const Call &R = Chain.front();
  GocqlxStatement S;
  S.Op = llvm::StringSwitch<GocqlxStatement::Kind>(R.Name)
             .Case("Insert", GocqlxStatement::Kind::Insert)
             .Case("Update", GocqlxStatement::Kind::Update)
             .Case("Delete", GocqlxStatement::Kind::Delete)
             .Default(GocqlxStatement::Kind::Select);
  S.Version3 = Version3;
  S.Head = at(R.NameNode, "");
  S.Reason = rowReason(Row, Catalog, "a gocqlx qb chain");
  S.Source = SnippetSource::Builder;
  S.Historical = inCallback(Root);
  if (R.Args.size() != 1)
    return;
  std::optional<CqlPiece> T = namePiece(R.Args[0], "SELECT * FROM ");
  // `qb.Select(models.Users.Name())`: the name of a model the file does
  // not declare, known once the model is joined.
  std::optional<TableRef> Model;
  std::optional<Call> NameCall = callOf(R.Args[0]);
  if (!T && NameCall && NameCall->Name == "Name" && NameCall->Args.empty())
    if (auto F = childByField(R.Args[0], "function"))
      if (auto Operand = childByField(*F, "operand"))
        Model = tableRef(*Operand);
  if (!T && (!Model || Model->Inline))
    return;
  if (T)
    S.Table = *T;
  if (!finish(S, Chain, 1, Root))
    return;
  if (Model) {
    GocqlxTableUse U;
    U.ImportPath = Model->ImportPath;
    U.Name = Model->Name;
    U.Function = Model->Function;
    U.Part = GocqlxTablePart::None;
    U.Statement = std::move(S);
    U.Method = at(R.Args[0], "");
    Facts->GoTableUses.push_back(std::move(U));
    return;
  }
  if (std::optional<CqlSnippet> Snip = writeGocqlxStatement(S, File))
    Out->push_back(std::move(*Snip));
}

/// A table model's method: what it makes and where its names start.
struct TableMethod {
  GocqlxStatement::Kind Op;
  GocqlxTablePart Part;
  enum { Statement, Query, Builder } Ends;
  size_t ColumnsFrom; // the first argument that names a column
  bool TakesColumns;
};

std::optional<TableMethod> tableMethod(llvm::StringRef M) {
  using K = GocqlxStatement::Kind;
  using P = GocqlxTablePart;
  TableMethod T{K::Select, P::None, TableMethod::Statement, 0, true};
  llvm::StringRef Base = M;
  if (Base.consume_back("QueryContext")) {
    T.Ends = TableMethod::Query;
    T.ColumnsFrom = 2;
  } else if (Base.consume_back("Query")) {
    T.Ends = TableMethod::Query;
    T.ColumnsFrom = 1;
  } else if (Base.consume_back("Builder")) {
    T.Ends = TableMethod::Builder;
  }
  if (Base == "Get") {
    T.Part = P::PrimaryKey;
  } else if (Base == "Select") {
    T.Part = P::PartitionKey;
  } else if (Base == "SelectAll" && T.Ends == TableMethod::Statement) {
    T.TakesColumns = false;
  } else if (Base == "Insert") {
    T.Op = K::Insert;
    T.Part = P::AllColumns;
    T.TakesColumns = false;
  } else if (Base == "Update") {
    T.Op = K::Update;
    T.Part = P::PrimaryKey;
  } else if (Base == "Delete") {
    T.Op = K::Delete;
    T.Part = P::PrimaryKey;
  } else {
    return std::nullopt;
  }
  return T;
}

void Reader::tableChain(TSNode Root, const Call &Method, const SinkModel &Row,
                        TableRef Ref) {
  std::optional<TableMethod> TM = tableMethod(Method.Name);
  if (!TM)
    return;
  std::vector<Call> Chain = chainFrom(Root);
  GocqlxStatement S;
  S.Op = TM->Op;
  S.Version3 = Version3;
  S.Head = at(Method.NameNode, "");
  S.Source = TM->Ends == TableMethod::Builder ? SnippetSource::Builder
                                              : SnippetSource::Mapper;
  S.Reason = rowReason(Row, Catalog, "a gocqlx table model's statement");
  S.Historical = inCallback(Root);
  if (Method.Args.size() < TM->ColumnsFrom ||
      (!TM->TakesColumns && Method.Args.size() != TM->ColumnsFrom))
    return;
  std::vector<CqlPiece> Cols;
  if (!columns(Cols, Method, TM->ColumnsFrom))
    return;
  if (S.Op == GocqlxStatement::Kind::Update) {
    for (CqlPiece &P : Cols)
      S.Sets.push_back({P, "", at(Method.NameNode, "?")});
  } else {
    S.Columns = Cols;
  }
  if (TM->Ends == TableMethod::Builder) {
    if (!finish(S, Chain, 1, Root))
      return;
  } else {
    S.Range = {File, ts_node_start_byte(Root), ts_node_end_byte(Method.Node)};
    if (ReachApiOnly && TM->Ends == TableMethod::Statement &&
        !reachesDriver(Method.Node))
      return;
  }
  CqlPiece MethodAt = at(Method.NameNode, Method.Name.str());
  if (Ref.Inline) {
    if (!applyGocqlxTable(S, TM->Part, *Ref.Inline, MethodAt))
      return;
    if (std::optional<CqlSnippet> Snip = writeGocqlxStatement(S, File))
      Out->push_back(std::move(*Snip));
    return;
  }
  GocqlxTableUse U;
  U.ImportPath = Ref.ImportPath;
  U.Name = Ref.Name;
  U.Function = Ref.Function;
  U.Part = TM->Part;
  U.Statement = std::move(S);
  U.Method = MethodAt;
  Facts->GoTableUses.push_back(std::move(U));
}

void Reader::run(TSNode Root, std::vector<CqlSnippet> &Snippets,
                 BuilderFacts &F) {
  Out = &Snippets;
  Facts = &F;
  if (!MigrateName.empty())
    forEachNamedNode(Root, [&](TSNode N) {
      if (!isGoFunctionNode(typeOf(N)))
        return;
      auto Params = childByField(N, "parameters");
      if (Params && llvm::any_of(namedChildren(*Params), [&](TSNode P) {
            auto Type = childByField(P, "type");
            return Type && text(*Type) == MigrateName + ".CallbackEvent";
          }))
        Callbacks.push_back({ts_node_start_byte(N), ts_node_end_byte(N)});
    });
  // The file's strings in a callback too.
  for (CqlSnippet &S : Snippets)
    if (S.Trust == SnippetTrust::Full && llvm::any_of(Callbacks, [&](const auto &C) {
          return C.first <= S.Range.Begin && S.Range.Begin < C.second;
        })) {
      S.Trust = SnippetTrust::TableUnknown;
      S.Reason += "; in a gocqlx migration callback, which runs against the "
                  "schema of its migration: not checked against the final one";
    }
  if (!TableName.empty())
    declaredTables(Root, F);
  forEachNamedNode(Root, [&](TSNode N) {
    std::optional<Call> C = callOf(N);
    if (!C)
      return;
    auto Fn = childByField(N, "function");
    if (!Fn || typeOf(*Fn) != "selector_expression")
      return;
    auto Operand = childByField(*Fn, "operand");
    if (!Operand)
      return;
    if (!QbName.empty() && typeOf(*Operand) == "identifier" &&
        text(*Operand) == QbName) {
      if (const SinkModel *Row = Catalog.builderRow("qb", C->Name))
        qbChain(N, *Row);
      return;
    }
    const SinkModel *Row = Catalog.builderRow("Table", C->Name);
    if (!Row)
      return;
    if (std::optional<TableRef> Ref = tableRef(*Operand))
      tableChain(N, *C, *Row, std::move(*Ref));
  });
}

} // namespace

bool mentionsGocqlx(llvm::StringRef Text) {
  return Text.contains("github.com/scylladb/gocqlx");
}

bool mayCallGocqlxTable(llvm::StringRef Text) {
  // One pass over the text's `(` (memchr), not one search per method: every
  // Go file of a tree goes through here.
  static const llvm::StringLiteral Builders[] = {
      "GetQuery",    "SelectQuery",   "InsertQuery",   "UpdateQuery",
      "DeleteQuery", "GetBuilder",    "SelectBuilder", "InsertBuilder",
      "UpdateBuilder", "DeleteBuilder"};
  static const llvm::StringLiteral NoArguments[] = {".Get", ".Select",
                                                    ".SelectAll", ".Insert",
                                                    ".Delete"};
  for (size_t P = Text.find('('); P != llvm::StringRef::npos;
       P = Text.find('(', P + 1)) {
    llvm::StringRef Before = Text.take_front(P);
    auto Ends = [&](llvm::StringRef M) { return Before.endswith(M); };
    if ((Before.endswith("Query") || Before.endswith("Builder")) &&
        llvm::any_of(Builders, Ends))
      return true;
    if (P + 1 < Text.size() && Text[P + 1] == ')' &&
        llvm::any_of(NoArguments, Ends))
      return true;
  }
  return false;
}

void findGocqlxQueries(Evaluator &Eval, const FileImports &Imports,
                       FileId File, TSNode Root, bool ReachApiOnly,
                       std::vector<CqlSnippet> &Out, BuilderFacts &Facts) {
  Reader R(Eval, Imports, File, ReachApiOnly);
  R.run(Root, Out, Facts);
}

} // namespace nosqlint::extract
