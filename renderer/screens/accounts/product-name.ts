/** The product's name, never translated: passed to messages as a value ("{app} checks for updates…"). */
export const productName = "Signdesk";
