//===- Analysis.cpp - What the front ends made of each input file ---------===//
#include "Analysis.h"

namespace nosqlint {

const extract::FileExtraction &extractionOf(const FileAnalysis &A) {
  static const extract::FileExtraction None;
  return A.Extraction ? *A.Extraction : None;
}

} // namespace nosqlint
