/** Digits only, as many as the mask holds, laid into the mask's # places as they are typed. */
function mask(pattern: string, input: string): string {
  const digits = input.replace(/\D/g, "").slice(0, pattern.split("#").length - 1);
  let out = "";
  let next = 0;
  for (const char of pattern) {
    if (next >= digits.length) break;
    out += char === "#" ? digits[next++] : char;
  }
  return out;
}

/** `5555555555` → `(555) 555-5555`; partial input formats as far as it goes (`555` → `(555`). */
export const formatPhone = (input: string): string => mask("(###) ###-####", input);

/** `123456789` → `123-45-6789`; partial input formats as far as it goes. */
export const formatSsn = (input: string): string => mask("###-##-####", input);
