#!/usr/bin/env bash
# The Debian package end to end (`make package-test`, in CI as root):
# build it (make deb), check it with lintian, install it with dpkg -i, run the
# installed program, its man page and its bash completion, the SSH server's
# systemd unit (verified) and system user, purge it and find
# nothing left behind; and check that `make install` installs the same files.
# Skips (exit 0, saying why) when not root or without dpkg, and when a
# racetable package is installed already (this test would remove it).
# Usage: tests/package/package_test.sh [BUILD_DIR]
set -euo pipefail
source_dir=$(cd "$(dirname "$0")/../.." && pwd)
build_dir=$(realpath "${1:-$source_dir/build}")
cd "$source_dir"

skip() {
    echo "package-test: SKIPPED: $*"
    exit 0
}
fail() {
    echo "package-test: FAILED: $*" >&2
    exit 1
}
[[ $(id -u) == 0 ]] || skip "installing a package needs root (run it as root, as CI does)"
command -v dpkg >/dev/null || skip "no dpkg here (not a Debian system)"
if dpkg-query -W -f='${Status}' racetable 2>/dev/null | grep -q "installed"; then
    skip "a racetable package is installed on this machine already; this test would replace and remove it"
fi

work=$(mktemp -d /tmp/racetable-package-XXXXXX)
installed=false
cleanup() {
    if $installed; then dpkg --purge racetable >/dev/null 2>&1 || true; fi
    rm -rf "$work"
}
trap cleanup EXIT
started=$SECONDS
step() { echo "package-test: $* ($((SECONDS - started)) s)"; }

# --- build the package -------------------------------------------------
step "make deb"
rm -f "$build_dir"/racetable_*.deb
make --no-print-directory deb BUILD_DIR="$build_dir" >"$work/deb.log" 2>&1 || { cat "$work/deb.log"; fail "make deb"; }
debs=("$build_dir"/racetable_*.deb)
[[ ${#debs[@]} == 1 && -f ${debs[0]} ]] || fail "make deb made no single racetable_*.deb in $build_dir"
deb=${debs[0]}
dpkg-deb --field "$deb"

depends=$(dpkg-deb --field "$deb" Depends)
for lib in libc6 libstdc++6 libncursesw6 libssh-4; do
    grep -q "\b$lib\b" <<<"$depends" || fail "Depends does not name $lib (dpkg-shlibdeps): $depends"
done
[[ $(dpkg-deb --field "$deb" Section) == games ]] || fail "Section is not games"
version=$(dpkg-deb --field "$deb" Version)
changelog_version=$(sed -n '1s/^racetable (\([^)]*\)).*/\1/p' packaging/changelog)
[[ $version == "$changelog_version" ]] ||
    fail "the package is version $version but packaging/changelog's newest entry is $changelog_version: add an entry"

# Files in the package, without the directories (./usr/bin/racetable -> /usr/bin/racetable).
dpkg-deb --contents "$deb" | awk '$1 !~ /^d/ {print substr($6, 2)}' | sort >"$work/deb.files"
for f in /usr/bin/racetable /usr/libexec/racetable/racetable-shell /usr/share/man/man6/racetable.6.gz /usr/share/bash-completion/completions/racetable \
    /usr/share/doc/racetable/copyright /usr/share/doc/racetable/changelog.gz \
    /usr/share/doc/racetable/README.md /usr/share/doc/racetable/HOSTING.md \
    /usr/lib/systemd/system/racetable-ssh.service /usr/lib/sysusers.d/racetable.conf; do
    grep -qxF "$f" "$work/deb.files" || fail "the package has no $f"
done

# --- lintian ---------------------------------------------------------------
step "lintian"
if command -v lintian >/dev/null; then
    lintian --fail-on error --display-level ">=warning" "$deb" | tee "$work/lintian.log" ||
        fail "lintian reports errors (above)"
else
    fail "lintian is not installed (make package-test installs it: make deps-package)"
fi

# --- make install to a temporary prefix installs the same files ------------
step "make install DESTDIR=$work/root PREFIX=/usr"
make --no-print-directory install BUILD_DIR="$build_dir" PREFIX=/usr DESTDIR="$work/root" \
    >"$work/install.log" 2>&1 || { cat "$work/install.log"; fail "make install"; }
(cd "$work/root" && find . ! -type d | sed 's/^\.//' | sort) >"$work/install.files"
diff -u "$work/deb.files" "$work/install.files" ||
    fail "make install (+) installs other files than the package (-)"
mkdir "$work/unpacked"
dpkg-deb --extract "$deb" "$work/unpacked"
while read -r f; do
    cmp -s "$work/unpacked$f" "$work/root$f" || fail "$f differs between make install and the package"
done <"$work/deb.files"

# --- install it into this machine ------------------------------------------
snapshot() { find /usr /etc /opt /var/lib/dpkg/info -xdev 2>/dev/null | sort; }
snapshot >"$work/before"
step "dpkg -i"
dpkg -i "$deb" >"$work/dpkg.log" 2>&1 || { cat "$work/dpkg.log"; fail "dpkg -i $deb"; }
installed=true
dpkg -L racetable >"$work/owned"

step "racetable list"
out=$(env -i PATH=/usr/bin:/bin racetable list)
[[ $(wc -l <<<"$out") == "$("$build_dir/racetable" list | wc -l)" ]] || fail "racetable list printed: $out"
grep -q "^go-wacky" <<<"$out" || fail "racetable list printed: $out"
env -i PATH=/usr/bin:/bin racetable --version
# Any user can run it (not only root), from anywhere: the data is built in...
if command -v setpriv >/dev/null; then
    (cd / && env -i setpriv --reuid=65534 --regid=65534 --clear-groups /usr/games/racetable list) |
        grep -q "^go-wacky" || fail "user 65534 cannot run /usr/games/racetable list"
fi
# ...and --data still reads a copy instead (the same data: the same game).
embedded=$(cd / && racetable sim go-wacky --seed 3 --players 3)
copied=$(cd / && racetable sim go-wacky --seed 3 --players 3 --data "$source_dir/data")
[[ -n $embedded && $embedded == "$copied" ]] || fail "racetable sim with --data $source_dir/data differs from the built-in data"

step "man -w racetable"
if [[ ! -e /usr/share/man/man6/racetable.6.gz ]]; then
    grep -rs "path-exclude.*man" /etc/dpkg/dpkg.cfg.d/ &&
        fail "dpkg left out the man page: this machine's dpkg config excludes man pages (above)"
    fail "dpkg -i did not install /usr/share/man/man6/racetable.6.gz"
fi
page=$(man -w racetable) || fail "man -w racetable found no page"
[[ $page == /usr/share/man/man6/racetable.6.gz ]] || fail "man -w racetable found $page"
MANWIDTH=80 man racetable 2>"$work/man.err" | grep -q "SHARED TABLES" || fail "man racetable shows no page"
[[ ! -s $work/man.err ]] || { cat "$work/man.err"; fail "man racetable warns"; }

step "bash completion"
result=$(bash --norc --noprofile -c '
    source /usr/share/bash-completion/completions/racetable
    complete -p racetable
    COMP_LINE="racetable sim go-" COMP_POINT=17
    COMPREPLY=()
    _racetable
    printf "offers:%s\n" "${COMPREPLY[@]}"')
echo "$result"
grep -qxF "complete -F _racetable racetable" <<<"$result" || fail "complete -p racetable: $result"
grep -qxF "offers:go-wacky" <<<"$result" || fail "racetable sim go-<TAB> did not offer go-wacky"

# --- the SSH game server as a system service ------------------------------
step "racetable-ssh.service and its system user"
unit=/usr/lib/systemd/system/racetable-ssh.service
grep -qx "ExecStart=/usr/games/racetable serve --ssh 0.0.0.0:2222 --state-dir /var/lib/racetable-ssh" "$unit" ||
    fail "$unit does not run /usr/games/racetable serve --ssh: $(grep ExecStart "$unit")"
for setting in User=racetable NoNewPrivileges=yes ProtectSystem=strict ProtectHome=yes PrivateTmp=yes \
    StateDirectory=racetable-ssh CapabilityBoundingSet= SystemCallFilter=@system-service; do
    grep -qx "$setting" "$unit" || fail "$unit lacks $setting"
done
grep -q "^MemoryMax=" "$unit" || fail "$unit sets no MemoryMax"
if command -v systemd-analyze >/dev/null; then
    systemd-analyze verify "$unit" || fail "systemd-analyze verify $unit (above)"
fi
# Installed, not enabled.
if ls /etc/systemd/system/*.wants/racetable-ssh.service 2>/dev/null; then fail "racetable-ssh.service is enabled"; fi
user=$(getent passwd racetable) || fail "the package made no system user racetable"
IFS=: read -r _ _ uid _ _ home shell <<<"$user"
[[ $uid -lt 1000 && $home == /var/lib/racetable-ssh && $shell == */nologin ]] ||
    fail "racetable is not a system user without a shell, at home in /var/lib/racetable-ssh: $user"
[[ $(stat -c '%U %a' /var/lib/racetable-ssh) == "racetable 700" ]] ||
    fail "/var/lib/racetable-ssh is not racetable's with mode 0700: $(stat -c '%U %a' /var/lib/racetable-ssh)"
# What an operator runs before the first start, as the service's user.
if command -v setpriv >/dev/null; then
    as_service() { (cd / && env -i setpriv --reuid=racetable --regid=racetable --clear-groups "$@"); }
    as_service /usr/games/racetable serve --ssh --state-dir /var/lib/racetable-ssh --fingerprint |
        grep -q "^SHA256:" || fail "the service's user cannot make and print the host key"
    as_service /usr/games/racetable serve --ssh --state-dir /var/lib/racetable-ssh --bans |
        grep -q "no keys are banned" || fail "the service's user cannot list the bans"
fi

# --- remove it: nothing left behind ----------------------------------------
step "dpkg --purge"
dpkg --purge racetable >"$work/purge.log" 2>&1 || { cat "$work/purge.log"; fail "dpkg --purge racetable"; }
installed=false
dpkg-query -W racetable >/dev/null 2>&1 && fail "dpkg still knows racetable after --purge"
[[ ! -e /var/lib/racetable-ssh ]] || fail "--purge left the SSH server's state in /var/lib/racetable-ssh"
snapshot >"$work/after"
if ! diff "$work/before" "$work/after" >"$work/left"; then
    # Only what this package touched counts: another install on a shared
    # machine may change other files meanwhile.
    if grep -E '^[<>]' "$work/left" | cut -c3- | grep -xF -f "$work/owned" >"$work/ours" ||
        grep -E '^[<>]' "$work/left" | grep -q racetable; then
        cat "$work/left"
        fail "the file system differs after install and purge (above)"
    fi
    echo "package-test: note: files changed meanwhile that this package does not own:"
    cat "$work/left"
fi
step "passed"
