import { execFile } from "node:child_process";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";

const run = promisify(execFile);

function soffice(): string {
  return process.env.SOFFICE_PATH ?? "soffice";
}

function profileArgument(profile: string): string {
  return `-env:UserInstallation=${pathToFileURL(profile).href}`;
}

/**
 * A Basic macro that opens `source` hidden and stores it with `filter` and a password: `--convert-to` cannot set
 * one (its filter options do not reach the encryption), while storeToURL's EncryptionData does. OOXPassword and
 * CryptoType encrypt an Office Open XML file (an OLE file with EncryptionInfo and EncryptedPackage); Password a
 * legacy .doc. A failure is written to `<target>.error`, and LibreOffice is told to quit.
 */
const basic = `
Sub Protect(source As String, target As String, filter As String, secret As String)
  On Error GoTo Failed
  Dim load(0) As New com.sun.star.beans.PropertyValue
  load(0).Name = "Hidden"
  load(0).Value = True
  Dim doc As Object
  doc = StarDesktop.loadComponentFromURL(ConvertToURL(source), "_blank", 0, load())
  Dim key(1) As New com.sun.star.beans.NamedValue
  key(0).Name = "OOXPassword"
  key(0).Value = secret
  key(1).Name = "CryptoType"
  key(1).Value = "Standard"
  Dim store(2) As New com.sun.star.beans.PropertyValue
  store(0).Name = "FilterName"
  store(0).Value = filter
  store(1).Name = "EncryptionData"
  store(1).Value = key
  store(2).Name = "Password"
  store(2).Value = secret
  doc.storeToURL(ConvertToURL(target), store())
  doc.close(True)
  Exit Sub
Failed:
  Dim f As Integer
  f = FreeFile
  Open target & ".error" For Output As #f
  Print #f, Error$ & " at line " & Erl
  Close #f
  StarDesktop.terminate()
End Sub
`;

/** The macro as the module file of a Basic library. */
const moduleFile = `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE script:module PUBLIC "-//OpenOffice.org//DTD OfficeDocument 1.0//EN" "module.dtd">
<script:module xmlns:script="http://openoffice.org/2000/script" script:name="Module1" script:language="StarBasic">${basic
  .replaceAll("&", "&amp;")
  .replaceAll("<", "&lt;")
  .replaceAll('"', "&quot;")}</script:module>
`;

/** A real Word file, written by LibreOffice itself from plain text (`format` as --convert-to takes it). */
export async function wordFromText(work: string, text: string, format: string, extension: string): Promise<string> {
  const base = `${extension}-source`;
  await writeFile(path.join(work, `${base}.txt`), text);
  await run(soffice(), [
    profileArgument(path.join(work, "profile")),
    "--headless",
    "--convert-to",
    format,
    "--outdir",
    work,
    path.join(work, `${base}.txt`),
  ]);
  return path.join(work, `${base}.${extension}`);
}

/**
 * A real password-protected Word file, written by LibreOffice from plain text with the password "secret":
 * `filter` "MS Word 2007 XML" for an encrypted .docx, "MS Word 97" for an encrypted .doc. Runs the macro above
 * from a private profile (its own "My Macros" library, which LibreOffice trusts).
 */
export async function protectedWordFromText(
  work: string,
  text: string,
  filter: "MS Word 2007 XML" | "MS Word 97",
  extension: string,
): Promise<Uint8Array> {
  const profile = path.join(work, "macro-profile");
  const source = path.join(work, `protected-${extension}.txt`);
  const target = path.join(work, `protected.${extension}`);
  await writeFile(source, text);
  // The profile is made by a first start; then its Standard library's module holds the macro.
  await run(soffice(), [profileArgument(profile), "--headless", "--terminate_after_init"], { timeout: 60_000 });
  const library = path.join(profile, "user", "basic", "Standard");
  await mkdir(library, { recursive: true });
  await writeFile(path.join(library, "Module1.xba"), moduleFile);
  const call = `macro:///Standard.Module1.Protect("${source}","${target}","${filter}","secret")`;
  await run(soffice(), [profileArgument(profile), "--headless", "--norestore", call], { timeout: 60_000 });
  try {
    return new Uint8Array(await readFile(target));
  } catch {
    const reason = await readFile(`${target}.error`, "utf8").catch(() => "no file and no error written");
    throw new Error(`LibreOffice did not write the protected ${extension}: ${reason}`);
  }
}
