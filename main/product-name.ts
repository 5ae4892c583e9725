/** The product's name, never translated: a value of the messages that name it. */
export const productName = "Signdesk";
