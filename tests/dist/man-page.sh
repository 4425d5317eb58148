#!/usr/bin/env bash
# The generated man page renders without a groff warning, has a NAME line
# that whatis can index, and lists every rule and every option of the
# check command's live --help.
# Usage: man-page.sh <nosqlint binary> <nosqlint.1>
set -uo pipefail
nosqlint=$1
page=$2
fail() { echo "FAIL: $*"; exit 1; }
warnings=$(groff -man -Tutf8 -ww -z "$page" 2>&1)
[ -z "$warnings" ] || fail "groff warnings: $warnings"
name=$(lexgrog "$page" 2>&1) || fail "lexgrog: $name"
grep -q 'nosqlint - ' <<<"$name" || fail "NAME section: $name"
rendered=$(MANWIDTH=100 MANPAGER=cat PAGER=cat man -l "$page" 2>&1 | col -b) ||
  fail "man -l failed"
rules=$("$nosqlint" rules | awk 'NR > 1 { print $1 }')
[ -n "$rules" ] || fail "no rules listed by nosqlint rules"
for id in $rules; do
  grep -qw -- "$id" <<<"$rendered" || fail "rule $id is not in the page"
done
options=$("$nosqlint" --help | grep -oE '^  (-[a-z],)?--[a-z][a-z-]*' | sed 's/.*--/--/')
[ -n "$options" ] || fail "no options read from --help"
for opt in $options; do
  grep -q -- "$opt" <<<"$rendered" || fail "option $opt is not in the page"
done
for section in NAME SYNOPSIS DESCRIPTION COMMANDS OPTIONS RULES "EXIT STATUS"; do
  grep -q "^$section" <<<"$rendered" || fail "no $section section"
done
echo "man page: renders, $(wc -w <<<"$rules") rules and $(wc -w <<<"$options") options listed"
