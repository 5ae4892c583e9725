import { randomBytes, randomUUID } from "node:crypto";
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import type { SandboxState, SignedDocument, Template } from "../../sandbox/state/schema.ts";

const kinds = ["Lease", "NDA", "Offer letter", "Consent form", "Sales agreement", "Invoice approval"];
const people = ["Ada Lovelace", "Grace Hopper", "Alan Turing", "Barbara Liskov", "Donald Knuth", "Émile Zola"];

/**
 * Adds `count` documents (and the one template they name) for the sandbox's only user to its state.json, written
 * while the sandbox is closed: a benchmark gets a service that lists 100,000 documents without 100,000 requests.
 * Documents vary in name, recipients and status; a few are declined, none is finalized (a final PDF needs a file).
 */
export async function seedSandboxDocuments(dataDir: string, count: number): Promise<void> {
  const file = path.join(dataDir, "state.json");
  const state = JSON.parse(await readFile(file, "utf8")) as SandboxState;
  const user = state.users[0];
  if (user === undefined) throw new Error("The sandbox has no user to seed documents for.");
  const createdAt = new Date().toISOString();
  const template: Template = {
    id: randomUUID(),
    userId: user.id,
    name: "Seeded agreement",
    storageKey: `templates/${user.id}/seeded.pdf`,
    file: "files/templates/seeded.pdf",
    sha256: "0".repeat(64),
    pages: [{ cropBox: [0, 0, 612, 792], rotation: 0 }],
    groups: [[{ id: "s", x: 72, y: 600, page: 1, type: "Signature", recipient: 1 }]],
    autoRelease: true,
    createdAt,
  };
  state.templates.push(template);
  for (let index = 0; index < count; index += 1) {
    const person = people[index % people.length] ?? "Ada Lovelace";
    const declined = index % 13 === 0;
    const document: SignedDocument = {
      id: randomUUID(),
      userId: user.id,
      templateId: template.id,
      name: `${kinds[index % kinds.length]} ${index}`,
      emailSubject: null,
      status: declined ? "declined" : index % 3 === 0 ? "partially_signed" : "pending",
      createdAt,
      recipients: [
        {
          name: person,
          email: `${person.split(" ")[0]?.toLowerCase()}.${index}@example.com`,
          hash: randomBytes(16).toString("hex"),
          group: 1,
          status: declined ? "declined" : "pending",
          actedAt: declined ? createdAt : null,
          ipAddress: null,
          values: {},
        },
      ],
      final: null,
    };
    state.documents.push(document);
  }
  await writeFile(file, JSON.stringify(state));
}
