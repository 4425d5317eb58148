//===- DynamoServerless.cpp - Tables of Serverless Framework files --------===//
//
// A Serverless Framework service file (serverless.yml) keeps CloudFormation
// resources under `resources: Resources: ...`, or under a list `resources:
// [{Resources: ...}, ${file(...)}]` whose elements are merged. Its strings
// hold Serverless variables, resolved here before the CloudFormation reader
// reads the tables:
//
//   ${self:a.b.c}          the file's own value at that path (resolved in turn)
//   ${sls:stage}           provider.stage, resolved
//   ${opt:stage}           provider.stage when it is a literal, else absent
//   ${x, 'lit'}, ${x, y}   fallbacks: the first source that is not absent
//   ${env:X} ${file(...)} ${ssm:...} ${cf:...} and any other source: unknown
//
// Variables nest (`${self:custom.${sls:stage}.table}`). A string that is one
// variable takes the variable's value whatever its kind (a number, an
// object); variables inside a longer string must be scalars. A value that
// cannot be known becomes an unknown placeholder that CloudFormation's
// resolver cannot resolve, so a table named through it is named after its
// logical id, as CloudFormation tables without a literal TableName are: never
// after a guess. A `${...}` that is not a Serverless variable (`${AWS::Region}`,
// `${Param}`, `${!Literal}` in a !Sub) is left for CloudFormation.
//
// A template included with ${file(...)} is read like a CloudFormation
// template, but its table definitions hold variables of the including file:
// when they do, every Serverless variable in it is unknown.
//
// Resolution is bounded: 32 nested variables or self references (a cycle
// ends there too, and at once when detected), 64 KiB per resolved string, a
// work budget per file; past a bound the value is unknown.
//
//===----------------------------------------------------------------------===//
#include "DynamoLoaders.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"

#include <map>
#include <set>

namespace nosqlint::dynamo {

namespace {

constexpr unsigned MaxVariableDepth = 32;
constexpr unsigned MaxFrames = 4096; // nested calls of the resolver
constexpr size_t MaxResolvedLength = 64 * 1024;
constexpr size_t MaxWork = 1000000; // variables, nodes copied, 64-byte runs

/// The tag of the placeholder for a value that cannot be known. The
/// placeholder is an empty object: CloudFormation's resolver does not know
/// the tag (so names through it are unknown), and members read as enums
/// (BillingMode, ProjectionType, ...) skip a value that is not a string.
constexpr llvm::StringLiteral UnknownTag = "!ServerlessVariable";

bool isUnknownPlaceholder(const JsonValue &V) {
  return V.Unknown && V.Tag == UnknownTag;
}

bool isTableType(const JsonValue &Resource) {
  std::optional<llvm::StringRef> Type = Resource.getString("Type");
  return Type == llvm::StringRef("AWS::DynamoDB::Table") ||
         Type == llvm::StringRef("AWS::DynamoDB::GlobalTable") ||
         Type == llvm::StringRef("AWS::Serverless::SimpleTable");
}

/// The length of the source name at the start of \p Body (after `${`) when
/// it starts a Serverless variable (`self:`, `opt:`, `file(`: a lower-case
/// letter first, as Serverless parses them), else 0: `${AWS::Region}`,
/// `${Param}` and `${!Literal}` are CloudFormation's.
size_t variableSource(llvm::StringRef Body) {
  Body = Body.ltrim(" ");
  if (Body.empty() || !(Body.front() >= 'a' && Body.front() <= 'z'))
    return 0;
  size_t N = 1;
  while (N < Body.size() && llvm::isAlnum(Body[N]))
    ++N;
  if (N == Body.size())
    return 0;
  if (Body[N] == '(')
    return N;
  if (Body[N] == ':' && (N + 1 == Body.size() || Body[N + 1] != ':'))
    return N;
  return 0;
}

/// The sources a file included with ${file(...)} may use: `aws:` is left
/// out, as IAM policy variables (${aws:username}) are written the same way.
bool isFragmentSource(llvm::StringRef Name) {
  return Name == "self" || Name == "sls" || Name == "opt" || Name == "env" ||
         Name == "file" || Name == "ssm" || Name == "cf" || Name == "s3" ||
         Name == "param";
}

/// The offset of the `}` closing the variable that opens at \p Open (the
/// `$` of `${`), skipping nested variables and quoted text; npos if none.
size_t findClose(llvm::StringRef S, size_t Open) {
  unsigned Depth = 0;
  char Quote = 0;
  for (size_t I = Open; I < S.size(); ++I) {
    char C = S[I];
    if (Quote) {
      if (C == Quote)
        Quote = 0;
      continue;
    }
    if (C == '$' && I + 1 < S.size() && S[I + 1] == '{') {
      ++Depth;
      ++I;
    } else if (Depth > 0 && (C == '\'' || C == '"')) {
      Quote = C; // a quoted fallback may hold '}' and ','
    } else if (C == '}') {
      if (--Depth == 0)
        return I;
    }
  }
  return llvm::StringRef::npos;
}

/// The next Serverless variable of \p S at or after \p From: its `$`, or
/// npos. `\${` is not one.
size_t findVariable(llvm::StringRef S, size_t From) {
  for (size_t I = S.find("${", From); I != llvm::StringRef::npos;
       I = S.find("${", I + 2))
    if ((I == 0 || S[I - 1] != '\\') && variableSource(S.substr(I + 2)))
      return I;
  return llvm::StringRef::npos;
}

bool containsVariable(llvm::StringRef S) {
  return findVariable(S, 0) != llvm::StringRef::npos;
}

/// What a variable, a source or a value resolves to.
struct Resolution {
  enum class StateKind : uint8_t { Known, Absent, Unknown };
  StateKind State = StateKind::Unknown;
  JsonValue Value; // Known
  /// The depth bound was reached on the way: the result depends on where
  /// the resolution started, so it is not remembered.
  bool Truncated = false;

  static Resolution known(JsonValue V) {
    Resolution R;
    R.State = StateKind::Known;
    R.Value = std::move(V);
    return R;
  }
  static Resolution absent() {
    Resolution R;
    R.State = StateKind::Absent;
    return R;
  }
  static Resolution unknown(bool Truncated = false) {
    Resolution R;
    R.Truncated = Truncated;
    return R;
  }
  bool isKnown() const { return State == StateKind::Known; }
  bool isAbsent() const { return State == StateKind::Absent; }
};

JsonValue stringValue(std::string S) {
  JsonValue V;
  V.K = JsonValue::Kind::String;
  V.Str = std::move(S);
  return V;
}

/// The text a scalar contributes inside a longer string; nullopt for
/// objects, arrays and null.
std::optional<std::string> scalarText(const JsonValue &V) {
  if (V.isString() || V.isNumber())
    return V.Str;
  if (V.isBool())
    return std::string(V.Bool ? "true" : "false");
  return std::nullopt;
}

class VariableResolver {
public:
  /// \p Root: the service file (self: looks values up in it), or null for a
  /// file included by another one (self:, opt: and sls: are then unknown).
  explicit VariableResolver(const JsonValue *Root) : Root(Root) {}

  /// Resolves the variables of every string of \p V in place.
  void resolveTree(JsonValue &V, unsigned Depth) {
    FrameGuard Guard(Frames);
    if (V.isString()) {
      if (!containsVariable(V.Str))
        return;
      Resolution R = Frames > MaxFrames ? Resolution::unknown(true)
                                        : resolveString(V, Depth);
      Truncations += R.Truncated;
      V = R.isKnown() ? std::move(R.Value) : unknownAt(V);
      return;
    }
    if (Frames > MaxFrames) {
      // Too deep to go on: its strings cannot be trusted unresolved.
      ++Truncations;
      V = unknownAt(V);
      return;
    }
    for (json::JsonMember &M : V.Members)
      resolveTree(M.Value, Depth);
    for (JsonValue &E : V.Elements)
      resolveTree(E, Depth);
  }

private:
  struct FrameGuard {
    explicit FrameGuard(unsigned &Frames) : Frames(Frames) { ++Frames; }
    ~FrameGuard() { --Frames; }
    unsigned &Frames;
  };

  /// The placeholder standing where \p Site was.
  static JsonValue unknownAt(const JsonValue &Site) {
    JsonValue U;
    U.K = JsonValue::Kind::Object;
    U.Begin = Site.Begin;
    U.End = Site.End;
    U.ContentBegin = Site.ContentBegin;
    U.ContentEnd = Site.ContentEnd;
    U.Str = Site.isString() ? Site.Str : std::string();
    U.Tag = UnknownTag.str();
    U.Unknown = true;
    return U;
  }

  bool spend(size_t Units) {
    Work += Units;
    return Work <= MaxWork;
  }

  static size_t countNodes(const JsonValue &V) {
    size_t Count = 1;
    for (const json::JsonMember &M : V.Members)
      Count += countNodes(M.Value);
    for (const JsonValue &E : V.Elements)
      Count += countNodes(E);
    return Count;
  }

  /// A string value with variables: one variable standing for the whole
  /// value takes that variable's value (and \p Site's position); otherwise
  /// the variables are replaced by their text.
  Resolution resolveString(const JsonValue &Site, unsigned Depth) {
    llvm::StringRef S = Site.Str;
    size_t Open = findVariable(S, 0);
    size_t Close = findClose(S, Open);
    if (Open == 0 && Close == S.size() - 1) {
      Resolution R = resolveVariable(S.slice(2, Close), Depth);
      if (!R.isKnown())
        return R.isAbsent() ? Resolution::unknown(R.Truncated) : R;
      // A value that is one variable is resolved again (a fallback
      // '${self:service}-x'), as Serverless does; one made of several
      // pieces is not.
      if (R.Value.isString() && containsVariable(R.Value.Str)) {
        JsonValue Again = Site;
        Again.Str = std::move(R.Value.Str);
        Again.Escapes.clear();
        if (Site.Tag.empty())
          Again.Tag = R.Value.Tag;
        return resolveString(Again, Depth + 1);
      }
      JsonValue V = std::move(R.Value);
      if (std::optional<std::string> Text = scalarText(V);
          Text && (V.isString() || !Site.Tag.empty())) {
        JsonValue Str = Site;
        Str.K = JsonValue::Kind::String;
        Str.Str = std::move(*Text);
        Str.Escapes.clear();
        if (Site.Tag.empty())
          Str.Tag = V.Tag; // `custom: {name: !Ref Param}`
        return Resolution::known(std::move(Str));
      }
      V.Begin = Site.Begin;
      V.End = Site.End;
      return Resolution::known(std::move(V));
    }
    Resolution R = interpolate(S, Depth);
    if (!R.isKnown())
      return R;
    JsonValue Str = Site;
    Str.Str = std::move(R.Value.Str);
    Str.Escapes.clear();
    return Resolution::known(std::move(Str));
  }

  /// \p S with each variable replaced by its scalar text.
  Resolution interpolate(llvm::StringRef S, unsigned Depth) {
    std::string Out;
    size_t I = 0;
    while (I < S.size()) {
      size_t Open = findVariable(S, I);
      if (Open == llvm::StringRef::npos) {
        Out += S.substr(I).str();
        break;
      }
      Out += S.slice(I, Open).str();
      size_t Close = findClose(S, Open);
      if (Close == llvm::StringRef::npos)
        return Resolution::unknown(); // an unterminated variable
      Resolution R = resolveVariable(S.slice(Open + 2, Close), Depth);
      if (!R.isKnown())
        return Resolution::unknown(R.Truncated);
      std::optional<std::string> Text = scalarText(R.Value);
      if (!Text)
        return Resolution::unknown();
      Out += *Text;
      if (Out.size() > MaxResolvedLength || !spend(Text->size() / 64))
        return Resolution::unknown();
      I = Close + 1;
    }
    return Resolution::known(stringValue(std::move(Out)));
  }

  /// The body of `${...}`: sources separated by commas, the first one that
  /// is not absent decides.
  Resolution resolveVariable(llvm::StringRef Body, unsigned Depth) {
    FrameGuard Guard(Frames);
    if (Depth >= MaxVariableDepth || Frames > MaxFrames)
      return Resolution::unknown(/*Truncated=*/true);
    if (!spend(1))
      return Resolution::unknown();
    bool Truncated = false;
    for (llvm::StringRef Source : splitSources(Body)) {
      Resolution R = resolveSource(Source.trim(" "), Depth + 1);
      Truncated |= R.Truncated;
      if (R.isAbsent())
        continue;
      R.Truncated |= Truncated;
      return R;
    }
    // No source has a value: Serverless stops with "Value not found".
    return Resolution::unknown(Truncated);
  }

  /// Splits a variable's body at its top-level commas.
  static std::vector<llvm::StringRef> splitSources(llvm::StringRef Body) {
    std::vector<llvm::StringRef> Sources;
    size_t Start = 0;
    unsigned Parens = 0;
    char Quote = 0;
    for (size_t I = 0; I < Body.size(); ++I) {
      char C = Body[I];
      if (Quote) {
        if (C == Quote)
          Quote = 0;
        continue;
      }
      if (C == '$' && I + 1 < Body.size() && Body[I + 1] == '{') {
        size_t Close = findClose(Body, I);
        if (Close == llvm::StringRef::npos)
          break;
        I = Close;
      } else if (C == '\'' || C == '"') {
        Quote = C;
      } else if (C == '(') {
        ++Parens;
      } else if (C == ')' && Parens > 0) {
        --Parens;
      } else if (C == ',' && Parens == 0) {
        Sources.push_back(Body.slice(Start, I));
        Start = I + 1;
      }
    }
    Sources.push_back(Body.substr(Start));
    return Sources;
  }

  /// One source: a nested variable, a literal, or a reference.
  Resolution resolveSource(llvm::StringRef Source, unsigned Depth) {
    if (Source.size() >= 2 && (Source.front() == '\'' || Source.front() == '"') &&
        Source.back() == Source.front() &&
        Source.drop_front().drop_back().find(Source.front()) ==
            llvm::StringRef::npos)
      return Resolution::known(stringValue(Source.drop_front().drop_back().str()));
    if (Source.startswith("${") && findClose(Source, 0) == Source.size() - 1)
      return resolveVariable(Source.slice(2, Source.size() - 1), Depth);
    std::string Text = Source.str();
    if (containsVariable(Source)) {
      Resolution R = interpolate(Source, Depth);
      if (!R.isKnown())
        return R;
      Text = R.Value.Str;
    }
    llvm::StringRef Ref = llvm::StringRef(Text).trim(" ");
    if (Ref == "true" || Ref == "false") {
      JsonValue B;
      B.K = JsonValue::Kind::Bool;
      B.Bool = Ref == "true";
      return Resolution::known(std::move(B));
    }
    double Number = 0;
    if (!Ref.empty() &&
        (llvm::isDigit(Ref.front()) || Ref.front() == '-' ||
         Ref.front() == '.') &&
        !Ref.getAsDouble(Number)) {
      JsonValue N;
      N.K = JsonValue::Kind::Number;
      N.Number = Number;
      N.Str = Ref.str();
      return Resolution::known(std::move(N));
    }
    return resolveReference(Ref, Depth);
  }

  /// `source:address`.
  Resolution resolveReference(llvm::StringRef Ref, unsigned Depth) {
    if (!Root)
      return Resolution::unknown(); // an included file: not ours to know
    auto [Source, Address] = Ref.split(':');
    Source = Source.trim(" ");
    Address = Address.trim(" ");
    if (Source == "self")
      return lookupSelf(Address, Depth);
    if (Source == "sls" && Address == "stage") {
      Resolution R = lookupSelf("provider.stage", Depth);
      return R.isAbsent() ? Resolution::unknown() : R;
    }
    if (Source == "opt" && Address == "stage") {
      // The stage given on the command line: taken to be provider.stage
      // when the file fixes it, else not given (the fallback decides).
      const JsonValue *Provider = Root->get("provider");
      const JsonValue *Stage = Provider ? Provider->get("stage") : nullptr;
      if (Stage && ((Stage->isString() && Stage->Tag.empty() &&
                     !containsVariable(Stage->Str)) ||
                    Stage->isNumber()))
        return Resolution::known(stringValue(Stage->Str));
      return Resolution::absent();
    }
    // env:, file(...), ssm:, cf:, s3:, aws:, param:, other options, ...:
    // known only where the service is deployed.
    return Resolution::unknown();
  }

  /// The file's own value at a dotted path, its variables resolved.
  Resolution lookupSelf(llvm::StringRef Address, unsigned Depth) {
    std::string Key = Address.str();
    if (auto It = Memo.find(Key); It != Memo.end()) {
      if (!It->second.isKnown() ||
          spend(It->second.Value.Members.size() +
                It->second.Value.Elements.size()))
        return It->second;
      return Resolution::unknown();
    }
    if (!InProgress.insert(Key).second)
      return Resolution::unknown(); // a cycle
    Resolution R = walk(Address, Depth);
    InProgress.erase(Key);
    if (!R.Truncated)
      Memo[Key] = R;
    return R;
  }

  Resolution walk(llvm::StringRef Address, unsigned Depth) {
    const JsonValue *Node = Root;
    std::optional<JsonValue> Owned; // a value resolved on the way
    llvm::SmallVector<llvm::StringRef, 8> Segments;
    if (!Address.empty())
      Address.split(Segments, '.');
    for (llvm::StringRef Segment : Segments) {
      if (isUnknownPlaceholder(*Node))
        return Resolution::unknown(); // not absent: no fallback applies
      if (Node->isString() && containsVariable(Node->Str)) {
        Resolution R = resolveValue(*Node, Depth);
        if (!R.isKnown())
          return R;
        Owned = std::move(R.Value);
        Node = &*Owned;
      }
      const JsonValue *Next = nullptr;
      unsigned Index = 0;
      if (Node->isObject())
        Next = Node->get(Segment);
      else if (Node->isArray() && !Segment.getAsInteger(10, Index) &&
               Index < Node->Elements.size())
        Next = &Node->Elements[Index];
      if (!Next)
        return Resolution::absent();
      if (Owned) {
        JsonValue Copy = *Next; // Next points into Owned
        Owned = std::move(Copy);
        Next = &*Owned;
      }
      Node = Next;
    }
    // `service: {name: ...}`, the form of Serverless v1.
    if (Segments.size() == 1 && Segments[0] == "service" && Node->isObject())
      if (const JsonValue *Name = Node->get("name"))
        Node = Name;
    return resolveValue(*Node, Depth);
  }

  Resolution resolveValue(const JsonValue &V, unsigned Depth) {
    if (V.isNull())
      return Resolution::absent();
    if (isUnknownPlaceholder(V))
      return Resolution::unknown();
    if (V.isString())
      return containsVariable(V.Str) ? resolveString(V, Depth)
                                     : Resolution::known(V);
    if (V.isObject() || V.isArray()) {
      if (!spend(countNodes(V)))
        return Resolution::unknown();
      JsonValue Copy = V;
      unsigned Before = Truncations;
      resolveTree(Copy, Depth);
      Resolution R = Resolution::known(std::move(Copy));
      R.Truncated = Truncations != Before;
      return R;
    }
    return Resolution::known(V);
  }

  const JsonValue *Root;
  std::map<std::string, Resolution> Memo;
  std::set<std::string> InProgress;
  size_t Work = 0;
  unsigned Frames = 0;
  unsigned Truncations = 0; // placeholders put by the depth bound
};

/// Drops the table resources whose Properties are unknown (given by a
/// variable such as ${file(...)}): nothing of them can be read.
void dropUnknownTables(JsonValue &Template) {
  for (json::JsonMember &Section : Template.Members)
    if (Section.Key == "Resources")
      llvm::erase_if(Section.Value.Members, [](const json::JsonMember &R) {
        const JsonValue *Props = R.Value.get("Properties");
        return isTableType(R.Value) && Props && isUnknownPlaceholder(*Props);
      });
}

/// Adds the members of \p From's section \p Name to \p Into's, a later
/// member replacing an earlier one of the same name (Serverless merges the
/// elements of a `resources` list so).
void mergeSection(const JsonValue &From, llvm::StringRef Name, JsonValue &Into) {
  const JsonValue *Section = From.get(Name);
  if (!Section || !Section->isObject())
    return;
  json::JsonMember *Target = nullptr;
  for (json::JsonMember &M : Into.Members)
    if (M.Key == Name)
      Target = &M;
  if (!Target) {
    json::JsonMember M;
    M.Key = Name.str();
    M.Value.K = JsonValue::Kind::Object;
    M.Value.Begin = Section->Begin;
    M.Value.End = Section->End;
    Into.Members.push_back(std::move(M));
    Target = &Into.Members.back();
  }
  for (const json::JsonMember &M : Section->Members) {
    auto Same = llvm::find_if(Target->Value.Members,
                              [&](const json::JsonMember &X) {
                                return X.Key == M.Key;
                              });
    if (Same != Target->Value.Members.end())
      *Same = M;
    else
      Target->Value.Members.push_back(M);
  }
}

} // namespace

bool isServerlessService(const JsonValue &Doc) {
  return Doc.isObject() && Doc.get("service") &&
         (Doc.get("provider") || Doc.get("resources"));
}

bool readServerless(const JsonValue &Service, FileId File,
                    DiagnosticEngine &Diags,
                    std::vector<DynamoTable> &Tables) {
  const JsonValue *Resources = Service.get("resources");
  if (!Resources)
    return false;
  VariableResolver Resolver(&Service);
  JsonValue Resolved = *Resources;
  Resolver.resolveTree(Resolved, 0);

  JsonValue Template;
  Template.K = JsonValue::Kind::Object;
  Template.Begin = Resolved.Begin;
  Template.End = Resolved.End;
  if (isUnknownPlaceholder(Resolved)) {
    return false; // `resources: ${file(...)}`
  } else if (Resolved.isObject()) {
    Template = std::move(Resolved);
  } else if (Resolved.isArray()) {
    // `- ${file(...)}` elements are unknown placeholders: skipped.
    for (const JsonValue &Element : Resolved.Elements)
      if (Element.isObject() && !isUnknownPlaceholder(Element)) {
        mergeSection(Element, "Parameters", Template);
        mergeSection(Element, "Resources", Template);
      }
  } else {
    return false;
  }
  dropUnknownTables(Template);
  return readCloudFormation(Template, File, Diags, Tables);
}

bool hasServerlessVariables(const JsonValue &Template) {
  const JsonValue *Resources = Template.get("Resources");
  if (!Resources || !Resources->isObject())
    return false;
  std::vector<const JsonValue *> Work;
  for (const json::JsonMember &R : Resources->Members)
    if (R.Value.isObject() && isTableType(R.Value))
      Work.push_back(&R.Value);
  while (!Work.empty()) {
    const JsonValue *V = Work.back();
    Work.pop_back();
    if (V->isString()) {
      for (size_t I = V->Str.find("${"); I != std::string::npos;
           I = V->Str.find("${", I + 2)) {
        llvm::StringRef Body = llvm::StringRef(V->Str).substr(I + 2).ltrim(" ");
        size_t N = variableSource(Body);
        if (N && isFragmentSource(Body.take_front(N)))
          return true;
      }
    }
    for (const json::JsonMember &M : V->Members)
      Work.push_back(&M.Value);
    for (const JsonValue &E : V->Elements)
      Work.push_back(&E);
  }
  return false;
}

bool readServerlessFragment(const JsonValue &Template, FileId File,
                            DiagnosticEngine &Diags,
                            std::vector<DynamoTable> &Tables) {
  VariableResolver Resolver(nullptr);
  JsonValue Resolved = Template;
  Resolver.resolveTree(Resolved, 0);
  dropUnknownTables(Resolved);
  return readCloudFormation(Resolved, File, Diags, Tables);
}

} // namespace nosqlint::dynamo
