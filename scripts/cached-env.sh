# Sourced (never run) by the scripts that build an environment once into the cache folder,
# outside the repository: scripts/horovod-env.sh, horovod-torch-env.sh, torch-env.sh and
# vscode-env.sh.
#
# The sourcing script sets, before sourcing:
#   env_label    the prefix of its messages and the name of its lock file (e.g. horovod-env)
#   env_name     the environment's folder name under the cache root (one per pinned build)
#   BUILD_SPEC   what the completion marker must hold for the environment to be reused
# and defines env_passes_check (succeeds when the built environment works) and build_env (builds
# it from nothing, ending with record_build). This file then gives the paths ($cache_root,
# $env_dir, $marker, $log_file), say/fail/logged, take_cache_lock and reuse_or_build.

cache_root="${TENSORLS_CACHE_DIR:-${HOME:?HOME is not set and TENSORLS_CACHE_DIR is not given}/.cache/tensorls}"
env_dir="${cache_root}/${env_name}"
marker="${env_dir}/.tensorls-build-complete"
log_file="${cache_root}/${env_name}.build.log"

say() { printf '%s: %s\n' "${env_label}" "$*" >&2; }

fail() {
    say "FAILED: $*"
    if [[ -s "${log_file}" ]]; then
        say "last 60 lines of ${log_file}:"
        tail -n 60 "${log_file}" >&2
    fi
    exit 1
}

# Run a command with its output appended to the build log.
logged() {
    printf '\n$ %s\n' "$*" >>"${log_file}"
    "$@" >>"${log_file}" 2>&1
}

# Serialise concurrent callers (the second one waits, then reuses) and start a fresh build log.
take_cache_lock() {
    mkdir -p "${cache_root}" || fail "cannot create the cache folder ${cache_root}"
    exec 9>"${cache_root}/.${env_label}.lock"
    command -v flock >/dev/null || fail "flock (util-linux) is required"
    flock 9
    : >"${log_file}"
}

# Reuse the environment only when its marker matches BUILD_SPEC and it passes the check; else
# build it anew (a half-built environment never counts as built).
reuse_or_build() {
    if [[ -f "${marker}" && "$(cat "${marker}")" == "${BUILD_SPEC}" ]] && env_passes_check; then
        say "reusing ${env_dir}"
    else
        build_env
    fi
}

# The last step of build_env: check the fresh environment, then mark it complete.
# $1 is the value of $SECONDS when the build started.
record_build() {
    env_passes_check || fail "the freshly built environment does not pass the check"
    printf '%s\n' "${BUILD_SPEC}" >"${marker}"
    say "built in $((SECONDS - $1)) s; size $(du -sh "${env_dir}" | cut -f1)"
}
