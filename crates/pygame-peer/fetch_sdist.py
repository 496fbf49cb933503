"""Fetches pygame 2.6.1's sdist from PyPI's simple index and unpacks its bitmask source into argv[1].

Only src_c/bitmask.c and src_c/include/bitmask.h are extracted; nothing of it is committed."""
import hashlib
import io
import re
import sys
import tarfile
import urllib.request

VERSION = "2.6.1"
SHA256 = "56fb02ead529cee00d415c3e007f75e0780c655909aaa8e8bf616ee09c9feb1f"


def main(dest):
    index = urllib.request.urlopen("https://pypi.org/simple/pygame/", timeout=60).read().decode()
    links = re.findall(r'href="([^"#]*pygame-%s\.tar\.gz)' % re.escape(VERSION), index)
    if not links:
        sys.exit("pygame %s's sdist is not on the index" % VERSION)
    data = urllib.request.urlopen(links[0].replace("&amp;", "&"), timeout=120).read()
    if hashlib.sha256(data).hexdigest() != SHA256:
        sys.exit("pygame %s's sdist does not have the expected digest" % VERSION)
    wanted = ("src_c/bitmask.c", "src_c/include/bitmask.h")
    with tarfile.open(fileobj=io.BytesIO(data)) as tar:
        for member in tar.getmembers():
            name = member.name.split("/", 1)[-1]
            if name in wanted:
                member.name = name
                tar.extract(member, dest)


if __name__ == "__main__":
    main(sys.argv[1])
