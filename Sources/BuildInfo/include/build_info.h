// What the build knew of where it came from, for `--version`.
#ifndef EMOJI_RATER_BUILD_INFO_H
#define EMOJI_RATER_BUILD_INFO_H

/// The commit the binary was built from (`git rev-parse --short HEAD`, with
/// `-dirty` after it when the checkout had changes), as `make` names it to
/// the build; "unknown" when it named none (a plain `swift build`).
const char *emoji_rater_build_commit(void);

#endif
