//===- PositionedJson.h - A JSON tree that remembers byte positions -*- C++ -*-===//
//
// RapidJSON's DOM keeps no positions, so the reader drives RapidJSON's SAX
// parser and builds this small tree itself: every value knows its byte range
// in the input, strings also the range of their contents and a TextOrigin
// mapping decoded offsets back to file offsets (escapes such as \n, \u00e9
// and surrogate pairs make them differ), object members their key's range.
//
// The same tree is used for YAML documents (schema loaders convert LLVM YAML
// nodes into it), which is why a value can carry a YAML tag such as "!Ref".
//
// Offsets are byte offsets into the text passed to the parser (the whole file).
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_JSON_POSITIONEDJSON_H
#define NOSQLINT_JSON_POSITIONEDJSON_H

#include "nosqlint/Basic/SourceLocation.h"
#include "nosqlint/Basic/TextOrigin.h"

#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace nosqlint::json {

struct JsonMember;

class JsonValue {
public:
  enum class Kind : uint8_t { Null, Bool, Number, String, Array, Object };

  /// A run of decoded string bytes that differs in length from its source
  /// (an escape sequence): decoded [TextBegin, TextBegin + Length) stands for
  /// file bytes [FileBegin, FileBegin + FileLength).
  using Escape = TextOrigin::Segment;

  Kind K = Kind::Null;
  /// The whole value: from its first to just past its last byte (for a
  /// string, including the quotes).
  uint32_t Begin = 0;
  uint32_t End = 0;

  bool Bool = false;        // Kind::Bool
  double Number = 0;        // Kind::Number
  std::string Str;          // Kind::String: the decoded value. Number: the
                            // literal as written.
  uint32_t ContentBegin = 0; // Kind::String: the contents, quotes excluded
  uint32_t ContentEnd = 0;
  std::vector<Escape> Escapes; // Kind::String: escapes, in order (often none)

  std::vector<JsonMember> Members;  // Kind::Object, in document order
  std::vector<JsonValue> Elements;  // Kind::Array

  /// YAML only: the tag as written ("!Ref", "!Sub"); empty otherwise.
  std::string Tag;

  /// A value the analyzer cannot know: a host-language program computes it
  /// at run time (a variable, a call, a string with an unresolved hole).
  /// The kind may still be known (`{"S": userId}` is a String); the contents
  /// are not, and no rule may draw a conclusion from them.
  bool Unknown = false;
  /// Unknown host values: the environment variable the program reads the
  /// value from (`os.environ["TABLE_NAME"]`, `process.env.TABLE`), which a
  /// deployment template may bind; empty otherwise.
  std::string FromEnvironment;

  /// Strings rebuilt from host-language source (literals, escapes and
  /// concatenations): maps decoded offsets to file offsets, replacing
  /// ContentBegin and Escapes. Null for JSON and YAML text.
  std::shared_ptr<const TextOrigin> Origin;

  bool isNull() const { return K == Kind::Null; }
  bool isBool() const { return K == Kind::Bool; }
  bool isNumber() const { return K == Kind::Number; }
  bool isString() const { return K == Kind::String; }
  bool isArray() const { return K == Kind::Array; }
  bool isObject() const { return K == Kind::Object; }

  /// The first member named \p Key, or null (also when not an object).
  const JsonValue *get(llvm::StringRef Key) const;
  const JsonMember *member(llvm::StringRef Key) const;
  /// The string value of member \p Key, or nullopt if absent or not a string.
  std::optional<llvm::StringRef> getString(llvm::StringRef Key) const;

  SourceRange range(FileId File) const { return {File, Begin, End}; }
  /// The contents of a string (without quotes); the whole value otherwise.
  SourceRange contentRange(FileId File) const;

  /// Maps offsets in the decoded string (Str) back to file offsets. Only for
  /// strings.
  TextOrigin contentOrigin(FileId File) const;
  /// The file range of decoded string bytes [DecodedBegin, DecodedEnd).
  SourceRange decodedRange(FileId File, uint32_t DecodedBegin,
                           uint32_t DecodedEnd) const;

  static llvm::StringRef kindName(Kind K);
};

struct JsonMember {
  std::string Key;       // decoded
  uint32_t KeyBegin = 0; // the key, quotes included
  uint32_t KeyEnd = 0;
  /// The key is written between quotes (always in JSON; in host source a
  /// key may be an identifier or a constant's name).
  bool KeyQuoted = true;
  JsonValue Value;

  SourceRange keyRange(FileId File) const { return {File, KeyBegin, KeyEnd}; }
  /// The key without its quotes.
  SourceRange keyContentRange(FileId File) const {
    if (!KeyQuoted || KeyEnd < KeyBegin + 2)
      return keyRange(File);
    return {File, KeyBegin + 1, KeyEnd - 1};
  }
};

/// One parse error: where, and RapidJSON's message (or ours for the depth
/// limit and NDJSON problems).
struct JsonError {
  uint32_t Offset = 0;
  std::string Message;
};

struct JsonParseOptions {
  /// Deepest nesting of arrays and objects accepted; deeper input is an error
  /// (never a stack overflow: the parse is iterative and the limit bounds the
  /// tree's depth).
  unsigned MaxDepth = 512;
};

/// Parses \p Text as exactly one JSON document (whitespace around it allowed).
/// Returns the value, or nullopt with \p Err set.
std::optional<JsonValue> parseJson(llvm::StringRef Text, JsonError &Err,
                                   const JsonParseOptions &Opts = {});

/// Parses the bytes [Begin, End) of \p Text as one document; offsets in the
/// result are offsets into \p Text.
std::optional<JsonValue> parseJsonRange(llvm::StringRef Text, uint32_t Begin,
                                        uint32_t End, JsonError &Err,
                                        const JsonParseOptions &Opts = {});

/// The documents of a file.
struct JsonDocuments {
  std::vector<JsonValue> Documents;
  std::optional<JsonError> Error; // set: Documents holds those before it
  bool WasNdjson = false;
};

/// Parses NDJSON: one document per non-blank line ("\n" or "\r\n").
JsonDocuments parseJsonLines(llvm::StringRef Text,
                             const JsonParseOptions &Opts = {});

/// Parses a file that is one document, or NDJSON when the first non-blank line
/// is a complete document and more follow. With \p SplitTopLevelArray, a
/// top-level array yields its elements as the documents.
JsonDocuments parseJsonDocuments(llvm::StringRef Text, bool SplitTopLevelArray,
                                 const JsonParseOptions &Opts = {});

} // namespace nosqlint::json

#endif
