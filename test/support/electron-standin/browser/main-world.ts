// The page's half of the stand-in's contextBridge: installed in the main world before any of the page's scripts.
import { createWorldEnd } from "./world-bridge";

createWorldEnd("main");
