import { useEffect, useRef, useState } from "react";
import type { SigndeskApi } from "../../../common/contract";
import { loadPdf } from "../../pdf/load-pdf";

const width = 56;
/** Rendered thumbnails of this session, by draft id and version. */
const cache = new Map<string, string>();

/** Page 1 of a draft, drawn small once it scrolls into view. */
export function DraftThumbnail({
  bridge,
  draftId,
  version,
}: {
  bridge: SigndeskApi;
  draftId: string;
  version: string;
}) {
  const key = `${draftId}@${version}`;
  const [image, setImage] = useState<string | null>(cache.get(key) ?? null);
  const holder = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (image !== null || holder.current === null) return;
    let cancelled = false;
    const observer = new IntersectionObserver(async (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      const opened = await bridge.draftsOpen({ id: draftId });
      if (!opened.ok || cancelled) return;
      const pdf = await loadPdf(opened.value.pdf, opened.value.draft.pages);
      try {
        const canvas = document.createElement("canvas");
        const scale = (width * window.devicePixelRatio) / pdf.pageSize(0).width;
        if ((await pdf.render(0, canvas, scale).promise) !== "rendered" || cancelled) return;
        const url = canvas.toDataURL("image/png");
        cache.set(key, url);
        setImage(url);
      } finally {
        await pdf.destroy();
      }
    });
    observer.observe(holder.current);
    return () => {
      cancelled = true;
      observer.disconnect();
    };
  }, [bridge, draftId, image, key]);

  return (
    <div className="draft-thumbnail" ref={holder} aria-hidden="true">
      {image !== null && <img src={image} alt="" width={width} />}
    </div>
  );
}
