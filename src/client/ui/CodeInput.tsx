// The 6-digit confirmation code mailed to an address: confirming an account and confirming a new address on the account page. The phone shows digits, and offers the
// code from the mail it has just received.
import { TextInput } from "./TextInput";

interface CodeInputProps {
  /** Where the code went, as the description names it. */
  sentTo: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
}

export function CodeInput({ sentTo, ...field }: CodeInputProps) {
  return (
    <TextInput
      label="Confirmation code"
      description={`The 6-digit code we sent to ${sentTo}.`}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      {...field}
    />
  );
}
