//===- SdkCalls.cpp - Dispatch to the recognizer of the file's SDK --------===//
#include "SdkCalls.h"

#include "GureguRequests.h"

#include "nosqlint/Extract/ToolboxRequests.h"

#include <algorithm>
#include <initializer_list>
#include <string_view>

namespace nosqlint::extract::sdk {

bool mentionsDynamoDbSdk(HostLanguage Lang, llvm::StringRef Src) {
  // std::string_view::find runs at memchr speed (StringRef::find and
  // contains_insensitive were ten times slower on a 1.7 MB file).
  std::string_view Text(Src.data(), Src.size());
  auto Mentions = [&](std::initializer_list<std::string_view> Words) {
    for (std::string_view W : Words)
      if (Text.find(W) != std::string_view::npos)
        return true;
    return false;
  };
  switch (Lang) {
  case HostLanguage::Python:
    // boto3 code names DynamoDB somewhere (the client, a resource, a
    // helper) or writes the request's own parameter names.
    // A PynamoDB model of another module may be called without either.
    return Mentions({"ynamo", "YNAMO", "TableName", "KeyConditionExpression",
                     "FilterExpression", "UpdateExpression",
                     "ConditionExpression", "RequestItems", "TransactItems"}) ||
           mayHoldPynamoCalls(Src);
  case HostLanguage::JavaScript:
  case HostLanguage::TypeScript:
  case HostLanguage::Tsx:
    // aws-sdk, @aws-sdk/...; the CDK's aws-cdk-lib/aws-dynamodb.
    // ElectroDB entities; dynamodb-toolbox classes, also re-exported by a
    // module of the application.
    return Mentions({"aws-sdk", "aws-dynamodb", "electrodb",
                     "dynamodb-toolbox"}) ||
           mayHoldToolboxCalls(Src);
  case HostLanguage::Java:
    return Mentions({"software.amazon.awssdk.services.dynamodb",
                     "software.amazon.awssdk.enhanced.dynamodb",
                     "com.amazonaws.services.dynamodbv2",
                     "software.amazon.awscdk.services.dynamodb"});
  case HostLanguage::Go:
    // A guregu/dynamo DB held in a struct field of another file of the
    // package may be called without either.
    return Mentions({"/service/dynamodb", "guregu/dynamo"}) ||
           mayHoldGureguCalls(Src);
  case HostLanguage::CSharp:
    // .Model, .DocumentModel, .DataModel
    return Mentions({"Amazon.DynamoDBv2"});
  case HostLanguage::Kotlin:
    // The AWS SDK for Kotlin, or Java's SDKs called from Kotlin.
    return Mentions({"aws.sdk.kotlin.services.dynamodb",
                     "software.amazon.awssdk.services.dynamodb",
                     "com.amazonaws.services.dynamodbv2"});
  case HostLanguage::Scala:
    // Java's SDKs called from Scala.
    return Mentions({"software.amazon.awssdk.services.dynamodb",
                     "com.amazonaws.services.dynamodbv2"});
  }
  return false;
}

DynamoCall makeDynamoCall(const HostJson &J, llvm::StringRef Op,
                          llvm::StringRef Sdk, json::JsonValue Params,
                          TSNode Site, TSNode OpNode) {
  DynamoCall Call;
  Call.Operation = Op.str();
  Call.Sdk = Sdk.str();
  Call.Params = std::make_unique<json::JsonValue>(std::move(Params));
  Call.Range = J.range(Site);
  Call.OperationRange = J.range(OpNode);
  return Call;
}

void emitModelTable(SdkContext &C, json::JsonValue Params, llvm::StringRef Sdk,
                    TSNode Class, TSNode Name) {
  C.Out.push_back(
      makeDynamoCall(C.Json, "CreateTable", Sdk, std::move(Params), Class, Name));
}

std::vector<std::pair<uint32_t, uint32_t>>
findDynamoCalls(const LanguageSpec &Spec, Evaluator &Eval, llvm::StringRef Src,
                FileId File, TSNode Root, std::vector<DynamoCall> &Out,
                std::vector<LambdaDeclaration> &Functions) {
  if (!mentionsDynamoDbSdk(Spec.Lang, Src))
    return {};
  HostJson Json(Eval, File);
  SdkContext C{Spec, Eval, Json, Src, File, Out, Functions};
  switch (Spec.Lang) {
  case HostLanguage::Python:
    findBoto3Calls(C, Root);
    findPynamoModels(C, Root);
    findPynamoCalls(C, Root);
    findCdkConstructs(C, Root);
    break;
  case HostLanguage::JavaScript:
  case HostLanguage::TypeScript:
  case HostLanguage::Tsx:
    findJsSdkCalls(C, Root);
    findElectroDbCalls(C, Root);
    findToolboxCalls(C, Root);
    findCdkConstructs(C, Root);
    break;
  case HostLanguage::Java:
    findJavaSdkCalls(C, Root);
    findJavaMapperModels(C, Root);
    findCdkConstructs(C, Root);
    findJavaBeanModels(C, Root);
    break;
  case HostLanguage::Go:
    findGoSdkCalls(C, Root);
    findGoGureguCalls(C, Root);
    break;
  case HostLanguage::CSharp:
    findDotNetSdkCalls(C, Root);
    findDotNetDataModels(C, Root);
    break;
  case HostLanguage::Kotlin:
    findKotlinSdkCalls(C, Root);
    break;
  case HostLanguage::Scala:
    findScalaSdkCalls(C, Root);
    break;
  }
  std::stable_sort(Out.begin(), Out.end(),
                   [](const DynamoCall &A, const DynamoCall &B) {
                     return A.Range.Begin < B.Range.Begin;
                   });
  std::vector<std::pair<uint32_t, uint32_t>> Consumed = Json.consumed();
  for (const DynamoCall &Call : Out)
    Consumed.emplace_back(Call.Range.Begin, Call.Range.End);
  return Consumed;
}

} // namespace nosqlint::extract::sdk
