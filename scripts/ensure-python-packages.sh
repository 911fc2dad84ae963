#!/usr/bin/env bash
# Installs the PyPI packages named on the command line (NAME==VERSION) that
# python3 does not have at that version, with pip (as root, or for the user).
set -euo pipefail
missing=()
for requirement in "$@"; do
  name="${requirement%%==*}"
  version="${requirement##*==}"
  installed="$(python3 -c "import importlib.metadata as m; print(m.version('$name'))" 2>/dev/null || true)"
  [ "$installed" = "$version" ] || missing+=("$requirement")
done
[ ${#missing[@]} -eq 0 ] && exit 0
echo "installing missing Python packages: ${missing[*]}"
python3 -m pip install --quiet --disable-pip-version-check "${missing[@]}"
