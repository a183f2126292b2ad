#!/usr/bin/env python3
"""Writes Sources/TerminalUI/Text/CellWidthTables.swift from the Unicode Character Database.

Usage: Scripts/generate-cell-width-tables.py [UCD_DIR]

UCD_DIR holds EastAsianWidth.txt, UnicodeData.txt, PropList.txt and emoji/emoji-data.txt (Debian's `unicode-data`
package installs them under /usr/share/unicode, the default). The version written into the Swift file is read from
the header of EastAsianWidth.txt.
"""

import os
import re
import sys

UCD = sys.argv[1] if len(sys.argv) > 1 else "/usr/share/unicode"
OUT = os.path.join(os.path.dirname(__file__), "..", "Sources", "TerminalUI", "Text", "CellWidthTables.swift")


def merge(ranges):
    merged = []
    for low, high in sorted(ranges):
        if merged and low <= merged[-1][1] + 1:
            merged[-1] = (merged[-1][0], max(high, merged[-1][1]))
        else:
            merged.append((low, high))
    return merged


def property_ranges(path, wanted):
    ranges = []
    with open(path, encoding="utf-8") as handle:
        for line in handle:
            line = line.split("#")[0].strip()
            if not line:
                continue
            fields = [field.strip() for field in line.split(";")]
            if fields[1] not in wanted:
                continue
            low, _, high = fields[0].partition("..")
            ranges.append((int(low, 16), int(high or low, 16)))
    return merge(ranges)


def general_category_ranges(path, categories):
    ranges = []
    first = None
    with open(path, encoding="utf-8") as handle:
        for line in handle:
            fields = line.split(";")
            code, name, category = int(fields[0], 16), fields[1], fields[2]
            if name.endswith("First>"):
                first = code
                continue
            low = first if name.endswith("Last>") else code
            if category in categories:
                ranges.append((low, code))
    return merge(ranges)


def subtract(ranges, removed):
    result = []
    for low, high in ranges:
        pieces = [(low, high)]
        for r_low, r_high in removed:
            next_pieces = []
            for p_low, p_high in pieces:
                if r_high < p_low or r_low > p_high:
                    next_pieces.append((p_low, p_high))
                    continue
                if p_low < r_low:
                    next_pieces.append((p_low, r_low - 1))
                if r_high < p_high:
                    next_pieces.append((r_high + 1, p_high))
            pieces = next_pieces
        result.extend(pieces)
    return merge(result)


def swift_array(name, doc, ranges):
    pairs = [f"0x{low:04X}, 0x{high:04X}," for low, high in ranges]
    lines = []
    line = "   "
    for pair in pairs:
        if len(line) + len(pair) + 1 > 118:
            lines.append(line)
            line = "   "
        line += " " + pair
    lines.append(line)
    body = "\n".join(lines)
    return f"{doc}\nlet {name}: [UInt32] = [\n{body}\n]\n"


def main():
    with open(os.path.join(UCD, "EastAsianWidth.txt"), encoding="utf-8") as handle:
        header = handle.readline()
    version = re.search(r"(\d+\.\d+\.\d+)", header).group(1)

    wide = property_ranges(os.path.join(UCD, "EastAsianWidth.txt"), {"W", "F"})
    pictographic = property_ranges(os.path.join(UCD, "emoji", "emoji-data.txt"), {"Extended_Pictographic"})
    marks = general_category_ranges(os.path.join(UCD, "UnicodeData.txt"), {"Mn", "Me", "Cf"})
    prepended = property_ranges(os.path.join(UCD, "PropList.txt"), {"Prepended_Concatenation_Mark"})
    # Soft hyphen and the prepended concatenation marks are format characters that terminals draw in a cell.
    zero = subtract(marks, prepended + [(0x00AD, 0x00AD)])
    # Hangul Jamo medial vowels and final consonants join the leading consonant's two cells.
    zero = merge(zero + [(0x1160, 0x11FF), (0xD7B0, 0xD7FF)])

    parts = [
        "// Cell-width tables for `CellWidth`, from the Unicode Character Database, version " + version + ".",
        "// Written by Scripts/generate-cell-width-tables.py; edit the script, not this file.",
        "// Each table is a sorted list of inclusive code point ranges, flattened as [low0, high0, low1, high1, ...].",
        "",
        swift_array(
            "wideRanges",
            "/// East_Asian_Width W (wide) and F (fullwidth), from EastAsianWidth.txt (UAX #11): two cells.",
            wide,
        ),
        swift_array(
            "extendedPictographicRanges",
            "/// Extended_Pictographic, from emoji/emoji-data.txt (UTS #51): the bases that join emoji ZWJ sequences.",
            pictographic,
        ),
        swift_array(
            "zeroWidthRanges",
            "/// General_Category Mn, Me and Cf from UnicodeData.txt, less U+00AD and Prepended_Concatenation_Mark\n"
            "/// (PropList.txt), plus the Hangul Jamo medial vowels and final consonants (U+1160..U+11FF,\n"
            "/// U+D7B0..U+D7FF): no cell of their own.",
            zero,
        ),
    ]
    with open(OUT, "w", encoding="utf-8") as handle:
        handle.write("\n".join(parts))


main()
