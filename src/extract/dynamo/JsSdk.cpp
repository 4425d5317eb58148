//===- JsSdk.cpp - AWS SDK for JavaScript v2 and v3 ---===//
//
// Not written yet: finds nothing.
//
//===----------------------------------------------------------------------===//
#include "SdkCalls.h"

namespace nosqlint::extract::sdk {

void findJsSdkCalls(SdkContext &, TSNode) {}

} // namespace nosqlint::extract::sdk
