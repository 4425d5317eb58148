//===- HoconValues.cpp - Walk the scalar values of a HOCON file -----------===//
#include "HoconValues.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"

namespace nosqlint::extract {

namespace {

constexpr unsigned MaxReportedDepth = 64;

class Walker {
public:
  Walker(llvm::StringRef Text, llvm::function_ref<void(const HoconValue &)> Fn)
      : Text(Text), Fn(Fn) {}

  void run();

private:
  bool at(size_t I, char C) const { return I < Text.size() && Text[I] == C; }
  bool atComment(size_t I) const {
    return at(I, '#') || (at(I, '/') && at(I + 1, '/'));
  }
  void skipBlanks() {
    while (Pos < Text.size() && (Text[Pos] == ' ' || Text[Pos] == '\t' ||
                                 Text[Pos] == '\r'))
      ++Pos;
  }
  void skipLine() {
    size_t Nl = Text.find('\n', Pos);
    Pos = Nl == llvm::StringRef::npos ? Text.size() : Nl + 1;
  }
  /// Past the closing quote of the string at Pos ("..."), on its line; false
  /// when it is not closed there.
  bool skipQuoted() {
    size_t I = Pos + 1;
    while (I < Text.size() && Text[I] != '"' && Text[I] != '\n')
      I += Text[I] == '\\' ? 2 : 1;
    if (I >= Text.size() || Text[I] != '"')
      return false;
    Pos = I + 1;
    return true;
  }
  void skipArray();
  bool readKey(std::string &Key);
  void open(std::string Key) {
    if (Open.size() < MaxReportedDepth)
      Open.push_back(std::move(Key));
    else
      ++Hidden;
  }
  void close() {
    if (Hidden > 0)
      --Hidden;
    else if (!Open.empty())
      Open.pop_back();
  }
  void readValue(const std::string &Key);

  llvm::StringRef Text;
  llvm::function_ref<void(const HoconValue &)> Fn;
  size_t Pos = 0;
  llvm::SmallVector<std::string, 8> Open; // keys of the open objects
  size_t Hidden = 0;                      // open objects past the depth cap
};

void Walker::skipArray() {
  unsigned Depth = 0;
  while (Pos < Text.size()) {
    char C = Text[Pos];
    if (C == '"') {
      if (Text.substr(Pos).startswith("\"\"\"")) {
        size_t Close = Text.find("\"\"\"", Pos + 3);
        Pos = Close == llvm::StringRef::npos ? Text.size() : Close + 3;
        continue;
      }
      if (!skipQuoted())
        skipLine();
      continue;
    }
    if (atComment(Pos)) {
      skipLine();
      continue;
    }
    ++Pos;
    if (C == '[')
      ++Depth;
    else if (C == ']' && --Depth == 0)
      return;
  }
}

bool Walker::readKey(std::string &Key) {
  Key.clear();
  while (Pos < Text.size()) {
    if (Text[Pos] == '"') {
      size_t Begin = Pos + 1;
      if (!skipQuoted())
        return false;
      Key += Text.slice(Begin, Pos - 1).str();
    } else {
      size_t Begin = Pos;
      while (Pos < Text.size() &&
             (llvm::isAlnum(Text[Pos]) || Text[Pos] == '-' ||
              Text[Pos] == '_' || Text[Pos] == '.'))
        ++Pos;
      if (Pos == Begin)
        break;
      Key += Text.slice(Begin, Pos).str();
    }
  }
  return !Key.empty();
}

void Walker::readValue(const std::string &Key) {
  HoconValue V;
  V.Begin = static_cast<uint32_t>(Pos);
  if (Text.substr(Pos).startswith("\"\"\"")) {
    size_t Close = Text.find("\"\"\"", Pos + 3);
    if (Close == llvm::StringRef::npos) {
      Pos = Text.size();
      return;
    }
    // A closing run of more than three quotes keeps the extra ones inside.
    while (Close + 3 < Text.size() && Text[Close + 3] == '"')
      ++Close;
    Pos = Close + 3;
    V.Form = HoconValue::Triple;
  } else if (Text[Pos] == '"') {
    if (!skipQuoted()) {
      skipLine();
      return;
    }
    V.Form = HoconValue::Quoted;
  } else {
    while (Pos < Text.size() && Text[Pos] != ',' && Text[Pos] != '}' &&
           Text[Pos] != '\n' && Text[Pos] != ']' && !atComment(Pos))
      ++Pos;
    size_t End = Pos;
    while (End > V.Begin && llvm::isSpace(Text[End - 1]))
      --End;
    if (End == V.Begin)
      return;
    Pos = End;
  }
  V.End = static_cast<uint32_t>(Pos);
  skipBlanks();
  if (Pos < Text.size() && Text[Pos] != '\n' && Text[Pos] != ',' &&
      Text[Pos] != '}' && !atComment(Pos)) {
    V.Concatenated = true;
    // The rest of a concatenation, to the end of its line.
    while (Pos < Text.size() && Text[Pos] != '\n' && Text[Pos] != '}' &&
           !atComment(Pos)) {
      if (Text[Pos] == '"') {
        if (!skipQuoted())
          break;
        continue;
      }
      ++Pos;
    }
  }
  for (const std::string &K : Open)
    if (!K.empty())
      V.Path += K + ".";
  if (Hidden > 0)
    V.Path += "(...)."; // deeper than the keys kept: no full key path
  V.Path += Key;
  Fn(V);
}

void Walker::run() {
  std::string Key;
  while (Pos < Text.size()) {
    char C = Text[Pos];
    if (llvm::isSpace(C) || C == ',') {
      ++Pos;
      continue;
    }
    if (atComment(Pos)) {
      skipLine();
      continue;
    }
    if (C == '}') {
      close();
      ++Pos;
      continue;
    }
    if (C == '{') { // the root object of the JSON form, or `[ { ... } ]`
      open(std::string());
      ++Pos;
      continue;
    }
    if (C == '[') {
      skipArray();
      continue;
    }
    if (!readKey(Key)) {
      skipLine();
      continue;
    }
    skipBlanks();
    if (at(Pos, '+') && at(Pos + 1, '=')) { // `key += value`: an append
      skipLine();
      continue;
    }
    bool Separator = at(Pos, '=') || at(Pos, ':');
    if (Separator) {
      ++Pos;
      skipBlanks();
    }
    if (at(Pos, '{')) {
      open(Key);
      ++Pos;
      continue;
    }
    if (!Separator || Pos >= Text.size() || Text[Pos] == '\n') {
      skipLine(); // `include "x"`, or a key with no value on its line
      continue;
    }
    if (Text[Pos] == '[') {
      skipArray();
      continue;
    }
    readValue(Key);
  }
}

} // namespace

void forEachHoconValue(llvm::StringRef Text,
                       llvm::function_ref<void(const HoconValue &)> Fn) {
  if (Text.size() >= UINT32_MAX)
    return;
  Walker(Text, Fn).run();
}

} // namespace nosqlint::extract
