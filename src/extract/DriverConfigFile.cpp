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

template <typename T>
void over(std::optional<T> &Slot, const std::optional<T> &Under) {
  if (!Slot)
    Slot = Under;
}

} // namespace

bool mayHoldDriverConfig(llvm::StringRef Text) {
  for (const SettingModel *Row : configRows(jvmCatalog()))
    if (Text.contains(rootOf(*Row)))
      return true;
  return false;
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
  forEachHoconValue(Text, [&](const HoconValue &V) {
    if (V.Concatenated)
      return;
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
      }
      if (Rest != Key)
        continue;
      setFact(*Row, scalarText(Text, V), SourceRange(File, V.Begin, V.End),
              ConfigOf(*Row).Profiles[Profile]);
    }
  });
  for (DriverConfigFile &F : Out)
    for (const SettingModel *Row : Rows)
      if (C.libraries()[Row->Library].Name == F.Library && Row->Inherits) {
        F.InheritsConsistency |= Row->Fact == ExecutionFactKind::Consistency;
        F.InheritsSerialConsistency |=
            Row->Fact == ExecutionFactKind::SerialConsistency;
        F.InheritsPageSize |= Row->Fact == ExecutionFactKind::PageSize;
      }
  // Keys that were present but unknown leave empty profiles: drop them.
  for (DriverConfigFile &F : Out)
    for (auto I = F.Profiles.begin(); I != F.Profiles.end();)
      I = I->second.empty() ? F.Profiles.erase(I) : std::next(I);
  llvm::erase_if(Out, [](const DriverConfigFile &F) { return F.Profiles.empty(); });
  return Out;
}

DriverConfigFile layerDriverConfig(const DriverConfigFile &Over,
                                   const DriverConfigFile &Under) {
  DriverConfigFile R = Over;
  for (const auto &[Name, Facts] : Under.Profiles) {
    ExecutionFacts &Slot = R.Profiles[Name];
    over(Slot.Consistency, Facts.Consistency);
    over(Slot.SerialConsistency, Facts.SerialConsistency);
    over(Slot.PageSize, Facts.PageSize);
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
    if (Default != Config.Profiles.end()) {
      if (Config.InheritsConsistency)
        over(Out.Consistency, Default->second.Consistency);
      if (Config.InheritsSerialConsistency)
        over(Out.SerialConsistency, Default->second.SerialConsistency);
      if (Config.InheritsPageSize)
        over(Out.PageSize, Default->second.PageSize);
    }
  }
  return Out;
}

} // namespace nosqlint::extract
