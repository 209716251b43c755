#!/usr/bin/env bash
# Builds llama.cpp's own `llama-server` for the model-server tests and benchmarks (issue 15), from the
# llama.cpp sources vendored in the llama-cpp-python sdist of the version installed in the venv — the same
# llama.cpp Hearth runs in-process, fetched from PyPI (the only registry this project may use).
#
#   tests/build_llama_server.sh VENV_PYTHON OUT_DIR
#
# Leaves OUT_DIR/llama-server (a static build: no shared library to find at run time). About 8 minutes on
# two cores; `make llama-server` runs it once and keeps the binary under .cache/. No web UI is built or
# downloaded (LLAMA_USE_PREBUILT_UI=OFF), no curl, no OpenSSL: the binary serves the API on loopback only.
set -euo pipefail

python=${1:?usage: build_llama_server.sh VENV_PYTHON OUT_DIR}
out=${2:?usage: build_llama_server.sh VENV_PYTHON OUT_DIR}
version=$("$python" -c 'import importlib.metadata as m; print(m.version("llama_cpp_python"))')
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

echo "Building llama-server from llama-cpp-python $version's llama.cpp (about 8 minutes, once)…"
"$python" -m pip download --quiet --no-deps --no-binary :all: --dest "$work" "llama-cpp-python==$version"
tar -xzf "$work"/llama_cpp_python-*.tar.gz -C "$work"
src=$(echo "$work"/llama_cpp_python-*/vendor/llama.cpp)

# The same portable x86-64 flags as the Makefile's llama-cpp-python build (AMX kernels crashed here).
arch_flags=()
if [ "$(uname -m)" = x86_64 ]; then
    arch_flags=(-DGGML_NATIVE=OFF -DGGML_AVX=ON -DGGML_AVX2=ON -DGGML_FMA=ON -DGGML_F16C=ON)
fi
cmake -S "$src" -B "$work/build" -DCMAKE_BUILD_TYPE=Release -DBUILD_SHARED_LIBS=OFF \
    -DLLAMA_BUILD_SERVER=ON -DLLAMA_BUILD_TOOLS=ON -DLLAMA_BUILD_TESTS=OFF -DLLAMA_BUILD_EXAMPLES=OFF \
    -DLLAMA_BUILD_APP=OFF -DLLAMA_CURL=OFF -DLLAMA_OPENSSL=OFF -DLLAMA_BUILD_UI=OFF \
    -DLLAMA_USE_PREBUILT_UI=OFF "${arch_flags[@]}" > "$work/configure.log" \
    || { cat "$work/configure.log"; exit 1; }
cmake --build "$work/build" --target llama-server -j "$(nproc)" > "$work/build.log" 2>&1 \
    || { tail -50 "$work/build.log"; exit 1; }
mkdir -p "$out"
install -m 0755 "$work/build/bin/llama-server" "$out/llama-server"
echo "llama-server is in $out"
