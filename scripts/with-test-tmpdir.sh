#!/bin/sh
# Runs a command with TMPDIR set to a directory of its own under /tmp, and removes that
# directory afterwards, whatever the command's exit status (which it returns).
#
# The tests make temporary directories for workspaces, state, caches, jars and reports; a full
# run left about 600 of them (18 MB) in /tmp. Under `make test` they all go here and go away.
# The directory is short (/tmp/courier-tests.XXXXXX): Unix socket paths under it stay within
# the 108 bytes a socket address holds.
set -u
scratch=$(mktemp -d /tmp/courier-tests.XXXXXX) || exit 1
# Readable by others, as /tmp is: nginx's workers (another user) serve files the tests put here.
chmod 755 "$scratch"
trap 'rm -rf "$scratch"' EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
TMPDIR=$scratch "$@"
