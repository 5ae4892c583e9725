/**
 * What a form's text field asks for, read from its name or tooltip, in English and the app's other languages
 * (de, fr, es, pt, it, nl, pl, ja, zh, ar, he). Words of scripts that separate words (Latin, Arabic, Hebrew) match
 * whole words of the name (camelCase, `_`, `-`, `.`, brackets split it); Japanese and Chinese ones match anywhere.
 */

export type NamedKind = "Email" | "Date" | "Initials" | "Name";

const keywords: Record<NamedKind, readonly string[]> = {
  Email: [
    "email",
    "e-mail",
    "mail",
    "email address",
    "e-mail-adresse",
    "courriel",
    "correo",
    "correo electrónico",
    "emailadres",
    "e-mailadres",
    "メール",
    "メールアドレス",
    "邮箱",
    "电子邮件",
    "電子郵件",
    "البريد",
    "البريد الإلكتروني",
    'דוא"ל',
    "דואל",
    "דואר אלקטרוני",
  ],
  Date: [
    "date",
    "dated",
    "dob",
    "datum",
    "geburtsdatum",
    "unterschriftsdatum",
    "fecha",
    "data",
    "date de naissance",
    "data urodzenia",
    "日付",
    "年月日",
    "日期",
    "تاريخ",
    "التاريخ",
    "תאריך",
  ],
  Initials: [
    "initials",
    "initialen",
    "paraphe",
    "paraphes",
    "iniciales",
    "iniciais",
    "iniziali",
    "parafa",
    "parafe",
    "イニシャル",
    "首字母",
    "缩写签名",
    "الأحرف الأولى",
    "ראשי תיבות",
  ],
  Name: [
    "name",
    "full name",
    "first name",
    "last name",
    "surname",
    "vorname",
    "nachname",
    "nom",
    "prénom",
    "nombre",
    "apellido",
    "apellidos",
    "nome",
    "cognome",
    "sobrenome",
    "naam",
    "voornaam",
    "achternaam",
    "imię",
    "nazwisko",
    "氏名",
    "名前",
    "姓名",
    "名字",
    "الاسم",
    "اسم",
    "שם",
    "שם מלא",
  ],
};

/**
 * Words that make a "name" something other than a person's name (a company's, a file's): the field stays Text.
 * Dates and e-mail addresses of a company are still dates and addresses, so only Name is vetoed.
 */
const notAPersonsName = [
  "company",
  "business",
  "organisation",
  "organization",
  "firm",
  "file",
  "product",
  "project",
  "bank",
  "street",
  "city",
  "account",
  "domain",
  "user",
  "address",
  "agency",
  "institution",
  "firma",
  "unternehmen",
  "datei",
  "adresse",
  "anschrift",
  "behörde",
  "entreprise",
  "société",
  "agence",
  "organisme",
  "fichier",
  "empresa",
  "dirección",
  "endereço",
  "indirizzo",
  "adres",
  "organismo",
  "archivo",
  "arquivo",
  "azienda",
  "società",
  "bedrijf",
  "bestand",
  "plik",
  "住所",
  "地址",
  "العنوان",
  "כתובת",
  "会社",
  "公司",
  "文件",
  "الشركة",
  "חברה",
];

/**
 * "data" is a date in Portuguese, Italian and Polish, but English data beside these words (personal data, data
 * protection, a data set): then only another date word makes the field a Date.
 */
const englishData = ["personal", "protection", "processing", "privacy", "consent", "entry", "set", "sheet", "source"];
const onlyEnglishData = (words: string) =>
  englishData.some((word) => says(words, word)) &&
  !keywords.Date.some((keyword) => keyword !== "data" && says(words, keyword));

/**
 * A row of a table of people (Acrobat names a table's cells "…Row1", "…Row2"): a list to fill in, not the signer's
 * own name, so the field stays Text.
 */
const tableRow = /Row\s*\d+$/i;

/** Latin, Arabic and Hebrew words split a name into words; CJK writes none between them. */
const noSpaces = /[\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff]/u;

/** A name's words, lower case, one space between: "BuyerEmailAddress[0]" → "buyer email address 0". */
export function wordsOf(name: string): string {
  return name
    .replace(/(\p{Ll})(\p{Lu})/gu, "$1 $2")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}"]+/gu, " ")
    .trim();
}

function says(words: string, keyword: string): boolean {
  if (noSpaces.test(keyword)) return words.includes(keyword);
  const phrase = wordsOf(keyword);
  return ` ${words} `.includes(` ${phrase} `);
}

const order: readonly NamedKind[] = ["Email", "Date", "Initials", "Name"];

/** What one name says its field holds, or null when it says none of these. */
export function kindNamed(name: string): NamedKind | null {
  const words = wordsOf(name);
  if (words === "") return null;
  for (const kind of order) {
    if (!keywords[kind].some((keyword) => says(words, keyword))) continue;
    if (kind === "Name" && (notAPersonsName.some((veto) => says(words, veto)) || tableRow.test(name))) return null;
    if (kind === "Date" && onlyEnglishData(words)) continue;
    return kind;
  }
  return null;
}
