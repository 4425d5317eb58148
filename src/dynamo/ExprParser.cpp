//===- ExprParser.cpp - DynamoDB expressions: ANTLR tree to IR ------------===//
//
// Runs the generated DynamoExpr parser on the decoded JSON string, converts
// the parse tree into Condition / DocumentPath / UpdateAction nodes with file
// ranges, resolves placeholders, and applies the checks DynamoDB makes while
// parsing, with its messages.
//
//===----------------------------------------------------------------------===//
#include "ExprParser.h"

#include "AntlrSupport.h"
#include "AttributeValues.h"
#include "BudgetedTokenStream.h"

#include "DynamoExprLexer.h"
#include "DynamoExprParser.h"

#include "llvm/ADT/StringSwitch.h"

#include <fmt/format.h>

namespace nosqlint::dynamo {

namespace gen = nosqlint_dynamo_gen;
using P = gen::DynamoExprParser;

namespace {

enum class FunctionRole { Unknown, Boolean, Size, IfNotExists, ListAppend };

FunctionRole functionRole(llvm::StringRef Name) {
  return llvm::StringSwitch<FunctionRole>(Name)
      .Cases("attribute_exists", "attribute_not_exists", "attribute_type",
             "begins_with", "contains", FunctionRole::Boolean)
      .Case("size", FunctionRole::Size)
      .Case("if_not_exists", FunctionRole::IfNotExists)
      .Case("list_append", FunctionRole::ListAppend)
      .Default(FunctionRole::Unknown);
}

unsigned expectedArity(llvm::StringRef Name) {
  return llvm::StringSwitch<unsigned>(Name)
      .Cases("attribute_exists", "attribute_not_exists", "size", 1)
      .Default(2);
}

/// attribute_exists and attribute_not_exists test a document path; the
/// other functions take a :value as their first operand too.
bool needsPath(llvm::StringRef Function) {
  return Function == "attribute_exists" || Function == "attribute_not_exists";
}

/// size() measures strings, binaries, sets, lists and maps.
bool sizeTakes(llvm::StringRef Type) {
  return Type != "N" && Type != "BOOL" && Type != "NULL";
}

/// begins_with() compares strings or binaries.
bool beginsWithTakes(llvm::StringRef Type) {
  return Type == "S" || Type == "B";
}

/// Two operands that are one document path (every step resolved).
bool samePath(const Operand &A, const Operand &B) {
  if (A.Kind != Operand::Path || B.Kind != Operand::Path ||
      A.P.Elements.size() != B.P.Elements.size())
    return false;
  for (size_t I = 0; I < A.P.Elements.size(); ++I) {
    const PathElement &X = A.P.Elements[I], &Y = B.P.Elements[I];
    if (!X.Resolved || !Y.Resolved || X.NameUnknown || Y.NameUnknown ||
        X.Kind != Y.Kind || X.Name != Y.Name)
      return false;
  }
  return true;
}

/// "{N:1704153600}" as DynamoDB prints a scalar AttributeValue.
std::string printedValue(const Operand &O) {
  const json::JsonMember &M = O.Val->Members.front();
  return "{" + M.Key + ":" + M.Value.Str + "}";
}

/// The scalar of a known S or N :value, for ordering BETWEEN bounds.
std::optional<std::string> scalarOf(const Operand &O) {
  std::optional<std::string> T = O.valueType();
  if (!T || (*T != "S" && *T != "N"))
    return std::nullopt;
  const json::JsonValue &X = O.Val->Members.front().Value;
  if (X.Unknown || !X.isString())
    return std::nullopt;
  return X.Str;
}

/// A document path has at most 32 levels, its attribute included (the
/// service quotas' "nested attribute depth").
constexpr size_t MaxPathElements = 32;

/// The largest list index DynamoDB parses: a 32-bit integer.
constexpr uint64_t MaxListIndex = 2147483647;

class Converter {
public:
  Converter(ExprKind Kind, FileId File, const TextMapper &Map,
            const std::vector<PlaceholderDef> &Names,
            const std::vector<PlaceholderDef> &Values, bool NamesOpen,
            Expression &E)
      : Kind(Kind), File(File), Map(Map), Names(Names), Values(Values),
        NamesOpen(NamesOpen), E(E) {}

  Condition condition(P::ConditionContext *C);
  Operand operand(P::OperandContext *C, bool InUpdate);
  DocumentPath path(P::PathContext *C);
  void update(P::UpdateExpressionContext *C);
  /// Two paths of an update or projection that overlap or conflict.
  void checkOverlaps();

  /// The parsed tokens, for the context of a syntax error.
  antlr4::TokenStream *Tokens = nullptr;

  void problem(std::string Message, SourceRange Range) {
    E.Problems.push_back(
        {fmt::format("Invalid {}: {}", exprParamName(Kind), Message), Range});
  }

private:
  PathElement pathName(P::PathNameContext *C);
  /// A :value operand of \p Function whose type \p Takes refuses is
  /// DynamoDB's "Incorrect operand type"; false when reported.
  bool checkOperandType(llvm::StringRef Function, const Operand &O,
                        bool (*Takes)(llvm::StringRef));
  /// `a = a`, `contains(a, a)`: DynamoDB wants distinct operands.
  bool checkDistinct(llvm::StringRef Operator, const Operand &First,
                     const Operand &Second);
  void checkBetweenBounds(const Operand &Low, const Operand &High);
  /// DynamoDB's `near` for a name token starting with `_`: the source from
  /// the token before it to the token after the `_` (the rest of the name,
  /// or a second `_`).
  std::string underscoreContext(antlr4::Token *Name) const;
  Operand functionOperand(P::FunctionOperandContext *C, bool InUpdate);

  /// DynamoDB's syntax error at the `+` or `-` \p Op: a SET value joins
  /// two operands with it, nothing else does.
  void arithmeticSyntaxError(antlr4::Token *Op);

  /// Inside a function's arguments or an arithmetic operand.
  unsigned OperandNesting = 0;
  /// A misplaced `+` or `-` was reported: the others are not (DynamoDB
  /// stops at the first).
  bool ArithmeticReported = false;

  ExprKind Kind;
  FileId File;
  const TextMapper &Map;
  const std::vector<PlaceholderDef> &Names;
  const std::vector<PlaceholderDef> &Values;
  bool NamesOpen; // unlisted #names may be defined (host source)
  Expression &E;
};

PathElement Converter::pathName(P::PathNameContext *C) {
  PathElement El;
  El.Kind = PathElement::Member;
  El.Written = C->getText();
  El.Range = Map.contextRange(C);
  El.Name = El.Written;
  if (C->NAME_PLACEHOLDER()) {
    El.IsPlaceholder = true;
    E.Uses.push_back({El.Written, El.Range, Kind});
    El.Resolved = false;
    bool Listed = false;
    for (const PlaceholderDef &D : Names)
      if (D.Key == El.Written) {
        Listed = true;
        if (D.Value && D.Value->Unknown) {
          El.NameUnknown = true; // {"#n": someVariable}
          break;
        }
        El.Resolved = D.Value && D.Value->isString();
        if (El.Resolved)
          El.Name = D.Value->Str;
        break;
      }
    El.NameUnknown |= !Listed && NamesOpen;
  } else {
    E.BareNames.push_back(El);
    // DynamoDB's tokenizer starts a name with a letter: a leading `_` is a
    // token of its own, and a syntax error.
    if (El.Written.front() == '_')
      problem("Syntax error; token: \"_\", near: \"" +
                  underscoreContext(C->getStart()) + "\"",
              El.Range);
  }
  return El;
}

bool Converter::checkOperandType(llvm::StringRef Function, const Operand &O,
                                 bool (*Takes)(llvm::StringRef)) {
  std::optional<std::string> T = O.valueType();
  if (O.Kind != Operand::Value || !T || Takes(*T))
    return true;
  problem(fmt::format("Incorrect operand type for operator or function; "
                      "operator or function: {}, operand type: {}",
                      Function.str(), *T),
          O.Range);
  return false;
}

std::string Converter::underscoreContext(antlr4::Token *Name) const {
  std::string Text = Name->getText();
  size_t NextEnd = Text.size() > 1 && Text[1] == '_' ? 2 : Text.size();
  size_t Begin = Name->getStartIndex();
  if (Tokens)
    for (ssize_t I = static_cast<ssize_t>(Name->getTokenIndex()) - 1; I >= 0;
         --I) {
      antlr4::Token *Prev = Tokens->get(static_cast<size_t>(I));
      if (Prev->getChannel() != antlr4::Token::DEFAULT_CHANNEL)
        continue;
      Begin = Prev->getStartIndex();
      break;
    }
  size_t End = Name->getStartIndex() + NextEnd - 1;
  return Name->getInputStream()->getText(antlr4::misc::Interval(Begin, End));
}

bool Converter::checkDistinct(llvm::StringRef Operator, const Operand &First,
                              const Operand &Second) {
  if (!samePath(First, Second))
    return true;
  problem(fmt::format("The first operand must be distinct from the remaining "
                      "operands for this operator or function; operator: {}, "
                      "first operand: {}",
                      Operator.str(), First.P.bracketed()),
          Second.Range);
  return false;
}

void Converter::checkBetweenBounds(const Operand &Low, const Operand &High) {
  std::optional<std::string> TL = Low.valueType(), TH = High.valueType();
  if (!TL || !TH)
    return;
  for (const Operand *O : {&Low, &High})
    if (std::optional<std::string> T = O->valueType(); *T == "L" || *T == "M")
      return problem(fmt::format("Incorrect operand type for operator or "
                                 "function; operator or function: BETWEEN, "
                                 "operand type: {}",
                                 *T),
                     O->Range);
  std::optional<std::string> A = scalarOf(Low), B = scalarOf(High);
  if (!A || !B)
    return;
  const char *Problem = nullptr;
  if (*TL != *TH) {
    Problem = "requires same data type for lower and upper bounds";
  } else if (*TL == "S" ? *A > *B
                        : parseDecimal(*A) && parseDecimal(*B) &&
                              compareDecimals(*parseDecimal(*A),
                                              *parseDecimal(*B)) > 0) {
    Problem = "requires upper bound to be greater than or equal to lower "
              "bound";
  }
  if (Problem)
    problem(fmt::format("The BETWEEN operator {}; lower bound operand: "
                        "AttributeValue: {}, upper bound operand: "
                        "AttributeValue: {}",
                        Problem, printedValue(Low), printedValue(High)),
            SourceRange::join(Low.Range, High.Range));
}

DocumentPath Converter::path(P::PathContext *C) {
  DocumentPath Path;
  Path.Range = Map.contextRange(C);
  Path.Elements.push_back(pathName(C->pathName()));
  for (P::PathStepContext *S : C->pathStep()) {
    if (auto *M = dynamic_cast<P::MemberStepContext *>(S)) {
      Path.Elements.push_back(pathName(M->pathName()));
      continue;
    }
    auto *I = static_cast<P::IndexStepContext *>(S);
    PathElement El;
    El.Kind = PathElement::ListIndex;
    El.Written = I->INTEGER()->getText();
    El.Name = "[" + El.Written + "]";
    El.Range = Map.contextRange(I);
    El.Index = std::strtoull(El.Written.c_str(), nullptr, 10);
    // DynamoDB reads a list index as a 32-bit integer.
    if (El.Index > MaxListIndex) // strtoull saturates
      problem("List index is not within the allowable range; index: [" +
                  El.Written + "]",
              El.Range);
    Path.Elements.push_back(std::move(El));
  }
  if (Path.Elements.size() > MaxPathElements)
    problem(fmt::format("The document path has too many nesting levels; "
                        "nesting levels: {}",
                        Path.Elements.size()),
            Path.Range);
  return Path;
}

Operand Converter::functionOperand(P::FunctionOperandContext *C,
                                   bool InUpdate) {
  Operand O;
  O.Kind = Operand::Function;
  O.FunctionName = C->IDENTIFIER()->getText();
  O.NameRange = Map.tokenRange(C->IDENTIFIER()->getSymbol());
  O.Range = Map.contextRange(C);
  ++OperandNesting;
  for (P::OperandContext *A : C->operand())
    O.Args.push_back(operand(A, InUpdate));
  --OperandNesting;
  FunctionRole Role = functionRole(O.FunctionName);
  if (Role == FunctionRole::Unknown) {
    problem("Invalid function name; function: " + O.FunctionName, O.NameRange);
    return O;
  }
  bool Allowed = InUpdate ? (Role == FunctionRole::IfNotExists ||
                             Role == FunctionRole::ListAppend)
                          : Role == FunctionRole::Size;
  if (!Allowed) {
    if (!InUpdate && Role != FunctionRole::Boolean)
      problem("The function is not allowed in a " +
                  std::string(Kind == ExprKind::Filter ? "filter" : "condition") +
                  " expression; function: " + O.FunctionName,
              O.NameRange);
    else
      problem("The function is not allowed to be used this way in an "
              "expression; function: " + O.FunctionName,
              O.NameRange);
    return O;
  }
  // list_append's result is not an operand of list_append (DynamoDB takes
  // list_append(if_not_exists(a, :e), :v), not list_append(list_append(..)).
  const Operand *Inner = nullptr;
  if (Role == FunctionRole::ListAppend)
    for (const Operand &Arg : O.Args)
      if (Arg.Kind == Operand::Function && Arg.FunctionName == "list_append") {
        Inner = &Arg;
        break;
      }
  unsigned Want = Role == FunctionRole::Size ? 1 : 2;
  if (Inner)
    problem("The function is not allowed to be used this way in an "
            "expression; function: list_append",
            Inner->NameRange);
  else if (O.Args.size() != Want)
    problem(fmt::format("Incorrect number of operands for operator or "
                        "function; operator or function: {}, number of "
                        "operands: {}",
                        O.FunctionName, O.Args.size()),
            O.Range);
  else if (Role == FunctionRole::IfNotExists &&
           O.Args.front().Kind != Operand::Path)
    problem(fmt::format("Operator or function requires a document path; "
                        "operator or function: {}",
                        O.FunctionName),
            O.Args.front().Range);
  else if (Role == FunctionRole::Size)
    checkOperandType(O.FunctionName, O.Args.front(), sizeTakes);
  else if (Role == FunctionRole::ListAppend)
    for (const Operand &Arg : O.Args)
      if (!checkOperandType(O.FunctionName, Arg,
                            [](llvm::StringRef T) { return T == "L"; }))
        break;
  return O;
}

Operand Converter::operand(P::OperandContext *C, bool InUpdate) {
  if (auto *V = dynamic_cast<P::ValueOperandContext *>(C)) {
    Operand O;
    O.Kind = Operand::Value;
    O.Placeholder = V->getText();
    O.Range = Map.contextRange(V);
    E.Uses.push_back({O.Placeholder, O.Range, Kind});
    for (const PlaceholderDef &D : Values)
      if (D.Key == O.Placeholder) {
        O.Val = D.Value;
        break;
      }
    return O;
  }
  if (auto *Pa = dynamic_cast<P::PathOperandContext *>(C)) {
    Operand O;
    O.Kind = Operand::Path;
    O.P = path(Pa->path());
    O.Range = O.P.Range;
    return O;
  }
  if (auto *F = dynamic_cast<P::FunctionOperandContext *>(C))
    return functionOperand(F, InUpdate);
  if (auto *Par = dynamic_cast<P::ParenOperandContext *>(C)) {
    Operand O = operand(Par->operand(), InUpdate);
    O.Range = Map.contextRange(Par);
    return O;
  }
  auto *A = static_cast<P::ArithmeticOperandContext *>(C);
  Operand O;
  O.Kind = A->PLUS() ? Operand::Plus : Operand::Minus;
  antlr4::tree::TerminalNode *Op = A->PLUS() ? A->PLUS() : A->MINUS();
  O.NameRange = Map.tokenRange(Op->getSymbol());
  O.Range = Map.contextRange(A);
  // `+` and `-` join two operands, at the top of a SET value only. DynamoDB
  // stops at the first operator that breaks this: one in a condition or a
  // function argument, or the second one of a chain (`a + b + c`, whose
  // first `+` is the innermost on the left).
  bool Top = InUpdate && OperandNesting == 0;
  if (Top) {
    antlr4::Token *Breaks = nullptr;
    for (auto *N = A; auto *L = dynamic_cast<P::ArithmeticOperandContext *>(
                          N->operand(0));
         N = L)
      Breaks = (N->PLUS() ? N->PLUS() : N->MINUS())->getSymbol();
    if (Breaks && !ArithmeticReported)
      arithmeticSyntaxError(Breaks);
  }
  // Source order: the operators on the left, this one, those on the right.
  ++OperandNesting;
  O.Args.push_back(operand(A->operand(0), InUpdate));
  if (!Top && !ArithmeticReported)
    arithmeticSyntaxError(Op->getSymbol());
  O.Args.push_back(operand(A->operand(1), InUpdate));
  --OperandNesting;
  if (Top && !ArithmeticReported)
    for (const Operand &Arg : O.Args)
      if (!checkOperandType(Op->getText(), Arg,
                            [](llvm::StringRef T) { return T == "N"; }))
        break;
  return O;
}

void Converter::arithmeticSyntaxError(antlr4::Token *Op) {
  ArithmeticReported = true;
  problem("Syntax error; token: \"" + Op->getText() + "\", near: \"" +
              (Tokens ? nearText(*Tokens, Op) : Op->getText()) + "\"",
          Map.tokenRange(Op));
}

Condition Converter::condition(P::ConditionContext *C) {
  Condition R;
  R.Range = Map.contextRange(C);
  if (auto *N = dynamic_cast<P::NotConditionContext *>(C)) {
    R.Kind = Condition::Not;
    R.OperatorRange = Map.tokenRange(N->NOT()->getSymbol());
    R.Children.push_back(condition(N->condition()));
    return R;
  }
  if (auto *A = dynamic_cast<P::AndConditionContext *>(C)) {
    R.Kind = Condition::And;
    R.OperatorRange = Map.tokenRange(A->AND()->getSymbol());
    R.Children.push_back(condition(A->condition(0)));
    R.Children.push_back(condition(A->condition(1)));
    return R;
  }
  if (auto *O = dynamic_cast<P::OrConditionContext *>(C)) {
    R.Kind = Condition::Or;
    R.OperatorRange = Map.tokenRange(O->OR()->getSymbol());
    R.Children.push_back(condition(O->condition(0)));
    R.Children.push_back(condition(O->condition(1)));
    return R;
  }
  if (auto *Pa = dynamic_cast<P::ParenConditionContext *>(C)) {
    R.Kind = Condition::Paren;
    R.Children.push_back(condition(Pa->condition()));
    if (R.Children.front().Kind == Condition::Paren)
      problem("The expression has redundant parentheses;", R.Range);
    return R;
  }
  if (auto *Cm = dynamic_cast<P::CompareConditionContext *>(C)) {
    R.Kind = Condition::Compare;
    P::ComparatorContext *Op = Cm->comparator();
    R.OperatorRange = Map.contextRange(Op);
    R.Op = Op->EQ()   ? CompareOp::Eq
           : Op->NE() ? CompareOp::Ne
           : Op->LT() ? CompareOp::Lt
           : Op->LE() ? CompareOp::Le
           : Op->GT() ? CompareOp::Gt
                      : CompareOp::Ge;
    R.Operands.push_back(operand(Cm->operand(0), false));
    R.Operands.push_back(operand(Cm->operand(1), false));
    if (!checkDistinct(compareOpSpelling(R.Op), R.Operands[0], R.Operands[1]))
      return R;
    if (R.Op != CompareOp::Eq && R.Op != CompareOp::Ne &&
        Kind != ExprKind::KeyCondition)
      for (const Operand &O : R.Operands)
        if (!checkOperandType(compareOpSpelling(R.Op), O,
                              [](llvm::StringRef T) {
                                return T != "L" && T != "M";
                              }))
          break;
    return R;
  }
  if (auto *B = dynamic_cast<P::BetweenConditionContext *>(C)) {
    R.Kind = Condition::Between;
    R.OperatorRange = Map.tokenRange(B->BETWEEN()->getSymbol());
    for (size_t I = 0; I < 3; ++I)
      R.Operands.push_back(operand(B->operand(I), false));
    // A key condition's bounds are KeyConditionRule.cpp's.
    if (Kind != ExprKind::KeyCondition)
      checkBetweenBounds(R.Operands[1], R.Operands[2]);
    return R;
  }
  if (auto *In = dynamic_cast<P::InConditionContext *>(C)) {
    R.Kind = Condition::In;
    R.OperatorRange = Map.tokenRange(In->IN()->getSymbol());
    for (P::OperandContext *O : In->operand())
      R.Operands.push_back(operand(O, false));
    return R;
  }
  auto *F = static_cast<P::FunctionConditionContext *>(C);
  R.Kind = Condition::Function;
  R.FunctionName = F->IDENTIFIER()->getText();
  R.OperatorRange = Map.tokenRange(F->IDENTIFIER()->getSymbol());
  for (P::OperandContext *O : F->operand())
    R.Operands.push_back(operand(O, false));
  FunctionRole Role = functionRole(R.FunctionName);
  if (Role == FunctionRole::Unknown) {
    problem("Invalid function name; function: " + R.FunctionName,
            R.OperatorRange);
  } else if (Role != FunctionRole::Boolean) {
    problem("The function is not allowed to be used this way in an "
            "expression; function: " + R.FunctionName,
            R.OperatorRange);
  } else if (R.Operands.size() != expectedArity(R.FunctionName)) {
    problem(fmt::format("Incorrect number of operands for operator or "
                        "function; operator or function: {}, number of "
                        "operands: {}",
                        R.FunctionName, R.Operands.size()),
            R.Range);
  } else if (R.Operands.size() == 2 &&
             !checkDistinct(R.FunctionName, R.Operands[0], R.Operands[1])) {
  } else if (R.Operands.front().Kind != Operand::Path &&
             needsPath(R.FunctionName)) {
    problem(fmt::format("Operator or function requires a document path; "
                        "operator or function: {}",
                        R.FunctionName),
            R.Operands.front().Range);
  } else if (R.FunctionName == "begins_with" &&
             Kind != ExprKind::KeyCondition) {
    // A key condition's operand types are judged against the key schema
    // (KeyConditionRule.cpp).
    for (const Operand &O : R.Operands)
      if (!checkOperandType(R.FunctionName, O, beginsWithTakes))
        break;
  } else if (R.FunctionName == "attribute_type" &&
             R.Operands[1].Kind == Operand::Path) {
    problem("Incorrect operand type for operator or function; operator or "
            "function: attribute_type, operand type: "
            "{NS,SS,L,BS,N,M,B,BOOL,NULL,S}",
            R.Operands[1].Range);
  } else if (R.FunctionName == "attribute_type" &&
             !checkOperandType(R.FunctionName, R.Operands[1],
                               [](llvm::StringRef T) { return T == "S"; })) {
  } else if (R.FunctionName == "attribute_type") {
    const Operand &T = R.Operands[1];
    const json::JsonValue *TypeName =
        T.Kind == Operand::Value && T.Val && T.Val->isObject()
            ? T.Val->get("S")
            : nullptr;
    if (TypeName && TypeName->isString() && !TypeName->Unknown) {
      llvm::StringRef Name = TypeName->Str;
      bool Valid = llvm::StringSwitch<bool>(Name)
                       .Cases("S", "SS", "N", "NS", "B", "BS", true)
                       .Cases("BOOL", "NULL", "L", "M", true)
                       .Default(false);
      if (!Valid)
        problem("Invalid attribute type name found; type: " + Name.str() +
                    ", valid types: {B,NULL,SS,BOOL,L,BS,N,NS,S,M}",
                T.Range);
    }
  }
  return R;
}

/// True if \p A is \p B or one of its ancestors (or the reverse); sets
/// \p Conflict when they part at a step where one indexes a list and the
/// other names a map member.
bool overlaps(const DocumentPath &A, const DocumentPath &B, bool &Conflict) {
  Conflict = false;
  size_t N = std::min(A.Elements.size(), B.Elements.size());
  for (size_t I = 0; I < N; ++I) {
    const PathElement &X = A.Elements[I], &Y = B.Elements[I];
    if (X.Kind != Y.Kind) {
      Conflict = true;
      return false;
    }
    // A #name computed at run time keeps its placeholder as its Name: the
    // same placeholder is the same attribute, another may be any other.
    if (X.Name != Y.Name || X.NameUnknown != Y.NameUnknown)
      return false;
  }
  return true;
}

void Converter::checkOverlaps() {
  std::vector<const DocumentPath *> Paths;
  for (const UpdateAction &U : E.Updates)
    Paths.push_back(&U.Path);
  for (const DocumentPath &P : E.Projection)
    Paths.push_back(&P);
  for (size_t I = 0; I < Paths.size(); ++I)
    for (size_t J = I + 1; J < Paths.size(); ++J) {
      const DocumentPath &A = *Paths[I], &B = *Paths[J];
      bool Conflict = false;
      bool Overlap = overlaps(A, B, Conflict);
      if (!Overlap && !Conflict)
        continue;
      problem(fmt::format("Two document paths {} with each other; must "
                          "remove or rewrite one of these paths; path one: "
                          "{}, path two: {}",
                          Overlap ? "overlap" : "conflict", A.bracketed(),
                          B.bracketed()),
              B.Range);
      return;
    }
}

void Converter::update(P::UpdateExpressionContext *C) {
  bool Seen[4] = {false, false, false, false};
  static const char *const ClauseNames[] = {"SET", "REMOVE", "ADD", "DELETE"};
  for (P::UpdateClauseContext *Clause : C->updateClause()) {
    UpdateAction::KindType K;
    if (auto *S = dynamic_cast<P::SetClauseContext *>(Clause)) {
      K = UpdateAction::Set;
      for (P::SetActionContext *A : S->setAction()) {
        UpdateAction U;
        U.Kind = K;
        U.Range = Map.contextRange(A);
        U.Path = path(A->path());
        U.Value = operand(A->operand(), /*InUpdate=*/true);
        E.Updates.push_back(std::move(U));
      }
    } else if (auto *R = dynamic_cast<P::RemoveClauseContext *>(Clause)) {
      K = UpdateAction::Remove;
      for (P::PathContext *Pa : R->path()) {
        UpdateAction U;
        U.Kind = K;
        U.Range = Map.contextRange(Pa);
        U.Path = path(Pa);
        E.Updates.push_back(std::move(U));
      }
    } else {
      auto *Add = dynamic_cast<P::AddClauseContext *>(Clause);
      auto *Del = dynamic_cast<P::DeleteClauseContext *>(Clause);
      K = Add ? UpdateAction::Add : UpdateAction::Delete;
      std::vector<P::PathContext *> Paths = Add ? Add->path() : Del->path();
      std::vector<P::OperandContext *> Ops =
          Add ? Add->operand() : Del->operand();
      for (size_t I = 0; I < Paths.size() && I < Ops.size(); ++I) {
        UpdateAction U;
        U.Kind = K;
        U.Path = path(Paths[I]);
        U.Value = operand(Ops[I], /*InUpdate=*/false);
        U.Range = SourceRange::join(U.Path.Range, U.Value->Range);
        if (U.Value->Kind != Operand::Value)
          problem(fmt::format("Syntax error; token: \"{}\", near: \"{} {}\"",
                              Ops[I]->getText(), Paths[I]->getText(),
                              Ops[I]->getText()),
                  U.Value->Range);
        E.Updates.push_back(std::move(U));
      }
    }
    if (Seen[K])
      problem(fmt::format("The \"{}\" section can only be used once in an "
                          "update expression;",
                          ClauseNames[K]),
              Map.tokenRange(Clause->getStart()));
    Seen[K] = true;
  }
  if (E.Problems.empty())
    checkOverlaps();
}

} // namespace

Expression parseExpression(ExprKind Kind, const json::JsonValue &Str,
                           FileId File, const std::vector<PlaceholderDef> &Names,
                           const std::vector<PlaceholderDef> &Values,
                           bool NamesOpen) {
  Expression E;
  E.Kind = Kind;
  E.Json = &Str;
  E.Range = Str.contentRange(File);
  if (!Str.isString()) {
    E.Problems.push_back(
        {fmt::format("{} must be a string, not {}", exprParamName(Kind),
                     json::JsonValue::kindName(Str.K)),
         Str.range(File)});
    return E;
  }
  if (llvm::StringRef(Str.Str).trim().empty()) {
    E.Empty = true;
    E.Problems.push_back(
        {fmt::format("Invalid {}: The expression can not be empty;",
                     exprParamName(Kind)),
         Str.range(File)});
    return E;
  }

  // DynamoDB's own limit on an expression string.
  if (Str.Str.size() > 4096) {
    E.Problems.push_back(
        {fmt::format("Invalid {}: Expression size has exceeded the maximum "
                     "allowed size; expression size: {}",
                     exprParamName(Kind), Str.Str.size()),
         Str.range(File)});
    return E;
  }
  if (unsigned Depth = nestingDepth(Str.Str); Depth > MaxNesting) {
    E.Problems.push_back(
        {fmt::format("Invalid {}: the expression nests {} levels deep; "
                     "DynamoDB allows at most 300 operators and functions "
                     "per expression, and nosqlint analyzes at most {} levels",
                     exprParamName(Kind), Depth, MaxNesting),
         Str.range(File)});
    return E;
  }

  TextOrigin Origin = Str.contentOrigin(File);
  TextMapper Map(Str.Str, Origin);
  antlr4::ANTLRInputStream Input(Str.Str);
  gen::DynamoExprLexer Lexer(&Input);
  Lexer.removeErrorListeners();
  antlr::BudgetedTokenStream Tokens(&Lexer);
  Tokens.fill();
  Tokens.setBudget(predictionBudget(Tokens.size()));
  P Parser(&Tokens);
  Parser.removeErrorListeners();
  FirstErrorListener Errors;
  Parser.addErrorListener(&Errors);

  Converter Conv(Kind, File, Map, Names, Values, NamesOpen, E);
  Conv.Tokens = &Tokens;
  auto SyntaxError = [&] {
    const antlr4::Token *T = Errors.First->Offending;
    E.Problems.push_back(
        {fmt::format("Invalid {}: {}", exprParamName(Kind),
                     syntaxErrorMessage(Tokens, T)),
         Map.tokenRange(T)});
  };

  // Every expression parse is bounded (BudgetedTokenStream.h): one that
  // needs more lookahead than the budget is reported, never hangs.
  try {
    switch (Kind) {
    case ExprKind::KeyCondition:
    case ExprKind::Filter:
    case ExprKind::Condition: {
      P::ConditionExpressionContext *Tree = Parser.conditionExpression();
      if (Errors.First)
        return SyntaxError(), E;
      E.Cond = Conv.condition(Tree->condition());
      break;
    }
    case ExprKind::Projection: {
      P::ProjectionExpressionContext *Tree = Parser.projectionExpression();
      if (Errors.First)
        return SyntaxError(), E;
      for (P::PathContext *Pa : Tree->path())
        E.Projection.push_back(Conv.path(Pa));
      if (E.Problems.empty())
        Conv.checkOverlaps();
      break;
    }
    case ExprKind::Update: {
      P::UpdateExpressionContext *Tree = Parser.updateExpression();
      if (Errors.First)
        return SyntaxError(), E;
      Conv.update(Tree);
      break;
    }
    }
  } catch (antlr::PredictionBudgetExceeded &) {
    E.Cond.reset();
    E.Projection.clear();
    E.Updates.clear();
    E.Problems.push_back(
        {fmt::format("Invalid {}: the expression is too complex for nosqlint "
                     "to analyze (its parse needed more lookahead than the "
                     "budget of {} + {} steps per token)",
                     exprParamName(Kind), PredictionBudgetBase,
                     PredictionBudgetPerToken),
         Str.range(File)});
  }
  return E;
}

} // namespace nosqlint::dynamo
