import "./zod-config";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./App";
import { getBridge } from "./bridge";
import { MissingBridge } from "./components/MissingBridge";
import "./styles.css";

const container = document.getElementById("root");
if (container === null) throw new Error("index.html has no #root element");

const bridge = getBridge();
createRoot(container).render(<StrictMode>{bridge === null ? <MissingBridge /> : <App bridge={bridge} />}</StrictMode>);
