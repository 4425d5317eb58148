//===- SuppressionComment.cpp - `nosqlint: ignore` in a file's language ---===//
#include "SuppressionComment.h"

#include "nosqlint/Extract/Extract.h"

#include "llvm/Support/Path.h"

namespace nosqlint::lsp {

static std::optional<llvm::StringRef> lineCommentOpener(llvm::StringRef Path) {
  std::string Ext = llvm::sys::path::extension(Path).lower();
  if (Ext == ".cql" || Ext == ".sql") // .sql: golang-migrate's CQL migrations
    return llvm::StringRef("--");
  if (Ext == ".yaml" || Ext == ".yml" || Ext == ".tf")
    return llvm::StringRef("#");
  std::optional<extract::HostLanguage> Host =
      extract::hostLanguageForPath(Path);
  if (!Host)
    return std::nullopt;
  switch (*Host) {
  case extract::HostLanguage::Python:
    return llvm::StringRef("#");
  case extract::HostLanguage::Java:
  case extract::HostLanguage::Kotlin:
  case extract::HostLanguage::Scala:
  case extract::HostLanguage::Go:
  case extract::HostLanguage::JavaScript:
  case extract::HostLanguage::TypeScript:
  case extract::HostLanguage::Tsx:
  case extract::HostLanguage::CSharp:
    return llvm::StringRef("//");
  }
  return std::nullopt;
}

std::optional<std::string> suppressionComment(llvm::StringRef Path,
                                              llvm::StringRef Rule) {
  std::optional<llvm::StringRef> Open = lineCommentOpener(Path);
  if (!Open)
    return std::nullopt;
  return (*Open + " nosqlint: ignore[" + Rule + "]").str();
}

} // namespace nosqlint::lsp
