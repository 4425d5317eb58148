//===- SyntaxErrors.cpp - Wording of generic syntax errors ----------------===//
#include "SyntaxErrors.h"

#include "CqlLexer.h"
#include "CqlParser.h"

#include <algorithm>

namespace nosqlint::cql {

using Gen = nosqlint_cql_gen::CqlLexer;

std::string quoteToken(const ParseInput &Input, const antlr4::Token *T) {
  if (!T || T->getType() == antlr4::Token::EOF)
    return "end of input";
  std::string Text = Input.tokenText(T).str();
  if (Text.size() > 32)
    Text = Text.substr(0, 29) + "...";
  return "'" + Text + "'";
}

namespace {

/// The tokens of the parser rule `unreservedKeyword` (identifiers too).
const antlr4::misc::IntervalSet &unreservedKeywords(antlr4::Parser &P) {
  static const antlr4::misc::IntervalSet Set = [&P] {
    const antlr4::atn::ATN &Atn = P.getATN();
    return Atn.nextTokens(
        Atn.ruleToStartState[nosqlint_cql_gen::CqlParser::RuleUnreservedKeyword]);
  }();
  return Set;
}

/// One entry of an "expected" list, or "" to leave the token out.
std::string displayName(size_t Type, const antlr4::dfa::Vocabulary &Vocab) {
  switch (Type) {
  case Gen::IDENT:
  case Gen::QUOTED_NAME:
    return "an identifier";
  case Gen::STRING_LITERAL:
  case Gen::DOLLAR_STRING:
    return "a string";
  case Gen::INTEGER:
    return "an integer";
  case Gen::FLOAT:
  case Gen::UUID:
  case Gen::HEXNUMBER:
  case Gen::DURATION:
  case Gen::K_NAN:
  case Gen::K_INFINITY:
  case Gen::K_TRUE:
  case Gen::K_FALSE:
    return "a value";
  case Gen::QMARK:
    return "a bind marker";
  case Gen::ERROR_CHAR:
    return "";
  case antlr4::Token::EOF:
    return "end of input";
  default:
    break;
  }
  std::string Literal = Vocab.getLiteralName(Type);
  if (!Literal.empty())
    return Literal; // already quoted: ';'
  std::string Symbolic = Vocab.getSymbolicName(Type);
  if (Symbolic.rfind("K_", 0) == 0)
    return Symbolic.substr(2);
  return Symbolic;
}

} // namespace

std::string describeSyntaxError(const ParseInput &Input,
                                const antlr4::Token *Offending,
                                const antlr4::misc::IntervalSet &Expected,
                                const antlr4::dfa::Vocabulary &Vocab,
                                const antlr4::misc::IntervalSet *Identifiers) {
  std::string Near = quoteToken(Input, Offending);
  bool AtEnd = !Offending || Offending->getType() == antlr4::Token::EOF;
  std::vector<std::string> Items;
  bool HasIdent = Expected.contains(static_cast<size_t>(Gen::IDENT));
  // Where any term may start, name that instead of its dozen first tokens
  // (and in a selection, say "a selector").
  bool TermPlace = Expected.contains(static_cast<size_t>(Gen::STRING_LITERAL)) &&
                   Expected.contains(static_cast<size_t>(Gen::INTEGER)) &&
                   Expected.contains(static_cast<size_t>(Gen::QMARK));
  bool SelectorPlace =
      TermPlace && Expected.contains(static_cast<size_t>(Gen::STAR));
  if (TermPlace) {
    Items.push_back(SelectorPlace ? "'*' or a selector" : "a value");
    HasIdent = true; // function names and columns are part of it
  }
  for (size_t Type : Expected.toList()) {
    // Unreserved keywords are identifiers too: listing them is noise.
    if (TermPlace) {
      switch (Type) {
      case Gen::STRING_LITERAL: case Gen::DOLLAR_STRING: case Gen::INTEGER:
      case Gen::FLOAT: case Gen::UUID: case Gen::HEXNUMBER: case Gen::DURATION:
      case Gen::K_TRUE: case Gen::K_FALSE: case Gen::K_NAN:
      case Gen::K_INFINITY: case Gen::K_NULL: case Gen::QMARK:
      case Gen::COLON: case Gen::LPAREN: case Gen::LBRACKET: case Gen::LBRACE:
      case Gen::MINUS: case Gen::IDENT: case Gen::QUOTED_NAME:
      case Gen::K_TOKEN: case Gen::K_CAST:
        continue;
      case Gen::STAR:
        if (SelectorPlace)
          continue;
        break;
      default:
        break;
      }
    }
    std::string Name = displayName(Type, Vocab);
    if (Name.empty())
      continue;
    if (HasIdent && Identifiers && Identifiers->contains(Type))
      continue;
    // ':' next to '?' is the start of a named bind marker.
    if (Type == Gen::COLON && Expected.contains(static_cast<size_t>(Gen::QMARK)))
      continue;
    // '-' next to an integer is the sign of a negative one (LIMIT -1).
    if (Type == Gen::MINUS &&
        Expected.contains(static_cast<size_t>(Gen::INTEGER)))
      continue;
    if (std::find(Items.begin(), Items.end(), Name) == Items.end())
      Items.push_back(Name);
  }
  // "end of input" reads best last.
  auto End = std::find(Items.begin(), Items.end(), "end of input");
  if (End != Items.end())
    std::rotate(End, End + 1, Items.end());
  // A statement keyword where ';' or the end was expected: a missing ';'.
  bool WantsEnd = Expected.contains(static_cast<size_t>(Gen::SEMI));
  if (WantsEnd && !AtEnd) {
    switch (Offending->getType()) {
    case Gen::K_SELECT: case Gen::K_INSERT: case Gen::K_UPDATE:
    case Gen::K_DELETE: case Gen::K_CREATE: case Gen::K_ALTER:
    case Gen::K_DROP: case Gen::K_BEGIN: case Gen::K_USE:
    case Gen::K_TRUNCATE: case Gen::K_GRANT: case Gen::K_REVOKE:
      return "missing ';' before " + Near + " (each statement ends with ';')";
    default:
      break;
    }
  }
  // A misspelt keyword: suggest the closest expected one.
  std::string Suggestion;
  if (!AtEnd && Offending->getType() == Gen::IDENT) {
    std::string Word = llvm::StringRef(Input.tokenText(Offending)).upper();
    unsigned Best = Word.size() >= 4 ? 2 : 1;
    for (size_t Type : Expected.toList()) {
      std::string Symbolic = Vocab.getSymbolicName(Type);
      if (Symbolic.rfind("K_", 0) != 0)
        continue;
      llvm::StringRef Keyword = llvm::StringRef(Symbolic).drop_front(2);
      unsigned Distance = llvm::StringRef(Word).edit_distance(Keyword, true, Best);
      if (Distance > 0 && Distance <= Best && Keyword.size() >= 3) {
        Best = Distance;
        Suggestion = Keyword.str();
      }
    }
  }
  if (!Suggestion.empty())
    return "unknown keyword " + Near + "; did you mean " + Suggestion + "?";
  // Clauses the parser skipped before failing are not in the expected set
  // (`FROM t WHRE k = 1` fails where ';' was expected): look at every
  // keyword, more strictly.
  if (!AtEnd && Offending->getType() == Gen::IDENT) {
    std::string Word = llvm::StringRef(Input.tokenText(Offending)).upper();
    if (Word.size() >= 4) {
      for (size_t Type = Gen::K_ACCESS; Type <= Gen::K_WITH; ++Type) {
        std::string Symbolic = Vocab.getSymbolicName(Type);
        llvm::StringRef Keyword = llvm::StringRef(Symbolic).drop_front(2);
        if (Keyword.size() >= 4 &&
            llvm::StringRef(Word).edit_distance(Keyword, true, 1) == 1)
          return "unexpected " + Near + "; did you mean " + Keyword.str() +
                 "?";
      }
    }
  }
  std::string Prefix =
      AtEnd ? "unexpected end of the statement" : "unexpected " + Near;
  if (Items.empty() || Items.size() > 6)
    return Prefix;
  std::string List;
  for (size_t I = 0; I < Items.size(); ++I) {
    if (I > 0)
      List += I + 1 == Items.size() ? " or " : ", ";
    List += Items[I];
  }
  if (AtEnd)
    return "expected " + List + " at the end of the statement";
  return "expected " + List + " near " + Near;
}

void FirstErrorListener::syntaxError(antlr4::Recognizer *Recognizer,
                                     antlr4::Token *OffendingSymbol, size_t,
                                     size_t, const std::string &,
                                     std::exception_ptr E) {
  if (Error.Seen)
    return;
  Error.Seen = true;
  Error.Offending = OffendingSymbol;
  auto *P = dynamic_cast<antlr4::Parser *>(Recognizer);
  if (!P) {
    Error.Message = "unexpected " + quoteToken(Input, OffendingSymbol);
    throw antlr4::ParseCancellationException();
  }
  antlr4::misc::IntervalSet Expected;
  bool Known = true;
  if (E) {
    try {
      std::rethrow_exception(E);
    } catch (antlr4::NoViableAltException &NV) {
      // The expected set is only meaningful when the decision failed on
      // its first token.
      if (NV.getStartToken() == NV.getOffendingToken())
        Expected = P->getExpectedTokens();
      else
        Known = false;
    } catch (antlr4::RecognitionException &RE) {
      Expected = RE.getExpectedTokens();
    } catch (...) {
      Known = false;
    }
  } else {
    Expected = P->getExpectedTokens();
  }
  if (!Known) {
    Error.Message = OffendingSymbol && OffendingSymbol->getType() ==
                                           antlr4::Token::EOF
                        ? "unexpected end of the statement"
                        : "unexpected " + quoteToken(Input, OffendingSymbol);
    // Right after an operator only a value can come.
    if (OffendingSymbol && OffendingSymbol->getTokenIndex() > 0) {
      antlr4::TokenStream *Stream = P->getTokenStream();
      size_t I = OffendingSymbol->getTokenIndex();
      antlr4::Token *Prev = nullptr;
      while (I > 0) {
        Prev = Stream->get(--I);
        if (Prev->getChannel() == antlr4::Token::DEFAULT_CHANNEL)
          break;
        Prev = nullptr;
      }
      switch (Prev ? Prev->getType() : 0) {
      case Gen::EQ: case Gen::NEQ: case Gen::LT: case Gen::LTE: case Gen::GT:
      case Gen::GTE: case Gen::PLUS: case Gen::MINUS: case Gen::SLASH:
      case Gen::PERCENT: case Gen::PLUS_EQ: case Gen::MINUS_EQ:
        Error.Message =
            OffendingSymbol->getType() == antlr4::Token::EOF
                ? "expected a value at the end of the statement"
                : "expected a value near " + quoteToken(Input, OffendingSymbol);
        break;
      default:
        break;
      }
    }
    throw antlr4::ParseCancellationException();
  }
  Error.ExpectedKnown = true;
  Error.Expected = Expected;
  Error.Parser = P;
  Error.Message = describeSyntaxError(Input, OffendingSymbol, Expected,
                                      P->getVocabulary(),
                                      &unreservedKeywords(*P));
  // One diagnostic per statement: recovering inside it is wasted work (and
  // the expensive part on long garbage), so stop the parse here.
  throw antlr4::ParseCancellationException();
}

std::string describeEndOfStatement(const ParseInput &Input,
                                   const SyntaxErrorInfo &Error) {
  if (!Error.ExpectedKnown || !Error.Parser)
    return "unexpected end of the statement";
  // At the end of a statement, "expected ';'" is no help.
  antlr4::misc::IntervalSet Expected = Error.Expected;
  Expected.remove(static_cast<size_t>(Gen::SEMI));
  Expected.remove(static_cast<size_t>(antlr4::Token::EOF));
  return describeSyntaxError(Input, nullptr, Expected,
                             Error.Parser->getVocabulary(),
                             &unreservedKeywords(*Error.Parser));
}

} // namespace nosqlint::cql
