#!/usr/bin/env python3
"""Checks that emoji-rater's grid rows are straight in a terminal emulator
other than tmux: pyte, or libvterm (the library in Neovim's and Vim's
:terminal), run on a pseudo-terminal of this script's own.

    scripts/emulator-grid.py --emulator libvterm --size 100x32 \\
        --binary .build/debug/emoji-rater -- --latency 0 --glyphs auto

The emulator answers the app's start-up width probe as a terminal would, so
this tests what the app makes of the terminal's widths, not of its own
guesses. It visits the first screen, People & Body (Tab) and Flags (End) and
prints one JSON object: per screen, the grid rows off the five-column grid
by the tmux test's rule (GridAlignment.misplaced in
Tests/TestSupport/TmuxColumns.swift), with each column read from the
emulator's own cells. It exits 1 (after the report) if a screen never came.

Needs: apt-get install -y libvterm0   (0.1.4-1, for --emulator libvterm)
       python3 -m pip install pyte==0.8.2 wcwidth==0.7.0
"""
import argparse
import ctypes
import fcntl
import itertools
import json
import os
import pty
import select
import signal
import struct
import subprocess
import sys
import tempfile
import termios
import time

SCREEN_TIMEOUT = 30.0
# A screen is read once the app has written nothing for this long: a frame
# reaches the terminal in several reads, and the first may already match.
QUIET = 0.3
# End as xterm sends it in the application cursor mode that ncurses' keypad
# mode (smkx) sets, and as terminfo's kend names it. The app also takes
# ESC [ F, ESC [ 4 ~ and ESC [ 8 ~ (TerminalScreen.defineKeyVariants).
END_KEY = b"\x1bOF"


def fail(message):
    print(f"emulator-grid: {message}", file=sys.stderr)
    sys.exit(1)


class Pyte:
    def __init__(self, columns, lines, answer):
        try:
            import pyte
        except ImportError:
            fail("pyte is missing: python3 -m pip install pyte==0.8.2 wcwidth==0.7.0")

        class Screen(pyte.Screen):
            # pyte's own answers (CSI 6n, device attributes) come out here.
            def write_process_input(self, data):
                answer(data.encode())

            # pyte 0.8.2 ignores SU and SD (CSI n S, CSI n T), which
            # xterm-256color offers (indn, rin) and ncurses scrolls with (End
            # at 200x60): without them the old rows stay under the new.
            def scroll(self, count=1, *_, up=True, **__):
                top, bottom = self.margins or (0, self.lines - 1)
                y, self.cursor.y = self.cursor.y, bottom if up else top
                for _ in range(count or 1):
                    (self.index if up else self.reverse_index)()
                self.cursor.y = y

            def scroll_down(self, count=1, *_, **__):
                self.scroll(count, up=False)

        class Stream(pyte.ByteStream):
            csi = {**pyte.ByteStream.csi, "S": "scroll", "T": "scroll_down"}

        self.screen = Screen(columns, lines)
        self.stream = Stream(self.screen)

    def feed(self, data):
        self.stream.feed(data)

    def cells(self):
        """Per line, (column, text) of each cell but a wide character's second ("")."""
        s = self.screen
        return [[(x, s.buffer[y][x].data) for x in range(s.columns) if s.buffer[y][x].data]
                for y in range(s.lines)]


class VTermPos(ctypes.Structure):
    _fields_ = [("row", ctypes.c_int), ("col", ctypes.c_int)]


class VTermScreenCell(ctypes.Structure):
    # vterm.h 0.1.4: chars[6] and width, then attributes and colours, which
    # are not read (the spare bytes only leave room for them).
    _fields_ = [("chars", ctypes.c_uint32 * 6), ("width", ctypes.c_char),
                ("rest", ctypes.c_byte * 64)]


OUTPUT_CALLBACK = ctypes.CFUNCTYPE(None, ctypes.c_void_p, ctypes.c_size_t, ctypes.c_void_p)


class Libvterm:
    CONTINUATION = 0xFFFFFFFF  # what libvterm keeps in a wide character's second cell

    def __init__(self, columns, lines, answer):
        try:
            lib = ctypes.CDLL("libvterm.so.0")
        except OSError:
            fail("libvterm.so.0 is missing: apt-get install -y libvterm0")
        p, i, n = ctypes.c_void_p, ctypes.c_int, ctypes.c_size_t
        for name, result, arguments in [
                ("vterm_new", p, [i, i]), ("vterm_set_utf8", None, [p, i]),
                ("vterm_obtain_screen", p, [p]), ("vterm_screen_enable_altscreen", None, [p, i]),
                ("vterm_screen_reset", None, [p, i]), ("vterm_input_write", n, [p, ctypes.c_char_p, n]),
                ("vterm_output_set_callback", None, [p, OUTPUT_CALLBACK, p]),
                ("vterm_screen_get_cell", i, [p, VTermPos, ctypes.POINTER(VTermScreenCell)])]:
            getattr(lib, name).restype = result
            getattr(lib, name).argtypes = arguments
        self.lib, self.columns, self.lines = lib, columns, lines
        self.vt = lib.vterm_new(lines, columns)
        lib.vterm_set_utf8(self.vt, 1)
        self.screen = lib.vterm_obtain_screen(self.vt)
        lib.vterm_screen_enable_altscreen(self.screen, 1)
        lib.vterm_screen_reset(self.screen, 1)
        # Answers go back as libvterm makes them, as Neovim and Vim take them.
        # Read from its output buffer (vterm_output_read) after each write,
        # they would be lost past 64 bytes: 9 of the probe's 22 came back.
        self.on_output = OUTPUT_CALLBACK(lambda s, length, _: answer(ctypes.string_at(s, length)))
        lib.vterm_output_set_callback(self.vt, self.on_output, None)

    def feed(self, data):
        self.lib.vterm_input_write(self.vt, data, len(data))

    def cells(self):
        cell, lines = VTermScreenCell(), []
        for y in range(self.lines):
            line = []
            for x in range(self.columns):
                self.lib.vterm_screen_get_cell(self.screen, VTermPos(y, x), ctypes.byref(cell))
                if cell.chars[0] != self.CONTINUATION:
                    text = "".join(map(chr, itertools.takewhile(bool, cell.chars)))
                    line.append((x, text or " "))
            lines.append(line)
        return lines


EMULATORS = {"pyte": Pyte, "libvterm": Libvterm}


class App:
    """The app on a pseudo-terminal whose other end is the emulator."""

    def __init__(self, binary, arguments, columns, lines, emulator, home):
        environment = {
            "PATH": os.environ.get("PATH", "/usr/bin:/bin"), "TERM": "xterm-256color",
            "LANG": "en_US.UTF-8" if "en_US.utf8" in subprocess.run(
                ["locale", "-a"], capture_output=True, text=True).stdout.split() else "C.UTF-8",
            "HOME": home,
            # Ratings, the last run's mode and the language stay in the temp dir.
            **{name: os.path.join(home, name.lower()) for name in
               ("XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME")},
        }
        self.terminal = emulator(columns, lines, self.send)  # before the app: it may fail
        self.exited = False
        self.pid, self.fd = pty.fork()
        if self.pid == 0:
            try:
                # Set before exec, so the app never sees the pty's default size.
                fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", lines, columns, 0, 0))
                os.execve(binary, [binary, *arguments], environment)
            finally:
                os._exit(127)

    def send(self, data):
        os.write(self.fd, data)

    def pump(self, timeout):
        """Feeds the emulator what the app wrote within timeout; False if nothing came."""
        if self.exited or not select.select([self.fd], [], [], timeout)[0]:
            return False
        try:
            data = os.read(self.fd, 65536)
        except OSError:  # EIO: the app closed its side
            data = b""
        if not data:
            self.exited = True
            return False
        self.terminal.feed(data)
        return True

    def text(self):
        return "\n".join("".join(t for _, t in line).rstrip() for line in self.terminal.cells())

    def wait_for(self, name, ready, timeout):
        """True once the screen is ready and the app has gone quiet; False
        if it is not within timeout (a screen garbled by wrong widths never
        is, and is still worth checking)."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if not self.pump(QUIET) and ready(self.text()):
                return True
            if self.exited:
                fail(f"the app exited before the {name} screen:\n{self.text()}")
        return False

    def quit(self):
        self.send(b"q")
        deadline = time.monotonic() + SCREEN_TIMEOUT
        while time.monotonic() < deadline:
            self.pump(0.1)  # the app must be able to write its last frame
            pid, status = os.waitpid(self.pid, os.WNOHANG)
            if pid:
                return os.waitstatus_to_exitcode(status)
        os.kill(self.pid, signal.SIGKILL)
        os.waitpid(self.pid, 0)
        fail(f"the app did not exit within {SCREEN_TIMEOUT:.0f} s of q")


def settled(text):
    """No spinner (braille, U+2800–U+28FF) left on screen: every load done."""
    return not any("\u2800" <= c <= "\u28ff" for c in text)


def is_emoji(text):
    return not text.isascii() and text not in ("▲", "▼")


def is_regional_indicator(text):
    return len(text) == 1 and "\U0001F1E6" <= text <= "\U0001F1FF"


def check_row(line):
    """The row's origin, and what is first out of place in it (or None)."""
    origin, flag_start, narrow = None, None, None
    for (column, character), (after, _) in zip(line, line[1:] + [(None, "")]):
        # A terminal that does not know flags gives each regional indicator
        # a cell of one column: the pair is still one two-column emoji (one
        # grapheme, as the tmux rule counts), so its second half is no
        # emoji of its own. Two wide halves are four columns, and not merged.
        if is_regional_indicator(character) and flag_start == column - 1:
            flag_start = None
            continue
        flag_start = column if is_regional_indicator(character) else None
        if character == " ":
            continue
        if origin is None and (is_emoji(character) or character[0].isalnum()):
            origin = column
        if origin is None:
            continue
        place = (column - origin) % 5
        allowed = {"[": {4}, "▲": {4}, "▼": {4}, "]": {3}}.get(
            character, {0} if is_emoji(character) else {0, 1, 2})
        if place not in allowed:
            # Where a row goes wrong, the cause is most often the last emoji
            # before it whose width the app and the terminal disagree on.
            problem = f"{character!r} at column {column}, {place} into its cell (origin {origin})"
            if narrow:
                problem += f"; after {narrow[1]!r} at column {narrow[0]}, {narrow[2]} column(s) wide"
            return origin, problem
        if is_emoji(character) and after is not None and after - column != 2 \
                and not (is_regional_indicator(character) and flag_start == column):
            narrow = (column, character, after - column)
    return origin, None


def misaligned(cells):
    """GridAlignment.misplaced on the emulator's cells: a grid cell is five
    columns (`[`, a two-column emoji, a marker or stand-in letters, `]`), so
    every emoji starts a multiple of five columns after the row's origin,
    `[ ▲ ▼` four into a slot, `]` three, anything else at most two."""
    rows = []
    for line in cells[:-2]:  # the status line and the HUD are no grid
        text = "".join(t for _, t in line).rstrip()
        if text.strip() and "──" not in text:  # section headers and blanks neither
            rows.append((text, line))
    problems, origins = [], []
    for text, line in rows:
        origin, problem = check_row(line)
        if problem:
            problems.append({"row": text, "problem": problem})
        if origin is not None:
            origins.append((text, origin))
    # Rows that do not start where most do are off too, even if straight.
    starts = [origin for _, origin in origins]
    if len(set(starts)) > 1:
        common = max(set(starts), key=starts.count)
        flagged = {p["row"] for p in problems}
        problems += [{"row": text, "problem": f"starts at column {origin}, most rows at {common}"}
                     for text, origin in origins if origin != common and text not in flagged]
    return rows, problems


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--emulator", choices=EMULATORS, required=True)
    parser.add_argument("--size", default="100x32", help="COLUMNSxLINES")
    parser.add_argument("--binary", required=True)
    parser.add_argument("--timeout", type=float, default=SCREEN_TIMEOUT,
                        help="seconds to wait for each screen (default: %(default)g)")
    parser.add_argument("arguments", nargs="*", help="the app's arguments, after --")
    options = parser.parse_args()
    try:
        columns, lines = map(int, options.size.split("x"))
    except ValueError:
        parser.error(f"--size {options.size!r} is not COLUMNSxLINES")
    if not os.access(options.binary, os.X_OK):
        fail(f"{options.binary} is not an executable")

    screens = [
        ("first", None, lambda t: "grinning face" in t),
        ("People & Body", b"\t", lambda t: "People & Body ›" in t.split("\n")[-2]),
        ("Flags", END_KEY, lambda t: "Flags ›" in t.split("\n")[-2]),
    ]
    report = {"emulator": options.emulator, "size": options.size,
              "arguments": options.arguments, "screens": []}
    missed = []
    with tempfile.TemporaryDirectory(prefix="emulator-grid-") as home:
        app = App(options.binary, options.arguments, columns, lines,
                  EMULATORS[options.emulator], home)
        try:
            for name, key, ready in screens:
                if key:
                    app.send(key)
                reached = app.wait_for(name, lambda t, ready=ready: ready(t) and settled(t),
                                       options.timeout)
                rows, problems = misaligned(app.terminal.cells())
                report["screens"].append({"name": name, "reached": reached, "grid_rows": len(rows),
                                          "misaligned": problems, "text": app.text()})
                if not reached:
                    missed.append(f"no {name} screen within {options.timeout:g} s; "
                                  f"the screen was:\n{app.text()}")
            status = app.quit()
        except BaseException:
            if not app.exited and os.waitpid(app.pid, os.WNOHANG)[0] == 0:
                os.kill(app.pid, signal.SIGKILL)
                os.waitpid(app.pid, 0)
            raise
    # The report goes out even so: a garbled screen's rows are the evidence.
    json.dump(report, sys.stdout, ensure_ascii=False, indent=1)
    print()
    if missed:
        fail("\n".join(missed))
    if status != 0:
        fail(f"the app exited with status {status}")


if __name__ == "__main__":
    main()
