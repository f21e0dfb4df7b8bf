#!/usr/bin/env bash
# Regenerates every raster icon from packaging/icons/bianpai.svg; the results are
# committed, so only a change of the SVG needs this. Needs (Debian package names):
# librsvg2-bin (rsvg-convert) and imagemagick (convert, for the Windows .ico).
#
#   sudo apt-get install librsvg2-bin imagemagick
#   packaging/icons/make-icons.sh
set -euo pipefail
cd "$(dirname "$0")"

sizes=(16 24 32 48 64 128 256 512)
for size in "${sizes[@]}"; do
    mkdir -p "hicolor/${size}x${size}/apps"
    rsvg-convert --width "$size" --height "$size" bianpai.svg -o "hicolor/${size}x${size}/apps/bianpai.png"
done

# Windows: one .ico with the sizes Explorer and the Start menu ask for.
mkdir -p ../windows
convert hicolor/{16x16,24x24,32x32,48x48,64x64,256x256}/apps/bianpai.png ../windows/bianpai.ico
echo "icons written under packaging/icons/hicolor and packaging/windows/bianpai.ico"
