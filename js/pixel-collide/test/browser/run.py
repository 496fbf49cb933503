"""The npm package in Debian's chromium, headless, through Playwright: loaded by a plain module page
and through an esbuild bundle, the README's Phaser and PixiJS examples running, and the Phaser adapter against
what Phaser itself draws. Run by `bash scripts/js.sh --browser`, after the package is built and its
npm development dependencies installed; screenshots and the browser's console go to `out`.

Usage: python run.py PACKAGE_DIR OUT_DIR [--bench] [--site DIR] [--bundled DIR]
(--bench: the timings alone; --site: the web build's site, for the demo; --bundled: the fresh Vite
and webpack projects' builds, DIR/vite/dist and DIR/webpack/dist)
"""

import functools
import http.server
import json
import os
import re
import shutil
import subprocess
import sys
import threading
import time
import zlib

from playwright.sync_api import sync_playwright

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking",
    "--disable-component-update", "--disable-sync",
]
# WebGL without a graphics card: Chromium's software renderer, which it no longer falls back to alone.
CHROMIUM_WEBGL_ARGS = [a for a in CHROMIUM_ARGS if a != "--disable-gpu"] + [
    "--use-angle=swiftshader", "--enable-unsafe-swiftshader",
]


def fail(message):
    print("js browser test: FAILED: " + message)
    sys.exit(1)


def prepare(package):
    """The bundle and the README example, written under test/browser/out/."""
    out = os.path.join(package, "test", "browser", "out")
    shutil.rmtree(out, ignore_errors=True)
    os.makedirs(out)
    subprocess.run(
        [os.path.join(package, "node_modules", ".bin", "esbuild"), "test/browser/bundle-entry.js",
         "--bundle", "--format=esm", "--outfile=test/browser/out/bundle.js", "--log-level=warning"],
        cwd=package, check=True,
    )
    # esbuild keeps `new URL("...wasm", import.meta.url)` as it is: the wasm goes beside the bundle.
    shutil.copy(os.path.join(package, "dist", "pixel_collide_js_bg.wasm"), out)
    readme = open(os.path.join(package, "README.md")).read()
    examples = re.findall(r"```js\n(.*?)```", readme, re.S)
    for engine, name in (("Phaser", "readme-example.js"), ("pixi.js", "readme-pixi-example.js")):
        example = next((e for e in examples if f'from "{engine.lower()}"' in e), None)
        if example is None:
            fail(f"readme: no example importing {engine.lower()} in the README")
        open(os.path.join(out, name), "w").write(example)
    return out


def serve(root):
    class Quiet(http.server.SimpleHTTPRequestHandler):
        extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                          ".wasm": "application/wasm", ".js": "text/javascript"}

        def log_message(self, *args):
            pass

    server = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(Quiet, directory=root))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def result_of(page, url, timeout_s):
    page.goto(url)
    deadline = time.time() + timeout_s
    while time.time() < deadline:
        result = page.evaluate("window.result")
        if result is not None:
            return result
        time.sleep(0.1)
    fail(f"{url}: no result in {timeout_s} s")


def check_loaded(page, base, name):
    r = result_of(page, f"{base}/test/browser/{name}.html", 30)
    if "failed" in r:
        fail(f"{name}: {r['failed']}")
    c = r["collide"]
    ok = (3 < c["point"]["x"] < 4 and 3 < c["point"]["y"] < 4 and c["depth"] == 1 and r["area"] == 1
          and r["apart"] is False and r["turned"] is True and r["fromImage"] == 9)
    kinds = [e.split(":")[0] for e in r["errors"]]
    if not ok or kinds != ["RangeError", "RangeError", "TypeError"]:
        fail(f"{name}: {json.dumps(r)}")
    print(f"js browser test: {name}: loaded, answers and errors as expected")


def check_readme(page, base, out, engine, html):
    """The README's example for `engine`, run as written: red while the ship touches the rock, and back."""
    page.goto(f"{base}/test/browser/{html}")
    page.wait_for_selector("canvas", timeout=30000)
    box = page.locator("canvas").bounding_box()
    colours = set()
    deadline = time.time() + 12
    while time.time() < deadline and len(colours) < 2:
        time.sleep(0.15)
        r, g, b = pixel_at(page, box["x"] + 2, box["y"] + 2)
        colours.add("red" if r > 150 and b < 80 else "blue" if b > 50 else str((r, g, b)))
        if "red" in colours:
            page.screenshot(path=os.path.join(out, f"readme-{engine.lower()}-touching.png"))
    if colours != {"red", "blue"}:
        fail(f"readme: {engine}: the ship turning against the rock showed {sorted(colours)}, not red and blue")
    print(f"js browser test: readme: the {engine} example turns red while the ship touches the rock, and back")


def check_bundled(page, bundled):
    """The fresh Vite and webpack 5 projects' builds (scripts/js.sh), each served on its own."""
    for name in ("vite", "webpack"):
        server = serve(os.path.join(bundled, name, "dist"))
        try:
            r = result_of(page, f"http://127.0.0.1:{server.server_address[1]}/index.html", 30)
        finally:
            server.shutdown()
        if r != {"hit": True, "miss": False}:
            fail(f"{name}: the fresh project's build answered {json.dumps(r)}, not a hit and a miss")
        print(f"js browser test: {name}: a fresh project's build loads the wasm and answers a hit and a miss")


def wrong_rate(pixels):
    """The share of the pixels held against a placement that its render shows otherwise."""
    return pixels["wrong"] / max(1, pixels["wrong"] + pixels["right"])


# How far the share of wrong pixels with `roundPixels` on may pass the render's own share without
# it (its pixel-centre rounding and the rasteriser's): the snapped placement must explain the snap.
SNAP_SLACK = (1.3, 0.001)


def check_phaser_truth(page, base, version="4", renderer="canvas", round_pixels=False, floor=None):
    """The Phaser adapter against what Phaser `version` itself draws (4, and 3.80, the oldest the
    package's peer dependency allows) with `renderer`, with `roundPixels` on or off: every pair
    clear of the texel edges touches in the render exactly when the adapter says so, and, with
    `roundPixels` on, no more of the sprites' pixels differ from their placement than `floor` (the
    share without it) allows. Returns the share of wrong pixels."""
    query = f"phaser={version[0]}&renderer={renderer}&round={int(round_pixels)}"
    name = f"phaser {version} {renderer}{', roundPixels' if round_pixels else ''}"
    r = result_of(page, f"{base}/test/browser/phaser-truth.html?{query}", 120)
    if "failed" in r:
        fail(f"{name} truth: {r['failed']}")
    if (r["disagree"] or r["agree"] < 60 or r["touching"] < 15 or r["trimmed"] < 40 or r["pivoted"] < 15
            or r["kept"] < 15):
        fail(f"{name} truth: {json.dumps(r)}")
    if r["screenDisagree"] or r["screenAgree"] < 20:
        fail(f"{name} truth: overlap's screen points: {json.dumps(r['screenDisagree'])} "
             f"({r['screenAgree']} agreed)")
    rate = wrong_rate(r["pixels"])
    if floor is not None and rate > floor * SNAP_SLACK[0] + SNAP_SLACK[1]:
        fail(f"{name} truth: {rate:.2%} of the pixels differ from the snapped placements, where "
             f"{floor:.2%} do without roundPixels: {json.dumps(r['pixels'])}")
    print(f"js browser test: {name}: the adapter agrees with Phaser's own drawing on {r['agree']} pairs "
          f"({r['touching']} touching in the render, {r['trimmed']} with a trimmed atlas frame, "
          f"{r['pivoted']} with a custom pivot; overlap's contact kept as called in {r['kept']} touching pairs); "
          f"{r['skipped']} not compared: within the texel-edge band, or "
          f"touching between pixel centres only ({r['between']}); through a scrolled, zoomed and turned "
          f"camera, overlap's contact shows where both renders share a pixel in {r['screenAgree']} deep pairs "
          f"({r['screenBetween']} between pixel centres in both); {rate:.2%} of "
          f"{r['pixels']['wrong'] + r['pixels']['right']} pixels clear of texel edges differ from the placement")
    return rate


def check_phaser(page, base, version, renderer):
    """The truth test without `roundPixels` and with it, the first's share of wrong pixels the
    second's floor; returns that floor."""
    floor = check_phaser_truth(page, base, version, renderer, False)
    check_phaser_truth(page, base, version, renderer, True, floor)
    return floor


def check_phaser_snap_is_seen(page, base, floor):
    """The pixel check sees Phaser's snap: asked for the placement before it (`snap: false`) with
    `roundPixels` on, more of the pixels differ from the placements than the check allows."""
    r = result_of(page, f"{base}/test/browser/phaser-truth.html?phaser=4&renderer=canvas&round=1&snap=0", 120)
    if "failed" in r:
        fail(f"phaser snap: {r['failed']}")
    rate = wrong_rate(r["pixels"])
    if rate <= floor * SNAP_SLACK[0] + SNAP_SLACK[1]:
        fail(f"phaser snap: the placements before the snap pass the pixel check ({rate:.2%} wrong, "
             f"{floor:.2%} without roundPixels)")
    print(f"js browser test: phaser 4 canvas, roundPixels: the placements before the snap get {rate:.2%} of "
          f"the pixels wrong ({floor:.2%} without roundPixels): the pixel check sees the snap")


def bench(page, base):
    r = result_of(page, f"{base}/test/browser/bench.html", 300)
    if "failed" in r:
        fail(f"bench: {r['failed']}")
    load = os.getloadavg()
    print(f"js bench (chromium, load average {load[0]:.2f}): a turned pair of 64 px sprites, {r['pairs']} "
          f"pairs ({r['touching']} touching; agreeing with the canvas on the {r['agree']} clear of the texel "
          f"edges): Sprite {r['spriteUs']:.2f} us, Phaser overlap {r['phaserUs']:.2f} us, with roundPixels "
          f"{r['phaserRoundUs']:.2f} us, PixiJS overlap {r['pixiUs']:.2f} us; the canvas way (the rectangles' "
          f"overlap drawn and read) {r['canvasUs']:.1f} us, {r['ratio']:.0f}x the Sprite's; "
          f"a World of 10,000 turned sprites: {r['worldMs']:.2f} ms a frame (update {r['updateMs']:.2f}, "
          f"pairs {r['pairsMs']:.2f}, the rest the page's own matrices), {r['worldPairs']} pairs")


def pixel_at(page, x, y):
    """The colour of one pixel of the page as shown, from a 1 x 1 screenshot (a PNG decoded here)."""
    png = page.screenshot(clip={"x": x, "y": y, "width": 1, "height": 1})
    chunks, at = {}, 8
    while at < len(png):
        n = int.from_bytes(png[at:at + 4], "big")
        kind = png[at + 4:at + 8]
        chunks[kind] = chunks.get(kind, b"") + png[at + 8:at + 8 + n]
        at += 12 + n
    raw = zlib.decompress(chunks[b"IDAT"])
    return tuple(raw[1:4])  # the filter byte, then red, green and blue


def check_demo(page, url, out, where):
    page.set_viewport_size({"width": 520, "height": 680})
    page.goto(f"{url}?auto")
    page.wait_for_selector("canvas", timeout=30000)
    box = page.locator("canvas").bounding_box()
    seen = {}
    deadline = time.time() + 40
    while time.time() < deadline and len(seen) < 2:
        r, g, b = pixel_at(page, box["x"] + 4, box["y"] + 4)
        kind = "red" if r > 180 and g < 90 else "sky" if b > 200 and r < 190 else None
        if kind and kind not in seen:
            seen[kind] = True
            page.screenshot(path=os.path.join(out, f"demo-{kind}.png"))
        time.sleep(0.05)
    if len(seen) < 2:
        fail(f"demo ({where}): the spinners showed {sorted(seen)} in 40 s, not both the sky and the red screen")
    print(f"js browser test: demo ({where}): the spinners in Phaser turn the screen red as the figure is "
          "touched, and back")


def check_pixi_truth(page, base):
    r = result_of(page, f"{base}/test/browser/pixi-truth.html", 120)
    if "failed" in r:
        fail(f"pixi truth: {r['failed']}")
    if (r["disagree"] or r["wrongPixels"] or r["textures"] < 40 or r["agree"] < 150 or r["touching"] < 25
            or r["trimmed"] < 60 or r["turned"] < 40 or r["resolution2"] < 25 or r["kept"] < 15):
        fail(f"pixi truth: {json.dumps(r)}")
    print(f"js browser test: pixi: the adapter agrees with PixiJS's own drawing on {r['agree']} pairs "
          f"({r['touching']} touching in the render, {r['trimmed']} with a trimmed frame, {r['turned']} with a "
          f"frame stored turned, {r['resolution2']} with a source at resolution 2; overlap's contact kept as "
          f"called in {r['kept']} touching pairs), "
          f"{r['skipped']} not compared: within the texel-edge band, or touching between pixel centres only "
          f"({r['between']}); {r['textures']} textures drawn alone agree on all "
          f"{r['pixels']} pixels")


def main():
    package, out = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    # --site DIR: the web build's site, whose phaser/ folder serves the demo beside the game.
    site = os.path.abspath(sys.argv[sys.argv.index("--site") + 1]) if "--site" in sys.argv else None
    os.makedirs(out, exist_ok=True)
    prepare(package)
    server = serve(package)
    site_server = serve(site) if site else None
    base = f"http://127.0.0.1:{server.server_address[1]}"
    console = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": 640, "height": 480})
        page.on("console", lambda m: console.append(f"{m.type}: {m.text}"))
        page.on("pageerror", lambda e: console.append(f"pageerror: {e}"))
        try:
            if "--bench" in sys.argv:
                bench(page, base)
                return
            check_loaded(page, base, "plain")
            check_loaded(page, base, "bundle")
            if "--bundled" in sys.argv:
                check_bundled(page, os.path.abspath(sys.argv[sys.argv.index("--bundled") + 1]))
            check_readme(page, base, out, "Phaser", "readme.html")
            check_readme(page, base, out, "PixiJS", "readme-pixi.html")
            floor = check_phaser(page, base, "4", "canvas")
            check_phaser(page, base, "3.80", "canvas")
            check_phaser_snap_is_seen(page, base, floor)
            webgl = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_WEBGL_ARGS)
            try:
                gl_page = webgl.new_page(viewport={"width": 640, "height": 480})
                gl_page.on("pageerror", lambda e: console.append(f"pageerror (webgl): {e}"))
                for version in ("4", "3.80"):
                    check_phaser(gl_page, base, version, "webgl")
            finally:
                webgl.close()
            check_pixi_truth(page, base)
            if site_server:
                site_base = f"http://127.0.0.1:{site_server.server_address[1]}"
                check_demo(page, f"{site_base}/phaser/index.html", out, "the web build's site")
            else:
                check_demo(page, f"{base}/demo/index.html", out, "the package folder")
        finally:
            open(os.path.join(out, "console.log"), "w").write("\n".join(console) + "\n")
            browser.close()
            server.shutdown()
            if site_server:
                site_server.shutdown()


if __name__ == "__main__":
    main()
