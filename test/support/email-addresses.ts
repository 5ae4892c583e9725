/** A valid e-mail address of `length` characters with `local` of them before the @ (domain labels of 63 at most). */
export function addressOfLength(length: number, local = 64): string {
  const domainLength = length - local - 1;
  let domain = "com";
  while (domain.length < domainLength) {
    domain = `${"d".repeat(Math.max(1, Math.min(63, domainLength - domain.length - 1)))}.${domain}`;
  }
  return `${"l".repeat(local)}@${domain}`;
}
