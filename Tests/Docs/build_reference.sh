#!/usr/bin/env bash
# Builds every DocC catalog of the package (the commands' Playbench.docc and each game's beside
# its model) with warnings as errors: a broken link, a missing article or a symbol a comment names
# wrongly fails the build. Each is its module's documentation; they link one another by relative
# Markdown links, which read on GitHub (DocC leaves them as they are).
#   Tests/Docs/build_reference.sh [OUTPUT_DIR]     (default: .build/reference)
set -euo pipefail
cd "$(dirname "$0")/../.."
out="${1:-.build/reference}"
mkdir -p "$out"
targets=()
while IFS= read -r catalog; do
  targets+=("$(basename "$(dirname "$catalog")")")
done < <(find Sources -name '*.docc' -type d | sort)
[[ ${#targets[@]} -ge 7 ]] || { echo "found only ${#targets[@]} catalogs: ${targets[*]}" >&2; exit 1; }
failed=0
for target in "${targets[@]}"; do
  log="$out/$target.log"
  if swift package --allow-writing-to-directory "$out" generate-documentation --target "$target" \
      --output-path "$out/$target" --warnings-as-errors >"$log" 2>&1 && ! grep -q "^warning:" "$log"; then
    echo "$target: built without warnings"
  else
    echo "$target: FAILED" >&2
    grep -E "^(warning|error):" -A4 "$log" >&2 || tail -20 "$log" >&2
    failed=1
  fi
done
exit $failed
