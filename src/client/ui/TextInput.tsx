// A labelled text input with its error (react-aria-components TextField): the error is linked by
// aria-describedby and marks the input aria-invalid. The auth cards use the text and password kinds
//, their e-mail fields text with the e-mail keyboard.
import { useState, type ReactNode } from "react";
import { Button, FieldError, Input, Label, Text, TextField, type TextFieldProps } from "react-aria-components";

interface TextInputProps extends Pick<TextFieldProps, "value" | "onChange" | "onBlur" | "autoComplete" | "name" | "isReadOnly" | "autoFocus" | "maxLength" | "inputMode"> {
  label: string;
  type?: "text" | "email" | "password";
  error?: string;
  description?: ReactNode;
  /** Extra ids for aria-describedby (the sign-up card's password checklist). */
  describedBy?: string;
}

/** A text input's default length (src/client/auth/inputs.test.tsx holds it). */
const INPUT_MAX_LENGTH = 45;
/** Passwords take what the server takes (api-contract), not 45: see docs/choices.md. */
const PASSWORD_MAX_LENGTH = 256;

export function TextInput({ label, type = "text", error, description, describedBy, ...field }: TextInputProps) {
  const [isShown, setShown] = useState(false);
  const isPassword = type === "password";
  const isVerbatim = isPassword || type === "email" || field.inputMode === "email";
  return (
    <TextField
      maxLength={type === "text" ? INPUT_MAX_LENGTH : isPassword ? PASSWORD_MAX_LENGTH : undefined}
      {...field}
      className="field"
      type={isPassword && isShown ? "text" : type}
      aria-describedby={describedBy}
      isInvalid={error !== undefined}
      validationBehavior="aria"
    >
      <Label className="field-label">{label}</Label>
      <div className="input-row">
        <Input className="input" spellCheck={isVerbatim ? false : undefined} autoCapitalize={isVerbatim ? "none" : undefined} />
        {isPassword && (
          <Button className="input-toggle" aria-label={isShown ? `Hide ${label.toLowerCase()}` : `Show ${label.toLowerCase()}`} onPress={() => setShown(!isShown)}>
            {isShown ? "Hide" : "Show"}
          </Button>
        )}
      </div>
      {description && <Text slot="description" className="field-description">{description}</Text>}
      <FieldError className="field-error">{error}</FieldError>
    </TextField>
  );
}
