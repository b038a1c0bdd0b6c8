# Puts the Node that Plaza runs on (.nvmrc) first on PATH in this shell. From the repository's root:
#   . scripts/use-node.sh       (from a folder below it, the path to it: . ../../scripts/use-node.sh)
# A host whose Node is older (Debian 13 ships Node 20) gets it from the npm registry's `node` package, installed
# once under ~/.cache/plaza. Native addons (better-sqlite3) are then built against the headers that ship with
# that Node, so nothing but the npm registry is needed (docs/decisions/node-version.md).
plaza_node_root=$PWD
while [ ! -f "$plaza_node_root/.nvmrc" ] && [ "$plaza_node_root" != / ]; do
  plaza_node_root=$(dirname "$plaza_node_root")
done
plaza_node_major=$(cat "$plaza_node_root/.nvmrc") || return 1
unset plaza_node_root
if [ "$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)" -lt "$plaza_node_major" ]; then
  plaza_node_dir="${XDG_CACHE_HOME:-$HOME/.cache}/plaza/node-$plaza_node_major"
  if [ ! -x "$plaza_node_dir/node_modules/.bin/node" ]; then
    mkdir -p "$plaza_node_dir" || return 1
    # The `node` package's install script fetches the binary for this platform: allowed here.
    echo '{ "private": true, "allowScripts": { "node": true } }' >"$plaza_node_dir/package.json"
    npm install --prefix "$plaza_node_dir" --no-audit --no-fund --loglevel=error "node@$plaza_node_major" || return 1
  fi
  PATH="$plaza_node_dir/node_modules/.bin:$PATH"
  export PATH
  # The headers beside that Node (include/node), in place of a nodedir the host may set for its own Node.
  for plaza_node_gypi in "$plaza_node_dir"/node_modules/node/node_modules/*/include/node/common.gypi; do
    if [ -f "$plaza_node_gypi" ]; then
      npm_config_nodedir=${plaza_node_gypi%/include/node/common.gypi}
      export npm_config_nodedir
    fi
  done
  unset plaza_node_dir plaza_node_gypi
fi
unset plaza_node_major
echo "Node $(node -v) ($(command -v node))"
