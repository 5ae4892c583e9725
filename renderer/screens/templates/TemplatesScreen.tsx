import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import type { SigndeskApi } from "../../../common/contract";
import { defineMessages } from "../../../common/i18n/define-messages";
import type { TemplateRecord } from "../../../common/records";
import { screenTitles } from "../../../common/screen-titles";
import { templateVersions } from "../../../common/template-versions";
import { type UndoOffer, UndoToast } from "../../components/UndoToast";
import { useOpenDrafts } from "../../drafts/drafts-context";
import { isWordFileName } from "../../drafts/open-drafts";
import { unwrap, useResource } from "../../hooks/useResource";
import { formatPhrase } from "../../i18n/format-phrase";
import { templateKinds } from "../../outbox/outbox-words";
import { QueuedItems } from "../../outbox/QueuedItems";
import { AddTemplateByIdDialog } from "./AddTemplateByIdDialog";
import { DraftRow } from "./DraftRow";
import { DraftThumbnail } from "./DraftThumbnail";
import { RemoveTemplateDialog } from "./RemoveTemplateDialog";
import { RenameTemplateDialog } from "./RenameTemplateDialog";
import { readDraftFile } from "./read-dropped-file";
import { TemplateRow } from "./TemplateRow";
import "./templates.css";
import { useFileDrop } from "./useFileDrop";

const appName = "Signdesk";

const messages = defineMessages({
  converting: { id: "templates.screen.converting", defaultMessage: "Converting {fileName} to PDF…" },
  opening: { id: "templates.screen.opening", defaultMessage: "Opening {fileName}…" },
  draftGone: {
    id: "templates.screen.draftGone",
    defaultMessage:
      "The draft “{name}” was created from has been deleted, so there is no draft to make a new version from. Start a new draft from the PDF instead: its template will be listed separately.",
    description: "{name} is the template's name.",
  },
  addById: { id: "templates.screen.addById", defaultMessage: "Add a template by ID…" },
  newDraft: { id: "templates.screen.newDraft", defaultMessage: "New draft from a file…" },
  summary: {
    id: "templates.screen.summary",
    defaultMessage:
      "Open a PDF or Word file, or drop one anywhere on this window, to start a draft. Drafts stay on this computer until you create a template from them.",
  },
  drafts: { id: "templates.screen.drafts", defaultMessage: "Drafts" },
  loadingDrafts: { id: "templates.screen.loadingDrafts", defaultMessage: "Loading drafts…" },
  draftsFailed: { id: "templates.screen.draftsFailed", defaultMessage: "Drafts could not be read: {reason}" },
  folderProblems: {
    id: "templates.screen.folderProblems",
    defaultMessage:
      "{count, plural, one {# draft folder(s)} other {# draft folder(s)}} could not be read and are not listed: {reason}",
    description: "{reason} is why the first of them could not be read.",
  },
  noDrafts: { id: "templates.screen.noDrafts", defaultMessage: "No drafts yet." },
  deleted: { id: "templates.screen.deleted", defaultMessage: "Deleted “{name}”.", description: "A draft was deleted." },
  templatesCreated: { id: "templates.screen.templatesCreated", defaultMessage: "Templates created" },
  templatesCreatedWith: {
    id: "templates.screen.templatesCreatedWith",
    defaultMessage: "Templates created with {account}",
    description: "{account} is the name of the account at the signing service.",
  },
  queued: { id: "templates.screen.queued", defaultMessage: "Queued", description: "Templates waiting in the Outbox." },
  noTemplates: {
    id: "templates.screen.noTemplates",
    defaultMessage:
      "None yet: open a draft and choose “Create template”, or add a template made in the service’s web app by its ID.",
  },
  drop: { id: "templates.screen.drop", defaultMessage: "Drop a PDF or Word file to start a draft" },
  added: { id: "templates.screen.added", defaultMessage: "Added “{name}”: send it like the others with “Send…”." },
  renamed: {
    id: "templates.screen.renamed",
    defaultMessage: "Renamed to “{name}” in {appName}. The service keeps the name it was created with.",
  },
  removed: {
    id: "templates.screen.removed",
    defaultMessage: "Removed “{name}” from {appName}’s list. The service keeps the template.",
  },
});

interface TemplatesScreenProps {
  bridge: SigndeskApi;
  /** A problem to show on arrival (a file the editor began showing, which main then refused). */
  initialProblem?: string | null;
  /** The active account, whose templates are listed. */
  accountName: string | null;
  onOpenDraft: (id: string) => void;
  onSendTemplate: (templateId: string) => void;
  /** Send to many: a CSV file of recipients, one document per row. */
  onSendToMany: (templateId: string) => void;
}

export function TemplatesScreen({
  bridge,
  initialProblem = null,
  accountName,
  onOpenDraft,
  onSendTemplate,
  onSendToMany,
}: TemplatesScreenProps) {
  const intl = useIntl();
  const openDrafts = useOpenDrafts();
  const [drafts, reloadDrafts] = useResource(() => bridge.draftsList(), [bridge]);
  const [templates, reloadTemplates] = useResource(() => bridge.templatesList(), [bridge]);
  const [busy, setBusy] = useState<string | null>(null);
  const [addingById, setAddingById] = useState(false);
  const [removing, setRemoving] = useState<TemplateRecord | null>(null);
  const [renaming, setRenaming] = useState<TemplateRecord | null>(null);
  const [templateUse] = useResource(() => bridge.documentsTemplateUse(), [bridge]);
  const lastSent = useMemo(
    () =>
      new Map(
        templateUse.status === "ready" ? templateUse.value.map((entry) => [entry.templateId, entry.latestAt]) : [],
      ),
    [templateUse],
  );
  const [notice, setNotice] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(initialProblem);
  const [undo, setUndo] = useState<UndoOffer | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  // Back from the editor before main had made a new draft: the list is read again once it has.
  useEffect(() => {
    const made = openDrafts.draftsMade();
    if (made === null) return;
    let current = true;
    void made.then(() => {
      if (current) reloadDrafts();
    });
    return () => {
      current = false;
    };
  }, [openDrafts, reloadDrafts]);

  const createFrom = useCallback(
    async (file: File) => {
      setProblem(null);
      const read = await readDraftFile(intl, file);
      if (!read.ok) {
        setProblem(read.message);
        return;
      }
      setBusy(
        intl.formatMessage(isWordFileName(read.fileName) ? messages.converting : messages.opening, {
          fileName: read.fileName,
        }),
      );
      // A PDF's pages show in the editor as soon as pdf.js has read them, while main makes the draft.
      const made = await openDrafts.createFromFile(read.fileName, read.bytes);
      if (made.ok) {
        // The editor takes this screen's place; the list is read afresh when the screen comes back.
        onOpenDraft(made.id);
        return;
      }
      setProblem(made.message);
      setBusy(null);
    },
    [intl, openDrafts, onOpenDraft],
  );
  const dragging = useFileDrop(createFrom);

  /** The version listed in `template`'s place once it is removed: the newest one it superseded. */
  const replacementOf = (template: TemplateRecord) =>
    templates.status === "ready"
      ? templates.value
          .filter((record) => record.supersededBy === template.templateId)
          .sort((a, b) => (Date.parse(b.createdAt) || 0) - (Date.parse(a.createdAt) || 0))[0]
      : undefined;

  const newVersion = (template: TemplateRecord) => {
    setNotice(null);
    // While the drafts are still being read, the editor says so itself should the draft be gone.
    const gone = drafts.status === "ready" && !drafts.value.drafts.some((draft) => draft.id === template.draftId);
    if (template.draftId !== null && !gone) {
      onOpenDraft(template.draftId);
      return;
    }
    setProblem(intl.formatMessage(messages.draftGone, { name: template.name }));
  };

  const act = async (run: () => Promise<unknown>) => {
    setProblem(null);
    try {
      await run();
    } catch (error) {
      setProblem((error as Error).message);
    }
    reloadDrafts();
  };

  return (
    <section className="screen" aria-labelledby="templates-title">
      <header className="screen-header with-actions">
        <h1 id="templates-title" tabIndex={-1}>
          {screenTitles(intl).templates}
        </h1>
        <div className="header-actions">
          <button
            type="button"
            onClick={() => {
              setNotice(null);
              setAddingById(true);
            }}
          >
            {intl.formatMessage(messages.addById)}
          </button>
          <button type="button" className="primary" onClick={() => fileInput.current?.click()} disabled={busy !== null}>
            {intl.formatMessage(messages.newDraft)}
          </button>
          <input
            ref={fileInput}
            type="file"
            className="visually-hidden"
            accept=".pdf,.docx,.doc,application/pdf"
            tabIndex={-1}
            aria-hidden="true"
            data-testid="new-draft-input"
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = "";
              if (file !== undefined) void createFrom(file);
            }}
          />
        </div>
      </header>
      <div className="screen-body wide">
        <p className="screen-summary">{intl.formatMessage(messages.summary)}</p>
        {busy !== null && (
          <p className="notice" role="status">
            {busy}
          </p>
        )}
        {problem !== null && (
          <p className="problem" role="alert">
            {problem}
          </p>
        )}
        {notice !== null && (
          <p className="notice" role="status">
            {notice}
          </p>
        )}

        <h2>{intl.formatMessage(messages.drafts)}</h2>
        {drafts.status === "loading" && <p className="muted">{intl.formatMessage(messages.loadingDrafts)}</p>}
        {drafts.status === "failed" && (
          <p className="problem" role="alert">
            {intl.formatMessage(messages.draftsFailed, { reason: drafts.message })}
          </p>
        )}
        {drafts.status === "ready" && drafts.value.problems.length > 0 && (
          <p className="notice" role="status">
            {intl.formatMessage(messages.folderProblems, {
              count: drafts.value.problems.length,
              reason: formatPhrase(intl, drafts.value.problems[0]?.message ?? ""),
            })}
          </p>
        )}
        {drafts.status === "ready" && drafts.value.drafts.length === 0 && (
          <p className="muted">{intl.formatMessage(messages.noDrafts)}</p>
        )}
        {drafts.status === "ready" && drafts.value.drafts.length > 0 && (
          <ul className="draft-list" aria-label={intl.formatMessage(messages.drafts)}>
            {drafts.value.drafts.map((draft) => (
              <DraftRow
                key={draft.id}
                draft={draft}
                thumbnail={<DraftThumbnail bridge={bridge} draftId={draft.id} version={draft.updatedAt} />}
                onOpen={() => onOpenDraft(draft.id)}
                onRename={async (name) => {
                  const result = await bridge.draftsRename({ id: draft.id, name });
                  if (!result.ok) return result.error.message;
                  reloadDrafts();
                  return null;
                }}
                onDuplicate={() => void act(async () => unwrap(await bridge.draftsDuplicate({ id: draft.id })))}
                onDelete={() =>
                  void act(async () => {
                    unwrap(await bridge.draftsDelete({ id: draft.id }));
                    setUndo({
                      message: intl.formatMessage(messages.deleted, { name: draft.name }),
                      undo: () => void act(async () => unwrap(await bridge.draftsRestore({ id: draft.id }))),
                    });
                  })
                }
              />
            ))}
          </ul>
        )}

        <h2>
          {accountName === null ? (
            intl.formatMessage(messages.templatesCreated)
          ) : (
            <FormattedMessage {...messages.templatesCreatedWith} values={{ account: <bdi>{accountName}</bdi> }} />
          )}
        </h2>
        <QueuedItems
          kinds={templateKinds}
          heading={intl.formatMessage(messages.queued)}
          level={3}
          onChange={reloadTemplates}
        />
        {templates.status === "ready" && templates.value.length === 0 && (
          <p className="muted">{intl.formatMessage(messages.noTemplates)}</p>
        )}
        {templates.status === "failed" && <p role="alert">{templates.message}</p>}
        {templates.status === "ready" && templates.value.length > 0 && (
          <ul className="template-list" aria-label={intl.formatMessage(messages.templatesCreated)}>
            {templateVersions(templates.value)
              .reverse()
              .map((versions) => (
                <TemplateRow
                  key={versions.current.templateId}
                  bridge={bridge}
                  versions={versions}
                  lastSent={lastSent}
                  onSend={(template) => onSendTemplate(template.templateId)}
                  onSendToMany={(template) => onSendToMany(template.templateId)}
                  onRename={(template) => {
                    setNotice(null);
                    setRenaming(template);
                  }}
                  onNewVersion={newVersion}
                  onRemove={(template) => {
                    setNotice(null);
                    setRemoving(template);
                  }}
                />
              ))}
          </ul>
        )}
      </div>
      {dragging && (
        <div className="drop-overlay" aria-hidden="true">
          {intl.formatMessage(messages.drop)}
        </div>
      )}
      <UndoToast offer={undo} onDone={() => setUndo(null)} />
      {addingById && (
        <AddTemplateByIdDialog
          bridge={bridge}
          accountName={accountName}
          onClose={() => setAddingById(false)}
          onAdded={(template) => {
            setAddingById(false);
            setProblem(null);
            setNotice(intl.formatMessage(messages.added, { name: template.name }));
            reloadTemplates();
          }}
        />
      )}
      {renaming !== null && (
        <RenameTemplateDialog
          bridge={bridge}
          template={renaming}
          onClose={() => setRenaming(null)}
          onRenamed={(template) => {
            setRenaming(null);
            setProblem(null);
            setNotice(intl.formatMessage(messages.renamed, { name: template.name, appName }));
            reloadTemplates();
          }}
        />
      )}
      {removing !== null && (
        <RemoveTemplateDialog
          bridge={bridge}
          template={removing}
          replacement={removing.supersededBy === undefined ? replacementOf(removing) : undefined}
          onClose={(confirmed) => {
            const removed = removing;
            setRemoving(null);
            if (!confirmed) return;
            setProblem(null);
            setNotice(intl.formatMessage(messages.removed, { name: removed.name, appName }));
            reloadTemplates();
            requestAnimationFrame(() => document.getElementById("templates-title")?.focus());
          }}
        />
      )}
    </section>
  );
}
