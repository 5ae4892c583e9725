import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

export interface PrivateCa {
  /** The root's certificate (PEM file): a test "system store" (SSL_CERT_FILE) holds it alone. */
  rootFile: string;
  /** The server's key and certificate (PEM), signed by the root. */
  key: Buffer;
  cert: Buffer;
}

/**
 * A company's private root and a server certificate it signed for `altNames` ("IP:127.0.0.1", "DNS:service.test"),
 * made with openssl in `folder`: what a TLS-inspecting gateway or an on-premises service presents.
 */
export function makePrivateCa(folder: string, altNames: string[]): PrivateCa {
  const file = (name: string) => path.join(folder, name);
  const openssl = (...args: string[]) => execFileSync("openssl", args, { stdio: "pipe" });
  openssl(
    "req",
    "-x509",
    "-newkey",
    "rsa:2048",
    "-nodes",
    "-days",
    "2",
    "-subj",
    "/CN=Signdesk Test Company Root",
    "-keyout",
    file("root.key"),
    "-out",
    file("root.pem"),
  );
  openssl(
    "req",
    "-newkey",
    "rsa:2048",
    "-nodes",
    "-subj",
    `/CN=${altNames[0]?.replace(/^\w+:/, "") ?? "server"}`,
    "-keyout",
    file("server.key"),
    "-out",
    file("server.csr"),
  );
  writeFileSync(file("ext.cnf"), `subjectAltName=${altNames.join(",")}\n`);
  openssl(
    "x509",
    "-req",
    "-in",
    file("server.csr"),
    "-CA",
    file("root.pem"),
    "-CAkey",
    file("root.key"),
    "-CAcreateserial",
    "-days",
    "2",
    "-extfile",
    file("ext.cnf"),
    "-out",
    file("server.pem"),
  );
  return { rootFile: file("root.pem"), key: readFileSync(file("server.key")), cert: readFileSync(file("server.pem")) };
}
