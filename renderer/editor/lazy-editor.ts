import { lazy } from "react";

// Konva and its React renderer are a third of the app's script: the editor's module loads when a draft is first
// opened, or once the app is idle after its first screen (preloadEditor), not before that screen is painted.
const loadEditor = () => import("./EditorScreen");

export const LazyEditorScreen = lazy(() => loadEditor().then((module) => ({ default: module.EditorScreen })));

export function preloadEditor(): void {
  void loadEditor();
}
