#!/usr/bin/env bash
# The csc command line. Builds itself with the Maven wrapper on the first run (and when sources
# change); needs only Java 17+ (./mvnw fetches Maven on first use). Runs JAVA_HOME's java when
# JAVA_HOME is set, else the java on the PATH. JAVA_OPTS is passed to the JVM,
# e.g. JAVA_OPTS=-Xmx8g ./csc cluster ...
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# The Java of JAVA_HOME when it is set (as the Maven wrapper builds with), else the java on the PATH.
java=java
if [ -n "${JAVA_HOME:-}" ] && [ -x "$JAVA_HOME/bin/java" ]; then
  java="$JAVA_HOME/bin/java"
fi
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
# --engine spark and --format parquet run on Spark: csc-spark and Spark's jars join the class path
# (built on first use), with the JDK packages Spark opens on Java 17.
spark=false
previous=""
for argument in "$@"; do
  case "$previous $argument" in
    "--engine spark"|"--format parquet") spark=true ;;
  esac
  case "$argument" in
    --engine=spark|--format=parquet) spark=true ;;
  esac
  previous="$argument"
done
if [ "$spark" = true ]; then
  sparkjar="$(ls "$here"/csc-spark/target/csc-spark-*[0-9T].jar 2>/dev/null | head -n 1 || true)"
  if [ -z "$sparkjar" ] || [ ! -f "$here/csc-spark/target/spark-classpath.txt" ] || \
      [ -n "$(find "$here"/csc-spark/src/main "$here"/csc-spark/pom.xml -newer "$sparkjar" -print -quit 2>/dev/null)" ]; then
    echo "[csc] building the Spark engine (first use or sources changed)..." >&2
    "$here/mvnw" -q -B -f "$here/pom.xml" -pl csc-spark -am -DskipTests -Dmaven.javadoc.skip=true \
        -Dmaven.source.skip=true package >&2
    sparkjar="$(ls "$here"/csc-spark/target/csc-spark-*[0-9T].jar | head -n 1)"
  fi
  opens=""
  for package in java.lang java.lang.invoke java.lang.reflect java.io java.net java.nio java.util \
      java.util.concurrent java.util.concurrent.atomic jdk.internal.ref sun.nio.ch sun.nio.cs sun.security.action \
      sun.util.calendar; do
    opens="$opens --add-opens=java.base/$package=ALL-UNNAMED"
  done
  # shellcheck disable=SC2086
  exec "$java" ${JAVA_OPTS:-} $opens -Djdk.reflect.useDirectMethodHandle=false -Dio.netty.tryReflectionSetAccessible=true \
      -cp "$(cat "$here/csc-spark/target/spark-classpath.txt"):$sparkjar:$jar" io.csc.cli.CscCommand "$@"
fi
# Start-up: an archive of the classes the demo loads (parsed, verified, lambdas spun), made once per
# build, takes about 0.15 s off every command. On Java 25 and later it is the JDK's AOT cache, which
# also keeps the demo's method profiles, so the compiler optimises the hot loops sooner: sub-second
# fits take 10-20% less (docs/BENCHMARKS.md); before, Java's class-data sharing. The JVM ignores an
# archive that does not match the jar or the Java it runs on; a new Java makes a new one.
# CSC_CLASS_ARCHIVE=off runs without it.
archive="$here/csc-cli/target/csc.jsa"
java_binary="$(command -v "$java" || true)"
java_binary="$(readlink -f "$java_binary" 2>/dev/null || echo "$java_binary")"
if [ "${CSC_CLASS_ARCHIVE:-on}" != off ] && [ -w "$(dirname "$archive")" ] && \
    { [ ! -f "$archive" ] || [ "$jar" -nt "$archive" ] || [ "$(head -n 1 "$archive.java" 2>/dev/null)" != "$java_binary" ]; } && \
    { [ ! -f "$archive.failed" ] || [ "$jar" -nt "$archive.failed" ]; }; then
  echo "[csc] preparing the class archive for faster start-up (once per build, a few seconds)..." >&2
  partial="$archive.$$.partial"
  major="$("$java" -version 2>&1 | sed -n 's/.*version "\([0-9]*\).*/\1/p' | head -n 1)"
  if [ "${major:-0}" -ge 25 ] 2>/dev/null; then
    kind=aot
    making="-XX:AOTCacheOutput=$partial -Xlog:aot*=off -Xlog:cds*=off"
  else
    kind=cds
    making="-XX:ArchiveClassesAtExit=$partial -Xlog:cds*=off"
  fi
  # shellcheck disable=SC2086
  if "$java" $making -jar "$jar" demo >/dev/null 2>&1 && [ -s "$partial" ]; then
    mv -f "$partial" "$archive"
    printf '%s\n%s\n' "$java_binary" "$kind" > "$archive.java"
    rm -f "$archive.failed"
  else
    rm -f "$partial" "$partial.config" "$archive"
    touch "$archive.failed"
  fi
  rm -f "$partial.config"
fi
sharing=""
if [ "${CSC_CLASS_ARCHIVE:-on}" != off ] && [ -f "$archive" ]; then
  if [ "$(sed -n 2p "$archive.java" 2>/dev/null)" = aot ]; then
    sharing="-XX:AOTCache=$archive -Xlog:aot*=off -Xlog:cds*=off"
  else
    sharing="-Xshare:auto -XX:SharedArchiveFile=$archive -Xlog:cds*=off"
  fi
fi
exec "$java" $sharing ${JAVA_OPTS:-} -jar "$jar" "$@"
