#!/usr/bin/env bash
# The csc command line. Builds itself with the Maven wrapper on the first run (and when sources
# change); needs only Java 17+ (./mvnw fetches Maven on first use). JAVA_OPTS is passed to the JVM,
# e.g. JAVA_OPTS=-Xmx8g ./csc cluster ...
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
jar="$here/csc-cli/target/csc.jar"
stale() {
  [ ! -f "$jar" ] && return 0
  [ -n "$(find "$here/pom.xml" "$here"/csc-core/pom.xml "$here"/csc-experiment/pom.xml "$here"/csc-server/pom.xml \
      "$here"/csc-cli/pom.xml "$here"/csc-core/src/main "$here"/csc-experiment/src/main "$here"/csc-server/src/main \
      "$here"/csc-cli/src/main -newer "$jar" -print -quit 2>/dev/null)" ]
}
if stale; then
  echo "[csc] building the command line (first run or sources changed)..." >&2
  "$here/mvnw" -q -B -f "$here/pom.xml" -pl csc-cli -am -DskipTests -Dmaven.javadoc.skip=true -Dmaven.source.skip=true \
      package >&2
fi
# shellcheck disable=SC2086
exec java ${JAVA_OPTS:-} -jar "$jar" "$@"
