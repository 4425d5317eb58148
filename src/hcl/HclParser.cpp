//===- HclParser.cpp - parseHcl: the tree-sitter HCL grammar to hcl::Body -===//
#include "nosqlint/Hcl/Hcl.h"

#include "nosqlint/Basic/Nesting.h"

#include "llvm/Support/ConvertUTF.h"

#include <tree_sitter/api.h>

#include <memory>

extern "C" const TSLanguage *nosqlint_tree_sitter_hcl(void);

namespace nosqlint::hcl {

namespace {

/// Deeper nesting than this is not read (Other); a hostile file cannot
/// exhaust the stack.
constexpr unsigned MaxDepth = 200;

class Reader {
public:
  explicit Reader(llvm::StringRef Text) : Text(Text) {}

  void readBody(TSNode Node, Body &Out, unsigned Depth, File &F);

private:
  llvm::StringRef Text;

  llvm::StringRef text(TSNode N) const {
    uint32_t B = ts_node_start_byte(N), E = ts_node_end_byte(N);
    if (B > Text.size() || E > Text.size() || E < B)
      return {};
    return Text.slice(B, E);
  }
  static llvm::StringRef type(TSNode N) { return ts_node_type(N); }

  Expression readExpression(TSNode N, unsigned Depth);
  void readTemplate(TSNode N, Expression &E, unsigned Depth);
  std::string unescape(llvm::StringRef Raw, bool Quoted) const;
  void readStep(TSNode N, Expression &E, unsigned Depth);
};

std::string Reader::unescape(llvm::StringRef Raw, bool Quoted) const {
  std::string Out;
  Out.reserve(Raw.size());
  for (size_t I = 0; I < Raw.size(); ++I) {
    char C = Raw[I];
    // `$${` and `%%{` are the literal `${` and `%{`, in every template.
    if ((C == '$' || C == '%') && I + 2 < Raw.size() && Raw[I + 1] == C &&
        Raw[I + 2] == '{') {
      Out += C;
      Out += '{';
      I += 2;
      continue;
    }
    if (C != '\\' || !Quoted || I + 1 >= Raw.size()) {
      Out += C;
      continue;
    }
    char N = Raw[++I];
    switch (N) {
    case 'n': Out += '\n'; break;
    case 'r': Out += '\r'; break;
    case 't': Out += '\t'; break;
    case '"': Out += '"'; break;
    case '\\': Out += '\\'; break;
    case 'u':
    case 'U': {
      size_t Len = N == 'u' ? 4 : 8;
      unsigned long long Code = 0;
      if (I + Len < Raw.size() &&
          !Raw.substr(I + 1, Len).getAsInteger(16, Code) && Code <= 0x10FFFF) {
        char Buf[8];
        char *P = Buf;
        if (llvm::ConvertCodePointToUTF8(static_cast<unsigned>(Code), P))
          Out.append(Buf, P);
        I += Len;
      } else {
        Out += '\\';
        Out += N;
      }
      break;
    }
    default:
      Out += '\\';
      Out += N;
    }
  }
  return Out;
}

void Reader::readTemplate(TSNode N, Expression &E, unsigned Depth) {
  bool Quoted = type(N) != "heredoc_template";
  for (uint32_t I = 0; !Quoted && I < ts_node_named_child_count(N); ++I)
    if (type(ts_node_named_child(N, I)) == "heredoc_start" &&
        text(ts_node_named_child(N, I)).startswith("<<-"))
      return; // `<<-` strips indentation: Other, not read here
  bool Computed = false;
  uint32_t Count = ts_node_named_child_count(N);
  for (uint32_t I = 0; I < Count; ++I) {
    TSNode C = ts_node_named_child(N, I);
    llvm::StringRef T = type(C);
    if (T == "template_literal") {
      std::string Lit = unescape(text(C), Quoted);
      if (!E.Parts.empty() && E.Parts.back().isLiteral())
        E.Parts.back().Literal += Lit;
      else
        E.Parts.push_back(TemplatePart{std::move(Lit), {}});
    } else if (T == "template_interpolation") {
      TemplatePart P;
      for (uint32_t J = 0; J < ts_node_named_child_count(C); ++J) {
        TSNode X = ts_node_named_child(C, J);
        if (type(X) == "expression")
          P.Interpolation.push_back(readExpression(X, Depth + 1));
        else if (type(X) == "strip_marker")
          Computed = true; // `${~ x}` trims the literal beside it
      }
      if (P.Interpolation.empty())
        Computed = true;
      E.Parts.push_back(std::move(P));
    } else if (T == "template_directive") {
      Computed = true; // %{ if } / %{ for }
    }
  }
  if (Computed) {
    E.K = Expression::Kind::Other;
    E.Parts.clear();
    return;
  }
  bool AllLiteral = true;
  for (const TemplatePart &P : E.Parts)
    AllLiteral &= P.isLiteral();
  if (AllLiteral) {
    E.K = Expression::Kind::String;
    for (const TemplatePart &P : E.Parts)
      E.Text += P.Literal;
    E.Parts.clear();
  } else {
    E.K = Expression::Kind::Template;
  }
  if (!Quoted && E.K == Expression::Kind::String) {
    // The newline after `<<EOT` is not content; the one before the closing
    // marker is.
    if (llvm::StringRef(E.Text).startswith("\n"))
      E.Text.erase(0, 1);
    if (!llvm::StringRef(E.Text).endswith("\n"))
      E.Text += '\n';
  }
}

void Reader::readStep(TSNode N, Expression &E, unsigned Depth) {
  llvm::StringRef T = type(N);
  if (T == "get_attr") {
    for (uint32_t J = 0; J < ts_node_named_child_count(N); ++J)
      if (type(ts_node_named_child(N, J)) == "identifier")
        E.Steps.push_back({text(ts_node_named_child(N, J)).str(), {}});
    return;
  }
  if (T == "index") {
    TraversalStep S;
    TSNode Inner = ts_node_named_child(N, 0);
    if (type(Inner) == "legacy_index") {
      S.LiteralKey = text(Inner).ltrim('.').str();
    } else if (ts_node_named_child_count(Inner) > 0) {
      Expression Key = readExpression(ts_node_named_child(Inner, 0), Depth + 1);
      if (Key.K == Expression::Kind::String || Key.K == Expression::Kind::Number)
        S.LiteralKey = Key.Text;
    }
    E.Steps.push_back(std::move(S));
    return;
  }
  E.K = Expression::Kind::Other; // a splat
}

Expression Reader::readExpression(TSNode N, unsigned Depth) {
  Expression E;
  E.Begin = ts_node_start_byte(N);
  E.End = ts_node_end_byte(N);
  if (Depth > MaxDepth || ts_node_has_error(N))
    return E;
  llvm::StringRef T = type(N);
  if (T == "expression") {
    uint32_t Count = ts_node_named_child_count(N);
    if (Count == 0)
      return E;
    TSNode First = ts_node_named_child(N, 0);
    if (Count == 1 && type(First) != "variable_expr") {
      Expression Inner = readExpression(First, Depth + 1);
      Inner.Begin = E.Begin;
      Inner.End = E.End;
      return Inner;
    }
    // A traversal: a root (variable or any other term) and its steps.
    Expression Root = readExpression(First, Depth + 1);
    if (Root.K != Expression::Kind::Traversal || !Root.Steps.empty()) {
      if (Count == 1)
        return Root;
      return E; // `func()[0]`, `{...}.x`: computed
    }
    E = std::move(Root);
    E.Begin = ts_node_start_byte(N);
    E.End = ts_node_end_byte(N);
    for (uint32_t I = 1; I < Count && E.K == Expression::Kind::Traversal; ++I)
      readStep(ts_node_named_child(N, I), E, Depth);
    if (E.K != Expression::Kind::Traversal)
      E.Steps.clear();
    return E;
  }
  if (T == "variable_expr") {
    E.K = Expression::Kind::Traversal;
    E.Root = text(N).str();
    return E;
  }
  if (T == "literal_value" || T == "collection_value" || T == "template_expr") {
    if (ts_node_named_child_count(N) == 0)
      return E;
    Expression Inner = readExpression(ts_node_named_child(N, 0), Depth + 1);
    Inner.Begin = E.Begin;
    Inner.End = E.End;
    return Inner;
  }
  if (T == "numeric_lit") {
    E.K = Expression::Kind::Number;
    E.Text = text(N).str();
    return E;
  }
  if (T == "bool_lit") {
    E.K = Expression::Kind::Bool;
    E.BoolValue = text(N) == "true";
    return E;
  }
  if (T == "null_lit") {
    E.K = Expression::Kind::Null;
    return E;
  }
  if (T == "string_lit" || T == "quoted_template" || T == "heredoc_template") {
    readTemplate(N, E, Depth);
    return E;
  }
  if (T == "tuple") {
    E.K = Expression::Kind::Tuple;
    for (uint32_t I = 0; I < ts_node_named_child_count(N); ++I) {
      TSNode C = ts_node_named_child(N, I);
      if (type(C) == "expression")
        E.Elements.push_back(readExpression(C, Depth + 1));
    }
    return E;
  }
  if (T == "object") {
    E.K = Expression::Kind::Object;
    for (uint32_t I = 0; I < ts_node_named_child_count(N); ++I) {
      TSNode C = ts_node_named_child(N, I);
      if (type(C) != "object_elem")
        continue;
      TSNode Key = ts_node_child_by_field_name(C, "key", 3);
      TSNode Val = ts_node_child_by_field_name(C, "val", 3);
      if (ts_node_is_null(Key) || ts_node_is_null(Val))
        continue;
      E.Members.push_back(
          {readExpression(Key, Depth + 1), readExpression(Val, Depth + 1)});
    }
    return E;
  }
  if (T == "function_call") {
    E.K = Expression::Kind::Call;
    for (uint32_t I = 0; I < ts_node_named_child_count(N); ++I) {
      TSNode C = ts_node_named_child(N, I);
      if (type(C) == "identifier" && E.Root.empty())
        E.Root = text(C).str();
      else if (type(C) == "function_arguments")
        for (uint32_t J = 0; J < ts_node_named_child_count(C); ++J) {
          TSNode A = ts_node_named_child(C, J);
          if (type(A) == "expression")
            E.Elements.push_back(readExpression(A, Depth + 1));
          else if (type(A) == "ellipsis")
            E.K = Expression::Kind::Other; // `f(list...)`
        }
    }
    if (E.K != Expression::Kind::Call)
      E.Elements.clear();
    return E;
  }
  return E; // conditional, operation, for_expr: computed
}

void Reader::readBody(TSNode Node, Body &Out, unsigned Depth, File &F) {
  uint32_t Count = ts_node_named_child_count(Node);
  for (uint32_t I = 0; I < Count; ++I) {
    TSNode C = ts_node_named_child(Node, I);
    llvm::StringRef T = type(C);
    if (Depth > MaxDepth)
      return;
    if (T == "body") {
      readBody(C, Out, Depth + 1, F);
      continue;
    }
    if (ts_node_has_error(C))
      continue; // reported once, in File::Error; the rest is read
    if (T == "attribute") {
      Attribute A;
      A.Begin = ts_node_start_byte(C);
      A.End = ts_node_end_byte(C);
      for (uint32_t J = 0; J < ts_node_named_child_count(C); ++J) {
        TSNode X = ts_node_named_child(C, J);
        if (type(X) == "identifier" && A.Name.empty())
          A.Name = text(X).str();
        else if (type(X) == "expression")
          A.Value = readExpression(X, Depth + 1);
      }
      Out.Attributes.push_back(std::move(A));
    } else if (T == "block") {
      Block B;
      B.Begin = ts_node_start_byte(C);
      B.End = ts_node_end_byte(C);
      B.LabelsEnd = B.Begin;
      for (uint32_t J = 0; J < ts_node_named_child_count(C); ++J) {
        TSNode X = ts_node_named_child(C, J);
        llvm::StringRef XT = type(X);
        if (XT == "identifier" && B.Type.empty()) {
          B.Type = text(X).str();
          B.LabelsEnd = ts_node_end_byte(X);
        } else if (XT == "identifier" || XT == "string_lit") {
          if (XT == "identifier") {
            B.Labels.push_back(text(X).str());
          } else {
            Expression L = readExpression(X, Depth + 1);
            B.Labels.push_back(L.K == Expression::Kind::String ? L.Text : "");
          }
          B.LabelsEnd = ts_node_end_byte(X);
        } else if (XT == "body") {
          readBody(X, B.Content, Depth + 1, F);
        }
      }
      Out.Blocks.push_back(std::move(B));
    }
  }
}

/// The first ERROR or MISSING node, depth first.
std::optional<SyntaxError> firstError(TSNode Root) {
  if (!ts_node_has_error(Root))
    return std::nullopt;
  TSNode N = Root;
  for (unsigned Guard = 0; Guard < 100000; ++Guard) {
    if (ts_node_is_missing(N))
      return SyntaxError{ts_node_start_byte(N),
                         std::string("missing ") + ts_node_type(N)};
    if (llvm::StringRef(ts_node_type(N)) == "ERROR" && !ts_node_is_null(N))
      return SyntaxError{ts_node_start_byte(N), "unexpected text"};
    bool Descended = false;
    for (uint32_t I = 0, E = ts_node_child_count(N); I < E; ++I) {
      TSNode C = ts_node_child(N, I);
      if (ts_node_has_error(C) || ts_node_is_missing(C)) {
        N = C;
        Descended = true;
        break;
      }
    }
    if (!Descended)
      return SyntaxError{ts_node_start_byte(N), "unexpected text"};
  }
  return SyntaxError{ts_node_start_byte(Root), "unexpected text"};
}

struct ParserDeleter {
  void operator()(TSParser *P) const { ts_parser_delete(P); }
};
struct TreeDeleter {
  void operator()(TSTree *T) const { ts_tree_delete(T); }
};

} // namespace

const Expression *Expression::member(llvm::StringRef Key) const {
  for (const auto &[K, V] : Members) {
    if (K.K == Kind::Traversal && K.Steps.empty() && K.Root == Key)
      return &V;
    if (K.K == Kind::String && K.Text == Key)
      return &V;
  }
  return nullptr;
}

std::optional<std::string> Expression::dottedName() const {
  if (K != Kind::Traversal)
    return std::nullopt;
  std::string Name = Root;
  for (const TraversalStep &S : Steps) {
    if (S.Attribute.empty())
      return std::nullopt;
    Name += '.';
    Name += S.Attribute;
  }
  return Name;
}

const Attribute *Body::attribute(llvm::StringRef Name) const {
  for (const Attribute &A : Attributes)
    if (A.Name == Name)
      return &A;
  return nullptr;
}

std::vector<const Block *> Body::blocks(llvm::StringRef Type) const {
  std::vector<const Block *> Out;
  for (const Block &B : Blocks)
    if (B.Type == Type)
      Out.push_back(&B);
  return Out;
}

/// Every comment node (`#`, `//`, `/* */`), in source order; a cursor
/// walk, since trees can be deep.
static void collectComments(TSNode Root,
                            std::vector<std::pair<uint32_t, uint32_t>> &Out) {
  TSTreeCursor C = ts_tree_cursor_new(Root);
  bool Done = false;
  while (!Done) {
    TSNode N = ts_tree_cursor_current_node(&C);
    if (llvm::StringRef(ts_node_type(N)) == "comment")
      Out.emplace_back(ts_node_start_byte(N), ts_node_end_byte(N));
    if (ts_tree_cursor_goto_first_child(&C))
      continue;
    while (!ts_tree_cursor_goto_next_sibling(&C))
      if (!ts_tree_cursor_goto_parent(&C)) {
        Done = true;
        break;
      }
  }
  ts_tree_cursor_delete(&C);
}

File parseHcl(llvm::StringRef Text) {
  File F;
  const TSLanguage *Language = nosqlint_tree_sitter_hcl();
  std::unique_ptr<TSParser, ParserDeleter> Parser(ts_parser_new());
  if (!Language || !ts_parser_set_language(Parser.get(), Language)) {
    F.Error = SyntaxError{0, "the HCL grammar could not be loaded"};
    return F;
  }
  if (Text.size() > UINT32_MAX) {
    F.Error = SyntaxError{0, "file too large"};
    return F;
  }
  if (nestsDeeperThan(Text)) {
    F.Error = SyntaxError{0, "brackets nested more than " +
                                 std::to_string(MaxParseNesting) +
                                 " levels deep"};
    return F;
  }
  std::unique_ptr<TSTree, TreeDeleter> Tree(ts_parser_parse_string(
      Parser.get(), nullptr, Text.data(), static_cast<uint32_t>(Text.size())));
  if (!Tree) {
    F.Error = SyntaxError{0, "the file could not be parsed"};
    return F;
  }
  TSNode Root = ts_tree_root_node(Tree.get());
  F.Error = firstError(Root);
  Reader(Text).readBody(Root, F.Root, 0, F);
  collectComments(Root, F.Comments);
  return F;
}

} // namespace nosqlint::hcl
