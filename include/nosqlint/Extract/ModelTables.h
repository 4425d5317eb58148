//===- ModelTables.h - Table definitions split across files -----*- C++ -*-===//
//
// A mapped class (the Java enhanced client's @DynamoDbBean) declares a
// table's keys, and a use of it elsewhere (`enhanced.table("orders",
// TableSchema.fromBean(Order.class))`) its name. Extraction is per file, so
// each file yields its facts (DynamoCall::ModelClass) and the driver joins
// them here, once every file is extracted.
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_EXTRACT_MODELTABLES_H
#define NOSQLINT_EXTRACT_MODELTABLES_H

#include "nosqlint/Extract/Extract.h"

#include "llvm/ADT/ArrayRef.h"

#include <string>
#include <vector>

namespace nosqlint::extract {

/// One fact of a run: a CreateTable DynamoCall with a ModelClass, and the
/// file (and its folder) it was found in.
struct ModelTablePart {
  const DynamoCall *Call = nullptr;
  FileId File;
  std::string Directory;
};

/// The CreateTable of one table a use names, in the file of the class that
/// declares its keys.
struct JoinedModelTable {
  json::JsonValue Params;
  FileId File;
  SourceRange Range;
  std::string Directory;
};

/// Each (class, name) that a use names once: the class's keys with the
/// use's TableName. Where several files declare the class (sub-projects),
/// the one whose folder shares the most leading folders with the use's; a
/// tie, or a class no file of the run declares, gives nothing.
std::vector<JoinedModelTable>
joinModelTables(llvm::ArrayRef<ModelTablePart> Parts);

/// The DynamoDB calls one file of a run made, and its folder.
struct ModelRequestFile {
  std::vector<DynamoCall> *Calls = nullptr;
  std::string Directory;
};

/// Requests through a mapped class (a ModelClass: DynamoDBMapper calls,
/// Sdk aws-sdk-java-v1-mapper; the .NET DynamoDBContext's,
/// aws-sdk-net-datamodel; the Java enhanced client's,
/// aws-sdk-java-v2-enhanced) name their table and keys through that class:
/// each gets the key attribute names of the class's declaration (the one
/// nearest the call, as joinModelTables chooses) and, but for the enhanced
/// client's (whose table(..) call names the table), its table name, in
/// place of the stand-ins the call was read with (an unknown TableName,
/// "@hash" and "@range" key names, #names valued "@hash" / "@range" for the
/// keys of the table or index queried). A class no file declares leaves
/// the table unknown and the key open.
void resolveMapperRequests(llvm::ArrayRef<ModelRequestFile> Files);

} // namespace nosqlint::extract

#endif
