# emoji-rater — the commands a newcomer guesses.
#   make run    install what is missing, build (release) and start the app
#   make test   install what is missing, lint, then every test (units,
#               screen snapshots, end-to-end in tmux)

SWIFT ?= swift
ARGS ?=
# What the app needs to build and run (CLDR: emoji names in the user's
# language; SQLite: `serve`'s ratings database), and what the tests need on top.
# The tests also ask servers over Foundation's URLSession, which on Linux is
# built on libcurl (the app has its own HTTP client and needs none), and
# start PostgreSQL servers of their own (initdb in a temporary folder, a
# loopback port) for the ratings server's PostgreSQL store.
RUN_PACKAGES := libncurses-dev unicode-cldr-core libsqlite3-dev
TEST_PACKAGES := $(RUN_PACKAGES) tmux libcurl4 libvterm0 postgresql
# Terminal emulators the end-to-end tests also draw the grid in (libvterm,
# the library inside Neovim's and Vim's :terminal, is the Debian package above).
TEST_PYTHON_PACKAGES := pyte==0.8.2 wcwidth==0.7.0
# Only for `make screenshot`: what turns the captured screen into a PNG.
SCREENSHOT_PACKAGES := $(TEST_PACKAGES) aha chromium fonts-noto-color-emoji fonts-dejavu-core python3
TSAN_BUILD := .build-tsan
# Every release build links the Swift runtime and Foundation statically, so
# the binary runs where no Swift is installed (ldd: only the system's
# libraries). Every target below builds with these same flags, so one build
# serves them all: given as -Xswiftc, which `swift package` passes on to the
# build the man page's plugin makes (it has no --static-swift-stdlib).
STATIC := -Xswiftc -static-stdlib
RELEASE := -c release $(STATIC)
# The commit `--version` names, `-dirty` after it when the checkout has
# changes; Package.swift gives it to one C file (the BuildInfo target), so a
# new commit compiles that file again and links. Without git: "unknown".
COMMIT := $(shell git rev-parse --short HEAD 2>/dev/null)
export EMOJI_RATER_COMMIT := $(if $(COMMIT),$(COMMIT)$(shell git diff --quiet HEAD -- 2>/dev/null || echo -dirty))
# Where `make install` puts things: $(DESTDIR)$(PREFIX)/bin and share/…
PREFIX ?= /usr/local
DESTDIR ?=

.PHONY: run build deps deps-test test lint fmt test-tsan test-install deb test-deb bench bench-families bench-scale bench-server screenshot clean emoji-data keywords-data aliases-data man install uninstall

run: deps
	$(SWIFT) build $(RELEASE) --product emoji-rater
	.build/release/emoji-rater $(ARGS)

build: deps
	$(SWIFT) build

deps:
	@scripts/ensure-packages.sh $(RUN_PACKAGES)

deps-test:
	@scripts/ensure-packages.sh $(TEST_PACKAGES)
	@scripts/ensure-python-packages.sh $(TEST_PYTHON_PACKAGES)

# The end-to-end tests in a process of their own: each waits on a real
# binary with its thread blocked, and beside the in-process suites on two
# cores they held Swift's concurrency pool (a thread a core) until those
# went past their time limits. The benchmark's after them, alone: its
# outside observer dates each frame by when its output is read, and
# beside a dozen terminal emulators on two cores the reading thread came
# late and read two frames as one (sync: 21 frames dropped by the app's
# count, 18 seen from outside).
test: deps-test lint
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip EndToEndTests
	$(SWIFT) test --filter EndToEndTests --skip BenchEndToEndTests
	$(SWIFT) test --filter BenchEndToEndTests

# The man page: swift-argument-parser's generate-manual plugin writes it
# from the command line's own description (it builds the release binary
# first, with the flags given here), and the FILES and ENVIRONMENT sections
# are added by hand.
man: deps
	$(SWIFT) package $(STATIC) --disable-sandbox generate-manual
	mkdir -p .build/man
	scripts/man-page.sh .build/plugins/GenerateManual/outputs/emoji-rater/emoji-rater.1 docs/man/sections.mdoc > .build/man/emoji-rater.1

# The binary, its man page, completions for bash, zsh and fish, and the
# licences of what it embeds and links (share/doc/emoji-rater/copyright).
install: man
	scripts/install.sh install "$(DESTDIR)" "$(PREFIX)"

uninstall:
	scripts/install.sh uninstall "$(DESTDIR)" "$(PREFIX)"

# `make install` into a folder of its own lays out exactly its files, the
# man page reads, bash completes an option from the installed script, and
# `make uninstall` leaves nothing.
test-install: deps
	@scripts/ensure-packages.sh man-db groff-base
	scripts/test-install.sh

# The Debian package: the same files under /usr (scripts/install.sh), the
# binary without its debug information, Depends from the libraries it links
# (dpkg-shlibdeps): .build/deb/emoji-rater_VERSION_ARCH.deb.
deb: man
	@scripts/ensure-packages.sh dpkg-dev
	scripts/deb.sh

# The package installed on this machine with dpkg -i (as root): its files,
# --version naming the commit, doctor and the grid in tmux with no Swift on
# PATH, man, bash's completion; dpkg -r leaves none of its files.
test-deb: deb
	@scripts/ensure-packages.sh tmux man-db groff-base
	scripts/test-deb.sh

lint:
	$(SWIFT) format lint --strict --recursive Package.swift Sources Tests

fmt:
	$(SWIFT) format --in-place --recursive Package.swift Sources Tests

# Everything but the end-to-end tests (they drive the uninstrumented binary)
# under Thread Sanitizer, in a build folder of its own.
test-tsan: deps-test
	$(SWIFT) test --sanitize=thread --scratch-path $(TSAN_BUILD) --skip EndToEndTests

# The loading modes side by side on scripted scrolls (under two minutes),
# then typing a search, on the catalog and on a million items, then the
# scrolls people make (bench-families).
bench: deps
	$(SWIFT) build $(RELEASE) --product emoji-rater
	.build/release/emoji-rater bench $(ARGS)
	.build/release/emoji-rater bench --traces search --modes prefetch --small-pool 0 --seconds 4
	.build/release/emoji-rater bench --traces search --modes prefetch --small-pool 0 --seconds 4 --items 1000000
	$(MAKE) --no-print-directory bench-families

# Held keys, wheel flicks, trackpad swipes, page bursts, jumps, reading
# and searches left for the catalog, drawn from $(SEEDS) seeds each, async
# against prefetch and prefetch told the scroll ahead, as median and
# spread (about eight minutes a seed).
SEEDS ?= 5
bench-families: deps
	$(SWIFT) build $(RELEASE) --product emoji-rater
	.build/release/emoji-rater bench --traces held,wheel,trackpad,page-bursts,jumps,reading,search-jumps --modes async,prefetch \
	  --small-pool 0 --seeds $(SEEDS) --told

# The ratings server under wrk: reads and votes at 1, 16, 64 and 256
# connections, on SQLite and on PostgreSQL, beside nginx serving the same
# answer as a static file (scripts/bench-server.py; about five minutes).
BENCH_SERVER_PACKAGES := $(RUN_PACKAGES) wrk nginx-light postgresql python3
bench-server:
	@scripts/ensure-packages.sh $(BENCH_SERVER_PACKAGES)
	$(SWIFT) build $(RELEASE) --product emoji-rater
	scripts/bench-server.py .build/release/emoji-rater

# Per-frame cost at a million items against the benchmark's usual content
# (the catalog repeated to 45,240), steady scroll. Six measured seconds per
# run: over `bench`'s 2.4 s, p99 is the worst frame or two and wanders.
bench-scale: deps
	$(SWIFT) build $(RELEASE) --product emoji-rater
	for items in 45240 1000000; do \
	  .build/release/emoji-rater bench --items $$items --traces steady --modes prefetch --small-pool 0 --seconds 6; \
	done

# The README's pictures from the real app: docs/screenshot-*.png (the grid,
# the voting overlay, sync mode's dropped frames) and docs/bench.svg.
screenshot:
	@scripts/ensure-packages.sh $(SCREENSHOT_PACKAGES)
	$(SWIFT) build $(RELEASE) --product emoji-rater
	scripts/screenshot.sh
	.build/release/emoji-rater bench --plot docs/bench.svg > /dev/null

# Re-embeds CLDR's English emoji keywords (Debian's unicode-cldr-core).
keywords-data:
	@scripts/ensure-packages.sh unicode-cldr-core python3
	python3 scripts/embed-cldr-keywords.py

# Re-embeds the short names chat apps use (PyPI's emoji package) and
# GitHub's tags (gemoji).
aliases-data:
	@scripts/ensure-packages.sh python3 python3-pip git
	rm -rf .build/emoji-package .build/gemoji
	python3 -m pip install --quiet --target .build/emoji-package emoji
	git clone --quiet --depth 1 --branch v4.1.0 https://github.com/github/gemoji .build/gemoji
	python3 scripts/embed-emoji-aliases.py .build/emoji-package .build/gemoji

# Re-embeds Unicode's emoji-test.txt (EMOJI_TEST=path to use another copy).
emoji-data:
	scripts/embed-emoji-data.sh $(EMOJI_TEST)

clean:
	rm -rf .build $(TSAN_BUILD)
