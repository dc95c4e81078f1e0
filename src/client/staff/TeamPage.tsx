// The team (/staff/team, admins): every staff member with their role and state, the role
// changed in place, an account disabled (after a confirmation) or enabled again, and invitations.
import { useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Form } from "react-aria-components";
import { STAFF_ROLES, type StaffRole } from "../../api-contract/staff";
import { TextInput } from "../ui/TextInput";
import { staffApi, type MaybeReply, type StaffMember } from "./api";
import { ConfirmRowAction } from "./ConfirmRowAction";
import { useStaffSelf } from "./session";
import { onSubmitted, SelectField } from "./fields";
import { useStaffTitle } from "./useStaffTitle";
import { formatTime, roleLabel } from "./words";
import { PendingButton } from "../ui/PendingButton";

const ROLE_CHOICES = STAFF_ROLES.map((role) => ({ value: role, label: roleLabel(role) }));
const STATE_LABELS: Record<StaffMember["state"], string> = { invited: "Invited", active: "Active", disabled: "Disabled" };
const STAFF_KEY = ["staff", "team"] as const;

export function TeamPage() {
  useStaffTitle("Team");
  const team = useQuery({ queryKey: STAFF_KEY, queryFn: () => staffApi.staff() });
  // Nobody changes their own role or disables themself (the server refuses it too): the office
  // must never lose its last admin by a slip.
  const selfId = useStaffSelf().data?.id;
  const change = useStaffChange();
  const [disabling, setDisabling] = useState<StaffMember | null>(null);
  // An admin disabled or demoted here hands the integration keys they hold to the admin doing it,
  // so a system reading with one goes on (the server revokes them when nobody takes them).
  const keysToMe = (member: StaffMember) => (member.role === "admin" && selfId !== undefined ? { keys_to: selfId } : {});
  return (
    <>
      <h1>Team</h1>
      <p role="status" className="form-message">{change.message}</p>
      <div role="alert">{change.mutation.isError && <p className="notice notice-error">{change.mutation.error.message}</p>}</div>
      {team.isPending ? (
        <p role="status">Loading the team…</p>
      ) : team.isError ? (
        <p role="alert" className="notice notice-error">{team.error.message}</p>
      ) : (
        <div className="table-scroll" role="region" aria-label="Staff members" tabIndex={0}>
          <table className="staff-table">
            <thead>
              <tr>
                <th scope="col">E-mail</th>
                <th scope="col">Role</th>
                <th scope="col">State</th>
                <th scope="col">Last login</th>
                <th scope="col"><span className="visually-hidden">Actions</span></th>
              </tr>
            </thead>
            <tbody>
              {team.data.staff.map((member) => (
                <tr key={member.id}>
                  <th scope="row" className="cell-email">{member.email}</th>
                  <td>
                    {member.id === selfId ? `${roleLabel(member.role)} (you)` : (
                    <select
                      className="input select select-compact"
                      aria-label={`Role of ${member.email}`}
                      value={member.role}
                      disabled={change.mutation.isPending}
                      onChange={(event) => change.mutation.mutate({ member, body: { role: event.target.value as StaffRole, ...keysToMe(member) } })}
                    >
                      {ROLE_CHOICES.map((choice) => <option key={choice.value} value={choice.value}>{choice.label}</option>)}
                    </select>
                    )}
                  </td>
                  <td>{STATE_LABELS[member.state]}</td>
                  <td>{formatTime(member.last_login_at)}</td>
                  <td>
                    {member.id === selfId ? null : member.state === "disabled" ? (
                      <button type="button" className="button button-secondary button-small" onClick={() => change.mutation.mutate({ member, body: { disabled: false } })}>
                        {"Enable "}<span className="visually-hidden">{member.email}</span>
                      </button>
                    ) : (
                      <button type="button" className="button button-danger button-small" onClick={() => setDisabling(member)}>
                        {"Disable "}<span className="visually-hidden">{member.email}</span>
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <ConfirmRowAction row={disabling} onClose={() => setDisabling(null)} title="Disable this account?" confirmLabel="Disable" onConfirm={(member) => change.mutation.mutate({ member, body: { disabled: true, ...keysToMe(member) } })}>
        {(member) => `${member.email} will be logged out at once and cannot log in until an administrator enables the account again.${member.role === "admin" ? " Integration API keys they hold are handed to you, and keep working." : ""}`}
      </ConfirmRowAction>
      <InviteForm />
    </>
  );
}

/** A role change, a disabling or an enabling; the list is fetched again after. */
function useStaffChange() {
  const queryClient = useQueryClient();
  const [message, setMessage] = useState("");
  const mutation = useMutation({
    mutationFn: ({ member, body }: { member: StaffMember; body: StaffChangeBody }) => staffApi.changeStaff(member.id, body),
    onMutate: () => setMessage(""),
    onSuccess: (reply: MaybeReply, { member, body }) => setMessage(reply?.message ?? changedMessage(member, body)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: STAFF_KEY }),
  });
  return { mutation, message };
}

type StaffChangeBody = { role?: StaffRole; disabled?: boolean; keys_to?: number };

function changedMessage(member: StaffMember, body: StaffChangeBody): string {
  if (body.role) return `${member.email} is now ${roleLabel(body.role).toLowerCase()}.`;
  return body.disabled ? `${member.email} is disabled.` : `${member.email} is enabled.`;
}

function InviteForm() {
  const queryClient = useQueryClient();
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<StaffRole>("reader");
  const [problem, setProblem] = useState<string>();
  const invite = useMutation({
    mutationFn: () => staffApi.invite({ email: email.trim(), role }),
    onSuccess: () => {
      setEmail("");
      void queryClient.invalidateQueries({ queryKey: STAFF_KEY });
    },
  });
  const submit = () => {
    const isAddress = /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim());
    setProblem(isAddress ? undefined : "Enter the e-mail address to send the invitation to.");
    if (isAddress && !invite.isPending) invite.mutate();
  };
  return (
    <section className="side-section invite" aria-labelledby="invite-title">
      <h2 id="invite-title">Invite staff member</h2>
      <Form className="inline-form" validationBehavior="aria" onSubmit={onSubmitted(submit)}>
        <TextInput label="E-mail" type="email" value={email} onChange={setEmail} error={problem} maxLength={254} />
        <SelectField label="Role" value={role} onChange={(value) => setRole(value as StaffRole)} choices={ROLE_CHOICES} />
        <PendingButton type="submit" className="button button-primary" isPending={invite.isPending}>Send invitation</PendingButton>
      </Form>
      <p role="status" className="form-message">{invite.isSuccess ? invite.data?.message ?? `The invitation is on its way.` : ""}</p>
      <div role="alert">{invite.isError && <p className="notice notice-error">{invite.error.message}</p>}</div>
    </section>
  );
}
