//===- MarkdownEmitter.cpp - The access-pattern report for a design review ===//
#include "Phrases.h"

#include "nosqlint/Patterns/Emitters.h"

namespace nosqlint::patterns {

namespace {

/// A table cell: no pipe or newline breaks the row.
std::string cell(llvm::StringRef S) {
  std::string Out;
  for (char C : S) {
    if (C == '|')
      Out += "\\|";
    else if (C == '\n' || C == '\r')
      Out += ' ';
    else
      Out += C;
  }
  return Out;
}

std::string code(llvm::StringRef S) {
  if (S.empty())
    return {};
  return "`" + cell(S.str()) + "`";
}

} // namespace

void emitPatternsMarkdown(const PatternReport &R, llvm::raw_ostream &OS) {
  OS << "# Access patterns\n\n"
     << R.Objects.size() << " tables, views and indexes; " << R.Reads.size()
     << " reads; " << R.Writes.size() << " writes. Findings: "
     << findingCounts(R) << ".\n\n";
  if (R.unresolvedReads() || R.unresolvedWrites())
    OS << "The code names the table of " << R.unresolvedReads()
       << " reads and " << R.unresolvedWrites()
       << " writes at run time; they are not listed below.\n\n";

  if (R.Diff) {
    OS << "## Against " << code(R.Diff->Against) << "\n\n"
       << R.Diff->NewPatterns.size() << " new access patterns, "
       << R.Diff->NewUnserved.size() << " new unserved, "
       << R.Diff->Gone.size() << " gone.\n\n";
    for (const Read &X : R.Diff->NewUnserved)
      OS << "- **new unserved** " << code(siteText(X.At)) << " "
         << code(X.shape()) << "\n";
    for (const Read &X : R.Diff->NewPatterns)
      OS << "- new " << code(siteText(X.At)) << " " << code(X.shape())
         << "\n";
    for (const std::string &G : R.Diff->Gone)
      OS << "- gone " << code(G) << "\n";
    OS << "\n";
  }

  OS << "## Findings\n\n";
  if (R.Findings.empty())
    OS << "None.\n\n";
  else {
    OS << "| kind | about | finding | where |\n| --- | --- | --- | --- |\n";
    for (const Finding &F : R.Findings) {
      std::string Where;
      for (const Site &S : F.Sites)
        if (!S.Path.empty())
          Where += (Where.empty() ? "" : "<br>") + code(siteText(S));
      std::string Message = cell(F.Message);
      for (const std::string &N : F.Notes)
        Message += "<br>" + cell(N);
      OS << "| " << findingKindName(F.Kind) << " | "
         << cell(listText(F.Objects)) << " | " << Message << " | " << Where
         << " |\n";
    }
    OS << "\n";
  }

  OS << "## Tables, views and indexes\n\n";
  for (const DataObject &O : R.Objects) {
    OS << "### " << objectKindName(O.Kind) << " " << code(O.Id) << "\n\n";
    if (std::string K = keyText(O); !K.empty())
      OS << "Key: " << code(K) << ". ";
    if (O.Table != O.Id)
      OS << "Base table: " << code(O.Table) << ". ";
    if (!O.Detail.empty())
      OS << "Kind: " << O.Detail << ". ";
    if (!O.Defined.Path.empty())
      OS << "Defined at " << code(siteText(O.Defined)) << ".";
    else if (!O.InSchema)
      OS << "Not in the schema: only the code names it.";
    OS << "\n\n";
    std::vector<const Read *> Reads = R.readsOf(O);
    if (Reads.empty())
      OS << "No read.\n\n";
    else {
      OS << "| where | operation | served | cost | query |\n"
            "| --- | --- | --- | --- | --- |\n";
      for (const Read *X : Reads) {
        std::string Served = cell(servedText(*X));
        if (X->Unserved)
          Served = "**unserved**: " + Served;
        if (std::string F = queryFacts(*X); !F.empty())
          Served += "<br>" + F;
        OS << "| " << code(siteText(X->At)) << " | " << X->Operation << " | "
           << Served << " | " << costName(X->Class) << " | " << code(X->Text)
           << " |\n";
      }
      OS << "\n";
    }
    std::vector<const Write *> Writes = R.writesFeeding(O);
    OS << "Kept up to date by " << Writes.size() << " write"
       << (Writes.size() == 1 ? "" : "s")
       << (O.Table != O.Id ? " to " + code(O.Table) : std::string())
       << (Writes.empty() ? "." : ":") << "\n\n";
    for (const Write *W : Writes)
      OS << "- " << code(siteText(W->At)) << " " << W->Operation << " ("
         << cell(W->Unit) << ")\n";
    if (!Writes.empty())
      OS << "\n";
  }
}

} // namespace nosqlint::patterns
