//===- DriverConfigFile.cpp - Execution profiles in a driver's config file ===//
#include "nosqlint/Extract/DriverConfig.h"

#include "HoconValues.h"
#include "LibraryModels.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

namespace nosqlint::extract {

namespace {

/// The `profile config` rows of the Java catalog (the only drivers that read
/// a configuration file are JVM ones).
std::vector<const SettingModel *> configRows(const ModelCatalog &C) {
  std::vector<const SettingModel *> Rows;
  for (const SettingModel &S : C.settings())
    if (S.Form == SettingForm::Config)
      Rows.push_back(&S);
  return Rows;
}

const ModelCatalog &jvmCatalog() {
  return ModelCatalog::forLanguage(HostLanguage::Java);
}

llvm::StringRef rootOf(const SettingModel &Row) {
  return llvm::StringRef(Row.Name).split('.').first;
}

/// The value's text, quotes taken off (no escapes: levels and numbers have
/// none).
llvm::StringRef scalarText(llvm::StringRef Text, const HoconValue &V) {
  llvm::StringRef T = Text.slice(V.Begin, V.End);
  if (V.Form == HoconValue::Quoted)
    return T.drop_front().drop_back();
  if (V.Form == HoconValue::Triple)
    return T.drop_front(3).drop_back(3);
  return T;
}

void setFact(const SettingModel &Row, llvm::StringRef Value, SourceRange At,
             ExecutionFacts &Out) {
  switch (Row.Fact) {
  case ExecutionFactKind::Consistency:
  case ExecutionFactKind::SerialConsistency: {
    // The driver takes the enum constant's own name (DefaultConsistencyLevel
    // .valueOf): `LOCAL_QUORUM`, nothing else.
    std::string Level = canonicalConsistencyLevel(Value);
    if (Level.empty() || Level != Value)
      return;
    auto &Slot = Row.Fact == ExecutionFactKind::Consistency
                     ? Out.Consistency
                     : Out.SerialConsistency;
    Slot = ConsistencyFact{Level, SettingScope::Profile, At};
    return;
  }
  case ExecutionFactKind::PageSize: {
    llvm::StringRef D = Value;
    bool Negative = D.consume_front("-");
    if (D.empty() || D.size() > 18 || !llvm::all_of(D, llvm::isDigit))
      return;
    int64_t N = 0;
    for (char C : D)
      N = N * 10 + (C - '0');
    if (Negative)
      N = -N;
    PageSizeFact P;
    P.Rows = N;
    P.Scope = SettingScope::Profile;
    P.Range = At;
    switch (Row.Off) {
    case PagingOff::NonPositive:
      P.Disabled = N <= 0;
      break;
    case PagingOff::MaxInt:
      if (N <= 0)
        return;
      P.Disabled = N >= INT32_MAX;
      break;
    case PagingOff::NoneValue:
    case PagingOff::Never:
      if (N <= 0)
        return;
      break;
    }
    Out.PageSize = P;
    return;
  }
  case ExecutionFactKind::Profile:
    return;
  }
}

unsigned factBit(ExecutionFactKind Fact) {
  switch (Fact) {
  case ExecutionFactKind::Consistency:
    return 1;
  case ExecutionFactKind::SerialConsistency:
    return 2;
  case ExecutionFactKind::PageSize:
    return 4;
  case ExecutionFactKind::Profile:
    return 0;
  }
  return 0;
}

/// \p Out's facts \p Under fills: those it neither sets nor marks unknown.
void fillFrom(ExecutionFacts &Out, unsigned OutUnknown,
              const ExecutionFacts &Under, unsigned UnderUnknown,
              unsigned Which) {
  auto Take = [&](auto &Slot, const auto &From, unsigned Bit) {
    if (!(Which & Bit) || Slot || (OutUnknown & Bit) || (UnderUnknown & Bit))
      return;
    Slot = From;
  };
  Take(Out.Consistency, Under.Consistency, 1);
  Take(Out.SerialConsistency, Under.SerialConsistency, 2);
  Take(Out.PageSize, Under.PageSize, 4);
}

unsigned unknownOf(const DriverConfigFile &C, const std::string &Profile) {
  auto It = C.Unknown.find(Profile);
  return It == C.Unknown.end() ? 0 : It->second;
}

/// Where the last `include` directive of \p Text starts (npos: none):
/// `include "x"`, `include required(..)`, `file(..)`, `classpath(..)`,
/// `url(..)`, at the start of a line. The file it names is not read here:
/// what it sets is unknown, also over the values written before it.
size_t lastInclude(llvm::StringRef Text) {
  size_t Last = llvm::StringRef::npos;
  size_t Pos = 0;
  while (Pos < Text.size()) {
    size_t Eol = Text.find('\n', Pos);
    llvm::StringRef Line =
        Text.slice(Pos, Eol == llvm::StringRef::npos ? Text.size() : Eol);
    llvm::StringRef L = Line.ltrim(" \t{");
    if (L.consume_front("include")) {
      llvm::StringRef Rest = L.ltrim(" \t");
      if (Rest.startswith("\"") || Rest.startswith("required(") ||
          Rest.startswith("file(") || Rest.startswith("classpath(") ||
          Rest.startswith("url("))
        Last = Pos + (Line.size() - L.size()) - 7;
    }
    if (Eol == llvm::StringRef::npos)
      break;
    Pos = Eol + 1;
  }
  return Last;
}

} // namespace

bool mayHoldDriverConfig(llvm::StringRef Text) {
  for (const SettingModel *Row : configRows(jvmCatalog()))
    if (Text.contains(rootOf(*Row)))
      return true;
  return lastInclude(Text) != llvm::StringRef::npos;
}

std::vector<DriverConfigFile> readDriverConfig(FileId File,
                                               llvm::StringRef Text) {
  std::vector<DriverConfigFile> Out;
  const ModelCatalog &C = jvmCatalog();
  std::vector<const SettingModel *> Rows = configRows(C);
  if (Rows.empty() || !mayHoldDriverConfig(Text))
    return Out;
  auto ConfigOf = [&](const SettingModel &Row) -> DriverConfigFile & {
    const std::string &Lib = C.libraries()[Row.Library].Name;
    for (DriverConfigFile &F : Out)
      if (F.Library == Lib)
        return F;
    Out.push_back(DriverConfigFile{Lib, {}});
    return Out.back();
  };
  size_t Include = lastInclude(Text);
  forEachHoconValue(Text, [&](const HoconValue &V) {
    llvm::StringRef Path(V.Path);
    for (const SettingModel *Row : Rows) {
      llvm::StringRef Root = rootOf(*Row);
      llvm::StringRef Key = llvm::StringRef(Row->Name).drop_front(Root.size() + 1);
      llvm::StringRef Rest = Path;
      if (!Rest.consume_front(Root) || !Rest.consume_front("."))
        continue;
      std::string Profile;
      if (Rest.consume_front("profiles.")) {
        auto [Name, Inner] = Rest.split('.');
        if (Name.empty() || Inner.empty())
          continue;
        Profile = Name.str();
        Rest = Inner;
        // Any key under it defines the profile: what it leaves out it
        // takes from the default (`slow { basic.request.timeout = .. }`).
        ConfigOf(*Row).Profiles[Profile];
      }
      if (Rest != Key)
        continue;
      // A later setting replaces an earlier one, also when its value is
      // unknown here (`consistency = ${?CL}` after `consistency = ONE`: the
      // environment's level when it is set).
      DriverConfigFile &Config = ConfigOf(*Row);
      ExecutionFacts &Slot = Config.Profiles[Profile];
      clearFact(Slot, Row->Fact);
      if (!V.Concatenated &&
          (Include == llvm::StringRef::npos || V.Begin > Include))
        setFact(*Row, scalarText(Text, V), SourceRange(File, V.Begin, V.End),
                Slot);
      unsigned Bit = factBit(Row->Fact);
      bool Known = (Bit == 1 && Slot.Consistency) ||
                   (Bit == 2 && Slot.SerialConsistency) ||
                   (Bit == 4 && Slot.PageSize);
      unsigned &Unknown = Config.Unknown[Profile];
      Unknown = Known ? Unknown & ~Bit : Unknown | Bit;
    }
  });
  // An included file may set any fact of any profile the values after it
  // do not.
  if (Include != llvm::StringRef::npos) {
    for (const SettingModel *Row : Rows)
      ConfigOf(*Row);
    for (DriverConfigFile &F : Out) {
      F.Profiles[std::string()];
      for (auto &[Name, Facts] : F.Profiles)
        F.Unknown[Name] |= (Facts.Consistency ? 0u : 1u) |
                           (Facts.SerialConsistency ? 0u : 2u) |
                           (Facts.PageSize ? 0u : 4u);
    }
  }
  for (DriverConfigFile &F : Out)
    for (const SettingModel *Row : Rows)
      if (C.libraries()[Row->Library].Name == F.Library && Row->Inherits) {
        F.InheritsConsistency |= Row->Fact == ExecutionFactKind::Consistency;
        F.InheritsSerialConsistency |=
            Row->Fact == ExecutionFactKind::SerialConsistency;
        F.InheritsPageSize |= Row->Fact == ExecutionFactKind::PageSize;
      }
  // A default profile whose keys were present but unknown sets nothing; a
  // named profile stays defined. A file that sets no known value is none.
  for (DriverConfigFile &F : Out) {
    for (auto I = F.Unknown.begin(); I != F.Unknown.end();)
      I = I->second == 0 ? F.Unknown.erase(I) : std::next(I);
    auto Default = F.Profiles.find(std::string());
    if (Default != F.Profiles.end() && Default->second.empty())
      F.Profiles.erase(Default);
  }
  llvm::erase_if(Out, [](const DriverConfigFile &F) {
    return F.Unknown.empty() &&
           llvm::none_of(F.Profiles,
                         [](const auto &P) { return !P.second.empty(); });
  });
  return Out;
}

DriverConfigFile layerDriverConfig(const DriverConfigFile &Over,
                                   const DriverConfigFile &Under) {
  DriverConfigFile R = Over;
  for (const auto &[Name, Facts] : Under.Profiles)
    fillFrom(R.Profiles[Name], unknownOf(Over, Name), Facts, 0, 7);
  // What either marks unknown and neither file sets stays unknown.
  for (const auto &[Name, Bits] : Under.Unknown) {
    const ExecutionFacts &Set = R.Profiles[Name];
    unsigned Still = Bits & ~((Set.Consistency ? 1u : 0u) |
                              (Set.SerialConsistency ? 2u : 0u) |
                              (Set.PageSize ? 4u : 0u));
    if (Still)
      R.Unknown[Name] |= Still;
  }
  return R;
}

ExecutionFacts profileFacts(const DriverConfigFile &Config,
                            llvm::StringRef Profile) {
  auto It = Config.Profiles.find(Profile.str());
  ExecutionFacts Out;
  if (It == Config.Profiles.end() && !Profile.empty())
    return Out; // a profile this file does not define: unknown here
  if (It != Config.Profiles.end())
    Out = It->second;
  if (!Profile.empty()) {
    auto Default = Config.Profiles.find(std::string());
    if (Default != Config.Profiles.end())
      fillFrom(Out, unknownOf(Config, Profile.str()), Default->second,
               unknownOf(Config, std::string()),
               (Config.InheritsConsistency ? 1u : 0u) |
                   (Config.InheritsSerialConsistency ? 2u : 0u) |
                   (Config.InheritsPageSize ? 4u : 0u));
  }
  return Out;
}

} // namespace nosqlint::extract
