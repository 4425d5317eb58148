//===- CodeActions.cpp - What the editor offers on a finding --------------===//
#include "CodeActions.h"

#include "SuppressionComment.h"

#include "nosqlint/Basic/SourceManager.h"

#include <map>

namespace nosqlint::lsp {

namespace {

llvm::json::Object textEdit(const LineTable &Lines, uint32_t Begin,
                            uint32_t End, std::string NewText) {
  return llvm::json::Object{{"range", rangeJSON(Lines, Begin, End)},
                            {"newText", std::move(NewText)}};
}

llvm::json::Object action(std::string Title, llvm::StringRef Kind,
                          const llvm::json::Value &Published) {
  return llvm::json::Object{{"title", std::move(Title)},
                            {"kind", Kind},
                            {"diagnostics", llvm::json::Array{Published}}};
}

/// A WorkspaceEdit of \p Edits by file URI.
llvm::json::Object
workspaceEdit(std::map<std::string, llvm::json::Array> Edits) {
  llvm::json::Object Changes;
  for (auto &[Uri, List] : Edits)
    Changes[Uri] = std::move(List);
  return llvm::json::Object{{"changes", std::move(Changes)}};
}

std::string shortened(llvm::StringRef S) {
  std::string Flat;
  for (char C : S.take_front(48))
    Flat.push_back(C == '\n' || C == '\r' || C == '\t' ? ' ' : C);
  return S.size() > 48 ? Flat + "..." : Flat;
}

/// The text of \p R, from the document or the file it is in.
llvm::StringRef textOf(SourceRange R, const Document &Doc,
                       const SourceManager &SM) {
  llvm::StringRef Text =
      R.File == Doc.Report.File ? llvm::StringRef(Doc.Text) : SM.text(R.File);
  return R.End <= Text.size() ? Text.slice(R.Begin, R.End) : llvm::StringRef();
}

std::optional<llvm::json::Object>
fixItAction(const Diagnostic &D, const Document &Doc,
            const llvm::json::Value &Published, LocationConverter &Loc,
            const SourceManager &SM) {
  if (D.FixIts.empty())
    return std::nullopt;
  std::map<std::string, llvm::json::Array> Edits;
  for (const FixIt &F : D.FixIts) {
    if (!F.Range.isValid())
      return std::nullopt;
    Edits[Loc.uriOf(F.Range.File)].push_back(textEdit(
        Loc.lines(F.Range.File), F.Range.Begin, F.Range.End, F.Replacement));
  }
  const FixIt &First = D.FixIts.front();
  std::string Old =
      shortened(llvm::StringRef(textOf(First.Range, Doc, SM)).trim());
  std::string Title = First.Replacement.empty()
                          ? "Fix: remove '" + Old + "'"
                          : "Fix: replace '" + Old + "' with '" +
                                shortened(First.Replacement) + "'";
  if (D.FixIts.size() > 1)
    Title += " and " + std::to_string(D.FixIts.size() - 1) + " more edit" +
             (D.FixIts.size() > 2 ? "s" : "");
  llvm::json::Object A = action(std::move(Title), "quickfix", Published);
  A["edit"] = workspaceEdit(std::move(Edits));
  if (D.FixIts.size() == 1)
    A["isPreferred"] = true;
  return A;
}

/// The offset of the line after the one \p Offset is on.
uint32_t afterLineOf(llvm::StringRef Text, uint32_t Offset) {
  size_t NL = Text.find('\n', Offset);
  return NL == llvm::StringRef::npos ? static_cast<uint32_t>(Text.size())
                                     : static_cast<uint32_t>(NL + 1);
}

/// The schema table a finding is about: the one its "declared here" note
/// points into.
const SchemaTable *findingTable(const Diagnostic &D, const Document &Doc) {
  for (const DiagnosticNote &N : D.Notes) {
    if (!N.Range.isValid() ||
        N.Message.find("declared here") == std::string::npos)
      continue;
    for (const SchemaTable &T : Doc.Report.Tables)
      if (T.Dialect == "cql" && T.Range.File == N.Range.File &&
          T.Range.Begin <= N.Range.Begin && N.Range.End <= T.Range.End)
        return &T;
  }
  return nullptr;
}

void addProposalActions(const Diagnostic &D, const Document &Doc,
                        const llvm::json::Value &Published,
                        LocationConverter &Loc, const SourceManager &SM,
                        llvm::json::Array &Out) {
  const SchemaTable *Table = findingTable(D, Doc);
  if (!Table)
    return;
  FileId File = Table->Range.File;
  llvm::StringRef Text =
      File == Doc.Report.File ? llvm::StringRef(Doc.Text) : SM.text(File);
  if (Table->Range.End > Text.size())
    return;
  // After the definition's `;` (its range may end before it) and its line.
  uint32_t At = Table->Range.End;
  llvm::StringRef Rest = Text.substr(At);
  size_t Next = Rest.find_first_not_of(" \t\r\n");
  if (Next != llvm::StringRef::npos && Rest[Next] == ';')
    At += static_cast<uint32_t>(Next + 1);
  At = afterLineOf(Text, At);
  bool NeedsNewline = At == Text.size() && !Text.empty() && Text.back() != '\n';
  for (const DiagnosticNote &N : D.Notes) {
    std::optional<std::string> Ddl = proposedDdl(N.Message);
    if (!Ddl)
      continue;
    bool IsTable = llvm::StringRef(*Ddl).startswith("CREATE TABLE");
    std::string Insert =
        std::string(NeedsNewline ? "\n" : "") + "\n-- " +
        ruleInfo(D.Rule).Name.str() + ": query-first proposal" +
        (IsTable ? " (add the other columns the query reads)" : "") + "\n" +
        *Ddl + "\n";
    std::map<std::string, llvm::json::Array> Edits;
    Edits[Loc.uriOf(File)].push_back(
        textEdit(Loc.lines(File), At, At, std::move(Insert)));
    llvm::json::Object A =
        action("Add to the schema: " + shortened(*Ddl), "refactor", Published);
    A["edit"] = workspaceEdit(std::move(Edits));
    Out.push_back(std::move(A));
  }
}

std::optional<llvm::json::Object>
suppressionAction(const Diagnostic &D, const Document &Doc,
                  const llvm::json::Value &Published) {
  llvm::StringRef Rule = ruleInfo(D.Rule).Name;
  if (D.Rule == RuleId::InputError || D.Rule == RuleId::UnusedIgnore)
    return std::nullopt; // never suppressed
  std::optional<std::string> Comment = suppressionComment(Doc.Path, Rule);
  if (!Comment)
    return std::nullopt;
  // On a line of its own above the statement the finding belongs to (the
  // innermost that holds it): never inside a multi-line string literal.
  uint32_t Start = D.Range.Begin;
  uint32_t Size = UINT32_MAX;
  for (const auto &[Begin, End] : Doc.Report.Statements)
    if (Begin <= D.Range.Begin && D.Range.Begin < std::max(End, Begin + 1) &&
        End - Begin < Size) {
      Start = Begin;
      Size = End - Begin;
    }
  const LineTable &Lines = *Doc.Lines;
  unsigned Line = Lines.position(Start).Line;
  uint32_t LineBegin = Lines.lineStart(Line);
  llvm::StringRef LineText =
      llvm::StringRef(Doc.Text).slice(LineBegin, Lines.nextLineStart(Line));
  llvm::StringRef Indent =
      LineText.take_while([](char C) { return C == ' ' || C == '\t'; });
  llvm::json::Object A =
      action("Suppress " + Rule.str() + " here (" + *Comment + ")", "quickfix",
             Published);
  std::map<std::string, llvm::json::Array> Edits;
  Edits[Doc.Uri].push_back(
      textEdit(Lines, LineBegin, LineBegin, Indent.str() + *Comment + "\n"));
  A["edit"] = workspaceEdit(std::move(Edits));
  return A;
}

llvm::json::Object rulePageAction(const Diagnostic &D,
                                  const llvm::json::Value &Published) {
  llvm::StringRef Rule = ruleInfo(D.Rule).Name;
  llvm::json::Object A =
      action("Open the page of rule " + Rule.str(), "quickfix", Published);
  A["command"] =
      llvm::json::Object{{"title", "Open the page of rule " + Rule.str()},
                         {"command", OpenRulePageCommand},
                         {"arguments", llvm::json::Array{ruleDocUrl(Rule)}}};
  return A;
}

} // namespace

std::optional<std::string> proposedDdl(llvm::StringRef Note) {
  size_t At = Note.find("CREATE ");
  if (At == llvm::StringRef::npos)
    return std::nullopt;
  std::string Ddl = Note.substr(At).trim().str();
  for (size_t Dots; (Dots = Ddl.find("... ")) != std::string::npos;)
    Ddl.erase(Dots, 4);
  for (size_t Dots; (Dots = Ddl.find("...")) != std::string::npos;)
    Ddl.erase(Dots, 3);
  if (!llvm::StringRef(Ddl).endswith(";"))
    Ddl += ";";
  return Ddl;
}

llvm::json::Array codeActions(const Document &Doc, const SourceManager &SM,
                              uint32_t Begin, uint32_t End) {
  llvm::json::Array Out;
  LocationConverter Loc(Doc, SM);
  const std::vector<Diagnostic> &Diags = Doc.Report.Diagnostics;
  for (size_t I = 0; I < Diags.size() && I < Doc.Published.size(); ++I) {
    const Diagnostic &D = Diags[I];
    // A finding meets the range when they overlap or touch.
    if (D.Range.End < Begin || D.Range.Begin > End)
      continue;
    // The diagnostic as published, which the actions name.
    llvm::Expected<llvm::json::Value> Parsed =
        llvm::json::parse(Doc.Published[I]);
    if (!Parsed) {
      llvm::consumeError(Parsed.takeError());
      continue;
    }
    const llvm::json::Value &Published = *Parsed;
    if (std::optional<llvm::json::Object> A =
            fixItAction(D, Doc, Published, Loc, SM))
      Out.push_back(std::move(*A));
    addProposalActions(D, Doc, Published, Loc, SM, Out);
    if (std::optional<llvm::json::Object> A =
            suppressionAction(D, Doc, Published))
      Out.push_back(std::move(*A));
    Out.push_back(rulePageAction(D, Published));
  }
  return Out;
}

} // namespace nosqlint::lsp
