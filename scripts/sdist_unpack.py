"""Unpacks a package archive (the Python sdist, a .crate) into a kept folder, replacing only changed files.

An archive stamps every file with one fixed time, so unpacking it afresh would make cargo rebuild the
crate every time; here only changed files are written (and so newer), and files the archive no longer
holds are removed, so that what is built is exactly what the archive holds.

    python3 scripts/sdist_unpack.py SDIST DEST
"""

import os
import shutil
import sys
import tarfile
import tempfile


def unpack(sdist, dest):
    """Makes DEST hold exactly the files of SDIST (its one top folder's contents)."""
    with tempfile.TemporaryDirectory() as tmp:
        with tarfile.open(sdist) as tar:
            if hasattr(tarfile, "data_filter"):
                tar.extractall(tmp, filter="data")
            else:
                tar.extractall(tmp)
        (top,) = os.listdir(tmp)
        src, keep = os.path.join(tmp, top), set()
        for root, _, files in os.walk(src):
            for name in files:
                rel = os.path.relpath(os.path.join(root, name), src)
                keep.add(rel)
                new, old = os.path.join(src, rel), os.path.join(dest, rel)
                if not os.path.exists(old) or not same_bytes(new, old):
                    os.makedirs(os.path.dirname(old), exist_ok=True)
                    shutil.copyfile(new, old)
    # Bottom up, so that a folder emptied of stale files goes too: a module that became a folder
    # (or the reverse) must not leave both for the compiler to find.
    for root, dirs, files in os.walk(dest, topdown=False):
        for name in files:
            path = os.path.join(root, name)
            if os.path.relpath(path, dest) not in keep:
                os.remove(path)
        for name in dirs:
            path = os.path.join(root, name)
            if not os.path.islink(path) and not os.listdir(path):
                os.rmdir(path)


def same_bytes(a, b):
    with open(a, "rb") as x, open(b, "rb") as y:
        return x.read() == y.read()


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit("usage: sdist_unpack.py SDIST DEST")
    unpack(sys.argv[1], sys.argv[2])
