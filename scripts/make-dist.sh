#!/bin/sh
# Builds courier-VERSION-linux-ARCH.tar.gz from a built binary and its assets: the tree the .deb
# holds (`make install PREFIX=/usr`, under usr/) with install.sh, which copies it under any
# PREFIX (/usr/local by default) and removes it again with --uninstall. Reproducible: sorted,
# root-owned, dated SOURCE_DATE_EPOCH, gzip without a name or time.
# Usage: scripts/make-dist.sh BIN ASSETS OUTDIR   (GZIP_LEVEL=1..9, default 9)
set -eu
cd "$(dirname "$0")/.."
bin=$1 assets=$2 outdir=$3
version=${VERSION:-$(scripts/version.sh)}
epoch=${SOURCE_DATE_EPOCH:-$(git log -1 --format=%ct 2>/dev/null || date +%s)}
name=courier-$version-linux-$(dpkg --print-architecture 2>/dev/null || uname -m)
work=.build/dist
rm -rf "$work" && mkdir -p "$work/$name"
make -s install PREFIX=/usr DESTDIR="$PWD/$work/$name" RELEASE_BIN="$bin" ASSETS="$assets" >/dev/null
install -m 0755 packaging/install.sh "$work/$name/install.sh"
echo "$version" > "$work/$name/VERSION"
tarball="$outdir/$name.tar.gz"
tar --sort=name --owner=0 --group=0 --numeric-owner --mtime="@$epoch" -C "$work" -cf - "$name" | gzip -"${GZIP_LEVEL:-9}"n > "$tarball"
echo "$tarball: $(du -h "$tarball" | cut -f1)"
