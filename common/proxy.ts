import { z } from "zod";

/**
 * A proxy as the system's settings name it: "host:port" (an IPv6 host in brackets). What the sign-in dialog shows and
 * the keychain keeps its user name and password under.
 */
export const ProxyAddressSchema = z
  .string()
  .max(300)
  .regex(/^(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9.-]+):\d{1,5}$/, "A proxy is named host:port.");

/** Limits of what the proxy sign-in form accepts (a password may be empty: some proxies check the user name only). */
export const proxyUserNameMaxLength = 256;
export const proxyPasswordMaxLength = 1024;

export const ProxyCredentialsSchema = z.object({
  username: z
    .string()
    .min(1, "Enter the user name the proxy asks for.")
    .max(proxyUserNameMaxLength)
    // Basic authentication puts a colon between the name and the password: a name cannot contain one.
    .refine((name) => !name.includes(":"), "A proxy user name cannot contain a colon."),
  password: z.string().max(proxyPasswordMaxLength),
});
export type ProxyCredentials = z.infer<typeof ProxyCredentialsSchema>;
