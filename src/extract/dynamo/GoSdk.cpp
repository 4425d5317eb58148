//===- GoSdk.cpp - AWS SDK for Go v2 input structs ---===//
//
// Not written yet: finds nothing.
//
//===----------------------------------------------------------------------===//
#include "SdkCalls.h"

namespace nosqlint::extract::sdk {

void findGoSdkCalls(SdkContext &, TSNode) {}

} // namespace nosqlint::extract::sdk
