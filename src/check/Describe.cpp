//===- Describe.cpp -------------------------------------------------------===//
#include "Describe.h"

#include "SelectAnalysis.h"

#include "nosqlint/Schema/TypeNames.h"

namespace nosqlint::check {

using namespace nosqlint::cql;
using schema::describeType;

static std::string describeList(const std::vector<Term> &Items,
                                const char *Open, const char *Close) {
  std::string S = Open;
  for (size_t I = 0; I < Items.size(); ++I)
    S += (I ? ", " : "") + describeTerm(Items[I]);
  return S + Close;
}

std::string describeTerm(const Term &T) {
  switch (T.Kind) {
  case Term::Literal:
    return T.Text;
  case Term::Null:
    return "null";
  case Term::BindMarker:
    return T.Text.empty() ? "?" : ":" + T.Text;
  case Term::FunctionCall:
    return T.Text + describeList(T.Children, "(", ")");
  case Term::List:
    return describeList(T.Children, "[", "]");
  case Term::Set:
    return describeList(T.Children, "{", "}");
  case Term::Tuple:
    return describeList(T.Children, "(", ")");
  case Term::Map: {
    std::string S = "{";
    for (size_t I = 0; I + 1 < T.Children.size(); I += 2)
      S += (I ? ", " : "") + describeTerm(T.Children[I]) + ": " +
           describeTerm(T.Children[I + 1]);
    return S + "}";
  }
  case Term::Udt: {
    std::string S = "{";
    for (size_t I = 0; I < T.Children.size(); ++I)
      S += (I ? ", " : "") +
           (I < T.FieldNames.size() ? T.FieldNames[I] : std::string("?")) +
           ": " + describeTerm(T.Children[I]);
    return S + "}";
  }
  case Term::TypeHint: {
    // (Built with append: GCC 12 misreads "lit" + std::string&& at -O3,
    // bug 105651.)
    std::string S = "(";
    if (T.Type)
      S += describeType(*T.Type);
    S += ")";
    if (!T.Children.empty())
      S += describeTerm(T.Children[0]);
    return S;
  }
  case Term::Arithmetic:
    if (T.Children.size() == 2)
      return describeTerm(T.Children[0]) + " " + T.Text + " " +
             describeTerm(T.Children[1]);
    return T.Text;
  case Term::Negation: {
    std::string S = "-";
    if (!T.Children.empty())
      S += describeTerm(T.Children[0]);
    return S;
  }
  }
  return T.Text;
}

std::string describeRelation(const Relation &R) {
  std::string Lhs;
  switch (R.Target) {
  case Relation::Column:
    Lhs = R.Columns.empty() ? "" : R.Columns[0].Name;
    break;
  case Relation::ColumnTuple:
  case Relation::Token: {
    Lhs = R.Target == Relation::Token ? "token(" : "(";
    for (size_t I = 0; I < R.Columns.size(); ++I)
      Lhs += (I ? ", " : "") + R.Columns[I].Name;
    Lhs += ")";
    break;
  }
  case Relation::MapElement:
    Lhs = (R.Columns.empty() ? "" : R.Columns[0].Name) + "[" +
          (R.Key ? describeTerm(*R.Key) : "") + "]";
    break;
  case Relation::CustomIndex:
    return "expr(" + (R.Columns.empty() ? "" : R.Columns[0].Name) + ", " +
           (R.Values.empty() ? "" : describeTerm(R.Values[0])) + ")";
  }
  std::string Op = R.NotIn ? "NOT IN" : relationOpSpelling(R.Op).str();
  if (R.Op == RelationOp::IsNotNull)
    return Lhs + " IS NOT NULL";
  std::string Rhs;
  if ((R.Op == RelationOp::In || R.NotIn) && !R.InMarker)
    Rhs = describeList(R.Values, "(", ")");
  else if (!R.Values.empty())
    Rhs = describeTerm(R.Values[0]);
  return Lhs + " " + Op + " " + Rhs;
}

std::optional<long long> literalInteger(const Term &T) {
  long long N = 0;
  if (T.Kind == Term::Literal && !llvm::StringRef(T.Text).getAsInteger(10, N))
    return N;
  if (T.Kind == Term::Negation && !T.Children.empty())
    if (std::optional<long long> V = literalInteger(T.Children[0]))
      return -*V;
  return std::nullopt;
}

std::string joinNames(const std::vector<std::string> &Names) {
  std::string S;
  for (size_t I = 0; I < Names.size(); ++I)
    S += (I ? ", " : "") + Names[I];
  return S;
}

} // namespace nosqlint::check
