#!/usr/bin/env python3
"""Renders a `nosqlint patterns --format=html` page with headless Chromium and
checks that the picture shows the tables.

    render_html.py CHROMIUM REPORT.html WORKDIR

1. --dump-dom (after the page's scripts ran): the graph's SVG holds one
   object node per table, view and index of the report embedded in the page,
   and a node for every table id.
2. --screenshot: the PNG is not blank, and the table boxes' fill colour
   (#1f6feb) covers a good number of pixels.

Exit 0 on success, 1 on a failed check, 77 (CTest's SKIP_RETURN_CODE) when
CHROMIUM is empty or missing.
"""
import html
import json
import os
import re
import shutil
import struct
import subprocess
import sys
import zlib

SKIP = 77
TABLE_FILL = (0x1F, 0x6F, 0xEB)
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
         "--no-first-run", "--disable-background-networking",
         "--disable-component-update", "--disable-sync",
         "--disable-dev-shm-usage", "--hide-scrollbars"]


def fail(msg):
    print("render_html: " + msg)
    sys.exit(1)


def chromium(binary, workdir, name, extra, page):
    profile = os.path.join(workdir, "profile-" + name)
    shutil.rmtree(profile, ignore_errors=True)
    cmd = [binary] + FLAGS + ["--user-data-dir=" + profile] + extra + [page]
    done = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          timeout=120)
    if done.returncode != 0:
        fail("%s exited %d: %s" % (name, done.returncode,
                                   done.stderr.decode(errors="replace")[-2000:]))
    return done.stdout.decode(errors="replace")


def png_pixels(path):
    """The RGB(A) rows of a non-interlaced 8-bit PNG (what Chromium writes)."""
    data = open(path, "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        fail("screenshot is not a PNG")
    pos, idat, header = 8, b"", None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    width, height, depth, colour, _, _, interlace = header
    if depth != 8 or colour not in (2, 6) or interlace:
        fail("unexpected PNG format (depth %d, colour %d)" % (depth, colour))
    bpp = 3 if colour == 2 else 4
    raw = zlib.decompress(idat)
    stride = width * bpp
    rows, prev, i = [], bytearray(stride), 0
    for _ in range(height):
        filt = raw[i]
        line = bytearray(raw[i + 1:i + 1 + stride])
        i += 1 + stride
        for x in range(stride):
            a = line[x - bpp] if x >= bpp else 0
            b = prev[x]
            c = prev[x - bpp] if x >= bpp else 0
            if filt == 1:
                line[x] = (line[x] + a) & 0xFF
            elif filt == 2:
                line[x] = (line[x] + b) & 0xFF
            elif filt == 3:
                line[x] = (line[x] + (a + b) // 2) & 0xFF
            elif filt == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                pred = a if pa <= pb and pa <= pc else b if pb <= pc else c
                line[x] = (line[x] + pred) & 0xFF
        rows.append(bytes(line))
        prev = line
    return width, height, bpp, rows


def main():
    if len(sys.argv) != 4:
        fail("usage: render_html.py CHROMIUM REPORT.html WORKDIR")
    binary, report, workdir = sys.argv[1:]
    if not binary or not shutil.which(binary):
        print("render_html: no chromium: skipped")
        return SKIP
    os.makedirs(workdir, exist_ok=True)
    page = "file://" + os.path.abspath(report)
    text = open(report, encoding="utf-8").read()
    data = re.search(r'<script type="application/json" id="nosqlint-report">'
                     r'(.*?)</script>', text, re.S)
    if not data:
        fail("no embedded report")
    embedded = json.loads(data.group(1))
    ids = [o["id"] for o in embedded["objects"]]
    tables = [o["id"] for o in embedded["objects"] if o["kind"] == "table"]
    if not tables:
        fail("the report has no table")

    dom = chromium(binary, workdir, "dom",
                   ["--virtual-time-budget=5000", "--dump-dom"], page)
    nodes = [html.unescape(m) for m in
             re.findall(r'<g class="object-node" data-id="([^"]*)"', dom)]
    if nodes != ids:
        fail("graph object nodes %r, expected %r" % (nodes[:5], ids[:5]))
    if 'id="pattern-graph"' not in dom:
        fail("no graph in the rendered DOM")

    shot = os.path.join(workdir, "report.png")
    if os.path.exists(shot):
        os.remove(shot)
    chromium(binary, workdir, "screenshot",
             ["--virtual-time-budget=5000", "--window-size=1280,900",
              "--screenshot=" + shot], page)
    if not os.path.exists(shot):
        fail("no screenshot written")
    width, height, bpp, rows = png_pixels(shot)
    colours, table_pixels = set(), 0
    for row in rows:
        for x in range(0, len(row), bpp):
            px = (row[x], row[x + 1], row[x + 2])
            if len(colours) < 64:
                colours.add(px)
            if all(abs(px[k] - TABLE_FILL[k]) <= 6 for k in range(3)):
                table_pixels += 1
    if len(colours) < 8:
        fail("the screenshot is blank (%d colours)" % len(colours))
    # A box is 300 x 22 pixels; the boxes the window shows must be there.
    shown = min(len(ids), (900 - 200) // 30)
    expected = max(1, min(len(tables), shown // 2)) * 300 * 22 // 2
    if table_pixels < expected:
        fail("only %d pixels of the table colour, expected at least %d"
             % (table_pixels, expected))
    print("render_html: %d object nodes, %d table-colour pixels in %dx%d"
          % (len(nodes), table_pixels, width, height))
    return 0


if __name__ == "__main__":
    sys.exit(main())
