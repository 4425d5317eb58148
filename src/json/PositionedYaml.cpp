//===- PositionedYaml.cpp - LLVM YAML nodes into positioned JsonValues ----===//
//
// CloudFormation/SAM templates, Kubernetes manifests, compose files and CI
// workflows are YAML. LLVM's YAML parser reads them; this file turns its
// nodes into the JsonValue tree the DynamoDB loaders and the CQL extractors
// share, keeping
// byte ranges from the node source ranges and short-form tags (!Ref, !Sub,
// !GetAtt, ...) in JsonValue::Tag. Plain scalars become booleans, nulls or
// numbers when they read as such (YAML 1.2 core schema); quoted ones stay
// strings. Strings carry no escape map (positions inside a double-quoted YAML
// string with escapes point at its start).
//
//===----------------------------------------------------------------------===//
#include "nosqlint/Json/PositionedYaml.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/YAMLParser.h"

#include <algorithm>
#include <optional>
#include <cstdlib>
#include <map>

namespace nosqlint::json {

namespace {

constexpr unsigned MaxYamlDepth = 512;
constexpr size_t MaxExpandedNodes = 1000000;

/// Calls \p Visit(I, C, Depth) for every byte of \p Text outside quotes and
/// comments, with the nesting of flow collections ([ and {) after it.
template <typename Fn> void forEachFlowByte(llvm::StringRef Text, Fn &&Visit) {
  unsigned Depth = 0;
  char Quote = 0;
  bool Comment = false;
  for (uint32_t I = 0; I < Text.size(); ++I) {
    char C = Text[I];
    if (Comment) {
      Comment = C != '\n';
      continue;
    }
    if (Quote) {
      if (C == Quote)
        Quote = 0;
      continue;
    }
    if (C == '#' && (I == 0 || Text[I - 1] == ' ' || Text[I - 1] == '\n')) {
      Comment = true;
      continue;
    }
    if (C == '"' || C == '\'') {
      Quote = C;
      continue;
    }
    if (C == '[' || C == '{')
      ++Depth;
    else if ((C == ']' || C == '}') && Depth > 0)
      --Depth;
    Visit(I, C, Depth);
  }
}

/// The deepest nesting of flow collections outside quotes and comments:
/// LLVM's parser recurses on them, so absurd input is refused before it is
/// parsed.
unsigned flowDepth(llvm::StringRef Text, uint32_t &DeepestAt) {
  unsigned Max = 0;
  forEachFlowByte(Text, [&](uint32_t I, char C, unsigned Depth) {
    if ((C == '[' || C == '{') && Depth > Max) {
      Max = Depth;
      DeepestAt = I;
    }
  });
  return Max;
}

/// The mask for maskFlowColons: a printable byte (LLVM refuses control
/// bytes in scalars) that the text does not hold, from bytes that mean
/// nothing inside a scalar.
std::optional<char> colonMaskFor(llvm::StringRef Text) {
  for (char C : {'`', '^', '~', '|', '\\'})
    if (!Text.contains(C))
      return C;
  return std::nullopt;
}

/// In a flow collection, YAML 1.2 reads `sts:AssumeRole` and
/// `AWS::AccountId` as plain scalars (a ':' not followed by a blank is part
/// of the scalar); LLVM's parser refuses them. Such a ':' is masked with
/// \p Mask (same length, so every offset stays) and restored in the
/// converted strings. A ':' right after a quote (`{"a":1}`) is JSON's and
/// stays.
std::string maskFlowColons(llvm::StringRef Text, char Mask) {
  std::string Out = Text.str();
  forEachFlowByte(Text, [&](uint32_t I, char C, unsigned Depth) {
    if (C == ':' && Depth > 0 && I + 1 < Text.size() && I > 0 &&
        !llvm::StringRef(" \t\r\n,]}").contains(Text[I + 1]) &&
        Text[I - 1] != '"' && Text[I - 1] != '\'' && Text[I - 1] != ' ')
      Out[I] = Mask;
  });
  return Out;
}

void unmaskColons(std::string &S, char Mask) {
  std::replace(S.begin(), S.end(), Mask, ':');
}

void unmaskColons(JsonValue &V, char Mask, unsigned Depth = 0) {
  if (Depth > 512)
    return;
  unmaskColons(V.Str, Mask);
  unmaskColons(V.Tag, Mask);
  for (JsonMember &M : V.Members) {
    unmaskColons(M.Key, Mask);
    unmaskColons(M.Value, Mask, Depth + 1);
  }
  for (JsonValue &E : V.Elements)
    unmaskColons(E, Mask, Depth + 1);
}

bool looksLikeNumber(llvm::StringRef S) {
  if (S.empty())
    return false;
  char *End = nullptr;
  std::string Copy = S.str();
  std::strtod(Copy.c_str(), &End);
  return End == Copy.c_str() + Copy.size() &&
         (std::isdigit(static_cast<unsigned char>(S.front())) ||
          S.front() == '-' || S.front() == '+' || S.front() == '.');
}

class Converter {
public:
  Converter(llvm::StringRef Text) : Text(Text) {}

  bool TooDeep = false;
  uint32_t TooDeepAt = 0;
  std::string TooDeepMessage;

  JsonValue convert(llvm::yaml::Node *N, unsigned Depth) {
    JsonValue V;
    if (!N)
      return V;
    setRange(V, N);
    if (Depth > MaxYamlDepth) {
      if (!TooDeep) {
        TooDeep = true;
        TooDeepAt = V.Begin;
        TooDeepMessage = "YAML nested deeper than " +
                         std::to_string(MaxYamlDepth) + " levels";
      }
      return V;
    }
    llvm::StringRef Tag = N->getRawTag();
    if (Tag.startswith("!") && !Tag.startswith("!!"))
      V.Tag = Tag.str();

    if (auto *A = llvm::dyn_cast<llvm::yaml::AliasNode>(N)) {
      // A collection can be iterated only once: aliases copy the anchored
      // node's conversion, and the copies are budgeted ("billion laughs").
      auto It = Anchored.find(A->getName().str());
      if (It == Anchored.end())
        return V;
      Expanded += It->second.second;
      if (Expanded > MaxExpandedNodes) {
        if (!TooDeep) {
          TooDeep = true;
          TooDeepAt = V.Begin;
          TooDeepMessage = "YAML aliases expand to more than " +
                           std::to_string(MaxExpandedNodes) + " nodes";
        }
        return V;
      }
      JsonValue Copy = It->second.first;
      Copy.Begin = V.Begin;
      Copy.End = V.End;
      return Copy;
    }
    JsonValue Result = convertNode(N, std::move(V), Depth);
    if (!N->getAnchor().empty())
      Anchored[N->getAnchor().str()] = {Result, countNodes(Result)};
    return Result;
  }

private:
  static size_t countNodes(const JsonValue &V) {
    size_t Count = 1;
    for (const JsonMember &M : V.Members)
      Count += countNodes(M.Value);
    for (const JsonValue &E : V.Elements)
      Count += countNodes(E);
    return Count;
  }

  JsonValue convertNode(llvm::yaml::Node *N, JsonValue V, unsigned Depth) {
    if (auto *S = llvm::dyn_cast<llvm::yaml::ScalarNode>(N)) {
      convertScalar(*S, V);
      return V;
    }
    if (auto *B = llvm::dyn_cast<llvm::yaml::BlockScalarNode>(N)) {
      V.K = JsonValue::Kind::String;
      V.Str = B->getValue().str();
      V.ContentBegin = V.Begin;
      V.ContentEnd = V.End;
      return V;
    }
    if (auto *M = llvm::dyn_cast<llvm::yaml::MappingNode>(N)) {
      V.K = JsonValue::Kind::Object;
      for (llvm::yaml::KeyValueNode &KV : *M) {
        JsonMember Member;
        llvm::yaml::Node *Key = KV.getKey();
        JsonValue KeyValue = convert(Key, Depth + 1);
        Member.Key = KeyValue.Str;
        Member.KeyBegin = KeyValue.Begin;
        Member.KeyEnd = KeyValue.End;
        Member.Value = convert(KV.getValue(), Depth + 1);
        if (Member.Value.isNull() && Member.Value.Begin == 0)
          Member.Value.Begin = Member.Value.End = Member.KeyEnd;
        V.End = std::max({V.End, Member.KeyEnd, Member.Value.End});
        V.Members.push_back(std::move(Member));
      }
      return V;
    }
    if (auto *Seq = llvm::dyn_cast<llvm::yaml::SequenceNode>(N)) {
      V.K = JsonValue::Kind::Array;
      for (llvm::yaml::Node &Element : *Seq) {
        V.Elements.push_back(convert(&Element, Depth + 1));
        V.End = std::max(V.End, V.Elements.back().End);
      }
      return V;
    }
    return V; // NullNode, or a node left by a syntax error
  }

  void setRange(JsonValue &V, llvm::yaml::Node *N) {
    llvm::SMRange R = N->getSourceRange();
    auto Offset = [&](llvm::SMLoc L) -> uint32_t {
      const char *P = L.getPointer();
      if (!P || P < Text.begin() || P > Text.end())
        return 0;
      return static_cast<uint32_t>(P - Text.begin());
    };
    V.Begin = Offset(R.Start);
    V.End = std::max(V.Begin, Offset(R.End));
    // A plain scalar's range can include the blanks before a comment.
    while (V.End > V.Begin && (Text[V.End - 1] == ' ' || Text[V.End - 1] == '\t'))
      --V.End;
  }

  void convertScalar(llvm::yaml::ScalarNode &S, JsonValue &V) {
    llvm::SmallString<64> Storage;
    llvm::StringRef Value = S.getValue(Storage);
    llvm::StringRef Raw = S.getRawValue();
    bool Quoted = !Raw.empty() && (Raw.front() == '"' || Raw.front() == '\'');
    if (!Quoted && V.Tag.empty()) {
      if (Value == "true" || Value == "True" || Value == "TRUE" ||
          Value == "false" || Value == "False" || Value == "FALSE") {
        V.K = JsonValue::Kind::Bool;
        V.Bool = Value.front() == 't' || Value.front() == 'T';
        return;
      }
      if (Value == "null" || Value == "Null" || Value == "NULL" ||
          Value == "~" || Value.empty()) {
        V.K = JsonValue::Kind::Null;
        return;
      }
      if (looksLikeNumber(Value)) {
        V.K = JsonValue::Kind::Number;
        V.Str = Value.str();
        V.Number = std::strtod(V.Str.c_str(), nullptr);
        return;
      }
    }
    V.K = JsonValue::Kind::String;
    V.Str = Value.str();
    V.ContentBegin = V.Begin + (Quoted ? 1 : 0);
    V.ContentEnd = std::max(V.ContentBegin, V.End - (Quoted ? 1 : 0));
  }

  llvm::StringRef Text;
  std::map<std::string, std::pair<JsonValue, size_t>> Anchored; // by anchor
  size_t Expanded = 0;
};

} // namespace

void FirstYamlDiagnostic::attach(llvm::SourceMgr &SM) {
  SM.setDiagHandler(
      [](const llvm::SMDiagnostic &D, void *Context) {
        auto *Self = static_cast<FirstYamlDiagnostic *>(Context);
        if (Self->Set)
          return;
        Self->Set = true;
        Self->Message = D.getMessage().str();
        const char *P = D.getLoc().getPointer();
        if (P >= Self->Text.begin() && P <= Self->Text.end())
          Self->Offset = static_cast<uint32_t>(P - Self->Text.begin());
      },
      this);
}

bool parseYamlDocuments(llvm::StringRef Text, std::vector<JsonValue> &Docs,
                        uint32_t &ErrOffset, std::string &ErrMessage) {
  uint32_t DeepestAt = 0;
  if (flowDepth(Text, DeepestAt) > MaxYamlDepth) {
    ErrOffset = DeepestAt;
    ErrMessage = "YAML nested deeper than " + std::to_string(MaxYamlDepth) +
                 " levels";
    return false;
  }
  std::optional<char> Mask = colonMaskFor(Text);
  std::string Masked = Mask ? maskFlowColons(Text, *Mask) : Text.str();
  llvm::StringRef Source = Masked;
  llvm::SourceMgr SM;
  FirstYamlDiagnostic Error(Source);
  Error.attach(SM);
  llvm::yaml::Stream Stream(Source, SM, /*ShowColors=*/false);
  Converter Conv(Source);
  for (llvm::yaml::Document &Doc : Stream) {
    llvm::yaml::Node *Root = Doc.getRoot();
    JsonValue V = Conv.convert(Root, 0);
    if (Error.isSet())
      break;
    if (Conv.TooDeep) {
      ErrOffset = Conv.TooDeepAt;
      ErrMessage = Conv.TooDeepMessage;
      return false;
    }
    if (Mask)
      unmaskColons(V, *Mask);
    if (!V.isNull())
      Docs.push_back(std::move(V));
  }
  if (Error.isSet() || Stream.failed()) {
    ErrOffset = Error.offset();
    ErrMessage = Error.isSet() ? Error.message() : "invalid YAML";
    return false;
  }
  return true;
}

} // namespace nosqlint::json
