// A one-time code's field: the 6-digit confirmation code mailed to an address (confirming an
// account, and a new address on the account page) and the office's codes from an authenticator
// app. The phone offers the code it has just received, and shows digits when the code is digits only.
import { TextInput } from "./TextInput";

interface Field {
  value: string;
  onChange: (value: string) => void;
  error?: string;
}

interface MailedCode {
  /** Where the code went, as the description names it. */
  sentTo: string;
}

/** A code the office's page words itself. */
interface AppCode {
  label: string;
  description: string;
  /** Room for the space authenticator apps show between the digits' two halves, or for a recovery code. */
  maxLength: number;
  /** A recovery code has letters: no digits-only keyboard. */
  acceptsLetters?: boolean;
}

type CodeInputProps = Field & (MailedCode | AppCode);

const mailedCode = (sentTo: string): AppCode => ({ label: "Confirmation code", description: `The 6-digit code we sent to ${sentTo}.`, maxLength: 6 });

export function CodeInput({ value, onChange, error, ...code }: CodeInputProps) {
  const { acceptsLetters = false, ...words } = "sentTo" in code ? mailedCode(code.sentTo) : code;
  return (
    <TextInput
      {...words}
      inputMode={acceptsLetters ? undefined : "numeric"}
      autoComplete="one-time-code"
      value={value}
      onChange={onChange}
      error={error}
    />
  );
}
