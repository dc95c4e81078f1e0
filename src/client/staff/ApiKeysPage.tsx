// The integration API's keys (/staff/api-keys, admins): every key with who holds it (and made it, when another), when, its
// last use, whether it is revoked; a new key, shown once in a field to copy; revoking after a
// confirmation. The key itself is never fetched again: only the answer to "create" holds it.
import { useEffect, useRef, useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Form } from "react-aria-components";
import { PendingButton } from "../ui/PendingButton";
import { TextInput } from "../ui/TextInput";
import { staffApi, type ApiKey, type CreatedApiKey } from "./api";
import { ConfirmRowAction } from "./ConfirmRowAction";
import { onSubmitted } from "./fields";
import { useStaffTitle } from "./useStaffTitle";
import { formatTime } from "./words";

const KEYS_KEY = ["staff", "api-keys"] as const;
const NAME = /^[a-z0-9][a-z0-9_-]{0,39}$/;

const whoLabel = (who: string) => (who === "operator" ? "Operator (command line)" : who);

export function ApiKeysPage() {
  useStaffTitle("API keys");
  const keys = useQuery({ queryKey: KEYS_KEY, queryFn: () => staffApi.apiKeys() });
  const revoke = useRevoke();
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  return (
    <>
      <h1>API keys</h1>
      <p>
        A key lets another system, such as the student information system, read submitted applications through the
        integration API (<a href="/api/openapi.json">its description</a>). A key can only read: it opens no page of the office and changes nothing.
        Every call with a key is in the audit log.
      </p>
      <p role="status" className="form-message">{revoke.isSuccess ? `The key "${revoke.data.name}" is revoked.` : ""}</p>
      <div role="alert">{revoke.isError && <p className="notice notice-error">{revoke.error.message}</p>}</div>
      {keys.isPending ? (
        <p role="status">Loading the keys…</p>
      ) : keys.isError ? (
        <p role="alert" className="notice notice-error">{keys.error.message}</p>
      ) : keys.data.keys.length === 0 ? (
        <p>No keys yet.</p>
      ) : (
        <div className="table-scroll" role="region" aria-label="API keys" tabIndex={0}>
          <table className="staff-table">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Held by</th>
                <th scope="col">Created</th>
                <th scope="col">Last used</th>
                <th scope="col">Revoked</th>
                <th scope="col"><span className="visually-hidden">Actions</span></th>
              </tr>
            </thead>
            <tbody>
              {keys.data.keys.map((key) => (
                <tr key={key.id}>
                  <th scope="row">{key.name}</th>
                  <td className="cell-email">{whoLabel(key.held_by)}{key.created_by !== key.held_by && `, made by ${whoLabel(key.created_by)}`}</td>
                  <td>{formatTime(key.created_at)}</td>
                  <td>{key.last_used_at ? formatTime(key.last_used_at) : "Never"}</td>
                  <td>{key.revoked_at ? formatTime(key.revoked_at) : "In use"}</td>
                  <td>
                    {key.revoked_at === null && (
                      <button type="button" className="button button-danger button-small" onClick={() => setRevoking(key)}>
                        {"Revoke "}<span className="visually-hidden">{key.name}</span>
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <ConfirmRowAction row={revoking} onClose={() => setRevoking(null)} title="Revoke this key?" confirmLabel="Revoke" onConfirm={(key) => revoke.mutate(key)}>
        {(key) => `The system using "${key.name}" is refused from its next call. A revoked key cannot be used again: make a new key instead.`}
      </ConfirmRowAction>
      <CreateForm />
    </>
  );
}

function useRevoke() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (key: ApiKey) => staffApi.revokeApiKey(key.id),
    onSettled: () => queryClient.invalidateQueries({ queryKey: KEYS_KEY }),
  });
}

function CreateForm() {
  const queryClient = useQueryClient();
  const [name, setName] = useState("");
  const [problem, setProblem] = useState<string>();
  const create = useMutation({
    mutationFn: () => staffApi.createApiKey(name),
    onSuccess: () => {
      setName("");
      void queryClient.invalidateQueries({ queryKey: KEYS_KEY });
    },
  });
  const submit = () => {
    const isName = NAME.test(name);
    setProblem(isName ? undefined : "Enter a name of lower-case letters, digits, - and _, such as sis.");
    if (isName && !create.isPending) create.mutate();
  };
  return (
    <section className="side-section" aria-labelledby="new-key-title">
      <h2 id="new-key-title">New key</h2>
      <Form className="inline-form" validationBehavior="aria" onSubmit={onSubmitted(submit)}>
        <TextInput label="Name" value={name} onChange={setName} error={problem} maxLength={40} description="The system that will use it, such as sis." />
        <PendingButton type="submit" className="button button-primary" isPending={create.isPending}>Create key</PendingButton>
      </Form>
      <div role="alert">{create.isError && <p className="notice notice-error">{create.error.message}</p>}</div>
      {create.isSuccess && <NewKey created={create.data} />}
    </section>
  );
}

/** The new key, once: in a read-only field (selected, to copy by keyboard too) with a Copy button. */
function NewKey({ created }: { created: CreatedApiKey }) {
  const field = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState("");
  // The key is what the admin came for: focus goes to it, so a screen reader reads it out with its warning.
  useEffect(() => {
    field.current?.focus();
    field.current?.select();
  }, [created.key]);
  const copy = async () => {
    field.current?.select();
    try {
      await navigator.clipboard.writeText(created.key);
      setCopied("Copied.");
    } catch {
      setCopied("The browser did not allow copying: the key is selected, press Ctrl+C (⌘C on a Mac).");
    }
  };
  return (
    <div className="notice new-key">
      <label className="field-label" htmlFor="new-key">The key "{created.name}"</label>
      <p id="new-key-warning"><strong>Copy it now: you will not see it again.</strong> Only a fingerprint of it is kept, so nobody can show it to you later.</p>
      <div className="input-row">
        <input id="new-key" ref={field} className="input" readOnly value={created.key} aria-describedby="new-key-warning" spellCheck={false} />
        <button type="button" className="button button-secondary" onClick={() => void copy()}>Copy</button>
      </div>
      <p role="status" className="form-message">{copied}</p>
    </div>
  );
}
