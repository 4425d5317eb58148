//===- PositionedYaml.h - YAML documents with byte positions ----*- C++ -*-===//
//
// The one YAML layer of the analyzer: LLVM's YAML parser reads the text
// (PositionedYaml.cpp) into the JsonValue tree the JSON reader builds, and
// a scalar's own text can be decoded again with every byte mapped to where
// it is written (YamlScalars.cpp): quotes and escapes removed, lines folded,
// a block scalar's indentation dropped.
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_JSON_POSITIONEDYAML_H
#define NOSQLINT_JSON_POSITIONEDYAML_H

#include "nosqlint/Basic/TextOrigin.h"
#include "nosqlint/Json/PositionedJson.h"

#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>
#include <vector>

namespace llvm {
class SourceMgr;
} // namespace llvm

namespace nosqlint::json {

/// Keeps the first diagnostic LLVM's YAML parser reports while it reads
/// \p Text: install it on the parser's SourceMgr with attach(). LLVM goes
/// on after an error and reports what follows from it; the first is the
/// cause.
class FirstYamlDiagnostic {
public:
  explicit FirstYamlDiagnostic(llvm::StringRef Text) : Text(Text) {}
  void attach(llvm::SourceMgr &SM);
  bool isSet() const { return Set; }
  const std::string &message() const { return Message; }
  /// Where it points, as a byte offset in Text (0 when LLVM points outside).
  uint32_t offset() const { return Offset; }

private:
  llvm::StringRef Text;
  bool Set = false;
  uint32_t Offset = 0;
  std::string Message;
};

/// Parses YAML with LLVM's parser into JsonValue documents (tags kept in
/// JsonValue::Tag, positions from the node ranges). On a syntax error returns
/// false with \p ErrOffset and \p ErrMessage set.
bool parseYamlDocuments(llvm::StringRef Text, std::vector<JsonValue> &Docs,
                        uint32_t &ErrOffset, std::string &ErrMessage);

/// The value of one YAML scalar, each byte mapped to the file.
struct YamlScalarText {
  std::string Text;
  /// Runs of Text in order, covering it: a run whose two lengths are equal
  /// maps byte for byte; any other stands for its whole file span (an
  /// escape, a folded line break with the indentation after it).
  std::vector<TextOrigin::Segment> Segments;
};

/// Decodes the scalar written at [Begin, End) of \p Text (the range of a
/// JsonValue string read by parseYamlDocuments): plain, '...', "..." (every
/// YAML escape), and block scalars `|` and `>` with their chomping
/// indicators. Nullopt for a form not decoded exactly here (a block scalar
/// with an explicit indentation indicator, a malformed escape).
std::optional<YamlScalarText> decodeYamlScalar(llvm::StringRef Text,
                                               uint32_t Begin, uint32_t End);

} // namespace nosqlint::json

#endif
