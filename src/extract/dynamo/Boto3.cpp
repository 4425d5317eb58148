//===- Boto3.cpp - boto3 client and resource calls ---===//
//
// Not written yet: finds nothing.
//
//===----------------------------------------------------------------------===//
#include "SdkCalls.h"

namespace nosqlint::extract::sdk {

void findBoto3Calls(SdkContext &, TSNode) {}

} // namespace nosqlint::extract::sdk
