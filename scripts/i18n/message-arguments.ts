import {
  isArgumentElement,
  isDateElement,
  isNumberElement,
  isPluralElement,
  isPoundElement,
  isSelectElement,
  isTagElement,
  isTimeElement,
  type MessageFormatElement,
  parse,
} from "@formatjs/icu-messageformat-parser";

/** Each argument of a message and how it is used ("count:plural", "name:argument", "b:tag"), sorted. */
export function messageArguments(message: string): string[] {
  const found = new Set<string>();
  const walk = (elements: MessageFormatElement[]) => {
    for (const element of elements) {
      if (isArgumentElement(element)) found.add(`${element.value}:argument`);
      else if (isNumberElement(element)) found.add(`${element.value}:number`);
      else if (isDateElement(element)) found.add(`${element.value}:date`);
      else if (isTimeElement(element)) found.add(`${element.value}:time`);
      else if (isTagElement(element)) {
        found.add(`${element.value}:tag`);
        walk(element.children);
      } else if (isPluralElement(element) || isSelectElement(element)) {
        const kind = isSelectElement(element)
          ? "select"
          : element.pluralType === "ordinal"
            ? "selectordinal"
            : "plural";
        found.add(`${element.value}:${kind}`);
        for (const option of Object.values(element.options)) walk(option.value);
      } else if (isPoundElement(element)) {
        // '#' is the enclosing plural's number: not an argument of its own.
      }
    }
  };
  walk(parse(message));
  return [...found].sort();
}

/** The plural and selectordinal elements of a message, with the categories each offers (exact "=n" left out). */
export function pluralCategoriesUsed(message: string): { argument: string; ordinal: boolean; categories: string[] }[] {
  const found: { argument: string; ordinal: boolean; categories: string[] }[] = [];
  const walk = (elements: MessageFormatElement[]) => {
    for (const element of elements) {
      if (isTagElement(element)) walk(element.children);
      if (isPluralElement(element)) {
        found.push({
          argument: element.value,
          ordinal: element.pluralType === "ordinal",
          categories: Object.keys(element.options).filter((key) => !key.startsWith("=")),
        });
      }
      if (isPluralElement(element) || isSelectElement(element)) {
        for (const option of Object.values(element.options)) walk(option.value);
      }
    }
  };
  walk(parse(message));
  return found;
}

/** The words of a message a person reads, without its arguments and tags' names: what "left in English" compares. */
export function literalText(message: string): string {
  let text = "";
  const walk = (elements: MessageFormatElement[]) => {
    for (const element of elements) {
      if (element.type === 0) text += element.value;
      if (isTagElement(element)) walk(element.children);
      if (isPluralElement(element) || isSelectElement(element)) {
        for (const option of Object.values(element.options)) walk(option.value);
      }
    }
  };
  walk(parse(message));
  return text;
}
