#!/usr/bin/env bash
# Build, once, the Python environment in which tensorls runs rewritten PyTorch scripts under real
# Horovod (horovod.torch).
#
# Contract:
#   * The environment lives OUTSIDE the repository, in
#     ${TENSORLS_CACHE_DIR:-$HOME/.cache/tensorls}/horovod-0.28.1-torch2.0.1
#     (Python 3.11 virtualenv; torch 2.0.1 and numpy < 2 from PyPI; Horovod 0.28.1 built from
#     source with PyTorch and Gloo, without MPI, TensorFlow and MXNet). It is separate from the
#     TensorFlow one built by scripts/horovod-env.sh.
#   * Why torch 2.0.1: Horovod 0.28.1 compiles its PyTorch ops as C++14, and torch >= 2.1's
#     headers need C++17 (Horovod's fix, "compile using C++17 when using PyTorch 2.1", came after
#     0.28.1). torch 2.0.1 is the newest release whose headers build as C++14 and that has cp311
#     wheels on PyPI. PyPI's Linux wheel of torch 2.0.1 is the CUDA 11.7 build: it pulls the
#     nvidia-*-cu11 packages (~4 GB installed); the tests use its CPU path only. (PyTorch's own
#     CPU wheels live on another index, which this project does not use.)
#   * One documented patch to Horovod's sdist (PATCHED_CHECK below): Horovod compiles its CUDA
#     code whenever torch is a CUDA build and torch finds a CUDA_HOME, which it guesses from
#     nvcc on PATH or /usr/local/cuda even when no CUDA runtime is there; with a CPU-only
#     toolkit or none, CMake then fails ("Could NOT find CUDAToolkit"). The patch makes Horovod
#     treat torch as a CPU build, so it builds its CPU (Gloo) operations only.
#   * An existing environment is reused only when its completion marker matches this build's
#     specification AND it passes the check (horovod.torch imports, initialises and allreduces;
#     `horovodrun --check-build` lists PyTorch and Gloo). Otherwise it is deleted and rebuilt, so
#     a half-built environment never counts as built.
#   * Non-interactive (no stdin is read; apt and pip run in non-interactive modes). Missing system
#     packages (C/C++ compiler, make, Python 3.11 with venv and headers) are installed with apt-get
#     when running as root; otherwise the script fails and names what is missing.
#   * Concurrent callers are serialised with a lock file: the second one waits and reuses.
#   * On success: the absolute path of the environment's python executable is the ONLY line
#     written to stdout (horovodrun is next to it, in the same bin/); progress goes to stderr.
#     On failure: exit status non-zero, the reason and the tail of the build log on stderr.
#
# Environment knobs:
#   TENSORLS_CACHE_DIR       cache root (default $HOME/.cache/tensorls)
#   TENSORLS_BUILD_JOBS      parallel compile jobs for Horovod's C++ build (default: number of cores)
set -euo pipefail
exec </dev/null

readonly HOROVOD_VERSION=0.28.1
readonly TORCH_VERSION=2.0.1
readonly PYTHON_VERSION=3.11
readonly BUILD_SPEC="horovod==${HOROVOD_VERSION} torch==${TORCH_VERSION} python${PYTHON_VERSION} gloo torch cpu-patch build-v1"
# Horovod's cmake/Modules/FindPytorch.cmake decides "torch is a CUDA build" with this Python
# expression; the patch replaces it by False.
readonly CUDA_CHECK='True if ((torch.version.cuda is not None) and (CUDA_HOME is not None)) else False'
readonly PATCHED_CHECK='False'


env_label=horovod-torch-env
env_name="horovod-${HOROVOD_VERSION}-torch${TORCH_VERSION}"
# shellcheck source=scripts/cached-env.sh
source "$(dirname "${BASH_SOURCE[0]}")/cached-env.sh"
# shellcheck source=scripts/horovod-build.sh
source "$(dirname "${BASH_SOURCE[0]}")/horovod-build.sh"

# Succeeds when the environment at $env_dir imports Horovod's PyTorch binding, allreduces a
# tensor, and horovodrun reports a build with PyTorch and Gloo.
env_passes_check() {
    [[ -x "${env_dir}/bin/python" && -x "${env_dir}/bin/horovodrun" ]] || return 1
    "${env_dir}/bin/python" - <<'PY' >>"${log_file}" 2>&1 || return 1
import horovod
import horovod.torch as hvd
import torch

assert torch.__version__.startswith("2.0.1"), torch.__version__
hvd.init()
assert hvd.size() == 1 and hvd.rank() == 0, (hvd.size(), hvd.rank())
assert hvd.gloo_built(), "Horovod was built without Gloo"
total = hvd.allreduce(torch.tensor([1.0, 2.0]), op=hvd.Sum)
assert total.tolist() == [1.0, 2.0], total
print("horovod", horovod.__version__, "torch", torch.__version__, "check ok")
PY
    local report
    report="$("${env_dir}/bin/horovodrun" --check-build 2>&1)" || return 1
    printf '%s\n' "${report}" >>"${log_file}"
    grep -Eq '\[X\] PyTorch' <<<"${report}" && grep -Eq '\[X\] Gloo' <<<"${report}"
}

build_env() {
    local started=${SECONDS}
    say "building ${BUILD_SPEC} into ${env_dir} (log: ${log_file}); this takes 20+ minutes"
    rm -rf "${env_dir}"

    # torch 2.0.1 was compiled against NumPy 1.x.
    horovod_venv "torch ${TORCH_VERSION}" "torch==${TORCH_VERSION}" "numpy<2"

    say "fetching and patching the horovod ${HOROVOD_VERSION} sdist (CPU-only PyTorch operations)"
    local source_root="${env_dir}/.horovod-source"
    mkdir -p "${source_root}"
    logged "${pip[@]}" download --no-deps --no-binary :all: --no-build-isolation \
        -d "${source_root}" "horovod==${HOROVOD_VERSION}" ||
        fail "downloading the horovod ${HOROVOD_VERSION} sdist failed"
    logged tar -xzf "${source_root}/horovod-${HOROVOD_VERSION}.tar.gz" -C "${source_root}" ||
        fail "unpacking the horovod ${HOROVOD_VERSION} sdist failed"
    local source_dir="${source_root}/horovod-${HOROVOD_VERSION}"
    local find_pytorch="${source_dir}/cmake/Modules/FindPytorch.cmake"
    grep -qF "${CUDA_CHECK}" "${find_pytorch}" ||
        fail "the CUDA check to patch is not in ${find_pytorch} (did the sdist change?)"
    "${env_dir}/bin/python" - "${find_pytorch}" "${CUDA_CHECK}" "${PATCHED_CHECK}" <<'PY' ||
import sys

path, check, patched = sys.argv[1:]
with open(path, encoding="utf-8") as stream:
    text = stream.read()
with open(path, "w", encoding="utf-8") as stream:
    stream.write(text.replace(check, patched, 1))
PY
        fail "patching ${find_pytorch} failed"
    if grep -qF "${CUDA_CHECK}" "${find_pytorch}"; then
        fail "the CUDA check in ${find_pytorch} is still there after patching"
    fi

    horovod_compile PyTorch "${source_dir}" \
        HOROVOD_WITH_PYTORCH=1 HOROVOD_WITHOUT_TENSORFLOW=1

    rm -rf "${source_root}"

    record_build "${started}"
}

take_cache_lock
reuse_or_build
printf '%s\n' "${env_dir}/bin/python"
