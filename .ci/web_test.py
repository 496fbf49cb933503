#!/usr/bin/env python3
"""Plays the web build in Debian's chromium, headless, through Playwright, and checks what a player sees.

Usage: web_test.py SITE_URL NATIVE_BINARY OUT_DIR PINNED_JSONL

Each check runs in a fresh browser context (its own localStorage) except where a reload is the point.
Screenshots of every check are kept in OUT_DIR. Exits 1 when a check fails, after running them all.
"""

import io
import json
import os
import subprocess
import sys
import time

from PIL import Image
from playwright.sync_api import sync_playwright

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
# No network beyond the local server, no GPU (software GL through SwiftShader), a throwaway profile.
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    "--use-angle=swiftshader", "--enable-unsafe-swiftshader",
]
VIEWPORT = {"width": 960, "height": 746}

# After each wasm frame, while the drawing buffer still holds it, the page's canvas is sampled to 16 x 16
# and the share of red and of the sky's blue is recorded: a red that lasts a few frames is caught even
# though screenshots are far slower than frames under software GL.
FRAME_SAMPLER = """
window.__frames = [];
(function wrap() {
  if (typeof wasm_exports === "undefined" || !wasm_exports || !wasm_exports.frame) {
    setTimeout(wrap, 20);
    return;
  }
  const original = wasm_exports;
  const small = document.createElement("canvas");
  small.width = small.height = 16;
  const ctx = small.getContext("2d", { willReadFrequently: true });
  const frame = () => {
    original.frame();
    const gl = document.getElementById("glcanvas");
    ctx.drawImage(gl, 0, 0, gl.width, gl.height, 0, 0, 16, 16);
    const px = ctx.getImageData(0, 0, 16, 16).data;
    let red = 0;
    for (let i = 0; i < px.length; i += 4) {
      if (px[i] > 150 && px[i + 1] < 90 && px[i + 2] < 90) red += 1;
    }
    window.__frames.push({ t: performance.now(), red: red / 256, screen: window.spinfall.screen });
  };
  // The module's exports are frozen: the loader is handed a copy whose frame also samples.
  const wrapped = Object.assign({}, original);
  wrapped.frame = frame;
  window.wasm_exports = wrapped;
})();
"""


class Run:
    """The browser, the console lines seen so far, and the failures."""

    def __init__(self, browser, site, out):
        self.browser, self.site, self.out = browser, site, out
        self.console = []
        self.failures = []

    def page(self, context=None, path="index.html", sample=False):
        context = context or self.browser.new_context(viewport=VIEWPORT)
        page = context.new_page()
        page.on("console", lambda m: self.console.append(f"{m.type}: {m.text}"))
        page.on("pageerror", lambda e: self.console.append(f"pageerror: {e}"))
        if sample:
            page.add_init_script(FRAME_SAMPLER)
        page.goto(f"{self.site}/{path}")
        return page

    def check(self, name, ok, detail=""):
        print(f"web test: {'ok  ' if ok else 'FAIL'} {name}{': ' + detail if detail else ''}", flush=True)
        if not ok:
            self.failures.append(name)

    def shot(self, page, name):
        png = page.screenshot(path=os.path.join(self.out, f"{name}.png"))
        return Image.open(io.BytesIO(png)).convert("RGB")


def wait_frames(page, count=10, timeout=20000):
    page.wait_for_function(f"window.spinfall && window.spinfall.frames >= {count}", timeout=timeout)


def wait_screen(page, prefix, timeout=15000):
    page.wait_for_function(
        f"window.spinfall && String(window.spinfall.screen).startsWith({json.dumps(prefix)})",
        timeout=timeout)


def reaches(page, prefix, timeout=15000):
    """Whether the game's screen comes to start with `prefix` within `timeout` ms."""
    try:
        wait_screen(page, prefix, timeout)
        return True
    except Exception:
        return False


def pixels(image, box=None):
    part = image.crop(box) if box else image
    flat = getattr(part, "get_flattened_data", None) or part.getdata
    return list(flat())


def colours(image, box=None):
    """The number of distinct colours in `box` (or the whole image), quantised to 5 bits a channel."""
    return len({(r >> 3, g >> 3, b >> 3) for r, g, b in pixels(image, box)})


def share(image, test, box=None):
    """The share of the pixels in `box` (or the whole image) that pass `test`."""
    found = pixels(image, box)
    return sum(1 for p in found if test(p)) / max(1, len(found))


def bright(p):
    return min(p) > 200


def gold(p):
    return p[0] > 200 and p[1] > 150 and p[2] < 120


# Where the title shows a problem with the saved data: one line across the top.
NOTICE_BOX = (0, 4, 960, 26)


def check_title(run):
    page = run.page()
    started = time.time()
    wait_frames(page, 5)
    first_ms = page.evaluate("window.spinfall.firstFrameMs")
    wait_frames(page, 20)
    # The five sounds decode in the background; the browser plays them after the first key press.
    try:
        page.wait_for_function("window.spinfall.sounds === '5'", timeout=10000)
    except Exception:
        pass
    sounds = page.evaluate("window.spinfall.sounds")
    run.check("the sounds are decoded and ready", sounds == "5", f"{sounds} of 5")
    title = run.shot(page, "title")
    run.check("a fresh page shows no storage notice", share(title, gold, NOTICE_BOX) < 0.002)
    many = colours(title)
    # The name in large white letters across the top third, over the blue sky.
    letters = share(title, bright, (300, 90, 660, 170))
    run.check("the title screen draws", many > 200 and letters > 0.08,
              f"{many} colours, {letters:.0%} white in the name's box; first frame {first_ms:.0f} ms "
              f"after navigation ({time.time() - started:.1f} s to 20 frames)")
    run.check("first frame within 3 s", first_ms is not None and first_ms < 3000, f"{first_ms:.0f} ms")
    page.context.close()
    return first_ms


def check_play_and_red(run):
    # Seed 5 in classic: the idle figure is touched within six seconds of game time.
    page = run.page(path="index.html?seed=5&mode=classic", sample=True)
    wait_frames(page, 10)
    before = run.shot(page, "before-start")
    page.keyboard.press("Enter")
    wait_screen(page, "Playing")
    page.wait_for_timeout(800)
    playing = run.shot(page, "playing")
    # The HUD's light counters in both top corners (hits on the left, the clock on the right).
    light = lambda p: min(p) > 170
    corners = [(10, 10, 70, 60), (860, 10, 950, 60)]
    hud = min(share(playing, light, box) for box in corners)
    hud_before = min(share(before, light, box) for box in corners)
    run.check("Enter starts a game and the HUD shows", hud > 0.03 and hud_before < 0.01,
              f"{hud:.1%} light pixels in the HUD's corners in play, {hud_before:.1%} on the title")
    try:
        page.wait_for_function("window.__frames.some(f => f.red > 0.5)", timeout=20000)
        red = True
    except Exception:
        red = False
    frames = page.evaluate("window.__frames.length")
    most = page.evaluate("Math.max(0, ...window.__frames.map(f => f.red))")
    run.shot(page, "after-hit")
    run.check("an idle figure is hit and the screen turns red", red,
              f"largest red share {most:.0%} over {frames} frames")
    # Losing focus pauses the game (the page's loader reports focus through document.hasFocus()).
    page.evaluate("document.hasFocus = () => false; window.dispatchEvent(new Event('blur'))")
    paused = reaches(page, "Paused", 5000)
    run.shot(page, "paused")
    run.check("the game pauses when the page loses focus", paused,
              str(page.evaluate("window.spinfall.screen")))
    page.context.close()


def check_best_survives_reload(run):
    # Seed 21 in arcade: the idle figure loses its three lives in under ten seconds.
    context = run.browser.new_context(viewport=VIEWPORT)
    page = run.page(context, "index.html?seed=21&mode=arcade")
    wait_frames(page, 10)
    fresh = run.shot(page, "title-fresh")
    page.keyboard.press("Enter")
    wait_screen(page, "Playing")
    wait_screen(page, "GameOver", 40000)
    run.shot(page, "game-over")
    stored = page.evaluate("localStorage.getItem('spinfall/scores.json')") or ""
    page.reload()
    wait_frames(page, 10)
    again = run.shot(page, "title-after-reload")
    best = json.loads(stored).get("arcade", [{}])[0].get("score") if stored else None
    # The line under the menu reads "No best yet" on a fresh page and names the best after a game.
    line = (200, 520, 760, 545)
    changed = sum(1 for a, b in zip(pixels(fresh, line), pixels(again, line)) if a != b)
    kept = page.evaluate("localStorage.getItem('spinfall/scores.json')") == stored
    run.check("the best score survives a reload", best == 105 and kept and changed > 200,
              f"stored best {best}, {changed} pixels of the best line changed")
    context.close()


def check_bad_storage_and_query(run):
    # A damaged settings value and a storage that refuses every write: one line, and the game plays.
    context = run.browser.new_context(viewport=VIEWPORT)
    context.add_init_script("""
      localStorage.setItem('spinfall/settings.json', '{"volume": "loud"');
      localStorage.setItem('spinfall/scores.json', '{"version": 3, "arcade": [{"score": 4321}]}');
      Storage.prototype.setItem = function () {
        throw new DOMException('full', 'QuotaExceededError');
      };
    """)
    before = len(run.console)
    page = run.page(context, "index.html?seed=9&colour=green&mode=sideways")
    wait_frames(page, 10)
    notice = share(run.shot(page, "damaged-storage-title"), gold, NOTICE_BOX)
    page.keyboard.press("Enter")
    wait_screen(page, "Playing")
    page.wait_for_timeout(500)
    run.shot(page, "damaged-storage-playing")
    lines = run.console[before:]
    ignored = [l for l in lines if "ignoring query parameters" in l]
    run.check("unknown and malformed query parameters get one console line naming them",
              len(ignored) == 1 and "colour=green" in ignored[0] and "mode=sideways" in ignored[0],
              ignored[0] if ignored else "no line")
    damaged = [l for l in lines if "settings.json is damaged" in l]
    scores = page.evaluate("localStorage.getItem('spinfall/scores.json')")
    run.check("damaged and full storage: one line, the game plays, other values kept",
              len(damaged) == 1 and "4321" in (scores or "") and notice > 0.01,
              f"{damaged[0] if damaged else 'no line'}; {notice:.1%} gold in the title's notice line")
    context.close()

    # No storage at all: reading it throws, as in a browser where the site may not keep data.
    context = run.browser.new_context(viewport=VIEWPORT)
    context.add_init_script("""
      Object.defineProperty(window, 'localStorage', {
        get() { throw new DOMException('denied', 'SecurityError'); } });
    """)
    before = len(run.console)
    page = run.page(context, "index.html?seed=9")
    wait_frames(page, 10)
    notice = share(run.shot(page, "disabled-storage-title"), gold, NOTICE_BOX)
    page.keyboard.press("Enter")
    wait_screen(page, "Playing")
    disabled = [l for l in run.console[before:] if "storage is disabled" in l]
    run.check("disabled storage: a line on the title, and the game plays",
              disabled and notice > 0.01,
              f"{len(disabled)} console lines; {notice:.1%} gold in the title's notice line")
    context.close()


def check_gamepad(run):
    # A pad in the standard mapping, as the Gamepad API reports one: its A button starts a game.
    context = run.browser.new_context(viewport=VIEWPORT)
    context.add_init_script("""
      window.__pad = { id: "Test pad (STANDARD GAMEPAD)", index: 0, connected: true,
        mapping: "standard", axes: [0, 0, 0, 0],
        buttons: Array.from({ length: 17 }, () => ({ pressed: false, value: 0 })) };
      navigator.getGamepads = () => [window.__pad, null, null, null];
    """)
    page = run.page(context, "index.html?seed=3&mode=arcade")
    wait_frames(page, 10)
    page.evaluate("window.__pad.buttons[0].pressed = true")
    started = reaches(page, "Playing", 8000)
    page.evaluate("window.__pad.buttons[0].pressed = false")
    run.shot(page, "gamepad-start")
    run.check("a gamepad's A button (Gamepad API) starts a game", started,
              str(page.evaluate("window.spinfall.screen")))
    context.close()


def check_lab(run):
    page = run.page(path="lab.html")
    wait_frames(page, 5)
    page.wait_for_timeout(500)
    page.wait_for_function("document.getElementById('status').textContent.includes('contact')"
                           " || document.getElementById('status').textContent.includes('HIT')")
    apart_status = page.text_content("#status")
    apart = run.shot(page, "lab-apart")
    top = page.evaluate("document.getElementById('glcanvas').getBoundingClientRect().top")
    # Hold the left button on F and drag it onto R.
    page.mouse.move(480, top + 350)
    page.mouse.down()
    for x in range(480, 790, 20):
        page.mouse.move(x, top + 350)
        page.wait_for_timeout(30)
    page.wait_for_function("document.getElementById('status').textContent.includes('HIT')",
                           timeout=10000)
    page.wait_for_timeout(300)
    hit_status = page.text_content("#status")
    hit = run.shot(page, "lab-hit")
    page.mouse.up()
    red = lambda p: p[0] > 180 and p[1] < 80 and p[2] < 80
    calm = lambda p: abs(p[0] - 100) < 12 and abs(p[1] - 149) < 12 and abs(p[2] - 237) < 12
    run.check("the lab shows no hit while the sprites are apart",
              "no contact" in apart_status and share(apart, calm) > 0.3,
              f"{apart_status!r}, {share(apart, calm):.0%} calm blue")
    run.check("the lab shows a hit when the sprites overlap",
              "HIT" in hit_status and share(hit, red) > 0.3,
              f"{hit_status!r}, {share(hit, red):.0%} red")
    page.context.close()


def check_without_workers(run):
    """A browser without service workers plays online as ever, with one console line saying so."""
    context = run.browser.new_context(viewport=VIEWPORT, service_workers="block")
    # As an older or locked-down browser: no `navigator.serviceWorker` at all.
    context.add_init_script("delete Navigator.prototype.serviceWorker;")
    seen = len(run.console)
    page = run.page(context, "index.html?seed=5&mode=classic")
    wait_frames(page, 10)
    page.keyboard.press("Enter")
    playing = reaches(page, "Playing", 10000)
    lines = [l for l in run.console[seen:] if "offline copy unavailable" in l]
    run.check("without service workers the page plays, with one console line", playing and len(lines) == 1,
              f"playing: {playing}; {lines}")
    context.close()


def check_installable_and_offline(run):
    context = run.browser.new_context(viewport=VIEWPORT)
    page = run.page(context)
    wait_frames(page, 5)
    manifest = page.evaluate("""async () => {
        const link = document.querySelector('link[rel=manifest]');
        return link ? await (await fetch(link.href)).json() : {};
    }""")
    icons = {i.get("sizes"): i.get("src") for i in manifest.get("icons", [])}
    sizes = page.evaluate("""(srcs) => Promise.all(srcs.map((src) => new Promise((done) => {
        const image = new Image();
        image.onload = () => done([image.naturalWidth, image.naturalHeight]);
        image.onerror = () => done(null);
        image.src = src;
    })))""", [icons.get("192x192") or "", icons.get("512x512") or ""])
    run.check("the page has a manifest with a 192 px and a 512 px icon",
              manifest.get("name") == "Spinfall" and manifest.get("display") in ("fullscreen", "standalone")
              and sizes == [[192, 192], [512, 512]], f"{manifest.get('name')!r}, icons {sizes}")
    # After the first visit the worker holds the build; a reload is then served by it.
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.reload()
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=20000)
    first = page.evaluate("caches.keys()")
    context.set_offline(True)
    page.reload()
    wait_frames(page, 10)
    title = run.shot(page, "offline-title")
    letters = share(title, bright, (300, 90, 660, 170))
    page.keyboard.press("Enter")
    playing = reaches(page, "Playing", 10000)
    run.shot(page, "offline-playing")
    run.check("with the network off, a reload draws the title and starts a game",
              letters > 0.08 and playing, f"{letters:.0%} white in the name's box, playing: {playing}")
    # A new build (here: the worker's file with another build id) replaces the cached one.
    context.set_offline(False)
    site = os.environ.get("WEB_SITE_DIR")
    if site:
        worker = os.path.join(site, "sw.js")
        original = open(worker).read()
        try:
            with open(worker, "w") as f:
                f.write(original.replace(first[0].removeprefix("spinfall-"), "0000000000newbuild"))
            page.evaluate("navigator.serviceWorker.getRegistration().then((r) => r.update())")
            # The new worker installs, takes over and deletes the old cache in the background.
            deadline, now = time.time() + 20, first
            while time.time() < deadline and now != ["spinfall-0000000000newbuild"]:
                page.wait_for_timeout(200)
                now = page.evaluate("caches.keys()")
        finally:
            with open(worker, "w") as f:
                f.write(original)
        run.check("a new build's worker replaces the cached build", now == ["spinfall-0000000000newbuild"],
                  f"{first} became {now}")
    context.close()


def check_headless_lines(run, native, pinned):
    page = run.page(path="index.html?headless")
    for line in [l for l in open(pinned) if l.strip()]:
        want = json.loads(line)
        args = ["--headless", "--seed", str(want["seed"]), "--pilot", want["pilot"], "--mode",
                want["mode"], "--seconds", str(want["seconds"]), "--speed", str(want["speed"])]
        query = "&".join(f"{k}={want[k]}" for k in ("seed", "pilot", "mode", "seconds", "speed"))
        page.goto(f"{run.site}/index.html?headless&{query}")
        page.wait_for_function("document.getElementById('result').textContent.length > 0",
                               timeout=60000)
        web = json.loads(page.text_content("#result"))
        here = json.loads(subprocess.run([native, *args], check=True, capture_output=True,
                                         text=True).stdout)
        for report in (web, here):
            report.pop("wall_ms", None)
        run.check(f"headless {query}: the page's line equals the native one and the pinned one",
                  web == here == want, "" if web == here == want else f"web {web}, native {here}")
    page.screenshot(path=os.path.join(run.out, "headless.png"))
    page.context.close()


# Phones upright and sideways, in CSS px, at a phone's pixel ratio.
PHONES = [(390, 844), (844, 390)]
PHONE_RATIO = 2
FIELD_W, FIELD_H = 800, 600
# The page's stand-in for navigator.vibrate, counting the game's buzzes.
VIBRATE_COUNTER = "window.__vibrations = []; navigator.vibrate = (ms) => { window.__vibrations.push(ms); return true; };"


def phone_field(w, h):
    """The field's place on a phone's screen in CSS px, (x, y, scale), as src/app/touch/layout.rs lays
    it out: sideways between two 150 px areas, upright under a 72 px strip for the pause button."""
    if w >= h:
        scale = min((w - 300) / FIELD_W, h / FIELD_H)
        return (w - FIELD_W * scale) / 2, 0, scale
    scale = min(w / FIELD_W, (h - 72 - 150) / FIELD_H)
    return (w - FIELD_W * scale) / 2, 72, scale


def phone_pads(w, h):
    """The centres of the left area, the right area and the pause button, in CSS px."""
    fx, fy, scale = phone_field(w, h)
    pause = (w - 8 - 28, 8 + 28)
    if w >= h:
        return (fx / 2, h / 2), (w - fx / 2, (72 + h) / 2), pause
    bottom = fy + FIELD_H * scale
    return (w / 4, (bottom + h) / 2), (3 * w / 4, (bottom + h) / 2), pause


def panel_point(w, h, content, smallest, p):
    """Where design point `p` of a screen's panels lands on a phone, in CSS px, as src/app/overlay.rs
    enlarges the panels (`content` = x, y, width, height of what they cover; `smallest` their smallest
    text) into the room beside or below the field."""
    fx, fy, scale = phone_field(w, h)
    top = 0 if w >= h else fy
    area_w, area_h = w / scale, (h - top) / scale
    cx, cy, cw, ch = content
    wanted = 12 / (scale * smallest)
    room = min((area_w - 16) / cw, (area_h - 16) / ch)
    zoom = max(min(wanted, room), min(room, 1))
    ux = area_w / 2 + (p[0] - (cx + cw / 2)) * zoom
    uy = area_h / 2 + (p[1] - (cy + ch / 2)) * zoom
    return ux * scale, top + uy * scale


def title_start_tap(w, h):
    """A point on the title screen below the menu and everything under it, where a tap starts a game."""
    return w / 2, h - 12


def figure_x(image, w, h):
    """The figure's centre in field px, found by its green shirt in the band where it stands."""
    fx, fy, scale = phone_field(w, h)
    r = PHONE_RATIO
    box = tuple(int(v * r) for v in (fx, fy + 480 * scale, fx + FIELD_W * scale, fy + 580 * scale))
    part = image.crop(box)
    shirt = [x for i, (red, g, b) in enumerate(pixels(part)) for x in [i % part.width]
             if g > 150 and red < 120 and b < 140 and g - red > 80]
    if len(shirt) < 4:
        return None
    shirt.sort()
    return shirt[len(shirt) // 2] / r / scale


def figure_comes(run, page, w, h, shot_name, inside, timeout_ms):
    """The figure's x once it is `inside`, or where it was when `timeout_ms` ran out. The game's time
    slows when a loaded machine draws few frames (it takes at most five steps a frame), so a hold is
    judged by where the figure gets, not by how long it took."""
    deadline = time.time() + timeout_ms / 1000
    while True:
        page.wait_for_timeout(250)
        x = figure_x(run.shot(page, shot_name), w, h)
        if (x is not None and inside(x)) or time.time() > deadline:
            return x


class Fingers:
    """Touches held and moved through the DevTools protocol, as a phone's screen sends them."""

    def __init__(self, page):
        self.cdp = page.context.new_cdp_session(page)
        self.down = {}

    def send(self, kind):
        points = [{"x": x, "y": y, "id": i} for i, (x, y) in self.down.items()]
        self.cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})

    def press(self, finger, at):
        self.down[finger] = at
        self.send("touchStart")

    def move(self, finger, at):
        self.down[finger] = at
        self.send("touchMove")

    def lift_all(self):
        self.down = {}
        self.send("touchEnd")


def phone_page(run, w, h, query, settings=None):
    context = run.browser.new_context(viewport={"width": w, "height": h}, has_touch=True,
                                      is_mobile=True, device_scale_factor=PHONE_RATIO)
    context.add_init_script(VIBRATE_COUNTER)
    if settings:
        context.add_init_script(
            f"localStorage.setItem('spinfall/settings.json', {json.dumps(json.dumps(settings))});")
    page = run.page(context, f"index.html?{query}")
    wait_frames(page, 10)
    return page


def check_phone(run, w, h):
    name = f"phone-{w}x{h}"
    page = phone_page(run, w, h, "seed=5&mode=classic")
    fx, fy, scale = phone_field(w, h)
    left, right, pause = phone_pads(w, h)
    touch = page.evaluate("document.body.classList.contains('touch') && "
                          "document.getElementById('glcanvas').clientHeight")
    run.check(f"{name}: the canvas takes the whole screen", touch == h, f"canvas height {touch}")
    run.shot(page, f"{name}-title")
    # Below the menu, off it: a tap there starts a game, as Enter does.
    page.touchscreen.tap(*title_start_tap(w, h))
    started = reaches(page, "Playing", 5000)
    run.check(f"{name}: a tap below the title's menu starts a game", started,
              str(page.evaluate("window.spinfall.screen")))
    if not started:
        page.context.close()
        return
    page.wait_for_timeout(300)
    start_x = figure_x(run.shot(page, f"{name}-playing"), w, h)
    fingers = Fingers(page)
    for slug, label, holds, inside in [
        ("right", "holding the right area", [right], lambda x: x > FIELD_W * 2 / 3),
        ("left", "holding the left area", [left], lambda x: x < FIELD_W / 3),
        # A second finger on the left neither blocks nor reverses the first, on the right.
        ("two-fingers", "a second finger on the left while the first holds the right",
         [right, left], lambda x: x > FIELD_W * 2 / 3),
    ]:
        for i, at in enumerate(holds):
            fingers.press(i, at)
            page.wait_for_timeout(100)
        x = figure_comes(run, page, w, h, f"{name}-{slug}", inside, 15000)
        fingers.lift_all()
        page.wait_for_timeout(200)
        run.check(f"{name}: {label} brings the figure to that third", x is not None and inside(x),
                  f"figure at x = {x if x is None else round(x)} of {FIELD_W} (started at {start_x})")
    page.touchscreen.tap(*pause)
    paused = reaches(page, "Paused", 5000)
    run.shot(page, f"{name}-paused")
    run.check(f"{name}: the pause button pauses", paused, str(page.evaluate("window.spinfall.screen")))
    page.touchscreen.tap(*pause)
    resumed = reaches(page, "Playing", 5000)
    run.check(f"{name}: the pause button resumes", resumed, str(page.evaluate("window.spinfall.screen")))
    page.context.close()

    # Seed 21 in arcade: the idle figure loses its three lives in under ten seconds.
    page = phone_page(run, w, h, "seed=21&mode=arcade")
    page.touchscreen.tap(*title_start_tap(w, h))
    over = reaches(page, "GameOver", 30000)
    buzzes = page.evaluate("window.__vibrations.length")
    run.check(f"{name}: a hit vibrates", buzzes > 0, f"{buzzes} vibrations")
    again = False
    if over:
        page.wait_for_timeout(1200)
        run.shot(page, f"{name}-game-over")
        # The "play again" line, on the game over panel (screen/game_over.rs) as a phone enlarges it.
        page.touchscreen.tap(*panel_point(w, h, (170, 74, 460, 476), 14, (400, 497)))
        again = reaches(page, "Playing", 5000)
    run.check(f"{name}: the game over screen answers a tap", over and again,
              str(page.evaluate("window.spinfall.screen")))
    page.context.close()


def check_phone_drag(run, w, h):
    """The drag scheme, saved in the settings: the figure walks towards the finger, and stops there."""
    name = f"phone-{w}x{h}-drag"
    page = phone_page(run, w, h, "seed=5&mode=classic", {"version": 5, "touch": "drag"})
    fx, fy, scale = phone_field(w, h)
    page.touchscreen.tap(*title_start_tap(w, h))
    wait_screen(page, "Playing", 5000)
    fingers = Fingers(page)
    below = fy + 560 * scale
    fingers.press(0, (fx + 400 * scale, below))
    for target in (700, 150):
        def near(x):
            return abs(x - target) < 30
        fingers.move(0, (fx + target * scale, below))
        x = figure_comes(run, page, w, h, f"{name}-{target}", near, 15000)
        if x is not None and near(x):
            # Arrived, it stays: the figure stops at the finger rather than walking past it.
            page.wait_for_timeout(500)
            x = figure_x(run.shot(page, f"{name}-{target}"), w, h)
        run.check(f"{name}: dragging to x = {target} brings the figure there and stops",
                  x is not None and near(x), f"figure at x = {x if x is None else round(x)}")
    fingers.lift_all()
    page.context.close()


def check_phone_bad_touches(run):
    """Touches a player never meant: during start-up, ten fingers at once, a finger that starts on a
    movement area and slides onto the field, and the phone turned mid-game. None moves the figure on
    its own or stops the game."""
    w, h = PHONES[0]
    name = "phone-bad-touches"
    context = run.browser.new_context(viewport={"width": w, "height": h}, has_touch=True,
                                      is_mobile=True, device_scale_factor=PHONE_RATIO)
    page = run.page(context, "index.html?seed=5&mode=classic")
    fingers = Fingers(page)
    # Fingers down and up while the module is still loading.
    for i in range(3):
        fingers.press(i, (40 + 100 * i, 400))
    fingers.lift_all()
    wait_frames(page, 10)
    page.touchscreen.tap(*title_start_tap(w, h))
    wait_screen(page, "Playing", 5000)
    page.wait_for_timeout(300)
    start = figure_x(run.shot(page, f"{name}-start"), w, h)
    # Ten fingers spread over the screen, half on each area: the oldest (left) decides, and the game
    # goes on.
    left, right, _ = phone_pads(w, h)
    for i in range(10):
        area = left if i % 2 == 0 else right
        fingers.press(i, (area[0] + (i - 5) * 3, area[1] + (i - 5) * 20))
    page.wait_for_timeout(600)
    fingers.lift_all()
    page.wait_for_timeout(200)
    after_ten = figure_x(run.shot(page, f"{name}-ten-fingers"), w, h)
    playing = page.evaluate("window.spinfall.screen") == "Playing"
    run.check(f"{name}: ten fingers at once walk the oldest's way and the game goes on",
              playing and start is not None and after_ten is not None and after_ten < start - 20,
              f"figure {start} -> {after_ten}, screen {page.evaluate('window.spinfall.screen')}")
    # A finger that starts on the right area and slides onto the field stops the figure there.
    fx, fy, scale = phone_field(w, h)
    fingers.press(0, right)
    page.wait_for_timeout(400)
    fingers.move(0, (fx + 400 * scale, fy + 300 * scale))
    page.wait_for_timeout(150)
    slid = figure_x(run.shot(page, f"{name}-slid"), w, h)
    page.wait_for_timeout(800)
    still = figure_x(run.shot(page, f"{name}-slid-later"), w, h)
    fingers.lift_all()
    run.check(f"{name}: a finger slid off its area onto the field stops the figure",
              slid is not None and still is not None and abs(still - slid) < 8,
              f"figure {slid} then {still}")
    # Turned sideways and back in mid-game, with no finger down: the figure stays where it was.
    before = figure_x(run.shot(page, f"{name}-before-turn"), w, h)
    page.set_viewport_size({"width": h, "height": w})
    page.wait_for_timeout(600)
    turned = figure_x(run.shot(page, f"{name}-turned"), h, w)
    page.set_viewport_size({"width": w, "height": h})
    page.wait_for_timeout(600)
    back = figure_x(run.shot(page, f"{name}-turned-back"), w, h)
    frames = page.evaluate("window.spinfall.frames")
    page.wait_for_timeout(300)
    running = page.evaluate("window.spinfall.frames") > frames
    run.check(f"{name}: turning the phone mid-game moves nothing and the game runs on",
              running and None not in (before, turned, back)
              and abs(turned - before) < 8 and abs(back - before) < 8,
              f"figure {before} -> {turned} sideways -> {back} upright; frames advancing: {running}")
    context.close()


def check_phones(run):
    for w, h in PHONES:
        try:
            check_phone(run, w, h)
            check_phone_drag(run, w, h)
        except Exception as e:  # one size failing leaves the other to run
            run.check(f"phone {w}x{h}", False, f"{type(e).__name__}: {e}")
    try:
        check_phone_bad_touches(run)
    except Exception as e:
        run.check("phone bad touches", False, f"{type(e).__name__}: {e}")


def main():
    site, native, out, pinned = sys.argv[1:5]
    os.makedirs(out, exist_ok=True)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        run = Run(browser, site, out)
        for check in (check_title, check_play_and_red, check_best_survives_reload,
                      check_bad_storage_and_query, check_gamepad, check_lab,
                      check_installable_and_offline, check_without_workers, check_phones):
            began = time.time()
            try:
                check(run)
            except Exception as e:  # a check that times out fails alone; the others still run
                run.check(check.__name__.replace("_", " "), False, f"{type(e).__name__}: {e}")
            print(f"web test: {check.__name__} took {time.time() - began:.1f} s", flush=True)
        try:
            check_headless_lines(run, native, pinned)
        except Exception as e:
            run.check("headless lines", False, f"{type(e).__name__}: {e}")
        browser.close()
    panics = [l for l in run.console
              if any(w in l for w in ("panicked", "Spinfall stopped", "RuntimeError", "unreachable"))]
    run.check("the console holds no panic", not panics, "; ".join(panics[:3]))
    # Lines the player would never see but that say something is broken: a script error, a file
    # missing from the site, a sound that cannot play.
    broken = [l for l in run.console
              if l.startswith("pageerror") or "Failed to load resource" in l or "cannot play" in l]
    run.check("the console holds no script error, missing file or silent sound", not broken,
              "; ".join(broken[:3]))
    with open(os.path.join(out, "console.log"), "w") as f:
        f.write("\n".join(run.console) + "\n")
    if run.failures:
        print(f"web test: {len(run.failures)} failed: {', '.join(run.failures)}")
        return 1
    print(f"web test: all passed; screenshots in {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
