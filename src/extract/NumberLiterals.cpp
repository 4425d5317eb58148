//===- NumberLiterals.cpp -------------------------------------------------===//
#include "NumberLiterals.h"

#include "llvm/ADT/StringExtras.h"

namespace nosqlint::extract {

namespace {

/// The value of \p Digits in base \p Radix, as decimal; nothing on overflow
/// or a digit outside the base.
std::optional<std::string> inRadix(llvm::StringRef Digits, unsigned Radix) {
  if (Digits.empty())
    return std::nullopt;
  uint64_t V = 0;
  if (Digits.getAsInteger(Radix, V))
    return std::nullopt;
  return std::to_string(V);
}

} // namespace

std::string cqlNumberLiteral(HostLanguage Lang, llvm::StringRef Written) {
  std::string S;
  S.reserve(Written.size());
  for (char C : Written)
    if (C != '_' && C != '\'')
      S.push_back(C);
  llvm::StringRef T(S);
  bool Negative = T.consume_front("-");
  std::string Sign = Negative ? "-" : "";
  // Integer type suffixes: L, U, UL, LU (Java, Kotlin, C#), n (JS BigInt).
  auto DropIntegerSuffix = [](llvm::StringRef X) {
    while (!X.empty() && (X.back() == 'l' || X.back() == 'L' ||
                          X.back() == 'u' || X.back() == 'U'))
      X = X.drop_back();
    return X;
  };
  if (T.startswith_insensitive("0x")) {
    llvm::StringRef Digits = DropIntegerSuffix(T.drop_front(2));
    if (Lang == HostLanguage::JavaScript || Lang == HostLanguage::TypeScript ||
        Lang == HostLanguage::Tsx)
      Digits.consume_back("n");
    if (auto V = inRadix(Digits, 16))
      return Sign + *V;
    return Written.str();
  }
  if (T.startswith_insensitive("0b")) {
    if (auto V = inRadix(DropIntegerSuffix(T.drop_front(2)), 2))
      return Sign + *V;
    return Written.str();
  }
  if (T.startswith_insensitive("0o")) {
    if (auto V = inRadix(T.drop_front(2), 8))
      return Sign + *V;
    return Written.str();
  }
  // Java and Go write octal with a leading zero (`017`).
  if ((Lang == HostLanguage::Java || Lang == HostLanguage::Go) &&
      T.size() > 1 && T[0] == '0' && llvm::all_of(DropIntegerSuffix(T), llvm::isDigit)) {
    if (auto V = inRadix(DropIntegerSuffix(T).drop_front(), 8))
      return Sign + *V;
    return Written.str();
  }
  // Decimal: drop the type suffix (L, U, f, F, d, D, m, M, n).
  while (!T.empty() && llvm::StringRef("lLuUfFdDmMn").contains(T.back()))
    T = T.drop_back();
  if (T.empty() || !llvm::all_of(T, [](char C) {
        return llvm::isDigit(C) || C == '.' || C == 'e' || C == 'E' ||
               C == '+' || C == '-';
      }))
    return Written.str(); // a complex number (`3j`) or something unknown
  std::string Out = T.str();
  if (Out.front() == '.')
    Out.insert(Out.begin(), '0');
  size_t Dot = Out.find('.');
  if (Dot != std::string::npos &&
      (Dot + 1 == Out.size() || !llvm::isDigit(Out[Dot + 1])))
    Out.insert(Out.begin() + static_cast<std::ptrdiff_t>(Dot) + 1, '0'); // `5.`, `5.e3`
  return Sign + Out;
}

} // namespace nosqlint::extract
