#!/usr/bin/env python3
"""Makes assets/fonts/NotoSansSC-GBK.ttf from Noto Sans SC Regular.

Usage: python3 subset.py NotoSansSC_400Regular.ttf NotoSansSC-GBK.ttf
Needs fontTools (pip install fonttools). Writes the characters it keeps to a
temporary text file and runs pyftsubset on it; the output is byte-for-byte the same
on every run.
"""
import pathlib
import subprocess
import sys
import tempfile


def characters():
    chars = set()
    chars.update(chr(c) for c in range(0x20, 0x7F))    # ASCII
    chars.update(chr(c) for c in range(0xA0, 0x100))   # Latin-1
    chars.update(chr(c) for c in range(0x2000, 0x2070))  # general punctuation
    chars.update(chr(c) for c in range(0x3000, 0x3040))  # CJK symbols and punctuation
    chars.update(chr(c) for c in range(0xFF00, 0xFFF0))  # half- and full-width forms
    for lead in range(0x81, 0xFF):                       # every GBK character
        for trail in range(0x40, 0xFF):
            try:
                chars.add(bytes([lead, trail]).decode("gbk"))
            except UnicodeDecodeError:
                pass
    chars.update("帥將俥傌炮仕象兵卒帅将车马相士")          # xiangqi pieces, both scripts
    return sorted(c for c in chars if c.isprintable() or c == "\u3000")


def main():
    source, target = map(pathlib.Path, sys.argv[1:3])
    with tempfile.TemporaryDirectory() as tmp:
        text = pathlib.Path(tmp) / "chars.txt"
        text.write_text("".join(characters()), encoding="utf-8")
        run_pyftsubset(source, target, text)


def run_pyftsubset(source, target, text):
    subprocess.run(
        [
            "pyftsubset", str(source),
            f"--text-file={text}",
            f"--output-file={target}",
            "--layout-features=*",
            "--name-IDs=*",
            "--name-languages=*",
            "--no-hinting",
            "--drop-tables+=vhea,vmtx,BASE,STAT",
        ],
        check=True,
    )


if __name__ == "__main__":
    main()
