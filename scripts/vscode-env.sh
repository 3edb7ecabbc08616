#!/usr/bin/env bash
# Build, once, what the real-VS-Code test needs: code-server (the VS Code workbench and extension
# host, from npm), playwright-core (drives a browser; its own browser download is skipped) and
# Debian's Chromium.
#
# Contract:
#   * The npm packages live OUTSIDE the repository, in
#     ${TENSORLS_CACHE_DIR:-$HOME/.cache/tensorls}/vscode-code-server-<version>-playwright-<version>.
#     Chromium and the native-module build tools are Debian packages (apt-get, as root).
#   * An existing environment is reused only when its completion marker matches this build's
#     specification AND it passes the check (code-server reports its version, its native modules
#     and ripgrep are in place, playwright-core loads, Chromium runs). Otherwise it is deleted and
#     rebuilt, so a half-built environment never counts as built.
#   * Non-interactive (no stdin is read). Missing Debian packages are installed with apt-get when
#     running as root; otherwise the script fails and names what is missing.
#   * Concurrent callers are serialised with a lock file: the second one waits and reuses.
#   * On success, stdout holds exactly three lines, KEY=absolute path, to be exported for the tests:
#       TENSORLS_CODE_SERVER     code-server's executable
#       TENSORLS_PLAYWRIGHT_CORE playwright-core's package folder (require() it)
#       TENSORLS_CHROMIUM        Chromium's executable
#     Progress goes to stderr. On failure: exit status non-zero, the reason and the tail of the
#     build log on stderr.
#
# Two install obstacles are handled here:
#   * @vscode/ripgrep's postinstall downloads rg from outside the package registries (npm then
#     rolls the whole install back). It first looks in $TMPDIR/vscode-ripgrep-cache-<its version>/
#     for the release archive, so an archive of Debian's rg (the same ripgrep 13.0.0) is put there.
#   * node-pty's postinstall runs `npx node-gyp`, which an npmrc with `yes=false` cancels:
#     npm_config_yes=true. Native modules build from source against Node's headers in /usr.
#
# Environment knobs:
#   TENSORLS_CACHE_DIR       cache root (default $HOME/.cache/tensorls)
set -euo pipefail
exec </dev/null

readonly CODE_SERVER_VERSION=4.100.3
readonly PLAYWRIGHT_CORE_VERSION=1.65.1
readonly NODE_MAJOR=20
# What code-server ${CODE_SERVER_VERSION}'s lib/vscode/npm-shrinkwrap.json locks, and the ripgrep
# release its postinstall (lib/postinstall.js, lib/download.js) then asks for.
readonly RIPGREP_PACKAGE_VERSION=1.15.11
readonly RIPGREP_RELEASE=v13.0.0-10
readonly BUILD_SPEC="code-server@${CODE_SERVER_VERSION} playwright-core@${PLAYWRIGHT_CORE_VERSION} node${NODE_MAJOR} ripgrep-${RIPGREP_PACKAGE_VERSION} build-v1"
readonly DEBIAN_PACKAGES=(chromium build-essential python3 libsecret-1-dev libkrb5-dev libx11-dev libxkbfile-dev ripgrep)
readonly CHROMIUM=/usr/bin/chromium

env_label=vscode-env
env_name="vscode-code-server-${CODE_SERVER_VERSION}-playwright-${PLAYWRIGHT_CORE_VERSION}"
# shellcheck source=scripts/cached-env.sh
source "$(dirname "${BASH_SOURCE[0]}")/cached-env.sh"
code_server="${env_dir}/node_modules/.bin/code-server"
vscode_modules="${env_dir}/node_modules/code-server/lib/vscode/node_modules"
playwright_core="${env_dir}/node_modules/playwright-core"

# Succeeds when the environment at $env_dir runs: code-server reports the pinned version, the
# native modules VS Code loads at start and ripgrep are built, playwright-core loads, and
# Chromium starts.
env_passes_check() {
    [[ -f "${code_server}" && -d "${playwright_core}" ]] || return 1
    local version
    # code-server writes a default config file into $XDG_CONFIG_HOME (and says so on stdout)
    # when there is none; the version is the last line.
    version="$(XDG_CONFIG_HOME="${env_dir}/.config" "${code_server}" --version 2>>"${log_file}")" || return 1
    printf 'code-server --version: %s\n' "${version}" >>"${log_file}"
    version="$(tail -n 1 <<<"${version}")"
    [[ "${version}" == "${CODE_SERVER_VERSION} "* ]] || return 1
    [[ -x "${vscode_modules}/@vscode/ripgrep/bin/rg" ]] || return 1
    local module
    for module in node-pty/build/Release/pty.node @vscode/spdlog/build/Release/spdlog.node \
        native-watchdog/build/Release/watchdog.node kerberos/build/Release/kerberos.node; do
        [[ -f "${vscode_modules}/${module}" ]] || {
            printf 'missing native module %s\n' "${module}" >>"${log_file}"
            return 1
        }
    done
    node -e 'const p = require(process.argv[1]); if (typeof p.chromium.launch !== "function") process.exit(1);' \
        "${playwright_core}" >>"${log_file}" 2>&1 || return 1
    "${CHROMIUM}" --headless --no-sandbox --disable-gpu --version >>"${log_file}" 2>&1
}

missing_debian_packages() {
    local package
    for package in "${DEBIAN_PACKAGES[@]}"; do
        dpkg-query -W -f='${Status}' "${package}" 2>/dev/null | grep -q 'install ok installed' ||
            printf '%s\n' "${package}"
    done
}

install_debian_packages() {
    local missing
    mapfile -t missing < <(missing_debian_packages)
    ((${#missing[@]})) || return 0
    if [[ "$(id -u)" != 0 ]]; then
        fail "missing Debian packages (${missing[*]}) and not running as root to install them with apt-get"
    fi
    command -v apt-get >/dev/null || fail "missing Debian packages (${missing[*]}) and apt-get is not available"
    say "installing Debian packages with apt-get: ${missing[*]}"
    logged env DEBIAN_FRONTEND=noninteractive apt-get update -q || fail "apt-get update failed"
    logged env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${missing[@]}" ||
        fail "apt-get install ${missing[*]} failed"
}

ripgrep_target() {
    case "$(uname -m)" in
        x86_64) printf 'x86_64-unknown-linux-musl\n' ;;
        aarch64) printf 'aarch64-unknown-linux-musl\n' ;;
        *) fail "no ripgrep release name known for the architecture $(uname -m)" ;;
    esac
}

build_env() {
    local started=${SECONDS}
    say "building ${BUILD_SPEC} into ${env_dir} (log: ${log_file}); this takes a few minutes"
    rm -rf "${env_dir}"
    mkdir -p "${env_dir}"

    local ripgrep_tmp="${env_dir}/.tmp"
    local ripgrep_cache="${ripgrep_tmp}/vscode-ripgrep-cache-${RIPGREP_PACKAGE_VERSION}"
    mkdir -p "${ripgrep_cache}"
    tar -czf "${ripgrep_cache}/ripgrep-${RIPGREP_RELEASE}-$(ripgrep_target).tar.gz" \
        -C "$(dirname "$(command -v rg)")" rg || fail "could not archive Debian's rg for @vscode/ripgrep"

    printf '{ "name": "tensorls-vscode-env", "private": true }\n' >"${env_dir}/package.json"
    say "npm install code-server@${CODE_SERVER_VERSION} playwright-core@${PLAYWRIGHT_CORE_VERSION} (native modules build from source)"
    # code-server's postinstall runs `npm install` in lib/vscode and lib/vscode/extensions; the
    # variables below reach those nested installs too. npm 11 runs no dependency install script
    # unless allowed (and refuses an allow-list given on the command line for a project install);
    # code-server refuses to install as root without unsafe-perm.
    (cd "${env_dir}" && logged env \
        TMPDIR="${ripgrep_tmp}" \
        npm_config_yes=true \
        npm_config_nodedir=/usr \
        npm_config_unsafe_perm=true \
        npm_config_dangerously_allow_all_scripts=true \
        npm_config_audit=false npm_config_fund=false npm_config_update_notifier=false \
        PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 \
        npm install --foreground-scripts --save-exact \
        "code-server@${CODE_SERVER_VERSION}" "playwright-core@${PLAYWRIGHT_CORE_VERSION}") ||
        fail "npm install of code-server ${CODE_SERVER_VERSION} and playwright-core ${PLAYWRIGHT_CORE_VERSION} failed"
    rm -rf "${ripgrep_tmp}"

    record_build "${started}"
}

take_cache_lock
command -v node >/dev/null || fail "node is not installed (code-server ${CODE_SERVER_VERSION} needs Node.js ${NODE_MAJOR})"
command -v npm >/dev/null || fail "npm is not installed"
node_major="$(node -p 'process.versions.node.split(".")[0]')"
[[ "${node_major}" == "${NODE_MAJOR}" ]] ||
    fail "code-server ${CODE_SERVER_VERSION} needs Node.js ${NODE_MAJOR}, and node here is $(node --version)"
install_debian_packages

reuse_or_build
printf 'TENSORLS_CODE_SERVER=%s\n' "${code_server}"
printf 'TENSORLS_PLAYWRIGHT_CORE=%s\n' "${playwright_core}"
printf 'TENSORLS_CHROMIUM=%s\n' "${CHROMIUM}"
