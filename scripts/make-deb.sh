#!/bin/sh
# Builds courier_VERSION_ARCH.deb from a built binary and its assets (scripts/release-assets.sh):
# the tree `make install PREFIX=/usr` lays out, a control file whose Depends dpkg-shlibdeps
# computes from the binary (not written by hand), md5sums, every file root-owned and dated
# SOURCE_DATE_EPOCH so the same inputs give the same package. Then lintian, when installed:
# its errors fail the build; its other tags are printed (README.md lists them with why).
# Usage: scripts/make-deb.sh BIN ASSETS OUTDIR   (DEB_COMPRESS=xz|gzip|zstd, default xz;
#        DEB_COMPRESS_LEVEL=0..9, dpkg-deb's default for the method when unset)
set -eu
cd "$(dirname "$0")/.."
bin=$1 assets=$2 outdir=$3
version=${VERSION:-$(scripts/version.sh)}
epoch=${SOURCE_DATE_EPOCH:-$(git log -1 --format=%ct 2>/dev/null || date +%s)}
arch=$(dpkg --print-architecture)
work=.build/deb
root=$work/debian/courier
rm -rf "$work" && mkdir -p "$work/debian"
make -s install PREFIX=/usr DESTDIR="$PWD/$root" RELEASE_BIN="$bin" ASSETS="$assets" >/dev/null
sed "s/@ARCH@/$arch/" packaging/control.in > "$work/debian/control"
cp "$assets/changelog" "$work/debian/changelog"
mkdir -p "$root/DEBIAN"
# dpkg-shlibdeps reads debian/control from the current folder; -e names the binary to scan.
(cd "$work" && dpkg-shlibdeps -Tdebian/courier.substvars -e debian/courier/usr/bin/courier)
grep -q '^shlibs:Depends=' "$work/debian/courier.substvars" || { echo "make-deb: dpkg-shlibdeps found no dependencies" >&2; exit 1; }
(cd "$work" && dpkg-gencontrol -pcourier -Pdebian/courier -Tdebian/courier.substvars -v"$version")
(cd "$root" && find . -type f ! -path './DEBIAN/*' -printf '%P\0' | LC_ALL=C sort -z | xargs -0 md5sum > DEBIAN/md5sums)
chmod 0644 "$root/DEBIAN/control" "$root/DEBIAN/md5sums"
find "$root" -exec touch -h -d "@$epoch" {} +
deb="$outdir/courier_${version}_${arch}.deb"
SOURCE_DATE_EPOCH=$epoch dpkg-deb --root-owner-group -Z"${DEB_COMPRESS:-xz}" ${DEB_COMPRESS_LEVEL:+-z"$DEB_COMPRESS_LEVEL"} --build "$root" "$deb" >/dev/null
echo "$deb: $(du -h "$deb" | cut -f1)"
dpkg-deb --field "$deb" Version Depends Recommends Installed-Size | sed 's/^/  /'
if command -v lintian >/dev/null; then
    echo "lintian $deb:"
    # Without binaries/spelling: it reads every string in the binary, and all it ever found
    # were the dependencies' own strings ("Portugese", "ADDRES"), as info — 11 of its 34 s.
    lintian --fail-on error --display-info --tag-display-limit 0 -X binaries/spelling "$deb" | sed 's/^/  /' \
        || { echo "make-deb: lintian reports an error" >&2; exit 1; }
    echo "  (end of lintian's report)"
else
    echo "make-deb: lintian is not installed, so the package was not linted (as root: scripts/package-bootstrap.sh)" >&2
fi
