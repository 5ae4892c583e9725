import type { Account } from "../../common/accounts";
import type { DocumentSummary } from "../../common/wire";
import type { CoreParts } from "../core-parts";
import type { DocumentStreamOutcome } from "../service/document-stream";
import { ServiceError } from "../service/service-error";

/** What the baseline needs of the core. */
export type BaselineDeps = Pick<CoreParts, "records" | "clientFor" | "clock">;

/** How `ensure` went: the listing was read by this call or an earlier one, or the service could not be reached. */
export type Ensured = "listed" | "known" | ServiceError;

/**
 * What a send whose answer is lost is compared with: the documents that existed before it. The service's listing is
 * the only way to learn of documents made outside Signdesk, and it has no pages, no filter and no creation time, so
 * reading it costs as much as the account is large. It is read once per session and account, before that session's
 * first send (`ensure`), and again only to check a lost answer (`list`, find-lost-sends.ts). Every listing read keeps
 * the documents it shows that Signdesk has not recorded, each under the number of the first listing that showed it
 * (records/service-listings.ts); what Signdesk sends or imports is in its records. A send names, when its request
 * leaves, the newest listing read to its end (`current`); after a lost answer a listed document is a candidate only
 * if it is neither recorded nor kept under that listing or an earlier one (`existedBefore`).
 *
 * Why that is safe although the looks after the loss, and the next session's listing, show documents made since:
 * - A document kept under a listing ≤ the send's existed before the send's request left. `current` names a listing
 *   only once it, and every listing of the account begun before it, has ended: so whatever is kept under a number
 *   ≤ the send's was read before the send named it. (Listings begun earlier but still being read keep what they read
 *   under their lower number: hence the second condition.)
 * - The lost send's own document is never kept under its listing or an earlier one: it did not exist when they were
 *   read, and a listing read later (a look, the next session's) keeps it under a higher number.
 * - A document recorded by Signdesk is another send's or an import's: never a candidate (as before).
 *
 * What no listing after the loss can tell: a document made outside Signdesk (the service's web app, another
 * computer) after the newest listing was read and before the send, to the same people (of the same template, when
 * the listing names templates). The listing carries nothing that dates it, so it looks exactly like the lost send's.
 * When the service did make the lost send, both are candidates and the send fails as "probably sent" for the person
 * to decide: nothing is sent twice. When it never made it, that document is taken for it and the send is marked
 * sent. Only a listing read before every send closes that window, at the price this replaces (the whole account over
 * the network before each send); instead the window runs from the newest listing: this session's first send, or the
 * last look after a lost answer, whichever came later.
 */
export class SendBaseline {
  /** Per account: this session's listing, being read or read (removed when it could not be read). */
  private readonly sessions = new Map<string, Promise<Ensured>>();
  /** Per account: the numbers of the listings being read now. */
  private readonly reading = new Map<string, Set<number>>();
  private readonly stopping = new AbortController();

  constructor(private readonly deps: BaselineDeps) {}

  /**
   * Reads the account's listing unless this session read it already (or is reading it: the call waits for that
   * read). Answers the error when the service cannot be reached (the send waits and this is asked again later);
   * throws what is not the service's failure (no key stored…), and the next call reads it again.
   */
  async ensure(account: Account): Promise<Ensured> {
    const known = this.sessions.get(account.id);
    if (known !== undefined) return (await known) === "listed" ? "known" : await known;
    const session = this.readOnce(account);
    this.sessions.set(account.id, session);
    const outcome = await session.catch((error: unknown) => {
      if (this.sessions.get(account.id) === session) this.sessions.delete(account.id);
      throw error;
    });
    // Unreachable: asked again at the next send. Read, or refused by the service: not again this session.
    if (outcome instanceof ServiceError && this.sessions.get(account.id) === session) this.sessions.delete(account.id);
    return outcome;
  }

  /**
   * Reads the account's listing, handing each batch on; what it shows is kept for later sends to be compared with
   * (each look after a lost answer keeps the baseline current this way). Throws what the client throws.
   */
  async list(
    account: Account,
    onBatch: (documents: DocumentSummary[]) => void,
    options: { signal?: AbortSignal } = {},
  ): Promise<DocumentStreamOutcome> {
    const { records, clientFor, clock } = this.deps;
    const at = () => new Date(clock.now()).toISOString();
    const listingId = records.listings.begin(account.id, at());
    const reading = this.reading.get(account.id) ?? new Set<number>();
    this.reading.set(account.id, reading);
    reading.add(listingId);
    try {
      const signal =
        options.signal === undefined ? this.stopping.signal : AbortSignal.any([options.signal, this.stopping.signal]);
      const outcome = await clientFor(account).getAllDocumentsInBatches(
        (documents) => {
          if (this.stopping.signal.aborted) return;
          records.listings.note(
            listingId,
            account.id,
            documents.map((document) => document.id),
          );
          onBatch(documents);
        },
        { signal },
      );
      if (!this.stopping.signal.aborted) records.listings.complete(listingId, at());
      return outcome;
    } finally {
      reading.delete(listingId);
    }
  }

  /**
   * The listing a send whose request leaves now is compared with: the newest one read to its end, provided every
   * listing of the account begun before it has ended too (null: none).
   */
  current(accountId: string): number | null {
    const reading = this.reading.get(accountId);
    const below = reading === undefined || reading.size === 0 ? null : Math.min(...reading);
    return this.deps.records.listings.latest(accountId, below);
  }

  /** Whether a document was shown by the send's listing or an earlier one (null: the send named none). */
  existedBefore(accountId: string, listingId: number | null): (pdfId: string) => boolean {
    const { listings } = this.deps.records;
    return (pdfId) => listingId !== null && listings.listedBy(accountId, pdfId, listingId);
  }

  /** The account's key or address changed: its service may be another, whose listing the next send reads. */
  forget(accountId: string): void {
    this.sessions.delete(accountId);
  }

  /** The app quits: the listings being read stop, before the records close. */
  close(): void {
    this.stopping.abort();
  }

  private async readOnce(account: Account): Promise<Ensured> {
    try {
      // No limit on the whole read (it grows with the account and is read once a session): only a stall ends it.
      await this.list(account, () => {});
      return "listed";
    } catch (error) {
      if (this.stopping.signal.aborted) return "known";
      if (!(error instanceof ServiceError)) throw error;
      if (error.category === "network" || error.category === "timeout") return error;
      // Listed in part or not at all for another reason (the service's own error, an answer in another form): sends
      // go on, compared with the newest listing read earlier and with the records.
      return "known";
    }
  }
}
