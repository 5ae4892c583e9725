import type { ScreenId } from "../../common/screens";
import { screenInfo } from "./screen-info";

/** A screen whose capability is not built yet: it says what will live here. */
export function PlannedScreen({ screen }: { screen: ScreenId }) {
  const info = screenInfo[screen];
  return (
    <section className="screen" aria-labelledby={`${screen}-title`}>
      <header className="screen-header">
        <h1 id={`${screen}-title`} tabIndex={-1}>
          {info.title}
        </h1>
      </header>
      <div className="screen-body">
        <p className="screen-summary">{info.summary}</p>
        <p className="screen-note">This screen arrives in an upcoming version of Signdesk.</p>
      </div>
    </section>
  );
}
