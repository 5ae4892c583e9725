import { z } from "zod";
import { LocaleChoiceSchema, LocaleSchema } from "./locales";

/** The language the window shows, and what the person chose (a language, or "system"). */
export const LocaleStateSchema = z.object({ choice: LocaleChoiceSchema, locale: LocaleSchema });
export type LocaleState = z.infer<typeof LocaleStateSchema>;
