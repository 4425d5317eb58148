//===- SqlMigrations.cpp - golang-migrate's .up.sql files of CQL ----------===//
#include "SqlMigrations.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Path.h"

namespace nosqlint {

MigrateDrivers golangMigrateDrivers(llvm::StringRef GoSource) {
  // An import path is a string literal: `"github.com/golang-migrate/migrate`
  // then an optional major version (`/v4`), then `/database/NAME`.
  static constexpr llvm::StringLiteral Module =
      "\"github.com/golang-migrate/migrate";
  MigrateDrivers Found;
  for (size_t At = GoSource.find(Module); At != llvm::StringRef::npos;
       At = GoSource.find(Module, At + 1)) {
    llvm::StringRef Rest = GoSource.substr(At + Module.size());
    if (Rest.startswith("/v")) {
      llvm::StringRef Version = Rest.drop_front(2);
      size_t Digits = 0;
      while (Digits < Version.size() && llvm::isDigit(Version[Digits]))
        ++Digits;
      if (Digits == 0)
        continue;
      Rest = Version.drop_front(Digits);
    }
    if (!Rest.consume_front("/database/"))
      continue;
    llvm::StringRef Name = Rest.take_until([](char C) {
      return C == '"' || C == '/' || C == '\n';
    });
    if (Rest.drop_front(Name.size()).take_front(1) != "\"")
      continue; // a subpackage, or no closing quote: not a driver import
    // multistmt and testing are helpers of the drivers, not drivers.
    if (Name == "cassandra")
      Found.Cassandra = true;
    else if (Name != "multistmt" && Name != "testing" && !Name.empty())
      Found.Other = true;
  }
  return Found;
}

bool isGolangMigrateUpFile(llvm::StringRef Path) {
  llvm::StringRef Name = llvm::sys::path::filename(Path);
  if (!Name.consume_back(".up.sql"))
    return false;
  size_t Digits = 0;
  while (Digits < Name.size() && llvm::isDigit(Name[Digits]))
    ++Digits;
  // `{version}_{title}`; golang-migrate's version is an unsigned integer.
  return Digits > 0 && Digits < Name.size() && Name[Digits] == '_';
}

} // namespace nosqlint
