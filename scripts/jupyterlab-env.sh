#!/usr/bin/env bash
# Build, once, the Python environment in which the JupyterLab test runs a real JupyterLab with
# jupyterlab-lsp (the notebook front end most notebook users have, and the extension that connects
# it to language servers).
#
# Contract:
#   * The environment lives OUTSIDE the repository, in
#     ${TENSORLS_CACHE_DIR:-$HOME/.cache/tensorls}/jupyterlab-<version>-lsp-<version>
#     (a virtualenv of the Python running this script: jupyterlab, jupyterlab-lsp, ipykernel).
#     tensorls itself is not installed there: the test registers the checkout's server through
#     a jupyter-lsp configuration made from tensorls.jupyter_spec.spec().
#   * An existing environment is reused only when its completion marker matches this build's
#     specification AND it passes the check (JupyterLab reports its version and jupyter-lsp
#     imports). Otherwise it is deleted and rebuilt, so a half-built environment never counts as
#     built.
#   * Non-interactive (no stdin is read; pip runs with --no-input).
#   * Concurrent callers are serialised with a lock file: the second one waits and reuses.
#   * On success: the absolute path of the environment's python executable is the ONLY line
#     written to stdout; progress goes to stderr. On failure: exit status non-zero, the reason
#     and the tail of the build log on stderr.
#
# Environment knobs:
#   TENSORLS_CACHE_DIR       cache root (default $HOME/.cache/tensorls)
set -euo pipefail
exec </dev/null

readonly JUPYTERLAB_VERSION=4.4.10
readonly JUPYTERLAB_LSP_VERSION=5.3.0
readonly IPYKERNEL_VERSION=7.4.0
readonly BUILD_SPEC="jupyterlab==${JUPYTERLAB_VERSION} jupyterlab-lsp==${JUPYTERLAB_LSP_VERSION} ipykernel==${IPYKERNEL_VERSION} build-v1"

env_label=jupyterlab-env
env_name="jupyterlab-${JUPYTERLAB_VERSION}-lsp-${JUPYTERLAB_LSP_VERSION}"
# shellcheck source=scripts/cached-env.sh
source "$(dirname "${BASH_SOURCE[0]}")/cached-env.sh"

# Succeeds when the environment at $env_dir runs JupyterLab at the pinned version and imports
# jupyter-lsp's server extension.
env_passes_check() {
    [[ -x "${env_dir}/bin/python" && -x "${env_dir}/bin/jupyter" ]] || return 1
    [[ "$("${env_dir}/bin/jupyter" lab --version 2>>"${log_file}")" == "${JUPYTERLAB_VERSION}" ]] || return 1
    "${env_dir}/bin/python" -c "import jupyter_lsp, ipykernel; print('check ok')" >>"${log_file}" 2>&1
}

build_env() {
    local started=${SECONDS}
    say "building ${BUILD_SPEC} into ${env_dir} (log: ${log_file})"
    rm -rf "${env_dir}"
    logged python3 -m venv "${env_dir}" || fail "could not create the virtualenv"
    logged "${env_dir}/bin/python" -m pip --disable-pip-version-check --no-input install \
        "jupyterlab==${JUPYTERLAB_VERSION}" "jupyterlab-lsp==${JUPYTERLAB_LSP_VERSION}" \
        "ipykernel==${IPYKERNEL_VERSION}" || fail "installing JupyterLab failed"
    record_build "${started}"
}

take_cache_lock
reuse_or_build
printf '%s\n' "${env_dir}/bin/python"
