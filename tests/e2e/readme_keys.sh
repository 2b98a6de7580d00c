#!/usr/bin/env bash
# Rewrites the README's keys table (between <!-- keys:begin --> and
# <!-- keys:end -->) from the shell's binding table: `racetable keys`.
# tests/tui/shell_keys_test.cpp fails when the two differ.
#   usage: tests/e2e/readme_keys.sh path/to/racetable
set -euo pipefail
bin=${1:?usage: $0 path/to/racetable}
readme="$(cd "$(dirname "$0")/../.." && pwd)/README.md"
table=$("$bin" keys)
python3 - "$readme" "$table" <<'PY'
import sys
path, table = sys.argv[1], sys.argv[2]
text = open(path, encoding="utf-8").read()
begin, end = "<!-- keys:begin -->\n", "<!-- keys:end -->"
b, e = text.index(begin), text.index(end)
text = text[: b + len(begin)] + "\n" + table + "\n\n" + text[e:]
open(path, "w", encoding="utf-8").write(text)
PY
echo "updated $readme"
