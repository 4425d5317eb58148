# The two quick-start commands (README): `make run` and `make test`.
# Everything else here serves them.

BUILD_DIR ?= build
JOBS ?= $(shell nproc)
CMAKE_FLAGS ?=

.PHONY: all deps configure build run test bench clean test-asan fuzz install package

all: build

deps:
	bash tools/install-deps.sh

$(BUILD_DIR)/build.ninja: | deps
	cmake -S . -B $(BUILD_DIR) -G Ninja -DCMAKE_BUILD_TYPE=Release $(CMAKE_FLAGS)

configure: deps $(BUILD_DIR)/build.ninja

build: configure
	cmake --build $(BUILD_DIR) -j $(JOBS)

# Analyze the bundled example application and audit its schema (both are
# inputs; `--schema schemas/` alone would take the schema for reference).
run: build
	./$(BUILD_DIR)/nosqlint --fail-on=never schemas/ corpus/

test: build
	ctest --test-dir $(BUILD_DIR) --output-on-failure -j $(JOBS)

bench: build
	@for b in $(BUILD_DIR)/benchmarks/*/bench-*; do [ -x "$$b" ] && "$$b"; done

clean:
	rm -rf $(BUILD_DIR)

# install: the binary, man page, rule pages and shell completions under
# PREFIX (DESTDIR, when set, is prepended as usual). package: the Debian
# package, in $(BUILD_DIR)/.
PREFIX ?= /usr/local
install: build
	cmake --install $(BUILD_DIR) --prefix $(PREFIX)

package: build
	cd $(BUILD_DIR) && cpack -G DEB

# Sanitizers and fuzzing (clang-14; `tools/install-deps.sh --sanitizers`).
# test-asan: the whole suite built with AddressSanitizer and
# UndefinedBehaviorSanitizer, in its own build directory; prints its time.
ASAN_BUILD_DIR ?= build-asan
FUZZ_BUILD_DIR ?= build-fuzz
FUZZ_SECONDS ?= 60
SANITIZER_CMAKE = CC=clang-14 CXX=clang++-14 cmake -S . -G Ninja \
	-DCMAKE_BUILD_TYPE=Release -DCMAKE_C_FLAGS_RELEASE=-O1 \
	-DCMAKE_CXX_FLAGS_RELEASE=-O1 -DNOSQLINT_BUILD_BENCHMARKS=OFF

test-asan:
	bash tools/install-deps.sh --sanitizers
	$(SANITIZER_CMAKE) -B $(ASAN_BUILD_DIR) -DNOSQLINT_SANITIZERS=address,undefined
	cmake --build $(ASAN_BUILD_DIR) -j $(JOBS)
	@start=$$(date +%s); \
	ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1 \
	  ctest --test-dir $(ASAN_BUILD_DIR) --output-on-failure -j $(JOBS); rc=$$?; \
	echo "test-asan: suite wall time $$(( $$(date +%s) - start )) s"; exit $$rc

# fuzz: builds the libFuzzer targets (fuzz/) and runs each for FUZZ_SECONDS,
# one at a time; FUZZ_TARGETS="cql-file dynamo-request" runs only those.
FUZZ_TARGETS ?=
fuzz:
	bash tools/install-deps.sh --sanitizers
	$(SANITIZER_CMAKE) -B $(FUZZ_BUILD_DIR) -DNOSQLINT_FUZZ=ON -DNOSQLINT_BUILD_TESTS=OFF
	cmake --build $(FUZZ_BUILD_DIR) -j $(JOBS) --target fuzzers
	FUZZ_SECONDS=$(FUZZ_SECONDS) bash fuzz/run-fuzzers.sh $(FUZZ_BUILD_DIR) $(FUZZ_TARGETS)
