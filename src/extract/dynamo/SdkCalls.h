//===- SdkCalls.h - DynamoDB requests built with the AWS SDKs --*- C++ -*-===//
//
// One recognizer per SDK family, each in its own file; findDynamoCalls runs
// the one of the file's language. A recognizer walks the syntax tree, finds
// the places a request is built (a boto3 call, a v3 command, a Java builder
// chain, a Go input struct, a .NET request object) and appends a DynamoCall
// whose parameters it built with HostJson.
//
// Precision first: a call is a DynamoDB request only when the code says so
// (an SDK type or import, a parameter only DynamoDB has); what the code
// computes at run time is Unknown, never a guess.
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_EXTRACT_DYNAMO_SDKCALLS_H
#define NOSQLINT_EXTRACT_DYNAMO_SDKCALLS_H

#include "HostJson.h"
#include "Languages.h"

#include <vector>

namespace nosqlint::extract::sdk {

struct SdkContext {
  const LanguageSpec &Spec;
  Evaluator &Eval;
  HostJson &Json;
  llvm::StringRef Src;
  FileId File;
  std::vector<DynamoCall> &Out;
  std::vector<LambdaDeclaration> &Functions;
};

/// Request (or fact) \p Op of \p Sdk with parameters \p Params, built at
/// \p Site, its findings at \p OpNode; the other members as the caller sets
/// them.
DynamoCall makeDynamoCall(const HostJson &J, llvm::StringRef Op,
                          llvm::StringRef Sdk, json::JsonValue Params,
                          TSNode Site, TSNode OpNode);

/// boto3 client and resource calls, boto3.dynamodb.conditions (Python).
void findBoto3Calls(SdkContext &C, TSNode Root);
/// Appends the CreateTable request a model class declares (\p Class, named
/// at \p Name): a table definition in code.
void emitModelTable(SdkContext &C, json::JsonValue Params, llvm::StringRef Sdk,
                    TSNode Class, TSNode Name);

/// PynamoDB models (Python): each a CreateTable of its table and indexes.
void findPynamoModels(SdkContext &C, TSNode Root);
/// PynamoDB model calls (Python): the requests, and the models the file
/// declares (PynamoRequests.h).
void findPynamoCalls(SdkContext &C, TSNode Root);
/// Whether a Python file may call a PynamoDB model declared elsewhere: a
/// `.query(`, `.scan(`, `.get(`, `.count(`, `.batch_get(` or
/// `.batch_write(` on a dotted name that starts with a capital.
bool mayHoldPynamoCalls(llvm::StringRef Text);
/// AWS SDK for JavaScript v2 and v3 (JavaScript, TypeScript, TSX).
void findJsSdkCalls(SdkContext &C, TSNode Root);
/// ElectroDB entity calls (JavaScript, TypeScript, TSX).
void findElectroDbCalls(SdkContext &C, TSNode Root);
/// dynamodb-toolbox 0.x Entity and Table calls (JavaScript, TypeScript).
void findToolboxCalls(SdkContext &C, TSNode Root);
/// AWS CDK constructs (JavaScript, TypeScript, Python): `Table`/`TableV2`
/// as CreateTable definitions, Lambda functions with their environments.
void findCdkConstructs(SdkContext &C, TSNode Root);
/// DynamoDBMapper classes (AWS SDK for Java v1, @DynamoDBTable): each a
/// CreateTable of its table and indexes.
void findJavaMapperModels(SdkContext &C, TSNode Root);
/// Java enhanced-client beans (@DynamoDbBean) and the table(..) calls that
/// name their tables: the facts joinModelTables joins.
void findJavaBeanModels(SdkContext &C, TSNode Root);
/// AWS SDK for Java v2 request builders.
void findJavaSdkCalls(SdkContext &C, TSNode Root);
/// AWS SDK for Kotlin request DSLs, and the Java SDKs' requests built in
/// Kotlin.
void findKotlinSdkCalls(SdkContext &C, TSNode Root);
/// The Java SDKs' requests built in Scala (v2 builders, v1 `new X()`
/// with-chains), read by the same recognizer.
void findScalaSdkCalls(SdkContext &C, TSNode Root);
/// AWS SDK for Go v2 input structs.
void findGoSdkCalls(SdkContext &C, TSNode Root);
/// guregu/dynamo table chains (Go).
void findGoGureguCalls(SdkContext &C, TSNode Root);
/// AWS SDK for .NET request objects, DocumentModel Tables and DataModel
/// contexts.
void findDotNetSdkCalls(SdkContext &C, TSNode Root);
/// DynamoDBContext classes (.NET, [DynamoDBTable]): each a CreateTable of
/// its table and indexes.
void findDotNetDataModels(SdkContext &C, TSNode Root);

/// Whether the file names the DynamoDB SDK of its language (an import, a
/// package, a class of the SDK): no recognizer finds a call in a file that
/// does not. One search per marker, at memchr speed.
bool mentionsDynamoDbSdk(HostLanguage Lang, llvm::StringRef Src);

/// Runs the recognizer of the file's language, when the file mentions its
/// SDK. Returns the byte ranges of
/// the host strings read into requests.
std::vector<std::pair<uint32_t, uint32_t>>
findDynamoCalls(const LanguageSpec &Spec, Evaluator &Eval, llvm::StringRef Src,
                FileId File, TSNode Root, std::vector<DynamoCall> &Out,
                std::vector<LambdaDeclaration> &Functions);

} // namespace nosqlint::extract::sdk

#endif
