# emoji-rater — the commands a newcomer guesses.
#   make run    install what is missing, build (release) and start the app
#   make test   install what is missing, lint, then every test (units,
#               screen snapshots, end-to-end in tmux)

SWIFT ?= swift
ARGS ?=
# What the app needs to build and run, and what the tests need on top.
RUN_PACKAGES := libncurses-dev
TEST_PACKAGES := $(RUN_PACKAGES) tmux
TSAN_BUILD := .build-tsan

.PHONY: run build deps deps-test test lint fmt test-tsan bench clean emoji-data

run: deps
	$(SWIFT) build -c release --product emoji-rater
	.build/release/emoji-rater $(ARGS)

build: deps
	$(SWIFT) build

deps:
	@scripts/ensure-packages.sh $(RUN_PACKAGES)

deps-test:
	@scripts/ensure-packages.sh $(TEST_PACKAGES)

test: deps-test lint
	$(SWIFT) build --build-tests
	$(SWIFT) test

lint:
	$(SWIFT) format lint --strict --recursive Package.swift Sources Tests

fmt:
	$(SWIFT) format --in-place --recursive Package.swift Sources Tests

# Everything but the end-to-end tests (they drive the uninstrumented binary)
# under Thread Sanitizer, in a build folder of its own.
test-tsan: deps-test
	$(SWIFT) test --sanitize=thread --scratch-path $(TSAN_BUILD) --skip EndToEndTests

# The loading modes side by side on scripted scrolls (under two minutes).
bench: deps
	$(SWIFT) build -c release --product emoji-rater
	.build/release/emoji-rater bench $(ARGS)

# Re-embeds Unicode's emoji-test.txt (EMOJI_TEST=path to use another copy).
emoji-data:
	scripts/embed-emoji-data.sh $(EMOJI_TEST)

clean:
	rm -rf .build $(TSAN_BUILD)
