#!/usr/bin/env bash
# Install everything the test suite needs on a fresh machine, then run the whole suite once.
#
# What it installs, all idempotent and reused on later runs:
#   .venv/                      tensorls (editable) with its test extras, Neovim among them
#   $TENSORLS_CACHE_DIR         a separate Python env with tensorflow-cpu 2.12.1 and Horovod 0.28.1
#                               built with Gloo (scripts/horovod-env.sh; ~15 minutes the first time)
#   $TENSORLS_CACHE_DIR         a separate Python env with torch 2.0.1 and Horovod 0.28.1 built with
#                               Gloo, for rewritten PyTorch scripts (scripts/horovod-torch-env.sh;
#                               ~20 minutes the first time)
#   $TENSORLS_CACHE_DIR         a separate Python env with torch 2.13.0 (CPU wheel) and numpy, the
#                               PyTorch oracle (scripts/torch-env.sh; ~3 minutes, ~1 GB)
#   $TENSORLS_CACHE_DIR         Accelerate 1.15.0 and Lightning 2.6.6 over that torch, for the rank
#                               checks' real-bug corpus (scripts/accelerate-env.sh; ~1 minute, 61 MB)
#   $TENSORLS_CACHE_DIR         code-server and playwright-core from npm, and Debian's Chromium, for
#                               the test in a real VS Code (scripts/vscode-env.sh; ~2-3 minutes)
#   $TENSORLS_CACHE_DIR         JupyterLab with jupyterlab-lsp, for the test in a real JupyterLab
#                               (scripts/jupyterlab-env.sh; ~1 minute)
# Non-interactive (CI=true, no stdin). Fails loudly when any part cannot be installed.
set -euo pipefail
cd "$(dirname "$0")/.."

PYTHON=${PYTHON:-python3}
export PIP_DISABLE_PIP_VERSION_CHECK=1 PIP_NO_INPUT=1

step() { printf '\n==> %s\n' "$*"; }

step "Python environment (.venv)"
[ -x .venv/bin/python ] || "$PYTHON" -m venv .venv
.venv/bin/python -m pip install --quiet --upgrade pip
.venv/bin/python -m pip install --quiet -e ".[test]"

step "Node.js (the VS Code client's tests run npm ci themselves)"
if ! command -v npm >/dev/null 2>&1; then
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nodejs npm
fi

step "Horovod environment (tensorflow-cpu 2.12.1 + Horovod 0.28.1 with Gloo)"
TENSORLS_HOROVOD_PYTHON=$(bash scripts/horovod-env.sh) || {
    echo "The Horovod environment could not be built (reason above); its tests cannot run." >&2
    exit 1
}
export TENSORLS_HOROVOD_PYTHON

step "Horovod + PyTorch environment (torch 2.0.1 + Horovod 0.28.1 with Gloo)"
TENSORLS_HOROVOD_TORCH_PYTHON=$(bash scripts/horovod-torch-env.sh) || {
    echo "The Horovod + PyTorch environment could not be built (reason above); its tests cannot run." >&2
    exit 1
}
export TENSORLS_HOROVOD_TORCH_PYTHON

step "PyTorch environment (torch 2.13.0 CPU + numpy)"
TENSORLS_TORCH_PYTHON=$(bash scripts/torch-env.sh) || {
    echo "The PyTorch environment could not be built (reason above); its oracle tests cannot run." >&2
    exit 1
}
export TENSORLS_TORCH_PYTHON

step "Accelerate and Lightning environment (over the PyTorch environment)"
TENSORLS_ACCELERATE_PYTHON=$(bash scripts/accelerate-env.sh) || {
    echo "The Accelerate environment could not be built (reason above); the real-bug corpus cannot run." >&2
    exit 1
}
export TENSORLS_ACCELERATE_PYTHON

step "Real VS Code (code-server + playwright-core + Debian's Chromium)"
vscode_env=$(bash scripts/vscode-env.sh) || {
    echo "The VS Code environment could not be built (reason above); its test cannot run." >&2
    exit 1
}
while IFS='=' read -r name value; do
    export "${name}=${value}"
done <<<"${vscode_env}"

step "Real JupyterLab (jupyterlab + jupyterlab-lsp)"
TENSORLS_JUPYTERLAB_PYTHON=$(bash scripts/jupyterlab-env.sh) || {
    echo "The JupyterLab environment could not be built (reason above); its test cannot run." >&2
    exit 1
}
export TENSORLS_JUPYTERLAB_PYTHON

step "Test suite"
exec .venv/bin/python -m pytest -n 2 --dist loadgroup -q -p no:cacheprovider "$@"
