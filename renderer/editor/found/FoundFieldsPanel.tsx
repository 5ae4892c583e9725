import { useId } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import type { DraftField } from "../../../common/draft";
import { limits } from "../../../common/fields";
import type { FieldsFound, FoundField } from "../../../common/found-fields";
import { fieldTypeName } from "../field-type-names";
import { foundMessages as messages } from "./found-messages";
import { overlappingCount } from "./found-placement";
import "./found.css";
import type { FindState } from "./useFoundFields";

interface FoundFieldsPanelProps {
  state: FindState;
  /** Whether main holds the draft yet: its document can be looked through only then. */
  ready: boolean;
  /** How many fields and groups the draft has now: the review refuses what would pass the template's limits. */
  counts: { fields: number; groups: number };
  /** The fields already placed: an accepted field that would overlap one is pointed out. */
  placed: readonly DraftField[];
  /** How many groups the accepted fields would add. */
  newGroups: (accepted: readonly FoundField[]) => number;
  /** Who fills in a field of this role: the group it will go to, by label. */
  recipientName: (role: number) => string;
  onFind: () => void;
  onToggle: (keys: readonly string[], on: boolean) => void;
  onPlace: (accepted: readonly FoundField[]) => void;
  onDismiss: () => void;
  /** A found field's item got focus: its page is brought into view. */
  onShowPage: (page: number) => void;
}

/** The review of fields found in the document: what was found, ticked to place, and what was not placed and why. */
export function FoundFieldsPanel(props: FoundFieldsPanelProps) {
  const intl = useIntl();
  const { state } = props;
  return (
    <section className="panel found-fields" aria-labelledby="found-title">
      <h2 id="found-title">{intl.formatMessage(messages.title)}</h2>
      {state.status === "idle" && (
        <>
          <p className="panel-hint">{intl.formatMessage(messages.hint, { example: "{{signature, r1}}" })}</p>
          <button type="button" disabled={!props.ready} onClick={props.onFind}>
            {intl.formatMessage(messages.find)}
          </button>
        </>
      )}
      {state.status === "finding" && (
        <p role="status" className="panel-hint">
          {intl.formatMessage(messages.finding)}
        </p>
      )}
      {state.status === "failed" && (
        <>
          <p role="alert" className="problem">
            {intl.formatMessage(messages.failed, { reason: state.message })}
          </p>
          <button type="button" onClick={props.onFind}>
            {intl.formatMessage(messages.findAgain)}
          </button>
        </>
      )}
      {(state.status === "nothing" || state.status === "placed") && (
        <>
          <p role="status" className="panel-hint">
            {state.status === "nothing"
              ? intl.formatMessage(messages.nothing)
              : intl.formatMessage(messages.placed, { count: state.count })}
          </p>
          {state.status === "nothing" && <NotPlaced found={state.found} />}
          <button type="button" onClick={props.onFind}>
            {intl.formatMessage(messages.findAgain)}
          </button>
        </>
      )}
      {state.status === "found" && <Review {...props} state={state} />}
    </section>
  );
}

function Review(props: FoundFieldsPanelProps & { state: Extract<FindState, { status: "found" }> }) {
  const intl = useIntl();
  const listId = useId();
  const { found, accepted } = props.state;
  const chosen = found.fields.filter((field) => accepted.has(field.key));
  const pages = new Set(found.fields.map((field) => field.page)).size;
  const recipients = new Set(found.fields.map((field) => field.role)).size;
  const total = props.counts.fields + chosen.length;
  const groups = props.counts.groups + props.newGroups(chosen);
  const problem =
    total > limits.maxFieldsPerTemplate
      ? intl.formatMessage(messages.tooMany, { total, most: limits.maxFieldsPerTemplate })
      : groups > limits.maxRecipientGroups
        ? intl.formatMessage(messages.tooManyGroups, { total: groups, most: limits.maxRecipientGroups })
        : null;
  const allTicked = chosen.length === found.fields.length;
  const overlapping = overlappingCount(chosen, props.placed);
  return (
    <>
      <p role="status" className="found-summary">
        {intl.formatMessage(messages.summary, { fields: found.fields.length, pages, recipients })}
      </p>
      <fieldset className="found-review">
        <legend className="visually-hidden">{intl.formatMessage(messages.list)}</legend>
        <label className="found-all">
          <input
            type="checkbox"
            checked={allTicked}
            aria-controls={listId}
            onChange={() =>
              props.onToggle(
                found.fields.map((field) => field.key),
                !allTicked,
              )
            }
          />
          {intl.formatMessage(messages.all)}
        </label>
        <ul className="found-list" id={listId}>
          {found.fields.map((field) => (
            <li key={field.key}>
              <label>
                <input
                  type="checkbox"
                  checked={accepted.has(field.key)}
                  onChange={(event) => props.onToggle([field.key], event.currentTarget.checked)}
                  onFocus={() => props.onShowPage(field.page)}
                />
                <span className="found-item">
                  <span>
                    <FormattedMessage
                      {...messages.item}
                      values={{
                        type: fieldTypeName(intl, field.type),
                        recipient: <bdi>{props.recipientName(field.role)}</bdi>,
                        page: field.page,
                      }}
                    />
                  </span>
                  <span className="found-origin">
                    <FormattedMessage
                      {...(field.source === "widget" ? messages.fromWidget : messages.fromTag)}
                      // A tag is markup read left to right, whatever script its names are in.
                      values={{ label: <bdi dir={field.source === "widget" ? undefined : "ltr"}>{field.label}</bdi> }}
                    />
                  </span>
                </span>
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      <NotPlaced found={found} />
      {overlapping > 0 && <p className="panel-hint">{intl.formatMessage(messages.overlap, { count: overlapping })}</p>}
      {found.fields.some((field) => field.cover !== undefined) && (
        <p className="panel-hint">{intl.formatMessage(messages.covered)}</p>
      )}
      {problem !== null && (
        <p role="alert" className="problem">
          {problem}
        </p>
      )}
      <div className="found-actions">
        <button
          type="button"
          className="primary"
          disabled={chosen.length === 0 || problem !== null}
          onClick={() => props.onPlace(chosen)}
        >
          {intl.formatMessage(messages.place, { count: chosen.length })}
        </button>
        <button type="button" onClick={props.onDismiss}>
          {intl.formatMessage(messages.dismiss)}
        </button>
      </div>
    </>
  );
}

function NotPlaced({ found }: { found: FieldsFound }) {
  const intl = useIntl();
  if (found.notes.length === 0) return null;
  return (
    <>
      <h3 className="found-notes-title">{intl.formatMessage(messages.notPlaced)}</h3>
      <ul className="found-notes">
        {found.notes.map((note, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: notes have no identity but their order, which never changes.
          <li key={index}>
            <FormattedMessage
              {...messages.note}
              values={{
                kind: note.kind,
                label: <bdi dir={note.tagType === undefined ? undefined : "ltr"}>{note.label}</bdi>,
                page: note.page,
                tagType: <bdi>{note.tagType ?? ""}</bdi>,
                most: limits.maxFieldsPerTemplate,
              }}
            />
          </li>
        ))}
      </ul>
    </>
  );
}
