// The fast module's bytes as base64: a virtual module the package build (wasm/build.mjs) fills in.
declare module 'earlyout:inline-wasm' {
  const base64: string;
  export default base64;
}
