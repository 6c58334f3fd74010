#ifndef COURIER_BUILD_INFO_H
#define COURIER_BUILD_INFO_H

/// The version this build was made as (`make` writes it from `git describe`); "" when it was
/// built without `make`.
const char *courier_build_version(void);

#endif
