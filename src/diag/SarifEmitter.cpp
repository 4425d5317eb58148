//===- SarifEmitter.cpp - `--format=sarif` (SARIF 2.1.0) ------------------===//
//
// One SARIF log with one run, in the shape GitHub code scanning ingests:
// every rule in tool.driver.rules (documentation page as help), one result per
// located diagnostic, notes as relatedLocations, fix-its as one fix per
// result. GitHub rejects a whole upload when any result has no location, so
// diagnostics without one are reported as toolExecutionNotifications of the
// run's invocation instead, which is what SARIF meant them for; so are input
// errors (a file that could not be read is a failure of the run, not an alert
// to keep open in the code). See Emitters.h for URIs and columns.
//
//===----------------------------------------------------------------------===//
#include "nosqlint/Diag/Emitters.h"

#include "nosqlint/Basic/SourceManager.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/ConvertUTF.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <cctype>
#include <map>
#include <string>
#include <vector>

namespace nosqlint {
namespace {

constexpr llvm::StringLiteral SarifSchemaUri =
    "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/"
    "sarif-schema-2.1.0.json";
constexpr llvm::StringLiteral SrcRoot = "%SRCROOT%";

llvm::json::Value text(llvm::StringRef S) {
  if (llvm::json::isUTF8(S))
    return S.str();
  return llvm::json::fixUTF8(S);
}

/// Percent-encodes every byte except RFC 3986 unreserved characters, '/' and,
/// when \p KeepColon, ':' (for a drive letter in an absolute path).
std::string percentEncode(llvm::StringRef Path, bool KeepColon) {
  static const char Hex[] = "0123456789ABCDEF";
  std::string Out;
  for (unsigned char C : Path) {
    if (std::isalnum(C) || C == '-' || C == '.' || C == '_' || C == '~' ||
        C == '/' || (KeepColon && C == ':')) {
      Out += static_cast<char>(C);
      continue;
    }
    Out += '%';
    Out += Hex[C >> 4];
    Out += Hex[C & 15];
  }
  return Out;
}

/// An absolute, dot-free path with forward slashes.
std::string absolutePosix(llvm::StringRef Path, llvm::StringRef Base) {
  llvm::SmallString<256> P(Path);
  if (!llvm::sys::path::is_absolute(P)) {
    llvm::SmallString<256> B(Base);
    llvm::sys::path::append(B, P);
    P = B;
  }
  llvm::sys::path::remove_dots(P, /*remove_dot_dot=*/true);
  llvm::sys::path::native(P, llvm::sys::path::Style::posix);
  return std::string(P.str());
}

std::string workingDirectory(const EmitOptions &Options) {
  if (!Options.WorkingDirectory.empty())
    return Options.WorkingDirectory;
  llvm::SmallString<256> Cwd;
  if (llvm::sys::fs::current_path(Cwd))
    return "/";
  return std::string(Cwd.str());
}

/// file:// URI of an absolute posix path ("/a/b" or "C:/a/b").
std::string fileUri(llvm::StringRef AbsPath) {
  std::string Uri = "file://";
  if (!AbsPath.startswith("/"))
    Uri += '/';
  Uri += percentEncode(AbsPath, /*KeepColon=*/true);
  return Uri;
}

/// The 1-based column of \p Offset in UTF-16 code units.
unsigned utf16Column(const SourceManager &SM, FileId File, uint32_t Offset) {
  llvm::StringRef Text = SM.text(File);
  Offset = std::min<uint32_t>(Offset, static_cast<uint32_t>(Text.size()));
  LineColumn LC = SM.lineColumn(File, Offset);
  llvm::StringRef Prefix = Text.slice(SM.lineStart(File, LC.Line), Offset);
  unsigned Units = 0;
  for (unsigned char C : Prefix) {
    if ((C & 0xC0) == 0x80)
      continue;                 // continuation byte
    Units += C >= 0xF0 ? 2 : 1; // 4-byte sequences are surrogate pairs
  }
  return Units + 1;
}

/// "input-error" -> "InputError", SARIF's human-readable rule name.
std::string pascalCase(llvm::StringRef Id) {
  std::string Out;
  bool Upper = true;
  for (char C : Id) {
    if (C == '-' || C == '_') {
      Upper = true;
      continue;
    }
    Out += Upper
               ? static_cast<char>(std::toupper(static_cast<unsigned char>(C)))
               : C;
    Upper = false;
  }
  return Out;
}

/// The body of the page's "## What it flags" section, or \p Fallback.
std::string whatItFlags(llvm::StringRef Doc, llvm::StringRef Fallback) {
  constexpr llvm::StringLiteral Heading = "## What it flags";
  size_t At = Doc.find(Heading);
  if (At == llvm::StringRef::npos)
    return Fallback.str();
  llvm::StringRef Body = Doc.drop_front(At + Heading.size());
  Body = Body.substr(0, Body.find("\n## ")).trim();
  return Body.empty() ? Fallback.str() : Body.str();
}

llvm::StringRef sarifLevel(Severity S) { return severityName(S); }

class SarifWriter {
public:
  SarifWriter(const SourceManager &SM, const EmitOptions &Options,
              llvm::raw_ostream &OS)
      : SM(SM), Options(Options), Cwd(workingDirectory(Options)),
        J(OS, /*IndentSize=*/2) {}

  void log(llvm::ArrayRef<Diagnostic> Diags) {
    J.object([&] {
      J.attribute("$schema", SarifSchemaUri);
      J.attribute("version", "2.1.0");
      J.attributeArray("runs", [&] { run(Diags); });
    });
  }

private:
  void run(llvm::ArrayRef<Diagnostic> Diags) {
    J.object([&] {
      J.attributeObject(
          "tool", [&] { J.attributeObject("driver", [&] { driver(); }); });
      J.attributeArray("invocations", [&] { invocation(Diags); });
      J.attributeObject("originalUriBaseIds", [&] {
        J.attributeObject(SrcRoot, [&] {
          std::string Root = fileUri(absolutePosix(Cwd, "/"));
          if (!llvm::StringRef(Root).endswith("/"))
            Root += '/';
          J.attribute("uri", Root);
        });
      });
      J.attributeArray("results", [&] {
        for (const Diagnostic &D : Diags)
          if (!isNotification(D))
            result(D);
      });
      J.attribute("columnKind", "utf16CodeUnits");
    });
  }

  void driver() {
    J.attribute("name", "nosqlint");
    if (!Options.ToolVersion.empty())
      J.attribute("version", text(Options.ToolVersion));
    J.attribute("informationUri", ToolInformationUri);
    J.attributeArray("rules", [&] {
      for (const RuleInfo &R : allRules())
        rule(R);
    });
  }

  void rule(const RuleInfo &R) {
    llvm::StringRef Doc = ruleDocumentation(R.Id);
    std::string Help = Doc.empty() ? R.Summary.str() : Doc.str();
    J.object([&] {
      J.attribute("id", R.Name);
      J.attribute("name", pascalCase(R.Name));
      J.attributeObject("shortDescription",
                        [&] { J.attribute("text", text(R.Summary)); });
      J.attributeObject("fullDescription", [&] {
        J.attribute("text", text(whatItFlags(Doc, R.Summary)));
      });
      J.attributeObject("help", [&] {
        J.attribute("text", text(Help));
        J.attribute("markdown", text(Help));
      });
      J.attributeObject("defaultConfiguration", [&] {
        J.attribute("level", sarifLevel(R.DefaultSeverity));
      });
      J.attributeObject("properties", [&] {
        J.attributeArray("tags", [&] {
          if (R.Dialects & DialectCql)
            J.value("cql");
          if (R.Dialects & DialectDynamoDb)
            J.value("dynamodb");
        });
      });
    });
  }

  /// Diagnostics without a location cannot be results (see the file
  /// comment), and an input that could not be read is a problem of the run,
  /// not a finding in the code: both become notifications of the invocation.
  static bool isNotification(const Diagnostic &D) {
    return !D.Range.isValid() || D.Rule == RuleId::InputError;
  }

  void invocation(llvm::ArrayRef<Diagnostic> Diags) {
    bool Failed = false;
    std::vector<const Diagnostic *> Unlocated;
    for (const Diagnostic &D : Diags) {
      if (!isNotification(D))
        continue;
      Unlocated.push_back(&D);
      Failed |= D.Level == Severity::Error;
    }
    J.object([&] {
      J.attribute("executionSuccessful", !Failed);
      if (Unlocated.empty())
        return;
      J.attributeArray("toolExecutionNotifications", [&] {
        for (const Diagnostic *D : Unlocated)
          J.object([&] {
            if (D->Range.isValid())
              J.attributeArray("locations", [&] {
                J.object([&] { physicalLocation(D->Range); });
              });
            J.attribute("level", sarifLevel(D->Level));
            J.attributeObject("message", [&] {
              J.attribute("text", text(messageWithUnlocatedNotes(*D)));
            });
            J.attributeObject("associatedRule", [&] {
              J.attribute("id", ruleInfo(D->Rule).Name);
              J.attribute("index", ruleIndex(D->Rule));
            });
          });
      });
    });
  }

  static unsigned ruleIndex(RuleId Id) {
    llvm::ArrayRef<RuleInfo> Rules = allRules();
    for (unsigned I = 0; I < Rules.size(); ++I)
      if (Rules[I].Id == Id)
        return I;
    return 0;
  }

  /// Notes with no location have nowhere to go but the message.
  static std::string messageWithUnlocatedNotes(const Diagnostic &D) {
    std::string Message = D.Message;
    for (const DiagnosticNote &N : D.Notes)
      if (!N.Range.isValid())
        Message += "\nnote: " + N.Message;
    return Message;
  }

  void artifactLocation(FileId File) {
    bool IsRelative = false;
    std::string Uri = sarifUriForPath(SM.path(File), Cwd, IsRelative);
    J.attributeObject("artifactLocation", [&] {
      J.attribute("uri", Uri);
      if (IsRelative)
        J.attribute("uriBaseId", SrcRoot);
    });
  }

  void region(SourceRange R) {
    uint32_t End = R.End < R.Begin ? R.Begin : R.End;
    J.attributeObject("region", [&] {
      J.attribute("startLine", SM.lineColumn(R.File, R.Begin).Line);
      J.attribute("startColumn", utf16Column(SM, R.File, R.Begin));
      J.attribute("endLine", SM.lineColumn(R.File, End).Line);
      J.attribute("endColumn", utf16Column(SM, R.File, End));
    });
  }

  void physicalLocation(SourceRange R) {
    J.attributeObject("physicalLocation", [&] {
      artifactLocation(R.File);
      region(R);
    });
  }

  void result(const Diagnostic &D) {
    J.object([&] {
      J.attribute("ruleId", ruleInfo(D.Rule).Name);
      J.attribute("ruleIndex", ruleIndex(D.Rule));
      J.attribute("level", sarifLevel(D.Level));
      J.attributeObject("message", [&] {
        J.attribute("text", text(messageWithUnlocatedNotes(D)));
      });
      J.attributeArray("locations",
                       [&] { J.object([&] { physicalLocation(D.Range); }); });
      bool HasLocatedNote = false;
      for (const DiagnosticNote &N : D.Notes)
        HasLocatedNote |= N.Range.isValid();
      if (HasLocatedNote)
        J.attributeArray("relatedLocations", [&] {
          unsigned Id = 0;
          for (const DiagnosticNote &N : D.Notes) {
            if (!N.Range.isValid())
              continue;
            J.object([&] {
              J.attribute("id", ++Id);
              physicalLocation(N.Range);
              J.attributeObject("message",
                                [&] { J.attribute("text", text(N.Message)); });
            });
          }
        });
      if (llvm::any_of(D.FixIts,
                       [](const FixIt &F) { return F.Range.isValid(); }))
        J.attributeArray("fixes", [&] { fix(D); });
      if (!D.Fingerprint.empty())
        J.attributeObject("partialFingerprints", [&] {
          J.attribute("nosqlint/v1", D.Fingerprint);
        });
      if (D.Lang != Dialect::None)
        J.attributeObject("properties",
                          [&] { J.attribute("dialect", dialectName(D.Lang)); });
    });
  }

  /// All fix-its of a diagnostic form one fix (they are applied together),
  /// with one artifactChange per file, files in first-use order.
  void fix(const Diagnostic &D) {
    std::vector<FileId> Files;
    for (const FixIt &F : D.FixIts)
      if (F.Range.isValid() && llvm::find(Files, F.Range.File) == Files.end())
        Files.push_back(F.Range.File);
    FixSafety Safety = FixSafety::Safe;
    for (const FixIt &F : D.FixIts)
      if (F.Range.isValid() && F.Safety == FixSafety::Unsafe)
        Safety = FixSafety::Unsafe;
    J.object([&] {
      J.attributeArray("artifactChanges", [&] {
        for (FileId File : Files)
          J.object([&] {
            artifactLocation(File);
            J.attributeArray("replacements", [&] {
              for (const FixIt &F : D.FixIts) {
                if (!F.Range.isValid() || F.Range.File != File)
                  continue;
                J.object([&] {
                  J.attributeObject("deletedRegion", [&] {
                    uint32_t End = F.Range.End < F.Range.Begin ? F.Range.Begin
                                                               : F.Range.End;
                    J.attribute("startLine",
                                SM.lineColumn(File, F.Range.Begin).Line);
                    J.attribute("startColumn",
                                utf16Column(SM, File, F.Range.Begin));
                    J.attribute("endLine", SM.lineColumn(File, End).Line);
                    J.attribute("endColumn", utf16Column(SM, File, End));
                  });
                  J.attributeObject("insertedContent", [&] {
                    J.attribute("text", text(F.Replacement));
                  });
                });
              }
            });
          });
      });
      // SARIF has no word for it: the fix's property bag carries it.
      J.attributeObject("properties",
                        [&] { J.attribute("safety", fixSafetyName(Safety)); });
    });
  }

  const SourceManager &SM;
  const EmitOptions &Options;
  std::string Cwd;
  llvm::json::OStream J;
};

} // namespace

std::string sarifUriForPath(llvm::StringRef Path,
                            llvm::StringRef WorkingDirectory,
                            bool &IsRelative) {
  std::string Root = absolutePosix(WorkingDirectory, "/");
  std::string Abs = absolutePosix(Path, Root);
  if (!llvm::StringRef(Root).endswith("/"))
    Root += '/';
  if (llvm::StringRef(Abs).startswith(Root) && Abs.size() > Root.size()) {
    IsRelative = true;
    return percentEncode(llvm::StringRef(Abs).drop_front(Root.size()),
                         /*KeepColon=*/false);
  }
  IsRelative = false;
  return fileUri(Abs);
}

void emitSarif(llvm::ArrayRef<Diagnostic> Diags, const SourceManager &SM,
               const RunSummary &, const EmitOptions &Options,
               llvm::raw_ostream &OS) {
  SarifWriter(SM, Options, OS).log(Diags);
  OS << '\n';
  OS.flush();
}

} // namespace nosqlint
