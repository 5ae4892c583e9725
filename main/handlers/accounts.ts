import type { AccountService } from "../accounts/accounts";
import type { HandlerImplementations } from "../dispatch";

export function accountHandlers(
  accounts: AccountService,
  onActiveChanged: () => void,
  /** An account's key or address changed: what waited for it (a refused key) may go now. */
  onUpdated: (id: string) => void = () => {},
): Pick<
  HandlerImplementations,
  "accountsList" | "accountsAdd" | "accountsUpdate" | "accountsRemove" | "accountsSetActive" | "accountsTestConnection"
> {
  return {
    accountsList: () => ({ accounts: accounts.list(), activeAccountId: accounts.active()?.id ?? null }),
    accountsAdd: (input) => accounts.add(input),
    accountsUpdate: async ({ id, ...changes }) => {
      const account = await accounts.update(id, changes);
      onUpdated(id);
      return account;
    },
    accountsRemove: async ({ id }) => {
      await accounts.remove(id);
      onActiveChanged();
      return null;
    },
    accountsSetActive: ({ id }) => {
      const account = accounts.setActive(id);
      onActiveChanged();
      return account;
    },
    accountsTestConnection: ({ id }) => accounts.testConnection(id),
  };
}
