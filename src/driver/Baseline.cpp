//===- Baseline.cpp - Findings accepted for now (--baseline) --------------===//
//
// Reads a baseline with the positioned JSON reader, so every problem names
// the line and column it is at; writes one with llvm::json in a fixed key
// order; filters the findings of a run by fingerprint.
//
//===----------------------------------------------------------------------===//
#include "Baseline.h"

#include "nosqlint/Basic/SourceManager.h"
#include "nosqlint/Diag/Fingerprint.h"
#include "nosqlint/Json/PositionedJson.h"

#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

#include <set>

namespace nosqlint::driver {

namespace {

/// "PATH:LINE:COL: " for byte \p Offset of \p Text.
std::string at(llvm::StringRef Path, llvm::StringRef Text, uint32_t Offset) {
  unsigned Line = 1, Col = 1;
  for (uint32_t I = 0; I < Offset && I < Text.size(); ++I) {
    if (Text[I] == '\n') {
      ++Line;
      Col = 1;
    } else {
      ++Col;
    }
  }
  return Path.str() + ":" + std::to_string(Line) + ":" + std::to_string(Col) +
         ": ";
}

} // namespace

bool parseBaseline(llvm::StringRef Text, llvm::StringRef Path,
                   std::vector<BaselineEntry> &Entries, std::string &Error) {
  using json::JsonValue;
  Entries.clear();
  json::JsonError Err;
  std::optional<JsonValue> Doc = json::parseJson(Text, Err);
  if (!Doc) {
    Error = at(Path, Text, Err.Offset) + "malformed baseline: " + Err.Message;
    return false;
  }
  auto Fail = [&](const JsonValue &V, const std::string &What) {
    Error = at(Path, Text, V.Begin) + "malformed baseline: " + What;
    return false;
  };
  if (Doc->K != JsonValue::Kind::Object)
    return Fail(*Doc, "expected an object with \"version\" and \"entries\"");
  const JsonValue *Version = Doc->get("version");
  if (!Version)
    return Fail(*Doc, "no \"version\"");
  if (Version->K != JsonValue::Kind::Number || Version->Number != 1)
    return Fail(*Version, "unsupported \"version\" (this nosqlint reads 1)");
  const JsonValue *List = Doc->get("entries");
  if (!List)
    return Fail(*Doc, "no \"entries\"");
  if (List->K != JsonValue::Kind::Array)
    return Fail(*List, "\"entries\" must be an array");
  for (const JsonValue &E : List->Elements) {
    if (E.K != JsonValue::Kind::Object)
      return Fail(E, "an entry must be an object");
    BaselineEntry B;
    const JsonValue *F = E.get("fingerprint");
    if (!F)
      return Fail(E, "an entry has no \"fingerprint\"");
    if (F->K != JsonValue::Kind::String || F->Str.empty())
      return Fail(*F, "\"fingerprint\" must be a non-empty string");
    B.Fingerprint = F->Str;
    for (const char *Key : {"rule", "path", "message"}) {
      const JsonValue *V = E.get(Key);
      if (!V || V->K == JsonValue::Kind::Null)
        continue;
      if (V->K != JsonValue::Kind::String)
        return Fail(*V, "\"" + std::string(Key) + "\" must be a string");
      (llvm::StringRef(Key) == "rule"   ? B.Rule
       : llvm::StringRef(Key) == "path" ? B.Path
                                        : B.Message) = V->Str;
    }
    if (const JsonValue *L = E.get("line");
        L && L->K != JsonValue::Kind::Null) {
      if (L->K != JsonValue::Kind::Number || L->Number < 0)
        return Fail(*L, "\"line\" must be a number");
      B.Line = static_cast<unsigned>(L->Number);
    }
    Entries.push_back(std::move(B));
  }
  return true;
}

std::string baselineText(llvm::ArrayRef<Diagnostic> Diags,
                         const SourceManager &SM, llvm::StringRef Root) {
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  {
    llvm::json::OStream J(OS, /*IndentSize=*/2);
    auto Text = [](llvm::StringRef S) -> llvm::json::Value {
      if (llvm::json::isUTF8(S))
        return S.str();
      return llvm::json::fixUTF8(S);
    };
    J.object([&] {
      J.attribute("version", 1);
      J.attributeArray("entries", [&] {
        for (const Diagnostic &D : Diags)
          J.object([&] {
            J.attribute("fingerprint", D.Fingerprint);
            J.attribute("rule", ruleInfo(D.Rule).Name);
            if (D.Range.isValid()) {
              J.attribute("path",
                          Text(pathRelativeToRoot(SM.path(D.Range.File), Root)));
              J.attribute("line",
                          SM.lineColumn(D.Range.File, D.Range.Begin).Line);
            } else {
              J.attribute("path", nullptr);
              J.attribute("line", nullptr);
            }
            J.attribute("message", Text(D.Message));
          });
      });
    });
  }
  OS << '\n';
  OS.flush();
  return Out;
}

void applyBaseline(std::vector<Diagnostic> &Diags,
                   llvm::ArrayRef<BaselineEntry> Entries, unsigned &Baselined,
                   unsigned &Gone) {
  std::set<std::string> Known;
  for (const BaselineEntry &E : Entries)
    Known.insert(E.Fingerprint);
  std::set<std::string> Matched;
  size_t Before = Diags.size();
  llvm::erase_if(Diags, [&](const Diagnostic &D) {
    if (!Known.count(D.Fingerprint))
      return false;
    Matched.insert(D.Fingerprint);
    return true;
  });
  Baselined = static_cast<unsigned>(Before - Diags.size());
  Gone = static_cast<unsigned>(Known.size() - Matched.size());
}

} // namespace nosqlint::driver
