#!/usr/bin/env bash
# Build, once, the Python environment in which the rank checks' real-bug corpus runs Hugging Face
# Accelerate and Lightning Fabric scripts on two CPU processes (torchrun, Gloo).
#
# Contract:
#   * The environment lives OUTSIDE the repository, in
#     ${TENSORLS_CACHE_DIR:-$HOME/.cache/tensorls}/accelerate-1.15.0-lightning-2.6.6-torch-2.13.0-cpu:
#     a virtualenv of the Python running this script whose torch is the PyTorch environment's
#     (scripts/torch-env.sh, built first when missing), reached through a .pth file, so no second
#     torch is installed. Accelerate, Lightning and the packages they import are pinned and
#     installed without dependency resolution (pip would otherwise replace torch).
#   * Reused only when its completion marker matches this build's specification AND it passes the
#     check (accelerate and lightning.fabric import with the PyTorch environment's torch).
#   * On success: the absolute path of the environment's python is the ONLY line on stdout.
set -euo pipefail
exec </dev/null

readonly PINNED=(
    accelerate==1.15.0 lightning==2.6.6 lightning-utilities==0.15.3 torchmetrics==1.9.0
    safetensors==0.8.0 huggingface_hub==2.4.0 psutil==7.2.2 PyYAML==6.0.3 packaging==26.2
    tqdm==4.70.1
)
readonly BUILD_SPEC="${PINNED[*]} over torch==2.13.0+cpu build-v1"

env_label=accelerate-env
env_name="accelerate-1.15.0-lightning-2.6.6-torch-2.13.0-cpu"
torch_python="$(bash "$(dirname "${BASH_SOURCE[0]}")/torch-env.sh")"
# shellcheck source=scripts/cached-env.sh
source "$(dirname "${BASH_SOURCE[0]}")/cached-env.sh"

env_passes_check() {
    [[ -x "${env_dir}/bin/python" ]] || return 1
    "${env_dir}/bin/python" - <<'PY' >>"${log_file}" 2>&1 || return 1
import accelerate
import torch
from lightning.fabric import Fabric

assert torch.__version__.startswith("2.13.0"), torch.__version__
assert accelerate.__version__ == "1.15.0", accelerate.__version__
print("accelerate", accelerate.__version__, "torch", torch.__version__, Fabric.__name__, "check ok")
PY
}

build_env() {
    local started=${SECONDS}
    say "building ${BUILD_SPEC} into ${env_dir} (log: ${log_file})"
    rm -rf "${env_dir}"
    logged python3 -m venv "${env_dir}" || fail "could not create the virtualenv"
    local torch_site own_site
    torch_site="$("${torch_python}" -c 'import site; print(site.getsitepackages()[0])')"
    own_site="$("${env_dir}/bin/python" -c 'import site; print(site.getsitepackages()[0])')"
    printf '%s\n' "${torch_site}" >"${own_site}/tensorls-torch-env.pth"
    logged "${env_dir}/bin/python" -m pip --disable-pip-version-check --no-input install \
        --no-deps "${PINNED[@]}" || fail "installing ${PINNED[*]} failed"
    record_build "${started}"
}

take_cache_lock
reuse_or_build
printf '%s\n' "${env_dir}/bin/python"
