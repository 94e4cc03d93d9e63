#!/bin/sh
# What the runtime image leaves out of a production node_modules (Dockerfile; issue 29): type declarations, source
# maps, readmes, and better-sqlite3's own copy of SQLite's sources (the server runs its compiled addon). Nothing here
# is read when the server runs. Also run by the bench (scripts/bench/runtime-deps.ts) to measure what the image holds.
set -eu
modules="${1:-node_modules}"
find "$modules" -type f \( -name '*.d.ts' -o -name '*.d.mts' -o -name '*.d.cts' -o -name '*.map' -o -name '*.md' \) -delete
rm -rf "$modules/better-sqlite3/deps" "$modules/better-sqlite3/src"
