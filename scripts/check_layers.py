#!/usr/bin/env python3
"""Fails when a source file includes a header of a layer above its own.

The engine reads bottom-up: bytes (ingest) become events (decode), listeners fold events into the
models, analyses compute numbers from the models, queries hand them out as rows, the REST writers
turn rows into JSON, the session is the one door, and the faces (CLI, ui/, wasm/) stand on top. An
include that points up the stack ties a lower piece to a higher one, and soon into a cycle, so
the check runs in ctest (tests/layers/).

Usage: check_layers.py [--root DIR] [--allowed FILE]
  --root     the tree to check (default: the repository holding this script)
  --allowed  the known exceptions, one `file -> include  # reason` a line (default:
             scripts/layers_allowed.txt under the root). An entry that no longer matches an
             include is an error too, so the list can only shrink.
"""

import argparse
import os
import re
import sys

# The layers, lowest first: (name, rank, path prefixes). A file may include its own layer's files
# and those of layers with a lower rank. Layers that share a rank are siblings and include
# neither each other nor anything above them.
LAYERS = [
    ("base", 0, ["core/base/"]),
    ("ingest", 1, ["core/ingest/"]),
    # The vocabulary of a log: event structs, metric arrays, storage and resource types. Decoders
    # fill them, listeners read them, the model keeps copies: they sit below all three.
    ("events", 1, ["core/events/"]),
    # Decoders turn a line into an event struct; models store what listeners make of events.
    # Neither needs the other: what both use is in events/ (and interned strings in base/).
    ("decode", 2, ["core/decode/"]),
    ("model", 2, ["core/model/"]),
    ("listen", 3, ["core/listen/"]),
    ("analysis", 4, ["core/analysis/"]),
    ("query", 5, ["core/query/"]),
    ("api", 6, ["core/api/"]),
    ("session", 7, ["core/session.h", "core/session.cc", "core/session_impl.h"]),
    # Two runs lined up: reads two models through the analyses and query rows, writes its JSON.
    ("compare", 7, ["core/compare/"]),
    # What feeds a session from disk, and the shared-analysis writer: beside each other, above it.
    ("load", 8, ["core/load/"]),
    ("share", 8, ["core/share/"]),
    ("cli", 9, ["core/cli/"]),
    ("ui", 10, ["ui/"]),
    ("wasm", 11, ["wasm/"]),
]

# Includes forbidden whatever the ranks say: (files under, include matching, why).
FORBIDDEN = [
    ("ui/", r"core/session_impl\.h",
     "ui/ reads the session's read-only queries, never its insides"),
    ("wasm/", r"core/session_impl\.h",
     "wasm/ feeds and asks the session through core/session.h only"),
    ("ui/", r"simdjson\.h",
     "ui/ reads typed rows; no JSON is parsed between the engine and the views"),
    ("core/", r"simdjson\.h",
     "simdjson is for the decoders (core/decode/) only"),
    ("core/", r"imgui[a-z_]*\.h|emscripten",
     "core/ knows nothing of ImGui or Emscripten"),
    ("ui/", r"emscripten",
     "ui/ talks to the browser only through wasm/"),
]
# Where FORBIDDEN's simdjson rule for core/ does not apply: the decoders themselves.
FORBIDDEN_EXEMPT = {("core/", r"simdjson\.h"): ["core/decode/"]}

SOURCE_DIRS = ["core", "ui", "wasm"]
SOURCE_EXTENSIONS = (".h", ".cc")
INCLUDE = re.compile(r'^\s*#\s*include\s*[<"]([^>"]+)[>"]', re.MULTILINE)


def layer_of(path):
    for name, rank, prefixes in LAYERS:
        for prefix in prefixes:
            if path == prefix or (prefix.endswith("/") and path.startswith(prefix)):
                return name, rank
    return None


def read_allowed(path):
    """{(file, include): reason} from the allow-list; a malformed line is reported, not skipped."""
    allowed, errors = {}, []
    if not os.path.exists(path):
        return allowed, errors
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            text = line.strip()
            if not text or text.startswith("#"):
                continue
            match = re.fullmatch(r"(\S+)\s*->\s*(\S+)\s*#\s*(.+)", text)
            if not match:
                errors.append(f"{path}:{number}: expected `file -> include  # reason`")
                continue
            allowed[(match.group(1), match.group(2))] = match.group(3)
    return allowed, errors


def source_files(root):
    for top in SOURCE_DIRS:
        for folder, _, names in os.walk(os.path.join(root, top)):
            for name in sorted(names):
                if name.endswith(SOURCE_EXTENSIONS):
                    full = os.path.join(folder, name)
                    yield os.path.relpath(full, root).replace(os.sep, "/"), full


def violations_of(path, text):
    """(include, why) for every include in `text` that crosses a layer the wrong way."""
    found = []
    own = layer_of(path)
    for include in INCLUDE.findall(text):
        for under, pattern, why in FORBIDDEN:
            exempt = FORBIDDEN_EXEMPT.get((under, pattern), [])
            if (path.startswith(under) and re.search(pattern, include)
                    and not any(path.startswith(e) for e in exempt)):
                found.append((include, why))
        target = layer_of(include)
        if own is None or target is None or own[0] == target[0]:
            continue
        if target[1] >= own[1]:
            found.append((include, f"{own[0]} (rank {own[1]}) may not include "
                                   f"{target[0]} (rank {target[1]})"))
    return found


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", default=os.path.dirname(here))
    parser.add_argument("--allowed")
    args = parser.parse_args()
    allowed_path = args.allowed or os.path.join(args.root, "scripts", "layers_allowed.txt")
    allowed, errors = read_allowed(allowed_path)

    used = set()
    checked = 0
    for path, full in source_files(args.root):
        checked += 1
        own = layer_of(path)
        if own is None:
            errors.append(f"{path}: in no layer; add its folder to LAYERS in {__file__}")
            continue
        with open(full, encoding="utf-8", errors="replace") as f:
            text = f.read()
        for include, why in violations_of(path, text):
            if (path, include) in allowed:
                used.add((path, include))
            else:
                errors.append(f"{path} includes {include}: {why}")
    for (path, include) in sorted(set(allowed) - used):
        errors.append(f"{allowed_path}: `{path} -> {include}` no longer happens; remove the line")

    for error in errors:
        print(error)
    if errors:
        print(f"layers: {len(errors)} problem(s) in {checked} files")
        return 1
    print(f"layers: {checked} files, {len(used)} allowed exception(s), no include crosses a layer")
    return 0


if __name__ == "__main__":
    sys.exit(main())
