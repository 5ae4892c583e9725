import {
  isLiteralElement,
  isPluralElement,
  isSelectElement,
  isTagElement,
  type MessageFormatElement,
  parse,
} from "@formatjs/icu-messageformat-parser";
import type { PseudoLocale } from "./locales";

/**
 * Pseudo-locales, after Android's: en-XA puts accents on every letter, brackets each message and makes it 40%
 * longer, so clipped or concatenated text shows; ar-XB turns each word right-to-left (RLO…PDF) inside a right-to-
 * left mark, so the layout mirrors as in Arabic while staying readable. Only the literal text changes: arguments,
 * plurals and tags keep working, which is why this walks the parsed message rather than the string.
 */
export type ParsedCatalog = Record<string, MessageFormatElement[]>;

const accented: Record<string, string> = Object.fromEntries(
  [..."abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"].map((letter, index) => [
    letter,
    [..."åƀçđéƒĝĥîĵķļɱñöþǫŕšţûṽŵẋýžÅƁÇĐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽ"][index] ?? letter,
  ]),
);
const padding = "one two three four five six seven eight nine ten".split(" ");

function accent(text: string): string {
  return [...text].map((char) => accented[char] ?? char).join("");
}

/** Words that make a message of `length` letters 40% longer. */
function padFor(length: number): string {
  const extra = Math.ceil(length * 0.4);
  let pad = "";
  for (let word = 0; pad.length < extra; word += 1) pad += ` ${padding[word % padding.length]}`;
  return pad.slice(0, extra);
}

function literalLength(elements: MessageFormatElement[]): number {
  let length = 0;
  mapLiterals(elements, (text) => {
    length += text.length;
    return text;
  });
  return length;
}

function rightToLeft(text: string): string {
  return text.replace(/[^\s]+/gu, (word) => `\u202e${word}\u202c`);
}

function mapLiterals(elements: MessageFormatElement[], map: (text: string) => string): MessageFormatElement[] {
  return elements.map((element) => {
    if (isLiteralElement(element)) return { ...element, value: map(element.value) };
    if (isTagElement(element)) return { ...element, children: mapLiterals(element.children, map) };
    if (isPluralElement(element) || isSelectElement(element)) {
      const options = Object.fromEntries(
        Object.entries(element.options).map(([key, option]) => [
          key,
          { ...option, value: mapLiterals(option.value, map) },
        ]),
      );
      return { ...element, options } as MessageFormatElement;
    }
    return element;
  });
}

function pseudoMessage(message: string, locale: PseudoLocale): MessageFormatElement[] {
  const parsed = parse(message);
  if (locale === "ar-XB") {
    return [
      { type: 0, value: "\u200f" },
      ...mapLiterals(parsed, rightToLeft),
      { type: 0, value: "\u200f" },
    ] as MessageFormatElement[];
  }
  // The padding goes at the end of the whole message, once: a plural's longest branch sets it.
  return [
    { type: 0, value: "[" },
    ...mapLiterals(parsed, accent),
    { type: 0, value: `${padFor(literalLength(parsed))}]` },
  ] as MessageFormatElement[];
}

/** The source catalog turned into `locale`, parsed. */
export function pseudoCatalog(source: Record<string, string>, locale: PseudoLocale): ParsedCatalog {
  return Object.fromEntries(Object.entries(source).map(([id, message]) => [id, pseudoMessage(message, locale)]));
}
