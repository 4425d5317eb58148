#include "CqlTestSupport.h"
