#!/usr/bin/env python3
"""Makes assets/fonts/Phosphor-Bianpai.ttf: the Phosphor icon font (regular weight)
subset to the icons the window uses.

Usage: python3 subset_icons.py Phosphor.ttf Phosphor-Bianpai.ttf
Needs fontTools (pip install fonttools). The code points are read from
src/ui/theme/icons.rs (every '\\u{XXXX}' there), so that file is the one list.
"""
import pathlib
import re
import subprocess
import sys

ICONS_RS = pathlib.Path(__file__).resolve().parents[2] / "src" / "ui" / "theme" / "icons.rs"


def code_points():
    text = ICONS_RS.read_text(encoding="utf-8")
    return sorted(set(re.findall(r"\\u\{([0-9A-Fa-f]{4,6})\}", text)))


def main():
    source, output = sys.argv[1], sys.argv[2]
    unicodes = ",".join("U+" + c.upper() for c in code_points())
    subprocess.run(
        ["pyftsubset", source, "--unicodes=" + unicodes, "--output-file=" + output,
         "--layout-features=", "--name-IDs=*", "--no-hinting"],
        check=True,
    )


if __name__ == "__main__":
    main()
