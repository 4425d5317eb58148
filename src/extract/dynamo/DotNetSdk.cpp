//===- DotNetSdk.cpp - AWS SDK for .NET request objects ---===//
//
// Not written yet: finds nothing.
//
//===----------------------------------------------------------------------===//
#include "SdkCalls.h"

namespace nosqlint::extract::sdk {

void findDotNetSdkCalls(SdkContext &, TSNode) {}

} // namespace nosqlint::extract::sdk
