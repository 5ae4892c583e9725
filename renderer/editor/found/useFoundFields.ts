import { useCallback, useEffect, useRef, useState } from "react";
import type { SigndeskApi } from "../../../common/contract";
import type { FieldsFound } from "../../../common/found-fields";

export type FindState =
  | { status: "idle" }
  | { status: "finding" }
  /** Something was found: its fields wait for review (`accepted` holds the keys ticked), its notes are shown. */
  | { status: "found"; found: FieldsFound; accepted: ReadonlySet<string> }
  | { status: "nothing"; found: FieldsFound }
  | { status: "failed"; message: string }
  | { status: "placed"; count: number };

/** Drafts whose document was looked through on opening in this session: a draft is looked through once by itself. */
const lookedThrough = new Set<string>();

/**
 * The fields a draft's document says where to place (main reads its form and text tags: drafts:findFields).
 * Looked for by itself when a draft without fields opens — a document just opened from a PDF or Word file — once
 * main holds its draft (`ready`), and on demand (`find`). Nothing is placed here: the editor places what the person
 * accepts.
 */
export function useFoundFields(bridge: SigndeskApi, draftId: string, ready: boolean, hasFields: boolean) {
  const [state, setState] = useState<FindState>({ status: "idle" });
  const asked = useRef(0);

  const find = useCallback(async () => {
    const ask = ++asked.current;
    setState({ status: "finding" });
    const result = await bridge.draftsFindFields({ id: draftId });
    if (ask !== asked.current) return;
    if (!result.ok) setState({ status: "failed", message: result.error.message });
    else if (result.value.fields.length === 0) setState({ status: "nothing", found: result.value });
    else {
      const accepted = new Set(result.value.fields.map((field) => field.key));
      setState({ status: "found", found: result.value, accepted });
    }
  }, [bridge, draftId]);

  useEffect(() => {
    if (!ready || lookedThrough.has(draftId)) return;
    lookedThrough.add(draftId);
    if (!hasFields) void find();
  }, [ready, hasFields, draftId, find]);

  const toggle = useCallback((keys: readonly string[], on: boolean) => {
    setState((now) => {
      if (now.status !== "found") return now;
      const accepted = new Set(now.accepted);
      for (const key of keys) {
        if (on) accepted.add(key);
        else accepted.delete(key);
      }
      return { ...now, accepted };
    });
  }, []);

  const dismiss = useCallback(() => {
    asked.current += 1;
    setState({ status: "idle" });
  }, []);
  const placed = useCallback((count: number) => setState({ status: "placed", count }), []);

  return { state, find, toggle, dismiss, placed };
}
