#!/usr/bin/env bash
# The whole suite again on a copy of the site with a seventh guide, as a writer would add one
# (tests/fixtures/seventh-guide/: a marked fact, related guides, links to other guides' sections),
# on Node 22, the older line `engines` admits: no test may depend on how many guides there are or
# on which one marks a fact. scripts/test.sh runs it last; SEVENTH_GUIDE_PASS keeps the copy's own
# test.sh from running it again. The copy is deleted when the suite passes, and kept to look into
# when it fails.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD

# The copy's servers take the same ports as the pass before it, which must have let them go: the
# site, the waitlist build, and one per Playwright worker for offline.spec.ts (the conformance
# tests take whichever of theirs are free).
e2e_port=${E2E_PORT:-4173}
for port in $(seq "$e2e_port" $((e2e_port + 3))); do
  for host in 127.0.0.1 ::1; do
    if (exec 3<>"/dev/tcp/$host/$port") 2>/dev/null; then
      echo "Port $port still answers on $host (a server of an earlier run?): stop it, then run this again." >&2
      exit 1
    fi
  done
done

copy=$(mktemp -d "${TMPDIR:-/tmp}/seventh-guide.XXXXXX")
keep_if_failed() {
  local status=$?
  if [ "$status" -eq 0 ]; then
    rm -rf "$copy"
  else
    echo "The copy with the seventh guide is kept in $copy: delete it when done." >&2
  fi
}
trap keep_if_failed EXIT

# The working tree as git sees it (tracked files and new ones it does not ignore), not its builds.
git ls-files -z --cached --others --exclude-standard --deduplicate |
  tar --null --files-from=- --ignore-failed-read --create --file=- |
  tar --extract --file=- --directory="$copy"
# A repository of its own, the guide committed on top as a writer would: the build reads git for
# the pages' sitemap dates, and refuses a site outside any.
commit() {
  git -C "$copy" -c user.name='Seventh guide' -c user.email=seventh-guide@localhost \
    -c commit.gpgsign=false commit --quiet --message "$1"
}
git -C "$copy" init --quiet
git -C "$copy" add --all
commit 'The site as it is'
cp -r tests/fixtures/seventh-guide/. "$copy/blog/"
git -C "$copy" add --all
commit 'A seventh guide'

# The packages as hard links (seconds, and no space), but not the bundler's cache, which builds
# write: a write into a hard-linked file would change this checkout's too.
cp -al node_modules "$copy/node_modules"
rm -rf "$copy/node_modules/.cache"
# Node 22, the observatory and PGlite's initdb are installed once, into this checkout's .cache.
mkdir -p .cache
ln -s "$root/.cache" "$copy/.cache"

guides=$(find "$copy/blog" -mindepth 2 -maxdepth 2 -name 'index.md*' | wc -l)
echo "A copy of the site with $guides guides, in $copy"
cd "$copy"
SEVENTH_GUIDE_PASS=1 NODE_LINE=22 bash scripts/test.sh
