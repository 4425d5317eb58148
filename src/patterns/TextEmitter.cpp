//===- TextEmitter.cpp - The access-pattern report for a terminal ---------===//
#include "Phrases.h"

#include "nosqlint/Patterns/Emitters.h"

namespace nosqlint::patterns {

namespace {

void printRead(const Read &R, llvm::raw_ostream &OS) {
  OS << "    " << siteText(R.At) << ": " << R.Operation << " "
     << servedName(R.How) << " cost=" << costName(R.Class);
  if (!R.PartitionKey.empty())
    OS << " partition-key=" << listText(R.PartitionKey, ",");
  if (!R.SortKey.empty())
    OS << " sort-key=" << listText(R.SortKey, ",");
  if (!R.IndexKey.empty())
    OS << " index-key=" << listText(R.IndexKey, ",");
  if (std::string F = queryFacts(R); !F.empty())
    OS << " " << F;
  if (R.Unserved)
    OS << " UNSERVED";
  OS << "\n      " << R.Text << "\n";
}

void printObject(const PatternReport &Report, const DataObject &O,
                 llvm::raw_ostream &OS) {
  OS << objectTitle(O) << " [" << O.Dialect << "]";
  if (std::string K = keyText(O); !K.empty())
    OS << " " << K;
  OS << "\n";
  if (!O.Defined.Path.empty())
    OS << "  defined at " << siteText(O.Defined) << "\n";
  else if (!O.InSchema)
    OS << "  not in the schema: named by the code only\n";
  std::vector<const Read *> Reads = Report.readsOf(O);
  OS << "  reads: " << Reads.size() << "\n";
  for (const Read *R : Reads)
    printRead(*R, OS);
  std::vector<const Write *> Writes = Report.writesFeeding(O);
  OS << "  writes" << (O.Table != O.Id ? " (to " + O.Table + ")" : "")
     << ": " << Writes.size() << "\n";
  for (const Write *W : Writes) {
    OS << "    " << siteText(W->At) << ": " << W->Operation;
    if (!W->Columns.empty())
      OS << " columns=" << listText(W->Columns, ",");
    if (W->Consistency)
      OS << " consistency=" << *W->Consistency;
    OS << " in " << W->Unit << "\n";
  }
}

} // namespace

void emitPatternsText(const PatternReport &R, llvm::raw_ostream &OS) {
  for (const DataObject &O : R.Objects) {
    printObject(R, O, OS);
    OS << "\n";
  }
  if (!R.Findings.empty())
    OS << "findings:\n";
  for (const Finding &F : R.Findings) {
    OS << "  " << findingKindName(F.Kind) << ": " << F.Message << "\n";
    for (const Site &S : F.Sites)
      if (!S.Path.empty())
        OS << "    at " << siteText(S) << "\n";
    for (const std::string &N : F.Notes)
      OS << "    note: " << N << "\n";
  }
  if (R.Diff) {
    OS << "against " << R.Diff->Against << ": "
       << R.Diff->NewPatterns.size() << " new access pattern"
       << (R.Diff->NewPatterns.size() == 1 ? "" : "s") << ", "
       << R.Diff->NewUnserved.size() << " new unserved, "
       << R.Diff->Gone.size() << " gone\n";
    for (const Read &X : R.Diff->NewPatterns)
      OS << "  new: " << siteText(X.At) << ": " << X.shape() << "\n";
    for (const Read &X : R.Diff->NewUnserved)
      OS << "  new unserved: " << siteText(X.At) << ": " << X.shape() << "\n";
    for (const std::string &G : R.Diff->Gone)
      OS << "  gone: " << G << "\n";
  }
  OS << R.Objects.size() << " tables, views and indexes; " << R.Reads.size()
     << " reads; " << R.Writes.size() << " writes; findings: "
     << findingCounts(R);
  if (R.unresolvedReads() || R.unresolvedWrites())
    OS << "; table named at run time: " << R.unresolvedReads() << " reads, "
       << R.unresolvedWrites() << " writes";
  OS << "\n";
}

std::optional<PatternsFormat> parsePatternsFormat(llvm::StringRef Name) {
  if (Name == "text" || Name == "full")
    return PatternsFormat::Text;
  if (Name == "json")
    return PatternsFormat::Json;
  if (Name == "markdown" || Name == "md")
    return PatternsFormat::Markdown;
  if (Name == "html")
    return PatternsFormat::Html;
  return std::nullopt;
}

llvm::StringRef patternsFormatChoices() { return "text, json, markdown or html"; }

void emitPatterns(PatternsFormat F, const PatternReport &R,
                  llvm::raw_ostream &OS) {
  switch (F) {
  case PatternsFormat::Text:
    return emitPatternsText(R, OS);
  case PatternsFormat::Json:
    return emitPatternsJson(R, OS);
  case PatternsFormat::Markdown:
    return emitPatternsMarkdown(R, OS);
  case PatternsFormat::Html:
    return emitPatternsHtml(R, OS);
  }
}

} // namespace nosqlint::patterns
