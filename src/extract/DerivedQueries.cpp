//===- DerivedQueries.cpp - Spring Data's grammar of query method names ---===//
#include "DerivedQueries.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

namespace nosqlint::extract {

namespace {

bool isUpperAt(llvm::StringRef S, size_t I) {
  // \p{Lu}, or any non-ASCII character (Spring's keyword lookahead accepts
  // \P{InBASIC_LATIN} too).
  return I < S.size() &&
         ((S[I] >= 'A' && S[I] <= 'Z') || static_cast<unsigned char>(S[I]) >= 0x80);
}

/// Text with the offset of each of its characters in the method name: the
/// predicate loses `AllIgnoreCase`/`IgnoreCase` from its middle, and every
/// piece must still say where it was written.
struct Located {
  std::string Text;
  std::vector<size_t> At;

  static Located of(llvm::StringRef S, size_t Base) {
    Located L;
    L.Text = S.str();
    for (size_t I = 0; I < S.size(); ++I)
      L.At.push_back(Base + I);
    return L;
  }
  Located slice(size_t B, size_t E) const {
    Located L;
    L.Text = Text.substr(B, E - B);
    L.At.assign(At.begin() + B, At.begin() + E);
    return L;
  }
  /// Without [B, E).
  Located erase(size_t B, size_t E) const {
    Located L = slice(0, B);
    Located R = slice(E, Text.size());
    L.Text += R.Text;
    L.At.insert(L.At.end(), R.At.begin(), R.At.end());
    return L;
  }
  size_t offset() const { return At.empty() ? 0 : At.front(); }
};

/// Pattern.split around \p Keyword where a capital follows it; empty pieces
/// are dropped (Spring filters them out).
std::vector<Located> splitAround(const Located &S, llvm::StringRef Keyword) {
  std::vector<Located> Out;
  llvm::StringRef T(S.Text);
  size_t From = 0;
  for (size_t I = T.find(Keyword); I != llvm::StringRef::npos;
       I = T.find(Keyword, I + 1)) {
    if (!isUpperAt(T, I + Keyword.size()) || I < From)
      continue;
    Out.push_back(S.slice(From, I));
    From = I + Keyword.size();
  }
  Out.push_back(S.slice(From, T.size()));
  llvm::erase_if(Out, [](const Located &L) { return L.Text.empty(); });
  return Out;
}

/// The first match of `Ignor(ing|e)Case` in \p S: its begin and end.
std::optional<std::pair<size_t, size_t>> ignoreCaseIn(llvm::StringRef S,
                                                      llvm::StringRef Prefix) {
  for (size_t I = S.find(Prefix); I != llvm::StringRef::npos;
       I = S.find(Prefix, I + 1)) {
    llvm::StringRef Rest = S.drop_front(I + Prefix.size());
    for (llvm::StringRef Tail : {"ingCase", "eCase"})
      if (Rest.startswith(Tail))
        return std::make_pair(I, I + Prefix.size() + Tail.size());
  }
  return std::nullopt;
}

struct OperatorKeywords {
  DerivedOperator Op;
  std::vector<llvm::StringRef> Keywords;
};

/// Part.Type's list, in the order Spring Data tries it.
const std::vector<OperatorKeywords> &operatorTable() {
  using O = DerivedOperator;
  static const std::vector<OperatorKeywords> Table = {
      {O::IsNotNull, {"IsNotNull", "NotNull"}},
      {O::IsNull, {"IsNull", "Null"}},
      {O::Between, {"IsBetween", "Between"}},
      {O::LessThan, {"IsLessThan", "LessThan"}},
      {O::LessThanEqual, {"IsLessThanEqual", "LessThanEqual"}},
      {O::GreaterThan, {"IsGreaterThan", "GreaterThan"}},
      {O::GreaterThanEqual, {"IsGreaterThanEqual", "GreaterThanEqual"}},
      {O::Before, {"IsBefore", "Before"}},
      {O::After, {"IsAfter", "After"}},
      {O::NotLike, {"IsNotLike", "NotLike"}},
      {O::Like, {"IsLike", "Like"}},
      {O::StartingWith, {"IsStartingWith", "StartingWith", "StartsWith"}},
      {O::EndingWith, {"IsEndingWith", "EndingWith", "EndsWith"}},
      {O::IsNotEmpty, {"IsNotEmpty", "NotEmpty"}},
      {O::IsEmpty, {"IsEmpty", "Empty"}},
      {O::NotContaining, {"IsNotContaining", "NotContaining", "NotContains"}},
      {O::Containing, {"IsContaining", "Containing", "Contains"}},
      {O::NotIn, {"IsNotIn", "NotIn"}},
      {O::In, {"IsIn", "In"}},
      {O::Near, {"IsNear", "Near"}},
      {O::Within, {"IsWithin", "Within"}},
      {O::Regex, {"MatchesRegex", "Matches", "Regex"}},
      {O::Exists, {"Exists"}},
      {O::True, {"IsTrue", "True"}},
      {O::False, {"IsFalse", "False"}},
      {O::NegatingSimpleProperty, {"IsNot", "Not"}},
      {O::SimpleProperty, {"Is", "Equals"}},
  };
  return Table;
}

std::optional<DerivedPart> readPart(const Located &Source) {
  Located S = Source;
  DerivedPart P;
  if (auto IC = ignoreCaseIn(S.Text, "Ignor")) {
    P.IgnoreCase = true;
    S = S.erase(IC->first, IC->second);
  }
  llvm::StringRef T(S.Text);
  const OperatorKeywords *Found = nullptr;
  for (const OperatorKeywords &K : operatorTable())
    if (llvm::any_of(K.Keywords,
                     [&](llvm::StringRef W) { return T.endswith(W); })) {
      Found = &K;
      break;
    }
  size_t Keep = T.size();
  if (Found) {
    P.Operator = Found->Op;
    // Type.extractProperty: the first keyword of the type that ends it.
    for (llvm::StringRef W : Found->Keywords)
      if (T.endswith(W)) {
        Keep = T.size() - W.size();
        break;
      }
  }
  if (Keep == 0)
    return std::nullopt; // `findByIs`: no property
  P.Property = T.take_front(Keep).str();
  P.Offset = S.offset();
  return P;
}

/// OrderBySource: blocks split after Asc/Desc, each `(.+?)(Asc|Desc)?$`.
std::optional<std::vector<DerivedOrder>> readOrder(const Located &S) {
  std::vector<DerivedOrder> Out;
  llvm::StringRef T(S.Text);
  size_t From = 0;
  auto Block = [&](size_t B, size_t E) -> bool {
    llvm::StringRef Piece = T.slice(B, E);
    DerivedOrder O;
    if (Piece.endswith("Desc") && Piece.size() > 4) {
      O.Descending = true;
      Piece = Piece.drop_back(4);
    } else if (Piece.endswith("Asc") && Piece.size() > 3) {
      Piece = Piece.drop_back(3);
    }
    if (Piece.empty())
      return false;
    O.Property = Piece.str();
    O.Offset = S.At[B];
    Out.push_back(std::move(O));
    return true;
  };
  for (size_t I = 1; I < T.size(); ++I) {
    bool AfterDirection = T.take_front(I).endswith("Asc") ||
                          T.take_front(I).endswith("Desc");
    if (AfterDirection && isUpperAt(T, I)) {
      if (!Block(From, I))
        return std::nullopt;
      From = I;
    }
  }
  if (From < T.size() && !Block(From, T.size()))
    return std::nullopt;
  return Out;
}

/// `^(find|read|get|query|search|stream|count|exists|delete|remove)
/// ((\p{Lu}.*?))??By`: the subject's length, or 0 when none matches.
size_t subjectLength(llvm::StringRef Name, DerivedSubject &Subject,
                     llvm::StringRef &Verb) {
  static const std::pair<const char *, DerivedSubject> Verbs[] = {
      {"find", DerivedSubject::Find},     {"read", DerivedSubject::Find},
      {"get", DerivedSubject::Find},      {"query", DerivedSubject::Find},
      {"search", DerivedSubject::Find},   {"stream", DerivedSubject::Find},
      {"count", DerivedSubject::Count},   {"exists", DerivedSubject::Exists},
      {"delete", DerivedSubject::Delete}, {"remove", DerivedSubject::Delete}};
  for (const auto &[V, S] : Verbs) {
    if (!Name.startswith(V))
      continue;
    size_t After = llvm::StringRef(V).size();
    if (Name.substr(After).startswith("By")) {
      Subject = S;
      Verb = V;
      return After + 2;
    }
    if (!isUpperAt(Name, After))
      continue;
    // The lazy group: the first `By` after at least one character.
    size_t By = Name.find("By", After + 1);
    if (By == llvm::StringRef::npos)
      continue;
    Subject = S;
    Verb = V;
    return By + 2;
  }
  return 0;
}

} // namespace

llvm::StringRef derivedOperatorName(DerivedOperator Op) {
  switch (Op) {
  case DerivedOperator::IsNotNull: return "IS_NOT_NULL";
  case DerivedOperator::IsNull: return "IS_NULL";
  case DerivedOperator::Between: return "BETWEEN";
  case DerivedOperator::LessThan: return "LESS_THAN";
  case DerivedOperator::LessThanEqual: return "LESS_THAN_EQUAL";
  case DerivedOperator::GreaterThan: return "GREATER_THAN";
  case DerivedOperator::GreaterThanEqual: return "GREATER_THAN_EQUAL";
  case DerivedOperator::Before: return "BEFORE";
  case DerivedOperator::After: return "AFTER";
  case DerivedOperator::NotLike: return "NOT_LIKE";
  case DerivedOperator::Like: return "LIKE";
  case DerivedOperator::StartingWith: return "STARTING_WITH";
  case DerivedOperator::EndingWith: return "ENDING_WITH";
  case DerivedOperator::IsNotEmpty: return "IS_NOT_EMPTY";
  case DerivedOperator::IsEmpty: return "IS_EMPTY";
  case DerivedOperator::NotContaining: return "NOT_CONTAINING";
  case DerivedOperator::Containing: return "CONTAINING";
  case DerivedOperator::NotIn: return "NOT_IN";
  case DerivedOperator::In: return "IN";
  case DerivedOperator::Near: return "NEAR";
  case DerivedOperator::Within: return "WITHIN";
  case DerivedOperator::Regex: return "REGEX";
  case DerivedOperator::Exists: return "EXISTS";
  case DerivedOperator::True: return "TRUE";
  case DerivedOperator::False: return "FALSE";
  case DerivedOperator::NegatingSimpleProperty: return "NEGATING_SIMPLE_PROPERTY";
  case DerivedOperator::SimpleProperty: return "SIMPLE_PROPERTY";
  }
  return "";
}

std::string decapitalize(llvm::StringRef Name) {
  if (Name.empty())
    return "";
  if (Name.size() > 1 && isUpperAt(Name, 0) && isUpperAt(Name, 1))
    return Name.str();
  std::string S = Name.str();
  S[0] = llvm::toLower(S[0]);
  return S;
}

std::optional<DerivedQuery> parseDerivedQuery(llvm::StringRef Name) {
  // Kotlin's name mangling (`findByName-abc123`).
  Name = Name.take_front(Name.find('-'));
  DerivedQuery Q;
  llvm::StringRef Verb;
  size_t SubjectEnd = subjectLength(Name, Q.Subject, Verb);
  if (SubjectEnd == 0)
    return std::nullopt;
  llvm::StringRef Subject = Name.slice(Verb.size(), SubjectEnd - 2);
  Q.Distinct = Subject.contains("Distinct");
  if (Q.Subject == DerivedSubject::Find) {
    // (Distinct)?(First|Top)(\d*)? right after the verb.
    llvm::StringRef S = Subject;
    S.consume_front("Distinct");
    if (S.consume_front("First") || S.consume_front("Top")) {
      size_t Digits = 0;
      while (Digits < S.size() && llvm::isDigit(S[Digits]))
        ++Digits;
      unsigned N = 1;
      if (Digits && S.take_front(Digits).getAsInteger(10, N))
        return std::nullopt;
      // The rest of the subject must be empty or start with a capital.
      if (Digits == S.size() || isUpperAt(S, Digits))
        Q.Limit = N;
    }
  }

  Located Predicate = Located::of(Name.drop_front(SubjectEnd), SubjectEnd);
  bool AllIgnoreCase = false;
  if (auto IC = ignoreCaseIn(Predicate.Text, "AllIgnor")) {
    AllIgnoreCase = true;
    Predicate = Predicate.erase(IC->first, IC->second);
  }
  // Split around OrderBy: at most once.
  std::vector<Located> Halves;
  {
    llvm::StringRef T(Predicate.Text);
    size_t From = 0;
    for (size_t I = T.find("OrderBy"); I != llvm::StringRef::npos;
         I = T.find("OrderBy", I + 1)) {
      if (!isUpperAt(T, I + 7))
        continue;
      Halves.push_back(Predicate.slice(From, I));
      From = I + 7;
    }
    Halves.push_back(Predicate.slice(From, T.size()));
  }
  if (Halves.size() > 2)
    return std::nullopt;
  for (const Located &Or : splitAround(Halves[0], "Or")) {
    std::vector<DerivedPart> Parts;
    for (const Located &And : splitAround(Or, "And")) {
      std::optional<DerivedPart> P = readPart(And);
      if (!P)
        return std::nullopt;
      P->IgnoreCase |= AllIgnoreCase;
      Parts.push_back(std::move(*P));
    }
    if (!Parts.empty())
      Q.Or.push_back(std::move(Parts));
  }
  if (Halves.size() == 2) {
    std::optional<std::vector<DerivedOrder>> O = readOrder(Halves[1]);
    if (!O || O->empty())
      return std::nullopt;
    Q.OrderBy = std::move(*O);
  }
  return Q;
}

} // namespace nosqlint::extract
