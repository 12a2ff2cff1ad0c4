#!/bin/sh
# A compiler launcher that first says on the terminal, when there is one, which file it compiles:
# pip shows nothing of a build without -v (it captures the output), but the terminal is still there.
for arg; do case $arg in *.cpp) file=$arg ;; esac; done
{ printf 'dominosolver: compiling %s\n' "${file##*/}" > /dev/tty; } 2> /dev/null
exec "$@"
