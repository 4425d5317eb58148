//===- Emitters.h - The access-pattern report in each format ----*- C++ -*-===//
//
// One emitter per format, each printing a PatternReport as it is: text for a
// terminal, JSON (docs/patterns.md documents it; `--against` reads it back),
// Markdown for a design review, and a self-contained HTML page (inline CSS,
// SVG and script; no external asset) whose script draws the table -> query
// graph from the report embedded in the page.
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_PATTERNS_EMITTERS_H
#define NOSQLINT_PATTERNS_EMITTERS_H

#include "nosqlint/Patterns/PatternReport.h"

#include "llvm/Support/raw_ostream.h"

#include <optional>
#include <string>

namespace nosqlint::patterns {

enum class PatternsFormat { Text, Json, Markdown, Html };

/// text (also full), json, markdown (also md), html.
std::optional<PatternsFormat> parsePatternsFormat(llvm::StringRef Name);
llvm::StringRef patternsFormatChoices();

void emitPatternsText(const PatternReport &R, llvm::raw_ostream &OS);
void emitPatternsJson(const PatternReport &R, llvm::raw_ostream &OS);
void emitPatternsMarkdown(const PatternReport &R, llvm::raw_ostream &OS);
void emitPatternsHtml(const PatternReport &R, llvm::raw_ostream &OS);

void emitPatterns(PatternsFormat F, const PatternReport &R,
                  llvm::raw_ostream &OS);

} // namespace nosqlint::patterns

#endif
