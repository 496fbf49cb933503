#!/usr/bin/env python3
"""Checks that a CI run builds Bevy once: that the crates Bevy and avian2d are made of get the same
features wherever Bevy is built, so that a shared build folder compiles (and checks) them once.

A crate whose features differ between two builds is compiled twice, and so is everything above it:
a feature more on glam or approx reaches up through bevy_math to bevy_ecs and rebuilds nearly all of
Bevy. Each check compares two `cargo tree` resolutions over the crates Bevy and avian2d depend on
(what the other side builds on top does not matter) and names every crate whose features differ.
Before a build, `--outside` compares the outside Bevy project's resolution with the plugin's tests'
(`cargo tree`, a few seconds); after the run, `--built` reads what was compiled: each crate under
Bevy compiled more than once, or checked more than once, with different features is a second build.

    python3 scripts/bevy_features.py --outside DIR                   before building the project in DIR
    python3 scripts/bevy_features.py --built TARGET_DIR --since FILE  after a run begun when FILE was made

Exits 1 naming the crates when a second feature set appears, 0 saying so otherwise.
"""
import json
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# The crates whose dependency closure is "Bevy's build".
HEAVY = ("bevy", "avian2d")


def resolve(cwd, args):
    """Features of every crate in Bevy's and avian2d's closure, as `cargo tree ARGS` in `cwd` resolves
    them: {crate: set of feature lists} (a crate built for the host and for the target may differ)."""
    out = subprocess.run(
        ["cargo", "tree", "--prefix", "depth", "-f", "{p}|{f}", *args],
        cwd=cwd, capture_output=True, text=True, check=True,
    ).stdout
    nodes, edges, stack = {}, {}, []
    for line in out.splitlines():
        m = re.match(r"(\d+)(.*)", line)
        if not m or "|" not in m.group(2):
            continue
        depth = int(m.group(1))
        package, _, features = m.group(2).partition("|")
        features = re.sub(r" \(\*\)$", "", features)
        package = re.sub(r" \((proc-macro|/[^)]*)\)", "", package).strip()
        nodes.setdefault(package, set()).add(features)
        del stack[depth:]
        if stack:
            edges.setdefault(stack[-1], set()).add(package)
        stack.append(package)
    todo = [p for p in nodes if p.split(" ")[0] in HEAVY]
    closure = set()
    while todo:
        p = todo.pop()
        if p not in closure:
            closure.add(p)
            todo.extend(edges.get(p, ()))
    return {p: nodes[p] for p in closure}


def compare(name_a, a, name_b, b):
    """Lines naming each crate both resolutions build with different features."""
    lines = []
    for package in sorted(set(a) & set(b)):
        if a[package] != b[package]:
            fa = " / ".join(sorted(a[package])) or "none"
            fb = " / ".join(sorted(b[package])) or "none"
            lines.append(f"  {package}: {name_a} [{fa}], {name_b} [{fb}]")
    return lines


def built_twice(target, since):
    """Lines saying how many times this run compiled, or checked, Bevy's and avian2d's crates with
    different features, read from the fingerprints and artifacts under `target` newer than the file
    `since`; none when Bevy was compiled at most once and checked at most once."""
    closure = {p.split(" v")[0].replace("-", "_") for p in resolve(
        ROOT, ["-p", "bevy_pixel_collide", "--features", "example", "-e", "normal,build,dev"])}
    start = Path(since).stat().st_mtime
    units = {}
    for profile_dir in Path(target).glob("*/.fingerprint"):
        deps = profile_dir.parent / "deps"
        for fp in profile_dir.glob("*/lib-*.json"):
            name = fp.name[len("lib-"):-len(".json")].replace("-", "_")
            if name not in closure or fp.stat().st_mtime < start:
                continue
            unit = name + "-" + fp.parent.name.rsplit("-", 1)[1]
            source = (deps / f"{unit}.d").read_text() if (deps / f"{unit}.d").exists() else ""
            version = re.search(r"/%s-(\d+\.\d+\.\d+[^/\s]*)/" % name.replace("_", "[-_]"), source)
            artifacts = {p.suffix for p in deps.glob(f"lib{unit}.*")}
            kind = "compiled" if {".rlib", ".so"} & artifacts else "checked"
            features = re.sub(r'["\[\]]', "", json.loads(fp.read_text())["features"])
            key = (name, version.group(1) if version else "?", kind, profile_dir.parent.name)
            units.setdefault(key, {})[unit] = features
    heavy = [k for k, built in units.items() if k[0] in ("bevy", "bevy_ecs", "avian2d") and len(built) > 1]
    if not heavy:
        return []
    lines = [f"  {name} v{version} {kind} {len(units[(name, version, kind, p)])} times ({p})"
             for name, version, kind, p in sorted(heavy)]
    lines.append("  crates under them built with more than one feature set in one mode (the cause is among them):")
    for (name, version, kind, profile), built in sorted(units.items()):
        feature_sets = set(built.values())
        if len(feature_sets) > 1 and (kind, profile) in {(k[2], k[3]) for k in heavy}:
            sets = "; ".join(f"[{f or 'none'}]" for f in sorted(feature_sets))
            lines.append(f"    {name} v{version} {kind}: {sets}")
    return lines


def main(argv):
    plugin = ["-p", "bevy_pixel_collide", "--features", "example", "-e", "normal,build,dev"]
    if len(argv) == 2 and argv[0] == "--outside":
        a = resolve(ROOT, plugin)
        b = resolve(Path(argv[1]), ["-e", "normal,build,dev"])
        differ = compare("the plugin's tests", a, "the outside Bevy project", b)
        if differ:
            print("bevy-features: a second Bevy build: the plugin's tests and the outside Bevy project give "
                  "these crates different features, so each is compiled twice with all that sits on it:")
            print("\n".join(differ))
            return 1
        print(f"bevy-features: the plugin's tests and the outside Bevy project build Bevy's {len(a)} crates alike")
        return 0
    if len(argv) == 4 and argv[0] == "--built" and argv[2] == "--since":
        twice = built_twice(argv[1], argv[3])
        if twice:
            print("bevy-features: a second Bevy build in this run:")
            print("\n".join(twice))
            return 1
        print("bevy-features: this run built each crate under Bevy and avian2d once at most (and checked "
              "it once at most)")
        return 0
    print("usage: bevy_features.py --outside DIR | --built TARGET_DIR --since FILE")
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
