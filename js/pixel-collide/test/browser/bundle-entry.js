// The package through a bundler (esbuild): bundled into one file; the wasm beside the bundle.
import * as pc from "pixel-collide";
import { runChecks } from "./checks.js";

pc.init()
  .then(() => {
    window.result = runChecks(pc);
  })
  .catch((e) => {
    window.result = { failed: String(e) };
  });
