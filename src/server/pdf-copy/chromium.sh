#!/usr/bin/env bash
# Starts Chromium ($CHROMIUM) with the switches it is given, but its --disable-features and
# --enable-features each merged into one: Chromium keeps only the last of a switch given twice, and
# playwright-core puts its own lists before the ones launchChromium (chromium.ts) adds.
set -euo pipefail
rest=() disabled=() enabled=()
for argument in "$@"; do
  case $argument in
    --disable-features=*) disabled+=("${argument#*=}") ;;
    --enable-features=*) enabled+=("${argument#*=}") ;;
    *) rest+=("$argument") ;;
  esac
done
joined() { local IFS=,; echo "$*"; }
[ "${#disabled[@]}" -eq 0 ] || rest+=("--disable-features=$(joined "${disabled[@]}")")
[ "${#enabled[@]}" -eq 0 ] || rest+=("--enable-features=$(joined "${enabled[@]}")")
exec "$CHROMIUM" "${rest[@]}"
