#!/usr/bin/env python3
"""Checks that each package archive ships both license texts, byte for byte the repository's.

    python3 scripts/shipped_licenses.py ARCHIVE...

An archive is a `.crate` or an sdist (`.tar.gz`), a wheel (`.whl`, the texts under
`*.dist-info/licenses/`) or an npm tarball (`.tgz`, under `package/`). Prints one line per archive;
exits 1 naming the archive and the text it lacks or holds changed.
"""

import sys
import tarfile
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TEXTS = ("LICENSE-MIT", "LICENSE-APACHE")


def members(path):
    """The archive's files as {path inside: bytes} for the license texts only."""
    found = {}
    if path.suffix == ".whl":
        with zipfile.ZipFile(path) as z:
            for name in z.namelist():
                if Path(name).name in TEXTS and "/licenses/" in name:
                    found[Path(name).name] = z.read(name)
    else:
        with tarfile.open(path) as t:
            for m in t.getmembers():
                parts = Path(m.name).parts
                # The texts at the package's top: `NAME-VERSION/LICENSE-MIT`, `package/LICENSE-MIT`.
                if m.isfile() and len(parts) == 2 and parts[1] in TEXTS:
                    found[parts[1]] = t.extractfile(m).read()
    return found


def main(paths):
    faults = []
    for arg in paths:
        path = Path(arg)
        if not path.is_file():
            faults.append(f"{arg}: no such archive")
            continue
        found = members(path)
        lacking = [t for t in TEXTS if t not in found]
        changed = [t for t in TEXTS if t in found and found[t] != (ROOT / t).read_bytes()]
        faults += [f"{path.name} lacks {t}" for t in lacking]
        faults += [f"{path.name} holds a {t} that differs from the repository's" for t in changed]
        if not lacking and not changed:
            print(f"shipped_licenses: {path.name}: {', '.join(TEXTS)}")
    for fault in faults:
        print(f"shipped_licenses: {fault}")
    return 1 if faults else 0


if __name__ == "__main__":
    if len(sys.argv) < 2:
        print(__doc__.strip().splitlines()[2].strip(), file=sys.stderr)
        sys.exit(2)
    sys.exit(main(sys.argv[1:]))
