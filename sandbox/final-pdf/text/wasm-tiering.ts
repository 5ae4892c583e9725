import { setFlagsFromString } from "node:v8";

let done = false;

/**
 * Keeps HarfBuzz's two WebAssembly modules (1.1 MB) on V8's baseline compiler (Liftoff). Their work here is small
 * (shaping names, cutting fonts), and V8 tiering their hot functions up to its optimizing compiler cost some 20 MB of
 * resident memory in a fresh final-PDF worker (measured: 68–73 MB of growth, 48–53 MB without tier-up). V8 takes the
 * budget when it compiles a module, and the flag is the process's: call this before compiling them. No other
 * WebAssembly runs hot in the processes the sandbox runs in (Electron's main and its worker threads).
 */
export function keepWasmOnBaselineCompiler(): void {
  if (done) return;
  done = true;
  setFlagsFromString("--wasm-tiering-budget=2000000000");
}
