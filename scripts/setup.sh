#!/usr/bin/env bash
# Installs what Afterglow needs on a Debian/Ubuntu machine, then fetches the pinned Debian
# source packages of its dependencies into third_party/ (git-ignored). Idempotent: a second run
# with nothing to do prints nothing and takes about a second.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD

# Debian source packages and their pinned versions. Their files' sha256 sums are in
# scripts/third_party.sha256; a file whose sum differs is refused.
sources=(
  "imgui 1.86+ds-1"
  "simdjson 3.0.1-1"
  "libzstd 1.5.4+dfsg2-5"
  "lz4 1.9.4-1"
  "snappy 1.1.9-3"
  "zlib 1:1.2.13.dfsg-1"
)
# Debian packages: the toolchain (native, clang for the sanitizer build, and Emscripten),
# GoogleTest, the browser for tests, and the Java libraries Spark compresses event logs with
# (tests/formats writes fixtures with them).
packages=(cmake g++ clang-14 libclang-rt-14-dev make dpkg-dev xz-utils bzip2 googletest
          libgtest-dev emscripten
          chromium nodejs npm zstd python3 fonts-liberation
          default-jdk-headless liblz4-java libsnappy-java libcompress-lzf-java
          libzstd-jni-java libzstd-jni1)

say() { echo "setup: $*"; }
sudo_if_needed() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }

# --- Debian packages -------------------------------------------------------------------------
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
# node/npm may come from elsewhere (e.g. NodeSource's nodejs ships npm): accept any working one.
if command -v node >/dev/null && command -v npm >/dev/null; then
  missing=("${missing[@]/nodejs}"); missing=("${missing[@]/npm}")
fi
missing=($(printf '%s\n' "${missing[@]}" | grep -v '^$' || true))
apt_updated=0
if [ ${#missing[@]} -gt 0 ]; then
  say "installing Debian packages: ${missing[*]}"
  sudo_if_needed apt-get update -qq
  apt_updated=1
  sudo_if_needed env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
fi

# --- Debian source packages --------------------------------------------------------------------
need_sources=0
for entry in "${sources[@]}"; do
  name=${entry%% *}
  [ -f "third_party/$name/.afterglow-stamp" ] || need_sources=1
done
if [ $need_sources = 1 ]; then
  # Enable deb-src by copying the system's own Debian entries with Types: deb-src, so no host
  # name is ever written by us.
  if ! grep -rqs '^Types:.*deb-src\|^deb-src ' /etc/apt/sources.list /etc/apt/sources.list.d/; then
    say "enabling Debian source packages"
    if [ -f /etc/apt/sources.list.d/debian.sources ]; then
      sed 's/^Types: deb$/Types: deb-src/' /etc/apt/sources.list.d/debian.sources |
        sudo_if_needed tee /etc/apt/sources.list.d/afterglow-deb-src.sources >/dev/null
    elif [ -f /etc/apt/sources.list.d/ubuntu.sources ]; then
      sed 's/^Types: deb$/Types: deb-src/' /etc/apt/sources.list.d/ubuntu.sources |
        sudo_if_needed tee /etc/apt/sources.list.d/afterglow-deb-src.sources >/dev/null
    else
      grep '^deb ' /etc/apt/sources.list | sed 's/^deb /deb-src /' |
        sudo_if_needed tee /etc/apt/sources.list.d/afterglow-deb-src.list >/dev/null
    fi
    apt_updated=0
  fi
  [ $apt_updated = 1 ] || sudo_if_needed apt-get update -qq
  mkdir -p third_party/downloads
  for entry in "${sources[@]}"; do
    name=${entry%% *}; version=${entry#* }
    [ -f "third_party/$name/.afterglow-stamp" ] && continue
    say "fetching source package $name $version"
    plain_version=${version#*:}   # file names drop the epoch
    (cd third_party/downloads && apt-get source -qq --download-only "$name=$version" 2>&1 |
       grep -v 'unsandboxed' || true)
    files=$(cd third_party/downloads && ls "${name}_${plain_version%-*}"* | grep -v '\.asc$')
    for f in $files; do
      expected=$(awk -v f="$f" '$2 == f {print $1}' scripts/third_party.sha256)
      actual=$(sha256sum "third_party/downloads/$f" | cut -d' ' -f1)
      if [ -z "$expected" ] || [ "$expected" != "$actual" ]; then
        echo "setup: $f: sha256 $actual does not match the pinned ${expected:-<none>}" >&2
        exit 1
      fi
    done
    rm -rf "third_party/$name" "third_party/downloads/$name-"*/
    (cd third_party/downloads && dpkg-source -q -x "${name}_${plain_version}.dsc" >/dev/null 2>&1)
    mv third_party/downloads/"$name"-*/ "third_party/$name"
    touch "third_party/$name/.afterglow-stamp"
  done
fi

# --- npm packages for the browser tests (exact versions in tests/browser/package-lock.json) ---
if [ -f tests/browser/package-lock.json ] && [ ! -d tests/browser/node_modules/playwright-core ]; then
  say "installing browser-test packages from npm"
  (cd tests/browser && npm ci --silent --no-audit --no-fund >/dev/null)
fi
