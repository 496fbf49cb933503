"""Unpacks a package archive (the Python sdist, a .crate), or copies a folder, into a kept folder,
replacing only changed files.

An archive stamps every file with one fixed time, so unpacking it afresh would make cargo rebuild the
crate every time (and a folder written afresh, every file new, the same); here only changed files are
written (and so newer), and files the source no longer holds are removed, so that what is built is
exactly what the source holds. A folder's copy keeps DEST's `target` (a build folder beside it).

    python3 scripts/sdist_unpack.py SDIST DEST
    python3 scripts/sdist_unpack.py FOLDER DEST
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
        sync(os.path.join(tmp, top), dest)


def sync(src, dest, spare=()):
    """Makes DEST hold exactly the files of folder SRC, writing only those that changed; the top-level
    names in SPARE are left as they are."""
    keep = set()
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
        rel_root = os.path.relpath(root, dest)
        if rel_root.split(os.sep)[0] in spare:
            continue
        for name in files:
            path = os.path.join(root, name)
            if os.path.relpath(path, dest) not in keep:
                os.remove(path)
        for name in dirs:
            path = os.path.join(root, name)
            if (root != dest or name not in spare) and not os.path.islink(path) and not os.listdir(path):
                os.rmdir(path)


def same_bytes(a, b):
    with open(a, "rb") as x, open(b, "rb") as y:
        return x.read() == y.read()


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit("usage: sdist_unpack.py SDIST|FOLDER DEST")
    if os.path.isdir(sys.argv[1]):
        sync(sys.argv[1], sys.argv[2], spare=("target",))
    else:
        unpack(sys.argv[1], sys.argv[2])
