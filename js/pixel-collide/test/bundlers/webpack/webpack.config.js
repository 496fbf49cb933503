// webpack 5 as a fresh project sets it up: the package's wasm, which it finds through
// `new URL(..., import.meta.url)`, is emitted beside the bundle with no loader configured.
export default {
  mode: "production",
  entry: "./main.js",
  output: { filename: "main.js", path: new URL("./dist", import.meta.url).pathname, clean: true },
  stats: "errors-warnings",
};
