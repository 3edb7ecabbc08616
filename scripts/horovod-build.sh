# Sourced (never run), after cached-env.sh, by the scripts that build Horovod from source into a
# cached environment: scripts/horovod-env.sh (TensorFlow) and scripts/horovod-torch-env.sh (PyTorch).
#
# The sourcing script sets PYTHON_VERSION and HOROVOD_VERSION before sourcing. This file gives:
#   horovod_venv WHAT PACKAGE...
#       a new virtualenv at $env_dir on a Python ${PYTHON_VERSION} with C headers (Python, gcc, g++
#       and make installed with apt-get when missing and running as root; otherwise it fails and
#       names them), holding pinned pip, Horovod's build requirements and PACKAGE... (WHAT names
#       them in the progress line); sets the array $pip to run that environment's pip.
#   horovod_compile WHAT SOURCE HOROVOD_WITH_X=1 ...
#       builds and installs Horovod from SOURCE (a requirement or an unpacked sdist folder) with
#       Gloo and the given framework flags, without MPI and MXNet, using every core
#       (TENSORLS_BUILD_JOBS overrides).

apt_install() {
    if [[ "$(id -u)" != 0 ]]; then
        fail "missing system packages ($*) and not running as root to install them with apt-get"
    fi
    command -v apt-get >/dev/null || fail "missing system packages ($*) and apt-get is not available"
    say "installing system packages with apt-get: $*"
    logged env DEBIAN_FRONTEND=noninteractive apt-get update -q ||
        fail "apt-get update failed"
    logged env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "$@" ||
        fail "apt-get install $* failed"
}

# Succeeds when $1 is a Python ${PYTHON_VERSION} interpreter with venv and C headers.
base_python_ok() {
    "$1" - <<PY >/dev/null 2>&1
import os, sys, sysconfig, venv, ensurepip
assert sys.version_info[:2] == tuple(int(p) for p in "${PYTHON_VERSION}".split("."))
assert os.path.exists(os.path.join(sysconfig.get_paths()["include"], "Python.h"))
PY
}

# Prints the path of a Python ${PYTHON_VERSION} interpreter that has venv and C headers.
find_base_python() {
    local candidate resolved
    for candidate in "python${PYTHON_VERSION}" "/usr/bin/python${PYTHON_VERSION}"; do
        resolved="$(command -v "${candidate}" 2>/dev/null)" || continue
        resolved="$("${resolved}" -c 'import sys; print(sys.executable)' 2>/dev/null)" || continue
        if base_python_ok "${resolved}"; then
            printf '%s\n' "${resolved}"
            return 0
        fi
    done
    return 1
}

horovod_venv() {
    local what=$1
    shift
    local missing=()
    command -v gcc >/dev/null || missing+=(gcc)
    command -v g++ >/dev/null || missing+=(g++)
    command -v make >/dev/null || missing+=(make)
    if ((${#missing[@]})); then
        apt_install "${missing[@]}"
    fi

    local base_python
    if ! base_python="$(find_base_python)"; then
        apt_install "python${PYTHON_VERSION}" "python${PYTHON_VERSION}-venv" "python${PYTHON_VERSION}-dev"
        base_python="$(find_base_python)" ||
            fail "no Python ${PYTHON_VERSION} with venv and headers (Python.h) after installing it"
    fi
    say "base interpreter: ${base_python}"

    logged "${base_python}" -m venv "${env_dir}" || fail "could not create the virtualenv"
    pip=("${env_dir}/bin/python" -m pip --disable-pip-version-check --no-input)
    say "installing build tools and ${what}"
    logged "${pip[@]}" install "pip==24.0" ||
        fail "installing pip 24.0 into the virtualenv failed (is the package index reachable?)"
    # Horovod 0.28.1 is a setup.py sdist: it builds with --no-build-isolation, so its build
    # requirements (setuptools, wheel, cmake, and the packages setup.py lists as setup_requires)
    # must already be in the environment, or setuptools would try to fetch them itself.
    logged "${pip[@]}" install \
        "setuptools==69.5.1" "wheel==0.43.0" "cmake<4" "$@" \
        cloudpickle psutil pyyaml packaging ||
        fail "installing ${what} and the build tools failed"
}

horovod_compile() {
    local what=$1 source=$2
    shift 2
    say "compiling horovod ${HOROVOD_VERSION} (${what} + Gloo)"
    logged env \
        PATH="${env_dir}/bin:${PATH}" \
        MAKEFLAGS="-j${TENSORLS_BUILD_JOBS:-$(nproc)}" \
        HOROVOD_WITH_GLOO=1 HOROVOD_WITHOUT_MPI=1 HOROVOD_WITHOUT_MXNET=1 "$@" \
        CMAKE_POLICY_VERSION_MINIMUM=3.5 \
        "${pip[@]}" install --no-cache-dir --no-build-isolation "${source}" ||
        fail "building horovod ${HOROVOD_VERSION} failed"
}
