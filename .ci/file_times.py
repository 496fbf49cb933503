"""Carries the modification times of a checkout's tracked files from one CI run to the next.

Cargo decides whether a workspace crate is up to date by comparing its source files' modification
times with its last build's. Every CI run checks out a fresh clone, whose files are all newer than
the cached builds, so every workspace crate would compile again in every profile. A file whose bytes
are the same as in the run that last used the cache gets that run's time back; a changed or new file
keeps its fresh one. That is what a kept checkout updated by `git checkout` looks like to cargo, so
the cache stays exactly as trustworthy as one: a build is reused only when its sources' bytes match.

    python3 .ci/file_times.py save FILE       records each unmodified tracked file's blob and time
    python3 .ci/file_times.py restore FILE    gives unchanged files their recorded time back
"""

import os
import subprocess
import sys


def tracked_blobs(root):
    """Maps each tracked file that matches its index entry to the blob id of its bytes."""
    listing = subprocess.run(
        ["git", "-C", root, "ls-files", "-s", "-z"], check=True, capture_output=True
    ).stdout.decode()
    modified = set(
        subprocess.run(
            ["git", "-C", root, "diff", "--name-only", "-z"], check=True, capture_output=True
        )
        .stdout.decode()
        .split("\0")
    )
    blobs = {}
    for entry in filter(None, listing.split("\0")):
        meta, path = entry.split("\t", 1)
        mode, blob, _stage = meta.split()
        # Links and submodules have no bytes of their own for cargo to read.
        if mode.startswith("100") and path not in modified:
            blobs[path] = blob
    return blobs


def save(root, record):
    lines = []
    for path, blob in sorted(tracked_blobs(root).items()):
        try:
            mtime = os.stat(os.path.join(root, path)).st_mtime_ns
        except FileNotFoundError:
            continue
        lines.append(f"{blob} {mtime} {path}\n")
    tmp = record + ".tmp"
    with open(tmp, "w", encoding="utf-8") as out:
        out.writelines(lines)
    os.replace(tmp, record)
    return len(lines)


def restore(root, record):
    """Returns how many files got their recorded time back and how many kept a fresh one."""
    recorded = {}
    with open(record, encoding="utf-8") as lines:
        for line in lines:
            blob, mtime, path = line.rstrip("\n").split(" ", 2)
            recorded[path] = (blob, int(mtime))
    restored = fresh = 0
    for path, blob in tracked_blobs(root).items():
        old = recorded.get(path)
        if old is None or old[0] != blob:
            fresh += 1
            continue
        full = os.path.join(root, path)
        os.utime(full, ns=(os.stat(full).st_atime_ns, old[1]))
        restored += 1
    return restored, fresh


def main(argv):
    if len(argv) != 3 or argv[1] not in ("save", "restore"):
        print("usage: file_times.py save|restore FILE", file=sys.stderr)
        return 2
    root = os.getcwd()
    if argv[1] == "save":
        save(root, argv[2])
        return 0
    if not os.path.exists(argv[2]):
        print("cache: no file times recorded: the workspace crates compile again")
        return 0
    restored, fresh = restore(root, argv[2])
    print(f"cache: {restored} unchanged files keep their last run's times, {fresh} changed or new")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
