//===- JavaSdk.cpp - AWS SDK for Java v2 request builders ---===//
//
// Not written yet: finds nothing.
//
//===----------------------------------------------------------------------===//
#include "SdkCalls.h"

namespace nosqlint::extract::sdk {

void findJavaSdkCalls(SdkContext &, TSNode) {}

} // namespace nosqlint::extract::sdk
