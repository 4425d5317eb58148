//===- LibraryModels.cpp - Reads the embedded models/*.models files --------===//
#include "LibraryModels.h"

#include "EmbeddedModels.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"

namespace nosqlint::extract {

llvm::StringRef dialectName(QueryDialect D) {
  switch (D) {
  case QueryDialect::Cql:
    return "cql";
  case QueryDialect::DynamoDb:
    return "dynamodb";
  case QueryDialect::Sql:
    return "sql";
  case QueryDialect::None:
    return "none";
  }
  return "none";
}

std::string SinkModel::describe(const std::vector<LibraryModel> &Libs) const {
  std::string S = Libs[Library].Name + " ";
  switch (Kind) {
  case SinkKind::Call:
    S += Type + "." + Member;
    break;
  case SinkKind::New:
    S += "new " + Type;
    break;
  case SinkKind::Annotation:
    S += "@" + Type;
    break;
  case SinkKind::Property:
    S += Type + "." + Member + " =";
    return S;
  case SinkKind::Interpolator:
    return S + Member + "\"...\"";
  case SinkKind::Tag:
    return S + Member + "`...`";
  case SinkKind::Builder:
    return S + Type + "." + Member + "(...)";
  }
  if (!ArgumentName.empty())
    S += " " + ArgumentName + "=";
  else
    S += " #" + std::to_string(Argument);
  return S;
}

namespace {

std::optional<QueryDialect> parseDialect(llvm::StringRef S) {
  if (S == "cql")
    return QueryDialect::Cql;
  if (S == "dynamodb")
    return QueryDialect::DynamoDb;
  if (S == "sql")
    return QueryDialect::Sql;
  if (S == "none")
    return QueryDialect::None;
  return std::nullopt;
}

bool pathHasPrefix(llvm::StringRef Path, llvm::StringRef Prefix) {
  if (!Path.startswith(Prefix))
    return false;
  if (Path.size() == Prefix.size())
    return true;
  char C = Path[Prefix.size()];
  char Last = Prefix.back();
  return C == '.' || C == '/' || Last == '.' || Last == '/';
}

/// `setting LIBRARY SCOPE FORM NAME FACT [off=none|nonpositive|maxint]
/// [inherits] [copies] [default=NAME]`.
std::optional<SettingModel>
parseSetting(llvm::ArrayRef<llvm::StringRef> W) {
  if (W.size() < 6 || W.size() > 9)
    return std::nullopt;
  SettingModel M;
  if (W[2] == "statement")
    M.Scope = SettingScope::Statement;
  else if (W[2] == "call")
    M.Scope = SettingScope::Call;
  else if (W[2] == "session")
    M.Scope = SettingScope::Session;
  else if (W[2] == "profile")
    M.Scope = SettingScope::Profile;
  else
    return std::nullopt;
  if (W[3] == "method")
    M.Form = SettingForm::Method;
  else if (W[3] == "keyword")
    M.Form = SettingForm::Keyword;
  else if (W[3] == "option")
    M.Form = SettingForm::Option;
  else if (W[3] == "assign")
    M.Form = SettingForm::Assign;
  else if (W[3] == "config")
    M.Form = SettingForm::Config;
  else if (W[3] == "loader")
    M.Form = SettingForm::Loader;
  else
    return std::nullopt;
  // A loader's option is a default of the sessions built with it.
  if (M.Form == SettingForm::Loader && M.Scope != SettingScope::Session)
    return std::nullopt;
  // A configuration key is read in a profile of the driver's file only.
  if (M.Form == SettingForm::Config && M.Scope != SettingScope::Profile)
    return std::nullopt;
  M.Name = W[4].str();
  if (M.Form != SettingForm::Config && W[4].contains('.')) {
    auto [Owner, Name] = W[4].rsplit('.');
    if (Owner.empty() || Name.empty())
      return std::nullopt;
    M.Owner = Owner.str();
    M.Name = Name.str();
  }
  if (W[5] == "consistency")
    M.Fact = ExecutionFactKind::Consistency;
  else if (W[5] == "serial-consistency")
    M.Fact = ExecutionFactKind::SerialConsistency;
  else if (W[5] == "page-size")
    M.Fact = ExecutionFactKind::PageSize;
  else if (W[5] == "profile")
    M.Fact = ExecutionFactKind::Profile;
  else
    return std::nullopt;
  for (llvm::StringRef Opt : W.drop_front(6)) {
    if (Opt.consume_front("off=")) {
      if (M.Fact != ExecutionFactKind::PageSize)
        return std::nullopt;
      if (Opt == "none")
        M.Off = PagingOff::NoneValue;
      else if (Opt == "nonpositive")
        M.Off = PagingOff::NonPositive;
      else if (Opt == "maxint")
        M.Off = PagingOff::MaxInt;
      else
        return std::nullopt;
    } else if (Opt == "inherits") {
      if (M.Scope != SettingScope::Profile)
        return std::nullopt;
      M.Inherits = true;
    } else if (Opt == "copies") {
      if (M.Form != SettingForm::Method)
        return std::nullopt;
      M.Copies = true;
    } else if (Opt.consume_front("default=")) {
      if (M.Fact != ExecutionFactKind::Profile || Opt.empty())
        return std::nullopt;
      M.DefaultProfile = Opt.str();
    } else {
      return std::nullopt;
    }
  }
  // Profile rows other than configuration keys belong to a profile's
  // constructor (`ExecutionProfile.consistency_level`).
  if (M.Scope == SettingScope::Profile && M.Form != SettingForm::Config &&
      M.Owner.empty())
    return std::nullopt;
  return M;
}

} // namespace

void ModelCatalog::parse(llvm::StringRef FileName, llvm::StringRef Text,
                         std::vector<std::string> &Errs) {
  llvm::SmallVector<llvm::StringRef, 0> Lines;
  Text.split(Lines, '\n');
  llvm::StringMap<unsigned> LibraryIndex;
  for (unsigned I = 0; I < Libraries.size(); ++I)
    LibraryIndex[Libraries[I].Name] = I;
  std::string *Last = nullptr; // the example of the row before
  auto Error = [&](unsigned Line, const llvm::Twine &Msg) {
    Errs.push_back((FileName + ":" + llvm::Twine(Line) + ": " + Msg).str());
  };
  for (unsigned N = 0; N < Lines.size(); ++N) {
    unsigned LineNo = N + 1;
    llvm::StringRef L = Lines[N].rtrim();
    if (L.startswith("|")) {
      if (!Last) {
        Error(LineNo, "an example line must follow a row");
        continue;
      }
      llvm::StringRef Ex = L.drop_front();
      if (Ex.startswith(" "))
        Ex = Ex.drop_front();
      *Last += Ex.str() + "\n";
      continue;
    }
    L = L.take_until([](char C) { return C == '#'; }).trim();
    if (L.empty())
      continue;
    Last = nullptr;
    llvm::SmallVector<llvm::StringRef, 8> W;
    L.split(W, ' ', -1, /*KeepEmpty=*/false);
    llvm::StringRef Kind = W[0];
    if (Kind == "library") {
      if (W.size() < 4) {
        Error(LineNo, "library NAME DIALECT PACKAGE...");
        continue;
      }
      auto D = parseDialect(W[2]);
      if (!D) {
        Error(LineNo, "unknown dialect '" + W[2] + "'");
        continue;
      }
      if (LibraryIndex.count(W[1])) {
        Error(LineNo, "library '" + W[1] + "' is declared twice");
        continue;
      }
      LibraryModel Lib;
      Lib.Name = W[1].str();
      Lib.Dialect = *D;
      for (size_t I = 3; I < W.size(); ++I)
        Lib.Packages.push_back(W[I].str());
      LibraryIndex[Lib.Name] = Libraries.size();
      Libraries.push_back(std::move(Lib));
      continue;
    }
    if (W.size() < 2) {
      Error(LineNo, "a row names its kind and library");
      continue;
    }
    auto LibIt = LibraryIndex.find(W[1]);
    if (LibIt == LibraryIndex.end()) {
      Error(LineNo, "unknown library '" + W[1] + "'");
      continue;
    }
    if (Kind == "types") {
      for (size_t I = 2; I < W.size(); ++I)
        Libraries[LibIt->second].Types.push_back(W[I].str());
      continue;
    }
    if (Kind == "services") {
      for (size_t I = 2; I < W.size(); ++I)
        Libraries[LibIt->second].Services.push_back(W[I].lower());
      continue;
    }
    if (Kind == "setting") {
      std::optional<SettingModel> M = parseSetting(W);
      if (!M) {
        Error(LineNo, "setting LIBRARY statement|call|session|profile FORM "
                      "NAME consistency|serial-consistency|page-size|profile "
                      "[off=...] [inherits] [copies] [default=NAME]");
        continue;
      }
      M->Library = LibIt->second;
      M->File = FileName.str();
      M->Line = LineNo;
      Settings.push_back(std::move(*M));
      Last = &Settings.back().Example;
      continue;
    }
    if (Kind == "bind") {
      if (W.size() != 4) {
        Error(LineNo, "bind LIBRARY TYPE METHOD");
        continue;
      }
      Binds.push_back(BindModel{LibIt->second, W[2].str(), W[3].str(), {},
                                FileName.str(), LineNo});
      Last = &Binds.back().Example;
      continue;
    }
    SinkModel S;
    S.Library = LibIt->second;
    S.File = FileName.str();
    S.Line = LineNo;
    auto Argument = [&](llvm::StringRef A) {
      if (llvm::all_of(A, llvm::isDigit))
        S.Argument = std::stoi(A.str());
      else {
        S.Argument = -1;
        S.ArgumentName = A.str();
      }
    };
    if (Kind == "call" &&
        (W.size() == 5 || (W.size() == 6 && W[5] == "prepares"))) {
      S.Kind = SinkKind::Call;
      S.Type = W[2].str();
      S.Member = W[3].str();
      Argument(W[4]);
      S.Prepares = W.size() == 6;
    } else if (Kind == "new" && W.size() == 4) {
      S.Kind = SinkKind::New;
      S.Type = W[2].str();
      S.Member = W[2].rsplit('.').second.empty() ? W[2].str()
                                                  : W[2].rsplit('.').second.str();
      Argument(W[3]);
    } else if (Kind == "annotation" && W.size() == 4) {
      S.Kind = SinkKind::Annotation;
      S.Type = W[2].str();
      S.Member = W[2].rsplit('.').second.empty() ? W[2].str()
                                                  : W[2].rsplit('.').second.str();
      Argument(W[3]);
    } else if (Kind == "property" && W.size() == 4) {
      S.Kind = SinkKind::Property;
      S.Type = W[2].str();
      S.Member = W[3].str();
    } else if (Kind == "interpolator" && W.size() == 3) {
      S.Kind = SinkKind::Interpolator;
      S.Member = W[2].str();
    } else if (Kind == "tag" && W.size() == 4) {
      S.Kind = SinkKind::Tag;
      S.Type = W[2].str();
      S.Member = W[3].str();
    } else if (Kind == "builder" && W.size() == 4) {
      S.Kind = SinkKind::Builder;
      S.Type = W[2].str();
      S.Member = W[3].str();
    } else {
      Error(LineNo, "malformed '" + Kind + "' row");
      continue;
    }
    ByMember[S.Member].push_back(Sinks.size());
    Sinks.push_back(std::move(S));
    Last = &Sinks.back().Example;
  }
}

const LibraryModel *ModelCatalog::libraryOfPath(llvm::StringRef Path) const {
  const LibraryModel *Best = nullptr;
  size_t BestLen = 0;
  for (const LibraryModel &L : Libraries)
    for (const std::string &P : L.Packages)
      if (P.size() > BestLen && pathHasPrefix(Path, P)) {
        Best = &L;
        BestLen = P.size();
      }
  return Best;
}

const LibraryModel *ModelCatalog::libraryOfWildcardType(
    llvm::StringRef Name, llvm::ArrayRef<std::string> Opened) const {
  for (const LibraryModel &L : Libraries) {
    if (!llvm::is_contained(L.Types, Name))
      continue;
    for (const std::string &O : Opened)
      if (libraryOfPath(O) == &L)
        return &L;
  }
  return nullptr;
}

std::vector<const SinkModel *>
ModelCatalog::sinksNamed(SinkKind Kind, llvm::StringRef Member) const {
  std::vector<const SinkModel *> Out;
  auto It = ByMember.find(Member);
  if (It == ByMember.end())
    return Out;
  for (unsigned I : It->second)
    if (Sinks[I].Kind == Kind)
      Out.push_back(&Sinks[I]);
  return Out;
}

const SinkModel *ModelCatalog::builderRow(llvm::StringRef Type,
                                          llvm::StringRef Member) const {
  for (const SinkModel *S : sinksNamed(SinkKind::Builder, Member))
    if (S->Type == Type)
      return S;
  return nullptr;
}

bool ModelCatalog::isCqlMember(llvm::StringRef Member) const {
  auto It = ByMember.find(Member);
  if (It == ByMember.end())
    return false;
  return llvm::any_of(It->second, [&](unsigned I) {
    return Sinks[I].Kind != SinkKind::Builder && // receives no string
           Libraries[Sinks[I].Library].Dialect == QueryDialect::Cql;
  });
}

const ModelCatalog &ModelCatalog::forLanguage(HostLanguage Lang) {
  auto Build = [](std::initializer_list<llvm::StringRef> Files) {
    ModelCatalog C;
    for (llvm::StringRef F : Files)
      C.parse(("models/" + F + ".models").str(), embeddedModels(F), C.Errors);
    return C;
  };
  static const ModelCatalog Java = Build({"java"});
  static const ModelCatalog Kotlin = Build({"java", "kotlin"});
  static const ModelCatalog Scala = Build({"java", "scala"});
  static const ModelCatalog Python = Build({"python"});
  static const ModelCatalog Go = Build({"go"});
  static const ModelCatalog Js = Build({"javascript"});
  static const ModelCatalog Cs = Build({"csharp"});
  switch (Lang) {
  case HostLanguage::Java:
    return Java;
  case HostLanguage::Kotlin:
    return Kotlin;
  case HostLanguage::Scala:
    return Scala;
  case HostLanguage::Python:
    return Python;
  case HostLanguage::Go:
    return Go;
  case HostLanguage::JavaScript:
  case HostLanguage::TypeScript:
  case HostLanguage::Tsx:
    return Js;
  case HostLanguage::CSharp:
    return Cs;
  }
  return Java;
}

void clearFact(ExecutionFacts &F, ExecutionFactKind K) {
  switch (K) {
  case ExecutionFactKind::Consistency:
    F.Consistency.reset();
    return;
  case ExecutionFactKind::SerialConsistency:
    F.SerialConsistency.reset();
    return;
  case ExecutionFactKind::PageSize:
    F.PageSize.reset();
    return;
  case ExecutionFactKind::Profile:
    return;
  }
}

} // namespace nosqlint::extract
