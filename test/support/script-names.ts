/** Names in the scripts people sign in, for the final PDF's tests and benchmark. */
export const namesInScripts = [
  { script: "Polish", name: "Zofia Wójcik-Żółć" },
  { script: "Vietnamese", name: "Nguyễn Thị Diễm" },
  { script: "Greek", name: "Ελένη Παπαδοπούλου" },
  { script: "Russian", name: "Дмитрий Иванов" },
  { script: "Chinese (simplified)", name: "张伟" },
  { script: "Chinese (traditional)", name: "陳大文" },
  { script: "Japanese", name: "山田 はなこ" },
  { script: "Korean", name: "김민준" },
  { script: "Arabic", name: "محمد علي" },
  { script: "Persian", name: "فاطمه‌ی رضایی" },
  { script: "Hebrew", name: "שרה כהן" },
  { script: "Hindi", name: "श्रीमती क्षत्रिय" },
  { script: "Thai", name: "สมชาย ใจดี" },
] as const;

/** A line that mixes directions: Latin, a number, a dash, then Arabic. */
export const mixedDirectionLine = "Order 12 — محمد علي";
