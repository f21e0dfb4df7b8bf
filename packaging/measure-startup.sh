#!/usr/bin/env bash
# Measures a built bianpai: file size, `bianpai --version` (hyperfine) and the time
# from launch to the window's first frame under Xvfb (eframe shows the window only
# once its first frame is drawn, so "visible" is "first frame").
#
#   sudo apt-get install hyperfine xvfb xdotool libgl1-mesa-dri
#   packaging/measure-startup.sh target/release/bianpai [RUNS]
#
# With root and a writable /proc/sys/vm/drop_caches each run starts with empty page
# caches (a cold start); otherwise, or with WARM=1, the figures are warm starts, and the
# script says which.
set -euo pipefail

binary=$(realpath "${1:?usage: measure-startup.sh BINARY [RUNS]}")
runs=${2:-10}

if [[ -z "${DISPLAY:-}" ]]; then
    exec xvfb-run --auto-servernum --server-args="-screen 0 1280x800x24" "$0" "$@"
fi

cold=false
if [[ "${WARM:-0}" != 1 ]] && sync && echo 3 2>/dev/null >/proc/sys/vm/drop_caches; then cold=true; fi
drop_caches() { if $cold; then sync && echo 3 >/proc/sys/vm/drop_caches; fi; }

echo "binary: $binary"
echo "size: $(stat -c %s "$binary") bytes ($(du -h "$binary" | cut -f1))"
echo "page caches dropped before each run (cold start): $cold"

if $cold; then
    hyperfine --shell=bash --warmup 1 --runs "$runs" --prepare 'sync; echo 3 > /proc/sys/vm/drop_caches' \
        "$binary --version"
else
    hyperfine --shell=none --warmup 3 --runs "$runs" "$binary --version"
fi

# Launch to first frame, on the demo event.
times=()
for _ in $(seq "$runs"); do
    drop_caches
    start=$(date +%s%N)
    "$binary" >/dev/null 2>&1 &
    pid=$!
    xdotool search --sync --onlyvisible --pid "$pid" >/dev/null
    end=$(date +%s%N)
    kill "$pid"
    wait "$pid" 2>/dev/null || true
    # Killed, the window cannot remove its demo event copy (ui::demo_file_path).
    rm -f "${TMPDIR:-/tmp}/bianpai-demo-$pid.bianpai" "${TMPDIR:-/tmp}/bianpai-demo-$pid.bianpai"-*
    times+=($(((end - start) / 1000000)))
done
sorted=$(printf '%s\n' "${times[@]}" | sort -n)
echo "launch to first frame (ms), $runs runs: $(echo "$sorted" | tr '\n' ' ')"
echo "median: $(echo "$sorted" | sed -n "$(((runs + 1) / 2))p") ms"
