import type { ScreenId } from "../../common/screens";

const paths: Record<ScreenId, string> = {
  templates: "M6 3h9l5 5v13H6zM15 3v5h5M9 13h8M9 17h5",
  documents: "M4 6h16v13H4zM4 6l8 6 8-6",
  webhooks: "M8 16a4 4 0 1 1 2-7.5M16 8a4 4 0 1 1-2 7.5M10 16h6M14 8H8",
  accounts: "M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4 21a8 8 0 0 1 16 0",
  outbox: "M4 13h4l2 3h4l2-3h4M4 13l3-8h10l3 8v6H4zM12 3v7M9 7l3 3 3-3",
};

export function ScreenIcon({ screen }: { screen: ScreenId }) {
  return (
    <svg className="nav-icon" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <path d={paths[screen]} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" />
    </svg>
  );
}
