// The version `make` wrote into version.generated.h (scripts/version.sh: from the git tag or
// commit); empty when the build did not go through `make` (a plain `swift build`).
#include "CourierBuildInfo.h"
#if __has_include("version.generated.h")
#include "version.generated.h"
#else
#define COURIER_BUILD_VERSION ""
#endif

const char *courier_build_version(void) {
    return COURIER_BUILD_VERSION;
}
