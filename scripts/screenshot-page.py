"""Wraps aha's HTML of a terminal screen in a page that lays it out as the
terminal did: a monospace grid of 10 x 20 px cells, every character in as
many cells as tmux gave it (the C library's wcwidth, as tmux asks; a flag
two), so a font whose emoji are narrower or wider cannot shift a row."""
import ctypes
import html
import locale
import re
import sys

locale.setlocale(locale.LC_CTYPE, "C.UTF-8")
LIBC = ctypes.CDLL("libc.so.6")
LIBC.wcwidth.argtypes = [ctypes.c_wchar]

JOINERS = {0x200D, 0xFE0F, 0xFE0E, 0x20E3}


def is_extender(code):
    return code in JOINERS or 0x1F3FB <= code <= 0x1F3FF or 0xE0020 <= code <= 0xE007F


def is_regional(char):
    return 0x1F1E6 <= ord(char) <= 0x1F1FF


def is_wide(char):
    return LIBC.wcwidth(char) == 2


def wrap_text(text):
    """Puts each character that is not ASCII, with the code points joined
    to it, in a span exactly as many cells wide as tmux gave it."""
    out, i = [], 0
    chars = html.unescape(text)
    while i < len(chars):
        char = chars[i]
        i += 1
        if ord(char) < 0x80:
            out.append(html.escape(char))
            continue
        cluster = char
        # A flag is a pair of regional indicators; anything joined follows.
        if is_regional(char) and i < len(chars) and is_regional(chars[i]):
            cluster += chars[i]
            i += 1
        while i < len(chars) and (is_extender(ord(chars[i])) or ord(cluster[-1]) == 0x200D):
            cluster += chars[i]
            i += 1
        wide = is_wide(cluster[0]) or (is_regional(cluster[0]) and len(cluster) > 1)
        out.append('<span class="%s">%s</span>' % ("w" if wide else "n", html.escape(cluster)))
    return "".join(out)


def main():
    body = open(sys.argv[1], encoding="utf-8").read()
    # Only text between tags is touched; aha's colour spans stay as they are.
    pieces = re.split(r"(<[^>]+>)", body)
    body = "".join(p if p.startswith("<") else wrap_text(p) for p in pieces)
    print("""<!DOCTYPE html>
<html><head><meta charset="utf-8"><style>
body { margin: 0; padding: 12px; background: #000; }
pre { margin: 0; font-family: "DejaVu Sans Mono", "Noto Color Emoji", monospace; font-size: 16.6px;
      line-height: 20px; color: #ddd; letter-spacing: 0; }
pre span.w { display: inline-block; width: 20px; text-align: center; overflow: hidden;
             vertical-align: top; height: 20px; font-family: "Noto Color Emoji", "DejaVu Sans Mono"; font-size: 16px; }
pre span.n { display: inline-block; width: 10px; overflow: visible; vertical-align: top; height: 20px; white-space: nowrap; }
</style></head><body><pre>%s</pre></body></html>""" % body)


main()
