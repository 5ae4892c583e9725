import "./zod-config";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./App";
import { getBridge } from "./bridge";
import { MissingBridge } from "./components/MissingBridge";
import { LocaleRoot } from "./i18n/LocaleRoot";
import { bridgeLocale, browserLocale } from "./i18n/locale-sources";
import "./styles.css";

const container = document.getElementById("root");
if (container === null) throw new Error("index.html has no #root element");

const bridge = getBridge();
createRoot(container).render(
  <StrictMode>
    <LocaleRoot source={bridge === null ? browserLocale : bridgeLocale(bridge)}>
      {bridge === null ? <MissingBridge /> : <App bridge={bridge} />}
    </LocaleRoot>
  </StrictMode>,
);
