//===- JsonEmitter.cpp - The access-pattern report as JSON ----------------===//
//
// The schema is docs/patterns.md's; `version` changes when a field changes
// meaning or goes away (new fields may appear within a version).
//
//===----------------------------------------------------------------------===//
#include "nosqlint/Patterns/Emitters.h"

#include "llvm/Support/JSON.h"

namespace nosqlint::patterns {

namespace {

using llvm::json::OStream;

void strings(OStream &J, llvm::StringRef Key,
             const std::vector<std::string> &V) {
  J.attributeArray(Key, [&] {
    for (const std::string &S : V)
      J.value(S);
  });
}

void site(OStream &J, const Site &S) {
  J.attribute("file", S.Path);
  J.attribute("line", static_cast<int64_t>(S.Line));
  J.attribute("column", static_cast<int64_t>(S.Column));
}

void optionalString(OStream &J, llvm::StringRef Key, llvm::StringRef V) {
  if (V.empty())
    J.attribute(Key, nullptr);
  else
    J.attribute(Key, V);
}

/// What a read and a write both say first: where, what, on which table.
template <typename T> void statementHead(OStream &J, const T &X) {
  site(J, X.At);
  J.attribute("dialect", X.Dialect);
  J.attribute("source", X.Source);
  J.attribute("operation", X.Operation);
  J.attribute("table", X.Table);
}

void read(OStream &J, const Read &R) {
  J.object([&] {
    statementHead(J, R);
    J.attribute("object", R.Object);
    J.attribute("served", servedName(R.How));
    J.attribute("cost", costName(R.Class));
    strings(J, "partition_key", R.PartitionKey);
    strings(J, "sort_key", R.SortKey);
    strings(J, "index_key", R.IndexKey);
    J.attribute("unserved", R.Unserved);
    strings(J, "unserved_columns", R.UnservedColumns);
    optionalString(J, "problem", R.Problem);
    strings(J, "proposals", R.Proposals);
    J.attribute("text", R.Text);
    J.attribute("shape", R.shape());
    if (R.Consistency)
      J.attribute("consistency", *R.Consistency);
    if (R.PageSize)
      J.attribute("page_size", static_cast<int64_t>(*R.PageSize));
    if (R.PagingDisabled)
      J.attribute("paging_disabled", true);
  });
}

void write(OStream &J, const Write &W) {
  J.object([&] {
    statementHead(J, W);
    strings(J, "columns", W.Columns);
    J.attribute("whole_row", W.WholeRow);
    J.attribute("unit", W.Unit);
    J.attribute("text", W.Text);
    if (W.Consistency)
      J.attribute("consistency", *W.Consistency);
  });
}

template <typename T>
void indexesOf(OStream &J, llvm::StringRef Key, const std::vector<T> &All,
               const std::vector<const T *> &Some) {
  J.attributeArray(Key, [&] {
    for (const T *X : Some)
      J.value(static_cast<int64_t>(X - All.data()));
  });
}

} // namespace

void emitPatternsJson(const PatternReport &R, llvm::raw_ostream &OS) {
  OStream J(OS, 2);
  J.object([&] {
    J.attribute("version", ReportVersion);
    J.attributeArray("objects", [&] {
      for (const DataObject &O : R.Objects)
        J.object([&] {
          J.attribute("id", O.Id);
          J.attribute("kind", objectKindName(O.Kind));
          J.attribute("dialect", O.Dialect);
          J.attribute("name", O.Name);
          J.attribute("table", O.Table);
          optionalString(J, "detail", O.Detail);
          strings(J, "partition_key", O.PartitionKey);
          strings(J, "sort_key", O.SortKey);
          strings(J, "columns", O.Columns);
          J.attribute("in_schema", O.InSchema);
          if (O.Defined.Path.empty())
            J.attribute("defined", nullptr);
          else
            J.attributeObject("defined", [&] { site(J, O.Defined); });
          indexesOf(J, "reads", R.Reads, R.readsOf(O));
          indexesOf(J, "writes", R.Writes, R.writesFeeding(O));
        });
    });
    J.attributeArray("reads", [&] {
      for (const Read &X : R.Reads)
        read(J, X);
    });
    J.attributeArray("writes", [&] {
      for (const Write &W : R.Writes)
        write(J, W);
    });
    J.attributeArray("findings", [&] {
      for (const Finding &F : R.Findings)
        J.object([&] {
          J.attribute("kind", findingKindName(F.Kind));
          strings(J, "objects", F.Objects);
          J.attribute("message", F.Message);
          J.attributeArray("sites", [&] {
            for (const Site &S : F.Sites)
              J.object([&] { site(J, S); });
          });
          strings(J, "notes", F.Notes);
        });
    });
    for (const auto &Entry :
         {std::make_pair("unresolved_reads", &R.UnresolvedReads),
          std::make_pair("unresolved_writes", &R.UnresolvedWrites)}) {
      const auto *Counts = Entry.second; // a plain name: the lambda captures it
      J.attributeObject(Entry.first, [&] {
        for (const auto &[Dialect, N] : *Counts)
          J.attribute(Dialect, static_cast<int64_t>(N));
      });
    }
    strings(J, "partly_known_tables", R.PartlyKnownTables);
    strings(J, "partly_known_read_files", R.PartlyKnownReadFiles);
    if (R.Diff)
      J.attributeObject("diff", [&] {
        J.attribute("against", R.Diff->Against);
        J.attributeArray("new_patterns", [&] {
          for (const Read &X : R.Diff->NewPatterns)
            read(J, X);
        });
        J.attributeArray("new_unserved", [&] {
          for (const Read &X : R.Diff->NewUnserved)
            read(J, X);
        });
        strings(J, "gone", R.Diff->Gone);
      });
  });
  OS << "\n";
}

} // namespace nosqlint::patterns
