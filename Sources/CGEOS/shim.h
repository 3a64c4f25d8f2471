// Only the reentrant (_r) GEOS C API: every call takes an explicit context handle.
#define GEOS_USE_ONLY_R_API
#include <geos_c.h>
