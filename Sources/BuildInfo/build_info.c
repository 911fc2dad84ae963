// The commit comes in as a -D definition on this file's command line alone
// (Package.swift, from make's EMOJI_RATER_COMMIT): a new commit compiles this
// one file again and links, and every Swift module stays as it was built.
#include "build_info.h"

#ifndef EMOJI_RATER_COMMIT
#define EMOJI_RATER_COMMIT "unknown"
#endif

const char *emoji_rater_build_commit(void) { return EMOJI_RATER_COMMIT; }
