// Documents: the upload from file to
// converted PDF, deleting, and what a tab must do before it is left. An upload runs here, not in
// its question: it goes on when the applicant moves to another page, and its answer is set through
// the normal change path either way. This module loads with the first logged-in file question or
// the first switch away from a tab that holds one, never with a visitor's page.
// It takes the saver and the change path from its caller (DocumentControl, or a tab being left in
// changes.ts) rather than importing changes.ts, which loads this file only when a tab needs it.
import { useQuery } from "@tanstack/react-query";
import { create } from "zustand";
import { accountMessages } from "../../engine/messages";
import type { Answers } from "../../engine/runtime";
import { api, type Conversion, type DocumentAnswers, type PresignedPost, type Profile } from "../api/calls";
import { ApiError } from "../../api-contract/errors";
import { refusalOf } from "../api/client";
import { queryClient } from "../api/queries";
import { useAnswers } from "../state/answers";
import type { Saver } from "../state/saver";
import { useSession } from "../state/session";
import { toasts } from "../ui/Toasts";

/** The answer of a document question once its PDF is ready. */
export const ANSWERED = "ANSWERED";
export const DOCUMENT_ANSWERS = ["document-answer"] as const;
export const UPLOAD_ERROR = "File Upload Error";
export const DELETE_ERROR = "File Delete Error";

/** What an upload or a delete needs of the form: the saver, and the change path the answer takes (FormChanges). */
export interface DocumentChanges {
  saver: Saver;
  change: (updates: Answers) => void;
}

/** An upload under way: sending the file (with the share sent, when the browser can tell), then converting. */
export interface Upload {
  fileName: string;
  phase: "sending" | "converting";
  /** 0 to 1 while sending; null when the browser cannot tell (another origin) or while converting. */
  progress: number | null;
}

/** Answer key → its upload under way. */
export const useUploads = create<Record<string, Upload>>()(() => ({}));

const setUpload = (answerKey: string, upload: Upload) => useUploads.setState({ [answerKey]: upload });
const dropUpload = (answerKey: string) =>
  useUploads.setState((uploads) => Object.fromEntries(Object.entries(uploads).filter(([key]) => key !== answerKey)), true);

/**
 * An upload that ended without a document, held until the applicant chooses another file.
 * `message` is what the applicant reads at the question (the server's reason); a failure with
 * `error` instead is a fault of our own code, which nobody has been shown: the question throws
 * it to the error boundary. Held for the
 * applicant it happened to: another one logged in to this tab never sees it.
 */
export type UploadFailure = { username: string | null; fileName: string } & ({ message: string } | { error: unknown });

/** Answer key → how its last upload failed. */
export const useUploadFailures = create<Record<string, UploadFailure>>()(() => ({}));

export const forgetUploadFailure = (answerKey: string) =>
  useUploadFailures.setState((failures) => Object.fromEntries(Object.entries(failures).filter(([key]) => key !== answerKey)), true);

/** What is known without asking: the cached list, else the profile's copy of it. */
function knownDocuments(): DocumentAnswers | undefined {
  return queryClient.getQueryData<DocumentAnswers>(DOCUMENT_ANSWERS) ?? queryClient.getQueryData<Profile>(["profile"])?.document_answer;
}

/** The stored documents, seeded from the profile and fetched again after an upload or a delete. */
export function useDocumentAnswers() {
  // The app's one client, named: a question drawn on its own (the widget tests) has no provider.
  return useQuery({ queryKey: DOCUMENT_ANSWERS, queryFn: () => api.documentAnswers(), initialData: knownDocuments }, queryClient);
}

/** Fetched again even when no question shows it now (refetchOnMount is off app-wide). */
const refreshDocuments = () => queryClient.refetchQueries({ queryKey: DOCUMENT_ANSWERS });

/**
 * Uploads a checked file for `answerKey` and waits for its PDF. On COMPLETED the answer becomes
 * ANSWERED. On NOT_ANSWERED (the document was deleted meanwhile: another tab, a tab switch)
 * polling ends without an error, and the answer is cleared as a delete clears it. On FAILED or an
 * error the answer is cleared, 'Error uploading file for {label}' shows with the server's message
 * under it, and the failure is held at the question (useUploadFailures).
 */
export async function uploadDocument({ saver, change }: DocumentChanges, answerKey: string, label: string, file: File): Promise<void> {
  if (useUploads.getState()[answerKey]) return;
  const applicant = useSession.getState().username;
  const isStillApplicant = () => useSession.getState().is_logged_in && useSession.getState().username === applicant;
  forgetUploadFailure(answerKey);
  setUpload(answerKey, { fileName: file.name, phase: "sending", progress: 0 });
  try {
    // The queued answers are saved while the upload address is asked for (spec: in parallel).
    const [, post] = await Promise.all([saver.saveNow(), api.presignedPost(answerKey)]);
    await send(post, file, (progress) => setUpload(answerKey, { fileName: file.name, phase: "sending", progress }));
    setUpload(answerKey, { fileName: file.name, phase: "converting", progress: null });
    await api.convertDocument(answerKey, post.fields.key ?? "", file.name);
    const conversion = await converted(answerKey, isStillApplicant, saver.conversionPollMs);
    if (!conversion) return;
    if (conversion.status === "FAILED") throw new ConversionFailed(conversion.message ?? "");
    await refreshDocuments();
    if (conversion.status === "COMPLETED") change({ [answerKey]: ANSWERED });
    else if ((useAnswers.getState().answers[answerKey] ?? "") !== "") change({ [answerKey]: "" });
  } catch (error) {
    if (!isStillApplicant()) return;
    console.error(`Uploading ${answerKey}`, error);
    change({ [answerKey]: "" });
    void refreshDocuments();
    // The server's refusals and a failed conversion come with words for the applicant; anything
    // else is our own fault, for the error boundary.
    if (!(error instanceof ApiError || error instanceof ConversionFailed)) {
      useUploadFailures.setState({ [answerKey]: { username: applicant, fileName: file.name, error } });
      return;
    }
    const message = error.message || accountMessages.unexpected;
    useUploadFailures.setState({ [answerKey]: { username: applicant, fileName: file.name, message } });
    toasts.error(`Error uploading file for ${label}`, UPLOAD_ERROR, message);
  } finally {
    dropUpload(answerKey);
  }
}

/** The pause between two looks at a checklist file's conversion. */
const CHECKLIST_POLL_MS = 1000;

/**
 * After the submit (the status page): sends a checked file for a checklist item still needed
 * and resolves with its conversion once that has ended. No answer changes; `onUpload` hears how
 * it goes. The server's refusals reject with their words (ApiError).
 */
export async function sendChecklistFile(answerKey: string, file: File, onUpload: (upload: Upload) => void, pollMs = CHECKLIST_POLL_MS): Promise<Conversion> {
  onUpload({ fileName: file.name, phase: "sending", progress: 0 });
  const post = await api.presignedPost(answerKey);
  await send(post, file, (progress) => onUpload({ fileName: file.name, phase: "sending", progress }));
  onUpload({ fileName: file.name, phase: "converting", progress: null });
  await api.convertDocument(answerKey, post.fields.key ?? "", file.name);
  return (await converted(answerKey, () => true, pollMs))!;
}

/** A conversion that ended FAILED, with the server's reason. */
class ConversionFailed extends Error {}

/** The conversion once it has ended (COMPLETED, FAILED, NOT_ANSWERED); undefined if the applicant left. */
async function converted(answerKey: string, isStillApplicant: () => boolean, pollMs: number): Promise<Conversion | undefined> {
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, pollMs));
    if (!isStillApplicant()) return undefined;
    const conversion = await api.conversion(answerKey);
    if (conversion.status !== "UNPROCESSED" && conversion.status !== "IN_PROGRESS") return conversion;
  }
}

/**
 * Posts the presigned fields and then the file (S3 ignores fields after the file). The local store
 * is this origin: an XMLHttpRequest reports the bytes sent. S3 is another origin and answers
 * opaquely; an XMLHttpRequest there would need the bucket's CORS (listening to upload progress
 * makes the browser ask first), so it is a no-cors fetch without progress, and whether the file
 * arrived shows in the conversion.
 */
function send({ url, fields }: PresignedPost, file: File, onProgress: (progress: number | null) => void): Promise<void> {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  body.append("file", file);
  if (new URL(url, location.href).origin !== location.origin) {
    onProgress(null);
    return fetch(url, { method: "POST", mode: "no-cors", body }).then(
      () => undefined,
      () => Promise.reject(new ApiError(0, "unexpected", accountMessages.unexpected)),
    );
  }
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.upload.addEventListener("progress", (event) => onProgress(event.lengthComputable ? event.loaded / event.total : null));
    request.addEventListener("load", () =>
      request.status < 400 ? resolve() : reject(refusalOf(request.status, parsed(request.responseText))),
    );
    request.addEventListener("error", () => reject(new ApiError(0, "unexpected", accountMessages.unexpected)));
    request.open("POST", url);
    request.send(body);
  });
}

function parsed(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Deletes a stored document and its PDF; the answer is cleared and the list fetched again. */
export async function deleteDocument({ change }: DocumentChanges, answerKey: string): Promise<void> {
  await api.deleteDocument(answerKey);
  await api.deleteConversion(answerKey);
  change({ [answerKey]: "" });
  await refreshDocuments();
}

/**
 * Before a tab is left: each of `answerKeys` that holds a document must have finished
 * converting. "busy" when one is still uploading or converting; else the keys that hold one. A
 * failed look at a conversion throws (the tab's error toast).
 */
export async function settledDocuments(answerKeys: string[]): Promise<"busy" | string[]> {
  const answers = useAnswers.getState().answers;
  const stored = knownDocuments() ?? {};
  const held = answerKeys.filter((key) => useUploads.getState()[key] || stored[key] || (answers[key] ?? "") !== "");
  for (const key of held) {
    if (useUploads.getState()[key]) return "busy";
    const { status } = await api.conversion(key);
    if (status === "UNPROCESSED" || status === "IN_PROGRESS") return "busy";
  }
  return held;
}

/** Deletes the documents of `answerKeys`; false when one of the deletes failed (logged). */
export async function deleteDocuments(changes: DocumentChanges, answerKeys: string[]): Promise<boolean> {
  for (const key of answerKeys) {
    try {
      await deleteDocument(changes, key);
    } catch (error) {
      console.error(`Deleting ${key} before leaving its tab`, error);
      return false;
    }
  }
  return true;
}

/** A delete that failed: 'Error deleting file for {label}', with the server's message. */
export function deleteFailed(label: string, error: unknown): void {
  console.error(`Deleting the file for ${label}`, error);
  toasts.error(`Error deleting file for ${label}`, DELETE_ERROR, error instanceof Error ? error.message : undefined);
}
