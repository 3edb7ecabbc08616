#!/usr/bin/env bash
# Build, once, the Python environment in which tensorls runs rewritten scripts under real Horovod.
#
# Contract:
#   * The environment lives OUTSIDE the repository, in
#     ${TENSORLS_CACHE_DIR:-$HOME/.cache/tensorls}/horovod-0.28.1-tf2.12.1
#     (Python 3.11 virtualenv; tensorflow-cpu 2.12.1; Horovod 0.28.1 built from source with
#     TensorFlow and Gloo, without MPI, PyTorch and MXNet).
#   * An existing environment is reused only when its completion marker matches this build's
#     specification AND it passes the check (horovod.tensorflow imports and initialises;
#     `horovodrun --check-build` lists TensorFlow and Gloo). Otherwise it is deleted and rebuilt,
#     so a half-built environment never counts as built.
#   * Non-interactive (no stdin is read; apt and pip run in non-interactive modes). Missing system
#     packages (C/C++ compiler, make, Python 3.11 with venv and headers) are installed with apt-get
#     when running as root; otherwise the script fails and names what is missing.
#   * Concurrent callers are serialised with a lock file: the second one waits and reuses.
#   * On success: the absolute path of the environment's python executable is the ONLY line
#     written to stdout (horovodrun is next to it, in the same bin/); progress goes to stderr. On failure: exit status non-zero, the reason and the tail of the build log on stderr.
#
# Environment knobs:
#   TENSORLS_CACHE_DIR       cache root (default $HOME/.cache/tensorls)
#   TENSORLS_BUILD_JOBS      parallel compile jobs for Horovod's C++ build (default: number of cores)
set -euo pipefail
exec </dev/null

readonly HOROVOD_VERSION=0.28.1
readonly TENSORFLOW_VERSION=2.12.1
readonly PYTHON_VERSION=3.11
readonly BUILD_SPEC="horovod==${HOROVOD_VERSION} tensorflow-cpu==${TENSORFLOW_VERSION} python${PYTHON_VERSION} gloo tf build-v1"

env_label=horovod-env
env_name="horovod-${HOROVOD_VERSION}-tf${TENSORFLOW_VERSION}"
# shellcheck source=scripts/cached-env.sh
source "$(dirname "${BASH_SOURCE[0]}")/cached-env.sh"
# shellcheck source=scripts/horovod-build.sh
source "$(dirname "${BASH_SOURCE[0]}")/horovod-build.sh"

# Succeeds when the environment at $env_dir imports Horovod's TensorFlow binding and horovodrun
# reports a build with TensorFlow and Gloo.
env_passes_check() {
    [[ -x "${env_dir}/bin/python" && -x "${env_dir}/bin/horovodrun" ]] || return 1
    TF_CPP_MIN_LOG_LEVEL=2 "${env_dir}/bin/python" - <<'PY' >>"${log_file}" 2>&1 || return 1
import horovod
import horovod.tensorflow as hvd
import tensorflow as tf

hvd.init()
assert hvd.size() == 1 and hvd.rank() == 0, (hvd.size(), hvd.rank())
assert hvd.gloo_built(), "Horovod was built without Gloo"
total = hvd.allreduce(tf.constant([1.0, 2.0]), op=hvd.Sum)
assert total.numpy().tolist() == [1.0, 2.0], total
print("horovod", horovod.__version__, "tensorflow", tf.__version__, "check ok")
PY
    local report
    report="$(TF_CPP_MIN_LOG_LEVEL=2 "${env_dir}/bin/horovodrun" --check-build 2>&1)" || return 1
    printf '%s\n' "${report}" >>"${log_file}"
    grep -Eq '\[X\] TensorFlow' <<<"${report}" && grep -Eq '\[X\] Gloo' <<<"${report}"
}

build_env() {
    local started=${SECONDS}
    say "building ${BUILD_SPEC} into ${env_dir} (log: ${log_file}); this takes 10+ minutes"
    rm -rf "${env_dir}"

    horovod_venv "tensorflow-cpu ${TENSORFLOW_VERSION}" "tensorflow-cpu==${TENSORFLOW_VERSION}"
    horovod_compile TensorFlow "horovod==${HOROVOD_VERSION}" \
        HOROVOD_WITH_TENSORFLOW=1 HOROVOD_WITHOUT_PYTORCH=1

    record_build "${started}"
}

take_cache_lock
reuse_or_build
printf '%s\n' "${env_dir}/bin/python"
