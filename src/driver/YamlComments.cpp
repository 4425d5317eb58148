//===- YamlComments.cpp - Where the comments of a YAML text are -----------===//
#include "YamlComments.h"

#include <optional>

namespace nosqlint {

static size_t indentOf(llvm::StringRef Line) {
  return Line.size() - Line.ltrim(" ").size();
}

/// Whether a line's content (its comment left out) ends with a block
/// scalar header: `key: |`, `- >-`, `|2+`.
static bool opensBlockScalar(llvm::StringRef Content) {
  llvm::StringRef T = Content.rtrim();
  llvm::StringRef Header = T.substr(T.find_last_of(" \t:-") + 1);
  if (Header.empty() || (Header[0] != '|' && Header[0] != '>'))
    return false;
  return Header.drop_front().find_first_not_of("+-0123456789") ==
         llvm::StringRef::npos;
}

std::vector<std::pair<uint32_t, uint32_t>> yamlComments(llvm::StringRef Text) {
  std::vector<std::pair<uint32_t, uint32_t>> Out;
  char Quote = 0;              // inside a quoted scalar: its quote
  std::optional<size_t> Block; // inside a block scalar: its header's indent
  size_t LineBegin = 0;
  while (LineBegin < Text.size()) {
    size_t LineEnd = Text.find('\n', LineBegin);
    if (LineEnd == llvm::StringRef::npos)
      LineEnd = Text.size();
    llvm::StringRef Line = Text.slice(LineBegin, LineEnd);
    size_t Next = LineEnd + 1;
    if (Block) {
      if (Line.trim().empty() || indentOf(Line) > *Block) {
        LineBegin = Next;
        continue;
      }
      Block.reset();
    }
    size_t CommentAt = llvm::StringRef::npos;
    for (size_t I = 0; I < Line.size(); ++I) {
      char C = Line[I];
      if (Quote) {
        if (Quote == '"' && C == '\\') {
          ++I;
          continue;
        }
        if (C == Quote) {
          if (Quote == '\'' && I + 1 < Line.size() && Line[I + 1] == '\'') {
            ++I; // '' in a single-quoted scalar
            continue;
          }
          Quote = 0;
        }
        continue;
      }
      bool AtTokenStart =
          I == 0 || llvm::StringRef(" \t[{,:").contains(Line[I - 1]);
      if (C == '#' && (I == 0 || Line[I - 1] == ' ' || Line[I - 1] == '\t')) {
        CommentAt = I;
        break;
      }
      if ((C == '\'' || C == '"') && AtTokenStart)
        Quote = C;
    }
    llvm::StringRef Content = Line.take_front(CommentAt);
    if (CommentAt != llvm::StringRef::npos)
      Out.emplace_back(static_cast<uint32_t>(LineBegin + CommentAt),
                       static_cast<uint32_t>(LineBegin + Line.rtrim("\r").size()));
    if (!Quote && opensBlockScalar(Content))
      Block = indentOf(Line);
    LineBegin = Next;
  }
  return Out;
}

} // namespace nosqlint
