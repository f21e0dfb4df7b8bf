#!/usr/bin/env bash
# Builds Bianpai's Debian package from [package.metadata.deb] in Cargo.toml.
#
#   packaging/build-deb.sh
#       The release package: cargo-deb builds the release binary (LTO, a while on two
#       cores) and writes target/debian/bianpai_VERSION-1_ARCH.deb.
#       Needs cargo-deb once: cargo install cargo-deb --locked
#
#   packaging/build-deb.sh --binary target/debug/bianpai [--out DIR]
#       The same files around a binary that is already built (CI packages its debug
#       build this way), assembled with dpkg-deb alone, uncompressed, into DIR
#       (default target/debian-check). For checking the package, not for shipping:
#       its Depends has libc6 and libgcc-s1 where cargo-deb would compute versions.
#
# Both read the same asset list, so what CI checks is what the release ships.
set -euo pipefail
cd "$(dirname "$0")/.."

binary=""
out="target/debian-check"
while [[ $# -gt 0 ]]; do
    case "$1" in
        --binary) binary="$2"; shift 2 ;;
        --out) out="$2"; shift 2 ;;
        -h | --help) sed -n '2,15p' "$0"; exit 0 ;;
        *) echo "build-deb.sh: unknown argument '$1' (see --help)" >&2; exit 2 ;;
    esac
done

if [[ -z "$binary" ]]; then
    if ! cargo deb --version >/dev/null 2>&1; then
        echo "build-deb.sh: cargo-deb is missing; install it with: cargo install cargo-deb --locked" >&2
        exit 1
    fi
    exec cargo deb --locked
fi

[[ -x "$binary" ]] || { echo "build-deb.sh: $binary is not an executable file" >&2; exit 2; }

# The value of `key = "value"` in one [section] of Cargo.toml.
toml_value() {
    awk -v section="[$1]" -v key="$2" '
        /^\[/ { inside = ($0 == section); next }
        inside && index($0, key " = \"") == 1 {
            value = substr($0, length(key) + 5)
            sub(/".*$/, "", value)
            print value
            exit
        }' Cargo.toml
}

# The assets of [package.metadata.deb], one "source<TAB>destination<TAB>mode" a line.
deb_assets() {
    awk '
        /^\[/ { inside = ($0 == "[package.metadata.deb]"); next }
        inside && /^ *\["/ {
            n = split($0, parts, "\"")
            if (n >= 7) print parts[2] "\t" parts[4] "\t" parts[6]
        }' Cargo.toml
}

name=$(toml_value package name)
version=$(toml_value package version)
description=$(toml_value package description)
maintainer=$(toml_value package.metadata.deb maintainer)
section=$(toml_value package.metadata.deb section)
priority=$(toml_value package.metadata.deb priority)
depends=$(toml_value package.metadata.deb depends)
recommends=$(toml_value package.metadata.deb recommends)
depends=${depends/\$auto/libc6, libgcc-s1}
arch=$(dpkg --print-architecture)

root=$(mktemp -d)
chmod 755 "$root"
trap 'rm -rf "$root"' EXIT
count=0
while IFS=$'\t' read -r source dest mode; do
    [[ "$source" == "target/release/$name" ]] && source="$binary"
    [[ "$dest" == */ ]] && dest="$dest$(basename "$source")"
    install -D -m "$mode" "$source" "$root/$dest"
    count=$((count + 1))
done < <(deb_assets)
[[ $count -gt 0 ]] || { echo "build-deb.sh: no assets found in [package.metadata.deb]" >&2; exit 1; }

mkdir -p "$root/DEBIAN"
cat > "$root/DEBIAN/control" <<EOF
Package: $name
Version: $version-1
Architecture: $arch
Maintainer: $maintainer
Installed-Size: $(du -sk --exclude=DEBIAN "$root" | cut -f1)
Depends: $depends
Recommends: $recommends
Section: $section
Priority: $priority
Description: $description
EOF

mkdir -p "$out"
deb="$out/${name}_${version}-1_${arch}.deb"
dpkg-deb --root-owner-group -Znone --build "$root" "$deb" >/dev/null
echo "$deb"
