import { ServiceError } from "../../main/service/service-error";

/** What `call` rejects with; the test fails when it resolves. */
export async function failure(call: Promise<unknown>): Promise<unknown> {
  return call.then(
    () => {
      throw new Error("expected the call to fail");
    },
    (thrown: unknown) => thrown,
  );
}

/** The ServiceError `call` rejects with; the test fails when it resolves or rejects with anything else. */
export async function serviceFailure(call: Promise<unknown>): Promise<ServiceError> {
  const thrown = await failure(call);
  if (!(thrown instanceof ServiceError)) throw thrown;
  return thrown;
}
