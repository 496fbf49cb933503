"""The kept folder the wheel is built in holds exactly what the sdist holds (scripts/sdist_unpack.py)."""

import importlib.util
import io
import os
import tarfile
import time
from pathlib import Path

SCRIPT = Path(__file__).resolve().parents[3] / "scripts" / "sdist_unpack.py"
spec = importlib.util.spec_from_file_location("sdist_unpack", SCRIPT)
sdist_unpack = importlib.util.module_from_spec(spec)
spec.loader.exec_module(sdist_unpack)


def write_sdist(path, files):
    with tarfile.open(path, "w:gz") as tar:
        for name, data in files.items():
            info = tarfile.TarInfo(f"pkg-0.1.0/{name}")
            info.size, info.mtime = len(data), 1
            tar.addfile(info, io.BytesIO(data))


def test_a_module_that_became_a_folder_leaves_no_stale_file_even_under_a_target_folder(tmp_path):
    # The kept folder lives in a cargo target folder, whose path holds "/target/".
    dest = tmp_path / "target" / "python-sdist-build"
    sdist = tmp_path / "one.tar.gz"
    write_sdist(sdist, {"src/broad.rs": b"mod a;", "src/lib.rs": b"mod broad;", "src/gone/x.rs": b""})
    sdist_unpack.unpack(sdist, dest)
    assert (dest / "src" / "broad.rs").read_bytes() == b"mod a;"
    write_sdist(sdist, {"src/broad/mod.rs": b"mod a;", "src/lib.rs": b"mod broad;"})
    sdist_unpack.unpack(sdist, dest)
    files = sorted(str(p.relative_to(dest)) for p in dest.rglob("*") if p.is_file())
    assert files == ["src/broad/mod.rs", "src/lib.rs"]
    assert not (dest / "src" / "gone").exists()


def test_unchanged_files_keep_their_time_and_changed_ones_are_rewritten(tmp_path):
    dest = tmp_path / "kept"
    sdist = tmp_path / "one.tar.gz"
    write_sdist(sdist, {"same.rs": b"a", "changed.rs": b"b"})
    sdist_unpack.unpack(sdist, dest)
    old = time.time() - 1000
    for name in ("same.rs", "changed.rs"):
        os.utime(dest / name, (old, old))
    write_sdist(sdist, {"same.rs": b"a", "changed.rs": b"c"})
    sdist_unpack.unpack(sdist, dest)
    assert (dest / "same.rs").stat().st_mtime == old
    assert (dest / "changed.rs").stat().st_mtime > old
    assert (dest / "changed.rs").read_bytes() == b"c"
