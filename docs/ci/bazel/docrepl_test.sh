#!/bin/sh
# docrepl_test.sh: runs the .docscript tests under scripts/ as a Bazel test.
# docrepl test reads Bazel's variables itself: the shard (TEST_TOTAL_SHARDS,
# TEST_SHARD_INDEX, TEST_SHARD_STATUS_FILE), the JUnit report
# (XML_OUTPUT_FILE), the temporary folders (TEST_TMPDIR), and where a failing
# script's report and files go (TEST_UNDECLARED_OUTPUTS_DIR).
# DOCREPL names the program: bazel test --test_env=DOCREPL=/path/to/docrepl
set -eu
exec "${DOCREPL:-docrepl}" test --timeout 300 scripts/
