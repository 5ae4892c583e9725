import type { SandboxContext } from "../context";

/** The messages the sandbox "e-mailed" for one user's documents, newest first, without the owner's id. */
export function outboxOf(context: SandboxContext, userId: string) {
  return context.store.state.outbox
    .filter((message) => message.userId === userId)
    .map(({ userId: _owner, ...message }) => message)
    .reverse();
}
