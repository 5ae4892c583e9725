import { useCallback } from "react";
import { useIntl } from "react-intl";
import type { SigndeskApi } from "../../../common/contract";
import { recipientGroupLabel } from "../../../common/first-group-label";
import type { FoundField } from "../../../common/found-fields";
import { formatPhrase } from "../../i18n/format-phrase";
import type { IdGenerator } from "../state/ids";
import type { EditorAction, EditorState } from "../state/types";
import { FoundFieldsPanel } from "./FoundFieldsPanel";
import { FoundHighlights } from "./FoundHighlights";
import { assignRoles, groupOfRole, placementOf, roleLabels, roleNumber } from "./found-placement";
import { useFoundFields } from "./useFoundFields";

interface FoundReviewOptions {
  bridge: SigndeskApi;
  draftId: string;
  /** Main holds the draft: its document can be looked through. */
  ready: boolean;
  state: EditorState;
  dispatch: (action: EditorAction) => void;
  ids: { field: IdGenerator; group: IdGenerator };
  onShowPage: (page: number) => void;
}

/**
 * Fields found in the document, from the review to the page: the panel for the editor's side, the outlines for each
 * page while the review is open, and placing what was accepted as one change.
 */
export function useFoundReview({ bridge, draftId, ready, state, dispatch, ids, onShowPage }: FoundReviewOptions) {
  const intl = useIntl();
  const { doc } = state;
  const finder = useFoundFields(bridge, draftId, ready, doc.fields.length > 0);
  const roleLabel = useCallback(
    (role: string) => {
      const number = roleNumber(role);
      return number === null ? role : formatPhrase(intl, recipientGroupLabel(number));
    },
    [intl],
  );
  const review = finder.state.status === "found" ? finder.state : null;

  // Which group each role's fields would go to, as placing would decide it now (new groups under stand-in ids).
  let counter = 0;
  const assignment =
    review === null
      ? []
      : assignRoles(review.found.roles, roleLabels(review.found, roleLabel), doc, () => `new-${counter++}`);
  const recipientName = (role: number) => {
    const group = groupOfRole(assignment, role);
    if (group === undefined) return "";
    return (
      group.newLabel ?? group.rename ?? doc.groups.find((candidate) => candidate.id === group.groupId)?.label ?? ""
    );
  };
  const newGroups = (accepted: readonly FoundField[]) => {
    const used = new Set(accepted.map((field) => groupOfRole(assignment, field.role)));
    return [...used].filter((group) => group?.newLabel !== undefined).length;
  };
  const place = (accepted: readonly FoundField[]) => {
    if (review === null) return;
    dispatch(placementOf(review.found, accepted, doc, ids, roleLabel));
    finder.placed(accepted.length);
  };

  const panel = (
    <FoundFieldsPanel
      state={finder.state}
      ready={ready}
      counts={{ fields: doc.fields.length, groups: doc.groups.length }}
      placed={doc.fields}
      newGroups={newGroups}
      recipientName={recipientName}
      onFind={() => void finder.find()}
      onToggle={finder.toggle}
      onPlace={place}
      onDismiss={finder.dismiss}
      onShowPage={onShowPage}
    />
  );
  const highlightsFor = (page: number, scale: number) =>
    review === null ? null : (
      <FoundHighlights
        fields={review.found.fields.filter((field) => field.page === page)}
        accepted={review.accepted}
        scale={scale}
      />
    );
  // What was found, or came of it, goes above the palette; the panel otherwise waits under the others, out of the way.
  const status = finder.state.status;
  const reviewing = status === "found" || status === "placed" || status === "failed";
  return { panel, reviewing, highlightsFor };
}
