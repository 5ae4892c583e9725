import type { AccountService } from "../accounts/accounts";
import type { HandlerImplementations } from "../dispatch";

export function accountHandlers(
  accounts: AccountService,
  onActiveChanged: () => void,
): Pick<
  HandlerImplementations,
  "accountsList" | "accountsAdd" | "accountsUpdate" | "accountsRemove" | "accountsSetActive" | "accountsTestConnection"
> {
  return {
    accountsList: () => ({ accounts: accounts.list(), activeAccountId: accounts.active()?.id ?? null }),
    accountsAdd: (input) => accounts.add(input),
    accountsUpdate: ({ id, ...changes }) => accounts.update(id, changes),
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
