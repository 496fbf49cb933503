// Spinfall's functions for its wasm module, registered with macroquad's loader (mq_js_bundle.js):
// the console, the address's query, localStorage, the headless result, a panic shown on the page, and
// the time of the first frame; touch screens and vibration; and the offline copy's worker (sw.js) for both pages. Strings cross as UTF-8: Rust passes a pointer and a length; a string for
// Rust is held here until Rust has made room for it and calls spinfall_take_pending.
"use strict";

window.spinfall = { firstFrameMs: null, frames: 0 };

// Installable, and playable offline after the first visit; without workers (a file:// page, a
// browser that refuses them) the page simply needs the network.
if ("serviceWorker" in navigator) {
  navigator.serviceWorker.register("sw.js").catch((e) => console.warn("offline copy unavailable: " + e));
} else {
  console.warn("offline copy unavailable: this browser offers no service workers");
}

(function () {
  const encoder = new TextEncoder();
  const decoder = new TextDecoder();
  let pending = new Uint8Array(0);

  function text(ptr, len) {
    return decoder.decode(new Uint8Array(wasm_memory.buffer, ptr, len));
  }

  function hold(string) {
    pending = encoder.encode(string);
    return pending.length;
  }

  function showFault(line) {
    const fault = document.getElementById("fault");
    if (fault && fault.hidden) {
      fault.textContent = line;
      fault.hidden = false;
    }
  }

  // A failure that is not a Rust panic (a wasm file that cannot load, a trap) still gets a line.
  window.addEventListener("error", (event) => showFault("Spinfall stopped: " + event.message));
  window.addEventListener("unhandledrejection", (event) =>
    showFault("Spinfall stopped: " + event.reason));

  function register(importObject) {
    const env = importObject.env;
    env.spinfall_log = (level, ptr, len) => {
      const line = text(ptr, len);
      if (level === 2) console.error(line);
      else if (level === 1) console.warn(line);
      else console.log(line);
    };
    env.spinfall_monotonic_ms = () => performance.now();
    env.spinfall_take_pending = (ptr) => {
      new Uint8Array(wasm_memory.buffer, ptr, pending.length).set(pending);
      pending = new Uint8Array(0);
    };
    env.spinfall_query = () => hold(window.location.search.replace(/^\?/, ""));
    env.spinfall_storage_get = (keyPtr, keyLen) => {
      try {
        const value = window.localStorage.getItem(text(keyPtr, keyLen));
        return value === null ? -1 : hold(value);
      } catch (e) {
        return -2;
      }
    };
    env.spinfall_storage_set = (keyPtr, keyLen, valuePtr, valueLen) => {
      try {
        window.localStorage.setItem(text(keyPtr, keyLen), text(valuePtr, valueLen));
        return 0;
      } catch (e) {
        const full = e && (e.name === "QuotaExceededError" || e.code === 22);
        return full ? 1 : 2;
      }
    };
    env.spinfall_storage_remove = (keyPtr, keyLen) => {
      try {
        window.localStorage.removeItem(text(keyPtr, keyLen));
        return 0;
      } catch (e) {
        return 2;
      }
    };
    env.spinfall_show_result = (ptr, len) => {
      const line = text(ptr, len);
      console.log(line);
      const result = document.getElementById("result");
      if (result) result.textContent = line;
    };
    env.spinfall_show_fault = (ptr, len) => showFault(text(ptr, len));
    env.spinfall_frame_drawn = () => {
      if (window.spinfall.firstFrameMs === null) {
        window.spinfall.firstFrameMs = performance.now();
        console.log("first frame after " + Math.round(window.spinfall.firstFrameMs) + " ms");
      }
      window.spinfall.frames += 1;
    };
    env.spinfall_set_state = (keyPtr, keyLen, valuePtr, valueLen) => {
      window.spinfall[text(keyPtr, keyLen)] = text(valuePtr, valueLen);
    };
    const pads = () => (navigator.getGamepads ? Array.from(navigator.getGamepads()) : []);
    env.spinfall_gamepads = (ptr, slots) => {
      const out = new Float32Array(wasm_memory.buffer, ptr, slots * 20);
      out.fill(0);
      pads().slice(0, slots).forEach((pad, slot) => {
        if (!pad || !pad.connected || pad.mapping !== "standard") return;
        const at = slot * 20;
        out[at] = 1;
        for (let b = 0; b < 17 && b < pad.buttons.length; b++) {
          out[at + 1 + b] = pad.buttons[b].pressed ? 1 : 0;
        }
        out[at + 18] = pad.axes[0] || 0;
        out[at + 19] = pad.axes[1] || 0;
      });
    };
    env.spinfall_gamepad_name = (slot) => {
      const pad = pads()[slot];
      return pad ? hold(pad.id) : -1;
    };
    env.spinfall_rumble = (ms) => {
      for (const pad of pads()) {
        const actuator = pad && pad.vibrationActuator;
        if (actuator && actuator.playEffect) {
          actuator.playEffect("dual-rumble", { duration: ms, strongMagnitude: 0.6, weakMagnitude: 0.85 })
            .catch(() => {});
        }
      }
    };
    // A touch screen, as the browser reports it (a phone, a tablet, a touch laptop).
    env.spinfall_touch_screen = () => (navigator.maxTouchPoints > 0 ? 1 : 0);
    // A hit's short buzz where the browser offers vibration (Android's; iOS has none).
    env.spinfall_vibrate = (ms) => {
      try {
        if (navigator.vibrate) navigator.vibrate(ms);
      } catch (e) {
        // A browser that refuses (no user gesture yet, a frame without permission) just stays still.
      }
    };
    env.spinfall_lab_status = (ptr, len) => {
      const status = document.getElementById("status");
      if (status) status.textContent = text(ptr, len);
    };
  }

  miniquad_add_plugin({ register_plugin: register, name: "spinfall", version: 1 });
})();
