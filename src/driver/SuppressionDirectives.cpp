//===- SuppressionDirectives.cpp - nosqlint: directives in a comment ------===//
#include "SuppressionDirectives.h"

#include "llvm/ADT/StringExtras.h"

namespace nosqlint {

llvm::StringRef directiveKindName(DirectiveKind K) {
  switch (K) {
  case DirectiveKind::Ignore:
    return "ignore";
  case DirectiveKind::IgnoreNextLine:
    return "ignore-next-line";
  case DirectiveKind::IgnoreFile:
    return "ignore-file";
  case DirectiveKind::Disable:
    return "disable";
  case DirectiveKind::Enable:
    return "enable";
  case DirectiveKind::Unknown:
    return "";
  }
  return "";
}

static DirectiveKind kindOf(llvm::StringRef Word) {
  for (DirectiveKind K :
       {DirectiveKind::Ignore, DirectiveKind::IgnoreNextLine,
        DirectiveKind::IgnoreFile, DirectiveKind::Disable,
        DirectiveKind::Enable})
    if (Word.equals_insensitive(directiveKindName(K)))
      return K;
  return DirectiveKind::Unknown;
}

static bool isSpace(char C) { return C == ' ' || C == '\t'; }
static bool isWordChar(char C) { return llvm::isAlnum(C) || C == '-' || C == '_'; }

bool mentionsNosqlint(llvm::StringRef Text) {
  return Text.find_insensitive("nosqlint") != llvm::StringRef::npos;
}

std::vector<Directive> readDirectives(llvm::StringRef Comment, uint32_t Base) {
  std::vector<Directive> Out;
  size_t From = 0;
  while (true) {
    size_t At = Comment.find_insensitive("nosqlint", From);
    if (At == llvm::StringRef::npos)
      break;
    From = At + 8;
    // Part of a longer word (`nosqlintrc`, `my-nosqlint`): not ours.
    if ((At > 0 && isWordChar(Comment[At - 1])))
      continue;
    size_t I = At + 8;
    auto SkipSpaces = [&] {
      while (I < Comment.size() && isSpace(Comment[I]))
        ++I;
    };
    SkipSpaces();
    if (I >= Comment.size() || Comment[I] != ':')
      continue; // prose that names the tool
    ++I;
    SkipSpaces();
    size_t WordBegin = I;
    while (I < Comment.size() && isWordChar(Comment[I]))
      ++I;
    // A trailing '-' belongs to prose (`nosqlint: ignore-- why`).
    size_t WordEnd = I;
    while (WordEnd > WordBegin && Comment[WordEnd - 1] == '-')
      --WordEnd;
    Directive D;
    D.Word = Comment.slice(WordBegin, WordEnd).lower();
    D.Kind = kindOf(D.Word);
    D.Offset = Base + static_cast<uint32_t>(At);
    D.Length = static_cast<uint32_t>(WordEnd - At);
    I = WordEnd;
    size_t AfterWord = I;
    SkipSpaces();
    if (D.Kind != DirectiveKind::Unknown && I < Comment.size() &&
        Comment[I] == '[') {
      size_t Close = Comment.find(']', I);
      size_t NewLine = Comment.find('\n', I);
      if (Close == llvm::StringRef::npos || NewLine < Close) {
        D.UnclosedList = true;
      } else {
        size_t P = I + 1;
        while (P < Close) {
          size_t Comma = Comment.find(',', P);
          size_t E = Comma == llvm::StringRef::npos || Comma > Close ? Close
                                                                     : Comma;
          llvm::StringRef Raw = Comment.slice(P, E);
          llvm::StringRef Name = Raw.trim();
          if (!Name.empty())
            D.Rules.push_back(
                {Name.lower(),
                 Base + static_cast<uint32_t>(P + (Raw.size() -
                                                   Raw.ltrim().size())),
                 static_cast<uint32_t>(Name.size())});
          P = E + 1;
        }
        D.Length = static_cast<uint32_t>(Close + 1 - At);
        From = Close + 1;
      }
    } else {
      I = AfterWord;
    }
    Out.push_back(std::move(D));
  }
  return Out;
}

} // namespace nosqlint
