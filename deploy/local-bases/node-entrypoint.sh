#!/bin/sh
# As the official node images' entrypoint: an option or a file as the first argument runs it with node.
set -e
if [ "${1#-}" != "$1" ] || { [ -n "$1" ] && [ -z "$(command -v -- "$1")" ] && [ -f "$1" ]; }; then
  set -- node "$@"
fi
exec "$@"
