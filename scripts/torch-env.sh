#!/usr/bin/env bash
# Build, once, the Python environment in which the PyTorch oracle tests run real PyTorch (CPU).
#
# Contract:
#   * The environment lives OUTSIDE the repository, in
#     ${TENSORLS_CACHE_DIR:-$HOME/.cache/tensorls}/torch-2.13.0-cpu
#     (a virtualenv of the Python running this script, 3.11 expected; torch 2.13.0 and numpy).
#   * Only the CPU build of torch is installed: pip is pointed at the CPU wheels (the local
#     wheel folder named by pip's find-links, or PyTorch's CPU index), and the build fails if
#     the installed torch reports CUDA or pulled an nvidia-* package (PyPI's plain `torch` wheel
#     for Linux brings several GB of CUDA libraries).
#   * An existing environment is reused only when its completion marker matches this build's
#     specification AND it passes the check (torch imports, computes on CPU, is a CPU build, and
#     converts to and from NumPy). Otherwise it is deleted and rebuilt, so a half-built
#     environment never counts as built.
#   * Non-interactive (no stdin is read; pip runs with --no-input).
#   * Concurrent callers are serialised with a lock file: the second one waits and reuses.
#   * On success: the absolute path of the environment's python executable is the ONLY line
#     written to stdout; progress goes to stderr. On failure: exit status non-zero, the reason
#     and the tail of the build log on stderr.
#
# Environment knobs:
#   TENSORLS_CACHE_DIR       cache root (default $HOME/.cache/tensorls)
#   TENSORLS_TORCH_INDEX     the index of PyTorch's CPU wheels used when no local wheel is found
#                            (default https://download.pytorch.org/whl/cpu)
set -euo pipefail
exec </dev/null

readonly TORCH_VERSION=2.13.0
readonly BUILD_SPEC="torch==${TORCH_VERSION}+cpu numpy build-v1"
readonly CPU_INDEX="${TENSORLS_TORCH_INDEX:-https://download.pytorch.org/whl/cpu}"

env_label=torch-env
env_name="torch-${TORCH_VERSION}-cpu"
# shellcheck source=scripts/cached-env.sh
source "$(dirname "${BASH_SOURCE[0]}")/cached-env.sh"

# Succeeds when the environment at $env_dir imports torch, computes on the CPU, is a CPU build
# without nvidia packages, and converts tensors to and from NumPy.
env_passes_check() {
    [[ -x "${env_dir}/bin/python" ]] || return 1
    "${env_dir}/bin/python" - <<'PY' >>"${log_file}" 2>&1 || return 1
import importlib.metadata

import numpy as np
import torch

assert torch.__version__.startswith("2.13.0"), torch.__version__
assert torch.version.cuda is None, f"a CUDA build: {torch.version.cuda}"
nvidia = [d.metadata["Name"] for d in importlib.metadata.distributions()
          if (d.metadata["Name"] or "").startswith("nvidia")]
assert not nvidia, f"nvidia packages installed: {nvidia}"
product = torch.ones(2, 3) @ torch.from_numpy(np.ones((3, 4), dtype=np.float32))
assert product.shape == (2, 4) and product.numpy().sum() == 24.0, product
print("torch", torch.__version__, "numpy", np.__version__, "check ok")
PY
}

build_env() {
    local started=${SECONDS}
    say "building ${BUILD_SPEC} into ${env_dir} (log: ${log_file})"
    rm -rf "${env_dir}"
    logged python3 -m venv "${env_dir}" || fail "could not create the virtualenv"
    local pip=("${env_dir}/bin/python" -m pip --disable-pip-version-check --no-input)
    # The +cpu local version exists only as PyTorch's CPU wheel: pip can never resolve it to the
    # CUDA build, whether it finds the wheel in a local folder (find-links) or on the CPU index.
    logged "${pip[@]}" install --extra-index-url "${CPU_INDEX}" "torch==${TORCH_VERSION}+cpu" numpy ||
        fail "installing torch ${TORCH_VERSION}+cpu failed (no local CPU wheel and ${CPU_INDEX} unreachable?)"
    record_build "${started}"
}

take_cache_lock
reuse_or_build
printf '%s\n' "${env_dir}/bin/python"
