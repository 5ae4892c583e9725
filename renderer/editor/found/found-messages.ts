import { defineMessages } from "../../../common/i18n/define-messages";

export const foundMessages = defineMessages({
  title: {
    id: "editor.found.title",
    defaultMessage: "Found in the document",
    description: "Editor panel: fields found in the document's own form fields and text tags, to review and place.",
  },
  hint: {
    id: "editor.found.hint",
    defaultMessage: "Form fields and text tags such as {example} can be placed for you, after you review them.",
    description: "{example} is a text tag as written in a document, such as {{signature, r1}}.",
  },
  find: { id: "editor.found.find", defaultMessage: "Find fields" },
  findAgain: { id: "editor.found.findAgain", defaultMessage: "Look again" },
  finding: { id: "editor.found.finding", defaultMessage: "Looking for form fields and text tags…" },
  nothing: { id: "editor.found.nothing", defaultMessage: "No form fields or text tags were found in this document." },
  failed: { id: "editor.found.failed", defaultMessage: "Could not look for fields: {reason}" },
  summary: {
    id: "editor.found.summary",
    defaultMessage:
      "{fields, plural, one {# field} other {# fields}} on {pages, plural, one {# page} other {# pages}} for {recipients, plural, one {# recipient} other {# recipients}}",
  },
  list: { id: "editor.found.list", defaultMessage: "Fields to place" },
  all: { id: "editor.found.all", defaultMessage: "Select all" },
  item: {
    id: "editor.found.item",
    defaultMessage: "{type} for {recipient}, page {page, number, ::group-off}",
    description: "A found field in the review list: its kind, who fills it in, and its page.",
  },
  fromWidget: {
    id: "editor.found.fromWidget",
    defaultMessage: "form field “{label}”",
    description: "Where a found field came from: a field of the PDF's own form, by its name.",
  },
  fromTag: {
    id: "editor.found.fromTag",
    defaultMessage: "tag {label}",
    description: "Where a found field came from: a text tag written in the document, such as {{signature, r1}}.",
  },
  place: {
    id: "editor.found.place",
    defaultMessage: "{count, plural, =0 {Place fields} one {Place # field} other {Place # fields}}",
  },
  dismiss: { id: "editor.found.dismiss", defaultMessage: "Dismiss" },
  placed: {
    id: "editor.found.placed",
    defaultMessage:
      "{count, plural, one {# field placed.} other {# fields placed.}} Undo takes {count, plural, one {it} other {them all}} back in one step.",
  },
  covered: {
    id: "editor.found.covered",
    defaultMessage: "Text tags are painted over in the PDF that is uploaded, so recipients never see them.",
  },
  tooMany: {
    id: "editor.found.tooMany",
    defaultMessage:
      "With these fields, the template would have {total, number} fields; it can have at most {most, number}. Untick some.",
  },
  tooManyGroups: {
    id: "editor.found.tooManyGroups",
    defaultMessage:
      "With these fields, the draft would have {total, number} recipients; a template can have at most {most, number}. Untick some.",
  },
  overlap: {
    id: "editor.found.overlap",
    defaultMessage:
      "Fields that overlap others: {count, number}. Move them after placing, so that recipients can reach each one.",
    description: "Under the review list: how many of the ticked fields would overlap another field on their page.",
  },
  notPlaced: { id: "editor.found.notPlaced", defaultMessage: "Not placed" },
  note: {
    id: "editor.found.note",
    defaultMessage:
      "{kind, select, radioGroup {Radio buttons “{label}”, page {page, number, ::group-off}: the service has no radio buttons.} pushButton {Button “{label}”, page {page, number, ::group-off}: a button is not a field anyone fills in.} choiceList {List “{label}”, page {page, number, ::group-off}: the service has no lists to choose from.} unsupportedType {Tag {label}, page {page, number, ::group-off}: the service has no “{tagType}” fields.} unknownType {Tag {label}, page {page, number, ::group-off}: “{tagType}” is not a field type.} other {Only the first {most, number} fields were kept: a template can have at most {most, number}.}}",
    description:
      "Something found in the document but not placed, and why. {label} is the form field's name or the tag as written.",
  },
  highlight: {
    id: "editor.found.highlight",
    defaultMessage: "Found: {type}",
    description: "The label drawn on a found field's outline on the page, before it is placed.",
  },
});
