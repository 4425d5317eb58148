//===- PositionedJson.cpp - RapidJSON SAX into a positioned tree ----------===//
//
// RapidJSON parses (iteratively, so deep input cannot overflow the stack); a
// SAX handler builds JsonValues. Positions: scalars end where the stream
// stands when their event arrives; a value starts at the first byte after the
// previous event that is not whitespace, ',' or ':' (in valid JSON nothing
// else can sit between two tokens). Brackets are found the same way, because
// RapidJSON does not consume them consistently before its callbacks.
//
//===----------------------------------------------------------------------===//
#include "nosqlint/Json/PositionedJson.h"

#include "rapidjson/error/en.h"
#include "rapidjson/memorystream.h"
#include "rapidjson/reader.h"

#include <cstdlib>
#include <string>

namespace nosqlint::json {

namespace {

unsigned utf8Length(uint32_t CodePoint) {
  if (CodePoint < 0x80)
    return 1;
  if (CodePoint < 0x800)
    return 2;
  if (CodePoint < 0x10000)
    return 3;
  return 4;
}

unsigned hexValue(char C) {
  if (C >= '0' && C <= '9')
    return C - '0';
  if (C >= 'a' && C <= 'f')
    return C - 'a' + 10;
  if (C >= 'A' && C <= 'F')
    return C - 'A' + 10;
  return 0;
}

uint32_t hex4(llvm::StringRef S) {
  uint32_t V = 0;
  for (char C : S.take_front(4))
    V = V * 16 + hexValue(C);
  return V;
}

/// Records the escapes of the raw string contents Text[Begin, End) (already
/// validated by RapidJSON).
void scanEscapes(llvm::StringRef Text, uint32_t Begin, uint32_t End,
                 std::vector<JsonValue::Escape> &Out) {
  uint32_t Decoded = 0;
  uint32_t I = Begin;
  while (I < End) {
    if (Text[I] != '\\') {
      ++I;
      ++Decoded;
      continue;
    }
    if (I + 1 >= End)
      break;
    if (Text[I + 1] != 'u') {
      Out.push_back({Decoded, 1, I, 2});
      I += 2;
      Decoded += 1;
      continue;
    }
    uint32_t CodePoint = hex4(Text.substr(I + 2, 4));
    uint32_t RawLength = 6;
    if (CodePoint >= 0xD800 && CodePoint <= 0xDBFF && I + 12 <= End &&
        Text[I + 6] == '\\' && Text[I + 7] == 'u') {
      uint32_t Low = hex4(Text.substr(I + 8, 4));
      CodePoint = 0x10000 + ((CodePoint - 0xD800) << 10) + (Low - 0xDC00);
      RawLength = 12;
    }
    unsigned Length = utf8Length(CodePoint);
    Out.push_back({Decoded, Length, I, RawLength});
    I += RawLength;
    Decoded += Length;
  }
}

class TreeBuilder
    : public rapidjson::BaseReaderHandler<rapidjson::UTF8<>, TreeBuilder> {
public:
  TreeBuilder(llvm::StringRef Text, uint32_t Base,
              const rapidjson::MemoryStream &Stream, unsigned MaxDepth)
      : Text(Text), Base(Base), Stream(Stream), MaxDepth(MaxDepth),
        LastEnd(Base) {}

  std::optional<JsonValue> Root;
  bool DepthExceeded = false;
  uint32_t DepthErrorOffset = 0;

  bool Null() { return scalar(JsonValue::Kind::Null); }
  bool Bool(bool B) {
    JsonValue V = start(JsonValue::Kind::Bool);
    V.Bool = B;
    return finishScalar(std::move(V));
  }
  bool RawNumber(const char *Str, rapidjson::SizeType Length, bool) {
    JsonValue V = start(JsonValue::Kind::Number);
    V.Str.assign(Str, Length);
    V.Number = std::strtod(V.Str.c_str(), nullptr);
    return finishScalar(std::move(V));
  }
  bool String(const char *Str, rapidjson::SizeType Length, bool) {
    JsonValue V = start(JsonValue::Kind::String);
    V.Str.assign(Str, Length);
    V.End = here();
    V.ContentBegin = V.Begin + 1;
    V.ContentEnd = V.End - 1;
    if (llvm::StringRef(Text.data() + V.ContentBegin,
                        V.ContentEnd - V.ContentBegin)
            .contains('\\'))
      scanEscapes(Text, V.ContentBegin, V.ContentEnd, V.Escapes);
    LastEnd = V.End;
    return place(std::move(V));
  }
  bool Key(const char *Str, rapidjson::SizeType Length, bool) {
    Frame &F = Frames.back();
    F.PendingKey.assign(Str, Length);
    F.KeyBegin = nextTokenStart();
    F.KeyEnd = here();
    LastEnd = F.KeyEnd;
    return true;
  }
  bool StartObject() { return open(JsonValue::Kind::Object); }
  bool StartArray() { return open(JsonValue::Kind::Array); }
  bool EndObject(rapidjson::SizeType) { return close(); }
  bool EndArray(rapidjson::SizeType) { return close(); }

private:
  struct Frame {
    JsonValue Value;
    std::string PendingKey;
    uint32_t KeyBegin = 0;
    uint32_t KeyEnd = 0;
  };

  uint32_t here() const { return Base + static_cast<uint32_t>(Stream.Tell()); }

  static bool isSeparator(char C) {
    return C == ' ' || C == '\t' || C == '\n' || C == '\r' || C == ',' ||
           C == ':';
  }

  uint32_t nextTokenStart() const {
    uint32_t I = LastEnd;
    while (I < Text.size() && isSeparator(Text[I]))
      ++I;
    return I;
  }

  JsonValue start(JsonValue::Kind K) const {
    JsonValue V;
    V.K = K;
    V.Begin = nextTokenStart();
    return V;
  }

  bool scalar(JsonValue::Kind K) { return finishScalar(start(K)); }

  bool finishScalar(JsonValue V) {
    V.End = here();
    LastEnd = V.End;
    return place(std::move(V));
  }

  bool open(JsonValue::Kind K) {
    JsonValue V = start(K);
    if (Frames.size() >= MaxDepth) {
      DepthExceeded = true;
      DepthErrorOffset = V.Begin;
      return false;
    }
    LastEnd = V.Begin + 1;
    Frames.push_back({std::move(V), {}, 0, 0});
    return true;
  }

  bool close() {
    uint32_t I = LastEnd;
    while (I < Text.size() && Text[I] != '}' && Text[I] != ']')
      ++I;
    JsonValue V = std::move(Frames.back().Value);
    Frames.pop_back();
    V.End = I + 1;
    LastEnd = V.End;
    return place(std::move(V));
  }

  bool place(JsonValue V) {
    if (Frames.empty()) {
      Root = std::move(V);
      return true;
    }
    Frame &F = Frames.back();
    if (F.Value.isObject()) {
      JsonMember M;
      M.Key = std::move(F.PendingKey);
      M.KeyBegin = F.KeyBegin;
      M.KeyEnd = F.KeyEnd;
      M.Value = std::move(V);
      F.Value.Members.push_back(std::move(M));
      return true;
    }
    F.Value.Elements.push_back(std::move(V));
    return true;
  }

  llvm::StringRef Text;
  uint32_t Base;
  const rapidjson::MemoryStream &Stream;
  unsigned MaxDepth;
  uint32_t LastEnd;
  std::vector<Frame> Frames;
};

bool isBlank(llvm::StringRef Line) {
  return Line.find_first_not_of(" \t\r") == llvm::StringRef::npos;
}

} // namespace

const JsonMember *JsonValue::member(llvm::StringRef Key) const {
  if (!isObject())
    return nullptr;
  for (const JsonMember &M : Members)
    if (M.Key == Key)
      return &M;
  return nullptr;
}

const JsonValue *JsonValue::get(llvm::StringRef Key) const {
  const JsonMember *M = member(Key);
  return M ? &M->Value : nullptr;
}

std::optional<llvm::StringRef> JsonValue::getString(llvm::StringRef Key) const {
  const JsonValue *V = get(Key);
  if (!V || !V->isString())
    return std::nullopt;
  return llvm::StringRef(V->Str);
}

SourceRange JsonValue::contentRange(FileId File) const {
  if (isString())
    return {File, ContentBegin, ContentEnd};
  return range(File);
}

TextOrigin JsonValue::contentOrigin(FileId File) const {
  if (Origin)
    return *Origin;
  if (Escapes.empty())
    return TextOrigin::identity(File, ContentBegin);
  TextOrigin O(File);
  uint32_t Decoded = 0;
  uint32_t Raw = ContentBegin;
  for (const Escape &E : Escapes) {
    if (E.TextBegin > Decoded)
      O.addSegment(Decoded, E.TextBegin - Decoded, Raw, E.TextBegin - Decoded);
    O.addSegment(E.TextBegin, E.Length, E.FileBegin, E.FileLength);
    Decoded = E.TextBegin + E.Length;
    Raw = E.FileBegin + E.FileLength;
  }
  if (Raw < ContentEnd)
    O.addSegment(Decoded, ContentEnd - Raw, Raw, ContentEnd - Raw);
  return O;
}

SourceRange JsonValue::decodedRange(FileId File, uint32_t DecodedBegin,
                                    uint32_t DecodedEnd) const {
  return contentOrigin(File).toFileRange(DecodedBegin, DecodedEnd);
}

llvm::StringRef JsonValue::kindName(Kind K) {
  switch (K) {
  case Kind::Null:
    return "null";
  case Kind::Bool:
    return "boolean";
  case Kind::Number:
    return "number";
  case Kind::String:
    return "string";
  case Kind::Array:
    return "array";
  case Kind::Object:
    return "object";
  }
  return "value";
}

std::optional<JsonValue> parseJsonRange(llvm::StringRef Text, uint32_t Begin,
                                        uint32_t End, JsonError &Err,
                                        const JsonParseOptions &Opts) {
  rapidjson::MemoryStream Stream(Text.data() + Begin, End - Begin);
  TreeBuilder Builder(Text.substr(0, End), Begin, Stream, Opts.MaxDepth);
  rapidjson::Reader Reader;
  constexpr unsigned Flags =
      rapidjson::kParseIterativeFlag | rapidjson::kParseNumbersAsStringsFlag |
      rapidjson::kParseValidateEncodingFlag;
  rapidjson::ParseResult Result = Reader.Parse<Flags>(Stream, Builder);
  if (Result && Builder.Root)
    return std::move(Builder.Root);
  if (Builder.DepthExceeded) {
    Err.Offset = Builder.DepthErrorOffset;
    Err.Message = "JSON nested deeper than " + std::to_string(Opts.MaxDepth) +
                  " levels";
    return std::nullopt;
  }
  Err.Offset = Begin + static_cast<uint32_t>(Result.Offset());
  Err.Message = rapidjson::GetParseError_En(Result.Code());
  return std::nullopt;
}

std::optional<JsonValue> parseJson(llvm::StringRef Text, JsonError &Err,
                                   const JsonParseOptions &Opts) {
  return parseJsonRange(Text, 0, static_cast<uint32_t>(Text.size()), Err,
                        Opts);
}

JsonDocuments parseJsonLines(llvm::StringRef Text,
                             const JsonParseOptions &Opts) {
  JsonDocuments Result;
  Result.WasNdjson = true;
  uint32_t LineBegin = 0;
  const auto Size = static_cast<uint32_t>(Text.size());
  while (LineBegin < Size) {
    uint32_t LineEnd = LineBegin;
    while (LineEnd < Size && Text[LineEnd] != '\n')
      ++LineEnd;
    if (!isBlank(Text.slice(LineBegin, LineEnd))) {
      JsonError Err;
      std::optional<JsonValue> V =
          parseJsonRange(Text, LineBegin, LineEnd, Err, Opts);
      if (!V) {
        Result.Error = std::move(Err);
        return Result;
      }
      Result.Documents.push_back(std::move(*V));
    }
    LineBegin = LineEnd + 1;
  }
  return Result;
}

JsonDocuments parseJsonDocuments(llvm::StringRef Text, bool SplitTopLevelArray,
                                 const JsonParseOptions &Opts) {
  JsonDocuments Result;
  JsonError Err;
  std::optional<JsonValue> Whole = parseJson(Text, Err, Opts);
  if (Whole) {
    if (SplitTopLevelArray && Whole->isArray())
      Result.Documents = std::move(Whole->Elements);
    else
      Result.Documents.push_back(std::move(*Whole));
    return Result;
  }
  // NDJSON: the first non-blank line is a whole document and is followed by
  // more. Otherwise report the error of the single-document parse.
  size_t First = Text.find_first_not_of(" \t\r\n");
  if (First != llvm::StringRef::npos) {
    size_t LineEnd = Text.find('\n', First);
    if (LineEnd != llvm::StringRef::npos &&
        !isBlank(Text.substr(LineEnd + 1).rtrim(" \t\r\n"))) {
      JsonError LineErr;
      if (parseJsonRange(Text, static_cast<uint32_t>(First),
                         static_cast<uint32_t>(LineEnd), LineErr, Opts))
        return parseJsonLines(Text, Opts);
    }
  }
  Result.Error = std::move(Err);
  return Result;
}

} // namespace nosqlint::json
