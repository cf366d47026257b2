// esbuild's text loader turns an imported C file into its source text (see tools/build-web.mjs).
declare module '*.c' {
  const source: string;
  export default source;
}
declare module '*.h' {
  const source: string;
  export default source;
}
